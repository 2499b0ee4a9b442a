#include "core/model/records.h"

#include <algorithm>
#include <iterator>

#include <string_view>

namespace npuscope {

namespace {

constexpr std::string_view kKindNames[kTaskKindLimit] = {
    "AI_CORE", "AI_CPU", "EVENT_RECORD", "EVENT_WAIT", "EVENT_RESET",
    "REDUCE_ASYNC_V2", "NOTIFY_WAIT", "NOTIFY_RECORD", "MEMCPY_ASYNC",
    "AI_VECTOR_CORE", "MIX_AIC", "MIX_AIV", "DMA", "", "", "OTHER",
};

// Spellings seen in msprof timelines and summaries, torch_npu/MindSpore kernel_details and
// the db exports' TASK / COMPUTE_TASK_INFO tables. Matching is exact: the sources write
// these names verbatim, and a near miss is better kept as Other than guessed.
struct Spelling {
    std::string_view text;
    TaskKind kind;
};
constexpr Spelling kSpellings[] = {
    {"AI_CORE", TaskKind::AiCore},
    {"KERNEL_AICORE", TaskKind::AiCore},
    {"AI_CPU", TaskKind::AiCpu},
    {"KERNEL_AICPU", TaskKind::AiCpu},
    {"AI_VECTOR_CORE", TaskKind::AiVectorCore},
    {"KERNEL_AIVEC", TaskKind::AiVectorCore},
    {"MIX_AIC", TaskKind::MixAic},
    {"KERNEL_MIX_AIC", TaskKind::MixAic},
    {"MIX_AIV", TaskKind::MixAiv},
    {"KERNEL_MIX_AIV", TaskKind::MixAiv},
    {"EVENT_RECORD", TaskKind::EventRecord},
    {"EVENT_RECORD_SQE", TaskKind::EventRecord},
    {"EVENT_WAIT", TaskKind::EventWait},
    {"EVENT_WAIT_SQE", TaskKind::EventWait},
    {"EVENT_RESET", TaskKind::EventReset},
    {"EVENT_RESET_SQE", TaskKind::EventReset},
    {"REDUCE_ASYNC_V2", TaskKind::ReduceAsyncV2},
    {"NOTIFY_WAIT", TaskKind::NotifyWait},
    {"NOTIFY_WAIT_SQE", TaskKind::NotifyWait},
    {"Notify Wait", TaskKind::NotifyWait},
    {"NOTIFY_RECORD", TaskKind::NotifyRecord},
    {"NOTIFY_RECORD_SQE", TaskKind::NotifyRecord},
    {"Notify Record", TaskKind::NotifyRecord},
    {"MEMCPY_ASYNC", TaskKind::MemcpyAsync},
    {"MEMCPY_ASYNC_SQE", TaskKind::MemcpyAsync},
    {"SDMA", TaskKind::Dma},
    {"SDMA_SQE", TaskKind::Dma},
    {"PCIE_DMA_SQE", TaskKind::Dma},
    {"PCIE_DMA", TaskKind::Dma},
};

} // namespace

const char *taskKindName(TaskKind k)
{
    const auto i = static_cast<int>(k);
    return (i >= 0 && i < kTaskKindLimit && !kKindNames[i].empty()) ? kKindNames[i].data() : "OTHER";
}

TaskKind taskKindOf(std::string_view text)
{
    for (const Spelling &s : kSpellings)
        if (s.text == text)
            return s.kind;
    return TaskKind::Other;
}

std::size_t RecordBatch::recordCount() const
{
    return ops.size() + tasks.size() + collectives.size() + hcclTasks.size() + stepTraces.size()
         + aiCpu.size() + queueEvents.size() + fusionOps.size() + hostRanges.size() + counters.size()
         + flowEnds.size() + pythonRanges.size() + memory.size() + opMemory.size() + commOps.size()
         + commBandwidth.size() + commMatrix.size() + stepTimes.size() + taskAttrs.size();
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
    counters.clear();
    flowEnds.clear();
    pythonRanges.clear();
    memory.clear();
    opMemory.clear();
    commOps.clear();
    commBandwidth.clear();
    commMatrix.clear();
    stepTimes.clear();
    taskAttrs.clear();
    strings.clear();
}

namespace {
// Moves element by element, never swaps the buffers: both batches keep their capacity, so a
// producer refilling `from` and a gatherer reusing `to` stop reallocating after a step.
template<class T>
void moveAppend(std::vector<T> &to, std::vector<T> &from)
{
    to.insert(to.end(), std::make_move_iterator(from.begin()), std::make_move_iterator(from.end()));
    from.clear();
}
} // namespace

void RecordBatch::append(RecordBatch &&o)
{
    moveAppend(ops, o.ops);
    moveAppend(tasks, o.tasks);
    moveAppend(collectives, o.collectives);
    moveAppend(hcclTasks, o.hcclTasks);
    moveAppend(stepTraces, o.stepTraces);
    moveAppend(aiCpu, o.aiCpu);
    moveAppend(queueEvents, o.queueEvents);
    moveAppend(fusionOps, o.fusionOps);
    moveAppend(hostRanges, o.hostRanges);
    moveAppend(counters, o.counters);
    moveAppend(flowEnds, o.flowEnds);
    moveAppend(pythonRanges, o.pythonRanges);
    moveAppend(memory, o.memory);
    moveAppend(opMemory, o.opMemory);
    moveAppend(commOps, o.commOps);
    moveAppend(commBandwidth, o.commBandwidth);
    moveAppend(commMatrix, o.commMatrix);
    moveAppend(stepTimes, o.stepTimes);
    moveAppend(taskAttrs, o.taskAttrs);
    const std::size_t had = strings.size();
    moveAppend(strings, o.strings);
    if (had > 0 && had < strings.size())
        std::inplace_merge(strings.begin(), strings.begin() + std::ptrdiff_t(had), strings.end(),
                           [](const auto &a, const auto &b) { return a.first < b.first; });
}

} // namespace npuscope
