// The timeline widget on a real recorded session (emulator, ResNet-50, 2 devices), offscreen:
// lanes with the msprof names, keyboard navigation, selection statistics against SQL,
// search against SQL, click → details, marks and the lane layout kept in the project,
// the right-click menus.
//
//   ui_timeline_view                      the test (ctest)
//   ui_timeline_view --show [PROJECT [SESSION]]   opens the view in a window to look at it
//   ui_timeline_view --bench PROJECT      measurements for npuscope-bench (bench_timeline.cpp)
#include "core/analysis/timeline_math.h"
#include "core/options/profiling_options.h"
#include "core/store/lod.h"
#include "core/store/project.h"
#include "device/emulator.h"
#include "ui/timeline/timeline_view.h"

#include <QApplication>
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

namespace {

bool record(const QString &path, int devices, int iterations, QString *error)
{
    ProfilingOptions o;
    ProfilingOptions::parse(R"({"output":"/tmp/x","training_trace":"on","task_trace":"on","hccl":"on","aicpu":"on","l2":"on","msproftx":"on","aic_metrics":"PipeUtilization"})",
                            &o);
    SessionSpec s;
    s.model = QStringLiteral("resnet50");
    s.devicesPerServer = devices;
    s.iterations = iterations;
    s.seed = 5;
    store::StoreError e;
    auto w = store::ProjectWriter::create(path, &e, error);
    if (!w)
        return false;
    device::Emulator em(s, o);
    if (em.run(*w) != SessionStatus::Complete) {
        *error = em.errorString();
        return false;
    }
    return true;
}

struct Sql {
    sqlite3 *db = nullptr;
    explicit Sql(const QString &path) { sqlite3_open_v2(path.toUtf8().constData(), &db, SQLITE_OPEN_READONLY, nullptr); }
    ~Sql() { sqlite3_close(db); }
    template<typename F>
    void rows(const QByteArray &sql, F &&f)
    {
        sqlite3_stmt *s = nullptr;
        QVERIFY2(sqlite3_prepare_v2(db, sql.constData(), -1, &s, nullptr) == SQLITE_OK, sqlite3_errmsg(db));
        while (sqlite3_step(s) == SQLITE_ROW)
            f(s);
        sqlite3_finalize(s);
    }
};

} // namespace

class TimelineViewTest : public QObject {
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

    void keyboardChangesTheRange()
    {
        ui::TimelineView v;
        v.resize(1600, 900);
        v.show();
        QVERIFY(v.open(path_, 1));
        QVERIFY(v.waitForDetails(60000));
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

    void selectionStatisticsEqualSql()
    {
        ui::TimelineView v;
        v.resize(1600, 900);
        v.show();
        QVERIFY(v.open(path_, 1));
        QVERIFY(v.waitForDetails(60000));
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
            return QString::fromStdString(analysis::timeline::formatDuration(double(sqlite3_column_int64(s, c))));
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
        v.resize(1600, 900);
        v.show();
        QVERIFY(v.open(path_, 1));
        QVERIFY(v.waitForDetails(60000));
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

    void zoomClickShowsDetails()
    {
        ui::TimelineView v;
        v.resize(1600, 900);
        v.show();
        QVERIFY(v.open(path_, 1));
        QVERIFY(v.waitForDetails(60000));
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
        const QPoint click(ar.left() + ar.width() / 2, ar.top() + 10);
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

    void contextMenuActions()
    {
        const QString path = dir_.filePath(QStringLiteral("menus.npuscope"));
        QString err;
        QVERIFY2(record(path, 2, 1, &err), qPrintable(err));
        ui::TimelineView v;
        v.resize(1600, 900);
        v.show();
        QVERIFY(v.open(path, 1));
        QVERIFY(v.waitForDetails(60000));
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
        const QPoint onLane(40, v.plot()->axisRect()->rect().top() + 22 + 5); // first lane under device 0's header
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
        std::size_t ev = 0;
        for (std::size_t i = 1; i < pe.size(); ++i)
            if (pe.durationAt(i) > pe.durationAt(ev))
                ev = i;
        const TimeNs s = pe.startAt(ev) + m->origin, e = pe.end(ev) + m->origin;
        v.setLanePinned(plane, true);
        v.setVisibleRange(s - (e - s), e + (e - s));
        QApplication::processEvents();
        const QRect ar = v.plot()->axisRect()->rect();
        const QPoint at(ar.left() + ar.width() / 2, ar.top() + 10);
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
        QVERIFY(!v.addMark(v.model()->origin, v.model()->origin + 10, "x"));
        sqlite3_exec(other, "ROLLBACK", nullptr, nullptr, nullptr);
        sqlite3_close(other);
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
        ui::TimelineView v;
        v.resize(1600, 1000);
        v.setWindowTitle(QStringLiteral("NPU Scope timeline — %1").arg(path));
        if (!v.open(path, args.value(show + 2, QStringLiteral("1")).toLongLong())) {
            qWarning("%s", qPrintable(v.errorString()));
            return 1;
        }
        v.show();
        return app.exec();
    }
    TimelineViewTest t;
    return QTest::qExec(&t, argc, argv);
}

#include "test_timeline_view.moc"
