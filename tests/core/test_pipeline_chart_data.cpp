// Chart series (core/analysis/chart_data.h) on real emulated sessions, against figures
// computed independently: aggregate SQL over the project file for op totals, step-trace
// arithmetic, bandwidth and the L2 histogram; a straight loop over the reader for the
// duration-weighted pipe ratios. A second session recorded without l2 / hccl /
// training_trace and with another aic_metrics group must explain every missing chart.

#include "core/analysis/chart_data.h"
#include "tests/chart_projects.h"
#include "tests/test_record.h"
#include "core/options/profiling_options.h"
#include "core/store/hccl_blocks.h"
#include "core/store/project.h"
#include "device/emulator.h"

#include <QTemporaryDir>
#include <QtTest>
#include <cmath>
#include <map>
#include <sqlite3.h>

using namespace npuscope;
namespace ch = npuscope::analysis::charts;

namespace {

struct Sql {
    sqlite3 *db = nullptr;
    explicit Sql(const QString &path)
    {
        sqlite3_open_v2(path.toUtf8().constData(), &db, SQLITE_OPEN_READONLY, nullptr);
        store::detail::registerRecordTables(db); // plain hccl_tasks rows, as the SQL console has them
    }
    ~Sql() { sqlite3_close(db); }
    template <typename F>
    bool rows(const QByteArray &sql, F &&f)
    {
        sqlite3_stmt *s = nullptr;
        if (sqlite3_prepare_v2(db, sql.constData(), -1, &s, nullptr) != SQLITE_OK) {
            qWarning("%s: %s", sql.constData(), sqlite3_errmsg(db));
            return false;
        }
        while (sqlite3_step(s) == SQLITE_ROW)
            f(s);
        sqlite3_finalize(s);
        return true;
    }
    QString text(sqlite3_stmt *s, int c) { return QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_column_text(s, c))); }
};

using testrecord::OpenedSession;

// Session 1 of the project; a warning says why when it does not open.
OpenedSession open(const QString &path)
{
    OpenedSession o = testrecord::openSession(path, 1);
    if (!o.reader)
        qWarning("%s", qPrintable(o.error));
    return o;
}


// op type → (count, total) over AI Core / AI CPU tasks matching `where` (SQL on tasks t).
std::map<QString, std::pair<std::uint64_t, std::int64_t>> opTotalsSql(Sql &sql, const QByteArray &where)
{
    std::map<QString, std::pair<std::uint64_t, std::int64_t>> m;
    sql.rows("SELECT COALESCE(NULLIF(s.text, ''), 'N/A'), COUNT(*), SUM(t.duration) FROM tasks t "
             "LEFT JOIN ops o ON o.session = t.session AND o.id = t.op "
             "LEFT JOIN strings s ON s.session = o.session AND s.id = o.op_type "
             "WHERE t.session = 1 AND t.kind IN (0, 1, 9, 10, 11) AND " + where + " GROUP BY 1",
             [&](sqlite3_stmt *s) {
                 m[sql.text(s, 0)] = {std::uint64_t(sqlite3_column_int64(s, 1)), sqlite3_column_int64(s, 2)};
             });
    return m;
}

} // namespace

class ChartDataTest : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    chartprojects::Paths projects_; // full and sparse

    void checkTopOps(const ch::ChartScope &scope, const QByteArray &where, int n)
    {
        OpenedSession o = open(projects_.full);
        QVERIFY(o.reader);
        Sql sql(projects_.full);
        const auto expected = opTotalsSql(sql, where);
        QVERIFY(!expected.empty());
        std::vector<std::pair<std::int64_t, QString>> order;
        std::int64_t all = 0;
        for (const auto &[type, ct] : expected) {
            order.emplace_back(ct.second, type);
            all += ct.second;
        }
        std::sort(order.begin(), order.end(), [](const auto &a, const auto &b) {
            return a.first != b.first ? a.first > b.first : a.second < b.second;
        });
        const ch::TopOpTypes top = ch::topOpTypes(*o.reader, scope, n);
        QVERIFY(top.missing.isEmpty());
        QCOMPARE(top.allTotal, all);
        const std::size_t shown = std::min<std::size_t>(std::size_t(n), order.size());
        QCOMPARE(top.rows.size(), shown + (order.size() > std::size_t(n) ? 1 : 0));
        for (std::size_t i = 0; i < shown; ++i) {
            QCOMPARE(QString::fromStdString(top.rows[i].opType), order[i].second);
            QCOMPARE(top.rows[i].total, order[i].first);
            QCOMPARE(top.rows[i].count, expected.at(order[i].second).first);
            QVERIFY(!top.rows[i].other);
        }
        if (order.size() > std::size_t(n)) {
            const auto &other = top.rows.back();
            QVERIFY(other.other);
            QCOMPARE(other.otherTypes, std::uint64_t(order.size() - std::size_t(n)));
            std::int64_t rest = 0;
            std::uint64_t restCount = 0;
            for (std::size_t i = std::size_t(n); i < order.size(); ++i) {
                rest += order[i].first;
                restCount += expected.at(order[i].second).first;
            }
            QCOMPARE(other.total, rest);
            QCOMPARE(other.count, restCount);
        }
    }

private slots:
    void initTestCase()
    {
        QVERIFY(dir_.isValid());
        QString err;
        QVERIFY2(chartprojects::record(dir_.path(), 11, &projects_, &err), qPrintable(err));
    }

    void topOpTypesWholeSession() { checkTopOps({}, "1", 5); }
    void topOpTypesAllFit() { checkTopOps({}, "1", 1000); }

    void foldTopNEqualsComputingWithN()
    {
        OpenedSession o = open(projects_.full);
        QVERIFY(o.reader);
        const ch::TopOpTypes all = ch::topOpTypes(*o.reader, {}, 100000);
        QVERIFY(all.rows.size() > 6);
        QVERIFY(!all.rows.back().other);
        for (int n : {1, 3, 6, int(all.rows.size()), int(all.rows.size()) + 3}) {
            const ch::TopOpTypes a = ch::foldTopN(all, n), b = ch::topOpTypes(*o.reader, {}, n);
            QCOMPARE(a.rows.size(), b.rows.size());
            QCOMPARE(a.allTotal, b.allTotal);
            for (std::size_t i = 0; i < a.rows.size(); ++i) {
                QCOMPARE(a.rows[i].opType, b.rows[i].opType);
                QCOMPARE(a.rows[i].total, b.rows[i].total);
                QCOMPARE(a.rows[i].count, b.rows[i].count);
                QCOMPARE(a.rows[i].otherTypes, b.rows[i].otherTypes);
            }
            // Folding an already folded list further keeps the sums.
            const ch::TopOpTypes c = ch::foldTopN(ch::foldTopN(all, n + 2), n);
            QCOMPARE(c.rows.back().total, a.rows.back().total);
            QCOMPARE(c.rows.back().otherTypes, a.rows.back().otherTypes);
        }
    }

    void topOpTypesOneDeviceAndRange()
    {
        // The middle half of device 1's recording: tasks starting in [t0, t1).
        Sql sql(projects_.full);
        std::int64_t lo = 0, hi = 0;
        sql.rows("SELECT MIN(start), MAX(start) FROM tasks WHERE session = 1 AND device = 1",
                 [&](sqlite3_stmt *s) { lo = sqlite3_column_int64(s, 0); hi = sqlite3_column_int64(s, 1); });
        QVERIFY(hi > lo);
        ch::ChartScope scope;
        scope.device = 1;
        scope.rangeStart = lo + (hi - lo) / 4;
        scope.rangeEnd = lo + 3 * (hi - lo) / 4;
        checkTopOps(scope,
                    QByteArray("t.device = 1 AND t.start >= ") + QByteArray::number(scope.rangeStart)
                        + " AND t.start < " + QByteArray::number(scope.rangeEnd),
                    4);
    }

    void topOpTypesIterationRange()
    {
        ch::ChartScope scope;
        scope.iterationFirst = 2;
        scope.iterationLast = 3;
        checkTopOps(scope, "t.iteration BETWEEN 2 AND 3", 3);
    }

    void stepsMatchStepTraceArithmetic()
    {
        OpenedSession o = open(projects_.full);
        QVERIFY(o.reader);
        Sql sql(projects_.full);
        ch::ChartScope scope;
        scope.device = 2;
        const ch::StepSeries s = ch::iterationSteps(*o.reader, scope);
        QVERIFY(s.missing.isEmpty());
        std::size_t i = 0;
        sql.rows("SELECT iteration, fp_start, bp_end, iteration_end, previous_iteration_end FROM step_traces "
                 "WHERE session = 1 AND device = 2 ORDER BY model, iteration",
                 [&](sqlite3_stmt *r) {
                     QVERIFY(i < s.steps.size());
                     const auto &st = s.steps[i++];
                     const std::int64_t fp = sqlite3_column_int64(r, 1), bp = sqlite3_column_int64(r, 2),
                                        end = sqlite3_column_int64(r, 3), prev = sqlite3_column_int64(r, 4);
                     QCOMPARE(st.device, std::uint16_t(2));
                     QCOMPARE(std::int64_t(st.iteration), sqlite3_column_int64(r, 0));
                     QCOMPARE(st.fpToBp, bp - fp);
                     QCOMPARE(st.refresh, end - bp);
                     QCOMPARE(st.hasDataAugBound, prev >= 0);
                     QCOMPARE(st.dataAugBound, prev >= 0 ? fp - prev : 0);
                     QCOMPARE(st.iterationTime, prev >= 0 ? end - prev : end - fp);
                     QCOMPARE(st.end, end);
                     QCOMPARE(st.start, prev >= 0 ? prev : fp);
                     // The stacked parts add up to the iteration time the line shows.
                     QCOMPARE(st.fpToBp + st.refresh + st.dataAugBound, st.iterationTime);
                 });
        QCOMPARE(i, s.steps.size());
        QCOMPARE(i, std::size_t(4));

        scope.iterationFirst = scope.iterationLast = 3;
        const ch::StepSeries one = ch::iterationSteps(*o.reader, scope);
        QCOMPARE(one.steps.size(), std::size_t(1));
        QCOMPARE(one.steps[0].iteration, 3u);

        // A time range keeps the iterations whose FP start lies in it.
        ch::ChartScope range;
        range.device = 2;
        range.rangeStart = s.steps[1].start;      // iteration 2 starts at iteration 1's end
        range.rangeEnd = s.steps[2].end;          // iteration 3's FP start is inside, 4's is not
        const ch::StepSeries inRange = ch::iterationSteps(*o.reader, range);
        QCOMPARE(inRange.steps.size(), std::size_t(2));
        QCOMPARE(inRange.steps[0].iteration, 2u);
        QCOMPARE(inRange.steps[1].iteration, 3u);
        // The view's request shows every iteration regardless (stepsShowAllIterations).
        ch::ChartRequest all;
        all.scope = range;
        all.kinds = ch::Steps;
        QCOMPARE(ch::computeCharts(*o.reader, all).steps.steps.size(), std::size_t(4));
    }

    void devicesShowTheStraggler()
    {
        OpenedSession o = open(projects_.full);
        QVERIFY(o.reader);
        ch::ChartScope scope;
        scope.device = 0; // ignored: the comparison needs every device
        const ch::DeviceSeries d = ch::iterationTimesByDevice(*o.reader, scope);
        QVERIFY(d.missing.isEmpty());
        QCOMPARE(d.devices.size(), std::size_t(4));
        Sql sql(projects_.full);
        for (const auto &dev : d.devices) {
            double it = 0, fb = 0;
            std::size_t n = 0;
            sql.rows("SELECT iteration_end - CASE WHEN previous_iteration_end >= 0 THEN previous_iteration_end "
                     "ELSE fp_start END, bp_end - fp_start FROM step_traces WHERE session = 1 AND device = "
                         + QByteArray::number(dev.device),
                     [&](sqlite3_stmt *r) {
                         it += double(sqlite3_column_int64(r, 0));
                         fb += double(sqlite3_column_int64(r, 1));
                         ++n;
                     });
            QCOMPARE(dev.steps.size(), n);
            QVERIFY(std::abs(dev.meanIterationNs - it / double(n)) < 1e-6 * it);
            QVERIFY(std::abs(dev.meanFpToBpNs - fb / double(n)) < 1e-6 * fb);
        }
        // The emulator's straggler is the last device (docs/emulator.md).
        QCOMPARE(d.stragglers, std::vector<std::uint16_t>{3});
    }

    void pipeRatiosAreDurationWeighted()
    {
        OpenedSession o = open(projects_.full);
        QVERIFY(o.reader);
        // Straight loop: column order of PipeUtilization from the options module.
        const QStringList cols = aicMetricsColumns(AicMetrics::PipeUtilization);
        const std::array<int, ch::PipeCount> idx = {int(cols.indexOf("mac_ratio")), int(cols.indexOf("vec_ratio")),
                                                    int(cols.indexOf("scalar_ratio")), int(cols.indexOf("mte1_ratio")),
                                                    int(cols.indexOf("mte2_ratio")), int(cols.indexOf("mte3_ratio"))};
        for (int i : idx)
            QVERIFY(i >= 0);
        std::map<std::string, std::pair<double, std::array<double, ch::PipeCount>>> acc;
        for (const auto &k : o.reader->iterations())
            o.reader->forEachTask(k, [&](const TaskRecord &t) {
                if (t.kind != TaskKind::AiCore || t.pmu.size() != std::size_t(cols.size()))
                    return true;
                const OpDesc *op = o.reader->op(t.opId);
                auto &a = acc[std::string(op ? o.reader->string(op->opType) : "N/A")];
                a.first += double(t.duration);
                for (int p = 0; p < ch::PipeCount; ++p)
                    a.second[std::size_t(p)] += double(t.pmu[std::size_t(idx[std::size_t(p)])]) * double(t.duration);
                return true;
            });
        QVERIFY(!acc.empty());
        const ch::PipeSeries s = ch::pipeRatios(*o.reader, {});
        QVERIFY(s.missing.isEmpty());
        QCOMPARE(s.rows.size(), acc.size());
        for (std::size_t i = 0; i < s.rows.size(); ++i) {
            const auto &r = s.rows[i];
            if (i > 0)
                QVERIFY(s.rows[i - 1].total >= r.total);
            const auto &a = acc.at(r.opType);
            QCOMPARE(double(r.total), a.first);
            bool someNonZero = false;
            for (int p = 0; p < ch::PipeCount; ++p) {
                const double want = a.second[std::size_t(p)] / a.first;
                QVERIFY2(std::abs(r.ratio[std::size_t(p)] - want) < 1e-9, ch::pipeName(ch::Pipe(p)));
                QVERIFY(r.ratio[std::size_t(p)] >= 0 && r.ratio[std::size_t(p)] <= 1);
                someNonZero = someNonZero || want > 0;
            }
            QVERIFY(someNonZero);
        }
    }

    void bandwidthPerOpAndTransport()
    {
        OpenedSession o = open(projects_.full);
        QVERIFY(o.reader);
        Sql sql(projects_.full);
        const ch::BandwidthSeries b = ch::collectiveBandwidth(*o.reader, {});
        QVERIFY(b.missing.isEmpty());
        std::map<QString, std::tuple<std::uint64_t, std::int64_t, std::int64_t>> ops;
        sql.rows("SELECT s.text, COUNT(*), SUM(c.bytes), SUM(c.duration) FROM collectives c JOIN strings s "
                 "ON s.session = c.session AND s.id = c.name WHERE c.session = 1 GROUP BY 1",
                 [&](sqlite3_stmt *r) {
                     ops[sql.text(r, 0)] = {std::uint64_t(sqlite3_column_int64(r, 1)), sqlite3_column_int64(r, 2),
                                            sqlite3_column_int64(r, 3)};
                 });
        QVERIFY(!ops.empty());
        QCOMPARE(b.ops.size(), ops.size());
        for (const auto &op : b.ops) {
            const auto &[n, bytes, dur] = ops.at(QString::fromStdString(op.name));
            QCOMPARE(op.count, n);
            QCOMPARE(std::int64_t(op.bytes), bytes);
            QCOMPARE(op.duration, dur);
            QVERIFY(bytes > 0 && dur > 0);
            QCOMPARE(op.gbps, double(bytes) / double(dur));
            QVERIFY(!op.opType.empty());
        }
        std::map<QString, std::pair<std::int64_t, std::int64_t>> tr;
        sql.rows("SELECT s.text, SUM(h.size_bytes), SUM(h.duration) FROM hccl_tasks h JOIN strings s "
                 "ON s.session = h.session AND s.id = h.transport_type WHERE h.session = 1 AND h.size_bytes > 0 "
                 "AND h.duration > 0 GROUP BY 1",
                 [&](sqlite3_stmt *r) { tr[sql.text(r, 0)] = {sqlite3_column_int64(r, 1), sqlite3_column_int64(r, 2)}; });
        QVERIFY(!tr.empty());
        QCOMPARE(b.transports.size(), tr.size());
        for (const auto &t : b.transports) {
            const auto &[bytes, dur] = tr.at(QString::fromStdString(t.transport));
            QCOMPARE(std::int64_t(t.bytes), bytes);
            QCOMPARE(t.duration, dur);
            QCOMPARE(t.gbps, double(bytes) / double(dur));
        }
    }

    void l2Histogram()
    {
        OpenedSession o = open(projects_.full);
        QVERIFY(o.reader);
        Sql sql(projects_.full);
        for (int bins : {20, 7}) {
            const ch::L2Histogram h = ch::l2HitRates(*o.reader, {}, bins);
            QVERIFY(h.missing.isEmpty());
            QCOMPARE(h.bins.size(), std::size_t(bins));
            std::vector<std::uint64_t> want(std::size_t(bins), 0);
            std::uint64_t n = 0;
            double sum = 0;
            sql.rows("SELECT MIN(CAST(l2_hit * " + QByteArray::number(bins) + " AS INTEGER), "
                         + QByteArray::number(bins - 1) + "), COUNT(*), SUM(l2_hit) FROM tasks WHERE session = 1 "
                         "AND kind = 0 AND l2_hit >= 0 GROUP BY 1",
                     [&](sqlite3_stmt *r) {
                         want[std::size_t(sqlite3_column_int(r, 0))] = std::uint64_t(sqlite3_column_int64(r, 1));
                         n += std::uint64_t(sqlite3_column_int64(r, 1));
                         sum += sqlite3_column_double(r, 2);
                     });
            QVERIFY(n > 0);
            QCOMPARE(h.tasks, n);
            QCOMPARE(h.bins, want);
            QVERIFY(std::abs(h.mean - sum / double(n)) < 1e-9);
        }
    }

    void missingDataIsExplained()
    {
        OpenedSession o = open(projects_.sparse);
        QVERIFY(o.reader);
        const ch::ChartSet s = ch::computeCharts(*o.reader, {});
        QVERIFY(!s.cancelled);
        QVERIFY(s.topOps.missing.isEmpty());            // task_trace is on
        QVERIFY(!s.topOps.rows.empty());
        QVERIFY(s.l2.tasks == 0);
        QVERIFY2(s.l2.missing.contains(QLatin1String("enable l2")), qPrintable(s.l2.missing));
        QVERIFY(s.pipes.rows.empty());
        QVERIFY2(s.pipes.missing.contains(QLatin1String("PipeUtilization")) && s.pipes.missing.contains(QLatin1String("Memory")),
                 qPrintable(s.pipes.missing));
        QVERIFY(s.steps.steps.empty());
        QVERIFY2(s.steps.missing.contains(QLatin1String("training_trace")), qPrintable(s.steps.missing));
        QVERIFY2(s.devices.missing.contains(QLatin1String("training_trace")), qPrintable(s.devices.missing));
        QVERIFY(s.bandwidth.ops.empty());
        QVERIFY2(s.bandwidth.missing.contains(QLatin1String("enable hccl")), qPrintable(s.bandwidth.missing));

        // Recorded, but nothing in the selection: a different sentence (no "enable").
        OpenedSession f = open(projects_.full);
        QVERIFY(f.reader);
        ch::ChartRequest r;
        r.scope.rangeStart = 1;
        r.scope.rangeEnd = 2; // long before the session
        r.stepsShowAllIterations = false;
        const ch::ChartSet e = ch::computeCharts(*f.reader, r);
        for (const QString &m : {e.topOps.missing, e.l2.missing, e.pipes.missing, e.steps.missing, e.bandwidth.missing}) {
            QVERIFY(!m.isEmpty());
            QVERIFY2(!m.contains(QLatin1String("enable")), qPrintable(m));
        }
    }

    void cancelStopsEarly()
    {
        OpenedSession o = open(projects_.full);
        QVERIFY(o.reader);
        std::atomic<bool> cancel{true};
        const ch::ChartSet s = ch::computeCharts(*o.reader, {}, &cancel);
        QVERIFY(s.cancelled);
        QVERIFY(s.topOps.rows.empty());
    }
};

QTEST_GUILESS_MAIN(ChartDataTest)
#include "test_pipeline_chart_data.moc"
