#pragma once
// The timeline of one recorded session: every msprof lane per device (grouped, collapsible,
// all devices on one time axis), iteration bands, Data_aug Bound flows, colour by task type
// or op type with a legend, details of a clicked task, statistics of a selected range,
// search, marks (stored in the project) and keyboard navigation ('?' lists the keys).
//
// The view is a composition of small parts (ui/timeline/):
//   LaneLayout    which lanes show, in which order, pinned / hidden / collapsed (pure;
//                 saved in the project per session on every change, restored on open)
//   ZoomControl   the visible window, the selected range and the selected event
//   MarksModel    the session's marks and their writes (background jobs)
//   TimelineSearch matches of a name pattern and the current one
//   DetailsPanel  Details / Range statistics / Marks under the plot
//   TimelineToolbar search field, match count, All flows, colour mode, keys button
//   TimelineInput keys, wheel, drag, clicks and the context menus
//   timeline_paint the band and overlay render passes; timeline_plot the lane plottables
// Opening shows the stored level-of-detail summary at once and loads the full details as a
// background job (ui/job_runner.h); detailsLoaded() is emitted when they are in.
//
// Times in this API are absolute device-monotonic nanoseconds, as stored.

#include "ui/job_runner.h"
#include "ui/timeline/lane_layout.h"
#include "ui/timeline/timeline_model.h"
#include "ui/timeline/timeline_plot.h"
#include "ui/timeline/timeline_search.h"

#include <QPointer>
#include <functional>
#include <QWidget>
#include <map>
#include <memory>
#include <optional>

class QCustomPlot;
class QLabel;
class QLineEdit;
class QCheckBox;
class QComboBox;
class QScrollBar;
class QSplitter;
class QMenu;
class QCPPainter;

namespace npuscope::ui {

namespace timeline {
class DetailsPanel;
class LaneHeader;
class Legend;
class MarksModel;
class Minimap;
class TimelineInput;
class TimelineToolbar;
class ZoomControl;
}

class TimelineView : public QWidget {
    Q_OBJECT
public:
    explicit TimelineView(QWidget *parent = nullptr);
    ~TimelineView() override;

    // Opens a session; false + errorString() when it cannot be read (the view stays as it
    // was). The first frame draws from the stored summary; details follow.
    bool open(const QString &projectPath, std::int64_t sessionId);
    // The same, read off the GUI thread (the summary of a long session, its store, layout
    // and marks take the GUI thread past 100 ms): opened(ok) follows, and until then the
    // view keeps showing what it showed. A newer call supersedes one still reading.
    void openInBackground(const QString &projectPath, std::int64_t sessionId);
    bool isOpening() const { return opening_; }
    // Processes events until a background open has been shown or msecs pass; true when a
    // session is shown (tests, the benchmark).
    bool waitForOpen(int msecs);
    // Runs fn now, or once the session being opened in the background is shown (dropped
    // when that open fails): what the user asked of the session they just selected
    // (Show in Timeline) applies to it, not to the one still on screen.
    void whenOpen(std::function<void()> fn);
    QString errorString() const { return error_; }
    bool isDetailsLoaded() const;
    // Processes events until the details are loaded or msecs pass (tests, the benchmark).
    bool waitForDetails(int msecs);

    void setVisibleRange(TimeNs start, TimeNs end);
    std::pair<TimeNs, TimeNs> visibleRange() const;
    void selectRange(TimeNs start, TimeNs end);          // empty range clears
    std::pair<TimeNs, TimeNs> selectedRange() const;     // {0,0} when none
    // Selects the task starting at `start` on (device, stream); false when there is none.
    bool selectTask(std::uint16_t device, std::uint32_t stream, TimeNs start);
    // Selects event `event` of lane `lane` (any lane kind) and brings it into view; false
    // when there is no such event.
    bool selectLaneEvent(int lane, std::size_t event);
    // Clears the selected task and range (Esc).
    void clearSelection();

    // The evidence of a finding or a table row (ui/timeline/timeline_focus.cpp): the
    // devices' main lanes (step trace, busiest streams) pinned to the top, every row of those
    // devices highlighted, the devices expanded and the first scrolled to, the window on
    // [start, end] with a little context and that range selected. The lanes a focus pinned
    // are unpinned by the next focus or clearFocus() (the user's own pins stay); the focus
    // itself saves nothing in the project. False without a session.
    // selectSpan false: the window only (the caller selects a task in it).
    bool focusEvidence(const std::vector<std::uint16_t> &devices, TimeNs start, TimeNs end, bool selectSpan = true);
    void clearFocus();
    const std::vector<std::uint16_t> &focusedDevices() const { return focusDevices_; }
    // Pinned lanes in display order (the user's and a focus's).
    std::vector<int> pinnedLanes() const;

    // Flow arrows (ui/timeline/flow_overlay.h): selects the far end of the selected event's
    // first flow and brings it into view; false when the selection has none.
    bool followFlow();
    // Draw every flow in view, not only the selected event's (the toolbar's "All flows").
    void setAllFlowsShown(bool on);
    // The selected event as (lane, event); lane −1 when none.
    std::pair<int, std::size_t> selectedEvent() const;
    // The lane's row is on screen (not scrolled away, hidden or collapsed).
    bool isLaneOnScreen(int lane) const;
    // The number of arrows the last overlay frame drew (tests).
    int flowsDrawn() const { return flowsDrawn_; }

    // Search by op / event name; returns the number of matches (−1: invalid pattern).
    int search(const QString &pattern, bool regex);
    int matchCount() const { return search_.count(); }
    int currentMatch() const { return search_.current(); }
    void nextMatch();
    void previousMatch();

    // Read-only: the project is open in another NPU Scope window (ui/project_guard.h).
    // Marks and lane layouts are then not written (the layout still changes on screen).
    void setReadOnly(bool readOnly) { readOnly_ = readOnly; }
    bool isReadOnly() const { return readOnly_; }

    // Starts writing a mark into the project (off the GUI thread); false without a session.
    // The status line says when it is kept or why the project refused it.
    bool addMark(TimeNs start, TimeNs end, const QString &label);
    // Removes the index-th mark (Delete in the marks list); refused when read-only.
    bool removeMark(int index);
    std::vector<store::TimelineMark> marks() const;
    // Processes events until every mark and layout write is answered or msecs pass (tests).
    bool waitForWrites(int msecs);

    void setColorMode(timeline::ColorMode mode);
    QCustomPlot *plot() const { return plot_; }
    timeline::Minimap *minimap() const { return minimap_; }
    const timeline::Model *model() const { return model_.get(); }
    // Lanes as shown (after hide/pin/reorder), for tests and the integrator.
    std::vector<int> shownLanes() const;
    void setLaneHidden(int lane, bool hidden);
    void setLanePinned(int lane, bool pinned);
    void moveLane(int lane, int delta);
    void setDeviceCollapsed(std::uint16_t device, bool collapsed);
    bool isDeviceCollapsed(std::uint16_t device) const { return layout_.isCollapsed(device); }
    // A Python thread's call depths form one track (LaneLayout): collapsed (the default past
    // a few depths), its first row shows the top-level ranges and stands for the others.
    // Of the lane's track; saved in the project with the rest of the layout.
    void setTrackCollapsed(int lane, bool collapsed);
    bool isTrackCollapsed(int lane) const;
    const timeline::LaneLayout &laneLayout() const { return layout_; }
    // The top of the lane's row in the plot area (INT_MIN when not on screen), and the rows
    // (from, to) the last overlay frame's arrows were drawn between (tests).
    int laneRowTop(int lane) const { return rowY(lane); }
    const std::vector<std::pair<int, int>> &flowRowsDrawn() const { return flowRows_; }
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
    void opened(bool ok);
    void detailsLoaded();
    void taskSelected(int device, const QString &lane, qint64 start, qint64 duration);
    void rangeSelected(qint64 start, qint64 end);
    void visibleRangeChanged(qint64 start, qint64 end);
    void statusMessage(const QString &text);

protected:
    bool eventFilter(QObject *obj, QEvent *ev) override;
    void keyPressEvent(QKeyEvent *ev) override;
    void resizeEvent(QResizeEvent *ev) override;
    void changeEvent(QEvent *ev) override;

private:
    friend class timeline::TimelineInput;
    struct Opening;
    static Opening readSession(const QString &projectPath, std::int64_t sessionId);
    bool showOpened(Opening o, const QString &projectPath, std::int64_t sessionId);
    void adopt(std::unique_ptr<timeline::Model> m, bool keepView);
    void startLoading();
    void relayout();
    void replotAll();
    void replotOverlay();
    void syncWidth();
    void buildOverlays();
    void showEmptyState();
    void fitToSize();
    void rememberSession();
    int rowY(int lane) const;
    void selectEvent(int lane, std::size_t event, bool reveal);
    void revealLane(int lane);
    void showMatch();
    void markCurrent();
    void zoomToSelection();
    void toggleHelp();
    void setStatus(const QString &text, bool error = false);
    void layoutChanged();
    void persistLayout();
    void writeLayout(const QByteArray &layout, const QString &doneMessage);
    void refreshLegend();
    void applyThemeColors();
    void copyToClipboard(const QString &text, const QString &what);
    void showMenu(QMenu *menu, const QPoint &globalPos);
    void paintFlowsAndReadout(QCPPainter *p, const QRect &r, const QPoint &mouse, bool mouseInside);

    std::unique_ptr<timeline::Model> model_;
    timeline::Palette palette_;
    timeline::PlotContext ctx_;
    std::shared_ptr<store::TimelineStore> store_;
    QString error_;

    timeline::ZoomControl *zoom_ = nullptr;
    timeline::LaneLayout layout_;
    timeline::LaneLayout::Rows rows_;
    timeline::MarksModel *marks_ = nullptr;
    timeline::TimelineSearch search_;
    timeline::DetailsPanel *panel_ = nullptr;
    std::unique_ptr<timeline::TimelineInput> input_;
    int currentLane_ = -1;                   // keyboard lane cursor
    int scroll_ = 0;

    QCustomPlot *plot_ = nullptr;
    QSharedPointer<timeline::TimeTicker> ticker_;
    std::vector<timeline::LanePlottable *> plottables_;
    QCPLayer *overlayLayer_ = nullptr;
    timeline::LaneHeader *header_ = nullptr;
    timeline::Legend *legend_ = nullptr;
    timeline::Minimap *minimap_ = nullptr;   // the whole session, the window on it
    QScrollBar *vscroll_ = nullptr;
    timeline::TimelineToolbar *toolbar_ = nullptr; // owns the fields below
    QLineEdit *searchEdit_ = nullptr;
    QCheckBox *regexBox_ = nullptr;
    QLabel *matchLabel_ = nullptr;
    QComboBox *colorBox_ = nullptr;
    QCheckBox *flowsBox_ = nullptr;
    int flowsDrawn_ = 0;
    std::vector<std::pair<int, int>> flowRows_;
    bool readOnly_ = false;
    QSplitter *split_ = nullptr;
    QLabel *status_ = nullptr;
    QLabel *help_ = nullptr;
    QLabel *empty_ = nullptr;                // what to do when no session is open
    QPointer<QMenu> menu_;                   // the open context menu

    // Per session (project, id): the window, range and search the user left it with,
    // restored when they come back to it.
    struct SessionState {
        double t0 = 0, t1 = 0;
        double rangeStart = 0, rangeEnd = 0;
        QString pattern;
        bool regex = false;
    };
    std::map<std::pair<QString, std::int64_t>, SessionState> sessionStates_;

    // focusEvidence(): the devices highlighted and the lanes it pinned (by key).
    std::vector<std::uint16_t> focusDevices_;
    std::vector<timeline::LaneKey> focusPins_;
    timeline::PaintLayerable *focusPaint_ = nullptr;
    std::int64_t focusSession_ = 0;
    QString focusPath_;
    std::optional<SessionState> restored_;   // being restored while the details load

    // Layout writes, in order and off the GUI thread; the last ones are written even as the
    // view closes.
    JobRunner layoutWrites_{JobRunner::Policy::Queue, QThread::InheritPriority, JobRunner::Ending::Finish};
    bool opening_ = false;
    std::vector<std::function<void()>> whenOpen_;
    JobRunner opens_;
    JobRunner loads_; // last: its running job ends before the members above go
};

} // namespace npuscope::ui
