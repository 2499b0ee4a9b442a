#include "ui/timeline/lane_header.h"

#include "ui/timeline/timeline_view.h"

#include <QContextMenuEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QWheelEvent>

#include <algorithm>
#include <map>
#include <set>

namespace npuscope::ui::timeline {

LaneHeader::LaneHeader(QWidget *parent) : QWidget(parent)
{
    setMouseTracking(true);
}

void LaneHeader::setState(const State &s)
{
    s_ = s;
    update();
}

int LaneHeader::rowAt(int y) const
{
    if (!s_.rows)
        return -1;
    const int rel = y - s_.top;
    for (std::size_t i = 0; i < s_.rows->rows.size(); ++i) {
        const LaneRow &r = s_.rows->rows[i];
        if (rel >= r.y && rel < r.y + r.h) {
            if (!r.pinned && rel < s_.rows->pinnedHeight)
                continue;
            return int(i);
        }
    }
    return -1;
}

void LaneHeader::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.fillRect(rect(), palette().window());
    const Model *m = s_.model;
    if (!m || !s_.rows || !s_.layout)
        return;
    p.setClipRect(QRect(0, s_.top, width(), s_.bottom - s_.top + 1));
    QFont bold = font();
    bold.setBold(true);
    for (const LaneRow &r : s_.rows->rows) {
        const QRect box(0, s_.top + r.y, width(), r.h);
        if (box.bottom() < s_.top || box.top() > s_.bottom)
            continue;
        if (r.lane < 0) {
            p.fillRect(box.adjusted(0, 1, 0, -1), palette().mid());
            p.setFont(bold);
            p.setPen(palette().color(QPalette::ButtonText));
            QString rank;
            for (const auto &d : m->devices)
                if (d.id == r.device)
                    rank = TimelineView::tr(" (rank %1)").arg(d.rank);
            p.drawText(box.adjusted(6, 0, -4, 0), Qt::AlignVCenter | Qt::AlignLeft,
                       QString::fromUtf8(s_.layout->isCollapsed(r.device) ? "\u25B8 " : "\u25BE ")
                           + TimelineView::tr("Device %1").arg(r.device) + rank);
            continue;
        }
        const Lane &l = m->lanes[std::size_t(r.lane)];
        if (r.lane == s_.currentLane)
            p.fillRect(box, palette().highlight().color().lighter(170));
        p.setFont(font());
        p.setPen(palette().color(QPalette::Mid));
        p.drawLine(box.bottomLeft(), box.bottomRight());
        p.setPen(palette().color(QPalette::WindowText));
        const QString text = (r.pinned ? QString::fromUtf8("\u2691 ") : QString()) + l.process + QStringLiteral(" \u00B7 ") + l.title;
        p.drawText(box.adjusted(14, 0, -4, 0), Qt::AlignVCenter | Qt::AlignLeft,
                   fontMetrics().elidedText(text, Qt::ElideLeft, width() - 18));
    }
    if (s_.rows->pinnedHeight > 0) {
        p.setPen(QPen(palette().color(QPalette::Dark), 2));
        p.drawLine(0, s_.top + s_.rows->pinnedHeight, width(), s_.top + s_.rows->pinnedHeight);
    }
}

void LaneHeader::mousePressEvent(QMouseEvent *e)
{
    const int row = rowAt(e->pos().y());
    if (row < 0)
        return;
    const LaneRow &r = s_.rows->rows[std::size_t(row)];
    if (r.lane < 0)
        Q_EMIT deviceClicked(r.device);
    else
        Q_EMIT laneClicked(r.lane);
}

void LaneHeader::wheelEvent(QWheelEvent *e)
{
    Q_EMIT wheeled(e);
}

void LaneHeader::contextMenuEvent(QContextMenuEvent *e)
{
    const int row = rowAt(e->pos().y());
    if (row < 0)
        return;
    const LaneRow r = s_.rows->rows[std::size_t(row)];
    Q_EMIT menuRequested(r.lane, r.device, e->globalPos());
}

Legend::Legend(QWidget *parent) : QWidget(parent)
{
    setMinimumHeight(20);
}

void Legend::setItems(std::vector<std::pair<QString, QRgb>> items)
{
    items_ = std::move(items);
    update();
}

void Legend::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    int x = 4;
    const int h = height();
    for (const auto &[name, c] : items_) {
        const int w = fontMetrics().horizontalAdvance(name) + 22;
        if (x + w > width())
            break;
        p.fillRect(QRect(x, h / 2 - 6, 12, 12), QColor(c));
        p.setPen(palette().color(QPalette::WindowText));
        p.drawText(QRect(x + 16, 0, w - 16, h), Qt::AlignVCenter | Qt::AlignLeft, name);
        x += w + 6;
    }
}

std::vector<std::pair<QString, QRgb>> legendItems(const Model &m, const Palette &palette, ColorMode mode)
{
    std::vector<std::pair<QString, QRgb>> items;
    if (mode == ColorMode::TaskType) {
        std::set<std::uint8_t> seen;
        for (const auto &l : m.lanes) {
            if (l.kind != LaneKind::Stream)
                continue;
            if (l.events.size()) {
                for (const auto &k : l.events.keys())
                    seen.insert(k.type);
            } else if (l.lod >= 0) {
                for (const auto &b : m.lod.lanes[std::size_t(l.lod)].buckets)
                    if (b.count)
                        seen.insert(b.type);
            }
        }
        for (std::uint8_t t : seen)
            if (t < kTaskKindLimit)
                items.emplace_back(QString::fromLatin1(taskKindName(static_cast<TaskKind>(t))), Palette::typeColor(t));
        items.emplace_back(TimelineView::tr("HCCL"), Palette::typeColor(CatCollective));
        items.emplace_back(TimelineView::tr("FP/BP"), Palette::typeColor(CatFpBp));
        items.emplace_back(TimelineView::tr("Refresh"), Palette::typeColor(CatRefresh));
    } else {
        // Op types by total time (from the summary while loading: by bucket count).
        std::map<StrId, double> weight;
        for (const auto &l : m.lanes) {
            if (l.kind != LaneKind::Stream)
                continue;
            if (l.events.size()) {
                std::vector<double> perKey(l.events.keys().size(), 0.0);
                for (std::size_t i = 0; i < l.events.size(); ++i)
                    perKey[l.events.keyAt(i)] += l.events.durationAt(i);
                for (std::size_t k = 0; k < perKey.size(); ++k)
                    weight[l.events.keys()[k].opType] += perKey[k];
            } else if (l.lod >= 0) {
                for (const auto &b : m.lod.lanes[std::size_t(l.lod)].buckets)
                    weight[b.opType] += b.busyNs;
            }
        }
        std::vector<std::pair<StrId, double>> v(weight.begin(), weight.end());
        std::sort(v.begin(), v.end(), [](auto &a, auto &b) { return a.second > b.second; });
        for (const auto &[op, w] : v) {
            if (!op)
                continue;
            const auto s = m.string(op);
            items.emplace_back(QString::fromUtf8(s.data(), qsizetype(s.size())), palette.color(mode, 0, op));
        }
    }
    return items;
}

} // namespace npuscope::ui::timeline
