#include "core/analysis/advisor_coverage.h"

#include "core/options/profiling_options.h"

#include <QCoreApplication>
#include <QJsonArray>

#include <algorithm>

namespace npuscope::analysis {

namespace {
struct Ctx { Q_DECLARE_TR_FUNCTIONS(Advisor) };

// The profiling_options of a TensorFlow session; nothing for imports and PyTorch sessions,
// whose reasons then name only what is missing from the data.
bool sessionOptions(const SessionInfo &info, ProfilingOptions *out)
{
    return info.source != QLatin1String("import") && info.spec.framework == Framework::TensorFlow
           && !info.optionsJson.trimmed().isEmpty() && ProfilingOptions::parse(info.optionsJson, out).empty();
}
} // namespace

AdvisorCoverage advisorCoverage(const TraceReader &reader, const AdvisorFacts &facts, const CommunicationAnalysis &comm)
{
    AdvisorCoverage c;
    const SessionInfo &info = reader.sessionInfo();
    ProfilingOptions opt;
    const bool known = sessionOptions(info, &opt);
    auto skip = [&](const char *id, const QString &why) { c.notRun.push_back({id, why}); };

    if (facts.tasks == 0) {
        c.noDeviceTasks = true;
        const QString why = known && !opt.taskTimingOn()
                                ? Ctx::tr("task_trace was off, so no device task was recorded.")
                                : Ctx::tr("The session has no device tasks.");
        for (const char *id : {"input-bound", "straggler", "aicpu-fallback", "launch-bound", "memory-bound",
                               "low-cube-utilization"})
            skip(id, why);
    } else {
        if (facts.dataAugSteps == 0)
            skip("input-bound", known && opt.trainingTrace == Switch::Off
                                    ? Ctx::tr("training_trace was off, so no step trace (and no Data Aug Bound) was recorded.")
                                    : Ctx::tr("No step trace with a Data Aug Bound was recorded."));
        const QString group = known ? aicMetricsName(opt.aicMetrics) : QString();
        if (!facts.mte2Recorded || !(facts.macRecorded || facts.vecRecorded))
            skip("memory-bound", known ? Ctx::tr("aic_metrics was %1, which does not record mte2_ratio with mac_ratio or "
                                                 "vec_ratio (PipeUtilization does).").arg(group)
                                       : Ctx::tr("The tasks carry no mte2_ratio with mac_ratio or vec_ratio."));
        if (!facts.macRecorded)
            skip("low-cube-utilization", known ? Ctx::tr("aic_metrics was %1, which does not record mac_ratio "
                                                         "(PipeUtilization does).").arg(group)
                                               : Ctx::tr("The tasks carry no mac_ratio."));
    }
    // One device has no collectives and no straggler: those rules do not apply, nothing is
    // missing. Several devices without communication records are another matter.
    if (info.devices.size() > 1 && facts.collectives == 0 && comm.empty()) {
        const QString why = known && opt.hccl == Switch::Off
                                ? Ctx::tr("hccl was off, so no collective communication was recorded.")
                                : Ctx::tr("No collective communication was recorded.");
        skip("comm-not-overlapped", why);
        skip("slow-link", why);
    }

    const SessionStatus status = reader.status();
    if (status == SessionStatus::Cancelled || status == SessionStatus::Failed || status == SessionStatus::Running) {
        std::size_t recorded = 0;
        for (const auto &[device, its] : facts.iterationsPerDevice)
            recorded = std::max(recorded, its.size());
        const int asked = info.spec.iterations;
        if (info.source != QLatin1String("import") && asked > 0)
            c.notes << Ctx::tr("The recording stopped after %1 of the %2 iterations asked for; the findings describe those "
                               "only.").arg(qulonglong(recorded)).arg(asked);
        else
            c.notes << Ctx::tr("The recording did not end normally; the findings describe what was recorded.");
    }
    return c;
}

QJsonObject coverageToJson(const AdvisorCoverage &c)
{
    QJsonArray notRun;
    for (const RuleNotRun &r : c.notRun)
        notRun.append(QJsonObject{{QStringLiteral("id"), QString::fromStdString(r.id)}, {QStringLiteral("reason"), r.reason}});
    return QJsonObject{{QStringLiteral("not_run"), notRun},
                       {QStringLiteral("notes"), QJsonArray::fromStringList(c.notes)},
                       {QStringLiteral("no_device_tasks"), c.noDeviceTasks}};
}

} // namespace npuscope::analysis
