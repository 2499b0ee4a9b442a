#pragma once
// The advisor's first step: one streaming pass over a session gathers every sum, extreme
// and place the rules read (AdvisorFacts). The rules (advisor_rules.h) then look at the
// facts only, so each rule is a small pure function that a test can feed by hand, and a
// new rule either reads facts that exist or adds its own sums here.

#include "core/analysis/advisor.h"
#include "core/model/session.h"
#include "core/model/trace_reader.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace npuscope::analysis {

// One device, summed over its counted iterations (all but the warm-up first one when the
// device has more than one).
struct DeviceFacts {
    int iterations = 0;                    // counted iterations with any task
    double iterationNs = 0;                // iteration time (step trace, else first task → last end)
    double dataAugNs = 0;                  // Data Aug Bound
    double aicoreNs = 0;
    double notifyWaitNs = 0;               // time some NOTIFY_WAIT waits (their union), ≤ iterationNs
    double windowNs = 0, idleNs = 0;       // FP→BP windows and the time in them nothing computes
    double notOverlappedNs = 0;            // communication while nothing computes
    std::vector<double> medianKernelNs;    // median AI Core task, one per iteration that has one
    // LLM sessions: time in pipeline receives (hcom_receive*, torch_npu's Bubble), and the
    // collectives of a group that recurs inside the layers (≥ 8 per iteration: tensor
    // parallelism), with the part of them no computation hides.
    double receiveNs = 0;
    double layerCommNs = 0, layerCommExposedNs = 0;
    TimeNs worstReceiveNs = -1, receiveStart = 0;

    // The most telling places, for "show in timeline".
    double worstDataAugNs = -1;
    TimeNs dataAugStart = 0, dataAugEnd = 0;
    double worstFpBpNs = -1;
    TimeNs fpStart = 0, bpEnd = 0;
    TimeNs longestGapNs = -1;
    TimeNs gapStart = 0, gapEnd = 0;

    // Iterations in which the device shows each symptom on its own.
    std::set<std::uint32_t> inputIterations, idleIterations, commIterations;
};

// Time of one op type (AI Core) or one op (AI CPU fallback), with its longest task.
struct OpFacts {
    std::string opType;
    double timeNs = 0;
    double mac = 0, vec = 0, mte2 = 0;     // time-weighted sums of the PMU ratios
    double pmuNs = 0;                      // time of the tasks that carry those ratios
    TimeNs longestNs = -1;
    std::uint16_t device = 0;
    std::uint32_t stream = 0;
    TimeNs start = 0, end = 0;
};

struct AdvisorFacts {
    std::map<std::uint16_t, DeviceFacts> devices;  // the devices with counted iterations
    // Devices that do the same work, by group (an LLM session's pipeline stage: stages
    // differ in their layers, so only a stage's own ranks are compared with each other).
    // Empty: every device does the same work.
    std::map<std::uint16_t, int> peerGroup;
    std::map<std::uint16_t, std::set<std::uint32_t>> iterationsPerDevice; // every iteration key, warm-up included
    std::map<std::string, OpFacts, std::less<>> aicoreTypes; // by op type
    std::map<std::string, OpFacts, std::less<>> fallbacks;   // AI CPU ops whose type has an AI Core kernel, by op name
    double aicoreNs = 0;
    double fallbackNs = 0;
    std::set<std::uint32_t> fallbackIterations;
    // The longest stretch of communication while nothing computes.
    TimeNs longestNotOverlappedNs = -1;
    std::uint16_t longestNotOverlappedDevice = 0;
    TimeNs longestNotOverlappedStart = 0;

    // Which PMU ratios the session's aic_metrics group records.
    bool macRecorded = false, vecRecorded = false, mte2Recorded = false;
    LaunchMode mode = LaunchMode::Estimator;

    // What the session holds at all (counted iterations), for telling which rules had their
    // inputs (advisor_coverage.h).
    std::uint64_t tasks = 0, collectives = 0, stepTraces = 0, dataAugSteps = 0;

    // Sums over the devices.
    int iterations = 0;
    double iterationNs = 0, dataAugNs = 0, notOverlappedNs = 0, windowNs = 0, idleNs = 0;
    double meanIterationNs() const { return iterations > 0 ? iterationNs / iterations : 0; }

    std::vector<std::uint16_t> devicesWhere(const std::function<bool(const DeviceFacts &)> &pred) const;
    std::vector<std::uint16_t> allDevices() const;
    // The union over devices of one of DeviceFacts' iteration sets, ascending.
    std::vector<std::uint32_t> iterationsIn(std::set<std::uint32_t> DeviceFacts::*member) const;
};

// Op types whose only kernel is the AI CPU one; anything else on the AI CPU is a fallback.
bool isAiCpuNativeType(std::string_view opType);
// Convolutions and matrix products in every direction, fused or not.
bool isCubeType(std::string_view opType);

// The single pass. Stops early (with the facts so far) when *cancel becomes true.
AdvisorFacts accumulateFacts(const TraceReader &reader, const AdvisorOptions &options,
                             const std::atomic<bool> *cancel = nullptr);

} // namespace npuscope::analysis
