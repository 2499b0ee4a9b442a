#pragma once
// Internal to core/store: the advisory lock that makes a project single-writer. Taken by
// a recording (ProjectWriter), an upgrade and the removal of an unfinished session, so
// none of them interleaves with another, in this process or another.

#include "core/store/project.h"

#include <QByteArray>
#include <QString>

namespace npuscope::store::detail {

// flock() on "<project>.lock". The kernel releases it when the process dies, so a crashed
// writer never leaves a lock that blocks anyone (a pid in a file would need guessing
// whether that pid is still alive); the file a crash leaves is locked again by the next
// writer. A holder that ends normally removes the file while it still holds the lock, so
// a project at rest is one file; a writer that locked a file removed meanwhile (its holder
// ended between our open and our flock) holds a lock nobody else sees, so it starts over.
class WriterLock {
public:
    WriterLock() = default;
    WriterLock(const WriterLock &) = delete;
    WriterLock &operator=(const WriterLock &) = delete;
    ~WriterLock();

    // Busy (with the holder's pid in *message) when another writer holds it, Io when the
    // lock file cannot be made or locked.
    bool acquire(const QString &projectPath, StoreError *err, QString *message);

private:
    bool acquireOnce(const QString &projectPath, StoreError *err, QString *message);

    QByteArray path_;
    int fd_ = -1;
};

// Removes "<project>.lock" when no writer holds it: the file a killed writer leaves. A
// writer that opened it just before is not harmed: it notices the removal and starts over.
void removeStaleLock(const QString &projectPath);

} // namespace npuscope::store::detail
