#pragma once
// The summary files of today's text exports (torch_npu / MindSpore ASCEND_PROFILER_OUTPUT,
// msprof mindstudio_profiler_output) that hold records of their own: the step time
// breakdown, communication statistics and matrix, memory over time, operator memory; and the
// statistics files NPU Scope recomputes from the records (counted as derived).

#include "core/importing/today.h"

namespace npuscope::importing {

// Every file reader: `device` is the session device of the rank the file belongs to.
bool readStepTraceTime(ImportContext &ctx, const QString &path, const QString &rel, std::uint16_t device);
bool readCommunicationJson(ImportContext &ctx, const QString &path, const QString &rel, std::uint16_t device);
bool readCommunicationMatrix(ImportContext &ctx, const QString &path, const QString &rel, std::uint16_t device);
// memory_record.csv (module = false) or npu_module_mem.csv (module = true).
bool readMemoryCsv(ImportContext &ctx, const QString &path, const QString &rel, const SourceMap &map, bool module);
bool readOperatorMemory(ImportContext &ctx, const QString &path, const QString &rel, const SourceMap &map);
// op_statistic, api_statistic, operator_details, communication_statistic, task_time: every
// row is derived (recomputed from the imported records when shown or exported).
bool readDerivedCsv(ImportContext &ctx, const QString &path, const QString &rel);

} // namespace npuscope::importing
