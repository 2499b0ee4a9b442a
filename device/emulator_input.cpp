#include "device/emulator_run.h"

namespace npuscope::device::emu {

int Run::prefill() const
{
    return std::min(sessRunLike() ? kHostPrefill : kSinkPrefill, spec_.queueDepth);
}

void Run::produceUpTo(DeviceState &s, int b)
{
    if (s.ready.empty())
        s.ready.push_back(t0_);
    while (int(s.ready.size()) <= b) {
        const int k = int(s.ready.size());
        if (k <= prefill()) {
            s.ready.push_back(t0_);
            continue;
        }
        const int blocker = k - spec_.queueDepth;
        if (blocker >= 1 && blocker >= int(s.consumed.size()))
            return; // not dequeued yet: the caller asked too far ahead
        double late = s.inputRng.jitter(0.25 / std::sqrt(double(std::max(batch_, 1)))) - 1.0;
        if (s.inputRng.uniform() < 0.01)
            late += s.inputRng.uniform(1, 3);
        TimeNs t = t0_ + TimeNs(batchIntervalNs_ * (double(k - prefill()) + late));
        t = std::max(t, s.ready[size_t(k - 1)]);
        if (blocker >= 1)
            t = std::max(t, s.consumed[size_t(blocker)] + TimeNs(batchIntervalNs_ * std::max(0.3, 1.0 + late)));
        s.ready.push_back(t);
    }
}

TimeNs Run::batchAvailable(DeviceState &s, int it)
{
    if (batchIntervalNs_ <= 0)
        return 0;
    produceUpTo(s, it);
    return s.ready[size_t(it)];
}

void Run::queueEvent(DeviceState &s, int d, int it, TimeNs at)
{
    const int capacity = spec_.queueDepth;
    int depth = capacity;
    if (batchIntervalNs_ > 0) {
        // Batches it+1 .. it+capacity that are in the queue when batch `it` leaves it.
        if (int(s.consumed.size()) <= it)
            s.consumed.resize(size_t(it) + 1, 0);
        s.consumed[size_t(it)] = at;
        produceUpTo(s, it + capacity);
        const auto first = s.ready.begin() + std::min<std::ptrdiff_t>(it + 1, std::ptrdiff_t(s.ready.size()));
        depth = int(std::upper_bound(first, s.ready.end(), at) - first);
        depth = std::clamp(depth, 0, capacity);
    } else {
        depth = std::max(0, capacity - int(s.rng.uniform(0, 2)));
    }
    QueueEventRecord q;
    q.device = std::uint16_t(d);
    q.timestamp = at;
    q.action = nm_.dpAction;
    q.source = nm_.dpSource;
    q.cachedBufferSize = std::uint32_t(depth);
    // The dataset queue is TensorFlow's; a PyTorch step takes its batch from a DataLoader.
    if (!torch_)
        s.batch.queueEvents.push_back(q);
}

TimeNs Run::getNext(DeviceState &s, int d, int label, int forIt, TimeNs start, double warm)
{
    const TimeNs cost = TimeNs(g_.getNext.aiCpuNs * s.rng.jitter(0.05) * (forIt == 1 ? warm : 1.0));
    if (torch_)
        start = hostGate(s, gn_.opId, start);
    const TimeNs end = std::max(start + cost, batchAvailable(s, forIt) + 12 * kUs);
    aiCpuTask(s, d, label, gn_, start, end - start);
    queueEvent(s, d, forIt, end);
    task(s, d, label, auxStream_, nm_.tEventRecord, nm_.eventRecord, 0, end + 200, 10);
    s.aicpuFree = end + 210;
    return end + 210;
}

namespace {

// Moves the records of `from` that begin after `end` (time(r)) to `carry`, both in order.
template <class R, class Time>
void carryAfter(std::vector<R> &from, std::vector<R> &carry, TimeNs end, Time time)
{
    for (auto it = from.begin(); it != from.end();) {
        if (time(*it) > end) {
            carry.push_back(*it);
            it = from.erase(it);
        } else
            ++it;
    }
}

} // namespace

void Run::carryLate(DeviceState &s, TimeNs iterEnd)
{
    carryAfter(s.batch.tasks, s.carryTasks, iterEnd, [](const TaskRecord &t) { return t.start; });
    carryAfter(s.batch.aiCpu, s.carryAiCpu, iterEnd, [](const AiCpuRecord &a) { return a.timestamp; });
    carryAfter(s.batch.queueEvents, s.carryQueue, iterEnd, [](const QueueEventRecord &q) { return q.timestamp; });
}

void Run::openWithCarry(DeviceState &s)
{
    std::stable_sort(s.carryTasks.begin(), s.carryTasks.end(),
                     [](const TaskRecord &a, const TaskRecord &b) { return a.start < b.start; });
    for (TaskRecord t : s.carryTasks) {
        const std::uint32_t old = t.taskId;
        t.iteration += 1;
        t.taskId = ++s.taskIds[t.streamId];
        for (AiCpuRecord &a : s.carryAiCpu)
            if (a.streamId == t.streamId && a.taskId == old && a.iteration + 1 == t.iteration) {
                a.taskId = t.taskId;
                a.iteration = t.iteration;
            }
        s.batch.tasks.push_back(t);
    }
    for (const AiCpuRecord &a : s.carryAiCpu)
        s.batch.aiCpu.push_back(a);
    for (const QueueEventRecord &q : s.carryQueue)
        s.batch.queueEvents.push_back(q);
    s.carryTasks.clear();
    s.carryAiCpu.clear();
    s.carryQueue.clear();
}

} // namespace npuscope::device::emu
