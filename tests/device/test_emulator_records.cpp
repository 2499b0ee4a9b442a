// Single-session behaviour of the emulator: determinism, option switches, the op_summary
// formulas on every AI Core task, stream ordering, step trace and input pipeline.
#include "collect_sink.h"
#include "device/emulator.h"
#include "tests/test_stats.h"

#include <QtTest>
#include <algorithm>
#include <cmath>
#include <map>

using namespace npuscope;
using teststats::median;
using npuscope::test::CollectSink;

namespace {

SessionSpec spec(const char *model, int batch = 32, int iterations = 3, int devices = 1)
{
    return {.model = QString::fromLatin1(model), .batchSize = batch, .iterations = iterations,
            .devicesPerServer = devices};
}

ProfilingOptions allOn()
{
    return {.trainingTrace = Switch::On, .l2 = Switch::On, .hccl = Switch::On, .aicpu = Switch::On,
            .msproftx = Switch::On, .runtimeApi = Switch::On};
}

SessionStatus run(const SessionSpec &s, const ProfilingOptions &o, CollectSink &sink)
{
    device::Emulator emu(s, o);
    const SessionStatus st = emu.run(sink);
    if (st != SessionStatus::Complete)
        qWarning("%s", qPrintable(emu.errorString()));
    return st;
}

} // namespace

class EmulatorRecordsTest : public QObject {
    Q_OBJECT
private slots:
    void zooNames()
    {
        QCOMPARE(device::zooModelNames(), (QStringList{"lenet", "alexnet", "resnet50", "bert-base", "bert-large"}));
    }

    void determinism()
    {
        CollectSink a, b, c;
        SessionSpec s = spec("alexnet", 16, 3, 2);
        // The records depend on the seed alone; the dates on the clock base (the real
        // clock when it is not set).
        s.clockBaseUs = 1715938200250000;
        QCOMPARE(run(s, allOn(), a), SessionStatus::Complete);
        QCOMPARE(run(s, allOn(), b), SessionStatus::Complete);
        QVERIFY(!a.tasks.empty());
        QVERIFY(a.dump() == b.dump());
        QCOMPARE(a.info_.devices.front().wallBeginUs, b.info_.devices.front().wallBeginUs);
        QCOMPARE(a.info_.createdWallUs, s.clockBaseUs);
        s.seed = 2;
        QCOMPARE(run(s, allOn(), c), SessionStatus::Complete);
        QCOMPARE(c.tasks.size(), a.tasks.size());
        int differ = 0;
        for (size_t i = 0; i < a.tasks.size(); ++i)
            differ += a.tasks[i].duration != c.tasks[i].duration;
        QVERIFY(differ > int(a.tasks.size()) / 2);
        QVERIFY(!a.stringOrderBroken);
        QVERIFY(!a.undeclaredString);
    }

    void optionSwitches()
    {
        const SessionSpec s = spec("alexnet", 8, 2, 2);
        ProfilingOptions def; // defaults: task trace on (l1), everything else off
        CollectSink d;
        QCOMPARE(run(s, def, d), SessionStatus::Complete);
        QVERIFY(!d.tasks.empty());
        QVERIFY(!d.ops.empty());
        QVERIFY(d.steps.empty());
        QVERIFY(d.aicpu.empty());
        QVERIFY(d.hccl.empty());
        QVERIFY(d.collectives.empty());
        QVERIFY(!d.queue.empty());
        QVERIFY(!d.fusion.empty());
        for (const auto &t : d.tasks)
            QCOMPARE(t.l2HitRate, -1.f);
        for (const auto &h : d.host)
            QCOMPARE(h.kind, HostRangeRecord::Kind::Cann);

        CollectSink a;
        QCOMPARE(run(s, allOn(), a), SessionStatus::Complete);
        QCOMPARE(a.steps.size(), size_t(2 * 2));
        QVERIFY(!a.aicpu.empty());
        QVERIFY(!a.hccl.empty());
        std::map<HostRangeRecord::Kind, int> kinds;
        for (const auto &h : a.host)
            ++kinds[h.kind];
        QVERIFY(kinds[HostRangeRecord::Kind::Cann] == 4);
        QVERIFY(kinds[HostRangeRecord::Kind::RuntimeApi] > 0);
        QVERIFY(kinds[HostRangeRecord::Kind::MsprofTx] > 0);
        for (const auto &h : a.host)
            if (h.kind == HostRangeRecord::Kind::MsprofTx) {
                QCOMPARE(a.str(h.eventType), std::string("start/end"));
                QCOMPARE(a.str(h.messageType), std::string("ascii"));
            }
        for (const auto &t : a.tasks)
            if (t.kind == TaskKind::AiCore) {
                QVERIFY(t.l2HitRate >= 0 && t.l2HitRate <= 1);
                QVERIFY(t.l2VictimRate >= 0 && t.l2VictimRate <= 1);
            }
        for (const auto &x : a.aicpu) {
            QCOMPARE(x.taskTime >= x.computeTime + x.memcpyTime, true);
            QVERIFY(x.totalTime >= x.taskTime + x.dispatchTime);
        }

        ProfilingOptions off = allOn();
        off.taskTrace = Switch::Off;
        CollectSink o;
        QCOMPARE(run(s, off, o), SessionStatus::Complete);
        QVERIFY(o.tasks.empty());
        QVERIFY(o.ops.empty());
        // Timing does not depend on what is recorded.
        QCOMPARE(o.steps.size(), a.steps.size());
        for (size_t i = 0; i < o.steps.size(); ++i)
            QCOMPARE(o.steps[i].iterationEnd, a.steps[i].iterationEnd);

        ProfilingOptions l0 = allOn();
        l0.taskTime = TaskTimeLevel::L0;
        CollectSink z;
        QCOMPARE(run(s, l0, z), SessionStatus::Complete);
        QVERIFY(!z.ops.empty());
        for (const auto &op : z.ops) {
            QCOMPARE(op.opType, StrId(0));
            QCOMPARE(op.inputShapes, StrId(0));
            QCOMPARE(int(op.blockDim), 0);
        }
        for (const auto &t : z.tasks)
            QCOMPARE(int(t.pmu.size()), 0);
    }

    void pmuGroupsHaveTheirColumns()
    {
        for (AicMetrics m : {AicMetrics::ArithmeticUtilization, AicMetrics::PipeUtilization, AicMetrics::Memory,
                             AicMetrics::MemoryL0, AicMetrics::MemoryUB, AicMetrics::ResourceConflictRatio}) {
            ProfilingOptions o;
            o.aicMetrics = m;
            CollectSink sink;
            QCOMPARE(run(spec("lenet", 16, 1), o, sink), SessionStatus::Complete);
            int core = 0;
            for (const auto &t : sink.tasks) {
                if (t.kind != TaskKind::AiCore) {
                    QCOMPARE(int(t.pmu.size()), 0);
                    continue;
                }
                ++core;
                QCOMPARE(int(t.pmu.size()), int(aicMetricsColumns(m).size()));
                for (std::size_t i = 0; i < t.pmu.size(); ++i)
                    QVERIFY(std::isfinite(t.pmu[size_t(i)]) && t.pmu[size_t(i)] >= 0);
            }
            QVERIFY(core > 0);
        }
    }

    void opSummaryFormulas()
    {
        for (const char *model : {"lenet", "alexnet", "resnet50"}) {
            CollectSink sink;
            QCOMPARE(run(spec(model, 32, 2), allOn(), sink), SessionStatus::Complete);
            std::map<std::uint32_t, const OpDesc *> ops;
            for (const auto &o : sink.ops)
                ops[o.id] = &o;
            std::vector<double> ratio;
            std::map<std::string, std::vector<double>> mac, vec;
            for (const auto &t : sink.tasks) {
                if (t.kind != TaskKind::AiCore)
                    continue;
                const OpDesc *op = ops.at(t.opId);
                QVERIFY(op->blockDim >= 1 && op->blockDim <= 32);
                QVERIFY(!op->aiCpu);
                const double bd = op->blockDim;
                const double aicore = double(t.totalCycles) / 1000.0 / bd * std::ceil(bd / 32.0);
                const double durUs = double(t.duration) / 1000.0;
                QVERIFY2(aicore < durUs, sink.str(t.name).c_str());
                ratio.push_back(aicore / durUs);
                QCOMPARE(int(t.pmu.size()), 14);
                const auto &p = t.pmu;
                for (int r = 1; r < 12; r += 2) {
                    QVERIFY(p[size_t(r)] >= 0 && p[size_t(r)] <= 1);
                    QVERIFY(std::fabs(double(p[size_t(r)]) * 1000 - std::round(double(p[size_t(r)]) * 1000)) < 1e-3);
                    QVERIFY2(std::fabs(p[size_t(r - 1)] - aicore * p[size_t(r)]) <= 1e-3 * aicore + 1e-3,
                             qPrintable(QStringLiteral("%1 col %2").arg(QString::fromStdString(sink.str(t.name))).arg(r)));
                }
                QVERIFY(p[12] >= 0 && p[12] <= 1);
                const double mb = double(p[9]) / std::max(p[3], p[1]);
                QVERIFY(std::fabs(p[13] - mb) <= 0.0006 + 1e-3 * mb);
                // Forward convolutions, alone or fused with the batch norms around them.
                std::string type = sink.str(op->opType);
                if (type.find("Conv2D") != std::string::npos && type.find("Backprop") == std::string::npos)
                    type = "Conv2D";
                mac[type].push_back(p[3]);
                vec[type].push_back(p[1]);
            }
            const double med = median(ratio);
            qInfo("%s: median aicore_time/duration %.3f over %zu AI Core tasks", model, med, ratio.size());
            // Tiny kernels (all of LeNet) spend a larger share in scheduling overhead.
            QVERIFY(med > (std::string(model) == "lenet" ? 0.7 : 0.88) && med < 0.98);
            QVERIFY(!mac["Conv2D"].empty());
            const std::string ew = mac.count("FusionOp_BiasAdd_ReluV2") ? "FusionOp_BiasAdd_ReluV2" : "FusionOp_BNTrainingUpdate_Add_ReluV2";
            QVERIFY(!mac[ew].empty());
            qInfo("  Conv2D mac %.3f vec %.3f; %s mac %.3f vec %.3f", median(mac["Conv2D"]), median(vec["Conv2D"]), ew.c_str(),
                  median(mac[ew]), median(vec[ew]));
            QVERIFY(median(mac["Conv2D"]) > median(mac[ew]));
            QVERIFY(median(vec[ew]) > median(vec["Conv2D"]));
            // The optimizer update streams weights through HBM: memory bound.
            std::vector<double> mb;
            for (const auto &t : sink.tasks)
                if (t.kind == TaskKind::AiCore && sink.str(ops.at(t.opId)->opType) == "FusedMulApplyMomentum" && t.duration > 50'000)
                    mb.push_back(t.pmu[13]);
            if (!mb.empty())
                QVERIFY(median(mb) > 1);
        }
    }

    void streamsAndTaskIds()
    {
        CollectSink sink;
        QCOMPARE(run(spec("alexnet", 16, 3, 4), allOn(), sink), SessionStatus::Complete);
        std::map<std::pair<std::uint16_t, std::uint32_t>, std::vector<const TaskRecord *>> byStream;
        for (const auto &t : sink.tasks) {
            QVERIFY(t.duration >= 0);
            byStream[{t.device, t.streamId}].push_back(&t);
        }
        for (auto &[key, v] : byStream) {
            std::stable_sort(v.begin(), v.end(), [](auto *a, auto *b) { return a->start < b->start; });
            for (size_t i = 1; i < v.size(); ++i) {
                QVERIFY2(v[i]->start >= v[i - 1]->start + v[i - 1]->duration,
                         qPrintable(QStringLiteral("overlap on device %1 stream %2 at task %3").arg(key.first).arg(key.second).arg(v[i]->taskId)));
                if (v[i]->iteration == v[i - 1]->iteration)
                    QVERIFY(v[i]->taskId > v[i - 1]->taskId);
            }
        }
        // The same static graph runs every iteration: same ids per (stream, op).
        QVERIFY(byStream.count({0, 2}));
    }

    void stepTraceArithmetic()
    {
        CollectSink sink;
        ProfilingOptions o = allOn();
        QCOMPARE(run(spec("resnet50", 32, 4, 2), o, sink), SessionStatus::Complete);
        QCOMPARE(sink.steps.size(), size_t(8));
        std::map<std::uint16_t, TimeNs> prevEnd;
        for (const auto &s : sink.steps) {
            QVERIFY(s.fpStart < s.bpEnd);
            QVERIFY(s.bpEnd < s.iterationEnd);
            if (s.iteration == 1)
                QCOMPARE(s.previousIterationEnd, TimeNs(-1));
            else {
                QCOMPARE(s.previousIterationEnd, prevEnd[s.device]);
                QVERIFY(s.fpStart > s.previousIterationEnd);
            }
            prevEnd[s.device] = s.iterationEnd;
            QCOMPARE(s.reduces.size(), size_t(2));
            // The first segment overlaps the end of backward.
            QVERIFY(s.reduces[0].start < s.bpEnd);
            for (const auto &r : s.reduces)
                QVERIFY(r.start > s.fpStart && r.end <= s.iterationEnd);
        }
        qInfo("resnet50 b32 x2: iteration %.2f ms, FP to BP %.2f ms",
              double(sink.steps[6].iterationEnd - sink.steps[6].previousIterationEnd) / 1e6,
              double(sink.steps[6].bpEnd - sink.steps[6].fpStart) / 1e6);
        // Warm-up: iteration 1 is clearly slower than the steady state.
        const auto &s1 = sink.steps[0];
        const auto &s4 = sink.steps[6];
        QVERIFY(s1.iterationEnd - s1.fpStart > 2 * (s4.iterationEnd - s4.previousIterationEnd));

        // fp_point / bp_point select named ops.
        ProfilingOptions p = allOn();
        p.fpPoint = QStringLiteral("Conv2D-op"); // not a full name component: ignored
        CollectSink c;
        QCOMPARE(run(spec("lenet", 8, 2), p, c), SessionStatus::Complete);
        std::string conv;
        for (const auto &op : c.ops)
            if (c.str(op.opType) == "Conv2D") { conv = c.str(op.name); break; }
        QVERIFY(!conv.empty());
        ProfilingOptions q = allOn();
        q.fpPoint = QString::fromStdString(conv);
        CollectSink e;
        QCOMPARE(run(spec("lenet", 8, 2), q, e), SessionStatus::Complete);
        QVERIFY(e.steps[1].fpStart > c.steps[1].fpStart);
        for (const auto &t : e.tasks)
            if (t.iteration == 2 && e.str(t.name) == conv)
                QCOMPARE(e.steps[1].fpStart, t.start);
    }

    void launchModesAndInput()
    {
        auto dataAug = [](const CollectSink &s) {
            std::vector<double> v;
            for (const auto &st : s.steps)
                if (st.iteration > 1)
                    v.push_back(double(st.fpStart - st.previousIterationEnd) / 1000.0);
            return median(v);
        };
        SessionSpec s = spec("lenet", 32, 6);
        CollectSink est, sess;
        QCOMPARE(run(s, allOn(), est), SessionStatus::Complete);
        s.mode = LaunchMode::SessRun;
        QCOMPARE(run(s, allOn(), sess), SessionStatus::Complete);
        qInfo("Data Aug Bound median: estimator %.1f us, sess.run %.1f us", dataAug(est), dataAug(sess));
        QVERIFY(dataAug(est) < 20);
        QVERIFY(dataAug(sess) > 5 * dataAug(est));
        QVERIFY(dataAug(sess) > 200);

        // A host pipeline slower than the device drains the queue and stretches Data Aug Bound.
        SessionSpec slow = spec("alexnet", 32, 12);
        slow.inputRate = 500; // samples/s → 64 ms per batch, far slower than the device
        CollectSink q;
        QCOMPARE(run(slow, allOn(), q), SessionStatus::Complete);
        QCOMPARE(q.queue.size(), size_t(12));
        QVERIFY(q.queue.front().cachedBufferSize > 0);
        QCOMPARE(q.queue.back().cachedBufferSize, 0u);
        for (size_t i = 1; i < q.queue.size(); ++i)
            QVERIFY(q.queue[i].cachedBufferSize <= q.queue[i - 1].cachedBufferSize);
        QVERIFY(dataAug(q) > 30'000);
        CollectSink fast;
        QCOMPARE(run(spec("alexnet", 32, 12), allOn(), fast), SessionStatus::Complete);
        QVERIFY(fast.queue.back().cachedBufferSize > 16);
    }

    void sessionInfo()
    {
        CollectSink sink;
        QCOMPARE(run(spec("resnet50", 16, 1, 8), ProfilingOptions{}, sink), SessionStatus::Complete);
        QCOMPARE(sink.info_.devices.size(), size_t(8));
        QCOMPARE(sink.info_.models.size(), size_t(1));
        QCOMPARE(sink.info_.models[0].name, QStringLiteral("resnet50"));
        for (const auto &d : sink.endDevices) {
            QCOMPARE(d.hostPid, 10036u);
            QCOMPARE(d.hostname, QStringLiteral("npuscope-emulator"));
            QVERIFY(d.monotonicBegin > 5.6e13 && d.monotonicBegin < 5.8e13);
            QVERIFY(d.monotonicEnd > d.monotonicBegin);
            QVERIFY(d.wallEndUs > d.wallBeginUs);
        }
        for (const auto &t : sink.tasks)
            QVERIFY(t.start > sink.info_.devices[t.device].monotonicBegin && t.start < sink.endDevices[t.device].monotonicEnd);
        for (const auto &f : sink.fusion) {
            QVERIFY(sink.str(f.fusionOp).find("FusionOp_") != std::string::npos);
            QVERIFY(sink.str(f.originalOps).find(';') != std::string::npos);
            QVERIFY(f.memoryInput + f.memoryOutput > 0);
        }
        std::map<std::string, int> types;
        for (const auto &o : sink.ops)
            ++types[sink.str(o.opType)];
        // ResNet's forward convolutions carry the batch norms' statistics (and the previous
        // batch norm's update and ReLU) as the 910 graph engine fuses them.
        for (const char *t : {"FusionOp_Conv2D_BNTrainingReduce", "FusionOp_BNTrainingUpdate_ReluV2_Conv2D_BNTrainingReduce",
                              "FusionOp_BNTrainingUpdate_Add_ReluV2", "BNTrainingUpdateGrad", "BNTrainingReduceGrad",
                              "Conv2DBackpropFilterD", "FusionOp_Conv2DBackpropInputD_ReluGradV2",
                              "FusionOp_Conv2DBackpropInputD_AddN_ReluGradV2", "MemSet", "TransData", "Cast",
                              "FusedMulApplyMomentum", "GetNext", "SoftmaxCrossEntropyWithLogits"})
            QVERIFY2(types[t] > 0, t);
        int convs = 0;
        for (const auto &[t, n] : types)
            if (t.find("Conv2D") != std::string::npos && t.find("Backprop") == std::string::npos)
                convs += n;
        QCOMPARE(convs, 53);
        QCOMPARE(types["Conv2DBackpropFilterD"], 53);
    }
};

QTEST_GUILESS_MAIN(EmulatorRecordsTest)
#include "test_emulator_records.moc"
