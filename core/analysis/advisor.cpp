#include "core/analysis/advisor.h"

#include "core/analysis/op_tables.h"
#include "core/analysis/overlap.h"
#include "core/options/profiling_options.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>
#include <string_view>
#include <unordered_map>

namespace npuscope::analysis {

namespace {

struct Ctx { Q_DECLARE_TR_FUNCTIONS(Advisor) };

// Op types whose only kernel is the AI CPU one (data input, random generators, dynamic
// shape ops). Anything else found on the AI CPU was compiled there because the AI Core
// (TBE) kernel did not accept its inputs (int64 / double), which the graph engine does
// silently: that is the fallback an expert looks for.
const std::set<std::string, std::less<>> kAiCpuNativeTypes = {
    "GetNext", "DropoutGenMask", "DropoutGenMaskV3", "StatelessDropOutGenMask", "RandomChoiceWithMask",
    "RandomUniform", "RandomUniformInt", "RandomStandardNormal", "StandardNormal", "UniformReal", "UniformInt",
    "Multinomial", "TruncatedNormal", "Unique", "UniqueWithPad", "NonZero", "Where", "CTCLoss", "EditDistance",
    "DecodeJpeg", "DecodeAndCropJpeg", "Print", "Assert", "InitData", "EndOfSequence", "DynamicStitch",
};

// Cube (matrix unit) op types: convolutions and matrix products in every direction,
// fused or not.
bool isCubeType(std::string_view t)
{
    return t.find("Conv2D") != std::string_view::npos || t.find("Conv3D") != std::string_view::npos
           || t.find("MatMul") != std::string_view::npos || t.find("Conv2DBackprop") != std::string_view::npos;
}

QString ms(double ns) { return QString::number(ns / 1e6, 'f', 2); }
QString us(double ns) { return QString::number(ns / 1e3, 'f', 1); }
QString pct(double share) { return QString::number(share * 100.0, 'f', 1); }

Severity grade(double share, double warning, double critical)
{
    if (share >= critical) return Severity::Critical;
    if (share >= warning) return Severity::Warning;
    return Severity::Info;
}

// Per device: sums over the counted iterations (all but the warm-up first one when the
// device has more than one).
struct DeviceAcc {
    int iterations = 0;
    double iterationNs = 0, fpBpNs = 0, dataAugNs = 0;
    double aicoreNs = 0, notifyWaitNs = 0;
    double windowNs = 0, idleNs = 0;        // FP→BP windows and their compute gaps
    double notOverlappedNs = 0;
    std::vector<double> medianKernelNs;     // one per counted iteration
    // worst places
    double worstDataAug = -1; std::uint32_t worstDataAugIt = 0; TimeNs dataAugStart = 0, dataAugEnd = 0;
    double worstIdleShare = -1; std::uint32_t worstIdleIt = 0; TimeNs idleStart = 0, idleEnd = 0;
    double worstFpBp = -1; std::uint32_t worstFpBpIt = 0; TimeNs fpStart = 0, bpEnd = 0;
    TimeNs longestGapNs = -1; TimeNs gapStart = 0, gapEnd = 0;
    std::set<std::uint32_t> inputIts, idleIts, commIts;
};

struct TypeAcc {
    double timeNs = 0;
    double mac = 0, vec = 0, mte2 = 0;      // time-weighted sums of the ratios
    double pmuNs = 0;                       // time with PMU values
    TimeNs longest = -1;
    std::uint16_t dev = 0; std::uint32_t stream = 0; TimeNs start = 0, end = 0;
};

struct TaskPlace {
    TimeNs duration = -1;
    std::uint16_t device = 0;
    std::uint32_t stream = 0;
    TimeNs start = 0;
};

void keepLongest(TypeAcc &a, const TaskRecord &t)
{
    if (t.duration > a.longest) {
        a.longest = t.duration;
        a.dev = t.device;
        a.stream = t.streamId;
        a.start = t.start;
        a.end = t.start + t.duration;
    }
}

} // namespace

const char *severityName(Severity s)
{
    switch (s) {
    case Severity::Info: return "info";
    case Severity::Warning: return "warning";
    case Severity::Critical: return "critical";
    }
    return "info";
}

std::vector<Finding> advise(const TraceReader &reader, const AdvisorOptions &o, const std::atomic<bool> *cancel)
{
    std::vector<Finding> out;
    const auto cancelled = [cancel] { return cancel && cancel->load(std::memory_order_relaxed); };
    const SessionInfo &info = reader.sessionInfo();

    // Which PMU positions hold mac/vec/mte2 ratios depends on the session's metric group.
    int macIdx = -1, vecIdx = -1, mte2Idx = -1;
    {
        ProfilingOptions opt;
        if (!info.optionsJson.trimmed().isEmpty())
            ProfilingOptions::parse(info.optionsJson, &opt);
        if (opt.taskTime != TaskTimeLevel::L0 && opt.taskTimingOn()) {
            const QStringList cols = sessionPmuColumns(info);
            macIdx = int(cols.indexOf(QStringLiteral("mac_ratio")));
            vecIdx = int(cols.indexOf(QStringLiteral("vec_ratio")));
            mte2Idx = int(cols.indexOf(QStringLiteral("mte2_ratio")));
        }
    }

    const std::vector<IterationKey> keys = reader.iterations();
    // Iterations per device, so the warm-up first one is left out only when there are more.
    std::map<std::uint16_t, std::set<std::uint32_t>> itsPerDevice;
    for (const IterationKey &k : keys)
        itsPerDevice[k.device].insert(k.iteration);

    std::map<std::uint16_t, DeviceAcc> dev;
    std::map<std::string, TypeAcc, std::less<>> types;      // AI Core op types
    std::map<std::string, TypeAcc, std::less<>> fallbacks;  // AI CPU ops that have AI Core kernels (by name)
    std::map<std::string, std::string, std::less<>> fallbackType;
    double aicoreTotalNs = 0;
    double fallbackTotalNs = 0;
    std::set<std::uint32_t> fallbackIts;
    TaskPlace longestNotOverlapped;

    std::map<std::pair<std::uint16_t, std::uint32_t>, std::map<std::uint32_t, StepTraceRecord>> steps;
    std::vector<Interval> computing, communication;
    std::vector<TimeNs> kernels;

    for (const IterationKey &k : keys) {
        if (cancelled())
            break;
        const auto &devIts = itsPerDevice[k.device];
        if (devIts.size() > 1 && k.iteration == *devIts.begin())
            continue; // warm-up
        auto stepsIt = steps.find({k.device, k.modelId});
        if (stepsIt == steps.end()) {
            std::map<std::uint32_t, StepTraceRecord> m;
            for (StepTraceRecord &s : reader.stepTraces(k.device, k.modelId))
                m.emplace(s.iteration, std::move(s));
            stepsIt = steps.emplace(std::pair{k.device, k.modelId}, std::move(m)).first;
        }
        const auto stepIt = stepsIt->second.find(k.iteration);
        const StepTraceRecord *step = stepIt == stepsIt->second.end() ? nullptr : &stepIt->second;

        DeviceAcc &d = dev[k.device];
        computing.clear();
        communication.clear();
        kernels.clear();
        TimeNs first = std::numeric_limits<TimeNs>::max(), last = std::numeric_limits<TimeNs>::min();
        reader.forEachTask(k, [&](const TaskRecord &t) {
            first = std::min(first, t.start);
            last = std::max(last, t.start + t.duration);
            if (t.kind == TaskKind::NotifyWait) {
                d.notifyWaitNs += double(t.duration);
                return true;
            }
            if (!isComputeKind(t.kind))
                return true;
            computing.push_back({t.start, t.start + t.duration});
            const OpDesc *op = reader.op(t.opId);
            const std::string_view type = op ? reader.string(op->opType) : std::string_view();
            if (isAiCoreKind(t.kind)) {
                d.aicoreNs += double(t.duration);
                aicoreTotalNs += double(t.duration);
                kernels.push_back(t.duration);
                if (!type.empty()) {
                    auto it = types.find(type);
                    if (it == types.end())
                        it = types.emplace(std::string(type), TypeAcc{}).first;
                    TypeAcc &a = it->second;
                    a.timeNs += double(t.duration);
                    keepLongest(a, t);
                    const int n = int(t.pmu.size());
                    if (macIdx >= 0 && macIdx < n) {
                        const double w = double(t.duration);
                        a.pmuNs += w;
                        a.mac += w * t.pmu[size_t(macIdx)];
                        if (vecIdx >= 0 && vecIdx < n) a.vec += w * t.pmu[size_t(vecIdx)];
                        if (mte2Idx >= 0 && mte2Idx < n) a.mte2 += w * t.pmu[size_t(mte2Idx)];
                    }
                }
            } else if (op && !type.empty() && !kAiCpuNativeTypes.count(type)) {
                const std::string_view name = reader.string(op->name);
                auto it = fallbacks.find(name);
                if (it == fallbacks.end()) {
                    it = fallbacks.emplace(std::string(name), TypeAcc{}).first;
                    fallbackType.emplace(std::string(name), std::string(type));
                }
                it->second.timeNs += double(t.duration);
                keepLongest(it->second, t);
                fallbackTotalNs += double(t.duration);
                fallbackIts.insert(k.iteration);
            }
            return true;
        });
        reader.forEachCollective(k, [&](const CollectiveOpRecord &c) {
            communication.push_back({c.start, c.start + c.duration});
            return true;
        });
        if (first > last)
            continue; // nothing recorded for this key

        d.iterations += 1;
        double iterNs = double(last - first);
        TimeNs fpStart = first, bpEnd = last;
        if (step) {
            const StepTraceRow row = stepTraceRow(*step);
            iterNs = double(row.iterationTime);
            d.fpBpNs += double(row.fpToBp);
            fpStart = step->fpStart;
            bpEnd = step->bpEnd;
            if (row.dataAugBound) {
                const double aug = double(*row.dataAugBound);
                d.dataAugNs += aug;
                if (aug > 0.05 * iterNs) d.inputIts.insert(k.iteration);
                if (aug > d.worstDataAug) {
                    d.worstDataAug = aug;
                    d.worstDataAugIt = k.iteration;
                    d.dataAugStart = step->previousIterationEnd;
                    d.dataAugEnd = step->fpStart;
                }
            }
            if (double(row.fpToBp) > d.worstFpBp) {
                d.worstFpBp = double(row.fpToBp);
                d.worstFpBpIt = k.iteration;
                d.fpStart = step->fpStart;
                d.bpEnd = step->bpEnd;
            }
        } else {
            d.fpBpNs += iterNs;
        }
        d.iterationNs += iterNs;

        const OverlapResult ov = computeOverlap(computing, communication);
        // Idle: the FP→BP window minus the computing union clipped to it.
        const TimeNs window = std::max<TimeNs>(0, bpEnd - fpStart);
        TimeNs busy = 0;
        for (const Interval &c : ov.computing) {
            const TimeNs s = std::max(c.start, fpStart), e = std::min(c.end, bpEnd);
            if (e > s) busy += e - s;
        }
        TimeNs prevEnd = -1;
        for (const Interval &c : ov.computing) {
            if (prevEnd >= 0 && c.start >= fpStart && c.start <= bpEnd && c.start - prevEnd > d.longestGapNs) {
                d.longestGapNs = c.start - prevEnd;
                d.gapStart = prevEnd;
                d.gapEnd = c.start;
            }
            prevEnd = c.end;
        }
        d.windowNs += double(window);
        d.idleNs += double(window - busy);
        const double idleShare = window > 0 ? double(window - busy) / double(window) : 0;
        if (idleShare >= o.idleShareInfo) d.idleIts.insert(k.iteration);
        if (idleShare > d.worstIdleShare) {
            d.worstIdleShare = idleShare;
            d.worstIdleIt = k.iteration;
            d.idleStart = fpStart;
            d.idleEnd = bpEnd;
        }
        TimeNs notOv = 0;
        for (const Interval &i : ov.notOverlapped) {
            notOv += i.end - i.start;
            if (i.end - i.start > longestNotOverlapped.duration) {
                longestNotOverlapped.duration = i.end - i.start;
                longestNotOverlapped.device = k.device;
                longestNotOverlapped.start = i.start;
            }
        }
        d.notOverlappedNs += double(notOv);
        if (iterNs > 0 && double(notOv) >= o.commShareInfo * iterNs) d.commIts.insert(k.iteration);
        if (!kernels.empty()) {
            auto mid = kernels.begin() + std::ptrdiff_t(kernels.size() / 2);
            std::nth_element(kernels.begin(), mid, kernels.end());
            d.medianKernelNs.push_back(double(*mid));
        }
    }

    // Session-wide means.
    double iterSum = 0, fpbpSum = 0, augSum = 0, notOvSum = 0, windowSum = 0, idleSum = 0;
    int itCount = 0;
    for (const auto &[id, d] : dev) {
        iterSum += d.iterationNs;
        fpbpSum += d.fpBpNs;
        augSum += d.dataAugNs;
        notOvSum += d.notOverlappedNs;
        windowSum += d.windowNs;
        idleSum += d.idleNs;
        itCount += d.iterations;
    }
    if (itCount == 0)
        return out;
    const double meanIter = iterSum / itCount;
    const auto devicesOf = [&](auto pred) {
        std::vector<std::uint16_t> v;
        for (const auto &[id, d] : dev)
            if (pred(d)) v.push_back(id);
        return v;
    };
    const auto itsOf = [&](std::set<std::uint32_t> DeviceAcc::*member) {
        std::set<std::uint32_t> all;
        for (const auto &[id, d] : dev)
            all.insert((d.*member).begin(), (d.*member).end());
        return std::vector<std::uint32_t>(all.begin(), all.end());
    };

    // --- input-bound -----------------------------------------------------------------
    {
        const double share = iterSum > 0 ? augSum / iterSum : 0;
        if (share >= o.inputShareInfo) {
            Finding f;
            f.id = "input-bound";
            f.severity = grade(share, o.inputShareWarning, o.inputShareCritical);
            f.title = Ctx::tr("Training waits for input data");
            f.evidence = Ctx::tr("Data Aug Bound (the wait from the previous iteration's end to FP start) is %1 % of the "
                                 "iteration time: %2 ms of %3 ms per iteration on average.")
                             .arg(pct(share), ms(augSum / itCount), ms(meanIter));
            f.suggestion = Ctx::tr("The host input pipeline cannot keep up with the device. Raise the dataset's "
                                   "prefetch buffer and num_parallel_calls of map(), move augmentation to the device "
                                   "or preprocess offline, and cache decoded data where it fits.");
            f.figures = {{"data_aug_bound_share", share}, {"data_aug_bound_ns", augSum / itCount},
                         {"iteration_ns", meanIter}};
            f.devices = devicesOf([&](const DeviceAcc &d) { return d.iterationNs > 0 && d.dataAugNs >= o.inputShareInfo * d.iterationNs; });
            f.iterations = itsOf(&DeviceAcc::inputIts);
            const DeviceAcc *w = nullptr;
            for (const auto &[id, d] : dev)
                if (!w || d.worstDataAug > w->worstDataAug) { w = &d; f.focusDevice = id; }
            f.focusStart = w->dataAugStart;
            f.focusEnd = w->dataAugEnd;
            out.push_back(std::move(f));
        }
    }

    // --- straggler -------------------------------------------------------------------
    // The waits a straggler causes are its finding's, not communication's (below).
    bool haveStraggler = false;
    double stragglerWaitPerIter = 0;
    std::uint16_t stragglerDevice = 0;
    if (dev.size() > 1) {
        // The device with the most AI Core time per iteration against the median of the others.
        std::uint16_t slow = 0;
        double slowCompute = -1;
        for (const auto &[id, d] : dev) {
            const double c = d.iterations ? d.aicoreNs / d.iterations : 0;
            if (c > slowCompute) { slowCompute = c; slow = id; }
        }
        std::vector<double> others;
        for (const auto &[id, d] : dev)
            if (id != slow && d.iterations) others.push_back(d.aicoreNs / d.iterations);
        std::sort(others.begin(), others.end());
        const double median = others.empty() ? 0 : others[others.size() / 2];
        const double excess = median > 0 ? slowCompute / median - 1 : 0;
        if (!others.empty() && excess >= o.stragglerExcess) {
            const DeviceAcc &s = dev[slow];
            const double slowWait = s.iterations ? s.notifyWaitNs / s.iterations : 0;
            double extraWait = 0;
            int n = 0;
            for (const auto &[id, d] : dev)
                if (id != slow && d.iterations) {
                    extraWait += std::max(0.0, d.notifyWaitNs / d.iterations - slowWait);
                    ++n;
                }
            extraWait = n ? extraWait / n : 0;
            haveStraggler = true;
            stragglerWaitPerIter = slowWait;
            stragglerDevice = slow;
            const double share = meanIter > 0 ? extraWait / meanIter : 0;
            Finding f;
            f.id = "straggler";
            f.severity = grade(share, o.stragglerShareWarning, o.stragglerShareCritical);
            f.title = Ctx::tr("Device %1 is a straggler").arg(slow);
            f.evidence = Ctx::tr("Device %1 spends %2 ms per iteration in AI Core tasks, %3 % more than the other "
                                 "devices (median %4 ms). The other devices wait for it in the all-reduce: their "
                                 "NOTIFY_WAIT time is %5 ms per iteration longer than its own, %6 % of the iteration time.")
                             .arg(slow).arg(ms(slowCompute), pct(excess), ms(median), ms(extraWait), pct(share));
            f.suggestion = Ctx::tr("All devices train at the pace of the slowest one. Check device %1: its health and "
                                   "temperature (npu-smi), its link and cable, other processes on it or its host, and "
                                   "whether its host feeds it data as fast as the others.").arg(slow);
            f.figures = {{"straggler_device", double(slow)}, {"compute_ns", slowCompute}, {"others_median_compute_ns", median},
                         {"excess", excess}, {"others_extra_wait_ns", extraWait}, {"wait_share", share}};
            f.devices = {slow};
            for (std::uint32_t it : itsPerDevice[slow]) f.iterations.push_back(it);
            if (f.iterations.size() > 1) f.iterations.erase(f.iterations.begin());
            f.focusDevice = slow;
            f.focusStart = s.fpStart;
            f.focusEnd = s.bpEnd;
            out.push_back(std::move(f));
        }
    }

    // --- aicpu-fallback --------------------------------------------------------------
    if (!fallbacks.empty()) {
        const double perIter = fallbackTotalNs / itCount;
        const double share = meanIter > 0 ? perIter / meanIter : 0;
        if (share >= o.aicpuShareInfo) {
            std::vector<std::pair<double, std::string>> byTime;
            for (const auto &[name, a] : fallbacks) byTime.push_back({a.timeNs, name});
            std::sort(byTime.begin(), byTime.end(), std::greater<>());
            Finding f;
            f.id = "aicpu-fallback";
            f.severity = grade(share, o.aicpuShareWarning, o.aicpuShareCritical);
            QStringList named;
            std::set<std::string> typeNames;
            for (const auto &[t, name] : byTime) {
                if (int(f.ops.size()) < o.maxOps) f.ops.push_back(name);
                typeNames.insert(fallbackType[name]);
            }
            for (const auto &t : typeNames) named << QString::fromStdString(t);
            const TypeAcc &top = fallbacks[byTime.front().second];
            f.title = Ctx::tr("Ops fell back to the AI CPU");
            f.evidence = Ctx::tr("%n op(s) of type %1 ran on the AI CPU although the type has an AI Core kernel; they "
                                 "take %2 ms per iteration (%3 % of the iteration time), the compute stream waits for "
                                 "them. The longest, %4, takes %5 µs.", nullptr, int(byTime.size()))
                             .arg(named.join(QStringLiteral(", ")), ms(perIter), pct(share),
                                  QString::fromStdString(byTime.front().second), us(double(top.longest)));
            f.suggestion = Ctx::tr("The AI Core kernel does not accept the op's input types (usually int64 or double). "
                                   "Cast the inputs to int32 / float16 / float32 before the op (e.g. make labels int32), "
                                   "or register an AI Core (TBE) kernel for the type.");
            f.figures = {{"fallback_ns_per_iteration", perIter}, {"fallback_share", share},
                         {"fallback_ops", double(byTime.size())}};
            f.devices = devicesOf([](const DeviceAcc &) { return true; });
            f.iterations.assign(fallbackIts.begin(), fallbackIts.end());
            f.focusDevice = top.dev;
            f.focusStream = top.stream;
            f.focusStart = top.start;
            f.focusEnd = top.end;
            out.push_back(std::move(f));
        }
    }

    // --- launch-bound ----------------------------------------------------------------
    {
        const double idleShare = windowSum > 0 ? idleSum / windowSum : 0;
        std::vector<double> medians;
        for (const auto &[id, d] : dev) medians.insert(medians.end(), d.medianKernelNs.begin(), d.medianKernelNs.end());
        std::sort(medians.begin(), medians.end());
        const double medianKernel = medians.empty() ? 0 : medians[medians.size() / 2];
        const bool tiny = !medians.empty() && medianKernel < double(o.tinyKernelNs);
        const bool sessRun = info.spec.mode == LaunchMode::SessRun;
        if (idleShare >= o.idleShareInfo && (tiny || sessRun)) {
            Finding f;
            f.id = "launch-bound";
            f.severity = grade(idleShare, o.idleShareWarning, o.idleShareCritical);
            f.title = Ctx::tr("The device idles between kernels (launch-bound)");
            QString ev = Ctx::tr("Between FP start and BP end the device computes nothing %1 % of the time "
                                 "(%2 ms per iteration); the median AI Core kernel takes %3 µs, so launching "
                                 "kernels costs more than running them.")
                             .arg(pct(idleShare), ms(idleSum / itCount), us(medianKernel));
            if (sessRun)
                ev += QLatin1Char(' ') + Ctx::tr("The session runs in sess.run mode: every step pays a host round trip.");
            f.evidence = ev;
            f.suggestion = Ctx::tr("Give the device more work per launch: a bigger batch, the Estimator (or "
                                   "iterations_per_loop > 1 with the dataset sunk to the device) instead of op-by-op "
                                   "sess.run calls, and whole-graph (not op-by-op) execution so the host does not "
                                   "dispatch every kernel.");
            f.figures = {{"idle_share", idleShare}, {"idle_ns_per_iteration", idleSum / itCount},
                         {"median_kernel_ns", medianKernel}, {"sess_run", sessRun ? 1.0 : 0.0}};
            f.devices = devicesOf([&](const DeviceAcc &d) { return d.windowNs > 0 && d.idleNs >= o.idleShareInfo * d.windowNs; });
            f.iterations = itsOf(&DeviceAcc::idleIts);
            const DeviceAcc *w = nullptr;
            for (const auto &[id, d] : dev)
                if (!w || d.longestGapNs > w->longestGapNs) { w = &d; f.focusDevice = id; }
            f.focusStart = w->gapStart;
            f.focusEnd = w->gapEnd;
            out.push_back(std::move(f));
        }
    }

    // --- comm-not-overlapped ---------------------------------------------------------
    if (dev.size() > 1) {
        // Without the straggler's share: every device but the straggler waits for it inside
        // the all-reduce, mostly after BP end, which would read as unhidden communication.
        double causedByStraggler = 0;
        if (haveStraggler)
            for (const auto &[id, d] : dev)
                if (id != stragglerDevice)
                    causedByStraggler += std::min(d.notOverlappedNs,
                                                  std::max(0.0, d.notifyWaitNs - stragglerWaitPerIter * d.iterations));
        notOvSum = std::max(0.0, notOvSum - causedByStraggler);
        const double share = iterSum > 0 ? notOvSum / iterSum : 0;
        if (share >= o.commShareInfo) {
            Finding f;
            f.id = "comm-not-overlapped";
            f.severity = grade(share, o.commShareWarning, o.commShareCritical);
            f.title = Ctx::tr("Communication is not hidden behind computation");
            f.evidence = Ctx::tr("Communication (Not Overlapped) takes %1 % of the iteration time: %2 ms per "
                                 "iteration in which the devices only exchange gradients.")
                             .arg(pct(share), ms(notOvSum / itCount));
            f.suggestion = Ctx::tr("Split the gradients into more all-reduce segments (or move the split points) so "
                                   "reduction starts while backward still runs; fuse small gradients into fewer, larger "
                                   "all-reduces; check the link speed between the devices.");
            f.figures = {{"not_overlapped_share", share}, {"not_overlapped_ns_per_iteration", notOvSum / itCount}};
            f.devices = devicesOf([&](const DeviceAcc &d) { return d.iterationNs > 0 && d.notOverlappedNs >= o.commShareInfo * d.iterationNs; });
            f.iterations = itsOf(&DeviceAcc::commIts);
            f.focusDevice = longestNotOverlapped.device;
            f.focusStart = longestNotOverlapped.start;
            f.focusEnd = longestNotOverlapped.start + std::max<TimeNs>(0, longestNotOverlapped.duration);
            out.push_back(std::move(f));
        }
    }

    // --- memory-bound / low-cube-utilization (need PMU ratios) ------------------------
    if (macIdx >= 0 && aicoreTotalNs > 0) {
        struct Hit { double time; std::string type; double value; };
        std::vector<Hit> mem, cube;
        for (const auto &[type, a] : types) {
            if (a.pmuNs <= 0) continue;
            const double mac = a.mac / a.pmuNs, vec = a.vec / a.pmuNs, mte2 = a.mte2 / a.pmuNs;
            // Vector ops (elementwise, normalisation, optimizer) stream their tensors once and
            // are memory-bound on any chip; cube ops should be compute-bound, so only they count.
            if (isCubeType(type) && mte2Idx >= 0 && vecIdx >= 0) {
                const auto mb = memoryBound(mte2, mac, vec);
                if (mb && *mb > o.memoryBoundRatio) mem.push_back({a.timeNs, type, *mb});
            }
            if (isCubeType(type) && mac < o.lowMacRatio) cube.push_back({a.timeNs, type, mac});
        }
        const auto byTime = [](const Hit &x, const Hit &y) { return x.time != y.time ? x.time > y.time : x.type < y.type; };
        std::sort(mem.begin(), mem.end(), byTime);
        std::sort(cube.begin(), cube.end(), byTime);
        const auto sum = [](const std::vector<Hit> &v) { double s = 0; for (const Hit &h : v) s += h.time; return s; };
        const auto listTop = [&](const std::vector<Hit> &v, int decimals) {
            QStringList l;
            for (size_t i = 0; i < v.size() && i < 3; ++i)
                l << Ctx::tr("%1 (%2 % of AI Core time, %3)").arg(QString::fromStdString(v[i].type), pct(v[i].time / aicoreTotalNs),
                                                                    QString::number(v[i].value, 'f', decimals));
            return l.join(QStringLiteral(", "));
        };
        const auto focusOn = [&](Finding &f, const std::string &type) {
            const TypeAcc &a = types[type];
            f.focusDevice = a.dev;
            f.focusStream = a.stream;
            f.focusStart = a.start;
            f.focusEnd = a.end;
        };
        const double memShare = sum(mem) / aicoreTotalNs;
        if (!mem.empty() && memShare >= o.memoryShareInfo) {
            Finding f;
            f.id = "memory-bound";
            f.severity = grade(memShare, o.memoryShareWarning, o.memoryShareCritical);
            f.title = Ctx::tr("Convolutions and matrix products are memory-bound");
            f.evidence = Ctx::tr("Cube op types (convolutions, matrix products) whose memory_bound (mte2_ratio / max(mac_ratio, vec_ratio)) is above %1 take "
                                 "%2 % of the AI Core time (%3 ms per iteration). Largest: %4.")
                             .arg(QString::number(o.memoryBoundRatio, 'f', 1), pct(memShare), ms(sum(mem) / itCount),
                                  listTop(mem, 2));
            f.suggestion = Ctx::tr("These ops wait for data from memory rather than compute: they move many bytes "
                                   "for few multiply-adds (thin channels, batch 1, large weights for one row). Use a "
                                   "bigger batch so weights are reused, fuse them with their neighbours so "
                                   "intermediate tensors stay on chip, retile them to reuse loaded data, and use "
                                   "float16 (mixed precision) to halve the bytes moved.");
            f.figures = {{"memory_bound_share", memShare}, {"memory_bound_ns_per_iteration", sum(mem) / itCount}};
            for (const Hit &h : mem)
                if (int(f.ops.size()) < o.maxOps) f.ops.push_back(h.type);
            f.devices = devicesOf([](const DeviceAcc &) { return true; });
            focusOn(f, mem.front().type);
            out.push_back(std::move(f));
        }
        const double cubeShare = sum(cube) / aicoreTotalNs;
        if (!cube.empty() && cubeShare >= o.cubeShareInfo) {
            Finding f;
            f.id = "low-cube-utilization";
            f.severity = grade(cubeShare, o.cubeShareWarning, o.cubeShareCritical);
            f.title = Ctx::tr("Convolutions and matrix products use the cube unit poorly");
            f.evidence = Ctx::tr("Cube ops with a mean mac_ratio below %1 take %2 % of the AI Core time (%3 ms per "
                                 "iteration). Largest: %4.")
                             .arg(QString::number(o.lowMacRatio, 'f', 2), pct(cubeShare), ms(sum(cube) / itCount),
                                  listTop(cube, 3));
            f.suggestion = Ctx::tr("The 16×16×16 cube is mostly idle for these shapes. Use mixed precision (float16 "
                                   "runs the cube at 4× the float32 rate), make channel counts and matrix dimensions "
                                   "multiples of 16, and use a batch large enough to fill the tiles.");
            f.figures = {{"low_mac_share", cubeShare}, {"low_mac_ns_per_iteration", sum(cube) / itCount}};
            for (const Hit &h : cube)
                if (int(f.ops.size()) < o.maxOps) f.ops.push_back(h.type);
            f.devices = devicesOf([](const DeviceAcc &) { return true; });
            focusOn(f, cube.front().type);
            out.push_back(std::move(f));
        }
    }

    std::sort(out.begin(), out.end(), [](const Finding &a, const Finding &b) {
        if (a.severity != b.severity) return int(a.severity) > int(b.severity);
        return a.id < b.id;
    });
    return out;
}

QJsonObject findingToJson(const Finding &f)
{
    QJsonObject figures;
    for (const auto &[name, value] : f.figures)
        figures.insert(QString::fromStdString(name), std::isfinite(value) ? QJsonValue(value) : QJsonValue());
    QJsonArray devices, iterations, ops;
    for (auto d : f.devices) devices.append(int(d));
    for (auto i : f.iterations) iterations.append(qint64(i));
    for (const auto &o : f.ops) ops.append(QString::fromStdString(o));
    QJsonObject focus{{QStringLiteral("device"), int(f.focusDevice)},
                      {QStringLiteral("stream"), qint64(f.focusStream)},
                      {QStringLiteral("start"), qint64(f.focusStart)},
                      {QStringLiteral("end"), qint64(f.focusEnd)}};
    return QJsonObject{{QStringLiteral("id"), QString::fromStdString(f.id)},
                       {QStringLiteral("severity"), QString::fromLatin1(severityName(f.severity))},
                       {QStringLiteral("title"), f.title},
                       {QStringLiteral("evidence"), f.evidence},
                       {QStringLiteral("suggestion"), f.suggestion},
                       {QStringLiteral("figures"), figures},
                       {QStringLiteral("devices"), devices},
                       {QStringLiteral("iterations"), iterations},
                       {QStringLiteral("ops"), ops},
                       {QStringLiteral("focus"), focus}};
}

} // namespace npuscope::analysis
