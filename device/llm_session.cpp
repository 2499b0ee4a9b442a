// An LLM session: the llama family (models/llama.h) on dp × tp × pp ranks under the 1F1B
// schedule (parallel_schedule.h), replayed into the records the profiler writes: compute
// kernels on stream 2, tensor-parallel collectives, pipeline send/receive and the data-
// parallel gradient all-reduce on the HCCL stream (their HCCL tasks and collective ops
// named hcom_<op>__<n>_<call>_1@<group>), the optimizer, step traces and, for PyTorch
// sessions, ProfilerStep ranges and torch_npu's step time breakdown.

#include "device/parallel_schedule.h"

#include "device/chip.h"
#include "device/collectives.h"
#include "device/emulator.h"
#include "device/models/llama.h"
#include "device/rng.h"
#include "device/session_frame.h"
#include "device/torch_host.h"
#include "device/torch_session.h"

#include "core/analysis/step_time.h"

#include <QCoreApplication>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <optional>

namespace npuscope::device {

namespace {

constexpr std::uint32_t kComputeStream = 2;
constexpr std::uint32_t kCommStream = 4;
constexpr std::uint32_t kP2pStream = 5;
constexpr TimeNs kUs = 1000;

struct RankState {
    Rng rng;
    double speed = 1.0;
    TimeNs cur = 0;          // compute stream
    TimeNs commFree = 0;     // HCCL stream
    TimeNs p2pFree = 0;      // the point-to-point stream
    TimeNs hostLaunch = 0;   // the host's last launch (launch-bound, PyTorch)
    Rng hostRng;             // PyTorch host costs, drawn apart so they never shift the device's
    std::vector<TorchLaunch> launches; // PyTorch: this step's launches
    TorchMemory memory;      // PyTorch: the caching allocator between steps
    TimeNs lastMatmulStart = 0, lastMatmulDur = 0;
    TimeNs fpStart = -1, bpEnd = -1, stepStart = 0, prevEnd = -1;
    TimeNs prevStepEnd = 0; // the host's last ProfilerStep ends here: the next one starts after it
    std::array<std::uint32_t, 8> taskIds{};
    std::map<std::string, int> calls; // per op and group: the call index of the step
    std::vector<analysis::Interval> comm, receives, reduces;
    RecordBatch batch;
};

struct OpPlan {
    StrId name = 0;
    std::uint32_t opId = 0;
    TaskKind kind = TaskKind::AiCore;
    StrId type = 0;
};

struct StagePlan {
    LlamaStage k;
    std::vector<OpPlan> fwd, bwd, opt;
    size_t commCount = 0; // tensor-parallel collectives per micro-batch
};

class LlmRun {
public:
    LlmRun(const SessionSpec &spec, const ProfilingOptions &opt, const TorchPlan *torch, const std::vector<bool> &recorded)
        : spec_(spec), opt_(opt), torch_(torch), recorded_(recorded)
    {
        lay_ = {spec.llm.dp, spec.llm.tp, spec.llm.pp};
        chipFromName(spec.chip, &chip_);
        cp_ = &chipProfile(chip_);
        split_ = cp_->splitCores;
        launchBound_ = spec.scenarios.contains(QStringLiteral("launch-bound"));
        overlap_ = !spec.scenarios.contains(QStringLiteral("tp-no-overlap"));
        m_ = spec.scenarios.contains(QStringLiteral("pipeline-bubble")) ? 1 : spec.llm.microBatches;
        shape_ = llamaShape(spec);
        mb_ = spec.batchSize;
        if (launchBound_) {
            // Host-bound: short sequences of one sample, so each kernel is shorter than its launch.
            shape_.seqLen = std::min(shape_.seqLen, 256);
            mb_ = 1;
        }
        timing_ = opt.taskTimingOn();
        hccl_ = opt.hccl == Switch::On || torch;
    }

    int microBatches() const { return m_; }

    void prelude(RecordBatch &b)
    {
        auto in = [&](std::string_view s) { return strings_.intern(s, b); };
        auto t = [&](const char *split, TaskKind kind) {
            const char *text = split_ ? split : taskKindName(kind);
            return std::pair<TaskKind, StrId>{split_ ? taskKindOf(split) : kind, in(text)};
        };
        tAic_ = t("AI_CORE", TaskKind::AiCore);
        tAiv_ = {TaskKind::AiVectorCore, tAic_.second};
        tMix_ = split_ ? t("MIX_AIC", TaskKind::MixAic) : tAic_;
        tMixV_ = split_ ? t("MIX_AIV", TaskKind::MixAiv) : tAic_;
        tWait_ = t("Notify Wait", TaskKind::NotifyWait);
        tRecord_ = t("Write Value", TaskKind::NotifyRecord);
        tReduce_ = split_ ? t("SDMA", TaskKind::ReduceAsyncV2) : t("", TaskKind::ReduceAsyncV2);
        tCopy_ = split_ ? tReduce_ : t("", TaskKind::MemcpyAsync);
        hWait_ = in("Notify_Wait"); hRecord_ = in("Notify_Record"); hReduce_ = in("Reduce_Inline"); hCopy_ = in("Memcpy");
        sdma_ = in("SDMA"); rdma_ = in("RDMA"); local_ = in("LOCAL"); hccs_ = in("HCCS"); roce_ = in("ROCE");
        invalid_ = in("INVALID_TYPE"); fp32_ = in("FP32"); bf16_ = in("BFP16");
        coreAic_ = in("AI_CORE"); coreAiv_ = in("AI_VECTOR_CORE"); coreMix_ = in("MIX_AIC"); coreMixV_ = in("MIX_AIV");
        if (torch_) {
            host_.emplace(*torch_, opt_.runtimeApi == Switch::On, timing_, kModelId);
            const std::string train = "pretrain_gpt.py(231): forward_step;\r\nmegatron/training/training.py(776): train_step;\r\n"
                                      "megatron/training/training.py(1159): train;\r\npretrain_gpt.py(342): <module>";
            host_->prelude(strings_, b, spec_.iterations,
                           {.forward = "megatron/core/transformer/transformer_layer.py(183): forward;\r\n"
                                       "torch/nn/modules/module.py(1527): _call_impl;\r\n" + train,
                            .loss = "megatron/core/tensor_parallel/cross_entropy.py(130): forward;\r\n" + train,
                            .optimizer = "megatron/core/optimizer/distrib_optimizer.py(1402): step;\r\n"
                                         "megatron/core/optimizer/optimizer.py(470): step;\r\n" + train,
                            .load = train});
        }
        for (const char *op : {"AllReduce", "AllGather", "ReduceScatter", "Send", "Receive"})
            opTypes_[op] = in(op);

        std::uint32_t nextOp = 1;
        const auto plan = [&](const Kernel &k) {
            OpPlan p;
            p.name = in(k.name);
            p.opId = nextOp++;
            const auto &tt = k.cores == Cores::Vector ? tAiv_ : k.cores == Cores::MixCube ? tMix_
                             : k.cores == Cores::MixVector ? tMixV_ : tAic_;
            p.kind = tt.first;
            p.type = tt.second;
            if (timing_) {
                OpDesc d;
                d.id = p.opId;
                d.modelId = kModelId;
                d.name = p.name;
                if (opt_.taskTime == TaskTimeLevel::L1) {
                    d.opType = in(k.type);
                    d.inputShapes = in(k.inShapes); d.inputDataTypes = in(k.inTypes); d.inputFormats = in(k.inFormats);
                    d.outputShapes = in(k.outShapes); d.outputDataTypes = in(k.outTypes); d.outputFormats = in(k.outFormats);
                    d.blockDim = k.cost.blockDim;
                    if (split_) {
                        d.mixBlockDim = k.mixBlockDim;
                        d.coreType = k.cores == Cores::Cube ? coreAic_ : k.cores == Cores::Vector ? coreAiv_
                                     : k.cores == Cores::MixCube ? coreMix_ : coreMixV_;
                    }
                }
                b.ops.push_back(d);
            }
            if (host_)
                host_->addOp(strings_, b, k, p.opId, false);
            return p;
        };
        for (int s = 0; s < lay_.pp; ++s) {
            StagePlan sp;
            sp.k = buildLlamaStage(shape_, mb_, lay_.tp, spec_.llm.sequenceParallel, s, lay_.pp, *cp_);
            for (const LlmOp &o : sp.k.forward)
                sp.fwd.push_back(o.comm == TpComm::None ? plan(o.kernel) : OpPlan{});
            for (const LlmOp &o : sp.k.backward)
                sp.bwd.push_back(o.comm == TpComm::None ? plan(o.kernel) : OpPlan{});
            for (const Kernel &k : sp.k.optimizer)
                sp.opt.push_back(plan(k));
            for (const auto *list : {&sp.k.forward, &sp.k.backward})
                for (const LlmOp &o : *list)
                    sp.commCount += o.comm != TpComm::None;
            stages_.push_back(std::move(sp));
        }
        // Groups, named once per rank.
        groups_.resize(size_t(lay_.ranks()));
        for (int r = 0; r < lay_.ranks(); ++r) {
            groups_[size_t(r)].tp = hcclGroupName("tp", lay_.tpGroup(r));
            groups_[size_t(r)].dp = hcclGroupName("dp", lay_.dpGroup(r));
            groups_[size_t(r)].pp = hcclGroupName("pp", lay_.ppGroup(r));
        }
    }

    std::vector<RankState> ranks;

    void init(TimeNs t0)
    {
        ranks.resize(size_t(lay_.ranks()));
        const int slow = spec_.stragglerRank >= 0 ? spec_.stragglerRank : lay_.ranks() - 1;
        for (int r = 0; r < lay_.ranks(); ++r) {
            RankState &s = ranks[size_t(r)];
            s.rng = Rng(spec_.seed * 0x100000001b3ull + std::uint64_t(r) * 0x9e3779b97f4a7c15ull + 17);
            s.speed = 1.0 + 0.004 * s.rng.normal();
            if (spec_.scenarios.contains(QStringLiteral("straggler")) && r == slow && lay_.ranks() > 1)
                s.speed *= 1.3;
            s.cur = t0 + TimeNs(s.rng.uniform(0, 30) * kUs);
            if (torch_) {
                s.hostRng = Rng(spec_.seed * 0x94d049bb133111ebull + std::uint64_t(r) * 0x9e3779b97f4a7c15ull + 41);
                // bf16 weights and fp32 gradients stay allocated; Adam's fp32 master
                // weights and moments are sharded over the data-parallel ranks (Megatron's
                // distributed optimizer).
                const double params = stages_[size_t(lay_.stage(r))].k.parameters;
                s.memory.allocatedMB = params * (2.0 + 4.0 + 12.0 / lay_.dp) / (1024.0 * 1024.0);
                s.memory.reservedMB = std::ceil(s.memory.allocatedMB / 2.0) * 2.0;
            }
        }
    }

    // One training step on every rank.
    void step(int it)
    {
        for (int r = 0; r < lay_.ranks(); ++r) {
            RankState &s = ranks[size_t(r)];
            s.batch.clear();
            // Room for the step's records up front: 64 ranks' steps are held at once, and
            // growing them piecewise costs more than emulating them.
            const StagePlan &sp = stages_[size_t(lay_.stage(r))];
            const size_t comms = size_t(m_) * (sp.commCount + 2) + sp.k.gradBuckets.size();
            s.batch.tasks.reserve(size_t(m_) * (sp.fwd.size() + sp.bwd.size()) + sp.opt.size() + 3 * comms);
            s.batch.hcclTasks.reserve(3 * comms);
            s.batch.collectives.reserve(comms);
            s.taskIds.fill(0);
            s.calls.clear();
            s.comm.clear();
            s.receives.clear();
            s.reduces.clear();
            s.fpStart = s.bpEnd = -1;
            if (s.prevEnd >= 0)
                s.cur = s.prevEnd + TimeNs(s.rng.uniform(20, 60) * kUs);
            s.stepStart = std::max(s.cur - TimeNs(s.rng.uniform(10, 30) * kUs), s.prevStepEnd);
            s.hostLaunch = s.stepStart;
            s.launches.clear();
            s.commFree = std::max(s.commFree, s.stepStart);
            s.p2pFree = std::max(s.p2pFree, s.stepStart);
        }
        it_ = it;
        for (int d = 0; d < lay_.dp; ++d)
            pipeline(d);
        // Data-parallel gradient reduction after the pipeline flush, bucket by bucket.
        if (lay_.dp > 1)
            for (int s = 0; s < lay_.pp; ++s)
                for (int t = 0; t < lay_.tp; ++t) {
                    std::vector<int> g = lay_.dpGroup(lay_.rank(0, t, s));
                    for (double bytes : stages_[size_t(s)].k.gradBuckets)
                        collective(g, "allReduce", "AllReduce", bytes, 'd', false, true);
                }
        for (int r = 0; r < lay_.ranks(); ++r) {
            RankState &s = ranks[size_t(r)];
            const StagePlan &sp = stages_[size_t(lay_.stage(r))];
            for (size_t i = 0; i < sp.opt.size(); ++i)
                kernel(r, sp.k.optimizer[i], sp.opt[i]);
            finishStep(r, s);
        }
    }

    // Strings first used during steps go out ahead of the first batch written next (any
    // rank's records may use them).
    void attachStrings(RecordBatch &b)
    {
        if (pending_.strings.empty())
            return;
        b.strings.insert(b.strings.begin(), pending_.strings.begin(), pending_.strings.end());
        pending_.strings.clear();
    }

    TimeNs lastEnd() const
    {
        TimeNs e = 0;
        for (const RankState &s : ranks)
            e = std::max({e, s.prevEnd, s.commFree, s.p2pFree});
        return e;
    }

private:
    struct Groups { std::string tp, dp, pp; };
    StrId str(const std::string &v) { return strings_.intern(v, pending_); }

    // The 1F1B pipeline of data replica d: each stage takes its next action as soon as
    // its input has arrived (activations from the previous stage for a forward, gradients
    // from the next stage for a backward).
    void pipeline(int d)
    {
        const int p = lay_.pp;
        std::vector<std::vector<PipeAction>> acts(static_cast<size_t>(p));
        std::vector<size_t> next(static_cast<size_t>(p), 0);
        for (int s = 0; s < p; ++s)
            acts[size_t(s)] = oneFOneB(s, p, m_);
        // sent[s][mb][t]: when stage s's send of micro-batch mb (forward: to s+1; backward:
        // to s−1) started, -1 not yet.
        std::vector<std::vector<std::vector<TimeNs>>> fwdSent(static_cast<size_t>(p)), bwdSent(static_cast<size_t>(p));
        for (int s = 0; s < p; ++s) {
            fwdSent[size_t(s)].assign(size_t(m_), std::vector<TimeNs>(size_t(lay_.tp), -1));
            bwdSent[size_t(s)].assign(size_t(m_), std::vector<TimeNs>(size_t(lay_.tp), -1));
        }
        bool progress = true;
        while (progress) {
            progress = false;
            for (int s = 0; s < p; ++s) {
                while (next[size_t(s)] < acts[size_t(s)].size()) {
                    const PipeAction a = acts[size_t(s)][next[size_t(s)]];
                    const std::vector<TimeNs> *from = nullptr;
                    if (a.forward && s > 0)
                        from = &fwdSent[size_t(s - 1)][size_t(a.microBatch)];
                    if (!a.forward && s < p - 1)
                        from = &bwdSent[size_t(s + 1)][size_t(a.microBatch)];
                    if (from && (*from)[0] < 0)
                        break;
                    const StagePlan &sp = stages_[size_t(s)];
                    for (int t = 0; t < lay_.tp; ++t) {
                        const int r = lay_.rank(d, t, s);
                        if (from)
                            p2p(r, lay_.rank(d, t, a.forward ? s - 1 : s + 1), false, (*from)[size_t(t)], sp.k.activationBytes);
                    }
                    run(d, s, a.forward ? sp.k.forward : sp.k.backward, a.forward ? sp.fwd : sp.bwd);
                    const bool sends = a.forward ? s < p - 1 : s > 0;
                    for (int t = 0; t < lay_.tp && sends; ++t) {
                        const int r = lay_.rank(d, t, s);
                        const TimeNs at = p2p(r, lay_.rank(d, t, a.forward ? s + 1 : s - 1), true, 0, sp.k.activationBytes);
                        (a.forward ? fwdSent : bwdSent)[size_t(s)][size_t(a.microBatch)][size_t(t)] = at;
                    }
                    ++next[size_t(s)];
                    progress = true;
                }
            }
        }
    }

    // One micro-batch's ops on the tensor-parallel ranks of stage s of replica d.
    void run(int d, int s, const std::vector<LlmOp> &ops, const std::vector<OpPlan> &plans)
    {
        static const char *names[] = {"", "allReduce", "allGather", "reduceScatter"};
        static const char *types[] = {"", "AllReduce", "AllGather", "ReduceScatter"};
        std::vector<int> g = lay_.tpGroup(lay_.rank(d, 0, s));
        for (size_t i = 0; i < ops.size(); ++i) {
            const LlmOp &o = ops[i];
            if (o.comm != TpComm::None) {
                collective(g, names[int(o.comm)], types[int(o.comm)], o.commBytes, 't', overlap_, false);
                continue;
            }
            for (int r : g)
                kernel(r, o.kernel, plans[i], o.matmul);
        }
    }

    TaskRecord *task(int r, std::uint32_t stream, std::pair<TaskKind, StrId> type, StrId name, std::uint32_t opId,
                     TimeNs start, TimeNs dur)
    {
        RankState &s = ranks[size_t(r)];
        const std::uint32_t id = ++s.taskIds[stream];
        const TimeNs pending = 500 + TimeNs(s.rng.bits() % 2500);
        if (!timing_)
            return nullptr;
        s.batch.tasks.push_back(
            deviceTask(r, it_, stream, id, type.first, type.second, name, opId, start, std::max<TimeNs>(1, dur), pending));
        return &s.batch.tasks.back();
    }

    void kernel(int r, const Kernel &k, const OpPlan &p, bool matmul = false)
    {
        RankState &s = ranks[size_t(r)];
        TimeNs start = s.cur + 90 + TimeNs(s.rng.bits() % 80);
        // The host launches op by op (eager PyTorch, or a host-bound run): a kernel cannot
        // start before its launch has reached the device.
        const TimeNs hostA = s.hostLaunch;
        if (launchBound_) {
            s.hostLaunch += TimeNs(s.rng.uniform(14, 26) * kUs);
            start = std::max(start, s.hostLaunch);
        } else if (torch_) {
            const bool bwd = k.phase == Phase::Backward;
            s.hostLaunch += TimeNs(s.hostRng.uniform(bwd ? 6 : 8, bwd ? 12 : 16) * kUs);
            start = std::max(start, s.hostLaunch + 2 * kUs);
        }
        if (host_)
            s.launches.push_back({p.opId, kComputeStream, start, hostA, s.hostLaunch});
        const double aicore = k.cost.aicoreNs * s.rng.jitter(0.025) * s.speed * (it_ == 1 ? 1.5 : 1.0);
        const TimeNs dur = TimeNs(std::ceil(aicore + k.cost.overheadNs * s.rng.uniform(0.8, 1.2)));
        if (TaskRecord *t = task(r, kComputeStream, {p.kind, p.type}, p.name, p.opId, start, dur);
            t && opt_.taskTime == TaskTimeLevel::L1)
            t->totalCycles = std::uint64_t(std::llround(aicore * cp_->clockGHz * k.cost.blockDim));
        if (k.phase != Phase::Optimizer) {
            if (s.fpStart < 0)
                s.fpStart = start;
            if (k.phase == Phase::Backward)
                s.bpEnd = start + dur;
        }
        if (matmul) {
            s.lastMatmulStart = start;
            s.lastMatmulDur = dur;
        }
        s.cur = start + dur;
    }

    Link linkOf(int a, int b) const
    {
        const int perServer = std::max(1, spec_.devicesPerServer);
        return a / perServer == b / perServer ? Link::Hccs : Link::Roce;
    }
    double rateGBps(Link l) const { return l == Link::Roce ? cp_->roceGBps : cp_->sdmaTransferGBps; }

    // The HCCL tasks of one rank's part in an op: wait for the peers, move the data, tell them.
    void hcclTasks(int r, int peer, TimeNs start, TimeNs sync, TimeNs end, double bytes, bool reduce, Link link,
                   std::uint32_t stream = kCommStream)
    {
        RankState &s = ranks[size_t(r)];
        const TimeNs dataStart = sync + 500, dataEnd = std::max(dataStart + 200, end - 300);
        const StrId linkName = link == Link::Roce ? roce_ : hccs_;
        const auto add = [&](std::pair<TaskKind, StrId> type, StrId hname, TimeNs a, TimeNs e, bool data, std::uint32_t dst) {
            task(r, stream, type, split_ ? type.second : hname, 0, a, e - a);
            if (!hccl_ || !timing_)
                return;
            HcclTaskRecord h = hcclTaskOf(r, it_, stream, s.taskIds[stream], hname, a, std::max<TimeNs>(1, e - a));
            h.dstRank = dst;
            h.transportType = hname == hWait_ ? local_ : link == Link::Roce ? rdma_ : sdma_;
            h.sizeBytes = data ? std::uint64_t(bytes) : 0;
            h.dataType = data ? (reduce ? fp32_ : bf16_) : invalid_;
            h.linkType = data ? linkName : invalid_;
            h.durationEstimatedUs = data ? bytes / rateGBps(link) / 1000.0 : 0.02;
            h.bandwidthGBps = data && h.duration > 0 ? bytes / double(h.duration) : 0.0;
            s.batch.hcclTasks.push_back(h);
        };
        add(tWait_, hWait_, start, std::max(start + 200, sync + 300), false, std::uint32_t(peer));
        add(reduce ? tReduce_ : tCopy_, reduce ? hReduce_ : hCopy_, dataStart, dataEnd, true, std::uint32_t(peer));
        add(tRecord_, hRecord_, dataEnd, dataEnd + 250, false, std::uint32_t(peer));
    }

    void collectiveRecord(int r, const std::string &op, const char *type, const std::string &group, TimeNs start,
                          TimeNs end, double bytes)
    {
        RankState &s = ranks[size_t(r)];
        const int call = s.calls[op + "@" + group]++;
        if (!timing_)
            return;
        CollectiveOpRecord c;
        c.device = std::uint16_t(r);
        c.modelId = kModelId;
        c.iteration = std::uint32_t(it_);
        c.name = str("hcom_" + op + "__" + group.substr(group.size() - 3) + "_" + std::to_string(call) + "_1@" + group);
        c.opType = opTypes_.at(type);
        c.start = start;
        c.duration = std::max<TimeNs>(1, end - start);
        c.bytes = std::uint64_t(bytes);
        s.batch.collectives.push_back(c);
    }

    // A collective over group g (global ranks). kind: 't' tensor, 'd' data parallel.
    // overlap: the collective runs under the last matrix product (chunked, as MindSpeed's
    // tensor-parallel overlap does) instead of after it. Every member starts when it gets
    // there and ends when the slowest has arrived and the data has moved.
    void collective(const std::vector<int> &g, const char *op, const char *type, double bytes, char kind, bool overlap,
                    bool reduceStep)
    {
        const int n = int(g.size());
        bool roce = false;
        for (int r : g)
            roce = roce || linkOf(g[0], r) == Link::Roce;
        const Link link = roce ? Link::Roce : Link::Hccs;
        RankState &lead = ranks[size_t(g[0])];
        const std::string t(type);
        double data = 0;
        if (roce) // a ring: 2(n − 1)/n of the buffer for an all-reduce, (n − 1)/n otherwise
            data = bytes * (n - 1) / n * (t == "AllReduce" ? 2.0 : 1.0) / rateGBps(link);
        else      // the full mesh: every peer's chunk at once, each over its own HCCS link
            data = bytes / n * (t == "AllReduce" ? 2.0 : 1.0) / cp_->hccsGBps * (t == "AllGather" ? n : 1);
        const TimeNs dur = TimeNs(data * lead.rng.jitter(0.08)) + TimeNs((t == "AllReduce" ? 16 : 9) * kUs);
        std::vector<TimeNs> posted(static_cast<size_t>(n));
        TimeNs sync = 0;
        for (int i = 0; i < n; ++i) {
            RankState &s = ranks[size_t(g[size_t(i)])];
            TimeNs at = std::max(s.cur + 2 * kUs, s.commFree);
            if (overlap && s.lastMatmulDur > 0)
                at = std::max({s.lastMatmulStart + s.lastMatmulDur / 6, s.cur - TimeNs(0.85 * double(dur)), s.commFree});
            posted[size_t(i)] = at;
            sync = std::max(sync, at);
        }
        const TimeNs end = sync + dur;
        for (int i = 0; i < n; ++i) {
            const int r = g[size_t(i)];
            RankState &s = ranks[size_t(r)];
            const std::string &group = kind == 't' ? groups_[size_t(r)].tp : groups_[size_t(r)].dp;
            collectiveRecord(r, op, type, group, posted[size_t(i)], end, bytes);
            hcclTasks(r, g[size_t((i + 1) % n)], posted[size_t(i)], sync, end, bytes / n, t != "AllGather", link);
            s.comm.push_back({posted[size_t(i)], end});
            if (reduceStep)
                s.reduces.push_back({posted[size_t(i)], end});
            s.commFree = end + 200;
            s.cur = std::max(s.cur, end) + 300;
            s.lastMatmulDur = 0;
        }
    }

    // A pipeline send (returns when it starts) or receive (sentAt: when the peer's send
    // started; the compute stream waits for the data). Send and receive run on streams of
    // their own (HCCL's point-to-point streams), beside the collectives.
    TimeNs p2p(int r, int peer, bool send, TimeNs sentAt, double bytes)
    {
        RankState &s = ranks[size_t(r)];
        const Link link = linkOf(r, peer);
        // One transfer has a whole HCCS link to itself (or the RoCE port between servers).
        const double rate = link == Link::Roce ? cp_->roceGBps : cp_->hccsGBps;
        const TimeNs xfer = TimeNs(bytes / rate * s.rng.jitter(0.08)) + 8 * kUs;
        const TimeNs start = std::max(s.cur + 2 * kUs, s.p2pFree);
        // The data moves once both sides are there: a receive posted late finds it arrived.
        const TimeNs sync = send ? start : std::max(start, sentAt);
        const TimeNs end = send ? start + xfer : std::max(start + 3 * kUs, sentAt + xfer);
        const std::string &group = groups_[size_t(r)].pp;
        collectiveRecord(r, send ? "send" : "receive", send ? "Send" : "Receive", group, start, end, bytes);
        hcclTasks(r, peer, start, std::min(sync, end - 1000), end, bytes, false, link, kP2pStream);
        s.comm.push_back({start, end});
        if (!send) {
            s.receives.push_back({start, end});
            s.cur = std::max(s.cur, end) + 300;
        }
        s.p2pFree = end + 200;
        return start;
    }

    void finishStep(int r, RankState &s)
    {
        const TimeNs end = std::max({s.cur, s.commFree, s.p2pFree});
        if (opt_.trainingTrace == Switch::On || torch_) {
            StepTraceRecord st = stepTraceOf(r, it_, s.fpStart, s.bpEnd, end, s.prevEnd);
            for (const auto &iv : s.reduces)
                st.reduces.push_back({iv.start, iv.end});
            s.batch.stepTraces.push_back(std::move(st));
        }
        const TimeNs stepEnd = end + TimeNs(s.rng.uniform(10, 30) * kUs);
        s.prevStepEnd = std::max(stepEnd, s.hostLaunch);
        if (torch_ && recorded_[size_t(it_)]) {
            host_->step(s.batch, std::uint16_t(r), it_, s.launches, s.stepStart, s.prevStepEnd, s.memory);
            if (timing_) {
                analysis::StepActivity act;
                act.stepStart = s.stepStart;
                act.stepEnd = stepEnd;
                for (const TaskRecord &t : s.batch.tasks)
                    if (isComputeKind(t.kind))
                        act.computing.push_back({t.start, t.start + t.duration});
                act.communication = s.comm;
                act.receives = s.receives;
                StepTimeRecord rec = analysis::stepTimeBreakdown(act);
                rec.device = std::uint16_t(r);
                rec.step = host_->stepName(it_);
                s.batch.stepTimes.push_back(rec);
            }
        }
        s.prevEnd = end;
        s.cur = end;
    }

    const SessionSpec &spec_;
    const ProfilingOptions &opt_;
    const TorchPlan *torch_ = nullptr;
    std::optional<TorchHostLane> host_;
    std::vector<bool> recorded_;
    ParallelLayout lay_;
    Chip chip_ = Chip::Ascend910B;
    const ChipProfile *cp_ = nullptr;
    bool split_ = true, launchBound_ = false, overlap_ = true, timing_ = true, hccl_ = true;
    int m_ = 1, mb_ = 1, it_ = 1;
    LlamaShape shape_;
    StringTable strings_;
    RecordBatch pending_;
    std::vector<StagePlan> stages_;
    std::vector<Groups> groups_;
    std::pair<TaskKind, StrId> tAic_, tAiv_, tMix_, tMixV_, tWait_, tRecord_, tReduce_, tCopy_;
    StrId hWait_ = 0, hRecord_ = 0, hReduce_ = 0, hCopy_ = 0, sdma_ = 0, rdma_ = 0, local_ = 0, hccs_ = 0, roce_ = 0;
    StrId invalid_ = 0, fp32_ = 0, bf16_ = 0, coreAic_ = 0, coreAiv_ = 0, coreMix_ = 0, coreMixV_ = 0;
    std::map<std::string, StrId> opTypes_;
};

} // namespace

SessionStatus runLlmSession(const SessionSpec &spec, const ProfilingOptions &options, RecordSink &sink,
                            const std::atomic_bool *cancel, const std::function<void(const EmulatorProgress &)> &progress,
                            QString *error)
{
    ProfilingOptions opt = options;
    const bool torch = spec.framework == Framework::PyTorch;
    std::vector<bool> recorded(size_t(spec.iterations) + 1, true);
    int recordedSteps = spec.iterations;
    std::optional<TorchPlan> plan;
    if (torch) {
        plan = torchPlan(spec.torchProfilerConfig, spec.iterations, &opt);
        recorded = plan->recorded;
        recordedSteps = plan->recordedSteps;
    }
    Chip chip = Chip::Ascend910B;
    chipFromName(spec.chip, &chip);
    const ChipProfile &profile = chipProfile(chip);
    const int n = spec.llm.dp * spec.llm.tp * spec.llm.pp;
    Rng sessionRng(spec.seed);
    const SessionClock clock = sessionClock(spec);
    const TimeNs monoBegin = clock.monotonicBegin;

    LlmRun run(spec, opt, plan ? &*plan : nullptr, recorded);
    SessionInfo info;
    info.name = QStringLiteral("%1 mb%2×%3 dp%4 tp%5 pp%6")
                    .arg(spec.model).arg(spec.batchSize).arg(run.microBatches()).arg(spec.llm.dp).arg(spec.llm.tp).arg(spec.llm.pp);
    if (spec.llm.sequenceParallel)
        info.name += QStringLiteral(" sp");
    info.name += QStringLiteral(" %1").arg(chipName(chip));
    if (torch)
        info.name += QStringLiteral(" PyTorch");
    describeEmulatedSession(info, spec, opt, n, profile, clock, sessionRng, spec.model, recordedSteps);
    // Kernels carry no PMU values: the LLM kernels' metric sets are not modelled.

    auto finish = [&](SessionStatus st, TimeNs end) { return endSession(sink, info, st, end); };
    RecordBatch first;
    run.prelude(first);
    EmulatorProgress prog;
    prog.iterations = spec.iterations;
    if (!beginSession(sink, info, first, prog, error))
        return finish(SessionStatus::Failed, monoBegin);
    run.init(monoBegin + 1'500'000'000 + TimeNs(sessionRng.uniform(0, 50'000'000)));
    StepBatches batches;
    const SessionStatus st = runSteps(prog, cancel, progress, [&](int it) {
        run.step(it);
        if (!recorded[size_t(it)])
            return true;
        for (int d = 0; d < n; ++d) {
            RecordBatch &b = run.ranks[size_t(d)].batch;
            if (d == 0)
                run.attachStrings(b);
            if (!batches.add(sink, std::move(b), it, prog, error))
                return false;
        }
        return batches.flush(sink, it, prog, error);
    });
    return finish(st, run.lastEnd());
}

} // namespace npuscope::device
