// timeline::LaneLayout, the timeline's lane arrangement without any widget: order (the
// model's, or the user's with new lanes after their device's known ones), hidden, pinned,
// collapsed devices, moving within a device, the rows on screen with pinned lanes outside
// the scroll, and the JSON kept in the project (round trip, unknown lanes kept, bad text
// refused without losing the arrangement); tracks (a Python thread's call depths): one row
// when collapsed (by default past kAutoCollapseRows), every depth when expanded, the
// collapsed row standing for the others, the user's choice kept in the JSON.

#include "ui/timeline/lane_layout.h"

#include <QTest>

using npuscope::ui::timeline::LaneKey;
using npuscope::ui::timeline::LaneLayout;
using npuscope::ui::timeline::LaneRow;

namespace {

constexpr int kStream = 1, kPlane = 4, kOverlap = 5;

// Two devices: stream 0, stream 1, plane 0 on each, in the model's order.
std::vector<LaneKey> twoDevices()
{
    return {{kStream, 0, 0}, {kStream, 0, 1}, {kPlane, 0, 0}, {kStream, 1, 0}, {kStream, 1, 1}, {kPlane, 1, 0}};
}

} // namespace

class TestTimelineLaneLayout : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void tracksFoldTheirLanesIntoTheFirstRow()
    {
        constexpr int kPython = 9;
        // Device 0: a deep thread (depths 0..5), a shallow one (depths 0..1), a stream.
        std::vector<LaneKey> keys;
        for (std::uint32_t d = 0; d < 6; ++d)
            keys.push_back({kPython, 0, d});
        keys.push_back({kPython, 0, 64});
        keys.push_back({kPython, 0, 65});
        keys.push_back({kStream, 0, 0});
        LaneLayout l;
        l.setLanes(keys, {0});
        QCOMPARE(l.trackSize(3), 1); // no tracks until they are given
        l.setTrackHeads({0, 0, 0, 0, 0, 0, 6, 6, 8});
        QCOMPARE(l.trackSize(3), 6);
        QVERIFY(l.isTrackHead(0) && l.isTrackHead(6) && !l.isTrackHead(1) && !l.isTrackHead(8));
        const LaneLayout::Geometry g{20, 22};
        auto rowLanes = [&] {
            std::vector<int> out;
            for (const LaneRow &row : l.layout(1000, 0, g).rows)
                out.push_back(row.lane);
            return out;
        };
        // Past kAutoCollapseRows depths a track starts collapsed; the shallow one expanded.
        QVERIFY(6 > LaneLayout::kAutoCollapseRows && 2 <= LaneLayout::kAutoCollapseRows);
        QVERIFY(l.isTrackCollapsed(0) && l.isTrackCollapsed(4) && !l.isTrackCollapsed(6) && !l.isTrackCollapsed(8));
        QVERIFY(l.isDefault());
        QCOMPARE(rowLanes(), (std::vector<int>{-1, 0, 6, 7, 8}));
        QCOMPARE(l.shownLanes(), (std::vector<int>{0, 6, 7, 8}));
        QCOMPARE(l.layout(1000, 0, g).contentHeight, 22 + 4 * 20);
        // Collapsed, the head's row stands for every lane of the track.
        for (int lane = 0; lane < 6; ++lane)
            QCOMPARE(l.rowLane(lane), 0);
        QCOMPARE(l.rowLane(7), 7);
        // Expanded: every depth on its own row.
        l.setTrackCollapsed(3, false); // any lane of the track names it
        QVERIFY(!l.isTrackCollapsed(0) && !l.isDefault());
        QCOMPARE(rowLanes(), (std::vector<int>{-1, 0, 1, 2, 3, 4, 5, 6, 7, 8}));
        QCOMPARE(l.rowLane(4), 4);
        l.setTrackCollapsed(6, true);
        QCOMPARE(rowLanes(), (std::vector<int>{-1, 0, 1, 2, 3, 4, 5, 6, 8}));
        QCOMPARE(l.rowLane(7), 6);
        // A lane pinned on its own shows in the pinned strip and stands for itself.
        l.setPinned(7, true);
        QCOMPARE(rowLanes(), (std::vector<int>{7, -1, 0, 1, 2, 3, 4, 5, 6, 8}));
        QCOMPARE(l.rowLane(7), 7);
        l.setPinned(7, false);
        // Kept in the JSON (only what differs from the default), and back.
        const QByteArray json = l.toJson();
        QVERIFY(json.contains("\"expandedTracks\":[\"python/0/0\"]"));
        QVERIFY(json.contains("\"collapsedTracks\":[\"python/0/64\"]"));
        LaneLayout b;
        b.setLanes(keys, {0});
        b.setTrackHeads({0, 0, 0, 0, 0, 0, 6, 6, 8});
        QVERIFY(b.fromJson(json, nullptr));
        QVERIFY(!b.isTrackCollapsed(2) && b.isTrackCollapsed(7));
        QCOMPARE(b.toJson(), json);
        // Back to the default choice: nothing to keep.
        l.setTrackCollapsed(0, true);
        l.setTrackCollapsed(6, false);
        QVERIFY(l.isDefault());
        l.setTrackCollapsed(0, false);
        l.reset();
        QVERIFY(l.isDefault() && l.isTrackCollapsed(0));
    }

    void modelOrderUntilTheUserMovesALane()
    {
        LaneLayout l;
        l.setLanes(twoDevices(), {0, 1});
        QCOMPARE(l.order(), (std::vector<int>{0, 1, 2, 3, 4, 5}));
        QVERIFY(l.isDefault());
        QVERIFY(!l.canMove(0, -1)); // the first of its device
        QVERIFY(!l.canMove(2, 1));  // the last of device 0: device 1 is not its device
        QVERIFY(l.move(2, -1));
        QCOMPARE(l.order(), (std::vector<int>{0, 2, 1, 3, 4, 5}));
        QVERIFY(!l.isDefault());
        QVERIFY(!l.move(3, -1));
        QCOMPARE(l.order(), (std::vector<int>{0, 2, 1, 3, 4, 5}));
    }

    void lanesTheUserOrderDoesNotNameFollowTheirDevice()
    {
        LaneLayout l;
        l.setLanes({{kStream, 0, 0}, {kStream, 0, 1}, {kStream, 1, 0}}, {0, 1});
        QVERIFY(l.move(1, -1)); // user order: s0/1, s0/0, s1/0
        // The details arrive with an overlap lane on each device (new lanes, new indexes).
        l.setLanes({{kStream, 0, 0}, {kStream, 0, 1}, {kOverlap, 0, 0}, {kStream, 1, 0}, {kOverlap, 1, 0}}, {0, 1});
        QCOMPARE(l.order(), (std::vector<int>{1, 0, 2, 3, 4}));
    }

    void hiddenPinnedAndCollapsed()
    {
        LaneLayout l;
        l.setLanes(twoDevices(), {0, 1});
        l.setHidden(1, true);
        l.setPinned(5, true);
        l.setCollapsed(1, true);
        QCOMPARE(l.hiddenCount(), 1);
        QCOMPARE(l.shownLanes(), (std::vector<int>{5, 0, 2, 3, 4}));
        const LaneLayout::Geometry g{20, 22};
        const LaneLayout::Rows r = l.layout(1000, 0, g);
        QCOMPARE(r.pinnedHeight, 20);
        // pinned plane 1, header 0, stream 0/0, plane 0/0, header 1 (collapsed)
        std::vector<int> lanes;
        for (const LaneRow &row : r.rows)
            lanes.push_back(row.lane);
        QCOMPARE(lanes, (std::vector<int>{5, -1, 0, 2, -1}));
        QCOMPARE(r.rows[1].y, 20);
        QCOMPARE(r.rows[2].y, 42);
        QCOMPARE(r.contentHeight, 22 + 20 + 20 + 22);
        QVERIFY(r.rows[0].pinned && !r.rows[2].pinned);
        l.showAll();
        QCOMPARE(l.hiddenCount(), 0);
        l.reset();
        QVERIFY(l.isDefault());
        QVERIFY(!l.isPinned(5) && !l.isCollapsed(1));
    }

    void scrollingKeepsPinnedLanesAndDropsRowsOffScreen()
    {
        std::vector<LaneKey> many;
        for (std::uint32_t i = 0; i < 40; ++i)
            many.push_back({kStream, 0, i});
        LaneLayout l;
        l.setLanes(many, {0});
        l.setPinned(39, true);
        const LaneLayout::Geometry g{20, 22};
        const LaneLayout::Rows r = l.layout(200, 100, g);
        QCOMPARE(r.scroll, 100);
        QCOMPARE(r.maxScroll, 22 + 39 * 20 - (200 - 20));
        QCOMPARE(r.rows.front().lane, 39);
        for (const LaneRow &row : r.rows) {
            QVERIFY(row.y + row.h > 0 && row.y < 200);
            if (!row.pinned)
                QVERIFY(row.y + row.h > r.pinnedHeight); // never drawn under the pinned lanes
        }
        QCOMPARE(l.layout(200, 100000, g).scroll, r.maxScroll);
        QCOMPARE(l.layout(200, -5, g).scroll, 0);
    }

    void theTopStripHoldsNoRow()
    {
        std::vector<LaneKey> many;
        for (std::uint32_t i = 0; i < 40; ++i)
            many.push_back({kStream, 0, i});
        LaneLayout l;
        l.setLanes(many, {0});
        const LaneLayout::Geometry g{20, 22, 16};
        // Unscrolled, unpinned: the device header sits right under the strip.
        LaneLayout::Rows r = l.layout(300, 0, g);
        QCOMPARE(r.top, 16);
        QCOMPARE(r.pinnedHeight, 16);
        QCOMPARE(r.rows.front().y, 16);
        QCOMPARE(r.maxScroll, 22 + 40 * 20 - (300 - 16));
        // Scrolled by any amount: the pinned lane sits right under the strip, and scrolled
        // rows show only below the fixed part (the view clips the part of a row above it).
        l.setPinned(7, true);
        for (int scroll : {0, 5, 13, 100, 377, 100000}) {
            r = l.layout(300, scroll, g);
            QCOMPARE(r.pinnedHeight, 16 + 20);
            for (const LaneRow &row : r.rows) {
                if (row.pinned)
                    QCOMPARE(row.y, 16);
                else
                    QVERIFY(row.y + row.h > r.pinnedHeight);
            }
        }
    }

    void jsonRoundTripKeepsUnknownLanes()
    {
        LaneLayout a;
        a.setLanes(twoDevices(), {0, 1});
        a.setHidden(1, true);
        a.setPinned(2, true);
        a.setCollapsed(1, true);
        QVERIFY(a.move(4, -1));
        const QByteArray json = a.toJson();
        QVERIFY(json.contains("\"stream/0/1\""));

        // Read back where only device 0 exists so far (the summary): the rest waits.
        LaneLayout b;
        b.setLanes({{kStream, 0, 0}, {kStream, 0, 1}, {kPlane, 0, 0}}, {0});
        QString error;
        QVERIFY(b.fromJson(json, &error));
        QVERIFY(b.isHidden(1) && b.isPinned(2) && b.isCollapsed(1));
        b.setLanes(twoDevices(), {0, 1});
        QCOMPARE(b.order(), a.order());
        QCOMPARE(b.toJson(), json);
    }

    void badJsonIsRefusedAndChangesNothing()
    {
        LaneLayout l;
        l.setLanes(twoDevices(), {0, 1});
        l.setHidden(0, true);
        QString error;
        QVERIFY(!l.fromJson("not json{", &error));
        QVERIFY(!error.isEmpty());
        QVERIFY(l.isHidden(0));
        // Entries it cannot read are skipped; the rest is taken.
        QVERIFY(l.fromJson(R"({"version":1,"hidden":["stream/0/1","warp/0/1","stream/x/1",7],"collapsed":[1,-3,"2"]})", &error));
        QVERIFY(!l.isHidden(0) && l.isHidden(1));
        QCOMPARE(l.hiddenCount(), 1);
        QVERIFY(l.isCollapsed(1) && !l.isCollapsed(2));
    }
};

QTEST_GUILESS_MAIN(TestTimelineLaneLayout)
#include "test_timeline_lane_layout.moc"
