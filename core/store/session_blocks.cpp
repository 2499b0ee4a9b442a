#include "core/store/session_blocks.h"

#include "core/store/task_block.h" // crc32

#include <QCoreApplication>

#include <algorithm>
#include <cstring>
#include <queue>
#include <tuple>

namespace npuscope::store::detail {

namespace {

constexpr unsigned char kCounterBlockVersion = 1;
constexpr unsigned char kPythonRangeBlockVersion = 1;

inline std::uint64_t zigzag(std::int64_t v) { return (std::uint64_t(v) << 1) ^ std::uint64_t(v >> 63); }
inline std::int64_t unzigzag(std::uint64_t v) { return std::int64_t(v >> 1) ^ -std::int64_t(v & 1); }
// a - b without signed overflow (times from a file may be anything).
inline std::int64_t wrapDelta(std::int64_t a, std::int64_t b) { return std::int64_t(std::uint64_t(a) - std::uint64_t(b)); }
inline std::int64_t wrapAdd(std::int64_t a, std::int64_t b) { return std::int64_t(std::uint64_t(a) + std::uint64_t(b)); }

inline std::uint64_t doubleBits(double d)
{
    std::uint64_t b;
    std::memcpy(&b, &d, 8);
    return b;
}

inline double bitsDouble(std::uint64_t b)
{
    double d;
    std::memcpy(&d, &b, 8);
    return d;
}

struct Writer {
    std::vector<unsigned char> &o;
    void varint(std::uint64_t v)
    {
        while (v >= 0x80) {
            o.push_back(static_cast<unsigned char>(v | 0x80));
            v >>= 7;
        }
        o.push_back(static_cast<unsigned char>(v));
    }
    void svarint(std::int64_t v) { varint(zigzag(v)); }
    void finish()
    {
        const std::uint32_t c = crc32(o.data(), o.size());
        for (int i = 0; i < 4; ++i)
            o.push_back(static_cast<unsigned char>(c >> (8 * i)));
    }
};

// Bounds-checked reading: a read past the end turns `ok` false and yields 0.
struct Reader {
    const unsigned char *p, *end;
    bool ok = true;
    std::uint64_t varint()
    {
        std::uint64_t v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (p >= end) {
                ok = false;
                return 0;
            }
            const unsigned char b = *p++;
            v |= std::uint64_t(b & 0x7f) << shift;
            if (!(b & 0x80))
                return v;
        }
        ok = false;
        return 0;
    }
    std::int64_t svarint() { return unzigzag(varint()); }
};

// The framing every block shares: version, count (≤ kSessionBlockMax) and a CRC-32 over
// the rest. On success `r` covers the columns and `*n` is the count.
bool openBlock(const unsigned char *data, std::size_t size, unsigned char version, Reader *r, std::size_t *n)
{
    if (!data || size < 6 || data[0] != version)
        return false;
    const unsigned char *crcAt = data + size - 4;
    const std::uint32_t stored = std::uint32_t(crcAt[0]) | std::uint32_t(crcAt[1]) << 8 | std::uint32_t(crcAt[2]) << 16
                                 | std::uint32_t(crcAt[3]) << 24;
    if (crc32(data, size - 4) != stored)
        return false;
    *r = Reader{data + 1, crcAt};
    const std::uint64_t count = r->varint();
    if (!r->ok || count == 0 || count > kSessionBlockMax)
        return false;
    *n = std::size_t(count);
    return true;
}

TimeNs endOf(const PythonRangeRecord &r) { return saturatingEnd(r.start, r.duration); }

} // namespace

void encodeCounterBlock(const CounterRecord *const *recs, std::size_t n, std::vector<unsigned char> *out)
{
    out->clear();
    out->reserve(16 + n * 6);
    out->push_back(kCounterBlockVersion);
    Writer w{*out};
    w.varint(n);
    for (std::size_t i = 0; i < n; ++i)
        w.varint(recs[i]->track);
    for (std::size_t i = 0; i < n; ++i)
        w.varint(recs[i]->unit);
    TimeNs prev = 0;
    for (std::size_t i = 0; i < n; ++i) {
        w.svarint(wrapDelta(recs[i]->ts, prev));
        prev = recs[i]->ts;
    }
    std::uint64_t last = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const std::uint64_t b = doubleBits(recs[i]->value);
        // XOR with the previous sample, byte-swapped so equal sign, exponent and high
        // mantissa (the usual case for a series) leave only small numbers.
        w.varint(__builtin_bswap64(b ^ last));
        last = b;
    }
    w.finish();
}

bool decodeCounterBlock(const unsigned char *data, std::size_t size, std::uint16_t device, StrId name,
                        std::vector<CounterRecord> *out)
{
    Reader r{nullptr, nullptr};
    std::size_t n = 0;
    if (!openBlock(data, size, kCounterBlockVersion, &r, &n))
        return false;
    const std::size_t base = out->size();
    out->resize(base + n);
    CounterRecord *o = out->data() + base;
    for (std::size_t i = 0; i < n; ++i) {
        o[i].device = device;
        o[i].name = name;
        o[i].track = StrId(r.varint());
    }
    for (std::size_t i = 0; i < n; ++i)
        o[i].unit = StrId(r.varint());
    TimeNs prev = 0;
    for (std::size_t i = 0; i < n; ++i)
        o[i].ts = prev = wrapAdd(prev, r.svarint());
    std::uint64_t last = 0;
    for (std::size_t i = 0; i < n; ++i) {
        last ^= __builtin_bswap64(r.varint());
        o[i].value = bitsDouble(last);
    }
    if (!r.ok || r.p != r.end) {
        out->resize(base);
        return false;
    }
    return true;
}

void encodePythonRangeBlock(const PythonRangeRecord *const *recs, std::size_t n, std::vector<unsigned char> *out)
{
    out->clear();
    out->reserve(16 + n * 16);
    out->push_back(kPythonRangeBlockVersion);
    Writer w{*out};
    w.varint(n);
    for (std::size_t i = 0; i < n; ++i)
        w.varint(recs[i]->pid);
    for (std::size_t i = 0; i < n; ++i)
        w.varint(recs[i]->tid);
    for (std::size_t i = 0; i < n; ++i)
        w.varint(recs[i]->name);
    for (std::size_t i = 0; i < n; ++i)
        w.varint(recs[i]->category);
    TimeNs prev = 0;
    for (std::size_t i = 0; i < n; ++i) {
        w.svarint(wrapDelta(recs[i]->start, prev));
        prev = recs[i]->start;
    }
    for (std::size_t i = 0; i < n; ++i)
        w.svarint(recs[i]->duration);
    for (std::size_t i = 0; i < n; ++i)
        w.varint(recs[i]->callStack);
    for (std::size_t i = 0; i < n; ++i)
        w.varint(recs[i]->inputShapes);
    for (std::size_t i = 0; i < n; ++i)
        w.varint(recs[i]->inputTypes);
    for (std::size_t i = 0; i < n; ++i)
        w.svarint(recs[i]->sequence);
    for (std::size_t i = 0; i < n; ++i)
        w.varint(recs[i]->fwdThread);
    for (std::size_t i = 0; i < n; ++i)
        w.varint(recs[i]->correlation);
    w.finish();
}

bool decodePythonRangeBlock(const unsigned char *data, std::size_t size, std::uint16_t device,
                            std::vector<PythonRangeRecord> *out)
{
    Reader r{nullptr, nullptr};
    std::size_t n = 0;
    if (!openBlock(data, size, kPythonRangeBlockVersion, &r, &n))
        return false;
    const std::size_t base = out->size();
    out->resize(base + n);
    PythonRangeRecord *o = out->data() + base;
    for (std::size_t i = 0; i < n; ++i) {
        o[i].device = device;
        o[i].pid = std::uint32_t(r.varint());
    }
    for (std::size_t i = 0; i < n; ++i)
        o[i].tid = std::uint32_t(r.varint());
    for (std::size_t i = 0; i < n; ++i)
        o[i].name = StrId(r.varint());
    for (std::size_t i = 0; i < n; ++i)
        o[i].category = StrId(r.varint());
    TimeNs prev = 0;
    for (std::size_t i = 0; i < n; ++i)
        o[i].start = prev = wrapAdd(prev, r.svarint());
    for (std::size_t i = 0; i < n; ++i)
        o[i].duration = r.svarint();
    for (std::size_t i = 0; i < n; ++i)
        o[i].callStack = StrId(r.varint());
    for (std::size_t i = 0; i < n; ++i)
        o[i].inputShapes = StrId(r.varint());
    for (std::size_t i = 0; i < n; ++i)
        o[i].inputTypes = StrId(r.varint());
    for (std::size_t i = 0; i < n; ++i)
        o[i].sequence = r.svarint();
    for (std::size_t i = 0; i < n; ++i)
        o[i].fwdThread = r.varint();
    for (std::size_t i = 0; i < n; ++i)
        o[i].correlation = r.varint();
    if (!r.ok || r.p != r.end) {
        out->resize(base);
        return false;
    }
    return true;
}

// ---- writing ----

namespace {

using CounterKey = std::pair<std::uint16_t, StrId>; // device, series name

CounterKey counterKey(const CounterRecord &c) { return {c.device, c.name}; }
std::uint16_t pythonKey(const PythonRangeRecord &r) { return r.device; }

int insertCounterBlock(sqlite3_stmt *ins, std::int64_t session, const CounterKey &k, const CounterRecord *const *recs,
                       std::size_t n, std::vector<unsigned char> *buf)
{
    encodeCounterBlock(recs, n, buf);
    TimeNs lo = recs[0]->ts, hi = recs[0]->ts;
    for (std::size_t i = 1; i < n; ++i) {
        lo = std::min(lo, recs[i]->ts);
        hi = std::max(hi, recs[i]->ts);
    }
    sqlite3_bind_int64(ins, 1, session);
    sqlite3_bind_int64(ins, 2, k.first);
    sqlite3_bind_int64(ins, 3, k.second);
    sqlite3_bind_int64(ins, 4, lo);
    sqlite3_bind_int64(ins, 5, hi);
    sqlite3_bind_int64(ins, 6, std::int64_t(n));
    sqlite3_bind_blob(ins, 7, buf->data(), int(buf->size()), SQLITE_STATIC);
    return stepBlockInsert(ins);
}

int insertPythonRangeBlock(sqlite3_stmt *ins, std::int64_t session, std::uint16_t device,
                           const PythonRangeRecord *const *recs, std::size_t n, std::vector<unsigned char> *buf)
{
    encodePythonRangeBlock(recs, n, buf);
    TimeNs first = recs[0]->start, lastStart = recs[0]->start, lastEnd = endOf(*recs[0]);
    for (std::size_t i = 1; i < n; ++i) {
        first = std::min(first, recs[i]->start);
        lastStart = std::max(lastStart, recs[i]->start);
        lastEnd = std::max(lastEnd, endOf(*recs[i]));
    }
    sqlite3_bind_int64(ins, 1, session);
    sqlite3_bind_int64(ins, 2, device);
    sqlite3_bind_int64(ins, 3, first);
    sqlite3_bind_int64(ins, 4, lastStart);
    sqlite3_bind_int64(ins, 5, lastEnd);
    sqlite3_bind_int64(ins, 6, std::int64_t(n));
    sqlite3_bind_blob(ins, 7, buf->data(), int(buf->size()), SQLITE_STATIC);
    return stepBlockInsert(ins);
}

} // namespace

int writeCounterBlocks(sqlite3_stmt *insert, std::int64_t session, const std::vector<CounterRecord> &records)
{
    if (records.empty())
        return SQLITE_OK;
    std::vector<unsigned char> buf;
    return insertGrouped(records, kSessionBlockMax, counterKey,
                         [&](const CounterKey &k, const CounterRecord *const *g, std::size_t n) {
                             return insertCounterBlock(insert, session, k, g, n, &buf);
                         });
}

int writePythonRangeBlocks(sqlite3_stmt *insert, std::int64_t session, const std::vector<PythonRangeRecord> &records)
{
    if (records.empty())
        return SQLITE_OK;
    std::vector<unsigned char> buf;
    return insertGrouped(records, kSessionBlockMax, pythonKey,
                         [&](std::uint16_t device, const PythonRangeRecord *const *g, std::size_t n) {
                             return insertPythonRangeBlock(insert, session, device, g, n, &buf);
                         });
}

// ---- reading ----

namespace {

// Merges the blocks of one group (rows of `s`, ordered by the group, then the block's
// first time, then id) into time order, ties in recorded order (block id, place). A block
// is decoded when the merge reaches its first time, so memory holds only the blocks whose
// times overlap. `group(s)` names a row's group, `first(s)` its first time, decode(s, out)
// appends its records (false: damaged); fn gets each record, false stops.
template<typename Rec, typename Group, typename First, typename Decode, typename Time, typename Fn>
int mergeBlocks(sqlite3_stmt *s, Group group, First first, Decode decode, Time timeOf, const Fn &fn)
{
    struct Open {
        std::int64_t id;
        std::vector<Rec> recs;
        std::size_t at = 0;
    };
    std::vector<Open> open; // a heap: front() holds the earliest open record
    auto later = [&](const Open &a, const Open &b) {
        const TimeNs ta = timeOf(a.recs[a.at]), tb = timeOf(b.recs[b.at]);
        return ta != tb ? ta > tb : a.id > b.id;
    };
    int rc = sqlite3_step(s);
    bool have = rc == SQLITE_ROW; // `s` holds a block row not yet decoded
    while (have) {
        const std::int64_t g = group(s);
        for (;;) {
            // Decode every block of the group that starts no later than the earliest
            // record still open (the next one when none is open).
            while (have && group(s) == g
                   && (open.empty() || first(s) <= timeOf(open.front().recs[open.front().at]))) {
                Open o;
                o.id = sqlite3_column_int64(s, 0);
                if (!decode(s, &o.recs))
                    return SQLITE_CORRUPT;
                // Within a block by time; equal times keep their recorded order.
                std::stable_sort(o.recs.begin(), o.recs.end(),
                                 [&](const Rec &a, const Rec &b) { return timeOf(a) < timeOf(b); });
                if (!o.recs.empty()) {
                    open.push_back(std::move(o));
                    std::push_heap(open.begin(), open.end(), later);
                }
                rc = sqlite3_step(s);
                have = rc == SQLITE_ROW;
                if (!have && rc != SQLITE_DONE)
                    return rc;
            }
            if (open.empty())
                break; // the group is done
            std::pop_heap(open.begin(), open.end(), later);
            Open &top = open.back();
            if (!fn(top.recs[top.at]))
                return SQLITE_OK;
            if (++top.at < top.recs.size())
                std::push_heap(open.begin(), open.end(), later);
            else
                open.pop_back();
        }
    }
    return rc == SQLITE_ROW || rc == SQLITE_DONE ? SQLITE_OK : rc;
}

bool blobOf(sqlite3_stmt *s, int col, const unsigned char **data, std::size_t *size)
{
    *data = static_cast<const unsigned char *>(sqlite3_column_blob(s, col));
    const int n = sqlite3_column_bytes(s, col);
    *size = n > 0 ? std::size_t(n) : 0;
    return *data && n > 0;
}

} // namespace

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
    Stmt s;
    int rc = db.prepare("SELECT id, first_start, data FROM python_range_blocks WHERE session = ?1 AND device = ?2 "
                        "ORDER BY first_start, id",
                        &s);
    if (rc != SQLITE_OK)
        return rc;
    sqlite3_bind_int64(s.get(), 1, session);
    sqlite3_bind_int64(s.get(), 2, device);
    return mergeBlocks<PythonRangeRecord>(
        s.get(), [](sqlite3_stmt *) { return std::int64_t(0); },
        [](sqlite3_stmt *q) { return TimeNs(sqlite3_column_int64(q, 1)); },
        [device](sqlite3_stmt *q, std::vector<PythonRangeRecord> *out) {
            const unsigned char *data = nullptr;
            std::size_t size = 0;
            return blobOf(q, 2, &data, &size) && decodePythonRangeBlock(data, size, device, out);
        },
        [](const PythonRangeRecord &r) { return r.start; }, fn);
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

class CounterRows final : public BlockRows {
public:
    bool load(sqlite3_stmt *blocks) override
    {
        // Columns: id, session, device, name, data.
        rows_.clear();
        const unsigned char *data = nullptr;
        std::size_t size = 0;
        return blobOf(blocks, 4, &data, &size)
               && decodeCounterBlock(data, size, std::uint16_t(sqlite3_column_int64(blocks, 2)),
                                     StrId(sqlite3_column_int64(blocks, 3)), &rows_);
    }
    std::size_t size() const override { return rows_.size(); }
    void column(sqlite3_context *ctx, std::int64_t session, std::int64_t, std::size_t at, int col) const override
    {
        const CounterRecord &c = rows_[at];
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

private:
    std::vector<CounterRecord> rows_;
};

enum PythonColumn {
    PSession, PDevice, PPid, PTid, PName, PCategory, PStart, PDuration, PCallStack, PInputShapes, PInputTypes,
    PSequence, PFwdThread, PCorrelation
};

class PythonRangeRows final : public BlockRows {
public:
    bool load(sqlite3_stmt *blocks) override
    {
        // Columns: id, session, device, data.
        rows_.clear();
        const unsigned char *data = nullptr;
        std::size_t size = 0;
        return blobOf(blocks, 3, &data, &size)
               && decodePythonRangeBlock(data, size, std::uint16_t(sqlite3_column_int64(blocks, 2)), &rows_);
    }
    std::size_t size() const override { return rows_.size(); }
    void column(sqlite3_context *ctx, std::int64_t session, std::int64_t, std::size_t at, int col) const override
    {
        const PythonRangeRecord &r = rows_[at];
        std::int64_t v = 0;
        switch (col) {
        case PSession: v = session; break;
        case PDevice: v = r.device; break;
        case PPid: v = r.pid; break;
        case PTid: v = r.tid; break;
        case PName: v = r.name; break;
        case PCategory: v = r.category; break;
        case PStart: v = r.start; break;
        case PDuration: v = r.duration; break;
        case PCallStack: v = r.callStack; break;
        case PInputShapes: v = r.inputShapes; break;
        case PInputTypes: v = r.inputTypes; break;
        case PSequence: v = r.sequence; break;
        case PFwdThread: v = std::int64_t(r.fwdThread); break;
        case PCorrelation: v = std::int64_t(r.correlation); break;
        default: sqlite3_result_null(ctx); return;
        }
        sqlite3_result_int64(ctx, v);
    }

private:
    std::vector<PythonRangeRecord> rows_;
};

} // namespace

const BlockTable &countersTable()
{
    static const BlockTable table{
        "counters", "counter_blocks", "device, name, data",
        {{"session", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "sessions.id this row belongs to")},
         {"device", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "physical device id (0..N-1)")},
         {"track", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "strings.id of the counter lane (AI Core Freq, HBM ...)")},
         {"name", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "strings.id of the series (HBM 0/Read ...)")},
         {"unit", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "strings.id of the unit the value is in (MHz, MB/s ...)")},
         {"ts", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "sample time (ns)")},
         {"value", "REAL", QT_TRANSLATE_NOOP("SqlSchema", "the value")}},
        {KSession, KDevice, KName},
        -1,
        [] { return std::unique_ptr<BlockRows>(new CounterRows); }};
    return table;
}

const BlockTable &pythonRangesTable()
{
    static const BlockTable table{
        "python_ranges", "python_range_blocks", "device, data",
        {{"session", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "sessions.id this row belongs to")},
         {"device", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "physical device id (0..N-1)")},
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
        [] { return std::unique_ptr<BlockRows>(new PythonRangeRows); }};
    return table;
}

} // namespace npuscope::store::detail
