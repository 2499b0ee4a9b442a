#include "core/store/writer_lock.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace npuscope::store::detail {

namespace {

// lupdate extracts ProjectStore::tr("...") under the context "ProjectStore".
struct ProjectStore {
    Q_DECLARE_TR_FUNCTIONS(ProjectStore)
};

QString shown(const QString &path) { return QDir::toNativeSeparators(path); }

} // namespace

WriterLock::~WriterLock()
{
    if (fd_ >= 0) {
        ::unlink(path_.constData());
        ::close(fd_); // releases the flock
    }
}

bool WriterLock::acquire(const QString &projectPath, StoreError *err, QString *message)
{
    for (int attempt = 0; attempt < 100; ++attempt) {
        if (!acquireOnce(projectPath, err, message))
            return false;
        struct stat held {}, named {};
        if (::fstat(fd_, &held) == 0 && ::stat(path_.constData(), &named) == 0 && held.st_ino == named.st_ino
            && held.st_dev == named.st_dev)
            return true;
        ::close(fd_);
        fd_ = -1;
    }
    *err = StoreError::Busy;
    *message = ProjectStore::tr("The project %1 is being opened for recording by other NPU Scope processes over and "
                                "over; try again.")
                   .arg(shown(projectPath));
    return false;
}

bool WriterLock::acquireOnce(const QString &projectPath, StoreError *err, QString *message)
{
    const QString lockPath = projectPath + QLatin1String(".lock");
    path_ = QFile::encodeName(lockPath);
    fd_ = ::open(path_.constData(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd_ < 0) {
        *err = StoreError::Io;
        *message = ProjectStore::tr("The lock file %1 of the project could not be created: %2.")
                       .arg(shown(lockPath), QString::fromLocal8Bit(std::strerror(errno)));
        return false;
    }
    if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
        const int e = errno;
        char buf[32] = {};
        const ssize_t n = ::pread(fd_, buf, sizeof buf - 1, 0);
        ::close(fd_);
        fd_ = -1;
        if (e == EWOULDBLOCK) {
            const QString pid = n > 0 ? QString::fromLatin1(buf, int(n)).trimmed() : ProjectStore::tr("unknown");
            *err = StoreError::Busy;
            *message = ProjectStore::tr("The project %1 is already being recorded by another NPU Scope process "
                                        "(pid %2). Wait until that recording ends, or record into another project.")
                           .arg(shown(projectPath), pid);
        } else {
            *err = StoreError::Io;
            *message = ProjectStore::tr("The lock file %1 of the project could not be locked: %2.")
                           .arg(shown(lockPath), QString::fromLocal8Bit(std::strerror(e)));
        }
        return false;
    }
    // Informational only (for the message above); the flock is what counts.
    const QByteArray pid = QByteArray::number(qint64(::getpid())) + '\n';
    if (::ftruncate(fd_, 0) == 0) {
        [[maybe_unused]] const ssize_t w = ::pwrite(fd_, pid.constData(), size_t(pid.size()), 0);
    }
    return true;
}

void removeStaleLock(const QString &projectPath)
{
    const QByteArray lockPath = QFile::encodeName(projectPath + QLatin1String(".lock"));
    const int fd = ::open(lockPath.constData(), O_RDWR | O_CLOEXEC);
    if (fd < 0)
        return;
    if (::flock(fd, LOCK_EX | LOCK_NB) == 0)
        ::unlink(lockPath.constData());
    ::close(fd);
}

} // namespace npuscope::store::detail
