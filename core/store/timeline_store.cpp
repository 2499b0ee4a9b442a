// TimelineStore: the timeline's reads of a session (summary, tasks, look-ups, the small
// tables), its marks and lane layouts.
#include "core/store/block_codec.h"
#include "core/store/hccl_blocks.h"
#include "core/store/host_blocks.h"
#include "core/store/task_blocks.h"
#include "core/store/lod_internal.h"
#include "core/store/project_internal.h"
#include "core/store/row_columns.h"
#include "core/store/sqlite_db.h"
#include "core/store/schema.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QFile>
#include <QDir>
#include <QFileInfo>
#include <QtEndian>

#include <algorithm>
#include <cstring>
#include <limits>
#include <map>
#include <optional>
#include <unordered_map>

namespace npuscope::store {

using detail::Db;
using detail::Stmt;
using namespace lodinternal;

// ---------------------------------------------------------------------------------------

struct TimelineStore::Impl {
    QString path;
    std::int64_t session = 0;
    Db db;
    mutable QString error;
    Stmt find;
    Stmt findHccl;
};

TimelineStore::TimelineStore(std::unique_ptr<Impl> impl) : d(std::move(impl)) {}

TimelineStore::~TimelineStore()
{
    d->find = Stmt();
    d->findHccl = Stmt();
}

std::unique_ptr<TimelineStore> TimelineStore::open(const QString &path, std::int64_t sessionId, StoreError *err,
                                                   QString *message)
{
    auto impl = std::make_unique<Impl>();
    impl->path = QFileInfo(path).absoluteFilePath();
    impl->session = sessionId;
    StoreError e = StoreError::None;
    if (!detail::openProject(impl->path, detail::OpenKind::ReadOnly, detail::DeepCheck::No, false, &impl->db, &e, message)) {
        if (err)
            *err = e;
        return nullptr;
    }
    int rc = SQLITE_OK;
    const std::int64_t known = scalarFor(impl->db.get(), "SELECT COUNT(*) FROM sessions WHERE id = ?1", sessionId, 0, &rc);
    if (rc != SQLITE_OK || known == 0) {
        if (err)
            *err = rc != SQLITE_OK ? detail::errorFromCode(rc) : StoreError::NotFound;
        if (message)
            *message = rc != SQLITE_OK ? detail::messageFromCode(rc, impl->path, impl->db.lastMessage())
                                       : Ctx::tr("The project %1 has no session %2.")
                                             .arg(QDir::toNativeSeparators(impl->path), QString::number(sessionId));
        return nullptr;
    }
    if (err)
        *err = StoreError::None;
    return std::unique_ptr<TimelineStore>(new TimelineStore(std::move(impl)));
}

QString TimelineStore::errorString() const
{
    return d->error;
}

bool TimelineStore::readLod(TimelineLod *out, QString *message) const
{
    sqlite3 *db = d->db.get();
    const auto readError = [&] {
        if (message)
            *message = sqlMessage(db, Ctx::tr("Reading the timeline summary"));
        return false;
    };
    bool stored = false;
    if (!hasTable(db, "timeline_lod_sessions", &stored))
        return readError();
    if (!stored)
        return false;
    sqlite3_stmt *s = nullptr;
    if (sqlite3_prepare_v2(db, "SELECT origin, extent, bucket_ns, buckets FROM timeline_lod_sessions WHERE session = ?1", -1,
                           &s, nullptr) != SQLITE_OK) {
        if (message)
            *message = sqlMessage(db, Ctx::tr("Reading the timeline summary"));
        return false;
    }
    sqlite3_bind_int64(s, 1, d->session);
    int rc = sqlite3_step(s);
    if (rc != SQLITE_ROW) {
        sqlite3_finalize(s);
        return rc == SQLITE_DONE ? false : readError();
    }
    *out = TimelineLod{};
    out->origin = sqlite3_column_int64(s, 0);
    out->extent = sqlite3_column_int64(s, 1);
    out->bucketNs = std::max<TimeNs>(1, sqlite3_column_int64(s, 2));
    const int buckets = int(sqlite3_column_int64(s, 3));
    sqlite3_finalize(s);
    if (sqlite3_prepare_v2(db, "SELECT device, stream, tasks, data FROM timeline_lod WHERE session = ?1 ORDER BY device, stream",
                           -1, &s, nullptr) != SQLITE_OK) {
        if (message)
            *message = sqlMessage(db, Ctx::tr("Reading the timeline summary"));
        return false;
    }
    sqlite3_bind_int64(s, 1, d->session);
    while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
        LodLane lane;
        lane.device = std::uint16_t(sqlite3_column_int64(s, 0));
        lane.stream = std::uint32_t(sqlite3_column_int64(s, 1));
        lane.tasks = std::uint64_t(sqlite3_column_int64(s, 2));
        const auto *p = static_cast<const uchar *>(sqlite3_column_blob(s, 3));
        int size = sqlite3_column_bytes(s, 3);
        // Since schema 12 a lane is its buckets and their CRC-32, compressed where that was
        // smaller; an older summary is the buckets alone (lod.cpp, storeLod).
        const std::int64_t plain = std::int64_t(buckets) * kBucketBytes;
        if (size != plain && size > 0) {
            detail::BlockBytes b{p, std::size_t(size)};
            if (size != plain + 4)
                b = detail::unwrapBlock(p, std::size_t(size));
            if (!b.data || std::int64_t(b.size) != plain + 4
                || detail::crc32(b.data, std::size_t(plain)) != qFromLittleEndian<std::uint32_t>(b.data + plain)) {
                sqlite3_finalize(s);
                if (message)
                    *message = Ctx::tr("The timeline summary of device %1, stream %2 is damaged.")
                                   .arg(lane.device).arg(lane.stream);
                return false;
            }
            p = b.data;
            size = int(plain);
        }
        const int n = std::min(buckets, size / kBucketBytes);
        lane.buckets.resize(std::size_t(std::max(0, n)));
        for (int i = 0; i < n; ++i, p += kBucketBytes) {
            LodBucket &k = lane.buckets[std::size_t(i)];
            k.count = qFromLittleEndian<std::uint32_t>(p);
            k.busyNs = qFromLittleEndian<std::uint32_t>(p + 4);
            k.type = p[8];
            k.opType = qFromLittleEndian<std::uint32_t>(p + 9);
            k.name = qFromLittleEndian<std::uint32_t>(p + 13);
        }
        out->lanes.push_back(std::move(lane));
    }
    sqlite3_finalize(s);
    return rc == SQLITE_DONE ? true : readError();
}

namespace {

// Decodes each block of a session (the rows of `sql`, ?1 = session) with read(row, out)
// and hands it to each(row, records) until that returns false. `what` names the read
// in an error.
template<typename Rec, typename Read, typename Each>
bool scanBlocks(sqlite3 *db, const char *sql, std::int64_t session, const QString &path, const QString &what,
                QString *error, Read read, Each each)
{
    sqlite3_stmt *s = nullptr;
    if (sqlite3_prepare_v2(db, sql, -1, &s, nullptr) != SQLITE_OK) {
        *error = sqlMessage(db, what);
        return false;
    }
    sqlite3_bind_int64(s, 1, session);
    int rc;
    std::vector<Rec> block;
    bool stopped = false;
    while (!stopped && (rc = sqlite3_step(s)) == SQLITE_ROW) {
        block.clear();
        if (!read(s, &block)) {
            rc = SQLITE_CORRUPT;
            break;
        }
        stopped = !each(s, block);
    }
    if (stopped)
        rc = SQLITE_DONE;
    const bool ok = rc == SQLITE_DONE;
    if (!ok)
        *error = rc == SQLITE_CORRUPT ? detail::messageFromCode(rc, path, QString()) : sqlMessage(db, what);
    sqlite3_finalize(s);
    return ok;
}

} // namespace

bool TimelineStore::scanTasks(const std::function<bool(const TaskRow &)> &fn) const
{
    return scanBlocks<TaskRecord>(
        d->db.get(), "SELECT " NPUSCOPE_TASK_BLOCK_COLUMNS " FROM task_blocks NOT INDEXED WHERE session = ?1", d->session,
        d->path, Ctx::tr("Reading the tasks"), &d->error,
        [](sqlite3_stmt *s, std::vector<TaskRecord> *out) { return detail::readTaskBlock(s, 0, out, detail::PmuValues::Skip); },
        [&](sqlite3_stmt *, const std::vector<TaskRecord> &block) {
            for (const TaskRecord &t : block)
                if (!fn(TaskRow{t.device, t.streamId, t.start, t.duration, std::uint8_t(t.kind), t.name, t.opId, t.type}))
                    return false;
            return true;
        });
}

bool TimelineStore::scanHcclTasks(const std::function<bool(const HcclTaskRow &)> &fn) const
{
    return scanBlocks<HcclTaskRecord>(
        d->db.get(), "SELECT id, device, model, iteration, data FROM hccl_blocks NOT INDEXED WHERE session = ?1",
        d->session, d->path, Ctx::tr("Reading the HCCL tasks"), &d->error,
        [](sqlite3_stmt *s, std::vector<HcclTaskRecord> *out) { return detail::readHcclBlock(s, 1, out); },
        [&](sqlite3_stmt *s, const std::vector<HcclTaskRecord> &block) {
            const std::int64_t id = sqlite3_column_int64(s, 0);
            for (std::size_t i = 0; i < block.size(); ++i) {
                const HcclTaskRecord &h = block[i];
                if (!fn(HcclTaskRow{detail::hcclRowId(id, i), h.device, h.plane, h.name, h.start, h.duration}))
                    return false;
            }
            return true;
        });
}

bool TimelineStore::findHcclTask(std::int64_t rowid, HcclTaskRecord *out) const
{
    if (!d->findHccl && d->db.prepare("SELECT device, model, iteration, data FROM hccl_blocks "
                                      "WHERE id = ?1 AND session = ?2", &d->findHccl, true) != SQLITE_OK) {
        d->error = sqlMessage(d->db.get(), Ctx::tr("Looking up the HCCL task"));
        return false;
    }
    sqlite3_stmt *q = d->findHccl.get();
    sqlite3_reset(q);
    sqlite3_bind_int64(q, 1, rowid >= 0 ? rowid / 65536 : -1);
    sqlite3_bind_int64(q, 2, d->session);
    const int rc = sqlite3_step(q);
    std::vector<HcclTaskRecord> block;
    const std::size_t index = rowid >= 0 ? std::size_t(rowid % 65536) : 0;
    if (rc != SQLITE_ROW) {
        d->error = rc == SQLITE_DONE ? Ctx::tr("The HCCL task is no longer in the project.")
                                     : sqlMessage(d->db.get(), Ctx::tr("Looking up the HCCL task"));
        sqlite3_reset(q);
        return false;
    }
    if (!detail::readHcclBlock(q, 0, &block)) {
        d->error = detail::messageFromCode(SQLITE_CORRUPT, d->path, QString());
        sqlite3_reset(q);
        return false;
    }
    sqlite3_reset(q);
    if (index >= block.size()) {
        d->error = Ctx::tr("The HCCL task is no longer in the project.");
        return false;
    }
    *out = block[index];
    return true;
}

bool TimelineStore::findTask(std::uint16_t device, std::uint32_t stream, TimeNs start, StrId name, TaskRecord *out) const
{
    // The lane's blocks whose starts span `start` (task_blocks_by_stream), decoded; of the
    // tasks starting then, the first by task id (ties in recorded order) named `name`, or
    // else the first.
    if (!d->find && d->db.prepare("SELECT " NPUSCOPE_TASK_BLOCK_COLUMNS " FROM task_blocks "
                                  "WHERE session = ?1 AND device = ?2 AND stream = ?3 AND first_start <= ?4 "
                                  "AND last_start >= ?4 ORDER BY id", &d->find, true) != SQLITE_OK) {
        d->error = sqlMessage(d->db.get(), Ctx::tr("Looking up the task"));
        return false;
    }
    sqlite3_stmt *q = d->find.get();
    sqlite3_reset(q);
    sqlite3_bind_int64(q, 1, d->session);
    sqlite3_bind_int64(q, 2, device);
    sqlite3_bind_int64(q, 3, stream);
    sqlite3_bind_int64(q, 4, start);
    std::vector<TaskRecord> block;
    std::optional<TaskRecord> first, named;
    int rc;
    while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
        block.clear();
        if (!detail::readTaskBlock(q, 0, &block)) {
            rc = SQLITE_CORRUPT;
            break;
        }
        for (TaskRecord &t : block) {
            if (t.start != start)
                continue;
            if (!first || t.taskId < first->taskId)
                first = t;
            if (t.name == name && (!named || t.taskId < named->taskId))
                named = std::move(t);
        }
    }
    sqlite3_reset(q);
    // A damaged page or block met on the way is a read error, not "no such task".
    if (rc != SQLITE_DONE) {
        d->error = rc == SQLITE_CORRUPT ? detail::messageFromCode(rc, d->path, QString())
                                        : sqlMessage(d->db.get(), Ctx::tr("Looking up the task"));
        return false;
    }
    if (!first) {
        d->error = Ctx::tr("The task is no longer in the project.");
        return false;
    }
    *out = named ? std::move(*named) : std::move(*first);
    return true;
}

namespace {
template<typename Row>
bool eachRow(sqlite3 *db, const char *sql, std::int64_t session, QString *error, Row &&row)
{
    sqlite3_stmt *s = nullptr;
    if (sqlite3_prepare_v2(db, sql, -1, &s, nullptr) != SQLITE_OK) {
        *error = sqlMessage(db, Ctx::tr("Reading the session"));
        return false;
    }
    sqlite3_bind_int64(s, 1, session);
    int rc;
    while ((rc = sqlite3_step(s)) == SQLITE_ROW)
        row(s);
    const bool ok = rc == SQLITE_DONE;
    if (!ok)
        *error = sqlMessage(db, Ctx::tr("Reading the session"));
    sqlite3_finalize(s);
    return ok;
}
// eachRow over a table written on first use: a file without it holds none of its rows.
// False, with why (`what` failed) in *error, when the file cannot say.
template<typename Row>
bool eachStoredRow(sqlite3 *db, const char *table, const QString &what, const char *sql, std::int64_t session,
                   QString *error, Row &&row)
{
    bool stored = false;
    if (!hasTable(db, table, &stored)) {
        *error = sqlMessage(db, what);
        return false;
    }
    return !stored || eachRow(db, sql, session, error, std::forward<Row>(row));
}
inline std::int64_t I(sqlite3_stmt *s, int i) { return sqlite3_column_int64(s, i); }
inline std::uint32_t U(sqlite3_stmt *s, int i) { return std::uint32_t(sqlite3_column_int64(s, i)); }
inline QString T(sqlite3_stmt *s, int i)
{
    return QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_column_text(s, i)), sqlite3_column_bytes(s, i));
}
} // namespace

bool TimelineStore::readSessionHeader(QString *name, QByteArray *optionsJson) const
{
    return eachRow(d->db.get(), "SELECT name, options_json FROM sessions WHERE id = ?1", d->session, &d->error,
                   [&](sqlite3_stmt *s) {
                       *name = T(s, 0);
                       *optionsJson = T(s, 1).toUtf8();
                   });
}

bool TimelineStore::readPmuColumns(QStringList *out) const
{
    out->clear();
    return eachRow(d->db.get(), "SELECT name FROM pmu_columns WHERE session = ?1 ORDER BY idx", d->session, &d->error,
                   [&](sqlite3_stmt *s) { *out << T(s, 0); });
}

bool TimelineStore::readStrings(std::vector<std::string> *out) const
{
    out->clear();
    return eachRow(d->db.get(), "SELECT id, text FROM strings WHERE session = ?1 ORDER BY id", d->session, &d->error,
                   [&](sqlite3_stmt *s) {
                       const std::uint32_t id = U(s, 0);
                       if (id >= (1u << 24))
                           return; // producers number densely; a wild id is not drawable anyway
                       if (out->size() <= id)
                           out->resize(std::size_t(id) + 1);
                       const auto *t = reinterpret_cast<const char *>(sqlite3_column_text(s, 1));
                       (*out)[id].assign(t ? t : "", std::size_t(sqlite3_column_bytes(s, 1)));
                   });
}

bool TimelineStore::readOps(std::vector<OpDesc> *out) const
{
    out->clear();
    return eachRow(d->db.get(),
                   "SELECT id, model, name, op_type, input_shapes, input_data_types, input_formats, output_shapes, "
                   "output_data_types, output_formats, block_dim, ai_cpu, mix_block_dim, core_type FROM ops WHERE session = ?1 "
                   "ORDER BY id",
                   d->session, &d->error, [&](sqlite3_stmt *s) {
                       OpDesc o;
                       o.id = U(s, 0);
                       if (o.id == 0 || o.id >= (1u << 24))
                           return;
                       o.modelId = U(s, 1);
                       o.name = U(s, 2);
                       o.opType = U(s, 3);
                       o.inputShapes = U(s, 4);
                       o.inputDataTypes = U(s, 5);
                       o.inputFormats = U(s, 6);
                       o.outputShapes = U(s, 7);
                       o.outputDataTypes = U(s, 8);
                       o.outputFormats = U(s, 9);
                       o.blockDim = std::uint16_t(I(s, 10));
                       o.aiCpu = I(s, 11) != 0;
                       o.mixBlockDim = std::uint16_t(I(s, 12));
                       o.coreType = U(s, 13);
                       if (out->size() <= o.id)
                           out->resize(std::size_t(o.id) + 1);
                       (*out)[o.id] = o;
                   });
}

bool TimelineStore::readDevices(std::vector<DeviceInfo> *out) const
{
    out->clear();
    return eachRow(d->db.get(), internal::kSelectDevices, d->session, &d->error,
                   [&](sqlite3_stmt *s) { out->push_back(internal::deviceRow(s)); });
}

bool TimelineStore::readStepTraces(std::vector<StepTraceRecord> *out) const
{
    out->clear();
    std::vector<std::int64_t> ids;
    if (!eachRow(d->db.get(),
                 "SELECT id, device, model, iteration, fp_start, bp_end, iteration_end, previous_iteration_end "
                 "FROM step_traces WHERE session = ?1 ORDER BY device, model, iteration", d->session, &d->error,
                 [&](sqlite3_stmt *s) {
                     StepTraceRecord r;
                     ids.push_back(I(s, 0));
                     r.device = std::uint16_t(I(s, 1));
                     r.modelId = U(s, 2);
                     r.iteration = U(s, 3);
                     r.fpStart = I(s, 4);
                     r.bpEnd = I(s, 5);
                     r.iterationEnd = I(s, 6);
                     r.previousIterationEnd = I(s, 7);
                     out->push_back(std::move(r));
                 }))
        return false;
    std::unordered_map<std::int64_t, std::size_t> index;
    for (std::size_t i = 0; i < ids.size(); ++i)
        index[ids[i]] = i;
    return eachRow(d->db.get(),
                   "SELECT r.step, r.start, r.end FROM step_reduces r JOIN step_traces t ON t.id = r.step "
                   "WHERE t.session = ?1 ORDER BY r.step, r.idx", d->session, &d->error, [&](sqlite3_stmt *s) {
                       const auto it = index.find(I(s, 0));
                       if (it != index.end())
                           (*out)[it->second].reduces.push_back({I(s, 1), I(s, 2)});
                   });
}

bool TimelineStore::readCollectives(std::vector<CollectiveOpRecord> *out) const
{
    out->clear();
    return eachRow(d->db.get(), detail::selectSql(detail::kCollectivesTable).c_str(), d->session, &d->error,
                   [&](sqlite3_stmt *s) { out->push_back(detail::kCollectivesTable.read<CollectiveOpRecord>(s)); });
}

bool TimelineStore::readHostRanges(std::vector<HostRangeRecord> *out) const
{
    out->clear();
    // By start, ties in recorded order (host_blocks.h).
    const int rc = detail::readHostRangeBlocks(d->db, d->session, nullptr, [out](const HostRangeRecord &r) {
        out->push_back(r);
        return true;
    });
    if (rc != SQLITE_OK)
        d->error = rc == SQLITE_CORRUPT ? detail::messageFromCode(rc, d->path, QString())
                                        : sqlMessage(d->db.get(), Ctx::tr("Reading the session"));
    return rc == SQLITE_OK;
}

bool TimelineStore::readAiCpu(std::vector<AiCpuRecord> *out) const
{
    out->clear();
    return eachRow(d->db.get(), detail::selectSql(detail::kAiCpuTable).c_str(), d->session, &d->error,
                   [&](sqlite3_stmt *s) { out->push_back(detail::kAiCpuTable.read<AiCpuRecord>(s)); });
}

bool TimelineStore::measureSession(TimeNs *origin, TimeNs *end) const
{
    LaneKeys lanes;
    TimeNs o = kNone, l = 0;
    if (!measure(d->db.get(), d->session, &lanes, &o, &l)) {
        d->error = sqlMessage(d->db.get(), Ctx::tr("Measuring the session"));
        return false;
    }
    *origin = o == kNone ? 0 : o;
    *end = o == kNone ? 1 : std::max(l, o + 1);
    return true;
}

bool TimelineStore::marks(std::vector<TimelineMark> *out) const
{
    out->clear();
    return eachStoredRow(d->db.get(), "timeline_marks", Ctx::tr("Reading the marks"),
                         "SELECT id, start, end, label FROM timeline_marks WHERE session = ?1 ORDER BY start, id",
                         d->session, &d->error, [&](sqlite3_stmt *s) {
                             TimelineMark m;
                             m.id = I(s, 0);
                             m.start = I(s, 1);
                             m.end = I(s, 2);
                             m.label = T(s, 3);
                             out->push_back(m);
                         });
}

namespace {
// A short-lived read-write connection for one user edit.
bool withWriter(const QString &path, QString *message, const std::function<bool(sqlite3 *)> &fn, bool layout = false)
{
    Db db;
    StoreError e;
    QString m;
    if (!detail::openProject(path, detail::OpenKind::ReadWrite, detail::DeepCheck::No, false, &db, &e, &m)) {
        if (message)
            *message = (layout ? Ctx::tr("The lane layout could not be saved: %1") : Ctx::tr("The mark could not be saved: %1")).arg(m);
        return false;
    }
    if (sqlite3_exec(db.get(), "BEGIN IMMEDIATE", nullptr, nullptr, nullptr) != SQLITE_OK
        || sqlite3_exec(db.get(), kTables, nullptr, nullptr, nullptr) != SQLITE_OK || !fn(db.get())
        || sqlite3_exec(db.get(), "COMMIT", nullptr, nullptr, nullptr) != SQLITE_OK) {
        const int rc = sqlite3_errcode(db.get());
        if (message)
            *message = (layout ? Ctx::tr("The lane layout could not be saved: %1") : Ctx::tr("The mark could not be saved: %1"))
                           .arg(detail::messageFromCode(rc, path, db.lastMessage()));
        if (!sqlite3_get_autocommit(db.get()))
            sqlite3_exec(db.get(), "ROLLBACK", nullptr, nullptr, nullptr);
        return false;
    }
    return true;
}
} // namespace

bool TimelineStore::saveMark(TimelineMark *mark, QString *message)
{
    return withWriter(d->path, message, [&](sqlite3 *db) {
        sqlite3_stmt *s = nullptr;
        const char *sql = mark->id
            ? "UPDATE timeline_marks SET start = ?2, end = ?3, label = ?4 WHERE id = ?5 AND session = ?1"
            : "INSERT INTO timeline_marks(session, start, end, label, created_wall_us) VALUES(?1,?2,?3,?4,?5)";
        if (sqlite3_prepare_v2(db, sql, -1, &s, nullptr) != SQLITE_OK)
            return false;
        const QByteArray label = mark->label.toUtf8();
        sqlite3_bind_int64(s, 1, d->session);
        sqlite3_bind_int64(s, 2, mark->start);
        sqlite3_bind_int64(s, 3, mark->end);
        sqlite3_bind_text(s, 4, label.constData(), int(label.size()), SQLITE_TRANSIENT);
        sqlite3_bind_int64(s, 5, mark->id ? mark->id : QDateTime::currentMSecsSinceEpoch() * 1000);
        const bool ok = sqlite3_step(s) == SQLITE_DONE;
        sqlite3_finalize(s);
        if (ok && !mark->id)
            mark->id = sqlite3_last_insert_rowid(db);
        return ok;
    });
}

bool TimelineStore::removeMark(std::int64_t id, QString *message)
{
    return withWriter(d->path, message, [&](sqlite3 *db) {
        sqlite3_stmt *s = nullptr;
        if (sqlite3_prepare_v2(db, "DELETE FROM timeline_marks WHERE id = ?1 AND session = ?2", -1, &s, nullptr) != SQLITE_OK)
            return false;
        sqlite3_bind_int64(s, 1, id);
        sqlite3_bind_int64(s, 2, d->session);
        const bool ok = sqlite3_step(s) == SQLITE_DONE;
        sqlite3_finalize(s);
        return ok;
    });
}

bool TimelineStore::layout(QByteArray *out) const
{
    out->clear();
    return eachStoredRow(d->db.get(), "timeline_layouts", Ctx::tr("Reading the lane layout"),
                         "SELECT layout FROM timeline_layouts WHERE session = ?1", d->session, &d->error,
                         [&](sqlite3_stmt *s) {
                             *out = QByteArray(static_cast<const char *>(sqlite3_column_blob(s, 0)),
                                               sqlite3_column_bytes(s, 0));
                         });
}

bool TimelineStore::saveLayout(const QByteArray &layout, QString *message)
{
    return withWriter(d->path, message, [&](sqlite3 *db) {
        sqlite3_stmt *s = nullptr;
        const char *sql = layout.isEmpty()
            ? "DELETE FROM timeline_layouts WHERE session = ?1"
            : "INSERT INTO timeline_layouts(session, layout, updated_wall_us) VALUES(?1, ?2, ?3) "
              "ON CONFLICT(session) DO UPDATE SET layout = excluded.layout, updated_wall_us = excluded.updated_wall_us";
        if (sqlite3_prepare_v2(db, sql, -1, &s, nullptr) != SQLITE_OK)
            return false;
        sqlite3_bind_int64(s, 1, d->session);
        if (!layout.isEmpty()) {
            sqlite3_bind_blob(s, 2, layout.constData(), int(layout.size()), SQLITE_TRANSIENT);
            sqlite3_bind_int64(s, 3, QDateTime::currentMSecsSinceEpoch() * 1000);
        }
        const bool ok = sqlite3_step(s) == SQLITE_DONE;
        sqlite3_finalize(s);
        return ok;
    }, true);
}

} // namespace npuscope::store
