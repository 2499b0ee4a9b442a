#include "core/exporting/prof_exporter_impl.h"

namespace npuscope::exporting {

namespace legacyprof {

using analysis::Interval;

// ---------------------------------------------------------------------------------------
// plumbing

template <class Body>
bool Exporter::writeFile(const QString &rel, Body &&body)
{
    if (staged.write(rel, std::forward<Body>(body)))
        return true;
    return fail(staged.kind, staged.error);
}

std::string_view Exporter::taskName(const TaskRecord &t) const
{
    std::string_view n = str(t.name);
    if (n.empty() && t.opId)
        if (const OpDesc *o = trace.op(t.opId))
            n = str(o->name);
    return n.empty() ? trace.taskType(t) : n;
}

QString Exporter::fileName(const char *name, const IterationKey &k, const char *ext) const
{
    return QStringLiteral("%1/%2/%3_%4_%5_%6.%7")
        .arg(deviceDir, QLatin1String(ext[0] == 'j' ? "timeline" : "summary"), QLatin1String(name),
             QString::number(k.device), QString::number(k.modelId), QString::number(k.iteration), QLatin1String(ext));
}

std::string Exporter::modelName(std::uint32_t model) const
{
    for (const auto &m : info.models)
        if (m.id == model)
            return m.name.toStdString();
    return {};
}

// ---------------------------------------------------------------------------------------
// planning

bool Exporter::selectWork()
{
    if (!info.optionsJson.trimmed().isEmpty())
        ProfilingOptions::parse(info.optionsJson, &opt); // problems were reported when the session was set up
    taskFiles = opt.taskTimingOn();
    stepFiles = opt.trainingTrace == Switch::On;
    hcclFiles = opt.hccl == Switch::On && info.devices.size() > 1;
    // An import keeps what its files had: one rank of a multi-rank job, imported alone, is
    // a one-device session whose HCCL tasks and collective ops still belong in the export.
    if (!hcclFiles && info.source == QLatin1String("import")) {
        for (const IterationKey &k : trace.iterations()) {
            trace.forEachHcclTask(k, [this](const HcclTaskRecord &) { return !(hcclFiles = true); });
            if (!hcclFiles)
                trace.forEachCollective(k, [this](const CollectiveOpRecord &) { return !(hcclFiles = true); });
            if (hcclFiles)
                break;
        }
    }
    if (opt.taskTime != TaskTimeLevel::L0)
        metricColumns = sessionPmuColumns(info);

    const QStringList known = exportKinds();
    for (const QString &k : req.kinds)
        if (!known.contains(k))
            return fail(ExportError::Usage, QCoreApplication::translate("ProfExporter", "Unknown export kind \"%1\"; the kinds are: %2.")
                                                .arg(k, known.join(QStringLiteral(", "))));
    ExportWork w;
    QString why;
    if (!selectExportWork(trace, req, &w, &why))
        return fail(ExportError::Usage, why);
    devices = std::move(w.devices);
    work = std::move(w.iterations);
    return true;
}

int Exporter::filesPerIteration(const IterationKey &k) const
{
    int n = 0;
    if (taskFiles)
        n += (wants("msprof") ? 1 : 0) + (wants("task_time") ? 2 : 0) + (wants("op_summary") ? 1 : 0)
           + (wants("op_statistic") ? 1 : 0);
    if (stepFiles && wants("step_trace"))
        n += 2;
    if (hcclFiles && wants("hccl"))
        n += 1;
    if (opt.aicpu == Switch::On && wants("aicpu"))
        n += 1;
    if (opt.l2 == Switch::On && taskFiles && wants("l2_cache"))
        n += 1;
    if (opt.msproftx == Switch::On && wants("msprof_tx"))
        n += 2;
    if (wants("dp") && !trace.queueEvents(k.device).empty())
        n += 1;
    if (wants("fusion_op") && !trace.fusionOps(k.modelId).empty())
        n += 1;
    return n;
}

bool Exporter::run(ExportResult *result)
{
    if (!selectWork())
        return false;

    const std::int64_t wallBegin = sessionWallBeginUs(info);
    const QString profName = freeProfName(QDir(req.outputDir), req.profCounter,
                                          QStringLiteral("%1_%2").arg(localFromUs(wallBegin).toString(QStringLiteral("yyyyMMddHHmmsszzz")), sessionLetters(info)));
    if (!staged.begin(req.outputDir, profName))
        return fail(staged.kind, staged.error);

    staged.progress.filesTotal = devices.size() * 6;
    for (const auto &k : work)
        staged.progress.filesTotal += filesPerIteration(k);

    for (const auto &d : devices) {
        deviceDir = QStringLiteral("device_%1").arg(d.id);
        pids = Pids(d.hostPid);
        if (!staged.mkpath(deviceDir + QStringLiteral("/timeline")) || !staged.mkpath(deviceDir + QStringLiteral("/summary"))
            || !writeDeviceMeta(d))
            return fail(staged.kind, staged.error);
        for (const auto &k : work) {
            if (k.device != d.id)
                continue;
            IterationData it;
            if (!loadIteration(k, &it) || !writeIteration(d, it))
                return false;
        }
    }
    if (!staged.commit())
        return fail(staged.kind, staged.error);
    if (result) {
        result->profDir = staged.finalDir();
        result->dirs = QStringList{staged.finalDir()};
        result->files = staged.files();
        result->bytes = staged.progress.bytes;
    }
    return true;
}

bool Exporter::loadIteration(const IterationKey &k, IterationData *it)
{
    it->key = k;
    // Only what the selected kinds read: an op_summary-only export skips the host,
    // HCCL and AI CPU tables entirely.
    trace.forEachTask(k, [it](const TaskRecord &t) { it->tasks.push_back(t); return true; });
    if (wants("msprof") || wants("hccl")) {
        trace.forEachCollective(k, [it](const CollectiveOpRecord &c) { it->collectives.push_back(c); return true; });
        trace.forEachHcclTask(k, [it](const HcclTaskRecord &h) { it->hccl.push_back(h); return true; });
    }
    if (wants("aicpu"))
        trace.forEachAiCpu(k, [it](const AiCpuRecord &a) { it->aiCpu.push_back(a); return true; });
    if (wants("msprof") || wants("msprof_tx"))
        trace.forEachHostRange(k, [it](const HostRangeRecord &r) {
            (r.kind == HostRangeRecord::Kind::MsprofTx ? it->tx : it->host).push_back(r);
            return true;
        });
    if (cancelled())
        return fail(ExportError::Cancelled, QCoreApplication::translate("ProfExporter", "The export was cancelled."));
    return true;
}

// ---------------------------------------------------------------------------------------
// device description files

bool Exporter::writeDeviceMeta(const DeviceInfo &d)
{
    for (const auto &[name, content] : deviceDescriptionFiles(d)) {
        const QString rel = deviceDir + QLatin1Char('/') + name;
        if (!staged.writeBytes(rel, content))
            return false;
        if (!staged.writeBytes(rel + QStringLiteral(".done"), "filesize:" + QByteArray::number(content.size()) + "\n"))
            return false;
    }
    return true;
}

// ---------------------------------------------------------------------------------------

bool Exporter::writeIteration(const DeviceInfo &d, const IterationData &it)
{
    const IterationKey &k = it.key;
    // Step traces are small: every step_trace file holds all exported iterations of the
    // model, as the real files do.
    std::vector<StepTraceRecord> steps;
    const StepTraceRecord *own = nullptr;
    std::vector<StepTraceRecord> allSteps = trace.stepTraces(k.device, k.modelId);
    for (const auto &s : allSteps)
        if (inRange(s.iteration))
            steps.push_back(s);
    for (const auto &s : steps)
        if (s.iteration == k.iteration)
            own = &s;
    if (!stepFiles)
        own = nullptr;

    if (taskFiles) {
        if ((wants("msprof") && !writeFile(fileName("msprof", k, "json"), [&](OutFile &f) { writeMsprof(f, d, it, own); }))
            || (wants("task_time") && !writeFile(fileName("task_time", k, "json"), [&](OutFile &f) { writeTaskTimeJson(f, d, it); }))
            || (wants("task_time") && !writeFile(fileName("task_time", k, "csv"), [&](OutFile &f) { writeTaskTimeCsv(f, it); }))
            || (wants("op_summary") && !writeFile(fileName("op_summary", k, "csv"), [&](OutFile &f) { writeOpSummary(f, d, it); }))
            || (wants("op_statistic") && !writeFile(fileName("op_statistic", k, "csv"), [&](OutFile &f) { writeOpStatistic(f, it); })))
            return false;
    }
    if (stepFiles && wants("step_trace")) {
        if (!writeFile(fileName("step_trace", k, "json"), [&](OutFile &f) { writeStepTraceJson(f, steps, k.modelId); })
            || !writeFile(fileName("step_trace", k, "csv"), [&](OutFile &f) { writeStepTraceCsv(f, steps); }))
            return false;
    }
    if (hcclFiles && wants("hccl") && !writeFile(fileName("hccl", k, "json"), [&](OutFile &f) { writeHcclJson(f, it); }))
        return false;
    if (opt.aicpu == Switch::On && wants("aicpu") && !writeFile(fileName("aicpu", k, "csv"), [&](OutFile &f) { writeAiCpuCsv(f, it); }))
        return false;
    if (opt.l2 == Switch::On && taskFiles && wants("l2_cache") && !writeFile(fileName("l2_cache", k, "csv"), [&](OutFile &f) { writeL2Csv(f, it); }))
        return false;
    if (opt.msproftx == Switch::On && wants("msprof_tx")) {
        if (!writeFile(fileName("msprof_tx", k, "json"), [&](OutFile &f) { writeTxJson(f, it); })
            || !writeFile(fileName("msprof_tx", k, "csv"), [&](OutFile &f) { writeTxCsv(f, it); }))
            return false;
    }
    const auto queue = wants("dp") ? trace.queueEvents(k.device) : std::vector<QueueEventRecord>();
    if (!queue.empty()) {
        std::optional<std::pair<TimeNs, TimeNs>> span;
        if (!it.tasks.empty()) {
            TimeNs end = it.tasks.front().start - 1;
            for (const auto &t : it.tasks)
                end = std::max(end, endOf(t));
            span = std::make_pair(it.tasks.front().start, end);
        }
        const auto [lo, hi] = analysis::queueWindow(allSteps, k.iteration, span);
        std::vector<QueueEventRecord> mine;
        for (const auto &q : queue)
            if (q.timestamp > lo && q.timestamp <= hi)
                mine.push_back(q);
        if (!writeFile(fileName("dp", k, "csv"), [&](OutFile &f) { writeDpCsv(f, mine); }))
            return false;
    }
    const auto fusion = wants("fusion_op") ? trace.fusionOps(k.modelId) : std::vector<FusionOpRecord>();
    if (!fusion.empty() && !writeFile(fileName("fusion_op", k, "csv"), [&](OutFile &f) { writeFusionCsv(f, fusion); }))
        return false;
    return true;
}

} // namespace legacyprof

using legacyprof::Exporter;

QStringList exportLayoutNames()
{
    return {QStringLiteral("legacy"), QStringLiteral("msprof"), QStringLiteral("torch_npu"), QStringLiteral("db")};
}

bool exportLayoutFromName(const QString &name, ExportLayout *out)
{
    const int i = int(exportLayoutNames().indexOf(name.trimmed().toLower()));
    if (i < 0)
        return false;
    *out = static_cast<ExportLayout>(i);
    return true;
}

bool exportSession(const TraceReader &trace, const ExportRequest &request, ExportResult *result, ExportError *errorKind,
                   QString *error, const std::function<void(const ExportProgress &)> &progress, const std::atomic_bool *cancel)
{
    if (request.layout != ExportLayout::Legacy && !request.kinds.isEmpty()) {
        if (errorKind)
            *errorKind = ExportError::Usage;
        if (error)
            *error = QCoreApplication::translate("ProfExporter", "Choosing files by kind is only possible in the legacy layout.");
        return false;
    }
    switch (request.layout) {
    case ExportLayout::Msprof: return exportMsprof(trace, request, result, errorKind, error, progress, cancel);
    case ExportLayout::TorchNpu: return exportTorchNpu(trace, request, result, errorKind, error, progress, cancel);
    case ExportLayout::Db: return exportDb(trace, request, result, errorKind, error, progress, cancel);
    case ExportLayout::Legacy: break;
    }
    return exportProf(trace, request, result, errorKind, error, progress, cancel);
}

ExportLayout defaultExportLayout(const SessionInfo &info)
{
    return info.spec.framework == Framework::PyTorch ? ExportLayout::TorchNpu : ExportLayout::Legacy;
}

QStringList exportKinds()
{
    return {QStringLiteral("msprof"), QStringLiteral("task_time"), QStringLiteral("step_trace"), QStringLiteral("hccl"),
            QStringLiteral("msprof_tx"), QStringLiteral("op_summary"), QStringLiteral("op_statistic"),
            QStringLiteral("aicpu"), QStringLiteral("dp"), QStringLiteral("fusion_op"), QStringLiteral("l2_cache")};
}

bool exportProf(const TraceReader &trace, const ExportRequest &request, ExportResult *result, ExportError *errorKind,
                QString *error, const std::function<void(const ExportProgress &)> &progress, const std::atomic_bool *cancel)
{
    Exporter e(trace, request, progress, cancel);
    const bool ok = e.run(result);
    if (errorKind)
        *errorKind = ok ? ExportError::None : e.kind;
    if (error)
        *error = ok ? QString() : e.error;
    return ok;
}

} // namespace npuscope::exporting
