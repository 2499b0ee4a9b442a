// TimelineView's focus on evidence (advisor findings, table rows): kept apart from
// timeline_view.cpp so the view's open and paint paths stay as they are.
#include "ui/timeline/lane_header.h"
#include "ui/timeline/timeline_paint.h"
#include "ui/timeline/timeline_view.h"
#include "ui/timeline/zoom_control.h"

#include <QPainter>
#include <QScrollBar>
#include <algorithm>
#include <climits>
#include <cmath>
#include <qcustomplot.h>

namespace npuscope::ui {

using timeline::LaneKind;

namespace {
constexpr int kLaneHeight = 20; // LaneLayout::Geometry's lane height in timeline_view.cpp

bool contains(const std::vector<std::uint16_t> &v, std::uint16_t d)
{
    return std::find(v.begin(), v.end(), d) != v.end();
}
} // namespace

bool TimelineView::focusEvidence(const std::vector<std::uint16_t> &devicesIn, TimeNs start, TimeNs end, bool selectSpan)
{
    if (!model_)
        return false;
    clearFocus();
    clearSelection(); // what was selected belongs to the old question
    std::vector<std::uint16_t> devices;
    for (std::uint16_t d : devicesIn)
        for (const auto &g : model_->devices)
            if (g.id == d && !contains(devices, d))
                devices.push_back(d);
    std::sort(devices.begin(), devices.end());
    focusDevices_ = devices;
    focusPath_ = model_->path;
    focusSession_ = model_->session;

    // Pin per device its step trace and its busiest stream lanes, as many as half the plot's
    // height holds (at least the busiest stream of every device).
    const int budget = std::max<int>(int(devices.size()), plot_->axisRect()->height() / 2 / kLaneHeight);
    const int perDevice = devices.empty() ? 0 : std::max(1, budget / int(devices.size()));
    auto tasksOf = [this](const timeline::Lane &l) -> std::uint64_t {
        if (l.events.size() > 0)
            return l.events.size();
        return l.lod >= 0 && std::size_t(l.lod) < model_->lod.lanes.size() ? model_->lod.lanes[std::size_t(l.lod)].tasks : 0;
    };
    for (std::uint16_t d : devices) {
        std::vector<int> picks;
        std::vector<std::pair<std::uint64_t, int>> streams;
        for (std::size_t i = 0; i < model_->lanes.size(); ++i) {
            const auto &l = model_->lanes[i];
            if (l.device != d)
                continue;
            if (l.kind == LaneKind::StepTrace && l.id % 2 == 0)
                picks.push_back(int(i));
            else if (l.kind == LaneKind::Stream && tasksOf(l) > 0)
                streams.emplace_back(tasksOf(l), int(i));
        }
        std::stable_sort(streams.begin(), streams.end(), [](const auto &a, const auto &b) { return a.first > b.first; });
        if (int(picks.size()) >= perDevice && !streams.empty())
            picks.resize(std::size_t(std::max(0, perDevice - 1)));
        for (const auto &s : streams)
            if (int(picks.size()) < perDevice)
                picks.push_back(s.second);
        for (int lane : picks) {
            if (layout_.isPinned(lane))
                continue; // the user's pin stays the user's
            layout_.setHidden(lane, false);
            layout_.setPinned(lane, true);
            focusPins_.push_back(layout_.key(lane));
        }
        layout_.setCollapsed(d, false);
    }

    // The devices' rows tinted, in the plot and in the lane names.
    if (!focusPaint_) {
        focusPaint_ = new timeline::PaintLayerable(plot_, QStringLiteral("bands"), [this](QCPPainter *p, const QRect &r) {
            if (focusDevices_.empty() || !model_)
                return;
            if (model_->path != focusPath_ || model_->session != focusSession_) {
                // Another session opened since: the focus was that session's.
                focusDevices_.clear();
                focusPins_.clear();
                header_->setHighlightedDevices({});
                return;
            }
            QColor tint = palette().color(QPalette::Highlight);
            tint.setAlpha(34);
            const QRect ar = plot_->axisRect()->rect();
            for (const timeline::LaneRow &row : rows_.rows)
                if (contains(focusDevices_, row.device)) {
                    QRect box(ar.left(), ar.top() + row.y, ar.width(), row.h);
                    if (!row.pinned) // never over the pinned strip
                        box.setTop(std::max(box.top(), ar.top() + rows_.pinnedHeight));
                    p->fillRect(box.intersected(r), tint);
                }
        });
    }
    header_->setHighlightedDevices(focusDevices_);

    // Scroll to the first device's header (below the pinned strip).
    relayout();
    if (!devices.empty()) {
        const auto all = layout_.layout(INT_MAX / 2, 0, timeline::kTimelineGeometry);
        for (const auto &row : all.rows)
            if (row.lane < 0 && row.device == devices.front() && !row.pinned) {
                scroll_ = std::max(0, row.y - all.pinnedHeight);
                break;
            }
    }
    relayout();

    if (end > start) {
        // A span with a little context; a single task (selected by the caller) with more.
        const TimeNs pad = std::max<TimeNs>((end - start) / (selectSpan ? 20 : 4), 1000);
        setVisibleRange(start - pad, end + pad);
        if (selectSpan)
            selectRange(start, end);
    }
    replotAll();
    const QString names = [&] {
        QStringList ids;
        for (auto d : devices)
            ids << QString::number(d);
        return ids.join(QStringLiteral(", "));
    }();
    if (devices.empty())
        return true;
    setStatus(devices.size() == 1
                  ? tr("Device %1 pinned at the top and highlighted; its lanes are unpinned at the next focus.").arg(names)
                  : tr("Devices %1 pinned at the top and highlighted; their lanes are unpinned at the next focus.").arg(names));
    return true;
}

std::vector<int> TimelineView::pinnedLanes() const
{
    std::vector<int> out;
    if (!model_)
        return out;
    for (int lane : layout_.order())
        if (layout_.isPinned(lane))
            out.push_back(lane);
    return out;
}

void TimelineView::clearFocus()
{
    const bool same = model_ && model_->path == focusPath_ && model_->session == focusSession_;
    if (same) {
        for (const auto &k : focusPins_)
            for (int i = 0; i < layout_.laneCount(); ++i)
                if (layout_.key(i) == k)
                    layout_.setPinned(i, false);
    }
    focusPins_.clear();
    focusDevices_.clear();
    header_->setHighlightedDevices({});
    if (model_) {
        relayout();
        replotAll();
    }
}

} // namespace npuscope::ui
