#pragma once
// A small hand-made session for the exporter tests: 2 devices, model 2, 2 iterations,
// AI Core / AI CPU / event / notify / memcpy / reduce tasks, a collective with its HCCL
// plane tasks, step traces (2 reduce segments in iteration 1, 1 in iteration 2), AI CPU
// details, queue events, a fusion op, CANN / runtime API host ranges and msproftx ranges.
// Texts include a comma-bearing shape list and formula-looking names on purpose.

#include "core/model/memory_trace.h"

#include <QByteArray>
#include <memory>

namespace npuscope::testing {

inline constexpr TimeNs kT0 = 56635864000000; // device monotonic ns, like the reference
inline constexpr TimeNs kIterLen = 2000000;    // 2 ms per iteration
inline constexpr std::uint32_t kModel = 2;

inline QByteArray allOnOptions()
{
    return R"({"output":"/tmp/npuscope","training_trace":"on","task_trace":"on","task_time":"on","hccl":"on","aicpu":"on","l2":"on","msproftx":"on","runtime_api":"on","aic_metrics":"PipeUtilization"})";
}

inline std::unique_ptr<MemoryTrace> makeSession(const QByteArray &optionsJson = allOnOptions(), int deviceCount = 2,
                                                std::uint64_t seed = 7)
{
    auto m = std::make_unique<MemoryTrace>();
    SessionInfo info;
    info.name = QStringLiteral("hand-made");
    info.spec.model = QStringLiteral("lenet");
    info.spec.seed = seed;
    info.spec.devicesPerServer = deviceCount;
    info.optionsJson = optionsJson;
    info.createdWallUs = 1692340024000000;
    for (int d = 0; d < deviceCount; ++d) {
        DeviceInfo di;
        di.id = static_cast<std::uint16_t>(d);
        di.rankId = static_cast<std::uint32_t>(d);
        di.hostPid = 10036 + 8 * static_cast<std::uint32_t>(d);
        di.hostname = QStringLiteral("node0");
        di.monotonicBegin = kT0 - 1000000000;
        di.monotonicEnd = kT0 + 10 * kIterLen;
        di.wallBeginUs = 1692340024324979 + d * 1000;
        di.wallEndUs = 1692340082430569;
        info.devices.push_back(di);
    }
    info.models.push_back({kModel, QStringLiteral("graph_2"), 2});
    m->begin(info);

    RecordBatch b;
    StringTable st;
    auto S = [&](std::string_view s) { return st.intern(s, b); };
    auto op = [&](std::uint32_t id, const char *name, const char *type, std::uint16_t blockDim, bool aiCpu) {
        OpDesc o;
        o.id = id;
        o.modelId = kModel;
        o.name = S(name);
        o.opType = S(type);
        o.inputShapes = S("32,3,224,224;64,3,7,7");
        o.inputDataTypes = S("DT_FLOAT16;DT_FLOAT16");
        o.inputFormats = S("NC1HWC0;FRACTAL_Z");
        o.outputShapes = S("32,64,112,112");
        o.outputDataTypes = S("DT_FLOAT16");
        o.outputFormats = S("NC1HWC0");
        o.blockDim = blockDim;
        o.aiCpu = aiCpu;
        b.ops.push_back(o);
    };
    op(1, "Default/network/Conv2D-op1", "Conv2D", 32, false);
    op(2, "=HYPERLINK(\"http://x\")", "+Add", 40, false);     // formula-looking name and type
    op(3, "Default/Cast-op3", "Cast", 8, false);
    op(4, "Default/DropoutGenMask-op4", "DropoutGenMask", 0, true);
    op(5, "Gradients/Conv2DBackpropFilter-op5", "Conv2DBackpropFilter", 32, false);

    for (int d = 0; d < deviceCount; ++d) {
        for (std::uint32_t it = 1; it <= 2; ++it) {
            const TimeNs base = kT0 + (it - 1) * kIterLen + d * 1500; // devices slightly apart
            auto task = [&](std::uint32_t stream, std::uint32_t taskId, TaskKind type, TimeNs at, TimeNs dur,
                            std::uint32_t opId, std::uint64_t cycles, const char *name) {
                TaskRecord t;
                t.device = static_cast<std::uint16_t>(d);
                t.modelId = kModel;
                t.iteration = it;
                t.streamId = stream;
                t.taskId = taskId;
                t.type = S(taskKindName(type));
                t.kind = type;
                t.start = base + at;
                t.duration = dur;
                t.pending = 1200 + taskId;
                t.opId = opId;
                t.name = S(name);
                t.totalCycles = cycles;
                if (type == TaskKind::AiCore) {
                    t.l2HitRate = 0.8f + 0.01f * static_cast<float>(taskId % 10);
                    t.l2VictimRate = 0.05f;
                    t.pmu.resize(14);
                    // PipeUtilization order; time slots hold junk on purpose: the
                    // exporter derives X_time from aicore_time and the ratio.
                    const float ratios[6] = {0.21f, 0.65f, 0.05f, 0.12f, 0.33f, 0.08f};
                    for (int k = 0; k < 6; ++k) {
                        t.pmu[static_cast<std::size_t>(2 * k)] = 999.f;
                        t.pmu[static_cast<std::size_t>(2 * k + 1)] = ratios[k] + 0.01f * static_cast<float>(taskId % 3);
                    }
                    t.pmu[12] = 0.015f;
                    t.pmu[13] = 999.f;
                }
                b.tasks.push_back(t);
            };
            // Forward / backward on stream 2, AI CPU on stream 4, HCCL on stream 12.
            task(2, 3, TaskKind::EventWait, 0, 10, 0, 0, "EVENT_WAIT");
            task(2, 4, TaskKind::AiCore, 5000, 23100, 1, 687000, "Default/network/Conv2D-op1");
            task(4, 2, TaskKind::AiCpu, 6000, 400000, 4, 0, "Default/DropoutGenMask-op4");
            task(4, 3, TaskKind::EventRecord, 406500, 10, 0, 0, "EVENT_RECORD");
            task(2, 5, TaskKind::AiCore, 28300, 7160, 2, 133000, "=HYPERLINK(\"http://x\")");
            task(2, 6, TaskKind::AiCore, 40000, 5500, 3, 40900, "Default/Cast-op3");
            task(2, 7, TaskKind::AiCore, 50000, 600000, 5, 17800000, "Gradients/Conv2DBackpropFilter-op5");
            task(12, 2, TaskKind::NotifyWait, 500000, 3250, 0, 0, "NOTIFY_WAIT");
            task(12, 3, TaskKind::ReduceAsyncV2, 520000, 300000, 0, 0, "REDUCE_ASYNC_V2");
            task(12, 4, TaskKind::NotifyRecord, 830000, 40, 0, 0, "NOTIFY_RECORD");
            task(12, 5, TaskKind::MemcpyAsync, 840000, 104160, 0, 0, "MEMCPY_ASYNC");
            task(2, 8, TaskKind::AiCore, 1000000, 7160, 3, 53000, "Default/Cast-op3");
            task(2, 9, TaskKind::EventReset, 1010000, 50, 0, 0, "EVENT_RESET");

            CollectiveOpRecord c;
            c.device = static_cast<std::uint16_t>(d);
            c.modelId = kModel;
            c.iteration = it;
            c.name = S("Default/AllReduce-op534_0");
            c.opType = S("AllReduce");
            c.start = base + 500000;
            c.duration = 444160;
            c.bytes = 7023104;
            b.collectives.push_back(c);

            auto hccl = [&](std::uint32_t plane, const char *name, TimeNs at, TimeNs dur, std::uint32_t taskId,
                            std::uint64_t size, const char *transport, const char *link, double bw, std::uint32_t dst) {
                HcclTaskRecord h;
                h.device = static_cast<std::uint16_t>(d);
                h.modelId = kModel;
                h.iteration = it;
                h.plane = plane;
                h.name = S(name);
                h.start = base + at;
                h.duration = dur;
                h.notifyId = 160;
                h.durationEstimatedUs = 0.02;
                h.streamId = 12;
                h.taskId = taskId;
                h.srcRank = static_cast<std::uint32_t>(d);
                h.dstRank = dst;
                h.transportType = S(transport);
                h.sizeBytes = size;
                h.dataType = S(size ? "FP32" : "INVALID_TYPE");
                h.linkType = S(link);
                h.bandwidthGBps = bw;
                b.hcclTasks.push_back(h);
            };
            hccl(0, "Notify_Wait", 500000, 3250, 2, 0, "LOCAL", "INVALID_TYPE", 0, kInvalidId);
            hccl(1, "Reduce_Inline", 520000, 300000, 3, 7023104, "SDMA", "HCCS", 23.41, 1 - static_cast<std::uint32_t>(d));
            hccl(0, "Notify_Record", 830000, 40, 4, 0, "SDMA", "INVALID_TYPE", 0, 0);
            hccl(1, "Memcpy", 840000, 104160, 5, 7023104, "SDMA", "HCCS", 67.4, 1 - static_cast<std::uint32_t>(d));

            StepTraceRecord s;
            s.device = static_cast<std::uint16_t>(d);
            s.modelId = kModel;
            s.iteration = it;
            s.fpStart = base + 5000;
            s.bpEnd = base + 650000;
            s.iterationEnd = base + 1020000;
            s.previousIterationEnd = it == 1 ? -1 : kT0 + (it - 2) * kIterLen + d * 1500 + 1020000;
            s.reduces.push_back({base + 500000, base + 944160});
            if (it == 1)
                s.reduces.push_back({base + 950000, base + 990000});
            b.stepTraces.push_back(s);

            AiCpuRecord a;
            a.device = static_cast<std::uint16_t>(d);
            a.modelId = kModel;
            a.iteration = it;
            a.streamId = 4;
            a.taskId = 2;
            a.node = S("Default/DropoutGenMask-op4");
            a.timestamp = base + 6000;
            a.computeTime = 350123;
            a.memcpyTime = 20000;
            a.taskTime = 380123;
            a.dispatchTime = 15000;
            a.totalTime = 400000;
            b.aiCpu.push_back(a);

            auto host = [&](HostRangeRecord::Kind kind, std::uint32_t tid, const char *name, TimeNs at, TimeNs dur) {
                HostRangeRecord r;
                r.kind = kind;
                r.device = static_cast<std::uint16_t>(d);
                r.modelId = kModel;
                r.iteration = it;
                r.pid = 10036 + 8 * static_cast<std::uint32_t>(d);
                r.tid = tid;
                r.name = S(name);
                r.start = base + at;
                r.duration = dur;
                if (kind == HostRangeRecord::Kind::MsprofTx) {
                    r.category = 1;
                    r.eventType = S("start/end");
                    r.payloadType = 0;
                    r.payloadValue = 42;
                    r.messageType = S("ascii");
                }
                b.hostRanges.push_back(r);
            };
            host(HostRangeRecord::Kind::Cann, 16027, "GE@Infer", -300, 1030000);
            host(HostRangeRecord::Kind::RuntimeApi, 10036, "rtKernelLaunch", -200, 800);
            host(HostRangeRecord::Kind::MsprofTx, 16028, "-step, \"train\"", -100, 1000000);

            for (int q = 0; q < 3; ++q) {
                QueueEventRecord e;
                e.device = static_cast<std::uint16_t>(d);
                e.timestamp = base + 100000 + q * 300000;
                e.action = S("Last queue dequeue");
                e.source = S("iterator_default");
                e.cachedBufferSize = static_cast<std::uint32_t>(131 - q - 3 * (it - 1));
                b.queueEvents.push_back(e);
            }
        }
    }
    FusionOpRecord f;
    f.modelId = kModel;
    f.modelName = S("graph_2");
    f.fusionOp = S("Conv2D-fused");
    f.originalOps = S("Conv2D;BiasAdd,Relu");
    f.memoryInput = 100;
    f.memoryOutput = 200;
    f.memoryWeight = 300;
    f.memoryWorkspace = 4;
    b.fusionOps.push_back(f);

    m->write(b);
    m->end(SessionStatus::Complete, info.devices);
    return m;
}

} // namespace npuscope::testing
