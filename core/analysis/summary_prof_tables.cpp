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

// task_time: msprof's per-iteration rows of (stream, task id, name) with count, total,
// min, max, waiting (the gap to the stream's previous end in the iteration), running and
// pending, exactly as TaskTimeBuilder (op_tables.h) computes them for the exported file.
// Built from one pass over the session's tasks (TraceReader::scanTasks: the store reads
// its task table once, without PMU values), then per iteration in start order; the rows
// keep only ids and numbers (names are looked up when shown), so a 1 M-task session
// builds in a fraction of a second. Each iteration's rows by total time, longest first.
struct TaskTimeTableRow {
    std::uint16_t device = 0;
    std::uint32_t model = 0, iteration = 0, stream = 0, taskId = 0;
    StrId name = 0, type = 0;
    std::uint32_t op = 0;
    TaskKind kind = TaskKind::AiCore;
    std::uint64_t count = 0;
    TimeNs total = 0, min = 0, max = 0, waiting = 0, pending = 0, first = 0, last = 0; // running = total
    double timePercent = 0;
};

Cell taskTimeTableCell(const SummaryLookup &l, const TaskTimeTableRow &r, int col)
{
    switch (col) {
    case 0: return Cell::fixed(r.timePercent);
    case 1: return Cell::us(r.total);
    case 2: return Cell::uint(r.count);
    case 3: return Cell::usD(r.count ? static_cast<double>(r.total) / static_cast<double>(r.count) : 0.0);
    case 4: return Cell::us(r.min);
    case 5: return Cell::us(r.max);
    case 6: return Cell::us(r.waiting);
    case 7: return Cell::us(r.total); // running: the tasks' own time
    case 8: return Cell::us(r.pending);
    case 9: return Cell::str(taskTypeText(l, r.type, r.kind));
    case 10: return Cell::str(taskLaunchApi(r.kind));
    case 11: return Cell::uint(r.taskId);
    case 12: return Cell::str(taskDisplayName(l, r.type, r.kind, r.name, r.op));
    case 13: return Cell::uint(r.stream);
    default: return Cell::na();
    }
}

std::shared_ptr<const SummaryTable> buildTaskTime(const TraceReader &reader, const std::atomic<bool> *cancel)
{
    using T = RowsTable<TaskTimeTableRow>;
    auto t = std::make_shared<T>(
        SummaryKind::TaskTime, reader,
        [](const T &self, const TaskTimeTableRow &r, int c) { return taskTimeTableCell(self.lookup, r, c); },
        [](const TaskTimeTableRow &r) { return spanOf(r.device, r.model, r.iteration, r.stream, r.first, r.last); });
    t->setColumns(makeColumns(taskTimeHeader(), {9, 10, 12}, true, true), QStringLiteral("Type"));

    // Per iteration key its tasks, in storage order (which keeps an iteration's tasks
    // together: the last bucket is nearly always the one). Small per-iteration vectors
    // instead of one of every task: no copies of the whole session while it grows.
    struct Task {
        std::uint8_t kind;
        std::uint32_t stream, taskId, op;
        StrId name, type;
        TimeNs start, duration, pending;
    };
    using Key = std::tuple<std::uint16_t, std::uint32_t, std::uint32_t>;
    std::map<Key, std::vector<Task>> buckets;
    std::vector<Task> *bucket = nullptr;
    Key last{};
    std::size_t seen = 0;
    bool stopped = false;
    const bool ok = reader.scanTasks([&](const TaskRecord &r) {
        if ((++seen & 0xffff) == 0 && cancelled(cancel)) {
            stopped = true;
            return false;
        }
        const Key k{r.device, r.modelId, r.iteration};
        if (!bucket || k != last) {
            bucket = &buckets[k];
            last = k;
        }
        bucket->push_back({std::uint8_t(r.kind), r.streamId, r.taskId, r.opId, r.name, r.type, r.start, r.duration, r.pending});
        return true;
    });
    if (!ok || stopped || cancelled(cancel))
        return nullptr;
    // Display names (name, else op name, else task type).
    const auto displayName = [&reader](const Task &x) -> std::string_view {
        std::string_view n = reader.string(x.name);
        if (n.empty() && x.op)
            if (const OpDesc *o = reader.op(x.op))
                n = reader.string(o->name);
        if (!n.empty())
            return n;
        const std::string_view ty = reader.string(x.type);
        return ty.empty() ? std::string_view(taskKindName(TaskKind(x.kind))) : ty;
    };
    struct Entry {
        std::uint32_t stream, taskId;
        std::string_view name;
        std::uint32_t index; // into the iteration's tasks
        TimeNs wait;         // this task's waiting contribution
        bool waited;
    };
    std::vector<Entry> entries;
    std::vector<std::pair<std::uint32_t, TimeNs>> streamEnds; // few streams per iteration
    std::vector<TaskTimeTableRow> scratch;                    // one iteration's rows
    std::vector<std::uint32_t> order;
    t->rows.reserve(seen); // at most one row per task: no regrowth copies
    for (auto &[key, tasks] : buckets) {
        if (cancelled(cancel))
            return nullptr;
        // forEachTask's order within the iteration: start, stream, task id, storage order.
        std::stable_sort(tasks.begin(), tasks.end(), [](const Task &x, const Task &y) {
            if (x.start != y.start) return x.start < y.start;
            if (x.stream != y.stream) return x.stream < y.stream;
            return x.taskId < y.taskId;
        });
        const std::uint16_t device = std::get<0>(key);
        const std::uint32_t model = std::get<1>(key), iteration = std::get<2>(key);
        // Waiting per task in start order, then rows by (stream, task id, name).
        entries.clear();
        streamEnds.clear();
        TimeNs iterationTotal = 0;
        for (std::uint32_t k = 0; k < tasks.size(); ++k) {
            const Task &x = tasks[k];
            t->lookup.keep(x.name);
            t->lookup.keep(x.type);
            t->lookup.keepOp(x.op);
            const TimeNs end = addTime(x.start, x.duration);
            auto se = std::find_if(streamEnds.begin(), streamEnds.end(), [&x](const auto &p) { return p.first == x.stream; });
            Entry e{x.stream, x.taskId, displayName(x), k, 0, false};
            if (se != streamEnds.end()) {
                e.wait = std::max<TimeNs>(0, timeSpan(se->second, x.start));
                e.waited = true;
                se->second = std::max(se->second, end);
            } else {
                streamEnds.emplace_back(x.stream, end);
            }
            iterationTotal = addTime(iterationTotal, x.duration);
            entries.push_back(e);
        }
        std::stable_sort(entries.begin(), entries.end(), [](const Entry &a, const Entry &b) {
            if (a.stream != b.stream) return a.stream < b.stream;
            if (a.taskId != b.taskId) return a.taskId < b.taskId;
            return a.name < b.name;
        });
        scratch.clear();
        for (std::size_t a = 0; a < entries.size();) {
            std::size_t b = a;
            const Task &head = tasks[entries[a].index];
            TaskTimeTableRow row;
            row.device = device;
            row.model = model;
            row.iteration = iteration;
            row.stream = head.stream;
            row.taskId = head.taskId;
            row.name = head.name;
            row.type = head.type;
            row.op = head.op;
            row.kind = TaskKind(head.kind);
            row.min = row.max = head.duration;
            row.first = head.start;
            row.last = addTime(head.start, head.duration);
            // Stable sort: a key's tasks stay in start order; the first one sets the row's
            // type and name source, as TaskTimeBuilder keeps the first task's.
            while (b < entries.size() && entries[b].stream == entries[a].stream && entries[b].taskId == entries[a].taskId
                   && entries[b].name == entries[a].name) {
                const Task &x = tasks[entries[b].index];
                ++row.count;
                row.total = addTime(row.total, x.duration);
                row.pending = addTime(row.pending, x.pending);
                row.min = std::min(row.min, x.duration);
                row.max = std::max(row.max, x.duration);
                if (entries[b].waited)
                    row.waiting = addTime(row.waiting, entries[b].wait);
                row.last = std::max(row.last, addTime(x.start, x.duration));
                ++b;
            }
            row.timePercent = iterationTotal > 0 ? 100.0 * static_cast<double>(row.total) / static_cast<double>(iterationTotal) : 0;
            scratch.push_back(row);
            a = b;
        }
        // The iteration's rows by total time, longest first (key order breaks ties).
        order.resize(scratch.size());
        for (std::uint32_t i = 0; i < order.size(); ++i)
            order[i] = i;
        std::stable_sort(order.begin(), order.end(),
                         [&scratch](std::uint32_t x, std::uint32_t y) { return scratch[x].total > scratch[y].total; });
        for (std::uint32_t i : order)
            t->rows.push_back(scratch[i]);
        std::vector<Task>().swap(tasks); // its memory back as we go
    }
    if (t->rows.size() < t->rows.capacity() * 3 / 4)
        t->rows.shrink_to_fit();
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
