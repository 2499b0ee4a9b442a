#include "ui/views/sql_result_model.h"

#include <QBrush>
#include <QColor>
#include <QFont>
#include <QLocale>
#include <algorithm>
#include <numeric>

namespace npuscope::ui {

namespace {

// 0 NULL, 1 number, 2 text, 3 blob.
int valueClass(const QVariant &v)
{
    if (v.isNull() || !v.isValid())
        return 0;
    switch (v.typeId()) {
    case QMetaType::LongLong:
    case QMetaType::ULongLong:
    case QMetaType::Int:
    case QMetaType::UInt:
    case QMetaType::Double:
    case QMetaType::Float:
    case QMetaType::Bool:
        return 1;
    case QMetaType::QByteArray:
        return 3;
    default:
        return 2;
    }
}

bool isInteger(const QVariant &v)
{
    const int t = v.typeId();
    return t == QMetaType::LongLong || t == QMetaType::Int || t == QMetaType::UInt || t == QMetaType::Bool;
}

} // namespace

int compareSqlValues(const QVariant &a, const QVariant &b)
{
    const int ca = valueClass(a), cb = valueClass(b);
    if (ca != cb)
        return ca < cb ? -1 : 1;
    switch (ca) {
    case 0:
        return 0;
    case 1:
        if (isInteger(a) && isInteger(b)) {
            const qlonglong x = a.toLongLong(), y = b.toLongLong();
            return x < y ? -1 : (x > y ? 1 : 0);
        } else {
            const double x = a.toDouble(), y = b.toDouble();
            return x < y ? -1 : (x > y ? 1 : 0);
        }
    case 3: {
        const QByteArray x = a.toByteArray(), y = b.toByteArray();
        return x < y ? -1 : (x > y ? 1 : 0);
    }
    default:
        return QString::compare(a.toString(), b.toString());
    }
}

SqlResultModel::SqlResultModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void SqlResultModel::setResult(store::SqlConsole::Result result)
{
    beginResetModel();
    result_ = std::move(result);
    order_.resize(result_.rows.size());
    std::iota(order_.begin(), order_.end(), 0);
    endResetModel();
}

void SqlResultModel::clear()
{
    setResult({});
}

int SqlResultModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(order_.size());
}

int SqlResultModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(result_.columns.size());
}

QVariant SqlResultModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const QVariantList &row = result_.rows[std::size_t(order_[std::size_t(index.row())])];
    const QVariant v = index.column() < row.size() ? row.at(index.column()) : QVariant();
    const int cls = valueClass(v);
    switch (role) {
    case Qt::DisplayRole:
        if (cls == 0)
            return QStringLiteral("NULL");
        if (cls == 3)
            return tr("(blob, %1 bytes)").arg(v.toByteArray().size());
        if (v.typeId() == QMetaType::Double)
            return QString::number(v.toDouble(), 'g', 15);
        return v.toString();
    case Qt::EditRole:
    case Qt::UserRole:
        return v;
    case Qt::ToolTipRole:
        if (cls == 2 && v.toString().size() > 60)
            return v.toString();
        return {};
    case Qt::ForegroundRole:
        if (cls == 0 || cls == 3)
            return QBrush(QColor(Qt::gray));
        return {};
    case Qt::FontRole:
        if (cls == 0) {
            QFont f;
            f.setItalic(true);
            return f;
        }
        return {};
    case Qt::TextAlignmentRole:
        return int((cls == 1 ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter);
    default:
        return {};
    }
}

QVariant SqlResultModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole)
        return {};
    if (orientation == Qt::Horizontal)
        return section >= 0 && section < result_.columns.size() ? QVariant(result_.columns.at(section)) : QVariant();
    return section + 1;
}

void SqlResultModel::sort(int column, Qt::SortOrder order)
{
    Q_EMIT layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
    const QModelIndexList before = persistentIndexList();
    std::vector<int> oldRows;
    oldRows.reserve(std::size_t(before.size()));
    for (const QModelIndex &i : before)
        oldRows.push_back(order_[std::size_t(i.row())]);

    if (column < 0 || column >= result_.columns.size()) {
        std::iota(order_.begin(), order_.end(), 0);
    } else {
        std::stable_sort(order_.begin(), order_.end(), [&](int x, int y) {
            const QVariantList &rx = result_.rows[std::size_t(x)], &ry = result_.rows[std::size_t(y)];
            const int c = compareSqlValues(column < rx.size() ? rx.at(column) : QVariant(),
                                           column < ry.size() ? ry.at(column) : QVariant());
            return order == Qt::AscendingOrder ? c < 0 : c > 0;
        });
    }

    if (!before.isEmpty()) {
        std::vector<int> where(order_.size());
        for (std::size_t r = 0; r < order_.size(); ++r)
            where[std::size_t(order_[r])] = int(r);
        QModelIndexList after;
        after.reserve(before.size());
        for (qsizetype i = 0; i < before.size(); ++i)
            after << index(where[std::size_t(oldRows[std::size_t(i)])], before[i].column());
        changePersistentIndexList(before, after);
    }
    Q_EMIT layoutChanged({}, QAbstractItemModel::VerticalSortHint);
}

} // namespace npuscope::ui
