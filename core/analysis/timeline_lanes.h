#pragma once
// The in-memory form of one timeline lane and the pixel merging that draws it.
//
// Memory layout (the budget is ≤ 40 resident bytes per task for a 10 M task session, all
// lanes and everything else the view keeps included): one lane is a structure of arrays
// sorted by start. Per event: the start as a 32-bit offset from the first start of its
// pyramid group (4 B), the duration (uint32, 4 B: a task is shorter than 4.29 s) and a
// 16-bit index into the lane's table of distinct (name, op type, type) keys (2 B; 32-bit
// when a lane has more than 65 536 distinct keys, none when it has one) = 10 B per event;
// the summary pyramid adds ≈ 1.6 B. A lane whose events are so sparse that a group spans
// more than 4.29 s keeps 64-bit starts instead (such lanes have few events by definition).
// Anything else a user may ask about one task (shapes, PMU metrics, ...) is fetched from
// the project when it is clicked, never held for all tasks.
//
// The pyramid: level 0 summarises groups of kFanout consecutive events, level k groups of
// kFanout nodes of level k-1. A node keeps its first start, its last end and the index of
// its longest event (which gives its colour in either colour mode). Drawing walks the
// pyramid top-down and stops at nodes narrower than a pixel, so the cost is bounded by the
// pixels of the view, not by the events in it (Tracy / Qt Creator style).

#include "core/analysis/timeline_math.h"
#include "core/model/records.h"

#include <cstdint>
#include <functional>
#include <unordered_map>
#include <vector>

namespace npuscope::analysis::timeline {

inline constexpr int kFanout = 16;

class LaneEvents {
public:
    // What an event is, apart from when: shared by all events with the same values.
    struct Key {
        StrId name = 0;
        StrId opType = 0;          // 0 when the event has no op type
        std::uint8_t type = 0;     // TaskKind, or a lane-specific category (< 32)
        bool operator==(const Key &) const = default;
    };

    // Building: push in any order, then finish() once; nothing may be pushed after it.
    void reserve(std::size_t n);
    void push(TimeNs s, std::uint32_t dur, StrId nm, StrId op, std::uint8_t ty);
    // Derived lanes (Overlap Analysis) where every event has the same name and category:
    // call setUniform first, then pushInterval. Such lanes hold intervals, not tasks.
    void setUniform(StrId name, std::uint8_t type);
    void pushInterval(TimeNs s, std::uint32_t dur);
    // Sorts by start when needed (stable, so equal starts keep their arrival order), builds
    // the pyramid and packs the starts. `alongside` (one value per event, e.g. the row each
    // event came from) is reordered with the events. Idempotent.
    void finish(std::vector<std::uint32_t> *alongside = nullptr);

    std::size_t size() const { return duration_.size(); }
    TimeNs startAt(std::size_t i) const
    {
        return wide_.empty() ? levels[0][i / kFanout].first + TimeNs(offset_[i]) : wide_[i];
    }
    std::uint32_t durationAt(std::size_t i) const { return duration_[i]; }
    TimeNs end(std::size_t i) const { return startAt(i) + TimeNs(duration_[i]); }
    std::uint32_t keyAt(std::size_t i) const
    {
        return keys_.size() <= 1 ? 0u : (key32_.empty() ? std::uint32_t(key16_[i]) : key32_[i]);
    }
    const std::vector<Key> &keys() const { return keys_; }
    StrId nameAt(std::size_t i) const { return keys_[keyAt(i)].name; }
    StrId opTypeAt(std::size_t i) const { return keys_[keyAt(i)].opType; }
    std::uint8_t typeAt(std::size_t i) const { return keys_[keyAt(i)].type; }
    bool isUniform() const { return uniform_; }
    bool hasWideStarts() const { return !wide_.empty(); } // for tests: the sparse-lane fallback

    // First index whose start is ≥ t (lowerBound) or > t (upperBound); size() when none.
    std::size_t lowerBound(TimeNs t) const;
    std::size_t upperBound(TimeNs t) const;
    // Index of the first event that ends after t (events are serial on one lane, so ends
    // ascend with starts apart from nesting, which the running max absorbs).
    std::size_t firstEndingAfter(TimeNs t) const;
    std::size_t bytes() const;

    struct Node { TimeNs first; TimeNs last; std::uint32_t longest; };
    std::vector<std::vector<Node>> levels; // levels[0] groups kFanout events; built by finish()
    std::vector<TimeNs> topMaxEnd;          // running max of levels.back()[i].last

private:
    struct KeyHash {
        std::size_t operator()(const Key &k) const
        {
            return std::hash<std::uint64_t>()((std::uint64_t(k.name) << 32) ^ (std::uint64_t(k.opType) << 8) ^ k.type);
        }
    };
    std::uint32_t keyIndex(const Key &k);
    void pushKey(std::uint32_t k);

    std::vector<TimeNs> wide_;             // starts while building, and for sparse lanes
    std::vector<std::uint32_t> offset_;    // start - levels[0][i / kFanout].first
    std::vector<std::uint32_t> duration_;
    std::vector<std::uint16_t> key16_;
    std::vector<std::uint32_t> key32_;     // instead of key16_ past 65 536 keys
    std::vector<Key> keys_;
    std::unordered_map<Key, std::uint32_t, KeyHash> keyLookup_; // while building
    Key lastKey_;
    std::uint32_t lastKeyIndex_ = ~0u;
    bool uniform_ = false;
    bool finished_ = false;
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
// never makes an event vanish. Adjacent marks sharing a pixel column are merged, except
// two marks of 4 or more columns that share only one: the later then starts a column on,
// so back-to-back wide events keep their own edge and label.
void collectRuns(const LaneEvents &lane, const View &v, std::vector<Run> *out);

// Events of a lane whose start lies in [t0, t1): index range [first, last).
struct IndexRange { std::size_t first = 0; std::size_t last = 0; };
IndexRange startingIn(const LaneEvents &lane, TimeNs t0, TimeNs t1);

// The event under time t (the latest one starting at or before t that is still running,
// or within `slack` ns of t); returns false when none.
bool eventAt(const LaneEvents &lane, TimeNs t, TimeNs slack, std::size_t *index);

// The union of the events of `lanes` whose type passes `keep`: a k-way merge (each lane is
// sorted by start) that hands `out` each maximal busy interval once, in time order.
// Zero-length intervals are not handed out.
void forEachUnion(const std::vector<const LaneEvents *> &lanes, const std::function<bool(std::uint8_t type)> &keep,
                  const std::function<void(TimeNs start, TimeNs end)> &out);

} // namespace npuscope::analysis::timeline
