// The timeline's smaller parts on a real recorded session, each without the view:
//  - MarksModel: marks are written off the GUI thread in start order and read back by a new
//    model; a busy project delays an edit without freezing events, refuses it past the busy
//    timeout (nothing changes, a sentence says why); removal; an edit outlives its model.
//  - TimelineSearch: substring and regex matches equal a count over the project, in start
//    order; next/previous wrap; an invalid regex is refused with a sentence.
//  - iterationLabel: "Iteration N", else N alone, else nothing; never a cut number.
//  - DetailsPanel: a task's full record (read through the store), range statistics that
//    equal the SQL aggregate over the same range, marks listed, Delete asks for removal.

#include "core/store/lod.h"
#include "test_gui_support.h"
#include "ui/timeline/counter_track.h"
#include "ui/timeline/details_panel.h"
#include "ui/timeline/lane_header.h"
#include "ui/timeline/timeline_plot.h"
#include "ui/timeline/marks_model.h"
#include "ui/timeline/timeline_model.h"
#include "ui/timeline/timeline_paint.h"
#include "ui/timeline/timeline_search.h"
#include "ui/timeline/timeline_view.h"

#include <QListWidget>
#include <QMenu>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QTreeWidget>

#include <sqlite3.h>

#include "tests/test_sql.h"

#include <cmath>
#include <set>

using namespace npuscope;
using namespace npuscope::ui::timeline;

namespace {

qint64 scalar(const QString &path, const QString &sql)
{
    return testsql::scalar(path, sql.toUtf8().constData());
}

// ---- colour difference (CIEDE2000) and colour-vision-deficiency simulation (Machado,
// Oliveira & Fernandes 2009, severity 1), for the palette test.
struct Lab {
    double L, a, b;
};

double linear(int c)
{
    const double v = c / 255.0;
    return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
}

enum class Vision { Normal, Protan, Deutan, Tritan };

Lab toLab(QRgb c, Vision vision)
{
    double r = linear(qRed(c)), g = linear(qGreen(c)), b = linear(qBlue(c));
    static const double sim[3][3][3] = {
        {{0.152286, 1.052583, -0.204868}, {0.114503, 0.786281, 0.099216}, {-0.003882, -0.048116, 1.051998}},
        {{0.367322, 0.860646, -0.227968}, {0.280085, 0.672501, 0.047413}, {-0.011820, 0.042940, 0.968881}},
        {{1.255528, -0.076749, -0.178779}, {-0.078411, 0.930809, 0.147602}, {0.004733, 0.691367, 0.303900}}};
    if (vision != Vision::Normal) {
        const auto &m = sim[int(vision) - 1];
        const double in[3] = {r, g, b};
        double out[3];
        for (int i = 0; i < 3; ++i)
            out[i] = std::clamp(m[i][0] * in[0] + m[i][1] * in[1] + m[i][2] * in[2], 0.0, 1.0);
        r = out[0], g = out[1], b = out[2];
    }
    const double x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047;
    const double y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b;
    const double z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883;
    auto f = [](double t) { return t > 0.008856 ? std::cbrt(t) : 7.787 * t + 16.0 / 116.0; };
    return {116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))};
}

double deltaE2000(const Lab &p, const Lab &q)
{
    constexpr double kPi = 3.14159265358979323846;
    auto deg = [](double r) { return r * 180.0 / kPi; };
    auto rad = [](double d) { return d * kPi / 180.0; };
    const double c1 = std::hypot(p.a, p.b), c2 = std::hypot(q.a, q.b), cb = (c1 + c2) / 2;
    const double g = 0.5 * (1 - std::sqrt(std::pow(cb, 7) / (std::pow(cb, 7) + std::pow(25.0, 7))));
    const double a1 = (1 + g) * p.a, a2 = (1 + g) * q.a;
    const double c1p = std::hypot(a1, p.b), c2p = std::hypot(a2, q.b);
    auto hue = [&](double b, double a) { double h = deg(std::atan2(b, a)); return h < 0 ? h + 360 : h; };
    const double h1 = hue(p.b, a1), h2 = hue(q.b, a2);
    const double dL = q.L - p.L, dC = c2p - c1p;
    double dh = 0;
    if (c1p * c2p != 0) {
        dh = h2 - h1;
        if (dh > 180) dh -= 360;
        else if (dh < -180) dh += 360;
    }
    const double dH = 2 * std::sqrt(c1p * c2p) * std::sin(rad(dh / 2));
    const double lb = (p.L + q.L) / 2, cbp = (c1p + c2p) / 2;
    double hb = h1 + h2;
    if (c1p * c2p != 0)
        hb = std::abs(h1 - h2) <= 180 ? (h1 + h2) / 2 : (h1 + h2 < 360 ? (h1 + h2 + 360) / 2 : (h1 + h2 - 360) / 2);
    const double t = 1 - 0.17 * std::cos(rad(hb - 30)) + 0.24 * std::cos(rad(2 * hb)) + 0.32 * std::cos(rad(3 * hb + 6))
                     - 0.20 * std::cos(rad(4 * hb - 63));
    const double dth = 30 * std::exp(-std::pow((hb - 275) / 25, 2));
    const double rc = 2 * std::sqrt(std::pow(cbp, 7) / (std::pow(cbp, 7) + std::pow(25.0, 7)));
    const double sl = 1 + 0.015 * std::pow(lb - 50, 2) / std::sqrt(20 + std::pow(lb - 50, 2));
    const double sc = 1 + 0.045 * cbp, sh = 1 + 0.015 * cbp * t;
    const double rt = -std::sin(rad(2 * dth)) * rc;
    return std::sqrt(std::pow(dL / sl, 2) + std::pow(dC / sc, 2) + std::pow(dH / sh, 2) + rt * (dC / sc) * (dH / sh));
}

std::unique_ptr<Model> loaded(const QString &path)
{
    QString msg;
    auto m = openSkeleton(path, 1, &msg);
    if (!m)
        return nullptr;
    auto full = copySkeleton(*m);
    std::atomic_bool cancel{false};
    return loadDetails(full.get(), cancel, &msg) ? std::move(full) : nullptr;
}

} // namespace

class TestTimelineParts : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString path_;

private Q_SLOTS:
    void initTestCase()
    {
        guitest::isolateSettings();
        path_ = guitest::record(dir_.filePath(QStringLiteral("parts.npuscope")), QStringLiteral("lenet"), 3, 2);
        QVERIFY(!path_.isEmpty());
    }

    void marksAreKeptInTheProject()
    {
        store::StoreError e;
        QString msg;
        std::shared_ptr<store::TimelineStore> st = store::TimelineStore::open(path_, 1, &e, &msg);
        QVERIFY2(st, qPrintable(msg));
        MarksModel marks;
        QSignalSpy changed(&marks, &MarksModel::changed);
        marks.setStore(st);
        QCOMPARE(marks.marks().size(), std::size_t(0));
        QVERIFY(marks.add(5000, 1000, QStringLiteral("second")));
        QVERIFY(marks.add(10, 20, QStringLiteral("first")));
        QVERIFY(marks.waitForWrites(30000));
        QCOMPARE(changed.count(), 3);
        QCOMPARE(marks.marks().size(), std::size_t(2));
        QCOMPARE(marks.marks()[0].label, QStringLiteral("first")); // start order
        QCOMPARE(marks.marks()[1].start, TimeNs(1000));
        QCOMPARE(marks.marks()[1].end, TimeNs(5000));
        QCOMPARE(scalar(path_, QStringLiteral("SELECT COUNT(*) FROM timeline_marks WHERE session = 1")), qint64(2));

        // A project another program holds: the write waits off the GUI thread, which goes on
        // handling events, and the edit lands once the project is free again.
        sqlite3 *other = nullptr;
        QCOMPARE(sqlite3_open(path_.toUtf8().constData(), &other), SQLITE_OK);
        QCOMPARE(sqlite3_exec(other, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr), SQLITE_OK);
        QSignalSpy failed(&marks, &MarksModel::failed);
        QVERIFY(marks.add(30, 40, QStringLiteral("waited")));
        bool ticked = false;
        QTimer::singleShot(0, this, [&] { ticked = true; });
        QTRY_VERIFY(ticked);
        QVERIFY(marks.isWriting()); // still waiting for the project: the lock is held here
        QCOMPARE(marks.marks().size(), std::size_t(2));
        sqlite3_exec(other, "ROLLBACK", nullptr, nullptr, nullptr);
        QVERIFY(marks.waitForWrites(30000));
        QCOMPARE(failed.count(), 0);
        QCOMPARE(marks.marks().size(), std::size_t(3));
        QCOMPARE(marks.marks()[1].label, QStringLiteral("waited"));

        // Held past the busy timeout, the project refuses the edits: a sentence naming it,
        // the list as before.
        QCOMPARE(sqlite3_exec(other, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr), SQLITE_OK);
        QVERIFY(marks.add(1, 2, QStringLiteral("refused")));
        QVERIFY(marks.remove(0));
        QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 2, 60000);
        sqlite3_exec(other, "ROLLBACK", nullptr, nullptr, nullptr);
        sqlite3_close(other);
        QVERIFY(marks.waitForWrites(30000));
        const QString why = failed.at(0).at(0).toString();
        QVERIFY2(why.contains(QStringLiteral("mark could not be saved")) && why.contains(QStringLiteral("parts.npuscope")),
                 qPrintable(why));
        QCOMPARE(marks.marks().size(), std::size_t(3));

        QVERIFY(marks.remove(0));
        QVERIFY(marks.waitForWrites(30000));
        QCOMPARE(marks.marks().size(), std::size_t(2));
        // An edit still on its way when its model goes is written all the same.
        {
            MarksModel leaving;
            leaving.setStore(st);
            QVERIFY(leaving.add(7, 8, QStringLiteral("last")));
        }
        MarksModel again;
        again.setStore(st);
        QCOMPARE(again.marks().size(), std::size_t(3));
        QCOMPARE(again.marks()[0].label, QStringLiteral("last"));
        QCOMPARE(again.marks()[1].label, QStringLiteral("waited"));
        QCOMPARE(again.marks()[2].label, QStringLiteral("second"));
        QVERIFY(!again.remove(5));
    }

    void paletteColoursStayApart()
    {
        // The metric itself, on the first pair of Sharma, Wu and Dalal's CIEDE2000 test data.
        QVERIFY(std::abs(deltaE2000({50, 2.6772, -79.7751}, {50, 0, -82.7485}) - 2.0425) < 1e-3);
        const std::vector<std::uint8_t> tasks = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 15};
        const std::vector<std::uint8_t> others = {CatCollective, CatHcclTask, CatHostRange, CatIteration, CatFpBp, CatRefresh,
                                                  CatReduce, CatComputing, CatCommunication, CatNotOverlapped, CatFree, CatTx, CatPython};
        std::vector<std::uint8_t> all = tasks;
        all.insert(all.end(), others.begin(), others.end());
        const QRgb search = Palette::searchColor();
        auto de = [](QRgb a, QRgb b, Vision v) { return deltaE2000(toLab(a, v), toLab(b, v)); };
        auto apart = [&](const std::vector<std::uint8_t> &set, const std::vector<Vision> &visions, double least) {
            for (Vision v : visions)
                for (std::size_t i = 0; i < set.size(); ++i)
                    for (std::size_t j = i + 1; j < set.size(); ++j) {
                        const double d = de(Palette::typeColor(set[i]), Palette::typeColor(set[j]), v);
                        if (d < least)
                            QFAIL(qPrintable(QStringLiteral("%1 and %2: ΔE %3 < %4 (vision %5)").arg(categoryName(set[i]), categoryName(set[j]))
                                                 .arg(d, 0, 'f', 1).arg(least).arg(int(v))));
                    }
        };
        // Any two legend entries, and the task types of a stream lane more so.
        apart(all, {Vision::Normal}, 10);
        apart(tasks, {Vision::Normal}, 13);
        // Colours that share a lane, for the three common colour-vision deficiencies: the
        // task types every training session has, the step trace, overlap analysis, HCCL.
        const std::vector<Vision> cvd = {Vision::Protan, Vision::Deutan, Vision::Tritan};
        apart({0, 1, 2, 3, 5, 6, 7, 8}, cvd, 10);
        apart({CatIteration, CatFpBp, CatRefresh, CatReduce}, cvd, 10);
        apart({CatComputing, CatCommunication, CatNotOverlapped, CatFree}, cvd, 10);
        apart({CatCollective, CatHcclTask}, cvd, 10);
        // The search highlight against every colour, for every vision.
        for (Vision v : {Vision::Normal, Vision::Protan, Vision::Deutan, Vision::Tritan})
            for (std::uint8_t t : all)
                QVERIFY2(de(search, Palette::typeColor(t), v) >= 8, qPrintable(categoryName(t)));
    }

    void legendWrapsAndListsEveryColour()
    {
        auto m = loaded(path_);
        QVERIFY(m);
        Palette palette;
        palette.rebuild(*m);
        const auto items = legendItems(*m, palette, ColorMode::TaskType);
        // Exactly the colours some lane draws, each once.
        std::set<QRgb> drawn, listed;
        std::size_t counterLanes = 0;
        for (const auto &l : m->lanes) {
            for (const auto &k : l.events.keys())
                drawn.insert(Palette::typeColor(k.type));
            if (l.kind == LaneKind::Counter) { // the counter tracks' line colours too
                drawn.insert(counterColor(m->counters[l.id]).rgb());
                ++counterLanes;
            }
        }
        QVERIFY(counterLanes > 0);
        for (const auto &[name, c] : items) {
            QVERIFY(!name.isEmpty());
            QVERIFY2(listed.insert(c).second, qPrintable(name));
        }
        QCOMPARE(listed, drawn);
        QVERIFY(drawn.count(Palette::typeColor(CatHcclTask)) && drawn.count(Palette::typeColor(CatFree))
                && drawn.count(Palette::typeColor(CatNotOverlapped)));
        Legend legend;
        legend.setItems(items);
        // From 900 px up every entry has its place, inside the width, in as many rows as
        // it takes; narrower, the entries that do not fit are behind "+N more".
        for (int width : {1900, 1400, 900, 400}) {
            const Legend::Placement pl = legend.place(width);
            int hidden = 0;
            for (const QRect &r : pl.items) {
                if (r.isEmpty()) {
                    ++hidden;
                    continue;
                }
                QVERIFY(r.left() >= 0 && r.right() < width);
                QVERIFY(r.bottom() < legend.heightForWidth(width));
            }
            QVERIFY(pl.rows <= Legend::kMaxRows);
            if (width >= 900)
                QCOMPARE(hidden, 0);
            QCOMPARE(pl.more.isEmpty(), hidden == 0);
            if (hidden)
                QVERIFY(pl.more.right() < width);
        }
        QVERIFY(legend.heightForWidth(900) > legend.heightForWidth(1900));
        // Op types (hundreds in a big model): at most kMaxRows rows, the rest behind "+N more",
        // whose menu lists them all.
        std::vector<std::pair<QString, QRgb>> many;
        for (int i = 0; i < 200; ++i)
            many.emplace_back(QStringLiteral("OpType%1").arg(i), qRgb(i, 255 - i, 128));
        legend.setItems(many);
        const Legend::Placement pl = legend.place(800);
        QCOMPARE(pl.rows, Legend::kMaxRows);
        QVERIFY(!pl.more.isEmpty() && pl.more.right() < 800);
        int shown = 0;
        for (const QRect &r : pl.items)
            shown += r.isEmpty() ? 0 : 1;
        QVERIFY(shown > 0 && shown < 200);
        std::unique_ptr<QMenu> menu(legend.allItemsMenu());
        QCOMPARE(menu->actions().size(), 200);
    }

    void iterationLabelsAreNeverCut()
    {
        const QFontMetrics fm{QFont()};
        const QString full = ui::TimelineView::tr("Iteration %1").arg(35);
        QCOMPARE(iterationLabel(fm, fm.horizontalAdvance(full), 35), full);
        QCOMPARE(iterationLabel(fm, fm.horizontalAdvance(full) - 1, 35), QStringLiteral("35"));
        QCOMPARE(iterationLabel(fm, fm.horizontalAdvance(QStringLiteral("35")), 35), QStringLiteral("35"));
        QCOMPARE(iterationLabel(fm, fm.horizontalAdvance(QStringLiteral("35")) - 1, 35), QString());
        QCOMPARE(iterationLabel(fm, 0, 7), QString());
    }

    void searchFindsWhatTheProjectHolds()
    {
        auto m = loaded(path_);
        QVERIFY(m);
        TimelineSearch s;
        QString error;
        const qint64 conv = scalar(path_, QStringLiteral("SELECT COUNT(*) FROM tasks t JOIN strings s ON s.session = t.session "
                                                         "AND s.id = t.name WHERE t.session = 1 AND s.text LIKE '%conv%'"));
        QVERIFY(conv > 0);
        // Every lane takes part (tasks are on stream lanes only for this name).
        QCOMPARE(qint64(s.run(*m, QStringLiteral("CONV"), false, &error)), conv);
        for (int i = 1; i < s.count(); ++i)
            QVERIFY(s.matches()[std::size_t(i - 1)].start <= s.matches()[std::size_t(i)].start);
        QCOMPARE(s.current(), -1);
        QCOMPARE(s.next(), 0);
        QCOMPARE(s.previous(), s.count() - 1); // wraps
        QCOMPARE(s.next(), 0);
        const auto &l = m->lanes[std::size_t(s.laneOf(0))];
        QVERIFY(QString::fromStdString(std::string(m->string(l.events.nameAt(s.eventOf(0))))).contains(QStringLiteral("conv"), Qt::CaseInsensitive));
        // Regular expressions are unanchored and ignore case, as the search field says.
        const qint64 numbered = scalar(path_, QStringLiteral("SELECT COUNT(*) FROM tasks t JOIN strings s ON s.session = t.session "
                                                             "AND s.id = t.name WHERE t.session = 1 AND lower(s.text) GLOB '*conv[0-9]*'"));
        QVERIFY(numbered > 0);
        QCOMPARE(qint64(s.run(*m, QStringLiteral("CONV[0-9]"), true, &error)), numbered);
        QCOMPARE(s.run(*m, QStringLiteral("(unclosed"), true, &error), -1);
        QVERIFY(!error.isEmpty());
        QCOMPARE(s.run(*m, QString(), false, &error), 0);
        QCOMPARE(s.next(), -1);
    }

    void detailsPanelShowsTaskRangeAndMarks()
    {
        auto m = loaded(path_);
        QVERIFY(m);
        store::StoreError e;
        QString msg;
        auto st = store::TimelineStore::open(path_, 1, &e, &msg);
        QVERIFY(st);
        DetailsPanel panel;
        QSignalSpy shown(&panel, &DetailsPanel::wantsShown);
        int lane = -1;
        for (std::size_t i = 0; i < m->lanes.size() && lane < 0; ++i)
            if (m->lanes[i].kind == LaneKind::Stream && m->lanes[i].events.size())
                lane = int(i);
        QVERIFY(lane >= 0);
        panel.showEvent(*m, lane, 0, st.get());
        QCOMPARE(shown.count(), 1);
        const QString text = panel.detailsText();
        QVERIFY2(text.contains(QStringLiteral("Task ID: ")) && text.contains(QStringLiteral("Stream ID: ")), qPrintable(text));
        QVERIFY(!text.contains(QStringLiteral("could not be read")));

        // Range statistics over the first half: the "All tasks" count equals SQL over the range.
        const TimeNs t0 = 0, t1 = m->extent / 2;
        panel.showRange(*m, t0, t1);
        QCOMPARE(panel.currentWidget(), panel.statsTable());
        const qint64 sql = scalar(path_, QStringLiteral("SELECT COUNT(*) FROM tasks WHERE session = 1 AND start >= %1 AND start < %2")
                                             .arg(m->origin + t0).arg(m->origin + t1));
        QCOMPARE(panel.statsTable()->item(0, 2)->text().toLongLong(), sql);
        panel.showRange(*m, 5, 5);
        QCOMPARE(panel.statsTable()->rowCount(), 0);

        store::TimelineMark mk;
        mk.id = 1;
        mk.start = m->origin + 1000;
        mk.end = m->origin + 3000;
        mk.label = QStringLiteral("warm-up");
        panel.setMarks({mk}, m->origin);
        QCOMPARE(panel.marksList()->count(), 1);
        QVERIFY(panel.marksList()->item(0)->text().startsWith(QStringLiteral("warm-up")));
        QSignalSpy removal(&panel, &DetailsPanel::markRemovalRequested);
        panel.marksList()->setCurrentRow(0);
        QTest::keyClick(panel.marksList(), Qt::Key_Delete);
        QCOMPARE(removal.count(), 1);
        QCOMPARE(removal.at(0).at(0).toInt(), 0);
    }
};

QTEST_MAIN(TestTimelineParts)
#include "test_timeline_parts.moc"
