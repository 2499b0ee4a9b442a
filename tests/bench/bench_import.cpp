// import_json: MB/s of `npuscope import` on one ≥ 500 MB msprof timeline JSON made from an
// emulated session, against `python3 -c "import json,sys; json.load(open(sys.argv[1]))"`
// (parsing only) on the same file in the same run. Both run as fresh child processes so
// wait4() reports each one's own peak RSS (printed next to the file size).
//
// The file: a ResNet-50 iteration on 2 devices (hardware, CANN, HCCL, overlap lanes) is
// exported, then device 0's msprof events are repeated with timestamps shifted by the
// iteration span until the file passes the target size (metadata written once).
//
// import_torchnpu: the same duel on a torch_npu rank folder grown from the vendored real
// capture: its trace_view.json (text export) and its ascend_pytorch_profiler_0.db (db
// export), each past 500 MB (see benchImportTorchNpu).

#include "core/exporting/out_file.h"
#include "core/exporting/prof_exporter.h"
#include "core/importing/import_report.h"
#include "core/importing/importer.h"
#include "core/importing/json_pull.h"
#include "core/model/record_sink.h"
#include "core/model/memory_trace.h"
#include "core/options/profiling_options.h"
#include "device/emulator.h"
#include "tests/bench/bench.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>

#include <sqlite3.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>

using namespace npuscope;
using namespace npuscope::bench;

namespace {

// Element byte ranges of a top-level JSON array written by our exporter.
struct Template {
    QByteArray text;
    std::vector<std::pair<std::uint64_t, std::uint64_t>> elems; // [begin, end)
    std::vector<bool> meta;
    TimeNs span = 0;
};

bool readTemplate(const QString &path, Template *t)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return false;
    t->text = f.readAll();
    importing::TraceEventReader r;
    r.openBytes(t->text.toStdString());
    importing::TraceEvent e;
    std::vector<std::uint64_t> starts;
    TimeNs lo = INT64_MAX, hi = INT64_MIN;
    while (r.next(&e) == importing::TraceEventReader::Result::Event) {
        starts.push_back(e.offset);
        t->meta.push_back(e.ph == "M");
        if (e.hasTs) {
            lo = std::min(lo, e.ts);
            hi = std::max(hi, e.ts + (e.hasDur ? e.dur : 0));
        }
    }
    const std::uint64_t close = static_cast<std::uint64_t>(t->text.lastIndexOf(']'));
    for (std::size_t i = 0; i < starts.size(); ++i) {
        std::uint64_t end = i + 1 < starts.size() ? starts[i + 1] : close;
        while (end > starts[i] && (t->text[qsizetype(end - 1)] == ' ' || t->text[qsizetype(end - 1)] == ','))
            --end;
        t->elems.push_back({starts[i], end});
    }
    t->span = hi - lo + 1000000; // 1 ms gap between copies
    return !t->elems.empty();
}

// Writes the template's events again and again with ts shifted by k × span.
std::uint64_t writeBig(const Template &t, const QString &path, std::uint64_t targetBytes, std::uint64_t *events)
{
    std::FILE *f = std::fopen(QFile::encodeName(path).constData(), "wb");
    if (!f)
        return 0;
    std::uint64_t bytes = 1;
    std::fputc('[', f);
    bool first = true;
    *events = 0;
    std::string out;
    for (std::uint64_t k = 0; bytes < targetBytes; ++k) {
        for (std::size_t i = 0; i < t.elems.size(); ++i) {
            if (t.meta[i] && k > 0)
                continue;
            const char *b = t.text.constData() + t.elems[i].first;
            const std::size_t n = t.elems[i].second - t.elems[i].first;
            std::string_view ev(b, n);
            out.clear();
            if (!first)
                out += ", ";
            first = false;
            // "ts": 123.456 (msprof) or "ts": "123.456" (torch_npu): the value keeps its quoting.
            const auto at = ev.find("\"ts\":");
            if (at == std::string_view::npos || k == 0) {
                out.append(ev);
            } else {
                std::size_t v = at + 5;
                while (v < n && ev[v] == ' ')
                    ++v;
                const bool quoted = v < n && ev[v] == '"';
                const std::size_t from = quoted ? v + 1 : v;
                std::size_t e = from;
                while (e < n && ev[e] != (quoted ? '"' : ',') && ev[e] != (quoted ? '"' : '}'))
                    ++e;
                TimeNs ts = 0;
                importing::usTextToNs(ev.substr(from, e - from), &ts);
                out.append(ev.substr(0, from));
                out += exporting::formatUs(ts + TimeNs(k) * t.span);
                out.append(ev.substr(e));
            }
            std::fwrite(out.data(), 1, out.size(), f);
            bytes += out.size();
            ++*events;
        }
    }
    std::fputc(']', f);
    ++bytes;
    std::fclose(f);
    return bytes;
}

// `npuscope import <input>` against a python3 program reading the same data, alternately,
// cfg.reps times each; MB/s are the file's size over each one's wall time (medians).
struct Duel {
    double ours = 0, theirs = 0;
    long oursRssKb = 0, theirsRssKb = 0;
};

Duel importDuel(Config &cfg, const char *tag, const QString &input, double mb, const QStringList &pythonArgs,
                const char *pythonWhat)
{
    const QString npuscope = QCoreApplication::applicationDirPath() + QStringLiteral("/npuscope");
    if (!QFileInfo(npuscope).isExecutable())
        die(QStringLiteral("%1: needs the npuscope binary next to npuscope-bench: %2").arg(QLatin1String(tag), npuscope));
    const QString work = QFileInfo(input).absolutePath();
    std::vector<double> ours, python;
    Duel d;
    for (int r = 0; r < cfg.reps; ++r) {
        const QString project = work + QStringLiteral("/import-%1.npuscope").arg(r);
        auto runOurs = [&] {
            const ChildRun c = runChild({npuscope, QStringLiteral("import"), input, QStringLiteral("--project"), project});
            if (!c.ok)
                die(QStringLiteral("%1: npuscope import failed").arg(QLatin1String(tag)));
            ours.push_back(mb / c.seconds);
            d.oursRssKb = std::max(d.oursRssKb, c.maxRssKb);
            info("%s: rep %d: npuscope import %.2f s (%.1f MB/s, peak RSS %ld MB)", tag, r + 1, c.seconds, mb / c.seconds,
                 c.maxRssKb / 1000);
        };
        auto runPython = [&] {
            const ChildRun c = runChild(QStringList{QStringLiteral("python3")} + pythonArgs);
            if (!c.ok)
                die(QStringLiteral("%1: %2 failed").arg(QLatin1String(tag), QLatin1String(pythonWhat)));
            python.push_back(mb / c.seconds);
            d.theirsRssKb = std::max(d.theirsRssKb, c.maxRssKb);
            info("%s: rep %d: %s %.2f s (%.1f MB/s, peak RSS %ld MB)", tag, r + 1, pythonWhat, c.seconds, mb / c.seconds,
                 c.maxRssKb / 1000);
        };
        // Alternating order so drift on the shared machine hits both sides alike.
        if (r % 2 == 0) { runOurs(); runPython(); } else { runPython(); runOurs(); }
        for (const char *suffix : {"", "-wal", "-shm"})
            QFile::remove(project + QLatin1String(suffix));
    }
    d.ours = median(ours);
    d.theirs = median(python);
    return d;
}

void benchImportJson(Config &cfg)
{
    const std::uint64_t target = 500ull << 20;
    const QString work = cfg.work + QStringLiteral("/import");
    QDir(work).removeRecursively();
    QDir().mkpath(work);

    SessionSpec spec{.model = QStringLiteral("resnet50"), .batchSize = 32, .iterations = 1,
                     .devicesPerServer = 2, .seed = 3};
    ProfilingOptions opt;
    ProfilingOptions::parse(R"({"output":"/tmp/npuscope-bench","task_trace":"on","hccl":"on"})", &opt);
    MemoryTrace trace;
    device::Emulator(spec, opt).run(trace);
    exporting::ExportRequest req;
    req.outputDir = work + QStringLiteral("/template");
    req.devices = {0};
    req.kinds = {QStringLiteral("msprof")};
    exporting::ExportResult res;
    QString err;
    if (!exporting::exportProf(trace, req, &res, nullptr, &err))
        die(QStringLiteral("import_json: template export failed: ") + err);
    Template t;
    const QString templ = res.profDir + QStringLiteral("/device_0/timeline/msprof_0_1_1.json");
    if (!readTemplate(templ, &t))
        die(QStringLiteral("import_json: cannot read the template ") + templ);

    // The big input: a PROF directory with the template's device files and one msprof.
    const QString prof = work + QStringLiteral("/PROF_000001_big");
    QDir().mkpath(prof + QStringLiteral("/device_0/timeline"));
    for (const char *name : {"info.json.0", "start_info.0", "end_info.0"})
        QFile::copy(res.profDir + QStringLiteral("/device_0/") + QLatin1String(name), prof + QStringLiteral("/device_0/") + QLatin1String(name));
    const QString big = prof + QStringLiteral("/device_0/timeline/msprof_0_1_1.json");
    std::uint64_t events = 0;
    const std::uint64_t bytes = writeBig(t, big, target, &events);
    if (bytes < target)
        die(QStringLiteral("import_json: could not write ") + big);
    const double mb = bytes / 1e6;
    info("import_json: %s: %.1f MB, %llu events (template %zu events, %lld bytes)", big.toUtf8().constData(), mb,
         static_cast<unsigned long long>(events), t.elems.size(), static_cast<long long>(t.text.size()));

    const Duel d = importDuel(cfg, "import_json", prof, mb, {QStringLiteral("-c"), QStringLiteral("import json,sys; json.load(open(sys.argv[1]))"), big},
                              "python3 json.load");
    cfg.results["import_json"] = d.ours;
    line("import_json", d.ours, "MB/s", d.ours / d.theirs,
         QStringLiteral("peak RSS %1 MB importing a %2 MB file (python3 json.load: %3 MB)")
             .arg(d.oursRssKb / 1000).arg(mb, 0, 'f', 0).arg(d.theirsRssKb / 1000));
    QDir(work).removeRecursively();
}

// The vendored torch_npu captures of rank 0 (tests/data/reference, AlexNet on a 910B).
QString torchReference(const char *kind)
{
    return QStringLiteral(NPUSCOPE_SOURCE_DIR "/tests/data/reference/ascend910b-torchnpu-%1-alexnet/rank0_ascend_pt")
        .arg(QLatin1String(kind));
}

bool copyFile(const QString &from, const QString &to)
{
    QDir().mkpath(QFileInfo(to).absolutePath());
    QFile::remove(to);
    return QFile::copy(from, to);
}

// The reader alone: the same import into a CountingSink in this process (no project
// written), so the parsing side's speed is seen apart from the store's.
double readerAloneMBps(const QString &input, double mb)
{
    importing::ImportRequest req;
    req.path = input;
    CountingSink sink;
    importing::ImportReport report;
    importing::ImportError kind{};
    QString err;
    QElapsedTimer t;
    t.start();
    if (!importing::importProf(req, sink, &report, &kind, &err))
        die(QStringLiteral("import_torchnpu: reading %1 failed: %2").arg(input, err));
    const double s = std::max(1e-9, t.nsecsElapsed() / 1e9);
    info("import_torchnpu: reader alone %.2f s (%.1f MB/s), %zu tasks, %zu framework ranges", s, mb / s, sink.tasks,
         sink.pythonRanges);
    return mb / s;
}

// The two figures of a torch_npu import duel on `rank`, whose input is a `file` of `mb` MB:
// our import against `theirs` (the baseline as the peak RSS note names it), then the reader
// alone against the same `baseline`. The rank folder goes afterwards.
void torchDuelLines(const char *figure, const Duel &d, const QString &rank, double mb, const QString &file,
                    const QString &theirs, const QString &baseline)
{
    line(figure, d.ours, "MB/s", d.ours / d.theirs,
         QStringLiteral("%1 of %2 MB; peak RSS %3 MB (%4: %5 MB)")
             .arg(file).arg(mb, 0, 'f', 0).arg(d.oursRssKb / 1000).arg(theirs).arg(d.theirsRssKb / 1000));
    const double reader = readerAloneMBps(rank, mb);
    const std::string readerFigure = std::string(figure) + "_reader";
    line(readerFigure.c_str(), reader, "MB/s", reader / d.theirs,
         QStringLiteral("the reader alone (no project written) on the same file, against %1").arg(baseline));
    QDir(rank).removeRecursively();
}

// A rank folder whose trace_view.json repeats the real one's events (ts shifted by the
// capture's span each time; metadata once) past 500 MB.
void benchImportTorchText(Config &cfg, const QString &work)
{
    const QString src = torchReference("text");
    Template t;
    if (!readTemplate(src + QStringLiteral("/ASCEND_PROFILER_OUTPUT/trace_view.json"), &t))
        die(QStringLiteral("import_torchnpu: cannot read the template in ") + src);
    const QString rank = work + QStringLiteral("/big_ascend_pt");
    for (const char *meta : {"profiler_info_0.json", "profiler_metadata.json"})
        if (!copyFile(src + QLatin1Char('/') + QLatin1String(meta), rank + QLatin1Char('/') + QLatin1String(meta)))
            die(QStringLiteral("import_torchnpu: cannot copy %1").arg(QLatin1String(meta)));
    QDir().mkpath(rank + QStringLiteral("/ASCEND_PROFILER_OUTPUT"));
    const QString big = rank + QStringLiteral("/ASCEND_PROFILER_OUTPUT/trace_view.json");
    std::uint64_t events = 0;
    const std::uint64_t bytes = writeBig(t, big, 500ull << 20, &events);
    if (bytes < (500ull << 20))
        die(QStringLiteral("import_torchnpu: could not write ") + big);
    const double mb = bytes / 1e6;
    info("import_torchnpu: %s: %.1f MB, %llu events (template %zu events)", big.toUtf8().constData(), mb,
         static_cast<unsigned long long>(events), t.elems.size());
    const Duel d = importDuel(cfg, "import_torchnpu", rank, mb,
                              {QStringLiteral("-c"), QStringLiteral("import json,sys; json.load(open(sys.argv[1]))"), big},
                              "python3 json.load");
    torchDuelLines("import_torchnpu_text", d, rank, mb, QStringLiteral("trace_view.json"),
                   QStringLiteral("python3 json.load"), QStringLiteral("python3 json.load"));
}

bool exec(sqlite3 *db, const QString &sql)
{
    char *msg = nullptr;
    if (sqlite3_exec(db, sql.toUtf8().constData(), nullptr, nullptr, &msg) == SQLITE_OK)
        return true;
    info("import_torchnpu: %s: %s", sql.left(200).toUtf8().constData(), msg ? msg : "?");
    sqlite3_free(msg);
    return false;
}

std::int64_t scalar(sqlite3 *db, const QString &sql)
{
    sqlite3_stmt *s = nullptr;
    std::int64_t v = 0;
    if (sqlite3_prepare_v2(db, sql.toUtf8().constData(), -1, &s, nullptr) == SQLITE_OK && sqlite3_step(s) == SQLITE_ROW)
        v = sqlite3_column_int64(s, 0);
    sqlite3_finalize(s);
    return v;
}

// Doubles the rows of every table that grows with the run (tasks, their PMU and
// communication rows, API calls, memory records, counters) until the file passes
// `target` bytes. Each round shifts times by the rows' span so far and ids past the
// largest so far, so tasks stay distinct and joins still pair the copies with each other.
bool growDb(const QString &path, std::uint64_t target)
{
    sqlite3 *db = nullptr;
    if (sqlite3_open(QFile::encodeName(path).constData(), &db) != SQLITE_OK)
        return false;
    exec(db, QStringLiteral("PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF"));
    static const QStringList growing = {
        QStringLiteral("TASK"), QStringLiteral("COMPUTE_TASK_INFO"), QStringLiteral("TASK_PMU_INFO"),
        QStringLiteral("COMMUNICATION_TASK_INFO"), QStringLiteral("COMMUNICATION_OP"), QStringLiteral("CANN_API"),
        QStringLiteral("PYTORCH_API"), QStringLiteral("CONNECTION_IDS"), QStringLiteral("PYTORCH_CALLCHAINS"),
        QStringLiteral("OVERLAP_ANALYSIS"), QStringLiteral("MEMORY_RECORD"), QStringLiteral("OP_MEMORY"),
        QStringLiteral("HBM"), QStringLiteral("NPU_MEM"), QStringLiteral("STEP_TIME")};
    static const QStringList timeColumns = {QStringLiteral("startNs"), QStringLiteral("endNs"), QStringLiteral("timestamp"),
                                            QStringLiteral("timestampNs"), QStringLiteral("allocationTime"),
                                            QStringLiteral("releaseTime"), QStringLiteral("activeReleaseTime")};
    const std::int64_t lo = std::min(scalar(db, QStringLiteral("SELECT MIN(startNs) FROM TASK")),
                                     scalar(db, QStringLiteral("SELECT MIN(CAST(startNs AS INTEGER)) FROM PYTORCH_API")));
    const std::int64_t hi = std::max(scalar(db, QStringLiteral("SELECT MAX(endNs) FROM TASK")),
                                     scalar(db, QStringLiteral("SELECT MAX(CAST(endNs AS INTEGER)) FROM PYTORCH_API")));
    std::int64_t span = std::max<std::int64_t>(1, hi - lo) + 1000000;
    bool ok = true;
    while (ok && QFileInfo(path).size() < qint64(target)) {
        const std::int64_t task = scalar(db, QStringLiteral("SELECT MAX(globalTaskId) FROM TASK")) + 1;
        const std::int64_t conn = std::max({scalar(db, QStringLiteral("SELECT MAX(connectionId) FROM TASK")),
                                            scalar(db, QStringLiteral("SELECT MAX(connectionId) FROM CANN_API")),
                                            scalar(db, QStringLiteral("SELECT MAX(id) FROM CONNECTION_IDS"))}) + 1;
        const std::int64_t op = scalar(db, QStringLiteral("SELECT MAX(opId) FROM COMMUNICATION_OP")) + 1;
        ok = exec(db, QStringLiteral("BEGIN"));
        for (const QString &table : growing) {
            QStringList cols, exprs;
            sqlite3_stmt *s = nullptr;
            sqlite3_prepare_v2(db, QStringLiteral("SELECT name, type FROM pragma_table_info('%1')").arg(table).toUtf8().constData(), -1, &s, nullptr);
            while (sqlite3_step(s) == SQLITE_ROW) {
                const QString c = QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_column_text(s, 0)));
                const QString type = QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_column_text(s, 1)));
                QString e = QStringLiteral("\"%1\"").arg(c);
                if (timeColumns.contains(c))
                    e = type.compare(QLatin1String("TEXT"), Qt::CaseInsensitive) == 0
                            ? QStringLiteral("CAST(CAST(%1 AS INTEGER) + %2 AS TEXT)").arg(e).arg(span)
                            : QStringLiteral("%1 + %2").arg(e).arg(span);
                else if (c == QLatin1String("globalTaskId"))
                    e = QStringLiteral("%1 + %2").arg(e).arg(task);
                else if (c == QLatin1String("connectionId") || (table == QLatin1String("CONNECTION_IDS") && c == QLatin1String("id")))
                    e = QStringLiteral("%1 + %2").arg(e).arg(conn);
                else if (c == QLatin1String("opId"))
                    e = QStringLiteral("%1 + %2").arg(e).arg(op);
                else if (c == QLatin1String("id"))
                    e = QStringLiteral("%1 + (SELECT MAX(id) + 1 FROM %2)").arg(e, table);
                cols << QStringLiteral("\"%1\"").arg(c);
                exprs << e;
            }
            sqlite3_finalize(s);
            if (cols.isEmpty())
                continue; // a table this version does not have
            ok = ok && exec(db, QStringLiteral("INSERT INTO %1(%2) SELECT %3 FROM %1").arg(table, cols.join(QLatin1Char(',')), exprs.join(QLatin1Char(','))));
        }
        ok = ok && exec(db, QStringLiteral("COMMIT"));
        span *= 2;
    }
    sqlite3_close(db);
    return ok;
}

} // namespace

QString npuscope::bench::grownTorchDbRank(const QString &rank, std::uint64_t target)
{
    const QString src = torchReference("db");
    const QString db = rank + QStringLiteral("/ASCEND_PROFILER_OUTPUT/ascend_pytorch_profiler_0.db");
    if (!copyFile(src + QStringLiteral("/profiler_info_0.json"), rank + QStringLiteral("/profiler_info_0.json"))
        || !copyFile(src + QStringLiteral("/ASCEND_PROFILER_OUTPUT/ascend_pytorch_profiler_0.db"), db))
        die(QStringLiteral("cannot copy the reference torch_npu database from ") + src);
    if (!growDb(db, target))
        die(QStringLiteral("could not grow ") + db);
    return db;
}

namespace {

// A rank folder whose ascend_pytorch_profiler_0.db repeats the real one's rows past 500 MB.
void benchImportTorchDb(Config &cfg, const QString &work)
{
    const QString rank = work + QStringLiteral("/bigdb_ascend_pt");
    const QString db = grownTorchDbRank(rank, 500ull << 20);
    const double mb = QFileInfo(db).size() / 1e6;
    info("import_torchnpu: %s: %.1f MB", db.toUtf8().constData(), mb);
    // The baseline reads every row of every table, which is what an import has to see.
    const QString read = QStringLiteral(
        "import sqlite3,sys\n"
        "c=sqlite3.connect(sys.argv[1])\n"
        "for (t,) in c.execute(\"SELECT name FROM sqlite_master WHERE type='table'\").fetchall():\n"
        "    for row in c.execute('SELECT * FROM \"%s\"' % t): pass\n");
    const Duel d = importDuel(cfg, "import_torchnpu", rank, mb, {QStringLiteral("-c"), read, db}, "python3 sqlite3");
    torchDuelLines("import_torchnpu_db", d, rank, mb, QStringLiteral("ascend_pytorch_profiler_0.db"),
                   QStringLiteral("python3 sqlite3 reading every row"), QStringLiteral("python3 sqlite3"));
}

// import_torchnpu: MB/s of `npuscope import` on a torch_npu rank folder whose trace_view.json
// (text export) or ascend_pytorch_profiler_0.db (db export) is grown from the vendored real
// capture past 500 MB, against python3's json.load / sqlite3 reading the same file (ratio; the
// goal is ≥ 3), with both programs' peak RSS (the goal is ≤ 200 MB for the import).
void benchImportTorchNpu(Config &cfg)
{
    const QString work = cfg.work + QStringLiteral("/import_torchnpu");
    QDir(work).removeRecursively();
    QDir().mkpath(work);
    benchImportTorchText(cfg, work);
    benchImportTorchDb(cfg, work);
    QDir(work).removeRecursively();
}

} // namespace

NPUSCOPE_BENCH_FIGURE("import_json", 50, benchImportJson);
NPUSCOPE_BENCH_FIGURE("import_torchnpu", 51, benchImportTorchNpu);
