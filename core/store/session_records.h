#pragma once
// Internal to core/store: the tables of the session-wide record kinds of today's profilers
// (counters, flow ends, Python ranges, memory, operator memory, communication statistics,
// step times, extra task columns; schema 4). The writer inserts them inside the batch's
// transaction; the readers walk one session's rows on the index each table has for it.
// Counters, Python ranges (schema 7), memory records (8), operator memory and task
// attributes (10) are stored as column blocks instead (session_blocks.h, host_blocks.h,
// op_blocks.h), with the same readers' order.
// These records carry no iteration, so storage_limit ageing never removes them.

#include "core/model/records.h"
#include "core/model/trace_reader.h"
#include "core/store/row_columns.h"
#include "core/store/sqlite_db.h"

namespace npuscope::store::detail {

// Names of the kinds as record_counts keeps them, in RecordBatch order.
inline constexpr const char *kSessionRecordKinds[] = {"counters", "flow_ends", "python_ranges", "memory_records",
                                                      "op_memory", "comm_op_stats", "comm_bandwidth", "comm_matrix",
                                                      "step_times", "task_attrs"};
inline constexpr int kSessionRecordKindCount = 10;

// How many records of each kind (kSessionRecordKinds order) a batch holds.
void sessionRecordCounts(const RecordBatch &b, std::size_t out[kSessionRecordKindCount]);

class SessionRecordWriter {
public:
    int prepare(const Db &db);
    // Inserts the batch's session-wide records for `session`; SQLITE_OK or the failing code.
    int write(std::int64_t session, const RecordBatch &b);
    // Estimated stored bytes of those records (rows and index entries), for storage_limit.
    static std::uint64_t estimateBytes(const RecordBatch &b);
    void finalize();

private:
    Stmt counters_, flows_, python_, memory_, opMemory_, commOps_, commBw_, commMatrix_, stepTimes_, taskAttrs_;
};

// The flows of one session: SQLITE_OK, or the code of the failing step; stops early (still
// SQLITE_OK) when fn returns false. The block kinds' readers are in their *_blocks.h.
int readFlows(const Db &db, std::int64_t session, const TraceReader::FlowFn &fn);

// A session's rows of a plain row table, in the table's order, into *out: SQLITE_OK or the
// code of the failing step.
template<class Cols, class Rec>
int readRows(const Db &db, const RowTable<Cols> &table, std::int64_t session, std::vector<Rec> *out)
{
    out->clear();
    return eachRow(db, selectSql(table).c_str(), session, -1, [&](sqlite3_stmt *s) {
        out->push_back(table.template read<Rec>(s));
        return true;
    });
}

} // namespace npuscope::store::detail
