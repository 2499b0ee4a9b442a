#include "ui/views/communication_table.h"

#include <QFont>
#include <QLocale>

#include <algorithm>
#include <cmath>
#include <limits>

namespace npuscope::ui {

namespace {
QString number(double v, int decimals) { return QLocale().toString(v, 'f', decimals); }

// Link types in the order users know them; others after, by name.
int linkOrder(const std::string &t)
{
    static const char *known[] = {"HCCS", "PCIE", "RDMA", "SDMA", "SIO"};
    for (int i = 0; i < 5; ++i)
        if (t == known[i])
            return i;
    return 5;
}
} // namespace

struct CommunicationTableModel::RowFigures {
    bool total = false;
    int ops = 0;
    const std::string *step = nullptr, *op = nullptr;
    std::int64_t rank = -1;
    std::uint16_t device = 0;
    double values[5] = {0, 0, 0, 0, 0}; // elapse, transit, wait, sync, idle
    double waitRatio = -1, syncRatio = -1;
    const std::vector<analysis::CommLinkFigures> *links = nullptr;

    // What a rank's totals and one op on a rank both have.
    template <class Figures>
    void take(const Figures &x)
    {
        rank = x.rank;
        device = x.device;
        values[0] = x.elapseMs, values[1] = x.transitMs, values[2] = x.waitMs, values[3] = x.syncMs, values[4] = x.idleMs;
        waitRatio = x.waitRatio();
        syncRatio = x.syncRatio();
        links = &x.links;
    }
};

CommunicationTableModel::CommunicationTableModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void CommunicationTableModel::setAnalysis(const analysis::CommunicationAnalysis *a)
{
    beginResetModel();
    a_ = a;
    links_.clear();
    if (a_)
        for (const analysis::CommRankTotals &r : a_->ranks)
            for (const analysis::CommLinkFigures &lf : r.links)
                if (std::find(links_.begin(), links_.end(), lf.transport) == links_.end())
                    links_.push_back(lf.transport);
    std::sort(links_.begin(), links_.end(), [](const std::string &x, const std::string &y) {
        return std::make_pair(linkOrder(x), x) < std::make_pair(linkOrder(y), y);
    });
    endResetModel();
}

int CommunicationTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() || !a_ ? 0 : int(a_->ranks.size() + a_->ops.size());
}

int CommunicationTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() || !a_ ? 0 : ColLinks + int(links_.size());
}

CommunicationTableModel::RowFigures CommunicationTableModel::figures(int row) const
{
    RowFigures f;
    if (std::size_t(row) < a_->ranks.size()) {
        const analysis::CommRankTotals &r = a_->ranks[std::size_t(row)];
        f.total = true;
        f.ops = r.ops;
        f.take(r);
    } else {
        const analysis::CommOpRank &o = a_->ops[std::size_t(row) - a_->ranks.size()];
        f.step = &o.step;
        f.op = &o.op;
        f.take(o);
    }
    return f;
}

QVariant CommunicationTableModel::data(const QModelIndex &index, int role) const
{
    if (!a_ || !index.isValid() || index.row() >= rowCount() || index.column() >= columnCount())
        return {};
    const RowFigures f = figures(index.row());
    if (role == Qt::FontRole) {
        if (!f.total)
            return {};
        QFont b;
        b.setBold(true);
        return b;
    }
    if (role == Qt::TextAlignmentRole)
        return index.column() >= ColRank ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
    return cell(f, index.column(), role);
}

QVariant CommunicationTableModel::cell(const RowFigures &f, int column, int role) const
{
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const QString unknown = QStringLiteral("—");
    switch (column) {
    case ColStep:
        if (role == Qt::DisplayRole || role == Qt::UserRole)
            return f.step ? QString::fromStdString(*f.step) : QString();
        return {};
    case ColOp: {
        const QString op = f.total ? tr("All ops (%n op(s))", nullptr, f.ops) : QString::fromStdString(*f.op);
        return role == Qt::DisplayRole || role == Qt::UserRole || role == Qt::ToolTipRole ? QVariant(op) : QVariant();
    }
    case ColRank:
        if (role == Qt::DisplayRole)
            return f.rank >= 0 ? QString::number(f.rank) : tr("device %1").arg(f.device);
        return role == Qt::UserRole ? QVariant(double(f.rank)) : QVariant();
    case ColWaitRatio:
    case ColSyncRatio: {
        const double r = column == ColWaitRatio ? f.waitRatio : f.syncRatio;
        if (role == Qt::DisplayRole)
            return r < 0 ? unknown : tr("%1 %").arg(number(std::clamp(r, 0.0, 1.0) * 100.0, 1));
        if (role == Qt::UserRole)
            return r < 0 ? nan : r;
        if (role == Qt::ToolTipRole)
            return column == ColWaitRatio ? tr("Wait / (wait + transit), as msprof defines it; — when both are 0")
                                          : tr("Synchronisation / (synchronisation + transit); — when both are 0");
        return {};
    }
    default:
        break;
    }
    if (column < ColLinks) {
        const double v = f.values[column - ColElapse];
        if (role == Qt::DisplayRole)
            return number(v, 3);
        return role == Qt::UserRole ? QVariant(v) : QVariant();
    }
    const std::string &t = links_[std::size_t(column - ColLinks)];
    const QString lt = QString::fromStdString(t);
    const auto l = std::find_if(f.links->begin(), f.links->end(), [&t](const analysis::CommLinkFigures &x) { return x.transport == t; });
    if (l == f.links->end()) {
        if (role == Qt::DisplayRole)
            return unknown;
        if (role == Qt::UserRole)
            return nan;
        return role == Qt::ToolTipRole ? QVariant(tr("No transfer over %1 in this op: no bandwidth to show").arg(lt)) : QVariant();
    }
    if (role == Qt::DisplayRole)
        return l->bandwidthGBps < 0 ? unknown : number(l->bandwidthGBps, 2);
    if (role == Qt::UserRole)
        return l->bandwidthGBps < 0 ? nan : l->bandwidthGBps;
    if (role == Qt::ToolTipRole)
        return tr("%1: %2 MB in %3 ms").arg(lt, number(l->sizeMB, 3), number(l->timeMs, 3));
    return {};
}

QVariant CommunicationTableModel::headerData(int section, Qt::Orientation o, int role) const
{
    if (o != Qt::Horizontal || role != Qt::DisplayRole || section < 0 || section >= columnCount())
        return QAbstractTableModel::headerData(section, o, role);
    switch (section) {
    case ColStep: return tr("Step");
    case ColOp: return tr("Op");
    case ColRank: return tr("Rank");
    case ColElapse: return tr("Elapse (ms)");
    case ColTransit: return tr("Transit (ms)");
    case ColWait: return tr("Wait (ms)");
    case ColSync: return tr("Synchronisation (ms)");
    case ColIdle: return tr("Idle (ms)");
    case ColWaitRatio: return tr("Wait ratio");
    case ColSyncRatio: return tr("Synchronisation ratio");
    default: return tr("%1 (GB/s)").arg(QString::fromStdString(links_[std::size_t(section - ColLinks)]));
    }
}

bool CommunicationSortProxy::lessThan(const QModelIndex &left, const QModelIndex &right) const
{
    const QVariant a = left.data(Qt::UserRole), b = right.data(Qt::UserRole);
    if (a.typeId() == QMetaType::QString || b.typeId() == QMetaType::QString)
        return QString::localeAwareCompare(a.toString(), b.toString()) < 0;
    const double x = a.toDouble(), y = b.toDouble();
    // Qt reverses the comparison for a descending sort; unknown stays at the bottom.
    if (std::isnan(x) != std::isnan(y))
        return std::isnan(y) == (sortOrder() == Qt::AscendingOrder);
    return !std::isnan(x) && x < y;
}

} // namespace npuscope::ui
