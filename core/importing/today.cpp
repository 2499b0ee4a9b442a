#include "core/importing/today.h"

#include "core/importing/csv_table.h"
#include "core/importing/trace_file.h"

#include <QFile>

#include <algorithm>
#include <cmath>
#include <deque>
#include <map>
#include <set>
#include <tuple>

namespace npuscope::importing {

namespace {

using Tr = ImportText;

std::uint64_t mix(std::uint64_t h, std::uint64_t v)
{
    h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
    return h * 0xff51afd7ed558ccdull;
}

bool parseUInt(const std::string &s, std::uint64_t *out)
{
    return toUInt64(s, out);
}

} // namespace

// ---- StepWindows ---------------------------------------------------------------------

void StepWindows::add(std::uint32_t step, TimeNs start)
{
    auto [it, fresh] = first_.try_emplace(step, start);
    if (!fresh) {
        if (start >= it->second)
            return;
        starts_.erase(it->second);
        it->second = start;
    }
    starts_[start] = step;
}

std::uint32_t StepWindows::at(TimeNs t) const
{
    if (starts_.empty())
        return 1;
    auto it = starts_.upper_bound(t);
    if (it == starts_.begin())
        return it->second;
    return std::prev(it)->second;
}

std::vector<std::uint32_t> StepWindows::steps() const
{
    std::vector<std::uint32_t> out;
    for (const auto &[s, t] : first_)
        out.push_back(s);
    return out;
}

// ---- KernelTable ---------------------------------------------------------------------

namespace {

// Columns with a field of their own; after the last of them (or of the text columns below)
// come the PMU metrics; any other column is kept as text with its task.
const std::set<std::string> kKnownColumns = {
    "Device_id", "Step Id", "Task ID", "Stream ID", "Name", "Op Name", "Type", "OP Type",
    "Accelerator Core", "Task Type", "Start Time(us)", "Task Start Time(us)", "Task Start Time", "Duration(us)",
    "Task Duration(us)", "Block Dim", "Block Num", "Mix Block Dim", "Mix Block Num", "Input Shapes",
    "Input Data Types", "Input Formats", "Output Shapes", "Output Data Types", "Output Formats"};
// Model ID is kept as the file wrote it (torch_npu's 4294967295 means "none"); the tasks
// themselves are read as one model (see below).
const std::set<std::string> kTextColumns = {"Model ID", "OP State", "HF32 Eligible", "Context ID", "Wait Time(us)",
                                            "Task Wait Time(us)"};

int lastFixedColumn(const std::vector<std::string> &h)
{
    int last = -1;
    for (std::size_t i = 0; i < h.size(); ++i)
        if (kKnownColumns.count(h[i]) || kTextColumns.count(h[i]))
            last = int(i);
    return last;
}

} // namespace

QStringList kernelMetricColumns(const std::vector<std::string> &header)
{
    QStringList out;
    for (std::size_t i = std::size_t(lastFixedColumn(header) + 1); i < header.size(); ++i)
        out << QString::fromStdString(header[i]);
    return out;
}

int peekTraceDevice(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    // A framework lane uses the process's own pid, which may be large enough to look encoded;
    // an encoded pid is one whose host part another lane shares (msprof writes several lanes
    // per device) or which is itself a pid of the file (the framework lane of that process).
    std::vector<std::uint64_t> order;
    std::set<std::uint64_t> pids;
    std::map<std::uint64_t, int> hostParts;
    auto decide = [&]() -> int {
        for (std::uint64_t p : order)
            if (isEncodedPid(p) && pidDevice(p) != kPidHostDevice
                && (hostParts[pidHostPid(p)] > 1 || pids.count(pidHostPid(p))))
                return pidDevice(p);
        return -1;
    };
    // Notes the pids whose "pid" key starts before `end` (a value cut at the buffer's end is
    // read with the next buffer).
    auto scan = [&](std::string_view v, std::size_t end) {
        for (std::size_t at = v.find("\"pid\""); at != std::string_view::npos && at < end; at = v.find("\"pid\"", at + 5)) {
            std::size_t i = at + 5;
            while (i < v.size() && (v[i] == ' ' || v[i] == ':' || v[i] == '"'))
                ++i;
            std::size_t j = i;
            while (j < v.size() && v[j] >= '0' && v[j] <= '9')
                ++j;
            std::uint64_t pid = 0;
            if (j > i && toUInt64(v.substr(i, j - i), &pid) && pids.size() < 4096 && pids.insert(pid).second) {
                order.push_back(pid);
                ++hostParts[pidHostPid(pid)];
            }
        }
    };
    constexpr qint64 kChunk = 4 << 20, kLimit = 64 << 20, kTail = 64;
    QByteArray carry;
    for (qint64 done = 0; done < kLimit && !f.atEnd();) {
        const QByteArray buf = carry + f.read(kChunk);
        if (buf.size() == carry.size())
            break;
        done += buf.size() - carry.size();
        const std::string_view v(buf.constData(), std::size_t(buf.size()));
        scan(v, v.size() > std::size_t(kTail) ? v.size() - std::size_t(kTail) : 0);
        if (const int d = decide(); d >= 0)
            return d;
        carry = buf.right(kTail);
    }
    scan(std::string_view(carry.constData(), std::size_t(carry.size())), std::size_t(carry.size()));
    return decide();
}

std::size_t KernelTable::KeyHash::operator()(const Key &k) const noexcept
{
    return std::size_t(mix(mix(mix(k.device, k.stream), k.task), std::uint64_t(k.start)));
}

KernelRow *KernelTable::find(std::uint16_t device, std::uint32_t stream, std::uint32_t task, TimeNs start)
{
    auto it = rows_.find(Key{device, stream, task, start});
    return it == rows_.end() ? nullptr : &it->second;
}

bool KernelTable::read(ImportContext &ctx, const QString &path, const QString &rel, const SourceMap &map,
                       std::uint16_t deviceOfRows, StepWindows *steps, Learned *learned)
{
    rel_ = rel;
    CsvTable t;
    if (!t.open(ctx, path, rel))
        return true;
    const int cDev = t.col({"Device_id"}), cStep = t.col({"Step Id"});
    const int cTask = t.col({"Task ID"}), cStream = t.col({"Stream ID"});
    const int cName = t.col({"Name", "Op Name"}), cType = t.col({"Type", "OP Type"});
    const int cCore = t.col({"Accelerator Core", "Task Type"});
    const int cStart = t.col({"Start Time(us)", "Task Start Time(us)", "Task Start Time"});
    const int cDur = t.col({"Duration(us)", "Task Duration(us)"});
    const int cBlock = t.col({"Block Dim", "Block Num"}), cMix = t.col({"Mix Block Dim", "Mix Block Num"});
    const int cInS = t.col({"Input Shapes"}), cInT = t.col({"Input Data Types"}), cInF = t.col({"Input Formats"});
    const int cOutS = t.col({"Output Shapes"}), cOutT = t.col({"Output Data Types"}), cOutF = t.col({"Output Formats"});
    if (!t.require(ctx, {{"Task ID"}, {"Stream ID"}, {"Name", "Op Name"}, {"Start Time(us)", "Task Start Time(us)", "Task Start Time"},
                         {"Duration(us)", "Task Duration(us)"}}))
        return true;
    const auto &h = t.header();
    const int lastFixed = lastFixedColumn(h);
    QStringList metricNames;
    std::vector<int> metricCols, attrCols;
    for (std::size_t i = 0; i < h.size(); ++i) {
        columns_ << QString::fromStdString(h[i]);
        if (int(i) > lastFixed) {
            metricNames << QString::fromStdString(h[i]);
            metricCols.push_back(int(i));
        } else if (!kKnownColumns.count(h[i])) {
            attrCols.push_back(int(i));
        }
    }
    const std::vector<int> pmuAt = ctx.pmuIndex(metricNames);
    const int width = int(ctx.pmuColumns().size());
    const int cCycles = t.col({"aic_total_cycles", "total_cycles"});
    std::vector<StrId> attrKeys;
    for (int c : attrCols)
        attrKeys.push_back(ctx.str(h[std::size_t(c)]));

    while (t.next()) {
        if (!t.rowComplete()) {
            t.skip(ctx, Tr::tr("A row has the wrong number of cells; the row was skipped."));
            continue;
        }
        std::uint64_t dev = deviceOfRows, step = 0, stream = 0, task = 0;
        TimeNs start = 0, dur = 0;
        const std::string core = t.cell(cCore);
        const bool comm = core == "HCCL" || core == "COMMUNICATION";
        bool ok = usTextToNs(t.cell(cStart), &start) && usTextToNs(t.cell(cDur), &dur) && saneSpan(start, dur)
                  && (cDev < 0 || parseUInt(t.cell(cDev), &dev)) && dev < 65535;
        if (ok && !comm)
            ok = parseUInt(t.cell(cStream), &stream) && parseUInt(t.cell(cTask), &task) && stream <= UINT32_MAX
                 && task <= UINT32_MAX;
        if (!ok) {
            t.skip(ctx, Tr::tr("A row has a non-numeric or out-of-range stream, task id, start time or duration; "
                               "the row was skipped."));
            continue;
        }
        if (cStep >= 0 && parseUInt(t.cell(cStep), &step) && step > 0 && step <= UINT32_MAX && steps)
            steps->add(std::uint32_t(step), start);
        const std::uint16_t device = cDev >= 0 ? map.device(std::uint16_t(dev)) : deviceOfRows;
        if (learned)
            learned->devicesSeen.insert(device);
        if (comm) {
            CommRow r;
            r.device = device;
            r.name = ctx.str(t.cell(cName));
            r.opType = ctx.str(t.cell(cType));
            r.start = start;
            r.duration = dur;
            r.step = std::uint32_t(step);
            r.line = t.line();
            r.offset = t.offset();
            comm_.push_back(r);
            continue;
        }
        KernelRow r;
        r.device = device;
        r.stream = std::uint32_t(stream);
        r.taskId = std::uint32_t(task);
        r.start = start;
        r.duration = dur;
        r.step = std::uint32_t(step);
        r.name = ctx.str(t.cell(cName));
        r.coreType = ctx.str(core);
        r.kind = taskKindOf(core);
        std::uint64_t bd = 0, mixBd = 0;
        parseUInt(t.cell(cBlock), &bd);
        parseUInt(t.cell(cMix), &mixBd);
        // Today's layouts are read as one model (0): their model ids are "none" (4294967295)
        // under torch_npu, and splitting one step's tasks by graph would split iterations.
        r.op.model = 0;
        r.op.name = r.name;
        r.op.opType = ctx.str(t.cell(cType));
        r.op.inS = ctx.str(t.cell(cInS));
        r.op.inT = ctx.str(t.cell(cInT));
        r.op.inF = ctx.str(t.cell(cInF));
        r.op.outS = ctx.str(t.cell(cOutS));
        r.op.outT = ctx.str(t.cell(cOutT));
        r.op.outF = ctx.str(t.cell(cOutF));
        r.op.blockDim = std::uint16_t(std::min<std::uint64_t>(bd, 65535));
        r.op.mixBlockDim = std::uint16_t(std::min<std::uint64_t>(mixBd, 65535));
        r.op.aiCpu = r.kind == TaskKind::AiCpu;
        r.op.coreType = r.coreType;
        std::uint64_t cycles = 0;
        if (parseUInt(t.cell(cCycles), &cycles))
            r.totalCycles = cycles;
        bool anyMetric = false;
        std::vector<float> pmu(std::size_t(width), std::nanf(""));
        for (std::size_t m = 0; m < metricCols.size(); ++m) {
            double v = 0;
            if (pmuAt[m] >= 0 && toDouble(t.cell(metricCols[m]), &v)) {
                pmu[std::size_t(pmuAt[m])] = float(v);
                anyMetric = true;
            }
        }
        if (anyMetric)
            r.pmu = std::move(pmu);
        for (std::size_t a = 0; a < attrCols.size(); ++a) {
            const std::string v = t.cell(attrCols[a]);
            if (!v.empty())
                r.attrs.emplace_back(attrKeys[a], ctx.str(v));
        }
        r.line = t.line();
        r.offset = t.offset();
        const Key k{device, r.stream, r.taskId, start};
        if (!rows_.try_emplace(k, std::move(r)).second) {
            t.skip(ctx, Tr::tr("Another row of this file has the same device, stream, task id and start time; this "
                               "row was skipped."));
            continue;
        }
    }
    return ctx.flushIfFull();
}

bool KernelTable::finish(ImportContext &ctx, const std::vector<CollectiveOpRecord> &seen, const StepWindows &steps)
{
    FileAccount &acc = ctx.account(rel_);
    for (auto &[k, r] : rows_) {
        if (r.used) {
            ++acc.imported;
            continue;
        }
        // The file describes the whole task: it becomes one, typed by its accelerator core.
        TaskRecord t;
        t.device = r.device;
        t.modelId = r.op.model;
        t.iteration = r.step ? r.step : steps.at(r.start);
        t.streamId = r.stream;
        t.taskId = r.taskId;
        t.type = r.coreType;
        t.kind = r.kind;
        t.start = r.start;
        t.duration = r.duration;
        t.name = r.name;
        t.totalCycles = r.totalCycles;
        t.pmu = r.pmu;
        t.l2HitRate = r.l2Hit;
        t.l2VictimRate = r.l2Victim;
        t.opId = ctx.op(r.op);
        for (const auto &[key, value] : r.attrs)
            ctx.batch().taskAttrs.push_back({t.device, t.streamId, t.taskId, t.start, key, value});
        ctx.batch().tasks.push_back(std::move(t));
        ++acc.imported;
        if (!ctx.flushIfFull())
            return false;
    }
    for (const CommRow &c : comm_) {
        // The same op on the HCCL lane: one µs of rounding apart at most (the files round
        // start and duration separately).
        const bool dup = std::any_of(seen.begin(), seen.end(), [&](const CollectiveOpRecord &o) {
            return o.device == c.device && o.name == c.name && std::llabs(o.start - c.start) <= 1000;
        });
        if (dup) {
            ++acc.duplicates;
            continue;
        }
        CollectiveOpRecord o;
        o.device = c.device;
        o.iteration = c.step ? c.step : steps.at(c.start);
        o.name = c.name;
        o.opType = c.opType;
        o.start = c.start;
        o.duration = c.duration;
        ctx.batch().collectives.push_back(o);
        ++acc.imported;
    }
    rows_.clear();
    comm_.clear();
    return ctx.flush();
}

bool KernelTable::readL2(ImportContext &ctx, const QString &path, const QString &rel, const SourceMap &map,
                         std::uint16_t device)
{
    CsvTable t;
    if (!t.open(ctx, path, rel))
        return true;
    const int cStream = t.col({"Stream Id", "Stream ID"}), cTask = t.col({"Task Id", "Task ID"});
    const int cHit = t.col({"Hit Rate"}), cVictim = t.col({"Victim Rate"}), cDev = t.col({"Device_id"});
    if (!t.require(ctx, {{"Stream Id", "Stream ID"}, {"Task Id", "Task ID"}, {"Hit Rate"}}))
        return true;
    // The kernels of each (device, stream, task id), oldest first: task ids wrap around.
    std::map<std::tuple<std::uint16_t, std::uint32_t, std::uint32_t>, std::deque<KernelRow *>> byTask;
    for (auto &[k, r] : rows_)
        byTask[{k.device, k.stream, k.task}].push_back(&r);
    for (auto &[k, v] : byTask)
        std::sort(v.begin(), v.end(), [](const KernelRow *a, const KernelRow *b) { return a->start < b->start; });
    while (t.next()) {
        std::uint64_t stream = 0, task = 0, dev = 0;
        double hit = -1, victim = -1;
        const bool hitGiven = toDouble(t.cell(cHit), &hit), victimGiven = toDouble(t.cell(cVictim), &victim);
        if (!t.rowComplete() || !parseUInt(t.cell(cStream), &stream) || !parseUInt(t.cell(cTask), &task)
            || stream > UINT32_MAX || task > UINT32_MAX || (!hitGiven && !victimGiven)
            || (cDev >= 0 && (!parseUInt(t.cell(cDev), &dev) || dev >= 65535))) {
            t.skip(ctx, Tr::tr("A row has the wrong number of cells, non-numeric ids, or neither a hit nor a victim "
                               "rate; the row was skipped."));
            continue;
        }
        const std::uint16_t d = cDev >= 0 ? map.device(std::uint16_t(dev)) : device;
        auto it = byTask.find({d, std::uint32_t(stream), std::uint32_t(task)});
        if (it == byTask.end() || it->second.empty()) {
            t.skip(ctx, Tr::tr("No kernel of the kernel file has this stream and task id; the row was skipped."));
            continue;
        }
        KernelRow *r = it->second.front();
        it->second.pop_front();
        r->l2Hit = hitGiven ? float(hit) : -1.f;
        r->l2Victim = victimGiven ? float(victim) : -1.f;
        ++t.account().imported;
    }
    return true;
}

// The timeline reader (readTodayTrace) is in today_trace.cpp.

} // namespace npuscope::importing
