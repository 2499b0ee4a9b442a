// The main window: its actions and menus, translation, window events, the views'
// tabs and the recent projects. The details pane, the project file's work and the
// sessions' work (runs, imports, exports) are in main_window_*.cpp.

#include "ui/main_window.h"

#include "ui/background.h"
#include "ui/help_dialogs.h"
#include "ui/timeline/timeline_view.h"
#include "ui/views/chart_view.h"
#include "ui/views/table_view.h"
#include "ui/views/advisor_view.h"
#include "ui/views/overview_view.h"
#include "ui/views/communication_view.h"
#include "ui/views/compare_view.h"
#include "ui/views/sql_view.h"
#include "ui/preferences_dialog.h"

#include <QAction>
#include <QCloseEvent>
#include <QDesktopServices>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMimeData>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScreen>
#include <QSettings>
#include <QStatusBar>
#include <QStyle>
#include <QTabWidget>
#include <QTextBrowser>
#include <QTimer>
#include <QToolBar>
#include <QUrl>

#include <algorithm>
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

    // First start: a window that fits the screen (1366×768 laptops too), with the explorer's
    // figures in at most a third of it and a short messages strip.
    const QRect avail = screen() ? screen()->availableGeometry() : QRect(0, 0, 1400, 880);
    resize(std::min(1400, avail.width() * 95 / 100), std::min(880, avail.height() * 92 / 100));
    resizeDocks({explorerDock_}, {std::clamp(width() * 3 / 10, 300, 560)}, Qt::Horizontal);
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
