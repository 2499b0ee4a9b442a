#pragma once
// The db layout's writer (db_exporter.cpp): the tables as the real files declare them, a
// prepared-statement helper and the per-device DbWriter. Its counter, memory and framework
// tables are written in db_exporter_tables.cpp, the rest in db_exporter.cpp.

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

namespace npuscope::exporting::dbx {


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

// A value of a db column: the number, or NULL when the session has none.
using Cell = std::optional<double>;

// The db's units from the session's (bandwidths B/s, memory bytes, hit rates percent).
double toDbUnit(std::string_view unit, double v);
std::string lower(std::string_view s);
// "<prefix><n>[ <rest>]/<series>" → n, rest, series; false when the name is not of that shape.
bool splitSeries(std::string_view name, std::string_view prefix, std::int64_t *n, std::string *rest, std::string *series);
std::int64_t toBytes(double mb, bool *ok);

} // namespace npuscope::exporting::dbx
