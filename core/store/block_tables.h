#pragma once

// What the column-block kinds (hccl_blocks.h, task_blocks.h, session_blocks.h,
// host_blocks.h, op_blocks.h) share: grouping a batch's records by block key and writing
// the blocks (writeBlocks), a block's time span, and the read-only eponymous virtual
// table that shows a block table as plain rows in SQL (one row per record, rowid = block
// id × 65536 + the record's place in its block; equality on the key columns or the rowid
// reads only the matching blocks).

#include "core/model/records.h"
#include "core/store/block_codec.h" // compressBlock
#include "core/store/row_columns.h"
#include "core/store/sqlite_db.h"

#include <QtGlobal>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <future>
#include <limits>
#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace npuscope::store::detail {

inline std::int64_t blockRowId(std::int64_t block, std::size_t index) { return block * 65536 + std::int64_t(index); }

// start + duration, saturated: values from an imported or damaged file may be anything.
inline TimeNs saturatingEnd(TimeNs start, TimeNs duration)
{
    TimeNs e;
    return __builtin_add_overflow(start, duration, &e)
               ? (duration > 0 ? std::numeric_limits<TimeNs>::max() : std::numeric_limits<TimeNs>::min())
               : e;
}

// Steps a block insert and readies the statement for the next; SQLITE_OK when it inserted.
inline int stepBlockInsert(sqlite3_stmt *ins)
{
    const int rc = sqlite3_step(ins);
    sqlite3_reset(ins);
    sqlite3_clear_bindings(ins);
    return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

// A block's first and last value of the time member `Time` (a task attribute's start, an
// allocation's time).
template<auto Time, typename Rec>
std::array<TimeNs, 2> memberSpan(const Rec *const *recs, std::size_t n)
{
    TimeNs lo = recs[0]->*Time, hi = recs[0]->*Time;
    for (std::size_t i = 1; i < n; ++i) {
        lo = std::min(lo, recs[i]->*Time);
        hi = std::max(hi, recs[i]->*Time);
    }
    return {lo, hi};
}

// A block of instants (records with a `ts`): its first and last time.
template<typename Rec>
std::array<TimeNs, 2> instantSpan(const Rec *const *recs, std::size_t n)
{
    return memberSpan<&Rec::ts, Rec>(recs, n);
}

// A block of ranges (records with a `start` and `duration`): its first start, last start
// and last (saturated) end.
template<typename Rec>
std::array<TimeNs, 3> rangeSpan(const Rec *const *recs, std::size_t n)
{
    TimeNs first = recs[0]->start, lastStart = recs[0]->start;
    TimeNs lastEnd = saturatingEnd(recs[0]->start, recs[0]->duration);
    for (std::size_t i = 1; i < n; ++i) {
        first = std::min(first, recs[i]->start);
        lastStart = std::max(lastStart, recs[i]->start);
        lastEnd = std::max(lastEnd, saturatingEnd(recs[i]->start, recs[i]->duration));
    }
    return {first, lastStart, lastEnd};
}

template<typename Rec>
using BlockEncoder = void (*)(const Rec *const *, std::size_t, std::vector<unsigned char> *);

// What every block kind's writer does: groups `records` by key(record) (the map's order,
// recorded order within a group) into blocks of at most `max`, encodes and compresses each
// and inserts it through `insert`, whose parameters are the session, the key's parts (one
// integer, or a pair's or tuple's members in order), the times span(records, n) gives, the
// record count and the block.
// Encoding and compressing are most of a block's cost. For a large batch a helper thread
// takes blocks one by one, next to this thread, which inserts them in order as they become
// ready and encodes whichever block nobody has taken yet while it would otherwise wait: the
// inserts overlap the helper's encoding, and a helper held up on a busy core only means
// this thread encodes more. `alongside` (optional) is work independent of the blocks that
// the helper does before it takes any, or this thread first when no helper starts; it has
// finished when writeBlocks returns.
template<typename Rec, typename KeyFn, typename Span>
int writeBlocks(sqlite3_stmt *insert, std::int64_t session, const std::vector<Rec> &records, std::size_t max, KeyFn key,
                std::type_identity_t<BlockEncoder<Rec>> encode, Span span, const std::function<void()> &alongside = {})
{
    using K = std::decay_t<decltype(key(records.front()))>;
    struct Block {
        K key;
        const Rec *const *recs;
        std::size_t n;
        std::vector<unsigned char> bytes;
        std::size_t raw = 0;
    };
    std::map<K, std::vector<const Rec *>> groups;
    for (const Rec &r : records)
        groups[key(r)].push_back(&r);
    std::vector<Block> blocks;
    for (const auto &g : groups)
        for (std::size_t at = 0; at < g.second.size(); at += max)
            blocks.push_back({g.first, g.second.data() + at, std::min(max, g.second.size() - at), {}});
    std::atomic<std::size_t> next{0};
    // Per block: 0 while being encoded, kReady once its bytes are final, kFailed when the
    // helper threw on it (get() then rethrows), so that this thread never waits for a block
    // nobody will finish.
    constexpr int kReady = 1, kFailed = 2;
    std::vector<std::atomic<int>> ready(blocks.size());
    auto encodeOne = [&](std::size_t i) {
        Block &b = blocks[i];
        encode(b.recs, b.n, &b.bytes);
        b.raw = b.bytes.size();
        compressBlock(&b.bytes);
    };
    auto helper = [&] {
        if (alongside)
            alongside();
        for (std::size_t i; (i = next.fetch_add(1, std::memory_order_relaxed)) < blocks.size();) {
            int state = kFailed;
            try {
                encodeOne(i);
                state = kReady;
            } catch (...) {
                ready[i].store(state, std::memory_order_release);
                ready[i].notify_one();
                throw;
            }
            ready[i].store(state, std::memory_order_release);
            ready[i].notify_one();
        }
    };
    constexpr std::size_t kTwoThreads = 512; // records; below it a thread costs more than it saves
    // Declared after what the helper uses, so that an exception here still joins it (the
    // future of std::async waits in its destructor) before those go. Deferred when no
    // thread can start: then this thread encodes every block and get() only runs
    // `alongside`.
    std::future<void> second;
    if (blocks.size() >= 2 && records.size() >= kTwoThreads)
        second = std::async(std::launch::async | std::launch::deferred, helper);
    else if (alongside)
        alongside();
    int rc = SQLITE_OK;
    for (std::size_t i = 0; i < blocks.size() && rc == SQLITE_OK; ++i) {
        int state;
        while ((state = ready[i].load(std::memory_order_acquire)) == 0) {
            if (const std::size_t j = next.fetch_add(1, std::memory_order_relaxed); j < blocks.size()) {
                encodeOne(j);
                ready[j].store(kReady, std::memory_order_relaxed); // read only by this thread
            } else {
                ready[i].wait(0, std::memory_order_acquire); // the helper is encoding it
            }
        }
        if (state == kFailed)
            break;
        const Block &b = blocks[i];
        noteBlockBytes(b.raw, b.bytes.size());
        int col = 1;
        sqlite3_bind_int64(insert, col++, session);
        if constexpr (std::is_integral_v<K>)
            sqlite3_bind_int64(insert, col++, b.key);
        else
            std::apply([&](const auto &...part) { (sqlite3_bind_int64(insert, col++, part), ...); }, b.key);
        for (const TimeNs t : span(b.recs, b.n))
            sqlite3_bind_int64(insert, col++, t);
        sqlite3_bind_int64(insert, col++, std::int64_t(b.n));
        sqlite3_bind_blob(insert, col, b.bytes.data(), int(b.bytes.size()), SQLITE_STATIC);
        rc = stepBlockInsert(insert);
    }
    next.store(blocks.size(), std::memory_order_relaxed); // after a failed insert: no more to encode
    if (second.valid())
        second.get();
    return rc;
}

// A migration's row as the record it holds: the session in column 0, then Cols' members
// (the columns of the kind's plain-row table, DecodedRows).
template<class Cols, class Rec>
Rec readAfterSession(sqlite3_stmt *s)
{
    return Cols::template read<Rec>(s, 1);
}

// A migration step from a row table to blocks: the rows of `select` (the session first,
// then what read(stmt) makes a record of), ordered by session, block key and rowid, handed
// run by run of one (session, key) to write(insert, session, records), which inserts the
// blocks through the prepared `insert`. Inside the caller's transaction.
template<typename Rec, typename Read, typename KeyFn, typename Write>
int rowsToBlocks(const Db &db, const char *select, const char *insert, Read read, KeyFn key, Write write)
{
    Stmt sel, ins;
    int rc = db.prepare(select, &sel);
    if (rc != SQLITE_OK || (rc = db.prepare(insert, &ins)) != SQLITE_OK)
        return rc;
    std::vector<Rec> run;
    std::int64_t runSession = 0;
    sqlite3_stmt *s = sel.get();
    while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
        const std::int64_t session = sqlite3_column_int64(s, 0);
        Rec r = read(s);
        if (!run.empty() && (session != runSession || key(run.front()) != key(r))) {
            if ((rc = write(ins.get(), runSession, run)) != SQLITE_OK)
                return rc;
            run.clear();
        }
        runSession = session;
        run.push_back(std::move(r));
    }
    if (rc != SQLITE_DONE)
        return rc;
    return run.empty() ? SQLITE_OK : write(ins.get(), runSession, run);
}

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

inline bool blobOf(sqlite3_stmt *s, int col, const unsigned char **data, std::size_t *size)
{
    *data = static_cast<const unsigned char *>(sqlite3_column_blob(s, col));
    const int n = sqlite3_column_bytes(s, col);
    *size = n > 0 ? std::size_t(n) : 0;
    return *data && n > 0;
}

// Decodes the block of the current row of `blocks`, whose columns are id, session, the
// block's key (one column for each of Key, e.g. device and stream) and data:
// Decode(data, size, key..., out), the kind's block decoder. False: the block is damaged.
template<typename Rec, auto Decode, typename... Key>
bool loadKeyedBlock(sqlite3_stmt *blocks, std::vector<Rec> *out)
{
    const unsigned char *data = nullptr;
    std::size_t size = 0;
    if (!blobOf(blocks, 2 + int(sizeof...(Key)), &data, &size))
        return false;
    // Key part I is in column 2 + I.
    return [&]<std::size_t... I>(std::index_sequence<I...>) {
        return Decode(data, size, Key(sqlite3_column_int64(blocks, 2 + int(I)))..., out);
    }(std::index_sequence_for<Key...>{});
}

// mergeBlocks over one device's blocks of a kind keyed by device, or by device and a Group
// (a counter's series name, a task attribute's stream). `sql` selects id, the group when
// there is one, the first time and data, with ?1 = session and ?2 = device, ordered by the
// group, the first time, then id; decode(data, size, device, group..., out) is the kind's
// block decoder, timeOf a record's time.
template<typename Rec, typename... Group, typename Decode, typename Time, typename Fn>
int mergeDeviceBlocks(const Db &db, const char *sql, std::int64_t session, std::uint16_t device, Decode decode,
                      Time timeOf, const Fn &fn)
{
    static_assert(sizeof...(Group) <= 1, "a block kind has at most one key column besides the device");
    constexpr int g = int(sizeof...(Group)); // the columns before the first time
    Stmt s;
    const int rc = db.prepare(sql, &s);
    if (rc != SQLITE_OK)
        return rc;
    sqlite3_bind_int64(s.get(), 1, session);
    sqlite3_bind_int64(s.get(), 2, device);
    return mergeBlocks<Rec>(
        s.get(), [](sqlite3_stmt *q) { return g ? sqlite3_column_int64(q, 1) : std::int64_t(0); },
        [](sqlite3_stmt *q) { return TimeNs(sqlite3_column_int64(q, 1 + g)); },
        [&](sqlite3_stmt *q, std::vector<Rec> *out) {
            const unsigned char *data = nullptr;
            std::size_t size = 0;
            return blobOf(q, 2 + g, &data, &size) && decode(data, size, device, Group(sqlite3_column_int64(q, 1))..., out);
        },
        timeOf, fn);
}

// A column of a plain-row table: its name and SQL type as the console declares and
// documents them (doc is a QT_TRANSLATE_NOOP("SqlSchema", …) text).
struct RecordColumn {
    const char *name, *sqlType, *doc;
};

// The decoded records of one block, as a virtual table's cursor sees them.
class BlockRows {
public:
    virtual ~BlockRows() = default;
    // Decodes the block of the current row of `blocks` (its columns: id, session, then the
    // table's blockColumns). False: the block is damaged.
    virtual bool load(sqlite3_stmt *blocks) = 0;
    virtual std::size_t size() const = 0;
    // The place in the block of row `at` (rows may skip records, e.g. tasks without PMU values).
    virtual std::size_t place(std::size_t at) const { return at; }
    virtual void column(sqlite3_context *ctx, std::int64_t session, std::int64_t rowid, std::size_t at, int col) const = 0;
};

// Block rows that are a block's records as decoded: load(blocks, out) decodes the block of
// the current row of `blocks` (false: damaged). The table's columns are the session, then
// Cols' members (row_columns.h): the list the kind's migration reads its old rows with
// (readAfterSession). What the record kinds' tables share (hccl_blocks, session_blocks,
// host_blocks, op_blocks).
template<typename Rec, bool (*Load)(sqlite3_stmt *, std::vector<Rec> *), class Cols>
class DecodedRows final : public BlockRows {
public:
    static std::unique_ptr<BlockRows> make() { return std::unique_ptr<BlockRows>(new DecodedRows); }
    bool load(sqlite3_stmt *blocks) override
    {
        rows_.clear();
        return Load(blocks, &rows_);
    }
    std::size_t size() const override { return rows_.size(); }
    void column(sqlite3_context *ctx, std::int64_t session, std::int64_t, std::size_t at, int col) const override
    {
        if (col == 0)
            sqlite3_result_int64(ctx, session);
        else
            Cols::result(ctx, col - 1, rows_[at]);
    }

private:
    std::vector<Rec> rows_;
};

// The columns every record kind's table starts with, worded once.
inline const RecordColumn kSessionColumn{"session", "INTEGER",
                                         QT_TRANSLATE_NOOP("SqlSchema", "sessions.id this row belongs to")};
inline const RecordColumn kDeviceColumn{"device", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "physical device id (0..N-1)")};

// A plain-row virtual table over a block table.
struct BlockTable {
    const char *name;          // the eponymous virtual table, e.g. "tasks"
    const char *blockTable;    // e.g. "task_blocks"
    const char *blockColumns;  // selected after "id, session", e.g. "device, model, iteration, stream, data"
    std::vector<RecordColumn> columns;
    // Virtual-table columns whose equality is pushed to the block table's column of the
    // same name (the block's key: every record of the block has the block's value).
    std::vector<int> keyColumns;
    int idColumn = -1;          // a column that equals the rowid (tasks.id, task_pmu.task), or -1
    std::unique_ptr<BlockRows> (*rows)() = nullptr;
};

// Registers `table` (which must outlive the connection) as an eponymous virtual table.
int registerBlockTable(sqlite3 *db, const BlockTable *table);

// The plain-row tables of every block kind (hccl_tasks, tasks, task_pmu) on a connection
// to a current project; the SQL console and tests reading the file with plain SQL use it.
int registerRecordTables(sqlite3 *db);

} // namespace npuscope::store::detail
