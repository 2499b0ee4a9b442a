#pragma once
// The in-memory form of one timeline lane and the pixel merging that draws it.
//
// Memory layout (the budget is ≤ 40 resident bytes per task for a 10 M task session):
// one lane is a structure of arrays sorted by start: start (int64, 8 B), duration
// (uint32, 4 B: a task is shorter than 4.29 s), name and op type (interned ids, 4 B each)
// and the task type (1 B) = 21 B per event; the summary pyramid adds ≈ 3 B per event.
// Anything else a user may ask about one task (shapes, PMU metrics, ...) is fetched from
// the project when it is clicked, never held for all tasks.
//
// The pyramid: level 1 summarises groups of kFanout consecutive events, level k groups of
// kFanout nodes of level k-1. A node keeps its first start, its last end and the index of
// its longest event (which gives its colour in either colour mode). Drawing walks the
// pyramid top-down and stops at nodes narrower than a pixel, so the cost is bounded by the
// pixels of the view, not by the events in it (Tracy / Qt Creator style).

#include "core/analysis/timeline_math.h"
#include "core/model/records.h"

#include <cstdint>
#include <vector>

namespace npuscope::analysis::timeline {

inline constexpr int kFanout = 8;

struct LaneEvents {
    std::vector<TimeNs> start;          // relative to the session origin, sorted ascending
    std::vector<std::uint32_t> duration;
    std::vector<StrId> name;
    std::vector<StrId> opType;          // 0 when the event has no op type
    std::vector<std::uint8_t> type;     // TaskType, or a lane-specific category (< 32)
    // Derived lanes (Overlap Analysis) where every event has the same name and category keep
    // only start and duration: 12 B per event instead of 21.
    bool uniform = false;
    StrId uniformName = 0;
    std::uint8_t uniformType = 0;
    StrId nameAt(std::size_t i) const { return uniform ? uniformName : name[i]; }
    StrId opTypeAt(std::size_t i) const { return uniform ? 0 : opType[i]; }
    std::uint8_t typeAt(std::size_t i) const { return uniform ? uniformType : type[i]; }

    struct Node { TimeNs first; TimeNs last; std::uint32_t longest; };
    std::vector<std::vector<Node>> levels; // levels[0] groups kFanout events; built by finish()
    std::vector<TimeNs> topMaxEnd;          // running max of levels.back()[i].last

    std::size_t size() const { return start.size(); }
    void reserve(std::size_t n);
    void push(TimeNs s, std::uint32_t dur, StrId nm, StrId op, std::uint8_t ty);
    // For uniform lanes (set uniform, uniformName and uniformType first).
    void pushInterval(TimeNs s, std::uint32_t dur);
    // Sorts by start when needed (stable, so equal starts keep their arrival order) and
    // builds the pyramid. Must be called after the last push and before drawing.
    void finish();
    TimeNs end(std::size_t i) const { return start[i] + TimeNs(duration[i]); }
    // Index of the first event that ends after t (events are serial on one lane, so ends
    // ascend with starts apart from nesting, which the running max absorbs).
    std::size_t firstEndingAfter(TimeNs t) const;
    std::size_t bytes() const;
};

// One drawn mark: pixel columns [x0, x1) of the view, standing for `count` events whose
// longest is event `rep` (its colour and label). count > 1 means merged sub-pixel events.
struct Run {
    int x0 = 0;
    int x1 = 0;
    std::uint32_t count = 0;
    std::uint32_t rep = 0;
    TimeNs first = 0;   // first start and last end of the events it stands for
    TimeNs last = 0;
};

// Appends to `out` the runs of the events of `lane` that intersect the view, in pixel
// order. Every event intersecting [v.t0, v.t1) lies inside some run's [first, last] and
// its columns (columnsOf, clipped to the view) intersect that run's columns: merging
// never makes an event vanish. Adjacent marks sharing a pixel column are merged.
void collectRuns(const LaneEvents &lane, const View &v, std::vector<Run> *out);

// Events of a lane whose start lies in [t0, t1): index range [first, last).
struct IndexRange { std::size_t first = 0; std::size_t last = 0; };
IndexRange startingIn(const LaneEvents &lane, TimeNs t0, TimeNs t1);

// The event under time t (the latest one starting at or before t that is still running,
// or within `slack` ns of t); returns false when none.
bool eventAt(const LaneEvents &lane, TimeNs t, TimeNs slack, std::size_t *index);

} // namespace npuscope::analysis::timeline
