#include "core/analysis/advisor.h"

#include "core/analysis/advisor_comm.h"
#include "core/analysis/advisor_coverage.h"
#include "core/analysis/advisor_facts.h"
#include "core/analysis/advisor_rules.h"

#include <QJsonArray>
#include <algorithm>
#include <cmath>

namespace npuscope::analysis {

const char *severityName(Severity s)
{
    switch (s) {
    case Severity::Info: return "info";
    case Severity::Warning: return "warning";
    case Severity::Critical: return "critical";
    }
    return "info";
}

Advice adviseSession(const TraceReader &reader, const AdvisorOptions &o, const std::atomic<bool> *cancel)
{
    const AdvisorFacts facts = accumulateFacts(reader, o, cancel);
    Advice advice;
    std::vector<Finding> &out = advice.findings;
    for (const AdvisorRule &rule : advisorRules())
        if (std::optional<Finding> f = rule.check(facts, o))
            out.push_back(std::move(*f));
    // The communication rules also serve sessions without iterations (imports).
    CommunicationAnalysis comm;
    if (!(cancel && cancel->load(std::memory_order_relaxed))) {
        comm = analyzeCommunication(reader, cancel);
        adviseCommunication(reader, comm, o, &out);
    }
    std::sort(out.begin(), out.end(), [](const Finding &a, const Finding &b) {
        if (a.severity != b.severity) return int(a.severity) > int(b.severity);
        return a.id < b.id;
    });
    advice.coverage = advisorCoverage(reader, facts, comm);
    return advice;
}

std::vector<Finding> advise(const TraceReader &reader, const AdvisorOptions &o, const std::atomic<bool> *cancel)
{
    return adviseSession(reader, o, cancel).findings;
}

QJsonObject findingToJson(const Finding &f)
{
    QJsonObject figures;
    for (const auto &[name, value] : f.figures)
        figures.insert(QString::fromStdString(name), std::isfinite(value) ? QJsonValue(value) : QJsonValue());
    QJsonArray devices, iterations, ops;
    for (auto d : f.devices) devices.append(int(d));
    for (auto i : f.iterations) iterations.append(qint64(i));
    for (const auto &o : f.ops) ops.append(QString::fromStdString(o));
    QJsonObject focus{{QStringLiteral("device"), int(f.focusDevice)},
                      {QStringLiteral("stream"), qint64(f.focusStream)},
                      {QStringLiteral("start"), qint64(f.focusStart)},
                      {QStringLiteral("end"), qint64(f.focusEnd)}};
    return QJsonObject{{QStringLiteral("id"), QString::fromStdString(f.id)},
                       {QStringLiteral("severity"), QString::fromLatin1(severityName(f.severity))},
                       {QStringLiteral("title"), f.title},
                       {QStringLiteral("evidence"), f.evidence},
                       {QStringLiteral("suggestion"), f.suggestion},
                       {QStringLiteral("figures"), figures},
                       {QStringLiteral("devices"), devices},
                       {QStringLiteral("iterations"), iterations},
                       {QStringLiteral("ops"), ops},
                       {QStringLiteral("focus"), focus}};
}

} // namespace npuscope::analysis
