#pragma once
// The Communication tab's table as a model: each rank's totals (bold) on top, then one row
// per op × rank, with a bandwidth column per link type the session used. Cells are made
// when the view asks for them: a long run has tens of thousands of op × rank rows, and
// building a widget item per cell took the GUI thread far past 100 ms.
//
// Qt::DisplayRole is the text shown, Qt::UserRole the number behind it (NaN where the
// figure is unknown, shown as "—"); sorting goes by Qt::UserRole with unknown last.

#include "core/analysis/communication.h"

#include <QAbstractTableModel>
#include <QSortFilterProxyModel>

#include <string>
#include <vector>

namespace npuscope::ui {

class CommunicationTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { ColStep, ColOp, ColRank, ColElapse, ColTransit, ColWait, ColSync, ColIdle, ColWaitRatio, ColSyncRatio, ColLinks };

    explicit CommunicationTableModel(QObject *parent = nullptr);
    // Shows `a` (kept by reference: the owner keeps it alive and calls this again on change).
    void setAnalysis(const analysis::CommunicationAnalysis *a);
    // The link types with a column, in column order.
    const std::vector<std::string> &linkTypes() const { return links_; }
    // Header texts follow the language.

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation o, int role) const override;

private:
    struct RowFigures;
    RowFigures figures(int row) const;
    QVariant cell(const RowFigures &f, int column, int role) const;

    const analysis::CommunicationAnalysis *a_ = nullptr;
    std::vector<std::string> links_; // link types in the order users know them
};

// Sorts by Qt::UserRole, unknown (NaN) last whatever the direction's sense of "last".
class CommunicationSortProxy : public QSortFilterProxyModel {
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;

protected:
    bool lessThan(const QModelIndex &left, const QModelIndex &right) const override;
};

} // namespace npuscope::ui
