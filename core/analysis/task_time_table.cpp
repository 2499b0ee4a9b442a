// task_time: msprof's per-iteration rows of (stream, task id, name) with count, total,
// min, max, waiting (the gap to the stream's previous end in the iteration), running and
// pending, exactly as TaskTimeBuilder (op_tables.h) computes them for the exported file.
//
// One pass over the session's tasks (TraceReader::scanTasks: the store decodes its task
// blocks once, iteration after iteration); each iteration forms its rows in start order as
// soon as it has been read and hands them over, longest total first. buildTaskTime keeps every row (the Tables tab's table: ids and
// numbers only, names looked up when shown); groupTaskTime groups each iteration's rows as
// they come and keeps none, so "Task time" grouped by type on a 1 M-task session is the
// one pass and a few hundred groups' aggregates, not a 100 MB table first.

#include "core/analysis/summary_build.h"

#include <map>
#include <tuple>

namespace npuscope::analysis::detail {

namespace {

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

using TaskTimeTable = RowsTable<TaskTimeTableRow>;

RowSpan taskTimeSpan(const TaskTimeTableRow &r) { return spanOf(r.device, r.model, r.iteration, r.stream, r.first, r.last); }

std::shared_ptr<TaskTimeTable> makeTaskTimeTable(const TraceReader &reader)
{
    auto t = std::make_shared<TaskTimeTable>(
        SummaryKind::TaskTime, reader,
        [](const TaskTimeTable &self, const TaskTimeTableRow &r, int c) { return taskTimeTableCell(self.lookup, r, c); },
        taskTimeSpan);
    t->setColumns(makeColumns(taskTimeHeader(), {9, 10, 12}, true, true), QStringLiteral("Type"));
    return t;
}

// Every task_time row of the session: `iteration` gets each iteration's rows (device,
// model, iteration order; within it by total time, longest first, key order breaking
// ties) as soon as the scan has read that iteration (TraceReader::scanTasks hands them over
// iteration after iteration), so only one iteration's tasks are held at a time. The
// strings and ops the rows name are kept in `lookup`. False when cancelled or when the
// read failed.
bool forEachTaskTimeIteration(const TraceReader &reader, OwnLookup &lookup, const std::atomic<bool> *cancel,
                              const std::function<void(std::vector<TaskTimeTableRow> &rows)> &iteration)
{
    struct Task {
        std::uint8_t kind;
        std::uint32_t stream, taskId, op;
        StrId name, type;
        TimeNs start, duration, pending;
    };
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
    using Key = std::tuple<std::uint16_t, std::uint32_t, std::uint32_t>;
    // One iteration at a time; the buffers are reused from one to the next.
    std::vector<Task> tasks;
    std::vector<Entry> entries;
    std::vector<std::pair<std::uint32_t, TimeNs>> streamEnds; // few streams per iteration
    std::vector<TaskTimeTableRow> scratch;                    // one iteration's rows
    std::vector<TaskTimeTableRow> rows;                       // the same by total time
    std::vector<std::uint32_t> order;
    const auto finish = [&](const Key &key) {
        // forEachTask's order within the iteration: start, stream, task id, storage order.
        std::stable_sort(tasks.begin(), tasks.end(), [](const Task &x, const Task &y) {
            if (x.start != y.start) return x.start < y.start;
            if (x.stream != y.stream) return x.stream < y.stream;
            return x.taskId < y.taskId;
        });
        const std::uint16_t device = std::get<0>(key);
        const std::uint32_t model = std::get<1>(key), iterationNo = std::get<2>(key);
        // Waiting per task in start order, then rows by (stream, task id, name).
        entries.clear();
        streamEnds.clear();
        TimeNs iterationTotal = 0;
        for (std::uint32_t k = 0; k < tasks.size(); ++k) {
            const Task &x = tasks[k];
            lookup.keep(x.name);
            lookup.keep(x.type);
            lookup.keepOp(x.op);
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
            row.iteration = iterationNo;
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
        rows.clear();
        for (std::uint32_t i : order)
            rows.push_back(scratch[i]);
        iteration(rows);
    };
    Key current{};
    bool open = false, stopped = false, unordered = false;
    std::size_t seen = 0;
    const bool ok = reader.scanTasks([&](const TaskRecord &r) {
        if ((++seen & 0xffff) == 0 && cancelled(cancel)) {
            stopped = true;
            return false;
        }
        const Key k{r.device, r.modelId, r.iteration};
        if (!open || k != current) {
            if (open) {
                // An iteration that came back after the next began would be split in two.
                if (k < current) {
                    unordered = true;
                    return false;
                }
                finish(current);
            }
            current = k;
            open = true;
            tasks.clear();
        }
        tasks.push_back({std::uint8_t(r.kind), r.streamId, r.taskId, r.opId, r.name, r.type, r.start, r.duration, r.pending});
        return true;
    });
    if (!ok || stopped || unordered || cancelled(cancel))
        return false;
    if (open)
        finish(current);
    return !cancelled(cancel);
}

} // namespace

std::shared_ptr<const SummaryTable> buildTaskTime(const TraceReader &reader, const std::atomic<bool> *cancel)
{
    auto t = makeTaskTimeTable(reader);
    // Each iteration's rows as they come, then one vector of the right size: no regrowth
    // copies of a table that reaches 100 MB.
    std::vector<std::vector<TaskTimeTableRow>> parts;
    std::size_t total = 0;
    const bool ok = forEachTaskTimeIteration(reader, t->lookup, cancel, [&](std::vector<TaskTimeTableRow> &rows) {
        total += rows.size();
        parts.emplace_back(rows.begin(), rows.end());
    });
    if (!ok)
        return nullptr;
    t->rows.reserve(total);
    for (auto &p : parts) {
        t->rows.insert(t->rows.end(), p.begin(), p.end());
        std::vector<TaskTimeTableRow>().swap(p);
    }
    t->lookup.done();
    return t;
}

std::shared_ptr<const GroupedTable> groupTaskTime(const TraceReader &reader, const RowScope &scope,
                                                  const std::atomic<bool> *cancel)
{
    auto shape = makeTaskTimeTable(reader);
    shape->lookup.done();
    // One iteration's rows in the scope at a time; its lookup keeps the strings they name.
    auto chunk = makeTaskTimeTable(reader);
    bool ok = false;
    auto g = std::make_shared<GroupedTable>(
        shape, shape->groupColumn(),
        [&](const GroupedTable::Chunk &add, std::size_t *sourceRows) {
            *sourceRows = 0;
            return ok = forEachTaskTimeIteration(reader, chunk->lookup, cancel, [&](std::vector<TaskTimeTableRow> &rows) {
                *sourceRows += rows.size();
                chunk->rows.clear();
                for (const TaskTimeTableRow &r : rows)
                    if (scope.matches(taskTimeSpan(r)))
                        chunk->rows.push_back(r);
                add(*chunk);
            });
        },
        cancel);
    if (!ok || cancelled(cancel))
        return nullptr;
    return g;
}

} // namespace npuscope::analysis::detail
