// Derived tables: aicore_time, memory_bound, Task Wait Time, op_statistic, task_time, step trace.
#include "core/analysis/op_tables.h"

#include <QTest>

using namespace npuscope;
using namespace npuscope::analysis;

class TestAnalysisOpTables : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void aicoreTime()
    {
        QCOMPARE(*aicoreTimeUs(672029, 1000, 32), 672029 / 1000.0 / 32);
        // More blocks than cores: a second wave.
        QCOMPARE(*aicoreTimeUs(640000, 1000, 40), 640000 / 1000.0 / 40 * 2);
        QCOMPARE(*aicoreTimeUs(1000, 500, 1), 2.0);
        QVERIFY(!aicoreTimeUs(1000, 1000, 0));
        QVERIFY(!aicoreTimeUs(1000, 0, 4));
    }
    void memoryBoundRatio()
    {
        QCOMPARE(*memoryBound(0.6, 0.2, 0.3), 2.0);
        QCOMPARE(*memoryBound(0.3, 0.6, 0.1), 0.5);
        QVERIFY(!memoryBound(0.3, 0, 0));
    }
    void taskWait()
    {
        TaskWaitTracker w;
        QCOMPARE(w.next(100, 50), TimeNs(0));   // first row
        QCOMPARE(w.next(170, 10), TimeNs(20));  // 170 − 100 − 50
        QCOMPARE(w.next(175, 100), TimeNs(0));  // overlaps the previous: never negative
        QCOMPARE(w.next(300, 1), TimeNs(25));   // 300 − 175 − 100
    }
    void opStatistic()
    {
        OpStatisticBuilder b;
        b.add("Conv2D", "AI_CORE", 100);
        b.add("Cast", "AI_CORE", 10);
        b.add("Conv2D", "AI_CORE", 300);
        b.add("Cast", "AI_CORE", 30);
        b.add("DropoutGenMask", "AI_CPU", 60);
        const auto rows = b.rows();
        QCOMPARE(rows.size(), std::size_t(3));
        QCOMPARE(rows[0].opType, std::string("Conv2D"));
        QCOMPARE(rows[0].count, 2u);
        QCOMPARE(rows[0].total, TimeNs(400));
        QCOMPARE(rows[0].min, TimeNs(100));
        QCOMPARE(rows[0].max, TimeNs(300));
        QCOMPARE(rows[0].avgNs, 200.0);
        QCOMPARE(rows[0].ratioPercent, 80.0);
        QCOMPARE(rows[1].opType, std::string("DropoutGenMask"));
        QCOMPARE(rows[1].coreType, std::string("AI_CPU"));
        QCOMPARE(rows[2].ratioPercent, 8.0);
        QCOMPARE(b.totalTime(), TimeNs(500));
    }
    void taskTime()
    {
        TaskTimeBuilder b;
        auto t = [](std::uint32_t stream, std::uint32_t id, TimeNs start, TimeNs dur, TaskKind type) {
            TaskRecord r;
            r.streamId = stream;
            r.taskId = id;
            r.start = start;
            r.duration = dur;
            r.kind = type;
            r.pending = 5;
            return r;
        };
        b.add(t(2, 1, 0, 100, TaskKind::AiCore), "Conv", "AI_CORE");
        b.add(t(3, 1, 10, 20, TaskKind::NotifyWait), "NOTIFY_WAIT", "Notify Wait");
        b.add(t(2, 2, 130, 50, TaskKind::AiCore), "Cast", "KERNEL_AICORE");
        b.add(t(2, 1, 200, 60, TaskKind::AiCore), "Conv", "AI_CORE"); // same (stream, task, name) again
        const auto rows = b.rows();
        QCOMPARE(rows.size(), std::size_t(3));
        QCOMPARE(rows[0].name, std::string("Conv"));
        QCOMPARE(rows[0].count, 2u);
        QCOMPARE(rows[0].total, TimeNs(160));
        QCOMPARE(rows[0].min, TimeNs(60));
        QCOMPARE(rows[0].waiting, TimeNs(20));   // 200 − (130 + 50)
        QCOMPARE(rows[0].pending, TimeNs(10));
        QCOMPARE(rows[0].timePercent, 100.0 * 160 / 230);
        QCOMPARE(rows[1].waiting, TimeNs(30));   // Cast: 130 − 100
        QCOMPARE(rows[2].waiting, TimeNs(0));    // first task of stream 3
        QCOMPARE(rows[2].type, std::string("Notify Wait")); // the type as the source spelled it
        QCOMPARE(rows[2].kind, TaskKind::NotifyWait);
        QCOMPARE(QString::fromLatin1(taskLaunchApi(TaskKind::AiCore)), QStringLiteral("rtKernelLaunch"));
        QCOMPARE(QString::fromLatin1(taskLaunchApi(TaskKind::MixAiv)), QStringLiteral("rtKernelLaunch"));
        QCOMPARE(QString::fromLatin1(taskLaunchApi(TaskKind::Other)), QStringLiteral("N/A"));
    }
    void stepTrace()
    {
        StepTraceRecord s;
        s.iteration = 1;
        s.fpStart = 1000;
        s.bpEnd = 5000;
        s.iterationEnd = 9000;
        s.reduces = {{5100, 8000}};
        auto r = stepTraceRow(s);
        QCOMPARE(r.iterationTime, TimeNs(8000));
        QCOMPARE(r.fpToBp, TimeNs(4000));
        QCOMPARE(r.refresh, TimeNs(4000));
        QVERIFY(!r.dataAugBound);
        s.iteration = 2;
        s.previousIterationEnd = 400;
        r = stepTraceRow(s);
        QCOMPARE(r.iterationTime, TimeNs(8600));
        QCOMPARE(*r.dataAugBound, TimeNs(600));
        QCOMPARE(r.reduces.size(), std::size_t(1));
    }
};

QTEST_GUILESS_MAIN(TestAnalysisOpTables)
#include "test_analysis_op_tables.moc"
