#include "core/analysis/summary_tables.h"

#include "core/options/profiling_options.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <algorithm>
#include <array>
#include <bit>
#include <cctype>
#include <charconv>
#include <functional>
#include <limits>
#include <map>
#include <unordered_map>

namespace npuscope::analysis {

namespace {

struct Ctx { Q_DECLARE_TR_FUNCTIONS(SummaryTables) };

// What the session's options say about the summary files (the exporter's rules).
struct SessionSummaryOptions {
    ProfilingOptions opt;
    bool taskFiles = false, stepFiles = false, hcclFiles = false;
    QStringList metricColumns;
};

SessionSummaryOptions summaryOptions(const SessionInfo &info)
{
    SessionSummaryOptions s;
    if (!info.optionsJson.trimmed().isEmpty())
        ProfilingOptions::parse(info.optionsJson, &s.opt); // problems were reported when the session was set up
    s.taskFiles = s.opt.taskTimingOn();
    s.stepFiles = s.opt.trainingTrace == Switch::On;
    s.hcclFiles = s.opt.hccl == Switch::On && info.devices.size() > 1;
    if (s.opt.taskTime != TaskTimeLevel::L0)
        s.metricColumns = sessionPmuColumns(info);
    return s;
}

bool cancelled(const std::atomic<bool> *c) { return c && c->load(std::memory_order_relaxed); }

// The table's own copy of the strings and op descriptions its rows use.
class OwnLookup final : public SummaryLookup {
public:
    explicit OwnLookup(const TraceReader &r) : reader_(&r) {}
    std::string_view string(StrId id) const override
    {
        return id < strings_.size() ? std::string_view(strings_[id]) : std::string_view();
    }
    const OpDesc *op(std::uint32_t opId) const override
    {
        auto p = ops_.find(opId);
        return p == ops_.end() ? nullptr : &p->second;
    }
    // Copies a string while building (the reader is alive then).
    StrId keep(StrId id)
    {
        if (id == 0)
            return 0;
        if (id >= strings_.size()) {
            strings_.resize(id + 1);
            present_.resize(id + 1);
        }
        if (!present_[id]) {
            strings_[id] = std::string(reader_->string(id));
            present_[id] = true;
        }
        return id;
    }
    void keepOp(std::uint32_t opId)
    {
        if (opId == 0 || ops_.count(opId))
            return;
        const OpDesc *o = reader_->op(opId);
        if (!o)
            return;
        ops_.emplace(opId, *o);
        for (StrId s : {o->name, o->opType, o->inputShapes, o->inputDataTypes, o->inputFormats, o->outputShapes,
                        o->outputDataTypes, o->outputFormats, o->coreType})
            keep(s);
    }
    void keepTask(const TaskRecord &t)
    {
        keep(t.name);
        keep(t.type);
        keepOp(t.opId);
    }
    void done() { reader_ = nullptr; } // built: no reader access after this
    std::size_t memoryBytes() const
    {
        std::size_t b = strings_.capacity() * sizeof(std::string) + ops_.size() * (sizeof(OpDesc) + 32);
        for (const auto &s : strings_)
            b += s.capacity() > 15 ? s.capacity() : 0;
        return b;
    }

private:
    const TraceReader *reader_;
    std::vector<std::string> strings_{std::string()};
    std::vector<bool> present_{true};
    std::unordered_map<std::uint32_t, OpDesc> ops_;
};

std::vector<SummaryColumn> makeColumns(const std::vector<std::string> &csv, std::initializer_list<int> textCols,
                                       bool device, bool iteration)
{
    std::vector<SummaryColumn> cols;
    if (device)
        cols.push_back({Ctx::tr("Device"), ColumnType::Number, false});
    if (iteration)
        cols.push_back({Ctx::tr("Iteration"), ColumnType::Number, false});
    for (std::size_t i = 0; i < csv.size(); ++i) {
        const bool text = std::find(textCols.begin(), textCols.end(), static_cast<int>(i)) != textCols.end();
        const std::string &n = csv[i];
        const bool id = n.ends_with(" ID") || n.ends_with(" Id") || n == "pid" || n == "tid" || n == "category"
                     || n == "payload_type" || n == "Segment";
        // Points in time: their mean and min/max could be read, but a sum is nonsense and
        // they crowd out the durations.
        const bool when = n == "Task Start Time" || n == "Timestamp" || n == "FP Start" || n == "BP End"
                       || n == "Iteration End" || n == "Reduce Start" || n == "Start_time(ns)" || n == "End_time(ns)"
                       || n == "Start Time(us)";
        cols.push_back({QString::fromStdString(n), text ? ColumnType::Text : ColumnType::Number, true, !id && !when});
    }
    return cols;
}

// A table of stored rows of one type whose cells come from a function of (row, CSV column).
// The first `prefix` columns are Device (and Iteration), taken from the row's span.
template <class Row>
class RowsTable final : public SummaryTable {
public:
    using CellFn = std::function<Cell(const RowsTable &, const Row &, int)>;
    using SpanFn = std::function<RowSpan(const Row &)>;
    RowsTable(SummaryKind k, const TraceReader &r, CellFn c, SpanFn s) : SummaryTable(k), lookup(r), cellFn(std::move(c)), spanFn(std::move(s)) {}

    std::size_t rowCount() const override { return rows.size(); }
    Cell cell(std::size_t row, int col) const override
    {
        const Row &r = rows[row];
        if (col < prefix) {
            const RowSpan s = spanFn(r);
            if (col == 0 && prefixDevice)
                return Cell::uint(s.device);
            return s.iteration ? Cell::uint(s.iteration) : Cell::na();
        }
        return cellFn(*this, r, col - prefix);
    }
    RowSpan span(std::size_t row) const override { return spanFn(rows[row]); }
    std::size_t memoryBytes() const override { return rows.capacity() * sizeof(Row) + lookup.memoryBytes(); }

    void setColumns(std::vector<SummaryColumn> c, const QString &group)
    {
        columns_ = std::move(c);
        prefix = 0;
        prefixDevice = false;
        for (const auto &col : columns_)
            if (!col.inCsv) {
                if (prefix == 0 && col.name == Ctx::tr("Device"))
                    prefixDevice = true;
                ++prefix;
            }
        groupColumn_ = group.isEmpty() ? -1 : columnIndex(group);
    }

    OwnLookup lookup;
    std::vector<Row> rows;
    CellFn cellFn;
    SpanFn spanFn;
    int prefix = 0;
    bool prefixDevice = false;
    std::size_t pairs = 0; // step_trace only
};

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

RowSpan spanOf(std::uint16_t device, std::uint32_t model, std::uint32_t iteration, std::int64_t stream, TimeNs start,
               TimeNs end)
{
    RowSpan s;
    s.device = device;
    s.modelId = model;
    s.iteration = iteration;
    s.stream = stream;
    s.start = start;
    s.end = end;
    return s;
}

std::string modelNameOf(const SessionInfo &info, std::uint32_t model)
{
    for (const auto &m : info.models)
        if (m.id == model)
            return m.name.toStdString();
    return {};
}

// ---- builders --------------------------------------------------------------------------

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

// ---- today's tables: kernel details, API statistic, step time breakdown ----------------

// Where a kernel details column takes its value from.
enum class KField : std::uint8_t {
    Device, Step, ModelId, TaskId, StreamId, Name, OpType, Core, Start, Duration, Wait, BlockDim, MixBlockDim,
    InShapes, InTypes, InFormats, OutShapes, OutTypes, OutFormats, Pmu, Attr
};
struct KColumn { KField field; int index = -1; bool cycles = false; };

// One row: a kernel (a task of an op) or a communication op (Accelerator Core HCCL), as
// torch_npu's kernel_details.csv lists them.
struct KRow {
    TimeNs start = 0, duration = 0, wait = 0;
    std::uint64_t totalCycles = 0;
    std::uint32_t modelId = 0, iteration = 0, streamId = 0, taskId = 0, opId = 0;
    StrId name = 0, type = 0, opType = 0;
    std::uint16_t device = 0;
    TaskKind kind = TaskKind::AiCore;
    bool collective = false;
};

class KernelDetailsTable final : public SummaryTable {
public:
    explicit KernelDetailsTable(const TraceReader &r) : SummaryTable(SummaryKind::KernelDetails), lookup(r) {}
    using SummaryTable::columns_;
    using SummaryTable::groupColumn_;
    std::size_t rowCount() const override { return rows.size(); }
    Cell cell(std::size_t row, int col) const override
    {
        const KRow &r = rows[row];
        const KColumn &k = src[static_cast<std::size_t>(col)];
        const OpDesc *o = r.opId ? lookup.op(r.opId) : nullptr;
        const auto text = [&](StrId s) { return Cell::strOrNa(lookup.string(s)); };
        const auto attr = [&]() -> std::string_view {
            return k.index >= 0 && attrCount ? lookup.string(attrs[row * attrCount + std::size_t(k.index)]) : std::string_view();
        };
        switch (k.field) {
        case KField::Device: return Cell::uint(r.device);
        case KField::Step: return r.iteration ? Cell::uint(r.iteration) : Cell::na();
        case KField::ModelId: {
            // The file's own text when it was kept (torch_npu writes 4294967295 for "none").
            std::uint64_t v = 0;
            const std::string_view a = attr();
            if (!a.empty())
                return std::from_chars(a.data(), a.data() + a.size(), v).ec == std::errc() ? Cell::uint(v) : Cell::str(a);
            return r.collective ? Cell::na() : Cell::uint(r.modelId);
        }
        case KField::TaskId: return r.collective ? Cell::na() : Cell::uint(r.taskId);
        case KField::StreamId: return r.collective ? Cell::na() : Cell::uint(r.streamId);
        case KField::Name:
            if (o && o->name)
                return Cell::str(lookup.string(o->name));
            return Cell::str(r.collective ? lookup.string(r.name) : taskDisplayName(lookup, r.type, r.kind, r.name, r.opId));
        case KField::OpType: return r.collective ? text(r.opType) : o ? text(o->opType) : Cell::na();
        case KField::Core:
            if (r.collective)
                return Cell::str("HCCL");
            if (o && o->coreType)
                return Cell::str(lookup.string(o->coreType));
            return Cell::str(isComputeKind(r.kind) ? std::string_view(taskKindName(r.kind)) : taskTypeText(lookup, r.type, r.kind));
        case KField::Start: return Cell::us(r.start);
        case KField::Duration: return Cell::us(r.duration);
        case KField::Wait: {
            double v = 0;
            const std::string_view a = attr();
            if (!a.empty() && toNumber(a, &v))
                return Cell::fixed(v);
            return Cell::us(r.wait);
        }
        case KField::BlockDim: return r.collective ? Cell::uint(0) : o ? Cell::uint(o->blockDim) : Cell::na();
        case KField::MixBlockDim: return o && !r.collective ? Cell::uint(o->mixBlockDim) : Cell::na();
        case KField::InShapes: return o ? text(o->inputShapes) : Cell::na();
        case KField::InTypes: return o ? text(o->inputDataTypes) : Cell::na();
        case KField::InFormats: return o ? text(o->inputFormats) : Cell::na();
        case KField::OutShapes: return o ? text(o->outputShapes) : Cell::na();
        case KField::OutTypes: return o ? text(o->outputDataTypes) : Cell::na();
        case KField::OutFormats: return o ? text(o->outputFormats) : Cell::na();
        case KField::Pmu: {
            if (r.collective || pmuCount == 0)
                return Cell::na();
            if (k.cycles && isAiCoreKind(r.kind) && r.totalCycles)
                return Cell::uint(r.totalCycles);
            const float v = pmu[row * pmuCount + std::size_t(k.index)];
            return std::isfinite(v) ? Cell::fixed(double(v)) : Cell::na();
        }
        case KField::Attr: return Cell::strOrNa(attr());
        }
        return Cell::na();
    }
    RowSpan span(std::size_t row) const override
    {
        const KRow &r = rows[row];
        return spanOf(r.device, r.modelId, r.iteration, r.collective ? -1 : std::int64_t(r.streamId), r.start, endOf(r));
    }
    std::size_t memoryBytes() const override
    {
        return rows.capacity() * sizeof(KRow) + pmu.capacity() * sizeof(float) + attrs.capacity() * sizeof(StrId)
             + lookup.memoryBytes();
    }
    static bool toNumber(std::string_view s, double *out)
    {
        while (!s.empty() && (s.back() == '\t' || s.back() == ' '))
            s.remove_suffix(1);
        return !s.empty() && std::from_chars(s.data(), s.data() + s.size(), *out).ec == std::errc();
    }

    OwnLookup lookup;
    std::vector<KColumn> src;        // per column
    std::vector<KRow> rows;
    std::vector<float> pmu;          // rows × pmuCount
    std::vector<StrId> attrs;        // rows × attrCount (0: none)
    std::size_t pmuCount = 0, attrCount = 0;
};

// torch_npu's kernel_details.csv header (KernelViewParser) before the PMU columns.
const char *const kTorchKernelHeader[] = {
    "Step Id", "Model ID", "Task ID", "Stream ID", "Name", "Type", "OP State", "Accelerator Core", "Start Time(us)",
    "Duration(us)", "Wait Time(us)", "Block Dim", "Mix Block Dim", "HF32 Eligible", "Input Shapes", "Input Data Types",
    "Input Formats", "Output Shapes", "Output Data Types", "Output Formats", "Context ID"};

std::shared_ptr<const SummaryTable> buildKernelDetails(const TraceReader &reader, const SessionSummaryOptions &so,
                                                       const QStringList &fileColumns, const std::atomic<bool> *cancel)
{
    auto t = std::make_shared<KernelDetailsTable>(reader);
    const SessionInfo &info = reader.sessionInfo();
    const QStringList metrics = info.pmuColumns.isEmpty() ? so.metricColumns : info.pmuColumns;
    t->pmuCount = std::size_t(metrics.size());

    // The extra text columns of every task (OP State, HF32 Eligible, Model ID, unknown ones).
    // The names of the extra text columns of the tasks (OP State, HF32 Eligible, Model ID,
    // unknown ones); their values are read one device at a time below.
    std::vector<std::string> attrNames; // in order of first appearance
    std::map<std::string, int, std::less<>> attrIndex;
    for (const auto &d : info.devices) {
        if (cancelled(cancel))
            return nullptr;
        reader.forEachTaskAttr(d.id, [&](const TaskAttrRecord &a) {
            const std::string_view key = reader.string(a.key);
            if (!attrIndex.count(key)) {
                attrIndex.emplace(std::string(key), int(attrNames.size()));
                attrNames.emplace_back(key);
            }
            return true;
        });
    }

    // Columns: the file's (or torch_npu's), then metrics and kept columns it did not list.
    QStringList names = fileColumns;
    if (names.isEmpty()) {
        for (const char *c : kTorchKernelHeader)
            names << QLatin1String(c);
        names << metrics;
    }
    for (const std::string &a : attrNames)
        if (!names.contains(QString::fromStdString(a)))
            names << QString::fromStdString(a);
    for (const QString &m : metrics)
        if (!names.contains(m))
            names << m;
    const auto is = [](const QString &n, std::initializer_list<const char *> any) {
        return std::any_of(any.begin(), any.end(), [&](const char *a) { return n == QLatin1String(a); });
    };
    if (!names.contains(QStringLiteral("Device_id"))) {
        t->columns_.push_back({Ctx::tr("Device"), ColumnType::Number, false, false});
        t->src.push_back({KField::Device});
    }
    std::vector<int> attrColumnOf(attrNames.size(), -1); // attr name index → attr slot
    for (const QString &n : names) {
        KColumn k{KField::Attr};
        ColumnType type = ColumnType::Number;
        bool aggregate = false;
        const std::string key = n.toStdString();
        const auto attrSlot = [&]() {
            auto it = attrIndex.find(key);
            return it == attrIndex.end() ? -1 : it->second;
        };
        if (n == QLatin1String("Device_id")) k.field = KField::Device;
        else if (is(n, {"Step Id"})) k.field = KField::Step;
        else if (is(n, {"Model ID"})) { k.field = KField::ModelId; k.index = attrSlot(); }
        else if (is(n, {"Task ID"})) k.field = KField::TaskId;
        else if (is(n, {"Stream ID"})) k.field = KField::StreamId;
        else if (is(n, {"Name", "Op Name"})) { k.field = KField::Name; type = ColumnType::Text; }
        else if (is(n, {"Type", "OP Type"})) { k.field = KField::OpType; type = ColumnType::Text; }
        else if (is(n, {"Accelerator Core", "Task Type"})) { k.field = KField::Core; type = ColumnType::Text; }
        else if (is(n, {"Start Time(us)", "Task Start Time(us)", "Task Start Time"})) k.field = KField::Start;
        else if (is(n, {"Duration(us)", "Task Duration(us)"})) { k.field = KField::Duration; aggregate = true; }
        else if (is(n, {"Wait Time(us)", "Task Wait Time(us)"})) { k.field = KField::Wait; k.index = attrSlot(); aggregate = true; }
        else if (is(n, {"Block Dim", "Block Num"})) k.field = KField::BlockDim;
        else if (is(n, {"Mix Block Dim", "Mix Block Num"})) k.field = KField::MixBlockDim;
        else if (is(n, {"Input Shapes"})) { k.field = KField::InShapes; type = ColumnType::Text; }
        else if (is(n, {"Input Data Types"})) { k.field = KField::InTypes; type = ColumnType::Text; }
        else if (is(n, {"Input Formats"})) { k.field = KField::InFormats; type = ColumnType::Text; }
        else if (is(n, {"Output Shapes"})) { k.field = KField::OutShapes; type = ColumnType::Text; }
        else if (is(n, {"Output Data Types"})) { k.field = KField::OutTypes; type = ColumnType::Text; }
        else if (is(n, {"Output Formats"})) { k.field = KField::OutFormats; type = ColumnType::Text; }
        else if (metrics.contains(n)) {
            k.field = KField::Pmu;
            k.index = int(metrics.indexOf(n));
            k.cycles = n == QLatin1String("aic_total_cycles") || n == QLatin1String("total_cycles");
            aggregate = true;
        } else {
            k.field = KField::Attr;
            k.index = attrSlot();
            type = ColumnType::Text;
        }
        t->columns_.push_back({n, type, true, aggregate});
        t->src.push_back(k);
    }
    // Attribute slots: one per kept column name the table shows.
    std::vector<std::string> slotNames;
    for (auto &k : t->src)
        if ((k.field == KField::Attr || k.field == KField::ModelId || k.field == KField::Wait) && k.index >= 0) {
            const int nameIdx = k.index;
            if (attrColumnOf[std::size_t(nameIdx)] < 0) {
                attrColumnOf[std::size_t(nameIdx)] = int(slotNames.size());
                slotNames.push_back(attrNames[std::size_t(nameIdx)]);
            }
            k.index = attrColumnOf[std::size_t(nameIdx)];
        }
    t->attrCount = slotNames.size();
    t->groupColumn_ = t->columnIndex(QStringLiteral("Type"));
    if (t->groupColumn_ < 0)
        t->groupColumn_ = t->columnIndex(QStringLiteral("OP Type"));

    // The shown extra columns of one device's tasks: attrCount values per task, found by
    // (stream, task id, start). Iterations come by device, so each device is read once.
    struct TaskKey {
        std::uint32_t stream, task;
        TimeNs start;
        bool operator==(const TaskKey &) const = default;
    };
    struct TaskKeyHash {
        std::size_t operator()(const TaskKey &k) const noexcept
        {
            std::uint64_t h = (std::uint64_t(k.stream) << 32 | k.task) * 0x9E3779B97F4A7C15ull;
            return std::size_t(h ^ (std::uint64_t(k.start) + 0x7F4A7C159E3779B9ull + (h << 6) + (h >> 2)));
        }
    };
    std::unordered_map<TaskKey, std::uint32_t, TaskKeyHash> attrRowOf;
    std::vector<StrId> attrValues;
    std::map<StrId, int> slotOfKey;
    int attrDevice = -1;
    const auto loadAttrs = [&](std::uint16_t device) {
        attrRowOf.clear();
        attrValues.clear();
        attrDevice = device;
        if (t->attrCount == 0)
            return;
        reader.forEachTaskAttr(device, [&](const TaskAttrRecord &a) {
            auto s = slotOfKey.find(a.key);
            if (s == slotOfKey.end()) {
                const std::string_view name = reader.string(a.key);
                const auto p = std::find(slotNames.begin(), slotNames.end(), name);
                s = slotOfKey.emplace(a.key, p == slotNames.end() ? -1 : int(p - slotNames.begin())).first;
            }
            if (s->second < 0)
                return true;
            const auto [it, fresh] = attrRowOf.try_emplace(TaskKey{a.streamId, a.taskId, a.start},
                                                           std::uint32_t(attrValues.size() / t->attrCount));
            if (fresh)
                attrValues.resize(attrValues.size() + t->attrCount, 0);
            attrValues[std::size_t(it->second) * t->attrCount + std::size_t(s->second)] = t->lookup.keep(a.value);
            return true;
        });
    };

    std::map<std::uint16_t, TaskWaitTracker> waits;
    for (const auto &k : reader.iterations()) {
        if (cancelled(cancel))
            return nullptr;
        if (attrDevice != int(k.device))
            loadAttrs(k.device);
        std::vector<KRow> rows;
        std::vector<std::vector<float>> pmus;
        std::vector<std::int64_t> rowAttrs; // row of attrValues, -1 none
        reader.forEachTask(k, [&](const TaskRecord &task) {
            if (!isComputeKind(task.kind) && !(task.opId && reader.op(task.opId)))
                return true;
            t->lookup.keepTask(task);
            KRow r;
            r.start = task.start;
            r.duration = task.duration;
            r.totalCycles = task.totalCycles;
            r.modelId = task.modelId;
            r.iteration = task.iteration;
            r.streamId = task.streamId;
            r.taskId = task.taskId;
            r.opId = task.opId;
            r.name = task.name;
            r.type = task.type;
            r.device = task.device;
            r.kind = task.kind;
            rows.push_back(r);
            pmus.push_back(task.pmu);
            const auto a = attrRowOf.find(TaskKey{task.streamId, task.taskId, task.start});
            rowAttrs.push_back(a == attrRowOf.end() ? -1 : std::int64_t(a->second));
            return true;
        });
        reader.forEachCollective(k, [&](const CollectiveOpRecord &c) {
            t->lookup.keep(c.name);
            t->lookup.keep(c.opType);
            KRow r;
            r.start = c.start;
            r.duration = c.duration;
            r.modelId = c.modelId;
            r.iteration = c.iteration;
            r.name = c.name;
            r.opType = c.opType;
            r.device = c.device;
            r.kind = TaskKind::Other;
            r.collective = true;
            rows.push_back(r);
            pmus.emplace_back();
            rowAttrs.push_back(-1);
            return true;
        });
        std::vector<std::size_t> order(rows.size());
        for (std::size_t i = 0; i < order.size(); ++i)
            order[i] = i;
        std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return rows[a].start < rows[b].start; });
        for (std::size_t i : order) {
            KRow r = rows[i];
            r.wait = waits[r.device].next(r.start, r.duration);
            t->rows.push_back(r);
            for (std::size_t m = 0; m < t->pmuCount; ++m)
                t->pmu.push_back(m < pmus[i].size() ? pmus[i][m] : std::nanf(""));
            if (rowAttrs[i] >= 0) {
                const auto from = attrValues.begin() + std::ptrdiff_t(std::size_t(rowAttrs[i]) * t->attrCount);
                t->attrs.insert(t->attrs.end(), from, from + std::ptrdiff_t(t->attrCount));
            } else {
                t->attrs.resize(t->attrs.size() + t->attrCount, 0);
            }
        }
    }
    t->rows.shrink_to_fit();
    t->pmu.shrink_to_fit();
    t->attrs.shrink_to_fit();
    t->lookup.done();
    return t;
}

// api_statistic.csv: one row per (device, level, API name) of the CANN API ranges.
struct ApiRow {
    std::uint16_t device = 0;
    std::string level, name;
    std::uint64_t count = 0;
    TimeNs total = 0, min = 0, max = 0;
    double sumSq = 0;             // of durations in µs, for the variance
    TimeNs first = 0, last = 0;
};

std::shared_ptr<const SummaryTable> buildApiStatistic(const TraceReader &reader, const std::atomic<bool> *cancel)
{
    using T = RowsTable<ApiRow>;
    auto t = std::make_shared<T>(
        SummaryKind::ApiStatistic, reader,
        [](const T &, const ApiRow &r, int c) -> Cell {
            const double n = double(r.count);
            switch (c) {
            case 0: return Cell::strOrNa(r.level);
            case 1: return Cell::str(r.name);
            case 2: return Cell::us(r.total);
            case 3: return Cell::uint(r.count);
            case 4: return Cell::usD(n > 0 ? double(r.total) / n : 0);
            case 5: return Cell::us(r.min);
            case 6: return Cell::us(r.max);
            case 7: {
                // Population variance in µs², as torch_npu writes it.
                const double mean = n > 0 ? double(r.total) / 1e3 / n : 0;
                return Cell::fixed(n > 0 ? std::max(0.0, r.sumSq / n - mean * mean) : 0);
            }
            }
            return Cell::na();
        },
        [](const ApiRow &r) { return spanOf(r.device, 0, 0, -1, r.first, r.last); });
    t->setColumns(makeColumns({"Level", "API Name", "Time(us)", "Count", "Avg(us)", "Min(us)", "Max(us)", "Variance"}, {0, 1},
                              true, false),
                  QStringLiteral("API Name")); // grouping joins an API's levels, not all APIs of a level
    std::map<std::tuple<std::uint16_t, std::string, std::string>, ApiRow> rows;
    for (const auto &k : reader.iterations()) {
        if (cancelled(cancel))
            return nullptr;
        reader.forEachHostRange(k, [&](const HostRangeRecord &h) {
            if (h.kind == HostRangeRecord::Kind::MsprofTx)
                return true;
            std::string_view name = reader.string(h.name);
            // The timeline names a call "<level name>@<API>" ("AscendCL@aclrtMemcpy", "Node@launch").
            if (const auto at = name.find('@'); at != std::string_view::npos)
                name = name.substr(at + 1);
            ApiRow &r = rows[{h.device, std::string(reader.string(h.level)), std::string(name)}];
            if (r.count == 0) {
                r.device = h.device;
                r.level = reader.string(h.level);
                r.name = name;
                r.min = r.max = h.duration;
                r.first = h.start;
                r.last = endOf(h);
            }
            ++r.count;
            r.total = addTime(r.total, h.duration);
            r.min = std::min(r.min, h.duration);
            r.max = std::max(r.max, h.duration);
            r.sumSq += (double(h.duration) / 1e3) * (double(h.duration) / 1e3);
            r.first = std::min(r.first, h.start);
            r.last = std::max(r.last, endOf(h));
            return true;
        });
    }
    for (auto &kv : rows)
        t->rows.push_back(std::move(kv.second));
    // As torch_npu: by device, then total time descending (ties: level, name).
    std::stable_sort(t->rows.begin(), t->rows.end(), [](const ApiRow &a, const ApiRow &b) {
        if (a.device != b.device)
            return a.device < b.device;
        return a.total > b.total;
    });
    t->lookup.done();
    return t;
}

struct StepTimeRow { StepTimeRecord r; std::string step; std::uint32_t rank = 0; std::uint32_t stepNumber = 0; StepShares s; };

std::shared_ptr<const SummaryTable> buildStepTime(const TraceReader &reader, const std::atomic<bool> *cancel)
{
    using T = RowsTable<StepTimeRow>;
    auto t = std::make_shared<T>(
        SummaryKind::StepTime, reader,
        [](const T &, const StepTimeRow &x, int c) -> Cell {
            const StepTimeRecord &r = x.r;
            switch (c) {
            case 0: return Cell::uint(x.rank);
            case 1: return Cell::strOrNa(x.step);
            case 2: return Cell::usD(x.s.stepNs);
            case 3: return Cell::us(r.computing);
            case 4: return Cell::us(r.commNotOverlapped);
            case 5: return Cell::us(r.overlapped);
            case 6: return Cell::us(r.communication);
            case 7: return Cell::us(r.free);
            case 8: return Cell::us(r.stage);
            case 9: return Cell::us(r.bubble);
            case 10: return Cell::us(r.commNotOverlappedExcludeReceive);
            case 11: return Cell::us(r.preparing);
            case 12: return Cell::fixed(x.s.computing);
            case 13: return Cell::fixed(x.s.commNotOverlapped);
            case 14: return Cell::fixed(x.s.free);
            case 15: return Cell::fixed(x.s.preparing);
            case 16: return Cell::fixed(x.s.overlapped);
            case 17: return Cell::fixed(x.s.bubble);
            }
            return Cell::na();
        },
        [](const StepTimeRow &x) {
            RowSpan s = spanOf(x.r.device, 0, x.stepNumber, -1, 0, 0);
            s.hasTime = false;
            return s;
        });
    std::vector<SummaryColumn> cols = makeColumns(
        {"Rank", "Step", "Step Time(us)", "Computing(us)", "Communication(Not Overlapped)(us)", "Overlapped(us)",
         "Communication(us)", "Free(us)", "Stage(us)", "Bubble(us)", "Communication(Not Overlapped and Exclude Receive)(us)",
         "Preparing(us)", "Computing(%)", "Communication(Not Overlapped)(%)", "Free(%)", "Preparing(%)", "Overlapped(%)",
         "Bubble(%)"},
        {1}, true, false);
    cols[1].aggregate = false; // Rank
    const QString share = Ctx::tr("Share of the step time (Preparing + Computing + Communication (Not Overlapped) + "
                                  "Free); these four shares add up to 100 %.");
    cols[3].tip = Ctx::tr("Preparing + Computing + Communication (Not Overlapped) + Free: the step from the "
                          "framework's step start to its last device activity.");
    cols[4].tip = Ctx::tr("Time the device computes (the union of its kernels).");
    cols[5].tip = Ctx::tr("Communication not hidden behind computation.");
    cols[6].tip = Ctx::tr("Communication hidden behind computation: part of Computing, not added to the step again.");
    cols[8].tip = Ctx::tr("Time the device neither computes nor communicates.");
    cols[9].tip = Ctx::tr("The device span of the step less its bubbles.");
    cols[10].tip = Ctx::tr("Pipeline receives (hcom_receive): part of Communication (Not Overlapped).");
    cols[12].tip = Ctx::tr("From the framework's step start to the step's first computation or communication.");
    for (int i : {13, 14, 15, 16})
        cols[std::size_t(i)].tip = share;
    cols[17].tip = Ctx::tr("Overlapped as a share of the step time; it lies within the Computing share.");
    cols[18].tip = Ctx::tr("Bubble as a share of the step time; it lies within the Communication (Not Overlapped) share.");
    t->setColumns(cols, QString());
    if (cancelled(cancel))
        return nullptr;
    std::map<std::uint16_t, std::uint32_t> rankOf;
    for (const auto &d : reader.sessionInfo().devices)
        rankOf[d.id] = d.rankId;
    for (const StepTimeRecord &r : reader.stepTimes()) {
        StepTimeRow x;
        x.r = r;
        x.step = reader.string(r.step);
        const auto rk = rankOf.find(r.device);
        x.rank = rk == rankOf.end() ? r.device : rk->second;
        std::uint64_t n = 0;
        if (std::from_chars(x.step.data(), x.step.data() + x.step.size(), n).ec == std::errc() && n <= UINT32_MAX)
            x.stepNumber = std::uint32_t(n);
        x.s = stepShares(r);
        t->rows.push_back(std::move(x));
    }
    t->lookup.done();
    return t;
}

std::vector<SummaryKind> kindsOf(const TraceReader &reader)
{
    const auto so = summaryOptions(reader.sessionInfo());
    std::vector<SummaryKind> k;
    if (so.taskFiles) {
        k.push_back(SummaryKind::OpSummary);
        k.push_back(SummaryKind::OpStatistic);
    }
    if (so.stepFiles)
        k.push_back(SummaryKind::StepTrace);
    if (so.taskFiles)
        k.push_back(SummaryKind::TaskTime);
    if (so.opt.aicpu == Switch::On)
        k.push_back(SummaryKind::AiCpu);
    bool dp = false;
    for (const auto &d : reader.sessionInfo().devices)
        dp = dp || !reader.queueEvents(d.id).empty();
    if (dp)
        k.push_back(SummaryKind::DataPreprocess);
    bool fusion = false;
    for (std::uint32_t m : modelIds(reader))
        fusion = fusion || !reader.fusionOps(m).empty();
    if (fusion)
        k.push_back(SummaryKind::FusionOp);
    if (so.opt.l2 == Switch::On && so.taskFiles)
        k.push_back(SummaryKind::L2Cache);
    bool collectives = so.hcclFiles;
    // An import keeps what its files had (one rank of a job imported alone included).
    if (!collectives && reader.sessionInfo().source == QLatin1String("import"))
        for (const auto &it : reader.iterations()) {
            reader.forEachCollective(it, [&](const CollectiveOpRecord &) { return !(collectives = true); });
            if (collectives)
                break;
        }
    if (collectives)
        k.push_back(SummaryKind::Collectives);
    if (so.opt.msproftx == Switch::On)
        k.push_back(SummaryKind::MsprofTx);
    // Today's tables: sessions of today's profilers (imports, emulated PyTorch sessions).
    const SessionInfo &info = reader.sessionInfo();
    if (info.source == QLatin1String("import") || info.spec.framework == Framework::PyTorch) {
        k.push_back(SummaryKind::KernelDetails);
        bool api = false;
        for (const auto &it : reader.iterations()) {
            reader.forEachHostRange(it, [&](const HostRangeRecord &h) {
                api = h.kind != HostRangeRecord::Kind::MsprofTx;
                return !api;
            });
            if (api)
                break;
        }
        if (api)
            k.push_back(SummaryKind::ApiStatistic);
    }
    if (!reader.stepTimes().empty())
        k.push_back(SummaryKind::StepTime);
    return k;
}

std::string lower(std::string_view s)
{
    std::string o(s);
    for (char &c : o)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return o;
}

bool containsCaseless(std::string_view hay, const std::string &needleLower)
{
    if (needleLower.empty())
        return true;
    if (hay.size() < needleLower.size())
        return false;
    const auto it = std::search(hay.begin(), hay.end(), needleLower.begin(), needleLower.end(), [](char a, char b) {
        return std::tolower(static_cast<unsigned char>(a)) == b;
    });
    return it != hay.end();
}

bool parseNumber(const QString &text, double *out)
{
    bool ok = false;
    const double v = text.trimmed().toDouble(&ok);
    if (ok)
        *out = v;
    return ok;
}

} // namespace

// ---- kinds ---------------------------------------------------------------------------

const char *summaryKindStem(SummaryKind k)
{
    switch (k) {
    case SummaryKind::OpSummary: return "op_summary";
    case SummaryKind::OpStatistic: return "op_statistic";
    case SummaryKind::StepTrace: return "step_trace";
    case SummaryKind::TaskTime: return "task_time";
    case SummaryKind::AiCpu: return "aicpu";
    case SummaryKind::DataPreprocess: return "dp";
    case SummaryKind::FusionOp: return "fusion_op";
    case SummaryKind::L2Cache: return "l2_cache";
    case SummaryKind::Collectives: return "hccl";
    case SummaryKind::MsprofTx: return "msprof_tx";
    case SummaryKind::KernelDetails: return "kernel_details";
    case SummaryKind::ApiStatistic: return "api_statistic";
    case SummaryKind::StepTime: return "step_trace_time";
    }
    return "";
}

QString summaryKindTitle(SummaryKind k)
{
    switch (k) {
    case SummaryKind::OpSummary: return Ctx::tr("Op summary");
    case SummaryKind::OpStatistic: return Ctx::tr("Op statistic");
    case SummaryKind::StepTrace: return Ctx::tr("Step trace");
    case SummaryKind::TaskTime: return Ctx::tr("Task time");
    case SummaryKind::AiCpu: return Ctx::tr("AI CPU");
    case SummaryKind::DataPreprocess: return Ctx::tr("Data pre-processing (queue)");
    case SummaryKind::FusionOp: return Ctx::tr("Fusion ops");
    case SummaryKind::L2Cache: return Ctx::tr("L2 cache");
    case SummaryKind::Collectives: return Ctx::tr("Collective ops (HCCL)");
    case SummaryKind::MsprofTx: return Ctx::tr("msproftx markers");
    case SummaryKind::KernelDetails: return Ctx::tr("Kernel details");
    case SummaryKind::ApiStatistic: return Ctx::tr("API statistics");
    case SummaryKind::StepTime: return Ctx::tr("Step time breakdown");
    }
    return {};
}

int SummaryTable::columnIndex(const QString &name) const
{
    for (int i = 0; i < columnCount(); ++i)
        if (columns_[static_cast<std::size_t>(i)].name == name)
            return i;
    return -1;
}

QString SummaryTable::text(std::size_t row, int col) const
{
    const Cell c = cell(row, col);
    if (c.kind == Cell::Kind::Text)
        return QString::fromUtf8(c.text.data(), static_cast<qsizetype>(c.text.size()));
    return QString::fromStdString(cellText(c));
}

// ---- index operations ----------------------------------------------------------------

namespace {

// One column read once for many rows as ids into its distinct cells. Text cells are told
// apart by where their characters live (a table's strings are stable and shared between
// the rows that show the same name), so no string is hashed or copied per row; other
// cells (N/A in a text column) by their value. Two ids may still show the same text:
// users of the distinct cells compare contents, not ids.
struct DistinctColumn {
    std::vector<std::uint32_t> id;   // per input row
    std::vector<Cell> cells;         // per id: a representative cell
};

struct PtrKey {
    const char *p;
    std::size_t n;
    bool operator==(const PtrKey &o) const { return p == o.p && n == o.n; }
};
struct PtrKeyHash {
    std::size_t operator()(const PtrKey &k) const
    {
        return std::hash<const void *>()(k.p) ^ (k.n * 0x9E3779B97F4A7C15ull);
    }
};

bool distinctColumn(const SummaryTable &t, const std::uint32_t *rows, std::size_t n, int column, DistinctColumn *out,
                    const std::atomic<bool> *cancel)
{
    out->id.resize(n);
    out->cells.clear();
    std::unordered_map<PtrKey, std::uint32_t, PtrKeyHash> texts;
    std::map<std::string, std::uint32_t> others; // keyed by the CSV text: few distinct values
    PtrKey last{nullptr, SIZE_MAX};
    std::uint32_t lastId = 0;
    for (std::size_t i = 0; i < n; ++i) {
        if ((i & 0xFFFF) == 0 && cancelled(cancel))
            return false;
        const Cell c = t.cell(rows[i], column);
        std::uint32_t id;
        if (c.kind == Cell::Kind::Text) {
            const PtrKey k{c.text.data(), c.text.size()};
            if (k == last) {
                id = lastId;
            } else {
                auto [p, fresh] = texts.try_emplace(k, static_cast<std::uint32_t>(out->cells.size()));
                if (fresh)
                    out->cells.push_back(c);
                id = p->second;
                last = k;
                lastId = id;
            }
        } else {
            auto [p, fresh] = others.try_emplace(cellText(c), static_cast<std::uint32_t>(out->cells.size()));
            if (fresh)
                out->cells.push_back(c);
            id = p->second;
        }
        out->id[i] = id;
    }
    return true;
}

// Doubles map to unsigned integers of the same order (-0 taken as +0, as == does).
std::uint64_t orderedBits(double v)
{
    if (v == 0)
        v = 0;
    const auto b = std::bit_cast<std::uint64_t>(v);
    return (b & (1ull << 63)) ? ~b : (b | (1ull << 63));
}

struct KeyedRow {
    std::uint64_t key;
    std::uint32_t row;
};

// Stable LSD radix sort on the key, 11 bits a pass; passes whose digit is the same for
// every key are skipped (text ranks and small integers need one or two).
bool radixSort(std::vector<KeyedRow> &v, const std::atomic<bool> *cancel)
{
    constexpr int kBits = 11, kPasses = (64 + kBits - 1) / kBits;
    constexpr std::size_t kBuckets = std::size_t(1) << kBits;
    std::vector<std::array<std::size_t, kBuckets>> hist(kPasses);
    for (auto &h : hist)
        h.fill(0);
    for (const KeyedRow &k : v)
        for (int p = 0; p < kPasses; ++p)
            ++hist[static_cast<std::size_t>(p)][(k.key >> (p * kBits)) & (kBuckets - 1)];
    std::vector<KeyedRow> tmp;
    for (int p = 0; p < kPasses; ++p) {
        auto &h = hist[static_cast<std::size_t>(p)];
        if (std::find(h.begin(), h.end(), v.size()) != h.end())
            continue; // one digit for all
        if (cancelled(cancel))
            return false;
        if (tmp.empty())
            tmp.resize(v.size());
        std::size_t sum = 0;
        for (auto &c : h) {
            const std::size_t n = c;
            c = sum;
            sum += n;
        }
        for (const KeyedRow &k : v)
            tmp[h[(k.key >> (p * kBits)) & (kBuckets - 1)]++] = k;
        v.swap(tmp);
    }
    return true;
}

} // namespace

RowIndex allRows(const SummaryTable &t)
{
    RowIndex r(t.rowCount());
    for (std::size_t i = 0; i < r.size(); ++i)
        r[i] = static_cast<std::uint32_t>(i);
    return r;
}

void sortRows(const SummaryTable &t, RowIndex &rows, int column, bool ascending, const std::atomic<bool> *cancel)
{
    if (column < 0 || column >= t.columnCount() || rows.size() < 2)
        return;
    // N/A sorts last both ways: it takes the largest key, which no number reaches (only a
    // NaN's bits would map there).
    constexpr std::uint64_t kLast = UINT64_MAX;
    std::vector<KeyedRow> keyed(rows.size());
    const bool text = t.columns()[static_cast<std::size_t>(column)].type == ColumnType::Text;
    if (!text) {
        for (std::size_t i = 0; i < rows.size(); ++i) {
            if ((i & 0xFFFF) == 0 && cancelled(cancel))
                return;
            const Cell c = t.cell(rows[i], column);
            std::uint64_t k = kLast;
            if (c.isNumber()) {
                const double d = c.number();
                if (!std::isnan(d))
                    k = ascending ? orderedBits(d) : ~orderedBits(d);
            }
            keyed[i] = {k, rows[i]};
        }
    } else {
        DistinctColumn dc;
        if (!distinctColumn(t, rows.data(), rows.size(), column, &dc, cancel))
            return;
        std::vector<std::uint32_t> order;
        for (std::uint32_t i = 0; i < dc.cells.size(); ++i)
            if (dc.cells[i].kind == Cell::Kind::Text)
                order.push_back(i);
        std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) { return dc.cells[a].text < dc.cells[b].text; });
        // Equal strings at different places share a rank, so ties keep their row order.
        std::vector<std::uint64_t> rank(dc.cells.size(), kLast);
        std::uint64_t r = 0;
        for (std::size_t i = 0; i < order.size(); ++i) {
            if (i && dc.cells[order[i]].text != dc.cells[order[i - 1]].text)
                ++r;
            rank[order[i]] = ascending ? r : UINT32_MAX - r;
        }
        for (std::size_t i = 0; i < rows.size(); ++i)
            keyed[i] = {rank[dc.id[i]], rows[i]};
    }
    if (!radixSort(keyed, cancel))
        return;
    for (std::size_t i = 0; i < rows.size(); ++i)
        rows[i] = keyed[i].row;
}

bool ColumnFilter::parse(const QString &input, ColumnType type, ColumnFilter *out, QString *error)
{
    *out = ColumnFilter();
    const QString text = input.trimmed();
    if (text.isEmpty())
        return true;
    if (text.size() >= 2 && text.startsWith(u'/') && text.endsWith(u'/')) {
        out->regex_ = QRegularExpression(text.mid(1, text.size() - 2), QRegularExpression::CaseInsensitiveOption);
        if (!out->regex_.isValid()) {
            if (error)
                *error = Ctx::tr("The regular expression %1 is not valid: %2.").arg(text, out->regex_.errorString());
            return false;
        }
        out->regex_.optimize();
        out->mode_ = Mode::Regex;
        return true;
    }
    if (type == ColumnType::Number) {
        const auto bad = [&](const QString &why) {
            if (error)
                *error = why;
            return false;
        };
        const qsizetype dots = text.indexOf(QStringLiteral(".."));
        double v = 0;
        if (dots >= 0) {
            const QString a = text.left(dots).trimmed(), b = text.mid(dots + 2).trimmed();
            if (!a.isEmpty() && !parseNumber(a, &out->lo_))
                return bad(Ctx::tr("The range %1 is not valid: \"%2\" is not a number.").arg(text, a));
            if (!b.isEmpty() && !parseNumber(b, &out->hi_))
                return bad(Ctx::tr("The range %1 is not valid: \"%2\" is not a number.").arg(text, b));
            if (out->lo_ > out->hi_)
                return bad(Ctx::tr("The range %1 is empty: its start is after its end.").arg(text));
            out->mode_ = Mode::Range;
            return true;
        }
        for (const char *op : {">=", "<=", ">", "<", "="}) {
            const QString o = QLatin1String(op);
            if (!text.startsWith(o))
                continue;
            if (!parseNumber(text.mid(o.size()), &v))
                return bad(Ctx::tr("The filter %1 is not valid: \"%2\" is not a number.").arg(text, text.mid(o.size()).trimmed()));
            if (o == QLatin1String(">=")) out->lo_ = v;
            else if (o == QLatin1String("<=")) out->hi_ = v;
            else if (o == QLatin1String(">")) { out->lo_ = v; out->loOpen_ = true; }
            else if (o == QLatin1String("<")) { out->hi_ = v; out->hiOpen_ = true; }
            else out->lo_ = out->hi_ = v;
            out->mode_ = Mode::Range;
            return true;
        }
    }
    out->needle_ = lower(text.toStdString());
    out->mode_ = Mode::Contains;
    return true;
}

bool ColumnFilter::matches(const Cell &c) const
{
    switch (mode_) {
    case Mode::None: return true;
    case Mode::Range: {
        if (!c.isNumber())
            return false;
        const double v = c.number();
        return (loOpen_ ? v > lo_ : v >= lo_) && (hiOpen_ ? v < hi_ : v <= hi_);
    }
    case Mode::Contains:
        if (c.kind == Cell::Kind::Text)
            return containsCaseless(c.text, needle_);
        return containsCaseless(cellText(c), needle_);
    case Mode::Regex:
        if (c.kind == Cell::Kind::Text)
            return regex_.match(QString::fromUtf8(c.text.data(), qsizetype(c.text.size()))).hasMatch();
        return regex_.match(QString::fromStdString(cellText(c))).hasMatch();
    }
    return true;
}

bool RowScope::matches(const RowSpan &s) const
{
    if (device && s.hasDevice && s.device != *device)
        return false;
    if (modelId && s.modelId != *modelId)
        return false;
    if (iteration && s.iteration && s.iteration != *iteration)
        return false;
    if (timeRange && s.hasTime && (s.end < timeRange->first || s.start > timeRange->second))
        return false;
    return true;
}

namespace {
RowIndex filterAscending(const SummaryTable &t, const RowIndex &in, const RowScope &scope,
                         const std::vector<std::pair<int, ColumnFilter>> &filters, const std::atomic<bool> *cancel);
}

RowIndex filterRows(const SummaryTable &t, const RowIndex &in, const RowScope &scope,
                    const std::vector<std::pair<int, ColumnFilter>> &filters, const std::atomic<bool> *cancel)
{
    if (std::is_sorted(in.begin(), in.end()))
        return filterAscending(t, in, scope, filters, cancel);
    // Rows in another order (sorted by a column) are looked at in table order: reading a
    // 10 M-row table at random costs a cache miss per row, in order it streams. Membership
    // goes through bitmaps of the table's rows, so the result keeps the order of `in`.
    const std::size_t n = t.rowCount();
    std::vector<std::uint64_t> bits((n + 63) / 64);
    for (std::uint32_t r : in)
        if (r < n)
            bits[r / 64] |= 1ull << (r % 64);
    RowIndex ordered;
    ordered.reserve(in.size());
    for (std::size_t w = 0; w < bits.size(); ++w)
        for (std::uint64_t b = bits[w]; b; b &= b - 1)
            ordered.push_back(static_cast<std::uint32_t>(w * 64 + static_cast<std::size_t>(std::countr_zero(b))));
    const RowIndex kept = filterAscending(t, ordered, scope, filters, cancel);
    if (cancelled(cancel))
        return {};
    std::fill(bits.begin(), bits.end(), 0);
    for (std::uint32_t r : kept)
        bits[r / 64] |= 1ull << (r % 64);
    RowIndex out;
    out.reserve(kept.size());
    for (std::uint32_t r : in)
        if (r < n && (bits[r / 64] >> (r % 64) & 1u))
            out.push_back(r);
    return out;
}

namespace {
RowIndex filterAscending(const SummaryTable &t, const RowIndex &in, const RowScope &scope,
                         const std::vector<std::pair<int, ColumnFilter>> &filters, const std::atomic<bool> *cancel)
{
    const bool scoped = scope.device || scope.modelId || scope.iteration || scope.timeRange;
    RowIndex out;
    if (scoped) {
        out.reserve(in.size());
        for (std::size_t i = 0; i < in.size(); ++i) {
            if ((i & 0xFFFF) == 0 && cancelled(cancel))
                return {};
            if (scope.matches(t.span(in[i])))
                out.push_back(in[i]);
        }
    } else {
        out = in;
    }
    // Each filter narrows what the ones before kept, in place.
    for (const auto &[col, f] : filters) {
        if (f.isEmpty() || col < 0 || col >= t.columnCount())
            continue;
        std::size_t kept = 0;
        if (f.isNumeric()) {
            for (std::size_t i = 0; i < out.size(); ++i) {
                if ((i & 0xFFFF) == 0 && cancelled(cancel))
                    return {};
                const Cell c = t.cell(out[i], col);
                if (c.isNumber() && f.matchesNumber(c.number()))
                    out[kept++] = out[i];
            }
        } else if (t.columns()[static_cast<std::size_t>(col)].type == ColumnType::Text) {
            DistinctColumn dc;
            if (!distinctColumn(t, out.data(), out.size(), col, &dc, cancel))
                return {};
            std::vector<std::uint8_t> hit(dc.cells.size());
            for (std::size_t d = 0; d < dc.cells.size(); ++d)
                hit[d] = f.matches(dc.cells[d]);
            for (std::size_t i = 0; i < out.size(); ++i)
                if (hit[dc.id[i]])
                    out[kept++] = out[i];
        } else {
            // Text typed into a number column: matched against the formatted cell.
            for (std::size_t i = 0; i < out.size(); ++i) {
                if ((i & 0xFFFF) == 0 && cancelled(cancel))
                    return {};
                if (f.matches(t.cell(out[i], col)))
                    out[kept++] = out[i];
            }
        }
        out.resize(kept);
    }
    if (cancelled(cancel))
        return {};
    out.shrink_to_fit();
    return out;
}
} // namespace

// ---- grouping ------------------------------------------------------------------------

GroupedTable::GroupedTable(std::shared_ptr<const SummaryTable> source, const RowIndex &rows, int keyColumn,
                           const std::atomic<bool> *cancel)
    : SummaryTable(source->kind()), source_(std::move(source))
{
    // Looked at every 64 k rows and per group; a stopped table is left empty and consistent.
    auto stopped = [&] {
        if (!cancel || !cancel->load(std::memory_order_relaxed))
            return false;
        keys_.clear();
        members_.clear();
        offsets_.assign(1, 0);
        aggs_.clear();
        spans_.clear();
        return true;
    };
    const auto &src = source_->columns();
    columns_.push_back({keyColumn >= 0 ? src[static_cast<std::size_t>(keyColumn)].name : Ctx::tr("Group"), ColumnType::Text, false});
    columns_.push_back({Ctx::tr("Count"), ColumnType::Number, false});
    for (int c = 0; c < source_->columnCount(); ++c) {
        const auto &col = src[static_cast<std::size_t>(c)];
        if (col.type != ColumnType::Number || !col.inCsv || !col.aggregate)
            continue;
        numberColumns_.push_back(c);
        columns_.push_back({Ctx::tr("%1 sum").arg(col.name), ColumnType::Number, false});
        columns_.push_back({Ctx::tr("%1 mean").arg(col.name), ColumnType::Number, false});
        columns_.push_back({Ctx::tr("%1 min").arg(col.name), ColumnType::Number, false});
        columns_.push_back({Ctx::tr("%1 max").arg(col.name), ColumnType::Number, false});
    }
    groupColumn_ = 0;
    // Group id per member, then a counting sort into group-contiguous member order.
    std::unordered_map<std::string, std::uint32_t> ids;
    std::vector<std::uint32_t> groupOf(rows.size());
    for (std::size_t i = 0; i < rows.size(); ++i) {
        if ((i & 0xffff) == 0 && stopped())
            return;
        const Cell c = keyColumn >= 0 ? source_->cell(rows[i], keyColumn) : Cell::na();
        std::string key = c.kind == Cell::Kind::Text ? std::string(c.text) : cellText(c);
        auto [p, fresh] = ids.try_emplace(key, static_cast<std::uint32_t>(keys_.size()));
        if (fresh)
            keys_.push_back(std::move(key));
        groupOf[i] = p->second;
    }
    const std::size_t g = keys_.size(), nc = numberColumns_.size();
    offsets_.assign(g + 1, 0);
    for (auto id : groupOf)
        ++offsets_[id + 1];
    for (std::size_t i = 0; i < g; ++i)
        offsets_[i + 1] += offsets_[i];
    members_.resize(rows.size());
    std::vector<std::size_t> fill(offsets_.begin(), offsets_.end() - 1);
    for (std::size_t i = 0; i < rows.size(); ++i)
        members_[fill[groupOf[i]]++] = rows[i];
    aggs_.assign(g * nc, Agg{});
    spans_.resize(g);
    for (std::size_t gi = 0; gi < g; ++gi) {
        if (stopped())
            return;
        bool first = true;
        RowSpan &s = spans_[gi];
        for (std::size_t m = offsets_[gi]; m < offsets_[gi + 1]; ++m) {
            const std::uint32_t r = members_[m];
            for (std::size_t i = 0; i < nc; ++i) {
                const Cell c = source_->cell(r, numberColumns_[i]);
                if (!c.isNumber())
                    continue;
                const double v = c.number();
                Agg &a = aggs_[gi * nc + i];
                a.sum += v;
                a.min = std::min(a.min, v);
                a.max = std::max(a.max, v);
                ++a.n;
            }
            const RowSpan rs = source_->span(r);
            if (first) {
                s = rs;
                first = false;
            } else {
                // A group spans its members: one device / iteration / stream only if all share it.
                if (rs.device != s.device) s.hasDevice = false;
                if (rs.iteration != s.iteration) s.iteration = 0;
                if (rs.stream != s.stream) s.stream = -1;
                s.start = std::min(s.start, rs.start);
                s.end = std::max(s.end, rs.end);
                s.hasTime = s.hasTime && rs.hasTime;
            }
        }
    }
}

Cell GroupedTable::cell(std::size_t row, int col) const
{
    if (col == 0)
        return Cell::str(keys_[row]);
    if (col == 1)
        return Cell::uint(offsets_[row + 1] - offsets_[row]);
    const std::size_t i = static_cast<std::size_t>(col - 2) / 4, which = static_cast<std::size_t>(col - 2) % 4;
    if (col < 2 || i >= numberColumns_.size())
        return Cell::na();
    const Agg &a = aggs_[row * numberColumns_.size() + i];
    if (a.n == 0)
        return Cell::na();
    switch (which) {
    case 0: return Cell::fixed(a.sum);
    case 1: return Cell::fixed(a.sum / static_cast<double>(a.n));
    case 2: return Cell::fixed(a.min);
    default: return Cell::fixed(a.max);
    }
}

RowSpan GroupedTable::span(std::size_t row) const { return spans_[row]; }

std::size_t GroupedTable::memoryBytes() const
{
    std::size_t b = members_.capacity() * sizeof(std::uint32_t) + offsets_.capacity() * sizeof(std::size_t)
                  + aggs_.capacity() * sizeof(Agg) + spans_.capacity() * sizeof(RowSpan);
    for (const auto &k : keys_)
        b += sizeof(std::string) + k.capacity();
    return b;
}

// ---- building ------------------------------------------------------------------------

std::shared_ptr<const SummaryTable> buildSummaryTable(const TraceReader &reader, SummaryKind k, const std::atomic<bool> *cancel,
                                                      const QStringList &kernelColumns)
{
    const auto so = summaryOptions(reader.sessionInfo());
    switch (k) {
    case SummaryKind::OpSummary: return buildOpSummary(reader, so, cancel);
    case SummaryKind::OpStatistic: return buildOpStatistic(reader, so, cancel);
    case SummaryKind::StepTrace: return buildStepTrace(reader, cancel);
    case SummaryKind::TaskTime: return buildTaskTime(reader, cancel);
    case SummaryKind::AiCpu: return buildAiCpu(reader, cancel);
    case SummaryKind::DataPreprocess: return buildDp(reader, cancel);
    case SummaryKind::FusionOp: return buildFusion(reader, cancel);
    case SummaryKind::L2Cache: return buildL2(reader, cancel);
    case SummaryKind::Collectives: return buildCollectives(reader, cancel);
    case SummaryKind::MsprofTx: return buildTx(reader, cancel);
    case SummaryKind::KernelDetails: return buildKernelDetails(reader, so, kernelColumns, cancel);
    case SummaryKind::ApiStatistic: return buildApiStatistic(reader, cancel);
    case SummaryKind::StepTime: return buildStepTime(reader, cancel);
    }
    return nullptr;
}

QStringList kernelColumnsFromImportNote(const QByteArray &json)
{
    QStringList out;
    const QJsonDocument doc = QJsonDocument::fromJson(json);
    for (const QJsonValue &v : doc.object().value(QStringLiteral("kernel_columns")).toArray())
        if (v.isString())
            out << v.toString();
    return out;
}

StepShares stepShares(const StepTimeRecord &r)
{
    StepShares s;
    const auto pos = [](TimeNs v) { return v > 0 ? double(v) : 0.0; };
    const double computing = pos(r.computing), notOverlapped = pos(r.commNotOverlapped), free = pos(r.free),
                 preparing = pos(r.preparing);
    s.stepNs = computing + notOverlapped + free + preparing;
    if (s.stepNs <= 0)
        return s;
    const auto share = [&](double v) { return std::clamp(100.0 * v / s.stepNs, 0.0, 100.0); };
    s.computing = share(computing);
    s.commNotOverlapped = share(notOverlapped);
    s.free = share(free);
    s.preparing = share(preparing);
    s.overlapped = std::min(share(pos(r.overlapped)), s.computing);
    s.bubble = std::min(share(pos(r.bubble)), s.commNotOverlapped);
    return s;
}

SummaryTables::SummaryTables(const TraceReader &reader, QStringList kernelColumns)
    : reader_(reader), kernelColumns_(std::move(kernelColumns)), kinds_(kindsOf(reader))
{
}

bool SummaryTables::has(SummaryKind k) const { return std::find(kinds_.begin(), kinds_.end(), k) != kinds_.end(); }

std::shared_ptr<const SummaryTable> SummaryTables::table(SummaryKind k, const std::atomic<bool> *cancel)
{
    if (!has(k))
        return nullptr;
    std::lock_guard<std::mutex> lock(mutex_);
    auto &slot = built_[static_cast<int>(k)];
    if (!slot)
        slot = buildSummaryTable(reader_, k, cancel, kernelColumns_);
    return slot;
}

} // namespace npuscope::analysis
