// Collectives against the real 910 capture: the 8-card AlexNet job of
// tests/data/reference/ascend910-alexnet-msprof (devices 0 and 1, iterations 2–10, one
// all-reduce per step). The same code reads both sides: the reference's hccl_* and
// task_time_* timeline files and the emulator's records for the same job (AlexNet, batch
// 32, 8 cards of one server, one gradient segment). Checked per device:
//  - HCCL tasks per plane and name (Notify_Record/Notify_Wait/Reduce_Inline/Memcpy) and
//    hardware tasks per HCCL stream and type, per iteration: within ±10 %;
//  - which card each plane writes to and over which link: exactly the reference's;
//  - how the data splits: planes 1–3 carry equal 512-byte aligned slices, plane 0 the rest,
//    and the on-chip copy moves the card's whole shard (the four slices), on both sides;
//  - the all-reduce duration (median per device): within ±20 %.
// Plus the 910B mesh and the multi-server hierarchy at the algorithm level.
#include "collect_sink.h"
#include "device/collectives.h"
#include "device/emulator.h"
#include "tests/test_trace_events.h"
#include "tests/test_stats.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>
#include <algorithm>
#include <map>
#include <set>

using namespace npuscope;
using testtrace::load;
using teststats::median;
using npuscope::test::CollectSink;

namespace {

constexpr int kFirst = 2, kLast = 10;

// What one device does per iteration, as either side shows it.
struct Side {
    std::map<std::pair<int, QString>, double> planeTasks;  // (plane, HCCL name) → per iteration
    std::map<std::pair<int, QString>, double> streamTasks; // (plane of the stream, hardware type) → per iteration
    std::map<int, std::set<std::pair<int, QString>>> targets; // plane → {(dst rank, link)} of Reduce_Inline
    std::map<int, std::set<std::uint64_t>> sliceBytes;        // plane → Reduce_Inline sizes
    std::set<std::uint64_t> onChipBytes;                      // on-chip Memcpy sizes
    std::vector<double> reduceUs;                             // collective durations
};

QString referenceTimeline(int device)
{
    QDir dir(QStringLiteral(NPUSCOPE_TEST_DATA "/reference/ascend910-alexnet-msprof"));
    for (const QString &prof : dir.entryList({QStringLiteral("PROF_*")}, QDir::Dirs)) {
        const QString t = dir.filePath(prof + QStringLiteral("/device_%1/timeline").arg(device));
        if (QDir(t).exists())
            return t;
    }
    return {};
}

Side referenceSide(int device)
{
    Side s;
    const QString dirPath = referenceTimeline(device);
    const QStringList hcclFiles = QDir(dirPath).entryList({QStringLiteral("hccl_%1_*_*.json").arg(device)});
    const QString modelPart = hcclFiles.isEmpty() ? QString() : hcclFiles.first().section(QLatin1Char('_'), 2, 2);
    for (int it = kFirst; it <= kLast; ++it) {
        const QString stem = QStringLiteral("%1_%2_%3.json").arg(device).arg(modelPart).arg(it);
        std::map<int, int> streamPlane; // hardware stream → plane, learnt from the HCCL file
        for (const QJsonObject &e : testtrace::ofPhase(load(dirPath + QStringLiteral("/hccl_") + stem), QLatin1String("X"))) {
            const int tid = e.value(QStringLiteral("tid")).toInt();
            if (tid >= 70000) {
                s.reduceUs.push_back(e.value(QStringLiteral("dur")).toDouble());
                continue;
            }
            const QJsonObject a = e.value(QStringLiteral("args")).toObject();
            const QString name = e.value(QStringLiteral("name")).toString();
            s.planeTasks[{tid, name}] += 1;
            streamPlane[a.value(QStringLiteral("stream id")).toInt()] = tid;
            const std::uint64_t size = std::uint64_t(a.value(QStringLiteral("size(Byte)")).toDouble());
            const QString link = a.value(QStringLiteral("link type")).toString();
            if (name == QLatin1String("Reduce_Inline")) {
                s.targets[tid].insert({int(a.value(QStringLiteral("dst rank")).toDouble()), link});
                s.sliceBytes[tid].insert(size);
            } else if (name == QLatin1String("Memcpy") && link == QLatin1String("ON_CHIP")) {
                s.onChipBytes.insert(size);
            }
        }
        for (const QJsonObject &e : testtrace::ofPhase(load(dirPath + QStringLiteral("/task_time_") + stem), QLatin1String("X"))) {
            const QJsonObject a = e.value(QStringLiteral("args")).toObject();
            const auto plane = streamPlane.find(a.value(QStringLiteral("Stream Id")).toInt());
            if (plane != streamPlane.end())
                s.streamTasks[{plane->second, a.value(QStringLiteral("Task Type")).toString()}] += 1;
        }
    }
    const double n = kLast - kFirst + 1;
    for (auto &[k, v] : s.planeTasks) v /= n;
    for (auto &[k, v] : s.streamTasks) v /= n;
    return s;
}

Side emulatedSide(const CollectSink &sink, int device)
{
    Side s;
    std::map<std::uint32_t, int> streamPlane;
    int iterations = 0;
    std::set<std::uint32_t> seen;
    for (const auto &h : sink.hccl) {
        if (h.device != device || h.iteration < std::uint32_t(kFirst))
            continue;
        seen.insert(h.iteration);
        const QString name = QString::fromStdString(sink.str(h.name));
        const int plane = int(h.plane);
        s.planeTasks[{plane, name}] += 1;
        streamPlane[h.streamId] = plane;
        const QString link = QString::fromStdString(sink.str(h.linkType));
        if (name == QLatin1String("Reduce_Inline")) {
            s.targets[plane].insert({int(h.dstRank), link});
            s.sliceBytes[plane].insert(h.sizeBytes);
        } else if (name == QLatin1String("Memcpy") && link == QLatin1String("ON_CHIP")) {
            s.onChipBytes.insert(h.sizeBytes);
        }
    }
    iterations = int(seen.size());
    for (const auto &t : sink.tasks) {
        if (t.device != device || t.iteration < std::uint32_t(kFirst))
            continue;
        const auto plane = streamPlane.find(t.streamId);
        if (plane != streamPlane.end())
            s.streamTasks[{plane->second, QString::fromStdString(sink.str(t.type))}] += 1;
    }
    for (const auto &c : sink.collectives)
        if (c.device == device && c.iteration >= std::uint32_t(kFirst))
            s.reduceUs.push_back(double(c.duration) / 1000.0);
    for (auto &[k, v] : s.planeTasks) v /= iterations;
    for (auto &[k, v] : s.streamTasks) v /= iterations;
    return s;
}

// Planes 1.. carry equal slices (a quarter of the shard rounded up to 512 bytes), plane 0
// the rest; the on-chip copy
// is the sum of the four.
void checkSplit(const Side &s, const char *side)
{
    QVERIFY2(s.sliceBytes.size() == 4, side);
    const std::uint64_t slice = *s.sliceBytes.at(1).begin();
    QVERIFY2(slice % 512 == 0, side);
    for (int p = 1; p < 4; ++p) {
        QCOMPARE(s.sliceBytes.at(p).size(), size_t(1));
        QCOMPARE(*s.sliceBytes.at(p).begin(), slice);
    }
    QCOMPARE(s.sliceBytes.at(0).size(), size_t(1));
    const std::uint64_t first = *s.sliceBytes.at(0).begin();
    QVERIFY2(first <= slice && first + 4 * 512 > slice, side);
    QCOMPARE(s.onChipBytes.size(), size_t(1));
    QCOMPARE(*s.onChipBytes.begin(), first + 3 * slice);
}

ProfilingOptions allOn()
{
    return {.trainingTrace = Switch::On, .hccl = Switch::On, .aicpu = Switch::On};
}

} // namespace

class EmulatorHcclTest : public QObject {
    Q_OBJECT
private slots:
    void alexnet8MatchesTheRealCapture()
    {
        SessionSpec spec{.model = QStringLiteral("alexnet"), .batchSize = 32, .iterations = 4,
                         .devicesPerServer = 8, .seed = 3, .segments = 1};
        CollectSink sink;
        device::Emulator emu(spec, allOn());
        QCOMPARE(emu.run(sink), SessionStatus::Complete);

        int failures = 0;
        for (int device : {0, 1}) {
            const Side ref = referenceSide(device);
            const Side ours = emulatedSide(sink, device);
            QVERIFY2(!ref.planeTasks.empty(), "the reference HCCL files are missing");
            qInfo("device %d: per iteration, emulator vs reference", device);
            auto compare = [&](const auto &a, const auto &b, const char *what) {
                std::set<std::pair<int, QString>> keys;
                for (const auto &[k, v] : a) keys.insert(k);
                for (const auto &[k, v] : b) keys.insert(k);
                for (const auto &k : keys) {
                    const double o = a.count(k) ? a.at(k) : 0, r = b.count(k) ? b.at(k) : 0;
                    const bool good = r > 0 && std::abs(o / r - 1) <= 0.10;
                    failures += !good;
                    qInfo("  %s plane %d %-16s %6.1f %6.1f%s", what, k.first, qPrintable(k.second), o, r,
                          good ? "" : "  <-- outside ±10 %");
                }
            };
            compare(ours.planeTasks, ref.planeTasks, "HCCL");
            compare(ours.streamTasks, ref.streamTasks, "stream of");
            for (const auto &[plane, targets] : ref.targets) {
                const bool same = ours.targets.count(plane) && ours.targets.at(plane) == targets;
                failures += !same;
                qInfo("  plane %d writes to %d over %s%s", plane, targets.begin()->first,
                      qPrintable(targets.begin()->second), same ? "" : "  <-- the emulator writes elsewhere");
            }
            checkSplit(ref, "reference");
            checkSplit(ours, "emulator");
            const double o = median(ours.reduceUs), r = median(ref.reduceUs);
            const bool good = std::abs(o / r - 1) <= 0.20;
            failures += !good;
            qInfo("  all-reduce duration (us)        %8.0f %8.0f  %+5.1f %%%s", o, r, 100 * (o / r - 1),
                  good ? "" : "  <-- outside ±20 %");
        }
        QCOMPARE(failures, 0);
    }

    // 910B: eight cards on one HCCS mesh. Every card writes each peer its chunk on a plane of
    // its own (plane k to card r+k, pulling from r−k in the all-gather), 16 KiB-aligned
    // chunks with the remainder on the last card's, as the real 910B capture shows.
    void meshOnTheB()
    {
        const device::ChipProfile &chip = device::chipProfile(device::Chip::Ascend910B);
        device::AllReduce ar(chip, 8, 1);
        QCOMPARE(ar.planes(), 8);
        const std::uint64_t bytes = 16781312ull * 4; // a real collective of the capture
        const auto r = ar.run(std::vector<TimeNs>(8, 1'000'000), bytes, [](int, double) { return 1.0; });
        for (int d = 0; d < 8; ++d) {
            std::map<int, std::map<device::CommOp, int>> perPlane;
            for (const auto &t : r.tasks[size_t(d)]) {
                if (!t.hcclTask)
                    continue;
                ++perPlane[t.plane][t.op];
                if (t.plane > 0 && t.op == device::CommOp::Reduce)
                    QCOMPARE(int(t.peer), (d + t.plane) % 8);
                if (t.plane > 0 && t.op == device::CommOp::Memcpy)
                    QCOMPARE(int(t.peer), (d - t.plane + 8) % 8);
                if (t.plane > 0 && (t.op == device::CommOp::Reduce || t.op == device::CommOp::Memcpy))
                    QCOMPARE(t.bytes, int(t.peer) == 7 ? 8290304ull : 8404992ull);
            }
            // Per plane and collective: 4 records, 4 waits, 1 reduce, 1 copy; the on-chip
            // plane: two status reduces and two copies (capture: 40 and 16 per 4 collectives).
            for (int p = 1; p < 8; ++p) {
                QCOMPARE(perPlane[p][device::CommOp::NotifyRecord], 4);
                QCOMPARE(perPlane[p][device::CommOp::NotifyWait], 4);
                QCOMPARE(perPlane[p][device::CommOp::Reduce], 1);
                QCOMPARE(perPlane[p][device::CommOp::Memcpy], 1);
            }
            QCOMPARE(perPlane[0][device::CommOp::Reduce], 2);
            QCOMPARE(perPlane[0][device::CommOp::Memcpy], 2);
            QVERIFY(r.end[size_t(d)] > r.begin[size_t(d)]);
            // 64 MiB in two mesh phases at the SDMA rate: about 2 × 8.4 MB / 15.5 GB/s.
            const double us = double(r.end[size_t(d)] - r.begin[size_t(d)]) / 1000.0;
            QVERIFY2(us > 1000 && us < 1600, qPrintable(QString::number(us)));
        }
    }

    // Two servers: the in-server phases stay on HCCS/PCIe, the cards of the same index
    // reduce their shards across the servers over RoCE (RDMA), and the whole collective
    // takes longer than inside one server.
    void serversAddARoceLevel()
    {
        for (auto chipKind : {device::Chip::Ascend910, device::Chip::Ascend910B}) {
            const device::ChipProfile &chip = device::chipProfile(chipKind);
            const std::uint64_t bytes = 100ull << 20;
            device::AllReduce one(chip, 8, 1), two(chip, 8, 2);
            const auto a = one.run(std::vector<TimeNs>(8, 0), bytes, [](int, double) { return 1.0; });
            const auto b = two.run(std::vector<TimeNs>(16, 0), bytes, [](int, double) { return 1.0; });
            int roce = 0;
            for (int d = 0; d < 16; ++d)
                for (const auto &t : b.tasks[size_t(d)])
                    if (t.link == device::Link::Roce && t.bytes > 0) {
                        ++roce;
                        QCOMPARE(int(t.peer) % 8, d % 8);
                        QVERIFY(int(t.peer) / 8 != d / 8);
                    }
            QVERIFY(roce > 0);
            QVERIFY(b.end[0] - b.begin[0] > a.end[0] - a.begin[0]);
        }
    }
};

QTEST_GUILESS_MAIN(EmulatorHcclTest)
#include "test_emulator_hccl.moc"
