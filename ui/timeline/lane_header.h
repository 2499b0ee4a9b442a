#pragma once
// The lane names left of the timeline plot, row for row with it: a device header per
// device (click: collapse / expand), a triangle on a track's first row (click: collapse /
// expand the track), the pinned lanes above a rule, the lane cursor highlighted. It draws what the view lays out (rows) and reports clicks, the context menu
// and the wheel back; it keeps no state of its own.

#include "ui/timeline/lane_layout.h"
#include "ui/timeline/timeline_model.h"
#include "ui/timeline/timeline_plot.h"

#include <QWidget>

class QMenu;

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
    // Devices whose rows get an accent (the timeline's focus on evidence); empty: none.
    void setHighlightedDevices(std::vector<std::uint16_t> devices);
    // The row under y (this widget's coordinates), or −1.
    int rowAt(int y) const;
    // The full name of the row under y (shown as its tooltip: names are elided to fit).
    QString toolTipAt(int y) const;
    static QString laneName(const Lane &l);
    // The track triangle's width at the left of a row (clicks there toggle the track).
    static constexpr int kTriangleWidth = 14;

Q_SIGNALS:
    void deviceClicked(std::uint16_t device);
    void laneClicked(int lane);
    // The triangle of a track's header row (a Python thread's call depths): expand / collapse.
    void trackClicked(int lane);
    void menuRequested(int lane, std::uint16_t device, const QPoint &globalPos);
    void wheeled(QWheelEvent *e);

protected:
    bool event(QEvent *e) override;
    void paintEvent(QPaintEvent *) override;
    void mousePressEvent(QMouseEvent *e) override;
    void wheelEvent(QWheelEvent *e) override;
    void contextMenuEvent(QContextMenuEvent *e) override;

private:
    State s_;
    std::vector<std::uint16_t> highlighted_;
};

// Colour legend: one swatch and name per item, wrapped into as many rows as the width
// needs (at most kMaxRows; the rest behind a "+N more" entry that lists every item).
class Legend : public QWidget {
    Q_OBJECT
public:
    static constexpr int kMaxRows = 3;
    explicit Legend(QWidget *parent = nullptr);
    void setItems(std::vector<std::pair<QString, QRgb>> items);
    const std::vector<std::pair<QString, QRgb>> &items() const { return items_; }
    // Where each item sits at `width` (an empty rect for those behind "+N more"), and the
    // "+N more" entry (empty when every item shows).
    struct Placement {
        std::vector<QRect> items;
        QRect more;
        int rows = 0;
    };
    Placement place(int width) const;
    QString moreText(int hidden) const;
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    // The popup listing every item ("+N more").
    QMenu *allItemsMenu();

protected:
    void paintEvent(QPaintEvent *) override;
    void mousePressEvent(QMouseEvent *e) override;

private:
    int rowHeight() const;
    std::vector<std::pair<QString, QRgb>> items_;
};

// The legend's name of a task type (msprof spelling) or of another lane's category.
QString categoryName(std::uint8_t type);

// What the legend lists for the model in a colour mode: the task types drawn and the
// other categories' colours, or the op types by total time; then the counter tracks'
// line colours (in both modes).
std::vector<std::pair<QString, QRgb>> legendItems(const Model &m, const Palette &palette, ColorMode mode);

} // namespace npuscope::ui::timeline
