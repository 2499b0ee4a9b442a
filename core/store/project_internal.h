#pragma once

// Shared by the project's translation units (project.cpp, project_upgrade.cpp,
// project_reader.cpp, project_writer*.cpp): small helpers, the record kinds and the
// Project's state. Not part of the store's interface.

#include "core/options/profiling_options.h"
#include "core/store/project.h"
#include "core/store/session_records.h"
#include "core/store/sqlite_db.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>

#include <cstdint>

namespace npuscope::store {

namespace internal {

using detail::Db;
using detail::Stmt;


// lupdate extracts ProjectStore::tr("...") under the context "ProjectStore".
struct ProjectStore {
    Q_DECLARE_TR_FUNCTIONS(ProjectStore)
};

inline QString shown(const QString &path)
{
    return QDir::toNativeSeparators(path);
}

inline std::int64_t nowWallUs()
{
    return QDateTime::currentMSecsSinceEpoch() * 1000;
}

// Unsigned 64-bit values keep their bits in a signed INTEGER column.
inline std::int64_t s64(std::uint64_t v) { return static_cast<std::int64_t>(v); }
inline std::uint64_t u64(std::int64_t v) { return static_cast<std::uint64_t>(v); }

inline detail::DeepCheck deepCheckFor(Project::Check check)
{
    switch (check) {
    case Project::Check::Full: return detail::DeepCheck::Yes;
    case Project::Check::Schema: return detail::DeepCheck::No;
    case Project::Check::Auto: break;
    }
    return detail::DeepCheck::IfUnclean;
}

// Record kinds in the order summaries list them; the names are the table names. The
// session-wide kinds (session_records.h) follow; they are counted but never aged.
constexpr const char *kKinds[] = {"ops", "tasks", "collectives", "hccl_tasks", "step_traces",
                                  "aicpu", "queue_events", "fusion_ops", "host_ranges"};
enum Kind { KOps, KTasks, KCollectives, KHccl, KStepTraces, KAiCpu, KQueue, KFusion, KHostRanges, KCount };
constexpr int kAllKindCount = KCount + detail::kSessionRecordKindCount;
inline const char *kindName(int k) { return k < KCount ? kKinds[k] : detail::kSessionRecordKinds[k - KCount]; }


// Column readers for the hot read loops.
inline std::int64_t colI(sqlite3_stmt *s, int i) { return sqlite3_column_int64(s, i); }
inline std::uint32_t colU32(sqlite3_stmt *s, int i) { return static_cast<std::uint32_t>(sqlite3_column_int64(s, i)); }
inline std::uint16_t colU16(sqlite3_stmt *s, int i) { return static_cast<std::uint16_t>(sqlite3_column_int64(s, i)); }
inline QString colQ(sqlite3_stmt *s, int i)
{
    const auto *t = reinterpret_cast<const char *>(sqlite3_column_text(s, i));
    return t ? QString::fromUtf8(t, sqlite3_column_bytes(s, i)) : QString();
}
inline QByteArray colB(sqlite3_stmt *s, int i)
{
    const auto *t = reinterpret_cast<const char *>(sqlite3_column_text(s, i));
    return t ? QByteArray(t, sqlite3_column_bytes(s, i)) : QByteArray();
}

inline void bindQ(sqlite3_stmt *s, int i, const QString &v)
{
    const QByteArray u = v.toUtf8();
    sqlite3_bind_text(s, i, u.constData(), int(u.size()), SQLITE_TRANSIENT);
}
inline void bindB(sqlite3_stmt *s, int i, const QByteArray &v)
{
    sqlite3_bind_text(s, i, v.constData(), int(v.size()), SQLITE_TRANSIENT);
}

inline void bindDevice(sqlite3_stmt *s, std::int64_t session, const DeviceInfo &d)
{
    sqlite3_bind_int64(s, 1, session);
    sqlite3_bind_int64(s, 2, d.id);
    sqlite3_bind_int64(s, 3, d.rankId);
    sqlite3_bind_int64(s, 4, d.hostPid);
    bindQ(s, 5, d.hostname);
    sqlite3_bind_int64(s, 6, d.monotonicBegin);
    sqlite3_bind_int64(s, 7, d.monotonicEnd);
    sqlite3_bind_int64(s, 8, d.wallBeginUs);
    sqlite3_bind_int64(s, 9, d.wallEndUs);
    sqlite3_bind_int64(s, 10, d.aiCoreNum);
    sqlite3_bind_int64(s, 11, d.aiCpuNum);
    sqlite3_bind_int64(s, 12, d.aicFrequencyMHz);
    sqlite3_bind_int64(s, 13, d.hwtsFrequencyMHz);
    bindQ(s, 14, d.chip);
}

// A session's devices (?1 = session) in the column order bindDevice binds them after the
// session, for deviceRow.
constexpr const char *kSelectDevices =
    "SELECT id, rank_id, host_pid, hostname, monotonic_begin, monotonic_end, wall_begin_us, wall_end_us, ai_core_num, "
    "ai_cpu_num, aic_freq, hwts_freq, chip FROM devices WHERE session = ?1 ORDER BY id";

// The device in the current row of kSelectDevices.
inline DeviceInfo deviceRow(sqlite3_stmt *d)
{
    DeviceInfo di;
    di.id = colU16(d, 0);
    di.rankId = colU32(d, 1);
    di.hostPid = colU32(d, 2);
    di.hostname = colQ(d, 3);
    di.monotonicBegin = colI(d, 4);
    di.monotonicEnd = colI(d, 5);
    di.wallBeginUs = colI(d, 6);
    di.wallEndUs = colI(d, 7);
    di.aiCoreNum = int(colI(d, 8));
    di.aiCpuNum = int(colI(d, 9));
    di.aicFrequencyMHz = int(colI(d, 10));
    di.hwtsFrequencyMHz = int(colI(d, 11));
    di.chip = colQ(d, 12);
    return di;
}

constexpr const char *kUpsertDevice =
    "INSERT INTO devices(session, id, rank_id, host_pid, hostname, monotonic_begin, monotonic_end, "
    "wall_begin_us, wall_end_us, ai_core_num, ai_cpu_num, aic_freq, hwts_freq, chip) "
    "VALUES(?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12,?13,?14) "
    "ON CONFLICT(session, id) DO UPDATE SET rank_id=excluded.rank_id, host_pid=excluded.host_pid, "
    "hostname=excluded.hostname, monotonic_begin=excluded.monotonic_begin, "
    "monotonic_end=excluded.monotonic_end, wall_begin_us=excluded.wall_begin_us, "
    "wall_end_us=excluded.wall_end_us, ai_core_num=excluded.ai_core_num, ai_cpu_num=excluded.ai_cpu_num, "
    "aic_freq=excluded.aic_freq, hwts_freq=excluded.hwts_freq, chip=excluded.chip";


// Steps a bound insert and makes it reusable; SQLITE_DONE becomes SQLITE_OK.
inline int stepReset(sqlite3_stmt *s)
{
    const int rc = sqlite3_step(s);
    sqlite3_reset(s);
    return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

// Reads the session row, its devices, models and record counts (project.cpp). rc receives
// the SQLite code of a failure; returns false when the session does not exist or reading
// failed.
bool loadSummary(const Db &db, std::int64_t id, SessionSummary *out, int *rc);

} // namespace internal

struct Project::Impl {
    QString path;
    Mode mode = Mode::ReadOnly;
    detail::Db db;
    bool fullyChecked = false;
    mutable StoreError error = StoreError::None;
    mutable QString errorText;
};

} // namespace npuscope::store
