// ProjectWriter: records a session, batch by batch, one transaction each.
#include "core/store/project_writer_impl.h"
#include "core/store/row_columns.h"
#include "core/store/schema.h"

#include <QFileInfo>
#include <QStorageInfo>
#include <QtEndian>

#include <algorithm>
#include <cstring>
#include <tuple>

namespace npuscope::store {

namespace {

// The columns of the tables only the writer maps whole (row_columns.h).
using OpColumns = detail::RowColumns<&OpDesc::id, &OpDesc::modelId, &OpDesc::name, &OpDesc::opType,
                                     &OpDesc::inputShapes, &OpDesc::inputDataTypes, &OpDesc::inputFormats,
                                     &OpDesc::outputShapes, &OpDesc::outputDataTypes, &OpDesc::outputFormats,
                                     &OpDesc::blockDim, &OpDesc::aiCpu, &OpDesc::mixBlockDim, &OpDesc::coreType>;
using QueueColumns = detail::RowColumns<&QueueEventRecord::device, &QueueEventRecord::timestamp,
                                        &QueueEventRecord::action, &QueueEventRecord::source,
                                        &QueueEventRecord::cachedBufferSize>;
using FusionColumns = detail::RowColumns<&FusionOpRecord::modelId, &FusionOpRecord::modelName,
                                         &FusionOpRecord::fusionOp, &FusionOpRecord::originalOps,
                                         &FusionOpRecord::memoryInput, &FusionOpRecord::memoryOutput,
                                         &FusionOpRecord::memoryWeight, &FusionOpRecord::memoryWorkspace>;

// Inserts one row per record through `s`: ?1 = the session, then ?2... the integers
// columns(record) gives as a tuple, in order.
template<typename Rec, typename Columns>
int insertTuples(sqlite3_stmt *s, std::int64_t session, const std::vector<Rec> &records, Columns columns)
{
    sqlite3_bind_int64(s, 1, session);
    for (const Rec &r : records) {
        int col = 2;
        std::apply([&](const auto &...v) { (sqlite3_bind_int64(s, col++, v), ...); }, columns(r));
        if (const int rc = stepReset(s); rc != SQLITE_OK)
            return rc;
    }
    return SQLITE_OK;
}

} // namespace

int ProjectWriter::Impl::writeBatch(const RecordBatch &b, std::vector<Key> *newKeys)
{
    int rc;
    const std::int64_t sid = session;
    KeyNoter noteKey{knownIterations, newKeys};

    {
        sqlite3_stmt *s = insString.get();
        sqlite3_bind_int64(s, 1, sid);
        for (const auto &[id, text] : b.strings) {
            sqlite3_bind_int64(s, 2, id);
            sqlite3_bind_text(s, 3, text.data(), int(text.size()), SQLITE_STATIC);
            if ((rc = stepReset(s)) != SQLITE_OK)
                return rc;
        }
    }
    if ((rc = detail::insertRows<OpColumns>(insOp.get(), sid, b.ops)) != SQLITE_OK)
        return rc;
    // Tasks with their PMU values as column blocks, one per (device, model, iteration,
    // stream) of the batch.
    detail::BlockBytesTally before = detail::blockBytesTally();
    // The summary takes the batch on the block encoder's helper thread (it reads only the
    // batch and the accumulator, which nothing else touches meanwhile).
    std::function<void()> summarise;
    if (aged == 0) // once records were aged out, end() reads back what is left instead
        summarise = [this, &b] { lod.add(b); };
    if ((rc = detail::writeTaskBlocks(insTask.get(), sid, b.tasks, summarise)) != SQLITE_OK)
        return rc;
    noteBlocks(KTasks, before);
    noteKey.all(b.tasks);
    if ((rc = detail::kCollectivesTable.insert(insCollective.get(), sid, b.collectives)) != SQLITE_OK)
        return rc;
    noteKey.all(b.collectives);
    // HCCL tasks as column blocks, one per (device, model, iteration, plane) of the batch.
    before = detail::blockBytesTally();
    if ((rc = detail::writeHcclBlocks(insHccl.get(), sid, b.hcclTasks)) != SQLITE_OK)
        return rc;
    noteBlocks(KHccl, before);
    noteKey.all(b.hcclTasks);
    return writeBatchRest(b, newKeys);
}

// The rest of a batch: step traces, AI CPU, queue, fusion, host ranges, the iteration keys,
// the session-wide records and the record counts.
int ProjectWriter::Impl::writeBatchRest(const RecordBatch &b, std::vector<Key> *newKeys)
{
    int rc;
    const std::int64_t sid = session;
    KeyNoter noteKey{knownIterations, newKeys};

    {
        sqlite3_stmt *s = insStep.get();
        sqlite3_stmt *r = insReduce.get();
        sqlite3_bind_int64(s, 1, sid);
        for (const StepTraceRecord &st : b.stepTraces) {
            sqlite3_bind_int64(s, 2, st.device);
            sqlite3_bind_int64(s, 3, st.modelId);
            sqlite3_bind_int64(s, 4, st.iteration);
            sqlite3_bind_int64(s, 5, st.fpStart);
            sqlite3_bind_int64(s, 6, st.bpEnd);
            sqlite3_bind_int64(s, 7, st.iterationEnd);
            sqlite3_bind_int64(s, 8, st.previousIterationEnd);
            if ((rc = stepReset(s)) != SQLITE_OK)
                return rc;
            noteKey(st.device, st.modelId, st.iteration);
            const std::int64_t stepId = sqlite3_last_insert_rowid(db.get());
            for (size_t i = 0; i < st.reduces.size(); ++i) {
                sqlite3_bind_int64(r, 1, stepId);
                sqlite3_bind_int64(r, 2, std::int64_t(i));
                sqlite3_bind_int64(r, 3, st.reduces[i].start);
                sqlite3_bind_int64(r, 4, st.reduces[i].end);
                if ((rc = stepReset(r)) != SQLITE_OK)
                    return rc;
            }
        }
    }
    if ((rc = detail::kAiCpuTable.insert(insAiCpu.get(), sid, b.aiCpu)) != SQLITE_OK)
        return rc;
    noteKey.all(b.aiCpu);
    if ((rc = detail::insertRows<QueueColumns>(insQueue.get(), sid, b.queueEvents)) != SQLITE_OK)
        return rc;
    if ((rc = detail::insertRows<FusionColumns>(insFusion.get(), sid, b.fusionOps)) != SQLITE_OK)
        return rc;
    // Host ranges as column blocks per (device, model, iteration) (host_blocks.h).
    const detail::BlockBytesTally before = detail::blockBytesTally();
    if ((rc = detail::writeHostRangeBlocks(insHost.get(), sid, b.hostRanges)) != SQLITE_OK)
        return rc;
    noteBlocks(KHostRanges, before);
    noteKey.all(b.hostRanges);
    if ((rc = insertTuples(insIteration.get(), sid, *newKeys, [](const Key &k) { return k; })) != SQLITE_OK)
        return rc;
    if ((rc = sessionRecords.write(sid, b)) != SQLITE_OK)
        return rc;
    {
        std::size_t counts[kAllKindCount] = {b.ops.size(), b.tasks.size(), b.collectives.size(), b.hcclTasks.size(),
                                             b.stepTraces.size(), b.aiCpu.size(), b.queueEvents.size(),
                                             b.fusionOps.size(), b.hostRanges.size()};
        detail::sessionRecordCounts(b, counts + KCount);
        sqlite3_stmt *s = addCount.get();
        sqlite3_bind_int64(s, 1, sid);
        for (int k = 0; k < kAllKindCount; ++k) {
            if (counts[k] == 0)
                continue;
            sqlite3_bind_text(s, 2, kindName(k), -1, SQLITE_STATIC);
            sqlite3_bind_int64(s, 3, std::int64_t(counts[k]));
            if ((rc = stepReset(s)) != SQLITE_OK)
                return rc;
        }
    }
    return SQLITE_OK;
}


ProjectWriter::ProjectWriter(std::unique_ptr<Impl> impl) : d(std::move(impl)) {}

ProjectWriter::~ProjectWriter() = default;

std::unique_ptr<ProjectWriter> ProjectWriter::create(const QString &path, StoreError *err, QString *message,
                                                     Project::Check check, const std::atomic_bool *cancel)
{
    auto impl = std::make_unique<Impl>();
    impl->path = QFileInfo(path).absoluteFilePath();
    StoreError e = StoreError::None;
    QString m;
    auto failed = [&](StoreError code, const QString &text) {
        if (err)
            *err = code;
        if (message)
            *message = text;
        return nullptr;
    };

    const QString dir = QFileInfo(impl->path).absolutePath();
    if (!QDir().mkpath(dir))
        return failed(StoreError::Io, ProjectStore::tr("The folder %1 for the project could not be created.").arg(shown(dir)));
    // Lock before looking at the file, so two writers never both create it.
    if (!impl->lock.acquire(impl->path, &e, &m))
        return failed(e, m);
    if (!detail::openProject(impl->path, detail::OpenKind::Create, deepCheckFor(check),
                             /*forWriter=*/true, &impl->db, &e, &m, /*allowOlder=*/false, /*fileVersion=*/nullptr, cancel))
        return failed(e, m);

    const Db &db = impl->db;
    // NORMAL is durable across application crashes in WAL mode and only risks the last
    // commits on power loss, which a profiler recording can afford for the throughput.
    // Foreign keys are declared in the schema (and enforced on read-write Project
    // connections, where sessions get deleted) but not checked here: every row this
    // connection inserts references the session row begin() created or the task row it
    // has just inserted, and the per-row parent lookup cost about 10% of the hot path.
    int rc = detail::enterWal(db);
    if (rc == SQLITE_OK)
        rc = db.exec("PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = OFF; PRAGMA temp_store = MEMORY; "
                     "PRAGMA cache_size = -32768");
    if (rc == SQLITE_OK)
        impl->checkpointer.start(db.get(), QFile::encodeName(impl->path));
    // Fault-injection hook for tests: caps the file at N pages so "disk full" (SQLITE_FULL)
    // can be provoked without filling a real disk. Not a user setting.
    const QByteArray maxPages = qgetenv("NPUSCOPE_TEST_MAX_PAGES");
    if (rc == SQLITE_OK && !maxPages.isEmpty()) {
        bool ok = false;
        const qlonglong pages = maxPages.toLongLong(&ok);
        if (ok && pages > 0) {
            const std::string sql = "PRAGMA max_page_count = " + std::to_string(pages);
            rc = db.exec(sql.c_str());
        }
    }
    if (rc == SQLITE_OK)
        rc = impl->prepareAll();
    if (rc != SQLITE_OK)
        return failed(detail::errorFromCode(rc), detail::messageFromCode(rc, impl->path, db.lastMessage()));
    if (err)
        *err = StoreError::None;
    return std::unique_ptr<ProjectWriter>(new ProjectWriter(std::move(impl)));
}

bool ProjectWriter::begin(const SessionInfo &info)
{
    if (d->begun)
        return d->setError(StoreError::Io, ProjectStore::tr("The recording into %1 was started twice.").arg(shown(d->path)));
    const Db &db = d->db;
    int rc = db.exec("BEGIN IMMEDIATE");
    if (rc != SQLITE_OK)
        return d->abort(rc);
    // From the first commit on, until end() has written everything, the file is not closed
    // cleanly: a writer killed in between makes the next open check every page.
    if ((rc = detail::clearCleanClose(db)) != SQLITE_OK)
        return d->abort(rc);

    Stmt s;
    rc = db.prepare("INSERT INTO sessions(name, source, spec_json, options_json, seed, app_version, "
                    "started_wall_us, ended_wall_us, status, aged_bytes) "
                    "VALUES(?1,?2,?3,?4,?5,?6,?7,0,'running',0)", &s);
    if (rc != SQLITE_OK)
        return d->abort(rc);
    bindQ(s.get(), 1, info.name);
    bindQ(s.get(), 2, info.source);
    bindB(s.get(), 3, info.spec.toJson());
    bindB(s.get(), 4, info.optionsJson);
    sqlite3_bind_int64(s.get(), 5, s64(info.spec.seed));
    bindQ(s.get(), 6, info.appVersion.isEmpty() ? QStringLiteral(NPUSCOPE_VERSION) : info.appVersion);
    sqlite3_bind_int64(s.get(), 7, info.createdWallUs > 0 ? info.createdWallUs : nowWallUs());
    if ((rc = stepReset(s.get())) != SQLITE_OK)
        return d->abort(rc);
    const std::int64_t sid = sqlite3_last_insert_rowid(db.get());

    Stmt dev;
    if ((rc = db.prepare(kUpsertDevice, &dev)) != SQLITE_OK)
        return d->abort(rc);
    for (const DeviceInfo &di : info.devices) {
        bindDevice(dev.get(), sid, di);
        if ((rc = stepReset(dev.get())) != SQLITE_OK)
            return d->abort(rc);
    }
    Stmt mod;
    if ((rc = db.prepare("INSERT OR REPLACE INTO models(session, id, name, iterations) VALUES(?1,?2,?3,?4)", &mod)) != SQLITE_OK)
        return d->abort(rc);
    for (const ModelInfo &mi : info.models) {
        sqlite3_bind_int64(mod.get(), 1, sid);
        sqlite3_bind_int64(mod.get(), 2, mi.id);
        bindQ(mod.get(), 3, mi.name);
        sqlite3_bind_int64(mod.get(), 4, mi.iterations);
        if ((rc = stepReset(mod.get())) != SQLITE_OK)
            return d->abort(rc);
    }
    Stmt pc;
    if ((rc = db.prepare("INSERT INTO pmu_columns(session, idx, name) VALUES(?1,?2,?3)", &pc)) != SQLITE_OK)
        return d->abort(rc);
    for (int i = 0; i < info.pmuColumns.size(); ++i) {
        sqlite3_bind_int64(pc.get(), 1, sid);
        sqlite3_bind_int64(pc.get(), 2, i);
        bindQ(pc.get(), 3, info.pmuColumns.at(i));
        if ((rc = stepReset(pc.get())) != SQLITE_OK)
            return d->abort(rc);
    }
    if ((rc = db.exec("COMMIT")) != SQLITE_OK)
        return d->abort(rc);
    d->session = sid;
    d->begun = true;
    if (!d->limitSet) {
        ProfilingOptions o;
        ProfilingOptions::parse(info.optionsJson, &o);
        if (o.storageLimitMB)
            d->limitBytes = *o.storageLimitMB * 1024ull * 1024ull;
        else
            d->limitBytes = std::uint64_t(double(QStorageInfo(QFileInfo(d->path).absolutePath()).bytesAvailable()) * 0.9);
    }
    return true;
}

bool ProjectWriter::write(const RecordBatch &batch)
{
    if (d->failed)
        return false; // the first error stays the reported one
    if (!d->begun || d->ended)
        return d->setError(StoreError::Io, ProjectStore::tr("Records were written to %1 outside of a recording.").arg(shown(d->path)));
    if (batch.empty())
        return true;
    int rc = d->db.exec("BEGIN IMMEDIATE");
    std::vector<Impl::Key> newKeys;
    if (rc == SQLITE_OK)
        rc = d->writeBatch(batch, &newKeys);
    const std::uint64_t storedBefore = d->stored;
    if (rc == SQLITE_OK) {
        d->account(batch);
        rc = d->ageIfNeeded(d->stored - storedBefore);
    }
    if (rc == SQLITE_OK)
        rc = d->db.exec("COMMIT");
    if (rc != SQLITE_OK) {
        d->failed = true;
        d->lodStale = true;
        return d->abort(rc);
    }
    d->knownIterations.insert(newKeys.begin(), newKeys.end());
    return true;
}

bool ProjectWriter::end(SessionStatus status, const std::vector<DeviceInfo> &devices)
{
    if (!d->begun)
        return d->setError(StoreError::Io, ProjectStore::tr("The recording into %1 was ended before it began.").arg(shown(d->path)));
    if (d->ended)
        return d->setError(StoreError::Io, ProjectStore::tr("The recording into %1 was ended twice.").arg(shown(d->path)));
    const Db &db = d->db;
    // A failure here must not hide the error that made the producer stop.
    const bool hadError = d->failed;
    const StoreError keptError = d->error;
    const QString keptMessage = d->message;
    auto abortEnd = [&](int rc) {
        d->abort(rc);
        if (hadError) {
            d->error = keptError;
            d->message = keptMessage;
        }
        return false;
    };

    int rc = db.exec("BEGIN IMMEDIATE");
    if (rc != SQLITE_OK)
        return abortEnd(rc);
    std::int64_t endedUs = 0;
    Stmt dev;
    if ((rc = db.prepare(kUpsertDevice, &dev)) != SQLITE_OK)
        return abortEnd(rc);
    for (const DeviceInfo &di : devices) {
        endedUs = std::max(endedUs, di.wallEndUs);
        bindDevice(dev.get(), d->session, di);
        if ((rc = stepReset(dev.get())) != SQLITE_OK)
            return abortEnd(rc);
    }
    Stmt s;
    if ((rc = db.prepare("UPDATE sessions SET status = ?1, ended_wall_us = ?2 WHERE id = ?3", &s)) != SQLITE_OK)
        return abortEnd(rc);
    bindQ(s.get(), 1, sessionStatusName(status));
    sqlite3_bind_int64(s.get(), 2, endedUs > 0 ? endedUs : nowWallUs());
    sqlite3_bind_int64(s.get(), 3, d->session);
    if ((rc = stepReset(s.get())) != SQLITE_OK)
        return abortEnd(rc);
    if ((rc = db.exec("COMMIT")) != SQLITE_OK)
        return abortEnd(rc);
    d->ended = true;
    // Timeline summary (derived data, own transaction): a failure only costs the viewer its
    // fast first frame, never the recording, so it is not reported as the writer's error.
    if (d->aged > 0 || d->lodStale)
        writeTimelineLod(db.get(), d->session, nullptr);
    else if (!d->lod.empty())
        writeTimelineLod(db.get(), d->session, d->lod.result(), nullptr);
    // The last write: the clean-close marker (its own commit, after everything else). If it
    // fails (disk full), the next open only checks every page.
    detail::markCleanClose(db);
    return true;
}

QString ProjectWriter::errorString() const
{
    return d->message;
}

StoreError ProjectWriter::error() const
{
    return d->error;
}

std::int64_t ProjectWriter::sessionId() const
{
    return d->session;
}

void ProjectWriter::setStorageLimit(std::uint64_t limitBytes, std::uint64_t marginBytes)
{
    d->limitBytes = limitBytes;
    d->marginBytes = marginBytes;
    d->limitSet = true;
}

std::uint64_t ProjectWriter::agedBytes() const
{
    return d->aged;
}

std::uint64_t ProjectWriter::storedBytes() const
{
    return d->stored;
}

// ---------------------------------------------------------------------------------------
// session notes (their own table since schema 2)

bool ProjectWriter::setSessionNote(const QString &key, const QByteArray &value)
{
    if (!d->begun)
        return d->setError(StoreError::Io, ProjectStore::tr("A note was written to %1 outside of a recording.").arg(shown(d->path)));
    Stmt s;
    int rc = d->db.prepare("INSERT OR REPLACE INTO session_notes(session, key, value) VALUES(?1, ?2, ?3)", &s);
    if (rc == SQLITE_OK) {
        sqlite3_bind_int64(s.get(), 1, d->session);
        bindQ(s.get(), 2, key);
        bindB(s.get(), 3, value);
        rc = sqlite3_step(s.get());
        if (rc == SQLITE_DONE)
            return true;
    }
    return d->abort(rc);
}

} // namespace npuscope::store
