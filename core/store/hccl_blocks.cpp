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
        kInsertHcclBlock,
        [](sqlite3_stmt *s) {
            auto I = [s](int i) { return sqlite3_column_int64(s, i); };
            HcclTaskRecord h;
            h.device = std::uint16_t(I(1));
            h.modelId = std::uint32_t(I(2));
            h.iteration = std::uint32_t(I(3));
            h.plane = std::uint32_t(I(4));
            h.name = StrId(I(5));
            h.start = I(6);
            h.duration = I(7);
            h.notifyId = std::uint64_t(I(8));
            h.durationEstimatedUs = sqlite3_column_double(s, 9);
            h.streamId = std::uint32_t(I(10));
            h.taskId = std::uint32_t(I(11));
            h.srcRank = std::uint32_t(I(12));
            h.dstRank = std::uint32_t(I(13));
            h.transportType = StrId(I(14));
            h.sizeBytes = std::uint64_t(I(15));
            h.dataType = StrId(I(16));
            h.linkType = StrId(I(17));
            h.bandwidthGBps = sqlite3_column_double(s, 18);
            return h;
        },
        keyOf, writeHcclBlocks);
    return rc == SQLITE_OK ? db.exec("DROP TABLE hccl_tasks") : rc;
}

// ---- The plain-row virtual table `hccl_tasks` ----

namespace {

enum HcclColumn {
    CSession, CDevice, CModel, CIteration, CPlane, CName, CStart, CDuration, CNotify, CEstimated, CStream, CTaskId,
    CSrc, CDst, CTransport, CSize, CDataType, CLinkType, CBandwidth
};

class HcclRows final : public BlockRows {
public:
    bool load(sqlite3_stmt *blocks) override
    {
        rows_.clear();
        return readHcclBlock(blocks, 2, &rows_);
    }
    std::size_t size() const override { return rows_.size(); }
    void column(sqlite3_context *ctx, std::int64_t session, std::int64_t, std::size_t at, int col) const override
    {
        const HcclTaskRecord &h = rows_[at];
        std::int64_t v = 0;
        switch (col) {
        case CSession: v = session; break;
        case CDevice: v = h.device; break;
        case CModel: v = h.modelId; break;
        case CIteration: v = h.iteration; break;
        case CPlane: v = h.plane; break;
        case CName: v = h.name; break;
        case CStart: v = h.start; break;
        case CDuration: v = h.duration; break;
        case CNotify: v = std::int64_t(h.notifyId); break;
        case CEstimated: sqlite3_result_double(ctx, h.durationEstimatedUs); return;
        case CStream: v = h.streamId; break;
        case CTaskId: v = h.taskId; break;
        case CSrc: v = h.srcRank; break;
        case CDst: v = h.dstRank; break;
        case CTransport: v = h.transportType; break;
        case CSize: v = std::int64_t(h.sizeBytes); break;
        case CDataType: v = h.dataType; break;
        case CLinkType: v = h.linkType; break;
        case CBandwidth: sqlite3_result_double(ctx, h.bandwidthGBps); return;
        default: sqlite3_result_null(ctx); return;
        }
        sqlite3_result_int64(ctx, v);
    }

private:
    std::vector<HcclTaskRecord> rows_;
};

} // namespace

const BlockTable &hcclTasksTable()
{
    static const BlockTable table{
        "hccl_tasks", "hccl_blocks", "device, model, iteration, data",
        {{"session", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "sessions.id this row belongs to")},
         {"device", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "physical device id (0..N-1)")},
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
        {CSession, CDevice, CModel, CIteration},
        -1,
        [] { return std::unique_ptr<BlockRows>(new HcclRows); }};
    return table;
}

} // namespace npuscope::store::detail
