#include "core/store/op_blocks.h"

#include "core/store/block_codec.h"

#include <QCoreApplication>

#include <iterator>
#include <unordered_map>
#include <utility>

namespace npuscope::store::detail {

using namespace codec;

namespace {

constexpr unsigned char kTaskAttrBlockVersion = 1;
constexpr unsigned char kOpMemoryBlockVersion = 1;

// A task's attributes share its task id and start (deltas of 0 after the first).
using TaskAttrTaskColumns =
    Columns<Col<Coding::Delta, &TaskAttrRecord::taskId>, Col<Coding::Delta, &TaskAttrRecord::start>>;

} // namespace

void encodeTaskAttrBlock(const TaskAttrRecord *const *recs, std::size_t n, std::vector<unsigned char> *out)
{
    encodeBlock(out, kTaskAttrBlockVersion, n, 16 + n * 6, [&](Writer &w) {
        TaskAttrTaskColumns::put(w, recs, n);
        // A profiler writes a handful of attribute columns: each distinct key once, then
        // every record's key as its index among them (one byte).
        std::vector<StrId> keys;
        std::vector<std::uint32_t> slot(n);
        {
            std::unordered_map<StrId, std::uint32_t> seen;
            for (std::size_t i = 0; i < n; ++i) {
                const auto [it, fresh] = seen.try_emplace(recs[i]->key, std::uint32_t(keys.size()));
                if (fresh)
                    keys.push_back(recs[i]->key);
                slot[i] = it->second;
            }
        }
        w.varint(keys.size());
        for (const StrId k : keys)
            w.varint(k);
        for (std::size_t i = 0; i < n; ++i)
            w.varint(slot[i]);
        // A key's values repeat or were interned close together (OP State, HF32 Eligible):
        // each as a delta from the key's previous value.
        std::vector<std::int64_t> prev(keys.size(), 0);
        for (std::size_t i = 0; i < n; ++i) {
            w.svarint(std::int64_t(recs[i]->value) - prev[slot[i]]);
            prev[slot[i]] = recs[i]->value;
        }
    });
}

bool decodeTaskAttrBlock(const unsigned char *data, std::size_t size, std::uint16_t device, std::uint32_t stream,
                         std::vector<TaskAttrRecord> *out)
{
    const auto columns = [&](Reader &r, TaskAttrRecord *o, std::size_t n) {
        for (std::size_t i = 0; i < n; ++i) {
            o[i].device = device;
            o[i].streamId = stream;
        }
        TaskAttrTaskColumns::get(r, o, n);
        const std::uint64_t m = r.varint();
        r.ok = r.ok && m >= 1 && m <= n; // bounded by the count: no over-allocation
        if (!r.ok)
            return;
        std::vector<StrId> keys(m);
        for (StrId &k : keys)
            k = StrId(r.varint());
        std::vector<std::uint32_t> slot(n);
        for (std::size_t i = 0; i < n; ++i) {
            const std::uint64_t s = r.varint();
            r.ok = r.ok && s < m;
            slot[i] = r.ok ? std::uint32_t(s) : 0;
            o[i].key = keys[slot[i]];
        }
        std::vector<std::int64_t> prev(m, 0);
        for (std::size_t i = 0; i < n; ++i)
            o[i].value = StrId(prev[slot[i]] = wrapAdd(prev[slot[i]], r.svarint()));
    };
    return decodeBlock(data, size, kTaskAttrBlockVersion, kSessionBlockMax, out, columns);
}

namespace {

// The doubles of an allocation, each a series of its own across the block (MbSeries; the
// size in KB is whole bytes too, so the same codings serve it), except the active totals:
// the allocator reports them equal or close to the allocated total of the same moment, so
// they are coded against that (referenceOf).
constexpr double OpMemoryRecord::*kOpMemoryDoubles[] = {
    &OpMemoryRecord::sizeKB,
    &OpMemoryRecord::allocTotalAllocatedMB,
    &OpMemoryRecord::allocTotalReservedMB,
    &OpMemoryRecord::allocTotalActiveMB,
    &OpMemoryRecord::releaseTotalAllocatedMB,
    &OpMemoryRecord::releaseTotalReservedMB,
    &OpMemoryRecord::releaseTotalActiveMB,
};
constexpr int kOpMemoryDoubleCount = int(std::size(kOpMemoryDoubles));
// The series double k is coded against: its own, or (the active totals) the allocated
// total's, which has just taken the same record's value.
constexpr int referenceOf(int k) { return k == 3 || k == 6 ? k - 2 : k; }
// Tag bits after the doubles' codings: the release times are given (not -1).
constexpr unsigned kReleased = 1u << (2 * kOpMemoryDoubleCount);
constexpr unsigned kActiveReleased = kReleased << 1;
constexpr unsigned kOpMemoryTagBits = 2 * kOpMemoryDoubleCount + 2;

using OpMemoryAllocatedColumn = Col<Coding::Delta, &OpMemoryRecord::allocated>;

} // namespace

void encodeOpMemoryBlock(const OpMemoryRecord *const *recs, std::size_t n, std::vector<unsigned char> *out)
{
    std::vector<unsigned char> &o = *out;
    encodeBlock(out, kOpMemoryBlockVersion, n, 16 + n * 24, [&](Writer &w) {
        std::int64_t prevName = 0;
        for (std::size_t i = 0; i < n; ++i) {
            w.svarint(std::int64_t(recs[i]->name) - prevName);
            prevName = recs[i]->name;
        }
        // The doubles first into their own bytes: their codings make the tags written before them.
        std::vector<unsigned char> values;
        values.reserve(n * kOpMemoryDoubleCount * 3);
        MbSeries series[kOpMemoryDoubleCount];
        unsigned prevTag = 0;
        for (std::size_t i = 0; i < n; ++i) {
            const OpMemoryRecord &r = *recs[i];
            unsigned tag = (r.released != -1 ? kReleased : 0) | (r.activeReleased != -1 ? kActiveReleased : 0);
            for (int k = 0; k < kOpMemoryDoubleCount; ++k) {
                series[k] = series[referenceOf(k)];
                tag |= series[k].put(values, r.*kOpMemoryDoubles[k]) << (2 * k);
            }
            w.varint(tag ^ prevTag); // allocations alike: 0
            prevTag = tag;
        }
        OpMemoryAllocatedColumn::put(w, recs, n);
        // Release times as lifetimes: after the allocation, and the active release after the release.
        for (std::size_t i = 0; i < n; ++i)
            if (recs[i]->released != -1)
                w.svarint(wrapDelta(recs[i]->released, recs[i]->allocated));
        for (std::size_t i = 0; i < n; ++i)
            if (recs[i]->activeReleased != -1)
                w.svarint(wrapDelta(recs[i]->activeReleased,
                                    recs[i]->released != -1 ? recs[i]->released : recs[i]->allocated));
        o.insert(o.end(), values.begin(), values.end());
        std::uint64_t prevPtr = 0;
        for (std::size_t i = 0; i < n; ++i) {
            w.varint(recs[i]->streamPtr ^ prevPtr); // one stream: 1 byte
            prevPtr = recs[i]->streamPtr;
        }
    });
}

bool decodeOpMemoryBlock(const unsigned char *data, std::size_t size, std::uint16_t device,
                         std::vector<OpMemoryRecord> *out)
{
    const auto columns = [&](Reader &r, OpMemoryRecord *o, std::size_t n) {
        std::int64_t name = 0;
        for (std::size_t i = 0; i < n; ++i) {
            o[i].device = device;
            o[i].name = StrId(name = wrapAdd(name, r.svarint()));
        }
        std::vector<unsigned> tags(n);
        unsigned tag = 0;
        for (std::size_t i = 0; i < n; ++i) {
            const std::uint64_t v = r.varint();
            r.ok = r.ok && v >> kOpMemoryTagBits == 0;
            tags[i] = tag ^= unsigned(v & ((1u << kOpMemoryTagBits) - 1));
        }
        OpMemoryAllocatedColumn::get(r, o, n);
        for (std::size_t i = 0; i < n; ++i)
            o[i].released = tags[i] & kReleased ? wrapAdd(o[i].allocated, r.svarint()) : -1;
        for (std::size_t i = 0; i < n; ++i)
            o[i].activeReleased = tags[i] & kActiveReleased
                                      ? wrapAdd(tags[i] & kReleased ? o[i].released : o[i].allocated, r.svarint())
                                      : -1;
        MbSeries series[kOpMemoryDoubleCount];
        for (std::size_t i = 0; i < n && r.ok; ++i)
            for (int k = 0; k < kOpMemoryDoubleCount; ++k) {
                series[k] = series[referenceOf(k)];
                o[i].*kOpMemoryDoubles[k] = series[k].get(r, (tags[i] >> (2 * k)) & 3);
            }
        std::uint64_t ptr = 0;
        for (std::size_t i = 0; i < n && r.ok; ++i)
            o[i].streamPtr = ptr ^= r.varint();
    };
    return decodeBlock(data, size, kOpMemoryBlockVersion, kSessionBlockMax, out, columns);
}

// ---- writing ----

namespace {

using TaskAttrKey = std::pair<std::uint16_t, std::uint32_t>; // device, stream
TaskAttrKey taskAttrKey(const TaskAttrRecord &a) { return {a.device, a.streamId}; }
std::uint16_t opMemoryKey(const OpMemoryRecord &m) { return m.device; }

// The columns of task_attrs and op_memory after the session, as the old row tables held
// them and the plain-row virtual tables show them.
using A = TaskAttrRecord;
using TaskAttrRowColumns = RowColumns<&A::device, &A::streamId, &A::taskId, &A::start, &A::key, &A::value>;
using O = OpMemoryRecord;
using OpMemoryRowColumns =
    RowColumns<&O::device, &O::name, &O::sizeKB, &O::allocated, &O::released, &O::activeReleased,
               &O::allocTotalAllocatedMB, &O::allocTotalReservedMB, &O::allocTotalActiveMB, &O::releaseTotalAllocatedMB,
               &O::releaseTotalReservedMB, &O::releaseTotalActiveMB, &O::streamPtr>;

} // namespace

int writeTaskAttrBlocks(sqlite3_stmt *insert, std::int64_t session, const std::vector<TaskAttrRecord> &records)
{
    return writeBlocks(insert, session, records, kSessionBlockMax, taskAttrKey, encodeTaskAttrBlock,
                       memberSpan<&TaskAttrRecord::start, TaskAttrRecord>);
}

int writeOpMemoryBlocks(sqlite3_stmt *insert, std::int64_t session, const std::vector<OpMemoryRecord> &records)
{
    return writeBlocks(insert, session, records, kSessionBlockMax, opMemoryKey, encodeOpMemoryBlock,
                       memberSpan<&OpMemoryRecord::allocated, OpMemoryRecord>);
}

// ---- reading ----

int readTaskAttrBlocks(const Db &db, std::int64_t session, std::uint16_t device, const TraceReader::TaskAttrFn &fn)
{
    // Streams one after the other; within one, the blocks merged by start.
    return mergeDeviceBlocks<TaskAttrRecord, std::uint32_t>(
        db,
        "SELECT id, stream, first_start, data FROM task_attr_blocks WHERE session = ?1 AND device = ?2 "
        "ORDER BY stream, first_start, id",
        session, device, decodeTaskAttrBlock, [](const TaskAttrRecord &a) { return a.start; }, fn);
}

int readOpMemoryBlocks(const Db &db, std::int64_t session, std::uint16_t device, const TraceReader::OpMemoryFn &fn)
{
    return mergeDeviceBlocks<OpMemoryRecord>(
        db,
        "SELECT id, first_allocated, data FROM op_memory_blocks WHERE session = ?1 AND device = ?2 "
        "ORDER BY first_allocated, id",
        session, device, decodeOpMemoryBlock, [](const OpMemoryRecord &m) { return m.allocated; }, fn);
}

// ---- migration ----

int migrateTaskAttrsAndOpMemoryToBlocks(const Db &db)
{
    int rc = rowsToBlocks<TaskAttrRecord>(
        db,
        "SELECT session, device, stream, task_id, start, key, value FROM task_attrs "
        "ORDER BY session, device, stream, rowid",
        kInsertTaskAttrBlock, readAfterSession<TaskAttrRowColumns, TaskAttrRecord>, taskAttrKey, writeTaskAttrBlocks);
    if (rc == SQLITE_OK)
        rc = db.exec("DROP TABLE task_attrs");
    if (rc == SQLITE_OK)
        rc = rowsToBlocks<OpMemoryRecord>(
            db,
            "SELECT session, device, name, size_kb, allocated, released, active_released, alloc_total_allocated_mb, "
            "alloc_total_reserved_mb, alloc_total_active_mb, release_total_allocated_mb, release_total_reserved_mb, "
            "release_total_active_mb, stream_ptr FROM op_memory ORDER BY session, device, rowid",
            kInsertOpMemoryBlock, readAfterSession<OpMemoryRowColumns, OpMemoryRecord>, opMemoryKey,
            writeOpMemoryBlocks);
    return rc == SQLITE_OK ? db.exec("DROP TABLE op_memory") : rc;
}

// ---- the plain-row virtual tables ----

const BlockTable &taskAttrsTable()
{
    static const BlockTable table{
        "task_attrs", "task_attr_blocks", "device, stream, data",
        {kSessionColumn,
         kDeviceColumn,
         {"stream", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "stream id of the task")},
         {"task_id", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "task id")},
         {"start", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "task start (ns)")},
         {"key", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "strings.id of the column name")},
         {"value", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "strings.id of the cell text")}},
        {0, 1, 2}, // session, device, stream
        -1,
        DecodedRows<TaskAttrRecord, loadKeyedBlock<TaskAttrRecord, decodeTaskAttrBlock, std::uint16_t, std::uint32_t>, TaskAttrRowColumns>::make};
    return table;
}

const BlockTable &opMemoryTable()
{
    static const BlockTable table{
        "op_memory", "op_memory_blocks", "device, data",
        {kSessionColumn,
         kDeviceColumn,
         {"name", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "strings.id of the operator")},
         {"size_kb", "REAL", QT_TRANSLATE_NOOP("SqlSchema", "size (KB)")},
         {"allocated", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "allocation time (ns)")},
         {"released", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "release time (ns)")},
         {"active_released", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "active release time (ns)")},
         {"alloc_total_allocated_mb", "REAL", QT_TRANSLATE_NOOP("SqlSchema", "total allocated at allocation (MB)")},
         {"alloc_total_reserved_mb", "REAL", QT_TRANSLATE_NOOP("SqlSchema", "total reserved at allocation (MB)")},
         {"alloc_total_active_mb", "REAL", QT_TRANSLATE_NOOP("SqlSchema", "total active at allocation (MB)")},
         {"release_total_allocated_mb", "REAL", QT_TRANSLATE_NOOP("SqlSchema", "total allocated at release (MB)")},
         {"release_total_reserved_mb", "REAL", QT_TRANSLATE_NOOP("SqlSchema", "total reserved at release (MB)")},
         {"release_total_active_mb", "REAL", QT_TRANSLATE_NOOP("SqlSchema", "total active at release (MB)")},
         {"stream_ptr", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "stream pointer, 0 none")}},
        {0, 1}, // session, device
        -1,
        DecodedRows<OpMemoryRecord, loadKeyedBlock<OpMemoryRecord, decodeOpMemoryBlock, std::uint16_t>, OpMemoryRowColumns>::make};
    return table;
}

} // namespace npuscope::store::detail
