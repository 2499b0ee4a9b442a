#pragma once
// What an import tells its caller: every file read, how each of its events or rows was
// accounted for, every problem with its place, what the input lacks. Shared by every layout
// reader (they feed it through ImportContext) and stored with the session as JSON.

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <cstdint>
#include <deque>
#include <vector>

namespace npuscope::importing {

struct ImportProblem {
    QString file;                // path relative to the imported folder
    std::uint64_t line = 0;      // 1-based; 0 = the whole file
    std::int64_t offset = -1;    // byte offset in the file; -1 = not applicable
    QString reason;              // translated sentence
    std::uint64_t count = 1;     // same reason repeated in the file (first place kept)
};

// Every event (JSON), data row (CSV) or table row (SQLite) of a file ends in exactly one of:
// imported (became or completed a record), duplicate (the same fact already came from
// another file), derived (recomputed from the imported records: metadata, overlap
// analysis, statistics) or skipped (unsound; a problem says where and why).
struct FileAccount {
    QString file;
    std::uint64_t items = 0;
    std::uint64_t imported = 0, duplicates = 0, derived = 0, skipped = 0;
    bool balanced() const { return items == imported + duplicates + derived + skipped; }
};

struct ImportReport {
    QString layout;              // "legacy", "mindstudio", "torch_npu text", ... (several: joined with ", ")
    QString source;              // the path given to the import (canonical)
    QStringList profDirs;        // the folders (PROF_*, *_ascend_pt, ...) or files read, relative to the source
    std::uint64_t bytes = 0;
    // A deque: readers keep a reference to a file's account while other files' accounts are
    // added (a vector would move it away under them).
    std::deque<FileAccount> files;
    std::vector<ImportProblem> problems;
    QStringList missing;         // translated: what the input lacks (no summary CSVs, unknown facts, ...)
    QStringList kernelColumns;   // the kernel file's columns in file order (kernel details table)

    FileAccount total() const;
    bool balanced() const;
    QByteArray toJson() const;   // stored with the session
};

} // namespace npuscope::importing
