#include "core/model/pipelined_sink.h"

#include <QTest>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

using namespace npuscope;

namespace {

RecordBatch batchOf(std::uint32_t first, std::uint32_t n)
{
    RecordBatch b;
    for (std::uint32_t i = 0; i < n; ++i) {
        TaskRecord t;
        t.taskId = first + i;
        b.tasks.push_back(t);
    }
    return b;
}

// Remembers what it stored and on which thread; refuses the batch numbered `failAt`
// (1-based); holds every write while `gate` is closed.
class Recorder : public RecordSink {
public:
    bool begin(const SessionInfo &) override { beginThread = std::this_thread::get_id(); return true; }
    bool write(const RecordBatch &b) override
    {
        {
            std::unique_lock lock(m);
            ++entered;
            cv.notify_all();
            cv.wait(lock, [this] { return open; });
        }
        writeThread = std::this_thread::get_id();
        if (++writes == failAt)
            return false;
        for (const TaskRecord &t : b.tasks)
            ids.push_back(t.taskId);
        return true;
    }
    bool end(SessionStatus s, const std::vector<DeviceInfo> &) override
    {
        endThread = std::this_thread::get_id();
        status = s;
        idsAtEnd = ids.size();
        return true;
    }
    QString errorString() const override { return writes >= failAt ? QStringLiteral("disk full") : QString(); }

    void release()
    {
        std::lock_guard lock(m);
        open = true;
        cv.notify_all();
    }
    void waitEntered(int n)
    {
        std::unique_lock lock(m);
        cv.wait(lock, [&] { return entered >= n; });
    }

    std::mutex m;
    std::condition_variable cv;
    bool open = true;
    int entered = 0;
    int writes = 0;
    int failAt = -1;
    std::vector<std::uint32_t> ids;
    std::size_t idsAtEnd = 0;
    SessionStatus status = SessionStatus::Running;
    std::thread::id beginThread, writeThread, endThread;
};

} // namespace

class TestModelPipelinedSink : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void batchesArriveInOrderFromOneOtherThread()
    {
        Recorder inner;
        PipelinedSink pipe(inner);
        QVERIFY(pipe.begin(SessionInfo{}));
        std::uint32_t next = 0;
        for (int i = 0; i < 50; ++i) {
            RecordBatch b = batchOf(next, std::uint32_t(1 + i % 7));
            next += std::uint32_t(b.tasks.size());
            QVERIFY(pipe.take(b));
            QVERIFY(b.empty()); // handed over, not copied
        }
        QVERIFY(pipe.drain());
        QCOMPARE(inner.ids.size(), std::size_t(next));
        for (std::uint32_t i = 0; i < next; ++i)
            QCOMPARE(inner.ids[i], i);
        QVERIFY(pipe.end(SessionStatus::Complete, {}));
        QCOMPARE(inner.status, SessionStatus::Complete);
        QCOMPARE(inner.beginThread, std::this_thread::get_id());
        QCOMPARE(inner.endThread, std::this_thread::get_id());
        QVERIFY(inner.writeThread != std::this_thread::get_id());
    }

    void writeCopiesAndEndWaitsForEveryBatch()
    {
        Recorder inner;
        inner.open = false;
        PipelinedSink pipe(inner, 8);
        const RecordBatch b = batchOf(7, 3);
        QVERIFY(pipe.write(b));
        QCOMPARE(b.tasks.size(), std::size_t(3)); // the caller's batch is left alone
        inner.waitEntered(1);
        std::thread opener([&] { inner.release(); });
        QVERIFY(pipe.end(SessionStatus::Complete, {}));
        opener.join();
        QCOMPARE(inner.idsAtEnd, std::size_t(3)); // end() came after the batch was stored
    }

    void aRefusedBatchStopsTheRestAndSaysWhy()
    {
        Recorder inner;
        inner.failAt = 3;
        PipelinedSink pipe(inner);
        bool refused = false;
        for (std::uint32_t i = 0; i < 20 && !refused; ++i) {
            RecordBatch b = batchOf(i * 10, 10);
            refused = !pipe.take(b);
            QVERIFY(b.empty());
        }
        // The refusal shows on a later take or at the latest on drain().
        QVERIFY(!pipe.drain());
        QCOMPARE(pipe.errorString(), QStringLiteral("disk full"));
        RecordBatch late = batchOf(1000, 1);
        QVERIFY(!pipe.take(late));
        QCOMPARE(inner.writes, 3); // nothing after the refused batch reached the sink
        QCOMPARE(inner.ids.size(), std::size_t(20));
        QVERIFY(pipe.end(SessionStatus::Failed, {}));
        QCOMPARE(inner.status, SessionStatus::Failed);
    }

    void theProducerWaitsWhenTheQueueIsFull()
    {
        Recorder inner;
        inner.open = false;
        const std::size_t depth = 2;
        PipelinedSink pipe(inner, depth);
        std::atomic_int given{0};
        std::thread producer([&] {
            for (std::uint32_t i = 0; i < 10; ++i) {
                RecordBatch b = batchOf(i, 1);
                pipe.take(b);
                ++given;
            }
        });
        inner.waitEntered(1);
        // One batch is held by the closed sink; at most `depth` more wait in the queue, so the
        // producer cannot have handed over more than depth + 1, however long it ran.
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        QVERIFY(given.load() <= int(depth) + 1);
        inner.release();
        producer.join();
        QVERIFY(pipe.drain());
        QCOMPARE(inner.ids.size(), std::size_t(10));
    }

    void aCancelDropsTheBatchesStillWaiting()
    {
        Recorder inner;
        inner.open = false;
        std::atomic_bool cancel{false};
        PipelinedSink pipe(inner, 4, &cancel);
        for (std::uint32_t i = 0; i < 4; ++i) {
            RecordBatch b = batchOf(i, 1);
            QVERIFY(pipe.take(b));
        }
        inner.waitEntered(1); // the first batch is with the sink; three wait
        cancel = true;
        inner.release();
        QVERIFY(pipe.drain()); // dropping on cancel is not a failure of the sink
        QCOMPARE(inner.ids.size(), std::size_t(1));
        QVERIFY(pipe.end(SessionStatus::Cancelled, {}));
        QCOMPARE(inner.status, SessionStatus::Cancelled);
    }

    void destroyingWithBatchesQueuedStoresThem()
    {
        Recorder inner;
        {
            PipelinedSink pipe(inner, 4);
            for (std::uint32_t i = 0; i < 4; ++i) {
                RecordBatch b = batchOf(i, 1);
                QVERIFY(pipe.take(b));
            }
        }
        QCOMPARE(inner.ids.size(), std::size_t(4));
    }
};

QTEST_GUILESS_MAIN(TestModelPipelinedSink)
#include "test_model_pipelined_sink.moc"
