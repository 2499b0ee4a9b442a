// Storage figures (docs/storage.md), measurements only:
//   open_cold               a cleanly closed 10 M-task project (the timeline figures' session,
//                           8 × 860 ResNet-50 iterations, ~1.7 GB) with its pages dropped from
//                           the page cache (posix_fadvise DONTNEED after fdatasync: no root
//                           needed) until it is ready to show: open (header, identity, schema,
//                           clean-close marker), session list, the session's timeline summary
//                           (the first frame's skeleton). Ratio: against reading the file's
//                           first page cold the same way. The open with the full page scan
//                           (what every open did before the marker, and what a crashed
//                           writer's file still gets) is open_cold_full, ratio against open_cold.
//   project_bytes_per_task  that project's file size / its tasks; ratio: against the bytes the
//                           same session's records occupy as structs in memory (every record
//                           kind, PMU values, step-trace reduces and string texts included),
//                           per task.
//   record_vs_append        the record session (--tasks, 4 devices) replayed from memory into a
//                           ProjectWriter vs fwrite of the same records' struct bytes to a flat
//                           file (then fdatasync, as the writer's close checkpoints and syncs);
//                           task rows/s, ratio ours / flat (the goal is ≥ 0.25).
//   task_block_bytes        the same session's tasks (PMU values included) and HCCL tasks encoded
//                           as the column blocks of core/store/task_block.h, one block per
//                           batch and (device, model, iteration, stream | plane), plus ~16 B of
//                           row key and SQLite cell overhead per block; B/task (both kinds'
//                           bytes over the tasks), ratio against the task and HCCL records'
//                           in-memory bytes per task. What they would cost as block tables
//                           (docs/storage.md).
// NPUSCOPE_BENCH_TIMELINE_ITERATIONS sizes the big session as for the timeline figures; with
// --keep DIR the project is reused between runs.

#include "core/importing/import_report.h"
#include "core/importing/importer.h"
#include "core/options/profiling_options.h"
#include "core/store/lod.h"
#include "core/store/project.h"
#include "core/store/task_block.h"
#include "device/emulator.h"
#include "tests/bench/bench.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>

#include <sqlite3.h>

#include <cstdio>
#include <map>
#include <tuple>
#include <fcntl.h>
#include <unistd.h>

using namespace npuscope;
using namespace npuscope::bench;

namespace {

ProfilingOptions bigSessionOptions()
{
    // The options ensureResnetSession records with.
    ProfilingOptions o;
    ProfilingOptions::parse(R"({"output":"/tmp/npuscope-bench","training_trace":"on","task_trace":"on","hccl":"on","aic_metrics":"PipeUtilization"})", &o);
    return o;
}

SessionSpec bigSessionSpec(int devices, int iterations)
{
    return {.model = QStringLiteral("resnet50"), .iterations = iterations, .devicesPerServer = devices,
            .seed = 3};
}

QString bigProject(const Config &cfg)
{
    return ensureResnetSession(cfg.work + QStringLiteral("/timeline-10M.npuscope"), 8, bigSessionIterations());
}

// Writes back nothing dirty, then asks the kernel to forget the file's cached pages.
void dropCache(const QString &path)
{
    for (const char *suffix : {"", "-wal", "-shm"}) {
        const QByteArray p = QFile::encodeName(path + QLatin1String(suffix));
        const int fd = ::open(p.constData(), O_RDONLY);
        if (fd < 0)
            continue;
        ::fdatasync(fd);
        ::posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
        ::close(fd);
    }
}

double headerPageColdUs(const QString &path)
{
    dropCache(path);
    QElapsedTimer t;
    t.start();
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY);
    if (fd < 0)
        die(QStringLiteral("cannot open %1").arg(path));
    char page[4096];
    if (::pread(fd, page, sizeof page, 0) != ssize_t(sizeof page))
        die(QStringLiteral("cannot read the header page of %1").arg(path));
    ::close(fd);
    return t.nsecsElapsed() / 1e3;
}

// Open → sessions → timeline summary, with the page cache dropped first. *full: whether
// the open read every page.
double readyColdUs(const QString &path, store::Project::Check check, bool *full, std::size_t *lanes)
{
    dropCache(path);
    QElapsedTimer t;
    t.start();
    store::StoreError e{};
    QString m;
    auto p = store::Project::open(path, store::Project::Mode::ReadOnly, &e, &m, check);
    if (!p)
        die(m);
    const auto sessions = p->sessions();
    if (sessions.empty())
        die(QStringLiteral("no session in %1").arg(path));
    auto ts = store::TimelineStore::open(path, sessions.front().id, &e, &m);
    if (!ts)
        die(m);
    store::TimelineLod lod;
    if (!ts->readLod(&lod, &m))
        die(QStringLiteral("no timeline summary in %1 %2").arg(path, m));
    const double us = t.nsecsElapsed() / 1e3;
    *full = p->fullyChecked();
    *lanes = lod.lanes.size();
    return us;
}

void benchOpenCold(Config &cfg)
{
    const QString path = bigProject(cfg);
    const double gb = QFileInfo(path).size() / 1e9;
    std::vector<double> ready, header;
    std::size_t lanes = 0;
    for (int r = 0; r < cfg.reps; ++r) {
        bool full = true;
        const double h = headerPageColdUs(path);
        const double o = readyColdUs(path, store::Project::Check::Auto, &full, &lanes);
        if (full)
            die(QStringLiteral("%1 was not closed cleanly: the open read every page").arg(path));
        header.push_back(h);
        ready.push_back(o);
        info("open_cold: rep %d: %s (%.2f GB): ready (open, sessions, timeline summary of %zu lanes) %.1f ms cold, "
             "header page %.3f ms cold", r + 1, qPrintable(QFileInfo(path).fileName()), gb, lanes, o / 1e3, h / 1e3);
    }
    const double o = median(ready);
    line("open_cold", o, "us", o / median(header),
         QStringLiteral("%1 GB project, page cache dropped; ratio against its header page read cold").arg(gb, 0, 'f', 2));
    // The full page scan once (seconds per GB cold): what every open cost before.
    bool full = false;
    const double f = readyColdUs(path, store::Project::Check::Full, &full, &lanes);
    info("open_cold: the same open with the full page scan: %.1f s cold", f / 1e6);
    line("open_cold_full", f, "us", f / o, QStringLiteral("the open with quick_check, page cache dropped; ratio against open_cold"));
}

// The bytes a batch's records occupy as structs, their vectors' payloads and string texts.
struct RawBytes : RecordSink {
    std::uint64_t bytes = 0, tasks = 0;
    template <class T>
    static std::uint64_t of(const std::vector<T> &v) { return sizeof(T) * v.size(); }
    bool begin(const SessionInfo &) override { return true; }
    bool write(const RecordBatch &b) override
    {
        bytes += of(b.ops) + of(b.tasks) + of(b.collectives) + of(b.hcclTasks) + of(b.stepTraces) + of(b.aiCpu)
                 + of(b.queueEvents) + of(b.fusionOps) + of(b.hostRanges) + of(b.counters) + of(b.flowEnds)
                 + of(b.pythonRanges) + of(b.memory) + of(b.opMemory) + of(b.commOps) + of(b.commBandwidth)
                 + of(b.commMatrix) + of(b.stepTimes) + of(b.taskAttrs);
        for (const auto &t : b.tasks)
            bytes += 4 * t.pmu.size();
        for (const auto &s : b.stepTraces)
            bytes += of(s.reduces);
        for (const auto &s : b.strings)
            bytes += sizeof(StrId) + s.second.size();
        tasks += b.tasks.size();
        return true;
    }
    bool end(SessionStatus, const std::vector<DeviceInfo> &) override { return true; }
};

// Where a project's bytes go: pages per table and index (SQLite's dbstat, when compiled in),
// the largest first, per task.
void tableBytes(const QString &path, std::uint64_t tasks, const char *figure)
{
    sqlite3 *db = nullptr;
    if (sqlite3_open_v2(QFile::encodeName(path).constData(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
        sqlite3_stmt *s = nullptr;
        if (sqlite3_prepare_v2(db, "SELECT name, SUM(pgsize), COUNT(*) FROM dbstat GROUP BY name ORDER BY 2 DESC LIMIT 8", -1,
                               &s, nullptr) == SQLITE_OK)
            while (sqlite3_step(s) == SQLITE_ROW)
                info("%s: %-26s %6lld pages %7.2f B/task", figure, reinterpret_cast<const char *>(sqlite3_column_text(s, 0)),
                     static_cast<long long>(sqlite3_column_int64(s, 2)),
                     double(sqlite3_column_int64(s, 1)) / double(std::max<std::uint64_t>(1, tasks)));
        else
            info("%s: no dbstat in this SQLite (%s)", figure, sqlite3_errmsg(db));
        sqlite3_finalize(s);
    }
    sqlite3_close(db);
}

void benchProjectBytesPerTask(Config &cfg)
{
    const QString path = bigProject(cfg);
    store::StoreError e{};
    QString m;
    auto p = store::Project::open(path, store::Project::Mode::ReadOnly, &e, &m, store::Project::Check::Auto);
    if (!p)
        die(m);
    const auto sessions = p->sessions();
    if (sessions.empty())
        die(QStringLiteral("no session in %1").arg(path));
    const std::uint64_t tasks = sessions.front().taskCount;
    const std::uint64_t file = std::uint64_t(QFileInfo(path).size());
    RawBytes raw;
    device::Emulator(bigSessionSpec(8, bigSessionIterations()), bigSessionOptions()).run(raw);
    if (raw.tasks != tasks)
        info("project_bytes_per_task: the emulated session has %llu tasks, the stored one %llu",
             static_cast<unsigned long long>(raw.tasks), static_cast<unsigned long long>(tasks));
    const double perTask = double(file) / double(std::max<std::uint64_t>(1, tasks));
    const double rawPerTask = double(raw.bytes) / double(std::max<std::uint64_t>(1, raw.tasks));
    info("project_bytes_per_task: %s: %llu bytes, %llu tasks: %.1f B/task; records in memory %llu bytes, %.1f B/task "
         "(sizeof(TaskRecord) = %zu)", qPrintable(QFileInfo(path).fileName()), static_cast<unsigned long long>(file),
         static_cast<unsigned long long>(tasks), perTask, static_cast<unsigned long long>(raw.bytes), rawPerTask,
         sizeof(TaskRecord));
    tableBytes(path, tasks, "project_bytes_per_task");
    line("project_bytes_per_task", perTask, "B/task", perTask / rawPerTask,
         QStringLiteral("%1 tasks; ratio against the records' in-memory bytes per task (%2 B)")
             .arg(tasks).arg(rawPerTask, 0, 'f', 1));
}

// The same figure on an imported 910B session: the vendored torch_npu database capture (rank
// 0) grown past 128 MB (552 tasks doubled to ~70 k, with their PMU values, communication,
// CANN and PyTorch API rows, memory records) imported into a fresh project.
void benchProjectBytesPerTask910b(Config &cfg)
{
    const QString dir = cfg.work + QStringLiteral("/bytes-910b");
    QDir(dir).removeRecursively();
    const QString rank = dir + QStringLiteral("/rank0_ascend_pt");
    const QString db = grownTorchDbRank(rank, 128ull << 20);
    importing::ImportRequest req;
    req.path = rank;
    importing::ImportReport report;
    importing::ImportError kind{};
    QString err;
    RawBytes raw;
    if (!importing::importProf(req, raw, &report, &kind, &err))
        die(QStringLiteral("project_bytes_per_task_910b: reading %1 failed: %2").arg(rank, err));
    const QString path = dir + QStringLiteral("/import.npuscope");
    store::StoreError e{};
    QString m;
    auto w = store::ProjectWriter::create(path, &e, &m);
    if (!w)
        die(m);
    if (!importing::importProf(req, *w, &report, &kind, &err))
        die(QStringLiteral("project_bytes_per_task_910b: importing %1 failed: %2").arg(rank, err));
    w.reset();
    const std::uint64_t file = std::uint64_t(QFileInfo(path).size());
    const double perTask = double(file) / double(std::max<std::uint64_t>(1, raw.tasks));
    const double rawPerTask = double(raw.bytes) / double(std::max<std::uint64_t>(1, raw.tasks));
    info("project_bytes_per_task_910b: %s (%.1f MB) imported: %llu bytes, %llu tasks: %.1f B/task; records in memory %.1f B/task",
         qPrintable(QFileInfo(db).fileName()), QFileInfo(db).size() / 1e6, static_cast<unsigned long long>(file),
         static_cast<unsigned long long>(raw.tasks), perTask, rawPerTask);
    tableBytes(path, raw.tasks, "project_bytes_per_task_910b");
    line("project_bytes_per_task_910b", perTask, "B/task", perTask / rawPerTask,
         QStringLiteral("%1 tasks imported from the 910B torch_npu capture grown to %2 MB; ratio against the records' in-memory bytes per task (%3 B)")
             .arg(raw.tasks).arg(QFileInfo(db).size() / 1e6, 0, 'f', 0).arg(rawPerTask, 0, 'f', 1));
    if (cfg.keep.isEmpty())
        QDir(dir).removeRecursively();
}

// The whole session as the producer handed it out, batch by batch.
struct Captured : RecordSink {
    SessionInfo info;
    std::vector<RecordBatch> batches;
    std::vector<DeviceInfo> devices;
    std::uint64_t tasks = 0;
    bool begin(const SessionInfo &i) override { info = i; return true; }
    bool write(const RecordBatch &b) override
    {
        batches.push_back(b);
        tasks += b.tasks.size();
        return true;
    }
    bool end(SessionStatus, const std::vector<DeviceInfo> &d) override { devices = d; return true; }
};

double replayInto(const QString &path, const Captured &c)
{
    for (const char *suffix : {"", "-wal", "-shm", "-journal"})
        QFile::remove(path + QLatin1String(suffix));
    QElapsedTimer t;
    t.start();
    store::StoreError e{};
    QString m;
    auto w = store::ProjectWriter::create(path, &e, &m);
    if (!w || !w->begin(c.info))
        die(w ? w->errorString() : m);
    const qint64 opened = t.nsecsElapsed();
    for (const RecordBatch &b : c.batches)
        if (!w->write(b))
            die(w->errorString());
    const qint64 written = t.nsecsElapsed();
    if (!w->end(SessionStatus::Complete, c.devices))
        die(w->errorString());
    const qint64 ended = t.nsecsElapsed();
    w.reset(); // closing checkpoints the -wal into the file and syncs it
    const qint64 closed = t.nsecsElapsed();
    info("record_vs_append: ours: create %.3f s, %zu batches %.3f s, end %.3f s, close %.3f s", opened / 1e9,
         c.batches.size(), (written - opened) / 1e9, (ended - written) / 1e9, (closed - ended) / 1e9);
    return closed / 1e9;
}

template <class T>
void put(std::FILE *f, const std::vector<T> &v)
{
    if (!v.empty() && std::fwrite(v.data(), sizeof(T), v.size(), f) != v.size())
        die(QStringLiteral("fwrite failed"));
}

double appendFlat(const QString &path, const Captured &c)
{
    QFile::remove(path);
    QElapsedTimer t;
    t.start();
    std::FILE *f = std::fopen(QFile::encodeName(path).constData(), "wb");
    if (!f)
        die(QStringLiteral("cannot create %1").arg(path));
    for (const RecordBatch &b : c.batches) {
        for (const auto &s : b.strings) {
            std::fwrite(&s.first, sizeof s.first, 1, f);
            std::fwrite(s.second.data(), 1, s.second.size(), f);
        }
        put(f, b.ops);
        put(f, b.tasks);
        for (const auto &t : b.tasks)
            put(f, t.pmu);
        put(f, b.collectives);
        put(f, b.hcclTasks);
        put(f, b.stepTraces);
        for (const auto &s : b.stepTraces)
            put(f, s.reduces);
        put(f, b.aiCpu);
        put(f, b.queueEvents);
        put(f, b.fusionOps);
        put(f, b.hostRanges);
    }
    if (std::fflush(f) != 0 || ::fdatasync(fileno(f)) != 0)
        die(QStringLiteral("cannot write %1").arg(path));
    std::fclose(f);
    return t.nsecsElapsed() / 1e9;
}

void benchRecordVsAppend(Config &cfg)
{
    // The record figure's session: resnet50 b32 on 4 devices, --tasks task rows.
    SessionSpec spec{.model = QStringLiteral("resnet50"), .batchSize = 32, .devicesPerServer = 4, .seed = 11};
    ProfilingOptions o;
    ProfilingOptions::parse(R"({"output":"/tmp/npuscope-bench","training_trace":"on","task_trace":"on","aic_metrics":"PipeUtilization"})", &o);
    spec.iterations = 1;
    Captured one;
    device::Emulator(spec, o).run(one);
    spec.iterations = int(std::max<std::uint64_t>(1, cfg.recordTasks / std::max<std::uint64_t>(1, one.tasks)));
    Captured c;
    device::Emulator(spec, o).run(c);
    const QString ours = cfg.work + QStringLiteral("/append-ours.npuscope"), flat = cfg.work + QStringLiteral("/append-flat.bin");
    std::vector<double> oursRate, flatRate;
    for (int r = 0; r < cfg.reps; ++r) {
        double so, sf;
        if (r % 2 == 0) {
            so = replayInto(ours, c);
            sf = appendFlat(flat, c);
        } else {
            sf = appendFlat(flat, c);
            so = replayInto(ours, c);
        }
        oursRate.push_back(c.tasks / so);
        flatRate.push_back(c.tasks / sf);
        info("record_vs_append: rep %d: %llu tasks in %zu batches: ours %.3f s (%lld bytes), fwrite %.3f s (%lld bytes)",
             r + 1, static_cast<unsigned long long>(c.tasks), c.batches.size(), so,
             static_cast<long long>(QFileInfo(ours).size()), sf, static_cast<long long>(QFileInfo(flat).size()));
    }
    for (const char *suffix : {"", "-wal", "-shm"})
        QFile::remove(ours + QLatin1String(suffix));
    QFile::remove(flat);
    const double rate = median(oursRate);
    line("record_vs_append", rate, "rows/s", rate / median(flatRate),
         QStringLiteral("%1 task rows replayed from memory; ratio against fwrite of the same records + fdatasync").arg(c.tasks));
}

// Encodes every batch's tasks as task blocks, one per (device, model, iteration, stream).
struct BlockBytes : RecordSink {
    std::uint64_t blockBytes = 0, blocks = 0, tasks = 0, rawBytes = 0, hcclBytes = 0, hcclTasks = 0;
    std::vector<unsigned char> buf;
    bool begin(const SessionInfo &) override { return true; }
    bool write(const RecordBatch &b) override
    {
        std::map<std::tuple<std::uint16_t, std::uint32_t, std::uint32_t, std::uint32_t>, std::vector<const TaskRecord *>> keys;
        for (const TaskRecord &t : b.tasks) {
            keys[{t.device, t.modelId, t.iteration, t.streamId}].push_back(&t);
            rawBytes += sizeof(TaskRecord) + 4 * t.pmu.size();
        }
        for (const auto &k : keys) {
            store::detail::encodeTaskBlock(k.second.data(), k.second.size(), &buf);
            blockBytes += buf.size() + 16;
            ++blocks;
        }
        // As hccl_blocks stores them: one block per (device, model, iteration) of a batch.
        std::map<std::tuple<std::uint16_t, std::uint32_t, std::uint32_t>, std::vector<const HcclTaskRecord *>> planes;
        for (const HcclTaskRecord &h : b.hcclTasks)
            planes[{h.device, h.modelId, h.iteration}].push_back(&h);
        for (const auto &k : planes) {
            store::detail::encodeHcclBlock(k.second.data(), k.second.size(), &buf);
            hcclBytes += buf.size() + 16;
            ++blocks;
        }
        rawBytes += sizeof(HcclTaskRecord) * b.hcclTasks.size();
        hcclTasks += b.hcclTasks.size();
        tasks += b.tasks.size();
        return true;
    }
    bool end(SessionStatus, const std::vector<DeviceInfo> &) override { return true; }
};

void benchTaskBlockBytes(Config &)
{
    BlockBytes bb;
    device::Emulator(bigSessionSpec(8, bigSessionIterations()), bigSessionOptions()).run(bb);
    const double n = double(std::max<std::uint64_t>(1, bb.tasks));
    const double perTask = double(bb.blockBytes + bb.hcclBytes) / n;
    const double rawPerTask = double(bb.rawBytes) / n;
    info("task_block_bytes: %llu tasks and %llu HCCL tasks in %llu blocks: tasks %llu bytes (%.1f B/task), HCCL %llu bytes "
         "(%.1f B/task); their records in memory %.1f B/task", static_cast<unsigned long long>(bb.tasks),
         static_cast<unsigned long long>(bb.hcclTasks), static_cast<unsigned long long>(bb.blocks),
         static_cast<unsigned long long>(bb.blockBytes), double(bb.blockBytes) / n,
         static_cast<unsigned long long>(bb.hcclBytes), double(bb.hcclBytes) / n, rawPerTask);
    line("task_block_bytes", perTask, "B/task", perTask / rawPerTask,
         QStringLiteral("%1 tasks and %2 HCCL tasks as column blocks; ratio against their records' in-memory bytes per task (%3 B)")
             .arg(bb.tasks).arg(bb.hcclTasks).arg(rawPerTask, 0, 'f', 1));
}

} // namespace

NPUSCOPE_BENCH_FIGURE("task_block_bytes", 62, benchTaskBlockBytes);
NPUSCOPE_BENCH_FIGURE("open_cold", 60, benchOpenCold);
NPUSCOPE_BENCH_FIGURE("project_bytes_per_task", 61, benchProjectBytesPerTask);
NPUSCOPE_BENCH_FIGURE("project_bytes_per_task_910b", 61, benchProjectBytesPerTask910b);
NPUSCOPE_BENCH_FIGURE("record_vs_append", 15, benchRecordVsAppend);
