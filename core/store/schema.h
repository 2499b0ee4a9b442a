#pragma once
// Internal to core/store: the project schema as numbered migration steps. Step N turns a
// schema-N file into a schema-(N+1) file; a new project is schema 0 (empty) migrated up
// to kSchemaVersion. A step never edits an older step: files written by an older NPU Scope
// must keep migrating the same way.

#include "core/store/sqlite_db.h"

namespace npuscope::store::detail {

// Applies every step from `fromVersion` to kSchemaVersion in one transaction and stamps
// application_id and user_version, so a crash leaves either the old or the new schema.
// Returns the SQLite result code of the first failing statement (SQLITE_OK on success).
int migrate(const Db &db, int fromVersion, QString *failedStep);

} // namespace npuscope::store::detail
