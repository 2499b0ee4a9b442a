#include "ui/views/table_model.h"

#include <unordered_map>

namespace npuscope::ui {

using namespace npuscope::analysis;

SummaryTableModel::SummaryTableModel(QObject *parent) : QAbstractTableModel(parent) {}

void SummaryTableModel::setTable(std::shared_ptr<const SummaryTable> table, RowIndex rows)
{
    int column = table_ == table ? sortColumn_ : -1; // a sort column of another kind means nothing here
    if (table && column >= 0 && column < table->columnCount())
        sortRows(*table, rows, column, sortOrder_ == Qt::AscendingOrder);
    else
        column = -1;
    setTable(std::move(table), std::move(rows), column, sortOrder_);
}

void SummaryTableModel::setTable(std::shared_ptr<const SummaryTable> table, RowIndex rows, int sortColumn, Qt::SortOrder order)
{
    beginResetModel();
    table_ = std::move(table);
    rows_ = table_ ? std::move(rows) : RowIndex();
    sortColumn_ = table_ ? sortColumn : -1;
    sortOrder_ = order;
    fetched_ = std::min(rows_.size(), kBatch);
    // Observers of modelReset (views, QAbstractItemModelTester) call fetchMore from their
    // slots; inserting rows before every observer has seen the reset would break them.
    resetting_ = true;
    endResetModel();
    resetting_ = false;
}

int SummaryTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(fetched_);
}

int SummaryTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() || !table_ ? 0 : table_->columnCount();
}

QVariant SummaryTableModel::data(const QModelIndex &index, int role) const
{
    if (!table_ || !index.isValid() || index.row() >= static_cast<int>(fetched_) || index.column() >= table_->columnCount())
        return {};
    const std::uint32_t r = rows_[static_cast<std::size_t>(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        return table_->text(r, index.column());
    case Qt::TextAlignmentRole:
        return table_->columns()[static_cast<std::size_t>(index.column())].type == ColumnType::Number
                   ? QVariant(int(Qt::AlignRight | Qt::AlignVCenter))
                   : QVariant(int(Qt::AlignLeft | Qt::AlignVCenter));
    case Qt::UserRole: { // the number itself (NaN for N/A), for callers that compute
        const Cell c = table_->cell(r, index.column());
        return c.isNumber() ? QVariant(c.number()) : QVariant();
    }
    default:
        return {};
    }
}

QVariant SummaryTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (table_ && role == Qt::ToolTipRole && orientation == Qt::Horizontal && section >= 0 && section < table_->columnCount()) {
        const SummaryColumn &c = table_->columns()[static_cast<std::size_t>(section)];
        return c.tip.isEmpty() ? c.name : c.name + QStringLiteral("\n") + c.tip;
    }
    if (!table_ || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (orientation == Qt::Vertical)
        return section + 1;
    if (section < 0 || section >= table_->columnCount())
        return {};
    return table_->columns()[static_cast<std::size_t>(section)].name;
}

bool SummaryTableModel::canFetchMore(const QModelIndex &parent) const
{
    return !parent.isValid() && !resetting_ && !inserting_ && fetched_ < rows_.size();
}

void SummaryTableModel::fetchMore(const QModelIndex &parent)
{
    if (parent.isValid() || resetting_ || fetched_ >= rows_.size())
        return;
    // Observers may ask for more while being told about this batch; they get it next time.
    if (inserting_)
        return;
    const std::size_t n = std::min(kBatch, rows_.size() - fetched_);
    inserting_ = true;
    beginInsertRows({}, static_cast<int>(fetched_), static_cast<int>(fetched_ + n - 1));
    fetched_ += n;
    endInsertRows();
    inserting_ = false;
}

void SummaryTableModel::sort(int column, Qt::SortOrder order)
{
    if (!table_ || column < 0 || column >= table_->columnCount())
        return;
    if (sortHandler_) {
        sortHandler_(column, order);
        return;
    }
    RowIndex rows = rows_;
    sortRows(*table_, rows, column, order == Qt::AscendingOrder);
    setOrder(std::move(rows), column, order);
}

void SummaryTableModel::setOrder(RowIndex rows, int sortColumn, Qt::SortOrder order)
{
    if (!table_ || rows.size() != rows_.size())
        return; // not a new order of the rows shown (a newer table replaced them)
    sortColumn_ = sortColumn;
    sortOrder_ = order;
    reorder(std::move(rows));
}

void SummaryTableModel::reorder(RowIndex rows)
{
    Q_EMIT layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
    const QModelIndexList before = persistentIndexList();
    std::vector<std::uint32_t> beforeRows;
    for (const auto &i : before)
        beforeRows.push_back(rows_[static_cast<std::size_t>(i.row())]);
    rows_ = std::move(rows);
    // Persistent indexes follow their rows when still fetched, else become invalid.
    if (!before.isEmpty()) {
        std::unordered_map<std::uint32_t, int> where;
        for (std::size_t i = 0; i < fetched_; ++i)
            where.emplace(rows_[i], static_cast<int>(i));
        QModelIndexList after;
        for (qsizetype k = 0; k < before.size(); ++k) {
            auto p = where.find(beforeRows[static_cast<std::size_t>(k)]);
            after << (p == where.end() ? QModelIndex() : index(p->second, before[k].column()));
        }
        changePersistentIndexList(before, after);
    }
    Q_EMIT layoutChanged({}, QAbstractItemModel::VerticalSortHint);
}

} // namespace npuscope::ui
