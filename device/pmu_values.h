#pragma once
// The PMU values an emulated AI Core task carries: each kernel's pipe ratios from its cost
// (cost_model.h), spread over the metric set the session collects, as the chip's profiler
// lays them out (the 910's one set; the 910B's cube-side aic_* and vector-side aiv_*).

#include "core/model/records.h"
#include "core/options/profiling_options.h"

#include <QStringList>

#include <cstdint>

namespace npuscope::device {

struct ChipProfile;
struct Kernel;
struct KernelCost;

// A kernel's pipe ratios, rounded as msprof prints them (three decimals).
struct PmuRatios {
    float vec = 0, mac = 0, scalar = 0, mte1 = 0, mte2 = 0, mte3 = 0, icache = 0, memoryBound = 0;
};
PmuRatios pmuRatios(const KernelCost &c);

// A rate in [0, 1] rounded as msprof prints it.
float roundedRate(double v);

// The 910B's kernel metric columns for a metric group.
QStringList splitPmuColumns(AicMetrics m);

// 910B: the cube-side and vector-side sets side by side, filled for the cores the kernel
// ran on. us: its AI Core time; durUs: its task's duration.
void fillPmuSplit(TaskRecord &t, AicMetrics metrics, const ChipProfile &chip, const Kernel &k, const PmuRatios &r, double us,
                  std::uint64_t cycles, double durUs);
// 910: the metric group's columns (aicMetricsColumns).
void fillPmu(TaskRecord &t, AicMetrics metrics, const KernelCost &c, const PmuRatios &r, double us);

} // namespace npuscope::device
