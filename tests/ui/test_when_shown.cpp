// WhenShown (ui/views/when_shown.h), once for the four tabs that use it: a request made
// while the view is hidden waits and starts when the view is shown; a visible view starts
// at once; a request that is under way or dropped starts nothing; and setSession tells a
// new session from the one already shown, computed or waiting.
#include "ui/views/when_shown.h"

#include <QWidget>
#include <QtTest>

using npuscope::ui::SessionWhenShown;
using npuscope::ui::WhenShown;

class WhenShownTest : public QObject {
    Q_OBJECT
private slots:
    void hiddenWaitsUntilShown()
    {
        QWidget view;
        int starts = 0;
        WhenShown shown(&view, [&] { ++starts; }, [] { return false; });
        shown.request();
        QCOMPARE(starts, 0);
        QVERIFY(shown.isPending());
        view.show();
        QCOMPARE(starts, 1);
        QVERIFY(!shown.isPending());
        // Visible: a request starts at once.
        shown.request();
        QCOMPARE(starts, 2);
        // Shown again with nothing asked for: nothing starts.
        view.hide();
        view.show();
        QCOMPARE(starts, 2);
    }

    void busyOrDroppedStartsNothing()
    {
        QWidget view;
        int starts = 0;
        bool busy = true;
        WhenShown shown(&view, [&] { ++starts; }, [&] { return busy; });
        shown.request();
        shown.runPending(); // a computation is under way: the request waits
        QCOMPARE(starts, 0);
        QVERIFY(shown.isPending());
        busy = false;
        shown.drop();
        shown.runPending();
        view.show();
        QCOMPARE(starts, 0);
        // run() starts whether or not anything was asked for or the view is visible.
        view.hide();
        shown.run();
        QCOMPARE(starts, 1);
    }

    void setSessionTellsANewSession()
    {
        QWidget view;
        bool busy = false;
        SessionWhenShown shown(&view, [] {}, [&] { return busy; });
        const QString p = QStringLiteral("a.npuscope");
        QVERIFY(!shown.hasSession());
        QVERIFY(shown.setSession(p, 1, false));
        QCOMPARE(shown.projectPath(), p);
        QCOMPARE(shown.sessionId(), std::int64_t(1));
        QVERIFY(shown.requestSession());
        QVERIFY(shown.isPending()); // hidden
        QVERIFY(!shown.setSession(p, 1, false)); // waiting already
        shown.drop();
        QVERIFY(shown.setSession(p, 1, false)); // neither computed, under way nor waiting
        QVERIFY(!shown.setSession(p, 1, true));
        busy = true;
        QVERIFY(!shown.setSession(p, 1, false));
        QVERIFY(shown.setSession(p, 2, false));
        QVERIFY(shown.setSession(QStringLiteral("b.npuscope"), 2, true));
        // No session: nothing to compute, a waiting request is forgotten.
        QVERIFY(shown.setSession(QString(), 0, false));
        shown.request();
        QVERIFY(!shown.requestSession());
        QVERIFY(!shown.isPending());
    }
};

QTEST_MAIN(WhenShownTest)
#include "test_when_shown.moc"
