#include "device/session_frame.h"

#include "device/chip.h"
#include "device/rng.h"
#include "device/torch_host.h"

#include <QCoreApplication>
#include <QDateTime>

#include <algorithm>
#include <cmath>

namespace npuscope::device {

namespace {
constexpr TimeNs kMonotonicBase = 56579931060630; // the reference capture's clockMonotonicRaw
}

SessionClock sessionClock(const SessionSpec &spec)
{
    SessionClock c;
    c.monotonicBegin = kMonotonicBase + TimeNs(spec.seed % 1000) * 1'000'000'000 / 10;
    c.wallBeginUs = spec.clockBaseUs != 0 ? spec.clockBaseUs : QDateTime::currentMSecsSinceEpoch() * 1000;
    return c;
}

void describeEmulatedSession(SessionInfo &info, const SessionSpec &spec, const ProfilingOptions &options, int n,
                             const ChipProfile &chip, const SessionClock &clock, Rng &rng, const QString &model,
                             int recordedSteps)
{
    if (!spec.scenarios.isEmpty())
        info.name += QStringLiteral(" · ") + spec.scenarios.join(QStringLiteral(", "));
    info.spec = spec;
    info.optionsJson = options.toJson();
    info.appVersion = QStringLiteral(NPUSCOPE_VERSION);
    info.createdWallUs = clock.wallBeginUs;
    for (int d = 0; d < n; ++d) {
        DeviceInfo di;
        di.id = std::uint16_t(d);
        di.rankId = std::uint32_t(d);
        di.hostPid = TorchHostLane::kHostPid;
        di.aiCoreNum = chip.cubeCores;
        di.aiCpuNum = chip.aiCpuCores;
        di.aicFrequencyMHz = int(std::lround(chip.clockGHz * 1000));
        di.hwtsFrequencyMHz = chip.hwtsMHz;
        di.hostname = QStringLiteral("npuscope-emulator");
        const TimeNs skew = TimeNs(d) * 250'000 + TimeNs(rng.uniform(0, 100'000));
        di.monotonicBegin = clock.monotonicBegin + skew;
        di.wallBeginUs = clock.wallBeginUs + skew / 1000;
        info.devices.push_back(di);
    }
    info.models.push_back({kModelId, model, recordedSteps});
}

TaskRecord deviceTask(int device, int iteration, std::uint32_t stream, std::uint32_t taskId, TaskKind kind, StrId type,
                      StrId name, std::uint32_t opId, TimeNs start, TimeNs duration, TimeNs pending)
{
    TaskRecord t;
    t.device = std::uint16_t(device);
    t.modelId = kModelId;
    t.iteration = std::uint32_t(iteration);
    t.streamId = stream;
    t.taskId = taskId;
    t.type = type;
    t.kind = kind;
    t.start = start;
    t.duration = duration;
    t.pending = pending;
    t.opId = opId;
    t.name = name;
    return t;
}

HcclTaskRecord hcclTaskOf(int device, int iteration, std::uint32_t stream, std::uint32_t taskId, StrId name,
                          TimeNs start, TimeNs duration)
{
    HcclTaskRecord h;
    h.device = std::uint16_t(device);
    h.modelId = kModelId;
    h.iteration = std::uint32_t(iteration);
    h.name = name;
    h.start = start;
    h.duration = duration;
    h.streamId = stream;
    h.taskId = taskId;
    h.srcRank = std::uint32_t(device);
    return h;
}

StepTraceRecord stepTraceOf(int device, int iteration, TimeNs fpStart, TimeNs bpEnd, TimeNs iterationEnd,
                            TimeNs previousIterationEnd)
{
    return StepTraceRecord{.device = std::uint16_t(device), .modelId = kModelId, .iteration = std::uint32_t(iteration),
                           .fpStart = fpStart, .bpEnd = bpEnd, .iterationEnd = iterationEnd,
                           .previousIterationEnd = previousIterationEnd, .reduces = {}};
}

bool beginSession(RecordSink &sink, const SessionInfo &info, const RecordBatch &first, EmulatorProgress &prog,
                  QString *error)
{
    if (!sink.begin(info) || !sink.write(first)) {
        *error = sink.errorString();
        return false;
    }
    prog.records += first.recordCount();
    return true;
}

bool writeStep(RecordSink &sink, const RecordBatch &b, int iteration, QString *error)
{
    if (sink.write(b))
        return true;
    *error = sink.errorString();
    if (error->isEmpty())
        *error = QCoreApplication::translate("Emulator", "The record store refused a batch of iteration %1.").arg(iteration);
    return false;
}

bool StepBatches::hand(RecordSink &sink, const RecordBatch &b, int iteration, EmulatorProgress &prog, QString *error)
{
    if (!writeStep(sink, b, iteration, error))
        return false;
    prog.records += b.recordCount();
    return true;
}

bool StepBatches::add(RecordSink &sink, RecordBatch &&b, int iteration, EmulatorProgress &prog, QString *error)
{
    // Worth a commit of its own: handed over as it is, after what came before it.
    if (b.recordCount() >= kOwnBatch)
        return flush(sink, iteration, prog, error) && hand(sink, b, iteration, prog, error);
    pending_.append(std::move(b));
    return pending_.recordCount() < kMaxRecords || flush(sink, iteration, prog, error);
}

bool StepBatches::flush(RecordSink &sink, int iteration, EmulatorProgress &prog, QString *error)
{
    if (pending_.empty())
        return true;
    if (!hand(sink, pending_, iteration, prog, error))
        return false;
    pending_.clear();
    return true;
}

SessionStatus endSession(RecordSink &sink, SessionInfo &info, SessionStatus st, TimeNs end)
{
    for (auto &di : info.devices) {
        di.monotonicEnd = std::max(end, di.monotonicBegin) + 120'000'000;
        di.wallEndUs = di.wallBeginUs + (di.monotonicEnd - di.monotonicBegin) / 1000;
    }
    sink.end(st, info.devices);
    return st;
}

} // namespace npuscope::device
