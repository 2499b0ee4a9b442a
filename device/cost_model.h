#pragma once
// Roofline cost model of one kernel on an Ascend chip, from the chip's facts
// (ChipProfile: cores, clock, cube and vector peaks, HBM, L2 and the efficiencies measured
// on real captures) and the kernel's work (FLOPs, vector ops, bytes). Everything the
// profiler reports for a task — duration, block dim, cycles, PMU ratios, L2 rates,
// bandwidths — is derived from the same per-kernel quantities, so the columns agree.

#include "device/chip.h"

#include <cstdint>

namespace npuscope::device {

enum class Unit : std::uint8_t { Cube, Vector, AiCpu };

// The work of one kernel, in shape-derived quantities.
struct KernelWork {
    Unit unit = Unit::Vector;
    bool fp16 = true;
    double flops = 0;        // cube FLOPs (2·M·N·K)
    double m = 0, n = 0, k = 0; // GEMM view of a cube kernel (k already padded to C0 for convs)
    double batch = 1;        // independent GEMMs of that shape (BatchMatMul)
    bool conv = false;       // a convolution: operands through the load's im2col expansion
    bool randomMask = false; // AI CPU dropout mask generation
    double vecOps = 0;       // vector element operations
    double elements = 0;     // elements processed (vector/AI CPU parallelism)
    double bytesIn = 0, bytesWeight = 0, bytesOut = 0;
    // Share of the MTE's streaming bandwidth the access pattern achieves: 1 for contiguous
    // streams; layout changes, pooling windows and per-channel reductions move one C0 block
    // (32 B) per burst instead of long bursts.
    double burst = 1;
    double maxBlocks = 0;    // parallelism cap from the output tiling (0 = by elements)
};

// Static cost of one kernel; per-task jitter scales aicoreNs only.
struct KernelCost {
    double aicoreNs = 0;     // time the cores are busy (aicore_time)
    double overheadNs = 0;   // task scheduling on top of aicore_time (duration = aicore + overhead)
    std::uint16_t blockDim = 1;   // cores used: cube cores for cube kernels, vector cores for vector ones
    // Busy share of each unit over aicore_time, in [0,1]: vec, mac, scalar, mte1, mte2, mte3.
    double vec = 0, mac = 0, scalar = 0, mte1 = 0, mte2 = 0, mte3 = 0;
    double icacheMiss = 0;
    double l2Hit = 0, l2Victim = 0;
    // Traffic per task for the bandwidth metric groups (bytes).
    double ubRead = 0, ubWrite = 0, l1Read = 0, l1Write = 0, l2Read = 0, l2Write = 0;
    double hbmRead = 0, hbmWrite = 0, l0aRead = 0, l0bRead = 0, l0cRead = 0, l0cWrite = 0;
    double cubeFops = 0, vectorFops = 0;
    bool fp16 = true;
};

KernelCost estimateKernel(const KernelWork &w, const ChipProfile &chip);

// AI CPU kernels (DropoutGenMask, GetNext, AI Core fallbacks): scalar loops on the ARM
// cores of the AI CPU cluster, one core per 128K elements up to the chip's AI CPU cores,
// plus the kernel launch through the AI CPU scheduler.
double estimateAiCpuNs(const KernelWork &w, const ChipProfile &chip);

} // namespace npuscope::device
