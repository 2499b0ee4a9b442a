#pragma once
// The step time breakdown torch_npu writes as step_trace_time.csv (Computing,
// Communication(Not Overlapped), Overlapped, Communication, Free, Stage, Bubble,
// Communication(Not Overlapped and Exclude Receive), Preparing), from one step's device
// activity. torch_npu sums the overlap analysis' intervals of each kind whose start lies
// in the step; bubbles are the pipeline receives (hcom_receive) of the step; Stage is the
// step's device span less its bubbles; Preparing is from the framework's step start to the
// step's first computation or communication.

#include "core/analysis/overlap.h"
#include "core/model/records.h"

#include <vector>

namespace npuscope::analysis {

struct StepActivity {
    TimeNs stepStart = 0;          // ProfilerStep#N's framework start: the step's window opens
    TimeNs stepEnd = 0;            // ... and the next step's start (exclusive)
    std::vector<Interval> computing;      // compute tasks (isComputeKind) of the step
    std::vector<Interval> communication;  // communication ops of the step
    std::vector<Interval> receives;       // pipeline receives among them (Bubble)
};

// Every field but device and step; all ≥ 0, Overlapped ≤ Communication, and each interval
// counted is clipped to nothing: an interval belongs to the step it starts in.
StepTimeRecord stepTimeBreakdown(const StepActivity &a);

} // namespace npuscope::analysis
