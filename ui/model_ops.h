#pragma once
// Op names of a model as the emulator compiles it, for fp_point/bp_point completion.
// Compiling means running the emulator for one iteration on one device into a MemoryTrace
// (no project file); this takes long enough for big models that callers run it off the
// GUI thread.

#include "core/model/session.h"

#include <QString>
#include <QStringList>

namespace npuscope::ui {

// Op names of `spec`'s model in execution order (forward ops first), without duplicates.
// Returns an empty list and sets *error (translated) when the model cannot be compiled.
QStringList compiledOpNames(SessionSpec spec, QString *error);

} // namespace npuscope::ui
