#pragma once
// ProfilingOptions: the `profiling_options` JSON string a TensorFlow script hands to the
// Ascend framework (docs/profiling-options.md), parsed, validated and serialised.
// Validation never stops at the first problem: every problem is reported with its key,
// the offending value and the rule, as a translated sentence.

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <cstdint>
#include <optional>
#include <vector>

namespace npuscope {

enum class Switch : std::uint8_t { Off, On };
enum class TaskTimeLevel : std::uint8_t { Off, L0, L1 }; // "on" == L1
enum class AicMetrics : std::uint8_t {
    ArithmeticUtilization,
    PipeUtilization,
    Memory,
    MemoryL0,
    MemoryUB,
    ResourceConflictRatio,
};

QString aicMetricsName(AicMetrics m);
bool aicMetricsFromName(const QString &s, AicMetrics *out);
// The op_summary metric columns of a group, exactly as output-files.md lists them.
QStringList aicMetricsColumns(AicMetrics m);
struct SessionInfo;
// The PMU metric columns of a session, in the order of TaskRecord::pmu: the ones it names
// (imported sessions name what their files hold), else those of its aic_metrics group.
QStringList sessionPmuColumns(const SessionInfo &info);

// Every key profiling_options accepts, in the spec's table order (the order toJson writes).
const QStringList &profilingOptionKeys();

// Why `path` cannot be a result path under the rules of profiling-options.md for
// `output` (empty, more than 1024 characters, or a forbidden character such as ; $ ` |);
// an empty string when it can. The export folder follows the same rules.
QString resultPathProblem(const QString &path);

struct OptionProblem {
    QString key;      // the option key ("" for problems with the whole string)
    QString value;    // the offending value as given ("" if none)
    QString message;  // translated sentence naming key, value and rule
};

struct ProfilingOptions {
    QString output{};
    std::optional<std::uint64_t> storageLimitMB{}; // unset = 90 % of free space
    Switch trainingTrace = Switch::Off;
    Switch taskTrace = Switch::On;
    TaskTimeLevel taskTime = TaskTimeLevel::L1;
    Switch l2 = Switch::Off;
    Switch hccl = Switch::Off;
    Switch aicpu = Switch::Off;
    QString fpPoint{};
    QString bpPoint{};
    AicMetrics aicMetrics = AicMetrics::PipeUtilization;
    Switch msproftx = Switch::Off;
    Switch runtimeApi = Switch::Off;
    AicMetrics aivMetrics = AicMetrics::PipeUtilization;
    int sysHardwareMemFreq = 50;
    int sysIoSamplingFreq = 100;
    int sysInterconnectionFreq = 50;
    int dvppFreq = 50;
    QStringList hostSys{};         // cpu, mem
    QStringList hostSysUsage{};    // cpu, mem
    int hostSysUsageFreq = 50;
    QString llcProfiling = QStringLiteral("read");
    std::optional<int> instrProfilingFreq{};
    QString power{};

    // Keys that were present in the parsed string, in their order (for round trips and
    // for "accepted but produced no data" messages).
    QStringList presentKeys{};

    bool taskTimingOn() const { return taskTrace == Switch::On && taskTime != TaskTimeLevel::Off; }

    // Parses and validates. Returns every problem found (empty = valid). *out is filled
    // with what could be understood even when there are problems.
    static std::vector<OptionProblem> parse(const QByteArray &json, ProfilingOptions *out);
    // Compact JSON with the keys in the spec's order; only keys that were present or
    // differ from their default are written, so parse(toJson()) == *this.
    QByteArray toJson() const;
    // Options the emulator accepts but produces no data for, as translated sentences.
    QStringList optionsWithoutData() const;
    // The keys toJson writes, in spec order: present (and representable) or not default.
    QStringList writtenKeys() const;

    // Compares every option value and the *set* of writtenKeys(). The order of presentKeys
    // is deliberately not compared: toJson writes the spec's order, so an object parsed
    // from a differently ordered string must still equal its own round trip.
    bool operator==(const ProfilingOptions &other) const;
};

// Code generation (the two forms of the spec) and extraction from a training script.
enum class CodeForm : std::uint8_t { Estimator, SessRun };
QString generateTrainingCode(const ProfilingOptions &options, CodeForm form);

struct ScriptExtraction {
    bool found = false;
    QByteArray optionsJson;   // the profiling_options string as the script gives it
    // Which form was found. For the environment-variable form (which says nothing about
    // the loop) it is Estimator when the script builds an NPURunConfig/NPUEstimator and
    // SessRun otherwise.
    CodeForm form = CodeForm::Estimator;
    bool fromEnvironment = false;
    // False when the options were found but the script leaves profiling off
    // (PROFILING_MODE not exactly "true", enable_profiling not True); `error` then says why.
    bool profilingEnabled = false;
    int line = 0;             // 1-based line where the options string was found / failed
    QString error;            // translated; names the line. May be set while found is true.
};
ScriptExtraction extractFromScript(const QString &scriptText);

} // namespace npuscope
