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

namespace npuscope::exporting {

namespace {

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
constexpr std::uint64_t kCommKernelTid = 70000;

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

// ---------------------------------------------------------------------------------------
// plumbing

template <class Body>
bool Exporter::writeFile(const QString &rel, Body &&body)
{
    if (staged.write(rel, std::forward<Body>(body)))
        return true;
    return fail(staged.kind, staged.error);
}

std::string_view Exporter::taskName(const TaskRecord &t) const
{
    std::string_view n = str(t.name);
    if (n.empty() && t.opId)
        if (const OpDesc *o = trace.op(t.opId))
            n = str(o->name);
    return n.empty() ? trace.taskType(t) : n;
}

QString Exporter::fileName(const char *name, const IterationKey &k, const char *ext) const
{
    return QStringLiteral("%1/%2/%3_%4_%5_%6.%7")
        .arg(deviceDir, QLatin1String(ext[0] == 'j' ? "timeline" : "summary"), QLatin1String(name),
             QString::number(k.device), QString::number(k.modelId), QString::number(k.iteration), QLatin1String(ext));
}

std::string Exporter::modelName(std::uint32_t model) const
{
    for (const auto &m : info.models)
        if (m.id == model)
            return m.name.toStdString();
    return {};
}

// ---------------------------------------------------------------------------------------
// planning

bool Exporter::selectWork()
{
    if (!info.optionsJson.trimmed().isEmpty())
        ProfilingOptions::parse(info.optionsJson, &opt); // problems were reported when the session was set up
    taskFiles = opt.taskTimingOn();
    stepFiles = opt.trainingTrace == Switch::On;
    hcclFiles = opt.hccl == Switch::On && info.devices.size() > 1;
    // An import keeps what its files had: one rank of a multi-rank job, imported alone, is
    // a one-device session whose HCCL tasks and collective ops still belong in the export.
    if (!hcclFiles && info.source == QLatin1String("import")) {
        for (const IterationKey &k : trace.iterations()) {
            trace.forEachHcclTask(k, [this](const HcclTaskRecord &) { return !(hcclFiles = true); });
            if (!hcclFiles)
                trace.forEachCollective(k, [this](const CollectiveOpRecord &) { return !(hcclFiles = true); });
            if (hcclFiles)
                break;
        }
    }
    if (opt.taskTime != TaskTimeLevel::L0)
        metricColumns = sessionPmuColumns(info);

    const QStringList known = exportKinds();
    for (const QString &k : req.kinds)
        if (!known.contains(k))
            return fail(ExportError::Usage, QCoreApplication::translate("ProfExporter", "Unknown export kind \"%1\"; the kinds are: %2.")
                                                .arg(k, known.join(QStringLiteral(", "))));
    ExportWork w;
    QString why;
    if (!selectExportWork(trace, req, &w, &why))
        return fail(ExportError::Usage, why);
    devices = std::move(w.devices);
    work = std::move(w.iterations);
    return true;
}

int Exporter::filesPerIteration(const IterationKey &k) const
{
    int n = 0;
    if (taskFiles)
        n += (wants("msprof") ? 1 : 0) + (wants("task_time") ? 2 : 0) + (wants("op_summary") ? 1 : 0)
           + (wants("op_statistic") ? 1 : 0);
    if (stepFiles && wants("step_trace"))
        n += 2;
    if (hcclFiles && wants("hccl"))
        n += 1;
    if (opt.aicpu == Switch::On && wants("aicpu"))
        n += 1;
    if (opt.l2 == Switch::On && taskFiles && wants("l2_cache"))
        n += 1;
    if (opt.msproftx == Switch::On && wants("msprof_tx"))
        n += 2;
    if (wants("dp") && !trace.queueEvents(k.device).empty())
        n += 1;
    if (wants("fusion_op") && !trace.fusionOps(k.modelId).empty())
        n += 1;
    return n;
}

bool Exporter::run(ExportResult *result)
{
    if (!selectWork())
        return false;

    const std::int64_t wallBegin = sessionWallBeginUs(info);
    const QString profName = freeProfName(QDir(req.outputDir), req.profCounter,
                                          QStringLiteral("%1_%2").arg(localFromUs(wallBegin).toString(QStringLiteral("yyyyMMddHHmmsszzz")), sessionLetters(info)));
    if (!staged.begin(req.outputDir, profName))
        return fail(staged.kind, staged.error);

    staged.progress.filesTotal = devices.size() * 6;
    for (const auto &k : work)
        staged.progress.filesTotal += filesPerIteration(k);

    for (const auto &d : devices) {
        deviceDir = QStringLiteral("device_%1").arg(d.id);
        pids = Pids(d.hostPid);
        if (!staged.mkpath(deviceDir + QStringLiteral("/timeline")) || !staged.mkpath(deviceDir + QStringLiteral("/summary"))
            || !writeDeviceMeta(d))
            return fail(staged.kind, staged.error);
        for (const auto &k : work) {
            if (k.device != d.id)
                continue;
            IterationData it;
            if (!loadIteration(k, &it) || !writeIteration(d, it))
                return false;
        }
    }
    if (!staged.commit())
        return fail(staged.kind, staged.error);
    if (result) {
        result->profDir = staged.finalDir();
        result->dirs = QStringList{staged.finalDir()};
        result->files = staged.files();
        result->bytes = staged.progress.bytes;
    }
    return true;
}

bool Exporter::loadIteration(const IterationKey &k, IterationData *it)
{
    it->key = k;
    // Only what the selected kinds read: an op_summary-only export skips the host,
    // HCCL and AI CPU tables entirely.
    trace.forEachTask(k, [it](const TaskRecord &t) { it->tasks.push_back(t); return true; });
    if (wants("msprof") || wants("hccl")) {
        trace.forEachCollective(k, [it](const CollectiveOpRecord &c) { it->collectives.push_back(c); return true; });
        trace.forEachHcclTask(k, [it](const HcclTaskRecord &h) { it->hccl.push_back(h); return true; });
    }
    if (wants("aicpu"))
        trace.forEachAiCpu(k, [it](const AiCpuRecord &a) { it->aiCpu.push_back(a); return true; });
    if (wants("msprof") || wants("msprof_tx"))
        trace.forEachHostRange(k, [it](const HostRangeRecord &r) {
            (r.kind == HostRangeRecord::Kind::MsprofTx ? it->tx : it->host).push_back(r);
            return true;
        });
    if (cancelled())
        return fail(ExportError::Cancelled, QCoreApplication::translate("ProfExporter", "The export was cancelled."));
    return true;
}

// ---------------------------------------------------------------------------------------
// device description files

bool Exporter::writeDeviceMeta(const DeviceInfo &d)
{
    for (const auto &[name, content] : deviceDescriptionFiles(d)) {
        const QString rel = deviceDir + QLatin1Char('/') + name;
        if (!staged.writeBytes(rel, content))
            return false;
        if (!staged.writeBytes(rel + QStringLiteral(".done"), "filesize:" + QByteArray::number(content.size()) + "\n"))
            return false;
    }
    return true;
}

// ---------------------------------------------------------------------------------------
// timeline events

void Exporter::metaEvent(JsonArray &a, const char *name, std::uint64_t pid, std::uint64_t tid, const char *argKey,
                         std::string_view text)
{
    OutFile &f = a.f;
    a.next();
    f.put("{\"name\": \"");
    f.put(name);
    f.put("\", \"pid\": ");
    f.putUInt(pid);
    f.put(", \"tid\": ");
    f.putUInt(tid);
    f.put(", \"args\": {\"");
    f.put(argKey);
    f.put("\": ");
    f.putJsonString(text);
    f.put("}, \"ph\": \"M\"}");
}

void Exporter::metaEventInt(JsonArray &a, const char *name, std::uint64_t pid, std::uint64_t tid, std::uint64_t v)
{
    OutFile &f = a.f;
    a.next();
    f.put("{\"name\": \"");
    f.put(name);
    f.put("\", \"pid\": ");
    f.putUInt(pid);
    f.put(", \"tid\": ");
    f.putUInt(tid);
    f.put(", \"args\": {\"sort_index\": ");
    f.putUInt(v);
    f.put("}, \"ph\": \"M\"}");
}

void Exporter::processBlockEnd(JsonArray &a, std::uint64_t pid, const char *label, int sort)
{
    metaEvent(a, "process_labels", pid, 0, "labels", label);
    metaEventInt(a, "process_sort_index", pid, 0, static_cast<std::uint64_t>(sort));
}

void Exporter::stepTraceLaneMeta(JsonArray &a, std::uint32_t model)
{
    metaEvent(a, "process_name", pids.hardware, 0, "name", "Ascend Hardware");
    metaEvent(a, "thread_name", pids.hardware, pids.host, "name", "Step Trace(Model ID:" + std::to_string(model) + ")");
    metaEventInt(a, "thread_sort_index", pids.hardware, pids.host, 70000ull + model);
    processBlockEnd(a, pids.hardware, "NPU", 3);
}

void Exporter::cannLaneMeta(JsonArray &a, const std::vector<HostRangeRecord> &host)
{
    std::set<std::uint32_t> tids;
    for (const auto &r : host)
        tids.insert(r.tid);
    if (tids.empty())
        tids.insert(static_cast<std::uint32_t>(pids.host)); // the training thread, as in the real files
    metaEvent(a, "process_name", pids.cann, 0, "name", "CANN");
    for (auto t : tids)
        metaEvent(a, "thread_name", pids.cann, t, "name", "Thread " + std::to_string(t));
    for (auto t : tids)
        metaEventInt(a, "thread_sort_index", pids.cann, t, t);
    processBlockEnd(a, pids.cann, "CPU", 2);
}

void Exporter::hardwareLaneMeta(JsonArray &a, const std::vector<TaskRecord> &tasks)
{
    std::set<std::uint32_t> streams;
    for (const auto &t : tasks)
        streams.insert(t.streamId);
    metaEvent(a, "process_name", pids.hardware, 0, "name", "Ascend Hardware");
    for (auto s : streams)
        metaEvent(a, "thread_name", pids.hardware, s, "name", "Stream " + std::to_string(s));
    for (auto s : streams)
        metaEventInt(a, "thread_sort_index", pids.hardware, s, s);
    processBlockEnd(a, pids.hardware, "NPU", 3);
}

void Exporter::hcclLaneMeta(JsonArray &a, const std::vector<HcclTaskRecord> &hccl)
{
    std::set<std::uint32_t> planes;
    for (const auto &h : hccl)
        planes.insert(h.plane);
    metaEvent(a, "process_name", pids.hccl, 0, "name", "HCCL");
    for (auto p : planes)
        metaEvent(a, "thread_name", pids.hccl, p, "name", "Plane " + std::to_string(p));
    for (auto p : planes)
        metaEventInt(a, "thread_sort_index", pids.hccl, p, 70000ull + p);
    metaEvent(a, "thread_name", pids.hccl, kCommKernelTid, "name", "Communication Kernel");
    metaEventInt(a, "thread_sort_index", pids.hccl, kCommKernelTid, 0);
    processBlockEnd(a, pids.hccl, "NPU", 11);
}

void Exporter::overlapLaneMeta(JsonArray &a)
{
    metaEvent(a, "process_name", pids.overlap, 0, "name", "Overlap Analysis");
    metaEvent(a, "thread_name", pids.overlap, 0, "name", "Computing");
    metaEvent(a, "thread_name", pids.overlap, 1, "name", "Communication");
    metaEvent(a, "thread_name", pids.overlap, 2, "name", "Communication(Not Overlapped)");
    metaEvent(a, "thread_name", pids.overlap, 3, "name", "Free");
    processBlockEnd(a, pids.overlap, "NPU", 12);
}

void Exporter::txLaneMeta(JsonArray &a, const std::vector<HostRangeRecord> &tx)
{
    std::set<std::uint32_t> tids;
    for (const auto &r : tx)
        tids.insert(r.tid);
    metaEvent(a, "process_name", pids.tx, 0, "name", "MsprofTx");
    for (auto t : tids)
        metaEvent(a, "thread_name", pids.tx, t, "name", "Thread " + std::to_string(t));
    for (auto t : tids)
        metaEventInt(a, "thread_sort_index", pids.tx, t, t);
    processBlockEnd(a, pids.tx, "CPU", 1);
}

static void eventHead(OutFile &f, std::string_view name, std::uint64_t pid, std::uint64_t tid, TimeNs ts, TimeNs dur)
{
    f.put("{\"name\": ");
    f.putJsonString(name);
    f.put(", \"pid\": ");
    f.putUInt(pid);
    f.put(", \"tid\": ");
    f.putUInt(tid);
    f.put(", \"ts\": ");
    f.putUs(ts);
    f.put(", \"dur\": ");
    f.putUs(dur);
}

void Exporter::taskEvent(JsonArray &a, const TaskRecord &t, int aicFreq)
{
    OutFile &f = a.f;
    a.next();
    eventHead(f, taskName(t), pids.hardware, t.streamId, t.start, t.duration);
    f.put(", \"args\": {\"Task Type\": ");
    f.putJsonString(trace.taskType(t));
    f.put(", \"Stream Id\": ");
    f.putUInt(t.streamId);
    f.put(", \"Task Id\": ");
    f.putUInt(t.taskId);
    f.put(", \"Batch Id\": ");
    f.putUInt(t.batchId);
    f.put(", \"Aicore Time(ms)\": ");
    std::optional<double> aic;
    if (isAiCoreKind(t.kind))
        if (const OpDesc *o = trace.op(t.opId))
            aic = analysis::aicoreTimeUs(t.totalCycles, aicFreq, o->blockDim);
    if (aic)
        f.putFixed(*aic, 3);
    else
        f.put("\"N/A\"");
    f.put(", \"Total Cycle\": ");
    if (isAiCoreKind(t.kind) && t.totalCycles)
        f.putUInt(t.totalCycles);
    else
        f.put("\"N/A\"");
    f.put("}, \"ph\": \"X\"}");
}

void Exporter::hcclEvent(JsonArray &a, const HcclTaskRecord &h)
{
    OutFile &f = a.f;
    a.next();
    eventHead(f, str(h.name), pids.hccl, h.plane, h.start, h.duration);
    f.put(", \"args\": {\"notify_id\": ");
    f.putUInt(h.notifyId);
    f.put(", \"duration estimated(us)\": ");
    f.putShortest(h.durationEstimatedUs);
    f.put(", \"stream id\": ");
    f.putUInt(h.streamId);
    f.put(", \"task id\": ");
    f.putUInt(h.taskId);
    f.put(", \"task type\": ");
    f.putJsonString(str(h.name));
    f.put(", \"src rank\": ");
    f.putUInt(h.srcRank);
    f.put(", \"dst rank\": ");
    f.putUInt(h.dstRank);
    auto textOr = [this](StrId id, std::string_view dflt) { auto s = str(id); return s.empty() ? dflt : s; };
    f.put(", \"transport type\": ");
    f.putJsonString(textOr(h.transportType, "LOCAL"));
    f.put(", \"size(Byte)\": ");
    f.putUInt(h.sizeBytes);
    f.put(", \"data type\": ");
    f.putJsonString(textOr(h.dataType, "INVALID_TYPE"));
    f.put(", \"link type\": ");
    f.putJsonString(textOr(h.linkType, "INVALID_TYPE"));
    f.put(", \"bandwidth(GB/s)\": ");
    f.putShortest(h.bandwidthGBps);
    f.put("}, \"ph\": \"X\"}");
}

void Exporter::plainEvent(JsonArray &a, std::string_view name, std::uint64_t pid, std::uint64_t tid, TimeNs ts, TimeNs dur)
{
    a.next();
    eventHead(a.f, name, pid, tid, ts, dur);
    a.f.put(", \"ph\": \"X\"}");
}

void Exporter::hostEvent(JsonArray &a, const HostRangeRecord &r)
{
    OutFile &f = a.f;
    a.next();
    eventHead(f, str(r.name), pids.cann, r.tid, r.start, r.duration);
    f.put(", \"args\": {");
    if (r.kind == HostRangeRecord::Kind::Cann) {
        f.put("\"Model Name\": ");
        const std::string m = modelName(r.modelId);
        if (m.empty())
            f.put("null");
        else
            f.putJsonString(m);
        f.put(", ");
    }
    f.put("\"Model Id\": ");
    f.putUInt(r.modelId);
    f.put("}, \"ph\": \"X\"}");
}

void Exporter::txEvent(JsonArray &a, const HostRangeRecord &r)
{
    OutFile &f = a.f;
    a.next();
    eventHead(f, str(r.name), pids.tx, r.tid, r.start, r.duration);
    f.put(", \"args\": {\"category\": ");
    f.putUInt(r.category);
    f.put(", \"event_type\": ");
    f.putJsonString(str(r.eventType));
    f.put(", \"payload_type\": ");
    f.putUInt(r.payloadType);
    f.put(", \"payload_value\": ");
    f.putUInt(r.payloadValue);
    f.put(", \"message_type\": ");
    f.putJsonString(str(r.messageType));
    f.put("}, \"ph\": \"X\"}");
}

// Step-trace events of one iteration as the real files write them: X events with the
// markers in args (durations in ns there) and the Data_aug Bound flow pair. The flow goes
// from the previous iteration's end to this FP start (the first iteration has no previous
// end: a zero-length pair at FP start).
std::vector<StepEvent> stepEventsOf(const StepTraceRecord &s)
{
    const auto row = analysis::stepTraceRow(s);
    std::vector<StepEvent> ev;
    ev.push_back({row.iterationEnd - row.iterationTime, StepEvent::Iteration, 0});
    ev.push_back({s.fpStart, StepEvent::FpBp, 0});
    ev.push_back({s.bpEnd, StepEvent::Refresh, 0});
    for (std::size_t k = 0; k < s.reduces.size(); ++k)
        ev.push_back({s.reduces[k].start, StepEvent::Reduce, static_cast<std::uint32_t>(k)});
    ev.push_back({s.previousIterationEnd >= 0 ? s.previousIterationEnd : s.fpStart, StepEvent::FlowStart, 0});
    ev.push_back({s.fpStart, StepEvent::FlowEnd, 0});
    std::stable_sort(ev.begin(), ev.end(), [](const StepEvent &a, const StepEvent &b) { return a.ts < b.ts; });
    return ev;
}

void Exporter::stepTraceEvent(JsonArray &a, const StepTraceRecord &s, const StepEvent &e, std::uint64_t pid, std::uint64_t tid)
{
    OutFile &f = a.f;
    const auto row = analysis::stepTraceRow(s);
    const std::string n = std::to_string(s.iteration);
    auto nsArg = [&f](TimeNs v) { f.putInt(v); f.put(".0"); };
    a.next();
    switch (e.kind) {
    case StepEvent::Iteration:
        eventHead(f, "Iteration " + n, pid, tid, e.ts, row.iterationTime);
        f.put(", \"args\": {\"Iteration ID\": "); f.putUInt(s.iteration);
        f.put(", \"FP Start\": "); f.putUs(s.fpStart);
        f.put(", \"BP End\": "); f.putUs(s.bpEnd);
        f.put(", \"Iteration End\": "); f.putUs(s.iterationEnd);
        f.put(", \"Iteration Time(ns)\": "); nsArg(row.iterationTime);
        f.put("}, \"cat\": \"Iteration Time\", \"ph\": \"X\"}");
        break;
    case StepEvent::FpBp:
        eventHead(f, "FP_BP Time " + n, pid, tid, s.fpStart, row.fpToBp);
        f.put(", \"args\": {\"Iteration ID\": "); f.putUInt(s.iteration);
        f.put(", \"FP Start\": "); f.putUs(s.fpStart);
        f.put(", \"BP End\": "); f.putUs(s.bpEnd);
        f.put(", \"FP_BP Time(ns)\": "); nsArg(row.fpToBp);
        f.put("}, \"cat\": \"FP_BP Time\", \"ph\": \"X\"}");
        break;
    case StepEvent::Refresh:
        eventHead(f, "Iteration Refresh " + n, pid, tid, s.bpEnd, row.refresh);
        f.put(", \"args\": {\"Iteration ID\": "); f.putUInt(s.iteration);
        f.put(", \"BP End\": "); f.putUs(s.bpEnd);
        f.put(", \"Iteration End\": "); f.putUs(s.iterationEnd);
        f.put(", \"Iteration Refresh(ns)\": "); nsArg(row.refresh);
        f.put("}, \"cat\": \"Iteration Refresh\", \"ph\": \"X\"}");
        break;
    case StepEvent::Reduce: {
        const auto red = s.reduces[e.reduce];
        const std::string kk = std::to_string(e.reduce);
        eventHead(f, "Reduce_" + n + "_" + kk, pid, tid, red.start, red.end - red.start);
        f.put(", \"args\": {\"Iteration ID\": "); f.putUInt(s.iteration);
        f.put(", \"Reduce Start " + kk + "\": "); f.putUs(red.start);
        f.put(", \"Reduce End " + kk + "\": "); f.putUs(red.end);
        f.put("}, \"cat\": \"Reduce\", \"ph\": \"X\"}");
        break;
    }
    case StepEvent::FlowStart:
    case StepEvent::FlowEnd: {
        const std::string flowName = "Data_aug Bound " + n;
        const bool start = e.kind == StepEvent::FlowStart;
        f.put("{\"name\": "); f.putJsonString(flowName);
        f.put(", \"cat\": \"Data_aug Bound\", \"ph\": \""); f.put(start ? "s" : "t");
        f.put("\", \"ts\": "); f.putUs(e.ts);
        f.put(", \"pid\": "); f.putUInt(pid);
        f.put(", \"tid\": "); f.putUInt(tid);
        f.put(", \"id\": "); f.putJsonString(flowName);
        if (start) {
            f.put(", \"args\": {\"Iteration ID\": "); f.putUInt(s.iteration);
        } else {
            f.put(", \"args\": {\"Data_aug Bound(us)\": "); f.putUs(row.dataAugBound.value_or(0));
        }
        f.put("}}");
        break;
    }
    }
}

void Exporter::writeMsprof(OutFile &f, const DeviceInfo &d, const IterationData &it, const StepTraceRecord *step)
{
    JsonArray a{f};
    a.begin();
    const bool hcclLanes = hcclFiles;
    const bool txLanes = opt.msproftx == Switch::On && !it.tx.empty();
    if (step)
        stepTraceLaneMeta(a, it.key.modelId);
    cannLaneMeta(a, it.host);
    hardwareLaneMeta(a, it.tasks);
    if (hcclLanes)
        hcclLaneMeta(a, it.hccl);
    if (txLanes)
        txLaneMeta(a, it.tx);
    overlapLaneMeta(a);

    std::vector<Interval> computing, communication;
    for (const auto &t : it.tasks)
        if (isComputeKind(t.kind))
            computing.push_back({t.start, endOf(t)});
    for (const auto &c : it.collectives)
        communication.push_back({c.start, endOf(c)});
    const auto ov = analysis::computeOverlap(std::move(computing), std::move(communication));

    // All X events of the file in time order; ties keep the lane order of the real files
    // (host, step trace, stream task, its plane task, communication kernel, overlap).
    enum Src : std::uint8_t { Host, Step, Task, Hccl, Comm, Ov0, Ov1, Ov2, Ov3, Tx };
    struct Ev { TimeNs ts; Src src; std::uint32_t idx; };
    std::vector<Ev> evs;
    evs.reserve(it.tasks.size() * 2 + it.hccl.size() + 16);
    for (std::uint32_t i = 0; i < it.host.size(); ++i) evs.push_back({it.host[i].start, Host, i});
    std::vector<StepEvent> stepEvents;
    if (step)
        stepEvents = stepEventsOf(*step);
    for (std::uint32_t i = 0; i < stepEvents.size(); ++i) evs.push_back({stepEvents[i].ts, Step, i});
    for (std::uint32_t i = 0; i < it.tasks.size(); ++i) evs.push_back({it.tasks[i].start, Task, i});
    if (hcclLanes) {
        for (std::uint32_t i = 0; i < it.hccl.size(); ++i) evs.push_back({it.hccl[i].start, Hccl, i});
        for (std::uint32_t i = 0; i < it.collectives.size(); ++i) evs.push_back({it.collectives[i].start, Comm, i});
    }
    const std::vector<Interval> *ovs[4] = {&ov.computing, &ov.communication, &ov.notOverlapped, &ov.free};
    for (int l = 0; l < 4; ++l)
        for (std::uint32_t i = 0; i < ovs[l]->size(); ++i)
            evs.push_back({(*ovs[l])[i].start, static_cast<Src>(Ov0 + l), i});
    if (txLanes)
        for (std::uint32_t i = 0; i < it.tx.size(); ++i) evs.push_back({it.tx[i].start, Tx, i});
    std::stable_sort(evs.begin(), evs.end(), [](const Ev &x, const Ev &y) { return x.ts < y.ts || (x.ts == y.ts && x.src < y.src); });

    static const char *ovNames[4] = {"Computing", "Communication", "Communication(Not Overlapped)", "Free"};
    const int freq = d.aicFrequencyMHz;
    for (const auto &e : evs) {
        switch (e.src) {
        case Host: hostEvent(a, it.host[e.idx]); break;
        case Step: stepTraceEvent(a, *step, stepEvents[e.idx], pids.hardware, pids.host); break;
        case Task: taskEvent(a, it.tasks[e.idx], freq); break;
        case Hccl: hcclEvent(a, it.hccl[e.idx]); break;
        case Comm: {
            const auto &c = it.collectives[e.idx];
            plainEvent(a, str(c.name), pids.hccl, kCommKernelTid, c.start, c.duration);
            break;
        }
        case Ov0: case Ov1: case Ov2: case Ov3: {
            const int l = e.src - Ov0;
            const auto &iv = (*ovs[l])[e.idx];
            plainEvent(a, ovNames[l], pids.overlap, static_cast<std::uint64_t>(l), iv.start, iv.end - iv.start);
            break;
        }
        case Tx: txEvent(a, it.tx[e.idx]); break;
        }
    }
    a.end();
}

void Exporter::writeTaskTimeJson(OutFile &f, const DeviceInfo &d, const IterationData &it)
{
    JsonArray a{f};
    a.begin();
    hardwareLaneMeta(a, it.tasks);
    for (const auto &t : it.tasks)
        taskEvent(a, t, d.aicFrequencyMHz);
    a.end();
}

void Exporter::writeHcclJson(OutFile &f, const IterationData &it)
{
    JsonArray a{f};
    a.begin();
    hcclLaneMeta(a, it.hccl);
    std::size_t i = 0, j = 0;
    while (i < it.hccl.size() || j < it.collectives.size()) {
        if (j >= it.collectives.size() || (i < it.hccl.size() && it.hccl[i].start <= it.collectives[j].start)) {
            hcclEvent(a, it.hccl[i++]);
        } else {
            const auto &c = it.collectives[j++];
            plainEvent(a, str(c.name), pids.hccl, kCommKernelTid, c.start, c.duration);
        }
    }
    a.end();
}

void Exporter::writeStepTraceJson(OutFile &f, const std::vector<StepTraceRecord> &steps, std::uint32_t model)
{
    JsonArray a{f};
    a.begin();
    metaEvent(a, "process_name", pids.host, 0, "name", "Step Trace");
    metaEvent(a, "thread_name", pids.host, pids.host, "name", "Model ID:" + std::to_string(model));
    metaEventInt(a, "thread_sort_index", pids.host, pids.host, 70000ull + model);
    // All iterations in one time line: a flow of one iteration may end after events of
    // the next one start.
    struct Item { StepEvent e; const StepTraceRecord *s; };
    std::vector<Item> items;
    for (const auto &s : steps)
        for (const auto &e : stepEventsOf(s))
            items.push_back({e, &s});
    std::stable_sort(items.begin(), items.end(), [](const Item &x, const Item &y) { return x.e.ts < y.e.ts; });
    for (const auto &i : items)
        stepTraceEvent(a, *i.s, i.e, pids.host, pids.host);
    a.end();
}

void Exporter::writeTxJson(OutFile &f, const IterationData &it)
{
    JsonArray a{f};
    a.begin();
    txLaneMeta(a, it.tx);
    for (const auto &r : it.tx)
        txEvent(a, r);
    a.end();
}

// ---------------------------------------------------------------------------------------
// summary CSVs

void Exporter::writeOpSummary(OutFile &f, const DeviceInfo &d, const IterationData &it)
{
    const analysis::OpSummaryLayout layout(opt.taskTime == TaskTimeLevel::L0, opt.aicpu == Switch::On, metricColumns);
    const TraceLookup lookup(trace);
    Csv c{f};
    c.header(layout.header());
    analysis::TaskWaitTracker wait;
    const int n = layout.columnCount();
    for (const auto &t : it.tasks) {
        if (!layout.includes(t.kind))
            continue;
        const auto row = analysis::opSummaryTask(t, wait.next(t.start, t.duration));
        for (int col = 0; col < n; ++col)
            c.cell(analysis::opSummaryCell(layout, lookup, row, t.pmu.data(), d.aicFrequencyMHz, col));
        c.endRow();
    }
}

void Exporter::writeOpStatistic(OutFile &f, const IterationData &it)
{
    const bool l0 = opt.taskTime == TaskTimeLevel::L0;
    const TraceLookup lookup(trace);
    analysis::OpStatisticBuilder b;
    for (const auto &t : it.tasks) {
        if (!isAiCoreKind(t.kind) && !(opt.aicpu == Switch::On && t.kind == TaskKind::AiCpu))
            continue;
        b.add(analysis::opStatisticType(lookup, t, l0), analysis::opStatisticCore(lookup, t), t.duration);
    }
    Csv c{f};
    const auto header = analysis::opStatisticHeader();
    c.header(header);
    const std::string model = modelName(it.key.modelId);
    for (const auto &r : b.rows()) {
        for (int col = 0; col < static_cast<int>(header.size()); ++col)
            c.cell(analysis::opStatisticCell(r, model, col));
        c.endRow();
    }
}

void Exporter::writeTaskTimeCsv(OutFile &f, const IterationData &it)
{
    analysis::TaskTimeBuilder b;
    for (const auto &t : it.tasks)
        b.add(t, taskName(t), trace.taskType(t));
    Csv c{f};
    const auto header = analysis::taskTimeHeader();
    c.header(header);
    for (const auto &r : b.rows()) {
        for (int col = 0; col < static_cast<int>(header.size()); ++col)
            c.cell(analysis::taskTimeCell(r, r.name, col));
        c.endRow();
    }
}

void Exporter::writeStepTraceCsv(OutFile &f, const std::vector<StepTraceRecord> &steps)
{
    std::size_t pairs = 0;
    for (const auto &s : steps)
        pairs = std::max(pairs, s.reduces.size());
    Csv c{f};
    const auto header = analysis::stepTraceHeader(pairs);
    c.header(header);
    for (const auto &s : steps) {
        const auto r = analysis::stepTraceRow(s);
        for (int col = 0; col < static_cast<int>(header.size()); ++col)
            c.cell(analysis::stepTraceCell(r, pairs, col));
        c.endRow();
    }
}

void Exporter::writeAiCpuCsv(OutFile &f, const IterationData &it)
{
    const TraceLookup lookup(trace);
    Csv c{f};
    const auto header = analysis::aiCpuHeader();
    c.header(header);
    for (const auto &a : it.aiCpu) {
        for (int col = 0; col < static_cast<int>(header.size()); ++col)
            c.cell(analysis::aiCpuCell(a, lookup, col));
        c.endRow();
    }
}

void Exporter::writeL2Csv(OutFile &f, const IterationData &it)
{
    Csv c{f};
    const auto header = analysis::l2Header();
    c.header(header);
    for (const auto &t : it.tasks) {
        if (!analysis::l2Includes(t))
            continue;
        const std::string_view name = taskName(t);
        for (int col = 0; col < static_cast<int>(header.size()); ++col)
            c.cell(analysis::l2Cell(t.streamId, t.taskId, t.l2HitRate, t.l2VictimRate, name, col));
        c.endRow();
    }
}

void Exporter::writeTxCsv(OutFile &f, const IterationData &it)
{
    const TraceLookup lookup(trace);
    Csv c{f};
    const auto header = analysis::txHeader();
    c.header(header);
    for (const auto &r : it.tx) {
        for (int col = 0; col < static_cast<int>(header.size()); ++col)
            c.cell(analysis::txCell(r, lookup, col));
        c.endRow();
    }
}

void Exporter::writeDpCsv(OutFile &f, const std::vector<QueueEventRecord> &events)
{
    const TraceLookup lookup(trace);
    Csv c{f};
    const auto header = analysis::dpHeader();
    c.header(header);
    for (const auto &q : events) {
        for (int col = 0; col < static_cast<int>(header.size()); ++col)
            c.cell(analysis::dpCell(q, lookup, col));
        c.endRow();
    }
}

void Exporter::writeFusionCsv(OutFile &f, const std::vector<FusionOpRecord> &ops)
{
    const TraceLookup lookup(trace);
    Csv c{f};
    const auto header = analysis::fusionHeader();
    c.header(header);
    for (const auto &o : ops) {
        const std::string fallback = modelName(o.modelId);
        for (int col = 0; col < static_cast<int>(header.size()); ++col)
            c.cell(analysis::fusionCell(o, lookup, fallback, col));
        c.endRow();
    }
}

// ---------------------------------------------------------------------------------------

bool Exporter::writeIteration(const DeviceInfo &d, const IterationData &it)
{
    const IterationKey &k = it.key;
    // Step traces are small: every step_trace file holds all exported iterations of the
    // model, as the real files do.
    std::vector<StepTraceRecord> steps;
    const StepTraceRecord *own = nullptr;
    std::vector<StepTraceRecord> allSteps = trace.stepTraces(k.device, k.modelId);
    for (const auto &s : allSteps)
        if (inRange(s.iteration))
            steps.push_back(s);
    for (const auto &s : steps)
        if (s.iteration == k.iteration)
            own = &s;
    if (!stepFiles)
        own = nullptr;

    if (taskFiles) {
        if ((wants("msprof") && !writeFile(fileName("msprof", k, "json"), [&](OutFile &f) { writeMsprof(f, d, it, own); }))
            || (wants("task_time") && !writeFile(fileName("task_time", k, "json"), [&](OutFile &f) { writeTaskTimeJson(f, d, it); }))
            || (wants("task_time") && !writeFile(fileName("task_time", k, "csv"), [&](OutFile &f) { writeTaskTimeCsv(f, it); }))
            || (wants("op_summary") && !writeFile(fileName("op_summary", k, "csv"), [&](OutFile &f) { writeOpSummary(f, d, it); }))
            || (wants("op_statistic") && !writeFile(fileName("op_statistic", k, "csv"), [&](OutFile &f) { writeOpStatistic(f, it); })))
            return false;
    }
    if (stepFiles && wants("step_trace")) {
        if (!writeFile(fileName("step_trace", k, "json"), [&](OutFile &f) { writeStepTraceJson(f, steps, k.modelId); })
            || !writeFile(fileName("step_trace", k, "csv"), [&](OutFile &f) { writeStepTraceCsv(f, steps); }))
            return false;
    }
    if (hcclFiles && wants("hccl") && !writeFile(fileName("hccl", k, "json"), [&](OutFile &f) { writeHcclJson(f, it); }))
        return false;
    if (opt.aicpu == Switch::On && wants("aicpu") && !writeFile(fileName("aicpu", k, "csv"), [&](OutFile &f) { writeAiCpuCsv(f, it); }))
        return false;
    if (opt.l2 == Switch::On && taskFiles && wants("l2_cache") && !writeFile(fileName("l2_cache", k, "csv"), [&](OutFile &f) { writeL2Csv(f, it); }))
        return false;
    if (opt.msproftx == Switch::On && wants("msprof_tx")) {
        if (!writeFile(fileName("msprof_tx", k, "json"), [&](OutFile &f) { writeTxJson(f, it); })
            || !writeFile(fileName("msprof_tx", k, "csv"), [&](OutFile &f) { writeTxCsv(f, it); }))
            return false;
    }
    const auto queue = wants("dp") ? trace.queueEvents(k.device) : std::vector<QueueEventRecord>();
    if (!queue.empty()) {
        std::optional<std::pair<TimeNs, TimeNs>> span;
        if (!it.tasks.empty()) {
            TimeNs end = it.tasks.front().start - 1;
            for (const auto &t : it.tasks)
                end = std::max(end, endOf(t));
            span = std::make_pair(it.tasks.front().start, end);
        }
        const auto [lo, hi] = analysis::queueWindow(allSteps, k.iteration, span);
        std::vector<QueueEventRecord> mine;
        for (const auto &q : queue)
            if (q.timestamp > lo && q.timestamp <= hi)
                mine.push_back(q);
        if (!writeFile(fileName("dp", k, "csv"), [&](OutFile &f) { writeDpCsv(f, mine); }))
            return false;
    }
    const auto fusion = wants("fusion_op") ? trace.fusionOps(k.modelId) : std::vector<FusionOpRecord>();
    if (!fusion.empty() && !writeFile(fileName("fusion_op", k, "csv"), [&](OutFile &f) { writeFusionCsv(f, fusion); }))
        return false;
    return true;
}

} // namespace

QStringList exportLayoutNames()
{
    return {QStringLiteral("legacy"), QStringLiteral("msprof"), QStringLiteral("torch_npu"), QStringLiteral("db")};
}

bool exportLayoutFromName(const QString &name, ExportLayout *out)
{
    const int i = int(exportLayoutNames().indexOf(name.trimmed().toLower()));
    if (i < 0)
        return false;
    *out = static_cast<ExportLayout>(i);
    return true;
}

bool exportSession(const TraceReader &trace, const ExportRequest &request, ExportResult *result, ExportError *errorKind,
                   QString *error, const std::function<void(const ExportProgress &)> &progress, const std::atomic_bool *cancel)
{
    if (request.layout != ExportLayout::Legacy && !request.kinds.isEmpty()) {
        if (errorKind)
            *errorKind = ExportError::Usage;
        if (error)
            *error = QCoreApplication::translate("ProfExporter", "Choosing files by kind is only possible in the legacy layout.");
        return false;
    }
    switch (request.layout) {
    case ExportLayout::Msprof: return exportMsprof(trace, request, result, errorKind, error, progress, cancel);
    case ExportLayout::TorchNpu: return exportTorchNpu(trace, request, result, errorKind, error, progress, cancel);
    case ExportLayout::Db: return exportDb(trace, request, result, errorKind, error, progress, cancel);
    case ExportLayout::Legacy: break;
    }
    return exportProf(trace, request, result, errorKind, error, progress, cancel);
}

ExportLayout defaultExportLayout(const SessionInfo &info)
{
    return info.spec.framework == Framework::PyTorch ? ExportLayout::TorchNpu : ExportLayout::Legacy;
}

QStringList exportKinds()
{
    return {QStringLiteral("msprof"), QStringLiteral("task_time"), QStringLiteral("step_trace"), QStringLiteral("hccl"),
            QStringLiteral("msprof_tx"), QStringLiteral("op_summary"), QStringLiteral("op_statistic"),
            QStringLiteral("aicpu"), QStringLiteral("dp"), QStringLiteral("fusion_op"), QStringLiteral("l2_cache")};
}

bool exportProf(const TraceReader &trace, const ExportRequest &request, ExportResult *result, ExportError *errorKind,
                QString *error, const std::function<void(const ExportProgress &)> &progress, const std::atomic_bool *cancel)
{
    Exporter e(trace, request, progress, cancel);
    const bool ok = e.run(result);
    if (errorKind)
        *errorKind = ok ? ExportError::None : e.kind;
    if (error)
        *error = ok ? QString() : e.error;
    return ok;
}

} // namespace npuscope::exporting
