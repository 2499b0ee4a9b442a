// Counter tracks and flow arrows of the timeline (ui/timeline/counter_track.h,
// flow_overlay.h), on the real torch_npu text export of tests/data/reference (its counter
// and flow events, counted here from trace_view.json independently of the importer) and
// on an emulated session (the derived AI Core utilisation):
//  - every imported counter series is a lane whose samples are the file's; the columns a
//    frame draws hold exactly the values holding in them (min/max per pixel column);
//  - AI Core utilisation is within [0, 100 %], equals the busy share computed here from
//    the lanes, and is unknown between iterations;
//  - a flow's end selected, "Follow flow" (J) selects the other end and brings it into view;
//  - a Python thread's call depths are one track: collapsed, one row (arrows from its inner
//    depths land on it); expanded, a row per depth; E, the header's triangle and the lane
//    menu toggle it; the choice is kept in the project per session;
//  - the legend has one entry (one colour) per counter series drawn;
//  - a second window opening a project another window holds is told it is read-only there
//    (ui/project_guard.h), and writes no marks or layouts into it.

#include "core/importing/importer.h"
#include "core/store/project.h"
#include "test_gui_support.h"
#include "tests/test_data.h"
#include "ui/main_window.h"
#include "ui/project_guard.h"
#include "ui/timeline/counter_track.h"
#include "ui/timeline/flow_overlay.h"
#include "ui/timeline/lane_header.h"
#include "ui/timeline/timeline_paint.h"
#include "ui/timeline/python_lanes.h"
#include "ui/project_explorer.h"
#include "ui/timeline/timeline_plot.h"
#include "ui/timeline/timeline_view.h"
#include "tests/test_trace_events.h"

#include <QFile>
#include <QFileInfo>
#include <QInputDialog>
#include <QMessageBox>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMenu>
#include <QTemporaryDir>
#include <QtTest>
#include <qcustomplot.h>

#include <cmath>
#include <map>
#include <memory>
#include <set>

using namespace npuscope;
using namespace npuscope::ui;
using namespace npuscope::ui::timeline;

namespace {

QString traceOf(int rank)
{
    return testdata::torchTextOutput(rank) + QStringLiteral("trace_view.json");
}

// The events of one trace_view.json (an array, or an object's traceEvents).
QJsonArray traceEvents(const QString &file)
{
    QFile f(file);
    f.open(QIODevice::ReadOnly);
    const QJsonDocument d = QJsonDocument::fromJson(f.readAll());
    return d.isArray() ? d.array() : d.object().value(QStringLiteral("traceEvents")).toArray();
}

// A view on screen with the session's details loaded.
bool openLoaded(TimelineView &view, const QString &path, std::int64_t session)
{
    view.resize(1600, 1000);
    view.show();
    return view.open(path, session) && view.waitForDetails(60000);
}

// Counter samples per series name of one trace_view.json, read here.
std::map<QString, std::vector<double>> countersIn(const QString &file)
{
    const QJsonArray events = traceEvents(file);
    std::map<QString, std::vector<double>> out;
    for (const QJsonObject &e : testtrace::ofPhase(events, QLatin1String("C"))) {
        const QJsonObject args = e.value(QStringLiteral("args")).toObject();
        const QString name = e.value(QStringLiteral("name")).toString();
        for (auto it = args.begin(); it != args.end(); ++it) {
            const QJsonValue x = it.value();
            const double value = x.isString() ? x.toString().toDouble() : x.toDouble();
            // Keyed by the event name and by "<name>/<argument>" (lower case), however the
            // importer names the series.
            out[name.toLower()].push_back(value);
            out[(name + QLatin1Char('/') + it.key()).toLower()].push_back(value);
        }
    }
    return out;
}

// The Python process's ranges of one trace_view.json ("X" events of the pid whose
// process_name is "Python"), read here: (tid, name) → start times in ns, and the flows
// leaving that process ("s" events) with their category.
struct PythonInFile {
    std::map<std::pair<qint64, QString>, std::vector<qint64>> starts;
    std::size_t ranges = 0;
    std::size_t flowStarts = 0;
};
PythonInFile pythonIn(const QString &file)
{
    const QJsonArray events = traceEvents(file);
    auto number = [](const QJsonValue &v) { return v.isString() ? v.toString().toDouble() : v.toDouble(); };
    // µs since the epoch as ns: a string exactly (a double has only ~0.25 µs there).
    auto nanoseconds = [](const QJsonValue &v) -> qint64 {
        if (!v.isString())
            return std::llround(v.toDouble() * 1000.0);
        const QString t = v.toString().trimmed();
        const qsizetype dot = t.indexOf(QLatin1Char('.'));
        const QString frac = (dot < 0 ? QString() : t.mid(dot + 1)).leftJustified(3, QLatin1Char('0')).left(3);
        return (dot < 0 ? t : t.left(dot)).toLongLong() * 1000 + frac.toLongLong();
    };
    qint64 python = -1;
    for (const auto &v : events) {
        const QJsonObject e = v.toObject();
        if (e.value(QStringLiteral("ph")).toString() == QLatin1String("M") && e.value(QStringLiteral("name")).toString() == QLatin1String("process_name")
            && e.value(QStringLiteral("args")).toObject().value(QStringLiteral("name")).toString() == QLatin1String("Python"))
            python = qint64(number(e.value(QStringLiteral("pid"))));
    }
    PythonInFile out;
    for (const auto &v : events) {
        const QJsonObject e = v.toObject();
        if (qint64(number(e.value(QStringLiteral("pid")))) != python)
            continue;
        const QString ph = e.value(QStringLiteral("ph")).toString();
        if (ph == QLatin1String("X")) {
            ++out.ranges;
            out.starts[{qint64(number(e.value(QStringLiteral("tid")))), e.value(QStringLiteral("name")).toString()}].push_back(
                nanoseconds(e.value(QStringLiteral("ts"))));
        } else if (ph == QLatin1String("s")) {
            ++out.flowStarts;
        }
    }
    return out;
}

LanePlottable *plottableOf(TimelineView &v, int lane)
{
    for (int i = 0; i < v.plot()->plottableCount(); ++i)
        if (auto *p = dynamic_cast<LanePlottable *>(v.plot()->plottable(i)); p && p->lane() == lane)
            return p;
    return nullptr;
}

} // namespace

class TestTimelineTracks : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString imported_;
    std::int64_t session_ = 0;
    QString emulated_;

private Q_SLOTS:
    void initTestCase()
    {
        guitest::isolateSettings();
        NPUSCOPE_REQUIRE_DATA(traceOf(0));
        QVERIFY(dir_.isValid());
        imported_ = dir_.filePath(QStringLiteral("import.npuscope"));
        QString msg;
        session_ = guitest::importIntoNewProject(imported_, testdata::torchText910b() + QStringLiteral("/rank0_ascend_pt"), &msg);
        QVERIFY2(session_ > 0, qPrintable(msg));
        emulated_ = guitest::record(dir_.filePath(QStringLiteral("emulated.npuscope")), QStringLiteral("lenet"), 2, 3);
        QVERIFY(!emulated_.isEmpty());
    }

    void utilisationWindowsAreShares()
    {
        // Two adjacent windows and one after a gap; busy time across the first two.
        UtilisationBuilder b;
        b.addWindow(0, 100);
        b.addWindow(100, 200);
        b.addWindow(300, 400);
        b.addBusy(50, 150);
        b.addBusy(350, 360);
        const CounterSeries s = b.finish(0, true);
        QCOMPARE(s.ts, (std::vector<TimeNs>{0, 100, 200, 300, 400}));
        QCOMPARE(s.value[0], 50.0);
        QCOMPARE(s.value[1], 50.0);
        QVERIFY(std::isnan(s.value[2])); // the gap between iterations: unknown
        QCOMPARE(s.value[3], 10.0);
        QVERIFY(std::isnan(s.value[4]));
        QCOMPARE(counterValueText(s, counterValueAt(s, 250)), TimelineView::tr("unknown"));
        QVERIFY(std::isnan(counterValueAt(s, -1))); // before the first sample
        QCOMPARE(counterAxis(s), (std::pair<double, double>{0, 100}));
        // The axis ends share the decimals of the larger end; a lone value has its own.
        QCOMPARE(counterValueText(s, 0, 100), QLocale().toString(0.0, 'f', 0) + QLatin1Char(' ') + s.unit);
        QCOMPARE(counterValueText(s, 100, 100), QLocale().toString(100.0, 'f', 0) + QLatin1Char(' ') + s.unit);
        QCOMPARE(counterValueText(s, 2.5), QLocale().toString(2.5, 'f', 2) + QLatin1Char(' ') + s.unit);
        QVERIFY(!s.how.isEmpty());
    }

    void columnsHoldTheValuesInThem()
    {
        CounterSeries s;
        s.ts = {0, 10, 20, 1000};
        s.value = {1, 5, 3, std::nan("")};
        finishSeries(&s);
        QCOMPARE(s.min, 1.0);
        QCOMPARE(s.max, 5.0);
        analysis::timeline::View v{0, 2000, 4}; // 500 ns per column
        std::vector<CounterColumn> cols;
        counterColumns(s, v, &cols);
        QCOMPARE(int(cols.size()), 4);
        QVERIFY(cols[0].known);
        QCOMPARE(cols[0].lo, 1.0);
        QCOMPARE(cols[0].hi, 5.0);
        QVERIFY(cols[1].known); // 3 holds until 1000
        QCOMPARE(cols[1].lo, 3.0);
        QCOMPARE(cols[1].hi, 3.0);
        QVERIFY(!cols[2].known); // unknown from 1000 on
        QVERIFY(!cols[3].known);
    }

    void importedCountersAreLanesWithTheFilesValues()
    {
        TimelineView view;
        QVERIFY2(openLoaded(view, imported_, session_), qPrintable(view.errorString()));
        const Model *m = view.model();
        const auto file = countersIn(traceOf(0));
        QVERIFY(!file.empty());
        int imported = 0;
        for (std::size_t i = 0; i < m->lanes.size(); ++i) {
            const Lane &l = m->lanes[i];
            if (l.kind != LaneKind::Counter)
                continue;
            const CounterSeries &c = m->counters[l.id];
            if (c.derived)
                continue;
            ++imported;
            // The series name is "<event name>" or "<event name>/<arg>" as the importer keeps it;
            // its samples are those of the file with that event name and argument.
            std::vector<double> expected;
            for (const QString &key : {c.name.toLower(), (c.track + QLatin1Char('/') + c.name).toLower()})
                if (auto it = file.find(key); it != file.end() && expected.empty())
                    expected = it->second;
            QVERIFY2(!expected.empty(), qPrintable(c.track + QLatin1Char('|') + c.name));
            double lo = expected[0], hi = expected[0];
            for (double x : expected) {
                lo = std::min(lo, x);
                hi = std::max(hi, x);
            }
            QVERIFY2(c.min >= lo && c.max <= hi, qPrintable(c.name));
        }
        QVERIFY(imported > 0);

        // Drawn: pin one counter lane, show the whole session, and compare the frame's
        // columns with the series (every sample is in view: the maxima are the series').
        int lane = -1;
        for (std::size_t i = 0; i < m->lanes.size() && lane < 0; ++i)
            if (m->lanes[i].kind == LaneKind::Counter && !m->counters[m->lanes[i].id].derived
                && m->counters[m->lanes[i].id].ts.size() > 4)
                lane = int(i);
        QVERIFY(lane >= 0);
        view.setLanePinned(lane, true);
        view.setVisibleRange(m->origin, m->origin + m->extent);
        view.plot()->replot(QCustomPlot::rpImmediateRefresh);
        LanePlottable *p = plottableOf(view, lane);
        QVERIFY(p);
        const CounterSeries &c = m->counters[m->lanes[std::size_t(lane)].id];
        double lo = INFINITY, hi = -INFINITY;
        for (const CounterColumn &col : p->counterColumns())
            if (col.known) {
                lo = std::min(lo, col.lo);
                hi = std::max(hi, col.hi);
            }
        QCOMPARE(lo, c.min);
        QCOMPARE(hi, c.max);
        // Each column holds the value holding at its middle.
        const auto [t0, t1] = view.visibleRange();
        const auto &cols = p->counterColumns();
        const double npp = double(t1 - t0) / double(cols.size());
        for (std::size_t x = 0; x < cols.size(); x += 97) {
            const double v = counterValueAt(c, double(t0 - m->origin) + (double(x) + 0.5) * npp);
            if (std::isnan(v))
                continue;
            QVERIFY(cols[x].known);
            QVERIFY2(v >= cols[x].lo && v <= cols[x].hi, qPrintable(QString::number(x)));
        }
    }

    void utilisationIsTheBusyShareOfEachIteration()
    {
        TimelineView view;
        QVERIFY2(openLoaded(view, emulated_, 1), qPrintable(view.errorString()));
        const Model *m = view.model();
        int series = 0;
        for (const CounterSeries &c : m->counters) {
            if (!c.derived)
                continue;
            ++series;
            QVERIFY(c.percent);
            QVERIFY(c.how.contains(QStringLiteral("AI Core")));
            bool sawUnknown = false;
            for (std::size_t k = 0; k < c.ts.size(); ++k) {
                if (std::isnan(c.value[k])) {
                    sawUnknown = true;
                    continue;
                }
                QVERIFY(c.value[k] >= 0 && c.value[k] <= 100);
            }
            QVERIFY(sawUnknown); // after the last iteration nothing is known
            // The first window, computed here: the union of the device's AI Core kernels.
            const TimeNs w0 = c.ts[0], w1 = c.ts[1];
            std::vector<std::pair<TimeNs, TimeNs>> busy;
            for (const Lane &l : m->lanes)
                if (l.kind == LaneKind::Stream && l.device == c.device)
                    for (std::size_t i = 0; i < l.events.size(); ++i)
                        if (isAiCoreKind(TaskKind(l.events.typeAt(i))))
                            busy.push_back({std::max(w0, l.events.startAt(i)), std::min(w1, l.events.end(i))});
            std::sort(busy.begin(), busy.end());
            TimeNs total = 0, cs = 0, ce = -1;
            for (auto [a, b] : busy) {
                if (b <= a)
                    continue;
                if (a > ce) {
                    total += std::max<TimeNs>(0, ce - cs);
                    cs = a;
                    ce = b;
                } else {
                    ce = std::max(ce, b);
                }
            }
            total += std::max<TimeNs>(0, ce - cs);
            QVERIFY(std::abs(c.value[0] - 100.0 * double(total) / double(w1 - w0)) < 1e-6);
            QVERIFY(total > 0);
        }
        QCOMPARE(series, int(m->devices.size()));

        // The same collective on each rank is linked rank to rank: J from device 0's
        // collective lands on device 1's collective of the same name.
        const FlowLink *c = nullptr;
        for (const FlowLink &f : m->flows)
            if (m->lanes[std::size_t(f.fromLane)].kind == LaneKind::CommKernel && !c)
                c = &f;
        QVERIFY(c);
        const Lane &from = m->lanes[std::size_t(c->fromLane)], &to = m->lanes[std::size_t(c->toLane)];
        QVERIFY(to.kind == LaneKind::CommKernel && to.device > from.device);
        QCOMPARE(to.events.nameAt(c->toEvent), from.events.nameAt(c->fromEvent));
    }

    void nestingDepthsStackRanges()
    {
        // [0,100) holds [10,50) which holds [20,30); [60,90) back at depth 1; [95,120)
        // outlives its parent and so goes below it; [100,110) after the parent ends.
        std::vector<PythonRangeRecord> r(6);
        const TimeNs at[6][2] = {{0, 100}, {10, 40}, {20, 10}, {60, 30}, {95, 25}, {100, 10}};
        std::vector<const PythonRangeRecord *> in;
        for (int i = 0; i < 6; ++i) {
            r[std::size_t(i)].start = at[i][0];
            r[std::size_t(i)].duration = at[i][1];
            in.push_back(&r[std::size_t(i)]);
        }
        QCOMPARE(nestingDepths(in), (std::vector<std::uint32_t>{0, 1, 2, 1, 1, 2}));
    }

    void pythonLanesHoldTheFilesRanges()
    {
        TimelineView view;
        QVERIFY2(openLoaded(view, imported_, session_), qPrintable(view.errorString()));
        const Model *m = view.model();
        const PythonInFile file = pythonIn(traceOf(0));
        QVERIFY(file.ranges > 0 && file.flowStarts > 0);

        // Every range of the file is a slice of a Python lane at its time, once.
        std::size_t slices = 0;
        std::set<std::uint32_t> threads;
        std::map<std::pair<std::uint32_t, std::uint32_t>, int> laneAt; // (thread index, depth) → lane
        for (std::size_t i = 0; i < m->lanes.size(); ++i) {
            const Lane &l = m->lanes[i];
            if (l.kind != LaneKind::Python)
                continue;
            QCOMPARE(l.process, TimelineView::tr("Python"));
            laneAt[{l.id / kPythonDepths, l.id % kPythonDepths}] = int(i);
            for (std::size_t e = 0; e < l.events.size(); ++e) {
                ++slices;
                QCOMPARE(l.events.typeAt(e), std::uint8_t(CatPython));
                const PythonRangeRecord &r = m->pythonRanges[l.record[e]];
                threads.insert(r.tid);
                const auto name = m->string(l.events.nameAt(e));
                auto it = file.starts.find({qint64(r.tid), QString::fromUtf8(name.data(), qsizetype(name.size()))});
                QVERIFY2(it != file.starts.end(), name.data());
                const qint64 start = l.events.startAt(e) + m->origin;
                QVERIFY2(std::any_of(it->second.begin(), it->second.end(), [start](qint64 t) { return std::llabs(t - start) <= 1; }),
                         qPrintable(QStringLiteral("%1 at %2").arg(QString::fromUtf8(name.data(), qsizetype(name.size()))).arg(start)));
            }
        }
        QCOMPARE(slices, file.ranges);
        QCOMPARE(threads.size(), std::size_t(3)); // the main thread, the backward thread, the task queue
        // Nested: every slice below depth 0 lies inside a slice of the row above it.
        for (const auto &[key, lane] : laneAt) {
            if (key.second == 0)
                continue;
            QVERIFY(laneAt.count({key.first, key.second - 1}));
            const auto &above = m->lanes[std::size_t(laneAt.at({key.first, key.second - 1}))].events;
            const auto &row = m->lanes[std::size_t(lane)].events;
            for (std::size_t e = 0; e < row.size(); ++e) {
                std::size_t parent = 0;
                QVERIFY(analysis::timeline::eventAt(above, row.startAt(e), 0, &parent));
                QVERIFY(above.startAt(parent) <= row.startAt(e));
            }
        }

        // Python → device flows: they leave the innermost Python range running at their time
        // and arrive on a device task running at theirs.
        std::size_t toDevice = 0, fromPython = 0;
        const FlowLink *sample = nullptr;
        for (const FlowLink &f : m->flows) {
            const Lane &from = m->lanes[std::size_t(f.fromLane)], &to = m->lanes[std::size_t(f.toLane)];
            if (from.kind != LaneKind::Python)
                continue;
            ++fromPython;
            QVERIFY(from.events.startAt(f.fromEvent) <= f.fromTs && f.fromTs <= from.events.end(f.fromEvent));
            const std::uint32_t thread = from.id / kPythonDepths;
            if (auto deeper = laneAt.find({thread, from.id % kPythonDepths + 1}); deeper != laneAt.end()) {
                std::size_t e = 0;
                QVERIFY(!analysis::timeline::eventAt(m->lanes[std::size_t(deeper->second)].events, f.fromTs, 0, &e));
            }
            QVERIFY(to.events.startAt(f.toEvent) <= f.toTs && f.toTs <= to.events.end(f.toEvent));
            if (to.kind == LaneKind::Stream) {
                ++toDevice;
                sample = &f;
            }
        }
        // The file's 210 async_npu flows reach the Ascend Hardware lanes (4 HCCL ones not);
        // the task queue's and fwdbwd flows stay between Python ranges.
        QVERIFY2(toDevice >= 200, qPrintable(QString::number(toDevice)));
        QVERIFY2(fromPython >= toDevice + 150, qPrintable(QString::number(fromPython)));
        QVERIFY(fromPython <= file.flowStarts);

        // Selectable: the Python range selected shows its details; J leads to its device task
        // (from the task, J goes to the nearer CANN launch); the arrow is drawn with both
        // lanes on screen.
        QVERIFY(sample);
        QVERIFY(view.selectLaneEvent(sample->fromLane, sample->fromEvent));
        QCOMPARE(view.selectedEvent(), (std::pair<int, std::size_t>(sample->fromLane, sample->fromEvent)));
        QVERIFY(view.isLaneOnScreen(sample->fromLane));
        const QString details = view.selectedDetailsText();
        const PythonRangeRecord &r = m->pythonRanges[m->lanes[std::size_t(sample->fromLane)].record[sample->fromEvent]];
        QVERIFY2(details.contains(TimelineView::tr("Category")) && details.contains(QString::number(r.tid)), qPrintable(details));
        const auto category = m->string(r.category);
        QVERIFY2(details.contains(QString::fromUtf8(category.data(), qsizetype(category.size()))), qPrintable(details));
        QVERIFY(view.followFlow());
        const std::pair<int, std::size_t> arrived = view.selectedEvent();
        QCOMPARE(m->lanes[std::size_t(arrived.first)].kind, m->lanes[std::size_t(sample->toLane)].kind);
        QVERIFY(std::any_of(m->flows.begin(), m->flows.end(), [&](const FlowLink &f) {
            return f.fromLane == sample->fromLane && f.fromEvent == sample->fromEvent && f.toLane == arrived.first
                   && f.toEvent == arrived.second;
        }));
        QVERIFY(view.isLaneOnScreen(arrived.first));
        view.setLanePinned(sample->fromLane, true);
        view.setLanePinned(sample->toLane, true);
        view.setVisibleRange(sample->fromTs + m->origin - 1000, sample->toTs + m->origin + 1000);
        view.plot()->replot(QCustomPlot::rpImmediateRefresh);
        QVERIFY(view.flowsDrawn() >= 1);
        // The slice's name is painted inside it when it is wide enough.
        const auto &range = m->lanes[std::size_t(sample->fromLane)].events;
        view.setVisibleRange(range.startAt(sample->fromEvent) + m->origin, range.end(sample->fromEvent) + m->origin);
        view.plot()->replot(QCustomPlot::rpImmediateRefresh);
        LanePlottable *p = plottableOf(view, sample->fromLane);
        QVERIFY(p);
        const auto name = m->string(range.nameAt(sample->fromEvent));
        const QString full = QString::fromUtf8(name.data(), qsizetype(name.size()));
        QVERIFY(std::any_of(p->labels().begin(), p->labels().end(), [&full](const SliceLabel &l) {
            QString shown = l.text;
            shown.remove(QChar(0x2026));
            return !shown.isEmpty() && full.startsWith(shown);
        }));
    }

    void pythonThreadIsOneCollapsibleTrack()
    {
        auto view = std::make_unique<TimelineView>();
        QVERIFY2(openLoaded(*view, imported_, session_), qPrintable(view->errorString()));
        const Model *m = view->model();
        const LaneLayout &layout = view->laneLayout();
        // An arrow from an inner call depth of a Python thread to a device task.
        const FlowLink *f = nullptr;
        for (const FlowLink &x : m->flows) {
            const Lane &from = m->lanes[std::size_t(x.fromLane)];
            if (from.kind == LaneKind::Python && from.id % kPythonDepths > 0 && m->lanes[std::size_t(x.toLane)].kind == LaneKind::Stream) {
                f = &x;
                break;
            }
        }
        QVERIFY(f);
        const Lane &inner = m->lanes[std::size_t(f->fromLane)];
        const int head = layout.trackHead(f->fromLane);
        QVERIFY(head != f->fromLane && layout.isTrackHead(head));
        QCOMPARE(m->lanes[std::size_t(head)].id, inner.id - inner.id % kPythonDepths);
        // The track is exactly the thread's lanes.
        std::vector<int> track;
        for (std::size_t i = 0; i < m->lanes.size(); ++i) {
            const Lane &l = m->lanes[i];
            const bool same = l.kind == LaneKind::Python && l.device == inner.device && l.id / kPythonDepths == inner.id / kPythonDepths;
            QCOMPARE(layout.trackHead(int(i)) == head, same);
            if (same)
                track.push_back(int(i));
        }
        QCOMPARE(layout.trackSize(head), int(track.size()));
        QVERIFY(track.size() >= 2);
        QCOMPARE(view->isTrackCollapsed(f->fromLane), int(track.size()) > LaneLayout::kAutoCollapseRows);
        // The track's rows in the whole layout (scrolled or not).
        auto rowsOfTrack = [&] {
            int n = 0;
            for (const LaneRow &r : layout.layout(1 << 28, 0, kTimelineGeometry).rows)
                n += std::count(track.begin(), track.end(), r.lane) ? 1 : 0;
            return n;
        };
        view->setLanePinned(f->toLane, true); // the device task's row stays on screen
        view->setAllFlowsShown(true);
        view->setVisibleRange(f->fromTs + m->origin - 1000, f->toTs + m->origin + 1000);

        // Collapsed: one row (the top-level ranges), and the arrow leaves it.
        view->setTrackCollapsed(f->fromLane, true);
        QVERIFY(view->isTrackCollapsed(head));
        QCOMPARE(rowsOfTrack(), 1);
        QVERIFY(view->isLaneOnScreen(head) && !view->isLaneOnScreen(f->fromLane));
        QCOMPARE(layout.rowLane(f->fromLane), head);
        view->plot()->replot(QCustomPlot::rpImmediateRefresh);
        const std::pair<int, int> collapsedRows{view->laneRowTop(head), view->laneRowTop(f->toLane)};
        QVERIFY(std::count(view->flowRowsDrawn().begin(), view->flowRowsDrawn().end(), collapsedRows) >= 1);

        // Expanded: a row per depth; the arrow leaves the depth it starts at.
        view->setTrackCollapsed(head, false);
        QCOMPARE(rowsOfTrack(), int(track.size()));
        QCOMPARE(layout.rowLane(f->fromLane), f->fromLane);
        QVERIFY(view->selectLaneEvent(f->fromLane, f->fromEvent)); // its row scrolled into view
        QVERIFY(view->isLaneOnScreen(f->fromLane));
        view->plot()->replot(QCustomPlot::rpImmediateRefresh);
        const std::pair<int, int> expandedRows{view->laneRowTop(f->fromLane), view->laneRowTop(f->toLane)};
        QVERIFY(expandedRows.first != collapsedRows.first);
        QVERIFY(std::count(view->flowRowsDrawn().begin(), view->flowRowsDrawn().end(), expandedRows) >= 1);

        // The mouse: the triangle of the track's row toggles it (a click on the name only
        // moves the lane cursor there).
        view->setTrackCollapsed(head, true);
        QVERIFY(view->isLaneOnScreen(head));
        auto *header = view->findChild<LaneHeader *>(QStringLiteral("timelineLaneHeader"));
        QVERIFY(header);
        const int rowMid = view->plot()->axisRect()->rect().top() + view->laneRowTop(head) + 10;
        QTest::mouseClick(header, Qt::LeftButton, {}, QPoint(header->width() / 2, rowMid));
        QVERIFY(view->isTrackCollapsed(head));
        QTest::mouseClick(header, Qt::LeftButton, {}, QPoint(LaneHeader::kTriangleWidth / 2, rowMid));
        QVERIFY(!view->isTrackCollapsed(head));
        QTest::mouseClick(header, Qt::LeftButton, {}, QPoint(LaneHeader::kTriangleWidth / 2, rowMid));
        QVERIFY(view->isTrackCollapsed(head));
        // The keyboard: E on the lane cursor (left on the track's row by the click above).
        QTest::keyClick(view.get(), Qt::Key_E);
        QVERIFY(!view->isTrackCollapsed(head));
        QTest::keyClick(view.get(), Qt::Key_E);
        QVERIFY(view->isTrackCollapsed(head));
        // The lane menu.
        std::unique_ptr<QMenu> menu(view->laneMenu(head, inner.device));
        QAction *toggle = menu->findChild<QAction *>(QStringLiteral("laneToggleTrack"));
        QVERIFY(toggle);
        toggle->trigger();
        QVERIFY(!view->isTrackCollapsed(head));
        menu.reset();
        // Selecting an event of an inner depth of a collapsed track opens it.
        view->setTrackCollapsed(head, true);
        QVERIFY(view->selectLaneEvent(f->fromLane, f->fromEvent));
        QVERIFY(view->isLaneOnScreen(f->fromLane) && !view->isTrackCollapsed(head));

        // Kept in the project per session: another view of the session finds it as the
        // user left it (the opposite of the default).
        const bool chosen = !(int(track.size()) > LaneLayout::kAutoCollapseRows);
        view->setTrackCollapsed(head, chosen);
        QVERIFY(view->waitForWrites(10000));
        const LaneKey headKey = layout.key(head);
        view.reset();
        TimelineView again;
        QVERIFY2(openLoaded(again, imported_, session_), qPrintable(again.errorString()));
        int headAgain = -1;
        for (int i = 0; i < again.laneLayout().laneCount(); ++i)
            if (again.laneLayout().key(i) == headKey)
                headAgain = i;
        QVERIFY(headAgain >= 0);
        QCOMPARE(again.isTrackCollapsed(headAgain), chosen);
        again.resetLayout(); // the other tests see the default layout
        QVERIFY(again.waitForWrites(10000));
    }

    void counterLegendHasAnEntryPerSeries()
    {
        TimelineView view;
        QVERIFY2(openLoaded(view, imported_, session_), qPrintable(view.errorString()));
        const Model *m = view.model();
        Palette palette;
        palette.rebuild(*m);
        // The series drawn, by name (a name on several devices is one series), and their colours.
        std::map<QString, QRgb> series;
        std::set<QRgb> taskColours;
        for (const Lane &l : m->lanes) {
            if (l.kind == LaneKind::Counter) {
                const CounterSeries &c = m->counters[l.id];
                const QRgb colour = counterColor(c).rgb();
                auto [it, fresh] = series.emplace(c.name, colour);
                QCOMPARE(it->second, colour); // one colour per name on every device
            }
            for (const auto &k : l.events.keys())
                taskColours.insert(Palette::typeColor(k.type));
        }
        QVERIFY2(series.size() >= 3, qPrintable(QString::number(series.size())));
        std::set<QRgb> seriesColours;
        for (const auto &[name, colour] : series) {
            QVERIFY2(seriesColours.insert(colour).second, qPrintable(name)); // no two series share a colour
            QVERIFY2(!taskColours.count(colour), qPrintable(name));
        }
        // The legend: legend entries = colours used, one entry per series, no joined names.
        for (ColorMode mode : {ColorMode::TaskType, ColorMode::OpType}) {
            const auto items = legendItems(*m, palette, mode);
            std::set<QRgb> listed;
            for (const auto &[name, colour] : items) {
                if (!seriesColours.count(colour))
                    continue;
                QVERIFY2(listed.insert(colour).second, qPrintable(name));
                QVERIFY2(!name.contains(QStringLiteral(" / ")), qPrintable(name));
            }
            QCOMPARE(listed, seriesColours);
        }
    }

    void followFlowSelectsTheOtherEndInView()
    {
        TimelineView view;
        QVERIFY2(openLoaded(view, imported_, session_), qPrintable(view.errorString()));
        const Model *m = view.model();
        QVERIFY(!m->flows.empty());
        // A host launch → device task arrow: select the device task (a click's selection).
        const FlowLink *f = nullptr;
        for (const FlowLink &x : m->flows)
            if (m->lanes[std::size_t(x.toLane)].kind == LaneKind::Stream && m->lanes[std::size_t(x.fromLane)].kind == LaneKind::Cann)
                f = &x;
        QVERIFY(f);
        const Lane &task = m->lanes[std::size_t(f->toLane)];
        QVERIFY(view.selectTask(task.device, task.id, task.events.startAt(f->toEvent) + m->origin));
        view.setVisibleRange(m->origin, m->origin + 1000); // the launch far out of view
        QTest::keyClick(&view, Qt::Key_J);
        QCOMPARE(view.selectedEvent(), (std::pair<int, std::size_t>(f->fromLane, f->fromEvent)));
        QVERIFY(view.isLaneOnScreen(f->fromLane));
        const Lane &launch = m->lanes[std::size_t(f->fromLane)];
        const auto [t0, t1] = view.visibleRange();
        QVERIFY(launch.events.startAt(f->fromEvent) + m->origin >= t0 && launch.events.startAt(f->fromEvent) + m->origin <= t1);
        // And back.
        QVERIFY(view.followFlow());
        QCOMPARE(view.selectedEvent(), (std::pair<int, std::size_t>(f->toLane, f->toEvent)));
        // The selected flow is drawn when both lanes are on screen; all flows with the toggle.
        view.setLanePinned(f->fromLane, true);
        view.setLanePinned(f->toLane, true);
        view.setVisibleRange(std::min(launch.events.startAt(f->fromEvent), task.events.startAt(f->toEvent)) + m->origin - 1000,
                             std::max(launch.events.end(f->fromEvent), task.events.end(f->toEvent)) + m->origin + 1000);
        view.plot()->replot(QCustomPlot::rpImmediateRefresh);
        // Exactly the selected task's flows whose both rows are on screen: this one, and the
        // Python range's arrow that queued the task when its thread's track row is shown
        // (collapsed, the track's row stands for its inner depths).
        int expected = 0;
        for (std::size_t i : flowsOf(*m, f->toLane, f->toEvent)) {
            const FlowLink &x = m->flows[i];
            expected += view.isLaneOnScreen(view.laneLayout().rowLane(x.fromLane))
                        && view.isLaneOnScreen(view.laneLayout().rowLane(x.toLane));
        }
        QVERIFY(expected >= 1);
        QCOMPARE(view.flowsDrawn(), expected);
        const std::pair<int, int> rows{view.laneRowTop(f->fromLane), view.laneRowTop(f->toLane)};
        QVERIFY(std::count(view.flowRowsDrawn().begin(), view.flowRowsDrawn().end(), rows) == 1);
        view.setAllFlowsShown(true);
        view.plot()->replot(QCustomPlot::rpImmediateRefresh);
        QVERIFY(view.flowsDrawn() >= 1);
        // An event without a flow: J says so and keeps the selection.
        view.clearSelection();
        QVERIFY(!view.followFlow());
    }

    void secondInstanceOpensReadOnly()
    {
        // The first instance: a guard on the project, as a window holding it has.
        ProjectGuard first;
        QVERIFY(first.claim(QFileInfo(emulated_).absoluteFilePath()));
        QVERIFY(!first.readOnly());
        QVERIFY(QFileInfo::exists(ProjectGuard::lockPathOf(QFileInfo(emulated_).absoluteFilePath())));

        MainWindow w;
        QString boxText;
        guitest::whenShown<QMessageBox>([&boxText](QMessageBox *box) {
            boxText = box->text();
            box->accept();
        });
        QVERIFY(guitest::openProject(w, emulated_));
        QTRY_VERIFY_WITH_TIMEOUT(!boxText.isEmpty(), 20000); // told, without blocking the window
        QVERIFY(w.isProjectReadOnly());
        QVERIFY2(boxText.contains(QStringLiteral("read-only")) && boxText.contains(QString::number(QCoreApplication::applicationPid())),
                 qPrintable(boxText));
        auto *timeline = w.findChild<TimelineView *>(QStringLiteral("timeline"));
        QVERIFY(timeline && timeline->isReadOnly());

        // Renames are refused there, with the reason: F2 on the session opens no dialog,
        // and the name in the project stays.
        auto *explorer = w.findChild<ProjectExplorer *>();
        QVERIFY(explorer && explorer->isReadOnly());
        auto sessionName = [this] {
            store::StoreError e = store::StoreError::None;
            QString why;
            auto project = store::Project::open(emulated_, store::Project::Mode::ReadOnly, &e, &why);
            return project && !project->sessions().empty() ? project->sessions().front().info.name : QString();
        };
        const QString nameBefore = sessionName();
        QVERIFY(!nameBefore.isEmpty());
        QStringList refusals;
        connect(explorer, &ProjectExplorer::renameFailed, this, [&refusals](const QString &m) { refusals << m; });
        QVERIFY(!explorer->renameSession(1, QStringLiteral("renamed elsewhere")));
        ExplorerSelection sel;
        sel.projectPath = emulated_;
        sel.sessionId = 1;
        explorer->select(sel);
        QCOMPARE(explorer->selection().sessionId, std::int64_t(1));
        explorer->renameSelected();
        QCOMPARE(refusals.size(), 2);
        for (const QString &m : refusals)
            QVERIFY2(m.contains(QStringLiteral("read-only")) && m.contains(QStringLiteral("another NPU Scope window")), qPrintable(m));
        QVERIFY(!w.findChild<QInputDialog *>(QStringLiteral("renameSessionDialog")));
        QVERIFY(explorer->waitForRenames(30000));
        QCOMPARE(sessionName(), nameBefore);

        // Nothing is written from the read-only window: a mark is refused with a reason,
        // a layout change stays on screen only.
        TimelineView view;
        view.setReadOnly(true);
        QVERIFY(view.open(emulated_, 1));
        QString status;
        connect(&view, &TimelineView::statusMessage, this, [&status](const QString &m) { status = m; });
        const auto marksBefore = view.marks().size();
        QVERIFY(!view.addMark(view.model()->origin, view.model()->origin + 10, QStringLiteral("x")));
        QVERIFY(status.contains(QStringLiteral("read-only")));
        status.clear();
        QVERIFY(!view.removeMark(0)); // nor is one removed (Delete in the marks list)
        QVERIFY(status.contains(QStringLiteral("read-only")) && status.contains(QStringLiteral("not removed")));
        view.setLanePinned(0, true);
        QVERIFY(view.waitForWrites(30000));
        TimelineView again;
        QVERIFY(again.open(emulated_, 1));
        QCOMPARE(again.marks().size(), marksBefore);
        QVERIFY(again.pinnedLanes().empty());

        // Once the first lets go, the project is writable again for the next open.
        first.release();
        ProjectGuard second;
        QVERIFY(second.claim(QFileInfo(emulated_).absoluteFilePath()));
    }
};

QTEST_MAIN(TestTimelineTracks)
#include "test_timeline_tracks.moc"
