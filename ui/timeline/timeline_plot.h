#pragma once
// QCustomPlot parts of the timeline: the time ticker (adaptive ns/µs/ms/s), one plottable
// per lane that draws only the visible range with sub-pixel events merged, the band layer
// (iterations, marks, Data_aug Bound flows) and the overlay layer (cursor, hover, selection)
// which is buffered on its own so hovering never redraws events.

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
};

class LanePlottable : public QCPAbstractPlottable {
public:
    LanePlottable(QCPAxis *key, QCPAxis *value, const PlotContext *ctx);
    void setRow(int lane, int y, int h) { lane_ = lane; y_ = y; h_ = h; }
    int lane() const { return lane_; }

    double selectTest(const QPointF &, bool, QVariant *) const override { return -1; }
    QCPRange getKeyRange(bool &foundRange, QCP::SignDomain) const override;
    QCPRange getValueRange(bool &foundRange, QCP::SignDomain, const QCPRange &) const override;
protected:
    void draw(QCPPainter *painter) override;
    void drawLegendIcon(QCPPainter *, const QRectF &) const override {}
private:
    const PlotContext *ctx_;
    int lane_ = -1;
    int y_ = 0;
    int h_ = 0;
    std::vector<analysis::timeline::Run> runs_; // reused between frames
    QImage row_;
};

// Draws over the axis rect with a callback; used for the band layer and the overlay layer.
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
