#include "core/analysis/timeline_math.h"

#include <algorithm>
#include <cmath>

namespace npuscope::analysis::timeline {

double timeToPixel(const View &v, double t)
{
    return (t - v.t0) / v.span() * v.widthPx;
}

double pixelToTime(const View &v, double px)
{
    return v.t0 + px / v.widthPx * v.span();
}

Columns columnsOf(const View &v, double start, double end)
{
    const double a = timeToPixel(v, start);
    const double b = timeToPixel(v, std::max(start, end));
    const long long x0 = static_cast<long long>(std::floor(a));
    long long x1 = static_cast<long long>(std::ceil(b));
    if (x1 <= x0)
        x1 = x0 + 1;
    return {x0, x1};
}

View clampView(View v, const Bounds &b)
{
    double span = std::max(v.span(), b.minSpan);
    if (span >= b.extent) {
        // Never wider than the session plus nothing: show it all.
        span = std::max(b.extent, b.minSpan);
        v.t0 = 0;
        v.t1 = span;
        return v;
    }
    double t0 = v.t0;
    if (t0 < 0)
        t0 = 0;
    if (t0 + span > b.extent)
        t0 = b.extent - span;
    v.t0 = t0;
    v.t1 = t0 + span;
    return v;
}

View zoomAt(const View &v, double anchorPx, double factor, const Bounds &b)
{
    anchorPx = std::clamp(anchorPx, 0.0, double(v.widthPx));
    const double anchorT = pixelToTime(v, anchorPx);
    double span = std::max(v.span() * factor, b.minSpan);
    View out = v;
    // The anchor stays at the same pixel: anchorT - t0 keeps its share of the span.
    const double share = anchorPx / v.widthPx;
    out.t0 = anchorT - share * span;
    out.t1 = out.t0 + span;
    return clampView(out, b);
}

View panBy(const View &v, double fractionOfSpan, const Bounds &b)
{
    View out = v;
    const double d = v.span() * fractionOfSpan;
    out.t0 += d;
    out.t1 += d;
    return clampView(out, b);
}

View dragBy(const View &v, double dxPx, const Bounds &b)
{
    return panBy(v, -dxPx / v.widthPx, b);
}

View fitRange(const View &v, double t0, double t1, double marginFraction, const Bounds &b)
{
    if (t1 < t0)
        std::swap(t0, t1);
    const double span = std::max(t1 - t0, b.minSpan);
    const double mid = (t0 + t1) / 2;
    const double shown = span * (1 + 2 * marginFraction);
    View out = v;
    out.t0 = mid - shown / 2;
    out.t1 = mid + shown / 2;
    return clampView(out, b);
}

double niceStep(double span, int maxTicks)
{
    maxTicks = std::max(1, maxTicks);
    const double raw = span / maxTicks;
    if (!(raw > 0))
        return 1;
    const double mag = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 5.0, 10.0}) {
        if (m * mag >= raw * (1 - 1e-12))
            return std::max(1.0, m * mag); // integer ns: no tick finer than 1 ns
    }
    return std::max(1.0, 10 * mag);
}

} // namespace npuscope::analysis::timeline
