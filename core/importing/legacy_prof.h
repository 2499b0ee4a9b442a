#pragma once
// The legacy PROF layout reader (see legacy_prof_reader.cpp for the layout): its types and
// class, shared by legacy_prof_reader.cpp (discovery, per device, per iteration),
// legacy_prof_csv.cpp (the summary CSVs) and legacy_prof_timeline.cpp (the timelines).

#include "core/importing/import_context.h"
#include "core/importing/json_pull.h"
#include "core/importing/readers.h"

#include <QJsonObject>

#include <deque>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace npuscope::importing {

// lupdate context "ProfImporter".
struct ProfImporter {
    Q_DECLARE_TR_FUNCTIONS(ProfImporter)
};

namespace legacy {

struct DataFile {
    QString path, rel;
    QString kind;            // msprof, task_time, op_summary ...
    bool json = false;
    std::uint16_t device = 0;
    std::uint32_t model = 0, iteration = 0;
    std::uint64_t size = 0;
};

struct DeviceSrc {
    std::uint16_t id = 0;
    QString dir;
    DeviceInfo info;
    std::vector<DataFile> files;
};

enum class Lane : std::uint8_t { Unknown, Hardware, Cann, Hccl, Overlap, StepTrace, Tx };

inline constexpr std::uint64_t kCommKernelTid = 70000;

inline std::uint64_t mix(std::uint64_t h, std::uint64_t v)
{
    h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
    return h * 0xff51afd7ed558ccdull;
}
inline std::uint64_t mixStr(std::uint64_t h, std::string_view s)
{
    std::uint64_t x = 14695981039346656037ull;
    for (char c : s) {
        x ^= static_cast<unsigned char>(c);
        x *= 1099511628211ull;
    }
    return mix(h, x);
}

// What op_summary says about one task; looked up by (stream, task id, start).
// A legacy op_summary of a session with today's metric set (a 910B's aicore_time(us),
// aic_total_cycles, aic_*, aiv_*) shows its recorded aicore_time(us) in the fixed column, so
// its metric columns start with aic_total_cycles.
inline bool recordedAicoreTime(const QStringList &metrics)
{
    return !metrics.isEmpty() && metrics.front() == QLatin1String("aic_total_cycles");
}

struct OpSummaryRow {
    std::string opType, core, inS, inT, inF, outS, outT, outF;
    std::uint16_t blockDim = 0;
    std::uint64_t cycles = 0;
    std::vector<float> pmu;
    bool used = false;
    std::uint64_t line = 0, offset = 0;
};

struct PendingStat {
    std::uint64_t count = 0, seen = 0;
    TimeNs total = 0;
    std::uint64_t line = 0, offset = 0;
};

struct StepAcc {
    std::uint32_t model = 0, iteration = 0;
    bool haveIter = false, haveFpBp = false, haveRefresh = false, fromCsv = false;
    TimeNs iterStart = 0, iterEnd = 0, fpStart = 0, bpEnd = 0;
    std::map<std::uint32_t, StepTraceRecord::Reduce> reduces;
    std::optional<bool> firstByCsv; // step_trace csv: Data Aug Bound N/A ⇔ no previous end
    std::optional<TimeNs> dataAug;
};

struct ModelSeen {
    std::set<std::uint32_t> iterations;
    QString name;
};

class LegacyReader : public LayoutReader {
public:
    explicit LegacyReader(const Source &s) : LayoutReader(s) {}
    bool prepare(ImportContext &ctx) override;
    bool read(ImportContext &ctx) override;
    bool devicesMustBeUnique() const override { return true; }
    void excludeDevice(std::uint16_t id, const QString &why) override;
    QString deviceDir(std::uint16_t id) const override;

private:
    // discovery
    void addProfDir(const QString &dir);
    void addDevice(const QString &devDir, std::uint16_t id);
    void readDeviceMeta(DeviceSrc &d);
    QJsonObject readSmallJson(const QString &path, const QString &rel, bool required);
    void describeSession();

    // per device
    bool importDevice(DeviceSrc &d);
    bool readOpSummary(const DataFile &f, std::uint16_t device);
    bool readTaskTimeCsv(const DataFile &f);
    bool readL2(const DataFile &f);
    bool readTxCsv(const DataFile &f, std::uint32_t pidFallback);
    bool readAiCpu(const DataFile &f);
    bool readDp(const DataFile &f);
    bool readFusion(const DataFile &f);
    bool readDerivedCsv(const DataFile &f);
    bool readStepCsv(const DataFile &f);
    bool readTimeline(const DataFile &f, const DeviceSrc &d, bool authoritative, bool remember);
    // One event of a timeline lane (legacy_prof_timeline.cpp).
    struct EventCtx {
        const DataFile &f;
        FileAccount &acc;
        const TraceEvent &e;
        std::uint16_t device, srcDevice;
        std::uint64_t hostPid;
        bool authoritative, remember;
        void skip(ImportContext &ctx, const QString &why) const;
        // Whether another file gave this event already (it is then counted a duplicate):
        // with lookUp the event's key is looked for in `seen`; otherwise the file is the
        // authority for it and, when it should remember, leaves the key there.
        bool seenBefore(std::unordered_set<std::uint64_t> &seen, std::uint64_t key, bool lookUp) const;
    };
    void timelineTask(const EventCtx &c);
    void timelineHccl(const EventCtx &c);
    void timelineCann(const EventCtx &c);
    // The host range a CANN or msprof_tx event is, in the current iteration.
    HostRangeRecord hostRangeOf(const EventCtx &c, HostRangeRecord::Kind kind, std::uint32_t modelId);
    void timelineTx(const EventCtx &c);
    void timelineStep(const EventCtx &c);
    void finishIteration(const DataFile *opSummary, const DataFile *taskTimeCsv, const DataFile *l2);
    bool emitStepTraces(std::uint16_t device);
    void progressFile(const DataFile &f) { ctx_->fileDone(f.size); }
    std::uint16_t dev(std::uint16_t src) const { return map.device(src); }

    ImportContext *ctx_ = nullptr;
    QString contain; // canonical PROF folder being read: nothing outside it is read
    std::vector<DeviceSrc> devs;
    std::map<std::uint32_t, ModelSeen> modelSeen;

    // per iteration lookups (filled from the summary CSVs before the timeline is read)
    std::unordered_map<std::uint64_t, OpSummaryRow> opRows;       // key: stream, task, start, device
    std::unordered_map<std::uint64_t, PendingStat> pendings;      // key: stream, task, name
    std::unordered_map<std::uint64_t, std::deque<std::pair<float, float>>> l2Rows; // key: stream, task
    std::uint64_t l2Unused = 0;
    std::unordered_set<std::uint64_t> seenTasks, seenHccl, seenTx;
    bool txFromCsv = false;
    std::uint32_t collectiveSegment = 0;
    std::set<std::tuple<std::uint32_t, std::string, std::string>> fusionSeen;
    // per device
    std::map<std::pair<std::uint32_t, std::uint32_t>, StepAcc> steps; // (model, iteration)
    std::uint16_t curDevice = 0;
    std::uint32_t curModel = 0, curIteration = 0;
    std::uint32_t hostPid = 0;
    int aicFreq = 0;
};

// ---------------------------------------------------------------------------------------
// records

inline std::uint64_t taskKey(std::uint32_t stream, std::uint32_t task, TimeNs start)
{
    return mix(mix(mix(1, stream), task), static_cast<std::uint64_t>(start));
}

} // namespace legacy
} // namespace npuscope::importing
