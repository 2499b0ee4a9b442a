#pragma once
// Which lanes the timeline shows, in which order, which are pinned to the top or hidden,
// and which devices are collapsed. Pure (no widgets, no store): the view hands it the
// session's lanes and saves what toJson() returns in the project; fromJson() takes it back.
//
// Tracks: lanes drawn as one collapsible group, as Perfetto draws a thread's slices (a
// Python thread's call depths). The track's first lane is its header row; collapsed, only
// that row shows (the top-level ranges), and the other lanes' events are drawn there by
// what stands for them (rowLane: flow ends). A track of more than kAutoCollapseRows lanes
// starts collapsed; what the user chose is kept (and saved) per track.
//
// Lanes are named by LaneKey (kind, device, id): stable across the summary → details swap
// (which adds lanes) and across program versions (the JSON spells kinds as words).
// Without a user order the lanes keep the model's msprof order; with one, the lanes it
// names come in that order and lanes it does not name follow the known lanes of their
// device.

#include <QByteArray>
#include <QString>

#include <cstdint>
#include <set>
#include <vector>

namespace npuscope::ui::timeline {

struct LaneKey {
    int kind = 0;
    int device = 0;
    std::uint32_t id = 0;
    auto operator<=>(const LaneKey &) const = default;
};

// One row on screen, in pixels from the top of the plot area.
struct LaneRow {
    int lane = -1;            // lane index, -1 for a device header
    std::uint16_t device = 0;
    int y = 0;
    int h = 0;
    bool pinned = false;
};

class LaneLayout {
public:
    // The session's lanes (index = lane number) in the model's order, and its devices in
    // display order. Keeps what the user arranged (by key).
    void setLanes(std::vector<LaneKey> lanes, std::vector<std::uint16_t> devices);
    int laneCount() const { return int(lanes_.size()); }
    const LaneKey &key(int lane) const { return lanes_[std::size_t(lane)]; }
    // Lane numbers in display order (every lane, hidden and pinned ones included).
    const std::vector<int> &order() const { return order_; }

    // The tracks: heads[lane] = the first lane of the lane's track (itself for a lane in
    // none). setLanes puts every lane in a track of its own.
    static constexpr int kAutoCollapseRows = 3;
    void setTrackHeads(std::vector<int> heads);
    int trackHead(int lane) const { return heads_[std::size_t(lane)]; }
    int trackSize(int lane) const { return trackSize_[std::size_t(trackHead(lane))]; }
    bool isTrackHead(int lane) const { return trackHead(lane) == lane && trackSize(lane) > 1; }
    // Of the lane's track; a lane in no track is never collapsed.
    bool isTrackCollapsed(int lane) const;
    void setTrackCollapsed(int lane, bool collapsed);
    // The lane whose row shows this lane's events: its track's head when the track is
    // collapsed (and the lane not pinned on its own), else the lane itself.
    int rowLane(int lane) const;

    bool isHidden(int lane) const { return hidden_.count(key(lane)) != 0; }
    bool isPinned(int lane) const { return pinned_.count(key(lane)) != 0; }
    bool isCollapsed(std::uint16_t device) const { return collapsed_.count(device) != 0; }
    int hiddenCount() const { return int(hidden_.size()); }
    void setHidden(int lane, bool hidden);
    void setPinned(int lane, bool pinned);
    void setCollapsed(std::uint16_t device, bool collapsed);
    void showAll();
    // Swaps the lane with the next lane of its device in that direction (−1 up, +1 down);
    // false when there is none.
    bool move(int lane, int delta);
    bool canMove(int lane, int delta) const;
    // Back to the model's order with nothing hidden, pinned or collapsed.
    void reset();
    bool isDefault() const;

    // Lanes a user can reach: pinned ones first, then per device, hidden ones and the
    // inner lanes of collapsed tracks left out (collapsed devices' lanes included: the
    // cursor opens them).
    std::vector<int> shownLanes() const;

    struct Geometry {
        int laneHeight = 20;
        int headerHeight = 22;
        int top = 0;                 // a strip above every row (the iteration labels)
        int tallKind = -1;           // lanes of this kind (counter tracks) get tallHeight
        int tallHeight = 40;
    };
    int heightOf(int lane, const Geometry &g) const
    {
        return key(lane).kind == g.tallKind ? g.tallHeight : g.laneHeight;
    }
    struct Rows {
        std::vector<LaneRow> rows;   // only those at least partly inside the view
        int top = 0;                 // the strip above the rows
        int pinnedHeight = 0;        // the strip and the pinned lanes: fixed, outside the scroll
        int contentHeight = 0;       // the scrolled part
        int maxScroll = 0;
        int scroll = 0;              // the asked scroll, clamped
    };
    // Below the top strip, pinned lanes first, then per device a header row and (unless
    // collapsed) its lanes; a scrolled row never shows over the fixed part.
    Rows layout(int viewHeight, int scroll, const Geometry &g) const;

    // {"version":1,"order":[…],"hidden":[…],"pinned":[…],"collapsed":[…],
    // "collapsedTracks":[…],"expandedTracks":[…]}; lanes as "stream/0/5" (kind word/device/id),
    // tracks by their head lane, only where the user differs from the default.
    QByteArray toJson() const;
    // Replaces the arrangement with a saved one; false + *error (nothing changed) when the
    // text is not a layout. Unknown lanes in it are kept (they may appear with the details).
    bool fromJson(const QByteArray &json, QString *error);

private:
    void rebuildOrder();
    bool insideCollapsedTrack(int lane) const { return trackHead(lane) != lane && isTrackCollapsed(lane); }

    std::vector<LaneKey> lanes_;
    std::vector<std::uint16_t> devices_;
    std::vector<int> order_;
    std::vector<LaneKey> userOrder_;   // empty: the model's order
    std::set<LaneKey> hidden_, pinned_;
    std::set<std::uint16_t> collapsed_;
    std::vector<int> heads_, trackSize_;         // by lane; trackSize_ counts at the head
    std::set<LaneKey> collapsedTracks_, expandedTracks_; // the user's choices, by head
};

} // namespace npuscope::ui::timeline
