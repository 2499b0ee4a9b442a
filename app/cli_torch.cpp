#include "app/cli_torch.h"

#include "app/cli.h"
#include "core/options/torch_profiler_config.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace npuscope::app {

namespace {

struct Cli {
    Q_DECLARE_TR_FUNCTIONS(Cli)
};

bool readFile(const QString &path, QString *text, TorchCheckOutput *o)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        o->err << Cli::tr("Cannot read %1: %2").arg(QDir::toNativeSeparators(path), f.errorString());
        o->code = ExitUsage;
        return false;
    }
    *text = QString::fromUtf8(f.readAll());
    return true;
}

} // namespace

TorchCheckOutput checkTorchProfilerConfig(const QString &config, const QString &scriptPath, const QString &jsonPath)
{
    using namespace torchcfg;
    TorchCheckOutput o;
    if (int(!config.isEmpty()) + int(!scriptPath.isEmpty()) + int(!jsonPath.isEmpty()) != 1) {
        o.err << Cli::tr("Give the torch_npu profiler config once: as JSON text, a JSON file or a training script "
                         "(or --options-file FILE / --script train.py).");
        o.code = ExitUsage;
        return o;
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
    if (!file.isEmpty()) {
        QString text;
        if (!readFile(file, &text, &o))
            return o;
        json = text.toUtf8();
    } else if (!script.isEmpty()) {
        QString text;
        if (!readFile(script, &text, &o))
            return o;
        const ScriptReading r = readTorchProfilerScript(text);
        if (!r.found) {
            o.err << Cli::tr("%1: %2").arg(QDir::toNativeSeparators(script), r.error);
            o.code = ExitUsage;
            return o;
        }
        o.err << Cli::tr("torch_npu profiler config read from %1, line %2.").arg(QDir::toNativeSeparators(script)).arg(r.line);
        for (const QString &n : r.notes)
            o.err << Cli::tr("Note: %1").arg(n);
        json = r.json;
    }
    TorchProfilerConfig c;
    const auto problems = TorchProfilerConfig::parse(json, &c);
    for (const ConfigProblem &p : problems) {
        const QString where = p.key.isEmpty() ? QString() : p.key + QStringLiteral(": ");
        switch (p.severity) {
        case ConfigProblem::Severity::Error: o.err << Cli::tr("Error: %1%2").arg(where, p.message); break;
        case ConfigProblem::Severity::Warning: o.err << Cli::tr("Warning: %1%2").arg(where, p.message); break;
        case ConfigProblem::Severity::Note: o.err << Cli::tr("Note: %1%2").arg(where, p.message); break;
        }
    }
    if (hasErrors(problems)) {
        o.err << Cli::tr("The torch_npu profiler config is not valid: torch_npu would stop on it.");
        o.code = ExitUsage;
        return o;
    }
    o.out << (problems.empty() ? Cli::tr("The torch_npu profiler config is valid.")
                               : Cli::tr("The torch_npu profiler config is valid after torch_npu's corrections (see the warnings)."))
          << QString::fromUtf8(c.toJson()) << QString() << generatePythonCode(c).trimmed();
    o.code = ExitOk;
    return o;
}

} // namespace npuscope::app
