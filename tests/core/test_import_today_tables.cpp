// The tables and the memory series of an imported torch_npu session (the real 2-rank 910B
// text and db exports in tests/data/reference), checked against the files themselves: the
// CSVs are read here with a small RFC 4180 reader of the test's own, independently of the
// importer. Kernel details: one row per kernel_details.csv row, every column of the file,
// the same durations, wait times and PMU values. API statistics: the rows, counts and times
// of api_statistic.csv, recomputed from the CANN API ranges. Step time breakdown: one row
// per rank and step with the file's times, shares within [0, 100] that add up where they
// should. Memory: one point per memory_record.csv value of each component and metric.

#include "core/analysis/chart_data.h"
#include "core/analysis/summary_tables.h"
#include "core/exporting/prof_exporter.h"
#include "core/model/memory_trace.h"
#include "device/emulator.h"
#include "tests/core/test_import_fixture.h"

#include <QDirIterator>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <map>
#include <set>

using namespace npuscope;
using namespace npuscope::analysis;

namespace {

// A CSV file as rows of cells (RFC 4180: quoted cells with doubled quotes and commas), the
// header first; trailing TABs (msprof's spreadsheet guard) are removed from each cell.
struct Csv {
    QStringList header;
    std::vector<QStringList> rows;
    int col(const QString &name) const { return int(header.indexOf(name)); }
};

Csv readCsv(const QString &path)
{
    Csv out;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return out;
    const QString text = QString::fromUtf8(f.readAll());
    QStringList row;
    QString cell;
    bool quoted = false;
    const auto endCell = [&] {
        while (cell.endsWith(u'\t'))
            cell.chop(1);
        row << cell;
        cell.clear();
    };
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        if (quoted) {
            if (c == u'"' && i + 1 < text.size() && text[i + 1] == u'"') {
                cell += u'"';
                ++i;
            } else if (c == u'"') {
                quoted = false;
            } else {
                cell += c;
            }
        } else if (c == u'"') {
            quoted = true;
        } else if (c == u',') {
            endCell();
        } else if (c == u'\n' || c == u'\r') {
            if (c == u'\r' && i + 1 < text.size() && text[i + 1] == u'\n')
                ++i;
            endCell();
            if (out.header.isEmpty())
                out.header = row;
            else
                out.rows.push_back(row);
            row.clear();
        } else {
            cell += c;
        }
    }
    if (!cell.isEmpty() || !row.isEmpty()) {
        endCell();
        out.rows.push_back(row);
    }
    return out;
}

// A µs time with up to 3 decimals as integer ns (a double cannot hold an epoch time to the ns).
qint64 usTextToNs(QString s)
{
    s = s.trimmed();
    const qsizetype dot = s.indexOf(u'.');
    QString whole = dot < 0 ? s : s.left(dot), frac = dot < 0 ? QString() : s.mid(dot + 1);
    frac = (frac + QStringLiteral("000")).left(3);
    return whole.toLongLong() * 1000 + frac.toLongLong();
}

double num(const QString &s)
{
    bool ok = false;
    const double v = s.toDouble(&ok);
    return ok ? v : std::nan("");
}

struct Session {
    MemoryTrace trace;
    importing::ImportReport report;
};

std::unique_ptr<Session> importPath(const QString &path, QString *error)
{
    auto s = std::make_unique<Session>();
    if (!importfx::importDir(path, s->trace, &s->report, error))
        return nullptr;
    return s;
}

int deviceOfRank(const TraceReader &r, int rank)
{
    for (const auto &d : r.sessionInfo().devices)
        if (int(d.rankId) == rank)
            return d.id;
    return -1;
}

std::vector<std::size_t> rowsOfDevice(const SummaryTable &t, int device)
{
    std::vector<std::size_t> out;
    for (std::size_t r = 0; r < t.rowCount(); ++r)
        if (t.span(r).device == device)
            out.push_back(r);
    return out;
}

} // namespace

class ImportTodayTables : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        NPUSCOPE_REQUIRE_DATA(testdata::torchTextOutput(0) + QStringLiteral("kernel_details.csv"), testdata::torchTextOutput(1) + QStringLiteral("kernel_details.csv"),
                              testdata::torchTextOutput(0) + QStringLiteral("api_statistic.csv"), testdata::torchTextOutput(0) + QStringLiteral("memory_record.csv"),
                              testdata::torchTextOutput(0) + QStringLiteral("step_trace_time.csv"), testdata::torchDb910b());
        QString err;
        text_ = importPath(testdata::torchText910b(), &err);
        QVERIFY2(text_, qPrintable(err));
        db_ = importPath(testdata::torchDb910b(), &err);
        QVERIFY2(db_, qPrintable(err));
    }

    void kindsOfAnImportedSession()
    {
        SummaryTables tables(text_->trace, text_->report.kernelColumns);
        for (SummaryKind k : {SummaryKind::KernelDetails, SummaryKind::ApiStatistic, SummaryKind::StepTime})
            QVERIFY2(tables.has(k), summaryKindStem(k));
        SummaryTables fromDb(db_->trace);
        for (SummaryKind k : {SummaryKind::KernelDetails, SummaryKind::ApiStatistic, SummaryKind::StepTime})
            QVERIFY2(fromDb.has(k), summaryKindStem(k));
    }

    void kernelDetailsHaveEveryRowAndColumnOfTheFile()
    {
        auto t = buildSummaryTable(text_->trace, SummaryKind::KernelDetails, nullptr, text_->report.kernelColumns);
        QVERIFY(t);
        std::size_t fileRows = 0;
        for (int rank = 0; rank < 2; ++rank) {
            const Csv csv = readCsv(testdata::torchTextOutput(rank) + QStringLiteral("kernel_details.csv"));
            QVERIFY(csv.rows.size() > 100);
            fileRows += csv.rows.size();
            // Every column of the file, in the file's order, after our Device column.
            QCOMPARE(t->columns()[0].name, QStringLiteral("Device"));
            for (int c = 0; c < csv.header.size(); ++c)
                QCOMPARE(t->columns()[std::size_t(c + 1)].name, csv.header[c]);
            const int device = deviceOfRank(text_->trace, rank);
            const auto rows = rowsOfDevice(*t, device);
            QCOMPARE(rows.size(), csv.rows.size());
            // Rows in time order as the file; compare row by row on the columns that say
            // what the kernel is and what it cost.
            std::vector<QStringList> fileRowsSorted = csv.rows;
            const int cStart = csv.col(QStringLiteral("Start Time(us)"));
            std::stable_sort(fileRowsSorted.begin(), fileRowsSorted.end(),
                             [&](const QStringList &a, const QStringList &b) { return num(a[cStart]) < num(b[cStart]); });
            double fileDuration = 0, tableDuration = 0;
            for (std::size_t i = 0; i < rows.size(); ++i) {
                const QStringList &want = fileRowsSorted[i];
                for (const char *name : {"Name", "Type", "Accelerator Core", "Input Shapes", "Output Formats", "OP State",
                                         "HF32 Eligible", "Model ID", "Step Id", "Task ID", "Stream ID", "Block Dim", "Mix Block Dim"}) {
                    const QString n = QLatin1String(name);
                    const int fc = csv.col(n), tc = t->columnIndex(n);
                    QVERIFY2(fc >= 0 && tc >= 0, name);
                    QString got = t->text(rows[i], tc);
                    QString w = want[fc];
                    if (want[csv.col(QStringLiteral("Accelerator Core"))] == QLatin1String("HCCL")
                        && (n == QLatin1String("Task ID") || n == QLatin1String("Stream ID") || n == QLatin1String("Model ID")))
                        continue; // the communication op's ids live on its HCCL tasks
                    if (w.isEmpty())
                        w = QStringLiteral("N/A");
                    QVERIFY2(got == w, qPrintable(QStringLiteral("row %1 %2: %3 vs file %4").arg(i).arg(n, got, w)));
                }
                {
                    // The communication ops' start is the HCCL lane's, which rounds 1 ns apart.
                    const qint64 w = usTextToNs(want[cStart]);
                    const qint64 got = usTextToNs(t->text(rows[i], t->columnIndex(QStringLiteral("Start Time(us)"))));
                    QVERIFY2(std::llabs(got - w) <= (want[csv.col(QStringLiteral("Accelerator Core"))] == QLatin1String("HCCL") ? 1 : 0),
                             qPrintable(QStringLiteral("row %1 start %2 vs file %3").arg(i).arg(got).arg(w)));
                }
                for (const char *name : {"Duration(us)", "Wait Time(us)", "aic_mac_time(us)",
                                         "aiv_vec_ratio", "aic_total_cycles", "cube_utilization(%)"}) {
                    const QString n = QLatin1String(name);
                    const int fc = csv.col(n), tc = t->columnIndex(n);
                    QVERIFY2(fc >= 0 && tc >= 0, name);
                    const double w = num(want[fc]), got = t->number(rows[i], tc);
                    if (std::isnan(w)) {
                        QVERIFY2(std::isnan(got) || want[csv.col(QStringLiteral("Accelerator Core"))] == QLatin1String("HCCL"), name);
                        continue;
                    }
                    // PMU values are kept as floats: 7 significant digits. Durations are the
                    // timeline's (24.8405 µs there, 24.84 in the kernel file: 1 ns apart).
                    const double tol = std::max(1.1e-3, std::abs(w) * 1e-6);
                    QVERIFY2(std::abs(got - w) <= tol,
                             qPrintable(QStringLiteral("row %1 %2: %3 vs file %4").arg(i).arg(n).arg(got, 0, 'f', 6).arg(w, 0, 'f', 6)));
                }
                fileDuration += num(want[csv.col(QStringLiteral("Duration(us)"))]);
                tableDuration += t->number(rows[i], t->columnIndex(QStringLiteral("Duration(us)")));
            }
            QVERIFY(std::abs(fileDuration - tableDuration) < 1e-3 * double(rows.size()));
        }
        QCOMPARE(t->rowCount(), fileRows);
    }

    void kernelDetailsOfTheDbExport()
    {
        // The db export describes the same kernels: as many rows per rank (its own column set:
        // torch_npu's kernel_details layout), the same total duration.
        auto t = buildSummaryTable(db_->trace, SummaryKind::KernelDetails);
        QVERIFY(t);
        QVERIFY(t->columnIndex(QStringLiteral("Accelerator Core")) >= 0);
        QVERIFY(t->columnIndex(QStringLiteral("aic_mac_ratio")) >= 0 || t->columnIndex(QStringLiteral("aiv_vec_ratio")) >= 0);
        std::size_t rows = 0;
        for (int rank = 0; rank < 2; ++rank) {
            const int device = deviceOfRank(db_->trace, rank);
            const auto mine = rowsOfDevice(*t, device);
            QVERIFY(mine.size() > 100);
            rows += mine.size();
        }
        QCOMPARE(rows, t->rowCount());
    }

    void apiStatisticsAgreeWithTheFile()
    {
        auto t = buildSummaryTable(text_->trace, SummaryKind::ApiStatistic);
        QVERIFY(t);
        for (int rank = 0; rank < 2; ++rank) {
            const Csv csv = readCsv(testdata::torchTextOutput(rank) + QStringLiteral("api_statistic.csv"));
            QVERIFY(csv.rows.size() > 10);
            const auto rows = rowsOfDevice(*t, deviceOfRank(text_->trace, rank));
            QCOMPARE(rows.size(), csv.rows.size());
            std::map<std::pair<QString, QString>, std::size_t> byKey;
            for (std::size_t r : rows)
                byKey[{t->text(r, t->columnIndex(QStringLiteral("Level"))), t->text(r, t->columnIndex(QStringLiteral("API Name")))}] = r;
            double fileTotal = 0, tableTotal = 0;
            std::uint64_t fileCount = 0, tableCount = 0;
            for (const QStringList &row : csv.rows) {
                const auto it = byKey.find({row[csv.col(QStringLiteral("Level"))], row[csv.col(QStringLiteral("API Name"))]});
                QVERIFY2(it != byKey.end(), qPrintable(row.join(u',')));
                const std::size_t r = it->second;
                QCOMPARE(t->number(r, t->columnIndex(QStringLiteral("Count"))), num(row[csv.col(QStringLiteral("Count"))]));
                // torch_npu rounds to 2 (times) and 3 (avg, variance) decimals.
                for (const char *name : {"Time(us)", "Min(us)", "Max(us)", "Avg(us)"}) {
                    const QString n = QLatin1String(name);
                    const double w = num(row[csv.col(n)]), got = t->number(r, t->columnIndex(n));
                    QVERIFY2(std::abs(got - w) <= 0.011, qPrintable(QStringLiteral("%1 %2: %3 vs %4").arg(row[1], n).arg(got).arg(w)));
                }
                const double wv = num(row[csv.col(QStringLiteral("Variance"))]);
                const double gv = t->number(r, t->columnIndex(QStringLiteral("Variance")));
                QVERIFY2(std::abs(gv - wv) <= std::max(0.05, wv * 1e-3), qPrintable(QStringLiteral("%1 variance %2 vs %3").arg(row[1]).arg(gv).arg(wv)));
                fileTotal += num(row[csv.col(QStringLiteral("Time(us)"))]);
                fileCount += std::uint64_t(num(row[csv.col(QStringLiteral("Count"))]));
                tableTotal += t->number(r, t->columnIndex(QStringLiteral("Time(us)")));
                tableCount += std::uint64_t(t->number(r, t->columnIndex(QStringLiteral("Count"))));
            }
            QCOMPARE(tableCount, fileCount);
            QVERIFY(std::abs(tableTotal - fileTotal) <= 0.01 * double(csv.rows.size()));
        }
    }

    // "Group by op type" on API statistics: one group per API name (the table's type
    // column), not one per Level (which put every ACL call in one row).
    void apiStatisticsGroupByApiName()
    {
        auto t = buildSummaryTable(text_->trace, SummaryKind::ApiStatistic);
        QVERIFY(t);
        const int nameCol = t->columnIndex(QStringLiteral("API Name"));
        QVERIFY(nameCol >= 0);
        QCOMPARE(t->groupColumn(), nameCol);
        std::set<QString> names, levels;
        for (std::size_t r = 0; r < t->rowCount(); ++r) {
            names.insert(t->text(r, nameCol));
            levels.insert(t->text(r, t->columnIndex(QStringLiteral("Level"))));
        }
        QVERIFY(names.size() > levels.size());
        GroupedTable g(t, allRows(*t), t->groupColumn());
        QCOMPARE(g.rowCount(), names.size());
        std::set<QString> groups;
        for (std::size_t r = 0; r < g.rowCount(); ++r)
            groups.insert(g.text(r, 0));
        QVERIFY(groups == names);
    }

    void stepTimeBreakdownPerRankAndStep()
    {
        // The text export's numbers are compared with its file; the db export (a run of its
        // own) with the same rules on its rows.
        for (const Session *s : {text_.get(), db_.get()}) {
            const bool text = s == text_.get();
            auto t = buildSummaryTable(s->trace, SummaryKind::StepTime);
            QVERIFY(t);
            std::size_t fileRows = 0;
            for (int rank = 0; rank < 2; ++rank) {
                const Csv csv = readCsv(testdata::torchTextOutput(rank) + QStringLiteral("step_trace_time.csv"));
                fileRows += csv.rows.size();
                const auto rows = rowsOfDevice(*t, deviceOfRank(s->trace, rank));
                QCOMPARE(rows.size(), csv.rows.size());
                for (std::size_t i = 0; i < rows.size(); ++i) {
                    const std::size_t r = rows[i];
                    QCOMPARE(t->text(r, t->columnIndex(QStringLiteral("Rank"))), QString::number(rank));
                    if (text)
                        QCOMPARE(t->text(r, t->columnIndex(QStringLiteral("Step"))), csv.rows[i][csv.col(QStringLiteral("Step"))]);
                    for (const char *name : {"Computing", "Communication(Not Overlapped)", "Overlapped", "Free", "Bubble", "Preparing"}) {
                        if (!text)
                            break;
                        const double w = num(csv.rows[i][csv.col(QLatin1String(name))]);
                        const double got = t->number(r, t->columnIndex(QLatin1String(name) + QStringLiteral("(us)")));
                        QVERIFY2(std::abs(got - w) <= 0.0015, qPrintable(QStringLiteral("%1: %2 vs %3").arg(QLatin1String(name)).arg(got).arg(w)));
                    }
                    // Shares: each in [0, 100]; the four parts of the step add up to 100 % (each
                    // cell rounded to 3 decimals); Overlapped and Bubble stay within theirs.
                    double parts = 0;
                    for (const char *name : {"Computing(%)", "Communication(Not Overlapped)(%)", "Free(%)", "Preparing(%)",
                                             "Overlapped(%)", "Bubble(%)"}) {
                        const double v = t->number(r, t->columnIndex(QLatin1String(name)));
                        QVERIFY2(v >= 0 && v <= 100, name);
                        if (QByteArray(name) != "Overlapped(%)" && QByteArray(name) != "Bubble(%)")
                            parts += v;
                    }
                    QVERIFY2(parts <= 100.002 && parts >= 99.998, qPrintable(QString::number(parts, 'f', 6)));
                    QVERIFY(t->number(r, t->columnIndex(QStringLiteral("Overlapped(%)")))
                            <= t->number(r, t->columnIndex(QStringLiteral("Computing(%)"))));
                    const double step = t->number(r, t->columnIndex(QStringLiteral("Step Time(us)")));
                    double sum = 0;
                    for (const char *name : {"Computing", "Communication(Not Overlapped)", "Free", "Preparing"})
                        sum += text ? num(csv.rows[i][csv.col(QLatin1String(name))])
                                    : t->number(r, t->columnIndex(QLatin1String(name) + QStringLiteral("(us)")));
                    QVERIFY(std::abs(step - sum) <= 0.005);
                }
            }
            QCOMPARE(t->rowCount(), fileRows);
        }
    }

    void sharesStayInRangeOnOddInput()
    {
        // A file may hold anything: negative or inconsistent times never give a share
        // outside [0, 100], and the partition never passes 100 %.
        StepTimeRecord r;
        r.computing = 100;
        r.overlapped = 500; // more than Computing
        r.commNotOverlapped = -20;
        r.free = 0;
        r.bubble = 1000;
        r.preparing = 300;
        const StepShares s = stepShares(r);
        for (double v : {s.computing, s.commNotOverlapped, s.free, s.preparing, s.overlapped, s.bubble})
            QVERIFY(v >= 0 && v <= 100);
        QVERIFY(s.computing + s.commNotOverlapped + s.free + s.preparing <= 100 + 1e-9);
        QVERIFY(s.overlapped <= s.computing);
        QCOMPARE(s.bubble, 0.0);
        const StepShares none = stepShares(StepTimeRecord{});
        QCOMPARE(none.stepNs, 0.0);
        QCOMPARE(none.computing, 0.0);
    }

    void memorySeriesMatchMemoryRecordRows()
    {
        for (int rank = 0; rank < 2; ++rank) {
            const Csv csv = readCsv(testdata::torchTextOutput(rank) + QStringLiteral("memory_record.csv"));
            QVERIFY(csv.rows.size() > 100);
            // Points per (component, metric) the file has a value for.
            std::map<std::pair<QString, QString>, int> want;
            const std::pair<const char *, const char *> metrics[] = {
                {"Total Allocated(MB)", "allocated"}, {"Total Reserved(MB)", "reserved"}, {"Total Active(MB)", "active"}};
            std::map<std::pair<QString, QString>, double> wantMax;
            for (const QStringList &row : csv.rows)
                for (const auto &m : metrics)
                    if (!row[csv.col(QLatin1String(m.first))].isEmpty()) {
                        const std::pair<QString, QString> key{row[csv.col(QStringLiteral("Component"))], QLatin1String(m.second)};
                        ++want[key];
                        wantMax[key] = std::max(wantMax[key], num(row[csv.col(QLatin1String(m.first))]));
                    }
            charts::ChartScope scope;
            scope.device = deviceOfRank(text_->trace, rank);
            const charts::MemorySeries m = charts::memoryOverTime(text_->trace, scope);
            QVERIFY2(m.missing.isEmpty(), qPrintable(m.missing));
            QCOMPARE(m.device, scope.device);
            std::map<std::pair<QString, QString>, int> got;
            std::map<std::pair<QString, QString>, double> gotMax;
            const char *names[] = {"allocated", "reserved", "active"};
            for (const auto &t : m.tracks) {
                if (t.source != charts::MemoryTrack::Source::Allocator)
                    continue;
                const std::pair<QString, QString> key{QString::fromStdString(t.component), QLatin1String(names[int(t.metric)])};
                got[key] += int(t.points.size());
                for (std::size_t i = 0; i < t.points.size(); ++i) {
                    gotMax[key] = std::max(gotMax[key], t.points[i].mib);
                    if (i)
                        QVERIFY(t.points[i - 1].ts <= t.points[i].ts);
                }
            }
            QCOMPARE(got, want);
            for (const auto &kv : want)
                QVERIFY(std::abs(gotMax[kv.first] - wantMax[kv.first]) < 1e-6);
            // Modules that reserved something are drawn; the all-zero ones are counted.
            const Csv mod = readCsv(testdata::torchTextOutput(rank) + QStringLiteral("npu_module_mem.csv"));
            std::map<QString, bool> busy;
            for (const QStringList &row : mod.rows)
                busy[row[0]] = busy[row[0]] || num(row[mod.col(QStringLiteral("Total Reserved(MB)"))]) > 0;
            int busyModules = 0, idle = 0;
            for (const auto &kv : busy)
                ++(kv.second ? busyModules : idle);
            int moduleTracks = 0;
            for (const auto &t : m.tracks)
                moduleTracks += t.source == charts::MemoryTrack::Source::Module;
            QCOMPARE(moduleTracks, busyModules);
            QCOMPARE(int(m.idleModules), idle);
        }
    }

    void memoryEmptyState()
    {
        // A session without memory records says so, naming what records them.
        MemoryTrace empty;
        SessionInfo info;
        DeviceInfo d;
        info.devices.push_back(d);
        QVERIFY(empty.begin(info));
        QVERIFY(empty.end(SessionStatus::Complete, info.devices));
        const charts::MemorySeries m = charts::memoryOverTime(empty, {});
        QVERIFY(m.tracks.empty());
        QVERIFY2(m.missing.contains(QLatin1String("profile_memory")), qPrintable(m.missing));
    }

    void emulatedPyTorchSessionHasTheTables()
    {
        // An emulated torch_npu-profiled run (2 ranks, profile_memory on) gets the same
        // tables and the memory chart: one kernel row per compute task and collective op,
        // one step row per rank and step, the CANN API ranges counted.
        SessionSpec spec;
        spec.model = QStringLiteral("lenet");
        spec.batchSize = 8;
        spec.iterations = 3;
        spec.devicesPerServer = 2;
        spec.chip = QStringLiteral("910B");
        spec.framework = Framework::PyTorch;
        spec.torchProfilerConfig = R"({"profile_memory":true})";
        spec.clockBaseUs = 1'700'000'000'000'000;
        MemoryTrace trace;
        device::Emulator emu(spec, ProfilingOptions{});
        QCOMPARE(emu.run(trace), SessionStatus::Complete);
        SummaryTables tables(trace);
        for (SummaryKind k : {SummaryKind::KernelDetails, SummaryKind::ApiStatistic, SummaryKind::StepTime})
            QVERIFY2(tables.has(k), summaryKindStem(k));
        std::size_t kernels = 0, api = 0;
        for (const IterationKey &k : trace.iterations()) {
            trace.forEachTask(k, [&](const TaskRecord &t) { kernels += isComputeKind(t.kind) || (t.opId && trace.op(t.opId)); return true; });
            trace.forEachCollective(k, [&](const CollectiveOpRecord &) { ++kernels; return true; });
            trace.forEachHostRange(k, [&](const HostRangeRecord &h) { api += h.kind != HostRangeRecord::Kind::MsprofTx; return true; });
        }
        auto kd = tables.table(SummaryKind::KernelDetails);
        QVERIFY(kernels > 0);
        QCOMPARE(kd->rowCount(), kernels);
        auto st = tables.table(SummaryKind::ApiStatistic);
        double counted = 0;
        for (std::size_t r = 0; r < st->rowCount(); ++r)
            counted += st->number(r, st->columnIndex(QStringLiteral("Count")));
        QCOMPARE(std::size_t(counted), api);
        auto steps = tables.table(SummaryKind::StepTime);
        QCOMPARE(steps->rowCount(), trace.stepTimes().size());
        QVERIFY(steps->rowCount() >= 2);
        for (std::size_t r = 0; r < steps->rowCount(); ++r) {
            double sum = 0;
            for (const char *c : {"Computing(%)", "Communication(Not Overlapped)(%)", "Free(%)", "Preparing(%)"})
                sum += steps->number(r, steps->columnIndex(QLatin1String(c)));
            QVERIFY2(sum <= 100.002, qPrintable(QString::number(sum)));
        }
        const charts::MemorySeries m = charts::memoryOverTime(trace, {});
        QVERIFY2(m.missing.isEmpty(), qPrintable(m.missing));
        QVERIFY(!m.tracks.empty());
    }

    void torchNpuExportKeepsTheModelIdOfTheFile()
    {
        // torch_npu writes 4294967295 ("none") as the kernels' Model ID; an import keeps the
        // text and the torch_npu layout writes it back.
        QTemporaryDir out;
        exporting::ExportRequest req;
        req.layout = exporting::ExportLayout::TorchNpu;
        req.outputDir = out.path();
        exporting::ExportResult res;
        exporting::ExportError kind{};
        QString err;
        QVERIFY2(exporting::exportSession(text_->trace, req, &res, &kind, &err), qPrintable(err));
        QDirIterator it(out.path(), {QStringLiteral("kernel_details.csv")}, QDir::Files, QDirIterator::Subdirectories);
        int files = 0;
        while (it.hasNext()) {
            const Csv written = readCsv(it.next());
            ++files;
            QVERIFY(!written.rows.empty());
            // Kernel rows; the communication ops' model id is not kept (their rows say 0).
            int kernels = 0;
            for (const QStringList &row : written.rows)
                if (row[written.col(QStringLiteral("Accelerator Core"))] != QLatin1String("HCCL")) {
                    ++kernels;
                    QCOMPARE(row[written.col(QStringLiteral("Model ID"))], QStringLiteral("4294967295"));
                }
            QVERIFY(kernels > 100);
        }
        QCOMPARE(files, 2);
    }

    void legacyExportKeepsImportedHcclTasks()
    {
        // Every HCCL plane task of the import is in the legacy export's hccl and msprof
        // timelines, on its plane's thread of the HCCL lane; the collective ops too.
        // One rank imported alone (a single-device session) keeps them too.
        QString err0;
        const auto rank0 = importPath(testdata::torchText910b() + QStringLiteral("/rank0_ascend_pt"), &err0);
        QVERIFY2(rank0, qPrintable(err0));
        QCOMPARE(rank0->trace.sessionInfo().devices.size(), std::size_t(1));
        for (const Session *s : {text_.get(), db_.get(), rank0.get()}) {
            std::map<int, int> tasks, ops; // by device
            for (const IterationKey &k : s->trace.iterations()) {
                s->trace.forEachHcclTask(k, [&](const HcclTaskRecord &) { ++tasks[k.device]; return true; });
                s->trace.forEachCollective(k, [&](const CollectiveOpRecord &) { ++ops[k.device]; return true; });
            }
            QVERIFY(!tasks.empty());
            QTemporaryDir out;
            exporting::ExportRequest req;
            req.outputDir = out.path();
            exporting::ExportResult res;
            exporting::ExportError kind{};
            QString err;
            QVERIFY2(exporting::exportSession(s->trace, req, &res, &kind, &err), qPrintable(err));
            for (const QString &stem : {QStringLiteral("hccl_"), QStringLiteral("msprof_")}) {
                std::map<int, int> planeEvents, opEvents;
                QDirIterator it(res.profDir, {stem + QStringLiteral("*.json")}, QDir::Files, QDirIterator::Subdirectories);
                int files = 0;
                while (it.hasNext()) {
                    const QString path = it.next();
                    ++files;
                    const int device = QFileInfo(path).fileName().section(u'_', 1, 1).toInt();
                    const QJsonArray events = importfx::readEvents(path);
                    qint64 hcclPid = -1;
                    for (const auto &v : events) {
                        const QJsonObject e = v.toObject();
                        if (e.value(QStringLiteral("ph")).toString() == QLatin1String("M")
                            && e.value(QStringLiteral("name")).toString() == QLatin1String("process_name")
                            && e.value(QStringLiteral("args")).toObject().value(QStringLiteral("name")).toString() == QLatin1String("HCCL"))
                            hcclPid = e.value(QStringLiteral("pid")).toInteger();
                    }
                    QVERIFY2(hcclPid >= 0, qPrintable(path + QStringLiteral(": no HCCL lane")));
                    for (const auto &v : events) {
                        const QJsonObject e = v.toObject();
                        if (e.value(QStringLiteral("ph")).toString() != QLatin1String("X")
                            || e.value(QStringLiteral("pid")).toInteger() != hcclPid)
                            continue;
                        // The collective ops are on the "Communication Kernel" thread, the plane
                        // tasks on their plane's.
                        if (e.value(QStringLiteral("args")).toObject().contains(QStringLiteral("plane_id"))
                            || e.value(QStringLiteral("args")).toObject().contains(QStringLiteral("notify_id")))
                            ++planeEvents[device];
                        else
                            ++opEvents[device];
                    }
                }
                QVERIFY(files > 0);
                QCOMPARE(planeEvents, tasks);
                QCOMPARE(opEvents, ops);
            }
        }
    }

private:
    std::unique_ptr<Session> text_, db_;
};

QTEST_GUILESS_MAIN(ImportTodayTables)
#include "test_import_today_tables.moc"
