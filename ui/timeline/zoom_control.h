#pragma once
// The timeline's time state, apart from any widget: the visible window over the session
// (zoom and pan, kept inside [0, extent] by analysis::timeline's rules), the selected time
// range and the selected event. Times are ns relative to the session origin. The view
// draws what this says and turns input into calls on it; it emits a signal per kind of
// change, so the parts that depend on one kind (ruler, overlay, statistics) redraw alone.

#include "core/analysis/timeline_math.h"

#include <QObject>

#include <cstddef>

namespace npuscope::ui::timeline {

class ZoomControl : public QObject {
    Q_OBJECT
public:
    using View = analysis::timeline::View;
    explicit ZoomControl(QObject *parent = nullptr);

    // A new session: its length, the whole of it shown, nothing selected.
    void reset(double extent);
    double extent() const { return bounds_.extent; }
    analysis::timeline::Bounds bounds() const { return bounds_; }

    const View &view() const { return view_; }
    void setWidth(int px);
    void setWindow(double t0, double t1);  // same width
    void showAll();
    void zoomAt(double anchorPx, double factor);
    void panBy(double fractionOfSpan);
    void dragFrom(const View &pressed, double dxPx);
    void fit(double t0, double t1, double marginFraction);
    // Moves the window (same span) so [t0, t1] is inside, or fits it when it is wider.
    void reveal(double t0, double t1);

    bool hasRange() const { return rangeEnd_ > rangeStart_; }
    double rangeStart() const { return rangeStart_; }
    double rangeEnd() const { return rangeEnd_; }
    void setRange(double t0, double t1);   // any order; clamped to [0, extent]; equal ends clear
    void clearRange() { setRange(0, 0); }

    bool hasEvent() const { return lane_ >= 0; }
    int eventLane() const { return lane_; }
    std::size_t eventIndex() const { return event_; }
    void selectEvent(int lane, std::size_t event);
    void clearEvent();

Q_SIGNALS:
    void viewChanged();
    void rangeChanged();
    void eventChanged();

private:
    void apply(const View &v);

    analysis::timeline::Bounds bounds_;
    View view_;
    double rangeStart_ = 0, rangeEnd_ = 0;
    int lane_ = -1;
    std::size_t event_ = 0;
};

} // namespace npuscope::ui::timeline
