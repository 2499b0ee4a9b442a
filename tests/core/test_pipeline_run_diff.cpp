// diffRuns between emulated sessions: a run against itself changes nothing; batch 64 against
// batch 32 makes the heavy ops cost more per iteration (regressions sorted, percentages
// consistent); a straggler run against a clean one shows in the step figures.
#include "core/analysis/run_diff.h"
#include "core/model/memory_trace.h"
#include "device/emulator.h"

#include <QJsonArray>
#include <QJsonObject>

#include <cmath>
#include <QtTest>

using namespace npuscope;
using namespace npuscope::analysis;

namespace {

bool emulate(const SessionSpec &s, MemoryTrace &trace)
{
    ProfilingOptions o{.trainingTrace = Switch::On, .hccl = Switch::On, .aicpu = Switch::On};
    device::Emulator emu(s, o);
    return emu.run(trace) == SessionStatus::Complete;
}

SessionSpec spec(const char *model, int batch, int devices, int iterations, QStringList scenarios = {})
{
    SessionSpec s{.model = QString::fromLatin1(model), .batchSize = batch, .devicesPerServer = devices};
    s.iterations = iterations;
    s.scenarios = scenarios;
    s.seed = 3;
    return s;
}

const OpTypeDiff *op(const RunDiff &d, const char *type)
{
    for (const auto &o : d.ops)
        if (o.opType == type)
            return &o;
    return nullptr;
}

const StepDiff *stepNamed(const RunDiff &d, const char *name)
{
    for (const auto &s : d.steps)
        if (s.name == QString::fromUtf8(name))
            return &s;
    return nullptr;
}

} // namespace

class PipelineRunDiffTest : public QObject {
    Q_OBJECT
private slots:
    void sameRunHasNoDeltas()
    {
        MemoryTrace a;
        QVERIFY(emulate(spec("alexnet", 32, 2, 3), a));
        const RunDiff d = diffRuns(a, a);
        QVERIFY(!d.ops.empty());
        for (const auto &o : d.ops) {
            QCOMPARE(o.delta, 0.0);
            QCOMPARE(o.percent, 0.0);
            QCOMPARE(o.countA, o.countB);
            QVERIFY(o.countA > 0);
        }
        QVERIFY(d.regressions.empty());
        QCOMPARE(d.steps.size(), size_t(4));
        for (const auto &s : d.steps) {
            QCOMPARE(s.delta, 0.0);
            QVERIFY2(s.a > 0 || s.name == QLatin1String("Data Aug Bound"), qPrintable(s.name));
        }
    }

    void biggerBatchCostsMorePerIteration()
    {
        MemoryTrace a, b;
        QVERIFY(emulate(spec("resnet50", 32, 1, 3), a));
        QVERIFY(emulate(spec("resnet50", 64, 1, 5), b)); // different iteration counts stay comparable
        const RunDiff d = diffRuns(a, b);
        // ResNet's forward convolutions are fused with their batch norms; the filter
        // gradients are plain cube kernels of the same shapes.
        const OpTypeDiff *conv = op(d, "Conv2DBackpropFilterD");
        QVERIFY(conv);
        // Same graph: the count per iteration matches; per-iteration time grows with the batch.
        QCOMPARE(double(conv->countA) / 3, double(conv->countB) / 5);
        QVERIFY2(conv->perIterB > 1.5 * conv->perIterA, qPrintable(QStringLiteral("%1 vs %2").arg(conv->perIterA).arg(conv->perIterB)));
        QCOMPARE(conv->delta, conv->perIterB - conv->perIterA);
        QVERIFY(qAbs(conv->percent - conv->delta / conv->perIterA * 100) < 1e-9);
        QCOMPARE(conv->perIterA, double(conv->totalA) / 3);
        QCOMPARE(conv->meanA, double(conv->totalA) / double(conv->countA));
        // Sorted by impact; regressions are the growing ones, largest first, at most 10.
        for (size_t i = 1; i < d.ops.size(); ++i)
            QVERIFY(qAbs(d.ops[i - 1].delta) >= qAbs(d.ops[i].delta));
        QVERIFY(!d.regressions.empty());
        QVERIFY(d.regressions.size() <= 10);
        for (size_t i = 0; i < d.regressions.size(); ++i) {
            QVERIFY(d.regressions[i].delta > 0);
            if (i) QVERIFY(d.regressions[i - 1].delta >= d.regressions[i].delta);
        }
        QCOMPARE(d.regressions.front().opType, d.ops.front().opType);
        const StepDiff *it = stepNamed(d, "Iteration");
        QVERIFY(it);
        QVERIFY(it->b > 1.5 * it->a);
        // JSON carries the same numbers.
        const QJsonObject j = runDiffToJson(d);
        QCOMPARE(j.value(QLatin1String("ops")).toArray().size(), qsizetype(d.ops.size()));
        QCOMPARE(j.value(QLatin1String("ops")).toArray().first().toObject().value(QLatin1String("delta")).toDouble(), d.ops.front().delta);
        QCOMPARE(j.value(QLatin1String("steps")).toArray().size(), 4);
        QCOMPARE(j.value(QLatin1String("regressions")).toArray().size(), qsizetype(d.regressions.size()));
    }

    void newOpTypeCountsAsFullRegression()
    {
        MemoryTrace a, b;
        QVERIFY(emulate(spec("alexnet", 32, 1, 3), a));
        QVERIFY(emulate(spec("alexnet", 32, 1, 3, {QStringLiteral("aicpu-fallback")}), b));
        const RunDiff d = diffRuns(a, b);
        // OneHotD moved from AI Core to AI CPU: same type, far more time.
        const OpTypeDiff *oh = op(d, "OneHotD");
        QVERIFY(oh);
        QVERIFY(oh->delta > 0);
        QCOMPARE(d.regressions.front().opType, std::string("OneHotD"));
        // A percentage only where A's time is worth dividing by: above the floor it is
        // the plain ratio, below it NaN (null in JSON) and the delta carries the change.
        double runA = 0;
        for (const OpTypeDiff &o : d.ops)
            runA += o.perIterA;
        const double floor = std::max(kPercentFloorNs, kPercentFloorOfRun * runA);
        int without = 0;
        for (const OpTypeDiff &o : d.ops) {
            if (o.delta == 0) {
                QCOMPARE(o.percent, 0.0);
            } else if (o.perIterA < floor) {
                QVERIFY2(std::isnan(o.percent), o.opType.c_str());
                ++without;
            } else {
                QVERIFY(qAbs(o.percent - o.delta / o.perIterA * 100) < 1e-9);
            }
            QVERIFY2(std::isnan(o.percent) || std::abs(o.percent) < 1e5, o.opType.c_str());
        }
        if (oh->perIterA >= floor)
            QVERIFY(oh->percent > 100);
        const QJsonArray ops = runDiffToJson(d).value(QLatin1String("ops")).toArray();
        int nulls = 0;
        for (const auto &o : ops)
            nulls += o.toObject().value(QLatin1String("percent")).isNull();
        QCOMPARE(nulls, without);
        qInfo("%d op types without a percentage (floor %.0f ns)", without, floor);
    }

    void stragglerShowsInSteps()
    {
        MemoryTrace clean, strag;
        QVERIFY(emulate(spec("alexnet", 32, 4, 4), clean));
        QVERIFY(emulate(spec("alexnet", 32, 4, 4, {QStringLiteral("straggler")}), strag));
        const RunDiff d = diffRuns(clean, strag);
        const StepDiff *it = stepNamed(d, "Iteration"), *fpbp = stepNamed(d, "FP→BP");
        QVERIFY(it && fpbp);
        QVERIFY(it->delta > 0);
        QVERIFY(fpbp->delta > 0);
        QVERIFY(qAbs(it->percent - it->delta / it->a * 100) < 1e-9);
        // The straggler's compute raises the mean op time per iteration per device.
        QVERIFY(!d.regressions.empty());
    }

    void cancel()
    {
        MemoryTrace a;
        QVERIFY(emulate(spec("lenet", 32, 1, 2), a));
        std::atomic<bool> stop{true};
        const RunDiff d = diffRuns(a, a, &stop);
        QVERIFY(d.cancelled);
        QVERIFY(d.ops.empty());
    }
};

QTEST_GUILESS_MAIN(PipelineRunDiffTest)
#include "test_pipeline_run_diff.moc"
