#include "device/collectives.h"

#include <algorithm>
#include <cmath>

namespace npuscope::device {

namespace {

constexpr TimeNs kGap = 110;          // between two tasks of one stream
constexpr TimeNs kRemoteRecord = 250; // writing a notify to another card
constexpr TimeNs kLocalRecord = 50;
constexpr TimeNs kWaitFloor = 10;     // a wait whose notify is already set
constexpr TimeNs kUs = 1000;

// The 910 server's rings over card indices 0–7 (cards 0–3 and 4–7 are the HCCS groups).
// Each is a Hamiltonian cycle entering and leaving the other group once over PCIe; planes
// 0–3 run the first forwards, the second forwards, the second backwards, the first
// backwards, so every HCCS link carries one ring per direction (the real capture's
// neighbours: card 0 sends to 2, 3, 1, 4 on planes 0–3, card 1 to 5, 0, 2, 3).
const int kRingA[8] = {0, 2, 3, 1, 5, 7, 6, 4};
const int kRingB[8] = {0, 3, 7, 4, 5, 6, 2, 1};

std::uint64_t alignUp(std::uint64_t v, std::uint64_t q) { return (v + q - 1) / q * q; }

} // namespace

struct AllReduce::Ctx {
    int n = 0;
    std::vector<std::vector<TimeNs>> cur;  // [device][plane]: where the plane's stream is
    std::vector<std::vector<CommTask>> *tasks = nullptr;
    std::vector<std::uint64_t> slice;      // bytes one step moves, per plane
    const std::function<double(int, double)> *jitter = nullptr;
    double shared = 1.0;                   // this collective's rate factor (mesh)

    CommTask &add(int d, int plane, CommOp op, TimeNs start, TimeNs dur)
    {
        CommTask t;
        t.plane = plane;
        t.op = op;
        t.start = start;
        t.duration = std::max<TimeNs>(0, dur);
        (*tasks)[size_t(d)].push_back(t);
        return (*tasks)[size_t(d)].back();
    }
};

AllReduce::AllReduce(const ChipProfile &chip, int devicesPerServer, int servers)
    : chip_(chip), dps_(std::max(1, devicesPerServer)), servers_(std::max(1, servers))
{
    const int n = dps_ * servers_;
    if (n < 2) {
        planes_ = 0;
        return;
    }
    // HCCL's in-server algorithm: a mesh where every card has a direct link to every
    // other (the 910B server; two or four cards inside one HCCS group of a 910 server),
    // the 8-card 910 server's four rings, otherwise a single ring.
    multiStream_ = chip.topology == ServerTopology::HccsQuadsOverPcie;
    if (chip.topology == ServerTopology::HccsFullMesh)
        mesh_ = dps_ > 1;
    else
        mesh_ = dps_ == 2 || dps_ == 4;
    if (mesh_) {
        planes_ = dps_; // plane 0 on chip, plane k talks to the cards k away
        return;
    }
    std::vector<int> a, b;
    for (int i = 0; i < 8; ++i) {
        if (kRingA[i] < dps_) a.push_back(kRingA[i]);
        if (kRingB[i] < dps_) b.push_back(kRingB[i]);
    }
    for (int i = 8; i < dps_; ++i) { // servers of more than 8 cards do not exist; stay total
        a.push_back(i);
        b.push_back(i);
    }
    if (dps_ == 8) {
        planes_ = 4;
        rings_ = {a, b, {b.rbegin(), b.rend()}, {a.rbegin(), a.rend()}};
    } else {
        planes_ = 1;
        rings_ = {a};
    }
}

Link AllReduce::linkBetween(int a, int b) const
{
    if (a == b)
        return Link::OnChip;
    if (a / dps_ != b / dps_)
        return Link::Roce;
    if (chip_.topology == ServerTopology::HccsQuadsOverPcie && (a % dps_) / 4 != (b % dps_) / 4)
        return Link::Pcie;
    return Link::Hccs;
}

namespace {

// One SDMA transfer between cards: its engine queue's rate, unless the link (shared by
// `sharing` concurrent transfers in the same direction) is slower.
double transferGBps(const ChipProfile &c, Link l, int sharing)
{
    const double link = l == Link::Hccs ? c.hccsGBps : l == Link::Pcie ? c.pcieGBps : c.roceGBps;
    return std::min(c.sdmaTransferGBps, link / std::max(1, sharing));
}

} // namespace

// Reduce-scatter (reduce = true) or all-gather around the rings, every plane in lock step
// with its ring neighbours. Step s of card r on a plane: record to next (my write of step
// s−1 to you is complete), wait for prev's same record (its data to me has landed), record
// to prev (my buffer is free), wait for next's (its buffer is free), then write the step's
// chunk to next. After the last data step one more handshake closes the phase.
// interServer: the ring joins the cards of the same index in every server (over RoCE),
// reduce-scatter and all-gather of each plane's slice across servers back to back.
void AllReduce::ringPhase(Ctx &c, bool reduce, bool interServer) const
{
    const int n = c.n;
    // A mesh server crosses to the other servers on its on-chip plane alone.
    const int planes = mesh_ ? 1 : planes_;
    for (int p = 0; p < planes; ++p) {
        // members[g][i]: the ring groups (one per server, or one per card index).
        std::vector<std::vector<int>> groups;
        if (interServer) {
            for (int i = 0; i < dps_; ++i) {
                std::vector<int> g;
                for (int s = 0; s < servers_; ++s)
                    g.push_back(s * dps_ + i);
                groups.push_back(g);
            }
        } else {
            for (int s = 0; s < servers_; ++s) {
                std::vector<int> g;
                for (int i : rings_[size_t(p)])
                    g.push_back(s * dps_ + i);
                groups.push_back(g);
            }
        }
        const int size = int(groups.front().size());
        if (size < 2)
            continue;
        std::vector<int> next(static_cast<size_t>(n), -1), prev(static_cast<size_t>(n), -1);
        for (const auto &g : groups)
            for (int i = 0; i < size; ++i) {
                next[size_t(g[size_t(i)])] = g[size_t((i + 1) % size)];
                prev[size_t(g[size_t(i)])] = g[size_t((i + size - 1) % size)];
            }
        // The part of the card's data this plane carries: its slice of the shard (rings) or
        // the card's own chunk (mesh); across servers each step moves 1/servers of it.
        auto partOf = [&](int d) { return mesh_ ? c.slice[size_t(d % dps_)] : c.slice[size_t(p)]; };
        // Inter-server rings reduce then gather in one go; the in-server ones do one phase.
        const int dataSteps = interServer ? 2 * (size - 1) : size - 1;
        const std::uint64_t nidBase = 24 + 32 * std::uint64_t(p) + (interServer ? 512 : 0);
        std::vector<TimeNs> a(static_cast<size_t>(n)), w1(static_cast<size_t>(n)), b(static_cast<size_t>(n));
        for (int s = 0; s <= dataSteps; ++s) {
            for (int d = 0; d < n; ++d)
                a[size_t(d)] = c.cur[size_t(d)][size_t(p)];
            for (int d = 0; d < n; ++d) {
                const int nx = next[size_t(d)], pv = prev[size_t(d)];
                CommTask &r0 = c.add(d, p, CommOp::NotifyRecord, a[size_t(d)], kRemoteRecord);
                r0.peer = std::uint32_t(nx);
                r0.notifyId = (std::uint64_t(nx) << 32) | (nidBase + 8);
                const TimeNs ws = a[size_t(d)] + kRemoteRecord + kGap;
                const TimeNs we = std::max(ws + kWaitFloor, a[size_t(pv)] + kRemoteRecord + TimeNs(chip_.notifyLatencyNs));
                CommTask &w = c.add(d, p, CommOp::NotifyWait, ws, we - ws);
                w.peer = std::uint32_t(pv);
                w.notifyId = nidBase;
                w1[size_t(d)] = we;
                b[size_t(d)] = we + kGap;
                CommTask &r1 = c.add(d, p, CommOp::NotifyRecord, b[size_t(d)], kRemoteRecord);
                r1.peer = std::uint32_t(pv);
                r1.notifyId = (std::uint64_t(pv) << 32) | (nidBase + 16);
            }
            for (int d = 0; d < n; ++d) {
                const int nx = next[size_t(d)];
                const TimeNs ws = b[size_t(d)] + kRemoteRecord + kGap;
                const TimeNs we = std::max(ws + kWaitFloor, b[size_t(nx)] + kRemoteRecord + TimeNs(chip_.notifyLatencyNs));
                CommTask &w = c.add(d, p, CommOp::NotifyWait, ws, we - ws);
                w.peer = std::uint32_t(nx);
                w.notifyId = nidBase + 24;
                TimeNs t = we + kGap;
                if (s < dataSteps) {
                    const Link link = linkBetween(d, nx);
                    const double gbps = transferGBps(chip_, link, link == Link::Roce ? planes : 1);
                    // Ring transfers vary one by one (the 910 capture: p10–p90 of one step's
                    // four planes span ±25 %).
                    const double j = std::clamp((*c.jitter)(d, 0.2), 0.6, 1.7);
                    const std::uint64_t bytes = interServer ? std::max<std::uint64_t>(1, partOf(d) / std::uint64_t(size)) : partOf(d);
                    const TimeNs dur = TimeNs(double(bytes) / gbps * j) + 2 * kUs;
                    const bool red = interServer ? s < size - 1 : reduce;
                    CommTask &x = c.add(d, p, red ? CommOp::Reduce : CommOp::Memcpy, t, dur);
                    x.peer = std::uint32_t(nx);
                    x.link = link;
                    x.bytes = bytes;
                    x.notifyId = red ? 0 : ~std::uint64_t(0);
                    t += dur;
                }
                c.cur[size_t(d)][size_t(p)] = t + kGap;
            }
        }
    }
}

// Mesh (910B): plane k of card r pushes its chunk for card r+k with an inline reduction
// (reduce-scatter) or pulls card r−k's reduced chunk (all-gather). Every plane first tells
// its peer it is ready and waits for the peer's word, the transfers start together once
// every peer has answered, and a second record/wait pair confirms they landed.
void AllReduce::meshPhase(Ctx &c, bool reduce) const
{
    const int n = c.n;
    const int k = dps_;
    auto peerOf = [&](int d, int p) {
        const int server = d / k, local = d % k;
        return server * k + (reduce ? (local + p) % k : (local - p + k) % k);
    };
    // Handshake round: every card records to each plane's peer, then waits for it.
    auto handshake = [&](std::uint64_t nid) {
        std::vector<std::vector<TimeNs>> rec(size_t(n), std::vector<TimeNs>(size_t(k), 0));
        std::vector<TimeNs> t(static_cast<size_t>(n));
        for (int d = 0; d < n; ++d) {
            // One stream (910B) or a stream per plane, each woken by the main plane (910).
            t[size_t(d)] = *std::max_element(c.cur[size_t(d)].begin(), c.cur[size_t(d)].end());
            for (int p = 1; p < k; ++p) {
                const int peer = peerOf(d, p);
                CommTask &r = c.add(d, p, CommOp::NotifyRecord, t[size_t(d)], 700);
                r.peer = std::uint32_t(peer);
                r.notifyId = (std::uint64_t(peer) << 32) | (nid + 4 * std::uint64_t(p));
                rec[size_t(d)][size_t(p)] = t[size_t(d)] + 700;
                t[size_t(d)] += 280;
            }
            t[size_t(d)] += 1200;
        }
        for (int d = 0; d < n; ++d) {
            TimeNs latest = t[size_t(d)];
            for (int p = 1; p < k; ++p) {
                // Plane p waits for its own peer's word, which that card sends on the
                // plane that points back here.
                const int from = peerOf(d, p);
                int fromPlane = 0;
                for (int q = 1; q < k; ++q)
                    if (peerOf(from, q) == d)
                        fromPlane = q;
                const TimeNs ws = t[size_t(d)] + TimeNs(740) * (p - 1);
                const TimeNs we = std::max(ws + 20, rec[size_t(from)][size_t(fromPlane)] + TimeNs(chip_.notifyLatencyNs));
                CommTask &w = c.add(d, p, CommOp::NotifyWait, ws, we - ws);
                w.peer = std::uint32_t(from);
                w.notifyId = nid + 4 * std::uint64_t(fromPlane) + 2;
                latest = std::max(latest, we);
            }
            c.cur[size_t(d)][0] = latest + 2 * kGap;
        }
    };
    handshake(reduce ? 32 : 96);
    // The transfers, all planes at once.
    for (int d = 0; d < n; ++d) {
        TimeNs t = c.cur[size_t(d)][0];
        TimeNs last = t;
        for (int p = 1; p < k; ++p) {
            const int peer = peerOf(d, p);
            // Reduce-scatter pushes the peer's chunk, all-gather pulls the peer's chunk.
            const std::uint64_t bytes = c.slice[size_t(peer % k)];
            const double gbps = transferGBps(chip_, Link::Hccs, 1);
            // A mesh's concurrent transfers move alike (the 910B capture: within 1 % of each
            // other in one collective, ±15 % from one collective to the next).
            const double j = std::clamp(c.shared * (*c.jitter)(d, 0.01), 0.6, 1.7);
            const TimeNs dur = TimeNs(double(bytes) / gbps * j) + 2 * kUs;
            CommTask &x = c.add(d, p, reduce ? CommOp::Reduce : CommOp::Memcpy, t, dur);
            x.peer = std::uint32_t(peer);
            x.link = Link::Hccs;
            x.bytes = bytes;
            x.notifyId = reduce ? 0 : ~std::uint64_t(0);
            last = std::max(last, t + dur);
            t += 280;
        }
        c.cur[size_t(d)][0] = last + kGap;
    }
    handshake(reduce ? 64 : 128);
    for (int d = 0; d < n; ++d)
        std::fill(c.cur[size_t(d)].begin(), c.cur[size_t(d)].end(), c.cur[size_t(d)][0]);
}

// Planes 1.. tell the main plane they are done (local notify); the main plane waits for
// each in turn.
void AllReduce::reportToMain(Ctx &c) const
{
    for (int d = 0; d < c.n; ++d) {
        std::vector<TimeNs> reported(size_t(planes_), 0);
        for (int p = 1; p < planes_; ++p) {
            const TimeNs t = c.cur[size_t(d)][size_t(p)];
            CommTask &r = c.add(d, p, CommOp::NotifyRecord, t, kLocalRecord);
            r.local = true;
            r.peer = std::uint32_t(d);
            r.notifyId = 64 + 8 * std::uint64_t(p);
            reported[size_t(p)] = t + kLocalRecord;
            c.cur[size_t(d)][size_t(p)] = t + kLocalRecord + kGap;
        }
        TimeNs t = c.cur[size_t(d)][0];
        for (int p = 1; p < planes_; ++p) {
            const TimeNs we = std::max(t + kWaitFloor, reported[size_t(p)] + 100);
            CommTask &w = c.add(d, 0, CommOp::NotifyWait, t, we - t);
            w.local = true;
            w.notifyId = 64 + 8 * std::uint64_t(p);
            t = we + kGap;
        }
        c.cur[size_t(d)][0] = t;
    }
}

// Each card's main stream takes over from the compute stream and opens the collective.
void AllReduce::open(Ctx &c, const std::vector<TimeNs> &ready) const
{
    // The 910 runs each plane on a stream of its own: the main plane wakes the others and
    // collects their reports with local notifies, and its hardware lane shows a status
    // reduce at either end that the HCCL lane does not list. The 910B runs a collective
    // as one task of sub-tasks on one stream.
    for (int d = 0; d < c.n; ++d) {
        TimeNs t = ready[size_t(d)];
        // The main stream takes over from the compute stream's event.
        CommTask &ew = c.add(d, 0, CommOp::EventWait, t, 10);
        ew.hcclTask = false;
        if (multiStream_) {
            CommTask &er = c.add(d, 0, CommOp::EventReset, t + 150, 50);
            er.hcclTask = false;
        }
        t += 200;
        if (multiStream_) {
            // A status reduce the hardware lane shows before every 910 collective.
            t += 11 * kUs;
            CommTask &sr = c.add(d, 0, CommOp::Reduce, t, 1500);
            sr.hcclTask = false;
            sr.local = true;
            sr.bytes = 4;
            t += 1500 + 11 * kUs;
            // The main plane wakes the others one after the other.
            for (int p = 1; p < planes_; ++p) {
                CommTask &r = c.add(d, 0, CommOp::NotifyRecord, t, kLocalRecord);
                r.local = true;
                r.peer = std::uint32_t(d);
                r.notifyId = 160 + 8 * std::uint64_t(p);
                CommTask &w = c.add(d, p, CommOp::NotifyWait, t - 3200, 3300);
                w.local = true;
                w.notifyId = 160 + 8 * std::uint64_t(p);
                c.cur[size_t(d)][size_t(p)] = t + 3300 - 3200 + kGap;
                t += p + 1 < planes_ ? 9500 : kGap + 40;
            }
            c.cur[size_t(d)][0] = t;
        } else {
            // Status reduce and the copy of the card's own chunk, on chip.
            CommTask &sr = c.add(d, 0, CommOp::Reduce, t, 600);
            sr.local = true;
            sr.bytes = 4;
            sr.smallReduce = true;
            t += 600 + 1200;
            copyOwnChunk(c, d, t);
        }
    }

}

// Between reduce-scatter and all-gather: the card's reduced shard goes into the output.
void AllReduce::ownShardToOutput(Ctx &c, std::uint64_t shard) const
{
    if (multiStream_) {
        // The other planes report their part reduced; the main plane copies the card's
        // reduced shard into the output and releases the planes.
        reportToMain(c);
        for (int d = 0; d < c.n; ++d) {
            TimeNs t = c.cur[size_t(d)][0];
            const TimeNs cp = TimeNs(double(shard) / chip_.onChipCopyGBps) + 400;
            CommTask &m = c.add(d, 0, CommOp::Memcpy, t, cp);
            m.local = true;
            m.bytes = shard;
            m.notifyId = ~std::uint64_t(0);
            t += cp + kGap;
            for (int p = 1; p < planes_; ++p) {
                CommTask &r = c.add(d, 0, CommOp::NotifyRecord, t, kLocalRecord);
                r.local = true;
                r.peer = std::uint32_t(d);
                r.notifyId = 160 + 8 * std::uint64_t(p);
                const TimeNs ws = c.cur[size_t(d)][size_t(p)];
                const TimeNs we = std::max(ws + kWaitFloor, t + 100);
                CommTask &w = c.add(d, p, CommOp::NotifyWait, ws, we - ws);
                w.local = true;
                w.notifyId = 160 + 8 * std::uint64_t(p);
                c.cur[size_t(d)][size_t(p)] = we + kGap;
                t += 150;
            }
            c.cur[size_t(d)][0] = t;
        }
    } else {
        // The reduced own chunk is copied into the output on chip.
        for (int d = 0; d < c.n; ++d)
            copyOwnChunk(c, d, c.cur[size_t(d)][0]);
    }
}

// The card's own (reduced) chunk copied into the output on its chip, from t.
void AllReduce::copyOwnChunk(Ctx &c, int d, TimeNs t) const
{
    const std::uint64_t own = c.slice[size_t(d % dps_)];
    const TimeNs cp = TimeNs(double(own) / chip_.onChipCopyGBps) + 200;
    CommTask &m = c.add(d, 0, CommOp::Memcpy, t, cp);
    m.local = true;
    m.peer = std::uint32_t(d);
    m.bytes = own;
    m.notifyId = ~std::uint64_t(0);
    c.cur[size_t(d)][0] = t + cp + 1000;
}

// Collective span per card, then the main stream's closing tasks.
void AllReduce::close(Ctx &c, AllReduceResult &res) const
{
    for (int d = 0; d < c.n; ++d) {
        TimeNs b = -1, e = 0;
        for (const CommTask &t : res.tasks[size_t(d)]) {
            if (!t.hcclTask)
                continue;
            b = b < 0 ? t.start : std::min(b, t.start);
            e = std::max(e, t.start + t.duration);
        }
        res.begin[size_t(d)] = b;
        res.end[size_t(d)] = e;
        TimeNs t = e + 100;
        if (multiStream_) {
            CommTask &sr = c.add(d, 0, CommOp::Reduce, t, 900);
            sr.hcclTask = false;
            sr.local = true;
            sr.bytes = 4;
            t += 900 + 25 * kUs;
        } else {
            // The 910B stream records twice: for the compute stream and for the next
            // collective's ordering.
            t += 800;
            CommTask &first = c.add(d, 0, CommOp::EventRecord, t, 20);
            first.hcclTask = false;
            t += 40;
        }
        CommTask &rec = c.add(d, 0, CommOp::EventRecord, t, 20);
        rec.hcclTask = false;
        res.done[size_t(d)] = t + 20;
    }
}

AllReduceResult AllReduce::run(const std::vector<TimeNs> &ready, std::uint64_t bytes,
                               const std::function<double(int, double)> &jitter) const
{
    AllReduceResult res;
    const int n = dps_ * servers_;
    res.tasks.assign(size_t(n), {});
    res.begin.assign(size_t(n), 0);
    res.end.assign(size_t(n), 0);
    res.done.assign(size_t(n), 0);
    if (n < 2 || planes_ == 0)
        return res;
    Ctx c;
    c.n = n;
    c.tasks = &res.tasks;
    c.jitter = &jitter;
    c.shared = mesh_ ? std::clamp(jitter(0, 0.12), 0.7, 1.4) : 1.0;
    c.cur.assign(size_t(n), std::vector<TimeNs>(size_t(planes_), 0));

    // How the data splits: each card ends the reduce-scatter owning one shard of
    // bytes / cards-per-server; on 910 rings the shard is split over the planes (planes
    // 1.. take an aligned quarter, plane 0 the rest), on 910B meshes the chunks are
    // aligned to 16 KiB and the last card's takes the rest.
    const std::uint64_t shard = (bytes + std::uint64_t(dps_) - 1) / std::uint64_t(dps_);
    if (mesh_) {
        const std::uint64_t chunk = alignUp(shard, 16 * 1024);
        c.slice.assign(size_t(dps_), chunk);
        const std::uint64_t before = chunk * std::uint64_t(dps_ - 1);
        c.slice.back() = bytes > before ? bytes - before : 1;
    } else {
        const std::uint64_t part = alignUp((shard + std::uint64_t(planes_) - 1) / std::uint64_t(planes_), 512);
        c.slice.assign(size_t(planes_), part);
        const std::uint64_t others = part * std::uint64_t(planes_ - 1);
        c.slice[0] = shard > others ? shard - others : 512;
    }

    open(c, ready);
    if (mesh_)
        meshPhase(c, true);
    else
        ringPhase(c, true, false);
    if (servers_ > 1)
        ringPhase(c, true, true);
    ownShardToOutput(c, shard);
    if (mesh_)
        meshPhase(c, false);
    else
        ringPhase(c, false, false);
    if (multiStream_) {
        reportToMain(c);
    } else {
        for (int d = 0; d < c.n; ++d) {
            const TimeNs t = c.cur[size_t(d)][0] + 3000;
            CommTask &sr = c.add(d, 0, CommOp::Reduce, t, 600);
            sr.local = true;
            sr.bytes = 4;
            sr.smallReduce = true;
            c.cur[size_t(d)][0] = t + 600;
        }
    }

    close(c, res);
    return res;
}

} // namespace npuscope::device
