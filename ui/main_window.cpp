#include "ui/main_window.h"
#include "ui/background.h"
#include "ui/help_dialogs.h"
#include "core/text/display.h"
#include "ui/timeline/timeline_view.h"
#include "ui/views/chart_view.h"
#include "ui/views/table_view.h"
#include "ui/views/advisor_view.h"
#include "ui/views/overview_view.h"
#include "ui/views/communication_view.h"
#include "ui/views/compare_view.h"
#include "ui/views/sql_view.h"

#include "core/store/project.h"
#include "core/store/project_copy.h"
#include "core/store/project_query.h"
#include "core/store/session_remove.h"
#include "device/emulator.h"
#include "ui/export_dialog.h"
#include "ui/format.h"
#include "ui/import_result_dialog.h"
#include "ui/new_session_dialog.h"
#include "ui/preferences_dialog.h"

#include <algorithm>
#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDateTime>

#include <set>
#include <QDesktopServices>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QDeadlineTimer>
#include <QEventLoop>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QProgressDialog>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QStatusBar>
#include <QStyle>
#include <QTabWidget>
#include <QTextBrowser>
#include <QThread>
#include <QTimer>
#include <QToolBar>
#include <QTreeWidget>
#include <QRegularExpression>
#include <QUrl>

#include <climits>
#include <optional>

namespace npuscope::ui {

namespace {
constexpr int kMaxRecent = 10;
const char kRecentKey[] = "recentProjects";

// The list as this process last wrote it: the write itself runs in the background (it
// fsyncs the settings file, which took 100+ ms while a large project was being written).
std::optional<QStringList> &recentWritten()
{
    static std::optional<QStringList> list;
    return list;
}

QString esc(const QString &s)
{
    return s.toHtmlEscaped();
}

// Distinct iteration numbers stored for the session (any device), -1 when unreadable.
int recordedIterations(const store::Project &project, std::int64_t sessionId)
{
    QString message;
    const std::unique_ptr<store::ProjectReader> reader = project.session(sessionId, &message);
    if (!reader)
        return -1;
    std::set<std::uint32_t> numbers;
    for (const IterationKey &k : reader->iterations())
        numbers.insert(k.iteration);
    return int(numbers.size());
}
} // namespace

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
{
    setObjectName(QStringLiteral("mainWindow"));
    setAcceptDrops(true);
    setDockNestingEnabled(true);

    explorer_ = new ProjectExplorer(this);
    explorerDock_ = new QDockWidget(this);
    explorerDock_->setObjectName(QStringLiteral("explorerDock"));
    explorerDock_->setWidget(explorer_);
    addDockWidget(Qt::LeftDockWidgetArea, explorerDock_);

    messages_ = new QPlainTextEdit(this);
    messages_->setReadOnly(true);
    messages_->setMaximumBlockCount(2000);
    messagesDock_ = new QDockWidget(this);
    messagesDock_->setObjectName(QStringLiteral("messagesDock"));
    messagesDock_->setWidget(messages_);
    addDockWidget(Qt::BottomDockWidgetArea, messagesDock_);

    // The centre is a tab widget: "Overview" now, the timeline and tables join as tabs.
    views_ = new QTabWidget(this);
    views_->setObjectName(QStringLiteral("views"));
    views_->setDocumentMode(true);
    // The Overview: the session's dashboard above its facts (details_, written by showDetails).
    overview_ = new OverviewView(views_);
    details_ = overview_->facts();
    connect(details_, &QTextBrowser::anchorClicked, this, [](const QUrl &u) { QDesktopServices::openUrl(u); });
    views_->addTab(overview_, QString());
    setCentralWidget(views_);

    statusLabel_ = new QLabel(this);
    progress_ = new QProgressBar(this);
    progress_->setMaximumWidth(240);
    progress_->hide();
    cancelButton_ = new QPushButton(this);
    cancelButton_->hide();
    connect(cancelButton_, &QPushButton::clicked, this, &MainWindow::cancelWork);
    statusBar()->addWidget(statusLabel_, 1);
    statusBar()->addPermanentWidget(progress_);
    statusBar()->addPermanentWidget(cancelButton_);

    refresh_ = new QTimer(this);
    refresh_->setInterval(1000);
    connect(refresh_, &QTimer::timeout, this, [this] {
        if (!explorer_->projectPath().isEmpty()) {
            explorer_->reload();
            showDetails(explorer_->selection()); // the figures of a running session move
        }
    });

    // The timeline follows the selected session; reopening only when the session changes
    // keeps zoom and selection while the user moves between its devices and iterations.
    timeline_ = new TimelineView(views_);
    timeline_->setObjectName(QStringLiteral("timeline"));
    views_->addTab(timeline_, QString());
    // Every way a project becomes the window's (open, a run, an import) ends in projectChanged.
    connect(this, &MainWindow::projectChanged, this, &MainWindow::guardProject);
    connect(timeline_, &TimelineView::opened, this, [this](bool ok) {
        if (!ok)
            log(timeline_->errorString());
    });
    connect(explorer_, &ProjectExplorer::selectionChanged, this, [this](const ExplorerSelection &sel) {
        if (sel.sessionId > 0 && (sel.projectPath != timelineProject_ || sel.sessionId != timelineSession_)) {
            timelineProject_ = sel.projectPath;
            timelineSession_ = sel.sessionId;
            timeline_->openInBackground(sel.projectPath, sel.sessionId);
        }
    });
    // Summary tables: follow the selection and the timeline's range; rows jump to the timeline.
    auto *tables = new TablesView(views_);
    tables->setObjectName(QStringLiteral("tables"));
    addView(tables, QString());
    connect(explorer_, &ProjectExplorer::selectionChanged, tables, &TablesView::setSelection);
    connect(explorer_, &ProjectExplorer::renameFailed, this, [this](const QString &m) { setStatus([m] { return m; }); });
    connect(explorer_, &ProjectExplorer::sessionRenamed, this, [this](std::int64_t id, const QString &name) {
        setStatus([id, name] { return tr("Session %1 is now called \"%2\".").arg(QString::number(id), name); });
    });
    connect(timeline_, &TimelineView::rangeSelected, tables, &TablesView::setTimeRange);
    connect(tables, &TablesView::showEvidenceRequested, this, &MainWindow::showEvidence);
    // Charts: follow the selection and the timeline's range; iteration bars jump to the timeline.
    auto *charts = new ChartsView(views_);
    charts->setObjectName(QStringLiteral("charts"));
    addView(charts, QString());
    connect(explorer_, &ProjectExplorer::selectionChanged, charts, &ChartsView::setSelection);
    connect(timeline_, &TimelineView::rangeSelected, charts, &ChartsView::setTimeRange);
    connect(charts, &ChartsView::showInTimeline, this, &MainWindow::showInTimeline);
    // Analysis views: the advisor and the comparison follow the selected session (they
    // compute only while shown), the SQL console queries the open project.
    auto *advisor = new AdvisorView(views_);
    addView(advisor, QString());
    connect(explorer_, &ProjectExplorer::selectionChanged, advisor,
            [advisor](const ExplorerSelection &sel) { advisor->setSession(sel.projectPath, sel.sessionId); });
    connect(advisor, &AdvisorView::showEvidence, this, &MainWindow::showEvidence);
    connect(explorer_, &ProjectExplorer::selectionChanged, overview_,
            [this](const ExplorerSelection &sel) { overview_->setSession(sel.projectPath, sel.sessionId); });
    connect(overview_, &OverviewView::showEvidence, this, &MainWindow::showEvidence);
    // A session that was recording when it was selected has grown: its figures again.
    connect(this, &MainWindow::workFinished, overview_, [this] { overview_->refresh(); });
    connect(overview_, &OverviewView::findingRequested, this, [this, advisor](int row) {
        views_->setCurrentWidget(advisor);
        // The advisor computes when shown; the row is selected once its findings are in.
        if (advisor->waitForIdle(0) && row < int(advisor->findings().size()))
            advisor->selectFinding(row);
        else
            connect(advisor, &AdvisorView::analysisFinished, advisor, [advisor, row] { advisor->selectFinding(row); },
                    Qt::SingleShotConnection);
    });
    auto *communication = new CommunicationView(views_);
    addView(communication, QString());
    connect(explorer_, &ProjectExplorer::selectionChanged, communication,
            [communication](const ExplorerSelection &sel) { communication->setSession(sel.projectPath, sel.sessionId); });
    auto *compare = new CompareView(views_);
    addView(compare, QString());
    connect(explorer_, &ProjectExplorer::selectionChanged, compare,
            [compare](const ExplorerSelection &sel) { compare->setSelection(sel.projectPath, sel.sessionId); });
    connect(this, &MainWindow::projectChanged, compare, [compare](const QString &path) { compare->setSelection(path, 0); });
    auto *sql = new SqlView(views_);
    addView(sql, QString());
    connect(this, &MainWindow::projectChanged, sql, &SqlView::setProject);
    connect(explorer_, &ProjectExplorer::selectionChanged, this, [this](const ExplorerSelection &sel) {
        showDetails(sel);
        updateActions();
        Q_EMIT selectionChanged(sel);
    });

    buildActions();
    retranslateUi();
    setStatus([] { return tr("Ready"); });

    resize(1400, 880);
    // First start: room for the explorer's figures and a short messages strip.
    resizeDocks({explorerDock_}, {560}, Qt::Horizontal);
    resizeDocks({messagesDock_}, {120}, Qt::Vertical);
    QSettings s;
    restoreGeometry(s.value(QStringLiteral("mainWindow/geometry")).toByteArray());
    restoreState(s.value(QStringLiteral("mainWindow/state")).toByteArray());
    updateActions();
}

MainWindow::~MainWindow()
{
    work_.cancel();
}

void MainWindow::setStatus(std::function<QString()> f)
{
    status_ = std::move(f);
    statusLabel_->setText(status_ ? status_() : QString());
}

void MainWindow::buildActions()
{
    auto icon = [this](const char *theme, QStyle::StandardPixmap fallback) {
        return QIcon::fromTheme(QString::fromLatin1(theme), style()->standardIcon(fallback));
    };
    newAct_ = new QAction(icon("document-new", QStyle::SP_FileIcon), QString(), this);
    newAct_->setShortcut(QKeySequence::New);
    connect(newAct_, &QAction::triggered, this, &MainWindow::newSession);
    openAct_ = new QAction(icon("document-open", QStyle::SP_DialogOpenButton), QString(), this);
    openAct_->setShortcut(QKeySequence::Open);
    connect(openAct_, &QAction::triggered, this, &MainWindow::openProjectDialog);
    saveAsAct_ = new QAction(icon("document-save-as", QStyle::SP_DialogSaveButton), QString(), this);
    saveAsAct_->setShortcut(QKeySequence::SaveAs);
    connect(saveAsAct_, &QAction::triggered, this, &MainWindow::saveProjectAsDialog);
    verifyAct_ = new QAction(QString(), this);
    connect(verifyAct_, &QAction::triggered, this, &MainWindow::verifyProject);
    importAct_ = new QAction(icon("document-import", QStyle::SP_DirOpenIcon), QString(), this);
    importAct_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_I));
    connect(importAct_, &QAction::triggered, this, &MainWindow::importProf);
    exportAct_ = new QAction(icon("document-export", QStyle::SP_ArrowRight), QString(), this);
    exportAct_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    connect(exportAct_, &QAction::triggered, this, &MainWindow::exportSession);
    quitAct_ = new QAction(QString(), this);
    quitAct_->setShortcut(QKeySequence::Quit);
    quitAct_->setMenuRole(QAction::QuitRole);
    connect(quitAct_, &QAction::triggered, this, &QWidget::close);
    prefsAct_ = new QAction(QString(), this);
    prefsAct_->setShortcuts({QKeySequence::Preferences, QKeySequence(Qt::CTRL | Qt::Key_Comma)});
    prefsAct_->setMenuRole(QAction::PreferencesRole);
    connect(prefsAct_, &QAction::triggered, this, &MainWindow::preferences);
    aboutAct_ = new QAction(QString(), this);
    aboutAct_->setMenuRole(QAction::AboutRole);
    connect(aboutAct_, &QAction::triggered, this, &MainWindow::about);
    guideAct_ = new QAction(QString(), this);
    guideAct_->setObjectName(QStringLiteral("userGuideAction"));
    guideAct_->setShortcut(QKeySequence::HelpContents);
    connect(guideAct_, &QAction::triggered, this, [this] { showUserGuide(this); });
    shortcutsAct_ = new QAction(QString(), this);
    shortcutsAct_->setObjectName(QStringLiteral("shortcutsAction"));
    shortcutsAct_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Slash));
    connect(shortcutsAct_, &QAction::triggered, this, [this] { showShortcutsDialog(this, menuBar()); });
    reloadAct_ = new QAction(icon("view-refresh", QStyle::SP_BrowserReload), QString(), this);
    reloadAct_->setShortcut(QKeySequence::Refresh);
    connect(reloadAct_, &QAction::triggered, this, &MainWindow::reloadProject);
    cancelAct_ = new QAction(icon("process-stop", QStyle::SP_BrowserStop), QString(), this);
    cancelAct_->setShortcut(QKeySequence(Qt::Key_Escape));
    cancelAct_->setShortcutContext(Qt::WindowShortcut);
    connect(cancelAct_, &QAction::triggered, this, &MainWindow::cancelWork);
    clearRecentAct_ = new QAction(QString(), this);
    connect(clearRecentAct_, &QAction::triggered, this, [this] {
        recentWritten() = QStringList();
        runInBackground([] { QSettings().remove(QString::fromLatin1(kRecentKey)); });
        rebuildRecentMenu();
    });

    fileMenu_ = menuBar()->addMenu(QString());
    fileMenu_->addAction(newAct_);
    fileMenu_->addAction(openAct_);
    recentMenu_ = fileMenu_->addMenu(QString());
    connect(recentMenu_, &QMenu::aboutToShow, this, &MainWindow::rebuildRecentMenu);
    fileMenu_->addAction(saveAsAct_);
    fileMenu_->addAction(verifyAct_);
    fileMenu_->addSeparator();
    fileMenu_->addAction(importAct_);
    fileMenu_->addAction(exportAct_);
    fileMenu_->addSeparator();
    fileMenu_->addAction(prefsAct_);
    fileMenu_->addSeparator();
    fileMenu_->addAction(quitAct_);

    viewMenu_ = menuBar()->addMenu(QString());
    viewMenu_->addAction(reloadAct_);
    viewMenu_->addAction(cancelAct_);
    viewMenu_->addSeparator();
    viewMenu_->addAction(explorerDock_->toggleViewAction());
    viewMenu_->addAction(messagesDock_->toggleViewAction());

    helpMenu_ = menuBar()->addMenu(QString());
    helpMenu_->addAction(guideAct_);
    helpMenu_->addAction(shortcutsAct_);
    helpMenu_->addSeparator();
    helpMenu_->addAction(aboutAct_);

    toolBar_ = addToolBar(QString());
    toolBar_->setObjectName(QStringLiteral("mainToolBar"));
    toolBar_->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    toolBar_->addAction(newAct_);
    toolBar_->addAction(openAct_);
    toolBar_->addAction(saveAsAct_);
    toolBar_->addSeparator();
    toolBar_->addAction(importAct_);
    toolBar_->addAction(exportAct_);
    toolBar_->addAction(reloadAct_);
    viewMenu_->addAction(toolBar_->toggleViewAction());
    rebuildRecentMenu();
}

void MainWindow::retranslateUi()
{
    setWindowTitle(projectPath_.isEmpty() ? tr("NPU Scope")
                                          : tr("%1 - NPU Scope").arg(QFileInfo(projectPath_).fileName()));
    views_->setTabText(views_->indexOf(timeline_), tr("Timeline"));
    if (auto *v = findChild<ChartsView *>())
        views_->setTabText(views_->indexOf(v), tr("Charts"));
    if (auto *tables = findChild<TablesView *>(QStringLiteral("tables")))
        views_->setTabText(views_->indexOf(tables), tr("Tables"));
    if (auto *v = findChild<AdvisorView *>())
        views_->setTabText(views_->indexOf(v), tr("Advisor"));
    if (auto *v = findChild<CommunicationView *>())
        views_->setTabText(views_->indexOf(v), tr("Communication"));
    if (auto *v = findChild<CompareView *>())
        views_->setTabText(views_->indexOf(v), tr("Compare"));
    if (auto *v = findChild<SqlView *>())
        views_->setTabText(views_->indexOf(v), tr("SQL"));
    fileMenu_->setTitle(tr("&File"));
    recentMenu_->setTitle(tr("Open &Recent"));
    viewMenu_->setTitle(tr("&View"));
    helpMenu_->setTitle(tr("&Help"));
    newAct_->setText(tr("&New Session…"));
    newAct_->setToolTip(tr("Record a new emulated training session"));
    openAct_->setText(tr("&Open Project…"));
    saveAsAct_->setText(tr("Save Project &As…"));
    saveAsAct_->setToolTip(tr("Save a copy of the project (safe while a session is being recorded)"));
    verifyAct_->setText(tr("&Verify Project"));
    verifyAct_->setToolTip(tr("Check every page of the project file for damage (nothing in it is changed)"));
    importAct_->setText(tr("&Import Profiler Output…"));
    importAct_->setToolTip(tr("Read profiler output into the project as a new session: msprof PROF_* folders (legacy "
                              "or newer layout), torch_npu / MindSpore *_ascend_pt / *_ascend_ms folders (text or "
                              "SQLite), or a folder of several ranks; you can also drop a folder or a .db file on the "
                              "window"));
    importAct_->setStatusTip(importAct_->toolTip());
    exportAct_->setText(tr("&Export Session…"));
    exportAct_->setToolTip(tr("Write the selected session as a PROF directory (timeline JSON and summary CSV)"));
    quitAct_->setText(tr("&Quit"));
    prefsAct_->setText(tr("&Preferences…"));
    aboutAct_->setText(tr("&About NPU Scope"));
    guideAct_->setText(tr("&User Guide"));
    shortcutsAct_->setText(tr("&Keyboard Shortcuts"));
    reloadAct_->setText(tr("Re&load"));
    cancelAct_->setText(tr("&Cancel Run"));
    clearRecentAct_->setText(tr("&Clear Menu"));
    toolBar_->setWindowTitle(tr("Main Tool Bar"));
    explorerDock_->setWindowTitle(tr("Project Explorer"));
    messagesDock_->setWindowTitle(tr("Messages"));
    views_->setTabText(views_->indexOf(overview_), tr("Overview"));
    cancelButton_->setText(tr("Cancel"));
    if (status_)
        statusLabel_->setText(status_());
    showDetails(explorer_->selection());
}

void MainWindow::changeEvent(QEvent *e)
{
    if (e->type() == QEvent::LanguageChange)
        retranslateUi();
    QMainWindow::changeEvent(e);
}

void MainWindow::closeEvent(QCloseEvent *e)
{
    if (isRunning()) {
        const auto answer = importing_
                                ? QMessageBox::question(this, tr("Import in Progress"),
                                                        tr("A PROF directory is being imported. Stop it and quit? "
                                                           "Nothing of the unfinished import is kept."))
                                : QMessageBox::question(
                                      this, tr("Recording in Progress"),
                                      tr("A session is being recorded. Stop it and quit? What was recorded so far is kept."));
        if (answer != QMessageBox::Yes) {
            e->ignore();
            return;
        }
        // The window goes at once; the job stops (an import undoing itself first) before the
        // application ends.
        work_.cancel();
    }
    QSettings s;
    s.setValue(QStringLiteral("mainWindow/geometry"), saveGeometry());
    s.setValue(QStringLiteral("mainWindow/state"), saveState());
    e->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent *e)
{
    // A project file opens; a folder or an SQLite export (.db) is imported.
    for (const QUrl &u : e->mimeData()->urls())
        if (u.isLocalFile()
            && (u.toLocalFile().endsWith(QLatin1String(".npuscope"), Qt::CaseInsensitive) || QFileInfo(u.toLocalFile()).isDir()
                || u.toLocalFile().endsWith(QLatin1String(".db"), Qt::CaseInsensitive))) {
            e->acceptProposedAction();
            return;
        }
}

void MainWindow::dropEvent(QDropEvent *e)
{
    for (const QUrl &u : e->mimeData()->urls()) {
        if (!u.isLocalFile())
            continue;
        const QString path = u.toLocalFile();
        if (path.endsWith(QLatin1String(".npuscope"), Qt::CaseInsensitive)) {
            e->acceptProposedAction();
            openProject(path);
            return;
        }
        if (QFileInfo(path).isDir() || path.endsWith(QLatin1String(".db"), Qt::CaseInsensitive)) {
            e->acceptProposedAction();
            // Back to the event loop first: the file dialog that may follow must not run
            // inside the drag source's drop handling.
            QTimer::singleShot(0, this, [this, path] { importFolder(path); });
            return;
        }
    }
}

void MainWindow::showInTimeline(int device, qint64 stream, qint64 start, qint64 end)
{
    views_->setCurrentWidget(timeline_);
    if (end < start)
        std::swap(start, end);
    // The evidence belongs to the selected session, which may still be opening.
    timeline_->whenOpen([this, device, stream, start, end] {
        // A little context either side, so the task is not glued to the edges.
        const qint64 pad = std::max<qint64>((end - start) / 4, 1000);
        timeline_->setVisibleRange(start - pad, end + pad);
        if (stream >= 0 && timeline_->selectTask(std::uint16_t(device), std::uint32_t(stream), start))
            return;
        timeline_->selectRange(start, end);
    });
}

void MainWindow::showEvidence(const QList<int> &devices, qint64 start, qint64 end, qint64 stream, qint64 taskStart)
{
    views_->setCurrentWidget(timeline_);
    if (end < start)
        std::swap(start, end);
    std::vector<std::uint16_t> ds;
    for (int d : devices)
        if (d >= 0 && d <= 0xffff)
            ds.push_back(std::uint16_t(d));
    const bool task = stream >= 0 && !ds.empty();
    // The evidence belongs to the selected session, which may still be opening.
    timeline_->whenOpen([this, ds, start, end, task, stream, taskStart] {
        timeline_->focusEvidence(ds, start, end, !task);
        if (task && !timeline_->selectTask(ds.front(), std::uint32_t(stream), taskStart))
            timeline_->selectRange(start, end);
    });
}

int MainWindow::addView(QWidget *view, const QString &title)
{
    return views_->addTab(view, title);
}

void MainWindow::log(const QString &text)
{
    messages_->appendPlainText(QStringLiteral("%1  %2").arg(QTime::currentTime().toString(QStringLiteral("HH:mm:ss")), text));
}

void MainWindow::updateActions()
{
    const bool busy = isRunning();
    saveAsAct_->setEnabled(!projectPath_.isEmpty());
    verifyAct_->setEnabled(!projectPath_.isEmpty());
    exportAct_->setEnabled(!projectPath_.isEmpty() && explorer_->selection().sessionId > 0);
    reloadAct_->setEnabled(!projectPath_.isEmpty());
    cancelAct_->setEnabled(busy);
    newAct_->setEnabled(!busy);
    importAct_->setEnabled(!busy);
}

QStringList MainWindow::recentProjects()
{
    if (const auto &written = recentWritten())
        return *written;
    return QSettings().value(QString::fromLatin1(kRecentKey)).toStringList();
}

void MainWindow::addRecent(const QString &path)
{
    QStringList r = recentProjects();
    r.removeAll(path);
    r.prepend(path);
    while (r.size() > kMaxRecent)
        r.removeLast();
    recentWritten() = r;
    runInBackground([r] { QSettings().setValue(QString::fromLatin1(kRecentKey), r); });
    rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu()
{
    recentMenu_->clear();
    const QStringList r = recentProjects();
    int n = 0;
    for (const QString &p : r) {
        QAction *a = recentMenu_->addAction(QStringLiteral("&%1 %2").arg(++n % 10).arg(QFileInfo(p).fileName()));
        a->setToolTip(QDir::toNativeSeparators(p));
        a->setStatusTip(QDir::toNativeSeparators(p));
        a->setEnabled(QFileInfo::exists(p));
        connect(a, &QAction::triggered, this, [this, p] { openProject(p); });
    }
    if (!r.isEmpty())
        recentMenu_->addSeparator();
    recentMenu_->addAction(clearRecentAct_);
    clearRecentAct_->setEnabled(!r.isEmpty());
    recentMenu_->setEnabled(true);
}

store::Project::Check MainWindow::writerCheck(const QString &path) const
{
    // Appending to the project the window shows: it was checked when opened (in full unless
    // it was closed cleanly, then in the background), and a second page scan of a multi-GB
    // file would hold the run back for a minute. Another file: as any open.
    return path == explorer_->projectPath() ? store::Project::Check::Schema : store::Project::Check::Auto;
}

struct MainWindow::OpenOutcome {
    std::shared_ptr<store::Project> project;
    bool fullyChecked = false;
    store::StoreError err = store::StoreError::None;
    QString message;
};

bool MainWindow::openProject(const QString &path)
{
    if (path.isEmpty())
        return false;
    ++fileWork_;
    fileJobs_.start(
        [path, hook = beforeCheck_](JobControl &job) {
            if (hook)
                hook();
            OpenOutcome o;
            // A cleanly closed file opens without the page scan; the scan then runs in the
            // background once the project is shown (finishOpen).
            o.project = store::Project::open(path, store::Project::Mode::ReadOnly, &o.err, &o.message,
                                             store::Project::Check::Auto, job.cancelFlag());
            o.fullyChecked = o.project && o.project->fullyChecked();
            return o;
        },
        [this, path](OpenOutcome o) { finishOpen(path, std::move(o)); });
    // quick_check reads every page (about 4 s per GB, more from a cold disk): most projects
    // are done before the dialog would show.
    const QFileInfo fi(path);
    showFileProgress(tr("Opening Project"),
                     tr("Checking the integrity of %1 (%2)…")
                         .arg(QDir::toNativeSeparators(fi.fileName()), display::bytes(std::uint64_t(fi.size()))),
                     checkDialogDelayMs_);
    return true;
}

void MainWindow::finishOpen(const QString &path, OpenOutcome o)
{
    hideFileProgress();
    if (!o.project && o.err == store::StoreError::Cancelled) {
        log(o.message);
        endFileWork(path, false);
        return;
    }
    if (!o.project && o.err == store::StoreError::NeedsUpgrade) {
        askUpgrade(path, o.message);
        return;
    }
    if (!o.project) {
        log(o.message);
        warn(tr("Cannot Open Project"), o.message);
        endFileWork(path, false);
        return;
    }
    projectPath_ = QFileInfo(path).absoluteFilePath();
    verifier_.discard(); // a check of the previous project has nothing to say any more
    QString message;
    explorer_->setProject(projectPath_, &message, std::move(o.project));
    addRecent(projectPath_);
    retranslateUi();
    updateActions();
    log(tr("Opened %1.").arg(QDir::toNativeSeparators(projectPath_)));
    Q_EMIT projectChanged(projectPath_);
    endFileWork(path, true);
    if (!o.fullyChecked) {
        // Queued behind the events of this open (the explorer's and views' first frame);
        // the check reads every page on a low-priority worker and speaks only if it finds
        // damage.
        const QString opened = projectPath_;
        QTimer::singleShot(0, this, [this, opened] {
            if (projectPath_ == opened)
                startVerify(opened, false);
        });
    }
}

void MainWindow::verifyProject()
{
    if (!projectPath_.isEmpty())
        startVerify(projectPath_, true);
}

void MainWindow::startVerify(const QString &path, bool requested)
{
    struct Verdict {
        bool intact = false;
        store::StoreError err = store::StoreError::None;
        QString message;
        store::Project::VerifyInfo info;
    };
    if (requested) {
        log(tr("Verifying %1…").arg(QDir::toNativeSeparators(path)));
        setStatus([path] { return tr("Verifying %1…").arg(QDir::toNativeSeparators(QFileInfo(path).fileName())); });
    }
    verifier_.start(
        [path](JobControl &job) {
            Verdict v;
            // In WAL mode meanwhile: marks, renames and runs go on while it reads.
            v.intact = store::Project::verify(path, &v.err, &v.message, job.cancelFlag(), &v.info,
                                              /*alongsideWriters=*/true);
            return v;
        },
        [this, path, requested](const Verdict &v) {
            if (!v.intact && v.err == store::StoreError::Cancelled)
                return; // superseded or the window is closing: nothing was found
            const QString shown = QDir::toNativeSeparators(path);
            if (v.intact) {
                const QString text = tr("The project %1 is intact: its header, schema and all %2 were checked.")
                                         .arg(shown, display::bytes(v.info.bytes));
                log(text);
                if (requested) {
                    setStatus([] { return tr("Ready"); });
                    auto *box = new QMessageBox(QMessageBox::Information, tr("Verify Project"), text, QMessageBox::Ok, this);
                    box->setAttribute(Qt::WA_DeleteOnClose);
                    box->open();
                }
            } else {
                const QString text = v.err == store::StoreError::Corrupt
                                         ? tr("%1\n\nNothing in the project was changed. Sessions and records on undamaged "
                                              "pages can still be read and exported; reads that meet a damaged page "
                                              "report it. Keep a copy of the file before recording into it again.")
                                               .arg(v.message)
                                         : v.message;
                log(v.message);
                if (requested)
                    setStatus([] { return tr("Ready"); });
                warn(requested ? tr("Verify Project") : tr("Project Damaged"), text);
            }
            Q_EMIT projectVerified(path, v.intact, requested, v.intact ? QString() : v.message);
        });
}

void MainWindow::askUpgrade(const QString &path, const QString &why)
{
    // Upgrading writes to somebody's file and older versions cannot read it back, so it
    // only happens when the user says so (the original stays as a backup).
    auto *box = new QMessageBox(QMessageBox::Question, tr("Upgrade Project?"),
                                tr("%1\n\nUpgrade the project now? Older versions of NPU Scope cannot open the upgraded "
                                   "file; they can still open the backup.").arg(why),
                                QMessageBox::Yes | QMessageBox::No, this);
    box->setDefaultButton(QMessageBox::No);
    box->setAttribute(Qt::WA_DeleteOnClose);
    connect(box, &QMessageBox::finished, this, [this, box, path] {
        if (box->clickedButton() != box->button(QMessageBox::Yes)) {
            log(tr("%1 was not opened because it was not upgraded.").arg(QDir::toNativeSeparators(path)));
            endFileWork(path, false);
            return;
        }
        startUpgrade(path);
    });
    box->open();
}

void MainWindow::startUpgrade(const QString &path)
{
    struct Upgraded {
        bool ok = false;
        store::UpgradeResult result;
        store::StoreError err = store::StoreError::None;
        QString message;
    };
    fileJobs_.start(
        [this, path, hook = beforeCheck_](JobControl &job) {
            if (hook)
                hook();
            Upgraded u;
            u.ok = store::Project::upgrade(path, &u.result, &u.err, &u.message, job.cancelFlag(),
                                           [this, &job](std::uint64_t done, std::uint64_t total) {
                                               job.report([this, done, total] { setFileProgress(done, total); }, done == total);
                                           });
            return u;
        },
        [this, path](const Upgraded &u) {
            hideFileProgress();
            if (!u.ok) {
                log(u.message);
                if (u.err != store::StoreError::Cancelled)
                    warn(tr("Cannot Open Project"), u.message);
                endFileWork(path, false);
                return;
            }
            log(tr("Upgraded %1 from schema %2 to schema %3; the original is kept as %4.")
                    .arg(QDir::toNativeSeparators(path), QString::number(u.result.fromVersion),
                         QString::number(u.result.toVersion), QDir::toNativeSeparators(u.result.backupPath)));
            // The upgraded file is checked like any other before it is shown; that open
            // reports the outcome.
            openProject(path);
            --fileWork_;
        });
    showFileProgress(tr("Upgrading Project"),
                     tr("Keeping the original of %1 as a backup and upgrading it…").arg(QDir::toNativeSeparators(path)), 0);
}

void MainWindow::endFileWork(const QString &path, bool opened)
{
    --fileWork_;
    Q_EMIT projectOpened(path, opened);
}

bool MainWindow::waitForFileWork(int msecs)
{
    const QDeadlineTimer deadline(msecs);
    QEventLoop loop;
    QTimer tick;
    tick.setInterval(5);
    connect(&tick, &QTimer::timeout, &loop, [&] {
        if (fileWork_ == 0 || deadline.hasExpired())
            loop.quit();
    });
    tick.start();
    if (fileWork_ > 0)
        loop.exec();
    return fileWork_ == 0;
}

void MainWindow::showFileProgress(const QString &title, const QString &label, int delayMs)
{
    hideFileProgress();
    auto *dlg = new QProgressDialog(label, tr("Cancel"), 0, 0, this);
    dlg->setObjectName(QStringLiteral("openCheckDialog"));
    dlg->setWindowTitle(title);
    dlg->setWindowModality(Qt::WindowModal);
    dlg->setAutoClose(false);
    dlg->setAutoReset(false);
    // Shown by the timer below, never by QProgressDialog's own estimate.
    dlg->setMinimumDuration(INT_MAX);
    dlg->setAttribute(Qt::WA_DeleteOnClose);
    connect(dlg, &QProgressDialog::canceled, this, [this, dlg] {
        fileJobs_.cancel();
        dlg->setLabelText(tr("Cancelling…"));
        dlg->show();
    });
    fileProgress_ = dlg;
    QTimer::singleShot(std::max(0, delayMs), dlg, [dlg] { dlg->show(); });
}

void MainWindow::setFileProgress(std::uint64_t done, std::uint64_t total)
{
    if (!fileProgress_ || total == 0)
        return;
    // Per mille fits an int whatever the size.
    fileProgress_->setMaximum(1000);
    fileProgress_->setValue(int(std::min<std::uint64_t>(1000, done * 1000 / total)));
}

void MainWindow::hideFileProgress()
{
    if (fileProgress_)
        fileProgress_->close();
    fileProgress_ = nullptr;
}

void MainWindow::guardProject(const QString &path)
{
    const QString lockFor = QFileInfo(path).absoluteFilePath();
    if (lockFor == guard_.path() && !guard_.readOnly())
        return; // still ours (a run or an import into the project shown)
    if (!guard_.claim(lockFor)) {
        log(guard_.message());
        warn(tr("Project Open Elsewhere"), guard_.message());
    }
    timeline_->setReadOnly(guard_.readOnly());
}

void MainWindow::warn(const QString &title, const QString &text)
{
    // Not exec(): the window keeps running while the message is read.
    auto *box = new QMessageBox(QMessageBox::Warning, title, text, QMessageBox::Ok, this);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

void MainWindow::reloadProject()
{
    QString message;
    if (!explorer_->reload(&message))
        log(message);
}

void MainWindow::openProjectDialog()
{
    const QString start = projectPath_.isEmpty() ? QDir::homePath() : QFileInfo(projectPath_).absolutePath();
    const QString f = QFileDialog::getOpenFileName(this, tr("Open Project"), start,
                                                   tr("NPU Scope projects (*.npuscope);;All files (*)"));
    if (!f.isEmpty())
        openProject(f);
}

void MainWindow::setDetailsHtml(const QString &html)
{
    // showDetails runs every second while a recording writes; laying the same text out
    // again is work the GUI thread need not do.
    if (html == detailsHtml_)
        return;
    detailsHtml_ = html;
    details_->setHtml(html);
}

void MainWindow::showDetails(const ExplorerSelection &sel)
{
    if (projectPath_.isEmpty()) {
        setDetailsHtml(tr("<h3>NPU Scope</h3><p>Open a project (<b>File → Open Project…</b>, or drop a "
                             ".npuscope file here) or record a new emulated session (<b>File → New Session…</b>).</p>"));
        return;
    }
    // The explorer's connection when it shows this project: opening checks the whole file,
    // and this runs every second while a recording writes.
    QString message;
    std::unique_ptr<store::Project> own;
    const store::Project *project = explorer_->projectPath() == projectPath_ ? explorer_->project() : nullptr;
    if (!project) {
        store::StoreError err = store::StoreError::None;
        own = store::Project::open(projectPath_, store::Project::Mode::ReadOnly, &err, &message, store::Project::Check::Schema);
        project = own.get();
    }
    if (!project) {
        setDetailsHtml(QStringLiteral("<p>%1</p>").arg(esc(message)));
        return;
    }
    const auto sessions = project->sessions();
    QString html;
    auto row = [&html](const QString &k, const QString &v) {
        html += QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr>").arg(esc(k), esc(v));
    };
    if (sel.sessionId == 0) {
        html = tr("<h3>Project %1</h3>").arg(esc(QFileInfo(projectPath_).fileName()));
        html += QStringLiteral("<table cellpadding=3>");
        row(tr("File"), QDir::toNativeSeparators(projectPath_));
        row(tr("Sessions"), QString::number(sessions.size()));
        html += QStringLiteral("</table>");
        setDetailsHtml(html);
        return;
    }
    for (const auto &s : sessions) {
        if (s.id != sel.sessionId)
            continue;
        const SessionSpec &sp = s.info.spec;
        html = tr("<h3>Session %1: %2</h3>").arg(s.id).arg(esc(s.info.name));
        html += QStringLiteral("<table cellpadding=3>");
        row(tr("Status"), statusText(s.status));
        // An imported session has no emulator workload: its facts are the import's.
        const std::optional<store::ImportNote> note = store::importNote(*project, s.id);
        if (note) {
            row(tr("Imported from"), QDir::toNativeSeparators(note->source.isEmpty() ? note->profDirs.join(QStringLiteral(", ")) : note->source));
            row(tr("Layout"), note->layout);
            row(tr("Devices"), QString::number(s.info.devices.size()));
        } else {
            row(tr("Model"), sp.model);
            row(tr("Chip"), QStringLiteral("Ascend %1").arg(sp.chip));
            row(tr("Batch size"), QString::number(sp.batchSize));
            // A cancelled or still running session holds fewer iterations than it asked for.
            const int recorded = recordedIterations(*project, s.id);
            if (recorded >= 0 && recorded != sp.iterations)
                row(tr("Iterations"), tr("%1 recorded of %2 requested").arg(recorded).arg(sp.iterations));
            else
                row(tr("Iterations"), QString::number(sp.iterations));
            row(tr("Devices"), tr("%1 per server × %2 server(s)").arg(sp.devicesPerServer).arg(sp.servers));
            row(tr("Launch mode"), launchModeName(sp.mode));
            row(tr("Precision"), precisionName(sp.precision));
            row(tr("Seed"), QString::number(sp.seed));
            if (!sp.scenarios.isEmpty())
                row(tr("Scenarios"), sp.scenarios.join(QStringLiteral(", ")));
        }
        row(tr("Started"), QLocale().toString(QDateTime::fromMSecsSinceEpoch(s.startedWallUs / 1000), QLocale::ShortFormat));
        // Wall-clock time of the recording or import, not the device time the timeline spans.
        if (s.endedWallUs > s.startedWallUs)
            row(note ? tr("Import time") : tr("Recording time"), display::duration((s.endedWallUs - s.startedWallUs) * 1000));
        row(tr("Tasks"), display::count(std::int64_t(s.taskCount)));
        row(tr("Records"), display::count(std::int64_t(s.recordCount)));
        if (s.agedBytes)
            row(tr("Aged by storage_limit"), display::bytes(s.agedBytes));
        if (!note)
            row(tr("profiling_options"), QString::fromUtf8(s.info.optionsJson));
        html += QStringLiteral("</table>");
        if (note) {
            const QLocale l;
            html += tr("<h4>Import</h4>");
            html += QStringLiteral("<table cellpadding=3>");
            row(tr("Events and rows read"), l.toString(qulonglong(note->items)));
            row(tr("Imported"), l.toString(qulonglong(note->imported)));
            row(tr("Duplicates of other files"), l.toString(qulonglong(note->duplicates)));
            row(tr("Derived (recomputed on export)"), l.toString(qulonglong(note->derived)));
            row(tr("Skipped"), l.toString(qulonglong(note->skipped)));
            for (const QString &m : note->missing)
                row(tr("Not in the input"), m);
            html += QStringLiteral("</table>");
            if (!note->problems.empty()) {
                html += QStringLiteral("<p>%1</p><ul>").arg(esc(tr("%n problem(s) found during the import:", nullptr, int(note->problems.size()))));
                for (size_t i = 0; i < note->problems.size() && i < size_t(store::kQueryProblems); ++i) {
                    const store::ImportNote::Problem &p = note->problems[i];
                    QString text = p.place() + QStringLiteral(": ") + p.reason;
                    if (p.count > 1)
                        text += tr(" (%n times in this file)", nullptr, int(std::min<std::uint64_t>(p.count, 1u << 30)));
                    html += QStringLiteral("<li>%1</li>").arg(esc(text));
                }
                html += QStringLiteral("</ul>");
                if (note->problems.size() > size_t(store::kQueryProblems))
                    html += QStringLiteral("<p>%1</p>").arg(esc(tr("… and %n more (npuscope query --format json lists them all).", nullptr,
                                                                   int(note->problems.size() - size_t(store::kQueryProblems)))));
            }
        }
        if (sel.device >= 0 && sel.modelId >= 0) {
            auto reader = project->session(s.id, &message);
            if (reader) {
                html += tr("<h4>Device %1, model %2</h4>").arg(sel.device).arg(sel.modelId);
                html += QStringLiteral("<table cellpadding=3><tr><th>%1</th><th>%2</th><th>%3</th><th>%4</th></tr>")
                            .arg(tr("Iteration"), tr("Duration"), tr("FP to BP"), tr("All-reduce segments"));
                for (const StepTraceRecord &st : reader->stepTraces(std::uint16_t(sel.device), std::uint32_t(sel.modelId))) {
                    if (sel.iteration > 0 && st.iteration != std::uint32_t(sel.iteration))
                        continue;
                    const TimeNs begin = st.previousIterationEnd >= 0 ? st.previousIterationEnd : st.fpStart;
                    html += QStringLiteral("<tr%5><td align=right>%1</td><td align=right>%2</td><td align=right>%3</td>"
                                           "<td align=right>%4</td></tr>")
                                .arg(QString::number(st.iteration),
                                        display::duration(st.iterationEnd - begin),
                                        display::duration(st.bpEnd - st.fpStart),
                                        QString::number(st.reduces.size()),
                                        QString());
                }
                html += QStringLiteral("</table>");
            }
        }
        setDetailsHtml(html);
        return;
    }
}

void MainWindow::newSession()
{
    if (isRunning()) {
        QMessageBox::information(this, tr("Busy"), tr("Wait for the current run or import to finish, or cancel it first."));
        return;
    }
    NewSessionDialog dlg(projectPath_, this);
    if (dlg.exec() != QDialog::Accepted || !dlg.isValid())
        return;
    startRun(dlg.spec(), dlg.options(), dlg.projectPath());
}

bool MainWindow::startRun(const SessionSpec &spec, const ProfilingOptions &options, const QString &projectPath)
{
    if (isRunning()) {
        QMessageBox::information(this, tr("Busy"), tr("Wait for the current run or import to finish, or cancel it first."));
        return false;
    }
    QString specError;
    if (!device::Emulator::validate(spec, &specError)) {
        log(specError);
        QMessageBox::warning(this, tr("Invalid Session"), specError);
        return false;
    }
    const QString path = QFileInfo(projectPath).absoluteFilePath();
    runPath_ = path;
    runModel_ = spec.model;
    lastIteration_ = 0;
    lastIterations_ = spec.iterations;
    lastRecords_ = 0;
    runClock_.start();
    importing_ = false;
    cancelling_ = false;
    const auto check = writerCheck(path);
    work_.start(
        [this, spec, options, path, check](JobControl &job) {
            store::StoreError err = store::StoreError::None;
            std::pair<QString, QString> out{QStringLiteral("failed"), QString()}; // status, message
            auto writer = store::ProjectWriter::create(path, &err, &out.second, check);
            if (!writer)
                return out;
            device::Emulator emu(spec, options);
            const SessionStatus st = emu.run(*writer, job.cancelFlag(), [this, &job](const device::EmulatorProgress &p) {
                job.report([this, p] { onProgress(p.iteration, p.iterations, p.records); },
                           p.iteration == 1 || p.iteration == p.iterations);
            });
            out.first = sessionStatusName(st);
            if (st == SessionStatus::Failed)
                out.second = writer->errorString().isEmpty() ? emu.errorString() : writer->errorString();
            else
                out.second = options.optionsWithoutData().join(QLatin1Char(' '));
            // Closed before the GUI hears of the end, so the project it reopens is complete.
            writer.reset();
            return out;
        },
        [this](const std::pair<QString, QString> &out) { finishRun(out.first, out.second); });
    const QString model = spec.model;
    setStatus([model] { return tr("Recording %1…").arg(model); });
    progress_->setRange(0, spec.iterations);
    progress_->setValue(0);
    progress_->show();
    cancelButton_->show();
    cancelButton_->setEnabled(true);
    log(tr("Recording %1 into %2.").arg(spec.model, QDir::toNativeSeparators(path)));
    updateActions();
    refresh_->start();
    return true;
}

void MainWindow::onProgress(int iteration, int iterations, quint64 records)
{
    // The first committed batch exists now: show the project being written.
    if (explorer_->projectPath() != runPath_) {
        projectPath_ = runPath_;
        explorer_->setProject(runPath_);
        addRecent(runPath_);
        retranslateUi();
        Q_EMIT projectChanged(projectPath_);
    }
    lastIteration_ = iteration;
    lastIterations_ = iterations;
    lastRecords_ = records;
    progress_->setRange(0, iterations);
    progress_->setValue(iteration);
    if (cancelling_)
        return; // keep saying "Cancelling…"
    setStatus([this] {
        const double secs = std::max<double>(runClock_.elapsed(), 1) / 1000.0;
        const qint64 elapsed = runClock_.elapsed() / 1000;
        const QString remaining = lastIteration_ > 0
                                      ? formatClock(qint64(secs / lastIteration_ * (lastIterations_ - lastIteration_) + 0.5))
                                      : tr("unknown");
        return tr("Iteration %1 of %2 · %3 records/s · elapsed %4 · remaining %5")
            .arg(lastIteration_)
            .arg(lastIterations_)
            .arg(display::count(std::int64_t(double(lastRecords_) / secs)))
            .arg(formatClock(elapsed), remaining);
    });
}

void MainWindow::finishRun(const QString &status, const QString &message)
{
    cancelling_ = false;
    refresh_->stop();
    progress_->hide();
    cancelButton_->hide();
    const qint64 elapsed = runClock_.elapsed() / 1000;
    if (status == QLatin1String("failed")) {
        setStatus([] { return tr("The run failed."); });
        log(message);
        QMessageBox::warning(this, tr("Run Failed"), message);
    } else if (status == QLatin1String("cancelled")) {
        const int k = lastIteration_;
        setStatus([k] { return tr("Cancelled after %n iteration(s); what was recorded is kept.", nullptr, k); });
        log(statusLabel_->text());
    } else {
        const quint64 records = lastRecords_;
        setStatus([records, elapsed] {
            return tr("Recorded %1 records in %2.").arg(display::count(std::int64_t(records)), formatClock(elapsed));
        });
        log(statusLabel_->text());
        if (!message.isEmpty())
            log(message);
    }
    if (QFileInfo::exists(runPath_) && (projectPath_ != runPath_ || explorer_->projectPath() != runPath_)) {
        store::StoreError err = store::StoreError::None;
        QString m;
        // The writer checked the file in full when the run began.
        if (auto opened = store::Project::open(runPath_, store::Project::Mode::ReadOnly, &err, &m, store::Project::Check::Schema)) {
            projectPath_ = runPath_;
            explorer_->setProject(runPath_, nullptr, std::shared_ptr<store::Project>(std::move(opened)));
            addRecent(runPath_);
            retranslateUi();
            Q_EMIT projectChanged(projectPath_);
        }
    } else {
        explorer_->reload();
    }
    // Select the session just recorded (the newest one).
    if (QTreeWidgetItem *root = explorer()->topLevelItem(0); root && root->childCount())
        explorer()->setCurrentItem(root->child(root->childCount() - 1));
    // Same item as before the end of the run: views must still see the final state.
    showDetails(explorer_->selection());
    Q_EMIT selectionChanged(explorer_->selection());
    updateActions();
    Q_EMIT workFinished(status, message);
}

void MainWindow::cancelWork()
{
    if (!isRunning())
        return;
    cancelling_ = true;
    work_.cancel();
    cancelButton_->setEnabled(false);
    if (importing_)
        setStatus([] { return tr("Cancelling the import; what it wrote is being removed…"); });
    else
        setStatus([] { return tr("Cancelling…"); });
}

bool MainWindow::saveProjectAs(const QString &destination)
{
    if (projectPath_.isEmpty())
        return false;
    const QString src = projectPath_;
    struct Saved {
        bool ok = false;
        store::StoreError err = store::StoreError::None;
        QString message;
    };
    ++fileWork_;
    setStatus([] { return tr("Saving a copy of the project…"); });
    fileJobs_.start(
        [this, src, destination, hook = beforeCheck_](JobControl &job) {
            if (hook)
                hook();
            Saved s;
            s.ok = store::copyProject(src, destination, &s.err, &s.message, job.cancelFlag(),
                                      [this, &job](std::uint64_t done, std::uint64_t total) {
                                          job.report([this, done, total] { setFileProgress(done, total); }, done == total);
                                      });
            return s;
        },
        [this, destination](const Saved &s) {
            hideFileProgress();
            const QString dest = QFileInfo(destination).absoluteFilePath();
            if (!s.ok) {
                if (s.err == store::StoreError::Cancelled)
                    setStatus([] { return tr("Save As was cancelled; nothing was written."); });
                else
                    setStatus([] { return tr("The project was not saved."); });
                log(s.message);
                if (s.err != store::StoreError::Cancelled)
                    warn(tr("Cannot Save Project"), s.message);
                --fileWork_;
                Q_EMIT projectSaved(dest, false);
                return;
            }
            setStatus([dest] { return tr("Saved a copy as %1.").arg(QDir::toNativeSeparators(dest)); });
            log(statusLabel_->text());
            Q_EMIT projectSaved(dest, true);
            // While a recording writes into the original, keep watching it; otherwise
            // continue in the copy like any "Save As".
            if (!isRunning())
                openProject(dest);
            --fileWork_;
        });
    showFileProgress(tr("Save Project As"),
                     tr("Saving a copy of %1 as %2…")
                         .arg(QDir::toNativeSeparators(QFileInfo(src).fileName()), QDir::toNativeSeparators(destination)),
                     checkDialogDelayMs_);
    return true;
}

void MainWindow::saveProjectAsDialog()
{
    if (projectPath_.isEmpty())
        return;
    const QFileInfo fi(projectPath_);
    const QString f = QFileDialog::getSaveFileName(this, tr("Save Project As"),
                                                   fi.absolutePath() + QStringLiteral("/") + fi.completeBaseName()
                                                       + tr("-copy") + QStringLiteral(".npuscope"),
                                                   tr("NPU Scope projects (*.npuscope)"));
    if (f.isEmpty())
        return;
    saveProjectAs(f.endsWith(QLatin1String(".npuscope")) ? f : f + QStringLiteral(".npuscope"));
}

void MainWindow::importProf()
{
    if (isRunning()) {
        QMessageBox::information(this, tr("Busy"), tr("Wait for the current run or import to finish, or cancel it first."));
        return;
    }
    QSettings settings;
    const QString last = settings.value(QStringLiteral("import/lastFolder"), QDir::homePath()).toString();
    const QString dir = QFileDialog::getExistingDirectory(
        this, tr("Import Profiler Output (a PROF_* folder, a *_ascend_pt or *_ascend_ms folder, or a folder of ranks)"),
        last);
    if (dir.isEmpty())
        return;
    settings.setValue(QStringLiteral("import/lastFolder"), QFileInfo(dir).absolutePath());
    importFolder(dir);
}

void MainWindow::importFolder(const QString &dir)
{
    if (isRunning()) {
        QMessageBox::information(this, tr("Busy"), tr("Wait for the current run or import to finish, or cancel it first."));
        return;
    }
    QString project = projectPath_;
    if (project.isEmpty()) {
        // No project open: the import starts one, named after the folder by default.
        const QFileInfo fi(dir);
        const QString suggested = fi.absolutePath() + QLatin1Char('/') + fi.fileName() + QStringLiteral(".npuscope");
        project = QFileDialog::getSaveFileName(this, tr("New Project for the Import"), suggested,
                                               tr("NPU Scope projects (*.npuscope)"), nullptr,
                                               QFileDialog::DontConfirmOverwrite);
        if (project.isEmpty())
            return;
        if (!project.endsWith(QLatin1String(".npuscope")))
            project += QStringLiteral(".npuscope");
    }
    importPath(dir, project);
}

bool MainWindow::importPath(const QString &dir, const QString &projectPath)
{
    if (isRunning()) {
        QMessageBox::information(this, tr("Busy"), tr("Wait for the current run or import to finish, or cancel it first."));
        return false;
    }
    // What the path holds is for the importer to say (it names the layouts it reads).
    const QFileInfo fi(dir);
    if (!fi.exists()) {
        const QString m = tr("The folder %1 does not exist.").arg(QDir::toNativeSeparators(dir));
        log(m);
        QMessageBox::warning(this, tr("Cannot Import"), m);
        return false;
    }
    const QString folder = fi.absoluteFilePath();
    const QString path = QFileInfo(projectPath).absoluteFilePath();
    runPath_ = path;
    runClock_.start();
    importing_ = true;
    cancelling_ = false;
    const auto check = writerCheck(path);
    work_.start(
        [this, folder, path, check](JobControl &job) {
            ImportOutcome o;
            o.folder = folder;
            o.projectPath = path;
            const bool projectExisted = QFileInfo::exists(path);
            store::StoreError err = store::StoreError::None;
            auto writer = store::ProjectWriter::create(path, &err, &o.message, check);
            if (!writer) {
                o.result = ImportOutcome::Result::Failed;
                return o;
            }
            importing::ImportRequest req;
            req.path = folder;
            store::ProjectWriter *w = writer.get();
            req.beforeEnd = [w](const importing::ImportReport &r) { return w->setSessionNote(QStringLiteral("import"), r.toJson()); };
            importing::ImportError kind = importing::ImportError::None;
            const bool ok = importing::importProf(
                req, *writer, &o.report, &kind, &o.message,
                [this, &job](const importing::ImportProgress &p) {
                    job.report([this, p] { onImportProgress(p.filesDone, p.filesTotal, p.bytesDone, p.bytesTotal); },
                               p.filesDone == 0 || p.filesDone == p.filesTotal);
                },
                job.cancelFlag());
            o.sessionId = writer->sessionId();
            writer.reset(); // releases the writer lock before the undo below takes it
            o.result = ok ? ImportOutcome::Result::Imported
                          : kind == importing::ImportError::Cancelled ? ImportOutcome::Result::Cancelled
                                                                      : ImportOutcome::Result::Failed;
            if (!ok) {
                // Never a half-written project: what this import wrote goes again, and a
                // project file made only for it is removed.
                QString undo;
                const bool undone = o.sessionId > 0
                                        ? store::removeSession(path, o.sessionId, !projectExisted, &err, &undo)
                                        : (projectExisted || store::removeSession(path, 0, true, &err, &undo));
                if (!undone)
                    o.message += QLatin1Char(' ') + undo;
                o.sessionId = 0;
            } else {
                // The writer has just checked this file (in full unless the window had).
                o.project = store::Project::open(path, store::Project::Mode::ReadOnly, &err, &o.message,
                                                 store::Project::Check::Schema);
            }
            return o;
        },
        [this](const ImportOutcome &o) { finishImport(o); });
    const QString shown = QDir::toNativeSeparators(folder);
    setStatus([shown] { return tr("Importing %1…").arg(shown); });
    progress_->setRange(0, 0); // busy until the first progress report gives the total
    progress_->show();
    cancelButton_->show();
    cancelButton_->setEnabled(true);
    log(tr("Importing %1 into %2.").arg(shown, QDir::toNativeSeparators(path)));
    updateActions();
    return true;
}

void MainWindow::onImportProgress(quint64 filesDone, quint64 filesTotal, quint64 bytesDone, quint64 bytesTotal)
{
    if (!importing_)
        return;
    // Bytes drive the bar (one big JSON is most of the work); per mille fits an int.
    progress_->setRange(0, 1000);
    progress_->setValue(bytesTotal ? int(std::min<quint64>(1000, bytesDone * 1000 / bytesTotal)) : 0);
    if (cancelling_)
        return; // keep saying "Cancelling…"
    setStatus([filesDone, filesTotal, bytesDone, bytesTotal] {
        return tr("Importing: %1 of %2 files, %3 of %4")
            .arg(display::count(std::int64_t(filesDone)), display::count(std::int64_t(filesTotal)), display::bytes(bytesDone),
                 display::bytes(bytesTotal));
    });
}

void MainWindow::finishImport(const ImportOutcome &o)
{
    importing_ = false;
    cancelling_ = false;
    progress_->hide();
    cancelButton_->hide();
    const QString folder = QDir::toNativeSeparators(o.folder);
    QString status;
    if (o.result == ImportOutcome::Result::Imported) {
        status = QStringLiteral("complete");
        const quint64 n = o.report.total().imported;
        const qint64 session = o.sessionId;
        setStatus([n, session] { return tr("Imported %1 events and rows into session %2.").arg(display::count(std::int64_t(n)), QString::number(session)); });
        log(tr("Imported %1 into session %2 of %3: %4 events and rows imported, %5 skipped, %n problem(s).", nullptr,
               int(o.report.problems.size()))
                .arg(folder,
                        QString::number(o.sessionId),
                        QDir::toNativeSeparators(o.projectPath),
                        QString::number(o.report.total().imported),
                        QString::number(o.report.total().skipped)));
        if (projectPath_ != o.projectPath || explorer_->projectPath() != o.projectPath) {
            projectPath_ = o.projectPath;
            explorer_->setProject(o.projectPath, nullptr, o.project);
            addRecent(o.projectPath);
            retranslateUi();
            Q_EMIT projectChanged(projectPath_);
        } else {
            explorer_->reload();
        }
        ExplorerSelection sel;
        sel.projectPath = o.projectPath;
        sel.sessionId = o.sessionId;
        explorer_->select(sel);
        showDetails(explorer_->selection());
    } else if (o.result == ImportOutcome::Result::Cancelled) {
        status = QStringLiteral("cancelled");
        setStatus([] { return tr("Import cancelled; nothing of it was kept and the project is unchanged."); });
        log(statusLabel_->text());
    } else {
        status = QStringLiteral("failed");
        setStatus([] { return tr("The import failed; the project is unchanged."); });
        log(o.message);
    }
    for (const importing::ImportProblem &p : o.report.problems) {
        QString where = p.file;
        if (p.line > 0)
            where += QStringLiteral(":%1").arg(p.line);
        log(tr("Import problem at %1: %2").arg(where, p.reason));
    }
    updateActions();
    if (o.result != ImportOutcome::Result::Cancelled) {
        // Not exec(): the window keeps running (and tests keep control) while it is open.
        if (importResult_)
            importResult_->close();
        auto *dlg = new ImportResultDialog(o, this);
        dlg->setAttribute(Qt::WA_DeleteOnClose);
        importResult_ = dlg;
        dlg->open();
    }
    Q_EMIT importFinished(status, o.message);
}

void MainWindow::exportSession()
{
    const ExplorerSelection sel = explorer_->selection();
    if (projectPath_.isEmpty() || sel.sessionId == 0) {
        QMessageBox::information(this, tr("Export"), tr("Select a session in the project explorer first."));
        return;
    }
    ExportDialog dlg(projectPath_, sel.sessionId, this);
    if (!dlg.isUsable()) {
        QMessageBox::warning(this, tr("Export"), dlg.errorString());
        return;
    }
    dlg.preselect(sel.device, sel.modelId, sel.iteration);
    connect(&dlg, &ExportDialog::finished, this, [this](const QString &status, const QString &message) {
        QString plain = message;
        plain.remove(QRegularExpression(QStringLiteral("<[^>]*>")));
        log(status == QLatin1String("complete") ? plain : tr("Export %1: %2").arg(status, plain));
    });
    dlg.exec();
}

void MainWindow::preferences()
{
    PreferencesDialog dlg(this);
    dlg.exec();
}

void MainWindow::about()
{
    QMessageBox::about(this, tr("About NPU Scope"),
                       tr("<h3>NPU Scope %1</h3><p>A profiler for AI training on Ascend NPUs, with an Ascend 910 / 910B "
                          "emulator, msprof-compatible exports and a SQLite project file.</p><p>Qt %2</p>")
                           .arg(QStringLiteral(NPUSCOPE_VERSION), QString::fromLatin1(qVersion())));
}

} // namespace npuscope::ui
