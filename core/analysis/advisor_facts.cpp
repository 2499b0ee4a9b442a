#include "core/analysis/advisor_facts.h"

#include "core/analysis/op_tables.h"
#include "core/analysis/overlap.h"
#include "core/options/profiling_options.h"

#include <algorithm>
#include <limits>
#include <string_view>

namespace npuscope::analysis {

namespace {

// Op types whose only kernel is the AI CPU one (data input, random generators, dynamic
// shape ops). Anything else found on the AI CPU was compiled there because the AI Core
// (TBE) kernel did not accept its inputs (int64 / double), which the graph engine does
// silently: that is the fallback an expert looks for.
const std::set<std::string, std::less<>> kAiCpuNativeTypes = {
    "GetNext", "DropoutGenMask", "DropoutGenMaskV3", "StatelessDropOutGenMask", "RandomChoiceWithMask",
    "RandomUniform", "RandomUniformInt", "RandomStandardNormal", "StandardNormal", "UniformReal", "UniformInt",
    "Multinomial", "TruncatedNormal", "Unique", "UniqueWithPad", "NonZero", "Where", "CTCLoss", "EditDistance",
    "DecodeJpeg", "DecodeAndCropJpeg", "Print", "Assert", "InitData", "EndOfSequence", "DynamicStitch",
};

void keepLongest(OpFacts &a, const TaskRecord &t)
{
    if (t.duration > a.longestNs) {
        a.longestNs = t.duration;
        a.device = t.device;
        a.stream = t.streamId;
        a.start = t.start;
        a.end = endOf(t);
    }
}

// Positions of mac/vec/mte2 among the PMU values, which follow the session's metric group.
struct PmuColumns {
    int mac = -1, vec = -1, mte2 = -1;
};

PmuColumns pmuColumns(const SessionInfo &info)
{
    PmuColumns c;
    ProfilingOptions opt;
    if (!info.optionsJson.trimmed().isEmpty())
        ProfilingOptions::parse(info.optionsJson, &opt);
    if (opt.taskTime != TaskTimeLevel::L0 && opt.taskTimingOn()) {
        const QStringList cols = sessionPmuColumns(info);
        c.mac = int(cols.indexOf(QStringLiteral("mac_ratio")));
        c.vec = int(cols.indexOf(QStringLiteral("vec_ratio")));
        c.mte2 = int(cols.indexOf(QStringLiteral("mte2_ratio")));
    }
    return c;
}

// One iteration of one device: its tasks and collectives, read once.
class IterationPass {
public:
    IterationPass(const TraceReader &reader, const PmuColumns &pmu, AdvisorFacts &facts)
        : reader_(reader), pmu_(pmu), facts_(facts) {}

    void run(const IterationKey &k, const StepTraceRecord *step, const AdvisorOptions &o);

private:
    void onTask(const IterationKey &k, DeviceFacts &d, const TaskRecord &t);
    void addAicore(const TaskRecord &t, std::string_view type);
    void addFallback(const IterationKey &k, const TaskRecord &t, const OpDesc &op, std::string_view type);
    void addWindow(const IterationKey &k, DeviceFacts &d, const OverlapResult &ov, TimeNs fpStart, TimeNs bpEnd,
                   double iterNs, const AdvisorOptions &o);

    const TraceReader &reader_;
    const PmuColumns &pmu_;
    AdvisorFacts &facts_;
    std::vector<Interval> computing_, communication_, waits_;
    std::vector<TimeNs> kernels_;
    TimeNs first_ = 0, last_ = 0;
};

void IterationPass::run(const IterationKey &k, const StepTraceRecord *step, const AdvisorOptions &o)
{
    DeviceFacts &d = facts_.devices[k.device];
    computing_.clear();
    communication_.clear();
    waits_.clear();
    kernels_.clear();
    first_ = std::numeric_limits<TimeNs>::max();
    last_ = std::numeric_limits<TimeNs>::min();
    reader_.forEachTask(k, [&](const TaskRecord &t) {
        onTask(k, d, t);
        return true;
    });
    std::map<std::string, std::vector<Interval>> byGroup; // "<op type>@<group>" of named groups
    reader_.forEachCollective(k, [&](const CollectiveOpRecord &c) {
        ++facts_.collectives;
        communication_.push_back({c.start, endOf(c)});
        const std::string_view name = reader_.string(c.name);
        if (name.rfind("hcom_receive", 0) == 0) {
            d.receiveNs += double(c.duration);
            if (c.duration > d.worstReceiveNs) {
                d.worstReceiveNs = c.duration;
                d.receiveStart = c.start;
            }
        }
        const std::string_view type = reader_.string(c.opType);
        const size_t at = name.rfind('@');
        if (at != std::string_view::npos && (type == "AllReduce" || type == "AllGather" || type == "ReduceScatter"))
            byGroup[std::string(name.substr(at))].push_back({c.start, endOf(c)});
        return true;
    });
    if (first_ > last_)
        return; // nothing recorded for this key
    {
        std::vector<Interval> layerComm;
        for (auto &[g, v] : byGroup)
            if (v.size() >= 8)
                layerComm.insert(layerComm.end(), v.begin(), v.end());
        const std::vector<Interval> merged = mergeIntervals(layerComm);
        for (const Interval &i : merged)
            d.layerCommNs += double(timeSpan(i.start, i.end));
        for (const Interval &i : subtractIntervals(merged, mergeIntervals(computing_)))
            d.layerCommExposedNs += double(timeSpan(i.start, i.end));
    }

    d.iterations += 1;
    double iterNs = double(timeSpan(first_, last_));
    TimeNs fpStart = first_, bpEnd = last_;
    if (step) {
        ++facts_.stepTraces;
        const StepTraceRow row = stepTraceRow(*step);
        iterNs = double(row.iterationTime);
        fpStart = step->fpStart;
        bpEnd = step->bpEnd;
        if (row.dataAugBound) {
            ++facts_.dataAugSteps;
            const double aug = double(*row.dataAugBound);
            d.dataAugNs += aug;
            if (aug > 0.05 * iterNs) d.inputIterations.insert(k.iteration);
            if (aug > d.worstDataAugNs) {
                d.worstDataAugNs = aug;
                d.dataAugStart = step->previousIterationEnd;
                d.dataAugEnd = step->fpStart;
            }
        }
        if (double(row.fpToBp) > d.worstFpBpNs) {
            d.worstFpBpNs = double(row.fpToBp);
            d.fpStart = step->fpStart;
            d.bpEnd = step->bpEnd;
        }
    }
    d.iterationNs += iterNs;
    // Waiting time, not the sum of the waits: NOTIFY_WAIT tasks on several streams and
    // planes wait at once, and their sum can exceed the iteration. Their union, within the
    // iteration, cannot.
    TimeNs waited = 0;
    for (const Interval &w : mergeIntervals(std::move(waits_)))
        waited = addTime(waited, timeSpan(w.start, w.end));
    waits_.clear();
    d.notifyWaitNs += std::min(double(waited), iterNs);
    addWindow(k, d, computeOverlap(computing_, communication_), fpStart, bpEnd, iterNs, o);
    if (!kernels_.empty()) {
        auto mid = kernels_.begin() + std::ptrdiff_t(kernels_.size() / 2);
        std::nth_element(kernels_.begin(), mid, kernels_.end());
        d.medianKernelNs.push_back(double(*mid));
    }
}

void IterationPass::onTask(const IterationKey &k, DeviceFacts &d, const TaskRecord &t)
{
    const TimeNs end = endOf(t);
    ++facts_.tasks;
    first_ = std::min(first_, t.start);
    last_ = std::max(last_, end);
    if (t.kind == TaskKind::NotifyWait) {
        waits_.push_back({t.start, end});
        return;
    }
    if (!isComputeKind(t.kind))
        return;
    computing_.push_back({t.start, end});
    const OpDesc *op = reader_.op(t.opId);
    const std::string_view type = op ? reader_.string(op->opType) : std::string_view();
    if (isAiCoreKind(t.kind)) {
        d.aicoreNs += double(t.duration);
        kernels_.push_back(t.duration);
        addAicore(t, type);
    } else if (op && !type.empty() && !isAiCpuNativeType(type)) {
        addFallback(k, t, *op, type);
    }
}

void IterationPass::addAicore(const TaskRecord &t, std::string_view type)
{
    facts_.aicoreNs += double(t.duration);
    if (type.empty())
        return;
    auto it = facts_.aicoreTypes.find(type);
    if (it == facts_.aicoreTypes.end())
        it = facts_.aicoreTypes.emplace(std::string(type), OpFacts{std::string(type)}).first;
    OpFacts &a = it->second;
    a.timeNs += double(t.duration);
    keepLongest(a, t);
    const int n = int(t.pmu.size());
    if (pmu_.mac >= 0 && pmu_.mac < n) {
        const double w = double(t.duration);
        a.pmuNs += w;
        a.mac += w * t.pmu[size_t(pmu_.mac)];
        if (pmu_.vec >= 0 && pmu_.vec < n) a.vec += w * t.pmu[size_t(pmu_.vec)];
        if (pmu_.mte2 >= 0 && pmu_.mte2 < n) a.mte2 += w * t.pmu[size_t(pmu_.mte2)];
    }
}

void IterationPass::addFallback(const IterationKey &k, const TaskRecord &t, const OpDesc &op, std::string_view type)
{
    const std::string_view name = reader_.string(op.name);
    auto it = facts_.fallbacks.find(name);
    if (it == facts_.fallbacks.end())
        it = facts_.fallbacks.emplace(std::string(name), OpFacts{std::string(type)}).first;
    it->second.timeNs += double(t.duration);
    keepLongest(it->second, t);
    facts_.fallbackNs += double(t.duration);
    facts_.fallbackIterations.insert(k.iteration);
}

// Idle time (the FP→BP window minus the computing union clipped to it), the longest gap
// in it, and communication that nothing hides.
void IterationPass::addWindow(const IterationKey &k, DeviceFacts &d, const OverlapResult &ov, TimeNs fpStart,
                              TimeNs bpEnd, double iterNs, const AdvisorOptions &o)
{
    const TimeNs window = std::max<TimeNs>(0, timeSpan(fpStart, bpEnd));
    TimeNs busy = 0;
    for (const Interval &c : ov.computing) {
        const TimeNs s = std::max(c.start, fpStart), e = std::min(c.end, bpEnd);
        if (e > s) busy = addTime(busy, timeSpan(s, e));
    }
    TimeNs prevEnd = -1;
    for (const Interval &c : ov.computing) {
        if (prevEnd >= 0 && c.start >= fpStart && c.start <= bpEnd && timeSpan(prevEnd, c.start) > d.longestGapNs) {
            d.longestGapNs = timeSpan(prevEnd, c.start);
            d.gapStart = prevEnd;
            d.gapEnd = c.start;
        }
        prevEnd = c.end;
    }
    const TimeNs idle = std::max<TimeNs>(0, window - std::min(busy, window));
    d.windowNs += double(window);
    d.idleNs += double(idle);
    const double idleShare = window > 0 ? double(idle) / double(window) : 0;
    if (idleShare >= o.idleShareInfo) d.idleIterations.insert(k.iteration);

    TimeNs notOv = 0;
    for (const Interval &i : ov.notOverlapped) {
        const TimeNs len = timeSpan(i.start, i.end);
        notOv = addTime(notOv, len);
        if (len > facts_.longestNotOverlappedNs) {
            facts_.longestNotOverlappedNs = len;
            facts_.longestNotOverlappedDevice = k.device;
            facts_.longestNotOverlappedStart = i.start;
        }
    }
    d.notOverlappedNs += double(notOv);
    if (iterNs > 0 && double(notOv) >= o.commShareInfo * iterNs) d.commIterations.insert(k.iteration);
}

} // namespace

bool isAiCpuNativeType(std::string_view opType)
{
    return kAiCpuNativeTypes.count(opType) > 0;
}

bool isCubeType(std::string_view t)
{
    return t.find("Conv2D") != std::string_view::npos || t.find("Conv3D") != std::string_view::npos
           || t.find("MatMul") != std::string_view::npos || t.find("Conv2DBackprop") != std::string_view::npos;
}

std::vector<std::uint16_t> AdvisorFacts::devicesWhere(const std::function<bool(const DeviceFacts &)> &pred) const
{
    std::vector<std::uint16_t> v;
    for (const auto &[id, d] : devices)
        if (pred(d)) v.push_back(id);
    return v;
}

std::vector<std::uint16_t> AdvisorFacts::allDevices() const
{
    return devicesWhere([](const DeviceFacts &) { return true; });
}

std::vector<std::uint32_t> AdvisorFacts::iterationsIn(std::set<std::uint32_t> DeviceFacts::*member) const
{
    std::set<std::uint32_t> all;
    for (const auto &[id, d] : devices)
        all.insert((d.*member).begin(), (d.*member).end());
    return {all.begin(), all.end()};
}

AdvisorFacts accumulateFacts(const TraceReader &reader, const AdvisorOptions &o, const std::atomic<bool> *cancel)
{
    AdvisorFacts facts;
    const SessionInfo &info = reader.sessionInfo();
    facts.mode = info.spec.mode;
    const PmuColumns pmu = pmuColumns(info);
    facts.macRecorded = pmu.mac >= 0;
    facts.vecRecorded = pmu.vec >= 0;
    facts.mte2Recorded = pmu.mte2 >= 0;

    // An LLM session's pipeline stages (Megatron's rank order: stage = rank / (tp × dp)).
    const SessionSpec::Llm &llm = info.spec.llm;
    if (llm.pp > 1 && llm.tp >= 1 && llm.dp >= 1)
        for (const DeviceInfo &d : info.devices)
            facts.peerGroup[d.id] = int(d.rankId) / (llm.tp * llm.dp);

    const std::vector<IterationKey> keys = reader.iterations();
    // Iterations per device first, so the warm-up first one is left out only when there are more.
    for (const IterationKey &k : keys)
        facts.iterationsPerDevice[k.device].insert(k.iteration);

    std::map<std::pair<std::uint16_t, std::uint32_t>, std::map<std::uint32_t, StepTraceRecord>> steps;
    IterationPass pass(reader, pmu, facts);
    for (const IterationKey &k : keys) {
        if (cancel && cancel->load(std::memory_order_relaxed))
            break;
        const auto &devIts = facts.iterationsPerDevice[k.device];
        if (devIts.size() > 1 && k.iteration == *devIts.begin())
            continue; // warm-up
        auto stepsIt = steps.find({k.device, k.modelId});
        if (stepsIt == steps.end()) {
            std::map<std::uint32_t, StepTraceRecord> m;
            for (StepTraceRecord &s : reader.stepTraces(k.device, k.modelId))
                m.emplace(s.iteration, std::move(s));
            stepsIt = steps.emplace(std::pair{k.device, k.modelId}, std::move(m)).first;
        }
        const auto stepIt = stepsIt->second.find(k.iteration);
        pass.run(k, stepIt == stepsIt->second.end() ? nullptr : &stepIt->second, o);
    }

    for (const auto &[id, d] : facts.devices) {
        facts.iterationNs += d.iterationNs;
        facts.dataAugNs += d.dataAugNs;
        facts.notOverlappedNs += d.notOverlappedNs;
        facts.windowNs += d.windowNs;
        facts.idleNs += d.idleNs;
        facts.iterations += d.iterations;
    }
    return facts;
}

} // namespace npuscope::analysis
