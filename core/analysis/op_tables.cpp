#include "core/analysis/op_tables.h"

#include <algorithm>

namespace npuscope::analysis {

std::optional<double> aicoreTimeUs(std::uint64_t totalCycles, int freqMHz, int blockDim)
{
    if (blockDim <= 0 || freqMHz <= 0)
        return std::nullopt;
    const int waves = (blockDim + 31) / 32;
    return static_cast<double>(totalCycles) / freqMHz / blockDim * waves;
}

std::optional<double> memoryBound(double mte2Ratio, double macRatio, double vecRatio)
{
    const double d = std::max(macRatio, vecRatio);
    if (d <= 0)
        return std::nullopt;
    return mte2Ratio / d;
}

TimeNs TaskWaitTracker::next(TimeNs start, TimeNs duration)
{
    TimeNs wait = 0;
    if (!first_)
        wait = std::max<TimeNs>(0, start - prevStart_ - prevDuration_);
    first_ = false;
    prevStart_ = start;
    prevDuration_ = duration;
    return wait;
}

void OpStatisticBuilder::add(std::string_view opType, std::string_view coreType, TimeNs d)
{
    auto key = std::make_pair(std::string(opType), std::string(coreType));
    auto it = rows_.find(key);
    if (it == rows_.end()) {
        OpStatisticRow r;
        r.opType = key.first;
        r.coreType = key.second;
        r.min = d;
        r.max = d;
        it = rows_.emplace(std::move(key), std::move(r)).first;
    }
    auto &r = it->second;
    ++r.count;
    r.total = addTime(r.total, d);
    r.min = std::min(r.min, d);
    r.max = std::max(r.max, d);
    total_ = addTime(total_, d);
}

namespace {

// The rows, longest total first (ties keep the map's key order), each with its mean and its
// share of `total`.
template <class Row, class Map>
std::vector<Row> rowsByTotal(const Map &rows, TimeNs total, double Row::*share)
{
    std::vector<Row> out;
    out.reserve(rows.size());
    for (const auto &kv : rows) {
        Row row = kv.second;
        row.avgNs = row.count ? static_cast<double>(row.total) / row.count : 0;
        row.*share = total > 0 ? 100.0 * row.total / total : 0;
        out.push_back(std::move(row));
    }
    std::stable_sort(out.begin(), out.end(), [](const Row &a, const Row &b) { return a.total > b.total; });
    return out;
}

} // namespace

std::vector<OpStatisticRow> OpStatisticBuilder::rows() const
{
    return rowsByTotal(rows_, total_, &OpStatisticRow::ratioPercent);
}

void TaskTimeBuilder::add(const TaskRecord &t, std::string_view name, std::string_view type)
{
    auto key = std::make_tuple(t.streamId, t.taskId, std::string(name));
    auto it = rows_.find(key);
    if (it == rows_.end()) {
        TaskTimeRow r;
        r.streamId = t.streamId;
        r.taskId = t.taskId;
        r.name = std::string(name);
        r.type = std::string(type);
        r.kind = t.kind;
        r.min = t.duration;
        r.max = t.duration;
        it = rows_.emplace(std::move(key), std::move(r)).first;
    }
    auto &r = it->second;
    ++r.count;
    r.total = addTime(r.total, t.duration);
    r.running = addTime(r.running, t.duration);
    r.pending = addTime(r.pending, t.pending);
    r.min = std::min(r.min, t.duration);
    r.max = std::max(r.max, t.duration);
    auto se = streamEnd_.find(t.streamId);
    if (se != streamEnd_.end()) {
        r.waiting = addTime(r.waiting, std::max<TimeNs>(0, timeSpan(se->second, t.start)));
        se->second = std::max(se->second, endOf(t));
    } else {
        streamEnd_.emplace(t.streamId, endOf(t));
    }
    total_ = addTime(total_, t.duration);
}

std::vector<TaskTimeRow> TaskTimeBuilder::rows() const
{
    return rowsByTotal(rows_, total_, &TaskTimeRow::timePercent);
}

const char *taskLaunchApi(TaskKind k)
{
    switch (k) {
    case TaskKind::AiCore:
    case TaskKind::AiVectorCore:
    case TaskKind::MixAic:
    case TaskKind::MixAiv: return "rtKernelLaunch";
    case TaskKind::AiCpu: return "rtCpuKernelLaunch";
    case TaskKind::EventRecord: return "rtEventRecord";
    case TaskKind::EventWait: return "rtStreamWaitEvent";
    case TaskKind::EventReset: return "rtEventReset";
    case TaskKind::ReduceAsyncV2: return "rtReduceAsyncV2";
    case TaskKind::NotifyWait: return "rtNotifyWait";
    case TaskKind::NotifyRecord: return "rtNotifyRecord";
    case TaskKind::MemcpyAsync:
    case TaskKind::Dma: return "rtMemcpyAsync";
    case TaskKind::Other: break;
    }
    return "N/A";
}

StepTraceRow stepTraceRow(const StepTraceRecord &s)
{
    StepTraceRow r;
    r.iteration = s.iteration;
    r.fpStart = s.fpStart;
    r.bpEnd = s.bpEnd;
    r.iterationEnd = s.iterationEnd;
    const bool first = s.previousIterationEnd < 0;
    r.iterationTime = s.iterationEnd - (first ? s.fpStart : s.previousIterationEnd);
    r.fpToBp = s.bpEnd - s.fpStart;
    r.refresh = s.iterationEnd - s.bpEnd;
    if (!first)
        r.dataAugBound = s.fpStart - s.previousIterationEnd;
    r.reduces = s.reduces;
    return r;
}

} // namespace npuscope::analysis
