// The newer CANN layout (mindstudio_profiler_output/, ts as strings, pids encoding
// (pid<<10)|(sort<<5)|device, Device_id first CSV column), from the hand-built fixture in
// tests/data/import/newer-layout/.

#include "tests/test_data.h"
#include "core/model/memory_trace.h"
#include "tests/core/test_import_fixture.h"

#include <QtTest>

using namespace npuscope;

class ImportNewerLayout : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { NPUSCOPE_REQUIRE_DATA(testdata::path(QStringLiteral("import/newer-layout"))); }

    void importsBothDevices()
    {
        const QString dir = QStringLiteral(NPUSCOPE_TEST_DATA "/import/newer-layout");
        MemoryTrace trace;
        importing::ImportRequest req;
        req.path = dir;
        importing::ImportReport rep;
        importing::ImportError kind{};
        QString error;
        QVERIFY2(importing::importProf(req, trace, &rep, &kind, &error), qPrintable(error));
        QCOMPARE(rep.layout, QStringLiteral("mindstudio"));
        QVERIFY(rep.balanced());
        const auto t = rep.total();
        // msprof: 22 events (9 metadata and 2 overlap events are derived; 6 tasks, 2 HCCL
        // tasks, 2 communication kernels, 1 CANN range imported); op_summary: 4 rows;
        // api_statistic: 1 row, recomputed from the CANN ranges (derived).
        QCOMPARE(t.items, std::uint64_t(22 + 4 + 1));
        QCOMPARE(t.skipped, std::uint64_t(0));
        QCOMPARE(t.derived, std::uint64_t(9 + 2 + 1));
        QCOMPARE(t.imported, std::uint64_t(6 + 2 + 2 + 1 + 4));

        const SessionInfo &info = trace.sessionInfo();
        QCOMPARE(info.source, QStringLiteral("import"));
        QCOMPARE(info.devices.size(), std::size_t(2));
        QCOMPARE(info.devices[1].hostPid, 12345u);
        QCOMPARE(info.devices[1].hostname, QStringLiteral("node7"));
        QCOMPARE(trace.status(), SessionStatus::Complete);

        const auto its = trace.iterations();
        QCOMPARE(its.size(), std::size_t(2));
        for (std::uint16_t dev : {0, 1}) {
            std::vector<TaskRecord> tasks;
            trace.forEachTask({dev, 0, 1}, [&](const TaskRecord &r) { tasks.push_back(r); return true; });
            QCOMPARE(tasks.size(), std::size_t(3));
            // ts "1000000.500" (+10 µs on device 1) as a string → exact ns.
            QCOMPARE(tasks[0].start, TimeNs(1000000500 + dev * 10000));
            QCOMPARE(tasks[0].duration, TimeNs(12250));
            QCOMPARE(tasks[0].device, dev);
            const OpDesc *conv = trace.op(tasks[0].opId);
            QVERIFY(conv);
            QCOMPARE(std::string(trace.string(conv->opType)), std::string("Conv2D")); // joined with op_summary by device
            QCOMPARE(std::string(trace.string(conv->inputShapes)), std::string("32,3,224,224;64,3,7,7"));
            QCOMPARE(int(conv->blockDim), 32);
            QCOMPARE(tasks[2].kind, TaskKind::EventRecord);
            QCOMPARE(std::string(trace.string(tasks[2].type)), std::string("EVENT_RECORD"));
            std::vector<HcclTaskRecord> hccl;
            trace.forEachHcclTask({dev, 0, 1}, [&](const HcclTaskRecord &h) { hccl.push_back(h); return true; });
            QCOMPARE(hccl.size(), std::size_t(1));
            QCOMPARE(hccl[0].dstRank, std::uint32_t(1 - dev));
            std::vector<CollectiveOpRecord> coll;
            trace.forEachCollective({dev, 0, 1}, [&](const CollectiveOpRecord &c) { coll.push_back(c); return true; });
            QCOMPARE(coll.size(), std::size_t(1));
        }
        std::vector<HostRangeRecord> host;
        trace.forEachHostRange({0, 0, 1}, [&](const HostRangeRecord &h) { host.push_back(h); return true; });
        QCOMPARE(host.size(), std::size_t(1));
        QCOMPARE(std::string(trace.string(host[0].name)), std::string("GE@Infer"));
    }
};

QTEST_GUILESS_MAIN(ImportNewerLayout)
#include "test_import_newer_layout.moc"
