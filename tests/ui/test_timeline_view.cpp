// The timeline widget on a real recorded session (emulator, ResNet-50, 2 devices), offscreen:
// lanes with the msprof names, keyboard navigation, selection statistics against SQL,
// search against SQL, click → details, marks and the lane layout kept in the project,
// the right-click menus.
//
//   ui_timeline_view                      the test (ctest)
//   ui_timeline_view --show [PROJECT [SESSION]] [--dark] [--fill] [--tracks [--all-flows]] [--python] [--focus-last]   opens the view in a
//                                         window to look at it (--tracks: counter lanes pinned, a flow selected)
//   ui_timeline_view --bench PROJECT      measurements for npuscope-bench (bench_timeline.cpp)
#include "core/analysis/timeline_math.h"
#include "tests/test_record.h"
#include "core/text/display.h"
#include "core/options/profiling_options.h"
#include "core/store/lod.h"
#include "core/store/project.h"
#include "device/emulator.h"
#include "ui/appearance.h"
#include "ui/background.h"
#include "ui/timeline/lane_header.h"
#include "ui/timeline/minimap.h"
#include "ui/timeline/timeline_plot.h"
#include "ui/timeline/timeline_view.h"
#include "test_gui_support.h"
#include "timeline_test_support.h"

#include <QApplication>
#include <QLineEdit>
#include <QScreen>
#include <QSplitter>
#include <QClipboard>
#include <QContextMenuEvent>
#include <QMenu>
#include <QLabel>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QtTest>
#include <qcustomplot.h>
#include <sqlite3.h>

using namespace npuscope;

using timelinetest::record;
using timelinetest::Sql;

class TimelineViewTest : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString path_;

private slots:
    void initTestCase()
    {
        guitest::isolateSettings(); // the lane-name width is remembered in the settings
        QVERIFY(dir_.isValid());
        path_ = dir_.filePath(QStringLiteral("t.npuscope"));
        QString err;
        QVERIFY2(record(path_, 2, 3, &err), qPrintable(err));
    }

    void summaryDrawsBeforeDetails()
    {
        // The summary is stored at record end: the skeleton has every stream lane with
        // the exact task counts before a single task is read.
        QString msg;
        auto m = ui::timeline::openSkeleton(path_, 1, &msg);
        QVERIFY2(m, qPrintable(msg));
        QVERIFY(!m->lod.lanes.empty());
        std::uint64_t lodTasks = 0;
        for (const auto &l : m->lod.lanes)
            lodTasks += l.tasks;
        Sql sql(path_);
        std::uint64_t n = 0;
        sql.rows("SELECT COUNT(*) FROM tasks WHERE session = 1", [&](sqlite3_stmt *s) { n = sqlite3_column_int64(s, 0); });
        QCOMPARE(lodTasks, n);
        for (const auto &l : m->lanes)
            QVERIFY(l.kind == ui::timeline::LaneKind::Stream && l.events.size() == 0 && l.lod >= 0);
    }

    void lanesHaveMsprofNames()
    {
        ui::TimelineView v;
        v.resize(1600, 900);
        v.show();
        QVERIFY2(v.open(path_, 1), qPrintable(v.errorString()));
        QVERIFY(v.waitForDetails(60000));
        const auto *m = v.model();
        QCOMPARE(m->devices.size(), std::size_t(2));
        QSet<QString> titles;
        for (const auto &l : m->lanes)
            titles.insert(QStringLiteral("%1|%2|%3").arg(l.device).arg(l.process, l.title));
        for (int d = 0; d < 2; ++d) {
            for (const char *t : {"Ascend Hardware|Step Trace(Model ID:1)", "HCCL|Communication Kernel", "HCCL|Plane 0",
                                  "Overlap Analysis|Computing", "Overlap Analysis|Communication",
                                  "Overlap Analysis|Communication(Not Overlapped)", "Overlap Analysis|Free"})
                QVERIFY2(titles.contains(QStringLiteral("%1|%2").arg(d).arg(QLatin1String(t))), t);
            bool stream = false, cann = false;
            for (const auto &s : titles) {
                stream = stream || s.startsWith(QStringLiteral("%1|Ascend Hardware|Stream ").arg(d));
                cann = cann || s.startsWith(QStringLiteral("%1|CANN|Thread ").arg(d));
            }
            QVERIFY(stream);
            QVERIFY(cann);
        }
        // Every stored task is in a lane.
        Sql sql(path_);
        std::uint64_t n = 0;
        sql.rows("SELECT COUNT(*) FROM tasks WHERE session = 1", [&](sqlite3_stmt *s) { n = sqlite3_column_int64(s, 0); });
        QCOMPARE(std::uint64_t(m->taskCount()), n);
    }

    void wideSlicesCarryTheirNames()
    {
        ui::TimelineView v;
        QVERIFY(timelinetest::showSession(v, path_, 1));
        const auto *m = v.model();
        // The busiest stream lane of device 0 and its longest task.
        int lane = -1;
        for (std::size_t i = 0; i < m->lanes.size(); ++i)
            if (m->lanes[i].kind == ui::timeline::LaneKind::Stream && m->lanes[i].device == 0
                && (lane < 0 || m->lanes[i].events.size() > m->lanes[std::size_t(lane)].events.size()))
                lane = int(i);
        QVERIFY(lane >= 0);
        const auto &ev = m->lanes[std::size_t(lane)].events;
        const std::size_t longest = timelinetest::longestEvent(ev);
        const TimeNs s = ev.startAt(longest), d = ev.durationAt(longest);
        v.setLanePinned(lane, true);
        v.setVisibleRange(m->origin + s - d, m->origin + s + 2 * d);
        QApplication::processEvents();
        v.plot()->replot(QCustomPlot::rpImmediateRefresh);
        ui::timeline::LanePlottable *p = nullptr;
        for (int i = 0; i < v.plot()->plottableCount(); ++i)
            if (auto *lp = dynamic_cast<ui::timeline::LanePlottable *>(v.plot()->plottable(i)); lp && lp->lane() == lane)
                p = lp;
        QVERIFY(p);
        const QRect ar = v.plot()->axisRect()->rect();
        const auto [t0, t1] = v.visibleRange();
        const analysis::timeline::View view{double(t0 - m->origin), double(t1 - m->origin), ar.width()};
        // Every task of the lane wholly in view and 60 px or wider has its name (the last
        // part of the scoped op name, elided to fit) at its own left edge.
        int wide = 0;
        for (std::size_t i = 0; i < ev.size(); ++i) {
            const double a = analysis::timeline::timeToPixel(view, double(ev.startAt(i)));
            const double b = analysis::timeline::timeToPixel(view, double(ev.end(i)));
            if (a < 0 || b > ar.width() || b - a < 60)
                continue;
            ++wide;
            QString name = QString::fromUtf8(m->string(ev.nameAt(i)).data(), qsizetype(m->string(ev.nameAt(i)).size()));
            name = name.mid(name.lastIndexOf(QLatin1Char('/')) + 1);
            bool found = false;
            for (const auto &l : p->labels()) {
                if (std::abs(l.rect.left() - (ar.left() + int(std::floor(a)) + 3)) > 2)
                    continue;
                QString text = l.text;
                if (text.endsWith(QChar(0x2026)))
                    text.chop(1);
                found = !text.isEmpty() && name.startsWith(text) && l.rect.right() <= ar.left() + int(std::ceil(b));
            }
            if (!found) {
                QStringList seen;
                for (const auto &l : p->labels())
                    seen << QStringLiteral("%1@%2").arg(l.text).arg(l.rect.left() - ar.left());
                QFAIL(qPrintable(QStringLiteral("no label for %1 at %2-%3 px; labels: %4").arg(name).arg(a).arg(b).arg(seen.join(QStringLiteral(", ")))));
            }
        }
        QVERIFY(wide >= 1);
        QVERIFY(p->labels().size() >= std::size_t(wide)); // narrower ones may carry a few characters
    }

    void selectionStatisticsEqualSql()
    {
        ui::TimelineView v;
        QVERIFY(timelinetest::showSession(v, path_, 1));
        const TimeNs o = v.model()->origin;
        // Most of the session, so several task types and every op type fall inside.
        const TimeNs t0 = o + v.model()->extent / 8, t1 = o + v.model()->extent * 7 / 8;
        v.selectRange(t0, t1);
        auto *table = v.findChild<QTableWidget *>(QStringLiteral("timelineStats"));
        QVERIFY(table);
        QMap<QString, QStringList> shown;
        for (int r = 0; r < table->rowCount(); ++r)
            shown[table->item(r, 0)->text() + "|" + table->item(r, 1)->text()] = {
                table->item(r, 2)->text(), table->item(r, 3) ? table->item(r, 3)->text() : QString(),
                table->item(r, 5) ? table->item(r, 5)->text() : QString(), table->item(r, 6) ? table->item(r, 6)->text() : QString()};
        Sql sql(path_);
        const QByteArray range = QByteArray("start >= ") + QByteArray::number(t0) + " AND start < " + QByteArray::number(t1);
        int checked = 0;
        auto fmt = [](sqlite3_stmt *s, int c) {
            return display::duration(double(sqlite3_column_int64(s, c)));
        };
        sql.rows("SELECT s.text, COUNT(*), SUM(t.duration), MIN(t.duration), MAX(t.duration) FROM tasks t "
                 "JOIN ops o ON o.session = t.session AND o.id = t.op JOIN strings s ON s.session = t.session AND s.id = o.op_type "
                 "WHERE t.session = 1 AND t.op != 0 AND o.op_type != 0 AND t." + range + " GROUP BY o.op_type",
                 [&](sqlite3_stmt *s) {
                     const QString key = "Op type|" + QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_column_text(s, 0)));
                     QVERIFY2(shown.contains(key), qPrintable(key));
                     QCOMPARE(shown[key][0], QString::number(sqlite3_column_int64(s, 1)));
                     QCOMPARE(shown[key][1], fmt(s, 2));
                     QCOMPARE(shown[key][2], fmt(s, 3));
                     QCOMPARE(shown[key][3], fmt(s, 4));
                     ++checked;
                 });
        QVERIFY(checked > 5);
        checked = 0;
        sql.rows("SELECT kind, COUNT(*), SUM(duration), MIN(duration), MAX(duration) FROM tasks WHERE session = 1 AND " + range +
                     " GROUP BY kind",
                 [&](sqlite3_stmt *s) {
                     const QString key = "Task type|" + QString::fromLatin1(taskKindName(static_cast<TaskKind>(sqlite3_column_int(s, 0))));
                     QVERIFY2(shown.contains(key), qPrintable(key));
                     QCOMPARE(shown[key][0], QString::number(sqlite3_column_int64(s, 1)));
                     QCOMPARE(shown[key][1], fmt(s, 2));
                     ++checked;
                 });
        QVERIFY2(checked >= 2, qPrintable(QStringList(shown.keys()).join(", ")));
        QVERIFY(shown.contains("Overlap Analysis, device 0|Computing"));
    }

    void searchFindsExactlyTheSqlMatches()
    {
        ui::TimelineView v;
        QVERIFY(timelinetest::showSession(v, path_, 1));
        Sql sql(path_);
        auto count = [&](const QByteArray &where) {
            std::int64_t n = 0;
            // every lane kind that carries names: tasks, collectives, HCCL tasks, host ranges, AI CPU
            for (const char *t : {"tasks", "collectives", "hccl_tasks", "host_ranges"})
                sql.rows(QByteArray("SELECT COUNT(*) FROM ") + t + " x JOIN strings s ON s.session = x.session AND s.id = x.name "
                             "WHERE x.session = 1 AND " + where,
                         [&](sqlite3_stmt *s) { n += sqlite3_column_int64(s, 0); });
            sql.rows("SELECT COUNT(*) FROM aicpu x JOIN strings s ON s.session = x.session AND s.id = x.node WHERE x.session = 1 AND "
                         + where,
                     [&](sqlite3_stmt *s) { n += sqlite3_column_int64(s, 0); });
            return n;
        };
        const std::int64_t conv = count("s.text LIKE '%conv2d%'");
        QVERIFY(conv > 0);
        QCOMPARE(std::int64_t(v.search("Conv2D", false)), conv);
        const std::int64_t relu = count("s.text LIKE '%relu%'");
        QCOMPARE(std::int64_t(v.search("relu", false)), relu);
        // A regex: Conv2D ops whose name ends in an even op number.
        std::int64_t even = 0;
        sql.rows("SELECT s.text, COUNT(*) FROM tasks x JOIN strings s ON s.session = x.session AND s.id = x.name "
                 "WHERE x.session = 1 GROUP BY s.text",
                 [&](sqlite3_stmt *s) {
                     const QString t = QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_column_text(s, 0)));
                     if (QRegularExpression("Conv2D.*op\\d*[02468]$", QRegularExpression::CaseInsensitiveOption).match(t).hasMatch())
                         even += sqlite3_column_int64(s, 1);
                 });
        QVERIFY(even > 0);
        QCOMPARE(std::int64_t(v.search("Conv2D.*op\\d*[02468]$", true)), even);
        QCOMPARE(v.search("(broken", true), -1);
        // Enter / Shift+Enter step through matches in time order.
        QCOMPARE(std::int64_t(v.search("Conv2D", false)), conv);
        auto *edit = v.findChild<QLineEdit *>(QStringLiteral("timelineSearch"));
        edit->setFocus();
        QTest::keyClick(edit, Qt::Key_Return);
        QCOMPARE(v.currentMatch(), 0);
        QTest::keyClick(edit, Qt::Key_Return);
        QCOMPARE(v.currentMatch(), 1);
        QTest::keyClick(edit, Qt::Key_Return, Qt::ShiftModifier);
        QCOMPARE(v.currentMatch(), 0);
        QTest::keyClick(edit, Qt::Key_Return, Qt::ShiftModifier);
        QCOMPARE(v.currentMatch(), int(conv) - 1);
    }

    void marksPersistInTheProject()
    {
        const TimeNs o = [&] {
            ui::TimelineView v;
            v.resize(1200, 700);
            v.show();
            v.open(path_, 1);
            v.waitForDetails(60000);
            const TimeNs origin = v.model()->origin;
            v.selectRange(origin + 1000, origin + 900000);
            QTest::keyClick(v.plot(), Qt::Key_M);
            return origin;
        }();
        ui::TimelineView again;
        QVERIFY(again.open(path_, 1));
        const auto marks = again.marks();
        QCOMPARE(marks.size(), std::size_t(1));
        QCOMPARE(marks[0].start, o + 1000);
        QCOMPARE(marks[0].end, o + 900000);
        QVERIFY(!marks[0].label.isEmpty());
    }

    void layoutPersistsAcrossReopen()
    {
        // A project of its own: the layout saved here must not change the other tests' lanes.
        const QString path = dir_.filePath(QStringLiteral("layout.npuscope"));
        QString err;
        QVERIFY2(record(path, 2, 1, &err), qPrintable(err));
        auto names = [](const ui::TimelineView &v) {
            QStringList out;
            for (int lane : v.shownLanes()) {
                const auto &l = v.model()->lanes[std::size_t(lane)];
                out << QStringLiteral("%1|%2|%3").arg(l.device).arg(l.process, l.title);
            }
            return out;
        };
        auto laneNamed = [](const ui::TimelineView &v, int device, const QString &title) {
            for (std::size_t i = 0; i < v.model()->lanes.size(); ++i)
                if (v.model()->lanes[i].device == device && v.model()->lanes[i].title == title)
                    return int(i);
            return -1;
        };
        QStringList defaults, arranged;
        {
            ui::TimelineView v;
            v.resize(1400, 800);
            v.show();
            QVERIFY(v.open(path, 1));
            QVERIFY(v.waitForDetails(60000));
            defaults = names(v);
            const int free0 = laneNamed(v, 0, "Free"), plane0 = laneNamed(v, 0, "Plane 0"), comm0 = laneNamed(v, 0, "Communication Kernel");
            QVERIFY(free0 >= 0 && plane0 >= 0 && comm0 >= 0);
            v.setLaneHidden(free0, true);
            v.setLanePinned(plane0, true);
            v.moveLane(comm0, -1);
            v.setDeviceCollapsed(1, true);
            arranged = names(v);
            QVERIFY(arranged != defaults);
            QCOMPARE(arranged.front(), QString("0|HCCL|Plane 0"));
            QVERIFY(!arranged.contains("0|Overlap Analysis|Free"));
            QVERIFY(v.isDeviceCollapsed(1));
        }
        {
            // Reopened: the same arrangement, already while the summary is shown (stream
            // lanes only) and after the details arrive.
            ui::TimelineView v;
            v.resize(1400, 800);
            v.show();
            QVERIFY(v.open(path, 1));
            QVERIFY(v.isDeviceCollapsed(1));
            QVERIFY(!v.isDeviceCollapsed(0));
            QVERIFY(v.waitForDetails(60000));
            QCOMPARE(names(v), arranged);
            QVERIFY(v.isDeviceCollapsed(1));
            // Saving refused while another program writes: a sentence naming the project,
            // the arrangement on screen and in the project unchanged.
            sqlite3 *other = nullptr;
            QCOMPARE(sqlite3_open(path.toUtf8().constData(), &other), SQLITE_OK);
            QCOMPARE(sqlite3_exec(other, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr), SQLITE_OK);
            QString status;
            connect(&v, &ui::TimelineView::statusMessage, this, [&](const QString &m) { status = m; });
            v.setDeviceCollapsed(1, false);
            // The write waits off the GUI thread (events go on) until the busy timeout.
            QVERIFY(status.isEmpty() || !status.contains("could not be saved"));
            QTRY_VERIFY_WITH_TIMEOUT(status.contains("could not be saved"), 60000);
            sqlite3_exec(other, "ROLLBACK", nullptr, nullptr, nullptr);
            sqlite3_close(other);
            QVERIFY2(status.contains("lane layout could not be saved") && status.contains("layout.npuscope"), qPrintable(status));
            QVERIFY(!v.isDeviceCollapsed(1)); // expanded on screen
        }
        {
            ui::TimelineView v;
            v.resize(1400, 800);
            v.show();
            QVERIFY(v.open(path, 1));
            QVERIFY(v.waitForDetails(60000));
            QCOMPARE(names(v), arranged); // the refused change did not reach the project
            QVERIFY(v.isDeviceCollapsed(1));
            QTest::keyClick(v.plot(), Qt::Key_R, Qt::ShiftModifier);
            QCOMPARE(names(v), defaults);
        }
        {
            ui::TimelineView v;
            v.resize(1400, 800);
            v.show();
            QVERIFY(v.open(path, 1));
            QVERIFY(v.waitForDetails(60000));
            QCOMPARE(names(v), defaults); // the reset was saved too
            QVERIFY(!v.isDeviceCollapsed(1));
        }
        {
            // A layout that is not JSON: the session still opens, in the msprof order.
            sqlite3 *db = nullptr;
            QCOMPARE(sqlite3_open(path.toUtf8().constData(), &db), SQLITE_OK);
            QCOMPARE(sqlite3_exec(db, "INSERT OR REPLACE INTO timeline_layouts(session, layout, updated_wall_us) VALUES(1, 'not json{', 0)",
                                  nullptr, nullptr, nullptr), SQLITE_OK);
            sqlite3_close(db);
            ui::TimelineView v;
            QString status;
            connect(&v, &ui::TimelineView::statusMessage, this, [&](const QString &m) { if (status.isEmpty()) status = m; });
            v.resize(1400, 800);
            v.show();
            QVERIFY(v.open(path, 1));
            QVERIFY(v.waitForDetails(60000));
            QCOMPARE(names(v), defaults);
            QVERIFY2(status.contains("saved lane layout is unreadable"), qPrintable(status));
        }
    }

    void emptyStateUntilASessionOpens()
    {
        ui::TimelineView v;
        v.resize(1200, 700);
        v.show();
        QApplication::processEvents();
        auto *empty = v.findChild<QLabel *>(QStringLiteral("timelineEmpty"));
        QVERIFY(empty && empty->isVisible());
        QVERIFY(empty->text().contains(QStringLiteral("No session open")));
        QVERIFY(!v.plot()->xAxis2->visible()); // no ruler of nothing ("1 ns 2 ns …")
        QVERIFY(v.open(path_, 1));
        QVERIFY(!empty->isVisible());
        QVERIFY(v.plot()->xAxis2->visible());
    }

    void stateIsPerSession()
    {
        const QString path = dir_.filePath(QStringLiteral("two.npuscope"));
        QString err;
        QVERIFY2(record(path, 1, 2, &err), qPrintable(err));
        QVERIFY2(record(path, 1, 2, &err), qPrintable(err)); // appended: session 2
        ui::TimelineView v;
        QVERIFY(timelinetest::showSession(v, path, 1));
        const TimeNs o1 = v.model()->origin, e1 = v.model()->extent;
        v.setVisibleRange(o1 + e1 / 4, o1 + e1 / 2);
        v.selectRange(o1 + e1 / 3, o1 + e1 / 3 + 100000);
        const int matches = v.search(QStringLiteral("conv"), false);
        QVERIFY(matches > 0);
        v.nextMatch(); // selects a task: its details show
        QVERIFY(!v.selectedDetailsText().isEmpty());
        const auto window1 = v.visibleRange(), range1 = v.selectedRange();
        auto *stats = v.findChild<QTableWidget *>(QStringLiteral("timelineStats"));
        QVERIFY(stats);

        // Another session: nothing of the first one's selection, range or search.
        QVERIFY(v.open(path, 2));
        QVERIFY(v.waitForDetails(60000));
        QCOMPARE(v.selectedRange(), std::make_pair(TimeNs(0), TimeNs(0)));
        QCOMPARE(v.matchCount(), 0);
        QVERIFY(v.findChild<QLineEdit *>(QStringLiteral("timelineSearch"))->text().isEmpty());
        QVERIFY(v.selectedDetailsText().isEmpty());
        QCOMPARE(stats->rowCount(), 0);
        QCOMPARE(v.visibleRange(), std::make_pair(v.model()->origin, v.model()->origin + v.model()->extent));

        // Back to the first: its window, range (statistics recomputed) and search return.
        QVERIFY(v.open(path, 1));
        QVERIFY(v.waitForDetails(60000));
        QCOMPARE(v.visibleRange(), window1);
        QCOMPARE(v.selectedRange(), range1);
        QVERIFY(stats->rowCount() > 0);
        QCOMPARE(v.matchCount(), matches);

        // Esc clears the selection.
        v.plot()->setFocus();
        QTest::keyClick(v.plot(), Qt::Key_Escape);
        QCOMPARE(v.selectedRange(), std::make_pair(TimeNs(0), TimeNs(0)));
        QCOMPARE(stats->rowCount(), 0);
    }

    void keyListFitsTheView()
    {
        // The main window's default size leaves the timeline's plot about 400 px high.
        ui::TimelineView v;
        v.resize(1100, 600);
        v.show();
        QVERIFY(v.open(path_, 1));
        QApplication::processEvents();
        v.plot()->setFocus();
        QTest::keyClick(v.plot(), Qt::Key_Question);
        auto *help = v.findChild<QLabel *>(QStringLiteral("timelineHelp"));
        QVERIFY(help && help->isVisible());
        QVERIFY2(v.rect().contains(help->geometry()),
                 qPrintable(QStringLiteral("%1x%2 in %3x%4").arg(help->width()).arg(help->height()).arg(v.width()).arg(v.height())));
        QVERIFY(help->text().contains(QStringLiteral("Shift+R"))); // every key still listed
        QVERIFY(help->text().contains(QStringLiteral("show / hide this list")));
        QTest::keyClick(v.plot(), Qt::Key_Escape);
        QVERIFY(!help->isVisible());
    }

    void laneNamesColumnIsResizableAndRemembered()
    {
        int widened = 0;
        {
            ui::TimelineView v;
            QVERIFY(timelinetest::showSession(v, path_, 1));
            QApplication::processEvents();
            v.resetLayout(); // an earlier test left a lane pinned in this project
            QApplication::processEvents();
            auto *split = v.findChild<QSplitter *>(QStringLiteral("timelineNameSplit"));
            auto *header = v.findChild<ui::timeline::LaneHeader *>(QStringLiteral("timelineLaneHeader"));
            QVERIFY(split && header);
            const int before = header->width();
            const int plotBefore = v.plot()->axisRect()->width();
            // Drag the handle between the names and the plot 120 px to the right.
            QSplitterHandle *handle = split->handle(1);
            const QPoint at(handle->width() / 2, handle->height() / 2);
            QMouseEvent press(QEvent::MouseButtonPress, at, handle->mapToGlobal(at), Qt::LeftButton, Qt::LeftButton, Qt::NoModifier);
            QApplication::sendEvent(handle, &press);
            const QPoint to = at + QPoint(120, 0);
            QMouseEvent move(QEvent::MouseMove, to, handle->mapToGlobal(to), Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
            QApplication::sendEvent(handle, &move);
            QMouseEvent release(QEvent::MouseButtonRelease, to, handle->mapToGlobal(to), Qt::LeftButton, Qt::NoButton, Qt::NoModifier);
            QApplication::sendEvent(handle, &release);
            QTRY_COMPARE_WITH_TIMEOUT(header->width(), before + 120, 5000);
            // The plot gave the room, and its time axis follows.
            QTRY_VERIFY_WITH_TIMEOUT(v.plot()->axisRect()->width() < plotBefore, 5000);
            widened = header->width();
            // Names too long for the column are elided; the tooltip has them whole.
            const int firstLane = v.plot()->axisRect()->rect().top() + 16 + 22 + 5;
            const QString tip = header->toolTipAt(firstLane);
            const auto &lane = v.model()->lanes[std::size_t(v.shownLanes().front())];
            QVERIFY2(tip.contains(lane.process) && tip.contains(lane.title), qPrintable(tip));
            // The strip above the lanes (iteration labels) is no lane.
            QCOMPARE(header->rowAt(v.plot()->axisRect()->rect().top() + 8), -1);
        }
        ui::TimelineView again;
        again.resize(1600, 900);
        again.show();
        QApplication::processEvents();
        QCOMPARE(again.findChild<QWidget *>(QStringLiteral("timelineLaneHeader"))->width(), widened);
    }

    // The overview strip: the whole session's busy share (every column a share in [0, 1]),
    // the visible window framed on it, a click centres the window there.
    void minimapShowsTheWholeSession()
    {
        ui::TimelineView v;
        v.resize(1400, 800);
        v.show();
        QVERIFY(v.open(path_, 1));
        QApplication::processEvents();
        ui::timeline::Minimap *mm = v.minimap();
        QVERIFY(mm && mm->isVisible());
        const int w = mm->width();
        const std::vector<double> cols = mm->columns(w);
        QCOMPARE(int(cols.size()), w);
        int busy = 0;
        for (double c : cols) {
            QVERIFY(c >= 0 && c <= 1);
            busy += c > 0.01;
        }
        QVERIFY2(busy > w / 2, qPrintable(QString::number(busy))); // a training run keeps its streams busy
        const TimeNs o = v.model()->origin, extent = v.model()->extent;
        v.setVisibleRange(o + extent / 4, o + extent / 2);
        const auto [x0, x1] = mm->windowPixels();
        QVERIFY2(std::abs(x0 - w / 4) <= 2 && std::abs(x1 - w / 2) <= 2, qPrintable(QStringLiteral("%1..%2 of %3").arg(x0).arg(x1).arg(w)));
        const auto before = v.visibleRange();
        QTest::mouseClick(mm, Qt::LeftButton, {}, QPoint(w * 5 / 8, mm->height() / 2));
        const auto after = v.visibleRange();
        const double centre = (after.first + after.second) / 2.0 - double(o);
        QVERIFY2(std::abs(centre - extent * 5.0 / 8) <= extent / double(w) * 2,
                 qPrintable(QStringLiteral("%1 vs %2").arg(centre).arg(extent * 5.0 / 8)));
        QVERIFY(std::abs((after.second - after.first) - (before.second - before.first)) <= (before.second - before.first) / 100);
    }

    // Dark theme: the canvas, its ruler, the grid and the cursor follow the palette; back
    // to light, they follow again.
    void canvasFollowsTheTheme()
    {
        ui::TimelineView v;
        v.resize(1400, 800);
        v.show();
        QVERIFY(v.open(path_, 1));
        QVERIFY(v.waitForDetails(60000));
        auto rulerPixel = [&v] {
            // The ruler's strip left of its first label: plot background only.
            const QImage img = v.plot()->toPixmap(v.plot()->width(), v.plot()->height()).toImage();
            return QColor(img.pixel(2, 2));
        };
        QVERIFY2(rulerPixel().lightness() > 200, qPrintable(rulerPixel().name()));
        QVERIFY(v.plot()->xAxis2->tickLabelColor().lightness() < 100);
        ui::applyTheme(ui::Theme::Dark);
        QCoreApplication::processEvents();
        QVERIFY2(rulerPixel().lightness() < 80, qPrintable(rulerPixel().name()));
        QVERIFY(v.plot()->xAxis2->tickLabelColor().lightness() > 160);
        QVERIFY(v.plot()->xAxis2->grid()->pen().color().lightness() > 160);
        ui::applyTheme(ui::Theme::Light);
        QCoreApplication::processEvents();
        QVERIFY2(rulerPixel().lightness() > 200, qPrintable(rulerPixel().name()));
        QVERIFY(v.plot()->xAxis2->tickLabelColor().lightness() < 100);
    }

    // The window selects a session and goes on: the read happens on a worker, what the user
    // asked of the session meanwhile applies once it is shown, and a failed or superseded
    // open leaves the view as it was.
    void opensInTheBackground()
    {
        ui::TimelineView v;
        v.resize(1600, 900);
        v.show();
        QSignalSpy opened(&v, &ui::TimelineView::opened);
        v.openInBackground(path_, 1);
        QVERIFY(v.isOpening());
        QVERIFY(!v.model());
        bool ran = false;
        TimeNs origin = 0;
        v.whenOpen([&] {
            ran = true;
            QVERIFY(v.model());
            origin = v.model()->origin;
            v.setVisibleRange(origin + 1000, origin + 5000);
        });
        QVERIFY(!ran);
        QVERIFY(v.waitForOpen(60000));
        QCOMPARE(opened.count(), 1);
        QCOMPARE(opened.at(0).at(0).toBool(), true);
        QVERIFY(ran);
        const auto shown = v.visibleRange();
        QVERIFY2(shown.first <= origin + 1000 && shown.second >= origin + 5000 && shown.second - shown.first < 10000,
                 qPrintable(QStringLiteral("%1..%2").arg(shown.first - origin).arg(shown.second - origin)));
        QVERIFY(v.waitForDetails(60000));

        // A project that cannot be read: nothing asked of it runs, the session stays.
        const ui::timeline::Model *before = v.model();
        bool ranForMissing = false;
        v.openInBackground(dir_.filePath("missing.npuscope"), 1);
        v.whenOpen([&] { ranForMissing = true; });
        QVERIFY(opened.wait(60000));
        QCOMPARE(opened.last().at(0).toBool(), false);
        QVERIFY(!ranForMissing);
        QCOMPARE(v.model(), before);
        QVERIFY(v.errorString().contains("missing.npuscope"));

        // Superseded: only the newest open is shown.
        const int count = int(opened.count());
        v.openInBackground(dir_.filePath("missing.npuscope"), 1);
        v.openInBackground(path_, 1);
        QVERIFY(v.waitForOpen(60000));
        QTest::qWait(50);
        QCOMPARE(int(opened.count()), count + 1);
        QCOMPARE(opened.last().at(0).toBool(), true);
    }

    void badInputIsExplained()
    {
        ui::TimelineView v;
        QVERIFY(!v.open(dir_.filePath("missing.npuscope"), 1));
        QVERIFY(v.errorString().contains("missing.npuscope"));
        QVERIFY(!v.open(path_, 99));
        QVERIFY(v.errorString().contains("99"));
        // A project another program is writing to: the mark is refused with a sentence
        // naming the project, and nothing is lost.
        QVERIFY(v.open(path_, 1));
        const auto before = v.marks().size();
        sqlite3 *other = nullptr;
        QCOMPARE(sqlite3_open(path_.toUtf8().constData(), &other), SQLITE_OK);
        QCOMPARE(sqlite3_exec(other, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr), SQLITE_OK);
        QString status;
        connect(&v, &ui::TimelineView::statusMessage, this, [&](const QString &m) { status = m; });
        QVERIFY(v.addMark(v.model()->origin, v.model()->origin + 10, "x")); // on its way
        QTRY_VERIFY_WITH_TIMEOUT(status.contains("mark could not be saved"), 60000);
        sqlite3_exec(other, "ROLLBACK", nullptr, nullptr, nullptr);
        sqlite3_close(other);
        QVERIFY(v.waitForWrites(30000));
        QVERIFY2(status.contains("mark could not be saved") && status.contains("t.npuscope"), qPrintable(status));
        QCOMPARE(v.marks().size(), before);
    }
};

namespace {
std::uint64_t residentBytes()
{
    QFile f(QStringLiteral("/proc/self/statm"));
    if (!f.open(QIODevice::ReadOnly))
        return 0;
    const QList<QByteArray> parts = f.readAll().split(' ');
    return parts.size() > 1 ? parts[1].toULongLong() * 4096 : 0;
}

double medianOf(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[v.size() / 2];
}

// Measurements for npuscope-bench (which has no QApplication of its own): prints
// `key value` lines. Run offscreen at 1920×1080.
int runBench(const QString &path)
{
    const std::uint64_t rssBefore = residentBytes();
    ui::TimelineView v;
    v.resize(1920, 1080);
    v.show();
    QApplication::processEvents();
    QCustomPlot *plot = v.plot();
    QElapsedTimer t;
    t.start();
    if (!v.open(path, 1)) {
        qWarning("%s", qPrintable(v.errorString()));
        return 1;
    }
    plot->replot(QCustomPlot::rpImmediateRefresh);
    const double openMs = t.nsecsElapsed() / 1e6;
    const std::uint64_t lodBytes = residentBytes();
    t.restart();
    if (!v.waitForDetails(30 * 60 * 1000))
        return 1;
    const double detailsMs = t.nsecsElapsed() / 1e6;
    const TimeNs o = v.model()->origin, extent = v.model()->extent;
    std::vector<double> frames;
    for (int i = 0; i < 25; ++i) {
        v.setVisibleRange(o, o + extent);
        t.restart();
        plot->replot(QCustomPlot::rpImmediateRefresh);
        frames.push_back(t.nsecsElapsed() / 1e6);
    }
    std::vector<double> zooms;
    std::uint64_t seed = 12345;
    for (int i = 0; i < 200; ++i) {
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        const TimeNs s = o + TimeNs((seed >> 11) % std::uint64_t(std::max<TimeNs>(1, extent - 1000000)));
        v.setVisibleRange(s, s + 1000000);
        t.restart();
        plot->replot(QCustomPlot::rpImmediateRefresh);
        zooms.push_back(t.nsecsElapsed() / 1e6);
    }
    // Pan over the whole trace in 100 ms windows (every part drawn at least once).
    for (TimeNs s = o; s < o + extent; s += 100000000) {
        v.setVisibleRange(s, s + 100000000);
        plot->replot(QCustomPlot::rpImmediateRefresh);
    }
    // The previous model's pages are handed back on the background worker.
    ui::waitForBackground(60000);
    const std::uint64_t rssAfter = residentBytes();
    std::printf("tasks %zu\nopen_ms %.3f\ndetails_ms %.1f\nframe_ms %.3f\nzoom_ms %.3f\nrss_before %llu\nrss_open %llu\n"
                "rss_after %llu\nlane_bytes %zu\n",
                v.model()->taskCount(), openMs, detailsMs, medianOf(frames), medianOf(zooms),
                (unsigned long long)rssBefore, (unsigned long long)lodBytes, (unsigned long long)rssAfter, v.model()->bytes());
    std::fflush(stdout);
    return 0;
}
} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    const QStringList args = app.arguments();
    const int bench = int(args.indexOf(QStringLiteral("--bench")));
    if (bench >= 0)
        return runBench(args.value(bench + 1));
    const int show = int(args.indexOf(QStringLiteral("--show")));
    if (show >= 0) {
        QString path = args.value(show + 1);
        QTemporaryDir tmp;
        if (path.isEmpty() || path.startsWith(QLatin1String("--"))) {
            path = tmp.filePath(QStringLiteral("demo.npuscope"));
            QString err;
            if (!record(path, 2, 5, &err)) {
                qWarning("%s", qPrintable(err));
                return 1;
            }
        }
        if (args.contains(QStringLiteral("--dark")))
            ui::applyTheme(ui::Theme::Dark);
        // NPUSCOPE_LANG=zh_CN: the UI language, as the application takes it.
        // (appearance.cpp takes NPUSCOPE_LANG as the language already set: main.cpp installs
        // its catalogue; here English first, then the catalogue.)
        if (qEnvironmentVariableIsSet("NPUSCOPE_LANG")) {
            ui::setLanguage(QStringLiteral("en"));
            ui::setLanguage(QString::fromLocal8Bit(qgetenv("NPUSCOPE_LANG")));
        }
        ui::TimelineView v;
        v.resize(1600, 1000);
        if (args.contains(QStringLiteral("--fill")) && QGuiApplication::primaryScreen())
            v.setGeometry(QGuiApplication::primaryScreen()->geometry()); // the whole screen (screenshots)
        v.setWindowTitle(QStringLiteral("NPU Scope timeline — %1").arg(path));
        const QString sessionArg = args.value(show + 2, QStringLiteral("1"));
        if (!v.open(path, sessionArg.startsWith(QLatin1String("--")) ? 1 : sessionArg.toLongLong())) {
            qWarning("%s", qPrintable(v.errorString()));
            return 1;
        }
        v.show();
        if (args.contains(QStringLiteral("--focus-last")) && v.model() && !v.model()->devices.empty()) {
            // Evidence on the last device: its lanes pinned, the view scrolled to it.
            const auto *m = v.model();
            v.focusEvidence({m->devices.back().id}, m->origin + m->extent / 3, m->origin + m->extent / 3 + m->extent / 50);
        }
        if (args.contains(QStringLiteral("--tracks")) && v.waitForDetails(120000)) {
            // Counter tracks and a flow to look at: the first counter lanes pinned, the first
            // flow's device task selected (its arrow drawn), all flows shown.
            const auto *m = v.model();
            int pinned = 0;
            for (std::size_t i = 0; i < m->lanes.size() && pinned < 6; ++i)
                if (m->lanes[i].kind == ui::timeline::LaneKind::Counter) {
                    v.setLanePinned(int(i), true);
                    ++pinned;
                }
            if (!m->flows.empty()) {
                const auto &f = m->flows[m->flows.size() / 2];
                const auto &l = m->lanes[std::size_t(f.toLane)];
                v.setLanePinned(f.fromLane, true);
                v.setLanePinned(f.toLane, true);
                v.selectTask(l.device, l.id, l.events.startAt(f.toEvent) + m->origin);
                const TimeNs a = std::min(f.fromTs, f.toTs), b = std::max(f.fromTs, f.toTs);
                v.setVisibleRange(a + m->origin - (b - a) * 2 - 20000, b + m->origin + (b - a) * 2 + 20000);
                v.setAllFlowsShown(args.contains(QStringLiteral("--all-flows")));
            }
        }
        if (args.contains(QStringLiteral("--python")) && v.waitForDetails(120000)) {
            // A Python range with a flow to its device task selected, the window around both.
            const auto *m = v.model();
            for (const auto &f : m->flows) {
                if (m->lanes[std::size_t(f.fromLane)].kind != ui::timeline::LaneKind::Python
                    || m->lanes[std::size_t(f.toLane)].kind != ui::timeline::LaneKind::Stream)
                    continue;
                v.setLanePinned(f.toLane, true);
                v.selectLaneEvent(f.fromLane, f.fromEvent);
                const TimeNs a = std::min(f.fromTs, f.toTs), b = std::max(f.fromTs, f.toTs);
                v.setVisibleRange(a + m->origin - (b - a) / 2 - 200000, b + m->origin + (b - a) / 2 + 200000);
                break;
            }
        }
        return app.exec();
    }
    TimelineViewTest t;
    return QTest::qExec(&t, argc, argv);
}

#include "test_timeline_view.moc"
