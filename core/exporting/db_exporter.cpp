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

#include "core/exporting/db_writer.h"

namespace npuscope::exporting::dbx {

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

} // namespace npuscope::exporting::dbx

namespace npuscope::exporting {

using namespace dbx;

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
        if (!writeDeviceFolder(staged, d))
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
