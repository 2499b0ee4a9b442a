#pragma once
// A thin QAbstractTableModel over an analysis::SummaryTable: it holds the table and the
// visible row permutation (after scope, filters and sort) and formats a cell only when
// the view asks for it; nothing is copied into items. Rows are handed out in batches
// (canFetchMore / fetchMore) so a 10 M-row table opens at once.

#include "core/analysis/summary_tables.h"

#include <QAbstractTableModel>
#include <functional>
#include <memory>

namespace npuscope::ui {

class SummaryTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    static constexpr std::size_t kBatch = 5000;

    explicit SummaryTableModel(QObject *parent = nullptr);

    // Shows `rows` of `table` (nullptr: nothing). Resets the model.
    void setTable(std::shared_ptr<const analysis::SummaryTable> table, analysis::RowIndex rows);
    // The same with `rows` already sorted by (sortColumn, order) elsewhere (-1: unsorted).
    void setTable(std::shared_ptr<const analysis::SummaryTable> table, analysis::RowIndex rows, int sortColumn,
                  Qt::SortOrder order);
    // The same rows of the same table in a new order (sorted elsewhere by column, order):
    // a layout change, so selections and persistent indexes follow their rows.
    void setOrder(analysis::RowIndex rows, int sortColumn, Qt::SortOrder order);
    // When set, sort() (the header's sort indicator) only hands the request to `handler`,
    // which sorts off the GUI thread and comes back with setOrder(); the model keeps
    // showing the old order meanwhile. Unset: sort() sorts at once.
    void setSortHandler(std::function<void(int column, Qt::SortOrder order)> handler) { sortHandler_ = std::move(handler); }
    const analysis::SummaryTable *table() const { return table_.get(); }
    std::shared_ptr<const analysis::SummaryTable> sharedTable() const { return table_; }
    const analysis::RowIndex &rows() const { return rows_; }
    // The table row behind a model row.
    std::uint32_t sourceRow(int modelRow) const { return rows_[static_cast<std::size_t>(modelRow)]; }
    int sortColumn() const { return sortColumn_; }
    Qt::SortOrder sortOrder() const { return sortOrder_; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    bool canFetchMore(const QModelIndex &parent) const override;
    void fetchMore(const QModelIndex &parent) override;
    // Stable sort of the visible rows (numbers numerically); remembered for setTable().
    // sortColumn() / sortOrder() say the order shown, not one still being computed.
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

private:
    void reorder(analysis::RowIndex rows);
    std::function<void(int, Qt::SortOrder)> sortHandler_;
    std::shared_ptr<const analysis::SummaryTable> table_;
    analysis::RowIndex rows_;
    std::size_t fetched_ = 0;
    bool resetting_ = false;
    bool inserting_ = false;
    int sortColumn_ = -1;
    Qt::SortOrder sortOrder_ = Qt::AscendingOrder;
};

} // namespace npuscope::ui
