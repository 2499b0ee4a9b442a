#pragma once
// Reads PROF directories written by msprof (a real Ascend job) or by our own exporter and
// produces records into a RecordSink, like the emulator does: SessionInfo (source
// "import"), devices from info.json / start_info / end_info, models from the file names,
// strings interned with a StringTable, records in RecordBatches.
//
// Layouts: the legacy per-device layout of ../shared/spec/output-files.md
// (PROF_*/device_<id>/{timeline,summary}/<name>_<dev>_<model>_<iter>.<ext>) and the newer
// one (PROF_*/mindstudio_profiler_output/msprof_*.json, op_summary_*.csv with a Device_id
// column, pids encoded as (pid<<10)|(sort<<5)|device).
//
// Invariants:
//  - Every event of every JSON file and every data row of every CSV is accounted for
//    exactly once: imported (became or completed a record), duplicate (the same fact was
//    already imported from another file: task_time/hccl/step_trace repeat msprof),
//    derived (metadata, overlap analysis, flows, op_statistic: recomputed on export) or
//    skipped (unsound; each skip has a problem naming file, line, byte offset, reason).
//  - Memory does not grow with file size: JSON and CSV are streamed; only the records of
//    the batch being built and per-iteration lookup tables are held.
//  - A failure of the sink ends the session as Failed; nothing reads as complete.

#include "core/model/record_sink.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QString>
#include <QStringList>
#include <atomic>
#include <cstdint>
#include <functional>
#include <vector>

namespace npuscope::importing {

struct ImportProblem {
    QString file;                // path relative to the imported folder
    std::uint64_t line = 0;      // 1-based; 0 = the whole file
    std::int64_t offset = -1;    // byte offset in the file; -1 = not applicable
    QString reason;              // translated sentence
    std::uint64_t count = 1;     // same reason repeated in the file (first place kept)
};

struct FileAccount {
    QString file;
    std::uint64_t items = 0;     // events (JSON) or data rows (CSV)
    std::uint64_t imported = 0, duplicates = 0, derived = 0, skipped = 0;
    bool balanced() const { return items == imported + duplicates + derived + skipped; }
};

struct ImportReport {
    QString layout;              // "legacy" or "mindstudio"
    QString source;              // the folder given to the import (canonical path)
    QStringList profDirs;        // the PROF_* directories read
    std::uint64_t bytes = 0;
    std::vector<FileAccount> files;
    std::vector<ImportProblem> problems;
    QStringList missing;         // translated: what the input lacks (no summary CSVs, ...)

    FileAccount total() const;
    bool balanced() const;
    QByteArray toJson() const;   // stored with the session
};

enum class ImportError { None, Usage, Unreadable, Sink, Cancelled };

struct ImportProgress {
    std::uint64_t filesDone = 0, filesTotal = 0, bytesDone = 0, bytesTotal = 0;
};

struct ImportRequest {
    QString path;                // PROF_*/device_N, PROF_*, or a folder holding PROF_* dirs
    QString sessionName;         // empty: "Import of <folder>"
    std::size_t batchRecords = 20000;
    // Called after the last record and before the session is ended (e.g. to store the
    // report with the session); false fails the import.
    std::function<bool(const ImportReport &)> beforeEnd;
};

// Returns false with *error (translated) when nothing could be imported (Usage: no PROF
// data under the path; Unreadable: no file could be read), when the sink failed (Sink),
// or when cancelled. Problems with single files or events do not fail the import: they
// are in the report. The sink's session is ended in every case after begin().
bool importProf(const ImportRequest &request, RecordSink &sink, ImportReport *report, ImportError *kind,
                QString *error, const std::function<void(const ImportProgress &)> &progress = {},
                const std::atomic_bool *cancel = nullptr);

} // namespace npuscope::importing
