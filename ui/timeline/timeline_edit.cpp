// TimelineView's search, marks, colour mode and lane arrangement (hide, pin, move,
// collapse; saved in the project off the GUI thread). Kept apart from timeline_view.cpp.
#include "ui/timeline/timeline_view.h"

#include "core/text/display.h"
#include "ui/timeline/details_panel.h"
#include "ui/timeline/lane_header.h"
#include "ui/timeline/marks_model.h"
#include "ui/timeline/zoom_control.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDeadlineTimer>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>

namespace npuscope::ui {

using namespace analysis::timeline;
int TimelineView::search(const QString &pattern, bool regex)
{
    if (searchEdit_->text() != pattern || regexBox_->isChecked() != regex) {
        const QSignalBlocker b1(searchEdit_), b2(regexBox_);
        searchEdit_->setText(pattern);
        regexBox_->setChecked(regex);
    }
    search_.clear();
    if (!model_ || pattern.isEmpty()) {
        matchLabel_->clear();
        replotOverlay();
        return 0;
    }
    if (!model_->detailsLoaded) {
        matchLabel_->setText(tr("loading…"));
        return 0;
    }
    QString err;
    const int n = search_.run(*model_, pattern, regex, &err);
    if (n < 0) {
        matchLabel_->setText(tr("invalid pattern"));
        setStatus(err, true);
        return -1;
    }
    matchLabel_->setText(n == 0 ? tr("no match") : tr("%1 matches").arg(QLocale().toString(qulonglong(n))));
    replotOverlay();
    return n;
}

void TimelineView::showMatch()
{
    const int i = search_.current();
    if (i < 0)
        return;
    matchLabel_->setText(tr("%1 of %2").arg(i + 1).arg(QLocale().toString(qulonglong(search_.count()))));
    selectEvent(search_.laneOf(i), search_.eventOf(i), true);
}

void TimelineView::nextMatch()
{
    if (search_.next() >= 0)
        showMatch();
}

void TimelineView::previousMatch()
{
    if (search_.previous() >= 0)
        showMatch();
}

bool TimelineView::addMark(TimeNs start, TimeNs end, const QString &label)
{
    if (readOnly_) {
        setStatus(tr("The project is open in another NPU Scope window: it is read-only here, the mark is not saved."), true);
        return false;
    }
    return marks_->add(start, end, label);
}

bool TimelineView::removeMark(int index)
{
    if (readOnly_) {
        setStatus(tr("The project is open in another NPU Scope window: it is read-only here, the mark is not removed."), true);
        return false;
    }
    return marks_->remove(index);
}

std::vector<store::TimelineMark> TimelineView::marks() const
{
    return marks_->marks();
}

bool TimelineView::waitForWrites(int msecs)
{
    const QDeadlineTimer deadline(msecs);
    const bool marks = marks_->waitForWrites(msecs);
    return layoutWrites_.waitForIdle(int(std::max<qint64>(0, deadline.remainingTime()))) && marks;
}

void TimelineView::markCurrent()
{
    if (!model_)
        return;
    TimeNs s = 0, e = 0;
    if (zoom_->hasRange()) {
        std::tie(s, e) = selectedRange();
    } else if (zoom_->hasEvent()) {
        const auto &l = model_->lanes[std::size_t(zoom_->eventLane())].events;
        s = l.startAt(zoom_->eventIndex()) + model_->origin;
        e = l.end(zoom_->eventIndex()) + model_->origin;
    } else {
        setStatus(tr("Select a time range (Shift+drag) or a task before marking it."), true);
        return;
    }
    addMark(s, e, tr("Mark %1").arg(marks_->marks().size() + 1));
}

void TimelineView::zoomToSelection()
{
    if (!model_)
        return;
    syncWidth();
    if (zoom_->hasRange()) {
        zoom_->fit(zoom_->rangeStart(), zoom_->rangeEnd(), 0.02);
    } else if (zoom_->hasEvent()) {
        const auto &l = model_->lanes[std::size_t(zoom_->eventLane())].events;
        zoom_->fit(double(l.startAt(zoom_->eventIndex())), double(l.end(zoom_->eventIndex())), 0.1);
    }
}

void TimelineView::setColorMode(timeline::ColorMode mode)
{
    ctx_.mode = mode;
    {
        const QSignalBlocker b(colorBox_);
        colorBox_->setCurrentIndex(mode == timeline::ColorMode::OpType ? 1 : 0);
    }
    refreshLegend();
    replotAll();
}

void TimelineView::refreshLegend()
{
    legend_->setItems(model_ ? timeline::legendItems(*model_, palette_, ctx_.mode) : std::vector<std::pair<QString, QRgb>>());
}

std::vector<int> TimelineView::shownLanes() const
{
    return model_ ? layout_.shownLanes() : std::vector<int>();
}

void TimelineView::setLaneHidden(int lane, bool hidden)
{
    if (!model_ || lane < 0 || lane >= layout_.laneCount())
        return;
    layout_.setHidden(lane, hidden);
    layoutChanged();
}

void TimelineView::setLanePinned(int lane, bool pinned)
{
    if (!model_ || lane < 0 || lane >= layout_.laneCount())
        return;
    layout_.setPinned(lane, pinned);
    layoutChanged();
}

void TimelineView::moveLane(int lane, int delta)
{
    if (model_ && layout_.move(lane, delta))
        layoutChanged();
}

void TimelineView::setDeviceCollapsed(std::uint16_t device, bool collapsed)
{
    layout_.setCollapsed(device, collapsed);
    layoutChanged();
}

void TimelineView::setTrackCollapsed(int lane, bool collapsed)
{
    if (!model_ || lane < 0 || lane >= layout_.laneCount() || layout_.trackSize(lane) <= 1)
        return;
    layout_.setTrackCollapsed(lane, collapsed);
    // The cursor on a lane that folds away moves to the track's row.
    if (currentLane_ >= 0 && layout_.rowLane(currentLane_) != currentLane_)
        currentLane_ = layout_.rowLane(currentLane_);
    layoutChanged();
}

bool TimelineView::isTrackCollapsed(int lane) const
{
    return model_ && lane >= 0 && lane < layout_.laneCount() && layout_.isTrackCollapsed(lane);
}

void TimelineView::showAllLanes()
{
    if (layout_.hiddenCount() == 0)
        return;
    layout_.showAll();
    layoutChanged();
}

void TimelineView::resetLayout()
{
    layout_.reset();
    scroll_ = 0;
    relayout();
    replotAll();
    if (store_ && !readOnly_)
        writeLayout(QByteArray(), tr("Lane layout reset to the msprof order."));
    else
        setStatus(tr("Lane layout reset to the msprof order."));
}

void TimelineView::layoutChanged()
{
    relayout();
    replotAll();
    persistLayout();
}

void TimelineView::persistLayout()
{
    if (!store_ || readOnly_)
        return;
    // The default arrangement is stored as none ("Reset layout" forgets it).
    writeLayout(layout_.isDefault() ? QByteArray() : layout_.toJson(), QString());
}

void TimelineView::writeLayout(const QByteArray &layout, const QString &doneMessage)
{
    struct Saved {
        bool ok = false;
        QString message;
    };
    // The work holds the store, not the view: a write still waiting as the view closes runs.
    layoutWrites_.start(
        [st = store_, layout](JobControl &) {
            Saved s;
            s.ok = st->saveLayout(layout, &s.message);
            return s;
        },
        [this, doneMessage](Saved s) {
            if (!s.ok)
                setStatus(s.message, true);
            else if (!doneMessage.isEmpty())
                setStatus(doneMessage);
        });
}

} // namespace npuscope::ui
