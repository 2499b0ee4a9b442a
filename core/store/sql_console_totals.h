#pragma once

// `task_op_totals`: the SQL console's read-only eponymous virtual table of task count and
// time per (session, device, task type, op), computed from the task blocks without making
// a row per task. Its rows are exactly those of
//
//   SELECT session, device, type, op, COUNT(*), SUM(duration), MIN(duration), MAX(duration)
//   FROM tasks GROUP BY session, device, type, op
//
// (type: strings.id of the task type, op: ops.id, 0 for tasks without an op), in that
// order, but each block is decoded once into a few hundred running totals instead of
// handing SQLite a million rows to group. Equality on session and device reads only the
// blocks of that session and device. A total that does not fit 64 bits fails the query
// with "integer overflow", as SUM does.

#include "core/store/block_tables.h"

#include <vector>

namespace npuscope::store::detail {

// The table's columns, documented (SqlConsole::schema(), docs/analysis.md).
const std::vector<RecordColumn> &taskOpTotalsColumns();

// Registers `task_op_totals` on a connection to a current project.
int registerTaskOpTotals(sqlite3 *db);

} // namespace npuscope::store::detail
