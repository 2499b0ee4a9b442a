#pragma once
// The timeline's render passes over the plot area, apart from the lanes themselves: the
// band pass under the events (iteration bands and labels, marks, Data_aug Bound flows) and
// the overlay pass on its own buffered layer (range selection, search matches, hover and
// selection outlines, the cursor line), so hovering never redraws the events. Each pass
// paints from a plain state the view fills in.

#include "core/analysis/timeline_math.h"
#include "core/analysis/timeline_stats.h"
#include "core/store/lod.h"
#include "ui/timeline/lane_layout.h"
#include "ui/timeline/timeline_model.h"

#include <QFont>
#include <QPalette>
#include <QFontMetrics>
#include <QPoint>
#include <QRect>

#include <climits>
#include <functional>
#include <vector>

class QCPPainter;

namespace npuscope::ui::timeline {

// Row heights of the timeline: lanes, device headers, the iteration-label strip; counter
// tracks twice a lane's height (an area graph with its value axis).
inline const LaneLayout::Geometry kTimelineGeometry{20, 22, 16, int(LaneKind::Counter), 40};

struct BandState {
    const Model *model = nullptr;
    analysis::timeline::View view;
    const LaneLayout::Rows *rows = nullptr;
    const std::vector<store::TimelineMark> *marks = nullptr;
    QFont font;
    QPalette palette;                      // the theme's colours (text on the canvas)
};
void paintBands(QCPPainter *p, const QRect &r, const BandState &s);
// The label of an iteration's band in `width` pixels: "Iteration N", or N alone, or
// nothing; never a cut number.
QString iterationLabel(const QFontMetrics &fm, int width, int iteration);

struct OverlayState {
    const Model *model = nullptr;
    analysis::timeline::View view;
    double rangeStart = 0, rangeEnd = 0;   // relative ns
    bool selecting = false;                // a range is being dragged
    const std::vector<analysis::timeline::Match> *matches = nullptr; // lanes = model lanes
    int hoverLane = -1;
    std::size_t hoverEvent = 0;
    int selectedLane = -1;
    std::size_t selectedEvent = 0;
    QPoint mouse{-1, -1};                  // plot coordinates
    bool mouseInside = false;
    double tickStep = 1;                   // the ruler's tick spacing (cursor label decimals)
    int laneHeight = 20;
    std::function<int(int lane)> rowY;     // the lane's row top in the plot area, INT_MIN when not shown
    QFont font;
    QPalette palette;                      // the theme's colours (outlines, cursor)
};
// A dark canvas (the dark theme): text drawn on it is light.
bool isDarkCanvas(const QPalette &palette);
void paintOverlay(QCPPainter *p, const QRect &r, const OverlayState &s);

} // namespace npuscope::ui::timeline
