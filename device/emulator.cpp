#include "device/emulator.h"

#include "device/chip.h"
#include "device/collectives.h"
#include "device/graph.h"
#include "device/models/llama.h"
#include "device/models/network.h"
#include "device/parallel_schedule.h"
#include "device/rng.h"
#include "device/torch_host.h"
#include "device/torch_session.h"

#include "core/analysis/step_time.h"

#include <QDateTime>
#include <QCoreApplication>
#include <QFileInfo>

#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>
#include <optional>
#include <unordered_map>

namespace npuscope::device {

QStringList llmModelNames()
{
    return llamaModelNames();
}

QStringList zooModelNames()
{
    QStringList names;
    for (const std::string &n : zooNetworkNames())
        names << QString::fromStdString(n);
    return names;
}

namespace {

// Stream layout of the reference captures. 910: compute 2, AI CPU 4, HCCL planes
// 13/12/10/3 (a stream per plane). 910B: compute 2, AI CPU and DSA 3, every HCCL plane on 4.
constexpr std::uint32_t kComputeStream = 2;
constexpr std::uint32_t kAiCpuStream = 4;
constexpr std::array<std::uint32_t, 4> kPlaneStreams = {13, 12, 10, 3};
constexpr std::uint32_t kAuxStreamSplit = 3;
constexpr std::uint32_t kCommStreamSplit = 4;
constexpr std::uint32_t kModelId = 1;
constexpr std::uint32_t kHostPid = TorchHostLane::kHostPid;
constexpr std::uint32_t kHostTid = 16027;
constexpr TimeNs kMonotonicBase = 56579931060630; // the reference's clockMonotonicRaw
// Batches ready when the first step starts: the dataset sink (Estimator) has its device
// queue filled ahead; under sess.run each step pulls its batch through the host iterator,
// which holds one prefetched batch.
constexpr int kSinkPrefill = 4;
constexpr int kHostPrefill = 1;
constexpr TimeNs kUs = 1000;

const QStringList &knownScenarios()
{
    static const QStringList s = {QStringLiteral("slow-input"), QStringLiteral("straggler"),
                                  QStringLiteral("aicpu-fallback"), QStringLiteral("launch-bound"),
                                  QStringLiteral("single-segment"), QStringLiteral("pipeline-bubble"),
                                  QStringLiteral("tp-no-overlap")};
    return s;
}

// Scenarios that only an LLM session (model llama*) has, and those it does not model.
const QStringList &llmOnlyScenarios()
{
    static const QStringList s = {QStringLiteral("pipeline-bubble"), QStringLiteral("tp-no-overlap")};
    return s;
}
const QStringList &notLlmScenarios()
{
    static const QStringList s = {QStringLiteral("slow-input"), QStringLiteral("aicpu-fallback"),
                                  QStringLiteral("single-segment")};
    return s;
}

float round3(double v) { return float(std::round(v * 1000.0) / 1000.0); }

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

struct PmuRatios {
    float vec, mac, scalar, mte1, mte2, mte3, icache, memoryBound;
};

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
    void prelude(RecordBatch &b)
    {
        auto in = [&](std::string_view s) { return strings_.intern(s, b); };
        auto type = [&](std::string_view text) { return TaskType{taskKindOf(text), in(text)}; };
        if (split_) {
            // 910B spellings (the real 910B capture's timeline and kernel_details).
            nm_.tAiCore = type("AI_CORE");
            nm_.tAiv = {TaskKind::AiVectorCore, nm_.tAiCore.text};
            nm_.tMixAic = type("MIX_AIC");
            nm_.tMixAiv = type("MIX_AIV");
            nm_.tAiCpu = type("AI_CPU");
            nm_.tEventRecord = type("EVENT_RECORD_SQE");
            nm_.tEventWait = type("EVENT_WAIT_SQE");
            nm_.tEventReset = type("EVENT_RESET_SQE");
            nm_.tReduce = nm_.tMemcpy = type("SDMA");
            nm_.tNotifyWait = type("Notify Wait");
            nm_.tNotifyRecord = type("Write Value");
            nm_.tDsa = type("DSA_SQE");
            nm_.coreAic = nm_.tAiCore.text;
            nm_.coreAiv = in("AI_VECTOR_CORE");
            nm_.coreMixAic = nm_.tMixAic.text;
            nm_.coreMixAiv = nm_.tMixAiv.text;
            nm_.coreAiCpu = nm_.tAiCpu.text;
            nm_.coreDsa = nm_.tDsa.text;
        }
        nm_.eventRecord = in("EVENT_RECORD"); nm_.eventWait = in("EVENT_WAIT"); nm_.eventReset = in("EVENT_RESET");
        nm_.notifyWait = in("NOTIFY_WAIT"); nm_.notifyRecord = in("NOTIFY_RECORD");
        nm_.reduceAsync = in("REDUCE_ASYNC_V2"); nm_.memcpyAsync = in("MEMCPY_ASYNC");
        nm_.hNotifyWait = in("Notify_Wait"); nm_.hNotifyRecord = in("Notify_Record");
        nm_.hReduce = in("Reduce_Inline"); nm_.hMemcpy = in("Memcpy");
        nm_.local = in("LOCAL"); nm_.sdma = in("SDMA"); nm_.rdma = in("RDMA");
        nm_.hccs = in("HCCS"); nm_.pcie = in("PCIE"); nm_.roce = in("ROCE"); nm_.onChip = in("ON_CHIP");
        nm_.invalid = in("INVALID_TYPE"); nm_.fp32 = in("FP32"); nm_.int32 = in("INT32");
        nm_.geInfer = in("GE@Infer"); nm_.dpAction = in("Last queue dequeue"); nm_.dpSource = in("iterator_default");
        nm_.txStep = in("step"); nm_.txData = in("data_load"); nm_.txStartEnd = in("start/end"); nm_.txAscii = in("ascii");
        nm_.rtExec = in("rtModelExecute"); nm_.rtSync = in("rtStreamSynchronize"); nm_.allReduce = in("AllReduce");
        int opNo = 534 + int(g_.compute.size());
        for (int k = 0; k < segments_; ++k)
            nm_.collective.push_back(in("Default/AllReduce-op" + std::to_string(opNo++) + "_" + std::to_string(k)));

        std::uint32_t nextOpId = 1;
        // dsa: a mask generated by the 910B's DSA engine (no AI Core or AI CPU kernel).
        auto makeOp = [&](const Kernel &k, bool aiCpu, bool dsa = false) {
            KernelPlan p;
            p.name = in(k.name);
            p.opId = nextOpId++;
            switch (k.cores) {
            case Cores::Cube: p.type = &nm_.tAiCore; break;
            case Cores::Vector: p.type = &nm_.tAiv; break;
            case Cores::MixCube: p.type = &nm_.tMixAic; break;
            case Cores::MixVector: p.type = &nm_.tMixAiv; break;
            }
            if (timing_) {
                OpDesc d;
                d.id = p.opId;
                d.modelId = kModelId;
                d.name = p.name;
                d.aiCpu = aiCpu && !dsa;
                if (opt_.taskTime == TaskTimeLevel::L1) {
                    d.opType = in(k.type);
                    d.inputShapes = in(k.inShapes); d.inputDataTypes = in(k.inTypes); d.inputFormats = in(k.inFormats);
                    d.outputShapes = in(k.outShapes); d.outputDataTypes = in(k.outTypes); d.outputFormats = in(k.outFormats);
                    d.blockDim = aiCpu ? 0 : k.cost.blockDim;
                    if (split_) {
                        d.mixBlockDim = aiCpu ? 0 : k.mixBlockDim;
                        d.coreType = dsa ? nm_.coreDsa
                                     : aiCpu ? nm_.coreAiCpu
                                     : k.cores == Cores::Cube ? nm_.coreAic
                                     : k.cores == Cores::Vector ? nm_.coreAiv
                                     : k.cores == Cores::MixCube ? nm_.coreMixAic : nm_.coreMixAiv;
                    }
                }
                b.ops.push_back(d);
            }
            const KernelCost &c = k.cost;
            PmuRatios &r = p.r;
            r.vec = std::max(round3(c.vec), 0.001f);
            r.mac = round3(c.mac); r.scalar = round3(c.scalar); r.mte1 = round3(c.mte1);
            r.mte2 = round3(c.mte2); r.mte3 = round3(c.mte3); r.icache = round3(c.icacheMiss);
            r.memoryBound = round3(double(r.mte2) / std::max(r.mac, r.vec));
            return p;
        };
        gn_ = makeOp(g_.getNext, true);
        for (const Kernel &k : g_.masks)
            masks_.push_back(makeOp(k, true, split_));
        for (const Kernel &k : g_.compute)
            compute_.push_back(makeOp(k, k.aiCpu));
        fpIndex_ = findPoint(opt_.fpPoint, g_.firstForward);
        bpIndex_ = findPoint(opt_.bpPoint, g_.lastBackward);

        const StrId model = in(g_.modelName);
        for (const Kernel &k : g_.compute) {
            if (k.fusedOps.empty())
                continue;
            FusionOpRecord f;
            f.modelId = kModelId;
            f.modelName = model;
            f.fusionOp = in(k.name);
            std::string orig;
            for (const auto &o : k.fusedOps)
                orig += (orig.empty() ? "" : ";") + o;
            f.originalOps = in(orig);
            f.memoryInput = std::uint64_t(k.work.bytesIn);
            f.memoryOutput = std::uint64_t(k.work.bytesOut);
            f.memoryWeight = std::uint64_t(k.work.bytesWeight);
            f.memoryWorkspace = k.work.unit == Unit::Cube ? 512 * 1024 : 0;
            b.fusionOps.push_back(f);
        }
        // The 910's types are interned last, so every string id above stays what it was
        // before task types became text.
        if (!split_) {
            auto kind = [&](TaskKind k) { return TaskType{k, in(taskKindName(k))}; };
            nm_.tAiCore = kind(TaskKind::AiCore);
            nm_.tAiCpu = kind(TaskKind::AiCpu);
            nm_.tEventRecord = kind(TaskKind::EventRecord);
            nm_.tEventWait = kind(TaskKind::EventWait);
            nm_.tEventReset = kind(TaskKind::EventReset);
            nm_.tReduce = kind(TaskKind::ReduceAsyncV2);
            nm_.tNotifyWait = kind(TaskKind::NotifyWait);
            nm_.tNotifyRecord = kind(TaskKind::NotifyRecord);
            nm_.tMemcpy = kind(TaskKind::MemcpyAsync);
            nm_.tAiv = nm_.tMixAic = nm_.tMixAiv = nm_.tAiCore;
            nm_.tDsa = nm_.tAiCpu;
        }
        if (torch_)
            torchPrelude(b);
    }

    std::vector<DeviceState> devs;

    void initDevices(TimeNs t0)
    {
        devs.resize(size_t(n_));
        for (int d = 0; d < n_; ++d) {
            DeviceState &s = devs[size_t(d)];
            s.rng = Rng(spec_.seed * 0x100000001b3ull + std::uint64_t(d) * 0x9e3779b97f4a7c15ull + 17);
            s.speed = 1.0 + 0.004 * s.rng.normal();
            if (spec_.scenarios.contains(QStringLiteral("straggler")) && n_ > 1
                && d == (spec_.stragglerRank >= 0 ? spec_.stragglerRank : n_ - 1))
                s.speed *= 1.3;
            s.inputRng = Rng(spec_.seed * 0x2545f4914f6cdd1dull + std::uint64_t(d) * 0x9e3779b97f4a7c15ull + 29);
            s.iterStart = t0 + TimeNs(s.rng.uniform(0, 30) * kUs);
            s.aicpuFree = s.iterStart;
            s.hostFree = s.iterStart - 2000 * kUs;
            s.txFree = s.hostFree;
            if (torch_) {
                s.hostRng = Rng(spec_.seed * 0x94d049bb133111ebull + std::uint64_t(d) * 0x9e3779b97f4a7c15ull + 41);
                s.torchHost = s.hostFree;
                // Weights, their gradients and the optimizer's state (fp32) stay allocated.
                double params = 0;
                for (const Parameter &p : g_.params)
                    params += double(p.elements);
                s.memory.allocatedMB = params * 4.0 * 3.0 / (1024.0 * 1024.0);
                s.memory.reservedMB = std::ceil(s.memory.allocatedMB / 2.0) * 2.0;
            }
        }
        t0_ = t0;
        // Host input pipeline: batches/s; the slow-input scenario makes it deliver 40 % of
        // what the device consumes, so the prefilled queue drains within a few steps.
        double rate = spec_.inputRate;
        if (rate <= 0 && spec_.scenarios.contains(QStringLiteral("slow-input"))) {
            double iterNs = 0;
            for (const Kernel &k : g_.compute)
                iterNs += (k.aiCpu ? k.aiCpuNs : k.cost.aicoreNs + k.cost.overheadNs) + 150;
            rate = batch_ / (2.5 * iterNs * 1e-9);
        }
        batchIntervalNs_ = rate > 0 ? 1e9 * batch_ / rate : 0;
    }

    // Phase A: GetNext, forward, loss, backward, up to where the reduced gradients are needed.
    void phaseA(int d, int it)
    {
        DeviceState &s = devs[size_t(d)];
        s.batch.clear();
        s.launches.clear();
        s.taskIds.fill(1);
        openWithCarry(s);
        s.fpStart = s.bpEnd = -1;
        s.segReady.assign(size_t(segments_), 0);
        s.reduces.clear();
        const double warm = it == 1 ? 2.5 : 1.0;
        if (it > 1) {
            const bool sessRun = sessRunLike();
            // sess.run: the host sees the step finish, returns to Python and launches again.
            const double gapUs = sessRun ? s.rng.uniform(350, 700) : s.rng.uniform(1.5, 6);
            s.iterStart = s.prevIterEnd + TimeNs(gapUs * kUs);
        }
        if (torch_) {
            // The Python step begins a little before its first launch reaches the device.
            s.torchHost = std::max(s.torchHost, s.iterStart - TimeNs(s.hostRng.uniform(20, 60) * kUs));
            s.torchStepStart = s.torchHost;
        }
        // GetNext: in sink mode the previous iteration already prefetched this batch;
        // otherwise (first step, sess.run) the step issues it now and it completes when the
        // host pipeline has delivered the batch.
        TimeNs aic = s.prefetched ? s.prefetchReady : getNext(s, d, it, it, std::max(s.iterStart, s.aicpuFree), warm);
        s.prefetched = false;
        TimeNs cur = std::max(s.iterStart, aic + 300);
        cur = waitEvent(s, d, it, kComputeStream, cur);
        s.hostLaunch = s.iterStart;

        // Dropout masks on the AI CPU stream (910B: its DSA engine), each announced with an
        // event.
        std::vector<TimeNs> maskReady(masks_.size());
        aic = std::max(aic + 300, cur);
        for (size_t j = 0; j < masks_.size(); ++j) {
            const TimeNs dur = TimeNs(g_.masks[j].aiCpuNs * s.rng.jitter(0.12) * warm * s.speed);
            if (torch_)
                aic = hostGate(s, masks_[j].opId, aic);
            if (split_)
                task(s, d, it, auxStream_, nm_.tDsa, masks_[j].name, masks_[j].opId, aic, dur);
            else
                aiCpuTask(s, d, it, masks_[j], aic, dur);
            aic += dur + 400;
            task(s, d, it, auxStream_, nm_.tEventRecord, nm_.eventRecord, 0, aic, 10);
            maskReady[j] = aic + 10;
            // The AI CPU scheduler takes 5–15 µs to start the next kernel, the DSA queue a
            // fifth of that.
            aic += 10 + TimeNs(s.rng.uniform(5, 15) * kUs / (split_ ? 5 : 1));
        }
        s.aicpuFree = aic;

        const int end = n_ > 1 ? g_.optimizerWait : int(g_.compute.size());
        for (int i = 0; i < end; ++i) {
            const Kernel &k = g_.compute[size_t(i)];
            if (k.waitMask >= 0) {
                cur = std::max(cur, maskReady[size_t(k.waitMask)]);
                cur = waitEvent(s, d, it, kComputeStream, cur);
            }
            cur = runKernel(s, d, it, i, cur, warm);
            if (n_ > 1 && !k.segmentsDone.empty()) {
                cur += 150;
                task(s, d, it, kComputeStream, nm_.tEventRecord, nm_.eventRecord, 0, cur, 10);
                cur += 10;
                for (int seg : k.segmentsDone)
                    s.segReady[size_t(seg)] = cur;
            }
        }
        s.computeCur = cur;
        // In sink mode the next GetNext is queued as soon as the AI CPU is free, so it runs
        // inside this iteration's window and is recorded with this iteration.
        // The last profiled step prefetches too: training goes on after the capture.
        if (!sessRunLike()) {
            s.prefetchReady = getNext(s, d, it, it + 1, s.aicpuFree + TimeNs(s.rng.uniform(2, 8) * kUs), 1.0);
            s.prefetched = true;
        }
    }

    // All-reduce of every gradient segment across all devices (ring per plane).
    void collectives(int it)
    {
        for (int k = 0; k < segments_; ++k)
            allReduce(it, k);
    }

    // Phase B: wait for the reduced gradients, then the optimizer; closes the iteration.
    void phaseB(int d, int it)
    {
        DeviceState &s = devs[size_t(d)];
        const double warm = it == 1 ? 2.5 : 1.0;
        TimeNs cur = s.computeCur;
        if (n_ > 1) {
            // The compute stream waits for the last collective's closing event.
            cur = std::max(cur + 150, s.commDone + 16 * kUs);
            cur = waitEvent(s, d, it, kComputeStream, cur);
            for (int i = g_.optimizerWait; i < int(g_.compute.size()); ++i)
                cur = runKernel(s, d, it, i, cur, warm);
        }
        const TimeNs iterEnd = cur;
        carryLate(s, iterEnd);
        if (opt_.trainingTrace == Switch::On) {
            StepTraceRecord st;
            st.device = std::uint16_t(d);
            st.modelId = kModelId;
            st.iteration = std::uint32_t(it);
            st.fpStart = s.fpStart;
            st.bpEnd = s.bpEnd;
            st.iterationEnd = iterEnd;
            st.previousIterationEnd = s.prevIterEnd;
            st.reduces = s.reduces;
            s.batch.stepTraces.push_back(std::move(st));
        }
        hostRanges(s, d, it, iterEnd);
        if (torch_) {
            // The step ends when the host has read the loss back: it waits for the device.
            s.torchStepEnd = std::max(s.torchHost, iterEnd) + TimeNs(s.hostRng.uniform(10, 30) * kUs);
            s.torchHost = s.torchStepEnd;
        }
        if (torch_ && torch_->recorded[size_t(it)])
            torchStep(s, d, it);
        s.prevIterEnd = iterEnd;
    }

    TimeNs lastEnd() const
    {
        TimeNs e = 0;
        for (const auto &s : devs)
            e = std::max({e, s.prevIterEnd, s.hostFree, s.aicpuFree});
        return e;
    }

private:
    int findPoint(const QString &point, int fallback) const
    {
        if (point.isEmpty())
            return fallback;
        const std::string p = point.toStdString();
        for (size_t i = 0; i < g_.compute.size(); ++i) {
            const std::string &nm = g_.compute[i].name;
            if (nm == p || (nm.size() > p.size() && nm.compare(nm.size() - p.size(), p.size(), p) == 0
                            && nm[nm.size() - p.size() - 1] == '/'))
                return int(i);
        }
        return fallback;
    }

    int prefill() const
    {
        return std::min(sessRunLike() ? kHostPrefill : kSinkPrefill, spec_.queueDepth);
    }

    // The host pipeline delivers batches at the configured rate on average (its workers
    // run in parallel, so one slow batch does not shift the schedule of the later ones):
    // batch b is due at t0 + (b − prefill) × interval, give or take 25 %/√batch (decode
    // and augmentation time varies ~25 % per sample and averages out over a batch), and
    // ~1 % of batches take 1–3 intervals longer (a cold file read, a Python GC pause). Batches arrive in order, and like tf.data's prefetch
    // the pipeline waits for room: batch b is started no earlier than the dequeue of batch
    // b − depth and then takes an interval. So a deep queue absorbs slow batches while a
    // shallow one hands every hiccup to the step (Data Aug Bound).
    // Needs consumed[] up to b − depth; GetNext dequeues in order, so callers have it.
    void produceUpTo(DeviceState &s, int b)
    {
        if (s.ready.empty())
            s.ready.push_back(t0_);
        while (int(s.ready.size()) <= b) {
            const int k = int(s.ready.size());
            if (k <= prefill()) {
                s.ready.push_back(t0_);
                continue;
            }
            const int blocker = k - spec_.queueDepth;
            if (blocker >= 1 && blocker >= int(s.consumed.size()))
                return; // not dequeued yet: the caller asked too far ahead
            double late = s.inputRng.jitter(0.25 / std::sqrt(double(std::max(batch_, 1)))) - 1.0;
            if (s.inputRng.uniform() < 0.01)
                late += s.inputRng.uniform(1, 3);
            TimeNs t = t0_ + TimeNs(batchIntervalNs_ * (double(k - prefill()) + late));
            t = std::max(t, s.ready[size_t(k - 1)]);
            if (blocker >= 1)
                t = std::max(t, s.consumed[size_t(blocker)] + TimeNs(batchIntervalNs_ * std::max(0.3, 1.0 + late)));
            s.ready.push_back(t);
        }
    }

    TimeNs batchAvailable(DeviceState &s, int it)
    {
        if (batchIntervalNs_ <= 0)
            return 0;
        produceUpTo(s, it);
        return s.ready[size_t(it)];
    }

    void queueEvent(DeviceState &s, int d, int it, TimeNs at)
    {
        const int capacity = spec_.queueDepth;
        int depth = capacity;
        if (batchIntervalNs_ > 0) {
            // Batches it+1 .. it+capacity that are in the queue when batch `it` leaves it.
            if (int(s.consumed.size()) <= it)
                s.consumed.resize(size_t(it) + 1, 0);
            s.consumed[size_t(it)] = at;
            produceUpTo(s, it + capacity);
            const auto first = s.ready.begin() + std::min<std::ptrdiff_t>(it + 1, std::ptrdiff_t(s.ready.size()));
            depth = int(std::upper_bound(first, s.ready.end(), at) - first);
            depth = std::clamp(depth, 0, capacity);
        } else {
            depth = std::max(0, capacity - int(s.rng.uniform(0, 2)));
        }
        QueueEventRecord q;
        q.device = std::uint16_t(d);
        q.timestamp = at;
        q.action = nm_.dpAction;
        q.source = nm_.dpSource;
        q.cachedBufferSize = std::uint32_t(depth);
        // The dataset queue is TensorFlow's; a PyTorch step takes its batch from a DataLoader.
        if (!torch_)
            s.batch.queueEvents.push_back(q);
    }

    // GetNext feeding iteration forIt, recorded with iteration `label` (the one whose
    // window it starts in): the AI CPU task, the dp queue event when it dequeues, the
    // EVENT_RECORD that releases the compute stream. Returns when that event is done.
    TimeNs getNext(DeviceState &s, int d, int label, int forIt, TimeNs start, double warm)
    {
        const TimeNs cost = TimeNs(g_.getNext.aiCpuNs * s.rng.jitter(0.05) * (forIt == 1 ? warm : 1.0));
        if (torch_)
            start = hostGate(s, gn_.opId, start);
        const TimeNs end = std::max(start + cost, batchAvailable(s, forIt) + 12 * kUs);
        aiCpuTask(s, d, label, gn_, start, end - start);
        queueEvent(s, d, forIt, end);
        task(s, d, label, auxStream_, nm_.tEventRecord, nm_.eventRecord, 0, end + 200, 10);
        s.aicpuFree = end + 210;
        return end + 210;
    }

    // Moves the records that lie after this iteration's end into the next batch, so every
    // iteration's records lie within (previous end, end] (the prefetch of a slow input
    // pipeline can finish after the step it overlapped). After the last profiled step they
    // belong to a step outside the capture and are dropped.
    void carryLate(DeviceState &s, TimeNs iterEnd)
    {
        auto &tasks = s.batch.tasks;
        for (auto it = tasks.begin(); it != tasks.end();) {
            if (it->start > iterEnd) {
                s.carryTasks.push_back(*it);
                it = tasks.erase(it);
            } else
                ++it;
        }
        auto &cpu = s.batch.aiCpu;
        for (auto it = cpu.begin(); it != cpu.end();) {
            if (it->timestamp > iterEnd) {
                s.carryAiCpu.push_back(*it);
                it = cpu.erase(it);
            } else
                ++it;
        }
        auto &q = s.batch.queueEvents;
        for (auto it = q.begin(); it != q.end();) {
            if (it->timestamp > iterEnd) {
                s.carryQueue.push_back(*it);
                it = q.erase(it);
            } else
                ++it;
        }
    }

    // Starts a batch with the records carried over from the previous iteration, relabelled
    // and renumbered: they are the first tasks of their streams in this iteration.
    void openWithCarry(DeviceState &s)
    {
        std::stable_sort(s.carryTasks.begin(), s.carryTasks.end(),
                         [](const TaskRecord &a, const TaskRecord &b) { return a.start < b.start; });
        for (TaskRecord t : s.carryTasks) {
            const std::uint32_t old = t.taskId;
            t.iteration += 1;
            t.taskId = ++s.taskIds[t.streamId];
            for (AiCpuRecord &a : s.carryAiCpu)
                if (a.streamId == t.streamId && a.taskId == old && a.iteration + 1 == t.iteration) {
                    a.taskId = t.taskId;
                    a.iteration = t.iteration;
                }
            s.batch.tasks.push_back(t);
        }
        for (const AiCpuRecord &a : s.carryAiCpu)
            s.batch.aiCpu.push_back(a);
        for (const QueueEventRecord &q : s.carryQueue)
            s.batch.queueEvents.push_back(q);
        s.carryTasks.clear();
        s.carryAiCpu.clear();
        s.carryQueue.clear();
    }

    TimeNs runKernel(DeviceState &s, int d, int it, int i, TimeNs cur, double warm)
    {
        return g_.compute[size_t(i)].aiCpu ? aiCpuKernel(s, d, it, i, cur, warm) : kernelTask(s, d, it, i, cur, warm);
    }

    // A compute op without an AI Core kernel: the compute stream hands over to the AI CPU
    // stream with an event, the op runs there, and the compute stream waits for it back.
    TimeNs aiCpuKernel(DeviceState &s, int d, int it, int i, TimeNs cur, double warm)
    {
        const Kernel &k = g_.compute[size_t(i)];
        cur += 150;
        task(s, d, it, kComputeStream, nm_.tEventRecord, nm_.eventRecord, 0, cur, 10);
        TimeNs a = std::max(s.aicpuFree, cur + 10) + 300;
        a = waitEvent(s, d, it, auxStream_, a);
        const TimeNs dur = TimeNs(k.aiCpuNs * s.rng.jitter(0.08) * warm * s.speed);
        if (torch_)
            a = hostGate(s, compute_[size_t(i)].opId, a);
        if (i == fpIndex_ && s.fpStart < 0)
            s.fpStart = a;
        aiCpuTask(s, d, it, compute_[size_t(i)], a, dur);
        a += dur + 400;
        if (i == bpIndex_)
            s.bpEnd = a - 400;
        task(s, d, it, auxStream_, nm_.tEventRecord, nm_.eventRecord, 0, a, 10);
        s.aicpuFree = a + 10;
        cur = a + 310;
        return waitEvent(s, d, it, kComputeStream, cur);
    }

    // The stream waits for an event: EVENT_WAIT, then on the 910 an EVENT_RESET (the
    // 910B's scheduler resets the event itself). Returns when the stream goes on.
    TimeNs waitEvent(DeviceState &s, int d, int it, std::uint32_t stream, TimeNs cur)
    {
        task(s, d, it, stream, nm_.tEventWait, nm_.eventWait, 0, cur, 10);
        if (!split_)
            task(s, d, it, stream, nm_.tEventReset, nm_.eventReset, 0, cur + 110, 50);
        return cur + 260;
    }

    // sharedId: the task id of a 910B collective, whose sub-tasks all carry it (0 = the
    // stream's next id).
    TaskRecord *task(DeviceState &s, int d, int it, std::uint32_t stream, const TaskType &type, StrId name,
                     std::uint32_t opId, TimeNs start, TimeNs dur, std::uint32_t sharedId = 0)
    {
        const std::uint32_t id = sharedId ? sharedId : ++s.taskIds[stream];
        lastTaskId_ = id;
        // Drawn even when not recorded so that switching options never changes timings.
        const TimeNs pending = 500 + TimeNs(s.rng.bits() % 2500);
        if (torch_ && opId)
            s.launches.push_back({opId, stream, start, s.hostA, s.hostE});
        if (!timing_)
            return nullptr;
        TaskRecord t;
        t.device = std::uint16_t(d);
        t.modelId = kModelId;
        t.iteration = std::uint32_t(it);
        t.streamId = stream;
        t.taskId = id;
        t.type = type.text;
        t.kind = type.kind;
        t.start = start;
        t.duration = dur;
        t.pending = pending;
        t.opId = opId;
        t.name = name;
        s.batch.tasks.push_back(t);
        return &s.batch.tasks.back();
    }

    void aiCpuTask(DeviceState &s, int d, int it, const KernelPlan &p, TimeNs start, TimeNs dur)
    {
        // AI CPU time split: dispatch to the ARM core, preprocessing, compute, copy-out.
        const double dispatch = s.rng.uniform(6, 14) * kUs;
        const double pre = s.rng.uniform(2, 6) * kUs;
        task(s, d, it, auxStream_, nm_.tAiCpu, p.name, p.opId, start, dur);
        if (opt_.aicpu != Switch::On)
            return;
        AiCpuRecord a;
        a.device = std::uint16_t(d);
        a.modelId = kModelId;
        a.iteration = std::uint32_t(it);
        a.streamId = auxStream_;
        a.taskId = lastTaskId_;
        a.node = p.name;
        a.timestamp = start;
        const double body = std::max(1000.0, double(dur) - dispatch - pre);
        a.memcpyTime = TimeNs(body * 0.04);
        a.computeTime = TimeNs(body) - a.memcpyTime;
        a.taskTime = TimeNs(pre) + a.computeTime + a.memcpyTime;
        a.dispatchTime = TimeNs(dispatch);
        a.totalTime = a.taskTime + a.dispatchTime + TimeNs(s.rng.uniform(1, 4) * kUs);
        s.batch.aiCpu.push_back(a);
    }

    // One AI Core kernel on the compute stream starting after cur; returns its end.
    TimeNs kernelTask(DeviceState &s, int d, int it, int i, TimeNs cur, double warm)
    {
        const Kernel &k = g_.compute[size_t(i)];
        const KernelPlan &p = compute_[size_t(i)];
        const KernelCost &c = k.cost;
        TimeNs start = cur + 90 + TimeNs(s.rng.bits() % 80);
        if (torch_)
            start = hostGate(s, p.opId, start);
        if (launchBound_) {
            // Op-by-op launch: the host dispatches each kernel (framework + rtKernelLaunch),
            // the device cannot run ahead of it.
            s.hostLaunch += TimeNs(s.rng.uniform(14, 26) * kUs);
            start = std::max(start, s.hostLaunch);
        }
        const double aicore = c.aicoreNs * s.rng.jitter(0.025) * warm * s.speed;
        const double ghz = chipProfile(chip_).clockGHz;
        const std::uint64_t cycles = std::uint64_t(std::llround(aicore * ghz * c.blockDim));
        const double aicoreUs = double(cycles) / (ghz * 1000.0) / c.blockDim;
        const TimeNs dur = TimeNs(std::ceil(aicoreUs * 1000.0 + c.overheadNs * s.rng.uniform(0.8, 1.2)));
        const double l2j = s.rng.uniform(-0.02, 0.02);
        if (i == fpIndex_ && s.fpStart < 0)
            s.fpStart = start;
        if (i == bpIndex_)
            s.bpEnd = start + dur;
        TaskRecord *t = task(s, d, it, kComputeStream, *p.type, p.name, p.opId, start, dur);
        if (t) {
            if (l1_ && split_) {
                // The 910B files count cycles per core kind: the task's total is the cube
                // cores' (aic_total_cycles), 0 for a vector kernel.
                const bool cube = k.cores == Cores::Cube || k.cores == Cores::MixCube;
                t->totalCycles = cube ? cycles : 0;
                if (pmu_)
                    fillPmuSplit(*t, k, p.r, aicoreUs, cycles, double(dur) / 1000.0);
            } else if (l1_) {
                t->totalCycles = cycles;
                if (pmu_)
                    fillPmu(*t, c, p.r, aicoreUs);
            }
            if (opt_.l2 == Switch::On) {
                t->l2HitRate = round3(std::clamp(c.l2Hit + l2j, 0.0, 1.0));
                t->l2VictimRate = round3(std::clamp(c.l2Victim - l2j * 0.3, 0.0, 1.0));
            }
        }
        return start + dur;
    }

    // 910B: the cube-side (aic_*) and vector-side (aiv_*) metric sets side by side, each
    // filled for the cores the kernel ran on (splitPmuColumns names them).
    void fillPmuSplit(TaskRecord &t, const Kernel &k, const PmuRatios &r, double us, std::uint64_t cycles, double durUs)
    {
        const ChipProfile &chip = chipProfile(chip_);
        const bool cube = k.cores == Cores::Cube || k.cores == Cores::MixCube;
        const bool vector = k.cores != Cores::Cube;
        const double vecCycles = k.cores == Cores::MixCube ? us * chip.clockGHz * 1000.0 * k.mixBlockDim : double(cycles);
        const float aicUs = cube ? float(us) : 0.f, aivUs = vector ? float(us) : 0.f;
        auto &v = t.pmu;
        if (opt_.aicMetrics != AicMetrics::PipeUtilization) {
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

    void fillPmu(TaskRecord &t, const KernelCost &c, const PmuRatios &r, double us)
    {
        auto &v = t.pmu;
        const double ns = us * 1000.0;
        auto bw = [&](double bytes) { return round3(bytes / ns); }; // bytes/ns == GB/s
        switch (opt_.aicMetrics) {
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

    // --- collectives -------------------------------------------------------------------

    // One all-reduce of a gradient segment on every device (HCCL's algorithm for the
    // server's wiring: device/collectives.h), turned into hardware tasks on the plane
    // streams and, with hccl on, the HCCL plane records and the collective op.
    void allReduce(int it, int seg)
    {
        const std::uint64_t bytes = g_.segmentBytes[size_t(seg)];
        std::vector<TimeNs> ready(static_cast<size_t>(n_));
        for (int d = 0; d < n_; ++d) {
            DeviceState &s = devs[size_t(d)];
            // The main plane's stream picks up the compute stream's event ~20 µs later.
            ready[size_t(d)] = std::max(s.segReady[size_t(seg)] + TimeNs(s.rng.uniform(18, 26) * kUs), s.commFree);
        }
        const AllReduceResult r = ar_.run(ready, bytes, [&](int d, double sigma) { return devs[size_t(d)].rng.jitter(sigma); });
        for (int d = 0; d < n_; ++d) {
            DeviceState &s = devs[size_t(d)];
            std::vector<const CommTask *> order;
            order.reserve(r.tasks[size_t(d)].size());
            for (const CommTask &t : r.tasks[size_t(d)])
                order.push_back(&t);
            std::stable_sort(order.begin(), order.end(),
                             [](const CommTask *a, const CommTask *b) { return a->start < b->start; });
            std::uint32_t sharedId = 0;
            for (const CommTask *t : order)
                commTask(s, d, it, *t, sharedId);
            s.commFree = r.done[size_t(d)] + 110;
            s.commDone = r.done[size_t(d)];
            s.reduces.push_back({r.begin[size_t(d)], r.end[size_t(d)]});
            if (collectiveOps_) {
                CollectiveOpRecord c;
                c.device = std::uint16_t(d);
                c.modelId = kModelId;
                c.iteration = std::uint32_t(it);
                c.name = nm_.collective[size_t(seg)];
                c.opType = nm_.allReduce;
                c.start = r.begin[size_t(d)];
                c.duration = r.end[size_t(d)] - r.begin[size_t(d)];
                c.bytes = bytes;
                c.segment = std::uint32_t(seg);
                s.batch.collectives.push_back(c);
            }
        }
    }

    StrId linkName(Link l) const
    {
        switch (l) {
        case Link::OnChip: return nm_.onChip;
        case Link::Hccs: return nm_.hccs;
        case Link::Pcie: return nm_.pcie;
        case Link::Roce: return nm_.roce;
        }
        return nm_.invalid;
    }

    // sharedId: the 910B runs a collective as one task whose sub-tasks share its id; the
    // first sub-task takes the stream's next id into it.
    void commTask(DeviceState &s, int d, int it, const CommTask &c, std::uint32_t &sharedId)
    {
        const std::uint32_t stream = split_ ? kCommStreamSplit : kPlaneStreams[size_t(c.plane) % kPlaneStreams.size()];
        const TaskType *type = &nm_.tEventRecord;
        StrId hwName = nm_.eventRecord, hName = 0;
        switch (c.op) {
        case CommOp::NotifyWait: type = &nm_.tNotifyWait; hwName = nm_.notifyWait; hName = nm_.hNotifyWait; break;
        case CommOp::NotifyRecord: type = &nm_.tNotifyRecord; hwName = nm_.notifyRecord; hName = nm_.hNotifyRecord; break;
        case CommOp::Reduce: type = &nm_.tReduce; hwName = nm_.reduceAsync; hName = nm_.hReduce; break;
        case CommOp::Memcpy: type = &nm_.tMemcpy; hwName = nm_.memcpyAsync; hName = nm_.hMemcpy; break;
        case CommOp::EventWait: type = &nm_.tEventWait; hwName = nm_.eventWait; break;
        case CommOp::EventReset: type = &nm_.tEventReset; hwName = nm_.eventReset; break;
        case CommOp::EventRecord: type = &nm_.tEventRecord; hwName = nm_.eventRecord; break;
        }
        const bool sub = split_ && c.hcclTask;
        if (sub)
            hwName = type->text; // the 910B timeline names sub-tasks by their type
        task(s, d, it, stream, *type, hwName, 0, c.start, c.duration, sub ? sharedId : 0);
        if (sub && !sharedId)
            sharedId = lastTaskId_;
        if (!hccl_ || !c.hcclTask || hName == 0)
            return;
        const bool data = c.op == CommOp::Reduce || c.op == CommOp::Memcpy;
        HcclTaskRecord h;
        h.device = std::uint16_t(d);
        h.modelId = kModelId;
        h.iteration = std::uint32_t(it);
        h.plane = std::uint32_t(c.plane);
        h.name = hName;
        h.start = c.start;
        h.duration = c.duration;
        h.notifyId = c.notifyId;
        h.streamId = stream;
        h.taskId = lastTaskId_;
        h.srcRank = std::uint32_t(d);
        if (c.op == CommOp::NotifyRecord)
            h.dstRank = c.local ? std::uint32_t(d) : c.peer;
        else
            h.dstRank = c.local ? (c.peer == std::uint32_t(d) ? c.peer : kInvalidId) : c.peer;
        h.transportType = c.op == CommOp::NotifyWait ? nm_.local : (c.link == Link::Roce ? nm_.rdma : nm_.sdma);
        h.sizeBytes = data ? c.bytes : 0;
        h.dataType = c.op == CommOp::Reduce ? (c.smallReduce ? nm_.int32 : nm_.fp32) : nm_.invalid;
        h.linkType = data ? linkName(c.link) : nm_.invalid;
        const ChipProfile &chip = chipProfile(chip_);
        const double nominal = c.link == Link::OnChip ? chip.onChipCopyGBps : chip.sdmaTransferGBps;
        h.durationEstimatedUs = data ? double(c.bytes) / nominal / 1000.0 + 0.6
                                     : (c.op == CommOp::NotifyWait ? 0.02 : 1.0);
        h.bandwidthGBps = data && c.duration > 0 ? double(c.bytes) / double(c.duration) : 0.0;
        s.batch.hcclTasks.push_back(h);
    }

    bool sessRunLike() const
    {
        // An eager PyTorch step pulls its batch and launches op by op, like sess.run.
        return torch_ || spec_.mode == LaunchMode::SessRun;
    }

    // The host side of a kernel launch in a PyTorch session: its aten op runs on the host
    // after the previous one, and the kernel cannot start on the device before the op's
    // Node@launch has handed it over. Returns the kernel's start.
    TimeNs hostGate(DeviceState &s, std::uint32_t opId, TimeNs start)
    {
        const bool backward = host_->backward(opId);
        const TimeNs cost = TimeNs(s.hostRng.uniform(backward ? 12 : 18, backward ? 28 : 42) * kUs);
        s.hostA = s.torchHost;
        s.hostE = s.hostA + cost;
        s.torchHost = s.hostE;
        return std::max(start, s.hostA + cost * 96 / 100 + 3 * kUs);
    }

    // Strings of the PyTorch host lane, all declared before the first step.
    void torchPrelude(RecordBatch &b)
    {
        host_.emplace(*torch_, opt_.runtimeApi == Switch::On, timing_, kModelId);
        const std::string model = g_.modelName;
        const std::string train = "train.py(212): train_step;\r\ntrain.py(268): main;\r\ntrain.py(281): <module>";
        host_->prelude(strings_, b, spec_.iterations,
                       {.forward = "models/" + model + ".py(97): forward;\r\ntorch/nn/modules/module.py(1527): _call_impl;\r\n" + train,
                        .loss = "torch/nn/modules/loss.py(1179): forward;\r\ntorch/nn/modules/module.py(1527): _call_impl;\r\n" + train,
                        .optimizer = "torch/optim/sgd.py(75): step;\r\ntorch/optim/optimizer.py(373): wrapper;\r\n" + train,
                        .load = train});
        host_->addOp(strings_, b, g_.getNext, gn_.opId, true);
        for (size_t j = 0; j < masks_.size(); ++j)
            host_->addOp(strings_, b, g_.masks[j], masks_[j].opId, false);
        for (size_t j = 0; j < compute_.size(); ++j)
            host_->addOp(strings_, b, g_.compute[j], compute_[j].opId, false);
    }

    // The host side of one recorded PyTorch step on device d (TorchHostLane) and torch_npu's
    // step time breakdown.
    void torchStep(DeviceState &s, int d, int it)
    {
        RecordBatch &b = s.batch;
        host_->step(b, std::uint16_t(d), it, s.launches, s.torchStepStart, s.torchStepEnd, s.memory);
        if (timing_) {
            analysis::StepActivity act;
            act.stepStart = s.torchStepStart;
            act.stepEnd = s.torchStepEnd;
            for (const TaskRecord &t : b.tasks)
                if (t.iteration == std::uint32_t(it) && isComputeKind(t.kind))
                    act.computing.push_back({t.start, t.start + t.duration});
            for (const auto &r : s.reduces)
                act.communication.push_back({r.start, r.end});
            StepTimeRecord st = analysis::stepTimeBreakdown(act);
            st.device = std::uint16_t(d);
            st.step = host_->stepName(it);
            b.stepTimes.push_back(st);
        }
    }

    void hostRanges(DeviceState &s, int d, int it, TimeNs iterEnd)
    {
        const TimeNs geStart = std::max(s.hostFree + 5 * kUs, s.iterStart - TimeNs(s.rng.uniform(180, 260) * kUs));
        const TimeNs geEnd = iterEnd + TimeNs(s.rng.uniform(15, 40) * kUs);
        auto range = [&](HostRangeRecord::Kind kind, StrId name, TimeNs a, TimeNs b) -> HostRangeRecord & {
            HostRangeRecord h;
            h.kind = kind;
            h.device = std::uint16_t(d);
            h.modelId = kModelId;
            h.iteration = std::uint32_t(it);
            h.pid = kHostPid;
            h.tid = kHostTid + std::uint32_t(d);
            h.name = name;
            h.start = a;
            h.duration = std::max<TimeNs>(0, b - a);
            s.batch.hostRanges.push_back(h);
            return s.batch.hostRanges.back();
        };
        // A PyTorch step launches op by op: its CANN and runtime ranges are the launches'
        // (torchStep), not a graph execution.
        if (timing_ && !torch_)
            range(HostRangeRecord::Kind::Cann, nm_.geInfer, geStart, geEnd);
        if (opt_.runtimeApi == Switch::On && !torch_) {
            const TimeNs execEnd = geStart + TimeNs(s.rng.uniform(20, 45) * kUs);
            range(HostRangeRecord::Kind::RuntimeApi, nm_.rtExec, geStart + 8 * kUs, execEnd);
            range(HostRangeRecord::Kind::RuntimeApi, nm_.rtSync, execEnd + 2 * kUs, iterEnd + 8 * kUs);
        }
        if (opt_.msproftx == Switch::On) {
            const TimeNs loadStart = std::max(s.txFree, geStart - TimeNs(s.rng.uniform(40, 90) * kUs));
            auto &a = range(HostRangeRecord::Kind::MsprofTx, nm_.txData, loadStart, geStart - 2 * kUs);
            a.eventType = nm_.txStartEnd; a.messageType = nm_.txAscii; a.payloadValue = std::uint64_t(it);
            auto &b = range(HostRangeRecord::Kind::MsprofTx, nm_.txStep, geStart, geEnd);
            b.eventType = nm_.txStartEnd; b.messageType = nm_.txAscii; b.payloadValue = std::uint64_t(it);
            s.txFree = geEnd;
        }
        s.hostFree = geEnd;
    }

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

} // namespace

Emulator::Emulator(SessionSpec spec, ProfilingOptions options)
    : spec_(std::move(spec)), options_(std::move(options))
{
}

QStringList scenarioNames()
{
    return knownScenarios();
}

QStringList Emulator::problems(const SessionSpec &spec)
{
    // Every problem, not the first: a user who typed three wrong values fixes them at once.
    QStringList out;
    auto fail = [&](const QString &msg) { out << msg; };
    if (spec.batchSize < 1 || spec.batchSize > 4096)
        fail(QCoreApplication::translate("Emulator", "The batch size %1 is out of range: it must be between 1 and 4096.")
                        .arg(spec.batchSize));
    const bool llm = isLlamaModel(spec.model);
    if (llm) {
        out << llamaProblems(spec);
    } else if (!zooModelNames().contains(spec.model)) {
        if (spec.model.endsWith(QLatin1String(".json"), Qt::CaseInsensitive) || QFileInfo::exists(spec.model)) {
            Network net;
            QString why;
            if (!loadJsonNetwork(spec.model, spec.batchSize, &net, &why))
                fail(why);
        } else {
            fail(QCoreApplication::translate("Emulator", "The model \"%1\" is unknown. Use one of: %2, or the path of a JSON model file.")
                            .arg(spec.model, (zooModelNames() + llmModelNames()).join(QStringLiteral(", "))));
        }
    }
    if (spec.iterations < 1 || spec.iterations > 100000)
        fail(QCoreApplication::translate("Emulator", "The iteration count %1 is out of range: it must be between 1 and 100000.")
                        .arg(spec.iterations));
    Chip chip = Chip::Ascend910;
    if (!chipFromName(spec.chip, &chip))
        fail(QCoreApplication::translate("Emulator", "The chip \"%1\" is unknown. Use one of: %2.")
                        .arg(spec.chip, chipNames().join(QStringLiteral(", "))));
    if (spec.devicesPerServer < 1 || spec.devicesPerServer > chipProfile(chip).devicesPerServer)
        fail(QCoreApplication::translate("Emulator", "The device count %1 per server is out of range: an Ascend %2 server has 1 to %3 devices.")
                        .arg(spec.devicesPerServer)
                        .arg(chipName(chip))
                        .arg(chipProfile(chip).devicesPerServer));
    // LLM sessions scale to 64 ranks: up to 8 servers of 8.
    const int maxServers = llm ? 8 : 4;
    if (spec.servers < 1 || spec.servers > maxServers)
        fail(QCoreApplication::translate("Emulator", "The server count %1 is out of range: it must be between 1 and %2.")
                        .arg(spec.servers).arg(maxServers));
    if (spec.segments < 1 || spec.segments > 64)
        fail(QCoreApplication::translate("Emulator", "The all-reduce segment count %1 is out of range: it must be between 1 and 64.")
                        .arg(spec.segments));
    if (spec.queueDepth < 1 || spec.queueDepth > 1024)
        fail(QCoreApplication::translate("Emulator", "The input queue depth %1 is out of range: it must be between 1 and 1024 batches.")
                        .arg(spec.queueDepth));
    if (!(spec.inputRate >= 0) || std::isinf(spec.inputRate))
        fail(QCoreApplication::translate("Emulator", "The input rate %1 samples/s is not valid: it must be 0 (fast enough) or a positive number.")
                        .arg(spec.inputRate));
    for (const QString &s : spec.scenarios)
        if (!knownScenarios().contains(s))
            fail(QCoreApplication::translate("Emulator", "The scenario \"%1\" is unknown. Known scenarios: %2.")
                            .arg(s, knownScenarios().join(QStringLiteral(", "))));
        else if (!llm && llmOnlyScenarios().contains(s))
            fail(QCoreApplication::translate("Emulator", "The scenario \"%1\" needs an LLM session (model %2).")
                            .arg(s, llmModelNames().join(QStringLiteral(", "))));
        else if (llm && notLlmScenarios().contains(s))
            fail(QCoreApplication::translate("Emulator", "The scenario \"%1\" does not apply to an LLM session.").arg(s));
    if (!llm && spec.stragglerRank >= spec.deviceCount())
        fail(QCoreApplication::translate("Emulator", "The straggler rank %1 does not exist: the session has ranks 0 to %2.")
                        .arg(spec.stragglerRank).arg(spec.deviceCount() - 1));
    if (spec.framework == Framework::PyTorch) {
        torchcfg::TorchProfilerConfig cfg;
        const auto configProblems = torchcfg::TorchProfilerConfig::parse(
            spec.torchProfilerConfig.isEmpty() ? QByteArrayLiteral("{}") : spec.torchProfilerConfig, &cfg);
        for (const auto &p : configProblems)
            if (p.severity == torchcfg::ConfigProblem::Severity::Error)
                fail(QCoreApplication::translate("Emulator", "The torch_npu profiler config cannot be used: %1 (%2)")
                                .arg(p.message, p.key));
    }
    return out;
}

bool Emulator::validate(const SessionSpec &spec, QString *error)
{
    const QStringList p = problems(spec);
    if (!p.isEmpty() && error)
        *error = p.join(QLatin1Char('\n'));
    return p.isEmpty();
}

SessionStatus Emulator::run(RecordSink &sink, const std::atomic_bool *cancel,
                            const std::function<void(const EmulatorProgress &)> &progress)
{
    error_.clear();
    if (!validate(spec_, &error_)) {
        return SessionStatus::Failed;
    }
    if (isLlamaModel(spec_.model))
        return runLlmSession(spec_, options_, sink, cancel, progress, &error_);
    // launch-bound: a batch so small that launching the kernels costs more than running them.
    const int batch = spec_.scenarios.contains(QStringLiteral("launch-bound")) ? 1 : spec_.batchSize;
    Network net;
    if (!buildZooNetwork(spec_.model.toStdString(), batch, &net) && !loadJsonNetwork(spec_.model, batch, &net, &error_))
        return SessionStatus::Failed;
    // aicpu-fallback: the input pipeline delivers int64 labels, for which OneHot has no AI
    // Core kernel: the graph engine falls back to the AI CPU kernel.
    if (spec_.scenarios.contains(QStringLiteral("aicpu-fallback")))
        net.int64Labels = true;
    const int segments = spec_.scenarios.contains(QStringLiteral("single-segment")) ? 1 : spec_.segments;
    Chip chip = Chip::Ascend910;
    chipFromName(spec_.chip, &chip);
    const ChipProfile &profile = chipProfile(chip);
    const CompiledGraph graph = compileGraph(net, spec_.precision == Precision::Mixed, segments, spec_.deviceCount() > 1, profile);

    // A PyTorch session collects what its torch_npu config asks CANN for; validate() has
    // checked that the config parses.
    std::optional<TorchPlan> torch;
    ProfilingOptions options = options_;
    int recordedSteps = spec_.iterations;
    if (spec_.framework == Framework::PyTorch) {
        torch = torchPlan(spec_.torchProfilerConfig, spec_.iterations, &options);
        recordedSteps = torch->recordedSteps;
    }

    const int n = spec_.deviceCount();
    Rng sessionRng(spec_.seed);
    const TimeNs monoBegin = kMonotonicBase + TimeNs(spec_.seed % 1000) * 1'000'000'000 / 10;
    // Dated by the real clock, as a collection on hardware is; an explicit clock base makes
    // the output reproducible.
    const std::int64_t wallBegin =
        spec_.clockBaseUs != 0 ? spec_.clockBaseUs : QDateTime::currentMSecsSinceEpoch() * 1000;

    SessionInfo info;
    info.name = QStringLiteral("%1 b%2 ×%3").arg(spec_.model, QString::number(spec_.batchSize), QString::number(n));
    if (chip != Chip::Ascend910)
        info.name += QStringLiteral(" %1").arg(chipName(chip));
    if (torch)
        info.name += QStringLiteral(" PyTorch");
    // What tells runs of one model apart in a list of them: the scenarios and a launch mode
    // other than the default.
    if (spec_.mode == LaunchMode::SessRun)
        info.name += QStringLiteral(" sess.run");
    if (!spec_.scenarios.isEmpty())
        info.name += QStringLiteral(" · ") + spec_.scenarios.join(QStringLiteral(", "));
    info.spec = spec_;
    // What was collected, in msprof's terms (for PyTorch: what torch_npu asked CANN for).
    info.optionsJson = options.toJson();
    info.appVersion = QStringLiteral(NPUSCOPE_VERSION);
    info.createdWallUs = wallBegin;
    for (int d = 0; d < n; ++d) {
        DeviceInfo di;
        di.id = std::uint16_t(d);
        di.rankId = std::uint32_t(d);
        di.hostPid = kHostPid;
        di.aiCoreNum = profile.cubeCores;
        di.aiCpuNum = profile.aiCpuCores;
        di.aicFrequencyMHz = int(std::lround(profile.clockGHz * 1000));
        di.hwtsFrequencyMHz = profile.hwtsMHz;
        di.hostname = QStringLiteral("npuscope-emulator");
        const TimeNs skew = TimeNs(d) * 250'000 + TimeNs(sessionRng.uniform(0, 100'000));
        di.monotonicBegin = monoBegin + skew;
        di.wallBeginUs = wallBegin + skew / 1000;
        info.devices.push_back(di);
    }
    info.models.push_back({kModelId, QString::fromStdString(graph.modelName), recordedSteps});
    if (options.taskTimingOn() && options.taskTime == TaskTimeLevel::L1 && (!torch || torch->pmu))
        info.pmuColumns = profile.splitCores ? splitPmuColumns(options.aicMetrics) : aicMetricsColumns(options.aicMetrics);

    auto finish = [&](SessionStatus st, TimeNs end) {
        for (auto &di : info.devices) {
            di.monotonicEnd = std::max(end, di.monotonicBegin) + 120'000'000;
            di.wallEndUs = di.wallBeginUs + (di.monotonicEnd - di.monotonicBegin) / 1000;
        }
        sink.end(st, info.devices);
        return st;
    };

    if (!sink.begin(info)) {
        error_ = sink.errorString();
        return finish(SessionStatus::Failed, monoBegin);
    }
    Run run(spec_, options, graph, batch, chip, torch ? &*torch : nullptr);
    RecordBatch first;
    run.prelude(first);
    EmulatorProgress prog;
    prog.iterations = spec_.iterations;
    if (!sink.write(first)) {
        error_ = sink.errorString();
        return finish(SessionStatus::Failed, monoBegin);
    }
    prog.records += first.recordCount();
    // Graph load and HCCL initialisation before the first step (~1.2 s as on hardware).
    run.initDevices(monoBegin + 1'200'000'000 + TimeNs(sessionRng.uniform(0, 50'000'000)));

    for (int it = 1; it <= spec_.iterations; ++it) {
        if (cancel && cancel->load())
            return finish(SessionStatus::Cancelled, run.lastEnd());
        for (int d = 0; d < n; ++d)
            run.phaseA(d, it);
        run.collectives(it);
        for (int d = 0; d < n; ++d)
            run.phaseB(d, it);
        // Steps the torch_npu schedule does not record run all the same, unseen.
        const bool recorded = !torch || torch->recorded[size_t(it)];
        for (int d = 0; d < n && recorded; ++d) {
            RecordBatch &b = run.devs[size_t(d)].batch;
            if (!sink.write(b)) {
                error_ = sink.errorString();
                if (error_.isEmpty())
                    error_ = QCoreApplication::translate("Emulator", "The record store refused a batch of iteration %1.").arg(it);
                return finish(SessionStatus::Failed, run.lastEnd());
            }
            prog.records += b.recordCount();
        }
        prog.iteration = it;
        if (progress)
            progress(prog);
    }
    return finish(SessionStatus::Complete, run.lastEnd());
}

} // namespace npuscope::device
