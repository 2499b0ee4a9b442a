// What a user sees of an imported torch_npu session (the real 2-rank 910B text export in
// tests/data/reference) in the Tables and Charts tabs: the kernel details, API statistics
// and step time breakdown tables with their row counts against the files (read here),
// sorted, filtered, copied and exported like the other tables; the memory-over-time chart
// with one graph per component and metric of memory_record.csv on the timeline's time axis (as many points as the file
// has values), a legend entry per graph, axis units and tooltips; and the chart's empty
// state on a session without memory records. With NPUSCOPE_SCREENSHOTS=<dir> the views are
// also saved there as PNG files (offscreen rendering) for a person to look at.

#include "core/analysis/chart_data.h"
#include "core/importing/importer.h"
#include "core/store/project.h"
#include "test_gui_support.h"
#include "tests/test_data.h"
#include "ui/views/chart_view.h"
#include "ui/views/table_model.h"
#include "ui/views/table_view.h"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QScrollBar>
#include <QTemporaryDir>
#include <QtTest>
#include <qcustomplot.h>

using namespace npuscope;
using namespace npuscope::analysis;
using npuscope::ui::ChartsView;
using npuscope::ui::TablesView;

namespace {

// Data rows of a CSV without line breaks in its cells (true of these files).
int csvRows(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    int n = 0;
    while (!f.atEnd())
        n += !f.readLine().trimmed().isEmpty();
    return n - 1;
}

// Cells of a memory_record.csv column with a value, per component.
std::map<QString, int> valuesPerComponent(const QString &path, const QString &column)
{
    std::map<QString, int> out;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return out;
    const QStringList header = QString::fromUtf8(f.readLine()).trimmed().split(u',');
    const qsizetype at = header.indexOf(column);
    while (!f.atEnd()) {
        const QStringList cells = QString::fromUtf8(f.readLine()).trimmed().split(u',');
        if (at >= 0 && at < cells.size() && !cells[at].trimmed().isEmpty())
            ++out[cells[0]];
    }
    return out;
}

void shoot(QWidget &w, const QString &name)
{
    const QString dir = qEnvironmentVariable("NPUSCOPE_SCREENSHOTS");
    if (dir.isEmpty())
        return;
    QDir().mkpath(dir);
    QCoreApplication::processEvents();
    w.grab().save(QDir(dir).filePath(name));
}

} // namespace

class ImportViewsTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        guitest::isolateSettings();
        NPUSCOPE_REQUIRE_DATA(testdata::torchTextOutput(0) + QStringLiteral("kernel_details.csv"), testdata::torchTextOutput(1) + QStringLiteral("kernel_details.csv"),
                              testdata::torchTextOutput(0) + QStringLiteral("memory_record.csv"), testdata::torchTextOutput(0) + QStringLiteral("api_statistic.csv"));
        QVERIFY(dir_.isValid());
        project_ = dir_.filePath(QStringLiteral("import.npuscope"));
        QString msg;
        session_ = guitest::importIntoNewProject(project_, testdata::torchText910b(), &msg, true);
        QVERIFY2(session_ > 0, qPrintable(msg));
        // A session without memory records: an emulated TensorFlow run.
        emulated_ = guitest::record(dir_.filePath(QStringLiteral("emulated.npuscope")), QStringLiteral("lenet"), 2, 1);
        QVERIFY(!emulated_.isEmpty());
    }

    void tablesOfTheImport()
    {
        TablesView v;
        v.resize(1500, 700);
        v.show();
        v.setSelection(selection());
        QVERIFY(v.waitForLoaded(60000));
        const struct {
            SummaryKind kind;
            const char *file;
            const char *shot;
        } kinds[] = {{SummaryKind::KernelDetails, "kernel_details.csv", "tables-kernel-details.png"},
                     {SummaryKind::ApiStatistic, "api_statistic.csv", "tables-api-statistics.png"},
                     {SummaryKind::StepTime, "step_trace_time.csv", "tables-step-time.png"}};
        for (const auto &k : kinds) {
            QVERIFY2(v.setKind(k.kind), summaryKindStem(k.kind));
            QVERIFY(v.waitForLoaded(60000));
            QVERIFY(v.model()->table());
            const int want = csvRows(testdata::torchTextOutput(0) + QLatin1String(k.file)) + csvRows(testdata::torchTextOutput(1) + QLatin1String(k.file));
            QCOMPARE(int(v.model()->table()->rowCount()), want);
            QCOMPARE(v.countLabel()->text(), QStringLiteral("%1 rows").arg(QLocale().toString(want)));
            shoot(v, QLatin1String(k.shot));
        }
        // The shares at the end of the step time table.
        v.tableView()->horizontalScrollBar()->setValue(v.tableView()->horizontalScrollBar()->maximum());
        shoot(v, QStringLiteral("tables-step-time-shares.png"));
    }

    void kernelDetailsSortFilterCopyExport()
    {
        TablesView v;
        v.resize(1500, 700);
        v.show();
        v.setSelection(selection());
        QVERIFY(v.waitForLoaded(60000));
        QVERIFY(v.setKind(SummaryKind::KernelDetails));
        QVERIFY(v.waitForLoaded(60000));
        const SummaryTable *t = v.model()->table();
        QVERIFY(t);
        // Every column of the file is there.
        QFile f(testdata::torchTextOutput(0) + QStringLiteral("kernel_details.csv"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QStringList header = QString::fromUtf8(f.readLine()).trimmed().split(u',');
        for (const QString &h : header)
            QVERIFY2(t->columnIndex(h) >= 0, qPrintable(h));

        // Filter: the communication ops (4 HCCL rows per rank in the files).
        const int core = t->columnIndex(QStringLiteral("Accelerator Core"));
        v.tableView()->filterEdit(core)->setText(QStringLiteral("HCCL"));
        QTRY_COMPARE_WITH_TIMEOUT(int(v.model()->rows().size()), 8, 10000);
        v.tableView()->filterEdit(core)->clear();
        QTRY_COMPARE_WITH_TIMEOUT(v.model()->rows().size(), t->rowCount(), 10000);
        // A numeric filter on a PMU column.
        const int mac = t->columnIndex(QStringLiteral("aic_mac_ratio"));
        v.tableView()->filterEdit(mac)->setText(QStringLiteral(">0.5"));
        QTRY_VERIFY_WITH_TIMEOUT(v.model()->rows().size() > 0 && v.model()->rows().size() < t->rowCount(), 10000);
        for (std::uint32_t r : v.model()->rows())
            QVERIFY(t->number(r, mac) > 0.5);
        v.tableView()->filterEdit(mac)->clear();
        QTRY_COMPARE_WITH_TIMEOUT(v.model()->rows().size(), t->rowCount(), 10000);

        // Sort by duration, longest first.
        const int dur = t->columnIndex(QStringLiteral("Duration(us)"));
        v.tableView()->horizontalHeader()->setSortIndicator(dur, Qt::DescendingOrder);
        QVERIFY(v.waitForLoaded(60000));
        double prev = INFINITY;
        for (std::uint32_t r : v.model()->rows()) {
            QVERIFY(t->number(r, dur) <= prev);
            prev = t->number(r, dur);
        }
        shoot(v, QStringLiteral("tables-kernel-details-sorted.png"));

        // Copy: header line and the cells.
        v.tableView()->selectionModel()->select(v.model()->index(0, 0),
                                                QItemSelectionModel::Select);
        v.tableView()->selectionModel()->select(v.model()->index(0, dur), QItemSelectionModel::Select);
        const QString copied = v.selectionText();
        QVERIFY2(copied.startsWith(QStringLiteral("Device\tDuration(us)\n")), qPrintable(copied));

        // Export: every visible row with every column.
        const QString csv = dir_.filePath(QStringLiteral("kernels.csv"));
        QString err;
        QVERIFY2(v.exportCsv(csv, &err), qPrintable(err));
        QCOMPARE(csvRows(csv), int(t->rowCount()));
    }

    void stepTimeSharesInTheView()
    {
        TablesView v;
        v.setSelection(selection());
        QVERIFY(v.waitForLoaded(60000));
        QVERIFY(v.setKind(SummaryKind::StepTime));
        QVERIFY(v.waitForLoaded(60000));
        const SummaryTable *t = v.model()->table();
        QCOMPARE(t->rowCount(), std::size_t(2)); // one step on each of two ranks
        for (std::size_t r = 0; r < t->rowCount(); ++r) {
            double sum = 0;
            for (const char *c : {"Computing(%)", "Communication(Not Overlapped)(%)", "Free(%)", "Preparing(%)"})
                sum += t->number(r, t->columnIndex(QLatin1String(c)));
            QVERIFY(sum <= 100.002); // each cell rounded to 3 decimals
        }
        // The header explains what a share is of.
        const QString tip = v.model()->headerData(t->columnIndex(QStringLiteral("Overlapped(%)")), Qt::Horizontal, Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(QLatin1String("Computing")), qPrintable(tip));
    }

    void memoryChartFollowsMemoryRecord()
    {
        ChartsView v;
        v.resize(1400, 800);
        v.show();
        ui::ExplorerSelection sel = selection();
        sel.device = 0;
        v.setSelection(sel);
        QVERIFY(v.waitForData(60000));
        v.setCurrentChart(ChartsView::Memory);
        QCoreApplication::processEvents();
        QVERIFY2(v.message(ChartsView::Memory).isEmpty(), qPrintable(v.message(ChartsView::Memory)));
        QCustomPlot *p = v.plot(ChartsView::Memory);
        const QString file = testdata::torchTextOutput(0) + QStringLiteral("memory_record.csv");
        std::map<QString, int> want;
        for (const auto &[column, metric] : {std::pair{"Total Allocated(MB)", "allocated"}, std::pair{"Total Reserved(MB)", "reserved"},
                                             std::pair{"Total Active(MB)", "active"}})
            for (const auto &[component, n] : valuesPerComponent(file, QLatin1String(column)))
                want[component + u' ' + QLatin1String(metric)] = n;
        std::map<QString, int> got;
        int modules = 0;
        for (int i = 0; i < p->graphCount(); ++i) {
            QCPGraph *g = p->graph(i);
            // Every graph has its legend entry.
            QVERIFY2(p->legend->itemWithPlottable(g), qPrintable(g->name()));
            if (g->name().startsWith(QLatin1String("Module ")))
                ++modules;
            else
                got[g->name()] = g->dataCount();
        }
        QCOMPARE(got, want);
        QVERIFY(modules > 0);
        // Binary units on the value axis, time since the session start on the key axis.
        QVERIFY2(p->yAxis->label().contains(QLatin1String("GiB")) || p->yAxis->label().contains(QLatin1String("MiB")),
                 qPrintable(p->yAxis->label()));
        QVERIFY2(p->xAxis->label().contains(QLatin1String("timeline")), qPrintable(p->xAxis->label()));
        // A tooltip on a point names its series (graphs may cross there) and its size.
        QCPGraph *g = p->graph(0);
        p->replot();
        const auto &d = *g->data()->at(g->dataCount() / 2);
        const QPoint at(int(p->xAxis->coordToPixel(d.key)), int(p->yAxis->coordToPixel(d.value)));
        const QString tip = v.toolTipAt(ChartsView::Memory, at);
        bool named = false;
        for (int i = 0; i < p->graphCount(); ++i)
            named = named || tip.startsWith(p->graph(i)->name() + u'\n');
        QVERIFY2(named && tip.contains(QLatin1String("iB")), qPrintable(tip));
        shoot(v, QStringLiteral("chart-memory.png"));
        QString err;
        const QString png = dir_.filePath(QStringLiteral("memory.png"));
        QVERIFY2(v.exportChart(ChartsView::Memory, png, QSize(1000, 600), &err), qPrintable(err));
    }

    void memoryChartEmptyState()
    {
        ChartsView v;
        v.resize(1000, 600);
        v.show();
        ui::ExplorerSelection sel;
        sel.projectPath = emulated_;
        sel.sessionId = 1;
        v.setSelection(sel);
        QVERIFY(v.waitForData(60000));
        v.setCurrentChart(ChartsView::Memory);
        QCoreApplication::processEvents();
        QVERIFY2(v.message(ChartsView::Memory).contains(QLatin1String("no memory records")),
                 qPrintable(v.message(ChartsView::Memory)));
        QVERIFY(!v.plot(ChartsView::Memory)->isVisible());
        QString err;
        QVERIFY(!v.exportChart(ChartsView::Memory, dir_.filePath(QStringLiteral("none.png")), {}, &err));
        shoot(v, QStringLiteral("chart-memory-empty.png"));
    }

private:
    ui::ExplorerSelection selection() const
    {
        return {.projectPath = project_, .sessionId = session_};
    }
    QTemporaryDir dir_;
    QString project_, emulated_;
    std::int64_t session_ = 0;
};

QTEST_MAIN(ImportViewsTest)
#include "test_import_views.moc"
