// copyProject: a consistent, verified copy of a project, also while a recording writes into it.
#include "core/store/project.h"
#include "core/store/project_copy.h"
#include "test_store_fixture.h"
#include "tests/test_files.h"

#include <QDir>
#include <QFile>
#include <QDeadlineTimer>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <atomic>

using namespace npuscope;
using storetest::Generator;

namespace {

std::vector<TaskRecord> tasksOf(const store::ProjectReader &r, const IterationKey &k)
{
    std::vector<TaskRecord> out;
    r.forEachTask(k, [&](const TaskRecord &t) {
        out.push_back(t);
        return true;
    });
    return out;
}

} // namespace

class TestStoreCopy : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void copyEqualsSource()
    {
        QTemporaryDir tmp;
        const QString src = tmp.filePath(QStringLiteral("a.npuscope"));
        Generator g(11, 2);
        store::StoreError err{};
        QString msg;
        {
            auto w = store::ProjectWriter::create(src, &err, &msg);
            QVERIFY2(w, qPrintable(msg));
            const SessionInfo info = g.info();
            QVERIFY(w->begin(info));
            QVERIFY(w->write(g.batch(1, 1, 3)));
            QVERIFY(w->write(g.batch(7, 1, 2)));
            QVERIFY(w->end(SessionStatus::Complete, g.endDevices(info)));
        }
        const QString dst = tmp.filePath(QStringLiteral("sub/b.npuscope"));
        QVERIFY2(store::copyProject(src, dst, &err, &msg), qPrintable(msg));
        QVERIFY(!QFile::exists(dst + QStringLiteral("-wal")) || QFile(dst + QStringLiteral("-wal")).size() == 0);

        auto b = store::Project::open(dst, store::Project::Mode::ReadOnly, &err, &msg);
        QVERIFY2(b, qPrintable(msg));
        const auto sessions = b->sessions();
        QCOMPARE(sessions.size(), size_t(1));
        QCOMPARE(sessions[0].status, SessionStatus::Complete);
        auto r = b->session(sessions[0].id, &msg);
        QVERIFY(r);
        const QString mismatch = storetest::verifyAll(*r, g);
        QVERIFY2(mismatch.isEmpty(), qPrintable(mismatch));

        // Copying over an existing file replaces it with a whole copy.
        QVERIFY2(store::copyProject(src, dst, &err, &msg), qPrintable(msg));
        auto again = store::Project::open(dst, store::Project::Mode::ReadOnly, &err, &msg);
        QVERIFY(again);
        QCOMPARE(again->sessions().size(), size_t(1));
    }

    void refusesBadSourceAndSelfAndKeepsDestination()
    {
        QTemporaryDir tmp;
        const QString junk = tmp.filePath(QStringLiteral("junk.npuscope"));
        QVERIFY(testfiles::writeFile(junk, "this is not a database at all, just some text long enough to have a header......"));
        const QString dst = tmp.filePath(QStringLiteral("keep.npuscope"));
        QVERIFY(testfiles::writeFile(dst, "precious"));

        store::StoreError err{};
        QString msg;
        QVERIFY(!store::copyProject(junk, dst, &err, &msg));
        QCOMPARE(err, store::StoreError::NotProject);
        QVERIFY2(msg.contains(QStringLiteral("junk.npuscope")), qPrintable(msg));
        QFile keep(dst);
        QVERIFY(keep.open(QIODevice::ReadOnly));
        QCOMPARE(keep.readAll(), QByteArray("precious"));
        keep.close();
        QCOMPARE(QDir(tmp.path()).entryList(QDir::Files).size(), 2); // no temporary left behind

        QVERIFY(!store::copyProject(tmp.filePath(QStringLiteral("missing.npuscope")), dst, &err, &msg));
        QCOMPARE(err, store::StoreError::NotFound);

        const QString src = tmp.filePath(QStringLiteral("s.npuscope"));
        Generator g(5, 1);
        {
            auto w = store::ProjectWriter::create(src, &err, &msg);
            QVERIFY(w);
            const SessionInfo info = g.info();
            QVERIFY(w->begin(info) && w->write(g.batch(1, 1, 1)) && w->end(SessionStatus::Complete, g.endDevices(info)));
        }
        QVERIFY(!store::copyProject(src, src, &err, &msg));
        QVERIFY2(msg.contains(QStringLiteral("itself")), qPrintable(msg));
        auto still = store::Project::open(src, store::Project::Mode::ReadOnly, &err, &msg);
        QVERIFY(still);
        QCOMPARE(still->sessions().size(), size_t(1));
    }

    void copiesWhileRecording()
    {
        QTemporaryDir tmp;
        const QString src = tmp.filePath(QStringLiteral("live.npuscope"));
        store::StoreError err{};
        QString msg;
        auto w = store::ProjectWriter::create(src, &err, &msg);
        QVERIFY(w);
        Generator g(21, 2);
        const SessionInfo info = g.info();
        QVERIFY(w->begin(info));
        QVERIFY(w->write(g.batch(1, 1, 1)));
        std::atomic_bool stop{false}, writerDone{false};
        std::atomic_int written{1};
        QThread *t = QThread::create([&] {
            for (std::uint32_t it = 2; it <= 400 && !stop; ++it) {
                if (!w->write(g.batch(1, it, 1)))
                    break;
                written = int(it);
            }
            writerDone = true;
        });
        t->start();
        // Copy once a few iterations are in; the wait has a deadline, and a writer that
        // stops early ends it too (the thread is joined before the test fails).
        const QDeadlineTimer deadline(60000);
        while (written < 5 && !writerDone && !deadline.hasExpired())
            QThread::msleep(1);
        if (written < 5) {
            stop = true;
            t->wait();
            delete t;
            QFAIL(writerDone ? qPrintable(QStringLiteral("the writer stopped after %1 iterations: %2").arg(int(written)).arg(w->errorString()))
                             : "the writer wrote fewer than 5 iterations in 60 s");
        }
        const QString dst = tmp.filePath(QStringLiteral("snapshot.npuscope"));
        const bool ok = store::copyProject(src, dst, &err, &msg);
        const int writtenAfterCopy = written;
        stop = true;
        t->wait();
        delete t;
        QVERIFY(w->end(SessionStatus::Complete, g.endDevices(info)));
        QVERIFY2(ok, qPrintable(msg));

        auto copy = store::Project::open(dst, store::Project::Mode::ReadOnly, &err, &msg);
        QVERIFY2(copy, qPrintable(msg));
        const auto sessions = copy->sessions();
        QCOMPARE(sessions.size(), size_t(1));
        QCOMPARE(sessions[0].status, SessionStatus::Running); // snapshot taken mid-recording
        auto rc = copy->session(sessions[0].id, &msg);
        auto live = store::Project::open(src, store::Project::Mode::ReadOnly, &err, &msg);
        auto rl = live->session(live->sessions().at(0).id, &msg);
        QVERIFY(rc && rl);
        // The snapshot is a committed prefix: whole iterations 1..k, each equal to the source.
        const auto its = rc->iterations();
        QVERIFY(!its.empty());
        QVERIFY(its.size() <= rl->iterations().size());
        for (const IterationKey &k : its) {
            QVERIFY(int(k.iteration) <= writtenAfterCopy);
            const auto a = tasksOf(*rc, k), b = tasksOf(*rl, k);
            QCOMPARE(a.size(), b.size());
            for (size_t i = 0; i < a.size(); ++i)
                QVERIFY2(storetest::diff(a[i], b[i]).isEmpty(), qPrintable(storetest::diff(a[i], b[i])));
        }
    }

    // A copy bigger than one backup step: it reports its progress up to the whole size; a
    // recording that commits between every two steps still yields one committed snapshot
    // (the read transaction held over the steps); Cancel leaves the old destination as it was.
    void copiesInStepsWithProgressAndCancel()
    {
        QTemporaryDir tmp;
        const QString src = tmp.filePath(QStringLiteral("big.npuscope"));
        store::StoreError err{};
        QString msg;
        auto w = store::ProjectWriter::create(src, &err, &msg);
        QVERIFY2(w, qPrintable(msg));
        Generator g(31, 2);
        const SessionInfo info = g.info();
        QVERIFY(w->begin(info));
        std::uint32_t it = 1;
        // The main file alone: the writer checkpoints every 4096 pages, so up to 16 MB of the
        // database may still be in the -wal, and file + wal overstates it (a 40 MB database is
        // three backup steps of 4096 pages).
        while (QFileInfo(src).size() < 40'000'000 && it < 20000)
            QVERIFY(w->write(g.batch(1, it++, 1)));
        std::size_t before = 0;
        {
            auto live = store::Project::open(src, store::Project::Mode::ReadOnly, &err, &msg);
            QVERIFY2(live, qPrintable(msg));
            before = live->session(live->sessions().at(0).id, &msg)->iterations().size();
        }
        const std::uint32_t written = it - 1;

        // Each progress report waits for one more committed batch of the recording.
        std::uint32_t committed = written;
        int reports = 0;
        std::uint64_t lastDone = 0, lastTotal = 0;
        const QString dst = tmp.filePath(QStringLiteral("copy.npuscope"));
        const bool ok = store::copyProject(src, dst, &err, &msg, nullptr, [&](std::uint64_t done, std::uint64_t total) {
            ++reports;
            QVERIFY(done >= lastDone && done <= total);
            lastDone = done;
            lastTotal = total;
            if (w->write(g.batch(1, it, 1)))
                committed = it++;
        });
        QVERIFY2(ok, qPrintable(msg));
        QVERIFY2(reports >= 3, qPrintable(QString::number(reports)));
        QCOMPARE(lastDone, lastTotal);
        QVERIFY(committed > written + 2);
        {
            auto copy = store::Project::open(dst, store::Project::Mode::ReadOnly, &err, &msg);
            QVERIFY2(copy, qPrintable(msg));
            auto rc = copy->session(copy->sessions().at(0).id, &msg);
            QVERIFY(rc);
            // The snapshot of the moment the copy began: exactly the iterations written before.
            QCOMPARE(rc->iterations().size(), before);
        }

        const QByteArray good = testfiles::fileHash(dst);
        std::atomic_bool cancel{false};
        QVERIFY(!store::copyProject(src, dst, &err, &msg, &cancel, [&](std::uint64_t, std::uint64_t) { cancel = true; }));
        QCOMPARE(err, store::StoreError::Cancelled);
        QVERIFY2(msg.contains(QStringLiteral("cancelled")), qPrintable(msg));
        QCOMPARE(testfiles::fileHash(dst), good);
        const QStringList left = QDir(tmp.path()).entryList({QStringLiteral("*.tmp*")});
        QVERIFY2(left.isEmpty(), qPrintable(left.join(QLatin1Char(' '))));
        QVERIFY(w->end(SessionStatus::Complete, g.endDevices(info)));
    }
};

QTEST_GUILESS_MAIN(TestStoreCopy)
#include "test_store_copy.moc"
