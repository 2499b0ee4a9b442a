// The SQLite exports of today's profilers: torch_npu / MindSpore's
// ascend_pytorch_profiler_<rank>.db (beside analysis.db) and CANN 8's msprof_<ts>.db. They
// describe the same things as the text exports, as tables: TASK rows joined on globalTaskId
// to COMPUTE_TASK_INFO (kernels), TASK_PMU_INFO (PMU values, one row per metric) and
// COMMUNICATION_TASK_INFO (HCCL plane tasks); COMMUNICATION_OP, CANN_API, PYTORCH_API (+
// PYTORCH_CALLCHAINS), MSTX_EVENTS, STEP_TIME, the counter tables, memory tables; text is an
// id into STRING_IDS, enumerations ids into ENUM_* tables.
//
// A foreign file is untrusted input: it is opened read-only and immutable with SQLite's
// defensive settings (no extensions, triggers, views or untrusted schema functions), its
// tables and columns are checked by name before any query, and only fixed SELECTs run.
// META_DATA's SCHEMA_VERSION must be 1.x (the only version published, 1.0.0); a file without
// META_DATA (msprof's own) is read by column names. Every row of every table is accounted
// for under "<file>:<table>".

#include "core/importing/sqlite_export_reader.h"
#include "core/importing/today_files.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QUrl>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <future>
#include <set>
#include <unordered_set>

namespace npuscope::importing {

namespace {
using Tr = ImportText;
} // namespace

bool SqliteExportReader::prepare(ImportContext &ctx)
{
    framework_ = source.layout == Layout::FrameworkDb;
    // The framework's folder (profiler_info, the rank) is the parent of its output folder.
    folder_ = framework_ ? QFileInfo(source.dataDir).absolutePath() : QFileInfo(source.path).absolutePath();
    contain_ = QFileInfo(framework_ ? folder_ : source.path).canonicalFilePath();
    rel_ = ctx.rel(source.path);
    dirs << (framework_ ? ctx.rel(folder_) : rel_);
    if (ctx.escapes(source.path, contain_))
        return false;
    ctx.addFileToRead(std::uint64_t(QFileInfo(source.path).size()));
    QString why;
    if (!db_.open(source.path, &why) || !db_.loadSchema(&why)) {
        ctx.problem(rel_, 0, -1, why);
        return false;
    }
    if (!checkVersion(ctx))
        return false;
    if (framework_) {
        analysisPath_ = source.dataDir + QStringLiteral("/analysis.db");
        if (QFileInfo::exists(analysisPath_) && !ctx.escapes(analysisPath_, contain_)) {
            ctx.addFileToRead(std::uint64_t(QFileInfo(analysisPath_).size()));
            QString w;
            if (!analysis_.open(analysisPath_, &w) || !analysis_.loadSchema(&w)) {
                ctx.problem(ctx.rel(analysisPath_), 0, -1, w);
                analysisPath_.clear();
            }
        } else {
            analysisPath_.clear();
            missing << Tr::tr("%1: no analysis.db; the step time breakdown and communication statistics are not "
                              "in the input.").arg(ctx.rel(folder_));
        }
    }
    loadStrings();
    describeDevices(ctx);
    registerPmuColumns(ctx);
    options.taskTrace = Switch::On;
    options.taskTime = ctx.pmuColumns().isEmpty() ? TaskTimeLevel::L0 : TaskTimeLevel::L1;
    options.hccl = db_.has("COMMUNICATION_OP") ? Switch::On : Switch::Off;
    options.msproftx = db_.has("MSTX_EVENTS") ? Switch::On : Switch::Off;
    addTheOneModel();
    return true;
}

bool SqliteExportReader::read(ImportContext &ctx)
{
    // The call stacks are joined on a thread of their own, beside the task read. Here, not
    // in prepare(): every source is prepared before any is read, and a rank's stacks would
    // then be held through the reading of all the ranks before it.
    if (db_.has("PYTORCH_API", {"startNs", "endNs", "globalTid", "name"})
        && db_.has("PYTORCH_CALLCHAINS", {"id", "stack", "stackDepth"}))
        callchains_ = std::async(kThreadOrLater, [path = db_.path(), &text = text_] { return joinCallchains(path, text); });
    readSteps(ctx);
    loadConnectionCats(ctx);
    const std::set<std::string> readers = {"TASK", "COMPUTE_TASK_INFO", "TASK_PMU_INFO", "COMMUNICATION_TASK_INFO",
                                           "COMMUNICATION_OP", "CANN_API", "PYTORCH_API", "PYTORCH_CALLCHAINS",
                                           "MSTX_EVENTS", "AICORE_FREQ", "HBM", "LLC", "NPU_MEM", "DDR", "ACC_PMU",
                                           "SOC_BANDWIDTH_LEVEL", "MEMORY_RECORD", "NPU_MODULE_MEM", "OP_MEMORY",
                                           "NPU_OP_MEM",
                                           "CONNECTION_IDS", "connectionCats", "STEP_TIME"};
    if (!readTasks(ctx) || !readCommunicationOps(ctx) || !readCannApi(ctx) || !readPytorchApi(ctx)
        || !readMstx(ctx) || !readCounters(ctx) || !readMemory(ctx))
        return false;
    // Lookup and description tables: what they say was used to read the others.
    static const std::set<std::string> lookups = {"STRING_IDS", "META_DATA", "NPU_INFO", "RANK_DEVICE_MAP", "HOST_INFO",
                                                  "SESSION_TIME_INFO", "status_info", "sqlite_sequence"};
    for (const auto &[table, cols] : db_.tables()) {
        if (readers.count(table))
            continue;
        const std::int64_t n = countRows(db_, table);
        FileAccount &acc = ctx.account(tableRel(rel_, table));
        acc.items += std::uint64_t(std::max<std::int64_t>(0, n));
        if (lookups.count(table) || table.rfind("ENUM_", 0) == 0 || table == "OVERLAP_ANALYSIS") {
            acc.derived += std::uint64_t(std::max<std::int64_t>(0, n)); // overlap analysis is recomputed
        } else {
            acc.skipped += std::uint64_t(std::max<std::int64_t>(0, n));
            if (n > 0)
                ctx.problem(tableRel(rel_, table), 0, -1, Tr::tr("This version does not read the table %1; its rows "
                                                                 "were skipped.").arg(QString::fromStdString(table)));
        }
    }
    ctx.fileDone(std::uint64_t(QFileInfo(source.path).size()));
    if (!analysisPath_.isEmpty()) {
        if (!readAnalysis(ctx))
            return false;
        ctx.fileDone(std::uint64_t(QFileInfo(analysisPath_).size()));
    }
    return ctx.flush();
}

QString SqliteExportReader::tableRel(const QString &file, const std::string &table)
{
    return file + QLatin1Char(':') + QString::fromStdString(table);
}

std::int64_t SqliteExportReader::countRows(ExportDb &db, const std::string &table)
{
    Query q(db.get(), "SELECT count(*) FROM \"" + table + "\"");
    return q.ok() && q.row() ? q.i(0) : -1;
}

bool SqliteExportReader::checkVersion(ImportContext &ctx)
{
    if (!db_.has("META_DATA", {"name", "value"})) {
        missing << Tr::tr("%1: no META_DATA table; the schema version is unknown and the tables were read by their "
                          "column names.").arg(rel_);
        return true;
    }
    Query q(db_.get(), "SELECT value FROM META_DATA WHERE name = 'SCHEMA_VERSION'");
    if (!q.ok() || !q.row()) {
        missing << Tr::tr("%1: META_DATA has no SCHEMA_VERSION; the tables were read by their column names.").arg(rel_);
        return true;
    }
    version_ = QString::fromUtf8(q.text(0).data(), qsizetype(q.text(0).size()));
    if (!version_.startsWith(QLatin1String("1."))) {
        ctx.problem(rel_, 0, -1, Tr::tr("The export's schema version is %1; this version of NPU Scope reads schema 1.x "
                                        "(1.0.0). The file was not read.").arg(version_));
        return false;
    }
    return true;
}

void SqliteExportReader::loadStrings()
{
    if (!db_.has("STRING_IDS", {"id", "value"}))
        return;
    Query q(db_.get(), "SELECT id, value FROM STRING_IDS");
    while (q.ok() && q.row())
        text_[q.i(0)] = std::string(q.text(1));
}

// A text column: an id into STRING_IDS (or the text itself in files that store text).
std::string SqliteExportReader::textOf(const Query &q, int c) const
{
    return std::string(textView(q, c));
}

// textOf without a copy: valid until the next row.
std::string_view SqliteExportReader::textView(const Query &q, int c) const
{
    // The id first: one cell access for the usual integer cell.
    std::int64_t id = 0;
    if (q.integer(c, &id)) {
        const auto it = text_.find(id);
        return it == text_.end() ? std::string_view() : std::string_view(it->second);
    }
    return q.null(c) ? std::string_view() : q.text(c);
}

// The same as a session string: a STRING_IDS id is interned once, then looked up.
StrId SqliteExportReader::strOf(ImportContext &ctx, const Query &q, int c)
{
    // The id first: one cell access for the usual integer cell.
    std::int64_t id = 0;
    if (!q.integer(c, &id))
        return q.null(c) ? 0 : ctx.str(q.text(c));
    if (const auto it = strIds_.find(id); it != strIds_.end())
        return it->second;
    const auto t = text_.find(id);
    const StrId s = t == text_.end() ? 0 : ctx.str(t->second);
    strIds_.emplace(id, s);
    return s;
}

// The task kind of a type text, decided once per distinct text.
TaskKind SqliteExportReader::kindOf(StrId type, const Query &q, int c)
{
    if (const auto it = kinds_.find(type); it != kinds_.end())
        return it->second;
    const TaskKind k = taskKindOf(textView(q, c));
    kinds_.emplace(type, k);
    return k;
}

namespace {
std::int64_t satAdd(std::int64_t a, std::int64_t b) { return a > INT64_MAX - b ? INT64_MAX : a + b; }
std::int64_t satSub(std::int64_t a, std::int64_t b) { return a < INT64_MIN + b ? INT64_MIN : a - b; }
// top - v for v <= top, without signed overflow (capped at INT64_MAX).
std::int64_t below(std::int64_t top, std::int64_t v)
{
    const std::uint64_t d = std::uint64_t(top) - std::uint64_t(v);
    return d > std::uint64_t(INT64_MAX) ? INT64_MAX : std::int64_t(d);
}
} // namespace

// How far the table's rows stray from `col` order in storage: the largest amount by which a
// row's value is below the largest value of the rows stored before it.
std::int64_t SqliteExportReader::disorder(const char *table, const char *col)
{
    Query q(db_.get(), std::string("SELECT ") + col + " FROM " + table + " ORDER BY rowid");
    std::int64_t top = INT64_MIN, worst = 0;
    while (q.ok() && q.row()) {
        const std::int64_t v = q.i(0);
        if (v > top)
            top = v;
        else
            worst = std::max(worst, below(top, v));
    }
    return q.ok() && q.done() ? worst : -1;
}

std::string SqliteExportReader::enumName(const char *table, std::int64_t id)
{
    auto &m = enums_[table];
    if (m.empty() && db_.has(table, {"id", "name"})) {
        Query q(db_.get(), std::string("SELECT id, name FROM ") + table);
        while (q.ok() && q.row())
            m[q.i(0)] = std::string(q.text(1));
        m.emplace(INT64_MIN, std::string()); // loaded marker
    }
    const auto it = m.find(id);
    return it == m.end() ? std::string() : it->second;
}

StrId SqliteExportReader::enumStr(ImportContext &ctx, const char *table, std::int64_t id)
{
    // Keyed by the name's address (the callers pass literals; one text at two addresses is
    // merely cached twice): a few entries, one search per row, no string built.
    const auto key = std::make_pair(static_cast<const void *>(table), id);
    if (const auto it = enumStrs_.find(key); it != enumStrs_.end())
        return it->second;
    const StrId s = ctx.str(enumName(table, id));
    enumStrs_.emplace(key, s);
    return s;
}

void SqliteExportReader::describeDevices(ImportContext &ctx)
{
    std::map<std::uint16_t, DeviceInfo> devs;
    auto device = [&](std::int64_t id) -> DeviceInfo * {
        if (id < 0 || id >= 65535)
            return nullptr;
        auto [it, fresh] = devs.try_emplace(std::uint16_t(id));
        if (fresh) {
            it->second.id = std::uint16_t(id);
            it->second.rankId = source.rank >= 0 ? std::uint32_t(source.rank) : std::uint32_t(id);
            it->second.hostPid = 0;
            it->second.aiCoreNum = it->second.aiCpuNum = it->second.aicFrequencyMHz = it->second.hwtsFrequencyMHz = 0;
        }
        return &it->second;
    };
    if (db_.has("NPU_INFO", {"id", "name"})) {
        Query q(db_.get(), "SELECT id, name FROM NPU_INFO");
        while (q.ok() && q.row())
            if (DeviceInfo *d = device(q.i(0)))
                d->chip = QString::fromUtf8(q.text(1).data(), qsizetype(q.text(1).size()));
    }
    if (db_.has("RANK_DEVICE_MAP", {"rankId", "deviceId"})) {
        Query q(db_.get(), "SELECT rankId, deviceId FROM RANK_DEVICE_MAP");
        while (q.ok() && q.row())
            if (DeviceInfo *d = device(q.i(1)); d && q.i(0) >= 0)
                d->rankId = std::uint32_t(q.i(0));
    }
    // NPU_INFO lists every NPU of the host; the session's devices are those with tasks
    // (or the rank's device), so a one-card job on an 8-card host is one device.
    std::set<std::int64_t> withTasks;
    if (db_.has("TASK", {"deviceId"})) {
        Query q(db_.get(), "SELECT DISTINCT deviceId FROM TASK");
        while (q.ok() && q.row())
            withTasks.insert(q.i(0));
    }
    std::set<std::int64_t> ranked;
    if (db_.has("RANK_DEVICE_MAP", {"rankId", "deviceId"})) {
        Query q(db_.get(), "SELECT deviceId FROM RANK_DEVICE_MAP");
        while (q.ok() && q.row())
            ranked.insert(q.i(0));
    }
    for (auto it = devs.begin(); it != devs.end();) {
        if (!withTasks.empty() && !withTasks.count(it->first) && !ranked.count(it->first))
            it = devs.erase(it);
        else
            ++it;
    }
    for (std::int64_t id : withTasks)
        device(id);
    QString host;
    if (db_.has("HOST_INFO", {"hostName"})) {
        Query q(db_.get(), "SELECT hostName FROM HOST_INFO");
        if (q.ok() && q.row())
            host = QString::fromUtf8(q.text(0).data(), qsizetype(q.text(0).size()));
    }
    std::int64_t begin = 0, end = 0;
    if (db_.has("SESSION_TIME_INFO", {"startTimeNs", "endTimeNs"})) {
        Query q(db_.get(), "SELECT startTimeNs, endTimeNs FROM SESSION_TIME_INFO");
        if (q.ok() && q.row()) {
            q.integer(0, &begin);
            q.integer(1, &end);
        }
    }
    for (auto &[id, d] : devs) {
        d.hostname = host;
        d.wallBeginUs = saneTime(begin) ? begin / 1000 : 0;
        d.wallEndUs = saneTime(end) ? end / 1000 : 0;
        devices.push_back(d);
    }
    if (devs.empty())
        missing << Tr::tr("%1: the export names no device; the devices are those its rows name.").arg(rel_);
    missing << Tr::tr("%1: the export does not give the AI Core count; it is unknown.").arg(rel_);
    (void)ctx;
}

// One part of TASK_PMU_INFO (rowids in [from, to]) in storage order, on a connection of its
// own: its metric names in order of first appearance and how far its task ids stray from
// their order.
SqliteExportReader::PmuPart SqliteExportReader::scanPmuPart(const QString &path, std::int64_t from, std::int64_t to)
{
    PmuPart part;
    const OwnConnection db(path);
    if (!db.get())
        return part;
    {
        Query q(db.get(), "SELECT name, globalTaskId FROM TASK_PMU_INFO WHERE rowid BETWEEN " + std::to_string(from) + " AND "
                        + std::to_string(to) + " ORDER BY rowid");
        std::unordered_set<std::int64_t> seenIds;
        std::set<std::string, std::less<>> seenTexts;
        while (q.ok() && q.row()) {
            const std::int64_t g = q.i(1);
            part.least = std::min(part.least, g);
            if (g > part.top)
                part.top = g;
            else
                part.disorder = std::max(part.disorder, below(part.top, g));
            std::int64_t id = 0;
            if (q.integer(0, &id)) {
                if (seenIds.insert(id).second)
                    part.names.push_back({id, {}});
            } else if (const std::string_view t = q.text(0); !seenTexts.count(t)) {
                seenTexts.emplace(t);
                part.names.push_back({INT64_MIN, std::string(t)}); // a text name: no id to map
            }
        }
        part.ok = q.ok() && q.done();
    }
    return part;
}

void SqliteExportReader::registerPmuColumns(ImportContext &ctx)
{
    if (!db_.has("TASK_PMU_INFO", {"globalTaskId", "name", "value"}))
        return;
    // The metric names in order of first appearance, and how far the rows stray from task
    // id order (for the merge): one scan in storage order (no GROUP BY, which sorts every row
    // of the largest table), in two halves by rowid on two threads, while this thread reads
    // the connections of the framework rows. The halves' results combine into the one
    // scan's: the second half's new names follow the first's, and its rows stray below the
    // first half's largest id by at most that id minus its own least.
    // Two subqueries: SQLite answers a lone min() or max() of the rowid from the ends of the
    // table's B-tree, but both in one SELECT scan every row (0.4 s on the 564 MB benchmark).
    Query range(db_.get(), "SELECT (SELECT min(rowid) FROM TASK_PMU_INFO), (SELECT max(rowid) FROM TASK_PMU_INFO)");
    std::int64_t lo = 0, hi = -1;
    if (range.ok() && range.row() && !range.null(0)) {
        lo = range.i(0);
        hi = range.i(1);
    }
    const std::int64_t mid = lo + (hi - lo) / 2;
    const QString path = db_.path();
    auto first = std::async(kThreadOrLater, [path, lo, mid] { return scanPmuPart(path, lo, mid); });
    auto second = std::async(kThreadOrLater, [path, mid, hi] { return scanPmuPart(path, mid + 1, hi); });
    loadConnectionCats(ctx);
    const PmuPart a = first.get(), b = second.get();

    QStringList cols;
    std::vector<std::int64_t> ids;
    std::unordered_set<std::int64_t> seenIds;
    std::set<std::string> seenTexts;
    for (const PmuPart *part : {&a, &b})
        for (const auto &[id, t] : part->names) {
            if (id == INT64_MIN ? !seenTexts.insert(t).second : !seenIds.insert(id).second)
                continue;
            if (id == INT64_MIN) {
                cols << QString::fromStdString(t);
            } else {
                const auto it = text_.find(id);
                cols << QString::fromStdString(it == text_.end() ? std::string() : it->second);
            }
            ids.push_back(id);
        }
    pmuDisorder_ = std::max(a.disorder, b.disorder);
    if (a.top > b.least)
        pmuDisorder_ = std::max(pmuDisorder_, below(a.top, b.least));
    if (!a.ok || !b.ok)
        pmuDisorder_ = -1;
    ctx.addPmuColumns(cols);
    pmuAt_ = ctx.pmuIndex(cols);
    for (std::size_t i = 0; i < ids.size() && i < pmuAt_.size(); ++i)
        if (ids[i] != INT64_MIN)
            pmuOfName_[ids[i]] = pmuAt_[i];
    const int cycles = int(cols.indexOf(QStringLiteral("aic_total_cycles")));
    cyclesName_ = -1;
    if (cycles >= 0)
        for (const auto &[id, at] : pmuOfName_)
            if (at == pmuAt_[std::size_t(cycles)])
                cyclesName_ = id;
}

void SqliteExportReader::readSteps(ImportContext &ctx)
{
    if (!db_.has("STEP_TIME", {"id", "startNs"}))
        return;
    const QString rel = tableRel(rel_, "STEP_TIME");
    Query q(db_.get(), "SELECT id, startNs FROM STEP_TIME");
    while (q.ok() && q.row()) {
        FileAccount &acc = ctx.account(rel);
        ++acc.items;
        std::int64_t id = 0, start = 0;
        if (!q.integer(0, &id) || !q.integer(1, &start) || id <= 0 || id > UINT32_MAX || !saneTime(start)) {
            ctx.problem(rel, 0, -1, Tr::tr("A step has no valid id or start; it was skipped."));
            ++acc.skipped;
            continue;
        }
        steps_.add(std::uint32_t(id), start);
        ++acc.derived; // steps number the iterations of the records
    }
}

std::uint16_t SqliteExportReader::sessionDevice(std::int64_t id) const
{
    return map.device(id >= 0 && id < 65535 ? std::uint16_t(id) : map.hostDevice);
}

// The task query: TASK joined to its kernel and HCCL rows.
std::string SqliteExportReader::taskSql(bool kernels, bool comm, bool stored) const
{
    auto col = [&](const char *table, const char *c, const char *alias) {
        return db_.has(table, {c}) ? std::string(alias) + "." + c : std::string("NULL");
    };
    std::string sql = "SELECT t.startNs, t.endNs, t.deviceId, t.globalTaskId, t.taskType, t.streamId, t.taskId, "
                      + col("TASK", "connectionId", "t") + ", " + col("TASK", "contextId", "t");
    if (kernels)
        sql += ", c.rowid, c.name, c.taskType, c.opType, " + col("COMPUTE_TASK_INFO", "blockDim", "c") + ", "
               + col("COMPUTE_TASK_INFO", "mixBlockDim", "c") + ", " + col("COMPUTE_TASK_INFO", "inputShapes", "c") + ", "
               + col("COMPUTE_TASK_INFO", "inputDataTypes", "c") + ", " + col("COMPUTE_TASK_INFO", "inputFormats", "c")
               + ", " + col("COMPUTE_TASK_INFO", "outputShapes", "c") + ", "
               + col("COMPUTE_TASK_INFO", "outputDataTypes", "c") + ", " + col("COMPUTE_TASK_INFO", "outputFormats", "c")
               + ", " + col("COMPUTE_TASK_INFO", "attrInfo", "c") + ", " + col("COMPUTE_TASK_INFO", "waitNs", "c");
    else
        sql += ", NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL";
    if (comm)
        sql += ", h.rowid, h.name, h.taskType, h.planeId, " + col("COMMUNICATION_TASK_INFO", "notifyId", "h") + ", "
               + col("COMMUNICATION_TASK_INFO", "srcRank", "h") + ", " + col("COMMUNICATION_TASK_INFO", "dstRank", "h")
               + ", " + col("COMMUNICATION_TASK_INFO", "transportType", "h") + ", "
               + col("COMMUNICATION_TASK_INFO", "size", "h") + ", " + col("COMMUNICATION_TASK_INFO", "dataType", "h")
               + ", " + col("COMMUNICATION_TASK_INFO", "linkType", "h");
    else
        sql += ", NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL";
    sql += " FROM TASK t";
    if (kernels)
        sql += " LEFT JOIN COMPUTE_TASK_INFO c ON c.globalTaskId = t.globalTaskId";
    if (comm)
        sql += " LEFT JOIN COMMUNICATION_TASK_INFO h ON h.globalTaskId = t.globalTaskId";
    // Tasks and PMU rows both by task id: a merge join, so memory does not grow with the
    // number of PMU values. In storage order when both tables already are in task id order
    // (no sort at all), else sorted by SQLite (in its temporary files when needed).
    sql += stored ? " ORDER BY t.rowid" : " ORDER BY t.globalTaskId";
    return sql;
}

// Rows pending for ids below `floor`: no task to come has such an id, so they name none.
void SqliteExportReader::PmuMerge::dropBelow(ImportContext &ctx, std::int64_t floor)
{
    while (!pending.empty() && pending.begin()->first < floor) {
        const std::size_t n = pending.begin()->second.size();
        orphans += n;
        acc->skipped += n;
        pending.erase(pending.begin());
    }
}

void SqliteExportReader::PmuMerge::taskSeen(ImportContext &ctx, std::int64_t g)
{
    if (g <= taskMax)
        return;
    taskMax = g;
    dropBelow(ctx, satSub(taskMax, taskSlack));
}

// The PMU rows of task `g`: read until a row of an id above g + pmuSlack proves that every
// row of g has been read; rows of other ids wait in `pending`.
void SqliteExportReader::PmuMerge::rowsOf(ImportContext &ctx, std::int64_t g)
{
    values.clear();
    if (const auto it = pending.find(g); it != pending.end()) {
        // Copied, not moved: `values` keeps its capacity (a moved-in vector of the one row that
        // ended the previous task's read grew again for every task).
        values.assign(it->second.begin(), it->second.end());
        pending.erase(it);
    }
    const std::int64_t enough = satAdd(g, pmuSlack);
    while (more && pmuMax <= enough) {
        std::int64_t pg = 0, name = 0;
        double value = 0;
        const bool valid = q->integer(0, &pg) && q->integer(1, &name) && q->real(2, &value);
        ++acc->items;
        if (!valid) {
            ctx.problem(rel, 0, -1, Tr::tr("A PMU row has no task id, name or value; it was skipped."));
            ++acc->skipped;
        } else {
            pmuMax = std::max(pmuMax, pg);
            if (pg == g)
                values.emplace_back(name, value);
            else
                pending[pg].emplace_back(name, value);
        }
        more = q->row();
    }
    dropBelow(ctx, satSub(taskMax, taskSlack));
}

void SqliteExportReader::PmuMerge::finish(ImportContext &ctx)
{
    taskMax = INT64_MAX;
    taskSlack = 0;
    pmuSlack = 0;
    rowsOf(ctx, INT64_MAX); // reads the rest: every id is at most INT64_MAX
    dropBelow(ctx, INT64_MAX);
    orphans += values.size(); // rows of id INT64_MAX
    acc->skipped += values.size();
    values.clear();
}

// The kernel columns of a task row (COMPUTE_TASK_INFO) and its PMU values.
void SqliteExportReader::kernelOfRow(ImportContext &ctx, const Query &q, std::int64_t g, TaskRecord &t, PmuMerge &pmu)
{
    OpKey k;
    k.coreType = strOf(ctx, q, 11);
    k.name = strOf(ctx, q, 10);
    k.opType = strOf(ctx, q, 12);
    std::int64_t bd = 0, mix = 0;
    q.integer(13, &bd);
    q.integer(14, &mix);
    k.blockDim = std::uint16_t(std::clamp<std::int64_t>(bd, 0, 65535));
    k.mixBlockDim = std::uint16_t(std::clamp<std::int64_t>(mix, 0, 65535));
    k.inS = strOf(ctx, q, 15);
    k.inT = strOf(ctx, q, 16);
    k.inF = strOf(ctx, q, 17);
    k.outS = strOf(ctx, q, 18);
    k.outT = strOf(ctx, q, 19);
    k.outF = strOf(ctx, q, 20);
    const TaskKind coreKind = kindOf(k.coreType, q, 11);
    k.aiCpu = coreKind == TaskKind::AiCpu;
    if (isComputeKind(coreKind))
        t.kind = coreKind;
    t.name = k.name;
    t.opId = ctx.op(k);
    if (const std::string attr = textOf(q, 21); !attr.empty())
        ctx.batch().taskAttrs.push_back({t.device, t.streamId, t.taskId, t.start, ctx.str("Attr Info"), ctx.str(attr)});
    if (!q.null(22)) {
        std::int64_t wait = 0;
        if (q.integer(22, &wait))
            ctx.batch().taskAttrs.push_back({t.device, t.streamId, t.taskId, t.start, ctx.str("Wait Time(us)"),
                                              ctx.str(std::to_string(double(wait) / 1000.0))});
    }
    if (!pmu.q)
        return;
    pmu.rowsOf(ctx, g);
    if (pmu.values.empty())
        return;
    t.pmu.assign(std::size_t(ctx.pmuColumns().size()), std::nanf(""));
    FileAccount &pacc = *pmu.acc;
    for (const auto &nv : pmu.values) {
        const auto at = pmuOfName_.find(nv.first);
        if (at != pmuOfName_.end() && at->second >= 0) {
            t.pmu[std::size_t(at->second)] = float(nv.second);
            ++pacc.imported;
        } else {
            ++pacc.skipped;
        }
        if (nv.first == cyclesName_ && nv.second >= 0)
            t.totalCycles = std::uint64_t(nv.second);
    }
}

// The HCCL plane task of a task row (COMMUNICATION_TASK_INFO).
void SqliteExportReader::hcclOfRow(ImportContext &ctx, const Query &q, const TaskRecord &t)
{
    HcclTaskRecord h;
    h.device = t.device;
    h.iteration = t.iteration;
    std::int64_t plane = 0, notify = 0, src = 0, dst = 0, transport = 0, size = 0, dataType = 0, link = 0;
    q.integer(26, &plane);
    h.plane = std::uint32_t(std::clamp<std::int64_t>(plane, 0, UINT32_MAX));
    h.name = strOf(ctx, q, 25);
    h.start = t.start;
    h.duration = t.duration;
    if (q.integer(27, &notify))
        h.notifyId = std::uint64_t(notify);
    h.streamId = t.streamId;
    h.taskId = t.taskId;
    q.integer(28, &src);
    h.srcRank = std::uint32_t(std::clamp<std::int64_t>(src, 0, UINT32_MAX));
    h.dstRank = q.integer(29, &dst) ? std::uint32_t(std::clamp<std::int64_t>(dst, 0, UINT32_MAX)) : kInvalidId;
    if (q.integer(30, &transport))
        h.transportType = enumStr(ctx, "ENUM_HCCL_TRANSPORT_TYPE", transport);
    if (q.integer(31, &size) && size >= 0)
        h.sizeBytes = std::uint64_t(size);
    if (q.integer(32, &dataType))
        h.dataType = enumStr(ctx, "ENUM_HCCL_DATA_TYPE", dataType);
    if (q.integer(33, &link))
        h.linkType = enumStr(ctx, "ENUM_HCCL_LINK_TYPE", link);
    h.bandwidthGBps = h.duration > 0 ? double(h.sizeBytes) / double(h.duration) : 0.0;
    ctx.batch().hcclTasks.push_back(h);
}

// TASK with its kernel (COMPUTE_TASK_INFO), PMU values (TASK_PMU_INFO rows, grouped) and
// HCCL plane description (COMMUNICATION_TASK_INFO), in one pass over the join.
bool SqliteExportReader::readTasks(ImportContext &ctx)
{
    if (!db_.has("TASK", {"startNs", "endNs", "deviceId", "globalTaskId", "taskType", "streamId", "taskId"})) {
        if (db_.has("TASK"))
            ctx.problem(tableRel(rel_, "TASK"), 0, -1, Tr::tr("The table lacks the columns of a task; it was not read."));
        return true;
    }
    const bool kernels = db_.has("COMPUTE_TASK_INFO", {"name", "globalTaskId", "taskType", "opType"});
    const bool pmu = db_.has("TASK_PMU_INFO", {"globalTaskId", "name", "value"});
    const bool comm = db_.has("COMMUNICATION_TASK_INFO", {"name", "globalTaskId", "taskType", "planeId"});
    const bool conn = db_.has("TASK", {"connectionId"});
    loadConnectionCats(ctx);
    // Each table in storage order when its task ids stray at most the merge window from
    // their order (real files have a few dozen inversions), else sorted by SQLite.
    const std::int64_t taskDisorder = disorder("TASK", "globalTaskId");
    const bool taskStored = taskDisorder >= 0 && taskDisorder <= kMergeWindow;
    const bool pmuStored = pmuDisorder_ >= 0 && pmuDisorder_ <= kMergeWindow;
    Query q(db_, taskSql(kernels, comm, taskStored), Query::Ahead);
    const QString rel = tableRel(rel_, "TASK");
    const QString relKernel = tableRel(rel_, "COMPUTE_TASK_INFO");
    const QString relComm = tableRel(rel_, "COMMUNICATION_TASK_INFO");
    if (!q.ok()) {
        ctx.problem(rel, 0, -1, Tr::tr("The table could not be read: %1.").arg(q.message()));
        return true;
    }
    // PMU values come one row per metric, in task id order beside the tasks.
    std::unique_ptr<Query> p;
    if (pmu)
        p = std::make_unique<Query>(db_, std::string("SELECT globalTaskId, name, value FROM TASK_PMU_INFO ORDER BY ")
                                                  + (pmuStored ? "rowid" : "globalTaskId"), Query::Ahead);
    PmuMerge merge;
    merge.taskSlack = taskStored ? taskDisorder : 0;
    merge.pmuSlack = pmuStored ? pmuDisorder_ : 0;
    merge.q = p.get();
    merge.more = p && p->ok() && p->row();
    merge.rel = tableRel(rel_, "TASK_PMU_INFO");
    // Accounts are kept in a deque: these references stay valid while others are added.
    FileAccount &acc = ctx.account(rel);
    if (p)
        merge.acc = &ctx.account(merge.rel);
    FileAccount *kernelAcc = nullptr, *commAcc = nullptr;
    std::uint64_t n = 0;
    while (q.row()) {
        ++acc.items;
        if ((++n & 4095) == 0 && ctx.cancelled())
            return ctx.failCancelled();
        std::int64_t start = 0, end = 0, dev = 0, g = 0, stream = 0, task = 0;
        if (!q.integer(0, &start) || !q.integer(1, &end) || !q.integer(2, &dev) || !q.integer(3, &g)
            || !q.integer(5, &stream) || !q.integer(6, &task) || end < start || !saneSpan(start, timeSpan(start, end))
            || stream < 0 || stream > UINT32_MAX || task < 0 || task > UINT32_MAX || dev < 0 || dev >= 65535) {
            ctx.problem(rel, 0, -1, Tr::tr("A task has a missing or out-of-range time, device, stream or task id; it "
                                           "was skipped."));
            ++acc.skipped;
            continue;
        }
        merge.taskSeen(ctx, g);
        TaskRecord t;
        t.device = sessionDevice(dev);
        t.iteration = steps_.at(start);
        t.streamId = std::uint32_t(stream);
        t.taskId = std::uint32_t(task);
        t.type = strOf(ctx, q, 4);
        t.kind = kindOf(t.type, q, 4);
        t.start = start;
        t.duration = end - start;
        t.name = t.type;
        if (kernels && !q.null(9)) {
            kernelOfRow(ctx, q, g, t, merge);
            if (!kernelAcc)
                kernelAcc = &ctx.account(relKernel);
            ++kernelAcc->items;
            ++kernelAcc->imported;
        }
        if (comm && !q.null(23)) {
            hcclOfRow(ctx, q, t);
            if (!commAcc)
                commAcc = &ctx.account(relComm);
            ++commAcc->items;
            ++commAcc->imported;
        }
        std::int64_t connection = 0;
        if (conn && q.integer(7, &connection))
            for (const Category &cat : categoriesOf(connection))
                ctx.batch().flowEnds.push_back({t.device, cat.str, cat.str, ctx.flowId(std::uint64_t(connection)), true,
                                                FlowLane::Hardware, t.streamId, t.start});
        learned.devicesSeen.insert(t.device);
        ctx.batch().tasks.push_back(std::move(t));
        ++acc.imported;
        if (!ctx.flushIfFull())
            return false;
    }
    if (!q.done())
        ctx.problem(rel, 0, -1, Tr::tr("Reading the table stopped: %1.").arg(q.message()));
    // PMU rows after the last task, and of non-kernel tasks: rows of no kernel.
    if (merge.q)
        merge.finish(ctx);
    if (merge.orphans > 0)
        ctx.problem(merge.rel, 0, -1, Tr::tr("%n PMU row(s) name no kernel task; they were skipped.", nullptr,
                                             int(std::min<std::uint64_t>(merge.orphans, INT32_MAX))));
    accountOrphanRows(ctx, relKernel, relComm);
    return ctx.flush();
}

// Kernel and HCCL rows of no task: counted from the tables.
void SqliteExportReader::accountOrphanRows(ImportContext &ctx, const QString &relKernel, const QString &relComm)
{
    for (const auto &tr : {std::pair<const char *, QString>{"COMPUTE_TASK_INFO", relKernel}, {"COMMUNICATION_TASK_INFO", relComm}}) {
        if (!db_.has(tr.first))
            continue;
        const std::int64_t total = countRows(db_, tr.first);
        FileAccount &a = ctx.account(tr.second);
        if (total > std::int64_t(a.items)) {
            const std::uint64_t orphans = std::uint64_t(total) - a.items;
            a.items += orphans;
            a.skipped += orphans;
            ctx.problem(tr.second, 0, -1, Tr::tr("%n row(s) describe a task the TASK table does not have; they were skipped.",
                                                 nullptr, int(std::min<std::uint64_t>(orphans, INT32_MAX))));
        }
    }
}

void SqliteExportReader::accountTable(ImportContext &ctx, const std::string &table, std::int64_t rows)
{
    FileAccount &acc = ctx.account(tableRel(rel_, table));
    acc.items += std::uint64_t(std::max<std::int64_t>(0, rows));
    acc.derived += std::uint64_t(std::max<std::int64_t>(0, rows));
}



std::unique_ptr<LayoutReader> makeFrameworkDbReader(const Source &s)
{
    return std::make_unique<SqliteExportReader>(s);
}

std::unique_ptr<LayoutReader> makeMsprofDbReader(const Source &s)
{
    return std::make_unique<SqliteExportReader>(s);
}

} // namespace npuscope::importing
