#include "ui/project_guard.h"

#include <QDir>
#include <QLockFile>

namespace npuscope::ui {

ProjectGuard::ProjectGuard() = default;
ProjectGuard::~ProjectGuard() { release(); }

QString ProjectGuard::lockPathOf(const QString &projectPath)
{
    return projectPath + QStringLiteral(".gui.lock");
}

void ProjectGuard::release()
{
    if (lock_)
        lock_->unlock(); // removes the file
    lock_.reset();
    path_.clear();
    holder_.clear();
    readOnly_ = false;
}

bool ProjectGuard::claim(const QString &projectPath)
{
    release();
    path_ = projectPath;
    auto lock = std::make_unique<QLockFile>(lockPathOf(projectPath));
    // No age makes a lock stale: a live holder keeps it however long it has the project
    // open; a dead holder's file is recognised by its pid and taken over.
    lock->setStaleLockTime(0);
    if (lock->tryLock(0)) {
        lock_ = std::move(lock);
        return true;
    }
    if (lock->error() == QLockFile::LockFailedError) {
        qint64 pid = 0;
        QString host, app;
        lock->getLockInfo(&pid, &host, &app);
        holder_ = host.isEmpty() ? tr("process %1").arg(pid) : tr("process %1 on %2").arg(pid).arg(host);
        readOnly_ = true;
        return false;
    }
    return true; // no lock file possible here: nothing to guard with
}

QString ProjectGuard::message() const
{
    return tr("%1 is open in another NPU Scope window (%2). It is read-only here: you can look at every "
              "session, but marks and lane layouts are not saved in the project from this window. Close it in the "
              "other window and reopen it here to write to it.")
        .arg(QDir::toNativeSeparators(path_), holder_);
}

} // namespace npuscope::ui
