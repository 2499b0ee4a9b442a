// The "Tables" tab on a recorded ResNet-50 session (2 devices, every switch on):
// QAbstractItemModelTester on the model of every kind and on the grouped model, sorting
// through the header, filtering through the filter row (and its error message), copy as
// tab-separated text, CSV export of every visible row, the time-range filter driven by the
// timeline's rangeSelected signal, and a row double-click that brings the timeline to the task
// (the row's device pinned and highlighted, a step-trace row's iteration selected).
//
// `ui_tables_view --bench WORKDIR` is not a test: it records a ResNet-50 ×8 session of about
// 1 M tasks (NPUSCOPE_BENCH_TABLE_ITERATIONS, default 90 iterations) and prints, for
// npuscope-bench gui (bench_gui.cpp), the time until Tables → Task time grouped by type is
// shown, the time of the SQL console's "Task time per op type" example, and their same-run
// baselines: building the task_time table and grouping it (what the grouped view did before
// it grouped without the table), reading every task iteration by iteration, and the
// example's former form (task_view joined per task, then grouped).

#include "core/options/profiling_options.h"
#include "core/store/project.h"
#include "device/emulator.h"
#include "ui/main_window.h"
#include "test_gui_support.h"
#include "ui/timeline/timeline_view.h"
#include "ui/views/table_model.h"
#include "ui/views/table_view.h"
#include "ui/views/sql_view.h"

#include "../core/pipeline_fixture.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QtTest>
#include <QElapsedTimer>
#include <cmath>
#include <cstdio>

using namespace npuscope;
using namespace npuscope::analysis;
using npuscope::ui::TablesView;

class TablesViewTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void everyKindPassesTheModelTester();
    void sortThroughHeader();
    void filterThroughFilterRow();
    void groupByOpType();
    void taskTimeGroupsWithoutItsTable();
    void copySelection();
    void exportVisibleRows();
    void followsExplorerSelection();
    void rangeFromTimelineAndJump();
    void sortAndFilterOffTheGuiThread();

private:
    ui::ExplorerSelection session() const
    {
        return {.projectPath = project_, .sessionId = sessionId_};
    }
    bool open(TablesView &v, SummaryKind k)
    {
        v.setSelection(session());
        if (!v.waitForLoaded(60000))
            return false;
        if (!v.setKind(k))
            return false;
        return v.waitForLoaded(60000) && v.model()->table() != nullptr;
    }
    QTemporaryDir dir_;
    QString project_;
    std::int64_t sessionId_ = 0;
};

void TablesViewTest::initTestCase()
{
    QVERIFY(dir_.isValid());
    SessionSpec spec;
    spec.model = QStringLiteral("resnet50");
    spec.batchSize = 8;
    spec.iterations = 4; // more op summary rows than one fetched batch (exportVisibleRows)
    spec.devicesPerServer = 2;
    spec.seed = 3;
    ProfilingOptions o;
    QString err;
    QVERIFY2(pipeline::parseOptions(pipeline::allSwitchesOn(), &o, &err), qPrintable(err));
    project_ = dir_.filePath(QStringLiteral("t.npuscope"));
    const auto r = pipeline::record(spec, o, project_);
    QVERIFY2(r.ok, qPrintable(r.error));
    sessionId_ = r.sessionId;
}

void TablesViewTest::everyKindPassesTheModelTester()
{
    TablesView v;
    v.setSelection(session());
    // The session's project is opened and its kinds found on a worker.
    QVERIFY(v.isLoading());
    QCOMPARE(v.kindChooser()->count(), 0);
    QVERIFY(v.waitForLoaded(60000));
    QVERIFY(v.kindChooser()->count() >= 8); // every switch on: op summary ... msproftx
    for (int i = 0; i < v.kindChooser()->count(); ++i) {
        v.kindChooser()->setCurrentIndex(i);
        QVERIFY(v.waitForLoaded(60000));
        QVERIFY2(v.model()->table(), qPrintable(v.kindChooser()->itemText(i)));
        QCOMPARE(v.model()->columnCount(), v.model()->table()->columnCount());
        // The tester watches a model of its own: attached after a view, it would see the
        // view's lazy fetchMore inside the reset it has not been told about yet.
        const auto table = v.model()->sharedTable();
        ui::SummaryTableModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m.setTable(table, allRows(*table));
        QCOMPARE(std::size_t(m.rowCount()), std::min(table->rowCount(), ui::SummaryTableModel::kBatch));
        while (m.canFetchMore({}))
            m.fetchMore({});
        QCOMPARE(std::size_t(m.rowCount()), table->rowCount());
        if (m.columnCount() > 2) {
            m.sort(2, Qt::DescendingOrder);
            m.sort(m.columnCount() - 1, Qt::AscendingOrder);
        }
        if (table->groupColumn() >= 0) {
            QVERIFY(v.groupToggle()->isEnabled());
            auto g = std::make_shared<GroupedTable>(table, allRows(*table), table->groupColumn());
            m.setTable(g, allRows(*g));
            QVERIFY(m.rowCount() > 0 || table->rowCount() == 0);
            m.sort(1, Qt::DescendingOrder);
            m.sort(0, Qt::AscendingOrder);
            // The view's own grouped model too.
            v.setGrouped(true);
            QCOMPARE(std::size_t(v.model()->rowCount()), g->rowCount());
            v.setGrouped(false);
        }
        m.setTable(nullptr, {});
        QCOMPARE(m.rowCount(), 0);
    }
}

void TablesViewTest::sortThroughHeader()
{
    TablesView v;
    QVERIFY(open(v, SummaryKind::OpSummary));
    const int dur = v.model()->table()->columnIndex(QStringLiteral("Task Duration(us)"));
    QVERIFY(dur > 0);
    v.tableView()->sortByColumn(dur, Qt::DescendingOrder);
    QCOMPARE(v.model()->sortColumn(), dur);
    double prev = INFINITY;
    for (int r = 0; r < v.model()->rowCount(); ++r) {
        const double d = v.model()->data(v.model()->index(r, dur), Qt::UserRole).toDouble();
        QVERIFY(d <= prev);
        prev = d;
    }
    // Numbers are right-aligned, text left-aligned.
    QCOMPARE(v.model()->data(v.model()->index(0, dur), Qt::TextAlignmentRole).toInt() & Qt::AlignRight, int(Qt::AlignRight));
}

void TablesViewTest::filterThroughFilterRow()
{
    TablesView v;
    v.show();
    QVERIFY(open(v, SummaryKind::OpSummary));
    const std::size_t all = v.model()->rows().size();
    const int name = v.model()->table()->columnIndex(QStringLiteral("Op Name"));
    const int dur = v.model()->table()->columnIndex(QStringLiteral("Task Duration(us)"));
    QLineEdit *nameEdit = v.tableView()->filterEdit(name);
    QVERIFY(nameEdit);
    QVERIFY(!nameEdit->placeholderText().isEmpty() && !nameEdit->toolTip().isEmpty());
    QTest::keyClicks(nameEdit, QStringLiteral("conv2d"));
    QTRY_VERIFY(v.model()->rows().size() < all);
    QVERIFY(!v.model()->rows().empty());
    for (auto r : v.model()->rows())
        QVERIFY(v.model()->table()->text(r, name).contains(QStringLiteral("conv2d"), Qt::CaseInsensitive));
    QVERIFY2(v.countLabel()->text().contains(QLocale().toString(qulonglong(all))), qPrintable(v.countLabel()->text()));
    // A numeric range on top.
    v.tableView()->filterEdit(dur)->setText(QStringLiteral("10..100"));
    QTRY_VERIFY(std::all_of(v.model()->rows().begin(), v.model()->rows().end(), [&](std::uint32_t r) {
        const double d = v.model()->table()->number(r, dur);
        return d >= 10 && d <= 100;
    }));
    // A broken filter says what is wrong and leaves the others working.
    v.tableView()->filterEdit(dur)->setText(QStringLiteral("100..10"));
    QTRY_VERIFY(v.filterErrorLabel()->isVisible());
    QVERIFY(v.filterErrorLabel()->text().contains(QStringLiteral("100..10")));
    v.tableView()->filterEdit(dur)->clear();
    nameEdit->clear();
    QTRY_COMPARE(v.model()->rows().size(), all);
    QVERIFY(!v.filterErrorLabel()->isVisible());
}

void TablesViewTest::groupByOpType()
{
    TablesView v;
    QVERIFY(open(v, SummaryKind::OpSummary));
    QVERIFY(v.groupToggle()->isEnabled());
    const auto table = v.model()->sharedTable();
    const int type = table->columnIndex(QStringLiteral("OP Type"));
    v.groupToggle()->setChecked(true);
    const auto *g = dynamic_cast<const GroupedTable *>(v.model()->table());
    QVERIFY(g);
    std::map<QString, int> counts;
    for (std::size_t r = 0; r < table->rowCount(); ++r)
        ++counts[table->text(r, type)];
    QCOMPARE(std::size_t(v.model()->rowCount()), counts.size());
    for (int r = 0; r < v.model()->rowCount(); ++r)
        QCOMPARE(v.model()->data(v.model()->index(r, 1)).toString().toInt(), counts[v.model()->data(v.model()->index(r, 0)).toString()]);
    QVERIFY(v.countLabel()->text().contains(QString::number(counts.size())));
    v.groupToggle()->setChecked(false);
    QCOMPARE(v.model()->table(), table.get());
}

void TablesViewTest::taskTimeGroupsWithoutItsTable()
{
    // Grouped before Task time is picked: the groups come straight from the session (no
    // table of a row per task first), with the same figures as grouping the table; the
    // table is built when the rows are asked for ungrouped, and grouping it again gives
    // the same groups.
    TablesView v;
    v.setSelection(session());
    QVERIFY(v.waitForLoaded(60000));
    v.setGrouped(true);
    QVERIFY(v.waitForLoaded(60000));
    QVERIFY(v.setKind(SummaryKind::TaskTime));
    QVERIFY(v.waitForLoaded(60000));
    const auto *direct = dynamic_cast<const GroupedTable *>(v.model()->table());
    QVERIFY(direct);
    QVERIFY(direct->members().empty()); // grouped without the table
    const auto directShown = v.model()->sharedTable();
    QVERIFY(v.groupToggle()->isEnabled());
    QAbstractItemModelTester tester(v.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    const QLocale l;
    QCOMPARE(v.countLabel()->text(), QStringLiteral("%1 groups of %2 rows")
                                         .arg(l.toString(qulonglong(direct->rowCount())),
                                              l.toString(qulonglong(direct->sourceRowCount()))));
    // Sorting the groups through the header works on them as on any grouped table.
    const int sum = direct->columnIndex(QStringLiteral("Time(us) sum"));
    QVERIFY(sum > 1);
    v.tableView()->sortByColumn(sum, Qt::DescendingOrder);
    QVERIFY(v.waitForLoaded(60000));
    for (std::size_t i = 1; i < v.model()->rows().size(); ++i)
        QVERIFY(direct->number(v.model()->rows()[i - 1], sum) >= direct->number(v.model()->rows()[i], sum));

    v.setGrouped(false);
    QCOMPARE(v.countLabel()->text(), QStringLiteral("Loading…"));
    QVERIFY(v.waitForLoaded(60000));
    const auto table = v.model()->sharedTable();
    QVERIFY(table && !dynamic_cast<const GroupedTable *>(table.get()));
    QCOMPARE(table->kind(), SummaryKind::TaskTime);
    QCOMPARE(table->rowCount(), directShown->rowCount() ? direct->sourceRowCount() : 0);
    QCOMPARE(v.tableView()->filterCount(), table->columnCount());

    v.setGrouped(true);
    QVERIFY(v.waitForLoaded(60000));
    const auto *again = dynamic_cast<const GroupedTable *>(v.model()->table());
    QVERIFY(again);
    QCOMPARE(again->members().size(), table->rowCount()); // grouped from the table now
    QCOMPARE(again->rowCount(), direct->rowCount());
    for (std::size_t r = 0; r < direct->rowCount(); ++r)
        for (int c = 0; c < direct->columnCount(); ++c)
            QCOMPARE(again->text(r, c), direct->text(r, c));
}

void TablesViewTest::copySelection()
{
    TablesView v;
    v.show();
    QVERIFY(open(v, SummaryKind::OpStatistic));
    auto *sm = v.tableView()->selectionModel();
    sm->select(QItemSelection(v.model()->index(1, 2), v.model()->index(2, 4)), QItemSelectionModel::ClearAndSelect);
    QApplication::clipboard()->clear();
    v.tableView()->setFocus();
    QTest::keySequence(v.tableView(), QKeySequence::Copy);
    QString expected;
    for (int c = 2; c <= 4; ++c)
        expected += (c > 2 ? QStringLiteral("\t") : QString()) + v.model()->headerData(c, Qt::Horizontal).toString();
    expected += u'\n';
    for (int r = 1; r <= 2; ++r) {
        for (int c = 2; c <= 4; ++c)
            expected += (c > 2 ? QStringLiteral("\t") : QString()) + v.model()->data(v.model()->index(r, c)).toString();
        expected += u'\n';
    }
    QTRY_COMPARE(QApplication::clipboard()->text(), expected);
}

void TablesViewTest::exportVisibleRows()
{
    TablesView v;
    QVERIFY(open(v, SummaryKind::OpSummary));
    // More rows than the first fetched batch: the export writes them all, not only those fetched.
    QVERIFY(v.model()->rows().size() > std::size_t(v.model()->rowCount()));
    QString err;
    const QString allPath = dir_.filePath(QStringLiteral("all.csv"));
    QVERIFY2(v.exportCsv(allPath, &err), qPrintable(err));
    QFile all(allPath);
    QVERIFY(all.open(QIODevice::ReadOnly));
    QCOMPARE(std::size_t(pipeline::parseCsv(all.readAll()).rows.size()), v.model()->table()->rowCount());
    // With a filter, only the visible rows.
    const int name = v.model()->table()->columnIndex(QStringLiteral("Op Name"));
    v.tableView()->filterEdit(name)->setText(QStringLiteral("/relu|conv/"));
    QTRY_VERIFY(v.model()->rows().size() < v.model()->table()->rowCount());
    const QString path = dir_.filePath(QStringLiteral("visible.csv"));
    QVERIFY2(v.exportCsv(path, &err), qPrintable(err));
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const auto csv = pipeline::parseCsv(f.readAll());
    QVERIFY2(csv.error.isEmpty(), qPrintable(csv.error));
    QCOMPARE(csv.header.size(), v.model()->columnCount());
    for (int c = 0; c < csv.header.size(); ++c)
        QCOMPARE(csv.header[c], v.model()->headerData(c, Qt::Horizontal).toString());
    QCOMPARE(std::size_t(csv.rows.size()), v.model()->rows().size());
    for (qsizetype r = 0; r < csv.rows.size(); r += 97)
        for (int c = 0; c < csv.header.size(); ++c)
            QCOMPARE(csv.rows[r][c], v.model()->table()->text(v.model()->rows()[std::size_t(r)], c));
    // An unwritable path fails with a sentence naming it; nothing else changes.
    QVERIFY(!v.exportCsv(dir_.filePath(QStringLiteral("no/such/dir/x.csv")), &err));
    QVERIFY(err.contains(QStringLiteral("no/such/dir")));
}

void TablesViewTest::followsExplorerSelection()
{
    TablesView v;
    QVERIFY(open(v, SummaryKind::OpSummary));
    const std::size_t all = v.model()->rows().size();
    auto sel = session();
    sel.device = 1;
    sel.iteration = 2;
    v.setSelection(sel);
    QVERIFY(v.model()->rows().size() < all && !v.model()->rows().empty());
    for (auto r : v.model()->rows()) {
        const RowSpan s = v.model()->table()->span(r);
        QCOMPARE(int(s.device), 1);
        QCOMPARE(s.iteration, 2u);
    }
    v.setSelection(ui::ExplorerSelection{});
    QVERIFY(v.model()->table() == nullptr);
    QCOMPARE(v.kindChooser()->count(), 0);
}

void TablesViewTest::rangeFromTimelineAndJump()
{
    ui::MainWindow w;
    w.show();
    QVERIFY(guitest::openProject(w, project_));
    auto *tables = w.findChild<TablesView *>(QStringLiteral("tables"));
    QVERIFY(tables);
    QCOMPARE(w.views()->tabText(w.views()->indexOf(tables)), QStringLiteral("Tables"));
    w.projectExplorer()->select(session());
    QVERIFY(tables->waitForLoaded(60000));
    QVERIFY(tables->setKind(SummaryKind::OpSummary));
    QVERIFY(tables->waitForLoaded(60000));
    QVERIFY(w.timeline()->waitForDetails(60000));
    const auto *t = tables->model()->table();
    QVERIFY(t);
    const std::size_t all = tables->model()->rows().size();
    // A range of device 0's first iteration, selected in the timeline.
    const RowSpan first = t->span(0), later = t->span(40);
    QVERIFY(!tables->clearRangeButton()->isEnabled());
    Q_EMIT w.timeline()->rangeSelected(first.start, later.end);
    QVERIFY(tables->timeRange().has_value());
    QVERIFY(tables->clearRangeButton()->isEnabled());
    QVERIFY(tables->model()->rows().size() < all);
    for (auto r : tables->model()->rows()) {
        const RowSpan s = t->span(r);
        QVERIFY(s.end >= first.start && s.start <= later.end);
    }
    QTest::mouseClick(tables->clearRangeButton(), Qt::LeftButton);
    QCOMPARE(tables->model()->rows().size(), all);

    // Double-click a row: the timeline comes forward with that task selected and shown.
    w.views()->setCurrentWidget(tables);
    const int row = 5;
    const RowSpan s = t->span(tables->model()->sourceRow(row));
    const QModelIndex idx = tables->model()->index(row, 3);
    tables->tableView()->scrollTo(idx);
    const QRect rect = tables->tableView()->visualRect(idx);
    QTest::mouseClick(tables->tableView()->viewport(), Qt::LeftButton, {}, rect.center());
    QTest::mouseDClick(tables->tableView()->viewport(), Qt::LeftButton, {}, rect.center());
    QTRY_COMPARE(w.views()->currentWidget(), static_cast<QWidget *>(w.timeline()));
    const auto vis = w.timeline()->visibleRange();
    QVERIFY(vis.first <= s.start && vis.second >= s.end);
    // The jump does not narrow the table to the task.
    QVERIFY(!tables->timeRange().has_value());
    // The task's device is pinned and highlighted too, the task selected (not a range).
    QCOMPARE(w.timeline()->focusedDevices(), std::vector<std::uint16_t>{s.device});
    QVERIFY(w.timeline()->selectedRange() == (std::pair<TimeNs, TimeNs>{0, 0}));

    // A step-trace row names a device and an iteration: that device focused, the whole
    // iteration selected.
    w.views()->setCurrentWidget(tables);
    QVERIFY(tables->setKind(SummaryKind::StepTrace));
    QVERIFY(tables->waitForLoaded(60000));
    const auto *st = tables->model()->table();
    QVERIFY(st);
    int srow = -1;
    for (int r = 0; r < tables->model()->rowCount() && srow < 0; ++r)
        if (st->span(tables->model()->sourceRow(r)).device == 1 && st->span(tables->model()->sourceRow(r)).iteration == 2)
            srow = r;
    QVERIFY(srow >= 0);
    const RowSpan ss = st->span(tables->model()->sourceRow(srow));
    QVERIFY(ss.end > ss.start);
    const QModelIndex sidx = tables->model()->index(srow, 0);
    tables->tableView()->scrollTo(sidx);
    const QRect srect = tables->tableView()->visualRect(sidx);
    QTest::mouseClick(tables->tableView()->viewport(), Qt::LeftButton, {}, srect.center());
    QTest::mouseDClick(tables->tableView()->viewport(), Qt::LeftButton, {}, srect.center());
    QTRY_COMPARE(w.views()->currentWidget(), static_cast<QWidget *>(w.timeline()));
    QCOMPARE(w.timeline()->focusedDevices(), std::vector<std::uint16_t>{1});
    QVERIFY(w.timeline()->selectedRange() == (std::pair<TimeNs, TimeNs>{ss.start, ss.end}));
    QVERIFY(!w.timeline()->pinnedLanes().empty());
    for (int lane : w.timeline()->pinnedLanes())
        QCOMPARE(int(w.timeline()->model()->lanes[std::size_t(lane)].device), 1);
    QVERIFY(!tables->timeRange().has_value());
}

// A table over the background threshold (0 here: every table) is sorted, filtered and
// grouped on the worker: the request returns at once with the old rows still shown and
// "Sorting…" in the count, the result replaces them when the event loop delivers it, and a
// newer request supersedes an older one.
void TablesViewTest::sortAndFilterOffTheGuiThread()
{
    TablesView v;
    v.setBackgroundThreshold(0);
    v.show();
    QVERIFY(open(v, SummaryKind::OpSummary));
    QVERIFY(!v.isBusy());
    const auto *t = v.model()->table();
    const int dur = t->columnIndex(QStringLiteral("Task Duration(us)"));
    const int name = t->columnIndex(QStringLiteral("Op Name"));
    const RowIndex before = v.model()->rows();
    QCOMPARE(before, allRows(*t));

    // Sort through the header: control comes back before any sorting is shown.
    QSignalSpy layouts(v.model(), &QAbstractItemModel::layoutChanged);
    v.tableView()->sortByColumn(dur, Qt::DescendingOrder);
    QVERIFY(v.isBusy());
    QCOMPARE(v.countLabel()->text(), QStringLiteral("Sorting…"));
    QCOMPARE(v.tableView()->horizontalHeader()->sortIndicatorSection(), dur);
    QCOMPARE(v.model()->rows(), before);
    QCOMPARE(v.model()->sortColumn(), -1);
    QCOMPARE(layouts.count(), 0);
    // Superseded at once by the other direction: only the newer order is ever shown.
    v.tableView()->sortByColumn(dur, Qt::AscendingOrder);
    QVERIFY(v.waitForLoaded(60000));
    QCOMPARE(layouts.count(), 1);
    QCOMPARE(v.model()->sortColumn(), dur);
    QCOMPARE(v.model()->sortOrder(), Qt::AscendingOrder);
    RowIndex want = before;
    sortRows(*t, want, dur, true);
    QCOMPARE(v.model()->rows(), want);
    QVERIFY(v.countLabel()->text().contains(QLocale().toString(qulonglong(before.size()))));

    // A filter (from the timeline range: no debounce) keeps the sort; "Filtering…" meanwhile.
    const RowSpan s0 = t->span(0), s1 = t->span(60);
    v.setTimeRange(s0.start, s1.end);
    QCOMPARE(v.countLabel()->text(), QStringLiteral("Filtering…"));
    QCOMPARE(v.model()->rows(), want);
    QVERIFY(v.waitForLoaded(60000));
    RowScope scope;
    scope.timeRange = std::make_pair(s0.start, s1.end);
    RowIndex in = filterRows(*t, allRows(*t), scope, {});
    sortRows(*t, in, dur, true);
    QVERIFY(!in.empty() && in.size() < before.size());
    QCOMPARE(v.model()->rows(), in);

    // A sort asked for while a filter is being computed is not lost, nor is the filter.
    v.tableView()->filterEdit(name)->setText(QStringLiteral("conv"));
    v.setTimeRange(s0.start, s1.end + 1); // applies the edit now rather than after the typing pause
    QCOMPARE(v.countLabel()->text(), QStringLiteral("Filtering…"));
    scope.timeRange = std::make_pair(s0.start, s1.end + 1);
    v.tableView()->sortByColumn(name, Qt::DescendingOrder);
    QCOMPARE(v.countLabel()->text(), QStringLiteral("Filtering…"));
    QVERIFY(v.waitForLoaded(60000));
    ColumnFilter f;
    QString err;
    QVERIFY(ColumnFilter::parse(QStringLiteral("conv"), ColumnType::Text, &f, &err));
    RowIndex both = filterRows(*t, allRows(*t), scope, {{name, f}});
    sortRows(*t, both, name, false);
    QVERIFY(!both.empty());
    QCOMPARE(v.model()->rows(), both);
    QCOMPARE(v.model()->sortColumn(), name);

    // Grouping goes through the worker too; switching kinds drops what is in flight.
    v.clearTimeRange();
    v.tableView()->filterEdit(name)->clear();
    QVERIFY(v.waitForLoaded(60000));
    v.setGrouped(true);
    QCOMPARE(v.countLabel()->text(), QStringLiteral("Grouping…"));
    QVERIFY(v.waitForLoaded(60000));
    QVERIFY(dynamic_cast<const GroupedTable *>(v.model()->table()));
    v.setGrouped(false);
    QVERIFY(v.setKind(SummaryKind::OpStatistic));
    QVERIFY(v.waitForLoaded(60000));
    QCOMPARE(v.model()->table()->kind(), SummaryKind::OpStatistic);
    QCOMPARE(v.model()->rows(), allRows(*v.model()->table()));
}

namespace {

void say(const char *key, double value)
{
    std::printf("%s %.3f\n", key, value);
    std::fflush(stdout);
}

int bench(const QString &work)
{
    QDir().mkpath(work);
    const int iterations = qEnvironmentVariableIsSet("NPUSCOPE_BENCH_TABLE_ITERATIONS")
                               ? qEnvironmentVariableIntValue("NPUSCOPE_BENCH_TABLE_ITERATIONS") : 90;
    // NPUSCOPE_BENCH_TABLE_PROJECT: measure that project's session 1 instead (kept; recorded
    // there first when the file does not exist yet).
    const QString given = qEnvironmentVariable("NPUSCOPE_BENCH_TABLE_PROJECT");
    const QString path = given.isEmpty() ? work + QStringLiteral("/tables.npuscope") : given;
    const bool reuse = !given.isEmpty() && QFile::exists(given);
    if (given.isEmpty())
        QFile::remove(path);
    const SessionSpec spec = guitest::benchSpec(iterations, 8);
    const ProfilingOptions o = guitest::benchOptions();
    pipeline::RunResult r;
    if (!reuse) {
        std::fprintf(stderr, "tables bench: recording ResNet-50 x8, %d iterations…\n", iterations);
        r = pipeline::record(spec, o, path);
    } else {
        r.ok = QFile::exists(path);
        r.sessionId = 1;
        r.error = path + QStringLiteral(" does not exist");
    }
    if (!r.ok) {
        std::fprintf(stderr, "tables bench: %s\n", qPrintable(r.error));
        return 1;
    }
    store::StoreError e;
    QString msg;
    auto project = store::Project::open(path, store::Project::Mode::ReadOnly, &e, &msg);
    auto reader = project ? project->session(r.sessionId, &msg) : nullptr;
    if (!reader)
        return 1;
    // Baseline: every task read iteration by iteration (the table's former read).
    QElapsedTimer t;
    t.start();
    std::uint64_t tasks = 0;
    for (const IterationKey &k : reader->iterations())
        reader->forEachTask(k, [&tasks](const TaskRecord &) { ++tasks; return true; });
    say("read_ms", t.nsecsElapsed() / 1e6);
    say("tasks", double(tasks));

    // Where the time goes (stderr): the table's build and its grouping, on their own.
    {
        QElapsedTimer pt;
        pt.start();
        std::uint64_t scanned = 0;
        reader->scanTasks([&scanned](const TaskRecord &) { ++scanned; return true; });
        const double scanMs = pt.nsecsElapsed() / 1e6;
        pt.restart();
        auto table = buildSummaryTable(*reader, SummaryKind::TaskTime);
        const double buildMs = pt.nsecsElapsed() / 1e6;
        pt.restart();
        GroupedTable g(table, allRows(*table), table->groupColumn());
        const double groupMs = pt.nsecsElapsed() / 1e6;
        pt.restart();
        SummaryTables tables(*reader);
        auto direct = tables.grouped(SummaryKind::TaskTime, {});
        const double directMs = pt.nsecsElapsed() / 1e6;
        std::fprintf(stderr, "tables bench: scan %.1f ms (%llu tasks), task_time build %.1f ms, grouping %.1f ms (%zu groups); "
                     "grouped without the table %.1f ms\n",
                     scanMs, (unsigned long long)scanned, buildMs, groupMs, g.rowCount(), directMs);
        // The grouped view's former way, the figure's baseline: build the table, group it.
        say("task_time_former_ms", buildMs + groupMs);
    }

    // Tables → Task time, grouped (the toggle on before the kind is picked): from the pick
    // to the grouped rows on screen.
    {
        TablesView v;
        v.resize(1400, 800);
        v.show();
        ui::ExplorerSelection sel;
        sel.projectPath = path;
        sel.sessionId = r.sessionId;
        v.setSelection(sel);
        if (!v.waitForLoaded(600000))
            return 1;
        v.setGrouped(true);
        if (!v.waitForLoaded(600000))
            return 1;
        t.restart();
        if (!v.setKind(SummaryKind::TaskTime) || !v.waitForLoaded(600000))
            return 1;
        QCoreApplication::processEvents();
        say("task_time_grouped_ms", t.nsecsElapsed() / 1e6);
        if (!dynamic_cast<const GroupedTable *>(v.model()->table()))
            return 1;
        say("task_time_rows", double(dynamic_cast<const GroupedTable *>(v.model()->table())->sourceRowCount()));
    }

    // The SQL console's "Task time per op type" example, and its former form.
    ui::SqlView sql;
    sql.show();
    sql.setProject(path);
    QString example;
    for (int i = 0; i < sql.examples()->count(); ++i)
        if (sql.examples()->itemText(i).startsWith(QLatin1String("Task time per op type")))
            example = sql.examples()->itemData(i).toString();
    if (example.isEmpty())
        return 1;
    const auto runSql = [&sql](const QString &q) {
        sql.setQuery(q);
        QElapsedTimer qt;
        qt.start();
        sql.runQuery();
        if (!sql.waitForIdle(600000) || !sql.errorText().isEmpty()) {
            std::fprintf(stderr, "tables bench: %s\n", qPrintable(sql.errorText()));
            return -1.0;
        }
        return qt.nsecsElapsed() / 1e6;
    };
    runSql(QStringLiteral("SELECT COUNT(*) FROM tasks;")); // the console's connection and views are ready
    const double before = runSql(QStringLiteral(
        "SELECT session, op_type, COUNT(*) AS tasks, SUM(duration) AS total_ns, AVG(duration) AS mean_ns\n"
        "FROM task_view WHERE op_type IS NOT NULL\n"
        "GROUP BY session, op_type ORDER BY total_ns DESC;"));
    const double now = runSql(example);
    if (before < 0 || now < 0)
        return 1;
    say("sql_former_ms", before);
    say("sql_op_type_ms", now);
    if (given.isEmpty())
        QFile::remove(path);
    return 0;
}

} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (const qsizetype i = args.indexOf(QStringLiteral("--bench")); i >= 0 && i + 1 < args.size())
        return bench(args.at(i + 1));
    TablesViewTest t;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&t, argc, argv);
}

#include "test_tables_view.moc"
