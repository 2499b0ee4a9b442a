// The Chrome-trace reader of today's layouts (msprof_*.json, trace_view.json): every event
// of a timeline file to the records of its lane (Ascend Hardware tasks, HCCL ops and plane
// tasks, CANN and framework host ranges, MsprofTx, counters, flows), with kernels joined
// from the kernel table (today.h). Split from today.cpp, which holds the tables.

#include "core/importing/today.h"

#include "core/importing/trace_file.h"

#include <algorithm>
#include <cmath>

namespace npuscope::importing {

namespace {

using Tr = ImportText;

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

// A view into the event (valid while it is): no copy of long values such as call stacks.
std::string_view argText(const TraceEvent &e, std::string_view key)
{
    const JsonScalar *a = e.arg(key);
    if (!a)
        return {};
    if (a->type == JsonScalar::String || a->type == JsonScalar::Number || a->type == JsonScalar::Bool)
        return a->text;
    return {};
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
    int lastSeen_ = -1; // the device last added to learned_->devicesSeen
    std::uint64_t lastPid_ = UINT64_MAX;
    const std::string *lastProcess_ = nullptr;
    LaneKind lastLane_ = LaneKind::Unknown;
    std::uint64_t lastGeneration_ = 0;
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
    const std::string_view typeText = argText(e, "Task Type");
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
        const std::string_view dt = argText(e, "data_type");
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
            lastPid_ = UINT64_MAX; // a name may have changed
            continue;
        }
        if (!e.hasPid) {
            skip(e, Tr::tr("The event has no pid; it was skipped."));
            continue;
        }
        // Events come in runs of one lane: its name and kind are looked up once per run.
        if (e.pid != lastPid_ || f.generation() != lastGeneration_) {
            lastPid_ = e.pid;
            lastProcess_ = &f.processName(e.pid);
            lastLane_ = laneKindOf(*lastProcess_);
            lastGeneration_ = f.generation();
        }
        const std::string &process = *lastProcess_;
        const LaneKind lane = lastLane_;
        const std::uint16_t device = deviceOf(e.pid, lane);
        learnPid(e.pid, lane, device);
        if (learned_ && device != lastSeen_) {
            learned_->devicesSeen.insert(device);
            lastSeen_ = device;
        }
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
