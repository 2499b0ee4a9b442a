#pragma once
// The figures of the Overview dashboard of one session: iteration time per device, the
// steady-state iteration time and throughput, and the top op types. Pure function over a
// TraceReader (the GUI and the tests compute the same numbers).
//
// Honest by construction: "steady" iterations leave out iteration 1 (the warm-up: graph
// compilation and first allocations) whenever a device recorded more than one; throughput
// is only computed when the caller knows the per-device batch (an emulated session; an
// import does not say), as Σ over devices of batch / steady mean iteration time — each
// device trains on its own batch per iteration (data parallel). Durations are ns.

#include "core/analysis/chart_data.h"

#include <atomic>
#include <optional>

namespace npuscope::analysis {

struct DashboardDevice {
    std::uint16_t device = 0;
    std::uint32_t iterations = 0;        // recorded (with step-trace markers)
    std::uint32_t steadyIterations = 0;  // of them, counted in the steady mean
    double meanIterationNs = 0;          // over every recorded iteration
    double steadyMeanNs = 0;             // over the steady ones
};

struct Dashboard {
    charts::DeviceSeries devices;        // iteration time per device (the chart)
    std::vector<DashboardDevice> perDevice; // devices with step-trace markers
    std::vector<std::uint16_t> sessionDevices; // every device of the session
    std::uint32_t iterations = 0;        // distinct iteration numbers with step-trace markers
    bool warmupExcluded = false;         // iteration 1 left out of the steady figures
    double steadyMeanNs = 0;             // mean over devices of their steady mean
    double slowestSteadyNs = 0, fastestSteadyNs = 0;
    std::optional<int> batch;            // per device, when known
    std::optional<double> samplesPerSecond;
    charts::TopOpTypes topOps;           // top `topN` op types by total time, "Other" last
};

// The per-device batch of an emulated session (1 under the launch-bound scenario, which the
// emulator runs with batch 1); none for an import (its files do not say).
std::optional<int> knownBatchPerDevice(const SessionInfo &info);

Dashboard computeDashboard(const TraceReader &reader, std::optional<int> batchPerDevice, int topN = 10,
                           const std::atomic<bool> *cancel = nullptr);

} // namespace npuscope::analysis
