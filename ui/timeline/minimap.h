#pragma once
// The overview strip above the ruler: the whole session at once, as the share of stream
// time busy across every device (from the stored level-of-detail summary, so it shows
// before the details load), with the visible window marked on it. Clicking centres the
// window on that time; dragging moves it. The window's width is kept — zooming stays the
// plot's job.

#include "core/store/lod.h"

#include <QWidget>

#include <vector>

namespace npuscope::ui::timeline {

class Minimap : public QWidget {
    Q_OBJECT
public:
    explicit Minimap(QWidget *parent = nullptr);

    // The session's summary (relative times: bucket 0 starts at 0) and its extent in ns;
    // nullptr clears. The caller keeps the summary alive while it is shown.
    void setLod(const store::TimelineLod *lod, double extent);
    // The visible window, relative ns.
    void setWindow(double t0, double t1);
    // Busy share in [0, 1] per pixel column of the current width (tests, drawing).
    std::vector<double> columns(int width) const;
    // The window's left and right edge in widget pixels.
    std::pair<int, int> windowPixels() const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

Q_SIGNALS:
    // The user moved the window: show [t0, t1] (relative ns).
    void windowRequested(double t0, double t1);

protected:
    void paintEvent(QPaintEvent *e) override;
    void mousePressEvent(QMouseEvent *e) override;
    void mouseMoveEvent(QMouseEvent *e) override;
    void changeEvent(QEvent *e) override;

private:
    double timeAt(double x) const;
    void centreAt(double x);
    void retranslateUi();

    const store::TimelineLod *lod_ = nullptr;
    double extent_ = 0;
    double t0_ = 0, t1_ = 0;
    double peak_ = 0; // the busiest moment's share, at the tooltip's resolution
};

} // namespace npuscope::ui::timeline
