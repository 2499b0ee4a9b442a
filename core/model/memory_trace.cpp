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

} // namespace npuscope
