#pragma once
// Table model over a store::SqlConsole::Result: one column per result column, values as
// SQLite returned them (NULL shown as "NULL" in grey). sort() compares numbers as numbers
// (NULL < numbers < text < blobs, like SQLite's ORDER BY); column −1 restores the query's
// own order.

#include "core/store/sql_console.h"

#include <QAbstractTableModel>
#include <vector>

namespace npuscope::ui {

class SqlResultModel : public QAbstractTableModel {
    Q_OBJECT
public:
    explicit SqlResultModel(QObject *parent = nullptr);

    void setResult(store::SqlConsole::Result result);
    void clear();
    const store::SqlConsole::Result &result() const { return result_; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

private:
    store::SqlConsole::Result result_;
    std::vector<int> order_; // display row → result row
};

// SQLite's ordering of values: NULL < INTEGER/REAL (numerically) < TEXT < BLOB.
int compareSqlValues(const QVariant &a, const QVariant &b);

} // namespace npuscope::ui
