#include "core/text/display.h"

#include <QLocale>
#include <cmath>

namespace npuscope::display {

namespace {

struct Unit {
    double ns;
    const char16_t *name;
};

Unit unitFor(double v)
{
    v = std::fabs(v);
    if (v >= 1e9)
        return {1e9, u"s"};
    if (v >= 1e6)
        return {1e6, u"ms"};
    if (v >= 1e3)
        return {1e3, u"\u00B5s"};
    return {1, u"ns"};
}

QString withUnit(double value, int decimals, const char16_t *unit)
{
    // No "-0.000": a value that rounds to zero reads as zero.
    if (std::fabs(value) < 0.5 * std::pow(10.0, -decimals))
        value = 0;
    return QLocale().toString(value, 'f', decimals) + QLatin1Char(' ') + QString::fromUtf16(unit);
}

// Decimals needed to show multiples of `step` in `unitNs` (step is a 1-2-5 value).
int decimalsFor(double step, double unitNs)
{
    const double s = step / unitNs;
    int d = 0;
    while (d < 9 && std::fabs(s * std::pow(10.0, d) - std::round(s * std::pow(10.0, d))) > 1e-6)
        ++d;
    return d;
}

} // namespace

QString duration(double ns, int decimals)
{
    if (!std::isfinite(ns))
        return QStringLiteral("N/A");
    const Unit u = unitFor(ns);
    return withUnit(ns / u.ns, u.ns == 1 ? 0 : decimals, u.name);
}

QString tick(double ns, double step)
{
    const Unit u = unitFor(std::max(std::fabs(ns), step));
    return withUnit(ns / u.ns, decimalsFor(step, u.ns), u.name);
}

QString bytes(std::uint64_t b)
{
    constexpr double kKi = 1024.0;
    if (b >= 1024ull * 1024 * 1024)
        return withUnit(double(b) / (kKi * kKi * kKi), 2, u"GiB");
    if (b >= 1024ull * 1024)
        return withUnit(double(b) / (kKi * kKi), 1, u"MiB");
    if (b >= 1024)
        return withUnit(double(b) / kKi, 1, u"KiB");
    return QLocale().toString(qulonglong(b)) + QStringLiteral(" B");
}

QString count(std::int64_t n)
{
    return QLocale().toString(qlonglong(n));
}

QString number(double v, int decimals)
{
    if (!std::isfinite(v))
        return QStringLiteral("N/A");
    if (std::fabs(v) < 0.5 * std::pow(10.0, -decimals))
        v = 0;
    return QLocale().toString(v, 'f', decimals);
}

QString percent(double share, int decimals)
{
    return number(share * 100.0, decimals);
}

} // namespace npuscope::display
