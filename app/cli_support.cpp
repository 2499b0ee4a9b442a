#include "app/cli_support.h"

#include "core/exporting/out_file.h"
#include "core/text/display.h"
#include "device/emulator.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <csignal>
#include <cstdio>
#include <unistd.h>

namespace npuscope::app {

std::atomic_bool g_interrupted{false};

namespace {

extern "C" void onInterrupt(int)
{
    g_interrupted.store(true);
}

// A project's full check reads every page (seconds per GB): a large file that was not closed
// cleanly says so on stderr first; Ctrl+C stops the check (g_interrupted, exit 130).
void announceCheck(const QString &path)
{
    const QFileInfo fi(path);
    if (fi.exists() && fi.size() >= 256ll * 1024 * 1024) {
        // A cleanly closed project is opened without the page scan (Check::Auto): nothing
        // to announce. Finding that out costs an open without the scan.
        if (auto probe = store::Project::open(path, store::Project::Mode::ReadOnly, nullptr, nullptr,
                                              store::Project::Check::Schema);
            probe && probe->closedCleanly())
            return;
        const QByteArray line = (Cli::tr("Checking the integrity of %1 (%2)…")
                                     .arg(QDir::toNativeSeparators(fi.absoluteFilePath()), display::bytes(std::uint64_t(fi.size())))
                                 + QLatin1Char('\n')).toUtf8();
        std::fwrite(line.constData(), 1, std::size_t(line.size()), stderr);
    }
}

} // namespace

QString readTextFile(const QString &path, QString *error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = Cli::tr("Cannot read %1: %2").arg(QDir::toNativeSeparators(path), f.errorString());
        return {};
    }
    return QString::fromUtf8(f.readAll());
}

InterruptGuard::InterruptGuard()
{
    g_interrupted.store(false);
    prevInt_ = std::signal(SIGINT, onInterrupt);
    prevTerm_ = std::signal(SIGTERM, onInterrupt);
}

InterruptGuard::~InterruptGuard()
{
    std::signal(SIGINT, prevInt_);
    std::signal(SIGTERM, prevTerm_);
}

namespace {

// Runs one of the store's open functions under the interrupt guard and the check's notice;
// a null result is reported on stderr with its exit code in *rc.
template <class Open>
auto openReporting(const QString &path, int *rc, Open open)
{
    InterruptGuard guard;
    announceCheck(path);
    store::StoreError se = store::StoreError::None;
    QString msg;
    auto opened = open(&se, &msg);
    if (!opened) {
        err(msg);
        *rc = exitCodeFor(se);
    }
    return opened;
}

} // namespace

std::unique_ptr<store::Project> openProjectChecked(const QString &path, int *rc)
{
    return openReporting(path, rc, [&path](store::StoreError *se, QString *msg) {
        return store::Project::open(path, store::Project::Mode::ReadOnly, se, msg, store::Project::Check::Auto,
                                    &g_interrupted);
    });
}

std::unique_ptr<store::ProjectWriter> createWriterChecked(const QString &path, int *rc)
{
    return openReporting(path, rc, [&path](store::StoreError *se, QString *msg) {
        return store::ProjectWriter::create(path, se, msg, store::Project::Check::Auto, &g_interrupted);
    });
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

Progress::Progress() : tty_(isatty(fileno(stderr)) == 1) { timer_.start(); }

void Progress::update(const QString &line, bool force)
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

void Progress::finish()
{
    if (tty_ && dirty_) {
        std::fputs("\r\033[K", stderr);
        std::fflush(stderr);
    }
    dirty_ = false;
}

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

void addUpgradeOption(QCommandLineParser &p)
{
    p.addOption({QStringLiteral("upgrade"), Cli::tr("First upgrade a project written by an older NPU Scope (the original is kept as <project>.v<N>.bak).")});
}

bool upgradeAsked(const QCommandLineParser &p)
{
    return p.isSet(QStringLiteral("upgrade"));
}

int upgradeIfAsked(bool asked, const QString &projectPath)
{
    if (!asked || !QFileInfo::exists(projectPath))
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
                .arg(QDir::toNativeSeparators(projectPath),
                        QString::number(r.fromVersion),
                        QString::number(r.toVersion),
                        QDir::toNativeSeparators(r.backupPath)));
    return -1;
}

int openSession(const QString &path, std::int64_t sessionId, std::unique_ptr<store::Project> *project,
                std::unique_ptr<store::ProjectReader> *reader)
{
    int rc = -1;
    *project = openProjectChecked(path, &rc);
    if (!*project)
        return rc;
    if (sessionId == 0) {
        const auto sessions = (*project)->sessions();
        if ((*project)->error() != store::StoreError::None) {
            err((*project)->errorString());
            return exitCodeFor((*project)->error());
        }
        if (sessions.empty()) {
            err(Cli::tr("The project %1 holds no session.").arg(QDir::toNativeSeparators(path)));
            return ExitNotProject;
        }
        sessionId = sessions.back().id;
    }
    QString msg;
    *reader = (*project)->session(sessionId, &msg);
    if (!*reader) {
        err(msg);
        return ExitUsage;
    }
    return -1;
}

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

void addOptionsSources(QCommandLineParser &p)
{
    p.addOption({QStringLiteral("profiling-options"), Cli::tr("The profiling_options JSON string."), Cli::tr("json")});
    p.addOption({QStringLiteral("options-file"), Cli::tr("Read the profiling_options JSON from a file."), Cli::tr("file")});
    p.addOption({QStringLiteral("script"), Cli::tr("Read profiling_options from a TensorFlow training script."), Cli::tr("train.py")});
}

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
        err(Cli::tr("Profiling options read from %1, line %2.").arg(QDir::toNativeSeparators(path),
                QString::number(x.line)));
        if (!x.profilingEnabled && !x.error.isEmpty())
            err(Cli::tr("Warning: %1").arg(x.error));
        *json = x.optionsJson;
    }
    return true;
}

void printProblems(const std::vector<OptionProblem> &problems)
{
    err(problems.size() == 1 ? Cli::tr("The profiling options have 1 problem:")
                             : Cli::tr("The profiling options have %1 problems:").arg(problems.size()));
    for (const auto &p : problems)
        err(QStringLiteral("  - ") + p.message);
}

bool sessionIdOption(const QCommandLineParser &p, std::int64_t *sessionId)
{
    *sessionId = 0;
    if (!p.isSet(QStringLiteral("session")))
        return true;
    bool ok = false;
    *sessionId = p.value(QStringLiteral("session")).toLongLong(&ok);
    if (!ok || *sessionId <= 0) {
        err(Cli::tr("--session must be a session id (see 'npuscope query'), got \"%1\".").arg(p.value(QStringLiteral("session"))));
        return false;
    }
    return true;
}

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

int textOrJsonProject(const QCommandLineParser &p, const QString &needsProject, QString *path, QString *format)
{
    *path = projectAndTextOrJson(p, needsProject, format);
    if (path->isEmpty())
        return ExitUsage;
    return upgradeIfAsked(upgradeAsked(p), *path);
}

void addTextOrJsonOptions(QCommandLineParser &p)
{
    p.addOption({QStringLiteral("format"), Cli::tr("Output format: text or json."), Cli::tr("format"), QStringLiteral("text")});
    addUpgradeOption(p);
}

int parseTextOrJsonProject(QCommandLineParser &p, const QStringList &args, const QString &needsProject, QString *path,
                           QString *format)
{
    if (const int rc = parseOrUsage(p, args); rc >= 0)
        return rc;
    return textOrJsonProject(p, needsProject, path, format);
}

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

int exportSession(const QString &projectPath, std::int64_t sessionId, exporting::ExportRequest request,
                  bool upgrade, QString *profDirOut, bool layoutGiven)
{
    if (const int rc = upgradeIfAsked(upgrade, projectPath); rc >= 0)
        return rc;
    int rc = -1;
    auto project = openProjectChecked(projectPath, &rc);
    if (!project)
        return rc;
    const auto sessions = project->sessions();
    if (project->error() != store::StoreError::None) {
        err(project->errorString());
        return exitCodeFor(project->error());
    }
    if (sessions.empty()) {
        err(Cli::tr("%1 holds no recorded session to export.").arg(QDir::toNativeSeparators(projectPath)));
        return ExitUsage;
    }
    if (sessionId <= 0)
        sessionId = sessions.back().id;
    QString msg;
    auto reader = project->session(sessionId, &msg);
    if (!reader) {
        err(msg);
        return ExitUsage;
    }
    // Without --layout a session exports in its framework's layout (torch_npu's for PyTorch).
    if (!layoutGiven)
        request.layout = exporting::defaultExportLayout(reader->sessionInfo());
    Progress progress;
    InterruptGuard guard;
    exporting::ExportResult result;
    exporting::ExportError kind = exporting::ExportError::None;
    QString error;
    const bool ok = exporting::exportSession(
        *reader, request, &result, &kind, &error,
        [&](const exporting::ExportProgress &p) {
            // A read that met damage (an open that skipped the page scan, docs/storage.md)
            // stops the export like Ctrl+C: nothing is left behind.
            if (!reader->errorString().isEmpty())
                g_interrupted.store(true);
            progress.update(Cli::tr("Exporting: file %1 of %2, %3 written")
                                .arg(display::count(p.filesDone), display::count(p.filesTotal), display::bytes(p.bytes)));
        },
        &g_interrupted);
    progress.finish();
    if (const QString readError = reader->errorString(); !readError.isEmpty()) {
        // The exporters read on past a failed read; what they wrote would be short.
        if (ok)
            for (const QString &dir : result.dirs)
                QDir(dir).removeRecursively();
        err(readError);
        return ExitCorrupt;
    }
    if (!ok) {
        err(error);
        switch (kind) {
        case exporting::ExportError::Usage: return ExitUsage;
        case exporting::ExportError::Cancelled: return ExitCancelled;
        default: return ExitIo;
        }
    }
    out(Cli::tr("Exported session %1 to %2 (%3 files, %4).")
            .arg(QString::number(sessionId), QDir::toNativeSeparators(result.profDir),
                 display::count(std::int64_t(result.files.size())), display::bytes(result.bytes)));
    if (profDirOut)
        *profDirOut = result.profDir;
    return ExitOk;
}

int recordAndExport(const RunArgs &a, QString *profDir)
{
    QString specError;
    if (!device::Emulator::validate(a.spec, &specError)) {
        err(specError);
        return ExitUsage;
    }
    if (const int rc = upgradeIfAsked(a.upgrade, a.project); rc >= 0)
        return rc;
    int rc = -1;
    auto writer = createWriterChecked(a.project, &rc);
    if (!writer)
        return rc;
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
                                .arg(display::count(p.iteration), display::count(p.iterations),
                                     display::count(std::int64_t(p.records)),
                                     display::count(s > 0 ? std::int64_t(double(p.records) / s) : 0)),
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
                    .arg(QDir::toNativeSeparators(a.project), QString::number(sessionId)));
        return writeError != store::StoreError::None ? exitCodeFor(writeError) : ExitIo;
    case SessionStatus::Cancelled:
        err(Cli::tr("Cancelled. Session %1 keeps the %2 records recorded so far and is marked cancelled in %3.")
                .arg(QString::number(sessionId), display::count(std::int64_t(records)), QDir::toNativeSeparators(a.project)));
        return ExitCancelled;
    default:
        break;
    }
    out(Cli::tr("Recorded session %1 (%2, batch %3, %4, %5, %6) into %7: %8 records in %9 s.")
            .arg(QString::number(sessionId), a.spec.model, QString::number(a.spec.batchSize),
                 Cli::tr("%n iteration(s)", nullptr, a.spec.iterations), Cli::tr("%n device(s)", nullptr, a.spec.deviceCount()),
                 // A PyTorch step launches op by op: the TensorFlow launch modes do not apply.
                 a.spec.framework == Framework::PyTorch ? QStringLiteral("PyTorch") : launchModeName(a.spec.mode),
                 QDir::toNativeSeparators(QFileInfo(a.project).absoluteFilePath()), display::count(std::int64_t(records)),
                 display::number(seconds, 2)));
    if (agedBytes > 0)
        out(Cli::tr("The storage limit aged %1 (%2 bytes) of the oldest records; step traces, fusion-op info, "
                    "metadata and the newest iteration were kept.")
                .arg(display::bytes(agedBytes), display::count(std::int64_t(agedBytes))));
    if (a.exportDir.isEmpty())
        return ExitOk;
    exporting::ExportRequest req;
    req.outputDir = a.exportDir;
    req.profCounter = std::uint32_t(sessionId);
    return exportSession(a.project, sessionId, req, a.upgrade, profDir, false);
}

QString csvText(const QString &s)
{
    return exporting::csvCell(s);
}

QString csvLine(const QStringList &cells)
{
    return cells.join(QLatin1Char(','));
}

void outRaw(const QByteArray &bytes)
{
    std::fwrite(bytes.constData(), 1, std::size_t(bytes.size()), stdout);
}

bool flushOut()
{
    return std::fflush(stdout) == 0 && !std::ferror(stdout);
}

} // namespace npuscope::app
