#pragma once
// The lane names left of the timeline plot, row for row with it: a device header per
// device (click: collapse / expand), the pinned lanes above a rule, the lane cursor
// highlighted. It draws what the view lays out (rows) and reports clicks, the context menu
// and the wheel back; it keeps no state of its own.

#include "ui/timeline/lane_layout.h"
#include "ui/timeline/timeline_model.h"
#include "ui/timeline/timeline_plot.h"

#include <QWidget>

#include <functional>

namespace npuscope::ui::timeline {

class LaneHeader : public QWidget {
    Q_OBJECT
public:
    explicit LaneHeader(QWidget *parent = nullptr);

    struct State {
        const Model *model = nullptr;
        const LaneLayout *layout = nullptr;
        const LaneLayout::Rows *rows = nullptr;
        int top = 0;            // the plot area's top and bottom in this widget's coordinates
        int bottom = 0;
        int currentLane = -1;
    };
    void setState(const State &s);
    // The row under y (this widget's coordinates), or −1.
    int rowAt(int y) const;

Q_SIGNALS:
    void deviceClicked(std::uint16_t device);
    void laneClicked(int lane);
    void menuRequested(int lane, std::uint16_t device, const QPoint &globalPos);
    void wheeled(QWheelEvent *e);

protected:
    void paintEvent(QPaintEvent *) override;
    void mousePressEvent(QMouseEvent *e) override;
    void wheelEvent(QWheelEvent *e) override;
    void contextMenuEvent(QContextMenuEvent *e) override;

private:
    State s_;
};

// Colour legend: one swatch and name per item, in rows.
class Legend : public QWidget {
    Q_OBJECT
public:
    explicit Legend(QWidget *parent = nullptr);
    void setItems(std::vector<std::pair<QString, QRgb>> items);
    const std::vector<std::pair<QString, QRgb>> &items() const { return items_; }

protected:
    void paintEvent(QPaintEvent *) override;

private:
    std::vector<std::pair<QString, QRgb>> items_;
};

// What the legend lists for the model in a colour mode: the task types drawn and the
// other categories' colours, or the op types by total time.
std::vector<std::pair<QString, QRgb>> legendItems(const Model &m, const Palette &palette, ColorMode mode);

} // namespace npuscope::ui::timeline
