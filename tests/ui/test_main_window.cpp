// Drives the real main window and new-session dialog offscreen.
#include "core/store/project.h"
#include "device/emulator.h"
#include "ui/main_window.h"
#include "ui/project_explorer.h"
#include "ui/help_dialogs.h"
#include "ui/new_session_dialog.h"
#include "ui/options_form.h"
#include "test_gui_support.h"
#include "tests/test_files.h"

#include <QDialog>
#include <QHeaderView>
#include <QInputDialog>
#include <QLineEdit>
#include <QMenuBar>
#include <QMenu>
#include <QMimeData>
#include <QSettings>

#include <QApplication>
#include <QLabel>
#include <QMessageBox>
#include <QTimer>
#include <QPlainTextEdit>
#include <QProgressDialog>
#include <QRegularExpression>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <optional>
#include <QTextBrowser>
#include <QTreeWidget>

#include <atomic>
#include <chrono>
#include <set>
#include <thread>

using namespace npuscope;

class TestMainWindow : public QObject {
    Q_OBJECT
private:
    QTemporaryDir tmp_;

    QString recordProject(const QString &name) { return guitest::record(tmp_.filePath(name)); }

private Q_SLOTS:
    void initTestCase() { guitest::isolateSettings(); }

    void opensProjectAndListsSessions()
    {
        const QString path = recordProject(QStringLiteral("a.npuscope"));
        QVERIFY(!path.isEmpty());
        ui::MainWindow w;
        w.show();
        QVERIFY(guitest::openProject(w, path));
        QTreeWidget *tree = w.explorer();
        QCOMPARE(tree->topLevelItemCount(), 1);
        QTreeWidgetItem *root = tree->topLevelItem(0);
        QCOMPARE(root->childCount(), 1);
        QTreeWidgetItem *session = root->child(0);
        QVERIFY(session->text(0).contains(QStringLiteral("lenet")));
        QCOMPARE(session->text(1), QStringLiteral("complete"));
        QCOMPARE(session->childCount(), 2); // two devices
        QVERIFY(session->text(3).remove(QLatin1Char(',')).toLongLong() > 0);
        // device → model → iterations with their step-trace durations.
        QTreeWidgetItem *device = session->child(1);
        QCOMPARE(device->childCount(), 1);
        QTreeWidgetItem *model = device->child(0);
        QCOMPARE(model->childCount(), 0); // iterations are read on expansion
        model->setExpanded(true);
        QCOMPARE(model->childCount(), 2);
        QVERIFY(model->child(1)->text(2).endsWith(QStringLiteral("s"))); // "…ms" / "…µs"

        // Selecting drives the views: the signal carries what the item stands for.
        QSignalSpy sel(&w, &ui::MainWindow::selectionChanged);
        tree->setCurrentItem(model->child(1));
        QCOMPARE(sel.count(), 1);
        const auto s = sel.at(0).at(0).value<ui::ExplorerSelection>();
        QCOMPARE(s.device, 1);
        QCOMPARE(s.iteration, 2);
        QVERIFY(s.sessionId > 0);
        QVERIFY(w.overview()->toPlainText().contains(QStringLiteral("Device 1")));

        // A reload (as during a run) keeps the selection.
        w.reloadProject();
        QCOMPARE(w.selection(), s);
    }

    // The overview says what a session is: its chip, how many iterations were recorded when
    // a run stopped early, and that its duration is the recording's wall-clock time.
    void overviewNamesChipAndRecordedIterations()
    {
        const QString path = tmp_.filePath(QStringLiteral("overview.npuscope"));
        {
            store::StoreError err = store::StoreError::None;
            QString msg;
            auto writer = store::ProjectWriter::create(path, &err, &msg);
            QVERIFY2(writer, qPrintable(msg));
            SessionSpec spec = guitest::runSpec(QStringLiteral("lenet"), 4, 3, 1);
            spec.chip = QStringLiteral("910B");
            const ProfilingOptions options = guitest::traceOptions(QStringLiteral("/tmp"));
            QCOMPARE(device::Emulator(spec, options).run(*writer), SessionStatus::Complete);
            spec.chip = QStringLiteral("910");
            spec.iterations = 8;
            writer.reset(); // a writer records one session; the next one appends to the file
            writer = store::ProjectWriter::create(path, &err, &msg);
            QVERIFY2(writer, qPrintable(msg));
            std::atomic_bool cancel{false};
            const SessionStatus st = device::Emulator(spec, options).run(*writer, &cancel, [&cancel](const device::EmulatorProgress &p) {
                if (p.iteration >= 3)
                    cancel = true;
            });
            QCOMPARE(st, SessionStatus::Cancelled);
        }
        store::StoreError err = store::StoreError::None;
        QString msg;
        const auto project = store::Project::open(path, store::Project::Mode::ReadOnly, &err, &msg);
        QVERIFY2(project && project->sessions().size() == 2, qPrintable(msg));
        std::set<std::uint32_t> stored;
        for (const IterationKey &k : project->session(project->sessions().at(1).id, &msg)->iterations())
            stored.insert(k.iteration);
        QVERIFY2(stored.size() >= 3 && stored.size() < 8, qPrintable(QString::number(stored.size())));

        ui::MainWindow w;
        w.show();
        QVERIFY(guitest::openProject(w, path));
        QTreeWidgetItem *root = w.explorer()->topLevelItem(0);
        w.explorer()->setCurrentItem(root->child(0));
        QString text = w.overview()->toPlainText();
        QVERIFY2(text.contains(QStringLiteral("Ascend 910B")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("Recording time")), qPrintable(text));
        QVERIFY2(text.contains(QRegularExpression(QStringLiteral("Iterations\\s*3\\n"))), qPrintable(text));
        w.explorer()->setCurrentItem(root->child(1));
        text = w.overview()->toPlainText();
        QVERIFY2(text.contains(QRegularExpression(QStringLiteral("Ascend 910(?!B)"))), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("%1 recorded of 8 requested").arg(stored.size())), qPrintable(text));
    }

    void reopensProjectFromRecentAndByDrop()
    {
        const QString a = recordProject(QStringLiteral("r1.npuscope"));
        const QString b = recordProject(QStringLiteral("r2.npuscope"));
        {
            ui::MainWindow w;
            QVERIFY(guitest::openProject(w, a));
            QVERIFY(guitest::openProject(w, b));
            w.close(); // saves geometry and state
        }
        QCOMPARE(ui::MainWindow::recentProjects().mid(0, 2), (QStringList{QFileInfo(b).absoluteFilePath(),
                                                                          QFileInfo(a).absoluteFilePath()}));
        QVERIFY(QSettings().contains(QStringLiteral("mainWindow/state")));

        ui::MainWindow w;
        w.show();
        // File → Open Recent lists them; triggering the second entry reopens the project.
        QMenu *recent = nullptr;
        for (QAction *act : w.fileMenu()->actions())
            if (act->menu() && act->text().contains(QStringLiteral("Recent")))
                recent = act->menu();
        QVERIFY(recent);
        Q_EMIT recent->aboutToShow();
        QVERIFY(recent->actions().size() >= 2);
        recent->actions().at(1)->trigger();
        QVERIFY(w.waitForFileWork(60000)); // the check is a background job
        QCOMPARE(w.projectPath(), QFileInfo(a).absoluteFilePath());
        QCOMPARE(w.explorer()->topLevelItem(0)->childCount(), 1);

        // Dropping a .npuscope file opens it.
        bool enter = false, drop = false;
        guitest::dropOn(&w, b, &enter, &drop, QPoint(10, 10));
        QVERIFY(enter);
        QVERIFY(w.waitForFileWork(60000));
        QCOMPARE(w.projectPath(), QFileInfo(b).absoluteFilePath());
    }

    void saveAsCopyOpensAndEquals()
    {
        const QString src = recordProject(QStringLiteral("orig.npuscope"));
        ui::MainWindow w;
        QVERIFY(guitest::openProject(w, src));
        const QString dst = tmp_.filePath(QStringLiteral("copies/copy.npuscope"));
        QVERIFY(guitest::saveProjectAs(w, dst));
        QCOMPARE(w.projectPath(), QFileInfo(dst).absoluteFilePath());
        store::StoreError err{};
        QString msg;
        auto a = store::Project::open(src, store::Project::Mode::ReadOnly, &err, &msg);
        auto b = store::Project::open(dst, store::Project::Mode::ReadOnly, &err, &msg);
        QVERIFY(a && b);
        QCOMPARE(b->sessions().size(), a->sessions().size());
        QCOMPARE(b->sessions().at(0).recordCount, a->sessions().at(0).recordCount);
        QCOMPARE(b->sessions().at(0).info.optionsJson, a->sessions().at(0).info.optionsJson);
        QCOMPARE(w.explorer()->topLevelItem(0)->child(0)->text(3), QLocale().toString(qulonglong(a->sessions().at(0).recordCount)));

        // Saving over itself is refused with a message, and the project is intact.
        bool refusalShown = false;
        guitest::whenShown<QMessageBox>([&refusalShown](QMessageBox *box) {
            refusalShown = box->text().contains(QStringLiteral("itself"));
            box->accept();
        });
        QVERIFY(!guitest::saveProjectAs(w, dst));
        // The box opens as the copy job ends, which may be just after the wait above returns.
        QTRY_VERIFY_WITH_TIMEOUT(refusalShown, 20000);
        QVERIFY(w.messages()->toPlainText().contains(QStringLiteral("itself")));
        QCOMPARE(store::Project::open(dst, store::Project::Mode::ReadOnly, &err, &msg)->sessions().size(), size_t(1));
    }

    void importIsOfferedInMenuAndToolBar()
    {
        // Import works without an open project (it asks for one); its tooltip says what it
        // reads. The import itself is tested in test_gui_import.
        ui::MainWindow w;
        QVERIFY(w.importAction()->isEnabled());
        QVERIFY(w.importAction()->toolTip().contains(QStringLiteral("PROF")));
        QVERIFY(w.fileMenu()->actions().contains(w.importAction()));
        QCOMPARE(w.importAction()->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_I));
    }

    void refusesNonProjectWithMessage()
    {
        const QString path = tmp_.filePath(QStringLiteral("junk.npuscope"));
        QVERIFY(testfiles::writeFile(path, "not a database"));
        ui::MainWindow w;
        // The message box is modal; close it as soon as it appears.
        bool boxShown = false;
        guitest::whenShown<QMessageBox>([&boxShown](QMessageBox *box) {
            boxShown = true;
            box->accept();
        });
        QVERIFY(!guitest::openProject(w, path));
        QTRY_VERIFY_WITH_TIMEOUT(boxShown, 20000); // the box does not block the window
        QVERIFY(w.projectPath().isEmpty());
    }

    // File → Open of a large project: the check runs on a worker behind a modal dialog whose
    // Cancel leaves the open project as it was, without an error box.
    void cancelsTheIntegrityCheck()
    {
        const QString small = recordProject(QStringLiteral("small.npuscope"));
        const QString big = guitest::record(tmp_.filePath(QStringLiteral("big.npuscope")), QStringLiteral("resnet50"), 70, 8);
        QVERIFY(!small.isEmpty() && !big.isEmpty());
        QVERIFY2(QFileInfo(big).size() > 20'000'000, qPrintable(QString::number(QFileInfo(big).size())));
        ui::MainWindow w;
        w.show();
        QVERIFY(guitest::openProject(w, small));
        bool dialogShown = false;
        guitest::CloseIfShown<QMessageBox> errorBox;
        // The check waits on its worker until Cancel was pressed (at most 60 s).
        std::atomic_bool pressed{false};
        w.setBeforeCheckHook([&pressed] {
            for (int i = 0; i < 60000 && !pressed.load(); ++i)
                std::this_thread::sleep_for(std::chrono::milliseconds(1));
        });
        // Poll at every turn of the event loop: Cancel is pressed the moment the dialog shows.
        QTimer poll;
        poll.setInterval(0);
        connect(&poll, &QTimer::timeout, &poll, [&] {
            for (QWidget *top : QApplication::topLevelWidgets())
                if (auto *dlg = qobject_cast<QProgressDialog *>(top);
                    dlg && dlg->objectName() == QLatin1String("openCheckDialog") && dlg->isVisible()) {
                    dialogShown = true;
                    QVERIFY(dlg->isModal() || dlg->windowModality() != Qt::NonModal);
                    QTest::mouseClick(dlg->findChild<QPushButton *>(), Qt::LeftButton);
                    pressed = true;
                    poll.stop();
                }
        });
        poll.start();
        w.setCheckDialogDelay(0);
        QVERIFY(!guitest::openProject(w, big));
        QVERIFY(dialogShown);
        QCOMPARE(w.projectPath(), QFileInfo(small).absoluteFilePath());
        QCOMPARE(w.explorer()->topLevelItem(0)->text(0), QFileInfo(small).fileName());
        QVERIFY(w.findChild<QPlainTextEdit *>()->toPlainText().contains(QStringLiteral("cancelled")));
        // Not cancelled, the same file opens.
        w.setBeforeCheckHook({});
        w.setCheckDialogDelay(300);
        QVERIFY(guitest::openProject(w, big));
        QCOMPARE(w.projectPath(), QFileInfo(big).absoluteFilePath());
        QVERIFY(!errorBox.shown());
    }

    // File → Open and Save As never hold the GUI thread: they return while their job is
    // still held at its start, the window keeps processing events, and the outcome follows.
    // Cancel in Save As's dialog writes nothing and leaves the open project as it was.
    void openAndSaveAsRunInTheBackground()
    {
        const QString src = recordProject(QStringLiteral("bg.npuscope"));
        QVERIFY(!src.isEmpty());
        ui::MainWindow w;
        w.show();
        std::atomic_bool entered{false}, release{false}, left{false};
        w.setBeforeCheckHook([&] {
            entered = true;
            for (int i = 0; i < 20000 && !release; ++i)
                std::this_thread::sleep_for(std::chrono::milliseconds(1));
            left = true;
        });
        QSignalSpy opened(&w, &ui::MainWindow::projectOpened);
        QVERIFY(w.openProject(src));
        QVERIFY2(!left.load(), "openProject waited for the integrity check");
        QVERIFY(w.isBusyWithFile());
        // Events keep flowing while the check is held.
        bool ticked = false;
        QTimer::singleShot(0, &w, [&ticked] { ticked = true; });
        QTRY_VERIFY_WITH_TIMEOUT(ticked && entered.load(), 20000);
        release = true;
        QVERIFY(w.waitForFileWork(60000));
        QCOMPARE(opened.count(), 1);
        QVERIFY(opened.at(0).at(1).toBool());
        QCOMPARE(w.projectPath(), QFileInfo(src).absoluteFilePath());

        // Save As, cancelled from its dialog while the copy is held at its start.
        const QString dst = tmp_.filePath(QStringLiteral("bg-copy.npuscope"));
        entered = release = left = false;
        w.setCheckDialogDelay(0);
        QSignalSpy saved(&w, &ui::MainWindow::projectSaved);
        std::optional<guitest::CloseIfShown<QMessageBox>> errorBox(std::in_place);
        QVERIFY(w.saveProjectAs(dst));
        QVERIFY2(!left.load(), "saveProjectAs waited for the copy");
        QProgressDialog *dlg = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT((dlg = w.findChild<QProgressDialog *>(QStringLiteral("openCheckDialog"))) && dlg->isVisible(), 20000);
        QVERIFY(dlg->windowModality() != Qt::NonModal);
        QTest::mouseClick(dlg->findChild<QPushButton *>(), Qt::LeftButton);
        release = true;
        QVERIFY(w.waitForFileWork(60000));
        QCOMPARE(saved.count(), 1);
        QVERIFY(!saved.at(0).at(1).toBool());
        QVERIFY(!QFileInfo::exists(dst));
        QVERIFY(w.statusLabel()->text().contains(QStringLiteral("cancelled")));
        QCOMPARE(w.projectPath(), QFileInfo(src).absoluteFilePath());
        w.setBeforeCheckHook({});
        QVERIFY(!errorBox->shown()); // a cancel is not an error
        errorBox.reset();
        // Not cancelled, the copy is made and opened.
        QVERIFY(guitest::saveProjectAs(w, dst));
        QCOMPARE(w.projectPath(), QFileInfo(dst).absoluteFilePath());
    }

    void runsSessionOffTheGuiThread()
    {
        const QString path = tmp_.filePath(QStringLiteral("gui-run.npuscope"));
        ui::MainWindow w;
        w.show();
        QSignalSpy finished(&w, &ui::MainWindow::workFinished);
        QTimer::singleShot(0, [path] {
            auto *dlg = QApplication::activeModalWidget()
                            ? qobject_cast<ui::NewSessionDialog *>(QApplication::activeModalWidget())
                            : nullptr;
            if (!dlg) {
                for (QWidget *top : QApplication::topLevelWidgets())
                    if ((dlg = qobject_cast<ui::NewSessionDialog *>(top)))
                        break;
            }
            QVERIFY(dlg);
            dlg->setProjectPath(path);
            dlg->setModel(QStringLiteral("lenet"));
            dlg->runButton()->click();
        });
        w.newSession();
        QVERIFY(w.isRunning() || finished.count() == 1);
        QVERIFY(!w.importAction()->isEnabled());
        QVERIFY(finished.wait(120000) || finished.count() == 1);
        QCOMPARE(finished.at(0).at(0).toString(), QStringLiteral("complete"));
        QCOMPARE(w.projectPath(), QFileInfo(path).absoluteFilePath());
        QCOMPARE(w.explorer()->topLevelItem(0)->childCount(), 1);
    }

    // Help: the shortcut list comes from the window's own actions (every one with keys is
    // listed under its menu) plus the timeline's keys; the user guide is the built-in doc.
    void helpListsShortcutsAndShowsTheGuide()
    {
        ui::MainWindow w;
        w.show();
        const QString html = ui::shortcutsHtml(w.menuBar());
        int listed = 0;
        for (QAction *top : w.menuBar()->actions()) {
            if (!top->menu())
                continue;
            for (QAction *a : top->menu()->actions())
                if (!a->shortcut().isEmpty()) {
                    QVERIFY2(html.contains(a->shortcut().toString(QKeySequence::NativeText).toHtmlEscaped()),
                             qPrintable(a->text()));
                    ++listed;
                }
        }
        QVERIFY(listed >= 8);
        QVERIFY2(!html.contains(QStringLiteral("<td>, ")), qPrintable(html)); // no empty key sequence listed
        QVERIFY(html.contains(QStringLiteral("File › New Session")));
        QVERIFY(html.contains(QStringLiteral("W / S")));    // the timeline's keys
        QVERIFY(html.contains(QStringLiteral("Ctrl+Enter"))); // the SQL tab's

        auto *shortcuts = w.findChild<QAction *>(QStringLiteral("shortcutsAction"));
        QVERIFY(shortcuts);
        shortcuts->trigger();
        auto *dlg = w.findChild<QDialog *>(QStringLiteral("shortcutsDialog"));
        QVERIFY(dlg && dlg->isVisible());
        QVERIFY(dlg->width() <= w.width() && dlg->height() <= w.height());
        QVERIFY(dlg->findChild<QTextBrowser *>()->toPlainText().contains(QStringLiteral("Keyboard")) ||
                dlg->findChild<QTextBrowser *>()->toPlainText().contains(QStringLiteral("Window")));
        dlg->close();

        QVERIFY(ui::userGuideMarkdown().startsWith(QStringLiteral("# NPU Scope user guide")));
        w.findChild<QAction *>(QStringLiteral("userGuideAction"))->trigger();
        auto *guide = w.findChild<QDialog *>(QStringLiteral("userGuideDialog"));
        QVERIFY(guide && guide->isVisible());
        QVERIFY(guide->findChild<QTextBrowser *>()->toPlainText().contains(QStringLiteral("Get a profile")));
        guide->close();
    }


    // F2 renames a session in the project (a background write), the explorer shows the new
    // name, a refused name says why; a long name leaves Status, Duration and Records in view.
    void sessionsAreRenamed()
    {
        QTemporaryDir dir;
        const QString path = guitest::record(dir.filePath(QStringLiteral("r.npuscope")), QStringLiteral("lenet"), 2, 1);
        QVERIFY(!path.isEmpty());
        ui::MainWindow w;
        w.resize(1000, 700);
        w.show();
        QVERIFY(guitest::openProject(w, path));
        auto *explorer = w.findChild<ui::ProjectExplorer *>();
        QVERIFY(explorer);
        QTreeWidgetItem *session = w.explorer()->topLevelItem(0)->child(0);
        w.explorer()->setCurrentItem(session);
        // As a user does: click the session, press F2 (shortcuts go to the active window,
        // once the open check's progress dialog has gone).
        QTRY_VERIFY_WITH_TIMEOUT(!w.findChild<QProgressDialog *>(QStringLiteral("openCheckDialog")), 30000);
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QTest::mouseClick(w.explorer()->viewport(), Qt::LeftButton, {}, w.explorer()->visualItemRect(session).center());
        QCOMPARE(w.explorer()->currentItem(), session);
        QTest::keyClick(w.explorer(), Qt::Key_F2);
        auto *ask = w.findChild<QInputDialog *>(QStringLiteral("renameSessionDialog"));
        QVERIFY(ask && ask->isVisible());
        QCOMPARE(ask->textValue(), QStringLiteral("lenet b4 ×1"));
        const QString longName = QStringLiteral("baseline run with the input pipeline rewritten ").repeated(4).trimmed();
        ask->setTextValue(longName);
        QSignalSpy renamed(explorer, &ui::ProjectExplorer::sessionRenamed);
        ask->accept();
        QVERIFY(renamed.wait(30000));
        session = w.explorer()->topLevelItem(0)->child(0);
        QVERIFY2(session->text(0).contains(longName), qPrintable(session->text(0)));
        QVERIFY(session->toolTip(0).contains(longName));
        // The figure columns stay in view beside the long name.
        QHeaderView *h = w.explorer()->header();
        QVERIFY2(h->sectionViewportPosition(3) + h->sectionSize(3) <= w.explorer()->viewport()->width(),
                 qPrintable(QStringLiteral("%1 + %2 > %3").arg(h->sectionViewportPosition(3)).arg(h->sectionSize(3)).arg(w.explorer()->viewport()->width())));
        // Kept in the file.
        store::StoreError e{};
        QString msg;
        auto p = store::Project::open(path, store::Project::Mode::ReadOnly, &e, &msg);
        QVERIFY(p);
        QCOMPARE(p->sessions().front().info.name, longName);
        // An empty name is refused with a sentence, nothing written.
        QSignalSpy failed(explorer, &ui::ProjectExplorer::renameFailed);
        QVERIFY(!explorer->renameSession(1, QStringLiteral("  ")));
        QCOMPARE(failed.count(), 1);
        QVERIFY(failed.at(0).at(0).toString().contains(QStringLiteral("needs a name")));
        p.reset();
        QCOMPARE(store::Project::open(path, store::Project::Mode::ReadOnly, &e, &msg)->sessions().front().info.name, longName);
    }

};

QTEST_MAIN(TestMainWindow)
#include "test_main_window.moc"
