#pragma once
// Where a finding's evidence is in the timeline: the devices it names and the whole span of
// the iterations it names on those devices (from the first one's start — the previous
// iteration's end, or its FP start for the first — to the last one's end), as "Show in
// Timeline" pins, highlights and selects them. Pure function over a TraceReader.
//
// A finding that names no device focuses its focusDevice; one that names no iteration (or
// whose iterations have no step trace on those devices) keeps its own focusStart..focusEnd.

#include "core/analysis/advisor.h"

#include <cstdint>
#include <vector>

namespace npuscope::analysis {

struct EvidenceFocus {
    std::vector<std::uint16_t> devices;   // ascending, never empty
    TimeNs start = 0, end = 0;            // absolute ns; end > start unless the finding has no place
    std::uint32_t firstIteration = 0, lastIteration = 0; // 0 when the span is the finding's own
    std::int64_t stream = -1;             // the finding's task (focusStream), to select inside the span
    TimeNs taskStart = 0;
};

EvidenceFocus evidenceFocus(const TraceReader &reader, const Finding &finding);

} // namespace npuscope::analysis
