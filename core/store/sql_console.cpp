#include "core/store/sql_console.h"
#include "core/store/hccl_blocks.h"
#include "core/store/sqlite_db.h"
#include "core/store/sql_console_totals.h"

#include "core/store/project.h"

#include <QCoreApplication>
#include <QFile>
#include <QVariant>
#include <atomic>
#include <mutex>
#include <sqlite3.h>

namespace npuscope::store {

namespace {

struct Ctx { Q_DECLARE_TR_FUNCTIONS(SqlConsole) };

// Pragmas that only report. The authorizer cannot tell "PRAGMA x(arg)" from "PRAGMA x = v",
// so those taking a table or index name are allowed with an argument, the settings only
// without one; every other pragma is refused.
const char *const kNamePragmas[] = {
    "table_info", "table_xinfo", "table_list", "index_list", "index_info", "index_xinfo", "foreign_key_list",
};
const char *const kReadPragmas[] = {
    "user_version", "application_id", "schema_version", "page_size", "page_count", "freelist_count",
    "database_list", "compile_options", "function_list", "pragma_list", "collation_list", "encoding",
    "module_list", "journal_mode", "query_only",
};

QString actionName(int code)
{
    switch (code) {
    case SQLITE_INSERT: return QStringLiteral("INSERT");
    case SQLITE_UPDATE: return QStringLiteral("UPDATE");
    case SQLITE_DELETE: return QStringLiteral("DELETE");
    case SQLITE_ATTACH: return QStringLiteral("ATTACH");
    case SQLITE_DETACH: return QStringLiteral("DETACH");
    case SQLITE_PRAGMA: return QStringLiteral("PRAGMA");
    case SQLITE_TRANSACTION: return QStringLiteral("BEGIN/COMMIT/ROLLBACK");
    case SQLITE_SAVEPOINT: return QStringLiteral("SAVEPOINT");
    case SQLITE_ALTER_TABLE: return QStringLiteral("ALTER TABLE");
    case SQLITE_ANALYZE: return QStringLiteral("ANALYZE");
    case SQLITE_REINDEX: return QStringLiteral("REINDEX");
    case SQLITE_CREATE_INDEX: case SQLITE_CREATE_TABLE: case SQLITE_CREATE_TEMP_INDEX:
    case SQLITE_CREATE_TEMP_TABLE: case SQLITE_CREATE_TEMP_TRIGGER: case SQLITE_CREATE_TEMP_VIEW:
    case SQLITE_CREATE_TRIGGER: case SQLITE_CREATE_VIEW: case SQLITE_CREATE_VTABLE:
        return QStringLiteral("CREATE");
    case SQLITE_DROP_INDEX: case SQLITE_DROP_TABLE: case SQLITE_DROP_TEMP_INDEX: case SQLITE_DROP_TEMP_TABLE:
    case SQLITE_DROP_TEMP_TRIGGER: case SQLITE_DROP_TEMP_VIEW: case SQLITE_DROP_TRIGGER: case SQLITE_DROP_VIEW:
    case SQLITE_DROP_VTABLE:
        return QStringLiteral("DROP");
    default: return QStringLiteral("this");
    }
}

struct AuthState {
    int refusedCode = 0;
    QString refusedDetail;
};

bool isSchemaTable(const char *t)
{
    return t && (sqlite3_stricmp(t, "sqlite_master") == 0 || sqlite3_stricmp(t, "sqlite_schema") == 0
                 || sqlite3_stricmp(t, "sqlite_temp_master") == 0 || sqlite3_stricmp(t, "sqlite_temp_schema") == 0);
}

int authorize(void *user, int action, const char *a1, const char *a2, const char *, const char *)
{
    auto *st = static_cast<AuthState *>(user);
    switch (action) {
    case SQLITE_SELECT:
    case SQLITE_READ:
    case SQLITE_FUNCTION:
    case SQLITE_RECURSIVE:
        return SQLITE_OK;
    case SQLITE_PRAGMA:
        if (a1) {
            for (const char *p : kNamePragmas)
                if (sqlite3_stricmp(p, a1) == 0)
                    return SQLITE_OK;
            if (!a2)
                for (const char *p : kReadPragmas)
                    if (sqlite3_stricmp(p, a1) == 0)
                        return SQLITE_OK;
        }
        break;
    case SQLITE_INSERT:
    case SQLITE_UPDATE:
    case SQLITE_DELETE:
        // DML checks on the schema table come with DDL (DROP also deletes from
        // sqlite_master) and with table-valued pragmas (pragma_table_info checks UPDATE while
        // it is set up). Letting them through lets the DROP / CREATE check that follows name
        // the statement; nothing can be written: SQLite refuses direct schema-table edits in
        // defensive mode, and the connection is read-only.
        if (isSchemaTable(a1))
            return SQLITE_OK;
        break;
    default:
        break;
    }
    if (st->refusedCode) // the first refusal names the statement
        return SQLITE_DENY;
    st->refusedCode = action;
    st->refusedDetail = action == SQLITE_PRAGMA && a1 ? QString::fromUtf8(a1) : QString();
    return SQLITE_DENY;
}

QVariant columnValue(sqlite3_stmt *s, int i)
{
    switch (sqlite3_column_type(s, i)) {
    case SQLITE_INTEGER: return QVariant(qint64(sqlite3_column_int64(s, i)));
    case SQLITE_FLOAT: return QVariant(sqlite3_column_double(s, i));
    case SQLITE_TEXT:
        return QVariant(QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_column_text(s, i)), sqlite3_column_bytes(s, i)));
    case SQLITE_BLOB: {
        const void *b = sqlite3_column_blob(s, i);
        return QVariant(QByteArray(static_cast<const char *>(b), sqlite3_column_bytes(s, i)));
    }
    default: return QVariant();
    }
}

} // namespace

struct SqlConsole::State {
    sqlite3 *db = nullptr;
    AuthState auth;
    std::mutex dbMutex;            // guards db and running against interrupt() from another thread
    bool running = false;
    std::atomic<bool> interrupted{false};
    std::atomic<const std::atomic_bool *> cancel{nullptr}; // the running query's own flag
    StoreError lastError = StoreError::None;
};

SqlConsole::SqlConsole() : d(std::make_unique<State>()) {}

SqlConsole::~SqlConsole() { close(); }

bool SqlConsole::isOpen() const { return d->db != nullptr; }

void SqlConsole::close()
{
    std::lock_guard lock(d->dbMutex);
    if (d->db) {
        const QByteArray file = sqlite3_db_filename(d->db, "main");
        sqlite3_close_v2(d->db);
        d->db = nullptr;
        detail::settleAtRest(file);
    }
}

bool SqlConsole::open(const QString &projectPath, QString *error, Project::Check check)
{
    close();
    // Identity and version first, through the store: a foreign or newer file is refused
    // with the store's own sentence before this connection reads anything.
    {
        StoreError se = StoreError::None;
        QString msg;
        auto p = Project::open(projectPath, Project::Mode::ReadOnly, &se, &msg, check);
        if (!p) {
            if (error) *error = msg;
            return false;
        }
    }
    sqlite3 *db = nullptr;
    const int rc = sqlite3_open_v2(QFile::encodeName(projectPath).constData(), &db,
                                   SQLITE_OPEN_READONLY | SQLITE_OPEN_FULLMUTEX, nullptr);
    if (rc != SQLITE_OK) {
        if (error)
            *error = Ctx::tr("The project %1 cannot be opened for SQL queries: %2.")
                         .arg(projectPath, QString::fromUtf8(db ? sqlite3_errmsg(db) : sqlite3_errstr(rc)));
        sqlite3_close_v2(db);
        return false;
    }
    // The plain-row tables over the column blocks (hccl_tasks over hccl_blocks, tasks and
    // task_pmu over task_blocks): eponymous virtual tables of this connection only,
    // read-only, nothing of them in the file.
    // task_op_totals: task count and time per session, device, type and op, summed from the
    // blocks (sql_console_totals.h).
    if (detail::registerRecordTables(db) != SQLITE_OK || detail::registerTaskOpTotals(db) != SQLITE_OK) {
        if (error)
            *error = Ctx::tr("The project %1 cannot be opened for SQL queries: %2.")
                         .arg(projectPath, QString::fromUtf8(sqlite3_errmsg(db)));
        sqlite3_close_v2(db);
        return false;
    }
    // The convenience views first: TEMP objects live outside the file, so a read-only
    // connection may make them, but not once query_only and the authorizer are in place.
    if (sqlite3_exec(db, viewsSql().constData(), nullptr, nullptr, nullptr) != SQLITE_OK) {
        if (error)
            *error = Ctx::tr("The project %1 cannot be opened for SQL queries: %2.")
                         .arg(projectPath, QString::fromUtf8(sqlite3_errmsg(db)));
        sqlite3_close_v2(db);
        return false;
    }
    // Belt and braces on top of READONLY: no schema tricks, no extensions, no triggers, and
    // the authorizer refuses everything that is not a read (temp objects included).
    detail::applySecuritySettings(db, /*queryOnly=*/true);
    QString which;
    if (!detail::checkSecuritySettings(db, true, &which)) {
        if (error)
            *error = Ctx::tr("The project %1 cannot be opened for SQL queries: SQLite did not accept the safety setting %2.")
                         .arg(projectPath, which);
        sqlite3_close_v2(db);
        return false;
    }
    sqlite3_busy_timeout(db, 2000);
    sqlite3_set_authorizer(db, &authorize, &d->auth);
    // The flags make an interrupt stick even if it lands between two sqlite3_step calls.
    sqlite3_progress_handler(db, 10000, [](void *p) -> int {
        const State *st = static_cast<State *>(p);
        const std::atomic_bool *c = st->cancel.load(std::memory_order_relaxed);
        return st->interrupted.load(std::memory_order_relaxed) || (c && c->load(std::memory_order_relaxed)) ? 1 : 0;
    }, d.get());
    std::lock_guard lock(d->dbMutex);
    d->db = db;
    return true;
}

StoreError SqlConsole::lastError() const
{
    return d->lastError;
}

void SqlConsole::interrupt()
{
    // The flag alone stops a query that has been prepared but not stepped yet (the
    // progress handler sees it on the first step); sqlite3_interrupt stops one mid-step.
    d->interrupted = true;
    std::lock_guard lock(d->dbMutex);
    if (d->running && d->db)
        sqlite3_interrupt(d->db);
}

bool SqlConsole::run(const QString &sql, const std::function<void(const QStringList &)> &onColumns,
                     const std::function<bool(const QVariantList &)> &onRow, QString *error,
                     const std::atomic_bool *cancel)
{
    const auto fail = [error](const QString &m) {
        if (error) *error = m;
        return false;
    };
    sqlite3 *db = d->db;
    d->lastError = StoreError::None;
    if (!db)
        return fail(Ctx::tr("No project is open for SQL queries."));
    if (cancel && cancel->load()) {
        d->lastError = StoreError::Cancelled;
        return fail(Ctx::tr("The query was interrupted."));
    }
    d->auth = {};
    d->interrupted = false;
    d->cancel = cancel;
    // Cleared on every way out, so a flag never outlives the run it belongs to.
    const std::unique_ptr<State, void (*)(State *)> clearCancel(d.get(), [](State *st) { st->cancel = nullptr; });
    const auto refused = [&] {
        if (d->auth.refusedCode == SQLITE_PRAGMA)
            return fail(Ctx::tr("The SQL console is read-only: PRAGMA %1 is refused (only reading pragmas such as "
                                "table_info are allowed, without a value); the project was not changed.")
                            .arg(d->auth.refusedDetail));
        return fail(Ctx::tr("The SQL console is read-only: %1 statements are refused; the project was not changed.")
                        .arg(actionName(d->auth.refusedCode)));
    };
    const QByteArray text = sql.toUtf8();
    const char *end = text.constData() + text.size();
    sqlite3_stmt *s = nullptr;
    const char *tail = nullptr;
    int rc = sqlite3_prepare_v2(db, text.constData(), int(text.size()), &s, &tail);
    if (rc != SQLITE_OK)
        return d->auth.refusedCode ? refused()
                                   : fail(Ctx::tr("The query cannot run: %1.").arg(QString::fromUtf8(sqlite3_errmsg(db))));
    if (!s)
        return fail(Ctx::tr("The query is empty: write one SELECT statement."));
    // One statement per run: a second one after ';' would otherwise be silently ignored.
    {
        sqlite3_stmt *next = nullptr;
        const int rc2 = sqlite3_prepare_v2(db, tail, int(end - tail), &next, nullptr);
        const bool more = next != nullptr || rc2 != SQLITE_OK;
        sqlite3_finalize(next);
        if (more) {
            sqlite3_finalize(s);
            if (d->auth.refusedCode)
                return refused();
            return fail(Ctx::tr("Run one statement at a time: the query holds more than one."));
        }
    }
    const int n = sqlite3_column_count(s);
    QStringList columns;
    for (int i = 0; i < n; ++i)
        columns << QString::fromUtf8(sqlite3_column_name(s, i));
    if (onColumns)
        onColumns(columns);
    {
        std::lock_guard lock(d->dbMutex);
        d->running = true;
    }
    QVariantList row;
    while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
        row.clear();
        row.reserve(n);
        for (int i = 0; i < n; ++i)
            row << columnValue(s, i);
        if (!onRow(row))
            break;
    }
    {
        std::lock_guard lock(d->dbMutex);
        d->running = false;
    }
    const bool interrupted = d->interrupted.exchange(false) || (cancel && cancel->load());
    bool ok = true;
    if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
        ok = false;
        if (rc == SQLITE_INTERRUPT || interrupted) {
            d->lastError = StoreError::Cancelled;
            fail(Ctx::tr("The query was interrupted."));
        } else if (d->auth.refusedCode) {
            refused();
        } else {
            // What the query met in the file (a damaged page, a disk error), not a bad query.
            if ((rc & 0xff) != SQLITE_ERROR && (rc & 0xff) != SQLITE_RANGE && (rc & 0xff) != SQLITE_TOOBIG)
                d->lastError = detail::errorFromCode(rc);
            fail(Ctx::tr("The query failed: %1.").arg(QString::fromUtf8(sqlite3_errmsg(db))));
        }
    }
    sqlite3_finalize(s);
    return ok;
}

bool SqlConsole::run(const QString &sql, const std::function<bool(const QStringList &, const QVariantList &)> &fn,
                     QString *error)
{
    QStringList columns;
    return run(sql, [&](const QStringList &c) { columns = c; }, [&](const QVariantList &row) { return fn(columns, row); },
               error);
}

bool SqlConsole::run(const QString &sql, Result *out, QString *error, std::size_t maxRows, const std::atomic_bool *cancel)
{
    *out = {};
    return run(sql, [&](const QStringList &c) { out->columns = c; }, [&](const QVariantList &row) {
        ++out->rowCount;
        if (out->rows.size() < maxRows)
            out->rows.push_back(row);
        else
            out->truncated = true;
        return true;
    }, error, cancel);
}

} // namespace npuscope::store
