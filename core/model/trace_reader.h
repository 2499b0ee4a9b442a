#pragma once
// TraceReader: read access to one recorded session, independent of where it is kept.
// The project store implements it over SQLite, MemoryTrace over vectors (tests, small
// pipelines); exporters, analysis and views are written against it only.
// Every forEach* visits records in ascending start time (ties: stream, task id) and stops
// early when the callback returns false. Strings are resolved with string().

#include "core/model/records.h"
#include "core/model/session.h"

#include <functional>
#include <string_view>
#include <vector>

namespace npuscope {

struct IterationKey {
    std::uint16_t device = 0;
    std::uint32_t modelId = 0;
    std::uint32_t iteration = 0;
    bool operator==(const IterationKey &) const = default;
};

class TraceReader {
public:
    virtual ~TraceReader() = default;

    virtual const SessionInfo &sessionInfo() const = 0;
    virtual SessionStatus status() const = 0;
    virtual std::string_view string(StrId id) const = 0;      // "" for 0 or unknown
    // A task's type as its source spelled it; the kind's name when the text is missing.
    std::string_view taskType(const TaskRecord &t) const
    {
        const std::string_view s = string(t.type);
        return s.empty() ? std::string_view(taskKindName(t.kind)) : s;
    }
    virtual const OpDesc *op(std::uint32_t opId) const = 0;   // nullptr if unknown
    // Iterations recorded, sorted by device, model, iteration.
    virtual std::vector<IterationKey> iterations() const = 0;

    using TaskFn = std::function<bool(const TaskRecord &)>;
    using CollectiveFn = std::function<bool(const CollectiveOpRecord &)>;
    using HcclFn = std::function<bool(const HcclTaskRecord &)>;
    using AiCpuFn = std::function<bool(const AiCpuRecord &)>;
    using HostRangeFn = std::function<bool(const HostRangeRecord &)>;

    // All records of one iteration of one model on one device.
    virtual bool forEachTask(const IterationKey &k, const TaskFn &fn) const = 0;
    virtual bool forEachCollective(const IterationKey &k, const CollectiveFn &fn) const = 0;
    virtual bool forEachHcclTask(const IterationKey &k, const HcclFn &fn) const = 0;
    virtual bool forEachAiCpu(const IterationKey &k, const AiCpuFn &fn) const = 0;
    virtual bool forEachHostRange(const IterationKey &k, const HostRangeFn &fn) const = 0;
    // Every task of the session in one pass, for whole-session tables and aggregates that
    // need no PMU values (pmu may stay empty, and does with withPmu false: a store then
    // makes no vector per task): iteration after iteration in (device, model, iteration)
    // order, all of one iteration's tasks before the next one's, within an iteration in
    // storage order (a store reads its task blocks in one statement instead of one per
    // iteration). fn returns false to stop; false on a read error. The default goes
    // iteration by iteration.
    virtual bool scanTasks(const TaskFn &fn, bool withPmu = true) const
    {
        (void)withPmu;
        for (const IterationKey &k : iterations()) {
            bool stop = false;
            const bool ok = forEachTask(k, [&fn, &stop](const TaskRecord &t) {
                if (fn(t))
                    return true;
                stop = true;
                return false;
            });
            if (!ok)
                return false;
            if (stop)
                return true;
        }
        return true;
    }

    virtual std::vector<StepTraceRecord> stepTraces(std::uint16_t device, std::uint32_t modelId) const = 0;
    virtual std::vector<QueueEventRecord> queueEvents(std::uint16_t device) const = 0;
    virtual std::vector<FusionOpRecord> fusionOps(std::uint32_t modelId) const = 0;

    // ---- Session-wide records of today's profilers (imports and emulated PyTorch sessions).
    // Each forEach* returns false only on a read error (stopping early is not one).
    using CounterFn = std::function<bool(const CounterRecord &)>;
    using FlowFn = std::function<bool(const FlowRecord &)>;
    using PythonRangeFn = std::function<bool(const PythonRangeRecord &)>;
    using MemoryFn = std::function<bool(const MemoryRecord &)>;
    using OpMemoryFn = std::function<bool(const OpMemoryRecord &)>;
    using TaskAttrFn = std::function<bool(const TaskAttrRecord &)>;
    // Counter samples of one device, by series (name id), then time.
    virtual bool forEachCounter(std::uint16_t device, const CounterFn &fn) const = 0;
    // Flow arrows: the ends of one (category, id) paired, in order of the first end's time.
    virtual bool forEachFlow(const FlowFn &fn) const = 0;
    // Framework host ranges of one device, by start time.
    virtual bool forEachPythonRange(std::uint16_t device, const PythonRangeFn &fn) const = 0;
    // Memory records of one device (allocator and module records), by time.
    virtual bool forEachMemory(std::uint16_t device, const MemoryFn &fn) const = 0;
    // Operator allocations of one device, by allocation time.
    virtual bool forEachOpMemory(std::uint16_t device, const OpMemoryFn &fn) const = 0;
    // Extra task columns of one device, by stream, then task start.
    virtual bool forEachTaskAttr(std::uint16_t device, const TaskAttrFn &fn) const = 0;
    // Communication statistics and step breakdowns of every rank, in device order.
    virtual std::vector<CommOpStatRecord> commOpStats() const = 0;
    virtual std::vector<CommBandwidthRecord> commBandwidth() const = 0;
    virtual std::vector<CommMatrixRecord> commMatrix() const = 0;
    virtual std::vector<StepTimeRecord> stepTimes() const = 0;
};

} // namespace npuscope
