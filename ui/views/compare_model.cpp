#include "ui/views/compare_model.h"
#include "core/text/display.h"

#include "ui/format.h"

#include <QBrush>
#include <QColor>
#include <QFont>
#include <QLocale>
#include <algorithm>
#include <cmath>
#include <numeric>

namespace npuscope::ui {

CompareOpsModel::CompareOpsModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void CompareOpsModel::setDiff(const analysis::RunDiff &diff)
{
    beginResetModel();
    ops_ = diff.ops;
    order_.resize(ops_.size());
    std::iota(order_.begin(), order_.end(), 0);
    regressions_.clear();
    for (const analysis::OpTypeDiff &r : diff.regressions)
        regressions_.insert(r.opType);
    endResetModel();
}

void CompareOpsModel::clear()
{
    setDiff({});
}

const analysis::OpTypeDiff &CompareOpsModel::op(int row) const
{
    return ops_[std::size_t(order_[std::size_t(row)])];
}

int CompareOpsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(order_.size());
}

int CompareOpsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

double CompareOpsModel::value(const analysis::OpTypeDiff &d, int column) const
{
    switch (column) {
    case CountA: return double(d.countA);
    case CountB: return double(d.countB);
    case MeanA: return d.meanA;
    case MeanB: return d.meanB;
    case PerIterA: return d.perIterA;
    case PerIterB: return d.perIterB;
    case Delta: return d.delta;
    case Percent: return d.percent;
    case TotalA: return double(d.totalA);
    case TotalB: return double(d.totalB);
    default: return 0;
    }
}

QVariant CompareOpsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const analysis::OpTypeDiff &d = op(index.row());
    const int c = index.column();
    const bool regression = regressions_.count(d.opType) > 0;
    switch (role) {
    case Qt::DisplayRole: {
        if (c == OpType)
            return QString::fromStdString(d.opType);
        const double v = value(d, c);
        if (c == CountA || c == CountB)
            return QLocale().toString(qulonglong(v));
        if (c == Percent) {
            if (!std::isfinite(v))
                return QStringLiteral("—");
            return tr("%1%2 %").arg(v > 0 ? QStringLiteral("+") : QString(), QLocale().toString(v, 'f', 1));
        }
        const QString s = display::duration(TimeNs(std::llround(v)));
        return c == Delta && v > 0 ? QStringLiteral("+") + s : s;
    }
    case ValueRole:
        return c == OpType ? QVariant(QString::fromStdString(d.opType)) : QVariant(value(d, c));
    case RegressionRole:
        return regression;
    case Qt::TextAlignmentRole:
        return int((c == OpType ? Qt::AlignLeft : Qt::AlignRight) | Qt::AlignVCenter);
    case Qt::BackgroundRole:
        if (regression)
            return QBrush(QColor(0xff, 0xe4, 0xe1));
        return {};
    case Qt::ForegroundRole:
        if (c == Delta || c == Percent) {
            if (d.delta > 0)
                return QBrush(QColor(0xb7, 0x1c, 0x1c));
            if (d.delta < 0)
                return QBrush(QColor(0x2e, 0x7d, 0x32));
        }
        return {};
    case Qt::FontRole:
        if (regression && (c == OpType || c == Delta)) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    case Qt::ToolTipRole:
        if (c == Percent && std::isnan(d.percent))
            return tr("A's %1 per iteration is too small to divide by; read the absolute Δ (%2).")
                .arg(display::duration(TimeNs(std::llround(d.perIterA))), display::duration(TimeNs(std::llround(d.delta))));
        if (regression)
            return tr("%1 is among the top regressions: B spends %2 more per iteration per device than A.")
                .arg(QString::fromStdString(d.opType), display::duration(TimeNs(std::llround(d.delta))));
        return {};
    default:
        return {};
    }
}

QVariant CompareOpsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return role == Qt::DisplayRole ? QVariant(section + 1) : QVariant();
    if (role == Qt::DisplayRole) {
        switch (section) {
        case OpType: return tr("Op Type");
        case CountA: return tr("Count A");
        case CountB: return tr("Count B");
        case MeanA: return tr("Mean A");
        case MeanB: return tr("Mean B");
        case PerIterA: return tr("Per Iteration A");
        case PerIterB: return tr("Per Iteration B");
        case Delta: return tr("Δ Per Iteration");
        case Percent: return tr("Change");
        case TotalA: return tr("Total A");
        case TotalB: return tr("Total B");
        default: return {};
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case CountA: case CountB: return tr("Number of tasks of this op type in the whole run");
        case MeanA: case MeanB: return tr("Mean task duration");
        case PerIterA: case PerIterB:
            return tr("Task time of this op type per iteration per device: comparable between runs with "
                      "different iteration or device counts");
        case Delta: return tr("Per iteration B − per iteration A (positive: B is slower)");
        case Percent: return tr("Δ relative to A's time per iteration");
        case TotalA: case TotalB: return tr("Task time of this op type over the whole run");
        default: return {};
        }
    }
    return {};
}

void CompareOpsModel::sort(int column, Qt::SortOrder order)
{
    Q_EMIT layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
    const QModelIndexList before = persistentIndexList();
    std::vector<int> oldRows;
    for (const QModelIndex &i : before)
        oldRows.push_back(order_[std::size_t(i.row())]);

    std::iota(order_.begin(), order_.end(), 0);
    if (column == OpType) {
        std::stable_sort(order_.begin(), order_.end(), [&](int x, int y) {
            const int c = QString::fromStdString(ops_[std::size_t(x)].opType)
                              .compare(QString::fromStdString(ops_[std::size_t(y)].opType), Qt::CaseInsensitive);
            return order == Qt::AscendingOrder ? c < 0 : c > 0;
        });
    } else if (column > OpType && column < ColumnCount) {
        std::stable_sort(order_.begin(), order_.end(), [&](int x, int y) {
            const double a = value(ops_[std::size_t(x)], column), b = value(ops_[std::size_t(y)], column);
            // Rows without a percentage go last either way.
            if (std::isnan(a) || std::isnan(b))
                return !std::isnan(a) && std::isnan(b);
            return order == Qt::AscendingOrder ? a < b : a > b;
        });
    }

    if (!before.isEmpty()) {
        std::vector<int> where(order_.size());
        for (std::size_t r = 0; r < order_.size(); ++r)
            where[std::size_t(order_[r])] = int(r);
        QModelIndexList after;
        for (qsizetype i = 0; i < before.size(); ++i)
            after << index(where[std::size_t(oldRows[std::size_t(i)])], before[i].column());
        changePersistentIndexList(before, after);
    }
    Q_EMIT layoutChanged({}, QAbstractItemModel::VerticalSortHint);
}

} // namespace npuscope::ui
