// The newer CANN layout (mindstudio_profiler_output/, ts as strings, pids encoding
// (pid<<10)|(sort<<5)|device, Device_id first CSV column), from the hand-built fixture in
// tests/data/import/newer-layout/.

#include "tests/test_data.h"
#include "core/exporting/prof_exporter.h"
#include "core/model/memory_trace.h"
#include "tests/core/test_import_fixture.h"

#include <QTemporaryDir>
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
        importing::ImportReport rep;
        QString error;
        QVERIFY2(importfx::importDir(dir, trace, &rep, &error), qPrintable(error));
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

    // What real CANN 8 output does and the importer once got wrong, in one synthetic capture
    // on device 7 with no device_7/ folder: lane metadata after the events, ts as strings,
    // host lanes with device bits 31, CSV cells ending in a TAB, Block Num / Mix Block Num,
    // an unknown column, aic_ and aiv_ metric columns, task types of the open set, a counter
    // without dur and a flow from the host launch to its task.
    void todaysFactsImportCompletely()
    {
        QTemporaryDir tmp;
        QVERIFY(tmp.isValid());
        const QString prof = tmp.filePath(QStringLiteral("PROF_000001_20250109074800000_ABCDEFGHIJKLMNOP"));
        const QString out = prof + QStringLiteral("/mindstudio_profiler_output");
        QVERIFY(QDir().mkpath(out));
        constexpr qint64 host = 4321;
        const qint64 hw = (host << 10) | (13 << 5) | 7, cann = (host << 10) | (7 << 5) | 31, freq = (host << 10) | (14 << 5) | 7;
        const QString trace = QStringLiteral(R"([
{"name":"MatMulMix_1","pid":%1,"tid":2,"ts":"1736408883000000.000","dur":10.5,"ph":"X","args":{"Model Id":4294967295,"Task Type":"MIX_AIC","Physic Stream Id":2,"Task Id":11,"Batch Id":0}},
{"name":"Write Value","pid":%1,"tid":2,"ts":"1736408883000012.000","dur":"0.020","ph":"X","args":{"Task Type":"Write Value","Physic Stream Id":2,"Task Id":12}},
{"name":"Add_1","pid":%1,"tid":2,"ts":"1736408883000020.000","dur":3,"ph":"X","args":{"Task Type":"AI_CORE","Physic Stream Id":2,"Task Id":13}},
{"name":"FUTURE_SQE","pid":%1,"tid":3,"ts":1736408883000030.5,"dur":1,"ph":"X","args":{"Task Type":"FUTURE_SQE","Physic Stream Id":3,"Task Id":1}},
{"name":"aclnnMatmul","pid":%2,"tid":4322,"ts":"1736408882999990.000","dur":5,"ph":"X","args":{}},
{"name":"HostToDevice77","ph":"s","cat":"HostToDevice","id":"77","pid":%2,"tid":4322,"ts":"1736408882999990.000","bp":"e"},
{"name":"HostToDevice77","ph":"f","cat":"HostToDevice","id":"77","pid":%1,"tid":2,"ts":"1736408883000000.000","bp":"e"},
{"name":"AI Core Freq","pid":%3,"tid":0,"ts":"1736408883000000.000","ph":"C","args":{"MHz":1650}},
{"name":"process_name","pid":%1,"tid":0,"args":{"name":"Ascend Hardware"},"ph":"M"},
{"name":"thread_name","pid":%1,"tid":2,"args":{"name":"Stream 2"},"ph":"M"},
{"name":"thread_name","pid":%1,"tid":3,"args":{"name":"Stream 3"},"ph":"M"},
{"name":"process_name","pid":%2,"tid":0,"args":{"name":"CANN"},"ph":"M"},
{"name":"process_name","pid":%3,"tid":0,"args":{"name":"AI Core Freq"},"ph":"M"}
])").arg(hw).arg(cann).arg(freq);
        const QString csv = QStringLiteral(
            "Device_id,Model ID,Task ID,Stream ID,Op Name,OP Type,OP State,Task Type,Task Start Time(us),Task Duration(us),"
            "Task Wait Time(us),Block Num,Mix Block Num,HF32 Eligible,Future Column,Input Shapes,Input Data Types,"
            "Input Formats,Output Shapes,Output Data Types,Output Formats,Context ID,aicore_time(us),aic_total_cycles,"
            "aic_mac_ratio,aiv_time(us),aiv_total_cycles,aiv_vec_ratio\n"
            "7,4294967295,11,2,MatMulMix_1,MatMulV3,dynamic,MIX_AIC,1736408883000000.000\t,10.500\t,0,20,40,NO,x,"
            "\"\"\"64,128\"\"\",FLOAT16,ND,\"\"\"64,64\"\"\",FLOAT16,ND,N/A,10.0,18000,0.75,9.0,16200,0.5\n"
            "7,4294967295,13,2,Add_1,Add,static,AI_VECTOR_CORE,1736408883000020.000\t,3.000\t,0,8,0,NO,y,"
            "\"\"\"64\"\"\",FLOAT,ND,\"\"\"64\"\"\",FLOAT,ND,N/A,0,0,0,2.5,4500,0.9\n");
        auto write = [&](const QString &name, const QString &text) {
            QFile f(out + QLatin1Char('/') + name);
            return f.open(QIODevice::WriteOnly) && f.write(text.toUtf8()) == text.toUtf8().size();
        };
        QVERIFY(write(QStringLiteral("msprof_20250109074803.json"), trace));
        QVERIFY(write(QStringLiteral("op_summary_20250109074803.csv"), csv));

        MemoryTrace t;
        importing::ImportReport rep;
        QString error;
        QVERIFY2(importfx::importDir(prof, t, &rep, &error), qPrintable(error));
        QVERIFY(rep.balanced());
        for (const auto &p : rep.problems)
            QVERIFY2(false, qPrintable(p.file + QStringLiteral(": ") + p.reason));
        const auto total = rep.total();
        QCOMPARE(total.items, std::uint64_t(13 + 2));
        QCOMPARE(total.imported, std::uint64_t(4 + 1 + 2 + 1 + 2)); // tasks, CANN, flow ends, counter, rows
        QCOMPARE(total.derived, std::uint64_t(5));                   // the metadata

        // Device 7 is device 7; nothing is invented: no device 0, unknown facts 0, learned
        // ones from the data, and the report says what was missing.
        const SessionInfo &info = t.sessionInfo();
        QCOMPARE(info.devices.size(), std::size_t(1));
        const DeviceInfo &d = info.devices[0];
        QCOMPARE(int(d.id), 7);
        QCOMPARE(qint64(d.hostPid), host);
        QCOMPARE(d.aicFrequencyMHz, 1650);
        QCOMPARE(d.aiCoreNum, 0);
        QVERIFY(!rep.missing.isEmpty());
        QVERIFY(info.pmuColumns.contains(QStringLiteral("aic_mac_ratio")));
        QVERIFY(info.pmuColumns.contains(QStringLiteral("aiv_vec_ratio")));

        std::map<std::string, TaskRecord> tasks;
        int cannRanges = 0;
        for (const IterationKey &k : t.iterations()) {
            QCOMPARE(int(k.device), 7);
            t.forEachTask(k, [&](const TaskRecord &r) { tasks[std::string(t.string(r.type))] = r; return true; });
            t.forEachHostRange(k, [&](const HostRangeRecord &) { ++cannRanges; return true; });
        }
        QCOMPARE(cannRanges, 1);
        QCOMPARE(tasks.size(), std::size_t(4));
        for (const char *type : {"MIX_AIC", "Write Value", "AI_CORE", "FUTURE_SQE"})
            QVERIFY2(tasks.count(type), type);
        const TaskRecord &mix = tasks["MIX_AIC"];
        QCOMPARE(mix.start, TimeNs(1736408883000000000LL));
        QCOMPARE(mix.duration, TimeNs(10500));
        QCOMPARE(mix.kind, TaskKind::MixAic);
        const OpDesc *op = t.op(mix.opId);
        QVERIFY(op);
        QCOMPARE(std::string(t.string(op->opType)), std::string("MatMulV3"));
        QCOMPARE(int(op->blockDim), 20);
        QCOMPARE(int(op->mixBlockDim), 40);
        const auto at = [&](const char *c) { return std::size_t(info.pmuColumns.indexOf(QLatin1String(c))); };
        QCOMPARE(mix.pmu.size(), std::size_t(info.pmuColumns.size()));
        QCOMPARE(mix.pmu[at("aic_mac_ratio")], 0.75f);
        QCOMPARE(mix.pmu[at("aiv_vec_ratio")], 0.5f);
        QCOMPARE(mix.totalCycles, std::uint64_t(18000));
        // The timeline says AI_CORE; the kernel file knows it ran on the vector cores.
        QCOMPARE(tasks["AI_CORE"].kind, TaskKind::AiVectorCore);
        QCOMPARE(tasks["FUTURE_SQE"].kind, TaskKind::Other);
        QCOMPARE(tasks["Write Value"].duration, TimeNs(20));
        // The unknown column is kept with its task.
        std::map<std::string, std::string> attrs;
        t.forEachTaskAttr(7, [&](const TaskAttrRecord &a) {
            if (a.taskId == 11)
                attrs[std::string(t.string(a.key))] = std::string(t.string(a.value));
            return true;
        });
        QCOMPARE(attrs["Future Column"], std::string("x"));
        int counters = 0, arrows = 0;
        t.forEachCounter(7, [&](const CounterRecord &c) { counters += int(c.value == 1650); return true; });
        t.forEachFlow([&](const FlowRecord &f) {
            arrows += int(f.hasStart && f.hasFinish && f.start.lane == FlowLane::Cann && f.finish.lane == FlowLane::Hardware
                          && f.finish.device == 7);
            return true;
        });
        QCOMPARE(counters, 1);
        QCOMPARE(arrows, 1);

        // Export of device 7 writes device_7 with its tasks.
        exporting::ExportRequest ex;
        ex.outputDir = tmp.filePath(QStringLiteral("export"));
        ex.devices = {7};
        exporting::ExportResult res;
        exporting::ExportError exKind{};
        QVERIFY2(exporting::exportProf(t, ex, &res, &exKind, &error), qPrintable(error));
        QVERIFY2(res.files.filter(QStringLiteral("device_7/timeline/task_time")).size() > 0, qPrintable(res.files.join(u',')));
    }
};

QTEST_GUILESS_MAIN(ImportNewerLayout)
#include "test_import_newer_layout.moc"
