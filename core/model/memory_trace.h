#pragma once
// MemoryTrace: a whole session kept in vectors. It is both a RecordSink (a producer can
// write into it) and a TraceReader (exporters, analysis and views can read it back), so
// tests and small pipelines need no project file. Meant for sessions that fit in memory;
// the project store is the reader for real-size traces.
// Records may arrive in any order; they are grouped per iteration and sorted (start,
// stream, task id) lazily on the first read after a write.

#include "core/model/record_sink.h"
#include "core/model/trace_reader.h"

#include <map>
#include <string>
#include <tuple>
#include <vector>

namespace npuscope {

class MemoryTrace : public RecordSink, public TraceReader {
public:
    MemoryTrace() = default;

    // RecordSink
    bool begin(const SessionInfo &info) override;
    bool write(const RecordBatch &batch) override;
    bool end(SessionStatus status, const std::vector<DeviceInfo> &devices) override;
    QString errorString() const override { return error_; }

    // TraceReader
    const SessionInfo &sessionInfo() const override { return info_; }
    SessionStatus status() const override { return status_; }
    std::string_view string(StrId id) const override;
    const OpDesc *op(std::uint32_t opId) const override;
    std::vector<IterationKey> iterations() const override;
    bool forEachTask(const IterationKey &k, const TaskFn &fn) const override;
    bool forEachCollective(const IterationKey &k, const CollectiveFn &fn) const override;
    bool forEachHcclTask(const IterationKey &k, const HcclFn &fn) const override;
    bool forEachAiCpu(const IterationKey &k, const AiCpuFn &fn) const override;
    bool forEachHostRange(const IterationKey &k, const HostRangeFn &fn) const override;
    std::vector<StepTraceRecord> stepTraces(std::uint16_t device, std::uint32_t modelId) const override;
    std::vector<QueueEventRecord> queueEvents(std::uint16_t device) const override;
    std::vector<FusionOpRecord> fusionOps(std::uint32_t modelId) const override;
    bool forEachCounter(std::uint16_t device, const CounterFn &fn) const override;
    bool forEachFlow(const FlowFn &fn) const override;
    bool forEachPythonRange(std::uint16_t device, const PythonRangeFn &fn) const override;
    bool forEachMemory(std::uint16_t device, const MemoryFn &fn) const override;
    bool forEachOpMemory(std::uint16_t device, const OpMemoryFn &fn) const override;
    bool forEachTaskAttr(std::uint16_t device, const TaskAttrFn &fn) const override;
    std::vector<CommOpStatRecord> commOpStats() const override;
    std::vector<CommBandwidthRecord> commBandwidth() const override;
    std::vector<CommMatrixRecord> commMatrix() const override;
    std::vector<StepTimeRecord> stepTimes() const override;

    // Convenience for hand-built sessions: interns s (declaring it like a producer would).
    StrId intern(std::string_view s);
    std::size_t taskCount() const;

private:
    using Key = std::tuple<std::uint16_t, std::uint32_t, std::uint32_t>;
    static Key keyOf(const IterationKey &k) { return {k.device, k.modelId, k.iteration}; }
    template <class R> static Key keyOfRecord(const R &r) { return {r.device, r.modelId, r.iteration}; }
    void sortIfNeeded() const;

    SessionInfo info_;
    SessionStatus status_ = SessionStatus::Running;
    QString error_;
    std::vector<std::string> strings_{std::string()}; // index = StrId, 0 = ""
    std::map<std::string, StrId, std::less<>> internMap_;
    std::map<std::uint32_t, OpDesc> ops_;
    mutable std::map<Key, std::vector<TaskRecord>> tasks_;
    mutable std::map<Key, std::vector<CollectiveOpRecord>> collectives_;
    mutable std::map<Key, std::vector<HcclTaskRecord>> hccl_;
    mutable std::map<Key, std::vector<AiCpuRecord>> aiCpu_;
    mutable std::map<Key, std::vector<HostRangeRecord>> hostRanges_;
    mutable std::vector<StepTraceRecord> stepTraces_;
    mutable std::vector<QueueEventRecord> queueEvents_;
    std::vector<FusionOpRecord> fusionOps_;
    mutable std::vector<CounterRecord> counters_;
    std::vector<FlowEndRecord> flowEnds_;
    mutable std::vector<PythonRangeRecord> pythonRanges_;
    mutable std::vector<MemoryRecord> memory_;
    mutable std::vector<OpMemoryRecord> opMemory_;
    mutable std::vector<TaskAttrRecord> taskAttrs_;
    std::vector<CommOpStatRecord> commOps_;
    std::vector<CommBandwidthRecord> commBandwidth_;
    std::vector<CommMatrixRecord> commMatrix_;
    std::vector<StepTimeRecord> stepTimes_;
    mutable bool dirty_ = false;
};

} // namespace npuscope
