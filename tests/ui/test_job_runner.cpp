// ui::JobRunner, the one helper every view and dialog uses for work off the GUI thread:
// results come back on the owner's thread, a newer job supersedes an older one (whose
// result is dropped), cancel() still delivers while discard() does not, Queue runs every
// job in order, progress is throttled and never outlives its job, and the destructor
// waits for the running job (or, for a finishing runner, runs every queued job first).

#include "ui/job_runner.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>
#include <QThread>

#include <atomic>
#include <chrono>
#include <memory>
#include <thread>
#include <vector>

using namespace npuscope;

namespace {

// Blocks the worker until `flag` is set or the job is cancelled; false if neither happened
// within 20 s (the test then fails on what the job returns).
bool holdUntil(const ui::JobControl &c, const std::atomic_bool &flag)
{
    for (int i = 0; i < 20000; ++i) {
        if (flag.load() || c.isCancelled())
            return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    return false;
}

bool spinUntil(const std::function<bool()> &ready, int msecs = 20000)
{
    QDeadlineTimer deadline(msecs);
    while (!ready() && !deadline.hasExpired())
        QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
    return ready();
}

} // namespace

class TestJobRunner : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void deliversOnTheOwnersThread()
    {
        ui::JobRunner jobs;
        QThread *workThread = nullptr, *doneThread = nullptr;
        int value = 0;
        jobs.start(
            [&](ui::JobControl &) {
                workThread = QThread::currentThread();
                return 42;
            },
            [&](int v) {
                doneThread = QThread::currentThread();
                value = v;
            });
        QVERIFY(jobs.isBusy());
        QVERIFY(jobs.waitForIdle(20000));
        QCOMPARE(value, 42);
        QCOMPARE(doneThread, QThread::currentThread());
        QVERIFY(workThread && workThread != QThread::currentThread());
    }

    void aNewerJobSupersedesTheRunningOne()
    {
        ui::JobRunner jobs;
        std::atomic_bool firstStarted{false}, firstSawCancel{false}, never{false};
        std::vector<int> delivered;
        jobs.start(
            [&](ui::JobControl &c) {
                firstStarted = true;
                holdUntil(c, never);
                firstSawCancel = c.isCancelled();
                return 1;
            },
            [&](int v) { delivered.push_back(v); });
        QVERIFY(spinUntil([&] { return firstStarted.load(); }));
        // A third job waiting behind the second is dropped by a fourth before it runs.
        jobs.start([](ui::JobControl &) { return 2; }, [&](int v) { delivered.push_back(v); });
        std::atomic_bool thirdRan{false};
        jobs.start(
            [&](ui::JobControl &c) {
                thirdRan = !c.isCancelled();
                return 3;
            },
            [&](int v) { delivered.push_back(v); });
        jobs.start([](ui::JobControl &) { return 4; }, [&](int v) { delivered.push_back(v); });
        QVERIFY(jobs.waitForIdle(20000));
        QVERIFY(firstSawCancel.load());
        QVERIFY(!thirdRan.load());
        QCOMPARE(delivered, std::vector<int>{4});
    }

    void queueRunsEveryJobInOrder()
    {
        ui::JobRunner jobs(ui::JobRunner::Policy::Queue);
        std::vector<int> ran, delivered;
        std::mutex m;
        for (int i = 0; i < 6; ++i)
            jobs.start(
                [&, i](ui::JobControl &) {
                    std::lock_guard<std::mutex> lock(m);
                    ran.push_back(i);
                    return i;
                },
                [&](int v) { delivered.push_back(v); });
        QVERIFY(jobs.waitForIdle(20000));
        const std::vector<int> expected{0, 1, 2, 3, 4, 5};
        QCOMPARE(ran, expected);
        QCOMPARE(delivered, expected);
    }

    void cancelStillDeliversWhatTheJobReturns()
    {
        ui::JobRunner jobs;
        std::atomic_bool started{false}, never{false};
        QString outcome;
        jobs.start(
            [&](ui::JobControl &c) {
                started = true;
                return holdUntil(c, never) && c.isCancelled() ? QStringLiteral("cancelled") : QStringLiteral("timed out");
            },
            [&](QString s) { outcome = s; });
        QVERIFY(spinUntil([&] { return started.load(); }));
        jobs.cancel();
        QVERIFY(jobs.waitForIdle(20000));
        QCOMPARE(outcome, QStringLiteral("cancelled"));
    }

    void discardDropsTheResult()
    {
        ui::JobRunner jobs;
        std::atomic_bool started{false}, finished{false}, never{false};
        bool delivered = false;
        jobs.start(
            [&](ui::JobControl &c) {
                started = true;
                holdUntil(c, never);
                finished = true;
                return 1;
            },
            [&](int) { delivered = true; });
        QVERIFY(spinUntil([&] { return started.load(); }));
        jobs.discard();
        QVERIFY(!jobs.isBusy());
        QVERIFY(spinUntil([&] { return finished.load(); }));
        // Deliveries arrive in order: once a later job has delivered, the discarded one
        // would have been seen first.
        bool later = false;
        jobs.start([](ui::JobControl &) { return 0; }, [&](int) { later = true; });
        QVERIFY(jobs.waitForIdle(20000));
        QVERIFY(later);
        QVERIFY(!delivered);
    }

    void progressIsThrottledAndEndsBeforeTheResult()
    {
        ui::JobRunner jobs;
        const int interval = 40;
        jobs.setReportInterval(interval);
        int reports = 0, lastReported = -1;
        bool resultSeen = false, reportAfterResult = false;
        qint64 workMs = 0;
        const int steps = 300000;
        jobs.start(
            [&](ui::JobControl &c) {
                QElapsedTimer t;
                t.start();
                for (int i = 0; i < steps; ++i) {
                    // Some work between reports, so the job spans several intervals.
                    if (i % 1000 == 0)
                        std::this_thread::sleep_for(std::chrono::microseconds(300));
                    c.report([&, i] {
                        ++reports;
                        lastReported = i;
                        reportAfterResult = reportAfterResult || resultSeen;
                    }, i == steps - 1);
                }
                workMs = t.elapsed();
                return steps;
            },
            [&](int) { resultSeen = true; });
        QVERIFY(jobs.waitForIdle(60000));
        QVERIFY(resultSeen);
        QVERIFY(!reportAfterResult);
        QCOMPARE(lastReported, steps - 1); // the forced last report always goes through
        // One report per interval at most (plus the first and the forced last one).
        QVERIFY2(reports >= 2 && reports <= workMs / interval + 3,
                 qPrintable(QStringLiteral("%1 reports in %2 ms").arg(reports).arg(workMs)));
    }

    void reportsOfASupersededJobAreDropped()
    {
        ui::JobRunner jobs;
        std::atomic_bool started{false}, superseded{false}, never{false};
        bool staleReport = false;
        jobs.start(
            [&](ui::JobControl &c) {
                started = true;
                holdUntil(c, never);
                superseded = c.isCancelled();
                c.report([&] { staleReport = true; }, true);
                return 0;
            },
            [](int) {});
        QVERIFY(spinUntil([&] { return started.load(); }));
        bool second = false;
        jobs.start([](ui::JobControl &) { return 0; }, [&](int) { second = true; });
        QVERIFY(jobs.waitForIdle(20000));
        QVERIFY(superseded.load());
        QVERIFY(second);
        QVERIFY(!staleReport);
    }

    void moveOnlyResultsAndVoidJobs()
    {
        ui::JobRunner jobs(ui::JobRunner::Policy::Queue);
        std::unique_ptr<int> got;
        auto owned = std::make_unique<int>(7);
        jobs.start([p = std::move(owned)](ui::JobControl &) mutable { return std::move(p); },
                   [&](std::unique_ptr<int> p) { got = std::move(p); });
        bool voidDone = false;
        jobs.start([](ui::JobControl &) {}, [&] { voidDone = true; });
        QVERIFY(jobs.waitForIdle(20000));
        QVERIFY(got);
        QCOMPARE(*got, 7);
        QVERIFY(voidDone);
    }

    void theDestructorWaitsForTheRunningJob()
    {
        std::atomic_bool started{false}, never{false};
        int written = 0; // on the owner's stack: the job must be over before it goes
        bool delivered = false;
        {
            ui::JobRunner jobs;
            jobs.start(
                [&](ui::JobControl &c) {
                    started = true;
                    holdUntil(c, never);
                    std::this_thread::sleep_for(std::chrono::milliseconds(20));
                    written = c.isCancelled() ? 1 : 2;
                    return 0;
                },
                [&](int) { delivered = true; });
            QVERIFY(spinUntil([&] { return started.load(); }));
        }
        QCOMPARE(written, 1);
        QCoreApplication::processEvents();
        QVERIFY(!delivered);
    }

    void aFinishingRunnerRunsWhatIsLeftAndDeliversNothing()
    {
        std::atomic_bool started{false}, release{false};
        std::vector<int> ran; // written by the worker only, read after it is gone
        bool cancelledSeen = false;
        int delivered = 0;
        std::thread later;
        {
            ui::JobRunner jobs(ui::JobRunner::Policy::Queue, QThread::InheritPriority, ui::JobRunner::Ending::Finish);
            jobs.start(
                [&](ui::JobControl &c) {
                    started = true;
                    holdUntil(c, release);
                    cancelledSeen = c.isCancelled();
                    ran.push_back(1);
                    return 0;
                },
                [&](int) { ++delivered; });
            for (int i = 2; i <= 4; ++i)
                jobs.start([&, i](ui::JobControl &) { ran.push_back(i); return 0; }, [&](int) { ++delivered; });
            QVERIFY(spinUntil([&] { return started.load(); }));
            // Let the first job go only once the destructor has begun waiting.
            later = std::thread([&] {
                std::this_thread::sleep_for(std::chrono::milliseconds(50));
                release = true;
            });
        }
        later.join();
        QCOMPARE(ran, (std::vector<int>{1, 2, 3, 4}));
        QVERIFY(!cancelledSeen); // finishing is not cancelling: the work ran as started
        QCoreApplication::processEvents();
        QCOMPARE(delivered, 0);
    }
};

QTEST_MAIN(TestJobRunner)
#include "test_job_runner.moc"
