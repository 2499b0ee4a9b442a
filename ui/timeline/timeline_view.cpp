#include "ui/timeline/timeline_view.h"
#include "core/text/display.h"

#include "core/analysis/timeline_math.h"
#include "ui/background.h"
#include "ui/timeline/counter_track.h"
#include "ui/timeline/details_panel.h"
#include "ui/timeline/flow_overlay.h"
#include "ui/timeline/lane_header.h"
#include "ui/timeline/marks_model.h"
#include "ui/timeline/minimap.h"
#include "ui/timeline/python_lanes.h"
#include "ui/timeline/timeline_input.h"
#include "ui/timeline/timeline_paint.h"
#include "ui/timeline/zoom_control.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDeadlineTimer>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QScrollBar>
#include <QSettings>
#include <QSplitter>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <cmath>
#include <malloc.h>

namespace npuscope::ui {

using namespace analysis::timeline;
using timeline::LaneKind;

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

    auto *bar = new QHBoxLayout;
    bar->setContentsMargins(4, 2, 4, 0);
    searchEdit_ = new QLineEdit(this);
    searchEdit_->setObjectName(QStringLiteral("timelineSearch"));
    searchEdit_->setPlaceholderText(tr("Search op names (Enter: next, Shift+Enter: previous)"));
    searchEdit_->setClearButtonEnabled(true);
    regexBox_ = new QCheckBox(tr("Regex"), this);
    matchLabel_ = new QLabel(this);
    matchLabel_->setMinimumWidth(120);
    auto *prev = new QToolButton(this);
    prev->setText(QString::fromUtf8("\u25C0"));
    prev->setToolTip(tr("Previous match (Shift+Enter)"));
    auto *next = new QToolButton(this);
    next->setText(QString::fromUtf8("\u25B6"));
    next->setToolTip(tr("Next match (Enter)"));
    colorBox_ = new QComboBox(this);
    colorBox_->addItem(tr("Colour by task type"));
    colorBox_->addItem(tr("Colour by op type"));
    auto *helpButton = new QToolButton(this);
    helpButton->setText(QStringLiteral("?"));
    helpButton->setToolTip(tr("Keyboard shortcuts (?)"));
    bar->addWidget(searchEdit_, 3);
    bar->addWidget(regexBox_);
    bar->addWidget(prev);
    bar->addWidget(next);
    bar->addWidget(matchLabel_);
    bar->addStretch(1);
    flowsBox_ = new QCheckBox(tr("All flows"), this);
    flowsBox_->setObjectName(QStringLiteral("timelineAllFlows"));
    flowsBox_->setToolTip(tr("Draw every flow arrow in view (host launch → device task), not only those of the "
                             "selected event. J or the event's menu follows an arrow to its other end."));
    bar->addWidget(flowsBox_);
    bar->addWidget(colorBox_);
    bar->addWidget(helpButton);
    top->addLayout(bar);

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
    plot_->setObjectName(QStringLiteral("timelinePlot"));
    // The timeline draws its own legend; QCustomPlot's would gain an item per lane, and
    // removing lanes one by one re-lays it out each time (quadratic: 100+ ms for a session).
    plot_->setAutoAddPlottableToLegend(false);
    plot_->setFocusPolicy(Qt::StrongFocus);
    plot_->setMouseTracking(true);
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

    // The plot: key axis on top (the ruler), no value axis (rows are laid out by the view).
    plot_->setNoAntialiasingOnDrag(true);
    plot_->setPlottingHint(QCP::phCacheLabels, true);
    plot_->xAxis->setVisible(false);
    plot_->yAxis->setVisible(false);
    plot_->xAxis2->setVisible(true);
    plot_->yAxis->setRange(0, 1);
    ticker_.reset(new timeline::TimeTicker);
    ticker_->setTickCount(10);
    plot_->xAxis2->setTicker(ticker_);
    plot_->xAxis2->grid()->setVisible(true);
    applyThemeColors();
    plot_->axisRect()->setAutoMargins(QCP::msNone);
    plot_->axisRect()->setMargins(QMargins(0, kRulerHeight, 0, 0));
    plot_->xAxis2->setTickLabelPadding(2);
    plot_->xAxis2->setTickLengthIn(0);
    plot_->xAxis2->setTickLengthOut(5);
    // Layers: bands (below events), main (events), cursor (own buffer: hover/selection).
    plot_->addLayer(QStringLiteral("bands"), plot_->layer(QStringLiteral("grid")), QCustomPlot::limAbove);
    plot_->addLayer(QStringLiteral("flows"), plot_->layer(QStringLiteral("main")), QCustomPlot::limAbove);
    plot_->addLayer(QStringLiteral("cursor"), plot_->layer(QStringLiteral("flows")), QCustomPlot::limAbove);
    overlayLayer_ = plot_->layer(QStringLiteral("cursor"));
    // QCustomPlot buffers its own "overlay" layer; nothing is drawn there, and every buffer
    // costs a full-size blit per frame.
    plot_->layer(QStringLiteral("overlay"))->setMode(QCPLayer::lmLogical);
    overlayLayer_->setMode(QCPLayer::lmBuffered);
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

    help_ = new QLabel(this);
    help_->setObjectName(QStringLiteral("timelineHelp"));
    help_->setAutoFillBackground(true);
    help_->setStyleSheet(QStringLiteral("QLabel { background: rgba(30,30,30,225); color: white; padding: 14px; border-radius: 6px; }"));
    help_->setText(timeline::TimelineInput::keysHelp());
    help_->hide();

    // Without a session the plot would show an axis of nothing ("1 ns 2 ns …"): say what
    // to do instead.
    empty_ = new QLabel(plot_);
    empty_->setObjectName(QStringLiteral("timelineEmpty"));
    empty_->setAlignment(Qt::AlignCenter);
    empty_->setWordWrap(true);
    empty_->setText(tr("No session open.\nOpen a project (File → Open Project…) or record one (File → New Session…), "
                       "then select a session in the project explorer."));

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
    auto *searchTimer = new QTimer(this);
    searchTimer->setSingleShot(true);
    searchTimer->setInterval(250);
    connect(searchEdit_, &QLineEdit::textChanged, searchTimer, qOverload<>(&QTimer::start));
    connect(regexBox_, &QCheckBox::toggled, searchTimer, qOverload<>(&QTimer::start));
    connect(searchTimer, &QTimer::timeout, this, [this] { search(searchEdit_->text(), regexBox_->isChecked()); });
    connect(prev, &QToolButton::clicked, this, &TimelineView::previousMatch);
    connect(next, &QToolButton::clicked, this, &TimelineView::nextMatch);
    connect(colorBox_, qOverload<int>(&QComboBox::currentIndexChanged), this,
            [this](int i) { setColorMode(i == 1 ? timeline::ColorMode::OpType : timeline::ColorMode::TaskType); });
    connect(helpButton, &QToolButton::clicked, this, &TimelineView::toggleHelp);
    connect(flowsBox_, &QCheckBox::toggled, this, [this] { replotOverlay(); });
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
        setStatus(tr("%1: %2 tasks on %3 devices. Press ? for the keys.")
                      .arg(model_->sessionName, QLocale().toString(qulonglong(model_->taskCount())))
                      .arg(model_->devices.size()));
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

void TimelineView::setVisibleRange(TimeNs start, TimeNs end)
{
    if (!model_)
        return;
    syncWidth();
    zoom_->setWindow(double(start - model_->origin), double(std::max(end, start + 1) - model_->origin));
}

std::pair<TimeNs, TimeNs> TimelineView::visibleRange() const
{
    const TimeNs o = model_ ? model_->origin : 0;
    const View &v = zoom_->view();
    return {TimeNs(std::llround(v.t0)) + o, TimeNs(std::llround(v.t1)) + o};
}

void TimelineView::selectRange(TimeNs start, TimeNs end)
{
    if (!model_)
        return;
    zoom_->setRange(double(start - model_->origin), double(end - model_->origin));
    if (end != start)
        emit rangeSelected(std::min(start, end), std::max(start, end));
}

std::pair<TimeNs, TimeNs> TimelineView::selectedRange() const
{
    if (!model_ || !zoom_->hasRange())
        return {0, 0};
    return {TimeNs(std::llround(zoom_->rangeStart())) + model_->origin, TimeNs(std::llround(zoom_->rangeEnd())) + model_->origin};
}

void TimelineView::clearSelection()
{
    zoom_->clearEvent();
    zoom_->clearRange();
    panel_->clearEvent();
    replotOverlay();
}

bool TimelineView::selectTask(std::uint16_t device, std::uint32_t stream, TimeNs start)
{
    if (!model_)
        return false;
    for (std::size_t i = 0; i < model_->lanes.size(); ++i) {
        const auto &l = model_->lanes[i];
        if (l.kind != LaneKind::Stream || l.device != device || l.id != stream)
            continue;
        const TimeNs rel = start - model_->origin;
        const std::size_t at = l.events.lowerBound(rel);
        if (at == l.events.size() || l.events.startAt(at) != rel)
            return false;
        selectEvent(int(i), at, true);
        return true;
    }
    return false;
}

bool TimelineView::selectLaneEvent(int lane, std::size_t event)
{
    if (!model_ || lane < 0 || lane >= int(model_->lanes.size()) || event >= model_->lanes[std::size_t(lane)].events.size())
        return false;
    selectEvent(lane, event, true);
    return true;
}

bool TimelineView::hit(const QPoint &pos, int *lane, std::size_t *event) const
{
    if (!model_)
        return false;
    const QRect ar = plot_->axisRect()->rect();
    if (!ar.contains(pos))
        return false;
    const int row = header_->rowAt(pos.y());
    if (row < 0 || rows_.rows[std::size_t(row)].lane < 0)
        return false;
    const int l = rows_.rows[std::size_t(row)].lane;
    View v = zoom_->view();
    v.widthPx = std::max(1, ar.width());
    const double t = pixelToTime(v, pos.x() - ar.left());
    const TimeNs slack = TimeNs(std::ceil(3 * v.nsPerPixel()));
    if (!eventAt(model_->lanes[std::size_t(l)].events, TimeNs(std::floor(t)), slack, event))
        return false;
    *lane = l;
    return true;
}

void TimelineView::selectEvent(int lane, std::size_t event, bool reveal)
{
    zoom_->selectEvent(lane, event);
    currentLane_ = lane;
    const auto &l = model_->lanes[std::size_t(lane)];
    if (reveal) {
        syncWidth();
        zoom_->reveal(double(l.events.startAt(event)), double(l.events.end(event)));
        revealLane(lane);
    }
    relayout();
    panel_->showEvent(*model_, lane, event, store_.get());
    replotOverlay();
    emit taskSelected(l.device, l.process + QLatin1Char(' ') + l.title, qint64(l.events.startAt(event) + model_->origin),
                      qint64(l.events.durationAt(event)));
}

void TimelineView::revealLane(int lane)
{
    if (rowY(lane) == INT_MIN) {
        // Hidden, in a collapsed track or a collapsed device: show it.
        layout_.setCollapsed(std::uint16_t(model_->lanes[std::size_t(lane)].device), false);
        layout_.setHidden(lane, false);
        if (layout_.rowLane(lane) != lane)
            layout_.setTrackCollapsed(lane, false);
    }
    // Scroll its row (in the layout without scrolling) a third down the view.
    const auto all = layout_.layout(INT_MAX / 2, 0, kGeometry);
    for (const auto &r : all.rows)
        if (r.lane == lane && !r.pinned) {
            const int viewH = plot_->axisRect()->height();
            const int shown = r.y - scroll_;
            if (shown < rows_.pinnedHeight || shown + r.h > viewH)
                scroll_ = r.y - all.pinnedHeight - viewH / 3;
        }
    relayout();
    replotAll();
}

QString TimelineView::selectedDetailsText() const
{
    return panel_->detailsText();
}

void TimelineView::setPanelCollapsed(bool collapsed)
{
    if (collapsed == isPanelCollapsed())
        return;
    const int total = std::max(1, split_->height());
    split_->setSizes(collapsed ? QList<int>{total, 0} : QList<int>{total * 3 / 4, total - total * 3 / 4});
}

bool TimelineView::isPanelCollapsed() const
{
    const QList<int> sizes = split_->sizes();
    return sizes.size() == 2 && sizes.at(1) == 0;
}


} // namespace npuscope::ui
