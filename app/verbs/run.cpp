#include "app/cli_support.h"
#include "app/verbs/verbs.h"

#include "core/options/torch_profiler_config.h"
#include "device/chip.h"
#include "device/emulator.h"

#include <QDir>
#include <QJsonDocument>

#include <optional>

namespace npuscope::app {

namespace {

void addRunOptions(QCommandLineParser &p)
{
    p.setApplicationDescription(Cli::tr("Emulate a profiled training session on Ascend 910 or 910B devices and record it into a project."));
    p.addOption({QStringLiteral("model"), Cli::tr("Model: %1, or the path of a JSON model file (format: docs/emulator.md).")
                                              .arg((device::zooModelNames() + device::llmModelNames()).join(QStringLiteral(", "))),
                 Cli::tr("name|file.json"), QStringLiteral("resnet50")});
    p.addOption({QStringLiteral("batch"), Cli::tr("Batch size per device."), Cli::tr("n"), QStringLiteral("32")});
    p.addOption({QStringLiteral("iterations"), Cli::tr("Training iterations."), Cli::tr("n"), QStringLiteral("5")});
    p.addOption({QStringLiteral("chip"), Cli::tr("Chip: 910 (Ascend 910, 32 AI Cores, servers of two 4-card HCCS groups) or 910B "
                                                 "(Ascend 910B, 24 cube + 48 vector cores, 8 cards fully connected by HCCS)."),
                 Cli::tr("chip"), QStringLiteral("910")});
    p.addOption({QStringLiteral("framework"), Cli::tr("tensorflow (profiling_options, the default) or pytorch (a torch_npu.profiler "
                                                      "config; the chip defaults to 910B)."),
                 Cli::tr("name"), QStringLiteral("tensorflow")});
    p.addOption({QStringLiteral("torch-profiler-config"),
                 Cli::tr("The torch_npu.profiler.profile(...) config of a PyTorch run: JSON text, a .json file or a training script."),
                 Cli::tr("file|json")});
    p.addOption({QStringLiteral("devices"), Cli::tr("Devices per server (1-8)."), Cli::tr("n"), QStringLiteral("1")});
    p.addOption({QStringLiteral("servers"), Cli::tr("Servers (1-4; 1-8 for LLM sessions)."), Cli::tr("n"), QStringLiteral("1")});
    // LLM sessions (docs/emulator.md, "LLM training").
    p.addOption({QStringLiteral("dp"), Cli::tr("LLM: data-parallel size (devices = dp × tp × pp; --devices/--servers follow unless given)."), Cli::tr("n"), QStringLiteral("1")});
    p.addOption({QStringLiteral("tp"), Cli::tr("LLM: tensor-parallel size (inside a server)."), Cli::tr("n"), QStringLiteral("1")});
    p.addOption({QStringLiteral("pp"), Cli::tr("LLM: pipeline-parallel size (stages, 1F1B schedule)."), Cli::tr("n"), QStringLiteral("1")});
    p.addOption({QStringLiteral("micro-batches"), Cli::tr("LLM: micro-batches per step (--batch is the micro-batch size)."), Cli::tr("n"), QStringLiteral("1")});
    p.addOption({QStringLiteral("sequence-parallel"), Cli::tr("LLM: sequence parallelism (all-gather / reduce-scatter instead of all-reduce).")});
    p.addOption({QStringLiteral("layers"), Cli::tr("LLM: transformer layers (default: the preset's)."), Cli::tr("n")});
    p.addOption({QStringLiteral("hidden"), Cli::tr("LLM: hidden size."), Cli::tr("n")});
    p.addOption({QStringLiteral("heads"), Cli::tr("LLM: attention heads."), Cli::tr("n")});
    p.addOption({QStringLiteral("ffn"), Cli::tr("LLM: FFN (SwiGLU) size."), Cli::tr("n")});
    p.addOption({QStringLiteral("vocab"), Cli::tr("LLM: vocabulary size."), Cli::tr("n")});
    p.addOption({QStringLiteral("seq-len"), Cli::tr("LLM: sequence length."), Cli::tr("n")});
    p.addOption({QStringLiteral("straggler-rank"), Cli::tr("The straggler scenario's slow rank (default: the last)."), Cli::tr("n")});
    p.addOption({QStringLiteral("mode"), Cli::tr("Launch mode: estimator or sess.run."), Cli::tr("mode"), QStringLiteral("estimator")});
    p.addOption({QStringLiteral("precision"), Cli::tr("Precision: fp32 or mixed."), Cli::tr("p"), QStringLiteral("mixed")});
    p.addOption({QStringLiteral("seed"), Cli::tr("Seed of the modelled jitter (same seed, same records)."), Cli::tr("n"), QStringLiteral("1")});
    p.addOption({QStringLiteral("input-rate"), Cli::tr("Host input pipeline throughput in samples/s (0 = fast enough)."), Cli::tr("n"), QStringLiteral("0")});
    p.addOption({QStringLiteral("queue-depth"), Cli::tr("Device data queue capacity in batches (1-1024); a deep queue absorbs a jittery input pipeline."), Cli::tr("n"), QStringLiteral("32")});
    p.addOption({QStringLiteral("segments"), Cli::tr("Gradient all-reduce segments."), Cli::tr("n"), QStringLiteral("2")});
    p.addOption({QStringLiteral("scenario"), Cli::tr("Scenario knobs, comma separated: %1.").arg(device::scenarioNames().join(QStringLiteral(", "))),
                 Cli::tr("names")});
    p.addOption({QStringLiteral("clock-base"),
                 Cli::tr("Date the collection as starting at this ISO 8601 time (e.g. 2024-05-17T09:30:00Z) instead of "
                         "now, for byte-reproducible output."),
                 Cli::tr("time")});
    addOptionsSources(p);
    p.addOption({QStringLiteral("project"), Cli::tr("Project file to record into (created if missing). Default: <output>/npuscope.npuscope."), Cli::tr("file")});
    p.addOption({QStringLiteral("export"), Cli::tr("Also export the PROF directory into this folder."), Cli::tr("dir")});
    addUpgradeOption(p);
}

// Every problem with the workload is said at once (then exit 2), not the first alone.
struct Complaints {
    bool bad = false;
    void operator()(const QString &m)
    {
        err(m);
        bad = true;
    }
};

void intOption(const QCommandLineParser &p, const char *name, int *dst, Complaints &complain)
{
    bool ok = false;
    const int v = p.value(QString::fromLatin1(name)).toInt(&ok);
    if (!ok)
        complain(Cli::tr("--%1 must be a whole number, got \"%2\".").arg(QString::fromLatin1(name), p.value(QString::fromLatin1(name))));
    else
        *dst = v;
}

// The sizes of the workload and, for an LLM model, its parallel layout and shape.
void readWorkloadSizes(const QCommandLineParser &p, SessionSpec &spec, Complaints &complain)
{
    auto intOpt = [&](const char *name, int *dst) { intOption(p, name, dst, complain); };
    intOpt("batch", &spec.batchSize);
    intOpt("iterations", &spec.iterations);
    intOpt("devices", &spec.devicesPerServer);
    intOpt("servers", &spec.servers);
    intOpt("segments", &spec.segments);
    const bool llm = device::llmModelNames().contains(spec.model);
    SessionSpec::Llm &l = spec.llm;
    intOpt("dp", &l.dp);
    intOpt("tp", &l.tp);
    intOpt("pp", &l.pp);
    intOpt("micro-batches", &l.microBatches);
    l.sequenceParallel = p.isSet(QStringLiteral("sequence-parallel"));
    const std::pair<const char *, int *> shape[] = {{"layers", &l.layers}, {"hidden", &l.hidden}, {"heads", &l.heads},
                                                    {"ffn", &l.ffn}, {"vocab", &l.vocab}, {"seq-len", &l.seqLen},
                                                    {"straggler-rank", &spec.stragglerRank}};
    for (const auto &kv : shape)
        if (p.isSet(QString::fromLatin1(kv.first)))
            intOpt(kv.first, kv.second);
    const QStringList llmOnly = {QStringLiteral("dp"), QStringLiteral("tp"), QStringLiteral("pp"), QStringLiteral("micro-batches"),
                                 QStringLiteral("sequence-parallel"), QStringLiteral("layers"), QStringLiteral("hidden"),
                                 QStringLiteral("heads"), QStringLiteral("ffn"), QStringLiteral("vocab"), QStringLiteral("seq-len")};
    if (!llm) {
        for (const QString &o : llmOnly)
            if (p.isSet(o))
                complain(Cli::tr("--%1 sets up an LLM session: use it with --model %2.")
                             .arg(o, device::llmModelNames().join(QStringLiteral(" | "))));
        spec.llm = {};
    } else if (!p.isSet(QStringLiteral("devices")) && !p.isSet(QStringLiteral("servers")) && l.dp >= 1 && l.tp >= 1 && l.pp >= 1) {
        // The devices follow from the layout: servers of 8.
        const int n = l.dp * l.tp * l.pp;
        spec.devicesPerServer = std::min(n, 8);
        spec.servers = (n + 7) / 8;
        if (n > 8 && n % 8 != 0)
            complain(Cli::tr("dp × tp × pp = %1 devices do not fill servers of 8: use a multiple of 8 beyond one server.").arg(n));
    }
    intOpt("queue-depth", &spec.queueDepth);
}

// The launch mode, framework, chip, precision, seed, input rate, scenarios and clock base.
void readRunChoices(const QCommandLineParser &p, SessionSpec &spec, Complaints &complain)
{
    if (!launchModeFromName(p.value(QStringLiteral("mode")), &spec.mode))
        complain(Cli::tr("--mode must be \"estimator\" or \"sess.run\", got \"%1\".").arg(p.value(QStringLiteral("mode"))));
    if (!frameworkFromName(p.value(QStringLiteral("framework")), &spec.framework))
        complain(Cli::tr("--framework is tensorflow or pytorch, not \"%1\".").arg(p.value(QStringLiteral("framework"))));
    device::Chip chip = device::Chip::Ascend910;
    if (!device::chipFromName(spec.framework == Framework::PyTorch && !p.isSet(QStringLiteral("chip")) ? QStringLiteral("910B") : p.value(QStringLiteral("chip")), &chip))
        complain(Cli::tr("--chip must be one of %1, got \"%2\".")
                     .arg(device::chipNames().join(QStringLiteral(", ")), p.value(QStringLiteral("chip"))));
    else
        spec.chip = device::chipName(chip);
    if (!precisionFromName(p.value(QStringLiteral("precision")), &spec.precision))
        complain(Cli::tr("--precision must be \"fp32\" or \"mixed\", got \"%1\".").arg(p.value(QStringLiteral("precision"))));
    bool ok = false;
    const quint64 seed = p.value(QStringLiteral("seed")).toULongLong(&ok);
    if (!ok)
        complain(Cli::tr("--seed must be a whole number, got \"%1\".").arg(p.value(QStringLiteral("seed"))));
    else
        spec.seed = seed;
    const double rate = p.value(QStringLiteral("input-rate")).toDouble(&ok);
    if (!ok || rate < 0)
        complain(Cli::tr("--input-rate must be a number of samples per second, got \"%1\".").arg(p.value(QStringLiteral("input-rate"))));
    else
        spec.inputRate = rate;
    if (p.isSet(QStringLiteral("scenario")))
        spec.scenarios = p.value(QStringLiteral("scenario")).split(QLatin1Char(','), Qt::SkipEmptyParts);
    if (p.isSet(QStringLiteral("clock-base"))) {
        QString clockError;
        if (!clockBaseFromIso(p.value(QStringLiteral("clock-base")), &spec.clockBaseUs, &clockError))
            complain(QStringLiteral("--clock-base: ") + clockError);
    }
}

// The profiling configuration: a torch_npu profiler config for PyTorch runs, the
// profiling_options string otherwise. Returns an exit code when reading a file failed.
std::optional<int> readProfilingConfig(const QCommandLineParser &p, RunArgs &a, Complaints &complain)
{
    const bool torch = a.spec.framework == Framework::PyTorch;
    if (torch) {
        const QString config = p.value(QStringLiteral("torch-profiler-config"));
        if (const int rc = loadTorchProfilerConfig(config.isEmpty() ? QStringLiteral("{}") : config, &a.spec.torchProfilerConfig);
            rc != ExitOk)
            return rc;
        // The project keeps the settings as a JSON object: store the config as it reads back.
        a.spec.torchProfilerConfig = QJsonDocument::fromJson(a.spec.torchProfilerConfig).toJson(QJsonDocument::Compact);
        torchcfg::TorchProfilerConfig cfg;
        torchcfg::TorchProfilerConfig::parse(a.spec.torchProfilerConfig, &cfg);
        if (cfg.onTraceReady) // the project goes where torch_npu would write its output
            a.options.output = cfg.onTraceReady->dirName;
    } else if (p.isSet(QStringLiteral("torch-profiler-config"))) {
        complain(Cli::tr("--torch-profiler-config configures a PyTorch run: add --framework pytorch."));
    }
    QByteArray json;
    if (!torch && !optionsJsonFromArgs(p, QString(), &json, true)) {
        complain.bad = true; // it said why
    } else if (!torch) {
        const auto problems = ProfilingOptions::parse(json, &a.options);
        if (!problems.empty()) {
            printProblems(problems);
            complain.bad = true;
        }
    }
    return std::nullopt;
}

} // namespace

int verbRun(const QStringList &args)
{
    QCommandLineParser p;
    addRunOptions(p);
    if (const int rc = parseOrUsage(p, args); rc >= 0)
        return rc;
    if (!p.positionalArguments().isEmpty()) {
        err(Cli::tr("Unexpected argument: %1").arg(p.positionalArguments().first()));
        return ExitUsage;
    }

    RunArgs a;
    Complaints complain;
    a.spec.model = p.value(QStringLiteral("model"));
    readWorkloadSizes(p, a.spec, complain);
    readRunChoices(p, a.spec, complain);
    if (const auto rc = readProfilingConfig(p, a, complain))
        return *rc;
    // The workload's own rules (model, ranges, scenarios), each problem on its line.
    for (const QString &m : device::Emulator::problems(a.spec))
        complain(m);
    if (complain.bad)
        return ExitUsage;
    a.project = p.value(QStringLiteral("project"));
    if (a.project.isEmpty())
        a.project = QDir(a.options.output).filePath(QStringLiteral("npuscope.npuscope"));
    a.exportDir = p.value(QStringLiteral("export"));
    a.upgrade = upgradeAsked(p);
    return recordAndExport(a);
}

} // namespace npuscope::app
