// The JSON form of a TorchProfilerConfig: the parameters that differ from torch_npu's
// defaults, in the order of the Python signature, so the same config gives the same text.

#include "core/options/torch_profiler_config.h"
#include "core/options/torch_config_json.h"

namespace npuscope::torchcfg {

using json::numberText;
using json::Writer;

QByteArray TorchProfilerConfig::toJson() const
{
    Writer w;
    if (!(hasActivity(Activity::CPU) && hasActivity(Activity::NPU))) {
        QJsonArray a;
        for (Activity x : activities)
            a.append(activityName(x));
        w.add("activities", a);
    }
    if (schedule) {
        Writer s;
        s.add("wait", QJsonValue(schedule->wait));
        s.add("warmup", QJsonValue(schedule->warmup));
        s.add("active", QJsonValue(schedule->active));
        if (schedule->repeat)
            s.add("repeat", QJsonValue(schedule->repeat));
        if (schedule->skipFirst)
            s.add("skip_first", QJsonValue(schedule->skipFirst));
        if (schedule->skipFirstWait)
            s.add("skip_first_wait", QJsonValue(schedule->skipFirstWait));
        w.add("schedule", s.text());
    }
    if (onTraceReady) {
        Writer h;
        if (!onTraceReady->dirName.isEmpty())
            h.add("dir_name", QJsonValue(onTraceReady->dirName));
        if (!onTraceReady->workerName.isEmpty())
            h.add("worker_name", QJsonValue(onTraceReady->workerName));
        if (!onTraceReady->analyseFlag)
            h.add("analyse_flag", QJsonValue(false));
        if (onTraceReady->asyncMode)
            h.add("async_mode", QJsonValue(true));
        w.add("on_trace_ready", h.text());
    }
    if (recordShapes)
        w.add("record_shapes", QJsonValue(true));
    if (profileMemory)
        w.add("profile_memory", QJsonValue(true));
    if (withStack)
        w.add("with_stack", QJsonValue(true));
    if (withFlops)
        w.add("with_flops", QJsonValue(true));
    if (withModules)
        w.add("with_modules", QJsonValue(true));
    const ExperimentalConfig &e = experimentalConfig;
    if (!e.isDefault()) {
        Writer x;
        if (e.profilerLevel != ProfilerLevel::Level0)
            x.add("profiler_level", QJsonValue(profilerLevelName(e.profilerLevel)));
        if (e.aicMetrics != ExperimentalConfig::defaultAicMetrics(e.profilerLevel))
            x.add("aic_metrics", QJsonValue(aicMetricsName(e.aicMetrics)));
        if (e.l2Cache)
            x.add("l2_cache", QJsonValue(true));
        if (e.msprofTx)
            x.add("msprof_tx", QJsonValue(true));
        if (e.mstx)
            x.add("mstx", QJsonValue(true));
        if (!e.dataSimplification)
            x.add("data_simplification", QJsonValue(false));
        if (e.recordOpArgs)
            x.add("record_op_args", QJsonValue(true));
        if (e.opAttr)
            x.add("op_attr", QJsonValue(true));
        if (e.gcDetectThreshold)
            x.add("gc_detect_threshold", numberText(*e.gcDetectThreshold).toUtf8());
        if (e.exportType != std::vector<ExportType>{ExportType::Text}) {
            if (e.exportType.size() == 1) {
                x.add("export_type", QJsonValue(exportTypeValue(e.exportType.front())));
            } else {
                QJsonArray a;
                for (ExportType t : e.exportType)
                    a.append(exportTypeValue(t));
                x.add("export_type", a);
            }
        }
        if (!e.hostSys.empty()) {
            QJsonArray a;
            for (HostSystem h : e.hostSys)
                a.append(hostSystemValue(h));
            x.add("host_sys", a);
        }
        if (!e.mstxDomainInclude.isEmpty())
            x.add("mstx_domain_include", QJsonArray::fromStringList(e.mstxDomainInclude));
        if (!e.mstxDomainExclude.isEmpty())
            x.add("mstx_domain_exclude", QJsonArray::fromStringList(e.mstxDomainExclude));
        if (e.sysIo)
            x.add("sys_io", QJsonValue(true));
        if (e.sysInterconnection)
            x.add("sys_interconnection", QJsonValue(true));
        if (!x.empty())
            w.add("experimental_config", x.text());
    }
    return w.text();
}

} // namespace npuscope::torchcfg
