#include "app/cli_support.h"
#include "app/cli_torch.h"
#include "app/verbs/verbs.h"

namespace npuscope::app {

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

} // namespace npuscope::app
