// PyTorch sessions: what a torch_npu.profiler config changes in an emulated session — the
// steps the schedule records, the record kinds of each profiler_level (torch_npu's
// ProfilerMgr: Level0 = task time L0 + AscendCL API, Level1 = + op details, AI Core metrics
// and HCCL tasks, Level2 = + runtime API and AI CPU), the Python lane and its flows to the
// device tasks, record_shapes / with_stack / profile_memory, and the step time breakdown.
#include "core/model/memory_trace.h"
#include "device/emulator.h"
#include "device/torch_session.h"

#include <QtTest>
#include <map>
#include <set>

using namespace npuscope;

namespace {

SessionSpec torchSpec(const QByteArray &config, int iterations = 4, int devices = 1)
{
    return {.model = QStringLiteral("lenet"), .batchSize = 8, .iterations = iterations,
            .devicesPerServer = devices, .clockBaseUs = 1'700'000'000'000'000,
            .chip = QStringLiteral("910B"), .framework = Framework::PyTorch,
            .torchProfilerConfig = config};
}

void record(const SessionSpec &spec, MemoryTrace *trace)
{
    device::Emulator emu(spec, ProfilingOptions{});
    QCOMPARE(emu.run(*trace), SessionStatus::Complete);
}

std::set<std::uint32_t> iterationsOf(const MemoryTrace &t)
{
    std::set<std::uint32_t> out;
    for (const auto &k : t.iterations())
        out.insert(k.iteration);
    return out;
}

std::vector<TaskRecord> tasksOf(const MemoryTrace &t)
{
    std::vector<TaskRecord> out;
    for (const auto &k : t.iterations())
        t.forEachTask(k, [&](const TaskRecord &r) { out.push_back(r); return true; });
    return out;
}

std::vector<HostRangeRecord> hostOf(const MemoryTrace &t)
{
    std::vector<HostRangeRecord> out;
    for (const auto &k : t.iterations())
        t.forEachHostRange(k, [&](const HostRangeRecord &r) { out.push_back(r); return true; });
    return out;
}

std::vector<PythonRangeRecord> pythonOf(const MemoryTrace &t, std::uint16_t device = 0)
{
    std::vector<PythonRangeRecord> out;
    t.forEachPythonRange(device, [&](const PythonRangeRecord &r) { out.push_back(r); return true; });
    return out;
}

} // namespace

class TestEmulatorTorch : public QObject {
    Q_OBJECT
private slots:
    void scheduleFunction()
    {
        using torchcfg::Schedule;
        auto recorded = [](Schedule s, int steps) {
            QList<int> out;
            for (int i = 0; i < steps; ++i)
                if (device::torchStepRecorded(s, i))
                    out << i;
            return out;
        };
        Schedule s;
        s.wait = 1; s.warmup = 1; s.active = 2; s.repeat = 1;
        QCOMPARE(recorded(s, 10), (QList<int>{2, 3}));
        s.repeat = 0; // cycles until training ends
        QCOMPARE(recorded(s, 10), (QList<int>{2, 3, 6, 7}));
        s.skipFirst = 3;
        QCOMPARE(recorded(s, 10), (QList<int>{5, 6, 9}));
        s.skipFirst = 0;
        s.skipFirstWait = 1; // the first cycle starts at its warmup
        QCOMPARE(recorded(s, 8), (QList<int>{1, 2, 5, 6}));
        QVERIFY(device::torchStepRecorded(std::nullopt, 0));
    }

    void scheduleRecordsExactlyTheActiveSteps()
    {
        MemoryTrace t;
        record(torchSpec(R"({"schedule":{"wait":1,"warmup":1,"active":2,"repeat":1}})", 6), &t);
        // Steps 2 and 3 (ProfilerStep#2, #3) are iterations 3 and 4.
        QCOMPARE(iterationsOf(t), (std::set<std::uint32_t>{3, 4}));
        QCOMPARE(t.sessionInfo().models.at(0).iterations, 2);
        std::set<std::string> steps;
        for (const auto &r : pythonOf(t))
            if (t.string(r.name).rfind("ProfilerStep#", 0) == 0)
                steps.insert(std::string(t.string(r.name)));
        QCOMPARE(steps, (std::set<std::string>{"ProfilerStep#2", "ProfilerStep#3"}));
        std::set<std::string> breakdown;
        for (const auto &st : t.stepTimes())
            breakdown.insert(std::string(t.string(st.step)));
        QCOMPARE(breakdown, (std::set<std::string>{"2", "3"}));
        for (const auto &r : tasksOf(t))
            QVERIFY(r.iteration == 3 || r.iteration == 4);
    }

    void profilerLevels()
    {
        struct Kinds {
            int tasks = 0, detailedOps = 0, pmuTasks = 0, hccl = 0, collectives = 0, acl = 0, runtime = 0, aicpu = 0,
                python = 0, stepTimes = 0;
        };
        auto kinds = [](const QByteArray &cfg) {
            MemoryTrace t;
            device::Emulator emu(torchSpec(cfg, 2, 2), ProfilingOptions{});
            emu.run(t);
            Kinds k;
            for (const auto &key : t.iterations()) {
                t.forEachTask(key, [&](const TaskRecord &r) {
                    ++k.tasks;
                    if (r.opId && t.op(r.opId) && t.op(r.opId)->opType)
                        ++k.detailedOps;
                    if (!r.pmu.empty())
                        ++k.pmuTasks;
                    return true;
                });
                t.forEachHcclTask(key, [&](const HcclTaskRecord &) { ++k.hccl; return true; });
                t.forEachCollective(key, [&](const CollectiveOpRecord &) { ++k.collectives; return true; });
                t.forEachAiCpu(key, [&](const AiCpuRecord &) { ++k.aicpu; return true; });
            }
            for (const auto &h : hostOf(t)) {
                if (h.kind == HostRangeRecord::Kind::Cann && t.string(h.level) == "acl")
                    ++k.acl;
                if (h.kind == HostRangeRecord::Kind::RuntimeApi)
                    ++k.runtime;
            }
            k.python = int(pythonOf(t).size());
            k.stepTimes = int(t.stepTimes().size());
            return k;
        };
        const Kinds none = kinds(R"({"experimental_config":{"profiler_level":"Level_none"}})");
        QCOMPARE(none.tasks, 0);
        QCOMPARE(none.acl, 0);
        QCOMPARE(none.stepTimes, 0);
        QVERIFY(none.python > 0); // the CPU activity still records the framework

        const Kinds l0 = kinds(R"({"experimental_config":{"profiler_level":"Level0"}})");
        QVERIFY(l0.tasks > 0);
        QCOMPARE(l0.detailedOps, 0);
        QCOMPARE(l0.pmuTasks, 0);
        QCOMPARE(l0.hccl, 0);
        QVERIFY(l0.collectives > 0); // the communication ops without HCCL's own tasks
        QVERIFY(l0.acl > 0);
        QCOMPARE(l0.runtime, 0);
        QCOMPARE(l0.aicpu, 0);
        QCOMPARE(l0.stepTimes, 4); // 2 steps × 2 devices

        const Kinds l1 = kinds(R"({"experimental_config":{"profiler_level":"Level1"}})");
        QCOMPARE(l1.tasks, l0.tasks); // the same work, seen in more detail
        QVERIFY(l1.detailedOps > 0);
        QVERIFY(l1.pmuTasks > 0);
        QVERIFY(l1.hccl > 0);
        QCOMPARE(l1.runtime, 0);
        QCOMPARE(l1.aicpu, 0);

        const Kinds l2 = kinds(R"({"experimental_config":{"profiler_level":"Level2"}})");
        QVERIFY(l2.runtime > 0);
        QVERIFY(l2.aicpu > 0);
        QCOMPARE(l2.pmuTasks, l1.pmuTasks);

        const Kinds cpuOnly = kinds(R"({"activities":["CPU"],"experimental_config":{"profiler_level":"Level2"}})");
        QCOMPARE(cpuOnly.tasks, 0);
        QCOMPARE(cpuOnly.acl, 0);
        QCOMPARE(cpuOnly.python, l2.python); // the same host work, without the device's view
        const Kinds npuOnly = kinds(R"({"activities":["NPU"]})");
        QCOMPARE(npuOnly.python, 0);
        QVERIFY(npuOnly.tasks > 0);
    }

    void aicMetricsAndSwitches()
    {
        auto columns = [](const QByteArray &cfg) {
            MemoryTrace t;
            record(torchSpec(cfg, 1), &t);
            return t.sessionInfo().pmuColumns.size();
        };
        QCOMPARE(columns(R"({"experimental_config":{"profiler_level":"Level1"}})"), 25); // PipeUtilization by default
        QCOMPARE(columns(R"({"experimental_config":{"profiler_level":"Level1","aic_metrics":"ArithmeticUtilization"}})"), 4);
        QCOMPARE(columns(R"({"experimental_config":{"profiler_level":"Level1","aic_metrics":"AiCoreNone"}})"), 0);
        QCOMPARE(columns(R"({"experimental_config":{"profiler_level":"Level0","aic_metrics":"PipeUtilization"}})"), 0);

        auto l2 = [](const QByteArray &cfg) {
            MemoryTrace t;
            record(torchSpec(cfg, 1), &t);
            int with = 0, aicore = 0, tx = 0;
            for (const auto &r : tasksOf(t))
                if (isAiCoreKind(r.kind)) {
                    ++aicore;
                    with += r.l2HitRate >= 0;
                }
            for (const auto &h : hostOf(t))
                tx += h.kind == HostRangeRecord::Kind::MsprofTx;
            return std::tuple<int, int, int>(with, aicore, tx);
        };
        const auto [withL2, aicore, txOn] = l2(R"({"experimental_config":{"l2_cache":true,"msprof_tx":true}})");
        QVERIFY(aicore > 0);
        QCOMPARE(withL2, aicore);
        QVERIFY(txOn > 0);
        const auto [noL2, aicore2, txOff] = l2("{}");
        QCOMPARE(noL2, 0);
        QCOMPARE(aicore2, aicore);
        QCOMPARE(txOff, 0);
    }

    // Every launched kernel: aten op → (async_npu) → its device task, and Node@launch →
    // (HostToDevice) → the same task; each launch precedes its task.
    void flowsLinkEveryLaunchToItsTask()
    {
        MemoryTrace t;
        record(torchSpec(R"({"schedule":{"wait":0,"warmup":1,"active":2,"repeat":1},"experimental_config":{"profiler_level":"Level1"}})", 4, 2), &t);
        std::map<std::tuple<std::uint16_t, std::uint32_t, TimeNs>, int> launched; // (device, stream, start) of op tasks
        for (const auto &r : tasksOf(t))
            if (r.opId)
                launched[{r.device, r.streamId, r.start}] = 0;
        QVERIFY(launched.size() > 50);
        std::map<std::pair<std::uint16_t, TimeNs>, std::string> nodeLaunch, atenStart;
        for (const auto &h : hostOf(t))
            if (t.string(h.name) == "Node@launch")
                nodeLaunch[{h.device, h.start}] = "launch";
        for (std::uint16_t d = 0; d < 2; ++d)
            for (const auto &r : pythonOf(t, d))
                if (t.string(r.category) == "cpu_op" && t.string(r.name).rfind("aten::", 0) == 0)
                    atenStart[{d, r.start}] = std::string(t.string(r.name));
        int h2d = 0, npu = 0, queue = 0;
        QVERIFY(t.forEachFlow([&](const FlowRecord &f) {
            const std::string_view cat = t.string(f.category);
            if (!f.hasStart || !f.hasFinish)
                return false;
            if (cat == "async_task_queue") {
                ++queue;
                return f.start.ts <= f.finish.ts;
            }
            if (f.finish.lane != FlowLane::Hardware || f.start.ts >= f.finish.ts)
                return false;
            auto task = launched.find({f.finish.device, f.finish.tid, f.finish.ts});
            if (task == launched.end())
                return false;
            if (cat == "HostToDevice") {
                ++h2d;
                task->second += 1;
                return f.start.lane == FlowLane::Cann && nodeLaunch.count({f.start.device, f.start.ts});
            }
            if (cat == "async_npu") {
                ++npu;
                task->second += 100;
                return f.start.lane == FlowLane::Python && atenStart.count({f.start.device, f.start.ts});
            }
            return false;
        }));
        QCOMPARE(h2d, int(launched.size()));
        QCOMPARE(npu, int(launched.size()));
        QCOMPARE(queue, int(atenStart.size()));
        for (const auto &[key, links] : launched)
            QCOMPARE(links, 101); // one flow of each kind per task
    }

    void recordShapesStackAndMemory()
    {
        auto lane = [](const QByteArray &cfg, int *shapes, int *stacks, int *aten, int *memory, int *opMemory, MemoryTrace *t) {
            record(torchSpec(cfg, 2), t);
            *shapes = *stacks = *aten = *memory = *opMemory = 0;
            for (const auto &r : pythonOf(*t)) {
                if (t->string(r.name).rfind("aten::", 0) != 0)
                    continue;
                ++*aten;
                *shapes += !t->string(r.inputShapes).empty();
                *stacks += !t->string(r.callStack).empty();
            }
            t->forEachMemory(0, [&](const MemoryRecord &) { ++*memory; return true; });
            t->forEachOpMemory(0, [&](const OpMemoryRecord &) { ++*opMemory; return true; });
        };
        int shapes, stacks, aten, memory, opMemory;
        MemoryTrace off;
        lane("{}", &shapes, &stacks, &aten, &memory, &opMemory, &off);
        QVERIFY(aten > 20);
        QCOMPARE(shapes, 0);
        QCOMPARE(stacks, 0);
        QCOMPARE(memory, 0);
        QCOMPARE(opMemory, 0);
        MemoryTrace on;
        const int atenOff = aten;
        lane(R"({"record_shapes":true,"with_stack":true,"profile_memory":true})", &shapes, &stacks, &aten, &memory, &opMemory, &on);
        QCOMPARE(aten, atenOff);
        QVERIFY(shapes > aten / 2);
        // Backward ops run on the autograd engine's thread, without a Python stack.
        QVERIFY(stacks > 0 && stacks < aten);
        QVERIFY(opMemory > 0);
        QCOMPARE(memory, 2 * opMemory); // one allocator sample per allocation and per release
        // Every allocation of a step is released within it: the allocator ends where it began.
        std::vector<MemoryRecord> mem;
        on.forEachMemory(0, [&](const MemoryRecord &m) { mem.push_back(m); return true; });
        std::vector<OpMemoryRecord> ops;
        on.forEachOpMemory(0, [&](const OpMemoryRecord &o) { ops.push_back(o); return true; });
        double first = ops.front().allocTotalAllocatedMB - ops.front().sizeKB / 1024.0;
        QVERIFY(std::abs(mem.back().allocatedMB - first) < 1e-6);
        for (const auto &o : ops) {
            QVERIFY(o.released >= o.allocated);
            QVERIFY(o.allocTotalReservedMB >= o.allocTotalAllocatedMB);
        }
    }

    // torch_npu's breakdown: Computing + Communication(Not Overlapped) + Free covers the
    // step's device span (no pipeline receives, so no bubble).
    void stepTimeBreakdown()
    {
        MemoryTrace t;
        record(torchSpec(R"({"experimental_config":{"profiler_level":"Level1"}})", 3, 4), &t);
        const auto st = t.stepTimes();
        QCOMPARE(int(st.size()), 12);
        for (const auto &r : st) {
            QVERIFY(r.computing > 0);
            QVERIFY(r.communication > 0);
            QVERIFY(r.commNotOverlapped <= r.communication);
            QCOMPARE(r.overlapped, r.communication - r.commNotOverlapped);
            QCOMPARE(r.bubble, 0);
            QCOMPARE(r.computing + r.commNotOverlapped + r.free, r.stage);
            QVERIFY(r.preparing > 0); // the host starts the step before the first kernel runs
        }
    }

    void specKeepsFrameworkAndConfig()
    {
        SessionSpec tf;
        QVERIFY(!tf.toJson().contains("framework"));
        QVERIFY(!tf.toJson().contains("chip"));
        const SessionSpec torch = torchSpec(R"({"record_shapes":true,"schedule":{"active":2,"wait":1}})");
        SessionSpec back;
        QString error;
        QVERIFY2(SessionSpec::fromJson(torch.toJson(), &back, &error), qPrintable(error));
        QCOMPARE(back.framework, Framework::PyTorch);
        QCOMPARE(back.chip, QStringLiteral("910B"));
        QCOMPARE(back.torchProfilerConfig, torch.torchProfilerConfig);
        QVERIFY(back == torch);
        // A PyTorch session that does not name its chip ran on the 910B.
        QVERIFY(SessionSpec::fromJson(R"({"framework":"pytorch"})", &back, &error));
        QCOMPARE(back.chip, QStringLiteral("910B"));
        QVERIFY(!SessionSpec::fromJson(R"({"framework":"jax"})", &back, &error));
        QVERIFY(error.contains(QStringLiteral("jax")));
    }

    void badConfigIsRefused()
    {
        QString error;
        QVERIFY(!device::Emulator::validate(torchSpec(R"({"schedul":{}})"), &error));
        QVERIFY(error.contains(QStringLiteral("schedul")));
    }
};

QTEST_GUILESS_MAIN(TestEmulatorTorch)
#include "test_emulator_torch.moc"
