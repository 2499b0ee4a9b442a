#pragma once
// One GUI instance writes to a project at a time: the instance that
// opens a project first claims it with a lock file next to it ("<project>.gui.lock",
// QLockFile: the holder's pid and host inside, a dead holder's file taken over). A second
// instance opening the same project is told it is open elsewhere and treats it as
// read-only: it shows everything, and keeps marks and lane layouts to itself (nothing is
// written). The recording's own single-writer rule (core/store/writer_lock.h) is apart
// from this and still applies.

#include <QCoreApplication>
#include <QString>

#include <memory>

class QLockFile;

namespace npuscope::ui {

class ProjectGuard {
    Q_DECLARE_TR_FUNCTIONS(ProjectGuard)
public:
    ProjectGuard();
    ~ProjectGuard();
    // Releases the previous claim and claims `projectPath`; false when another live
    // instance holds it (then readOnly() and holder() say so). A lock file that cannot be
    // made (a read-only folder) claims nothing and is not an error: the project is writable
    // as far as this guard knows.
    bool claim(const QString &projectPath);
    void release();
    bool readOnly() const { return readOnly_; }
    QString path() const { return path_; }
    // "pid 1234 on host" of the instance holding it, when readOnly().
    QString holder() const { return holder_; }
    // The sentence shown to the user (translated).
    QString message() const;
    static QString lockPathOf(const QString &projectPath);

private:
    std::unique_ptr<QLockFile> lock_;
    QString path_;
    QString holder_;
    bool readOnly_ = false;
};

} // namespace npuscope::ui
