#pragma once
// Session-level metadata: what was run (SessionSpec), on which devices (DeviceInfo) and
// how it ended. Shared by the emulator, the importer, the store and the exporters.

#include "core/model/records.h"

#include <QString>
#include <QStringList>
#include <cstdint>
#include <string>
#include <vector>

namespace npuscope {

enum class LaunchMode : std::uint8_t { Estimator, SessRun };
enum class Precision : std::uint8_t { Fp32, Mixed };
enum class SessionStatus : std::uint8_t { Running, Complete, Cancelled, Failed };
// The training framework whose profiler configured the session: TensorFlow's
// profiling_options or torch_npu.profiler.profile(...).
enum class Framework : std::uint8_t { TensorFlow, PyTorch };

QString launchModeName(LaunchMode m);   // "estimator" / "sess.run"
QString precisionName(Precision p);     // "fp32" / "mixed"
QString sessionStatusName(SessionStatus s); // "running" / "complete" / "cancelled" / "failed"
QString frameworkName(Framework f);     // "tensorflow" / "pytorch"
bool frameworkFromName(const QString &s, Framework *out); // case-insensitive; "torch" too
// An ISO 8601 date and time ("2023-08-18T14:27:04.324979", optional fraction of up to six
// digits, optional "Z" or "+08:00"; without a zone it is local time) as µs since the epoch.
// False with *error (translated) when the text is not one.
bool clockBaseFromIso(const QString &text, std::int64_t *us, QString *error);
// The inverse, in UTC with microseconds ("2023-08-18T06:27:04.324979Z").
QString clockBaseToIso(std::int64_t us);
bool launchModeFromName(const QString &s, LaunchMode *out);   // accepts "estimator", "sess.run", "sessrun"
bool precisionFromName(const QString &s, Precision *out);
bool sessionStatusFromName(const QString &s, SessionStatus *out);

// What the user asked the emulator to run. Serialised as JSON into the project.
struct SessionSpec {
    QString model = QStringLiteral("resnet50"); // zoo name or path of a JSON model file
    int batchSize = 32;
    int iterations = 5;
    int devicesPerServer = 1;                    // 1..8
    int servers = 1;                             // 1..4
    LaunchMode mode = LaunchMode::Estimator;
    Precision precision = Precision::Mixed;
    std::uint64_t seed = 1;
    double inputRate = 0;                        // samples/s of the host pipeline; 0 = fast enough
    int segments = 2;                            // gradient all-reduce segments
    int queueDepth = 32;                         // device data queue capacity (batches), 1..1024
    QStringList scenarios{};                     // slow-input, straggler, ...
    // Wall clock (µs since the epoch) the collection starts at. 0: the real clock when the
    // run starts, as on hardware. Set it for output that must be byte-reproducible (golden
    // files, comparing two runs): PROF folder names, start_info and info.json derive from it.
    std::int64_t clockBaseUs = 0;
    QString chip = QStringLiteral("910");        // emulated chip: "910" or "910B"
    Framework framework = Framework::TensorFlow;
    // PyTorch sessions: the torch_npu.profiler.profile(...) config as its JSON form
    // (core/options/torch_profiler_config.h); empty = torch_npu's defaults.
    QByteArray torchProfilerConfig{};
    // The straggler scenario's slow device (rank); -1 = the last one.
    int stragglerRank = -1;
    // LLM sessions (model llama, llama-7b, llama-0.6b): the parallel layout (devices = dp ×
    // tp × pp), micro-batches per step, sequence parallelism, and the transformer's shape
    // (0 = the preset's value). batchSize is the micro-batch size (sequences).
    struct Llm {
        int dp = 1, tp = 1, pp = 1;
        int microBatches = 1;
        bool sequenceParallel = false;
        int layers = 0, hidden = 0, heads = 0, ffn = 0, vocab = 0, seqLen = 0;
        bool operator==(const Llm &) const = default;
    } llm{};

    int deviceCount() const { return devicesPerServer * servers; }
    QByteArray toJson() const;
    // Returns false and sets *error (translated) when the JSON is not a valid spec.
    static bool fromJson(const QByteArray &json, SessionSpec *out, QString *error);
    bool operator==(const SessionSpec &) const = default;
};

// One device of a session, with what info.json / start_info / end_info need.
struct DeviceInfo {
    std::uint16_t id = 0;
    std::uint32_t rankId = 0;
    std::uint32_t hostPid = 10036;   // the training process (pid P of the timeline lanes)
    QString hostname;
    TimeNs monotonicBegin = 0;       // clockMonotonicRaw at collection start (ns)
    TimeNs monotonicEnd = 0;
    std::int64_t wallBeginUs = 0;    // collectionTimeBegin (µs since the epoch)
    std::int64_t wallEndUs = 0;
    int aiCoreNum = 32;
    int aiCpuNum = 14;
    int aicFrequencyMHz = 1000;
    int hwtsFrequencyMHz = 100;
    QString chip;                    // "Ascend910B" when the source names it
    // hostPid, aiCoreNum, aiCpuNum, aicFrequencyMHz and hwtsFrequencyMHz are 0 when the
    // source does not give them (imports): unknown, never a guess.
};

struct ModelInfo {
    std::uint32_t id = 0;
    QString name;                    // graph / model name
    int iterations = 0;
};

// Everything the sink is told before the first batch.
struct SessionInfo {
    QString name;                    // shown to users, e.g. "resnet50 b32 ×2"
    QString source = QStringLiteral("emulator"); // or "import"
    SessionSpec spec;
    QByteArray optionsJson;          // the profiling_options string as given (normalised)
    QString appVersion;
    std::int64_t createdWallUs = 0;
    std::vector<DeviceInfo> devices;
    std::vector<ModelInfo> models;
    // Names of the PMU metric columns, in the order of TaskRecord::pmu. Empty for sessions
    // whose columns are those of their aic_metrics group (sessionPmuColumns() in options).
    QStringList pmuColumns;
};

} // namespace npuscope
