// npuscope-bench: throughput figures, each against a baseline measured in the same run on
// the same data, because this machine is shared and noisy: only the ratios are comparable
// between runs. Prints `BENCH <name> <value> <unit> ratio=<r>` on stdout, one line per
// figure; sizes, bytes and seconds go to stderr.
//
//   npuscope-bench [record] [export_csv] [export_json] [emulate] [emulate_910b] ...   (default: all)
//                  [--tasks N] [--export-tasks N] [--reps N] [--keep DIR]

#include "core/exporting/prof_exporter.h"
#include "core/model/record_sink.h"
#include "core/options/profiling_options.h"
#include "core/store/block_tables.h"
#include "core/store/project.h"
#include "device/emulator.h"
#include "tests/bench/bench.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <sqlite3.h>

#include <algorithm>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

using namespace npuscope;
using namespace npuscope::bench;

namespace {

ProfilingOptions benchOptions()
{
    ProfilingOptions o;
    const QByteArray json = R"({"output":"/tmp/npuscope-bench","training_trace":"on","task_trace":"on","aic_metrics":"PipeUtilization"})";
    const auto problems = ProfilingOptions::parse(json, &o);
    for (const auto &p : problems)
        (void)p; // warnings only; the options are fixed and known good
    return o;
}

SessionSpec resnetSpec(int devices, int iterations)
{
    return {.model = QStringLiteral("resnet50"), .batchSize = 32, .iterations = iterations,
            .devicesPerServer = devices, .seed = 11};
}

// Tasks (all types) and AI Core tasks of one iteration on one device.
std::pair<std::uint64_t, std::uint64_t> tasksPerIteration()
{
    struct Sink : CountingSink {
        std::uint64_t aicore = 0;
        bool write(const RecordBatch &b) override
        {
            for (const auto &t : b.tasks)
                aicore += t.kind == TaskKind::AiCore;
            return CountingSink::write(b);
        }
    } one, two;
    device::Emulator(resnetSpec(1, 1), benchOptions()).run(one);
    device::Emulator(resnetSpec(1, 2), benchOptions()).run(two);
    return {two.tasks - one.tasks, two.aicore - one.aicore};
}

// Keeps the task rows of every batch, batch by batch, for the bare-SQLite baseline.
struct CaptureSink : RecordSink {
    SessionInfo info;
    std::vector<std::vector<TaskRecord>> batches;
    bool begin(const SessionInfo &i) override { info = i; return true; }
    bool write(const RecordBatch &b) override
    {
        if (!b.tasks.empty())
            batches.push_back(b.tasks);
        return true;
    }
    bool end(SessionStatus, const std::vector<DeviceInfo> &) override { return true; }
    std::uint64_t tasks() const
    {
        std::uint64_t n = 0;
        for (const auto &b : batches)
            n += b.size();
        return n;
    }
};

// Records a session with the benchmarks' options into a fresh project; returns seconds
// (emulator + writer).
double recordInto(const QString &path, const SessionSpec &spec)
{
    return bench::recordInto(path, spec, benchOptions());
}

// The baseline of `record`: the same task rows (+ their PMU rows) inserted with the raw C
// API into plain row tables (schema 5's tasks and task_pmu with their two indexes: what a
// straightforward SQLite layout does), same batches, same PRAGMAs as the writer. Returns
// the seconds of the insert loop.
double bareInsert(const QString &path, const CaptureSink &cap)
{
    removeProject(path);
    std::int64_t sid = 0;
    {
        // The schema and the session row come from the writer itself.
        store::StoreError e;
        QString msg;
        auto w = store::ProjectWriter::create(path, &e, &msg);
        if (!w || !w->begin(cap.info))
            die(w ? w->errorString() : msg);
        sid = w->sessionId();
    }
    sqlite3 *db = nullptr;
    if (sqlite3_open_v2(QFile::encodeName(path).constData(), &db, SQLITE_OPEN_READWRITE, nullptr) != SQLITE_OK)
        die(QStringLiteral("cannot open %1").arg(path));
    auto exec = [db](const char *sql) {
        char *err = nullptr;
        if (sqlite3_exec(db, sql, nullptr, nullptr, &err) != SQLITE_OK)
            die(QString::fromUtf8(err ? err : "sqlite error"));
    };
    exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = OFF; "
         "PRAGMA temp_store = MEMORY; PRAGMA cache_size = -32768");
    exec("CREATE TABLE row_tasks(id INTEGER PRIMARY KEY, session INTEGER NOT NULL, device INTEGER NOT NULL, "
         "model INTEGER NOT NULL, iteration INTEGER NOT NULL, stream INTEGER NOT NULL, task_id INTEGER NOT NULL, "
         "batch_id INTEGER NOT NULL, type INTEGER NOT NULL, start INTEGER NOT NULL, duration INTEGER NOT NULL, "
         "pending INTEGER NOT NULL, op INTEGER NOT NULL, name INTEGER NOT NULL, total_cycles INTEGER NOT NULL, "
         "l2_hit REAL NOT NULL, l2_victim REAL NOT NULL, kind INTEGER NOT NULL DEFAULT 0); "
         "CREATE INDEX row_tasks_by_stream ON row_tasks(session, device, stream, start); "
         "CREATE INDEX row_tasks_by_iteration ON row_tasks(session, device, model, iteration, start, stream, task_id); "
         "CREATE TABLE row_task_pmu(task INTEGER PRIMARY KEY, pmu BLOB NOT NULL)");
    sqlite3_stmt *ins = nullptr, *pmu = nullptr;
    sqlite3_prepare_v3(db,
                       "INSERT INTO row_tasks(session, device, model, iteration, stream, task_id, batch_id, type, start, "
                       "duration, pending, op, name, total_cycles, l2_hit, l2_victim, kind) "
                       "VALUES(?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12,?13,?14,?15,?16,?17)",
                       -1, SQLITE_PREPARE_PERSISTENT, &ins, nullptr);
    sqlite3_prepare_v3(db, "INSERT INTO row_task_pmu(task, pmu) VALUES(?1,?2)", -1, SQLITE_PREPARE_PERSISTENT, &pmu, nullptr);
    if (!ins || !pmu)
        die(QString::fromUtf8(sqlite3_errmsg(db)));
    QElapsedTimer t;
    t.start();
    for (const auto &batch : cap.batches) {
        exec("BEGIN IMMEDIATE");
        sqlite3_bind_int64(ins, 1, sid);
        for (const TaskRecord &r : batch) {
            sqlite3_bind_int64(ins, 2, r.device);
            sqlite3_bind_int64(ins, 3, r.modelId);
            sqlite3_bind_int64(ins, 4, r.iteration);
            sqlite3_bind_int64(ins, 5, r.streamId);
            sqlite3_bind_int64(ins, 6, r.taskId);
            sqlite3_bind_int64(ins, 7, r.batchId);
            sqlite3_bind_int64(ins, 8, r.type);
            sqlite3_bind_int64(ins, 9, r.start);
            sqlite3_bind_int64(ins, 10, r.duration);
            sqlite3_bind_int64(ins, 11, r.pending);
            sqlite3_bind_int64(ins, 12, r.opId);
            sqlite3_bind_int64(ins, 13, r.name);
            sqlite3_bind_int64(ins, 14, static_cast<std::int64_t>(r.totalCycles));
            sqlite3_bind_double(ins, 15, r.l2HitRate);
            sqlite3_bind_double(ins, 16, r.l2VictimRate);
            sqlite3_bind_int64(ins, 17, static_cast<int>(r.kind));
            if (sqlite3_step(ins) != SQLITE_DONE)
                die(QString::fromUtf8(sqlite3_errmsg(db)));
            sqlite3_reset(ins);
            if (r.pmu.size() > 0) {
                sqlite3_bind_int64(pmu, 1, sqlite3_last_insert_rowid(db));
                sqlite3_bind_blob(pmu, 2, r.pmu.data(), int(4 * r.pmu.size()), SQLITE_STATIC);
                if (sqlite3_step(pmu) != SQLITE_DONE)
                    die(QString::fromUtf8(sqlite3_errmsg(db)));
                sqlite3_reset(pmu);
            }
        }
        exec("COMMIT");
    }
    const double s = t.nsecsElapsed() / 1e9;
    sqlite3_finalize(ins);
    sqlite3_finalize(pmu);
    sqlite3_close(db);
    return s;
}

struct Session {
    SessionSpec spec;
    std::uint64_t tasks = 0, aicore = 0;
};

Session sizedSession(std::uint64_t wantTasks, bool countAiCore, int devices)
{
    static const auto per = tasksPerIteration();
    const std::uint64_t perIt = (countAiCore ? per.second : per.first) * static_cast<std::uint64_t>(devices);
    const int iterations = static_cast<int>(std::max<std::uint64_t>(1, (wantTasks + perIt - 1) / perIt));
    Session s;
    s.spec = resnetSpec(devices, iterations);
    // The first batch adds no tasks; iterations are alike.
    s.tasks = per.first * static_cast<std::uint64_t>(devices) * static_cast<std::uint64_t>(iterations);
    s.aicore = per.second * static_cast<std::uint64_t>(devices) * static_cast<std::uint64_t>(iterations);
    return s;
}

// ---------------------------------------------------------------------------------------


void benchRecord(Config &cfg)
{
    const QString &work = cfg.work;
    const Session s = sizedSession(cfg.recordTasks, false, 4);
    CaptureSink cap;
    device::Emulator(s.spec, benchOptions()).run(cap);
    const std::uint64_t rows = cap.tasks();
    std::uint64_t pmuRows = 0;
    for (const auto &b : cap.batches)
        for (const auto &t : b)
            pmuRows += t.pmu.size() > 0;
    info("record: resnet50 b32, %d devices x %d iterations, %llu task rows (%llu with task_pmu rows), %zu batches",
         s.spec.devicesPerServer, s.spec.iterations, static_cast<unsigned long long>(rows),
         static_cast<unsigned long long>(pmuRows), cap.batches.size());
    const QString ours = work + QStringLiteral("/record-ours.npuscope"), bare = work + QStringLiteral("/record-bare.npuscope");
    std::vector<double> oursRate, bareRate;
    for (int r = 0; r < cfg.reps; ++r) {
        // Alternating order so drift on the shared machine hits both sides alike.
        double so, sb;
        if (r % 2 == 0) {
            so = recordInto(ours, s.spec);
            sb = bareInsert(bare, cap);
        } else {
            sb = bareInsert(bare, cap);
            so = recordInto(ours, s.spec);
        }
        oursRate.push_back(rows / so);
        bareRate.push_back(rows / sb);
        info("record: rep %d: ours %.3f s (%.0f rows/s), bare sqlite %.3f s (%.0f rows/s), project %lld bytes", r + 1, so,
             rows / so, sb, rows / sb, static_cast<long long>(QFileInfo(ours).size() + QFileInfo(ours + QStringLiteral("-wal")).size()));
    }
    removeProject(ours);
    removeProject(bare);
    cfg.results["record"] = median(oursRate);
    line("record", cfg.results["record"], "rows/s", cfg.results["record"] / median(bareRate));
}

// chip: "910" (the emulate figure) or "910B" (emulate_910b); the ratio is to record's
// rate either way (recording is the same work whatever the chip).
void emulateOn(Config &cfg, const char *figure, const QString &chip)
{
    Session s = sizedSession(cfg.recordTasks, false, 4);
    s.spec.chip = chip;
    std::vector<double> rate;
    std::uint64_t tasks = 0;
    for (int r = 0; r < cfg.reps; ++r) {
        CountingSink sink;
        QElapsedTimer t;
        t.start();
        device::Emulator(s.spec, benchOptions()).run(sink);
        const double sec = t.nsecsElapsed() / 1e9;
        tasks = sink.tasks;
        rate.push_back(tasks / sec);
        info("%s: rep %d: %llu tasks (%zu records in %zu batches) in %.3f s", figure, r + 1,
             static_cast<unsigned long long>(tasks),
             sink.ops + sink.tasks + sink.collectives + sink.hcclTasks + sink.stepTraces + sink.aiCpu + sink.queueEvents
                 + sink.fusionOps + sink.hostRanges,
             sink.batches, sec);
    }
    const double r = median(rate);
    if (cfg.results["record"] > 0)
        line(figure, r, "tasks/s", r / cfg.results["record"]);
    else
        line(figure, r, "tasks/s", std::nullopt, QStringLiteral("record not run, no baseline"));
}

void benchEmulate(Config &cfg) { emulateOn(cfg, "emulate", QStringLiteral("910")); }
void benchEmulate910B(Config &cfg) { emulateOn(cfg, "emulate_910b", QStringLiteral("910B")); }

// The big session both export figures read, recorded once.
QString g_exportProject;
QString g_exportRows; // the same tasks, strings and ops as plain row tables, for the sqlite3 tool

// The sqlite3 tool cannot read task blocks (schema 6), so its side of the comparison reads
// the plain rows the SQL console shows, materialised once into a database of row tables
// (with the schema-5 iteration index the queries' ORDER BY walks).
void materialiseRows(const QString &project, const QString &rows)
{
    QFile::remove(rows);
    sqlite3 *db = nullptr;
    // Read-write, and with CREATE, because ATTACH opens its file with the main file's flags:
    // without CREATE it cannot make the rows database. Nothing of the project changes.
    if (sqlite3_open_v2(QFile::encodeName(project).constData(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr)
        != SQLITE_OK)
        die(QStringLiteral("cannot open %1").arg(project));
    store::detail::registerRecordTables(db);
    const QByteArray sql = "ATTACH DATABASE '" + QFile::encodeName(rows) + "' AS r; "
        "CREATE TABLE r.tasks AS SELECT * FROM main.tasks; "
        "CREATE INDEX r.tasks_by_iteration ON tasks(session, device, model, iteration, start, stream, task_id); "
        "CREATE TABLE r.task_pmu(task INTEGER PRIMARY KEY, pmu BLOB NOT NULL); "
        "INSERT INTO r.task_pmu SELECT task, pmu FROM main.task_pmu; "
        "CREATE TABLE r.strings AS SELECT * FROM main.strings; "
        "CREATE INDEX r.strings_by_id ON strings(session, id); "
        "CREATE TABLE r.ops AS SELECT * FROM main.ops; "
        "CREATE INDEX r.ops_by_id ON ops(session, id); "
        "DETACH DATABASE r";
    char *err = nullptr;
    if (sqlite3_exec(db, sql.constData(), nullptr, nullptr, &err) != SQLITE_OK)
        die(QString::fromUtf8(err ? err : "sqlite error"));
    sqlite3_close(db);
}
Session g_exportSession;

bool ensureExportProject(const Config &cfg, const QString &work)
{
    if (!g_exportProject.isEmpty())
        return true;
    g_exportSession = sizedSession(cfg.exportTasks, true, 4);
    g_exportProject = work + QStringLiteral("/export.npuscope");
    const double s = recordInto(g_exportProject, g_exportSession.spec);
    info("export session: %d devices x %d iterations, %llu tasks, %llu AI Core tasks, recorded in %.1f s",
         g_exportSession.spec.devicesPerServer, g_exportSession.spec.iterations,
         static_cast<unsigned long long>(g_exportSession.tasks), static_cast<unsigned long long>(g_exportSession.aicore), s);
    g_exportRows = work + QStringLiteral("/export-rows.db");
    materialiseRows(g_exportProject, g_exportRows);
    return true;
}

// Our exporter, only the given kind; returns (seconds, bytes of those files).
std::pair<double, std::uint64_t> exportOurs(const QString &kind, const QString &outDir)
{
    QDir(outDir).removeRecursively();
    QElapsedTimer t;
    t.start();
    store::StoreError e;
    QString msg;
    auto p = store::Project::open(g_exportProject, store::Project::Mode::ReadOnly, &e, &msg);
    if (!p)
        die(msg);
    const auto sessions = p->sessions();
    if (sessions.empty())
        die(QStringLiteral("no session in %1").arg(g_exportProject));
    auto reader = p->session(sessions.front().id, &msg);
    if (!reader)
        die(msg);
    exporting::ExportRequest req;
    req.outputDir = outDir;
    req.kinds = {kind};
    exporting::ExportResult res;
    exporting::ExportError kindErr;
    if (!exporting::exportProf(*reader, req, &res, &kindErr, &msg))
        die(msg);
    const double sec = t.nsecsElapsed() / 1e9;
    std::uint64_t bytes = 0;
    for (const QString &f : res.files)
        if (QFileInfo(f).fileName().startsWith(kind + QLatin1Char('_')))
            bytes += static_cast<std::uint64_t>(QFileInfo(res.profDir + QLatin1Char('/') + f).size());
    return {sec, bytes};
}

// The sqlite3 command-line tool writing the query's output to a file.
std::pair<double, std::uint64_t> exportSqlite(const QString &sqlite3, const QString &mode, const QString &sql, const QString &outFile)
{
    QFile::remove(outFile);
    QProcess proc;
    proc.setStandardOutputFile(outFile);
    QElapsedTimer t;
    t.start();
    proc.start(sqlite3, {QStringLiteral("-readonly"), mode, g_exportRows, sql});
    if (!proc.waitForFinished(-1) || proc.exitCode() != 0)
        die(QStringLiteral("sqlite3 failed: %1").arg(QString::fromUtf8(proc.readAllStandardError())));
    const double sec = t.nsecsElapsed() / 1e9;
    return {sec, static_cast<std::uint64_t>(QFileInfo(outFile).size())};
}

// Same task rows, same order (the iteration index), names through the strings table.
const char *const kTaskTypeCase = "(SELECT text FROM strings WHERE session = t.session AND id = t.type)";

QString csvQuery()
{
    auto s = [](const char *alias, const char *col) {
        return QStringLiteral("(SELECT text FROM strings WHERE session = t.session AND id = %1.%2)").arg(QLatin1String(alias), QLatin1String(col));
    };
    return QStringLiteral(
               "SELECT t.model, t.task_id, t.stream, %1, %2, %3, t.start / 1000.0, t.duration / 1000.0, o.block_dim, "
               "%4, %5, %6, %7, %8, %9, t.total_cycles, hex(p.pmu) "
               "FROM tasks t JOIN ops o ON o.session = t.session AND o.id = t.op LEFT JOIN task_pmu p ON p.task = t.id "
               "WHERE t.kind = 0 ORDER BY t.session, t.device, t.model, t.iteration, t.start, t.stream, t.task_id")
        .arg(s("o", "name"), s("o", "op_type"), QLatin1String(kTaskTypeCase), s("o", "input_shapes"), s("o", "input_data_types"),
             s("o", "input_formats"), s("o", "output_shapes"), s("o", "output_data_types"))
        .arg(s("o", "output_formats"));
}

QString jsonQuery()
{
    return QStringLiteral(
               "SELECT (SELECT text FROM strings WHERE session = t.session AND id = t.name) AS name, "
               "t.device AS pid, t.stream AS tid, t.start / 1000.0 AS ts, t.duration / 1000.0 AS dur, "
               "%1 AS task_type, t.stream AS stream_id, t.task_id AS task_id, t.batch_id AS batch_id, "
               "t.total_cycles AS total_cycle, 'X' AS ph "
               "FROM tasks t ORDER BY t.session, t.device, t.model, t.iteration, t.start, t.stream, t.task_id")
        .arg(QLatin1String(kTaskTypeCase));
}

void benchExport(const char *name, const QString &kind, const QString &mode, const QString &sql, const Config &cfg,
                 const QString &work)
{
    const QString sqlite3 = QStandardPaths::findExecutable(QStringLiteral("sqlite3"));
    if (sqlite3.isEmpty()) {
        line(name, 0, "B/s", std::nullopt, QStringLiteral("skipped: the sqlite3 command-line tool is missing; scripts/setup.sh installs it"));
        return;
    }
    ensureExportProject(cfg, work);
    const QString outDir = work + QStringLiteral("/export-") + kind, outFile = work + QStringLiteral("/sqlite-") + kind + QStringLiteral(".out");
    std::vector<double> ours, theirs;
    for (int r = 0; r < cfg.reps; ++r) {
        std::pair<double, std::uint64_t> a, b;
        if (r % 2 == 0) {
            a = exportOurs(kind, outDir);
            b = exportSqlite(sqlite3, mode, sql, outFile);
        } else {
            b = exportSqlite(sqlite3, mode, sql, outFile);
            a = exportOurs(kind, outDir);
        }
        ours.push_back(a.second / a.first);
        theirs.push_back(b.second / b.first);
        info("%s: rep %d: ours %llu bytes in %.3f s (%.1f MB/s), sqlite3 %s %llu bytes in %.3f s (%.1f MB/s)", name, r + 1,
             static_cast<unsigned long long>(a.second), a.first, a.second / a.first / 1e6, mode.toUtf8().constData(),
             static_cast<unsigned long long>(b.second), b.first, b.second / b.first / 1e6);
    }
    QDir(outDir).removeRecursively();
    QFile::remove(outFile);
    const double o = median(ours);
    line(name, o, "B/s", o / median(theirs));
}

void benchExportCsv(Config &cfg)
{
    benchExport("export_csv", QStringLiteral("op_summary"), QStringLiteral("-csv"), csvQuery(), cfg, cfg.work);
}

void benchExportJson(Config &cfg)
{
    benchExport("export_json", QStringLiteral("msprof"), QStringLiteral("-json"), jsonQuery(), cfg, cfg.work);
}

void cleanupExportProject(Config &cfg)
{
    if (cfg.keep.isEmpty() && !g_exportProject.isEmpty())
        removeProject(g_exportProject);
}

[[noreturn]] void usage(int code)
{
    QStringList names;
    for (const auto &f : figures())
        names << QString::fromLatin1(f.name);
    std::fprintf(code ? stderr : stdout,
                 "usage: npuscope-bench [figure ...] [--tasks N] [--export-tasks N] [--reps N] [--keep DIR]\n"
                 "  figures: %s (default: all)\n"
                 "  --tasks N         task rows of the record/emulate session (default 300000)\n"
                 "  --export-tasks N  AI Core tasks of the export session (default 1000000)\n"
                 "  --reps N          repetitions per figure, the median is printed (default 3)\n"
                 "  --keep DIR        work in DIR and keep the export project there\n",
                 names.join(QLatin1Char(' ')).toUtf8().constData());
    std::exit(code);
}

} // namespace

// emulate's ratio needs record's rate, so record runs first.
NPUSCOPE_BENCH_FIGURE("record", 10, benchRecord);
NPUSCOPE_BENCH_FIGURE("export_csv", 20, benchExportCsv);
NPUSCOPE_BENCH_FIGURE("export_json", 30, benchExportJson);
NPUSCOPE_BENCH_FIGURE("emulate", 40, benchEmulate);
NPUSCOPE_BENCH_FIGURE("emulate_910b", 41, benchEmulate910B);

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    Config cfg;
    QStringList wanted;
    QStringList known;
    for (const auto &f : figures())
        known << QString::fromLatin1(f.name);
    const QStringList args = app.arguments().mid(1);
    for (int i = 0; i < args.size(); ++i) {
        const QString &a = args[i];
        auto value = [&]() -> QString {
            if (i + 1 >= args.size())
                usage(2);
            return args[++i];
        };
        auto number = [&]() -> std::uint64_t {
            bool ok = false;
            const qulonglong v = value().toULongLong(&ok);
            if (!ok || v == 0)
                usage(2);
            return v;
        };
        if (a == QLatin1String("--tasks"))
            cfg.recordTasks = number();
        else if (a == QLatin1String("--export-tasks"))
            cfg.exportTasks = number();
        else if (a == QLatin1String("--reps"))
            cfg.reps = static_cast<int>(number());
        else if (a == QLatin1String("--keep"))
            cfg.keep = value();
        else if (a == QLatin1String("--help") || a == QLatin1String("-h"))
            usage(0);
        else if (known.contains(a))
            wanted << a;
        else
            usage(2);
    }
    if (wanted.isEmpty())
        wanted = known;

    QTemporaryDir tmp;
    cfg.work = cfg.keep.isEmpty() ? tmp.path() : QDir(cfg.keep).absolutePath();
    QDir().mkpath(cfg.work);
    info("npuscope-bench: work dir %s, %d repetitions per figure (median), sqlite %s", cfg.work.toUtf8().constData(),
         cfg.reps, sqlite3_libversion());
    QElapsedTimer total;
    total.start();
    std::vector<Figure> run = figures();
    std::stable_sort(run.begin(), run.end(), [](const Figure &x, const Figure &y) { return x.order < y.order; });
    for (const Figure &f : run)
        if (wanted.contains(QString::fromLatin1(f.name)))
            f.fn(cfg);
    cleanupExportProject(cfg);
    info("npuscope-bench: total %.1f s", total.nsecsElapsed() / 1e9);
    return 0;
}
