// Opening a project written by an older NPU Scope in the GUI: the main window asks before
// upgrading (No leaves the file untouched and unopened; Yes upgrades, keeps the original as
// <file>.v1.bak and opens the project). The fixture is the real schema-1 file of
// tests/data/store.

#include "core/store/project.h"
#include "ui/main_window.h"
#include "test_gui_support.h"
#include "tests/test_files.h"

#include <QAbstractButton>
#include <QCryptographicHash>
#include <QFile>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProgressDialog>
#include <QPushButton>
#include <QThread>
#include <QTimer>
#include <QTemporaryDir>
#include <QTest>

using namespace npuscope;

using testfiles::fileHash;

namespace {

const QString kOldFixture = QStringLiteral(NPUSCOPE_SOURCE_DIR "/tests/data/store/v1-import.npuscope");

bool isUpgradeQuestion(QMessageBox *box)
{
    return box->text().contains(QStringLiteral("Upgrade the project now?"));
}

} // namespace

class TestGuiUpgrade : public QObject {
    Q_OBJECT
private:
    QTemporaryDir tmp_;

    QString oldProject(const QString &name)
    {
        const QString p = tmp_.filePath(name);
        return QFile::copy(kOldFixture, p) && QFile::setPermissions(p, QFile::ReadOwner | QFile::WriteOwner) ? p : QString();
    }

private Q_SLOTS:
    void initTestCase() { guitest::isolateSettings(); }

    void declinedUpgradeLeavesTheFileAlone()
    {
        const QString p = oldProject(QStringLiteral("declined.npuscope"));
        QVERIFY(!p.isEmpty());
        const QByteArray before = fileHash(p);
        ui::MainWindow w;
        bool asked = false;
        QString question;
        guitest::whenShown<QMessageBox>(
            [&](QMessageBox *box) {
                asked = true;
                question = box->text();
                box->button(QMessageBox::No)->click();
            },
            isUpgradeQuestion);
        QVERIFY(!guitest::openProject(w, p));
        QVERIFY(asked);
        QVERIFY2(question.contains(QStringLiteral("older NPU Scope (schema 1)")), qPrintable(question));
        QVERIFY2(question.contains(p + QStringLiteral(".v1.bak")), qPrintable(question));
        QVERIFY(w.projectPath().isEmpty());
        QCOMPARE(fileHash(p), before);
        QVERIFY(!QFile::exists(p + QStringLiteral(".v1.bak")));
    }

    void acceptedUpgradeOpensTheProject()
    {
        const QString p = oldProject(QStringLiteral("accepted.npuscope"));
        QVERIFY(!p.isEmpty());
        const QByteArray before = fileHash(p);
        ui::MainWindow w;
        bool asked = false;
        guitest::whenShown<QMessageBox>(
            [&](QMessageBox *box) {
                asked = true;
                box->button(QMessageBox::Yes)->click();
            },
            isUpgradeQuestion);
        QVERIFY(guitest::openProject(w, p));
        QVERIFY(asked);
        QCOMPARE(w.projectPath(), p);
        QCOMPARE(fileHash(p + QStringLiteral(".v1.bak")), before);
        store::StoreError err = store::StoreError::None;
        QString msg;
        auto project = store::Project::open(p, store::Project::Mode::ReadOnly, &err, &msg);
        QVERIFY2(project, qPrintable(msg));
        QCOMPARE(project->sessions().size(), size_t(1));
    }

    // The upgrade (a durable copy of the whole file, then the migration) is a background
    // job with a window-modal progress dialog: Cancel leaves the file as it was, keeps no
    // backup and opens nothing; no error box for a cancel.
    void cancelledUpgradeChangesNothing()
    {
        const QString p = oldProject(QStringLiteral("cancelled.npuscope"));
        QVERIFY(!p.isEmpty());
        const QByteArray before = fileHash(p);
        ui::MainWindow w;
        w.show();
        w.setCheckDialogDelay(0);
        guitest::whenShown<QMessageBox>([](QMessageBox *box) { box->button(QMessageBox::Yes)->click(); }, isUpgradeQuestion);
        bool errorShown = false;
        guitest::whenShown<QMessageBox>([&errorShown](QMessageBox *box) {
            errorShown = true;
            box->accept();
        }, [](QMessageBox *box) { return !isUpgradeQuestion(box); });
        // The check runs; the upgrade waits at its start until its Cancel was pressed.
        std::atomic_bool pressed{false};
        std::atomic_int jobs{0};
        w.setBeforeCheckHook([&pressed, &jobs] {
            if (jobs++ == 0)
                return;
            for (int i = 0; i < 20000 && !pressed.load(); ++i)
                QThread::msleep(1);
        });
        QTimer poll;
        poll.setInterval(0);
        connect(&poll, &QTimer::timeout, &poll, [&] {
            if (auto *dlg = w.findChild<QProgressDialog *>(QStringLiteral("openCheckDialog"));
                dlg && dlg->isVisible() && dlg->windowTitle() == QStringLiteral("Upgrading Project")) {
                QTest::mouseClick(dlg->findChild<QPushButton *>(), Qt::LeftButton);
                pressed = true;
                poll.stop();
            }
        });
        poll.start();
        QVERIFY(!guitest::openProject(w, p));
        QVERIFY(pressed.load());
        QCOMPARE(jobs.load(), 2); // the check and the upgrade; nothing was opened after it
        QCOMPARE(fileHash(p), before);
        QVERIFY(!QFile::exists(p + QStringLiteral(".v1.bak")));
        QVERIFY(w.projectPath().isEmpty());
        QVERIFY(w.messages()->toPlainText().contains(QStringLiteral("cancelled")));
        QVERIFY(!errorShown);
    }
};

QTEST_MAIN(TestGuiUpgrade)
#include "test_gui_upgrade.moc"
