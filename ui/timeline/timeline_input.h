#pragma once
// What the user does to the timeline, turned into calls on its parts: keys (WASD and the
// rest of the '?' list), the wheel (scroll lanes, Ctrl: zoom, Shift: pan), dragging (pan,
// Shift or on the ruler: select a range), hovering (outline and tooltip), clicks (select
// an event or the lane cursor) and the context menus of a lane name, an event and the
// ruler or selection. It owns the state of a gesture in progress, nothing else.

#include "core/analysis/timeline_math.h"
#include "ui/timeline/timeline_paint.h"

#include <QPoint>
#include <QString>

class QEvent;
class QKeyEvent;
class QMenu;

namespace npuscope::ui {
class TimelineView;
}

namespace npuscope::ui::timeline {

class TimelineInput {
public:
    explicit TimelineInput(TimelineView &view);

    // The key list the '?' overlay shows (rich text).
    static QString keysHelp();
    // True when the key was the timeline's.
    bool keyPress(QKeyEvent *e);
    // Return / Enter (next / previous match) and Esc (back to the plot) in the search field.
    bool searchKey(QEvent *e);
    // Mouse, wheel, keys and the context menu on the plot; true when handled.
    bool plotEvent(QEvent *e);

    QMenu *laneMenu(int lane, std::uint16_t device);
    QMenu *plotMenu(const QPoint &posInPlot);

    // The event under pos (plot pixels) on the row there, with a few pixels of slack;
    // false when none.
    bool hit(const QPoint &pos, int *lane, std::size_t *event) const;

    // Hover, the cursor line and a range being dragged, for the overlay pass.
    OverlayState overlayState() const;
    // The events the hover pointed at are gone (another model).
    void forgetHover() { hoverLane_ = -1; }

private:
    double cursorPx() const;
    void moveLaneCursor(int dir);
    void stepEvent(int dir);
    void hideCurrentLane(int lane);
    void hover(const QPoint &pos);

    TimelineView &v_;
    bool dragging_ = false, selecting_ = false;
    QPoint pressPos_;
    double pressT_ = 0;
    analysis::timeline::View pressView_;
    double dragT0_ = 0, dragT1_ = 0;        // the range being dragged (relative ns)
    QPoint mouse_{-1, -1};
    int hoverLane_ = -1;
    std::size_t hoverEvent_ = 0;
};

} // namespace npuscope::ui::timeline
