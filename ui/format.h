#pragma once
// Small display helpers shared by the widgets: clock times and statuses as users read them
// (durations, sizes and counts: core/text/display.h, shared with the CLI).

#include "core/model/records.h"
#include "core/model/session.h"

#include <QString>

namespace npuscope::ui {

// Whole seconds as "1:05" / "1:02:03" for elapsed / remaining time.
QString formatClock(qint64 seconds);
// Translated status word ("complete", "cancelled", ...).
QString statusText(SessionStatus s);

} // namespace npuscope::ui
