// LLM sessions (model llama*): the parallel layout's collective groups, the pipeline's
// sends and receives, the 1F1B bubble against (p − 1)/(m + p − 1), the layout checks and
// the LLM scenarios' signatures in the records.
#include "device/emulator.h"
#include "device/models/llama.h"
#include "device/parallel_schedule.h"

#include "core/model/memory_trace.h"
#include "tests/test_specs.h"

#include <QtTest>
#include <algorithm>
#include <map>
#include <set>

using namespace npuscope;

namespace {

SessionSpec llmSpec(int dp, int tp, int pp, int m, QStringList scenarios = {})
{
    SessionSpec s = testspec::llm(QStringLiteral("llama"), 2, 5, dp, tp, pp, m, scenarios);
    // Stages of equal work (a small vocabulary keeps the output layer light), as the 1F1B
    // formula assumes, and each stage's work large against the activations it passes on
    // (the formula counts no transfer time): 32 layers of 8192 at sequence 1024.
    s.llm.layers = 32;
    s.llm.hidden = 8192;
    s.llm.heads = 64;
    s.llm.ffn = 22016;
    s.llm.vocab = 4096;
    s.llm.seqLen = 1024;
    // More than eight devices take more servers.
    s.devicesPerServer = std::min(8, dp * tp * pp);
    s.servers = (dp * tp * pp + 7) / 8;
    return s;
}

struct Recorded {
    MemoryTrace trace;
    std::vector<CollectiveOpRecord> colls;
    std::vector<TaskRecord> tasks;
    std::string str(StrId id) const { return std::string(trace.string(id)); }
    std::string group(const CollectiveOpRecord &c) const
    {
        const std::string n = str(c.name);
        return n.substr(n.rfind('@') + 1);
    }
};

void record(const SessionSpec &s, Recorded &out)
{
    device::Emulator emu(s, ProfilingOptions{});
    QCOMPARE(emu.run(out.trace), SessionStatus::Complete);
    for (const IterationKey &k : out.trace.iterations()) {
        out.trace.forEachCollective(k, [&](const CollectiveOpRecord &c) { out.colls.push_back(c); return true; });
        out.trace.forEachTask(k, [&](const TaskRecord &t) { out.tasks.push_back(t); return true; });
    }
}

// The pipeline bubble in iteration `it`: the idle share of the busiest rank's compute stream
// (1 − (kernels ∪ tensor-parallel collectives) / window). The slowest stage sets the pace;
// the faster ones idle that much plus their difference to it (stage imbalance, here the
// first stage's unhidden embedding all-reduce), which is not the schedule's bubble. The
// window runs from the
// first kernel of any rank to the pipeline flush (the last rank to start its data-parallel
// gradient reduction).
double measuredBubble(const Recorded &r, const device::ParallelLayout &lay, std::uint32_t it)
{
    TimeNs begin = -1, end = 0;
    std::map<int, std::vector<std::pair<TimeNs, TimeNs>>> busy;
    std::map<int, TimeNs> firstReduce; // per rank: its first data-parallel reduction
    for (const TaskRecord &t : r.tasks)
        if (t.iteration == it && t.streamId == 2 && isComputeKind(t.kind)) {
            begin = begin < 0 ? t.start : std::min(begin, t.start);
            busy[t.device].push_back({t.start, t.start + t.duration});
        }
    for (const CollectiveOpRecord &c : r.colls) {
        if (c.iteration != it)
            continue;
        const std::string g = r.group(c);
        if (g == device::hcclGroupName("dp", lay.dpGroup(c.device)))
            firstReduce[c.device] = firstReduce.count(c.device) ? std::min(firstReduce[c.device], c.start) : c.start;
        if (g == device::hcclGroupName("tp", lay.tpGroup(c.device)))
            busy[c.device].push_back({c.start, c.start + c.duration});
    }
    for (const auto &kv : firstReduce)
        end = std::max(end, kv.second);
    // Kernels of the optimizer run after the reduction: only the window counts.
    double idle = 1;
    for (auto &[dev, v] : busy) {
        std::sort(v.begin(), v.end());
        TimeNs covered = 0, cur = begin;
        for (auto [a, b] : v) {
            a = std::max(a, cur);
            b = std::min(b, end);
            if (b > a) {
                covered += b - a;
                cur = b;
            }
        }
        idle = std::min(idle, 1.0 - double(covered) / double(end - begin));
    }
    return idle;
}

double computeNs(const Recorded &r, std::uint16_t device, std::uint32_t it)
{
    double n = 0;
    for (const TaskRecord &t : r.tasks)
        if (t.device == device && t.iteration == it && isComputeKind(t.kind))
            n += double(t.duration);
    return n;
}

} // namespace

class EmulatorLlmTest : public QObject {
    Q_OBJECT
private slots:
    void oneFOneBOrder()
    {
        // Stage 0 of 4 with 6 micro-batches: 3 warm-up forwards, then 1F1B, then the drain.
        const auto a = device::oneFOneB(0, 4, 6);
        QCOMPARE(int(a.size()), 12);
        QString s;
        for (const auto &x : a)
            s += (x.forward ? QStringLiteral("F") : QStringLiteral("B")) + QString::number(x.microBatch);
        QCOMPARE(s, QStringLiteral("F0F1F2F3B0F4B1F5B2B3B4B5"));
        const auto last = device::oneFOneB(3, 4, 2);
        QCOMPARE(int(last.size()), 4);
        QVERIFY(last[0].forward && !last[1].forward);
        QCOMPARE(device::oneFOneBBubble(2, 4), 0.2);
    }

    void presets()
    {
        SessionSpec s;
        s.model = QStringLiteral("llama-7b");
        QVERIFY(std::abs(device::llamaParameters(device::llamaShape(s)) / 1e9 - 6.74) < 0.05);
        s.model = QStringLiteral("llama-0.6b");
        QVERIFY(std::abs(device::llamaParameters(device::llamaShape(s)) / 1e9 - 0.62) < 0.03);
    }

    // Every problem of an inconsistent layout at once, each naming what is wrong.
    void rejectsInconsistentLayouts()
    {
        SessionSpec s = llmSpec(2, 3, 5, 4);
        s.devicesPerServer = 4;
        s.servers = 1;
        s.llm.sequenceParallel = true;
        s.llm.seqLen = 1001;
        const QStringList p = device::Emulator::problems(s);
        const QString all = p.join(QLatin1Char('\n'));
        QVERIFY2(all.contains(QStringLiteral("dp × tp × pp = 2 × 3 × 5 = 30 devices")), qPrintable(all));
        QVERIFY2(all.contains(QStringLiteral("head count 64 is not divisible by the tensor-parallel size 3")), qPrintable(all));
        QVERIFY2(all.contains(QStringLiteral("layer count 32 is not divisible by the pipeline-parallel size 5")), qPrintable(all));
        QVERIFY2(all.contains(QStringLiteral("tensor-parallel size 3 is larger than a server's")) == false, qPrintable(all));
        QVERIFY2(all.contains(QStringLiteral("micro-batch (1001) must be divisible")), qPrintable(all));
        QVERIFY(p.size() >= 5);
        QVERIFY(device::Emulator::problems(llmSpec(2, 2, 2, 4)).isEmpty());
        SessionSpec t = llmSpec(1, 1, 1, 1, {QStringLiteral("slow-input")});
        QCOMPARE(device::Emulator::problems(t).size(), 1);
        SessionSpec u;
        u.scenarios = {QStringLiteral("pipeline-bubble")};
        QCOMPARE(device::Emulator::problems(u).size(), 1);
    }

    void groupsSendsAndBubble_data()
    {
        QTest::addColumn<int>("m");
        QTest::newRow("m=4") << 4;
        QTest::newRow("m=8") << 8;
    }

    // dp = tp = pp = 2: the tensor-, data- and pipeline-parallel groups each rank uses, the
    // pipeline's sends and receives per micro-batch, and the 1F1B bubble.
    void groupsSendsAndBubble()
    {
        QFETCH(int, m);
        const device::ParallelLayout lay{2, 2, 2};
        Recorded r;
        record(llmSpec(2, 2, 2, m), r);
        QCOMPARE(int(r.trace.sessionInfo().devices.size()), 8);
        std::set<std::string> tpGroups, dpGroups, ppGroups;
        for (int rank = 0; rank < 8; ++rank) {
            tpGroups.insert(device::hcclGroupName("tp", lay.tpGroup(rank)));
            dpGroups.insert(device::hcclGroupName("dp", lay.dpGroup(rank)));
            ppGroups.insert(device::hcclGroupName("pp", lay.ppGroup(rank)));
        }
        QCOMPARE(int(tpGroups.size()), 4);
        QCOMPARE(int(dpGroups.size()), 4);
        QCOMPARE(int(ppGroups.size()), 4);
        // Per rank and step: which ops in which group.
        std::map<std::tuple<int, std::uint32_t, std::string, std::string>, int> count; // rank, it, type, group kind
        for (const CollectiveOpRecord &c : r.colls) {
            const std::string g = r.group(c), type = r.str(c.opType);
            std::string kind = g == device::hcclGroupName("tp", lay.tpGroup(c.device))   ? "tp"
                               : g == device::hcclGroupName("dp", lay.dpGroup(c.device)) ? "dp"
                               : g == device::hcclGroupName("pp", lay.ppGroup(c.device)) ? "pp"
                                                                                          : "?";
            QVERIFY2(kind != "?", qPrintable(QString::fromStdString(r.str(c.name))));
            QVERIFY(r.str(c.name).rfind("hcom_", 0) == 0);
            ++count[{c.device, c.iteration, type, kind}];
        }
        const auto n = [&](int rank, std::uint32_t it, const char *type, const char *kind) {
            return count[std::make_tuple(rank, it, std::string(type), std::string(kind))];
        };
        for (int rank = 0; rank < 8; ++rank)
            for (std::uint32_t it = 1; it <= 2; ++it) {
                QVERIFY(n(rank, it, "AllReduce", "tp") > 0);
                QVERIFY(n(rank, it, "AllReduce", "dp") > 0);
                // Stage 0 sends activations and receives gradients, stage 1 the reverse:
                // one of each per micro-batch.
                QCOMPARE(n(rank, it, "Send", "pp"), m);
                QCOMPARE(n(rank, it, "Receive", "pp"), m);
                QCOMPARE(n(rank, it, "AllGather", "tp"), 0); // no sequence parallelism
            }
        // A receive ends after its peer's send started, for the same micro-batch order.
        for (int rank = 0; rank < 8; ++rank) {
            const int peer = lay.stage(rank) == 0 ? rank + 4 : rank - 4;
            std::vector<TimeNs> sends, recvs;
            for (const CollectiveOpRecord &c : r.colls)
                if (c.iteration == 2 && c.device == peer && r.str(c.opType) == "Send")
                    sends.push_back(c.start);
                else if (c.iteration == 2 && c.device == rank && r.str(c.opType) == "Receive")
                    recvs.push_back(c.start + c.duration);
            std::sort(sends.begin(), sends.end());
            std::sort(recvs.begin(), recvs.end());
            QCOMPARE(sends.size(), recvs.size());
            for (size_t i = 0; i < sends.size(); ++i)
                QVERIFY(recvs[i] > sends[i]);
        }
        const double formula = device::oneFOneBBubble(2, m);
        const double measured = measuredBubble(r, lay, 2);
        qInfo("pp=2 m=%d: bubble %.3f, 1F1B formula %.3f", m, measured, formula);
        QVERIFY2(std::abs(measured - formula) <= 0.10 * formula,
                 qPrintable(QStringLiteral("bubble %1 vs %2").arg(measured).arg(formula)));
    }

    void sequenceParallelGathersAndScatters()
    {
        SessionSpec s = llmSpec(1, 2, 1, 1);
        s.llm.sequenceParallel = true;
        s.llm.layers = 2;
        Recorded r;
        record(s, r);
        std::map<std::string, int> types;
        for (const CollectiveOpRecord &c : r.colls)
            if (c.device == 0 && c.iteration == 2)
                ++types[r.str(c.opType)];
        // Per layer: 2 all-gathers and 2 reduce-scatters forward, the same backward.
        QCOMPARE(types["AllGather"], 2 * 4 + 1 + 1);
        QCOMPARE(types["ReduceScatter"], 2 * 4 + 1 + 1);
    }

    // The straggler on a chosen rank: its compute grows by ~30 %, and the ranks of its
    // tensor-parallel group wait for it in their collectives.
    void stragglerOnChosenRank()
    {
        Recorded base, slow;
        SessionSpec s = llmSpec(2, 2, 2, 4);
        record(s, base);
        s.scenarios = {QStringLiteral("straggler")};
        s.stragglerRank = 2;
        record(s, slow);
        QVERIFY(computeNs(slow, 2, 2) > 1.2 * computeNs(base, 2, 2));
        QVERIFY(computeNs(slow, 3, 2) < 1.05 * computeNs(base, 3, 2));
        const auto tpTime = [](const Recorded &r, std::uint16_t dev) {
            double n = 0;
            for (const CollectiveOpRecord &c : r.colls)
                if (c.device == dev && c.iteration == 2 && r.str(c.opType) == "AllReduce")
                    n += double(c.duration);
            return n;
        };
        // Rank 3, its tensor-parallel peer, waits for it in their collectives: its collective
        // time grows by most of the straggler's extra compute; the straggler's own does not.
        const double extra = computeNs(slow, 2, 2) - computeNs(base, 2, 2);
        const double peerGrowth = tpTime(slow, 3) - tpTime(base, 3);
        qInfo("straggler rank 2: +%.1f ms compute; rank 3 waits +%.1f ms; rank 2's collectives %.1f -> %.1f ms",
              extra / 1e6, peerGrowth / 1e6, tpTime(base, 2) / 1e6, tpTime(slow, 2) / 1e6);
        QVERIFY(peerGrowth > 0.6 * extra);
        QVERIFY(tpTime(slow, 2) < 1.1 * tpTime(base, 2));
    }

    // pipeline-bubble: one micro-batch per step; the stages wait for each other in their
    // receives (torch_npu's Bubble in the step time breakdown) a large part of the step.
    void pipelineBubbleScenario()
    {
        const auto receiveShare = [](const Recorded &r) {
            double recv = 0, step = 0;
            for (const StepTimeRecord &st : r.trace.stepTimes()) {
                recv += double(st.bubble);
                step += double(st.stage + st.bubble);
            }
            return step > 0 ? recv / step : 0.0;
        };
        Recorded base, bubble;
        record(llmSpec(1, 2, 2, 8), base);
        record(llmSpec(1, 2, 2, 8, {QStringLiteral("pipeline-bubble")}), bubble);
        const double b0 = receiveShare(base), b1 = receiveShare(bubble);
        qInfo("Bubble share of the step: %.3f with 8 micro-batches, %.3f with pipeline-bubble", b0, b1);
        QVERIFY(b1 >= 0.25);
        QVERIFY(b1 > 2.0 * b0);
    }

    // tp-no-overlap: the in-layer collectives run after their matrix product instead of
    // under it, so the time they add to the step (Communication Not Overlapped) grows.
    void tpNoOverlapScenario()
    {
        const auto notOverlapped = [](const Recorded &r) {
            double n = 0;
            for (const StepTimeRecord &st : r.trace.stepTimes())
                n += double(st.commNotOverlapped);
            return n;
        };
        Recorded base, exposed;
        record(llmSpec(1, 2, 1, 2), base);
        record(llmSpec(1, 2, 1, 2, {QStringLiteral("tp-no-overlap")}), exposed);
        qInfo("Communication not overlapped: %.1f ms overlapped, %.1f ms with tp-no-overlap", notOverlapped(base) / 1e6,
              notOverlapped(exposed) / 1e6);
        QVERIFY(notOverlapped(exposed) > 1.3 * notOverlapped(base));
        QVERIFY(computeNs(exposed, 0, 2) < 1.05 * computeNs(base, 0, 2));
    }

    // launch-bound: short sequences launched one kernel at a time by a slow host: tiny
    // kernels and a compute stream that idles more than twice its busy time.
    // A PyTorch LLM session has torch_npu's host side: every kernel's aten op on the Python
    // lane (with shapes and stacks as configured), launched before its device task and
    // linked to it by a flow; memory under profile_memory; one ProfilerStep per step.
    void pytorchHostLane()
    {
        Recorded r;
        SessionSpec s = llmSpec(1, 2, 2, 2);
        s.torchProfilerConfig = QByteArrayLiteral(
            R"({"activities":["CPU","NPU"],"record_shapes":true,"with_stack":true,"profile_memory":true,)"
            R"("experimental_config":{"profiler_level":"Level1"}})");
        record(s, r);
        std::map<std::pair<int, TimeNs>, const TaskRecord *> kernels; // (device, start) on the compute stream
        for (const TaskRecord &t : r.tasks)
            if (t.streamId == 2 && t.opId != 0)
                kernels[{t.device, t.start}] = &t;
        QVERIFY(kernels.size() > 100);

        int linked = 0;
        QVERIFY(r.trace.forEachFlow([&](const FlowRecord &f) {
            if (r.str(f.category) != "async_npu")
                return true;
            if (!(f.hasStart && f.hasFinish))
                qFatal("an async_npu flow without both ends");
            const auto it = kernels.find({f.finish.device, f.finish.ts});
            if (it == kernels.end() || f.finish.lane != FlowLane::Hardware || f.start.lane != FlowLane::Python)
                qFatal("an async_npu flow that does not end at a kernel's start");
            if (f.start.ts >= f.finish.ts)
                qFatal("a kernel starts before its aten op was called");
            ++linked;
            return true;
        }));
        QCOMPARE(linked, int(kernels.size()));

        for (std::uint16_t d = 0; d < 4; ++d) {
            int ops = 0, steps = 0, shaped = 0, stacked = 0;
            std::vector<std::pair<TimeNs, TimeNs>> stepRanges;
            QVERIFY(r.trace.forEachPythonRange(d, [&](const PythonRangeRecord &p) {
                const std::string name = r.str(p.name);
                if (r.str(p.category) != "cpu_op")
                    return true;
                if (name.rfind("ProfilerStep#", 0) == 0) {
                    ++steps;
                    stepRanges.push_back({p.start, p.start + p.duration});
                    return true;
                }
                ++ops;
                shaped += p.inputShapes != 0;
                stacked += p.callStack != 0;
                if (name.rfind("aten::", 0) != 0)
                    qFatal("a cpu_op that is not an aten op: %s", name.c_str());
                return true;
            }));
            QCOMPARE(steps, s.iterations);
            // Steps follow each other on the host: a ProfilerStep that began before the last one
            // ended would nest inside it in every viewer.
            std::sort(stepRanges.begin(), stepRanges.end());
            for (size_t i = 1; i < stepRanges.size(); ++i)
                QVERIFY2(stepRanges[i].first >= stepRanges[i - 1].second,
                         qPrintable(QStringLiteral("device %1: step %2 starts %3 ns before step %4 ends")
                                        .arg(d).arg(i).arg(stepRanges[i - 1].second - stepRanges[i].first).arg(i - 1)));
            int onDevice = 0;
            for (const auto &[key, t] : kernels)
                onDevice += key.first == d;
            QCOMPARE(ops, onDevice);
            QCOMPARE(shaped, ops);
            QVERIFY(stacked > 0 && stacked < ops); // the autograd thread's backward ops have none

            double peak = 0, first = -1;
            int samples = 0;
            QVERIFY(r.trace.forEachMemory(d, [&](const MemoryRecord &m) {
                if (m.allocatedMB < 0 || m.reservedMB + 1e-6 < m.allocatedMB)
                    qFatal("allocated memory below zero or above reserved");
                if (first < 0)
                    first = m.allocatedMB;
                peak = std::max(peak, m.allocatedMB);
                ++samples;
                return true;
            }));
            QVERIFY(samples > 0);
            QVERIFY(first > 0);    // the weights, gradients and optimizer shard
            QVERIFY(peak > first); // activations on top
        }
    }

    void launchBoundScenario()
    {
        Recorded r;
        SessionSpec s = llmSpec(1, 2, 1, 1, {QStringLiteral("launch-bound")});
        s.model = QStringLiteral("llama-0.6b");
        s.llm = {1, 2, 1, 1, false, 0, 0, 0, 0, 0, 0}; // the preset's shape
        record(s, r);
        // Between FP start and BP end (the optimizer's few long kernels come after).
        TimeNs first = -1, last = 0;
        for (const StepTraceRecord &st : r.trace.stepTraces(0, 1))
            if (st.iteration == 2) {
                first = st.fpStart;
                last = st.bpEnd;
            }
        QVERIFY(first > 0 && last > first);
        std::vector<TimeNs> d;
        TimeNs busy = 0;
        for (const TaskRecord &t : r.tasks)
            if (t.device == 0 && t.iteration == 2 && t.streamId == 2 && t.start >= first && t.start + t.duration <= last) {
                d.push_back(t.duration);
                busy += t.duration;
            }
        std::sort(d.begin(), d.end());
        QVERIFY(!d.empty());
        qInfo("launch-bound: median kernel %.1f µs, busy %.1f of %.1f ms", d[d.size() / 2] / 1e3, busy / 1e6, (last - first) / 1e6);
        QVERIFY(d[d.size() / 2] < 10'000);
        QVERIFY(double(last - first - busy) > 2.0 * double(busy));
    }
};

QTEST_GUILESS_MAIN(EmulatorLlmTest)
#include "test_emulator_llm.moc"
