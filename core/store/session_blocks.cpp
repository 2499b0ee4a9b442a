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

// The columns of counters and python_ranges after the session, as the old row tables held
// them and the plain-row virtual tables show them.
using CounterRowColumns = RowColumns<&CounterRecord::device, &CounterRecord::track, &CounterRecord::name,
                                     &CounterRecord::unit, &CounterRecord::ts, &CounterRecord::value>;
using Py = PythonRangeRecord;
using PythonRangeRowColumns =
    RowColumns<&Py::device, &Py::pid, &Py::tid, &Py::name, &Py::category, &Py::start, &Py::duration, &Py::callStack,
               &Py::inputShapes, &Py::inputTypes, &Py::sequence, &Py::fwdThread, &Py::correlation>;

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
    return mergeDeviceBlocks<CounterRecord, StrId>(
        db, "SELECT id, name, first_ts, data FROM counter_blocks WHERE session = ?1 AND device = ?2 ORDER BY name, first_ts, id",
        session, device, decodeCounterBlock, [](const CounterRecord &r) { return r.ts; }, fn);
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
        kInsertCounterBlock, readAfterSession<CounterRowColumns, CounterRecord>, counterKey, writeCounterBlocks);
    if (rc == SQLITE_OK)
        rc = rowsToBlocks<PythonRangeRecord>(
            db,
            "SELECT session, device, pid, tid, name, category, start, duration, call_stack, input_shapes, input_types, "
            "sequence, fwd_thread, correlation FROM python_ranges ORDER BY session, device, rowid",
            kInsertPythonRangeBlock, readAfterSession<PythonRangeRowColumns, PythonRangeRecord>, pythonKey,
            writePythonRangeBlocks);
    if (rc == SQLITE_OK)
        rc = db.exec("DROP TABLE counters; DROP TABLE python_ranges");
    return rc;
}

// ---- the plain-row virtual tables ----

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
        {0, 1, 3}, // session, device, name
        -1,
        DecodedRows<CounterRecord, loadKeyedBlock<CounterRecord, decodeCounterBlock, std::uint16_t, StrId>, CounterRowColumns>::make};
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
        {0, 1}, // session, device
        -1,
        DecodedRows<PythonRangeRecord, loadKeyedBlock<PythonRangeRecord, decodePythonRangeBlock, std::uint16_t>, PythonRangeRowColumns>::make};
    return table;
}

} // namespace npuscope::store::detail
