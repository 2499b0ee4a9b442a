#include "ui/format.h"

#include <QCoreApplication>

namespace npuscope::ui {

namespace {
struct Format {
    Q_DECLARE_TR_FUNCTIONS(Format)
};
} // namespace

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
