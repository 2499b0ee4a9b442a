// The Charts tab on real recorded sessions (emulator, AlexNet on 4 devices with the
// straggler scenario and every switch on; a second session without l2 / hccl /
// training_trace and with aic_metrics Memory), offscreen: every chart's series carry the
// values chart_data computes on its own reader, tooltips give the exact figures, missing
// data is explained, PNG / PDF export writes valid files, the top-N and the timeline's
// time range re-scope the charts, and clicking an iteration bar moves the timeline.
//
//   ui_charts_view                    the test (ctest)
//   ui_charts_view --record PROJECT   records ResNet-50 ×4 with a straggler (for --show)
//   ui_charts_view --show PROJECT [SESSION] [--chart=N] [--dark]   opens the view to look at it

#include "core/analysis/chart_data.h"
#include "tests/chart_projects.h"
#include "tests/test_record.h"
#include "core/text/display.h"
#include "core/store/project.h"
#include "device/emulator.h"
#include "test_gui_support.h"
#include "ui/appearance.h"
#include "ui/format.h"
#include "ui/main_window.h"
#include "ui/timeline/timeline_view.h"
#include "ui/views/chart_view.h"

#include <QApplication>
#include <QImage>
#include <QLabel>
#include <QToolButton>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QtTest>
#include <qcustomplot.h>

using namespace npuscope;
namespace ch = npuscope::analysis::charts;
using ui::ChartsView;

namespace {

ch::ChartSet expected(const QString &path, const ch::ChartRequest &req)
{
    const testrecord::OpenedSession opened = testrecord::openSession(path, 1);
    if (!opened.reader)
        qFatal("cannot open %s: %s", qPrintable(path), qPrintable(opened.error));
    return ch::computeCharts(*opened.reader, req);
}

ch::ChartSet expected(const QString &path, const ch::ChartScope &scope, int topN)
{
    ch::ChartRequest req;
    req.scope = scope;
    req.topN = topN;
    return expected(path, req);
}

// ns per axis unit, from the "(ms)" / "(µs)" / "(s)" in an axis label.
double unitOf(const QString &label)
{
    if (label.contains(QStringLiteral("(ms)")))
        return 1e6;
    if (label.contains(QStringLiteral("(µs)")))
        return 1e3;
    if (label.contains(QStringLiteral("(s)")))
        return 1e9;
    return 0;
}

template <class P>
std::vector<P *> plottables(QCustomPlot *plot)
{
    std::vector<P *> out;
    for (int i = 0; i < plot->plottableCount(); ++i)
        if (auto *p = qobject_cast<P *>(plot->plottable(i)))
            out.push_back(p);
    return out;
}

double valueAt(QCPBars *b, double key)
{
    auto it = b->data()->findBegin(key, false);
    return it != b->data()->constEnd() && qFuzzyCompare(it->key, key) ? it->value : std::nan("");
}

bool close(double a, double b)
{
    return std::abs(a - b) <= 1e-9 * std::max(1.0, std::abs(b));
}


} // namespace

class ChartsViewTest : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    chartprojects::Paths projects_; // full and sparse

    ui::ExplorerSelection session(const QString &path) const
    {
        return {.projectPath = path, .sessionId = 1};
    }

    // Shows the view at a size every chart fits in, on `selection`, and waits for its data.
    static bool showOn(ChartsView &v, const ui::ExplorerSelection &selection)
    {
        v.resize(1400, 900);
        v.show();
        v.setSelection(selection);
        return v.waitForData(60000);
    }

private slots:
    void initTestCase()
    {
        guitest::isolateSettings();
        QVERIFY(dir_.isValid());
        QString err;
        QVERIFY2(chartprojects::record(dir_.path(), 3, &projects_, &err), qPrintable(err));
    }

    void nothingSelected()
    {
        ChartsView v;
        v.show();
        for (int c = 0; c < ChartsView::ChartCount; ++c)
            QVERIFY(v.message(ChartsView::Chart(c)).contains(QLatin1String("Select a session")));
        QString err;
        QVERIFY(!v.exportChart(ChartsView::TopOps, dir_.filePath(QStringLiteral("none.png")), {}, &err));
        QVERIFY(!err.isEmpty());
        QVERIFY(!QFile::exists(dir_.filePath(QStringLiteral("none.png"))));
    }

    void topOpsBars()
    {
        ChartsView v;
        v.setTopN(5);
        QVERIFY(showOn(v, session(projects_.full)));
        const ch::ChartSet want = expected(projects_.full, {}, 5);
        QVERIFY(v.message(ChartsView::TopOps).isEmpty());
        QCustomPlot *p = v.plot(ChartsView::TopOps);
        const double unit = unitOf(p->xAxis->label());
        QVERIFY2(unit > 0, qPrintable(p->xAxis->label()));
        auto bars = plottables<QCPBars>(p);
        QCOMPARE(bars.size(), std::size_t(2)); // the top 5 and "Other"
        auto *ticker = dynamic_cast<QCPAxisTickerText *>(p->yAxis->ticker().data());
        QVERIFY(ticker);
        QCOMPARE(want.topOps.rows.size(), std::size_t(6));
        const double n = double(want.topOps.rows.size());
        for (std::size_t i = 0; i < want.topOps.rows.size(); ++i) {
            const auto &r = want.topOps.rows[i];
            const double key = n - double(i);
            QCPBars *b = r.other ? bars[1] : bars[0];
            QVERIFY2(close(valueAt(b, key) * unit, double(r.total)), r.opType.c_str());
            if (!r.other)
                QCOMPARE(ticker->ticks().value(key), QString::fromStdString(r.opType));
            else
                QVERIFY(ticker->ticks().value(key).contains(QString::number(r.otherTypes)));
            // Hovering the bar gives its exact figures.
            const QPoint pos(int(p->xAxis->coordToPixel(valueAt(b, key) / 2)), int(p->yAxis->coordToPixel(key)));
            const QString tip = v.toolTipAt(ChartsView::TopOps, pos);
            QVERIFY2(tip.contains(display::count(std::int64_t(r.count))), qPrintable(tip));
            if (!r.other)
                QVERIFY2(tip.startsWith(QString::fromStdString(r.opType)), qPrintable(tip));
        }
        // A new N refolds without reading the session again.
        v.setTopN(100);
        QVERIFY(!v.isComputing());
        QCOMPARE(plottables<QCPBars>(p).size(), std::size_t(1));
        QCOMPARE(int(plottables<QCPBars>(p)[0]->data()->size()), int(expected(projects_.full, {}, 100).topOps.rows.size()));
    }

    void stepsStackedWithIterationLine()
    {
        ChartsView v;
        auto sel = session(projects_.full);
        sel.device = 2;
        QVERIFY(showOn(v, sel));
        ch::ChartScope scope;
        scope.device = 2;
        const ch::ChartSet want = expected(projects_.full, scope, 10);
        QCOMPARE(want.steps.steps.size(), std::size_t(4));
        QCustomPlot *p = v.plot(ChartsView::Steps);
        const double unit = unitOf(p->yAxis->label());
        QVERIFY(unit > 0);
        auto bars = plottables<QCPBars>(p);
        auto graphs = plottables<QCPGraph>(p);
        QCOMPARE(bars.size(), std::size_t(3));
        QCOMPARE(graphs.size(), std::size_t(1));
        QCOMPARE(bars[1]->barBelow(), bars[0]); // Iteration Refresh stacked on FP→BP
        QCOMPARE(bars[2]->barBelow(), bars[1]); // Data Aug Bound on top
        for (const auto &s : want.steps.steps) {
            const double k = s.iteration;
            QVERIFY(close(valueAt(bars[0], k) * unit, double(s.fpToBp)));
            QVERIFY(close(valueAt(bars[1], k) * unit, double(s.refresh)));
            QVERIFY(close(valueAt(bars[2], k) * unit, double(s.dataAugBound)));
            auto g = graphs[0]->data()->findBegin(k, false);
            QVERIFY(close(g->value * unit, double(s.iterationTime)));
            const QPoint pos(int(p->xAxis->coordToPixel(k)), int(p->yAxis->coordToPixel(valueAt(bars[0], k) / 2)));
            const auto ref = v.iterationAt(ChartsView::Steps, pos);
            QCOMPARE(ref.device, 2);
            QCOMPARE(ref.iteration, s.iteration);
            QCOMPARE(ref.start, s.start);
            QCOMPARE(ref.end, s.end);
            QVERIFY(v.toolTipAt(ChartsView::Steps, pos).contains(display::duration(s.iterationTime)));
        }
        QVERIFY(p->legend->itemCount() == 4);
    }

    void devicesLinesShowTheStraggler()
    {
        ChartsView v;
        QVERIFY(showOn(v, session(projects_.full)));
        const ch::ChartSet want = expected(projects_.full, {}, 10);
        QCustomPlot *p = v.plot(ChartsView::Devices);
        const double unit = unitOf(p->yAxis->label());
        auto graphs = plottables<QCPGraph>(p);
        QCOMPARE(graphs.size(), 2 * want.devices.devices.size());
        QCOMPARE(p->legend->itemCount(), int(want.devices.devices.size())); // one entry per device
        QCOMPARE(want.devices.stragglers, std::vector<std::uint16_t>{3});
        for (std::size_t d = 0; d < want.devices.devices.size(); ++d) {
            const auto &dev = want.devices.devices[d];
            QCPGraph *it = graphs[2 * d], *fb = graphs[2 * d + 1];
            QCOMPARE(it->name().contains(QLatin1String("straggler")), dev.device == 3);
            QCOMPARE(it->data()->size(), int(dev.steps.size()));
            for (const auto &s : dev.steps) {
                QVERIFY(close(it->data()->findBegin(s.iteration, false)->value * unit, double(s.iterationTime)));
                QVERIFY(close(fb->data()->findBegin(s.iteration, false)->value * unit, double(s.fpToBp)));
            }
        }
    }

    void pipeRatiosStacked()
    {
        ChartsView v;
        v.setTopN(4);
        QVERIFY(showOn(v, session(projects_.full)));
        const ch::ChartSet want = expected(projects_.full, {}, 10);
        QCustomPlot *p = v.plot(ChartsView::Pipes);
        auto bars = plottables<QCPBars>(p);
        QCOMPARE(bars.size(), std::size_t(ch::PipeCount));
        for (int pi = 0; pi < ch::PipeCount; ++pi) {
            QCOMPARE(bars[std::size_t(pi)]->name(), QString::fromLatin1(ch::pipeName(ch::Pipe(pi))));
            if (pi > 0)
                QCOMPARE(bars[std::size_t(pi)]->barBelow(), bars[std::size_t(pi - 1)]);
            QCOMPARE(bars[std::size_t(pi)]->data()->size(), 4);
            for (int i = 0; i < 4; ++i)
                QVERIFY(close(valueAt(bars[std::size_t(pi)], 4 - i), 100.0 * want.pipes.rows[std::size_t(i)].ratio[std::size_t(pi)]));
        }
        QVERIFY(p->xAxis->label().contains(QLatin1String("%")));
    }

    void bandwidthAndL2()
    {
        ChartsView v;
        QVERIFY(showOn(v, session(projects_.full)));
        const ch::ChartSet want = expected(projects_.full, {}, 10);
        QCustomPlot *bp = v.plot(ChartsView::Bandwidth);
        auto bars = plottables<QCPBars>(bp);
        QCOMPARE(bars.size(), std::size_t(2));
        QCOMPARE(bars[0]->data()->size(), int(want.bandwidth.ops.size()));
        QCOMPARE(bars[1]->data()->size(), int(want.bandwidth.transports.size()));
        const double n = double(want.bandwidth.ops.size() + want.bandwidth.transports.size());
        for (std::size_t i = 0; i < want.bandwidth.ops.size(); ++i)
            QVERIFY(close(valueAt(bars[0], n - double(i)), want.bandwidth.ops[i].gbps));
        QVERIFY(bp->xAxis->label().contains(QLatin1String("GB/s")));

        QCustomPlot *lp = v.plot(ChartsView::L2);
        auto hist = plottables<QCPBars>(lp);
        QCOMPARE(hist.size(), std::size_t(1));
        QCOMPARE(hist[0]->data()->size(), int(want.l2.bins.size()));
        std::uint64_t sum = 0;
        int i = 0;
        for (auto it = hist[0]->data()->constBegin(); it != hist[0]->data()->constEnd(); ++it, ++i) {
            QCOMPARE(std::uint64_t(it->value), want.l2.bins[std::size_t(i)]);
            sum += std::uint64_t(it->value);
        }
        QCOMPARE(sum, want.l2.tasks);
        QVERIFY(lp->xAxis->label().contains(QLatin1String("%")));
    }

    void missingDataExplained()
    {
        ChartsView v;
        QVERIFY(showOn(v, session(projects_.sparse)));
        QVERIFY(v.message(ChartsView::TopOps).isEmpty());
        QVERIFY(v.plot(ChartsView::TopOps)->plottableCount() > 0);
        QVERIFY2(v.message(ChartsView::L2).contains(QLatin1String("L2 cache was not recorded: enable l2")),
                 qPrintable(v.message(ChartsView::L2)));
        QVERIFY(v.message(ChartsView::Pipes).contains(QLatin1String("PipeUtilization")));
        QVERIFY(v.message(ChartsView::Steps).contains(QLatin1String("training_trace")));
        QVERIFY(v.message(ChartsView::Bandwidth).contains(QLatin1String("hccl")));
        v.setCurrentChart(ChartsView::L2);
        QVERIFY(!v.plot(ChartsView::L2)->isVisible());
        auto *exportButton = v.findChild<QPushButton *>(QStringLiteral("chartExport"));
        QVERIFY(exportButton && !exportButton->isEnabled());
        QString err;
        QVERIFY(!v.exportChart(ChartsView::L2, dir_.filePath(QStringLiteral("l2.png")), {}, &err));
        QVERIFY(err.contains(QLatin1String("no data")));
        v.setCurrentChart(ChartsView::TopOps);
        QVERIFY(exportButton->isEnabled());
    }

    void exportPngAndPdf()
    {
        ChartsView v;
        QVERIFY(showOn(v, session(projects_.full)));
        // Every chart of an emulated TensorFlow session; the memory chart (PyTorch sessions
        // and imports only) is exported in test_import_views.
        for (int c = 0; c < ChartsView::ChartCount; ++c) {
            if (c == ChartsView::Memory)
                continue;
            const auto chart = ChartsView::Chart(c);
            v.setCurrentChart(chart);
            QCoreApplication::processEvents();
            const QString png = dir_.filePath(QStringLiteral("c%1.png").arg(c));
            const QString pdf = dir_.filePath(QStringLiteral("c%1.pdf").arg(c));
            QString err;
            QVERIFY2(v.exportChart(chart, png, QSize(900, 560), &err), qPrintable(err));
            QImage img(png);
            QVERIFY(!img.isNull());
            QCOMPARE(img.size(), QSize(900, 560));
            // Not a blank image: the bars / lines use more than the background colour.
            QSet<QRgb> colours;
            for (int y = 0; y < img.height(); y += 7)
                for (int x = 0; x < img.width(); x += 7)
                    colours.insert(img.pixel(x, y));
            QVERIFY(colours.size() > 3);
            QVERIFY2(v.exportChart(chart, pdf, {}, &err), qPrintable(err));
            QFile f(pdf);
            QVERIFY(f.open(QIODevice::ReadOnly));
            QVERIFY(f.read(5) == "%PDF-");
            QVERIFY(f.size() > 1000);
        }
        // Default size: the plot as shown.
        const QString png = dir_.filePath(QStringLiteral("shown.png"));
        v.setCurrentChart(ChartsView::Steps);
        QCoreApplication::processEvents();
        QVERIFY(v.exportChart(ChartsView::Steps, png));
        QCOMPARE(QImage(png).size(), v.plot(ChartsView::Steps)->size());
        QString err;
        QVERIFY(!v.exportChart(ChartsView::Steps, dir_.filePath(QStringLiteral("x.jpg")), {}, &err));
        QVERIFY(err.contains(QLatin1String("x.jpg")));
        QVERIFY(!v.exportChart(ChartsView::Steps, dir_.filePath(QStringLiteral("missing/dir/x.png")), {}, &err));
        QVERIFY(!err.isEmpty());
    }

    void timeRangeRescopes()
    {
        ChartsView v;
        QVERIFY(showOn(v, session(projects_.full)));
        const ch::ChartSet all = expected(projects_.full, {}, 10);
        // Iteration 2 of device 0.
        ch::IterationStep st;
        for (const auto &s : all.steps.steps)
            if (s.device == 0 && s.iteration == 2)
                st = s;
        QVERIFY(st.end > st.start);
        v.setTimeRange(st.start, st.end);
        QVERIFY(v.waitForData(60000));
        ch::ChartScope scope;
        scope.rangeStart = st.start;
        scope.rangeEnd = st.end;
        ch::ChartRequest req;
        req.scope = scope;
        req.stepsShowAllIterations = false;
        const ch::ChartSet want = expected(projects_.full, req);
        QCOMPARE(v.data().topOps.allTotal, want.topOps.allTotal);
        QVERIFY(want.topOps.allTotal < all.topOps.allTotal);
        QCOMPARE(v.data().l2.tasks, want.l2.tasks);
        QVERIFY(v.findChild<QLabel *>(QStringLiteral("chartScope"))->text().contains(QLatin1String("selected in the timeline")));
        // The iteration charts keep to the iterations whose FP start lies in the range: the
        // selected iteration on every device, no other.
        QVERIFY(!want.steps.steps.empty());
        QVERIFY(want.steps.steps.size() < all.steps.steps.size());
        QCOMPARE(v.data().steps.steps.size(), want.steps.steps.size());
        for (const auto &s : v.data().steps.steps)
            QCOMPARE(s.iteration, 2u);
        // What is drawn: the step breakdown's bars and the per-device lines hold iteration 2 only.
        QCustomPlot *sp = v.plot(ChartsView::Steps);
        for (QCPBars *b : plottables<QCPBars>(sp)) {
            QCOMPARE(b->data()->size(), 1);
            QCOMPARE(b->data()->constBegin()->key, 2.0);
        }
        QCustomPlot *dp = v.plot(ChartsView::Devices);
        const auto lines = plottables<QCPGraph>(dp);
        QCOMPARE(lines.size(), 2 * want.devices.devices.size());
        for (QCPGraph *g : lines) {
            QCOMPARE(g->data()->size(), 1);
            QCOMPARE(g->data()->constBegin()->key, 2.0);
        }
        auto *clear = v.findChild<QToolButton *>(QStringLiteral("chartClearRange"));
        QVERIFY(clear && clear->isVisible());
        clear->click();
        QVERIFY(v.waitForData(60000));
        QCOMPARE(v.data().topOps.allTotal, all.topOps.allTotal);
        QCOMPARE(v.data().steps.steps.size(), all.steps.steps.size());
        QVERIFY(!clear->isVisible());
    }

    // The device picker: every chart covers the devices picked (assert on the series), the
    // step breakdown draws one stack per device, an explorer device picks that device.
    void devicePickerScopesEveryChart()
    {
        ChartsView v;
        QVERIFY(showOn(v, session(projects_.full)));
        QCOMPARE(v.sessionDevices(), (std::vector<std::uint16_t>{0, 1, 2, 3}));
        QVERIFY(v.devices().empty());
        auto *picker = v.findChild<QToolButton *>(QStringLiteral("chartDevices"));
        QVERIFY(picker && picker->isEnabled());
        QVERIFY2(picker->text().contains(QLatin1String("All 4 device")), qPrintable(picker->text()));
        // All devices: the breakdown has a stack per device (3 parts each), grouped.
        QCustomPlot *sp = v.plot(ChartsView::Steps);
        QCOMPARE(plottables<QCPBars>(sp).size(), std::size_t(3 * 4));
        QVERIFY(plottables<QCPGraph>(sp).empty());

        // Pick devices 1 and 3 through the menu.
        auto pick = [&](int device) {
            QAction *a = v.findChild<QAction *>(QStringLiteral("chartDevice%1").arg(device));
            QVERIFY(a);
            a->trigger();
        };
        pick(1);
        QCOMPARE(v.devices(), (std::vector<std::uint16_t>{1}));
        pick(3);
        QCOMPARE(v.devices(), (std::vector<std::uint16_t>{1, 3}));
        QVERIFY(v.waitForData(60000));
        QVERIFY(picker->text().contains(QLatin1String("Devices 1, 3")));
        ch::ChartScope scope;
        scope.devices = {1, 3};
        const ch::ChartSet want = expected(projects_.full, scope, 10);
        QCOMPARE(v.data().topOps.allTotal, want.topOps.allTotal);
        QVERIFY(want.topOps.allTotal < expected(projects_.full, {}, 10).topOps.allTotal);
        QCOMPARE(v.data().l2.tasks, want.l2.tasks);
        QCOMPARE(v.data().bandwidth.transports.size(), want.bandwidth.transports.size());
        // Iteration time per device: devices 1 and 3 only, with their values.
        QCustomPlot *dp = v.plot(ChartsView::Devices);
        const double unit = unitOf(dp->yAxis->label());
        auto lines = plottables<QCPGraph>(dp);
        QCOMPARE(lines.size(), std::size_t(4));
        QCOMPARE(want.devices.devices.size(), std::size_t(2));
        for (std::size_t d = 0; d < 2; ++d) {
            const auto &dev = want.devices.devices[d];
            QVERIFY(lines[2 * d]->name().startsWith(QStringLiteral("Device %1").arg(dev.device)));
            QCOMPARE(lines[2 * d]->data()->size(), int(dev.steps.size()));
            for (const auto &s : dev.steps)
                QVERIFY(close(lines[2 * d]->data()->findBegin(s.iteration, false)->value * unit, double(s.iterationTime)));
        }
        // The breakdown: one stack per picked device, each holding that device's figures.
        const double sunit = unitOf(sp->yAxis->label());
        QCOMPARE(plottables<QCPBars>(sp).size(), std::size_t(3 * 2));
        for (const auto &s : want.steps.steps) {
            QVERIFY(s.device == 1 || s.device == 3);
            auto *fp = sp->findChild<QCPBars *>(QStringLiteral("steps-d%1-fp").arg(s.device));
            auto *refresh = sp->findChild<QCPBars *>(QStringLiteral("steps-d%1-refresh").arg(s.device));
            QVERIFY(fp && refresh);
            QVERIFY(close(valueAt(fp, s.iteration) * sunit, double(s.fpToBp)));
            QVERIFY(close(valueAt(refresh, s.iteration) * sunit, double(s.refresh)));
            QCOMPARE(refresh->barBelow(), fp);
        }
        QVERIFY(!sp->findChild<QCPBars *>(QStringLiteral("steps-d0-fp")));
        QCOMPARE(sp->legend->itemCount(), 3); // the parts, once

        // "All devices" again.
        v.findChild<QAction *>(QStringLiteral("chartDeviceAll"))->trigger();
        QVERIFY(v.devices().empty());
        QVERIFY(v.waitForData(60000));
        QCOMPARE(v.data().topOps.allTotal, expected(projects_.full, {}, 10).topOps.allTotal);
        QCOMPARE(plottables<QCPGraph>(dp).size(), std::size_t(8));

        // A device selected in the explorer is the one picked.
        auto sel = session(projects_.full);
        sel.device = 2;
        v.setSelection(sel);
        QCOMPARE(v.devices(), (std::vector<std::uint16_t>{2}));
        QVERIFY(v.waitForData(60000));
        QCOMPARE(plottables<QCPGraph>(dp).size(), std::size_t(2));
        QVERIFY(plottables<QCPGraph>(dp)[0]->name().startsWith(QLatin1String("Device 2")));
    }

    void clickingAnIterationBarMovesTheTimeline()
    {
        ui::MainWindow w;
        w.resize(1600, 1000);
        w.show();
        QVERIFY(guitest::openProject(w, projects_.full));
        auto sel = session(projects_.full);
        sel.device = 1;
        w.projectExplorer()->select(sel);
        QCOMPARE(w.selection().device, 1);
        auto *charts = w.findChild<ChartsView *>(QStringLiteral("charts"));
        QVERIFY(charts);
        const int tab = w.views()->indexOf(charts);
        QVERIFY(tab >= 0);
        QCOMPARE(w.views()->tabText(tab), QStringLiteral("Charts"));
        w.views()->setCurrentIndex(tab);
        QVERIFY(charts->waitForData(60000));
        charts->setCurrentChart(ChartsView::Steps);
        QCoreApplication::processEvents();
        QCustomPlot *p = charts->plot(ChartsView::Steps);
        QVERIFY(p->isVisible());
        auto bars = plottables<QCPBars>(p);
        QVERIFY(!bars.empty());
        const double key = 3;
        const QPoint pos(int(p->xAxis->coordToPixel(key)), int(p->yAxis->coordToPixel(valueAt(bars[0], key) / 2)));
        const auto ref = charts->iterationAt(ChartsView::Steps, pos);
        QCOMPARE(ref.device, 1);
        QCOMPARE(ref.iteration, 3u);
        QSignalSpy spy(charts, &ChartsView::showInTimeline);
        QTest::mouseClick(p, Qt::LeftButton, {}, pos);
        QCOMPARE(spy.count(), 1);
        QCOMPARE(w.views()->currentWidget(), static_cast<QWidget *>(w.timeline()));
        // The evidence applies once the selected session is shown (it opens on a worker).
        QVERIFY(w.timeline()->waitForOpen(60000));
        const auto [t0, t1] = w.timeline()->visibleRange();
        QVERIFY2(t0 <= ref.start && t1 >= ref.end, qPrintable(QStringLiteral("%1..%2 vs %3..%4").arg(t0).arg(t1).arg(ref.start).arg(ref.end)));
        QVERIFY(t1 - t0 < 3 * (ref.end - ref.start));
        const auto [s0, s1] = w.timeline()->selectedRange();
        QCOMPARE(s0, ref.start);
        QCOMPARE(s1, ref.end);
    }
};

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    if (argc >= 3 && QByteArray(argv[1]) == "--record") {
        // The screenshot session of the issue: ResNet-50 on 4 devices with a straggler.
        ProfilingOptions o;
        ProfilingOptions::parse(chartprojects::kAllOn, &o);
        SessionSpec s;
        s.model = QStringLiteral("resnet50");
        s.devicesPerServer = 4;
        s.iterations = 6;
        s.scenarios = {QStringLiteral("straggler")};
        store::StoreError e;
        QString err;
        auto w = store::ProjectWriter::create(QString::fromLocal8Bit(argv[2]), &e, &err);
        if (!w || device::Emulator(s, o).run(*w) != SessionStatus::Complete) {
            qWarning("%s", qPrintable(err));
            return 1;
        }
        return 0;
    }
    if (argc >= 3 && QByteArray(argv[1]) == "--show") {
        guitest::isolateSettings();
        ChartsView v;
        v.resize(1500, 900);
        v.show();
        ui::ExplorerSelection s;
        s.projectPath = QString::fromLocal8Bit(argv[2]);
        s.sessionId = argc >= 4 ? QByteArray(argv[3]).toLongLong() : 1;
        if (app.arguments().contains(QStringLiteral("--dark")))
            ui::applyTheme(ui::Theme::Dark);
        for (const QString &a : app.arguments())
            if (a.startsWith(QStringLiteral("--chart=")))
                v.setCurrentChart(ChartsView::Chart(a.mid(8).toInt()));
        v.setSelection(s);
        return app.exec();
    }
    ChartsViewTest t;
    return QTest::qExec(&t, argc, argv);
}

#include "test_charts_view.moc"
