#include "device/emulator_run.h"

namespace npuscope::device::emu {

TimeNs Run::runKernel(DeviceState &s, int d, int it, int i, TimeNs cur, double warm)
{
    return g_.compute[size_t(i)].aiCpu ? aiCpuKernel(s, d, it, i, cur, warm) : kernelTask(s, d, it, i, cur, warm);
}

TimeNs Run::aiCpuKernel(DeviceState &s, int d, int it, int i, TimeNs cur, double warm)
{
    const Kernel &k = g_.compute[size_t(i)];
    cur += 150;
    task(s, d, it, kComputeStream, nm_.tEventRecord, nm_.eventRecord, 0, cur, 10);
    TimeNs a = std::max(s.aicpuFree, cur + 10) + 300;
    a = waitEvent(s, d, it, auxStream_, a);
    const TimeNs dur = TimeNs(k.aiCpuNs * s.rng.jitter(0.08) * warm * s.speed);
    if (torch_)
        a = hostGate(s, compute_[size_t(i)].opId, a);
    if (i == fpIndex_ && s.fpStart < 0)
        s.fpStart = a;
    aiCpuTask(s, d, it, compute_[size_t(i)], a, dur);
    a += dur + 400;
    if (i == bpIndex_)
        s.bpEnd = a - 400;
    task(s, d, it, auxStream_, nm_.tEventRecord, nm_.eventRecord, 0, a, 10);
    s.aicpuFree = a + 10;
    cur = a + 310;
    return waitEvent(s, d, it, kComputeStream, cur);
}

TimeNs Run::waitEvent(DeviceState &s, int d, int it, std::uint32_t stream, TimeNs cur)
{
    task(s, d, it, stream, nm_.tEventWait, nm_.eventWait, 0, cur, 10);
    if (!split_)
        task(s, d, it, stream, nm_.tEventReset, nm_.eventReset, 0, cur + 110, 50);
    return cur + 260;
}

TaskRecord *Run::task(DeviceState &s, int d, int it, std::uint32_t stream, const TaskType &type, StrId name,
                 std::uint32_t opId, TimeNs start, TimeNs dur, std::uint32_t sharedId)
{
    const std::uint32_t id = sharedId ? sharedId : ++s.taskIds[stream];
    lastTaskId_ = id;
    // Drawn even when not recorded so that switching options never changes timings.
    const TimeNs pending = 500 + TimeNs(s.rng.bits() % 2500);
    if (torch_ && opId)
        s.launches.push_back({opId, stream, start, s.hostA, s.hostE});
    if (!timing_)
        return nullptr;
    s.batch.tasks.push_back(deviceTask(d, it, stream, id, type.kind, type.text, name, opId, start, dur, pending));
    return &s.batch.tasks.back();
}

void Run::aiCpuTask(DeviceState &s, int d, int it, const KernelPlan &p, TimeNs start, TimeNs dur)
{
    // AI CPU time split: dispatch to the ARM core, preprocessing, compute, copy-out.
    const double dispatch = s.rng.uniform(6, 14) * kUs;
    const double pre = s.rng.uniform(2, 6) * kUs;
    task(s, d, it, auxStream_, nm_.tAiCpu, p.name, p.opId, start, dur);
    if (opt_.aicpu != Switch::On)
        return;
    AiCpuRecord a;
    a.device = std::uint16_t(d);
    a.modelId = kModelId;
    a.iteration = std::uint32_t(it);
    a.streamId = auxStream_;
    a.taskId = lastTaskId_;
    a.node = p.name;
    a.timestamp = start;
    const double body = std::max(1000.0, double(dur) - dispatch - pre);
    a.memcpyTime = TimeNs(body * 0.04);
    a.computeTime = TimeNs(body) - a.memcpyTime;
    a.taskTime = TimeNs(pre) + a.computeTime + a.memcpyTime;
    a.dispatchTime = TimeNs(dispatch);
    a.totalTime = a.taskTime + a.dispatchTime + TimeNs(s.rng.uniform(1, 4) * kUs);
    s.batch.aiCpu.push_back(a);
}

TimeNs Run::kernelTask(DeviceState &s, int d, int it, int i, TimeNs cur, double warm)
{
    const Kernel &k = g_.compute[size_t(i)];
    const KernelPlan &p = compute_[size_t(i)];
    const KernelCost &c = k.cost;
    TimeNs start = cur + 90 + TimeNs(s.rng.bits() % 80);
    if (torch_)
        start = hostGate(s, p.opId, start);
    if (launchBound_) {
        // Op-by-op launch: the host dispatches each kernel (framework + rtKernelLaunch),
        // the device cannot run ahead of it.
        s.hostLaunch += TimeNs(s.rng.uniform(14, 26) * kUs);
        start = std::max(start, s.hostLaunch);
    }
    const double aicore = c.aicoreNs * s.rng.jitter(0.025) * warm * s.speed;
    const double ghz = chipProfile(chip_).clockGHz;
    const std::uint64_t cycles = std::uint64_t(std::llround(aicore * ghz * c.blockDim));
    const double aicoreUs = double(cycles) / (ghz * 1000.0) / c.blockDim;
    const TimeNs dur = TimeNs(std::ceil(aicoreUs * 1000.0 + c.overheadNs * s.rng.uniform(0.8, 1.2)));
    const double l2j = s.rng.uniform(-0.02, 0.02);
    if (i == fpIndex_ && s.fpStart < 0)
        s.fpStart = start;
    if (i == bpIndex_)
        s.bpEnd = start + dur;
    TaskRecord *t = task(s, d, it, kComputeStream, *p.type, p.name, p.opId, start, dur);
    if (t) {
        if (l1_ && split_) {
            // The 910B files count cycles per core kind: the task's total is the cube
            // cores' (aic_total_cycles), 0 for a vector kernel.
            const bool cube = k.cores == Cores::Cube || k.cores == Cores::MixCube;
            t->totalCycles = cube ? cycles : 0;
            if (pmu_)
                fillPmuSplit(*t, opt_.aicMetrics, chipProfile(chip_), k, p.r, aicoreUs, cycles, double(dur) / 1000.0);
        } else if (l1_) {
            t->totalCycles = cycles;
            if (pmu_)
                fillPmu(*t, opt_.aicMetrics, c, p.r, aicoreUs);
        }
        if (opt_.l2 == Switch::On) {
            t->l2HitRate = roundedRate(std::clamp(c.l2Hit + l2j, 0.0, 1.0));
            t->l2VictimRate = roundedRate(std::clamp(c.l2Victim - l2j * 0.3, 0.0, 1.0));
        }
    }
    return start + dur;
}

} // namespace npuscope::device::emu
