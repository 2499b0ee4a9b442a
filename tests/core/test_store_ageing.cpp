// storage_limit ageing in ProjectWriter (profiling-options.md "storage_limit, exactly"):
// the oldest iterations go first, step traces / fusion info / ops / metadata and the newest
// iteration of each kind never go, aged bytes land in sessions.aged_bytes and the record
// counts, and the byte estimate the ageing runs on tracks the real file size. The limit is
// set in bytes through setStorageLimit so small sessions exercise it.
#include "core/store/project.h"
#include "tests/test_sql.h"

#include <QFileInfo>
#include <QTemporaryDir>
#include <QtTest>
#include <map>
#include <set>

#include <sqlite3.h>

using namespace npuscope;

namespace {

constexpr int kIterations = 30;
constexpr int kTasksPerIteration = 400;

SessionInfo info()
{
    SessionInfo i;
    i.name = QStringLiteral("ageing");
    i.optionsJson = R"({"output":"/tmp/x","training_trace":"on"})";
    for (std::uint16_t d = 0; d < 2; ++d) {
        DeviceInfo di;
        di.id = d;
        i.devices.push_back(di);
    }
    i.models.push_back({1, QStringLiteral("m"), kIterations});
    return i;
}

RecordBatch prelude()
{
    RecordBatch b;
    b.strings = {{1, "Conv2D-op1"}, {2, "FusionOp_A_B"}, {3, "A;B"}, {4, "NOTIFY_WAIT"}, {5, "dq"}};
    OpDesc o;
    o.id = 1;
    o.modelId = 1;
    o.name = 1;
    b.ops.push_back(o);
    FusionOpRecord f;
    f.modelId = 1;
    f.modelName = 1;
    f.fusionOp = 2;
    f.originalOps = 3;
    b.fusionOps.push_back(f);
    return b;
}

// A record of one device's iteration of model 1.
template<typename Record>
Record inIteration(std::uint16_t dev, std::uint32_t it)
{
    Record r;
    r.device = dev;
    r.modelId = 1;
    r.iteration = it;
    return r;
}

// One device's iteration, as the emulator delivers it.
RecordBatch iteration(std::uint16_t dev, std::uint32_t it)
{
    RecordBatch b;
    const TimeNs base = TimeNs(it) * 20'000'000 + dev * 1000;
    for (int i = 0; i < kTasksPerIteration; ++i) {
        TaskRecord t = inIteration<TaskRecord>(dev, it);
        t.streamId = 2;
        t.taskId = std::uint32_t(i + 2);
        t.start = base + i * 30'000;
        t.duration = 12'000 + i;
        t.pending = 900;
        t.opId = 1;
        t.name = 1;
        t.totalCycles = 380'000 + std::uint64_t(i);
        t.pmu.resize(14);
        for (int k = 0; k < 14; ++k)
            t.pmu[size_t(k)] = 0.1f * float(k);
        b.tasks.push_back(t);
    }
    for (int i = 0; i < 40; ++i) {
        HcclTaskRecord h = inIteration<HcclTaskRecord>(dev, it);
        h.name = 4;
        h.start = base + 15'000'000 + i * 1000;
        h.duration = 500;
        b.hcclTasks.push_back(h);
    }
    CollectiveOpRecord c = inIteration<CollectiveOpRecord>(dev, it);
    c.start = base + 15'000'000;
    c.duration = 3'000'000;
    b.collectives.push_back(c);
    AiCpuRecord a = inIteration<AiCpuRecord>(dev, it);
    a.timestamp = base + 100;
    b.aiCpu.push_back(a);
    HostRangeRecord r = inIteration<HostRangeRecord>(dev, it);
    r.start = base - 100'000;
    r.duration = 19'000'000;
    b.hostRanges.push_back(r);
    QueueEventRecord q;
    q.device = dev;
    q.timestamp = base + 50;
    q.action = 5;
    q.source = 5;
    q.cachedBufferSize = 32;
    b.queueEvents.push_back(q);
    StepTraceRecord st = inIteration<StepTraceRecord>(dev, it);
    st.fpStart = base + 1000;
    st.bpEnd = base + 14'000'000;
    st.iterationEnd = base + 19'000'000;
    st.previousIterationEnd = it > 1 ? base - 1'000'000 : -1;
    b.stepTraces.push_back(st);
    return b;
}

struct Recorded {
    std::uint64_t aged = 0, stored = 0;
};

Recorded record(const QString &path, std::uint64_t limit, std::uint64_t margin)
{
    Recorded r;
    store::StoreError e;
    QString msg;
    auto w = store::ProjectWriter::create(path, &e, &msg);
    if (!w)
        qFatal("%s", qPrintable(msg));
    w->setStorageLimit(limit, margin);
    if (!w->begin(info()) || !w->write(prelude()))
        qFatal("%s", qPrintable(w->errorString()));
    for (std::uint32_t it = 1; it <= kIterations; ++it)
        for (std::uint16_t d = 0; d < 2; ++d)
            if (!w->write(iteration(d, it)))
                qFatal("%s", qPrintable(w->errorString()));
    w->end(SessionStatus::Complete, info().devices);
    r.aged = w->agedBytes();
    r.stored = w->storedBytes();
    return r;
}

using testsql::scalar;

} // namespace

class StoreAgeingTest : public QObject {
    Q_OBJECT
private slots:
    void estimateTracksTheFileSize()
    {
        QTemporaryDir dir;
        const QString empty = dir.filePath(QStringLiteral("empty.npuscope")), full = dir.filePath(QStringLiteral("full.npuscope"));
        {
            store::StoreError e;
            QString msg;
            auto w = store::ProjectWriter::create(empty, &e, &msg);
            QVERIFY(w);
        }
        const Recorded r = record(full, 0, 0);
        QCOMPARE(r.aged, 0u);
        // Page slack and b-tree interior pages make the file a bit larger than the rows.
        const double actual = double(QFileInfo(full).size() + QFileInfo(full + QStringLiteral("-wal")).size() - QFileInfo(empty).size());
        qInfo("estimated %.2f MB, file grew %.2f MB", r.stored / 1e6, actual / 1e6);
        QVERIFY(double(r.stored) > 0.6 * actual);
        QVERIFY(double(r.stored) < 1.3 * actual);
    }

    void oldestAgedFirstProtectedKept()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("p.npuscope"));
        const Recorded unlimited = record(dir.filePath(QStringLiteral("u.npuscope")), 0, 0);
        const std::uint64_t limit = unlimited.stored / 2, margin = unlimited.stored / 10;
        const Recorded r = record(path, limit, margin);
        qInfo("session %.2f MB unlimited; limit %.2f MB − margin %.2f MB: aged %.2f MB, kept %.2f MB", unlimited.stored / 1e6,
              limit / 1e6, margin / 1e6, r.aged / 1e6, r.stored / 1e6);
        QVERIFY(r.aged > 0);
        QVERIFY(r.stored <= limit - margin);
        QCOMPARE(r.aged + r.stored, unlimited.stored); // nothing counted twice or lost

        store::StoreError e;
        QString msg;
        auto p = store::Project::open(path, store::Project::Mode::ReadOnly, &e, &msg);
        QVERIFY2(p, qPrintable(msg));
        const auto sessions = p->sessions();
        QCOMPARE(sessions.back().agedBytes, r.aged);
        auto reader = p->session(sessions.back().id, &msg);
        QVERIFY(reader);
        // Tasks survive for a contiguous run of the newest iterations, identical on both devices.
        std::map<std::uint16_t, std::set<std::uint32_t>> withTasks;
        std::uint64_t taskRows = 0;
        for (const IterationKey &k : reader->iterations()) {
            int n = 0;
            reader->forEachTask(k, [&](const TaskRecord &) { ++n; return true; });
            taskRows += std::uint64_t(n);
            if (n > 0) {
                QCOMPARE(n, kTasksPerIteration); // a slice goes whole or not at all
                withTasks[k.device].insert(k.iteration);
            }
        }
        QCOMPARE(withTasks[0], withTasks[1]);
        const auto &kept = withTasks[0];
        QVERIFY(!kept.empty());
        QVERIFY(*kept.begin() > 1);
        QCOMPARE(*kept.rbegin(), std::uint32_t(kIterations));
        QCOMPARE(std::uint32_t(kept.size()), std::uint32_t(kIterations) - *kept.begin() + 1);
        // Never aged: every step trace, the fusion info, the ops.
        for (std::uint16_t d = 0; d < 2; ++d)
            QCOMPARE(reader->stepTraces(d, 1).size(), size_t(kIterations));
        QCOMPARE(reader->fusionOps(1).size(), size_t(1));
        QVERIFY(reader->op(1));
        // dp events: the oldest went with their iterations, the newest stays.
        const auto q = reader->queueEvents(0);
        QCOMPARE(q.size(), kept.size());
        QCOMPARE(q.back().timestamp, iteration(0, kIterations).queueEvents.front().timestamp);
        // The per-kind counts follow the deletions; task_pmu rows went with their tasks.
        for (const auto &[kind, n] : reader->recordCounts())
            if (kind == QLatin1String("tasks"))
                QCOMPARE(n, taskRows);
        QCOMPARE(scalar(path, "SELECT count(*) FROM task_pmu"), std::int64_t(taskRows));
        QCOMPARE(scalar(path, "SELECT COALESCE(SUM(n), 0) FROM hccl_blocks"), std::int64_t(kept.size() * 2 * 40));
    }

    void newestSliceOfEachKindSurvivesAnyLimit()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("p.npuscope"));
        const Recorded r = record(path, 1, 0);
        QVERIFY(r.aged > 0);
        QCOMPARE(scalar(path, "SELECT count(*) FROM tasks"), std::int64_t(2 * kTasksPerIteration));
        QCOMPARE(scalar(path, "SELECT min(iteration) FROM tasks"), std::int64_t(kIterations));
        QCOMPARE(scalar(path, "SELECT count(*) FROM step_traces"), std::int64_t(2 * kIterations));
        QCOMPARE(scalar(path, "SELECT count(*) FROM aicpu"), std::int64_t(2));
        QCOMPARE(scalar(path, "SELECT count(*) FROM host_ranges"), std::int64_t(2));
        QCOMPARE(scalar(path, "SELECT count(*) FROM collectives"), std::int64_t(2));
        QCOMPARE(scalar(path, "SELECT count(*) FROM queue_events"), std::int64_t(2));
        QCOMPARE(scalar(path, "SELECT aged_bytes FROM sessions"), std::int64_t(r.aged));
    }

    void noLimitNoAgeing()
    {
        QTemporaryDir dir;
        const Recorded r = record(dir.filePath(QStringLiteral("p.npuscope")), 0, 0);
        QCOMPARE(r.aged, 0u);
        QCOMPARE(scalar(dir.filePath(QStringLiteral("p.npuscope")), "SELECT count(*) FROM tasks"),
                 std::int64_t(2 * kIterations * kTasksPerIteration));
    }
};

QTEST_GUILESS_MAIN(StoreAgeingTest)
#include "test_store_ageing.moc"
