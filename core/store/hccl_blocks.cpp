#include "core/store/hccl_blocks.h"

#include "core/store/block_tables.h"

#include "core/store/task_block.h"

#include <QCoreApplication>

#include <algorithm>
#include <cstring>
#include <limits>
#include <map>
#include <string>
#include <tuple>

namespace npuscope::store::detail {

namespace {

using Key = std::tuple<std::uint16_t, std::uint32_t, std::uint32_t>; // device, model, iteration

Key keyOf(const HcclTaskRecord &h) { return Key(h.device, h.modelId, h.iteration); }

// The columns of hccl_tasks after the session, as the old row table held them and the
// plain-row virtual table shows them.
using H = HcclTaskRecord;
using HcclRowColumns =
    RowColumns<&H::device, &H::modelId, &H::iteration, &H::plane, &H::name, &H::start, &H::duration, &H::notifyId,
               &H::durationEstimatedUs, &H::streamId, &H::taskId, &H::srcRank, &H::dstRank, &H::transportType,
               &H::sizeBytes, &H::dataType, &H::linkType, &H::bandwidthGBps>;

} // namespace

int writeHcclBlocks(sqlite3_stmt *insert, std::int64_t session, const std::vector<HcclTaskRecord> &tasks)
{
    // An HCCL block stores no last start.
    return writeBlocks(insert, session, tasks, kHcclBlockMax, keyOf, encodeHcclBlock,
                       [](const HcclTaskRecord *const *g, std::size_t n) {
                           const auto span = rangeSpan(g, n);
                           return std::array<TimeNs, 2>{span[0], span[2]};
                       });
}

bool readHcclBlock(sqlite3_stmt *row, int first, std::vector<HcclTaskRecord> *out)
{
    auto I = [&](int i) { return sqlite3_column_int64(row, first + i); };
    const unsigned char *data = nullptr;
    std::size_t size = 0;
    return blobOf(row, first + 3, &data, &size)
           && decodeHcclBlock(data, size, std::uint16_t(I(0)), std::uint32_t(I(1)), std::uint32_t(I(2)), out);
}

int migrateHcclTasksToBlocks(const Db &db)
{
    const int rc = rowsToBlocks<HcclTaskRecord>(
        db,
        "SELECT session, device, model, iteration, plane, name, start, duration, notify_id, duration_estimated_us, "
        "stream, task_id, src_rank, dst_rank, transport_type, size_bytes, data_type, link_type, bandwidth_gbps "
        "FROM hccl_tasks ORDER BY session, device, model, iteration, rowid",
        kInsertHcclBlock, readAfterSession<HcclRowColumns, HcclTaskRecord>, keyOf, writeHcclBlocks);
    return rc == SQLITE_OK ? db.exec("DROP TABLE hccl_tasks") : rc;
}

// ---- The plain-row virtual table `hccl_tasks` ----

namespace {

// Columns: id, session, device, model, iteration, data.
bool loadHcclRows(sqlite3_stmt *blocks, std::vector<HcclTaskRecord> *out) { return readHcclBlock(blocks, 2, out); }

} // namespace

const BlockTable &hcclTasksTable()
{
    static const BlockTable table{
        "hccl_tasks", "hccl_blocks", "device, model, iteration, data",
        {kSessionColumn,
         kDeviceColumn,
         {"model", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "model (graph) id")},
         {"iteration", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "iteration number, 1-based")},
         {"plane", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "communication plane")},
         {"name", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "strings.id of Notify_Wait, Notify_Record, Memcpy, Reduce_Inline")},
         {"start", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "start (ns)")},
         {"duration", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "duration (ns)")},
         {"notify_id", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "notify id")},
         {"duration_estimated_us", "REAL", QT_TRANSLATE_NOOP("SqlSchema", "estimated duration (µs)")},
         {"stream", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "stream id")},
         {"task_id", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "task id")},
         {"src_rank", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "source rank")},
         {"dst_rank", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "destination rank (4294967295 = none)")},
         {"transport_type", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "strings.id of LOCAL / SDMA / RDMA")},
         {"size_bytes", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "bytes moved")},
         {"data_type", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "strings.id of the data type")},
         {"link_type", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "strings.id of HCCS / PCIE / ROCE / ON_CHIP")},
         {"bandwidth_gbps", "REAL", QT_TRANSLATE_NOOP("SqlSchema", "bandwidth (GB/s)")}},
        {0, 1, 2, 3}, // session, device, model, iteration
        -1,
        DecodedRows<HcclTaskRecord, loadHcclRows, HcclRowColumns>::make};
    return table;
}

} // namespace npuscope::store::detail
