#pragma once
// Counter tracks of the timeline: imported counter series (Chrome trace "C" events: AI Core
// frequency, HBM / LLC bandwidth, NPU memory, …) and the AI Core utilisation the view
// derives from the task trace, drawn as area graphs in their own lanes.
//
// Drawing is level-of-detail aware: a series is reduced to one min/max pair per pixel
// column (counterColumns), so a frame costs the samples in view plus the view's width,
// never more pixels than the lane has. A value holds until the next sample (a step
// function, as Perfetto draws counters); NaN marks "unknown from here" and draws nothing.

#include "core/analysis/timeline_math.h"
#include "core/model/trace_reader.h"
#include "ui/timeline/timeline_model.h"

#include <QColor>
#include <QFont>
#include <QRect>
#include <QString>

#include <cmath>
#include <functional>
#include <limits>
#include <vector>

class QPainter;

namespace npuscope::ui::timeline {

// One pixel column of a series: the lowest and highest value holding in it (lo ≤ hi),
// or unknown (no sample yet, or a NaN holds over the whole column).
struct CounterColumn {
    double lo = 0, hi = 0;
    bool known = false;
};

// The columns [0, v.widthPx) of the series over view v.
void counterColumns(const CounterSeries &s, const analysis::timeline::View &v, std::vector<CounterColumn> *out);

// The value holding at relative time t: NaN when unknown (before the first sample, after
// a NaN sample).
double counterValueAt(const CounterSeries &s, double t);

// The value axis of the lane: [0, 100] for shares, else [min(0, min), max] (never empty).
std::pair<double, double> counterAxis(const CounterSeries &s);

// "1,234.5 MB/s", "87.3 %", or "unknown" (translated). Decimals follow |scale| when given
// (the larger end of an axis), else the value itself.
QString counterValueText(const CounterSeries &s, double value, double scale = std::numeric_limits<double>::quiet_NaN());

// The lane's label: "HBM 0/Read (MB/s)".
QString counterTitle(const CounterSeries &s);

// Computes min / max over the known values (after the samples are in).
void finishSeries(CounterSeries *s);

// Draws the columns as an area graph with its line into `row` (plot pixels), and the
// value axis' labels (top: max, bottom: min, with the unit) at its left edge.
void paintCounter(QPainter *p, const QRect &row, const CounterSeries &s, const std::vector<CounterColumn> &cols,
                  QColor fill, QColor text, const QFont &font);

// The colour of a series: the one assignCounterColours gave it (a stable hue per name
// before that).
QColor counterColor(const CounterSeries &s);

// Gives every distinct series name of the model its own colour (the same name on several
// devices shares one), none of them a task or category colour of the timeline: the legend
// then lists one entry per series drawn.
void assignCounterColours(Model *m);

// AI Core utilisation of one device: the share of each window (an iteration, or a fixed
// bucket of the busy span when the session has no step trace) in which at least one AI
// Core kernel (cube, vector or mix) runs on any of its streams. Windows are given in
// ascending, non-overlapping order; busy intervals are fed in ascending start order
// (merged: no overlaps). Gaps between windows are unknown.
class UtilisationBuilder {
public:
    void addWindow(TimeNs start, TimeNs end);
    void addBusy(TimeNs start, TimeNs end);
    // The series ("AI Core utilisation", %, values in [0, 100]); empty ts when no window.
    CounterSeries finish(std::uint16_t device, bool perIteration);
private:
    struct Window { TimeNs start, end; TimeNs busy = 0; };
    std::vector<Window> windows_;
    std::size_t cur_ = 0;
};

// The imported counter series of every device of the model (relative times), one series
// per (device, name) in name order. False + message on a read error.
bool loadCounters(Model *m, const TraceReader &reader, QString *message);

// The derived utilisation series of every device of a model whose details are loaded:
// from its stream lanes (AI Core kinds) and step traces. Appends to m->counters.
void addUtilisationSeries(Model *m);

} // namespace npuscope::ui::timeline
