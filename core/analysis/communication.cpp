#include "core/analysis/communication.h"

#include "core/analysis/overlap.h"

#include <algorithm>
#include <map>
#include <set>
#include <string_view>
#include <tuple>

namespace npuscope::analysis {

namespace {

constexpr double kNsPerMs = 1e6;
constexpr double kBytesPerMB = 1e6; // torch_npu's MB: its per-packet sizes are bytes / 10^6

double ratio(double part, double other)
{
    const double whole = part + other;
    return whole > 0 ? part / whole : -1.0;
}

double bandwidth(double sizeMB, double timeMs) { return timeMs > 0 ? sizeMB / timeMs : -1.0; }

bool cancelled(const std::atomic<bool> *c) { return c && c->load(std::memory_order_relaxed); }

std::map<std::uint16_t, std::int64_t> ranksOfDevices(const TraceReader &reader)
{
    std::map<std::uint16_t, std::int64_t> m;
    for (const DeviceInfo &d : reader.sessionInfo().devices)
        m[d.id] = std::int64_t(d.rankId);
    return m;
}

// Adds one link's size and time to a list kept sorted by transport name.
void addLink(std::vector<CommLinkFigures> &links, const std::string &transport, double sizeMB, double timeMs)
{
    auto it = std::lower_bound(links.begin(), links.end(), transport,
                               [](const CommLinkFigures &l, const std::string &t) { return l.transport < t; });
    if (it == links.end() || it->transport != transport)
        it = links.insert(it, CommLinkFigures{transport, 0, 0, -1});
    it->sizeMB += sizeMB;
    it->timeMs += timeMs;
}

void finishLinks(std::vector<CommLinkFigures> &links)
{
    for (CommLinkFigures &l : links)
        l.bandwidthGBps = bandwidth(l.sizeMB, l.timeMs);
}

struct CellKey {
    std::uint32_t src, dst;
    auto operator<=>(const CellKey &) const = default;
};
using CellMap = std::map<CellKey, CommMatrixCell>;

void addCell(CellMap &m, std::uint32_t src, std::uint32_t dst, const std::string &transport, double sizeMB, double timeMs)
{
    CommMatrixCell &c = m[CellKey{src, dst}];
    c.srcRank = src;
    c.dstRank = dst;
    if (c.transport.empty())
        c.transport = transport;
    c.sizeMB += sizeMB;
    c.timeMs += timeMs;
}

CommMatrix toMatrix(std::string name, const CellMap &m)
{
    CommMatrix out;
    out.name = std::move(name);
    for (const auto &kv : m) {
        CommMatrixCell c = kv.second;
        c.bandwidthGBps = bandwidth(c.sizeMB, c.timeMs);
        out.cells.push_back(std::move(c));
    }
    return out;
}

// ---- The profiler's own figures ---------------------------------------------------------

void fromProfiler(const TraceReader &reader, CommunicationAnalysis &out)
{
    const auto rankOf = ranksOfDevices(reader);
    using OpKey = std::tuple<std::uint16_t, StrId, StrId, StrId>; // device, step, type, op
    std::map<OpKey, std::size_t> index;
    for (const CommOpStatRecord &r : reader.commOpStats()) {
        CommOpRank o;
        o.step = std::string(reader.string(r.step));
        o.type = std::string(reader.string(r.type));
        const std::string_view full = reader.string(r.op);
        o.op = std::string(full.substr(0, std::min(full.size(), full.rfind('@'))));
        o.group = std::string(reader.string(r.group));
        o.device = r.device;
        if (auto it = rankOf.find(r.device); it != rankOf.end())
            o.rank = it->second;
        o.start = r.start;
        o.elapseMs = r.elapseMs;
        o.transitMs = r.transitMs;
        o.waitMs = r.waitMs;
        o.syncMs = r.syncMs;
        o.idleMs = r.idleMs;
        index.emplace(OpKey{r.device, r.step, r.type, r.op}, out.ops.size());
        out.ops.push_back(std::move(o));
    }
    for (const CommBandwidthRecord &b : reader.commBandwidth()) {
        auto it = index.find(OpKey{b.device, b.step, b.type, b.op});
        if (it == index.end() || (b.sizeMB <= 0 && b.timeMs <= 0))
            continue; // a link type this op did not use: no figure, not a zero bandwidth
        CommOpRank &o = out.ops[it->second];
        addLink(o.links, std::string(reader.string(b.transport)), b.sizeMB, b.timeMs);
        // The profiler's own bandwidth (rounded as it wrote it) where it measured a time.
        for (CommLinkFigures &l : o.links)
            if (l.transport == reader.string(b.transport))
                l.bandwidthGBps = b.timeMs > 0 ? b.bandwidthGBps : -1.0;
    }

    // torch_npu writes, per op type and group, the "-total" sum over its ops besides single
    // ops picked by bandwidth (top1, middle, bottom1..3); summing those picks would count
    // links twice, so the totals are used when present.
    const auto records = reader.commMatrix();
    bool haveTotals = false;
    for (const CommMatrixRecord &m : records)
        haveTotals = haveTotals || reader.string(m.op).find("-total@") != std::string_view::npos;
    std::map<std::string, CellMap> byName;
    CellMap all;
    std::set<std::tuple<StrId, StrId, StrId, std::uint32_t, std::uint32_t>> seen; // one report of a link per step
    for (const CommMatrixRecord &m : records) {
        const std::string_view name = reader.string(m.op);
        if (haveTotals && name.find("-total@") == std::string_view::npos)
            continue;
        if (!seen.emplace(m.step, m.type, m.op, m.srcRank, m.dstRank).second)
            continue;
        const std::string transport(reader.string(m.transport));
        addCell(byName[std::string(name)], m.srcRank, m.dstRank, transport, m.sizeMB, m.timeMs);
        addCell(all, m.srcRank, m.dstRank, transport, m.sizeMB, m.timeMs);
    }
    if (!all.empty())
        out.matrices.push_back(toMatrix(std::string(), all));
    for (const auto &kv : byName)
        out.matrices.push_back(toMatrix(kv.first, kv.second));
}

// ---- Derived from collective ops and HCCL tasks (msprof's definitions) -------------------

bool isDataTask(std::string_view name) { return name == "Memcpy" || name == "Reduce_Inline"; }

// The link-type bucket msprof files an SDMA copy under: HCCS, PCIE and SIO by name, every
// other link (reserved, invalid, unknown) as plain SDMA.
std::string sdmaBucket(std::string_view link)
{
    if (link == "HCCS" || link == "HCCS_SW")
        return "HCCS";
    if (link == "PCIE" || link == "SIO")
        return std::string(link);
    return "SDMA";
}

void fromHcclTasks(const TraceReader &reader, CommunicationAnalysis &out, const std::atomic<bool> *cancel)
{
    const auto rankOf = ranksOfDevices(reader);
    std::map<std::string, CellMap> byType;
    CellMap all;
    for (const IterationKey &k : reader.iterations()) {
        if (cancelled(cancel))
            return;
        std::vector<CollectiveOpRecord> ops;
        reader.forEachCollective(k, [&ops](const CollectiveOpRecord &c) { ops.push_back(c); return true; });
        if (ops.empty())
            continue;
        std::vector<HcclTaskRecord> tasks;
        reader.forEachHcclTask(k, [&tasks](const HcclTaskRecord &h) { tasks.push_back(h); return true; });
        // msprof gives a task to the op whose window holds the task's end.
        std::sort(tasks.begin(), tasks.end(), [](const HcclTaskRecord &a, const HcclTaskRecord &b) {
            return a.start + a.duration < b.start + b.duration;
        });
        for (const CollectiveOpRecord &c : ops) {
            const TimeNs s = c.start, e = c.start + c.duration;
            auto first = std::lower_bound(tasks.begin(), tasks.end(), s, [](const HcclTaskRecord &h, TimeNs t) {
                return h.start + h.duration < t;
            });
            // msprof times an op on its main stream: the stream of its lowest plane (one
            // stream for every plane on a 910B, one per plane on a 910).
            auto last = first;
            std::uint32_t lowestPlane = UINT32_MAX, mainStream = 0;
            for (; last != tasks.end() && last->start + last->duration <= e; ++last)
                if (last->plane < lowestPlane) {
                    lowestPlane = last->plane;
                    mainStream = last->streamId;
                }

            CommOpRank o;
            o.step = std::to_string(k.iteration);
            const std::string_view full = reader.string(c.name);
            const std::string_view opType = reader.string(c.opType);
            o.type = opType == "Send" || opType == "Receive" ? "p2p" : "collective";
            // An emulated LLM session names the group as communication.json does: "<op>@<group>".
            const size_t at = full.rfind('@');
            o.op = std::string(full.substr(0, at));
            if (at != std::string_view::npos)
                o.group = std::string(full.substr(at + 1));
            o.device = c.device;
            if (auto it = rankOf.find(c.device); it != rankOf.end())
                o.rank = it->second;
            o.start = s;
            o.elapseMs = double(c.duration) / kNsPerMs;
            std::vector<Interval> transit, wait;
            CellMap &typeCells = byType[std::string(reader.string(c.opType))];
            for (auto t = first; t != last; ++t) {
                const std::string_view name = reader.string(t->name);
                const std::string_view transport = reader.string(t->transportType);
                const std::string_view link = reader.string(t->linkType);
                const bool rdma = transport == "RDMA";
                const bool moves = isDataTask(name) && (rdma || (transport == "SDMA" && link != "ON_CHIP"));
                // Only the part inside the op's window counts for it.
                const Interval in{std::max(t->start, s), std::min(t->start + t->duration, e)};
                if (t->streamId == mainStream && in.end > in.start) {
                    if (moves)
                        transit.push_back(in);
                    else if (name == "Notify_Wait")
                        wait.push_back(in);
                }
                if (!isDataTask(name) || t->sizeBytes == 0)
                    continue;
                const double mb = double(t->sizeBytes) / kBytesPerMB, msDur = double(t->duration) / kNsPerMs;
                if (moves)
                    addLink(o.links, rdma ? std::string("RDMA") : sdmaBucket(link), mb, msDur);
                if (t->dstRank != kInvalidId) {
                    const std::string lt = link.empty() || link == "INVALID_TYPE" ? std::string(transport) : std::string(link);
                    addCell(typeCells, t->srcRank, t->dstRank, lt, mb, msDur);
                    addCell(all, t->srcRank, t->dstRank, lt, mb, msDur);
                }
            }
            // SDMA is the sum of every SDMA copy, whatever its link (as msprof reports it).
            double sdmaMB = 0, sdmaMs = 0;
            bool anySdma = false;
            for (const CommLinkFigures &l : o.links)
                if (l.transport != "RDMA") {
                    sdmaMB += l.sizeMB;
                    sdmaMs += l.timeMs;
                    anySdma = true;
                }
            if (anySdma) {
                auto sd = std::find_if(o.links.begin(), o.links.end(), [](const CommLinkFigures &l) { return l.transport == "SDMA"; });
                if (sd != o.links.end()) {
                    sd->sizeMB = sdmaMB;
                    sd->timeMs = sdmaMs;
                } else {
                    addLink(o.links, "SDMA", sdmaMB, sdmaMs);
                }
            }
            finishLinks(o.links);

            const std::vector<Interval> transitU = mergeIntervals(transit);
            const std::vector<Interval> waitU = subtractIntervals(mergeIntervals(wait), transitU);
            auto total = [](const std::vector<Interval> &v) {
                TimeNs n = 0;
                for (const Interval &i : v) n += i.end - i.start;
                return n;
            };
            TimeNs syncNs = 0;
            const TimeNs firstTransit = transitU.empty() ? e : transitU.front().start;
            for (const Interval &i : waitU)
                if (i.start < firstTransit)
                    syncNs += std::min(i.end, firstTransit) - i.start;
            std::vector<Interval> busy = transit;
            busy.insert(busy.end(), wait.begin(), wait.end());
            o.transitMs = double(total(transitU)) / kNsPerMs;
            o.waitMs = double(total(waitU)) / kNsPerMs;
            o.syncMs = double(syncNs) / kNsPerMs;
            o.idleMs = double(c.duration - total(mergeIntervals(busy))) / kNsPerMs;
            out.ops.push_back(std::move(o));
        }
    }
    if (!all.empty())
        out.matrices.push_back(toMatrix(std::string(), all));
    for (const auto &kv : byType)
        if (!kv.second.empty())
            out.matrices.push_back(toMatrix(kv.first, kv.second));
}

} // namespace

double CommOpRank::waitRatio() const { return ratio(waitMs, transitMs); }
double CommOpRank::syncRatio() const { return ratio(syncMs, transitMs); }
double CommRankTotals::waitRatio() const { return ratio(waitMs, transitMs); }
double CommRankTotals::syncRatio() const { return ratio(syncMs, transitMs); }

std::uint32_t CommMatrix::rankCount() const
{
    std::uint32_t n = 0;
    for (const CommMatrixCell &c : cells)
        n = std::max({n, c.srcRank + 1, c.dstRank + 1});
    return n;
}

CommunicationAnalysis analyzeCommunication(const TraceReader &reader, const std::atomic<bool> *cancel)
{
    CommunicationAnalysis out;
    fromProfiler(reader, out);
    if (!out.empty())
        out.source = CommSource::Profiler;
    else {
        fromHcclTasks(reader, out, cancel);
        if (!out.empty())
            out.source = CommSource::HcclTasks;
    }
    // One op's ranks together, ops in the order they started, ranks in order.
    std::map<std::tuple<std::string, std::string, std::string>, TimeNs> firstStart;
    for (const CommOpRank &o : out.ops) {
        auto [it, fresh] = firstStart.try_emplace({o.step, o.type, o.op}, o.start);
        if (!fresh)
            it->second = std::min(it->second, o.start);
    }
    std::stable_sort(out.ops.begin(), out.ops.end(), [&firstStart](const CommOpRank &a, const CommOpRank &b) {
        const TimeNs fa = firstStart.at({a.step, a.type, a.op}), fb = firstStart.at({b.step, b.type, b.op});
        return std::tie(fa, a.step, a.op, a.rank, a.device) < std::tie(fb, b.step, b.op, b.rank, b.device);
    });

    std::map<std::pair<std::int64_t, std::uint16_t>, CommRankTotals> totals; // by rank, then device
    for (const CommOpRank &o : out.ops) {
        CommRankTotals &t = totals[{o.rank, o.device}];
        t.device = o.device;
        t.rank = o.rank;
        ++t.ops;
        t.elapseMs += o.elapseMs;
        t.transitMs += o.transitMs;
        t.waitMs += o.waitMs;
        t.syncMs += o.syncMs;
        t.idleMs += o.idleMs;
        for (const CommLinkFigures &l : o.links)
            addLink(t.links, l.transport, l.sizeMB, l.timeMs);
    }
    for (auto &kv : totals) {
        finishLinks(kv.second.links);
        out.ranks.push_back(std::move(kv.second));
    }

    // Who waits for whom is read from the collectives when the session also has pipeline
    // sends and receives: a receive waits for the previous stage by design (that wait is
    // the pipeline's bubble, its own finding), and counting it would name a slow rank in a
    // balanced pipeline. Every rank's totals above still include them.
    const bool hasP2p = std::any_of(out.ops.begin(), out.ops.end(), [](const CommOpRank &o) { return o.type == "p2p"; });
    const bool hasCollective =
        std::any_of(out.ops.begin(), out.ops.end(), [](const CommOpRank &o) { return o.type == "collective"; });
    std::vector<CommRankTotals> judged;
    if (hasP2p && hasCollective) {
        std::map<std::pair<std::int64_t, std::uint16_t>, CommRankTotals> collective;
        for (const CommOpRank &o : out.ops)
            if (o.type == "collective") {
                CommRankTotals &t = collective[{o.rank, o.device}];
                t.waitMs += o.waitMs;
                t.transitMs += o.transitMs;
                t.syncMs += o.syncMs;
            }
        for (const CommRankTotals &r : out.ranks) {
            const auto it = collective.find({r.rank, r.device});
            judged.push_back(it == collective.end() ? CommRankTotals{} : it->second);
        }
    }
    auto judge = [&](int i) -> const CommRankTotals & {
        return judged.empty() ? out.ranks[std::size_t(i)] : judged[std::size_t(i)];
    };
    for (int i = 0; i < int(out.ranks.size()); ++i) {
        const double w = judge(i).waitRatio();
        if (w < 0)
            continue;
        if (out.mostWaitRank < 0 || w > judge(out.mostWaitRank).waitRatio())
            out.mostWaitRank = i;
        if (out.leastWaitRank < 0 || w < judge(out.leastWaitRank).waitRatio())
            out.leastWaitRank = i;
    }
    if (out.ranks.size() >= 2 && out.mostWaitRank >= 0 && out.leastWaitRank != out.mostWaitRank) {
        const CommRankTotals &most = judge(out.mostWaitRank);
        const CommRankTotals &least = judge(out.leastWaitRank);
        // Ranks that all wait alike point at no one.
        if (most.waitRatio() > least.waitRatio() && most.waitRatio() > CommunicationAnalysis::kWaitThreshold
            && most.syncRatio() > CommunicationAnalysis::kWaitThreshold)
            out.slowestRank = out.leastWaitRank;
    }
    return out;
}

} // namespace npuscope::analysis
