// The real torch_npu text export of a 2-rank 910B run (tests/data/reference/
// ascend910b-torchnpu-text-alexnet) imports completely: every event and row accounted for
// with no problem, one device per rank with the device id the data gives, device task
// counts per type equal to the timeline's (counted here with QJsonDocument, independently
// of the importer's streaming parser), kernels joined to their tasks, counters, flows,
// framework ranges, step times and memory records as many as the files hold.

#include "core/model/memory_trace.h"
#include "tests/core/test_import_fixture.h"

#include <QDirIterator>
#include <QTemporaryDir>
#include <QtTest>

#include <map>

using namespace npuscope;
using namespace importfx;

namespace {

// What one rank's trace_view.json holds, counted with Qt's parser.
struct TraceCounts {
    std::map<QString, int> hardwareByType;       // "Ascend Hardware" X events by args "Task Type"
    int device = -1;                             // device bits of the hardware lane's pid
    qint64 pythonPid = 0;
    int python = 0, cann = 0, hccl = 0, overlap = 0, counterValues = 0;
    int arrows = 0, pairedArrows = 0;            // flows: one arrow per finish, or a lone start
    int firstAicMHz = 0;
};

TraceCounts countTrace(const QString &path)
{
    TraceCounts c;
    const QJsonArray events = readEvents(path);
    std::map<qint64, QString> lanes;
    for (const auto &v : events) {
        const QJsonObject e = v.toObject();
        if (e.value(QStringLiteral("ph")).toString() == QLatin1String("M")
            && e.value(QStringLiteral("name")).toString() == QLatin1String("process_name"))
            lanes[e.value(QStringLiteral("pid")).toInteger()] =
                e.value(QStringLiteral("args")).toObject().value(QStringLiteral("name")).toString();
    }
    std::map<std::pair<QString, QString>, std::pair<int, int>> flows; // (cat, id) → (starts, finishes)
    for (const auto &v : events) {
        const QJsonObject e = v.toObject();
        const QString ph = e.value(QStringLiteral("ph")).toString();
        const qint64 pid = e.value(QStringLiteral("pid")).toInteger();
        const QString lane = lanes[pid];
        const QJsonObject args = e.value(QStringLiteral("args")).toObject();
        if (ph == QLatin1String("s") || ph == QLatin1String("f")) {
            auto &[s, f] = flows[{e.value(QStringLiteral("cat")).toString(), e.value(QStringLiteral("id")).toVariant().toString()}];
            ++(ph == QLatin1String("s") ? s : f);
        }
        if (ph == QLatin1String("C")) {
            c.counterValues += int(args.size());
            if (lane == QLatin1String("AI Core Freq") && c.firstAicMHz == 0)
                c.firstAicMHz = args.value(QStringLiteral("MHz")).toInt();
        }
        if (ph != QLatin1String("X"))
            continue;
        if (lane == QLatin1String("Ascend Hardware")) {
            ++c.hardwareByType[args.value(QStringLiteral("Task Type")).toString()];
            c.device = int(pid & 31);
        } else if (lane == QLatin1String("Python")) {
            ++c.python;
            c.pythonPid = pid;
        } else if (lane == QLatin1String("CANN")) {
            ++c.cann;
        } else if (lane == QLatin1String("HCCL")) {
            ++c.hccl;
        } else if (lane == QLatin1String("Overlap Analysis")) {
            ++c.overlap;
        }
    }
    for (const auto &[key, sf] : flows) {
        c.arrows += sf.first > 0 ? std::max(sf.second, 1) : sf.second;
        c.pairedArrows += sf.first > 0 ? sf.second : 0;
    }
    return c;
}

// Data rows of a CSV with no line breaks inside cells except in quoted call stacks: counted
// with Qt by quote parity, independently of the importer's reader.
int csvRows(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray all = f.readAll();
    int records = 0;
    bool quoted = false;
    for (char ch : all) {
        if (ch == '"')
            quoted = !quoted;
        else if (ch == '\n' && !quoted)
            ++records;
    }
    return records - 1; // the header
}

std::map<QString, int> columnCount(const QString &csvPath, const QString &column)
{
    std::map<QString, int> out;
    QFile f(csvPath);
    if (!f.open(QIODevice::ReadOnly))
        return out;
    const QStringList header = QString::fromUtf8(f.readLine()).trimmed().split(QLatin1Char(','));
    const qsizetype at = header.indexOf(column);
    while (!f.atEnd()) {
        // The kernel file quotes shapes ("""32,3,224,224""") but has no line breaks in cells;
        // the core column comes before any quoted cell.
        const QStringList cells = QString::fromUtf8(f.readLine()).split(QLatin1Char(','));
        if (at >= 0 && at < cells.size())
            ++out[cells[at].trimmed()];
    }
    return out;
}

} // namespace

class ImportFrameworkText : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        NPUSCOPE_REQUIRE_DATA(testdata::torchTextOutput(0) + QStringLiteral("trace_view.json"), testdata::torchTextOutput(1) + QStringLiteral("trace_view.json"),
                              testdata::torchTextOutput(0) + QStringLiteral("kernel_details.csv"), testdata::torchTextOutput(1) + QStringLiteral("kernel_details.csv"));
    }

    void everyEventAndRowIsImported()
    {
        MemoryTrace trace;
        importing::ImportReport rep;
        QString error;
        QVERIFY2(importfx::importDir(testdata::torchText910b(), trace, &rep, &error), qPrintable(error));
        QCOMPARE(rep.layout, QStringLiteral("framework text"));
        QVERIFY(rep.balanced());
        QCOMPARE(rep.total().skipped, std::uint64_t(0));
        for (const auto &p : rep.problems)
            QVERIFY2(false, qPrintable(p.file + QStringLiteral(": ") + p.reason));
        QCOMPARE(trace.status(), SessionStatus::Complete);
        QCOMPARE(rep.files.size(), std::size_t(24)); // every file of both ranks read

        const SessionInfo &info = trace.sessionInfo();
        // The PMU columns are the kernel file's metric columns: both the cube (aic_) and
        // vector (aiv_) sets of the 910B.
        for (const QString &c : {QStringLiteral("aic_mac_ratio"), QStringLiteral("aiv_vec_ratio"), QStringLiteral("aicore_time(us)")})
            QVERIFY2(info.pmuColumns.contains(c), qPrintable(info.pmuColumns.join(u',')));

        QCOMPARE(info.devices.size(), std::size_t(2));
        for (int rank = 0; rank < 2; ++rank) {
            const TraceCounts want = countTrace(testdata::torchTextOutput(rank) + QStringLiteral("trace_view.json"));
            QCOMPARE(want.device, rank); // the capture's rank r ran on device r
            const DeviceInfo &d = info.devices[std::size_t(rank)];
            QCOMPARE(int(d.id), want.device);
            QCOMPARE(int(d.rankId), rank);
            // Facts no file states are learned from the data or unknown (0), never invented.
            QCOMPARE(qint64(d.hostPid), want.pythonPid);
            QCOMPARE(d.aicFrequencyMHz, want.firstAicMHz);
            QCOMPARE(d.aiCoreNum, 0);

            const std::uint16_t dev = d.id;
            std::map<QString, int> byType;
            int kernelsJoined = 0, hcclTasks = 0, collectives = 0, cann = 0;
            for (const IterationKey &k : trace.iterations()) {
                if (k.device != dev)
                    continue;
                trace.forEachTask(k, [&](const TaskRecord &t) {
                    ++byType[QString::fromUtf8(trace.string(t.type))];
                    const OpDesc *op = t.opId ? trace.op(t.opId) : nullptr;
                    if (op && op->opType)
                        ++kernelsJoined;
                    return true;
                });
                trace.forEachHcclTask(k, [&](const HcclTaskRecord &) { ++hcclTasks; return true; });
                trace.forEachCollective(k, [&](const CollectiveOpRecord &) { ++collectives; return true; });
                trace.forEachHostRange(k, [&](const HostRangeRecord &) { ++cann; return true; });
            }
            QCOMPARE(byType, want.hardwareByType);
            // Every kernel row but the communication ones completes a task of the timeline.
            const auto cores = columnCount(testdata::torchTextOutput(rank) + QStringLiteral("kernel_details.csv"), QStringLiteral("Accelerator Core"));
            int kernelRows = 0;
            for (const auto &[core, n] : cores)
                if (core != QLatin1String("HCCL"))
                    kernelRows += n;
            QVERIFY(kernelRows > 100);
            QCOMPARE(kernelsJoined, kernelRows);
            QCOMPARE(hcclTasks + collectives, want.hccl);
            QVERIFY(collectives > 0);
            QCOMPARE(cann, want.cann);

            int python = 0, counters = 0, memory = 0;
            trace.forEachPythonRange(dev, [&](const PythonRangeRecord &) { ++python; return true; });
            trace.forEachCounter(dev, [&](const CounterRecord &) { ++counters; return true; });
            trace.forEachMemory(dev, [&](const MemoryRecord &) { ++memory; return true; });
            QCOMPARE(python, want.python);
            QCOMPARE(counters, want.counterValues);
            QCOMPARE(memory, csvRows(testdata::torchTextOutput(rank) + QStringLiteral("memory_record.csv"))
                                 + csvRows(testdata::torchTextOutput(rank) + QStringLiteral("npu_module_mem.csv")));
            // Flow ids repeat across ranks; ends pair within their rank only.
            int arrows = 0, paired = 0, crossRank = 0;
            trace.forEachFlow([&](const FlowRecord &f) {
                const FlowEndRecord &end = f.hasStart ? f.start : f.finish;
                if (end.device != dev)
                    return true;
                ++arrows;
                if (f.hasStart && f.hasFinish) {
                    ++paired;
                    crossRank += int(f.finish.device != dev);
                }
                return true;
            });
            QCOMPARE(arrows, want.arrows);
            QCOMPARE(paired, want.pairedArrows);
            QCOMPARE(crossRank, 0);
        }

        // step_trace_time.csv: one step (50) per rank, its breakdown in ns.
        const auto steps = trace.stepTimes();
        QCOMPARE(steps.size(), std::size_t(2));
        QCOMPARE(std::string(trace.string(steps[0].step)), std::string("50"));
        QCOMPARE(steps[0].device, std::uint16_t(0));
        QCOMPARE(steps[0].computing, TimeNs(8873756)); // rank 0's file: 8873.756000000001 µs
        QCOMPARE(steps[1].commNotOverlapped, TimeNs(96359047)); // rank 1's: 96359.047 µs
    }

    // Two ranks, each missing a different file: one session, one device per rank, rank ids
    // kept; what exists is imported, the missing files are named in the report.
    void partialRanksImportWhatExists()
    {
        QTemporaryDir tmp;
        QVERIFY(tmp.isValid());
        for (int rank = 0; rank < 2; ++rank) {
            const QString src = testdata::torchText910b() + QStringLiteral("/rank%1_ascend_pt").arg(rank);
            const QString dst = tmp.path() + QStringLiteral("/rank%1_ascend_pt").arg(rank);
            QDirIterator it(src, QDir::Files, QDirIterator::Subdirectories);
            while (it.hasNext()) {
                const QString f = it.next();
                const QString rel = QDir(src).relativeFilePath(f);
                // rank 0 loses its kernel table, rank 1 its memory records.
                if ((rank == 0 && rel.endsWith(QLatin1String("kernel_details.csv")))
                    || (rank == 1 && rel.endsWith(QLatin1String("memory_record.csv"))))
                    continue;
                QDir().mkpath(QFileInfo(dst + QLatin1Char('/') + rel).absolutePath());
                QVERIFY(QFile::copy(f, dst + QLatin1Char('/') + rel));
            }
        }
        MemoryTrace trace;
        importing::ImportReport rep;
        QString error;
        QVERIFY2(importfx::importDir(tmp.path(), trace, &rep, &error), qPrintable(error));
        QVERIFY(rep.balanced());
        // Without its kernel table rank 0's l2_cache.csv rows have no kernel to complete:
        // those rows, and only those, are skipped (and said so).
        for (const auto &f : rep.files)
            if (f.skipped > 0)
                QVERIFY2(f.file.endsWith(QLatin1String("rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/l2_cache.csv")), qPrintable(f.file));
        const SessionInfo &info = trace.sessionInfo();
        QCOMPARE(info.devices.size(), std::size_t(2));
        for (int rank = 0; rank < 2; ++rank) {
            QCOMPARE(int(info.devices[std::size_t(rank)].rankId), rank);
            const TraceCounts want = countTrace(testdata::torchTextOutput(rank) + QStringLiteral("trace_view.json"));
            std::size_t tasks = 0;
            for (const IterationKey &k : trace.iterations())
                if (k.device == info.devices[std::size_t(rank)].id)
                    trace.forEachTask(k, [&](const TaskRecord &) { ++tasks; return true; });
            int expected = 0;
            for (const auto &kv : want.hardwareByType)
                expected += kv.second;
            QCOMPARE(int(tasks), expected); // the timeline of each rank whole
        }
        int memory1 = 0, memory0 = 0;
        trace.forEachMemory(info.devices[0].id, [&](const MemoryRecord &m) { memory0 += !m.module; return true; });
        trace.forEachMemory(info.devices[1].id, [&](const MemoryRecord &m) { memory1 += !m.module; return true; });
        QCOMPARE(memory0, csvRows(testdata::torchTextOutput(0) + QStringLiteral("memory_record.csv")));
        QCOMPARE(memory1, 0);
        // The report names what each rank lacks.
        const QString missing = rep.missing.join(QLatin1Char('\n'));
        QVERIFY2(missing.contains(QLatin1String("rank0_ascend_pt")) && missing.contains(QLatin1String("kernel_details.csv")),
                 qPrintable(missing));
    }
};

QTEST_GUILESS_MAIN(ImportFrameworkText)
#include "test_import_framework_text.moc"
