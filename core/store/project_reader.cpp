// ProjectReader: one session's records, read back by iteration, device or whole.
#include "core/store/hccl_blocks.h"
#include "core/store/host_blocks.h"
#include "core/store/task_blocks.h"
#include "core/store/project_internal.h"
#include "core/store/lod.h"
#include "core/store/op_blocks.h"
#include "core/store/session_blocks.h"
#include "core/store/session_records.h"

#include <QtEndian>

#include <algorithm>
#include <cstring>
#include <mutex>
#include <tuple>
#include <unordered_map>
#include <vector>

namespace npuscope::store {

using namespace internal;

// ---------------------------------------------------------------------------------------
// ProjectReader

struct ProjectReader::Impl {
    QString path;
    Db db;
    std::int64_t session = 0;
    SessionInfo info;
    mutable SessionStatus status = SessionStatus::Running;
    // Producers number strings and ops densely from 1, so a vector indexed by id is the
    // common case; a pathological sparse numbering falls back to a map.
    std::vector<std::string> strings;
    std::unordered_map<StrId, std::string> sparseStrings;
    std::vector<OpDesc> ops; // ops[id].id == id when present, 0 otherwise
    std::unordered_map<std::uint32_t, OpDesc> sparseOps;

    mutable std::mutex errorMutex;
    mutable QString lastError;

    bool fail(int rc) const
    {
        std::lock_guard lock(errorMutex);
        lastError = detail::messageFromCode(rc, path, db.lastMessage());
        return false;
    }

    // A store function's status as this reader's answer: SQLITE_OK is true, anything else
    // is remembered for errorString() and false.
    bool ok(int rc) const { return rc == SQLITE_OK || fail(rc); }

    // Every row of the session in a plain row table.
    template<typename Rec, typename Cols>
    std::vector<Rec> all(const detail::RowTable<Cols> &table) const
    {
        std::vector<Rec> out;
        ok(detail::readRows(db, table, session, &out));
        return out;
    }

    bool prepareIter(const char *sql, const IterationKey &k, Stmt *s) const
    {
        const int rc = db.prepare(sql, s);
        if (rc != SQLITE_OK)
            return fail(rc);
        sqlite3_bind_int64(s->get(), 1, session);
        sqlite3_bind_int64(s->get(), 2, k.device);
        sqlite3_bind_int64(s->get(), 3, k.modelId);
        sqlite3_bind_int64(s->get(), 4, k.iteration);
        return true;
    }

    // Steps `s` to the end, handing each row to `row` until it returns false.
    template<typename Row>
    bool run(const Stmt &s, Row &&row) const
    {
        int rc = detail::stepFirst(s.get());
        for (; rc == SQLITE_ROW; rc = sqlite3_step(s.get()))
            if (!row(s.get()))
                return true;
        return rc == SQLITE_DONE ? true : fail(rc);
    }

    // An iteration's records of a block kind: the blocks selected by `sql` (in id order,
    // each in recorded order) decoded by `read`, then by start, stream and task id, ties in
    // recorded order (a stable sort: equal keys share a stream, whose blocks are in id order).
    template<typename Rec, typename Read, typename Fn>
    bool forEachInBlocks(const char *sql, const IterationKey &k, Read read, const Fn &fn) const
    {
        Stmt s;
        if (!prepareIter(sql, k, &s))
            return false;
        std::vector<Rec> records;
        bool damaged = false;
        if (!run(s, [&](sqlite3_stmt *q) { return !(damaged = !read(q, 0, &records)); }))
            return false;
        if (damaged)
            return fail(SQLITE_CORRUPT);
        std::stable_sort(records.begin(), records.end(), [](const Rec &a, const Rec &b) {
            return std::tie(a.start, a.streamId, a.taskId) < std::tie(b.start, b.streamId, b.taskId);
        });
        for (const Rec &r : records)
            if (!fn(r))
                break;
        return true;
    }
};

namespace {
constexpr std::size_t kDenseLimit = 1u << 24;
}

std::unique_ptr<ProjectReader> Project::session(std::int64_t sessionId, QString *message) const
{
    auto impl = std::make_unique<ProjectReader::Impl>();
    impl->path = d->path;
    impl->session = sessionId;
    StoreError e = StoreError::None;
    QString m;
    // The file passed the deep check when this Project was opened; a second quick_check
    // per view would only cost time.
    if (!detail::openProject(d->path, detail::OpenKind::ReadOnly, detail::DeepCheck::No, /*forWriter=*/false,
                             &impl->db, &e, &m)) {
        if (message)
            *message = m;
        return nullptr;
    }
    const Db &db = impl->db;
    SessionSummary sum;
    int rc = SQLITE_OK;
    if (!loadSummary(db, sessionId, &sum, &rc)) {
        if (message)
            *message = rc == SQLITE_OK
                ? ProjectStore::tr("The project %1 has no session %2.").arg(shown(d->path), QString::number(sessionId))
                : detail::messageFromCode(rc, d->path, db.lastMessage());
        return nullptr;
    }
    impl->info = std::move(sum.info);
    impl->status = sum.status;

    auto failed = [&](int code) {
        if (message)
            *message = detail::messageFromCode(code, d->path, db.lastMessage());
        return nullptr;
    };

    Stmt s;
    if ((rc = db.prepare("SELECT id, text FROM strings WHERE session = ?1 ORDER BY id", &s)) != SQLITE_OK)
        return failed(rc);
    sqlite3_bind_int64(s.get(), 1, sessionId);
    while ((rc = sqlite3_step(s.get())) == SQLITE_ROW) {
        const auto id = colU32(s.get(), 0);
        const auto *t = reinterpret_cast<const char *>(sqlite3_column_text(s.get(), 1));
        std::string text(t ? t : "", size_t(sqlite3_column_bytes(s.get(), 1)));
        if (id < kDenseLimit) {
            if (impl->strings.size() <= id)
                impl->strings.resize(size_t(id) + 1);
            impl->strings[id] = std::move(text);
        } else {
            impl->sparseStrings.emplace(id, std::move(text));
        }
    }
    if (rc != SQLITE_DONE)
        return failed(rc);

    if ((rc = db.prepare("SELECT id, model, name, op_type, input_shapes, input_data_types, input_formats, "
                         "output_shapes, output_data_types, output_formats, block_dim, ai_cpu, mix_block_dim, core_type "
                         "FROM ops WHERE session = ?1 ORDER BY id", &s)) != SQLITE_OK)
        return failed(rc);
    sqlite3_bind_int64(s.get(), 1, sessionId);
    while ((rc = sqlite3_step(s.get())) == SQLITE_ROW) {
        sqlite3_stmt *q = s.get();
        OpDesc o;
        o.id = colU32(q, 0);
        o.modelId = colU32(q, 1);
        o.name = colU32(q, 2);
        o.opType = colU32(q, 3);
        o.inputShapes = colU32(q, 4);
        o.inputDataTypes = colU32(q, 5);
        o.inputFormats = colU32(q, 6);
        o.outputShapes = colU32(q, 7);
        o.outputDataTypes = colU32(q, 8);
        o.outputFormats = colU32(q, 9);
        o.blockDim = colU16(q, 10);
        o.aiCpu = colI(q, 11) != 0;
        o.mixBlockDim = colU16(q, 12);
        o.coreType = colU32(q, 13);
        if (o.id == 0)
            continue; // id 0 means "no op" in every record
        if (o.id < kDenseLimit) {
            if (impl->ops.size() <= o.id)
                impl->ops.resize(size_t(o.id) + 1);
            impl->ops[o.id] = o;
        } else {
            impl->sparseOps.emplace(o.id, o);
        }
    }
    if (rc != SQLITE_DONE)
        return failed(rc);
    return std::make_unique<ProjectReader>(std::move(impl));
}

ProjectReader::ProjectReader(std::unique_ptr<Impl> impl) : d(std::move(impl)) {}
ProjectReader::~ProjectReader() = default;

std::int64_t ProjectReader::sessionId() const
{
    return d->session;
}

const SessionInfo &ProjectReader::sessionInfo() const
{
    return d->info;
}

SessionStatus ProjectReader::status() const
{
    // Re-read: a live view follows a recording that is still being written.
    Stmt s;
    if (d->db.prepare("SELECT status FROM sessions WHERE id = ?1", &s) == SQLITE_OK) {
        sqlite3_bind_int64(s.get(), 1, d->session);
        SessionStatus st;
        const int rc = sqlite3_step(s.get());
        if (rc == SQLITE_ROW && sessionStatusFromName(colQ(s.get(), 0), &st))
            d->status = st;
        else if (rc != SQLITE_ROW && rc != SQLITE_DONE)
            d->fail(rc); // the status read before stands; errorString() says why it is not fresh
    }
    return d->status;
}

QString ProjectReader::errorString() const
{
    std::lock_guard lock(d->errorMutex);
    return d->lastError;
}

std::string_view ProjectReader::string(StrId id) const
{
    if (id < d->strings.size())
        return d->strings[id];
    if (auto it = d->sparseStrings.find(id); it != d->sparseStrings.end())
        return it->second;
    return {};
}

const OpDesc *ProjectReader::op(std::uint32_t opId) const
{
    if (opId == 0)
        return nullptr;
    if (opId < d->ops.size())
        return d->ops[opId].id == opId ? &d->ops[opId] : nullptr;
    if (auto it = d->sparseOps.find(opId); it != d->sparseOps.end())
        return &it->second;
    return nullptr;
}

std::vector<IterationKey> ProjectReader::iterations() const
{
    std::vector<IterationKey> out;
    Stmt s;
    const int rc = d->db.prepare("SELECT device, model, iteration FROM iterations WHERE session = ?1 "
                                 "ORDER BY device, model, iteration", &s);
    if (rc != SQLITE_OK) {
        d->fail(rc);
        return out;
    }
    sqlite3_bind_int64(s.get(), 1, d->session);
    d->run(s, [&](sqlite3_stmt *q) {
        out.push_back(IterationKey{colU16(q, 0), colU32(q, 1), colU32(q, 2)});
        return true;
    });
    return out;
}

bool ProjectReader::forEachTask(const IterationKey &k, const TaskFn &fn) const
{
    return d->forEachInBlocks<TaskRecord>("SELECT " NPUSCOPE_TASK_BLOCK_COLUMNS " FROM task_blocks WHERE session = ?1 "
                                          "AND device = ?2 AND model = ?3 AND iteration = ?4 ORDER BY id",
                                          k, [](sqlite3_stmt *q, int first, std::vector<TaskRecord> *out) {
                                              return detail::readTaskBlock(q, first, out);
                                          }, fn);
}

bool ProjectReader::scanTasks(const TaskFn &fn, bool withPmu) const
{
    // One statement over task_blocks_by_iteration (no sort step): the blocks iteration by
    // iteration, each decoded once, in id order within an iteration as forEachTask reads them.
    Stmt s;
    const int rc = d->db.prepare("SELECT " NPUSCOPE_TASK_BLOCK_COLUMNS " FROM task_blocks WHERE session = ?1 "
                                 "ORDER BY device, model, iteration, id", &s);
    if (rc != SQLITE_OK)
        return d->fail(rc);
    sqlite3_bind_int64(s.get(), 1, d->session);
    std::vector<TaskRecord> block;
    bool damaged = false;
    if (!d->run(s, [&](sqlite3_stmt *q) {
            block.clear();
            if ((damaged = !detail::readTaskBlock(q, 0, &block, withPmu ? detail::PmuValues::Keep : detail::PmuValues::Skip)))
                return false;
            for (const TaskRecord &t : block)
                if (!fn(t))
                    return false;
            return true;
        }))
        return false;
    return damaged ? d->fail(SQLITE_CORRUPT) : true;
}

bool ProjectReader::forEachCollective(const IterationKey &k, const CollectiveFn &fn) const
{
    Stmt s;
    if (!d->prepareIter("SELECT name, op_type, start, duration, bytes, segment FROM collectives "
                        "WHERE session = ?1 AND device = ?2 AND model = ?3 AND iteration = ?4 "
                        "ORDER BY start, rowid", k, &s))
        return false;
    CollectiveOpRecord r;
    r.device = k.device;
    r.modelId = k.modelId;
    r.iteration = k.iteration;
    return d->run(s, [&](sqlite3_stmt *q) {
        r.name = colU32(q, 0);
        r.opType = colU32(q, 1);
        r.start = colI(q, 2);
        r.duration = colI(q, 3);
        r.bytes = u64(colI(q, 4));
        r.segment = colU32(q, 5);
        return fn(r);
    });
}

bool ProjectReader::forEachHcclTask(const IterationKey &k, const HcclFn &fn) const
{
    return d->forEachInBlocks<HcclTaskRecord>("SELECT device, model, iteration, data FROM hccl_blocks WHERE session = ?1 "
                                              "AND device = ?2 AND model = ?3 AND iteration = ?4 ORDER BY id",
                                              k, detail::readHcclBlock, fn);
}

bool ProjectReader::forEachAiCpu(const IterationKey &k, const AiCpuFn &fn) const
{
    Stmt s;
    if (!d->prepareIter("SELECT stream, task_id, node, timestamp, compute_time, memcpy_time, task_time, "
                        "dispatch_time, total_time FROM aicpu "
                        "WHERE session = ?1 AND device = ?2 AND model = ?3 AND iteration = ?4 "
                        "ORDER BY timestamp, stream, task_id, rowid", k, &s))
        return false;
    AiCpuRecord r;
    r.device = k.device;
    r.modelId = k.modelId;
    r.iteration = k.iteration;
    return d->run(s, [&](sqlite3_stmt *q) {
        r.streamId = colU32(q, 0);
        r.taskId = colU32(q, 1);
        r.node = colU32(q, 2);
        r.timestamp = colI(q, 3);
        r.computeTime = colI(q, 4);
        r.memcpyTime = colI(q, 5);
        r.taskTime = colI(q, 6);
        r.dispatchTime = colI(q, 7);
        r.totalTime = colI(q, 8);
        return fn(r);
    });
}

bool ProjectReader::forEachHostRange(const IterationKey &k, const HostRangeFn &fn) const
{
    // By start, then recorded order: the blocks of the iteration merged (host_blocks.h).
    return d->ok(detail::readHostRangeBlocks(d->db, d->session, &k, fn));
}

std::vector<StepTraceRecord> ProjectReader::stepTraces(std::uint16_t device, std::uint32_t modelId) const
{
    std::vector<StepTraceRecord> out;
    Stmt s;
    const int rc = d->db.prepare("SELECT s.id, s.iteration, s.fp_start, s.bp_end, s.iteration_end, "
                                 "s.previous_iteration_end, r.start, r.end "
                                 "FROM step_traces s LEFT JOIN step_reduces r ON r.step = s.id "
                                 "WHERE s.session = ?1 AND s.device = ?2 AND s.model = ?3 "
                                 "ORDER BY s.iteration, s.id, r.idx", &s);
    if (rc != SQLITE_OK) {
        d->fail(rc);
        return out;
    }
    sqlite3_bind_int64(s.get(), 1, d->session);
    sqlite3_bind_int64(s.get(), 2, device);
    sqlite3_bind_int64(s.get(), 3, modelId);
    std::int64_t current = -1;
    d->run(s, [&](sqlite3_stmt *q) {
        const std::int64_t id = colI(q, 0);
        if (id != current) {
            current = id;
            StepTraceRecord r;
            r.device = device;
            r.modelId = modelId;
            r.iteration = colU32(q, 1);
            r.fpStart = colI(q, 2);
            r.bpEnd = colI(q, 3);
            r.iterationEnd = colI(q, 4);
            r.previousIterationEnd = colI(q, 5);
            out.push_back(std::move(r));
        }
        if (sqlite3_column_type(q, 6) != SQLITE_NULL)
            out.back().reduces.push_back(StepTraceRecord::Reduce{colI(q, 6), colI(q, 7)});
        return true;
    });
    return out;
}

std::vector<QueueEventRecord> ProjectReader::queueEvents(std::uint16_t device) const
{
    std::vector<QueueEventRecord> out;
    Stmt s;
    const int rc = d->db.prepare("SELECT timestamp, action, source, cached_buffer_size FROM queue_events "
                                 "WHERE session = ?1 AND device = ?2 ORDER BY timestamp, rowid", &s);
    if (rc != SQLITE_OK) {
        d->fail(rc);
        return out;
    }
    sqlite3_bind_int64(s.get(), 1, d->session);
    sqlite3_bind_int64(s.get(), 2, device);
    d->run(s, [&](sqlite3_stmt *q) {
        QueueEventRecord r;
        r.device = device;
        r.timestamp = colI(q, 0);
        r.action = colU32(q, 1);
        r.source = colU32(q, 2);
        r.cachedBufferSize = colU32(q, 3);
        out.push_back(r);
        return true;
    });
    return out;
}

std::vector<FusionOpRecord> ProjectReader::fusionOps(std::uint32_t modelId) const
{
    std::vector<FusionOpRecord> out;
    Stmt s;
    const int rc = d->db.prepare("SELECT model_name, fusion_op, original_ops, memory_input, memory_output, "
                                 "memory_weight, memory_workspace FROM fusion_ops "
                                 "WHERE session = ?1 AND model = ?2 ORDER BY rowid", &s);
    if (rc != SQLITE_OK) {
        d->fail(rc);
        return out;
    }
    sqlite3_bind_int64(s.get(), 1, d->session);
    sqlite3_bind_int64(s.get(), 2, modelId);
    d->run(s, [&](sqlite3_stmt *q) {
        FusionOpRecord r;
        r.modelId = modelId;
        r.modelName = colU32(q, 0);
        r.fusionOp = colU32(q, 1);
        r.originalOps = colU32(q, 2);
        r.memoryInput = u64(colI(q, 3));
        r.memoryOutput = u64(colI(q, 4));
        r.memoryWeight = u64(colI(q, 5));
        r.memoryWorkspace = u64(colI(q, 6));
        out.push_back(r);
        return true;
    });
    return out;
}

bool ProjectReader::forEachCounter(std::uint16_t device, const CounterFn &fn) const
{
    return d->ok(detail::readCounterBlocks(d->db, d->session, device, fn));
}

bool ProjectReader::forEachFlow(const FlowFn &fn) const
{
    return d->ok(detail::readFlows(d->db, d->session, fn));
}

bool ProjectReader::forEachPythonRange(std::uint16_t device, const PythonRangeFn &fn) const
{
    return d->ok(detail::readPythonRangeBlocks(d->db, d->session, device, fn));
}

bool ProjectReader::forEachMemory(std::uint16_t device, const MemoryFn &fn) const
{
    return d->ok(detail::readMemoryBlocks(d->db, d->session, device, fn));
}

bool ProjectReader::forEachOpMemory(std::uint16_t device, const OpMemoryFn &fn) const
{
    return d->ok(detail::readOpMemoryBlocks(d->db, d->session, device, fn));
}

bool ProjectReader::forEachTaskAttr(std::uint16_t device, const TaskAttrFn &fn) const
{
    return d->ok(detail::readTaskAttrBlocks(d->db, d->session, device, fn));
}

std::vector<CommOpStatRecord> ProjectReader::commOpStats() const
{
    return d->all<CommOpStatRecord>(detail::kCommOpTable);
}

std::vector<CommBandwidthRecord> ProjectReader::commBandwidth() const
{
    return d->all<CommBandwidthRecord>(detail::kCommBandwidthTable);
}

std::vector<CommMatrixRecord> ProjectReader::commMatrix() const
{
    return d->all<CommMatrixRecord>(detail::kCommMatrixTable);
}

std::vector<StepTimeRecord> ProjectReader::stepTimes() const
{
    return d->all<StepTimeRecord>(detail::kStepTimesTable);
}

std::vector<std::pair<QString, std::uint64_t>> ProjectReader::recordCounts() const
{
    std::vector<std::pair<QString, std::uint64_t>> out;
    for (int k = 0; k < kAllKindCount; ++k)
        out.emplace_back(QString::fromLatin1(kindName(k)), 0);
    Stmt s;
    const int rc = d->db.prepare("SELECT kind, n FROM record_counts WHERE session = ?1", &s);
    if (rc != SQLITE_OK) {
        d->fail(rc);
        return out;
    }
    sqlite3_bind_int64(s.get(), 1, d->session);
    d->run(s, [&](sqlite3_stmt *q) {
        const QString kind = colQ(q, 0);
        for (auto &[name, n] : out) {
            if (name == kind)
                n = u64(colI(q, 1));
        }
        return true;
    });
    return out;
}

} // namespace npuscope::store
