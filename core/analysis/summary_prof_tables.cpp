// The tables of the PROF summary files (op_summary, op_statistic, task_time, step_trace,
// aicpu, l2_cache, msprof_tx, dp, fusion_op) and the collective ops of the hccl timeline.

#include "core/analysis/summary_build.h"

#include <map>
#include <optional>
#include <tuple>

namespace npuscope::analysis::detail {

// op_summary keeps a 64-byte task extract per row and the PMU floats beside it.
class OpSummaryTable final : public SummaryTable {
public:
    OpSummaryTable(const TraceReader &r, const OpSummaryLayout &l) : SummaryTable(SummaryKind::OpSummary), lookup(r), layout(l)
    {
        columns_ = makeColumns(layout.header(), {3, 4, 5, 10, 11, 12, 13, 14, 15}, true, true);
        groupColumn_ = columnIndex(QStringLiteral("OP Type"));
    }
    std::size_t rowCount() const override { return rows.size(); }
    Cell cell(std::size_t row, int col) const override
    {
        const OpSummaryTask &t = rows[row];
        if (col == 0)
            return Cell::uint(t.device);
        if (col == 1)
            return Cell::uint(t.iteration);
        const std::size_t m = layout.metrics.size();
        return opSummaryCell(layout, lookup, t, m ? &pmu[row * m] : nullptr, freqOf(t.device), col - 2);
    }
    RowSpan span(std::size_t row) const override
    {
        const OpSummaryTask &t = rows[row];
        RowSpan s;
        s.device = t.device;
        s.modelId = t.modelId;
        s.iteration = t.iteration;
        s.stream = t.streamId;
        s.start = t.start;
        s.end = endOf(t);
        return s;
    }
    std::size_t memoryBytes() const override
    {
        return rows.capacity() * sizeof(OpSummaryTask) + pmu.capacity() * sizeof(float) + lookup.memoryBytes();
    }
    int freqOf(std::uint16_t device) const { return device < freq.size() ? freq[device] : 0; }

    OwnLookup lookup;
    OpSummaryLayout layout;
    std::vector<OpSummaryTask> rows;
    std::vector<float> pmu;
    std::vector<int> freq; // AI Core MHz by device id
};

std::shared_ptr<const SummaryTable> buildOpSummary(const TraceReader &reader, const SessionSummaryOptions &so,
                                                   const std::atomic<bool> *cancel)
{
    const OpSummaryLayout layout(so.opt.taskTime == TaskTimeLevel::L0, so.opt.aicpu == Switch::On, so.metricColumns);
    auto t = std::make_shared<OpSummaryTable>(reader, layout);
    for (const auto &d : reader.sessionInfo().devices) {
        if (t->freq.size() <= d.id)
            t->freq.resize(d.id + 1u, 0);
        t->freq[d.id] = d.aicFrequencyMHz;
    }
    const std::size_t m = layout.metrics.size();
    for (const auto &k : reader.iterations()) {
        if (cancelled(cancel))
            return nullptr;
        TaskWaitTracker wait;
        reader.forEachTask(k, [&](const TaskRecord &task) {
            if (!layout.includes(task.kind))
                return true;
            t->rows.push_back(opSummaryTask(task, wait.next(task.start, task.duration)));
            t->lookup.keepTask(task);
            for (std::size_t i = 0; i < m; ++i)
                t->pmu.push_back(i < task.pmu.size() ? task.pmu[i] : 0.f);
            return true;
        });
    }
    t->rows.shrink_to_fit();
    t->pmu.shrink_to_fit();
    t->lookup.done();
    return t;
}

struct StatRow { OpStatisticRow r; std::string model; RowSpan span; };

std::shared_ptr<const SummaryTable> buildOpStatistic(const TraceReader &reader, const SessionSummaryOptions &so,
                                                     const std::atomic<bool> *cancel)
{
    using T = RowsTable<StatRow>;
    auto t = std::make_shared<T>(
        SummaryKind::OpStatistic, reader, [](const T &, const StatRow &r, int c) { return opStatisticCell(r.r, r.model, c); },
        [](const StatRow &r) { return r.span; });
    t->setColumns(makeColumns(opStatisticHeader(), {0, 1, 2}, true, true), QStringLiteral("OP Type"));
    const bool l0 = so.opt.taskTime == TaskTimeLevel::L0;
    for (const auto &k : reader.iterations()) {
        if (cancelled(cancel))
            return nullptr;
        OpStatisticBuilder b;
        std::map<std::pair<std::string, std::string>, std::pair<TimeNs, TimeNs>, std::less<>> spans;
        reader.forEachTask(k, [&](const TaskRecord &task) {
            if (!isAiCoreKind(task.kind) && !(so.opt.aicpu == Switch::On && task.kind == TaskKind::AiCpu))
                return true;
            t->lookup.keepTask(task);
            const std::string_view type = opStatisticType(t->lookup, task, l0);
            const std::string_view core = opStatisticCore(t->lookup, task);
            b.add(type, core, task.duration);
            auto [p, fresh] = spans.try_emplace({std::string(type), std::string(core)}, task.start, endOf(task));
            if (!fresh)
                p->second.second = std::max(p->second.second, endOf(task));
            return true;
        });
        const std::string model = modelNameOf(reader.sessionInfo(), k.modelId);
        for (auto &r : b.rows()) {
            const auto &sp = spans.at({r.opType, r.coreType});
            t->rows.push_back({r, model, spanOf(k.device, k.modelId, k.iteration, -1, sp.first, sp.second)});
        }
    }
    t->lookup.done();
    return t;
}

struct StepRow { StepTraceRow r; std::uint16_t device; std::uint32_t model; TimeNs from; };

std::shared_ptr<const SummaryTable> buildStepTrace(const TraceReader &reader, const std::atomic<bool> *cancel)
{
    using T = RowsTable<StepRow>;
    auto t = std::make_shared<T>(
        SummaryKind::StepTrace, reader, [](const T &self, const StepRow &r, int c) { return stepTraceCell(r.r, self.pairs, c); },
        [](const StepRow &r) { return spanOf(r.device, r.model, r.r.iteration, -1, r.from, r.r.iterationEnd); });
    // The step_trace file of an iteration holds every iteration of its model: one row set
    // per (device, model) is the same information once.
    std::vector<std::pair<std::uint16_t, std::uint32_t>> seen;
    for (const auto &k : reader.iterations()) {
        if (cancelled(cancel))
            return nullptr;
        const std::pair<std::uint16_t, std::uint32_t> dm{k.device, k.modelId};
        if (std::find(seen.begin(), seen.end(), dm) != seen.end())
            continue;
        seen.push_back(dm);
        for (const auto &s : reader.stepTraces(k.device, k.modelId)) {
            const StepTraceRow r = stepTraceRow(s);
            t->pairs = std::max(t->pairs, r.reduces.size());
            t->rows.push_back({r, k.device, k.modelId, s.previousIterationEnd >= 0 ? std::min(s.previousIterationEnd, s.fpStart) : s.fpStart});
        }
    }
    t->setColumns(makeColumns(stepTraceHeader(t->pairs), {}, true, false), QString());
    t->lookup.done();
    return t;
}

template <class Rec>
struct Keyed { Rec rec; std::uint32_t model; std::uint32_t iteration; };

std::shared_ptr<const SummaryTable> buildAiCpu(const TraceReader &reader, const std::atomic<bool> *cancel)
{
    using T = RowsTable<AiCpuRecord>;
    auto t = std::make_shared<T>(
        SummaryKind::AiCpu, reader, [](const T &self, const AiCpuRecord &a, int c) { return aiCpuCell(a, self.lookup, c); },
        [](const AiCpuRecord &a) { return spanOf(a.device, a.modelId, a.iteration, a.streamId, a.timestamp, addTime(a.timestamp, a.totalTime)); });
    t->setColumns(makeColumns(aiCpuHeader(), {1}, true, true), QStringLiteral("Node"));
    for (const auto &k : reader.iterations()) {
        if (cancelled(cancel))
            return nullptr;
        reader.forEachAiCpu(k, [&](const AiCpuRecord &a) {
            t->lookup.keep(a.node);
            t->rows.push_back(a);
            return true;
        });
    }
    t->lookup.done();
    return t;
}

struct L2Row {
    TimeNs start, duration;
    std::uint32_t model, iteration, stream, task, opId;
    StrId name;
    float hit, victim;
    std::uint16_t device;
    StrId type;
    TaskKind kind;
};

std::shared_ptr<const SummaryTable> buildL2(const TraceReader &reader, const std::atomic<bool> *cancel)
{
    using T = RowsTable<L2Row>;
    auto t = std::make_shared<T>(
        SummaryKind::L2Cache, reader,
        [](const T &self, const L2Row &r, int c) {
            return l2Cell(r.stream, r.task, r.hit, r.victim, taskDisplayName(self.lookup, r.type, r.kind, r.name, r.opId), c);
        },
        [](const L2Row &r) { return spanOf(r.device, r.model, r.iteration, r.stream, r.start, endOf(r)); });
    t->setColumns(makeColumns(l2Header(), {4}, true, true), QStringLiteral("Op Name"));
    for (const auto &k : reader.iterations()) {
        if (cancelled(cancel))
            return nullptr;
        reader.forEachTask(k, [&](const TaskRecord &task) {
            if (!l2Includes(task))
                return true;
            t->lookup.keepTask(task);
            t->rows.push_back({task.start, task.duration, task.modelId, task.iteration, task.streamId, task.taskId,
                               task.opId, task.name, task.l2HitRate, task.l2VictimRate, task.device, task.type, task.kind});
            return true;
        });
    }
    t->lookup.done();
    return t;
}

std::shared_ptr<const SummaryTable> buildTx(const TraceReader &reader, const std::atomic<bool> *cancel)
{
    using T = RowsTable<HostRangeRecord>;
    auto t = std::make_shared<T>(
        SummaryKind::MsprofTx, reader, [](const T &self, const HostRangeRecord &r, int c) { return txCell(r, self.lookup, c); },
        [](const HostRangeRecord &r) { return spanOf(r.device, r.modelId, r.iteration, -1, r.start, endOf(r)); });
    t->setColumns(makeColumns(txHeader(), {3, 8, 9}, true, true), QStringLiteral("message"));
    for (const auto &k : reader.iterations()) {
        if (cancelled(cancel))
            return nullptr;
        reader.forEachHostRange(k, [&](const HostRangeRecord &r) {
            if (r.kind != HostRangeRecord::Kind::MsprofTx)
                return true;
            t->lookup.keep(r.name);
            t->lookup.keep(r.eventType);
            t->lookup.keep(r.messageType);
            t->rows.push_back(r);
            return true;
        });
    }
    t->lookup.done();
    return t;
}

std::shared_ptr<const SummaryTable> buildDp(const TraceReader &reader, const std::atomic<bool> *cancel)
{
    using R = Keyed<QueueEventRecord>;
    using T = RowsTable<R>;
    auto t = std::make_shared<T>(
        SummaryKind::DataPreprocess, reader, [](const T &self, const R &r, int c) { return dpCell(r.rec, self.lookup, c); },
        [](const R &r) { return spanOf(r.rec.device, r.model, r.iteration, -1, r.rec.timestamp, r.rec.timestamp); });
    t->setColumns(makeColumns(dpHeader(), {1, 2}, true, true), QStringLiteral("Action"));
    std::uint16_t cachedDevice = 0;
    std::vector<QueueEventRecord> queue;
    bool haveQueue = false;
    for (const auto &k : reader.iterations()) {
        if (cancelled(cancel))
            return nullptr;
        if (!haveQueue || cachedDevice != k.device) {
            queue = reader.queueEvents(k.device);
            cachedDevice = k.device;
            haveQueue = true;
            for (const auto &q : queue) {
                t->lookup.keep(q.action);
                t->lookup.keep(q.source);
            }
        }
        if (queue.empty())
            continue;
        // The same window the exporter's dp file of this iteration uses.
        const auto steps = reader.stepTraces(k.device, k.modelId);
        std::optional<std::pair<TimeNs, TimeNs>> span;
        const bool stepped = std::any_of(steps.begin(), steps.end(), [&k](const StepTraceRecord &s) { return s.iteration == k.iteration; });
        if (!stepped) // the window falls back to the iteration's tasks only without a step trace
            reader.forEachTask(k, [&](const TaskRecord &task) {
            if (!span)
                span = std::make_pair(task.start, task.start - 1);
            span->second = std::max(span->second, endOf(task));
            return true;
        });
        const QueueWindow w = queueWindow(steps, k.iteration, span);
        for (const auto &q : queue)
            if (q.timestamp > w.lo && q.timestamp <= w.hi)
                t->rows.push_back({q, k.modelId, k.iteration});
    }
    t->lookup.done();
    return t;
}

struct FusionRow { FusionOpRecord rec; std::string fallbackModel; };

std::vector<std::uint32_t> modelIds(const TraceReader &reader)
{
    std::vector<std::uint32_t> ids;
    for (const auto &m : reader.sessionInfo().models)
        ids.push_back(m.id);
    for (const auto &k : reader.iterations())
        ids.push_back(k.modelId);
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    return ids;
}

std::shared_ptr<const SummaryTable> buildFusion(const TraceReader &reader, const std::atomic<bool> *cancel)
{
    using T = RowsTable<FusionRow>;
    auto t = std::make_shared<T>(
        SummaryKind::FusionOp, reader,
        [](const T &self, const FusionRow &r, int c) { return fusionCell(r.rec, self.lookup, r.fallbackModel, c); },
        [](const FusionRow &r) {
            RowSpan s = spanOf(0, r.rec.modelId, 0, -1, 0, 0);
            s.hasDevice = false;
            s.hasTime = false;
            return s;
        });
    t->setColumns(makeColumns(fusionHeader(), {0, 2, 3}, false, false), QStringLiteral("Fusion Op"));
    for (std::uint32_t model : modelIds(reader)) {
        if (cancelled(cancel))
            return nullptr;
        const std::string fallback = modelNameOf(reader.sessionInfo(), model);
        for (const auto &o : reader.fusionOps(model)) {
            t->lookup.keep(o.modelName);
            t->lookup.keep(o.fusionOp);
            t->lookup.keep(o.originalOps);
            t->rows.push_back({o, fallback});
        }
    }
    t->lookup.done();
    return t;
}

std::shared_ptr<const SummaryTable> buildCollectives(const TraceReader &reader, const std::atomic<bool> *cancel)
{
    using T = RowsTable<CollectiveOpRecord>;
    auto t = std::make_shared<T>(
        SummaryKind::Collectives, reader,
        [](const T &self, const CollectiveOpRecord &r, int c) { return collectiveCell(r, self.lookup, c); },
        [](const CollectiveOpRecord &r) { return spanOf(r.device, r.modelId, r.iteration, -1, r.start, endOf(r)); });
    t->setColumns(makeColumns(collectiveHeader(), {0, 1}, true, true), QStringLiteral("OP Type"));
    for (const auto &k : reader.iterations()) {
        if (cancelled(cancel))
            return nullptr;
        reader.forEachCollective(k, [&](const CollectiveOpRecord &c) {
            t->lookup.keep(c.name);
            t->lookup.keep(c.opType);
            t->rows.push_back(c);
            return true;
        });
    }
    t->lookup.done();
    return t;
}

} // namespace npuscope::analysis::detail
