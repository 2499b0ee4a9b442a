#pragma once
// Data, tensor and pipeline parallelism of an LLM session: which rank holds which part
// (Megatron's order: tensor-parallel ranks adjacent, then data, then pipeline), the HCCL
// communication groups and their names, and the 1F1B pipeline schedule (PipeDream-Flush:
// each stage runs pp − stage − 1 warm-up forwards, then alternates one forward and one
// backward, then drains the remaining backwards).
//
// runLlmSession (llm_session.cpp) replays the schedule on every rank into records.

#include "core/model/record_sink.h"
#include "core/model/session.h"
#include "core/options/profiling_options.h"

#include <QString>
#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace npuscope::device {

struct EmulatorProgress;

struct ParallelLayout {
    int dp = 1, tp = 1, pp = 1;

    int ranks() const { return dp * tp * pp; }
    int rank(int d, int t, int p) const { return t + tp * (d + dp * p); }
    int tpRank(int r) const { return r % tp; }
    int dpRank(int r) const { return (r / tp) % dp; }
    int stage(int r) const { return r / (tp * dp); }
    std::vector<int> tpGroup(int r) const;   // same data replica and stage
    std::vector<int> dpGroup(int r) const;   // same tensor rank and stage
    std::vector<int> ppGroup(int r) const;   // same tensor rank and data replica
};

// The name HCCL gives a communication group in torch_npu's profiler output: the group's
// 64-bit hash as a decimal number (communication.json keys "<op>@<group>", as the real
// capture's "hcom_allReduce__210_0_1@17148521525495523210"). Derived from the group's
// kind and global ranks, so every member names it alike.
std::string hcclGroupName(const char *kind, const std::vector<int> &ranks);

struct PipeAction {
    bool forward = true;
    int microBatch = 0; // 0-based
};

// The 1F1B order of one stage's micro-batches.
std::vector<PipeAction> oneFOneB(int stage, int stages, int microBatches);
// The share of a step a 1F1B pipeline stands idle with equal stages: (p − 1)/(m + p − 1).
double oneFOneBBubble(int stages, int microBatches);

// Runs an LLM session (model llama*) into sink; the Emulator's run() calls it. Returns the
// status and sets *error when it failed.
SessionStatus runLlmSession(const SessionSpec &spec, const ProfilingOptions &options, RecordSink &sink,
                            const std::atomic_bool *cancel, const std::function<void(const EmulatorProgress &)> &progress,
                            QString *error);

} // namespace npuscope::device
