#include "ui/timeline/lane_header.h"
#include "ui/timeline/counter_track.h"

#include "ui/timeline/timeline_view.h"

#include <QContextMenuEvent>
#include <QIcon>
#include <QLocale>
#include <QMenu>
#include <QPixmap>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
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
    // Pinned rows in their fixed strip; scrolled rows only below it: a row scrolled partly
    // under the strip (after a focus scrolled to the last device) never paints over it.
    const QRect pinnedClip(0, s_.top, width(), s_.rows->pinnedHeight);
    const QRect scrolledClip(0, s_.top + s_.rows->pinnedHeight, width(), std::max(0, s_.bottom - s_.top - s_.rows->pinnedHeight + 1));
    for (const LaneRow &r : s_.rows->rows) {
        const QRect box(0, s_.top + r.y, width(), r.h);
        if (box.bottom() < s_.top || box.top() > s_.bottom)
            continue;
        p.setClipRect(r.pinned ? pinnedClip : scrolledClip);
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
        // Pinned rows leave their device group: they say which device they are of.
        const QString text = r.pinned && m->devices.size() > 1
                                 ? QString::fromUtf8("\u2691 ") + TimelineView::tr("Device %1").arg(l.device)
                                       + QStringLiteral(" \u00B7 ") + laneName(l)
                                 : (r.pinned ? QString::fromUtf8("\u2691 ") : QString()) + laneName(l);
        QString shown = text;
        if (s_.layout->isTrackHead(r.lane)) {
            // A track's first row: the triangle, and how many rows it folds away.
            const bool folded = s_.layout->isTrackCollapsed(r.lane);
            p.drawText(QRect(box.left() + 2, box.top(), kTriangleWidth - 2, box.height()), Qt::AlignCenter,
                       QString::fromUtf8(folded ? "\u25B8" : "\u25BE"));
            if (folded)
                shown += TimelineView::tr(" (+%n depth(s))", nullptr, s_.layout->trackSize(r.lane) - 1);
        }
        p.drawText(box.adjusted(kTriangleWidth, 0, -4, 0), Qt::AlignVCenter | Qt::AlignLeft,
                   fontMetrics().elidedText(shown, Qt::ElideMiddle, width() - kTriangleWidth - 4));
    }
    // The focused devices' rows: an accent stripe at the left edge and a light tint.
    if (!highlighted_.empty()) {
        QColor accent = palette().color(QPalette::Highlight);
        QColor tint = accent;
        tint.setAlpha(40);
        for (const LaneRow &r : s_.rows->rows) {
            if (std::find(highlighted_.begin(), highlighted_.end(), r.device) == highlighted_.end())
                continue;
            const QRect box(0, s_.top + r.y, width(), r.h);
            p.setClipRect(r.pinned ? pinnedClip : scrolledClip);
            p.fillRect(box, tint);
            p.fillRect(QRect(0, box.top(), 4, box.height()), accent);
        }
    }
    p.setClipping(false);
    if (s_.rows->pinnedHeight > s_.rows->top) {
        p.setPen(QPen(palette().color(QPalette::Dark), 2));
        p.drawLine(0, s_.top + s_.rows->pinnedHeight, width(), s_.top + s_.rows->pinnedHeight);
    }
}

void LaneHeader::setHighlightedDevices(std::vector<std::uint16_t> devices)
{
    if (devices == highlighted_)
        return;
    highlighted_ = std::move(devices);
    update();
}

QString LaneHeader::laneName(const Lane &l)
{
    return l.process + QStringLiteral(" \u00B7 ") + l.title;
}

QString LaneHeader::toolTipAt(int y) const
{
    const int row = rowAt(y);
    if (row < 0 || !s_.model)
        return {};
    const LaneRow &r = s_.rows->rows[std::size_t(row)];
    if (r.lane < 0)
        return TimelineView::tr("Device %1: click to collapse or expand its lanes").arg(r.device);
    const Lane &l = s_.model->lanes[std::size_t(r.lane)];
    QString tip = TimelineView::tr("Device %1 · %2").arg(r.device).arg(laneName(l));
    if (s_.layout && s_.layout->isTrackHead(r.lane))
        tip += QStringLiteral("\n")
               + (s_.layout->isTrackCollapsed(r.lane)
                      ? TimelineView::tr("Top-level ranges; %n deeper call depth(s) folded in: click the triangle or press E to expand.",
                                         nullptr, s_.layout->trackSize(r.lane) - 1)
                      : TimelineView::tr("Click the triangle or press E to fold the deeper call depths into this row."));
    if (l.kind == LaneKind::Counter && l.id < s_.model->counters.size()) {
        // How a counter's values came about (derived or imported), and its range.
        const CounterSeries &c = s_.model->counters[l.id];
        tip += QStringLiteral("\n") + c.how + QStringLiteral("\n")
               + TimelineView::tr("Range: %1 – %2; %3 samples.")
                     .arg(counterValueText(c, c.min), counterValueText(c, c.max), QLocale().toString(qulonglong(c.ts.size())));
    }
    return tip;
}

bool LaneHeader::event(QEvent *e)
{
    if (e->type() == QEvent::ToolTip) {
        auto *h = static_cast<QHelpEvent *>(e);
        const QString tip = toolTipAt(h->pos().y());
        if (tip.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(h->globalPos(), tip, this);
        return true;
    }
    return QWidget::event(e);
}

void LaneHeader::mousePressEvent(QMouseEvent *e)
{
    const int row = rowAt(e->pos().y());
    if (row < 0)
        return;
    const LaneRow &r = s_.rows->rows[std::size_t(row)];
    if (r.lane < 0)
        Q_EMIT deviceClicked(r.device);
    else if (s_.layout && s_.layout->isTrackHead(r.lane) && e->pos().x() < kTriangleWidth)
        Q_EMIT trackClicked(r.lane);
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
    QSizePolicy sp(QSizePolicy::Preferred, QSizePolicy::Preferred);
    sp.setHeightForWidth(true);
    setSizePolicy(sp);
}

void Legend::setItems(std::vector<std::pair<QString, QRgb>> items)
{
    items_ = std::move(items);
    updateGeometry();
    update();
}

int Legend::rowHeight() const
{
    return std::max(18, fontMetrics().height() + 4);
}

QString Legend::moreText(int hidden) const
{
    return TimelineView::tr("+%1 more…").arg(hidden);
}

Legend::Placement Legend::place(int width) const
{
    Placement out;
    out.items.assign(items_.size(), QRect());
    const QFontMetrics fm = fontMetrics();
    const int rh = rowHeight();
    const int moreW = fm.horizontalAdvance(moreText(int(items_.size()))) + 12;
    int x = 4, row = 0;
    for (std::size_t i = 0; i < items_.size(); ++i) {
        const int w = std::min(fm.horizontalAdvance(items_[i].first) + 22, std::max(40, width - 8));
        if (x > 4 && x + w > width) {
            if (row == kMaxRows - 1) {
                // Every item placed on the last row left room for this.
                out.more = QRect(x, row * rh, moreW, rh);
                out.rows = kMaxRows;
                return out;
            }
            ++row;
            x = 4;
        }
        const bool last = i + 1 == items_.size();
        if (row == kMaxRows - 1 && !last && x + w + 6 + moreW > width) {
            out.more = QRect(x, row * rh, moreW, rh);
            out.rows = kMaxRows;
            return out;
        }
        out.items[i] = QRect(x, row * rh, w, rh);
        x += w + 6;
    }
    out.rows = items_.empty() ? 1 : row + 1;
    return out;
}

int Legend::heightForWidth(int width) const
{
    return place(width).rows * rowHeight();
}

QSize Legend::sizeHint() const
{
    const int w = std::max(200, width());
    return QSize(w, heightForWidth(w));
}

QSize Legend::minimumSizeHint() const
{
    return QSize(100, rowHeight());
}

void Legend::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    const Placement pl = place(width());
    const int rh = rowHeight();
    p.setPen(palette().color(QPalette::WindowText));
    for (std::size_t i = 0; i < items_.size(); ++i) {
        const QRect &r = pl.items[i];
        if (r.isEmpty())
            continue;
        p.fillRect(QRect(r.left(), r.top() + rh / 2 - 6, 12, 12), QColor(items_[i].second));
        p.drawText(r.adjusted(16, 0, 0, 0), Qt::AlignVCenter | Qt::AlignLeft,
                   fontMetrics().elidedText(items_[i].first, Qt::ElideRight, r.width() - 16));
    }
    if (!pl.more.isEmpty()) {
        int hidden = 0;
        for (const QRect &r : pl.items)
            hidden += r.isEmpty() ? 1 : 0;
        p.setPen(palette().color(QPalette::Link));
        p.drawText(pl.more.adjusted(6, 0, 0, 0), Qt::AlignVCenter | Qt::AlignLeft, moreText(hidden));
    }
}

QMenu *Legend::allItemsMenu()
{
    auto *menu = new QMenu(this);
    menu->setObjectName(QStringLiteral("timelineLegendMenu"));
    for (const auto &[name, c] : items_) {
        QPixmap swatch(12, 12);
        swatch.fill(QColor(c));
        menu->addAction(QIcon(swatch), name);
    }
    return menu;
}

void Legend::mousePressEvent(QMouseEvent *e)
{
    const Placement pl = place(width());
    if (pl.more.contains(e->pos())) {
        QMenu *menu = allItemsMenu();
        menu->setAttribute(Qt::WA_DeleteOnClose);
        menu->popup(e->globalPosition().toPoint());
    }
}

QString categoryName(std::uint8_t type)
{
    if (type < kTaskKindLimit)
        return QString::fromLatin1(taskKindName(static_cast<TaskKind>(type)));
    switch (type) {
    case CatCollective: return TimelineView::tr("HCCL op");
    case CatHcclTask: return TimelineView::tr("HCCL task");
    case CatHostRange: return TimelineView::tr("CANN API");
    case CatIteration: return TimelineView::tr("Iteration");
    case CatFpBp: return TimelineView::tr("FP/BP");
    case CatRefresh: return TimelineView::tr("Refresh");
    case CatReduce: return TimelineView::tr("Step all-reduce");
    case CatComputing: return TimelineView::tr("Computing");
    case CatCommunication: return TimelineView::tr("Communication");
    case CatNotOverlapped: return TimelineView::tr("Communication (not overlapped)");
    case CatFree: return TimelineView::tr("Free");
    case CatAiCpu: return TimelineView::tr("AI CPU op");
    case CatTx: return TimelineView::tr("msproftx");
    case CatPython: return TimelineView::tr("Python range");
    default: return {};
    }
}

std::vector<std::pair<QString, QRgb>> legendItems(const Model &m, const Palette &palette, ColorMode mode)
{
    std::vector<std::pair<QString, QRgb>> items;
    if (mode == ColorMode::TaskType) {
        // Every colour some lane draws: task types on the stream lanes, the categories of
        // the other lanes (HCCL, step trace, overlap analysis, CANN, AI CPU, msproftx).
        std::set<std::uint8_t> seen;
        for (const auto &l : m.lanes) {
            if (l.events.size()) {
                for (const auto &k : l.events.keys())
                    seen.insert(k.type);
            } else if (l.lod >= 0) {
                for (const auto &b : m.lod.lanes[std::size_t(l.lod)].buckets)
                    if (b.count)
                        seen.insert(b.type);
            }
        }
        for (std::uint8_t t : seen) {
            const QString name = categoryName(t);
            if (name.isEmpty())
                continue;
            // One entry per colour: an AI CPU op has the colour of its AI_CPU task.
            const QRgb c = Palette::typeColor(t);
            auto same = std::find_if(items.begin(), items.end(), [c](const auto &i) { return i.second == c; });
            if (same != items.end())
                same->first += QStringLiteral(" / ") + name;
            else
                items.emplace_back(name, c);
        }
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
    // Counter tracks in either mode: each series drawn, in its own line colour
    // (assignCounterColours), named by its title; a series on several devices once.
    std::set<QRgb> counterColours;
    for (const auto &l : m.lanes) {
        if (l.kind != LaneKind::Counter || l.id >= m.counters.size())
            continue;
        const CounterSeries &c = m.counters[l.id];
        const QRgb colour = counterColor(c).rgb();
        if (!counterColours.insert(colour).second)
            continue;
        items.emplace_back(c.derived ? TimelineView::tr("%1 (counter)").arg(counterTitle(c)) : counterTitle(c), colour);
    }
    return items;
}

} // namespace npuscope::ui::timeline
