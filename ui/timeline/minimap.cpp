#include "ui/timeline/minimap.h"

#include "ui/timeline/timeline_paint.h"

#include <QEvent>
#include <QLocale>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace npuscope::ui::timeline {

namespace {
constexpr int kHeight = 30;
} // namespace

Minimap::Minimap(QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("timelineMinimap"));
    setMouseTracking(false);
    setCursor(Qt::PointingHandCursor);
    retranslateUi();
}

QSize Minimap::sizeHint() const { return {400, kHeight}; }
QSize Minimap::minimumSizeHint() const { return {60, kHeight}; }

void Minimap::setLod(const store::TimelineLod *lod, double extent)
{
    lod_ = lod;
    extent_ = std::max(0.0, extent);
    peak_ = 0;
    for (double c : columns(400))
        peak_ = std::max(peak_, c);
    retranslateUi();
    update();
}

void Minimap::setWindow(double t0, double t1)
{
    t0_ = t0;
    t1_ = t1;
    update();
}

std::vector<double> Minimap::columns(int width) const
{
    std::vector<double> out(std::size_t(std::max(0, width)), 0.0);
    if (!lod_ || lod_->lanes.empty() || extent_ <= 0 || width <= 0)
        return out;
    // Busy nanoseconds per column, summed over lanes, then divided by the lanes' time in
    // that column: the share of stream time busy, which lies in [0, 1] by construction
    // (a bucket's busy time never exceeds its span on one lane).
    std::vector<double> busy(out.size(), 0.0), span(out.size(), 0.0);
    const double bucket = double(std::max<TimeNs>(1, lod_->bucketNs));
    const double perColumn = extent_ / width;
    std::size_t lanes = 0;
    for (const store::LodLane &l : lod_->lanes) {
        if (l.buckets.empty())
            continue;
        ++lanes;
        for (std::size_t i = 0; i < l.buckets.size(); ++i) {
            const double a = double(i) * bucket;
            if (a >= extent_)
                break;
            const std::size_t c = std::min(out.size() - 1, std::size_t(a / perColumn));
            busy[c] += double(l.buckets[i].busyNs);
        }
    }
    if (!lanes)
        return out;
    for (std::size_t c = 0; c < out.size(); ++c) {
        const double a = double(c) * perColumn, b = std::min(extent_, a + perColumn);
        // The buckets that start inside [a, b) cover whole buckets: the span is theirs.
        const double first = std::ceil(a / bucket), last = std::ceil(b / bucket);
        span[c] = std::max(0.0, last - first) * bucket * double(lanes);
        out[c] = span[c] > 0 ? std::clamp(busy[c] / span[c], 0.0, 1.0) : (c ? out[c - 1] : 0.0);
    }
    return out;
}

std::pair<int, int> Minimap::windowPixels() const
{
    if (extent_ <= 0)
        return {0, 0};
    const double w = width();
    const int x0 = int(std::floor(std::clamp(t0_ / extent_, 0.0, 1.0) * w));
    const int x1 = int(std::ceil(std::clamp(t1_ / extent_, 0.0, 1.0) * w));
    return {x0, std::max(x0 + 2, x1)};
}

void Minimap::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    const QPalette pal = palette();
    const bool dark = isDarkCanvas(pal);
    p.fillRect(rect(), pal.base());
    if (!lod_ || extent_ <= 0)
        return;
    const std::vector<double> cols = columns(width());
    // Many streams idle most of the time: the shape is drawn to the busiest moment's
    // height (the tooltip gives that peak's share).
    const double peak = cols.empty() ? 0.0 : *std::max_element(cols.begin(), cols.end());
    const double scale = peak > 0 ? (height() - 3) / peak : 0.0;
    QPainterPath area(QPointF(0, height()));
    for (std::size_t c = 0; c < cols.size(); ++c)
        area.lineTo(QPointF(double(c), height() - 1 - cols[c] * scale));
    area.lineTo(QPointF(double(cols.size()), height()));
    area.closeSubpath();
    const QColor fill = dark ? QColor(90, 140, 230, 150) : QColor(60, 110, 200, 110);
    p.fillPath(area, fill);
    // Outside the window is dimmed; the window has an outline.
    const auto [x0, x1] = windowPixels();
    QColor dim = pal.color(QPalette::Text);
    dim.setAlpha(dark ? 70 : 45);
    p.fillRect(QRect(0, 0, x0, height()), dim);
    p.fillRect(QRect(x1, 0, width() - x1, height()), dim);
    p.setPen(QPen(pal.color(QPalette::Highlight), 1.5));
    p.setBrush(Qt::NoBrush);
    p.drawRect(QRectF(x0 + 0.75, 0.75, std::max(1, x1 - x0) - 1.5, height() - 1.5));
}

double Minimap::timeAt(double x) const
{
    return width() > 0 ? std::clamp(x / width(), 0.0, 1.0) * extent_ : 0.0;
}

void Minimap::centreAt(double x)
{
    if (extent_ <= 0)
        return;
    const double w = std::max(1.0, t1_ - t0_);
    double a = timeAt(x) - w / 2;
    a = std::clamp(a, 0.0, std::max(0.0, extent_ - w));
    Q_EMIT windowRequested(a, a + w);
}

void Minimap::mousePressEvent(QMouseEvent *e)
{
    if (e->button() == Qt::LeftButton)
        centreAt(e->position().x());
}

void Minimap::mouseMoveEvent(QMouseEvent *e)
{
    if (e->buttons() & Qt::LeftButton)
        centreAt(e->position().x());
}

void Minimap::changeEvent(QEvent *e)
{
    if (e->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(e);
}

void Minimap::retranslateUi()
{
    setToolTip(tr("The whole session: share of stream time busy across all devices, drawn to the busiest "
                  "moment's height (%1 %). The framed part is on screen; click or drag to move it.")
                   .arg(QLocale().toString(peak_ * 100.0, 'f', 1)));
}

} // namespace npuscope::ui::timeline
