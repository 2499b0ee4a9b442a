#include "ui/timeline/timeline_paint.h"
#include "core/text/display.h"

#include "ui/timeline/timeline_view.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace npuscope::ui::timeline {

using namespace analysis::timeline;

QString iterationLabel(const QFontMetrics &fm, int width, int iteration)
{
    const QString full = TimelineView::tr("Iteration %1").arg(iteration);
    if (fm.horizontalAdvance(full) <= width)
        return full;
    const QString number = QString::number(iteration);
    return fm.horizontalAdvance(number) <= width ? number : QString();
}

bool isDarkCanvas(const QPalette &palette)
{
    return palette.color(QPalette::Base).lightness() < 128;
}

void paintBands(QCPPainter *p, const QRect &r, const BandState &s)
{
    if (!s.model)
        return;
    const bool dark = isDarkCanvas(s.palette);
    const QColor labelColor = dark ? QColor(160, 185, 240) : QColor(40, 60, 120);
    const QColor flowText = dark ? QColor(240, 130, 130) : QColor(160, 40, 40);
    const Model &m = *s.model;
    const View &v = s.view;
    // Iteration bands of the first device (devices share the axis; their iterations line
    // up within microseconds), alternating shades, labelled at the top.
    std::uint16_t dev = m.devices.empty() ? 0 : m.devices.front().id;
    bool shade = false;
    p->setFont(s.font);
    for (const auto &s : m.steps) {
        if (s.device != dev)
            continue;
        shade = !shade;
        const double a = s.previousIterationEnd >= 0 ? double(s.previousIterationEnd) : double(s.fpStart);
        const double b = double(s.iterationEnd);
        if (b < v.t0 || a > v.t1)
            continue;
        const int x0 = r.left() + int(std::floor(timeToPixel(v, a)));
        const int x1 = r.left() + int(std::ceil(timeToPixel(v, b)));
        // Bands narrower than a few pixels would only grey the whole view (and cost one
        // dashed line per iteration): the ruler says enough at that zoom.
        if (x1 - x0 < 6)
            continue;
        if (shade)
            p->fillRect(QRect(x0, r.top(), std::max(1, x1 - x0), r.height()), QColor(70, 110, 200, 18));
        p->setPen(QPen(QColor(70, 110, 200, 90), 1, Qt::DashLine));
        p->QPainter::drawLine(x1, r.top(), x1, r.bottom());
        const int left = std::max(x0, r.left()) + 4;
        const QString label = iterationLabel(p->fontMetrics(), std::min(x1, r.right()) - left - 2, s.iteration);
        if (!label.isEmpty()) {
            p->setPen(labelColor);
            p->drawText(QRect(left, r.top() + 1, std::min(x1, r.right()) - left, 14), Qt::AlignLeft | Qt::AlignTop, label);
        }
    }
    // Marks.
    for (const auto &mk : *s.marks) {
        const double a = double(mk.start - m.origin), b = double(mk.end - m.origin);
        if (b < v.t0 || a > v.t1)
            continue;
        const int x0 = r.left() + int(std::floor(timeToPixel(v, a)));
        const int x1 = r.left() + int(std::ceil(timeToPixel(v, b)));
        p->fillRect(QRect(x0, r.top(), std::max(2, x1 - x0), r.height()), QColor(255, 200, 0, 40));
        p->setPen(QColor(200, 140, 0));
        p->QPainter::drawLine(x0, r.top(), x0, r.bottom());
        p->drawText(QRect(x0 + 3, r.bottom() - 16, 200, 14), Qt::AlignLeft, mk.label);
    }
    // Data_aug Bound flows: previous iteration end → FP start, on each device's Step Trace
    // lane (drawn here, under the events' labels but over the bands).
    p->setRenderHint(QPainter::Antialiasing, true);
    for (const auto &row : s.rows->rows) {
        // The rows may still describe the previous session's lanes for one paint while a
        // session switch is laid out again.
        if (row.lane < 0 || std::size_t(row.lane) >= m.lanes.size())
            continue;
        const auto &l = m.lanes[std::size_t(row.lane)];
        if (l.kind != LaneKind::StepTrace || l.id % 2 != 0)
            continue;
        const int y = r.top() + row.y + row.h / 2;
        for (const auto &s : m.steps) {
            if (s.device != l.device || s.modelId * 2 != l.id || s.previousIterationEnd < 0)
                continue;
            if (double(s.fpStart) < v.t0 || double(s.previousIterationEnd) > v.t1)
                continue;
            const double xa = r.left() + timeToPixel(v, double(s.previousIterationEnd));
            const double xb = r.left() + timeToPixel(v, double(s.fpStart));
            if (xb - xa < 6)
                continue;
            QPainterPath path(QPointF(xa, y - 2));
            path.cubicTo(QPointF(xa + (xb - xa) / 3, y - 12), QPointF(xb - (xb - xa) / 3, y - 12), QPointF(xb, y - 2));
            p->setPen(QPen(QColor(200, 60, 60), 1.5));
            p->setBrush(Qt::NoBrush);
            p->drawPath(path);
            QPolygonF head;
            head << QPointF(xb, y - 2) << QPointF(xb - 6, y - 7) << QPointF(xb - 7, y);
            p->setBrush(QColor(200, 60, 60));
            p->drawPolygon(head);
            if (xb - xa > 90) {
                p->setPen(flowText);
                p->drawText(QRectF(xa, y - 24, xb - xa, 12), Qt::AlignCenter, TimelineView::tr("Data_aug Bound %1").arg(s.iteration));
            }
        }
    }
}

void paintOverlay(QCPPainter *p, const QRect &r, const OverlayState &s)
{
    if (!s.model)
        return;
    const Model &m = *s.model;
    const View &v = s.view;
    const QColor text = s.palette.color(QPalette::Text);
    auto withAlpha = [](QColor c, int a) {
        c.setAlpha(a);
        return c;
    };
    // Range selection.
    if (s.rangeEnd > s.rangeStart || s.selecting) {
        const double a = std::min(s.rangeStart, s.rangeEnd), b = std::max(s.rangeStart, s.rangeEnd);
        const int x0 = r.left() + int(std::floor(timeToPixel(v, a)));
        const int x1 = r.left() + int(std::ceil(timeToPixel(v, b)));
        p->fillRect(QRect(x0, r.top(), std::max(1, x1 - x0), r.height()), QColor(30, 120, 255, 40));
        p->setPen(QColor(30, 120, 255));
        p->QPainter::drawLine(x0, r.top(), x0, r.bottom());
        p->QPainter::drawLine(x1, r.top(), x1, r.bottom());
        const QString label = display::duration(b - a);
        const int w = QFontMetrics(s.font).horizontalAdvance(label) + 10;
        const QRect box((x0 + x1) / 2 - w / 2, r.top() + 2, w, 16);
        p->fillRect(box, QColor(30, 120, 255));
        p->setPen(Qt::white);
        p->drawText(box, Qt::AlignCenter, label);
    }
    auto outline = [&](int lane, std::size_t ev, const QColor &c, int width) {
        const int y = s.rowY(lane);
        if (y == INT_MIN)
            return;
        const auto &e = m.lanes[std::size_t(lane)].events;
        if (ev >= e.size())
            return;
        const Columns cols = columnsOf(v, double(e.startAt(ev)), double(e.end(ev)));
        const int x0 = int(std::clamp<long long>(cols.x0, -2, v.widthPx + 2));
        const int x1 = int(std::clamp<long long>(cols.x1, x0 + 1, v.widthPx + 2));
        p->setPen(QPen(c, width));
        p->setBrush(Qt::NoBrush);
        p->drawRect(QRect(r.left() + x0 - 1, r.top() + y, x1 - x0 + 1, s.laneHeight - 1));
    };
    // Search matches in view (bounded: only those visible on shown lanes, at most 2000).
    if (s.matches && !s.matches->empty()) {
        auto it = std::lower_bound(s.matches->begin(), s.matches->end(), TimeNs(v.t0) - 1,
                                   [](const Match &m, TimeNs t) { return m.start < t; });
        int drawn = 0;
        for (; it != s.matches->end() && double(it->start) <= v.t1 && drawn < 2000; ++it, ++drawn)
            outline(int(it->lane), it->event, QColor(Palette::searchColor()), 2);
    }
    if (s.hoverLane >= 0)
        outline(s.hoverLane, s.hoverEvent, withAlpha(text, 160), 1);
    if (s.selectedLane >= 0)
        outline(s.selectedLane, s.selectedEvent, text, 2);
    // Cursor line with its time.
    if (s.mouse.x() >= r.left() && s.mouse.x() <= r.right() && s.mouseInside) {
        p->setPen(QPen(withAlpha(text, 110), 1));
        p->QPainter::drawLine(s.mouse.x(), r.top(), s.mouse.x(), r.bottom());
        const double t = pixelToTime(v, s.mouse.x() - r.left());
        const QString label = display::tick(t, s.tickStep / 100);
        const int w = QFontMetrics(s.font).horizontalAdvance(label) + 8;
        const QRect box(s.mouse.x() + 4, r.bottom() - 18, w, 16);
        p->fillRect(box, withAlpha(s.palette.color(QPalette::Base), 220));
        p->setPen(text);
        p->drawText(box, Qt::AlignCenter, label);
    }
}

} // namespace npuscope::ui::timeline
