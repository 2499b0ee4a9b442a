#include "core/analysis/summary_rows.h"

#include <algorithm>
#include <charconv>
#include <cstring>
#include <limits>

namespace npuscope::analysis {

namespace {

// v / scale written exactly (integer arithmetic), trailing fraction zeros trimmed: the
// exported files promise exact µs, so no double may round a nanosecond away.
void appendScaled(std::string *out, std::int64_t v, std::uint64_t scale, int digits)
{
    std::uint64_t u;
    if (v < 0) {
        out->push_back('-');
        u = static_cast<std::uint64_t>(-(v + 1)) + 1;
    } else {
        u = static_cast<std::uint64_t>(v);
    }
    char tmp[32];
    out->append(tmp, std::to_chars(tmp, tmp + sizeof tmp, u / scale).ptr);
    std::uint64_t frac = u % scale;
    if (frac) {
        char f[8];
        for (int i = digits - 1; i >= 0; --i) {
            f[i] = static_cast<char>('0' + frac % 10);
            frac /= 10;
        }
        int n = digits;
        while (n > 0 && f[n - 1] == '0')
            --n;
        out->push_back('.');
        out->append(f, static_cast<std::size_t>(n));
    }
}

void appendFixed(std::string *out, double v)
{
    if (!std::isfinite(v)) {
        out->append("N/A");
        return;
    }
    char tmp[400];
    char *q = std::to_chars(tmp, tmp + sizeof tmp, v, std::chars_format::fixed, 3).ptr;
    char *dot = static_cast<char *>(std::memchr(tmp, '.', static_cast<std::size_t>(q - tmp)));
    if (dot) {
        while (q > dot + 1 && q[-1] == '0')
            --q;
        if (q == dot + 1)
            q = dot;
    }
    if (q - tmp == 2 && tmp[0] == '-' && tmp[1] == '0') { // "-0" reads badly in a spreadsheet
        out->push_back('0');
        return;
    }
    out->append(tmp, q);
}

} // namespace

void appendCell(const Cell &c, std::string *out)
{
    char tmp[32];
    switch (c.kind) {
    case Cell::Kind::Na: out->append("N/A"); break;
    case Cell::Kind::Text: out->append(c.text); break;
    case Cell::Kind::UInt: out->append(tmp, std::to_chars(tmp, tmp + sizeof tmp, c.u).ptr); break;
    case Cell::Kind::Int: out->append(tmp, std::to_chars(tmp, tmp + sizeof tmp, c.i).ptr); break;
    case Cell::Kind::Us: appendScaled(out, c.i, 1000, 3); break;
    case Cell::Kind::Ms: appendScaled(out, c.i, 1000000, 6); break;
    case Cell::Kind::UsD: appendFixed(out, c.d / 1000.0); break;
    case Cell::Kind::Fixed: appendFixed(out, c.d); break;
    }
}

std::string cellText(const Cell &c)
{
    std::string s;
    appendCell(c, &s);
    return s;
}

std::string_view taskTypeText(const SummaryLookup &l, StrId type, TaskKind kind)
{
    const std::string_view t = l.string(type);
    return t.empty() ? std::string_view(taskKindName(kind)) : t;
}

std::string_view taskDisplayName(const SummaryLookup &l, StrId type, TaskKind kind, StrId name, std::uint32_t opId)
{
    std::string_view n = l.string(name);
    if (n.empty() && opId)
        if (const OpDesc *o = l.op(opId))
            n = l.string(o->name);
    return n.empty() ? taskTypeText(l, type, kind) : n;
}

// ---- op_summary ----------------------------------------------------------------------

OpSummaryLayout::OpSummaryLayout(bool l0_, bool withAiCpu_, const QStringList &metricColumns)
    : l0(l0_), withAiCpu(withAiCpu_)
{
    if (!l0)
        for (const auto &m : metricColumns)
            metrics.push_back(m.toStdString());
    const auto index = [this](std::string_view n) -> int {
        auto p = std::find(metrics.begin(), metrics.end(), n);
        return p == metrics.end() ? -1 : static_cast<int>(p - metrics.begin());
    };
    mte2 = index("mte2_ratio");
    mac = index("mac_ratio");
    vec = index("vec_ratio");
    // Today's metric sets (a 910B session, an import of today's files) start with the
    // recorded aicore_time(us) and hold every time as recorded; the 910's groups hold
    // ratios whose times are derived from the AI Core time.
    const bool recorded = !metrics.empty() && metrics.front() == "aicore_time(us)";
    firstShown = recorded ? 1 : 0;
    for (const auto &name : metrics) {
        const bool time = name.size() > 9 && name.compare(name.size() - 9, 9, "_time(us)") == 0;
        role.push_back(recorded ? 0 : time ? 1 : name == "memory_bound" ? 2 : 0);
    }
}

std::vector<std::string> OpSummaryLayout::header() const
{
    std::vector<std::string> h{"Model ID", "Task ID", "Stream ID", "Op Name", "OP Type", "Task Type", "Task Start Time",
                               "Task Duration(us)", "Task Wait Time(us)", "Block Dim", "Input Shapes", "Input Data Types",
                               "Input Formats", "Output Shapes", "Output Data Types", "Output Formats", "aicore_time(us)",
                               "total_cycles"};
    h.insert(h.end(), metrics.begin() + firstShown, metrics.end());
    return h;
}

OpSummaryTask opSummaryTask(const TaskRecord &t, TimeNs wait)
{
    OpSummaryTask r;
    r.start = t.start;
    r.duration = t.duration;
    r.wait = wait;
    r.totalCycles = t.totalCycles;
    r.modelId = t.modelId;
    r.iteration = t.iteration;
    r.streamId = t.streamId;
    r.taskId = t.taskId;
    r.opId = t.opId;
    r.name = t.name;
    r.device = t.device;
    r.type = t.type;
    r.kind = t.kind;
    r.pmuCount = static_cast<std::uint16_t>(std::min<std::size_t>(t.pmu.size(), 0xffff));
    return r;
}

Cell opSummaryCell(const OpSummaryLayout &L, const SummaryLookup &l, const OpSummaryTask &t, const float *pmu,
                   int aicFreqMHz, int col)
{
    // The op is looked up only by the columns that show it: sorting by a time column
    // over millions of rows should not pay a hash lookup per row.
    const int metric = col - OpSummaryLayout::kFixedColumns + L.firstShown;
    const bool needsOp = (col >= 3 && col <= 5) || (col >= 9 && col <= 16)
                      || (col >= OpSummaryLayout::kFixedColumns && metric < static_cast<int>(L.role.size())
                          && L.role[static_cast<std::size_t>(metric)] == 1);
    const OpDesc *o = needsOp && t.opId ? l.op(t.opId) : nullptr;
    const bool aicore = isAiCoreKind(t.kind);
    const int blockDim = (L.l0 || !o) ? 0 : o->blockDim;
    const auto aicoreTime = [&]() -> std::optional<double> {
        return aicore ? aicoreTimeUs(t.totalCycles, aicFreqMHz, blockDim) : std::nullopt;
    };
    const auto pmuAt = [&](int i) -> std::optional<double> {
        if (!aicore || i < 0 || i >= t.pmuCount)
            return std::nullopt;
        return static_cast<double>(pmu[i]);
    };
    switch (col) {
    case 0: return Cell::uint(t.modelId);
    case 1: return Cell::uint(t.taskId);
    case 2: return Cell::uint(t.streamId);
    case 3: return Cell::str(o ? l.string(o->name) : taskDisplayName(l, t.type, t.kind, t.name, t.opId));
    case 4: return (L.l0 || !o) ? Cell::na() : Cell::strOrNa(l.string(o->opType));
    case 5:
        // A kernel's accelerator core (op_summary says AI_VECTOR_CORE where the 910B's
        // timeline says AI_CORE); any other task's own type.
        if (o && o->coreType)
            return Cell::str(l.string(o->coreType));
        return Cell::str(isComputeKind(t.kind) ? std::string_view(taskKindName(t.kind)) : taskTypeText(l, t.type, t.kind));
    case 6: return Cell::us(t.start);
    case 7: return Cell::us(t.duration);
    case 8: return Cell::us(t.wait);
    case 9: return Cell::uint(static_cast<std::uint64_t>(blockDim));
    case 10: case 11: case 12: case 13: case 14: case 15: {
        if (L.l0 || !o)
            return Cell::na();
        const StrId s[] = {o->inputShapes, o->inputDataTypes, o->inputFormats,
                           o->outputShapes, o->outputDataTypes, o->outputFormats};
        return Cell::strOrNa(l.string(s[col - 10]));
    }
    case 16: return Cell::fixedOrNa(L.firstShown ? pmuAt(0) : aicoreTime());
    case 17: return aicore && t.totalCycles ? Cell::uint(t.totalCycles) : Cell::na();
    default: break;
    }
    const int i = metric;
    if (col < OpSummaryLayout::kFixedColumns || i >= static_cast<int>(L.metrics.size()))
        return Cell::na();
    switch (L.role[static_cast<std::size_t>(i)]) {
    case 1: {
        const auto aic = aicoreTime();
        const auto ratio = pmuAt(i + 1);
        return Cell::fixedOrNa(aic && ratio ? std::optional<double>(*aic * *ratio) : std::nullopt);
    }
    case 2: {
        const auto m2 = pmuAt(L.mte2), ma = pmuAt(L.mac), ve = pmuAt(L.vec);
        return Cell::fixedOrNa(m2 && ma && ve ? memoryBound(*m2, *ma, *ve) : std::nullopt);
    }
    default: return Cell::fixedOrNa(pmuAt(i));
    }
}

// ---- op_statistic --------------------------------------------------------------------

std::vector<std::string> opStatisticHeader()
{
    return {"Model Name", "OP Type", "Core Type", "Count", "Total Time(us)", "Min Time(us)", "Avg Time(us)",
            "Max Time(us)", "Ratio(%)"};
}

Cell opStatisticCell(const OpStatisticRow &r, std::string_view modelName, int col)
{
    switch (col) {
    case 0: return Cell::strOrNa(modelName);
    case 1: return Cell::str(r.opType);
    case 2: return Cell::str(r.coreType);
    case 3: return Cell::uint(r.count);
    case 4: return Cell::us(r.total);
    case 5: return Cell::us(r.min);
    case 6: return Cell::usD(r.avgNs);
    case 7: return Cell::us(r.max);
    case 8: return Cell::fixed(r.ratioPercent);
    default: return Cell::na();
    }
}

std::string_view opStatisticType(const SummaryLookup &l, const TaskRecord &t, bool l0)
{
    const OpDesc *o = l.op(t.opId);
    std::string_view type = (o && !l0) ? l.string(o->opType) : std::string_view();
    return type.empty() ? std::string_view("N/A") : type;
}

std::string_view opStatisticCore(const SummaryLookup &l, const TaskRecord &t)
{
    const OpDesc *o = t.opId ? l.op(t.opId) : nullptr;
    const std::string_view core = o ? l.string(o->coreType) : std::string_view();
    return core.empty() ? taskTypeText(l, t.type, t.kind) : core;
}

// ---- task_time -----------------------------------------------------------------------

std::vector<std::string> taskTimeHeader()
{
    return {"Time(%)", "Time(us)", "Count", "Avg(us)", "Min(us)", "Max(us)", "Waiting(us)", "Running(us)",
            "Pending(us)", "Type", "API", "Task ID", "Op Name", "Stream ID"};
}

Cell taskTimeCell(const TaskTimeRow &r, std::string_view name, int col)
{
    switch (col) {
    case 0: return Cell::fixed(r.timePercent);
    case 1: return Cell::us(r.total);
    case 2: return Cell::uint(r.count);
    case 3: return Cell::usD(r.avgNs);
    case 4: return Cell::us(r.min);
    case 5: return Cell::us(r.max);
    case 6: return Cell::us(r.waiting);
    case 7: return Cell::us(r.running);
    case 8: return Cell::us(r.pending);
    case 9: return Cell::str(r.type);
    case 10: return Cell::str(taskLaunchApi(r.kind));
    case 11: return Cell::uint(r.taskId);
    case 12: return Cell::str(name);
    case 13: return Cell::uint(r.streamId);
    default: return Cell::na();
    }
}

// ---- step_trace ----------------------------------------------------------------------

std::vector<std::string> stepTraceHeader(std::size_t pairs)
{
    std::vector<std::string> h{"Iteration ID", "FP Start", "BP End", "Iteration End", "Iteration Time(us)",
                               "FP to BP Time(us)", "Iteration Refresh(us)", "Data Aug Bound(us)"};
    for (std::size_t i = 0; i < pairs; ++i) {
        h.emplace_back("Reduce Start");
        h.emplace_back("Reduce Duration(us)");
    }
    return h;
}

Cell stepTraceCell(const StepTraceRow &r, std::size_t pairs, int col)
{
    switch (col) {
    case 0: return Cell::uint(r.iteration);
    case 1: return Cell::us(r.fpStart);
    case 2: return Cell::us(r.bpEnd);
    case 3: return Cell::us(r.iterationEnd);
    case 4: return Cell::us(r.iterationTime);
    case 5: return Cell::us(r.fpToBp);
    case 6: return Cell::us(r.refresh);
    case 7: return r.dataAugBound ? Cell::us(*r.dataAugBound) : Cell::na();
    default: break;
    }
    const std::size_t i = static_cast<std::size_t>(col - 8);
    if (col < 8 || i / 2 >= pairs || i / 2 >= r.reduces.size())
        return Cell::na();
    const auto &red = r.reduces[i / 2];
    return i % 2 == 0 ? Cell::us(red.start) : Cell::us(red.end - red.start);
}

// ---- aicpu ---------------------------------------------------------------------------

std::vector<std::string> aiCpuHeader()
{
    return {"Timestamp", "Node", "Compute_time(ms)", "Memcpy_time(ms)", "Task_time(ms)", "Dispatch_time(ms)",
            "Total_time(ms)", "Stream ID", "Task ID"};
}

Cell aiCpuCell(const AiCpuRecord &a, const SummaryLookup &l, int col)
{
    switch (col) {
    case 0: return Cell::us(a.timestamp);
    case 1: return Cell::strOrNa(l.string(a.node));
    case 2: return Cell::ms(a.computeTime);
    case 3: return Cell::ms(a.memcpyTime);
    case 4: return Cell::ms(a.taskTime);
    case 5: return Cell::ms(a.dispatchTime);
    case 6: return Cell::ms(a.totalTime);
    case 7: return Cell::uint(a.streamId);
    case 8: return Cell::uint(a.taskId);
    default: return Cell::na();
    }
}

// ---- l2_cache ------------------------------------------------------------------------

std::vector<std::string> l2Header() { return {"Stream Id", "Task Id", "Hit Rate", "Victim Rate", "Op Name"}; }

Cell l2Cell(std::uint32_t streamId, std::uint32_t taskId, float hitRate, float victimRate, std::string_view name, int col)
{
    switch (col) {
    case 0: return Cell::uint(streamId);
    case 1: return Cell::uint(taskId);
    case 2: return Cell::fixed(hitRate);
    case 3: return victimRate >= 0 ? Cell::fixed(victimRate) : Cell::na();
    case 4: return Cell::str(name);
    default: return Cell::na();
    }
}

// ---- msprof_tx -----------------------------------------------------------------------

std::vector<std::string> txHeader()
{
    return {"pid", "tid", "category", "event_type", "payload_type", "payload_value", "Start_time(ns)",
            "End_time(ns)", "message_type", "message"};
}

Cell txCell(const HostRangeRecord &r, const SummaryLookup &l, int col)
{
    switch (col) {
    case 0: return Cell::uint(r.pid);
    case 1: return Cell::uint(r.tid);
    case 2: return Cell::uint(r.category);
    case 3: return Cell::strOrNa(l.string(r.eventType));
    case 4: return Cell::uint(r.payloadType);
    case 5: return Cell::uint(r.payloadValue);
    case 6: return Cell::integer(r.start);
    case 7: return Cell::integer(endOf(r));
    case 8: return Cell::strOrNa(l.string(r.messageType));
    case 9: return Cell::strOrNa(l.string(r.name));
    default: return Cell::na();
    }
}

// ---- dp ------------------------------------------------------------------------------

std::vector<std::string> dpHeader() { return {"Timestamp", "Action", "Source", "Cached Buffer Size"}; }

Cell dpCell(const QueueEventRecord &q, const SummaryLookup &l, int col)
{
    switch (col) {
    case 0: return Cell::us(q.timestamp);
    case 1: return Cell::strOrNa(l.string(q.action));
    case 2: return Cell::strOrNa(l.string(q.source));
    case 3: return Cell::uint(q.cachedBufferSize);
    default: return Cell::na();
    }
}

QueueWindow queueWindow(const std::vector<StepTraceRecord> &allSteps, std::uint32_t iteration,
                        std::optional<std::pair<TimeNs, TimeNs>> taskSpan)
{
    QueueWindow w{std::numeric_limits<TimeNs>::min(), std::numeric_limits<TimeNs>::max()};
    std::uint32_t firstIt = UINT32_MAX, lastIt = 0;
    bool own = false;
    for (const auto &s : allSteps) {
        firstIt = std::min(firstIt, s.iteration);
        lastIt = std::max(lastIt, s.iteration);
        own = own || s.iteration == iteration;
    }
    if (own) {
        for (const auto &s : allSteps) {
            if (s.iteration == iteration) {
                if (s.iteration != firstIt) w.lo = s.previousIterationEnd;
                if (s.iteration != lastIt) w.hi = s.iterationEnd;
            }
        }
    } else if (taskSpan) {
        w.lo = taskSpan->first - 1;
        w.hi = taskSpan->second;
    }
    return w;
}

// ---- fusion_op -----------------------------------------------------------------------

std::vector<std::string> fusionHeader()
{
    return {"Model Name", "Model ID", "Fusion Op", "Original Ops", "Memory Input(Bytes)", "Memory Output(Bytes)",
            "Memory Weight(Bytes)", "Memory Workspace(Bytes)", "Memory Total(Bytes)"};
}

Cell fusionCell(const FusionOpRecord &o, const SummaryLookup &l, std::string_view fallbackModelName, int col)
{
    switch (col) {
    case 0: {
        const std::string_view name = l.string(o.modelName);
        return Cell::strOrNa(name.empty() ? fallbackModelName : name);
    }
    case 1: return Cell::uint(o.modelId);
    case 2: return Cell::strOrNa(l.string(o.fusionOp));
    case 3: return Cell::strOrNa(l.string(o.originalOps));
    case 4: return Cell::uint(o.memoryInput);
    case 5: return Cell::uint(o.memoryOutput);
    case 6: return Cell::uint(o.memoryWeight);
    case 7: return Cell::uint(o.memoryWorkspace);
    case 8: return Cell::uint(o.memoryInput + o.memoryOutput + o.memoryWeight + o.memoryWorkspace);
    default: return Cell::na();
    }
}

// ---- collective ops ------------------------------------------------------------------

std::vector<std::string> collectiveHeader()
{
    return {"Op Name", "OP Type", "Start Time(us)", "Duration(us)", "Size(Byte)", "Segment"};
}

Cell collectiveCell(const CollectiveOpRecord &c, const SummaryLookup &l, int col)
{
    switch (col) {
    case 0: return Cell::strOrNa(l.string(c.name));
    case 1: return Cell::strOrNa(l.string(c.opType));
    case 2: return Cell::us(c.start);
    case 3: return Cell::us(c.duration);
    case 4: return Cell::uint(c.bytes);
    case 5: return Cell::uint(c.segment);
    default: return Cell::na();
    }
}

} // namespace npuscope::analysis
