#pragma once
// Plain SQL on a project file in tests, as the SQL console sees it: the block-stored record
// kinds (tasks, task_pmu, hccl_tasks) as their plain-row virtual tables.

#include "core/store/block_tables.h"

#include <QFile>
#include <QString>

#include <sqlite3.h>

#include <cstdint>

namespace testsql {

// Opens `path` (read-only unless flags say otherwise) with the plain-row tables registered.
inline sqlite3 *open(const QString &path, int flags = SQLITE_OPEN_READONLY)
{
    sqlite3 *db = nullptr;
    sqlite3_open_v2(QFile::encodeName(path).constData(), &db, flags, nullptr);
    npuscope::store::detail::registerRecordTables(db);
    sqlite3_busy_timeout(db, 10000);
    return db;
}

// The first column of the first row of `sql`, or -1 when it yields none or fails.
inline std::int64_t scalar(const QString &path, const char *sql)
{
    sqlite3 *db = open(path);
    sqlite3_stmt *s = nullptr;
    sqlite3_prepare_v2(db, sql, -1, &s, nullptr);
    std::int64_t v = -1;
    if (s && sqlite3_step(s) == SQLITE_ROW)
        v = sqlite3_column_int64(s, 0);
    sqlite3_finalize(s);
    sqlite3_close(db);
    return v;
}

} // namespace testsql
