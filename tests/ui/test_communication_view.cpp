// The Communication tab, offscreen, on a project holding the real 2-rank torch_npu capture
// (imported with the real importer) and on emulated sessions: the table shows every op ×
// rank of analysis::analyzeCommunication() and each rank's totals, with a bandwidth column
// exactly for the link types the data has; the heat map's cells, colour scale label and
// tooltips follow the rank × rank matrix in megabytes or bandwidth; a session without
// communication says so; the main window has the tab; a language switch retranslates.

#include "core/analysis/communication.h"
#include "core/importing/importer.h"
#include "core/store/project.h"
#include "test_gui_support.h"
#include "tests/test_data.h"
#include "ui/appearance.h"
#include "ui/main_window.h"
#include "ui/views/communication_table.h"
#include "ui/views/communication_view.h"

#include <QComboBox>
#include <QHeaderView>
#include <QLabel>
#include <QTabWidget>
#include <QTableView>

#include <cmath>
#include <QTemporaryDir>
#include <QtTest>

#include <qcustomplot.h>
#include <set>

using namespace npuscope;
using npuscope::ui::CommunicationView;

namespace {

analysis::CommunicationAnalysis analyseStored(const QString &path)
{
    const testrecord::OpenedSession o = testrecord::openSession(path, 1);
    return o.reader ? analysis::analyzeCommunication(*o.reader) : analysis::CommunicationAnalysis{};
}

QStringList headers(const QTableView *t)
{
    QStringList h;
    for (int c = 0; c < t->model()->columnCount(); ++c)
        h << t->model()->headerData(c, Qt::Horizontal).toString();
    return h;
}

QVariant cell(const QTableView *t, int row, int column, int role = Qt::DisplayRole)
{
    return t->model()->index(row, column).data(role);
}

} // namespace

class CommunicationViewTest : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString imported_, emulated_, single_;

private slots:
    void initTestCase()
    {
        guitest::isolateSettings();
        QVERIFY(dir_.isValid());
        const QString capture = testdata::torchText910b();
        NPUSCOPE_REQUIRE_DATA(capture + QStringLiteral("/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/communication.json"));
        QString err;
        imported_ = dir_.filePath(QStringLiteral("torchnpu.npuscope"));
        QVERIFY2(guitest::importIntoNewProject(imported_, capture, &err) > 0, qPrintable(err));
        emulated_ = guitest::record(dir_.filePath(QStringLiteral("two.npuscope")), QStringLiteral("lenet"), 2, 2);
        QVERIFY(!emulated_.isEmpty());
        single_ = guitest::record(dir_.filePath(QStringLiteral("one.npuscope")), QStringLiteral("lenet"), 2, 1);
        QVERIFY(!single_.isEmpty());
    }

    void importedCaptureTableAndSummary()
    {
        const analysis::CommunicationAnalysis expected = analyseStored(imported_);
        QVERIFY(!expected.empty());
        CommunicationView view;
        view.resize(1400, 800);
        view.show();
        view.setSession(imported_, 1);
        QVERIFY(view.waitForIdle(120000));
        QVERIFY(!view.emptyLabel()->isVisible());

        QTableView *t = view.table();
        QCOMPARE(t->model()->rowCount(), int(expected.ranks.size() + expected.ops.size()));
        // Bandwidth columns for the link types the capture moved data on, and no others.
        const QStringList h = headers(t);
        QVERIFY2(h.contains(QStringLiteral("HCCS (GB/s)")) && h.contains(QStringLiteral("SDMA (GB/s)")), qPrintable(h.join(u'|')));
        QVERIFY(!h.contains(QStringLiteral("RDMA (GB/s)")));
        QVERIFY(!h.contains(QStringLiteral("PCIE (GB/s)")));
        const int elapse = int(h.indexOf(QStringLiteral("Elapse (ms)")));
        const int rank = int(h.indexOf(QStringLiteral("Rank")));
        const int hccs = int(h.indexOf(QStringLiteral("HCCS (GB/s)")));
        QVERIFY(elapse >= 0 && rank >= 0);
        // The totals first, then the ops in the analysis' order.
        for (std::size_t i = 0; i < expected.ranks.size(); ++i) {
            QCOMPARE(cell(t, int(i), rank).toString(), QString::number(expected.ranks[i].rank));
            QCOMPARE(cell(t, int(i), elapse).toString(), QLocale().toString(expected.ranks[i].elapseMs, 'f', 3));
        }
        for (std::size_t i = 0; i < expected.ops.size(); ++i) {
            const int row = int(expected.ranks.size() + i);
            const analysis::CommOpRank &o = expected.ops[i];
            QCOMPARE(cell(t, row, 1).toString(), QString::fromStdString(o.op));
            QCOMPARE(cell(t, row, elapse).toString(), QLocale().toString(o.elapseMs, 'f', 3));
            const auto l = std::find_if(o.links.begin(), o.links.end(), [](const auto &x) { return x.transport == "HCCS"; });
            QVERIFY(l != o.links.end());
            QCOMPARE(cell(t, row, hccs).toString(), QLocale().toString(l->bandwidthGBps, 'f', 2));
            QVERIFY(cell(t, row, hccs, Qt::ToolTipRole).toString().contains(QLocale().toString(l->sizeMB, 'f', 3)));
        }
        // Sorting by elapse puts the longest op last, and keeps numbers numeric.
        t->sortByColumn(elapse, Qt::AscendingOrder);
        double prev = -1;
        for (int r = 0; r < t->model()->rowCount(); ++r) {
            const double v = cell(t, r, elapse, Qt::UserRole).toDouble();
            QVERIFY(v >= prev);
            prev = v;
        }
        // An unknown bandwidth ("—": no transfer over that link in the op) stays below the
        // known ones in both directions.
        int unknownRows = 0;
        for (int c = 0; c < h.size(); ++c) {
            if (!h[c].endsWith(QLatin1String("(GB/s)")))
                continue;
            for (const Qt::SortOrder order : {Qt::AscendingOrder, Qt::DescendingOrder}) {
                t->sortByColumn(c, order);
                bool seenUnknown = false;
                for (int r = 0; r < t->model()->rowCount(); ++r) {
                    const bool unknown = std::isnan(cell(t, r, c, Qt::UserRole).toDouble());
                    QVERIFY2(!seenUnknown || unknown, qPrintable(h[c]));
                    seenUnknown = seenUnknown || unknown;
                    if (unknown) {
                        ++unknownRows;
                        QCOMPARE(cell(t, r, c).toString(), QStringLiteral("—"));
                    }
                }
            }
        }
        Q_UNUSED(unknownRows); // this capture moved data on every link in every op; see unknownBandwidthSortsLast

        const QString summary = view.summaryLabel()->text();
        QVERIFY(expected.slowestRank >= 0);
        QVERIFY2(summary.contains(QStringLiteral("Slowest rank: rank %1").arg(expected.ranks[std::size_t(expected.slowestRank)].rank)),
                 qPrintable(summary));
        QVERIFY(summary.contains(QStringLiteral("Rank that waits least: <b>rank %1</b>")
                                     .arg(expected.ranks[std::size_t(expected.leastWaitRank)].rank)));
    }

    void heatMapFollowsTheMatrix()
    {
        const analysis::CommunicationAnalysis expected = analyseStored(imported_);
        QVERIFY(!expected.matrices.empty());
        CommunicationView view;
        view.resize(1400, 800);
        view.show();
        view.setSession(imported_, 1);
        QVERIFY(view.waitForIdle(120000));
        QCOMPARE(view.matrixBox()->count(), int(expected.matrices.size()));
        QCOMPARE(view.matrixBox()->itemText(0), QStringLiteral("All ops"));
        const analysis::CommMatrix &m = expected.matrices.front();
        const int n = int(m.rankCount());
        QCOMPARE(view.colorMap()->data()->keySize(), n);
        QCOMPARE(view.colorMap()->data()->valueSize(), n);

        view.setMetric(CommunicationView::Metric::Size);
        QCOMPARE(view.colorScale()->axis()->label(), QStringLiteral("Transferred (MB)"));
        for (const analysis::CommMatrixCell &c : m.cells)
            QCOMPARE(view.colorMap()->data()->cell(int(c.dstRank), int(c.srcRank)), c.sizeMB);
        view.setMetric(CommunicationView::Metric::Bandwidth);
        QCOMPARE(view.colorScale()->axis()->label(), QStringLiteral("Bandwidth (GB/s)"));
        std::set<std::pair<int, int>> filled;
        for (const analysis::CommMatrixCell &c : m.cells) {
            QCOMPARE(view.colorMap()->data()->cell(int(c.dstRank), int(c.srcRank)), c.bandwidthGBps);
            filled.insert({int(c.srcRank), int(c.dstRank)});
        }
        // A pair the data has no transfer for is empty (NaN, drawn transparent), never 0.
        int empty = 0;
        for (int s = 0; s < n; ++s)
            for (int d = 0; d < n; ++d)
                if (!filled.count({s, d})) {
                    QVERIFY(std::isnan(view.colorMap()->data()->cell(d, s)));
                    QVERIFY(view.cellToolTip(s, d).contains(QLatin1String("no transfer")));
                    ++empty;
                }
        QVERIFY(empty > 0); // the capture holds 2 of the group's 8 ranks

        // Tooltips name the link, and the cell under the mouse is the one drawn there.
        const analysis::CommMatrixCell &c = m.cells.back();
        const QString tip = view.cellToolTip(int(c.srcRank), int(c.dstRank));
        QVERIFY2(tip.contains(QString::fromStdString(c.transport)) && tip.contains(QLatin1String("GB/s")), qPrintable(tip));
        view.plot()->replot();
        const QPoint at(int(view.plot()->xAxis->coordToPixel(c.dstRank)), int(view.plot()->yAxis->coordToPixel(c.srcRank)));
        int src = -1, dst = -1;
        QVERIFY(view.cellAt(at, &src, &dst));
        QCOMPARE(src, int(c.srcRank));
        QCOMPARE(dst, int(c.dstRank));
        QVERIFY(!view.cellAt(QPoint(0, 0), &src, &dst));
    }

    // Emulated sessions are analysed from their HCCL tasks.
    void unknownBandwidthSortsLast()
    {
        analysis::CommunicationAnalysis a;
        analysis::CommRankTotals total;
        total.rank = 0;
        total.links = {{"HCCS", 30, 3, 10}};
        a.ranks.push_back(total);
        auto op = [](const char *name, double bw) {
            analysis::CommOpRank o;
            o.step = "step1";
            o.op = name;
            o.rank = 0;
            if (bw >= 0)
                o.links = {{"HCCS", 10, 1, bw}};
            return o;
        };
        a.ops = {op("a", 5), op("b", -1), op("c", 20), op("d", -1)};
        ui::CommunicationTableModel model;
        model.setAnalysis(&a);
        QCOMPARE(model.rowCount(), 5);
        QCOMPARE(model.columnCount(), int(ui::CommunicationTableModel::ColLinks) + 1);
        QCOMPARE(model.headerData(ui::CommunicationTableModel::ColLinks, Qt::Horizontal, Qt::DisplayRole).toString(),
                 QStringLiteral("HCCS (GB/s)"));
        QCOMPARE(model.index(1, ui::CommunicationTableModel::ColOp).data().toString(), QStringLiteral("a"));
        QCOMPARE(model.index(2, ui::CommunicationTableModel::ColLinks).data().toString(), QStringLiteral("—"));
        QVERIFY(model.index(2, ui::CommunicationTableModel::ColLinks).data(Qt::ToolTipRole).toString().contains("HCCS"));
        QVERIFY(model.index(0, 0).data(Qt::FontRole).value<QFont>().bold());
        QVERIFY(!model.index(1, 0).data(Qt::FontRole).isValid());
        ui::CommunicationSortProxy proxy;
        proxy.setSourceModel(&model);
        auto column = [&proxy] {
            QStringList names;
            for (int r = 0; r < proxy.rowCount(); ++r)
                names << proxy.index(r, ui::CommunicationTableModel::ColOp).data().toString().left(1);
            return names.join(QString());
        };
        proxy.sort(ui::CommunicationTableModel::ColLinks, Qt::AscendingOrder);
        QCOMPARE(column().left(3), QStringLiteral("aAc")); // 5, the total's 10, 20; then the unknown two
        QCOMPARE(QSet<QChar>({column()[3], column()[4]}), QSet<QChar>({u'b', u'd'}));
        proxy.sort(ui::CommunicationTableModel::ColLinks, Qt::DescendingOrder);
        QCOMPARE(column().left(3), QStringLiteral("cAa"));
        QCOMPARE(QSet<QChar>({column()[3], column()[4]}), QSet<QChar>({u'b', u'd'}));
    }

    void emulatedSessionShowsDerivedFigures()
    {
        const analysis::CommunicationAnalysis expected = analyseStored(emulated_);
        QCOMPARE(expected.source, analysis::CommSource::HcclTasks);
        CommunicationView view;
        view.show();
        view.setSession(emulated_, 1);
        QVERIFY(view.waitForIdle(120000));
        QCOMPARE(view.table()->model()->rowCount(), int(expected.ranks.size() + expected.ops.size()));
        QVERIFY(view.summaryLabel()->text().contains(QLatin1String("HCCL tasks")));
    }

    void noCommunicationSaysSo()
    {
        CommunicationView view;
        view.show();
        QVERIFY(view.emptyLabel()->isVisible());
        QVERIFY(view.emptyLabel()->text().contains(QLatin1String("Select a session")));
        view.setSession(single_, 1);
        QVERIFY(view.waitForIdle(120000));
        QVERIFY(view.result().empty());
        QVERIFY(view.emptyLabel()->isVisible());
        QVERIFY(view.emptyLabel()->text().contains(QLatin1String("no communication")));
        QVERIFY(!view.table()->isVisible());
    }

    void mainWindowTabAndTranslation()
    {
        ui::MainWindow w;
        auto *view = guitest::openWithTab<CommunicationView>(w, imported_);
        QVERIFY(view);
        QCOMPARE(w.views()->tabText(w.views()->indexOf(view)), QStringLiteral("Communication"));
        w.projectExplorer()->select({w.projectPath(), 1});
        w.views()->setCurrentWidget(view);
        QVERIFY(view->waitForIdle(120000));
        QVERIFY(view->table()->model()->rowCount() > 0);

        QVERIFY(ui::setLanguage(QStringLiteral("zh_CN")));
        const QString tab = w.views()->tabText(w.views()->indexOf(view));
        const QString scale = view->colorScale()->axis()->label();
        const QString summary = view->summaryLabel()->text();
        QVERIFY(ui::setLanguage(QStringLiteral("en")));
        QVERIFY2(tab != QLatin1String("Communication") && !tab.isEmpty(), qPrintable(tab));
        QVERIFY(scale != QLatin1String("Transferred (MB)"));
        QVERIFY(!summary.contains(QLatin1String("Slowest rank")));
        QCOMPARE(w.views()->tabText(w.views()->indexOf(view)), QStringLiteral("Communication"));
    }
};

QTEST_MAIN(CommunicationViewTest)
#include "test_communication_view.moc"
