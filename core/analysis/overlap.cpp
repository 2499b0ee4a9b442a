#include "core/analysis/overlap.h"

#include <algorithm>

namespace npuscope::analysis {

std::vector<Interval> mergeIntervals(std::vector<Interval> v)
{
    std::sort(v.begin(), v.end(), [](const Interval &a, const Interval &b) {
        return a.start < b.start || (a.start == b.start && a.end < b.end);
    });
    std::vector<Interval> out;
    out.reserve(v.size());
    for (const auto &i : v) {
        if (i.end <= i.start)
            continue;
        if (!out.empty() && i.start <= out.back().end)
            out.back().end = std::max(out.back().end, i.end);
        else
            out.push_back(i);
    }
    return out;
}

std::vector<Interval> subtractIntervals(const std::vector<Interval> &a, const std::vector<Interval> &b)
{
    std::vector<Interval> out;
    std::size_t j = 0;
    for (const auto &x : a) {
        TimeNs cur = x.start;
        while (j < b.size() && b[j].end <= cur)
            ++j;
        std::size_t k = j;
        while (k < b.size() && b[k].start < x.end) {
            if (b[k].start > cur)
                out.push_back({cur, b[k].start});
            cur = std::max(cur, b[k].end);
            if (cur >= x.end)
                break;
            ++k;
        }
        if (cur < x.end)
            out.push_back({cur, x.end});
    }
    return out;
}

OverlapResult computeOverlap(std::vector<Interval> computing, std::vector<Interval> communication)
{
    OverlapResult r;
    r.computing = mergeIntervals(std::move(computing));
    r.communication = mergeIntervals(std::move(communication));
    r.notOverlapped = subtractIntervals(r.communication, r.computing);
    std::vector<Interval> busy = r.computing;
    busy.insert(busy.end(), r.communication.begin(), r.communication.end());
    busy = mergeIntervals(std::move(busy));
    for (std::size_t i = 1; i < busy.size(); ++i)
        r.free.push_back({busy[i - 1].end, busy[i].start});
    return r;
}

} // namespace npuscope::analysis
