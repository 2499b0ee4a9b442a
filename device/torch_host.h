#pragma once
// The host side of an emulated PyTorch (torch_npu) step, shared by the model-zoo emulator
// and the LLM sessions: the Python lane's aten ops with their enqueue/dequeue, the CANN
// launch ranges, the flows that tie an aten op and its launch to the device task, and the
// caching allocator's memory records under profile_memory. The device side (which task ran
// when) is the caller's; this only draws what the host did around it.

#include "core/model/record_sink.h"
#include "core/model/records.h"
#include "core/options/profiling_options.h"
#include "core/options/torch_profiler_config.h"

#include <QByteArray>

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace npuscope::device {

struct Kernel;

// A PyTorch session: the torch_npu config and what it switches on beyond the msprof
// collection (torchMsprofOptions).
struct TorchPlan {
    torchcfg::TorchProfilerConfig cfg;
    bool cpu = true;      // CPU activity: the framework's Python lane
    bool cann = false;    // AscendCL API ranges (every device level collects them)
    bool pmu = false;     // AI Core metrics the emulator models
    std::vector<bool> recorded; // per 1-based iteration: the schedule records it
    int recordedSteps = 0;
};

// Parses a session's torch_npu config (validated before) and returns what it asks for;
// *options becomes the msprof collection torch_npu starts.
TorchPlan torchPlan(const QByteArray &configJson, int iterations, ProfilingOptions *options);

// How one launched kernel appears on the host of a PyTorch session.
struct TorchOp {
    StrId aten = 0, acl = 0, dequeue = 0, dims = 0, types = 0, stack = 0;
    bool backward = false;   // run by the autograd engine's thread
    bool activation = false; // its output lives until the backward pass
    std::int64_t sequence = -1;
    double outMB = 0;
};

// A kernel launch of the step, in issue order: the device task and its aten op on the host.
struct TorchLaunch {
    std::uint32_t opId = 0, stream = 0;
    TimeNs start = 0;                  // the device task's start
    TimeNs hostStart = 0, hostEnd = 0; // its aten op on the host
};

// The caching allocator of one device between steps.
struct TorchMemory {
    double allocatedMB = 0, reservedMB = 0;
};

// The Python call stacks a model's ops are called from (with_stack).
struct TorchStacks {
    std::string forward, loss, optimizer, load;
};

class TorchHostLane {
public:
    static constexpr std::uint32_t kHostPid = 10036;

    TorchHostLane(const TorchPlan &plan, bool runtimeApi, bool timing, std::uint32_t modelId)
        : plan_(plan), runtimeApi_(runtimeApi), timing_(timing), modelId_(modelId) {}

    // Declares the lane's strings (and the stacks) in b, ahead of the first step.
    void prelude(StringTable &strings, RecordBatch &b, int iterations, const TorchStacks &stacks);
    // The host view of kernel k, op id opId. input: the batch's copy to the device.
    void addOp(StringTable &strings, RecordBatch &b, const Kernel &k, std::uint32_t opId, bool input);
    bool backward(std::uint32_t opId) const { return ops_.at(opId).backward; }

    // The host lane of a recorded step on device dev: ProfilerStep#N, every launch's aten op
    // (enqueued on the calling thread, dequeued with its AscendCL call and Node@launch on the
    // task queue's thread), their flows, and memory with profile_memory. Launches need not
    // be sorted; each hostEnd precedes its task's start.
    void step(RecordBatch &b, std::uint16_t dev, int iteration, std::vector<TorchLaunch> launches, TimeNs stepStart,
              TimeNs stepEnd, TorchMemory &memory);

    StrId stepName(int iteration) const { return stepName_[size_t(iteration)]; }

private:
    struct Alloc { TimeNs at; double mb; const TorchOp *op; TimeNs release; };
    void memoryRecords(RecordBatch &b, std::uint16_t dev, std::vector<Alloc> &allocs,
                       const std::vector<TimeNs> &backwardEnds, TimeNs stepEnd, TorchMemory &memory);

    const TorchPlan &plan_;
    bool runtimeApi_ = false, timing_ = true;
    std::uint32_t modelId_ = 1;
    std::unordered_map<std::uint32_t, TorchOp> ops_; // by op id
    StrId cpuOp_ = 0, enqueueCat_ = 0, dequeueCat_ = 0, enqueue_ = 0, queueFlowCat_ = 0, queueFlow_ = 0;
    StrId npuFlowCat_ = 0, npuFlow_ = 0, h2d_ = 0, nodeLaunch_ = 0, acl_ = 0, node_ = 0, runtime_ = 0;
    StrId rtLaunch_ = 0, pta_ = 0;
    StrId fwdStack_ = 0, lossStack_ = 0, optStack_ = 0, loadStack_ = 0;
    std::vector<StrId> stepRange_, stepName_; // per 1-based iteration
    std::int64_t sequence_ = 0;
    std::uint64_t flowSeq_ = 0, correlation_ = 0;
};

} // namespace npuscope::device
