#include "app/cli_support.h"
#include "app/verbs/verbs.h"

#include "core/importing/importer.h"
#include "core/text/display.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace npuscope::app {

int verbImport(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(Cli::tr("Import profiler output into a project: msprof's PROF_* folders (legacy and "
                                        "newer layout), torch_npu or MindSpore *_ascend_pt / *_ascend_ms folders (text "
                                        "or SQLite export), msprof_*.db files, or a folder holding several of them (one "
                                        "per rank): everything found is imported into one session, one device per rank."));
    p.addPositionalArgument(QStringLiteral("path"), Cli::tr("The folder (or .db file) to import."));
    p.addOption({QStringLiteral("project"), Cli::tr("Project file (created if missing)."), Cli::tr("file")});
    p.addOption({QStringLiteral("name"), Cli::tr("Session name (default: \"Import of <folder>\")."), Cli::tr("text")});
    addUpgradeOption(p);
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
    if (const int rc = upgradeIfAsked(upgradeAsked(p), projectPath); rc >= 0)
        return rc;
    int rc = -1;
    auto writer = createWriterChecked(projectPath, &rc);
    if (!writer)
        return rc;
    InterruptGuard guard;
    Progress progress;
    importing::ImportRequest req;
    req.path = dir;
    req.sessionName = p.value(QStringLiteral("name"));
    req.beforeEnd = [&writer](const importing::ImportReport &r) { return writer->setSessionNote(QStringLiteral("import"), r.toJson()); };
    importing::ImportReport report;
    importing::ImportError kind = importing::ImportError::None;
    QString msg;
    const bool ok = importing::importProf(
        req, *writer, &report, &kind, &msg,
        [&progress](const importing::ImportProgress &pr) {
            progress.update(Cli::tr("Importing: %1 of %2 files, %3 of %4")
                                .arg(display::count(pr.filesDone), display::count(pr.filesTotal), display::bytes(pr.bytesDone),
                                     display::bytes(pr.bytesTotal)));
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
            .arg(QDir::toNativeSeparators(dir), report.layout, display::count(std::int64_t(report.files.size())),
                 display::bytes(report.bytes), QString::number(session), QDir::toNativeSeparators(projectPath)));
    const auto n = [](std::uint64_t v) { return display::count(std::int64_t(v)); };
    out(Cli::tr("Events and rows: %1 read, %2 imported, %3 duplicates of other files, %4 derived (recomputed on export), %5 skipped.")
            .arg(n(t.items), n(t.imported), n(t.duplicates), n(t.derived), n(t.skipped)));
    for (const QString &m : report.missing)
        out(Cli::tr("Not in the input: %1").arg(m));
    if (!report.problems.empty())
        out(Cli::tr("%n problem(s) were found; they are listed above and stored with the session.", nullptr, int(report.problems.size())));
    return ExitOk;
}

} // namespace npuscope::app
