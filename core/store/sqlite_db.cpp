#include "core/store/sqlite_db.h"
#include "core/store/schema.h"
#include "core/store/writer_lock.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QtEndian>
#include <algorithm>
#include <cstring>
#include <string>

namespace npuscope::store::detail {

namespace {

// lupdate extracts ProjectStore::tr("...") under the context "ProjectStore".
struct ProjectStore {
    Q_DECLARE_TR_FUNCTIONS(ProjectStore)
};

QString shown(const QString &path)
{
    return QDir::toNativeSeparators(path);
}

bool fail(StoreError *err, QString *message, StoreError e, const QString &text)
{
    if (err)
        *err = e;
    if (message)
        *message = text;
    return false;
}

struct DbConfigSetting {
    int op;
    int value;
    const char *name;
};
// The schema check refuses files with triggers or views; switching both off as well means
// even a check that missed one could not make SQLite run it.
const DbConfigSetting kSecurity[] = {
    {SQLITE_DBCONFIG_DEFENSIVE, 1, "defensive"},
    {SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, "trusted_schema"},
    {SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0, "load_extension"},
    {SQLITE_DBCONFIG_ENABLE_TRIGGER, 0, "enable_trigger"},
    {SQLITE_DBCONFIG_ENABLE_VIEW, 0, "enable_view"},
};

// False (after saying why) when a security setting did not take.
bool configureConnection(sqlite3 *db, const QString &path, StoreError *err, QString *message)
{
    sqlite3_extended_result_codes(db, 1);
    applySecuritySettings(db, false);
    QString which;
    if (!checkSecuritySettings(db, false, &which))
        return fail(err, message, StoreError::Io,
                    ProjectStore::tr("The project %1 is not opened: SQLite did not accept the safety setting %2.")
                        .arg(shown(path), which));
    // WAL readers and the writer only wait on each other during checkpoints and recovery.
    sqlite3_busy_timeout(db, 5000);
    return true;
}

// A writer killed inside a rollback-journal transaction (switching the file to WAL for a
// recording, a mark saved while nothing recorded) leaves a hot -journal that only a
// read-write connection may roll back; a read-only one would fail with "attempt to write
// a readonly database". Roll it back once, before the header is judged, and only for a
// file whose header carries our identity (never someone else's database).
void recoverHotJournal(const QString &path)
{
    if (QFileInfo(path + QLatin1String("-journal")).size() <= 0)
        return;
    {
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly))
            return;
        const QByteArray head = f.read(100);
        if (head.size() < 100 || !head.startsWith(QByteArrayLiteral("SQLite format 3"))
            || qFromBigEndian<quint32>(reinterpret_cast<const uchar *>(head.constData()) + 68) != quint32(kApplicationId))
            return;
    }
    if (sqlite3 *raw = openSideConnection(QFile::encodeName(path))) {
        sqlite3_stmt *s = nullptr;
        // Any read makes SQLite roll the hot journal back first.
        if (sqlite3_prepare_v2(raw, "PRAGMA user_version", -1, &s, nullptr) == SQLITE_OK)
            sqlite3_step(s);
        sqlite3_finalize(s);
        sqlite3_close_v2(raw);
    }
}

void removeDatabaseFiles(const QString &path)
{
    for (const char *suffix : {"", "-wal", "-shm", "-journal"})
        QFile::remove(path + QLatin1String(suffix));
}

} // namespace

void applySecuritySettings(sqlite3 *db, bool queryOnly)
{
    for (const DbConfigSetting &c : kSecurity)
        sqlite3_db_config(db, c.op, c.value, nullptr);
    if (queryOnly)
        sqlite3_exec(db, "PRAGMA query_only = 1", nullptr, nullptr, nullptr);
}

bool checkSecuritySettings(sqlite3 *db, bool queryOnly, QString *notInForce)
{
    for (const DbConfigSetting &c : kSecurity) {
        int now = -1;
        if (sqlite3_db_config(db, c.op, -1, &now) != SQLITE_OK || now != c.value) {
            *notInForce = QLatin1String(c.name);
            return false;
        }
    }
    if (queryOnly) {
        sqlite3_stmt *s = nullptr;
        const bool on = sqlite3_prepare_v2(db, "PRAGMA query_only", -1, &s, nullptr) == SQLITE_OK
                        && sqlite3_step(s) == SQLITE_ROW && sqlite3_column_int(s, 0) == 1;
        sqlite3_finalize(s);
        if (!on) {
            *notInForce = QStringLiteral("query_only");
            return false;
        }
    }
    return true;
}

Stmt &Stmt::operator=(Stmt &&o) noexcept
{
    if (this != &o) {
        sqlite3_finalize(s_);
        s_ = o.s_;
        o.s_ = nullptr;
    }
    return *this;
}

Stmt::~Stmt()
{
    sqlite3_finalize(s_);
}

Db &Db::operator=(Db &&o) noexcept
{
    if (this != &o) {
        reset(o.db_);
        settle_ = o.settle_;
        o.db_ = nullptr;
        o.settle_ = false;
    }
    return *this;
}

Db::~Db()
{
    reset(nullptr);
}

void Db::reset(sqlite3 *db)
{
    if (db_) {
        QByteArray file;
        if (settle_)
            if (const char *f = sqlite3_db_filename(db_, "main"); f && *f)
                file = f;
        sqlite3_close_v2(db_);
        if (!file.isEmpty() && settleAtRest(file))
            removeStaleLock(QFile::decodeName(file));
    }
    db_ = db;
    settle_ = false;
}

sqlite3 *openSideConnection(const QByteArray &path)
{
    sqlite3 *raw = nullptr;
    if (sqlite3_open_v2(path.constData(), &raw, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nullptr) != SQLITE_OK
        || !configureConnection(raw, QFile::decodeName(path), nullptr, nullptr)) {
        sqlite3_close_v2(raw);
        return nullptr;
    }
    return raw;
}

bool settleAtRest(const QByteArray &path)
{
    const QString p = QFile::decodeName(path);
    bool walHeader = false;
    {
        QFile f(p);
        if (!f.open(QIODevice::ReadOnly))
            return false;
        // Bytes 18 and 19 of the header are the write and read format versions: 2 = WAL.
        const QByteArray head = f.read(20);
        walHeader = head.size() == 20 && (head[18] == 2 || head[19] == 2);
    }
    if (!walHeader && !QFileInfo::exists(p + QLatin1String("-wal")) && !QFileInfo::exists(p + QLatin1String("-shm")))
        return true;
    sqlite3 *raw = openSideConnection(path);
    if (!raw)
        return false;
    // Someone else still using the file is not waited for: they settle it when they close.
    sqlite3_busy_timeout(raw, 0);
    bool settled = false;
    sqlite3_stmt *s = nullptr;
    if (sqlite3_prepare_v2(raw, "PRAGMA journal_mode = DELETE", -1, &s, nullptr) == SQLITE_OK
        && sqlite3_step(s) == SQLITE_ROW) {
        const auto *mode = reinterpret_cast<const char *>(sqlite3_column_text(s, 0));
        settled = mode && std::strcmp(mode, "delete") == 0;
    }
    sqlite3_finalize(s);
    sqlite3_close_v2(raw);
    return settled;
}

int enterWal(const Db &db)
{
    for (int attempt = 0; attempt < 10; ++attempt) {
        int rc = db.exec("PRAGMA journal_mode = WAL");
        if (rc != SQLITE_OK)
            return rc;
        // A read opens the -wal file when page 1 says WAL; when the file was switched back
        // meanwhile, it finds rollback mode and the pager reports "delete" from then on.
        db.scalar("PRAGMA schema_version", &rc);
        if (rc != SQLITE_OK)
            return rc;
        Stmt mode;
        if ((rc = db.prepare("PRAGMA journal_mode", &mode)) != SQLITE_OK)
            return rc;
        if ((rc = sqlite3_step(mode.get())) != SQLITE_ROW)
            return rc == SQLITE_DONE ? SQLITE_ERROR : rc;
        const auto *name = reinterpret_cast<const char *>(sqlite3_column_text(mode.get(), 0));
        if (name && std::strcmp(name, "wal") == 0)
            return SQLITE_OK;
    }
    return SQLITE_BUSY;
}

int Db::exec(const char *sql) const
{
    return sqlite3_exec(db_, sql, nullptr, nullptr, nullptr);
}

int Db::prepare(const char *sql, Stmt *out, bool persistent) const
{
    sqlite3_stmt *s = nullptr;
    const int rc = sqlite3_prepare_v3(db_, sql, -1, persistent ? SQLITE_PREPARE_PERSISTENT : 0, &s, nullptr);
    *out = Stmt(s);
    return rc;
}

std::int64_t Db::scalar(const char *sql, int *rc) const
{
    Stmt s;
    *rc = prepare(sql, &s);
    if (*rc != SQLITE_OK)
        return 0;
    const int step = sqlite3_step(s.get());
    if (step == SQLITE_ROW) {
        *rc = SQLITE_OK;
        return sqlite3_column_int64(s.get(), 0);
    }
    *rc = step == SQLITE_DONE ? SQLITE_OK : step;
    return 0;
}

QString Db::lastMessage() const
{
    return db_ ? QString::fromUtf8(sqlite3_errmsg(db_)) : QString();
}

QString upgradeBackupPath(const QString &path, int version)
{
    return path + QStringLiteral(".v%1.bak").arg(version);
}

StoreError errorFromCode(int rc)
{
    switch (rc & 0xff) {
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB:
        return StoreError::Corrupt;
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
        return StoreError::Busy;
    default:
        return StoreError::Io;
    }
}

QString messageFromCode(int rc, const QString &path, const QString &sqliteMessage)
{
    const QString p = shown(path);
    switch (rc & 0xff) {
    case SQLITE_FULL:
        return ProjectStore::tr("The disk is full: the project %1 could not be written. Everything saved before "
                  "this point is kept; free some space and try again.").arg(p);
    case SQLITE_IOERR:
        return ProjectStore::tr("A disk error occurred while accessing the project %1 (%2).").arg(p, sqliteMessage);
    case SQLITE_READONLY:
        return ProjectStore::tr("The project %1 cannot be written: the file or its folder is read-only.").arg(p);
    case SQLITE_PERM:
    case SQLITE_AUTH:
        return ProjectStore::tr("Permission denied while accessing the project %1.").arg(p);
    case SQLITE_CANTOPEN:
        return ProjectStore::tr("The project %1 cannot be opened (%2).").arg(p, sqliteMessage);
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB:
        return ProjectStore::tr("The project %1 is damaged (%2).").arg(p, sqliteMessage);
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
        return ProjectStore::tr("The project %1 is locked by another program (%2).").arg(p, sqliteMessage);
    default:
        return ProjectStore::tr("The project %1 could not be accessed: %2.").arg(p, sqliteMessage);
    }
}

namespace {

// A new project: the schema, the clean-close marker, WAL mode; nothing left behind on failure.
bool createProject(const QString &path, int mutexFlag, Db *out, StoreError *err, QString *message)
{
    const QFileInfo fi(path);
    if (!QDir().mkpath(fi.absolutePath()))
        return fail(err, message, StoreError::Io,
                    ProjectStore::tr("The folder %1 for the project could not be created.").arg(shown(fi.absolutePath())));
    sqlite3 *raw = nullptr;
    int rc = sqlite3_open_v2(QFile::encodeName(path).constData(), &raw,
                             SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | mutexFlag, nullptr);
    Db db;
    db.reset(raw);
    if (rc != SQLITE_OK) {
        const QString m = db.lastMessage();
        db.reset(nullptr);
        return fail(err, message, errorFromCode(rc), messageFromCode(rc, path, m));
    }
    if (!configureConnection(db.get(), path, err, message)) {
        db.reset(nullptr);
        removeDatabaseFiles(path);
        return false;
    }
    QString step;
    // The schema and its identity commit in rollback-journal mode, straight into the
    // main file, so its header carries application_id and user_version from the first
    // commit on (the header check below reads them before SQLite sees a -wal file).
    rc = migrate(db, 0, &step); // with the clean-close marker: a new, empty project is a finished write
    if (rc == SQLITE_OK)
        rc = db.exec("PRAGMA journal_mode = WAL");
    if (rc != SQLITE_OK) {
        const QString m = step.isEmpty() ? db.lastMessage() : step;
        db.reset(nullptr);
        // The file is ours and empty: leave nothing half-made behind.
        removeDatabaseFiles(path);
        return fail(err, message, errorFromCode(rc), messageFromCode(rc, path, m));
    }
    db.settleOnClose();
    *out = std::move(db);
    return true;
}

// The header bytes, before SQLite sees the file: magic, page size, identity, size and
// version (the last two only without a -wal file, which may hold newer values).
bool checkHeaderBytes(const QString &path, bool hotWal, StoreError *err, QString *message)
{
    const QString p = shown(path);
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return fail(err, message, StoreError::Io,
                    ProjectStore::tr("The project %1 cannot be read: %2.").arg(p, f.errorString()));
    const qint64 size = f.size();
    const QByteArray head = f.read(100);
    static const char kMagic[16] = {'S', 'Q', 'L', 'i', 't', 'e', ' ', 'f', 'o', 'r', 'm', 'a', 't', ' ', '3', '\0'};
    if (head.size() < 16 || std::memcmp(head.constData(), kMagic, 16) != 0)
        return fail(err, message, StoreError::NotProject,
                    ProjectStore::tr("%1 is not an NPU Scope project (not a SQLite database).").arg(p));
    if (head.size() < 100)
        return fail(err, message, StoreError::Corrupt,
                    ProjectStore::tr("The project %1 is damaged: the file is cut off inside its header (%2 bytes).")
                        .arg(p, QString::number(size)));
    const auto *h = reinterpret_cast<const uchar *>(head.constData());
    const quint32 pageSize = qFromBigEndian<quint16>(h + 16) == 1 ? 65536u : qFromBigEndian<quint16>(h + 16);
    const quint32 appId = qFromBigEndian<quint32>(h + 68);
    const quint32 version = qFromBigEndian<quint32>(h + 60);
    if (pageSize < 512 || pageSize > 65536 || (pageSize & (pageSize - 1)) != 0)
        return fail(err, message, StoreError::Corrupt,
                    ProjectStore::tr("The project %1 is damaged: its header is invalid (page size %2).").arg(p,
                            QString::number(pageSize)));
    // A project created by an older NPU Scope that was killed before its first
    // checkpoint keeps application_id 0 in the main file and the real one in the -wal
    // file; SQLite reads that through below. Any other identity is final here.
    if (appId != quint32(kApplicationId) && !(appId == 0 && hotWal))
        return fail(err, message, StoreError::NotProject,
                    ProjectStore::tr("%1 is a SQLite database but not an NPU Scope project.").arg(p));
    if (!hotWal) {
        // Without a -wal file the header is the whole truth: sizes must agree.
        const quint32 changeCounter = qFromBigEndian<quint32>(h + 24);
        const quint32 validFor = qFromBigEndian<quint32>(h + 92);
        const quint32 pages = qFromBigEndian<quint32>(h + 28);
        if (size % pageSize != 0 || (pages > 0 && changeCounter == validFor && qint64(pages) * pageSize > size))
            return fail(err, message, StoreError::Corrupt,
                        ProjectStore::tr("The project %1 is damaged: the file is cut off (%2 bytes, %3 expected).")
                            .arg(p,
                                    QString::number(size),
                                    QString::number(pages > 0 && changeCounter == validFor ? qint64(pages) * pageSize
                                                                                       : (size / pageSize + 1) * pageSize)));
        if (version > quint32(kSchemaVersion))
            return fail(err, message, StoreError::TooNew,
                        ProjectStore::tr("The project %1 was written by a newer NPU Scope (schema %2); this version reads up to %3.")
                            .arg(p, QString::number(version), QString::number(kSchemaVersion)));
    }
    return true;
}

// PRAGMA quick_check: every page (seconds per GB, so the GUI offers Cancel).
bool deepCheckFile(const Db &db, const QString &path, const std::atomic_bool *cancel, StoreError *err, QString *message)
{
    const QString p = shown(path);
    int rc;
    if (cancel)
        sqlite3_progress_handler(db.get(), 1000, [](void *flag) -> int {
            return static_cast<const std::atomic_bool *>(flag)->load(std::memory_order_relaxed) ? 1 : 0;
        }, const_cast<std::atomic_bool *>(cancel));
    Stmt check;
    rc = db.prepare("PRAGMA quick_check(1)", &check);
    if (rc == SQLITE_OK) {
        rc = sqlite3_step(check.get());
        if (rc == SQLITE_ROW) {
            const auto *t = reinterpret_cast<const char *>(sqlite3_column_text(check.get(), 0));
            const QString verdict = t ? QString::fromUtf8(t) : QString();
            if (verdict != QLatin1String("ok"))
                return fail(err, message, StoreError::Corrupt,
                            ProjectStore::tr("The project %1 is damaged (%2).").arg(p, verdict));
            rc = SQLITE_OK;
        }
    }
    if (cancel)
        sqlite3_progress_handler(db.get(), 0, nullptr, nullptr);
    if (rc == SQLITE_INTERRUPT && cancel && cancel->load())
        return fail(err, message, StoreError::Cancelled,
                    ProjectStore::tr("Opening %1 was cancelled while its integrity was being checked.").arg(p));
    if (rc != SQLITE_OK && rc != SQLITE_DONE)
        return fail(err, message, errorFromCode(rc), messageFromCode(rc, path, db.lastMessage()));
    return true;
}

} // namespace

bool openProject(const QString &path, OpenKind kind, DeepCheck deepCheck, bool forWriter, Db *out,
                 StoreError *err, QString *message, bool allowOlder, int *fileVersion, const std::atomic_bool *cancel,
                 bool *deepChecked)
{
    if (deepChecked)
        *deepChecked = false;
    const QFileInfo fi(path);
    const QString p = shown(path);
    const int mutexFlag = forWriter ? SQLITE_OPEN_NOMUTEX : SQLITE_OPEN_FULLMUTEX;

    if (!fi.exists()) {
        if (kind != OpenKind::Create)
            return fail(err, message, StoreError::NotFound, ProjectStore::tr("The project %1 does not exist.").arg(p));
        return createProject(path, mutexFlag, out, err, message);
    }

    if (fi.isDir())
        return fail(err, message, StoreError::NotProject,
                    ProjectStore::tr("%1 is a folder, not an NPU Scope project.").arg(p));

    recoverHotJournal(path);
    // Identity before anything else: SQLite would happily treat an empty or foreign file
    // as a database, so look at the header bytes ourselves (sqlite.org/fileformat.html).
    const QString walPath = path + QLatin1String("-wal");
    const bool hotWal = QFileInfo(walPath).size() > 0;
    if (!checkHeaderBytes(path, hotWal, err, message))
        return false;

    const int flags = (kind == OpenKind::ReadOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE) | mutexFlag;
    sqlite3 *raw = nullptr;
    int rc = sqlite3_open_v2(QFile::encodeName(path).constData(), &raw, flags, nullptr);
    Db db;
    db.reset(raw);
    if (rc != SQLITE_OK) {
        const QString m = db.lastMessage();
        return fail(err, message, errorFromCode(rc), messageFromCode(rc, path, m));
    }
    if (!configureConnection(db.get(), path, err, message))
        return false;

    const std::int64_t appId = db.scalar("PRAGMA application_id", &rc);
    if (rc != SQLITE_OK)
        return fail(err, message, errorFromCode(rc), messageFromCode(rc, path, db.lastMessage()));
    if (appId != kApplicationId)
        return fail(err, message, StoreError::NotProject,
                    ProjectStore::tr("%1 is a SQLite database but not an NPU Scope project.").arg(p));

    const std::int64_t version = db.scalar("PRAGMA user_version", &rc);
    if (rc != SQLITE_OK)
        return fail(err, message, errorFromCode(rc), messageFromCode(rc, path, db.lastMessage()));
    if (version > kSchemaVersion)
        return fail(err, message, StoreError::TooNew,
                    ProjectStore::tr("The project %1 was written by a newer NPU Scope (schema %2); this version reads up to %3.")
                        .arg(p, QString::number(version), QString::number(kSchemaVersion)));
    if (version < 1)
        // Creation stamps the version in the same transaction as the schema, so an
        // NPU Scope file without one was damaged or tampered with.
        return fail(err, message, StoreError::Corrupt,
                    ProjectStore::tr("The project %1 is damaged: it has no schema version.").arg(p));

    // Only the objects our own schema steps create: another program's trigger, view or
    // changed table would otherwise run or be read as if it were ours.
    QString offending;
    switch (checkSchema(db, int(version), &offending)) {
    case SchemaCheck::Ok:
        break;
    case SchemaCheck::Foreign:
    case SchemaCheck::Altered:
        return fail(err, message, StoreError::NotProject,
                    ProjectStore::tr("The project %1 was changed by another program: it holds the %2, which NPU Scope "
                                     "does not create. It is not opened, so nothing in it can run.").arg(p, offending));
    case SchemaCheck::Missing:
        return fail(err, message, StoreError::Corrupt,
                    ProjectStore::tr("The project %1 is damaged: the %2 is missing.").arg(p, offending));
    case SchemaCheck::Unreadable:
        return fail(err, message, StoreError::Corrupt,
                    ProjectStore::tr("The project %1 is damaged (%2).").arg(p, offending));
    }

    bool deep = deepCheck == DeepCheck::Yes;
    if (deepCheck == DeepCheck::IfUnclean) {
        // A clean close vouches for every write since the last check: the page scan is left
        // to an explicit check (and the GUI's in the background); a writer that did not
        // finish (or one that knows no marker) gets the scan now.
        deep = !closedCleanly(db, &rc);
        if (rc != SQLITE_OK)
            return fail(err, message, errorFromCode(rc), messageFromCode(rc, path, db.lastMessage()));
        // The caller offered Cancel for a check that might have read every page: once
        // pressed, the open is cancelled whether or not the scan was needed.
        if (!deep && cancel && cancel->load())
            return fail(err, message, StoreError::Cancelled,
                        ProjectStore::tr("Opening %1 was cancelled while its integrity was being checked.").arg(p));
    }
    if (deep) {
        if (deepChecked)
            *deepChecked = true;
        if (!deepCheckFile(db, path, cancel, err, message))
            return false;
    }

    if (fileVersion)
        *fileVersion = int(version);
    if (version < kSchemaVersion && !allowOlder)
        return fail(err, message, StoreError::NeedsUpgrade,
                    ProjectStore::tr("The project %1 was written by an older NPU Scope (schema %2) and must be upgraded to "
                                     "schema %3 before use. Upgrading keeps the original as %4.")
                        .arg(p,
                                QString::number(version),
                                QString::number(kSchemaVersion),
                                shown(upgradeBackupPath(path, int(version)))));

    // Only files of the current schema are brought to rest: an older one stays exactly as
    // it is until the user agrees to upgrade it.
    if (version == kSchemaVersion)
        db.settleOnClose();
    *out = std::move(db);
    return true;
}

// The marker's value: the newest session's id, as text (meta.value is TEXT). A macro so
// each statement below is one literal.
#define NPUSCOPE_NEWEST_SESSION "CAST((SELECT coalesce(max(id), 0) FROM sessions) AS TEXT)"

bool closedCleanly(const Db &db, int *rc)
{
    return db.scalar("SELECT (SELECT value FROM meta WHERE key = 'clean_close') IS " NPUSCOPE_NEWEST_SESSION, rc) == 1;
}

int clearCleanClose(const Db &db)
{
    return db.exec("DELETE FROM meta WHERE key = 'clean_close'");
}

int markCleanClose(const Db &db)
{
    return db.exec("INSERT OR REPLACE INTO meta(key, value) VALUES('clean_close', " NPUSCOPE_NEWEST_SESSION ")");
}

int refreshCleanClose(const Db &db)
{
    return db.exec("UPDATE meta SET value = " NPUSCOPE_NEWEST_SESSION " WHERE key = 'clean_close'");
}
#undef NPUSCOPE_NEWEST_SESSION

void readPmuBlob(sqlite3_stmt *s, int col, std::vector<float> *out)
{
    const auto *blob = static_cast<const unsigned char *>(sqlite3_column_blob(s, col));
    const int n = blob ? sqlite3_column_bytes(s, col) / 4 : 0;
    out->resize(std::size_t(n));
    for (int i = 0; i < n; ++i) {
        const std::uint32_t bits = qFromLittleEndian<std::uint32_t>(blob + 4 * i);
        std::memcpy(&(*out)[std::size_t(i)], &bits, 4);
    }
}

int stepFirst(sqlite3_stmt *s)
{
    int rc = sqlite3_step(s);
    int waitedMs = 0;
    for (int delay = 1; (rc & 0xff) == SQLITE_BUSY && waitedMs < 5000; delay = std::min(delay * 2, 50)) {
        sqlite3_reset(s);
        waitedMs += std::max(1, sqlite3_sleep(delay));
        rc = sqlite3_step(s);
    }
    return rc;
}

} // namespace npuscope::store::detail
