#include "device/torch_host.h"

#include "device/graph.h"
#include "device/torch_session.h"

#include <algorithm>
#include <cmath>

namespace npuscope::device {

TorchPlan torchPlan(const QByteArray &configJson, int iterations, ProfilingOptions *options)
{
    TorchPlan plan;
    torchcfg::TorchProfilerConfig::parse(configJson.isEmpty() ? QByteArrayLiteral("{}") : configJson, &plan.cfg);
    *options = torchMsprofOptions(plan.cfg, &plan.pmu);
    plan.cpu = plan.cfg.hasActivity(torchcfg::Activity::CPU);
    plan.cann = options->taskTimingOn();
    plan.recorded.assign(size_t(iterations) + 1, false);
    for (int it = 1; it <= iterations; ++it)
        if (torchStepRecorded(plan.cfg.schedule, it - 1)) {
            plan.recorded[size_t(it)] = true;
            ++plan.recordedSteps;
        }
    return plan;
}

void TorchHostLane::prelude(StringTable &strings, RecordBatch &b, int iterations, const TorchStacks &stacks)
{
    auto in = [&](std::string_view v) { return strings.intern(v, b); };
    cpuOp_ = in("cpu_op"); enqueueCat_ = in("enqueue"); dequeueCat_ = in("dequeue"); enqueue_ = in("Enqueue");
    queueFlowCat_ = in("async_task_queue"); queueFlow_ = in("enqueue_to_dequeue");
    npuFlowCat_ = in("async_npu"); npuFlow_ = in("torch_to_npu");
    h2d_ = in("HostToDevice");
    nodeLaunch_ = in("Node@launch"); acl_ = in("acl"); node_ = in("node"); runtime_ = in("runtime");
    rtLaunch_ = in("rtKernelLaunch"); pta_ = in("PTA");
    stepRange_.assign(size_t(iterations) + 1, 0);
    stepName_.assign(size_t(iterations) + 1, 0);
    for (int it = 1; it <= iterations; ++it) {
        if (!plan_.recorded[size_t(it)])
            continue;
        // torch's step_num counts from 0: iteration k is ProfilerStep#(k-1).
        stepRange_[size_t(it)] = in("ProfilerStep#" + std::to_string(it - 1));
        stepName_[size_t(it)] = in(std::to_string(it - 1));
    }
    fwdStack_ = in(stacks.forward);
    lossStack_ = in(stacks.loss);
    optStack_ = in(stacks.optimizer);
    loadStack_ = in(stacks.load);
}

void TorchHostLane::addOp(StringTable &strings, RecordBatch &b, const Kernel &k, std::uint32_t opId, bool input)
{
    auto in = [&](std::string_view v) { return strings.intern(v, b); };
    TorchOp op;
    // The input batch reaches the device as a copy the training loop asks for.
    op.aten = in(input ? std::string("aten::to") : atenName(k.type));
    op.acl = in("AscendCL@aclnn" + k.type);
    op.dequeue = in("Dequeue@aclnn" + k.type);
    op.dims = in(torchInputDims(k.inShapes));
    op.types = in(torchInputTypes(k.inTypes));
    op.backward = k.phase == Phase::Backward;
    op.activation = k.phase == Phase::Forward || k.phase == Phase::Loss;
    op.outMB = k.work.bytesOut / (1024.0 * 1024.0);
    // Autograd numbers the forward ops; the backward pass reuses them.
    op.sequence = k.phase == Phase::Optimizer || input ? -1 : sequence_++;
    // The autograd engine's thread runs the backward ops without a Python stack.
    op.stack = input ? loadStack_ : k.phase == Phase::Forward ? fwdStack_ : k.phase == Phase::Loss ? lossStack_
             : k.phase == Phase::Optimizer ? optStack_ : 0;
    ops_[opId] = op;
}

void TorchHostLane::step(RecordBatch &b, std::uint16_t dev, int it, std::vector<TorchLaunch> launches, TimeNs stepStart,
                         TimeNs stepEnd, TorchMemory &memory)
{
    const std::uint32_t mainTid = kHostPid, autogradTid = kHostPid + 2, queueTid = kHostPid + 3;
    std::stable_sort(launches.begin(), launches.end(),
                     [](const TorchLaunch &x, const TorchLaunch &y) { return x.hostStart < y.hostStart; });
    auto python = [&](StrId name, StrId cat, std::uint32_t tid, TimeNs a, TimeNs e) -> PythonRangeRecord & {
        b.pythonRanges.push_back({.device = dev, .pid = kHostPid, .tid = tid, .name = name, .category = cat,
                                  .start = a, .duration = std::max<TimeNs>(0, e - a)});
        return b.pythonRanges.back();
    };
    auto cann = [&](HostRangeRecord::Kind kind, StrId name, StrId level, TimeNs a, TimeNs e) {
        b.hostRanges.push_back({.kind = kind, .device = dev, .modelId = modelId_, .iteration = std::uint32_t(it),
                                .pid = kHostPid, .tid = queueTid, .name = name, .start = a,
                                .duration = std::max<TimeNs>(0, e - a), .level = level});
    };
    auto flow = [&](StrId cat, StrId name, std::uint64_t id, bool finish, FlowLane lane, std::uint32_t tid, TimeNs ts) {
        b.flowEnds.push_back({.device = dev, .category = cat, .name = name, .flowId = id, .finish = finish,
                              .lane = lane, .tid = tid, .ts = ts});
    };

    std::vector<Alloc> allocs;
    std::vector<TimeNs> backwardEnds;
    for (const TorchLaunch &l : launches) {
        const TorchOp &op = ops_.at(l.opId);
        const TimeNs a = l.hostStart, e = l.hostEnd, w = e - a;
        const std::uint32_t tid = op.backward ? autogradTid : mainTid;
        const TimeNs launchAt = a + w * 90 / 100, launchEnd = e - w * 4 / 100;
        if (plan_.cpu) {
            const std::uint64_t c = ++correlation_;
            PythonRangeRecord &r = python(op.aten, cpuOp_, tid, a, e);
            if (plan_.cfg.recordShapes) {
                r.inputShapes = op.dims;
                r.inputTypes = op.types;
            }
            if (plan_.cfg.withStack)
                r.callStack = op.stack;
            r.sequence = op.sequence;
            const TimeNs enq = a + w * 55 / 100, deq = a + w * 80 / 100;
            python(enqueue_, enqueueCat_, tid, enq, a + w * 75 / 100).correlation = c;
            python(op.dequeue, dequeueCat_, queueTid, deq, e).correlation = c;
            flow(queueFlowCat_, queueFlow_, c, false, FlowLane::Python, tid, enq);
            flow(queueFlowCat_, queueFlow_, c, true, FlowLane::Python, queueTid, deq);
            if (timing_) {
                const std::uint64_t id = ++flowSeq_;
                flow(npuFlowCat_, npuFlow_, id, false, FlowLane::Python, tid, a);
                flow(npuFlowCat_, npuFlow_, id, true, FlowLane::Hardware, l.stream, l.start);
            }
            if (plan_.cfg.profileMemory && op.outMB > 0) {
                allocs.push_back({a + w / 10, op.outMB, &op, -1});
                if (op.backward)
                    backwardEnds.push_back(e);
            }
        }
        if (plan_.cann) {
            cann(HostRangeRecord::Kind::Cann, op.acl, acl_, a + w * 83 / 100, e - w * 2 / 100);
            cann(HostRangeRecord::Kind::Cann, nodeLaunch_, node_, launchAt, launchEnd);
            if (runtimeApi_)
                cann(HostRangeRecord::Kind::RuntimeApi, rtLaunch_, runtime_, launchAt + w / 100, launchEnd - w / 100);
            if (timing_) {
                const std::uint64_t id = ++flowSeq_;
                flow(h2d_, h2d_, id, false, FlowLane::Cann, queueTid, launchAt);
                flow(h2d_, h2d_, id, true, FlowLane::Hardware, l.stream, l.start);
            }
        }
    }
    if (plan_.cpu)
        python(stepRange_[size_t(it)], cpuOp_, mainTid, stepStart, stepEnd);
    if (!allocs.empty())
        memoryRecords(b, dev, allocs, backwardEnds, stepEnd, memory);
}

// profile_memory: each op's output is allocated when the op runs; activations live until
// the backward pass has used them (released in reverse order as it goes), the backward
// ops' results until the next backward op ends, everything else until the step ends.
// The caching allocator reserves 2 MB blocks and keeps them.
void TorchHostLane::memoryRecords(RecordBatch &b, std::uint16_t dev, std::vector<Alloc> &allocs,
                                  const std::vector<TimeNs> &backwardEnds, TimeNs stepEnd, TorchMemory &memory)
{
    std::vector<size_t> activations;
    for (size_t i = 0; i < allocs.size(); ++i)
        if (allocs[i].op->activation)
            activations.push_back(i);
    size_t bw = 0;
    for (Alloc &x : allocs)
        if (x.op->backward) {
            x.release = bw + 1 < backwardEnds.size() ? backwardEnds[bw + 1] : stepEnd;
            ++bw;
        }
    for (size_t j = 0; j < activations.size(); ++j) {
        // The last forward op's output is the first the backward pass consumes.
        const size_t k = activations.size() - 1 - j;
        const size_t at = backwardEnds.empty() ? 0 : std::min(backwardEnds.size() - 1, j * backwardEnds.size() / activations.size());
        allocs[activations[k]].release = backwardEnds.empty() ? stepEnd : std::max(backwardEnds[at], allocs[activations[k]].at);
    }
    for (Alloc &x : allocs)
        if (x.release < 0)
            x.release = stepEnd;
    struct Ev { TimeNs ts; size_t index; bool alloc; };
    std::vector<Ev> ev;
    ev.reserve(2 * allocs.size());
    for (size_t i = 0; i < allocs.size(); ++i) {
        ev.push_back({allocs[i].at, i, true});
        ev.push_back({allocs[i].release, i, false});
    }
    std::stable_sort(ev.begin(), ev.end(), [](const Ev &x, const Ev &y) { return x.ts < y.ts || (x.ts == y.ts && x.alloc && !y.alloc); });
    std::vector<OpMemoryRecord> ops(allocs.size());
    constexpr std::uint64_t kStream = 0x7f3a00001000ull;
    for (const Ev &e : ev) {
        const Alloc &x = allocs[e.index];
        memory.allocatedMB += e.alloc ? x.mb : -x.mb;
        memory.allocatedMB = std::max(0.0, memory.allocatedMB);
        memory.reservedMB = std::max(memory.reservedMB, std::ceil(memory.allocatedMB / 2.0) * 2.0);
        MemoryRecord m;
        m.device = dev;
        m.component = pta_;
        m.ts = e.ts;
        m.allocatedMB = memory.allocatedMB;
        m.reservedMB = memory.reservedMB;
        m.activeMB = memory.allocatedMB;
        m.streamPtr = kStream;
        b.memory.push_back(m);
        OpMemoryRecord &o = ops[e.index];
        if (e.alloc) {
            o.device = dev;
            o.name = x.op->aten;
            o.sizeKB = x.mb * 1024.0;
            o.allocated = e.ts;
            o.allocTotalAllocatedMB = memory.allocatedMB;
            o.allocTotalReservedMB = memory.reservedMB;
            o.allocTotalActiveMB = memory.allocatedMB;
            o.streamPtr = kStream;
        } else {
            o.released = o.activeReleased = e.ts;
            o.releaseTotalAllocatedMB = memory.allocatedMB;
            o.releaseTotalReservedMB = memory.reservedMB;
            o.releaseTotalActiveMB = memory.allocatedMB;
        }
    }
    b.opMemory.insert(b.opMemory.end(), ops.begin(), ops.end());
}

} // namespace npuscope::device
