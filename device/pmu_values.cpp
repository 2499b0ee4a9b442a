#include "device/pmu_values.h"

#include "device/chip.h"
#include "device/graph.h"

#include <algorithm>
#include <cmath>

namespace npuscope::device {

namespace {
float round3(double v) { return float(std::round(v * 1000.0) / 1000.0); }
} // namespace

// The 910B's kernel metric columns: PipeUtilization as the real 910B kernel_details has
// them (cube-side aic_* and vector-side aiv_* sets side by side); for the other groups
// only the per-side times and cycles (their 910B column sets are not modelled).
QStringList splitPmuColumns(AicMetrics m)
{
    if (m == AicMetrics::PipeUtilization)
        return QStringLiteral("aicore_time(us),aic_total_cycles,aic_mac_time(us),aic_mac_ratio,aic_scalar_time(us),"
                              "aic_scalar_ratio,aic_mte1_time(us),aic_mte1_ratio,aic_mte2_time(us),aic_mte2_ratio,"
                              "aic_fixpipe_time(us),aic_fixpipe_ratio,aic_icache_miss_rate,aiv_time(us),aiv_total_cycles,"
                              "aiv_vec_time(us),aiv_vec_ratio,aiv_scalar_time(us),aiv_scalar_ratio,aiv_mte2_time(us),"
                              "aiv_mte2_ratio,aiv_mte3_time(us),aiv_mte3_ratio,aiv_icache_miss_rate,cube_utilization(%)")
            .split(QLatin1Char(','));
    return {QStringLiteral("aicore_time(us)"), QStringLiteral("aic_total_cycles"), QStringLiteral("aiv_time(us)"),
            QStringLiteral("aiv_total_cycles")};
}

PmuRatios pmuRatios(const KernelCost &c)
{
    PmuRatios r;
    r.vec = std::max(round3(c.vec), 0.001f);
    r.mac = round3(c.mac); r.scalar = round3(c.scalar); r.mte1 = round3(c.mte1);
    r.mte2 = round3(c.mte2); r.mte3 = round3(c.mte3); r.icache = round3(c.icacheMiss);
    r.memoryBound = round3(double(r.mte2) / std::max(r.mac, r.vec));
    return r;
}

float roundedRate(double v)
{
    return round3(v);
}

// 910B: the cube-side (aic_*) and vector-side (aiv_*) metric sets side by side, each
// filled for the cores the kernel ran on (splitPmuColumns names them).
void fillPmuSplit(TaskRecord &t, AicMetrics metrics, const ChipProfile &chip, const Kernel &k, const PmuRatios &r, double us,
                  std::uint64_t cycles, double durUs)
{
    const bool cube = k.cores == Cores::Cube || k.cores == Cores::MixCube;
    const bool vector = k.cores != Cores::Cube;
    const double vecCycles = k.cores == Cores::MixCube ? us * chip.clockGHz * 1000.0 * k.mixBlockDim : double(cycles);
    const float aicUs = cube ? float(us) : 0.f, aivUs = vector ? float(us) : 0.f;
    auto &v = t.pmu;
    if (metrics != AicMetrics::PipeUtilization) {
        v = {aicUs, float(cube ? double(cycles) : 0.0), aivUs, float(vector ? vecCycles : 0.0)};
        return;
    }
    v.assign(25, 0.f);
    if (cube) {
        // The cube's results leave L0C through the fixpipe, which does the MTE3's job.
        const float pipes[] = {r.mac, r.scalar, r.mte1, r.mte2, r.mte3};
        v[0] = aicUs;
        v[1] = float(cycles);
        for (int j = 0; j < 5; ++j) {
            v[size_t(2 + 2 * j)] = round3(us * pipes[j]);
            v[size_t(3 + 2 * j)] = pipes[j];
        }
        v[12] = r.icache;
        v[24] = round3(100.0 * k.cost.blockDim / chip.cubeCores * std::min(1.0, us / std::max(durUs, 1e-3)));
    }
    if (vector) {
        // A MIX_AIC kernel's vector cores take the cube's results from L2 (MTE2) and
        // write the fused output (MTE3).
        const float vec = r.vec, scalar = cube ? round3(r.scalar * 0.5) : r.scalar;
        const float mte2 = cube ? r.mte3 : r.mte2, mte3 = r.mte3;
        const float pipes[] = {vec, scalar, mte2, mte3};
        v[13] = aivUs;
        v[14] = float(vecCycles);
        for (int j = 0; j < 4; ++j) {
            v[size_t(15 + 2 * j)] = round3(us * pipes[j]);
            v[size_t(16 + 2 * j)] = pipes[j];
        }
        v[23] = r.icache;
    }
}

void fillPmu(TaskRecord &t, AicMetrics metrics, const KernelCost &c, const PmuRatios &r, double us)
{
    auto &v = t.pmu;
    const double ns = us * 1000.0;
    auto bw = [&](double bytes) { return round3(bytes / ns); }; // bytes/ns == GB/s
    switch (metrics) {
    case AicMetrics::PipeUtilization:
        v = {float(us * r.vec), r.vec, float(us * r.mac), r.mac, float(us * r.scalar), r.scalar,
             float(us * r.mte1), r.mte1, float(us * r.mte2), r.mte2, float(us * r.mte3), r.mte3,
             r.icache, r.memoryBound};
        break;
    case AicMetrics::ArithmeticUtilization:
        v = {c.fp16 ? r.mac : 0.f, 0.f, round3(r.vec * (c.fp16 ? 0.1 : 0.9)), round3(r.vec * (c.fp16 ? 0.85 : 0.05)),
             round3(r.vec * 0.03), round3(r.vec * 0.02), float(c.cubeFops), float(c.vectorFops)};
        break;
    case AicMetrics::Memory:
        v = {bw(c.ubRead), bw(c.ubWrite), bw(c.l1Read), bw(c.l1Write), bw(c.l2Read), bw(c.l2Write),
             bw(c.hbmRead), bw(c.hbmWrite)};
        break;
    case AicMetrics::MemoryL0:
        v = {bw(c.l0aRead), bw(c.l0aRead), bw(c.l0bRead), bw(c.l0bRead), bw(c.l0cRead), bw(c.l0cWrite),
             bw(c.l0cRead), bw(c.l0cWrite)};
        break;
    case AicMetrics::ResourceConflictRatio:
        v = {round3(r.vec * 0.04), round3(r.vec * 0.06), round3(r.vec * 0.12)};
        break;
    case AicMetrics::MemoryUB:
        v = {bw(c.ubRead * 0.6), bw(c.ubWrite), bw(c.vectorFops * 2 * 0.8), bw(c.vectorFops * 2 * 0.5),
             bw(256.0), bw(64.0)};
        break;
    }
}

} // namespace npuscope::device
