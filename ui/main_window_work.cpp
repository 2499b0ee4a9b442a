// The main window's long work on sessions: runs, imports and exports (one at a time, on work_).

#include "ui/main_window.h"

#include "core/text/display.h"
#include "core/store/project.h"
#include "core/store/session_remove.h"
#include "device/emulator.h"
#include "ui/export_dialog.h"
#include "ui/format.h"
#include "ui/import_result_dialog.h"
#include "ui/new_session_dialog.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QTimer>
#include <QTreeWidget>

#include <algorithm>

namespace npuscope::ui {

namespace {

// Never a half-written project: what an import wrote goes again, and a project file made
// only for it is removed. Runs on the worker.
void undoImport(ImportOutcome &o)
{
    o.project.reset();
    store::StoreError err = store::StoreError::None;
    QString undo;
    const bool undone = o.sessionId > 0 ? store::removeSession(o.projectPath, o.sessionId, !o.projectExisted, &err, &undo)
                                        : (o.projectExisted || store::removeSession(o.projectPath, 0, true, &err, &undo));
    if (!undone)
        o.message += QLatin1Char(' ') + undo;
    o.sessionId = 0;
}

} // namespace

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
            o.projectExisted = QFileInfo::exists(path);
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
                undoImport(o);
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
    if (cancelling_ && o.result == ImportOutcome::Result::Imported) {
        // The cancel came after the import had stored its last record but before the window
        // heard of it: the user asked for nothing of it, so it is taken out again.
        work_.start(
            [o](JobControl &) {
                ImportOutcome late = o;
                late.result = ImportOutcome::Result::Cancelled;
                late.message = tr("The import was cancelled.");
                undoImport(late);
                return late;
            },
            [this](const ImportOutcome &late) { finishImport(late); });
        return;
    }
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

} // namespace npuscope::ui
