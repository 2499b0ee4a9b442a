#include "ui/format.h"

#include <QCoreApplication>

namespace npuscope::ui {

namespace {
struct Format {
    Q_DECLARE_TR_FUNCTIONS(Format)
};
} // namespace

QString formatNs(TimeNs ns)
{
    if (ns >= 1'000'000'000 || ns <= -1'000'000'000)
        return Format::tr("%1 s").arg(double(ns) / 1e9, 0, 'f', 3);
    if (ns >= 1'000'000 || ns <= -1'000'000)
        return Format::tr("%1 ms").arg(double(ns) / 1e6, 0, 'f', 3);
    return Format::tr("%1 µs").arg(double(ns) / 1e3, 0, 'f', 3);
}

QString formatClock(qint64 seconds)
{
    if (seconds < 0)
        seconds = 0;
    const qint64 h = seconds / 3600, m = (seconds / 60) % 60, s = seconds % 60;
    if (h)
        return QStringLiteral("%1:%2:%3").arg(h).arg(m, 2, 10, QLatin1Char('0')).arg(s, 2, 10, QLatin1Char('0'));
    return QStringLiteral("%1:%2").arg(m).arg(s, 2, 10, QLatin1Char('0'));
}

QString statusText(SessionStatus s)
{
    switch (s) {
    case SessionStatus::Running: return Format::tr("running");
    case SessionStatus::Complete: return Format::tr("complete");
    case SessionStatus::Cancelled: return Format::tr("cancelled");
    case SessionStatus::Failed: return Format::tr("failed");
    }
    return {};
}

} // namespace npuscope::ui
