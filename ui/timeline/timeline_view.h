#pragma once
// The timeline of one recorded session: every msprof lane per device (grouped, collapsible,
// all devices on one time axis), iteration bands, Data_aug Bound flows, colour by task type
// or op type with a legend, details of a clicked task, statistics of a selected range,
// search, marks (stored in the project) and keyboard navigation ('?' lists the keys).
//
// The lane layout (hidden, pinned, order, collapsed devices) is saved in the project per
// session on every change and restored on open; resetLayout() forgets it. Right-click menus
// on a lane header, an event and the ruler / selection offer the same actions as the keys.
//
// Opening shows the stored level-of-detail summary at once and loads the full details as a
// background job (ui/job_runner.h); detailsLoaded() is emitted when they are in.
//
// Times in this API are absolute device-monotonic nanoseconds, as stored.

#include "core/analysis/timeline_stats.h"
#include "ui/timeline/timeline_model.h"
#include "ui/job_runner.h"
#include "ui/timeline/timeline_plot.h"

#include <QPointer>
#include <QWidget>
#include <memory>
#include <set>

class QCustomPlot;
class QLabel;
class QLineEdit;
class QCheckBox;
class QComboBox;
class QScrollBar;
class QTabWidget;
class QTreeWidget;
class QTableWidget;
class QListWidget;
class QToolButton;
class QMenu;

namespace npuscope::ui {

namespace timeline { class LaneHeader; class Legend; }

class TimelineView : public QWidget {
    Q_OBJECT
public:
    explicit TimelineView(QWidget *parent = nullptr);
    ~TimelineView() override;

    // Opens a session; false + errorString() when it cannot be read (the view stays as it
    // was). The first frame draws from the stored summary; details follow.
    bool open(const QString &projectPath, std::int64_t sessionId);
    QString errorString() const { return error_; }
    bool isDetailsLoaded() const;
    // Blocks (processing events) until the details are loaded or msecs pass; for tests and
    // the benchmark.
    bool waitForDetails(int msecs);

    void setVisibleRange(TimeNs start, TimeNs end);
    std::pair<TimeNs, TimeNs> visibleRange() const;
    void selectRange(TimeNs start, TimeNs end);          // empty range clears
    std::pair<TimeNs, TimeNs> selectedRange() const;     // {0,0} when none
    // Selects the task starting at `start` on (device, stream); false when there is none.
    bool selectTask(std::uint16_t device, std::uint32_t stream, TimeNs start);

    // Search by op / event name; returns the number of matches (−1: invalid pattern).
    int search(const QString &pattern, bool regex);
    int matchCount() const { return int(matches_.size()); }
    int currentMatch() const { return currentMatch_; }
    void nextMatch();
    void previousMatch();

    bool addMark(TimeNs start, TimeNs end, const QString &label);
    std::vector<store::TimelineMark> marks() const { return marks_; }

    void setColorMode(timeline::ColorMode mode);
    QCustomPlot *plot() const { return plot_; }
    const timeline::Model *model() const { return model_.get(); }
    // Lanes as shown (after hide/pin/reorder), for tests and the integrator.
    std::vector<int> shownLanes() const;
    void setLaneHidden(int lane, bool hidden);
    void setLanePinned(int lane, bool pinned);
    void moveLane(int lane, int delta);
    void setDeviceCollapsed(std::uint16_t device, bool collapsed);
    bool isDeviceCollapsed(std::uint16_t device) const { return collapsed_.count(device) != 0; }
    void showAllLanes();
    // Back to the msprof order with nothing hidden, pinned or collapsed (and forgotten in the project).
    void resetLayout();
    // The details of the selected task as "Field: value" lines (what Ctrl+C copies).
    QString selectedDetailsText() const;
    // The Details / Range statistics / Marks panel below the plot. Collapsed, the plot gets
    // the height (the Compare tab stacks two views); a click on a task or a range selection
    // opens it again, and the user can drag it open.
    void setPanelCollapsed(bool collapsed);
    bool isPanelCollapsed() const;

    // The context menus, built for a lane-header row / a point of the plot (axis-rect
    // pixels) and shown with popup(); public so tests can find the actions by objectName.
    QMenu *laneMenu(int lane, std::uint16_t device);
    QMenu *plotMenu(const QPoint &posInPlot);

signals:
    void detailsLoaded();
    void taskSelected(int device, const QString &lane, qint64 start, qint64 duration);
    void rangeSelected(qint64 start, qint64 end);
    void visibleRangeChanged(qint64 start, qint64 end);
    void statusMessage(const QString &text);

protected:
    bool eventFilter(QObject *obj, QEvent *ev) override;
    void keyPressEvent(QKeyEvent *ev) override;
    void resizeEvent(QResizeEvent *ev) override;

private:
    friend class timeline::LaneHeader;
    void adopt(std::unique_ptr<timeline::Model> m, bool keepView);
    void startLoading();
    void rebuildPlottables();
    void relayout();
    void replotAll();
    void replotOverlay();
    void paintBands(QCPPainter *p, const QRect &r);
    void paintOverlay(QCPPainter *p, const QRect &r);
    void applyView(const analysis::timeline::View &v);
    analysis::timeline::View currentView() const;
    analysis::timeline::Bounds bounds() const;
    int rowAt(int yInAxisRect) const;
    bool hit(const QPoint &pos, int *lane, std::size_t *event) const;
    void selectEvent(int lane, std::size_t event, bool reveal);
    void showDetails();
    void showRangeStats();
    void refreshMarks();
    void refreshLegend();
    void showMatch();
    void markCurrent();
    void zoomToSelection();
    void toggleHelp();
    void setStatus(const QString &text, bool error = false);
    void persistLayout();
    void applyLayoutJson(const QByteArray &json);
    QByteArray layoutJson() const;
    void copyToClipboard(const QString &text, const QString &what);
    void showMenu(QMenu *menu, const QPoint &globalPos);
    int laneRowY(int lane) const;
    void stepEvent(int dir);
    void moveLaneCursor(int dir);
    double cursorPx() const;

    std::unique_ptr<timeline::Model> model_;
    timeline::Palette palette_;
    timeline::PlotContext ctx_;
    std::unique_ptr<store::TimelineStore> store_;
    QString error_;

    QCustomPlot *plot_ = nullptr;
    QSharedPointer<timeline::TimeTicker> ticker_;
    std::vector<timeline::LanePlottable *> plottables_;
    timeline::PaintLayerable *bands_ = nullptr;
    timeline::PaintLayerable *overlay_ = nullptr;
    QCPLayer *overlayLayer_ = nullptr;
    timeline::LaneHeader *header_ = nullptr;
    timeline::Legend *legend_ = nullptr;
    QScrollBar *vscroll_ = nullptr;
    QLineEdit *searchEdit_ = nullptr;
    QCheckBox *regexBox_ = nullptr;
    QLabel *matchLabel_ = nullptr;
    QComboBox *colorBox_ = nullptr;
    QTabWidget *tabs_ = nullptr;
    class QSplitter *split_ = nullptr;
    QTreeWidget *details_ = nullptr;
    QTableWidget *stats_ = nullptr;
    QListWidget *marksList_ = nullptr;
    QLabel *status_ = nullptr;
    QLabel *help_ = nullptr;

    // Lane state, kept across the summary → details swap by lane identity.
    std::vector<int> order_;                 // lanes in display order (within their device)
    std::set<std::tuple<int, int, std::uint32_t>> hidden_, pinned_; // (kind, device, id)
    std::set<std::uint16_t> collapsed_;
    std::vector<std::tuple<int, int, std::uint32_t>> userOrder_; // empty: the msprof order
    QPointer<QMenu> menu_;                   // the open context menu
    std::vector<timeline::LaneRow> rows_;
    int scroll_ = 0;
    int contentHeight_ = 0;
    int pinnedHeight_ = 0;
    int currentLane_ = -1;                   // keyboard lane cursor

    // Interaction state.
    int hoverLane_ = -1;
    std::size_t hoverEvent_ = 0;
    int selLane_ = -1;
    std::size_t selEvent_ = 0;
    double rangeT0_ = 0, rangeT1_ = 0;       // relative; empty when equal
    bool dragging_ = false, selecting_ = false;
    QPoint pressPos_;
    double pressT_ = 0;
    analysis::timeline::View pressView_;
    QPoint mousePos_{-1, -1};
    std::vector<analysis::timeline::Match> matches_;
    std::vector<int> matchLanes_;            // Match::lane → Model lane index
    int currentMatch_ = -1;
    std::vector<store::TimelineMark> marks_;
    JobRunner loads_; // last: its running job ends before the members above go
};

} // namespace npuscope::ui
