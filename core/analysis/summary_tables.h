#pragma once
// Summary tables: every summary file of the PROF output (op_summary, op_statistic,
// step_trace, task_time, aicpu, dp, fusion_op, l2_cache, msprof_tx) plus the collective
// ops of the hccl timeline, for a whole session, as sortable, filterable tables.
//
// Values equal the exported CSVs cell for cell: both go through summary_rows.h. A table
// keeps per row only the small inputs of its kind (an op_summary row is a 64-byte task
// extract plus its PMU floats) and computes a cell when asked, so 10 M rows fit in memory;
// strings are ids into the table's own copy, so a built table no longer needs the reader.
// Rows stay in the order of the CSV files (device, model, iteration, then file order).
// Sorting, filtering and grouping never copy rows: they produce row index permutations.
// A table is immutable once built and may be read from any thread.

#include "core/analysis/summary_rows.h"
#include "core/model/trace_reader.h"

#include <QRegularExpression>
#include <QString>
#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string_view>
#include <vector>

namespace npuscope::analysis {

enum class SummaryKind : std::uint8_t {
    OpSummary, OpStatistic, StepTrace, TaskTime, AiCpu, DataPreprocess, FusionOp, L2Cache, Collectives, MsprofTx,
    // Today's profilers (torch_npu / MindSpore exports, msprof's newer layout, emulated
    // PyTorch sessions): kernel_details.csv with every column of the file, api_statistic.csv
    // recomputed from the CANN API ranges, step_trace_time.csv per rank and step.
    KernelDetails, ApiStatistic, StepTime
};
inline constexpr int kSummaryKindCount = 13;
// The file name stem ("op_summary", ..., "hccl" for the collective ops).
const char *summaryKindStem(SummaryKind k);
// What a user reads in a kind chooser ("Op summary", ...), translated.
QString summaryKindTitle(SummaryKind k);

enum class ColumnType : std::uint8_t { Number, Text };

struct SummaryColumn {
    SummaryColumn() = default;
    SummaryColumn(QString n, ColumnType t = ColumnType::Text, bool csv = true, bool agg = true, QString tp = {})
        : name(std::move(n)), type(t), inCsv(csv), aggregate(agg), tip(std::move(tp))
    {
    }
    QString name;          // the CSV header ("Task Duration(us)"); Device / Iteration are ours
    ColumnType type = ColumnType::Text;
    bool inCsv = true;     // false for the Device / Iteration columns the CSV has in its file name
    bool aggregate = true; // false for identifiers (Task ID, pid...) and points in time: their sums mean nothing
    QString tip;           // what the column means, when its name does not say it all (header tooltip)
};

// Where a row happened, for the explorer selection, the time-range filter and "show in
// timeline". Aggregate rows (op_statistic, task_time) span their first to last task;
// rows without a time (fusion_op) have hasTime false.
struct RowSpan {
    std::uint16_t device = 0;
    std::uint32_t modelId = 0;
    std::uint32_t iteration = 0;   // 0: the row belongs to no single iteration
    std::int64_t stream = -1;      // -1: not one stream
    TimeNs start = 0, end = 0;
    bool hasDevice = true;         // false for per-model rows (fusion_op)
    bool hasTime = true;
};

using RowIndex = std::vector<std::uint32_t>;

class SummaryTable {
public:
    virtual ~SummaryTable() = default;
    SummaryKind kind() const { return kind_; }
    const std::vector<SummaryColumn> &columns() const { return columns_; }
    int columnCount() const { return static_cast<int>(columns_.size()); }
    int columnIndex(const QString &name) const;          // first column of that name, -1 if none
    virtual std::size_t rowCount() const = 0;
    virtual Cell cell(std::size_t row, int col) const = 0;
    virtual RowSpan span(std::size_t row) const = 0;
    // The column the "group by op type" toggle groups by; -1 when the kind has none.
    int groupColumn() const { return groupColumn_; }
    // Heap bytes held by the rows (for the bench's bytes-per-row figure).
    virtual std::size_t memoryBytes() const = 0;

    QString text(std::size_t row, int col) const;         // as the CSV shows it (unquoted)
    double number(std::size_t row, int col) const { return cell(row, col).number(); }

protected:
    explicit SummaryTable(SummaryKind k) : kind_(k) {}
    SummaryKind kind_;
    std::vector<SummaryColumn> columns_;
    int groupColumn_ = -1;
};

// ---- index operations ----------------------------------------------------------------

RowIndex allRows(const SummaryTable &t);

// Stable sort of rows by one column: numerically on Number columns, by text (byte order)
// on Text columns; N/A sorts last in both directions. The column is read once into a key
// per row (the number, or for text the rank of the row's string among the column's
// distinct strings, ranked once), then (key, row) pairs are radix sorted: O(n) passes, no
// comparisons of cells and no allocation per row. Cancelled: rows are left as they were.
void sortRows(const SummaryTable &t, RowIndex &rows, int column, bool ascending,
              const std::atomic<bool> *cancel = nullptr);

// One column's filter, parsed from what a user types in the filter row:
//   text        case-insensitive "contains" on the cell text (any column)
//   /regex/     regular expression (Perl-compatible, case-insensitive: QRegularExpression, as
//               the timeline search) searched in the cell text
//   a..b        numeric range, inclusive (either side may be empty: "..5", "2..")
//   >x  >=x  <x  <=x  =x   numeric comparison
// Numeric forms apply to Number columns; N/A never matches them.
class ColumnFilter {
public:
    // False and a translated *error naming the problem when the text is not valid.
    static bool parse(const QString &text, ColumnType type, ColumnFilter *out, QString *error);
    bool matches(const Cell &c) const;
    bool isEmpty() const { return mode_ == Mode::None; }
    // A numeric form (a..b, >x...): matchesNumber(cell.number()) equals matches(cell), so
    // a column can be filtered as plain doubles (NaN for N/A never matches).
    bool isNumeric() const { return mode_ == Mode::Range; }
    bool matchesNumber(double v) const
    {
        return (loOpen_ ? v > lo_ : v >= lo_) && (hiOpen_ ? v < hi_ : v <= hi_);
    }
private:
    enum class Mode : std::uint8_t { None, Contains, Regex, Range };
    Mode mode_ = Mode::None;
    std::string needle_;               // lower case
    QRegularExpression regex_;
    double lo_ = -INFINITY, hi_ = INFINITY;
    bool loOpen_ = false, hiOpen_ = false;
};

// Which rows a view shows besides the column filters: the explorer selection and the
// timeline's selected range (rows whose span overlaps [start, end]).
struct RowScope {
    std::optional<std::uint16_t> device;
    std::optional<std::uint32_t> modelId;
    std::optional<std::uint32_t> iteration;
    std::optional<std::pair<TimeNs, TimeNs>> timeRange;
    bool matches(const RowSpan &s) const;
};

// Rows of `in` (order kept) that match the scope and every (column, filter) pair. Text
// filters on Text columns are evaluated once per distinct string of the column, numeric
// filters over the column read as doubles; each filter only looks at the rows the
// previous ones kept. Cancelled: an empty index.
RowIndex filterRows(const SummaryTable &t, const RowIndex &in, const RowScope &scope,
                    const std::vector<std::pair<int, ColumnFilter>> &filters, const std::atomic<bool> *cancel = nullptr);

// ---- grouping ------------------------------------------------------------------------

// Rows of a table grouped by one text column: one row per distinct value with Count and,
// per aggregatable number column X of the source, "X sum", "X mean", "X min", "X max" (N/A cells are
// left out of the aggregates). Groups are in order of first appearance. The members of
// group g are members()[offsets()[g] .. offsets()[g+1]) — source row indices, no copies.
// Setting *cancel (another thread) stops the grouping of millions of rows early: the table
// is then empty, and the caller, who set the flag, discards it.
class GroupedTable final : public SummaryTable {
public:
    GroupedTable(std::shared_ptr<const SummaryTable> source, const RowIndex &rows, int keyColumn,
                 const std::atomic<bool> *cancel = nullptr);
    // What rows that are never kept as a table are handed to, one by one in row order:
    // what grouping reads of a row of `shape`'s columns, without a table or its cells.
    class RowSink {
    public:
        virtual ~RowSink() = default;
        // The source columns aggregated (Number, in the CSV, aggregate), in the order add()
        // takes their numbers.
        virtual const std::vector<int> &aggregated() const = 0;
        // A row whose group key cell is the text `key`, whose cell in aggregated()[i] is
        // a number cell (not N/A) with number() numbers[i], and whose span is `span`.
        virtual void add(std::string_view key, const double *numbers, const RowSpan &span) = 0;
    };
    // Rows that are never kept as a table: `rows` hands them to its first argument, stores
    // how many rows the whole table has (before any scope) in its second, and returns false
    // when it failed or was cancelled (the table is then empty). The groups, their order and
    // every figure equal those of grouping the same rows kept in one table; source() is
    // `shape` (no rows) and members() stays empty.
    using Rows = std::function<bool(RowSink &sink, std::size_t *sourceRows)>;
    GroupedTable(std::shared_ptr<const SummaryTable> shape, int keyColumn, const Rows &rows,
                 const std::atomic<bool> *cancel = nullptr);
    std::size_t rowCount() const override { return keys_.size(); }
    Cell cell(std::size_t row, int col) const override;
    RowSpan span(std::size_t row) const override;
    std::size_t memoryBytes() const override;
    const RowIndex &members() const { return members_; }
    const std::vector<std::size_t> &offsets() const { return offsets_; }
    const SummaryTable &source() const { return *source_; }
    // Rows of the kind's whole table (the groups may hold fewer: a scope or filters).
    std::size_t sourceRowCount() const { return sourceRows_; }
    // Rows in the groups (the sum of Count).
    std::size_t groupedRowCount() const { return offsets_.empty() ? 0 : offsets_.back(); }

private:
    friend struct GroupedBuild;
    struct Agg { double sum = 0, min = INFINITY, max = -INFINITY; std::uint64_t n = 0; };
    std::shared_ptr<const SummaryTable> source_;
    std::vector<int> numberColumns_;     // source columns aggregated
    std::vector<std::string> keys_;
    RowIndex members_;
    std::vector<std::size_t> offsets_;
    std::vector<std::uint64_t> counts_;  // members per group
    std::vector<Agg> aggs_;              // group-major: aggs_[g * numberColumns_.size() + i]
    std::vector<RowSpan> spans_;
    std::size_t sourceRows_ = 0;
};

// ---- building ------------------------------------------------------------------------

// The tables of one session, each built on first request and kept. Thread-safe: views
// may ask from a worker thread; the reader must stay alive while tables are being built.
class SummaryTables {
public:
    // kernelColumns: the columns of the kernel file an import read, in file order (the
    // import report's kernel_columns); empty: torch_npu's kernel_details.csv layout.
    explicit SummaryTables(const TraceReader &reader, QStringList kernelColumns = {});
    // Kinds this session records (the same rules that decide which CSVs the export writes).
    const std::vector<SummaryKind> &kinds() const { return kinds_; }
    bool has(SummaryKind k) const;
    // nullptr when the session does not record the kind or when cancelled.
    std::shared_ptr<const SummaryTable> table(SummaryKind k, const std::atomic<bool> *cancel = nullptr);
    // The kind's rows in `scope` grouped by its group column: what a GroupedTable over
    // filterRows(*table(k), all rows, scope, {}) holds, figure for figure. From the built
    // table when there is one; a kind that groupsDirectly() is otherwise grouped as its
    // rows are formed, without building (or keeping) its table. nullptr when the session
    // does not record the kind or it has no group column, when cancelled or when the read
    // failed.
    std::shared_ptr<const GroupedTable> grouped(SummaryKind k, const RowScope &scope,
                                                const std::atomic<bool> *cancel = nullptr);
    // Kinds grouped() needs no built table for (task_time: a row per task of the session).
    static bool groupsDirectly(SummaryKind k) { return k == SummaryKind::TaskTime; }

private:
    const TraceReader &reader_;
    QStringList kernelColumns_;
    std::vector<SummaryKind> kinds_;
    std::mutex mutex_;
    std::shared_ptr<const SummaryTable> built_[kSummaryKindCount];
};

// Builds one table directly (what SummaryTables::table does on a miss).
std::shared_ptr<const SummaryTable> buildSummaryTable(const TraceReader &reader, SummaryKind k,
                                                      const std::atomic<bool> *cancel = nullptr,
                                                      const QStringList &kernelColumns = {});

// The kernel file's columns as the import report stored them (ImportReport::toJson's
// "kernel_columns"); empty when the note has none.
QStringList kernelColumnsFromImportNote(const QByteArray &importNoteJson);

// The step time breakdown's shares of one step. The step's time is Preparing + Computing +
// Communication (Not Overlapped) + Free: those four never overlap, so their shares add up
// to 100 %. Overlapped lies within Computing and Bubble within Communication (Not
// Overlapped): their shares are of the same step time but do not add to the others. Every
// share is in [0, 100]; all are 0 for a step without time.
struct StepShares {
    double stepNs = 0;
    double computing = 0, commNotOverlapped = 0, free = 0, preparing = 0; // add up to 100
    double overlapped = 0, bubble = 0;                                     // parts of the above
};
StepShares stepShares(const StepTimeRecord &r);

} // namespace npuscope::analysis
