#include "core/store/session_remove.h"

#include "core/store/sqlite_db.h"
#include "core/store/writer_lock.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

namespace npuscope::store {

namespace {

// lupdate extracts SessionRemove::tr("...") under the context "SessionRemove".
struct SessionRemove {
    Q_DECLARE_TR_FUNCTIONS(SessionRemove)
};

bool fail(StoreError *err, QString *message, StoreError e, const QString &m)
{
    if (err)
        *err = e;
    if (message)
        *message = m;
    return false;
}

} // namespace

bool removeSession(const QString &path, std::int64_t sessionId, bool removeFileIfEmpty, StoreError *err, QString *message)
{
    const QString abs = QFileInfo(path).absoluteFilePath();
    if (err)
        *err = StoreError::None;
    if (!QFileInfo::exists(abs))
        return true; // nothing was created: nothing to undo
    StoreError e = StoreError::None;
    QString m;
    // The lock of recordings, so a removal never interleaves with one writing into the
    // same project, from this process or another.
    detail::WriterLock lock;
    if (!lock.acquire(abs, &e, &m))
        return fail(err, message, e,
                    e == StoreError::Busy
                        ? SessionRemove::tr("The unfinished session could not be removed from %1: another recording "
                                            "is writing into the project.")
                              .arg(QDir::toNativeSeparators(abs))
                        : m);
    std::int64_t left = -1;
    {
        detail::Db db;
        if (!detail::openProject(abs, detail::OpenKind::ReadWrite, detail::DeepCheck::No, /*forWriter=*/true, &db, &e, &m))
            return fail(err, message, e, m);
        // Cascades reach every record table, the notes and the timeline summaries.
        int rc = db.exec("PRAGMA foreign_keys = ON");
        if (rc == SQLITE_OK)
            rc = db.exec("BEGIN IMMEDIATE");
        detail::Stmt del;
        if (rc == SQLITE_OK)
            rc = db.prepare("DELETE FROM sessions WHERE id = ?1", &del);
        if (rc == SQLITE_OK) {
            sqlite3_bind_int64(del.get(), 1, sessionId);
            rc = sqlite3_step(del.get());
            if (rc == SQLITE_DONE)
                rc = SQLITE_OK;
        }
        if (rc == SQLITE_OK) // a clean-close marker names the newest session left
            rc = detail::refreshCleanClose(db);
        if (rc == SQLITE_OK)
            rc = db.exec("COMMIT");
        if (rc != SQLITE_OK) {
            const QString sm = db.lastMessage();
            db.exec("ROLLBACK");
            return fail(err, message, detail::errorFromCode(rc), detail::messageFromCode(rc, abs, sm));
        }
        left = db.scalar("SELECT COUNT(*) FROM sessions", &rc);
        if (rc != SQLITE_OK)
            left = -1; // unknown: keep the file
    }
    if (removeFileIfEmpty && left == 0) {
        for (const char *suffix : {"-wal", "-shm", ""})
            QFile::remove(abs + QLatin1String(suffix));
    }
    return true;
}

} // namespace npuscope::store
