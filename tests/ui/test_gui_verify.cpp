// The project's integrity check in the GUI: a cleanly closed project opens without
// the page scan, which then runs in the background and speaks only when it finds damage;
// File → Verify Project runs it on request, off the GUI thread, with the verdict in a message
// box. A project whose writer did not finish is checked in full at open instead.

#include "tests/test_files.h"
#include "core/store/project.h"
#include "test_gui_support.h"
#include "ui/main_window.h"

#include <QAction>
#include <QFile>
#include <QMenu>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <sqlite3.h>

using namespace npuscope;

using testfiles::damageTaskPages;
using testfiles::rawExec;

namespace {



QMessageBox *visibleBox(const ui::MainWindow &w, QMessageBox::Icon icon)
{
    for (QMessageBox *b : w.findChildren<QMessageBox *>())
        if (b->isVisible() && b->icon() == icon)
            return b;
    return nullptr;
}

} // namespace

class TestGuiVerify : public QObject {
    Q_OBJECT
private:
    QTemporaryDir tmp_;
    QString clean_;
    testfiles::Copies cases_{tmp_.path()};

    QString copyOfClean() { return cases_.next(); }

private Q_SLOTS:
    void initTestCase()
    {
        guitest::isolateSettings();
        clean_ = guitest::record(tmp_.filePath(QStringLiteral("clean.npuscope")), QStringLiteral("resnet50"), 2, 2);
        QVERIFY(!clean_.isEmpty());
        cases_.original = clean_;
    }

    void verifyRunsOffTheGuiThreadAndSaysIntact()
    {
        const QString p = copyOfClean();
        ui::MainWindow w;
        w.show();
        QSignalSpy verified(&w, &ui::MainWindow::projectVerified);
        QVERIFY(!w.verifyAction()->isEnabled()); // nothing open yet
        QVERIFY(guitest::openProject(w, p));
        // The open skipped the scan: it follows in the background and stays silent.
        QTRY_COMPARE_WITH_TIMEOUT(verified.size(), 1, 60000);
        QCOMPARE(verified.at(0).at(1).toBool(), true);  // intact
        QCOMPARE(verified.at(0).at(2).toBool(), false); // not requested
        QVERIFY(!visibleBox(w, QMessageBox::Information) && !visibleBox(w, QMessageBox::Warning));

        // File → Verify Project.
        QVERIFY(w.fileMenu()->actions().contains(w.verifyAction()));
        QVERIFY(w.verifyAction()->isEnabled());
        w.verifyAction()->trigger();
        QVERIFY(w.isVerifying()); // returned at once: the check is a job
        QTRY_COMPARE_WITH_TIMEOUT(verified.size(), 2, 60000);
        QCOMPARE(verified.at(1).at(1).toBool(), true);
        QCOMPARE(verified.at(1).at(2).toBool(), true);
        QMessageBox *box = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT((box = visibleBox(w, QMessageBox::Information)) != nullptr, 20000);
        QVERIFY2(box->text().contains(QStringLiteral("is intact")), qPrintable(box->text()));
        box->accept();
        QCOMPARE(w.projectPath(), QFileInfo(p).absoluteFilePath());
    }

    void backgroundCheckReportsDamageAndKeepsTheProjectOpen()
    {
        const QString p = copyOfClean();
        QVERIFY(damageTaskPages(p));
        ui::MainWindow w;
        w.show();
        QSignalSpy verified(&w, &ui::MainWindow::projectVerified);
        QVERIFY(guitest::openProject(w, p)); // clean close: header, identity and schema only
        QTRY_COMPARE_WITH_TIMEOUT(verified.size(), 1, 60000);
        QCOMPARE(verified.at(0).at(1).toBool(), false);
        QCOMPARE(verified.at(0).at(2).toBool(), false);
        QVERIFY(verified.at(0).at(3).toString().contains(QStringLiteral("damaged")));
        QMessageBox *box = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT((box = visibleBox(w, QMessageBox::Warning)) != nullptr, 20000);
        QVERIFY2(box->text().contains(QStringLiteral("damaged")) && box->text().contains(QStringLiteral("Nothing in the project was changed")),
                 qPrintable(box->text()));
        box->accept();
        QCOMPARE(w.projectPath(), QFileInfo(p).absoluteFilePath()); // still shown: what is readable stays readable
        QVERIFY(w.messages()->toPlainText().contains(QStringLiteral("damaged")));

        // Verify on request says the same in its own box.
        w.verifyAction()->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(verified.size(), 2, 60000);
        QCOMPARE(verified.at(1).at(1).toBool(), false);
        QCOMPARE(verified.at(1).at(2).toBool(), true);
        QTRY_VERIFY_WITH_TIMEOUT((box = visibleBox(w, QMessageBox::Warning)) != nullptr, 20000);
        QCOMPARE(box->windowTitle(), QStringLiteral("Verify Project"));
        box->accept();
    }

    // A writer that did not finish: the open itself reads every page (damage refuses the
    // open), and nothing is left for the background.
    void uncleanProjectIsCheckedAtOpen()
    {
        const QString p = copyOfClean();
        QVERIFY(rawExec(p, "DELETE FROM meta WHERE key = 'clean_close'"));
        {
            ui::MainWindow w;
            w.show();
            QVERIFY(guitest::openProject(w, p));
            QCoreApplication::processEvents();
            QVERIFY(!w.isVerifying());
        }
        QVERIFY(damageTaskPages(p));
        ui::MainWindow w;
        guitest::CloseIfShown<QMessageBox> errorBox;
        QVERIFY(!guitest::openProject(w, p));
        QTRY_VERIFY_WITH_TIMEOUT(errorBox.shown(), 20000);
        QVERIFY(w.projectPath().isEmpty());
    }
};

QTEST_MAIN(TestGuiVerify)
#include "test_gui_verify.moc"
