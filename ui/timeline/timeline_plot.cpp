#include "ui/timeline/timeline_plot.h"
#include "core/text/display.h"

#include "core/analysis/timeline_math.h"

#include <algorithm>

namespace npuscope::ui::timeline {

using namespace analysis::timeline;

// Chosen so that every two colours a legend can list differ clearly (CIEDE2000 ≥ 10), the
// task types of a stream lane more so (≥ 13), and the colours that share a lane stay apart
// for protan, deutan and tritan vision too (≥ 10 in simulation), the search highlight
// included; test_timeline_parts checks all of it. Hue families keep their meaning: AI Core
// blue, AI CPU orange, copies green, notify yellow/violet, reduce red, events brown/grey.
QRgb Palette::typeColor(std::uint8_t type)
{
    switch (type) {
    case std::uint8_t(TaskKind::AiCore): return qRgb(0x2a, 0x5a, 0x8c);
    case std::uint8_t(TaskKind::AiCpu): return qRgb(0xcd, 0x92, 0x39);
    case std::uint8_t(TaskKind::EventRecord): return qRgb(0x5c, 0x49, 0x09);
    case std::uint8_t(TaskKind::EventWait): return qRgb(0x80, 0xab, 0x9e);
    case std::uint8_t(TaskKind::EventReset): return qRgb(0xa0, 0xca, 0xde);
    case std::uint8_t(TaskKind::ReduceAsyncV2): return qRgb(0xc5, 0x58, 0x1a);
    case std::uint8_t(TaskKind::NotifyWait): return qRgb(0xd2, 0xbc, 0x90);
    case std::uint8_t(TaskKind::NotifyRecord): return qRgb(0xab, 0x6c, 0x99);
    case std::uint8_t(TaskKind::MemcpyAsync): return qRgb(0x1b, 0x7d, 0x56);
    case std::uint8_t(TaskKind::AiVectorCore): return qRgb(0x14, 0xdc, 0xc7);
    case std::uint8_t(TaskKind::MixAic): return qRgb(0x60, 0x3f, 0x85);
    case std::uint8_t(TaskKind::MixAiv): return qRgb(0xe5, 0x89, 0xec);
    case std::uint8_t(TaskKind::Dma): return qRgb(0x43, 0x5a, 0x1e);
    case std::uint8_t(TaskKind::Other): return qRgb(0x68, 0x80, 0x70);
    case CatCollective: return qRgb(0x96, 0x05, 0x48);
    case CatHcclTask: return qRgb(0xdd, 0x9d, 0xbf);
    case CatHostRange: return qRgb(0x1d, 0x75, 0x8c);
    case CatIteration: return qRgb(0xaf, 0xde, 0xd1);
    case CatFpBp: return qRgb(0x62, 0x67, 0x59);
    case CatRefresh: return qRgb(0xc6, 0xe0, 0x42);
    case CatReduce: return qRgb(0xc9, 0x62, 0x79);
    case CatComputing: return qRgb(0x5c, 0x9b, 0xb8);
    case CatCommunication: return qRgb(0xe1, 0x2f, 0x4f);
    case CatNotOverlapped: return qRgb(0x92, 0x3e, 0x75);
    case CatFree: return qRgb(0xd4, 0xd4, 0xd4);
    case CatAiCpu: return qRgb(0xcd, 0x92, 0x39); // an AI CPU op: the AI_CPU task colour
    case CatTx: return qRgb(0x4b, 0x4b, 0x4b);
    case CatPython: return qRgb(0x9c, 0x6b, 0x30); // a framework host range
    default: return qRgb(0x80, 0x80, 0x80);
    }
}

QRgb Palette::searchColor()
{
    return qRgb(0xff, 0x00, 0xff);
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
    return display::tick(tick, step_);
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

QRect LanePlottable::clipRect() const
{
    return QCPAbstractPlottable::clipRect().adjusted(0, clipTop_, 0, 0);
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
    labels_.clear();
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
    counterCols_.clear();
    if (lane.kind == LaneKind::Counter) {
        if (lane.id < m->counters.size()) {
            const CounterSeries &s = m->counters[lane.id];
            timeline::counterColumns(s, v, &counterCols_);
            paintCounter(painter, QRect(ar.left(), top, v.widthPx, h_), s, counterCols_, counterColor(s), ctx_->text,
                         painter->font());
        }
        return;
    }

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

    // A name inside every event wide enough for a few characters (at most one per 3
    // characters of width, so the cost stays bounded by the view's width).
    if (h >= 10) {
        const QFontMetrics fm(painter->font());
        const int charW = std::max(1, fm.averageCharWidth());
        const int minWidth = 3 * charW + 6;
        for (const Run &r : runs_) {
            // A run standing for several events is named after its longest one when that
            // one alone is wide enough (narrow neighbours merged into its edge columns).
            int x0 = r.x0, x1 = r.x1;
            if (r.count != 1) {
                if (!fromEvents)
                    continue;
                const Columns c = columnsOf(v, double(lane.events.startAt(r.rep)), double(lane.events.end(r.rep)));
                x0 = int(std::max<long long>(c.x0, r.x0));
                x1 = int(std::min<long long>(c.x1, r.x1));
            }
            const int w = x1 - x0;
            if (w < minWidth)
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
            const QRect box(ar.left() + x0 + 3, top + 1, w - 5, h);
            painter->drawText(box, Qt::AlignVCenter | Qt::AlignLeft, text);
            labels_.push_back(SliceLabel{box, std::move(text)});
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

namespace npuscope::ui::timeline {

QCPLayer *setUpTimelinePlot(QCustomPlot *plot, const QSharedPointer<TimeTicker> &ticker, int rulerHeight)
{
    plot->setObjectName(QStringLiteral("timelinePlot"));
    // The timeline draws its own legend; QCustomPlot's would gain an item per lane, and
    // removing lanes one by one re-lays it out each time (quadratic: 100+ ms for a session).
    plot->setAutoAddPlottableToLegend(false);
    plot->setFocusPolicy(Qt::StrongFocus);
    plot->setMouseTracking(true);
    // The key axis on top is the ruler; no value axis (the view lays the rows out).
    plot->setNoAntialiasingOnDrag(true);
    plot->setPlottingHint(QCP::phCacheLabels, true);
    plot->xAxis->setVisible(false);
    plot->yAxis->setVisible(false);
    plot->xAxis2->setVisible(true);
    plot->yAxis->setRange(0, 1);
    ticker->setTickCount(10);
    plot->xAxis2->setTicker(ticker);
    plot->xAxis2->grid()->setVisible(true);
    plot->axisRect()->setAutoMargins(QCP::msNone);
    plot->axisRect()->setMargins(QMargins(0, rulerHeight, 0, 0));
    plot->xAxis2->setTickLabelPadding(2);
    plot->xAxis2->setTickLengthIn(0);
    plot->xAxis2->setTickLengthOut(5);
    // Layers: bands (below events), main (events), flows, cursor (own buffer: hover/selection).
    plot->addLayer(QStringLiteral("bands"), plot->layer(QStringLiteral("grid")), QCustomPlot::limAbove);
    plot->addLayer(QStringLiteral("flows"), plot->layer(QStringLiteral("main")), QCustomPlot::limAbove);
    plot->addLayer(QStringLiteral("cursor"), plot->layer(QStringLiteral("flows")), QCustomPlot::limAbove);
    QCPLayer *cursor = plot->layer(QStringLiteral("cursor"));
    // QCustomPlot buffers its own "overlay" layer; nothing is drawn there, and every buffer
    // costs a full-size blit per frame.
    plot->layer(QStringLiteral("overlay"))->setMode(QCPLayer::lmLogical);
    cursor->setMode(QCPLayer::lmBuffered);
    return cursor;
}

} // namespace npuscope::ui::timeline
