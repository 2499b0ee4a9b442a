#pragma once
// Advisor: rules that read one recorded session and say what limits its training speed,
// the way a profiling expert reads msprof output. Each rule has a stable id (used by the
// CLI, JSON consumers and the GUI), a severity that grows with the share of iteration
// time at stake, a translated evidence sentence with the figures it is based on, and a
// suggestion. One pass streams every iteration's tasks once through TraceReader (no
// whole-session copy, advisor_facts.h), then each rule reads the gathered facts
// (advisor_rules.h, one function per rule), so sessions of any size work.
//
// Rule ids: input-bound, straggler, aicpu-fallback, launch-bound, comm-not-overlapped,
// memory-bound, low-cube-utilization, slow-link (advisor_comm.h). docs/analysis.md and
// docs/communication.md describe what each measures.

#include "core/model/trace_reader.h"

#include <QJsonObject>
#include <QString>
#include <atomic>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace npuscope::analysis {

enum class Severity { Info, Warning, Critical };
const char *severityName(Severity s); // "info" | "warning" | "critical"

struct Finding {
    std::string id;          // stable: input-bound, straggler, aicpu-fallback, launch-bound,
                             // comm-not-overlapped, memory-bound, low-cube-utilization,
                             // pipeline-bubble, tp-comm-not-overlapped
    Severity severity = Severity::Info;
    QString title;           // translated one-liner
    QString evidence;        // translated sentence(s) with the figures
    QString suggestion;      // translated advice
    std::vector<std::pair<std::string, double>> figures; // machine-readable evidence (name → value)
    std::vector<std::uint16_t> devices;     // affected
    std::vector<std::uint32_t> iterations;  // affected
    std::vector<std::string> ops;           // affected op names or op types
    // "Show in timeline": the most telling place.
    std::uint16_t focusDevice = 0;
    std::int64_t focusStream = -1;          // ≥0: a task to select, starting at focusStart
    TimeNs focusStart = 0, focusEnd = 0;
};

// Thresholds. Shares are fractions of the time named (0.10 = 10 %). A finding is reported
// when its share reaches the *Info threshold; its severity is Warning from *Warning and
// Critical from *Critical. Defaults are what a profiling expert would call worth a look.
struct AdvisorOptions {
    // input-bound: mean Data Aug Bound / mean iteration time (iterations after the first).
    double inputShareInfo = 0.05, inputShareWarning = 0.10, inputShareCritical = 0.30;

    // straggler: a device whose mean FP→BP (or iteration time without the all-reduce wait)
    // exceeds the median of the other devices by this fraction; the time at stake is the
    // extra time every other device waits in its all-reduces, as a share of iteration time.
    double stragglerExcess = 0.08;
    double stragglerShareWarning = 0.05, stragglerShareCritical = 0.15;

    // aicpu-fallback: time of AI CPU ops whose type is not AI-CPU-only (kAiCpuNativeTypes
    // in advisor.cpp: GetNext, DropoutGenMask, random generators, ...) as a share of the
    // iteration time; the compute stream waits for each. Reported whenever such an op runs
    // (info 0): a fallback is a configuration slip even when it is cheap.
    double aicpuShareInfo = 0.0, aicpuShareWarning = 0.03, aicpuShareCritical = 0.15;

    // launch-bound: share of the FP→BP window where the device computes nothing
    // (gaps between tasks), together with a small median kernel.
    double idleShareInfo = 0.20, idleShareWarning = 0.35, idleShareCritical = 0.60;
    TimeNs tinyKernelNs = 20'000;   // median AI Core task below this counts as "tiny"

    // comm-not-overlapped: Communication(Not Overlapped) / iteration time, less the waits a
    // straggler causes (those are the straggler finding's).
    double commShareInfo = 0.05, commShareWarning = 0.12, commShareCritical = 0.30;

    // memory-bound: cube op types (conv / matmul, which should be compute-bound) whose
    // time-weighted memory_bound (mte2/max(mac,vec)) exceeds memoryBoundRatio, as a share
    // of AI Core time (only with an aic_metrics group that records mte2/mac/vec ratios,
    // i.e. PipeUtilization). Vector ops are memory-bound by nature and not counted.
    double memoryBoundRatio = 1.0;
    double memoryShareInfo = 0.05, memoryShareWarning = 0.10, memoryShareCritical = 0.30;

    // low-cube-utilization: cube op types whose time-weighted mean mac_ratio is below
    // lowMacRatio, as a share of AI Core time (only when mac_ratio is recorded).
    double lowMacRatio = 0.5;
    double cubeShareInfo = 0.05, cubeShareWarning = 0.25, cubeShareCritical = 0.50;

    // pipeline-bubble: time in pipeline receives (torch_npu's Bubble) / iteration time,
    // over the devices of a pipeline-parallel session.
    double bubbleShareInfo = 0.10, bubbleShareWarning = 0.25, bubbleShareCritical = 0.45;

    // tp-comm-not-overlapped: the part of the in-layer (tensor-parallel) collectives that
    // no computation hides / iteration time.
    double tpCommShareInfo = 0.05, tpCommShareWarning = 0.15, tpCommShareCritical = 0.35;

    // Ops listed in a finding (largest first).
    int maxOps = 10;
};

// Findings sorted by severity (critical first), then id. Returns an empty list for a clean
// run, and whatever was found so far when *cancel becomes true.
std::vector<Finding> advise(const TraceReader &reader, const AdvisorOptions &options = {},
                            const std::atomic<bool> *cancel = nullptr);

// {"id","severity","title","evidence","suggestion","figures":{},"devices":[],"iterations":[],
//  "ops":[],"focus":{"device","stream","start","end"}}
QJsonObject findingToJson(const Finding &f);

} // namespace npuscope::analysis
