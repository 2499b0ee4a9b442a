#pragma once
// A summary CSV read by column name: headers vary between versions (Block Dim / Block Num,
// total_cycles / aic_total_cycles, an optional Device_id or Step Id first), cells may end in
// a TAB (msprof keeps spreadsheets from rounding timestamps that way), unknown columns are
// kept for the caller, missing required columns are reported once for the file.

#include "core/importing/csv_reader.h"
#include "core/importing/import_context.h"

#include <initializer_list>
#include <string>
#include <vector>

namespace npuscope::importing {

// The text of a cell: surrounding spaces, TABs and CRs trimmed, "N/A" (and "NA") empty, a
// leading ' that guards a formula character removed.
std::string cellText(std::string_view raw);

// The header of a CSV file, each name as cellText gives it (empty when unreadable), for
// peeks before the file is read.
std::vector<std::string> csvHeaderOf(const QString &path);

class CsvTable {
public:
    // Opens `path` and reads its header; false (problem reported, account created) when the
    // file cannot be read or is empty.
    bool open(ImportContext &ctx, const QString &path, const QString &rel);
    // Index of the first of `names` the header has; -1 when none.
    int col(std::initializer_list<const char *> names) const;
    // Checks that each group of alternative names has a column; the missing ones are named
    // in one problem, every row is accounted as skipped, and false is returned.
    bool require(ImportContext &ctx, std::initializer_list<std::initializer_list<const char *>> groups);
    // The next data row; false at the end (a reading error is reported then).
    bool next();
    std::string cell(int i) const { return i >= 0 && std::size_t(i) < row_.size() ? cellText(row_[std::size_t(i)]) : std::string(); }
    bool rowComplete() const { return row_.size() == header_.size(); }
    const std::vector<std::string> &header() const { return header_; }
    const std::vector<std::string> &row() const { return row_; }
    std::uint64_t line() const { return r_.recordLine(); }
    std::int64_t offset() const { return std::int64_t(r_.recordOffset()); }
    FileAccount &account() { return ctx_->account(rel_); }
    const QString &rel() const { return rel_; }
    // A skipped row: counted and reported (one problem per reason, the first place kept).
    void skip(ImportContext &ctx, const QString &reason);
    // Every remaining row counted as skipped (after a fatal header problem).
    void skipRest();

private:
    CsvReader r_;
    std::vector<std::string> header_, row_;
    QString rel_;
    ImportContext *ctx_ = nullptr;
};

} // namespace npuscope::importing
