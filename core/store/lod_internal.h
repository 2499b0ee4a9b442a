#pragma once

// Shared by lod.cpp (the timeline summary: build, store, accumulate) and timeline_store.cpp
// (TimelineStore: the timeline's reads and its marks and layouts). Not an interface.

#include "core/store/lod.h"
#include "core/store/sqlite_db.h"

#include <QCoreApplication>

#include <algorithm>
#include <limits>
#include <utility>
#include <vector>

namespace npuscope::store::lodinternal {

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
inline bool hasTable(sqlite3 *db, const char *name, bool *yes)
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

inline QString sqlMessage(sqlite3 *db, const QString &what)
{
    return Ctx::tr("%1 failed: %2").arg(what, QString::fromUtf8(sqlite3_errmsg(db)));
}

// Single integer from a prepared statement with ?1 = session (NULL → fallback).
inline std::int64_t scalarFor(sqlite3 *db, const char *sql, std::int64_t session, std::int64_t fallback, int *rc)
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
// the first task). origin stays kNone when nothing was recorded. (lod.cpp)
bool measure(sqlite3 *db, std::int64_t sessionId, LaneKeys *lanesOut, TimeNs *originOut, TimeNs *lastOut);

} // namespace npuscope::store::lodinternal
