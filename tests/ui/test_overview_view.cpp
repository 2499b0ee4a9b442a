// The Overview dashboard on a recorded straggler session (AlexNet, 2 devices, 4 iterations,
// batch 16), offscreen: the iteration-time chart holds each device's step-trace iteration
// times, the cards give the steady mean and the throughput computed here from the stored
// step traces (iteration 1 left out, batch × Σ 1/mean), the top op types are
// chart_data's, the findings are the advisor's with links to the Advisor tab and to the
// evidence in the timeline; an import's batch is unknown, never invented.
//
//   ui_overview_view                      the test (ctest)
//   ui_overview_view --show PROJECT [SESSION] [--dark] [--evidence] [--charts]   the main window on
//       that project (--evidence: then the first finding's evidence in the timeline;
//       --charts: the Charts tab on the iteration breakdown of every device)

#include "core/analysis/advisor_coverage.h"
#include "core/analysis/dashboard.h"
#include "core/store/project.h"
#include "core/text/display.h"
#include "tests/test_data.h"
#include "tests/test_record.h"
#include "test_gui_support.h"
#include "ui/appearance.h"
#include "ui/main_window.h"
#include "ui/timeline/timeline_view.h"
#include "ui/views/advisor_view.h"
#include "ui/views/chart_view.h"
#include "ui/views/overview_view.h"

#include <QApplication>
#include <QLabel>
#include <QScreen>
#include <QTableWidget>
#include <QTabWidget>
#include <QTimer>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QtTest>
#include <set>
#include <qcustomplot.h>

using namespace npuscope;

namespace {

std::unique_ptr<store::ProjectReader> readerOf(const QString &path, std::unique_ptr<store::Project> *keep)
{
    store::StoreError e;
    QString msg;
    *keep = store::Project::open(path, store::Project::Mode::ReadOnly, &e, &msg);
    return *keep ? (*keep)->session(1, &msg) : nullptr;
}

// Every step trace of a device (over its models).
std::vector<StepTraceRecord> stepsOf(const TraceReader &r, std::uint16_t device)
{
    std::set<std::uint32_t> models;
    for (const IterationKey &k : r.iterations())
        if (k.device == device)
            models.insert(k.modelId);
    std::vector<StepTraceRecord> out;
    for (std::uint32_t m : models)
        for (const StepTraceRecord &s : r.stepTraces(device, m))
            out.push_back(s);
    return out;
}

} // namespace

class OverviewViewTest : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString path_;

private slots:
    void initTestCase()
    {
        guitest::isolateSettings();
        QVERIFY(dir_.isValid());
        path_ = dir_.filePath(QStringLiteral("straggler.npuscope"));
        ProfilingOptions o = guitest::traceOptions(QStringLiteral("/tmp"), Switch::On);
        o.aicpu = Switch::On;
        SessionSpec s = guitest::runSpec(QStringLiteral("alexnet"), 16, 4, 2);
        s.scenarios = {QStringLiteral("straggler")};
        s.seed = 11;
        QString err;
        QVERIFY2(testrecord::recordComplete(s, o, path_, &err), qPrintable(err));
    }

    void dashboardFiguresMatchTheSession()
    {
        ui::MainWindow w;
        w.resize(1600, 1000);
        w.show();
        QVERIFY(guitest::openProject(w, path_));
        ui::OverviewView *o = w.dashboard();
        QVERIFY(o);
        QCOMPARE(w.views()->tabText(w.views()->indexOf(o)), QStringLiteral("Overview"));
        QCOMPARE(w.overview(), o->facts());
        w.views()->setCurrentWidget(o);
        w.projectExplorer()->select({w.projectPath(), 1});
        QVERIFY(o->waitForData(120000));
        QVERIFY(o->findChild<QWidget *>(QStringLiteral("overviewBoard"))->isVisible());
        // The facts are still there.
        QVERIFY(w.overview()->toPlainText().contains(QStringLiteral("Batch size")));

        std::unique_ptr<store::Project> keep;
        auto reader = readerOf(path_, &keep);
        QVERIFY(reader);

        // Iteration time per device: one line per device, the stored step-trace times.
        QCustomPlot *p = o->iterationPlot();
        QVERIFY(p->isVisible());
        QVERIFY(!o->findChild<QLabel *>(QStringLiteral("overviewNoIterations"))->isVisible());
        QCOMPARE(p->plottableCount(), 2);
        double sps = 0, meanSum = 0;
        for (int d = 0; d < 2; ++d) {
            auto *g = qobject_cast<QCPGraph *>(p->plottable(d));
            QVERIFY(g);
            QVERIFY(g->name().startsWith(QStringLiteral("Device %1").arg(d)));
            const auto steps = stepsOf(*reader, std::uint16_t(d));
            QCOMPARE(g->data()->size(), int(steps.size()));
            double steady = 0;
            int n = 0;
            for (const StepTraceRecord &st : steps) {
                const TimeNs begin = st.previousIterationEnd >= 0 ? st.previousIterationEnd : st.fpStart;
                const double ms = double(st.iterationEnd - begin) / 1e6;
                QVERIFY(std::abs(g->data()->findBegin(st.iteration, false)->value - ms) < 1e-9);
                if (st.iteration != 1) {
                    steady += double(st.iterationEnd - begin);
                    ++n;
                }
            }
            QCOMPARE(n, 3);
            meanSum += steady / n;
            sps += 16.0 * 1e9 / (steady / n);
        }
        // The straggler (device 1) is drawn as such.
        QVERIFY(qobject_cast<QCPGraph *>(p->plottable(1))->name().contains(QLatin1String("straggler")));
        const QString iterationCard = o->cardText(QStringLiteral("iteration"));
        QVERIFY2(iterationCard.contains(display::number(meanSum / 2 / 1e6, 3)), qPrintable(iterationCard));
        QVERIFY(iterationCard.contains(QLatin1String("warm-up")));
        const QString throughput = o->cardText(QStringLiteral("throughput"));
        QVERIFY2(throughput.contains(display::number(sps, 1) + QStringLiteral(" samples/s")), qPrintable(throughput));
        QVERIFY(throughput.contains(QLatin1String("batch 16")));
        QVERIFY(o->cardText(QStringLiteral("iterations")).startsWith(QLatin1String("4\n")));
        QVERIFY(o->cardText(QStringLiteral("devices")).startsWith(QLatin1String("2\n")));

        // Top op types: chart_data's, with shares of all task time within [0, 100].
        const analysis::Dashboard want = analysis::computeDashboard(*reader, 16);
        QTableWidget *ops = o->topOpsTable();
        QCOMPARE(ops->rowCount(), int(want.topOps.rows.size()));
        QVERIFY(ops->rowCount() > 1);
        double shares = 0;
        for (int r = 0; r < ops->rowCount(); ++r) {
            const auto &row = want.topOps.rows[std::size_t(r)];
            if (!row.other)
                QCOMPARE(ops->item(r, 0)->text(), QString::fromStdString(row.opType));
            QCOMPARE(ops->item(r, 1)->text(), display::number(double(row.total) / 1e6, 3));
            QCOMPARE(ops->item(r, 3)->text(), display::count(std::int64_t(row.count)));
            const double share = QLocale().toDouble(ops->item(r, 2)->text().section(QLatin1Char(' '), 0, 0));
            QVERIFY(share >= 0 && share <= 100);
            shares += share;
        }
        QVERIFY(std::abs(shares - 100) < 0.1 * ops->rowCount());

        // Findings: the advisor's, each with its links.
        const analysis::Advice advice = analysis::adviseSession(*reader);
        QCOMPARE(o->findings().size(), advice.findings.size());
        QVERIFY(!advice.findings.empty());
        const QString list = o->findingsBrowser()->toPlainText();
        int straggler = -1;
        for (std::size_t i = 0; i < advice.findings.size(); ++i) {
            QVERIFY2(list.contains(advice.findings[i].title), qPrintable(list));
            if (advice.findings[i].id == "straggler")
                straggler = int(i);
        }
        QVERIFY(straggler >= 0);
        QVERIFY(o->findingsBrowser()->toHtml().contains(QStringLiteral("evidence:%1").arg(straggler)));
        QVERIFY(o->cardText(QStringLiteral("findings")).startsWith(QString::number(advice.findings.size())));

        // The evidence link: the timeline on the straggler's device and iterations.
        QVERIFY(w.timeline()->waitForDetails(60000));
        o->activateLink(QStringLiteral("evidence:%1").arg(straggler));
        QCOMPARE(w.views()->currentWidget(), static_cast<QWidget *>(w.timeline()));
        // The evidence applies once the selected session is shown (it opens on a worker).
        QVERIFY(w.timeline()->waitForOpen(60000));
        QCOMPARE(w.timeline()->focusedDevices(), advice.findings[std::size_t(straggler)].devices);
        const analysis::EvidenceFocus ev = analysis::evidenceFocus(*reader, advice.findings[std::size_t(straggler)]);
        QVERIFY(w.timeline()->selectedRange() == (std::pair<TimeNs, TimeNs>{ev.start, ev.end}));

        // The finding link: the Advisor tab with that finding selected.
        auto *advisor = w.findChild<ui::AdvisorView *>();
        o->activateLink(QStringLiteral("finding:%1").arg(straggler));
        QCOMPARE(w.views()->currentWidget(), static_cast<QWidget *>(advisor));
        QVERIFY(advisor->waitForIdle(120000));
        QTRY_COMPARE(advisor->selectedFinding(), straggler);

        // A click on a chart point: that iteration of that device in the timeline.
        w.views()->setCurrentWidget(o);
        QCoreApplication::processEvents();
        auto *g1 = qobject_cast<QCPGraph *>(p->plottable(1));
        const double key = 3;
        const QPoint pos(int(p->xAxis->coordToPixel(key)), int(p->yAxis->coordToPixel(g1->data()->findBegin(key, false)->value)));
        QTest::mouseClick(p, Qt::LeftButton, {}, pos);
        QCOMPARE(w.views()->currentWidget(), static_cast<QWidget *>(w.timeline()));
        // The evidence applies once the selected session is shown (it opens on a worker).
        QVERIFY(w.timeline()->waitForOpen(60000));
        QCOMPARE(w.timeline()->focusedDevices(), std::vector<std::uint16_t>{1});
        for (const StepTraceRecord &st : stepsOf(*reader, 1))
            if (st.iteration == 3)
                QVERIFY(w.timeline()->selectedRange() == (std::pair<TimeNs, TimeNs>{st.previousIterationEnd, st.iterationEnd}));

        // The project itself (no session): the facts only.
        w.projectExplorer()->select({w.projectPath(), 0});
        QVERIFY(!o->findChild<QWidget *>(QStringLiteral("overviewBoard"))->isVisibleTo(o));
    }

    // A torch_npu database of two ranks has no step-trace markers: the dashboard still counts
    // both devices (iteration figures unknown, not zero devices).
    void devicesWithoutStepTraces()
    {
        const QString path = dir_.filePath(QStringLiteral("imported.npuscope"));
        QString err;
        QVERIFY2(guitest::importIntoNewProject(path, testdata::torchDb910b(),
                                               &err) == 1,
                 qPrintable(err));
        ui::MainWindow w;
        w.resize(1600, 1000);
        w.show();
        QVERIFY(guitest::openProject(w, path));
        ui::OverviewView *o = w.dashboard();
        w.views()->setCurrentWidget(o);
        w.projectExplorer()->select({w.projectPath(), 1});
        QVERIFY(o->waitForData(120000));
        const QString devices = o->cardText(QStringLiteral("devices"));
        QVERIFY2(devices.startsWith(QLatin1String("2\n")), qPrintable(devices));
        QVERIFY2(devices.contains(QLatin1String("ids 0, 1")), qPrintable(devices));
        QVERIFY2(devices.contains(QLatin1String("0 with step-trace markers")), qPrintable(devices));
        QVERIFY(o->cardText(QStringLiteral("iteration")).contains(QLatin1String("unknown")));
        // No empty axes: the chart's place says why there is nothing to draw.
        QVERIFY(!o->iterationPlot()->isVisible());
        auto *none = o->findChild<QLabel *>(QStringLiteral("overviewNoIterations"));
        QVERIFY(none && none->isVisible());
        QVERIFY(none->text().contains(QLatin1String("step-trace markers")));
    }

    void batchKnownOnlyWhenRecorded()
    {
        SessionInfo info;
        info.source = QStringLiteral("emulator");
        info.spec.batchSize = 32;
        QVERIFY(analysis::knownBatchPerDevice(info) == std::optional<int>(32));
        info.spec.scenarios = {QStringLiteral("launch-bound")}; // the emulator runs batch 1 then
        QVERIFY(analysis::knownBatchPerDevice(info) == std::optional<int>(1));
        info.source = QStringLiteral("import");
        info.spec.scenarios.clear();
        QVERIFY(!analysis::knownBatchPerDevice(info).has_value());
        // Without a batch the dashboard has no throughput, whatever the iteration times.
        std::unique_ptr<store::Project> keep;
        auto reader = readerOf(path_, &keep);
        QVERIFY(reader);
        const analysis::Dashboard d = analysis::computeDashboard(*reader, std::nullopt);
        QVERIFY(d.steadyMeanNs > 0);
        QVERIFY(!d.samplesPerSecond.has_value());
    }
};

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    if (argc >= 3 && QByteArray(argv[1]) == "--show") {
        guitest::isolateSettings();
        if (app.arguments().contains(QStringLiteral("--dark")))
            ui::applyTheme(ui::Theme::Dark);
        ui::MainWindow w;
        const QSize screen = QGuiApplication::primaryScreen()->availableSize();
        w.resize(std::min(1920, screen.width()), std::min(1050, screen.height()));
        w.show();
        if (!guitest::openProject(w, QString::fromLocal8Bit(argv[2])))
            return 1;
        w.projectExplorer()->select({w.projectPath(), argc >= 4 && argv[3][0] != '-' ? QByteArray(argv[3]).toLongLong() : 1});
        if (app.arguments().contains(QStringLiteral("--evidence")))
            QObject::connect(w.dashboard(), &ui::OverviewView::dataReady, &w, [&w] {
                QTimer::singleShot(1500, &w, [&w] { w.dashboard()->activateLink(QStringLiteral("evidence:0")); });
            });
        if (app.arguments().contains(QStringLiteral("--charts")))
            QTimer::singleShot(500, &w, [&w] {
                if (auto *c = w.findChild<ui::ChartsView *>()) {
                    w.views()->setCurrentWidget(c);
                    c->setCurrentChart(ui::ChartsView::Steps);
                }
            });
        return app.exec();
    }
    OverviewViewTest t;
    return QTest::qExec(&t, argc, argv);
}

#include "test_overview_view.moc"
