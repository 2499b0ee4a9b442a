// The main window's project file: open (with its integrity check in the background), verify,
// upgrade, save as, the file progress dialog.

#include "ui/main_window.h"
#include "ui/timeline/timeline_view.h"

#include "core/text/display.h"
#include "core/store/project.h"
#include "core/store/project_copy.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QEventLoop>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMessageBox>
#include <QProgressDialog>
#include <QTimer>

#include <algorithm>
#include <climits>

namespace npuscope::ui {

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
    explorer_->setReadOnly(guard_.readOnly());
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

} // namespace npuscope::ui
