#include "ui/timeline/timeline_input.h"
#include "ui/timeline/flow_overlay.h"
#include "core/text/display.h"

#include "core/analysis/timeline_lanes.h"
#include "ui/timeline/details_panel.h"
#include "ui/timeline/lane_header.h"
#include "ui/timeline/timeline_view.h"
#include "ui/timeline/zoom_control.h"

#include <QApplication>
#include <QContextMenuEvent>
#include <QKeyEvent>
#include <QLineEdit>
#include <QMenu>
#include <QRegularExpression>
#include <QScrollBar>
#include <QToolTip>

#include <climits>
#include <cmath>

namespace npuscope::ui::timeline {

using namespace analysis::timeline;

TimelineInput::TimelineInput(TimelineView &view) : v_(view) {}

QString TimelineInput::keysHelp()
{
    return TimelineView::tr("<b>Timeline keys</b><table cellspacing=4>"
                      "<tr><td>W / S</td><td>zoom in / out at the mouse</td></tr>"
                      "<tr><td>A / D</td><td>pan left / right</td></tr>"
                      "<tr><td>Ctrl+wheel</td><td>zoom at the mouse</td></tr>"
                      "<tr><td>drag</td><td>pan</td></tr>"
                      "<tr><td>Shift+drag, drag on the ruler</td><td>select a time range</td></tr>"
                      "<tr><td>F</td><td>zoom to the selection</td></tr>"
                      "<tr><td>0 / Home</td><td>show the whole session</td></tr>"
                      "<tr><td>M</td><td>mark the selection (kept in the project)</td></tr>"
                      "<tr><td>click</td><td>select a task: details below</td></tr>"
                      "<tr><td>Left / Right</td><td>previous / next event on the current lane</td></tr>"
                      "<tr><td>Up / Down</td><td>current lane</td></tr>"
                      "<tr><td>Ctrl+Up / Ctrl+Down</td><td>move the current lane</td></tr>"
                      "<tr><td>H / Shift+H</td><td>hide the current lane / show all lanes</td></tr>"
                      "<tr><td>P</td><td>pin the current lane to the top</td></tr>"
                      "<tr><td>Space</td><td>collapse / expand the current device</td></tr>"
                      "<tr><td>Shift+R</td><td>reset the lane layout (kept in the project)</td></tr>"
                      "<tr><td>/ or Ctrl+F</td><td>search; Enter / Shift+Enter: next / previous match</td></tr>"
                      "<tr><td>N / Shift+N</td><td>next / previous match</td></tr>"
                      "<tr><td>C</td><td>colour by task type / op type</td></tr>"
                      "<tr><td>Ctrl+C</td><td>copy the selected task's details</td></tr>"
                      "<tr><td>right-click</td><td>menus of a lane name, an event, the ruler or selection</td></tr>"
                      "<tr><td>Esc</td><td>clear the selection, close this list</td></tr>"
                      "<tr><td>?</td><td>show / hide this list</td></tr></table>")
        .replace(QStringLiteral("</table>"),
                 TimelineView::tr("<tr><td>J</td><td>follow the selected event's flow arrow (launch ↔ device task)</td></tr>")
                     + TimelineView::tr("<tr><td>E</td><td>expand / collapse the current thread's call depths</td></tr>")
                     + QStringLiteral("</table>"));
}

bool TimelineInput::hit(const QPoint &pos, int *lane, std::size_t *event) const
{
    if (!v_.model_)
        return false;
    const QRect ar = v_.plot_->axisRect()->rect();
    if (!ar.contains(pos))
        return false;
    const int row = v_.header_->rowAt(pos.y());
    if (row < 0 || v_.rows_.rows[std::size_t(row)].lane < 0)
        return false;
    const int l = v_.rows_.rows[std::size_t(row)].lane;
    View v = v_.zoom_->view();
    v.widthPx = std::max(1, ar.width());
    const double t = pixelToTime(v, pos.x() - ar.left());
    const TimeNs slack = TimeNs(std::ceil(3 * v.nsPerPixel()));
    if (!eventAt(v_.model_->lanes[std::size_t(l)].events, TimeNs(std::floor(t)), slack, event))
        return false;
    *lane = l;
    return true;
}

OverlayState TimelineInput::overlayState() const
{
    OverlayState s;
    if (selecting_) {
        s.selecting = true;
        s.rangeStart = std::min(dragT0_, dragT1_);
        s.rangeEnd = std::max(dragT0_, dragT1_);
    }
    s.hoverLane = hoverLane_;
    s.hoverEvent = hoverEvent_;
    s.mouse = mouse_;
    s.mouseInside = v_.plot_->underMouse();
    return s;
}

double TimelineInput::cursorPx() const
{
    const QRect ar = v_.plot_->axisRect()->rect();
    if (v_.plot_->underMouse() && mouse_.x() >= ar.left() && mouse_.x() <= ar.right())
        return mouse_.x() - ar.left();
    return ar.width() / 2.0;
}

void TimelineInput::moveLaneCursor(int dir)
{
    const std::vector<int> all = v_.shownLanes();
    if (all.empty())
        return;
    auto it = std::find(all.begin(), all.end(), v_.currentLane_);
    int idx = it == all.end() ? (dir > 0 ? -1 : int(all.size())) : int(it - all.begin());
    idx = std::clamp(idx + dir, 0, int(all.size()) - 1);
    v_.currentLane_ = all[std::size_t(idx)];
    v_.revealLane(v_.currentLane_);
}

void TimelineInput::hideCurrentLane(int lane)
{
    if (v_.currentLane_ == lane)
        moveLaneCursor(1);
    v_.setLaneHidden(lane, true);
    if (v_.currentLane_ == lane)
        v_.currentLane_ = -1;
    v_.relayout();
}

void TimelineInput::stepEvent(int dir)
{
    const Model *m = v_.model_.get();
    if (!m || !m->detailsLoaded)
        return;
    const ZoomControl &z = *v_.zoom_;
    int lane = z.hasEvent() ? z.eventLane() : v_.currentLane_;
    if (lane < 0) {
        const auto all = v_.shownLanes();
        if (all.empty())
            return;
        lane = all.front();
    }
    const auto &e = m->lanes[std::size_t(lane)].events;
    if (e.size() == 0)
        return;
    std::size_t i;
    if (z.hasEvent() && lane == z.eventLane()) {
        const std::size_t cur = z.eventIndex();
        i = dir > 0 ? std::min(e.size() - 1, cur + 1) : (cur ? cur - 1 : 0);
    } else {
        const View &v = z.view();
        i = std::min(e.size() - 1, startingIn(e, TimeNs(v.t0), TimeNs(v.t0)).first);
    }
    v_.selectEvent(lane, i, true);
}

bool TimelineInput::keyPress(QKeyEvent *ev)
{
    const Model *m = v_.model_.get();
    if (!m)
        return false;
    const bool shift = ev->modifiers() & Qt::ShiftModifier;
    const bool ctrl = ev->modifiers() & Qt::ControlModifier;
    ZoomControl &z = *v_.zoom_;
    v_.syncWidth();
    switch (ev->key()) {
    case Qt::Key_W: z.zoomAt(cursorPx(), kKeyZoom); break;
    case Qt::Key_S: z.zoomAt(cursorPx(), 1 / kKeyZoom); break;
    case Qt::Key_A: z.panBy(-kKeyPan); break;
    case Qt::Key_D: z.panBy(kKeyPan); break;
    case Qt::Key_0:
    case Qt::Key_Home: z.showAll(); break;
    case Qt::Key_F:
        if (ctrl) {
            v_.searchEdit_->setFocus();
            v_.searchEdit_->selectAll();
        } else {
            v_.zoomToSelection();
        }
        break;
    case Qt::Key_Slash: v_.searchEdit_->setFocus(); v_.searchEdit_->selectAll(); break;
    case Qt::Key_M: v_.markCurrent(); break;
    case Qt::Key_J: v_.followFlow(); break;
    case Qt::Key_N: shift ? v_.previousMatch() : v_.nextMatch(); break;
    case Qt::Key_R:
        if (!shift)
            return false;
        v_.resetLayout();
        break;
    case Qt::Key_C:
        if (ctrl) {
            if (z.hasEvent())
                v_.copyToClipboard(v_.selectedDetailsText(), TimelineView::tr("the task details"));
            break;
        }
        v_.setColorMode(v_.ctx_.mode == ColorMode::TaskType ? ColorMode::OpType : ColorMode::TaskType);
        break;
    case Qt::Key_Question:
    case Qt::Key_F1: v_.toggleHelp(); break;
    case Qt::Key_Escape:
        if (v_.help_->isVisible())
            v_.help_->hide();
        else
            v_.clearSelection();
        break;
    case Qt::Key_Left: stepEvent(-1); break;
    case Qt::Key_Right: stepEvent(1); break;
    case Qt::Key_Up:
        if (ctrl && v_.currentLane_ >= 0)
            v_.moveLane(v_.currentLane_, -1);
        else
            moveLaneCursor(-1);
        break;
    case Qt::Key_Down:
        if (ctrl && v_.currentLane_ >= 0)
            v_.moveLane(v_.currentLane_, 1);
        else
            moveLaneCursor(1);
        break;
    case Qt::Key_PageUp: v_.vscroll_->setValue(v_.vscroll_->value() - v_.vscroll_->pageStep()); break;
    case Qt::Key_PageDown: v_.vscroll_->setValue(v_.vscroll_->value() + v_.vscroll_->pageStep()); break;
    case Qt::Key_H:
        if (shift)
            v_.showAllLanes();
        else if (v_.currentLane_ >= 0)
            hideCurrentLane(v_.currentLane_);
        break;
    case Qt::Key_P:
        if (v_.currentLane_ >= 0)
            v_.setLanePinned(v_.currentLane_, !v_.layout_.isPinned(v_.currentLane_));
        break;
    case Qt::Key_E:
        if (v_.currentLane_ >= 0 && v_.layout_.trackSize(v_.currentLane_) > 1)
            v_.setTrackCollapsed(v_.currentLane_, !v_.layout_.isTrackCollapsed(v_.currentLane_));
        break;
    case Qt::Key_Space:
        if (v_.currentLane_ >= 0) {
            const auto d = std::uint16_t(m->lanes[std::size_t(v_.currentLane_)].device);
            v_.setDeviceCollapsed(d, !v_.layout_.isCollapsed(d));
        }
        break;
    default:
        return false;
    }
    ev->accept();
    return true;
}

bool TimelineInput::searchKey(QEvent *ev)
{
    if (ev->type() != QEvent::KeyPress)
        return false;
    auto *k = static_cast<QKeyEvent *>(ev);
    if (k->key() == Qt::Key_Return || k->key() == Qt::Key_Enter) {
        if (v_.search_.count() == 0)
            v_.search(v_.searchEdit_->text(), v_.regexBox_->isChecked());
        (k->modifiers() & Qt::ShiftModifier) ? v_.previousMatch() : v_.nextMatch();
        return true;
    }
    if (k->key() == Qt::Key_Escape) {
        v_.plot_->setFocus();
        return true;
    }
    return false;
}

void TimelineInput::hover(const QPoint &pos)
{
    const Model *m = v_.model_.get();
    int lane;
    std::size_t e;
    if (!hit(pos, &lane, &e)) {
        if (hoverLane_ >= 0) {
            hoverLane_ = -1;
            QToolTip::hideText();
        }
        return;
    }
    if (lane == hoverLane_ && e == hoverEvent_)
        return;
    hoverLane_ = lane;
    hoverEvent_ = e;
    const auto &l = m->lanes[std::size_t(lane)];
    const auto n = m->string(l.events.nameAt(e));
    const auto op = m->string(l.events.opTypeAt(e));
    QString tip = QStringLiteral("<b>%1</b><br>%2 · %3<br>%4: %5<br>%6: %7")
                      .arg(QString::fromUtf8(n.data(), qsizetype(n.size())).toHtmlEscaped(), l.process, l.title,
                           TimelineView::tr("Start"), display::duration(double(l.events.startAt(e))),
                           TimelineView::tr("Duration"), display::duration(double(l.events.durationAt(e))));
    if (l.kind == LaneKind::Stream)
        tip += QStringLiteral("<br>%1 · %2").arg(QString::fromLatin1(taskKindName(static_cast<TaskKind>(l.events.typeAt(e)))),
                                                 op.empty() ? QStringLiteral("N/A") : QString::fromUtf8(op.data(), qsizetype(op.size())));
    QToolTip::showText(v_.plot_->mapToGlobal(pos + QPoint(12, 12)), tip, v_.plot_);
}

bool TimelineInput::plotEvent(QEvent *ev)
{
    const Model *m = v_.model_.get();
    if (!m)
        return false;
    ZoomControl &z = *v_.zoom_;
    const QRect ar = v_.plot_->axisRect()->rect();
    switch (ev->type()) {
    case QEvent::KeyPress:
        return keyPress(static_cast<QKeyEvent *>(ev));
    case QEvent::ContextMenu: {
        auto *c = static_cast<QContextMenuEvent *>(ev);
        v_.showMenu(plotMenu(c->pos()), c->globalPos());
        return true;
    }
    case QEvent::Wheel: {
        auto *w = static_cast<QWheelEvent *>(ev);
        const int delta = w->angleDelta().y() ? w->angleDelta().y() : w->angleDelta().x();
        v_.syncWidth();
        if (w->modifiers() & Qt::ControlModifier)
            z.zoomAt(w->position().x() - ar.left(), std::pow(kWheelZoom, delta / 120.0));
        else if (w->modifiers() & Qt::ShiftModifier)
            z.panBy(-delta / 120.0 * kKeyPan);
        else
            v_.vscroll_->setValue(v_.vscroll_->value() - delta / 120 * 3 * 20);
        return true;
    }
    case QEvent::MouseButtonPress: {
        auto *me = static_cast<QMouseEvent *>(ev);
        v_.plot_->setFocus();
        if (me->button() != Qt::LeftButton)
            return false;
        v_.syncWidth();
        pressPos_ = me->pos();
        pressView_ = z.view();
        pressT_ = pixelToTime(pressView_, me->pos().x() - ar.left());
        if (me->pos().y() < ar.top() || (me->modifiers() & Qt::ShiftModifier)) {
            selecting_ = true;
            dragT0_ = dragT1_ = pressT_;
        } else {
            dragging_ = true;
        }
        return true;
    }
    case QEvent::MouseMove: {
        auto *me = static_cast<QMouseEvent *>(ev);
        mouse_ = me->pos();
        if (selecting_) {
            dragT0_ = std::clamp(pressT_, 0.0, z.extent());
            dragT1_ = std::clamp(pixelToTime(pressView_, me->pos().x() - ar.left()), 0.0, z.extent());
            v_.replotOverlay();
            return true;
        }
        if (dragging_) {
            z.dragFrom(pressView_, me->pos().x() - pressPos_.x());
            return true;
        }
        hover(me->pos());
        v_.replotOverlay(); // the cursor line: the event layers keep their buffers
        return true;
    }
    case QEvent::MouseButtonRelease: {
        auto *me = static_cast<QMouseEvent *>(ev);
        const bool click = (me->pos() - pressPos_).manhattanLength() < 4;
        if (selecting_) {
            selecting_ = false;
            if (click)
                z.clearRange();
            else
                v_.selectRange(TimeNs(std::llround(std::min(dragT0_, dragT1_))) + m->origin,
                               TimeNs(std::llround(std::max(dragT0_, dragT1_))) + m->origin);
            v_.replotOverlay();
            return true;
        }
        if (!dragging_)
            return false;
        dragging_ = false;
        if (click) {
            int lane;
            std::size_t e;
            if (hit(me->pos(), &lane, &e)) {
                v_.selectEvent(lane, e, false);
            } else if (const int row = v_.header_->rowAt(me->pos().y()); row >= 0 && v_.rows_.rows[std::size_t(row)].lane >= 0) {
                v_.currentLane_ = v_.rows_.rows[std::size_t(row)].lane;
                v_.relayout();
            }
        }
        return true;
    }
    case QEvent::Leave:
        mouse_ = QPoint(-1, -1);
        hoverLane_ = -1;
        v_.replotOverlay();
        return false;
    default:
        return false;
    }
}

QMenu *TimelineInput::laneMenu(int lane, std::uint16_t device)
{
    const Model *m = v_.model_.get();
    if (!m)
        return nullptr;
    auto *menu = new QMenu(&v_);
    menu->setObjectName(QStringLiteral("timelineLaneMenu"));
    auto add = [&](const char *name, const QString &text, auto fn) {
        QAction *a = menu->addAction(text);
        a->setObjectName(QLatin1String(name));
        QObject::connect(a, &QAction::triggered, &v_, fn);
        return a;
    };
    if (lane >= 0 && lane < int(m->lanes.size())) {
        const auto &l = m->lanes[std::size_t(lane)];
        menu->addSection(l.process + QStringLiteral(" \u00B7 ") + l.title);
        add("laneHide", TimelineView::tr("Hide lane\tH"), [this, lane] { hideCurrentLane(lane); });
        const bool pinned = v_.layout_.isPinned(lane);
        add("lanePin", pinned ? TimelineView::tr("Unpin lane\tP") : TimelineView::tr("Pin lane to the top\tP"),
            [this, lane, pinned] { v_.setLanePinned(lane, !pinned); });
        // Moving is within the lane's device; the first / last lane cannot go further.
        add("laneMoveUp", TimelineView::tr("Move up\tCtrl+Up"), [this, lane] { v_.moveLane(lane, -1); })
            ->setEnabled(v_.layout_.canMove(lane, -1));
        add("laneMoveDown", TimelineView::tr("Move down\tCtrl+Down"), [this, lane] { v_.moveLane(lane, 1); })
            ->setEnabled(v_.layout_.canMove(lane, 1));
        if (v_.layout_.trackSize(lane) > 1) {
            const bool folded = v_.layout_.isTrackCollapsed(lane);
            add("laneToggleTrack", folded ? TimelineView::tr("Expand the call depths\tE") : TimelineView::tr("Collapse the call depths\tE"),
                [this, lane, folded] { v_.setTrackCollapsed(lane, !folded); });
        }
        menu->addSeparator();
    } else {
        menu->addSection(TimelineView::tr("Device %1").arg(device));
    }
    const bool collapsed = v_.layout_.isCollapsed(device);
    add("laneCollapseDevice", collapsed ? TimelineView::tr("Expand device %1\tSpace").arg(device) : TimelineView::tr("Collapse device %1\tSpace").arg(device),
        [this, device, collapsed] { v_.setDeviceCollapsed(device, !collapsed); });
    add("laneShowAll", (v_.layout_.hiddenCount() == 0) ? TimelineView::tr("Show all hidden lanes\tShift+H")
                                       : TimelineView::tr("Show all %n hidden lane(s)\tShift+H", nullptr, v_.layout_.hiddenCount()),
        [this] { v_.showAllLanes(); })
        ->setEnabled(!(v_.layout_.hiddenCount() == 0));
    menu->addSeparator();
    add("laneResetLayout", TimelineView::tr("Reset layout\tShift+R"), [this] { v_.resetLayout(); });
    return menu;
}

QMenu *TimelineInput::plotMenu(const QPoint &pos)
{
    const Model *m = v_.model_.get();
    if (!m)
        return nullptr;
    auto *menu = new QMenu(&v_);
    auto add = [&](const char *name, const QString &text, auto fn) {
        QAction *a = menu->addAction(text);
        a->setObjectName(QLatin1String(name));
        QObject::connect(a, &QAction::triggered, &v_, fn);
        return a;
    };
    const QRect ar = v_.plot_->axisRect()->rect();
    int lane = -1;
    std::size_t ev = 0;
    if (pos.y() >= ar.top() && hit(pos, &lane, &ev)) {
        // On an event: it becomes the selection, so the details below match the menu.
        menu->setObjectName(QStringLiteral("timelineEventMenu"));
        v_.selectEvent(lane, ev, false);
        const auto &l = m->lanes[std::size_t(lane)];
        const auto nm = m->string(l.events.nameAt(ev));
        const QString name = QString::fromUtf8(nm.data(), qsizetype(nm.size()));
        menu->addSection(QFontMetrics(menu->font()).elidedText(name, Qt::ElideLeft, 360));
        add("eventZoom", TimelineView::tr("Zoom to this event\tF"), [this] { v_.zoomToSelection(); });
        if (timeline::otherEnd(*m, lane, ev))
            add("eventFollowFlow", TimelineView::tr("Follow flow\tJ"), [this] { v_.followFlow(); });
        add("eventSelectRange", TimelineView::tr("Select its time range"), [this, m, lane, ev] {
            const auto &e = m->lanes[std::size_t(lane)].events;
            v_.selectRange(e.startAt(ev) + m->origin, e.end(ev) + m->origin);
        });
        menu->addSeparator();
        add("eventCopyName", TimelineView::tr("Copy name"), [this, name] { v_.copyToClipboard(name, TimelineView::tr("the name")); });
        add("eventCopyDetails", TimelineView::tr("Copy details as text\tCtrl+C"),
            [this] { v_.copyToClipboard(v_.selectedDetailsText(), TimelineView::tr("the task details")); });
        menu->addSeparator();
        add("eventFindAll", TimelineView::tr("Find all with this name"), [this, name] {
            const int n = v_.search(QLatin1Char('^') + QRegularExpression::escape(name) + QLatin1Char('$'), true);
            if (n > 0)
                v_.setStatus(TimelineView::tr("%n event(s) named %1.", nullptr, n).arg(name));
        });
        return menu;
    }
    // The ruler, the selection or an empty place: the range actions.
    menu->setObjectName(QStringLiteral("timelineRangeMenu"));
    const bool haveRange = v_.zoom_->hasRange();
    add("rangeZoom", TimelineView::tr("Zoom to selection\tF"), [this] { v_.zoomToSelection(); })->setEnabled(haveRange);
    add("rangeMark", TimelineView::tr("Mark selection\tM"), [this] { v_.markCurrent(); })->setEnabled(haveRange);
    add("rangeClear", TimelineView::tr("Clear selection\tEsc"), [this] { v_.zoom_->clearRange(); })->setEnabled(haveRange);
    menu->addSeparator();
    add("rangeShowAll", TimelineView::tr("Show the whole session\t0"), [this] { v_.zoom_->showAll(); });
    if (!haveRange)
        menu->addAction(TimelineView::tr("Drag on the ruler or Shift+drag to select a range"))->setEnabled(false);
    return menu;
}



} // namespace npuscope::ui::timeline
