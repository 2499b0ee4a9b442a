#include "core/analysis/step_time.h"

#include <algorithm>

namespace npuscope::analysis {

namespace {

bool inStep(const Interval &i, const StepActivity &a) { return i.start >= a.stepStart && i.start < a.stepEnd; }

TimeNs sumInStep(const std::vector<Interval> &v, const StepActivity &a)
{
    TimeNs s = 0;
    for (const Interval &i : v)
        if (inStep(i, a))
            s += i.end - i.start;
    return s;
}

} // namespace

StepTimeRecord stepTimeBreakdown(const StepActivity &a)
{
    const OverlapResult ov = computeOverlap(a.computing, a.communication);
    StepTimeRecord r;
    r.computing = sumInStep(ov.computing, a);
    r.communication = sumInStep(ov.communication, a);
    r.commNotOverlapped = sumInStep(ov.notOverlapped, a);
    r.free = sumInStep(ov.free, a);
    const std::vector<Interval> receives = mergeIntervals(a.receives);
    r.bubble = sumInStep(receives, a);
    r.overlapped = std::max<TimeNs>(0, r.communication - r.commNotOverlapped);
    r.commNotOverlappedExcludeReceive = std::max<TimeNs>(0, r.commNotOverlapped - r.bubble);
    // The step's device span: from its first to its last interval of any kind.
    TimeNs first = -1, last = -1, firstTask = -1;
    auto span = [&](const std::vector<Interval> &v, bool task) {
        for (const Interval &i : v) {
            if (!inStep(i, a))
                continue;
            first = first < 0 ? i.start : std::min(first, i.start);
            last = std::max(last, i.end);
            if (task)
                firstTask = firstTask < 0 ? i.start : std::min(firstTask, i.start);
        }
    };
    span(ov.computing, true);
    span(ov.communication, true);
    span(ov.free, false);
    span(receives, false);
    r.stage = first < 0 ? 0 : std::max<TimeNs>(0, last - first - r.bubble);
    r.preparing = firstTask < 0 ? 0 : std::max<TimeNs>(0, firstTask - a.stepStart);
    return r;
}

} // namespace npuscope::analysis
