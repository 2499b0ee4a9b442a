#pragma once
// Removing one session from a project, for work that must leave the project as it was when
// it does not finish (a cancelled or failed import: never a half-written session).
// Every table of the schema references sessions(id) ON DELETE CASCADE, so deleting the
// session row with foreign keys on removes its records, notes and timeline summaries in
// the same transaction: a crash mid-way leaves the session either whole or gone.

#include "core/store/project.h"

#include <QString>
#include <cstdint>

namespace npuscope::store {

// Deletes session `sessionId` of the project at `path`. Takes the writer lock (Busy while
// another writer records into the project), so call it after the writer that made the
// session is destroyed. A session that does not exist is not an error (nothing to undo).
// When `removeFileIfEmpty` and no session is left afterwards, the project files (with
// -wal, -shm and the lock file) are removed too: a project created only for the undone
// work must not stay behind as an empty file.
bool removeSession(const QString &path, std::int64_t sessionId, bool removeFileIfEmpty, StoreError *err,
                   QString *message);

} // namespace npuscope::store
