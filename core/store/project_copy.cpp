#include "core/store/project_copy.h"

#include "core/store/sqlite_db.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <sqlite3.h>

namespace npuscope::store {

namespace {

struct ProjectCopy {
    Q_DECLARE_TR_FUNCTIONS(ProjectCopy)
};

QString shown(const QString &path)
{
    return QDir::toNativeSeparators(path);
}

bool fail(StoreError kind, const QString &text, StoreError *err, QString *message)
{
    if (err)
        *err = kind;
    if (message)
        *message = text;
    return false;
}

} // namespace

bool copyProject(const QString &source, const QString &destination, StoreError *err, QString *message)
{
    if (err)
        *err = StoreError::None;
    const QFileInfo srcInfo(source);
    const QFileInfo dstInfo(destination);
    if (destination.trimmed().isEmpty())
        return fail(StoreError::Io, ProjectCopy::tr("Choose a file name to save the project copy as."), err, message);
    if (dstInfo.exists() && srcInfo.exists() && srcInfo.canonicalFilePath() == dstInfo.canonicalFilePath())
        return fail(StoreError::Io,
                    ProjectCopy::tr("The project %1 cannot be saved over itself; choose another file name.")
                        .arg(shown(source)),
                    err, message);

    detail::Db src;
    if (!detail::openProject(source, detail::OpenKind::ReadOnly, false, false, &src, err, message))
        return false;

    const QString dir = dstInfo.absolutePath();
    if (!QDir().mkpath(dir))
        return fail(StoreError::Io, ProjectCopy::tr("The folder %1 for the project copy could not be created.").arg(shown(dir)),
                    err, message);
    // Same folder as the destination, so the final rename cannot cross file systems.
    const QString tmp = dstInfo.absoluteFilePath() + QStringLiteral(".copy-%1.tmp").arg(QCoreApplication::applicationPid());
    QFile::remove(tmp);
    auto removeTmp = [&tmp] {
        QFile::remove(tmp);
        QFile::remove(tmp + QStringLiteral("-journal"));
        QFile::remove(tmp + QStringLiteral("-wal"));
        QFile::remove(tmp + QStringLiteral("-shm"));
    };

    sqlite3 *raw = nullptr;
    int rc = sqlite3_open_v2(QFile::encodeName(tmp).constData(), &raw,
                             SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nullptr);
    detail::Db dst;
    dst.reset(raw);
    if (rc != SQLITE_OK) {
        const QString text = detail::messageFromCode(rc, destination, dst.lastMessage());
        dst.reset(nullptr);
        removeTmp();
        return fail(detail::errorFromCode(rc), text, err, message);
    }
    sqlite3_busy_timeout(src.get(), 5000);

    sqlite3_backup *backup = sqlite3_backup_init(dst.get(), "main", src.get(), "main");
    if (!backup) {
        const QString text = detail::messageFromCode(sqlite3_errcode(dst.get()), destination, dst.lastMessage());
        dst.reset(nullptr);
        removeTmp();
        return fail(StoreError::Io, text, err, message);
    }
    // One step copies every page inside a single read transaction: a consistent snapshot
    // even while a writer commits (an incremental backup would restart on every commit
    // of another connection and might never finish during a fast recording).
    for (int attempt = 0;; ++attempt) {
        rc = sqlite3_backup_step(backup, -1);
        if ((rc == SQLITE_BUSY || rc == SQLITE_LOCKED) && attempt < 100) {
            sqlite3_sleep(50);
            continue;
        }
        break;
    }
    const int finishRc = sqlite3_backup_finish(backup);
    if (rc != SQLITE_DONE || finishRc != SQLITE_OK) {
        const int code = rc != SQLITE_DONE ? rc : finishRc;
        const QString text = (code == SQLITE_BUSY || code == SQLITE_LOCKED)
                                 ? ProjectCopy::tr("The project %1 stayed busy; try saving the copy again.").arg(shown(source))
                                 : detail::messageFromCode(code, destination, dst.lastMessage());
        dst.reset(nullptr);
        removeTmp();
        return fail(code == SQLITE_BUSY || code == SQLITE_LOCKED ? StoreError::Busy : detail::errorFromCode(code), text,
                    err, message);
    }
    // Leave the copy self-contained: no -wal beside it, header in the source's mode.
    dst.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    dst.reset(nullptr);
    src.reset(nullptr);

    {
        StoreError checkErr = StoreError::None;
        QString checkMessage;
        detail::Db check;
        if (!detail::openProject(tmp, detail::OpenKind::ReadOnly, true, false, &check, &checkErr, &checkMessage)) {
            removeTmp();
            return fail(checkErr == StoreError::None ? StoreError::Io : checkErr,
                        ProjectCopy::tr("The copy of %1 could not be verified: %2").arg(shown(source), checkMessage), err,
                        message);
        }
    }
    QFile::remove(tmp + QStringLiteral("-wal"));
    QFile::remove(tmp + QStringLiteral("-shm"));
    // A stale -wal/-shm of a replaced destination would be replayed onto the new copy.
    QFile::remove(dstInfo.absoluteFilePath() + QStringLiteral("-wal"));
    QFile::remove(dstInfo.absoluteFilePath() + QStringLiteral("-shm"));
    if (std::rename(QFile::encodeName(tmp).constData(), QFile::encodeName(dstInfo.absoluteFilePath()).constData()) != 0) {
        removeTmp();
        return fail(StoreError::Io,
                    ProjectCopy::tr("The project copy could not be saved as %1: %2.")
                        .arg(shown(destination), QString::fromLocal8Bit(std::strerror(errno))),
                    err, message);
    }
    return true;
}

} // namespace npuscope::store
