#pragma once
// Read-only SQL over a project file, for users who want to ask their own questions.
// The console opens its own connection that cannot change the file: SQLITE_OPEN_READONLY,
// SQLITE_DBCONFIG_DEFENSIVE, trusted_schema off, no extension loading, and an authorizer
// that allows reads, SELECT, functions and harmless pragmas only (writes, ATTACH, DETACH,
// schema changes, transactions and pragma assignments are refused with a message).
// schema() documents every table and column of the project schema (docs live in
// sql_console_schema.cpp next to the list; a test checks it against sqlite_master), views()
// the convenience views the console adds to its own connection.

#include "core/store/project.h"

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <QVariantList>
#include <atomic>
#include <cstddef>
#include <functional>
#include <memory>
#include <vector>

namespace npuscope::store {

class SqlConsole {
public:
    SqlConsole();
    ~SqlConsole();

    // Opens its own read-only connection (SQLITE_OPEN_READONLY, defensive, authorizer that
    // allows only SELECT/READ/FUNCTION and refuses writes, ATTACH, PRAGMA writes). The file
    // must be an NPU Scope project, verified by Project::open with `check` (Schema for the
    // GUI's already-open project). False + error (translated).
    bool open(const QString &projectPath, QString *error, Project::Check check = Project::Check::Full);
    bool isOpen() const;
    void close();

    struct Result { QStringList columns; std::vector<QVariantList> rows; bool truncated = false; std::size_t rowCount = 0; };
    // Runs one statement; rows beyond maxRows are counted (rowCount) but not kept
    // (truncated = true). False + error (SQLite's message, translated prefix) on a bad
    // query, a refused operation, or when interrupted. Setting *cancel (from any thread,
    // before or while the query runs) interrupts this run.
    bool run(const QString &sql, Result *out, QString *error, std::size_t maxRows = 100000,
             const std::atomic_bool *cancel = nullptr);
    // Streaming variant for the CLI: calls fn(columns, row) per row; fn returns false to stop
    // (not an error).
    bool run(const QString &sql, const std::function<bool(const QStringList &, const QVariantList &)> &fn,
             QString *error);
    // Streaming with the column names first (also when there are no rows), then each row.
    bool run(const QString &sql, const std::function<void(const QStringList &)> &onColumns,
             const std::function<bool(const QVariantList &)> &onRow, QString *error,
             const std::atomic_bool *cancel = nullptr);
    // Why the last run() failed when the file, not the query, was the cause: Corrupt for a
    // damaged page, Io / Busy, Cancelled when interrupted; None for a bad or refused query.
    StoreError lastError() const;
    // Thread-safe; makes the running query (or one prepared but not yet stepped) fail with
    // "interrupted". The next run() starts clean.
    void interrupt();

    struct Column { QString name, type, doc; };
    struct Table { QString name, doc; std::vector<Column> columns; };
    // Every table of our schema with a one-line doc per column (independent of open()).
    std::vector<Table> schema() const;
    // The convenience views every console connection has (TEMP views over the tables with
    // their text joined from strings: task_view, collective_view), documented the same way,
    // and the statements that create them.
    static std::vector<Table> views();
    static QByteArray viewsSql();

    struct State;
private:
    std::unique_ptr<State> d;
};

} // namespace npuscope::store
