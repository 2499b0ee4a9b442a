#include "core/analysis/advisor_focus.h"

#include <algorithm>
#include <set>

namespace npuscope::analysis {

EvidenceFocus evidenceFocus(const TraceReader &reader, const Finding &finding)
{
    EvidenceFocus out;
    out.devices = finding.devices;
    if (out.devices.empty())
        out.devices.push_back(finding.focusDevice);
    std::sort(out.devices.begin(), out.devices.end());
    out.devices.erase(std::unique(out.devices.begin(), out.devices.end()), out.devices.end());
    out.start = finding.focusStart;
    out.end = finding.focusEnd;
    out.stream = finding.focusStream;
    out.taskStart = finding.focusStart;
    if (finding.iterations.empty())
        return out;
    const std::set<std::uint32_t> wanted(finding.iterations.begin(), finding.iterations.end());
    std::set<std::pair<std::uint16_t, std::uint32_t>> pairs; // (device, model) of the devices
    for (const IterationKey &k : reader.iterations())
        if (std::binary_search(out.devices.begin(), out.devices.end(), k.device))
            pairs.emplace(k.device, k.modelId);
    bool any = false;
    TimeNs lo = 0, hi = 0;
    for (const auto &pair : pairs) {
        for (const StepTraceRecord &s : reader.stepTraces(pair.first, pair.second)) {
            if (!wanted.count(s.iteration))
                continue;
            const TimeNs begin = s.previousIterationEnd >= 0 ? s.previousIterationEnd : s.fpStart;
            if (!any) {
                lo = begin;
                hi = s.iterationEnd;
                out.firstIteration = out.lastIteration = s.iteration;
                any = true;
            } else {
                lo = std::min(lo, begin);
                hi = std::max(hi, s.iterationEnd);
                out.firstIteration = std::min(out.firstIteration, s.iteration);
                out.lastIteration = std::max(out.lastIteration, s.iteration);
            }
        }
    }
    if (any && hi > lo) {
        // The finding's own place stays inside what is shown.
        if (finding.focusEnd > finding.focusStart) {
            lo = std::min(lo, finding.focusStart);
            hi = std::max(hi, finding.focusEnd);
        }
        out.start = lo;
        out.end = hi;
    } else {
        out.firstIteration = out.lastIteration = 0;
    }
    return out;
}

} // namespace npuscope::analysis
