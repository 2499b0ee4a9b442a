#pragma once
// Test sink that keeps every record the emulator delivers, resolves strings, and can
// render the whole stream as text for byte-for-byte comparisons.

#include "core/model/record_sink.h"

#include <QString>
#include <sstream>
#include <string>
#include <unordered_map>
#include <vector>

namespace npuscope::test {

class CollectSink : public RecordSink {
public:
    bool begin(const SessionInfo &info) override { info_ = info; began = true; return true; }
    bool write(const RecordBatch &b) override
    {
        ++batches;
        if (failAfter >= 0 && batches > failAfter)
            return false;
        for (const auto &[id, s] : b.strings) {
            if (id != strings.size() + 1)
                stringOrderBroken = true;
            strings.push_back(s);
        }
        auto checkStr = [&](StrId id) { if (id > strings.size()) undeclaredString = true; };
        for (const auto &t : b.tasks) checkStr(t.name);
        for (const auto &o : b.ops) checkStr(o.name);
        append(ops, b.ops); append(tasks, b.tasks); append(collectives, b.collectives);
        append(hccl, b.hcclTasks); append(steps, b.stepTraces); append(aicpu, b.aiCpu);
        append(queue, b.queueEvents); append(fusion, b.fusionOps); append(host, b.hostRanges);
        return true;
    }
    bool end(SessionStatus s, const std::vector<DeviceInfo> &d) override
    {
        status = s; ended = true; endDevices = d;
        return true;
    }
    QString errorString() const override { return failAfter >= 0 ? QStringLiteral("disk full (test)") : QString(); }

    const std::string &str(StrId id) const { static const std::string none; return id ? strings[id - 1] : none; }

    // Every field of every record, as text: equal text == equal record streams.
    std::string dump() const
    {
        std::ostringstream o;
        for (const auto &s : strings) o << "S" << s << '\n';
        for (const auto &x : ops)
            o << "O" << x.id << ',' << x.name << ',' << x.opType << ',' << x.inputShapes << ',' << x.blockDim << ',' << x.mixBlockDim << ',' << x.aiCpu << ',' << x.coreType << '\n';
        for (const auto &t : tasks) {
            o << "T" << t.device << ',' << t.iteration << ',' << t.streamId << ',' << t.taskId << ',' << t.type << ',' << int(t.kind) << ','
              << t.start << ',' << t.duration << ',' << t.pending << ',' << t.opId << ',' << t.name << ',' << t.totalCycles
              << ',' << t.l2HitRate << ',' << t.l2VictimRate << ',' << t.pmu.size();
            for (float v : t.pmu) o << ',' << v;
            o << '\n';
        }
        for (const auto &c : collectives) o << "C" << c.device << ',' << c.name << ',' << c.start << ',' << c.duration << '\n';
        for (const auto &h : hccl)
            o << "H" << h.device << ',' << h.plane << ',' << h.name << ',' << h.start << ',' << h.duration << ',' << h.notifyId
              << ',' << h.dstRank << ',' << h.sizeBytes << ',' << h.bandwidthGBps << '\n';
        for (const auto &s : steps) {
            o << "P" << s.device << ',' << s.iteration << ',' << s.fpStart << ',' << s.bpEnd << ',' << s.iterationEnd;
            for (auto r : s.reduces) o << ',' << r.start << ',' << r.end;
            o << '\n';
        }
        for (const auto &a : aicpu) o << "A" << a.device << ',' << a.node << ',' << a.timestamp << ',' << a.totalTime << '\n';
        for (const auto &q : queue) o << "Q" << q.device << ',' << q.timestamp << ',' << q.cachedBufferSize << '\n';
        for (const auto &f : fusion) o << "F" << f.fusionOp << ',' << f.originalOps << ',' << f.memoryInput << '\n';
        for (const auto &h : host) o << "R" << int(h.kind) << ',' << h.name << ',' << h.start << ',' << h.duration << '\n';
        return o.str();
    }

    SessionInfo info_;
    bool began = false, ended = false, stringOrderBroken = false, undeclaredString = false;
    SessionStatus status = SessionStatus::Running;
    std::vector<DeviceInfo> endDevices;
    int batches = 0;
    int failAfter = -1; // refuse the batch after this many
    std::vector<std::string> strings;
    std::vector<OpDesc> ops;
    std::vector<TaskRecord> tasks;
    std::vector<CollectiveOpRecord> collectives;
    std::vector<HcclTaskRecord> hccl;
    std::vector<StepTraceRecord> steps;
    std::vector<AiCpuRecord> aicpu;
    std::vector<QueueEventRecord> queue;
    std::vector<FusionOpRecord> fusion;
    std::vector<HostRangeRecord> host;

private:
    template <class T> static void append(std::vector<T> &to, const std::vector<T> &from) { to.insert(to.end(), from.begin(), from.end()); }
};

} // namespace npuscope::test
