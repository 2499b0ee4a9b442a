#pragma once
// The main window: menu bar, tool bar, status bar, the project explorer and a messages
// panel as docks, and a tab widget in the centre for the views (an "Overview" of the
// selection now; the timeline and tables are added as further tabs with addView()).
// Runs, imports and exports are background jobs (ui/job_runner.h); the window stays
// responsive, shows progress in the status bar and refreshes the explorer while a
// recording writes.
// Geometry, dock layout and recent projects persist in QSettings.

#include "core/model/session.h"
#include "core/options/profiling_options.h"
#include "core/store/project.h"
#include "ui/import_result_dialog.h"
#include "ui/job_runner.h"
#include "ui/project_explorer.h"
#include "ui/project_guard.h"

#include <QElapsedTimer>
#include <QMainWindow>
#include <QPointer>
#include <QThread>
#include <atomic>
#include <functional>
#include <memory>

class QAction;
class QDockWidget;
class QLabel;
class QMenu;
class QPlainTextEdit;
class QProgressBar;
class QProgressDialog;
class QPushButton;
class QTabWidget;
class QTextBrowser;
class QTimer;
class QToolBar;
class QTreeWidget;

namespace npuscope::ui {

class OverviewView;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    // Opens (read-only) and lists a project. The full check reads every page, so it is a
    // background job; past checkDialogDelay() ms a window-modal dialog shows it with Cancel.
    // A project of an older schema is upgraded when the user agrees (a job too, with its
    // progress and Cancel), then opened. Returns false when nothing was started (empty
    // path); the outcome arrives as projectOpened() (a refusal also with a message box, a
    // cancelled check without one).
    bool openProject(const QString &path);
    int checkDialogDelay() const { return checkDialogDelayMs_; }
    void setCheckDialogDelay(int ms) { checkDialogDelayMs_ = ms; }
    // Runs on the worker before each open, upgrade or Save As job starts (tests hold it there
    // until they have pressed Cancel, so a fast machine cannot finish the job first).
    void setBeforeCheckHook(std::function<void()> hook) { beforeCheck_ = std::move(hook); }
    // An open, upgrade or Save As is under way, or waits for the user's answer.
    bool isBusyWithFile() const { return fileWork_ > 0; }
    // The integrity check of the window's project is running: File → Verify Project, or the
    // one started in the background after a cleanly closed project opened without it.
    bool isVerifying() const { return verifier_.isBusy(); }
    QAction *verifyAction() const { return verifyAct_; }
    // Processes events until no open, upgrade or Save As is under way or msecs pass (tests
    // and the benchmark; the window itself never waits).
    bool waitForFileWork(int msecs);
    QString projectPath() const { return projectPath_; }
    // The project is open in another NPU Scope window (ui/project_guard.h): shown here
    // read-only (marks and lane layouts are not written).
    bool isProjectReadOnly() const { return guard_.readOnly(); }
    ProjectExplorer *projectExplorer() const { return explorer_; }
    QTreeWidget *explorer() const { return explorer_->tree(); }
    ExplorerSelection selection() const { return explorer_->selection(); }
    bool isRunning() const { return work_.isBusy(); }
    bool isImporting() const { return work_.isBusy() && importing_; }

    // The central views. addView() appends a tab (the integrator adds "Timeline" here);
    // views follow selectionChanged().
    QTabWidget *views() const { return views_; }
    int addView(QWidget *view, const QString &title);
    class TimelineView *timeline() const { return timeline_; }

    // Records a session off the GUI thread into `projectPath` (created if missing).
    // Returns false (with a message box) if a run or export is already going on.
    bool startRun(const SessionSpec &spec, const ProfilingOptions &options, const QString &projectPath);
    // Copies the open project to `destination` (safe while it is being recorded) as a
    // background job with progress and Cancel, then opens the copy unless a recording is
    // running. False when no project is open; the outcome arrives as projectSaved() (a
    // failure also with a message box).
    bool saveProjectAs(const QString &destination);
    // Imports the PROF data under `dir` (a PROF_* folder, one of its device folders, or a
    // folder holding PROF_* folders: every device found) into `projectPath` (created if
    // missing) off the GUI thread, like File → Import does after its file dialogs. Ends
    // with importFinished() and, unless cancelled, the result dialog; the new session is
    // selected. A cancelled or failed import leaves the project as it was. Returns false
    // (with a message box) if the folder does not exist or other work is running.
    bool importPath(const QString &dir, const QString &projectPath);
    // The result dialog of the last import while it is open (non-modal to the event loop).
    ImportResultDialog *importResultDialog() const { return importResult_; }

    static QStringList recentProjects();
    QMenu *fileMenu() const { return fileMenu_; }
    QAction *importAction() const { return importAct_; }
    QLabel *statusLabel() const { return statusLabel_; }
    QPushButton *cancelButton() const { return cancelButton_; }
    QPlainTextEdit *messages() const { return messages_; }
    QTextBrowser *overview() const { return details_; }   // the Overview's facts
    OverviewView *dashboard() const { return overview_; }

public Q_SLOTS:
    // Brings the timeline tab forward on [start, end] (absolute ns, as stored) of the
    // selected session. With a stream, selects the task starting at `start` on
    // (device, stream) and shows its details; without one (stream < 0) selects the range.
    // Every view's "show in timeline" / row double-click goes through here.
    void showInTimeline(int device, qint64 stream, qint64 start, qint64 end);
    // Brings the timeline forward on evidence (an advisor finding, a table row): `devices`
    // pinned and highlighted (TimelineView::focusEvidence), [start, end] shown and selected;
    // with a stream ≥ 0, the task starting at taskStart on (devices[0], stream) selected
    // instead of the range.
    void showEvidence(const QList<int> &devices, qint64 start, qint64 end, qint64 stream, qint64 taskStart);
    void newSession();
    void openProjectDialog();
    void saveProjectAsDialog();
    void importProf();
    // Imports `dir` into the open project, or asks for a new project file when none is open.
    void importFolder(const QString &dir);
    void exportSession();
    void cancelWork();
    void preferences();
    void about();
    void reloadProject();
    // File → Verify Project: the full integrity check of the open project (every page) as a
    // background job; the verdict arrives as projectVerified() and in a message box.
    void verifyProject();

Q_SIGNALS:
    // Emitted on the GUI thread when a run ends (status: complete/cancelled/failed).
    void workFinished(const QString &status, const QString &message);
    // Emitted on the GUI thread when an import ends ("complete", "cancelled" or "failed").
    void importFinished(const QString &status, const QString &message);
    // The explorer's selection (session/device/model/iteration); drives every view.
    void selectionChanged(const npuscope::ui::ExplorerSelection &selection);
    void projectChanged(const QString &path);
    // The end of openProject(): ok when the project is now the window's.
    void projectOpened(const QString &path, bool ok);
    // The end of saveProjectAs(): ok when the copy is complete.
    void projectSaved(const QString &path, bool ok);
    // The end of an integrity check (requested: File → Verify Project; else the background
    // check after opening): intact, or the translated sentence naming the damage.
    void projectVerified(const QString &path, bool intact, bool requested, const QString &message);

protected:
    void changeEvent(QEvent *e) override;
    void closeEvent(QCloseEvent *e) override;
    void dragEnterEvent(QDragEnterEvent *e) override;
    void dropEvent(QDropEvent *e) override;

private:
    void buildActions();
    void retranslateUi();
    void setDetailsHtml(const QString &html);
    void showDetails(const ExplorerSelection &sel);
    void finishRun(const QString &status, const QString &message);
    void onProgress(int iteration, int iterations, quint64 records);
    void onImportProgress(quint64 filesDone, quint64 filesTotal, quint64 bytesDone, quint64 bytesTotal);
    void finishImport(const ImportOutcome &outcome);
    void addRecent(const QString &path);
    void rebuildRecentMenu();
    void log(const QString &text);
    void updateActions();

    QString projectPath_;
    ProjectGuard guard_;
    void guardProject(const QString &path);
    ProjectExplorer *explorer_ = nullptr;
    QDockWidget *explorerDock_ = nullptr;
    QDockWidget *messagesDock_ = nullptr;
    QPlainTextEdit *messages_ = nullptr;
    QTabWidget *views_ = nullptr;
    QString detailsHtml_; // what details_ shows
    class TimelineView *timeline_ = nullptr;
    QString timelineProject_;
    std::int64_t timelineSession_ = 0;
    QTextBrowser *details_ = nullptr;   // the Overview's facts
    OverviewView *overview_ = nullptr;
    QLabel *statusLabel_ = nullptr;
    QProgressBar *progress_ = nullptr;
    QPushButton *cancelButton_ = nullptr;
    QTimer *refresh_ = nullptr;
    QToolBar *toolBar_ = nullptr;

    QMenu *fileMenu_ = nullptr, *recentMenu_ = nullptr, *viewMenu_ = nullptr, *helpMenu_ = nullptr;
    QAction *newAct_ = nullptr, *openAct_ = nullptr, *saveAsAct_ = nullptr, *importAct_ = nullptr,
            *exportAct_ = nullptr, *quitAct_ = nullptr, *prefsAct_ = nullptr, *aboutAct_ = nullptr,
            *shortcutsAct_ = nullptr, *guideAct_ = nullptr,
            *reloadAct_ = nullptr, *verifyAct_ = nullptr, *cancelAct_ = nullptr, *clearRecentAct_ = nullptr;

    bool importing_ = false;     // the work is an import, not a run
    bool cancelling_ = false;    // Cancel was pressed: the status keeps saying so
    QPointer<ImportResultDialog> importResult_;
    QString runPath_;
    QString runModel_;
    QElapsedTimer runClock_;
    int lastIteration_ = 0, lastIterations_ = 0;
    quint64 lastRecords_ = 0;
    // The status line as a function, so it is re-said in the new language on a switch.
    std::function<QString()> status_;
    void setStatus(std::function<QString()> f);
    struct OpenOutcome;
    void finishOpen(const QString &path, OpenOutcome o);
    void askUpgrade(const QString &path, const QString &why);
    void startUpgrade(const QString &path);
    void endFileWork(const QString &path, bool opened);
    // The window-modal progress dialog of the file job (shown after `delayMs`; indeterminate
    // until setFileProgress gives a total); Cancel cancels the job.
    void showFileProgress(const QString &title, const QString &label, int delayMs);
    void setFileProgress(std::uint64_t done, std::uint64_t total);
    void hideFileProgress();
    void warn(const QString &title, const QString &text);
    store::Project::Check writerCheck(const QString &path) const; // for runs and imports into `path`
    void startVerify(const QString &path, bool requested);
    int checkDialogDelayMs_ = 300;
    std::function<void()> beforeCheck_;
    int fileWork_ = 0;                       // opens / upgrades / copies not finished
    QPointer<QProgressDialog> fileProgress_;
    // Last: a running job ends before the members above go (cancelled runs keep what they
    // recorded, cancelled imports undo themselves first).
    JobRunner work_;             // the run or import (one at a time)
    JobRunner fileJobs_{JobRunner::Policy::Queue}; // checks, upgrades and copies of project files, in order
    // The integrity check of the window's project (Verify, or in the background after an
    // open that skipped it); a newer one, or opening another project, supersedes it.
    JobRunner verifier_{JobRunner::Policy::Latest, QThread::LowPriority};
};

} // namespace npuscope::ui
