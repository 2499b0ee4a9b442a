// Running off the GUI thread: a long run cancelled from the status bar keeps what was
// recorded; the explorer shows the project while it is written; export through the dialog.
#include "test_gui_support.h"
#include "ui/export_dialog.h"
#include "ui/main_window.h"

#include <QComboBox>
#include <QDir>
#include <QListWidget>
#include <QUrl>
#include <QTabWidget>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

using namespace npuscope;

class TestGuiRun : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;

    // An export dialog on the one session of a freshly recorded project; null when the
    // recording or the project's session list failed.
    std::unique_ptr<ui::ExportDialog> dialogOnRecordedSession(const QString &name)
    {
        const QString path = guitest::record(tmp_.filePath(name));
        const auto sessions = path.isEmpty() ? std::vector<store::SessionSummary>{} : guitest::sessionsOf(path);
        if (sessions.empty())
            return {};
        return std::make_unique<ui::ExportDialog>(path, sessions.front().id);
    }

    // Presses Export and waits for the outcome the dialog reports ("complete", ...); an
    // empty string when none came.
    static QString exportOutcome(ui::ExportDialog &d)
    {
        QSignalSpy finished(&d, &ui::ExportDialog::finished);
        QTest::mouseClick(d.exportButton(), Qt::LeftButton);
        if (finished.isEmpty() && !finished.wait(60000))
            return {};
        return finished.at(0).at(0).toString();
    }

private Q_SLOTS:
    void initTestCase() { guitest::isolateSettings(); }

    void cancelKeepsWhatWasRecorded()
    {
        const QString path = tmp_.filePath(QStringLiteral("long.npuscope"));
        ui::MainWindow w;
        w.show();
        const SessionSpec spec = guitest::runSpec(QStringLiteral("resnet50"), 32, 400, 2);
        const ProfilingOptions options = guitest::traceOptions(tmp_.path());
        QSignalSpy finished(&w, &ui::MainWindow::workFinished);
        QSignalSpy projectChanged(&w, &ui::MainWindow::projectChanged);
        QVERIFY(w.startRun(spec, options, path));
        QVERIFY(w.isRunning());
        QVERIFY(w.cancelButton()->isVisible());
        // A second run is refused while one is going on (the message box is answered).
        guitest::whenShown<QMessageBox>([](QMessageBox *b) { b->accept(); });
        QVERIFY(!w.startRun(spec, options, path));

        // Progress arrives and the explorer shows the project while it is being written.
        QTRY_VERIFY_WITH_TIMEOUT(w.statusLabel()->text().contains(QStringLiteral("Iteration")), 120000);
        QVERIFY(w.statusLabel()->text().contains(QStringLiteral("records/s")));
        QVERIFY(w.statusLabel()->text().contains(QStringLiteral("remaining")));
        QCOMPARE(projectChanged.count(), 1);
        QCOMPARE(w.projectPath(), QFileInfo(path).absoluteFilePath());
        QTRY_VERIFY_WITH_TIMEOUT(w.explorer()->topLevelItemCount() == 1
                                     && w.explorer()->topLevelItem(0)->childCount() == 1,
                                 30000);
        QCOMPARE(w.explorer()->topLevelItem(0)->child(0)->text(1), QStringLiteral("running"));

        QTest::mouseClick(w.cancelButton(), Qt::LeftButton);
        QVERIFY(finished.count() == 1 || finished.wait(120000));
        QCOMPARE(finished.at(0).at(0).toString(), QStringLiteral("cancelled"));
        QVERIFY(!w.isRunning());
        QVERIFY(!w.cancelButton()->isVisible());
        QVERIFY(w.statusLabel()->text().contains(QStringLiteral("kept")));

        // The project says so too, and keeps the committed iterations.
        const testrecord::OpenedSession opened = testrecord::openSession(path);
        QVERIFY2(opened.reader, qPrintable(opened.error));
        const auto sessions = opened.project->sessions();
        QCOMPARE(sessions.size(), size_t(1));
        QCOMPARE(sessions[0].status, SessionStatus::Cancelled);
        const auto its = opened.reader->iterations();
        QVERIFY(!its.empty());
        QVERIFY(its.size() < size_t(spec.iterations * spec.devicesPerServer));
        QTreeWidgetItem *session = w.explorer()->topLevelItem(0)->child(0);
        QCOMPARE(session->text(1), QStringLiteral("cancelled"));
    }

    // A project at rest is one file: after a run and a look at it, closing the window
    // leaves nothing beside the project (no -wal, -shm or lock).
    void closingTheWindowLeavesOneFile()
    {
        const QString dir = tmp_.filePath(QStringLiteral("rest"));
        QVERIFY(QDir().mkpath(dir));
        const QString path = dir + QStringLiteral("/r.npuscope");
        {
            ui::MainWindow w;
            w.show();
            QSignalSpy finished(&w, &ui::MainWindow::workFinished);
            QVERIFY(w.startRun(guitest::runSpec(QStringLiteral("lenet"), 4, 3, 2), guitest::traceOptions(tmp_.path()), path));
            QVERIFY(finished.count() == 1 || finished.wait(120000));
            QCOMPARE(finished.at(0).at(0).toString(), QStringLiteral("complete"));
            QTRY_VERIFY_WITH_TIMEOUT(w.explorer()->topLevelItemCount() == 1
                                         && w.explorer()->topLevelItem(0)->childCount() == 1,
                                     30000);
            // The views open their own connections to the project.
            w.explorer()->setCurrentItem(w.explorer()->topLevelItem(0)->child(0));
            for (int i = 0; i < w.views()->count(); ++i) {
                w.views()->setCurrentIndex(i);
                QTest::qWait(100);
            }
            w.close();
        }
        QCoreApplication::processEvents();
        const QStringList left =
            QDir(dir).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot, QDir::Name);
        QCOMPARE(left, QStringList{QStringLiteral("r.npuscope")});
    }

    void exportDialogWritesTheProfDirectory()
    {
        const auto dialog = dialogOnRecordedSession(QStringLiteral("exp.npuscope"));
        QVERIFY(dialog && dialog->isUsable());
        ui::ExportDialog &d = *dialog;
        const QString out = tmp_.filePath(QStringLiteral("out"));
        d.setOutputDir(QString());
        QVERIFY(!d.exportButton()->isEnabled());
        d.setOutputDir(out);
        d.preselect(1, -1, 2);
        const auto req = d.request();
        QCOMPARE(req.devices, std::vector<std::uint16_t>{1});
        QCOMPARE(req.firstIteration.value_or(0), 2u);
        QCOMPARE(exportOutcome(d), QStringLiteral("complete"));
        QVERIFY(d.resultLabel()->text().contains(QStringLiteral("<a href=\"file://")));
        QVERIFY(QDir(d.profDir()).exists(QStringLiteral("device_1")));
        QVERIFY(!QDir(d.profDir()).exists(QStringLiteral("device_0")));
    }

    // The Layout field: msprof writes one PROF_* per device with mindstudio_profiler_output;
    // the file kinds are a legacy-layout choice, so the list is disabled and its state
    // neither blocks the export nor reaches the request.
    void exportDialogWritesTheMsprofLayout()
    {
        const auto dialog = dialogOnRecordedSession(QStringLiteral("exp3.npuscope"));
        QVERIFY(dialog && dialog->isUsable());
        ui::ExportDialog &d = *dialog;
        QCOMPARE(d.layoutBox()->count(), int(exporting::exportLayoutNames().size()));
        QCOMPARE(d.request().layout, exporting::ExportLayout::Legacy);
        for (int i = 0; i < d.kindsList()->count(); ++i)
            d.kindsList()->item(i)->setCheckState(Qt::Unchecked);
        d.setOutputDir(tmp_.filePath(QStringLiteral("out-msprof")));
        QVERIFY(!d.exportButton()->isEnabled()); // legacy: no kind chosen
        d.layoutBox()->setCurrentIndex(d.layoutBox()->findData(int(exporting::ExportLayout::Msprof)));
        QVERIFY(!d.kindsList()->isEnabled());
        QVERIFY(d.exportButton()->isEnabled());
        const auto req = d.request();
        QCOMPARE(req.layout, exporting::ExportLayout::Msprof);
        QVERIFY(req.kinds.isEmpty());
        QCOMPARE(exportOutcome(d), QStringLiteral("complete"));
        const QStringList profs = QDir(tmp_.filePath(QStringLiteral("out-msprof"))).entryList({QStringLiteral("PROF_*")}, QDir::Dirs);
        QCOMPARE(profs.size(), 2); // guitest::record records 2 devices
        for (const QString &p : profs)
            QVERIFY(QDir(tmp_.filePath(QStringLiteral("out-msprof/") + p)).exists(QStringLiteral("mindstudio_profiler_output")));
        // Several folders: the link opens the folder that holds them.
        QVERIFY(d.resultLabel()->text().contains(QUrl::fromLocalFile(tmp_.filePath(QStringLiteral("out-msprof"))).toString() + QStringLiteral("\"")));
    }

    // The db layout: a translated entry of its own; one PROF_* per device, each holding
    // its msprof_<time>.db beside device_<id>/.
    void exportDialogWritesTheDbLayout()
    {
        const auto dialog = dialogOnRecordedSession(QStringLiteral("exp4.npuscope"));
        QVERIFY(dialog && dialog->isUsable());
        ui::ExportDialog &d = *dialog;
        const int at = d.layoutBox()->findData(int(exporting::ExportLayout::Db));
        QVERIFY(at >= 0);
        QVERIFY(d.layoutBox()->itemText(at).contains(QStringLiteral("msprof_*.db")));
        // Every layout has its own label.
        QStringList labels;
        for (int i = 0; i < d.layoutBox()->count(); ++i)
            labels << d.layoutBox()->itemText(i);
        labels.removeDuplicates();
        QCOMPARE(labels.size(), d.layoutBox()->count());
        d.setOutputDir(tmp_.filePath(QStringLiteral("out-db")));
        d.layoutBox()->setCurrentIndex(at);
        QVERIFY(!d.kindsList()->isEnabled());
        QVERIFY(d.exportButton()->isEnabled());
        QCOMPARE(d.request().layout, exporting::ExportLayout::Db);
        QCOMPARE(exportOutcome(d), QStringLiteral("complete"));
        const QDir out(tmp_.filePath(QStringLiteral("out-db")));
        const QStringList profs = out.entryList({QStringLiteral("PROF_*")}, QDir::Dirs);
        QCOMPARE(profs.size(), 2); // guitest::record records 2 devices
        for (const QString &p : profs) {
            const QDir prof(out.filePath(p));
            QCOMPARE(prof.entryList({QStringLiteral("msprof_*.db")}, QDir::Files).size(), 1);
            QCOMPARE(prof.entryList({QStringLiteral("device_*")}, QDir::Dirs).size(), 1);
            // Nothing of the build is left behind.
            QCOMPARE(prof.entryList(QDir::Files | QDir::Hidden).size(), 1);
        }
    }

    void exportDialogRefusesUnknownSession()
    {
        const QString path = guitest::record(tmp_.filePath(QStringLiteral("exp2.npuscope")));
        ui::ExportDialog d(path, 999);
        QVERIFY(!d.isUsable());
        QVERIFY(d.errorString().contains(QStringLiteral("999")));
        QVERIFY(!d.exportButton()->isEnabled());
    }
};

QTEST_MAIN(TestGuiRun)
#include "test_gui_run.moc"
