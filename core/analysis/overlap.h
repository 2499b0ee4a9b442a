#pragma once
// Overlap analysis (the "Overlap Analysis" timeline process): how computation and
// communication of one iteration on one device share time. Pure functions over
// half-open intervals [start, end) in nanoseconds.

#include "core/model/records.h"

#include <vector>

namespace npuscope::analysis {

struct Interval {
    TimeNs start = 0;
    TimeNs end = 0; // exclusive; end >= start
    bool operator==(const Interval &) const = default;
};

// Sorted, disjoint union of the input; touching intervals are joined, empty ones dropped.
std::vector<Interval> mergeIntervals(std::vector<Interval> intervals);

// a minus b; both must be merged (sorted, disjoint). Result merged.
std::vector<Interval> subtractIntervals(const std::vector<Interval> &a, const std::vector<Interval> &b);

struct OverlapResult {
    std::vector<Interval> computing;       // union of AI Core / AI CPU task intervals
    std::vector<Interval> communication;   // union of collective op intervals
    std::vector<Interval> notOverlapped;   // communication while nothing computes
    std::vector<Interval> free;            // gaps between busy periods (neither computing nor communicating)
};

// computing / communication need not be sorted or merged. Free covers the gaps inside
// [first busy start, last busy end] only: time before the first and after the last
// activity is not attributed (as in the real files).
OverlapResult computeOverlap(std::vector<Interval> computing, std::vector<Interval> communication);

// Tasks count as computing in the overlap analysis when isComputeKind(kind) (records.h),
// as the real files do.

} // namespace npuscope::analysis
