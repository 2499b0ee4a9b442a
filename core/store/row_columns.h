#pragma once

// The column lists of the plain row tables whose writer and reader map a record to the
// same columns in the same order: one list of the record's members serves the INSERT's
// binds (after ?1 = session) and the SELECT's fills. The column-block kinds use the same
// lists for their plain-row virtual tables and for the migrations that read their old row
// tables (block_tables.h).

#include "core/model/records.h"

#include <sqlite3.h>

#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

namespace npuscope::store::detail {

// A row table's columns: the record's members, each stored as a REAL when floating and
// as an integer otherwise (a bool as 0 or 1).
template<auto... Members>
struct RowColumns {
    static constexpr int count = int(sizeof...(Members));
    // Binds the members to ?first, ?first + 1, …
    template<class Rec>
    static void bind(sqlite3_stmt *s, int first, const Rec &r)
    {
        int col = first;
        auto one = [&](const auto &v) {
            if constexpr (std::is_floating_point_v<std::decay_t<decltype(v)>>)
                sqlite3_bind_double(s, col++, double(v));
            else
                sqlite3_bind_int64(s, col++, static_cast<std::int64_t>(v));
        };
        (one(r.*Members), ...);
    }
    // The record in columns first, first + 1, … of the current row of `s`.
    template<class Rec>
    static Rec read(sqlite3_stmt *s, int first = 0)
    {
        Rec r;
        int col = first;
        auto one = [&](auto &v) {
            using T = std::decay_t<decltype(v)>;
            if constexpr (std::is_floating_point_v<T>)
                v = T(sqlite3_column_double(s, col++));
            else
                v = static_cast<T>(sqlite3_column_int64(s, col++));
        };
        (one(r.*Members), ...);
        return r;
    }
    // Member `index` (0-based) of `r` as an SQL function's result (a virtual table's
    // column), typed as bind() stores it; NULL when there is no such member.
    template<class Rec>
    static void result(sqlite3_context *ctx, int index, const Rec &r)
    {
        int at = 0;
        bool given = false;
        auto one = [&](const auto &v) {
            if (at++ != index)
                return;
            given = true;
            if constexpr (std::is_floating_point_v<std::decay_t<decltype(v)>>)
                sqlite3_result_double(ctx, double(v));
            else
                sqlite3_result_int64(ctx, static_cast<std::int64_t>(v));
        };
        (one(r.*Members), ...);
        if (!given)
            sqlite3_result_null(ctx);
    }
};

// Inserts one row per record through `s`: ?1 = the session, then the record's columns.
template<class Cols, class Rec>
int insertRows(sqlite3_stmt *s, std::int64_t session, const std::vector<Rec> &records)
{
    sqlite3_bind_int64(s, 1, session);
    for (const Rec &r : records) {
        Cols::bind(s, 2, r);
        const int rc = sqlite3_step(s);
        sqlite3_reset(s);
        if (rc != SQLITE_DONE)
            return rc;
    }
    return SQLITE_OK;
}

using CollectiveColumns =
    RowColumns<&CollectiveOpRecord::device, &CollectiveOpRecord::modelId, &CollectiveOpRecord::iteration,
               &CollectiveOpRecord::name, &CollectiveOpRecord::opType, &CollectiveOpRecord::start,
               &CollectiveOpRecord::duration, &CollectiveOpRecord::bytes, &CollectiveOpRecord::segment>;
using AiCpuColumns =
    RowColumns<&AiCpuRecord::device, &AiCpuRecord::modelId, &AiCpuRecord::iteration, &AiCpuRecord::streamId,
               &AiCpuRecord::taskId, &AiCpuRecord::node, &AiCpuRecord::timestamp, &AiCpuRecord::computeTime,
               &AiCpuRecord::memcpyTime, &AiCpuRecord::taskTime, &AiCpuRecord::dispatchTime, &AiCpuRecord::totalTime>;
using CommOpColumns = RowColumns<&CommOpStatRecord::device, &CommOpStatRecord::step, &CommOpStatRecord::type,
                                 &CommOpStatRecord::op, &CommOpStatRecord::group, &CommOpStatRecord::start,
                                 &CommOpStatRecord::elapseMs, &CommOpStatRecord::transitMs, &CommOpStatRecord::waitMs,
                                 &CommOpStatRecord::syncMs, &CommOpStatRecord::idleMs>;
using CommBandwidthColumns =
    RowColumns<&CommBandwidthRecord::device, &CommBandwidthRecord::step, &CommBandwidthRecord::type,
               &CommBandwidthRecord::op, &CommBandwidthRecord::transport, &CommBandwidthRecord::sizeMB,
               &CommBandwidthRecord::timeMs, &CommBandwidthRecord::bandwidthGBps, &CommBandwidthRecord::largePacketRatio>;
using CommMatrixColumns =
    RowColumns<&CommMatrixRecord::device, &CommMatrixRecord::step, &CommMatrixRecord::type, &CommMatrixRecord::op,
               &CommMatrixRecord::srcRank, &CommMatrixRecord::dstRank, &CommMatrixRecord::transport,
               &CommMatrixRecord::sizeMB, &CommMatrixRecord::timeMs, &CommMatrixRecord::bandwidthGBps,
               &CommMatrixRecord::opName>;
using StepTimeColumns =
    RowColumns<&StepTimeRecord::device, &StepTimeRecord::step, &StepTimeRecord::computing,
               &StepTimeRecord::commNotOverlapped, &StepTimeRecord::overlapped, &StepTimeRecord::communication,
               &StepTimeRecord::free, &StepTimeRecord::stage, &StepTimeRecord::bubble,
               &StepTimeRecord::commNotOverlappedExcludeReceive, &StepTimeRecord::preparing>;

// A plain row table written and read through its column list Cols: its name, the list's
// columns as the table names them (after session, in the list's order) and the order a
// session's rows are read back in. Its INSERT and SELECT are made from it, so that the
// columns are named once, and its binds and reads go through Cols, so that a table cannot
// be paired with another table's list; rowTableOf checks the names against the list's
// length.
template<class Cols>
struct RowTable {
    const char *name;
    const char *columns;
    const char *order;

    // The record in the current row of a statement made by selectSql.
    template<class Rec>
    static Rec read(sqlite3_stmt *s)
    {
        return Cols::template read<Rec>(s);
    }
    // Inserts one row per record through a statement made by insertSql.
    template<class Rec>
    static int insert(sqlite3_stmt *s, std::int64_t session, const std::vector<Rec> &records)
    {
        return insertRows<Cols>(s, session, records);
    }
};

constexpr int columnNameCount(const char *columns)
{
    int n = 1;
    for (const char *c = columns; *c; ++c)
        n += *c == ',';
    return n;
}

// "INSERT INTO name(session, columns) VALUES(?1, ?2, …)"
template<class Cols>
std::string insertSql(const RowTable<Cols> &t)
{
    std::string sql = std::string("INSERT INTO ") + t.name + "(session, " + t.columns + ") VALUES(?1";
    for (int i = 2; i <= columnNameCount(t.columns) + 1; ++i)
        sql += ",?" + std::to_string(i);
    return sql + ")";
}

// "SELECT columns FROM name WHERE session = ?1 ORDER BY order"
template<class Cols>
std::string selectSql(const RowTable<Cols> &t)
{
    return std::string("SELECT ") + t.columns + " FROM " + t.name + " WHERE session = ?1 ORDER BY " + t.order;
}

template<class Cols>
constexpr RowTable<Cols> rowTableOf(const char *name, const char *columns, const char *order)
{
    // The arguments are not constant expressions inside the call, so no static_assert: a
    // mismatch reaches the throw, which a constant initialisation cannot evaluate, and the
    // build fails there.
    return columnNameCount(columns) == Cols::count ? RowTable<Cols>{name, columns, order}
                                                   : throw "the column names do not match the column list";
}

inline constexpr auto kCollectivesTable = rowTableOf<CollectiveColumns>(
    "collectives", "device, model, iteration, name, op_type, start, duration, bytes, segment", "start");
inline constexpr auto kAiCpuTable = rowTableOf<AiCpuColumns>(
    "aicpu",
    "device, model, iteration, stream, task_id, node, timestamp, compute_time, memcpy_time, task_time, dispatch_time, "
    "total_time",
    "timestamp");
inline constexpr auto kCommOpTable = rowTableOf<CommOpColumns>(
    "comm_op_stats", "device, step, type, op, group_name, start, elapse_ms, transit_ms, wait_ms, sync_ms, idle_ms",
    "device, rowid");
inline constexpr auto kCommBandwidthTable = rowTableOf<CommBandwidthColumns>(
    "comm_bandwidth", "device, step, type, op, transport, size_mb, time_ms, bandwidth_gbps, large_packet_ratio",
    "device, rowid");
inline constexpr auto kCommMatrixTable = rowTableOf<CommMatrixColumns>(
    "comm_matrix",
    "device, step, type, op, src_rank, dst_rank, transport, size_mb, time_ms, bandwidth_gbps, op_name",
    "device, rowid");
inline constexpr auto kStepTimesTable = rowTableOf<StepTimeColumns>(
    "step_times",
    "device, step, computing, comm_not_overlapped, overlapped, communication, free, stage, bubble, "
    "comm_not_overlapped_exclude_receive, preparing",
    "device, rowid");

} // namespace npuscope::store::detail
