#include "core/store/sql_console_totals.h"

#include "core/store/task_blocks.h"

#include <QCoreApplication>

#include <algorithm>
#include <string>
#include <tuple>
#include <unordered_map>

namespace npuscope::store::detail {

namespace {

enum Col { Session, Device, Type, Op, Tasks, TotalNs, MinNs, MaxNs };

struct Totals {
    std::int64_t session = 0, device = 0, type = 0, op = 0;
    std::int64_t tasks = 0, total = 0;
    bool overflow = false; // the sum left 64 bits: reported as SUM reports it
    TimeNs min = 0, max = 0;
};

struct TotalsVtab {
    sqlite3_vtab base{};
    sqlite3 *db = nullptr;
};

struct TotalsCursor {
    sqlite3_vtab_cursor base{};
    std::vector<Totals> rows; // in (session, device, type, op) order
    std::size_t at = 0;
};

int fail(sqlite3_vtab *vt, int rc, const std::string &what)
{
    sqlite3_free(vt->zErrMsg);
    vt->zErrMsg = sqlite3_mprintf("%s", what.c_str());
    return rc;
}

int totalsConnect(sqlite3 *db, void *, int, const char *const *, sqlite3_vtab **out, char **)
{
    std::string declare;
    for (const RecordColumn &c : taskOpTotalsColumns())
        declare += std::string(declare.empty() ? "CREATE TABLE x(" : ", ") + c.name + ' ' + c.sqlType;
    declare += ')';
    if (const int rc = sqlite3_declare_vtab(db, declare.c_str()); rc != SQLITE_OK)
        return rc;
    sqlite3_vtab_config(db, SQLITE_VTAB_INNOCUOUS);
    auto *vt = new TotalsVtab;
    vt->db = db;
    *out = &vt->base;
    return SQLITE_OK;
}

int totalsDisconnect(sqlite3_vtab *vt)
{
    delete reinterpret_cast<TotalsVtab *>(vt);
    return SQLITE_OK;
}

// idxNum bit 0: an equality on session (an argument), bit 1: on device (the next one).
// The rows come in (session, device, type, op) order: an ORDER BY of a prefix of those,
// ascending, needs no sort.
int totalsBestIndex(sqlite3_vtab *, sqlite3_index_info *info)
{
    int on[2] = {-1, -1};
    for (int i = 0; i < info->nConstraint; ++i) {
        const auto &c = info->aConstraint[i];
        if (c.usable && c.op == SQLITE_INDEX_CONSTRAINT_EQ && (c.iColumn == Session || c.iColumn == Device)
            && on[c.iColumn] < 0)
            on[c.iColumn] = i;
    }
    int next = 1;
    info->idxNum = 0;
    info->estimatedCost = 1e6;
    for (int k = 0; k < 2; ++k) {
        if (on[k] < 0)
            continue;
        info->idxNum |= 1 << k;
        info->aConstraintUsage[on[k]].argvIndex = next++;
        info->aConstraintUsage[on[k]].omit = 1; // the blocks read have exactly that value
        info->estimatedCost /= 10;
    }
    bool ordered = info->nOrderBy <= 4;
    for (int i = 0; ordered && i < info->nOrderBy; ++i)
        ordered = info->aOrderBy[i].iColumn == i && !info->aOrderBy[i].desc;
    info->orderByConsumed = ordered ? 1 : 0;
    return SQLITE_OK;
}

int totalsOpen(sqlite3_vtab *, sqlite3_vtab_cursor **out)
{
    *out = &(new TotalsCursor)->base;
    return SQLITE_OK;
}

int totalsClose(sqlite3_vtab_cursor *cur)
{
    delete reinterpret_cast<TotalsCursor *>(cur);
    return SQLITE_OK;
}

struct KeyHash {
    std::size_t operator()(const std::tuple<std::int64_t, std::int64_t, std::int64_t, std::int64_t> &k) const
    {
        const auto [s, d, t, o] = k;
        std::uint64_t h = std::uint64_t(s) * 0x9E3779B97F4A7C15ull;
        for (const std::int64_t v : {d, t, o})
            h = (h ^ std::uint64_t(v)) * 0x9E3779B97F4A7C15ull;
        return std::size_t(h ^ (h >> 29));
    }
};

// Reads the blocks `blocks` selects (session, then NPUSCOPE_TASK_BLOCK_COLUMNS) into
// running totals; SQLite's error code when a read fails, SQLITE_CORRUPT for a damaged block.
int accumulate(sqlite3_stmt *blocks, std::vector<Totals> *out)
{
    using Key = std::tuple<std::int64_t, std::int64_t, std::int64_t, std::int64_t>;
    std::unordered_map<Key, std::size_t, KeyHash> where;
    std::vector<TaskRecord> tasks;
    int rc;
    while ((rc = sqlite3_step(blocks)) == SQLITE_ROW) {
        tasks.clear();
        // No PMU values: a task's count and time need its type, op and duration only.
        if (!readTaskBlock(blocks, 1, &tasks, PmuValues::Skip))
            return SQLITE_CORRUPT;
        const std::int64_t session = sqlite3_column_int64(blocks, 0);
        // Consecutive tasks of a stream often share their op: remember the last group.
        Totals *last = nullptr;
        for (const TaskRecord &t : tasks) {
            if (!last || last->type != t.type || last->op != t.opId) {
                const Key k{session, t.device, t.type, t.opId};
                auto [p, fresh] = where.try_emplace(k, out->size());
                if (fresh) {
                    Totals n;
                    std::tie(n.session, n.device, n.type, n.op) = k;
                    n.min = n.max = t.duration;
                    out->push_back(n);
                }
                last = &(*out)[p->second];
            }
            ++last->tasks;
            last->overflow |= __builtin_add_overflow(last->total, t.duration, &last->total);
            last->min = std::min(last->min, t.duration);
            last->max = std::max(last->max, t.duration);
        }
    }
    if (rc != SQLITE_DONE)
        return rc;
    std::sort(out->begin(), out->end(), [](const Totals &a, const Totals &b) {
        return std::tie(a.session, a.device, a.type, a.op) < std::tie(b.session, b.device, b.type, b.op);
    });
    return SQLITE_OK;
}

int totalsFilter(sqlite3_vtab_cursor *cur, int idxNum, const char *, int argc, sqlite3_value **argv)
{
    auto *c = reinterpret_cast<TotalsCursor *>(cur);
    auto *vt = reinterpret_cast<TotalsVtab *>(cur->pVtab);
    c->rows.clear();
    c->at = 0;
    std::string sql = "SELECT session, " NPUSCOPE_TASK_BLOCK_COLUMNS " FROM main.task_blocks WHERE 1";
    if (idxNum & 1)
        sql += " AND session = ?";
    if (idxNum & 2)
        sql += " AND device = ?";
    sqlite3_stmt *blocks = nullptr;
    int rc = sqlite3_prepare_v2(vt->db, sql.c_str(), -1, &blocks, nullptr);
    for (int i = 0; rc == SQLITE_OK && i < argc; ++i)
        rc = sqlite3_bind_value(blocks, i + 1, argv[i]);
    if (rc == SQLITE_OK)
        rc = accumulate(blocks, &c->rows);
    sqlite3_finalize(blocks);
    if (rc == SQLITE_CORRUPT)
        return fail(&vt->base, rc, "database disk image is malformed (task_blocks)");
    if (rc != SQLITE_OK) {
        c->rows.clear();
        return fail(&vt->base, rc, sqlite3_errmsg(vt->db));
    }
    return SQLITE_OK;
}

int totalsNext(sqlite3_vtab_cursor *cur)
{
    ++reinterpret_cast<TotalsCursor *>(cur)->at;
    return SQLITE_OK;
}

int totalsEof(sqlite3_vtab_cursor *cur)
{
    const auto *c = reinterpret_cast<TotalsCursor *>(cur);
    return c->at >= c->rows.size() ? 1 : 0;
}

int totalsColumn(sqlite3_vtab_cursor *cur, sqlite3_context *ctx, int col)
{
    const auto *c = reinterpret_cast<TotalsCursor *>(cur);
    const Totals &r = c->rows[c->at];
    switch (col) {
    case Session: sqlite3_result_int64(ctx, r.session); break;
    case Device: sqlite3_result_int64(ctx, r.device); break;
    case Type: sqlite3_result_int64(ctx, r.type); break;
    case Op: sqlite3_result_int64(ctx, r.op); break;
    case Tasks: sqlite3_result_int64(ctx, r.tasks); break;
    case TotalNs:
        if (r.overflow)
            sqlite3_result_error(ctx, "integer overflow", -1);
        else
            sqlite3_result_int64(ctx, r.total);
        break;
    case MinNs: sqlite3_result_int64(ctx, r.min); break;
    case MaxNs: sqlite3_result_int64(ctx, r.max); break;
    default: sqlite3_result_null(ctx); break;
    }
    return SQLITE_OK;
}

int totalsRowid(sqlite3_vtab_cursor *cur, sqlite3_int64 *out)
{
    *out = sqlite3_int64(reinterpret_cast<TotalsCursor *>(cur)->at);
    return SQLITE_OK;
}

// Present so that a write reaches the console's authorizer (refused there, naming the
// statement) instead of failing while parsing; never writes.
int totalsUpdate(sqlite3_vtab *vt, int, sqlite3_value **, sqlite3_int64 *)
{
    return fail(vt, SQLITE_READONLY, "task_op_totals is read-only");
}

// Eponymous only (no xCreate): the table exists on the connection without CREATE VIRTUAL TABLE.
const sqlite3_module kTotalsModule = {.iVersion = 0,
                                      .xCreate = nullptr,
                                      .xConnect = totalsConnect,
                                      .xBestIndex = totalsBestIndex,
                                      .xDisconnect = totalsDisconnect,
                                      .xDestroy = totalsDisconnect,
                                      .xOpen = totalsOpen,
                                      .xClose = totalsClose,
                                      .xFilter = totalsFilter,
                                      .xNext = totalsNext,
                                      .xEof = totalsEof,
                                      .xColumn = totalsColumn,
                                      .xRowid = totalsRowid,
                                      .xUpdate = totalsUpdate,
                                      .xBegin = nullptr,
                                      .xSync = nullptr,
                                      .xCommit = nullptr,
                                      .xRollback = nullptr,
                                      .xFindFunction = nullptr,
                                      .xRename = nullptr,
                                      .xSavepoint = nullptr,
                                      .xRelease = nullptr,
                                      .xRollbackTo = nullptr,
                                      .xShadowName = nullptr};

} // namespace

const std::vector<RecordColumn> &taskOpTotalsColumns()
{
    static const std::vector<RecordColumn> columns = {
        {"session", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "sessions.id this row belongs to")},
        {"device", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "physical device id (0..N-1)")},
        {"type", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "strings.id of the task type (tasks.type)")},
        {"op", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "ops.id (tasks.op), 0 for the tasks without an op")},
        {"tasks", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "tasks of this session, device, type and op")},
        {"total_ns", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "their total duration (ns), SUM(tasks.duration)")},
        {"min_ns", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "shortest task (ns)")},
        {"max_ns", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "longest task (ns)")},
    };
    return columns;
}

int registerTaskOpTotals(sqlite3 *db)
{
    return sqlite3_create_module_v2(db, "task_op_totals", &kTotalsModule, nullptr, nullptr);
}

} // namespace npuscope::store::detail
