#include "device/emulator_run.h"

namespace npuscope::device::emu {

void Run::allReduce(int it, int seg)
{
    const std::uint64_t bytes = g_.segmentBytes[size_t(seg)];
    std::vector<TimeNs> ready(static_cast<size_t>(n_));
    for (int d = 0; d < n_; ++d) {
        DeviceState &s = devs[size_t(d)];
        // The main plane's stream picks up the compute stream's event ~20 µs later.
        ready[size_t(d)] = std::max(s.segReady[size_t(seg)] + TimeNs(s.rng.uniform(18, 26) * kUs), s.commFree);
    }
    const AllReduceResult r = ar_.run(ready, bytes, [&](int d, double sigma) { return devs[size_t(d)].rng.jitter(sigma); });
    for (int d = 0; d < n_; ++d) {
        DeviceState &s = devs[size_t(d)];
        std::vector<const CommTask *> order;
        order.reserve(r.tasks[size_t(d)].size());
        for (const CommTask &t : r.tasks[size_t(d)])
            order.push_back(&t);
        std::stable_sort(order.begin(), order.end(),
                         [](const CommTask *a, const CommTask *b) { return a->start < b->start; });
        std::uint32_t sharedId = 0;
        for (const CommTask *t : order)
            commTask(s, d, it, *t, sharedId);
        s.commFree = r.done[size_t(d)] + 110;
        s.commDone = r.done[size_t(d)];
        s.reduces.push_back({r.begin[size_t(d)], r.end[size_t(d)]});
        if (collectiveOps_) {
            CollectiveOpRecord c;
            c.device = std::uint16_t(d);
            c.modelId = kModelId;
            c.iteration = std::uint32_t(it);
            c.name = nm_.collective[size_t(seg)];
            c.opType = nm_.allReduce;
            c.start = r.begin[size_t(d)];
            c.duration = r.end[size_t(d)] - r.begin[size_t(d)];
            c.bytes = bytes;
            c.segment = std::uint32_t(seg);
            s.batch.collectives.push_back(c);
        }
    }
}

StrId Run::linkName(Link l) const
{
    switch (l) {
    case Link::OnChip: return nm_.onChip;
    case Link::Hccs: return nm_.hccs;
    case Link::Pcie: return nm_.pcie;
    case Link::Roce: return nm_.roce;
    }
    return nm_.invalid;
}

void Run::commTask(DeviceState &s, int d, int it, const CommTask &c, std::uint32_t &sharedId)
{
    const std::uint32_t stream = split_ ? kCommStreamSplit : kPlaneStreams[size_t(c.plane) % kPlaneStreams.size()];
    const TaskType *type = &nm_.tEventRecord;
    StrId hwName = nm_.eventRecord, hName = 0;
    switch (c.op) {
    case CommOp::NotifyWait: type = &nm_.tNotifyWait; hwName = nm_.notifyWait; hName = nm_.hNotifyWait; break;
    case CommOp::NotifyRecord: type = &nm_.tNotifyRecord; hwName = nm_.notifyRecord; hName = nm_.hNotifyRecord; break;
    case CommOp::Reduce: type = &nm_.tReduce; hwName = nm_.reduceAsync; hName = nm_.hReduce; break;
    case CommOp::Memcpy: type = &nm_.tMemcpy; hwName = nm_.memcpyAsync; hName = nm_.hMemcpy; break;
    case CommOp::EventWait: type = &nm_.tEventWait; hwName = nm_.eventWait; break;
    case CommOp::EventReset: type = &nm_.tEventReset; hwName = nm_.eventReset; break;
    case CommOp::EventRecord: type = &nm_.tEventRecord; hwName = nm_.eventRecord; break;
    }
    const bool sub = split_ && c.hcclTask;
    if (sub)
        hwName = type->text; // the 910B timeline names sub-tasks by their type
    task(s, d, it, stream, *type, hwName, 0, c.start, c.duration, sub ? sharedId : 0);
    if (sub && !sharedId)
        sharedId = lastTaskId_;
    if (!hccl_ || !c.hcclTask || hName == 0)
        return;
    const bool data = c.op == CommOp::Reduce || c.op == CommOp::Memcpy;
    HcclTaskRecord h = hcclTaskOf(d, it, stream, lastTaskId_, hName, c.start, c.duration);
    h.plane = std::uint32_t(c.plane);
    h.notifyId = c.notifyId;
    if (c.op == CommOp::NotifyRecord)
        h.dstRank = c.local ? std::uint32_t(d) : c.peer;
    else
        h.dstRank = c.local ? (c.peer == std::uint32_t(d) ? c.peer : kInvalidId) : c.peer;
    h.transportType = c.op == CommOp::NotifyWait ? nm_.local : (c.link == Link::Roce ? nm_.rdma : nm_.sdma);
    h.sizeBytes = data ? c.bytes : 0;
    h.dataType = c.op == CommOp::Reduce ? (c.smallReduce ? nm_.int32 : nm_.fp32) : nm_.invalid;
    h.linkType = data ? linkName(c.link) : nm_.invalid;
    const ChipProfile &chip = chipProfile(chip_);
    const double nominal = c.link == Link::OnChip ? chip.onChipCopyGBps : chip.sdmaTransferGBps;
    h.durationEstimatedUs = data ? double(c.bytes) / nominal / 1000.0 + 0.6
                                 : (c.op == CommOp::NotifyWait ? 0.02 : 1.0);
    h.bandwidthGBps = data && c.duration > 0 ? double(c.bytes) / double(c.duration) : 0.0;
    s.batch.hcclTasks.push_back(h);
}

} // namespace npuscope::device::emu
