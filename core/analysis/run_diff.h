#pragma once
// Run comparison: what changed between two recorded sessions (e.g. batch 32 vs 64, before
// and after a fix). Op time is compared per iteration per device so runs with different
// iteration or device counts stay comparable; step figures are means over every device's
// iterations. Streams each iteration's tasks once per reader.

#include "core/model/trace_reader.h"

#include <QJsonObject>
#include <QString>
#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

namespace npuscope::analysis {

struct OpTypeDiff {
    std::string opType;
    std::uint64_t countA = 0, countB = 0;
    TimeNs totalA = 0, totalB = 0;     // totals over the whole run
    double meanA = 0, meanB = 0;       // mean task duration (ns)
    double perIterA = 0, perIterB = 0; // total time per iteration per device (ns) — the comparable figure
    double delta = 0;                  // perIterB − perIterA
    double percent = 0;                // delta / perIterA × 100; NaN when A's figure is too small to divide by
};

// Below these baselines a percentage says more about the division than about the change
// (a 20 ns op that takes 100 µs in B is "+500,000 %"): the delta is the figure to read,
// and percent is NaN. For op types the floor grows with the run (0.1 % of A's time per
// iteration over all op types), for the step means it is fixed.
inline constexpr double kPercentFloorNs = 1000;        // 1 µs
inline constexpr double kPercentFloorOfRun = 0.001;

// Mean ns of one step-trace quantity: Iteration, FP→BP, Iteration Refresh, Data Aug Bound.
struct StepDiff { QString name; double a = 0, b = 0, delta = 0, percent = 0; };

struct RunDiff {
    std::vector<OpTypeDiff> ops;         // sorted by |delta| descending (impact), ties: op type
    std::vector<StepDiff> steps;         // in the order above; translated names
    std::vector<OpTypeDiff> regressions; // ops with delta > 0, largest first, at most 10
    bool cancelled = false;
};

RunDiff diffRuns(const TraceReader &a, const TraceReader &b, const std::atomic<bool> *cancel = nullptr);

// {"ops":[{opType,countA,countB,totalA,totalB,meanA,meanB,perIterA,perIterB,delta,percent}],
//  "steps":[{name,a,b,delta,percent}], "regressions":[...same as ops...]}; percent is null
// where it is NaN.
QJsonObject runDiffToJson(const RunDiff &d);

} // namespace npuscope::analysis
