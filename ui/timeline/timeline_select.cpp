// TimelineView's selection: the visible window, the selected range and the selected event
// (held by ZoomControl), bringing an event and its lane into view, and the details panel
// that shows them. Kept apart from timeline_view.cpp.
#include "ui/timeline/timeline_view.h"

#include "ui/timeline/details_panel.h"
#include "ui/timeline/timeline_paint.h"
#include "ui/timeline/zoom_control.h"

#include <QSplitter>

#include <climits>
#include <cmath>

namespace npuscope::ui {

using analysis::timeline::View;
using timeline::LaneKind;

namespace {
const timeline::LaneLayout::Geometry &kGeometry = timeline::kTimelineGeometry;
} // namespace

void TimelineView::setVisibleRange(TimeNs start, TimeNs end)
{
    if (!model_)
        return;
    syncWidth();
    zoom_->setWindow(double(start - model_->origin), double(std::max(end, start + 1) - model_->origin));
}

std::pair<TimeNs, TimeNs> TimelineView::visibleRange() const
{
    const TimeNs o = model_ ? model_->origin : 0;
    const View &v = zoom_->view();
    return {TimeNs(std::llround(v.t0)) + o, TimeNs(std::llround(v.t1)) + o};
}

void TimelineView::selectRange(TimeNs start, TimeNs end)
{
    if (!model_)
        return;
    zoom_->setRange(double(start - model_->origin), double(end - model_->origin));
    if (end != start)
        emit rangeSelected(std::min(start, end), std::max(start, end));
}

std::pair<TimeNs, TimeNs> TimelineView::selectedRange() const
{
    if (!model_ || !zoom_->hasRange())
        return {0, 0};
    return {TimeNs(std::llround(zoom_->rangeStart())) + model_->origin, TimeNs(std::llround(zoom_->rangeEnd())) + model_->origin};
}

void TimelineView::clearSelection()
{
    zoom_->clearEvent();
    zoom_->clearRange();
    panel_->clearEvent();
    replotOverlay();
}

bool TimelineView::selectTask(std::uint16_t device, std::uint32_t stream, TimeNs start)
{
    if (!model_)
        return false;
    for (std::size_t i = 0; i < model_->lanes.size(); ++i) {
        const auto &l = model_->lanes[i];
        if (l.kind != LaneKind::Stream || l.device != device || l.id != stream)
            continue;
        const TimeNs rel = start - model_->origin;
        const std::size_t at = l.events.lowerBound(rel);
        if (at == l.events.size() || l.events.startAt(at) != rel)
            return false;
        selectEvent(int(i), at, true);
        return true;
    }
    return false;
}

bool TimelineView::selectLaneEvent(int lane, std::size_t event)
{
    if (!model_ || lane < 0 || lane >= int(model_->lanes.size()) || event >= model_->lanes[std::size_t(lane)].events.size())
        return false;
    selectEvent(lane, event, true);
    return true;
}

void TimelineView::selectEvent(int lane, std::size_t event, bool reveal)
{
    zoom_->selectEvent(lane, event);
    currentLane_ = lane;
    const auto &l = model_->lanes[std::size_t(lane)];
    if (reveal) {
        syncWidth();
        zoom_->reveal(double(l.events.startAt(event)), double(l.events.end(event)));
        revealLane(lane);
    }
    relayout();
    panel_->showEvent(*model_, lane, event, store_.get());
    replotOverlay();
    emit taskSelected(l.device, l.process + QLatin1Char(' ') + l.title, qint64(l.events.startAt(event) + model_->origin),
                      qint64(l.events.durationAt(event)));
}

void TimelineView::revealLane(int lane)
{
    if (rowY(lane) == INT_MIN) {
        // Hidden, in a collapsed track or a collapsed device: show it.
        layout_.setCollapsed(std::uint16_t(model_->lanes[std::size_t(lane)].device), false);
        layout_.setHidden(lane, false);
        if (layout_.rowLane(lane) != lane)
            layout_.setTrackCollapsed(lane, false);
    }
    // Scroll its row (in the layout without scrolling) a third down the view.
    const auto all = layout_.layout(INT_MAX / 2, 0, kGeometry);
    for (const auto &r : all.rows)
        if (r.lane == lane && !r.pinned) {
            const int viewH = plot_->axisRect()->height();
            const int shown = r.y - scroll_;
            if (shown < rows_.pinnedHeight || shown + r.h > viewH)
                scroll_ = r.y - all.pinnedHeight - viewH / 3;
        }
    relayout();
    replotAll();
}

QString TimelineView::selectedDetailsText() const
{
    return panel_->detailsText();
}

void TimelineView::setPanelCollapsed(bool collapsed)
{
    if (collapsed == isPanelCollapsed())
        return;
    const int total = std::max(1, split_->height());
    split_->setSizes(collapsed ? QList<int>{total, 0} : QList<int>{total * 3 / 4, total - total * 3 / 4});
}

bool TimelineView::isPanelCollapsed() const
{
    const QList<int> sizes = split_->sizes();
    return sizes.size() == 2 && sizes.at(1) == 0;
}

} // namespace npuscope::ui
