#include "core/store/hccl_blocks.h"

#include "core/store/task_block.h"

#include <algorithm>
#include <cstring>
#include <limits>
#include <map>
#include <string>
#include <tuple>

namespace npuscope::store::detail {

namespace {

using Key = std::tuple<std::uint16_t, std::uint32_t, std::uint32_t>; // device, model, iteration

int insertBlock(sqlite3_stmt *ins, std::int64_t session, const Key &k, const HcclTaskRecord *const *tasks,
                std::size_t n, std::vector<unsigned char> *buf)
{
    encodeHcclBlock(tasks, n, buf);
    // start + duration saturates: values from an imported or damaged file may be anything.
    auto end = [](const HcclTaskRecord *t) {
        TimeNs e;
        return __builtin_add_overflow(t->start, t->duration, &e)
                   ? (t->duration > 0 ? std::numeric_limits<TimeNs>::max() : std::numeric_limits<TimeNs>::min())
                   : e;
    };
    TimeNs firstStart = tasks[0]->start, lastEnd = end(tasks[0]);
    for (std::size_t i = 1; i < n; ++i) {
        firstStart = std::min(firstStart, tasks[i]->start);
        lastEnd = std::max(lastEnd, end(tasks[i]));
    }
    sqlite3_bind_int64(ins, 1, session);
    sqlite3_bind_int64(ins, 2, std::get<0>(k));
    sqlite3_bind_int64(ins, 3, std::get<1>(k));
    sqlite3_bind_int64(ins, 4, std::get<2>(k));
    sqlite3_bind_int64(ins, 5, firstStart);
    sqlite3_bind_int64(ins, 6, lastEnd);
    sqlite3_bind_int64(ins, 7, std::int64_t(n));
    sqlite3_bind_blob(ins, 8, buf->data(), int(buf->size()), SQLITE_STATIC);
    const int rc = sqlite3_step(ins);
    sqlite3_reset(ins);
    sqlite3_clear_bindings(ins);
    return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

int insertGroup(sqlite3_stmt *ins, std::int64_t session, const Key &k, const std::vector<const HcclTaskRecord *> &g,
                std::vector<unsigned char> *buf)
{
    for (std::size_t at = 0; at < g.size(); at += kHcclBlockMax) {
        const int rc = insertBlock(ins, session, k, g.data() + at, std::min(kHcclBlockMax, g.size() - at), buf);
        if (rc != SQLITE_OK)
            return rc;
    }
    return SQLITE_OK;
}

} // namespace

int writeHcclBlocks(sqlite3_stmt *insert, std::int64_t session, const std::vector<HcclTaskRecord> &tasks)
{
    if (tasks.empty())
        return SQLITE_OK;
    std::map<Key, std::vector<const HcclTaskRecord *>> groups;
    for (const HcclTaskRecord &h : tasks)
        groups[Key(h.device, h.modelId, h.iteration)].push_back(&h);
    std::vector<unsigned char> buf;
    for (const auto &g : groups) {
        const int rc = insertGroup(insert, session, g.first, g.second, &buf);
        if (rc != SQLITE_OK)
            return rc;
    }
    return SQLITE_OK;
}

bool readHcclBlock(sqlite3_stmt *row, int first, std::vector<HcclTaskRecord> *out)
{
    const auto *data = static_cast<const unsigned char *>(sqlite3_column_blob(row, first + 3));
    const int size = sqlite3_column_bytes(row, first + 3);
    if (!data || size <= 0)
        return false;
    return decodeHcclBlock(data, std::size_t(size), std::uint16_t(sqlite3_column_int64(row, first)),
                           std::uint32_t(sqlite3_column_int64(row, first + 1)),
                           std::uint32_t(sqlite3_column_int64(row, first + 2)), out);
}

int migrateHcclTasksToBlocks(const Db &db)
{
    Stmt sel, ins;
    int rc = db.prepare("SELECT session, device, model, iteration, plane, name, start, duration, notify_id, "
                        "duration_estimated_us, stream, task_id, src_rank, dst_rank, transport_type, size_bytes, "
                        "data_type, link_type, bandwidth_gbps FROM hccl_tasks "
                        "ORDER BY session, device, model, iteration, rowid", &sel);
    if (rc != SQLITE_OK || (rc = db.prepare(kInsertHcclBlock, &ins)) != SQLITE_OK)
        return rc;
    std::vector<HcclTaskRecord> group;
    std::int64_t groupSession = 0;
    auto flush = [&]() {
        std::vector<const HcclTaskRecord *> ptrs;
        ptrs.reserve(group.size());
        for (const HcclTaskRecord &h : group)
            ptrs.push_back(&h);
        std::vector<unsigned char> buf;
        const HcclTaskRecord &f = group.front();
        const int r = insertGroup(ins.get(), groupSession, Key(f.device, f.modelId, f.iteration), ptrs, &buf);
        group.clear();
        return r;
    };
    sqlite3_stmt *s = sel.get();
    while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
        auto I = [s](int i) { return sqlite3_column_int64(s, i); };
        HcclTaskRecord h;
        h.device = std::uint16_t(I(1));
        h.modelId = std::uint32_t(I(2));
        h.iteration = std::uint32_t(I(3));
        h.plane = std::uint32_t(I(4));
        h.name = StrId(I(5));
        h.start = I(6);
        h.duration = I(7);
        h.notifyId = std::uint64_t(I(8));
        h.durationEstimatedUs = sqlite3_column_double(s, 9);
        h.streamId = std::uint32_t(I(10));
        h.taskId = std::uint32_t(I(11));
        h.srcRank = std::uint32_t(I(12));
        h.dstRank = std::uint32_t(I(13));
        h.transportType = StrId(I(14));
        h.sizeBytes = std::uint64_t(I(15));
        h.dataType = StrId(I(16));
        h.linkType = StrId(I(17));
        h.bandwidthGBps = sqlite3_column_double(s, 18);
        if (!group.empty()
            && (I(0) != groupSession || group.front().device != h.device || group.front().modelId != h.modelId
                || group.front().iteration != h.iteration)) {
            if ((rc = flush()) != SQLITE_OK)
                return rc;
        }
        groupSession = I(0);
        group.push_back(h);
    }
    if (rc != SQLITE_DONE)
        return rc;
    if (!group.empty() && (rc = flush()) != SQLITE_OK)
        return rc;
    sel = Stmt();
    ins = Stmt();
    return db.exec("DROP TABLE hccl_tasks");
}

// ---- The plain-row virtual table `hccl_tasks` ----

namespace {

enum HcclColumn {
    CSession, CDevice, CModel, CIteration, CPlane, CName, CStart, CDuration, CNotify, CEstimated, CStream, CTaskId,
    CSrc, CDst, CTransport, CSize, CDataType, CLinkType, CBandwidth
};
constexpr int kKeyColumns = 4; // session, device, model, iteration: constraints pushed to hccl_blocks

struct HcclVtab {
    sqlite3_vtab base{};
    sqlite3 *db = nullptr;
};

struct HcclCursor {
    sqlite3_vtab_cursor base{};
    sqlite3_stmt *blocks = nullptr;
    std::vector<HcclTaskRecord> rows;
    std::size_t at = 0;
    std::int64_t block = 0, session = 0;
    bool eof = true;
};

int vtabError(sqlite3_vtab *vt, int rc, const char *what)
{
    sqlite3_free(vt->zErrMsg);
    vt->zErrMsg = sqlite3_mprintf("%s", what);
    return rc;
}

int hcclConnect(sqlite3 *db, void *, int, const char *const *, sqlite3_vtab **out, char **)
{
    const int rc = sqlite3_declare_vtab(db,
        "CREATE TABLE x(session INTEGER, device INTEGER, model INTEGER, iteration INTEGER, plane INTEGER, "
        "name INTEGER, start INTEGER, duration INTEGER, notify_id INTEGER, duration_estimated_us REAL, "
        "stream INTEGER, task_id INTEGER, src_rank INTEGER, dst_rank INTEGER, transport_type INTEGER, "
        "size_bytes INTEGER, data_type INTEGER, link_type INTEGER, bandwidth_gbps REAL)");
    if (rc != SQLITE_OK)
        return rc;
    sqlite3_vtab_config(db, SQLITE_VTAB_INNOCUOUS);
    auto *vt = new HcclVtab;
    vt->db = db;
    *out = &vt->base;
    return SQLITE_OK;
}

int hcclDisconnect(sqlite3_vtab *vt)
{
    delete reinterpret_cast<HcclVtab *>(vt);
    return SQLITE_OK;
}

// idxNum: bit c set = an equality on key column c (arguments in column order); bit 4 = on rowid.
int hcclBestIndex(sqlite3_vtab *, sqlite3_index_info *info)
{
    int argv[kKeyColumns + 1] = {-1, -1, -1, -1, -1};
    for (int i = 0; i < info->nConstraint; ++i) {
        const auto &c = info->aConstraint[i];
        if (!c.usable || c.op != SQLITE_INDEX_CONSTRAINT_EQ)
            continue;
        if (c.iColumn >= 0 && c.iColumn < kKeyColumns && argv[c.iColumn] < 0)
            argv[c.iColumn] = i;
        else if (c.iColumn == -1 && argv[kKeyColumns] < 0)
            argv[kKeyColumns] = i;
    }
    int next = 1, mask = 0;
    double cost = 1e7;
    for (int c = 0; c <= kKeyColumns; ++c) {
        if (argv[c] < 0)
            continue;
        mask |= 1 << c;
        info->aConstraintUsage[argv[c]].argvIndex = next++;
        // The block's key equals each of its tasks' key, so key constraints are exact; the
        // rowid names a block and SQLite still checks the task's place in it.
        info->aConstraintUsage[argv[c]].omit = c < kKeyColumns ? 1 : 0;
        cost /= c == kKeyColumns ? 1e6 : 10;
    }
    info->idxNum = mask;
    info->estimatedCost = cost;
    return SQLITE_OK;
}

int hcclOpen(sqlite3_vtab *, sqlite3_vtab_cursor **out)
{
    *out = &(new HcclCursor)->base;
    return SQLITE_OK;
}

int hcclClose(sqlite3_vtab_cursor *cur)
{
    auto *c = reinterpret_cast<HcclCursor *>(cur);
    sqlite3_finalize(c->blocks);
    delete c;
    return SQLITE_OK;
}

// Moves to the next block with tasks (or the end).
int loadNextBlock(HcclCursor *c)
{
    for (;;) {
        c->rows.clear();
        c->at = 0;
        const int rc = sqlite3_step(c->blocks);
        if (rc == SQLITE_DONE) {
            c->eof = true;
            return SQLITE_OK;
        }
        if (rc != SQLITE_ROW)
            return vtabError(c->base.pVtab, rc, sqlite3_errmsg(reinterpret_cast<HcclVtab *>(c->base.pVtab)->db));
        c->block = sqlite3_column_int64(c->blocks, 0);
        c->session = sqlite3_column_int64(c->blocks, 1);
        if (!readHcclBlock(c->blocks, 2, &c->rows))
            return vtabError(c->base.pVtab, SQLITE_CORRUPT, "database disk image is malformed (hccl_blocks)");
        if (!c->rows.empty()) {
            c->eof = false;
            return SQLITE_OK;
        }
    }
}

int hcclFilter(sqlite3_vtab_cursor *cur, int idxNum, const char *, int argc, sqlite3_value **argv)
{
    auto *c = reinterpret_cast<HcclCursor *>(cur);
    auto *vt = reinterpret_cast<HcclVtab *>(cur->pVtab);
    sqlite3_finalize(c->blocks);
    c->blocks = nullptr;
    static const char *const kWhere[kKeyColumns + 1] = {" AND session = ?", " AND device = ?", " AND model = ?",
                                                       " AND iteration = ?", " AND id = ?"};
    std::string sql = "SELECT id, session, device, model, iteration, data FROM main.hccl_blocks WHERE 1";
    for (int b = 0; b <= kKeyColumns; ++b)
        if (idxNum & (1 << b))
            sql += kWhere[b];
    sql += " ORDER BY id";
    int rc = sqlite3_prepare_v2(vt->db, sql.c_str(), -1, &c->blocks, nullptr);
    if (rc != SQLITE_OK)
        return vtabError(cur->pVtab, rc, sqlite3_errmsg(vt->db));
    for (int i = 0; i < argc; ++i) {
        // The rowid names its block: id = rowid / 65536.
        const bool rowid = i == argc - 1 && (idxNum & (1 << kKeyColumns));
        if (rowid) {
            // A rowid equals only an integral number (3.0 too); anything else names no block.
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

int hcclNext(sqlite3_vtab_cursor *cur)
{
    auto *c = reinterpret_cast<HcclCursor *>(cur);
    if (++c->at < c->rows.size())
        return SQLITE_OK;
    return loadNextBlock(c);
}

int hcclEof(sqlite3_vtab_cursor *cur)
{
    return reinterpret_cast<HcclCursor *>(cur)->eof ? 1 : 0;
}

int hcclColumn(sqlite3_vtab_cursor *cur, sqlite3_context *ctx, int col)
{
    const auto *c = reinterpret_cast<HcclCursor *>(cur);
    const HcclTaskRecord &h = c->rows[c->at];
    std::int64_t v = 0;
    switch (col) {
    case CSession: v = c->session; break;
    case CDevice: v = h.device; break;
    case CModel: v = h.modelId; break;
    case CIteration: v = h.iteration; break;
    case CPlane: v = h.plane; break;
    case CName: v = h.name; break;
    case CStart: v = h.start; break;
    case CDuration: v = h.duration; break;
    case CNotify: v = std::int64_t(h.notifyId); break;
    case CEstimated: sqlite3_result_double(ctx, h.durationEstimatedUs); return SQLITE_OK;
    case CStream: v = h.streamId; break;
    case CTaskId: v = h.taskId; break;
    case CSrc: v = h.srcRank; break;
    case CDst: v = h.dstRank; break;
    case CTransport: v = h.transportType; break;
    case CSize: v = std::int64_t(h.sizeBytes); break;
    case CDataType: v = h.dataType; break;
    case CLinkType: v = h.linkType; break;
    case CBandwidth: sqlite3_result_double(ctx, h.bandwidthGBps); return SQLITE_OK;
    default: sqlite3_result_null(ctx); return SQLITE_OK;
    }
    sqlite3_result_int64(ctx, v);
    return SQLITE_OK;
}

int hcclRowid(sqlite3_vtab_cursor *cur, sqlite3_int64 *out)
{
    const auto *c = reinterpret_cast<HcclCursor *>(cur);
    *out = hcclRowId(c->block, c->at);
    return SQLITE_OK;
}

sqlite3_module makeHcclModule()
{
    sqlite3_module m;
    std::memset(&m, 0, sizeof m);
    m.iVersion = 0;
    m.xCreate = nullptr; // eponymous only: `hccl_tasks` exists without CREATE VIRTUAL TABLE
    m.xConnect = hcclConnect;
    m.xBestIndex = hcclBestIndex;
    m.xDisconnect = hcclDisconnect;
    m.xDestroy = hcclDisconnect;
    m.xOpen = hcclOpen;
    m.xClose = hcclClose;
    m.xFilter = hcclFilter;
    m.xNext = hcclNext;
    m.xEof = hcclEof;
    m.xColumn = hcclColumn;
    m.xRowid = hcclRowid;
    return m;
}

const sqlite3_module kHcclModule = makeHcclModule();

} // namespace

int registerRecordTables(sqlite3 *db)
{
    return sqlite3_create_module_v2(db, "hccl_tasks", &kHcclModule, nullptr, nullptr);
}

} // namespace npuscope::store::detail
