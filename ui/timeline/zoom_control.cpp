#include "ui/timeline/zoom_control.h"

#include <algorithm>

namespace npuscope::ui::timeline {

using namespace analysis::timeline;

ZoomControl::ZoomControl(QObject *parent) : QObject(parent)
{
    bounds_.minSpan = 100;
}

void ZoomControl::reset(double extent)
{
    bounds_.extent = std::max(1.0, extent);
    rangeStart_ = rangeEnd_ = 0;
    lane_ = -1;
    event_ = 0;
    apply(View{0, bounds_.extent, view_.widthPx});
    Q_EMIT rangeChanged();
    Q_EMIT eventChanged();
}

void ZoomControl::apply(const View &v)
{
    const View c = clampView(v, bounds_);
    if (c == view_)
        return;
    view_ = c;
    Q_EMIT viewChanged();
}

void ZoomControl::setWidth(int px)
{
    View v = view_;
    v.widthPx = std::max(1, px);
    apply(v);
}

void ZoomControl::setWindow(double t0, double t1)
{
    View v = view_;
    v.t0 = t0;
    v.t1 = std::max(t1, t0 + 1);
    apply(v);
}

void ZoomControl::showAll()
{
    apply(View{0, bounds_.extent, view_.widthPx});
}

void ZoomControl::zoomAt(double anchorPx, double factor)
{
    apply(analysis::timeline::zoomAt(view_, anchorPx, factor, bounds_));
}

void ZoomControl::panBy(double fractionOfSpan)
{
    apply(analysis::timeline::panBy(view_, fractionOfSpan, bounds_));
}

void ZoomControl::dragFrom(const View &pressed, double dxPx)
{
    apply(dragBy(pressed, dxPx, bounds_));
}

void ZoomControl::fit(double t0, double t1, double marginFraction)
{
    apply(fitRange(view_, t0, t1, marginFraction, bounds_));
}

void ZoomControl::reveal(double t0, double t1)
{
    if (t1 - t0 > view_.span()) {
        fit(t0, t1, 0.1);
    } else if (t0 < view_.t0 || t1 > view_.t1) {
        View c = view_;
        c.t0 = (t0 + t1) / 2 - view_.span() / 2;
        c.t1 = c.t0 + view_.span();
        apply(c);
    }
}

void ZoomControl::setRange(double t0, double t1)
{
    double a = std::clamp(std::min(t0, t1), 0.0, bounds_.extent);
    double b = std::clamp(std::max(t0, t1), 0.0, bounds_.extent);
    if (!(b > a))
        a = b = 0;
    if (a == rangeStart_ && b == rangeEnd_)
        return;
    rangeStart_ = a;
    rangeEnd_ = b;
    Q_EMIT rangeChanged();
}

void ZoomControl::selectEvent(int lane, std::size_t event)
{
    if (lane == lane_ && event == event_)
        return;
    lane_ = lane;
    event_ = event;
    Q_EMIT eventChanged();
}

void ZoomControl::clearEvent()
{
    if (lane_ < 0)
        return;
    lane_ = -1;
    event_ = 0;
    Q_EMIT eventChanged();
}

} // namespace npuscope::ui::timeline
