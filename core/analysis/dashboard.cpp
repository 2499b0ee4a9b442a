#include "core/analysis/dashboard.h"

#include <algorithm>
#include <set>

namespace npuscope::analysis {

std::optional<int> knownBatchPerDevice(const SessionInfo &info)
{
    if (info.source != QLatin1String("emulator") || info.spec.batchSize <= 0)
        return std::nullopt;
    if (info.spec.scenarios.contains(QStringLiteral("launch-bound")))
        return 1;
    return info.spec.batchSize;
}

Dashboard computeDashboard(const TraceReader &reader, std::optional<int> batchPerDevice, int topN,
                           const std::atomic<bool> *cancel)
{
    Dashboard out;
    for (const DeviceInfo &d : reader.sessionInfo().devices)
        out.sessionDevices.push_back(d.id);
    charts::ChartRequest req;
    req.kinds = charts::TopOps | charts::Devices;
    req.topN = std::max(1, topN);
    charts::ChartSet set = charts::computeCharts(reader, req, cancel);
    out.devices = std::move(set.devices);
    out.topOps = std::move(set.topOps);
    std::set<std::uint32_t> numbers;
    for (const auto &d : out.devices.devices)
        for (const auto &s : d.steps)
            numbers.insert(s.iteration);
    out.iterations = std::uint32_t(numbers.size());
    bool first = true;
    double sum = 0;
    for (const auto &d : out.devices.devices) {
        DashboardDevice dd;
        dd.device = d.device;
        dd.iterations = std::uint32_t(d.steps.size());
        dd.meanIterationNs = d.meanIterationNs;
        // Steady: without the device's first iteration when it has others.
        const std::uint32_t firstIteration =
            d.steps.empty() ? 0 : std::min_element(d.steps.begin(), d.steps.end(), [](const auto &a, const auto &b) {
                                       return a.iteration < b.iteration;
                                   })->iteration;
        double steady = 0;
        for (const auto &s : d.steps) {
            if (d.steps.size() > 1 && s.iteration == firstIteration)
                continue;
            steady += double(s.iterationTime);
            ++dd.steadyIterations;
        }
        if (d.steps.size() > 1)
            out.warmupExcluded = true;
        dd.steadyMeanNs = dd.steadyIterations ? steady / dd.steadyIterations : 0;
        if (dd.steadyIterations) {
            sum += dd.steadyMeanNs;
            out.slowestSteadyNs = first ? dd.steadyMeanNs : std::max(out.slowestSteadyNs, dd.steadyMeanNs);
            out.fastestSteadyNs = first ? dd.steadyMeanNs : std::min(out.fastestSteadyNs, dd.steadyMeanNs);
            first = false;
        }
        out.perDevice.push_back(dd);
    }
    std::size_t counted = 0;
    for (const auto &d : out.perDevice)
        counted += d.steadyIterations ? 1 : 0;
    out.steadyMeanNs = counted ? sum / double(counted) : 0;
    if (batchPerDevice && *batchPerDevice > 0) {
        out.batch = batchPerDevice;
        double sps = 0;
        for (const auto &d : out.perDevice)
            if (d.steadyMeanNs > 0)
                sps += double(*batchPerDevice) * 1e9 / d.steadyMeanNs;
        if (sps > 0)
            out.samplesPerSecond = sps;
    }
    return out;
}

} // namespace npuscope::analysis
