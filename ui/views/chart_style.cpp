#include "ui/views/chart_style.h"

#include "ui/appearance.h"

#include <QCoreApplication>

#include <algorithm>
#include <iterator>
#include <qcustomplot.h>

namespace npuscope::ui {

namespace {
const QColor kSeries[] = {QColor(0x4E, 0x79, 0xA7), QColor(0xF2, 0x8E, 0x2B), QColor(0x59, 0xA1, 0x4F),
                          QColor(0xE1, 0x57, 0x59), QColor(0xB0, 0x7A, 0xA1), QColor(0x76, 0xB7, 0xB2),
                          QColor(0xED, 0xC9, 0x48), QColor(0xFF, 0x9D, 0xA7), QColor(0x9C, 0x75, 0x5F)};
} // namespace

QColor seriesColor(int i)
{
    QColor c = kSeries[std::size_t(i) % std::size(kSeries)];
    return currentTheme() == Theme::Dark ? c.lighter(115) : c;
}

QColor otherColor()
{
    return currentTheme() == Theme::Dark ? QColor(0x8A, 0x8A, 0x8A) : QColor(0xB0, 0xB0, 0xB0);
}

QColor severityColor(analysis::Severity s)
{
    switch (s) {
    case analysis::Severity::Critical: return QColor(0xc6, 0x28, 0x28);
    case analysis::Severity::Warning: return QColor(0xd8, 0x6a, 0x00);
    case analysis::Severity::Info: return QColor(0x15, 0x65, 0xc0);
    }
    return {};
}

void styleBars(QCPBars *b, const QColor &c)
{
    b->setWidth(0.7);
    b->setBrush(c);
    b->setPen(QPen(c.darker(130), 1));
    b->setAntialiased(false);
}

void styleAxes(std::initializer_list<QCPAxis *> axes, const QPalette &palette, bool grid)
{
    const QColor fg = palette.color(QPalette::WindowText);
    QColor gridColour = fg;
    gridColour.setAlpha(45);
    for (QCPAxis *a : axes) {
        a->setBasePen(QPen(fg, 1));
        a->setTickPen(QPen(fg, 1));
        a->setSubTickPen(QPen(fg, 1));
        a->setTickLabelColor(fg);
        a->setLabelColor(fg);
        if (grid) {
            a->grid()->setPen(QPen(gridColour, 1, Qt::DotLine));
            a->grid()->setSubGridVisible(false);
            a->grid()->setZeroLinePen(Qt::NoPen);
        }
    }
}

void stylePlot(QCustomPlot *p, const QPalette &palette)
{
    const QColor bg = palette.color(QPalette::Base), fg = palette.color(QPalette::WindowText);
    p->setBackground(bg);
    styleAxes({p->xAxis, p->yAxis, p->xAxis2, p->yAxis2}, palette, true);
    p->legend->setBrush(bg);
    p->legend->setBorderPen(Qt::NoPen);
    p->legend->setTextColor(fg);
}

TimeUnit timeUnit(double maxNs)
{
    if (maxNs >= 1e9)
        return {1e9, QStringLiteral("s")};
    if (maxNs >= 1e6)
        return {1e6, QStringLiteral("ms")};
    return {1e3, QStringLiteral("µs")};
}

StepExtent stepExtent(const analysis::charts::DeviceSeries &d)
{
    StepExtent x;
    for (const auto &dev : d.devices)
        for (const auto &s : dev.steps) {
            x.maxNs = std::max(x.maxNs, double(s.iterationTime));
            x.first = std::min(x.first, double(s.iteration));
            x.last = std::max(x.last, double(s.iteration));
        }
    return x;
}

bool isStraggler(const analysis::charts::DeviceSeries &d, std::uint16_t device)
{
    return std::find(d.stragglers.begin(), d.stragglers.end(), device) != d.stragglers.end();
}

QCPGraph *addDeviceLine(QCustomPlot *plot, const analysis::charts::DeviceSeries &d, std::size_t i, double width)
{
    const std::uint16_t device = d.devices[i].device;
    const bool straggler = isStraggler(d, device);
    auto *g = new QCPGraph(plot->xAxis, plot->yAxis);
    // Worded in the Charts tab's context: both tabs show the same names.
    g->setName(straggler ? QCoreApplication::translate("npuscope::ui::ChartsView", "Device %1 (straggler)").arg(device)
                         : QCoreApplication::translate("npuscope::ui::ChartsView", "Device %1").arg(device));
    g->setPen(QPen(seriesColor(int(i)), straggler ? 3 : width));
    return g;
}

void iterationAxis(QCPAxis *x, double first, double last, double margin)
{
    QSharedPointer<QCPAxisTickerFixed> ticker(new QCPAxisTickerFixed);
    ticker->setTickStep(1);
    ticker->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
    x->setTicker(ticker);
    x->setRange(first - margin, last + margin);
}

} // namespace npuscope::ui
