#pragma once
// What the CLI `query` verb prints: one row per (session, device, model) with the columns
// of msprof --query=on (Job Info, Device ID, Dir Name, Collection Time, Model ID,
// Iteration Number, Top Time Iteration), followed by each session's record counts.
// The JSON variant carries the same facts for scripts.

#include "core/store/project.h"

#include <QJsonObject>
#include <QString>
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

// Rows for every session of the project, sorted by session, device, model. Sessions
// that cannot be read are skipped and named in *error.
std::vector<QueryRow> queryRows(const Project &project, QString *error = nullptr);

// Plain-text table (columns aligned with spaces), then "Session N records: ..." lines.
QString describeProject(const Project &project, QString *error = nullptr);
// {"project": path, "sessions": [{id, name, source, status, ..., "record_counts": {...},
//  "devices": [{id, rank_id, hostname, collection_time_us, "models": [{id, iterations,
//  "top_time_iterations": [...]}]}]}]}
QJsonObject describeProjectJson(const Project &project, QString *error = nullptr);

} // namespace npuscope::store
