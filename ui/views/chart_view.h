#pragma once
// The "Charts" tab: the analysis charts of the selected session (core/analysis/chart_data.h)
// drawn with QCustomPlot (raster). A list on the left picks the chart; each chart has its
// own plot, hover tooltips with the exact values, theme-aware colours, and PNG / PDF export.
// When a chart has no data, a sentence says why (and which profiling option records it)
// instead of an empty plot.
//
// The view follows the explorer selection (session, device, model, iteration) and a time
// range selected in the timeline; a device picker chooses the devices every chart covers
// (all of them, or those picked; selecting a device in the explorer picks it). The series
// are computed as a background job (ui/job_runner.h) with its own read-only connection, so
// a large session never blocks the GUI. Iteration charts (step breakdown, iteration time
// per device) show the iterations whose FP start lies in the time range (all without one),
// the breakdown one group of bars per picked device; clicking one of their bars or points
// asks the timeline to show that iteration's span on that device (signal showInTimeline).
// The memory chart draws the
// allocator's allocated / reserved / active memory per component and the modules'
// reservations over time, on the timeline's time axis (0 = the timeline's first event; the
// allocator's samples may start before it).

#include "core/analysis/chart_data.h"
#include "ui/job_runner.h"
#include "ui/project_explorer.h"

#include <QPointer>
#include <QWidget>
#include <map>
#include <memory>

class QCustomPlot;
class QCPAbstractPlottable;
class QCPBarsGroup;
class QCPTextElement;
class QLabel;
class QListWidget;
class QMenu;
class QPushButton;
class QSpinBox;
class QStackedWidget;
class QToolButton;

namespace npuscope::ui {

class ChartsView : public QWidget {
    Q_OBJECT
public:
    enum Chart { TopOps, Steps, Devices, Pipes, Bandwidth, L2, Memory, ChartCount };

    explicit ChartsView(QWidget *parent = nullptr);
    ~ChartsView() override;

    // Follows the explorer: a new session re-reads it, a new device/model/iteration
    // re-scopes it (and clears the time range when the session changes).
    void setSelection(const ExplorerSelection &selection);
    // [start, end) in absolute ns from the timeline; an empty range clears the limit.
    void setTimeRange(qint64 start, qint64 end);
    // The devices the charts cover; empty: every device of the session.
    void setDevices(std::vector<std::uint16_t> devices);
    const std::vector<std::uint16_t> &devices() const { return picked_; }
    // The session's devices (known once the first computation is in).
    const std::vector<std::uint16_t> &sessionDevices() const { return sessionDevices_; }
    void setTopN(int n);
    int topN() const;

    void setCurrentChart(Chart c);
    Chart currentChart() const;
    QCustomPlot *plot(Chart c) const;
    // The sentence shown instead of the plot when the chart has no data ("" when it has).
    QString message(Chart c) const;
    // The tooltip text for the plot position (plot widget coordinates); "" if nothing there.
    QString toolTipAt(Chart c, const QPoint &pos) const;
    // The device and iteration a Steps / Devices plot point stands for (for click-through).
    struct IterationRef { int device = -1; std::uint32_t iteration = 0; qint64 start = 0, end = 0; };
    IterationRef iterationAt(Chart c, const QPoint &pos) const;

    // Latest computed series (empty before the first result).
    const analysis::charts::ChartSet &data() const { return data_; }
    bool isComputing() const { return jobs_.isBusy(); }
    // Computation runs only while the view is shown (a hidden tab computes when it appears).
    // Processes events until no computation is pending or msecs pass; for tests.
    bool waitForData(int msecs);

    // Writes the chart as PNG or PDF (by the file suffix). A null size uses the plot's
    // size on screen (1200×700 if it was never shown). False + *error when the chart has
    // no data or the file cannot be written.
    bool exportChart(Chart c, const QString &path, QSize size = {}, QString *error = nullptr);

Q_SIGNALS:
    void showInTimeline(int device, qint64 stream, qint64 start, qint64 end);
    void dataReady();

protected:
    void changeEvent(QEvent *e) override;
    void showEvent(QShowEvent *e) override;

private:
    void retranslateUi();
    void recompute();
    void adopt(analysis::charts::ChartSet set, QString error, TimeNs origin, std::vector<std::uint16_t> devices);
    void fillDeviceMenu();
    QString pickedText() const;
    void rebuild();
    void rebuildChart(Chart c);
    void styleAll();
    void exportCurrent();
    void updateScopeLabel();
    void onHover(Chart c, QMouseEvent *e);
    void onClick(Chart c, QCPAbstractPlottable *p, int index);
    QString chartTitle(Chart c) const;
    QString chartName(Chart c) const;

    struct Page {
        QWidget *widget = nullptr;
        QCPTextElement *title = nullptr;
        QLabel *message = nullptr;
        QCustomPlot *plot = nullptr;
        // Per plottable, the tooltip of each data index and (iteration charts) its span.
        std::map<const QCPAbstractPlottable *, std::vector<QString>> tips;
        std::map<const QCPAbstractPlottable *, std::vector<IterationRef>> refs;
        std::vector<QPointer<QCPBarsGroup>> groups; // the step breakdown's, one per rebuild
    };
    Page pages_[ChartCount];
    // One per chart (chart_plots.cpp).
    void buildTopOps(Page &pg, QString *missing);
    void buildSteps(Page &pg, QString *missing);
    void buildDevices(Page &pg, QString *missing);
    void buildPipes(Page &pg, QString *missing);
    void buildBandwidth(Page &pg, QString *missing);
    void buildL2(Page &pg, QString *missing);
    void buildMemory(Page &pg, QString *missing);

    QListWidget *list_ = nullptr;
    QStackedWidget *stack_ = nullptr;
    QLabel *scope_ = nullptr;
    QToolButton *clearRange_ = nullptr;
    QToolButton *devicePicker_ = nullptr;
    QMenu *deviceMenu_ = nullptr;
    QLabel *topNLabel_ = nullptr;
    QSpinBox *topN_ = nullptr;
    QPushButton *export_ = nullptr;
    QLabel *status_ = nullptr;

    ExplorerSelection selection_;
    qint64 rangeStart_ = 0, rangeEnd_ = 0;
    std::vector<std::uint16_t> picked_;         // empty: all
    std::vector<std::uint16_t> sessionDevices_; // every device of the session, by id
    analysis::charts::ChartSet data_;
    TimeNs origin_ = 0;                   // absolute ns of the session's time 0 (the timeline's)
    analysis::charts::TopOpTypes allOps_; // every op type; the chart folds to topN
    QString error_;

    bool dirty_ = false; // the scope changed while hidden: compute when shown
    JobRunner jobs_;     // last: its running job ends before the members above go
};

} // namespace npuscope::ui
