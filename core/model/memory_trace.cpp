#include "core/model/memory_trace.h"

#include <QCoreApplication>
#include <algorithm>
#include <set>

namespace npuscope {

bool MemoryTrace::begin(const SessionInfo &info)
{
    info_ = info;
    status_ = SessionStatus::Running;
    return true;
}

bool MemoryTrace::write(const RecordBatch &b)
{
    for (const auto &[id, text] : b.strings) {
        if (id != strings_.size()) {
            // Ids must be dense so that a reader can resolve every id it is given.
            error_ = QCoreApplication::translate("MemoryTrace",
                         "The string id %1 was declared out of order (expected %2).")
                         .arg(id).arg(strings_.size());
            return false;
        }
        strings_.push_back(text);
        internMap_.emplace(text, id);
    }
    for (const auto &o : b.ops)
        ops_[o.id] = o;
    for (const auto &t : b.tasks)
        tasks_[keyOfRecord(t)].push_back(t);
    for (const auto &c : b.collectives)
        collectives_[keyOfRecord(c)].push_back(c);
    for (const auto &h : b.hcclTasks)
        hccl_[keyOfRecord(h)].push_back(h);
    for (const auto &a : b.aiCpu)
        aiCpu_[keyOfRecord(a)].push_back(a);
    for (const auto &r : b.hostRanges)
        hostRanges_[keyOfRecord(r)].push_back(r);
    stepTraces_.insert(stepTraces_.end(), b.stepTraces.begin(), b.stepTraces.end());
    queueEvents_.insert(queueEvents_.end(), b.queueEvents.begin(), b.queueEvents.end());
    fusionOps_.insert(fusionOps_.end(), b.fusionOps.begin(), b.fusionOps.end());
    counters_.insert(counters_.end(), b.counters.begin(), b.counters.end());
    flowEnds_.insert(flowEnds_.end(), b.flowEnds.begin(), b.flowEnds.end());
    pythonRanges_.insert(pythonRanges_.end(), b.pythonRanges.begin(), b.pythonRanges.end());
    memory_.insert(memory_.end(), b.memory.begin(), b.memory.end());
    opMemory_.insert(opMemory_.end(), b.opMemory.begin(), b.opMemory.end());
    taskAttrs_.insert(taskAttrs_.end(), b.taskAttrs.begin(), b.taskAttrs.end());
    commOps_.insert(commOps_.end(), b.commOps.begin(), b.commOps.end());
    commBandwidth_.insert(commBandwidth_.end(), b.commBandwidth.begin(), b.commBandwidth.end());
    commMatrix_.insert(commMatrix_.end(), b.commMatrix.begin(), b.commMatrix.end());
    stepTimes_.insert(stepTimes_.end(), b.stepTimes.begin(), b.stepTimes.end());
    dirty_ = true;
    return true;
}

bool MemoryTrace::end(SessionStatus status, const std::vector<DeviceInfo> &devices)
{
    status_ = status;
    if (!devices.empty())
        info_.devices = devices;
    return true;
}

StrId MemoryTrace::intern(std::string_view s)
{
    if (s.empty())
        return 0;
    auto it = internMap_.find(s);
    if (it != internMap_.end())
        return it->second;
    const auto id = static_cast<StrId>(strings_.size());
    strings_.emplace_back(s);
    internMap_.emplace(std::string(s), id);
    return id;
}

std::size_t MemoryTrace::taskCount() const
{
    std::size_t n = 0;
    for (const auto &[k, v] : tasks_)
        n += v.size();
    return n;
}

std::string_view MemoryTrace::string(StrId id) const
{
    return id < strings_.size() ? std::string_view(strings_[id]) : std::string_view();
}

const OpDesc *MemoryTrace::op(std::uint32_t opId) const
{
    auto it = ops_.find(opId);
    return it == ops_.end() ? nullptr : &it->second;
}

void MemoryTrace::sortIfNeeded() const
{
    if (!dirty_)
        return;
    for (auto &[k, v] : tasks_)
        std::stable_sort(v.begin(), v.end(), [](const TaskRecord &a, const TaskRecord &b) {
            return std::tie(a.start, a.streamId, a.taskId) < std::tie(b.start, b.streamId, b.taskId);
        });
    for (auto &[k, v] : collectives_)
        std::stable_sort(v.begin(), v.end(), [](const auto &a, const auto &b) { return a.start < b.start; });
    for (auto &[k, v] : hccl_)
        std::stable_sort(v.begin(), v.end(), [](const HcclTaskRecord &a, const HcclTaskRecord &b) {
            return std::tie(a.start, a.streamId, a.taskId) < std::tie(b.start, b.streamId, b.taskId);
        });
    for (auto &[k, v] : aiCpu_)
        std::stable_sort(v.begin(), v.end(), [](const AiCpuRecord &a, const AiCpuRecord &b) {
            return std::tie(a.timestamp, a.streamId, a.taskId) < std::tie(b.timestamp, b.streamId, b.taskId);
        });
    for (auto &[k, v] : hostRanges_)
        std::stable_sort(v.begin(), v.end(), [](const auto &a, const auto &b) { return a.start < b.start; });
    std::stable_sort(stepTraces_.begin(), stepTraces_.end(), [](const StepTraceRecord &a, const StepTraceRecord &b) {
        return std::tie(a.device, a.modelId, a.iteration) < std::tie(b.device, b.modelId, b.iteration);
    });
    std::stable_sort(queueEvents_.begin(), queueEvents_.end(), [](const QueueEventRecord &a, const QueueEventRecord &b) {
        return std::tie(a.device, a.timestamp) < std::tie(b.device, b.timestamp);
    });
    std::stable_sort(counters_.begin(), counters_.end(), [](const CounterRecord &a, const CounterRecord &b) {
        return std::tie(a.device, a.name, a.ts) < std::tie(b.device, b.name, b.ts);
    });
    std::stable_sort(pythonRanges_.begin(), pythonRanges_.end(), [](const PythonRangeRecord &a, const PythonRangeRecord &b) {
        return std::tie(a.device, a.start) < std::tie(b.device, b.start);
    });
    std::stable_sort(memory_.begin(), memory_.end(), [](const MemoryRecord &a, const MemoryRecord &b) {
        return std::tie(a.device, a.ts) < std::tie(b.device, b.ts);
    });
    std::stable_sort(opMemory_.begin(), opMemory_.end(), [](const OpMemoryRecord &a, const OpMemoryRecord &b) {
        return std::tie(a.device, a.allocated) < std::tie(b.device, b.allocated);
    });
    std::stable_sort(taskAttrs_.begin(), taskAttrs_.end(), [](const TaskAttrRecord &a, const TaskAttrRecord &b) {
        return std::tie(a.device, a.streamId, a.start) < std::tie(b.device, b.streamId, b.start);
    });
    dirty_ = false;
}

std::vector<IterationKey> MemoryTrace::iterations() const
{
    std::set<Key> keys;
    auto collect = [&keys](const auto &m) {
        for (const auto &[k, v] : m)
            if (!v.empty() && std::get<2>(k) > 0)
                keys.insert(k);
    };
    collect(tasks_);
    collect(collectives_);
    collect(hccl_);
    collect(aiCpu_);
    collect(hostRanges_);
    for (const auto &s : stepTraces_)
        if (s.iteration > 0)
            keys.insert(keyOfRecord(s));
    std::vector<IterationKey> out;
    out.reserve(keys.size());
    for (const auto &[d, m, i] : keys)
        out.push_back({d, m, i});
    return out;
}

namespace {
template <class Map, class Fn>
bool visit(const Map &m, const typename Map::key_type &k, const Fn &fn)
{
    auto it = m.find(k);
    if (it == m.end())
        return true;
    for (const auto &r : it->second)
        if (!fn(r))
            return false;
    return true;
}
} // namespace

bool MemoryTrace::forEachTask(const IterationKey &k, const TaskFn &fn) const
{
    sortIfNeeded();
    return visit(tasks_, keyOf(k), fn);
}

bool MemoryTrace::forEachCollective(const IterationKey &k, const CollectiveFn &fn) const
{
    sortIfNeeded();
    return visit(collectives_, keyOf(k), fn);
}

bool MemoryTrace::forEachHcclTask(const IterationKey &k, const HcclFn &fn) const
{
    sortIfNeeded();
    return visit(hccl_, keyOf(k), fn);
}

bool MemoryTrace::forEachAiCpu(const IterationKey &k, const AiCpuFn &fn) const
{
    sortIfNeeded();
    return visit(aiCpu_, keyOf(k), fn);
}

bool MemoryTrace::forEachHostRange(const IterationKey &k, const HostRangeFn &fn) const
{
    sortIfNeeded();
    return visit(hostRanges_, keyOf(k), fn);
}

std::vector<StepTraceRecord> MemoryTrace::stepTraces(std::uint16_t device, std::uint32_t modelId) const
{
    sortIfNeeded();
    std::vector<StepTraceRecord> out;
    for (const auto &s : stepTraces_)
        if (s.device == device && s.modelId == modelId)
            out.push_back(s);
    return out;
}

std::vector<QueueEventRecord> MemoryTrace::queueEvents(std::uint16_t device) const
{
    sortIfNeeded();
    std::vector<QueueEventRecord> out;
    for (const auto &q : queueEvents_)
        if (q.device == device)
            out.push_back(q);
    return out;
}

std::vector<FusionOpRecord> MemoryTrace::fusionOps(std::uint32_t modelId) const
{
    std::vector<FusionOpRecord> out;
    for (const auto &f : fusionOps_)
        if (f.modelId == modelId)
            out.push_back(f);
    return out;
}

namespace {
template <class V, class Fn>
bool visitDevice(const V &v, std::uint16_t device, const Fn &fn)
{
    for (const auto &r : v)
        if (r.device == device && !fn(r))
            return true;
    return true;
}
} // namespace

bool MemoryTrace::forEachCounter(std::uint16_t device, const CounterFn &fn) const
{
    sortIfNeeded();
    return visitDevice(counters_, device, fn);
}

bool MemoryTrace::forEachFlow(const FlowFn &fn) const
{
    // One arrow per finish (a launch whose op ran as several tasks has several); a start or
    // a finish without its other end is an arrow of its own.
    std::map<std::pair<StrId, std::uint64_t>, std::pair<std::vector<const FlowEndRecord *>, std::vector<const FlowEndRecord *>>> ends;
    for (const FlowEndRecord &e : flowEnds_) {
        auto &[starts, finishes] = ends[{e.category, e.flowId}];
        (e.finish ? finishes : starts).push_back(&e);
    }
    std::vector<FlowRecord> arrows;
    for (const auto &entry : ends) {
        // Named copies, not structured bindings: clang 14 (the fuzz build's compiler) cannot
        // capture a structured binding in a lambda.
        const StrId category = entry.first.first;
        const std::uint64_t flowId = entry.first.second;
        const auto &[starts, finishes] = entry.second;
        auto arrow = [&](const FlowEndRecord *s, const FlowEndRecord *f) {
            FlowRecord r;
            r.category = category;
            r.flowId = flowId;
            r.name = s ? s->name : f->name;
            if ((r.hasStart = s != nullptr))
                r.start = *s;
            if ((r.hasFinish = f != nullptr))
                r.finish = *f;
            arrows.push_back(r);
        };
        if (starts.empty())
            for (const FlowEndRecord *f : finishes)
                arrow(nullptr, f);
        else if (finishes.empty())
            arrow(starts.front(), nullptr);
        else
            for (const FlowEndRecord *f : finishes)
                arrow(starts.front(), f);
    }
    std::stable_sort(arrows.begin(), arrows.end(), [](const FlowRecord &a, const FlowRecord &b) {
        return (a.hasStart ? a.start.ts : a.finish.ts) < (b.hasStart ? b.start.ts : b.finish.ts);
    });
    for (const FlowRecord &f : arrows)
        if (!fn(f))
            break;
    return true;
}

bool MemoryTrace::forEachPythonRange(std::uint16_t device, const PythonRangeFn &fn) const
{
    sortIfNeeded();
    return visitDevice(pythonRanges_, device, fn);
}

bool MemoryTrace::forEachMemory(std::uint16_t device, const MemoryFn &fn) const
{
    sortIfNeeded();
    return visitDevice(memory_, device, fn);
}

bool MemoryTrace::forEachOpMemory(std::uint16_t device, const OpMemoryFn &fn) const
{
    sortIfNeeded();
    return visitDevice(opMemory_, device, fn);
}

bool MemoryTrace::forEachTaskAttr(std::uint16_t device, const TaskAttrFn &fn) const
{
    sortIfNeeded();
    return visitDevice(taskAttrs_, device, fn);
}

std::vector<CommOpStatRecord> MemoryTrace::commOpStats() const
{
    auto v = commOps_;
    std::stable_sort(v.begin(), v.end(), [](const auto &a, const auto &b) { return a.device < b.device; });
    return v;
}

std::vector<CommBandwidthRecord> MemoryTrace::commBandwidth() const
{
    auto v = commBandwidth_;
    std::stable_sort(v.begin(), v.end(), [](const auto &a, const auto &b) { return a.device < b.device; });
    return v;
}

std::vector<CommMatrixRecord> MemoryTrace::commMatrix() const
{
    auto v = commMatrix_;
    std::stable_sort(v.begin(), v.end(), [](const auto &a, const auto &b) { return a.device < b.device; });
    return v;
}

std::vector<StepTimeRecord> MemoryTrace::stepTimes() const
{
    auto v = stepTimes_;
    std::stable_sort(v.begin(), v.end(), [](const auto &a, const auto &b) { return a.device < b.device; });
    return v;
}

} // namespace npuscope
