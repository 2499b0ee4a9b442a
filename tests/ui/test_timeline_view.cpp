// The timeline widget on a real recorded session (emulator, ResNet-50, 2 devices), offscreen:
// lanes with the msprof names, keyboard navigation, selection statistics against SQL,
// search against SQL, click → details, marks and the lane layout kept in the project,
// the right-click menus.
//
//   ui_timeline_view                      the test (ctest)
//   ui_timeline_view --show [PROJECT [SESSION]]   opens the view in a window to look at it
//   ui_timeline_view --bench PROJECT      measurements for npuscope-bench (bench_timeline.cpp)
#include "core/options/profiling_options.h"
#include "core/store/lod.h"
#include "core/store/project.h"
#include "device/emulator.h"
#include "ui/timeline/timeline_view.h"
#include "timeline_test_support.h"

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

using timelinetest::record;
using timelinetest::Sql;

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
