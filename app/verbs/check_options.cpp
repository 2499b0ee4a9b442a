#include "app/cli_support.h"
#include "app/verbs/verbs.h"

#include "core/options/torch_profiler_config.h"

#include <QDir>

namespace npuscope::app {

namespace {

// check-options --framework pytorch: `config` is JSON text when it starts with "{", else a
// path: a .json file, or a script whose torch_npu.profiler.profile(...) call is read.
// `scriptPath` / `jsonPath` come from --script / --options-file; exactly one of the three
// sources must be given. Validated like torch_npu does, shown as the equivalent Python.
// Reads the config from one of the three sources and validates it (warnings and notes go to
// stderr): ExitOk with *c and *problems filled, or the exit code of the failure.
int readTorchConfig(const QString &config, const QString &scriptPath, const QString &jsonPath,
                    torchcfg::TorchProfilerConfig *c, std::vector<torchcfg::ConfigProblem> *problems)
{
    using namespace torchcfg;
    if (int(!config.isEmpty()) + int(!scriptPath.isEmpty()) + int(!jsonPath.isEmpty()) != 1) {
        err(Cli::tr("Give the torch_npu profiler config once: as JSON text, a JSON file or a training script "
                    "(or --options-file FILE / --script train.py)."));
        return ExitUsage;
    }
    QByteArray json;
    QString script = scriptPath;
    QString file = jsonPath;
    if (!config.isEmpty() && config.trimmed().startsWith(QLatin1Char('{')))
        json = config.toUtf8();
    else if (!config.isEmpty() && config.endsWith(QLatin1String(".json"), Qt::CaseInsensitive))
        file = config;
    else if (!config.isEmpty())
        script = config;
    if (const QString path = file.isEmpty() ? script : file; !path.isEmpty()) {
        QString readError;
        const QString text = readTextFile(path, &readError);
        if (!readError.isEmpty()) {
            err(readError);
            return ExitUsage;
        }
        json = text.toUtf8();
    }
    if (file.isEmpty() && !script.isEmpty()) {
        const ScriptReading r = readTorchProfilerScript(QString::fromUtf8(json));
        if (!r.found) {
            err(Cli::tr("%1: %2").arg(QDir::toNativeSeparators(script), r.error));
            return ExitUsage;
        }
        err(Cli::tr("torch_npu profiler config read from %1, line %2.").arg(QDir::toNativeSeparators(script), QString::number(r.line)));
        for (const QString &n : r.notes)
            err(Cli::tr("Note: %1").arg(n));
        json = r.json;
    }
    *problems = TorchProfilerConfig::parse(json, c);
    for (const ConfigProblem &p : *problems) {
        const QString where = p.key.isEmpty() ? QString() : p.key + QStringLiteral(": ");
        switch (p.severity) {
        case ConfigProblem::Severity::Error: err(Cli::tr("Error: %1%2").arg(where, p.message)); break;
        case ConfigProblem::Severity::Warning: err(Cli::tr("Warning: %1%2").arg(where, p.message)); break;
        case ConfigProblem::Severity::Note: err(Cli::tr("Note: %1%2").arg(where, p.message)); break;
        }
    }
    if (hasErrors(*problems)) {
        err(Cli::tr("The torch_npu profiler config is not valid: torch_npu would stop on it."));
        return ExitUsage;
    }
    return ExitOk;
}

int checkTorchProfilerConfig(const QString &config, const QString &scriptPath, const QString &jsonPath)
{
    torchcfg::TorchProfilerConfig c;
    std::vector<torchcfg::ConfigProblem> problems;
    if (const int rc = readTorchConfig(config, scriptPath, jsonPath, &c, &problems); rc != ExitOk)
        return rc;
    out(problems.empty() ? Cli::tr("The torch_npu profiler config is valid.")
                         : Cli::tr("The torch_npu profiler config is valid after torch_npu's corrections (see the warnings)."));
    out(QString::fromUtf8(c.toJson()));
    out(QString());
    out(torchcfg::generatePythonCode(c).trimmed());
    return ExitOk;
}

} // namespace

int loadTorchProfilerConfig(const QString &config, QByteArray *json)
{
    torchcfg::TorchProfilerConfig c;
    std::vector<torchcfg::ConfigProblem> problems;
    const int rc = readTorchConfig(config, QString(), QString(), &c, &problems);
    if (rc == ExitOk)
        *json = c.toJson();
    return rc;
}

int verbCheckOptions(const QStringList &args)
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
        return checkTorchProfilerConfig(p.positionalArguments().value(0), p.value(QStringLiteral("script")),
                                        p.value(QStringLiteral("options-file")));
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

} // namespace npuscope::app
