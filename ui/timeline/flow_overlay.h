#pragma once
// Flow arrows of the timeline: a host launch (CANN API, HCCL) and the device task it
// started, as the profiler linked them (Chrome trace "s" / "f" events, stored as flow ends
// by the importer). Resolved once to (lane, event) pairs when the details load; drawn for
// the selected event, or for every flow in view when the toolbar's toggle is on (as
// Perfetto does); "Follow flow" selects the other end.

#include "core/analysis/timeline_math.h"
#include "core/model/trace_reader.h"
#include "ui/timeline/timeline_model.h"

#include <QColor>
#include <QRect>

#include <climits>
#include <functional>
#include <optional>
#include <vector>

class QPainter;

namespace npuscope::ui::timeline {

// Places the stored flows on the model's lanes (after the lanes are sorted and finished):
// fills m->flows (sorted by fromLane, fromEvent) and m->flowsUnplaced (an end on no lane of
// the view, or no event at its time). A Python end lands on the innermost range of its
// thread running at its time. False + message on a read error.
bool resolveFlows(Model *m, const TraceReader &reader, QString *message);

// Links the same collective across ranks (after resolveFlows): the k-th collective of a
// name on one device's Communication Kernel lane to the k-th of that name on the next
// device that has it, so a collective can be followed rank by rank (category
// "HCCL collective"). Returns the number of links added.
std::size_t addCollectiveFlows(Model *m);

// Indexes into m.flows of the flows leaving or arriving at (lane, event).
std::vector<std::size_t> flowsOf(const Model &m, int lane, std::size_t event);

// The far end of a flow at (lane, event): the first leaving flow's target, else the
// source of the arriving flow that left last (the nearest hop back: from a device task its
// CANN launch, not the Python op that queued it).
struct FlowTarget {
    int lane = -1;
    std::size_t event = 0;
};
std::optional<FlowTarget> otherEnd(const Model &m, int lane, std::size_t event);

struct FlowPaintState {
    const Model *model = nullptr;
    analysis::timeline::View view;
    std::function<int(int lane)> rowY;    // row top in the plot area, INT_MIN when not shown
    int laneHeight = 20;
    int selectedLane = -1;                // flows of the selected event, highlighted
    std::size_t selectedEvent = 0;
    bool all = false;                     // every flow with an end in view
    QColor color;                         // the arrows' colour (the theme's text colour)
    int maxArrows = 2000;                 // a frame never draws more
    std::vector<std::pair<int, int>> *rows = nullptr; // filled: rowY of each arrow's ends
};
// Draws the arrows; returns how many were drawn (tests).
int paintFlows(QPainter *p, const QRect &r, const FlowPaintState &s);

} // namespace npuscope::ui::timeline
