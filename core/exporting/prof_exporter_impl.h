#pragma once
// The legacy PROF exporter's internals (prof_exporter.h is the interface): the Exporter
// class and what it holds per iteration, shared by prof_exporter.cpp (selection, run, per
// iteration), prof_exporter_timeline.cpp (the timeline JSON files) and
// prof_exporter_csv.cpp (the summary CSVs).

#include "core/exporting/prof_exporter.h"

#include "core/analysis/op_tables.h"
#include "core/analysis/overlap.h"
#include "core/analysis/summary_rows.h"
#include "core/exporting/export_common.h"
#include "core/exporting/out_file.h"
#include "core/options/profiling_options.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <algorithm>
#include <cstring>
#include <limits>
#include <map>
#include <set>
#include <unistd.h>

namespace npuscope::exporting::legacyprof {

using analysis::Interval;

// Lane ids of the legacy msprof timeline (output-files.md, "Lanes").
struct Pids {
    std::uint64_t host;      // P
    std::uint64_t cann;      // P×100+2
    std::uint64_t hardware;  // 3
    std::uint64_t hccl;      // P×100+11
    std::uint64_t overlap;   // P×100+12
    std::uint64_t tx;        // P×100+1 (not in the spec: msproftx user markers, CPU side)
    explicit Pids(std::uint64_t p)
        : host(p), cann(p * 100 + 2), hardware(3), hccl(p * 100 + 11), overlap(p * 100 + 12), tx(p * 100 + 1) {}
};
inline constexpr std::uint64_t kCommKernelTid = 70000;

// Everything of one iteration that the per-iteration files need; one iteration at a time
// is held in memory, never the whole session.
struct IterationData {
    IterationKey key;
    std::vector<TaskRecord> tasks;
    std::vector<CollectiveOpRecord> collectives;
    std::vector<HcclTaskRecord> hccl;
    std::vector<AiCpuRecord> aiCpu;
    std::vector<HostRangeRecord> host;   // CANN + runtime API
    std::vector<HostRangeRecord> tx;     // msproftx
};

struct StepEvent {
    TimeNs ts;
    enum Kind : std::uint8_t { Iteration, FpBp, Refresh, Reduce, FlowStart, FlowEnd } kind;
    std::uint32_t reduce;
};
std::vector<StepEvent> stepEventsOf(const StepTraceRecord &s);

// Comma handling for a top-level JSON array written as one line (", " like the reference).
struct JsonArray {
    OutFile &f;
    bool first = true;
    void begin() { f.put('['); }
    void next() { if (!first) f.put(", "); first = false; }
    void end() { f.put(']'); }
};

class Exporter {
public:
    Exporter(const TraceReader &t, const ExportRequest &r, const std::function<void(const ExportProgress &)> &p,
             const std::atomic_bool *c)
        : trace(t), req(r), progressFn(p), cancel(c), info(t.sessionInfo()), staged(p, c) {}

    bool run(ExportResult *result);

    ExportError kind = ExportError::None;
    QString error;

private:
    // --- plumbing
    bool fail(ExportError k, const QString &msg) { kind = k; error = msg; return false; }
    bool cancelled() const { return cancel && cancel->load(); }
    template <class Body> bool writeFile(const QString &rel, Body &&body);
    std::string_view str(StrId id) const { return trace.string(id); }
    std::string_view taskName(const TaskRecord &t) const;
    QString fileName(const char *name, const IterationKey &k, const char *ext) const;

    // --- planning
    bool selectWork();
    int filesPerIteration(const IterationKey &k) const;

    // --- per device / iteration
    bool writeDeviceMeta(const DeviceInfo &d);
    bool loadIteration(const IterationKey &k, IterationData *out);
    bool writeIteration(const DeviceInfo &d, const IterationData &it);

    // timeline
    void metaEvent(JsonArray &a, const char *name, std::uint64_t pid, std::uint64_t tid, const char *argKey,
                   std::string_view text);
    void metaEventInt(JsonArray &a, const char *name, std::uint64_t pid, std::uint64_t tid, std::uint64_t v);
    void processBlockEnd(JsonArray &a, std::uint64_t pid, const char *label, int sort);
    void stepTraceLaneMeta(JsonArray &a, std::uint32_t model);
    void threadsMeta(JsonArray &a, std::uint64_t pid, const char *lane, const std::set<std::uint32_t> &ids, const char *prefix,
                     std::uint64_t sortBase);
    void cannLaneMeta(JsonArray &a, const std::vector<HostRangeRecord> &host);
    void hardwareLaneMeta(JsonArray &a, const std::vector<TaskRecord> &tasks);
    void hcclLaneMeta(JsonArray &a, const std::vector<HcclTaskRecord> &hccl);
    void overlapLaneMeta(JsonArray &a);
    void txLaneMeta(JsonArray &a, const std::vector<HostRangeRecord> &tx);
    void taskEvent(JsonArray &a, const TaskRecord &t, int aicFreq);
    void hcclEvent(JsonArray &a, const HcclTaskRecord &h);
    void plainEvent(JsonArray &a, std::string_view name, std::uint64_t pid, std::uint64_t tid, TimeNs ts, TimeNs dur);
    void hostEvent(JsonArray &a, const HostRangeRecord &r);
    void txEvent(JsonArray &a, const HostRangeRecord &r);
    void stepTraceEvent(JsonArray &a, const StepTraceRecord &s, const StepEvent &e, std::uint64_t pid, std::uint64_t tid);
    void writeMsprof(OutFile &f, const DeviceInfo &d, const IterationData &it, const StepTraceRecord *step);
    void writeTaskTimeJson(OutFile &f, const DeviceInfo &d, const IterationData &it);
    void writeHcclJson(OutFile &f, const IterationData &it);
    void writeStepTraceJson(OutFile &f, const std::vector<StepTraceRecord> &steps, std::uint32_t model);
    void writeTxJson(OutFile &f, const IterationData &it);

    // summary
    void writeOpSummary(OutFile &f, const DeviceInfo &d, const IterationData &it);
    void writeOpStatistic(OutFile &f, const IterationData &it);
    void writeTaskTimeCsv(OutFile &f, const IterationData &it);
    void writeStepTraceCsv(OutFile &f, const std::vector<StepTraceRecord> &steps);
    void writeAiCpuCsv(OutFile &f, const IterationData &it);
    void writeL2Csv(OutFile &f, const IterationData &it);
    void writeTxCsv(OutFile &f, const IterationData &it);
    void writeDpCsv(OutFile &f, const std::vector<QueueEventRecord> &events);
    void writeFusionCsv(OutFile &f, const std::vector<FusionOpRecord> &ops);

    // Whether the request's kind filter lets the files of this stem through.
    bool wants(const char *stem) const { return req.kinds.isEmpty() || req.kinds.contains(QLatin1String(stem)); }

    bool inRange(std::uint32_t iteration) const
    {
        return (!req.firstIteration || iteration >= *req.firstIteration)
            && (!req.lastIteration || iteration <= *req.lastIteration);
    }
    std::string modelName(std::uint32_t model) const;

    const TraceReader &trace;
    const ExportRequest &req;
    const std::function<void(const ExportProgress &)> &progressFn;
    const std::atomic_bool *cancel;
    const SessionInfo &info;
    ProfilingOptions opt;
    QStringList metricColumns;
    bool taskFiles = false, stepFiles = false, hcclFiles = false;

    std::vector<DeviceInfo> devices;
    std::vector<IterationKey> work;
    StagedFolder staged;
    QString deviceDir;     // relative "device_<id>"
    Pids pids{0};
};

} // namespace npuscope::exporting::legacyprof
