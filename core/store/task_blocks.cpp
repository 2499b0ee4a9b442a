#include "core/store/task_blocks.h"

#include "core/store/task_block.h"

#include <QCoreApplication>
#include <QtEndian>

#include <algorithm>
#include <cstring>
#include <tuple>

namespace npuscope::store::detail {

namespace {

using Key = std::tuple<std::uint16_t, std::uint32_t, std::uint32_t, std::uint32_t>; // device, model, iteration, stream

Key keyOf(const TaskRecord &t) { return Key(t.device, t.modelId, t.iteration, t.streamId); }

} // namespace

int writeTaskBlocks(sqlite3_stmt *insert, std::int64_t session, const std::vector<TaskRecord> &tasks,
                    const std::function<void()> &alongside)
{
    return writeBlocks(insert, session, tasks, kTaskBlockMax, keyOf, encodeTaskBlock, rangeSpan<TaskRecord>, alongside);
}

bool readTaskBlock(sqlite3_stmt *row, int first, std::vector<TaskRecord> *out, PmuValues pmu)
{
    auto I = [&](int i) { return sqlite3_column_int64(row, first + i); };
    const unsigned char *data = nullptr;
    std::size_t size = 0;
    return blobOf(row, first + 4, &data, &size)
           && decodeTaskBlock(data, size, std::uint16_t(I(0)), std::uint32_t(I(1)), std::uint32_t(I(2)),
                              std::uint32_t(I(3)), out, pmu);
}

int migrateTasksToBlocks(const Db &db)
{
    const int rc = rowsToBlocks<TaskRecord>(
        db,
        "SELECT t.session, t.device, t.model, t.iteration, t.stream, t.task_id, t.batch_id, t.type, t.start, "
        "t.duration, t.pending, t.op, t.name, t.total_cycles, t.l2_hit, t.l2_victim, t.kind, p.pmu "
        "FROM tasks t LEFT JOIN task_pmu p ON p.task = t.id "
        "ORDER BY t.session, t.device, t.model, t.iteration, t.stream, t.id",
        kInsertTaskBlock,
        [](sqlite3_stmt *s) {
            auto I = [s](int i) { return sqlite3_column_int64(s, i); };
            TaskRecord t;
            t.device = std::uint16_t(I(1));
            t.modelId = std::uint32_t(I(2));
            t.iteration = std::uint32_t(I(3));
            t.streamId = std::uint32_t(I(4));
            t.taskId = std::uint32_t(I(5));
            t.batchId = std::uint32_t(I(6));
            t.type = StrId(I(7));
            t.start = I(8);
            t.duration = I(9);
            t.pending = I(10);
            t.opId = std::uint32_t(I(11));
            t.name = StrId(I(12));
            t.totalCycles = std::uint64_t(I(13));
            t.l2HitRate = float(sqlite3_column_double(s, 14));
            t.l2VictimRate = float(sqlite3_column_double(s, 15));
            t.kind = static_cast<TaskKind>(I(16) & (kTaskKindLimit - 1));
            readPmuBlob(s, 17, &t.pmu);
            return t;
        },
        keyOf, [](sqlite3_stmt *insert, std::int64_t session, const std::vector<TaskRecord> &tasks) {
            return writeTaskBlocks(insert, session, tasks);
        });
    return rc == SQLITE_OK ? db.exec("DROP TABLE task_pmu; DROP TABLE tasks") : rc;
}

// ---- The one description of a task's columns ----

namespace {

void putInt(sqlite3_context *ctx, std::int64_t v) { sqlite3_result_int64(ctx, v); }

} // namespace

const std::vector<TaskColumn> &taskColumns()
{
    using T = const TaskRecord &;
    static const std::vector<TaskColumn> columns = {
        {{"id", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "row id (task_pmu.task): task_blocks.id * 65536 + the task's place in its block")},
         [](sqlite3_context *c, std::int64_t id, std::int64_t, T) { putInt(c, id); }},
        {kSessionColumn,
         [](sqlite3_context *c, std::int64_t, std::int64_t session, T) { putInt(c, session); }},
        {kDeviceColumn,
         [](sqlite3_context *c, std::int64_t, std::int64_t, T t) { putInt(c, t.device); }},
        {{"model", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "model (graph) id")},
         [](sqlite3_context *c, std::int64_t, std::int64_t, T t) { putInt(c, t.modelId); }},
        {{"iteration", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "iteration number, 1-based")},
         [](sqlite3_context *c, std::int64_t, std::int64_t, T t) { putInt(c, t.iteration); }},
        {{"stream", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "stream id")},
         [](sqlite3_context *c, std::int64_t, std::int64_t, T t) { putInt(c, t.streamId); }},
        {{"task_id", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "task id on the stream (restarts every iteration)")},
         [](sqlite3_context *c, std::int64_t, std::int64_t, T t) { putInt(c, t.taskId); }},
        {{"batch_id", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "batch id")},
         [](sqlite3_context *c, std::int64_t, std::int64_t, T t) { putInt(c, t.batchId); }},
        {{"type", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "strings.id of the task type as the source spells it (AI_CORE, KERNEL_AIVEC, Notify Wait, ...)")},
         [](sqlite3_context *c, std::int64_t, std::int64_t, T t) { putInt(c, t.type); }},
        {{"start", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "start (ns)")},
         [](sqlite3_context *c, std::int64_t, std::int64_t, T t) { putInt(c, t.start); }},
        {{"duration", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "duration (ns)")},
         [](sqlite3_context *c, std::int64_t, std::int64_t, T t) { putInt(c, t.duration); }},
        {{"pending", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "host launch to device start (ns)")},
         [](sqlite3_context *c, std::int64_t, std::int64_t, T t) { putInt(c, t.pending); }},
        {{"op", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "ops.id for AI Core / AI CPU tasks, 0 otherwise")},
         [](sqlite3_context *c, std::int64_t, std::int64_t, T t) { putInt(c, t.opId); }},
        {{"name", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "strings.id of the timeline name (op name or task type)")},
         [](sqlite3_context *c, std::int64_t, std::int64_t, T t) { putInt(c, t.name); }},
        {{"total_cycles", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "AI Core cycles (0 when not recorded)")},
         [](sqlite3_context *c, std::int64_t, std::int64_t, T t) { putInt(c, std::int64_t(t.totalCycles)); }},
        {{"l2_hit", "REAL", QT_TRANSLATE_NOOP("SqlSchema", "L2 hit rate 0..1, -1 when l2 is off")},
         [](sqlite3_context *c, std::int64_t, std::int64_t, T t) { sqlite3_result_double(c, double(t.l2HitRate)); }},
        {{"l2_victim", "REAL", QT_TRANSLATE_NOOP("SqlSchema", "L2 victim rate 0..1, -1 when l2 is off")},
         [](sqlite3_context *c, std::int64_t, std::int64_t, T t) { sqlite3_result_double(c, double(t.l2VictimRate)); }},
        {{"kind", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "classification of the type: 0 AI_CORE, 1 AI_CPU, 2 EVENT_RECORD, 3 EVENT_WAIT, 4 EVENT_RESET, 5 REDUCE_ASYNC_V2, 6 NOTIFY_WAIT, 7 NOTIFY_RECORD, 8 MEMCPY_ASYNC, 9 AI_VECTOR_CORE, 10 MIX_AIC, 11 MIX_AIV, 12 DMA, 15 other")},
         [](sqlite3_context *c, std::int64_t, std::int64_t, T t) { putInt(c, static_cast<int>(t.kind)); }},
    };
    return columns;
}

const std::vector<RecordColumn> &taskPmuColumns()
{
    static const std::vector<RecordColumn> columns = {
        {"task", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "tasks.id")},
        {"pmu", "BLOB", QT_TRANSLATE_NOOP("SqlSchema", "little-endian float32 values, one per metric column")},
    };
    return columns;
}

// ---- The plain-row virtual tables `tasks` and `task_pmu` ----

namespace {

// Both tables read the same blocks; task_pmu shows only the tasks with PMU values.
class TaskRows final : public BlockRows {
public:
    explicit TaskRows(bool pmuOnly) : pmuOnly_(pmuOnly) {}
    bool load(sqlite3_stmt *blocks) override
    {
        tasks_.clear();
        places_.clear();
        // `tasks` shows no PMU values: its blocks are decoded without them.
        if (!readTaskBlock(blocks, 2, &tasks_, pmuOnly_ ? PmuValues::Keep : PmuValues::Skip))
            return false;
        if (pmuOnly_)
            for (std::size_t i = 0; i < tasks_.size(); ++i)
                if (!tasks_[i].pmu.empty())
                    places_.push_back(i);
        return true;
    }
    std::size_t size() const override { return pmuOnly_ ? places_.size() : tasks_.size(); }
    std::size_t place(std::size_t at) const override { return pmuOnly_ ? places_[at] : at; }
    void column(sqlite3_context *ctx, std::int64_t session, std::int64_t rowid, std::size_t at, int col) const override
    {
        const TaskRecord &t = tasks_[place(at)];
        if (!pmuOnly_) {
            taskColumns()[std::size_t(col)].read(ctx, rowid, session, t);
            return;
        }
        if (col == 0) {
            sqlite3_result_int64(ctx, rowid);
            return;
        }
        std::vector<unsigned char> blob(4 * t.pmu.size());
        for (std::size_t i = 0; i < t.pmu.size(); ++i) {
            std::uint32_t bits;
            std::memcpy(&bits, &t.pmu[i], 4);
            qToLittleEndian(bits, blob.data() + 4 * i);
        }
        sqlite3_result_blob(ctx, blob.data(), int(blob.size()), SQLITE_TRANSIENT);
    }

private:
    bool pmuOnly_;
    std::vector<TaskRecord> tasks_;
    std::vector<std::size_t> places_;
};

std::vector<RecordColumn> plainTaskColumns()
{
    std::vector<RecordColumn> out;
    for (const TaskColumn &c : taskColumns())
        out.push_back(c.column);
    return out;
}

} // namespace

const BlockTable &tasksTable()
{
    // Key columns: session 1, device 2, model 3, iteration 4, stream 5; id 0 is the rowid.
    static const BlockTable table{"tasks", "task_blocks", NPUSCOPE_TASK_BLOCK_COLUMNS, plainTaskColumns(),
                                  {1, 2, 3, 4, 5}, 0,
                                  [] { return std::unique_ptr<BlockRows>(new TaskRows(false)); }};
    return table;
}

const BlockTable &taskPmuTable()
{
    static const BlockTable table{"task_pmu", "task_blocks", NPUSCOPE_TASK_BLOCK_COLUMNS, taskPmuColumns(), {}, 0,
                                  [] { return std::unique_ptr<BlockRows>(new TaskRows(true)); }};
    return table;
}

} // namespace npuscope::store::detail
