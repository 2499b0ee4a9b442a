#pragma once
// The files today's layouts share, written for one device: the Chrome-trace timeline
// (msprof_*.json / trace_view.json), the kernel table (op_summary_*.csv /
// kernel_details.csv), op statistics, and msprof's task_time and step_trace files or
// torch_npu's step_trace_time.csv. The two layouts differ in names and details (lane sort
// indexes, the HCCL lane's name, host lane encoding, column names), chosen by Flavour.

#include "core/exporting/export_common.h"
#include "core/options/profiling_options.h"

#include <QStringList>
#include <utility>
#include <set>
#include <vector>

namespace npuscope::exporting {

enum class Flavour : std::uint8_t {
    Msprof,     // CANN 8 msprof (analysis/csrc/application): sort indexes of today's msprof
    TorchNpu,   // torch_npu's ASCEND_PROFILER_OUTPUT, as the vendored real capture has it
};

// msprof's ProcessSortIndex (meta_data_event.h) of the lanes written here.
struct Lanes {
    std::uint32_t tx, cann, hardware, hccl, overlap;
    const char *hcclName;
};
// msprof's ProcessSortIndex (meta_data_event.h); torch_npu's trace_view.json as the real
// 910B capture has it (an earlier CANN whose indexes after CANN were one lower, Overlap
// Analysis 23) with the HCCL lane under that name.
inline constexpr Lanes kMsprofLanes{6, 7, 14, 16, 31, "Communication"};
inline constexpr Lanes kTorchLanes{6, 7, 13, 15, 23, "HCCL"};
inline constexpr std::uint32_t kHostDeviceBits = 31;

class TodayWriter {
public:
    TodayWriter(const TraceReader &trace, StagedFolder &staged, Flavour flavour);

    // The device and its iterations (in the session's order) the next files are about;
    // wholeSession: every iteration of the device is exported (else the framework lane keeps
    // the ranges that overlap the exported iterations).
    void setDevice(const DeviceInfo &d, std::vector<IterationKey> iterations, bool wholeSession);
    TimeNs offset() const { return offset_; }
    const std::vector<IterationKey> &iterations() const { return its_; }
    // The step traces of the device's iterations.
    std::vector<StepTraceRecord> stepTraces() const;

    bool writeTimeline(const QString &rel);
    bool writeKernels(const QString &rel);
    bool writeOpStatistic(const QString &rel);
    bool writeTaskTime(const QString &rel);                                   // msprof
    bool writeStepTrace(const QString &stem, const std::vector<StepTraceRecord> &steps); // msprof
    bool writeStepTraceTime(const QString &rel);                              // torch_npu

private:
    // A JSON array written element by element, one per line.
    struct JsonArray {
        OutFile &f;
        bool first = true;
        void next() { f.put(first ? "[\n" : ",\n"); first = false; }
        void end() { f.put(first ? "[]\n" : "\n]\n"); }
    };
    // What the timeline's events used, for the lanes' metadata after them.
    struct TimelineSeen {
        std::set<std::uint32_t> streams, planes, cannTids, txTids;
        bool anyComm = false, anyOverlap = false;
    };
    void hostRangeEvent(JsonArray &a, const HostRangeRecord &r, std::uint64_t lanePid, TimelineSeen &seen);
    void hcclTaskEvent(JsonArray &a, const HcclTaskRecord &h, std::uint64_t comm);
    void timelineLanes(JsonArray &a, const TimelineSeen &seen, const Lanes &L);
    void laneThreads(JsonArray &a, std::uint64_t p, const std::set<std::uint32_t> &ids, const char *prefix, std::uint64_t tidOffset);
    std::string_view str(StrId id) const { return trace.string(id); }
    std::string_view taskName(const TaskRecord &t) const;
    std::string coreType(const TaskRecord &t) const;
    bool inKernelTable(const TaskRecord &t) const;
    std::uint64_t pid(std::uint32_t sort, std::uint32_t device) const;
    std::uint64_t hostLane(std::uint32_t sort) const;
    void event(JsonArray &a, std::string_view name, std::uint64_t p, std::uint64_t tid, TimeNs ts, TimeNs dur);
    static OutFile &metaHead(JsonArray &a, const char *what, std::uint64_t p, std::uint64_t tid);
    void meta(JsonArray &a, const char *what, std::uint64_t p, std::uint64_t tid, std::string_view value);
    void metaInt(JsonArray &a, const char *what, std::uint64_t p, std::uint64_t tid, std::uint64_t value);
    void lane(JsonArray &a, std::uint64_t p, std::string_view name, const char *label, std::uint32_t sort);
    bool pythonLane(JsonArray &a);

    const TraceReader &trace;
    StagedFolder &staged;
    const Flavour flavour;
    const SessionInfo &info;
    const TraceLookup lookup{trace};
    ProfilingOptions opt;
    QStringList metrics;
    bool ownColumns = false, stars = false;
    DeviceInfo device_;
    std::vector<IterationKey> its_;
    TimeNs offset_ = 0;
    bool wholeSession_ = true;
    std::pair<TimeNs, TimeNs> span_{0, 0};
};

// Writes one folder per selected device (named by folderName, filled by writeFolder), each
// staged and renamed into place; on any failure the folders already written are removed.
bool exportPerDevice(const TraceReader &trace, const ExportRequest &request, Flavour flavour,
                     const std::function<QString(const DeviceInfo &)> &folderName,
                     const std::function<bool(TodayWriter &, StagedFolder &, const DeviceInfo &)> &writeFolder,
                     ExportResult *result, ExportError *errorKind, QString *error,
                     const std::function<void(const ExportProgress &)> &progress, const std::atomic_bool *cancel);

} // namespace npuscope::exporting
