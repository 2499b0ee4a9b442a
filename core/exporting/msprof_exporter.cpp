// The CANN 8 msprof layout: PROF_<n>_<time>_<letters>/ per device with the device
// description files in device_<id>/ and the exported files in mindstudio_profiler_output/:
//   msprof_<ts>.json        every lane; pids (P << 10) | (sort index << 5) | device, host
//                           lanes with device 31 (msprof analysis/csrc/application/timeline)
//   op_summary_<ts>.csv     one row per kernel and one per communication op
//   op_statistic_<ts>.csv   per op type and core type
//   task_time_<ts>.csv      one row per device task
//   step_trace_<ts>.{json,csv}  when the session has step traces
// Times are µs since the epoch: a session on the device clock is moved by its collection
// start (epochOffsetNs). One PROF_* per device, as when every rank's process is profiled on
// its own, so each device keeps its own host lanes.

#include "core/exporting/today_writer.h"

#include <QCoreApplication>
#include <QDir>
#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace npuscope::exporting {

namespace {

// One device's PROF_* folder.
bool writeDevice(TodayWriter &w, StagedFolder &staged, const SessionInfo &info, const DeviceInfo &d)
{
    if (!writeDeviceFolder(staged, d))
        return false;
    const QString out = QStringLiteral("mindstudio_profiler_output");
    if (!staged.mkpath(out))
        return false;
    const std::int64_t wall = d.wallBeginUs > 0 ? d.wallBeginUs : sessionWallBeginUs(info);
    const QString ts = localFromUs(wall).toString(QStringLiteral("yyyyMMddHHmmss"));
    const auto file = [&](const char *kind, const char *ext) {
        return QStringLiteral("%1/%2_%3.%4").arg(out, QLatin1String(kind), ts, QLatin1String(ext));
    };
    if (!w.writeTimeline(file("msprof", "json")) || !w.writeKernels(file("op_summary", "csv"))
        || !w.writeOpStatistic(file("op_statistic", "csv")) || !w.writeTaskTime(file("task_time", "csv")))
        return false;
    const auto steps = w.stepTraces();
    return steps.empty() || w.writeStepTrace(QStringLiteral("%1/step_trace_%2").arg(out, ts), steps);
}

} // namespace

bool exportMsprof(const TraceReader &trace, const ExportRequest &request, ExportResult *result, ExportError *errorKind,
                  QString *error, const std::function<void(const ExportProgress &)> &progress, const std::atomic_bool *cancel)
{
    const SessionInfo &info = trace.sessionInfo();
    const auto name = [&](const DeviceInfo &d) {
        const std::int64_t wall = d.wallBeginUs > 0 ? d.wallBeginUs : sessionWallBeginUs(info);
        return freeProfName(QDir(request.outputDir), request.profCounter,
                            QStringLiteral("%1_%2").arg(localFromUs(wall).toString(QStringLiteral("yyyyMMddHHmmsszzz")), sessionLetters(info)));
    };
    const auto write = [&](TodayWriter &w, StagedFolder &staged, const DeviceInfo &d) { return writeDevice(w, staged, info, d); };
    return exportPerDevice(trace, request, Flavour::Msprof, name, write, result, errorKind, error, progress, cancel);
}

} // namespace npuscope::exporting
