// Index operations over a built summary table: sorting, filtering (column filters and the
// explorer's scope) and grouping. None copies rows: they produce row index permutations.

#include "core/analysis/summary_build.h"

#include <array>
#include <bit>
#include <cctype>
#include <cmath>
#include <map>

namespace npuscope::analysis {

using detail::cancelled;
using detail::Ctx;

namespace {

std::string lower(std::string_view s)
{
    std::string o(s);
    for (char &c : o)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return o;
}

bool containsCaseless(std::string_view hay, const std::string &needleLower)
{
    if (needleLower.empty())
        return true;
    if (hay.size() < needleLower.size())
        return false;
    const auto it = std::search(hay.begin(), hay.end(), needleLower.begin(), needleLower.end(), [](char a, char b) {
        return std::tolower(static_cast<unsigned char>(a)) == b;
    });
    return it != hay.end();
}

bool parseNumber(const QString &text, double *out)
{
    bool ok = false;
    const double v = text.trimmed().toDouble(&ok);
    if (ok)
        *out = v;
    return ok;
}

// One column read once for many rows as ids into its distinct cells. Text cells are told
// apart by where their characters live (a table's strings are stable and shared between
// the rows that show the same name), so no string is hashed or copied per row; other
// cells (N/A in a text column) by their value. Two ids may still show the same text:
// users of the distinct cells compare contents, not ids.
struct DistinctColumn {
    std::vector<std::uint32_t> id;   // per input row
    std::vector<Cell> cells;         // per id: a representative cell
};

// Ids of text cells by where their characters live, the last one remembered (neighbouring
// rows often show the same name). A place seen first gets the id newId() returns.
class TextPlaces {
public:
    template <class NewId>
    std::uint32_t id(std::string_view text, NewId newId)
    {
        const Key k{text.data(), text.size()};
        if (k == last_)
            return lastId_;
        auto p = ids_.find(k);
        if (p == ids_.end())
            p = ids_.emplace(k, newId()).first;
        last_ = k;
        lastId_ = p->second;
        return lastId_;
    }

private:
    struct Key {
        const char *p;
        std::size_t n;
        bool operator==(const Key &o) const { return p == o.p && n == o.n; }
    };
    struct KeyHash {
        std::size_t operator()(const Key &k) const
        {
            return std::hash<const void *>()(k.p) ^ (k.n * 0x9E3779B97F4A7C15ull);
        }
    };
    std::unordered_map<Key, std::uint32_t, KeyHash> ids_;
    Key last_{nullptr, SIZE_MAX};
    std::uint32_t lastId_ = 0;
};

bool distinctColumn(const SummaryTable &t, const std::uint32_t *rows, std::size_t n, int column, DistinctColumn *out,
                    const std::atomic<bool> *cancel)
{
    out->id.resize(n);
    out->cells.clear();
    TextPlaces texts;
    std::map<std::string, std::uint32_t> others; // keyed by the CSV text: few distinct values
    for (std::size_t i = 0; i < n; ++i) {
        if ((i & 0xFFFF) == 0 && cancelled(cancel))
            return false;
        const Cell c = t.cell(rows[i], column);
        std::uint32_t id;
        if (c.kind == Cell::Kind::Text) {
            id = texts.id(c.text, [&] {
                out->cells.push_back(c);
                return static_cast<std::uint32_t>(out->cells.size() - 1);
            });
        } else {
            auto [p, fresh] = others.try_emplace(cellText(c), static_cast<std::uint32_t>(out->cells.size()));
            if (fresh)
                out->cells.push_back(c);
            id = p->second;
        }
        out->id[i] = id;
    }
    return true;
}

// Doubles map to unsigned integers of the same order (-0 taken as +0, as == does).
std::uint64_t orderedBits(double v)
{
    if (v == 0)
        v = 0;
    const auto b = std::bit_cast<std::uint64_t>(v);
    return (b & (1ull << 63)) ? ~b : (b | (1ull << 63));
}

struct KeyedRow {
    std::uint64_t key;
    std::uint32_t row;
};

// Stable LSD radix sort on the key, 11 bits a pass; passes whose digit is the same for
// every key are skipped (text ranks and small integers need one or two).
bool radixSort(std::vector<KeyedRow> &v, const std::atomic<bool> *cancel)
{
    constexpr int kBits = 11, kPasses = (64 + kBits - 1) / kBits;
    constexpr std::size_t kBuckets = std::size_t(1) << kBits;
    std::vector<std::array<std::size_t, kBuckets>> hist(kPasses);
    for (auto &h : hist)
        h.fill(0);
    for (const KeyedRow &k : v)
        for (int p = 0; p < kPasses; ++p)
            ++hist[static_cast<std::size_t>(p)][(k.key >> (p * kBits)) & (kBuckets - 1)];
    std::vector<KeyedRow> tmp;
    for (int p = 0; p < kPasses; ++p) {
        auto &h = hist[static_cast<std::size_t>(p)];
        if (std::find(h.begin(), h.end(), v.size()) != h.end())
            continue; // one digit for all
        if (cancelled(cancel))
            return false;
        if (tmp.empty())
            tmp.resize(v.size());
        std::size_t sum = 0;
        for (auto &c : h) {
            const std::size_t n = c;
            c = sum;
            sum += n;
        }
        for (const KeyedRow &k : v)
            tmp[h[(k.key >> (p * kBits)) & (kBuckets - 1)]++] = k;
        v.swap(tmp);
    }
    return true;
}

} // namespace

RowIndex allRows(const SummaryTable &t)
{
    RowIndex r(t.rowCount());
    for (std::size_t i = 0; i < r.size(); ++i)
        r[i] = static_cast<std::uint32_t>(i);
    return r;
}

void sortRows(const SummaryTable &t, RowIndex &rows, int column, bool ascending, const std::atomic<bool> *cancel)
{
    if (column < 0 || column >= t.columnCount() || rows.size() < 2)
        return;
    // N/A sorts last both ways: it takes the largest key, which no number reaches (only a
    // NaN's bits would map there).
    constexpr std::uint64_t kLast = UINT64_MAX;
    std::vector<KeyedRow> keyed(rows.size());
    const bool text = t.columns()[static_cast<std::size_t>(column)].type == ColumnType::Text;
    if (!text) {
        for (std::size_t i = 0; i < rows.size(); ++i) {
            if ((i & 0xFFFF) == 0 && cancelled(cancel))
                return;
            const Cell c = t.cell(rows[i], column);
            std::uint64_t k = kLast;
            if (c.isNumber()) {
                const double d = c.number();
                if (!std::isnan(d))
                    k = ascending ? orderedBits(d) : ~orderedBits(d);
            }
            keyed[i] = {k, rows[i]};
        }
    } else {
        DistinctColumn dc;
        if (!distinctColumn(t, rows.data(), rows.size(), column, &dc, cancel))
            return;
        std::vector<std::uint32_t> order;
        for (std::uint32_t i = 0; i < dc.cells.size(); ++i)
            if (dc.cells[i].kind == Cell::Kind::Text)
                order.push_back(i);
        std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) { return dc.cells[a].text < dc.cells[b].text; });
        // Equal strings at different places share a rank, so ties keep their row order.
        std::vector<std::uint64_t> rank(dc.cells.size(), kLast);
        std::uint64_t r = 0;
        for (std::size_t i = 0; i < order.size(); ++i) {
            if (i && dc.cells[order[i]].text != dc.cells[order[i - 1]].text)
                ++r;
            rank[order[i]] = ascending ? r : UINT32_MAX - r;
        }
        for (std::size_t i = 0; i < rows.size(); ++i)
            keyed[i] = {rank[dc.id[i]], rows[i]};
    }
    if (!radixSort(keyed, cancel))
        return;
    for (std::size_t i = 0; i < rows.size(); ++i)
        rows[i] = keyed[i].row;
}

bool ColumnFilter::parse(const QString &input, ColumnType type, ColumnFilter *out, QString *error)
{
    *out = ColumnFilter();
    const QString text = input.trimmed();
    if (text.isEmpty())
        return true;
    if (text.size() >= 2 && text.startsWith(u'/') && text.endsWith(u'/')) {
        out->regex_ = QRegularExpression(text.mid(1, text.size() - 2), QRegularExpression::CaseInsensitiveOption);
        if (!out->regex_.isValid()) {
            if (error)
                *error = Ctx::tr("The regular expression %1 is not valid: %2.").arg(text, out->regex_.errorString());
            return false;
        }
        out->regex_.optimize();
        out->mode_ = Mode::Regex;
        return true;
    }
    if (type == ColumnType::Number) {
        const auto bad = [&](const QString &why) {
            if (error)
                *error = why;
            return false;
        };
        const qsizetype dots = text.indexOf(QStringLiteral(".."));
        double v = 0;
        if (dots >= 0) {
            const QString a = text.left(dots).trimmed(), b = text.mid(dots + 2).trimmed();
            if (!a.isEmpty() && !parseNumber(a, &out->lo_))
                return bad(Ctx::tr("The range %1 is not valid: \"%2\" is not a number.").arg(text, a));
            if (!b.isEmpty() && !parseNumber(b, &out->hi_))
                return bad(Ctx::tr("The range %1 is not valid: \"%2\" is not a number.").arg(text, b));
            if (out->lo_ > out->hi_)
                return bad(Ctx::tr("The range %1 is empty: its start is after its end.").arg(text));
            out->mode_ = Mode::Range;
            return true;
        }
        for (const char *op : {">=", "<=", ">", "<", "="}) {
            const QString o = QLatin1String(op);
            if (!text.startsWith(o))
                continue;
            if (!parseNumber(text.mid(o.size()), &v))
                return bad(Ctx::tr("The filter %1 is not valid: \"%2\" is not a number.").arg(text, text.mid(o.size()).trimmed()));
            if (o == QLatin1String(">=")) out->lo_ = v;
            else if (o == QLatin1String("<=")) out->hi_ = v;
            else if (o == QLatin1String(">")) { out->lo_ = v; out->loOpen_ = true; }
            else if (o == QLatin1String("<")) { out->hi_ = v; out->hiOpen_ = true; }
            else out->lo_ = out->hi_ = v;
            out->mode_ = Mode::Range;
            return true;
        }
    }
    out->needle_ = lower(text.toStdString());
    out->mode_ = Mode::Contains;
    return true;
}

bool ColumnFilter::matches(const Cell &c) const
{
    switch (mode_) {
    case Mode::None: return true;
    case Mode::Range: {
        if (!c.isNumber())
            return false;
        const double v = c.number();
        return (loOpen_ ? v > lo_ : v >= lo_) && (hiOpen_ ? v < hi_ : v <= hi_);
    }
    case Mode::Contains:
        if (c.kind == Cell::Kind::Text)
            return containsCaseless(c.text, needle_);
        return containsCaseless(cellText(c), needle_);
    case Mode::Regex:
        if (c.kind == Cell::Kind::Text)
            return regex_.match(QString::fromUtf8(c.text.data(), qsizetype(c.text.size()))).hasMatch();
        return regex_.match(QString::fromStdString(cellText(c))).hasMatch();
    }
    return true;
}

bool RowScope::matches(const RowSpan &s) const
{
    if (device && s.hasDevice && s.device != *device)
        return false;
    if (modelId && s.modelId != *modelId)
        return false;
    if (iteration && s.iteration && s.iteration != *iteration)
        return false;
    if (timeRange && s.hasTime && (s.end < timeRange->first || s.start > timeRange->second))
        return false;
    return true;
}

namespace {
RowIndex filterAscending(const SummaryTable &t, const RowIndex &in, const RowScope &scope,
                         const std::vector<std::pair<int, ColumnFilter>> &filters, const std::atomic<bool> *cancel);
}

RowIndex filterRows(const SummaryTable &t, const RowIndex &in, const RowScope &scope,
                    const std::vector<std::pair<int, ColumnFilter>> &filters, const std::atomic<bool> *cancel)
{
    if (std::is_sorted(in.begin(), in.end()))
        return filterAscending(t, in, scope, filters, cancel);
    // Rows in another order (sorted by a column) are looked at in table order: reading a
    // 10 M-row table at random costs a cache miss per row, in order it streams. Membership
    // goes through bitmaps of the table's rows, so the result keeps the order of `in`.
    const std::size_t n = t.rowCount();
    std::vector<std::uint64_t> bits((n + 63) / 64);
    for (std::uint32_t r : in)
        if (r < n)
            bits[r / 64] |= 1ull << (r % 64);
    RowIndex ordered;
    ordered.reserve(in.size());
    for (std::size_t w = 0; w < bits.size(); ++w)
        for (std::uint64_t b = bits[w]; b; b &= b - 1)
            ordered.push_back(static_cast<std::uint32_t>(w * 64 + static_cast<std::size_t>(std::countr_zero(b))));
    const RowIndex kept = filterAscending(t, ordered, scope, filters, cancel);
    if (cancelled(cancel))
        return {};
    std::fill(bits.begin(), bits.end(), 0);
    for (std::uint32_t r : kept)
        bits[r / 64] |= 1ull << (r % 64);
    RowIndex out;
    out.reserve(kept.size());
    for (std::uint32_t r : in)
        if (r < n && (bits[r / 64] >> (r % 64) & 1u))
            out.push_back(r);
    return out;
}

namespace {
RowIndex filterAscending(const SummaryTable &t, const RowIndex &in, const RowScope &scope,
                         const std::vector<std::pair<int, ColumnFilter>> &filters, const std::atomic<bool> *cancel)
{
    const bool scoped = scope.device || scope.modelId || scope.iteration || scope.timeRange;
    RowIndex out;
    if (scoped) {
        out.reserve(in.size());
        for (std::size_t i = 0; i < in.size(); ++i) {
            if ((i & 0xFFFF) == 0 && cancelled(cancel))
                return {};
            if (scope.matches(t.span(in[i])))
                out.push_back(in[i]);
        }
    } else {
        out = in;
    }
    // Each filter narrows what the ones before kept, in place.
    for (const auto &[col, f] : filters) {
        if (f.isEmpty() || col < 0 || col >= t.columnCount())
            continue;
        std::size_t kept = 0;
        if (f.isNumeric()) {
            for (std::size_t i = 0; i < out.size(); ++i) {
                if ((i & 0xFFFF) == 0 && cancelled(cancel))
                    return {};
                const Cell c = t.cell(out[i], col);
                if (c.isNumber() && f.matchesNumber(c.number()))
                    out[kept++] = out[i];
            }
        } else if (t.columns()[static_cast<std::size_t>(col)].type == ColumnType::Text) {
            DistinctColumn dc;
            if (!distinctColumn(t, out.data(), out.size(), col, &dc, cancel))
                return {};
            std::vector<std::uint8_t> hit(dc.cells.size());
            for (std::size_t d = 0; d < dc.cells.size(); ++d)
                hit[d] = f.matches(dc.cells[d]);
            for (std::size_t i = 0; i < out.size(); ++i)
                if (hit[dc.id[i]])
                    out[kept++] = out[i];
        } else {
            // Text typed into a number column: matched against the formatted cell.
            for (std::size_t i = 0; i < out.size(); ++i) {
                if ((i & 0xFFFF) == 0 && cancelled(cancel))
                    return {};
                if (f.matches(t.cell(out[i], col)))
                    out[kept++] = out[i];
            }
        }
        out.resize(kept);
    }
    if (cancelled(cancel))
        return {};
    out.shrink_to_fit();
    return out;
}
} // namespace

// ---- grouping ------------------------------------------------------------------------

namespace {
// Group keys by content; find() takes a string_view (no std::string made to look one up).
struct TextHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>()(s); }
};
struct TextEqual {
    using is_transparent = void;
    bool operator()(std::string_view a, std::string_view b) const { return a == b; }
};
} // namespace

// Builds a GroupedTable one row at a time: each row's group (a text key is known by where
// its characters live, and only a new place is looked up by content), the group's
// aggregates and span. Sums add up in the order rows are added. A row comes from a table
// (add) or as its key, numbers and span (RowSink::add, rows never kept as a table): both
// go through the same group, aggregate and span steps.
struct GroupedBuild {
    GroupedTable &g;
    int keyColumn;
    std::unordered_map<std::string, std::uint32_t, TextHash, TextEqual> ids;
    TextPlaces places;
    std::vector<std::uint8_t> started; // per group: its span holds a member

    GroupedBuild(GroupedTable &table, int key) : g(table), keyColumn(key)
    {
        const auto &src = g.source_->columns();
        g.columns_.push_back({keyColumn >= 0 ? src[static_cast<std::size_t>(keyColumn)].name : Ctx::tr("Group"), ColumnType::Text,
                              false});
        g.columns_.push_back({Ctx::tr("Count"), ColumnType::Number, false});
        for (int c = 0; c < g.source_->columnCount(); ++c) {
            const auto &col = src[static_cast<std::size_t>(c)];
            if (col.type != ColumnType::Number || !col.inCsv || !col.aggregate)
                continue;
            g.numberColumns_.push_back(c);
            g.columns_.push_back({Ctx::tr("%1 sum").arg(col.name), ColumnType::Number, false});
            g.columns_.push_back({Ctx::tr("%1 mean").arg(col.name), ColumnType::Number, false});
            g.columns_.push_back({Ctx::tr("%1 min").arg(col.name), ColumnType::Number, false});
            g.columns_.push_back({Ctx::tr("%1 max").arg(col.name), ColumnType::Number, false});
        }
        g.groupColumn_ = 0;
    }
    // Rows handed to a RowSink: the flag is looked at every 64 k of them.
    const std::atomic<bool> *cancel = nullptr;
    std::size_t added = 0;
    bool stop = false;

    std::uint32_t idOfContent(std::string key)
    {
        auto [p, fresh] = ids.try_emplace(std::move(key), static_cast<std::uint32_t>(g.keys_.size()));
        if (fresh) {
            g.keys_.push_back(p->first);
            g.aggs_.resize(g.keys_.size() * g.numberColumns_.size());
            g.spans_.emplace_back();
            g.counts_.push_back(0);
            started.push_back(0);
        }
        return p->second;
    }
    std::uint32_t idOfText(std::string_view text)
    {
        return places.id(text, [&] {
            const auto known = ids.find(text);
            return known != ids.end() ? known->second : idOfContent(std::string(text));
        });
    }
    static void aggregate(GroupedTable::Agg &a, double x)
    {
        a.sum += x;
        a.min = std::min(a.min, x);
        a.max = std::max(a.max, x);
        ++a.n;
    }
    // Row r of t (a table of the source's columns) into its group; the group's id.
    std::uint32_t add(const SummaryTable &t, std::uint32_t r)
    {
        const std::size_t nc = g.numberColumns_.size();
        const Cell c = keyColumn >= 0 ? t.cell(r, keyColumn) : Cell::na();
        const std::uint32_t id = c.kind == Cell::Kind::Text ? idOfText(c.text) : idOfContent(cellText(c));
        ++g.counts_[id];
        GroupedTable::Agg *agg = g.aggs_.data() + std::size_t(id) * nc;
        for (std::size_t j = 0; j < nc; ++j) {
            const Cell v = t.cell(r, g.numberColumns_[j]);
            if (v.isNumber())
                aggregate(agg[j], v.number());
        }
        spanInto(id, t.span(r));
        return id;
    }
    // A row handed to a RowSink (see RowsSink below).
    void add(std::string_view key, const double *numbers, const RowSpan &span)
    {
        if (stop)
            return;
        if ((++added & 0xffff) == 0 && stopped(cancel)) {
            stop = true;
            return;
        }
        // The caller's text may move between rows (and another text take its place): a
        // group found by where the characters are is confirmed by content.
        std::uint32_t id = idOfText(key);
        if (g.keys_[id] != key) {
            places = TextPlaces();
            id = idOfText(key);
        }
        ++g.counts_[id];
        GroupedTable::Agg *agg = g.aggs_.data() + std::size_t(id) * g.numberColumns_.size();
        for (std::size_t j = 0; j < g.numberColumns_.size(); ++j)
            aggregate(agg[j], numbers[j]);
        spanInto(id, span);
    }
    // A group spans its members: one device / iteration / stream only if all share it.
    void spanInto(std::uint32_t id, const RowSpan &rs)
    {
        RowSpan &s = g.spans_[id];
        if (!started[id]) {
            s = rs;
            started[id] = 1;
        } else {
            if (rs.device != s.device) s.hasDevice = false;
            if (rs.iteration != s.iteration) s.iteration = 0;
            if (rs.stream != s.stream) s.stream = -1;
            s.start = std::min(s.start, rs.start);
            s.end = std::max(s.end, rs.end);
            s.hasTime = s.hasTime && rs.hasTime;
        }
    }
    // Looked at every 64 k rows and per chunk; a stopped table is left empty and consistent.
    bool stopped(const std::atomic<bool> *cancel)
    {
        if (!cancel || !cancel->load(std::memory_order_relaxed))
            return false;
        g.keys_.clear();
        g.members_.clear();
        g.offsets_.assign(1, 0);
        g.counts_.clear();
        g.aggs_.clear();
        g.spans_.clear();
        g.sourceRows_ = 0;
        return true;
    }
};

namespace {

// The RowSink a Rows function fills: each row into the build.
struct RowsSink final : GroupedTable::RowSink {
    GroupedBuild &b;
    std::vector<int> columns;
    RowsSink(GroupedBuild &build, std::vector<int> aggregatedColumns) : b(build), columns(std::move(aggregatedColumns)) {}
    const std::vector<int> &aggregated() const override { return columns; }
    void add(std::string_view key, const double *numbers, const RowSpan &span) override { b.add(key, numbers, span); }
};

} // namespace

GroupedTable::GroupedTable(std::shared_ptr<const SummaryTable> source, const RowIndex &rows, int keyColumn,
                           const std::atomic<bool> *cancel)
    : SummaryTable(source->kind()), source_(std::move(source))
{
    GroupedBuild b(*this, keyColumn);
    sourceRows_ = source_->rowCount();
    // One pass over the members in their order, then a counting sort puts the members in
    // group-contiguous order.
    std::vector<std::uint32_t> groupOf(rows.size());
    for (std::size_t i = 0; i < rows.size(); ++i) {
        if ((i & 0xffff) == 0 && b.stopped(cancel))
            return;
        groupOf[i] = b.add(*source_, rows[i]);
    }
    if (b.stopped(cancel))
        return;
    const std::size_t g = keys_.size();
    offsets_.assign(g + 1, 0);
    for (std::size_t i = 0; i < g; ++i)
        offsets_[i + 1] = offsets_[i] + counts_[i];
    members_.resize(rows.size());
    std::vector<std::size_t> fill(offsets_.begin(), offsets_.end() - 1);
    for (std::size_t i = 0; i < rows.size(); ++i)
        members_[fill[groupOf[i]]++] = rows[i];
}

GroupedTable::GroupedTable(std::shared_ptr<const SummaryTable> shape, int keyColumn, const Rows &rows,
                           const std::atomic<bool> *cancel)
    : SummaryTable(shape->kind()), source_(std::move(shape))
{
    GroupedBuild b(*this, keyColumn);
    b.cancel = cancel;
    RowsSink sink(b, numberColumns_);
    const bool ok = rows(sink, &sourceRows_);
    if (!ok || b.stop || b.stopped(cancel)) {
        keys_.clear();
        counts_.clear();
        aggs_.clear();
        spans_.clear();
        sourceRows_ = 0;
    }
    offsets_.assign(keys_.size() + 1, 0);
    for (std::size_t i = 0; i < keys_.size(); ++i)
        offsets_[i + 1] = offsets_[i] + counts_[i];
}

Cell GroupedTable::cell(std::size_t row, int col) const
{
    if (col == 0)
        return Cell::str(keys_[row]);
    if (col == 1)
        return Cell::uint(counts_[row]);
    const std::size_t i = static_cast<std::size_t>(col - 2) / 4, which = static_cast<std::size_t>(col - 2) % 4;
    if (col < 2 || i >= numberColumns_.size())
        return Cell::na();
    const Agg &a = aggs_[row * numberColumns_.size() + i];
    if (a.n == 0)
        return Cell::na();
    switch (which) {
    case 0: return Cell::fixed(a.sum);
    case 1: return Cell::fixed(a.sum / static_cast<double>(a.n));
    case 2: return Cell::fixed(a.min);
    default: return Cell::fixed(a.max);
    }
}

RowSpan GroupedTable::span(std::size_t row) const { return spans_[row]; }

std::size_t GroupedTable::memoryBytes() const
{
    std::size_t b = members_.capacity() * sizeof(std::uint32_t) + offsets_.capacity() * sizeof(std::size_t)
                  + counts_.capacity() * sizeof(std::uint64_t)
                  + aggs_.capacity() * sizeof(Agg) + spans_.capacity() * sizeof(RowSpan);
    for (const auto &k : keys_)
        b += sizeof(std::string) + k.capacity();
    return b;
}

} // namespace npuscope::analysis
