#include "ui/timeline/timeline_plot.h"

#include "core/analysis/timeline_math.h"

#include <algorithm>

namespace npuscope::ui::timeline {

using namespace analysis::timeline;

QRgb Palette::typeColor(std::uint8_t type)
{
    switch (type) {
    case std::uint8_t(TaskKind::AiCore): return qRgb(0x4e, 0x79, 0xa7);
    case std::uint8_t(TaskKind::AiCpu): return qRgb(0xf2, 0x8e, 0x2b);
    case std::uint8_t(TaskKind::EventRecord): return qRgb(0x9c, 0x75, 0x5f);
    case std::uint8_t(TaskKind::EventWait): return qRgb(0xba, 0xb0, 0xac);
    case std::uint8_t(TaskKind::EventReset): return qRgb(0x76, 0xb7, 0xb2);
    case std::uint8_t(TaskKind::ReduceAsyncV2): return qRgb(0xe1, 0x57, 0x59);
    case std::uint8_t(TaskKind::NotifyWait): return qRgb(0xed, 0xc9, 0x48);
    case std::uint8_t(TaskKind::NotifyRecord): return qRgb(0xb0, 0x7a, 0xa1);
    case std::uint8_t(TaskKind::MemcpyAsync): return qRgb(0x59, 0xa1, 0x4f);
    case std::uint8_t(TaskKind::AiVectorCore): return qRgb(0x2a, 0x9d, 0x8f);
    case std::uint8_t(TaskKind::MixAic): return qRgb(0x6a, 0x4c, 0x93);
    case std::uint8_t(TaskKind::MixAiv): return qRgb(0x9b, 0x5d, 0xe5);
    case std::uint8_t(TaskKind::Dma): return qRgb(0x8c, 0xb3, 0x69);
    case std::uint8_t(TaskKind::Other): return qRgb(0x9a, 0x9a, 0x9a);
    case CatCollective: return qRgb(0xe1, 0x57, 0x59);
    case CatHcclTask: return qRgb(0xff, 0x9d, 0xa7);
    case CatHostRange: return qRgb(0x86, 0xbc, 0xb6);
    case CatIteration: return qRgb(0xd4, 0xd4, 0xd4);
    case CatFpBp: return qRgb(0x8c, 0xd1, 0x7d);
    case CatRefresh: return qRgb(0xf1, 0xce, 0x63);
    case CatReduce: return qRgb(0xd3, 0x72, 0x95);
    case CatComputing: return qRgb(0x4e, 0x79, 0xa7);
    case CatCommunication: return qRgb(0xe1, 0x57, 0x59);
    case CatNotOverlapped: return qRgb(0xb0, 0x2a, 0x2a);
    case CatFree: return qRgb(0xa0, 0xa0, 0xa0);
    case CatAiCpu: return qRgb(0xf2, 0x8e, 0x2b);
    case CatTx: return qRgb(0x79, 0x70, 0x6e);
    default: return qRgb(0x80, 0x80, 0x80);
    }
}

void Palette::rebuild(const Model &m)
{
    opColors_.assign(m.strings.size(), qRgb(0x80, 0x80, 0x80));
    // Stable colours per op type name (same name → same colour in every session): hue from
    // a string hash, saturation/value fixed so text stays readable on them.
    std::vector<bool> isOpType(m.strings.size(), false);
    for (const OpDesc &o : m.ops)
        if (o.opType && o.opType < isOpType.size())
            isOpType[o.opType] = true;
    for (std::size_t i = 0; i < isOpType.size(); ++i) {
        if (!isOpType[i])
            continue;
        const uint h = qHash(QByteArray::fromStdString(m.strings[i]));
        opColors_[i] = QColor::fromHsv(int(h % 360), 110 + int((h >> 9) % 80), 170 + int((h >> 17) % 60)).rgb();
    }
}

QRgb Palette::color(ColorMode mode, std::uint8_t type, StrId opType) const
{
    if (mode == ColorMode::OpType && opType && opType < opColors_.size())
        return opColors_[opType];
    return typeColor(type);
}

double TimeTicker::getTickStep(const QCPRange &range)
{
    step_ = niceStep(range.size(), std::max(2, tickCount()));
    return step_;
}

QString TimeTicker::getTickLabel(double tick, const QLocale &, QChar, int)
{
    return QString::fromStdString(formatTime(tick, step_));
}

LanePlottable::LanePlottable(QCPAxis *key, QCPAxis *value, const PlotContext *ctx)
    : QCPAbstractPlottable(key, value), ctx_(ctx)
{
    setAntialiased(false);
    setAntialiasedFill(false);
}

QCPRange LanePlottable::getKeyRange(bool &foundRange, QCP::SignDomain) const
{
    foundRange = ctx_->model != nullptr;
    return QCPRange(0, ctx_->model ? double(ctx_->model->extent) : 1);
}

QCPRange LanePlottable::getValueRange(bool &foundRange, QCP::SignDomain, const QCPRange &) const
{
    foundRange = false;
    return QCPRange(0, 1);
}

namespace {
inline QRgb darker(QRgb c)
{
    return qRgb(qRed(c) * 3 / 5, qGreen(c) * 3 / 5, qBlue(c) * 3 / 5);
}
inline bool darkColor(QRgb c)
{
    return qRed(c) * 299 + qGreen(c) * 587 + qBlue(c) * 114 < 140000;
}
} // namespace

void LanePlottable::draw(QCPPainter *painter)
{
    const Model *m = ctx_->model;
    if (!m || lane_ < 0 || lane_ >= int(m->lanes.size()) || h_ <= 2)
        return;
    const QRect ar = mKeyAxis->axisRect()->rect();
    const int top = ar.top() + y_;
    if (top + h_ <= ar.top() || top >= ar.bottom())
        return;
    const Lane &lane = m->lanes[std::size_t(lane_)];
    View v;
    v.t0 = mKeyAxis->range().lower;
    v.t1 = mKeyAxis->range().upper;
    v.widthPx = std::max(1, ar.width());
    if (!(v.t1 > v.t0))
        return;

    runs_.clear();
    // Keys of each run: from the event arrays, or from the stored summary while the
    // details load.
    struct Key { std::uint8_t type; StrId op; StrId name; };
    std::vector<Key> lodKeys;
    if (lane.events.size()) {
        collectRuns(lane.events, v, &runs_);
    } else if (lane.lod >= 0 && lane.lod < int(m->lod.lanes.size())) {
        const auto &ll = m->lod.lanes[std::size_t(lane.lod)];
        const double bw = double(m->lod.bucketNs);
        const long long b0 = std::max(0LL, (long long)(v.t0 / bw));
        const long long b1 = std::min((long long)ll.buckets.size(), (long long)(v.t1 / bw) + 1);
        for (long long b = b0; b < b1; ++b) {
            const auto &k = ll.buckets[std::size_t(b)];
            if (!k.count)
                continue;
            const Columns c = columnsOf(v, b * bw, (b + 1) * bw);
            const int x0 = int(std::clamp<long long>(c.x0, 0, v.widthPx - 1));
            const int x1 = int(std::clamp<long long>(c.x1, x0 + 1, v.widthPx));
            if (!runs_.empty() && x0 < runs_.back().x1) {
                runs_.back().x1 = std::max(runs_.back().x1, x1);
                runs_.back().count += k.count;
                continue;
            }
            runs_.push_back(Run{x0, x1, k.count, std::uint32_t(lodKeys.size()), 0, 0});
            lodKeys.push_back(Key{k.type, k.opType, k.name});
        }
    }
    if (runs_.empty())
        return;

    // One row of pixels per lane, stretched to the lane height with one drawImage call:
    // the cost is the width of the view, however many events merged into it.
    if (row_.width() != v.widthPx)
        row_ = QImage(v.widthPx, 1, QImage::Format_ARGB32_Premultiplied);
    row_.fill(Qt::transparent);
    auto *px = reinterpret_cast<QRgb *>(row_.scanLine(0));
    const bool fromEvents = lane.events.size() != 0;
    for (const Run &r : runs_) {
        QRgb c;
        if (fromEvents)
            c = ctx_->palette->color(ctx_->mode, lane.events.typeAt(r.rep), lane.events.opTypeAt(r.rep));
        else
            c = ctx_->palette->color(ctx_->mode, lodKeys[r.rep].type, lodKeys[r.rep].op);
        std::fill(px + r.x0, px + r.x1, c);
        if (r.x1 - r.x0 >= 4)
            px[r.x0] = darker(c); // the edge tells adjacent wide events apart
    }
    painter->setRenderHint(QPainter::SmoothPixmapTransform, false);
    const int h = h_ - 2;
    painter->drawImage(QRect(ar.left(), top + 1, v.widthPx, h), row_);

    // Labels only where an event is wide enough to carry one (bounded by width / 48).
    if (h >= 10) {
        const QFontMetrics fm(painter->font());
        const int charW = std::max(1, fm.averageCharWidth());
        for (const Run &r : runs_) {
            const int w = r.x1 - r.x0;
            if (w < 48 || r.count != 1)
                continue;
            const StrId name = fromEvents ? lane.events.nameAt(r.rep) : lodKeys[r.rep].name;
            const std::string_view s = m->string(name);
            if (s.empty())
                continue;
            // Op names are long scoped paths: the last component is what identifies them.
            std::string_view shown = s;
            const auto slash = shown.rfind('/');
            if (slash != std::string_view::npos && slash + 1 < shown.size())
                shown = shown.substr(slash + 1);
            const int maxChars = (w - 6) / charW;
            if (maxChars < 3)
                continue;
            QString text = QString::fromUtf8(shown.data(), qsizetype(std::min<std::size_t>(shown.size(), std::size_t(maxChars))));
            if (int(shown.size()) > maxChars && text.size() > 1)
                text[text.size() - 1] = QChar(0x2026);
            const QRgb c = fromEvents ? ctx_->palette->color(ctx_->mode, lane.events.typeAt(r.rep), lane.events.opTypeAt(r.rep))
                                      : ctx_->palette->color(ctx_->mode, lodKeys[r.rep].type, lodKeys[r.rep].op);
            painter->setPen(darkColor(c) ? Qt::white : Qt::black);
            painter->drawText(QRect(ar.left() + r.x0 + 3, top + 1, w - 5, h), Qt::AlignVCenter | Qt::AlignLeft, text);
        }
    }
}

PaintLayerable::PaintLayerable(QCustomPlot *plot, const QString &layer, std::function<void(QCPPainter *, const QRect &)> paint)
    : QCPLayerable(plot, layer), paint_(std::move(paint))
{
}

void PaintLayerable::applyDefaultAntialiasingHint(QCPPainter *painter) const
{
    applyAntialiasingHint(painter, true, QCP::aeOther);
}

void PaintLayerable::draw(QCPPainter *painter)
{
    if (paint_)
        paint_(painter, mParentPlot->axisRect()->rect());
}

QRect PaintLayerable::clipRect() const
{
    return mParentPlot->axisRect()->rect();
}

} // namespace npuscope::ui::timeline
