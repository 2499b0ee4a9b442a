#pragma once
// Which layouts a path holds, decided from folder and file names only (no data is parsed),
// apart from reading them. A path holds one or more sources; several sources of today's
// layouts (ranks) become one session with one device per rank.
//
//   LegacyProf     PROF_*/device_<id>/{timeline,summary}/<kind>_<dev>_<model>_<iter>.<json|csv>
//                  (Ascend 910, CANN up to 6; NPU Scope's own export)
//   MsprofNewer    PROF_*/mindstudio_profiler_output/{msprof_*.json, op_summary_*.csv, ...}
//                  (CANN 7/8), raw device_*/ and host/ folders beside it
//   FrameworkText  <name>_ascend_pt (torch_npu) or <name>_ascend_ms (MindSpore 2.x):
//                  ASCEND_PROFILER_OUTPUT/{trace_view.json, kernel_details.csv, ...}
//   FrameworkDb    the same folders exported as SQLite: ascend_pytorch_profiler_<rank>.db
//                  (or ascend_mindspore_profiler_<rank>.db) + analysis.db
//   MsprofDb       msprof_<ts>.db written by `msprof --type=db` (CANN 8)
//
// A folder holding several of these (rank folders of a distributed job, PROF_* folders of
// several hosts) yields them all; the legacy layout is not mixed with today's layouts (its
// times are on device clocks, theirs on the wall clock).

#include "core/importing/importer.h"

#include <QString>
#include <QStringList>
#include <vector>

namespace npuscope::importing {

enum class Layout : std::uint8_t { LegacyProf, MsprofNewer, FrameworkText, FrameworkDb, MsprofDb };

// Stable names (the report's "layout", docs): legacy, mindstudio, framework text,
// framework db, msprof db.
QString layoutName(Layout l);
// The supported layouts, one per line, translated (for messages).
QString supportedLayoutsText();

struct Source {
    Layout layout = Layout::LegacyProf;
    QString path;         // the source folder (PROF_*, *_ascend_pt) or the .db file
    QString dataDir;      // where its data files are (mindstudio_profiler_output, ASCEND_PROFILER_OUTPUT)
    int rank = -1;        // from the folder or file name when it carries one
};

struct Detection {
    std::vector<Source> sources;  // sorted by rank, then path
    QString root;                 // report paths are relative to this folder
};

// False with *kind and a translated *message when nothing under `path` is in a known
// layout (Usage: the message names the supported layouts and what was found there) or the
// path cannot be read (Unreadable).
bool detectLayout(const QString &path, Detection *out, ImportError *kind, QString *message);

} // namespace npuscope::importing
