// The CANN 8 msprof layout: PROF_<n>_<time>_<letters>/ per device with the device
// description files in device_<id>/ and the exported files in mindstudio_profiler_output/:
//   msprof_<ts>.json        every lane; pids (P << 10) | (sort index << 5) | device, host
//                           lanes with device 31 (msprof analysis/csrc/application/timeline)
//   op_summary_<ts>.csv     one row per kernel and one per communication op
//   op_statistic_<ts>.csv   per op type and core type
//   task_time_<ts>.csv      one row per device task
//   step_trace_<ts>.{json,csv}  when the session has step traces
// Times are µs since the epoch: a session on the device clock is moved by its collection
// start (epochOffsetNs). One PROF_* per device, as when every rank's process is profiled on
// its own, so each device keeps its own host lanes.

#include "core/analysis/op_tables.h"
#include "core/analysis/overlap.h"
#include "core/exporting/export_common.h"
#include "core/options/profiling_options.h"

#include <QCoreApplication>
#include <QDir>
#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace npuscope::exporting {

namespace {

// msprof's ProcessSortIndex (meta_data_event.h) of the lanes written here.
enum : std::uint32_t {
    kSortTx = 6, kSortCann = 7, kSortHardware = 14, kSortHccl = 16, kSortOverlap = 31,
};
constexpr std::uint32_t kHostDeviceBits = 31;

struct JsonArray {
    OutFile &f;
    bool first = true;
    void next() { f.put(first ? "[\n" : ",\n"); first = false; }
    void end() { f.put(first ? "[]\n" : "\n]\n"); }
};

class MsprofWriter {
public:
    MsprofWriter(const TraceReader &t, const ExportRequest &r, StagedFolder &s) : trace(t), req(r), staged(s), info(t.sessionInfo())
    {
        if (!info.optionsJson.trimmed().isEmpty())
            ProfilingOptions::parse(info.optionsJson, &opt);
        if (opt.taskTime != TaskTimeLevel::L0)
            metrics = sessionPmuColumns(info);
        // A session whose metric columns are today's (aicore_time(us), aic_total_cycles,
        // aic_*, aiv_*) writes them as they are; an Ascend 910 session's metric groups get
        // the two leading columns msprof puts before them.
        ownColumns = metrics.contains(QStringLiteral("aicore_time(us)"));
        stars = info.spec.chip.compare(QStringLiteral("910B"), Qt::CaseInsensitive) == 0
             || std::any_of(metrics.begin(), metrics.end(), [](const QString &m) { return m.startsWith(QStringLiteral("aiv_")); })
             || std::any_of(info.devices.begin(), info.devices.end(), [](const DeviceInfo &d) { return d.chip.contains(QStringLiteral("910B")); });
    }

    bool writeDevice(const DeviceInfo &d, const std::vector<IterationKey> &its);

private:
    std::string_view str(StrId id) const { return trace.string(id); }
    std::string_view taskName(const TaskRecord &t) const
    {
        return analysis::taskDisplayName(lookup, t.type, t.kind, t.name, t.opId);
    }
    std::uint64_t pid(std::uint32_t sort, std::uint32_t device) const
    {
        return (std::uint64_t(hostPid) << 10) | (std::uint64_t(sort) << 5) | (device & 31u);
    }
    // The accelerator core of a kernel (the timeline says AI_CORE for the 910B's vector
    // kernels too; op_summary tells them apart).
    std::string coreType(const TaskRecord &t) const
    {
        if (const OpDesc *o = trace.op(t.opId); o && o->coreType)
            return std::string(str(o->coreType));
        return isComputeKind(t.kind) ? taskKindName(t.kind) : std::string(trace.taskType(t));
    }

    void event(JsonArray &a, std::string_view name, std::uint64_t p, std::uint64_t tid, TimeNs ts, TimeNs dur);
    void meta(JsonArray &a, const char *what, std::uint64_t p, std::uint64_t tid, std::string_view value);
    void metaInt(JsonArray &a, const char *what, std::uint64_t p, std::uint64_t tid, std::uint64_t value);
    void lane(JsonArray &a, std::uint64_t p, std::string_view name, const char *label, std::uint32_t sort);

    bool writeTimeline(const QString &rel, const DeviceInfo &d, const std::vector<IterationKey> &its);
    bool writeOpSummary(const QString &rel, const DeviceInfo &d, const std::vector<IterationKey> &its);
    bool writeOpStatistic(const QString &rel, const DeviceInfo &d, const std::vector<IterationKey> &its);
    bool writeTaskTime(const QString &rel, const DeviceInfo &d, const std::vector<IterationKey> &its);
    bool writeStepTrace(const QString &stem, const DeviceInfo &d, const std::vector<StepTraceRecord> &steps);

    const TraceReader &trace;
    const ExportRequest &req;
    StagedFolder &staged;
    const SessionInfo &info;
    const TraceLookup lookup{trace};
    ProfilingOptions opt;
    QStringList metrics;
    bool ownColumns = false, stars = false;
    std::uint32_t hostPid = 0;
    TimeNs offset = 0;
};

void MsprofWriter::event(JsonArray &a, std::string_view name, std::uint64_t p, std::uint64_t tid, TimeNs ts, TimeNs dur)
{
    OutFile &f = a.f;
    a.next();
    f.put("{\"name\":");
    f.putJsonString(name);
    f.put(",\"pid\":");
    f.putUInt(p);
    f.put(",\"tid\":");
    f.putUInt(tid);
    f.put(",\"ts\":\"");
    putUs3(f, ts + offset);
    f.put("\",\"dur\":");
    f.putUs(dur);
    f.put(",\"ph\":\"X\"");
}

void MsprofWriter::meta(JsonArray &a, const char *what, std::uint64_t p, std::uint64_t tid, std::string_view value)
{
    OutFile &f = a.f;
    a.next();
    f.put("{\"name\":\"");
    f.put(what);
    f.put("\",\"pid\":");
    f.putUInt(p);
    f.put(",\"tid\":");
    f.putUInt(tid);
    f.put(",\"ph\":\"M\",\"args\":{\"");
    f.put(std::string_view(what).find("label") != std::string_view::npos ? "labels" : "name");
    f.put("\":");
    f.putJsonString(value);
    f.put("}}");
}

void MsprofWriter::metaInt(JsonArray &a, const char *what, std::uint64_t p, std::uint64_t tid, std::uint64_t value)
{
    OutFile &f = a.f;
    a.next();
    f.put("{\"name\":\"");
    f.put(what);
    f.put("\",\"pid\":");
    f.putUInt(p);
    f.put(",\"tid\":");
    f.putUInt(tid);
    f.put(",\"ph\":\"M\",\"args\":{\"sort_index\":");
    f.putUInt(value);
    f.put("}}");
}

void MsprofWriter::lane(JsonArray &a, std::uint64_t p, std::string_view name, const char *label, std::uint32_t sort)
{
    meta(a, "process_name", p, 0, name);
    const std::uint32_t device = std::uint32_t(p & 31u);
    meta(a, "process_labels", p, 0, device == kHostDeviceBits ? std::string(label) : std::string(label) + " " + std::to_string(device));
    metaInt(a, "process_sort_index", p, 0, sort);
}

// Lanes' metadata comes after their events, as msprof writes it: the lanes' threads are
// only known once every iteration was seen, and one iteration at a time is in memory.
bool MsprofWriter::writeTimeline(const QString &rel, const DeviceInfo &d, const std::vector<IterationKey> &its)
{
    return staged.write(rel, [&](OutFile &f) {
        JsonArray a{f};
        const std::uint64_t hw = pid(kSortHardware, d.id), comm = pid(kSortHccl, d.id), ovl = pid(kSortOverlap, d.id);
        const std::uint64_t cann = pid(kSortCann, kHostDeviceBits), tx = pid(kSortTx, kHostDeviceBits);
        std::set<std::uint32_t> streams, planes, cannTids, txTids;
        bool anyComm = false, anyOverlap = false;
        for (const IterationKey &k : its) {
            std::vector<analysis::Interval> computing, communication;
            trace.forEachHostRange(k, [&](const HostRangeRecord &r) {
                const bool isTx = r.kind == HostRangeRecord::Kind::MsprofTx;
                event(a, str(r.name), isTx ? tx : cann, r.tid, r.start, r.duration);
                f.put(",\"args\":{\"Thread Id\":");
                f.putUInt(r.tid);
                if (isTx) {
                    txTids.insert(r.tid);
                    f.put(",\"category\":");
                    f.putUInt(r.category);
                    f.put(",\"event_type\":");
                    f.putJsonString(str(r.eventType));
                    f.put(",\"payload_type\":");
                    f.putUInt(r.payloadType);
                    f.put(",\"payload_value\":");
                    f.putUInt(r.payloadValue);
                    f.put(",\"message_type\":");
                    f.putJsonString(str(r.messageType));
                } else {
                    cannTids.insert(r.tid);
                    if (r.kind == HostRangeRecord::Kind::Cann) {
                        // The model the range belongs to marks a CANN (graph / node) range
                        // apart from a runtime API call.
                        f.put(",\"Model Name\":");
                        std::string model;
                        for (const auto &m : info.models)
                            if (m.id == r.modelId)
                                model = m.name.toStdString();
                        f.putJsonString(model);
                    }
                    if (r.level) {
                        f.put(",\"level\":");
                        f.putJsonString(str(r.level));
                    }
                }
                f.put("}}");
                return true;
            });
            trace.forEachTask(k, [&](const TaskRecord &t) {
                streams.insert(t.streamId);
                if (isComputeKind(t.kind))
                    computing.push_back({t.start, endOf(t)});
                event(a, taskName(t), hw, t.streamId, t.start, t.duration);
                f.put(",\"args\":{\"Model Id\":");
                f.putUInt(t.modelId);
                f.put(",\"Task Type\":");
                f.putJsonString(trace.taskType(t));
                f.put(",\"Physic Stream Id\":");
                f.putUInt(t.streamId);
                f.put(",\"Task Id\":");
                f.putUInt(t.taskId);
                f.put(",\"Batch Id\":");
                f.putUInt(t.batchId);
                f.put(",\"Subtask Id\":4294967295}}");
                return true;
            });
            trace.forEachCollective(k, [&](const CollectiveOpRecord &c) {
                anyComm = true;
                communication.push_back({c.start, endOf(c)});
                event(a, str(c.name), comm, 0, c.start, c.duration);
                f.put(",\"args\":{\"model id\":");
                f.putUInt(c.modelId);
                f.put("}}");
                return true;
            });
            trace.forEachHcclTask(k, [&](const HcclTaskRecord &h) {
                anyComm = true;
                planes.insert(h.plane);
                event(a, str(h.name), comm, std::uint64_t(h.plane) + 1, h.start, h.duration);
                f.put(",\"args\":{\"notify_id\":");
                f.putUInt(h.notifyId);
                f.put(",\"duration estimated(us)\":");
                f.putShortest(h.durationEstimatedUs);
                f.put(",\"stream id\":");
                f.putUInt(h.streamId);
                f.put(",\"task id\":");
                f.putUInt(h.taskId);
                f.put(",\"task type\":");
                f.putJsonString(str(h.name));
                f.put(",\"src rank\":");
                f.putUInt(h.srcRank);
                f.put(",\"dst rank\":");
                f.putUInt(h.dstRank);
                f.put(",\"transport type\":");
                f.putJsonString(str(h.transportType));
                f.put(",\"size(Byte)\":");
                f.putUInt(h.sizeBytes);
                f.put(",\"data type\":");
                f.putJsonString(str(h.dataType));
                f.put(",\"link type\":");
                f.putJsonString(str(h.linkType));
                f.put(",\"bandwidth(GB/s)\":");
                f.putShortest(h.bandwidthGBps);
                f.put(",\"model id\":");
                f.putUInt(h.modelId);
                f.put("}}");
                return true;
            });
            // Overlap Analysis is derived from the tasks and collective ops of the iteration.
            const auto ov = analysis::computeOverlap(std::move(computing), std::move(communication));
            const std::vector<analysis::Interval> *rows[4] = {&ov.computing, &ov.communication, &ov.notOverlapped, &ov.free};
            static const char *names[4] = {"Computing", "Communication", "Communication(Not Overlapped)", "Free"};
            for (int l = 0; l < 4; ++l)
                for (const auto &iv : *rows[l]) {
                    anyOverlap = true;
                    event(a, names[l], ovl, std::uint64_t(l), iv.start, iv.end - iv.start);
                    f.put("}");
                }
            if (staged.cancelled())
                return;
        }
        if (!cannTids.empty()) {
            lane(a, cann, "CANN", "CPU", kSortCann);
            for (auto t : cannTids) {
                meta(a, "thread_name", cann, t, "Thread " + std::to_string(t));
                metaInt(a, "thread_sort_index", cann, t, t);
            }
        }
        if (!txTids.empty()) {
            lane(a, tx, "MsprofTx", "CPU", kSortTx);
            for (auto t : txTids) {
                meta(a, "thread_name", tx, t, "Thread " + std::to_string(t));
                metaInt(a, "thread_sort_index", tx, t, t);
            }
        }
        lane(a, hw, "Ascend Hardware", "NPU", kSortHardware);
        for (auto s : streams) {
            meta(a, "thread_name", hw, s, "Stream " + std::to_string(s));
            metaInt(a, "thread_sort_index", hw, s, s);
        }
        if (anyComm) {
            lane(a, comm, "Communication", "NPU", kSortHccl);
            meta(a, "thread_name", comm, 0, "Communication");
            metaInt(a, "thread_sort_index", comm, 0, 0);
            for (auto p : planes) {
                meta(a, "thread_name", comm, std::uint64_t(p) + 1, "Plane " + std::to_string(p));
                metaInt(a, "thread_sort_index", comm, std::uint64_t(p) + 1, std::uint64_t(p) + 1);
            }
        }
        if (anyOverlap) {
            lane(a, ovl, "Overlap Analysis", "NPU", kSortOverlap);
            static const char *names[4] = {"Computing", "Communication", "Communication(Not Overlapped)", "Free"};
            for (int l = 0; l < 4; ++l) {
                meta(a, "thread_name", ovl, std::uint64_t(l), names[l]);
                metaInt(a, "thread_sort_index", ovl, std::uint64_t(l), std::uint64_t(l));
            }
        }
        a.end();
    }) && !staged.cancelled();
}

// op_summary as msprof's OpSummaryAssembler writes it: the base columns, the tensor
// columns (Mix Block Num and Context ID on the 910B and later chips only), the PMU metrics;
// communication ops as COMMUNICATION rows; rows in time order with the wait time from the
// previous row's end; the start time cell ends in a TAB.
bool MsprofWriter::writeOpSummary(const QString &rel, const DeviceInfo &d, const std::vector<IterationKey> &its)
{
    const analysis::OpSummaryLayout legacy(opt.taskTime == TaskTimeLevel::L0, opt.aicpu == Switch::On, metrics);
    std::vector<std::string> header{"Device_id", "Model ID", "Task ID", "Stream ID", "Op Name", "OP Type", "OP State",
                                    "Task Type", "Task Start Time(us)", "Task Duration(us)", "Task Wait Time(us)",
                                    "Block Num"};
    if (stars)
        header.emplace_back("Mix Block Num");
    for (const char *c : {"HF32 Eligible", "Input Shapes", "Input Data Types", "Input Formats", "Output Shapes",
                          "Output Data Types", "Output Formats"})
        header.emplace_back(c);
    if (stars)
        header.emplace_back("Context ID");
    if (!metrics.isEmpty() && !ownColumns) {
        header.emplace_back("aicore_time(us)");
        header.emplace_back("total_cycles");
    }
    for (const QString &m : metrics)
        header.push_back(m.toStdString());
    const int cyclesColumn = int(std::max(metrics.indexOf(QStringLiteral("aic_total_cycles")), metrics.indexOf(QStringLiteral("total_cycles"))));

    return staged.write(rel, [&](OutFile &f) {
        Csv c{f};
        c.header(header);
        const std::string device = std::to_string(d.id);
        analysis::TaskWaitTracker wait;
        struct Row { TimeNs start; bool task; std::size_t idx; };
        for (const IterationKey &k : its) {
            std::vector<TaskRecord> tasks;
            std::vector<CollectiveOpRecord> colls;
            trace.forEachTask(k, [&](const TaskRecord &t) {
                if (isComputeKind(t.kind) && (t.kind != TaskKind::AiCpu || opt.aicpu != Switch::Off))
                    tasks.push_back(t);
                return true;
            });
            trace.forEachCollective(k, [&](const CollectiveOpRecord &o) { colls.push_back(o); return true; });
            std::vector<Row> rows;
            for (std::size_t i = 0; i < tasks.size(); ++i)
                rows.push_back({tasks[i].start, true, i});
            for (std::size_t i = 0; i < colls.size(); ++i)
                rows.push_back({colls[i].start, false, i});
            std::stable_sort(rows.begin(), rows.end(), [](const Row &x, const Row &y) { return x.start < y.start; });
            for (const Row &r : rows) {
                if (!r.task) {
                    const CollectiveOpRecord &o = colls[r.idx];
                    const TimeNs w = wait.next(o.start, o.duration);
                    c.text(device);
                    c.cell(analysis::Cell::uint(o.modelId));
                    c.na();
                    c.na();
                    c.text(str(o.name));
                    c.cell(analysis::Cell::strOrNa(str(o.opType)));
                    c.na();
                    c.text("COMMUNICATION");
                    c.sep();
                    putUs3(f, o.start + offset);
                    f.put('\t');
                    c.cell(analysis::Cell::us(o.duration));
                    c.cell(analysis::Cell::us(w));
                    for (std::size_t i = 11; i < header.size(); ++i)
                        c.na();
                    c.endRow();
                    continue;
                }
                const TaskRecord &t = tasks[r.idx];
                const OpDesc *o = trace.op(t.opId);
                const TimeNs w = wait.next(t.start, t.duration);
                const bool l0 = opt.taskTime == TaskTimeLevel::L0;
                c.text(device);
                c.cell(analysis::Cell::uint(t.modelId));
                c.cell(analysis::Cell::uint(t.taskId));
                c.cell(analysis::Cell::uint(t.streamId));
                c.text(o ? str(o->name) : taskName(t));
                c.cell(o && !l0 ? analysis::Cell::strOrNa(str(o->opType)) : analysis::Cell::na());
                c.na(); // OP State: not recorded
                c.text(coreType(t));
                c.sep();
                putUs3(f, t.start + offset);
                f.put('\t');
                c.cell(analysis::Cell::us(t.duration));
                c.cell(analysis::Cell::us(w));
                c.cell(analysis::Cell::uint(o && !l0 ? o->blockDim : 0));
                if (stars)
                    c.cell(analysis::Cell::uint(o && !l0 ? o->mixBlockDim : 0));
                c.na(); // HF32 Eligible: not recorded
                const StrId tensors[] = {o ? o->inputShapes : 0, o ? o->inputDataTypes : 0, o ? o->inputFormats : 0,
                                         o ? o->outputShapes : 0, o ? o->outputDataTypes : 0, o ? o->outputFormats : 0};
                for (StrId s : tensors)
                    c.cell(l0 ? analysis::Cell::na() : analysis::Cell::strOrNa(str(s)));
                if (stars)
                    c.na(); // Context ID
                if (!metrics.isEmpty() && !ownColumns) {
                    const auto row = analysis::opSummaryTask(t, w);
                    for (int col = 16; col < legacy.columnCount(); ++col)
                        c.cell(analysis::opSummaryCell(legacy, lookup, row, t.pmu.data(), d.aicFrequencyMHz, col));
                } else {
                    for (int i = 0; i < int(metrics.size()); ++i) {
                        if (i == cyclesColumn && isAiCoreKind(t.kind) && t.totalCycles)
                            c.cell(analysis::Cell::uint(t.totalCycles));
                        else if (i < int(t.pmu.size()) && std::isfinite(t.pmu[std::size_t(i)]))
                            c.cell(analysis::Cell::fixed(double(t.pmu[std::size_t(i)])));
                        else
                            c.na();
                    }
                }
                c.endRow();
            }
            if (staged.cancelled())
                return;
        }
    }) && !staged.cancelled();
}

bool MsprofWriter::writeOpStatistic(const QString &rel, const DeviceInfo &d, const std::vector<IterationKey> &its)
{
    const bool l0 = opt.taskTime == TaskTimeLevel::L0;
    analysis::OpStatisticBuilder b;
    for (const IterationKey &k : its)
        trace.forEachTask(k, [&](const TaskRecord &t) {
            if (isAiCoreKind(t.kind) || (opt.aicpu != Switch::Off && t.kind == TaskKind::AiCpu))
                b.add(analysis::opStatisticType(lookup, t, l0), coreType(t), t.duration);
            return true;
        });
    return staged.write(rel, [&](OutFile &f) {
        Csv c{f};
        c.header({"Device_id", "OP Type", "Core Type", "Count", "Total Time(us)", "Min Time(us)", "Avg Time(us)",
                  "Max Time(us)", "Ratio(%)"});
        const std::string device = std::to_string(d.id);
        for (const auto &r : b.rows()) {
            c.text(device);
            // The legacy layout's columns after its Model Name are msprof's after Device_id.
            for (int col = 1; col < 9; ++col)
                c.cell(analysis::opStatisticCell(r, {}, col));
            c.endRow();
        }
    });
}

bool MsprofWriter::writeTaskTime(const QString &rel, const DeviceInfo &d, const std::vector<IterationKey> &its)
{
    return staged.write(rel, [&](OutFile &f) {
        Csv c{f};
        c.header({"Device_id", "kernel_name", "kernel_type", "stream_id", "task_id", "task_time(us)", "task_start(us)",
                  "task_stop(us)"});
        const std::string device = std::to_string(d.id);
        for (const IterationKey &k : its)
            trace.forEachTask(k, [&](const TaskRecord &t) {
                c.text(device);
                c.text(taskName(t));
                c.text(trace.taskType(t));
                c.cell(analysis::Cell::uint(t.streamId));
                c.cell(analysis::Cell::uint(t.taskId));
                c.cell(analysis::Cell::us(t.duration));
                c.sep();
                putUs3(f, t.start + offset);
                f.put('\t');
                c.sep();
                putUs3(f, addTime(endOf(t), offset));
                f.put('\t');
                c.endRow();
                return !staged.cancelled();
            });
    }) && !staged.cancelled();
}

// step_trace as msprof's SummaryStepTraceAssembler (csv) and the Step Trace lane (json).
bool MsprofWriter::writeStepTrace(const QString &stem, const DeviceInfo &d, const std::vector<StepTraceRecord> &steps)
{
    std::size_t pairs = 0;
    for (const auto &s : steps)
        pairs = std::max(pairs, s.reduces.size());
    const bool csv = staged.write(stem + QStringLiteral(".csv"), [&](OutFile &f) {
        Csv c{f};
        std::vector<std::string> h{"Device_id", "Iteration ID", "FP Start(us)", "BP End(us)", "Iteration End(us)",
                                   "Iteration Time(us)", "FP to BP Time(us)", "Iteration Refresh(us)",
                                   "Data Aug Bound(us)", "Model ID"};
        for (std::size_t i = 0; i < pairs; ++i) {
            h.emplace_back("Reduce Start(us)");
            h.emplace_back("Reduce Duration(us)");
        }
        c.header(h);
        for (const auto &s : steps) {
            const auto r = analysis::stepTraceRow(s);
            c.text(std::to_string(d.id));
            c.cell(analysis::Cell::uint(r.iteration));
            for (TimeNs t : {r.fpStart, r.bpEnd, r.iterationEnd}) {
                c.sep();
                putUs3(f, t + offset);
                f.put('\t');
            }
            for (int col = 4; col < 8; ++col)
                c.cell(analysis::stepTraceCell(r, pairs, col));
            c.cell(analysis::Cell::uint(s.modelId));
            for (std::size_t i = 0; i < pairs; ++i) {
                if (i < r.reduces.size()) {
                    c.sep();
                    putUs3(f, r.reduces[i].start + offset);
                    f.put('\t');
                    c.cell(analysis::Cell::us(r.reduces[i].end - r.reduces[i].start));
                } else {
                    c.na();
                    c.na();
                }
            }
            c.endRow();
        }
    });
    if (!csv)
        return false;
    return staged.write(stem + QStringLiteral(".json"), [&](OutFile &f) {
        JsonArray a{f};
        const std::uint64_t p = pid(kSortHardware, d.id);
        std::set<std::uint32_t> models;
        for (const auto &s : steps) {
            models.insert(s.modelId);
            const TimeNs begin = s.previousIterationEnd >= 0 ? s.previousIterationEnd : s.fpStart;
            event(a, "Iteration " + std::to_string(s.iteration), p, s.modelId, begin, s.iterationEnd - begin);
            f.put(",\"args\":{\"Iteration ID\":");
            f.putUInt(s.iteration);
            f.put(",\"FP Start\":\"");
            putUs3(f, s.fpStart + offset);
            f.put("\",\"BP End\":\"");
            putUs3(f, s.bpEnd + offset);
            f.put("\",\"Iteration End\":\"");
            putUs3(f, s.iterationEnd + offset);
            f.put("\",\"Model ID\":");
            f.putUInt(s.modelId);
            f.put("}}");
        }
        meta(a, "process_name", p, 0, "Step Trace");
        for (auto m : models) {
            meta(a, "thread_name", p, m, "Step Trace(Model ID:" + std::to_string(m) + ")");
            metaInt(a, "thread_sort_index", p, m, m);
        }
        a.end();
    });
}

bool MsprofWriter::writeDevice(const DeviceInfo &d, const std::vector<IterationKey> &its)
{
    hostPid = d.hostPid;
    TimeNs sample = d.monotonicBegin;
    trace.forEachTask(its.front(), [&sample](const TaskRecord &t) { sample = t.start; return false; });
    offset = epochOffsetNs(d, sample);

    const QString dev = QStringLiteral("device_%1").arg(d.id);
    if (!staged.mkpath(dev))
        return false;
    for (const auto &[name, content] : deviceDescriptionFiles(d))
        if (!staged.writeBytes(dev + QLatin1Char('/') + name, content))
            return false;
    const QString out = QStringLiteral("mindstudio_profiler_output");
    if (!staged.mkpath(out))
        return false;
    const std::int64_t wall = d.wallBeginUs > 0 ? d.wallBeginUs : sessionWallBeginUs(info);
    const QString ts = localFromUs(wall).toString(QStringLiteral("yyyyMMddHHmmss"));
    const auto file = [&](const char *kind, const char *ext) {
        return QStringLiteral("%1/%2_%3.%4").arg(out, QLatin1String(kind), ts, QLatin1String(ext));
    };
    if (!writeTimeline(file("msprof", "json"), d, its) || !writeOpSummary(file("op_summary", "csv"), d, its)
        || !writeOpStatistic(file("op_statistic", "csv"), d, its) || !writeTaskTime(file("task_time", "csv"), d, its))
        return false;
    std::vector<StepTraceRecord> steps;
    std::set<std::uint32_t> models;
    for (const IterationKey &k : its)
        models.insert(k.modelId);
    for (auto m : models)
        for (const auto &s : trace.stepTraces(d.id, m))
            if (std::any_of(its.begin(), its.end(), [&s](const IterationKey &k) { return k.modelId == s.modelId && k.iteration == s.iteration; }))
                steps.push_back(s);
    if (!steps.empty() && !writeStepTrace(QStringLiteral("%1/step_trace_%2").arg(out, ts), d, steps))
        return false;
    return true;
}

} // namespace

bool exportMsprof(const TraceReader &trace, const ExportRequest &request, ExportResult *result, ExportError *errorKind,
                  QString *error, const std::function<void(const ExportProgress &)> &progress, const std::atomic_bool *cancel)
{
    ExportWork work;
    QString why;
    ExportError kind = ExportError::None;
    QStringList done, files;
    std::uint64_t bytes = 0, filesDone = 0;
    bool ok = selectExportWork(trace, request, &work, &why);
    if (!ok)
        kind = ExportError::Usage;
    const SessionInfo &info = trace.sessionInfo();
    for (std::size_t i = 0; ok && i < work.devices.size(); ++i) {
        const DeviceInfo &d = work.devices[i];
        std::vector<IterationKey> its;
        for (const auto &k : work.iterations)
            if (k.device == d.id)
                its.push_back(k);
        if (its.empty())
            continue;
        // Progress over the whole export: every device writes the same set of files.
        const std::function<void(const ExportProgress &)> perDevice = [&](const ExportProgress &p) {
            if (progress)
                progress({filesDone + p.filesDone, std::uint64_t(work.devices.size()) * 9, bytes + p.bytes});
        };
        StagedFolder staged(perDevice, cancel);
        const std::int64_t wall = d.wallBeginUs > 0 ? d.wallBeginUs : sessionWallBeginUs(info);
        const QString name = freeProfName(QDir(request.outputDir), request.profCounter,
                                          QStringLiteral("%1_%2").arg(localFromUs(wall).toString(QStringLiteral("yyyyMMddHHmmsszzz")), sessionLetters(info)));
        MsprofWriter w(trace, request, staged);
        ok = staged.begin(request.outputDir, name) && w.writeDevice(d, its) && staged.commit();
        if (!ok) {
            kind = staged.kind == ExportError::None ? ExportError::Io : staged.kind;
            why = staged.error;
            break;
        }
        done << staged.finalDir();
        const QString base = QFileInfo(staged.finalDir()).fileName() + QLatin1Char('/');
        for (const QString &f : staged.files())
            files << base + f;
        bytes += staged.progress.bytes;
        filesDone += staged.progress.filesDone;
    }
    if (!ok) {
        // The folders of the devices already written go too: an export is whole or absent.
        for (const QString &dir : done)
            QDir(dir).removeRecursively();
        if (errorKind)
            *errorKind = kind;
        if (error)
            *error = why;
        return false;
    }
    if (errorKind)
        *errorKind = ExportError::None;
    if (error)
        error->clear();
    if (result) {
        result->dirs = done;
        result->profDir = done.isEmpty() ? QString() : done.first();
        result->files = files;
        result->bytes = bytes;
    }
    return true;
}

} // namespace npuscope::exporting
