#pragma once
// Python lanes of the timeline: the framework's host ranges (torch_npu / MindSpore
// "Python" process: cpu_op, python_function, enqueue / dequeue) drawn as Perfetto and
// MindStudio Insight draw a CPU thread: one lane per host thread and call depth, nested
// ranges on the rows below their parent, the name inside each slice.

#include "core/model/trace_reader.h"
#include "ui/timeline/timeline_model.h"

#include <vector>

namespace npuscope::ui::timeline {

// The nesting depth of each range of ONE thread, given in (start, longer first) order: a
// range sits one row below the innermost earlier range still running at its start. Ranges
// that overlap without nesting go below too, so no two ranges of one depth overlap.
std::vector<std::uint32_t> nestingDepths(const std::vector<const PythonRangeRecord *> &ranges);

// Reads every device's framework host ranges (relative times into m->pythonRanges) and
// appends their Python lanes, finished (before the lanes are sorted). False + message on a
// read error.
bool addPythonLanes(Model *m, const TraceReader &reader, QString *message);

// The Python lanes of (device, host thread), by depth; for placing flow ends.
std::vector<int> pythonLanesOf(const Model &m, std::uint16_t device, std::uint32_t tid);

// The track of every lane (LaneLayout::setTrackHeads): a Python lane's is its thread's
// depth-0 lane; every other lane is a track of its own.
std::vector<int> pythonTrackHeads(const Model &m);

} // namespace npuscope::ui::timeline
