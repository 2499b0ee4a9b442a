#include "core/analysis/advisor_comm.h"
#include "core/analysis/advisor_rules.h"

#include <QCoreApplication>
#include <algorithm>
#include <map>

namespace npuscope::analysis {

namespace {

struct Ctx { Q_DECLARE_TR_FUNCTIONS(Advisor) };

QString ms(double v) { return QString::number(v, 'f', 2); }
QString pct(double share) { return QString::number(share * 100.0, 'f', 1); }

bool has(const std::vector<Finding> &out, const char *id)
{
    return std::any_of(out.begin(), out.end(), [id](const Finding &f) { return f.id == id; });
}

// "Rank 3", at the start of a sentence ("Device 3" when the data names no rank).
QString rankName(const CommRankTotals &r)
{
    return r.rank >= 0 ? Ctx::tr("Rank %1").arg(r.rank) : Ctx::tr("Device %1").arg(r.device);
}

// Computing + communication not overlapped + free: the parts torch_npu divides a step into.
struct StepSums { double stepMs = 0, notOverlappedMs = 0; int steps = 0; };

std::map<std::uint16_t, StepSums> stepSums(const TraceReader &reader)
{
    std::map<std::uint16_t, StepSums> m;
    for (const StepTimeRecord &s : reader.stepTimes()) {
        StepSums &d = m[s.device];
        d.stepMs += double(s.computing + s.commNotOverlapped + s.free) / 1e6;
        d.notOverlappedMs += double(s.commNotOverlapped) / 1e6;
        ++d.steps;
    }
    return m;
}

// The op of a rank where it synchronised longest: where the timeline shows the wait best.
void focusOnLongestSync(Finding &f, const CommunicationAnalysis &comm, const CommRankTotals &r)
{
    const CommOpRank *best = nullptr;
    for (const CommOpRank &o : comm.ops)
        if (o.device == r.device && o.rank == r.rank && (!best || o.syncMs > best->syncMs))
            best = &o;
    f.focusDevice = r.device;
    if (best) {
        f.focusStart = best->start;
        f.focusEnd = best->start + TimeNs(best->elapseMs * 1e6);
    }
}

// The rank the others wait for (its waits are its finding's, not communication's).
struct StragglerWait {
    double syncMs = 0;
    std::uint16_t device = 0;
};

StragglerWait adviseStraggler(const std::map<std::uint16_t, StepSums> &steps, const CommunicationAnalysis &comm,
                              const AdvisorOptions &o, std::vector<Finding> *out)
{
    StragglerWait w;
    if (comm.slowestRank >= 0 && comm.mostWaitRank >= 0 && !has(*out, "straggler")) {
        const CommRankTotals &slow = comm.ranks[std::size_t(comm.slowestRank)];
        const CommRankTotals &waiting = comm.ranks[std::size_t(comm.mostWaitRank)];
        const auto stepIt = steps.find(waiting.device);
        const StepSums st = stepIt == steps.end() ? StepSums{} : stepIt->second;
        // The waiting rank's synchronisation as a share of its step time, or of its
        // communication time when the session has no step breakdown.
        const bool perStep = st.stepMs > 0;
        const double base = perStep ? st.stepMs : waiting.elapseMs;
        const double share = base > 0 ? std::clamp(waiting.syncMs / base, 0.0, 1.0) : 0.0;
        if (share > 0) {
            w.syncMs = waiting.syncMs;
            w.device = waiting.device;
            Finding f = gradedFinding("straggler", share, o.stragglerShareWarning, o.stragglerShareCritical);
            f.title = Ctx::tr("%1 is a straggler: the other ranks wait for it").arg(rankName(slow));
            f.evidence = (perStep ? Ctx::tr("%1 spends %2 % of its wait and transfer time waiting, most of it to "
                                            "synchronise before data moves: %3 ms, %4 % of its step time. %5 waits "
                                            "least (wait ratio %6 %), so it reaches the collectives last.")
                                  : Ctx::tr("%1 spends %2 % of its wait and transfer time waiting, most of it to "
                                            "synchronise before data moves: %3 ms, %4 % of its communication time. "
                                            "%5 waits least (wait ratio %6 %), so it reaches the collectives last."))
                             .arg(rankName(waiting), pct(waiting.waitRatio()), ms(waiting.syncMs), pct(share),
                                  rankName(slow), pct(std::max(0.0, slow.waitRatio())));
            f.suggestion = Ctx::tr("Balance the work before the collectives: look at what the slow rank computes or "
                                   "loads longer than the others (uneven data shards, dynamic shapes, host-side "
                                   "work, a slower card), and compare its timeline with the waiting rank's.");
            f.figures = {{"sync_share", share},
                         {"sync_ms", waiting.syncMs},
                         {"waiting_rank_wait_ratio", waiting.waitRatio()},
                         {"slow_rank_wait_ratio", std::max(0.0, slow.waitRatio())}};
            f.devices = {slow.device};
            focusOnLongestSync(f, comm, waiting);
            out->push_back(std::move(f));
        }
    }
    return w;
}

// Communication no computation hides, from the step breakdown (imported sessions).
void adviseCommNotOverlapped(const std::map<std::uint16_t, StepSums> &steps, const StragglerWait &w,
                             const AdvisorOptions &o, std::vector<Finding> *out)
{
    if (!steps.empty() && !has(*out, "comm-not-overlapped")) {
        double worst = -1, worstMs = 0, worstStep = 0;
        std::uint16_t worstDevice = 0;
        std::vector<std::uint16_t> devices;
        for (const auto &kv : steps) {
            if (kv.second.stepMs <= 0)
                continue;
            // The straggler's waits are its finding's, not communication's.
            double notOverlapped = kv.second.notOverlappedMs;
            if (w.syncMs > 0 && kv.first == w.device)
                notOverlapped = std::max(0.0, notOverlapped - w.syncMs);
            const double share = std::clamp(notOverlapped / kv.second.stepMs, 0.0, 1.0);
            if (share >= o.commShareInfo)
                devices.push_back(kv.first);
            if (share > worst) {
                worst = share;
                worstMs = notOverlapped / kv.second.steps;
                worstStep = kv.second.stepMs / kv.second.steps;
                worstDevice = kv.first;
            }
        }
        if (worst >= o.commShareInfo) {
            Finding f = gradedFinding("comm-not-overlapped", worst, o.commShareWarning, o.commShareCritical);
            f.title = Ctx::tr("Communication is not hidden behind computation");
            f.evidence = Ctx::tr("On device %1, communication that no computation overlaps takes %2 % of the step "
                                 "time: %3 ms of %4 ms per step on average (step breakdown of the profiler).")
                             .arg(worstDevice)
                             .arg(pct(worst), ms(worstMs), ms(worstStep));
            f.suggestion = Ctx::tr("Let gradients travel while the backward pass still computes: bucket them "
                                   "(DDP bucket_cap_mb, fewer and larger all-reduces), overlap communication with "
                                   "computation, use gradient accumulation to communicate less often, or a larger "
                                   "batch per card so computation outweighs communication.");
            f.figures = {{"not_overlapped_share", worst}, {"not_overlapped_ms_per_step", worstMs},
                         {"step_ms", worstStep}};
            f.devices = devices;
            f.focusDevice = worstDevice;
            out->push_back(std::move(f));
        }
    }
}

// A link much slower than the median of its transport type.
void adviseSlowLink(const CommunicationAnalysis &comm, std::vector<Finding> *out)
{
    if (!comm.matrices.empty() && !has(*out, "slow-link")) {
        const CommMatrix &all = comm.matrices.front();
        std::map<std::string, std::vector<const CommMatrixCell *>> byType;
        for (const CommMatrixCell &c : all.cells)
            if (c.srcRank != c.dstRank && c.bandwidthGBps > 0 && c.transport != "LOCAL" && c.transport != "ON_CHIP")
                byType[c.transport].push_back(&c);
        double worstShare = -1;
        Finding best;
        for (auto &kv : byType) {
            auto &cells = kv.second;
            if (cells.size() < 3)
                continue; // too few links of the type to call one of them slow
            std::vector<double> bw;
            for (const CommMatrixCell *c : cells) bw.push_back(c->bandwidthGBps);
            std::sort(bw.begin(), bw.end());
            const double median = bw[bw.size() / 2];
            double lostMs = 0, totalMs = 0;
            const CommMatrixCell *slowest = nullptr;
            std::vector<std::string> slowLinks;
            for (const CommMatrixCell *c : cells) {
                totalMs += c->timeMs;
                if (c->bandwidthGBps < kSlowLinkFraction * median) {
                    lostMs += std::max(0.0, c->timeMs - c->sizeMB / median);
                    slowLinks.push_back(std::to_string(c->srcRank) + "-" + std::to_string(c->dstRank));
                    if (!slowest || c->bandwidthGBps < slowest->bandwidthGBps)
                        slowest = c;
                }
            }
            if (!slowest || totalMs <= 0)
                continue;
            const double share = std::clamp(lostMs / totalMs, 0.0, 1.0);
            if (share <= worstShare)
                continue;
            worstShare = share;
            Finding f = gradedFinding("slow-link", share, kSlowLinkShareWarning, kSlowLinkShareCritical);
            const QString type = QString::fromStdString(kv.first);
            f.title = Ctx::tr("A slow %1 link: rank %2 to rank %3").arg(type).arg(slowest->srcRank).arg(slowest->dstRank);
            f.evidence = Ctx::tr("The %1 link from rank %2 to rank %3 reaches %4 GB/s, %5 % of the median of the "
                                 "session's %6 %1 links (%7 GB/s). Slow %1 links lose %8 ms, %9 % of the %1 transfer "
                                 "time.")
                             .arg(type)
                             .arg(slowest->srcRank)
                             .arg(slowest->dstRank)
                             .arg(QString::number(slowest->bandwidthGBps, 'f', 2),
                                  pct(slowest->bandwidthGBps / median))
                             .arg(cells.size())
                             .arg(QString::number(median, 'f', 2), ms(lostMs), pct(share));
            f.suggestion = Ctx::tr("Check this link's health and configuration (HCCS or PCIe lanes, RoCE switch "
                                   "ports and their flow control), and whether other traffic shares it. Many small "
                                   "packets also lower a link's bandwidth: fewer, larger transfers help.");
            f.figures = {{"slow_link_share", share},
                         {"slow_link_gbps", slowest->bandwidthGBps},
                         {"median_gbps", median},
                         {"lost_ms", lostMs}};
            f.ops = slowLinks;
            best = std::move(f);
        }
        if (worstShare >= 0)
            out->push_back(std::move(best));
    }
}

} // namespace

void adviseCommunication(const TraceReader &reader, const CommunicationAnalysis &comm, const AdvisorOptions &o,
                         std::vector<Finding> *out)
{
    const auto steps = stepSums(reader);
    const StragglerWait w = adviseStraggler(steps, comm, o, out);
    adviseCommNotOverlapped(steps, w, o, out);
    adviseSlowLink(comm, out);
}

} // namespace npuscope::analysis
