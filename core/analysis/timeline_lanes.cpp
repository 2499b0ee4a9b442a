#include "core/analysis/timeline_lanes.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <queue>

namespace npuscope::analysis::timeline {

void LaneEvents::reserve(std::size_t n)
{
    wide_.reserve(n);
    duration_.reserve(n);
    if (!uniform_)
        key16_.reserve(n);
}

void LaneEvents::setUniform(StrId name, std::uint8_t type)
{
    uniform_ = true;
    keys_.assign(1, Key{name, 0, type});
}

void LaneEvents::pushInterval(TimeNs s, std::uint32_t dur)
{
    if (keys_.empty())
        keys_.emplace_back();
    wide_.push_back(s);
    duration_.push_back(dur);
}

std::uint32_t LaneEvents::keyIndex(const Key &k)
{
    // Consecutive events of a lane often repeat their key (a run of the same kernel).
    if (lastKeyIndex_ != ~0u && k == lastKey_)
        return lastKeyIndex_;
    auto [it, added] = keyLookup_.try_emplace(k, std::uint32_t(keys_.size()));
    if (added)
        keys_.push_back(k);
    lastKey_ = k;
    lastKeyIndex_ = it->second;
    return it->second;
}

void LaneEvents::pushKey(std::uint32_t k)
{
    if (key32_.empty() && k > 0xffff) {
        key32_.assign(key16_.begin(), key16_.end());
        key32_.reserve(key16_.capacity());
        std::vector<std::uint16_t>().swap(key16_);
    }
    if (key32_.empty())
        key16_.push_back(std::uint16_t(k));
    else
        key32_.push_back(k);
}

void LaneEvents::push(TimeNs s, std::uint32_t dur, StrId nm, StrId op, std::uint8_t ty)
{
    wide_.push_back(s);
    duration_.push_back(dur);
    pushKey(keyIndex(Key{nm, op, ty}));
}

namespace {
template<typename T>
void permute(std::vector<T> &v, const std::vector<std::uint32_t> &order)
{
    if (v.empty())
        return;
    std::vector<T> out;
    out.reserve(v.size());
    for (std::uint32_t i : order)
        out.push_back(v[i]);
    v.swap(out);
}
template<typename T>
void release(T &v)
{
    T().swap(v);
}
} // namespace

void LaneEvents::finish(std::vector<std::uint32_t> *alongside)
{
    if (finished_)
        return;
    finished_ = true;
    release(keyLookup_);
    if (!std::is_sorted(wide_.begin(), wide_.end())) {
        std::vector<std::uint32_t> order(wide_.size());
        std::iota(order.begin(), order.end(), 0u);
        std::stable_sort(order.begin(), order.end(), [&](auto a, auto b) { return wide_[a] < wide_[b]; });
        permute(wide_, order);
        permute(duration_, order);
        permute(key16_, order);
        permute(key32_, order);
        if (alongside && alongside->size() == order.size())
            permute(*alongside, order);
    }
    if (keys_.size() <= 1) { // one key: no per-event key at all
        release(key16_);
        release(key32_);
    }
    levels.clear();
    const std::size_t n = size();
    if (n == 0) {
        topMaxEnd.clear();
        release(wide_);
        return;
    }
    // Level 0 from events (starts still wide here).
    {
        std::vector<Node> l0;
        l0.reserve((n + kFanout - 1) / kFanout);
        for (std::size_t i = 0; i < n; i += kFanout) {
            const std::size_t e = std::min(n, i + kFanout);
            Node nd{wide_[i], wide_[i] + TimeNs(duration_[i]), std::uint32_t(i)};
            for (std::size_t j = i + 1; j < e; ++j) {
                nd.last = std::max(nd.last, wide_[j] + TimeNs(duration_[j]));
                if (duration_[j] > duration_[nd.longest])
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
                if (duration_[below[j].longest] > duration_[nd.longest])
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
    // Pack the starts as offsets from their group's first start, unless some group spans
    // more than 32 bits of nanoseconds (a sparse lane: few events, keep them wide).
    const auto &l0 = levels[0];
    bool fits = true;
    for (std::size_t i = 0; i < n && fits; ++i)
        fits = wide_[i] - l0[i / kFanout].first <= TimeNs(0xffffffffLL);
    if (fits) {
        offset_.resize(n);
        for (std::size_t i = 0; i < n; ++i)
            offset_[i] = std::uint32_t(wide_[i] - l0[i / kFanout].first);
        release(wide_);
    } else {
        wide_.shrink_to_fit();
    }
    duration_.shrink_to_fit();
    key16_.shrink_to_fit();
    key32_.shrink_to_fit();
    keys_.shrink_to_fit();
}

std::size_t LaneEvents::lowerBound(TimeNs t) const
{
    std::size_t lo = 0, hi = size();
    while (lo < hi) {
        const std::size_t mid = lo + (hi - lo) / 2;
        if (startAt(mid) < t)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

std::size_t LaneEvents::upperBound(TimeNs t) const
{
    std::size_t lo = 0, hi = size();
    while (lo < hi) {
        const std::size_t mid = lo + (hi - lo) / 2;
        if (startAt(mid) <= t)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
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
    std::size_t b = wide_.capacity() * sizeof(TimeNs) + offset_.capacity() * 4 + duration_.capacity() * 4
                    + key16_.capacity() * 2 + key32_.capacity() * 4 + keys_.capacity() * sizeof(Key)
                    + topMaxEnd.capacity() * sizeof(TimeNs);
    for (const auto &l : levels)
        b += l.capacity() * sizeof(Node);
    return b;
}

namespace {

// Marks at least this many columns wide are never merged with a neighbour that only
// touches their last column.
constexpr long long kSeparateWidth = 4;

struct Collector {
    const LaneEvents &lane;
    const View &v;
    std::vector<Run> *out;
    double t0, t1;
    double pxPerNs;

    // Adds a mark for [first, last) standing for `count` events; merges with the previous
    // run when they share a column.
    void addRun(TimeNs first, TimeNs last, std::uint32_t count, std::uint32_t rep)
    {
        Columns c = columnsOf(v, double(first), double(last));
        const long long x0 = std::clamp<long long>(c.x0, 0, v.widthPx - 1);
        const long long x1 = std::clamp<long long>(c.x1, x0 + 1, v.widthPx);
        if (!out->empty()) {
            Run &p = out->back();
            // Back-to-back events whose shared instant falls inside one column would merge
            // into one bar with neither edge nor name; when both are wide they stay two
            // marks and the later one starts a column on.
            if (x0 == p.x1 - 1 && p.x1 - p.x0 >= kSeparateWidth && x1 - p.x1 >= kSeparateWidth) {
                out->push_back(Run{p.x1, int(x1), count, rep, first, last});
                return;
            }
            if (x0 < p.x1) {
                p.x1 = std::max<int>(p.x1, int(x1));
                p.count += count;
                p.last = std::max(p.last, last);
                if (lane.durationAt(rep) > lane.durationAt(p.rep))
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
            addRun(nd.first, nd.last, count(level, index), nd.longest);
            return;
        }
        if (level == 0) {
            const std::size_t e0 = index * kFanout;
            const std::size_t e1 = std::min(lane.size(), e0 + kFanout);
            for (std::size_t i = e0; i < e1; ++i) {
                const TimeNs s = lane.startAt(i), e = lane.end(i);
                if (visible(s, e))
                    addRun(s, e, 1, std::uint32_t(i));
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
    const std::size_t a = lane.lowerBound(t0);
    return {a, std::max(a, lane.lowerBound(t1))};
}

bool eventAt(const LaneEvents &lane, TimeNs t, TimeNs slack, std::size_t *index)
{
    if (lane.size() == 0)
        return false;
    // Last event starting at or before t + slack.
    std::size_t i = lane.upperBound(t + slack);
    if (i == 0)
        return false;
    std::size_t best = lane.size();
    TimeNs bestDist = slack + 1;
    // Look back over a few candidates: with nesting the latest start may not be the one
    // covering t.
    for (int k = 0; k < 16 && i > 0; ++k) {
        --i;
        const TimeNs s = lane.startAt(i), e = lane.end(i);
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

void forEachUnion(const std::vector<const LaneEvents *> &lanes, const std::function<bool(std::uint8_t type)> &keep,
                  const std::function<void(TimeNs start, TimeNs end)> &out)
{
    std::vector<std::size_t> pos(lanes.size(), 0);
    using Head = std::pair<TimeNs, std::size_t>;
    std::priority_queue<Head, std::vector<Head>, std::greater<>> heap;
    auto advance = [&](std::size_t k) {
        const LaneEvents &e = *lanes[k];
        while (pos[k] < e.size() && !keep(e.typeAt(pos[k])))
            ++pos[k];
        if (pos[k] < e.size())
            heap.push({e.startAt(pos[k]), k});
    };
    for (std::size_t k = 0; k < lanes.size(); ++k)
        advance(k);
    bool open = false;
    TimeNs cs = 0, ce = 0;
    while (!heap.empty()) {
        const Head head = heap.top();
        heap.pop();
        const std::size_t k = head.second;
        const TimeNs en = lanes[k]->end(pos[k]);
        ++pos[k];
        advance(k);
        if (open && head.first <= ce) {
            ce = std::max(ce, en);
        } else {
            if (open && ce > cs)
                out(cs, ce);
            cs = head.first;
            ce = en;
            open = true;
        }
    }
    if (open && ce > cs)
        out(cs, ce);
}

} // namespace npuscope::analysis::timeline
