#pragma once

// HCCL tasks as column blocks (schema 5): the table hccl_blocks holds one row per
// (session, device, model, iteration) and writer batch — at most kHcclBlockMax tasks, every
// plane — with the tasks encoded by encodeHcclBlock (task_block.h) in the order they were
// recorded, so block id then place in the block is the recorded order (the rowid order
// of the old hccl_tasks rows). One index entry per block instead of one row and one index
// entry per task.
//
// In SQL, the plain rows are the eponymous virtual table `hccl_tasks` (registerRecordTables),
// which the SQL console's connection registers: the documented one-row-per-task schema and
// saved queries keep working. Its rowid is the block id × 65536 + the task's place in the
// block (TimelineStore's HCCL row ids are the same numbers).

#include "core/model/records.h"
#include "core/store/block_tables.h"
#include "core/store/sqlite_db.h"

#include <cstdint>
#include <vector>

namespace npuscope::store::detail {

constexpr std::size_t kHcclBlockMax = 8192;   // tasks per block (must stay < 65536)

inline std::int64_t hcclRowId(std::int64_t block, std::size_t index) { return blockRowId(block, index); }

// The insert every block goes through (binds ?1 session … ?8 data).
constexpr const char *kInsertHcclBlock =
    "INSERT INTO hccl_blocks(session, device, model, iteration, first_start, last_end, n, data) "
    "VALUES(?1,?2,?3,?4,?5,?6,?7,?8)";

// Groups `tasks` by (device, model, iteration), keeping their order, and inserts one
// block per group of at most kHcclBlockMax through `insert` (kInsertHcclBlock).
int writeHcclBlocks(sqlite3_stmt *insert, std::int64_t session, const std::vector<HcclTaskRecord> &tasks);

// Decodes the block of a row (device, model, iteration, data at columns first..first+3)
// and appends its tasks. False: the block is damaged (the caller reports SQLITE_CORRUPT).
bool readHcclBlock(sqlite3_stmt *row, int first, std::vector<HcclTaskRecord> *out);

// Schema step 4 → 5: the rows of hccl_tasks into hccl_blocks (recorded order kept), then
// drops hccl_tasks and its index. Inside migrate()'s transaction.
int migrateHcclTasksToBlocks(const Db &db);

// The plain-row virtual table `hccl_tasks` (block_tables.h).
const BlockTable &hcclTasksTable();

} // namespace npuscope::store::detail
