#include "core/store/lod.h"
#include "core/store/sqlite_db.h"
#include "core/store/schema.h"

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

namespace {

struct Ctx { Q_DECLARE_TR_FUNCTIONS(TimelineStore) };

constexpr int kBucketBytes = 17;

// The timeline tables are not part of the numbered schema: they are derived data (the
// summary can always be recomputed from the tasks) and user annotations that older
// versions simply ignore, so adding them never needs a migration.
const char *const kTables = R"SQL(
CREATE TABLE IF NOT EXISTS timeline_lod_sessions(
    session INTEGER PRIMARY KEY REFERENCES sessions(id) ON DELETE CASCADE,
    origin INTEGER NOT NULL,
    extent INTEGER NOT NULL,
    bucket_ns INTEGER NOT NULL,
    buckets INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS timeline_lod(
    session INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    device INTEGER NOT NULL,
    stream INTEGER NOT NULL,
    tasks INTEGER NOT NULL,
    data BLOB NOT NULL,
    PRIMARY KEY(session, device, stream)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS timeline_marks(
    id INTEGER PRIMARY KEY,
    session INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    start INTEGER NOT NULL,
    end INTEGER NOT NULL,
    label TEXT NOT NULL,
    created_wall_us INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS timeline_marks_by_session ON timeline_marks(session, start);
CREATE TABLE IF NOT EXISTS timeline_layouts(
    session INTEGER PRIMARY KEY REFERENCES sessions(id) ON DELETE CASCADE,
    layout BLOB NOT NULL,
    updated_wall_us INTEGER NOT NULL
);
)SQL";

// Whether the project has the table (older projects lack the timeline tables). False on a
// read error, which leaves SQLite's error on the connection.
bool hasTable(sqlite3 *db, const char *name, bool *yes)
{
    sqlite3_stmt *s = nullptr;
    if (sqlite3_prepare_v2(db, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?1", -1, &s, nullptr) != SQLITE_OK)
        return false;
    sqlite3_bind_text(s, 1, name, -1, SQLITE_STATIC);
    const int rc = sqlite3_step(s);
    *yes = rc == SQLITE_ROW;
    sqlite3_finalize(s);
    return rc == SQLITE_ROW || rc == SQLITE_DONE;
}

QString sqlMessage(sqlite3 *db, const QString &what)
{
    return Ctx::tr("%1 failed: %2").arg(what, QString::fromUtf8(sqlite3_errmsg(db)));
}

// Single integer from a prepared statement with ?1 = session (NULL → fallback).
std::int64_t scalarFor(sqlite3 *db, const char *sql, std::int64_t session, std::int64_t fallback, int *rc)
{
    sqlite3_stmt *s = nullptr;
    *rc = sqlite3_prepare_v2(db, sql, -1, &s, nullptr);
    if (*rc != SQLITE_OK)
        return fallback;
    sqlite3_bind_int64(s, 1, session);
    std::int64_t v = fallback;
    const int step = sqlite3_step(s);
    if (step == SQLITE_ROW && sqlite3_column_type(s, 0) != SQLITE_NULL)
        v = sqlite3_column_int64(s, 0);
    *rc = (step == SQLITE_ROW || step == SQLITE_DONE) ? SQLITE_OK : step;
    sqlite3_finalize(s);
    return v;
}

struct Builder {
    std::uint64_t tasks = 0;
    std::vector<LodBucket> buckets;
    std::vector<TimeNs> longest; // duration of the task that gave the bucket its keys
};

} // namespace

namespace {
using LaneKeys = std::vector<std::pair<std::uint16_t, std::uint32_t>>;
constexpr TimeNs kNone = std::numeric_limits<TimeNs>::max();

// The summary draws times in [0, kMaxTimeNs]: whatever a project file holds, every bucket
// start, end and span computed below then fits in int64 (a bucket grid over 2^62 ns is at
// most 2^62 wide). Stored values outside are drawn at the edge.
constexpr TimeNs drawable(TimeNs t)
{
    return std::clamp<TimeNs>(t, 0, kMaxTimeNs);
}

// Stream lanes and the session's span over every record kind (host ranges may start before
// the first task). origin stays kNone when nothing was recorded.
bool measure(sqlite3 *db, std::int64_t sessionId, LaneKeys *lanesOut, TimeNs *originOut, TimeNs *lastOut)
{
    // Lanes by skip-scanning the (session, device, stream, start) index: one seek per lane
    // instead of reading millions of index entries.
    LaneKeys lanes;
    {
        sqlite3_stmt *s = nullptr;
        if (sqlite3_prepare_v2(db,
                               "SELECT device, stream FROM tasks WHERE session = ?1 AND (device, stream) > (?2, ?3) "
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
        sqlite3_stmt *lo = nullptr, *hi = nullptr;
        if (sqlite3_prepare_v2(db, "SELECT MIN(start) FROM tasks WHERE session = ?1 AND device = ?2 AND stream = ?3", -1,
                               &lo, nullptr) != SQLITE_OK
            || sqlite3_prepare_v2(db, "SELECT start + duration FROM tasks WHERE session = ?1 AND device = ?2 AND stream = ?3 "
                                      "ORDER BY start DESC LIMIT 64", -1, &hi, nullptr) != SQLITE_OK) {
            sqlite3_finalize(lo);
            return false;
        }
        for (const auto &[dev, stream] : lanes) {
            for (sqlite3_stmt *s : {lo, hi}) {
                sqlite3_reset(s);
                sqlite3_bind_int64(s, 1, sessionId);
                sqlite3_bind_int64(s, 2, dev);
                sqlite3_bind_int64(s, 3, stream);
            }
            rc = sqlite3_step(lo);
            if (rc == SQLITE_ROW && sqlite3_column_type(lo, 0) != SQLITE_NULL)
                origin = std::min(origin, TimeNs(sqlite3_column_int64(lo, 0)));
            if (rc != SQLITE_ROW && rc != SQLITE_DONE)
                break;
            while ((rc = sqlite3_step(hi)) == SQLITE_ROW)
                last = std::max(last, TimeNs(sqlite3_column_int64(hi, 0)));
            if (rc != SQLITE_DONE)
                break;
            rc = SQLITE_OK;
        }
        sqlite3_finalize(lo);
        sqlite3_finalize(hi);
        if (rc != SQLITE_OK)
            return false;
    }
    struct { const char *lo; const char *hi; } others[] = {
        {"SELECT MIN(start) FROM host_ranges WHERE session = ?1", "SELECT MAX(start + duration) FROM host_ranges WHERE session = ?1"},
        {"SELECT MIN(start) FROM collectives WHERE session = ?1", "SELECT MAX(start + duration) FROM collectives WHERE session = ?1"},
        {"SELECT MIN(start) FROM hccl_tasks WHERE session = ?1", "SELECT MAX(start + duration) FROM hccl_tasks WHERE session = ?1"},
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
    *lanesOut = std::move(lanes);
    *originOut = origin == kNone ? kNone : drawable(origin);
    *lastOut = drawable(last);
    return true;
}
} // namespace

namespace {

using LaneMap = std::map<std::pair<std::uint16_t, std::uint32_t>, Builder>;

// The tasks of the session, in storage order, into `buckets` buckets of bucketNs from
// origin per lane (tasks outside are clamped to the first / last bucket).
bool scanBuckets(sqlite3 *db, std::int64_t sessionId, const LaneKeys &lanes, TimeNs origin, TimeNs bucketNs, int buckets,
                 LaneMap *builders)
{
    // op id → op type
    std::unordered_map<std::uint32_t, StrId> opType;
    {
        sqlite3_stmt *s = nullptr;
        if (sqlite3_prepare_v2(db, "SELECT id, op_type FROM ops WHERE session = ?1", -1, &s, nullptr) != SQLITE_OK)
            return false;
        sqlite3_bind_int64(s, 1, sessionId);
        int rc;
        while ((rc = sqlite3_step(s)) == SQLITE_ROW)
            opType[std::uint32_t(sqlite3_column_int64(s, 0))] = StrId(sqlite3_column_int64(s, 1));
        sqlite3_finalize(s);
        if (rc != SQLITE_DONE)
            return false;
    }
    auto prepare = [buckets](Builder &b) {
        if (b.buckets.empty()) { // a lane not in the listing (cannot happen with one writer)
            b.buckets.resize(std::size_t(buckets));
            b.longest.assign(std::size_t(buckets), -1);
        }
    };
    for (const auto &l : lanes)
        prepare((*builders)[l]);
    // The table in storage order: a sequential read, no index, no sort.
    sqlite3_stmt *s = nullptr;
    if (sqlite3_prepare_v2(db, "SELECT device, stream, start, duration, kind, name, op FROM tasks NOT INDEXED WHERE session = ?1",
                           -1, &s, nullptr) != SQLITE_OK)
        return false;
    sqlite3_bind_int64(s, 1, sessionId);
    std::pair<std::uint16_t, std::uint32_t> lastKey{0xffff, 0xffffffffu};
    Builder *b = nullptr;
    int step;
    while ((step = sqlite3_step(s)) == SQLITE_ROW) {
        const std::pair<std::uint16_t, std::uint32_t> key{std::uint16_t(sqlite3_column_int64(s, 0)),
                                                          std::uint32_t(sqlite3_column_int64(s, 1))};
        if (key != lastKey) {
            lastKey = key;
            b = &(*builders)[key];
            prepare(*b);
        }
        const TimeNs st = drawable(sqlite3_column_int64(s, 2)) - origin;
        const TimeNs dur = drawable(sqlite3_column_int64(s, 3));
        const auto type = std::uint8_t(sqlite3_column_int64(s, 4));
        const auto name = StrId(sqlite3_column_int64(s, 5));
        const auto op = std::uint32_t(sqlite3_column_int64(s, 6));
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
    QByteArray blob;
    for (const LodLane &lane : lod.lanes) {
        if (!ok)
            break;
        blob.fill('\0', qsizetype(buckets) * kBucketBytes);
        auto *p = reinterpret_cast<uchar *>(blob.data());
        for (const LodBucket &k : lane.buckets) {
            qToLittleEndian<std::uint32_t>(k.count, p);
            qToLittleEndian<std::uint32_t>(k.busyNs, p + 4);
            p[8] = k.type;
            qToLittleEndian<std::uint32_t>(k.opType, p + 9);
            qToLittleEndian<std::uint32_t>(k.name, p + 13);
            p += kBucketBytes;
        }
        sqlite3_reset(insLane);
        sqlite3_bind_int64(insLane, 1, sessionId);
        sqlite3_bind_int64(insLane, 2, lane.device);
        sqlite3_bind_int64(insLane, 3, lane.stream);
        sqlite3_bind_int64(insLane, 4, std::int64_t(lane.tasks));
        sqlite3_bind_blob(insLane, 5, blob.constData(), int(blob.size()), SQLITE_STATIC);
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

// ---------------------------------------------------------------------------------------

struct TimelineStore::Impl {
    QString path;
    std::int64_t session = 0;
    Db db;
    mutable QString error;
    Stmt find;
    Stmt findHccl;
};

TimelineStore::TimelineStore(std::unique_ptr<Impl> impl) : d(std::move(impl)) {}

TimelineStore::~TimelineStore()
{
    d->find = Stmt();
    d->findHccl = Stmt();
}

std::unique_ptr<TimelineStore> TimelineStore::open(const QString &path, std::int64_t sessionId, StoreError *err,
                                                   QString *message)
{
    auto impl = std::make_unique<Impl>();
    impl->path = QFileInfo(path).absoluteFilePath();
    impl->session = sessionId;
    StoreError e = StoreError::None;
    if (!detail::openProject(impl->path, detail::OpenKind::ReadOnly, detail::DeepCheck::No, false, &impl->db, &e, message)) {
        if (err)
            *err = e;
        return nullptr;
    }
    int rc = SQLITE_OK;
    const std::int64_t known = scalarFor(impl->db.get(), "SELECT COUNT(*) FROM sessions WHERE id = ?1", sessionId, 0, &rc);
    if (rc != SQLITE_OK || known == 0) {
        if (err)
            *err = rc != SQLITE_OK ? detail::errorFromCode(rc) : StoreError::NotFound;
        if (message)
            *message = rc != SQLITE_OK ? detail::messageFromCode(rc, impl->path, impl->db.lastMessage())
                                       : Ctx::tr("The project %1 has no session %2.")
                                             .arg(QDir::toNativeSeparators(impl->path), QString::number(sessionId));
        return nullptr;
    }
    if (err)
        *err = StoreError::None;
    return std::unique_ptr<TimelineStore>(new TimelineStore(std::move(impl)));
}

QString TimelineStore::errorString() const
{
    return d->error;
}

bool TimelineStore::readLod(TimelineLod *out, QString *message) const
{
    sqlite3 *db = d->db.get();
    const auto readError = [&] {
        if (message)
            *message = sqlMessage(db, Ctx::tr("Reading the timeline summary"));
        return false;
    };
    bool stored = false;
    if (!hasTable(db, "timeline_lod_sessions", &stored))
        return readError();
    if (!stored)
        return false;
    sqlite3_stmt *s = nullptr;
    if (sqlite3_prepare_v2(db, "SELECT origin, extent, bucket_ns, buckets FROM timeline_lod_sessions WHERE session = ?1", -1,
                           &s, nullptr) != SQLITE_OK) {
        if (message)
            *message = sqlMessage(db, Ctx::tr("Reading the timeline summary"));
        return false;
    }
    sqlite3_bind_int64(s, 1, d->session);
    int rc = sqlite3_step(s);
    if (rc != SQLITE_ROW) {
        sqlite3_finalize(s);
        return rc == SQLITE_DONE ? false : readError();
    }
    *out = TimelineLod{};
    out->origin = sqlite3_column_int64(s, 0);
    out->extent = sqlite3_column_int64(s, 1);
    out->bucketNs = std::max<TimeNs>(1, sqlite3_column_int64(s, 2));
    const int buckets = int(sqlite3_column_int64(s, 3));
    sqlite3_finalize(s);
    if (sqlite3_prepare_v2(db, "SELECT device, stream, tasks, data FROM timeline_lod WHERE session = ?1 ORDER BY device, stream",
                           -1, &s, nullptr) != SQLITE_OK) {
        if (message)
            *message = sqlMessage(db, Ctx::tr("Reading the timeline summary"));
        return false;
    }
    sqlite3_bind_int64(s, 1, d->session);
    while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
        LodLane lane;
        lane.device = std::uint16_t(sqlite3_column_int64(s, 0));
        lane.stream = std::uint32_t(sqlite3_column_int64(s, 1));
        lane.tasks = std::uint64_t(sqlite3_column_int64(s, 2));
        const auto *p = static_cast<const uchar *>(sqlite3_column_blob(s, 3));
        const int n = std::min(buckets, sqlite3_column_bytes(s, 3) / kBucketBytes);
        lane.buckets.resize(std::size_t(std::max(0, n)));
        for (int i = 0; i < n; ++i, p += kBucketBytes) {
            LodBucket &k = lane.buckets[std::size_t(i)];
            k.count = qFromLittleEndian<std::uint32_t>(p);
            k.busyNs = qFromLittleEndian<std::uint32_t>(p + 4);
            k.type = p[8];
            k.opType = qFromLittleEndian<std::uint32_t>(p + 9);
            k.name = qFromLittleEndian<std::uint32_t>(p + 13);
        }
        out->lanes.push_back(std::move(lane));
    }
    sqlite3_finalize(s);
    return rc == SQLITE_DONE ? true : readError();
}

bool TimelineStore::scanTasks(const std::function<bool(const TaskRow &)> &fn) const
{
    sqlite3 *db = d->db.get();
    sqlite3_stmt *s = nullptr;
    if (sqlite3_prepare_v2(db, "SELECT device, stream, start, duration, kind, name, op, type FROM tasks NOT INDEXED "
                           "WHERE session = ?1", -1, &s, nullptr) != SQLITE_OK) {
        d->error = sqlMessage(db, Ctx::tr("Reading the tasks"));
        return false;
    }
    sqlite3_bind_int64(s, 1, d->session);
    int rc;
    TaskRow r{};
    while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
        r.device = std::uint16_t(sqlite3_column_int64(s, 0));
        r.stream = std::uint32_t(sqlite3_column_int64(s, 1));
        r.start = sqlite3_column_int64(s, 2);
        r.duration = sqlite3_column_int64(s, 3);
        r.kind = std::uint8_t(sqlite3_column_int64(s, 4) & (kTaskKindLimit - 1));
        r.name = StrId(sqlite3_column_int64(s, 5));
        r.op = std::uint32_t(sqlite3_column_int64(s, 6));
        r.type = StrId(sqlite3_column_int64(s, 7));
        if (!fn(r)) {
            rc = SQLITE_DONE;
            break;
        }
    }
    const bool ok = rc == SQLITE_DONE;
    if (!ok)
        d->error = sqlMessage(db, Ctx::tr("Reading the tasks"));
    sqlite3_finalize(s);
    return ok;
}

bool TimelineStore::scanHcclTasks(const std::function<bool(const HcclTaskRow &)> &fn) const
{
    sqlite3 *db = d->db.get();
    sqlite3_stmt *s = nullptr;
    if (sqlite3_prepare_v2(db, "SELECT rowid, device, plane, name, start, duration FROM hccl_tasks NOT INDEXED WHERE session = ?1",
                           -1, &s, nullptr) != SQLITE_OK) {
        d->error = sqlMessage(db, Ctx::tr("Reading the HCCL tasks"));
        return false;
    }
    sqlite3_bind_int64(s, 1, d->session);
    int rc;
    HcclTaskRow r{};
    while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
        r.rowid = sqlite3_column_int64(s, 0);
        r.device = std::uint16_t(sqlite3_column_int64(s, 1));
        r.plane = std::uint32_t(sqlite3_column_int64(s, 2));
        r.name = StrId(sqlite3_column_int64(s, 3));
        r.start = sqlite3_column_int64(s, 4);
        r.duration = sqlite3_column_int64(s, 5);
        if (!fn(r)) {
            rc = SQLITE_DONE;
            break;
        }
    }
    const bool ok = rc == SQLITE_DONE;
    if (!ok)
        d->error = sqlMessage(db, Ctx::tr("Reading the HCCL tasks"));
    sqlite3_finalize(s);
    return ok;
}

bool TimelineStore::findHcclTask(std::int64_t rowid, HcclTaskRecord *out) const
{
    if (!d->findHccl && d->db.prepare("SELECT device, model, iteration, plane, name, start, duration, notify_id, "
                                      "duration_estimated_us, stream, task_id, src_rank, dst_rank, transport_type, size_bytes, "
                                      "data_type, link_type, bandwidth_gbps FROM hccl_tasks WHERE rowid = ?1 AND session = ?2",
                                      &d->findHccl, true) != SQLITE_OK) {
        d->error = sqlMessage(d->db.get(), Ctx::tr("Looking up the HCCL task"));
        return false;
    }
    sqlite3_stmt *q = d->findHccl.get();
    sqlite3_reset(q);
    sqlite3_bind_int64(q, 1, rowid);
    sqlite3_bind_int64(q, 2, d->session);
    const int rc = sqlite3_step(q);
    if (rc != SQLITE_ROW) {
        d->error = rc == SQLITE_DONE ? Ctx::tr("The HCCL task is no longer in the project.")
                                     : sqlMessage(d->db.get(), Ctx::tr("Looking up the HCCL task"));
        sqlite3_reset(q);
        return false;
    }
    HcclTaskRecord r;
    auto I = [&](int i) { return sqlite3_column_int64(q, i); };
    r.device = std::uint16_t(I(0));
    r.modelId = std::uint32_t(I(1));
    r.iteration = std::uint32_t(I(2));
    r.plane = std::uint32_t(I(3));
    r.name = StrId(I(4));
    r.start = I(5);
    r.duration = I(6);
    r.notifyId = std::uint64_t(I(7));
    r.durationEstimatedUs = sqlite3_column_double(q, 8);
    r.streamId = std::uint32_t(I(9));
    r.taskId = std::uint32_t(I(10));
    r.srcRank = std::uint32_t(I(11));
    r.dstRank = std::uint32_t(I(12));
    r.transportType = StrId(I(13));
    r.sizeBytes = std::uint64_t(I(14));
    r.dataType = StrId(I(15));
    r.linkType = StrId(I(16));
    r.bandwidthGBps = sqlite3_column_double(q, 17);
    sqlite3_reset(q);
    *out = r;
    return true;
}

bool TimelineStore::findTask(std::uint16_t device, std::uint32_t stream, TimeNs start, StrId name, TaskRecord *out) const
{
    if (!d->find && d->db.prepare("SELECT t.model, t.iteration, t.task_id, t.batch_id, t.type, t.duration, t.pending, t.op, "
                                  "t.name, t.total_cycles, t.l2_hit, t.l2_victim, p.pmu, t.kind "
                                  "FROM tasks t LEFT JOIN task_pmu p ON p.task = t.id "
                                  "WHERE t.session = ?1 AND t.device = ?2 AND t.stream = ?3 AND t.start = ?4 "
                                  "ORDER BY t.task_id", &d->find, true) != SQLITE_OK) {
        d->error = sqlMessage(d->db.get(), Ctx::tr("Looking up the task"));
        return false;
    }
    sqlite3_stmt *q = d->find.get();
    sqlite3_reset(q);
    sqlite3_bind_int64(q, 1, d->session);
    sqlite3_bind_int64(q, 2, device);
    sqlite3_bind_int64(q, 3, stream);
    sqlite3_bind_int64(q, 4, start);
    bool found = false;
    int rc;
    while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
        const StrId n = StrId(sqlite3_column_int64(q, 8));
        if (found && n != name)
            continue;
        TaskRecord r;
        r.device = device;
        r.streamId = stream;
        r.start = start;
        r.modelId = std::uint32_t(sqlite3_column_int64(q, 0));
        r.iteration = std::uint32_t(sqlite3_column_int64(q, 1));
        r.taskId = std::uint32_t(sqlite3_column_int64(q, 2));
        r.batchId = std::uint32_t(sqlite3_column_int64(q, 3));
        r.type = StrId(sqlite3_column_int64(q, 4));
        r.kind = static_cast<TaskKind>(sqlite3_column_int64(q, 13) & (kTaskKindLimit - 1));
        r.duration = sqlite3_column_int64(q, 5);
        r.pending = sqlite3_column_int64(q, 6);
        r.opId = std::uint32_t(sqlite3_column_int64(q, 7));
        r.name = n;
        r.totalCycles = std::uint64_t(sqlite3_column_int64(q, 9));
        r.l2HitRate = float(sqlite3_column_double(q, 10));
        r.l2VictimRate = float(sqlite3_column_double(q, 11));
        detail::readPmuBlob(q, 12, &r.pmu);
        *out = std::move(r);
        found = true;
        if (n == name) {
            rc = SQLITE_DONE;
            break;
        }
    }
    sqlite3_reset(q);
    // A damaged page met on the way is a read error, not "no such task".
    if (rc != SQLITE_DONE) {
        d->error = sqlMessage(d->db.get(), Ctx::tr("Looking up the task"));
        return false;
    }
    if (!found)
        d->error = Ctx::tr("The task is no longer in the project.");
    return found;
}

namespace {
template<typename Row>
bool eachRow(sqlite3 *db, const char *sql, std::int64_t session, QString *error, Row &&row)
{
    sqlite3_stmt *s = nullptr;
    if (sqlite3_prepare_v2(db, sql, -1, &s, nullptr) != SQLITE_OK) {
        *error = sqlMessage(db, Ctx::tr("Reading the session"));
        return false;
    }
    sqlite3_bind_int64(s, 1, session);
    int rc;
    while ((rc = sqlite3_step(s)) == SQLITE_ROW)
        row(s);
    const bool ok = rc == SQLITE_DONE;
    if (!ok)
        *error = sqlMessage(db, Ctx::tr("Reading the session"));
    sqlite3_finalize(s);
    return ok;
}
inline std::int64_t I(sqlite3_stmt *s, int i) { return sqlite3_column_int64(s, i); }
inline std::uint32_t U(sqlite3_stmt *s, int i) { return std::uint32_t(sqlite3_column_int64(s, i)); }
inline QString T(sqlite3_stmt *s, int i)
{
    return QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_column_text(s, i)), sqlite3_column_bytes(s, i));
}
} // namespace

bool TimelineStore::readSessionHeader(QString *name, QByteArray *optionsJson) const
{
    return eachRow(d->db.get(), "SELECT name, options_json FROM sessions WHERE id = ?1", d->session, &d->error,
                   [&](sqlite3_stmt *s) {
                       *name = T(s, 0);
                       *optionsJson = T(s, 1).toUtf8();
                   });
}

bool TimelineStore::readPmuColumns(QStringList *out) const
{
    out->clear();
    return eachRow(d->db.get(), "SELECT name FROM pmu_columns WHERE session = ?1 ORDER BY idx", d->session, &d->error,
                   [&](sqlite3_stmt *s) { *out << T(s, 0); });
}

bool TimelineStore::readStrings(std::vector<std::string> *out) const
{
    out->clear();
    return eachRow(d->db.get(), "SELECT id, text FROM strings WHERE session = ?1 ORDER BY id", d->session, &d->error,
                   [&](sqlite3_stmt *s) {
                       const std::uint32_t id = U(s, 0);
                       if (id >= (1u << 24))
                           return; // producers number densely; a wild id is not drawable anyway
                       if (out->size() <= id)
                           out->resize(std::size_t(id) + 1);
                       const auto *t = reinterpret_cast<const char *>(sqlite3_column_text(s, 1));
                       (*out)[id].assign(t ? t : "", std::size_t(sqlite3_column_bytes(s, 1)));
                   });
}

bool TimelineStore::readOps(std::vector<OpDesc> *out) const
{
    out->clear();
    return eachRow(d->db.get(),
                   "SELECT id, model, name, op_type, input_shapes, input_data_types, input_formats, output_shapes, "
                   "output_data_types, output_formats, block_dim, ai_cpu, mix_block_dim, core_type FROM ops WHERE session = ?1 "
                   "ORDER BY id",
                   d->session, &d->error, [&](sqlite3_stmt *s) {
                       OpDesc o;
                       o.id = U(s, 0);
                       if (o.id == 0 || o.id >= (1u << 24))
                           return;
                       o.modelId = U(s, 1);
                       o.name = U(s, 2);
                       o.opType = U(s, 3);
                       o.inputShapes = U(s, 4);
                       o.inputDataTypes = U(s, 5);
                       o.inputFormats = U(s, 6);
                       o.outputShapes = U(s, 7);
                       o.outputDataTypes = U(s, 8);
                       o.outputFormats = U(s, 9);
                       o.blockDim = std::uint16_t(I(s, 10));
                       o.aiCpu = I(s, 11) != 0;
                       o.mixBlockDim = std::uint16_t(I(s, 12));
                       o.coreType = U(s, 13);
                       if (out->size() <= o.id)
                           out->resize(std::size_t(o.id) + 1);
                       (*out)[o.id] = o;
                   });
}

bool TimelineStore::readDevices(std::vector<DeviceInfo> *out) const
{
    out->clear();
    return eachRow(d->db.get(),
                   "SELECT id, rank_id, host_pid, hostname, monotonic_begin, monotonic_end FROM devices WHERE session = ?1 "
                   "ORDER BY id", d->session, &d->error, [&](sqlite3_stmt *s) {
                       DeviceInfo di;
                       di.id = std::uint16_t(I(s, 0));
                       di.rankId = U(s, 1);
                       di.hostPid = U(s, 2);
                       di.hostname = T(s, 3);
                       di.monotonicBegin = I(s, 4);
                       di.monotonicEnd = I(s, 5);
                       out->push_back(di);
                   });
}

bool TimelineStore::readStepTraces(std::vector<StepTraceRecord> *out) const
{
    out->clear();
    std::vector<std::int64_t> ids;
    if (!eachRow(d->db.get(),
                 "SELECT id, device, model, iteration, fp_start, bp_end, iteration_end, previous_iteration_end "
                 "FROM step_traces WHERE session = ?1 ORDER BY device, model, iteration", d->session, &d->error,
                 [&](sqlite3_stmt *s) {
                     StepTraceRecord r;
                     ids.push_back(I(s, 0));
                     r.device = std::uint16_t(I(s, 1));
                     r.modelId = U(s, 2);
                     r.iteration = U(s, 3);
                     r.fpStart = I(s, 4);
                     r.bpEnd = I(s, 5);
                     r.iterationEnd = I(s, 6);
                     r.previousIterationEnd = I(s, 7);
                     out->push_back(std::move(r));
                 }))
        return false;
    std::unordered_map<std::int64_t, std::size_t> index;
    for (std::size_t i = 0; i < ids.size(); ++i)
        index[ids[i]] = i;
    return eachRow(d->db.get(),
                   "SELECT r.step, r.start, r.end FROM step_reduces r JOIN step_traces t ON t.id = r.step "
                   "WHERE t.session = ?1 ORDER BY r.step, r.idx", d->session, &d->error, [&](sqlite3_stmt *s) {
                       const auto it = index.find(I(s, 0));
                       if (it != index.end())
                           (*out)[it->second].reduces.push_back({I(s, 1), I(s, 2)});
                   });
}

bool TimelineStore::readCollectives(std::vector<CollectiveOpRecord> *out) const
{
    out->clear();
    return eachRow(d->db.get(),
                   "SELECT device, model, iteration, name, op_type, start, duration, bytes, segment FROM collectives "
                   "WHERE session = ?1 ORDER BY start", d->session, &d->error, [&](sqlite3_stmt *s) {
                       CollectiveOpRecord r;
                       r.device = std::uint16_t(I(s, 0));
                       r.modelId = U(s, 1);
                       r.iteration = U(s, 2);
                       r.name = U(s, 3);
                       r.opType = U(s, 4);
                       r.start = I(s, 5);
                       r.duration = I(s, 6);
                       r.bytes = std::uint64_t(I(s, 7));
                       r.segment = U(s, 8);
                       out->push_back(r);
                   });
}

bool TimelineStore::readHostRanges(std::vector<HostRangeRecord> *out) const
{
    out->clear();
    return eachRow(d->db.get(),
                   "SELECT kind, device, model, iteration, pid, tid, name, start, duration, category, event_type, "
                   "payload_type, payload_value, message_type FROM host_ranges WHERE session = ?1 ORDER BY start",
                   d->session, &d->error, [&](sqlite3_stmt *s) {
                       HostRangeRecord r;
                       r.kind = static_cast<HostRangeRecord::Kind>(I(s, 0));
                       r.device = std::uint16_t(I(s, 1));
                       r.modelId = U(s, 2);
                       r.iteration = U(s, 3);
                       r.pid = U(s, 4);
                       r.tid = U(s, 5);
                       r.name = U(s, 6);
                       r.start = I(s, 7);
                       r.duration = I(s, 8);
                       r.category = U(s, 9);
                       r.eventType = U(s, 10);
                       r.payloadType = U(s, 11);
                       r.payloadValue = std::uint64_t(I(s, 12));
                       r.messageType = U(s, 13);
                       out->push_back(r);
                   });
}

bool TimelineStore::readAiCpu(std::vector<AiCpuRecord> *out) const
{
    out->clear();
    return eachRow(d->db.get(),
                   "SELECT device, model, iteration, stream, task_id, node, timestamp, compute_time, memcpy_time, task_time, "
                   "dispatch_time, total_time FROM aicpu WHERE session = ?1 ORDER BY timestamp", d->session, &d->error,
                   [&](sqlite3_stmt *s) {
                       AiCpuRecord r;
                       r.device = std::uint16_t(I(s, 0));
                       r.modelId = U(s, 1);
                       r.iteration = U(s, 2);
                       r.streamId = U(s, 3);
                       r.taskId = U(s, 4);
                       r.node = U(s, 5);
                       r.timestamp = I(s, 6);
                       r.computeTime = I(s, 7);
                       r.memcpyTime = I(s, 8);
                       r.taskTime = I(s, 9);
                       r.dispatchTime = I(s, 10);
                       r.totalTime = I(s, 11);
                       out->push_back(r);
                   });
}

bool TimelineStore::measureSession(TimeNs *origin, TimeNs *end) const
{
    LaneKeys lanes;
    TimeNs o = kNone, l = 0;
    if (!measure(d->db.get(), d->session, &lanes, &o, &l)) {
        d->error = sqlMessage(d->db.get(), Ctx::tr("Measuring the session"));
        return false;
    }
    *origin = o == kNone ? 0 : o;
    *end = o == kNone ? 1 : std::max(l, o + 1);
    return true;
}

bool TimelineStore::marks(std::vector<TimelineMark> *out) const
{
    out->clear();
    sqlite3 *db = d->db.get();
    bool stored = false;
    if (!hasTable(db, "timeline_marks", &stored)) {
        d->error = sqlMessage(db, Ctx::tr("Reading the marks"));
        return false;
    }
    if (!stored)
        return true;
    return eachRow(db, "SELECT id, start, end, label FROM timeline_marks WHERE session = ?1 ORDER BY start, id", d->session,
                   &d->error, [&](sqlite3_stmt *s) {
                       TimelineMark m;
                       m.id = I(s, 0);
                       m.start = I(s, 1);
                       m.end = I(s, 2);
                       m.label = T(s, 3);
                       out->push_back(m);
                   });
}

namespace {
// A short-lived read-write connection for one user edit.
bool withWriter(const QString &path, QString *message, const std::function<bool(sqlite3 *)> &fn, bool layout = false)
{
    Db db;
    StoreError e;
    QString m;
    if (!detail::openProject(path, detail::OpenKind::ReadWrite, detail::DeepCheck::No, false, &db, &e, &m)) {
        if (message)
            *message = (layout ? Ctx::tr("The lane layout could not be saved: %1") : Ctx::tr("The mark could not be saved: %1")).arg(m);
        return false;
    }
    if (sqlite3_exec(db.get(), "BEGIN IMMEDIATE", nullptr, nullptr, nullptr) != SQLITE_OK
        || sqlite3_exec(db.get(), kTables, nullptr, nullptr, nullptr) != SQLITE_OK || !fn(db.get())
        || sqlite3_exec(db.get(), "COMMIT", nullptr, nullptr, nullptr) != SQLITE_OK) {
        const int rc = sqlite3_errcode(db.get());
        if (message)
            *message = (layout ? Ctx::tr("The lane layout could not be saved: %1") : Ctx::tr("The mark could not be saved: %1"))
                           .arg(detail::messageFromCode(rc, path, db.lastMessage()));
        if (!sqlite3_get_autocommit(db.get()))
            sqlite3_exec(db.get(), "ROLLBACK", nullptr, nullptr, nullptr);
        return false;
    }
    return true;
}
} // namespace

bool TimelineStore::saveMark(TimelineMark *mark, QString *message)
{
    return withWriter(d->path, message, [&](sqlite3 *db) {
        sqlite3_stmt *s = nullptr;
        const char *sql = mark->id
            ? "UPDATE timeline_marks SET start = ?2, end = ?3, label = ?4 WHERE id = ?5 AND session = ?1"
            : "INSERT INTO timeline_marks(session, start, end, label, created_wall_us) VALUES(?1,?2,?3,?4,?5)";
        if (sqlite3_prepare_v2(db, sql, -1, &s, nullptr) != SQLITE_OK)
            return false;
        const QByteArray label = mark->label.toUtf8();
        sqlite3_bind_int64(s, 1, d->session);
        sqlite3_bind_int64(s, 2, mark->start);
        sqlite3_bind_int64(s, 3, mark->end);
        sqlite3_bind_text(s, 4, label.constData(), int(label.size()), SQLITE_TRANSIENT);
        sqlite3_bind_int64(s, 5, mark->id ? mark->id : QDateTime::currentMSecsSinceEpoch() * 1000);
        const bool ok = sqlite3_step(s) == SQLITE_DONE;
        sqlite3_finalize(s);
        if (ok && !mark->id)
            mark->id = sqlite3_last_insert_rowid(db);
        return ok;
    });
}

bool TimelineStore::removeMark(std::int64_t id, QString *message)
{
    return withWriter(d->path, message, [&](sqlite3 *db) {
        sqlite3_stmt *s = nullptr;
        if (sqlite3_prepare_v2(db, "DELETE FROM timeline_marks WHERE id = ?1 AND session = ?2", -1, &s, nullptr) != SQLITE_OK)
            return false;
        sqlite3_bind_int64(s, 1, id);
        sqlite3_bind_int64(s, 2, d->session);
        const bool ok = sqlite3_step(s) == SQLITE_DONE;
        sqlite3_finalize(s);
        return ok;
    });
}

bool TimelineStore::layout(QByteArray *out) const
{
    out->clear();
    sqlite3 *db = d->db.get();
    bool stored = false;
    if (!hasTable(db, "timeline_layouts", &stored)) {
        d->error = sqlMessage(db, Ctx::tr("Reading the lane layout"));
        return false;
    }
    if (!stored)
        return true;
    return eachRow(db, "SELECT layout FROM timeline_layouts WHERE session = ?1", d->session, &d->error, [&](sqlite3_stmt *s) {
        *out = QByteArray(static_cast<const char *>(sqlite3_column_blob(s, 0)), sqlite3_column_bytes(s, 0));
    });
}

bool TimelineStore::saveLayout(const QByteArray &layout, QString *message)
{
    return withWriter(d->path, message, [&](sqlite3 *db) {
        sqlite3_stmt *s = nullptr;
        const char *sql = layout.isEmpty()
            ? "DELETE FROM timeline_layouts WHERE session = ?1"
            : "INSERT INTO timeline_layouts(session, layout, updated_wall_us) VALUES(?1, ?2, ?3) "
              "ON CONFLICT(session) DO UPDATE SET layout = excluded.layout, updated_wall_us = excluded.updated_wall_us";
        if (sqlite3_prepare_v2(db, sql, -1, &s, nullptr) != SQLITE_OK)
            return false;
        sqlite3_bind_int64(s, 1, d->session);
        if (!layout.isEmpty()) {
            sqlite3_bind_blob(s, 2, layout.constData(), int(layout.size()), SQLITE_TRANSIENT);
            sqlite3_bind_int64(s, 3, QDateTime::currentMSecsSinceEpoch() * 1000);
        }
        const bool ok = sqlite3_step(s) == SQLITE_DONE;
        sqlite3_finalize(s);
        return ok;
    }, true);
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
        for (auto &[key, lane] : lanes) {
            if (lane.fine.empty())
                continue;
            std::vector<Fine> out(kLodBuckets);
            for (int j = 0; j < kLodBuckets; ++j) {
                const Fine &f = lane.fine[std::size_t(j)];
                if (f.touching != 0)
                    merge(out[std::size_t((anchor + TimeNs(j) * width - a) / w)], f);
            }
            lane.fine = std::move(out);
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

    void addTask(const TaskRecord &t)
    {
        const TimeNs st = drawable(t.start), en = std::max(st, drawable(endOf(t)));
        const TimeNs dur = std::max<TimeNs>(0, en - st);
        cover(st, en);
        Lane &lane = lanes[{t.device, t.streamId}];
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
