#pragma once
// What the CLI `query` verb prints: one row per (session, device, model) with the columns
// of msprof --query=on (Job Info, Device ID, Dir Name, Collection Time, Model ID,
// Iteration Number, Top Time Iteration), followed by each session's record counts.
// The JSON variant carries the same facts for scripts.

#include "core/store/project.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

namespace npuscope::store {

// One row of the query table; "Top Time Iteration" lists the slowest iterations first
// (at most kTopIterations), from the step traces (empty when none were recorded).
struct QueryRow {
    std::int64_t sessionId = 0;
    QString jobInfo;             // "<id> <name> (<status>)"
    std::uint16_t deviceId = 0;
    QString dirName;             // where `export` puts this device: session_<id>/device_<n>
    std::int64_t collectionWallUs = 0;
    std::optional<std::uint32_t> modelId; // none when the device recorded nothing yet
    std::uint32_t iterationCount = 0;
    std::vector<std::uint32_t> topTimeIterations;
};
inline constexpr int kTopIterations = 5;

// The report an import stored with its session (note "import", written by the importer's
// ImportReport::toJson through ProjectWriter::setSessionNote): where the data came from,
// how many events and rows were read, imported or skipped, and each problem with its place.
struct ImportNote {
    struct Problem {
        QString file;            // relative to the imported folder
        std::uint64_t line = 0;  // 0 = the whole file
        std::int64_t offset = -1;
        QString reason;
        std::uint64_t count = 1;
        QString place() const;   // "file:line (byte N)", as the CLI prints it
    };
    QString source;              // the folder imported (absolute); empty in reports of older versions
    QString layout;              // "legacy" or "mindstudio"
    QStringList profDirs;
    std::uint64_t bytes = 0, files = 0;
    std::uint64_t items = 0, imported = 0, duplicates = 0, derived = 0, skipped = 0;
    std::vector<Problem> problems;
    QStringList missing;
    QJsonObject json;            // the stored document as is
};
// The import note of a session; nullopt when the session was not imported (or the note
// cannot be parsed).
std::optional<ImportNote> importNote(const Project &project, std::int64_t sessionId);
// How many problems describeProject prints per session (JSON lists them all).
inline constexpr int kQueryProblems = 5;

// Rows for every session of the project, sorted by session, device, model. Sessions
// that cannot be read are skipped and named in *error.
std::vector<QueryRow> queryRows(const Project &project, QString *error = nullptr);

// Plain-text table (columns aligned with spaces), then "Session N records: ..." lines;
// for imported sessions also the source folder, the counts and the first problems.
QString describeProject(const Project &project, QString *error = nullptr);
// {"project": path, "sessions": [{id, name, source, status, ..., "record_counts": {...},
//  "devices": [{id, rank_id, hostname, collection_time_us, "models": [{id, iterations,
//  "top_time_iterations": [...]}]}]}], "import": {source, layout, total: {items, imported,
//  duplicates, derived, skipped}, problems: [{file, line, offset, reason, count}], missing}
//  (imported sessions only)}
QJsonObject describeProjectJson(const Project &project, QString *error = nullptr);

} // namespace npuscope::store
