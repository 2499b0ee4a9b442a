#pragma once
// The model-zoo emulator's run of one session (emulator.cpp drives it): its state per
// device and the parts of a step, defined in emulator.cpp (steps, prelude),
// emulator_input.cpp (the host input pipeline and GetNext), emulator_tasks.cpp (kernels and
// their tasks), emulator_comm.cpp (all-reduce as HCCL runs it) and emulator_host.cpp (the
// host lanes: GE, runtime, msproftx, PyTorch).
// Internal to device/.

#include "device/chip.h"
#include "device/collectives.h"
#include "device/graph.h"
#include "device/models/llama.h"
#include "device/models/network.h"
#include "device/parallel_schedule.h"
#include "device/pmu_values.h"
#include "device/rng.h"
#include "device/session_frame.h"
#include "device/torch_host.h"
#include "device/torch_session.h"

#include "core/analysis/step_time.h"

#include <QCoreApplication>

#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>
#include <optional>
#include <unordered_map>

namespace npuscope::device::emu {

// Stream layout of the reference captures. 910: compute 2, AI CPU 4, HCCL planes
// 13/12/10/3 (a stream per plane). 910B: compute 2, AI CPU and DSA 3, every HCCL plane on 4.
constexpr std::uint32_t kComputeStream = 2;
constexpr std::uint32_t kAiCpuStream = 4;
constexpr std::array<std::uint32_t, 4> kPlaneStreams = {13, 12, 10, 3};
constexpr std::uint32_t kAuxStreamSplit = 3;
constexpr std::uint32_t kCommStreamSplit = 4;
constexpr std::uint32_t kHostPid = TorchHostLane::kHostPid;
constexpr std::uint32_t kHostTid = 16027;
// Batches ready when the first step starts: the dataset sink (Estimator) has its device
// queue filled ahead; under sess.run each step pulls its batch through the host iterator,
// which holds one prefetched batch.
constexpr int kSinkPrefill = 4;
constexpr int kHostPrefill = 1;
constexpr TimeNs kUs = 1000;

// A task type: its text as the chip's profiler spells it and its classification.
struct TaskType {
    TaskKind kind = TaskKind::Other;
    StrId text = 0;
};

// Per-kernel facts that do not change between iterations.
struct KernelPlan {
    StrId name = 0;
    std::uint32_t opId = 0;
    PmuRatios r{};
    const TaskType *type = nullptr; // AI Core kernels: the task type of its cores
};

struct Names {
    StrId eventRecord, eventWait, eventReset, notifyWait, notifyRecord, reduceAsync, memcpyAsync;
    StrId hNotifyWait, hNotifyRecord, hReduce, hMemcpy;
    StrId local, sdma, rdma, hccs, pcie, roce, onChip, invalid, fp32, int32;
    StrId geInfer, dpAction, dpSource, txStep, txData, txStartEnd, txAscii, rtExec, rtSync, allReduce;
    std::vector<StrId> collective; // per segment
    // Task types. On the 910B an AIV kernel's hardware task is "AI_CORE" like an AIC one;
    // its kind (from the kernel file's accelerator core) tells them apart.
    TaskType tAiCore, tAiv, tMixAic, tMixAiv, tAiCpu, tEventRecord, tEventWait, tEventReset, tReduce,
        tNotifyWait, tNotifyRecord, tMemcpy, tDsa;
    // Accelerator core of each op (910B kernel_details "Accelerator Core").
    StrId coreAic = 0, coreAiv = 0, coreMixAic = 0, coreMixAiv = 0, coreAiCpu = 0, coreDsa = 0;
};

struct DeviceState {
    Rng rng;
    double speed = 1.0;             // >1 = slower device (straggler scenario)
    TimeNs prevIterEnd = -1;
    TimeNs aicpuFree = 0;
    TimeNs hostFree = 0;            // end of the last GE@Infer range
    TimeNs txFree = 0;
    TimeNs hostLaunch = 0;          // launch-bound: when the host has launched the last kernel
    bool prefetched = false;        // the coming iteration's GetNext already ran (sink mode)
    TimeNs prefetchReady = 0;       // ... and its EVENT_RECORD ended here
    // Records of the coming iteration's window produced while emulating this one (the tail
    // of a prefetch that ends after this iteration's end): they open the next batch.
    std::vector<TaskRecord> carryTasks;
    std::vector<AiCpuRecord> carryAiCpu;
    std::vector<QueueEventRecord> carryQueue;
    TimeNs commFree = 0;            // the communication streams are free from here
    TimeNs commDone = 0;            // the last collective's closing event on the main plane
    // Host input pipeline with a finite rate: ready[b] = when batch b sits in the device
    // queue, consumed[b] = when GetNext dequeued it (index 0 unused; batches are 1-based
    // like iterations). Its own generator, so the input model does not shift other draws.
    Rng inputRng;
    std::vector<TimeNs> ready, consumed;
    // per iteration
    RecordBatch batch;
    std::array<std::uint32_t, 16> taskIds{};
    TimeNs iterStart = 0, computeCur = 0, fpStart = -1, bpEnd = -1;
    std::vector<TimeNs> segReady;
    std::vector<StepTraceRecord::Reduce> reduces;
    // PyTorch sessions
    std::vector<TorchLaunch> launches;
    Rng hostRng;                    // the host lane's own draws, so they never shift the device's
    TimeNs torchHost = 0;           // the Python thread is busy until here
    TimeNs torchStepStart = 0, torchStepEnd = 0; // this step's ProfilerStep range
    TimeNs hostA = 0, hostE = 0;    // the host op of the kernel about to be issued
    TorchMemory memory;             // the caching allocator between steps
};

class Run {
public:
    Run(const SessionSpec &spec, const ProfilingOptions &opt, const CompiledGraph &g, int batch, Chip chip,
        const TorchPlan *torch)
        : spec_(spec), opt_(opt), g_(g), batch_(batch), chip_(chip),
          ar_(chipProfile(chip), spec.devicesPerServer, spec.servers)
    {
        torch_ = torch;
        n_ = spec.deviceCount();
        timing_ = opt.taskTimingOn();
        l1_ = timing_ && opt.taskTime == TaskTimeLevel::L1;
        hccl_ = opt.hccl == Switch::On && n_ > 1;
        segments_ = n_ > 1 ? int(g.segmentBytes.size()) : 0;
        launchBound_ = spec.scenarios.contains(QStringLiteral("launch-bound"));
        split_ = chipProfile(chip).splitCores;
        auxStream_ = split_ ? kAuxStreamSplit : kAiCpuStream;
        // torch_npu's Level0 keeps the communication ops without HCCL's own tasks.
        collectiveOps_ = torch_ ? timing_ && n_ > 1 : hccl_;
        pmu_ = torch_ ? torch_->pmu : true;
    }

    std::uint64_t records = 0;

    // Strings, ops and fusion records: everything later batches refer to.
    void prelude(RecordBatch &b);

    std::vector<DeviceState> devs;

    void initDevices(TimeNs t0);

    // Phase A: GetNext, forward, loss, backward, up to where the reduced gradients are needed.
    void phaseA(int d, int it);

    // All-reduce of every gradient segment across all devices (ring per plane).
    void collectives(int it);

    // Phase B: wait for the reduced gradients, then the optimizer; closes the iteration.
    void phaseB(int d, int it);

    TimeNs lastEnd() const;

private:
    int findPoint(const QString &point, int fallback) const;

    int prefill() const;

    // The host pipeline delivers batches at the configured rate on average (its workers
    // run in parallel, so one slow batch does not shift the schedule of the later ones):
    // batch b is due at t0 + (b − prefill) × interval, give or take 25 %/√batch (decode
    // and augmentation time varies ~25 % per sample and averages out over a batch), and
    // ~1 % of batches take 1–3 intervals longer (a cold file read, a Python GC pause). Batches arrive in order, and like tf.data's prefetch
    // the pipeline waits for room: batch b is started no earlier than the dequeue of batch
    // b − depth and then takes an interval. So a deep queue absorbs slow batches while a
    // shallow one hands every hiccup to the step (Data Aug Bound).
    // Needs consumed[] up to b − depth; GetNext dequeues in order, so callers have it.
    void produceUpTo(DeviceState &s, int b);

    TimeNs batchAvailable(DeviceState &s, int it);

    void queueEvent(DeviceState &s, int d, int it, TimeNs at);

    // GetNext feeding iteration forIt, recorded with iteration `label` (the one whose
    // window it starts in): the AI CPU task, the dp queue event when it dequeues, the
    // EVENT_RECORD that releases the compute stream. Returns when that event is done.
    TimeNs getNext(DeviceState &s, int d, int label, int forIt, TimeNs start, double warm);

    // Moves the records that lie after this iteration's end into the next batch, so every
    // iteration's records lie within (previous end, end] (the prefetch of a slow input
    // pipeline can finish after the step it overlapped). After the last profiled step they
    // belong to a step outside the capture and are dropped.
    void carryLate(DeviceState &s, TimeNs iterEnd);

    // Starts a batch with the records carried over from the previous iteration, relabelled
    // and renumbered: they are the first tasks of their streams in this iteration.
    void openWithCarry(DeviceState &s);

    TimeNs runKernel(DeviceState &s, int d, int it, int i, TimeNs cur, double warm);

    // A compute op without an AI Core kernel: the compute stream hands over to the AI CPU
    // stream with an event, the op runs there, and the compute stream waits for it back.
    TimeNs aiCpuKernel(DeviceState &s, int d, int it, int i, TimeNs cur, double warm);

    // The stream waits for an event: EVENT_WAIT, then on the 910 an EVENT_RESET (the
    // 910B's scheduler resets the event itself). Returns when the stream goes on.
    TimeNs waitEvent(DeviceState &s, int d, int it, std::uint32_t stream, TimeNs cur);

    // sharedId: the task id of a 910B collective, whose sub-tasks all carry it (0 = the
    // stream's next id).
    TaskRecord *task(DeviceState &s, int d, int it, std::uint32_t stream, const TaskType &type, StrId name,
                     std::uint32_t opId, TimeNs start, TimeNs dur, std::uint32_t sharedId = 0);

    void aiCpuTask(DeviceState &s, int d, int it, const KernelPlan &p, TimeNs start, TimeNs dur);

    // One AI Core kernel on the compute stream starting after cur; returns its end.
    TimeNs kernelTask(DeviceState &s, int d, int it, int i, TimeNs cur, double warm);

    // --- collectives -------------------------------------------------------------------

    // One all-reduce of a gradient segment on every device (HCCL's algorithm for the
    // server's wiring: device/collectives.h), turned into hardware tasks on the plane
    // streams and, with hccl on, the HCCL plane records and the collective op.
    void allReduce(int it, int seg);

    StrId linkName(Link l) const;

    // sharedId: the 910B runs a collective as one task whose sub-tasks share its id; the
    // first sub-task takes the stream's next id into it.
    void commTask(DeviceState &s, int d, int it, const CommTask &c, std::uint32_t &sharedId);

    bool sessRunLike() const;

    // The host side of a kernel launch in a PyTorch session: its aten op runs on the host
    // after the previous one, and the kernel cannot start on the device before the op's
    // Node@launch has handed it over. Returns the kernel's start.
    TimeNs hostGate(DeviceState &s, std::uint32_t opId, TimeNs start);

    // Strings of the PyTorch host lane, all declared before the first step.
    void torchPrelude(RecordBatch &b);

    // The host side of one recorded PyTorch step on device d (TorchHostLane) and torch_npu's
    // step time breakdown.
    void torchStep(DeviceState &s, int d, int it);

    void hostRanges(DeviceState &s, int d, int it, TimeNs iterEnd);

    const SessionSpec &spec_;
    const ProfilingOptions &opt_;
    const CompiledGraph &g_;
    int batch_ = 1;
    StringTable strings_;
    Names nm_{};
    KernelPlan gn_;
    std::vector<KernelPlan> masks_, compute_;
    int n_ = 1, segments_ = 0;
    int fpIndex_ = 0, bpIndex_ = 0;
    bool timing_ = true, l1_ = true, hccl_ = false, launchBound_ = false;
    bool split_ = false;                 // separate cube and vector cores (910B)
    bool collectiveOps_ = false, pmu_ = true;
    const TorchPlan *torch_ = nullptr;   // PyTorch sessions only
    std::optional<TorchHostLane> host_;  // PyTorch sessions only
    std::uint32_t auxStream_ = kAiCpuStream; // AI CPU kernels (and the 910B's DSA masks)
    Chip chip_ = Chip::Ascend910;
    AllReduce ar_;
    TimeNs t0_ = 0;
    double batchIntervalNs_ = 0;
    std::uint32_t lastTaskId_ = 0;
};

} // namespace npuscope::device::emu
