// Project: open, verify, the session list, session notes (the reader, writer and upgrade
// are in project_reader.cpp, project_writer*.cpp and project_upgrade.cpp).
#include "core/store/project_internal.h"
#include "core/store/lod.h"
#include "core/store/schema.h"
#include "core/store/writer_lock.h"

#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <vector>

namespace npuscope::store {

using namespace internal;

bool internal::loadSummary(const Db &db, std::int64_t id, SessionSummary *out, int *rc)
{
    Stmt s;
    *rc = db.prepare("SELECT name, source, spec_json, options_json, seed, app_version, started_wall_us, "
                     "ended_wall_us, status, aged_bytes FROM sessions WHERE id = ?1", &s);
    if (*rc != SQLITE_OK)
        return false;
    sqlite3_bind_int64(s.get(), 1, id);
    int step = sqlite3_step(s.get());
    if (step != SQLITE_ROW) {
        *rc = step == SQLITE_DONE ? SQLITE_OK : step;
        return false;
    }
    SessionSummary sum;
    sum.id = id;
    SessionInfo &info = sum.info;
    info.name = colQ(s.get(), 0);
    info.source = colQ(s.get(), 1);
    SessionSpec spec;
    if (SessionSpec::fromJson(colB(s.get(), 2), &spec, nullptr))
        info.spec = spec;
    info.spec.seed = u64(colI(s.get(), 4)); // the column is authoritative for the seed
    info.optionsJson = colB(s.get(), 3);
    info.appVersion = colQ(s.get(), 5);
    info.createdWallUs = colI(s.get(), 6);
    sum.startedWallUs = info.createdWallUs;
    sum.endedWallUs = colI(s.get(), 7);
    if (!sessionStatusFromName(colQ(s.get(), 8), &sum.status))
        sum.status = SessionStatus::Failed;
    sum.agedBytes = u64(colI(s.get(), 9));

    *rc = eachRow(db, kSelectDevices, id, -1, [&](sqlite3_stmt *d) {
        info.devices.push_back(deviceRow(d));
        return true;
    });
    if (*rc == SQLITE_OK)
        *rc = eachRow(db, "SELECT id, name, iterations FROM models WHERE session = ?1 ORDER BY id", id, -1,
                      [&](sqlite3_stmt *m) {
                          info.models.push_back(ModelInfo{colU32(m, 0), colQ(m, 1), int(colI(m, 2))});
                          return true;
                      });
    if (*rc == SQLITE_OK)
        *rc = eachRow(db, "SELECT name FROM pmu_columns WHERE session = ?1 ORDER BY idx", id, -1, [&](sqlite3_stmt *pc) {
            info.pmuColumns << colQ(pc, 0);
            return true;
        });
    if (*rc == SQLITE_OK)
        *rc = eachRow(db, "SELECT kind, n FROM record_counts WHERE session = ?1", id, -1, [&](sqlite3_stmt *c) {
            const std::uint64_t n = u64(colI(c, 1));
            sum.recordCount += n;
            if (colQ(c, 0) == QLatin1String("tasks"))
                sum.taskCount = n;
            return true;
        });
    if (*rc != SQLITE_OK)
        return false;
    *out = std::move(sum);
    return true;
}

// ---------------------------------------------------------------------------------------
// Project

Project::Project(std::unique_ptr<Impl> impl) : d(std::move(impl)) {}
Project::~Project() = default;

std::unique_ptr<Project> Project::open(const QString &path, Mode mode, StoreError *err, QString *message, Check check,
                                       const std::atomic_bool *cancel)
{
    StoreError e = StoreError::None;
    QString m;
    auto impl = std::make_unique<Impl>();
    impl->path = QFileInfo(path).absoluteFilePath();
    impl->mode = mode;
    if (!detail::openProject(impl->path, mode == Mode::ReadOnly ? detail::OpenKind::ReadOnly : detail::OpenKind::ReadWrite,
                             deepCheckFor(check), /*forWriter=*/false, &impl->db, &e, &m,
                             /*allowOlder=*/false, /*fileVersion=*/nullptr, cancel, &impl->fullyChecked)) {
        if (err)
            *err = e;
        if (message)
            *message = m;
        return nullptr;
    }
    if (mode == Mode::ReadWrite)
        impl->db.exec("PRAGMA foreign_keys = ON"); // deleting a session cascades to its records
    if (err)
        *err = StoreError::None;
    return std::unique_ptr<Project>(new Project(std::move(impl)));
}

QString Project::path() const
{
    return d->path;
}

bool Project::fullyChecked() const
{
    return d->fullyChecked;
}

bool Project::closedCleanly() const
{
    int rc = SQLITE_OK;
    return detail::closedCleanly(d->db, &rc) && rc == SQLITE_OK;
}

bool Project::verify(const QString &pathIn, StoreError *err, QString *message, const std::atomic_bool *cancel,
                     VerifyInfo *info, bool alongsideWriters)
{
    const QString path = QFileInfo(pathIn).absoluteFilePath();
    VerifyInfo vi;
    vi.bytes = std::uint64_t(std::max<qint64>(0, QFileInfo(path).size()));
    StoreError e = StoreError::None;
    QString m;
    Db wal; // kept open (idle) while the scan reads, so the file stays in WAL mode meanwhile
    if (alongsideWriters
        && detail::openProject(path, detail::OpenKind::ReadWrite, detail::DeepCheck::No, /*forWriter=*/false, &wal, &e, &m)) {
        sqlite3_busy_timeout(wal.get(), 0); // never wait: a file that cannot switch now is read as it is
        detail::enterWal(wal);
    }
    Db db;
    const bool ok = detail::openProject(path, detail::OpenKind::ReadOnly, detail::DeepCheck::Yes, /*forWriter=*/false,
                                        &db, &e, &m, /*allowOlder=*/false, /*fileVersion=*/nullptr, cancel);
    if (ok) {
        int rc = SQLITE_OK;
        vi.closedCleanly = detail::closedCleanly(db, &rc);
        // data_version changes when another connection commits: the marker below may only
        // vouch for exactly what the scan read.
        const std::int64_t seen = db.scalar("PRAGMA data_version", &rc);
        if (rc == SQLITE_OK && !vi.closedCleanly) {
            detail::WriterLock lock;
            StoreError le = StoreError::None;
            QString lm;
            // Never waits for, or blocks, a recording: a busy lock means one is writing (it
            // writes the marker itself when it finishes).
            if (lock.acquire(path, &le, &lm) && db.scalar("PRAGMA data_version", &rc) == seen && rc == SQLITE_OK) {
                Db rw;
                if (detail::openProject(path, detail::OpenKind::ReadWrite, detail::DeepCheck::No, /*forWriter=*/true, &rw,
                                        &le, &lm))
                    vi.markedClean = detail::markCleanClose(rw) == SQLITE_OK;
            }
        }
    }
    if (info)
        *info = vi;
    if (err)
        *err = ok ? StoreError::None : e;
    if (message)
        *message = ok ? QString() : m;
    return ok;
}

std::vector<SessionSummary> Project::sessions() const
{
    std::vector<SessionSummary> out;
    d->error = StoreError::None;
    d->errorText.clear();
    const auto failed = [&](int rc) {
        d->error = detail::errorFromCode(rc);
        d->errorText = detail::messageFromCode(rc, d->path, d->db.lastMessage());
        return out;
    };
    Stmt s;
    int rc = d->db.prepare("SELECT id FROM sessions ORDER BY id", &s);
    if (rc != SQLITE_OK)
        return failed(rc);
    std::vector<std::int64_t> ids;
    while ((rc = sqlite3_step(s.get())) == SQLITE_ROW)
        ids.push_back(colI(s.get(), 0));
    if (rc != SQLITE_DONE)
        return failed(rc);
    for (std::int64_t id : ids) {
        SessionSummary sum;
        if (loadSummary(d->db, id, &sum, &rc))
            out.push_back(std::move(sum));
        else if (rc != SQLITE_OK)
            return failed(rc);
    }
    return out;
}

StoreError Project::error() const
{
    return d->error;
}

QString Project::errorString() const
{
    return d->errorText;
}

QByteArray Project::sessionNote(std::int64_t sessionId, const QString &key) const
{
    Stmt s;
    if (d->db.prepare("SELECT value FROM session_notes WHERE session = ?1 AND key = ?2", &s) != SQLITE_OK)
        return {};
    sqlite3_bind_int64(s.get(), 1, sessionId);
    bindQ(s.get(), 2, key);
    if (sqlite3_step(s.get()) != SQLITE_ROW)
        return {};
    return QByteArray(static_cast<const char *>(sqlite3_column_blob(s.get(), 0)), sqlite3_column_bytes(s.get(), 0));
}

} // namespace npuscope::store
