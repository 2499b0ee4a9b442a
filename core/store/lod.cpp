#include "core/store/lod_internal.h"
#include "core/store/block_codec.h"
#include "core/store/sqlite_db.h"
#include "core/store/schema.h"
#include "core/store/task_blocks.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QFile>
#include <QDir>
#include <QFileInfo>
#include <QtEndian>

#include <algorithm>
#include <cstring>
#include <limits>
#include <map>
#include <unordered_map>

namespace npuscope::store {

using detail::Db;
using detail::Stmt;
using namespace lodinternal;

namespace {

struct Builder {
    std::uint64_t tasks = 0;
    std::vector<LodBucket> buckets;
    std::vector<TimeNs> longest; // duration of the task that gave the bucket its keys
};


// Widens [*origin, *last] by the rows of each key (bound as ?2, ?3, …; the session as ?1):
// lo yields the key's earliest time, hi its latest end(s). One index seek per key.
bool spanByKey(sqlite3 *db, const char *loSql, const char *hiSql, std::int64_t sessionId,
               const std::vector<std::vector<std::int64_t>> &keys, TimeNs *origin, TimeNs *last)
{
    sqlite3_stmt *lo = nullptr, *hi = nullptr;
    if (sqlite3_prepare_v2(db, loSql, -1, &lo, nullptr) != SQLITE_OK
        || sqlite3_prepare_v2(db, hiSql, -1, &hi, nullptr) != SQLITE_OK) {
        sqlite3_finalize(lo);
        return false;
    }
    int rc = SQLITE_DONE;
    for (const auto &key : keys) {
        for (sqlite3_stmt *st : {lo, hi}) {
            sqlite3_reset(st);
            sqlite3_bind_int64(st, 1, sessionId);
            for (std::size_t i = 0; i < key.size(); ++i)
                sqlite3_bind_int64(st, int(i) + 2, key[i]);
        }
        rc = sqlite3_step(lo);
        if (rc == SQLITE_ROW && sqlite3_column_type(lo, 0) != SQLITE_NULL)
            *origin = std::min(*origin, TimeNs(sqlite3_column_int64(lo, 0)));
        if (rc != SQLITE_ROW && rc != SQLITE_DONE)
            break;
        while ((rc = sqlite3_step(hi)) == SQLITE_ROW)
            if (sqlite3_column_type(hi, 0) != SQLITE_NULL)
                *last = std::max(*last, TimeNs(sqlite3_column_int64(hi, 0)));
        if (rc != SQLITE_DONE)
            break;
    }
    sqlite3_finalize(lo);
    sqlite3_finalize(hi);
    return rc == SQLITE_DONE;
}

// The session's device ids, each as a one-column key for spanByKey.
bool eachDevice(sqlite3 *db, std::int64_t sessionId, std::vector<std::vector<std::int64_t>> *out)
{
    return detail::eachRow(db, "SELECT id FROM devices WHERE session = ?1", sessionId, -1, [&](sqlite3_stmt *s) {
               out->push_back({sqlite3_column_int64(s, 0)});
               return true;
           }) == SQLITE_OK;
}

} // namespace

bool lodinternal::measure(sqlite3 *db, std::int64_t sessionId, LaneKeys *lanesOut, TimeNs *originOut, TimeNs *lastOut)
{
    // Lanes by skip-scanning the (session, device, stream, start) index: one seek per lane
    // instead of reading millions of index entries.
    LaneKeys lanes;
    {
        sqlite3_stmt *s = nullptr;
        if (sqlite3_prepare_v2(db,
                               "SELECT device, stream FROM task_blocks WHERE session = ?1 AND (device, stream) > (?2, ?3) "
                               "ORDER BY device, stream LIMIT 1", -1, &s, nullptr) != SQLITE_OK)
            return false;
        std::int64_t dev = -1, stream = -1;
        for (;;) {
            sqlite3_bind_int64(s, 1, sessionId);
            sqlite3_bind_int64(s, 2, dev);
            sqlite3_bind_int64(s, 3, stream);
            const int rc = sqlite3_step(s);
            if (rc != SQLITE_ROW) {
                sqlite3_finalize(s);
                if (rc != SQLITE_DONE)
                    return false;
                break;
            }
            dev = sqlite3_column_int64(s, 0);
            stream = sqlite3_column_int64(s, 1);
            lanes.emplace_back(std::uint16_t(dev), std::uint32_t(stream));
            sqlite3_reset(s);
        }
    }

    // Session span over every record kind (host ranges may start before the first task).
    TimeNs origin = kNone, last = std::numeric_limits<TimeNs>::min();
    int rc = SQLITE_OK;
    {
        std::vector<std::vector<std::int64_t>> keys;
        for (const auto &[dev, stream] : lanes)
            keys.push_back({dev, stream});
        // Per lane from the block rows (task_blocks_by_stream): the first block's start, and
        // the latest end of the last 64 blocks by start.
        if (!spanByKey(db, "SELECT MIN(first_start) FROM task_blocks WHERE session = ?1 AND device = ?2 AND stream = ?3",
                       "SELECT last_end FROM task_blocks WHERE session = ?1 AND device = ?2 AND stream = ?3 "
                       "ORDER BY first_start DESC LIMIT 64",
                       sessionId, keys, &origin, &last))
            return false;
    }
    struct { const char *lo; const char *hi; } others[] = {
        {"SELECT MIN(first_start) FROM host_range_blocks WHERE session = ?1", "SELECT MAX(last_end) FROM host_range_blocks WHERE session = ?1"},
        {"SELECT MIN(start) FROM collectives WHERE session = ?1", "SELECT MAX(start + duration) FROM collectives WHERE session = ?1"},
        {"SELECT MIN(first_start) FROM hccl_blocks WHERE session = ?1", "SELECT MAX(last_end) FROM hccl_blocks WHERE session = ?1"},
        {"SELECT MIN(timestamp) FROM aicpu WHERE session = ?1", "SELECT MAX(timestamp + total_time) FROM aicpu WHERE session = ?1"},
        {"SELECT MIN(fp_start) FROM step_traces WHERE session = ?1", "SELECT MAX(iteration_end) FROM step_traces WHERE session = ?1"},
        {"SELECT MIN(previous_iteration_end) FROM step_traces WHERE session = ?1 AND previous_iteration_end >= 0", nullptr},
    };
    for (const auto &o : others) {
        origin = std::min(origin, scalarFor(db, o.lo, sessionId, kNone, &rc));
        if (rc != SQLITE_OK)
            return false;
        if (o.hi) {
            last = std::max(last, scalarFor(db, o.hi, sessionId, std::numeric_limits<TimeNs>::min(), &rc));
            if (rc != SQLITE_OK)
                return false;
        }
    }
    // The framework's host lane and the memory records (a torch_npu capture's ProfilerStep
    // and allocator begin before the first device task): per device, so each is one seek
    // in its (session, device, time) index.
    {
        std::vector<std::vector<std::int64_t>> devices;
        if (!eachDevice(db, sessionId, &devices)
            || !spanByKey(db, "SELECT MIN(first_start) FROM python_range_blocks WHERE session = ?1 AND device = ?2",
                          "SELECT MAX(last_end) FROM python_range_blocks WHERE session = ?1 AND device = ?2",
                          sessionId, devices, &origin, &last)
            || !spanByKey(db, "SELECT MIN(first_ts) FROM memory_blocks WHERE session = ?1 AND device = ?2",
                          "SELECT MAX(last_ts) FROM memory_blocks WHERE session = ?1 AND device = ?2", sessionId, devices,
                          &origin, &last))
            return false;
    }
    *lanesOut = std::move(lanes);
    *originOut = origin == kNone ? kNone : drawable(origin);
    *lastOut = drawable(last);
    return true;
}


namespace {

using LaneMap = std::map<std::pair<std::uint16_t, std::uint32_t>, Builder>;

// The tasks of the session, in storage order, into `buckets` buckets of bucketNs from
// origin per lane (tasks outside are clamped to the first / last bucket).
bool scanBuckets(sqlite3 *db, std::int64_t sessionId, const LaneKeys &lanes, TimeNs origin, TimeNs bucketNs, int buckets,
                 LaneMap *builders)
{
    // op id → op type
    std::unordered_map<std::uint32_t, StrId> opType;
    if (detail::eachRow(db, "SELECT id, op_type FROM ops WHERE session = ?1", sessionId, -1, [&](sqlite3_stmt *s) {
            opType[std::uint32_t(sqlite3_column_int64(s, 0))] = StrId(sqlite3_column_int64(s, 1));
            return true;
        }) != SQLITE_OK)
        return false;
    auto prepare = [buckets](Builder &b) {
        if (b.buckets.empty()) { // a lane not in the listing (cannot happen with one writer)
            b.buckets.resize(std::size_t(buckets));
            b.longest.assign(std::size_t(buckets), -1);
        }
    };
    for (const auto &l : lanes)
        prepare((*builders)[l]);
    // The blocks in storage order: a sequential read, no index, no sort.
    sqlite3_stmt *s = nullptr;
    if (sqlite3_prepare_v2(db, "SELECT " NPUSCOPE_TASK_BLOCK_COLUMNS " FROM task_blocks NOT INDEXED WHERE session = ?1",
                           -1, &s, nullptr) != SQLITE_OK)
        return false;
    sqlite3_bind_int64(s, 1, sessionId);
    std::pair<std::uint16_t, std::uint32_t> lastKey{0xffff, 0xffffffffu};
    Builder *b = nullptr;
    std::vector<TaskRecord> block;
    int step;
    while ((step = sqlite3_step(s)) == SQLITE_ROW) {
        block.clear();
        if (!detail::readTaskBlock(s, 0, &block, detail::PmuValues::Skip)) {
            step = SQLITE_CORRUPT;
            break;
        }
        for (const TaskRecord &t : block) {
            const std::pair<std::uint16_t, std::uint32_t> key{t.device, t.streamId};
            if (key != lastKey) {
                lastKey = key;
                b = &(*builders)[key];
                prepare(*b);
            }
            const TimeNs st = drawable(t.start) - origin;
            const TimeNs dur = drawable(t.duration);
            const auto type = std::uint8_t(t.kind);
            const auto name = t.name;
            const auto op = t.opId;
            const auto ot = op ? opType.find(op) : opType.end();
            const StrId opT = ot == opType.end() ? 0 : ot->second;
            ++b->tasks;
            const TimeNs en = st + dur;
            const long long b0 = std::clamp<long long>(st / bucketNs, 0, buckets - 1);
            const long long b1 = std::clamp<long long>((dur > 0 ? en - 1 : en) / bucketNs, b0, buckets - 1);
            for (long long i = b0; i <= b1; ++i) {
                LodBucket &k = b->buckets[std::size_t(i)];
                ++k.count;
                const TimeNs bs = i * bucketNs, be = bs + bucketNs;
                const TimeNs inside = std::max<TimeNs>(0, std::min(en, be) - std::max(st, bs));
                k.busyNs = std::uint32_t(std::min<std::uint64_t>(0xffffffffu, std::uint64_t(k.busyNs) + std::uint64_t(inside)));
                if (dur > b->longest[std::size_t(i)]) {
                    b->longest[std::size_t(i)] = dur;
                    k.type = type;
                    k.opType = opT;
                    k.name = name;
                }
            }
        }
    }
    sqlite3_finalize(s);
    return step == SQLITE_DONE;
}

TimelineLod toLod(TimeNs origin, TimeNs extent, TimeNs bucketNs, LaneMap &&builders)
{
    TimelineLod lod;
    lod.origin = origin;
    lod.extent = extent;
    lod.bucketNs = bucketNs;
    for (auto &[key, b] : builders) {
        LodLane lane;
        lane.device = key.first;
        lane.stream = key.second;
        lane.tasks = b.tasks;
        lane.buckets = std::move(b.buckets);
        lod.lanes.push_back(std::move(lane));
    }
    return lod;
}

// Inside the caller's transaction.
bool storeLod(sqlite3 *db, std::int64_t sessionId, const TimelineLod &lod)
{
    sqlite3_stmt *del = nullptr, *insSession = nullptr, *insLane = nullptr;
    auto finalizeAll = [&] {
        sqlite3_finalize(del);
        sqlite3_finalize(insSession);
        sqlite3_finalize(insLane);
    };
    if (sqlite3_prepare_v2(db, "DELETE FROM timeline_lod WHERE session = ?1", -1, &del, nullptr) != SQLITE_OK
        || sqlite3_prepare_v2(db, "INSERT OR REPLACE INTO timeline_lod_sessions(session, origin, extent, bucket_ns, buckets) "
                                  "VALUES(?1,?2,?3,?4,?5)", -1, &insSession, nullptr) != SQLITE_OK
        || sqlite3_prepare_v2(db, "INSERT INTO timeline_lod(session, device, stream, tasks, data) VALUES(?1,?2,?3,?4,?5)",
                              -1, &insLane, nullptr) != SQLITE_OK) {
        finalizeAll();
        return false;
    }
    std::size_t buckets = 0;
    for (const LodLane &l : lod.lanes)
        buckets = std::max(buckets, l.buckets.size());
    sqlite3_bind_int64(del, 1, sessionId);
    bool ok = sqlite3_step(del) == SQLITE_DONE;
    sqlite3_bind_int64(insSession, 1, sessionId);
    sqlite3_bind_int64(insSession, 2, lod.origin);
    sqlite3_bind_int64(insSession, 3, lod.extent);
    sqlite3_bind_int64(insSession, 4, lod.bucketNs);
    sqlite3_bind_int64(insSession, 5, std::int64_t(buckets));
    ok = ok && sqlite3_step(insSession) == SQLITE_DONE;
    std::vector<unsigned char> blob;
    for (const LodLane &lane : lod.lanes) {
        if (!ok)
            break;
        const std::size_t plain = buckets * std::size_t(kBucketBytes);
        blob.assign(plain + 4, 0);
        unsigned char *p = blob.data();
        for (const LodBucket &k : lane.buckets) {
            qToLittleEndian<std::uint32_t>(k.count, p);
            qToLittleEndian<std::uint32_t>(k.busyNs, p + 4);
            p[8] = k.type;
            qToLittleEndian<std::uint32_t>(k.opType, p + 9);
            qToLittleEndian<std::uint32_t>(k.name, p + 13);
            p += kBucketBytes;
        }
        // Schema 12: the buckets, a CRC-32 of them, compressed where that is smaller (a lane's
        // 8 192 buckets took 139 KB raw, mostly repeats). The size tells the forms apart:
        // buckets × 17 bytes is an older raw summary, 4 more a raw one with its CRC.
        qToLittleEndian<std::uint32_t>(detail::crc32(blob.data(), plain), blob.data() + plain);
        detail::compressBlock(&blob);
        sqlite3_reset(insLane);
        sqlite3_bind_int64(insLane, 1, sessionId);
        sqlite3_bind_int64(insLane, 2, lane.device);
        sqlite3_bind_int64(insLane, 3, lane.stream);
        sqlite3_bind_int64(insLane, 4, std::int64_t(lane.tasks));
        sqlite3_bind_blob(insLane, 5, blob.data(), int(blob.size()), SQLITE_STATIC);
        ok = sqlite3_step(insLane) == SQLITE_DONE;
    }
    finalizeAll();
    return ok;
}

} // namespace

bool writeTimelineLod(sqlite3 *db, std::int64_t sessionId, QString *message)
{
    // Read, then store in one short transaction: the session's records no longer change
    // once its recording has ended (the writer calls this from end()).
    auto fail = [&](const QString &what) {
        if (message)
            *message = sqlMessage(db, what);
        return false;
    };
    LaneKeys lanes;
    TimeNs origin = kNone, last = 0;
    if (!measure(db, sessionId, &lanes, &origin, &last))
        return fail(Ctx::tr("Measuring the session"));
    if (origin == kNone) // nothing recorded: no summary, not an error
        return true;
    const TimeNs extent = std::max<TimeNs>(1, last - origin);
    const TimeNs bucketNs = std::max<TimeNs>(1, (extent + kLodBuckets - 1) / kLodBuckets);
    LaneMap builders;
    if (!scanBuckets(db, sessionId, lanes, origin, bucketNs, kLodBuckets, &builders))
        return fail(Ctx::tr("Reading the tasks"));
    return writeTimelineLod(db, sessionId, toLod(origin, extent, bucketNs, std::move(builders)), message);
}

bool writeTimelineLod(sqlite3 *db, std::int64_t sessionId, const TimelineLod &lod, QString *message)
{
    auto fail = [&](const QString &what) {
        if (message)
            *message = sqlMessage(db, what);
        if (!sqlite3_get_autocommit(db))
            sqlite3_exec(db, "ROLLBACK", nullptr, nullptr, nullptr);
        return false;
    };
    if (sqlite3_exec(db, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr) != SQLITE_OK)
        return fail(Ctx::tr("Starting the timeline summary"));
    if (sqlite3_exec(db, kTables, nullptr, nullptr, nullptr) != SQLITE_OK)
        return fail(Ctx::tr("Creating the timeline tables"));
    if (!storeLod(db, sessionId, lod))
        return fail(Ctx::tr("Writing the timeline summary"));
    if (sqlite3_exec(db, "COMMIT", nullptr, nullptr, nullptr) != SQLITE_OK)
        return fail(Ctx::tr("Writing the timeline summary"));
    return true;
}

bool scanTimelineLod(const QString &path, std::int64_t sessionId, TimeNs origin, TimeNs bucketNs, int buckets,
                     TimelineLod *out, QString *message)
{
    Db db;
    StoreError e;
    if (!detail::openProject(path, detail::OpenKind::ReadOnly, detail::DeepCheck::No, false, &db, &e, message))
        return false;
    LaneKeys lanes;
    TimeNs o = kNone, last = 0;
    LaneMap builders;
    origin = drawable(origin);
    bucketNs = std::clamp<TimeNs>(bucketNs, 1, kMaxTimeNs / std::max(1, buckets));
    if (!measure(db.get(), sessionId, &lanes, &o, &last)
        || !scanBuckets(db.get(), sessionId, lanes, origin, bucketNs, std::max(1, buckets), &builders)) {
        if (message)
            *message = sqlMessage(db.get(), Ctx::tr("Reading the tasks"));
        return false;
    }
    *out = toLod(origin, std::max<TimeNs>(1, last - origin), bucketNs, std::move(builders));
    return true;
}

bool writeTimelineLod(const QString &path, std::int64_t sessionId, QString *message)
{
    Db db;
    StoreError e;
    if (!detail::openProject(QFileInfo(path).absoluteFilePath(), detail::OpenKind::ReadWrite, detail::DeepCheck::No, false, &db, &e, message))
        return false;
    return writeTimelineLod(db.get(), sessionId, message);
}

// ---- LodAccumulator ----

struct LodAccumulator::Impl {
    // One fine bucket: enough to merge neighbours exactly (see lod.h).
    struct Fine {
        std::uint32_t starts = 0;    // tasks whose first bucket this is
        std::uint32_t touching = 0;  // tasks overlapping it (starts included)
        std::uint64_t busy = 0;
        TimeNs longest = -1;         // the longest touching task: duration, write order, keys
        std::uint64_t seq = 0;
        std::uint8_t type = 0;
        std::uint32_t op = 0;
        StrId name = 0;
    };
    struct Lane {
        std::uint64_t tasks = 0;
        std::vector<Fine> fine;      // kLodBuckets entries once the lane has a task
    };
    std::map<std::pair<std::uint16_t, std::uint32_t>, Lane> lanes;
    // The lane of the previous task (map nodes stay put): consecutive tasks mostly share one.
    std::pair<std::uint16_t, std::uint32_t> lastKey{0xffff, 0xffffffffu};
    Lane *lastLane = nullptr;
    // A re-binned lane's old buckets, reused for the next lane: rebasing allocates (and the
    // kernel zero-fills) no fresh 400 KB per lane each time the grid doubles.
    std::vector<Fine> spare;
    std::unordered_map<std::uint32_t, StrId> opType;
    TimeNs anchor = kNone;           // multiple of width; fine j = [anchor + j·width, …)
    TimeNs width = 1;
    TimeNs lo = kNone, hi = std::numeric_limits<TimeNs>::min(); // span of every record kind
    std::uint64_t seq = 0;

    static TimeNs floorTo(TimeNs t, TimeNs w) { return t >= 0 ? t - t % w : -((-t + w - 1) / w) * w; }

    static void merge(Fine &into, const Fine &next) // `next` lies after `into` (empty: taken as is)
    {
        if (into.touching == 0) {
            into = next;
            return;
        }
        // A task touching `next` without starting there touches `into` too (tasks are
        // intervals), so only the starts of `next` are new to the merged bucket.
        into.touching += next.starts;
        into.starts += next.starts;
        into.busy += next.busy;
        if (next.longest > into.longest || (next.longest == into.longest && next.longest >= 0 && next.seq < into.seq)) {
            into.longest = next.longest;
            into.seq = next.seq;
            into.type = next.type;
            into.op = next.op;
            into.name = next.name;
        }
    }

    // Re-bins every lane onto (a, w): w = width·2^k, a ≤ anchor, a a multiple of w.
    void rebase(TimeNs a, TimeNs w)
    {
        // When the grid grows left by less than a new bucket (the usual case: it only
        // widens), every old bucket i lands at j ≤ i, so one front-to-back pass re-bins in
        // place: no second array to clear and fill (re-binning was most of the summary's
        // cost on short sessions).
        if (anchor - a < w) {
            for (auto &[key, lane] : lanes) {
                for (std::size_t i = 0; i < lane.fine.size(); ++i) {
                    if (lane.fine[i].touching == 0)
                        continue;
                    const Fine f = lane.fine[i];
                    lane.fine[i] = Fine{};
                    merge(lane.fine[std::size_t((anchor + TimeNs(i) * width - a) / w)], f);
                }
            }
            anchor = a;
            width = w;
            return;
        }
        for (auto &[key, lane] : lanes) {
            if (lane.fine.empty())
                continue;
            std::vector<Fine> &out = spare;
            out.assign(kLodBuckets, Fine{});
            for (int j = 0; j < kLodBuckets; ++j) {
                const Fine &f = lane.fine[std::size_t(j)];
                if (f.touching != 0)
                    merge(out[std::size_t((anchor + TimeNs(j) * width - a) / w)], f);
            }
            lane.fine.swap(out);
        }
        anchor = a;
        width = w;
    }

    // Makes the grid cover [l, h): grows to the left, doubles the width while too short.
    void cover(TimeNs l, TimeNs h)
    {
        lo = std::min(lo, l);
        hi = std::max(hi, h);
        if (anchor == kNone) {
            anchor = floorTo(lo, width);
        }
        TimeNs w = width;
        TimeNs a = std::min(anchor, floorTo(lo, w));
        while (hi - a >= TimeNs(kLodBuckets) * w) { // strictly inside: a point task at hi has a bucket
            w *= 2;
            a = floorTo(a, w);
        }
        if (a != anchor || w != width)
            rebase(a, w);
    }

    // The grid already covers the task: add() covers the whole batch's span first.
    void addTask(const TaskRecord &t)
    {
        const TimeNs st = drawable(t.start), en = std::max(st, drawable(endOf(t)));
        const TimeNs dur = std::max<TimeNs>(0, en - st);
        const std::pair<std::uint16_t, std::uint32_t> key{t.device, t.streamId};
        if (!lastLane || key != lastKey) {
            lastLane = &lanes[key];
            lastKey = key;
        }
        Lane &lane = *lastLane;
        if (lane.fine.empty())
            lane.fine.resize(kLodBuckets);
        ++lane.tasks;
        ++seq;
        const TimeNs rel = st - anchor;
        const auto b0 = std::size_t(rel / width);
        const auto b1 = std::size_t(((dur > 0 ? en - 1 : en) - anchor) / width);
        lane.fine[b0].starts++;
        for (std::size_t i = b0; i <= b1; ++i) {
            Fine &f = lane.fine[i];
            f.touching++;
            const TimeNs bs = anchor + TimeNs(i) * width, be = bs + width;
            f.busy += std::uint64_t(std::max<TimeNs>(0, std::min(en, be) - std::max(st, bs)));
            if (dur > f.longest) {
                f.longest = dur;
                f.seq = seq;
                f.type = std::uint8_t(t.kind);
                f.op = t.opId;
                f.name = t.name;
            }
        }
    }
};

LodAccumulator::LodAccumulator() : d(std::make_unique<Impl>()) {}
LodAccumulator::~LodAccumulator() = default;

void LodAccumulator::add(const RecordBatch &b)
{
    for (const OpDesc &o : b.ops)
        d->opType[o.id] = o.opType;
    // The session's span first (the same record kinds as measure()), so the grid grows
    // once per batch rather than task by task.
    TimeNs l = kNone, h = std::numeric_limits<TimeNs>::min();
    auto span = [&](TimeNs a, TimeNs e) {
        l = std::min(l, drawable(a));
        h = std::max(h, drawable(std::max(a, e)));
    };
    for (const auto &t : b.tasks)
        span(t.start, endOf(t));
    for (const auto &r : b.hostRanges)
        span(r.start, endOf(r));
    for (const auto &c : b.collectives)
        span(c.start, endOf(c));
    for (const auto &c : b.hcclTasks)
        span(c.start, endOf(c));
    for (const auto &a : b.aiCpu)
        span(a.timestamp, addTime(a.timestamp, a.totalTime));
    for (const auto &s : b.stepTraces) {
        span(s.fpStart, s.iterationEnd);
        if (s.previousIterationEnd >= 0)
            l = std::min(l, drawable(s.previousIterationEnd));
    }
    for (const auto &p : b.pythonRanges)
        span(p.start, addTime(p.start, std::max<TimeNs>(0, p.duration)));
    for (const auto &m : b.memory)
        span(m.ts, m.ts);
    if (l == kNone)
        return;
    d->cover(l, h);
    for (const auto &t : b.tasks)
        d->addTask(t);
}

bool LodAccumulator::empty() const
{
    return d->lo == kNone;
}

TimelineLod LodAccumulator::result() const
{
    TimelineLod lod;
    if (empty())
        return lod;
    lod.origin = d->anchor;
    lod.extent = std::max<TimeNs>(1, d->hi - d->anchor);
    // Whole fine buckets per stored bucket, as few stored buckets as kLodBuckets allows.
    const TimeNs wanted = std::max<TimeNs>(1, (lod.extent + kLodBuckets - 1) / kLodBuckets);
    const TimeNs m = std::max<TimeNs>(1, (wanted + d->width - 1) / d->width);
    lod.bucketNs = m * d->width;
    const auto n = std::size_t(std::min<TimeNs>(kLodBuckets, (lod.extent + lod.bucketNs - 1) / lod.bucketNs));
    for (const auto &[key, lane] : d->lanes) {
        LodLane out;
        out.device = key.first;
        out.stream = key.second;
        out.tasks = lane.tasks;
        out.buckets.resize(n);
        for (std::size_t i = 0; i < n; ++i) {
            Impl::Fine acc;
            for (std::size_t j = i * std::size_t(m); j < std::min<std::size_t>((i + 1) * std::size_t(m), lane.fine.size()); ++j)
                Impl::merge(acc, lane.fine[j]);
            LodBucket &k = out.buckets[i];
            k.count = acc.touching;
            k.busyNs = std::uint32_t(std::min<std::uint64_t>(0xffffffffu, acc.busy));
            if (acc.longest >= 0) {
                k.type = acc.type;
                const auto ot = acc.op ? d->opType.find(acc.op) : d->opType.end();
                k.opType = ot == d->opType.end() ? 0 : ot->second;
                k.name = acc.name;
            }
        }
        lod.lanes.push_back(std::move(out));
    }
    return lod;
}

} // namespace npuscope::store

namespace npuscope::store::detail {
const char *timelineTablesSql()
{
    return kTables;
}
} // namespace npuscope::store::detail
