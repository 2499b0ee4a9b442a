#pragma once
// Timeline coordinate maths: time ↔ pixel, zoom/pan steps of the keyboard and mouse, and
// the tick spacing (the labels: display::tick in core/text/display.h). Pure functions, no
// widgets, so the navigation rules are table-tested and the view only wires them to events.
//
// Times are nanoseconds relative to the session origin (the earliest record), held in
// double so sub-nanosecond pixel positions keep their fraction; a double holds any
// integer ns up to 2^53 (104 days) exactly.

namespace npuscope::analysis::timeline {

// The horizontal window of a timeline: [t0, t1) drawn over widthPx pixels.
// Invariant (kept by every function returning a view): t1 > t0, widthPx > 0.
struct View {
    double t0 = 0;
    double t1 = 1;
    int widthPx = 1;
    double span() const { return t1 - t0; }
    double nsPerPixel() const { return (t1 - t0) / widthPx; }
    bool operator==(const View &) const = default;
};

double timeToPixel(const View &v, double t);
double pixelToTime(const View &v, double px);

// The pixel columns [x0, x1) an interval [start, end) covers: at least one column, even
// when the interval is narrower than a pixel, so a visible event never vanishes. Columns
// are not clipped to the view (callers clip).
struct Columns { long long x0; long long x1; };
Columns columnsOf(const View &v, double start, double end);

// The bounds navigation keeps a view inside: [0, extent] with a minimum span.
struct Bounds {
    double extent = 1;       // session length (ns)
    double minSpan = 100;    // deepest zoom (ns)
};

// Zoom by `factor` (< 1 zooms in) keeping the time under `anchorPx` fixed, then clamp.
View zoomAt(const View &v, double anchorPx, double factor, const Bounds &b);
// Pan by a fraction of the visible span (positive = later), then clamp.
View panBy(const View &v, double fractionOfSpan, const Bounds &b);
// Shift by a pixel distance (mouse drag: content follows the mouse), then clamp.
View dragBy(const View &v, double dxPx, const Bounds &b);
// Shows [t0, t1] with `marginFraction` of the span added on each side, then clamp.
View fitRange(const View &v, double t0, double t1, double marginFraction, const Bounds &b);
// Keeps span and width, moves into [0, extent]; spans wider than extent show everything.
View clampView(View v, const Bounds &b);

// Keyboard steps (Perfetto habits): W/S zoom by kKeyZoom at the cursor, A/D pan by kKeyPan
// of the span; the Ctrl+wheel zooms kWheelZoom per 120 units of angle delta.
inline constexpr double kKeyZoom = 0.8;
inline constexpr double kKeyPan = 0.1;
inline constexpr double kWheelZoom = 0.85;

// Tick spacing: the 1-2-5 step that gives at most maxTicks ticks over span (span > 0).
double niceStep(double span, int maxTicks);

} // namespace npuscope::analysis::timeline
