// The GUI tests' own helpers: a dialog that never appears fails the waiting test within
// its deadline, and a modal dialog nobody answers cannot hang it.
#include "test_gui_support.h"

#include <QDialog>
#include <QElapsedTimer>
#include <QMessageBox>
#include <QTest>

class GuiSupportTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { guitest::isolateSettings(); }

    void answersTheDialogItWaitsFor()
    {
        bool answered = false;
        guitest::whenShown<QMessageBox>([&answered](QMessageBox *b) {
            answered = true;
            b->accept();
        });
        QMessageBox box(QMessageBox::Information, QStringLiteral("t"), QStringLiteral("x"));
        box.exec();
        QVERIFY(answered);
    }

    void failsWhenNoDialogAppears()
    {
        QEXPECT_FAIL("", "no message box is ever shown: whenShown must fail the test", Continue);
        guitest::whenShown<QMessageBox>([](QMessageBox *b) { b->accept(); }, {}, 300);
        QTest::qWait(3000); // well past the 300 ms deadline, also on a loaded machine
    }

    void unblocksAnUnexpectedModalDialog()
    {
        // Waiting for a message box while another modal dialog opens: the wait fails at its
        // deadline and rejects that dialog, so exec() returns instead of hanging.
        QEXPECT_FAIL("", "the awaited message box never shows", Continue);
        guitest::whenShown<QMessageBox>([](QMessageBox *b) { b->accept(); }, {}, 300);
        QDialog other;
        QElapsedTimer t;
        t.start();
        const int result = other.exec();
        QCOMPARE(result, int(QDialog::Rejected));
        QVERIFY2(t.elapsed() < 10000, "the modal dialog was not closed by the failed wait");
    }

    void closeIfShownRecordsAndCloses()
    {
        guitest::CloseIfShown<QMessageBox> guard;
        QVERIFY(!guard.shown());
        QMessageBox box(QMessageBox::Warning, QStringLiteral("t"), QStringLiteral("unexpected"));
        box.exec(); // would block forever without the guard
        QVERIFY(guard.shown());
    }
};

QTEST_MAIN(GuiSupportTest)
#include "test_gui_support.moc"
