// What the emulator accepts: the models, scenarios and ranges of a session, checked all at
// once so the form and the command line can name every problem together.
#include "device/emulator.h"

#include "device/chip.h"
#include "device/models/llama.h"
#include "device/models/network.h"

#include "core/options/torch_profiler_config.h"

#include <QCoreApplication>
#include <QFileInfo>

#include <cmath>

namespace npuscope::device {

QStringList llmModelNames()
{
    return llamaModelNames();
}

QStringList zooModelNames()
{
    QStringList names;
    for (const std::string &n : zooNetworkNames())
        names << QString::fromStdString(n);
    return names;
}

namespace {

const QStringList &knownScenarios()
{
    static const QStringList s = {QStringLiteral("slow-input"), QStringLiteral("straggler"),
                                  QStringLiteral("aicpu-fallback"), QStringLiteral("launch-bound"),
                                  QStringLiteral("single-segment"), QStringLiteral("pipeline-bubble"),
                                  QStringLiteral("tp-no-overlap")};
    return s;
}

// Scenarios that only an LLM session (model llama*) has, and those it does not model.
const QStringList &llmOnlyScenarios()
{
    static const QStringList s = {QStringLiteral("pipeline-bubble"), QStringLiteral("tp-no-overlap")};
    return s;
}
const QStringList &notLlmScenarios()
{
    static const QStringList s = {QStringLiteral("slow-input"), QStringLiteral("aicpu-fallback"),
                                  QStringLiteral("single-segment")};
    return s;
}

} // namespace

QStringList scenarioNames()
{
    return knownScenarios();
}

QStringList Emulator::problems(const SessionSpec &spec)
{
    // Every problem, not the first: a user who typed three wrong values fixes them at once.
    QStringList out;
    auto fail = [&](const QString &msg) { out << msg; };
    if (spec.batchSize < 1 || spec.batchSize > 4096)
        fail(QCoreApplication::translate("Emulator", "The batch size %1 is out of range: it must be between 1 and 4096.")
                        .arg(spec.batchSize));
    const bool llm = isLlamaModel(spec.model);
    if (llm) {
        out << llamaProblems(spec);
    } else if (!zooModelNames().contains(spec.model)) {
        if (spec.model.endsWith(QLatin1String(".json"), Qt::CaseInsensitive) || QFileInfo::exists(spec.model)) {
            Network net;
            QString why;
            if (!loadJsonNetwork(spec.model, spec.batchSize, &net, &why))
                fail(why);
        } else {
            fail(QCoreApplication::translate("Emulator", "The model \"%1\" is unknown. Use one of: %2, or the path of a JSON model file.")
                            .arg(spec.model, (zooModelNames() + llmModelNames()).join(QStringLiteral(", "))));
        }
    }
    if (spec.iterations < 1 || spec.iterations > 100000)
        fail(QCoreApplication::translate("Emulator", "The iteration count %1 is out of range: it must be between 1 and 100000.")
                        .arg(spec.iterations));
    Chip chip = Chip::Ascend910;
    if (!chipFromName(spec.chip, &chip))
        fail(QCoreApplication::translate("Emulator", "The chip \"%1\" is unknown. Use one of: %2.")
                        .arg(spec.chip, chipNames().join(QStringLiteral(", "))));
    if (spec.devicesPerServer < 1 || spec.devicesPerServer > chipProfile(chip).devicesPerServer)
        fail(QCoreApplication::translate("Emulator", "The device count %1 per server is out of range: an Ascend %2 server has 1 to %3 devices.")
                        .arg(spec.devicesPerServer)
                        .arg(chipName(chip))
                        .arg(chipProfile(chip).devicesPerServer));
    // LLM sessions scale to 64 ranks: up to 8 servers of 8.
    const int maxServers = llm ? 8 : 4;
    if (spec.servers < 1 || spec.servers > maxServers)
        fail(QCoreApplication::translate("Emulator", "The server count %1 is out of range: it must be between 1 and %2.")
                        .arg(spec.servers).arg(maxServers));
    if (spec.segments < 1 || spec.segments > 64)
        fail(QCoreApplication::translate("Emulator", "The all-reduce segment count %1 is out of range: it must be between 1 and 64.")
                        .arg(spec.segments));
    if (spec.queueDepth < 1 || spec.queueDepth > 1024)
        fail(QCoreApplication::translate("Emulator", "The input queue depth %1 is out of range: it must be between 1 and 1024 batches.")
                        .arg(spec.queueDepth));
    if (!(spec.inputRate >= 0) || std::isinf(spec.inputRate))
        fail(QCoreApplication::translate("Emulator", "The input rate %1 samples/s is not valid: it must be 0 (fast enough) or a positive number.")
                        .arg(spec.inputRate));
    for (const QString &s : spec.scenarios)
        if (!knownScenarios().contains(s))
            fail(QCoreApplication::translate("Emulator", "The scenario \"%1\" is unknown. Known scenarios: %2.")
                            .arg(s, knownScenarios().join(QStringLiteral(", "))));
        else if (!llm && llmOnlyScenarios().contains(s))
            fail(QCoreApplication::translate("Emulator", "The scenario \"%1\" needs an LLM session (model %2).")
                            .arg(s, llmModelNames().join(QStringLiteral(", "))));
        else if (llm && notLlmScenarios().contains(s))
            fail(QCoreApplication::translate("Emulator", "The scenario \"%1\" does not apply to an LLM session.").arg(s));
    if (!llm && spec.stragglerRank >= spec.deviceCount())
        fail(QCoreApplication::translate("Emulator", "The straggler rank %1 does not exist: the session has ranks 0 to %2.")
                        .arg(spec.stragglerRank).arg(spec.deviceCount() - 1));
    if (spec.framework == Framework::PyTorch) {
        torchcfg::TorchProfilerConfig cfg;
        const auto configProblems = torchcfg::TorchProfilerConfig::parse(
            spec.torchProfilerConfig.isEmpty() ? QByteArrayLiteral("{}") : spec.torchProfilerConfig, &cfg);
        for (const auto &p : configProblems)
            if (p.severity == torchcfg::ConfigProblem::Severity::Error)
                fail(QCoreApplication::translate("Emulator", "The torch_npu profiler config cannot be used: %1 (%2)")
                                .arg(p.message, p.key));
    }
    return out;
}

bool Emulator::validate(const SessionSpec &spec, QString *error)
{
    const QStringList p = problems(spec);
    if (!p.isEmpty() && error)
        *error = p.join(QLatin1Char('\n'));
    return p.isEmpty();
}

} // namespace npuscope::device
