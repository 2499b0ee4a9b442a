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

#include "core/importing/readers.h"
#include "core/importing/json_pull.h"
#include "core/importing/today_files.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QUrl>
#include <sqlite3.h>

#include <cstring>

#include <cmath>
#include <map>
#include <set>
#include <unordered_map>

namespace npuscope::importing {

namespace {

using Tr = ImportText;

class ExportDb {
public:
    ~ExportDb()
    {
        if (db_)
            sqlite3_close(db_);
    }
    // Opens read-only; false + *why when the file is not SQLite or the settings did not take.
    bool open(const QString &path, QString *why)
    {
        QFile f(path);
        char magic[16] = {};
        if (!f.open(QIODevice::ReadOnly) || f.read(magic, 16) != 16 || std::memcmp(magic, "SQLite format 3", 16) != 0) {
            *why = Tr::tr("The file is not an SQLite database.");
            return false;
        }
        const QByteArray uri = "file:" + QUrl::toPercentEncoding(QFileInfo(path).absoluteFilePath(), "/") + "?mode=ro&immutable=1";
        int rc = sqlite3_open_v2(uri.constData(), &db_, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX, nullptr);
        int on = 0;
        if (rc == SQLITE_OK)
            rc = sqlite3_db_config(db_, SQLITE_DBCONFIG_DEFENSIVE, 1, &on);
        if (rc == SQLITE_OK && on != 1)
            rc = SQLITE_ERROR;
        for (int op : {SQLITE_DBCONFIG_TRUSTED_SCHEMA, SQLITE_DBCONFIG_ENABLE_TRIGGER, SQLITE_DBCONFIG_ENABLE_VIEW,
                       SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION}) {
            int state = 1;
            if (rc == SQLITE_OK)
                rc = sqlite3_db_config(db_, op, 0, &state);
            if (rc == SQLITE_OK && state != 0)
                rc = SQLITE_ERROR;
        }
        if (rc == SQLITE_OK)
            rc = sqlite3_exec(db_, "PRAGMA query_only = 1", nullptr, nullptr, nullptr);
        if (rc != SQLITE_OK) {
            *why = Tr::tr("The database could not be opened safely: %1.")
                       .arg(QString::fromUtf8(db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(rc)));
            return false;
        }
        return true;
    }
    sqlite3 *get() const { return db_; }
    QString message() const { return QString::fromUtf8(sqlite3_errmsg(db_)); }

    // Table name → its columns, from sqlite_master and pragma_table_info.
    bool loadSchema(QString *why)
    {
        sqlite3_stmt *s = nullptr;
        if (sqlite3_prepare_v2(db_, "SELECT name FROM sqlite_master WHERE type = 'table'", -1, &s, nullptr) != SQLITE_OK) {
            *why = message();
            return false;
        }
        std::vector<std::string> names;
        int rc;
        while ((rc = sqlite3_step(s)) == SQLITE_ROW)
            if (const auto *t = sqlite3_column_text(s, 0))
                names.emplace_back(reinterpret_cast<const char *>(t));
        sqlite3_finalize(s);
        if (rc != SQLITE_DONE) {
            *why = message();
            return false;
        }
        for (const std::string &n : names) {
            std::set<std::string> cols;
            if (sqlite3_prepare_v2(db_, "SELECT name FROM pragma_table_info(?1)", -1, &s, nullptr) != SQLITE_OK) {
                *why = message();
                return false;
            }
            sqlite3_bind_text(s, 1, n.c_str(), -1, SQLITE_TRANSIENT);
            while ((rc = sqlite3_step(s)) == SQLITE_ROW)
                if (const auto *t = sqlite3_column_text(s, 0))
                    cols.emplace(reinterpret_cast<const char *>(t));
            sqlite3_finalize(s);
            tables_[n] = std::move(cols);
        }
        return true;
    }
    bool has(const std::string &table) const { return tables_.count(table) > 0; }
    bool has(const std::string &table, std::initializer_list<const char *> cols) const
    {
        const auto it = tables_.find(table);
        if (it == tables_.end())
            return false;
        for (const char *c : cols)
            if (!it->second.count(c))
                return false;
        return true;
    }
    const std::map<std::string, std::set<std::string>> &tables() const { return tables_; }

private:
    sqlite3 *db_ = nullptr;
    std::map<std::string, std::set<std::string>> tables_;
};

class Query {
public:
    Query(sqlite3 *db, const std::string &sql) { prepared_ = sqlite3_prepare_v2(db, sql.c_str(), -1, &s_, nullptr) == SQLITE_OK; }
    ~Query() { sqlite3_finalize(s_); }
    bool ok() const { return prepared_; }
    bool row()
    {
        rc_ = prepared_ ? sqlite3_step(s_) : SQLITE_MISUSE;
        return rc_ == SQLITE_ROW;
    }
    bool done() const { return rc_ == SQLITE_DONE; }
    int code() const { return rc_; }
    bool null(int i) const { return sqlite3_column_type(s_, i) == SQLITE_NULL; }
    std::int64_t i(int c) const { return sqlite3_column_int64(s_, c); }
    double d(int c) const { return sqlite3_column_double(s_, c); }
    std::string_view text(int c) const
    {
        const auto *t = reinterpret_cast<const char *>(sqlite3_column_text(s_, c));
        return t ? std::string_view(t, std::size_t(sqlite3_column_bytes(s_, c))) : std::string_view();
    }
    // An integer column that may hold its value as text (PYTORCH_API.startNs is TEXT).
    bool integer(int c, std::int64_t *out) const
    {
        switch (sqlite3_column_type(s_, c)) {
        case SQLITE_INTEGER: *out = i(c); return true;
        case SQLITE_FLOAT: {
            const double v = d(c);
            if (!std::isfinite(v) || std::fabs(v) > 9e18)
                return false;
            *out = std::int64_t(v);
            return true;
        }
        case SQLITE_TEXT: {
            std::uint64_t u = 0;
            if (!toUInt64(text(c), &u) || u > std::uint64_t(INT64_MAX))
                return false;
            *out = std::int64_t(u);
            return true;
        }
        default: return false;
        }
    }

private:
    sqlite3_stmt *s_ = nullptr;
    bool prepared_ = false;
    int rc_ = SQLITE_OK;
};

class SqliteExportReader : public LayoutReader {
public:
    explicit SqliteExportReader(const Source &s) : LayoutReader(s) {}

    bool prepare(ImportContext &ctx) override
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
        ModelInfo m;
        m.id = 0;
        m.iterations = 1;
        models.push_back(m);
        return true;
    }

    bool read(ImportContext &ctx) override
    {
        readSteps(ctx);
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

private:
    static QString tableRel(const QString &file, const std::string &table)
    {
        return file + QLatin1Char(':') + QString::fromStdString(table);
    }
    static std::int64_t countRows(ExportDb &db, const std::string &table)
    {
        Query q(db.get(), "SELECT count(*) FROM \"" + table + "\"");
        return q.ok() && q.row() ? q.i(0) : -1;
    }

    bool checkVersion(ImportContext &ctx)
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

    void loadStrings()
    {
        if (!db_.has("STRING_IDS", {"id", "value"}))
            return;
        Query q(db_.get(), "SELECT id, value FROM STRING_IDS");
        while (q.ok() && q.row())
            text_[q.i(0)] = std::string(q.text(1));
    }
    // A text column: an id into STRING_IDS (or the text itself in files that store text).
    std::string textOf(const Query &q, int c) const
    {
        if (q.null(c))
            return {};
        std::int64_t id = 0;
        if (q.integer(c, &id)) {
            const auto it = text_.find(id);
            return it == text_.end() ? std::string() : it->second;
        }
        return std::string(q.text(c));
    }
    std::string enumName(const char *table, std::int64_t id)
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

    void describeDevices(ImportContext &ctx)
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

    void registerPmuColumns(ImportContext &ctx)
    {
        if (!db_.has("TASK_PMU_INFO", {"globalTaskId", "name", "value"}))
            return;
        Query q(db_.get(), "SELECT name FROM TASK_PMU_INFO GROUP BY name ORDER BY min(rowid)");
        QStringList cols;
        while (q.ok() && q.row())
            cols << QString::fromStdString(textOf(q, 0));
        ctx.addPmuColumns(cols);
        pmuAt_ = ctx.pmuIndex(cols);
        {
            Query n(db_.get(), "SELECT name FROM TASK_PMU_INFO GROUP BY name ORDER BY min(rowid)");
            std::size_t i = 0;
            while (n.ok() && n.row() && i < pmuAt_.size()) {
                std::int64_t id = 0;
                if (n.integer(0, &id))
                    pmuOfName_[id] = pmuAt_[i];
                ++i;
            }
        }
        const int cycles = int(cols.indexOf(QStringLiteral("aic_total_cycles")));
        cyclesName_ = -1;
        if (cycles >= 0)
            for (const auto &[id, at] : pmuOfName_)
                if (at == pmuAt_[std::size_t(cycles)])
                    cyclesName_ = id;
    }

    void readSteps(ImportContext &ctx)
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

    std::uint16_t sessionDevice(std::int64_t id) const
    {
        return map.device(id >= 0 && id < 65535 ? std::uint16_t(id) : map.hostDevice);
    }

    // TASK with its kernel (COMPUTE_TASK_INFO), PMU values (TASK_PMU_INFO rows, grouped) and
    // HCCL plane description (COMMUNICATION_TASK_INFO), in one pass over the join.
    bool readTasks(ImportContext &ctx)
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
        loadConnectionCats();
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
        // number of PMU values (SQLite sorts in its temporary files when needed).
        sql += " ORDER BY t.globalTaskId";
        Query q(db_.get(), sql);
        const QString rel = tableRel(rel_, "TASK");
        const QString relKernel = tableRel(rel_, "COMPUTE_TASK_INFO");
        const QString relComm = tableRel(rel_, "COMMUNICATION_TASK_INFO");
        if (!q.ok()) {
            ctx.problem(rel, 0, -1, Tr::tr("The table could not be read: %1.").arg(db_.message()));
            return true;
        }
        // PMU values come one row per metric, in task id order beside the tasks.
        std::unique_ptr<Query> p;
        if (pmu)
            p = std::make_unique<Query>(db_.get(), "SELECT globalTaskId, name, value FROM TASK_PMU_INFO ORDER BY globalTaskId");
        bool pmuRow = p && p->ok() && p->row();
        const QString relPmu = tableRel(rel_, "TASK_PMU_INFO");
        std::uint64_t orphanPmu = 0;
        // The PMU rows of task `g` (rows of smaller ids name tasks TASK does not have).
        auto pmuRowsOf = [&](std::int64_t g, std::vector<std::pair<std::int64_t, double>> *out) {
            out->clear();
            while (pmuRow) {
                std::int64_t pg = 0, name = 0;
                const bool valid = p->integer(0, &pg) && p->integer(1, &name) && !p->null(2);
                if (valid && pg > g)
                    break;
                FileAccount &acc = ctx.account(relPmu);
                ++acc.items;
                if (!valid) {
                    ctx.problem(relPmu, 0, -1, Tr::tr("A PMU row has no task id, name or value; it was skipped."));
                    ++acc.skipped;
                } else if (pg < g) {
                    ++orphanPmu;
                    ++acc.skipped;
                } else {
                    out->emplace_back(name, p->d(2));
                }
                pmuRow = p->row();
            }
        };
        std::vector<std::pair<std::int64_t, double>> pmuValues;
        std::uint64_t n = 0;
        while (q.row()) {
            FileAccount &acc = ctx.account(rel);
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
            TaskRecord t;
            t.device = sessionDevice(dev);
            t.iteration = steps_.at(start);
            t.streamId = std::uint32_t(stream);
            t.taskId = std::uint32_t(task);
            const std::string typeText = textOf(q, 4);
            t.type = ctx.str(typeText);
            t.kind = taskKindOf(typeText);
            t.start = start;
            t.duration = end - start;
            const bool isKernel = kernels && !q.null(9);
            if (isKernel) {
                const std::string core = textOf(q, 11);
                OpKey k;
                k.name = ctx.str(textOf(q, 10));
                k.opType = ctx.str(textOf(q, 12));
                std::int64_t bd = 0, mix = 0;
                q.integer(13, &bd);
                q.integer(14, &mix);
                k.blockDim = std::uint16_t(std::clamp<std::int64_t>(bd, 0, 65535));
                k.mixBlockDim = std::uint16_t(std::clamp<std::int64_t>(mix, 0, 65535));
                k.inS = ctx.str(textOf(q, 15));
                k.inT = ctx.str(textOf(q, 16));
                k.inF = ctx.str(textOf(q, 17));
                k.outS = ctx.str(textOf(q, 18));
                k.outT = ctx.str(textOf(q, 19));
                k.outF = ctx.str(textOf(q, 20));
                k.coreType = ctx.str(core);
                const TaskKind coreKind = taskKindOf(core);
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
                ++ctx.account(relKernel).items;
                ++ctx.account(relKernel).imported;
                pmuRowsOf(g, &pmuValues);
                if (!pmuValues.empty()) {
                    t.pmu.assign(std::size_t(ctx.pmuColumns().size()), std::nanf(""));
                    for (const auto &[name, value] : pmuValues) {
                        FileAccount &pacc = ctx.account(relPmu);
                        const auto at = pmuOfName_.find(name);
                        if (at != pmuOfName_.end() && at->second >= 0) {
                            t.pmu[std::size_t(at->second)] = float(value);
                            ++pacc.imported;
                        } else {
                            ++pacc.skipped;
                        }
                        if (name == cyclesName_ && value >= 0)
                            t.totalCycles = std::uint64_t(value);
                    }
                }
            } else {
                t.name = ctx.str(typeText);
            }
            if (comm && !q.null(23)) {
                HcclTaskRecord h;
                h.device = t.device;
                h.iteration = t.iteration;
                std::int64_t plane = 0, notify = 0, src = 0, dst = 0, transport = 0, size = 0, dataType = 0, link = 0;
                q.integer(26, &plane);
                h.plane = std::uint32_t(std::clamp<std::int64_t>(plane, 0, UINT32_MAX));
                h.name = ctx.str(textOf(q, 25));
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
                    h.transportType = ctx.str(enumName("ENUM_HCCL_TRANSPORT_TYPE", transport));
                if (q.integer(31, &size) && size >= 0)
                    h.sizeBytes = std::uint64_t(size);
                if (q.integer(32, &dataType))
                    h.dataType = ctx.str(enumName("ENUM_HCCL_DATA_TYPE", dataType));
                if (q.integer(33, &link))
                    h.linkType = ctx.str(enumName("ENUM_HCCL_LINK_TYPE", link));
                h.bandwidthGBps = h.duration > 0 ? double(h.sizeBytes) / double(h.duration) : 0.0;
                ctx.batch().hcclTasks.push_back(h);
                ++ctx.account(relComm).items;
                ++ctx.account(relComm).imported;
            }
            std::int64_t connection = 0;
            if (conn && q.integer(7, &connection))
                for (const std::string &cat : categoriesOf(connection))
                    ctx.batch().flowEnds.push_back({t.device, ctx.str(cat), ctx.str(cat), ctx.flowId(std::uint64_t(connection)), true,
                                                    FlowLane::Hardware, t.streamId, t.start});
            learned.devicesSeen.insert(t.device);
            ctx.batch().tasks.push_back(std::move(t));
            ++acc.imported;
            if (!ctx.flushIfFull())
                return false;
        }
        if (!q.done())
            ctx.problem(rel, 0, -1, Tr::tr("Reading the table stopped: %1.").arg(db_.message()));
        // PMU rows after the last task, and of non-kernel tasks: rows of no kernel.
        pmuRowsOf(INT64_MAX, &pmuValues);
        orphanPmu += pmuValues.size();
        ctx.account(relPmu).skipped += pmuValues.size();
        if (orphanPmu > 0)
            ctx.problem(relPmu, 0, -1, Tr::tr("%n PMU row(s) name no kernel task; they were skipped.", nullptr,
                                              int(std::min<std::uint64_t>(orphanPmu, INT32_MAX))));
        // Kernel and HCCL rows of no task: counted from the tables.
        for (const auto &[table, relName] : {std::pair<const char *, QString>{"COMPUTE_TASK_INFO", relKernel},
                                             {"COMMUNICATION_TASK_INFO", relComm}}) {
            if (!db_.has(table))
                continue;
            const std::int64_t total = countRows(db_, table);
            FileAccount &a = ctx.account(relName);
            if (total > std::int64_t(a.items)) {
                const std::uint64_t orphans = std::uint64_t(total) - a.items;
                a.items += orphans;
                a.skipped += orphans;
                ctx.problem(relName, 0, -1, Tr::tr("%n row(s) describe a task the TASK table does not have; they were skipped.",
                                                   nullptr, int(std::min<std::uint64_t>(orphans, INT32_MAX))));
            }
        }
        return ctx.flush();
    }

    void loadConnectionCats()
    {
        if (catsLoaded_)
            return;
        catsLoaded_ = true;
        if (!db_.has("connectionCats", {"connectionId", "cat"}))
            return;
        Query q(db_.get(), "SELECT connectionId, cat FROM connectionCats");
        while (q.ok() && q.row()) {
            std::int64_t id = 0;
            if (q.integer(0, &id))
                cats_[id].push_back(std::string(q.text(1)));
        }
    }
    const std::vector<std::string> &categoriesOf(std::int64_t connection) const
    {
        static const std::vector<std::string> none;
        const auto it = cats_.find(connection);
        return it == cats_.end() ? none : it->second;
    }
    void accountTable(ImportContext &ctx, const std::string &table, std::int64_t rows)
    {
        FileAccount &acc = ctx.account(tableRel(rel_, table));
        acc.items += std::uint64_t(std::max<std::int64_t>(0, rows));
        acc.derived += std::uint64_t(std::max<std::int64_t>(0, rows));
    }

    bool readCommunicationOps(ImportContext &ctx)
    {
        if (!db_.has("COMMUNICATION_OP", {"opName", "startNs", "endNs"}))
            return true;
        const bool hasCount = db_.has("COMMUNICATION_OP", {"count", "dataType"});
        const bool hasType = db_.has("COMMUNICATION_OP", {"opType"});
        const bool hasConn = db_.has("COMMUNICATION_OP", {"connectionId"});
        const bool hasDevice = db_.has("COMMUNICATION_OP", {"deviceId"});
        Query q(db_.get(), std::string("SELECT opName, startNs, endNs, ") + (hasCount ? "count, dataType" : "NULL, NULL") + ", "
                               + (hasType ? "opType" : "NULL") + ", " + (hasConn ? "connectionId" : "NULL") + ", "
                               + (hasDevice ? "deviceId" : "NULL") + " FROM COMMUNICATION_OP");
        const QString rel = tableRel(rel_, "COMMUNICATION_OP");
        while (q.ok() && q.row()) {
            FileAccount &acc = ctx.account(rel);
            ++acc.items;
            std::int64_t start = 0, end = 0, count = 0, dataType = 0, dev = map.hostDevice;
            if (!q.integer(1, &start) || !q.integer(2, &end) || end < start || !saneSpan(start, timeSpan(start, end))) {
                ctx.problem(rel, 0, -1, Tr::tr("A communication op has no valid start and end; it was skipped."));
                ++acc.skipped;
                continue;
            }
            q.integer(7, &dev);
            CollectiveOpRecord c;
            c.device = sessionDevice(dev);
            c.iteration = steps_.at(start);
            c.name = ctx.str(textOf(q, 0));
            c.opType = ctx.str(textOf(q, 5));
            c.start = start;
            c.duration = end - start;
            if (q.integer(3, &count) && q.integer(4, &dataType) && count > 0) {
                const std::string dt = enumName("ENUM_HCCL_DATA_TYPE", dataType);
                const int elem = dt == "FP32" || dt == "INT32" || dt == "UINT32" ? 4
                                 : dt == "FP16" || dt == "BFP16" || dt == "INT16" ? 2
                                 : dt == "INT8" || dt == "UINT8" ? 1
                                 : dt == "FP64" || dt == "INT64" || dt == "UINT64" ? 8 : 0;
                c.bytes = std::uint64_t(count) * std::uint64_t(elem);
            }
            std::int64_t connection = 0;
            if (q.integer(6, &connection))
                for (const std::string &cat : categoriesOf(connection))
                    ctx.batch().flowEnds.push_back({c.device, ctx.str(cat), ctx.str(cat), ctx.flowId(std::uint64_t(connection)), true,
                                                    FlowLane::Hccl, 0, c.start});
            ctx.batch().collectives.push_back(c);
            ++acc.imported;
        }
        return ctx.flushIfFull();
    }

    bool readCannApi(ImportContext &ctx)
    {
        if (!db_.has("CANN_API", {"startNs", "endNs", "type", "globalTid", "name"}))
            return true;
        const bool hasConn = db_.has("CANN_API", {"connectionId"});
        Query q(db_.get(), std::string("SELECT startNs, endNs, type, globalTid, name, ") + (hasConn ? "connectionId" : "NULL")
                               + " FROM CANN_API");
        const QString rel = tableRel(rel_, "CANN_API");
        const std::uint16_t device = sessionDevice(map.hostDevice);
        while (q.ok() && q.row()) {
            FileAccount &acc = ctx.account(rel);
            ++acc.items;
            std::int64_t start = 0, end = 0, type = 0, tid = 0;
            if (!q.integer(0, &start) || !q.integer(1, &end) || end < start || !saneSpan(start, timeSpan(start, end))) {
                ctx.problem(rel, 0, -1, Tr::tr("An API call has no valid start and end; it was skipped."));
                ++acc.skipped;
                continue;
            }
            q.integer(2, &type);
            q.integer(3, &tid);
            HostRangeRecord h;
            h.kind = HostRangeRecord::Kind::RuntimeApi;
            h.device = device;
            h.iteration = steps_.at(start);
            // globalTid = pid << 32 | tid
            h.pid = std::uint32_t(std::uint64_t(tid) >> 32);
            h.tid = std::uint32_t(std::uint64_t(tid) & 0xffffffffu);
            h.name = ctx.str(textOf(q, 4));
            h.start = start;
            h.duration = end - start;
            h.level = ctx.str(enumName("ENUM_API_TYPE", type));
            std::int64_t connection = 0;
            if (hasConn && q.integer(5, &connection))
                for (const std::string &cat : categoriesOf(connection))
                    if (cat == "HostToDevice")
                        ctx.batch().flowEnds.push_back({device, ctx.str(cat), ctx.str(cat), ctx.flowId(std::uint64_t(connection)), false,
                                                        FlowLane::Cann, h.tid, h.start});
            learned.hostPid.try_emplace(device, h.pid);
            ctx.batch().hostRanges.push_back(h);
            ++acc.imported;
            if (!ctx.flushIfFull())
                return false;
        }
        return true;
    }

    bool readPytorchApi(ImportContext &ctx)
    {
        if (!db_.has("PYTORCH_API", {"startNs", "endNs", "globalTid", "name"}))
            return true;
        // Call stacks: PYTORCH_CALLCHAINS(id, stack, stackDepth), frames joined as torch_npu's
        // text export joins them.
        std::unordered_map<std::int64_t, StrId> stacks;
        if (db_.has("PYTORCH_CALLCHAINS", {"id", "stack", "stackDepth"})) {
            Query c(db_.get(), "SELECT id, stack FROM PYTORCH_CALLCHAINS ORDER BY id, stackDepth");
            std::int64_t current = INT64_MIN;
            std::string frames;
            std::uint64_t rows = 0;
            auto flushStack = [&]() {
                if (current != INT64_MIN)
                    stacks[current] = ctx.str(frames);
            };
            while (c.ok() && c.row()) {
                ++rows;
                std::int64_t id = 0;
                c.integer(0, &id);
                if (id != current) {
                    flushStack();
                    current = id;
                    frames.clear();
                }
                if (!frames.empty())
                    frames += ";\r\n";
                frames += textOf(c, 1);
            }
            flushStack();
            FileAccount &acc = ctx.account(tableRel(rel_, "PYTORCH_CALLCHAINS"));
            acc.items += rows;
            acc.imported += rows;
        }
        // CONNECTION_IDS(id, connectionId): an API row's connectionId is an id here, which
        // names the connections (flows) that start at it.
        std::unordered_map<std::int64_t, std::vector<std::int64_t>> connections;
        if (db_.has("CONNECTION_IDS", {"id", "connectionId"})) {
            Query c(db_.get(), "SELECT id, connectionId FROM CONNECTION_IDS");
            std::uint64_t rows = 0;
            while (c.ok() && c.row()) {
                ++rows;
                std::int64_t id = 0, conn = 0;
                if (c.integer(0, &id) && c.integer(1, &conn))
                    connections[id].push_back(conn);
            }
            accountTable(ctx, "CONNECTION_IDS", std::int64_t(rows));
        }
        if (db_.has("connectionCats"))
            accountTable(ctx, "connectionCats", countRows(db_, "connectionCats"));
        auto col = [&](const char *c) { return db_.has("PYTORCH_API", {c}) ? std::string(c) : std::string("NULL"); };
        Query q(db_.get(), "SELECT startNs, endNs, globalTid, name, " + col("sequenceNumber") + ", " + col("fwdThreadId") + ", "
                               + col("inputDtypes") + ", " + col("inputShapes") + ", " + col("callchainId") + ", "
                               + col("type") + ", " + col("connectionId") + " FROM PYTORCH_API");
        const QString rel = tableRel(rel_, "PYTORCH_API");
        const std::uint16_t device = sessionDevice(map.hostDevice);
        while (q.ok() && q.row()) {
            FileAccount &acc = ctx.account(rel);
            ++acc.items;
            std::int64_t start = 0, end = 0, tid = 0;
            if (!q.integer(0, &start) || !q.integer(1, &end) || end < start || !saneSpan(start, timeSpan(start, end))) {
                ctx.problem(rel, 0, -1, Tr::tr("A framework range has no valid start and end; it was skipped."));
                ++acc.skipped;
                continue;
            }
            q.integer(2, &tid);
            PythonRangeRecord r;
            r.device = device;
            r.pid = std::uint32_t(std::uint64_t(tid) >> 32);
            r.tid = std::uint32_t(std::uint64_t(tid) & 0xffffffffu);
            r.name = ctx.str(textOf(q, 3));
            r.start = start;
            r.duration = end - start;
            std::int64_t v = 0;
            if (q.integer(4, &v))
                r.sequence = v;
            if (q.integer(5, &v) && v >= 0)
                r.fwdThread = std::uint64_t(v);
            r.inputTypes = ctx.str(textOf(q, 6));
            r.inputShapes = ctx.str(textOf(q, 7));
            if (q.integer(8, &v))
                if (auto it = stacks.find(v); it != stacks.end())
                    r.callStack = it->second;
            if (q.integer(9, &v))
                r.category = ctx.str(enumName("ENUM_API_TYPE", v));
            if (q.integer(10, &v))
                if (auto it = connections.find(v); it != connections.end())
                    for (std::int64_t conn : it->second)
                        for (const std::string &cat : categoriesOf(conn))
                            if (cat != "HostToDevice")
                                ctx.batch().flowEnds.push_back({device, ctx.str(cat), ctx.str(cat), ctx.flowId(std::uint64_t(conn)),
                                                                false, FlowLane::Python, r.tid, r.start});
            learned.hostPid.try_emplace(device, r.pid);
            ctx.batch().pythonRanges.push_back(r);
            ++acc.imported;
            if (!ctx.flushIfFull())
                return false;
        }
        return true;
    }

    bool readMstx(ImportContext &ctx)
    {
        if (!db_.has("MSTX_EVENTS", {"startNs", "endNs", "message", "globalTid"}))
            return true;
        const bool cat = db_.has("MSTX_EVENTS", {"category"});
        Query q(db_.get(), std::string("SELECT startNs, endNs, message, globalTid, ") + (cat ? "category" : "NULL")
                               + " FROM MSTX_EVENTS");
        const QString rel = tableRel(rel_, "MSTX_EVENTS");
        const std::uint16_t device = sessionDevice(map.hostDevice);
        while (q.ok() && q.row()) {
            FileAccount &acc = ctx.account(rel);
            ++acc.items;
            std::int64_t start = 0, end = 0, tid = 0, category = 0;
            if (!q.integer(0, &start) || !q.integer(1, &end) || end < start || !saneSpan(start, timeSpan(start, end))) {
                ctx.problem(rel, 0, -1, Tr::tr("An msproftx event has no valid start and end; it was skipped."));
                ++acc.skipped;
                continue;
            }
            q.integer(3, &tid);
            HostRangeRecord h;
            h.kind = HostRangeRecord::Kind::MsprofTx;
            h.device = device;
            h.iteration = steps_.at(start);
            h.pid = std::uint32_t(std::uint64_t(tid) >> 32);
            h.tid = std::uint32_t(std::uint64_t(tid) & 0xffffffffu);
            h.name = ctx.str(textOf(q, 2));
            h.start = start;
            h.duration = end - start;
            if (q.integer(4, &category) && category >= 0 && category <= UINT32_MAX)
                h.category = std::uint32_t(category);
            ctx.batch().hostRanges.push_back(h);
            ++acc.imported;
        }
        return ctx.flushIfFull();
    }

    // One counter table: `sql` selects (deviceId, timestampNs, value, series suffix text).
    bool counterTable(ImportContext &ctx, const std::string &table, const std::string &sql, const char *track,
                      const std::function<std::string(const Query &)> &series, const char *unit)
    {
        Query q(db_.get(), sql);
        const QString rel = tableRel(rel_, table);
        if (!q.ok()) {
            ctx.problem(rel, 0, -1, Tr::tr("The table could not be read: %1.").arg(db_.message()));
            return true;
        }
        const StrId trackId = ctx.str(track), unitId = ctx.str(unit);
        while (q.row()) {
            FileAccount &acc = ctx.account(rel);
            ++acc.items;
            std::int64_t dev = 0, ts = 0;
            if (!q.integer(0, &dev) || !q.integer(1, &ts) || !saneTime(ts) || q.null(2) || !std::isfinite(q.d(2))) {
                ctx.problem(rel, 0, -1, Tr::tr("A sample has no valid device, time or value; it was skipped."));
                ++acc.skipped;
                continue;
            }
            CounterRecord c;
            c.device = sessionDevice(dev);
            c.track = trackId;
            c.name = ctx.str(series(q));
            c.unit = unitId;
            c.ts = ts;
            c.value = q.d(2);
            if (table == "AICORE_FREQ" && c.value > 0 && c.value < 100000)
                learned.aicFrequencyMHz.try_emplace(c.device, int(std::lround(c.value)));
            ctx.batch().counters.push_back(c);
            ++acc.imported;
            if (!ctx.flushIfFull())
                return false;
        }
        return true;
    }

    bool readCounters(ImportContext &ctx)
    {
        if (db_.has("AICORE_FREQ", {"deviceId", "timestampNs", "freq"})
            && !counterTable(ctx, "AICORE_FREQ", "SELECT deviceId, timestampNs, freq FROM AICORE_FREQ", "AI Core Freq",
                             [](const Query &) { return std::string("AI Core Freq"); }, "MHz"))
            return false;
        if (db_.has("HBM", {"deviceId", "timestampNs", "bandwidth", "hbmId", "type"})
            && !counterTable(ctx, "HBM", "SELECT deviceId, timestampNs, bandwidth, hbmId, type FROM HBM", "HBM",
                             [this](const Query &q) {
                                 return "HBM " + std::to_string(q.i(3)) + "/" + textOf(q, 4);
                             }, "MB/s"))
            return false;
        if (db_.has("LLC", {"deviceId", "timestampNs", "hitRate", "throughput", "llcId", "mode"})) {
            if (!counterTable(ctx, "LLC", "SELECT deviceId, timestampNs, hitRate, llcId, mode FROM LLC", "LLC",
                              [this](const Query &q) { return "LLC " + std::to_string(q.i(3)) + " " + textOf(q, 4) + "/Hit Rate"; },
                              "%"))
                return false;
            // The same rows' throughput: a second series, not a second row.
            Query q(db_.get(), "SELECT deviceId, timestampNs, throughput, llcId, mode FROM LLC");
            const StrId track = ctx.str("LLC"), unit = ctx.str("MB/s");
            while (q.ok() && q.row()) {
                std::int64_t dev = 0, ts = 0;
                if (!q.integer(0, &dev) || !q.integer(1, &ts) || !saneTime(ts) || q.null(2))
                    continue; // counted with the hit rate above
                ctx.batch().counters.push_back({sessionDevice(dev), track,
                                                ctx.str("LLC " + std::to_string(q.i(3)) + " " + textOf(q, 4) + "/Throughput"),
                                                unit, ts, q.d(2)});
                if (!ctx.flushIfFull())
                    return false;
            }
        }
        if (db_.has("NPU_MEM", {"type", "ddr", "hbm", "timestampNs", "deviceId"})) {
            if (!counterTable(ctx, "NPU_MEM", "SELECT deviceId, timestampNs, hbm, type FROM NPU_MEM", "NPU MEM",
                              [this](const Query &q) { return textOf(q, 3) + "/HBM"; }, "B"))
                return false;
            Query q(db_.get(), "SELECT deviceId, timestampNs, ddr, type FROM NPU_MEM");
            const StrId track = ctx.str("NPU MEM"), unit = ctx.str("B");
            while (q.ok() && q.row()) {
                std::int64_t dev = 0, ts = 0;
                if (!q.integer(0, &dev) || !q.integer(1, &ts) || !saneTime(ts) || q.null(2))
                    continue;
                ctx.batch().counters.push_back({sessionDevice(dev), track, ctx.str(textOf(q, 3) + "/DDR"), unit, ts, q.d(2)});
            }
        }
        if (db_.has("DDR", {"deviceId", "timestampNs", "read", "write"})
            && !counterTable(ctx, "DDR", "SELECT deviceId, timestampNs, read FROM DDR", "DDR",
                             [](const Query &) { return std::string("DDR/Read"); }, "MB/s"))
            return false;
        if (db_.has("ACC_PMU", {"accId", "readBwLevel", "writeBwLevel", "timestampNs", "deviceId"})
            && !counterTable(ctx, "ACC_PMU", "SELECT deviceId, timestampNs, readBwLevel, accId FROM ACC_PMU", "Acc PMU",
                             [](const Query &q) { return "Acc " + std::to_string(q.i(3)) + "/read_bandwidth"; }, "level"))
            return false;
        if (db_.has("SOC_BANDWIDTH_LEVEL", {"l2BufferBwLevel", "mataBwLevel", "timestampNs", "deviceId"})
            && !counterTable(ctx, "SOC_BANDWIDTH_LEVEL",
                             "SELECT deviceId, timestampNs, l2BufferBwLevel FROM SOC_BANDWIDTH_LEVEL", "Stars Soc Info",
                             [](const Query &) { return std::string("L2 Buffer Bw Level"); }, "level"))
            return false;
        return ctx.flush();
    }

    bool readMemory(ImportContext &ctx)
    {
        constexpr double kMB = 1024.0 * 1024.0;
        std::set<std::int64_t> recordTimes; // the allocator records' times: NPU_OP_MEM rows folded into them
        if (db_.has("MEMORY_RECORD", {"component", "timestamp", "totalAllocated", "totalReserved", "totalActive", "deviceId"})) {
            Query q(db_.get(), std::string("SELECT component, timestamp, totalAllocated, totalReserved, totalActive, deviceId, ")
                                   + (db_.has("MEMORY_RECORD", {"streamPtr"}) ? "streamPtr" : "NULL") + " FROM MEMORY_RECORD");
            const QString rel = tableRel(rel_, "MEMORY_RECORD");
            while (q.ok() && q.row()) {
                FileAccount &acc = ctx.account(rel);
                ++acc.items;
                MemoryRecord m;
                std::int64_t dev = 0, ptr = 0;
                if (!q.integer(1, &m.ts) || !saneTime(m.ts) || !q.integer(5, &dev)) {
                    ctx.problem(rel, 0, -1, Tr::tr("A memory record has no valid time or device; it was skipped."));
                    ++acc.skipped;
                    continue;
                }
                m.device = sessionDevice(dev);
                m.component = ctx.str(textOf(q, 0));
                recordTimes.insert(m.ts);
                m.allocatedMB = q.null(2) ? -1 : q.d(2) / kMB;
                m.reservedMB = q.null(3) ? -1 : q.d(3) / kMB;
                m.activeMB = q.null(4) ? -1 : q.d(4) / kMB;
                if (q.integer(6, &ptr) && ptr >= 0)
                    m.streamPtr = std::uint64_t(ptr);
                ctx.batch().memory.push_back(m);
                ++acc.imported;
                if (!ctx.flushIfFull())
                    return false;
            }
        }
        if (db_.has("NPU_MODULE_MEM", {"moduleId", "timestampNs", "totalReserved", "deviceId"})) {
            Query q(db_.get(), "SELECT moduleId, timestampNs, totalReserved, deviceId FROM NPU_MODULE_MEM");
            const QString rel = tableRel(rel_, "NPU_MODULE_MEM");
            while (q.ok() && q.row()) {
                FileAccount &acc = ctx.account(rel);
                ++acc.items;
                MemoryRecord m;
                m.module = true;
                std::int64_t dev = 0, module = 0;
                if (!q.integer(1, &m.ts) || !saneTime(m.ts) || !q.integer(3, &dev) || !q.integer(0, &module)) {
                    ctx.problem(rel, 0, -1, Tr::tr("A memory record has no valid time or device; it was skipped."));
                    ++acc.skipped;
                    continue;
                }
                m.device = sessionDevice(dev);
                m.component = ctx.str(enumName("ENUM_MODULE", module));
                m.reservedMB = q.null(2) ? -1 : q.d(2) / kMB;
                ctx.batch().memory.push_back(m);
                ++acc.imported;
                if (!ctx.flushIfFull())
                    return false;
            }
        }
        // Allocation events (allocate / free) with the allocator's totals after each: memory
        // over time, the same as memory_record's allocator records.
        if (db_.has("NPU_OP_MEM", {"timestampNs", "totalAllocate", "totalReserve", "deviceId"})) {
            auto col = [&](const char *c) { return db_.has("NPU_OP_MEM", {c}) ? std::string(c) : std::string("NULL"); };
            Query q(db_.get(), "SELECT timestampNs, totalAllocate, totalReserve, deviceId, " + col("component") + " FROM NPU_OP_MEM");
            const QString rel = tableRel(rel_, "NPU_OP_MEM");
            while (q.ok() && q.row()) {
                FileAccount &acc = ctx.account(rel);
                ++acc.items;
                MemoryRecord m;
                std::int64_t dev = 0;
                if (!q.integer(0, &m.ts) || !saneTime(m.ts) || !q.integer(3, &dev)) {
                    ctx.problem(rel, 0, -1, Tr::tr("A memory record has no valid time or device; it was skipped."));
                    ++acc.skipped;
                    continue;
                }
                if (recordTimes.count(m.ts)) {
                    ++acc.duplicates; // the framework's MEMORY_RECORD repeats it (component GE)
                    continue;
                }
                m.device = sessionDevice(dev);
                m.component = ctx.str(textOf(q, 4));
                m.allocatedMB = q.null(1) ? -1 : q.d(1) / kMB;
                m.reservedMB = q.null(2) ? -1 : q.d(2) / kMB;
                ctx.batch().memory.push_back(m);
                ++acc.imported;
                if (!ctx.flushIfFull())
                    return false;
            }
        }
        if (db_.has("OP_MEMORY", {"name", "size", "allocationTime", "releaseTime", "deviceId"})) {
            auto col = [&](const char *c) { return db_.has("OP_MEMORY", {c}) ? std::string(c) : std::string("NULL"); };
            Query q(db_.get(), "SELECT name, size, allocationTime, releaseTime, " + col("activeReleaseTime") + ", "
                                   + col("allocationTotalAllocated") + ", " + col("allocationTotalReserved") + ", "
                                   + col("allocationTotalActive") + ", " + col("releaseTotalAllocated") + ", "
                                   + col("releaseTotalReserved") + ", " + col("releaseTotalActive") + ", "
                                   + col("streamPtr") + ", deviceId FROM OP_MEMORY");
            const QString rel = tableRel(rel_, "OP_MEMORY");
            while (q.ok() && q.row()) {
                FileAccount &acc = ctx.account(rel);
                ++acc.items;
                OpMemoryRecord m;
                std::int64_t dev = 0, size = 0, ptr = 0;
                if (!q.integer(2, &m.allocated) || !saneTime(m.allocated) || !q.integer(12, &dev) || !q.integer(1, &size)) {
                    ctx.problem(rel, 0, -1, Tr::tr("An operator allocation has no valid size, time or device; it was "
                                                   "skipped."));
                    ++acc.skipped;
                    continue;
                }
                m.device = sessionDevice(dev);
                m.name = ctx.str(textOf(q, 0));
                m.sizeKB = double(size) / 1024.0;
                if (!q.integer(3, &m.released) || !saneTime(m.released))
                    m.released = -1;
                if (!q.integer(4, &m.activeReleased) || !saneTime(m.activeReleased))
                    m.activeReleased = -1;
                double *mb[6] = {&m.allocTotalAllocatedMB, &m.allocTotalReservedMB, &m.allocTotalActiveMB,
                                 &m.releaseTotalAllocatedMB, &m.releaseTotalReservedMB, &m.releaseTotalActiveMB};
                for (int i = 0; i < 6; ++i)
                    *mb[i] = q.null(5 + i) ? -1 : q.d(5 + i) / kMB;
                if (q.integer(11, &ptr) && ptr >= 0)
                    m.streamPtr = std::uint64_t(ptr);
                ctx.batch().opMemory.push_back(m);
                ++acc.imported;
                if (!ctx.flushIfFull())
                    return false;
            }
        }
        return ctx.flush();
    }

    // analysis.db: the framework's own step breakdown and communication analysis.
    bool readAnalysis(ImportContext &ctx)
    {
        const QString arel = ctx.rel(analysisPath_);
        const std::uint16_t device = sessionDevice(map.hostDevice);
        auto rel = [&](const std::string &t) { return tableRel(arel, t); };
        auto us = [](double v) { return std::isfinite(v) && std::fabs(v) < 9e12 ? TimeNs(std::llround(v * 1000.0)) : TimeNs(0); };
        if (analysis_.has("StepTraceTime", {"step", "computing", "communication_not_overlapped", "overlapped", "free"})) {
            auto col = [&](const char *c) { return analysis_.has("StepTraceTime", {c}) ? std::string(c) : std::string("NULL"); };
            Query q(analysis_.get(), "SELECT step, computing, communication_not_overlapped, overlapped, " + col("communication")
                                         + ", free, " + col("stage") + ", " + col("bubble") + ", "
                                         + col("communication_not_overlapped_and_exclude_receive") + ", " + col("preparing")
                                         + " FROM StepTraceTime");
            while (q.ok() && q.row()) {
                FileAccount &acc = ctx.account(rel("StepTraceTime"));
                ++acc.items;
                StepTimeRecord r;
                r.device = device;
                r.step = ctx.str(q.text(0));
                TimeNs *dst[9] = {&r.computing, &r.commNotOverlapped, &r.overlapped, &r.communication, &r.free,
                                  &r.stage, &r.bubble, &r.commNotOverlappedExcludeReceive, &r.preparing};
                for (int i = 0; i < 9; ++i)
                    *dst[i] = q.null(1 + i) ? 0 : us(q.d(1 + i));
                ctx.batch().stepTimes.push_back(r);
                ++acc.imported;
            }
        }
        if (analysis_.has("CommAnalyzerTime", {"hccl_op_name", "start_timestamp", "elapse_time", "step", "type"})) {
            Query q(analysis_.get(), "SELECT hccl_op_name, group_name, start_timestamp, elapse_time, transit_time, wait_time, "
                                     "synchronization_time, idle_time, step, type FROM CommAnalyzerTime");
            while (q.ok() && q.row()) {
                FileAccount &acc = ctx.account(rel("CommAnalyzerTime"));
                ++acc.items;
                const double startUs = q.d(2);
                if (q.null(2) || !std::isfinite(startUs) || startUs < 0 || startUs * 1000.0 > double(kMaxImportTime)) {
                    ctx.problem(rel("CommAnalyzerTime"), 0, -1, Tr::tr("A communication op has no valid start; it was "
                                                                       "skipped."));
                    ++acc.skipped;
                    continue;
                }
                CommOpStatRecord r;
                r.device = device;
                r.op = ctx.str(q.text(0));
                r.group = ctx.str(q.text(1));
                r.start = TimeNs(std::llround(startUs * 1000.0));
                r.elapseMs = q.d(3);
                r.transitMs = q.d(4);
                r.waitMs = q.d(5);
                r.syncMs = q.d(6);
                r.idleMs = q.d(7);
                r.step = ctx.str(q.text(8));
                r.type = ctx.str(q.text(9));
                ctx.batch().commOps.push_back(r);
                ++acc.imported;
            }
        }
        if (analysis_.has("CommAnalyzerBandwidth", {"hccl_op_name", "transport_type", "transit_size", "transit_time",
                                                    "bandwidth", "step", "type"})) {
            // One row per (op, transport, packet size): the sizes are a distribution of one link.
            Query q(analysis_.get(), "SELECT hccl_op_name, transport_type, transit_size, transit_time, bandwidth, "
                                     "large_packet_ratio, step, type FROM CommAnalyzerBandwidth");
            std::set<std::tuple<std::string, std::string, std::string, std::string>> seen;
            while (q.ok() && q.row()) {
                FileAccount &acc = ctx.account(rel("CommAnalyzerBandwidth"));
                ++acc.items;
                auto key = std::make_tuple(std::string(q.text(0)), std::string(q.text(1)), std::string(q.text(6)),
                                           std::string(q.text(7)));
                if (!seen.insert(key).second) {
                    ++acc.duplicates; // the same link again, for another packet size
                    continue;
                }
                CommBandwidthRecord b;
                b.device = device;
                b.op = ctx.str(q.text(0));
                b.transport = ctx.str(q.text(1));
                b.sizeMB = q.d(2);
                b.timeMs = q.d(3);
                b.bandwidthGBps = q.d(4);
                b.largePacketRatio = q.d(5);
                b.step = ctx.str(q.text(6));
                b.type = ctx.str(q.text(7));
                ctx.batch().commBandwidth.push_back(b);
                ++acc.imported;
            }
        }
        if (analysis_.has("CommAnalyzerMatrix", {"hccl_op_name", "src_rank", "dst_rank", "transport_type", "transit_size",
                                                 "transit_time", "bandwidth", "step", "type", "op_name"})) {
            Query q(analysis_.get(), "SELECT hccl_op_name, src_rank, dst_rank, transport_type, transit_size, transit_time, "
                                     "bandwidth, step, type, op_name FROM CommAnalyzerMatrix");
            while (q.ok() && q.row()) {
                FileAccount &acc = ctx.account(rel("CommAnalyzerMatrix"));
                ++acc.items;
                std::int64_t src = 0, dst = 0;
                if (!q.integer(1, &src) || !q.integer(2, &dst) || src < 0 || dst < 0 || src > UINT32_MAX || dst > UINT32_MAX) {
                    ctx.problem(rel("CommAnalyzerMatrix"), 0, -1, Tr::tr("A link has no valid ranks; it was skipped."));
                    ++acc.skipped;
                    continue;
                }
                CommMatrixRecord m;
                m.device = device;
                m.op = ctx.str(q.text(0));
                m.srcRank = std::uint32_t(src);
                m.dstRank = std::uint32_t(dst);
                m.transport = ctx.str(q.text(3));
                m.sizeMB = q.d(4);
                m.timeMs = q.d(5);
                m.bandwidthGBps = q.d(6);
                m.step = ctx.str(q.text(7));
                m.type = ctx.str(q.text(8));
                m.opName = ctx.str(q.text(9));
                ctx.batch().commMatrix.push_back(m);
                ++acc.imported;
            }
        }
        for (const auto &[table, cols] : analysis_.tables()) {
            if (table == "StepTraceTime" || table == "CommAnalyzerTime" || table == "CommAnalyzerBandwidth"
                || table == "CommAnalyzerMatrix")
                continue;
            const std::int64_t n = countRows(analysis_, table);
            FileAccount &acc = ctx.account(rel(table));
            acc.items += std::uint64_t(std::max<std::int64_t>(0, n));
            acc.skipped += std::uint64_t(std::max<std::int64_t>(0, n));
            if (n > 0)
                ctx.problem(rel(table), 0, -1, Tr::tr("This version does not read the table %1; its rows were skipped.")
                                                   .arg(QString::fromStdString(table)));
        }
        return ctx.flush();
    }

    bool framework_ = false;
    QString folder_, contain_, rel_, analysisPath_, version_;
    ExportDb db_, analysis_;
    std::unordered_map<std::int64_t, std::string> text_;
    std::map<std::string, std::map<std::int64_t, std::string>> enums_;
    std::unordered_map<std::int64_t, std::vector<std::string>> cats_;
    bool catsLoaded_ = false;
    std::vector<int> pmuAt_;
    std::unordered_map<std::int64_t, int> pmuOfName_;
    std::int64_t cyclesName_ = -1;
    StepWindows steps_;
};

} // namespace

std::unique_ptr<LayoutReader> makeFrameworkDbReader(const Source &s)
{
    return std::make_unique<SqliteExportReader>(s);
}

std::unique_ptr<LayoutReader> makeMsprofDbReader(const Source &s)
{
    return std::make_unique<SqliteExportReader>(s);
}

} // namespace npuscope::importing
