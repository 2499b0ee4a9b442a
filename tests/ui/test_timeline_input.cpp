// The timeline's input controller (timeline::TimelineInput) on a real recorded session:
// WASD, 0, F and the lane keys (H, Shift+H, P, cursor), the '?' list and Esc; a click
// selects a task and shows its details, Ctrl+wheel zooms at the mouse, Shift+drag selects
// a range; the right-click menus of a lane, an event and the ruler do what they say.
#include "core/analysis/timeline_math.h"
#include "core/store/lod.h"
#include "timeline_test_support.h"
#include "ui/timeline/timeline_view.h"

#include <QApplication>
#include <QClipboard>
#include <QContextMenuEvent>
#include <QLabel>
#include <QMenu>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QtTest>
#include <qcustomplot.h>

using namespace npuscope;
using timelinetest::record;
using timelinetest::Sql;

// The strip above the lanes that carries the iteration labels.
constexpr int kStrip = 16;

class TimelineInputTest : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString path_;

private slots:
    void initTestCase()
    {
        QVERIFY(dir_.isValid());
        path_ = dir_.filePath(QStringLiteral("t.npuscope"));
        QString err;
        QVERIFY2(record(path_, 2, 3, &err), qPrintable(err));
    }

    void keyboardChangesTheRange()
    {
        ui::TimelineView v;
        QVERIFY(timelinetest::showSession(v, path_, 1));
        const TimeNs o = v.model()->origin;
        v.setVisibleRange(o + 1000000, o + 2000000);
        QWidget *plot = v.plot();
        plot->setFocus();
        QCursor::setPos(QPoint(-100, -100)); // cursor outside: zoom anchors at the centre
        auto range = [&] { return v.visibleRange(); };
        QTest::keyClick(plot, Qt::Key_W);
        QCOMPARE(range(), std::make_pair(o + 1100000, o + 1900000));
        QTest::keyClick(plot, Qt::Key_S);
        QCOMPARE(range(), std::make_pair(o + 1000000, o + 2000000));
        QTest::keyClick(plot, Qt::Key_D);
        QCOMPARE(range(), std::make_pair(o + 1100000, o + 2100000));
        QTest::keyClick(plot, Qt::Key_A);
        QTest::keyClick(plot, Qt::Key_A);
        QCOMPARE(range(), std::make_pair(o + 900000, o + 1900000));
        QTest::keyClick(plot, Qt::Key_0);
        QCOMPARE(range(), std::make_pair(o, o + v.model()->extent));
        // F zooms to the selected range.
        v.selectRange(o + 5000000, o + 6000000);
        QTest::keyClick(plot, Qt::Key_F);
        const auto r = range();
        QVERIFY(r.first <= o + 5000000 && r.first >= o + 4970000);
        QVERIFY(r.second >= o + 6000000 && r.second <= o + 6030000);
        // Lanes: H hides the current lane, Shift+H shows all, P pins.
        const auto before = v.shownLanes();
        QTest::keyClick(plot, Qt::Key_Down);
        QTest::keyClick(plot, Qt::Key_Down);
        QTest::keyClick(plot, Qt::Key_H);
        QCOMPARE(v.shownLanes().size(), before.size() - 1);
        QTest::keyClick(plot, Qt::Key_H, Qt::ShiftModifier);
        QCOMPARE(v.shownLanes().size(), before.size());
        const int last = before.back();
        v.setLanePinned(last, true);
        QCOMPARE(v.shownLanes().front(), last);
        // '?' shows the key list.
        QTest::keyClick(plot, Qt::Key_Question);
        QVERIFY(v.findChild<QLabel *>(QStringLiteral("timelineHelp"))->isVisible());
        QTest::keyClick(plot, Qt::Key_Escape);
        QVERIFY(!v.findChild<QLabel *>(QStringLiteral("timelineHelp"))->isVisible());
    }

    void zoomClickShowsDetails()
    {
        ui::TimelineView v;
        QVERIFY(timelinetest::showSession(v, path_, 1));
        // The longest AI Core task of device 0, from SQL.
        Sql sql(path_);
        qint64 start = 0, dur = 0, stream = 0, taskId = 0;
        QString opName, opType;
        sql.rows("SELECT t.start, t.duration, t.stream, t.task_id, n.text, ty.text FROM tasks t "
                 "JOIN ops o ON o.session = t.session AND o.id = t.op "
                 "JOIN strings n ON n.session = t.session AND n.id = o.name JOIN strings ty ON ty.session = t.session AND ty.id = o.op_type "
                 "WHERE t.session = 1 AND t.device = 0 AND t.kind = 0 ORDER BY t.duration DESC LIMIT 1",
                 [&](sqlite3_stmt *s) {
                     start = sqlite3_column_int64(s, 0);
                     dur = sqlite3_column_int64(s, 1);
                     stream = sqlite3_column_int64(s, 2);
                     taskId = sqlite3_column_int64(s, 3);
                     opName = QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_column_text(s, 4)));
                     opType = QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_column_text(s, 5)));
                 });
        QVERIFY(dur > 0);
        v.setVisibleRange(start - dur, start + 2 * dur); // the task fills the middle third
        // Bring its lane into view and click its middle.
        int lane = -1;
        for (std::size_t i = 0; i < v.model()->lanes.size(); ++i) {
            const auto &l = v.model()->lanes[i];
            if (l.kind == ui::timeline::LaneKind::Stream && l.device == 0 && l.id == std::uint32_t(stream))
                lane = int(i);
        }
        QVERIFY(lane >= 0);
        v.setLanePinned(lane, true); // pinned lanes sit at the top of the plot
        QApplication::processEvents();
        QCustomPlot *plot = v.plot();
        const QRect ar = plot->axisRect()->rect();
        const QPoint click(ar.left() + ar.width() / 2, ar.top() + kStrip + 10); // the pinned lane
        QTest::mouseClick(plot, Qt::LeftButton, Qt::NoModifier, click);
        auto *details = v.findChild<QTreeWidget *>(QStringLiteral("timelineDetails"));
        QMap<QString, QString> fields;
        for (int i = 0; i < details->topLevelItemCount(); ++i)
            fields[details->topLevelItem(i)->text(0)] = details->topLevelItem(i)->text(1);
        QCOMPARE(fields.value("Op Name"), opName);
        QCOMPARE(fields.value("OP Type"), opType);
        QCOMPARE(fields.value("Task Type"), QString("AI_CORE"));
        QCOMPARE(fields.value("Stream ID"), QString::number(stream));
        QCOMPARE(fields.value("Task ID"), QString::number(taskId));
        QVERIFY(fields.contains("Input Shapes") && fields.value("Input Shapes") != "N/A");
        QVERIFY(fields.contains("Block Dim") && fields.value("Block Dim").toInt() > 0);
        QVERIFY(fields.contains("vec_ratio")); // PMU metrics under their msprof column names
        QVERIFY(fields.contains("L2 Hit Rate") && fields.value("L2 Hit Rate") != "N/A");
        // Ctrl+wheel zooms at the mouse: the time under it stays put.
        const auto before = v.visibleRange();
        const double tUnder = before.first + double(before.second - before.first) * (click.x() - ar.left()) / ar.width();
        QWheelEvent wheel(click, plot->mapToGlobal(click), QPoint(), QPoint(0, 120), Qt::NoButton, Qt::ControlModifier,
                          Qt::NoScrollPhase, false);
        QApplication::sendEvent(plot, &wheel);
        const auto after = v.visibleRange();
        QVERIFY(after.second - after.first < before.second - before.first);
        const double tAfter = after.first + double(after.second - after.first) * (click.x() - ar.left()) / ar.width();
        QVERIFY(std::abs(tAfter - tUnder) < 2);
        // Shift+drag selects a range.
        QTest::mousePress(plot, Qt::LeftButton, Qt::ShiftModifier, QPoint(ar.left() + 100, ar.top() + 200));
        QMouseEvent move(QEvent::MouseMove, QPointF(ar.left() + 400, ar.top() + 200), plot->mapToGlobal(QPointF(ar.left() + 400, ar.top() + 200)),
                         Qt::NoButton, Qt::LeftButton, Qt::ShiftModifier);
        QApplication::sendEvent(plot, &move);
        QTest::mouseRelease(plot, Qt::LeftButton, Qt::ShiftModifier, QPoint(ar.left() + 400, ar.top() + 200));
        const auto sel = v.selectedRange();
        QVERIFY(sel.second > sel.first);
    }

    void contextMenuActions()
    {
        const QString path = dir_.filePath(QStringLiteral("menus.npuscope"));
        QString err;
        QVERIFY2(record(path, 2, 1, &err), qPrintable(err));
        ui::TimelineView v;
        QVERIFY(timelinetest::showSession(v, path, 1));
        auto trigger = [&](QMenu *menu, const char *name) {
            QVERIFY2(menu, name);
            auto *a = menu->findChild<QAction *>(QLatin1String(name));
            QVERIFY2(a, name);
            QVERIFY2(a->isEnabled(), name);
            a->trigger();
            menu->deleteLater();
        };
        // Lane header: a right-click opens the lane menu.
        const auto shown = v.shownLanes();
        const int lane = shown[2], next = shown[3];
        auto *header = v.findChild<QWidget *>(QStringLiteral("timelineLaneHeader"));
        QVERIFY(header);
        const QPoint onLane(40, v.plot()->axisRect()->rect().top() + kStrip + 22 + 5); // first lane under device 0's header
        QContextMenuEvent hm(QContextMenuEvent::Mouse, onLane, header->mapToGlobal(onLane));
        QApplication::sendEvent(header, &hm);
        auto *headerMenu = v.findChild<QMenu *>(QStringLiteral("timelineLaneMenu"));
        QVERIFY(headerMenu && headerMenu->isVisible());
        QVERIFY(headerMenu->findChild<QAction *>("laneHide"));
        headerMenu->close();
        trigger(v.laneMenu(lane, v.model()->lanes[std::size_t(lane)].device), "laneMoveDown");
        QCOMPARE(v.shownLanes()[2], next);
        QCOMPARE(v.shownLanes()[3], lane);
        trigger(v.laneMenu(lane, 0), "laneMoveUp");
        QCOMPARE(v.shownLanes(), shown);
        trigger(v.laneMenu(lane, 0), "lanePin");
        QCOMPARE(v.shownLanes().front(), lane);
        trigger(v.laneMenu(lane, 0), "lanePin"); // now "Unpin"
        QCOMPARE(v.shownLanes(), shown);
        trigger(v.laneMenu(lane, 0), "laneHide");
        QCOMPARE(v.shownLanes().size(), shown.size() - 1);
        trigger(v.laneMenu(-1, 0), "laneShowAll");
        QCOMPARE(v.shownLanes(), shown);
        trigger(v.laneMenu(-1, 1), "laneCollapseDevice");
        trigger(v.laneMenu(lane, 0), "laneResetLayout");
        QCOMPARE(v.shownLanes(), shown);

        // An event: the plane lane's first HCCL task, pinned to the top, in the middle of the view.
        const auto *m = v.model();
        int plane = -1;
        for (std::size_t i = 0; i < m->lanes.size(); ++i)
            if (m->lanes[i].kind == ui::timeline::LaneKind::Plane && m->lanes[i].device == 0 && m->lanes[i].events.size() > 10)
                plane = int(i);
        QVERIFY(plane >= 0);
        const auto &pe = m->lanes[std::size_t(plane)].events;
        const std::size_t ev = timelinetest::longestEvent(pe);
        const TimeNs s = pe.startAt(ev) + m->origin, e = pe.end(ev) + m->origin;
        v.setLanePinned(plane, true);
        v.setVisibleRange(s - (e - s), e + (e - s));
        QApplication::processEvents();
        const QRect ar = v.plot()->axisRect()->rect();
        const QPoint at(ar.left() + ar.width() / 2, ar.top() + kStrip + 10); // the pinned lane
        // Through the real event path: the right-click opens the event menu.
        QContextMenuEvent cm(QContextMenuEvent::Mouse, at, v.plot()->mapToGlobal(at));
        QApplication::sendEvent(v.plot(), &cm);
        auto *menu = v.findChild<QMenu *>(QStringLiteral("timelineEventMenu"));
        QVERIFY(menu && menu->isVisible());
        // The details of the clicked HCCL task are read from the project by rowid.
        QMap<QString, QString> fields;
        auto *details = v.findChild<QTreeWidget *>(QStringLiteral("timelineDetails"));
        for (int i = 0; i < details->topLevelItemCount(); ++i)
            fields[details->topLevelItem(i)->text(0)] = details->topLevelItem(i)->text(1);
        Sql sql(path);
        QString notify, name;
        sql.rows("SELECT h.notify_id, s.text FROM hccl_tasks h JOIN strings s ON s.session = h.session AND s.id = h.name "
                 "WHERE h.session = 1 AND h.device = 0 AND h.plane = " + QByteArray::number(m->lanes[std::size_t(plane)].id)
                     + " AND h.start = " + QByteArray::number(s) + " ORDER BY h.duration DESC LIMIT 1",
                 [&](sqlite3_stmt *q) {
                     notify = QString::number(quint64(sqlite3_column_int64(q, 0))); // notify ids are unsigned 64-bit
                     name = QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_column_text(q, 1)));
                 });
        QVERIFY(!notify.isEmpty());
        QCOMPARE(fields.value("notify_id"), notify);
        QCOMPARE(fields.value("Name"), name);
        trigger(menu, "eventCopyName");
        QCOMPARE(QApplication::clipboard()->text(), name);
        trigger(v.plotMenu(at), "eventCopyDetails");
        QVERIFY(QApplication::clipboard()->text().contains("notify_id: " + notify));
        trigger(v.plotMenu(at), "eventSelectRange");
        QCOMPARE(v.selectedRange(), std::make_pair(s, e));
        trigger(v.plotMenu(at), "eventFindAll");
        std::int64_t sameName = 0;
        sql.rows("SELECT COUNT(*) FROM hccl_tasks h JOIN strings s ON s.session = h.session AND s.id = h.name "
                 "WHERE h.session = 1 AND s.text = '" + name.toUtf8() + "'",
                 [&](sqlite3_stmt *q) { sameName = sqlite3_column_int64(q, 0); });
        QVERIFY(sameName > 1);
        QCOMPARE(std::int64_t(v.matchCount()), sameName);
        trigger(v.plotMenu(at), "eventZoom");
        const auto zoomed = v.visibleRange();
        QVERIFY(zoomed.first <= s && zoomed.second >= e && zoomed.second - zoomed.first < 2 * (e - s));

        // The ruler: range actions.
        const QPoint ruler(ar.left() + 50, ar.top() - 10);
        v.selectRange(m->origin + 1000, m->origin + 500000);
        const auto marks = v.marks().size();
        trigger(v.plotMenu(ruler), "rangeMark");
        QVERIFY(v.waitForWrites(30000));
        QCOMPARE(v.marks().size(), marks + 1);
        trigger(v.plotMenu(ruler), "rangeZoom");
        const auto r = v.visibleRange();
        QVERIFY(r.first <= m->origin + 1000 && r.second >= m->origin + 500000 && r.second - r.first < 600000);
        trigger(v.plotMenu(ruler), "rangeClear");
        QCOMPARE(v.selectedRange(), std::make_pair(TimeNs(0), TimeNs(0)));
        auto *clearMenu = v.plotMenu(ruler);
        QVERIFY(!clearMenu->findChild<QAction *>("rangeZoom")->isEnabled()); // nothing selected now
        delete clearMenu;
    }

};

QTEST_MAIN(TimelineInputTest)
#include "test_timeline_input.moc"
