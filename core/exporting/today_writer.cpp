#include "core/exporting/today_writer.h"

#include "core/analysis/op_tables.h"
#include "core/analysis/overlap.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <map>
#include <set>
#include <tuple>

namespace npuscope::exporting {


TodayWriter::TodayWriter(const TraceReader &t, StagedFolder &s, Flavour f)
    : trace(t), staged(s), flavour(f), info(t.sessionInfo())
{
    if (!info.optionsJson.trimmed().isEmpty())
        ProfilingOptions::parse(info.optionsJson, &opt); // problems were reported when the session was set up
    if (opt.taskTime != TaskTimeLevel::L0)
        metrics = sessionPmuColumns(info);
    // A session whose metric columns are today's (aicore_time(us), aic_total_cycles,
    // aic_*, aiv_*) writes them as they are; an Ascend 910 session's metric groups get
    // the two leading columns msprof puts before them.
    ownColumns = metrics.contains(QStringLiteral("aicore_time(us)"));
    // Mix Block Num and Context ID exist from the 910B on (msprof masks them before).
    stars = info.spec.chip.compare(QStringLiteral("910B"), Qt::CaseInsensitive) == 0
         || std::any_of(metrics.begin(), metrics.end(), [](const QString &m) { return m.startsWith(QStringLiteral("aiv_")); })
         || std::any_of(info.devices.begin(), info.devices.end(), [](const DeviceInfo &d) { return d.chip.contains(QStringLiteral("910B")); });
}

void TodayWriter::setDevice(const DeviceInfo &d, std::vector<IterationKey> iterations, bool wholeSession)
{
    device_ = d;
    its_ = std::move(iterations);
    wholeSession_ = wholeSession;
    TimeNs sample = d.monotonicBegin;
    if (!its_.empty())
        trace.forEachTask(its_.front(), [&sample](const TaskRecord &t) { sample = t.start; return false; });
    offset_ = epochOffsetNs(d, sample);
    if (!wholeSession_) {
        span_ = {std::numeric_limits<TimeNs>::max(), std::numeric_limits<TimeNs>::min()};
        for (const IterationKey &k : its_)
            trace.forEachTask(k, [this](const TaskRecord &t) {
                span_.first = std::min(span_.first, t.start);
                span_.second = std::max(span_.second, endOf(t));
                return true;
            });
    }
}

std::vector<StepTraceRecord> TodayWriter::stepTraces() const
{
    std::vector<StepTraceRecord> steps;
    std::set<std::uint32_t> models;
    for (const IterationKey &k : its_)
        models.insert(k.modelId);
    for (auto m : models)
        for (const auto &s : trace.stepTraces(device_.id, m))
            if (std::any_of(its_.begin(), its_.end(), [&s](const IterationKey &k) { return k.modelId == s.modelId && k.iteration == s.iteration; }))
                steps.push_back(s);
    return steps;
}

std::string_view TodayWriter::taskName(const TaskRecord &t) const
{
    return analysis::taskDisplayName(lookup, t.type, t.kind, t.name, t.opId);
}

// The accelerator core of a kernel (the timeline says AI_CORE for the 910B's vector
// kernels too; the kernel table tells them apart).
std::string TodayWriter::coreType(const TaskRecord &t) const
{
    if (const OpDesc *o = trace.op(t.opId); o && o->coreType)
        return std::string(str(o->coreType));
    return isComputeKind(t.kind) ? taskKindName(t.kind) : std::string(trace.taskType(t));
}

// The kernel table lists the tasks of an op: AI Core, vector, mixed and AI CPU kernels,
// and others an op ran as (the 910B's DSA_SQE random number kernels).
bool TodayWriter::inKernelTable(const TaskRecord &t) const
{
    return isComputeKind(t.kind) || (t.opId && trace.op(t.opId));
}

std::uint64_t TodayWriter::pid(std::uint32_t sort, std::uint32_t device) const
{
    return (std::uint64_t(device_.hostPid) << 10) | (std::uint64_t(sort) << 5) | (device & 31u);
}

// msprof marks the host's lanes with device bits 31; the torch_npu capture with the device.
std::uint64_t TodayWriter::hostLane(std::uint32_t sort) const
{
    return pid(sort, flavour == Flavour::Msprof ? kHostDeviceBits : device_.id);
}

// op_summary as msprof's OpSummaryAssembler writes it: the base columns, the tensor
// columns (Mix Block Num and Context ID on the 910B and later chips only), the PMU metrics;
// communication ops as COMMUNICATION rows; rows in time order with the wait time from the
// previous row's end; the start time cell ends in a TAB. torch_npu's kernel_details.csv is
// the same table with a Step Id first, no Device_id and its own names for the columns
// (KernelViewParser; Block Dim / Mix Block Dim and HCCL rows as in the real capture).
bool TodayWriter::writeKernels(const QString &rel)
{
    const DeviceInfo &d = device_;
    const std::vector<IterationKey> &its = its_;
    const bool torch = flavour == Flavour::TorchNpu;
    const analysis::OpSummaryLayout legacy(opt.taskTime == TaskTimeLevel::L0, opt.aicpu == Switch::On, metrics);
    std::vector<std::string> header = torch
        ? std::vector<std::string>{"Step Id", "Model ID", "Task ID", "Stream ID", "Name", "Type", "OP State",
                                   "Accelerator Core", "Start Time(us)", "Duration(us)", "Wait Time(us)", "Block Dim"}
        : std::vector<std::string>{"Device_id", "Model ID", "Task ID", "Stream ID", "Op Name", "OP Type", "OP State",
                                   "Task Type", "Task Start Time(us)", "Task Duration(us)", "Task Wait Time(us)",
                                   "Block Num"};
    if (stars)
        header.emplace_back(torch ? "Mix Block Dim" : "Mix Block Num");
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

    // Columns the model keeps as text per task (an import's OP State, HF32 Eligible,
    // Context ID and Model ID as the file wrote it); the emulator records none of them,
    // which the files say as N/A (Model ID: the task's model).
    using AttrKey = std::tuple<std::uint32_t, std::uint32_t, TimeNs>;
    std::map<AttrKey, std::array<std::string, 4>> attrs;
    trace.forEachTaskAttr(d.id, [&](const TaskAttrRecord &r) {
        const std::string_view key = str(r.key);
        const int i = key == "OP State" ? 0 : key == "HF32 Eligible" ? 1 : key == "Context ID" ? 2 : key == "Model ID" ? 3 : -1;
        if (i >= 0)
            attrs[AttrKey{r.streamId, r.taskId, r.start}][std::size_t(i)] = std::string(str(r.value));
        return true;
    });
    return staged.write(rel, [&](OutFile &f) {
        Csv c{f};
        c.header(header);
        const std::string device = std::to_string(d.id);
        const char *commCore = torch ? "HCCL" : "COMMUNICATION";
        analysis::TaskWaitTracker wait;
        struct Row { TimeNs start; bool task; std::size_t idx; };
        for (const IterationKey &k : its) {
            std::vector<TaskRecord> tasks;
            std::vector<CollectiveOpRecord> colls;
            trace.forEachTask(k, [&](const TaskRecord &t) {
                if (inKernelTable(t))
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
                    c.text(torch ? std::to_string(o.iteration) : device);
                    c.cell(analysis::Cell::uint(o.modelId));
                    c.na();
                    c.na();
                    c.text(str(o.name));
                    c.cell(analysis::Cell::strOrNa(str(o.opType)));
                    c.na();
                    c.text(commCore);
                    c.sep();
                    putUs3(f, addTime(o.start, offset_));
                    f.put('\t');
                    c.cell(analysis::Cell::us(o.duration));
                    c.cell(analysis::Cell::us(w));
                    c.text("0"); // Block Num
                    for (std::size_t i = 12; i < header.size(); ++i)
                        c.na();
                    c.endRow();
                    continue;
                }
                const TaskRecord &t = tasks[r.idx];
                const OpDesc *o = trace.op(t.opId);
                const TimeNs w = wait.next(t.start, t.duration);
                const bool l0 = opt.taskTime == TaskTimeLevel::L0;
                c.text(torch ? std::to_string(t.iteration) : device);
                const auto attr = attrs.find(AttrKey{t.streamId, t.taskId, t.start});
                if (attr != attrs.end() && !attr->second[3].empty())
                    c.text(attr->second[3]);
                else
                    c.cell(analysis::Cell::uint(t.modelId));
                c.cell(analysis::Cell::uint(t.taskId));
                c.cell(analysis::Cell::uint(t.streamId));
                c.text(o ? str(o->name) : taskName(t));
                c.cell(o && !l0 ? analysis::Cell::strOrNa(str(o->opType)) : analysis::Cell::na());
                const auto attrText = [&](int i) {
                    if (attr == attrs.end() || attr->second[i].empty())
                        c.na();
                    else
                        c.text(attr->second[i]);
                };
                attrText(0); // OP State
                c.text(coreType(t));
                c.sep();
                putUs3(f, addTime(t.start, offset_));
                f.put('\t');
                c.cell(analysis::Cell::us(t.duration));
                c.cell(analysis::Cell::us(w));
                c.cell(analysis::Cell::uint(o && !l0 ? o->blockDim : 0));
                if (stars)
                    c.cell(analysis::Cell::uint(o && !l0 ? o->mixBlockDim : 0));
                attrText(1); // HF32 Eligible
                const StrId tensors[] = {o ? o->inputShapes : 0, o ? o->inputDataTypes : 0, o ? o->inputFormats : 0,
                                         o ? o->outputShapes : 0, o ? o->outputDataTypes : 0, o ? o->outputFormats : 0};
                for (StrId s : tensors)
                    c.cell(l0 ? analysis::Cell::na() : analysis::Cell::strOrNa(str(s)));
                if (stars)
                    attrText(2); // Context ID
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

// msprof's op_statistic: Device_id, then the columns of the legacy file after its Model
// Name; torch_npu's op_statistic.csv without the Device_id.
bool TodayWriter::writeOpStatistic(const QString &rel)
{
    const DeviceInfo &d = device_;
    const std::vector<IterationKey> &its = its_;
    const bool torch = flavour == Flavour::TorchNpu;
    const bool l0 = opt.taskTime == TaskTimeLevel::L0;
    analysis::OpStatisticBuilder b;
    for (const IterationKey &k : its)
        trace.forEachTask(k, [&](const TaskRecord &t) {
            if (inKernelTable(t))
                b.add(analysis::opStatisticType(lookup, t, l0), coreType(t), t.duration);
            return true;
        });
    return staged.write(rel, [&](OutFile &f) {
        Csv c{f};
        std::vector<std::string> h{"OP Type", "Core Type", "Count", "Total Time(us)", "Min Time(us)", "Avg Time(us)",
                                   "Max Time(us)", "Ratio(%)"};
        if (!torch)
            h.insert(h.begin(), "Device_id");
        c.header(h);
        const std::string device = std::to_string(d.id);
        for (const auto &r : b.rows()) {
            if (!torch)
                c.text(device);
            for (int col = 1; col < 9; ++col)
                c.cell(analysis::opStatisticCell(r, {}, col));
            c.endRow();
        }
    });
}

bool TodayWriter::writeTaskTime(const QString &rel)
{
    const DeviceInfo &d = device_;
    const std::vector<IterationKey> &its = its_;
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
                putUs3(f, addTime(t.start, offset_));
                f.put('\t');
                c.sep();
                putUs3(f, addTime(endOf(t), offset_));
                f.put('\t');
                c.endRow();
                return !staged.cancelled();
            });
    }) && !staged.cancelled();
}

// step_trace as msprof's SummaryStepTraceAssembler (csv) and the Step Trace lane (json).
bool TodayWriter::writeStepTrace(const QString &stem, const std::vector<StepTraceRecord> &steps)
{
    const DeviceInfo &d = device_;
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
                putUs3(f, addTime(t, offset_));
                f.put('\t');
            }
            for (int col = 4; col < 8; ++col)
                c.cell(analysis::stepTraceCell(r, pairs, col));
            c.cell(analysis::Cell::uint(s.modelId));
            for (std::size_t i = 0; i < pairs; ++i) {
                if (i < r.reduces.size()) {
                    c.sep();
                    putUs3(f, addTime(r.reduces[i].start, offset_));
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
        const std::uint64_t p = pid(kMsprofLanes.hardware, d.id);
        std::set<std::uint32_t> models;
        for (const auto &s : steps) {
            models.insert(s.modelId);
            const TimeNs begin = s.previousIterationEnd >= 0 ? s.previousIterationEnd : s.fpStart;
            event(a, "Iteration " + std::to_string(s.iteration), p, s.modelId, begin, s.iterationEnd - begin);
            f.put(",\"args\":{\"Iteration ID\":");
            f.putUInt(s.iteration);
            f.put(",\"FP Start\":\"");
            putUs3(f, addTime(s.fpStart, offset_));
            f.put("\",\"BP End\":\"");
            putUs3(f, addTime(s.bpEnd, offset_));
            f.put("\",\"Iteration End\":\"");
            putUs3(f, addTime(s.iterationEnd, offset_));
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


// step_trace_time.csv as torch_npu's TraceStepTimeParser sums the Overlap Analysis lane per
// step: computing, communication and its part not overlapped by computing, free time, the
// step's span (Stage) less the time in hcom_receive (Bubble), and the wait from the step's
// start to its first task (Preparing). Sessions that hold the file's rows (imports of
// torch_npu output) write them as they are.
bool TodayWriter::writeStepTraceTime(const QString &rel)
{
    std::vector<StepTimeRecord> stored;
    for (const auto &s : trace.stepTimes())
        if (s.device == device_.id)
            stored.push_back(s);
    const auto steps = stepTraces();
    return staged.write(rel, [&](OutFile &f) {
        Csv c{f};
        c.header({"Step", "Computing", "Communication(Not Overlapped)", "Overlapped", "Communication", "Free", "Stage",
                  "Bubble", "Communication(Not Overlapped and Exclude Receive)", "Preparing"});
        const auto row = [&](std::string_view step, const StepTimeRecord &r) {
            c.text(step);
            for (TimeNs v : {r.computing, r.commNotOverlapped, r.overlapped, r.communication, r.free, r.stage, r.bubble,
                             r.commNotOverlappedExcludeReceive, r.preparing})
                c.cell(analysis::Cell::us(v));
            c.endRow();
        };
        if (!stored.empty()) {
            for (const auto &s : stored)
                row(str(s.step), s);
            return;
        }
        for (const IterationKey &k : its_) {
            std::vector<analysis::Interval> computing, communication;
            TimeNs first = -1, begin = -1, end = -1, bubble = 0;
            trace.forEachTask(k, [&](const TaskRecord &t) {
                if (inKernelTable(t))
                    computing.push_back({t.start, endOf(t)});
                return true;
            });
            trace.forEachCollective(k, [&](const CollectiveOpRecord &o) {
                communication.push_back({o.start, endOf(o)});
                if (str(o.name).rfind("hcom_receive", 0) == 0)
                    bubble += o.duration;
                return true;
            });
            const auto ov = analysis::computeOverlap(std::move(computing), std::move(communication));
            StepTimeRecord r;
            const auto sum = [&](const std::vector<analysis::Interval> &v) {
                TimeNs n = 0;
                for (const auto &iv : v) {
                    n += iv.end - iv.start;
                    first = first < 0 || iv.start < first ? iv.start : first;
                    begin = begin < 0 || iv.start < begin ? iv.start : begin;
                    end = std::max(end, iv.end);
                }
                return n;
            };
            r.computing = sum(ov.computing);
            r.communication = sum(ov.communication);
            r.commNotOverlapped = sum(ov.notOverlapped);
            r.free = sum(ov.free);
            r.overlapped = r.communication - r.commNotOverlapped;
            r.bubble = bubble;
            r.stage = (end >= begin && begin >= 0 ? end - begin : 0) - bubble;
            r.commNotOverlappedExcludeReceive = std::max<TimeNs>(0, r.commNotOverlapped - bubble);
            // The step starts where the previous one ended (step trace), else at its first task.
            for (const auto &s : steps)
                if (s.modelId == k.modelId && s.iteration == k.iteration && s.previousIterationEnd >= 0 && first >= 0)
                    r.preparing = std::max<TimeNs>(0, first - s.previousIterationEnd);
            row(std::to_string(k.iteration), r);
        }
    });
}

bool exportPerDevice(const TraceReader &trace, const ExportRequest &request, Flavour flavour,
                     const std::function<QString(const DeviceInfo &)> &folderName,
                     const std::function<bool(TodayWriter &, StagedFolder &, const DeviceInfo &)> &writeFolder,
                     ExportResult *result, ExportError *errorKind, QString *error,
                     const std::function<void(const ExportProgress &)> &progress, const std::atomic_bool *cancel)
{
    ExportWork work;
    QString why;
    ExportError kind = ExportError::None;
    QStringList done, files;
    std::uint64_t bytes = 0, filesDone = 0, perFolder = 8;
    bool ok = selectExportWork(trace, request, &work, &why);
    if (!ok)
        kind = ExportError::Usage;
    const bool whole = !request.modelId && !request.firstIteration && !request.lastIteration;
    for (std::size_t i = 0; ok && i < work.devices.size(); ++i) {
        const DeviceInfo &d = work.devices[i];
        std::vector<IterationKey> its;
        for (const auto &k : work.iterations)
            if (k.device == d.id)
                its.push_back(k);
        if (its.empty())
            continue;
        // Progress over the whole export: the devices write about as many files as the
        // first one did.
        const std::function<void(const ExportProgress &)> perDevice = [&](const ExportProgress &p) {
            if (progress)
                progress({filesDone + p.filesDone, std::max<std::uint64_t>(filesDone + p.filesDone, perFolder * work.devices.size()),
                          bytes + p.bytes});
        };
        StagedFolder staged(perDevice, cancel);
        TodayWriter w(trace, staged, flavour);
        w.setDevice(d, its, whole);
        ok = staged.begin(request.outputDir, folderName(d)) && writeFolder(w, staged, d) && staged.commit();
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
        if (i == 0)
            perFolder = staged.progress.filesDone;
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
