#include "core/analysis/advisor_rules.h"

#include "core/analysis/op_tables.h"
#include "core/text/display.h"

#include <QCoreApplication>
#include <QStringList>
#include <algorithm>
#include <set>

namespace npuscope::analysis {

namespace {

struct Ctx { Q_DECLARE_TR_FUNCTIONS(Advisor) };

// Figures in the sentences read in the user's locale; the sentences carry the units.
QString ms(double ns) { return display::number(ns / 1e6, 2); }
QString us(double ns) { return display::number(ns / 1e3, 1); }
QString pct(double share) { return display::percent(share, 1); }

// The device whose member is largest (the first on ties), for "show in timeline".
template <class T>
std::pair<std::uint16_t, const DeviceFacts *> worstDevice(const AdvisorFacts &facts, T DeviceFacts::*member)
{
    std::pair<std::uint16_t, const DeviceFacts *> w{0, nullptr};
    for (const auto &[id, d] : facts.devices)
        if (!w.second || d.*member > w.second->*member)
            w = {id, &d};
    return w;
}

// The sum of a member over the devices.
double sumOver(const AdvisorFacts &facts, double DeviceFacts::*member)
{
    double s = 0;
    for (const auto &[id, d] : facts.devices)
        s += d.*member;
    return s;
}

// Cube op types whose PMU ratios say something, with the ratio a rule is about.
struct CubeHit {
    double timeNs;
    std::string type;
    double value;
};

// The cube op types with PMU ratios whose ratio `of` picks out (a value, or nothing),
// largest time first. Vector ops (elementwise, normalisation, optimizer) stream their tensors
// once and are memory-bound on any chip; cube ops should be compute-bound, so only they count.
template <class Of>
std::vector<CubeHit> cubeHits(const AdvisorFacts &facts, Of of)
{
    std::vector<CubeHit> v;
    for (const auto &[type, a] : facts.aicoreTypes)
        if (a.pmuNs > 0 && isCubeType(type))
            if (const std::optional<double> value = of(a))
                v.push_back({a.timeNs, type, *value});
    std::sort(v.begin(), v.end(), [](const CubeHit &x, const CubeHit &y) {
        return x.timeNs != y.timeNs ? x.timeNs > y.timeNs : x.type < y.type;
    });
    return v;
}

// The hits' AI Core time: its share of all AI Core time and its time per iteration.
struct CubeShare {
    double share;
    double perIterationNs;
};

// Nothing when there is no hit or their share stays below `info`.
std::optional<CubeShare> cubeShare(const AdvisorFacts &facts, const std::vector<CubeHit> &hits, double info)
{
    double time = 0;
    for (const CubeHit &h : hits) time += h.timeNs;
    const double share = time / facts.aicoreNs;
    if (hits.empty() || share < info)
        return std::nullopt;
    return CubeShare{share, time / facts.iterations};
}

QString listTop(const std::vector<CubeHit> &v, double aicoreNs, int decimals)
{
    QStringList l;
    for (size_t i = 0; i < v.size() && i < 3; ++i)
        l << Ctx::tr("%1 (%2 % of AI Core time, %3)").arg(QString::fromStdString(v[i].type), pct(v[i].timeNs / aicoreNs),
                                                          display::number(v[i].value, decimals));
    return l.join(QStringLiteral(", "));
}

void focusOn(Finding &f, const OpFacts &a)
{
    f.focusDevice = a.device;
    f.focusStream = a.stream;
    f.focusStart = a.start;
    f.focusEnd = a.end;
}

// What both cube rules end with: the hits' op types, every device, the largest type in focus.
void finishCubeFinding(Finding &f, const AdvisorFacts &facts, const std::vector<CubeHit> &hits, const AdvisorOptions &o)
{
    for (const CubeHit &h : hits)
        if (int(f.ops.size()) < o.maxOps) f.ops.push_back(h.type);
    f.devices = facts.allDevices();
    focusOn(f, facts.aicoreTypes.at(hits.front().type));
}

// The devices where `part` is at least `share` of `whole` (their iteration time unless said).
std::vector<std::uint16_t> devicesWithShare(const AdvisorFacts &facts, double DeviceFacts::*part, double share,
                                            double DeviceFacts::*whole = &DeviceFacts::iterationNs)
{
    return facts.devicesWhere([&](const DeviceFacts &d) { return d.*whole > 0 && d.*part >= share * d.*whole; });
}

// The longest stretch of communication nothing computes during, in focus.
void focusOnLongestNotOverlapped(Finding &f, const AdvisorFacts &facts)
{
    f.focusStart = facts.longestNotOverlappedStart;
    f.focusEnd = addTime(facts.longestNotOverlappedStart, std::max<TimeNs>(0, facts.longestNotOverlappedNs));
}

} // namespace

Severity grade(double share, double warning, double critical)
{
    if (share >= critical) return Severity::Critical;
    if (share >= warning) return Severity::Warning;
    return Severity::Info;
}

Finding gradedFinding(const char *id, double share, double warning, double critical)
{
    Finding f;
    f.id = id;
    f.severity = grade(share, warning, critical);
    return f;
}

std::optional<Finding> inputBoundRule(const AdvisorFacts &facts, const AdvisorOptions &o)
{
    if (facts.iterations == 0)
        return std::nullopt;
    const double share = facts.iterationNs > 0 ? facts.dataAugNs / facts.iterationNs : 0;
    if (share < o.inputShareInfo)
        return std::nullopt;
    Finding f = gradedFinding("input-bound", share, o.inputShareWarning, o.inputShareCritical);
    f.title = Ctx::tr("Training waits for input data");
    f.evidence = Ctx::tr("Data Aug Bound (the wait from the previous iteration's end to FP start) is %1 % of the "
                         "iteration time: %2 ms of %3 ms per iteration on average.")
                     .arg(pct(share), ms(facts.dataAugNs / facts.iterations), ms(facts.meanIterationNs()));
    f.suggestion = Ctx::tr("The host input pipeline cannot keep up with the device. Raise the dataset's "
                           "prefetch buffer and num_parallel_calls of map(), move augmentation to the device "
                           "or preprocess offline, and cache decoded data where it fits.");
    f.figures = {{"data_aug_bound_share", share}, {"data_aug_bound_ns", facts.dataAugNs / facts.iterations},
                 {"iteration_ns", facts.meanIterationNs()}};
    f.devices = devicesWithShare(facts, &DeviceFacts::dataAugNs, o.inputShareInfo);
    f.iterations = facts.iterationsIn(&DeviceFacts::inputIterations);
    const auto [id, w] = worstDevice(facts, &DeviceFacts::worstDataAugNs);
    f.focusDevice = id;
    f.focusStart = w->dataAugStart;
    f.focusEnd = w->dataAugEnd;
    return f;
}

std::optional<Straggler> findStraggler(const AdvisorFacts &facts, const AdvisorOptions &o)
{
    if (facts.devices.size() < 2)
        return std::nullopt;
    // The device with the most AI Core time per iteration against the median of the others
    // (of its peers, when devices do different work: pipeline stages).
    const auto peers = [&](std::uint16_t a, std::uint16_t b) {
        if (facts.peerGroup.empty())
            return true;
        const auto x = facts.peerGroup.find(a), y = facts.peerGroup.find(b);
        return x != facts.peerGroup.end() && y != facts.peerGroup.end() && x->second == y->second;
    };
    const auto medianOfOthers = [&](std::uint16_t dev) {
        std::vector<double> others;
        for (const auto &[id, d] : facts.devices)
            if (id != dev && d.iterations && peers(id, dev)) others.push_back(d.aicoreNs / d.iterations);
        std::sort(others.begin(), others.end());
        return others.empty() ? 0.0 : others[others.size() / 2];
    };
    Straggler s;
    s.computeNs = -1;
    double bestExcess = -1;
    for (const auto &[id, d] : facts.devices) {
        const double c = d.iterations ? d.aicoreNs / d.iterations : 0;
        if (facts.peerGroup.empty()) {
            if (c > s.computeNs) {
                s.computeNs = c;
                s.device = id;
            }
            continue;
        }
        const double m = medianOfOthers(id);
        const double excess = m > 0 ? c / m - 1 : -1;
        if (excess > bestExcess) {
            bestExcess = excess;
            s.computeNs = c;
            s.device = id;
        }
    }
    s.othersMedianNs = medianOfOthers(s.device);
    s.excess = s.othersMedianNs > 0 ? s.computeNs / s.othersMedianNs - 1 : 0;
    if (s.othersMedianNs <= 0 || s.excess < o.stragglerExcess)
        return std::nullopt;
    const DeviceFacts &slow = facts.devices.at(s.device);
    s.ownWaitNs = slow.iterations ? slow.notifyWaitNs / slow.iterations : 0;
    int n = 0;
    for (const auto &[id, d] : facts.devices)
        if (id != s.device && d.iterations) {
            const double extra = std::max(0.0, d.notifyWaitNs / d.iterations - s.ownWaitNs);
            s.othersExtraWaitNs += extra;
            // A device's waiting is at most its own iteration (the facts keep the union of
            // its waits): each term, and so their mean, lies in [0, 1].
            const double iter = d.iterationNs / d.iterations;
            s.waitShare += iter > 0 ? std::min(1.0, extra / iter) : 0;
            ++n;
        }
    s.othersExtraWaitNs = n ? s.othersExtraWaitNs / n : 0;
    s.waitShare = n ? s.waitShare / n : 0;
    return s;
}

std::optional<Finding> stragglerRule(const AdvisorFacts &facts, const AdvisorOptions &o)
{
    if (facts.iterations == 0)
        return std::nullopt;
    const std::optional<Straggler> s = findStraggler(facts, o);
    if (!s)
        return std::nullopt;
    const double share = s->waitShare;
    Finding f = gradedFinding("straggler", share, o.stragglerShareWarning, o.stragglerShareCritical);
    f.title = Ctx::tr("Device %1 is a straggler").arg(s->device);
    f.evidence = Ctx::tr("Device %1 spends %2 ms per iteration in AI Core tasks, %3 % more than the other "
                         "devices (median %4 ms). The other devices wait for it in the all-reduce: their "
                         "NOTIFY_WAIT time is %5 ms per iteration longer than its own, %6 % of the iteration time.")
                     .arg(QString::number(s->device), ms(s->computeNs), pct(s->excess), ms(s->othersMedianNs),
                          ms(s->othersExtraWaitNs), pct(share));
    f.suggestion = Ctx::tr("All devices train at the pace of the slowest one. Check device %1: its health and "
                           "temperature (npu-smi), its link and cable, other processes on it or its host, and "
                           "whether its host feeds it data as fast as the others.").arg(s->device);
    f.figures = {{"straggler_device", double(s->device)}, {"compute_ns", s->computeNs},
                 {"others_median_compute_ns", s->othersMedianNs}, {"excess", s->excess},
                 {"others_extra_wait_ns", s->othersExtraWaitNs}, {"wait_share", share}};
    f.devices = {s->device};
    if (const auto its = facts.iterationsPerDevice.find(s->device); its != facts.iterationsPerDevice.end()) {
        f.iterations.assign(its->second.begin(), its->second.end());
        if (f.iterations.size() > 1) f.iterations.erase(f.iterations.begin()); // the warm-up
    }
    const DeviceFacts &slow = facts.devices.at(s->device);
    f.focusDevice = s->device;
    f.focusStart = slow.fpStart;
    f.focusEnd = slow.bpEnd;
    return f;
}

std::optional<Finding> aicpuFallbackRule(const AdvisorFacts &facts, const AdvisorOptions &o)
{
    if (facts.iterations == 0 || facts.fallbacks.empty())
        return std::nullopt;
    const double perIter = facts.fallbackNs / facts.iterations;
    const double meanIter = facts.meanIterationNs();
    const double share = meanIter > 0 ? perIter / meanIter : 0;
    if (share < o.aicpuShareInfo)
        return std::nullopt;
    std::vector<std::pair<double, std::string>> byTime;
    for (const auto &[name, a] : facts.fallbacks) byTime.push_back({a.timeNs, name});
    std::sort(byTime.begin(), byTime.end(), std::greater<>());
    Finding f = gradedFinding("aicpu-fallback", share, o.aicpuShareWarning, o.aicpuShareCritical);
    std::set<std::string> typeNames;
    for (const auto &[t, name] : byTime) {
        if (int(f.ops.size()) < o.maxOps) f.ops.push_back(name);
        typeNames.insert(facts.fallbacks.at(name).opType);
    }
    QStringList named;
    for (const auto &t : typeNames) named << QString::fromStdString(t);
    const OpFacts &top = facts.fallbacks.at(byTime.front().second);
    f.title = Ctx::tr("Ops fell back to the AI CPU");
    f.evidence = Ctx::tr("%n op(s) of type %1 ran on the AI CPU although the type has an AI Core kernel; they "
                         "take %2 ms per iteration (%3 % of the iteration time), the compute stream waits for "
                         "them. The longest, %4, takes %5 µs.", nullptr, int(byTime.size()))
                     .arg(named.join(QStringLiteral(", ")), ms(perIter), pct(share),
                          QString::fromStdString(byTime.front().second), us(double(top.longestNs)));
    f.suggestion = Ctx::tr("The AI Core kernel does not accept the op's input types (usually int64 or double). "
                           "Cast the inputs to int32 / float16 / float32 before the op (e.g. make labels int32), "
                           "or register an AI Core (TBE) kernel for the type.");
    f.figures = {{"fallback_ns_per_iteration", perIter}, {"fallback_share", share},
                 {"fallback_ops", double(byTime.size())}};
    f.devices = facts.allDevices();
    f.iterations.assign(facts.fallbackIterations.begin(), facts.fallbackIterations.end());
    focusOn(f, top);
    return f;
}

std::optional<Finding> launchBoundRule(const AdvisorFacts &facts, const AdvisorOptions &o)
{
    if (facts.iterations == 0)
        return std::nullopt;
    const double idleShare = facts.windowNs > 0 ? facts.idleNs / facts.windowNs : 0;
    std::vector<double> medians;
    for (const auto &[id, d] : facts.devices) medians.insert(medians.end(), d.medianKernelNs.begin(), d.medianKernelNs.end());
    std::sort(medians.begin(), medians.end());
    const double medianKernel = medians.empty() ? 0 : medians[medians.size() / 2];
    const bool tiny = !medians.empty() && medianKernel < double(o.tinyKernelNs);
    const bool sessRun = facts.mode == LaunchMode::SessRun;
    if (idleShare < o.idleShareInfo || !(tiny || sessRun))
        return std::nullopt;
    const double idlePerIter = facts.idleNs / facts.iterations;
    Finding f = gradedFinding("launch-bound", idleShare, o.idleShareWarning, o.idleShareCritical);
    f.title = Ctx::tr("The device idles between kernels (launch-bound)");
    f.evidence = Ctx::tr("Between FP start and BP end the device computes nothing %1 % of the time "
                         "(%2 ms per iteration); the median AI Core kernel takes %3 µs, so launching "
                         "kernels costs more than running them.")
                     .arg(pct(idleShare), ms(idlePerIter), us(medianKernel));
    if (sessRun)
        f.evidence += QLatin1Char(' ') + Ctx::tr("The session runs in sess.run mode: every step pays a host round trip.");
    f.suggestion = Ctx::tr("Give the device more work per launch: a bigger batch, the Estimator (or "
                           "iterations_per_loop > 1 with the dataset sunk to the device) instead of op-by-op "
                           "sess.run calls, and whole-graph (not op-by-op) execution so the host does not "
                           "dispatch every kernel.");
    f.figures = {{"idle_share", idleShare}, {"idle_ns_per_iteration", idlePerIter},
                 {"median_kernel_ns", medianKernel}, {"sess_run", sessRun ? 1.0 : 0.0}};
    f.devices = devicesWithShare(facts, &DeviceFacts::idleNs, o.idleShareInfo, &DeviceFacts::windowNs);
    f.iterations = facts.iterationsIn(&DeviceFacts::idleIterations);
    const auto [id, w] = worstDevice(facts, &DeviceFacts::longestGapNs);
    f.focusDevice = id;
    f.focusStart = w->gapStart;
    f.focusEnd = w->gapEnd;
    return f;
}

std::optional<Finding> commNotOverlappedRule(const AdvisorFacts &facts, const AdvisorOptions &o)
{
    if (facts.iterations == 0 || facts.devices.size() < 2)
        return std::nullopt;
    // Without the straggler's share: every device but the straggler waits for it inside
    // the all-reduce, mostly after BP end, which would read as unhidden communication.
    double causedByStraggler = 0;
    if (const std::optional<Straggler> s = findStraggler(facts, o))
        for (const auto &[id, d] : facts.devices)
            if (id != s->device)
                causedByStraggler += std::min(d.notOverlappedNs, std::max(0.0, d.notifyWaitNs - s->ownWaitNs * d.iterations));
    const double notOverlapped = std::max(0.0, facts.notOverlappedNs - causedByStraggler);
    const double share = facts.iterationNs > 0 ? notOverlapped / facts.iterationNs : 0;
    if (share < o.commShareInfo)
        return std::nullopt;
    Finding f = gradedFinding("comm-not-overlapped", share, o.commShareWarning, o.commShareCritical);
    f.title = Ctx::tr("Communication is not hidden behind computation");
    f.evidence = Ctx::tr("Communication (Not Overlapped) takes %1 % of the iteration time: %2 ms per "
                         "iteration in which the devices only exchange gradients.")
                     .arg(pct(share), ms(notOverlapped / facts.iterations));
    f.suggestion = Ctx::tr("Split the gradients into more all-reduce segments (or move the split points) so "
                           "reduction starts while backward still runs; fuse small gradients into fewer, larger "
                           "all-reduces; check the link speed between the devices.");
    f.figures = {{"not_overlapped_share", share}, {"not_overlapped_ns_per_iteration", notOverlapped / facts.iterations}};
    f.devices = devicesWithShare(facts, &DeviceFacts::notOverlappedNs, o.commShareInfo);
    f.iterations = facts.iterationsIn(&DeviceFacts::commIterations);
    f.focusDevice = facts.longestNotOverlappedDevice;
    focusOnLongestNotOverlapped(f, facts);
    return f;
}

// Pipeline parallelism: every stage waits in its receives while the others fill and drain
// the pipeline; 1F1B leaves (p − 1)/(m + p − 1) of the step idle with m micro-batches.
std::optional<Finding> pipelineBubbleRule(const AdvisorFacts &facts, const AdvisorOptions &o)
{
    const double receive = sumOver(facts, &DeviceFacts::receiveNs);
    if (facts.iterations == 0 || facts.iterationNs <= 0 || receive <= 0)
        return std::nullopt;
    const double share = std::clamp(receive / facts.iterationNs, 0.0, 1.0);
    if (share < o.bubbleShareInfo)
        return std::nullopt;
    Finding f = gradedFinding("pipeline-bubble", share, o.bubbleShareWarning, o.bubbleShareCritical);
    f.title = Ctx::tr("Pipeline stages wait for each other (pipeline bubble)");
    f.evidence = Ctx::tr("The stages spend %1 % of the iteration time in pipeline receives (Bubble): %2 ms per "
                         "iteration in which a stage waits for the activations or gradients of its neighbour.")
                     .arg(pct(share), ms(receive / facts.iterations));
    f.suggestion = Ctx::tr("With the 1F1B schedule (p − 1)/(m + p − 1) of a step is bubble for p stages and m "
                           "micro-batches: raise the number of micro-batches per step (a smaller micro-batch at "
                           "the same global batch), use fewer pipeline stages, or an interleaved (virtual "
                           "pipeline) schedule; balance the layers so no stage is slower than the others.");
    f.figures = {{"bubble_share", share}, {"bubble_ns_per_iteration", receive / facts.iterations}};
    f.devices = devicesWithShare(facts, &DeviceFacts::receiveNs, o.bubbleShareInfo);
    const auto [focus, w] = worstDevice(facts, &DeviceFacts::worstReceiveNs);
    f.focusDevice = focus;
    f.focusStart = w->receiveStart;
    f.focusEnd = addTime(w->receiveStart, std::max<TimeNs>(0, w->worstReceiveNs));
    return f;
}

// Tensor parallelism: the collectives inside each layer (all-reduce, or all-gather and
// reduce-scatter with sequence parallelism) that no matrix product hides.
std::optional<Finding> tpCommNotOverlappedRule(const AdvisorFacts &facts, const AdvisorOptions &o)
{
    const double exposed = sumOver(facts, &DeviceFacts::layerCommExposedNs);
    const double total = sumOver(facts, &DeviceFacts::layerCommNs);
    if (facts.iterations == 0 || facts.iterationNs <= 0 || total <= 0)
        return std::nullopt;
    const double share = std::clamp(exposed / facts.iterationNs, 0.0, 1.0);
    if (share < o.tpCommShareInfo)
        return std::nullopt;
    Finding f = gradedFinding("tp-comm-not-overlapped", share, o.tpCommShareWarning, o.tpCommShareCritical);
    f.title = Ctx::tr("Tensor-parallel communication is not overlapped");
    f.evidence = Ctx::tr("The collectives inside the layers take %1 ms per iteration, %2 % of it while nothing "
                         "computes: %3 % of the iteration time.")
                     .arg(ms(total / facts.iterations), pct(total > 0 ? exposed / total : 0), pct(share));
    f.suggestion = Ctx::tr("Overlap the tensor-parallel all-gather / reduce-scatter with the matrix products "
                           "(MindSpeed's --use-ascend-mc2 or tensor-parallel communication overlap), use sequence "
                           "parallelism, or lower the tensor-parallel size so each rank computes more per byte sent.");
    f.figures = {{"exposed_share", share}, {"exposed_ns_per_iteration", exposed / facts.iterations},
                 {"layer_comm_ns_per_iteration", total / facts.iterations}};
    f.devices = devicesWithShare(facts, &DeviceFacts::layerCommExposedNs, o.tpCommShareInfo);
    f.focusDevice = worstDevice(facts, &DeviceFacts::layerCommExposedNs).first;
    focusOnLongestNotOverlapped(f, facts);
    return f;
}

std::optional<Finding> memoryBoundRule(const AdvisorFacts &facts, const AdvisorOptions &o)
{
    if (facts.iterations == 0 || !facts.macRecorded || !facts.vecRecorded || !facts.mte2Recorded || facts.aicoreNs <= 0)
        return std::nullopt;
    const std::vector<CubeHit> hits = cubeHits(facts, [&](const OpFacts &a) -> std::optional<double> {
        const auto mb = memoryBound(a.mte2 / a.pmuNs, a.mac / a.pmuNs, a.vec / a.pmuNs);
        return mb && *mb > o.memoryBoundRatio ? mb : std::nullopt;
    });
    const std::optional<CubeShare> c = cubeShare(facts, hits, o.memoryShareInfo);
    if (!c)
        return std::nullopt;
    Finding f = gradedFinding("memory-bound", c->share, o.memoryShareWarning, o.memoryShareCritical);
    f.title = Ctx::tr("Convolutions and matrix products are memory-bound");
    f.evidence = Ctx::tr("Cube op types (convolutions, matrix products) whose memory_bound (mte2_ratio / max(mac_ratio, vec_ratio)) is above %1 take "
                         "%2 % of the AI Core time (%3 ms per iteration). Largest: %4.")
                     .arg(display::number(o.memoryBoundRatio, 1), pct(c->share), ms(c->perIterationNs),
                          listTop(hits, facts.aicoreNs, 2));
    f.suggestion = Ctx::tr("These ops wait for data from memory rather than compute: they move many bytes "
                           "for few multiply-adds (thin channels, batch 1, large weights for one row). Use a "
                           "bigger batch so weights are reused, fuse them with their neighbours so "
                           "intermediate tensors stay on chip, retile them to reuse loaded data, and use "
                           "float16 (mixed precision) to halve the bytes moved.");
    f.figures = {{"memory_bound_share", c->share}, {"memory_bound_ns_per_iteration", c->perIterationNs}};
    finishCubeFinding(f, facts, hits, o);
    return f;
}

std::optional<Finding> lowCubeUtilizationRule(const AdvisorFacts &facts, const AdvisorOptions &o)
{
    if (facts.iterations == 0 || !facts.macRecorded || facts.aicoreNs <= 0)
        return std::nullopt;
    const std::vector<CubeHit> hits = cubeHits(facts, [&](const OpFacts &a) -> std::optional<double> {
        const double mac = a.mac / a.pmuNs;
        return mac < o.lowMacRatio ? std::optional<double>(mac) : std::nullopt;
    });
    const std::optional<CubeShare> c = cubeShare(facts, hits, o.cubeShareInfo);
    if (!c)
        return std::nullopt;
    Finding f = gradedFinding("low-cube-utilization", c->share, o.cubeShareWarning, o.cubeShareCritical);
    f.title = Ctx::tr("Convolutions and matrix products use the cube unit poorly");
    f.evidence = Ctx::tr("Cube ops with a mean mac_ratio below %1 take %2 % of the AI Core time (%3 ms per "
                         "iteration). Largest: %4.")
                     .arg(display::number(o.lowMacRatio, 2), pct(c->share), ms(c->perIterationNs),
                          listTop(hits, facts.aicoreNs, 3));
    f.suggestion = Ctx::tr("The 16×16×16 cube is mostly idle for these shapes. Use mixed precision (float16 "
                           "runs the cube at 4× the float32 rate), make channel counts and matrix dimensions "
                           "multiples of 16, and use a batch large enough to fill the tiles.");
    f.figures = {{"low_mac_share", c->share}, {"low_mac_ns_per_iteration", c->perIterationNs}};
    finishCubeFinding(f, facts, hits, o);
    return f;
}

const std::vector<AdvisorRule> &advisorRules()
{
    static const std::vector<AdvisorRule> rules = {
        {"input-bound", inputBoundRule},
        {"straggler", stragglerRule},
        {"aicpu-fallback", aicpuFallbackRule},
        {"launch-bound", launchBoundRule},
        {"comm-not-overlapped", commNotOverlappedRule},
        {"memory-bound", memoryBoundRule},
        {"low-cube-utilization", lowCubeUtilizationRule},
        {"pipeline-bubble", pipelineBubbleRule},
        {"tp-comm-not-overlapped", tpCommNotOverlappedRule},
    };
    return rules;
}

} // namespace npuscope::analysis
