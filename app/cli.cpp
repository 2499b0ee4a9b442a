#include "app/cli.h"

#include "app/cli_support.h"
#include "app/verbs/verbs.h"

#include <QFileInfo>

namespace npuscope::app {

namespace {

// The table of verbs: the dispatcher, the main help and isCliInvocation all read it.
struct Verb {
    const char *name;
    const char *summary; // translated in mainHelp
    int (*run)(const QStringList &args);
};

const Verb kVerbs[] = {
    {"run", QT_TRANSLATE_NOOP("Cli", "emulate a profiled training session and record it into a project"), verbRun},
    {"export", QT_TRANSLATE_NOOP("Cli", "write a recorded session as a PROF directory (JSON timelines, CSV summaries)"), verbExport},
    {"import", QT_TRANSLATE_NOOP("Cli", "read profiler output (msprof, torch_npu, MindSpore; text or SQLite) into a project"), verbImport},
    {"query", QT_TRANSLATE_NOOP("Cli", "list sessions, devices, models, iterations and record counts"), verbQuery},
    {"check-options", QT_TRANSLATE_NOOP("Cli", "validate a profiling_options string or a training script"), verbCheckOptions},
    {"demo", QT_TRANSLATE_NOOP("Cli", "record and export a small demo session"), verbDemo},
    {"analyze", QT_TRANSLATE_NOOP("Cli", "find what limits training speed in a session (advisor findings)"), verbAnalyze},
    {"diff", QT_TRANSLATE_NOOP("Cli", "compare two sessions: op time per iteration and step times"), verbDiff},
    {"sql", QT_TRANSLATE_NOOP("Cli", "run a read-only SQL query over a project (--schema lists the tables)"), verbSql},
    {"check", QT_TRANSLATE_NOOP("Cli", "check the integrity of a project: header, schema and every page (exit 4 if damaged)"), verbCheck},
};

const Verb *findVerb(const QString &name)
{
    for (const Verb &v : kVerbs)
        if (name == QLatin1String(v.name))
            return &v;
    return nullptr;
}

const QStringList kHelpWords = {QStringLiteral("help"), QStringLiteral("--help"), QStringLiteral("-h")};
const QStringList kVersionWords = {QStringLiteral("--version"), QStringLiteral("-v")};
const QString kUpgrade = QStringLiteral("--upgrade");

QString mainHelp()
{
    QStringList lines;
    lines << Cli::tr("NPU Scope %1 - profiler for AI training on Ascend NPUs.").arg(QStringLiteral(NPUSCOPE_VERSION))
          << QString()
          << Cli::tr("Usage: npuscope [project.npuscope]        open the GUI (needs a display)\n"
                     "       npuscope <command> [options]")
          << QString()
          << Cli::tr("Commands:");
    for (const Verb &v : kVerbs)
        lines << QStringLiteral("  ") + QString::fromLatin1(v.name).leftJustified(13) + QStringLiteral("  ")
                     + Cli::tr(v.summary);
    lines << QString()
          << Cli::tr("Options:\n"
                     "  -h, --help     show this help; 'npuscope <command> --help' for a command\n"
                     "  -v, --version  show the version\n"
                     "  --upgrade      with a command that opens a project: first upgrade a project written by\n"
                     "                 an older NPU Scope (the original is kept as <project>.v<N>.bak)")
          << QString()
          << Cli::tr("Exit codes: 0 success, 2 invalid usage or options, 3 not a project, 4 corrupt project,\n"
                     "5 project from a newer version, 6 I/O error, 7 project from an older version (use --upgrade),\n"
                     "130 cancelled.");
    return lines.join(QLatin1Char('\n'));
}

} // namespace

bool isCliInvocation(const QStringList &args)
{
    if (args.size() < 2)
        return false;
    const QString &first = args[1];
    if (findVerb(first) || kHelpWords.contains(first) || kVersionWords.contains(first) || first == kUpgrade)
        return true;
    // Anything else that looks like an option or an unknown verb is a usage error, not a GUI start;
    // a path to an existing file (project) opens the GUI.
    return !QFileInfo::exists(first);
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

int runCli(const QStringList &args)
{
    // "npuscope --upgrade <verb> ...": --upgrade before the verb is the verb's option. Only
    // that position is moved: anywhere else it may be the value of another option.
    const bool upgradeFirst = args.value(1) == kUpgrade;
    const QString verb = args.value(upgradeFirst ? 2 : 1);
    if (kVersionWords.contains(verb)) {
        out(QStringLiteral("npuscope %1").arg(QStringLiteral(NPUSCOPE_VERSION)));
        return ExitOk;
    }
    if (kHelpWords.contains(verb)) {
        out(mainHelp());
        return ExitOk;
    }
    const Verb *v = findVerb(verb);
    if (!v) {
        err(Cli::tr("Unknown command or file \"%1\". Run 'npuscope --help' for the commands.").arg(verb));
        return ExitUsage;
    }
    QStringList verbArgs{args.value(0) + QLatin1Char(' ') + verb};
    if (upgradeFirst)
        verbArgs << kUpgrade;
    verbArgs << args.mid(upgradeFirst ? 3 : 2);
    return v->run(verbArgs);
}

} // namespace npuscope::app
