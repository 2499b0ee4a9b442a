#pragma once
// The project explorer: sessions → devices → models → iterations of one project file with
// their key figures (status, duration, record counts, iteration times from the step
// trace). Selecting an item emits selectionChanged() with what it stands for; every view
// follows that signal. reload() keeps the expanded items and the selection, so it can be
// called repeatedly while a recording writes into the project (readers see WAL commits).

#include "ui/job_runner.h"

#include <QWidget>
#include <cstdint>
#include <memory>

class QTreeWidget;
class QTreeWidgetItem;

namespace npuscope::store {
class Project;
}

namespace npuscope::ui {

// What an explorer item stands for; -1 = "all" at that level (a session item has
// device = modelId = iteration = -1).
struct ExplorerSelection {
    QString projectPath;
    std::int64_t sessionId = 0;   // 0 = nothing selected (or the project item)
    int device = -1;
    std::int64_t modelId = -1;
    std::int64_t iteration = -1;
    bool operator==(const ExplorerSelection &) const = default;
};

class ProjectExplorer : public QWidget {
    Q_OBJECT
public:
    explicit ProjectExplorer(QWidget *parent = nullptr);
    ~ProjectExplorer() override;

    // Shows `path` (empty clears). Returns false and sets *message when it cannot be read.
    // `opened`: the project already opened (and so checked) elsewhere, e.g. on a worker
    // thread, so the GUI thread does not check a big file again.
    bool setProject(const QString &path, QString *message = nullptr, std::shared_ptr<store::Project> opened = {});
    QString projectPath() const { return path_; }
    // Re-reads the project, keeping expansion and selection. Returns false on read errors.
    bool reload(QString *message = nullptr);
    ExplorerSelection selection() const;
    // Selects the item of `sel` (as far down as it exists); emits selectionChanged.
    void select(const ExplorerSelection &sel);
    QTreeWidget *tree() const { return tree_; }
    // The shown project, opened (and checked) once by setProject() and kept: reload() runs
    // every second while a recording writes, and opening checks the whole file, which on a
    // big project would freeze the window each time. nullptr when none is shown or it could
    // not be opened. Its reads see every commit (WAL).
    store::Project *project() const { return project_.get(); }

    // Read-only: the project is open in another NPU Scope window (ui/project_guard.h); a
    // rename is refused with renameFailed() saying so.
    void setReadOnly(bool readOnly) { readOnly_ = readOnly; }
    bool isReadOnly() const { return readOnly_; }
    // Renames a session in the project (a background write); sessionRenamed() or
    // renameFailed() follows. False when nothing can be started (no project, no session,
    // read-only).
    bool renameSession(std::int64_t session, const QString &name);
    // Asks for a new name of the selected session (F2, the context menu), without
    // blocking the window.
    void renameSelected();
    // Processes events until the renames are answered (tests).
    bool waitForRenames(int msecs) { return edits_.waitForIdle(msecs); }

Q_SIGNALS:
    void selectionChanged(const npuscope::ui::ExplorerSelection &selection);
    void sessionRenamed(std::int64_t session, const QString &name);
    void renameFailed(const QString &message);

protected:
    void changeEvent(QEvent *e) override;

private:
    void retranslateUi();
    QString readOnlyRenameMessage() const;
    // Adds the iteration items of a model item (once), from the step trace.
    void populate(QTreeWidgetItem *modelItem);
    ExplorerSelection selectionOf(QTreeWidgetItem *item) const;
    QTreeWidgetItem *itemFor(const ExplorerSelection &sel) const;

    QTreeWidget *tree_ = nullptr;
    QString path_;
    bool readOnly_ = false;
    std::shared_ptr<store::Project> project_;
    // Opens project_ for path_ if it is not open yet.
    store::Project *ensureProject(QString *message);
    // Session edits, in order, off the GUI thread; finished even as the explorer goes.
    JobRunner edits_{JobRunner::Policy::Queue, QThread::InheritPriority, JobRunner::Ending::Finish};
};

} // namespace npuscope::ui

Q_DECLARE_METATYPE(npuscope::ui::ExplorerSelection)
