// The Compare tab on two real recorded sessions (emulator, AlexNet batch 32 and 64),
// offscreen: default runs (A = selected, B = the one before), the op table holds
// diffRuns()'s rows in impact order, sorts numerically, highlights the regressions; the
// step table has diffRuns()'s steps; the two timelines follow each other's zoom aligned on
// each run's first iteration (and stop following when unlocked); B from another project;
// an unreadable other project leaves B as it was and says why.
#include "core/analysis/run_diff.h"
#include "tests/test_record.h"
#include "core/store/project.h"
#include "device/emulator.h"
#include "test_gui_support.h"
#include "ui/main_window.h"
#include "ui/timeline/timeline_view.h"
#include "ui/views/compare_model.h"
#include "ui/views/compare_view.h"
#include "tests/test_files.h"

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

using namespace npuscope;
using npuscope::ui::CompareOpsModel;
using npuscope::ui::CompareView;

namespace {

bool record(const QString &path, int batch, int iterations, QString *error)
{
    SessionSpec s = guitest::runSpec(QStringLiteral("alexnet"), batch, iterations, 2);
    s.seed = 3;
    return testrecord::recordComplete(s, guitest::traceOptions(QStringLiteral("/tmp"), Switch::On), path, error);
}

using testrecord::OpenedSession;
using testrecord::openSession;

analysis::RunDiff expectedDiff(const QString &pathA, std::int64_t a, const QString &pathB, std::int64_t b)
{
    OpenedSession ra = openSession(pathA, a), rb = openSession(pathB, b);
    if (!ra.reader || !rb.reader)
        return {};
    return analysis::diffRuns(*ra.reader, *rb.reader);
}

TimeNs firstFpStart(const QString &path, std::int64_t id)
{
    OpenedSession o = openSession(path, id);
    TimeNs best = std::numeric_limits<TimeNs>::max();
    for (const DeviceInfo &d : o.reader->sessionInfo().devices)
        for (const ModelInfo &m : o.reader->sessionInfo().models)
            for (const StepTraceRecord &s : o.reader->stepTraces(d.id, m.id))
                best = std::min(best, s.fpStart);
    return best;
}

} // namespace

class CompareViewTest : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString path_, other_;

    void checkTable(CompareView &view, const analysis::RunDiff &expected)
    {
        CompareOpsModel *m = view.opsModel();
        QVERIFY(!expected.ops.empty());
        QCOMPARE(m->rowCount(), int(expected.ops.size()));
        for (int r = 0; r < m->rowCount(); ++r) {
            const analysis::OpTypeDiff &e = expected.ops[std::size_t(r)];
            QCOMPARE(m->index(r, CompareOpsModel::OpType).data().toString(), QString::fromStdString(e.opType));
            QCOMPARE(m->index(r, CompareOpsModel::CountA).data(CompareOpsModel::ValueRole).toDouble(), double(e.countA));
            QCOMPARE(m->index(r, CompareOpsModel::CountB).data(CompareOpsModel::ValueRole).toDouble(), double(e.countB));
            QCOMPARE(m->index(r, CompareOpsModel::Delta).data(CompareOpsModel::ValueRole).toDouble(), e.delta);
            const double pct = m->index(r, CompareOpsModel::Percent).data(CompareOpsModel::ValueRole).toDouble();
            if (std::isnan(e.percent)) {
                QVERIFY(std::isnan(pct));
                QCOMPARE(m->index(r, CompareOpsModel::Percent).data().toString(), QStringLiteral("—"));
                QVERIFY(!m->index(r, CompareOpsModel::Percent).data(Qt::ToolTipRole).toString().isEmpty());
            } else {
                QCOMPARE(pct, e.percent);
            }
            bool regression = false;
            for (const auto &g : expected.regressions)
                regression = regression || g.opType == e.opType;
            QCOMPARE(m->index(r, CompareOpsModel::OpType).data(CompareOpsModel::RegressionRole).toBool(), regression);
            QCOMPARE(m->index(r, CompareOpsModel::Delta).data(Qt::BackgroundRole).isValid(), regression);
        }
        QCOMPARE(view.stepsTable()->rowCount(), int(expected.steps.size()));
        for (int r = 0; r < view.stepsTable()->rowCount(); ++r)
            QCOMPARE(view.stepsTable()->item(r, 0)->text(), expected.steps[std::size_t(r)].name);
    }

private slots:
    void initTestCase()
    {
        guitest::isolateSettings();
        QVERIFY(dir_.isValid());
        QString err;
        path_ = dir_.filePath(QStringLiteral("two.npuscope"));
        QVERIFY2(record(path_, 32, 3, &err), qPrintable(err));   // session 1
        QVERIFY2(record(path_, 64, 3, &err), qPrintable(err));   // session 2
        other_ = dir_.filePath(QStringLiteral("other.npuscope"));
        QVERIFY2(record(other_, 16, 2, &err), qPrintable(err));
    }

    void defaultsTableAndSteps()
    {
        CompareView view;
        QAbstractItemModelTester tester(view.opsModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        view.resize(1300, 900);
        view.show();
        view.setSelection(path_, 2);
        QCOMPARE(view.runA(), (CompareView::Run{path_, 2}));
        QCOMPARE(view.runB(), (CompareView::Run{path_, 1}));
        QVERIFY(view.waitForIdle(120000));
        QVERIFY2(view.statusLabel()->text().contains(QStringLiteral("B − A")), qPrintable(view.statusLabel()->text()));
        // The Δ hint has a row of its own, as wide as the view, and the narrow run choosers
        // carry the whole names in their tooltips.
        QVERIFY2(view.statusLabel()->width() > view.width() / 2, qPrintable(QString::number(view.statusLabel()->width())));
        QCOMPARE(view.findChild<QComboBox *>(QStringLiteral("compareRunA"))->toolTip(),
                 view.findChild<QComboBox *>(QStringLiteral("compareRunA"))->currentText());
        checkTable(view, expectedDiff(path_, 2, path_, 1));
        // A batch-64 run compared to batch 32: the previous run is faster per iteration,
        // so B (batch 32) shows improvements; swapped, the op time regresses.
        view.swapRuns();
        QCOMPARE(view.runA(), (CompareView::Run{path_, 1}));
        QCOMPARE(view.runB(), (CompareView::Run{path_, 2}));
        QVERIFY(view.waitForIdle(120000));
        const analysis::RunDiff swapped = expectedDiff(path_, 1, path_, 2);
        checkTable(view, swapped);
        QVERIFY(!swapped.regressions.empty());
        QVERIFY(view.regressionsLabel()->text().contains(QString::fromStdString(swapped.regressions.front().opType)));

        // Numeric sort: by delta descending (display strings like "+1.2 ms" / "850 µs"
        // would sort wrongly as text), then back to impact order.
        view.opsTable()->sortByColumn(CompareOpsModel::Delta, Qt::DescendingOrder);
        CompareOpsModel *m = view.opsModel();
        for (int r = 1; r < m->rowCount(); ++r)
            QVERIFY(m->index(r - 1, CompareOpsModel::Delta).data(CompareOpsModel::ValueRole).toDouble() >=
                    m->index(r, CompareOpsModel::Delta).data(CompareOpsModel::ValueRole).toDouble());
        view.opsTable()->sortByColumn(CompareOpsModel::MeanA, Qt::AscendingOrder);
        for (int r = 1; r < m->rowCount(); ++r)
            QVERIFY(m->index(r - 1, CompareOpsModel::MeanA).data(CompareOpsModel::ValueRole).toDouble() <=
                    m->index(r, CompareOpsModel::MeanA).data(CompareOpsModel::ValueRole).toDouble());
        m->sort(-1);
        QCOMPARE(m->index(0, CompareOpsModel::OpType).data().toString(), QString::fromStdString(swapped.ops.front().opType));
    }

    void synchronisedZoom()
    {
        CompareView view;
        view.resize(1300, 900);
        view.show();
        view.setSelection(path_, 2);
        view.pages()->setCurrentIndex(1);
        QVERIFY(view.waitForIdle(120000));
        const auto [alignA, alignB] = view.alignment();
        QCOMPARE(alignA, firstFpStart(path_, 2));
        QCOMPARE(alignB, firstFpStart(path_, 1));
        QVERIFY(view.timelineA()->model());
        QVERIFY(view.timelineB()->model());
        QVERIFY(view.lockZoom()->isChecked());

        // Zoom the top on its first iteration's first millisecond: the bottom shows the
        // same offset from its own first iteration.
        const TimeNs x = 200'000, y = 1'200'000;
        view.timelineA()->setVisibleRange(alignA + x, alignA + y);
        auto a = view.timelineA()->visibleRange();
        auto b = view.timelineB()->visibleRange();
        QVERIFY2(std::abs((a.first - alignA) - x) <= 2 && std::abs((a.second - alignA) - y) <= 2,
                 qPrintable(QStringLiteral("%1..%2").arg(a.first - alignA).arg(a.second - alignA)));
        QVERIFY2(std::abs((b.first - alignB) - x) <= 2 && std::abs((b.second - alignB) - y) <= 2,
                 qPrintable(QStringLiteral("%1..%2").arg(b.first - alignB).arg(b.second - alignB)));

        // And the other way round.
        view.timelineB()->setVisibleRange(alignB + 2 * x, alignB + 2 * y);
        a = view.timelineA()->visibleRange();
        QVERIFY(std::abs((a.first - alignA) - 2 * x) <= 2 && std::abs((a.second - alignA) - 2 * y) <= 2);

        // Unlocked: the bottom stays where it is.
        view.lockZoom()->setChecked(false);
        const auto keep = view.timelineB()->visibleRange();
        view.timelineA()->setVisibleRange(alignA + x, alignA + y);
        QCOMPARE(view.timelineB()->visibleRange(), keep);
        // Locked again: B follows A at once.
        view.lockZoom()->setChecked(true);
        b = view.timelineB()->visibleRange();
        QVERIFY(std::abs((b.first - alignB) - x) <= 2 && std::abs((b.second - alignB) - y) <= 2);

        // Another pair of runs (A changed): once both are open, the lock holds again —
        // B shows A's offset from A's first iteration, however the timelines restored
        // their own windows.
        view.setRuns({path_, 1}, {path_, 2});
        QVERIFY(view.waitForIdle(120000));
        QVERIFY(view.timelineA()->waitForDetails(120000));
        QVERIFY(view.timelineB()->waitForDetails(120000));
        QApplication::processEvents();
        {
            const auto [na, nb] = view.alignment();
            QCOMPARE(na, firstFpStart(path_, 1));
            QCOMPARE(nb, firstFpStart(path_, 2));
            const auto ra = view.timelineA()->visibleRange();
            const auto rb = view.timelineB()->visibleRange();
            QVERIFY2(std::abs((ra.first - na) - (rb.first - nb)) <= 2 && std::abs((ra.second - na) - (rb.second - nb)) <= 2,
                     qPrintable(QStringLiteral("A %1..%2, B %3..%4 (from each first iteration)")
                                    .arg(ra.first - na).arg(ra.second - na).arg(rb.first - nb).arg(rb.second - nb)));
        }
        view.setRuns({path_, 2}, {path_, 1});
        QVERIFY(view.waitForIdle(120000));
        QVERIFY(view.timelineA()->waitForDetails(120000));
        QVERIFY(view.timelineB()->waitForDetails(120000));
        QApplication::processEvents();

        // The stacked timelines start with their panels collapsed: the plots get the height.
        QVERIFY(view.timelineA()->isPanelCollapsed());
        QVERIFY(view.timelineB()->isPanelCollapsed());
        const int plotHeight = view.timelineA()->plot()->height();
        // A range selection opens A's panel (the statistics) and leaves B's as it was.
        view.timelineA()->selectRange(alignA + x, alignA + y);
        QApplication::processEvents();
        QVERIFY(!view.timelineA()->isPanelCollapsed());
        QVERIFY(view.timelineB()->isPanelCollapsed());
        QVERIFY2(view.timelineA()->plot()->height() < plotHeight,
                 qPrintable(QStringLiteral("%1 → %2").arg(plotHeight).arg(view.timelineA()->plot()->height())));
    }

    void otherProjectAsB()
    {
        CompareView view;
        view.show();
        view.setSelection(path_, 1);
        QVERIFY(view.waitForIdle(120000));
        QVERIFY(view.addOtherProject(other_));
        QCOMPARE(view.runB(), (CompareView::Run{QFileInfo(other_).absoluteFilePath(), 1}));
        QVERIFY(view.runBCombo()->currentText().startsWith(QStringLiteral("other.npuscope: ")));
        QVERIFY(view.waitForIdle(120000));
        checkTable(view, expectedDiff(path_, 1, other_, 1));
        // "Other project…" stays the last entry of B's list.
        QCOMPARE(view.runBCombo()->itemText(view.runBCombo()->count() - 1), QStringLiteral("Other project…"));

        // Not a project: B is kept, the message names the file.
        const QString bad = dir_.filePath(QStringLiteral("not-a-project.npuscope"));
        QVERIFY(testfiles::writeFile(bad, "this is not sqlite"));
        const CompareView::Run before = view.runB();
        QVERIFY(!view.addOtherProject(bad));
        QVERIFY(!view.errorString().isEmpty());
        QCOMPARE(view.statusLabel()->text(), view.errorString());
        QCOMPARE(view.runB(), before);
    }

    void oneSessionAsksForASecond()
    {
        const QString single = dir_.filePath(QStringLiteral("single.npuscope"));
        QString err;
        QVERIFY2(record(single, 32, 2, &err), qPrintable(err));
        CompareView view;
        view.show();
        view.setSelection(single, 1);
        QVERIFY(view.waitForIdle(1000));
        QCOMPARE(view.runB().sessionId, std::int64_t(0));
        QCOMPARE(view.opsModel()->rowCount(), 0);
        QVERIFY2(view.statusLabel()->text().contains(QStringLiteral("second session")), qPrintable(view.statusLabel()->text()));
    }

    void mainWindowHasTheTab()
    {
        ui::MainWindow w;
        auto *view = guitest::openWithTab<CompareView>(w, path_);
        QVERIFY(view);
        QCOMPARE(w.views()->tabText(w.views()->indexOf(view)), QStringLiteral("Compare"));
        w.projectExplorer()->select({w.projectPath(), 2});
        QCOMPARE(view->runA().sessionId, std::int64_t(2));
        QCOMPARE(view->runB().sessionId, std::int64_t(1));
        w.views()->setCurrentWidget(view);
        QVERIFY(view->waitForIdle(120000));
        QVERIFY(view->opsModel()->rowCount() > 0);
    }
};

QTEST_MAIN(CompareViewTest)
#include "test_compare_view.moc"
