#include "core/store/project_copy.h"

#include "core/store/sqlite_db.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <algorithm>
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

bool copyProject(const QString &source, const QString &destination, StoreError *err, QString *message,
                 const std::atomic_bool *cancel, const ByteProgress &progress)
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
    if (!detail::openProject(source, detail::OpenKind::ReadOnly, detail::DeepCheck::No, false, &src, err, message))
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
    // The read transaction pins one snapshot for every step below; without it each step
    // would start a new one, and a commit of the recording in between restarts the copy.
    rc = src.exec("BEGIN");
    if (rc == SQLITE_OK)
        rc = src.exec("SELECT COUNT(*) FROM sqlite_master");
    if (rc != SQLITE_OK) {
        const QString text = (rc & 0xff) == SQLITE_BUSY
                                 ? ProjectCopy::tr("The project %1 stayed busy; try saving the copy again.").arg(shown(source))
                                 : detail::messageFromCode(rc, source, src.lastMessage());
        dst.reset(nullptr);
        removeTmp();
        return fail((rc & 0xff) == SQLITE_BUSY ? StoreError::Busy : detail::errorFromCode(rc), text, err, message);
    }

    sqlite3_backup *backup = sqlite3_backup_init(dst.get(), "main", src.get(), "main");
    if (!backup) {
        const QString text = detail::messageFromCode(sqlite3_errcode(dst.get()), destination, dst.lastMessage());
        dst.reset(nullptr);
        removeTmp();
        return fail(StoreError::Io, text, err, message);
    }
    std::uint64_t bytesPerPage = 4096;
    {
        sqlite3_stmt *ps = nullptr;
        if (sqlite3_prepare_v2(src.get(), "PRAGMA page_size", -1, &ps, nullptr) == SQLITE_OK && sqlite3_step(ps) == SQLITE_ROW)
            bytesPerPage = std::uint64_t(std::max(512, sqlite3_column_int(ps, 0)));
        sqlite3_finalize(ps);
    }
    bool cancelled = false;
    for (int busy = 0;;) {
        if (cancel && cancel->load()) {
            cancelled = true;
            break;
        }
        rc = sqlite3_backup_step(backup, 4096);
        if (progress && rc != SQLITE_BUSY && rc != SQLITE_LOCKED) {
            const std::uint64_t total = std::uint64_t(std::max(0, sqlite3_backup_pagecount(backup)));
            const std::uint64_t left = std::uint64_t(std::max(0, sqlite3_backup_remaining(backup)));
            progress((total - std::min(total, left)) * bytesPerPage, total * bytesPerPage);
        }
        if (rc == SQLITE_OK)
            continue;
        if ((rc == SQLITE_BUSY || rc == SQLITE_LOCKED) && ++busy < 100) {
            sqlite3_sleep(50);
            continue;
        }
        break;
    }
    const int finishRc = sqlite3_backup_finish(backup);
    src.exec("COMMIT");
    if (cancelled) {
        dst.reset(nullptr);
        removeTmp();
        return fail(StoreError::Cancelled,
                    ProjectCopy::tr("Saving the copy of %1 was cancelled; nothing was written.").arg(shown(source)), err,
                    message);
    }
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
        if (!detail::openProject(tmp, detail::OpenKind::ReadOnly, detail::DeepCheck::Yes, false, &check, &checkErr, &checkMessage)) {
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
