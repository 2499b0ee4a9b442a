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

// Inlined where a grouping reads a million rows' numbers: the Cell folds away.
[[gnu::always_inline]] inline Cell taskTimeTableCell(const SummaryLookup &l, const TaskTimeTableRow &r, int col)
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

// One iteration's task_time rows from its tasks, the buffers reused from one iteration to
// the next. What TaskTimeBuilder does over the iteration's tasks in start order (start,
// stream, task id, storage order) only ever compares tasks of one stream, so the tasks are
// taken stream by stream: a stream's tasks come in recorded order, which is nearly always
// its start order already, and its task ids then nearly always rise, so the sorts below
// are mostly checks. Sorts break ties by the element's earlier place: a stable sort's order.
class TaskTimeIteration {
public:
    TaskTimeIteration(const TraceReader &reader, OwnLookup &lookup) : reader_(reader), lookup_(lookup) {}

    void clear() { tasks_.clear(); }
    void add(const TaskRecord &r)
    {
        tasks_.push_back({std::uint8_t(r.kind), r.streamId, r.taskId, r.opId, r.name, r.type, r.start, r.duration,
                          r.pending, std::uint32_t(tasks_.size())});
    }
    // The iteration's rows (by stream, task id and shown name); order() lists them by total
    // time, longest first, that order breaking ties.
    const std::vector<TaskTimeTableRow> &finish(std::uint16_t device, std::uint32_t model, std::uint32_t iteration)
    {
        byStream();
        const TimeNs iterationTotal = total();
        scratch_.clear();
        for (std::size_t s = 0; s + 1 < streamStarts_.size(); ++s)
            streamRows(streamStarts_[s], streamStarts_[s + 1], device, model, iteration);
        for (TaskTimeTableRow &row : scratch_)
            row.timePercent = iterationTotal > 0 ? 100.0 * static_cast<double>(row.total) / static_cast<double>(iterationTotal) : 0;
        // By total time, longest first; the row's place (key order) breaks ties. The keys
        // are sorted on their own, not the 100-byte rows.
        byTotal_.clear();
        for (std::uint32_t i = 0; i < scratch_.size(); ++i)
            byTotal_.emplace_back(scratch_[i].total, i);
        std::sort(byTotal_.begin(), byTotal_.end(), [](const auto &x, const auto &y) {
            return x.first != y.first ? x.first > y.first : x.second < y.second;
        });
        order_.clear();
        for (const auto &[total, i] : byTotal_)
            order_.push_back(i);
        return scratch_;
    }
    const std::vector<std::uint32_t> &order() const { return order_; }

private:
    struct Task {
        std::uint8_t kind;
        std::uint32_t stream, taskId, op;
        StrId name, type;
        TimeNs start, duration, pending;
        std::uint32_t seq; // place in storage order within the iteration
    };
    struct Entry {
        std::uint32_t taskId;
        std::string_view name;
        std::uint32_t index; // into byStream_, the stream's tasks in start order
        TimeNs wait;         // this task's waiting contribution
        bool waited;
    };

    // byStream_: the tasks' indices, stream by stream (ascending ids), each stream's in
    // start order (start, task id, storage order); streamStarts_ where each stream begins.
    void byStream()
    {
        streams_.clear();
        for (const Task &x : tasks_) {
            if (!streams_.empty() && streams_.back().first == x.stream) {
                ++streams_.back().second;
                continue;
            }
            auto p = std::find_if(streams_.begin(), streams_.end(), [&x](const auto &s) { return s.first == x.stream; });
            if (p == streams_.end())
                streams_.emplace_back(x.stream, 1);
            else
                ++p->second;
        }
        std::sort(streams_.begin(), streams_.end());
        streamStarts_.assign(1, 0);
        for (const auto &s : streams_)
            streamStarts_.push_back(streamStarts_.back() + s.second);
        byStream_.resize(tasks_.size());
        fill_.assign(streamStarts_.begin(), streamStarts_.end() - 1);
        for (std::uint32_t i = 0; i < tasks_.size(); ++i) {
            const std::size_t s = std::size_t(std::lower_bound(streams_.begin(), streams_.end(), std::make_pair(tasks_[i].stream, 0u))
                                              - streams_.begin());
            byStream_[fill_[s]++] = i;
        }
        const auto startOrder = [this](std::uint32_t a, std::uint32_t b) {
            const Task &x = tasks_[a], &y = tasks_[b];
            return std::tie(x.start, x.taskId, x.seq) < std::tie(y.start, y.taskId, y.seq);
        };
        for (std::size_t s = 0; s + 1 < streamStarts_.size(); ++s) {
            const auto b = byStream_.begin() + std::ptrdiff_t(streamStarts_[s]), e = byStream_.begin() + std::ptrdiff_t(streamStarts_[s + 1]);
            if (!std::is_sorted(b, e, startOrder))
                std::sort(b, e, startOrder);
        }
    }

    // The iteration's total time as TaskTimeBuilder sums it, in start order: saturating
    // sums of durations that are never negative come out the same in any order.
    TimeNs total()
    {
        TimeNs sum = 0;
        bool negative = false;
        for (const Task &x : tasks_) {
            sum = addTime(sum, x.duration);
            negative = negative || x.duration < 0;
        }
        if (!negative)
            return sum;
        std::vector<const Task *> inOrder;
        for (const Task &x : tasks_)
            inOrder.push_back(&x);
        std::sort(inOrder.begin(), inOrder.end(), [](const Task *x, const Task *y) {
            return std::tie(x->start, x->stream, x->taskId, x->seq) < std::tie(y->start, y->stream, y->taskId, y->seq);
        });
        sum = 0;
        for (const Task *x : inOrder)
            sum = addTime(sum, x->duration);
        return sum;
    }

    // Display names (name, else op name, else task type).
    std::string_view displayName(const Task &x) const
    {
        std::string_view n = reader_.string(x.name);
        if (n.empty() && x.op)
            if (const OpDesc *o = reader_.op(x.op))
                n = reader_.string(o->name);
        if (!n.empty())
            return n;
        const std::string_view ty = reader_.string(x.type);
        return ty.empty() ? std::string_view(taskKindName(TaskKind(x.kind))) : ty;
    }

    // The rows of one stream (byStream_[b, e)): each task's waiting (the gap to the end of
    // the stream's earlier tasks), then one row per (task id, shown name), its tasks in start
    // order, the first one setting the row's type and name source as TaskTimeBuilder keeps
    // the first task's.
    void streamRows(std::uint32_t b, std::uint32_t e, std::uint16_t device, std::uint32_t model, std::uint32_t iteration)
    {
        entries_.clear();
        TimeNs streamEnd = 0;
        for (std::uint32_t k = b; k < e; ++k) {
            const Task &x = tasks_[byStream_[k]];
            lookup_.keep(x.name);
            lookup_.keep(x.type);
            lookup_.keepOp(x.op);
            Entry en{x.taskId, displayName(x), k, 0, k > b};
            if (en.waited)
                en.wait = std::max<TimeNs>(0, timeSpan(streamEnd, x.start));
            streamEnd = k > b ? std::max(streamEnd, addTime(x.start, x.duration)) : addTime(x.start, x.duration);
            entries_.push_back(en);
        }
        const auto keyOrder = [](const Entry &a, const Entry &b) {
            if (a.taskId != b.taskId) return a.taskId < b.taskId;
            if (a.name != b.name) return a.name < b.name;
            return a.index < b.index;
        };
        if (!std::is_sorted(entries_.begin(), entries_.end(), keyOrder))
            std::sort(entries_.begin(), entries_.end(), keyOrder);
        for (std::size_t a = 0; a < entries_.size();) {
            const Task &head = tasks_[byStream_[entries_[a].index]];
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
            std::size_t z = a;
            for (; z < entries_.size() && entries_[z].taskId == entries_[a].taskId && entries_[z].name == entries_[a].name; ++z) {
                const Task &x = tasks_[byStream_[entries_[z].index]];
                ++row.count;
                row.total = addTime(row.total, x.duration);
                row.pending = addTime(row.pending, x.pending);
                row.min = std::min(row.min, x.duration);
                row.max = std::max(row.max, x.duration);
                if (entries_[z].waited)
                    row.waiting = addTime(row.waiting, entries_[z].wait);
                row.last = std::max(row.last, addTime(x.start, x.duration));
            }
            scratch_.push_back(row);
            a = z;
        }
    }

    const TraceReader &reader_;
    OwnLookup &lookup_;
    std::vector<Task> tasks_;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> streams_; // stream id, tasks
    std::vector<std::uint32_t> streamStarts_, fill_, byStream_;
    std::vector<Entry> entries_;
    std::vector<TaskTimeTableRow> scratch_;                  // one iteration's rows
    std::vector<std::pair<TimeNs, std::uint32_t>> byTotal_;
    std::vector<std::uint32_t> order_;                       // scratch_ by total time
};

// Every task_time row of the session: `iteration` gets each iteration's rows (device,
// model, iteration order; within it by total time, longest first, key order breaking
// ties) as soon as the scan has read that iteration (TraceReader::scanTasks hands them over
// iteration after iteration), so only one iteration's tasks are held at a time. The
// strings and ops the rows name are kept in `lookup`. False when cancelled or when the
// read failed.
bool forEachTaskTimeIteration(const TraceReader &reader, OwnLookup &lookup, const std::atomic<bool> *cancel,
                              const std::function<void(const std::vector<TaskTimeTableRow> &rows,
                                                       const std::vector<std::uint32_t> &order)> &iteration)
{
    using Key = std::tuple<std::uint16_t, std::uint32_t, std::uint32_t>;
    TaskTimeIteration one(reader, lookup);
    const auto finish = [&](const Key &k) {
        const auto &rows = one.finish(std::get<0>(k), std::get<1>(k), std::get<2>(k));
        iteration(rows, one.order());
    };
    Key current{};
    bool open = false, stopped = false, unordered = false;
    std::size_t seen = 0;
    // No PMU values: task_time has none.
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
            one.clear();
        }
        one.add(r);
        return true;
    }, /*withPmu=*/false);
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
    const bool ok = forEachTaskTimeIteration(reader, t->lookup, cancel,
                                             [&](const std::vector<TaskTimeTableRow> &rows, const std::vector<std::uint32_t> &order) {
                                                 total += rows.size();
                                                 auto &part = parts.emplace_back();
                                                 part.reserve(order.size());
                                                 for (const std::uint32_t i : order)
                                                     part.push_back(rows[i]);
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
    // The strings the rows name, kept as they come.
    OwnLookup lookup(reader);
    bool ok = false;
    auto g = std::make_shared<GroupedTable>(
        shape, shape->groupColumn(),
        [&](GroupedTable::RowSink &sink, std::size_t *sourceRows) {
            // Each row's cells as the table would give them (RowsTable::cell past the
            // Device and Iteration columns, which are neither the key nor aggregated), read
            // straight from the row: no table, no function object per cell.
            const std::vector<int> &columns = sink.aggregated();
            std::vector<double> numbers(columns.size());
            const int key = shape->groupColumn() - shape->prefix;
            *sourceRows = 0;
            return ok = forEachTaskTimeIteration(
                       reader, lookup, cancel, [&](const std::vector<TaskTimeTableRow> &rows, const std::vector<std::uint32_t> &order) {
                           *sourceRows += rows.size();
                           for (const std::uint32_t i : order) {
                               const TaskTimeTableRow &r = rows[i];
                               const RowSpan span = taskTimeSpan(r);
                               if (!scope.matches(span))
                                   continue;
                               for (std::size_t c = 0; c < columns.size(); ++c)
                                   numbers[c] = taskTimeTableCell(lookup, r, columns[c] - shape->prefix).number();
                               sink.add(taskTimeTableCell(lookup, r, key).text, numbers.data(), span);
                           }
                       });
        },
        cancel);
    if (!ok || cancelled(cancel))
        return nullptr;
    return g;
}

} // namespace npuscope::analysis::detail
