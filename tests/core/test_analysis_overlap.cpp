// Overlap analysis on hand-made intervals (ns).
#include "core/analysis/overlap.h"

#include <QTest>

using namespace npuscope;
using namespace npuscope::analysis;
using V = std::vector<Interval>;

class TestAnalysisOverlap : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void merge()
    {
        QCOMPARE(mergeIntervals({}), V{});
        // unsorted, overlapping, touching, contained, empty
        QCOMPARE(mergeIntervals({{50, 60}, {0, 10}, {10, 20}, {5, 8}, {30, 30}, {25, 40}, {35, 45}}),
                 (V{{0, 20}, {25, 45}, {50, 60}}));
    }
    void subtract()
    {
        QCOMPARE(subtractIntervals({{0, 100}}, {{10, 20}, {30, 40}}), (V{{0, 10}, {20, 30}, {40, 100}}));
        QCOMPARE(subtractIntervals({{0, 100}}, {{-5, 200}}), V{});
        QCOMPARE(subtractIntervals({{0, 10}, {20, 30}}, {}), (V{{0, 10}, {20, 30}}));
        QCOMPARE(subtractIntervals({{0, 10}, {20, 30}}, {{5, 25}}), (V{{0, 5}, {25, 30}}));
        QCOMPARE(subtractIntervals({{10, 20}}, {{0, 5}, {25, 30}}), (V{{10, 20}}));
    }
    void overlap()
    {
        // compute: two kernels on two streams overlapping, a gap, a late kernel;
        // communication: one all-reduce overlapping the end of the first busy period.
        const auto r = computeOverlap({{0, 100}, {50, 150}, {300, 320}}, {{120, 260}});
        QCOMPARE(r.computing, (V{{0, 150}, {300, 320}}));
        QCOMPARE(r.communication, (V{{120, 260}}));
        QCOMPARE(r.notOverlapped, (V{{150, 260}}));
        QCOMPARE(r.free, (V{{260, 300}}));
        // Every instant of [0, 320] is in exactly one of computing, not-overlapped, free.
        TimeNs covered = 0;
        for (const V *v : {&r.computing, &r.notOverlapped, &r.free})
            for (const auto &i : *v)
                covered += i.end - i.start;
        QCOMPARE(covered, TimeNs(320));
    }
    void overlapEdgeCases()
    {
        const auto none = computeOverlap({}, {});
        QVERIFY(none.computing.empty() && none.free.empty() && none.notOverlapped.empty());
        const auto commOnly = computeOverlap({}, {{10, 20}, {30, 40}});
        QCOMPARE(commOnly.notOverlapped, (V{{10, 20}, {30, 40}}));
        QCOMPARE(commOnly.free, (V{{20, 30}}));
        const auto hidden = computeOverlap({{0, 100}}, {{10, 90}});
        QVERIFY(hidden.notOverlapped.empty());
        QVERIFY(hidden.free.empty());
        QVERIFY(isComputeKind(TaskKind::AiCore) && isComputeKind(TaskKind::AiCpu));
        QVERIFY(isComputeKind(TaskKind::AiVectorCore) && isComputeKind(TaskKind::MixAic) && isComputeKind(TaskKind::MixAiv));
        QVERIFY(!isComputeKind(TaskKind::NotifyWait) && !isComputeKind(TaskKind::MemcpyAsync));
        QVERIFY(!isComputeKind(TaskKind::Dma) && !isComputeKind(TaskKind::Other));
    }
};

QTEST_GUILESS_MAIN(TestAnalysisOverlap)
#include "test_analysis_overlap.moc"
