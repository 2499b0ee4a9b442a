#pragma once
// What every emulated session has around its steps, whichever model runs: the clocks it
// is dated by, its devices as the collection reports them, how a batch goes into the sink
// and how the end closes the devices' time ranges.

#include "core/model/record_sink.h"
#include "core/model/session.h"
#include "device/emulator.h"

#include <QString>

#include <cstdint>

namespace npuscope::device {

struct ChipProfile;
class Rng;

struct SessionClock {
    TimeNs monotonicBegin = 0; // the devices' raw monotonic clock at the start
    std::int64_t wallBeginUs = 0;
};
// Dated by the real clock, as a collection on hardware is; an explicit clock base in the
// spec makes the output reproducible.
SessionClock sessionClock(const SessionSpec &spec);

// What every emulated session says of itself besides the name the caller gave it: its
// scenarios after that name, the spec, what was collected in msprof's terms (for PyTorch:
// what torch_npu asked CANN for), this version, the wall clock, devices 0..n-1 of one chip
// kind (each rank its device id, with a small clock skew each, drawn from rng in device
// order) and its one model with the steps recorded of it.
void describeEmulatedSession(SessionInfo &info, const SessionSpec &spec, const ProfilingOptions &options, int n,
                             const ChipProfile &chip, const SessionClock &clock, Rng &rng, const QString &model,
                             int recordedSteps);

// The graph (model) id every emulated session's records carry.
constexpr std::uint32_t kModelId = 1;

// A device task as every emulated session records it (the caller appends it to its batch).
TaskRecord deviceTask(int device, int iteration, std::uint32_t stream, std::uint32_t taskId, TaskKind kind, StrId type,
                      StrId name, std::uint32_t opId, TimeNs start, TimeNs duration, TimeNs pending);

// The HCCL view of device `device`'s task taskId (the sender is the device itself); the
// caller fills in the peer, transport, size and link.
HcclTaskRecord hcclTaskOf(int device, int iteration, std::uint32_t stream, std::uint32_t taskId, StrId name,
                          TimeNs start, TimeNs duration);

// The step trace of device `device`'s iteration as every emulated session records it; the
// caller adds the all-reduce segments.
StepTraceRecord stepTraceOf(int device, int iteration, TimeNs fpStart, TimeNs bpEnd, TimeNs iterationEnd,
                            TimeNs previousIterationEnd);

// Begins the session and writes `first`, what comes before the first step; false, and the
// sink's reason in *error, when the sink refuses either. prog counts first's records.
bool beginSession(RecordSink &sink, const SessionInfo &info, const RecordBatch &first, EmulatorProgress &prog,
                  QString *error);

// The steps of a session, 1..prog.iterations: `step(it)` emulates step it and writes what
// was recorded of it (false when the sink refused). A set cancel flag stops before the
// next step; progress hears after each one. Returns how the session ends.
template <class Step>
SessionStatus runSteps(EmulatorProgress &prog, const std::atomic_bool *cancel,
                       const std::function<void(const EmulatorProgress &)> &progress, Step step)
{
    for (int it = 1; it <= prog.iterations; ++it) {
        if (cancel && cancel->load())
            return SessionStatus::Cancelled;
        if (!step(it))
            return SessionStatus::Failed;
        prog.iteration = it;
        if (progress)
            progress(prog);
    }
    return SessionStatus::Complete;
}

// Writes b; on refusal *error says why (the sink's reason, or that iteration `iteration`'s
// batch was refused).
bool writeStep(RecordSink &sink, const RecordBatch &b, int iteration, QString *error);

// Hands a step's small device batches to the sink as one batch, in device order, or as a
// few when they add up to many records; a large one goes alone. A store commits each
// batch, and every commit rewrites the pages its tables share (index leaves, record
// counts, the file header): with a batch per device and step, ResNet-50 on 4 devices
// wrote ~13 such pages beside ~8 of tasks per commit.
class StepBatches {
public:
    // Takes a device's records: a small batch is moved into the gathered one (b is left
    // empty), which is written once it holds kMaxRecords records; a batch of kOwnBatch
    // records or more is written as it is, after what was gathered before it.
    bool add(RecordSink &sink, RecordBatch &&b, int iteration, EmulatorProgress &prog, QString *error);
    // Writes what is gathered; at the end of every step, so a cancelled or failed run has
    // handed over every finished step.
    bool flush(RecordSink &sink, int iteration, EmulatorProgress &prog, QString *error);

    static constexpr std::size_t kMaxRecords = 65536; // ~10 MB of tasks with PMU values
    // A device's batch this large is handed over alone: the pages a commit shares are then
    // a small part of it, and gathering would only copy its records (64-rank LLM steps of
    // ~3 600 records per rank recorded 3 % faster gathered but emulated 20 % slower).
    static constexpr std::size_t kOwnBatch = 2048;

private:
    static bool hand(RecordSink &sink, const RecordBatch &b, int iteration, EmulatorProgress &prog, QString *error);
    RecordBatch pending_;
};

// Closes every device's range a little after `end` and ends the session with status st.
SessionStatus endSession(RecordSink &sink, SessionInfo &info, SessionStatus st, TimeNs end);

} // namespace npuscope::device
