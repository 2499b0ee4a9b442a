// The 910B profile against the real 910B capture vendored in
// tests/data/reference/ascend910b-torchnpu-text-alexnet (rank 0: AlexNet shapes, batch 32,
// fp32, 8 cards, four gradient all-reduces per step; torch_npu's kernel_details.csv and
// trace_view.json). The emulator runs the comparable job (AlexNet, batch 32, fp32, 8 cards
// of one 910B server, four segments) and the same code tallies both sides:
//  - the hardware task types: the same set, apart from what belongs to the framework and
//    not the chip (torch copies each batch from the host — PCIE_DMA_SQE — and tensors on
//    the device — SDMA_SQE — and marks steps with PLACE_HOLDER_SQE; a graph-mode session
//    feeds the step through GetNext on the AI CPU and fuses conv gradients with the ReLU
//    gradient into MIX_AIC kernels);
//  - stream use: kernels on the compute stream, dropout masks (DSA_SQE) with their events
//    on a second stream, every HCCL sub-task on a third, per type within ±10 %;
//  - HCCL sub-tasks per plane within ±10 %;
//  - the accelerator cores of the kernels: the cube / vector split of kernel time within
//    ±10 points, MIX_AIV's share of kernels within ±5 points;
//  - block dims (cube kernels ≤ the 24 AICs, MIX_AIV without a mix block dim, MIX_AIC with
//    its two AIVs per AIC) and the PMU columns (exactly the real header's, aic_* filled for
//    cube kernels only, aiv_* for vector kernels only, cube_utilization from block dim).
#include "collect_sink.h"
#include "device/emulator.h"
#include "tests/test_data.h"
#include "tests/test_trace_events.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>
#include <map>
#include <set>

using namespace npuscope;
using npuscope::test::CollectSink;

namespace {

QString refDir()
{
    return testdata::reference(QStringLiteral("ascend910b-torchnpu-text-alexnet/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/"));
}

// Framework-side task types of the torch capture (see the header).
const std::set<QString> kTorchOnly = {QStringLiteral("PCIE_DMA_SQE"), QStringLiteral("SDMA_SQE"),
                                      QStringLiteral("PLACE_HOLDER_SQE")};
const std::set<QString> kGraphOnly = {QStringLiteral("AI_CPU"), QStringLiteral("MIX_AIC")};

struct Side {
    std::map<std::pair<int, QString>, int> streamTypes; // (stream, task type) → tasks per step
    std::map<int, int> planeTasks;                      // HCCL plane → sub-tasks per step
    std::map<QString, int> coreCount;                   // accelerator core → kernels per step
    std::map<QString, double> coreUs;                   // accelerator core → kernel µs per step
    std::map<QString, int> maxBlockDim;
    QStringList metricColumns;
};

// Splits one CSV line (quoted cells may hold commas and doubled quotes).
QStringList csvCells(const QString &line)
{
    QStringList out;
    QString cell;
    bool quoted = false;
    for (int i = 0; i < line.size(); ++i) {
        const QChar c = line.at(i);
        if (quoted) {
            if (c == QLatin1Char('"') && i + 1 < line.size() && line.at(i + 1) == QLatin1Char('"'))
                cell += c, ++i;
            else if (c == QLatin1Char('"'))
                quoted = false;
            else
                cell += c;
        } else if (c == QLatin1Char('"')) {
            quoted = true;
        } else if (c == QLatin1Char(',')) {
            out << cell;
            cell.clear();
        } else {
            cell += c;
        }
    }
    out << cell;
    return out;
}

Side referenceSide()
{
    Side s;
    QFile k(refDir() + QStringLiteral("kernel_details.csv"));
    if (!k.open(QIODevice::ReadOnly))
        return s;
    const QStringList header = csvCells(QString::fromUtf8(k.readLine()).trimmed());
    const int cCore = int(header.indexOf(QStringLiteral("Accelerator Core")));
    const int cDur = int(header.indexOf(QStringLiteral("Duration(us)")));
    const int cBd = int(header.indexOf(QStringLiteral("Block Dim")));
    s.metricColumns = header.mid(header.indexOf(QStringLiteral("Context ID")) + 1);
    while (!k.atEnd()) {
        const QStringList c = csvCells(QString::fromUtf8(k.readLine()).trimmed());
        if (c.size() != header.size() || c.at(cCore) == QLatin1String("HCCL"))
            continue;
        ++s.coreCount[c.at(cCore)];
        s.coreUs[c.at(cCore)] += c.at(cDur).toDouble();
        s.maxBlockDim[c.at(cCore)] = std::max(s.maxBlockDim[c.at(cCore)], c.at(cBd).toInt());
    }

    QFile t(refDir() + QStringLiteral("trace_view.json"));
    if (!t.open(QIODevice::ReadOnly))
        return s;
    const QJsonArray events = QJsonDocument::fromJson(t.readAll()).array();
    qint64 hardwarePid = -1, hcclPid = -1;
    std::map<qint64, int> planeOfTid;
    for (const QJsonObject &e : testtrace::ofPhase(events, QLatin1String("M"))) {
        const QString what = e.value(QStringLiteral("args")).toObject().value(QStringLiteral("name")).toString();
        const qint64 pid = e.value(QStringLiteral("pid")).toVariant().toLongLong();
        if (e.value(QStringLiteral("name")).toString() == QLatin1String("process_name")) {
            if (what == QLatin1String("Ascend Hardware"))
                hardwarePid = pid;
            else if (what == QLatin1String("HCCL"))
                hcclPid = pid;
        }
    }
    for (const auto &v : events) {
        const QJsonObject e = v.toObject();
        if (e.value(QStringLiteral("ph")).toString() == QLatin1String("M")
            && e.value(QStringLiteral("name")).toString() == QLatin1String("thread_name")
            && e.value(QStringLiteral("pid")).toVariant().toLongLong() == hcclPid) {
            const QString name = e.value(QStringLiteral("args")).toObject().value(QStringLiteral("name")).toString();
            if (name.startsWith(QLatin1String("Plane ")))
                planeOfTid[e.value(QStringLiteral("tid")).toVariant().toLongLong()] = name.mid(6).toInt();
        }
    }
    for (const QJsonObject &e : testtrace::ofPhase(events, QLatin1String("X"))) {
        const qint64 pid = e.value(QStringLiteral("pid")).toVariant().toLongLong();
        const qint64 tid = e.value(QStringLiteral("tid")).toVariant().toLongLong();
        if (pid == hardwarePid)
            ++s.streamTypes[{int(tid), e.value(QStringLiteral("args")).toObject().value(QStringLiteral("Task Type")).toString()}];
        else if (pid == hcclPid && planeOfTid.count(tid))
            ++s.planeTasks[planeOfTid[tid]];
    }
    return s;
}

CollectSink emulate(AicMetrics metrics = AicMetrics::PipeUtilization)
{
    SessionSpec spec{.model = QStringLiteral("alexnet"), .batchSize = 32, .iterations = 3,
                     .devicesPerServer = 8, .precision = Precision::Fp32, .segments = 4,
                     .chip = QStringLiteral("910B")};
    ProfilingOptions o{.output = QStringLiteral("/tmp/npuscope-test"), .trainingTrace = Switch::On,
                       .taskTrace = Switch::On, .l2 = Switch::On, .hccl = Switch::On, .aicpu = Switch::On,
                       .aicMetrics = metrics};
    CollectSink sink;
    device::Emulator e(spec, o);
    e.run(sink);
    return sink;
}

constexpr int kStep = 2; // a step after the warm-up one

Side emulatedSide(const CollectSink &sink)
{
    Side s;
    std::map<std::uint32_t, const OpDesc *> ops;
    for (const OpDesc &o : sink.ops)
        ops[o.id] = &o;
    for (const TaskRecord &t : sink.tasks) {
        if (t.device != 0 || t.iteration != kStep)
            continue;
        ++s.streamTypes[{int(t.streamId), QString::fromStdString(sink.str(t.type))}];
        const auto op = ops.find(t.opId);
        if (t.opId == 0 || op == ops.end())
            continue;
        const QString core = QString::fromStdString(sink.str(op->second->coreType));
        if (core == QLatin1String("AI_CPU"))
            continue;
        ++s.coreCount[core];
        s.coreUs[core] += double(t.duration) / 1000.0;
        s.maxBlockDim[core] = std::max<int>(s.maxBlockDim[core], op->second->blockDim);
    }
    for (const HcclTaskRecord &h : sink.hccl)
        if (h.device == 0 && h.iteration == kStep)
            ++s.planeTasks[int(h.plane)];
    s.metricColumns = sink.info_.pmuColumns;
    return s;
}

double share(const std::map<QString, double> &m, std::initializer_list<const char *> keys)
{
    double part = 0, all = 0;
    for (const auto &[k, v] : m)
        all += v;
    for (const char *k : keys) {
        const auto it = m.find(QString::fromLatin1(k));
        part += it == m.end() ? 0 : it->second;
    }
    return all > 0 ? 100.0 * part / all : 0;
}

} // namespace

class Emulator910BTest : public QObject {
    Q_OBJECT
    Side ref_, emu_;
    CollectSink sink_;

private slots:
    void initTestCase()
    {
        NPUSCOPE_REQUIRE_DATA(refDir() + QStringLiteral("kernel_details.csv"), refDir() + QStringLiteral("trace_view.json"));
        ref_ = referenceSide();
        QVERIFY2(!ref_.coreCount.empty() && !ref_.streamTypes.empty(), "the vendored 910B capture is missing");
        sink_ = emulate();
        QCOMPARE(sink_.status, SessionStatus::Complete);
        emu_ = emulatedSide(sink_);
    }

    void taskTypeSet()
    {
        std::set<QString> ref, emu;
        for (const auto &[key, n] : ref_.streamTypes)
            if (!kTorchOnly.count(key.second))
                ref.insert(key.second);
        for (const auto &[key, n] : emu_.streamTypes)
            if (!kGraphOnly.count(key.second))
                emu.insert(key.second);
        QCOMPARE(QStringList(emu.begin(), emu.end()), QStringList(ref.begin(), ref.end()));
        std::set<QString> refCores, emuCores;
        for (const auto &[c, n] : ref_.coreCount)
            refCores.insert(c);
        for (const auto &[c, n] : emu_.coreCount)
            if (!kGraphOnly.count(c))
                emuCores.insert(c);
        QCOMPARE(QStringList(emuCores.begin(), emuCores.end()), QStringList(refCores.begin(), refCores.end()));
    }

    void streamUse()
    {
        // Which stream runs what: the same three roles on the same stream ids.
        auto streamsOf = [](const Side &s, const QString &type) {
            std::set<int> out;
            for (const auto &[key, n] : s.streamTypes)
                if (key.second == type)
                    out.insert(key.first);
            return out;
        };
        for (const char *type : {"AI_CORE", "MIX_AIV", "DSA_SQE", "Notify Wait", "SDMA", "Write Value"})
            QCOMPARE(streamsOf(emu_, QString::fromLatin1(type)), streamsOf(ref_, QString::fromLatin1(type)));
        // The HCCL stream's tasks per type, the events around each collective included.
        const int comm = *streamsOf(ref_, QStringLiteral("Notify Wait")).begin();
        for (const auto &[key, n] : ref_.streamTypes) {
            if (key.first != comm)
                continue;
            const int e = emu_.streamTypes[key];
            QVERIFY2(std::abs(e - n) <= 0.1 * n + 0.5,
                     qPrintable(QStringLiteral("stream %1 %2: emulated %3, real %4").arg(key.first).arg(key.second).arg(e).arg(n)));
        }
    }

    void hcclPlanes()
    {
        QCOMPARE(emu_.planeTasks.size(), ref_.planeTasks.size());
        for (const auto &[plane, n] : ref_.planeTasks) {
            const int e = emu_.planeTasks[plane];
            QVERIFY2(std::abs(e - n) <= 0.1 * n + 0.5,
                     qPrintable(QStringLiteral("plane %1: emulated %2, real %3").arg(plane).arg(e).arg(n)));
        }
    }

    void coreShares()
    {
        const double refCube = share(ref_.coreUs, {"AI_CORE", "MIX_AIC"});
        const double emuCube = share(emu_.coreUs, {"AI_CORE", "MIX_AIC"});
        QVERIFY2(std::abs(emuCube - refCube) <= 10,
                 qPrintable(QStringLiteral("cube share of kernel time: emulated %1 %, real %2 %").arg(emuCube, 0, 'f', 1).arg(refCube, 0, 'f', 1)));
        std::map<QString, double> refN, emuN;
        for (const auto &[c, n] : ref_.coreCount)
            refN[c] = n;
        for (const auto &[c, n] : emu_.coreCount)
            emuN[c] = n;
        const double refMix = share(refN, {"MIX_AIV"}), emuMix = share(emuN, {"MIX_AIV"});
        QVERIFY2(std::abs(emuMix - refMix) <= 5,
                 qPrintable(QStringLiteral("MIX_AIV share of kernels: emulated %1 %, real %2 %").arg(emuMix, 0, 'f', 1).arg(refMix, 0, 'f', 1)));
        const double refVec = share(refN, {"AI_VECTOR_CORE"}), emuVec = share(emuN, {"AI_VECTOR_CORE"});
        qInfo("cube share of kernel time %.1f %% (real %.1f %%), AI_VECTOR_CORE share of kernels %.1f %% (real %.1f %%), "
              "MIX_AIV %.1f %% (real %.1f %%)", emuCube, refCube, emuVec, refVec, emuMix, refMix);
        QVERIFY2(std::abs(emuVec - refVec) <= 15,
                 qPrintable(QStringLiteral("AI_VECTOR_CORE share of kernels: emulated %1 %, real %2 %").arg(emuVec, 0, 'f', 1).arg(refVec, 0, 'f', 1)));
    }

    void blockDims()
    {
        QCOMPARE(emu_.maxBlockDim[QStringLiteral("AI_CORE")], ref_.maxBlockDim[QStringLiteral("AI_CORE")]);
        QVERIFY(emu_.maxBlockDim[QStringLiteral("AI_VECTOR_CORE")] <= 48);
        for (const OpDesc &o : sink_.ops) {
            const std::string &core = sink_.str(o.coreType);
            if (core == "MIX_AIV" || core == "AI_VECTOR_CORE" || core == "AI_CORE")
                QCOMPARE(int(o.mixBlockDim), 0);
            if (core == "MIX_AIC")
                QCOMPARE(int(o.mixBlockDim), std::min(2 * int(o.blockDim), 48));
            if (core == "DSA_SQE")
                QCOMPARE(int(o.blockDim), 0);
        }
    }

    void pmuColumns()
    {
        QCOMPARE(emu_.metricColumns, ref_.metricColumns);
        const QStringList &cols = emu_.metricColumns;
        const auto at = [&](const char *n) { return std::size_t(cols.indexOf(QLatin1String(n))); };
        std::map<std::uint32_t, const OpDesc *> ops;
        for (const OpDesc &o : sink_.ops)
            ops[o.id] = &o;
        int checked = 0;
        for (const TaskRecord &t : sink_.tasks) {
            const auto op = ops.find(t.opId);
            if (t.opId == 0 || op == ops.end() || t.pmu.empty())
                continue;
            QCOMPARE(t.pmu.size(), std::size_t(cols.size()));
            const std::string &core = sink_.str(op->second->coreType);
            const bool cube = core == "AI_CORE" || core == "MIX_AIC";
            const bool vector = core != "AI_CORE";
            QCOMPARE(t.pmu[at("aic_total_cycles")] > 0, cube);
            QCOMPARE(t.pmu[at("aiv_total_cycles")] > 0, vector);
            QCOMPARE(t.totalCycles > 0, cube);
            if (cube) {
                const double expect = 100.0 * op->second->blockDim / 24 * t.pmu[at("aicore_time(us)")] * 1000.0 / double(t.duration);
                QVERIFY(std::abs(t.pmu[at("cube_utilization(%)")] - expect) < 0.1);
            } else {
                QCOMPARE(t.pmu[at("cube_utilization(%)")], 0.f);
            }
            ++checked;
        }
        QVERIFY(checked > 100);
    }

    // The chip is a session setting: kept in the settings JSON, the 910 for settings
    // written without it, an unknown name refused with a sentence naming it.
    void chipSetting()
    {
        SessionSpec spec;
        spec.chip = QStringLiteral("910B");
        SessionSpec back;
        QVERIFY(SessionSpec::fromJson(spec.toJson(), &back, nullptr));
        QCOMPARE(back.chip, QStringLiteral("910B"));
        QVERIFY(SessionSpec::fromJson(R"({"model":"lenet","batch":8})", &back, nullptr));
        QCOMPARE(back.chip, QStringLiteral("910"));
        // A 910 session's settings are written as before chips could be chosen (the
        // export's folder name derives from them).
        QVERIFY(!SessionSpec().toJson().contains("chip"));
        QCOMPARE(sink_.info_.name.endsWith(QLatin1String(" 910B")), true);
        QString why;
        QVERIFY(device::Emulator::validate(spec, &why));
        spec.chip = QStringLiteral("Ascend910b");
        QVERIFY(device::Emulator::validate(spec, &why));
        spec.chip = QStringLiteral("920");
        QVERIFY(!device::Emulator::validate(spec, &why));
        QVERIFY2(why.contains(QLatin1String("\"920\"")) && why.contains(QLatin1String("910B")), qPrintable(why));
        CollectSink none;
        device::Emulator e(spec, ProfilingOptions{});
        QVERIFY(e.run(none) != SessionStatus::Complete);
        QVERIFY2(e.errorString().contains(QLatin1String("920")), qPrintable(e.errorString()));
        QVERIFY(none.tasks.empty());
    }

    void otherMetricGroups()
    {
        const CollectSink s = emulate(AicMetrics::Memory);
        QCOMPARE(s.info_.pmuColumns, (QStringList{QStringLiteral("aicore_time(us)"), QStringLiteral("aic_total_cycles"),
                                                    QStringLiteral("aiv_time(us)"), QStringLiteral("aiv_total_cycles")}));
    }
};

QTEST_GUILESS_MAIN(Emulator910BTest)
#include "test_emulator_910b.moc"
