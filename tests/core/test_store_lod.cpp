// Timeline summaries written at record end, bulk task reads, task look-up and marks.
#include "core/store/lod.h"
#include "core/store/project.h"
#include "test_store_fixture.h"
#include "tests/test_files.h"

#include <QTemporaryDir>
#include <QtEndian>
#include <QtTest>
#include <algorithm>
#include <bit>
#include <random>
#include <sqlite3.h>

using namespace npuscope;

namespace {
struct Task { std::uint16_t dev; std::uint32_t stream; TimeNs start; TimeNs dur; };

// A session named `name` with `devices` devices, ids 0 to devices - 1.
SessionInfo sessionInfo(const QString &name, int devices)
{
    SessionInfo info;
    info.name = name;
    info.devices.resize(std::size_t(devices));
    for (int d = 0; d < devices; ++d)
        info.devices[std::size_t(d)].id = std::uint16_t(d);
    return info;
}

// Ends the writer's session complete and closes the file; the session's id, 0 when ending failed.
std::int64_t endSession(std::unique_ptr<store::ProjectWriter> &w, const SessionInfo &info)
{
    const std::int64_t session = w->end(SessionStatus::Complete, info.devices) ? w->sessionId() : 0;
    w.reset();
    return session;
}

// The timeline store of a session with the level of detail the writer stored read into
// `lod`; null, and why in `msg`, when either failed.
std::unique_ptr<store::TimelineStore> openWithLod(const QString &path, std::int64_t session, store::TimelineLod *lod,
                                                  QString *msg)
{
    store::StoreError e{};
    auto st = store::TimelineStore::open(path, session, &e, msg);
    if (st && !st->readLod(lod, msg))
        st.reset();
    return st;
}

// A synthetic session straight into ProjectWriter: 2 devices × 3 streams of serial tasks
// with random gaps and durations, plus a host range that starts before every task.
std::vector<Task> writeSession(const QString &path, std::int64_t *session)
{
    QString msg;
    const SessionInfo info = sessionInfo(QStringLiteral("synthetic"), 2);
    auto w = storetest::beginSession(path, info, &msg);
    if (!w)
        qFatal("%s", qPrintable(msg));
    *session = w->sessionId();
    RecordBatch b;
    b.strings = {{1, "Default/Conv2D-op1"}, {2, "Conv2D"}, {3, "GE@Infer"}};
    OpDesc op;
    op.id = 1;
    op.name = 1;
    op.opType = 2;
    op.blockDim = 32;
    b.ops.push_back(op);
    std::mt19937_64 rng(5);
    std::vector<Task> tasks;
    const TimeNs base = 1000000000;
    for (std::uint16_t d = 0; d < 2; ++d)
        for (std::uint32_t s = 1; s <= 3; ++s) {
            TimeNs t = base + 5000;
            for (int i = 0; i < 3000; ++i) {
                t += TimeNs(rng() % 5000);
                const TimeNs dur = TimeNs(1 + rng() % 20000);
                TaskRecord r;
                r.device = d;
                r.streamId = s;
                r.taskId = std::uint32_t(i);
                r.iteration = 1;
                r.start = t;
                r.duration = dur;
                r.opId = 1;
                r.name = 1;
                r.totalCycles = std::uint64_t(dur);
                r.pmu = {0.5f, 0.25f};
                r.l2HitRate = 0.75f;
                r.kind = i % 10 == 0 ? TaskKind::EventRecord : TaskKind::AiCore;
                b.tasks.push_back(r);
                tasks.push_back({d, s, t, dur});
                t += dur;
            }
        }
    HostRangeRecord h;
    h.name = 3;
    h.start = base;
    h.duration = 100;
    b.hostRanges.push_back(h);
    w->write(b);
    w->end(SessionStatus::Complete, info.devices);
    return tasks;
}

// Overwrites every leaf page of the named table or index.
void damageLeafPages(const QString &path, const char *name)
{
    int pageSize = 0;
    const std::vector<qint64> pages = testfiles::leafPages(path, name, &pageSize);
    if (pages.empty() || !testfiles::overwritePages(path, pages, pageSize))
        qFatal("cannot damage the leaf pages of %s", name);
}
} // namespace

class StoreLodTest : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString path_;
    std::int64_t session_ = 0;
    std::vector<Task> tasks_;

private slots:
    void initTestCase()
    {
        path_ = dir_.filePath("lod.npuscope");
        tasks_ = writeSession(path_, &session_);
    }

    void summaryCoversEveryTask()
    {
        QString msg;
        store::TimelineLod lod;
        QVERIFY2(openWithLod(path_, session_, &lod, &msg), qPrintable(msg));
        // The host range starts first; the grid starts at most one bucket before it.
        QVERIFY2(lod.origin <= TimeNs(1000000000) && TimeNs(1000000000) - lod.origin < lod.bucketNs,
                 qPrintable(QStringLiteral("origin %1, bucket %2 ns").arg(lod.origin).arg(lod.bucketNs)));
        QCOMPARE(lod.lanes.size(), std::size_t(6));
        TimeNs last = 0;
        for (const Task &t : tasks_)
            last = std::max(last, t.start + t.dur);
        QCOMPARE(lod.origin + lod.extent, last);
        const auto buckets = std::size_t((lod.extent + lod.bucketNs - 1) / lod.bucketNs);
        QVERIFY(buckets <= std::size_t(store::kLodBuckets) && buckets > std::size_t(store::kLodBuckets) / 2);
        for (const auto &lane : lod.lanes) {
            QCOMPARE(lane.tasks, std::uint64_t(3000));
            QCOMPARE(lane.buckets.size(), buckets);
        }
        // Every task's buckets are non-empty, and busy time adds up to the task time.
        std::map<std::pair<int, int>, std::uint64_t> busy;
        for (const Task &t : tasks_) {
            const auto &lane = *std::find_if(lod.lanes.begin(), lod.lanes.end(),
                                             [&](auto &l) { return l.device == t.dev && l.stream == t.stream; });
            const TimeNs b0 = (t.start - lod.origin) / lod.bucketNs, b1 = (t.start + t.dur - 1 - lod.origin) / lod.bucketNs;
            for (TimeNs b = b0; b <= std::min<TimeNs>(b1, TimeNs(lane.buckets.size()) - 1); ++b)
                QVERIFY(lane.buckets[std::size_t(b)].count > 0);
            busy[{t.dev, int(t.stream)}] += std::uint64_t(t.dur);
        }
        for (const auto &lane : lod.lanes) {
            std::uint64_t sum = 0;
            for (const auto &b : lane.buckets) {
                sum += b.busyNs;
                if (b.count)
                    QVERIFY(b.opType == 2 || b.type != 0);
            }
            const std::uint64_t expected = busy[{lane.device, int(lane.stream)}];
            QCOMPARE(sum, expected);
        }
    }

    // The summary the writer accumulates batch by batch equals a scan of the stored tasks
    // on the same grid, bucket by bucket, though the batches arrive out of time order
    // (the grid grows to the left), span a growing range (it doubles its width many times)
    // and hold ties for the longest task.
    void accumulatedSummaryEqualsAScan()
    {
        const QString path = dir_.filePath(QStringLiteral("acc.npuscope"));
        QString msg;
        const SessionInfo info = sessionInfo(QStringLiteral("scrambled"), 3);
        auto w = storetest::beginSession(path, info, &msg);
        QVERIFY2(w, qPrintable(msg));
        std::mt19937_64 rng(11);
        std::uint32_t taskId = 0;
        auto batch = [&](std::uint16_t dev, TimeNs from, int n, TimeNs maxGap, TimeNs maxDur) {
            RecordBatch b;
            b.strings = {{std::uint32_t(10 + dev), "name" + std::to_string(dev)}, {20, "OpType"}};
            OpDesc op;
            op.id = std::uint32_t(1 + dev);
            op.name = StrId(10 + dev);
            op.opType = 20;
            b.ops.push_back(op);
            for (std::uint32_t s = 1; s <= 2; ++s) {
                TimeNs t = from;
                for (int i = 0; i < n; ++i) {
                    t += TimeNs(rng() % std::uint64_t(maxGap));
                    TaskRecord r;
                    r.device = dev;
                    r.streamId = s;
                    r.taskId = ++taskId;
                    r.iteration = 1;
                    r.start = t;
                    // Every fifth task has the longest length there is: ties for the longest.
                    r.duration = i % 5 == 0 ? maxDur : TimeNs(rng() % std::uint64_t(maxDur));
                    r.opId = op.id;
                    r.name = op.name;
                    r.kind = i % 3 == 0 ? TaskKind::EventRecord : TaskKind::AiCore;
                    b.tasks.push_back(r);
                    t += r.duration / 3; // overlapping tasks too
                }
            }
            // Written out of time order: "the first written" of tied tasks is not the earliest.
            std::shuffle(b.tasks.begin(), b.tasks.end(), rng);
            return b;
        };
        QVERIFY(w->write(batch(1, 5'000'000'000, 2000, 3000, 40000)));
        QVERIFY(w->write(batch(0, 4'000'000'000, 2000, 3000, 40000)));      // earlier: grows left
        QVERIFY(w->write(batch(2, 9'000'000'000, 500, 2'000'000, 900000)));  // far later: doubles
        RecordBatch point;                                                  // a zero-length task at the very end
        TaskRecord r;
        r.device = 2;
        r.streamId = 7;
        r.iteration = 1;
        r.start = 9'000'000'000 + 500 * 2'000'000;
        r.duration = 0;
        point.tasks.push_back(r);
        QVERIFY(w->write(point));
        const std::int64_t session = endSession(w, info);
        QVERIFY(session > 0);

        store::TimelineLod lod;
        QVERIFY2(openWithLod(path, session, &lod, &msg), qPrintable(msg));
        QVERIFY(lod.origin <= 4'000'000'000 && 4'000'000'000 - lod.origin < lod.bucketNs);
        QCOMPARE(lod.lanes.size(), std::size_t(7));
        const int buckets = int(lod.lanes.front().buckets.size());
        QVERIFY(buckets > store::kLodBuckets / 2 && buckets <= store::kLodBuckets);
        store::TimelineLod scan;
        QVERIFY2(store::scanTimelineLod(path, session, lod.origin, lod.bucketNs, buckets, &scan, &msg), qPrintable(msg));
        QCOMPARE(scan.extent, lod.extent);
        QCOMPARE(scan.lanes.size(), lod.lanes.size());
        std::uint64_t nonEmpty = 0;
        for (std::size_t l = 0; l < lod.lanes.size(); ++l) {
            const auto &a = lod.lanes[l], &b = scan.lanes[l];
            QCOMPARE(a.device, b.device);
            QCOMPARE(a.stream, b.stream);
            QCOMPARE(a.tasks, b.tasks);
            QCOMPARE(a.buckets.size(), b.buckets.size());
            for (std::size_t i = 0; i < a.buckets.size(); ++i) {
                const auto &x = a.buckets[i], &y = b.buckets[i];
                const QString where = QStringLiteral("lane %1/%2 bucket %3").arg(a.device).arg(a.stream).arg(i);
                QVERIFY2(x.count == y.count, qPrintable(where + QStringLiteral(": count %1 vs %2").arg(x.count).arg(y.count)));
                QVERIFY2(x.busyNs == y.busyNs, qPrintable(where + QStringLiteral(": busy %1 vs %2").arg(x.busyNs).arg(y.busyNs)));
                QVERIFY2(x.type == y.type && x.opType == y.opType && x.name == y.name, qPrintable(where + QStringLiteral(": longest")));
                nonEmpty += x.count > 0;
            }
        }
        QVERIFY(nonEmpty > 1000);
        QCOMPARE(lod.lanes.back().stream, std::uint32_t(7));
        QCOMPARE(lod.lanes.back().buckets.back().count, std::uint32_t(1)); // the point task has its bucket
    }

    // A batch is summarised beside its inserts, before its commit. When the commit fails
    // (here the disk fills up), the summary must not show the lost batch: end() reads the
    // session back instead, and the stored summary matches the tasks the file holds.
    void summaryAfterAFailedWriteHoldsOnlyStoredTasks()
    {
        const QString path = dir_.filePath(QStringLiteral("failed-write.npuscope"));
        QString msg;
        const SessionInfo info = sessionInfo(QStringLiteral("disk full"), 1);
        std::mt19937_64 rng(23);
        auto batch = [&](std::uint32_t stream, std::uint32_t iteration, TimeNs from, int n) {
            RecordBatch b;
            for (int i = 0; i < n; ++i) {
                TaskRecord r;
                r.device = 0;
                r.streamId = stream;
                r.iteration = iteration;
                r.taskId = std::uint32_t(i);
                r.start = from + TimeNs(i) * 10000;
                r.duration = 5000;
                r.kind = TaskKind::AiCore;
                // Values that do not compress: the batch needs many pages.
                for (int v = 0; v < 8; ++v)
                    r.pmu.push_back(std::bit_cast<float>(std::uint32_t(rng()) & 0x3f7fffffu));
                b.tasks.push_back(r);
            }
            return b;
        };
        qputenv("NPUSCOPE_TEST_MAX_PAGES", "300");
        auto w = storetest::beginSession(path, info, &msg);
        qunsetenv("NPUSCOPE_TEST_MAX_PAGES");
        QVERIFY2(w, qPrintable(msg));
        QVERIFY2(w->write(batch(1, 1, 1'000'000'000, 600)), qPrintable(w->errorString()));
        // Far more than 300 pages: it fails, on the stream above and on a new one.
        RecordBatch lost = batch(1, 2, 2'000'000'000, 20000);
        const RecordBatch other = batch(2, 2, 2'000'000'000, 20000);
        lost.tasks.insert(lost.tasks.end(), other.tasks.begin(), other.tasks.end());
        QVERIFY(!w->write(lost));
        QCOMPARE(w->error(), store::StoreError::Io);
        w->end(SessionStatus::Failed, info.devices);
        const std::int64_t session = w->sessionId();
        w.reset();

        store::TimelineLod lod;
        QVERIFY2(openWithLod(path, session, &lod, &msg), qPrintable(msg));
        QCOMPARE(lod.lanes.size(), std::size_t(1));
        QCOMPARE(lod.lanes.front().stream, std::uint32_t(1));
        QCOMPARE(lod.lanes.front().tasks, std::uint64_t(600));
        QCOMPARE(lod.origin + lod.extent, TimeNs(1'000'000'000) + 599 * 10000 + 5000);
        std::uint64_t busy = 0;
        for (const auto &b : lod.lanes.front().buckets)
            busy += b.busyNs;
        QCOMPARE(busy, std::uint64_t(600) * 5000);
    }

    void scanAndFind()
    {
        store::StoreError e;
        QString msg;
        auto st = store::TimelineStore::open(path_, session_, &e, &msg);
        std::size_t n = 0;
        QVERIFY(st->scanTasks([&](const store::TaskRow &) { return ++n, true; }));
        QCOMPARE(n, tasks_.size());
        const Task &t = tasks_[4321];
        TaskRecord r;
        QVERIFY(st->findTask(t.dev, t.stream, t.start, 1, &r));
        QCOMPARE(r.duration, t.dur);
        QCOMPARE(r.pmu.size(), std::size_t(2));
        QCOMPARE(r.pmu[1], 0.25f);
        QCOMPARE(r.l2HitRate, 0.75f);
        QVERIFY(!st->findTask(t.dev, t.stream, t.start + 1, 1, &r));
        std::vector<std::string> strings;
        QVERIFY(st->readStrings(&strings));
        QCOMPARE(strings.at(2), std::string("Conv2D"));
    }

    void marksRoundTrip()
    {
        store::StoreError e;
        QString msg;
        auto st = store::TimelineStore::open(path_, session_, &e, &msg);
        store::TimelineMark m{0, 10, 20, QStringLiteral("slow step")};
        QVERIFY2(st->saveMark(&m, &msg), qPrintable(msg));
        QVERIFY(m.id > 0);
        m.label = QStringLiteral("renamed");
        QVERIFY(st->saveMark(&m, &msg));
        auto again = store::TimelineStore::open(path_, session_, &e, &msg);
        std::vector<store::TimelineMark> marks;
        QVERIFY(again->marks(&marks));
        QCOMPARE(marks.size(), std::size_t(1));
        QCOMPARE(marks[0].label, QStringLiteral("renamed"));
        QCOMPARE(marks[0].end, TimeNs(20));
        QVERIFY(again->removeMark(m.id, &msg));
        QVERIFY(again->marks(&marks));
        QVERIFY(marks.empty());
    }

    // A torch_npu capture's ProfilerStep and allocator records begin before its first device
    // task: the session's time base starts at them, at record time and when measured.
    void originIncludesHostLaneAndMemory()
    {
        const QString path = dir_.filePath(QStringLiteral("torch-origin.npuscope"));
        QString msg;
        const SessionInfo info = sessionInfo(QStringLiteral("host first"), 2);
        auto w = storetest::beginSession(path, info, &msg);
        QVERIFY2(w, qPrintable(msg));
        RecordBatch b;
        b.strings = {{1, "aten::mm"}, {2, "cpu_op"}};
        for (int i = 0; i < 100; ++i) {
            TaskRecord t;
            t.device = 1;
            t.streamId = 2;
            t.taskId = std::uint32_t(i + 1);
            t.iteration = 1;
            t.start = 5'000'000'000 + TimeNs(i) * 10'000;
            t.duration = 5'000;
            b.tasks.push_back(t);
        }
        PythonRangeRecord py;
        py.device = 1;
        py.name = 1;
        py.category = 2;
        py.start = 4'900'000'000;
        py.duration = 200'000'000; // ends after the last task
        b.pythonRanges.push_back(py);
        MemoryRecord m;
        m.device = 0; // a device without tasks
        m.ts = 4'800'000'000;
        m.allocatedMB = 10;
        b.memory.push_back(m);
        QVERIFY(w->write(b));
        const std::int64_t session = endSession(w, info);
        QVERIFY(session > 0);

        store::TimelineLod lod;
        auto st = openWithLod(path, session, &lod, &msg);
        QVERIFY2(st, qPrintable(msg));
        QVERIFY2(lod.origin <= 4'800'000'000 && 4'800'000'000 - lod.origin < lod.bucketNs,
                 qPrintable(QStringLiteral("origin %1, bucket %2").arg(lod.origin).arg(lod.bucketNs)));
        QVERIFY(lod.origin + lod.extent >= 5'100'000'000);
        TimeNs o = 0, end = 0;
        QVERIFY(st->measureSession(&o, &end));
        QCOMPARE(o, TimeNs(4'800'000'000));
        QCOMPARE(end, TimeNs(5'100'000'000));
    }

    void projectWithoutSummaryStillOpens()
    {
        // A project written before the summary existed: drop the tables, the store reports
        // "no summary" (not an error) and measures the session itself.
        const QString old = dir_.filePath("old.npuscope");
        QVERIFY(QFile::copy(path_, old));
        sqlite3 *db = nullptr;
        sqlite3_open(old.toUtf8().constData(), &db);
        QCOMPARE(sqlite3_exec(db, "DROP TABLE timeline_lod; DROP TABLE timeline_lod_sessions; DROP TABLE timeline_marks",
                              nullptr, nullptr, nullptr), SQLITE_OK);
        sqlite3_close(db);
        store::StoreError e;
        QString msg;
        auto st = store::TimelineStore::open(old, session_, &e, &msg);
        QVERIFY2(st, qPrintable(msg));
        store::TimelineLod lod;
        msg.clear();
        QVERIFY(!st->readLod(&lod, &msg));
        QVERIFY(msg.isEmpty());
        std::vector<store::TimelineMark> marks{{1, 2, 3, QStringLiteral("stale")}};
        QVERIFY(st->marks(&marks));
        QVERIFY(marks.empty());
        TimeNs o = 0, end = 0;
        QVERIFY(st->measureSession(&o, &end));
        QCOMPARE(o, TimeNs(1000000000));
        // And a summary can be added afterwards.
        QVERIFY2(store::writeTimelineLod(old, session_, &msg), qPrintable(msg));
        QVERIFY(st->readLod(&lod, &msg));
        QCOMPARE(lod.lanes.size(), std::size_t(6));
    }

    // Since schema 12 a lane's buckets are stored compressed; a summary written raw (by
    // schema 11 and older) reads back the same, and a damaged compressed lane is a read
    // error, never a summary of other numbers.
    void compressedSummaryRawSummaryAndDamage()
    {
        QString msg;
        store::TimelineLod stored;
        QVERIFY2(openWithLod(path_, session_, &stored, &msg), qPrintable(msg));
        const QString raw = dir_.filePath("raw-lod.npuscope"), bad = dir_.filePath("bad-lod.npuscope");
        QVERIFY(QFile::copy(path_, raw));
        QVERIFY(QFile::copy(path_, bad));
        sqlite3 *db = nullptr;
        QCOMPARE(sqlite3_open(QFile::encodeName(raw).constData(), &db), SQLITE_OK);
        const qint64 rawBytes = qint64(stored.lanes.front().buckets.size()) * 17;
        {
            sqlite3_stmt *s = nullptr;
            QCOMPARE(sqlite3_prepare_v2(db, "SELECT length(data), hex(substr(data, 1, 1)) FROM timeline_lod", -1, &s, nullptr), SQLITE_OK);
            int lanes = 0;
            while (sqlite3_step(s) == SQLITE_ROW) {
                ++lanes;
                QVERIFY2(sqlite3_column_int64(s, 0) < rawBytes / 4,
                         qPrintable(QStringLiteral("lane stored in %1 bytes (raw %2)").arg(sqlite3_column_int64(s, 0)).arg(rawBytes)));
                QCOMPARE(QByteArray(reinterpret_cast<const char *>(sqlite3_column_text(s, 1))), QByteArray("C5"));
            }
            sqlite3_finalize(s);
            QCOMPARE(lanes, int(stored.lanes.size()));
        }
        // The same buckets as an older NPU Scope stored them: 17 bytes each, little-endian
        // count, busy time, task kind, op type and name.
        {
            sqlite3_stmt *s = nullptr;
            QCOMPARE(sqlite3_prepare_v2(db, "UPDATE timeline_lod SET data = ?1 WHERE session = ?2 AND device = ?3 AND stream = ?4",
                                        -1, &s, nullptr), SQLITE_OK);
            for (const store::LodLane &lane : stored.lanes) {
                QByteArray blob;
                for (const store::LodBucket &b : lane.buckets) {
                    char k[17];
                    qToLittleEndian<std::uint32_t>(b.count, k);
                    qToLittleEndian<std::uint32_t>(b.busyNs, k + 4);
                    k[8] = char(b.type);
                    qToLittleEndian<std::uint32_t>(b.opType, k + 9);
                    qToLittleEndian<std::uint32_t>(b.name, k + 13);
                    blob.append(k, 17);
                }
                QCOMPARE(qint64(blob.size()), rawBytes);
                sqlite3_bind_blob(s, 1, blob.constData(), int(blob.size()), SQLITE_TRANSIENT);
                sqlite3_bind_int64(s, 2, session_);
                sqlite3_bind_int64(s, 3, lane.device);
                sqlite3_bind_int64(s, 4, lane.stream);
                QCOMPARE(sqlite3_step(s), SQLITE_DONE);
                QCOMPARE(sqlite3_changes(db), 1);
                sqlite3_reset(s);
            }
            sqlite3_finalize(s);
        }
        sqlite3_close(db);
        store::TimelineLod fromRaw;
        QVERIFY2(openWithLod(raw, session_, &fromRaw, &msg), qPrintable(msg));
        QCOMPARE(fromRaw.lanes.size(), stored.lanes.size());
        for (std::size_t i = 0; i < stored.lanes.size(); ++i) {
            const auto &a = stored.lanes[i].buckets, &b = fromRaw.lanes[i].buckets;
            QCOMPARE(b.size(), a.size());
            for (std::size_t j = 0; j < a.size(); ++j)
                QVERIFY(a[j].count == b[j].count && a[j].busyNs == b[j].busyNs && a[j].type == b[j].type
                        && a[j].opType == b[j].opType && a[j].name == b[j].name);
        }
        // A compressed lane cut short; one with a byte of its frame flipped, wherever it
        // falls (zstd refuses it, or the CRC-32 inside does); a raw one with its CRC wrong.
        const store::LodLane &first = stored.lanes.front();
        const std::string where = " WHERE session = " + std::to_string(session_) + " AND device = " + std::to_string(first.device)
                                  + " AND stream = " + std::to_string(first.stream);
        const std::vector<std::string> damage{
            "UPDATE timeline_lod SET data = substr(data, 1, length(data) - 9)" + where,
            "UPDATE timeline_lod SET data = substr(data, 1, 40) || x'5A' || substr(data, 42)" + where,
            "UPDATE timeline_lod SET data = substr(data, 1, length(data) - 30) || x'01' || substr(data, length(data) - 28)" + where,
            "UPDATE timeline_lod SET data = zeroblob(" + std::to_string(rawBytes + 4) + ")" + where,
        };
        for (const std::string &sql : damage) {
            QFile::remove(bad);
            QVERIFY(QFile::copy(path_, bad));
            QCOMPARE(sqlite3_open(QFile::encodeName(bad).constData(), &db), SQLITE_OK);
            QCOMPARE(sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr), SQLITE_OK);
            QCOMPARE(sqlite3_changes(db), 1);
            sqlite3_close(db);
            store::TimelineLod none;
            msg.clear();
            QVERIFY2(!openWithLod(bad, session_, &none, &msg), sql.c_str());
            QVERIFY2(msg.contains(QLatin1String("damaged")), qPrintable(msg));
        }
    }

    // A damaged page is a read error wherever a read meets it: the task look-up, the bulk
    // scan, the summary and the marks say so instead of answering "none".
    void damagedPagesAreReadErrors()
    {
        const QString p = dir_.filePath("damaged.npuscope");
        QVERIFY(QFile::copy(path_, p));
        QString msg;
        store::StoreError e;
        {
            auto st = store::TimelineStore::open(p, session_, &e, &msg);
            store::TimelineMark m{0, 10, 20, QStringLiteral("kept")};
            QVERIFY2(st->saveMark(&m, &msg), qPrintable(msg));
        }
        // Fold the WAL into the file so the pages below are where dbstat says.
        {
            sqlite3 *db = nullptr;
            QCOMPARE(sqlite3_open(QFile::encodeName(p).constData(), &db), SQLITE_OK);
            QCOMPARE(sqlite3_exec(db, "PRAGMA wal_checkpoint(TRUNCATE)", nullptr, nullptr, nullptr), SQLITE_OK);
            sqlite3_close(db);
        }
        for (const char *table : {"task_blocks", "timeline_marks", "timeline_lod"})
            damageLeafPages(p, table);
        auto st = store::TimelineStore::open(p, session_, &e, &msg);
        QVERIFY2(st, qPrintable(msg)); // the session row and the indexes are intact
        const auto damaged = [](const QString &m) {
            return m.contains(QLatin1String("malformed")) || m.contains(QLatin1String("damaged"));
        };
        const Task &t = tasks_.front();
        TaskRecord r;
        QVERIFY(!st->findTask(t.dev, t.stream, t.start, 1, &r));
        QVERIFY2(damaged(st->errorString()), qPrintable(st->errorString()));
        QVERIFY(!st->scanTasks([](const store::TaskRow &) { return true; }));
        QVERIFY2(damaged(st->errorString()), qPrintable(st->errorString()));
        std::vector<store::TimelineMark> marks;
        QVERIFY(!st->marks(&marks));
        QVERIFY2(damaged(st->errorString()), qPrintable(st->errorString()));
        store::TimelineLod lod;
        msg.clear();
        QVERIFY(!st->readLod(&lod, &msg));
        QVERIFY2(damaged(msg), qPrintable(msg));
        // And a task that is not there is still "not there", not an error of another kind.
        auto intact = store::TimelineStore::open(path_, session_, &e, &msg);
        QVERIFY(!intact->findTask(t.dev, t.stream, t.start + 1, 1, &r));
        QVERIFY2(intact->errorString().contains(QLatin1String("no longer")), qPrintable(intact->errorString()));
    }

    // Times near the int64 limits from any producer (a project file is input too): the
    // summary is built without overflow (UBSan would stop here), ends at the largest time
    // it can draw, and keeps every task.
    void summaryOfExtremeTimes()
    {
        store::LodAccumulator acc;
        RecordBatch b;
        const TimeNs huge = std::numeric_limits<TimeNs>::max();
        const std::vector<std::pair<TimeNs, TimeNs>> times = {
            {1000, 10}, {huge - 5, huge}, {huge, 1}, {-huge, 5}, {kMaxTimeNs, kMaxTimeNs}, {5000, -huge}};
        for (const auto &[start, dur] : times) {
            TaskRecord t;
            t.start = start;
            t.duration = dur;
            t.streamId = 1;
            b.tasks.push_back(t);
        }
        HostRangeRecord h;
        h.start = huge;
        h.duration = huge;
        b.hostRanges.push_back(h);
        StepTraceRecord s;
        s.fpStart = -huge;
        s.iterationEnd = huge;
        s.previousIterationEnd = huge;
        b.stepTraces.push_back(s);
        acc.add(b);
        const store::TimelineLod lod = acc.result();
        QCOMPARE(lod.lanes.size(), std::size_t(1));
        QCOMPARE(lod.lanes.front().tasks, std::uint64_t(times.size()));
        QVERIFY(lod.origin >= 0);
        QCOMPARE(lod.origin + lod.extent, kMaxTimeNs);
        QVERIFY(lod.bucketNs > 0 && lod.extent / lod.bucketNs <= store::kLodBuckets);
        std::uint64_t counted = 0;
        for (const auto &k : lod.lanes.front().buckets)
            counted += k.count;
        QVERIFY(counted >= times.size());
    }

    void unknownSessionIsExplained()
    {
        store::StoreError e;
        QString msg;
        QVERIFY(!store::TimelineStore::open(path_, 42, &e, &msg));
        QCOMPARE(e, store::StoreError::NotFound);
        QVERIFY(msg.contains("42"));
    }
};

QTEST_GUILESS_MAIN(StoreLodTest)
#include "test_store_lod.moc"
