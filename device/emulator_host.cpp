#include "device/emulator_run.h"

namespace npuscope::device::emu {

bool Run::sessRunLike() const
{
    // An eager PyTorch step pulls its batch and launches op by op, like sess.run.
    return torch_ || spec_.mode == LaunchMode::SessRun;
}

TimeNs Run::hostGate(DeviceState &s, std::uint32_t opId, TimeNs start)
{
    const bool backward = host_->backward(opId);
    const TimeNs cost = TimeNs(s.hostRng.uniform(backward ? 12 : 18, backward ? 28 : 42) * kUs);
    s.hostA = s.torchHost;
    s.hostE = s.hostA + cost;
    s.torchHost = s.hostE;
    return std::max(start, s.hostA + cost * 96 / 100 + 3 * kUs);
}

void Run::torchPrelude(RecordBatch &b)
{
    host_.emplace(*torch_, opt_.runtimeApi == Switch::On, timing_, kModelId);
    const std::string model = g_.modelName;
    const std::string train = "train.py(212): train_step;\r\ntrain.py(268): main;\r\ntrain.py(281): <module>";
    host_->prelude(strings_, b, spec_.iterations,
                   {.forward = "models/" + model + ".py(97): forward;\r\ntorch/nn/modules/module.py(1527): _call_impl;\r\n" + train,
                    .loss = "torch/nn/modules/loss.py(1179): forward;\r\ntorch/nn/modules/module.py(1527): _call_impl;\r\n" + train,
                    .optimizer = "torch/optim/sgd.py(75): step;\r\ntorch/optim/optimizer.py(373): wrapper;\r\n" + train,
                    .load = train});
    host_->addOp(strings_, b, g_.getNext, gn_.opId, true);
    for (size_t j = 0; j < masks_.size(); ++j)
        host_->addOp(strings_, b, g_.masks[j], masks_[j].opId, false);
    for (size_t j = 0; j < compute_.size(); ++j)
        host_->addOp(strings_, b, g_.compute[j], compute_[j].opId, false);
}

void Run::torchStep(DeviceState &s, int d, int it)
{
    RecordBatch &b = s.batch;
    host_->step(b, std::uint16_t(d), it, s.launches, s.torchStepStart, s.torchStepEnd, s.memory);
    if (timing_) {
        analysis::StepActivity act;
        act.stepStart = s.torchStepStart;
        act.stepEnd = s.torchStepEnd;
        for (const TaskRecord &t : b.tasks)
            if (t.iteration == std::uint32_t(it) && isComputeKind(t.kind))
                act.computing.push_back({t.start, t.start + t.duration});
        for (const auto &r : s.reduces)
            act.communication.push_back({r.start, r.end});
        StepTimeRecord st = analysis::stepTimeBreakdown(act);
        st.device = std::uint16_t(d);
        st.step = host_->stepName(it);
        b.stepTimes.push_back(st);
    }
}

void Run::hostRanges(DeviceState &s, int d, int it, TimeNs iterEnd)
{
    const TimeNs geStart = std::max(s.hostFree + 5 * kUs, s.iterStart - TimeNs(s.rng.uniform(180, 260) * kUs));
    const TimeNs geEnd = iterEnd + TimeNs(s.rng.uniform(15, 40) * kUs);
    auto range = [&](HostRangeRecord::Kind kind, StrId name, TimeNs a, TimeNs b) -> HostRangeRecord & {
        HostRangeRecord h;
        h.kind = kind;
        h.device = std::uint16_t(d);
        h.modelId = kModelId;
        h.iteration = std::uint32_t(it);
        h.pid = kHostPid;
        h.tid = kHostTid + std::uint32_t(d);
        h.name = name;
        h.start = a;
        h.duration = std::max<TimeNs>(0, b - a);
        s.batch.hostRanges.push_back(h);
        return s.batch.hostRanges.back();
    };
    // A PyTorch step launches op by op: its CANN and runtime ranges are the launches'
    // (torchStep), not a graph execution.
    if (timing_ && !torch_)
        range(HostRangeRecord::Kind::Cann, nm_.geInfer, geStart, geEnd);
    if (opt_.runtimeApi == Switch::On && !torch_) {
        const TimeNs execEnd = geStart + TimeNs(s.rng.uniform(20, 45) * kUs);
        range(HostRangeRecord::Kind::RuntimeApi, nm_.rtExec, geStart + 8 * kUs, execEnd);
        range(HostRangeRecord::Kind::RuntimeApi, nm_.rtSync, execEnd + 2 * kUs, iterEnd + 8 * kUs);
    }
    if (opt_.msproftx == Switch::On) {
        const TimeNs loadStart = std::max(s.txFree, geStart - TimeNs(s.rng.uniform(40, 90) * kUs));
        auto &a = range(HostRangeRecord::Kind::MsprofTx, nm_.txData, loadStart, geStart - 2 * kUs);
        a.eventType = nm_.txStartEnd; a.messageType = nm_.txAscii; a.payloadValue = std::uint64_t(it);
        auto &b = range(HostRangeRecord::Kind::MsprofTx, nm_.txStep, geStart, geEnd);
        b.eventType = nm_.txStartEnd; b.messageType = nm_.txAscii; b.payloadValue = std::uint64_t(it);
        s.txFree = geEnd;
    }
    s.hostFree = geEnd;
}

} // namespace npuscope::device::emu
