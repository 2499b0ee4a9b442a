#pragma once
// Table model over RunDiff::ops (core/analysis/run_diff.h): one row per op type with count,
// mean and per-iteration time of run A and B, the delta and the change in %, and the whole
// run's totals. Durations display as "1.234 ms" but sort by their value (sort() is numeric;
// column −1 restores the impact order diffRuns gave). Rows among RunDiff::regressions are
// highlighted.

#include "core/analysis/run_diff.h"

#include <QAbstractTableModel>
#include <set>
#include <string>
#include <vector>

namespace npuscope::ui {

class CompareOpsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { OpType, CountA, CountB, MeanA, MeanB, PerIterA, PerIterB, Delta, Percent, TotalA, TotalB, ColumnCount };
    // The numeric value behind a cell (sorting, tests).
    static constexpr int ValueRole = Qt::UserRole + 1;
    // True on rows that are among the top regressions.
    static constexpr int RegressionRole = Qt::UserRole + 2;

    explicit CompareOpsModel(QObject *parent = nullptr);

    void setDiff(const analysis::RunDiff &diff);
    void clear();
    // The diff row shown at `row`.
    const analysis::OpTypeDiff &op(int row) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

private:
    double value(const analysis::OpTypeDiff &d, int column) const;

    std::vector<analysis::OpTypeDiff> ops_;
    std::vector<int> order_; // display row → ops_ index
    std::set<std::string> regressions_;
};

} // namespace npuscope::ui
