// timeline::ZoomControl, the timeline's time state without a widget: the window stays
// inside the session however it is zoomed, panned, dragged or fitted; reveal() moves the
// window only as needed; the range is ordered, clamped and cleared by equal ends; each
// kind of change has its own signal, and a change that changes nothing says nothing.

#include "ui/timeline/zoom_control.h"

#include <QSignalSpy>
#include <QTest>

using npuscope::ui::timeline::ZoomControl;

class TestTimelineZoom : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void resetShowsTheWholeSession()
    {
        ZoomControl z;
        z.setWidth(1000);
        QSignalSpy view(&z, &ZoomControl::viewChanged), range(&z, &ZoomControl::rangeChanged);
        z.reset(1e6);
        QCOMPARE(z.view().t0, 0.0);
        QCOMPARE(z.view().t1, 1e6);
        QCOMPARE(z.view().widthPx, 1000);
        QCOMPARE(view.count(), 1);
        QCOMPARE(range.count(), 1);
        QVERIFY(!z.hasRange() && !z.hasEvent());
    }

    void navigationStaysInsideTheSession()
    {
        ZoomControl z;
        z.setWidth(1000);
        z.reset(1e6);
        z.zoomAt(500, 0.5);  // in, around the middle
        QCOMPARE(z.view().span(), 5e5);
        QCOMPARE(z.view().t0, 2.5e5);
        z.panBy(10);         // far right: clamped at the end
        QCOMPARE(z.view().t1, 1e6);
        QCOMPARE(z.view().span(), 5e5);
        z.dragFrom(z.view(), 2000); // content follows the mouse to the right: earlier times
        QCOMPARE(z.view().t0, 0.0);
        for (int i = 0; i < 100; ++i)
            z.zoomAt(0, 0.5);
        QCOMPARE(z.view().span(), z.bounds().minSpan); // the deepest zoom
        z.zoomAt(0, 1e9);
        QCOMPARE(z.view().span(), 1e6);                // never wider than the session
        z.fit(1000, 3000, 0);
        QCOMPARE(z.view().t0, 1000.0);
        QCOMPARE(z.view().t1, 3000.0);
        z.showAll();
        QCOMPARE(z.view().span(), 1e6);
    }

    void revealMovesOnlyWhenNeeded()
    {
        ZoomControl z;
        z.setWidth(100);
        z.reset(1e6);
        z.fit(0, 1000, 0);
        QSignalSpy view(&z, &ZoomControl::viewChanged);
        z.reveal(100, 200); // already inside
        QCOMPARE(view.count(), 0);
        z.reveal(5000, 5100); // outside: centred, same span
        QCOMPARE(view.count(), 1);
        QCOMPARE(z.view().span(), 1000.0);
        QVERIFY(z.view().t0 <= 5000 && z.view().t1 >= 5100);
        z.reveal(10000, 20000); // wider than the window: fitted with a margin
        QVERIFY(z.view().t0 < 10000 && z.view().t1 > 20000);
    }

    void rangeIsOrderedClampedAndClearedByEqualEnds()
    {
        ZoomControl z;
        z.reset(1000);
        QSignalSpy range(&z, &ZoomControl::rangeChanged);
        z.setRange(800, -50);
        QCOMPARE(z.rangeStart(), 0.0);
        QCOMPARE(z.rangeEnd(), 800.0);
        QVERIFY(z.hasRange());
        z.setRange(0, 800); // the same: no signal
        QCOMPARE(range.count(), 1);
        z.setRange(300, 300);
        QVERIFY(!z.hasRange());
        QCOMPARE(range.count(), 2);
    }

    void eventSelection()
    {
        ZoomControl z;
        z.reset(1000);
        QSignalSpy ev(&z, &ZoomControl::eventChanged);
        z.selectEvent(3, 17);
        QVERIFY(z.hasEvent());
        QCOMPARE(z.eventLane(), 3);
        QCOMPARE(z.eventIndex(), std::size_t(17));
        z.selectEvent(3, 17);
        QCOMPARE(ev.count(), 1);
        z.clearEvent();
        z.clearEvent();
        QCOMPARE(ev.count(), 2);
        QVERIFY(!z.hasEvent());
    }
};

QTEST_GUILESS_MAIN(TestTimelineZoom)
#include "test_timeline_zoom.moc"
