// Summary tables against the CSVs the exporter writes for the same recorded session
// (ResNet-50, 2 devices, 3 iterations, every switch on): every row and every CSV column of
// every kind the session records, plus numeric/text sort, the filter syntax (and its
// error messages), group-by aggregates against hand sums and op_statistic, and the
// explorer-scope and time-range filters.

#include "pipeline_fixture.h"

#include "core/analysis/summary_tables.h"
#include "core/model/memory_trace.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>
#include <map>
#include <random>
#include <set>
#include <tuple>

using namespace npuscope;
using namespace npuscope::analysis;

namespace {

// CSV cell text as the table shows it: the exporter's formula guard (a leading ') undone.
QString unguard(const QString &csv)
{
    if (csv.size() > 1 && csv.at(0) == u'\'' && QStringLiteral("=+-@").contains(csv.at(1)))
        return csv.mid(1);
    return csv;
}

// A small table whose text cells come from separate strings: the same name at different
// places, a number cell spelled like a name, and N/A.
class PlacesTable final : public SummaryTable {
public:
    PlacesTable() : SummaryTable(SummaryKind::TaskTime)
    {
        columns_ = {{QStringLiteral("Type"), ColumnType::Text}, {QStringLiteral("Time(us)"), ColumnType::Number}};
        groupColumn_ = 0;
    }
    std::size_t rowCount() const override { return names.size(); }
    Cell cell(std::size_t row, int col) const override
    {
        if (col == 1)
            return Cell::fixed(values[row]);
        if (names[row] == "-")
            return Cell::na();
        if (names[row] == "7")
            return Cell::uint(7);
        return Cell::str(names[row]);
    }
    RowSpan span(std::size_t row) const override
    {
        RowSpan s;
        s.device = std::uint16_t(row % 2);
        s.start = TimeNs(row * 10);
        s.end = s.start + 5;
        return s;
    }
    std::size_t memoryBytes() const override { return 0; }
    std::vector<std::string> names;
    std::vector<double> values;
};

} // namespace

class PipelineSummaryTables : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void groupingKnowsTextByContent();
    void kindsFollowOptions();
    void valuesEqualExportedCsv();
    void collectivesEqualHcclTimeline();
    void sortIsNumericOnNumbers();
    void sortsTextAndStable();
    void sortAndFilterMatchReferenceOnAnyOrder();
    void filters();
    void badFiltersExplainThemselves();
    void regexOverAHugeCell();
    void groupByOpType();
    void scopeAndTimeRange();
    void taskTimeGroupedWithoutTheTable();

private:
    QTemporaryDir dir_;
    pipeline::Exported ex_;
    QMap<QString, QByteArray> files_;
    std::unique_ptr<SummaryTables> tables_;
    std::shared_ptr<const SummaryTable> table(SummaryKind k)
    {
        auto t = tables_->table(k);
        if (!t)
            qFatal("no table for %s", summaryKindStem(k));
        return t;
    }
    // Rows of the CSVs of one stem, per iteration key in reader order.
    QList<QStringList> csvRows(const QString &stem, QStringList *header, QList<IterationKey> *keyOfRow);
};

void PipelineSummaryTables::initTestCase()
{
    QVERIFY(dir_.isValid());
    SessionSpec spec{.model = QStringLiteral("resnet50"), .batchSize = 8, .iterations = 3,
                     .devicesPerServer = 2, .seed = 11};
    ex_ = pipeline::runAndExport(spec, pipeline::allSwitchesOn(), dir_.path());
    QVERIFY2(ex_.ok, qPrintable(ex_.error));
    files_ = pipeline::readTree(ex_.result.profDir);
    QVERIFY(!files_.isEmpty());
    tables_ = std::make_unique<SummaryTables>(*ex_.reader);
}

QList<QStringList> PipelineSummaryTables::csvRows(const QString &stem, QStringList *header, QList<IterationKey> *keyOfRow)
{
    QList<QStringList> rows;
    for (const auto &k : ex_.reader->iterations()) {
        const QString name = QStringLiteral("device_%1/summary/%2_%1_%3_%4.csv").arg(k.device).arg(stem).arg(k.modelId).arg(k.iteration);
        if (!files_.contains(name))
            continue;
        const auto csv = pipeline::parseCsv(files_.value(name));
        if (!csv.error.isEmpty())
            qFatal("%s: %s", qPrintable(name), qPrintable(csv.error));
        *header = csv.header;
        rows += csv.rows;
        for (qsizetype i = 0; i < csv.rows.size(); ++i)
            keyOfRow->append(k);
    }
    return rows;
}

void PipelineSummaryTables::kindsFollowOptions()
{
    // Every switch is on with 2 devices: every kind of the export exists.
    for (SummaryKind k : {SummaryKind::OpSummary, SummaryKind::OpStatistic, SummaryKind::StepTrace, SummaryKind::TaskTime,
                          SummaryKind::AiCpu, SummaryKind::L2Cache, SummaryKind::Collectives, SummaryKind::MsprofTx})
        QVERIFY2(tables_->has(k), summaryKindStem(k));
    // A kind the session does not record gives no table.
    MemoryTrace empty;
    SessionInfo info;
    info.optionsJson = R"({"output":"/tmp/x","task_trace":"on","aicpu":"off","l2":"off","msproftx":"off"})";
    empty.begin(info);
    empty.end(SessionStatus::Complete, {});
    SummaryTables t(empty);
    QVERIFY(!t.has(SummaryKind::AiCpu));
    QVERIFY(!t.has(SummaryKind::L2Cache));
    QVERIFY(t.table(SummaryKind::AiCpu) == nullptr);
    QVERIFY(t.has(SummaryKind::OpSummary));
    QCOMPARE(t.table(SummaryKind::OpSummary)->rowCount(), std::size_t(0));
}

void PipelineSummaryTables::valuesEqualExportedCsv()
{
    int kindsCompared = 0;
    for (SummaryKind kind : tables_->kinds()) {
        if (kind == SummaryKind::Collectives)
            continue; // no CSV: compared with the hccl timeline below
        const QString stem = QLatin1String(summaryKindStem(kind));
        auto t = table(kind);
        QStringList header;
        QList<IterationKey> keys;
        QList<QStringList> rows;
        if (kind == SummaryKind::StepTrace || kind == SummaryKind::FusionOp) {
            // Each file holds the whole model (device): take one per device (model).
            QList<QStringList> all = csvRows(stem, &header, &keys);
            std::map<std::pair<int, std::uint32_t>, int> firstOf;
            QList<IterationKey> k2;
            const auto its = ex_.reader->iterations();
            std::map<std::pair<int, std::uint32_t>, std::uint32_t> lastIt;
            for (const auto &k : its)
                lastIt[{kind == SummaryKind::FusionOp ? 0 : k.device, k.modelId}] = k.iteration;
            for (qsizetype i = 0; i < all.size(); ++i) {
                const IterationKey &k = keys[i];
                if (lastIt[{kind == SummaryKind::FusionOp ? 0 : k.device, k.modelId}] == k.iteration
                    && (kind != SummaryKind::FusionOp || k.device == its.front().device)) {
                    rows << all[i];
                    k2 << k;
                }
            }
            keys = k2;
        } else {
            rows = csvRows(stem, &header, &keys);
        }
        QVERIFY2(!header.isEmpty(), qPrintable(stem + QStringLiteral(": no exported CSV")));
        QCOMPARE(t->rowCount(), static_cast<std::size_t>(rows.size()));
        // The table's CSV columns, in order, are the file's header.
        std::vector<int> csvCols;
        for (int c = 0; c < t->columnCount(); ++c)
            if (t->columns()[static_cast<std::size_t>(c)].inCsv)
                csvCols.push_back(c);
        QVERIFY2(csvCols.size() >= static_cast<std::size_t>(header.size()), qPrintable(stem));
        for (qsizetype c = 0; c < header.size(); ++c)
            QCOMPARE(t->columns()[static_cast<std::size_t>(csvCols[static_cast<std::size_t>(c)])].name, header[c]);
        for (qsizetype r = 0; r < rows.size(); ++r) {
            for (qsizetype c = 0; c < header.size(); ++c) {
                const int col = csvCols[static_cast<std::size_t>(c)];
                const QString got = t->text(static_cast<std::size_t>(r), col);
                if (got != unguard(rows[r][c]))
                    QFAIL(qPrintable(QStringLiteral("%1 row %2 column %3: table \"%4\", CSV \"%5\"")
                                         .arg(stem).arg(r).arg(header[c], got, rows[r][c])));
                // Numbers are numbers: the numeric value is what the CSV text says.
                const auto &colInfo = t->columns()[static_cast<std::size_t>(col)];
                if (colInfo.type == ColumnType::Number && got != QStringLiteral("N/A")) {
                    bool ok = false;
                    const double v = got.toDouble(&ok);
                    QVERIFY2(ok, qPrintable(stem + QStringLiteral(" ") + header[c] + QStringLiteral(": ") + got));
                    // Exact for times and counts; ratios are shown rounded to 3 decimals.
                    QVERIFY(std::abs(v - t->number(static_cast<std::size_t>(r), col)) <= 5e-4 + 1e-9 * std::abs(v));
                }
            }
            const RowSpan s = t->span(static_cast<std::size_t>(r));
            if (s.hasDevice)
                QCOMPARE(s.device, keys[r].device);
            if (kind != SummaryKind::StepTrace && kind != SummaryKind::FusionOp)
                QCOMPARE(s.iteration, keys[r].iteration);
        }
        ++kindsCompared;
    }
    QVERIFY(kindsCompared >= 7);
}

void PipelineSummaryTables::collectivesEqualHcclTimeline()
{
    auto t = table(SummaryKind::Collectives);
    std::vector<std::tuple<QString, double, double>> events;
    for (const auto &k : ex_.reader->iterations()) {
        const QString name = QStringLiteral("device_%1/timeline/hccl_%1_%2_%3.json").arg(k.device).arg(k.modelId).arg(k.iteration);
        QVERIFY2(files_.contains(name), qPrintable(name));
        const auto doc = QJsonDocument::fromJson(files_.value(name));
        for (const auto &v : doc.array()) {
            const auto o = v.toObject();
            if (o.value(QStringLiteral("ph")).toString() == QStringLiteral("X") && o.value(QStringLiteral("tid")).toInt() == 70000)
                events.emplace_back(o.value(QStringLiteral("name")).toString(), o.value(QStringLiteral("ts")).toDouble(),
                                    o.value(QStringLiteral("dur")).toDouble());
        }
    }
    QVERIFY(!events.empty());
    QCOMPARE(t->rowCount(), events.size());
    const int name = t->columnIndex(QStringLiteral("Op Name")), start = t->columnIndex(QStringLiteral("Start Time(us)")),
              dur = t->columnIndex(QStringLiteral("Duration(us)"));
    for (std::size_t r = 0; r < events.size(); ++r) {
        QCOMPARE(t->text(r, name), std::get<0>(events[r]));
        QVERIFY(std::abs(t->number(r, start) - std::get<1>(events[r])) < 1e-3);
        QVERIFY(std::abs(t->number(r, dur) - std::get<2>(events[r])) < 1e-3);
    }
}

void PipelineSummaryTables::sortIsNumericOnNumbers()
{
    auto t = table(SummaryKind::OpSummary);
    const int dur = t->columnIndex(QStringLiteral("Task Duration(us)"));
    QVERIFY(dur >= 0);
    QCOMPARE(t->columns()[static_cast<std::size_t>(dur)].type, ColumnType::Number);
    RowIndex rows = allRows(*t);
    sortRows(*t, rows, dur, true);
    QCOMPARE(rows.size(), t->rowCount());
    std::vector<bool> seen(rows.size());
    for (auto r : rows) {
        QVERIFY(!seen[r]);
        seen[r] = true;
    }
    // The durations span several digit counts, so text order would differ from this.
    QVERIFY(t->number(rows.front(), dur) < 10 && t->number(rows.back(), dur) >= 100);
    for (std::size_t i = 1; i < rows.size(); ++i)
        QVERIFY(t->number(rows[i - 1], dur) <= t->number(rows[i], dur));
    sortRows(*t, rows, dur, false);
    for (std::size_t i = 1; i < rows.size(); ++i)
        QVERIFY(t->number(rows[i - 1], dur) >= t->number(rows[i], dur));
    // N/A sorts last both ways (total_cycles is N/A on AI CPU rows).
    const int cycles = t->columnIndex(QStringLiteral("total_cycles"));
    for (bool asc : {true, false}) {
        sortRows(*t, rows, cycles, asc);
        bool na = false;
        for (auto r : rows) {
            const bool isNa = std::isnan(t->number(r, cycles));
            QVERIFY(!na || isNa);
            na = na || isNa;
        }
        QVERIFY(na);
    }
}

void PipelineSummaryTables::sortsTextAndStable()
{
    auto t = table(SummaryKind::OpSummary);
    const int type = t->columnIndex(QStringLiteral("OP Type"));
    RowIndex rows = allRows(*t);
    sortRows(*t, rows, type, true);
    for (std::size_t i = 1; i < rows.size(); ++i) {
        const QByteArray a = t->text(rows[i - 1], type).toUtf8(), b = t->text(rows[i], type).toUtf8();
        if (a == "N/A" || b == "N/A")
            continue;
        QVERIFY(a <= b);
        if (a == b) // stable: equal keys keep the table order
            QVERIFY(rows[i - 1] < rows[i]);
    }
}

// The radix sort on precomputed keys and the per-distinct-string filters against the plain
// definitions (a comparison sort on cells, a filter cell by cell), on rows in a shuffled order.
void PipelineSummaryTables::sortAndFilterMatchReferenceOnAnyOrder()
{
    for (SummaryKind k : {SummaryKind::OpSummary, SummaryKind::OpStatistic, SummaryKind::TaskTime}) {
        auto t = table(k);
        QVERIFY(t && t->rowCount() > 10);
        RowIndex shuffled = allRows(*t);
        std::mt19937 rng(7);
        std::shuffle(shuffled.begin(), shuffled.end(), rng);
        for (int col = 0; col < t->columnCount(); ++col) {
            const bool text = t->columns()[std::size_t(col)].type == ColumnType::Text;
            for (bool asc : {true, false}) {
                RowIndex got = shuffled;
                sortRows(*t, got, col, asc);
                RowIndex want = shuffled;
                std::stable_sort(want.begin(), want.end(), [&](std::uint32_t a, std::uint32_t b) {
                    const Cell ca = t->cell(a, col), cb = t->cell(b, col);
                    const bool na = text ? ca.kind != Cell::Kind::Text : std::isnan(ca.number());
                    const bool nb = text ? cb.kind != Cell::Kind::Text : std::isnan(cb.number());
                    if (na || nb)
                        return !na && nb;
                    if (text)
                        return asc ? ca.text < cb.text : cb.text < ca.text;
                    return asc ? ca.number() < cb.number() : cb.number() < ca.number();
                });
                QVERIFY2(got == want, qPrintable(QStringLiteral("%1 column %2 %3")
                                                     .arg(QString::fromLatin1(summaryKindStem(k)), t->columns()[std::size_t(col)].name)
                                                     .arg(asc ? "ascending" : "descending")));
            }
        }
        // Every column filtered by text (and number columns by a range) keeps the rows the
        // cell-by-cell filter keeps, in the order given.
        for (int col = 0; col < t->columnCount(); ++col) {
            const bool text = t->columns()[std::size_t(col)].type == ColumnType::Text;
            const QString sample = t->text(shuffled[3], col);
            QStringList inputs{sample.left(3).toUpper(), QStringLiteral("n/a"), QStringLiteral("/^%1$/").arg(QRegularExpression::escape(sample))};
            if (!text)
                inputs << QStringLiteral(">=%1").arg(t->number(shuffled[3], col)) << QStringLiteral("..%1").arg(t->number(shuffled[5], col));
            for (const QString &in : inputs) {
                ColumnFilter f;
                QString err;
                QVERIFY2(ColumnFilter::parse(in, t->columns()[std::size_t(col)].type, &f, &err), qPrintable(err));
                RowIndex want;
                for (auto r : shuffled)
                    if (f.matches(t->cell(r, col)))
                        want.push_back(r);
                QVERIFY2(filterRows(*t, shuffled, {}, {{col, f}}) == want, qPrintable(t->columns()[std::size_t(col)].name + u' ' + in));
                RowIndex ordered = want;
                std::sort(ordered.begin(), ordered.end());
                QCOMPARE(filterRows(*t, allRows(*t), {}, {{col, f}}), ordered);
            }
        }
    }
    // A cancelled sort leaves the rows as they were; a cancelled filter keeps nothing.
    auto t = table(SummaryKind::OpSummary);
    RowIndex rows = allRows(*t);
    const std::atomic<bool> stop{true};
    sortRows(*t, rows, t->columnIndex(QStringLiteral("Task Duration(us)")), false, &stop);
    QCOMPARE(rows, allRows(*t));
    QVERIFY(filterRows(*t, rows, {}, {}, &stop).empty());
}

void PipelineSummaryTables::filters()
{
    auto t = table(SummaryKind::OpSummary);
    const int name = t->columnIndex(QStringLiteral("Op Name")), dur = t->columnIndex(QStringLiteral("Task Duration(us)"));
    const RowIndex all = allRows(*t);
    const auto count = [&](int col, const std::function<bool(std::size_t)> &pred) {
        std::size_t n = 0;
        for (std::size_t r = 0; r < t->rowCount(); ++r)
            n += pred(r) ? 1 : 0;
        Q_UNUSED(col);
        return n;
    };
    const auto run = [&](int col, const QString &text) {
        ColumnFilter f;
        QString err;
        if (!ColumnFilter::parse(text, t->columns()[static_cast<std::size_t>(col)].type, &f, &err))
            qFatal("%s", qPrintable(err));
        return filterRows(*t, all, {}, {{col, f}});
    };
    // text contains, case-insensitive
    const auto conv = run(name, QStringLiteral("conv2d"));
    QVERIFY(!conv.empty() && conv.size() < all.size());
    QCOMPARE(conv.size(), count(name, [&](std::size_t r) { return t->text(r, name).contains(QStringLiteral("Conv2D"), Qt::CaseInsensitive); }));
    for (std::size_t i = 1; i < conv.size(); ++i)
        QVERIFY(conv[i - 1] < conv[i]); // order kept
    // regex
    const auto re = run(name, QStringLiteral("/conv2dbackpropfilterd-op[0-9]+$/"));
    QRegularExpression qre(QStringLiteral("conv2dbackpropfilterd-op[0-9]+$"), QRegularExpression::CaseInsensitiveOption);
    QCOMPARE(re.size(), count(name, [&](std::size_t r) { return qre.match(t->text(r, name)).hasMatch(); }));
    QVERIFY(!re.empty());
    // numeric range and comparisons
    const double lo = 20, hi = 200;
    QCOMPARE(run(dur, QStringLiteral("20..200")).size(),
             count(dur, [&](std::size_t r) { const double v = t->number(r, dur); return v >= lo && v <= hi; }));
    QCOMPARE(run(dur, QStringLiteral(">100")).size(), count(dur, [&](std::size_t r) { return t->number(r, dur) > 100; }));
    QCOMPARE(run(dur, QStringLiteral("<5")).size(), count(dur, [&](std::size_t r) { return t->number(r, dur) < 5; }));
    QCOMPARE(run(dur, QStringLiteral("..5")).size(), count(dur, [&](std::size_t r) { return t->number(r, dur) <= 5; }));
    QVERIFY(run(dur, QStringLiteral(">100")).size() > 0);
    // two filters at once
    ColumnFilter a, b;
    QString err;
    QVERIFY(ColumnFilter::parse(QStringLiteral("conv"), ColumnType::Text, &a, &err));
    QVERIFY(ColumnFilter::parse(QStringLiteral(">50"), ColumnType::Number, &b, &err));
    QCOMPARE(filterRows(*t, all, {}, {{name, a}, {dur, b}}).size(), count(name, [&](std::size_t r) {
                 return t->text(r, name).contains(QStringLiteral("conv"), Qt::CaseInsensitive) && t->number(r, dur) > 50;
             }));
}

void PipelineSummaryTables::badFiltersExplainThemselves()
{
    ColumnFilter f;
    QString err;
    QVERIFY(!ColumnFilter::parse(QStringLiteral("/conv(/"), ColumnType::Text, &f, &err));
    QVERIFY2(err.contains(QStringLiteral("/conv(/")), qPrintable(err));
    QVERIFY(!ColumnFilter::parse(QStringLiteral("9..2"), ColumnType::Number, &f, &err));
    QVERIFY2(err.contains(QStringLiteral("9..2")), qPrintable(err));
    QVERIFY(!ColumnFilter::parse(QStringLiteral(">abc"), ColumnType::Number, &f, &err));
    QVERIFY2(err.contains(QStringLiteral("abc")), qPrintable(err));
    QVERIFY(!ColumnFilter::parse(QStringLiteral("1..x"), ColumnType::Number, &f, &err));
    // Empty text is no filter; numeric syntax on a text column is plain text.
    QVERIFY(ColumnFilter::parse(QStringLiteral("  "), ColumnType::Number, &f, &err));
    QVERIFY(f.isEmpty());
    QVERIFY(ColumnFilter::parse(QStringLiteral(">x"), ColumnType::Text, &f, &err));
    QVERIFY(f.matches(Cell::str("a>x")));
    QVERIFY(!f.matches(Cell::str("ax")));
}

// An op name can be any length: a regular expression over a 100 000-character cell needs
// no deep recursion (the engine of the timeline search, not a backtracking one that
// recurses per character and overflows a worker's stack).
void PipelineSummaryTables::regexOverAHugeCell()
{
    std::string huge;
    for (int i = 0; i < 100000; ++i)
        huge += i % 2 ? "b" : "a";
    const std::string hit = huge + "c", miss = huge + "d";
    ColumnFilter f;
    QString err;
    QVERIFY2(ColumnFilter::parse(QStringLiteral("/^[ab]*c$/"), ColumnType::Text, &f, &err), qPrintable(err));
    QVERIFY(f.matches(Cell::str(hit)));
    QVERIFY(!f.matches(Cell::str(miss)));
    QVERIFY(ColumnFilter::parse(QStringLiteral("/(?:ab)+C/"), ColumnType::Text, &f, &err)); // case-insensitive
    QVERIFY(f.matches(Cell::str(hit)));
    QVERIFY(!f.matches(Cell::str(huge)));
}

void PipelineSummaryTables::groupByOpType()
{
    auto t = table(SummaryKind::OpSummary);
    const int type = t->columnIndex(QStringLiteral("OP Type")), dur = t->columnIndex(QStringLiteral("Task Duration(us)"));
    QCOMPARE(t->groupColumn(), type);
    {
        // Cancelled (the view's flag, set from its GUI thread): stops at once, empty, usable.
        const std::atomic<bool> cancel{true};
        GroupedTable stopped(t, allRows(*t), type, &cancel);
        QCOMPARE(stopped.rowCount(), std::size_t(0));
        QVERIFY(stopped.members().empty());
        QCOMPARE(stopped.offsets().size(), std::size_t(1));
        QVERIFY(t->rowCount() > 0);
        const std::atomic<bool> running{false};
        QCOMPARE(GroupedTable(t, allRows(*t), type, &running).rowCount(), GroupedTable(t, allRows(*t), type).rowCount());
    }
    GroupedTable g(t, allRows(*t), type);
    // Hand sums per op type.
    std::map<QString, std::tuple<std::uint64_t, double, double, double>> hand; // count, sum, min, max
    for (std::size_t r = 0; r < t->rowCount(); ++r) {
        auto &[n, s, mn, mx] = hand.try_emplace(t->text(r, type), 0, 0.0, INFINITY, -INFINITY).first->second;
        const double v = t->number(r, dur);
        ++n;
        s += v;
        mn = std::min(mn, v);
        mx = std::max(mx, v);
    }
    QCOMPARE(g.rowCount(), hand.size());
    const int sumCol = g.columnIndex(QStringLiteral("Task Duration(us) sum")), meanCol = g.columnIndex(QStringLiteral("Task Duration(us) mean")),
              minCol = g.columnIndex(QStringLiteral("Task Duration(us) min")), maxCol = g.columnIndex(QStringLiteral("Task Duration(us) max"));
    QVERIFY(sumCol > 1 && meanCol > 1 && minCol > 1 && maxCol > 1);
    // Identifiers are not aggregated.
    QCOMPARE(g.columnIndex(QStringLiteral("Task ID sum")), -1);
    QCOMPARE(g.columnIndex(QStringLiteral("Stream ID mean")), -1);
    QCOMPARE(g.columnIndex(QStringLiteral("Model ID max")), -1);
    QCOMPARE(g.columnIndex(QStringLiteral("Task Start Time sum")), -1);
    std::size_t members = 0;
    for (std::size_t r = 0; r < g.rowCount(); ++r) {
        const auto &[n, s, mn, mx] = hand.at(g.text(r, 0));
        QCOMPARE(static_cast<std::uint64_t>(g.number(r, 1)), n);
        QVERIFY(std::abs(g.number(r, sumCol) - s) < 1e-6 * std::max(1.0, s));
        QVERIFY(std::abs(g.number(r, meanCol) - s / static_cast<double>(n)) < 1e-6 * std::max(1.0, s));
        QCOMPARE(g.number(r, minCol), mn);
        QCOMPARE(g.number(r, maxCol), mx);
        for (std::size_t m = g.offsets()[r]; m < g.offsets()[r + 1]; ++m)
            QCOMPARE(t->text(g.members()[m], type), g.text(r, 0));
        members += g.offsets()[r + 1] - g.offsets()[r];
    }
    QCOMPARE(members, t->rowCount());
    // The same totals as op_statistic (Total Time over every device and iteration).
    auto stat = table(SummaryKind::OpStatistic);
    const int st = stat->columnIndex(QStringLiteral("OP Type")), total = stat->columnIndex(QStringLiteral("Total Time(us)")),
              cnt = stat->columnIndex(QStringLiteral("Count"));
    std::map<QString, std::pair<double, double>> fromStat;
    for (std::size_t r = 0; r < stat->rowCount(); ++r) {
        auto &p = fromStat[stat->text(r, st)];
        p.first += stat->number(r, cnt);
        p.second += stat->number(r, total);
    }
    for (const auto &[key, v] : hand) {
        QVERIFY2(fromStat.count(key), qPrintable(key));
        QCOMPARE(fromStat[key].first, static_cast<double>(std::get<0>(v)));
        QVERIFY(std::abs(fromStat[key].second - std::get<1>(v)) < 1e-6 * std::max(1.0, std::get<1>(v)));
    }
    // The grouped table sorts like any table.
    RowIndex gr = allRows(g);
    sortRows(g, gr, sumCol, false);
    for (std::size_t i = 1; i < gr.size(); ++i)
        QVERIFY(g.number(gr[i - 1], sumCol) >= g.number(gr[i], sumCol));
}

void PipelineSummaryTables::scopeAndTimeRange()
{
    auto t = table(SummaryKind::OpSummary);
    const RowIndex all = allRows(*t);
    RowScope dev;
    dev.device = 1;
    dev.iteration = 2;
    const RowIndex d1 = filterRows(*t, all, dev, {});
    QVERIFY(!d1.empty());
    std::size_t expect = 0;
    for (auto r : all) {
        const RowSpan s = t->span(r);
        expect += (s.device == 1 && s.iteration == 2) ? 1 : 0;
    }
    QCOMPARE(d1.size(), expect);
    // A window inside iteration 2 of device 0: rows overlapping it, and only those.
    TimeNs lo = std::numeric_limits<TimeNs>::max(), hi = 0;
    for (auto r : all) {
        const RowSpan s = t->span(r);
        if (s.device == 0 && s.iteration == 2) {
            lo = std::min(lo, s.start);
            hi = std::max(hi, s.end);
        }
    }
    QVERIFY(hi > lo);
    RowScope range;
    range.device = 0;
    range.timeRange = std::make_pair(lo + (hi - lo) / 3, lo + (hi - lo) / 2);
    const RowIndex in = filterRows(*t, all, range, {});
    QVERIFY(!in.empty());
    std::vector<bool> inside(t->rowCount());
    for (auto r : in)
        inside[r] = true;
    for (auto r : all) {
        const RowSpan s = t->span(r);
        const bool overlaps = s.device == 0 && s.end >= range.timeRange->first && s.start <= range.timeRange->second;
        QCOMPARE(bool(inside[r]), overlaps);
    }
    // Aggregate rows span their tasks: task_time rows of that window exist too.
    auto tt = table(SummaryKind::TaskTime);
    QVERIFY(!filterRows(*tt, allRows(*tt), range, {}).empty());
    QVERIFY(filterRows(*tt, allRows(*tt), range, {}).size() < tt->rowCount());
}

void PipelineSummaryTables::taskTimeGroupedWithoutTheTable()
{
    // Task time grouped straight from the session (a SummaryTables with no table built:
    // the rows are formed per iteration and never kept) against grouping the built table,
    // figure for figure and bit for bit: the whole session, one device's iteration, and a
    // device with a time range.
    auto t = table(SummaryKind::TaskTime);
    const int type = t->groupColumn();
    QCOMPARE(t->columns()[std::size_t(type)].name, QStringLiteral("Type"));
    TimeNs lo = std::numeric_limits<TimeNs>::max(), hi = 0;
    for (std::size_t r = 0; r < t->rowCount(); ++r) {
        const RowSpan s = t->span(r);
        if (s.device == 0 && s.iteration == 2) {
            lo = std::min(lo, s.start);
            hi = std::max(hi, s.end);
        }
    }
    QVERIFY(hi > lo);
    std::vector<RowScope> scopes(3);
    scopes[1].device = 1;
    scopes[1].iteration = 2;
    scopes[2].device = 0;
    scopes[2].timeRange = std::make_pair(lo + (hi - lo) / 3, lo + (hi - lo) / 2);
    for (const RowScope &scope : scopes) {
        SummaryTables fresh(*ex_.reader);
        auto direct = fresh.grouped(SummaryKind::TaskTime, scope);
        QVERIFY(direct);
        QVERIFY(direct->members().empty()); // no table behind it
        QCOMPARE(direct->source().rowCount(), std::size_t(0));
        const RowIndex rows = filterRows(*t, allRows(*t), scope, {});
        const GroupedTable ref(t, rows, type);
        QVERIFY(ref.rowCount() > 0);
        QCOMPARE(direct->rowCount(), ref.rowCount());
        QCOMPARE(direct->columnCount(), ref.columnCount());
        QCOMPARE(direct->sourceRowCount(), t->rowCount());
        QCOMPARE(direct->groupedRowCount(), rows.size());
        QCOMPARE(ref.groupedRowCount(), rows.size());
        for (int c = 0; c < ref.columnCount(); ++c)
            QCOMPARE(direct->columns()[std::size_t(c)].name, ref.columns()[std::size_t(c)].name);
        for (std::size_t r = 0; r < ref.rowCount(); ++r) {
            for (int c = 0; c < ref.columnCount(); ++c) {
                const Cell a = direct->cell(r, c), b = ref.cell(r, c);
                QCOMPARE(a.kind, b.kind);
                QCOMPARE(cellText(a), cellText(b));
                if (a.isNumber() && !(std::isnan(a.number()) && std::isnan(b.number())))
                    QCOMPARE(a.number(), b.number()); // same sums in the same order: the same bits
            }
            const RowSpan a = direct->span(r), b = ref.span(r);
            QCOMPARE(a.device, b.device);
            QCOMPARE(a.hasDevice, b.hasDevice);
            QCOMPARE(a.modelId, b.modelId);
            QCOMPARE(a.iteration, b.iteration);
            QCOMPARE(a.stream, b.stream);
            QCOMPARE(a.start, b.start);
            QCOMPARE(a.end, b.end);
        }
        // A built table is grouped as it is: the same again.
        auto fromBuilt = tables_->grouped(SummaryKind::TaskTime, scope);
        QVERIFY(fromBuilt);
        QCOMPARE(fromBuilt->members().size(), rows.size());
        QCOMPARE(fromBuilt->rowCount(), ref.rowCount());
    }

    // Against the raw tasks, in integer ns: per type, the rows (one per iteration, stream,
    // task id and shown name, typed by their first task), the tasks, their time and pending
    // time, and the shortest and longest row.
    struct Row { TimeNs start = 0, time = 0, pending = 0; std::uint64_t tasks = 0; std::string type; };
    std::map<std::tuple<std::uint16_t, std::uint32_t, std::uint32_t, std::uint32_t, std::uint32_t, std::string>, Row> raw;
    const TraceReader &reader = *ex_.reader;
    for (const IterationKey &k : reader.iterations())
        QVERIFY(reader.forEachTask(k, [&](const TaskRecord &task) {
            std::string name(reader.string(task.name));
            if (name.empty() && task.opId)
                if (const OpDesc *o = reader.op(task.opId))
                    name = std::string(reader.string(o->name));
            if (name.empty())
                name = std::string(reader.taskType(task));
            auto [p, fresh] = raw.try_emplace({task.device, task.modelId, task.iteration, task.streamId, task.taskId, name});
            if (fresh) {
                p->second.start = task.start;
                p->second.type = std::string(reader.taskType(task));
            }
            ++p->second.tasks;
            p->second.time += task.duration;
            p->second.pending += task.pending;
            return true;
        }));
    struct Group { std::uint64_t rows = 0, tasks = 0; TimeNs time = 0, pending = 0, shortest = kMaxTimeNs, longest = 0; };
    std::map<std::string, Group> byType;
    for (const auto &[key, row] : raw) {
        Group &g = byType[row.type];
        ++g.rows;
        g.tasks += row.tasks;
        g.time += row.time;
        g.pending += row.pending;
        g.shortest = std::min(g.shortest, row.time);
        g.longest = std::max(g.longest, row.time);
    }
    SummaryTables fresh(*ex_.reader);
    auto g = fresh.grouped(SummaryKind::TaskTime, {});
    QVERIFY(g);
    QCOMPARE(g->rowCount(), byType.size());
    QCOMPARE(g->sourceRowCount(), raw.size());
    const auto col = [&g](const char *name) {
        const int c = g->columnIndex(QString::fromLatin1(name));
        if (c < 0)
            qFatal("no column %s", name);
        return c;
    };
    const auto ns = [](double us) { return TimeNs(std::llround(us * 1000.0)); };
    std::uint64_t tasks = 0;
    for (std::size_t r = 0; r < g->rowCount(); ++r) {
        const std::string key = g->text(r, 0).toStdString();
        QVERIFY2(byType.count(key), key.c_str());
        const Group &want = byType.at(key);
        QCOMPARE(std::uint64_t(g->number(r, col("Count"))), want.rows);
        QCOMPARE(std::uint64_t(g->number(r, col("Count sum"))), want.tasks);
        QCOMPARE(ns(g->number(r, col("Time(us) sum"))), want.time);
        QCOMPARE(ns(g->number(r, col("Running(us) sum"))), want.time);
        QCOMPARE(ns(g->number(r, col("Pending(us) sum"))), want.pending);
        QCOMPARE(ns(g->number(r, col("Time(us) min"))), want.shortest);
        QCOMPARE(ns(g->number(r, col("Time(us) max"))), want.longest);
        tasks += want.tasks;
    }
    std::uint64_t all = 0;
    reader.scanTasks([&all](const TaskRecord &) { return ++all, true; });
    QCOMPARE(tasks, all);
    QVERIFY(byType.size() > 1);

    // Cancelled: nothing, at once.
    const std::atomic<bool> cancel{true};
    SummaryTables stopped(*ex_.reader);
    QVERIFY(!stopped.grouped(SummaryKind::TaskTime, {}, &cancel));
}

QTEST_GUILESS_MAIN(PipelineSummaryTables)
// Groups are told apart by their text, wherever its characters live: rows of one name from
// separate strings form one group, with the sums in row order and the span of all members.
void PipelineSummaryTables::groupingKnowsTextByContent()
{
    auto t = std::make_shared<PlacesTable>();
    t->names = {"MatMul", "Add", "MatMul", "-", "7", "Add", "MatMul", "7", "-"};
    t->values = {1, 2, 3, 4, 5, 6, 7, 8, 9};
    QVERIFY(t->names[0].data() != t->names[2].data());
    const GroupedTable g(t, allRows(*t), 0);
    QCOMPARE(g.rowCount(), std::size_t(4)); // MatMul, Add, N/A, 7: in order of first appearance
    QCOMPARE(g.text(0, 0), QStringLiteral("MatMul"));
    QCOMPARE(g.text(1, 0), QStringLiteral("Add"));
    QCOMPARE(g.text(2, 0), QStringLiteral("N/A"));
    QCOMPARE(g.text(3, 0), QStringLiteral("7"));
    const int sum = g.columnIndex(QStringLiteral("Time(us) sum")), mn = g.columnIndex(QStringLiteral("Time(us) min")),
              mx = g.columnIndex(QStringLiteral("Time(us) max"));
    QCOMPARE(g.number(0, 1), 3.0);
    QCOMPARE(g.number(0, sum), 11.0);
    QCOMPARE(g.number(0, mn), 1.0);
    QCOMPARE(g.number(0, mx), 7.0);
    QCOMPARE(g.number(1, sum), 8.0);
    QCOMPARE(g.number(2, sum), 13.0);
    QCOMPARE(g.number(3, sum), 13.0);
    // Members are group-contiguous, each group's in row order.
    const RowIndex want{0, 2, 6, 1, 5, 3, 8, 4, 7};
    QCOMPARE(g.members(), want);
    QCOMPARE(g.offsets(), (std::vector<std::size_t>{0, 3, 5, 7, 9}));
    // A group spans its members: one device only if all share it.
    QVERIFY(g.span(0).hasDevice); // MatMul: rows 0, 2, 6, all on device 0
    QCOMPARE(g.span(0).start, TimeNs(0));
    QCOMPARE(g.span(0).end, TimeNs(65));
    QVERIFY(!g.span(2).hasDevice); // N/A: rows 3 and 8, devices 1 and 0
}

#include "test_pipeline_summary_tables.moc"
