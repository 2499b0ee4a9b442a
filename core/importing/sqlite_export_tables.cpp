// The SQLite exports' tables beside the tasks: COMMUNICATION_OP, CANN_API, PYTORCH_API
// (+ PYTORCH_CALLCHAINS, CONNECTION_IDS), MSTX_EVENTS, the counter tables, the memory tables
// and analysis.db (StepTraceTime, CommAnalyzer*). Part of SqliteExportReader
// (sqlite_export_reader.h).

#include "core/importing/sqlite_export_reader.h"
#include "core/importing/today_files.h"

#include <QFileInfo>

#include <algorithm>
#include <cmath>
#include <set>

namespace npuscope::importing {

namespace {
using Tr = ImportText;

// Columns `first` and first + 1 of the row as a span to keep: false when they are none (not
// integers, the end before the start, or beyond the times kept), the row then counted
// skipped and `problem()` said of it.
template <class Problem>
bool rowSpan(ImportContext &ctx, const QString &rel, FileAccount &acc, const Query &q, int first, std::int64_t *start,
             std::int64_t *end, Problem problem)
{
    if (q.integer(first, start) && q.integer(first + 1, end) && *end >= *start && saneSpan(*start, timeSpan(*start, *end)))
        return true;
    ctx.problem(rel, 0, -1, problem());
    ++acc.skipped;
    return false;
}

// A globalTid: the process id in its high 32 bits, the thread id in the low ones.
std::uint32_t pidOf(std::int64_t globalTid) { return std::uint32_t(std::uint64_t(globalTid) >> 32); }
std::uint32_t tidOf(std::int64_t globalTid) { return std::uint32_t(std::uint64_t(globalTid) & 0xffffffffu); }

// A host range of `kind` on `device` from a row's span and globalTid.
HostRangeRecord hostRangeOf(HostRangeRecord::Kind kind, std::uint16_t device, std::uint32_t iteration, std::int64_t start,
                            std::int64_t end, std::int64_t globalTid)
{
    HostRangeRecord h;
    h.kind = kind;
    h.device = device;
    h.iteration = iteration;
    h.pid = pidOf(globalTid);
    h.tid = tidOf(globalTid);
    h.start = start;
    h.duration = end - start;
    return h;
}
} // namespace

bool SqliteExportReader::readCommunicationOps(ImportContext &ctx)
{
    if (!db_.has("COMMUNICATION_OP", {"opName", "startNs", "endNs"}))
        return true;
    const bool hasCount = db_.has("COMMUNICATION_OP", {"count", "dataType"});
    const bool hasType = db_.has("COMMUNICATION_OP", {"opType"});
    const bool hasConn = db_.has("COMMUNICATION_OP", {"connectionId"});
    const bool hasDevice = db_.has("COMMUNICATION_OP", {"deviceId"});
    Query q(db_, std::string("SELECT opName, startNs, endNs, ") + (hasCount ? "count, dataType" : "NULL, NULL") + ", "
                           + (hasType ? "opType" : "NULL") + ", " + (hasConn ? "connectionId" : "NULL") + ", "
                           + (hasDevice ? "deviceId" : "NULL") + " FROM COMMUNICATION_OP", Query::Ahead);
    const QString rel = tableRel(rel_, "COMMUNICATION_OP");
    while (q.ok() && q.row()) {
        FileAccount &acc = ctx.account(rel);
        ++acc.items;
        std::int64_t start = 0, end = 0, count = 0, dataType = 0, dev = map.hostDevice;
        if (!rowSpan(ctx, rel, acc, q, 1, &start, &end,
                     [] { return Tr::tr("A communication op has no valid start and end; it was skipped."); }))
            continue;
        q.integer(7, &dev);
        CollectiveOpRecord c;
        c.device = sessionDevice(dev);
        c.iteration = steps_.at(start);
        c.name = strOf(ctx, q, 0);
        c.opType = strOf(ctx, q, 5);
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
            for (const Category &cat : categoriesOf(connection))
                ctx.batch().flowEnds.push_back({c.device, cat.str, cat.str, ctx.flowId(std::uint64_t(connection)), true,
                                                FlowLane::Hccl, 0, c.start});
        ctx.batch().collectives.push_back(c);
        ++acc.imported;
    }
    return ctx.flushIfFull();
}

bool SqliteExportReader::readCannApi(ImportContext &ctx)
{
    if (!db_.has("CANN_API", {"startNs", "endNs", "type", "globalTid", "name"}))
        return true;
    const bool hasConn = db_.has("CANN_API", {"connectionId"});
    Query q(db_, std::string("SELECT startNs, endNs, type, globalTid, name, ") + (hasConn ? "connectionId" : "NULL")
                           + " FROM CANN_API", Query::Ahead);
    const QString rel = tableRel(rel_, "CANN_API");
    const std::uint16_t device = sessionDevice(map.hostDevice);
    while (q.ok() && q.row()) {
        FileAccount &acc = ctx.account(rel);
        ++acc.items;
        std::int64_t start = 0, end = 0, type = 0, tid = 0;
        if (!rowSpan(ctx, rel, acc, q, 0, &start, &end,
                     [] { return Tr::tr("An API call has no valid start and end; it was skipped."); }))
            continue;
        q.integer(2, &type);
        q.integer(3, &tid);
        HostRangeRecord h = hostRangeOf(HostRangeRecord::Kind::RuntimeApi, device, steps_.at(start), start, end, tid);
        h.name = strOf(ctx, q, 4);
        h.level = enumStr(ctx, "ENUM_API_TYPE", type);
        std::int64_t connection = 0;
        if (hasConn && q.integer(5, &connection))
            for (const Category &cat : categoriesOf(connection))
                if (cat.hostToDevice)
                    ctx.batch().flowEnds.push_back({device, cat.str, cat.str, ctx.flowId(std::uint64_t(connection)), false,
                                                    FlowLane::Cann, h.tid, h.start});
        learned.hostPid.try_emplace(device, h.pid);
        ctx.batch().hostRanges.push_back(h);
        ++acc.imported;
        if (!ctx.flushIfFull())
            return false;
    }
    return true;
}

// PYTORCH_CALLCHAINS(id, stack, stackDepth): each id's frames joined as torch_npu's text
// export joins them, on a connection of its own (it runs beside the reader's preparation and
// touches nothing of the reader's but the STRING_IDS texts, read-only). In storage order, as
// torch_npu writes them (by id, then depth); rows found out of that order start the read
// again sorted by SQLite (no scan to check the order first). Stacks repeat across steps:
// each distinct one is kept once.
SqliteExportReader::Callchains SqliteExportReader::joinCallchains(const QString &path,
                                                                  const std::unordered_map<std::int64_t, std::string> &text)
{
    Callchains out;
    const OwnConnection db(path);
    if (!db.get())
        return out;
    // Frames by a dense number of their own (a STRING_IDS id or a text, looked up once each),
    // stacks by their frame numbers: a stack's text is joined only the first time it occurs
    // (a capture's stacks repeat every step).
    std::unordered_map<std::int64_t, std::uint32_t> frameOfId;
    std::unordered_map<std::string, std::uint32_t> frameOfText;
    std::vector<std::string_view> frameText;
    std::deque<std::string> ownText; // frames stored as text, not as an id
    auto frame = [&](const Query &q) -> std::uint32_t {
        std::int64_t id = 0;
        if (q.integer(1, &id)) {
            const auto [it, fresh] = frameOfId.try_emplace(id, std::uint32_t(frameText.size()));
            if (fresh) {
                const auto t = text.find(id);
                frameText.push_back(t == text.end() ? std::string_view() : std::string_view(t->second));
            }
            return it->second;
        }
        const std::string t(q.null(1) ? std::string_view() : q.text(1));
        const auto [it, fresh] = frameOfText.try_emplace(t, std::uint32_t(frameText.size()));
        if (fresh)
            frameText.push_back(ownText.emplace_back(t));
        return it->second;
    };
    struct SeqHash {
        std::size_t operator()(const std::vector<std::uint32_t> &v) const noexcept
        {
            std::size_t h = v.size();
            for (const std::uint32_t x : v)
                h = (h ^ x) * 0x100000001b3ull;
            return h;
        }
    };
    for (const char *order : {"rowid", "id, stackDepth"}) {
        Query c(db.get(), std::string("SELECT id, stack, stackDepth FROM PYTORCH_CALLCHAINS ORDER BY ") + order);
        const bool check = order[0] == 'r';
        std::int64_t current = INT64_MIN, depth = INT64_MIN;
        std::vector<std::uint32_t> frames;
        std::unordered_map<std::vector<std::uint32_t>, std::uint32_t, SeqHash> index; // into out.stacks
        bool inOrder = true;
        out = {};
        auto close = [&] {
            auto [it, fresh] = index.try_emplace(frames, std::uint32_t(out.stacks.size()));
            if (fresh) {
                // Joined as torch_npu's text export joins them (an empty first frame adds
                // no separator).
                std::string joined;
                for (const std::uint32_t f : frames) {
                    if (!joined.empty())
                        joined += ";\r\n";
                    joined += frameText[f];
                }
                out.stacks.push_back(std::move(joined));
            }
            out.stackOf[current] = it->second;
        };
        while (c.ok() && c.row()) {
            ++out.rows;
            std::int64_t id = 0, d = 0;
            c.integer(0, &id);
            c.integer(2, &d);
            if (check && (id < current || (id == current && d < depth))) {
                inOrder = false;
                break;
            }
            depth = d;
            if (id != current) {
                if (current != INT64_MIN)
                    close();
                current = id;
                frames.clear();
            }
            frames.push_back(frame(c));
        }
        if (!inOrder)
            continue;
        if (current != INT64_MIN)
            close();
        break;
    }
    return out;
}

bool SqliteExportReader::readPytorchApi(ImportContext &ctx)
{
    if (!db_.has("PYTORCH_API", {"startNs", "endNs", "globalTid", "name"}))
        return true;
    // Call stacks, joined on a thread of their own while the reader prepared (see
    // joinCallchains): each distinct stack is interned once.
    std::unordered_map<std::int64_t, StrId> stacks;
    if (callchains_.valid()) {
        Callchains chains = callchains_.get();
        std::vector<StrId> ids;
        ids.reserve(chains.stacks.size());
        for (const std::string &frames : chains.stacks)
            ids.push_back(ctx.str(frames));
        for (auto &[id, k] : chains.stackOf) // an index into chains.stacks becomes its string id
            k = ids[k];
        stacks = std::move(chains.stackOf);
        FileAccount &acc = ctx.account(tableRel(rel_, "PYTORCH_CALLCHAINS"));
        acc.items += chains.rows;
        acc.imported += chains.rows;
    }
    // An API row's connectionId is an id of CONNECTION_IDS, which names the connections
    // (flows) that start at it.
    std::uint64_t connectionRows = 0;
    const Connections connections = readConnectionIds(&connectionRows);
    if (db_.has("CONNECTION_IDS", {"id", "connectionId"}))
        accountTable(ctx, "CONNECTION_IDS", std::int64_t(connectionRows));
    if (db_.has("connectionCats"))
        accountTable(ctx, "connectionCats", countRows(db_, "connectionCats"));
    auto col = [&](const char *c) { return db_.has("PYTORCH_API", {c}) ? std::string(c) : std::string("NULL"); };
    Query q(db_, "SELECT startNs, endNs, globalTid, name, " + col("sequenceNumber") + ", " + col("fwdThreadId") + ", "
                           + col("inputDtypes") + ", " + col("inputShapes") + ", " + col("callchainId") + ", "
                           + col("type") + ", " + col("connectionId") + " FROM PYTORCH_API", Query::Ahead);
    const QString rel = tableRel(rel_, "PYTORCH_API");
    const std::uint16_t device = sessionDevice(map.hostDevice);
    while (q.ok() && q.row()) {
        FileAccount &acc = ctx.account(rel);
        ++acc.items;
        std::int64_t start = 0, end = 0, tid = 0;
        if (!rowSpan(ctx, rel, acc, q, 0, &start, &end,
                     [] { return Tr::tr("A framework range has no valid start and end; it was skipped."); }))
            continue;
        q.integer(2, &tid);
        PythonRangeRecord r;
        r.device = device;
        r.pid = pidOf(tid);
        r.tid = tidOf(tid);
        r.name = strOf(ctx, q, 3);
        r.start = start;
        r.duration = end - start;
        std::int64_t v = 0;
        if (q.integer(4, &v))
            r.sequence = v;
        if (q.integer(5, &v) && v >= 0)
            r.fwdThread = std::uint64_t(v);
        r.inputTypes = strOf(ctx, q, 6);
        r.inputShapes = strOf(ctx, q, 7);
        if (q.integer(8, &v))
            if (auto it = stacks.find(v); it != stacks.end())
                r.callStack = it->second;
        if (q.integer(9, &v))
            r.category = enumStr(ctx, "ENUM_API_TYPE", v);
        if (q.integer(10, &v))
            if (auto it = connections.find(v); it != connections.end())
                for (std::int64_t conn : it->second)
                    for (const Category &cat : categoriesOf(conn))
                        if (!cat.hostToDevice)
                            ctx.batch().flowEnds.push_back({device, cat.str, cat.str, ctx.flowId(std::uint64_t(conn)),
                                                            finishesLater(conn, r.start), FlowLane::Python, r.tid,
                                                            r.start});
        learned.hostPid.try_emplace(device, r.pid);
        ctx.batch().pythonRanges.push_back(r);
        ++acc.imported;
        if (!ctx.flushIfFull())
            return false;
    }
    return true;
}

bool SqliteExportReader::readMstx(ImportContext &ctx)
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
        if (!rowSpan(ctx, rel, acc, q, 0, &start, &end,
                     [] { return Tr::tr("An msproftx event has no valid start and end; it was skipped."); }))
            continue;
        q.integer(3, &tid);
        HostRangeRecord h = hostRangeOf(HostRangeRecord::Kind::MsprofTx, device, steps_.at(start), start, end, tid);
        h.name = strOf(ctx, q, 2);
        if (q.integer(4, &category) && category >= 0 && category <= UINT32_MAX)
            h.category = std::uint32_t(category);
        ctx.batch().hostRanges.push_back(h);
        ++acc.imported;
    }
    return ctx.flushIfFull();
}

// One counter table: `sql` selects (deviceId, timestampNs, value, series suffix text).
bool SqliteExportReader::counterTable(ImportContext &ctx, const std::string &table, const std::string &sql, const char *track,
                  const std::function<std::string(const Query &)> &series, const char *unit)
{
    Query q(db_, sql, Query::Ahead);
    const QString rel = tableRel(rel_, table);
    if (!q.ok()) {
        ctx.problem(rel, 0, -1, Tr::tr("The table could not be read: %1.").arg(q.message()));
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

bool SqliteExportReader::counterColumn(ImportContext &ctx, const std::string &sql, const char *track,
                                       const std::function<std::string(const Query &)> &series, const char *unit)
{
    Query q(db_, sql, Query::Ahead);
    const StrId trackId = ctx.str(track), unitId = ctx.str(unit);
    while (q.ok() && q.row()) {
        std::int64_t dev = 0, ts = 0;
        if (!q.integer(0, &dev) || !q.integer(1, &ts) || !saneTime(ts) || q.null(2) || !std::isfinite(q.d(2)))
            continue; // an empty cell of a row counterTable accounted for
        ctx.batch().counters.push_back({sessionDevice(dev), trackId, ctx.str(series(q)), unitId, ts, q.d(2)});
        if (!ctx.flushIfFull())
            return false;
    }
    return true;
}

bool SqliteExportReader::readCounters(ImportContext &ctx)
{
    if (db_.has("AICORE_FREQ", {"deviceId", "timestampNs", "freq"})
        && !counterTable(ctx, "AICORE_FREQ", "SELECT deviceId, timestampNs, freq FROM AICORE_FREQ", "AI Core Freq",
                         [](const Query &) { return std::string("AI Core Freq"); }, "MHz"))
        return false;
    if (db_.has("HBM", {"deviceId", "timestampNs", "bandwidth", "hbmId", "type"})
        && !counterTable(ctx, "HBM", "SELECT deviceId, timestampNs, bandwidth, hbmId, type FROM HBM", "HBM",
                         [this](const Query &q) {
                             return "HBM " + std::to_string(q.i(3)) + "/" + textOf(q, 4);
                         }, "B/s")) // the db export's bandwidths are bytes per second (its text export: MB/s)
        return false;
    if (db_.has("LLC", {"deviceId", "timestampNs", "hitRate", "throughput", "llcId", "mode"})) {
        if (!counterTable(ctx, "LLC", "SELECT deviceId, timestampNs, hitRate, llcId, mode FROM LLC", "LLC",
                          [this](const Query &q) { return "LLC " + std::to_string(q.i(3)) + " " + textOf(q, 4) + "/Hit Rate"; },
                          "%"))
            return false;
        // The same rows' throughput: a second series, not a second row.
        if (!counterColumn(ctx, "SELECT deviceId, timestampNs, throughput, llcId, mode FROM LLC", "LLC",
                           [this](const Query &q) { return "LLC " + std::to_string(q.i(3)) + " " + textOf(q, 4) + "/Throughput"; },
                           "B/s"))
            return false;
    }
    if (db_.has("NPU_MEM", {"type", "ddr", "hbm", "timestampNs", "deviceId"})) {
        if (!counterTable(ctx, "NPU_MEM", "SELECT deviceId, timestampNs, hbm, type FROM NPU_MEM", "NPU MEM",
                          [this](const Query &q) { return textOf(q, 3) + "/HBM"; }, "B"))
            return false;
        if (!counterColumn(ctx, "SELECT deviceId, timestampNs, ddr, type FROM NPU_MEM", "NPU MEM",
                           [this](const Query &q) { return textOf(q, 3) + "/DDR"; }, "B"))
            return false;
    }
    if (db_.has("DDR", {"deviceId", "timestampNs", "read", "write"})
        && (!counterTable(ctx, "DDR", "SELECT deviceId, timestampNs, read FROM DDR", "DDR",
                          [](const Query &) { return std::string("DDR/Read"); }, "B/s")
            || !counterColumn(ctx, "SELECT deviceId, timestampNs, write FROM DDR", "DDR",
                              [](const Query &) { return std::string("DDR/Write"); }, "B/s")))
        return false;
    // Each accelerator's four PMU levels, one series each (as the text export's Acc PMU).
    if (db_.has("ACC_PMU", {"accId", "readBwLevel", "writeBwLevel", "readOstLevel", "writeOstLevel", "timestampNs", "deviceId"})) {
        static const char *const kColumns[][2] = {{"readBwLevel", "read_bandwidth"}, {"writeBwLevel", "write_bandwidth"},
                                                  {"readOstLevel", "read_ost"}, {"writeOstLevel", "write_ost"}};
        for (const auto &c : kColumns) {
            const std::string sql = std::string("SELECT deviceId, timestampNs, ") + c[0] + ", accId FROM ACC_PMU";
            const std::string metric = c[1];
            const auto series = [metric](const Query &q) { return "Acc " + std::to_string(q.i(3)) + "/" + metric; };
            if (!(&c == &kColumns[0] ? counterTable(ctx, "ACC_PMU", sql, "Acc PMU", series, "level")
                                     : counterColumn(ctx, sql, "Acc PMU", series, "level")))
                return false;
        }
    }
    if (db_.has("SOC_BANDWIDTH_LEVEL", {"l2BufferBwLevel", "mataBwLevel", "timestampNs", "deviceId"})
        && (!counterTable(ctx, "SOC_BANDWIDTH_LEVEL", "SELECT deviceId, timestampNs, l2BufferBwLevel FROM SOC_BANDWIDTH_LEVEL",
                          "Stars Soc Info", [](const Query &) { return std::string("L2 Buffer Bw Level"); }, "level")
            || !counterColumn(ctx, "SELECT deviceId, timestampNs, mataBwLevel FROM SOC_BANDWIDTH_LEVEL", "Stars Soc Info",
                              [](const Query &) { return std::string("Mata Bw Level"); }, "level")))
        return false;
    return ctx.flush();
}

bool SqliteExportReader::readMemory(ImportContext &ctx)
{
    constexpr double kMB = 1024.0 * 1024.0;
    // The allocator records' times, which NPU_OP_MEM rows repeat: kept only when that table is
    // there, sorted once (a million set insertions cost more than the rows' reading).
    const bool opMem = db_.has("NPU_OP_MEM", {"timestampNs", "totalAllocate", "totalReserve", "deviceId"});
    std::vector<std::int64_t> recordTimes;
    if (db_.has("MEMORY_RECORD", {"component", "timestamp", "totalAllocated", "totalReserved", "totalActive", "deviceId"})) {
        Query q(db_, std::string("SELECT component, timestamp, totalAllocated, totalReserved, totalActive, deviceId, ")
                               + (db_.has("MEMORY_RECORD", {"streamPtr"}) ? "streamPtr" : "NULL") + " FROM MEMORY_RECORD", Query::Ahead);
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
            m.component = strOf(ctx, q, 0);
            if (opMem)
                recordTimes.push_back(m.ts);
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
            m.component = enumStr(ctx, "ENUM_MODULE", module);
            m.reservedMB = q.null(2) ? -1 : q.d(2) / kMB;
            ctx.batch().memory.push_back(m);
            ++acc.imported;
            if (!ctx.flushIfFull())
                return false;
        }
    }
    // Allocation events (allocate / free) with the allocator's totals after each: memory
    // over time, the same as memory_record's allocator records.
    if (opMem) {
        std::sort(recordTimes.begin(), recordTimes.end());
        auto col = [&](const char *c) { return db_.has("NPU_OP_MEM", {c}) ? std::string(c) : std::string("NULL"); };
        Query q(db_, "SELECT timestampNs, totalAllocate, totalReserve, deviceId, " + col("component") + " FROM NPU_OP_MEM", Query::Ahead);
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
            if (std::binary_search(recordTimes.begin(), recordTimes.end(), m.ts)) {
                ++acc.duplicates; // the framework's MEMORY_RECORD repeats it (component GE)
                continue;
            }
            m.device = sessionDevice(dev);
            m.component = strOf(ctx, q, 4);
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
        Query q(db_, "SELECT name, size, allocationTime, releaseTime, " + col("activeReleaseTime") + ", "
                               + col("allocationTotalAllocated") + ", " + col("allocationTotalReserved") + ", "
                               + col("allocationTotalActive") + ", " + col("releaseTotalAllocated") + ", "
                               + col("releaseTotalReserved") + ", " + col("releaseTotalActive") + ", "
                               + col("streamPtr") + ", deviceId FROM OP_MEMORY", Query::Ahead);
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
            m.name = strOf(ctx, q, 0);
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
bool SqliteExportReader::readAnalysis(ImportContext &ctx)
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

// Connections (flows): the categories of each connection id and which end a framework row is.
void SqliteExportReader::loadConnectionCats(ImportContext &ctx)
{
    if (catsLoaded_)
        return;
    catsLoaded_ = true;
    scanFrameworkConnections();
    if (!db_.has("connectionCats", {"connectionId", "cat"})) {
        inferConnectionCats(ctx);
        return;
    }
    Query q(db_.get(), "SELECT connectionId, cat FROM connectionCats");
    std::map<std::string, Category, std::less<>> names; // the few distinct categories
    while (q.ok() && q.row()) {
        std::int64_t id = 0;
        if (!q.integer(0, &id))
            continue;
        const std::string_view name = q.text(1);
        auto it = names.find(name);
        if (it == names.end())
            it = names.emplace(std::string(name), Category{ctx.str(name), name == "HostToDevice"}).first;
        cats_[id].push_back(it->second);
    }
}

// CONNECTION_IDS(id, connectionId): a framework row's connectionId is an id here, which names
// the connections (flows) it takes part in.
SqliteExportReader::Connections SqliteExportReader::readConnectionIds(std::uint64_t *rows)
{
    Connections out;
    if (!db_.has("CONNECTION_IDS", {"id", "connectionId"}))
        return out;
    Query c(db_.get(), "SELECT id, connectionId FROM CONNECTION_IDS");
    while (c.ok() && c.row()) {
        ++*rows;
        std::int64_t id = 0, conn = 0;
        if (c.integer(0, &id) && c.integer(1, &conn))
            out[id].push_back(conn);
    }
    return out;
}

// The connections framework rows take part in, with the first such row's start and whether
// a queue row is among them: one scan of PYTORCH_API in storage order. (As a join of
// CONNECTION_IDS and PYTORCH_API grouped by connection, SQLite built an index over the
// whole API table twice, which was two thirds of reading a large export.) The id map is
// read again for the framework rows rather than kept: it is the size of the table, and
// the tasks are read in between.
void SqliteExportReader::scanFrameworkConnections()
{
    std::uint64_t rows = 0;
    const Connections connections = readConnectionIds(&rows);
    if (connections.empty() || !db_.has("PYTORCH_API", {"connectionId", "startNs"}))
        return;
    const bool typed = db_.has("PYTORCH_API", {"type"}) && db_.has("ENUM_API_TYPE", {"id", "name"});
    // Only rows with a connection (a fifth of a PyTorch capture's): the others' start texts
    // are then never decoded.
    Query q(db_, std::string("SELECT connectionId, startNs, ") + (typed ? "type" : "NULL")
                     + " FROM PYTORCH_API WHERE connectionId IS NOT NULL", Query::Ahead);
    std::unordered_map<std::int64_t, bool> queueType; // API type id → is it "queue"
    while (q.ok() && q.row()) {
        std::int64_t id = 0, start = 0, type = 0;
        if (!q.integer(0, &id))
            continue;
        const auto it = connections.find(id);
        if (it == connections.end())
            continue;
        const bool started = q.integer(1, &start);
        bool queue = false;
        if (typed && q.integer(2, &type)) {
            auto [t, fresh] = queueType.try_emplace(type, false);
            if (fresh)
                t->second = enumName("ENUM_API_TYPE", type) == "queue";
            queue = t->second;
        }
        for (std::int64_t conn : it->second) {
            FrameworkConnection &f = frameworkConns_[conn];
            f.queue = f.queue || queue;
            if (started && (!f.started || start < f.first)) {
                f.first = start;
                f.started = true;
            }
        }
    }
}

// torch_npu and msprof do not write connectionCats (MindStudio Insight adds it when it opens a
// file), so most databases have none. The categories follow from where an id occurs, as the
// files that have the table show: an id a task carries links its CANN launch to it
// (HostToDevice) and, in a PyTorch capture, the operator that queued it (async_npu); an id
// only framework rows share links an enqueue to its dequeue (async_task_queue) or a forward
// operator to its backward one (fwdbwd).
void SqliteExportReader::inferConnectionCats(ImportContext &ctx)
{
    const Category hostToDevice{ctx.str("HostToDevice"), true}, asyncNpu{ctx.str("async_npu"), false},
        taskQueue{ctx.str("async_task_queue"), false}, fwdBwd{ctx.str("fwdbwd"), false};
    if (db_.has("TASK", {"connectionId"})) {
        Query q(db_.get(), "SELECT DISTINCT connectionId FROM TASK WHERE connectionId IS NOT NULL");
        while (q.ok() && q.row()) {
            std::int64_t id = 0;
            if (!q.integer(0, &id))
                continue;
            auto &cats = cats_[id];
            cats.push_back(hostToDevice);
            if (const auto f = frameworkConns_.find(id); f != frameworkConns_.end() && f->second.started)
                cats.push_back(asyncNpu);
        }
    }
    const bool anyStarted = std::any_of(frameworkConns_.begin(), frameworkConns_.end(),
                                        [](const auto &c) { return c.second.started; });
    if (!anyStarted || !db_.has("PYTORCH_API", {"type"}))
        return;
    for (const auto &[id, f] : frameworkConns_)
        if (!cats_.count(id))
            cats_[id].push_back(f.queue ? taskQueue : fwdBwd);
}

bool SqliteExportReader::finishesLater(std::int64_t connection, TimeNs start) const
{
    const auto it = frameworkConns_.find(connection);
    return it != frameworkConns_.end() && it->second.started && start > it->second.first;
}

const std::vector<SqliteExportReader::Category> &SqliteExportReader::categoriesOf(std::int64_t connection) const
{
    static const std::vector<Category> none;
    const auto it = cats_.find(connection);
    return it == cats_.end() ? none : it->second;
}

} // namespace npuscope::importing
