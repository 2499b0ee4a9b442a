#pragma once

// Tasks as column blocks (schema 6): the table task_blocks holds one row per
// (session, device, model, iteration, stream) and writer batch — at most kTaskBlockMax
// tasks with their PMU values — encoded by encodeTaskBlock (task_block.h) in the order
// they were recorded, so block id then place in the block is the recorded order within a
// stream. The row also holds the block's first start, last start and last end, so the
// readers find a lane's blocks around a time and the timeline bounds its extent without
// decoding.
//
// The task's columns are described once (taskColumns): the SQL console's virtual tables
// `tasks` and `task_pmu`, its schema reference and docs/analysis.md all come from it.

#include "core/model/records.h"
#include "core/store/block_tables.h"
#include "core/store/sqlite_db.h"
#include "core/store/task_block.h"

#include <cstdint>
#include <functional>
#include <vector>

namespace npuscope::store::detail {

constexpr std::size_t kTaskBlockMax = 8192; // tasks per block (must stay < 65536)

// The insert every block goes through (binds ?1 session … ?10 data).
constexpr const char *kInsertTaskBlock =
    "INSERT INTO task_blocks(session, device, model, iteration, stream, first_start, last_start, last_end, n, data) "
    "VALUES(?1,?2,?3,?4,?5,?6,?7,?8,?9,?10)";

// Groups `tasks` by (device, model, iteration, stream), keeping their order, and inserts
// one block per group of at most kTaskBlockMax through `insert` (kInsertTaskBlock).
// `alongside`: work done beside the blocks' encoding (writeBlocks).
int writeTaskBlocks(sqlite3_stmt *insert, std::int64_t session, const std::vector<TaskRecord> &tasks,
                    const std::function<void()> &alongside = {});

// The columns a reader selects to decode a block, in this order (readTaskBlock's `first`
// points at device).
#define NPUSCOPE_TASK_BLOCK_COLUMNS "device, model, iteration, stream, data"

// Decodes the block of a row (NPUSCOPE_TASK_BLOCK_COLUMNS at columns first..first+4) and
// appends its tasks (their PMU values too unless `pmu` says Skip). False: the block is
// damaged (the caller reports SQLITE_CORRUPT).
bool readTaskBlock(sqlite3_stmt *row, int first, std::vector<TaskRecord> *out, PmuValues pmu = PmuValues::Keep);

// Schema step 5 → 6: the rows of tasks (with their task_pmu values) into task_blocks,
// recorded order kept, then drops both tables and their indexes. Inside migrate()'s
// transaction.
int migrateTasksToBlocks(const Db &db);

// One column of the plain-row `tasks` table: name, SQL type, documentation, and how to
// read it from a task (id: its rowid, session: its block's).
struct TaskColumn {
    RecordColumn column;
    void (*read)(sqlite3_context *ctx, std::int64_t id, std::int64_t session, const TaskRecord &t);
};
const std::vector<TaskColumn> &taskColumns();
const std::vector<RecordColumn> &taskPmuColumns();

// The plain-row virtual tables `tasks` and `task_pmu` (block_tables.h).
const BlockTable &tasksTable();
const BlockTable &taskPmuTable();

} // namespace npuscope::store::detail
