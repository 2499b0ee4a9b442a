#include "ui/timeline/timeline_view.h"

#include "core/analysis/timeline_math.h"
#include "core/analysis/timeline_stats.h"
#include "core/options/profiling_options.h"

#include <QApplication>
#include <QClipboard>
#include <QContextMenuEvent>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMenu>
#include <QRegularExpression>
#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPainter>
#include <QScrollBar>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QTimer>
#include <QToolButton>
#include <QToolTip>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <cmath>
#include <malloc.h>

namespace npuscope::ui {

using namespace analysis::timeline;
using timeline::LaneKind;
using timeline::LaneRow;

namespace {
constexpr int kLaneHeight = 20;
constexpr int kHeaderHeight = 22;
constexpr int kHeaderWidth = 270;
constexpr int kRulerHeight = 30;

std::tuple<int, int, std::uint32_t> laneKey(const timeline::Lane &l)
{
    return {int(l.kind), l.device, l.id};
}

QString dur(double ns)
{
    return QString::fromStdString(formatDuration(ns));
}

// Lane identity in the saved layout: stable names, not enum values, so a reordered enum
// never scrambles a layout saved by an older build.
const char *const kKindNames[] = {"cann", "stream", "steptrace", "commkernel", "plane", "overlap", "aicpu", "msproftx"};

QString laneKeyText(const std::tuple<int, int, std::uint32_t> &k)
{
    const int kind = std::get<0>(k);
    return QStringLiteral("%1/%2/%3")
        .arg(QLatin1String(kind >= 0 && kind < 8 ? kKindNames[kind] : "?"))
        .arg(std::get<1>(k))
        .arg(std::get<2>(k));
}

bool laneKeyFromText(const QString &text, std::tuple<int, int, std::uint32_t> *out)
{
    const QStringList parts = text.split(QLatin1Char('/'));
    if (parts.size() != 3)
        return false;
    int kind = -1;
    for (int i = 0; i < 8; ++i)
        if (parts[0] == QLatin1String(kKindNames[i]))
            kind = i;
    bool okDev = false, okId = false;
    const int dev = parts[1].toInt(&okDev);
    const std::uint32_t id = parts[2].toUInt(&okId);
    if (kind < 0 || !okDev || !okId || dev < 0 || dev > 0xffff)
        return false;
    *out = {kind, dev, id};
    return true;
}
} // namespace

namespace timeline {

// Lane names on the left, aligned with the plot's rows; click a device header to collapse.
class LaneHeader : public QWidget {
public:
    explicit LaneHeader(TimelineView *v) : QWidget(v), view_(v)
    {
        setFixedWidth(kHeaderWidth);
        setMouseTracking(true);
    }

protected:
    void paintEvent(QPaintEvent *) override
    {
        QPainter p(this);
        p.fillRect(rect(), palette().window());
        const Model *m = view_->model_.get();
        if (!m)
            return;
        const int top = view_->plot_->axisRect()->rect().top();
        const int bottom = view_->plot_->axisRect()->rect().bottom();
        p.setClipRect(QRect(0, top, width(), bottom - top + 1));
        QFont bold = font();
        bold.setBold(true);
        for (const LaneRow &r : view_->rows_) {
            const QRect box(0, top + r.y, width(), r.h);
            if (box.bottom() < top || box.top() > bottom)
                continue;
            if (r.lane < 0) {
                p.fillRect(box.adjusted(0, 1, 0, -1), palette().mid());
                p.setFont(bold);
                p.setPen(palette().color(QPalette::ButtonText));
                const bool collapsed = view_->collapsed_.count(r.device) != 0;
                QString rank;
                for (const auto &d : m->devices)
                    if (d.id == r.device)
                        rank = TimelineView::tr(" (rank %1)").arg(d.rank);
                p.drawText(box.adjusted(6, 0, -4, 0), Qt::AlignVCenter | Qt::AlignLeft,
                           QString::fromUtf8(collapsed ? "\u25B8 " : "\u25BE ") + TimelineView::tr("Device %1").arg(r.device) + rank);
                continue;
            }
            const Lane &l = m->lanes[std::size_t(r.lane)];
            if (r.lane == view_->currentLane_)
                p.fillRect(box, palette().highlight().color().lighter(170));
            p.setFont(font());
            p.setPen(palette().color(QPalette::Mid));
            p.drawLine(box.bottomLeft(), box.bottomRight());
            p.setPen(palette().color(QPalette::WindowText));
            const QString text = (r.pinned ? QString::fromUtf8("\u2691 ") : QString()) + l.process + QStringLiteral(" \u00B7 ") + l.title;
            p.drawText(box.adjusted(14, 0, -4, 0), Qt::AlignVCenter | Qt::AlignLeft,
                       fontMetrics().elidedText(text, Qt::ElideLeft, width() - 18));
        }
        if (view_->pinnedHeight_ > 0) {
            p.setPen(QPen(palette().color(QPalette::Dark), 2));
            p.drawLine(0, top + view_->pinnedHeight_, width(), top + view_->pinnedHeight_);
        }
    }

    void mousePressEvent(QMouseEvent *e) override
    {
        const int y = e->pos().y() - view_->plot_->axisRect()->rect().top();
        const int row = view_->rowAt(y);
        if (row < 0)
            return;
        const LaneRow &r = view_->rows_[std::size_t(row)];
        if (r.lane < 0) {
            view_->setDeviceCollapsed(r.device, !view_->collapsed_.count(r.device));
        } else {
            view_->currentLane_ = r.lane;
            update();
        }
        view_->plot_->setFocus();
    }

    void wheelEvent(QWheelEvent *e) override { QApplication::sendEvent(view_->plot_, e); }

    void contextMenuEvent(QContextMenuEvent *e) override
    {
        const int y = e->pos().y() - view_->plot_->axisRect()->rect().top();
        const int row = view_->rowAt(y);
        if (row < 0)
            return;
        const LaneRow r = view_->rows_[std::size_t(row)];
        if (r.lane >= 0) {
            view_->currentLane_ = r.lane;
            update();
        }
        view_->showMenu(view_->laneMenu(r.lane, r.device), e->globalPos());
    }

private:
    TimelineView *view_;
};

// Colour legend: the task types (or the op types with the most time) shown right now.
class Legend : public QWidget {
public:
    explicit Legend(QWidget *parent) : QWidget(parent) { setMinimumHeight(20); }
    void setItems(std::vector<std::pair<QString, QRgb>> items)
    {
        items_ = std::move(items);
        update();
    }
protected:
    void paintEvent(QPaintEvent *) override
    {
        QPainter p(this);
        int x = 4;
        const int h = height();
        for (const auto &[name, c] : items_) {
            const int w = fontMetrics().horizontalAdvance(name) + 22;
            if (x + w > width())
                break;
            p.fillRect(QRect(x, h / 2 - 6, 12, 12), QColor(c));
            p.setPen(palette().color(QPalette::WindowText));
            p.drawText(QRect(x + 16, 0, w - 16, h), Qt::AlignVCenter | Qt::AlignLeft, name);
            x += w + 6;
        }
    }
private:
    std::vector<std::pair<QString, QRgb>> items_;
};

} // namespace timeline

TimelineView::TimelineView(QWidget *parent) : QWidget(parent)
{
    setFocusPolicy(Qt::StrongFocus);
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
    bar->addWidget(colorBox_);
    bar->addWidget(helpButton);
    top->addLayout(bar);

    legend_ = new timeline::Legend(this);
    top->addWidget(legend_);

    auto *split = new QSplitter(Qt::Vertical, this);
    split_ = split;
    auto *plotArea = new QWidget(split);
    auto *plotRow = new QHBoxLayout(plotArea);
    plotRow->setContentsMargins(0, 0, 0, 0);
    plotRow->setSpacing(0);
    header_ = new timeline::LaneHeader(this);
    header_->setObjectName(QStringLiteral("timelineLaneHeader"));
    header_->setParent(plotArea);
    plot_ = new QCustomPlot(plotArea);
    plot_->setObjectName(QStringLiteral("timelinePlot"));
    plot_->setFocusPolicy(Qt::StrongFocus);
    plot_->setMouseTracking(true);
    plot_->installEventFilter(this);
    vscroll_ = new QScrollBar(Qt::Vertical, plotArea);
    plotRow->addWidget(header_);
    plotRow->addWidget(plot_, 1);
    plotRow->addWidget(vscroll_);

    tabs_ = new QTabWidget(split);
    details_ = new QTreeWidget(tabs_);
    details_->setObjectName(QStringLiteral("timelineDetails"));
    details_->setColumnCount(2);
    details_->setHeaderLabels({tr("Field"), tr("Value")});
    details_->setRootIsDecorated(false);
    details_->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    stats_ = new QTableWidget(tabs_);
    stats_->setObjectName(QStringLiteral("timelineStats"));
    stats_->setColumnCount(7);
    stats_->setHorizontalHeaderLabels({tr("Group"), tr("Name"), tr("Count"), tr("Total"), tr("Mean"), tr("Min"), tr("Max")});
    stats_->verticalHeader()->hide();
    stats_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    stats_->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);
    marksList_ = new QListWidget(tabs_);
    marksList_->setObjectName(QStringLiteral("timelineMarks"));
    tabs_->addTab(details_, tr("Details"));
    tabs_->addTab(stats_, tr("Range statistics"));
    tabs_->addTab(marksList_, tr("Marks"));
    split->addWidget(plotArea);
    split->addWidget(tabs_);
    split->setStretchFactor(0, 4);
    split->setStretchFactor(1, 1);
    split->setSizes({700, 220});
    top->addWidget(split, 1);

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
    plot_->xAxis2->grid()->setPen(QPen(QColor(0, 0, 0, 28), 0, Qt::DotLine));
    plot_->axisRect()->setAutoMargins(QCP::msNone);
    plot_->axisRect()->setMargins(QMargins(0, kRulerHeight, 0, 0));
    plot_->xAxis2->setTickLabelPadding(2);
    plot_->xAxis2->setTickLengthIn(0);
    plot_->xAxis2->setTickLengthOut(5);
    // Layers: bands (below events), main (events), overlay (own buffer: hover/selection).
    plot_->addLayer(QStringLiteral("bands"), plot_->layer(QStringLiteral("grid")), QCustomPlot::limAbove);
    plot_->addLayer(QStringLiteral("flows"), plot_->layer(QStringLiteral("main")), QCustomPlot::limAbove);
    plot_->addLayer(QStringLiteral("cursor"), plot_->layer(QStringLiteral("flows")), QCustomPlot::limAbove);
    overlayLayer_ = plot_->layer(QStringLiteral("cursor"));
    // QCustomPlot buffers its own "overlay" layer; nothing is drawn there, and every buffer
    // costs a full-size blit per frame.
    plot_->layer(QStringLiteral("overlay"))->setMode(QCPLayer::lmLogical);
    overlayLayer_->setMode(QCPLayer::lmBuffered);
    bands_ = new timeline::PaintLayerable(plot_, QStringLiteral("bands"), [this](QCPPainter *p, const QRect &r) { paintBands(p, r); });
    overlay_ = new timeline::PaintLayerable(plot_, QStringLiteral("cursor"), [this](QCPPainter *p, const QRect &r) { paintOverlay(p, r); });

    help_ = new QLabel(plot_);
    help_->setObjectName(QStringLiteral("timelineHelp"));
    help_->setAutoFillBackground(true);
    help_->setStyleSheet(QStringLiteral("QLabel { background: rgba(30,30,30,225); color: white; padding: 14px; border-radius: 6px; }"));
    help_->setText(tr("<b>Timeline keys</b><table cellspacing=4>"
                      "<tr><td>W / S</td><td>zoom in / out at the mouse</td></tr>"
                      "<tr><td>A / D</td><td>pan left / right</td></tr>"
                      "<tr><td>Ctrl+wheel</td><td>zoom at the mouse</td></tr>"
                      "<tr><td>drag</td><td>pan</td></tr>"
                      "<tr><td>Shift+drag, drag on the ruler</td><td>select a time range</td></tr>"
                      "<tr><td>F</td><td>zoom to the selection</td></tr>"
                      "<tr><td>0 / Home</td><td>show the whole session</td></tr>"
                      "<tr><td>M</td><td>mark the selection (kept in the project)</td></tr>"
                      "<tr><td>click</td><td>select a task: details below</td></tr>"
                      "<tr><td>Left / Right</td><td>previous / next event on the current lane</td></tr>"
                      "<tr><td>Up / Down</td><td>current lane</td></tr>"
                      "<tr><td>Ctrl+Up / Ctrl+Down</td><td>move the current lane</td></tr>"
                      "<tr><td>H / Shift+H</td><td>hide the current lane / show all lanes</td></tr>"
                      "<tr><td>P</td><td>pin the current lane to the top</td></tr>"
                      "<tr><td>Space</td><td>collapse / expand the current device</td></tr>"
                      "<tr><td>Shift+R</td><td>reset the lane layout (kept in the project)</td></tr>"
                      "<tr><td>/ or Ctrl+F</td><td>search; Enter / Shift+Enter: next / previous match</td></tr>"
                      "<tr><td>N / Shift+N</td><td>next / previous match</td></tr>"
                      "<tr><td>C</td><td>colour by task type / op type</td></tr>"
                      "<tr><td>Ctrl+C</td><td>copy the selected task's details</td></tr>"
                      "<tr><td>right-click</td><td>menus of a lane name, an event, the ruler or selection</td></tr>"
                      "<tr><td>Esc</td><td>clear the selection, close this list</td></tr>"
                      "<tr><td>?</td><td>show / hide this list</td></tr></table>"));
    help_->hide();

    connect(plot_->xAxis2, qOverload<const QCPRange &>(&QCPAxis::rangeChanged), this, [this](const QCPRange &r) {
        emit visibleRangeChanged(qint64(r.lower) + (model_ ? model_->origin : 0), qint64(r.upper) + (model_ ? model_->origin : 0));
    });
    connect(vscroll_, &QScrollBar::valueChanged, this, [this](int v) {
        scroll_ = v;
        relayout();
        replotAll();
    });
    auto *searchTimer = new QTimer(this);
    searchTimer->setSingleShot(true);
    searchTimer->setInterval(250);
    connect(searchEdit_, &QLineEdit::textChanged, searchTimer, qOverload<>(&QTimer::start));
    connect(regexBox_, &QCheckBox::toggled, searchTimer, qOverload<>(&QTimer::start));
    connect(searchTimer, &QTimer::timeout, this, [this] { search(searchEdit_->text(), regexBox_->isChecked()); });
    searchEdit_->installEventFilter(this);
    connect(prev, &QToolButton::clicked, this, &TimelineView::previousMatch);
    connect(next, &QToolButton::clicked, this, &TimelineView::nextMatch);
    connect(colorBox_, qOverload<int>(&QComboBox::currentIndexChanged), this,
            [this](int i) { setColorMode(i == 1 ? timeline::ColorMode::OpType : timeline::ColorMode::TaskType); });
    connect(helpButton, &QToolButton::clicked, this, &TimelineView::toggleHelp);
    connect(marksList_, &QListWidget::itemActivated, this, [this](QListWidgetItem *it) {
        const int i = marksList_->row(it);
        if (i >= 0 && i < int(marks_.size()) && model_) {
            selectRange(marks_[std::size_t(i)].start, marks_[std::size_t(i)].end);
            zoomToSelection();
        }
    });
    marksList_->installEventFilter(this);
    ctx_.palette = &palette_;
    setStatus(tr("No session open."));
}

TimelineView::~TimelineView() = default;

bool TimelineView::open(const QString &projectPath, std::int64_t sessionId)
{
    QString msg;
    auto m = timeline::openSkeleton(projectPath, sessionId, &msg);
    if (!m) {
        error_ = msg;
        setStatus(msg, true);
        return false;
    }
    store::StoreError e;
    auto st = store::TimelineStore::open(projectPath, sessionId, &e, &msg);
    if (!st) {
        error_ = msg;
        setStatus(msg, true);
        return false;
    }
    loads_.discard(); // the old session's details are of no use any more
    store_ = std::move(st);
    marks_ = store_->marks();
    order_.clear();
    hidden_.clear();
    pinned_.clear();
    collapsed_.clear();
    userOrder_.clear();
    model_.reset(); // the lane indexes of the old session mean nothing for the new one
    applyLayoutJson(store_->layout());
    scroll_ = 0;
    adopt(std::move(m), false);
    refreshMarks();
    startLoading();
    return true;
}

void TimelineView::startLoading()
{
    // The worker fills its own copy of the skeleton; the GUI keeps drawing the summary.
    auto copy = std::make_unique<timeline::Model>();
    const timeline::Model &m = *model_;
    copy->path = m.path;
    copy->session = m.session;
    copy->sessionName = m.sessionName;
    copy->optionsJson = m.optionsJson;
    copy->origin = m.origin;
    copy->extent = m.extent;
    copy->strings = m.strings;
    copy->ops = m.ops;
    copy->devices = m.devices;
    copy->steps = m.steps;
    copy->lod = m.lod;
    for (const auto &l : m.lanes) {
        timeline::Lane lane;
        lane.kind = l.kind;
        lane.device = l.device;
        lane.id = l.id;
        lane.process = l.process;
        lane.title = l.title;
        lane.lod = l.lod;
        copy->lanes.push_back(std::move(lane));
    }
    setStatus(tr("%1: loading the details of %2 tasks…").arg(m.sessionName).arg(QLocale().toString(qulonglong([&] {
        std::uint64_t n = 0;
        for (const auto &l : m.lod.lanes)
            n += l.tasks;
        return n;
    }()))));
    struct Loaded {
        std::unique_ptr<timeline::Model> model;
        bool ok = false;
        QString message;
    };
    loads_.start(
        [copy = std::move(copy)](JobControl &job) mutable {
            Loaded out;
            out.ok = timeline::loadDetails(copy.get(), *job.cancelFlag(), &out.message);
            out.model = std::move(copy);
            return out;
        },
        [this](Loaded out) {
            if (!out.ok) {
                setStatus(tr("The details of the session could not be loaded: %1").arg(out.message), true);
                return;
            }
            adopt(std::move(out.model), true);
            emit detailsLoaded();
        });
}

bool TimelineView::isDetailsLoaded() const
{
    return model_ && model_->detailsLoaded;
}

bool TimelineView::waitForDetails(int msecs)
{
    loads_.waitForIdle(msecs);
    return isDetailsLoaded();
}

void TimelineView::adopt(std::unique_ptr<timeline::Model> m, bool keepView)
{
    const View before = currentView();
    const bool hadModel = model_ != nullptr;
    // Selection and hover refer to event indexes of the old arrays.
    selLane_ = hoverLane_ = -1;
    matches_.clear();
    matchLanes_.clear();
    currentMatch_ = -1;
    std::tuple<int, int, std::uint32_t> curKey{-1, -1, 0};
    if (model_ && currentLane_ >= 0)
        curKey = laneKey(model_->lanes[std::size_t(currentLane_)]);
    model_ = std::move(m);
    ctx_.model = model_.get();
    // The loader's temporaries and the previous model were freed: hand the pages back so a
    // 10 M task session does not keep its loading peak resident.
    malloc_trim(0);
    palette_.rebuild(*model_);

    // The user's lane order (saved in the project, or made since opening): known lanes in
    // that order, lanes it does not name where the model puts them (after the known lanes
    // of their device). Without one, the msprof order of the model.
    std::map<std::tuple<int, int, std::uint32_t>, int> index;
    for (std::size_t i = 0; i < model_->lanes.size(); ++i)
        index[laneKey(model_->lanes[i])] = int(i);
    order_.clear();
    std::vector<bool> placed(model_->lanes.size(), false);
    for (const auto &k : userOrder_) {
        auto it = index.find(k);
        if (it != index.end() && !placed[std::size_t(it->second)]) {
            order_.push_back(it->second);
            placed[std::size_t(it->second)] = true;
        }
    }
    for (std::size_t i = 0; i < model_->lanes.size(); ++i) {
        if (placed[i])
            continue;
        auto pos = order_.end();
        if (!userOrder_.empty()) {
            pos = order_.begin();
            for (auto it = order_.begin(); it != order_.end(); ++it)
                if (model_->lanes[std::size_t(*it)].device <= model_->lanes[i].device)
                    pos = it + 1;
        }
        order_.insert(pos, int(i));
    }
    currentLane_ = -1;
    if (std::get<0>(curKey) >= 0) {
        auto it = index.find(curKey);
        if (it != index.end())
            currentLane_ = it->second;
    }
    rebuildPlottables();
    if (keepView && hadModel)
        applyView(before);
    else
        applyView(View{0, double(model_->extent), std::max(1, plot_->axisRect()->width())});
    relayout();
    refreshLegend();
    replotAll();
    if (model_->detailsLoaded)
        setStatus(tr("%1: %2 tasks on %3 devices. Press ? for the keys.")
                      .arg(model_->sessionName)
                      .arg(QLocale().toString(qulonglong(model_->taskCount())))
                      .arg(model_->devices.size()));
    if (!searchEdit_->text().isEmpty() && model_->detailsLoaded)
        search(searchEdit_->text(), regexBox_->isChecked());
}

void TimelineView::rebuildPlottables()
{
    for (auto *p : plottables_)
        plot_->removePlottable(p);
    plottables_.clear();
    for (std::size_t i = 0; i < model_->lanes.size(); ++i) {
        auto *p = new timeline::LanePlottable(plot_->xAxis2, plot_->yAxis, &ctx_);
        p->setRow(int(i), 0, 0);
        p->setVisible(false);
        plottables_.push_back(p);
    }
}

void TimelineView::relayout()
{
    rows_.clear();
    if (!model_)
        return;
    int y = 0;
    // Pinned lanes first, outside the scrolled area.
    for (int lane : order_) {
        const auto &l = model_->lanes[std::size_t(lane)];
        if (pinned_.count(laneKey(l)) && !hidden_.count(laneKey(l))) {
            rows_.push_back(LaneRow{lane, l.device, y, kLaneHeight, true});
            y += kLaneHeight;
        }
    }
    pinnedHeight_ = y;
    const int viewH = plot_->axisRect()->height();
    int content = 0;
    std::vector<LaneRow> scrolled;
    for (const auto &dev : model_->devices) {
        scrolled.push_back(LaneRow{-1, dev.id, content, kHeaderHeight, false});
        content += kHeaderHeight;
        if (collapsed_.count(dev.id))
            continue;
        for (int lane : order_) {
            const auto &l = model_->lanes[std::size_t(lane)];
            if (l.device != dev.id || hidden_.count(laneKey(l)) || pinned_.count(laneKey(l)))
                continue;
            scrolled.push_back(LaneRow{lane, l.device, content, kLaneHeight, false});
            content += kLaneHeight;
        }
    }
    contentHeight_ = content;
    const int room = std::max(0, viewH - pinnedHeight_);
    const int maxScroll = std::max(0, content - room);
    scroll_ = std::clamp(scroll_, 0, maxScroll);
    {
        const QSignalBlocker block(vscroll_);
        vscroll_->setRange(0, maxScroll);
        vscroll_->setPageStep(std::max(1, room));
        vscroll_->setSingleStep(kLaneHeight);
        vscroll_->setValue(scroll_);
    }
    for (LaneRow r : scrolled) {
        r.y += pinnedHeight_ - scroll_;
        if (r.y + r.h <= pinnedHeight_ || r.y >= viewH)
            continue; // off screen (or under the pinned lanes)
        rows_.push_back(r);
    }
    for (auto *p : plottables_)
        p->setVisible(false);
    for (const LaneRow &r : rows_) {
        if (r.lane < 0)
            continue;
        auto *p = plottables_[std::size_t(r.lane)];
        p->setRow(r.lane, r.y, r.h);
        p->setVisible(true);
    }
    header_->update();
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

View TimelineView::currentView() const
{
    View v;
    v.t0 = plot_->xAxis2->range().lower;
    v.t1 = plot_->xAxis2->range().upper;
    v.widthPx = std::max(1, plot_->axisRect()->width());
    if (!(v.t1 > v.t0))
        v.t1 = v.t0 + 1;
    return v;
}

Bounds TimelineView::bounds() const
{
    Bounds b;
    b.extent = model_ ? double(model_->extent) : 1.0;
    b.minSpan = 100;
    return b;
}

void TimelineView::applyView(const View &v)
{
    const View c = clampView(v, bounds());
    plot_->xAxis2->setRange(c.t0, c.t1);
    plot_->xAxis->setRange(c.t0, c.t1);
}

void TimelineView::setVisibleRange(TimeNs start, TimeNs end)
{
    if (!model_)
        return;
    View v = currentView();
    v.t0 = double(start - model_->origin);
    v.t1 = double(std::max(end, start + 1) - model_->origin);
    applyView(v);
    replotAll();
}

std::pair<TimeNs, TimeNs> TimelineView::visibleRange() const
{
    const TimeNs o = model_ ? model_->origin : 0;
    return {TimeNs(std::llround(plot_->xAxis2->range().lower)) + o, TimeNs(std::llround(plot_->xAxis2->range().upper)) + o};
}

void TimelineView::selectRange(TimeNs start, TimeNs end)
{
    if (!model_)
        return;
    if (end < start)
        std::swap(start, end);
    rangeT0_ = double(start - model_->origin);
    rangeT1_ = double(end - model_->origin);
    showRangeStats();
    replotOverlay();
    if (end > start)
        emit rangeSelected(start, end);
}

std::pair<TimeNs, TimeNs> TimelineView::selectedRange() const
{
    if (!model_ || rangeT1_ <= rangeT0_)
        return {0, 0};
    return {TimeNs(std::llround(rangeT0_)) + model_->origin, TimeNs(std::llround(rangeT1_)) + model_->origin};
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

int TimelineView::rowAt(int y) const
{
    for (std::size_t i = 0; i < rows_.size(); ++i) {
        const auto &r = rows_[i];
        if (y >= r.y && y < r.y + r.h) {
            if (!r.pinned && y < pinnedHeight_)
                continue;
            return int(i);
        }
    }
    return -1;
}

bool TimelineView::hit(const QPoint &pos, int *lane, std::size_t *event) const
{
    if (!model_)
        return false;
    const QRect ar = plot_->axisRect()->rect();
    if (!ar.contains(pos))
        return false;
    const int row = rowAt(pos.y() - ar.top());
    if (row < 0 || rows_[std::size_t(row)].lane < 0)
        return false;
    const int l = rows_[std::size_t(row)].lane;
    const auto &ev = model_->lanes[std::size_t(l)].events;
    const View v = currentView();
    const double t = pixelToTime(v, pos.x() - ar.left());
    const TimeNs slack = TimeNs(std::ceil(3 * v.nsPerPixel()));
    std::size_t i;
    if (!eventAt(ev, TimeNs(std::floor(t)), slack, &i))
        return false;
    *lane = l;
    *event = i;
    return true;
}

void TimelineView::selectEvent(int lane, std::size_t event, bool reveal)
{
    selLane_ = lane;
    selEvent_ = event;
    currentLane_ = lane;
    const auto &l = model_->lanes[std::size_t(lane)];
    if (reveal) {
        const View v = currentView();
        const double s = double(l.events.startAt(event)), e = double(l.events.end(event));
        if (e - s > v.span())
            applyView(fitRange(v, s, e, 0.1, bounds()));
        else if (s < v.t0 || e > v.t1) {
            View c = v;
            c.t0 = (s + e) / 2 - v.span() / 2;
            c.t1 = c.t0 + v.span();
            applyView(c);
        }
        // Bring the lane into view.
        const int y = laneRowY(lane);
        if (y == INT_MIN) {
            collapsed_.erase(l.device);
            hidden_.erase(laneKey(l));
            relayout();
        }
        const int y2 = laneRowY(lane);
        if (y2 != INT_MIN && (y2 < pinnedHeight_ || y2 + kLaneHeight > plot_->axisRect()->height())) {
            scroll_ += y2 - pinnedHeight_ - plot_->axisRect()->height() / 3;
            relayout();
        } else if (y2 == INT_MIN) {
            // The lane is scrolled away: find its content position.
            scroll_ = 0;
            relayout();
            for (int guard = 0; guard < 1000 && laneRowY(lane) == INT_MIN && scroll_ < vscroll_->maximum(); ++guard) {
                scroll_ += std::max(kLaneHeight, plot_->axisRect()->height() / 2);
                relayout();
            }
        }
        replotAll();
    }
    showDetails();
    replotOverlay();
    header_->update();
    emit taskSelected(l.device, l.process + QLatin1Char(' ') + l.title, qint64(l.events.startAt(event) + model_->origin),
                      qint64(l.events.durationAt(event)));
}

int TimelineView::laneRowY(int lane) const
{
    for (const auto &r : rows_)
        if (r.lane == lane)
            return r.y;
    return INT_MIN;
}

void TimelineView::showDetails()
{
    details_->clear();
    if (!model_ || selLane_ < 0)
        return;
    const auto &m = *model_;
    const auto &l = m.lanes[std::size_t(selLane_)];
    const std::size_t i = selEvent_;
    auto add = [&](const QString &field, const QString &value) {
        auto *it = new QTreeWidgetItem(details_);
        it->setText(0, field);
        it->setText(1, value);
    };
    auto str = [&](StrId id) {
        const auto s = m.string(id);
        return s.empty() ? QStringLiteral("N/A") : QString::fromUtf8(s.data(), qsizetype(s.size()));
    };
    auto absTime = [&](TimeNs rel) {
        return tr("%1 (%2 ns on the device clock)").arg(QString::fromStdString(formatDuration(double(rel)))).arg(rel + m.origin);
    };
    add(tr("Lane"), tr("Device %1 · %2 · %3").arg(l.device).arg(l.process, l.title));
    add(tr("Name"), str(l.events.nameAt(i)));
    add(tr("Start"), absTime(l.events.startAt(i)));
    add(tr("Duration"), dur(double(l.events.durationAt(i))));
    if (l.kind == LaneKind::Stream) {
        TaskRecord t;
        if (!store_ || !store_->findTask(l.device, l.id, l.events.startAt(i) + m.origin, l.events.nameAt(i), &t)) {
            add(tr("Task"), tr("The task could not be read from the project: %1").arg(store_ ? store_->errorString() : QString()));
            return;
        }
        const OpDesc *op = t.opId && t.opId < m.ops.size() && m.ops[t.opId].id ? &m.ops[t.opId] : nullptr;
        add(tr("Op Name"), op ? str(op->name) : str(t.name));
        add(tr("OP Type"), op ? str(op->opType) : QStringLiteral("N/A"));
        const std::string_view typeText = t.type < m.strings.size() ? std::string_view(m.strings[t.type]) : std::string_view();
        add(tr("Task Type"), typeText.empty() ? QString::fromLatin1(taskKindName(t.kind)) : str(t.type));
        add(tr("Stream ID"), QString::number(t.streamId));
        add(tr("Task ID"), QString::number(t.taskId));
        add(tr("Batch ID"), QString::number(t.batchId));
        add(tr("Model ID"), QString::number(t.modelId));
        add(tr("Iteration"), QString::number(t.iteration));
        add(tr("Task Wait (pending)"), dur(double(t.pending)));
        add(tr("Block Dim"), op ? QString::number(op->blockDim) : QStringLiteral("N/A"));
        if (op && op->mixBlockDim)
            add(tr("Mix Block Dim"), QString::number(op->mixBlockDim));
        if (op && op->coreType)
            add(tr("Accelerator Core"), str(op->coreType));
        add(tr("Input Shapes"), op ? str(op->inputShapes) : QStringLiteral("N/A"));
        add(tr("Input Data Types"), op ? str(op->inputDataTypes) : QStringLiteral("N/A"));
        add(tr("Input Formats"), op ? str(op->inputFormats) : QStringLiteral("N/A"));
        add(tr("Output Shapes"), op ? str(op->outputShapes) : QStringLiteral("N/A"));
        add(tr("Output Data Types"), op ? str(op->outputDataTypes) : QStringLiteral("N/A"));
        add(tr("Output Formats"), op ? str(op->outputFormats) : QStringLiteral("N/A"));
        add(tr("Total Cycles"), isAiCoreKind(t.kind) ? QString::number(t.totalCycles) : QStringLiteral("N/A"));
        ProfilingOptions opts;
        ProfilingOptions::parse(m.optionsJson, &opts);
        const QStringList cols = m.pmuColumns.isEmpty() ? aicMetricsColumns(opts.aicMetrics) : m.pmuColumns;
        for (int k = 0; k < int(t.pmu.size()); ++k)
            add(k < cols.size() ? cols[k] : tr("PMU %1").arg(k), QString::number(double(t.pmu[std::size_t(k)]), 'f', 3));
        add(tr("L2 Hit Rate"), t.l2HitRate >= 0 ? QString::number(double(t.l2HitRate), 'f', 3) : QStringLiteral("N/A"));
        add(tr("L2 Victim Rate"), t.l2VictimRate >= 0 ? QString::number(double(t.l2VictimRate), 'f', 3) : QStringLiteral("N/A"));
        return;
    }
    if (l.record.size() <= i)
        return;
    const std::uint32_t r = l.record[i];
    switch (l.kind) {
    case LaneKind::Plane: {
        HcclTaskRecord h;
        if (!store_ || r == 0 || !store_->findHcclTask(r, &h)) {
            add(tr("HCCL task"), tr("The HCCL task could not be read from the project: %1").arg(store_ ? store_->errorString() : QString()));
            break;
        }
        add(tr("notify_id"), QString::number(h.notifyId));
        add(tr("duration estimated(us)"), QString::number(h.durationEstimatedUs, 'f', 3));
        add(tr("stream id"), QString::number(h.streamId));
        add(tr("task id"), QString::number(h.taskId));
        add(tr("task type"), str(h.name));
        add(tr("src rank"), QString::number(h.srcRank));
        add(tr("dst rank"), h.dstRank == kInvalidId ? QString::number(kInvalidId) : QString::number(h.dstRank));
        add(tr("transport type"), str(h.transportType));
        add(tr("size(Byte)"), QString::number(h.sizeBytes));
        add(tr("data type"), str(h.dataType));
        add(tr("link type"), str(h.linkType));
        add(tr("bandwidth(GB/s)"), QString::number(h.bandwidthGBps, 'f', 3));
        add(tr("Plane"), QString::number(h.plane));
        add(tr("Iteration"), QString::number(h.iteration));
        break;
    }
    case LaneKind::CommKernel: {
        const auto &c = m.collectives[r];
        add(tr("OP Type"), str(c.opType));
        add(tr("Size(Byte)"), QString::number(c.bytes));
        add(tr("Segment"), QString::number(c.segment));
        add(tr("Iteration"), QString::number(c.iteration));
        break;
    }
    case LaneKind::Cann:
    case LaneKind::MsprofTx: {
        const auto &h = m.hostRanges[r];
        add(tr("pid"), QString::number(h.pid));
        add(tr("tid"), QString::number(h.tid));
        add(tr("Model Id"), QString::number(h.modelId));
        if (l.kind == LaneKind::MsprofTx) {
            add(tr("category"), QString::number(h.category));
            add(tr("event_type"), str(h.eventType));
            add(tr("payload_type"), QString::number(h.payloadType));
            add(tr("payload_value"), QString::number(h.payloadValue));
            add(tr("message_type"), str(h.messageType));
        }
        break;
    }
    case LaneKind::AiCpu: {
        const auto &a = m.aiCpu[r];
        add(tr("Stream ID"), QString::number(a.streamId));
        add(tr("Task ID"), QString::number(a.taskId));
        add(tr("Compute_time"), dur(double(a.computeTime)));
        add(tr("Memcpy_time"), dur(double(a.memcpyTime)));
        add(tr("Task_time"), dur(double(a.taskTime)));
        add(tr("Dispatch_time"), dur(double(a.dispatchTime)));
        add(tr("Total_time"), dur(double(a.totalTime)));
        break;
    }
    case LaneKind::StepTrace: {
        const auto &s = m.steps[r];
        add(tr("Iteration ID"), QString::number(s.iteration));
        add(tr("FP Start"), absTime(s.fpStart));
        add(tr("BP End"), absTime(s.bpEnd));
        add(tr("Iteration End"), absTime(s.iterationEnd));
        add(tr("FP to BP Time"), dur(double(s.bpEnd - s.fpStart)));
        add(tr("Iteration Refresh"), dur(double(s.iterationEnd - s.bpEnd)));
        if (s.previousIterationEnd >= 0)
            add(tr("Data Aug Bound"), dur(double(s.fpStart - s.previousIterationEnd)));
        break;
    }
    default:
        break;
    }
    tabs_->setCurrentWidget(details_);
    setPanelCollapsed(false);
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

void TimelineView::showRangeStats()
{
    stats_->setRowCount(0);
    if (!model_ || rangeT1_ <= rangeT0_)
        return;
    std::vector<const LaneEvents *> lanes;
    for (const auto &l : model_->lanes)
        if (l.kind == LaneKind::Stream)
            lanes.push_back(&l.events);
    const TimeNs t0 = TimeNs(std::llround(rangeT0_)), t1 = TimeNs(std::llround(rangeT1_));
    const RangeStats st = rangeStats(lanes, t0, t1);
    auto addRow = [&](const QString &group, const QString &name, const Aggregate &a) {
        const int r = stats_->rowCount();
        stats_->insertRow(r);
        const QString cells[] = {group, name, QString::number(a.count), dur(double(a.total)), dur(a.mean()),
                                 dur(double(a.min)), dur(double(a.max))};
        for (int c = 0; c < 7; ++c) {
            auto *it = new QTableWidgetItem(cells[c]);
            if (c >= 2)
                it->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            stats_->setItem(r, c, it);
        }
    };
    addRow(tr("All tasks"), tr("%1 in range").arg(dur(double(t1 - t0))), st.all);
    for (const auto &[type, a] : st.byTaskType)
        addRow(tr("Task type"), QString::fromLatin1(taskKindName(static_cast<TaskKind>(type))), a);
    std::vector<std::pair<StrId, Aggregate>> ops(st.byOpType.begin(), st.byOpType.end());
    std::sort(ops.begin(), ops.end(), [](auto &a, auto &b) { return a.second.total > b.second.total; });
    for (const auto &[op, a] : ops) {
        const auto s = model_->string(op);
        addRow(tr("Op type"), op ? QString::fromUtf8(s.data(), qsizetype(s.size())) : tr("(no op type)"), a);
    }
    // Overlap Analysis shares: time covered by each overlap lane inside the range.
    for (const auto &l : model_->lanes) {
        if (l.kind != LaneKind::Overlap)
            continue;
        const auto &e = l.events;
        TimeNs c = 0;
        for (std::size_t i = e.firstEndingAfter(t0); i < e.size() && e.startAt(i) < t1; ++i)
            c += std::min(e.end(i), t1) - std::max(e.startAt(i), t0);
        const double span = double(t1 - t0);
        const int r = stats_->rowCount();
        stats_->insertRow(r);
        stats_->setItem(r, 0, new QTableWidgetItem(tr("Overlap Analysis, device %1").arg(l.device)));
        stats_->setItem(r, 1, new QTableWidgetItem(l.title));
        auto *share = new QTableWidgetItem(QStringLiteral("%1 %").arg(100.0 * double(c) / span, 0, 'f', 1));
        share->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        stats_->setItem(r, 2, share);
        auto *total = new QTableWidgetItem(dur(double(c)));
        total->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        stats_->setItem(r, 3, total);
    }
    stats_->resizeColumnToContents(0);
    tabs_->setCurrentWidget(stats_);
    setPanelCollapsed(false);
}

int TimelineView::search(const QString &pattern, bool regex)
{
    if (searchEdit_->text() != pattern || regexBox_->isChecked() != regex) {
        const QSignalBlocker b1(searchEdit_), b2(regexBox_);
        searchEdit_->setText(pattern);
        regexBox_->setChecked(regex);
    }
    matches_.clear();
    matchLanes_.clear();
    currentMatch_ = -1;
    if (!model_ || pattern.isEmpty()) {
        matchLabel_->clear();
        replotOverlay();
        return 0;
    }
    if (!model_->detailsLoaded) {
        matchLabel_->setText(tr("loading…"));
        return 0;
    }
    std::vector<bool> names;
    QString err;
    if (!matchingNames(model_->strings, pattern, regex, &names, &err)) {
        matchLabel_->setText(tr("invalid pattern"));
        setStatus(err, true);
        return -1;
    }
    std::vector<const LaneEvents *> lanes;
    for (std::size_t i = 0; i < model_->lanes.size(); ++i) {
        lanes.push_back(&model_->lanes[i].events);
        matchLanes_.push_back(int(i));
    }
    matches_ = findMatches(lanes, names);
    matchLabel_->setText(matches_.empty() ? tr("no match") : tr("%1 matches").arg(QLocale().toString(qulonglong(matches_.size()))));
    replotOverlay();
    return int(matches_.size());
}

void TimelineView::showMatch()
{
    if (currentMatch_ < 0 || currentMatch_ >= int(matches_.size()))
        return;
    const Match &mt = matches_[std::size_t(currentMatch_)];
    matchLabel_->setText(tr("%1 of %2").arg(currentMatch_ + 1).arg(QLocale().toString(qulonglong(matches_.size()))));
    selectEvent(matchLanes_[mt.lane], mt.event, true);
}

void TimelineView::nextMatch()
{
    if (matches_.empty())
        return;
    currentMatch_ = (currentMatch_ + 1) % int(matches_.size());
    showMatch();
}

void TimelineView::previousMatch()
{
    if (matches_.empty())
        return;
    currentMatch_ = currentMatch_ <= 0 ? int(matches_.size()) - 1 : currentMatch_ - 1;
    showMatch();
}

bool TimelineView::addMark(TimeNs start, TimeNs end, const QString &label)
{
    if (!store_)
        return false;
    store::TimelineMark mk;
    mk.start = std::min(start, end);
    mk.end = std::max(start, end);
    mk.label = label;
    QString msg;
    if (!store_->saveMark(&mk, &msg)) {
        setStatus(msg, true);
        return false;
    }
    marks_.push_back(mk);
    std::sort(marks_.begin(), marks_.end(), [](auto &a, auto &b) { return a.start < b.start; });
    refreshMarks();
    replotAll();
    return true;
}

void TimelineView::refreshMarks()
{
    marksList_->clear();
    for (const auto &mk : marks_) {
        const TimeNs o = model_ ? model_->origin : 0;
        marksList_->addItem(tr("%1 — %2 to %3 (%4)")
                                .arg(mk.label, QString::fromStdString(formatDuration(double(mk.start - o))),
                                     QString::fromStdString(formatDuration(double(mk.end - o))), dur(double(mk.end - mk.start))));
    }
}

void TimelineView::markCurrent()
{
    if (!model_)
        return;
    TimeNs s = 0, e = 0;
    if (rangeT1_ > rangeT0_) {
        std::tie(s, e) = selectedRange();
    } else if (selLane_ >= 0) {
        const auto &l = model_->lanes[std::size_t(selLane_)].events;
        s = l.startAt(selEvent_) + model_->origin;
        e = l.end(selEvent_) + model_->origin;
    } else {
        setStatus(tr("Select a time range (Shift+drag) or a task before marking it."), true);
        return;
    }
    if (addMark(s, e, tr("Mark %1").arg(marks_.size() + 1)))
        setStatus(tr("Marked %1 in the project.").arg(dur(double(e - s))));
}

void TimelineView::zoomToSelection()
{
    if (!model_)
        return;
    if (rangeT1_ > rangeT0_)
        applyView(fitRange(currentView(), rangeT0_, rangeT1_, 0.02, bounds()));
    else if (selLane_ >= 0) {
        const auto &l = model_->lanes[std::size_t(selLane_)].events;
        applyView(fitRange(currentView(), double(l.startAt(selEvent_)), double(l.end(selEvent_)), 0.1, bounds()));
    } else
        return;
    replotAll();
}

void TimelineView::setColorMode(timeline::ColorMode mode)
{
    ctx_.mode = mode;
    {
        const QSignalBlocker b(colorBox_);
        colorBox_->setCurrentIndex(mode == timeline::ColorMode::OpType ? 1 : 0);
    }
    refreshLegend();
    replotAll();
}

void TimelineView::refreshLegend()
{
    std::vector<std::pair<QString, QRgb>> items;
    if (!model_) {
        legend_->setItems(items);
        return;
    }
    if (ctx_.mode == timeline::ColorMode::TaskType) {
        std::set<std::uint8_t> seen;
        for (const auto &l : model_->lanes) {
            if (l.kind != LaneKind::Stream)
                continue;
            if (l.events.size()) {
                for (const auto &k : l.events.keys())
                    seen.insert(k.type);
            } else if (l.lod >= 0) {
                for (const auto &b : model_->lod.lanes[std::size_t(l.lod)].buckets)
                    if (b.count)
                        seen.insert(b.type);
            }
        }
        for (std::uint8_t t : seen)
            if (t < kTaskKindLimit)
                items.emplace_back(QString::fromLatin1(taskKindName(static_cast<TaskKind>(t))), timeline::Palette::typeColor(t));
        items.emplace_back(tr("HCCL"), timeline::Palette::typeColor(timeline::CatCollective));
        items.emplace_back(tr("FP/BP"), timeline::Palette::typeColor(timeline::CatFpBp));
        items.emplace_back(tr("Refresh"), timeline::Palette::typeColor(timeline::CatRefresh));
    } else {
        // Op types by total time (from the summary while loading: by bucket count).
        std::map<StrId, double> weight;
        for (const auto &l : model_->lanes) {
            if (l.kind != LaneKind::Stream)
                continue;
            if (l.events.size()) {
                std::vector<double> perKey(l.events.keys().size(), 0.0);
                for (std::size_t i = 0; i < l.events.size(); ++i)
                    perKey[l.events.keyAt(i)] += l.events.durationAt(i);
                for (std::size_t k = 0; k < perKey.size(); ++k)
                    weight[l.events.keys()[k].opType] += perKey[k];
            } else if (l.lod >= 0) {
                for (const auto &b : model_->lod.lanes[std::size_t(l.lod)].buckets)
                    weight[b.opType] += b.busyNs;
            }
        }
        std::vector<std::pair<StrId, double>> v(weight.begin(), weight.end());
        std::sort(v.begin(), v.end(), [](auto &a, auto &b) { return a.second > b.second; });
        for (const auto &[op, w] : v) {
            if (!op)
                continue;
            const auto s = model_->string(op);
            items.emplace_back(QString::fromUtf8(s.data(), qsizetype(s.size())), palette_.color(ctx_.mode, 0, op));
        }
    }
    legend_->setItems(std::move(items));
}

void TimelineView::paintBands(QCPPainter *p, const QRect &r)
{
    if (!model_)
        return;
    const View v = currentView();
    // Iteration bands of the first device (devices share the axis; their iterations line
    // up within microseconds), alternating shades, labelled at the top.
    std::uint16_t dev = model_->devices.empty() ? 0 : model_->devices.front().id;
    bool shade = false;
    p->setFont(font());
    for (const auto &s : model_->steps) {
        if (s.device != dev)
            continue;
        shade = !shade;
        const double a = s.previousIterationEnd >= 0 ? double(s.previousIterationEnd) : double(s.fpStart);
        const double b = double(s.iterationEnd);
        if (b < v.t0 || a > v.t1)
            continue;
        const int x0 = r.left() + int(std::floor(timeToPixel(v, a)));
        const int x1 = r.left() + int(std::ceil(timeToPixel(v, b)));
        // Bands narrower than a few pixels would only grey the whole view (and cost one
        // dashed line per iteration): the ruler says enough at that zoom.
        if (x1 - x0 < 6)
            continue;
        if (shade)
            p->fillRect(QRect(x0, r.top(), std::max(1, x1 - x0), r.height()), QColor(70, 110, 200, 18));
        p->setPen(QPen(QColor(70, 110, 200, 90), 1, Qt::DashLine));
        p->QPainter::drawLine(x1, r.top(), x1, r.bottom());
        if (x1 - x0 > 70) {
            p->setPen(QColor(40, 60, 120));
            p->drawText(QRect(std::max(x0, r.left()) + 4, r.top() + 1, x1 - std::max(x0, r.left()) - 6, 14),
                        Qt::AlignLeft | Qt::AlignTop, tr("Iteration %1").arg(s.iteration));
        }
    }
    // Marks.
    for (const auto &mk : marks_) {
        const double a = double(mk.start - model_->origin), b = double(mk.end - model_->origin);
        if (b < v.t0 || a > v.t1)
            continue;
        const int x0 = r.left() + int(std::floor(timeToPixel(v, a)));
        const int x1 = r.left() + int(std::ceil(timeToPixel(v, b)));
        p->fillRect(QRect(x0, r.top(), std::max(2, x1 - x0), r.height()), QColor(255, 200, 0, 40));
        p->setPen(QColor(200, 140, 0));
        p->QPainter::drawLine(x0, r.top(), x0, r.bottom());
        p->drawText(QRect(x0 + 3, r.bottom() - 16, 200, 14), Qt::AlignLeft, mk.label);
    }
    // Data_aug Bound flows: previous iteration end → FP start, on each device's Step Trace
    // lane (drawn here, under the events' labels but over the bands).
    p->setRenderHint(QPainter::Antialiasing, true);
    for (const auto &row : rows_) {
        if (row.lane < 0)
            continue;
        const auto &l = model_->lanes[std::size_t(row.lane)];
        if (l.kind != LaneKind::StepTrace || l.id % 2 != 0)
            continue;
        const int y = r.top() + row.y + row.h / 2;
        for (const auto &s : model_->steps) {
            if (s.device != l.device || s.modelId * 2 != l.id || s.previousIterationEnd < 0)
                continue;
            if (double(s.fpStart) < v.t0 || double(s.previousIterationEnd) > v.t1)
                continue;
            const double xa = r.left() + timeToPixel(v, double(s.previousIterationEnd));
            const double xb = r.left() + timeToPixel(v, double(s.fpStart));
            if (xb - xa < 6)
                continue;
            QPainterPath path(QPointF(xa, y - 2));
            path.cubicTo(QPointF(xa + (xb - xa) / 3, y - 12), QPointF(xb - (xb - xa) / 3, y - 12), QPointF(xb, y - 2));
            p->setPen(QPen(QColor(200, 60, 60), 1.5));
            p->setBrush(Qt::NoBrush);
            p->drawPath(path);
            QPolygonF head;
            head << QPointF(xb, y - 2) << QPointF(xb - 6, y - 7) << QPointF(xb - 7, y);
            p->setBrush(QColor(200, 60, 60));
            p->drawPolygon(head);
            if (xb - xa > 90) {
                p->setPen(QColor(160, 40, 40));
                p->drawText(QRectF(xa, y - 24, xb - xa, 12), Qt::AlignCenter, tr("Data_aug Bound %1").arg(s.iteration));
            }
        }
    }
}

void TimelineView::paintOverlay(QCPPainter *p, const QRect &r)
{
    if (!model_)
        return;
    const View v = currentView();
    // Range selection.
    if (rangeT1_ > rangeT0_ || selecting_) {
        const double a = std::min(rangeT0_, rangeT1_), b = std::max(rangeT0_, rangeT1_);
        const int x0 = r.left() + int(std::floor(timeToPixel(v, a)));
        const int x1 = r.left() + int(std::ceil(timeToPixel(v, b)));
        p->fillRect(QRect(x0, r.top(), std::max(1, x1 - x0), r.height()), QColor(30, 120, 255, 40));
        p->setPen(QColor(30, 120, 255));
        p->QPainter::drawLine(x0, r.top(), x0, r.bottom());
        p->QPainter::drawLine(x1, r.top(), x1, r.bottom());
        const QString label = dur(b - a);
        const int w = fontMetrics().horizontalAdvance(label) + 10;
        const QRect box((x0 + x1) / 2 - w / 2, r.top() + 2, w, 16);
        p->fillRect(box, QColor(30, 120, 255));
        p->setPen(Qt::white);
        p->drawText(box, Qt::AlignCenter, label);
    }
    auto outline = [&](int lane, std::size_t ev, const QColor &c, int width) {
        const int y = laneRowY(lane);
        if (y == INT_MIN)
            return;
        const auto &e = model_->lanes[std::size_t(lane)].events;
        if (ev >= e.size())
            return;
        const Columns cols = columnsOf(v, double(e.startAt(ev)), double(e.end(ev)));
        const int x0 = int(std::clamp<long long>(cols.x0, -2, v.widthPx + 2));
        const int x1 = int(std::clamp<long long>(cols.x1, x0 + 1, v.widthPx + 2));
        p->setPen(QPen(c, width));
        p->setBrush(Qt::NoBrush);
        p->drawRect(QRect(r.left() + x0 - 1, r.top() + y, x1 - x0 + 1, kLaneHeight - 1));
    };
    // Search matches in view (bounded: only those visible on shown lanes, at most 2000).
    if (!matches_.empty()) {
        auto it = std::lower_bound(matches_.begin(), matches_.end(), TimeNs(v.t0) - 1,
                                   [](const Match &m, TimeNs t) { return m.start < t; });
        int drawn = 0;
        for (; it != matches_.end() && double(it->start) <= v.t1 && drawn < 2000; ++it, ++drawn)
            outline(matchLanes_[it->lane], it->event, QColor(255, 170, 0), 1);
    }
    if (hoverLane_ >= 0)
        outline(hoverLane_, hoverEvent_, QColor(0, 0, 0, 160), 1);
    if (selLane_ >= 0)
        outline(selLane_, selEvent_, QColor(20, 20, 20), 2);
    // Cursor line with its time.
    if (mousePos_.x() >= r.left() && mousePos_.x() <= r.right() && plot_->underMouse()) {
        p->setPen(QPen(QColor(0, 0, 0, 110), 1));
        p->QPainter::drawLine(mousePos_.x(), r.top(), mousePos_.x(), r.bottom());
        const double t = pixelToTime(v, mousePos_.x() - r.left());
        const QString label = QString::fromStdString(formatTime(t, ticker_->lastStep() / 100));
        const int w = fontMetrics().horizontalAdvance(label) + 8;
        const QRect box(mousePos_.x() + 4, r.bottom() - 18, w, 16);
        p->fillRect(box, QColor(255, 255, 255, 220));
        p->setPen(Qt::black);
        p->drawText(box, Qt::AlignCenter, label);
    }
}

double TimelineView::cursorPx() const
{
    const QRect ar = plot_->axisRect()->rect();
    if (plot_->underMouse() && mousePos_.x() >= ar.left() && mousePos_.x() <= ar.right())
        return mousePos_.x() - ar.left();
    return ar.width() / 2.0;
}

void TimelineView::moveLaneCursor(int dir)
{
    // Lanes in display order (pinned first).
    std::vector<int> shown;
    for (const auto &r : rows_)
        if (r.lane >= 0)
            shown.push_back(r.lane);
    const std::vector<int> all = shownLanes();
    if (all.empty())
        return;
    auto it = std::find(all.begin(), all.end(), currentLane_);
    int idx = it == all.end() ? (dir > 0 ? -1 : int(all.size())) : int(it - all.begin());
    idx = std::clamp(idx + dir, 0, int(all.size()) - 1);
    currentLane_ = all[std::size_t(idx)];
    if (std::find(shown.begin(), shown.end(), currentLane_) == shown.end()) {
        const auto &l = model_->lanes[std::size_t(currentLane_)];
        collapsed_.erase(l.device);
        relayout();
        int guard = 0;
        while (laneRowY(currentLane_) == INT_MIN && guard++ < 1000) {
            const int before = scroll_;
            scroll_ += dir > 0 ? kLaneHeight : -kLaneHeight;
            relayout();
            if (scroll_ == before)
                break;
        }
        replotAll();
    }
    header_->update();
}

void TimelineView::stepEvent(int dir)
{
    if (!model_ || !model_->detailsLoaded)
        return;
    int lane = selLane_ >= 0 ? selLane_ : currentLane_;
    if (lane < 0) {
        const auto all = shownLanes();
        if (all.empty())
            return;
        lane = all.front();
    }
    const auto &e = model_->lanes[std::size_t(lane)].events;
    if (e.size() == 0)
        return;
    std::size_t i;
    if (lane == selLane_)
        i = dir > 0 ? std::min(e.size() - 1, selEvent_ + 1) : (selEvent_ ? selEvent_ - 1 : 0);
    else {
        const View v = currentView();
        i = std::min(e.size() - 1, startingIn(e, TimeNs(v.t0), TimeNs(v.t0)).first);
    }
    selectEvent(lane, i, true);
}

std::vector<int> TimelineView::shownLanes() const
{
    std::vector<int> out;
    if (!model_)
        return out;
    for (int lane : order_) {
        const auto &l = model_->lanes[std::size_t(lane)];
        if (pinned_.count(laneKey(l)) && !hidden_.count(laneKey(l)))
            out.push_back(lane);
    }
    for (const auto &dev : model_->devices)
        for (int lane : order_) {
            const auto &l = model_->lanes[std::size_t(lane)];
            if (l.device == dev.id && !hidden_.count(laneKey(l)) && !pinned_.count(laneKey(l)))
                out.push_back(lane);
        }
    return out;
}

void TimelineView::setLaneHidden(int lane, bool hidden)
{
    if (!model_ || lane < 0 || lane >= int(model_->lanes.size()))
        return;
    const auto k = laneKey(model_->lanes[std::size_t(lane)]);
    if (hidden)
        hidden_.insert(k);
    else
        hidden_.erase(k);
    relayout();
    replotAll();
    persistLayout();
}

void TimelineView::setLanePinned(int lane, bool pinned)
{
    if (!model_ || lane < 0 || lane >= int(model_->lanes.size()))
        return;
    const auto k = laneKey(model_->lanes[std::size_t(lane)]);
    if (pinned)
        pinned_.insert(k);
    else
        pinned_.erase(k);
    relayout();
    replotAll();
    persistLayout();
}

void TimelineView::moveLane(int lane, int delta)
{
    auto it = std::find(order_.begin(), order_.end(), lane);
    if (it == order_.end() || !model_)
        return;
    const std::uint16_t dev = model_->lanes[std::size_t(lane)].device;
    // Swap with the next lane of the same device in that direction.
    int pos = int(it - order_.begin());
    for (int p = pos + delta; p >= 0 && p < int(order_.size()); p += delta) {
        if (model_->lanes[std::size_t(order_[std::size_t(p)])].device == dev) {
            std::swap(order_[std::size_t(pos)], order_[std::size_t(p)]);
            break;
        }
    }
    userOrder_.clear();
    for (int i : order_)
        userOrder_.push_back(laneKey(model_->lanes[std::size_t(i)]));
    relayout();
    replotAll();
    persistLayout();
}

void TimelineView::setDeviceCollapsed(std::uint16_t device, bool collapsed)
{
    if (collapsed)
        collapsed_.insert(device);
    else
        collapsed_.erase(device);
    relayout();
    replotAll();
    persistLayout();
}

void TimelineView::showAllLanes()
{
    if (hidden_.empty())
        return;
    hidden_.clear();
    relayout();
    replotAll();
    persistLayout();
}

void TimelineView::resetLayout()
{
    hidden_.clear();
    pinned_.clear();
    collapsed_.clear();
    userOrder_.clear();
    if (model_) {
        order_.clear();
        for (std::size_t i = 0; i < model_->lanes.size(); ++i)
            order_.push_back(int(i));
    }
    scroll_ = 0;
    relayout();
    replotAll();
    QString msg;
    if (store_ && !store_->saveLayout(QByteArray(), &msg))
        setStatus(msg, true);
    else
        setStatus(tr("Lane layout reset to the msprof order."));
}

QByteArray TimelineView::layoutJson() const
{
    auto keys = [](const auto &set) {
        QJsonArray a;
        for (const auto &k : set)
            a.append(laneKeyText(k));
        return a;
    };
    QJsonObject o;
    o.insert(QStringLiteral("version"), 1);
    o.insert(QStringLiteral("order"), keys(userOrder_));
    o.insert(QStringLiteral("hidden"), keys(hidden_));
    o.insert(QStringLiteral("pinned"), keys(pinned_));
    QJsonArray collapsed;
    for (std::uint16_t d : collapsed_)
        collapsed.append(int(d));
    o.insert(QStringLiteral("collapsed"), collapsed);
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

void TimelineView::applyLayoutJson(const QByteArray &json)
{
    if (json.isEmpty())
        return;
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &pe);
    if (!doc.isObject()) {
        // A layout we cannot read only costs the user their arrangement, never the session.
        setStatus(tr("The saved lane layout is unreadable (%1); the timeline uses the msprof order.").arg(pe.errorString()), true);
        return;
    }
    const QJsonObject o = doc.object();
    auto each = [&](const char *name, const std::function<void(const std::tuple<int, int, std::uint32_t> &)> &fn) {
        for (const QJsonValue &v : o.value(QLatin1String(name)).toArray()) {
            std::tuple<int, int, std::uint32_t> k;
            if (laneKeyFromText(v.toString(), &k))
                fn(k);
        }
    };
    each("order", [&](const auto &k) { userOrder_.push_back(k); });
    each("hidden", [&](const auto &k) { hidden_.insert(k); });
    each("pinned", [&](const auto &k) { pinned_.insert(k); });
    for (const QJsonValue &v : o.value(QLatin1String("collapsed")).toArray())
        if (v.isDouble() && v.toInt() >= 0 && v.toInt() <= 0xffff)
            collapsed_.insert(std::uint16_t(v.toInt()));
}

void TimelineView::persistLayout()
{
    if (!store_)
        return;
    QString msg;
    if (!store_->saveLayout(layoutJson(), &msg))
        setStatus(msg, true);
}

QString TimelineView::selectedDetailsText() const
{
    QString out;
    for (int i = 0; i < details_->topLevelItemCount(); ++i) {
        const auto *it = details_->topLevelItem(i);
        out += it->text(0) + QStringLiteral(": ") + it->text(1) + QLatin1Char('\n');
    }
    return out;
}

void TimelineView::copyToClipboard(const QString &text, const QString &what)
{
    QApplication::clipboard()->setText(text);
    setStatus(tr("Copied %1 to the clipboard.").arg(what));
}

void TimelineView::showMenu(QMenu *menu, const QPoint &globalPos)
{
    if (!menu)
        return;
    if (menu_)
        menu_->deleteLater();
    menu_ = menu;
    menu->setAttribute(Qt::WA_DeleteOnClose);
    menu->popup(globalPos);
}

QMenu *TimelineView::laneMenu(int lane, std::uint16_t device)
{
    if (!model_)
        return nullptr;
    auto *menu = new QMenu(this);
    menu->setObjectName(QStringLiteral("timelineLaneMenu"));
    auto add = [&](const char *name, const QString &text, auto fn) {
        QAction *a = menu->addAction(text);
        a->setObjectName(QLatin1String(name));
        connect(a, &QAction::triggered, this, fn);
        return a;
    };
    if (lane >= 0 && lane < int(model_->lanes.size())) {
        const auto &l = model_->lanes[std::size_t(lane)];
        menu->addSection(l.process + QStringLiteral(" \u00B7 ") + l.title);
        add("laneHide", tr("Hide lane\tH"), [this, lane] {
            if (currentLane_ == lane)
                moveLaneCursor(1);
            setLaneHidden(lane, true);
            if (currentLane_ == lane)
                currentLane_ = -1;
        });
        const bool pinned = pinned_.count(laneKey(l)) != 0;
        add("lanePin", pinned ? tr("Unpin lane\tP") : tr("Pin lane to the top\tP"), [this, lane, pinned] { setLanePinned(lane, !pinned); });
        // Moving is within the lane's device; the first / last lane cannot go further.
        int first = -1, last = -1;
        for (int i : order_)
            if (model_->lanes[std::size_t(i)].device == l.device) {
                if (first < 0)
                    first = i;
                last = i;
            }
        add("laneMoveUp", tr("Move up\tCtrl+Up"), [this, lane] { moveLane(lane, -1); })->setEnabled(lane != first);
        add("laneMoveDown", tr("Move down\tCtrl+Down"), [this, lane] { moveLane(lane, 1); })->setEnabled(lane != last);
        menu->addSeparator();
    } else {
        menu->addSection(tr("Device %1").arg(device));
    }
    const bool collapsed = collapsed_.count(device) != 0;
    add("laneCollapseDevice", collapsed ? tr("Expand device %1\tSpace").arg(device) : tr("Collapse device %1\tSpace").arg(device),
        [this, device, collapsed] { setDeviceCollapsed(device, !collapsed); });
    add("laneShowAll", hidden_.empty() ? tr("Show all hidden lanes\tShift+H")
                                       : tr("Show all %n hidden lane(s)\tShift+H", nullptr, int(hidden_.size())),
        [this] { showAllLanes(); })
        ->setEnabled(!hidden_.empty());
    menu->addSeparator();
    add("laneResetLayout", tr("Reset layout\tShift+R"), [this] { resetLayout(); });
    return menu;
}

QMenu *TimelineView::plotMenu(const QPoint &pos)
{
    if (!model_)
        return nullptr;
    auto *menu = new QMenu(this);
    auto add = [&](const char *name, const QString &text, auto fn) {
        QAction *a = menu->addAction(text);
        a->setObjectName(QLatin1String(name));
        connect(a, &QAction::triggered, this, fn);
        return a;
    };
    const QRect ar = plot_->axisRect()->rect();
    int lane = -1;
    std::size_t ev = 0;
    if (pos.y() >= ar.top() && hit(pos, &lane, &ev)) {
        // On an event: it becomes the selection, so the details below match the menu.
        menu->setObjectName(QStringLiteral("timelineEventMenu"));
        selectEvent(lane, ev, false);
        const auto &l = model_->lanes[std::size_t(lane)];
        const auto nm = model_->string(l.events.nameAt(ev));
        const QString name = QString::fromUtf8(nm.data(), qsizetype(nm.size()));
        menu->addSection(QFontMetrics(menu->font()).elidedText(name, Qt::ElideLeft, 360));
        add("eventZoom", tr("Zoom to this event\tF"), [this] { zoomToSelection(); });
        add("eventSelectRange", tr("Select its time range"), [this, lane, ev] {
            const auto &e = model_->lanes[std::size_t(lane)].events;
            selectRange(e.startAt(ev) + model_->origin, e.end(ev) + model_->origin);
        });
        menu->addSeparator();
        add("eventCopyName", tr("Copy name"), [this, name] { copyToClipboard(name, tr("the name")); });
        add("eventCopyDetails", tr("Copy details as text\tCtrl+C"),
            [this] { copyToClipboard(selectedDetailsText(), tr("the task details")); });
        menu->addSeparator();
        add("eventFindAll", tr("Find all with this name"), [this, name] {
            const int n = search(QLatin1Char('^') + QRegularExpression::escape(name) + QLatin1Char('$'), true);
            if (n > 0)
                setStatus(tr("%n event(s) named %1.", nullptr, n).arg(name));
        });
        return menu;
    }
    // The ruler, the selection or an empty place: the range actions.
    menu->setObjectName(QStringLiteral("timelineRangeMenu"));
    const bool haveRange = rangeT1_ > rangeT0_;
    add("rangeZoom", tr("Zoom to selection\tF"), [this] { zoomToSelection(); })->setEnabled(haveRange);
    add("rangeMark", tr("Mark selection\tM"), [this] { markCurrent(); })->setEnabled(haveRange);
    add("rangeClear", tr("Clear selection\tEsc"), [this] {
        rangeT0_ = rangeT1_ = 0;
        stats_->setRowCount(0);
        replotOverlay();
    })->setEnabled(haveRange);
    menu->addSeparator();
    add("rangeShowAll", tr("Show the whole session\t0"), [this] {
        applyView(View{0, double(model_->extent), currentView().widthPx});
        replotAll();
    });
    if (!haveRange)
        menu->addAction(tr("Drag on the ruler or Shift+drag to select a range"))->setEnabled(false);
    return menu;
}


void TimelineView::toggleHelp()
{
    if (help_->isVisible()) {
        help_->hide();
        return;
    }
    help_->adjustSize();
    help_->move((plot_->width() - help_->width()) / 2, std::max(0, (plot_->height() - help_->height()) / 2));
    help_->raise();
    help_->show();
}

void TimelineView::setStatus(const QString &text, bool error)
{
    status_->setText(text);
    status_->setStyleSheet(error ? QStringLiteral("color: #b00020;") : QString());
    emit statusMessage(text);
}

void TimelineView::resizeEvent(QResizeEvent *ev)
{
    QWidget::resizeEvent(ev);
    QTimer::singleShot(0, this, [this] {
        relayout();
        replotAll();
    });
}

void TimelineView::keyPressEvent(QKeyEvent *ev)
{
    if (!model_) {
        QWidget::keyPressEvent(ev);
        return;
    }
    const bool shift = ev->modifiers() & Qt::ShiftModifier;
    const bool ctrl = ev->modifiers() & Qt::ControlModifier;
    const Bounds b = bounds();
    switch (ev->key()) {
    case Qt::Key_W: applyView(zoomAt(currentView(), cursorPx(), kKeyZoom, b)); replotAll(); break;
    case Qt::Key_S: applyView(zoomAt(currentView(), cursorPx(), 1 / kKeyZoom, b)); replotAll(); break;
    case Qt::Key_A: applyView(panBy(currentView(), -kKeyPan, b)); replotAll(); break;
    case Qt::Key_D: applyView(panBy(currentView(), kKeyPan, b)); replotAll(); break;
    case Qt::Key_0:
    case Qt::Key_Home: applyView(View{0, double(model_->extent), currentView().widthPx}); replotAll(); break;
    case Qt::Key_F:
        if (ctrl) {
            searchEdit_->setFocus();
            searchEdit_->selectAll();
        } else {
            zoomToSelection();
        }
        break;
    case Qt::Key_Slash: searchEdit_->setFocus(); searchEdit_->selectAll(); break;
    case Qt::Key_M: markCurrent(); break;
    case Qt::Key_N: shift ? previousMatch() : nextMatch(); break;
    case Qt::Key_R:
        if (!shift) {
            QWidget::keyPressEvent(ev);
            return;
        }
        resetLayout();
        break;
    case Qt::Key_C:
        if (ctrl) {
            if (selLane_ >= 0)
                copyToClipboard(selectedDetailsText(), tr("the task details"));
            break;
        }
        setColorMode(ctx_.mode == timeline::ColorMode::TaskType ? timeline::ColorMode::OpType : timeline::ColorMode::TaskType); break;
    case Qt::Key_Question:
    case Qt::Key_F1: toggleHelp(); break;
    case Qt::Key_Escape:
        if (help_->isVisible())
            help_->hide();
        else {
            selLane_ = -1;
            rangeT0_ = rangeT1_ = 0;
            details_->clear();
            stats_->setRowCount(0);
            replotOverlay();
        }
        break;
    case Qt::Key_Left: stepEvent(-1); break;
    case Qt::Key_Right: stepEvent(1); break;
    case Qt::Key_Up:
        if (ctrl && currentLane_ >= 0) moveLane(currentLane_, -1); else moveLaneCursor(-1);
        break;
    case Qt::Key_Down:
        if (ctrl && currentLane_ >= 0) moveLane(currentLane_, 1); else moveLaneCursor(1);
        break;
    case Qt::Key_PageUp: vscroll_->setValue(vscroll_->value() - vscroll_->pageStep()); break;
    case Qt::Key_PageDown: vscroll_->setValue(vscroll_->value() + vscroll_->pageStep()); break;
    case Qt::Key_H:
        if (shift) {
            showAllLanes();
        } else if (currentLane_ >= 0) {
            const int lane = currentLane_;
            moveLaneCursor(1);
            setLaneHidden(lane, true);
            if (currentLane_ == lane)
                currentLane_ = -1;
        }
        break;
    case Qt::Key_P:
        if (currentLane_ >= 0)
            setLanePinned(currentLane_, !pinned_.count(laneKey(model_->lanes[std::size_t(currentLane_)])));
        break;
    case Qt::Key_Space:
        if (currentLane_ >= 0) {
            const auto d = model_->lanes[std::size_t(currentLane_)].device;
            setDeviceCollapsed(d, !collapsed_.count(d));
        }
        break;
    default:
        QWidget::keyPressEvent(ev);
        return;
    }
    ev->accept();
}

bool TimelineView::eventFilter(QObject *obj, QEvent *ev)
{
    if (obj == searchEdit_ && ev->type() == QEvent::KeyPress) {
        auto *k = static_cast<QKeyEvent *>(ev);
        if (k->key() == Qt::Key_Return || k->key() == Qt::Key_Enter) {
            if (matches_.empty())
                search(searchEdit_->text(), regexBox_->isChecked());
            (k->modifiers() & Qt::ShiftModifier) ? previousMatch() : nextMatch();
            return true;
        }
        if (k->key() == Qt::Key_Escape) {
            plot_->setFocus();
            return true;
        }
        return false;
    }
    if (obj == marksList_ && ev->type() == QEvent::KeyPress) {
        auto *k = static_cast<QKeyEvent *>(ev);
        if (k->key() == Qt::Key_Delete) {
            const int i = marksList_->currentRow();
            if (i >= 0 && i < int(marks_.size())) {
                QString msg;
                if (store_->removeMark(marks_[std::size_t(i)].id, &msg)) {
                    marks_.erase(marks_.begin() + i);
                    refreshMarks();
                    replotAll();
                } else {
                    setStatus(msg, true);
                }
            }
            return true;
        }
        return false;
    }
    if (obj != plot_ || !model_)
        return false;
    const QRect ar = plot_->axisRect()->rect();
    switch (ev->type()) {
    case QEvent::KeyPress:
        keyPressEvent(static_cast<QKeyEvent *>(ev));
        return ev->isAccepted();
    case QEvent::ContextMenu: {
        auto *c = static_cast<QContextMenuEvent *>(ev);
        showMenu(plotMenu(c->pos()), c->globalPos());
        return true;
    }
    case QEvent::Wheel: {
        auto *w = static_cast<QWheelEvent *>(ev);
        const int delta = w->angleDelta().y() ? w->angleDelta().y() : w->angleDelta().x();
        if (w->modifiers() & Qt::ControlModifier) {
            const double factor = std::pow(kWheelZoom, delta / 120.0);
            applyView(zoomAt(currentView(), w->position().x() - ar.left(), factor, bounds()));
            replotAll();
        } else if (w->modifiers() & Qt::ShiftModifier) {
            applyView(panBy(currentView(), -delta / 120.0 * kKeyPan, bounds()));
            replotAll();
        } else {
            vscroll_->setValue(vscroll_->value() - delta / 120 * 3 * kLaneHeight);
        }
        return true;
    }
    case QEvent::MouseButtonPress: {
        auto *m = static_cast<QMouseEvent *>(ev);
        plot_->setFocus();
        if (m->button() != Qt::LeftButton)
            return false;
        pressPos_ = m->pos();
        pressView_ = currentView();
        const bool onRuler = m->pos().y() < ar.top();
        pressT_ = pixelToTime(pressView_, m->pos().x() - ar.left());
        if (onRuler || (m->modifiers() & Qt::ShiftModifier)) {
            selecting_ = true;
            rangeT0_ = rangeT1_ = pressT_;
        } else {
            dragging_ = true;
        }
        return true;
    }
    case QEvent::MouseMove: {
        auto *m = static_cast<QMouseEvent *>(ev);
        mousePos_ = m->pos();
        if (selecting_) {
            rangeT1_ = std::clamp(pixelToTime(pressView_, m->pos().x() - ar.left()), 0.0, double(model_->extent));
            rangeT0_ = std::clamp(pressT_, 0.0, double(model_->extent));
            replotOverlay();
            return true;
        }
        if (dragging_) {
            applyView(dragBy(pressView_, m->pos().x() - pressPos_.x(), bounds()));
            const int dy = m->pos().y() - pressPos_.y();
            Q_UNUSED(dy);
            replotAll();
            return true;
        }
        int lane;
        std::size_t e;
        if (hit(m->pos(), &lane, &e)) {
            if (lane != hoverLane_ || e != hoverEvent_) {
                hoverLane_ = lane;
                hoverEvent_ = e;
                const auto &l = model_->lanes[std::size_t(lane)];
                const auto n = model_->string(l.events.nameAt(e));
                const auto op = model_->string(l.events.opTypeAt(e));
                QString tip = QStringLiteral("<b>%1</b><br>%2 · %3<br>%4: %5<br>%6: %7")
                                  .arg(QString::fromUtf8(n.data(), qsizetype(n.size())).toHtmlEscaped(),
                                       l.process, l.title, tr("Start"),
                                       QString::fromStdString(formatDuration(double(l.events.startAt(e)))), tr("Duration"),
                                       dur(double(l.events.durationAt(e))));
                if (l.kind == LaneKind::Stream)
                    tip += QStringLiteral("<br>%1 · %2").arg(QString::fromLatin1(taskKindName(static_cast<TaskKind>(l.events.typeAt(e)))),
                                                             op.empty() ? QStringLiteral("N/A") : QString::fromUtf8(op.data(), qsizetype(op.size())));
                QToolTip::showText(plot_->mapToGlobal(m->pos() + QPoint(12, 12)), tip, plot_);
            }
        } else if (hoverLane_ >= 0) {
            hoverLane_ = -1;
            QToolTip::hideText();
        }
        replotOverlay(); // cursor line: the event layers keep their buffers
        return true;
    }
    case QEvent::MouseButtonRelease: {
        auto *m = static_cast<QMouseEvent *>(ev);
        const bool click = (m->pos() - pressPos_).manhattanLength() < 4;
        if (selecting_) {
            selecting_ = false;
            if (click) {
                rangeT0_ = rangeT1_ = 0;
                replotOverlay();
            } else {
                selectRange(TimeNs(std::llround(std::min(rangeT0_, rangeT1_))) + model_->origin,
                            TimeNs(std::llround(std::max(rangeT0_, rangeT1_))) + model_->origin);
            }
            return true;
        }
        if (dragging_) {
            dragging_ = false;
            if (click) {
                int lane;
                std::size_t e;
                if (hit(m->pos(), &lane, &e))
                    selectEvent(lane, e, false);
                else {
                    const int row = rowAt(m->pos().y() - ar.top());
                    if (row >= 0 && rows_[std::size_t(row)].lane >= 0) {
                        currentLane_ = rows_[std::size_t(row)].lane;
                        header_->update();
                    }
                }
            }
            return true;
        }
        return false;
    }
    case QEvent::Leave:
        mousePos_ = QPoint(-1, -1);
        hoverLane_ = -1;
        replotOverlay();
        return false;
    default:
        return false;
    }
}

} // namespace npuscope::ui
