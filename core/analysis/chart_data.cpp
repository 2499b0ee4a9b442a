#include "core/analysis/chart_data.h"

#include "core/analysis/op_tables.h"
#include "core/options/profiling_options.h"

#include <QCoreApplication>
#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace npuscope::analysis::charts {

namespace {

struct Ctx {
    Q_DECLARE_TR_FUNCTIONS(ChartData)
};

// The PMU columns of the pipe ratios (PipeUtilization), in Pipe order.
constexpr std::array<const char *, PipeCount> kPipeColumnNames = {"mac_ratio", "vec_ratio", "scalar_ratio",
                                                                  "mte1_ratio", "mte2_ratio", "mte3_ratio"};

// What the session's profiling options say was recorded. Sessions without options
// (some imports) are "unknown": the charts then only say the selection has no data.
struct Recorded {
    bool known = false;
    ProfilingOptions options;
};

Recorded recorded(const TraceReader &reader)
{
    Recorded r;
    const QByteArray &json = reader.sessionInfo().optionsJson;
    if (!json.trimmed().isEmpty()) {
        ProfilingOptions::parse(json, &r.options);
        r.known = true;
    }
    return r;
}

IterationStep toStep(const StepTraceRecord &s)
{
    const StepTraceRow row = stepTraceRow(s);
    IterationStep st;
    st.device = s.device;
    st.modelId = s.modelId;
    st.iteration = s.iteration;
    st.fpToBp = row.fpToBp;
    st.refresh = row.refresh;
    st.hasDataAugBound = row.dataAugBound.has_value();
    st.dataAugBound = row.dataAugBound.value_or(0);
    st.iterationTime = row.iterationTime;
    st.end = s.iterationEnd;
    st.start = s.iterationEnd - row.iterationTime;
    return st;
}

bool cancelled(const std::atomic<bool> *cancel)
{
    return cancel && cancel->load(std::memory_order_relaxed);
}

} // namespace

bool ChartScope::picked(std::uint16_t d) const
{
    return devices.empty() || std::find(devices.begin(), devices.end(), d) != devices.end();
}

bool ChartScope::includes(const IterationKey &k) const
{
    if (device >= 0 && k.device != device)
        return false;
    if (!picked(k.device))
        return false;
    if (modelId >= 0 && k.modelId != modelId)
        return false;
    if (iterationFirst >= 0 && k.iteration < iterationFirst)
        return false;
    if (iterationLast >= 0 && k.iteration > iterationLast)
        return false;
    return true;
}

const char *pipeName(Pipe p)
{
    static const char *const names[PipeCount] = {"mac", "vec", "scalar", "mte1", "mte2", "mte3"};
    return p >= 0 && p < PipeCount ? names[p] : "";
}

namespace {

// What one pass over the scope's tasks, collectives and HCCL tasks gathers for the task
// charts (top ops, pipes, L2: the histogram goes straight into the ChartSet) and bandwidth.
struct PassTotals {
    struct PipeAcc {
        std::uint64_t count = 0;
        TimeNs total = 0;
        std::array<double, PipeCount> weighted{};
    };
    std::map<std::string, OpTypeTotal, std::less<>> byType;
    std::map<std::string, PipeAcc, std::less<>> pipes;
    // Where the session keeps each pipe ratio; pipes are charted only when it has them all.
    std::array<std::size_t, PipeCount> pipeIndex{};
    std::size_t pipeMaxIndex = 0;
    bool pipeColumns = true;
    double l2Sum = 0;
    std::map<std::string, std::size_t, std::less<>> opIndex;
    std::vector<std::pair<TimeNs, CollectiveBandwidth>> ops; // first start, op
    std::map<std::string, TransportBandwidth, std::less<>> transports;
};

void findPipeColumns(const TraceReader &reader, PassTotals &p)
{
    const QStringList cols = sessionPmuColumns(reader.sessionInfo());
    for (int pipe = 0; pipe < PipeCount; ++pipe) {
        const qsizetype i = cols.indexOf(QLatin1String(kPipeColumnNames[std::size_t(pipe)]));
        p.pipeColumns = p.pipeColumns && i >= 0;
        p.pipeIndex[std::size_t(pipe)] = std::size_t(std::max<qsizetype>(i, 0));
        p.pipeMaxIndex = std::max(p.pipeMaxIndex, p.pipeIndex[std::size_t(pipe)]);
    }
}

void addTask(const TraceReader &reader, const ChartRequest &request, const TaskRecord &t, PassTotals &p, L2Histogram &l2)
{
    if (!isComputeKind(t.kind))
        return;
    const OpDesc *o = reader.op(t.opId);
    std::string_view type = o ? reader.string(o->opType) : std::string_view();
    if (type.empty())
        type = "N/A";
    if (request.kinds & TopOps) {
        auto it = p.byType.find(type);
        if (it == p.byType.end()) {
            it = p.byType.emplace(std::string(type), OpTypeTotal{}).first;
            it->second.opType = std::string(type);
        }
        ++it->second.count;
        it->second.total = addTime(it->second.total, t.duration);
    }
    if (!isAiCoreKind(t.kind))
        return;
    if ((request.kinds & Pipes) && p.pipeColumns && t.pmu.size() > p.pipeMaxIndex) {
        auto it = p.pipes.find(type);
        if (it == p.pipes.end())
            it = p.pipes.emplace(std::string(type), PassTotals::PipeAcc{}).first;
        ++it->second.count;
        it->second.total = addTime(it->second.total, t.duration);
        for (int pipe = 0; pipe < PipeCount; ++pipe)
            it->second.weighted[std::size_t(pipe)] += double(t.pmu[p.pipeIndex[std::size_t(pipe)]]) * double(t.duration);
    }
    if ((request.kinds & L2) && t.l2HitRate >= 0.f) {
        const int nBins = int(l2.bins.size());
        const double h = std::clamp(double(t.l2HitRate), 0.0, 1.0);
        const int bin = std::min(nBins - 1, int(std::floor(h * nBins)));
        ++l2.bins[std::size_t(bin)];
        ++l2.tasks;
        p.l2Sum += h;
    }
}

void addCollective(const TraceReader &reader, const CollectiveOpRecord &c, PassTotals &p)
{
    const std::string_view name = reader.string(c.name);
    auto it = p.opIndex.find(name);
    if (it == p.opIndex.end()) {
        it = p.opIndex.emplace(std::string(name), p.ops.size()).first;
        CollectiveBandwidth b;
        b.name = std::string(name);
        b.opType = std::string(reader.string(c.opType));
        p.ops.emplace_back(c.start, std::move(b));
    }
    auto &[first, b] = p.ops[it->second];
    first = std::min(first, c.start);
    ++b.count;
    b.bytes += c.bytes;
    b.duration = addTime(b.duration, c.duration);
}

void addHcclTransfer(const TraceReader &reader, const HcclTaskRecord &h, PassTotals &p)
{
    std::string_view tr = reader.string(h.transportType);
    if (tr.empty())
        tr = "N/A";
    auto it = p.transports.find(tr);
    if (it == p.transports.end()) {
        it = p.transports.emplace(std::string(tr), TransportBandwidth{}).first;
        it->second.transport = std::string(tr);
    }
    ++it->second.count;
    it->second.bytes += h.sizeBytes;
    it->second.duration = addTime(it->second.duration, h.duration);
}

// The one pass; false when cancelled.
bool gatherTotals(const TraceReader &reader, const ChartRequest &request, const std::vector<IterationKey> &keys,
                  const std::atomic<bool> *cancel, PassTotals &p, L2Histogram &l2)
{
    const ChartScope &scope = request.scope;
    const bool wantTasks = request.kinds & (TopOps | Pipes | L2);
    const bool wantComm = request.kinds & Bandwidth;
    std::uint64_t seen = 0;
    for (const IterationKey &k : keys) {
        if (!scope.includes(k))
            continue;
        if (cancelled(cancel))
            return false;
        if (wantTasks)
            reader.forEachTask(k, [&](const TaskRecord &t) {
                if ((++seen & 4095u) == 0 && cancelled(cancel))
                    return false;
                if (scope.inRange(t.start))
                    addTask(reader, request, t, p, l2);
                return true;
            });
        if (wantComm) {
            reader.forEachCollective(k, [&](const CollectiveOpRecord &c) {
                if (scope.inRange(c.start))
                    addCollective(reader, c, p);
                return true;
            });
            reader.forEachHcclTask(k, [&](const HcclTaskRecord &h) {
                // Only tasks that move data have a bandwidth; notifies carry no payload.
                if (h.sizeBytes != 0 && h.duration > 0 && scope.inRange(h.start))
                    addHcclTransfer(reader, h, p);
                return true;
            });
        }
    }
    return !cancelled(cancel);
}

bool notRecorded(const Recorded &rec, Switch s) { return rec.known && s == Switch::Off; }
bool timingNotRecorded(const Recorded &rec) { return rec.known && !rec.options.taskTimingOn(); }

void finishTopOps(PassTotals &p, int topN, const Recorded &rec, TopOpTypes &topOps)
{
    std::vector<OpTypeTotal> rows;
    rows.reserve(p.byType.size());
    for (auto &[_, r] : p.byType) {
        topOps.allTotal += r.total;
        rows.push_back(std::move(r));
    }
    std::sort(rows.begin(), rows.end(), [](const OpTypeTotal &a, const OpTypeTotal &b) {
        return a.total != b.total ? a.total > b.total : a.opType < b.opType;
    });
    topOps.rows = std::move(rows);
    topOps = foldTopN(topOps, topN);
    if (topOps.rows.empty())
        topOps.missing = timingNotRecorded(rec)
            ? Ctx::tr("Task timings were not recorded: enable task_trace (and task_time) in the profiling options.")
            : Ctx::tr("The selection has no AI Core or AI CPU task.");
}

void finishPipes(const PassTotals &p, const Recorded &rec, PipeSeries &pipes)
{
    for (const auto &[type, a] : p.pipes) {
        OpTypePipes r;
        r.opType = type;
        r.count = a.count;
        r.total = a.total;
        for (int pipe = 0; pipe < PipeCount; ++pipe)
            r.ratio[std::size_t(pipe)] = a.total > 0 ? a.weighted[std::size_t(pipe)] / double(a.total) : 0.0;
        pipes.rows.push_back(std::move(r));
    }
    std::sort(pipes.rows.begin(), pipes.rows.end(), [](const OpTypePipes &a, const OpTypePipes &b) {
        return a.total != b.total ? a.total > b.total : a.opType < b.opType;
    });
    if (!pipes.rows.empty())
        return;
    if (rec.known && rec.options.aicMetrics != AicMetrics::PipeUtilization)
        pipes.missing = Ctx::tr("The AI Core pipe ratios need aic_metrics = PipeUtilization; this session "
                                "recorded %1. Record a session with PipeUtilization to see them.")
                            .arg(aicMetricsName(rec.options.aicMetrics));
    else if (timingNotRecorded(rec))
        pipes.missing = Ctx::tr("Task timings were not recorded: enable task_trace (and task_time) in the "
                                "profiling options.");
    else
        pipes.missing = Ctx::tr("No AI Core task in the selection has pipe ratios (aic_metrics = "
                                "PipeUtilization with task_time on records them).");
}

void finishL2(const PassTotals &p, const Recorded &rec, L2Histogram &l2)
{
    l2.mean = l2.tasks ? p.l2Sum / double(l2.tasks) : 0.0;
    if (l2.tasks == 0)
        l2.missing = notRecorded(rec, rec.options.l2)
            ? Ctx::tr("L2 cache was not recorded: enable l2 in the profiling options.")
            : Ctx::tr("No AI Core task in the selection has an L2 hit rate.");
}

void finishBandwidth(PassTotals &p, const Recorded &rec, BandwidthSeries &bandwidth)
{
    std::stable_sort(p.ops.begin(), p.ops.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    for (auto &[_, b] : p.ops) {
        b.gbps = b.duration > 0 ? double(b.bytes) / double(b.duration) : 0.0;
        bandwidth.ops.push_back(std::move(b));
    }
    for (auto &[_, t] : p.transports) {
        t.gbps = t.duration > 0 ? double(t.bytes) / double(t.duration) : 0.0;
        bandwidth.transports.push_back(std::move(t));
    }
    if (bandwidth.ops.empty() && bandwidth.transports.empty())
        bandwidth.missing = notRecorded(rec, rec.options.hccl)
            ? Ctx::tr("HCCL was not recorded: enable hccl in the profiling options.")
            : Ctx::tr("The selection has no collective communication (it needs more than one device).");
}

// A device is a straggler when its mean FP→BP exceeds the median device's by 10 %.
void findStragglers(DeviceSeries &devices)
{
    if (devices.devices.size() < 2)
        return;
    std::vector<double> means;
    for (const auto &d : devices.devices)
        means.push_back(d.meanFpToBpNs);
    std::sort(means.begin(), means.end());
    const double median = means[(means.size() - 1) / 2];
    for (const auto &d : devices.devices)
        if (median > 0 && d.meanFpToBpNs > 1.1 * median)
            devices.stragglers.push_back(d.device);
}

// The step traces' charts: Steps (the selected device's iterations) and Devices (every
// picked device's iterations with their means).
void stepCharts(const TraceReader &reader, const ChartRequest &request, const std::vector<IterationKey> &keys,
                const Recorded &rec, ChartSet &out)
{
    const ChartScope &scope = request.scope;
    std::set<std::pair<std::uint16_t, std::uint32_t>> pairs;
    for (const IterationKey &k : keys)
        pairs.emplace(k.device, k.modelId);
    const auto iterationOk = [&](const StepTraceRecord &s) {
        if (request.stepsShowAllIterations)
            return true;
        if (scope.iterationFirst >= 0 && s.iteration < scope.iterationFirst)
            return false;
        if (scope.iterationLast >= 0 && s.iteration > scope.iterationLast)
            return false;
        return scope.inRange(s.fpStart);
    };
    std::map<std::uint16_t, DeviceIterations> perDevice;
    for (const auto &[device, model] : pairs) {
        if (scope.modelId >= 0 && model != scope.modelId)
            continue;
        if (!scope.picked(device))
            continue;
        const bool deviceOk = scope.device < 0 || device == scope.device;
        if (!deviceOk && !(request.kinds & Devices))
            continue;
        for (const StepTraceRecord &s : reader.stepTraces(device, model)) {
            if (!iterationOk(s))
                continue;
            const IterationStep st = toStep(s);
            if ((request.kinds & Steps) && deviceOk)
                out.steps.steps.push_back(st);
            if (request.kinds & Devices) {
                auto &d = perDevice[device];
                d.device = device;
                d.steps.push_back(st);
            }
        }
    }
    const QString noTrace = notRecorded(rec, rec.options.trainingTrace)
        ? Ctx::tr("The step trace was not recorded: enable training_trace in the profiling options.")
        : Ctx::tr("The selection has no iteration with step-trace markers.");
    if ((request.kinds & Steps) && out.steps.steps.empty())
        out.steps.missing = noTrace;
    if (!(request.kinds & Devices))
        return;
    for (auto &[_, d] : perDevice) {
        double it = 0, fb = 0;
        for (const auto &s : d.steps) {
            it += double(s.iterationTime);
            fb += double(s.fpToBp);
        }
        d.meanIterationNs = d.steps.empty() ? 0 : it / double(d.steps.size());
        d.meanFpToBpNs = d.steps.empty() ? 0 : fb / double(d.steps.size());
        out.devices.devices.push_back(std::move(d));
    }
    findStragglers(out.devices);
    if (out.devices.devices.empty())
        out.devices.missing = noTrace;
}

} // namespace

ChartSet computeCharts(const TraceReader &reader, const ChartRequest &request, const std::atomic<bool> *cancel)
{
    ChartSet out;
    const Recorded rec = recorded(reader);
    const std::vector<IterationKey> keys = reader.iterations();

    PassTotals totals;
    findPipeColumns(reader, totals);
    out.l2.bins.assign(std::size_t(std::max(1, request.l2Bins)), 0);
    if (!gatherTotals(reader, request, keys, cancel, totals, out.l2)) {
        out.cancelled = true;
        return out;
    }
    if (request.kinds & TopOps)
        finishTopOps(totals, request.topN, rec, out.topOps);
    if (request.kinds & Pipes)
        finishPipes(totals, rec, out.pipes);
    if (request.kinds & L2)
        finishL2(totals, rec, out.l2);
    if (request.kinds & Bandwidth)
        finishBandwidth(totals, rec, out.bandwidth);
    if (request.kinds & (Steps | Devices))
        stepCharts(reader, request, keys, rec, out);
    if (request.kinds & Memory) {
        out.memory = memoryOverTime(reader, request.scope, cancel);
        if (cancelled(cancel))
            out.cancelled = true;
    }
    return out;
}

MemorySeries memoryOverTime(const TraceReader &reader, const ChartScope &scope, const std::atomic<bool> *cancel)
{
    MemorySeries out;
    const SessionInfo &info = reader.sessionInfo();
    std::vector<std::uint16_t> ids;
    for (const auto &d : info.devices)
        ids.push_back(d.id);
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    // Which devices have any memory record (the first record says so).
    for (std::uint16_t d : ids) {
        bool any = false;
        reader.forEachMemory(d, [&](const MemoryRecord &) { return !(any = true); });
        if (!any)
            reader.forEachOpMemory(d, [&](const OpMemoryRecord &) { return !(any = true); });
        if (any)
            out.devices.push_back(d);
    }
    if (scope.device >= 0) {
        out.device = scope.device;
    } else {
        for (std::uint16_t d : out.devices)
            if (scope.picked(d)) {
                out.device = d;
                break;
            }
    }
    const bool has = std::find(out.devices.begin(), out.devices.end(), out.device) != out.devices.end();
    if (!has) {
        out.missing = out.devices.empty()
            ? Ctx::tr("The session has no memory records. torch_npu writes them with profile_memory=True "
                      "(memory_record.csv, operator_memory.csv, npu_module_mem.csv; MEMORY_RECORD, OP_MEMORY and "
                      "NPU_MODULE_MEM in its database).")
            : out.device >= 0 || scope.devices.empty()
            ? Ctx::tr("Device %1 has no memory records; select another device in the project explorer.").arg(out.device)
            : Ctx::tr("None of the devices picked has memory records; pick one of %1.").arg([&] {
                  QStringList ids;
                  for (auto d : out.devices)
                      ids << QString::number(d);
                  return ids.join(QStringLiteral(", "));
              }());
        return out;
    }
    const std::uint16_t device = std::uint16_t(out.device);
    // Tracks by (source, component, metric), in order of first appearance.
    std::map<std::tuple<int, std::string, int>, std::size_t, std::less<>> index;
    std::vector<MemoryTrack> allocator, modules;
    const auto track = [&](std::vector<MemoryTrack> &v, MemoryTrack::Source src, std::string_view component,
                           MemoryMetric m) -> MemoryTrack & {
        const auto key = std::make_tuple(int(src), std::string(component), int(m));
        auto it = index.find(key);
        if (it == index.end()) {
            it = index.emplace(key, v.size()).first;
            MemoryTrack t;
            t.component = std::string(component);
            t.metric = m;
            t.source = src;
            v.push_back(std::move(t));
        }
        return v[it->second];
    };
    std::uint64_t seen = 0;
    reader.forEachMemory(device, [&](const MemoryRecord &r) {
        if ((++seen & 4095u) == 0 && cancelled(cancel))
            return false;
        if (!scope.inRange(r.ts))
            return true;
        ++out.records;
        const std::string_view component = reader.string(r.component);
        if (r.module) {
            if (r.reservedMB >= 0)
                track(modules, MemoryTrack::Source::Module, component, MemoryMetric::Reserved).points.push_back({r.ts, r.reservedMB});
            return true;
        }
        const std::pair<double, MemoryMetric> values[] = {
            {r.allocatedMB, MemoryMetric::Allocated}, {r.reservedMB, MemoryMetric::Reserved}, {r.activeMB, MemoryMetric::Active}};
        for (const auto &v : values)
            if (v.first >= 0)
                track(allocator, MemoryTrack::Source::Allocator, component, v.second).points.push_back({r.ts, v.first});
        return true;
    });
    if (allocator.empty()) {
        // Only operator_memory: the allocator's totals at each allocation and release.
        std::vector<std::tuple<TimeNs, double, double, double>> samples;
        reader.forEachOpMemory(device, [&](const OpMemoryRecord &r) {
            if (r.allocated >= 0 && scope.inRange(r.allocated))
                samples.emplace_back(r.allocated, r.allocTotalAllocatedMB, r.allocTotalReservedMB, r.allocTotalActiveMB);
            if (r.released >= 0 && scope.inRange(r.released))
                samples.emplace_back(r.released, r.releaseTotalAllocatedMB, r.releaseTotalReservedMB, r.releaseTotalActiveMB);
            return !cancelled(cancel);
        });
        std::stable_sort(samples.begin(), samples.end(),
                         [](const auto &a, const auto &b) { return std::get<0>(a) < std::get<0>(b); });
        out.records += samples.size();
        for (const auto &s : samples) {
            const std::pair<double, MemoryMetric> values[] = {{std::get<1>(s), MemoryMetric::Allocated},
                                                              {std::get<2>(s), MemoryMetric::Reserved},
                                                              {std::get<3>(s), MemoryMetric::Active}};
            for (const auto &v : values)
                if (v.first >= 0)
                    track(allocator, MemoryTrack::Source::Operators, "operator_memory", v.second).points.push_back({std::get<0>(s), v.first});
        }
    }
    for (auto &t : allocator)
        out.tracks.push_back(std::move(t));
    for (auto &t : modules) {
        const bool idle = std::all_of(t.points.begin(), t.points.end(), [](const MemoryPoint &p) { return p.mib == 0; });
        if (idle)
            ++out.idleModules;
        else
            out.tracks.push_back(std::move(t));
    }
    for (auto &t : out.tracks)
        std::stable_sort(t.points.begin(), t.points.end(), [](const MemoryPoint &a, const MemoryPoint &b) { return a.ts < b.ts; });
    if (out.tracks.empty())
        out.missing = out.records == 0
            ? Ctx::tr("Device %1 has no memory records in the selected time range.").arg(device)
            : Ctx::tr("Every memory record of device %1 in the selection is 0 (only idle modules).").arg(device);
    return out;
}

TopOpTypes foldTopN(const TopOpTypes &all, int n)
{
    TopOpTypes out;
    out.allTotal = all.allTotal;
    out.missing = all.missing;
    const std::size_t keep = std::size_t(std::max(1, n));
    OpTypeTotal other;
    other.opType = "Other";
    other.other = true;
    for (const OpTypeTotal &r : all.rows) {
        if (out.rows.size() < keep && !r.other) {
            out.rows.push_back(r);
            continue;
        }
        other.count += r.count;
        other.total += r.total;
        other.otherTypes += r.other ? r.otherTypes : 1;
    }
    if (other.otherTypes > 0)
        out.rows.push_back(std::move(other));
    return out;
}

TopOpTypes topOpTypes(const TraceReader &reader, const ChartScope &scope, int n)
{
    return computeCharts(reader, {.scope = scope, .kinds = TopOps, .topN = n}).topOps;
}

// The iteration charts of one device or model: only the iterations in the scope's range.
StepSeries iterationSteps(const TraceReader &reader, const ChartScope &scope)
{
    return computeCharts(reader, {.scope = scope, .kinds = Steps, .stepsShowAllIterations = false}).steps;
}

DeviceSeries iterationTimesByDevice(const TraceReader &reader, const ChartScope &scope)
{
    return computeCharts(reader, {.scope = scope, .kinds = Devices, .stepsShowAllIterations = false}).devices;
}

PipeSeries pipeRatios(const TraceReader &reader, const ChartScope &scope)
{
    return computeCharts(reader, {.scope = scope, .kinds = Pipes}).pipes;
}

BandwidthSeries collectiveBandwidth(const TraceReader &reader, const ChartScope &scope)
{
    return computeCharts(reader, {.scope = scope, .kinds = Bandwidth}).bandwidth;
}

L2Histogram l2HitRates(const TraceReader &reader, const ChartScope &scope, int bins)
{
    ChartRequest r;
    r.scope = scope;
    r.kinds = L2;
    r.l2Bins = bins;
    return computeCharts(reader, r).l2;
}

} // namespace npuscope::analysis::charts
