#pragma once
// What the readers of today's layouts share (msprof newer layout, torch_npu / MindSpore text
// export): the mapping of a source's devices to the session's, the steps, the kernel rows
// (kernel_details.csv, op_summary_*.csv) joined to the hardware tasks of the timeline, and
// the reading of a Chrome-trace timeline (msprof_*.json, trace_view.json) into records.

#include "core/importing/csv_table.h"
#include "core/importing/import_context.h"

#include <QString>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <unordered_map>
#include <vector>

namespace npuscope::importing {

// How a source's device ids become the session's (several ranks may all be device 0).
struct SourceMap {
    std::map<std::uint16_t, std::uint16_t> devices; // source id → session id
    std::uint16_t hostDevice = 0;                   // source id the host lanes belong to
    std::uint16_t device(std::uint16_t src) const
    {
        const auto it = devices.find(src);
        return it == devices.end() ? src : it->second;
    }
};

// What reading learns about each device (facts no file states), by session device id.
struct Learned {
    std::map<std::uint16_t, std::uint32_t> hostPid;       // from the lane pids
    std::map<std::uint16_t, int> aicFrequencyMHz;         // from the "AI Core Freq" counter
    std::map<std::uint16_t, std::uint64_t> tasks;         // device tasks read per device
    std::set<std::uint16_t> devicesSeen;                  // every device a record named
};

// Steps of a source: a time belongs to the step that started last before it (the first
// step for earlier times); without steps everything is iteration 1.
class StepWindows {
public:
    void add(std::uint32_t step, TimeNs start);
    std::uint32_t at(TimeNs t) const;
    bool empty() const { return starts_.empty(); }
    std::vector<std::uint32_t> steps() const;
private:
    std::map<TimeNs, std::uint32_t> starts_;
    std::map<std::uint32_t, TimeNs> first_;
};

// One kernel row, held until the timeline's task claims it.
struct KernelRow {
    OpKey op;
    std::vector<float> pmu;                         // the session's PMU width
    std::uint64_t totalCycles = 0;
    std::vector<std::pair<StrId, StrId>> attrs;     // columns without a field of their own
    float l2Hit = -1.f, l2Victim = -1.f;            // from l2_cache, when it has the task
    StrId coreType = 0;
    TaskKind kind = TaskKind::Other;                // from the accelerator core
    std::uint32_t step = 0;                         // Step Id, 0 when the file has none
    // What the row itself says of the task, for rows no timeline event claims.
    std::uint16_t device = 0;                       // session device
    std::uint32_t stream = 0, taskId = 0;
    TimeNs start = 0, duration = 0;
    StrId name = 0;
    std::uint64_t line = 0;
    std::int64_t offset = 0;
    bool used = false;
};

// A communication op row (Accelerator Core HCCL / COMMUNICATION): the same op the HCCL lane
// shows; settled once the timeline was read.
struct CommRow {
    std::uint16_t device = 0;
    StrId name = 0, opType = 0;
    TimeNs start = 0, duration = 0;
    std::uint32_t step = 0;
    std::uint64_t line = 0;
    std::int64_t offset = 0;
};

// The PMU metric columns of a kernel file header (kernel_details.csv, op_summary_*.csv):
// every column after the last column that has a field of its own.
QStringList kernelMetricColumns(const std::vector<std::string> &header);
// The first device a timeline's lane pids name (device bits of an encoded pid that is not
// the host's), looking at its first 64 MB; -1 when none is found.
int peekTraceDevice(const QString &path);

class KernelTable {
public:
    // Reads kernel_details.csv or op_summary_*.csv. `deviceOfRows` is the session device of
    // rows without a Device_id column. Steps from a Step Id column are added to `steps`.
    bool read(ImportContext &ctx, const QString &path, const QString &rel, const SourceMap &map,
              std::uint16_t deviceOfRows, StepWindows *steps, Learned *learned);
    KernelRow *find(std::uint16_t device, std::uint32_t stream, std::uint32_t task, TimeNs start);
    // Rows no task claimed become tasks of their own (the file describes them fully); HCCL
    // rows are duplicates of the collective ops the timeline had, or become ops themselves.
    bool finish(ImportContext &ctx, const std::vector<CollectiveOpRecord> &collectivesSeen, const StepWindows &steps);
    // l2_cache.csv of a source: hit and victim rates of the kernels, matched by device (the
    // Device_id column, else `device`), stream and task id, rows and kernels each in time
    // order. Rows no kernel takes are skipped.
    bool readL2(ImportContext &ctx, const QString &path, const QString &rel, const SourceMap &map, std::uint16_t device);
    // Column names of the file, in order, for the kernel details table.
    const QStringList &columns() const { return columns_; }

private:
    struct Key {
        std::uint16_t device;
        std::uint32_t stream, task;
        TimeNs start;
        bool operator==(const Key &o) const = default;
    };
    struct KeyHash {
        std::size_t operator()(const Key &k) const noexcept;
    };
    std::unordered_map<Key, KernelRow, KeyHash> rows_;
    std::vector<CommRow> comm_;
    QString rel_;
    QStringList columns_;
};

// Reads one Chrome-trace timeline of today's layouts into records. `kernels` (may be null)
// completes the hardware tasks; collectives read are appended to `collectives` (for the
// kernel table's HCCL rows); steps give iterations.
bool readTodayTrace(ImportContext &ctx, const QString &path, const QString &rel, const SourceMap &map,
                    KernelTable *kernels, const StepWindows &steps, Learned *learned,
                    std::vector<CollectiveOpRecord> *collectives);


} // namespace npuscope::importing
