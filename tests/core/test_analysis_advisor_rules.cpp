// Each advisor rule alone, fed hand-made facts: silent below its info threshold, graded at
// the warning and critical thresholds, with the figures, devices and focus it promises.
// The accumulation pass is checked on a small hand-built trace whose sums are known.
// (tests/core/test_pipeline_advisor.cpp checks the rules against emulated sessions.)
#include "core/analysis/advisor_facts.h"
#include "core/analysis/advisor_rules.h"
#include "core/model/memory_trace.h"
#include "tests/core/advisor_test_support.h"

#include <QtTest>
#include <set>

using namespace npuscope;
using namespace npuscope::analysis;
using advisortest::figure;

namespace {

// One device with n counted iterations of iterNs each.
AdvisorFacts oneDevice(int n = 4, double iterNs = 10e6)
{
    AdvisorFacts f;
    DeviceFacts &d = f.devices[0];
    d.iterations = n;
    d.iterationNs = n * iterNs;
    for (int i = 1; i <= n + 1; ++i) f.iterationsPerDevice[0].insert(std::uint32_t(i));
    f.iterations = n;
    f.iterationNs = d.iterationNs;
    return f;
}

// Devices with the given AI Core time per iteration and NOTIFY_WAIT per iteration.
AdvisorFacts devices(const std::vector<double> &aicorePerIter, const std::vector<double> &waitPerIter, int n = 4,
                     double iterNs = 10e6)
{
    AdvisorFacts f;
    for (size_t i = 0; i < aicorePerIter.size(); ++i) {
        DeviceFacts &d = f.devices[std::uint16_t(i)];
        d.iterations = n;
        d.iterationNs = n * iterNs;
        d.aicoreNs = n * aicorePerIter[i];
        d.notifyWaitNs = n * waitPerIter[i];
        d.fpStart = 1000 * std::int64_t(i + 1);
        d.bpEnd = d.fpStart + 500;
        for (int it = 1; it <= n + 1; ++it) f.iterationsPerDevice[std::uint16_t(i)].insert(std::uint32_t(it));
        f.iterations += n;
        f.iterationNs += d.iterationNs;
    }
    return f;
}

OpFacts cubeType(const char *type, double timeNs, double mac, double vec, double mte2)
{
    OpFacts a;
    a.opType = type;
    a.timeNs = timeNs;
    a.pmuNs = timeNs;
    a.mac = mac * timeNs;
    a.vec = vec * timeNs;
    a.mte2 = mte2 * timeNs;
    a.longestNs = 100;
    a.device = 0;
    a.stream = 7;
    a.start = 5000;
    a.end = 5100;
    return a;
}

AdvisorFacts withPmu(std::initializer_list<OpFacts> types, double aicoreNs)
{
    AdvisorFacts f = oneDevice();
    f.macRecorded = f.vecRecorded = f.mte2Recorded = true;
    f.aicoreNs = aicoreNs;
    for (const OpFacts &t : types) f.aicoreTypes.emplace(t.opType, t);
    return f;
}

} // namespace

class AdvisorRulesTest : public QObject {
    Q_OBJECT
private slots:
    // The table names every rule once, and each rule's finding carries the table's id.
    void tableIdsAreUnique()
    {
        std::set<std::string> ids;
        for (const AdvisorRule &r : advisorRules()) {
            QVERIFY(r.check);
            QVERIFY2(ids.insert(r.id).second, r.id);
        }
        QCOMPARE(ids.size(), size_t(9)); // with pipeline-bubble and tp-comm-not-overlapped (LLM sessions)
        // No rule speaks about a session without counted iterations.
        const AdvisorFacts empty;
        for (const AdvisorRule &r : advisorRules())
            QVERIFY2(!r.check(empty, {}), r.id);
    }

    // The LLM rules grade their shares and never report one outside [0, 1].
    void llmRulesGradeAndClamp_data()
    {
        QTest::addColumn<double>("share");
        QTest::addColumn<int>("bubble");    // -1: no finding
        QTest::addColumn<int>("tpComm");
        QTest::newRow("below info") << 0.03 << -1 << -1;
        QTest::newRow("info") << 0.12 << int(Severity::Info) << int(Severity::Info);
        QTest::newRow("warning") << 0.30 << int(Severity::Warning) << int(Severity::Warning);
        QTest::newRow("critical") << 0.50 << int(Severity::Critical) << int(Severity::Critical);
        QTest::newRow("beyond the iteration") << 1.7 << int(Severity::Critical) << int(Severity::Critical);
    }
    void llmRulesGradeAndClamp()
    {
        QFETCH(double, share);
        QFETCH(int, bubble);
        QFETCH(int, tpComm);
        AdvisorFacts f = oneDevice();
        f.devices[0].receiveNs = share * f.iterationNs;
        f.devices[0].worstReceiveNs = 1000;
        f.devices[0].receiveStart = 100;
        f.devices[0].layerCommNs = 2 * share * f.iterationNs;
        f.devices[0].layerCommExposedNs = share * f.iterationNs;
        const auto b = pipelineBubbleRule(f, {});
        QCOMPARE(b.has_value(), bubble >= 0);
        if (b) {
            QCOMPARE(int(b->severity), bubble);
            QVERIFY(figure(*b, "bubble_share") >= 0 && figure(*b, "bubble_share") <= 1);
            QVERIFY(std::abs(figure(*b, "bubble_share") - std::min(share, 1.0)) < 1e-12);
        }
        const auto t = tpCommNotOverlappedRule(f, {});
        QCOMPARE(t.has_value(), tpComm >= 0);
        if (t) {
            QCOMPARE(int(t->severity), tpComm);
            QVERIFY(figure(*t, "exposed_share") >= 0 && figure(*t, "exposed_share") <= 1);
        }
    }

    void inputBoundGrades_data()
    {
        QTest::addColumn<double>("share");
        QTest::addColumn<int>("severity"); // -1: no finding
        QTest::newRow("below info") << 0.04 << -1;
        QTest::newRow("info") << 0.07 << int(Severity::Info);
        QTest::newRow("warning") << 0.12 << int(Severity::Warning);
        QTest::newRow("critical") << 0.35 << int(Severity::Critical);
    }
    void inputBoundGrades()
    {
        QFETCH(double, share);
        QFETCH(int, severity);
        AdvisorFacts f = oneDevice();
        f.devices[0].dataAugNs = f.dataAugNs = share * f.iterationNs;
        f.devices[0].inputIterations = {3, 4};
        f.devices[0].worstDataAugNs = 1;
        f.devices[0].dataAugStart = 100;
        f.devices[0].dataAugEnd = 200;
        const auto r = inputBoundRule(f, {});
        QCOMPARE(r.has_value(), severity >= 0);
        if (!r)
            return;
        QCOMPARE(r->id, std::string("input-bound"));
        QCOMPARE(int(r->severity), severity);
        QVERIFY(std::abs(figure(*r, "data_aug_bound_share") - share) < 1e-12);
        QCOMPARE(figure(*r, "iteration_ns"), 10e6);
        QCOMPARE(r->iterations, (std::vector<std::uint32_t>{3, 4}));
        QCOMPARE(r->focusStart, TimeNs(100));
        QCOMPARE(r->focusEnd, TimeNs(200));
    }

    // The focus is on the device with the longest single wait, the devices listed are
    // those over the threshold on their own.
    void inputBoundFocusesOnTheWorstDevice()
    {
        AdvisorFacts f = devices({1e6, 1e6}, {0, 0});
        f.devices[0].dataAugNs = 0.01 * f.devices[0].iterationNs;
        f.devices[0].worstDataAugNs = 10;
        f.devices[1].dataAugNs = 0.3 * f.devices[1].iterationNs;
        f.devices[1].worstDataAugNs = 90;
        f.devices[1].dataAugStart = 7;
        f.dataAugNs = f.devices[0].dataAugNs + f.devices[1].dataAugNs;
        const auto r = inputBoundRule(f, {});
        QVERIFY(r);
        QCOMPARE(r->devices, std::vector<std::uint16_t>{1});
        QCOMPARE(r->focusDevice, std::uint16_t(1));
        QCOMPARE(r->focusStart, TimeNs(7));
    }

    void stragglerNeedsExcessAndDevices()
    {
        // 30 % more AI Core time on device 2; the others wait 2 ms longer per iteration.
        const AdvisorFacts slow = devices({4e6, 4e6, 5.2e6}, {3e6, 3e6, 1e6});
        const auto s = findStraggler(slow, {});
        QVERIFY(s);
        QCOMPARE(s->device, std::uint16_t(2));
        QVERIFY(std::abs(s->excess - 0.3) < 1e-9);
        QCOMPARE(s->othersExtraWaitNs, 2e6);
        const auto r = stragglerRule(slow, {});
        QVERIFY(r);
        QCOMPARE(r->id, std::string("straggler"));
        QCOMPARE(r->devices, std::vector<std::uint16_t>{2});
        QCOMPARE(r->severity, Severity::Critical); // 2 ms of 10 ms = 20 % ≥ 15 %
        QCOMPARE(r->iterations, (std::vector<std::uint32_t>{2, 3, 4, 5})); // without the warm-up
        QCOMPARE(r->focusStart, TimeNs(3000));
        QVERIFY(r->evidence.contains(QLatin1String("Device 2 ")));

        QVERIFY(!stragglerRule(devices({4e6, 4e6, 4.2e6}, {1e6, 1e6, 1e6}), {})); // 5 % < 8 %
        QVERIFY(!stragglerRule(devices({4e6}, {0}), {}));                        // one device
    }

    void aicpuFallbackListsOpsByTime()
    {
        AdvisorFacts f = oneDevice();
        OpFacts a;
        a.opType = "OneHotD";
        a.timeNs = 2e5;
        a.longestNs = 50'000;
        a.stream = 3;
        a.start = 40;
        a.end = 50'040;
        OpFacts b = a;
        b.opType = "Cast";
        b.timeNs = 1e6;
        b.longestNs = 250'000;
        b.start = 90;
        b.end = 250'090;
        f.fallbacks.emplace("net/onehot", a);
        f.fallbacks.emplace("net/cast", b);
        f.fallbackNs = a.timeNs + b.timeNs;
        f.fallbackIterations = {2, 3};
        const auto r = aicpuFallbackRule(f, {});
        QVERIFY(r);
        QCOMPARE(r->ops, (std::vector<std::string>{"net/cast", "net/onehot"}));
        QCOMPARE(r->focusStart, TimeNs(90)); // the op with the most time
        QCOMPARE(r->focusStream, std::int64_t(3));
        QVERIFY(r->evidence.contains(QLatin1String("Cast, OneHotD")));
        QVERIFY(r->evidence.contains(QStringLiteral("250.0 µs")));
        QCOMPARE(r->severity, Severity::Warning); // 0.3 ms of 10 ms = 3 %
        QVERIFY(!aicpuFallbackRule(oneDevice(), {}));
    }

    void launchBoundNeedsTinyKernelsOrSessRun()
    {
        AdvisorFacts f = oneDevice();
        f.devices[0].windowNs = f.windowNs = 40e6;
        f.devices[0].idleNs = f.idleNs = 20e6; // 50 % idle
        f.devices[0].medianKernelNs = {5'000, 6'000, 4'000};
        f.devices[0].longestGapNs = 300;
        f.devices[0].gapStart = 1000;
        f.devices[0].gapEnd = 1300;
        auto r = launchBoundRule(f, {});
        QVERIFY(r);
        QCOMPARE(r->severity, Severity::Warning);
        QCOMPARE(figure(*r, "median_kernel_ns"), 5'000.0);
        QCOMPARE(r->focusEnd, TimeNs(1300));
        // Long kernels: the idle time is not launch overhead ...
        f.devices[0].medianKernelNs = {100'000};
        QVERIFY(!launchBoundRule(f, {}));
        // ... unless every step is a host round trip.
        f.mode = LaunchMode::SessRun;
        r = launchBoundRule(f, {});
        QVERIFY(r);
        QVERIFY(r->evidence.contains(QLatin1String("sess.run")));
        QCOMPARE(figure(*r, "sess_run"), 1.0);
    }

    void commNotOverlappedLeavesTheStragglersWaitsOut()
    {
        AdvisorFacts f = devices({4e6, 4e6}, {0, 0});
        for (auto &[id, d] : f.devices) d.notOverlappedNs = 0.15 * d.iterationNs;
        f.notOverlappedNs = 0.15 * f.iterationNs;
        f.longestNotOverlappedNs = 400;
        f.longestNotOverlappedDevice = 1;
        f.longestNotOverlappedStart = 600;
        auto r = commNotOverlappedRule(f, {});
        QVERIFY(r);
        QCOMPARE(r->severity, Severity::Warning);
        QVERIFY(std::abs(figure(*r, "not_overlapped_share") - 0.15) < 1e-12);
        QCOMPARE(r->focusDevice, std::uint16_t(1));
        QCOMPARE(r->focusEnd, TimeNs(1000));

        // Device 1 is a straggler and device 0 waits for it: those waits are not
        // communication's, and what remains is below the info threshold.
        AdvisorFacts s = devices({4e6, 5.2e6}, {2.8e6, 0});
        for (auto &[id, d] : s.devices) d.notOverlappedNs = id == 0 ? 0.28 * d.iterationNs : 0.01 * d.iterationNs;
        s.notOverlappedNs = s.devices[0].notOverlappedNs + s.devices[1].notOverlappedNs;
        QVERIFY(findStraggler(s, {}));
        QVERIFY(!commNotOverlappedRule(s, {}));

        QVERIFY(!commNotOverlappedRule(oneDevice(), {})); // one device has nobody to talk to
    }

    void memoryBoundCountsCubeOpsOnly()
    {
        // MatMul streams 3× more than it computes; Add is memory-bound by nature.
        const AdvisorFacts f = withPmu({cubeType("MatMul", 3e6, 0.2, 0.1, 0.6), cubeType("Add", 5e6, 0.0, 0.1, 0.9)}, 10e6);
        const auto r = memoryBoundRule(f, {});
        QVERIFY(r);
        QCOMPARE(r->ops, std::vector<std::string>{"MatMul"});
        QCOMPARE(r->severity, Severity::Critical); // 30 % of AI Core time
        QCOMPARE(r->focusStream, std::int64_t(7));
        QVERIFY(r->evidence.contains(QLatin1String("MatMul (30.0 % of AI Core time, 3.00)")));
        // Without the vector and mte2 ratios the rule cannot speak.
        AdvisorFacts noMte2 = f;
        noMte2.mte2Recorded = false;
        QVERIFY(!memoryBoundRule(noMte2, {}));
        QVERIFY(!memoryBoundRule(withPmu({cubeType("Conv2D", 3e6, 0.9, 0.1, 0.5)}, 10e6), {}));
    }

    void lowCubeUtilizationGrades()
    {
        const AdvisorFacts f = withPmu({cubeType("Conv2D", 3e6, 0.2, 0.1, 0.1), cubeType("MatMul", 2e6, 0.8, 0.1, 0.1)}, 10e6);
        const auto r = lowCubeUtilizationRule(f, {});
        QVERIFY(r);
        QCOMPARE(r->ops, std::vector<std::string>{"Conv2D"});
        QCOMPARE(r->severity, Severity::Warning); // 30 % of AI Core time
        QVERIFY(std::abs(figure(*r, "low_mac_share") - 0.3) < 1e-12);
        AdvisorFacts noMac = f;
        noMac.macRecorded = false;
        QVERIFY(!lowCubeUtilizationRule(noMac, {}));
    }

    // The pass: warm-up left out, idle time and gaps inside FP→BP, kernels, collectives.
    void accumulationSumsAHandBuiltTrace()
    {
        MemoryTrace trace;
        SessionInfo info;
        info.spec.mode = LaunchMode::Estimator;
        QVERIFY(trace.begin(info));
        RecordBatch b;
        const StrId name = trace.intern("op");
        for (std::uint32_t it = 1; it <= 3; ++it) {
            const TimeNs base = TimeNs(it) * 1'000'000;
            // Two AI Core tasks of 100 µs with a 300 µs gap, then a collective that
            // nothing computes under.
            for (int k = 0; k < 2; ++k) {
                TaskRecord t;
                t.iteration = it;
                t.modelId = 1;
                t.kind = TaskKind::AiCore;
                t.start = base + k * 400'000;
                t.duration = 100'000;
                t.name = name;
                b.tasks.push_back(t);
            }
            CollectiveOpRecord c;
            c.iteration = it;
            c.modelId = 1;
            c.start = base + 500'000;
            c.duration = 200'000;
            b.collectives.push_back(c);
        }
        QVERIFY(trace.write(b));
        QVERIFY(trace.end(SessionStatus::Complete, {}));

        const AdvisorFacts f = accumulateFacts(trace, {});
        QCOMPARE(f.iterations, 2); // iteration 1 is the warm-up
        const DeviceFacts &d = f.devices.at(0);
        QCOMPARE(d.aicoreNs, 4 * 100'000.0);
        // Without a step trace the window is first task start → last task end (500 µs).
        QCOMPARE(d.windowNs, 2 * 500'000.0);
        QCOMPARE(d.idleNs, 2 * 300'000.0);
        QCOMPARE(d.longestGapNs, TimeNs(300'000));
        QCOMPARE(d.notOverlappedNs, 2 * 200'000.0);
        QCOMPARE(d.medianKernelNs, (std::vector<double>{100'000, 100'000}));
        QCOMPARE(f.longestNotOverlappedNs, TimeNs(200'000));
        QCOMPARE(f.iterationsPerDevice.at(0).size(), size_t(3));

        std::atomic<bool> cancel{true};
        QCOMPARE(accumulateFacts(trace, {}, &cancel).iterations, 0);
    }
};

QTEST_GUILESS_MAIN(AdvisorRulesTest)
#include "test_analysis_advisor_rules.moc"
