#include "ui/timeline/timeline_view.h"
#include "core/text/display.h"

#include "ui/background.h"
#include "ui/timeline/details_panel.h"
#include "ui/timeline/lane_header.h"
#include "ui/timeline/marks_model.h"
#include "ui/timeline/minimap.h"
#include "ui/timeline/python_lanes.h"
#include "ui/timeline/timeline_input.h"
#include "ui/timeline/timeline_paint.h"
#include "ui/timeline/timeline_toolbar.h"
#include "ui/timeline/zoom_control.h"

#include <QApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QScrollBar>
#include <QSettings>
#include <QSplitter>
#include <QTimer>
#include <QVBoxLayout>

#include <cmath>
#include <malloc.h>

namespace npuscope::ui {

using namespace analysis::timeline;

namespace {
constexpr int kHeaderWidth = 270;
constexpr const char *kNameWidthKey = "timeline/laneNameWidth";
constexpr int kRulerHeight = 30;
// The top strip carries the iteration labels, so no label ever covers a lane.
const timeline::LaneLayout::Geometry &kGeometry = timeline::kTimelineGeometry;

timeline::LaneKey laneKey(const timeline::Lane &l)
{
    return {int(l.kind), l.device, l.id};
}

} // namespace

TimelineView::TimelineView(QWidget *parent) : QWidget(parent)
{
    setFocusPolicy(Qt::StrongFocus);
    zoom_ = new timeline::ZoomControl(this);
    marks_ = new timeline::MarksModel(this);
    auto *top = new QVBoxLayout(this);
    top->setContentsMargins(0, 0, 0, 0);
    top->setSpacing(2);

    toolbar_ = new timeline::TimelineToolbar(this);
    searchEdit_ = toolbar_->searchEdit();
    regexBox_ = toolbar_->regexBox();
    matchLabel_ = toolbar_->matchLabel();
    colorBox_ = toolbar_->colorBox();
    flowsBox_ = toolbar_->flowsBox();
    top->addWidget(toolbar_);

    legend_ = new timeline::Legend(this);
    top->addWidget(legend_);
    minimap_ = new timeline::Minimap(this);
    top->addWidget(minimap_);

    split_ = new QSplitter(Qt::Vertical, this);
    // The lane names and the plot side by side; the names' width is the user's (dragging
    // the handle), remembered for every timeline.
    auto *plotArea = new QSplitter(Qt::Horizontal, split_);
    plotArea->setObjectName(QStringLiteral("timelineNameSplit"));
    plotArea->setChildrenCollapsible(false);
    plotArea->setHandleWidth(5);
    header_ = new timeline::LaneHeader(plotArea);
    header_->setObjectName(QStringLiteral("timelineLaneHeader"));
    header_->setMinimumWidth(80);
    auto *plotBox = new QWidget(plotArea);
    auto *plotRow = new QHBoxLayout(plotBox);
    plotRow->setContentsMargins(0, 0, 0, 0);
    plotRow->setSpacing(0);
    plot_ = new QCustomPlot(plotBox);
    vscroll_ = new QScrollBar(Qt::Vertical, plotBox);
    plotRow->addWidget(plot_, 1);
    plotRow->addWidget(vscroll_);
    plotArea->addWidget(header_);
    plotArea->addWidget(plotBox);
    plotArea->setStretchFactor(0, 0);
    plotArea->setStretchFactor(1, 1);
    plotArea->setSizes({std::max(80, QSettings().value(QLatin1String(kNameWidthKey), kHeaderWidth).toInt()), 1600});
    connect(plotArea, &QSplitter::splitterMoved, this, [this] {
        QSettings().setValue(QLatin1String(kNameWidthKey), header_->width());
        QTimer::singleShot(0, this, &TimelineView::fitToSize);
    });
    panel_ = new timeline::DetailsPanel(split_);
    split_->addWidget(plotArea);
    split_->addWidget(panel_);
    split_->setStretchFactor(0, 4);
    split_->setStretchFactor(1, 1);
    split_->setSizes({700, 220});
    top->addWidget(split_, 1);

    status_ = new QLabel(this);
    status_->setContentsMargins(6, 0, 6, 2);
    top->addWidget(status_);

    ticker_.reset(new timeline::TimeTicker);
    overlayLayer_ = timeline::setUpTimelinePlot(plot_, ticker_, kRulerHeight);
    applyThemeColors();
    new timeline::PaintLayerable(plot_, QStringLiteral("bands"), [this](QCPPainter *p, const QRect &r) {
        timeline::BandState s;
        s.model = model_.get();
        s.view = zoom_->view();
        s.rows = &rows_;
        s.marks = &marks_->marks();
        s.font = font();
        s.palette = palette();
        timeline::paintBands(p, r, s);
    });
    new timeline::PaintLayerable(plot_, QStringLiteral("cursor"), [this](QCPPainter *p, const QRect &r) {
        timeline::OverlayState s = input_->overlayState();
        s.model = model_.get();
        s.view = zoom_->view();
        if (!s.selecting) {
            s.rangeStart = zoom_->rangeStart();
            s.rangeEnd = zoom_->rangeEnd();
        }
        s.matches = &search_.matches();
        s.selectedLane = zoom_->hasEvent() ? zoom_->eventLane() : -1;
        s.selectedEvent = zoom_->eventIndex();
        s.tickStep = ticker_->lastStep();
        s.laneHeight = kGeometry.laneHeight;
        // Matches inside a collapsed track show on the track's row.
        s.rowY = [this](int lane) { return rowY(layout_.rowLane(lane)); };
        s.font = font();
        s.palette = palette();
        timeline::paintOverlay(p, r, s);
        paintFlowsAndReadout(p, r, s.mouse, s.mouseInside);
    });

    buildOverlays();

    input_ = std::make_unique<timeline::TimelineInput>(*this);
    plot_->installEventFilter(this);
    searchEdit_->installEventFilter(this);

    connect(zoom_, &timeline::ZoomControl::viewChanged, this, [this] {
        const View &v = zoom_->view();
        plot_->xAxis2->setRange(v.t0, v.t1);
        plot_->xAxis->setRange(v.t0, v.t1);
        const TimeNs o = model_ ? model_->origin : 0;
        emit visibleRangeChanged(qint64(v.t0) + o, qint64(v.t1) + o);
        minimap_->setWindow(v.t0, v.t1);
        replotAll();
    });
    connect(minimap_, &timeline::Minimap::windowRequested, this, [this](double t0, double t1) {
        if (model_)
            zoom_->setWindow(t0, t1);
    });
    connect(zoom_, &timeline::ZoomControl::rangeChanged, this, [this] {
        if (!model_ || !zoom_->hasRange()) {
            panel_->clearRange();
        } else {
            panel_->showRange(*model_, TimeNs(std::llround(zoom_->rangeStart())), TimeNs(std::llround(zoom_->rangeEnd())));
        }
        replotOverlay();
    });
    connect(vscroll_, &QScrollBar::valueChanged, this, [this](int v) {
        scroll_ = v;
        relayout();
        replotAll();
    });
    connect(header_, &timeline::LaneHeader::deviceClicked, this, [this](std::uint16_t d) {
        setDeviceCollapsed(d, !layout_.isCollapsed(d));
        plot_->setFocus();
    });
    connect(header_, &timeline::LaneHeader::trackClicked, this, [this](int lane) {
        setTrackCollapsed(lane, !layout_.isTrackCollapsed(lane));
        plot_->setFocus();
    });
    connect(header_, &timeline::LaneHeader::laneClicked, this, [this](int lane) {
        currentLane_ = lane;
        relayout();
        plot_->setFocus();
    });
    connect(header_, &timeline::LaneHeader::menuRequested, this, [this](int lane, std::uint16_t device, const QPoint &at) {
        if (lane >= 0) {
            currentLane_ = lane;
            relayout();
        }
        showMenu(laneMenu(lane, device), at);
    });
    connect(header_, &timeline::LaneHeader::wheeled, this, [this](QWheelEvent *e) { QApplication::sendEvent(plot_, e); });
    connect(toolbar_, &timeline::TimelineToolbar::searchRequested, this, [this](const QString &p, bool re) { search(p, re); });
    connect(toolbar_, &timeline::TimelineToolbar::previousRequested, this, &TimelineView::previousMatch);
    connect(toolbar_, &timeline::TimelineToolbar::nextRequested, this, &TimelineView::nextMatch);
    connect(toolbar_, &timeline::TimelineToolbar::colorModeChanged, this, &TimelineView::setColorMode);
    connect(toolbar_, &timeline::TimelineToolbar::helpRequested, this, &TimelineView::toggleHelp);
    connect(toolbar_, &timeline::TimelineToolbar::allFlowsToggled, this, [this] { replotOverlay(); });
    connect(panel_, &timeline::DetailsPanel::wantsShown, this, [this] { setPanelCollapsed(false); });
    connect(panel_, &timeline::DetailsPanel::markActivated, this, [this](int i) {
        const auto &m = marks_->marks();
        if (i >= 0 && i < int(m.size()) && model_) {
            selectRange(m[std::size_t(i)].start, m[std::size_t(i)].end);
            zoomToSelection();
        }
    });
    connect(panel_, &timeline::DetailsPanel::markRemovalRequested, this, &TimelineView::removeMark);
    connect(marks_, &timeline::MarksModel::changed, this, [this] {
        panel_->setMarks(marks_->marks(), model_ ? model_->origin : 0);
        replotAll();
    });
    connect(marks_, &timeline::MarksModel::failed, this, [this](const QString &m) { setStatus(m, true); });
    connect(marks_, &timeline::MarksModel::added, this, [this](const store::TimelineMark &m) {
        setStatus(tr("Marked %1 in the project.").arg(display::duration(double(m.end - m.start))));
    });
    ctx_.palette = &palette_;
    showEmptyState();
    setStatus(tr("No session open."));
}

TimelineView::~TimelineView() = default;


void TimelineView::adopt(std::unique_ptr<timeline::Model> m, bool keepView)
{
    // The selection, hover and matches are event indexes of the old arrays.
    timeline::LaneKey current{-1, -1, 0};
    if (model_ && currentLane_ >= 0)
        current = laneKey(model_->lanes[std::size_t(currentLane_)]);
    const View before = zoom_->view();
    zoom_->clearEvent();
    input_->forgetHover();
    search_.clear();
    // The header keeps pointers into the model being replaced; a repaint before relayout()
    // must not reach them.
    header_->setState({});
    std::unique_ptr<timeline::Model> old = std::move(model_);
    model_ = std::move(m);
    ctx_.model = model_.get();
    // Freeing the previous model (gigabytes for a 10 M task session) and handing the pages
    // back, so that session does not keep its loading peak resident, take the GUI thread
    // far past a frame: both happen on the background worker.
    minimap_->setLod(&model_->lod, double(model_->extent));
    releaseInBackground(std::move(old));
    runInBackground([] { malloc_trim(0); });
    palette_.rebuild(*model_);
    std::vector<timeline::LaneKey> keys;
    for (const auto &l : model_->lanes)
        keys.push_back(laneKey(l));
    std::vector<std::uint16_t> devices;
    for (const auto &d : model_->devices)
        devices.push_back(d.id);
    layout_.setLanes(std::move(keys), std::move(devices));
    layout_.setTrackHeads(timeline::pythonTrackHeads(*model_));
    currentLane_ = -1;
    for (int i = 0; i < layout_.laneCount() && current.kind >= 0; ++i)
        if (layout_.key(i) == current)
            currentLane_ = i;
    for (auto *p : plottables_)
        plot_->removePlottable(p);
    plottables_.clear();
    for (std::size_t i = 0; i < model_->lanes.size(); ++i) {
        auto *p = new timeline::LanePlottable(plot_->xAxis2, plot_->yAxis, &ctx_);
        p->setRow(int(i), 0, 0);
        p->setVisible(false);
        plottables_.push_back(p);
    }
    zoom_->reset(double(model_->extent));
    showEmptyState();
    syncWidth();
    if (keepView)
        zoom_->setWindow(before.t0, before.t1);
    relayout();
    refreshLegend();
    replotAll();
    if (model_->detailsLoaded)
        setStatus(tr("%1: %2 tasks on %n device(s). Press ? for the keys.", nullptr, int(model_->devices.size()))
                      .arg(model_->sessionName, QLocale().toString(qulonglong(model_->taskCount()))));
    if (!searchEdit_->text().isEmpty() && model_->detailsLoaded)
        search(searchEdit_->text(), regexBox_->isChecked());
}

void TimelineView::showEmptyState()
{
    const bool empty = !model_;
    plot_->xAxis2->setVisible(!empty);
    plot_->xAxis2->grid()->setVisible(!empty);
    empty_->setGeometry(plot_->rect());
    empty_->setVisible(empty);
    vscroll_->setVisible(!empty);
}

void TimelineView::syncWidth()
{
    zoom_->setWidth(std::max(1, plot_->axisRect()->width()));
}

void TimelineView::relayout()
{
    if (!model_) {
        rows_ = {};
        return;
    }
    rows_ = layout_.layout(plot_->axisRect()->height(), scroll_, kGeometry);
    scroll_ = rows_.scroll;
    {
        const QSignalBlocker block(vscroll_);
        vscroll_->setRange(0, rows_.maxScroll);
        vscroll_->setPageStep(std::max(1, plot_->axisRect()->height() - rows_.pinnedHeight));
        vscroll_->setSingleStep(kGeometry.laneHeight);
        vscroll_->setValue(scroll_);
    }
    for (auto *p : plottables_)
        p->setVisible(false);
    for (const timeline::LaneRow &r : rows_.rows) {
        if (r.lane < 0)
            continue;
        plottables_[std::size_t(r.lane)]->setRow(r.lane, r.y, r.h, r.pinned ? rows_.top : rows_.pinnedHeight);
        plottables_[std::size_t(r.lane)]->setVisible(true);
    }
    const QRect ar = plot_->axisRect()->rect();
    header_->setState({model_.get(), &layout_, &rows_, ar.top(), ar.bottom(), currentLane_});
}

void TimelineView::replotAll()
{
    plot_->replot(QCustomPlot::rpQueuedReplot);
    header_->update();
}

void TimelineView::replotOverlay()
{
    overlayLayer_->replot();
}

int TimelineView::rowY(int lane) const
{
    for (const auto &r : rows_.rows)
        if (r.lane == lane)
            return r.y;
    return INT_MIN;
}

} // namespace npuscope::ui
