// Pixel merging keeps every event; range statistics and search against brute force.
#include "core/analysis/timeline_lanes.h"
#include "core/analysis/timeline_stats.h"

#include <QtTest>
#include <random>

using namespace npuscope;
using namespace npuscope::analysis::timeline;

namespace {
// A lane of the events given (start, duration, name, op type, type), finished.
struct Event {
    TimeNs start;
    std::uint32_t duration;
    StrId name, opType;
    std::uint8_t type;
};
LaneEvents laneOf(std::initializer_list<Event> events)
{
    LaneEvents l;
    for (const Event &e : events)
        l.push(e.start, e.duration, e.name, e.opType, e.type);
    l.finish();
    return l;
}

// `n` events `step` ns apart, `duration` ns each, event i named i + 1 (its rep).
LaneEvents evenLane(int n, TimeNs step, std::uint32_t duration)
{
    LaneEvents l;
    for (int i = 0; i < n; ++i)
        l.push(i * step, duration, StrId(i + 1), 0, 0);
    l.finish();
    return l;
}

// A serial lane: tasks one after another with gaps, durations from 1 ns to 100 µs
// (mostly tiny, so most views merge heavily).
LaneEvents randomLane(std::mt19937_64 &rng, std::size_t n, bool nested = false)
{
    LaneEvents l;
    TimeNs t = 0;
    std::uniform_int_distribution<int> small(1, 300), big(1000, 100000), gap(0, 2000), pick(0, 20), type(0, 8), op(1, 12);
    for (std::size_t i = 0; i < n; ++i) {
        const TimeNs d = pick(rng) == 0 ? big(rng) : small(rng);
        t += gap(rng);
        l.push(t, std::uint32_t(d), StrId(op(rng)), StrId(op(rng)), std::uint8_t(type(rng)));
        if (!nested)
            t += d;
    }
    l.finish();
    return l;
}
} // namespace

class TimelineLanesTest : public QObject {
    Q_OBJECT
private slots:
    void unionMatchesAPerNanosecondCount()
    {
        // Three random lanes (one nested); the union of the even types against a brute-force
        // coverage of every nanosecond.
        std::mt19937_64 rng(11);
        std::vector<LaneEvents> lanes;
        for (int k = 0; k < 3; ++k)
            lanes.push_back(randomLane(rng, 300, k == 2));
        std::vector<const LaneEvents *> ptrs;
        TimeNs last = 0;
        for (const LaneEvents &l : lanes) {
            ptrs.push_back(&l);
            for (std::size_t i = 0; i < l.size(); ++i)
                last = std::max(last, l.end(i));
        }
        auto keep = [](std::uint8_t t) { return t % 2 == 0; };
        std::vector<char> busy(std::size_t(last) + 1, 0);
        for (const LaneEvents &l : lanes)
            for (std::size_t i = 0; i < l.size(); ++i)
                if (keep(l.typeAt(i)))
                    std::fill(busy.begin() + l.startAt(i), busy.begin() + l.end(i), 1);
        std::vector<std::pair<TimeNs, TimeNs>> got;
        forEachUnion(ptrs, keep, [&](TimeNs s0, TimeNs e0) { got.push_back({s0, e0}); });
        std::vector<std::pair<TimeNs, TimeNs>> want;
        for (std::size_t t = 0; t < busy.size(); ++t)
            if (busy[t] && (t == 0 || !busy[t - 1]))
                want.push_back({TimeNs(t), 0});
            else if (!busy[t] && t > 0 && busy[t - 1])
                want.back().second = TimeNs(t);
        QVERIFY(want.size() > 10);
        QCOMPARE(got, want);
    }

    void mergeKeepsEveryEvent()
    {
        std::mt19937_64 rng(7);
        for (int round = 0; round < 40; ++round) {
            const LaneEvents lane = randomLane(rng, 20000, round % 5 == 4);
            const TimeNs end = lane.end(lane.size() - 1);
            std::uniform_real_distribution<double> pos(0, double(end));
            std::uniform_int_distribution<int> widths(50, 2000);
            std::uniform_real_distribution<double> zoom(-7, 0);
            const double span = std::max(150.0, double(end) * std::pow(10.0, zoom(rng)));
            View v;
            v.t0 = std::max(0.0, pos(rng) - span / 2);
            v.t1 = v.t0 + span;
            v.widthPx = widths(rng);
            std::vector<Run> runs;
            collectRuns(lane, v, &runs);
            // Runs are ordered, disjoint, inside the view.
            for (std::size_t r = 0; r < runs.size(); ++r) {
                QVERIFY(runs[r].x0 >= 0 && runs[r].x1 <= v.widthPx && runs[r].x0 < runs[r].x1);
                if (r)
                    QVERIFY(runs[r - 1].x1 <= runs[r].x0);
            }
            QVERIFY(runs.size() <= std::size_t(v.widthPx));
            // Every event inside the view has a run covering one of its columns.
            std::size_t visible = 0;
            for (std::size_t i = 0; i < lane.size(); ++i) {
                const double s = double(lane.startAt(i)), e = double(lane.end(i));
                if (!(e > v.t0 || (e == s && s >= v.t0)) || s >= v.t1)
                    continue;
                ++visible;
                Columns c = columnsOf(v, s, e);
                const long long x0 = std::clamp<long long>(c.x0, 0, v.widthPx - 1);
                const long long x1 = std::clamp<long long>(c.x1, x0 + 1, v.widthPx);
                bool covered = false;
                for (const Run &r : runs)
                    covered = covered || (r.x0 < x1 && x0 < r.x1);
                if (!covered)
                    QFAIL(qPrintable(QString("round %1: event %2 [%3, %4) in view [%5, %6) over %7 px has no pixel")
                                         .arg(round).arg(i).arg(s).arg(e).arg(v.t0).arg(v.t1).arg(v.widthPx)));
            }
            std::uint64_t counted = 0;
            for (const Run &r : runs)
                counted += r.count;
            QVERIFY(counted >= visible); // a merged node may stand for a few events just outside
        }
    }

    void deepZoomDrawsSingleEvents()
    {
        const LaneEvents l = evenLane(100, 1000, 500);
        std::vector<Run> runs;
        collectRuns(l, View{10000, 12000, 200}, &runs); // 10 ns per px: tasks 50 px wide
        QCOMPARE(runs.size(), std::size_t(2)); // tasks at 10000 and 11000; the one at 12000 starts at the view end
        QCOMPARE(runs[0].count, 1u);
        QCOMPARE(runs[0].rep, 10u);
        QCOMPARE(runs[0].x0, 0);
        QCOMPARE(runs[0].x1, 50);
        QCOMPARE(runs[1].x0, 100);
    }

    void backToBackWideEventsStayApart()
    {
        // Ops one after another, 10.1 px each at 50 ns per px: every shared instant falls
        // inside a column.
        const LaneEvents wide = evenLane(20, 505, 505);
        std::vector<Run> runs;
        collectRuns(wide, View{0, 5000, 100}, &runs);
        QCOMPARE(runs.size(), std::size_t(10)); // the 11th starts at 5050, past the view
        for (std::size_t i = 0; i < runs.size(); ++i) {
            QCOMPARE(runs[i].count, 1u);
            QCOMPARE(runs[i].rep, std::uint32_t(i));
            QVERIFY(runs[i].x1 - runs[i].x0 >= 9);
            if (i)
                QCOMPARE(runs[i].x0, runs[i - 1].x1);
        }
        // Narrow back-to-back events (2.62 px, no end on a column boundary) still merge: a
        // mark per event would be noise.
        const LaneEvents narrow = evenLane(20, 131, 131);
        runs.clear();
        collectRuns(narrow, View{0, 5000, 100}, &runs);
        QCOMPARE(runs.size(), std::size_t(1));
        QCOMPARE(runs[0].count, 20u);
    }

    void fullViewOfManyTasksIsBoundedByPixels()
    {
        std::mt19937_64 rng(3);
        const LaneEvents lane = randomLane(rng, 400000);
        std::vector<Run> runs;
        collectRuns(lane, View{0, double(lane.end(lane.size() - 1)), 1000}, &runs);
        QVERIFY(!runs.empty());
        QVERIFY(runs.size() <= 1000);
        std::uint64_t counted = 0;
        for (const Run &r : runs)
            counted += r.count;
        QCOMPARE(counted, std::uint64_t(lane.size()));
    }

    void eventUnderCursor()
    {
        const LaneEvents l = laneOf({{100, 50, 1, 0, 0}, {200, 0, 2, 0, 0}, {300, 100, 3, 0, 0}});
        std::size_t i = 99;
        QVERIFY(eventAt(l, 120, 0, &i));
        QCOMPARE(i, std::size_t(0));
        QVERIFY(!eventAt(l, 160, 5, &i));
        QVERIFY(eventAt(l, 160, 20, &i));
        QCOMPARE(i, std::size_t(0));
        QVERIFY(eventAt(l, 201, 2, &i));
        QCOMPARE(i, std::size_t(1));
        QVERIFY(eventAt(l, 399, 0, &i));
        QCOMPARE(i, std::size_t(2));
        QVERIFY(!eventAt(l, 50, 10, &i));
    }

    void unsortedInputIsSorted()
    {
        const LaneEvents l = laneOf({{300, 10, 3, 30, 2}, {100, 10, 1, 10, 0}, {200, 10, 2, 20, 1}});
        for (std::size_t i = 0; i < 3; ++i) {
            QCOMPARE(l.startAt(i), TimeNs(100 * (i + 1)));
            QCOMPARE(l.nameAt(i), StrId(i + 1));
            QCOMPARE(l.opTypeAt(i), StrId(10 * (i + 1)));
            QCOMPARE(l.typeAt(i), std::uint8_t(i));
        }
    }

    void compactLayoutKeepsEveryValue()
    {
        // A dense lane: 32-bit start offsets, 16-bit keys, ≤ 12 B per event with the pyramid.
        std::mt19937_64 rng(5);
        std::vector<TimeNs> starts;
        std::vector<std::uint32_t> durs;
        std::vector<LaneEvents::Key> keys;
        LaneEvents dense;
        TimeNs t = 1'000'000'000'000LL; // absolute-looking times far above 2^32
        std::uniform_int_distribution<int> gap(0, 5000), d(1, 90000), k(1, 900);
        for (int i = 0; i < 1'000'000; ++i) {
            t += gap(rng);
            const int which = k(rng); // 900 distinct keys, as a real lane has
            const LaneEvents::Key key{StrId(which), StrId(which % 40), std::uint8_t(which % 9)};
            starts.push_back(t);
            durs.push_back(std::uint32_t(d(rng)));
            keys.push_back(key);
            dense.push(t, durs.back(), key.name, key.opType, key.type);
            t += durs.back();
        }
        dense.finish();
        QVERIFY(!dense.hasWideStarts());
        QVERIFY2(dense.bytes() <= 12 * dense.size() + 200000, qPrintable(QString::number(double(dense.bytes()) / dense.size())));
        for (std::size_t i = 0; i < starts.size(); ++i) {
            if (dense.startAt(i) != starts[i] || dense.durationAt(i) != durs[i] || dense.nameAt(i) != keys[i].name
                || dense.opTypeAt(i) != keys[i].opType || dense.typeAt(i) != keys[i].type)
                QFAIL(qPrintable(QString("event %1 changed").arg(i)));
        }
        QCOMPARE(dense.lowerBound(starts[1234]), std::size_t(1234));
        QCOMPARE(dense.upperBound(starts[1234]), std::size_t(1235));

        // A sparse lane (a group spans more than 4.29 s) keeps 64-bit starts, exactly.
        LaneEvents sparse;
        for (int i = 0; i < 100; ++i)
            sparse.push(TimeNs(i) * 3'000'000'000LL, 10, 1, 0, 0);
        sparse.finish();
        QVERIFY(sparse.hasWideStarts());
        for (int i = 0; i < 100; ++i)
            QCOMPARE(sparse.startAt(std::size_t(i)), TimeNs(i) * 3'000'000'000LL);
        std::vector<Run> runs;
        collectRuns(sparse, View{0, 300e9, 1000}, &runs);
        std::uint64_t counted = 0;
        for (const Run &r : runs)
            counted += r.count;
        QCOMPARE(counted, std::uint64_t(100));

        // More than 65 536 distinct keys switch to 32-bit key indexes.
        LaneEvents many;
        for (int i = 0; i < 70000; ++i)
            many.push(i * 10, 5, StrId(i + 1), StrId(i % 7), 0);
        many.finish();
        QCOMPARE(many.keys().size(), std::size_t(70000));
        QCOMPARE(many.nameAt(69999), StrId(70000));
        QCOMPARE(many.nameAt(65536), StrId(65537));
        QCOMPARE(many.opTypeAt(12345), StrId(12345 % 7));

        // A uniform lane has no per-event key.
        LaneEvents u;
        u.setUniform(42, 23);
        for (int i = 0; i < 1000; ++i)
            u.pushInterval(i * 100, 50);
        u.finish();
        QVERIFY(u.isUniform());
        QCOMPARE(u.nameAt(999), StrId(42));
        QVERIFY(u.bytes() <= 11 * u.size()); // start offset + duration + pyramid
    }

    void rangeStatisticsMatchBruteForce()
    {
        std::mt19937_64 rng(11);
        std::vector<LaneEvents> lanes;
        for (int i = 0; i < 4; ++i)
            lanes.push_back(randomLane(rng, 5000));
        std::vector<const LaneEvents *> ptrs;
        for (auto &l : lanes)
            ptrs.push_back(&l);
        const TimeNs t0 = 200000, t1 = 900000;
        const RangeStats st = rangeStats(ptrs, t0, t1);
        std::map<StrId, Aggregate> byOp;
        std::map<std::uint8_t, Aggregate> byType;
        for (auto &l : lanes)
            for (std::size_t i = 0; i < l.size(); ++i)
                if (l.startAt(i) >= t0 && l.startAt(i) < t1) {
                    byOp[l.opTypeAt(i)].add(l.durationAt(i));
                    byType[l.typeAt(i)].add(l.durationAt(i));
                }
        QCOMPARE(st.byOpType.size(), byOp.size());
        for (const auto &[k, a] : byOp) {
            const Aggregate &b = st.byOpType.at(k);
            QCOMPARE(b.count, a.count);
            QCOMPARE(b.total, a.total);
            QCOMPARE(b.min, a.min);
            QCOMPARE(b.max, a.max);
        }
        QCOMPARE(st.byTaskType.size(), byType.size());
        for (const auto &[k, a] : byType)
            QCOMPARE(st.byTaskType.at(k).total, a.total);
    }

    void coveredTime()
    {
        const std::vector<analysis::Interval> iv{{0, 10}, {20, 30}, {40, 100}};
        QCOMPARE(coveredIn(iv, 0, 100), TimeNs(80));
        QCOMPARE(coveredIn(iv, 5, 25), TimeNs(10));
        QCOMPARE(coveredIn(iv, 10, 20), TimeNs(0));
        QCOMPARE(coveredIn(iv, 50, 60), TimeNs(10));
        QCOMPARE(coveredIn(iv, 60, 50), TimeNs(0));
    }

    void searchPlainAndRegex()
    {
        const std::vector<std::string> strings{"", "Default/Conv2D-op1", "Default/MatMul-op2", "conv2d_backprop", "Relu"};
        std::vector<bool> m;
        QString err;
        QVERIFY(matchingNames(strings, "conv2d", false, &m, &err));
        QCOMPARE(m, (std::vector<bool>{false, true, false, true, false}));
        QVERIFY(matchingNames(strings, "^Default/.*-op\\d$", true, &m, &err));
        QCOMPARE(m, (std::vector<bool>{false, true, true, false, false}));
        QVERIFY(!matchingNames(strings, "(unclosed", true, &m, &err));
        QVERIFY(err.contains("regular expression"));

        LaneEvents a, b;
        a.push(10, 1, 1, 0, 0);
        a.push(30, 1, 2, 0, 0);
        b.push(20, 1, 3, 0, 0);
        b.push(40, 1, 4, 0, 0);
        a.finish();
        b.finish();
        QVERIFY(matchingNames(strings, "conv", false, &m, &err));
        const auto found = findMatches({&a, &b}, m);
        QCOMPARE(found.size(), std::size_t(2));
        QCOMPARE(found[0], (Match{0, 0, 10}));
        QCOMPARE(found[1], (Match{1, 0, 20}));
    }
};

QTEST_GUILESS_MAIN(TimelineLanesTest)
#include "test_analysis_timeline_lanes.moc"
