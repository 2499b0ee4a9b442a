// Drives the real main window and new-session dialog offscreen.
#include "core/store/project.h"
#include "device/emulator.h"
#include "ui/main_window.h"
#include "ui/new_session_dialog.h"

#include <QApplication>
#include <QLabel>
#include <QMessageBox>
#include <QTimer>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

using namespace npuscope;

class TestMainWindow : public QObject {
    Q_OBJECT
private:
    QTemporaryDir tmp_;

    QString recordProject(const QString &name)
    {
        const QString path = tmp_.filePath(name);
        store::StoreError err = store::StoreError::None;
        QString msg;
        auto writer = store::ProjectWriter::create(path, &err, &msg);
        if (!writer)
            return {};
        SessionSpec spec;
        spec.model = QStringLiteral("lenet");
        spec.batchSize = 4;
        spec.iterations = 2;
        spec.devicesPerServer = 2;
        ProfilingOptions options;
        options.output = tmp_.path();
        options.trainingTrace = Switch::On;
        options.hccl = Switch::On;
        device::Emulator emu(spec, options);
        if (emu.run(*writer) != SessionStatus::Complete)
            return {};
        return path;
    }

private Q_SLOTS:
    void opensProjectAndListsSessions()
    {
        const QString path = recordProject(QStringLiteral("a.npuscope"));
        QVERIFY(!path.isEmpty());
        ui::MainWindow w;
        w.show();
        QVERIFY(w.openProject(path));
        QTreeWidget *tree = w.explorer();
        QCOMPARE(tree->topLevelItemCount(), 1);
        QTreeWidgetItem *root = tree->topLevelItem(0);
        QCOMPARE(root->childCount(), 1);
        QTreeWidgetItem *session = root->child(0);
        QVERIFY(session->text(0).contains(QStringLiteral("lenet")));
        QCOMPARE(session->text(1), QStringLiteral("complete"));
        QCOMPARE(session->childCount(), 2); // two devices
        QVERIFY(session->text(3).toLongLong() > 0);
    }

    void refusesNonProjectWithMessage()
    {
        const QString path = tmp_.filePath(QStringLiteral("junk.npuscope"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("not a database");
        f.close();
        ui::MainWindow w;
        // The message box is modal; close it as soon as it appears.
        QTimer::singleShot(0, [] {
            for (QWidget *top : QApplication::topLevelWidgets())
                if (auto *box = qobject_cast<QMessageBox *>(top))
                    box->accept();
        });
        QVERIFY(!w.openProject(path));
        QVERIFY(w.projectPath().isEmpty());
    }

    void dialogValidatesAsYouType()
    {
        ui::NewSessionDialog dlg(tmp_.filePath(QStringLiteral("new.npuscope")));
        QVERIFY(dlg.runButton());
        QVERIFY(dlg.isValid());
        QVERIFY(dlg.runButton()->isEnabled());

        dlg.optionsEdit()->setPlainText(QStringLiteral("{\"output\":\"/tmp/x\",\"storage_limit\":\"xxMB\"}"));
        QVERIFY(!dlg.isValid());
        QVERIFY(!dlg.runButton()->isEnabled());
        QVERIFY(dlg.problemsLabel()->text().contains(QStringLiteral("storage_limit")));

        dlg.optionsEdit()->selectAll();
        QTest::keyClicks(dlg.optionsEdit(), QStringLiteral("{\"output\":\"/tmp/x\",\"task_trace\":\"on\"}"));
        QVERIFY(dlg.isValid());
        QVERIFY(dlg.runButton()->isEnabled());
        QCOMPARE(dlg.options().output, QStringLiteral("/tmp/x"));
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
            dlg->runButton()->click();
        });
        w.newSession();
        QVERIFY(w.isRunning() || finished.count() == 1);
        QVERIFY(finished.wait(120000) || finished.count() == 1);
        QCOMPARE(finished.at(0).at(0).toString(), QStringLiteral("complete"));
        QCOMPARE(w.projectPath(), QFileInfo(path).absoluteFilePath());
        QCOMPARE(w.explorer()->topLevelItem(0)->childCount(), 1);
    }
};

QTEST_MAIN(TestMainWindow)
#include "test_main_window.moc"
