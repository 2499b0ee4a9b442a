// The communication analysis (core/analysis/communication.h) and its advisor rules:
//  - on the real 2-rank torch_npu capture, every op × rank figure, the per-rank totals, the
//    link types and the rank × rank matrix equal what the capture's own communication.json
//    and communication_matrix.json say (read here with QJsonDocument, independently of the
//    importer), and the slow rank follows msprof's rule applied to those files' totals;
//  - on HCCL tasks built by hand, transit, wait, synchronisation, idle and bandwidth per link
//    type are msprof's definitions, worked out by hand below;
//  - on emulated multi-device sessions, the parts of every op add up to its elapse time.

#include "core/analysis/advisor.h"
#include "core/analysis/communication.h"
#include "core/importing/importer.h"
#include "core/model/memory_trace.h"
#include "device/emulator.h"
#include "tests/core/advisor_test_support.h"
#include "tests/test_data.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <algorithm>
#include <map>
#include <set>

using namespace npuscope;
using namespace npuscope::analysis;

namespace {

QString outputFile(int rank, const char *name)
{
    return testdata::torchTextOutput(rank) + QLatin1String(name);
}

QJsonObject readJson(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

bool close(double a, double b, double tol = 1e-9) { return std::fabs(a - b) <= tol * std::max(1.0, std::fabs(b)); }

const CommLinkFigures *link(const std::vector<CommLinkFigures> &links, const QString &t)
{
    for (const CommLinkFigures &l : links)
        if (QString::fromStdString(l.transport) == t)
            return &l;
    return nullptr;
}

bool importCapture(MemoryTrace &trace)
{
    importing::ImportRequest req;
    req.path = testdata::torchText910b();
    importing::ImportReport rep;
    importing::ImportError kind{};
    QString error;
    const bool ok = importing::importProf(req, trace, &rep, &kind, &error);
    if (!ok)
        qWarning("import: %s", qPrintable(error));
    return ok;
}

std::uint16_t deviceOfRank(const TraceReader &r, int rank)
{
    for (const DeviceInfo &d : r.sessionInfo().devices)
        if (int(d.rankId) == rank)
            return d.id;
    return 0xffff;
}

// A trace with one collective op on device 0 and the HCCL tasks given.
struct HandTrace {
    MemoryTrace trace;
    RecordBatch batch;
    StringTable strings;
    StrId s(const char *t) { return strings.intern(t, batch); }
    void task(std::uint32_t plane, const char *name, TimeNs startUs, TimeNs endUs, const char *transport = "LOCAL",
              const char *linkType = "INVALID_TYPE", std::uint64_t bytes = 0, std::uint32_t dst = kInvalidId)
    {
        HcclTaskRecord h;
        h.modelId = 1;
        h.iteration = 1;
        h.plane = plane;
        h.name = s(name);
        h.start = startUs * 1000;
        h.duration = (endUs - startUs) * 1000;
        h.transportType = s(transport);
        h.linkType = s(linkType);
        h.sizeBytes = bytes;
        h.streamId = plane; // a stream per plane, as on the 910
        h.srcRank = 0;
        h.dstRank = dst;
        batch.hcclTasks.push_back(h);
    }
    void finish(TimeNs opStartUs, TimeNs opEndUs)
    {
        CollectiveOpRecord c;
        c.modelId = 1;
        c.iteration = 1;
        c.name = s("hcom_allReduce_1");
        c.opType = s("AllReduce");
        c.start = opStartUs * 1000;
        c.duration = (opEndUs - opStartUs) * 1000;
        batch.collectives.push_back(c);
        SessionInfo info;
        info.devices.resize(1);
        trace.begin(info);
        trace.write(batch);
        trace.end(SessionStatus::Complete, info.devices);
    }
};

} // namespace

class PipelineCommunication : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        NPUSCOPE_REQUIRE_DATA(outputFile(0, "communication.json"), outputFile(1, "communication.json"),
                              outputFile(0, "communication_matrix.json"), outputFile(1, "communication_matrix.json"));
    }

    void realCaptureMatchesTheProfilersFiles()
    {
        MemoryTrace trace;
        QVERIFY(importCapture(trace));
        const CommunicationAnalysis a = analyzeCommunication(trace);
        QCOMPARE(a.source, CommSource::Profiler);

        int expectedOps = 0;
        std::map<int, QJsonObject> totals; // rank → "Total Op Info" time info
        for (int rank = 0; rank < 2; ++rank) {
            const QJsonObject root = readJson(outputFile(rank, "communication.json"));
            QVERIFY(!root.isEmpty());
            const std::uint16_t device = deviceOfRank(trace, rank);
            QVERIFY(device != 0xffff);
            for (auto step = root.begin(); step != root.end(); ++step) {
                const QJsonObject types = step->toObject();
                for (auto type = types.begin(); type != types.end(); ++type) {
                    const QJsonObject ops = type->toObject();
                    for (auto op = ops.begin(); op != ops.end(); ++op) {
                        const QJsonObject time = op->toObject().value(QStringLiteral("Communication Time Info")).toObject();
                        if (op.key() == QLatin1String("Total Op Info")) {
                            totals[rank] = time;
                            continue;
                        }
                        ++expectedOps;
                        const QString name = op.key().section(u'@', 0, 0);
                        auto it = std::find_if(a.ops.begin(), a.ops.end(), [&](const CommOpRank &o) {
                            return o.device == device && QString::fromStdString(o.op) == name
                                   && QString::fromStdString(o.step) == step.key();
                        });
                        QVERIFY2(it != a.ops.end(), qPrintable(name));
                        QCOMPARE(it->rank, std::int64_t(rank));
                        QCOMPARE(QString::fromStdString(it->group), op.key().section(u'@', 1));
                        QVERIFY(close(it->elapseMs, time.value(QStringLiteral("Elapse Time(ms)")).toDouble()));
                        QVERIFY(close(it->transitMs, time.value(QStringLiteral("Transit Time(ms)")).toDouble()));
                        QVERIFY(close(it->waitMs, time.value(QStringLiteral("Wait Time(ms)")).toDouble()));
                        QVERIFY(close(it->syncMs, time.value(QStringLiteral("Synchronization Time(ms)")).toDouble()));
                        QVERIFY(close(it->idleMs, time.value(QStringLiteral("Idle Time(ms)")).toDouble()));
                        // The file rounds its ratios to 4 decimals.
                        QVERIFY(close(it->waitRatio(), time.value(QStringLiteral("Wait Time Ratio")).toDouble(), 1e-4));
                        // Link types: exactly those the op moved bytes on, with the file's bandwidth.
                        const QJsonObject bw = op->toObject().value(QStringLiteral("Communication Bandwidth Info")).toObject();
                        std::set<QString> used;
                        for (auto l = bw.begin(); l != bw.end(); ++l) {
                            const QJsonObject lo = l->toObject();
                            if (lo.value(QStringLiteral("Transit Size(MB)")).toDouble() <= 0)
                                continue;
                            used.insert(l.key());
                            const CommLinkFigures *f = link(it->links, l.key());
                            QVERIFY2(f, qPrintable(l.key()));
                            QVERIFY(close(f->sizeMB, lo.value(QStringLiteral("Transit Size(MB)")).toDouble()));
                            QVERIFY(close(f->bandwidthGBps, lo.value(QStringLiteral("Bandwidth(GB/s)")).toDouble()));
                        }
                        QCOMPARE(it->links.size(), used.size());
                        QVERIFY(!used.empty());
                    }
                }
            }
        }
        QCOMPARE(int(a.ops.size()), expectedOps);
        QVERIFY(expectedOps > 0);

        // Per-rank sums equal torch_npu's own "Total Op Info".
        QCOMPARE(a.ranks.size(), std::size_t(2));
        int leastWait = -1, mostWait = -1;
        for (const auto &entry : totals) {
            const int rank = entry.first;
            const QJsonObject &t = entry.second;
            const auto r = std::find_if(a.ranks.begin(), a.ranks.end(), [rank](const CommRankTotals &x) { return x.rank == rank; });
            QVERIFY(r != a.ranks.end());
            QVERIFY(close(r->elapseMs, t.value(QStringLiteral("Elapse Time(ms)")).toDouble(), 1e-9));
            QVERIFY(close(r->transitMs, t.value(QStringLiteral("Transit Time(ms)")).toDouble(), 1e-9));
            QVERIFY(close(r->waitMs, t.value(QStringLiteral("Wait Time(ms)")).toDouble(), 1e-9));
            QVERIFY(close(r->syncMs, t.value(QStringLiteral("Synchronization Time(ms)")).toDouble(), 1e-9));
            QVERIFY(close(r->idleMs, t.value(QStringLiteral("Idle Time(ms)")).toDouble(), 1e-9));
            QVERIFY(close(r->waitRatio(), t.value(QStringLiteral("Wait Time Ratio")).toDouble(), 1e-4));
            const double w = t.value(QStringLiteral("Wait Time Ratio")).toDouble();
            if (leastWait < 0 || w < totals[leastWait].value(QStringLiteral("Wait Time Ratio")).toDouble()) leastWait = rank;
            if (mostWait < 0 || w > totals[mostWait].value(QStringLiteral("Wait Time Ratio")).toDouble()) mostWait = rank;
        }
        QVERIFY(leastWait != mostWait);
        QCOMPARE(a.ranks[std::size_t(a.leastWaitRank)].rank, std::int64_t(leastWait));
        QCOMPARE(a.ranks[std::size_t(a.mostWaitRank)].rank, std::int64_t(mostWait));
        // msprof's slow-rank rule on the files' own ratios.
        const bool unsynchronised = totals[mostWait].value(QStringLiteral("Wait Time Ratio")).toDouble() > 0.2
                                    && totals[mostWait].value(QStringLiteral("Synchronization Time Ratio")).toDouble() > 0.2;
        QVERIFY(unsynchronised); // the capture's rank 0 waits for rank 1 at the first all-reduce
        QCOMPARE(a.ranks[std::size_t(a.slowestRank)].rank, std::int64_t(leastWait));

        // The matrix: the "-total" links of both ranks' files, summed per (source, destination).
        std::map<std::pair<int, int>, std::pair<double, double>> cells; // → (MB, ms)
        std::map<std::pair<int, int>, QString> transports;
        for (int rank = 0; rank < 2; ++rank) {
            const QJsonObject root = readJson(outputFile(rank, "communication_matrix.json"));
            for (auto step = root.begin(); step != root.end(); ++step) {
                const QJsonObject types = step->toObject();
                for (auto type = types.begin(); type != types.end(); ++type) {
                    const QJsonObject ops = type->toObject();
                    for (auto op = ops.begin(); op != ops.end(); ++op) {
                        if (!op.key().contains(QLatin1String("-total@")))
                            continue;
                        const QJsonObject links = op->toObject();
                        for (auto l = links.begin(); l != links.end(); ++l) {
                            const auto key = std::make_pair(l.key().section(u'-', 0, 0).toInt(), l.key().section(u'-', 1).toInt());
                            cells[key].first += l->toObject().value(QStringLiteral("Transit Size(MB)")).toDouble();
                            cells[key].second += l->toObject().value(QStringLiteral("Transit Time(ms)")).toDouble();
                            transports[key] = l->toObject().value(QStringLiteral("Transport Type")).toString();
                        }
                    }
                }
            }
        }
        QVERIFY(!a.matrices.empty());
        const CommMatrix &all = a.matrices.front();
        QVERIFY(all.name.empty());
        QCOMPARE(all.cells.size(), cells.size());
        int maxRank = 0;
        for (const CommMatrixCell &c : all.cells) {
            const auto key = std::make_pair(int(c.srcRank), int(c.dstRank));
            QVERIFY(cells.count(key));
            QVERIFY(close(c.sizeMB, cells[key].first));
            QVERIFY(close(c.timeMs, cells[key].second));
            QVERIFY(close(c.bandwidthGBps, cells[key].first / cells[key].second));
            QCOMPARE(QString::fromStdString(c.transport), transports[key]);
            maxRank = std::max({maxRank, key.first, key.second});
        }
        QCOMPARE(all.rankCount(), std::uint32_t(maxRank + 1));
    }

    // The advisor names the rank the others wait for and the unhidden communication, with
    // shares taken from the files; no link is slow (every HCCS link is within 80 % of the median).
    void realCaptureAdvice()
    {
        MemoryTrace trace;
        QVERIFY(importCapture(trace));
        const std::vector<Finding> fs = advise(trace);
        const auto find = [&fs](const char *id) { return advisortest::find(fs, id); };
        const Finding *straggler = find("straggler");
        QVERIFY(straggler);
        QCOMPARE(straggler->devices, std::vector<std::uint16_t>{deviceOfRank(trace, 1)});
        QCOMPARE(straggler->focusDevice, deviceOfRank(trace, 0));

        // Rank 0's step: computing + not overlapped + free from its step_trace_time.csv, less
        // the synchronisation its "Total Op Info" gives (the straggler's part).
        QFile csv(outputFile(0, "step_trace_time.csv"));
        QVERIFY(csv.open(QIODevice::ReadOnly));
        const QStringList head = QString::fromUtf8(csv.readLine()).trimmed().split(u',');
        const QStringList row = QString::fromUtf8(csv.readLine()).trimmed().split(u',');
        const auto cell = [&](const char *c) { return row.at(head.indexOf(QLatin1String(c))).toDouble() / 1000.0; };
        const double step = cell("Computing") + cell("Communication(Not Overlapped)") + cell("Free");
        const QJsonObject total = readJson(outputFile(0, "communication.json"))
                                      .value(QStringLiteral("step50")).toObject()
                                      .value(QStringLiteral("collective")).toObject()
                                      .value(QStringLiteral("Total Op Info")).toObject()
                                      .value(QStringLiteral("Communication Time Info")).toObject();
        const double sync = total.value(QStringLiteral("Synchronization Time(ms)")).toDouble();
        const auto figure = [](const Finding &f, const char *name) {
            for (const auto &[n, v] : f.figures)
                if (n == name)
                    return v;
            return -1.0;
        };
        QVERIFY(close(figure(*straggler, "sync_share"), sync / step, 1e-6));
        QVERIFY(straggler->evidence.startsWith(QLatin1String("Rank 0 ")));
        QVERIFY(straggler->title.startsWith(QLatin1String("Rank 1 ")));
        const AdvisorOptions opt;
        const double share = sync / step;
        QCOMPARE(straggler->severity, share >= opt.stragglerShareCritical  ? Severity::Critical
                                      : share >= opt.stragglerShareWarning ? Severity::Warning
                                                                           : Severity::Info);

        // The iteration-based rule judges this capture's overlap; the communication rules do
        // not report the same id twice.
        QCOMPARE(std::count_if(fs.begin(), fs.end(), [](const Finding &f) { return f.id == "comm-not-overlapped"; }), 1);
        QCOMPARE(std::count_if(fs.begin(), fs.end(), [](const Finding &f) { return f.id == "straggler"; }), 1);
        QVERIFY(!find("slow-link"));
    }

    // A session with only the profiler's statistics (no tasks, no iterations): rank 1 waits
    // 30 of its 40 ms of wait + transit synchronising; its steps are 100 ms with 60 ms of
    // communication not overlapped, of which 30 ms are the straggler's.
    void statisticsOnlyAdvice()
    {
        MemoryTrace trace;
        RecordBatch b;
        StringTable st;
        SessionInfo info;
        info.devices.resize(2);
        info.devices[0].id = 0; info.devices[0].rankId = 0;
        info.devices[1].id = 1; info.devices[1].rankId = 1;
        const auto op = [&](std::uint16_t dev, double transit, double wait, double sync) {
            CommOpStatRecord r;
            r.device = dev;
            r.step = st.intern("step1", b);
            r.type = st.intern("collective", b);
            r.op = st.intern("hcom_allReduce__1_0_1@42", b);
            r.start = 1000;
            r.elapseMs = 50;
            r.transitMs = transit;
            r.waitMs = wait;
            r.syncMs = sync;
            r.idleMs = 50 - transit - wait;
            b.commOps.push_back(r);
            StepTimeRecord s;
            s.device = dev;
            s.step = r.step;
            s.computing = 30'000'000;
            s.commNotOverlapped = 60'000'000;
            s.free = 10'000'000;
            b.stepTimes.push_back(s);
        };
        op(0, 10, 1, 0);
        op(1, 10, 30, 30);
        trace.begin(info);
        trace.write(b);
        trace.end(SessionStatus::Complete, info.devices);
        const CommunicationAnalysis a = analyzeCommunication(trace);
        QCOMPARE(a.ranks[std::size_t(a.slowestRank)].rank, std::int64_t(0));
        QCOMPARE(a.ranks[std::size_t(a.mostWaitRank)].rank, std::int64_t(1));
        const std::vector<Finding> fs = advise(trace);
        const Finding *straggler = nullptr, *comm = nullptr;
        for (const Finding &f : fs) {
            if (f.id == "straggler") straggler = &f;
            if (f.id == "comm-not-overlapped") comm = &f;
        }
        QVERIFY(straggler && comm);
        QCOMPARE(straggler->devices, std::vector<std::uint16_t>{0});
        QCOMPARE(straggler->focusDevice, std::uint16_t(1));
        QCOMPARE(straggler->severity, Severity::Critical); // 30 ms of a 100 ms step
        // Device 0: 60 of 100 ms; device 1: (60 − 30) of 100 ms. The worst is device 0.
        QCOMPARE(comm->focusDevice, std::uint16_t(0));
        QCOMPARE(comm->severity, Severity::Critical);
        QCOMPARE(comm->devices, (std::vector<std::uint16_t>{0, 1}));
        bool found = false;
        for (const auto &[n, v] : comm->figures)
            if (n == "not_overlapped_share") { found = true; QVERIFY(close(v, 0.6)); }
        QVERIFY(found);
    }

    // Hand-made op 0–100 µs. Main plane 0: Notify_Wait 0–30, HCCS copy 30–50 (2 MB),
    // Notify_Wait 50–60, HCCS copy 55–70 (1 MB), an on-chip copy 70–75 (not a transfer).
    // Plane 1: PCIe copy 10–40 (3 MB). A task ending after the op belongs to the next one.
    //   transit = 30–50 ∪ 55–70 = 35 µs; wait = (0–30 ∪ 50–60) − transit = 35 µs;
    //   synchronisation = wait before 30 = 30 µs; idle = 100 − |0–70| = 30 µs;
    //   HCCS 3 MB in 35 µs = 85.714 GB/s; PCIe 3 MB in 30 µs = 100 GB/s; SDMA = both.
    void hccsTasksFollowMsprofsDefinitions()
    {
        HandTrace h;
        h.task(0, "Notify_Wait", 0, 30);
        h.task(0, "Memcpy", 30, 50, "SDMA", "HCCS", 2'000'000, 1);
        h.task(0, "Notify_Wait", 50, 60);
        h.task(0, "Reduce_Inline", 55, 70, "SDMA", "HCCS", 1'000'000, 1);
        h.task(0, "Memcpy", 70, 75, "SDMA", "ON_CHIP", 4'000'000, 0);
        h.task(1, "Memcpy", 10, 40, "SDMA", "PCIE", 3'000'000, 2);
        h.task(0, "Notify_Wait", 90, 130);
        h.finish(0, 100);
        const CommunicationAnalysis a = analyzeCommunication(h.trace);
        QCOMPARE(a.source, CommSource::HcclTasks);
        QCOMPARE(a.ops.size(), std::size_t(1));
        const CommOpRank &o = a.ops.front();
        QVERIFY(close(o.elapseMs, 0.100));
        QVERIFY(close(o.transitMs, 0.035));
        QVERIFY(close(o.waitMs, 0.035));
        QVERIFY(close(o.syncMs, 0.030));
        QVERIFY(close(o.idleMs, 0.030));
        QVERIFY(close(o.waitRatio(), 0.5));
        QVERIFY(close(o.syncRatio(), 0.030 / 0.065));
        QCOMPARE(o.links.size(), std::size_t(3)); // HCCS, PCIE, SDMA; no RDMA: no invented figure
        QVERIFY(close(link(o.links, QStringLiteral("HCCS"))->bandwidthGBps, 3.0 / 0.035));
        QVERIFY(close(link(o.links, QStringLiteral("PCIE"))->bandwidthGBps, 3.0 / 0.030));
        QVERIFY(close(link(o.links, QStringLiteral("SDMA"))->sizeMB, 6.0));
        QVERIFY(close(link(o.links, QStringLiteral("SDMA"))->timeMs, 0.065));
        QVERIFY(!link(o.links, QStringLiteral("RDMA")));
        // Matrix: 0→1 over HCCS, 0→2 over PCIe, 0→0 on chip.
        const CommMatrix &m = a.matrices.front();
        QCOMPARE(m.cells.size(), std::size_t(3));
        QCOMPARE(m.rankCount(), std::uint32_t(3));
        for (const CommMatrixCell &c : m.cells) {
            if (c.dstRank == 1) { QCOMPARE(c.transport, std::string("HCCS")); QVERIFY(close(c.sizeMB, 3.0)); }
            if (c.dstRank == 2) { QCOMPARE(c.transport, std::string("PCIE")); QVERIFY(close(c.bandwidthGBps, 100.0)); }
            if (c.dstRank == 0) QCOMPARE(c.transport, std::string("ON_CHIP"));
        }
        // One rank: no one to wait for.
        QCOMPARE(a.slowestRank, -1);
    }

    // Rank 0 sends 1 MB to ranks 1, 2 and 3 over HCCS: 50, 50 and 100 µs (20, 20, 10 GB/s).
    // The median is 20 GB/s; the link to rank 3 is below 80 % of it and loses
    // 0.1 − 1 / 20 = 0.05 ms of the 0.2 ms of HCCS transfer time: 25 %, critical.
    void slowLinkIsNamed()
    {
        HandTrace h;
        h.task(1, "Memcpy", 0, 50, "SDMA", "HCCS", 1'000'000, 1);
        h.task(2, "Memcpy", 0, 50, "SDMA", "HCCS", 1'000'000, 2);
        h.task(3, "Memcpy", 0, 100, "SDMA", "HCCS", 1'000'000, 3);
        h.finish(0, 120);
        const std::vector<Finding> fs = advise(h.trace);
        const Finding *f = nullptr;
        for (const Finding &x : fs)
            if (x.id == "slow-link")
                f = &x;
        QVERIFY(f);
        QCOMPARE(f->severity, Severity::Critical);
        QCOMPARE(f->ops, std::vector<std::string>{"0-3"});
        QVERIFY(f->title.contains(QLatin1String("rank 0 to rank 3")));
        for (const auto &[n, v] : f->figures) {
            if (n == "slow_link_share") QVERIFY(close(v, 0.25));
            if (n == "median_gbps") QVERIFY(close(v, 20.0));
            if (n == "slow_link_gbps") QVERIFY(close(v, 10.0));
        }
        // Equal links: nothing to report.
        HandTrace even;
        for (std::uint32_t r = 1; r <= 3; ++r)
            even.task(r, "Memcpy", 0, 50, "SDMA", "HCCS", 1'000'000, r);
        even.finish(0, 120);
        for (const Finding &x : advise(even.trace))
            QVERIFY(x.id != "slow-link");
    }

    void noCommunicationIsEmpty()
    {
        HandTrace h;
        SessionInfo info;
        h.trace.begin(info);
        h.trace.end(SessionStatus::Complete, {});
        const CommunicationAnalysis a = analyzeCommunication(h.trace);
        QVERIFY(a.empty());
        QCOMPARE(a.source, CommSource::None);
        QCOMPARE(a.slowestRank, -1);
        QCOMPARE(a.leastWaitRank, -1);
    }

    // Emulated sessions (910 rings, 910B mesh) are analysed from their HCCL tasks: every op
    // of every rank, its parts adding up to its elapse time, shares within [0, 1].
    void emulatedSessionsAddUp_data()
    {
        QTest::addColumn<QString>("chip");
        QTest::addColumn<int>("devices");
        QTest::newRow("910 x4") << "910" << 4;
        QTest::newRow("910B x2") << "910B" << 2;
    }
    void emulatedSessionsAddUp()
    {
        QFETCH(QString, chip);
        QFETCH(int, devices);
        SessionSpec s{.model = QStringLiteral("resnet50"), .iterations = 2, .devicesPerServer = devices,
                      .seed = 5, .chip = chip};
        ProfilingOptions o{.trainingTrace = Switch::On, .taskTrace = Switch::On, .hccl = Switch::On};
        MemoryTrace trace;
        device::Emulator emu(s, o);
        QCOMPARE(emu.run(trace), SessionStatus::Complete);
        const CommunicationAnalysis a = analyzeCommunication(trace);
        QCOMPARE(a.source, CommSource::HcclTasks);
        QCOMPARE(int(a.ranks.size()), devices);
        int collectives = 0;
        for (const IterationKey &k : trace.iterations())
            trace.forEachCollective(k, [&collectives](const CollectiveOpRecord &) { ++collectives; return true; });
        QCOMPARE(int(a.ops.size()), collectives);
        for (const CommOpRank &op : a.ops) {
            QVERIFY(op.transitMs >= 0 && op.waitMs >= 0 && op.syncMs >= 0 && op.idleMs >= -1e-12);
            QVERIFY(op.syncMs <= op.waitMs + 1e-12);
            QVERIFY(close(op.transitMs + op.waitMs + op.idleMs, op.elapseMs, 1e-9));
            // The 910B's planes share one stream, which moves the data; a 910's main plane
            // (plane 0) copies on chip only in the emulated rings of four.
            if (chip == QLatin1String("910B"))
                QVERIFY(op.transitMs > 0);
            QVERIFY(!op.links.empty());
            for (const CommLinkFigures &l : op.links)
                QVERIFY(l.sizeMB > 0 && l.bandwidthGBps > 0);
        }
        QVERIFY(!a.matrices.empty());
        QCOMPARE(a.matrices.front().rankCount(), std::uint32_t(devices));
    }
};

QTEST_GUILESS_MAIN(PipelineCommunication)
#include "test_pipeline_communication.moc"
