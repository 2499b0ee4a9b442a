// TimelineView's counter tracks and flow arrows: the overlay pass that draws the flows
// (ui/timeline/flow_overlay.h) and the hover readout of a counter lane
// (ui/timeline/counter_track.h), and "Follow flow". Kept apart from timeline_view.cpp.
#include "ui/timeline/counter_track.h"
#include "ui/timeline/flow_overlay.h"
#include "ui/timeline/lane_header.h"
#include "ui/timeline/timeline_paint.h"
#include "ui/timeline/timeline_view.h"
#include "ui/timeline/zoom_control.h"

#include <QCheckBox>
#include <QFontMetrics>
#include <QPainter>
#include <qcustomplot.h>

#include <algorithm>
#include <climits>
#include <cmath>

namespace npuscope::ui {

using timeline::LaneKind;

bool TimelineView::followFlow()
{
    if (!model_ || !zoom_->hasEvent())
        return false;
    const auto to = timeline::otherEnd(*model_, zoom_->eventLane(), zoom_->eventIndex());
    if (!to) {
        setStatus(tr("The selected event has no flow arrow."));
        return false;
    }
    selectEvent(to->lane, to->event, true);
    const auto &l = model_->lanes[std::size_t(to->lane)];
    setStatus(tr("Followed the flow to %1 · %2.").arg(l.process, l.title));
    return true;
}

std::pair<int, std::size_t> TimelineView::selectedEvent() const
{
    if (!model_ || !zoom_->hasEvent())
        return {-1, 0};
    return {zoom_->eventLane(), zoom_->eventIndex()};
}

bool TimelineView::isLaneOnScreen(int lane) const
{
    return rowY(lane) != INT_MIN;
}

void TimelineView::setAllFlowsShown(bool on)
{
    flowsBox_->setChecked(on); // replots the overlay
}

void TimelineView::paintFlowsAndReadout(QCPPainter *p, const QRect &r, const QPoint &mouse, bool mouseInside)
{
    flowsDrawn_ = 0;
    flowRows_.clear();
    if (!model_)
        return;
    analysis::timeline::View v = zoom_->view();
    v.widthPx = std::max(1, r.width());
    timeline::FlowPaintState fs;
    fs.model = model_.get();
    fs.view = v;
    // An end inside a collapsed track lands on the track's row.
    fs.rowY = [this](int lane) { return rowY(layout_.rowLane(lane)); };
    fs.rows = &flowRows_;
    fs.laneHeight = timeline::kTimelineGeometry.laneHeight;
    fs.selectedLane = zoom_->hasEvent() ? zoom_->eventLane() : -1;
    fs.selectedEvent = zoom_->eventIndex();
    fs.all = flowsBox_->isChecked();
    fs.color = timeline::isDarkCanvas(palette()) ? QColor(0xff, 0xd5, 0x4f) : QColor(0x21, 0x21, 0x21);
    flowsDrawn_ = timeline::paintFlows(p, r, fs);

    // The value of the counter under the mouse, at the mouse's time.
    if (!mouseInside)
        return;
    const int row = header_->rowAt(mouse.y());
    if (row < 0 || row >= int(rows_.rows.size()))
        return;
    const timeline::LaneRow &lr = rows_.rows[std::size_t(row)];
    if (lr.lane < 0 || model_->lanes[std::size_t(lr.lane)].kind != LaneKind::Counter)
        return;
    const auto &lane = model_->lanes[std::size_t(lr.lane)];
    if (lane.id >= model_->counters.size())
        return;
    const timeline::CounterSeries &c = model_->counters[lane.id];
    const double t = analysis::timeline::pixelToTime(v, mouse.x() - r.left());
    const double value = timeline::counterValueAt(c, t);
    const QString text = QStringLiteral("%1: %2").arg(c.name, timeline::counterValueText(c, value));
    p->save();
    p->setRenderHint(QPainter::Antialiasing, true);
    const int top = r.top() + lr.y;
    if (!std::isnan(value)) {
        const auto [lo, hi] = timeline::counterAxis(c);
        const int bottom = top + lr.h - 2;
        const int h = std::max(1, lr.h - 4);
        const double f = std::clamp((value - lo) / (hi - lo), 0.0, 1.0);
        p->setPen(QPen(palette().color(QPalette::Text), 1));
        p->setBrush(timeline::counterColor(c));
        p->drawEllipse(QPointF(mouse.x(), bottom - f * h), 3, 3);
    }
    const QFontMetrics fm(font());
    QRect box(mouse.x() + 10, top + 2, fm.horizontalAdvance(text) + 8, fm.height() + 2);
    if (box.right() > r.right())
        box.moveRight(mouse.x() - 10);
    p->setPen(Qt::NoPen);
    p->setBrush(timeline::isDarkCanvas(palette()) ? QColor(40, 40, 40, 235) : QColor(255, 255, 240, 240));
    p->drawRect(box);
    p->setPen(palette().color(QPalette::Text));
    p->setFont(font());
    p->drawText(box, Qt::AlignCenter, text);
    p->restore();
}

} // namespace npuscope::ui
