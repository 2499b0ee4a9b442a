#pragma once
// Range statistics and search over timeline lanes (pure functions over LaneEvents).
//
// A task belongs to a range [t0, t1) when its start lies in it (the same rule as a SQL
// `start >= t0 AND start < t1`), so the table a user sees for a selection equals the
// aggregate query over the project. Overlap Analysis shares clip the interval lists to the
// range instead, because they are shares of time, not of tasks.

#include "core/analysis/overlap.h"
#include "core/analysis/timeline_lanes.h"

#include <QString>
#include <functional>
#include <map>
#include <string_view>
#include <vector>

namespace npuscope::analysis::timeline {

struct Aggregate {
    std::uint64_t count = 0;
    std::uint64_t total = 0;   // ns
    std::uint64_t min = 0;
    std::uint64_t max = 0;
    double mean() const { return count ? double(total) / double(count) : 0.0; }
    void add(std::uint64_t d)
    {
        if (count == 0 || d < min)
            min = d;
        if (d > max)
            max = d;
        ++count;
        total += d;
    }
    void merge(const Aggregate &o);
};

struct RangeStats {
    std::map<StrId, Aggregate> byOpType;            // key 0: tasks without an op type
    std::map<std::uint8_t, Aggregate> byTaskType;   // TaskKind values
    Aggregate all;
};

// Statistics of the tasks of `lanes` starting in [t0, t1).
RangeStats rangeStats(const std::vector<const LaneEvents *> &lanes, TimeNs t0, TimeNs t1);

// Total length of the parts of the merged (sorted, disjoint) `intervals` inside [t0, t1).
TimeNs coveredIn(const std::vector<Interval> &intervals, TimeNs t0, TimeNs t1);

// One match of a search: lane index (in the caller's lane list) and event index.
struct Match {
    std::uint32_t lane = 0;
    std::uint32_t event = 0;
    TimeNs start = 0;
    bool operator==(const Match &) const = default;
};

// The ids among `strings` (index = StrId) that match: a case-insensitive substring, or
// with `regex` a QRegularExpression (unanchored, case-insensitive). Returns false and a
// translated sentence in *error when the pattern is not a valid regular expression.
bool matchingNames(const std::vector<std::string> &strings, const QString &pattern, bool regex,
                   std::vector<bool> *matches, QString *error);

// Every event of `lanes` whose name matches, ordered by start (then lane, event).
std::vector<Match> findMatches(const std::vector<const LaneEvents *> &lanes, const std::vector<bool> &nameMatches);

} // namespace npuscope::analysis::timeline
