#pragma once
// TorchProfilerConfig: what a PyTorch training script passes to torch_npu.profiler.profile(...)
// (activities, schedule, on_trace_ready, the record_/with_ switches and
// experimental_config=torch_npu.profiler._ExperimentalConfig(...)), in the JSON form NPU Scope
// reads and writes, validated the way torch_npu validates it.
//
// The JSON mirrors the Python call: parameter names are keys, `schedule`,
// `on_trace_ready` (tensorboard_trace_handler's arguments) and `experimental_config` are
// nested objects, enum values are given by their class attribute name (Level1,
// PipeUtilization, CPU) or by the value torch_npu gives that attribute ("text",
// "ACL_AICORE_PIPE_UTILIZATION"), like torch_npu's own dynamic-profiler JSON.
//
// torch_npu rejects almost nothing: a wrong type or value is reported as a warning and
// replaced (profiler_level → Level0, a bool → False, ...). NPU Scope does the same — the
// parsed config holds the corrected values and each correction is a Warning naming it. Only
// what makes the Python call itself fail (an unknown keyword, a missing required schedule
// argument, JSON that is not an object) is an Error.

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <cstdint>
#include <optional>
#include <vector>

namespace npuscope::torchcfg {

enum class Activity : std::uint8_t { CPU, NPU };
enum class ProfilerLevel : std::uint8_t { Level_none, Level0, Level1, Level2 };
enum class AicMetrics : std::uint8_t {
    AiCoreNone,
    PipeUtilization,
    ArithmeticUtilization,
    Memory,
    MemoryL0,
    MemoryUB,
    ResourceConflictRatio,
    L2Cache,
    MemoryAccess,
};
enum class ExportType : std::uint8_t { Text, Db };
enum class HostSystem : std::uint8_t { CPU, MEM, DISK, NETWORK, OSRT, NUMA };

// Attribute names as torch_npu spells them (ProfilerLevel.Level1 → "Level1").
QString activityName(Activity a);
QString profilerLevelName(ProfilerLevel l);
QString aicMetricsName(AicMetrics m);
QString exportTypeName(ExportType t);    // the class attribute: "Text", "Db"
QString exportTypeValue(ExportType t);   // the value torch_npu writes: "text", "db"
QString hostSystemName(HostSystem h);    // "CPU"
QString hostSystemValue(HostSystem h);   // "cpu"

// torch_npu.profiler.schedule(wait, active, warmup=0, repeat=0, skip_first=0, skip_first_wait=0)
struct Schedule {
    int wait = 0;
    int active = 1;
    int warmup = 0;
    int repeat = 0;
    int skipFirst = 0;
    int skipFirstWait = 0;
    bool operator==(const Schedule &) const = default;
};

// torch_npu.profiler.tensorboard_trace_handler(dir_name=None, worker_name=None,
// analyse_flag=True, async_mode=False)
struct TraceHandler {
    QString dirName;      // empty = None (torch_npu then uses ASCEND_WORK_PATH or ./)
    QString workerName;   // empty = None ({hostname}_{pid})
    bool analyseFlag = true;
    bool asyncMode = false;
    bool operator==(const TraceHandler &) const = default;
};

// torch_npu.profiler._ExperimentalConfig(...): every constructor parameter.
struct ExperimentalConfig {
    ProfilerLevel profilerLevel = ProfilerLevel::Level0;
    // The value after torch_npu's checks: AiCoreNone at Level0 and Level_none.
    AicMetrics aicMetrics = AicMetrics::AiCoreNone;
    bool l2Cache = false;
    bool msprofTx = false;
    bool mstx = false;
    bool dataSimplification = true;
    bool recordOpArgs = false;
    bool opAttr = false;
    std::optional<double> gcDetectThreshold;   // None = no GC detection
    std::vector<ExportType> exportType{ExportType::Text};
    std::vector<HostSystem> hostSys;
    QStringList mstxDomainInclude;
    QStringList mstxDomainExclude;
    bool sysIo = false;
    bool sysInterconnection = false;

    // What aic_metrics becomes when it is not given: PipeUtilization, reset to AiCoreNone
    // at Level0 and Level_none by _check_params.
    static AicMetrics defaultAicMetrics(ProfilerLevel level);
    bool isDefault() const;
    // Lists compare as sets: torch_npu keeps them as list(set(...)).
    bool operator==(const ExperimentalConfig &other) const;
};

struct ConfigProblem {
    enum class Severity : std::uint8_t { Error, Warning, Note };
    Severity severity = Severity::Error;
    QString key;       // dotted path: "schedule.active", "experimental_config.aic_metrics"
    QString value;     // the offending value as given (JSON text), "" if none
    QString message;   // translated; for warnings it names the value used instead
};

struct TorchProfilerConfig {
    std::vector<Activity> activities{Activity::CPU, Activity::NPU};
    std::optional<Schedule> schedule;          // none = every step recorded, no step markers
    std::optional<TraceHandler> onTraceReady;  // none = no tensorboard_trace_handler
    bool recordShapes = false;
    bool profileMemory = false;
    bool withStack = false;
    bool withFlops = false;
    bool withModules = false;
    ExperimentalConfig experimentalConfig;

    bool hasActivity(Activity a) const;

    // Parses and validates. *out holds the config torch_npu would run with (warnings
    // applied) whenever there is no Error; every problem is returned, in torch_npu's
    // check order.
    static std::vector<ConfigProblem> parse(const QByteArray &json, TorchProfilerConfig *out);
    // Compact JSON of the values that differ from torch_npu's defaults, in the Python
    // signature's order; parse(toJson()) == *this with no correction (remarks on the config
    // itself, such as a missing NPU activity, remain). The one state it
    // cannot express is torch_npu's own quirk: an unknown profiler_level becomes Level0
    // after the level/aic_metrics check ran, so Level0 can keep a real aic_metrics, which
    // written back is reset to AiCoreNone.
    QByteArray toJson() const;
    bool operator==(const TorchProfilerConfig &other) const;
};

bool hasErrors(const std::vector<ConfigProblem> &problems);

// A readable `with torch_npu.profiler.profile(...) as prof:` block (with the experimental
// config in its own variable) that passes only the arguments that differ from the defaults.
QString generatePythonCode(const TorchProfilerConfig &config);

struct ScriptReading {
    bool found = false;
    // The call read back as the JSON form (parse it for validation); valid when found.
    QByteArray json;
    int line = 0;     // 1-based line of the profile(...) call, or of the failure
    QString error;    // translated, names the line; set when !found
    QStringList notes; // translated: parts of the call that were left out, with their line
};
// Reads the first torch_npu.profiler.profile(...) call of a training script (schedule,
// experimental config and handler possibly built in variables first) without running it.
ScriptReading readTorchProfilerScript(const QString &scriptText);

} // namespace npuscope::torchcfg
