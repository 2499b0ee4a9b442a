#include "ui/main_window.h"

#include "core/exporting/prof_exporter.h"
#include "core/store/project.h"
#include "device/emulator.h"
#include "ui/new_session_dialog.h"

#include <QApplication>
#include <QDateTime>
#include <QDesktopServices>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QStatusBar>
#include <QTextBrowser>
#include <QThread>
#include <QToolBar>
#include <QTreeWidget>
#include <QUrl>

namespace npuscope::ui {

namespace {
constexpr int kSessionIdRole = Qt::UserRole + 1;

QString formatNs(TimeNs ns)
{
    if (ns >= 1'000'000'000)
        return QStringLiteral("%1 s").arg(double(ns) / 1e9, 0, 'f', 3);
    if (ns >= 1'000'000)
        return QStringLiteral("%1 ms").arg(double(ns) / 1e6, 0, 'f', 3);
    return QStringLiteral("%1 µs").arg(double(ns) / 1e3, 0, 'f', 3);
}
} // namespace

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
{
    setWindowTitle(tr("NPU Scope"));
    explorer_ = new QTreeWidget(this);
    explorer_->setHeaderLabels({tr("Project"), tr("Status"), tr("Duration"), tr("Records")});
    // Names are the key: never elide them; the figures columns size to their contents.
    explorer_->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    explorer_->header()->setStretchLastSection(false);
    explorer_->setAlternatingRowColors(true);
    details_ = new QTextBrowser(this);
    details_->setOpenExternalLinks(false);
    details_->setOpenLinks(false);
    connect(details_, &QTextBrowser::anchorClicked, this, [](const QUrl &u) { QDesktopServices::openUrl(u); });
    details_->setHtml(tr("<h3>NPU Scope</h3><p>Open a project (<b>File → Open Project…</b>) or record a new "
                         "emulated session (<b>File → New Session…</b>).</p>"));

    auto *split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(explorer_);
    split->addWidget(details_);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    split->setSizes({560, 540});
    setCentralWidget(split);

    statusLabel_ = new QLabel(tr("Ready"), this);
    progress_ = new QProgressBar(this);
    progress_->setMaximumWidth(220);
    progress_->hide();
    cancelButton_ = new QPushButton(tr("Cancel"), this);
    cancelButton_->hide();
    connect(cancelButton_, &QPushButton::clicked, this, &MainWindow::cancelWork);
    statusBar()->addWidget(statusLabel_, 1);
    statusBar()->addPermanentWidget(progress_);
    statusBar()->addPermanentWidget(cancelButton_);

    connect(explorer_, &QTreeWidget::currentItemChanged, this,
            [this](QTreeWidgetItem *cur, QTreeWidgetItem *) { showDetails(cur); });
    buildMenus();
    resize(1100, 700);
}

MainWindow::~MainWindow()
{
    if (worker_) {
        cancel_->store(true);
        worker_->wait();
    }
}

void MainWindow::buildMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *newAct = file->addAction(tr("&New Session…"), this, &MainWindow::newSession);
    newAct->setShortcut(QKeySequence::New);
    QAction *openAct = file->addAction(tr("&Open Project…"), this, &MainWindow::openProjectDialog);
    openAct->setShortcut(QKeySequence::Open);
    QAction *exportAct = file->addAction(tr("&Export Session…"), this, &MainWindow::exportSession);
    exportAct->setShortcut(QKeySequence(tr("Ctrl+E")));
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About NPU Scope"), this, &MainWindow::about);

    QToolBar *tb = addToolBar(tr("Main"));
    tb->setObjectName(QStringLiteral("mainToolBar"));
    tb->addAction(newAct);
    tb->addAction(openAct);
    tb->addAction(exportAct);
}

bool MainWindow::openProject(const QString &path)
{
    store::StoreError err = store::StoreError::None;
    QString message;
    auto project = store::Project::open(path, store::Project::Mode::ReadOnly, &err, &message);
    if (!project) {
        QMessageBox::warning(this, tr("Cannot Open Project"), message);
        return false;
    }
    projectPath_ = QFileInfo(path).absoluteFilePath();
    setWindowTitle(tr("%1 - NPU Scope").arg(QFileInfo(path).fileName()));
    reloadProject();
    return true;
}

void MainWindow::reloadProject()
{
    explorer_->clear();
    if (projectPath_.isEmpty())
        return;
    store::StoreError err = store::StoreError::None;
    QString message;
    auto project = store::Project::open(projectPath_, store::Project::Mode::ReadOnly, &err, &message);
    if (!project) {
        statusLabel_->setText(message);
        return;
    }
    auto *root = new QTreeWidgetItem(explorer_, {QFileInfo(projectPath_).fileName()});
    for (const auto &s : project->sessions()) {
        const TimeNs dur = s.endedWallUs > s.startedWallUs ? (s.endedWallUs - s.startedWallUs) * 1000 : 0;
        auto *si = new QTreeWidgetItem(root, {tr("Session %1: %2").arg(s.id).arg(s.info.name),
                                              sessionStatusName(s.status), dur ? formatNs(dur) : QString(),
                                              QString::number(s.recordCount)});
        si->setData(0, kSessionIdRole, qlonglong(s.id));
        for (const auto &d : s.info.devices) {
            auto *di = new QTreeWidgetItem(si, {tr("Device %1 (rank %2)").arg(d.id).arg(d.rankId)});
            di->setData(0, kSessionIdRole, qlonglong(s.id));
            for (const auto &m : s.info.models) {
                auto *mi = new QTreeWidgetItem(di, {tr("Model %1: %2").arg(m.id).arg(m.name), QString(), QString(),
                                                    tr("%n iteration(s)", nullptr, m.iterations)});
                mi->setData(0, kSessionIdRole, qlonglong(s.id));
            }
        }
    }
    explorer_->expandToDepth(1);
    for (int c = 1; c < explorer_->columnCount(); ++c)
        explorer_->resizeColumnToContents(c);
    if (root->childCount())
        explorer_->setCurrentItem(root->child(root->childCount() - 1));
}

std::int64_t MainWindow::selectedSessionId() const
{
    if (auto *it = explorer_->currentItem())
        return it->data(0, kSessionIdRole).toLongLong();
    return 0;
}

void MainWindow::showDetails(QTreeWidgetItem *item)
{
    const std::int64_t id = item ? item->data(0, kSessionIdRole).toLongLong() : 0;
    if (!id || projectPath_.isEmpty())
        return;
    store::StoreError err = store::StoreError::None;
    QString message;
    auto project = store::Project::open(projectPath_, store::Project::Mode::ReadOnly, &err, &message);
    if (!project)
        return;
    for (const auto &s : project->sessions()) {
        if (s.id != id)
            continue;
        const SessionSpec &sp = s.info.spec;
        QString html = tr("<h3>Session %1</h3>").arg(s.id);
        html += QStringLiteral("<table cellpadding=3>");
        auto row = [&](const QString &k, const QString &v) {
            html += QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr>").arg(k.toHtmlEscaped(), v.toHtmlEscaped());
        };
        row(tr("Name"), s.info.name);
        row(tr("Status"), sessionStatusName(s.status));
        row(tr("Model"), sp.model);
        row(tr("Batch size"), QString::number(sp.batchSize));
        row(tr("Iterations"), QString::number(sp.iterations));
        row(tr("Devices"), QString::number(sp.deviceCount()));
        row(tr("Launch mode"), launchModeName(sp.mode));
        row(tr("Precision"), precisionName(sp.precision));
        row(tr("Seed"), QString::number(sp.seed));
        row(tr("Started"), QDateTime::fromMSecsSinceEpoch(s.startedWallUs / 1000).toString(Qt::ISODate));
        row(tr("Tasks"), QString::number(s.taskCount));
        row(tr("Records"), QString::number(s.recordCount));
        row(tr("profiling_options"), QString::fromUtf8(s.info.optionsJson));
        html += QStringLiteral("</table>");
        details_->setHtml(html);
        return;
    }
}

void MainWindow::openProjectDialog()
{
    const QString f = QFileDialog::getOpenFileName(this, tr("Open Project"), QFileInfo(projectPath_).absolutePath(),
                                                   tr("NPU Scope projects (*.npuscope);;All files (*)"));
    if (!f.isEmpty())
        openProject(f);
}

void MainWindow::newSession()
{
    if (worker_) {
        QMessageBox::information(this, tr("Busy"), tr("Wait for the current work to finish or cancel it first."));
        return;
    }
    NewSessionDialog dlg(projectPath_, this);
    if (dlg.exec() != QDialog::Accepted || !dlg.isValid())
        return;
    const SessionSpec spec = dlg.spec();
    const ProfilingOptions options = dlg.options();
    const QString path = dlg.projectPath();
    QString specError;
    if (!device::Emulator::validate(spec, &specError)) {
        QMessageBox::warning(this, tr("Invalid Session"), specError);
        return;
    }
    cancel_ = std::make_shared<std::atomic_bool>(false);
    auto cancel = cancel_;
    QPointer<MainWindow> self(this);
    QThread *t = QThread::create([self, spec, options, path, cancel] {
        store::StoreError err = store::StoreError::None;
        QString message;
        auto writer = store::ProjectWriter::create(path, &err, &message);
        QString status = QStringLiteral("failed");
        if (writer) {
            device::Emulator emu(spec, options);
            const SessionStatus st = emu.run(*writer, cancel.get(), [self](const device::EmulatorProgress &p) {
                QMetaObject::invokeMethod(qApp, [self, p] {
                    if (!self)
                        return;
                    self->progress_->setRange(0, p.iterations);
                    self->progress_->setValue(p.iteration);
                    self->statusLabel_->setText(MainWindow::tr("Iteration %1 of %2, %3 records")
                                                    .arg(p.iteration).arg(p.iterations).arg(p.records));
                });
            });
            status = sessionStatusName(st);
            message = st == SessionStatus::Failed ? (writer->errorString().isEmpty() ? emu.errorString()
                                                                                      : writer->errorString())
                                                  : QString();
        }
        QMetaObject::invokeMethod(qApp, [self, status, message, path] {
            if (!self)
                return;
            self->projectPath_ = QFileInfo(path).absoluteFilePath();
            self->finishWork(status, message);
        });
    });
    startWork(t, tr("Recording %1…").arg(spec.model));
}

void MainWindow::exportSession()
{
    const std::int64_t id = selectedSessionId();
    if (projectPath_.isEmpty() || id == 0) {
        QMessageBox::information(this, tr("Export"), tr("Select a session in the project explorer first."));
        return;
    }
    if (worker_)
        return;
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Export PROF Directory Into"),
                                                          QFileInfo(projectPath_).absolutePath());
    if (dir.isEmpty())
        return;
    cancel_ = std::make_shared<std::atomic_bool>(false);
    auto cancel = cancel_;
    QPointer<MainWindow> self(this);
    const QString path = projectPath_;
    QThread *t = QThread::create([self, path, id, dir, cancel] {
        store::StoreError err = store::StoreError::None;
        QString message;
        QString status = QStringLiteral("failed");
        auto project = store::Project::open(path, store::Project::Mode::ReadOnly, &err, &message);
        std::unique_ptr<store::ProjectReader> reader = project ? project->session(id, &message) : nullptr;
        if (reader) {
            exporting::ExportRequest req;
            req.outputDir = dir;
            req.profCounter = std::uint32_t(id);
            exporting::ExportResult result;
            exporting::ExportError kind = exporting::ExportError::None;
            if (exporting::exportProf(*reader, req, &result, &kind, &message,
                                      [self](const exporting::ExportProgress &p) {
                                          QMetaObject::invokeMethod(qApp, [self, p] {
                                              if (!self)
                                                  return;
                                              self->progress_->setRange(0, int(p.filesTotal));
                                              self->progress_->setValue(int(p.filesDone));
                                          });
                                      },
                                      cancel.get())) {
                status = QStringLiteral("complete");
                message = MainWindow::tr("Exported %n file(s) to <a href=\"%1\">%2</a>.", nullptr, int(result.files.size()))
                              .arg(QUrl::fromLocalFile(result.profDir).toString(),
                                   QDir::toNativeSeparators(result.profDir).toHtmlEscaped());
            } else if (kind == exporting::ExportError::Cancelled) {
                status = QStringLiteral("cancelled");
            }
        }
        QMetaObject::invokeMethod(qApp, [self, status, message] {
            if (self)
                self->finishWork(status, message);
        });
    });
    startWork(t, tr("Exporting session %1…").arg(id));
}

void MainWindow::startWork(QThread *thread, const QString &label)
{
    worker_ = thread;
    connect(thread, &QThread::finished, thread, &QObject::deleteLater);
    statusLabel_->setText(label);
    progress_->setRange(0, 0);
    progress_->show();
    cancelButton_->show();
    thread->start();
}

void MainWindow::finishWork(const QString &status, const QString &message)
{
    if (worker_)
        worker_->wait();
    worker_ = nullptr;
    progress_->hide();
    cancelButton_->hide();
    if (status == QLatin1String("failed")) {
        statusLabel_->setText(tr("Failed"));
        QMessageBox::warning(this, tr("Failed"), message);
    } else if (status == QLatin1String("cancelled")) {
        statusLabel_->setText(tr("Cancelled; what was recorded is kept."));
    } else {
        statusLabel_->setText(tr("Done"));
        if (!message.isEmpty())
            details_->setHtml(QStringLiteral("<p>%1</p>").arg(message));
    }
    reloadProject();
    Q_EMIT workFinished(status, message);
}

void MainWindow::cancelWork()
{
    if (cancel_)
        cancel_->store(true);
    statusLabel_->setText(tr("Cancelling…"));
}

void MainWindow::about()
{
    QMessageBox::about(this, tr("About NPU Scope"),
                       tr("<h3>NPU Scope %1</h3><p>A profiler for AI training on Ascend NPUs, with an Ascend 910 "
                          "emulator, msprof-compatible exports and a SQLite project file.</p>")
                           .arg(QStringLiteral(NPUSCOPE_VERSION)));
}

} // namespace npuscope::ui
