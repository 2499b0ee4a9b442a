#include "core/importing/csv_table.h"

namespace npuscope::importing {

std::string cellText(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
        s.remove_suffix(1);
    if (s == "N/A" || s == "NA")
        return {};
    if (s.size() >= 2 && s[0] == '\'' && (s[1] == '=' || s[1] == '+' || s[1] == '-' || s[1] == '@'))
        s.remove_prefix(1);
    return std::string(s);
}

std::vector<std::string> csvHeaderOf(const QString &path)
{
    CsvReader r;
    std::vector<std::string> h;
    if (!r.open(path) || !r.next(&h))
        return {};
    for (auto &c : h)
        c = cellText(c);
    return h;
}

bool CsvTable::open(ImportContext &ctx, const QString &path, const QString &rel)
{
    ctx_ = &ctx;
    rel_ = rel;
    ctx.account(rel);
    if (!r_.open(path) || !r_.next(&header_)) {
        ctx.problem(rel, 0, -1, r_.error().isEmpty() ? ImportText::tr("The file is empty.") : r_.error());
        return false;
    }
    // Header names compare exactly after trimming (cellText; the reader drops a BOM).
    for (auto &h : header_)
        h = cellText(h);
    return true;
}

int CsvTable::col(std::initializer_list<const char *> names) const
{
    for (const char *n : names)
        for (std::size_t i = 0; i < header_.size(); ++i)
            if (header_[i] == n)
                return int(i);
    return -1;
}

bool CsvTable::require(ImportContext &ctx, std::initializer_list<std::initializer_list<const char *>> groups)
{
    QStringList missing;
    for (const auto &g : groups)
        if (col(g) < 0)
            missing << QString::fromUtf8(*g.begin());
    if (missing.isEmpty())
        return true;
    ctx.problem(rel_, 1, 0, ImportText::tr("The header lacks the column(s) %1; the rows of this file were not read.")
                                .arg(missing.join(QStringLiteral(", "))));
    skipRest();
    return false;
}

bool CsvTable::next()
{
    // Looked up each time: accounts of files added meanwhile may have moved it.
    if (r_.next(&row_)) {
        ++ctx_->account(rel_).items;
        return true;
    }
    if (!r_.error().isEmpty())
        ctx_->problem(rel_, r_.recordLine(), std::int64_t(r_.recordOffset()), r_.error());
    return false;
}

void CsvTable::skip(ImportContext &ctx, const QString &reason)
{
    ctx.problem(rel_, line(), offset(), reason);
    ++ctx.account(rel_).skipped;
}

void CsvTable::skipRest()
{
    while (next())
        ++ctx_->account(rel_).skipped;
}

} // namespace npuscope::importing
