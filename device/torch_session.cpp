#include "device/torch_session.h"

#include <cctype>

namespace npuscope::device {

using torchcfg::Activity;
using torchcfg::ProfilerLevel;

ProfilingOptions torchMsprofOptions(const torchcfg::TorchProfilerConfig &cfg, bool *pmu)
{
    const torchcfg::ExperimentalConfig &x = cfg.experimentalConfig;
    const bool npu = cfg.hasActivity(Activity::NPU) && x.profilerLevel != ProfilerLevel::Level_none;
    const int level = x.profilerLevel == ProfilerLevel::Level2 ? 2 : x.profilerLevel == ProfilerLevel::Level1 ? 1 : 0;
    ProfilingOptions o;
    o.output = cfg.onTraceReady ? cfg.onTraceReady->dirName : QString();
    o.trainingTrace = Switch::Off; // steps come from the framework's ProfilerStep ranges
    o.taskTrace = npu ? Switch::On : Switch::Off;
    o.taskTime = !npu ? TaskTimeLevel::Off : level >= 1 ? TaskTimeLevel::L1 : TaskTimeLevel::L0;
    o.hccl = npu && level >= 1 ? Switch::On : Switch::Off;
    o.aicpu = npu && level >= 2 ? Switch::On : Switch::Off;
    o.runtimeApi = npu && level >= 2 ? Switch::On : Switch::Off;
    o.l2 = npu && x.l2Cache ? Switch::On : Switch::Off;
    o.msproftx = npu && x.msprofTx ? Switch::On : Switch::Off;
    bool modelled = true;
    switch (x.aicMetrics) {
    case torchcfg::AicMetrics::PipeUtilization: o.aicMetrics = AicMetrics::PipeUtilization; break;
    case torchcfg::AicMetrics::ArithmeticUtilization: o.aicMetrics = AicMetrics::ArithmeticUtilization; break;
    case torchcfg::AicMetrics::Memory: o.aicMetrics = AicMetrics::Memory; break;
    case torchcfg::AicMetrics::MemoryL0: o.aicMetrics = AicMetrics::MemoryL0; break;
    case torchcfg::AicMetrics::MemoryUB: o.aicMetrics = AicMetrics::MemoryUB; break;
    case torchcfg::AicMetrics::ResourceConflictRatio: o.aicMetrics = AicMetrics::ResourceConflictRatio; break;
    case torchcfg::AicMetrics::AiCoreNone:
    case torchcfg::AicMetrics::L2Cache:
    case torchcfg::AicMetrics::MemoryAccess: modelled = false; break;
    }
    if (pmu)
        *pmu = npu && level >= 1 && modelled;
    return o;
}

bool torchStepRecorded(const std::optional<torchcfg::Schedule> &schedule, int step)
{
    if (!schedule)
        return true;
    const torchcfg::Schedule &s = *schedule;
    if (step < s.skipFirst)
        return false;
    step -= s.skipFirst;
    // skip_first_wait: the first cycle starts without its wait steps.
    if (s.skipFirstWait != 0)
        step += s.wait;
    const int cycle = s.wait + s.warmup + s.active;
    if (cycle <= 0 || (s.repeat > 0 && step / cycle >= s.repeat))
        return false;
    return step % cycle >= s.wait + s.warmup;
}

std::string atenName(const std::string &opType)
{
    std::string out;
    for (std::size_t i = 0; i < opType.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(opType[i]);
        const bool upper = std::isupper(c) != 0;
        // A word starts at an upper-case letter after a lower-case one or a digit, or
        // before a lower-case letter in a run of capitals ("ND" + "To").
        if (upper && i > 0) {
            const unsigned char p = static_cast<unsigned char>(opType[i - 1]);
            const bool nextLower = i + 1 < opType.size() && std::islower(static_cast<unsigned char>(opType[i + 1]));
            if (std::islower(p) || (std::isupper(p) && nextLower))
                out += '_';
        }
        out += char(std::tolower(c));
    }
    return "aten::" + out;
}

std::string torchInputDims(const std::string &shapes)
{
    std::string out;
    for (char c : shapes) {
        if (c == ';')
            out += ";\r\n";
        else
            out += c;
    }
    return out;
}

std::string torchInputTypes(const std::string &types)
{
    std::string out, cur;
    auto flush = [&] {
        std::string t = cur;
        if (t == "DT_FLOAT16") t = "c10::Half";
        else if (t == "DT_BF16") t = "c10::BFloat16";
        else if (t == "DT_FLOAT") t = "float";
        else if (t == "DT_INT32") t = "int";
        else if (t == "DT_INT64") t = "long int";
        else if (t == "DT_BOOL") t = "bool";
        else if (t == "DT_UINT8") t = "unsigned char";
        out += t;
        cur.clear();
    };
    for (char c : types) {
        if (c == ';') {
            flush();
            out += ";\r\n";
        } else {
            cur += c;
        }
    }
    flush();
    return out;
}

} // namespace npuscope::device
