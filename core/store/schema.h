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
// toVersion < 0 means kSchemaVersion; a smaller target builds an older schema (the
// reference schemas checkSchema compares with, and test fixtures of older files).
int migrate(const Db &db, int fromVersion, QString *failedStep, int toVersion = -1);

// The CREATE statements of the timeline tables (lod.cpp). They are created on demand,
// outside the numbered schema, so a project may or may not hold them.
const char *timelineTablesSql();

// Compares sqlite_master of `db` with what schema `version` (plus the optional timeline
// tables) creates: type, name, table and CREATE text must match exactly. Anything else
// (a trigger, a view, an altered table) means another program changed the file, and
// nothing of it may be read or run. *detail names the first offending object.
enum class SchemaCheck { Ok, Foreign, Altered, Missing, Unreadable };
SchemaCheck checkSchema(const Db &db, int version, QString *detail);

} // namespace npuscope::store::detail
