#include "core/store/session_blocks.h"

#include "core/store/block_codec.h"

#include <QCoreApplication>

#include <algorithm>
#include <cstring>
#include <queue>
#include <tuple>

namespace npuscope::store::detail {

using namespace codec;

namespace {

constexpr unsigned char kCounterBlockVersion = 1;
constexpr unsigned char kPythonRangeBlockVersion = 1;

} // namespace

namespace {

using CounterColumns =
    Columns<Col<Coding::Varint, &CounterRecord::track>, Col<Coding::Varint, &CounterRecord::unit>,
            Col<Coding::Delta, &CounterRecord::ts>>;
using PythonRangeColumns =
    Columns<Col<Coding::Varint, &PythonRangeRecord::pid>, Col<Coding::Varint, &PythonRangeRecord::tid>,
            Col<Coding::Varint, &PythonRangeRecord::name>, Col<Coding::Varint, &PythonRangeRecord::category>,
            Col<Coding::Delta, &PythonRangeRecord::start>, Col<Coding::Svarint, &PythonRangeRecord::duration>,
            Col<Coding::Varint, &PythonRangeRecord::callStack>, Col<Coding::Varint, &PythonRangeRecord::inputShapes>,
            Col<Coding::Varint, &PythonRangeRecord::inputTypes>, Col<Coding::Svarint, &PythonRangeRecord::sequence>,
            Col<Coding::Varint, &PythonRangeRecord::fwdThread>, Col<Coding::Varint, &PythonRangeRecord::correlation>>;

} // namespace

void encodeCounterBlock(const CounterRecord *const *recs, std::size_t n, std::vector<unsigned char> *out)
{
    encodeBlock(out, kCounterBlockVersion, n, 16 + n * 6, [&](Writer &w) {
        CounterColumns::put(w, recs, n);
        std::uint64_t last = 0;
        for (std::size_t i = 0; i < n; ++i) {
            const std::uint64_t b = doubleBits(recs[i]->value);
            // XOR with the previous sample, byte-swapped so equal sign, exponent and high
            // mantissa (the usual case for a series) leave only small numbers.
            w.varint(__builtin_bswap64(b ^ last));
            last = b;
        }
    });
}

bool decodeCounterBlock(const unsigned char *data, std::size_t size, std::uint16_t device, StrId name,
                        std::vector<CounterRecord> *out)
{
    return decodeBlock(data, size, kCounterBlockVersion, kSessionBlockMax, out,
                       [&](Reader &r, CounterRecord *o, std::size_t n) {
                           for (std::size_t i = 0; i < n; ++i) {
                               o[i].device = device;
                               o[i].name = name;
                           }
                           CounterColumns::get(r, o, n);
                           std::uint64_t last = 0;
                           for (std::size_t i = 0; i < n; ++i) {
                               last ^= __builtin_bswap64(r.varint());
                               o[i].value = bitsDouble(last);
                           }
                       });
}

void encodePythonRangeBlock(const PythonRangeRecord *const *recs, std::size_t n, std::vector<unsigned char> *out)
{
    encodeBlock(out, kPythonRangeBlockVersion, n, 16 + n * 16,
                [&](Writer &w) { PythonRangeColumns::put(w, recs, n); });
}

bool decodePythonRangeBlock(const unsigned char *data, std::size_t size, std::uint16_t device,
                            std::vector<PythonRangeRecord> *out)
{
    return decodeBlock(data, size, kPythonRangeBlockVersion, kSessionBlockMax, out,
                       [&](Reader &r, PythonRangeRecord *o, std::size_t n) {
                           for (std::size_t i = 0; i < n; ++i)
                               o[i].device = device;
                           PythonRangeColumns::get(r, o, n);
                       });
}

// ---- writing ----

namespace {

using CounterKey = std::pair<std::uint16_t, StrId>; // device, series name

CounterKey counterKey(const CounterRecord &c) { return {c.device, c.name}; }
std::uint16_t pythonKey(const PythonRangeRecord &r) { return r.device; }

} // namespace

int writeCounterBlocks(sqlite3_stmt *insert, std::int64_t session, const std::vector<CounterRecord> &records)
{
    return writeBlocks(insert, session, records, kSessionBlockMax, counterKey, encodeCounterBlock,
                       instantSpan<CounterRecord>);
}

int writePythonRangeBlocks(sqlite3_stmt *insert, std::int64_t session, const std::vector<PythonRangeRecord> &records)
{
    return writeBlocks(insert, session, records, kSessionBlockMax, pythonKey, encodePythonRangeBlock,
                       rangeSpan<PythonRangeRecord>);
}

// ---- reading ----

int readCounterBlocks(const Db &db, std::int64_t session, std::uint16_t device, const TraceReader::CounterFn &fn)
{
    Stmt s;
    int rc = db.prepare("SELECT id, name, first_ts, data FROM counter_blocks WHERE session = ?1 AND device = ?2 "
                        "ORDER BY name, first_ts, id",
                        &s);
    if (rc != SQLITE_OK)
        return rc;
    sqlite3_bind_int64(s.get(), 1, session);
    sqlite3_bind_int64(s.get(), 2, device);
    return mergeBlocks<CounterRecord>(
        s.get(), [](sqlite3_stmt *q) { return sqlite3_column_int64(q, 1); },
        [](sqlite3_stmt *q) { return TimeNs(sqlite3_column_int64(q, 2)); },
        [device](sqlite3_stmt *q, std::vector<CounterRecord> *out) {
            const unsigned char *data = nullptr;
            std::size_t size = 0;
            return blobOf(q, 3, &data, &size)
                   && decodeCounterBlock(data, size, device, StrId(sqlite3_column_int64(q, 1)), out);
        },
        [](const CounterRecord &r) { return r.ts; }, fn);
}

int readPythonRangeBlocks(const Db &db, std::int64_t session, std::uint16_t device,
                          const TraceReader::PythonRangeFn &fn)
{
    return mergeDeviceBlocks<PythonRangeRecord>(
        db, "SELECT id, first_start, data FROM python_range_blocks WHERE session = ?1 AND device = ?2 ORDER BY first_start, id",
        session, device, decodePythonRangeBlock, [](const PythonRangeRecord &r) { return r.start; }, fn);
}

// ---- migration ----

int migrateSessionRecordsToBlocks(const Db &db)
{
    int rc = rowsToBlocks<CounterRecord>(
        db, "SELECT session, device, track, name, unit, ts, value FROM counters ORDER BY session, device, name, rowid",
        kInsertCounterBlock,
        [](sqlite3_stmt *s) {
            auto I = [s](int i) { return sqlite3_column_int64(s, i); };
            CounterRecord c;
            c.device = std::uint16_t(I(1));
            c.track = StrId(I(2));
            c.name = StrId(I(3));
            c.unit = StrId(I(4));
            c.ts = I(5);
            c.value = sqlite3_column_double(s, 6);
            return c;
        },
        counterKey, writeCounterBlocks);
    if (rc == SQLITE_OK)
        rc = rowsToBlocks<PythonRangeRecord>(
            db,
            "SELECT session, device, pid, tid, name, category, start, duration, call_stack, input_shapes, input_types, "
            "sequence, fwd_thread, correlation FROM python_ranges ORDER BY session, device, rowid",
            kInsertPythonRangeBlock,
            [](sqlite3_stmt *s) {
                auto I = [s](int i) { return sqlite3_column_int64(s, i); };
                PythonRangeRecord r;
                r.device = std::uint16_t(I(1));
                r.pid = std::uint32_t(I(2));
                r.tid = std::uint32_t(I(3));
                r.name = StrId(I(4));
                r.category = StrId(I(5));
                r.start = I(6);
                r.duration = I(7);
                r.callStack = StrId(I(8));
                r.inputShapes = StrId(I(9));
                r.inputTypes = StrId(I(10));
                r.sequence = I(11);
                r.fwdThread = std::uint64_t(I(12));
                r.correlation = std::uint64_t(I(13));
                return r;
            },
            pythonKey, writePythonRangeBlocks);
    if (rc == SQLITE_OK)
        rc = db.exec("DROP TABLE counters; DROP TABLE python_ranges");
    return rc;
}

// ---- the plain-row virtual tables ----

namespace {

enum CounterColumn { KSession, KDevice, KTrack, KName, KUnit, KTs, KValue };

bool loadCounterRows(sqlite3_stmt *blocks, std::vector<CounterRecord> *out)
{
    // Columns: id, session, device, name, data.
    const unsigned char *data = nullptr;
    std::size_t size = 0;
    return blobOf(blocks, 4, &data, &size)
           && decodeCounterBlock(data, size, std::uint16_t(sqlite3_column_int64(blocks, 2)),
                                 StrId(sqlite3_column_int64(blocks, 3)), out);
}

void counterColumn(sqlite3_context *ctx, std::int64_t session, const CounterRecord &c, int col)
{
    switch (col) {
    case KSession: sqlite3_result_int64(ctx, session); return;
    case KDevice: sqlite3_result_int64(ctx, c.device); return;
    case KTrack: sqlite3_result_int64(ctx, c.track); return;
    case KName: sqlite3_result_int64(ctx, c.name); return;
    case KUnit: sqlite3_result_int64(ctx, c.unit); return;
    case KTs: sqlite3_result_int64(ctx, c.ts); return;
    case KValue: sqlite3_result_double(ctx, c.value); return;
    default: sqlite3_result_null(ctx); return;
    }
}

enum PythonColumn {
    PSession, PDevice, PPid, PTid, PName, PCategory, PStart, PDuration, PCallStack, PInputShapes, PInputTypes,
    PSequence, PFwdThread, PCorrelation
};

bool loadPythonRangeRows(sqlite3_stmt *blocks, std::vector<PythonRangeRecord> *out)
{
    // Columns: id, session, device, data.
    const unsigned char *data = nullptr;
    std::size_t size = 0;
    return blobOf(blocks, 3, &data, &size)
           && decodePythonRangeBlock(data, size, std::uint16_t(sqlite3_column_int64(blocks, 2)), out);
}

void pythonRangeColumn(sqlite3_context *ctx, std::int64_t session, const PythonRangeRecord &r, int col)
{
    const std::int64_t v[] = {session, r.device, r.pid, r.tid, r.name, r.category, r.start, r.duration, r.callStack,
                              r.inputShapes, r.inputTypes, r.sequence, std::int64_t(r.fwdThread),
                              std::int64_t(r.correlation)};
    static_assert(std::size(v) == PCorrelation + 1);
    resultInt64Column(ctx, v, col);
}

} // namespace

const BlockTable &countersTable()
{
    static const BlockTable table{
        "counters", "counter_blocks", "device, name, data",
        {kSessionColumn,
         kDeviceColumn,
         {"track", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "strings.id of the counter lane (AI Core Freq, HBM ...)")},
         {"name", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "strings.id of the series (HBM 0/Read ...)")},
         {"unit", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "strings.id of the unit the value is in (MHz, MB/s ...)")},
         {"ts", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "sample time (ns)")},
         {"value", "REAL", QT_TRANSLATE_NOOP("SqlSchema", "the value")}},
        {KSession, KDevice, KName},
        -1,
        DecodedRows<CounterRecord, loadCounterRows, counterColumn>::make};
    return table;
}

const BlockTable &pythonRangesTable()
{
    static const BlockTable table{
        "python_ranges", "python_range_blocks", "device, data",
        {kSessionColumn,
         kDeviceColumn,
         {"pid", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "process id")},
         {"tid", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "thread id")},
         {"name", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "strings.id of the range name")},
         {"category", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "strings.id of the category (cpu_op, python_function ...)")},
         {"start", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "start (ns)")},
         {"duration", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "duration (ns)")},
         {"call_stack", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "strings.id of the call stack")},
         {"input_shapes", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "strings.id of the input shapes")},
         {"input_types", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "strings.id of the input types")},
         {"sequence", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "autograd sequence number, -1 none")},
         {"fwd_thread", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "forward thread id")},
         {"correlation", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "enqueue/dequeue correlation id, 0 none")}},
        {PSession, PDevice},
        -1,
        DecodedRows<PythonRangeRecord, loadPythonRangeRows, pythonRangeColumn>::make};
    return table;
}

} // namespace npuscope::store::detail
