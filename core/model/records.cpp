#include "core/model/records.h"

#include <string_view>

namespace npuscope {

namespace {
constexpr std::string_view kTaskTypeNames[kTaskTypeCount] = {
    "AI_CORE", "AI_CPU", "EVENT_RECORD", "EVENT_WAIT", "EVENT_RESET",
    "REDUCE_ASYNC_V2", "NOTIFY_WAIT", "NOTIFY_RECORD", "MEMCPY_ASYNC",
};
}

const char *taskTypeName(TaskType t)
{
    const auto i = static_cast<int>(t);
    return (i >= 0 && i < kTaskTypeCount) ? kTaskTypeNames[i].data() : "UNKNOWN";
}

bool taskTypeFromName(std::string_view name, TaskType *out)
{
    for (int i = 0; i < kTaskTypeCount; ++i) {
        if (kTaskTypeNames[i] == name) {
            *out = static_cast<TaskType>(i);
            return true;
        }
    }
    return false;
}

std::size_t RecordBatch::recordCount() const
{
    return ops.size() + tasks.size() + collectives.size() + hcclTasks.size() + stepTraces.size()
         + aiCpu.size() + queueEvents.size() + fusionOps.size() + hostRanges.size();
}

bool RecordBatch::empty() const
{
    return recordCount() == 0 && strings.empty();
}

void RecordBatch::clear()
{
    ops.clear();
    tasks.clear();
    collectives.clear();
    hcclTasks.clear();
    stepTraces.clear();
    aiCpu.clear();
    queueEvents.clear();
    fusionOps.clear();
    hostRanges.clear();
    strings.clear();
}

} // namespace npuscope
