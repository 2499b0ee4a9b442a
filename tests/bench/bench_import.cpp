// import_json: MB/s of `npuscope import` on one ≥ 500 MB msprof timeline JSON made from an
// emulated session, against `python3 -c "import json,sys; json.load(open(sys.argv[1]))"`
// (parsing only) on the same file in the same run. Both run as fresh child processes so
// wait4() reports each one's own peak RSS (printed next to the file size).
//
// The file: a ResNet-50 iteration on 2 devices (hardware, CANN, HCCL, overlap lanes) is
// exported, then device 0's msprof events are repeated with timestamps shifted by the
// iteration span until the file passes the target size (metadata written once).

#include "core/exporting/out_file.h"
#include "core/exporting/prof_exporter.h"
#include "core/importing/json_pull.h"
#include "core/model/memory_trace.h"
#include "core/options/profiling_options.h"
#include "device/emulator.h"
#include "tests/bench/bench.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>

#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>

extern char **environ;

using namespace npuscope;
using namespace npuscope::bench;

namespace {

struct ChildRun {
    bool ok = false;
    double seconds = 0;
    long maxRssKb = 0;
};

ChildRun runChild(const QStringList &argv)
{
    std::vector<QByteArray> storage;
    std::vector<char *> args;
    for (const QString &a : argv)
        storage.push_back(a.toLocal8Bit());
    for (auto &s : storage)
        args.push_back(s.data());
    args.push_back(nullptr);
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
    QElapsedTimer t;
    t.start();
    pid_t pid = 0;
    ChildRun r;
    if (posix_spawnp(&pid, args[0], &fa, nullptr, args.data(), environ) != 0) {
        posix_spawn_file_actions_destroy(&fa);
        return r;
    }
    posix_spawn_file_actions_destroy(&fa);
    int status = 0;
    rusage ru{};
    if (wait4(pid, &status, 0, &ru) < 0)
        return r;
    r.seconds = t.nsecsElapsed() / 1e9;
    r.maxRssKb = ru.ru_maxrss;
    r.ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
    return r;
}

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
            const auto at = ev.find("\"ts\": ");
            if (at == std::string_view::npos || k == 0) {
                out.append(ev);
            } else {
                const std::size_t v = at + 6;
                std::size_t e = v;
                while (e < n && ev[e] != ',' && ev[e] != '}')
                    ++e;
                TimeNs ts = 0;
                importing::usTextToNs(ev.substr(v, e - v), &ts);
                out.append(ev.substr(0, v));
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

void benchImportJson(Config &cfg)
{
    const std::uint64_t target = 500ull << 20;
    const QString work = cfg.work + QStringLiteral("/import");
    QDir(work).removeRecursively();
    QDir().mkpath(work);

    SessionSpec spec;
    spec.model = QStringLiteral("resnet50");
    spec.batchSize = 32;
    spec.iterations = 1;
    spec.devicesPerServer = 2;
    spec.seed = 3;
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

    const QString npuscope = QCoreApplication::applicationDirPath() + QStringLiteral("/npuscope");
    if (!QFileInfo(npuscope).isExecutable())
        die(QStringLiteral("import_json: needs the npuscope binary next to npuscope-bench: ") + npuscope);
    std::vector<double> ours, python;
    long oursRss = 0, pyRss = 0;
    for (int r = 0; r < cfg.reps; ++r) {
        const QString project = work + QStringLiteral("/import-%1.npuscope").arg(r);
        auto runOurs = [&] {
            const ChildRun c = runChild({npuscope, QStringLiteral("import"), prof, QStringLiteral("--project"), project});
            if (!c.ok)
                die(QStringLiteral("import_json: npuscope import failed"));
            ours.push_back(mb / c.seconds);
            oursRss = std::max(oursRss, c.maxRssKb);
            info("import_json: rep %d: npuscope import %.2f s (%.1f MB/s, peak RSS %ld MB)", r + 1, c.seconds, mb / c.seconds, c.maxRssKb / 1000);
        };
        auto runPython = [&] {
            const ChildRun c = runChild({QStringLiteral("python3"), QStringLiteral("-c"),
                                         QStringLiteral("import json,sys; json.load(open(sys.argv[1]))"), big});
            if (!c.ok)
                die(QStringLiteral("import_json: python3 json.load failed"));
            python.push_back(mb / c.seconds);
            pyRss = std::max(pyRss, c.maxRssKb);
            info("import_json: rep %d: python3 json.load %.2f s (%.1f MB/s, peak RSS %ld MB)", r + 1, c.seconds, mb / c.seconds, c.maxRssKb / 1000);
        };
        // Alternating order so drift on the shared machine hits both sides alike.
        if (r % 2 == 0) { runOurs(); runPython(); } else { runPython(); runOurs(); }
        QFile::remove(project);
        QFile::remove(project + QStringLiteral("-wal"));
        QFile::remove(project + QStringLiteral("-shm"));
    }
    const double rate = median(ours);
    cfg.results["import_json"] = rate;
    line("import_json", rate, "MB/s", rate / median(python),
         QStringLiteral("peak RSS %1 MB importing a %2 MB file (python3 json.load: %3 MB)")
             .arg(oursRss / 1000).arg(mb, 0, 'f', 0).arg(pyRss / 1000));
    QDir(work).removeRecursively();
}

} // namespace

NPUSCOPE_BENCH_FIGURE("import_json", 50, benchImportJson);
