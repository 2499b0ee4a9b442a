// The consistency rules of docs/formats.md and docs/emulator.md, checked on every
// row of a real ResNet-50 export (2 devices, 3 iterations, every switch on) for the
// PipeUtilization, Memory and ArithmeticUtilization metric groups. The CSVs are read with
// a strict RFC 4180 reader and every header is compared with the one the spec states
// (parsed from the spec file itself, so the two cannot drift apart silently).

#include "pipeline_fixture.h"

#include <QFileInfo>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>
#include <algorithm>
#include <cmath>
#include <map>

using namespace npuscope;

namespace {

// Headers by file name, from the spec: the first ``` block after "**name**".
struct SpecHeaders {
    QMap<QString, QString> headers;
    QMap<QString, QString> metricColumns; // group → columns of the op_summary table
    QString error;
};

SpecHeaders readSpecHeaders()
{
    SpecHeaders s;
    QFile f(testdata::doc(QStringLiteral("formats.md")));
    if (!f.open(QIODevice::ReadOnly)) {
        s.error = QStringLiteral("cannot read ") + f.fileName();
        return s;
    }
    const QStringList lines = QString::fromUtf8(f.readAll()).split(u'\n');
    const QRegularExpression bold(QStringLiteral("^\\*\\*([a-z_0-9]+)\\*\\*"));
    const QRegularExpression groupRow(QStringLiteral("^\\| ([A-Za-z0-9]+) \\| ([^|]+) \\|$"));
    QString pending;
    bool inSummary = false;
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const QString &l = lines[i];
        if (l.startsWith(QStringLiteral("## Summary files"))) inSummary = true;
        else if (l.startsWith(QStringLiteral("## "))) inSummary = false;
        if (!inSummary) continue;
        const auto m = bold.match(l);
        if (m.hasMatch()) pending = m.captured(1);
        if (l.startsWith(QStringLiteral("```")) && !pending.isEmpty() && i + 1 < lines.size()) {
            s.headers.insert(pending, lines[i + 1].trimmed());
            pending.clear();
            ++i;
            while (i < lines.size() && !lines[i].startsWith(QStringLiteral("```"))) ++i;
        }
        const auto g = groupRow.match(l);
        if (g.hasMatch() && g.captured(1) != QStringLiteral("group")) s.metricColumns.insert(g.captured(1), g.captured(2).trimmed());
    }
    return s;
}

double num(const QString &s, bool *ok)
{
    return s.toDouble(ok);
}

} // namespace

class PipelineFormulas : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void formulas_data();
    void formulas();

private:
    SpecHeaders spec_;
};

void PipelineFormulas::initTestCase()
{
    NPUSCOPE_REQUIRE_DATA(testdata::doc(QStringLiteral("formats.md")));
    spec_ = readSpecHeaders();
    QVERIFY2(spec_.error.isEmpty(), qPrintable(spec_.error));
    for (const char *name : {"op_summary", "op_statistic", "step_trace", "task_time", "aicpu", "dp", "fusion_op",
                             "l2_cache", "msprof_tx"})
        QVERIFY2(spec_.headers.contains(QString::fromLatin1(name)), name);
    QVERIFY(spec_.metricColumns.contains(QStringLiteral("PipeUtilization")));
}

void PipelineFormulas::formulas_data()
{
    QTest::addColumn<QString>("group");
    QTest::newRow("PipeUtilization") << QStringLiteral("PipeUtilization");
    QTest::newRow("Memory") << QStringLiteral("Memory");
    QTest::newRow("ArithmeticUtilization") << QStringLiteral("ArithmeticUtilization");
}

// Rounded to 3 decimals in the files: two rounded values differ from the exact ones by
// at most 0.0005 each.
static constexpr double kR = 0.0005;

#define CHECK_ROW(cond, what)                                                                                  \
    do {                                                                                                       \
        if (!(cond))                                                                                           \
            QFAIL(qPrintable(QStringLiteral("%1 row %2: %3").arg(file).arg(r + 1).arg(what)));                 \
    } while (false)

void PipelineFormulas::formulas()
{
    QFETCH(QString, group);

    SessionSpec spec{.model = QStringLiteral("resnet50"), .batchSize = 8, .iterations = 3,
                     .devicesPerServer = 2, .seed = 5};

    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const auto e = pipeline::runAndExport(spec, pipeline::allSwitchesOn(group), tmp.path());
    QVERIFY2(e.ok, qPrintable(e.error));
    const QString root = e.result.profDir;
    const TraceReader &trace = *e.reader;

    QString stepHeaderBase = spec_.headers.value(QStringLiteral("step_trace"));
    const QString reducePair = QStringLiteral(",Reduce Start,Reduce Duration(us)");
    stepHeaderBase = stepHeaderBase.left(stepHeaderBase.indexOf(u'['));
    QString opSummaryHeader = spec_.headers.value(QStringLiteral("op_summary"));
    QVERIFY(opSummaryHeader.endsWith(QStringLiteral("<aic_metrics columns>")));
    opSummaryHeader.replace(QStringLiteral("<aic_metrics columns>"), spec_.metricColumns.value(group));
    const QStringList metricCols = spec_.metricColumns.value(group).split(u',');

    int checkedOpRows = 0, checkedIterations = 0;
    const auto keys = trace.iterations();
    QVERIFY(!keys.empty());
    QCOMPARE(int(keys.size()), 2 * 3);
    for (const IterationKey &k : keys) {
        const QString suffix = QStringLiteral("%1_%2_%3.csv").arg(k.device).arg(k.modelId).arg(k.iteration);
        const QString dir = root + QStringLiteral("/device_%1/summary/").arg(k.device);
        auto load = [&](const QString &name, pipeline::Csv *out) {
            const QString path = dir + name + u'_' + suffix;
            QFile f(path);
            if (!f.open(QIODevice::ReadOnly)) return QStringLiteral("%1 is missing").arg(path);
            *out = pipeline::parseCsv(f.readAll());
            if (!out->error.isEmpty()) return QStringLiteral("%1: %2").arg(path, out->error);
            return QString();
        };
        QString file;
        int r = 0;

        // ---- every header exactly as the spec says
        pipeline::Csv files[9];
        const char *names[9] = {"op_summary", "op_statistic", "step_trace", "task_time", "aicpu",
                                "dp", "fusion_op", "l2_cache", "msprof_tx"};
        for (int i = 0; i < 9; ++i) {
            const QString name = QString::fromLatin1(names[i]);
            const QString err = load(name, &files[i]);
            QVERIFY2(err.isEmpty(), qPrintable(err));
            const QString header = files[i].header.join(u',');
            if (name == QStringLiteral("op_summary")) {
                QCOMPARE(header, opSummaryHeader);
            } else if (name == QStringLiteral("step_trace")) {
                QVERIFY2(header.startsWith(stepHeaderBase), qPrintable(header));
                QString rest = header.mid(stepHeaderBase.size());
                QVERIFY2(!rest.isEmpty(), "two devices: the reduce pairs must be there");
                while (rest.startsWith(reducePair)) rest.remove(0, reducePair.size());
                QVERIFY2(rest.isEmpty(), qPrintable(header));
            } else {
                QCOMPARE(header, spec_.headers.value(name));
            }
        }
        const pipeline::Csv &ops = files[0], &stat = files[1], &step = files[2], &ttime = files[3], &aicpu = files[4],
                            &fusion = files[6], &l2 = files[7];

        // ---- op_summary
        file = QStringLiteral("op_summary_") + suffix;
        QVERIFY2(!ops.rows.isEmpty(), qPrintable(file));
        const int cStart = ops.col(QStringLiteral("Task Start Time")), cDur = ops.col(QStringLiteral("Task Duration(us)")),
                  cWait = ops.col(QStringLiteral("Task Wait Time(us)")), cBlock = ops.col(QStringLiteral("Block Dim")),
                  cCore = ops.col(QStringLiteral("aicore_time(us)")), cCycles = ops.col(QStringLiteral("total_cycles")),
                  cType = ops.col(QStringLiteral("OP Type")), cTaskType = ops.col(QStringLiteral("Task Type")),
                  cFirstMetric = ops.col(metricCols.first());
        // Rows sorted by start across streams, as the wait-time rule needs.
        std::vector<int> order(static_cast<size_t>(ops.rows.size()));
        for (size_t i = 0; i < order.size(); ++i) order[i] = int(i);
        std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
            return ops.rows[a][cStart].toDouble() < ops.rows[b][cStart].toDouble();
        });
        QVERIFY2(std::is_sorted(order.begin(), order.end()), "op_summary rows are not in start order");

        std::map<std::pair<QString, QString>, std::vector<double>> durByType; // (type, core) → durations
        double prevStart = 0, prevDur = 0;
        int aiCoreRows = 0, aiCpuRows = 0;
        for (r = 0; r < ops.rows.size(); ++r) {
            const QStringList &row = ops.rows[r];
            bool ok1 = false, ok2 = false, ok3 = false;
            const double start = num(row[cStart], &ok1), dur = num(row[cDur], &ok2), wait = num(row[cWait], &ok3);
            CHECK_ROW(ok1 && ok2 && ok3, QStringLiteral("start/duration/wait are not numbers"));
            CHECK_ROW(dur > 0, QStringLiteral("duration %1").arg(dur));
            const double expectWait = r == 0 ? 0.0 : std::max(0.0, start - prevStart - prevDur);
            CHECK_ROW(std::abs(wait - expectWait) <= 3 * kR + 1e-9,
                      QStringLiteral("Task Wait Time %1, expected %2").arg(wait).arg(expectWait));
            prevStart = start;
            prevDur = dur;

            const QString taskType = row[cTaskType];
            CHECK_ROW(taskType == QStringLiteral("AI_CORE") || taskType == QStringLiteral("AI_CPU"), taskType);
            durByType[{row[cType], taskType}].push_back(dur);
            if (taskType == QStringLiteral("AI_CPU")) {
                ++aiCpuRows;
                continue;
            }
            ++aiCoreRows;
            bool ok = false;
            const int blockDim = row[cBlock].toInt(&ok);
            CHECK_ROW(ok && blockDim >= 1 && blockDim <= 32, QStringLiteral("Block Dim %1").arg(row[cBlock]));
            const qulonglong cycles = row[cCycles].toULongLong(&ok);
            CHECK_ROW(ok, QStringLiteral("total_cycles '%1' is not an integer").arg(row[cCycles]));
            const double coreTime = num(row[cCore], &ok);
            CHECK_ROW(ok, QStringLiteral("aicore_time '%1'").arg(row[cCore]));
            const double expectCore = double(cycles) / 1000.0 / blockDim * std::ceil(blockDim / 32.0);
            CHECK_ROW(std::abs(coreTime - expectCore) <= kR + 1e-9,
                      QStringLiteral("aicore_time %1, expected %2").arg(coreTime).arg(expectCore));
            CHECK_ROW(coreTime <= dur + 1e-9, QStringLiteral("aicore_time %1 > duration %2").arg(coreTime).arg(dur));

            // Metric columns: numbers (or N/A where the spec allows), ratios in [0, 1].
            std::map<QString, double> m;
            for (int c = 0; c < metricCols.size(); ++c) {
                const QString &col = metricCols[c];
                const QString &cell = row[cFirstMetric + c];
                if (col == QStringLiteral("memory_bound") && cell == QStringLiteral("N/A")) continue;
                const double v = num(cell, &ok);
                CHECK_ROW(ok && std::isfinite(v) && v >= 0, QStringLiteral("%1 = '%2'").arg(col, cell));
                if (col.endsWith(QStringLiteral("_ratio")) || col.endsWith(QStringLiteral("_rate")))
                    CHECK_ROW(v <= 1.0, QStringLiteral("%1 = %2 outside [0, 1]").arg(col).arg(v));
                m[col] = v;
            }
            if (group == QStringLiteral("PipeUtilization")) {
                for (const char *unit : {"vec", "mac", "scalar", "mte1", "mte2", "mte3"}) {
                    const QString u = QString::fromLatin1(unit);
                    const double ratio = m[u + QStringLiteral("_ratio")], t = m[u + QStringLiteral("_time(us)")];
                    // ratio is rounded: the product may be off by coreTime × 0.0005.
                    CHECK_ROW(std::abs(t - coreTime * ratio) <= kR + (coreTime + kR) * kR + ratio * kR + 1e-9,
                              QStringLiteral("%1_time %2 ≠ aicore_time %3 × %4").arg(u).arg(t).arg(coreTime).arg(ratio));
                }
                const double mte2 = m[QStringLiteral("mte2_ratio")];
                const double denom = std::max(m[QStringLiteral("mac_ratio")], m[QStringLiteral("vec_ratio")]);
                const int mbCol = cFirstMetric + int(metricCols.indexOf(QStringLiteral("memory_bound")));
                if (denom == 0) {
                    CHECK_ROW(row[mbCol] == QStringLiteral("N/A"), QStringLiteral("memory_bound with mac = vec = 0"));
                } else {
                    CHECK_ROW(row[mbCol] != QStringLiteral("N/A"), QStringLiteral("memory_bound N/A"));
                    const double mb = m[QStringLiteral("memory_bound")];
                    const double lo = std::max(0.0, mte2 - kR) / (denom + kR) - kR;
                    const double hi = (mte2 + kR) / std::max(denom - kR, 1e-12) + kR;
                    CHECK_ROW(mb >= lo - 1e-9 && mb <= hi + 1e-9,
                              QStringLiteral("memory_bound %1 ≠ %2 / %3").arg(mb).arg(mte2).arg(denom));
                }
            }
            ++checkedOpRows;
        }
        QVERIFY2(aiCoreRows > 0 && aiCpuRows > 0, qPrintable(file + QStringLiteral(": aicpu on needs AI_CPU rows")));

        // Rows equal the stored AI Core / AI CPU tasks of this iteration.
        int storedOpTasks = 0;
        trace.forEachTask(k, [&](const TaskRecord &t) {
            if (t.kind == TaskKind::AiCore || t.kind == TaskKind::AiCpu) ++storedOpTasks;
            return true;
        });
        QCOMPARE(int(ops.rows.size()), storedOpTasks);

        // ---- op_statistic: aggregates of op_summary per (op type, core type)
        file = QStringLiteral("op_statistic_") + suffix;
        QCOMPARE(size_t(stat.rows.size()), durByType.size());
        double ratioSum = 0, prevTotal = 1e300, allTime = 0;
        for (const auto &[key, durs] : durByType)
            for (double d : durs) allTime += d;
        for (r = 0; r < stat.rows.size(); ++r) {
            const QStringList &row = stat.rows[r];
            const auto it = durByType.find({row[1], row[2]});
            CHECK_ROW(it != durByType.end(), QStringLiteral("op type %1/%2 not in op_summary").arg(row[1], row[2]));
            const auto &d = it->second;
            const double total = row[4].toDouble(), mn = row[5].toDouble(), avg = row[6].toDouble(), mx = row[7].toDouble();
            double sum = 0;
            for (double x : d) sum += x;
            const double tol = kR * double(d.size()) + kR + 1e-9;
            CHECK_ROW(row[3].toInt() == int(d.size()), QStringLiteral("Count %1, op_summary has %2").arg(row[3]).arg(d.size()));
            CHECK_ROW(std::abs(total - sum) <= tol, QStringLiteral("Total %1, op_summary sum %2").arg(total).arg(sum));
            CHECK_ROW(std::abs(mn - *std::min_element(d.begin(), d.end())) <= 2 * kR, QStringLiteral("Min %1").arg(mn));
            CHECK_ROW(std::abs(mx - *std::max_element(d.begin(), d.end())) <= 2 * kR, QStringLiteral("Max %1").arg(mx));
            CHECK_ROW(std::abs(avg - sum / double(d.size())) <= 3 * kR, QStringLiteral("Avg %1").arg(avg));
            CHECK_ROW(total <= prevTotal, QStringLiteral("not sorted by Total Time descending"));
            prevTotal = total;
            const double ratio = row[8].toDouble();
            CHECK_ROW(std::abs(ratio - 100.0 * sum / allTime) <= 0.01, QStringLiteral("Ratio %1, expected %2").arg(ratio).arg(100.0 * sum / allTime));
            ratioSum += ratio;
        }
        QVERIFY2(std::abs(ratioSum - 100.0) <= kR * double(stat.rows.size()) + 1e-6,
                 qPrintable(QStringLiteral("%1: Ratio(%) sums to %2").arg(file).arg(ratioSum)));

        // ---- step_trace: arithmetic per row, and the values equal the stored markers
        file = QStringLiteral("step_trace_") + suffix;
        const auto stored = trace.stepTraces(k.device, k.modelId);
        std::map<std::uint32_t, StepTraceRecord> storedById;
        for (const auto &s : stored) storedById[s.iteration] = s;
        bool sawThisIteration = false;
        double prevEnd = -1;
        for (r = 0; r < step.rows.size(); ++r) {
            const QStringList &row = step.rows[r];
            const std::uint32_t id = row[0].toUInt();
            CHECK_ROW(storedById.count(id), QStringLiteral("iteration %1 not stored").arg(id));
            const StepTraceRecord &st = storedById[id];
            sawThisIteration |= id == k.iteration;
            CHECK_ROW(id == std::uint32_t(r + 1), QStringLiteral("iteration %1 out of order").arg(id));
            const double fp = row[1].toDouble(), bp = row[2].toDouble(), end = row[3].toDouble();
            CHECK_ROW(std::abs(fp - st.fpStart / 1000.0) <= kR && std::abs(bp - st.bpEnd / 1000.0) <= kR
                          && std::abs(end - st.iterationEnd / 1000.0) <= kR,
                      QStringLiteral("FP/BP/End differ from the stored markers"));
            const double prevEndStored = st.previousIterationEnd < 0 ? -1 : st.previousIterationEnd / 1000.0;
            if (r > 0) CHECK_ROW(std::abs(prevEndStored - prevEnd) <= kR, QStringLiteral("previous end mismatch"));
            const double iterTime = row[4].toDouble(), fpbp = row[5].toDouble(), refresh = row[6].toDouble();
            const double expectIter = prevEndStored < 0 ? end - fp : end - prevEndStored;
            CHECK_ROW(std::abs(iterTime - expectIter) <= 3 * kR, QStringLiteral("Iteration Time %1, expected %2").arg(iterTime).arg(expectIter));
            CHECK_ROW(std::abs(fpbp - (bp - fp)) <= 3 * kR, QStringLiteral("FP to BP %1").arg(fpbp));
            CHECK_ROW(std::abs(refresh - (end - bp)) <= 3 * kR, QStringLiteral("Iteration Refresh %1").arg(refresh));
            if (prevEndStored < 0) {
                CHECK_ROW(row[7] == QStringLiteral("N/A") || row[7].toDouble() == 0.0,
                          QStringLiteral("Data Aug Bound of the first iteration is %1").arg(row[7]));
            } else {
                CHECK_ROW(std::abs(row[7].toDouble() - (fp - prevEndStored)) <= 3 * kR,
                          QStringLiteral("Data Aug Bound %1, expected %2").arg(row[7]).arg(fp - prevEndStored));
            }
            CHECK_ROW(fp <= bp && bp <= end, QStringLiteral("FP start ≤ BP end ≤ iteration end violated"));
            const double iterBegin = prevEndStored < 0 ? fp : prevEndStored;
            int pairs = 0;
            for (int c = 8; c + 1 < row.size(); c += 2) {
                if (row[c] == QStringLiteral("N/A")) {
                    CHECK_ROW(row[c + 1] == QStringLiteral("N/A"), QStringLiteral("half a reduce pair"));
                    continue;
                }
                const double rs = row[c].toDouble(), rd = row[c + 1].toDouble();
                CHECK_ROW(rd > 0, QStringLiteral("Reduce Duration %1").arg(rd));
                CHECK_ROW(rs >= iterBegin - kR && rs + rd <= end + 3 * kR,
                          QStringLiteral("reduce %1+%2 outside the iteration [%3, %4]").arg(rs).arg(rd).arg(iterBegin).arg(end));
                CHECK_ROW(size_t(pairs) < st.reduces.size()
                              && std::abs(rs - st.reduces[size_t(pairs)].start / 1000.0) <= kR,
                          QStringLiteral("reduce %1 differs from the stored segment").arg(pairs));
                ++pairs;
            }
            CHECK_ROW(size_t(pairs) == st.reduces.size(), QStringLiteral("%1 reduce pairs, %2 stored").arg(pairs).arg(st.reduces.size()));
            CHECK_ROW(pairs > 0, QStringLiteral("2 devices but no all-reduce segment"));
            prevEnd = end;
            ++checkedIterations;
        }
        QVERIFY2(sawThisIteration, qPrintable(file + QStringLiteral(" lacks its own iteration")));
        // As in the reference capture, each step_trace file holds every exported iteration.
        QCOMPARE(size_t(step.rows.size()), stored.size());

        // ---- task_time: statistics consistent in themselves, Time(%) sums to 100
        file = QStringLiteral("task_time_") + suffix;
        double pct = 0;
        for (r = 0; r < ttime.rows.size(); ++r) {
            const QStringList &row = ttime.rows[r];
            const double t = row[1].toDouble(), avg = row[3].toDouble(), mn = row[4].toDouble(), mx = row[5].toDouble();
            const int count = row[2].toInt();
            CHECK_ROW(count >= 1, QStringLiteral("Count %1").arg(row[2]));
            CHECK_ROW(mn <= avg + kR && avg <= mx + kR, QStringLiteral("Min ≤ Avg ≤ Max violated"));
            CHECK_ROW(std::abs(t - avg * count) <= kR * (count + 1) + 1e-9, QStringLiteral("Time %1 ≠ Avg × Count").arg(t));
            pct += row[0].toDouble();
        }
        QVERIFY2(ttime.rows.isEmpty() || std::abs(pct - 100.0) <= kR * double(ttime.rows.size()) + 1e-6,
                 qPrintable(QStringLiteral("%1: Time(%) sums to %2").arg(file).arg(pct)));

        // ---- aicpu (ms): Task = preprocess + compute + memcpy, Total ≥ Task + Dispatch
        file = QStringLiteral("aicpu_") + suffix;
        QCOMPARE(int(aicpu.rows.size()), aiCpuRows);
        for (r = 0; r < aicpu.rows.size(); ++r) {
            const QStringList &row = aicpu.rows[r];
            const double compute = row[2].toDouble(), memcpy = row[3].toDouble(), task = row[4].toDouble(),
                         dispatch = row[5].toDouble(), total = row[6].toDouble();
            CHECK_ROW(compute >= 0 && memcpy >= 0 && dispatch >= 0, QStringLiteral("negative time"));
            CHECK_ROW(task + 1e-6 >= compute + memcpy, QStringLiteral("Task_time %1 < compute + memcpy").arg(task));
            CHECK_ROW(total + 1e-6 >= task + dispatch, QStringLiteral("Total_time %1 < Task + Dispatch").arg(total));
        }

        // ---- l2_cache: rates in [0, 1], one row per AI Core task
        file = QStringLiteral("l2_cache_") + suffix;
        QCOMPARE(int(l2.rows.size()), aiCoreRows);
        for (r = 0; r < l2.rows.size(); ++r) {
            bool ok1 = false, ok2 = false;
            const double hit = l2.rows[r][2].toDouble(&ok1), victim = l2.rows[r][3].toDouble(&ok2);
            CHECK_ROW(ok1 && ok2 && hit >= 0 && hit <= 1 && victim >= 0 && victim <= 1,
                      QStringLiteral("rates %1 / %2").arg(l2.rows[r][2], l2.rows[r][3]));
        }

        // ---- fusion_op: Total = Input + Output + Weight + Workspace; original ops listed
        file = QStringLiteral("fusion_op_") + suffix;
        QVERIFY2(!fusion.rows.isEmpty(), "graph mode with fusion must write fusion ops");
        for (r = 0; r < fusion.rows.size(); ++r) {
            const QStringList &row = fusion.rows[r];
            const qulonglong sum = row[4].toULongLong() + row[5].toULongLong() + row[6].toULongLong() + row[7].toULongLong();
            CHECK_ROW(row[8].toULongLong() == sum, QStringLiteral("Total %1 ≠ sum %2").arg(row[8]).arg(sum));
            CHECK_ROW(!row[3].isEmpty() && row[3] != QStringLiteral("N/A"), QStringLiteral("no original ops"));
        }
    }
    QVERIFY(checkedOpRows > 100);
    QVERIFY(checkedIterations >= 6);
}

QTEST_GUILESS_MAIN(PipelineFormulas)
#include "test_pipeline_formulas.moc"
