#pragma once
// Derived per-iteration tables of the PROF summary files (docs/formats.md):
// op_summary formulas, op_statistic, task_time statistics and step-trace arithmetic.
// Pure functions and small accumulators over records, so the exporter and the GUI tables
// compute the same numbers. Durations are nanoseconds unless a name says otherwise.

#include "core/model/records.h"

#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace npuscope::analysis {

// aicore_time(us) = total_cycles / freq(MHz) / block_dim × ceil(block_dim / 32).
// Empty when block_dim or the frequency is 0 (task_time = l0, non AI Core tasks).
std::optional<double> aicoreTimeUs(std::uint64_t totalCycles, int freqMHz, int blockDim);

// memory_bound = mte2_ratio / max(mac_ratio, vec_ratio); empty when both are 0.
std::optional<double> memoryBound(double mte2Ratio, double macRatio, double vecRatio);

// Task Wait Time over rows visited in ascending start order (across streams):
// max(0, start − previous start − previous duration); the first row waits 0.
class TaskWaitTracker {
public:
    TimeNs next(TimeNs start, TimeNs duration);
private:
    bool first_ = true;
    TimeNs prevStart_ = 0, prevDuration_ = 0;
};

// op_statistic: one row per (op type, core type), sorted by total time descending
// (ties: op type, core type). ratioPercent is the share of all op time added.
struct OpStatisticRow {
    std::string opType;
    std::string coreType; // AI_CORE / AI_CPU
    std::uint64_t count = 0;
    TimeNs total = 0, min = 0, max = 0;
    double avgNs = 0;
    double ratioPercent = 0;
};

class OpStatisticBuilder {
public:
    void add(std::string_view opType, std::string_view coreType, TimeNs duration);
    std::vector<OpStatisticRow> rows() const;
    TimeNs totalTime() const { return total_; }
private:
    std::map<std::pair<std::string, std::string>, OpStatisticRow, std::less<>> rows_;
    TimeNs total_ = 0;
};

// task_time statistics: one row per (stream, task id, name), from tasks visited in
// ascending start order. Waiting = time the stream sat idle before each occurrence
// (start − end of the previous task on the same stream, 0 for the stream's first task);
// Running = busy time; Pending = host launch → device start. Sorted by time descending
// (ties: stream, task id, name).
struct TaskTimeRow {
    std::uint32_t streamId = 0;
    std::uint32_t taskId = 0;
    std::string name;
    std::string type;              // task type text
    TaskKind kind = TaskKind::AiCore;
    std::uint64_t count = 0;
    TimeNs total = 0, min = 0, max = 0, waiting = 0, running = 0, pending = 0;
    double avgNs = 0;
    double timePercent = 0; // share of all task time of the iteration
};

class TaskTimeBuilder {
public:
    void add(const TaskRecord &t, std::string_view name, std::string_view type);
    std::vector<TaskTimeRow> rows() const;
private:
    std::map<std::tuple<std::uint32_t, std::uint32_t, std::string>, TaskTimeRow, std::less<>> rows_;
    std::map<std::uint32_t, TimeNs> streamEnd_;
    TimeNs total_ = 0;
};

// The runtime API that launches a task of this kind (task_time "API" column); N/A for
// kinds without one known API.
const char *taskLaunchApi(TaskKind k);

// Step-trace quantities of one iteration (npu-model.md); all in nanoseconds.
struct StepTraceRow {
    std::uint32_t iteration = 0;
    TimeNs fpStart = 0, bpEnd = 0, iterationEnd = 0;
    TimeNs iterationTime = 0;      // end − previous end (first: end − FP start)
    TimeNs fpToBp = 0;             // BP end − FP start
    TimeNs refresh = 0;            // end − BP end
    std::optional<TimeNs> dataAugBound; // FP start − previous end; empty for the first iteration
    std::vector<StepTraceRecord::Reduce> reduces;
};
StepTraceRow stepTraceRow(const StepTraceRecord &s);

} // namespace npuscope::analysis
