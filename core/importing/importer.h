#pragma once
// Imports profiler output into a RecordSink, as the emulator records into one: SessionInfo
// (source "import"), devices, strings interned once, records in RecordBatches.
//
// The path is matched against the layouts NPU Scope reads (layout.h: legacy PROF, CANN 7/8
// msprof newer layout, torch_npu / MindSpore text export, SQLite exports, and folders of
// several ranks of these), and each source found is read by the reader of its layout
// (readers.h). All readers feed one ImportContext (import_context.h): the string, op,
// device and PMU-column trackers, the batch, and the report.
//
// Invariants, for every layout:
//  - Every event of every JSON file, every data row of every CSV and every row of the
//    SQLite tables read is accounted for exactly once (import_report.h).
//  - Memory does not grow with the size of event files: JSON and CSV are streamed, SQLite
//    tables stepped; what is held is bounded by what must be joined (kernel rows by task,
//    lane metadata).
//  - Times outside a sane range (negative, beyond 2^62 ns, spans longer than a week) are
//    refused at this boundary with a problem, so no sum downstream can overflow.
//  - A failure of the sink ends the session as Failed; nothing reads as complete.

#include "core/importing/import_report.h"
#include "core/model/record_sink.h"

#include <QString>
#include <atomic>
#include <cstdint>
#include <functional>

namespace npuscope::importing {

enum class ImportError {
    None,
    Usage,       // the path is in no known layout (the message names them and what was found)
    Unreadable,  // nothing could be read
    Sink,        // the project could not store the records
    Cancelled,
};

struct ImportProgress {
    std::uint64_t filesDone = 0, filesTotal = 0, bytesDone = 0, bytesTotal = 0;
};

struct ImportRequest {
    QString path;                // a folder (or a .db file) in one of the layouts of layout.h
    QString sessionName;         // empty: "Import of <folder>"
    std::size_t batchRecords = 20000;
    // Called after the last record and before the session is ended (e.g. to store the
    // report with the session); false fails the import.
    std::function<bool(const ImportReport &)> beforeEnd;
};

// Returns false with *error (translated) when nothing could be imported (Usage: the path is
// in no known layout; Unreadable: no file could be read), when the sink failed (Sink), or
// when cancelled. Problems with single files, events or rows do not fail the import: they
// are in the report. The sink's session is ended in every case after begin().
bool importProf(const ImportRequest &request, RecordSink &sink, ImportReport *report, ImportError *kind,
                QString *error, const std::function<void(const ImportProgress &)> &progress = {},
                const std::atomic_bool *cancel = nullptr);

} // namespace npuscope::importing
