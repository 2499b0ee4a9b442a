// Write → read round trips through the project file: every record kind and field, several
// devices, models and iterations, two sessions in one project, cancelled sessions, and
// the query description built from it.

#include "core/store/project.h"
#include "core/store/project_query.h"
#include "test_store_fixture.h"

#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

using namespace npuscope;
using namespace npuscope::store;
using storetest::Generator;

namespace {

void compareInfo(const SessionInfo &got, const SessionInfo &want, const std::vector<DeviceInfo> &wantDevices)
{
    QCOMPARE(got.name, want.name);
    QCOMPARE(got.source, want.source);
    QVERIFY(got.spec == want.spec);
    QCOMPARE(got.optionsJson, want.optionsJson);
    QCOMPARE(got.appVersion, want.appVersion);
    QCOMPARE(got.createdWallUs, want.createdWallUs);
    QCOMPARE(got.devices.size(), wantDevices.size());
    for (size_t i = 0; i < wantDevices.size(); ++i)
        QVERIFY2(storetest::diff(got.devices[i], wantDevices[i]).isEmpty(),
                 qPrintable(storetest::diff(got.devices[i], wantDevices[i])));
    QCOMPARE(got.models.size(), want.models.size());
    for (size_t i = 0; i < want.models.size(); ++i) {
        QCOMPARE(got.models[i].id, want.models[i].id);
        QCOMPARE(got.models[i].name, want.models[i].name);
        QCOMPARE(got.models[i].iterations, want.models[i].iterations);
    }
}

std::uint64_t countOf(const ProjectReader &r, const char *kind)
{
    for (const auto &[k, n] : r.recordCounts())
        if (k == QLatin1String(kind))
            return n;
    return ~std::uint64_t(0);
}

} // namespace

class TestStoreRoundTrip : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void everyRecordKindRoundTrips()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("sub/dir/run.npuscope")); // parents are created
        Generator g(7, 3);
        const SessionInfo info = g.info();
        std::vector<DeviceInfo> endDevices;
        {
            StoreError err = StoreError::None;
            QString msg;
            auto w = ProjectWriter::create(path, &err, &msg);
            QVERIFY2(w, qPrintable(msg));
            QVERIFY2(w->begin(info), qPrintable(w->errorString()));
            QVERIFY(w->write(g.batch(1, 1, 2)));
            QVERIFY(w->write(g.batch(7, 1, 1)));
            QVERIFY(w->write(g.batch(1, 3, 2)));
            QVERIFY(w->write(RecordBatch{})); // an empty flush is harmless
            endDevices = g.endDevices(info);
            QVERIFY(w->end(SessionStatus::Complete, endDevices));
            QCOMPARE(w->error(), StoreError::None);
        }
        StoreError err = StoreError::None;
        QString msg;
        auto p = Project::open(path, Project::Mode::ReadOnly, &err, &msg);
        QVERIFY2(p, qPrintable(msg));
        const auto sessions = p->sessions();
        QCOMPARE(sessions.size(), size_t(1));
        const SessionSummary &s = sessions.front();
        QCOMPARE(s.status, SessionStatus::Complete);
        QCOMPARE(s.taskCount, std::uint64_t(g.all.tasks.size()));
        QCOMPARE(s.recordCount, std::uint64_t(g.all.recordCount()));
        QCOMPARE(s.startedWallUs, info.createdWallUs);
        QCOMPARE(s.endedWallUs, endDevices.back().wallEndUs);
        compareInfo(s.info, info, endDevices);

        auto r = p->session(s.id, &msg);
        QVERIFY2(r, qPrintable(msg));
        QCOMPARE(r->sessionId(), s.id);
        QCOMPARE(r->status(), SessionStatus::Complete);
        compareInfo(r->sessionInfo(), info, endDevices);
        const QString mismatch = storetest::verifyAll(*r, g);
        QVERIFY2(mismatch.isEmpty(), qPrintable(mismatch));

        QCOMPARE(countOf(*r, "tasks"), std::uint64_t(g.all.tasks.size()));
        QCOMPARE(countOf(*r, "ops"), std::uint64_t(g.all.ops.size()));
        QCOMPARE(countOf(*r, "hccl_tasks"), std::uint64_t(g.all.hcclTasks.size()));
        QCOMPARE(countOf(*r, "step_traces"), std::uint64_t(g.all.stepTraces.size()));
        QCOMPARE(countOf(*r, "queue_events"), std::uint64_t(g.all.queueEvents.size()));
        QCOMPARE(countOf(*r, "host_ranges"), std::uint64_t(g.all.hostRanges.size()));

        QVERIFY(!p->session(s.id + 100, &msg));
        QVERIFY(msg.contains(QString::number(s.id + 100)));
    }

    void forEachStopsWhenTheCallbackSaysSo()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("p.npuscope"));
        Generator g(3, 1);
        auto w = ProjectWriter::create(path, nullptr, nullptr);
        QVERIFY(w && w->begin(g.info()) && w->write(g.batch(1, 1, 1)));
        auto p = Project::open(path, Project::Mode::ReadOnly, nullptr, nullptr);
        QVERIFY(p);
        auto r = p->session(w->sessionId(), nullptr);
        QVERIFY(r);
        int seen = 0;
        QVERIFY(r->forEachTask(IterationKey{0, 1, 1}, [&](const TaskRecord &) { return ++seen < 5; }));
        QCOMPARE(seen, 5);
        seen = 0;
        QVERIFY(r->forEachTask(IterationKey{0, 1, 99}, [&](const TaskRecord &) { ++seen; return true; }));
        QCOMPARE(seen, 0);
    }

    void twoSessionsInOneProjectStaySeparate()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("two.npuscope"));
        Generator a(11, 2, QStringLiteral("A"));
        Generator b(12, 1, QStringLiteral("B"));
        const SessionInfo ia = a.info();
        const SessionInfo ib = b.info();
        std::int64_t idA = 0, idB = 0;
        {
            auto w = storetest::beginSession(path, ia);
            QVERIFY(w);
            QVERIFY(w->write(a.batch(1, 1, 3)));
            QVERIFY(w->end(SessionStatus::Complete, a.endDevices(ia)));
            idA = w->sessionId();
        }
        {
            StoreError err = StoreError::None;
            QString msg;
            auto w = ProjectWriter::create(path, &err, &msg); // existing project: adds a session
            QVERIFY2(w, qPrintable(msg));
            QVERIFY(w->begin(ib));
            QVERIFY(w->write(b.batch(7, 1, 2, 25)));
            QVERIFY(w->end(SessionStatus::Failed, b.endDevices(ib)));
            idB = w->sessionId();
        }
        QVERIFY(idA != idB);
        auto p = Project::open(path, Project::Mode::ReadWrite, nullptr, nullptr);
        QVERIFY(p);
        const auto sessions = p->sessions();
        QCOMPARE(sessions.size(), size_t(2));
        QCOMPARE(sessions[0].id, idA);
        QCOMPARE(sessions[0].info.name, ia.name);
        QCOMPARE(sessions[0].status, SessionStatus::Complete);
        QCOMPARE(sessions[0].taskCount, std::uint64_t(a.all.tasks.size()));
        QCOMPARE(sessions[1].id, idB);
        QCOMPARE(sessions[1].info.name, ib.name);
        QCOMPARE(sessions[1].status, SessionStatus::Failed);
        QCOMPARE(sessions[1].taskCount, std::uint64_t(b.all.tasks.size()));

        auto ra = p->session(idA, nullptr);
        auto rb = p->session(idB, nullptr);
        QVERIFY(ra && rb);
        // Both producers numbered their strings from 1: the ids overlap, the texts do not.
        QCOMPARE(ra->string(1), std::string_view(a.stringText.at(1)));
        QCOMPARE(rb->string(1), std::string_view(b.stringText.at(1)));
        QVERIFY(a.stringText.at(1) != b.stringText.at(1));
        QString m = storetest::verifyAll(*ra, a);
        QVERIFY2(m.isEmpty(), qPrintable(m));
        m = storetest::verifyAll(*rb, b);
        QVERIFY2(m.isEmpty(), qPrintable(m));
    }

    void cancelledSessionKeepsEveryBatch()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("cancel.npuscope"));
        Generator g(5, 2);
        const SessionInfo info = g.info();
        auto w = storetest::beginSession(path, info);
        QVERIFY(w);
        QVERIFY(w->write(g.batch(1, 1, 1)));
        QVERIFY(w->write(g.batch(1, 2, 1)));
        QVERIFY(w->write(g.batch(1, 3, 1)));
        const auto devs = g.endDevices(info);
        QVERIFY(w->end(SessionStatus::Cancelled, devs));
        QVERIFY(!w->end(SessionStatus::Complete, devs)); // once only
        w.reset();

        auto p = Project::open(path, Project::Mode::ReadOnly, nullptr, nullptr);
        QVERIFY(p);
        const auto s = p->sessions();
        QCOMPARE(s.size(), size_t(1));
        QCOMPARE(s[0].status, SessionStatus::Cancelled);
        QCOMPARE(s[0].info.devices[1].monotonicEnd, devs[1].monotonicEnd);
        auto r = p->session(s[0].id, nullptr);
        QVERIFY(r);
        QCOMPARE(r->iterations().size(), size_t(2 * 3));
        const QString m = storetest::verifyAll(*r, g);
        QVERIFY2(m.isEmpty(), qPrintable(m));
    }

    void queryDescribesSessionsDevicesAndSlowestIterations()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("q.npuscope"));
        Generator g(9, 2);
        SessionInfo info = g.info();
        info.name = QStringLiteral("alexnet");
        auto w = storetest::beginSession(path, info);
        QVERIFY(w);
        // Step traces with chosen lengths: iteration 2 is the slowest, then 3, then 1.
        RecordBatch b;
        const TimeNs lengths[] = {5000, 9000, 7000};
        TimeNs t = 1000;
        for (std::uint32_t it = 1; it <= 3; ++it) {
            StepTraceRecord s;
            s.device = 1;
            s.modelId = 4;
            s.iteration = it;
            s.fpStart = t;
            s.previousIterationEnd = it == 1 ? -1 : t;
            s.bpEnd = t + 10;
            s.iterationEnd = t + lengths[it - 1];
            t = s.iterationEnd;
            b.stepTraces.push_back(s);
        }
        TaskRecord task;
        task.device = 0;
        task.modelId = 4;
        task.iteration = 1;
        b.tasks.push_back(task);
        QVERIFY(w->write(b));
        w.reset(); // still running

        auto p = Project::open(path, Project::Mode::ReadOnly, nullptr, nullptr);
        QVERIFY(p);
        const auto rows = queryRows(*p);
        QCOMPARE(rows.size(), size_t(2));
        QCOMPARE(rows[0].deviceId, std::uint16_t(0));
        QCOMPARE(rows[0].iterationCount, 1u);
        QVERIFY(rows[0].topTimeIterations.empty());
        QCOMPARE(rows[1].deviceId, std::uint16_t(1));
        QCOMPARE(rows[1].modelId.value(), 4u);
        QCOMPARE(rows[1].iterationCount, 3u);
        QCOMPARE(rows[1].topTimeIterations, (std::vector<std::uint32_t>{2, 3, 1}));

        const QString text = describeProject(*p);
        for (const char *col : {"Job Info", "Device ID", "Dir Name", "Collection Time", "Model ID",
                                "Iteration Number", "Top Time Iteration"})
            QVERIFY2(text.contains(QLatin1String(col)), col);
        QVERIFY(text.contains(QStringLiteral("alexnet (running)")));
        QVERIFY(text.contains(QStringLiteral("2,3,1")));
        QVERIFY(text.contains(QStringLiteral("step_traces 3")));

        const QJsonObject j = describeProjectJson(*p);
        const QJsonObject s0 = j.value(QStringLiteral("sessions")).toArray().at(0).toObject();
        QCOMPARE(s0.value(QStringLiteral("status")).toString(), QStringLiteral("running"));
        QCOMPARE(s0.value(QStringLiteral("record_counts")).toObject().value(QStringLiteral("tasks")).toInt(), 1);
        const QJsonObject d1 = s0.value(QStringLiteral("devices")).toArray().at(1).toObject();
        const QJsonArray top = d1.value(QStringLiteral("models")).toArray().at(0).toObject()
                                   .value(QStringLiteral("top_time_iterations")).toArray();
        QCOMPARE(top, (QJsonArray{2, 3, 1}));
    }
};

QTEST_GUILESS_MAIN(TestStoreRoundTrip)
#include "test_store_roundtrip.moc"
