// The Advisor tab on real recorded sessions (emulator), offscreen: a straggler run lists
// the straggler finding as analysis::advise() computes it, the detail pane shows its
// evidence and suggestion, and "Show in Timeline" brings the main window's timeline to the
// finding's place; a clean run says it looks healthy; an unknown session says why it
// cannot be analysed; a language switch recomputes.
#include "core/analysis/advisor.h"
#include "tests/test_record.h"
#include "core/store/project.h"
#include "device/emulator.h"
#include "test_gui_support.h"
#include "ui/main_window.h"
#include "ui/timeline/timeline_view.h"
#include "ui/views/advisor_view.h"

#include <QAbstractItemModelTester>
#include <QLabel>
#include <QPushButton>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QTreeWidget>
#include <QtTest>
#include <set>

using namespace npuscope;
using npuscope::ui::AdvisorView;

namespace {

bool record(const QString &path, const QString &model, int devices, int iterations, const QStringList &scenarios,
            QString *error)
{
    ProfilingOptions o = guitest::traceOptions(QStringLiteral("/tmp"), Switch::On);
    o.aicpu = Switch::On;
    SessionSpec s = guitest::runSpec(model, 32, iterations, devices);
    s.scenarios = scenarios;
    s.seed = 11;
    return testrecord::recordComplete(s, o, path, error);
}

std::vector<analysis::Finding> adviseStored(const QString &path, std::int64_t session)
{
    const testrecord::OpenedSession o = testrecord::openSession(path, session);
    return o.reader ? analysis::advise(*o.reader) : std::vector<analysis::Finding>{};
}

} // namespace

class AdvisorViewTest : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString straggler_, clean_;

private slots:
    void initTestCase()
    {
        guitest::isolateSettings();
        QVERIFY(dir_.isValid());
        QString err;
        straggler_ = dir_.filePath(QStringLiteral("straggler.npuscope"));
        QVERIFY2(record(straggler_, QStringLiteral("alexnet"), 2, 4, {QStringLiteral("straggler")}, &err), qPrintable(err));
        clean_ = dir_.filePath(QStringLiteral("clean.npuscope"));
        QVERIFY2(record(clean_, QStringLiteral("resnet50"), 1, 4, {}, &err), qPrintable(err));
    }

    // In the main window: the tab lists what advise() finds, in its order; the straggler
    // finding's detail names the evidence; Show in Timeline moves the timeline there.
    void stragglerListedAndShownInTimeline()
    {
        ui::MainWindow w;
        auto *view = guitest::openWithTab<AdvisorView>(w, straggler_);
        QVERIFY(view);
        QCOMPARE(w.views()->tabText(w.views()->indexOf(view)), QStringLiteral("Advisor"));
        QAbstractItemModelTester tester(view->list()->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);

        w.projectExplorer()->select({w.projectPath(), 1});
        w.views()->setCurrentWidget(view);
        QVERIFY(view->waitForIdle(120000));

        const auto expected = adviseStored(straggler_, 1);
        QCOMPARE(int(view->findings().size()), int(expected.size()));
        QCOMPARE(view->list()->topLevelItemCount(), int(expected.size()));
        int row = -1;
        for (int i = 0; i < int(expected.size()); ++i) {
            QCOMPARE(view->list()->topLevelItem(i)->text(1), expected[std::size_t(i)].title);
            if (expected[std::size_t(i)].id == "straggler")
                row = i;
        }
        QVERIFY2(row >= 0, "the straggler run has no straggler finding");
        const analysis::Finding &f = expected[std::size_t(row)];
        QCOMPARE(f.devices.size(), std::size_t(1));
        QCOMPARE(int(f.devices.front()), 1); // the emulator slows the last device

        view->selectFinding(row);
        const QString details = view->details()->toPlainText();
        QVERIFY2(details.contains(f.evidence), qPrintable(details));
        QVERIFY(details.contains(f.suggestion));
        QVERIFY(details.contains(QStringLiteral("Devices:")));
        QVERIFY(!view->statusLabel()->text().contains(QLatin1String("healthy")));

        // Show in Timeline: the timeline tab comes forward on the finding's evidence: its
        // devices pinned and highlighted, the whole span of its iterations selected and shown.
        QVERIFY(view->showButton()->isEnabled());
        QVERIFY(w.timeline()->model());
        QVERIFY(w.timeline()->waitForDetails(60000));
        QVERIFY(!f.iterations.empty());
        QCOMPARE(int(view->evidence().size()), int(expected.size()));
        const analysis::EvidenceFocus &ev = view->evidence()[std::size_t(row)];
        QCOMPARE(ev.devices, f.devices);
        QCOMPARE(ev.firstIteration, *std::min_element(f.iterations.begin(), f.iterations.end()));
        QCOMPARE(ev.lastIteration, *std::max_element(f.iterations.begin(), f.iterations.end()));
        QVERIFY(details.contains(QStringLiteral("Show in Timeline pins")) || view->details()->toPlainText().contains(QStringLiteral("Show in Timeline pins")));
        const auto before = w.timeline()->visibleRange();
        QTest::mouseClick(view->showButton(), Qt::LeftButton);
        QCOMPARE(w.views()->currentWidget(), static_cast<QWidget *>(w.timeline()));
        // The evidence applies once the selected session is shown (it opens on a worker).
        QVERIFY(w.timeline()->waitForOpen(60000));
        QCOMPARE(w.timeline()->focusedDevices(), f.devices);
        // Every iteration of the finding on each affected device lies in the selected range.
        const auto [s0, s1] = w.timeline()->selectedRange();
        QCOMPARE(s0, ev.start);
        QCOMPARE(s1, ev.end);
        {
            store::StoreError e;
            QString msg;
            auto p = store::Project::open(straggler_, store::Project::Mode::ReadOnly, &e, &msg);
            auto r = p ? p->session(1, &msg) : nullptr;
            QVERIFY(r);
            int covered = 0;
            std::set<std::pair<std::uint16_t, std::uint32_t>> models;
            for (const IterationKey &k : r->iterations())
                if (std::find(f.devices.begin(), f.devices.end(), k.device) != f.devices.end())
                    models.emplace(k.device, k.modelId);
            for (const auto &dm : models)
                for (const StepTraceRecord &st : r->stepTraces(dm.first, dm.second)) {
                    const std::uint16_t d = dm.first;
                    if (std::find(f.iterations.begin(), f.iterations.end(), st.iteration) == f.iterations.end())
                        continue;
                    const TimeNs begin = st.previousIterationEnd >= 0 ? st.previousIterationEnd : st.fpStart;
                    QVERIFY2(begin >= s0 && st.iterationEnd <= s1,
                             qPrintable(QStringLiteral("iteration %1 of device %2 (%3..%4) outside %5..%6")
                                            .arg(st.iteration).arg(d).arg(begin).arg(st.iterationEnd).arg(s0).arg(s1)));
                    ++covered;
                }
            QCOMPARE(covered, int(f.iterations.size() * f.devices.size()));
        }
        const auto after = w.timeline()->visibleRange();
        QVERIFY(after != before);
        QVERIFY(after.first <= s0 && after.second >= s1);
        QVERIFY(after.second - after.first < (s1 - s0) * 13 / 10); // the span, a little context
        // The device's lanes are pinned at the top: the pinned lanes are all of device 1,
        // the busiest stream among them.
        const std::vector<int> pinned = w.timeline()->pinnedLanes();
        QVERIFY(!pinned.empty());
        bool stream = false;
        for (int lane : pinned) {
            const auto &l = w.timeline()->model()->lanes[std::size_t(lane)];
            QCOMPARE(int(l.device), int(f.devices.front()));
            stream = stream || l.kind == ui::timeline::LaneKind::Stream;
        }
        QVERIFY(stream);
        const auto shown = w.timeline()->shownLanes();
        QCOMPARE(shown.front(), pinned.front()); // pinned lanes come first
        // Another focus unpins what this one pinned.
        QVERIFY(w.timeline()->focusEvidence({0}, s0, s1));
        for (int lane : w.timeline()->pinnedLanes())
            QCOMPARE(int(w.timeline()->model()->lanes[std::size_t(lane)].device), 0);
        w.timeline()->clearFocus();
        QVERIFY(w.timeline()->pinnedLanes().empty());
        QVERIFY(w.timeline()->focusedDevices().empty());
    }

    void cleanRunLooksHealthy()
    {
        const auto expected = adviseStored(clean_, 1);
        AdvisorView view;
        view.resize(900, 600);
        view.show();
        view.setSession(clean_, 1);
        QVERIFY(view.waitForIdle(120000));
        for (const auto &f : expected)
            qInfo("finding %s: %s", f.id.c_str(), qPrintable(f.evidence));
        QVERIFY2(expected.empty(), "the clean run has findings; the healthy message needs a run without any");
        QVERIFY(view.findings().empty());
        QCOMPARE(view.list()->topLevelItemCount(), 0);
        QCOMPARE(view.statusLabel()->text(), QStringLiteral("No findings: this run looks healthy."));
        QVERIFY(view.details()->toPlainText().contains(QStringLiteral("this run looks healthy")));
        QVERIFY(!view.showButton()->isEnabled());
    }

    // Recorded without hccl and training_trace: no findings is not "healthy"; the status
    // says how many rules could not run and the details name them with the option to set.
    void sparseRunSaysWhatCouldNotRun()
    {
        ProfilingOptions o;
        o.output = QStringLiteral("/tmp");
        o.taskTrace = Switch::On;
        SessionSpec s;
        s.model = QStringLiteral("lenet");
        s.batchSize = 32;
        s.devicesPerServer = 2;
        s.iterations = 3;
        s.seed = 11;
        const QString path = dir_.filePath(QStringLiteral("sparse.npuscope"));
        QString err;
        QVERIFY2(testrecord::recordComplete(s, o, path, &err), qPrintable(err));
        AdvisorView view;
        view.resize(900, 600);
        view.show();
        view.setSession(path, 1);
        QVERIFY(view.waitForIdle(120000));
        QVERIFY(!view.coverage().notRun.empty());
        const QString status = view.statusLabel()->text();
        QVERIFY2(!status.contains(QStringLiteral("healthy")), qPrintable(status));
        QVERIFY2(status.contains(QStringLiteral("could not run")), qPrintable(status));
        QVERIFY(view.statusLabel()->toolTip().contains(QStringLiteral("hccl was off")));
        if (view.findings().empty()) {
            const QString details = view.details()->toPlainText();
            QVERIFY2(details.contains(QStringLiteral("Rules that could not run")) && details.contains(QStringLiteral("training_trace was off")),
                     qPrintable(details));
        }
    }

    // Not computed while hidden; computed when shown.
    void computesWhenShown()
    {
        AdvisorView view;
        view.setSession(straggler_, 1);
        QCoreApplication::processEvents();
        QVERIFY(view.findings().empty());
        QVERIFY(!view.isBusy());
        view.show();
        QVERIFY(view.waitForIdle(120000));
        QVERIFY(!view.findings().empty());
    }

    void unknownSessionSaysWhy()
    {
        AdvisorView view;
        view.show();
        view.setSession(straggler_, 42);
        QVERIFY(view.waitForIdle(60000));
        QVERIFY(view.findings().empty());
        const QString s = view.statusLabel()->text();
        QVERIFY2(s.startsWith(QStringLiteral("The session could not be analysed:")), qPrintable(s));
        QVERIFY(!s.contains(QLatin1String("healthy")));

        view.setSession(dir_.filePath(QStringLiteral("missing.npuscope")), 1);
        QVERIFY(view.waitForIdle(60000));
        QVERIFY2(view.statusLabel()->text().startsWith(QStringLiteral("The session could not be analysed:")),
                 qPrintable(view.statusLabel()->text()));
    }

    // Switching sessions while the analysis runs cancels it; the last one wins.
    void switchingCancels()
    {
        AdvisorView view;
        view.show();
        view.setSession(straggler_, 1);
        view.setSession(clean_, 1);
        QVERIFY(view.waitForIdle(120000));
        QCOMPARE(int(view.findings().size()), int(adviseStored(clean_, 1).size()));
    }

    // A language change recomputes (findings carry translated text) and keeps the row.
    void languageChangeRecomputes()
    {
        AdvisorView view;
        view.show();
        view.setSession(straggler_, 1);
        QVERIFY(view.waitForIdle(120000));
        QVERIFY(view.findings().size() >= 1);
        const int row = int(view.findings().size()) - 1;
        view.selectFinding(row);
        QSignalSpy finished(&view, &AdvisorView::analysisFinished);
        QEvent change(QEvent::LanguageChange);
        QCoreApplication::sendEvent(&view, &change);
        QVERIFY(view.isBusy() || finished.count() == 1);
        QVERIFY(view.waitForIdle(120000));
        QCOMPARE(finished.count(), 1);
        QCOMPARE(view.selectedFinding(), row);
    }
};

QTEST_MAIN(AdvisorViewTest)
#include "test_advisor_view.moc"
