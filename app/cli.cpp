#include "app/cli.h"
#include "app/cli_torch.h"

#include "core/analysis/advisor.h"
#include "core/analysis/run_diff.h"
#include "core/exporting/prof_exporter.h"
#include "core/importing/importer.h"
#include "core/options/profiling_options.h"
#include "core/store/project.h"
#include "core/store/project_query.h"
#include "core/store/sql_console.h"
#include "device/chip.h"
#include "device/emulator.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QtCore/qcoreapplication.h>
#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <atomic>
#include <csignal>
#include <cstdio>
#include <unistd.h>

namespace npuscope::app {

namespace {

// lupdate extracts Cli::tr("...") with the context "Cli".
struct Cli {
    Q_DECLARE_TR_FUNCTIONS(Cli)
};

std::atomic_bool g_interrupted{false};
// --upgrade (anywhere on the command line): older projects are migrated before use.
bool g_upgrade = false;

extern "C" void onInterrupt(int)
{
    g_interrupted.store(true);
}

// Installs a SIGINT/SIGTERM handler for the lifetime of long work so that Ctrl+C cancels
// cleanly (the recorder keeps what it committed) instead of killing the process mid-batch.
class InterruptGuard {
public:
    InterruptGuard()
    {
        g_interrupted.store(false);
        prevInt_ = std::signal(SIGINT, onInterrupt);
        prevTerm_ = std::signal(SIGTERM, onInterrupt);
    }
    ~InterruptGuard()
    {
        std::signal(SIGINT, prevInt_);
        std::signal(SIGTERM, prevTerm_);
    }
private:
    void (*prevInt_)(int);
    void (*prevTerm_)(int);
};

// A project's full check reads every page (seconds per GB): a large file says so on stderr
// first; Ctrl+C stops the check (g_interrupted, exit 130).
void announceCheck(const QString &path)
{
    const QFileInfo fi(path);
    if (fi.exists() && fi.size() >= 256ll * 1024 * 1024) {
        const QByteArray line = (Cli::tr("Checking the integrity of %1 (%2 MB)…")
                                     .arg(QDir::toNativeSeparators(fi.absoluteFilePath()))
                                     .arg(fi.size() / 1000000) + QLatin1Char('\n')).toUtf8();
        std::fwrite(line.constData(), 1, std::size_t(line.size()), stderr);
    }
}

std::unique_ptr<store::Project> openProjectChecked(const QString &path, store::StoreError *se, QString *msg)
{
    InterruptGuard guard;
    announceCheck(path);
    return store::Project::open(path, store::Project::Mode::ReadOnly, se, msg, store::Project::Check::Full, &g_interrupted);
}

std::unique_ptr<store::ProjectWriter> createWriterChecked(const QString &path, store::StoreError *se, QString *msg)
{
    InterruptGuard guard;
    announceCheck(path);
    return store::ProjectWriter::create(path, se, msg, store::Project::Check::Full, &g_interrupted);
}

void out(const QString &s)
{
    const QByteArray b = s.toUtf8();
    std::fwrite(b.constData(), 1, size_t(b.size()), stdout);
    std::fputc('\n', stdout);
    std::fflush(stdout);
}

void err(const QString &s)
{
    const QByteArray b = s.toUtf8();
    std::fwrite(b.constData(), 1, size_t(b.size()), stderr);
    std::fputc('\n', stderr);
    std::fflush(stderr);
}

// Progress on stderr: a live, rewritten line on a terminal; plain lines, at most one a
// second, otherwise (logs and CI stay readable).
class Progress {
public:
    Progress() : tty_(isatty(fileno(stderr)) == 1) { timer_.start(); }
    void update(const QString &line, bool force = false)
    {
        const qint64 now = timer_.elapsed();
        if (tty_) {
            if (!force && now - last_ < 100)
                return;
            last_ = now;
            const QByteArray b = ("\r\033[K" + line).toUtf8();
            std::fwrite(b.constData(), 1, size_t(b.size()), stderr);
            std::fflush(stderr);
            dirty_ = true;
        } else {
            if (!force && last_ >= 0 && now - last_ < 1000)
                return;
            last_ = now;
            err(line);
        }
    }
    void finish()
    {
        if (tty_ && dirty_) {
            std::fputs("\r\033[K", stderr);
            std::fflush(stderr);
        }
        dirty_ = false;
    }
    double seconds() const { return timer_.elapsed() / 1000.0; }
private:
    bool tty_;
    bool dirty_ = false;
    qint64 last_ = -1;
    QElapsedTimer timer_;
};

int exitCodeFor(store::StoreError e)
{
    switch (e) {
    case store::StoreError::None: return ExitOk;
    case store::StoreError::NotFound:
    case store::StoreError::NotProject: return ExitNotProject;
    case store::StoreError::Corrupt: return ExitCorrupt;
    case store::StoreError::TooNew: return ExitTooNew;
    case store::StoreError::Io:
    case store::StoreError::Busy: return ExitIo;
    case store::StoreError::NeedsUpgrade:
        // Every caller has just printed the store's sentence; the CLI-specific way out
        // belongs right after it.
        err(Cli::tr("Run the command again with --upgrade to upgrade the project."));
        return ExitNeedsUpgrade;
    case store::StoreError::Cancelled: return ExitCancelled;
    }
    return ExitIo;
}

// With --upgrade, migrates an older project before a verb opens it. Returns -1 to go on,
// or the exit code after printing why the upgrade failed.
int upgradeIfAsked(const QString &projectPath)
{
    if (!g_upgrade || !QFileInfo::exists(projectPath))
        return -1;
    store::UpgradeResult r;
    store::StoreError se = store::StoreError::None;
    QString msg;
    if (!store::Project::upgrade(projectPath, &r, &se, &msg)) {
        err(msg);
        return exitCodeFor(se);
    }
    if (r.fromVersion != r.toVersion)
        err(Cli::tr("Upgraded %1 from schema %2 to schema %3; the original is kept as %4.")
                .arg(QDir::toNativeSeparators(projectPath))
                .arg(r.fromVersion)
                .arg(r.toVersion)
                .arg(QDir::toNativeSeparators(r.backupPath)));
    return -1;
}

void printProblems(const std::vector<OptionProblem> &problems)
{
    err(problems.size() == 1 ? Cli::tr("The profiling options have 1 problem:")
                             : Cli::tr("The profiling options have %1 problems:").arg(problems.size()));
    for (const auto &p : problems)
        err(QStringLiteral("  - ") + p.message);
}

QString readTextFile(const QString &path, QString *error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = Cli::tr("Cannot read %1: %2").arg(QDir::toNativeSeparators(path), f.errorString());
        return {};
    }
    return QString::fromUtf8(f.readAll());
}

// Gets the options JSON from exactly one of --profiling-options, --options-file, --script.
// Returns false (after printing why) on usage errors or extraction failures.
bool optionsJsonFromArgs(const QCommandLineParser &p, const QString &positional, QByteArray *json,
                         bool required)
{
    int given = int(p.isSet(QStringLiteral("profiling-options"))) + int(p.isSet(QStringLiteral("options-file")))
              + int(p.isSet(QStringLiteral("script"))) + int(!positional.isEmpty());
    if (given > 1) {
        err(Cli::tr("Give the profiling options only once: --profiling-options, --options-file or --script."));
        return false;
    }
    if (given == 0) {
        if (required) {
            err(Cli::tr("No profiling options given: use --profiling-options '<json>', --options-file FILE or --script train.py."));
            return false;
        }
        *json = QByteArrayLiteral("{}");
        return true;
    }
    if (!positional.isEmpty()) {
        *json = positional.toUtf8();
    } else if (p.isSet(QStringLiteral("profiling-options"))) {
        *json = p.value(QStringLiteral("profiling-options")).toUtf8();
    } else if (p.isSet(QStringLiteral("options-file"))) {
        QString e;
        const QString text = readTextFile(p.value(QStringLiteral("options-file")), &e);
        if (!e.isEmpty()) {
            err(e);
            return false;
        }
        *json = text.trimmed().toUtf8();
    } else {
        const QString path = p.value(QStringLiteral("script"));
        QString e;
        const QString text = readTextFile(path, &e);
        if (!e.isEmpty()) {
            err(e);
            return false;
        }
        const ScriptExtraction x = extractFromScript(text);
        if (!x.found) {
            err(Cli::tr("%1: %2").arg(QDir::toNativeSeparators(path), x.error));
            return false;
        }
        err(Cli::tr("Profiling options read from %1, line %2.").arg(QDir::toNativeSeparators(path)).arg(x.line));
        if (!x.profilingEnabled && !x.error.isEmpty())
            err(Cli::tr("Warning: %1").arg(x.error));
        *json = x.optionsJson;
    }
    return true;
}

// Parses "N" or "A-B" for --iteration-id.
bool parseIterationRange(const QString &s, std::uint32_t *first, std::uint32_t *last)
{
    const QStringList parts = s.split(QLatin1Char('-'));
    bool ok1 = false, ok2 = false;
    if (parts.size() == 1) {
        *first = *last = parts[0].toUInt(&ok1);
        return ok1 && *first >= 1;
    }
    if (parts.size() == 2) {
        *first = parts[0].toUInt(&ok1);
        *last = parts[1].toUInt(&ok2);
        return ok1 && ok2 && *first >= 1 && *first <= *last;
    }
    return false;
}

QString humanBytes(std::uint64_t b)
{
    if (b >= 1024ull * 1024 * 1024)
        return Cli::tr("%1 GB").arg(double(b) / (1024.0 * 1024 * 1024), 0, 'f', 2);
    if (b >= 1024ull * 1024)
        return Cli::tr("%1 MB").arg(double(b) / (1024.0 * 1024), 0, 'f', 1);
    if (b >= 1024)
        return Cli::tr("%1 KB").arg(double(b) / 1024.0, 0, 'f', 1);
    return Cli::tr("%1 bytes").arg(b);
}

// Exports one stored session; shared by `run --export`, `export` and `demo`.
int exportSession(const QString &projectPath, std::int64_t sessionId, exporting::ExportRequest request,
                  QString *profDirOut = nullptr)
{
    if (const int rc = upgradeIfAsked(projectPath); rc >= 0)
        return rc;
    store::StoreError se = store::StoreError::None;
    QString msg;
    auto project = openProjectChecked(projectPath, &se, &msg);
    if (!project) {
        err(msg);
        return exitCodeFor(se);
    }
    const auto sessions = project->sessions();
    if (sessions.empty()) {
        err(Cli::tr("%1 holds no recorded session to export.").arg(QDir::toNativeSeparators(projectPath)));
        return ExitUsage;
    }
    if (sessionId <= 0)
        sessionId = sessions.back().id;
    auto reader = project->session(sessionId, &msg);
    if (!reader) {
        err(msg);
        return ExitUsage;
    }
    Progress progress;
    InterruptGuard guard;
    exporting::ExportResult result;
    exporting::ExportError kind = exporting::ExportError::None;
    QString error;
    const bool ok = exporting::exportProf(
        *reader, request, &result, &kind, &error,
        [&](const exporting::ExportProgress &p) {
            progress.update(Cli::tr("Exporting: file %1 of %2, %3 written")
                                .arg(p.filesDone)
                                .arg(p.filesTotal)
                                .arg(humanBytes(p.bytes)));
        },
        &g_interrupted);
    progress.finish();
    if (!ok) {
        err(error);
        switch (kind) {
        case exporting::ExportError::Usage: return ExitUsage;
        case exporting::ExportError::Cancelled: return ExitCancelled;
        default: return ExitIo;
        }
    }
    out(Cli::tr("Exported session %1 to %2 (%3 files, %4).")
            .arg(sessionId)
            .arg(QDir::toNativeSeparators(result.profDir))
            .arg(result.files.size())
            .arg(humanBytes(result.bytes)));
    if (profDirOut)
        *profDirOut = result.profDir;
    return ExitOk;
}

void addOptionsSources(QCommandLineParser &p)
{
    p.addOption({QStringLiteral("profiling-options"), Cli::tr("The profiling_options JSON string."), Cli::tr("json")});
    p.addOption({QStringLiteral("options-file"), Cli::tr("Read the profiling_options JSON from a file."), Cli::tr("file")});
    p.addOption({QStringLiteral("script"), Cli::tr("Read profiling_options from a TensorFlow training script."), Cli::tr("train.py")});
}

// Returns -1 to go on, or the exit code when parsing failed or help was shown.
int parseOrUsage(QCommandLineParser &p, const QStringList &args)
{
    p.addHelpOption();
    if (!p.parse(args)) {
        err(p.errorText());
        err(Cli::tr("Run '%1 --help' for usage.").arg(args.value(0)));
        return ExitUsage;
    }
    if (p.isSet(QStringLiteral("help"))) {
        out(p.helpText().replace(QStringLiteral("Usage: npuscope "), QStringLiteral("Usage: npuscope ")));
        return ExitOk;
    }
    return -1;
}

struct RunArgs {
    SessionSpec spec;
    ProfilingOptions options;
    QString project;
    QString exportDir;
};

// Shared by `run` and `demo`: records one emulated session, then exports if asked.
int recordAndExport(const RunArgs &a, QString *profDir = nullptr)
{
    QString specError;
    if (!device::Emulator::validate(a.spec, &specError)) {
        err(specError);
        return ExitUsage;
    }
    if (const int rc = upgradeIfAsked(a.project); rc >= 0)
        return rc;
    store::StoreError se = store::StoreError::None;
    QString msg;
    auto writer = createWriterChecked(a.project, &se, &msg);
    if (!writer) {
        err(msg);
        return exitCodeFor(se);
    }
    for (const QString &note : a.options.optionsWithoutData())
        err(Cli::tr("Note: %1").arg(note));

    device::Emulator emulator(a.spec, a.options);
    Progress progress;
    std::uint64_t records = 0;
    SessionStatus status;
    {
        InterruptGuard guard;
        status = emulator.run(*writer, &g_interrupted, [&](const device::EmulatorProgress &p) {
            records = p.records;
            const double s = progress.seconds();
            progress.update(Cli::tr("Iteration %1 of %2, %3 records, %4 records/s")
                                .arg(p.iteration)
                                .arg(p.iterations)
                                .arg(p.records)
                                .arg(s > 0 ? qint64(double(p.records) / s) : 0),
                            p.iteration == p.iterations);
        });
    }
    progress.finish();
    const std::int64_t sessionId = writer->sessionId();
    const double seconds = progress.seconds();
    const store::StoreError writeError = writer->error();
    const QString writeMessage = writer->errorString();
    const std::uint64_t agedBytes = writer->agedBytes();
    writer.reset(); // releases the writer lock before the export reads the project

    switch (status) {
    case SessionStatus::Failed:
        err(Cli::tr("The run failed: %1").arg(writeMessage.isEmpty() ? emulator.errorString() : writeMessage));
        if (sessionId > 0)
            err(Cli::tr("What was recorded before the failure is kept in %1 (session %2, marked failed).")
                    .arg(QDir::toNativeSeparators(a.project))
                    .arg(sessionId));
        return writeError != store::StoreError::None ? exitCodeFor(writeError) : ExitIo;
    case SessionStatus::Cancelled:
        err(Cli::tr("Cancelled. Session %1 keeps the %2 records recorded so far and is marked cancelled in %3.")
                .arg(sessionId)
                .arg(records)
                .arg(QDir::toNativeSeparators(a.project)));
        return ExitCancelled;
    default:
        break;
    }
    out(Cli::tr("Recorded session %1 (%2, batch %3, %4 iterations, %5 devices, %6) into %7: %8 records in %9 s.")
            .arg(sessionId)
            .arg(a.spec.model)
            .arg(a.spec.batchSize)
            .arg(a.spec.iterations)
            .arg(a.spec.deviceCount())
            .arg(launchModeName(a.spec.mode))
            .arg(QDir::toNativeSeparators(QFileInfo(a.project).absoluteFilePath()))
            .arg(records)
            .arg(seconds, 0, 'f', 2));
    if (agedBytes > 0)
        out(Cli::tr("The storage limit aged %1 MB (%2 bytes) of the oldest records; step traces, fusion-op info, "
                    "metadata and the newest iteration were kept.")
                .arg(double(agedBytes) / (1024.0 * 1024.0), 0, 'f', 1)
                .arg(agedBytes));
    if (a.exportDir.isEmpty())
        return ExitOk;
    exporting::ExportRequest req;
    req.outputDir = a.exportDir;
    req.profCounter = std::uint32_t(sessionId);
    return exportSession(a.project, sessionId, req, profDir);
}

int cmdRun(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(Cli::tr("Emulate a profiled training session on Ascend 910 or 910B devices and record it into a project."));
    p.addOption({QStringLiteral("model"), Cli::tr("Model: %1, or the path of a JSON model file (format: docs/emulator.md).")
                                              .arg(device::zooModelNames().join(QStringLiteral(", "))),
                 Cli::tr("name|file.json"), QStringLiteral("resnet50")});
    p.addOption({QStringLiteral("batch"), Cli::tr("Batch size per device."), Cli::tr("n"), QStringLiteral("32")});
    p.addOption({QStringLiteral("iterations"), Cli::tr("Training iterations."), Cli::tr("n"), QStringLiteral("5")});
    p.addOption({QStringLiteral("chip"), Cli::tr("Chip: 910 (Ascend 910, 32 AI Cores, servers of two 4-card HCCS groups) or 910B "
                                                 "(Ascend 910B, 24 cube + 48 vector cores, 8 cards fully connected by HCCS)."),
                 Cli::tr("chip"), QStringLiteral("910")});
    p.addOption({QStringLiteral("devices"), Cli::tr("Devices per server (1-8)."), Cli::tr("n"), QStringLiteral("1")});
    p.addOption({QStringLiteral("servers"), Cli::tr("Servers (1-4)."), Cli::tr("n"), QStringLiteral("1")});
    p.addOption({QStringLiteral("mode"), Cli::tr("Launch mode: estimator or sess.run."), Cli::tr("mode"), QStringLiteral("estimator")});
    p.addOption({QStringLiteral("precision"), Cli::tr("Precision: fp32 or mixed."), Cli::tr("p"), QStringLiteral("mixed")});
    p.addOption({QStringLiteral("seed"), Cli::tr("Seed of the modelled jitter (same seed, same records)."), Cli::tr("n"), QStringLiteral("1")});
    p.addOption({QStringLiteral("input-rate"), Cli::tr("Host input pipeline throughput in samples/s (0 = fast enough)."), Cli::tr("n"), QStringLiteral("0")});
    p.addOption({QStringLiteral("queue-depth"), Cli::tr("Device data queue capacity in batches (1-1024); a deep queue absorbs a jittery input pipeline."), Cli::tr("n"), QStringLiteral("32")});
    p.addOption({QStringLiteral("segments"), Cli::tr("Gradient all-reduce segments."), Cli::tr("n"), QStringLiteral("2")});
    p.addOption({QStringLiteral("scenario"), Cli::tr("Scenario knobs, comma separated."), Cli::tr("names")});
    p.addOption({QStringLiteral("clock-base"),
                 Cli::tr("Date the collection as starting at this ISO 8601 time (e.g. 2024-05-17T09:30:00Z) instead of "
                         "now, for byte-reproducible output."),
                 Cli::tr("time")});
    addOptionsSources(p);
    p.addOption({QStringLiteral("project"), Cli::tr("Project file to record into (created if missing). Default: <output>/npuscope.npuscope."), Cli::tr("file")});
    p.addOption({QStringLiteral("export"), Cli::tr("Also export the PROF directory into this folder."), Cli::tr("dir")});
    if (const int rc = parseOrUsage(p, args); rc >= 0)
        return rc;
    if (!p.positionalArguments().isEmpty()) {
        err(Cli::tr("Unexpected argument: %1").arg(p.positionalArguments().first()));
        return ExitUsage;
    }

    RunArgs a;
    auto intOpt = [&](const char *name, int *dst) {
        bool ok = false;
        const int v = p.value(QString::fromLatin1(name)).toInt(&ok);
        if (!ok) {
            err(Cli::tr("--%1 must be a whole number, got \"%2\".").arg(QString::fromLatin1(name), p.value(QString::fromLatin1(name))));
            return false;
        }
        *dst = v;
        return true;
    };
    a.spec.model = p.value(QStringLiteral("model"));
    if (!intOpt("batch", &a.spec.batchSize) || !intOpt("iterations", &a.spec.iterations)
        || !intOpt("devices", &a.spec.devicesPerServer) || !intOpt("servers", &a.spec.servers)
        || !intOpt("segments", &a.spec.segments) || !intOpt("queue-depth", &a.spec.queueDepth))
        return ExitUsage;
    if (!launchModeFromName(p.value(QStringLiteral("mode")), &a.spec.mode)) {
        err(Cli::tr("--mode must be \"estimator\" or \"sess.run\", got \"%1\".").arg(p.value(QStringLiteral("mode"))));
        return ExitUsage;
    }
    device::Chip chip;
    if (!device::chipFromName(p.value(QStringLiteral("chip")), &chip)) {
        err(Cli::tr("--chip must be one of %1, got \"%2\".")
                .arg(device::chipNames().join(QStringLiteral(", ")), p.value(QStringLiteral("chip"))));
        return ExitUsage;
    }
    a.spec.chip = device::chipName(chip);
    if (!precisionFromName(p.value(QStringLiteral("precision")), &a.spec.precision)) {
        err(Cli::tr("--precision must be \"fp32\" or \"mixed\", got \"%1\".").arg(p.value(QStringLiteral("precision"))));
        return ExitUsage;
    }
    bool ok = false;
    a.spec.seed = p.value(QStringLiteral("seed")).toULongLong(&ok);
    if (!ok) {
        err(Cli::tr("--seed must be a whole number, got \"%1\".").arg(p.value(QStringLiteral("seed"))));
        return ExitUsage;
    }
    a.spec.inputRate = p.value(QStringLiteral("input-rate")).toDouble(&ok);
    if (!ok || a.spec.inputRate < 0) {
        err(Cli::tr("--input-rate must be a number of samples per second, got \"%1\".").arg(p.value(QStringLiteral("input-rate"))));
        return ExitUsage;
    }
    if (p.isSet(QStringLiteral("scenario")))
        a.spec.scenarios = p.value(QStringLiteral("scenario")).split(QLatin1Char(','), Qt::SkipEmptyParts);
    if (p.isSet(QStringLiteral("clock-base"))) {
        QString clockError;
        if (!clockBaseFromIso(p.value(QStringLiteral("clock-base")), &a.spec.clockBaseUs, &clockError)) {
            err(QStringLiteral("--clock-base: ") + clockError);
            return ExitUsage;
        }
    }

    QByteArray json;
    if (!optionsJsonFromArgs(p, QString(), &json, true))
        return ExitUsage;
    const auto problems = ProfilingOptions::parse(json, &a.options);
    if (!problems.empty()) {
        printProblems(problems);
        return ExitUsage;
    }
    a.project = p.value(QStringLiteral("project"));
    if (a.project.isEmpty())
        a.project = QDir(a.options.output).filePath(QStringLiteral("npuscope.npuscope"));
    a.exportDir = p.value(QStringLiteral("export"));
    return recordAndExport(a);
}

int cmdExport(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(Cli::tr("Export a recorded session as the PROF directory msprof writes."));
    p.addOption({QStringLiteral("project"), Cli::tr("Project file."), Cli::tr("file")});
    p.addOption({QStringLiteral("output"), Cli::tr("Folder to create the PROF_* directory in."), Cli::tr("dir")});
    p.addOption({QStringLiteral("session"), Cli::tr("Session id (default: the newest)."), Cli::tr("id")});
    p.addOption({QStringLiteral("model-id"), Cli::tr("Export only this model (graph) id."), Cli::tr("n")});
    p.addOption({QStringLiteral("iteration-id"), Cli::tr("Export only iteration N or the range A-B."), Cli::tr("N|A-B")});
    p.addOption({QStringLiteral("device"), Cli::tr("Export only these devices, comma separated."), Cli::tr("ids")});
    p.addOption({QStringLiteral("kinds"), Cli::tr("Export only these files, comma separated: %1.")
                                              .arg(exporting::exportKinds().join(QStringLiteral(", "))),
                 Cli::tr("names")});
    if (const int rc = parseOrUsage(p, args); rc >= 0)
        return rc;
    if (!p.isSet(QStringLiteral("project")) || !p.isSet(QStringLiteral("output"))) {
        err(Cli::tr("export needs --project FILE and --output DIR."));
        return ExitUsage;
    }
    exporting::ExportRequest req;
    req.outputDir = p.value(QStringLiteral("output"));
    bool ok = true;
    std::int64_t sessionId = 0;
    if (p.isSet(QStringLiteral("session"))) {
        sessionId = p.value(QStringLiteral("session")).toLongLong(&ok);
        if (!ok || sessionId <= 0) {
            err(Cli::tr("--session must be a session id (see 'npuscope query'), got \"%1\".").arg(p.value(QStringLiteral("session"))));
            return ExitUsage;
        }
    }
    if (p.isSet(QStringLiteral("model-id"))) {
        req.modelId = p.value(QStringLiteral("model-id")).toUInt(&ok);
        if (!ok) {
            err(Cli::tr("--model-id must be a whole number, got \"%1\".").arg(p.value(QStringLiteral("model-id"))));
            return ExitUsage;
        }
    }
    if (p.isSet(QStringLiteral("iteration-id"))) {
        std::uint32_t a = 0, b = 0;
        if (!parseIterationRange(p.value(QStringLiteral("iteration-id")), &a, &b)) {
            err(Cli::tr("--iteration-id must be N or A-B with 1 <= A <= B, got \"%1\".").arg(p.value(QStringLiteral("iteration-id"))));
            return ExitUsage;
        }
        req.firstIteration = a;
        req.lastIteration = b;
    }
    if (p.isSet(QStringLiteral("device"))) {
        for (const QString &d : p.value(QStringLiteral("device")).split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            const uint v = d.trimmed().toUInt(&ok);
            if (!ok || v > 65535) {
                err(Cli::tr("--device must list device ids, got \"%1\".").arg(p.value(QStringLiteral("device"))));
                return ExitUsage;
            }
            req.devices.push_back(std::uint16_t(v));
        }
    }
    if (p.isSet(QStringLiteral("kinds")))
        req.kinds = p.value(QStringLiteral("kinds")).split(QLatin1Char(','), Qt::SkipEmptyParts);
    req.profCounter = std::uint32_t(std::max<std::int64_t>(1, sessionId));
    return exportSession(p.value(QStringLiteral("project")), sessionId, req);
}

int cmdImport(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(Cli::tr("Import profiler output into a project: msprof's PROF_* folders (legacy and "
                                        "newer layout), torch_npu or MindSpore *_ascend_pt / *_ascend_ms folders (text "
                                        "or SQLite export), msprof_*.db files, or a folder holding several of them (one "
                                        "per rank): everything found is imported into one session, one device per rank."));
    p.addPositionalArgument(QStringLiteral("path"), Cli::tr("The folder (or .db file) to import."));
    p.addOption({QStringLiteral("project"), Cli::tr("Project file (created if missing)."), Cli::tr("file")});
    p.addOption({QStringLiteral("name"), Cli::tr("Session name (default: \"Import of <folder>\")."), Cli::tr("text")});
    if (const int rc = parseOrUsage(p, args); rc >= 0)
        return rc;
    if (p.positionalArguments().size() != 1 || !p.isSet(QStringLiteral("project"))) {
        err(Cli::tr("import needs one folder and --project FILE, e.g. 'npuscope import PROF_000001_... --project p.npuscope'."));
        return ExitUsage;
    }
    const QString dir = p.positionalArguments().first();
    const QString projectPath = p.value(QStringLiteral("project"));
    // What the path holds is the importer's to decide (it names the layouts it reads), but
    // nothing is created for a path that is not there.
    if (!QFileInfo::exists(dir)) {
        err(Cli::tr("The folder %1 does not exist.").arg(dir));
        return ExitNotProject;
    }
    const bool projectExisted = QFileInfo::exists(projectPath);
    if (const int rc = upgradeIfAsked(projectPath); rc >= 0)
        return rc;
    store::StoreError se = store::StoreError::None;
    QString msg;
    auto writer = createWriterChecked(projectPath, &se, &msg);
    if (!writer) {
        err(msg);
        return exitCodeFor(se);
    }
    InterruptGuard guard;
    Progress progress;
    importing::ImportRequest req;
    req.path = dir;
    req.sessionName = p.value(QStringLiteral("name"));
    req.beforeEnd = [&writer](const importing::ImportReport &r) { return writer->setSessionNote(QStringLiteral("import"), r.toJson()); };
    importing::ImportReport report;
    importing::ImportError kind = importing::ImportError::None;
    const bool ok = importing::importProf(
        req, *writer, &report, &kind, &msg,
        [&progress](const importing::ImportProgress &pr) {
            progress.update(Cli::tr("Importing: %1 of %2 files, %3 of %4")
                                .arg(pr.filesDone).arg(pr.filesTotal).arg(humanBytes(pr.bytesDone), humanBytes(pr.bytesTotal)));
        },
        &g_interrupted);
    progress.finish();
    // Every problem with its place, so the user can open the file there.
    for (const auto &pr : report.problems) {
        QString where = pr.file;
        if (pr.line > 0)
            where += QStringLiteral(":%1").arg(pr.line);
        if (pr.offset >= 0)
            where += Cli::tr(" (byte %1)").arg(pr.offset);
        QString line = where + QStringLiteral(": ") + pr.reason;
        if (pr.count > 1)
            line += Cli::tr(" (%n times in this file)", nullptr, int(std::min<std::uint64_t>(pr.count, INT32_MAX)));
        err(line);
    }
    const std::int64_t session = writer->sessionId();
    const store::StoreError writerError = writer->error();
    writer.reset();
    if (!ok) {
        err(msg);
        if (session == 0 && !projectExisted)
            QFile::remove(projectPath); // nothing was recorded: leave no empty project behind
        switch (kind) {
        case importing::ImportError::Usage: return ExitUsage;
        case importing::ImportError::Unreadable: return ExitNotProject;
        case importing::ImportError::Cancelled: return ExitCancelled;
        case importing::ImportError::Sink: return writerError == store::StoreError::None ? ExitIo : exitCodeFor(writerError);
        case importing::ImportError::None: break;
        }
        return ExitIo;
    }
    const auto t = report.total();
    out(Cli::tr("Imported %1 (%2 layout, %3 files, %4) into session %5 of %6.")
            .arg(QDir::toNativeSeparators(dir), report.layout).arg(report.files.size()).arg(humanBytes(report.bytes))
            .arg(session).arg(QDir::toNativeSeparators(projectPath)));
    out(Cli::tr("Events and rows: %1 read, %2 imported, %3 duplicates of other files, %4 derived (recomputed on export), %5 skipped.")
            .arg(t.items).arg(t.imported).arg(t.duplicates).arg(t.derived).arg(t.skipped));
    for (const QString &m : report.missing)
        out(Cli::tr("Not in the input: %1").arg(m));
    if (!report.problems.empty())
        out(Cli::tr("%n problem(s) were found; they are listed above and stored with the session.", nullptr, int(report.problems.size())));
    return ExitOk;
}

// The project of a verb that reads one: --project FILE or the first positional argument,
// and its --format (text or json). Empty path + a printed message when either is wrong.
QString projectAndTextOrJson(const QCommandLineParser &p, const QString &needsProject, QString *format)
{
    QString path = p.value(QStringLiteral("project"));
    if (path.isEmpty() && !p.positionalArguments().isEmpty())
        path = p.positionalArguments().first();
    if (path.isEmpty()) {
        err(needsProject);
        return {};
    }
    *format = p.value(QStringLiteral("format"));
    if (*format != QLatin1String("text") && *format != QLatin1String("json")) {
        err(Cli::tr("--format must be \"text\" or \"json\", got \"%1\".").arg(*format));
        return {};
    }
    return path;
}

int cmdQuery(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(Cli::tr("List the sessions, devices, models, iterations and record counts of a project."));
    p.addOption({QStringLiteral("project"), Cli::tr("Project file."), Cli::tr("file")});
    p.addOption({QStringLiteral("format"), Cli::tr("Output format: text or json."), Cli::tr("format"), QStringLiteral("text")});
    if (const int rc = parseOrUsage(p, args); rc >= 0)
        return rc;
    QString format;
    const QString path = projectAndTextOrJson(p, Cli::tr("query needs --project FILE."), &format);
    if (path.isEmpty())
        return ExitUsage;
    if (const int rc = upgradeIfAsked(path); rc >= 0)
        return rc;
    store::StoreError se = store::StoreError::None;
    QString msg;
    auto project = openProjectChecked(path, &se, &msg);
    if (!project) {
        err(msg);
        return exitCodeFor(se);
    }
    if (format == QLatin1String("json"))
        out(QString::fromUtf8(QJsonDocument(store::describeProjectJson(*project)).toJson(QJsonDocument::Indented)));
    else
        out(store::describeProject(*project));
    return ExitOk;
}

int cmdCheckOptions(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(Cli::tr("Validate profiling_options like the real collector; list every problem."));
    p.addPositionalArgument(QStringLiteral("json"), Cli::tr("The profiling_options JSON string."));
    addOptionsSources(p);
    p.addOption({QStringLiteral("framework"),
                 Cli::tr("tensorflow (profiling_options, the default) or pytorch (a torch_npu.profiler config: "
                         "JSON text, a .json file or a training script)."),
                 Cli::tr("name"), QStringLiteral("tensorflow")});
    if (const int rc = parseOrUsage(p, args); rc >= 0)
        return rc;
    if (p.positionalArguments().size() > 1) {
        err(Cli::tr("check-options takes one JSON string; quote it in the shell."));
        return ExitUsage;
    }
    const QString framework = p.value(QStringLiteral("framework"));
    if (framework == QLatin1String("pytorch")) {
        const TorchCheckOutput o = checkTorchProfilerConfig(p.positionalArguments().value(0),
                                                            p.value(QStringLiteral("script")),
                                                            p.value(QStringLiteral("options-file")));
        for (const QString &line : o.err)
            err(line);
        for (const QString &line : o.out)
            out(line);
        return o.code;
    }
    if (framework != QLatin1String("tensorflow")) {
        err(Cli::tr("--framework is tensorflow or pytorch, not \"%1\".").arg(framework));
        return ExitUsage;
    }
    QByteArray json;
    if (!optionsJsonFromArgs(p, p.positionalArguments().value(0), &json, true))
        return ExitUsage;
    ProfilingOptions options;
    const auto problems = ProfilingOptions::parse(json, &options);
    if (!problems.empty()) {
        printProblems(problems);
        return ExitUsage;
    }
    out(Cli::tr("The profiling options are valid."));
    out(QString::fromUtf8(options.toJson()));
    for (const QString &note : options.optionsWithoutData())
        out(Cli::tr("Note: %1").arg(note));
    return ExitOk;
}

int cmdDemo(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(Cli::tr("Record a small demo session (ResNet-50, 2 devices) and export it."));
    p.addOption({QStringLiteral("output"), Cli::tr("Folder for the demo project and export."), Cli::tr("dir"), QStringLiteral("demo")});
    if (const int rc = parseOrUsage(p, args); rc >= 0)
        return rc;
    const QString dir = QFileInfo(p.value(QStringLiteral("output"))).absoluteFilePath();
    RunArgs a;
    a.spec.model = QStringLiteral("resnet50");
    a.spec.batchSize = 32;
    a.spec.iterations = 5;
    a.spec.devicesPerServer = 2;
    a.spec.seed = 1;
    const QByteArray json = QStringLiteral(
        "{\"output\":\"%1\",\"training_trace\":\"on\",\"task_trace\":\"on\",\"hccl\":\"on\","
        "\"aicpu\":\"on\",\"l2\":\"on\",\"msproftx\":\"on\",\"aic_metrics\":\"PipeUtilization\","
        "\"fp_point\":\"\",\"bp_point\":\"\"}").arg(dir).toUtf8();
    const auto problems = ProfilingOptions::parse(json, &a.options);
    if (!problems.empty()) {
        printProblems(problems);
        return ExitUsage;
    }
    a.project = QDir(dir).filePath(QStringLiteral("demo.npuscope"));
    a.exportDir = QDir(dir).filePath(QStringLiteral("export"));
    QString profDir;
    const int rc = recordAndExport(a, &profDir);
    if (rc == ExitOk) {
        out(Cli::tr("Demo project: %1").arg(QDir::toNativeSeparators(a.project)));
        out(Cli::tr("Demo export:  %1").arg(QDir::toNativeSeparators(profDir)));
        out(Cli::tr("Open the project in the GUI with: npuscope %1").arg(QDir::toNativeSeparators(a.project)));
    }
    return rc;
}

// --- analyze / diff / sql ------------------------------------------------------------

// Opens a project read-only and one of its sessions (the newest when sessionId is 0).
// Returns -1 and fills the outputs, or the exit code after printing why.
int openSession(const QString &path, std::int64_t sessionId, std::unique_ptr<store::Project> *project,
                std::unique_ptr<store::ProjectReader> *reader)
{
    store::StoreError se = store::StoreError::None;
    QString msg;
    *project = openProjectChecked(path, &se, &msg);
    if (!*project) {
        err(msg);
        return exitCodeFor(se);
    }
    if (sessionId == 0) {
        const auto sessions = (*project)->sessions();
        if (sessions.empty()) {
            err(Cli::tr("The project %1 holds no session.").arg(QDir::toNativeSeparators(path)));
            return ExitNotProject;
        }
        sessionId = sessions.back().id;
    }
    *reader = (*project)->session(sessionId, &msg);
    if (!*reader) {
        err(msg);
        return ExitUsage;
    }
    return -1;
}

// RFC 4180: quoted when it holds a separator, a quote, a line break or edge spaces.
QString csvCell(const QString &s)
{
    if (s.contains(QLatin1Char(',')) || s.contains(QLatin1Char('"')) || s.contains(QLatin1Char('\n'))
        || s.contains(QLatin1Char('\r')) || (!s.isEmpty() && (s.front().isSpace() || s.back().isSpace()))) {
        QString q = s;
        q.replace(QLatin1String("\""), QLatin1String("\"\""));
        return QLatin1Char('"') + q + QLatin1Char('"');
    }
    return s;
}

QString csvLine(const QStringList &cells)
{
    QStringList q;
    for (const QString &c : cells) q << csvCell(c);
    return q.join(QLatin1Char(','));
}

// Left-aligned first column, right-aligned numbers, two spaces between columns.
QString alignedTable(const QStringList &header, const QList<QStringList> &rows)
{
    QList<int> w;
    for (const QString &h : header) w << int(h.size());
    for (const QStringList &r : rows)
        for (int i = 0; i < r.size() && i < w.size(); ++i) w[i] = std::max(w[i], int(r[i].size()));
    auto line = [&](const QStringList &r) {
        QStringList cells;
        for (int i = 0; i < r.size(); ++i)
            cells << (i == 0 ? r[i].leftJustified(w[i]) : r[i].rightJustified(w[i]));
        return cells.join(QStringLiteral("  ")).trimmed();
    };
    QStringList lines{line(header)};
    for (const QStringList &r : rows) lines << line(r);
    return lines.join(QLatin1Char('\n'));
}

QString severityLabel(analysis::Severity s)
{
    switch (s) {
    case analysis::Severity::Critical: return Cli::tr("CRITICAL");
    case analysis::Severity::Warning: return Cli::tr("WARNING");
    case analysis::Severity::Info: return Cli::tr("INFO");
    }
    return {};
}

int cmdAnalyze(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(Cli::tr("Find what limits training speed in a recorded session (the advisor's rules: "
                                        "input-bound, straggler, aicpu-fallback, launch-bound, comm-not-overlapped, "
                                        "memory-bound, low-cube-utilization; see docs/analysis.md)."));
    p.addOption({QStringLiteral("project"), Cli::tr("Project file."), Cli::tr("file")});
    p.addOption({QStringLiteral("session"), Cli::tr("Session id (default: the newest)."), Cli::tr("id")});
    p.addOption({QStringLiteral("format"), Cli::tr("Output format: text or json."), Cli::tr("format"), QStringLiteral("text")});
    if (const int rc = parseOrUsage(p, args); rc >= 0)
        return rc;
    QString format;
    const QString path = projectAndTextOrJson(p, Cli::tr("analyze needs --project FILE."), &format);
    if (path.isEmpty())
        return ExitUsage;
    std::int64_t sessionId = 0;
    if (p.isSet(QStringLiteral("session"))) {
        bool ok = false;
        sessionId = p.value(QStringLiteral("session")).toLongLong(&ok);
        if (!ok || sessionId <= 0) {
            err(Cli::tr("--session must be a session id (see 'npuscope query'), got \"%1\".").arg(p.value(QStringLiteral("session"))));
            return ExitUsage;
        }
    }
    if (const int rc = upgradeIfAsked(path); rc >= 0)
        return rc;
    std::unique_ptr<store::Project> project;
    std::unique_ptr<store::ProjectReader> reader;
    if (const int rc = openSession(path, sessionId, &project, &reader); rc >= 0)
        return rc;
    InterruptGuard guard;
    const auto findings = analysis::advise(*reader, {}, &g_interrupted);
    if (g_interrupted.load()) {
        err(Cli::tr("Cancelled."));
        return ExitCancelled;
    }
    if (!reader->errorString().isEmpty()) {
        err(reader->errorString());
        return ExitCorrupt;
    }
    if (format == QLatin1String("json")) {
        QJsonArray list;
        for (const auto &f : findings) list.append(analysis::findingToJson(f));
        const QJsonObject o{{QStringLiteral("session"), qint64(reader->sessionId())},
                            {QStringLiteral("name"), reader->sessionInfo().name},
                            {QStringLiteral("findings"), list}};
        out(QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Indented)));
        return ExitOk;
    }
    out(Cli::tr("Session %1 (%2)").arg(reader->sessionId()).arg(reader->sessionInfo().name));
    if (findings.empty()) {
        out(Cli::tr("No performance problems found."));
        return ExitOk;
    }
    int labelWidth = 0;
    for (const auto &f : findings) labelWidth = std::max(labelWidth, int(severityLabel(f.severity).size()));
    const QString indent(labelWidth + 2, QLatin1Char(' '));
    for (const auto &f : findings) {
        out(QString());
        out(severityLabel(f.severity).leftJustified(labelWidth) + QStringLiteral("  ") + f.title
            + QStringLiteral(" [") + QString::fromStdString(f.id) + QLatin1Char(']'));
        out(indent + f.evidence);
        out(indent + Cli::tr("Suggestion: %1").arg(f.suggestion));
    }
    return ExitOk;
}

// "project[:session]": the suffix after the last ':' is a session id when it is a number.
bool parseRunRef(const QString &ref, QString *path, std::int64_t *session)
{
    *path = ref;
    *session = 0;
    const qsizetype colon = ref.lastIndexOf(QLatin1Char(':'));
    if (colon > 0) {
        bool ok = false;
        const std::int64_t id = ref.mid(colon + 1).toLongLong(&ok);
        if (ok) {
            if (id <= 0) return false;
            *path = ref.left(colon);
            *session = id;
        }
    }
    return !path->isEmpty();
}

int cmdDiff(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(Cli::tr("Compare two recorded sessions: op time per iteration per device by op type, "
                                        "and the step-trace means. A and B are project[:session] (default: the newest session)."));
    p.addPositionalArgument(QStringLiteral("A"), Cli::tr("The baseline: project[:session]."));
    p.addPositionalArgument(QStringLiteral("B"), Cli::tr("The run to compare: project[:session]."));
    p.addOption({QStringLiteral("format"), Cli::tr("Output format: text, json or csv."), Cli::tr("format"), QStringLiteral("text")});
    if (const int rc = parseOrUsage(p, args); rc >= 0)
        return rc;
    if (p.positionalArguments().size() != 2) {
        err(Cli::tr("diff needs two runs, A and B, each project[:session]."));
        return ExitUsage;
    }
    const QString format = p.value(QStringLiteral("format"));
    if (format != QLatin1String("text") && format != QLatin1String("json") && format != QLatin1String("csv")) {
        err(Cli::tr("--format must be \"text\", \"json\" or \"csv\", got \"%1\".").arg(format));
        return ExitUsage;
    }
    std::unique_ptr<store::Project> projects[2];
    std::unique_ptr<store::ProjectReader> readers[2];
    for (int i = 0; i < 2; ++i) {
        QString path;
        std::int64_t session = 0;
        if (!parseRunRef(p.positionalArguments()[i], &path, &session)) {
            err(Cli::tr("\"%1\" is not project[:session].").arg(p.positionalArguments()[i]));
            return ExitUsage;
        }
        if (const int rc = upgradeIfAsked(path); rc >= 0)
            return rc;
        if (const int rc = openSession(path, session, &projects[i], &readers[i]); rc >= 0)
            return rc;
    }
    InterruptGuard guard;
    const analysis::RunDiff d = analysis::diffRuns(*readers[0], *readers[1], &g_interrupted);
    if (d.cancelled) {
        err(Cli::tr("Cancelled."));
        return ExitCancelled;
    }
    if (format == QLatin1String("json")) {
        out(QString::fromUtf8(QJsonDocument(analysis::runDiffToJson(d)).toJson(QJsonDocument::Indented)));
        return ExitOk;
    }
    const auto num = [](double v, int decimals) { return QString::number(v, 'f', decimals); };
    if (format == QLatin1String("csv")) {
        // One table: step rows (a, b = means in ns) and op rows (a, b = ns per iteration per device).
        out(csvLine({QStringLiteral("kind"), QStringLiteral("name"), QStringLiteral("count_a"), QStringLiteral("count_b"),
                     QStringLiteral("a_ns"), QStringLiteral("b_ns"), QStringLiteral("delta_ns"), QStringLiteral("percent")}));
        for (const auto &s : d.steps)
            out(csvLine({QStringLiteral("step"), s.name, QString(), QString(), num(s.a, 1), num(s.b, 1), num(s.delta, 1), num(s.percent, 2)}));
        for (const auto &o : d.ops)
            out(csvLine({QStringLiteral("op"), QString::fromStdString(o.opType), QString::number(o.countA), QString::number(o.countB),
                         num(o.perIterA, 1), num(o.perIterB, 1), num(o.delta, 1), num(o.percent, 2)}));
        return ExitOk;
    }
    const auto ms = [&](double ns) { return num(ns / 1e6, 3); };
    const auto us = [&](double ns) { return num(ns / 1e3, 1); };
    const auto signedPct = [&](double v) { return (v > 0 ? QStringLiteral("+") : QString()) + num(v, 1) + QStringLiteral(" %"); };
    out(Cli::tr("A: %1 (session %2)   B: %3 (session %4)")
            .arg(readers[0]->sessionInfo().name).arg(readers[0]->sessionId())
            .arg(readers[1]->sessionInfo().name).arg(readers[1]->sessionId()));
    out(QString());
    QList<QStringList> stepRows;
    for (const auto &s : d.steps)
        stepRows << QStringList{s.name, ms(s.a), ms(s.b), (s.delta > 0 ? QStringLiteral("+") : QString()) + ms(s.delta), signedPct(s.percent)};
    out(alignedTable({Cli::tr("Step (mean)"), Cli::tr("A (ms)"), Cli::tr("B (ms)"), Cli::tr("Δ (ms)"), Cli::tr("Δ %")}, stepRows));
    out(QString());
    QList<QStringList> opRows;
    for (const auto &o : d.ops)
        opRows << QStringList{QString::fromStdString(o.opType), QString::number(o.countA), QString::number(o.countB),
                              us(o.perIterA), us(o.perIterB), (o.delta > 0 ? QStringLiteral("+") : QString()) + us(o.delta),
                              signedPct(o.percent)};
    out(alignedTable({Cli::tr("Op type"), Cli::tr("Count A"), Cli::tr("Count B"), Cli::tr("A (µs/iter)"),
                      Cli::tr("B (µs/iter)"), Cli::tr("Δ (µs/iter)"), Cli::tr("Δ %")}, opRows));
    if (!d.regressions.empty()) {
        QStringList names;
        for (const auto &o : d.regressions) names << QString::fromStdString(o.opType);
        out(QString());
        out(Cli::tr("Largest regressions: %1").arg(names.join(QStringLiteral(", "))));
    }
    return ExitOk;
}

QString sqlText(const QVariant &v)
{
    if (!v.isValid() || v.isNull()) return QString();
    if (v.typeId() == QMetaType::QByteArray) return QStringLiteral("0x") + QString::fromLatin1(v.toByteArray().toHex());
    if (v.typeId() == QMetaType::Double) return QString::number(v.toDouble(), 'g', 17);
    return v.toString();
}

int cmdSql(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(Cli::tr("Run one read-only SQL query over a project (see --schema for the tables). "
                                        "Writes are refused; the project is never changed."));
    p.addPositionalArgument(QStringLiteral("query"), Cli::tr("One SELECT statement (quote it in the shell)."));
    p.addOption({QStringLiteral("project"), Cli::tr("Project file."), Cli::tr("file")});
    p.addOption({QStringLiteral("format"), Cli::tr("Output format: csv or json."), Cli::tr("format"), QStringLiteral("csv")});
    p.addOption({QStringLiteral("schema"), Cli::tr("List every table and column with what it holds, then exit.")});
    if (const int rc = parseOrUsage(p, args); rc >= 0)
        return rc;
    store::SqlConsole console;
    if (p.isSet(QStringLiteral("schema"))) {
        for (const auto &t : console.schema()) {
            out(t.name + QStringLiteral(" - ") + t.doc);
            int w = 0;
            for (const auto &c : t.columns) w = std::max(w, int(c.name.size()));
            for (const auto &c : t.columns)
                out(QStringLiteral("  ") + c.name.leftJustified(w) + QStringLiteral("  ") + c.type.leftJustified(7) + QStringLiteral("  ") + c.doc);
            out(QString());
        }
        return ExitOk;
    }
    const QString path = p.value(QStringLiteral("project"));
    if (path.isEmpty() || p.positionalArguments().size() != 1) {
        err(Cli::tr("sql needs --project FILE and one query."));
        return ExitUsage;
    }
    const QString format = p.value(QStringLiteral("format"));
    if (format != QLatin1String("csv") && format != QLatin1String("json")) {
        err(Cli::tr("--format must be \"csv\" or \"json\", got \"%1\".").arg(format));
        return ExitUsage;
    }
    if (const int rc = upgradeIfAsked(path); rc >= 0)
        return rc;
    {
        // The store's identity check first, for its exit code.
        store::StoreError se = store::StoreError::None;
        QString msg;
        if (!openProjectChecked(path, &se, &msg)) {
            err(msg);
            return exitCodeFor(se);
        }
    }
    QString msg;
    if (!console.open(path, &msg, store::Project::Check::Schema)) { // checked in full just above
        err(msg);
        return ExitNotProject;
    }
    const QString query = p.positionalArguments().first();
    bool ok = false;
    if (format == QLatin1String("csv")) {
        ok = console.run(query, [](const QStringList &cols) { out(csvLine(cols)); }, [](const QVariantList &row) {
            QStringList cells;
            for (const QVariant &v : row) cells << sqlText(v);
            out(csvLine(cells));
            return true;
        }, &msg);
    } else {
        QJsonArray columns, rows;
        ok = console.run(query, [&](const QStringList &cols) { for (const auto &c : cols) columns.append(c); },
                         [&](const QVariantList &row) {
            QJsonArray r;
            for (const QVariant &v : row) {
                if (!v.isValid() || v.isNull()) r.append(QJsonValue());
                else if (v.typeId() == QMetaType::LongLong) r.append(qint64(v.toLongLong()));
                else if (v.typeId() == QMetaType::Double) r.append(v.toDouble());
                else r.append(sqlText(v));
            }
            rows.append(r);
            return true;
        }, &msg);
        if (ok)
            out(QString::fromUtf8(QJsonDocument(QJsonObject{{QStringLiteral("columns"), columns}, {QStringLiteral("rows"), rows}})
                                      .toJson(QJsonDocument::Indented)));
    }
    if (!ok) {
        err(msg);
        return ExitUsage;
    }
    return ExitOk;
}

QString mainHelp()
{
    return Cli::tr("NPU Scope %1 - profiler for AI training on Ascend NPUs.\n"
              "\n"
              "Usage: npuscope [project.npuscope]        open the GUI (needs a display)\n"
              "       npuscope <command> [options]\n"
              "\n"
              "Commands:\n"
              "  run            emulate a profiled training session and record it into a project\n"
              "  export         write a recorded session as a PROF directory (JSON timelines, CSV summaries)\n"
              "  import         read profiler output (msprof, torch_npu, MindSpore; text or SQLite) into a project\n"
              "  query          list sessions, devices, models, iterations and record counts\n"
              "  check-options  validate a profiling_options string or a training script\n"
              "  demo           record and export a small demo session\n"
              "  analyze        find what limits training speed in a session (advisor findings)\n"
              "  diff           compare two sessions: op time per iteration and step times\n"
              "  sql            run a read-only SQL query over a project (--schema lists the tables)\n"
              "\n"
              "Options:\n"
              "  -h, --help     show this help; 'npuscope <command> --help' for a command\n"
              "  -v, --version  show the version\n"
              "  --upgrade      with run, export, import or query: first upgrade a project written by an\n"
              "                 older NPU Scope (the original is kept as <project>.v<N>.bak)\n"
              "\n"
              "Exit codes: 0 success, 2 invalid usage or options, 3 not a project, 4 corrupt project,\n"
              "5 project from a newer version, 6 I/O error, 7 project from an older version (use --upgrade),\n"
              "130 cancelled.")
        .arg(QStringLiteral(NPUSCOPE_VERSION));
}

} // namespace

bool isCliInvocation(const QStringList &args)
{
    if (args.size() < 2)
        return false;
    static const QStringList verbs = {QStringLiteral("run"), QStringLiteral("export"), QStringLiteral("import"), QStringLiteral("query"),
                                      QStringLiteral("check-options"), QStringLiteral("demo"), QStringLiteral("help"),
                                      QStringLiteral("analyze"), QStringLiteral("diff"), QStringLiteral("sql"),
                                      QStringLiteral("--help"), QStringLiteral("-h"), QStringLiteral("--version"),
                                      QStringLiteral("-v"), QStringLiteral("--upgrade")};
    if (verbs.contains(args[1]))
        return true;
    // Anything else that looks like an option or an unknown verb is a usage error, not a GUI start;
    // a path to an existing file (project) opens the GUI.
    return !QFileInfo::exists(args[1]);
}

int runWithoutDisplay(const QStringList &args)
{
    err(Cli::tr("There is no display for the GUI (DISPLAY is not set). Use a command instead, for example "
                "'npuscope demo' or 'npuscope query --project %1'.")
            .arg(args.size() > 1 ? args.at(1) : QStringLiteral("FILE")));
    err(QString());
    err(mainHelp());
    return ExitUsage;
}

int runCli(const QStringList &argsIn)
{
    QStringList args = argsIn;
    g_upgrade = args.removeAll(QStringLiteral("--upgrade")) > 0;
    const QString verb = args.value(1);
    const QStringList rest = QStringList{args.value(0) + QLatin1Char(' ') + verb} + args.mid(2);
    if (verb == QLatin1String("--version") || verb == QLatin1String("-v")) {
        out(QStringLiteral("npuscope %1").arg(QStringLiteral(NPUSCOPE_VERSION)));
        return ExitOk;
    }
    if (verb == QLatin1String("--help") || verb == QLatin1String("-h") || verb == QLatin1String("help")) {
        out(mainHelp());
        return ExitOk;
    }
    if (verb == QLatin1String("run"))
        return cmdRun(rest);
    if (verb == QLatin1String("export"))
        return cmdExport(rest);
    if (verb == QLatin1String("import"))
        return cmdImport(rest);
    if (verb == QLatin1String("query"))
        return cmdQuery(rest);
    if (verb == QLatin1String("check-options"))
        return cmdCheckOptions(rest);
    if (verb == QLatin1String("demo"))
        return cmdDemo(rest);
    if (verb == QLatin1String("analyze"))
        return cmdAnalyze(rest);
    if (verb == QLatin1String("diff"))
        return cmdDiff(rest);
    if (verb == QLatin1String("sql"))
        return cmdSql(rest);
    err(Cli::tr("Unknown command or file \"%1\". Run 'npuscope --help' for the commands.").arg(verb));
    return ExitUsage;
}

} // namespace npuscope::app
