#include "core/model/record_sink.h"

namespace npuscope {

bool CountingSink::write(const RecordBatch &b)
{
    ++batches;
    ops += b.ops.size();
    tasks += b.tasks.size();
    collectives += b.collectives.size();
    hcclTasks += b.hcclTasks.size();
    stepTraces += b.stepTraces.size();
    aiCpu += b.aiCpu.size();
    queueEvents += b.queueEvents.size();
    fusionOps += b.fusionOps.size();
    hostRanges += b.hostRanges.size();
    counters += b.counters.size();
    flowEnds += b.flowEnds.size();
    pythonRanges += b.pythonRanges.size();
    memory += b.memory.size();
    opMemory += b.opMemory.size();
    commOps += b.commOps.size();
    commBandwidth += b.commBandwidth.size();
    commMatrix += b.commMatrix.size();
    stepTimes += b.stepTimes.size();
    taskAttrs += b.taskAttrs.size();
    strings += b.strings.size();
    return true;
}

std::size_t StringTable::Hash::operator()(std::string_view s) const noexcept
{
    return std::hash<std::string_view>{}(s);
}

StrId StringTable::intern(std::string_view s, RecordBatch &batch)
{
    if (s.empty())
        return 0;
    if (auto it = map_.find(s); it != map_.end())
        return it->second;
    const StrId id = static_cast<StrId>(map_.size() + 1);
    map_.emplace(std::string(s), id);
    batch.strings.emplace_back(id, std::string(s));
    return id;
}

} // namespace npuscope
