#pragma once
// What a torch_npu.profiler.profile(...) config means for an emulated PyTorch session:
// the msprof collection torch_npu asks CANN for (its profiler levels are sets of msprof data
// types), which steps the schedule records, and how graph kernels appear as the aten
// operators a PyTorch training step calls.

#include "core/options/profiling_options.h"
#include "core/options/torch_profiler_config.h"

#include <optional>
#include <string>

namespace npuscope::device {

// The msprof collection torch_npu starts for a config (torch_npu's ProfilerMgr::Start):
// Level0 = task time without op details + AscendCL API; Level1 adds op details, AI Core
// metrics and HCCL's tasks; Level2 adds the runtime API and AI CPU details; Level_none, or
// no NPU activity, collects nothing on the device. l2_cache and msprof_tx add their types.
// *pmu is false when no AI Core metric the emulator models is collected.
ProfilingOptions torchMsprofOptions(const torchcfg::TorchProfilerConfig &cfg, bool *pmu);

// The profiler action of 0-based step `step` under a torch_npu schedule (scheduler.py):
// true for RECORD and RECORD_AND_SAVE. Without a schedule every step is recorded.
bool torchStepRecorded(const std::optional<torchcfg::Schedule> &schedule, int step);

// "Conv2DBackpropFilter" → "conv2d_backprop_filter": the aten spelling of an op type.
std::string atenName(const std::string &opType);
// The graph's "32,3,224,224;64,3,7,7" as torch_npu writes Input Dims: one input per line.
std::string torchInputDims(const std::string &shapes);
// "DT_FLOAT16;DT_FLOAT" → the torch dtype names torch_npu writes as Input type.
std::string torchInputTypes(const std::string &types);

} // namespace npuscope::device
