// MemoryTrace: records written in any order come back grouped per iteration and sorted.
#include "core/model/memory_trace.h"

#include <QTest>

using namespace npuscope;

namespace {
TaskRecord task(std::uint16_t dev, std::uint32_t it, std::uint32_t stream, std::uint32_t id, TimeNs start)
{
    TaskRecord t;
    t.device = dev;
    t.modelId = 1;
    t.iteration = it;
    t.streamId = stream;
    t.taskId = id;
    t.start = start;
    t.duration = 10;
    return t;
}
} // namespace

class TestModelMemoryTrace : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void sortsAndGroupsPerIteration()
    {
        MemoryTrace m;
        SessionInfo info;
        info.name = QStringLiteral("s");
        QVERIFY(m.begin(info));
        RecordBatch b;
        StringTable st;
        const StrId conv = st.intern("Conv2D", b);
        b.tasks = {task(0, 2, 2, 1, 500), task(0, 1, 3, 7, 300), task(0, 1, 2, 9, 100), task(1, 1, 2, 1, 50),
                   task(0, 1, 2, 4, 300)};
        b.tasks[0].name = conv;
        QVERIFY(m.write(b));
        // A later batch with an earlier task of the same iteration.
        RecordBatch b2;
        b2.tasks = {task(0, 1, 5, 1, 20)};
        QVERIFY(m.write(b2));
        QVERIFY(m.end(SessionStatus::Complete, {}));
        QCOMPARE(m.status(), SessionStatus::Complete);
        QCOMPARE(m.taskCount(), std::size_t(6));

        const auto its = m.iterations();
        QCOMPARE(its.size(), std::size_t(3));
        QCOMPARE(its[0], (IterationKey{0, 1, 1}));
        QCOMPARE(its[1], (IterationKey{0, 1, 2}));
        QCOMPARE(its[2], (IterationKey{1, 1, 1}));

        std::vector<std::tuple<TimeNs, std::uint32_t, std::uint32_t>> seen;
        QVERIFY(m.forEachTask({0, 1, 1}, [&seen](const TaskRecord &t) {
            seen.emplace_back(t.start, t.streamId, t.taskId);
            return true;
        }));
        // Ascending start; ties by stream then task id.
        const decltype(seen) expected = {{20, 5, 1}, {100, 2, 9}, {300, 2, 4}, {300, 3, 7}};
        QCOMPARE(seen, expected);

        // Early stop reports false and visits no more.
        int visits = 0;
        QVERIFY(!m.forEachTask({0, 1, 1}, [&visits](const TaskRecord &) { return ++visits < 2; }));
        QCOMPARE(visits, 2);
        // Unknown iteration: nothing visited, not an error.
        QVERIFY(m.forEachTask({7, 7, 7}, [](const TaskRecord &) { return false; }));

        QCOMPARE(m.string(conv), std::string_view("Conv2D"));
        QCOMPARE(m.string(0), std::string_view());
        QCOMPARE(m.string(999), std::string_view());
        QCOMPARE(m.intern("Conv2D"), conv);
        const StrId fresh = m.intern("MatMul");
        QCOMPARE(m.string(fresh), std::string_view("MatMul"));
    }

    void otherRecordKinds()
    {
        MemoryTrace m;
        m.begin(SessionInfo{});
        RecordBatch b;
        OpDesc o;
        o.id = 3;
        o.blockDim = 32;
        b.ops.push_back(o);
        for (std::uint32_t it : {2u, 1u}) {
            StepTraceRecord s;
            s.device = 0;
            s.modelId = 4;
            s.iteration = it;
            s.iterationEnd = 1000 * it;
            b.stepTraces.push_back(s);
            CollectiveOpRecord c;
            c.modelId = 4;
            c.iteration = it;
            c.start = 100 * it;
            b.collectives.push_back(c);
        }
        QueueEventRecord q1, q2;
        q1.device = 1;
        q1.timestamp = 50;
        q2.device = 1;
        q2.timestamp = 10;
        b.queueEvents = {q1, q2};
        FusionOpRecord f;
        f.modelId = 4;
        b.fusionOps.push_back(f);
        HostRangeRecord h;
        h.modelId = 4;
        h.iteration = 1;
        h.start = 5;
        b.hostRanges.push_back(h);
        QVERIFY(m.write(b));

        QVERIFY(m.op(3) != nullptr);
        QCOMPARE(m.op(3)->blockDim, std::uint16_t(32));
        QVERIFY(m.op(4) == nullptr);
        const auto steps = m.stepTraces(0, 4);
        QCOMPARE(steps.size(), std::size_t(2));
        QCOMPARE(steps[0].iteration, 1u);
        QVERIFY(m.stepTraces(0, 5).empty());
        const auto q = m.queueEvents(1);
        QCOMPARE(q.size(), std::size_t(2));
        QCOMPARE(q[0].timestamp, TimeNs(10));
        QVERIFY(m.queueEvents(0).empty());
        QCOMPARE(m.fusionOps(4).size(), std::size_t(1));
        int n = 0;
        QVERIFY(m.forEachCollective({0, 4, 2}, [&n](const CollectiveOpRecord &c) { ++n; return c.start == 200; }));
        QCOMPARE(n, 1);
        n = 0;
        m.forEachHostRange({0, 4, 1}, [&n](const HostRangeRecord &) { ++n; return true; });
        QCOMPARE(n, 1);
        QCOMPARE(m.iterations().size(), std::size_t(2)); // from collectives, host ranges and step traces
    }

    void rejectsOutOfOrderStrings()
    {
        MemoryTrace m;
        m.begin(SessionInfo{});
        RecordBatch b;
        b.strings = {{5, "late"}};
        QVERIFY(!m.write(b));
        QVERIFY(m.errorString().contains(QLatin1String("5")));
    }

    void readerRoundTripOfAProducerStream()
    {
        // A producer that interns through StringTable and a reader that resolves ids agree.
        MemoryTrace m;
        m.begin(SessionInfo{});
        StringTable st;
        RecordBatch b1;
        const StrId a = st.intern("a", b1);
        m.write(b1);
        RecordBatch b2;
        const StrId bb = st.intern("b", b2);
        QCOMPARE(st.intern("a", b2), a);
        m.write(b2);
        QCOMPARE(m.string(a), std::string_view("a"));
        QCOMPARE(m.string(bb), std::string_view("b"));
    }
};

QTEST_GUILESS_MAIN(TestModelMemoryTrace)
#include "test_model_memory_trace.moc"
