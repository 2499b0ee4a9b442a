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

std::uint64_t fnv(std::string_view s)
{
    std::uint64_t x = 14695981039346656037ull;
    for (char c : s) {
        x ^= static_cast<unsigned char>(c);
        x *= 1099511628211ull;
    }
    return x;
}

bool argU64(const TraceEvent &e, std::string_view key, std::uint64_t *out)
{
    const JsonScalar *a = e.arg(key);
    if (!a || (a->type != JsonScalar::Number && a->type != JsonScalar::String))
        return false;
    if (toUInt64(a->text, out))
        return true;
    double d = 0;
    if (a->type == JsonScalar::Number && toDouble(a->text, &d) && d >= 0 && d == std::floor(d)) {
        *out = d >= 18446744073709551615.0 ? UINT64_MAX : std::uint64_t(d);
        return true;
    }
    return false;
}

std::uint64_t argU64Or(const TraceEvent &e, std::string_view key, std::uint64_t dflt)
{
    std::uint64_t v = 0;
    return argU64(e, key, &v) ? v : dflt;
}

bool argI64(const TraceEvent &e, std::string_view key, std::int64_t *out)
{
    const JsonScalar *a = e.arg(key);
    if (!a || (a->type != JsonScalar::Number && a->type != JsonScalar::String))
        return false;
    double d = 0;
    if (!toDouble(a->text, &d) || !std::isfinite(d) || std::fabs(d) > 9e18)
        return false;
    *out = std::int64_t(d);
    return true;
}

double argDouble(const TraceEvent &e, std::string_view key, double dflt)
{
    const JsonScalar *a = e.arg(key);
    double v = 0;
    if (a && (a->type == JsonScalar::Number || a->type == JsonScalar::String) && toDouble(a->text, &v))
        return v;
    return dflt;
}

std::string argText(const TraceEvent &e, std::string_view key)
{
    const JsonScalar *a = e.arg(key);
    if (!a)
        return {};
    if (a->type == JsonScalar::String || a->type == JsonScalar::Number || a->type == JsonScalar::Bool)
        return a->text;
    return {};
}

bool parseUInt(const std::string &s, std::uint64_t *out)
{
    return toUInt64(s, out);
}

FlowLane flowLane(LaneKind k)
{
    switch (k) {
    case LaneKind::Framework: return FlowLane::Python;
    case LaneKind::Cann: return FlowLane::Cann;
    case LaneKind::Hardware: return FlowLane::Hardware;
    case LaneKind::Hccl: return FlowLane::Hccl;
    default: return FlowLane::Other;
    }
}

// "Plane 3" → 3.
bool planeOf(std::string_view thread, std::uint32_t *plane)
{
    if (thread.rfind("Plane ", 0) != 0)
        return false;
    std::uint64_t v = 0;
    if (!toUInt64(thread.substr(6), &v) || v > UINT32_MAX)
        return false;
    *plane = std::uint32_t(v);
    return true;
}

// "hcom_allReduce__586_0_1" → "hcom_allReduce_"; "Default/AllReduce-op534_0" → "AllReduce".
std::string opTypeOfCollective(std::string_view n)
{
    if (auto slash = n.rfind('/'); slash != std::string_view::npos)
        n = n.substr(slash + 1);
    if (auto dash = n.find("-op"); dash != std::string_view::npos)
        return std::string(n.substr(0, dash));
    // hcom_<op>_<id>_<seg>_<n>: the name up to the first digit run after the op
    std::size_t cut = n.size();
    for (std::size_t i = 0; i < n.size(); ++i)
        if (n[i] >= '0' && n[i] <= '9') {
            cut = i;
            break;
        }
    while (cut > 0 && n[cut - 1] == '_' && cut >= 2 && n[cut - 2] == '_')
        --cut;
    return std::string(n.substr(0, cut));
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

std::vector<std::string> csvHeaderOf(const QString &path)
{
    CsvReader r;
    std::vector<std::string> h;
    if (!r.open(path) || !r.next(&h))
        return {};
    for (auto &c : h)
        c = cellText(c);
    return h;
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

// ---- the timeline ------------------------------------------------------------------------

namespace {

class TodayTrace {
public:
    TodayTrace(ImportContext &ctx, const QString &rel, const SourceMap &map, KernelTable *kernels, const StepWindows &steps,
               Learned *learned, std::vector<CollectiveOpRecord> *collectives)
        : ctx_(ctx), rel_(rel), map_(map), kernels_(kernels), steps_(steps), learned_(learned), collectives_(collectives),
          accIndex_(accountIndex(ctx, rel))
    {
    }

    bool run(TraceFile &f);

private:
    static std::size_t accountIndex(ImportContext &ctx, const QString &rel)
    {
        ctx.account(rel);
        for (std::size_t i = 0; i < ctx.report().files.size(); ++i)
            if (ctx.report().files[i].file == rel)
                return i;
        return 0;
    }
    FileAccount &acc() { return ctx_.report().files[accIndex_]; }
    void skip(const TraceEvent &e, const QString &why)
    {
        ctx_.problem(rel_, e.line, std::int64_t(e.offset), why);
        ++acc().skipped;
    }
    std::uint16_t deviceOf(std::uint64_t pid, LaneKind lane) const
    {
        if (lane == LaneKind::Framework || !isEncodedPid(pid) || pidDevice(pid) == kPidHostDevice)
            return map_.device(map_.hostDevice);
        return map_.device(pidDevice(pid));
    }
    void learnPid(std::uint64_t pid, LaneKind lane, std::uint16_t device)
    {
        if (!learned_)
            return;
        std::uint64_t host = 0;
        if (lane == LaneKind::Framework)
            host = pid;
        else if (isEncodedPid(pid))
            host = pidHostPid(pid);
        if (host > 0 && host <= UINT32_MAX)
            learned_->hostPid.try_emplace(device, std::uint32_t(host));
    }
    bool hardware(const TraceEvent &e, std::uint16_t device);
    bool hccl(const TraceEvent &e, std::uint16_t device, TraceFile &f);
    void cann(const TraceEvent &e, std::uint16_t device);
    void framework(const TraceEvent &e, std::uint16_t device);
    void tx(const TraceEvent &e, std::uint16_t device);
    void counter(const TraceEvent &e, std::uint16_t device, const std::string &track);
    void flow(const TraceEvent &e, std::uint16_t device, LaneKind lane);

    ImportContext &ctx_;
    QString rel_;
    const SourceMap &map_;
    KernelTable *kernels_;
    const StepWindows &steps_;
    Learned *learned_;
    std::vector<CollectiveOpRecord> *collectives_;
    std::size_t accIndex_;
};

bool TodayTrace::hardware(const TraceEvent &e, std::uint16_t device)
{
    std::uint64_t stream = 0, task = 0;
    if (!argU64(e, "Physic Stream Id", &stream) && !argU64(e, "Stream Id", &stream))
        stream = e.hasTid ? e.tid : 0;
    argU64(e, "Task Id", &task);
    if (stream > UINT32_MAX || task > UINT32_MAX) {
        skip(e, Tr::tr("The task's stream or task id is out of range; the event was skipped."));
        return true;
    }
    const std::string typeText = argText(e, "Task Type");
    TaskRecord t;
    t.device = device;
    t.modelId = 0;
    t.iteration = steps_.at(e.ts);
    t.streamId = std::uint32_t(stream);
    t.taskId = std::uint32_t(task);
    t.batchId = std::uint32_t(std::min<std::uint64_t>(argU64Or(e, "Batch Id", 0), UINT32_MAX));
    t.type = ctx_.str(typeText);
    t.kind = taskKindOf(typeText);
    t.start = e.ts;
    t.duration = e.dur;
    t.name = ctx_.str(e.name);
    if (KernelRow *k = kernels_ ? kernels_->find(device, t.streamId, t.taskId, e.ts) : nullptr; k && !k->used) {
        k->used = true;
        if (k->step)
            t.iteration = k->step;
        t.opId = ctx_.op(k->op);
        t.totalCycles = k->totalCycles;
        t.pmu = k->pmu;
        t.l2HitRate = k->l2Hit;
        t.l2VictimRate = k->l2Victim;
        // The kernel file knows the engine (AI_VECTOR_CORE where the timeline says AI_CORE).
        if (isComputeKind(k->kind))
            t.kind = k->kind;
        if (!t.type)
            t.type = k->coreType;
        for (const auto &[key, value] : k->attrs)
            ctx_.batch().taskAttrs.push_back({device, t.streamId, t.taskId, t.start, key, value});
    } else if (isComputeKind(t.kind)) {
        OpKey op;
        op.model = t.modelId;
        op.name = t.name;
        op.aiCpu = t.kind == TaskKind::AiCpu;
        t.opId = ctx_.op(op);
    }
    if (learned_)
        ++learned_->tasks[device];
    ctx_.batch().tasks.push_back(std::move(t));
    ++acc().imported;
    return true;
}

bool TodayTrace::hccl(const TraceEvent &e, std::uint16_t device, TraceFile &f)
{
    const std::string &thread = f.threadName(e.pid, e.hasTid ? e.tid : 0);
    std::uint32_t plane = 0;
    const bool isTask = planeOf(thread, &plane) || e.arg("task type") || e.arg("notify_id");
    if (!isTask) {
        CollectiveOpRecord c;
        c.device = device;
        c.modelId = 0;
        c.iteration = steps_.at(e.ts);
        c.name = ctx_.str(e.name);
        c.opType = ctx_.str(opTypeOfCollective(e.name));
        c.start = e.ts;
        c.duration = e.dur;
        // count × element size is the payload; the element size is only known for the
        // common types.
        const std::string dt = argText(e, "data_type");
        const std::uint64_t count = argU64Or(e, "count", 0);
        const int elem = dt == "FP32" || dt == "INT32" || dt == "UINT32" ? 4
                         : dt == "FP16" || dt == "BFP16" || dt == "INT16" ? 2
                         : dt == "INT8" || dt == "UINT8" ? 1
                         : dt == "FP64" || dt == "INT64" || dt == "UINT64" ? 8 : 0;
        c.bytes = count * std::uint64_t(elem);
        if (collectives_)
            collectives_->push_back(c);
        ctx_.batch().collectives.push_back(c);
        ++acc().imported;
        return true;
    }
    if (!planeOf(thread, &plane))
        plane = e.hasTid && e.tid > 0 && e.tid <= UINT32_MAX ? std::uint32_t(e.tid - 1) : 0;
    HcclTaskRecord h;
    h.device = device;
    h.modelId = 0;
    h.iteration = steps_.at(e.ts);
    h.plane = plane;
    h.name = ctx_.str(e.name);
    h.start = e.ts;
    h.duration = e.dur;
    h.notifyId = argU64Or(e, "notify_id", 0);
    h.durationEstimatedUs = argDouble(e, "duration estimated(us)", 0);
    h.streamId = std::uint32_t(std::min<std::uint64_t>(argU64Or(e, "stream id", 0), UINT32_MAX));
    h.taskId = std::uint32_t(std::min<std::uint64_t>(argU64Or(e, "task id", 0), UINT32_MAX));
    h.srcRank = std::uint32_t(std::min<std::uint64_t>(argU64Or(e, "src rank", 0), UINT32_MAX));
    h.dstRank = std::uint32_t(std::min<std::uint64_t>(argU64Or(e, "dst rank", kInvalidId), UINT32_MAX));
    h.transportType = ctx_.str(argText(e, "transport type"));
    h.sizeBytes = argU64Or(e, "size(Byte)", 0);
    h.dataType = ctx_.str(argText(e, "data type"));
    h.linkType = ctx_.str(argText(e, "link type"));
    h.bandwidthGBps = argDouble(e, "bandwidth(GB/s)", 0);
    ctx_.batch().hcclTasks.push_back(h);
    ++acc().imported;
    return true;
}

void TodayTrace::cann(const TraceEvent &e, std::uint16_t device)
{
    HostRangeRecord h;
    h.kind = e.arg("Model Name") ? HostRangeRecord::Kind::Cann : HostRangeRecord::Kind::RuntimeApi;
    h.device = device;
    h.modelId = 0;
    h.iteration = steps_.at(e.ts);
    h.pid = std::uint32_t(isEncodedPid(e.pid) ? pidHostPid(e.pid) & 0xffffffffu : e.pid & 0xffffffffu);
    h.tid = std::uint32_t(std::min<std::uint64_t>(argU64Or(e, "Thread Id", e.hasTid ? e.tid : 0), UINT32_MAX));
    h.name = ctx_.str(e.name);
    h.start = e.ts;
    h.duration = e.dur;
    h.level = ctx_.str(argText(e, "level"));
    ctx_.batch().hostRanges.push_back(h);
    ++acc().imported;
}

void TodayTrace::framework(const TraceEvent &e, std::uint16_t device)
{
    PythonRangeRecord r;
    r.device = device;
    r.pid = std::uint32_t(e.pid & 0xffffffffu);
    r.tid = e.hasTid ? std::uint32_t(e.tid & 0xffffffffu) : 0;
    r.name = ctx_.str(e.name);
    r.category = ctx_.str(e.cat);
    r.start = e.ts;
    r.duration = e.dur;
    r.callStack = ctx_.str(argText(e, "Call stack"));
    r.inputShapes = ctx_.str(argText(e, "Input Dims"));
    r.inputTypes = ctx_.str(argText(e, "Input type"));
    std::int64_t seq = -1;
    if (argI64(e, "Sequence number", &seq))
        r.sequence = seq;
    r.fwdThread = argU64Or(e, "Fwd thread id", 0);
    r.correlation = argU64Or(e, "correlation_id", 0);
    ctx_.batch().pythonRanges.push_back(r);
    ++acc().imported;
}

void TodayTrace::tx(const TraceEvent &e, std::uint16_t device)
{
    HostRangeRecord h;
    h.kind = HostRangeRecord::Kind::MsprofTx;
    h.device = device;
    h.iteration = steps_.at(e.ts);
    h.pid = std::uint32_t(isEncodedPid(e.pid) ? pidHostPid(e.pid) & 0xffffffffu : e.pid & 0xffffffffu);
    h.tid = e.hasTid ? std::uint32_t(e.tid & 0xffffffffu) : 0;
    h.name = ctx_.str(e.name);
    h.start = e.ts;
    h.duration = e.dur;
    h.category = std::uint32_t(std::min<std::uint64_t>(argU64Or(e, "category", 0), UINT32_MAX));
    h.eventType = ctx_.str(argText(e, "event_type"));
    h.payloadType = std::uint32_t(std::min<std::uint64_t>(argU64Or(e, "payload_type", 0), UINT32_MAX));
    h.payloadValue = argU64Or(e, "payload_value", 0);
    h.messageType = ctx_.str(argText(e, "message_type"));
    ctx_.batch().hostRanges.push_back(h);
    ++acc().imported;
}

void TodayTrace::counter(const TraceEvent &e, std::uint16_t device, const std::string &track)
{
    if (!e.hasTs || !saneTime(e.ts)) {
        skip(e, Tr::tr("A counter event needs a time between 0 and 2^62 ns; the event was skipped."));
        return;
    }
    CounterRecord c;
    c.device = device;
    c.track = ctx_.str(track);
    c.name = ctx_.str(e.name);
    c.ts = e.ts;
    bool any = false;
    for (std::size_t i = 0; i < e.argCount; ++i) {
        const auto &[key, v] = e.args[i];
        double value = 0;
        if ((v.type != JsonScalar::Number && v.type != JsonScalar::String) || !toDouble(v.text, &value) || !std::isfinite(value))
            continue;
        c.unit = ctx_.str(key);
        c.value = value;
        ctx_.batch().counters.push_back(c);
        any = true;
        if (learned_ && track == "AI Core Freq" && key == "MHz" && value > 0 && value < 100000)
            learned_->aicFrequencyMHz.try_emplace(device, int(std::lround(value)));
    }
    if (any)
        ++acc().imported;
    else
        skip(e, Tr::tr("A counter event has no numeric value; the event was skipped."));
}

void TodayTrace::flow(const TraceEvent &e, std::uint16_t device, LaneKind lane)
{
    if (!e.hasTs || !saneTime(e.ts) || e.id.empty()) {
        skip(e, Tr::tr("A flow event needs an id and a time between 0 and 2^62 ns; the event was skipped."));
        return;
    }
    FlowEndRecord f;
    f.device = device;
    f.category = ctx_.str(e.cat);
    f.name = ctx_.str(e.name);
    std::uint64_t id = 0;
    f.flowId = ctx_.flowId(toUInt64(e.id, &id) ? id : fnv(e.id));
    f.finish = e.ph == "f";
    f.lane = flowLane(lane);
    f.tid = e.hasTid ? std::uint32_t(e.tid & 0xffffffffu) : 0;
    f.ts = e.ts;
    ctx_.batch().flowEnds.push_back(f);
    ++acc().imported;
}

bool TodayTrace::run(TraceFile &f)
{
    TraceEvent e;
    std::uint64_t n = 0;
    for (;;) {
        const auto res = f.next(&e);
        if (res == TraceEventReader::Result::End)
            break;
        if (res == TraceEventReader::Result::Error) {
            ctx_.problem(rel_, f.errorLine(), std::int64_t(f.errorOffset()),
                         Tr::tr("The JSON is broken here (%1); the events before this point were imported, the rest "
                                "of the file was skipped.").arg(f.error()));
            break;
        }
        ++acc().items;
        if ((++n & 4095) == 0 && ctx_.cancelled())
            return ctx_.failCancelled();
        if (!e.invalid.isEmpty()) {
            skip(e, e.invalid + Tr::tr(" The event was skipped."));
            continue;
        }
        if (e.ph == "M") {
            ++acc().derived; // lane names: rewritten from the records on export
            continue;
        }
        if (!e.hasPid) {
            skip(e, Tr::tr("The event has no pid; it was skipped."));
            continue;
        }
        const std::string &process = f.processName(e.pid);
        const LaneKind lane = laneKindOf(process);
        const std::uint16_t device = deviceOf(e.pid, lane);
        learnPid(e.pid, lane, device);
        if (learned_)
            learned_->devicesSeen.insert(device);
        if (e.ph == "C") {
            counter(e, device, process);
        } else if (e.ph == "s" || e.ph == "f" || e.ph == "t") {
            flow(e, device, lane);
        } else if (e.ph != "X") {
            skip(e, Tr::tr("Unsupported event phase \"%1\"; the event was skipped.").arg(QString::fromStdString(e.ph)));
        } else if (lane == LaneKind::Overlap) {
            ++acc().derived; // recomputed from the tasks
        } else if (lane == LaneKind::Unknown || lane == LaneKind::Counters || lane == LaneKind::StepTrace) {
            skip(e, process.empty()
                        ? Tr::tr("The event belongs to no known lane (pid %1); it was skipped.").arg(e.pid)
                        : Tr::tr("Lane \"%1\" is not read; its events were skipped.").arg(QString::fromStdString(process)));
        } else if (!e.hasTs || !e.hasDur || !saneSpan(e.ts, e.dur)) {
            skip(e, Tr::tr("A complete (X) event needs ts between 0 and 2^62 ns and dur between 0 and a week; the "
                           "event was skipped."));
        } else {
            switch (lane) {
            case LaneKind::Hardware: hardware(e, device); break;
            case LaneKind::Hccl: hccl(e, device, f); break;
            case LaneKind::Cann: cann(e, device); break;
            case LaneKind::Framework: framework(e, device); break;
            case LaneKind::Tx: tx(e, device); break;
            default: break;
            }
        }
        if (!ctx_.flushIfFull())
            return false;
    }
    return ctx_.flushIfFull();
}

} // namespace

bool readTodayTrace(ImportContext &ctx, const QString &path, const QString &rel, const SourceMap &map, KernelTable *kernels,
                    const StepWindows &steps, Learned *learned, std::vector<CollectiveOpRecord> *collectives)
{
    TraceFile f;
    ctx.account(rel);
    if (!f.open(path)) {
        ctx.problem(rel, 0, -1, f.error());
        return true;
    }
    TodayTrace t(ctx, rel, map, kernels, steps, learned, collectives);
    return t.run(f);
}

} // namespace npuscope::importing
