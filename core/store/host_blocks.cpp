#include "core/store/host_blocks.h"

#include "core/store/block_codec.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <tuple>
#include <unordered_map>

namespace npuscope::store::detail {

using namespace codec;

namespace {

constexpr unsigned char kMemoryBlockVersion = 1;
constexpr unsigned char kHostRangeBlockVersion = 1;

} // namespace

namespace {

// What each component's records were last: allocator series interleave (PTA, APP, ...),
// so each value is coded against the previous record of its component (MbSeries).
struct MemoryState {
    MbSeries mb[3];
    std::uint64_t streamPtr = 0;
};

void putMemoryValue(std::vector<unsigned char> &o, double v, MemoryState &st, int k, unsigned char *tag)
{
    *tag = static_cast<unsigned char>(*tag | st.mb[k].put(o, v) << (2 * k));
}

double getMemoryValue(Reader &r, MemoryState &st, int k, unsigned tag)
{
    return st.mb[k].get(r, (tag >> (2 * k)) & 3);
}

} // namespace

void encodeMemoryBlock(const MemoryRecord *const *recs, std::size_t n, std::vector<unsigned char> *out)
{
    std::vector<unsigned char> &o = *out;
    encodeBlock(out, kMemoryBlockVersion, n, 16 + n * 12, [&](Writer &w) {
        for (std::size_t i = 0; i < n; ++i)
            o.push_back(recs[i]->module ? 1 : 0);
        std::int64_t prevComponent = 0;
        for (std::size_t i = 0; i < n; ++i) {
            w.svarint(std::int64_t(recs[i]->component) - prevComponent); // interleaved series: ±1
            prevComponent = recs[i]->component;
        }
        Col<Coding::Delta, &MemoryRecord::ts>::put(w, recs, n);
        // One tag byte per record (two bits per value: its ValueCoding), then the values.
        const std::size_t tagAt = o.size();
        o.resize(tagAt + n);
        std::unordered_map<StrId, MemoryState> state;
        for (std::size_t i = 0; i < n; ++i) {
            MemoryState &st = state[recs[i]->component];
            unsigned char tag = 0;
            putMemoryValue(o, recs[i]->allocatedMB, st, 0, &tag);
            putMemoryValue(o, recs[i]->reservedMB, st, 1, &tag);
            putMemoryValue(o, recs[i]->activeMB, st, 2, &tag);
            o[tagAt + i] = tag;
        }
        state.clear();
        for (std::size_t i = 0; i < n; ++i) {
            MemoryState &st = state[recs[i]->component];
            w.varint(recs[i]->streamPtr ^ st.streamPtr); // a component's stream repeats: 1 byte
            st.streamPtr = recs[i]->streamPtr;
        }
    });
}

bool decodeMemoryBlock(const unsigned char *data, std::size_t size, std::uint16_t device,
                       std::vector<MemoryRecord> *out)
{
    const auto columns = [&](Reader &r, MemoryRecord *o, std::size_t n) {
        for (std::size_t i = 0; i < n; ++i) {
            o[i].device = device;
            const std::uint8_t flag = r.byte();
            r.ok = r.ok && flag <= 1;
            o[i].module = flag != 0;
        }
        std::int64_t component = 0;
        for (std::size_t i = 0; i < n; ++i)
            o[i].component = StrId(component = wrapAdd(component, r.svarint()));
        Col<Coding::Delta, &MemoryRecord::ts>::get(r, o, n);
        std::vector<unsigned char> tags(n);
        for (std::size_t i = 0; i < n; ++i) {
            tags[i] = r.byte();
            r.ok = r.ok && tags[i] >> 6 == 0;
        }
        std::unordered_map<StrId, MemoryState> state;
        for (std::size_t i = 0; i < n && r.ok; ++i) {
            MemoryState &st = state[o[i].component];
            o[i].allocatedMB = getMemoryValue(r, st, 0, tags[i]);
            o[i].reservedMB = getMemoryValue(r, st, 1, tags[i]);
            o[i].activeMB = getMemoryValue(r, st, 2, tags[i]);
        }
        state.clear();
        for (std::size_t i = 0; i < n && r.ok; ++i) {
            MemoryState &st = state[o[i].component];
            o[i].streamPtr = st.streamPtr ^= r.varint();
        }
    };
    return decodeBlock(data, size, kMemoryBlockVersion, kSessionBlockMax, out, columns);
}

namespace {

// The msproftx columns; CANN and runtime API ranges leave them 0, and then they are not
// stored (a flag in the kind's column says so).
bool hasTx(const HostRangeRecord &h)
{
    return h.category || h.eventType || h.payloadType || h.payloadValue || h.messageType;
}

using HostTimeColumns =
    Columns<Col<Coding::Delta, &HostRangeRecord::start>, Col<Coding::Svarint, &HostRangeRecord::duration>>;

} // namespace

void encodeHostRangeBlock(const HostRangeRecord *const *recs, std::size_t n, std::vector<unsigned char> *out)
{
    encodeBlock(out, kHostRangeBlockVersion, n, 16 + n * 12, [&](Writer &w) {
        for (std::size_t i = 0; i < n; ++i)
            w.varint(std::uint64_t(recs[i]->kind) | (hasTx(*recs[i]) ? 4u : 0u));
        std::uint32_t lastPid = 0;
        for (std::size_t i = 0; i < n; ++i) {
            w.varint(recs[i]->pid ^ lastPid); // a process's ranges: 1 byte instead of 3
            lastPid = recs[i]->pid;
        }
        for (std::size_t i = 0; i < n; ++i) // the main thread is the process: 1 byte
            w.svarint(std::int64_t(recs[i]->tid) - std::int64_t(recs[i]->pid));
        // Ids as deltas: a thread's nested API calls alternate between a few nearby names.
        std::int64_t prev = 0;
        for (std::size_t i = 0; i < n; ++i) {
            w.svarint(std::int64_t(recs[i]->name) - prev);
            prev = recs[i]->name;
        }
        HostTimeColumns::put(w, recs, n);
        for (std::size_t i = 0; i < n; ++i) {
            const HostRangeRecord &h = *recs[i];
            if (!hasTx(h))
                continue;
            w.varint(h.category);
            w.varint(h.eventType);
            w.varint(h.payloadType);
            w.varint(h.payloadValue);
            w.varint(h.messageType);
        }
        prev = 0;
        for (std::size_t i = 0; i < n; ++i) {
            w.svarint(std::int64_t(recs[i]->level) - prev);
            prev = recs[i]->level;
        }
    });
}

bool decodeHostRangeBlock(const unsigned char *data, std::size_t size, const IterationKey &key,
                          std::vector<HostRangeRecord> *out)
{
    const auto columns = [&](Reader &r, HostRangeRecord *o, std::size_t n) {
        std::vector<bool> tx(n);
        for (std::size_t i = 0; i < n; ++i) {
            o[i].device = key.device;
            o[i].modelId = key.modelId;
            o[i].iteration = key.iteration;
            const std::uint64_t v = r.varint();
            r.ok = r.ok && (v & 3) <= std::uint64_t(HostRangeRecord::Kind::MsprofTx) && v >> 3 == 0;
            o[i].kind = static_cast<HostRangeRecord::Kind>(v & 3);
            tx[i] = v & 4;
        }
        std::uint32_t lastPid = 0;
        for (std::size_t i = 0; i < n; ++i)
            o[i].pid = lastPid ^= std::uint32_t(r.varint());
        for (std::size_t i = 0; i < n; ++i)
            o[i].tid = std::uint32_t(wrapAdd(std::int64_t(o[i].pid), r.svarint()));
        std::int64_t prev = 0;
        for (std::size_t i = 0; i < n; ++i)
            o[i].name = StrId(prev = wrapAdd(prev, r.svarint()));
        HostTimeColumns::get(r, o, n);
        for (std::size_t i = 0; i < n; ++i) {
            if (!tx[i])
                continue;
            o[i].category = std::uint32_t(r.varint());
            o[i].eventType = StrId(r.varint());
            o[i].payloadType = std::uint32_t(r.varint());
            o[i].payloadValue = r.varint();
            o[i].messageType = StrId(r.varint());
        }
        prev = 0;
        for (std::size_t i = 0; i < n; ++i)
            o[i].level = StrId(prev = wrapAdd(prev, r.svarint()));
    };
    return decodeBlock(data, size, kHostRangeBlockVersion, kSessionBlockMax, out, columns);
}

// ---- writing ----

namespace {

std::uint16_t memoryKey(const MemoryRecord &m) { return m.device; }

using HostKey = std::tuple<std::uint16_t, std::uint32_t, std::uint32_t>; // device, model, iteration
HostKey hostKey(const HostRangeRecord &h) { return {h.device, h.modelId, h.iteration}; }

// The columns of memory_records and host_ranges after the session, as the old row tables
// held them and the plain-row virtual tables show them.
using M = MemoryRecord;
using MemoryRowColumns =
    RowColumns<&M::device, &M::module, &M::component, &M::ts, &M::allocatedMB, &M::reservedMB, &M::activeMB, &M::streamPtr>;
using H = HostRangeRecord;
using HostRangeRowColumns =
    RowColumns<&H::kind, &H::device, &H::modelId, &H::iteration, &H::pid, &H::tid, &H::name, &H::start, &H::duration,
               &H::category, &H::eventType, &H::payloadType, &H::payloadValue, &H::messageType, &H::level>;

} // namespace

int writeMemoryBlocks(sqlite3_stmt *insert, std::int64_t session, const std::vector<MemoryRecord> &records)
{
    return writeBlocks(insert, session, records, kSessionBlockMax, memoryKey, encodeMemoryBlock,
                       instantSpan<MemoryRecord>);
}

int writeHostRangeBlocks(sqlite3_stmt *insert, std::int64_t session, const std::vector<HostRangeRecord> &records)
{
    return writeBlocks(insert, session, records, kSessionBlockMax, hostKey, encodeHostRangeBlock,
                       rangeSpan<HostRangeRecord>);
}

// ---- reading ----

int readMemoryBlocks(const Db &db, std::int64_t session, std::uint16_t device, const TraceReader::MemoryFn &fn)
{
    return mergeDeviceBlocks<MemoryRecord>(
        db, "SELECT id, first_ts, data FROM memory_blocks WHERE session = ?1 AND device = ?2 ORDER BY first_ts, id", session,
        device, decodeMemoryBlock, [](const MemoryRecord &r) { return r.ts; }, fn);
}

int readHostRangeBlocks(const Db &db, std::int64_t session, const IterationKey *key,
                        const TraceReader::HostRangeFn &fn)
{
    Stmt s;
    int rc = db.prepare(key ? "SELECT id, first_start, data, device, model, iteration FROM host_range_blocks "
                              "WHERE session = ?1 AND device = ?2 AND model = ?3 AND iteration = ?4 "
                              "ORDER BY first_start, id"
                            : "SELECT id, first_start, data, device, model, iteration FROM host_range_blocks "
                              "WHERE session = ?1 ORDER BY first_start, id",
                        &s);
    if (rc != SQLITE_OK)
        return rc;
    sqlite3_bind_int64(s.get(), 1, session);
    if (key) {
        sqlite3_bind_int64(s.get(), 2, key->device);
        sqlite3_bind_int64(s.get(), 3, key->modelId);
        sqlite3_bind_int64(s.get(), 4, key->iteration);
    }
    return mergeBlocks<HostRangeRecord>(
        s.get(), [](sqlite3_stmt *) { return std::int64_t(0); },
        [](sqlite3_stmt *q) { return TimeNs(sqlite3_column_int64(q, 1)); },
        [](sqlite3_stmt *q, std::vector<HostRangeRecord> *out) {
            const unsigned char *data = nullptr;
            std::size_t size = 0;
            const IterationKey k{std::uint16_t(sqlite3_column_int64(q, 3)), std::uint32_t(sqlite3_column_int64(q, 4)),
                                 std::uint32_t(sqlite3_column_int64(q, 5))};
            return blobOf(q, 2, &data, &size) && decodeHostRangeBlock(data, size, k, out);
        },
        [](const HostRangeRecord &r) { return r.start; }, fn);
}

// ---- migration ----

int migrateMemoryRecordsToBlocks(const Db &db)
{
    const int rc = rowsToBlocks<MemoryRecord>(
        db,
        "SELECT session, device, module, component, ts, allocated_mb, reserved_mb, active_mb, stream_ptr "
        "FROM memory_records ORDER BY session, device, rowid",
        kInsertMemoryBlock, readAfterSession<MemoryRowColumns, MemoryRecord>, memoryKey, writeMemoryBlocks);
    return rc == SQLITE_OK ? db.exec("DROP TABLE memory_records") : rc;
}

int migrateHostRangesToBlocks(const Db &db)
{
    const int rc = rowsToBlocks<HostRangeRecord>(
        db,
        "SELECT session, kind, device, model, iteration, pid, tid, name, start, duration, category, event_type, "
        "payload_type, payload_value, message_type, level FROM host_ranges "
        "ORDER BY session, device, model, iteration, rowid",
        kInsertHostRangeBlock,
        [](sqlite3_stmt *s) {
            HostRangeRecord h = readAfterSession<HostRangeRowColumns, HostRangeRecord>(s);
            // A kind the blocks cannot hold was never written by NPU Scope; 0 keeps the row.
            const std::int64_t kind = sqlite3_column_int64(s, 1);
            if (kind < 0 || kind > 2)
                h.kind = HostRangeRecord::Kind::Cann;
            return h;
        },
        hostKey, writeHostRangeBlocks);
    return rc == SQLITE_OK ? db.exec("DROP TABLE host_ranges") : rc;
}

// ---- the plain-row virtual tables ----

namespace {

bool loadHostRangeRows(sqlite3_stmt *blocks, std::vector<HostRangeRecord> *out)
{
    // Columns: id, session, device, model, iteration, data.
    const unsigned char *data = nullptr;
    std::size_t size = 0;
    const IterationKey k{std::uint16_t(sqlite3_column_int64(blocks, 2)), std::uint32_t(sqlite3_column_int64(blocks, 3)),
                         std::uint32_t(sqlite3_column_int64(blocks, 4))};
    return blobOf(blocks, 5, &data, &size) && decodeHostRangeBlock(data, size, k, out);
}

} // namespace

const BlockTable &memoryRecordsTable()
{
    static const BlockTable table{
        "memory_records", "memory_blocks", "device, data",
        {kSessionColumn,
         kDeviceColumn,
         {"module", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "1 for a module reservation (npu_module_mem), 0 for the allocator (memory_record)")},
         {"component", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "strings.id of the component (APP, PTA, SLOG ...)")},
         {"ts", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "time (ns)")},
         {"allocated_mb", "REAL", QT_TRANSLATE_NOOP("SqlSchema", "total allocated (MB)")},
         {"reserved_mb", "REAL", QT_TRANSLATE_NOOP("SqlSchema", "total reserved (MB)")},
         {"active_mb", "REAL", QT_TRANSLATE_NOOP("SqlSchema", "total active (MB)")},
         {"stream_ptr", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "stream pointer, 0 none")}},
        {0, 1}, // session, device
        -1,
        DecodedRows<MemoryRecord, loadKeyedBlock<MemoryRecord, decodeMemoryBlock, std::uint16_t>, MemoryRowColumns>::make};
    return table;
}

const BlockTable &hostRangesTable()
{
    static const BlockTable table{
        "host_ranges", "host_range_blocks", "device, model, iteration, data",
        {kSessionColumn,
         {"kind", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "0 CANN, 1 runtime API, 2 msproftx")},
         kDeviceColumn,
         {"model", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "model (graph) id")},
         {"iteration", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "iteration number, 1-based")},
         {"pid", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "process id")},
         {"tid", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "thread id")},
         {"name", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "strings.id of the range name or tx message")},
         {"start", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "start (ns)")},
         {"duration", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "duration (ns)")},
         {"category", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "msproftx category")},
         {"event_type", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "strings.id of the msproftx event type (start/end, marker)")},
         {"payload_type", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "msproftx payload type")},
         {"payload_value", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "msproftx payload value")},
         {"message_type", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "strings.id of the msproftx message type (ascii)")},
         {"level", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "strings.id of the CANN API level (acl, node, hccl, runtime ...)")}},
        {0, 2, 3, 4}, // session, device, model, iteration
        -1,
        DecodedRows<HostRangeRecord, loadHostRangeRows, HostRangeRowColumns>::make};
    return table;
}

} // namespace npuscope::store::detail
