#pragma once
// Graph compilation: turns a layer-level Network into the kernels one training iteration
// executes on a device (forward, loss, backward, optimizer, with the helper kernels and
// fusions the Ascend graph engine adds), costs each kernel once, and splits the gradients
// into all-reduce segments. The emulator replays this plan every iteration.

#include "device/cost_model.h"
#include "device/models/network.h"

#include <cstdint>
#include <string>
#include <vector>

namespace npuscope::device {

enum class Phase : std::uint8_t { Forward, Loss, Backward, Optimizer };

// The cores an AI Core kernel occupies on a chip whose cube and vector cores are separate
// (910B). On the 910 every AI Core kernel runs on whole AI Cores and is Cube here.
enum class Cores : std::uint8_t {
    Cube,      // AIC alone (matrix products; bias and ReLU applied by the fixpipe)
    Vector,    // AIV alone (elementwise, normalisation, softmax, layout changes)
    MixCube,   // AIC with its paired AIVs (a cube op fused with vector work beyond the fixpipe's)
    MixVector, // AIVs that synchronise across cores (reductions to fewer elements than cores)
};

struct Kernel {
    std::string name;              // full scoped name "Default/.../Conv2D-op8"
    std::string type;              // "Conv2D"
    Phase phase = Phase::Forward;
    KernelWork work;
    KernelCost cost;               // AI Core kernels
    double aiCpuNs = 0;            // AI CPU kernels
    bool aiCpu = false;            // compute kernel without an AI Core kernel: runs on the AI CPU
    Cores cores = Cores::Cube;     // split-core chips: which cores (else always Cube)
    std::uint16_t mixBlockDim = 0; // MixCube: the vector cores paired with its cube cores
    std::string inShapes, inTypes, inFormats, outShapes, outTypes, outFormats;
    std::vector<std::string> fusedOps; // original ops when this is a FusionOp
    int waitMask = -1;             // index into CompiledGraph::masks this kernel consumes
    std::vector<int> segmentsDone; // gradient segments complete once this kernel ends
    std::uint32_t opId = 0;        // OpDesc id (assigned by the emulator)
};

struct Parameter {
    std::string name;
    std::uint64_t elements = 0;
    int producer = -1;             // compute kernel index producing its gradient
    int segment = 0;
    bool fractalGrad = false;      // dense weight: its reduced gradient needs a TransData
};

struct CompiledGraph {
    std::string modelName;         // "alexnet"
    std::vector<Kernel> compute;   // compute stream, in execution order
    std::vector<Kernel> masks;     // AI CPU DropoutGenMask kernels, in order
    Kernel getNext;                // AI CPU, feeds the iteration from the host queue
    int optimizerWait = 0;         // compute index where the reduced gradients are awaited
    int firstForward = 0;
    int lastBackward = 0;
    std::vector<Parameter> params;
    std::vector<std::uint64_t> segmentBytes; // gradient bytes (fp32) per all-reduce segment
    std::uint64_t inputBytesPerBatch = 0;
};

// mixed = fp16 compute with fp32 master weights (Cast kernels); segments ≥ 1.
// Compute kernels whose op has no AI Core kernel for their input types get aiCpu = true
// and an AI CPU cost (the graph engine's fallback).
// distributed: gradients are all-reduced (more than one device), which adds the
// grad reducer's layout conversions before the optimizer.
CompiledGraph compileGraph(const Network &net, bool mixed, int segments, bool distributed = false,
                           const ChipProfile &chip = chipProfile(Chip::Ascend910));

} // namespace npuscope::device
