#pragma once
// The Ascend 910 emulator: runs a training session (SessionSpec) under the given profiling
// options and emits every record the real profiler would into a RecordSink.
// A run is a pure function of (spec, options): same inputs, same records, byte for byte.

#include "core/model/record_sink.h"
#include "core/model/session.h"
#include "core/options/profiling_options.h"

#include <QString>
#include <QStringList>
#include <atomic>
#include <cstdint>
#include <functional>

namespace npuscope::device {

// Names accepted by SessionSpec::model besides a path to a JSON model file.
QStringList zooModelNames();
// The decoder-only transformer family (llama, llama-0.6b, llama-7b): LLM sessions with
// data, tensor and pipeline parallelism (SessionSpec::llm, device/parallel_schedule.h).
QStringList llmModelNames();
QStringList scenarioNames();          // slow-input, straggler, … (SessionSpec::scenarios)          // lenet, alexnet, resnet50 (more with the emulator issue)

struct EmulatorProgress {
    int iteration = 0;                // iterations finished (all devices)
    int iterations = 0;
    std::uint64_t records = 0;        // records delivered to the sink so far
};

class Emulator {
public:
    Emulator(SessionSpec spec, ProfilingOptions options);

    // Checks the spec (known model, batch ≥ 1, 1..8 devices per server, ...). On failure
    // returns false and a translated sentence naming the bad setting.
    static bool validate(const SessionSpec &spec, QString *error); // *error: every problem, one per line
    // Every problem of the spec, translated, in the order of its fields; empty when it runs.
    static QStringList problems(const SessionSpec &spec);

    // Runs the whole session into sink: begin(), batches, end(). Returns the final status:
    // Complete, Cancelled (cancel became true; what was written stays) or Failed (the sink
    // refused a batch or the spec was invalid: errorString() says why).
    SessionStatus run(RecordSink &sink,
                      const std::atomic_bool *cancel = nullptr,
                      const std::function<void(const EmulatorProgress &)> &progress = {});

    QString errorString() const { return error_; }

private:
    SessionSpec spec_;
    ProfilingOptions options_;
    QString error_;
};

} // namespace npuscope::device
