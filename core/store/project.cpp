#include "core/store/project.h"
#include "core/options/profiling_options.h"
#include "core/store/sqlite_db.h"
#include "core/store/writer_lock.h"
#include "core/store/lod.h"
#include "core/store/schema.h"
#include "core/store/session_records.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStorageInfo>
#include <QtEndian>

#include <algorithm>
#include <cstring>
#include <map>
#include <mutex>
#include <set>
#include <tuple>
#include <unordered_map>
#include <vector>

#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace npuscope::store {

using detail::Db;
using detail::Stmt;

namespace {

// lupdate extracts ProjectStore::tr("...") under the context "ProjectStore".
struct ProjectStore {
    Q_DECLARE_TR_FUNCTIONS(ProjectStore)
};

QString shown(const QString &path)
{
    return QDir::toNativeSeparators(path);
}

std::int64_t nowWallUs()
{
    return QDateTime::currentMSecsSinceEpoch() * 1000;
}

// Unsigned 64-bit values keep their bits in a signed INTEGER column.
inline std::int64_t s64(std::uint64_t v) { return static_cast<std::int64_t>(v); }
inline std::uint64_t u64(std::int64_t v) { return static_cast<std::uint64_t>(v); }

detail::DeepCheck deepCheckFor(Project::Check check)
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
const char *kindName(int k) { return k < KCount ? kKinds[k] : detail::kSessionRecordKinds[k - KCount]; }


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

void bindQ(sqlite3_stmt *s, int i, const QString &v)
{
    const QByteArray u = v.toUtf8();
    sqlite3_bind_text(s, i, u.constData(), int(u.size()), SQLITE_TRANSIENT);
}
void bindB(sqlite3_stmt *s, int i, const QByteArray &v)
{
    sqlite3_bind_text(s, i, v.constData(), int(v.size()), SQLITE_TRANSIENT);
}

void bindDevice(sqlite3_stmt *s, std::int64_t session, const DeviceInfo &d)
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

constexpr const char *kUpsertDevice =
    "INSERT INTO devices(session, id, rank_id, host_pid, hostname, monotonic_begin, monotonic_end, "
    "wall_begin_us, wall_end_us, ai_core_num, ai_cpu_num, aic_freq, hwts_freq, chip) "
    "VALUES(?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12,?13,?14) "
    "ON CONFLICT(session, id) DO UPDATE SET rank_id=excluded.rank_id, host_pid=excluded.host_pid, "
    "hostname=excluded.hostname, monotonic_begin=excluded.monotonic_begin, "
    "monotonic_end=excluded.monotonic_end, wall_begin_us=excluded.wall_begin_us, "
    "wall_end_us=excluded.wall_end_us, ai_core_num=excluded.ai_core_num, ai_cpu_num=excluded.ai_cpu_num, "
    "aic_freq=excluded.aic_freq, hwts_freq=excluded.hwts_freq, chip=excluded.chip";

// Reads the session row, its devices, models and record counts. rc receives the SQLite
// code of a failure; returns false when the session does not exist or reading failed.
bool loadSummary(const Db &db, std::int64_t id, SessionSummary *out, int *rc)
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

    Stmt d;
    *rc = db.prepare("SELECT id, rank_id, host_pid, hostname, monotonic_begin, monotonic_end, wall_begin_us, "
                     "wall_end_us, ai_core_num, ai_cpu_num, aic_freq, hwts_freq, chip FROM devices "
                     "WHERE session = ?1 ORDER BY id", &d);
    if (*rc != SQLITE_OK)
        return false;
    sqlite3_bind_int64(d.get(), 1, id);
    while ((step = sqlite3_step(d.get())) == SQLITE_ROW) {
        DeviceInfo di;
        di.id = colU16(d.get(), 0);
        di.rankId = colU32(d.get(), 1);
        di.hostPid = colU32(d.get(), 2);
        di.hostname = colQ(d.get(), 3);
        di.monotonicBegin = colI(d.get(), 4);
        di.monotonicEnd = colI(d.get(), 5);
        di.wallBeginUs = colI(d.get(), 6);
        di.wallEndUs = colI(d.get(), 7);
        di.aiCoreNum = int(colI(d.get(), 8));
        di.aiCpuNum = int(colI(d.get(), 9));
        di.aicFrequencyMHz = int(colI(d.get(), 10));
        di.hwtsFrequencyMHz = int(colI(d.get(), 11));
        di.chip = colQ(d.get(), 12);
        info.devices.push_back(di);
    }
    if (step != SQLITE_DONE) {
        *rc = step;
        return false;
    }

    Stmt m;
    *rc = db.prepare("SELECT id, name, iterations FROM models WHERE session = ?1 ORDER BY id", &m);
    if (*rc != SQLITE_OK)
        return false;
    sqlite3_bind_int64(m.get(), 1, id);
    while ((step = sqlite3_step(m.get())) == SQLITE_ROW)
        info.models.push_back(ModelInfo{colU32(m.get(), 0), colQ(m.get(), 1), int(colI(m.get(), 2))});
    if (step != SQLITE_DONE) {
        *rc = step;
        return false;
    }

    Stmt pc;
    *rc = db.prepare("SELECT name FROM pmu_columns WHERE session = ?1 ORDER BY idx", &pc);
    if (*rc != SQLITE_OK)
        return false;
    sqlite3_bind_int64(pc.get(), 1, id);
    while ((step = sqlite3_step(pc.get())) == SQLITE_ROW)
        info.pmuColumns << colQ(pc.get(), 0);
    if (step != SQLITE_DONE) {
        *rc = step;
        return false;
    }

    Stmt c;
    *rc = db.prepare("SELECT kind, n FROM record_counts WHERE session = ?1", &c);
    if (*rc != SQLITE_OK)
        return false;
    sqlite3_bind_int64(c.get(), 1, id);
    while ((step = sqlite3_step(c.get())) == SQLITE_ROW) {
        const std::uint64_t n = u64(colI(c.get(), 1));
        const QString kind = colQ(c.get(), 0);
        sum.recordCount += n;
        if (kind == QLatin1String("tasks"))
            sum.taskCount = n;
    }
    if (step != SQLITE_DONE) {
        *rc = step;
        return false;
    }
    *rc = SQLITE_OK;
    *out = std::move(sum);
    return true;
}

} // namespace

// ---------------------------------------------------------------------------------------
// Project

struct Project::Impl {
    QString path;
    Mode mode = Mode::ReadOnly;
    Db db;
    bool fullyChecked = false;
    mutable StoreError error = StoreError::None;
    mutable QString errorText;
};

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
        wal.exec("PRAGMA journal_mode = WAL");
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

// ---------------------------------------------------------------------------------------
// Project::upgrade

namespace {

// *cancelled is set when the cancel flag stopped the comparison (false is returned then).
bool sameBytes(const QString &a, const QString &b, bool *same, QString *why, const std::atomic_bool *cancel,
               bool *cancelled)
{
    QFile fa(a), fb(b);
    if (!fa.open(QIODevice::ReadOnly) || !fb.open(QIODevice::ReadOnly)) {
        *why = fa.isOpen() ? fb.errorString() : fa.errorString();
        return false;
    }
    *same = fa.size() == fb.size();
    while (*same && !fa.atEnd()) {
        if (cancel && cancel->load()) {
            *cancelled = true;
            return false;
        }
        const QByteArray x = fa.read(1 << 20), y = fb.read(1 << 20);
        if (x.isEmpty() && fa.error() != QFileDevice::NoError) {
            *why = fa.errorString();
            return false;
        }
        *same = x == y;
    }
    return true;
}

// Copies `from` to `to` so that `to` is either absent or the whole file, on disk: written
// under a temporary name, fsynced, renamed, and the folder fsynced for the rename.
// Stopped by *cancel: false with *cancelled set, and nothing left behind.
bool durableCopy(const QString &from, const QString &to, QString *why, const std::atomic_bool *cancel,
                 const ByteProgress &progress, bool *cancelled)
{
    const QString tmp = to + QStringLiteral(".tmp-%1").arg(::getpid());
    const int in = ::open(QFile::encodeName(from).constData(), O_RDONLY | O_CLOEXEC);
    if (in < 0) {
        *why = QString::fromLocal8Bit(std::strerror(errno));
        return false;
    }
    const int out = ::open(QFile::encodeName(tmp).constData(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (out < 0) {
        *why = QString::fromLocal8Bit(std::strerror(errno));
        ::close(in);
        return false;
    }
    std::vector<char> buf(1 << 20);
    int e = 0;
    struct stat st {};
    const std::uint64_t total = ::fstat(in, &st) == 0 ? std::uint64_t(st.st_size) : 0;
    std::uint64_t copied = 0;
    for (;;) {
        if (cancel && cancel->load()) {
            *cancelled = true;
            break;
        }
        if (progress)
            progress(copied, total);
        const ssize_t n = ::read(in, buf.data(), buf.size());
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            e = errno;
            break;
        }
        if (n == 0)
            break;
        for (ssize_t done = 0; done < n;) {
            const ssize_t w = ::write(out, buf.data() + done, size_t(n - done));
            if (w < 0 && errno == EINTR)
                continue;
            if (w < 0) {
                e = errno;
                break;
            }
            done += w;
        }
        if (e)
            break;
        copied += std::uint64_t(n);
    }
    if (!e && !*cancelled && ::fsync(out) != 0)
        e = errno;
    if (::close(out) != 0 && !e)
        e = errno;
    ::close(in);
    if (!e && !*cancelled && ::rename(QFile::encodeName(tmp).constData(), QFile::encodeName(to).constData()) != 0)
        e = errno;
    if (e || *cancelled) {
        ::unlink(QFile::encodeName(tmp).constData());
        if (e)
            *why = QString::fromLocal8Bit(std::strerror(e));
        return false;
    }
    if (progress)
        progress(copied, total);
    const int dir = ::open(QFile::encodeName(QFileInfo(to).absolutePath()).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir >= 0) {
        ::fsync(dir);
        ::close(dir);
    }
    return true;
}

} // namespace

bool Project::upgrade(const QString &pathIn, UpgradeResult *result, StoreError *err, QString *message,
                      const std::atomic_bool *cancel, const ByteProgress &progress)
{
    const QString path = QFileInfo(pathIn).absoluteFilePath();
    auto failed = [&](StoreError code, const QString &text) {
        if (err)
            *err = code;
        if (message)
            *message = text;
        return false;
    };
    if (!QFileInfo(path).isFile())
        return failed(QFileInfo::exists(path) ? StoreError::NotProject : StoreError::NotFound,
                      QFileInfo::exists(path) ? ProjectStore::tr("%1 is a folder, not an NPU Scope project.").arg(shown(path))
                                              : ProjectStore::tr("The project %1 does not exist.").arg(shown(path)));
    StoreError e = StoreError::None;
    QString m;
    // A recording must not be writing while the schema changes under it.
    detail::WriterLock lock;
    if (!lock.acquire(path, &e, &m))
        return failed(e, m);
    Db db;
    int version = 0;
    if (!detail::openProject(path, detail::OpenKind::ReadWrite, detail::DeepCheck::Yes, /*forWriter=*/true, &db, &e, &m,
                             /*allowOlder=*/true, &version))
        return failed(e, m);
    UpgradeResult r;
    r.fromVersion = version;
    r.toVersion = kSchemaVersion;
    if (version == kSchemaVersion) {
        if (result)
            *result = r;
        if (err)
            *err = StoreError::None;
        return true;
    }

    // The backup must be the whole file: move what the -wal file holds into it first.
    int logFrames = 0, done = 0;
    int rc = sqlite3_wal_checkpoint_v2(db.get(), nullptr, SQLITE_CHECKPOINT_TRUNCATE, &logFrames, &done);
    if (rc != SQLITE_OK)
        return failed(detail::errorFromCode(rc),
                      (rc & 0xff) == SQLITE_BUSY
                          ? ProjectStore::tr("The project %1 is in use by another program and cannot be upgraded now; "
                                             "close it there and try again.").arg(shown(path))
                          : detail::messageFromCode(rc, path, db.lastMessage()));

    r.backupPath = detail::upgradeBackupPath(path, version);
    bool cancelled = false;
    const auto cancelledText = [&] {
        return ProjectStore::tr("The upgrade of %1 was cancelled; the project is unchanged (schema %2).").arg(shown(path), QString::number(version));
    };
    if (QFileInfo::exists(r.backupPath)) {
        bool same = false;
        QString why;
        if (!sameBytes(path, r.backupPath, &same, &why, cancel, &cancelled))
            return cancelled ? failed(StoreError::Cancelled, cancelledText())
                             : failed(StoreError::Io, ProjectStore::tr("The backup %1 could not be compared with the project: %2.")
                                                          .arg(shown(r.backupPath), why));
        if (!same)
            return failed(StoreError::Io,
                          ProjectStore::tr("The project %1 was not upgraded: a different file %2 already exists where the "
                                           "original would be kept. Move that file away and try again.")
                              .arg(shown(path), shown(r.backupPath)));
    } else {
        QString why;
        if (!durableCopy(path, r.backupPath, &why, cancel, progress, &cancelled))
            return cancelled ? failed(StoreError::Cancelled, cancelledText())
                             : failed(StoreError::Io, ProjectStore::tr("The project %1 was not upgraded: its backup %2 could "
                                                                       "not be written (%3).")
                                                          .arg(shown(path), shown(r.backupPath), why));
    }

    // Same fault-injection hook as the writer's, so a test can make the migration itself
    // run out of space.
    const QByteArray maxPages = qgetenv("NPUSCOPE_TEST_MAX_PAGES");
    if (!maxPages.isEmpty() && maxPages.toLongLong() > 0)
        db.exec(("PRAGMA max_page_count = " + maxPages).constData());
    QString step;
    if (cancel && cancel->load())
        return failed(StoreError::Cancelled, cancelledText());
    // The migration is one transaction: cancelling interrupts it and rolls it back.
    if (cancel)
        sqlite3_progress_handler(db.get(), 1000, [](void *flag) -> int {
            return static_cast<const std::atomic_bool *>(flag)->load() ? 1 : 0;
        }, const_cast<std::atomic_bool *>(cancel));
    rc = detail::migrate(db, version, &step);
    if (cancel)
        sqlite3_progress_handler(db.get(), 0, nullptr, nullptr);
    if (rc != SQLITE_OK && cancel && cancel->load())
        return failed(StoreError::Cancelled, cancelledText());
    if (rc != SQLITE_OK)
        return failed(detail::errorFromCode(rc),
                      ProjectStore::tr("The project %1 could not be upgraded (%2); it is unchanged (schema %3) and its "
                                       "backup is %4.").arg(shown(path), step, QString::number(version), shown(r.backupPath)));
    // The file passed the full check above and the migration committed: a clean close (a
    // failure here only costs the next open a page scan).
    detail::markCleanClose(db);
    // Leave the new version in the main file's header too.
    sqlite3_wal_checkpoint_v2(db.get(), nullptr, SQLITE_CHECKPOINT_TRUNCATE, &logFrames, &done);
    // Now a file of the current schema: it is left at rest like any other.
    db.settleOnClose();
    if (result)
        *result = r;
    if (err)
        *err = StoreError::None;
    return true;
}

// ---------------------------------------------------------------------------------------
// ProjectReader

struct ProjectReader::Impl {
    QString path;
    Db db;
    std::int64_t session = 0;
    SessionInfo info;
    mutable SessionStatus status = SessionStatus::Running;
    // Producers number strings and ops densely from 1, so a vector indexed by id is the
    // common case; a pathological sparse numbering falls back to a map.
    std::vector<std::string> strings;
    std::unordered_map<StrId, std::string> sparseStrings;
    std::vector<OpDesc> ops; // ops[id].id == id when present, 0 otherwise
    std::unordered_map<std::uint32_t, OpDesc> sparseOps;

    mutable std::mutex errorMutex;
    mutable QString lastError;

    bool fail(int rc) const
    {
        std::lock_guard lock(errorMutex);
        lastError = detail::messageFromCode(rc, path, db.lastMessage());
        return false;
    }

    bool prepareIter(const char *sql, const IterationKey &k, Stmt *s) const
    {
        const int rc = db.prepare(sql, s);
        if (rc != SQLITE_OK)
            return fail(rc);
        sqlite3_bind_int64(s->get(), 1, session);
        sqlite3_bind_int64(s->get(), 2, k.device);
        sqlite3_bind_int64(s->get(), 3, k.modelId);
        sqlite3_bind_int64(s->get(), 4, k.iteration);
        return true;
    }

    // Steps `s` to the end, handing each row to `row` until it returns false.
    template<typename Row>
    bool run(const Stmt &s, Row &&row) const
    {
        int rc;
        while ((rc = sqlite3_step(s.get())) == SQLITE_ROW) {
            if (!row(s.get()))
                return true;
        }
        return rc == SQLITE_DONE ? true : fail(rc);
    }
};

namespace {
constexpr std::size_t kDenseLimit = 1u << 24;
}

std::unique_ptr<ProjectReader> Project::session(std::int64_t sessionId, QString *message) const
{
    auto impl = std::make_unique<ProjectReader::Impl>();
    impl->path = d->path;
    impl->session = sessionId;
    StoreError e = StoreError::None;
    QString m;
    // The file passed the deep check when this Project was opened; a second quick_check
    // per view would only cost time.
    if (!detail::openProject(d->path, detail::OpenKind::ReadOnly, detail::DeepCheck::No, /*forWriter=*/false,
                             &impl->db, &e, &m)) {
        if (message)
            *message = m;
        return nullptr;
    }
    const Db &db = impl->db;
    SessionSummary sum;
    int rc = SQLITE_OK;
    if (!loadSummary(db, sessionId, &sum, &rc)) {
        if (message)
            *message = rc == SQLITE_OK
                ? ProjectStore::tr("The project %1 has no session %2.").arg(shown(d->path), QString::number(sessionId))
                : detail::messageFromCode(rc, d->path, db.lastMessage());
        return nullptr;
    }
    impl->info = std::move(sum.info);
    impl->status = sum.status;

    auto failed = [&](int code) {
        if (message)
            *message = detail::messageFromCode(code, d->path, db.lastMessage());
        return nullptr;
    };

    Stmt s;
    if ((rc = db.prepare("SELECT id, text FROM strings WHERE session = ?1 ORDER BY id", &s)) != SQLITE_OK)
        return failed(rc);
    sqlite3_bind_int64(s.get(), 1, sessionId);
    while ((rc = sqlite3_step(s.get())) == SQLITE_ROW) {
        const auto id = colU32(s.get(), 0);
        const auto *t = reinterpret_cast<const char *>(sqlite3_column_text(s.get(), 1));
        std::string text(t ? t : "", size_t(sqlite3_column_bytes(s.get(), 1)));
        if (id < kDenseLimit) {
            if (impl->strings.size() <= id)
                impl->strings.resize(size_t(id) + 1);
            impl->strings[id] = std::move(text);
        } else {
            impl->sparseStrings.emplace(id, std::move(text));
        }
    }
    if (rc != SQLITE_DONE)
        return failed(rc);

    if ((rc = db.prepare("SELECT id, model, name, op_type, input_shapes, input_data_types, input_formats, "
                         "output_shapes, output_data_types, output_formats, block_dim, ai_cpu, mix_block_dim, core_type "
                         "FROM ops WHERE session = ?1 ORDER BY id", &s)) != SQLITE_OK)
        return failed(rc);
    sqlite3_bind_int64(s.get(), 1, sessionId);
    while ((rc = sqlite3_step(s.get())) == SQLITE_ROW) {
        sqlite3_stmt *q = s.get();
        OpDesc o;
        o.id = colU32(q, 0);
        o.modelId = colU32(q, 1);
        o.name = colU32(q, 2);
        o.opType = colU32(q, 3);
        o.inputShapes = colU32(q, 4);
        o.inputDataTypes = colU32(q, 5);
        o.inputFormats = colU32(q, 6);
        o.outputShapes = colU32(q, 7);
        o.outputDataTypes = colU32(q, 8);
        o.outputFormats = colU32(q, 9);
        o.blockDim = colU16(q, 10);
        o.aiCpu = colI(q, 11) != 0;
        o.mixBlockDim = colU16(q, 12);
        o.coreType = colU32(q, 13);
        if (o.id == 0)
            continue; // id 0 means "no op" in every record
        if (o.id < kDenseLimit) {
            if (impl->ops.size() <= o.id)
                impl->ops.resize(size_t(o.id) + 1);
            impl->ops[o.id] = o;
        } else {
            impl->sparseOps.emplace(o.id, o);
        }
    }
    if (rc != SQLITE_DONE)
        return failed(rc);
    return std::make_unique<ProjectReader>(std::move(impl));
}

ProjectReader::ProjectReader(std::unique_ptr<Impl> impl) : d(std::move(impl)) {}
ProjectReader::~ProjectReader() = default;

std::int64_t ProjectReader::sessionId() const
{
    return d->session;
}

const SessionInfo &ProjectReader::sessionInfo() const
{
    return d->info;
}

SessionStatus ProjectReader::status() const
{
    // Re-read: a live view follows a recording that is still being written.
    Stmt s;
    if (d->db.prepare("SELECT status FROM sessions WHERE id = ?1", &s) == SQLITE_OK) {
        sqlite3_bind_int64(s.get(), 1, d->session);
        SessionStatus st;
        const int rc = sqlite3_step(s.get());
        if (rc == SQLITE_ROW && sessionStatusFromName(colQ(s.get(), 0), &st))
            d->status = st;
        else if (rc != SQLITE_ROW && rc != SQLITE_DONE)
            d->fail(rc); // the status read before stands; errorString() says why it is not fresh
    }
    return d->status;
}

QString ProjectReader::errorString() const
{
    std::lock_guard lock(d->errorMutex);
    return d->lastError;
}

std::string_view ProjectReader::string(StrId id) const
{
    if (id < d->strings.size())
        return d->strings[id];
    if (auto it = d->sparseStrings.find(id); it != d->sparseStrings.end())
        return it->second;
    return {};
}

const OpDesc *ProjectReader::op(std::uint32_t opId) const
{
    if (opId == 0)
        return nullptr;
    if (opId < d->ops.size())
        return d->ops[opId].id == opId ? &d->ops[opId] : nullptr;
    if (auto it = d->sparseOps.find(opId); it != d->sparseOps.end())
        return &it->second;
    return nullptr;
}

std::vector<IterationKey> ProjectReader::iterations() const
{
    std::vector<IterationKey> out;
    Stmt s;
    const int rc = d->db.prepare("SELECT device, model, iteration FROM iterations WHERE session = ?1 "
                                 "ORDER BY device, model, iteration", &s);
    if (rc != SQLITE_OK) {
        d->fail(rc);
        return out;
    }
    sqlite3_bind_int64(s.get(), 1, d->session);
    d->run(s, [&](sqlite3_stmt *q) {
        out.push_back(IterationKey{colU16(q, 0), colU32(q, 1), colU32(q, 2)});
        return true;
    });
    return out;
}

bool ProjectReader::forEachTask(const IterationKey &k, const TaskFn &fn) const
{
    Stmt s;
    if (!d->prepareIter("SELECT t.stream, t.task_id, t.batch_id, t.type, t.start, t.duration, t.pending, t.op, "
                        "t.name, t.total_cycles, t.l2_hit, t.l2_victim, p.pmu, t.kind "
                        "FROM tasks t LEFT JOIN task_pmu p ON p.task = t.id "
                        "WHERE t.session = ?1 AND t.device = ?2 AND t.model = ?3 AND t.iteration = ?4 "
                        "ORDER BY t.start, t.stream, t.task_id, t.id", k, &s))
        return false;
    TaskRecord r;
    r.device = k.device;
    r.modelId = k.modelId;
    r.iteration = k.iteration;
    return d->run(s, [&](sqlite3_stmt *q) {
        r.streamId = colU32(q, 0);
        r.taskId = colU32(q, 1);
        r.batchId = colU32(q, 2);
        r.type = colU32(q, 3);
        r.kind = static_cast<TaskKind>(colI(q, 13) & (kTaskKindLimit - 1));
        r.start = colI(q, 4);
        r.duration = colI(q, 5);
        r.pending = colI(q, 6);
        r.opId = colU32(q, 7);
        r.name = colU32(q, 8);
        r.totalCycles = u64(colI(q, 9));
        r.l2HitRate = static_cast<float>(sqlite3_column_double(q, 10));
        r.l2VictimRate = static_cast<float>(sqlite3_column_double(q, 11));
        detail::readPmuBlob(q, 12, &r.pmu);
        return fn(r);
    });
}

bool ProjectReader::scanTasks(const TaskFn &fn) const
{
    Stmt s;
    // NOT INDEXED: the table in rowid order (the pages as written) beats an index walk
    // with a table look-up per row.
    const int rc = d->db.prepare("SELECT device, model, iteration, stream, task_id, batch_id, type, start, duration, "
                                 "pending, op, name, total_cycles, l2_hit, l2_victim, kind "
                                 "FROM tasks NOT INDEXED WHERE session = ?1", &s);
    if (rc != SQLITE_OK)
        return d->fail(rc);
    sqlite3_bind_int64(s.get(), 1, d->session);
    TaskRecord r;
    return d->run(s, [&](sqlite3_stmt *q) {
        r.device = std::uint16_t(colU32(q, 0));
        r.modelId = colU32(q, 1);
        r.iteration = colU32(q, 2);
        r.streamId = colU32(q, 3);
        r.taskId = colU32(q, 4);
        r.batchId = colU32(q, 5);
        r.type = colU32(q, 6);
        r.start = colI(q, 7);
        r.duration = colI(q, 8);
        r.pending = colI(q, 9);
        r.opId = colU32(q, 10);
        r.name = colU32(q, 11);
        r.totalCycles = u64(colI(q, 12));
        r.l2HitRate = static_cast<float>(sqlite3_column_double(q, 13));
        r.l2VictimRate = static_cast<float>(sqlite3_column_double(q, 14));
        r.kind = static_cast<TaskKind>(colI(q, 15) & (kTaskKindLimit - 1));
        return fn(r);
    });
}

bool ProjectReader::forEachCollective(const IterationKey &k, const CollectiveFn &fn) const
{
    Stmt s;
    if (!d->prepareIter("SELECT name, op_type, start, duration, bytes, segment FROM collectives "
                        "WHERE session = ?1 AND device = ?2 AND model = ?3 AND iteration = ?4 "
                        "ORDER BY start, rowid", k, &s))
        return false;
    CollectiveOpRecord r;
    r.device = k.device;
    r.modelId = k.modelId;
    r.iteration = k.iteration;
    return d->run(s, [&](sqlite3_stmt *q) {
        r.name = colU32(q, 0);
        r.opType = colU32(q, 1);
        r.start = colI(q, 2);
        r.duration = colI(q, 3);
        r.bytes = u64(colI(q, 4));
        r.segment = colU32(q, 5);
        return fn(r);
    });
}

bool ProjectReader::forEachHcclTask(const IterationKey &k, const HcclFn &fn) const
{
    Stmt s;
    if (!d->prepareIter("SELECT plane, name, start, duration, notify_id, duration_estimated_us, stream, task_id, "
                        "src_rank, dst_rank, transport_type, size_bytes, data_type, link_type, bandwidth_gbps "
                        "FROM hccl_tasks WHERE session = ?1 AND device = ?2 AND model = ?3 AND iteration = ?4 "
                        "ORDER BY start, stream, task_id, rowid", k, &s))
        return false;
    HcclTaskRecord r;
    r.device = k.device;
    r.modelId = k.modelId;
    r.iteration = k.iteration;
    return d->run(s, [&](sqlite3_stmt *q) {
        r.plane = colU32(q, 0);
        r.name = colU32(q, 1);
        r.start = colI(q, 2);
        r.duration = colI(q, 3);
        r.notifyId = u64(colI(q, 4));
        r.durationEstimatedUs = sqlite3_column_double(q, 5);
        r.streamId = colU32(q, 6);
        r.taskId = colU32(q, 7);
        r.srcRank = colU32(q, 8);
        r.dstRank = colU32(q, 9);
        r.transportType = colU32(q, 10);
        r.sizeBytes = u64(colI(q, 11));
        r.dataType = colU32(q, 12);
        r.linkType = colU32(q, 13);
        r.bandwidthGBps = sqlite3_column_double(q, 14);
        return fn(r);
    });
}

bool ProjectReader::forEachAiCpu(const IterationKey &k, const AiCpuFn &fn) const
{
    Stmt s;
    if (!d->prepareIter("SELECT stream, task_id, node, timestamp, compute_time, memcpy_time, task_time, "
                        "dispatch_time, total_time FROM aicpu "
                        "WHERE session = ?1 AND device = ?2 AND model = ?3 AND iteration = ?4 "
                        "ORDER BY timestamp, stream, task_id, rowid", k, &s))
        return false;
    AiCpuRecord r;
    r.device = k.device;
    r.modelId = k.modelId;
    r.iteration = k.iteration;
    return d->run(s, [&](sqlite3_stmt *q) {
        r.streamId = colU32(q, 0);
        r.taskId = colU32(q, 1);
        r.node = colU32(q, 2);
        r.timestamp = colI(q, 3);
        r.computeTime = colI(q, 4);
        r.memcpyTime = colI(q, 5);
        r.taskTime = colI(q, 6);
        r.dispatchTime = colI(q, 7);
        r.totalTime = colI(q, 8);
        return fn(r);
    });
}

bool ProjectReader::forEachHostRange(const IterationKey &k, const HostRangeFn &fn) const
{
    Stmt s;
    if (!d->prepareIter("SELECT kind, pid, tid, name, start, duration, category, event_type, payload_type, "
                        "payload_value, message_type, level FROM host_ranges "
                        "WHERE session = ?1 AND device = ?2 AND model = ?3 AND iteration = ?4 "
                        "ORDER BY start, rowid", k, &s))
        return false;
    HostRangeRecord r;
    r.device = k.device;
    r.modelId = k.modelId;
    r.iteration = k.iteration;
    return d->run(s, [&](sqlite3_stmt *q) {
        r.kind = static_cast<HostRangeRecord::Kind>(colI(q, 0));
        r.pid = colU32(q, 1);
        r.tid = colU32(q, 2);
        r.name = colU32(q, 3);
        r.start = colI(q, 4);
        r.duration = colI(q, 5);
        r.category = colU32(q, 6);
        r.eventType = colU32(q, 7);
        r.payloadType = colU32(q, 8);
        r.payloadValue = u64(colI(q, 9));
        r.messageType = colU32(q, 10);
        r.level = colU32(q, 11);
        return fn(r);
    });
}

std::vector<StepTraceRecord> ProjectReader::stepTraces(std::uint16_t device, std::uint32_t modelId) const
{
    std::vector<StepTraceRecord> out;
    Stmt s;
    const int rc = d->db.prepare("SELECT s.id, s.iteration, s.fp_start, s.bp_end, s.iteration_end, "
                                 "s.previous_iteration_end, r.start, r.end "
                                 "FROM step_traces s LEFT JOIN step_reduces r ON r.step = s.id "
                                 "WHERE s.session = ?1 AND s.device = ?2 AND s.model = ?3 "
                                 "ORDER BY s.iteration, s.id, r.idx", &s);
    if (rc != SQLITE_OK) {
        d->fail(rc);
        return out;
    }
    sqlite3_bind_int64(s.get(), 1, d->session);
    sqlite3_bind_int64(s.get(), 2, device);
    sqlite3_bind_int64(s.get(), 3, modelId);
    std::int64_t current = -1;
    d->run(s, [&](sqlite3_stmt *q) {
        const std::int64_t id = colI(q, 0);
        if (id != current) {
            current = id;
            StepTraceRecord r;
            r.device = device;
            r.modelId = modelId;
            r.iteration = colU32(q, 1);
            r.fpStart = colI(q, 2);
            r.bpEnd = colI(q, 3);
            r.iterationEnd = colI(q, 4);
            r.previousIterationEnd = colI(q, 5);
            out.push_back(std::move(r));
        }
        if (sqlite3_column_type(q, 6) != SQLITE_NULL)
            out.back().reduces.push_back(StepTraceRecord::Reduce{colI(q, 6), colI(q, 7)});
        return true;
    });
    return out;
}

std::vector<QueueEventRecord> ProjectReader::queueEvents(std::uint16_t device) const
{
    std::vector<QueueEventRecord> out;
    Stmt s;
    const int rc = d->db.prepare("SELECT timestamp, action, source, cached_buffer_size FROM queue_events "
                                 "WHERE session = ?1 AND device = ?2 ORDER BY timestamp, rowid", &s);
    if (rc != SQLITE_OK) {
        d->fail(rc);
        return out;
    }
    sqlite3_bind_int64(s.get(), 1, d->session);
    sqlite3_bind_int64(s.get(), 2, device);
    d->run(s, [&](sqlite3_stmt *q) {
        QueueEventRecord r;
        r.device = device;
        r.timestamp = colI(q, 0);
        r.action = colU32(q, 1);
        r.source = colU32(q, 2);
        r.cachedBufferSize = colU32(q, 3);
        out.push_back(r);
        return true;
    });
    return out;
}

std::vector<FusionOpRecord> ProjectReader::fusionOps(std::uint32_t modelId) const
{
    std::vector<FusionOpRecord> out;
    Stmt s;
    const int rc = d->db.prepare("SELECT model_name, fusion_op, original_ops, memory_input, memory_output, "
                                 "memory_weight, memory_workspace FROM fusion_ops "
                                 "WHERE session = ?1 AND model = ?2 ORDER BY rowid", &s);
    if (rc != SQLITE_OK) {
        d->fail(rc);
        return out;
    }
    sqlite3_bind_int64(s.get(), 1, d->session);
    sqlite3_bind_int64(s.get(), 2, modelId);
    d->run(s, [&](sqlite3_stmt *q) {
        FusionOpRecord r;
        r.modelId = modelId;
        r.modelName = colU32(q, 0);
        r.fusionOp = colU32(q, 1);
        r.originalOps = colU32(q, 2);
        r.memoryInput = u64(colI(q, 3));
        r.memoryOutput = u64(colI(q, 4));
        r.memoryWeight = u64(colI(q, 5));
        r.memoryWorkspace = u64(colI(q, 6));
        out.push_back(r);
        return true;
    });
    return out;
}

bool ProjectReader::forEachCounter(std::uint16_t device, const CounterFn &fn) const
{
    const int rc = detail::readCounters(d->db, d->session, device, fn);
    return rc == SQLITE_OK || d->fail(rc);
}

bool ProjectReader::forEachFlow(const FlowFn &fn) const
{
    const int rc = detail::readFlows(d->db, d->session, fn);
    return rc == SQLITE_OK || d->fail(rc);
}

bool ProjectReader::forEachPythonRange(std::uint16_t device, const PythonRangeFn &fn) const
{
    const int rc = detail::readPythonRanges(d->db, d->session, device, fn);
    return rc == SQLITE_OK || d->fail(rc);
}

bool ProjectReader::forEachMemory(std::uint16_t device, const MemoryFn &fn) const
{
    const int rc = detail::readMemory(d->db, d->session, device, fn);
    return rc == SQLITE_OK || d->fail(rc);
}

bool ProjectReader::forEachOpMemory(std::uint16_t device, const OpMemoryFn &fn) const
{
    const int rc = detail::readOpMemory(d->db, d->session, device, fn);
    return rc == SQLITE_OK || d->fail(rc);
}

bool ProjectReader::forEachTaskAttr(std::uint16_t device, const TaskAttrFn &fn) const
{
    const int rc = detail::readTaskAttrs(d->db, d->session, device, fn);
    return rc == SQLITE_OK || d->fail(rc);
}

std::vector<CommOpStatRecord> ProjectReader::commOpStats() const
{
    std::vector<CommOpStatRecord> out;
    if (const int rc = detail::readCommOpStats(d->db, d->session, &out); rc != SQLITE_OK)
        d->fail(rc);
    return out;
}

std::vector<CommBandwidthRecord> ProjectReader::commBandwidth() const
{
    std::vector<CommBandwidthRecord> out;
    if (const int rc = detail::readCommBandwidth(d->db, d->session, &out); rc != SQLITE_OK)
        d->fail(rc);
    return out;
}

std::vector<CommMatrixRecord> ProjectReader::commMatrix() const
{
    std::vector<CommMatrixRecord> out;
    if (const int rc = detail::readCommMatrix(d->db, d->session, &out); rc != SQLITE_OK)
        d->fail(rc);
    return out;
}

std::vector<StepTimeRecord> ProjectReader::stepTimes() const
{
    std::vector<StepTimeRecord> out;
    if (const int rc = detail::readStepTimes(d->db, d->session, &out); rc != SQLITE_OK)
        d->fail(rc);
    return out;
}

std::vector<std::pair<QString, std::uint64_t>> ProjectReader::recordCounts() const
{
    std::vector<std::pair<QString, std::uint64_t>> out;
    for (int k = 0; k < kAllKindCount; ++k)
        out.emplace_back(QString::fromLatin1(kindName(k)), 0);
    Stmt s;
    const int rc = d->db.prepare("SELECT kind, n FROM record_counts WHERE session = ?1", &s);
    if (rc != SQLITE_OK) {
        d->fail(rc);
        return out;
    }
    sqlite3_bind_int64(s.get(), 1, d->session);
    d->run(s, [&](sqlite3_stmt *q) {
        const QString kind = colQ(q, 0);
        for (auto &[name, n] : out) {
            if (name == kind)
                n = u64(colI(q, 1));
        }
        return true;
    });
    return out;
}

// ---------------------------------------------------------------------------------------
// ProjectWriter

struct ProjectWriter::Impl {
    QString path;
    detail::WriterLock lock; // declared first: released only after the connection is closed
    Db db;
    std::int64_t session = 0;
    bool begun = false;
    bool ended = false;
    bool failed = false;
    StoreError error = StoreError::None;
    QString message;

    // Prepared once, reused by every batch (the hot path never re-parses SQL).
    Stmt insString, insOp, insTask, insPmu, insCollective, insHccl, insStep, insReduce, insAiCpu,
        insQueue, insFusion, insHost, insIteration, addCount;
    detail::SessionRecordWriter sessionRecords;

    using Key = std::tuple<std::uint16_t, std::uint32_t, std::uint32_t>;
    std::set<Key> knownIterations; // already in the iterations table (committed)

    // storage_limit ageing: what each iteration ("slice") holds, per record kind.
    struct Slice {
        std::uint64_t bytes[KCount] = {};
        std::uint64_t rows[KCount] = {};
        std::set<std::pair<std::uint16_t, std::uint32_t>> keys; // (device, model) with records
        std::map<std::uint16_t, TimeNs> queueUntil;             // newest dp event per device
    };
    std::map<std::uint32_t, Slice> slices;
    std::uint32_t newest[KCount] = {};   // newest iteration holding each kind
    std::uint64_t stored = 0;            // estimated bytes of all of the session's rows
    std::uint64_t aged = 0;
    // The timeline summary, built from every committed batch: end() then stores it instead
    // of reading the session back (which took ~0.4 s per million tasks, after Cancel too).
    LodAccumulator lod;
    std::uint64_t limitBytes = 0, marginBytes = 20ull * 1024 * 1024;
    bool limitSet = false;
    std::uint32_t lastIteration = 0;

    void account(const RecordBatch &b);
    int ageIfNeeded(std::uint64_t batchBytes);
    int ageSlice(std::uint32_t iteration, Slice &slice, std::uint64_t *freed);

    ~Impl()
    {
        // Statements must be finalized before the connection closes.
        for (Stmt *s : {&insString, &insOp, &insTask, &insPmu, &insCollective, &insHccl, &insStep, &insReduce,
                        &insAiCpu, &insQueue, &insFusion, &insHost, &insIteration, &addCount})
            *s = Stmt();
        sessionRecords.finalize();
    }

    bool setError(StoreError e, const QString &m)
    {
        error = e;
        message = m;
        return false;
    }

    // A failed statement inside a transaction: remember why, then undo the whole batch
    // (SQLite may already have rolled back on SQLITE_FULL / IOERR, hence the check).
    bool abort(int rc)
    {
        const QString sqliteMessage = db.lastMessage();
        if (!sqlite3_get_autocommit(db.get()))
            db.exec("ROLLBACK");
        return setError(detail::errorFromCode(rc), detail::messageFromCode(rc, path, sqliteMessage));
    }

    int prepareAll()
    {
        struct { Stmt *s; const char *sql; } all[] = {
            {&insString, "INSERT OR REPLACE INTO strings(session, id, text) VALUES(?1,?2,?3)"},
            {&insOp, "INSERT OR REPLACE INTO ops(session, id, model, name, op_type, input_shapes, input_data_types, "
                     "input_formats, output_shapes, output_data_types, output_formats, block_dim, ai_cpu, "
                     "mix_block_dim, core_type) VALUES(?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12,?13,?14,?15)"},
            {&insTask, "INSERT INTO tasks(session, device, model, iteration, stream, task_id, batch_id, type, start, "
                       "duration, pending, op, name, total_cycles, l2_hit, l2_victim, kind) "
                       "VALUES(?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12,?13,?14,?15,?16,?17)"},
            {&insPmu, "INSERT INTO task_pmu(task, pmu) VALUES(?1,?2)"},
            {&insCollective, "INSERT INTO collectives(session, device, model, iteration, name, op_type, start, "
                             "duration, bytes, segment) VALUES(?1,?2,?3,?4,?5,?6,?7,?8,?9,?10)"},
            {&insHccl, "INSERT INTO hccl_tasks(session, device, model, iteration, plane, name, start, duration, "
                       "notify_id, duration_estimated_us, stream, task_id, src_rank, dst_rank, transport_type, "
                       "size_bytes, data_type, link_type, bandwidth_gbps) "
                       "VALUES(?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12,?13,?14,?15,?16,?17,?18,?19)"},
            {&insStep, "INSERT INTO step_traces(session, device, model, iteration, fp_start, bp_end, iteration_end, "
                       "previous_iteration_end) VALUES(?1,?2,?3,?4,?5,?6,?7,?8)"},
            {&insReduce, "INSERT INTO step_reduces(step, idx, start, end) VALUES(?1,?2,?3,?4)"},
            {&insAiCpu, "INSERT INTO aicpu(session, device, model, iteration, stream, task_id, node, timestamp, "
                        "compute_time, memcpy_time, task_time, dispatch_time, total_time) "
                        "VALUES(?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12,?13)"},
            {&insQueue, "INSERT INTO queue_events(session, device, timestamp, action, source, cached_buffer_size) "
                        "VALUES(?1,?2,?3,?4,?5,?6)"},
            {&insFusion, "INSERT INTO fusion_ops(session, model, model_name, fusion_op, original_ops, memory_input, "
                         "memory_output, memory_weight, memory_workspace) VALUES(?1,?2,?3,?4,?5,?6,?7,?8,?9)"},
            {&insHost, "INSERT INTO host_ranges(session, kind, device, model, iteration, pid, tid, name, start, "
                       "duration, category, event_type, payload_type, payload_value, message_type, level) "
                       "VALUES(?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12,?13,?14,?15,?16)"},
            {&insIteration, "INSERT OR IGNORE INTO iterations(session, device, model, iteration) VALUES(?1,?2,?3,?4)"},
            {&addCount, "INSERT INTO record_counts(session, kind, n) VALUES(?1,?2,?3) "
                        "ON CONFLICT(session, kind) DO UPDATE SET n = n + excluded.n"},
        };
        for (auto &a : all) {
            const int rc = db.prepare(a.sql, a.s, /*persistent=*/true);
            if (rc != SQLITE_OK)
                return rc;
        }
        return sessionRecords.prepare(db);
    }

    int writeBatch(const RecordBatch &b, std::vector<Key> *newKeys);
};

namespace {
// Steps a bound insert and makes it reusable; SQLITE_DONE becomes SQLITE_OK.
inline int stepReset(sqlite3_stmt *s)
{
    const int rc = sqlite3_step(s);
    sqlite3_reset(s);
    return rc == SQLITE_DONE ? SQLITE_OK : rc;
}
} // namespace

int ProjectWriter::Impl::writeBatch(const RecordBatch &b, std::vector<Key> *newKeys)
{
    int rc;
    const std::int64_t sid = session;
    // Iteration keys seen in this batch; the last one is cached because records of one
    // iteration arrive together.
    Key lastKey{0xffff, kInvalidId, kInvalidId};
    auto noteKey = [&](std::uint16_t dev, std::uint32_t model, std::uint32_t it) {
        const Key k{dev, model, it};
        if (k == lastKey)
            return;
        lastKey = k;
        if (knownIterations.count(k) || std::find(newKeys->begin(), newKeys->end(), k) != newKeys->end())
            return;
        newKeys->push_back(k);
    };

    {
        sqlite3_stmt *s = insString.get();
        sqlite3_bind_int64(s, 1, sid);
        for (const auto &[id, text] : b.strings) {
            sqlite3_bind_int64(s, 2, id);
            sqlite3_bind_text(s, 3, text.data(), int(text.size()), SQLITE_STATIC);
            if ((rc = stepReset(s)) != SQLITE_OK)
                return rc;
        }
    }
    {
        sqlite3_stmt *s = insOp.get();
        sqlite3_bind_int64(s, 1, sid);
        for (const OpDesc &o : b.ops) {
            sqlite3_bind_int64(s, 2, o.id);
            sqlite3_bind_int64(s, 3, o.modelId);
            sqlite3_bind_int64(s, 4, o.name);
            sqlite3_bind_int64(s, 5, o.opType);
            sqlite3_bind_int64(s, 6, o.inputShapes);
            sqlite3_bind_int64(s, 7, o.inputDataTypes);
            sqlite3_bind_int64(s, 8, o.inputFormats);
            sqlite3_bind_int64(s, 9, o.outputShapes);
            sqlite3_bind_int64(s, 10, o.outputDataTypes);
            sqlite3_bind_int64(s, 11, o.outputFormats);
            sqlite3_bind_int64(s, 12, o.blockDim);
            sqlite3_bind_int64(s, 13, o.aiCpu ? 1 : 0);
            sqlite3_bind_int64(s, 14, o.mixBlockDim);
            sqlite3_bind_int64(s, 15, o.coreType);
            if ((rc = stepReset(s)) != SQLITE_OK)
                return rc;
        }
    }
    {
        sqlite3_stmt *s = insTask.get();
        sqlite3_stmt *p = insPmu.get();
        sqlite3_bind_int64(s, 1, sid);
        std::vector<unsigned char> pmu;
        for (const TaskRecord &t : b.tasks) {
            sqlite3_bind_int64(s, 2, t.device);
            sqlite3_bind_int64(s, 3, t.modelId);
            sqlite3_bind_int64(s, 4, t.iteration);
            sqlite3_bind_int64(s, 5, t.streamId);
            sqlite3_bind_int64(s, 6, t.taskId);
            sqlite3_bind_int64(s, 7, t.batchId);
            sqlite3_bind_int64(s, 8, t.type);
            sqlite3_bind_int64(s, 9, t.start);
            sqlite3_bind_int64(s, 10, t.duration);
            sqlite3_bind_int64(s, 11, t.pending);
            sqlite3_bind_int64(s, 12, t.opId);
            sqlite3_bind_int64(s, 13, t.name);
            sqlite3_bind_int64(s, 14, s64(t.totalCycles));
            sqlite3_bind_double(s, 15, t.l2HitRate);
            sqlite3_bind_double(s, 16, t.l2VictimRate);
            sqlite3_bind_int64(s, 17, static_cast<int>(t.kind));
            if ((rc = stepReset(s)) != SQLITE_OK)
                return rc;
            noteKey(t.device, t.modelId, t.iteration);
            if (!t.pmu.empty()) {
                pmu.resize(4 * t.pmu.size());
                for (std::size_t i = 0; i < t.pmu.size(); ++i) {
                    std::uint32_t bits;
                    std::memcpy(&bits, &t.pmu[i], 4);
                    qToLittleEndian(bits, pmu.data() + 4 * i);
                }
                sqlite3_bind_int64(p, 1, sqlite3_last_insert_rowid(db.get()));
                sqlite3_bind_blob(p, 2, pmu.data(), int(pmu.size()), SQLITE_STATIC);
                if ((rc = stepReset(p)) != SQLITE_OK)
                    return rc;
            }
        }
    }
    {
        sqlite3_stmt *s = insCollective.get();
        sqlite3_bind_int64(s, 1, sid);
        for (const CollectiveOpRecord &c : b.collectives) {
            sqlite3_bind_int64(s, 2, c.device);
            sqlite3_bind_int64(s, 3, c.modelId);
            sqlite3_bind_int64(s, 4, c.iteration);
            sqlite3_bind_int64(s, 5, c.name);
            sqlite3_bind_int64(s, 6, c.opType);
            sqlite3_bind_int64(s, 7, c.start);
            sqlite3_bind_int64(s, 8, c.duration);
            sqlite3_bind_int64(s, 9, s64(c.bytes));
            sqlite3_bind_int64(s, 10, c.segment);
            if ((rc = stepReset(s)) != SQLITE_OK)
                return rc;
            noteKey(c.device, c.modelId, c.iteration);
        }
    }
    {
        sqlite3_stmt *s = insHccl.get();
        sqlite3_bind_int64(s, 1, sid);
        for (const HcclTaskRecord &h : b.hcclTasks) {
            sqlite3_bind_int64(s, 2, h.device);
            sqlite3_bind_int64(s, 3, h.modelId);
            sqlite3_bind_int64(s, 4, h.iteration);
            sqlite3_bind_int64(s, 5, h.plane);
            sqlite3_bind_int64(s, 6, h.name);
            sqlite3_bind_int64(s, 7, h.start);
            sqlite3_bind_int64(s, 8, h.duration);
            sqlite3_bind_int64(s, 9, s64(h.notifyId));
            sqlite3_bind_double(s, 10, h.durationEstimatedUs);
            sqlite3_bind_int64(s, 11, h.streamId);
            sqlite3_bind_int64(s, 12, h.taskId);
            sqlite3_bind_int64(s, 13, h.srcRank);
            sqlite3_bind_int64(s, 14, h.dstRank);
            sqlite3_bind_int64(s, 15, h.transportType);
            sqlite3_bind_int64(s, 16, s64(h.sizeBytes));
            sqlite3_bind_int64(s, 17, h.dataType);
            sqlite3_bind_int64(s, 18, h.linkType);
            sqlite3_bind_double(s, 19, h.bandwidthGBps);
            if ((rc = stepReset(s)) != SQLITE_OK)
                return rc;
            noteKey(h.device, h.modelId, h.iteration);
        }
    }
    {
        sqlite3_stmt *s = insStep.get();
        sqlite3_stmt *r = insReduce.get();
        sqlite3_bind_int64(s, 1, sid);
        for (const StepTraceRecord &st : b.stepTraces) {
            sqlite3_bind_int64(s, 2, st.device);
            sqlite3_bind_int64(s, 3, st.modelId);
            sqlite3_bind_int64(s, 4, st.iteration);
            sqlite3_bind_int64(s, 5, st.fpStart);
            sqlite3_bind_int64(s, 6, st.bpEnd);
            sqlite3_bind_int64(s, 7, st.iterationEnd);
            sqlite3_bind_int64(s, 8, st.previousIterationEnd);
            if ((rc = stepReset(s)) != SQLITE_OK)
                return rc;
            noteKey(st.device, st.modelId, st.iteration);
            const std::int64_t stepId = sqlite3_last_insert_rowid(db.get());
            for (size_t i = 0; i < st.reduces.size(); ++i) {
                sqlite3_bind_int64(r, 1, stepId);
                sqlite3_bind_int64(r, 2, std::int64_t(i));
                sqlite3_bind_int64(r, 3, st.reduces[i].start);
                sqlite3_bind_int64(r, 4, st.reduces[i].end);
                if ((rc = stepReset(r)) != SQLITE_OK)
                    return rc;
            }
        }
    }
    {
        sqlite3_stmt *s = insAiCpu.get();
        sqlite3_bind_int64(s, 1, sid);
        for (const AiCpuRecord &a : b.aiCpu) {
            sqlite3_bind_int64(s, 2, a.device);
            sqlite3_bind_int64(s, 3, a.modelId);
            sqlite3_bind_int64(s, 4, a.iteration);
            sqlite3_bind_int64(s, 5, a.streamId);
            sqlite3_bind_int64(s, 6, a.taskId);
            sqlite3_bind_int64(s, 7, a.node);
            sqlite3_bind_int64(s, 8, a.timestamp);
            sqlite3_bind_int64(s, 9, a.computeTime);
            sqlite3_bind_int64(s, 10, a.memcpyTime);
            sqlite3_bind_int64(s, 11, a.taskTime);
            sqlite3_bind_int64(s, 12, a.dispatchTime);
            sqlite3_bind_int64(s, 13, a.totalTime);
            if ((rc = stepReset(s)) != SQLITE_OK)
                return rc;
            noteKey(a.device, a.modelId, a.iteration);
        }
    }
    {
        sqlite3_stmt *s = insQueue.get();
        sqlite3_bind_int64(s, 1, sid);
        for (const QueueEventRecord &q : b.queueEvents) {
            sqlite3_bind_int64(s, 2, q.device);
            sqlite3_bind_int64(s, 3, q.timestamp);
            sqlite3_bind_int64(s, 4, q.action);
            sqlite3_bind_int64(s, 5, q.source);
            sqlite3_bind_int64(s, 6, q.cachedBufferSize);
            if ((rc = stepReset(s)) != SQLITE_OK)
                return rc;
        }
    }
    {
        sqlite3_stmt *s = insFusion.get();
        sqlite3_bind_int64(s, 1, sid);
        for (const FusionOpRecord &f : b.fusionOps) {
            sqlite3_bind_int64(s, 2, f.modelId);
            sqlite3_bind_int64(s, 3, f.modelName);
            sqlite3_bind_int64(s, 4, f.fusionOp);
            sqlite3_bind_int64(s, 5, f.originalOps);
            sqlite3_bind_int64(s, 6, s64(f.memoryInput));
            sqlite3_bind_int64(s, 7, s64(f.memoryOutput));
            sqlite3_bind_int64(s, 8, s64(f.memoryWeight));
            sqlite3_bind_int64(s, 9, s64(f.memoryWorkspace));
            if ((rc = stepReset(s)) != SQLITE_OK)
                return rc;
        }
    }
    {
        sqlite3_stmt *s = insHost.get();
        sqlite3_bind_int64(s, 1, sid);
        for (const HostRangeRecord &h : b.hostRanges) {
            sqlite3_bind_int64(s, 2, static_cast<int>(h.kind));
            sqlite3_bind_int64(s, 3, h.device);
            sqlite3_bind_int64(s, 4, h.modelId);
            sqlite3_bind_int64(s, 5, h.iteration);
            sqlite3_bind_int64(s, 6, h.pid);
            sqlite3_bind_int64(s, 7, h.tid);
            sqlite3_bind_int64(s, 8, h.name);
            sqlite3_bind_int64(s, 9, h.start);
            sqlite3_bind_int64(s, 10, h.duration);
            sqlite3_bind_int64(s, 11, h.category);
            sqlite3_bind_int64(s, 12, h.eventType);
            sqlite3_bind_int64(s, 13, h.payloadType);
            sqlite3_bind_int64(s, 14, s64(h.payloadValue));
            sqlite3_bind_int64(s, 15, h.messageType);
            sqlite3_bind_int64(s, 16, h.level);
            if ((rc = stepReset(s)) != SQLITE_OK)
                return rc;
            noteKey(h.device, h.modelId, h.iteration);
        }
    }
    {
        sqlite3_stmt *s = insIteration.get();
        sqlite3_bind_int64(s, 1, sid);
        for (const Key &k : *newKeys) {
            sqlite3_bind_int64(s, 2, std::get<0>(k));
            sqlite3_bind_int64(s, 3, std::get<1>(k));
            sqlite3_bind_int64(s, 4, std::get<2>(k));
            if ((rc = stepReset(s)) != SQLITE_OK)
                return rc;
        }
    }
    if ((rc = sessionRecords.write(sid, b)) != SQLITE_OK)
        return rc;
    {
        std::size_t counts[kAllKindCount] = {b.ops.size(), b.tasks.size(), b.collectives.size(), b.hcclTasks.size(),
                                             b.stepTraces.size(), b.aiCpu.size(), b.queueEvents.size(),
                                             b.fusionOps.size(), b.hostRanges.size()};
        detail::sessionRecordCounts(b, counts + KCount);
        sqlite3_stmt *s = addCount.get();
        sqlite3_bind_int64(s, 1, sid);
        for (int k = 0; k < kAllKindCount; ++k) {
            if (counts[k] == 0)
                continue;
            sqlite3_bind_text(s, 2, kindName(k), -1, SQLITE_STATIC);
            sqlite3_bind_int64(s, 3, std::int64_t(counts[k]));
            if ((rc = stepReset(s)) != SQLITE_OK)
                return rc;
        }
    }
    return SQLITE_OK;
}

ProjectWriter::ProjectWriter(std::unique_ptr<Impl> impl) : d(std::move(impl)) {}

ProjectWriter::~ProjectWriter() = default;

std::unique_ptr<ProjectWriter> ProjectWriter::create(const QString &path, StoreError *err, QString *message,
                                                     Project::Check check, const std::atomic_bool *cancel)
{
    auto impl = std::make_unique<Impl>();
    impl->path = QFileInfo(path).absoluteFilePath();
    StoreError e = StoreError::None;
    QString m;
    auto failed = [&](StoreError code, const QString &text) {
        if (err)
            *err = code;
        if (message)
            *message = text;
        return nullptr;
    };

    const QString dir = QFileInfo(impl->path).absolutePath();
    if (!QDir().mkpath(dir))
        return failed(StoreError::Io, ProjectStore::tr("The folder %1 for the project could not be created.").arg(shown(dir)));
    // Lock before looking at the file, so two writers never both create it.
    if (!impl->lock.acquire(impl->path, &e, &m))
        return failed(e, m);
    if (!detail::openProject(impl->path, detail::OpenKind::Create, deepCheckFor(check),
                             /*forWriter=*/true, &impl->db, &e, &m, /*allowOlder=*/false, /*fileVersion=*/nullptr, cancel))
        return failed(e, m);

    const Db &db = impl->db;
    // NORMAL is durable across application crashes in WAL mode and only risks the last
    // commits on power loss, which a profiler recording can afford for the throughput.
    // Foreign keys are declared in the schema (and enforced on read-write Project
    // connections, where sessions get deleted) but not checked here: every row this
    // connection inserts references the session row begin() created or the task row it
    // has just inserted, and the per-row parent lookup cost about 10% of the hot path.
    int rc = db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = OFF; "
                     "PRAGMA temp_store = MEMORY; PRAGMA cache_size = -32768");
    // Fault-injection hook for tests: caps the file at N pages so "disk full" (SQLITE_FULL)
    // can be provoked without filling a real disk. Not a user setting.
    const QByteArray maxPages = qgetenv("NPUSCOPE_TEST_MAX_PAGES");
    if (rc == SQLITE_OK && !maxPages.isEmpty()) {
        bool ok = false;
        const qlonglong pages = maxPages.toLongLong(&ok);
        if (ok && pages > 0) {
            const std::string sql = "PRAGMA max_page_count = " + std::to_string(pages);
            rc = db.exec(sql.c_str());
        }
    }
    if (rc == SQLITE_OK)
        rc = impl->prepareAll();
    if (rc != SQLITE_OK)
        return failed(detail::errorFromCode(rc), detail::messageFromCode(rc, impl->path, db.lastMessage()));
    if (err)
        *err = StoreError::None;
    return std::unique_ptr<ProjectWriter>(new ProjectWriter(std::move(impl)));
}

bool ProjectWriter::begin(const SessionInfo &info)
{
    if (d->begun)
        return d->setError(StoreError::Io, ProjectStore::tr("The recording into %1 was started twice.").arg(shown(d->path)));
    const Db &db = d->db;
    int rc = db.exec("BEGIN IMMEDIATE");
    if (rc != SQLITE_OK)
        return d->abort(rc);
    // From the first commit on, until end() has written everything, the file is not closed
    // cleanly: a writer killed in between makes the next open check every page.
    if ((rc = detail::clearCleanClose(db)) != SQLITE_OK)
        return d->abort(rc);

    Stmt s;
    rc = db.prepare("INSERT INTO sessions(name, source, spec_json, options_json, seed, app_version, "
                    "started_wall_us, ended_wall_us, status, aged_bytes) "
                    "VALUES(?1,?2,?3,?4,?5,?6,?7,0,'running',0)", &s);
    if (rc != SQLITE_OK)
        return d->abort(rc);
    bindQ(s.get(), 1, info.name);
    bindQ(s.get(), 2, info.source);
    bindB(s.get(), 3, info.spec.toJson());
    bindB(s.get(), 4, info.optionsJson);
    sqlite3_bind_int64(s.get(), 5, s64(info.spec.seed));
    bindQ(s.get(), 6, info.appVersion.isEmpty() ? QStringLiteral(NPUSCOPE_VERSION) : info.appVersion);
    sqlite3_bind_int64(s.get(), 7, info.createdWallUs > 0 ? info.createdWallUs : nowWallUs());
    if ((rc = stepReset(s.get())) != SQLITE_OK)
        return d->abort(rc);
    const std::int64_t sid = sqlite3_last_insert_rowid(db.get());

    Stmt dev;
    if ((rc = db.prepare(kUpsertDevice, &dev)) != SQLITE_OK)
        return d->abort(rc);
    for (const DeviceInfo &di : info.devices) {
        bindDevice(dev.get(), sid, di);
        if ((rc = stepReset(dev.get())) != SQLITE_OK)
            return d->abort(rc);
    }
    Stmt mod;
    if ((rc = db.prepare("INSERT OR REPLACE INTO models(session, id, name, iterations) VALUES(?1,?2,?3,?4)", &mod)) != SQLITE_OK)
        return d->abort(rc);
    for (const ModelInfo &mi : info.models) {
        sqlite3_bind_int64(mod.get(), 1, sid);
        sqlite3_bind_int64(mod.get(), 2, mi.id);
        bindQ(mod.get(), 3, mi.name);
        sqlite3_bind_int64(mod.get(), 4, mi.iterations);
        if ((rc = stepReset(mod.get())) != SQLITE_OK)
            return d->abort(rc);
    }
    Stmt pc;
    if ((rc = db.prepare("INSERT INTO pmu_columns(session, idx, name) VALUES(?1,?2,?3)", &pc)) != SQLITE_OK)
        return d->abort(rc);
    for (int i = 0; i < info.pmuColumns.size(); ++i) {
        sqlite3_bind_int64(pc.get(), 1, sid);
        sqlite3_bind_int64(pc.get(), 2, i);
        bindQ(pc.get(), 3, info.pmuColumns.at(i));
        if ((rc = stepReset(pc.get())) != SQLITE_OK)
            return d->abort(rc);
    }
    if ((rc = db.exec("COMMIT")) != SQLITE_OK)
        return d->abort(rc);
    d->session = sid;
    d->begun = true;
    if (!d->limitSet) {
        ProfilingOptions o;
        ProfilingOptions::parse(info.optionsJson, &o);
        if (o.storageLimitMB)
            d->limitBytes = *o.storageLimitMB * 1024ull * 1024ull;
        else
            d->limitBytes = std::uint64_t(double(QStorageInfo(QFileInfo(d->path).absolutePath()).bytesAvailable()) * 0.9);
    }
    return true;
}

bool ProjectWriter::write(const RecordBatch &batch)
{
    if (d->failed)
        return false; // the first error stays the reported one
    if (!d->begun || d->ended)
        return d->setError(StoreError::Io, ProjectStore::tr("Records were written to %1 outside of a recording.").arg(shown(d->path)));
    if (batch.empty())
        return true;
    int rc = d->db.exec("BEGIN IMMEDIATE");
    std::vector<Impl::Key> newKeys;
    if (rc == SQLITE_OK)
        rc = d->writeBatch(batch, &newKeys);
    const std::uint64_t storedBefore = d->stored;
    if (rc == SQLITE_OK) {
        d->account(batch);
        rc = d->ageIfNeeded(d->stored - storedBefore);
    }
    if (rc == SQLITE_OK)
        rc = d->db.exec("COMMIT");
    if (rc != SQLITE_OK) {
        d->failed = true;
        return d->abort(rc);
    }
    d->knownIterations.insert(newKeys.begin(), newKeys.end());
    if (d->aged == 0) // once records were aged out, end() scans what is left instead
        d->lod.add(batch);
    return true;
}

bool ProjectWriter::end(SessionStatus status, const std::vector<DeviceInfo> &devices)
{
    if (!d->begun)
        return d->setError(StoreError::Io, ProjectStore::tr("The recording into %1 was ended before it began.").arg(shown(d->path)));
    if (d->ended)
        return d->setError(StoreError::Io, ProjectStore::tr("The recording into %1 was ended twice.").arg(shown(d->path)));
    const Db &db = d->db;
    // A failure here must not hide the error that made the producer stop.
    const bool hadError = d->failed;
    const StoreError keptError = d->error;
    const QString keptMessage = d->message;
    auto abortEnd = [&](int rc) {
        d->abort(rc);
        if (hadError) {
            d->error = keptError;
            d->message = keptMessage;
        }
        return false;
    };

    int rc = db.exec("BEGIN IMMEDIATE");
    if (rc != SQLITE_OK)
        return abortEnd(rc);
    std::int64_t endedUs = 0;
    Stmt dev;
    if ((rc = db.prepare(kUpsertDevice, &dev)) != SQLITE_OK)
        return abortEnd(rc);
    for (const DeviceInfo &di : devices) {
        endedUs = std::max(endedUs, di.wallEndUs);
        bindDevice(dev.get(), d->session, di);
        if ((rc = stepReset(dev.get())) != SQLITE_OK)
            return abortEnd(rc);
    }
    Stmt s;
    if ((rc = db.prepare("UPDATE sessions SET status = ?1, ended_wall_us = ?2 WHERE id = ?3", &s)) != SQLITE_OK)
        return abortEnd(rc);
    bindQ(s.get(), 1, sessionStatusName(status));
    sqlite3_bind_int64(s.get(), 2, endedUs > 0 ? endedUs : nowWallUs());
    sqlite3_bind_int64(s.get(), 3, d->session);
    if ((rc = stepReset(s.get())) != SQLITE_OK)
        return abortEnd(rc);
    if ((rc = db.exec("COMMIT")) != SQLITE_OK)
        return abortEnd(rc);
    d->ended = true;
    // Timeline summary (derived data, own transaction): a failure only costs the viewer its
    // fast first frame, never the recording, so it is not reported as the writer's error.
    if (d->aged > 0)
        writeTimelineLod(db.get(), d->session, nullptr);
    else if (!d->lod.empty())
        writeTimelineLod(db.get(), d->session, d->lod.result(), nullptr);
    // The last write: the clean-close marker (its own commit, after everything else). If it
    // fails (disk full), the next open only checks every page.
    detail::markCleanClose(db);
    return true;
}

QString ProjectWriter::errorString() const
{
    return d->message;
}

StoreError ProjectWriter::error() const
{
    return d->error;
}

std::int64_t ProjectWriter::sessionId() const
{
    return d->session;
}

void ProjectWriter::setStorageLimit(std::uint64_t limitBytes, std::uint64_t marginBytes)
{
    d->limitBytes = limitBytes;
    d->marginBytes = marginBytes;
    d->limitSet = true;
}

std::uint64_t ProjectWriter::agedBytes() const
{
    return d->aged;
}

std::uint64_t ProjectWriter::storedBytes() const
{
    return d->stored;
}

namespace {

// Bytes SQLite stores for an integer value in a record (serial types 8/9 for 0 and 1).
inline std::uint64_t intBytes(std::int64_t v)
{
    if (v == 0 || v == 1)
        return 0;
    const std::uint64_t m = v < 0 ? ~std::uint64_t(v) : std::uint64_t(v);
    return m < 0x80 ? 1 : m < 0x8000 ? 2 : m < 0x800000 ? 3 : m < 0x80000000ull ? 4 : m < 0x800000000000ull ? 6 : 8;
}

// One row (or index entry) in SQLite's record format: a header byte per column plus its
// size, the values, and ~4 bytes of cell overhead (payload length, rowid/child pointer).
struct RowSize {
    std::uint64_t bytes = 5;
    RowSize &i(std::int64_t v) { bytes += 1 + intBytes(v); return *this; }
    RowSize &real() { bytes += 9; return *this; }
    RowSize &blob(std::uint64_t n) { bytes += 2 + n; return *this; }
};

} // namespace

void ProjectWriter::Impl::account(const RecordBatch &b)
{
    const std::int64_t sid = session;
    std::uint32_t batchIteration = 0;
    auto add = [&](Kind k, std::uint32_t it, std::uint16_t dev, std::uint32_t model, std::uint64_t bytes) {
        Slice &sl = slices[it];
        sl.bytes[k] += bytes;
        sl.rows[k] += 1;
        sl.keys.insert({dev, model});
        newest[k] = std::max(newest[k], it);
        batchIteration = std::max(batchIteration, it);
        stored += bytes;
    };
    for (const TaskRecord &t : b.tasks) {
        const std::uint64_t row = RowSize().i(sid).i(t.device).i(t.modelId).i(t.iteration).i(t.streamId).i(t.taskId)
                                      .i(t.batchId).i(t.type).i(t.start).i(t.duration).i(t.pending).i(t.opId)
                                      .i(t.name).i(s64(t.totalCycles)).real().real().i(int(t.kind)).i(1 << 20).bytes;
        const std::uint64_t byStream = RowSize().i(sid).i(t.device).i(t.streamId).i(t.start).i(1 << 20).bytes;
        const std::uint64_t byIter = RowSize().i(sid).i(t.device).i(t.modelId).i(t.iteration).i(t.start).i(t.streamId)
                                         .i(t.taskId).i(1 << 20).bytes;
        const std::uint64_t pmu = !t.pmu.empty() ? RowSize().i(1 << 20).blob(4ull * t.pmu.size()).bytes : 0;
        add(KTasks, t.iteration, t.device, t.modelId, row + byStream + byIter + pmu);
    }
    for (const CollectiveOpRecord &c : b.collectives)
        add(KCollectives, c.iteration, c.device, c.modelId,
            RowSize().i(sid).i(c.device).i(c.modelId).i(c.iteration).i(c.name).i(c.opType).i(c.start).i(c.duration)
                    .i(s64(c.bytes)).i(c.segment).bytes
                + RowSize().i(sid).i(c.device).i(c.modelId).i(c.iteration).i(c.start).i(1 << 20).bytes);
    for (const HcclTaskRecord &h : b.hcclTasks)
        add(KHccl, h.iteration, h.device, h.modelId,
            RowSize().i(sid).i(h.device).i(h.modelId).i(h.iteration).i(h.plane).i(h.name).i(h.start).i(h.duration)
                    .i(s64(h.notifyId)).real().i(h.streamId).i(h.taskId).i(h.srcRank).i(h.dstRank).i(h.transportType)
                    .i(s64(h.sizeBytes)).i(h.dataType).i(h.linkType).real().bytes
                + RowSize().i(sid).i(h.device).i(h.modelId).i(h.iteration).i(h.start).i(h.streamId).i(h.taskId).i(1 << 20).bytes);
    for (const AiCpuRecord &a : b.aiCpu)
        add(KAiCpu, a.iteration, a.device, a.modelId,
            RowSize().i(sid).i(a.device).i(a.modelId).i(a.iteration).i(a.streamId).i(a.taskId).i(a.node).i(a.timestamp)
                    .i(a.computeTime).i(a.memcpyTime).i(a.taskTime).i(a.dispatchTime).i(a.totalTime).bytes
                + RowSize().i(sid).i(a.device).i(a.modelId).i(a.iteration).i(a.timestamp).i(a.streamId).i(a.taskId).i(1 << 20).bytes);
    for (const HostRangeRecord &h : b.hostRanges)
        add(KHostRanges, h.iteration, h.device, h.modelId,
            RowSize().i(sid).i(int(h.kind)).i(h.device).i(h.modelId).i(h.iteration).i(h.pid).i(h.tid).i(h.name).i(h.start)
                    .i(h.duration).i(h.category).i(h.eventType).i(h.payloadType).i(s64(h.payloadValue)).i(h.messageType).bytes
                + RowSize().i(sid).i(h.device).i(h.modelId).i(h.iteration).i(h.start).i(1 << 20).bytes);
    // Step traces and the per-session tables count towards the session's size but never age.
    for (const StepTraceRecord &st : b.stepTraces)
        stored += RowSize().i(sid).i(st.device).i(st.modelId).i(st.iteration).i(st.fpStart).i(st.bpEnd).i(st.iterationEnd)
                      .i(st.previousIterationEnd).bytes * 2
                  + st.reduces.size() * RowSize().i(1 << 20).i(0).i(st.fpStart).i(st.bpEnd).bytes;
    for (const auto &[id, text] : b.strings)
        stored += RowSize().i(sid).i(id).blob(text.size()).bytes;
    stored += b.ops.size() * RowSize().i(sid).i(1000).i(1).i(1000).i(1000).i(1000).i(1000).i(1000).i(1000).i(1000).i(1000).i(32).i(0).bytes;
    stored += b.fusionOps.size() * RowSize().i(sid).i(1).i(1000).i(1000).i(1000).i(1 << 20).i(1 << 20).i(1 << 20).i(1 << 20).bytes * 2;
    stored += detail::SessionRecordWriter::estimateBytes(b);
    // dp events carry no iteration: they belong to the newest iteration of their batch.
    if (batchIteration == 0)
        batchIteration = lastIteration;
    for (const QueueEventRecord &q : b.queueEvents) {
        const std::uint64_t bytes = RowSize().i(sid).i(q.device).i(q.timestamp).i(q.action).i(q.source).i(q.cachedBufferSize).i(1 << 20).bytes
                                    + RowSize().i(sid).i(q.device).i(q.timestamp).i(1 << 20).bytes;
        Slice &sl = slices[batchIteration];
        sl.bytes[KQueue] += bytes;
        sl.rows[KQueue] += 1;
        TimeNs &until = sl.queueUntil[q.device];
        until = std::max(until, q.timestamp);
        newest[KQueue] = std::max(newest[KQueue], batchIteration);
        stored += bytes;
    }
    lastIteration = std::max(lastIteration, batchIteration);
}

int ProjectWriter::Impl::ageIfNeeded(std::uint64_t batchBytes)
{
    const std::uint64_t budget = limitBytes > marginBytes ? limitBytes - marginBytes : 0;
    const bool overLimit = limitBytes > 0 && stored > budget;
    // Deleted rows free pages inside the file, not on the volume: with the volume nearly
    // full, age about what this batch added so the file stops growing.
    const bool volumeLow = !overLimit && QStorageInfo(QFileInfo(path).absolutePath()).bytesAvailable() < qint64(marginBytes);
    if (!overLimit && !volumeLow)
        return SQLITE_OK;
    std::uint64_t freed = 0;
    for (auto it = slices.begin(); it != slices.end();) {
        if (overLimit ? stored <= budget : freed >= batchBytes)
            break;
        std::uint64_t f = 0;
        if (const int rc = ageSlice(it->first, it->second, &f); rc != SQLITE_OK)
            return rc;
        freed += f;
        bool empty = true;
        for (int k = 0; k < KCount; ++k)
            empty = empty && it->second.rows[k] == 0;
        it = empty ? slices.erase(it) : std::next(it);
    }
    return SQLITE_OK;
}

int ProjectWriter::Impl::ageSlice(std::uint32_t iteration, Slice &slice, std::uint64_t *freed)
{
    static const char *const kDelete[KCount] = {
        nullptr,
        "DELETE FROM tasks WHERE session = ?1 AND device = ?2 AND model = ?3 AND iteration = ?4",
        "DELETE FROM collectives WHERE session = ?1 AND device = ?2 AND model = ?3 AND iteration = ?4",
        "DELETE FROM hccl_tasks WHERE session = ?1 AND device = ?2 AND model = ?3 AND iteration = ?4",
        nullptr,
        "DELETE FROM aicpu WHERE session = ?1 AND device = ?2 AND model = ?3 AND iteration = ?4",
        nullptr, // dp events: by device and time below
        nullptr,
        "DELETE FROM host_ranges WHERE session = ?1 AND device = ?2 AND model = ?3 AND iteration = ?4",
    };
    std::uint64_t bytes = 0;
    int rc = SQLITE_OK;
    for (int k = 0; k < KCount; ++k) {
        if (slice.rows[k] == 0 || iteration >= newest[k])
            continue; // nothing there, or the newest slice of this kind: kept
        if (k == KQueue) {
            Stmt q;
            if ((rc = db.prepare("DELETE FROM queue_events WHERE session = ?1 AND device = ?2 AND timestamp <= ?3", &q)) != SQLITE_OK)
                return rc;
            for (const auto &[dev, until] : slice.queueUntil) {
                sqlite3_bind_int64(q.get(), 1, session);
                sqlite3_bind_int64(q.get(), 2, dev);
                sqlite3_bind_int64(q.get(), 3, until);
                if ((rc = stepReset(q.get())) != SQLITE_OK)
                    return rc;
            }
        } else if (kDelete[k]) {
            Stmt pmu, del;
            if (k == KTasks
                && (rc = db.prepare("DELETE FROM task_pmu WHERE task IN (SELECT id FROM tasks WHERE session = ?1 AND "
                                    "device = ?2 AND model = ?3 AND iteration = ?4)", &pmu)) != SQLITE_OK)
                return rc;
            if ((rc = db.prepare(kDelete[k], &del)) != SQLITE_OK)
                return rc;
            for (const auto &[dev, model] : slice.keys)
                for (Stmt *s : {&pmu, &del}) {
                    if (!s->get())
                        continue;
                    sqlite3_bind_int64(s->get(), 1, session);
                    sqlite3_bind_int64(s->get(), 2, dev);
                    sqlite3_bind_int64(s->get(), 3, model);
                    sqlite3_bind_int64(s->get(), 4, iteration);
                    if ((rc = stepReset(s->get())) != SQLITE_OK)
                        return rc;
                }
        }
        Stmt count;
        if ((rc = db.prepare("UPDATE record_counts SET n = n - ?3 WHERE session = ?1 AND kind = ?2", &count)) != SQLITE_OK)
            return rc;
        sqlite3_bind_int64(count.get(), 1, session);
        sqlite3_bind_text(count.get(), 2, kKinds[k], -1, SQLITE_STATIC);
        sqlite3_bind_int64(count.get(), 3, s64(slice.rows[k]));
        if ((rc = stepReset(count.get())) != SQLITE_OK)
            return rc;
        bytes += slice.bytes[k];
        slice.bytes[k] = 0;
        slice.rows[k] = 0;
    }
    if (bytes == 0)
        return SQLITE_OK;
    Stmt up;
    if ((rc = db.prepare("UPDATE sessions SET aged_bytes = aged_bytes + ?2 WHERE id = ?1", &up)) != SQLITE_OK)
        return rc;
    sqlite3_bind_int64(up.get(), 1, session);
    sqlite3_bind_int64(up.get(), 2, s64(bytes));
    if ((rc = stepReset(up.get())) != SQLITE_OK)
        return rc;
    stored -= bytes;
    aged += bytes;
    *freed = bytes;
    return SQLITE_OK;
}

// ---------------------------------------------------------------------------------------
// session notes (their own table since schema 2)

bool ProjectWriter::setSessionNote(const QString &key, const QByteArray &value)
{
    if (!d->begun)
        return d->setError(StoreError::Io, ProjectStore::tr("A note was written to %1 outside of a recording.").arg(shown(d->path)));
    Stmt s;
    int rc = d->db.prepare("INSERT OR REPLACE INTO session_notes(session, key, value) VALUES(?1, ?2, ?3)", &s);
    if (rc == SQLITE_OK) {
        sqlite3_bind_int64(s.get(), 1, d->session);
        bindQ(s.get(), 2, key);
        bindB(s.get(), 3, value);
        rc = sqlite3_step(s.get());
        if (rc == SQLITE_DONE)
            return true;
    }
    return d->abort(rc);
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
