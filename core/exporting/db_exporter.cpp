// The unified SQLite export of msprof (msprof --type=db, CANN 8): one
// PROF_<n>_<time>_<letters>/ per device with the device description files in device_<id>/
// and msprof_<yyyyMMddhhmmss>.db beside them, as msprof places its database.
//
// The schema is that of the real files (schema 1.0.0, the version the vendored torch_npu
// and msprof captures in tests/data/reference/ carry; msprof's own table definitions are
// analysis/csrc/application/database/msprof_db.cpp in Ascend/msprof):
//   STRING_IDS(id, value)          every text column is an id into it
//   ENUM_*(id, name)               the fixed enumerations (API level, HCCL data / link /
//                                  transport / RDMA type, msproftx event type, module)
//   META_DATA, NPU_INFO, RANK_DEVICE_MAP, HOST_INFO, SESSION_TIME_INFO
//   TASK                           one row per device task, keyed by globalTaskId
//   COMPUTE_TASK_INFO              the kernel of a task (op name, type, shapes, cores)
//   TASK_PMU_INFO                  one row per PMU metric value of a kernel
//   COMMUNICATION_TASK_INFO        the HCCL plane task a TASK row is
//   COMMUNICATION_OP               collective ops (opId joins the plane tasks)
//   CANN_API, MSTX_EVENTS          host ranges: CANN / runtime calls, msproftx ranges
//   STEP_TIME                      the iterations as steps (torch_npu's table), so the
//                                  tasks keep their iteration
// Times are ns since the epoch (a session on the device clock is moved by its collection
// start, as in the text layouts). The database is built in one transaction in the
// staging folder, then copied into place as an OutFile (synced, renamed, disk full
// reported), so a reader never meets a half database.

#include "core/exporting/today_writer.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <algorithm>
#include <cerrno>
#include <cstring>
#include <cmath>
#include <iterator>
#include <array>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <sqlite3.h>
#include <string>
#include <tuple>
#include <unordered_map>

namespace npuscope::exporting {

namespace {

// The tables as the real files declare them (column names, order and types).
const char *const kSchema = R"sql(
CREATE TABLE STRING_IDS (id INTEGER PRIMARY KEY,value TEXT);
CREATE TABLE META_DATA (name TEXT,value TEXT);
CREATE TABLE NPU_INFO (id INTEGER,name TEXT);
CREATE TABLE RANK_DEVICE_MAP (rankId INTEGER, deviceId INTEGER);
CREATE TABLE HOST_INFO (hostUid TEXT,hostName TEXT);
CREATE TABLE SESSION_TIME_INFO (startTimeNs INTEGER,endTimeNs INTEGER);
CREATE TABLE ENUM_API_TYPE (id INTEGER PRIMARY KEY,name TEXT);
CREATE TABLE ENUM_MODULE (id INTEGER PRIMARY KEY,name TEXT);
CREATE TABLE ENUM_HCCL_DATA_TYPE (id INTEGER PRIMARY KEY,name TEXT);
CREATE TABLE ENUM_HCCL_LINK_TYPE (id INTEGER PRIMARY KEY,name TEXT);
CREATE TABLE ENUM_HCCL_TRANSPORT_TYPE (id INTEGER PRIMARY KEY,name TEXT);
CREATE TABLE ENUM_HCCL_RDMA_TYPE (id INTEGER PRIMARY KEY,name TEXT);
CREATE TABLE ENUM_MSTX_EVENT_TYPE (id INTEGER PRIMARY KEY,name TEXT);
CREATE TABLE TASK (startNs INTEGER,endNs INTEGER,deviceId INTEGER,connectionId INTEGER,globalTaskId INTEGER,globalPid INTEGER,taskType INTEGER,contextId INTEGER,streamId INTEGER,taskId INTEGER,modelId INTEGER);
CREATE TABLE COMPUTE_TASK_INFO (name INTEGER,globalTaskId INTEGER PRIMARY KEY,blockDim INTEGER,mixBlockDim INTEGER,taskType INTEGER,opType INTEGER,inputFormats INTEGER,inputDataTypes INTEGER,inputShapes INTEGER,outputFormats INTEGER,outputDataTypes INTEGER,outputShapes INTEGER,attrInfo INTEGER);
CREATE TABLE TASK_PMU_INFO (globalTaskId INTEGER,name INTEGER,value NUMERIC);
CREATE TABLE COMMUNICATION_TASK_INFO (name INTEGER,globalTaskId INTEGER,taskType INTEGER,planeId INTEGER,groupName INTEGER,notifyId INTEGER,rdmaType INTEGER,srcRank INTEGER,dstRank INTEGER,transportType INTEGER,size INTEGER,dataType INTEGER,linkType INTEGER,opId INTEGER);
CREATE TABLE COMMUNICATION_OP (opName INTEGER,startNs INTEGER,endNs INTEGER,connectionId INTEGER,groupName INTEGER,opId INTEGER PRIMARY KEY,relay INTEGER,retry INTEGER,dataType INTEGER,algType INTEGER,count NUMERIC,opType INTEGER);
CREATE TABLE CANN_API (startNs INTEGER,endNs INTEGER,type INTEGER,globalTid INTEGER,connectionId INTEGER PRIMARY KEY,name INTEGER);
CREATE TABLE MSTX_EVENTS (startNs INTEGER,endNs INTEGER,eventType INTEGER,rangeId INTEGER,category INTEGER,message INTEGER,globalTid INTEGER,endGlobalTid INTEGER,domainId INTEGER,connectionId INTEGER);
CREATE TABLE STEP_TIME (id INTEGER, startNs INTEGER, endNs INTEGER);
)sql";

// The tables beside the tasks, created only when the session has rows for them (msprof
// writes a table only for what it collected): device counters (msprof and torch_npu),
// the framework's memory and host tables (torch_npu's ascend_pytorch_profiler_<rank>.db),
// and the flows' categories (connectionCats, as the real torch_npu files carry it).
struct LazyTable {
    const char *name;
    const char *create;
};
const LazyTable kLazyTables[] = {
    {"AICORE_FREQ", "CREATE TABLE AICORE_FREQ (deviceId INTEGER,timestampNs NUMERIC,freq INTEGER)"},
    {"HBM", "CREATE TABLE HBM (deviceId INTEGER,timestampNs INTEGER,bandwidth NUMERIC,hbmId INTEGER,type INTEGER)"},
    {"LLC", "CREATE TABLE LLC (deviceId INTEGER,llcId INTEGER,timestampNs INTEGER,hitRate REAL,throughput INTEGER,mode INTEGER)"},
    {"DDR", "CREATE TABLE DDR (deviceId INTEGER,timestampNs INTEGER,read NUMERIC,write NUMERIC)"},
    {"NPU_MEM", "CREATE TABLE NPU_MEM (type INTEGER,ddr NUMERIC,hbm NUMERIC,timestampNs INTEGER,deviceId INTEGER)"},
    {"ACC_PMU", "CREATE TABLE ACC_PMU (accId INTEGER,readBwLevel INTEGER,writeBwLevel INTEGER,readOstLevel INTEGER,"
                "writeOstLevel INTEGER,timestampNs NUMERIC,deviceId INTEGER)"},
    {"SOC_BANDWIDTH_LEVEL", "CREATE TABLE SOC_BANDWIDTH_LEVEL (l2BufferBwLevel INTEGER,mataBwLevel INTEGER,timestampNs NUMERIC,"
                            "deviceId INTEGER)"},
    {"MEMORY_RECORD", "CREATE TABLE MEMORY_RECORD (component INTEGER, timestamp INTEGER, totalAllocated INTEGER, "
                      "totalReserved INTEGER, totalActive INTEGER, streamPtr INTEGER, deviceId INTEGER)"},
    {"NPU_MODULE_MEM", "CREATE TABLE NPU_MODULE_MEM (moduleId INTEGER,timestampNs INTEGER,totalReserved NUMERIC,deviceId INTEGER)"},
    {"OP_MEMORY", "CREATE TABLE OP_MEMORY (name INTEGER, size INTEGER, allocationTime INTEGER, releaseTime INTEGER, "
                  "activeReleaseTime INTEGER, duration INTEGER, activeDuration INTEGER, allocationTotalAllocated INTEGER, "
                  "allocationTotalReserved INTEGER, allocationTotalActive INTEGER, releaseTotalAllocated INTEGER, "
                  "releaseTotalReserved INTEGER, releaseTotalActive INTEGER, streamPtr INTEGER, deviceId INTEGER)"},
    {"PYTORCH_API", "CREATE TABLE PYTORCH_API (startNs TEXT, endNs TEXT, globalTid INTEGER, connectionId INTEGER, "
                    "name INTEGER, sequenceNumber INTEGER, fwdThreadId INTEGER, inputDtypes INTEGER, inputShapes INTEGER, "
                    "callchainId INTEGER, type INTEGER)"},
    {"PYTORCH_CALLCHAINS", "CREATE TABLE PYTORCH_CALLCHAINS (id INTEGER, stack INTEGER, stackDepth INTEGER)"},
    {"CONNECTION_IDS", "CREATE TABLE CONNECTION_IDS (id INTEGER, connectionId INTEGER)"},
    {"connectionCats", "CREATE TABLE connectionCats(connectionId INT,cat)"},
};

// Built after the rows, as the real files have them.
const char *const kIndexes = R"sql(
CREATE INDEX TaskIndex ON TASK (startNs,globalTaskId);
CREATE INDEX CommunicationTaskIndex ON COMMUNICATION_TASK_INFO (globalTaskId);
)sql";

struct EnumRow {
    int id;
    const char *name;
};

// The enumerations, id for id as the real files list them.
const EnumRow kApiTypes[] = {{5000, "runtime"}, {5500, "hccl"}, {10000, "node"}, {15000, "model"}, {20000, "acl"},
                             {50001, "op"}, {50002, "queue"}, {50003, "trace"}, {50004, "mstx"}};
const EnumRow kDataTypes[] = {{0, "INT8"}, {1, "INT16"}, {2, "INT32"}, {3, "FP16"}, {4, "FP32"}, {5, "INT64"},
                              {6, "UINT64"}, {7, "UINT8"}, {8, "UINT16"}, {9, "UINT32"}, {10, "FP64"}, {11, "BFP16"},
                              {12, "INT128"}, {65534, "N/A"}, {65535, "INVALID_TYPE"}};
const EnumRow kLinkTypes[] = {{0, "ON_CHIP"}, {1, "HCCS"}, {2, "PCIE"}, {3, "ROCE"}, {4, "SIO"}, {5, "HCCS_SW"},
                              {6, "STANDARD_ROCE"}, {7, "RESERVED"}, {65534, "N/A"}, {65535, "INVALID_TYPE"}};
const EnumRow kTransportTypes[] = {{0, "SDMA"}, {1, "RDMA"}, {2, "LOCAL"}, {65534, "N/A"}, {65535, "INVALID_TYPE"}};
const EnumRow kRdmaTypes[] = {{0, "RDMA_SEND_NOTIFY"}, {1, "RDMA_SEND_PAYLOAD"}, {2, "RDMA_PAYLOAD_PREPARE"},
                              {3, "RDMA_PAYLOAD_CHECK"}, {4, "RDMA_PAYLOAD_ACK"}, {5, "RDMA_SEND_OP"},
                              {65534, "N/A"}, {65535, "INVALID_TYPE"}};
const EnumRow kMstxEventTypes[] = {{0, "marker"}, {1, "push/pop"}, {2, "start/end"}, {3, "marker_ex"}};
const EnumRow kModules[] = {
    {0, "SLOG"}, {1, "IDEDD"}, {2, "IDEDH"}, {3, "HCCL"}, {4, "FMK"}, {5, "HIAIENGINE"}, {6, "DVPP"}, {7, "RUNTIME"},
    {8, "CCE"}, {9, "HDC"}, {10, "DRV"}, {11, "MDCFUSION"}, {12, "MDCLOCATION"}, {13, "MDCPERCEPTION"}, {14, "MDCFSM"},
    {15, "MDCCOMMON"}, {16, "MDCMONITOR"}, {17, "MDCBSWP"}, {18, "MDCDEFAULT"}, {19, "MDCSC"}, {20, "MDCPNC"},
    {21, "MLL"}, {22, "DEVMM"}, {23, "KERNEL"}, {24, "LIBMEDIA"}, {25, "CCECPU"}, {26, "ASCENDDK"}, {27, "ROS"},
    {28, "HCCP"}, {29, "ROCE"}, {30, "TEFUSION"}, {31, "PROFILING"}, {32, "DP"}, {33, "APP"}, {34, "TS"},
    {35, "TSDUMP"}, {36, "AICPU"}, {37, "LP"}, {38, "TDT"}, {39, "FE"}, {40, "MD"}, {41, "MB"}, {42, "ME"},
    {43, "IMU"}, {44, "IMP"}, {45, "GE"}, {46, "MDCFUSA"}, {47, "CAMERA"}, {48, "ASCENDCL"}, {49, "TEEOS"},
    {50, "ISP"}, {51, "SIS"}, {52, "HSM"}, {53, "DSS"}, {54, "PROCMGR"}, {55, "BBOX"}, {56, "AIVECTOR"},
    {57, "TBE"}, {58, "FV"}, {59, "MDCMAP"}, {60, "TUNE"}, {61, "HSS"}, {62, "FFTS"}, {63, "OP"}, {64, "UDF"},
    {65, "HICAID"}, {66, "TSYNC"}, {67, "AUDIO"}, {68, "TPRT"}, {69, "ASCENDCKERNEL"}, {70, "ASYS"}, {71, "ATRACE"},
    {72, "RTC"}, {73, "SYSMONITOR"}, {74, "AMP"}, {75, "ADETECT"}, {76, "MBUFF"}, {77, "CUSTOM"}};

constexpr std::int64_t kInvalidEnum = 65535;
constexpr std::int64_t kNoValue = 4294967295; // the files' "not given" for 32-bit ids

template <std::size_t N> std::int64_t enumId(const EnumRow (&rows)[N], std::string_view name, std::int64_t fallback)
{
    for (const EnumRow &r : rows)
        if (name == r.name)
            return r.id;
    return fallback;
}

// A prepared statement; binds by position (1-based). The first failure sticks: later
// binds are ignored and run() returns false (the connection's message says why).
class Stmt {
public:
    Stmt(sqlite3 *db, const char *sql) { rc_ = sqlite3_prepare_v2(db, sql, -1, &s_, nullptr); }
    ~Stmt() { sqlite3_finalize(s_); }
    Stmt(const Stmt &) = delete;
    Stmt &operator=(const Stmt &) = delete;
    Stmt &i(int c, std::int64_t v) { if (rc_ == SQLITE_OK) sqlite3_bind_int64(s_, c, v); return *this; }
    Stmt &d(int c, double v) { if (rc_ == SQLITE_OK) sqlite3_bind_double(s_, c, v); return *this; }
    Stmt &null(int c) { if (rc_ == SQLITE_OK) sqlite3_bind_null(s_, c); return *this; }
    Stmt &text(int c, std::string_view v)
    {
        if (rc_ == SQLITE_OK)
            sqlite3_bind_text(s_, c, v.data(), int(v.size()), SQLITE_TRANSIENT);
        return *this;
    }
    // A string id, NULL for id 0 (no text).
    Stmt &sid(int c, std::int64_t id) { return id > 0 ? i(c, id) : null(c); }
    bool run()
    {
        if (rc_ != SQLITE_OK)
            return false;
        const int r = sqlite3_step(s_);
        sqlite3_reset(s_);
        sqlite3_clear_bindings(s_);
        if (r != SQLITE_DONE) {
            rc_ = r;
            return false;
        }
        return true;
    }
private:
    sqlite3_stmt *s_ = nullptr;
    int rc_ = SQLITE_OK;
};

// One device's database.
class DbWriter {
public:
    DbWriter(const TraceReader &trace, const DeviceInfo &d, std::vector<IterationKey> its, TimeNs offset,
             const std::atomic_bool *cancel)
        : trace_(trace), info_(trace.sessionInfo()), d_(d), its_(std::move(its)), offset_(offset), cancel_(cancel)
    {
    }
    ~DbWriter()
    {
        if (db_)
            sqlite3_close(db_);
    }

    // Builds the database at `path`; false with *why (the SQLite reason) on failure,
    // *full when the disk is full, *cancelled when the export was cancelled.
    bool write(const QString &path, QString *why, bool *full, bool *cancelled);

private:
    std::int64_t sid(std::string_view s)
    {
        if (s.empty())
            return 0;
        const auto it = strings_.find(std::string(s));
        if (it != strings_.end())
            return it->second;
        const std::int64_t id = std::int64_t(order_.size()) + 1;
        order_.emplace_back(s);
        strings_.emplace(std::string(s), id);
        return id;
    }
    std::int64_t sid(StrId id) { return sid(trace_.string(id)); }
    // Creates `table` and writes a row per element of `rows` (bind(stmt, element) binds its
    // `columns` values) when there is any.
    template <class Rows, class Bind> bool fill(const char *table, int columns, const Rows &rows, const Bind &bind)
    {
        if (rows.empty())
            return true;
        if (!lazyTable(table))
            return false;
        std::string sql = std::string("INSERT INTO ") + table + " VALUES (";
        for (int c = 1; c <= columns; ++c)
            sql += (c > 1 ? ", ?" : "?") + std::to_string(c);
        Stmt s(db_, (sql + ')').c_str());
        for (const auto &r : rows) {
            bind(s, r);
            if (!s.run())
                return false;
        }
        return true;
    }
    TimeNs ns(TimeNs t) const { return addTime(t, offset_); }
    bool exec(const char *sql) { return sqlite3_exec(db_, sql, nullptr, nullptr, nullptr) == SQLITE_OK; }
    bool fixedTables();
    bool lazyTable(std::string_view name);
    void linkLaunches();
    void linkFlows();
    bool counterTables();
    bool memoryTables();
    bool frameworkTables();
    bool iteration(const IterationKey &k, Stmt &task, Stmt &kernel, Stmt &pmu, Stmt &comm, Stmt &op, Stmt &api,
                   Stmt &mstx, Stmt &step);
    std::string chipName() const;

    const TraceReader &trace_;
    const SessionInfo &info_;
    const DeviceInfo d_;
    const std::vector<IterationKey> its_;
    const TimeNs offset_;
    const std::atomic_bool *cancel_;
    sqlite3 *db_ = nullptr;
    std::unordered_map<std::string, std::int64_t> strings_;
    std::vector<std::string> order_;
    QStringList pmuColumns_;
    std::vector<std::int64_t> pmuNames_;
    std::int64_t globalTaskId_ = 0, opId_ = 0, connectionId_ = 0, rangeId_ = 0;
    std::map<std::tuple<std::uint32_t, std::uint32_t, TimeNs>, std::string> attrInfo_;
    // HostToDevice flows: the CANN call (thread, start) and the device tasks (stream,
    // start) they join share a connectionId, as a launch and its tasks do in real files.
    std::map<std::pair<std::uint32_t, TimeNs>, std::int64_t> apiLink_, taskLink_;
    std::set<std::int64_t> usedConnections_;
    // The framework's host ranges (by start), the connections that start or end at each, and
    // every connection's flow categories (connectionCats).
    std::vector<PythonRangeRecord> python_;
    std::map<std::size_t, std::vector<std::int64_t>> pythonLinks_;
    std::map<std::int64_t, std::set<std::string>> cats_;
    std::set<std::string, std::less<>> created_;
    bool steps_ = true;
};

std::string DbWriter::chipName() const
{
    if (!d_.chip.isEmpty())
        return d_.chip.toStdString();
    if (info_.source == QLatin1String("emulator") && !info_.spec.chip.isEmpty())
        return "Ascend" + info_.spec.chip.toStdString();
    return {};
}

bool DbWriter::fixedTables()
{
    Stmt meta(db_, "INSERT INTO META_DATA (name, value) VALUES (?1, ?2)");
    for (const auto &[n, v] : {std::pair<const char *, const char *>{"SCHEMA_VERSION_MICRO", "0"},
                               {"SCHEMA_VERSION_MINOR", "0"}, {"SCHEMA_VERSION_MAJOR", "1"}, {"SCHEMA_VERSION", "1.0.0"}})
        if (!meta.text(1, n).text(2, v).run())
            return false;
    const auto fill = [&](const char *table, const EnumRow *rows, std::size_t n) {
        Stmt s(db_, (std::string("INSERT INTO ") + table + " (id, name) VALUES (?1, ?2)").c_str());
        for (std::size_t i = 0; i < n; ++i)
            if (!s.i(1, rows[i].id).text(2, rows[i].name).run())
                return false;
        return true;
    };
    if (!fill("ENUM_API_TYPE", kApiTypes, std::size(kApiTypes)) || !fill("ENUM_MODULE", kModules, std::size(kModules))
        || !fill("ENUM_HCCL_DATA_TYPE", kDataTypes, std::size(kDataTypes))
        || !fill("ENUM_HCCL_LINK_TYPE", kLinkTypes, std::size(kLinkTypes))
        || !fill("ENUM_HCCL_TRANSPORT_TYPE", kTransportTypes, std::size(kTransportTypes))
        || !fill("ENUM_HCCL_RDMA_TYPE", kRdmaTypes, std::size(kRdmaTypes))
        || !fill("ENUM_MSTX_EVENT_TYPE", kMstxEventTypes, std::size(kMstxEventTypes)))
        return false;
    Stmt npu(db_, "INSERT INTO NPU_INFO (id, name) VALUES (?1, ?2)");
    const std::string chip = chipName();
    npu.i(1, d_.id);
    if (chip.empty())
        npu.null(2);
    else
        npu.text(2, chip);
    if (!npu.run())
        return false;
    Stmt rank(db_, "INSERT INTO RANK_DEVICE_MAP (rankId, deviceId) VALUES (?1, ?2)");
    if (!rank.i(1, d_.rankId).i(2, d_.id).run())
        return false;
    if (!d_.hostname.isEmpty()) {
        // msprof's host id is a number fixed per host; this one is derived from the name.
        std::uint64_t h = 1469598103934665603ull;
        for (const char c : d_.hostname.toStdString())
            h = (h ^ std::uint8_t(c)) * 1099511628211ull;
        Stmt host(db_, "INSERT INTO HOST_INFO (hostUid, hostName) VALUES (?1, ?2)");
        if (!host.text(1, std::to_string(h >> 1)).text(2, d_.hostname.toStdString()).run())
            return false;
    }
    const std::int64_t begin = d_.wallBeginUs > 0 ? d_.wallBeginUs : sessionWallBeginUs(info_);
    Stmt session(db_, "INSERT INTO SESSION_TIME_INFO (startTimeNs, endTimeNs) VALUES (?1, ?2)");
    session.i(1, begin * 1000);
    if (d_.wallEndUs > 0)
        session.i(2, d_.wallEndUs * 1000);
    else
        session.null(2);
    return session.run();
}

// A HostToDevice flow leaves its CANN call somewhere inside it (torch_npu's files have the
// arrow start within the launch): the call is the innermost CANN range of the thread that
// holds the flow's start. Each such call gets one connectionId, its tasks the same.
void DbWriter::linkLaunches()
{
    struct Flow {
        TimeNs start;
        std::uint32_t stream;
        TimeNs task;
        StrId category;
    };
    std::map<std::uint32_t, std::vector<Flow>> flows;
    trace_.forEachFlow([&flows, this](const FlowRecord &f) {
        if (f.hasStart && f.hasFinish && f.start.lane == FlowLane::Cann && f.finish.lane == FlowLane::Hardware
            && f.start.device == d_.id && f.finish.device == d_.id)
            flows[f.start.tid].push_back({f.start.ts, f.finish.tid, f.finish.ts, f.category});
        return true;
    });
    if (flows.empty())
        return;
    std::map<std::uint32_t, std::vector<std::pair<TimeNs, TimeNs>>> ranges; // thread → (start, end), by start
    for (const IterationKey &k : its_)
        trace_.forEachHostRange(k, [&ranges](const HostRangeRecord &r) {
            if (r.kind != HostRangeRecord::Kind::MsprofTx)
                ranges[r.tid].push_back({r.start, endOf(r)});
            return true;
        });
    for (auto &entry : ranges)
        std::sort(entry.second.begin(), entry.second.end());
    for (const auto &entry : flows) {
        const auto rs = ranges.find(entry.first);
        if (rs == ranges.end())
            continue;
        const auto &list = rs->second;
        for (const Flow &f : entry.second) {
            // The latest-starting range that holds the flow's start (nested calls: the inner one).
            auto it = std::upper_bound(list.begin(), list.end(), std::make_pair(f.start, kMaxTimeNs));
            for (int steps = 0; it != list.begin() && steps < 64; ++steps) {
                --it;
                if (it->second >= f.start) {
                    auto at = apiLink_.emplace(std::make_pair(entry.first, it->first), 0).first;
                    if (at->second == 0)
                        at->second = ++connectionId_;
                    taskLink_.emplace(std::make_pair(f.stream, f.task), at->second);
                    cats_[at->second].emplace(trace_.string(f.category));
                    break;
                }
            }
        }
    }
}

bool DbWriter::lazyTable(std::string_view name)
{
    if (created_.count(name))
        return true;
    for (const LazyTable &t : kLazyTables)
        if (name == t.name) {
            if (!exec(t.create))
                return false;
            created_.emplace(name);
            return true;
        }
    return false;
}

// The flows that start or end on the framework's host lane (async_npu from an op to its
// kernel, async_task_queue from enqueue to dequeue, fwdbwd from a forward op to its
// backward one) and those that end on a task without a launch: each gets a connectionId,
// shared with the task's launch when the task already has one (torch_npu gives a launch's
// HostToDevice and async_npu arrows one id). The ends on the framework lane are listed in
// CONNECTION_IDS under their range's row; the ends on a task in TASK.connectionId.
void DbWriter::linkFlows()
{
    trace_.forEachPythonRange(d_.id, [this](const PythonRangeRecord &r) {
        python_.push_back(r);
        return true;
    });
    std::stable_sort(python_.begin(), python_.end(), [](const PythonRangeRecord &a, const PythonRangeRecord &b) {
        return std::tie(a.start, a.tid) < std::tie(b.start, b.tid);
    });
    std::map<std::uint32_t, std::vector<std::pair<TimeNs, std::size_t>>> byThread; // thread → (start, index), by start
    for (std::size_t i = 0; i < python_.size(); ++i)
        byThread[python_[i].tid].push_back({python_[i].start, i});
    // The innermost range of the thread that holds ts (the latest-starting one).
    const auto rangeAt = [&byThread, this](std::uint32_t tid, TimeNs ts) -> std::ptrdiff_t {
        const auto rs = byThread.find(tid);
        if (rs == byThread.end())
            return -1;
        const auto &list = rs->second;
        auto it = std::upper_bound(list.begin(), list.end(), std::make_pair(ts, std::numeric_limits<std::size_t>::max()));
        for (int steps = 0; it != list.begin() && steps < 64; ++steps) {
            --it;
            if (endOf(python_[it->second]) >= ts)
                return std::ptrdiff_t(it->second);
        }
        return -1;
    };
    struct End {
        bool on;
        FlowLane lane;
        std::uint32_t tid;
        TimeNs ts;
    };
    struct Flow {
        std::string category;
        std::uint64_t id;
        End start, finish;
    };
    std::vector<Flow> flows;
    trace_.forEachFlow([&flows, this](const FlowRecord &f) {
        const bool s = f.hasStart && f.start.device == d_.id, e = f.hasFinish && f.finish.device == d_.id;
        // Launch → task arrows are linkLaunches' own.
        if ((s && f.start.lane == FlowLane::Cann && e && f.finish.lane == FlowLane::Hardware) || (!s && !e))
            return true;
        if ((s && f.start.lane == FlowLane::Python) || (e && (f.finish.lane == FlowLane::Python || f.finish.lane == FlowLane::Hardware)))
            flows.push_back({std::string(trace_.string(f.category)), f.flowId, {s, f.start.lane, f.start.tid, f.start.ts},
                             {e, f.finish.lane, f.finish.tid, f.finish.ts}});
        return true;
    });
    // In an order of their own (time, then category and ends), so that the same flows
    // number the same whichever store hands them out.
    const auto key = [](const Flow &f) {
        return std::make_tuple(f.start.on ? f.start.ts : f.finish.ts, f.category, f.start.on, f.start.tid, f.start.ts,
                               f.finish.on, f.finish.tid, f.finish.ts);
    };
    std::stable_sort(flows.begin(), flows.end(), [&key](const Flow &a, const Flow &b) { return key(a) < key(b); });
    std::map<std::pair<std::string, std::uint64_t>, std::int64_t> numbered;
    for (const Flow &f : flows) {
        const std::ptrdiff_t from = f.start.on && f.start.lane == FlowLane::Python ? rangeAt(f.start.tid, f.start.ts) : -1;
        const std::ptrdiff_t to = f.finish.on && f.finish.lane == FlowLane::Python ? rangeAt(f.finish.tid, f.finish.ts) : -1;
        const bool toTask = f.finish.on && f.finish.lane == FlowLane::Hardware;
        if (from < 0 && to < 0 && !toTask)
            continue;
        std::int64_t c = 0;
        if (toTask)
            if (const auto t = taskLink_.find({f.finish.tid, f.finish.ts}); t != taskLink_.end())
                c = t->second;
        if (c == 0) {
            auto at = numbered.emplace(std::make_pair(f.category, f.id), 0).first;
            if (at->second == 0)
                at->second = ++connectionId_;
            c = at->second;
        }
        for (const std::ptrdiff_t r : {from, to}) {
            if (r < 0)
                continue;
            auto &links = pythonLinks_[std::size_t(r)];
            if (std::find(links.begin(), links.end(), c) == links.end())
                links.push_back(c);
        }
        if (toTask)
            taskLink_.emplace(std::make_pair(f.finish.tid, f.finish.ts), c);
        cats_[c].insert(f.category);
    }
}

// A value of a db column: the number, or NULL when the session has none.
using Cell = std::optional<double>;

// The db's units from the session's: bandwidths in B/s (the text export's MB/s are 2^20
// B/s), memory in bytes (KB: 2^10), LLC hit rates in percent (the text export's "Hit Rate(%)"
// holds the ratio, 0..1).
double toDbUnit(std::string_view unit, double v)
{
    if (unit.find("MB/s") != std::string_view::npos)
        return v * 1048576.0;
    if (unit == "KB")
        return v * 1024.0;
    if (unit == "Hit Rate(%)")
        return v * 100.0;
    return v;
}

std::string lower(std::string_view s)
{
    std::string out(s);
    for (char &c : out)
        if (c >= 'A' && c <= 'Z')
            c = char(c - 'A' + 'a');
    return out;
}

// "<prefix><n>[ <rest>]/<series>" → n, rest, series; false when the name is not of that shape.
bool splitSeries(std::string_view name, std::string_view prefix, std::int64_t *n, std::string *rest, std::string *series)
{
    if (name.substr(0, prefix.size()) != prefix)
        return false;
    const std::size_t slash = name.find('/');
    if (slash == std::string_view::npos)
        return false;
    std::string_view head = name.substr(prefix.size(), slash - prefix.size());
    const std::size_t space = head.find(' ');
    const std::string_view digits = head.substr(0, space);
    if (digits.empty() || digits.size() > 9 || !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return false;
    *n = std::stoll(std::string(digits));
    *rest = space == std::string_view::npos ? std::string() : std::string(head.substr(space + 1));
    *series = std::string(name.substr(slash + 1));
    return true;
}

std::int64_t toBytes(double mb, bool *ok)
{
    const double b = mb * 1048576.0;
    *ok = mb >= 0 && std::isfinite(b) && b < 9e18;
    return *ok ? std::int64_t(std::llround(b)) : 0;
}

// The counter tracks msprof's tables hold, in the tables' units: AI Core frequency, HBM and
// DDR bandwidth, LLC hit rate and throughput, NPU memory, the accelerators' PMU levels and
// the SoC bandwidth levels. Tracks with no table (QoS, PCIe, HCCS ...) are not written.
bool DbWriter::counterTables()
{
    std::map<TimeNs, double> freq;
    std::map<std::tuple<TimeNs, std::int64_t, std::string>, double> hbm;
    std::map<std::tuple<TimeNs, std::int64_t, std::string>, std::array<Cell, 2>> llc; // hit rate, throughput
    std::map<std::pair<TimeNs, std::string>, std::array<Cell, 2>> npuMem;            // ddr, hbm
    std::map<TimeNs, std::array<Cell, 2>> ddr, soc;                                  // read, write; l2, mata
    std::map<std::pair<TimeNs, std::int64_t>, std::array<Cell, 4>> acc;
    // The text export's Acc PMU events: a value and the accelerator id, as two samples.
    std::map<std::pair<std::string, TimeNs>, std::pair<std::vector<double>, std::vector<double>>> accText;
    static const char *const kAccMetrics[] = {"read_bandwidth", "write_bandwidth", "read_ost", "write_ost"};
    const auto accColumn = [](std::string_view metric) -> int {
        if (metric == "write_band_width") // the text export's spelling
            return 1;
        for (int i = 0; i < 4; ++i)
            if (metric == kAccMetrics[i])
                return i;
        return -1;
    };
    const bool ok = trace_.forEachCounter(d_.id, [&](const CounterRecord &c) {
        const std::string_view track = trace_.string(c.track), name = trace_.string(c.name), unit = trace_.string(c.unit);
        const TimeNs ts = ns(c.ts);
        const double v = toDbUnit(unit, c.value);
        std::int64_t n = 0;
        std::string rest, series;
        if (track == "AI Core Freq")
            freq[ts] = v;
        else if (track == "HBM" && splitSeries(name, "HBM ", &n, &rest, &series) && rest.empty())
            hbm[{ts, n, lower(series)}] = v;
        else if (track == "LLC" && splitSeries(name, "LLC ", &n, &rest, &series) && (series == "Hit Rate" || series == "Throughput"))
            llc[{ts, n, lower(rest)}][series == "Hit Rate" ? 0 : 1] = v;
        else if (track == "NPU MEM" && name.find('/') != std::string_view::npos) {
            const std::string_view what = name.substr(name.find('/') + 1);
            if (what == "DDR" || what == "HBM")
                npuMem[{ts, lower(name.substr(0, name.find('/')))}][what == "DDR" ? 0 : 1] = v;
        } else if (track == "DDR" && (name == "DDR/Read" || name == "DDR/Write"))
            ddr[ts][name == "DDR/Read" ? 0 : 1] = v;
        else if (track == "Stars Soc Info" && (name == "L2 Buffer Bw Level" || name == "Mata Bw Level"))
            soc[ts][name == "L2 Buffer Bw Level" ? 0 : 1] = v;
        else if (track == "Acc PMU") {
            if (splitSeries(name, "Acc ", &n, &rest, &series) && rest.empty() && accColumn(series) >= 0)
                acc[{ts, n}][std::size_t(accColumn(series))] = v;
            else if (accColumn(name) >= 0 && (unit == "value" || unit == "acc_id"))
                (unit == "value" ? accText[{std::string(name), ts}].first : accText[{std::string(name), ts}].second).push_back(c.value);
        }
        return true;
    });
    if (!ok)
        return false;
    for (const auto &entry : accText)
        for (std::size_t i = 0; i < entry.second.first.size() && i < entry.second.second.size(); ++i) {
            const double id = entry.second.second[i];
            if (std::isfinite(id) && id >= 0 && id < 2147483648.0)
                acc[{entry.first.second, std::int64_t(std::llround(id))}][std::size_t(accColumn(entry.first.first))] =
                    entry.second.first[i];
        }
    const auto cell = [](Stmt &s, int col, const Cell &c) -> Stmt & { return c ? s.d(col, *c) : s.null(col); };
    const std::int64_t dev = d_.id;
    return fill("AICORE_FREQ", 3, freq, [dev](Stmt &s, const auto &e) { s.i(1, dev).i(2, e.first).d(3, e.second); })
        && fill("HBM", 5, hbm, [&](Stmt &s, const auto &e) {
               s.i(1, dev).i(2, std::get<0>(e.first)).d(3, e.second).i(4, std::get<1>(e.first)).sid(5, sid(std::get<2>(e.first)));
           })
        && fill("LLC", 6, llc, [&](Stmt &s, const auto &e) {
               s.i(1, dev).i(2, std::get<1>(e.first)).i(3, std::get<0>(e.first));
               cell(cell(s, 4, e.second[0]), 5, e.second[1]).sid(6, sid(std::get<2>(e.first)));
           })
        && fill("DDR", 4, ddr, [&](Stmt &s, const auto &e) { cell(cell(s.i(1, dev).i(2, e.first), 3, e.second[0]), 4, e.second[1]); })
        && fill("NPU_MEM", 5, npuMem, [&](Stmt &s, const auto &e) {
               cell(cell(s.sid(1, sid(e.first.second)), 2, e.second[0]), 3, e.second[1]).i(4, e.first.first).i(5, dev);
           })
        && fill("ACC_PMU", 7, acc, [&](Stmt &s, const auto &e) {
               s.i(1, e.first.second);
               for (int i = 0; i < 4; ++i)
                   cell(s, 2 + i, e.second[std::size_t(i)]);
               s.i(6, e.first.first).i(7, dev);
           })
        && fill("SOC_BANDWIDTH_LEVEL", 4, soc,
                [&](Stmt &s, const auto &e) { cell(cell(s, 1, e.second[0]), 2, e.second[1]).i(3, e.first).i(4, dev); });
}

// The framework's memory records in torch_npu's tables, sizes in bytes: the allocator's
// totals over time (MEMORY_RECORD), each module's reservation (NPU_MODULE_MEM, the module
// by its ENUM_MODULE id; a module the enumeration does not name is left out) and the
// operators' allocations (OP_MEMORY).
bool DbWriter::memoryTables()
{
    std::vector<MemoryRecord> records;
    std::vector<OpMemoryRecord> ops;
    if (!trace_.forEachMemory(d_.id, [&records](const MemoryRecord &m) { records.push_back(m); return true; })
        || !trace_.forEachOpMemory(d_.id, [&ops](const OpMemoryRecord &m) { ops.push_back(m); return true; }))
        return false;
    const std::int64_t dev = d_.id;
    const auto bytes = [](Stmt &s, int col, double mb) -> Stmt & {
        bool ok = false;
        const std::int64_t b = toBytes(mb, &ok);
        return ok ? s.i(col, b) : s.null(col);
    };
    const auto ptr = [](Stmt &s, int col, std::uint64_t p) -> Stmt & {
        return p > 0 && p <= std::uint64_t(INT64_MAX) ? s.i(col, std::int64_t(p)) : s.null(col);
    };
    std::stable_sort(records.begin(), records.end(), [](const MemoryRecord &a, const MemoryRecord &b) { return a.ts < b.ts; });
    std::vector<const MemoryRecord *> allocator;
    std::vector<std::pair<std::int64_t, const MemoryRecord *>> modules;
    for (const MemoryRecord &m : records) {
        const std::int64_t module = m.module ? enumId(kModules, trace_.string(m.component), -1) : -1;
        if (!m.module)
            allocator.push_back(&m);
        else if (module >= 0)
            modules.push_back({module, &m});
    }
    if (!fill("MEMORY_RECORD", 7, allocator, [&](Stmt &s, const MemoryRecord *m) {
            s.sid(1, sid(m->component)).i(2, ns(m->ts));
            ptr(bytes(bytes(bytes(s, 3, m->allocatedMB), 4, m->reservedMB), 5, m->activeMB), 6, m->streamPtr).i(7, dev);
        })
        || !fill("NPU_MODULE_MEM", 4, modules, [&](Stmt &s, const auto &e) {
               bytes(s.i(1, e.first).i(2, ns(e.second->ts)), 3, e.second->reservedMB).i(4, dev);
           }))
        return false;
    std::stable_sort(ops.begin(), ops.end(), [](const OpMemoryRecord &a, const OpMemoryRecord &b) { return a.allocated < b.allocated; });
    const auto time = [this](Stmt &st, int col, TimeNs t) -> Stmt & { return t >= 0 ? st.i(col, ns(t)) : st.null(col); };
    const auto span = [](Stmt &st, int col, TimeNs a, TimeNs b) -> Stmt & {
        return a >= 0 && b >= a ? st.i(col, timeSpan(a, b)) : st.null(col);
    };
    return fill("OP_MEMORY", 15, ops, [&](Stmt &s, const OpMemoryRecord &m) {
        const double b = m.sizeKB * 1024.0;
        s.sid(1, sid(m.name));
        if (std::isfinite(b) && b >= 0 && b < 9e18)
            s.i(2, std::int64_t(std::llround(b)));
        else
            s.null(2);
        time(time(time(s, 3, m.allocated), 4, m.released), 5, m.activeReleased);
        span(span(s, 6, m.allocated, m.released), 7, m.allocated, m.activeReleased);
        const double mb[6] = {m.allocTotalAllocatedMB, m.allocTotalReservedMB, m.allocTotalActiveMB,
                              m.releaseTotalAllocatedMB, m.releaseTotalReservedMB, m.releaseTotalActiveMB};
        for (int i = 0; i < 6; ++i)
            bytes(s, 8 + i, mb[i]);
        ptr(s, 14, m.streamPtr).i(15, dev);
    });
}

// The framework's host ranges as PYTORCH_API rows (times as text, as torch_npu writes
// them; the category as the API level: cpu_op → op, enqueue / dequeue → queue,
// python_function → trace), their call stacks (PYTORCH_CALLCHAINS, one frame a row), the
// connections of each (CONNECTION_IDS) and every connection's categories.
bool DbWriter::frameworkTables()
{
    if (!python_.empty()) {
        if (!lazyTable("PYTORCH_API") || !lazyTable("PYTORCH_CALLCHAINS") || !lazyTable("CONNECTION_IDS"))
            return false;
        Stmt api(db_, "INSERT INTO PYTORCH_API VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)");
        Stmt chain(db_, "INSERT INTO PYTORCH_CALLCHAINS VALUES (?1, ?2, ?3)");
        Stmt conn(db_, "INSERT INTO CONNECTION_IDS VALUES (?1, ?2)");
        std::map<std::string, std::int64_t, std::less<>> chains;
        std::int64_t nextConn = 0;
        for (std::size_t i = 0; i < python_.size(); ++i) {
            if ((i & 4095) == 0 && cancel_ && cancel_->load())
                return false;
            const PythonRangeRecord &r = python_[i];
            api.text(1, std::to_string(ns(r.start))).text(2, std::to_string(ns(endOf(r))));
            api.i(3, std::int64_t((std::uint64_t(r.pid) << 32) | r.tid));
            if (const auto links = pythonLinks_.find(i); links != pythonLinks_.end()) {
                for (const std::int64_t c : links->second)
                    if (!conn.i(1, nextConn).i(2, c).run())
                        return false;
                api.i(4, nextConn++);
            } else {
                api.null(4);
            }
            std::string_view category = trace_.string(r.category);
            if (category == "cpu_op")
                category = "op";
            else if (category == "enqueue" || category == "dequeue")
                category = "queue";
            else if (category == "python_function")
                category = "trace";
            const std::int64_t type = enumId(kApiTypes, category, -1);
            // An operator row always has its autograd sequence number (-1: none) and forward
            // thread (0: none), as torch_npu writes them; other rows have neither.
            const bool op = category == "op";
            api.sid(5, sid(r.name));
            if (op || r.sequence >= 0)
                api.i(6, r.sequence);
            else
                api.null(6);
            if ((op || r.fwdThread > 0) && r.fwdThread <= std::uint64_t(INT64_MAX))
                api.i(7, std::int64_t(r.fwdThread));
            else
                api.null(7);
            api.sid(8, sid(r.inputTypes)).sid(9, sid(r.inputShapes));
            const std::string_view stack = trace_.string(r.callStack);
            if (stack.empty()) {
                api.null(10);
            } else {
                auto at = chains.find(stack);
                if (at == chains.end()) {
                    at = chains.emplace(std::string(stack), std::int64_t(chains.size())).first;
                    // Frames as the text export joins them.
                    std::size_t from = 0;
                    for (std::int64_t depth = 0;; ++depth) {
                        const std::size_t to = stack.find(";\r\n", from);
                        const std::string_view frame = stack.substr(from, to == std::string_view::npos ? std::string_view::npos : to - from);
                        if (!chain.i(1, at->second).sid(2, sid(frame)).i(3, depth).run())
                            return false;
                        if (to == std::string_view::npos)
                            break;
                        from = to + 3;
                    }
                }
                api.i(10, at->second);
            }
            if (type >= 0)
                api.i(11, type);
            else
                api.null(11);
            if (!api.run())
                return false;
        }
    }
    std::vector<std::pair<std::int64_t, std::string_view>> cats;
    for (const auto &entry : cats_)
        for (const std::string &cat : entry.second)
            cats.push_back({entry.first, cat});
    return fill("connectionCats", 2, cats, [](Stmt &s, const auto &e) { s.i(1, e.first).text(2, e.second); });
}

bool DbWriter::iteration(const IterationKey &k, Stmt &task, Stmt &kernel, Stmt &pmu, Stmt &comm, Stmt &op, Stmt &api,
                         Stmt &mstx, Stmt &step)
{
    // Collective ops first: the plane tasks name the op whose span holds them.
    struct Op {
        TimeNs start, end;
        std::int64_t id, name;
    };
    std::vector<Op> ops;
    bool ok = true;
    trace_.forEachCollective(k, [&](const CollectiveOpRecord &c) {
        const std::int64_t id = ++opId_;
        const std::int64_t name = sid(c.name);
        ops.push_back({c.start, endOf(c), id, name});
        // The payload's element type is not recorded: FP32 elements when the size allows,
        // bytes otherwise, so that count × element size is the payload.
        const bool fp32 = c.bytes % 4 == 0;
        op.sid(1, name).i(2, ns(c.start)).i(3, ns(endOf(c))).null(4).null(5).i(6, id).i(7, 0).i(8, 0);
        op.i(9, fp32 ? 4 : 0).null(10).i(11, std::int64_t(fp32 ? c.bytes / 4 : c.bytes)).sid(12, sid(c.opType));
        ok = op.run();
        return ok;
    });
    if (!ok)
        return false;
    const auto opOf = [&ops](TimeNs t) -> const Op * {
        for (const Op &o : ops)
            if (t >= o.start && t <= o.end)
                return &o;
        return nullptr;
    };
    std::multimap<std::tuple<std::uint32_t, std::uint32_t, TimeNs>, HcclTaskRecord> hccl;
    trace_.forEachHcclTask(k, [&hccl](const HcclTaskRecord &h) {
        hccl.emplace(std::make_tuple(h.streamId, h.taskId, h.start), h);
        return true;
    });
    const auto writeComm = [&](const HcclTaskRecord &h, std::int64_t gid) {
        const Op *o = opOf(h.start);
        comm.sid(1, o ? o->name : 0).i(2, gid).sid(3, sid(h.name)).i(4, h.plane).null(5).i(6, std::int64_t(h.notifyId));
        comm.i(7, kInvalidEnum).i(8, h.srcRank).i(9, h.dstRank == kInvalidId ? kNoValue : std::int64_t(h.dstRank));
        comm.i(10, enumId(kTransportTypes, trace_.string(h.transportType), kInvalidEnum)).i(11, std::int64_t(h.sizeBytes));
        comm.i(12, enumId(kDataTypes, trace_.string(h.dataType), kInvalidEnum));
        comm.i(13, enumId(kLinkTypes, trace_.string(h.linkType), kInvalidEnum));
        if (o)
            comm.i(14, o->id);
        else
            comm.null(14);
        return comm.run();
    };
    const std::int64_t pid = d_.hostPid;
    TimeNs first = kMaxTimeNs, last = 0;
    std::uint64_t n = 0;
    trace_.forEachTask(k, [&](const TaskRecord &t) {
        if ((++n & 4095) == 0 && cancel_ && cancel_->load()) {
            ok = false;
            return false;
        }
        first = std::min(first, t.start);
        last = std::max(last, endOf(t));
        const std::int64_t gid = globalTaskId_++;
        task.i(1, ns(t.start)).i(2, ns(endOf(t))).i(3, d_.id).i(5, gid).i(6, pid).sid(7, sid(trace_.taskType(t)));
        if (const auto link = taskLink_.find({t.streamId, t.start}); link != taskLink_.end())
            task.i(4, link->second);
        else
            task.null(4);
        task.i(8, kNoValue).i(9, t.streamId).i(10, t.taskId).i(11, t.modelId);
        if (!task.run()) {
            ok = false;
            return false;
        }
        // The kernel of a task that ran an op; a task of a compute type without one (a real
        // file's TASK row with no COMPUTE_TASK_INFO row) stays a bare TASK row, as there.
        const OpDesc *o = t.opId ? trace_.op(t.opId) : nullptr;
        if (o) {
            const std::string core = o->coreType ? std::string(trace_.string(o->coreType))
                                     : isComputeKind(t.kind) ? std::string(taskKindName(t.kind))
                                                             : std::string(trace_.taskType(t));
            kernel.sid(1, sid(o->name)).i(2, gid).i(3, o->blockDim).i(4, o->mixBlockDim);
            kernel.sid(5, sid(core)).sid(6, sid(o->opType)).sid(7, sid(o->inputFormats));
            kernel.sid(8, sid(o->inputDataTypes)).sid(9, sid(o->inputShapes));
            kernel.sid(10, sid(o->outputFormats)).sid(11, sid(o->outputDataTypes));
            kernel.sid(12, sid(o->outputShapes));
            const auto attr = attrInfo_.find(std::make_tuple(t.streamId, t.taskId, t.start));
            kernel.sid(13, attr == attrInfo_.end() ? 0 : sid(attr->second));
            if (!kernel.run()) {
                ok = false;
                return false;
            }
            for (std::size_t m = 0; m < t.pmu.size() && m < pmuNames_.size(); ++m) {
                if (std::isnan(t.pmu[m]))
                    continue;
                if (!pmu.i(1, std::int64_t(m)).i(2, gid).d(3, double(t.pmu[m])).run()) {
                    ok = false;
                    return false;
                }
            }
        }
        const auto range = hccl.equal_range(std::make_tuple(t.streamId, t.taskId, t.start));
        if (range.first != range.second) {
            ok = writeComm(range.first->second, gid);
            hccl.erase(range.first);
        }
        return ok;
    });
    if (!ok)
        return false;
    // Plane tasks no device task stands for (sessions imported without the hardware
    // lane): a TASK row of their own, typed by their name.
    for (const auto &entry : hccl) {
        const HcclTaskRecord &h = entry.second;
        const std::int64_t gid = globalTaskId_++;
        task.i(1, ns(h.start)).i(2, ns(endOf(h))).i(3, d_.id).null(4).i(5, gid).i(6, pid).sid(7, sid(h.name));
        task.i(8, kNoValue).i(9, h.streamId).i(10, h.taskId).i(11, h.modelId);
        if (!task.run() || !writeComm(h, gid))
            return false;
        first = std::min(first, h.start);
        last = std::max(last, endOf(h));
    }
    trace_.forEachHostRange(k, [&](const HostRangeRecord &r) {
        const std::int64_t tid = std::int64_t((std::uint64_t(r.pid) << 32) | r.tid);
        if (r.kind == HostRangeRecord::Kind::MsprofTx) {
            mstx.i(1, ns(r.start)).i(2, ns(endOf(r))).i(3, enumId(kMstxEventTypes, trace_.string(r.eventType), 2));
            mstx.i(4, ++rangeId_).i(5, r.category).sid(6, sid(r.name)).i(7, tid).i(8, tid).null(9).null(10);
            ok = mstx.run();
            return ok;
        }
        // The API level: as recorded, else a CANN range is a model-level one (GE's graph
        // execution) and a runtime call is runtime.
        std::string_view level = trace_.string(r.level);
        if (level.empty())
            level = r.kind == HostRangeRecord::Kind::RuntimeApi ? "runtime" : "model";
        // The launch's connection when a flow joins it to its task, else one of its own.
        std::int64_t connection = 0;
        if (const auto link = apiLink_.find({r.tid, r.start}); link != apiLink_.end() && !usedConnections_.count(link->second))
            connection = link->second;
        else
            connection = ++connectionId_;
        usedConnections_.insert(connection);
        api.i(1, ns(r.start)).i(2, ns(endOf(r))).i(3, enumId(kApiTypes, level, 15000)).i(4, tid).i(5, connection);
        api.sid(6, sid(r.name));
        ok = api.run();
        return ok;
    });
    if (!ok)
        return false;
    if (steps_ && first <= last)
        return step.i(1, k.iteration).i(2, ns(first)).i(3, ns(last)).run();
    return true;
}

bool DbWriter::write(const QString &path, QString *why, bool *full, bool *cancelled)
{
    *full = *cancelled = false;
    const auto failed = [&]() {
        const int code = db_ ? sqlite3_errcode(db_) : SQLITE_CANTOPEN;
        *full = (code & 0xff) == SQLITE_FULL;
        *why = QString::fromUtf8(db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(code));
        if (!*cancelled && cancel_ && cancel_->load())
            *cancelled = true;
        return false;
    };
    const QByteArray file = QFile::encodeName(path);
    if (sqlite3_open_v2(file.constData(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nullptr) != SQLITE_OK)
        return failed();
    // A scratch file: no journal (a failed build is thrown away), no syncs (the copy into
    // place is synced).
    if (!exec("PRAGMA journal_mode = OFF") || !exec("PRAGMA synchronous = OFF") || !exec("BEGIN")
        || !exec(kSchema) || !exec("CREATE TEMP TABLE pmu_stage (col INTEGER, gid INTEGER, value REAL)")
        || !fixedTables())
        return failed();

    pmuColumns_ = sessionPmuColumns(info_);
    for (const QString &c : pmuColumns_)
        pmuNames_.push_back(sid(c.toStdString()));
    // The kernel's attribute text ("Attr Info" of an import) keeps its column.
    trace_.forEachTaskAttr(d_.id, [this](const TaskAttrRecord &a) {
        if (trace_.string(a.key) == "Attr Info")
            attrInfo_.emplace(std::make_tuple(a.streamId, a.taskId, a.start), std::string(trace_.string(a.value)));
        return true;
    });
    linkLaunches();
    linkFlows();
    // Iterations become steps only when their numbers name one iteration each (one model).
    for (const IterationKey &k : its_)
        if (k.modelId != its_.front().modelId || k.iteration == 0)
            steps_ = false;
    {
        Stmt task(db_, "INSERT INTO TASK VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)");
        Stmt kernel(db_, "INSERT INTO COMPUTE_TASK_INFO VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)");
        Stmt pmu(db_, "INSERT INTO pmu_stage VALUES (?1, ?2, ?3)");
        Stmt comm(db_, "INSERT INTO COMMUNICATION_TASK_INFO VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)");
        Stmt op(db_, "INSERT INTO COMMUNICATION_OP VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)");
        Stmt api(db_, "INSERT INTO CANN_API VALUES (?1, ?2, ?3, ?4, ?5, ?6)");
        Stmt mstx(db_, "INSERT INTO MSTX_EVENTS VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)");
        Stmt step(db_, "INSERT INTO STEP_TIME VALUES (?1, ?2, ?3)");
        for (const IterationKey &k : its_) {
            if (cancel_ && cancel_->load()) {
                *cancelled = true;
                return failed();
            }
            if (!iteration(k, task, kernel, pmu, comm, op, api, mstx, step))
                return failed();
        }
    }
    if (!counterTables() || !memoryTables() || !frameworkTables()) {
        *cancelled = cancel_ && cancel_->load();
        return failed();
    }
    // PMU rows metric by metric: a reader that lists the metrics in the order it first
    // meets them (NPU Scope's importer does) finds the session's column order.
    {
        if (!exec("CREATE TEMP TABLE pmu_name (col INTEGER PRIMARY KEY, id INTEGER)"))
            return failed();
        Stmt name(db_, "INSERT INTO pmu_name VALUES (?1, ?2)");
        for (std::size_t m = 0; m < pmuNames_.size(); ++m)
            if (!name.i(1, std::int64_t(m)).i(2, pmuNames_[m]).run())
                return failed();
    }
    if (!exec("INSERT INTO TASK_PMU_INFO (globalTaskId, name, value) SELECT s.gid, n.id, s.value FROM pmu_stage s "
              "JOIN pmu_name n ON n.col = s.col ORDER BY s.col, s.gid")
        || !exec("DROP TABLE pmu_stage") || !exec("DROP TABLE pmu_name"))
        return failed();
    {
        Stmt str(db_, "INSERT INTO STRING_IDS (id, value) VALUES (?1, ?2)");
        for (std::size_t i = 0; i < order_.size(); ++i)
            if (!str.i(1, std::int64_t(i) + 1).text(2, order_[i]).run())
                return failed();
    }
    if (!exec(kIndexes) || !exec("COMMIT"))
        return failed();
    if (sqlite3_close(db_) != SQLITE_OK)
        return failed();
    db_ = nullptr;
    return true;
}

} // namespace

bool exportDb(const TraceReader &trace, const ExportRequest &request, ExportResult *result, ExportError *errorKind,
              QString *error, const std::function<void(const ExportProgress &)> &progress, const std::atomic_bool *cancel)
{
    const SessionInfo &info = trace.sessionInfo();
    const auto wallOf = [&info](const DeviceInfo &d) { return d.wallBeginUs > 0 ? d.wallBeginUs : sessionWallBeginUs(info); };
    const auto name = [&](const DeviceInfo &d) {
        return freeProfName(QDir(request.outputDir), request.profCounter,
                            QStringLiteral("%1_%2").arg(localFromUs(wallOf(d)).toString(QStringLiteral("yyyyMMddHHmmsszzz")),
                                                        sessionLetters(info)));
    };
    // The TodayWriter gives the device's iterations and time base; the database is written here.
    const auto write = [&](TodayWriter &w, StagedFolder &staged, const DeviceInfo &d) {
        const QString dev = QStringLiteral("device_%1").arg(d.id);
        if (!staged.mkpath(dev))
            return false;
        for (const auto &[file, content] : deviceDescriptionFiles(d))
            if (!staged.writeBytes(dev + QLatin1Char('/') + file, content))
                return false;
        const QString rel = QStringLiteral("msprof_%1.db").arg(localFromUs(wallOf(d)).toString(QStringLiteral("yyyyMMddHHmmss")));
        const QString scratch = staged.scratchPath(rel);
        QString why;
        bool full = false, cancelled = false;
        {
            DbWriter db(trace, d, w.iterations(), w.offset(), cancel);
            if (!db.write(scratch, &why, &full, &cancelled)) {
                QFile::remove(scratch);
                if (cancelled)
                    return staged.failCancelled();
                const QString target = staged.finalDir() + QLatin1Char('/') + rel;
                // A full disk is told as for every other file: the system's sentence for it.
                staged.failIo(full ? QCoreApplication::translate("ProfExporter", "Could not write the file %1: %2.")
                                         .arg(target, QString::fromLocal8Bit(std::strerror(ENOSPC)))
                                   : QCoreApplication::translate("ProfExporter", "Could not write the database %1: %2.").arg(target, why));
                return false;
            }
        }
        return staged.copyIn(scratch, rel);
    };
    return exportPerDevice(trace, request, Flavour::Msprof, name, write, result, errorKind, error, progress, cancel);
}

} // namespace npuscope::exporting
