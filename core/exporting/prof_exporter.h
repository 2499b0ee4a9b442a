#pragma once
// Export of a session as profiler output (exportSession), and the legacy layout's writer.
// The legacy PROF directory of docs/formats.md:
// PROF_<NNNNNN>_<time>_<letters>/device_<id>/{info.json.<id>, start_info, end_info,
// timeline/*.json, summary/*.csv}. Streams (memory independent of trace size) and writes
// every file atomically (temporary name, then rename), so no half file is ever visible.

#include "core/model/trace_reader.h"

#include <QString>
#include <QStringList>
#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

namespace npuscope::exporting {

// Which profiler's output an export imitates (docs/export.md):
//   Legacy    PROF_*/device_<id>/{timeline,summary}/ (Ascend 910, CANN up to 6)
//   Msprof    PROF_*/mindstudio_profiler_output/ (CANN 8 msprof), one PROF_* per device
//   TorchNpu  <worker>_<time>_ascend_pt/ASCEND_PROFILER_OUTPUT/ (torch_npu), one per device
//   Db        PROF_*/msprof_<time>.db (msprof --type=db, the unified SQLite export), one
//             PROF_* per device
enum class ExportLayout : std::uint8_t { Legacy, Msprof, TorchNpu, Db };

struct ExportRequest {
    ExportLayout layout = ExportLayout::Legacy;
    QString outputDir;                               // PROF_* is created inside it
    std::vector<std::uint16_t> devices;              // empty = all
    std::optional<std::uint32_t> modelId;            // msprof --model-id
    std::optional<std::uint32_t> firstIteration;     // msprof --iteration-id (range A-B)
    std::optional<std::uint32_t> lastIteration;
    // NNNNNN: the first counter tried; like msprof, the exporter takes the next higher
    // number whose PROF_<n>_* is not yet in outputDir, so exporting again into the same
    // folder adds a directory instead of failing (same folder contents, same choice).
    std::uint32_t profCounter = 1;
    // Which timeline/summary files to write, by file name stem (exportKinds() lists
    // them; "task_time" selects its .json and .csv alike). Empty = every file the
    // session's options produce. The device description files (info.json, start_info,
    // end_info) are always written. An unknown name is a Usage error. Legacy layout only.
    QStringList kinds;
};

// The file name stems ExportRequest::kinds accepts, in the order of the spec.
QStringList exportKinds();

struct ExportResult {
    QString profDir;                                 // absolute path of PROF_* (the first one)
    QStringList dirs;                                // every folder written (absolute)
    QStringList files;                               // relative to profDir, sorted
    std::uint64_t bytes = 0;
};

enum class ExportError { None, Usage, Io, Cancelled };

struct ExportProgress {
    std::uint64_t filesDone = 0, filesTotal = 0, bytes = 0;
};

// The layouts by their command-line names (legacy, msprof, torch_npu, db), in enum order.
QStringList exportLayoutNames();
bool exportLayoutFromName(const QString &name, ExportLayout *out);
// The layout a session exports in unless one is chosen: torch_npu's for PyTorch sessions
// (what their users' tools read), the legacy PROF layout otherwise.
ExportLayout defaultExportLayout(const SessionInfo &info);

// Writes the session in request.layout. Returns false with *error set (translated sentence
// naming the file) on failure; nothing of a failed export stays in the output folder.
bool exportSession(const TraceReader &trace, const ExportRequest &request, ExportResult *result,
                   ExportError *errorKind, QString *error,
                   const std::function<void(const ExportProgress &)> &progress = {},
                   const std::atomic_bool *cancel = nullptr);

// The writers of the single layouts (exportSession picks one).
bool exportProf(const TraceReader &trace, const ExportRequest &request, ExportResult *result,
                ExportError *errorKind, QString *error,
                const std::function<void(const ExportProgress &)> &progress = {},
                const std::atomic_bool *cancel = nullptr);
bool exportMsprof(const TraceReader &trace, const ExportRequest &request, ExportResult *result,
                  ExportError *errorKind, QString *error,
                  const std::function<void(const ExportProgress &)> &progress = {},
                  const std::atomic_bool *cancel = nullptr);
bool exportTorchNpu(const TraceReader &trace, const ExportRequest &request, ExportResult *result,
                    ExportError *errorKind, QString *error,
                    const std::function<void(const ExportProgress &)> &progress = {},
                    const std::atomic_bool *cancel = nullptr);
bool exportDb(const TraceReader &trace, const ExportRequest &request, ExportResult *result,
              ExportError *errorKind, QString *error,
              const std::function<void(const ExportProgress &)> &progress = {},
              const std::atomic_bool *cancel = nullptr);

} // namespace npuscope::exporting
