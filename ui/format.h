#pragma once
// Small display helpers shared by the widgets: durations and statuses as users read them.

#include "core/model/records.h"
#include "core/model/session.h"

#include <QString>

namespace npuscope::ui {

// "12.345 ms", "1.204 s", "850.000 µs" (three decimals, unit chosen by magnitude).
QString formatNs(TimeNs ns);
// Whole seconds as "1:05" / "1:02:03" for elapsed / remaining time.
QString formatClock(qint64 seconds);
// Translated status word ("complete", "cancelled", ...).
QString statusText(SessionStatus s);

} // namespace npuscope::ui
