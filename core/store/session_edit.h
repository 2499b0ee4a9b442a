#pragma once
// Edits of a recorded session that the user makes after the fact (today: its name), each in
// its own short write transaction on a connection of its own, so a reader (the GUI's) is
// never blocked and nothing else of the session is touched.

#include <QString>

#include <cstdint>

namespace npuscope::store {

// The longest session name kept (longer names are refused, not cut).
inline constexpr int kMaxSessionNameLength = 200;

// The name as it will be stored (trimmed); empty + *why (translated) when it cannot be a
// name: empty, longer than kMaxSessionNameLength characters, or holding control characters.
QString checkedSessionName(const QString &name, QString *why);

// Renames session `session` of the project at `path`. False + translated *message when the
// name is refused, the session does not exist, or the project cannot be written (read-only
// file, another program holding it past the busy timeout, full disk); the project is then
// unchanged.
bool renameSession(const QString &path, std::int64_t session, const QString &name, QString *message);

} // namespace npuscope::store
