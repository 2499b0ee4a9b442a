// torch_npu's text export (export_type text): one <worker>_<YYYYMMDDhhmmssSSS>_ascend_pt/
// folder per device (rank), as torch_npu's ProfilerPathCreator names them, with
//   profiler_info_<rank>.json        the profiler's configuration, start and end, rank
//   profiler_metadata.json           the environment variables torch_npu records
//   ASCEND_PROFILER_OUTPUT/
//     trace_view.json                the framework lane (when the session has one) and the
//                                    CANN, Ascend Hardware, HCCL, Overlap Analysis lanes
//     kernel_details.csv             the kernels, by step
//     op_statistic.csv               per op type and core type
//     step_trace_time.csv            the time breakdown per step
//     communication.json             per step, p2p / collective op: times and bandwidth per
//     communication_matrix.json      link type; the rank × rank links (torch_communication.h)
// Names and columns follow the real 910B capture in tests/data/reference/.

#include "core/exporting/today_writer.h"
#include "core/exporting/torch_communication.h"

#include <QDir>
#include <QJsonDocument>
#include <QJsonObject>
#include <map>

namespace npuscope::exporting {

namespace {

// torch_npu's spelling of the aic_metrics group (experimental_config._aic_metrics).
QString torchAicMetrics(const ProfilingOptions &opt)
{
    if (opt.taskTime == TaskTimeLevel::L0)
        return QStringLiteral("ACL_AICORE_NONE");
    switch (opt.aicMetrics) {
    case AicMetrics::ArithmeticUtilization: return QStringLiteral("ACL_AICORE_ARITHMETIC_UTILIZATION");
    case AicMetrics::PipeUtilization: return QStringLiteral("ACL_AICORE_PIPE_UTILIZATION");
    case AicMetrics::Memory: return QStringLiteral("ACL_AICORE_MEMORY_BANDWIDTH");
    case AicMetrics::MemoryL0: return QStringLiteral("ACL_AICORE_L0B_AND_WIDTH");
    case AicMetrics::MemoryUB: return QStringLiteral("ACL_AICORE_MEMORY_UB");
    case AicMetrics::ResourceConflictRatio: return QStringLiteral("ACL_AICORE_RESOURCE_CONFLICT_RATIO");
    }
    return QStringLiteral("ACL_AICORE_NONE");
}

// profiler_info_<rank>.json: what the importer and torch_npu's own analysis read from it.
// Facts the session does not have (an import's clocks) are null.
QByteArray profilerInfo(const SessionInfo &info, const DeviceInfo &d)
{
    ProfilingOptions opt;
    if (!info.optionsJson.trimmed().isEmpty())
        ProfilingOptions::parse(info.optionsJson, &opt);
    const auto known = [](std::int64_t v) { return v > 0 ? QJsonValue(double(v)) : QJsonValue(QJsonValue::Null); };
    QJsonObject experimental{
        {QStringLiteral("_profiler_level"), opt.taskTime == TaskTimeLevel::L0 ? QStringLiteral("Level0") : QStringLiteral("Level1")},
        {QStringLiteral("_aic_metrics"), torchAicMetrics(opt)},
        {QStringLiteral("_l2_cache"), opt.l2 == Switch::On},
        {QStringLiteral("_msprof_tx"), opt.msproftx == Switch::On},
        {QStringLiteral("_export_type"), QStringLiteral("text")},
    };
    QJsonObject config{{QStringLiteral("experimental_config"), experimental}};
    // The device's system counter at collection start, as the legacy info.json derives it.
    const std::int64_t startCnt = d.hwtsFrequencyMHz > 0 && d.monotonicBegin > 0 ? d.monotonicBegin / 1000 * d.hwtsFrequencyMHz : 0;
    QJsonObject start{{QStringLiteral("syscnt_enable"), d.hwtsFrequencyMHz > 0},
                      {QStringLiteral("freq"), known(d.hwtsFrequencyMHz)},
                      {QStringLiteral("start_cnt"), known(startCnt)},
                      {QStringLiteral("start_monotonic"), known(d.monotonicBegin)}};
    QJsonObject end{{QStringLiteral("collectionTimeEnd"), known(d.wallEndUs * 1000)},
                    {QStringLiteral("MonotonicTimeEnd"), known(d.monotonicEnd)}};
    QJsonObject root{{QStringLiteral("config"), config},
                     {QStringLiteral("start_info"), start},
                     {QStringLiteral("end_info"), end},
                     {QStringLiteral("rank_id"), double(d.rankId)}};
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

// profiler_metadata.json: torch_npu records the values of a few environment variables of
// the training process; an emulated or imported session has no such process, so each is
// written as torch_npu writes an unset one (empty).
QByteArray profilerMetadata()
{
    QJsonObject env;
    for (const char *name : {"ASCEND_GLOBAL_LOG_LEVEL", "HCCL_RDMA_TC", "HCCL_RDMA_SL", "ACLNN_CACHE_LIMIT",
                             "HOST_CACHE_CAPACITY", "ASCEND_ENHANCE_ENABLE", "PYTORCH_NPU_ALLOC_CONF", "ASCEND_LAUNCH_BLOCKING"})
        env.insert(QLatin1String(name), QString());
    return QJsonDocument(QJsonObject{{QStringLiteral("ENV_VARIABLES"), env}}).toJson(QJsonDocument::Indented);
}

} // namespace

bool exportTorchNpu(const TraceReader &trace, const ExportRequest &request, ExportResult *result, ExportError *errorKind,
                    QString *error, const std::function<void(const ExportProgress &)> &progress, const std::atomic_bool *cancel)
{
    const SessionInfo &info = trace.sessionInfo();
    // torch_npu names a folder by its worker (host name and process id); devices of one
    // process (an emulated server) get their rank added so that each has its own folder.
    std::map<QString, int> workers;
    const auto worker = [](const DeviceInfo &d) {
        return QStringLiteral("%1_%2").arg(d.hostname.isEmpty() ? QStringLiteral("localhost") : d.hostname).arg(d.hostPid);
    };
    for (const DeviceInfo &d : info.devices)
        ++workers[worker(d)];
    const auto name = [&](const DeviceInfo &d) {
        QString w = worker(d);
        if (workers[w] > 1)
            w += QStringLiteral("_rank%1").arg(d.rankId);
        const std::int64_t wall = d.wallBeginUs > 0 ? d.wallBeginUs : sessionWallBeginUs(info);
        return QStringLiteral("%1_%2_ascend_pt").arg(w, localFromUs(wall).toString(QStringLiteral("yyyyMMddHHmmsszzz")));
    };
    const TorchCommunication comm(trace);
    const auto write = [&](TodayWriter &w, StagedFolder &staged, const DeviceInfo &d) {
        const QString out = QStringLiteral("ASCEND_PROFILER_OUTPUT/");
        const auto optional = [&](const char *file, const std::string &text) {
            return text.empty() || staged.writeBytes(out + QLatin1String(file), QByteArray::fromStdString(text));
        };
        return staged.writeBytes(QStringLiteral("profiler_info_%1.json").arg(d.rankId), profilerInfo(info, d))
            && staged.writeBytes(QStringLiteral("profiler_metadata.json"), profilerMetadata())
            && staged.mkpath(out) && w.writeTimeline(out + QStringLiteral("trace_view.json"))
            && w.writeKernels(out + QStringLiteral("kernel_details.csv"))
            && w.writeOpStatistic(out + QStringLiteral("op_statistic.csv"))
            && w.writeStepTraceTime(out + QStringLiteral("step_trace_time.csv"))
            && optional("communication.json", comm.communicationJson(d.id))
            && optional("communication_matrix.json", comm.matrixJson(d.id));
    };
    return exportPerDevice(trace, request, Flavour::TorchNpu, name, write, result, errorKind, error, progress, cancel);
}

} // namespace npuscope::exporting
