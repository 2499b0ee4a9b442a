#include "core/analysis/timeline_lanes.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace npuscope::analysis::timeline {

void LaneEvents::reserve(std::size_t n)
{
    start.reserve(n);
    duration.reserve(n);
    if (uniform)
        return;
    name.reserve(n);
    opType.reserve(n);
    type.reserve(n);
}

void LaneEvents::pushInterval(TimeNs s, std::uint32_t dur)
{
    start.push_back(s);
    duration.push_back(dur);
}

void LaneEvents::push(TimeNs s, std::uint32_t dur, StrId nm, StrId op, std::uint8_t ty)
{
    start.push_back(s);
    duration.push_back(dur);
    name.push_back(nm);
    opType.push_back(op);
    type.push_back(ty);
}

namespace {
template<typename T>
void permute(std::vector<T> &v, const std::vector<std::uint32_t> &order)
{
    std::vector<T> out;
    out.reserve(v.size());
    for (std::uint32_t i : order)
        out.push_back(v[i]);
    v.swap(out);
}
} // namespace

void LaneEvents::finish()
{
    if (!std::is_sorted(start.begin(), start.end())) {
        std::vector<std::uint32_t> order(start.size());
        std::iota(order.begin(), order.end(), 0u);
        std::stable_sort(order.begin(), order.end(), [&](auto a, auto b) { return start[a] < start[b]; });
        permute(start, order);
        permute(duration, order);
        if (!uniform) {
            permute(name, order);
            permute(opType, order);
            permute(type, order);
        }
    }
    levels.clear();
    const std::size_t n = start.size();
    if (n == 0) {
        topMaxEnd.clear();
        return;
    }
    // Level 0 from events.
    {
        std::vector<Node> l0;
        l0.reserve((n + kFanout - 1) / kFanout);
        for (std::size_t i = 0; i < n; i += kFanout) {
            const std::size_t e = std::min(n, i + kFanout);
            Node nd{start[i], end(i), std::uint32_t(i)};
            for (std::size_t j = i + 1; j < e; ++j) {
                nd.last = std::max(nd.last, end(j));
                if (duration[j] > duration[nd.longest])
                    nd.longest = std::uint32_t(j);
            }
            l0.push_back(nd);
        }
        levels.push_back(std::move(l0));
    }
    while (levels.back().size() > 64) {
        const auto &below = levels.back();
        std::vector<Node> up;
        up.reserve((below.size() + kFanout - 1) / kFanout);
        for (std::size_t i = 0; i < below.size(); i += kFanout) {
            const std::size_t e = std::min(below.size(), i + kFanout);
            Node nd = below[i];
            for (std::size_t j = i + 1; j < e; ++j) {
                nd.last = std::max(nd.last, below[j].last);
                if (duration[below[j].longest] > duration[nd.longest])
                    nd.longest = below[j].longest;
            }
            up.push_back(nd);
        }
        levels.push_back(std::move(up));
    }
    const auto &top = levels.back();
    topMaxEnd.resize(top.size());
    TimeNs m = top[0].last;
    for (std::size_t i = 0; i < top.size(); ++i) {
        m = std::max(m, top[i].last);
        topMaxEnd[i] = m;
    }
}

std::size_t LaneEvents::firstEndingAfter(TimeNs t) const
{
    // Events are sorted by start; ends are not strictly sorted when events nest, so use
    // the pyramid's running max at the top and scan below it.
    if (levels.empty())
        return size();
    const auto it = std::upper_bound(topMaxEnd.begin(), topMaxEnd.end(), t);
    if (it == topMaxEnd.end())
        return size();
    std::size_t groupEvents = kFanout;
    for (std::size_t l = 1; l < levels.size(); ++l)
        groupEvents *= kFanout;
    std::size_t i = std::size_t(it - topMaxEnd.begin()) * groupEvents;
    while (i < size() && end(i) <= t)
        ++i;
    return i;
}

std::size_t LaneEvents::bytes() const
{
    std::size_t b = start.capacity() * sizeof(TimeNs) + duration.capacity() * 4 + name.capacity() * 4
                    + opType.capacity() * 4 + type.capacity() + topMaxEnd.capacity() * sizeof(TimeNs);
    for (const auto &l : levels)
        b += l.capacity() * sizeof(Node);
    return b;
}

namespace {

struct Collector {
    const LaneEvents &lane;
    const View &v;
    std::vector<Run> *out;
    double t0, t1;
    double pxPerNs;

    // Adds a mark for [first, last) standing for `count` events; merges with the previous
    // run when they share a column.
    void emit(TimeNs first, TimeNs last, std::uint32_t count, std::uint32_t rep)
    {
        Columns c = columnsOf(v, double(first), double(last));
        const long long x0 = std::clamp<long long>(c.x0, 0, v.widthPx - 1);
        const long long x1 = std::clamp<long long>(c.x1, x0 + 1, v.widthPx);
        if (!out->empty()) {
            Run &p = out->back();
            if (x0 < p.x1) {
                p.x1 = std::max<int>(p.x1, int(x1));
                p.count += count;
                p.last = std::max(p.last, last);
                if (lane.duration[rep] > lane.duration[p.rep])
                    p.rep = rep;
                return;
            }
        }
        out->push_back(Run{int(x0), int(x1), count, rep, first, last});
    }

    bool visible(TimeNs first, TimeNs last) const
    {
        // Zero-length events at t0 still count (they are drawn one column wide).
        return double(last) >= t0 && double(first) < t1 && (double(last) > t0 || first == last);
    }

    // Node (level, index) summarising events [ev0, ev1).
    void walk(int level, std::size_t index)
    {
        const auto &nd = lane.levels[std::size_t(level)][index];
        if (!visible(nd.first, nd.last))
            return;
        if ((double(nd.last) - double(nd.first)) * pxPerNs < 1.0) {
            emit(nd.first, nd.last, count(level, index), nd.longest);
            return;
        }
        if (level == 0) {
            const std::size_t e0 = index * kFanout;
            const std::size_t e1 = std::min(lane.size(), e0 + kFanout);
            for (std::size_t i = e0; i < e1; ++i) {
                const TimeNs s = lane.start[i], e = lane.end(i);
                if (visible(s, e))
                    emit(s, e, 1, std::uint32_t(i));
            }
            return;
        }
        const auto &below = lane.levels[std::size_t(level - 1)];
        const std::size_t c0 = index * kFanout;
        const std::size_t c1 = std::min(below.size(), c0 + kFanout);
        for (std::size_t c = c0; c < c1; ++c)
            walk(level - 1, c);
    }

    std::uint32_t count(int level, std::size_t index) const
    {
        std::size_t g = kFanout;
        for (int l = 0; l < level; ++l)
            g *= kFanout;
        const std::size_t e0 = index * g;
        return std::uint32_t(std::min(lane.size(), e0 + g) - e0);
    }
};

} // namespace

void collectRuns(const LaneEvents &lane, const View &v, std::vector<Run> *out)
{
    if (lane.size() == 0 || lane.levels.empty())
        return;
    Collector c{lane, v, out, v.t0, v.t1, v.widthPx / v.span()};
    const int top = int(lane.levels.size()) - 1;
    const auto &topLevel = lane.levels.back();
    // First top node that may reach into the view.
    std::size_t i = std::size_t(std::upper_bound(lane.topMaxEnd.begin(), lane.topMaxEnd.end(), TimeNs(std::floor(v.t0)) - 1)
                                - lane.topMaxEnd.begin());
    for (; i < topLevel.size(); ++i) {
        if (double(topLevel[i].first) >= v.t1)
            break;
        c.walk(top, i);
    }
}

IndexRange startingIn(const LaneEvents &lane, TimeNs t0, TimeNs t1)
{
    const auto a = std::lower_bound(lane.start.begin(), lane.start.end(), t0);
    const auto b = std::lower_bound(a, lane.start.end(), t1);
    return {std::size_t(a - lane.start.begin()), std::size_t(b - lane.start.begin())};
}

bool eventAt(const LaneEvents &lane, TimeNs t, TimeNs slack, std::size_t *index)
{
    if (lane.size() == 0)
        return false;
    // Last event starting at or before t + slack.
    auto it = std::upper_bound(lane.start.begin(), lane.start.end(), t + slack);
    if (it == lane.start.begin())
        return false;
    std::size_t best = lane.size();
    TimeNs bestDist = slack + 1;
    // Look back over a few candidates: with nesting the latest start may not be the one
    // covering t.
    std::size_t i = std::size_t(it - lane.start.begin());
    for (int k = 0; k < 16 && i > 0; ++k) {
        --i;
        const TimeNs s = lane.start[i], e = lane.end(i);
        const TimeNs dist = t < s ? s - t : (t >= e ? t - e + (e == s ? 0 : 1) : 0);
        if (dist < bestDist) {
            bestDist = dist;
            best = i;
            if (dist == 0)
                break;
        }
    }
    if (best == lane.size())
        return false;
    *index = best;
    return true;
}

} // namespace npuscope::analysis::timeline
