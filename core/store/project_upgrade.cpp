// Project::upgrade: a durable backup copy, then the migration in one transaction.
#include "core/store/project_internal.h"
#include "core/store/schema.h"
#include "core/store/writer_lock.h"

#include <QFile>
#include <QFileInfo>

#include <cerrno>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace npuscope::store {

using namespace internal;

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

} // namespace npuscope::store
