#include "core/store/session_records.h"

#include "core/store/host_blocks.h"
#include "core/store/op_blocks.h"
#include "core/store/row_columns.h"
#include "core/store/session_blocks.h"

#include <algorithm>
#include <string>
#include <tuple>

namespace npuscope::store::detail {

namespace {

inline std::int64_t s64(std::uint64_t v) { return static_cast<std::int64_t>(v); }
inline std::uint64_t u64(std::int64_t v) { return static_cast<std::uint64_t>(v); }
inline std::int64_t I(sqlite3_stmt *s, int i) { return sqlite3_column_int64(s, i); }
inline std::uint32_t U(sqlite3_stmt *s, int i) { return static_cast<std::uint32_t>(sqlite3_column_int64(s, i)); }

// Binds ?1 .. ?n from left to right: the bind lists below read like the column lists.
class Binder {
public:
    explicit Binder(sqlite3_stmt *s) : s_(s) {}
    Binder &i(std::int64_t v) { sqlite3_bind_int64(s_, ++n_, v); return *this; }
    int step()
    {
        const int rc = sqlite3_step(s_);
        sqlite3_reset(s_);
        return rc == SQLITE_DONE ? SQLITE_OK : rc;
    }

private:
    sqlite3_stmt *s_;
    int n_ = 0;
};

template <class Rec, class Bind>
int insertAll(const Stmt &s, std::int64_t session, const std::vector<Rec> &v, Bind &&bind)
{
    for (const Rec &r : v) {
        Binder b(s.get());
        b.i(session);
        bind(b, r);
        if (const int rc = b.step(); rc != SQLITE_OK)
            return rc;
    }
    return SQLITE_OK;
}

FlowEndRecord flowEnd(sqlite3_stmt *s, int at)
{
    FlowEndRecord e;
    e.device = std::uint16_t(I(s, at));
    e.category = U(s, at + 1);
    e.name = U(s, at + 2);
    e.flowId = u64(I(s, at + 3));
    e.finish = I(s, at + 4) != 0;
    e.lane = static_cast<FlowLane>(std::clamp<std::int64_t>(I(s, at + 5), 0, std::int64_t(FlowLane::Other)));
    e.tid = U(s, at + 6);
    e.ts = I(s, at + 7);
    return e;
}

} // namespace

void sessionRecordCounts(const RecordBatch &b, std::size_t out[kSessionRecordKindCount])
{
    const std::size_t n[kSessionRecordKindCount] = {b.counters.size(), b.flowEnds.size(), b.pythonRanges.size(),
                                                     b.memory.size(), b.opMemory.size(), b.commOps.size(),
                                                     b.commBandwidth.size(), b.commMatrix.size(), b.stepTimes.size(),
                                                     b.taskAttrs.size()};
    std::copy(n, n + kSessionRecordKindCount, out);
}

int SessionRecordWriter::prepare(const Db &db)
{
    struct { Stmt *s; std::string sql; } all[] = {
        {&counters_, kInsertCounterBlock},
        {&flows_, "INSERT INTO flow_ends(session, device, category, name, flow_id, finish, lane, tid, ts) "
                  "VALUES(?1,?2,?3,?4,?5,?6,?7,?8,?9)"},
        {&python_, kInsertPythonRangeBlock},
        {&memory_, kInsertMemoryBlock},
        {&opMemory_, kInsertOpMemoryBlock},
        {&commOps_, insertSql(kCommOpTable)},
        {&commBw_, insertSql(kCommBandwidthTable)},
        {&commMatrix_, insertSql(kCommMatrixTable)},
        {&stepTimes_, insertSql(kStepTimesTable)},
        {&taskAttrs_, kInsertTaskAttrBlock},
    };
    for (auto &a : all)
        if (const int rc = db.prepare(a.sql.c_str(), a.s, /*persistent=*/true); rc != SQLITE_OK)
            return rc;
    return SQLITE_OK;
}

void SessionRecordWriter::finalize()
{
    for (Stmt *s : {&counters_, &flows_, &python_, &memory_, &opMemory_, &commOps_, &commBw_, &commMatrix_, &stepTimes_,
                    &taskAttrs_})
        *s = Stmt();
}

int SessionRecordWriter::write(std::int64_t sid, const RecordBatch &b)
{
    // Counters, Python ranges (session_blocks.h), memory records (host_blocks.h), operator
    // memory and task attributes (op_blocks.h) as column blocks.
    int rc = writeCounterBlocks(counters_.get(), sid, b.counters);
    if (rc == SQLITE_OK)
        rc = writePythonRangeBlocks(python_.get(), sid, b.pythonRanges);
    if (rc == SQLITE_OK)
        rc = writeMemoryBlocks(memory_.get(), sid, b.memory);
    if (rc == SQLITE_OK)
        rc = insertAll(flows_, sid, b.flowEnds, [](Binder &x, const FlowEndRecord &r) {
            x.i(r.device).i(r.category).i(r.name).i(s64(r.flowId)).i(r.finish ? 1 : 0).i(int(r.lane)).i(r.tid).i(r.ts);
        });
    if (rc == SQLITE_OK)
        rc = writeOpMemoryBlocks(opMemory_.get(), sid, b.opMemory);
    if (rc == SQLITE_OK)
        rc = kCommOpTable.insert(commOps_.get(), sid, b.commOps);
    if (rc == SQLITE_OK)
        rc = kCommBandwidthTable.insert(commBw_.get(), sid, b.commBandwidth);
    if (rc == SQLITE_OK)
        rc = kCommMatrixTable.insert(commMatrix_.get(), sid, b.commMatrix);
    if (rc == SQLITE_OK)
        rc = kStepTimesTable.insert(stepTimes_.get(), sid, b.stepTimes);
    if (rc == SQLITE_OK)
        rc = writeTaskAttrBlocks(taskAttrs_.get(), sid, b.taskAttrs);
    return rc;
}

std::uint64_t SessionRecordWriter::estimateBytes(const RecordBatch &b)
{
    // A coarse per-row estimate (row plus its index entry, ~6 bytes per integer column and
    // 9 per REAL; counters and Python ranges as blocks: 8.1 and 23 B each on the 526 MB
    // torch_npu trace of npuscope-bench import_torchnpu; memory records 11.6 B, operator
    // allocations 26.3 B and task attributes 5.3 B each with their pages on
    // project_bytes_per_task_910b): these kinds never age, the figure only counts toward
    // the session's size.
    return b.counters.size() * 9 + b.flowEnds.size() * 80 + b.pythonRanges.size() * 24 + b.memory.size() * 16
           + b.opMemory.size() * 30 + b.commOps.size() * 100 + b.commBandwidth.size() * 90
           + b.commMatrix.size() * 110 + b.stepTimes.size() * 90 + b.taskAttrs.size() * 8;
}

int readFlows(const Db &db, std::int64_t session, const TraceReader::FlowFn &fn)
{
    // Both directions of the outer join: starts with or without a finish, then finishes
    // without a start; ordered by the first end's time.
    static constexpr const char *sql =
        "SELECT a.device, a.category, a.name, a.flow_id, a.finish, a.lane, a.tid, a.ts, "
        "b.device, b.category, b.name, b.flow_id, b.finish, b.lane, b.tid, b.ts, a.ts AS t "
        "FROM flow_ends a LEFT JOIN flow_ends b ON b.session = a.session AND b.category = a.category "
        "AND b.flow_id = a.flow_id AND b.finish = 1 "
        "WHERE a.session = ?1 AND a.finish = 0 "
        "UNION ALL SELECT device, category, name, flow_id, finish, lane, tid, ts, "
        "NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, ts "
        "FROM flow_ends f WHERE f.session = ?1 AND f.finish = 1 AND NOT EXISTS (SELECT 1 FROM flow_ends "
        "g WHERE g.session = f.session AND g.category = f.category AND g.flow_id = f.flow_id "
        "AND g.finish = 0) ORDER BY t, 2, 4";
    // One arrow per finish: a start with several finishes (one launch, several tasks) is a
    // row per finish.
    return eachRow(db, sql, session, -1, [&](sqlite3_stmt *s) {
        FlowRecord f;
        const FlowEndRecord first = flowEnd(s, 0);
        f.category = first.category;
        f.name = first.name;
        f.flowId = first.flowId;
        if (first.finish) {
            f.hasFinish = true;
            f.finish = first;
        } else {
            f.hasStart = true;
            f.start = first;
            if (sqlite3_column_type(s, 8) != SQLITE_NULL) {
                f.hasFinish = true;
                f.finish = flowEnd(s, 8);
            }
        }
        return fn(f);
    });
}

} // namespace npuscope::store::detail
