// What happens when recording goes wrong: the writer dies without end(), another writer
// tries to join, the disk fills up, readers look at a recording in progress.

#include "core/store/project.h"
#include "test_store_fixture.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <sys/wait.h>
#include <unistd.h>

using namespace npuscope;
using namespace npuscope::store;
using storetest::Generator;

namespace {

std::unique_ptr<ProjectReader> openSession(const QString &path, SessionSummary *summary = nullptr)
{
    QString msg;
    auto p = Project::open(path, Project::Mode::ReadOnly, nullptr, &msg);
    if (!p) {
        qWarning() << msg;
        return nullptr;
    }
    const auto s = p->sessions();
    if (s.size() != 1)
        return nullptr;
    if (summary)
        *summary = s.front();
    return p->session(s.front().id, &msg);
}

std::uint64_t tasksOf(const ProjectReader &r)
{
    for (const auto &[k, n] : r.recordCounts())
        if (k == QLatin1String("tasks"))
            return n;
    return 0;
}

// Counts task rows by scanning every iteration (not trusting the counters).
std::uint64_t scanTasks(const ProjectReader &r)
{
    std::uint64_t n = 0;
    for (const IterationKey &k : r.iterations())
        r.forEachTask(k, [&](const TaskRecord &) { ++n; return true; });
    return n;
}

} // namespace

class TestStoreReliability : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void writerDestroyedWithoutEndLeavesARunningReadableSession()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("crash.npuscope"));
        Generator g(31, 2);
        {
            auto w = storetest::beginSession(path, g.info());
            QVERIFY(w);
            QVERIFY(w->write(g.batch(1, 1, 1)));
            QVERIFY(w->write(g.batch(1, 2, 1)));
        } // no end(): like a producer that threw
        SessionSummary s;
        auto r = openSession(path, &s);
        QVERIFY(r);
        QCOMPARE(s.status, SessionStatus::Running);
        QCOMPARE(s.endedWallUs, std::int64_t(0));
        QCOMPARE(r->status(), SessionStatus::Running);
        const QString m = storetest::verifyAll(*r, g);
        QVERIFY2(m.isEmpty(), qPrintable(m));
    }

    // A real crash: a child process records, is SIGKILLed mid-run, and the parent finds
    // every committed batch, a running session and a released writer lock.
    void killedWriterProcessKeepsCommittedBatchesAndReleasesTheLock()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("killed.npuscope"));
        int ready[2];
        QCOMPARE(::pipe(ready), 0);
        const pid_t child = ::fork();
        QVERIFY(child >= 0);
        if (child == 0) {
            ::close(ready[0]);
            Generator g(41, 2);
            auto w = ProjectWriter::create(path, nullptr, nullptr);
            bool ok = w && w->begin(g.info());
            for (std::uint32_t i = 1; ok && i <= 3; ++i)
                ok = w->write(g.batch(1, i, 1));
            const char c = ok ? 'y' : 'n';
            [[maybe_unused]] auto n = ::write(ready[1], &c, 1);
            for (;;)
                ::pause(); // "still recording" until killed
        }
        ::close(ready[1]);
        char c = 0;
        QCOMPARE(::read(ready[0], &c, 1), ssize_t(1));
        ::close(ready[0]);
        if (c != 'y') {
            ::kill(child, SIGKILL);
            ::waitpid(child, nullptr, 0);
            QFAIL("the child could not record");
        }

        // While the child lives, its lock keeps a second writer out.
        StoreError err = StoreError::None;
        QString msg;
        QVERIFY(!ProjectWriter::create(path, &err, &msg));
        QCOMPARE(err, StoreError::Busy);
        QVERIFY2(msg.contains(QString::number(child)), qPrintable(msg));
        // ... but readers see its committed batches already (WAL).
        {
            auto r = openSession(path);
            QVERIFY(r);
            QCOMPARE(r->status(), SessionStatus::Running);
        }

        QCOMPARE(::kill(child, SIGKILL), 0);
        int status = 0;
        QCOMPARE(::waitpid(child, &status, 0), child);
        QVERIFY(WIFSIGNALED(status));

        Generator expected(41, 2); // same seed: the same records the child wrote
        expected.info();
        for (std::uint32_t i = 1; i <= 3; ++i)
            expected.batch(1, i, 1);
        SessionSummary s;
        auto r = openSession(path, &s);
        QVERIFY(r);
        QCOMPARE(s.status, SessionStatus::Running);
        QCOMPARE(s.taskCount, std::uint64_t(expected.all.tasks.size()));
        const QString m = storetest::verifyAll(*r, expected);
        QVERIFY2(m.isEmpty(), qPrintable(m));

        auto w = ProjectWriter::create(path, &err, &msg); // the kernel released the lock
        QVERIFY2(w, qPrintable(msg));
    }

    void secondWriterIsRefusedUntilTheFirstCloses()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("busy.npuscope"));
        StoreError err = StoreError::None;
        QString msg;
        auto first = ProjectWriter::create(path, &err, &msg);
        QVERIFY2(first, qPrintable(msg));
        auto second = ProjectWriter::create(path, &err, &msg);
        QVERIFY(!second);
        QCOMPARE(err, StoreError::Busy);
        QVERIFY2(msg.contains(QStringLiteral("already being recorded")), qPrintable(msg));
        QVERIFY(msg.contains(QStringLiteral("busy.npuscope")));
        first.reset();
        auto third = ProjectWriter::create(path, &err, &msg);
        QVERIFY2(third, qPrintable(msg));
        QCOMPARE(err, StoreError::None);
    }

    void readerSeesCommittedBatchesWhileTheWriterIsOpen()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("live.npuscope"));
        Generator g(51, 1);
        auto w = storetest::beginSession(path, g.info());
        QVERIFY(w);
        QVERIFY(w->write(g.batch(1, 1, 1)));
        const std::uint64_t afterFirst = g.all.tasks.size();

        auto r = openSession(path);
        QVERIFY(r);
        QCOMPARE(tasksOf(*r), afterFirst);
        QCOMPARE(scanTasks(*r), afterFirst);

        QVERIFY(w->write(g.batch(1, 2, 1)));
        // The same reader follows the recording: counts, iterations and records are live.
        QCOMPARE(tasksOf(*r), std::uint64_t(g.all.tasks.size()));
        QCOMPARE(scanTasks(*r), std::uint64_t(g.all.tasks.size()));
        QCOMPARE(r->iterations().size(), size_t(2));
        QCOMPARE(r->status(), SessionStatus::Running);
        QVERIFY(w->end(SessionStatus::Complete, g.endDevices(g.info())));
        QCOMPARE(r->status(), SessionStatus::Complete);
        auto fresh = openSession(path);
        QVERIFY(fresh);
        const QString m = storetest::verifyAll(*fresh, g);
        QVERIFY2(m.isEmpty(), qPrintable(m));
    }

    void diskFullFailsTheBatchAndKeepsEarlierOnes()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("full.npuscope"));
        Generator g(61, 1);
        // Fault injection: the writer's connection may grow the file to 80 pages only
        // (the empty schema takes about 30).
        qputenv("NPUSCOPE_TEST_MAX_PAGES", "80");
        StoreError err = StoreError::None;
        QString msg;
        auto w = ProjectWriter::create(path, &err, &msg);
        qunsetenv("NPUSCOPE_TEST_MAX_PAGES");
        QVERIFY2(w, qPrintable(msg));
        QVERIFY(w->begin(g.info()));

        Generator committed(61, 1); // mirrors only the batches that were accepted
        committed.info();
        bool failed = false;
        for (std::uint32_t i = 1; i <= 200 && !failed; ++i) {
            const RecordBatch b = g.batch(1, i, 1, 300);
            if (w->write(b))
                committed.batch(1, i, 1, 300);
            else
                failed = true;
        }
        QVERIFY2(failed, "80 pages never filled up");
        QVERIFY(committed.all.tasks.size() > 0);
        QCOMPARE(w->error(), StoreError::Io);
        QVERIFY2(w->errorString().contains(QStringLiteral("disk is full")), qPrintable(w->errorString()));
        QVERIFY(w->errorString().contains(QStringLiteral("full.npuscope")));
        // The writer stays failed; the first error stays the reported one.
        QVERIFY(!w->write(g.batch(1, 999, 1, 1)));
        QVERIFY(w->errorString().contains(QStringLiteral("disk is full")));
        w->end(SessionStatus::Failed, g.endDevices(g.info())); // may or may not fit
        QCOMPARE(w->error(), StoreError::Io);
        w.reset();

        SessionSummary s;
        auto r = openSession(path, &s);
        QVERIFY(r);
        QCOMPARE(s.taskCount, std::uint64_t(committed.all.tasks.size()));
        QCOMPARE(scanTasks(*r), std::uint64_t(committed.all.tasks.size()));
        const QString m = storetest::verifyAll(*r, committed);
        QVERIFY2(m.isEmpty(), qPrintable(m));
    }

    // Reports the hot-path rate (not asserted: tests never judge wall time) and checks a
    // large session reads back completely.
    void largeSessionWritesAndReadsBack()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("big.npuscope"));
        Generator g(71, 2);
        std::vector<RecordBatch> batches;
        for (std::uint32_t i = 1; i <= 10; ++i)
            batches.push_back(g.batch(1, i, 1, 25000)); // 50k tasks per batch
        auto w = storetest::beginSession(path, g.info());
        QVERIFY(w);
        QElapsedTimer t;
        t.start();
        for (const RecordBatch &b : batches)
            QVERIFY(w->write(b));
        const qint64 ms = std::max<qint64>(1, t.elapsed());
        QVERIFY(w->end(SessionStatus::Complete, g.endDevices(g.info())));
        w.reset();
        qInfo("wrote %zu task rows (+ pmu) in %lld ms: %.0f rows/s", g.all.tasks.size(), ms,
              double(g.all.tasks.size()) * 1000.0 / double(ms));
        auto r = openSession(path);
        QVERIFY(r);
        t.restart();
        QCOMPARE(scanTasks(*r), std::uint64_t(g.all.tasks.size()));
        qInfo("read them back in %lld ms", t.elapsed());
    }
};

QTEST_GUILESS_MAIN(TestStoreReliability)
#include "test_store_reliability.moc"
