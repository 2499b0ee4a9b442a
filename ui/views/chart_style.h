#pragma once
// How the views draw their plots, in one place so a device, a series or a severity reads
// the same in the Overview, Charts, Communication and Advisor tabs: the series colours
// (medium saturation, readable on a light and a dark background), the severity colours,
// bar styling and the axes / legend following the palette.

#include "core/analysis/advisor.h"

#include <QColor>
#include <QPalette>
#include <QString>

#include <initializer_list>

class QCPAxis;
class QCPBars;
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

} // namespace npuscope::ui
