#pragma once
// Copying a project file while it may be open (File → Save As in the GUI).
// A plain file copy of a SQLite database in WAL mode can tear: committed pages may still
// sit in the -wal file, and a writer may commit during the copy. copyProject uses SQLite's
// online backup API instead, in steps under one read transaction held on the source for
// the whole copy: one committed snapshot (in WAL mode a running recording keeps writing
// meanwhile), with progress and Cancel between the steps.

#include "core/store/project.h"

#include <QString>

namespace npuscope::store {

// Copies the project at `source` to `destination`.
// - The source is identity-checked first (same checks and errors as Project::open).
// - The copy is written to a temporary file next to `destination` and renamed over it
//   only when complete and verified, so an existing destination is replaced by a whole
//   copy or left untouched; the temporary never survives a failure.
// - `destination` naming the source itself (after resolving symlinks) is refused.
// - A session still being recorded appears in the copy as it was at the snapshot
//   (status "running", every batch committed before it).
// - Setting *cancel stops the copy (Cancelled; nothing is left behind and an existing
//   destination is untouched); progress reports the bytes copied of the snapshot's size.
// Returns false with *err and a translated sentence naming the file in *message.
bool copyProject(const QString &source, const QString &destination, StoreError *err, QString *message,
                 const std::atomic_bool *cancel = nullptr, const ByteProgress &progress = {});

} // namespace npuscope::store
