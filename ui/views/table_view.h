#pragma once
// The "Tables" tab: every summary table of the selected session (analysis::SummaryTables)
// in one view. A kind chooser lists only the kinds the session records; a filter row under
// the header takes one filter per column (text, /regex/, a..b, >x, <x); "Group by op type"
// shows per-group aggregates; the rows follow the explorer selection (device, model,
// iteration) and the timeline's selected range until it is cleared. Ctrl+C copies the
// selection as tab-separated text; the visible rows can be exported as CSV; a double-click
// asks for the row's place in the timeline (showEvidenceRequested: the row's device pinned
// and highlighted, its span — a task, an op's tasks in an iteration, an iteration — selected).
// Tables are built as a background job ("Loading…" meanwhile; ui/job_runner.h); each job
// holds the session it reads. Sorting, filtering and grouping a large table run as jobs of
// a second runner ("Sorting…" / "Filtering…" / "Grouping…" meanwhile): the model keeps
// showing the previous rows until the result arrives, a newer request cancels and
// supersedes an older one (whose result is dropped), and the header and the filter edits
// stay usable throughout.

#include "core/analysis/summary_tables.h"
#include "ui/job_runner.h"
#include "ui/project_explorer.h"

#include <QTableView>
#include <QWidget>
#include <atomic>
#include <memory>
#include <optional>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace npuscope::ui {

class SummaryTableModel;

// A QTableView with one QLineEdit per column right under its header.
class FilterTableView : public QTableView {
    Q_OBJECT
public:
    explicit FilterTableView(QWidget *parent = nullptr);
    // Recreates the edits for `columns` (names and types give hint and tooltip).
    void setFilterColumns(const std::vector<analysis::SummaryColumn> &columns);
    QLineEdit *filterEdit(int column) const;
    int filterCount() const { return static_cast<int>(edits_.size()); }
    QString filterText(int column) const;
    // Hidden while the rows are grouped (the edits filter the rows before grouping).
    void setFilterBarVisible(bool visible);
signals:
    void filtersEdited();
protected:
    void updateGeometries() override;
    void scrollContentsBy(int dx, int dy) override;
private:
    void placeEdits();
    QWidget *bar_ = nullptr;
    bool barVisible_ = true;
    std::vector<QLineEdit *> edits_;
};

class TablesView : public QWidget {
    Q_OBJECT
public:
    explicit TablesView(QWidget *parent = nullptr);
    ~TablesView() override;

    // Follows the explorer: a new session is opened (tables rebuilt lazily); device, model
    // and iteration narrow the rows. sessionId 0 clears the view.
    void setSelection(const ExplorerSelection &sel);
    // The timeline's selected range (absolute ns); an empty range clears the filter.
    void setTimeRange(qint64 start, qint64 end);
    void clearTimeRange();
    std::optional<std::pair<qint64, qint64>> timeRange() const { return range_; }

    // The shown kind; false when the session does not record it.
    bool setKind(analysis::SummaryKind kind);
    std::optional<analysis::SummaryKind> kind() const;
    void setGrouped(bool grouped);
    bool isLoading() const { return opens_.isBusy() || loads_.isBusy(); }
    // A sort, filter or grouping is being computed off the GUI thread.
    bool isBusy() const { return requests_.isBusy(); }
    // Tables with at least this many rows are sorted / filtered / grouped on the worker;
    // smaller ones at once (a few ms: "Sorting…" would only flicker). Default 100 000.
    void setBackgroundThreshold(std::size_t rows) { backgroundRows_ = rows; }
    // Processes events until the current table is shown with its filters and sort applied
    // or msecs pass (tests).
    bool waitForLoaded(int msecs);

    // Tab-separated text of the selected cells (header line first), as Ctrl+C copies it.
    QString selectionText() const;
    void copySelection();
    // Writes the visible rows (all of them, not only those fetched so far) as CSV.
    bool exportCsv(const QString &path, QString *error) const;
    QString errorString() const { return error_; }

    QComboBox *kindChooser() const { return kinds_; }
    FilterTableView *tableView() const { return view_; }
    SummaryTableModel *model() const { return model_; }
    QCheckBox *groupToggle() const { return group_; }
    QPushButton *clearRangeButton() const { return clearRange_; }
    QLabel *countLabel() const { return count_; }
    QLabel *filterErrorLabel() const { return filterError_; }

signals:
    // A row was double-clicked (or "Show in Timeline" chosen): the device it names (none for
    // rows over several devices), its span (absolute ns) and, for a task row, its stream and
    // start (stream < 0 otherwise).
    void showEvidenceRequested(const QList<int> &devices, qint64 start, qint64 end, qint64 stream, qint64 taskStart);
    void loaded();

protected:
    void changeEvent(QEvent *e) override;

private:
    struct Session;
    enum class Busy : std::uint8_t { None, Sorting, Filtering, Grouping };
    // What one sort / filter / group request computes, and what it brings back.
    struct Request;
    struct Result;
    static Result compute(const Request &r, const std::atomic<bool> *cancel);
    void submit(Request r, Busy what);
    void apply(Result r);
    void requestSort(int column, Qt::SortOrder order);
    void dropRequests();
    void retranslateUi();
    void fillKinds();
    void load();
    // The kind's table is built in a job of its own (kept by the session's SummaryTables).
    void loadTable();
    // Grouped rows are asked for and can come without the kind's table (no table built
    // yet, no filter typed, a kind SummaryTables groups directly).
    bool groupsWithoutTable() const;
    void applyFilters();
    void updateCount();
    void jumpTo(const QModelIndex &index);
    void showContextMenu(const QPoint &pos);
    void exportDialog();
    analysis::RowScope scope() const;

    std::shared_ptr<Session> session_;
    ExplorerSelection sel_;
    std::optional<std::pair<qint64, qint64>> range_;
    std::shared_ptr<const analysis::SummaryTable> table_;     // the kind's table
    std::shared_ptr<const analysis::SummaryTable> shown_;     // table_ or its grouping
    const analysis::SummaryTable *fittedFor_ = nullptr;       // column widths fitted to this table
    Busy busy_ = Busy::None;                  // what the running request computes
    std::size_t backgroundRows_ = 100000;
    analysis::RowIndex baseRows_;             // shown rows in table order (what a new sort starts from)
    int sortColumn_ = -1;                     // the order asked for through the header
    Qt::SortOrder sortOrder_ = Qt::AscendingOrder;
    bool jumping_ = false;
    QString error_;

    QComboBox *kinds_ = nullptr;
    QCheckBox *group_ = nullptr;
    QLabel *rangeLabel_ = nullptr;
    QPushButton *clearRange_ = nullptr;
    QLabel *count_ = nullptr;
    QLabel *filterError_ = nullptr;
    QLabel *kindLabel_ = nullptr;
    FilterTableView *view_ = nullptr;
    SummaryTableModel *model_ = nullptr;
    // Last: their running jobs end before the members above go.
    std::pair<QString, std::int64_t> opening_; // the session opens_ is reading
    JobRunner opens_;      // opening the selected session's project and tables
    JobRunner loads_;      // building a kind's table
    JobRunner requests_;   // sort / filter / group requests
};

} // namespace npuscope::ui
