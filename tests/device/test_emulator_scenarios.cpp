// Scenario knobs: each leaves the signature a profiling expert looks for (docs/emulator.md),
// checked against the same session without the knob. Also: every iteration's records lie
// within its own window (previous iteration end, iteration end], prefetch included.
#include "collect_sink.h"
#include "tests/test_specs.h"
#include "device/emulator.h"

#include <QtTest>
#include <algorithm>
#include <map>
#include <set>

using namespace npuscope;
using npuscope::test::CollectSink;
using testspec::allOn;

namespace {

SessionSpec spec(const char *model, int devices, int iterations, QStringList scenarios = {})
{
    SessionSpec s{.model = QString::fromLatin1(model), .batchSize = 32, .devicesPerServer = devices};
    s.iterations = iterations;
    s.scenarios = scenarios;
    s.seed = 7;
    return s;
}

void run(const SessionSpec &s, CollectSink &sink)
{
    device::Emulator emu(s, allOn());
    QCOMPARE(emu.run(sink), SessionStatus::Complete);
}

// Data Aug Bound share over iterations ≥ 2: Σ(FP start − previous end) / Σ(end − previous end).
double dataAugShare(const CollectSink &sink, std::uint16_t device)
{
    double bound = 0, total = 0;
    for (const auto &s : sink.steps)
        if (s.device == device && s.iteration > 1) {
            bound += double(s.fpStart - s.previousIterationEnd);
            total += double(s.iterationEnd - s.previousIterationEnd);
        }
    return total > 0 ? bound / total : 0;
}

TimeNs sumDurations(const CollectSink &sink, std::uint16_t device, TaskKind type, std::uint32_t minIteration = 2)
{
    TimeNs sum = 0;
    for (const auto &t : sink.tasks)
        if (t.device == device && t.kind == type && t.iteration >= minIteration)
            sum += t.duration;
    return sum;
}

const StepTraceRecord *step(const CollectSink &sink, std::uint16_t device, std::uint32_t it)
{
    for (const auto &s : sink.steps)
        if (s.device == device && s.iteration == it)
            return &s;
    return nullptr;
}

// Every task, AI CPU record and dp queue event lies in the window of the iteration it is
// recorded with; one dp event per device and iteration.
void checkWindows(const CollectSink &sink, int devices, int iterations)
{
    for (const auto &t : sink.tasks) {
        const StepTraceRecord *s = step(sink, t.device, t.iteration);
        QVERIFY(s);
        QVERIFY2(t.start <= s->iterationEnd, qPrintable(QStringLiteral("device %1 iteration %2 stream %3 task %4 starts %5 ns after its end")
                                                          .arg(t.device).arg(t.iteration).arg(t.streamId).arg(t.taskId)
                                                          .arg(t.start - s->iterationEnd)));
        if (t.iteration > 1)
            QVERIFY2(t.start > s->previousIterationEnd,
                     qPrintable(QStringLiteral("device %1 iteration %2 stream %3 task %4 starts %5 ns before the previous end")
                                    .arg(t.device).arg(t.iteration).arg(t.streamId).arg(t.taskId)
                                    .arg(s->previousIterationEnd - t.start)));
    }
    for (const auto &a : sink.aicpu) {
        const StepTraceRecord *s = step(sink, a.device, a.iteration);
        QVERIFY(s);
        QVERIFY(a.timestamp <= s->iterationEnd);
        if (a.iteration > 1)
            QVERIFY(a.timestamp > s->previousIterationEnd);
    }
    std::map<std::uint16_t, std::vector<TimeNs>> dp;
    for (const auto &q : sink.queue)
        dp[q.device].push_back(q.timestamp);
    QCOMPARE(int(dp.size()), devices);
    for (auto &[d, times] : dp) {
        // One per step; in sink mode the last step's prefetch of the next batch may be in too.
        QVERIFY(int(times.size()) == iterations || int(times.size()) == iterations + 1);
        std::sort(times.begin(), times.end());
        // The k-th dequeue feeds iteration k: it happens before its FP start and after the
        // end of iteration k − 2 (the prefetch runs during iteration k − 1).
        for (int k = 1; k <= iterations; ++k) {
            const StepTraceRecord *s = step(sink, d, std::uint32_t(k));
            QVERIFY(times[size_t(k - 1)] <= s->fpStart);
            if (k > 2)
                QVERIFY(times[size_t(k - 1)] > step(sink, d, std::uint32_t(k - 2))->iterationEnd);
        }
    }
}

} // namespace

class EmulatorScenariosTest : public QObject {
    Q_OBJECT
private slots:
    void iterationWindowsHoldTheirRecords_data()
    {
        QTest::addColumn<QString>("mode");
        QTest::addColumn<QStringList>("scenarios");
        QTest::newRow("estimator") << "estimator" << QStringList{};
        QTest::newRow("estimator slow input") << "estimator" << QStringList{QStringLiteral("slow-input")};
        QTest::newRow("sess.run") << "sess.run" << QStringList{};
        QTest::newRow("sess.run slow input") << "sess.run" << QStringList{QStringLiteral("slow-input")};
        QTest::newRow("estimator aicpu fallback") << "estimator" << QStringList{QStringLiteral("aicpu-fallback")};
    }
    void iterationWindowsHoldTheirRecords()
    {
        QFETCH(QString, mode);
        QFETCH(QStringList, scenarios);
        SessionSpec s = spec("alexnet", 2, 6, scenarios);
        QVERIFY(launchModeFromName(mode, &s.mode));
        CollectSink sink;
        run(s, sink);
        checkWindows(sink, 2, 6);
        // The first task of each iteration k ≥ 2 follows the previous end closely when the
        // input keeps up (no stray early GetNext opening the iteration a step too soon).
        if (scenarios.isEmpty() && mode == QLatin1String("estimator")) {
            for (std::uint32_t k = 2; k <= 6; ++k) {
                TimeNs first = std::numeric_limits<TimeNs>::max();
                for (const auto &t : sink.tasks)
                    if (t.device == 0 && t.iteration == k)
                        first = std::min(first, t.start);
                const StepTraceRecord *st = step(sink, 0, k);
                QVERIFY2(first - st->previousIterationEnd < 2'000'000,
                         qPrintable(QStringLiteral("iteration %1 starts %2 ns after the previous end").arg(k).arg(first - st->previousIterationEnd)));
            }
        }
    }

    void slowInput()
    {
        CollectSink base, slow;
        run(spec("alexnet", 1, 12), base);
        run(spec("alexnet", 1, 12, {QStringLiteral("slow-input")}), slow);
        const double b = dataAugShare(base, 0), s = dataAugShare(slow, 0);
        qInfo("Data Aug Bound share: %.3f normal, %.3f slow-input", b, s);
        QVERIFY(b < 0.02);
        QVERIFY(s > 0.2);
        // The dp queue: full without the knob, drained to 0 at the end with it.
        QVERIFY(base.queue.back().cachedBufferSize > 16);
        QCOMPARE(slow.queue.back().cachedBufferSize, 0u);
        // The device time of a step is unchanged: the host is the bottleneck.
        const TimeNs fpbpBase = base.steps.back().bpEnd - base.steps.back().fpStart;
        const TimeNs fpbpSlow = slow.steps.back().bpEnd - slow.steps.back().fpStart;
        QVERIFY(std::abs(double(fpbpSlow - fpbpBase)) < 0.15 * double(fpbpBase));
    }

    // The device data queue: its capacity bounds the dp Cached Buffer Size, and with a
    // jittery host pipeline as fast as the device on average a deep queue absorbs the
    // slow batches that a shallow one hands to the step as Data Aug Bound.
    void queueDepth()
    {
        CollectSink fast;
        SessionSpec s = spec("alexnet", 1, 40);
        s.queueDepth = 8;
        run(s, fast);
        QVERIFY(fast.queue.size() >= 40u); // sink mode: the last step prefetches one more batch
        for (const auto &q : fast.queue) {
            QVERIFY(q.cachedBufferSize <= 8u);
            QVERIFY(q.cachedBufferSize >= 6u); // never the bottleneck: the queue stays full
        }
        double iterNs = 0;
        for (const auto &st : fast.steps)
            if (st.iteration > 1)
                iterNs += double(st.iterationEnd - st.previousIterationEnd);
        iterNs /= double(fast.steps.size() - 1);

        auto withDepth = [&](int depth, CollectSink &sink) {
            SessionSpec j = spec("alexnet", 1, 60);
            j.inputRate = j.batchSize / (iterNs * 1e-9);
            j.queueDepth = depth;
            run(j, sink);
        };
        CollectSink shallow, deep;
        withDepth(1, shallow);
        withDepth(32, deep);
        const double sh = dataAugShare(shallow, 0), dp = dataAugShare(deep, 0);
        qInfo("input as fast as the device, Data Aug Bound share: %.3f at depth 1, %.3f at depth 32", sh, dp);
        QVERIFY(sh > 0.01);
        QVERIFY(sh > 5 * dp);
        std::uint32_t deepest = 0;
        for (const auto &q : shallow.queue)
            QVERIFY(q.cachedBufferSize <= 1u);
        for (const auto &q : deep.queue)
            deepest = std::max(deepest, q.cachedBufferSize);
        QVERIFY(deepest >= 2); // fast batches build the queue up
        QVERIFY(deepest <= 32);

        // Out of range is refused with a sentence.
        SessionSpec bad = spec("lenet", 1, 2);
        bad.queueDepth = 0;
        QString why;
        QVERIFY(!device::Emulator::validate(bad, &why));
        QVERIFY2(why.contains(QLatin1String("queue depth")), qPrintable(why));
    }

    void straggler()
    {
        CollectSink base, strag;
        run(spec("alexnet", 4, 4), base);
        run(spec("alexnet", 4, 4, {QStringLiteral("straggler")}), strag);
        // One device computes longer ...
        std::vector<TimeNs> compute, wait;
        for (std::uint16_t d = 0; d < 4; ++d) {
            compute.push_back(sumDurations(strag, d, TaskKind::AiCore));
            wait.push_back(sumDurations(strag, d, TaskKind::NotifyWait));
            qInfo("device %d: AI Core %.2f ms, NOTIFY_WAIT %.2f ms", d, compute.back() / 1e6, wait.back() / 1e6);
        }
        for (std::uint16_t d = 0; d < 3; ++d) {
            QVERIFY(double(compute[3]) > 1.2 * double(compute[d]));
            // ... and every other device waits for it in the collectives: its NOTIFY_WAITs
            // grow by about the straggler's extra compute, the straggler's do not.
            const double lag = double(compute[3] - compute[d]);
            QVERIFY(double(wait[d] - wait[3]) > 0.8 * lag);
            QVERIFY(double(wait[d] - sumDurations(base, d, TaskKind::NotifyWait)) > 0.8 * lag);
        }
        QVERIFY(std::abs(double(wait[3] - sumDurations(base, 3, TaskKind::NotifyWait))) < 0.2 * double(wait[3]));
        // All devices' iterations stretch to the straggler's pace.
        for (std::uint16_t d = 0; d < 4; ++d)
            QVERIFY(step(strag, d, 4)->iterationEnd - step(strag, d, 3)->iterationEnd
                    > step(base, d, 4)->iterationEnd - step(base, d, 3)->iterationEnd);
    }

    void aicpuFallback()
    {
        CollectSink base, fb;
        // ResNet-50's 1000-class loss: a OneHot with real work on the AI CPU.
        run(spec("resnet50", 1, 3), base);
        run(spec("resnet50", 1, 3, {QStringLiteral("aicpu-fallback")}), fb);
        auto opOfType = [](const CollectSink &s, const char *type) -> const OpDesc * {
            for (const auto &o : s.ops)
                if (s.str(o.opType) == type)
                    return &o;
            return nullptr;
        };
        const OpDesc *normal = opOfType(base, "OneHotD"), *fallen = opOfType(fb, "OneHotD");
        QVERIFY(normal && fallen);
        QVERIFY(!normal->aiCpu);
        QVERIFY(fallen->aiCpu);
        QVERIFY(fb.str(fallen->inputDataTypes).find("DT_INT64") != std::string::npos);
        auto durationOf = [](const CollectSink &s, std::uint32_t opId, TaskKind *type) {
            TimeNs d = 0;
            for (const auto &t : s.tasks)
                if (t.opId == opId && t.iteration == 3) {
                    d = t.duration;
                    *type = t.kind;
                }
            return d;
        };
        TaskKind tn = TaskKind::AiCore, tf = TaskKind::AiCore;
        const TimeNs dn = durationOf(base, normal->id, &tn), df = durationOf(fb, fallen->id, &tf);
        qInfo("OneHotD: %.1f us on the AI Core, %.1f us as the AI CPU fallback", dn / 1e3, df / 1e3);
        QCOMPARE(tn, TaskKind::AiCore);
        QCOMPARE(tf, TaskKind::AiCpu);
        QVERIFY(df > 10 * dn);
        QVERIFY(df > 50'000);
        // It ran on the AI CPU stream, with an AI CPU record, between events on both streams.
        bool onAiCpuStream = false, hasRecord = false;
        for (const auto &t : fb.tasks)
            if (t.opId == fallen->id)
                onAiCpuStream = t.streamId == 4;
        for (const auto &a : fb.aicpu)
            hasRecord |= fb.str(a.node) == fb.str(fallen->name);
        QVERIFY(onAiCpuStream);
        QVERIFY(hasRecord);
        // The step gets longer by about the fallback's cost.
        const TimeNs stepBase = base.steps.back().bpEnd - base.steps.back().fpStart;
        const TimeNs stepFb = fb.steps.back().bpEnd - fb.steps.back().fpStart;
        QVERIFY(stepFb - stepBase > df / 2);
    }

    void launchBound()
    {
        CollectSink base, lb;
        run(spec("resnet50", 1, 3), base);
        run(spec("resnet50", 1, 3, {QStringLiteral("launch-bound")}), lb);
        auto busyAndGaps = [](const CollectSink &s, double *medianUs) {
            std::vector<TaskRecord> c;
            for (const auto &t : s.tasks)
                if (t.iteration == 3 && t.streamId == 2)
                    c.push_back(t);
            std::sort(c.begin(), c.end(), [](const TaskRecord &a, const TaskRecord &b) { return a.start < b.start; });
            TimeNs busy = 0, gaps = 0;
            std::vector<TimeNs> aic;
            for (size_t i = 0; i < c.size(); ++i) {
                busy += c[i].duration;
                if (i > 0)
                    gaps += std::max<TimeNs>(0, c[i].start - (c[i - 1].start + c[i - 1].duration));
                if (c[i].kind == TaskKind::AiCore)
                    aic.push_back(c[i].duration);
            }
            std::sort(aic.begin(), aic.end());
            *medianUs = aic[aic.size() / 2] / 1e3;
            return std::pair{busy, gaps};
        };
        double mb = 0, ml = 0;
        const auto [busyB, gapsB] = busyAndGaps(base, &mb);
        const auto [busyL, gapsL] = busyAndGaps(lb, &ml);
        qInfo("compute stream: busy %.2f ms gaps %.2f ms (median AI Core %.1f us) normal; busy %.2f ms gaps %.2f ms (median %.1f us) launch-bound",
              busyB / 1e6, gapsB / 1e6, mb, busyL / 1e6, gapsL / 1e6, ml);
        QVERIFY(gapsB < busyB / 5);
        QVERIFY(gapsL > 2 * busyL);   // the gaps dominate
        QVERIFY(ml < 10);             // tiny kernels
    }

    void singleSegment()
    {
        CollectSink two, one;
        run(spec("resnet50", 2, 3), two);
        run(spec("resnet50", 2, 3, {QStringLiteral("single-segment")}), one);
        const StepTraceRecord *s2 = step(two, 0, 3), *s1 = step(one, 0, 3);
        QCOMPARE(s2->reduces.size(), size_t(2));
        QVERIFY(s2->reduces.front().start < s2->bpEnd); // overlaps backward
        QCOMPARE(s1->reduces.size(), size_t(1));
        QVERIFY(s1->reduces.front().start >= s1->bpEnd); // starts after BP end: no overlap
        QVERIFY(s1->iterationEnd - s1->bpEnd > s2->iterationEnd - s2->bpEnd); // longer tail
    }

    void scenariosCombine()
    {
        CollectSink sink;
        run(spec("lenet", 2, 3, {QStringLiteral("slow-input"), QStringLiteral("straggler"), QStringLiteral("aicpu-fallback"),
                                 QStringLiteral("launch-bound"), QStringLiteral("single-segment")}),
            sink);
        checkWindows(sink, 2, 3);
    }
};

QTEST_GUILESS_MAIN(EmulatorScenariosTest)
#include "test_emulator_scenarios.moc"
