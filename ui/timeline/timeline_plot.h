#pragma once
// QCustomPlot parts of the timeline: the time ticker (adaptive ns/µs/ms/s), one plottable
// per lane that draws only the visible range with sub-pixel events merged, the band layer
// (iterations, marks, Data_aug Bound flows) and the overlay layer (cursor, hover, selection)
// which is buffered on its own so hovering never redraws events.

#include "ui/timeline/counter_track.h"
#include "ui/timeline/timeline_model.h"

#include <qcustomplot.h>

#include <functional>
#include <vector>

namespace npuscope::ui::timeline {

enum class ColorMode { TaskType, OpType };

// Colours shared by lanes, legend and tests.
class Palette {
public:
    void rebuild(const Model &m);
    QRgb color(ColorMode mode, std::uint8_t type, StrId opType) const;
    static QRgb typeColor(std::uint8_t type);
    // The outline of search matches: apart from every event colour.
    static QRgb searchColor();
private:
    std::vector<QRgb> opColors_; // by StrId
};

class TimeTicker : public QCPAxisTicker {
public:
    double lastStep() const { return step_; }
protected:
    double getTickStep(const QCPRange &range) override;
    QString getTickLabel(double tick, const QLocale &locale, QChar formatChar, int precision) override;
private:
    double step_ = 1;
};

struct PlotContext {
    const Model *model = nullptr;
    const Palette *palette = nullptr;
    ColorMode mode = ColorMode::TaskType;
    QColor text = Qt::black;           // the theme's text colour (counter axis labels)
};

// A name drawn inside an event: where (plot pixels) and the (elided) text.
struct SliceLabel {
    QRect rect;
    QString text;
};

class LanePlottable : public QCPAbstractPlottable {
public:
    LanePlottable(QCPAxis *key, QCPAxis *value, const PlotContext *ctx);
    // The lane's row in the plot area; nothing is drawn above clipTop (a row scrolled
    // partly under the fixed top of the view).
    void setRow(int lane, int y, int h, int clipTop = 0) { lane_ = lane; y_ = y; h_ = h; clipTop_ = clipTop; }
    int lane() const { return lane_; }
    // The names the last frame drew inside events.
    const std::vector<SliceLabel> &labels() const { return labels_; }
    // A counter lane: the pixel columns the last frame drew (empty for other lanes).
    const std::vector<CounterColumn> &counterColumns() const { return counterCols_; }

    double selectTest(const QPointF &, bool, QVariant *) const override { return -1; }
    QCPRange getKeyRange(bool &foundRange, QCP::SignDomain) const override;
    QCPRange getValueRange(bool &foundRange, QCP::SignDomain, const QCPRange &) const override;
protected:
    void draw(QCPPainter *painter) override;
    void drawLegendIcon(QCPPainter *, const QRectF &) const override {}
    QRect clipRect() const override;
private:
    const PlotContext *ctx_;
    int lane_ = -1;
    int y_ = 0;
    int h_ = 0;
    int clipTop_ = 0;
    std::vector<analysis::timeline::Run> runs_; // reused between frames
    QImage row_;
    std::vector<SliceLabel> labels_;
    std::vector<CounterColumn> counterCols_;
};

// Draws over the axis rect with a callback; used for the band layer and the overlay layer.
// Sets the timeline's plot up: the ruler (the key axis on top, ticks by `ticker`, `rulerHeight`
// px), no value axis, no legend of QCustomPlot's, the bands / flows / cursor layers (the
// cursor layer buffered apart, so hover and selection repaint alone). Returns that layer.
QCPLayer *setUpTimelinePlot(QCustomPlot *plot, const QSharedPointer<TimeTicker> &ticker, int rulerHeight);

class PaintLayerable : public QCPLayerable {
public:
    PaintLayerable(QCustomPlot *plot, const QString &layer, std::function<void(QCPPainter *, const QRect &)> paint);
protected:
    void applyDefaultAntialiasingHint(QCPPainter *painter) const override;
    void draw(QCPPainter *painter) override;
    QRect clipRect() const override;
private:
    std::function<void(QCPPainter *, const QRect &)> paint_;
};

} // namespace npuscope::ui::timeline
