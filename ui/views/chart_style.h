#pragma once
// How the views draw their plots, in one place so a device, a series or a severity reads
// the same in the Overview, Charts, Communication and Advisor tabs: the series colours
// (medium saturation, readable on a light and a dark background), the severity colours,
// bar styling and the axes / legend following the palette.

#include "core/analysis/advisor.h"
#include "core/analysis/chart_data.h"

#include <QColor>
#include <QPalette>
#include <QString>

#include <initializer_list>

class QCPAxis;
class QCPBars;
class QCPGraph;
class QCustomPlot;

namespace npuscope::ui {

// The i-th series colour (cycles through nine), lighter under the dark theme.
QColor seriesColor(int i);
// The grey of "other" (the rest beyond a top N).
QColor otherColor();
// Critical red, warning orange, info blue.
QColor severityColor(analysis::Severity s);

// Bars of the same category stay readable when many: thinner outline, 70 % of the slot.
void styleBars(QCPBars *bars, const QColor &colour);

// Axes in the palette's text colour; with `grid`, a dotted grid and no zero line.
void styleAxes(std::initializer_list<QCPAxis *> axes, const QPalette &palette, bool grid);
// The plot's background, its four axes (with grid) and legend in the palette's colours.
void stylePlot(QCustomPlot *plot, const QPalette &palette);

// The unit that keeps the largest value between 1 and 1000 (µs at least: tasks are µs).
struct TimeUnit {
    double ns = 1e3;
    QString name;
};
TimeUnit timeUnit(double maxNs);

// Iteration time per device (the Charts and Overview tabs): the longest iteration (ns) and
// the first and last iteration numbers of all devices.
struct StepExtent {
    double maxNs = 0, first = 1e300, last = -1e300;
};
StepExtent stepExtent(const analysis::charts::DeviceSeries &d);
bool isStraggler(const analysis::charts::DeviceSeries &d, std::uint16_t device);
// Device `i` of `d` as a line on `plot`: its series colour, named "Device N", `width` wide —
// a straggler 3 wide and named so.
QCPGraph *addDeviceLine(QCustomPlot *plot, const analysis::charts::DeviceSeries &d, std::size_t i, double width);
// An x axis of whole iterations, one tick each, showing first − margin … last + margin.
void iterationAxis(QCPAxis *x, double first, double last, double margin);

} // namespace npuscope::ui
