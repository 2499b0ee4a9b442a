#include "core/store/block_tables.h"

#include "core/store/hccl_blocks.h"
#include "core/store/host_blocks.h"
#include "core/store/op_blocks.h"
#include "core/store/session_blocks.h"
#include "core/store/task_blocks.h"

#include <cstring>
#include <string>

namespace npuscope::store::detail {

namespace {

struct Vtab {
    sqlite3_vtab base{};
    sqlite3 *db = nullptr;
    const BlockTable *table = nullptr;
};

struct Cursor {
    sqlite3_vtab_cursor base{};
    sqlite3_stmt *blocks = nullptr;
    std::unique_ptr<BlockRows> rows;
    std::int64_t loaded = -1; // the block id `rows` holds (a join names the same block row after row)
    std::size_t at = 0;
    std::int64_t block = 0, session = 0;
    int idxNum = -1; // the plan `blocks` was prepared for (a join filters again row after row)
    bool eof = true;
};

const BlockTable &tableOf(sqlite3_vtab *vt) { return *reinterpret_cast<Vtab *>(vt)->table; }

int vtabError(sqlite3_vtab *vt, int rc, const char *what)
{
    sqlite3_free(vt->zErrMsg);
    vt->zErrMsg = sqlite3_mprintf("%s", what);
    return rc;
}

int xConnect(sqlite3 *db, void *aux, int, const char *const *, sqlite3_vtab **out, char **)
{
    const auto *table = static_cast<const BlockTable *>(aux);
    std::string declare = "CREATE TABLE x(";
    for (std::size_t i = 0; i < table->columns.size(); ++i)
        declare += std::string(i ? ", " : "") + table->columns[i].name + ' ' + table->columns[i].sqlType;
    declare += ')';
    const int rc = sqlite3_declare_vtab(db, declare.c_str());
    if (rc != SQLITE_OK)
        return rc;
    sqlite3_vtab_config(db, SQLITE_VTAB_INNOCUOUS);
    auto *vt = new Vtab;
    vt->db = db;
    vt->table = table;
    *out = &vt->base;
    return SQLITE_OK;
}

int xDisconnect(sqlite3_vtab *vt)
{
    delete reinterpret_cast<Vtab *>(vt);
    return SQLITE_OK;
}

// idxNum: bit k set = an equality on keyColumns[k] (arguments in that order); the highest
// bit (keyColumns.size()) = on the rowid or the id column (argument last).
int xBestIndex(sqlite3_vtab *vt, sqlite3_index_info *info)
{
    const BlockTable &t = tableOf(vt);
    const int keys = int(t.keyColumns.size());
    std::vector<int> argv(std::size_t(keys) + 1, -1);
    for (int i = 0; i < info->nConstraint; ++i) {
        const auto &c = info->aConstraint[i];
        if (!c.usable || c.op != SQLITE_INDEX_CONSTRAINT_EQ)
            continue;
        if (c.iColumn == -1 || (t.idColumn >= 0 && c.iColumn == t.idColumn)) {
            if (argv[std::size_t(keys)] < 0)
                argv[std::size_t(keys)] = i;
            continue;
        }
        for (int k = 0; k < keys; ++k)
            if (t.keyColumns[std::size_t(k)] == c.iColumn && argv[std::size_t(k)] < 0)
                argv[std::size_t(k)] = i;
    }
    int next = 1, mask = 0;
    double cost = 1e7;
    for (int k = 0; k <= keys; ++k) {
        if (argv[std::size_t(k)] < 0)
            continue;
        mask |= 1 << k;
        info->aConstraintUsage[argv[std::size_t(k)]].argvIndex = next++;
        // The block's key equals each of its records' key, so key constraints are exact; the
        // rowid names a block and SQLite still checks the record's place in it.
        info->aConstraintUsage[argv[std::size_t(k)]].omit = k < keys ? 1 : 0;
        cost /= k == keys ? 1e6 : 10;
    }
    info->idxNum = mask;
    info->estimatedCost = cost;
    return SQLITE_OK;
}

int xOpen(sqlite3_vtab *vt, sqlite3_vtab_cursor **out)
{
    auto *c = new Cursor;
    c->rows = tableOf(vt).rows();
    *out = &c->base;
    return SQLITE_OK;
}

int xClose(sqlite3_vtab_cursor *cur)
{
    auto *c = reinterpret_cast<Cursor *>(cur);
    sqlite3_finalize(c->blocks);
    delete c;
    return SQLITE_OK;
}

// Moves to the next block with rows (or the end).
int loadNextBlock(Cursor *c)
{
    for (;;) {
        c->at = 0;
        const int rc = sqlite3_step(c->blocks);
        if (rc == SQLITE_DONE) {
            c->eof = true;
            return SQLITE_OK;
        }
        auto *vt = reinterpret_cast<Vtab *>(c->base.pVtab);
        if (rc != SQLITE_ROW)
            return vtabError(&vt->base, rc, sqlite3_errmsg(vt->db));
        c->block = sqlite3_column_int64(c->blocks, 0);
        c->session = sqlite3_column_int64(c->blocks, 1);
        if (c->block != c->loaded) {
            c->loaded = -1;
            if (!c->rows->load(c->blocks)) {
                const std::string what = std::string("database disk image is malformed (") + vt->table->blockTable + ')';
                return vtabError(&vt->base, SQLITE_CORRUPT, what.c_str());
            }
            c->loaded = c->block;
        }
        if (c->rows->size() > 0) {
            c->eof = false;
            return SQLITE_OK;
        }
    }
}

int prepareBlocks(Cursor *c, Vtab *vt, int idxNum)
{
    const BlockTable &t = *vt->table;
    const int keys = int(t.keyColumns.size());
    std::string sql = std::string("SELECT id, session, ") + t.blockColumns + " FROM main." + t.blockTable + " WHERE 1";
    for (int k = 0; k <= keys; ++k)
        if (idxNum & (1 << k))
            sql += std::string(" AND ") + (k < keys ? t.columns[std::size_t(t.keyColumns[std::size_t(k)])].name : "id") + " = ?";
    sql += " ORDER BY id";
    const int rc = sqlite3_prepare_v2(vt->db, sql.c_str(), -1, &c->blocks, nullptr);
    if (rc != SQLITE_OK)
        return vtabError(&vt->base, rc, sqlite3_errmsg(vt->db));
    c->idxNum = idxNum;
    return SQLITE_OK;
}

int xFilter(sqlite3_vtab_cursor *cur, int idxNum, const char *, int argc, sqlite3_value **argv)
{
    auto *c = reinterpret_cast<Cursor *>(cur);
    auto *vt = reinterpret_cast<Vtab *>(cur->pVtab);
    const int keys = int(vt->table->keyColumns.size());
    if (c->blocks && c->idxNum == idxNum) {
        sqlite3_reset(c->blocks);
        sqlite3_clear_bindings(c->blocks);
    } else {
        sqlite3_finalize(c->blocks);
        c->blocks = nullptr;
        c->idxNum = -1;
        if (const int rc = prepareBlocks(c, vt, idxNum); rc != SQLITE_OK)
            return rc;
    }
    for (int i = 0; i < argc; ++i) {
        const bool rowid = i == argc - 1 && (idxNum & (1 << keys));
        if (rowid) {
            // The rowid names its block (id = rowid / 65536) and equals only an integral
            // number (3.0 too); anything else names no block.
            const int type = sqlite3_value_numeric_type(argv[i]);
            const double real = type == SQLITE_FLOAT ? sqlite3_value_double(argv[i]) : 0.0;
            const bool integral = type == SQLITE_INTEGER
                                  || (type == SQLITE_FLOAT && real >= 0 && real < 9.0e18 && real == double(std::int64_t(real)));
            const std::int64_t r = integral ? sqlite3_value_int64(argv[i]) : -1;
            sqlite3_bind_int64(c->blocks, i + 1, r >= 0 ? r / 65536 : -1);
        } else {
            sqlite3_bind_value(c->blocks, i + 1, argv[i]);
        }
    }
    return loadNextBlock(c);
}

int xNext(sqlite3_vtab_cursor *cur)
{
    auto *c = reinterpret_cast<Cursor *>(cur);
    if (++c->at < c->rows->size())
        return SQLITE_OK;
    return loadNextBlock(c);
}

int xEof(sqlite3_vtab_cursor *cur)
{
    return reinterpret_cast<Cursor *>(cur)->eof ? 1 : 0;
}

int xColumn(sqlite3_vtab_cursor *cur, sqlite3_context *ctx, int col)
{
    const auto *c = reinterpret_cast<Cursor *>(cur);
    c->rows->column(ctx, c->session, blockRowId(c->block, c->rows->place(c->at)), c->at, col);
    return SQLITE_OK;
}

int xRowid(sqlite3_vtab_cursor *cur, sqlite3_int64 *out)
{
    const auto *c = reinterpret_cast<Cursor *>(cur);
    *out = blockRowId(c->block, c->rows->place(c->at));
    return SQLITE_OK;
}

// Present so that SQLite hands a write to the connection's authorizer (the SQL console
// refuses it naming the statement) instead of failing it while parsing; never writes.
int xUpdate(sqlite3_vtab *vt, int, sqlite3_value **, sqlite3_int64 *)
{
    return vtabError(vt, SQLITE_READONLY, "the plain-row tables over column blocks are read-only");
}

sqlite3_module makeModule()
{
    sqlite3_module m;
    std::memset(&m, 0, sizeof m);
    m.iVersion = 0;
    m.xCreate = nullptr; // eponymous only: the table exists without CREATE VIRTUAL TABLE
    m.xConnect = xConnect;
    m.xBestIndex = xBestIndex;
    m.xDisconnect = xDisconnect;
    m.xDestroy = xDisconnect;
    m.xOpen = xOpen;
    m.xClose = xClose;
    m.xFilter = xFilter;
    m.xNext = xNext;
    m.xEof = xEof;
    m.xColumn = xColumn;
    m.xRowid = xRowid;
    m.xUpdate = xUpdate;
    return m;
}

const sqlite3_module kModule = makeModule();

} // namespace

int registerBlockTable(sqlite3 *db, const BlockTable *table)
{
    return sqlite3_create_module_v2(db, table->name, &kModule, const_cast<BlockTable *>(table), nullptr);
}

int registerRecordTables(sqlite3 *db)
{
    for (const BlockTable *t : {&hcclTasksTable(), &tasksTable(), &taskPmuTable(), &countersTable(), &pythonRangesTable(),
                                &memoryRecordsTable(), &hostRangesTable(), &taskAttrsTable(), &opMemoryTable()}) {
        const int rc = registerBlockTable(db, t);
        if (rc != SQLITE_OK)
            return rc;
    }
    return SQLITE_OK;
}

} // namespace npuscope::store::detail
