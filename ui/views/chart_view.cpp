#include "ui/views/chart_view.h"
#include "core/text/display.h"

#include "core/store/lod.h"
#include "core/store/project.h"
#include "ui/appearance.h"
#include "ui/format.h"

#include <QApplication>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QMessageBox>
#include <QMouseEvent>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QStackedWidget>
#include <QToolButton>
#include <QToolTip>
#include <QVBoxLayout>
#include <QtMath>
#include <algorithm>
#include <climits>
#include <cmath>
#include <limits>
#include <qcustomplot.h>

namespace npuscope::ui {

namespace ch = analysis::charts;

namespace {

// Medium-saturation colours that read on a white and on a near-black background.
const QColor kSeries[] = {QColor(0x4E, 0x79, 0xA7), QColor(0xF2, 0x8E, 0x2B), QColor(0x59, 0xA1, 0x4F),
                          QColor(0xE1, 0x57, 0x59), QColor(0xB0, 0x7A, 0xA1), QColor(0x76, 0xB7, 0xB2),
                          QColor(0xED, 0xC9, 0x48), QColor(0xFF, 0x9D, 0xA7), QColor(0x9C, 0x75, 0x5F)};

QColor seriesColor(int i)
{
    QColor c = kSeries[std::size_t(i) % std::size(kSeries)];
    return currentTheme() == Theme::Dark ? c.lighter(115) : c;
}

QColor otherColor()
{
    return currentTheme() == Theme::Dark ? QColor(0x8A, 0x8A, 0x8A) : QColor(0xB0, 0xB0, 0xB0);
}

struct TimeUnit {
    double ns = 1e3;
    QString name;
};

// The unit that keeps the largest value between 1 and 1000 (µs at least: tasks are µs).
TimeUnit timeUnit(double maxNs)
{
    if (maxNs >= 1e9)
        return {1e9, QStringLiteral("s")};
    if (maxNs >= 1e6)
        return {1e6, QStringLiteral("ms")};
    return {1e3, QStringLiteral("µs")};
}

// Bars of the same category stay readable when many: thinner outline, 70 % of the slot.
void styleBars(QCPBars *b, const QColor &c)
{
    b->setWidth(0.7);
    b->setBrush(c);
    b->setPen(QPen(c.darker(130), 1));
    b->setAntialiased(false);
}

template <class Container>
std::vector<double> keysOf(const Container &data)
{
    std::vector<double> keys;
    for (auto it = data->constBegin(); it != data->constEnd(); ++it)
        keys.push_back(it->key);
    return keys;
}

// Per data index (container order, which QCustomPlot sorts by key) from a key → value map.
template <class T>
std::vector<T> byIndex(const std::vector<double> &keys, const std::map<double, T> &m)
{
    std::vector<T> out;
    out.reserve(keys.size());
    for (double k : keys) {
        auto it = m.find(k);
        out.push_back(it == m.end() ? T{} : it->second);
    }
    return out;
}

} // namespace

ChartsView::ChartsView(QWidget *parent)
    : QWidget(parent)
{
    auto *top = new QHBoxLayout;
    scope_ = new QLabel(this);
    scope_->setObjectName(QStringLiteral("chartScope"));
    scope_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    clearRange_ = new QToolButton(this);
    clearRange_->setObjectName(QStringLiteral("chartClearRange"));
    clearRange_->hide();
    connect(clearRange_, &QToolButton::clicked, this, [this] { setTimeRange(0, 0); });
    devicePicker_ = new QToolButton(this);
    devicePicker_->setObjectName(QStringLiteral("chartDevices"));
    devicePicker_->setPopupMode(QToolButton::InstantPopup);
    devicePicker_->setToolButtonStyle(Qt::ToolButtonTextOnly);
    deviceMenu_ = new QMenu(devicePicker_);
    deviceMenu_->setObjectName(QStringLiteral("chartDeviceMenu"));
    devicePicker_->setMenu(deviceMenu_);
    topNLabel_ = new QLabel(this);
    topN_ = new QSpinBox(this);
    topN_->setObjectName(QStringLiteral("chartTopN"));
    topN_->setRange(1, 100);
    topN_->setValue(10);
    topNLabel_->setBuddy(topN_);
    connect(topN_, &QSpinBox::valueChanged, this, [this] {
        rebuildChart(TopOps);
        rebuildChart(Pipes);
    });
    export_ = new QPushButton(this);
    export_->setObjectName(QStringLiteral("chartExport"));
    connect(export_, &QPushButton::clicked, this, &ChartsView::exportCurrent);
    status_ = new QLabel(this);
    top->addWidget(devicePicker_);
    top->addWidget(scope_, 1);
    top->addWidget(clearRange_);
    top->addSpacing(12);
    top->addWidget(status_);
    top->addWidget(topNLabel_);
    top->addWidget(topN_);
    top->addWidget(export_);

    list_ = new QListWidget(this);
    list_->setObjectName(QStringLiteral("chartList"));
    for (int c = 0; c < ChartCount; ++c)
        list_->addItem(QString());
    stack_ = new QStackedWidget(this);
    for (int c = 0; c < ChartCount; ++c) {
        Page &pg = pages_[c];
        pg.widget = new QWidget(stack_);
        auto *v = new QVBoxLayout(pg.widget);
        v->setContentsMargins(0, 0, 0, 0);
        pg.message = new QLabel(pg.widget);
        pg.message->setObjectName(QStringLiteral("chartMessage"));
        pg.message->setWordWrap(true);
        pg.message->setAlignment(Qt::AlignCenter);
        pg.message->setMargin(24);
        pg.plot = new QCustomPlot(pg.widget);
        pg.plot->setObjectName(QStringLiteral("chartPlot%1").arg(c));
        pg.plot->setMouseTracking(true);
        pg.plot->setNoAntialiasingOnDrag(true);
        // Title, then the legend in a row of its own (never over the data), then the axes.
        pg.plot->plotLayout()->insertRow(0);
        pg.title = new QCPTextElement(pg.plot, QString(), QFont(font().family(), font().pointSize() + 1, QFont::Bold));
        pg.plot->plotLayout()->addElement(0, 0, pg.title);
        pg.plot->plotLayout()->insertRow(1);
        auto *legendCell = new QCPLayoutGrid;
        pg.plot->plotLayout()->addElement(1, 0, legendCell);
        pg.plot->axisRect()->insetLayout()->take(pg.plot->legend);
        legendCell->addElement(0, 0, pg.plot->legend);
        legendCell->setMargins(QMargins(0, 0, 0, 4));
        pg.plot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
        pg.plot->legend->setWrap(6);
        pg.plot->plotLayout()->setRowStretchFactor(0, 0.001);
        pg.plot->plotLayout()->setRowStretchFactor(1, 0.001);
        pg.plot->legend->setVisible(true);
        v->addWidget(pg.message);
        v->addWidget(pg.plot, 1);
        pg.message->hide();
        const Chart chart = Chart(c);
        connect(pg.plot, &QCustomPlot::mouseMove, this, [this, chart](QMouseEvent *e) { onHover(chart, e); });
        connect(pg.plot, &QCustomPlot::plottableClick, this,
                [this, chart](QCPAbstractPlottable *p, int i, QMouseEvent *) { onClick(chart, p, i); });
        stack_->addWidget(pg.widget);
    }
    connect(list_, &QListWidget::currentRowChanged, this, [this](int row) {
        if (row >= 0 && row < ChartCount) {
            stack_->setCurrentIndex(row);
            const bool perOpType = row == TopOps || row == Pipes;
            topN_->setEnabled(perOpType);
            topNLabel_->setEnabled(perOpType);
            export_->setEnabled(message(Chart(row)).isEmpty() && !isComputing());
        }
    });
    list_->setCurrentRow(0);
    list_->setMaximumWidth(260);

    auto *split = new QSplitter(this);
    split->addWidget(list_);
    split->addWidget(stack_);
    split->setStretchFactor(1, 1);
    split->setSizes({200, 1000});

    auto *lay = new QVBoxLayout(this);
    lay->setContentsMargins(4, 4, 4, 4);
    lay->addLayout(top);
    lay->addWidget(split, 1);

    styleAll();
    retranslateUi();
    rebuild();
}

ChartsView::~ChartsView() = default;

QString ChartsView::chartName(Chart c) const
{
    switch (c) {
    case TopOps: return tr("Top op types");
    case Steps: return tr("Iteration breakdown");
    case Devices: return tr("Iteration time per device");
    case Pipes: return tr("AI Core pipe ratios");
    case Bandwidth: return tr("Collective bandwidth");
    case L2: return tr("L2 hit rate");
    case Memory: return tr("Memory over time");
    case ChartCount: break;
    }
    return {};
}

void ChartsView::retranslateUi()
{
    for (int c = 0; c < ChartCount; ++c)
        list_->item(c)->setText(chartName(Chart(c)));
    topNLabel_->setText(tr("&Top N:"));
    topN_->setToolTip(tr("How many op types the op-type charts show; the rest are summed as \"Other\"."));
    export_->setText(tr("&Export…"));
    export_->setToolTip(tr("Save the chart shown as a PNG image or a PDF document"));
    clearRange_->setText(tr("Clear range"));
    clearRange_->setToolTip(tr("Show the whole selection again instead of the time range selected in the timeline"));
    devicePicker_->setToolTip(tr("The devices the charts cover: all of them, or the ones you pick"));
    fillDeviceMenu();
    updateScopeLabel();
}

QString ChartsView::pickedText() const
{
    if (picked_.empty())
        return sessionDevices_.empty() ? tr("All devices") : tr("All %n device(s)", nullptr, int(sessionDevices_.size()));
    QStringList ids;
    for (auto d : picked_)
        ids << QString::number(d);
    return picked_.size() == 1 ? tr("Device %1").arg(ids.front()) : tr("Devices %1").arg(ids.join(QStringLiteral(", ")));
}

void ChartsView::fillDeviceMenu()
{
    devicePicker_->setText(tr("Devices: %1").arg(pickedText())); // the button draws its menu arrow
    devicePicker_->setEnabled(selection_.sessionId > 0);
    // The same devices: only the checks change (this runs inside an action's triggered
    // signal, whose action must not be deleted under it).
    const QList<QAction *> actions = deviceMenu_->actions();
    bool same = !actions.isEmpty() && actions.size() == int(sessionDevices_.size()) + (sessionDevices_.empty() ? 1 : 2);
    for (std::size_t i = 0; same && i < sessionDevices_.size(); ++i)
        same = actions[qsizetype(i) + 2]->data().toInt() == int(sessionDevices_[i]);
    if (same) {
        actions.front()->setText(tr("All devices"));
        actions.front()->setChecked(picked_.empty());
        for (std::size_t i = 0; i < sessionDevices_.size(); ++i) {
            const std::uint16_t d = sessionDevices_[i];
            QAction *a = actions[qsizetype(i) + 2];
            a->setText(tr("Device %1").arg(d));
            a->setChecked(!picked_.empty() && std::find(picked_.begin(), picked_.end(), d) != picked_.end());
        }
        return;
    }
    deviceMenu_->clear();
    QAction *all = deviceMenu_->addAction(tr("All devices"));
    all->setObjectName(QStringLiteral("chartDeviceAll"));
    all->setCheckable(true);
    all->setChecked(picked_.empty());
    connect(all, &QAction::triggered, this, [this] { setDevices({}); });
    if (!sessionDevices_.empty())
        deviceMenu_->addSeparator();
    for (std::uint16_t d : sessionDevices_) {
        QAction *a = deviceMenu_->addAction(tr("Device %1").arg(d));
        a->setObjectName(QStringLiteral("chartDevice%1").arg(d));
        a->setData(int(d));
        a->setCheckable(true);
        a->setChecked(!picked_.empty() && std::find(picked_.begin(), picked_.end(), d) != picked_.end());
        connect(a, &QAction::triggered, this, [this, d](bool on) {
            // Starting from "all", a click picks that one device; then clicks add and remove.
            std::vector<std::uint16_t> next = picked_;
            if (on) {
                next.push_back(d);
            } else {
                next.erase(std::remove(next.begin(), next.end(), d), next.end());
            }
            setDevices(std::move(next));
        });
    }
}

void ChartsView::setDevices(std::vector<std::uint16_t> devices)
{
    std::sort(devices.begin(), devices.end());
    devices.erase(std::unique(devices.begin(), devices.end()), devices.end());
    // Every device of the session picked is "all" (and stays all when devices are added).
    if (!sessionDevices_.empty() && devices == sessionDevices_)
        devices.clear();
    if (devices == picked_)
        return;
    picked_ = std::move(devices);
    fillDeviceMenu();
    recompute();
}

void ChartsView::changeEvent(QEvent *e)
{
    QWidget::changeEvent(e);
    if (e->type() == QEvent::LanguageChange) {
        retranslateUi();
        rebuild();
    } else if (e->type() == QEvent::PaletteChange || e->type() == QEvent::StyleChange) {
        styleAll();
        rebuild();
    }
}

void ChartsView::styleAll()
{
    const QPalette pal = palette();
    const QColor bg = pal.color(QPalette::Base), fg = pal.color(QPalette::WindowText);
    QColor grid = fg;
    grid.setAlpha(45);
    QColor frame = fg;
    frame.setAlpha(90);
    for (Page &pg : pages_) {
        QCustomPlot *p = pg.plot;
        p->setBackground(bg);
        for (QCPAxis *a : {p->xAxis, p->yAxis, p->xAxis2, p->yAxis2}) {
            a->setBasePen(QPen(fg, 1));
            a->setTickPen(QPen(fg, 1));
            a->setSubTickPen(QPen(fg, 1));
            a->setTickLabelColor(fg);
            a->setLabelColor(fg);
            a->grid()->setPen(QPen(grid, 1, Qt::DotLine));
            a->grid()->setSubGridVisible(false);
            a->grid()->setZeroLinePen(Qt::NoPen);
        }
        p->legend->setBrush(bg);
        p->legend->setBorderPen(Qt::NoPen);
        p->legend->setTextColor(fg);
        pg.title->setTextColor(fg);
        Q_UNUSED(frame);
    }
}

void ChartsView::setSelection(const ExplorerSelection &selection)
{
    if (selection == selection_)
        return;
    const bool sessionChanged = selection.projectPath != selection_.projectPath || selection.sessionId != selection_.sessionId;
    const bool deviceChanged = sessionChanged || selection.device != selection_.device;
    selection_ = selection;
    if (sessionChanged) {
        rangeStart_ = rangeEnd_ = 0;
        sessionDevices_.clear();
    }
    // A device selected in the explorer is the one picked; the session or a model: all.
    if (deviceChanged) {
        picked_.clear();
        if (selection.device >= 0)
            picked_.push_back(std::uint16_t(selection.device));
    }
    fillDeviceMenu();
    recompute();
}

void ChartsView::setTimeRange(qint64 start, qint64 end)
{
    if (end < start)
        std::swap(start, end);
    if (end <= start)
        start = end = 0;
    if (start == rangeStart_ && end == rangeEnd_)
        return;
    rangeStart_ = start;
    rangeEnd_ = end;
    recompute();
}

void ChartsView::setTopN(int n)
{
    topN_->setValue(n);
}

int ChartsView::topN() const
{
    return topN_->value();
}

void ChartsView::setCurrentChart(Chart c)
{
    list_->setCurrentRow(int(c));
}

ChartsView::Chart ChartsView::currentChart() const
{
    return Chart(std::clamp(list_->currentRow(), 0, int(ChartCount) - 1));
}

QCustomPlot *ChartsView::plot(Chart c) const
{
    return pages_[c].plot;
}

QString ChartsView::message(Chart c) const
{
    return pages_[c].message->isVisibleTo(pages_[c].widget) ? pages_[c].message->text() : QString();
}

bool ChartsView::waitForData(int msecs)
{
    if (dirty_ && isVisible())
        recompute();
    return jobs_.waitForIdle(msecs);
}

void ChartsView::updateScopeLabel()
{
    if (selection_.sessionId <= 0) {
        scope_->setText(tr("Select a session in the project explorer to see its charts."));
        clearRange_->hide();
        return;
    }
    QStringList parts;
    parts << tr("Session %1").arg(selection_.sessionId);
    parts << pickedText().toLower();
    if (selection_.modelId >= 0)
        parts << tr("model %1").arg(selection_.modelId);
    if (selection_.iteration >= 0)
        parts << tr("iteration %1").arg(selection_.iteration);
    if (rangeEnd_ > rangeStart_)
        parts << tr("tasks and iterations starting in the %1 selected in the timeline").arg(display::duration(rangeEnd_ - rangeStart_));
    scope_->setText(parts.join(QStringLiteral(" · ")));
    clearRange_->setVisible(rangeEnd_ > rangeStart_);
}

void ChartsView::showEvent(QShowEvent *e)
{
    QWidget::showEvent(e);
    if (dirty_)
        recompute();
}

void ChartsView::recompute()
{
    jobs_.discard();
    updateScopeLabel();
    error_.clear();
    dirty_ = false;
    if (!isVisible() && selection_.sessionId > 0) {
        // A hidden tab does not read the session; it shows the old charts until shown.
        dirty_ = true;
        return;
    }
    if (selection_.sessionId <= 0 || selection_.projectPath.isEmpty()) {
        data_ = {};
        allOps_ = {};
        status_->clear();
        rebuild();
        return;
    }
    status_->setText(tr("Computing…"));
    export_->setEnabled(false);

    ch::ChartRequest req;
    req.scope.devices = picked_;
    req.scope.modelId = selection_.modelId;
    req.scope.iterationFirst = req.scope.iterationLast = selection_.iteration;
    req.scope.rangeStart = rangeStart_;
    req.scope.rangeEnd = rangeEnd_;
    req.topN = INT_MAX; // folded to the spin box's N when drawn
    req.stepsShowAllIterations = false;
    const QString path = selection_.projectPath;
    const std::int64_t session = selection_.sessionId;
    // The job opens its own read-only connection.
    struct Out {
        ch::ChartSet set;
        QString error;
        TimeNs origin = 0;
        std::vector<std::uint16_t> devices;
    };
    jobs_.start(
        [req, path, session](JobControl &job) {
            Out out;
            store::StoreError err = store::StoreError::None;
            auto project = store::Project::open(path, store::Project::Mode::ReadOnly, &err, &out.error,
                                                store::Project::Check::Schema);
            std::unique_ptr<store::ProjectReader> reader;
            if (project)
                reader = project->session(session, &out.error);
            if (reader) {
                out.set = ch::computeCharts(*reader, req, job.cancelFlag());
                for (const auto &d : reader->sessionInfo().devices)
                    out.devices.push_back(d.id);
                std::sort(out.devices.begin(), out.devices.end());
                out.devices.erase(std::unique(out.devices.begin(), out.devices.end()), out.devices.end());
            }
            // The timeline's time 0 (its stored summary's origin, else the earliest record),
            // so a time on the memory chart reads the same as in the timeline.
            QString ignored;
            if (auto st = reader ? store::TimelineStore::open(path, session, &err, &ignored) : nullptr) {
                store::TimelineLod lod;
                TimeNs end = 0;
                if (st->readLod(&lod, &ignored))
                    out.origin = lod.origin;
                else if (!st->measureSession(&out.origin, &end))
                    out.origin = 0;
            }
            return out;
        },
        [this](Out out) { adopt(std::move(out.set), std::move(out.error), out.origin, std::move(out.devices)); });
}

void ChartsView::adopt(ch::ChartSet set, QString error, TimeNs origin, std::vector<std::uint16_t> devices)
{
    status_->clear();
    if (!devices.empty() && devices != sessionDevices_) {
        sessionDevices_ = std::move(devices);
        fillDeviceMenu();
        updateScopeLabel();
    }
    error_ = error;
    origin_ = origin;
    allOps_ = set.topOps;
    data_ = std::move(set);
    data_.topOps = ch::foldTopN(allOps_, topN());
    rebuild();
    Q_EMIT dataReady();
}

void ChartsView::rebuild()
{
    for (int c = 0; c < ChartCount; ++c)
        rebuildChart(Chart(c));
    const Chart c = currentChart();
    export_->setEnabled(message(c).isEmpty() && !isComputing());
}

QString ChartsView::chartTitle(Chart c) const
{
    return chartName(c);
}

void ChartsView::rebuildChart(Chart c)
{
    Page &pg = pages_[c];
    QCustomPlot *p = pg.plot;
    p->clearPlottables();
    p->clearItems();
    for (auto &g : pg.groups)
        delete g.data();
    pg.groups.clear();
    pg.tips.clear();
    pg.refs.clear();
    p->xAxis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
    p->yAxis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
    p->xAxis->setTickLabelRotation(0);
    p->xAxis->setLabel(QString());
    p->yAxis->setLabel(QString());
    p->xAxis->grid()->setVisible(true);
    p->yAxis->grid()->setVisible(true);
    pg.title->setText(chartTitle(c));

    QString missing;
    if (selection_.sessionId <= 0)
        missing = tr("Select a session in the project explorer to see its charts.");
    else if (!error_.isEmpty())
        missing = tr("The session could not be read: %1").arg(error_);
    else if (isComputing() && data_.topOps.rows.empty() && data_.steps.steps.empty())
        missing = tr("Computing the charts…");
    const QPalette pal = palette();
    const QColor fg = pal.color(QPalette::WindowText);

    if (missing.isEmpty()) {
        switch (c) {
        case TopOps: {
            if (c == TopOps)
                data_.topOps = ch::foldTopN(allOps_, topN());
            const auto &t = data_.topOps;
            missing = t.missing;
            if (!missing.isEmpty())
                break;
            double maxNs = 0;
            for (const auto &r : t.rows)
                maxNs = std::max(maxNs, double(r.total));
            const TimeUnit u = timeUnit(maxNs);
            auto *bars = new QCPBars(p->yAxis, p->xAxis);
            bars->setName(tr("Total time of the op type"));
            styleBars(bars, seriesColor(0));
            QCPBars *other = nullptr;
            QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
            std::map<double, QString> tips, otherTips;
            const int n = int(t.rows.size());
            for (int i = 0; i < n; ++i) {
                const auto &r = t.rows[std::size_t(i)];
                const double key = n - i; // largest on top
                const QString label = r.other ? tr("Other (%n op types)", nullptr, int(r.otherTypes))
                                              : QString::fromStdString(r.opType);
                ticker->addTick(key, label);
                const QString tip = tr("%1\nTotal: %2 (%3 % of all)\nTasks: %4\nMean: %5")
                                        .arg(label,
                                                display::duration(r.total),
                                                display::number(t.allTotal ? 100.0 * double(r.total) / double(t.allTotal) : 0.0, 1),
                                                display::count(std::int64_t(r.count)),
                                                display::duration(r.count ? double(r.total) / double(r.count) : 0.0));
                if (r.other) {
                    if (!other) {
                        other = new QCPBars(p->yAxis, p->xAxis);
                        other->setName(tr("Other op types"));
                        styleBars(other, otherColor());
                    }
                    other->addData(key, double(r.total) / u.ns);
                    otherTips[key] = tip;
                } else {
                    bars->addData(key, double(r.total) / u.ns);
                    tips[key] = tip;
                }
            }
            pg.tips[bars] = byIndex(keysOf(bars->data()), tips);
            if (other)
                pg.tips[other] = byIndex(keysOf(other->data()), otherTips);
            p->yAxis->setTicker(ticker);
            p->yAxis->grid()->setVisible(false);
            p->yAxis->setRange(0.4, n + 0.6);
            p->xAxis->setRange(0, maxNs / u.ns * 1.08);
            p->xAxis->setLabel(tr("Total time (%1)").arg(u.name));
            pg.title->setText(tr("Top %n op types by total time", nullptr, topN()));
            break;
        }
        case Steps: {
            missing = data_.steps.missing;
            if (!missing.isEmpty())
                break;
            // One model (the selected one, else the first recorded) on every device picked.
            const auto &all = data_.steps.steps;
            if (all.empty()) { // imports without step-trace markers, or while the charts compute
                missing = tr("The session has no iteration with step-trace markers.");
                break;
            }
            const std::int64_t model = selection_.modelId >= 0 ? selection_.modelId : std::int64_t(all.front().modelId);
            std::map<std::uint16_t, std::vector<ch::IterationStep>> byDevice;
            double maxNs = 0, first = 1e300, last = -1e300;
            for (const auto &s : all)
                if (s.modelId == model) {
                    byDevice[s.device].push_back(s);
                    maxNs = std::max(maxNs, double(s.iterationTime));
                    first = std::min(first, double(s.iteration));
                    last = std::max(last, double(s.iteration));
                }
            if (byDevice.empty()) {
                missing = tr("No iteration of model %1 with step-trace markers in the selection.").arg(model);
                break;
            }
            const TimeUnit u = timeUnit(maxNs);
            const bool single = byDevice.size() == 1;
            // Several devices: per iteration one stack per device, side by side in device order.
            QCPBarsGroup *group = nullptr;
            if (!single) {
                group = new QCPBarsGroup(p);
                group->setSpacingType(QCPBarsGroup::stAbsolute);
                group->setSpacing(1);
                pg.groups.emplace_back(group);
            }
            const double width = single ? 0.7 : 0.8 / double(byDevice.size());
            bool firstDevice = true;
            for (const auto &[device, steps] : byDevice) {
                auto *fp = new QCPBars(p->xAxis, p->yAxis);
                fp->setName(tr("FP→BP"));
                styleBars(fp, seriesColor(0));
                auto *refresh = new QCPBars(p->xAxis, p->yAxis);
                refresh->setName(tr("Iteration Refresh"));
                styleBars(refresh, seriesColor(1));
                refresh->moveAbove(fp);
                auto *aug = new QCPBars(p->xAxis, p->yAxis);
                aug->setName(tr("Data Aug Bound"));
                styleBars(aug, seriesColor(2));
                aug->moveAbove(refresh);
                const std::initializer_list<QCPBars *> stack{fp, refresh, aug};
                const char *part[] = {"fp", "refresh", "aug"};
                int pi = 0;
                for (QCPBars *b : stack) {
                    b->setObjectName(QStringLiteral("steps-d%1-%2").arg(device).arg(QLatin1String(part[pi++])));
                    b->setWidth(width);
                    if (!single)
                        b->setPen(Qt::NoPen); // thin bars: an outline would hide the colour
                    if (group)
                        b->setBarsGroup(group);
                    if (!firstDevice)
                        b->removeFromLegend();
                }
                firstDevice = false;
                QCPGraph *line = nullptr;
                if (single) {
                    line = new QCPGraph(p->xAxis, p->yAxis);
                    line->setName(tr("Iteration time"));
                    line->setPen(QPen(fg, 2));
                    line->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, fg, fg, 6));
                }
                std::map<double, QString> tips;
                std::map<double, IterationRef> refs;
                for (const auto &s : steps) {
                    const double k = s.iteration;
                    fp->addData(k, double(s.fpToBp) / u.ns);
                    refresh->addData(k, double(s.refresh) / u.ns);
                    aug->addData(k, double(s.dataAugBound) / u.ns);
                    if (line)
                        line->addData(k, double(s.iterationTime) / u.ns);
                    tips[k] = tr("Iteration %1 on device %2\nIteration time: %3\nFP→BP: %4\nIteration Refresh: %5\n"
                                 "Data Aug Bound: %6\nClick to show it in the timeline.")
                                  .arg(s.iteration)
                                  .arg(s.device)
                                  .arg(display::duration(s.iterationTime), display::duration(s.fpToBp), display::duration(s.refresh),
                                       s.hasDataAugBound ? display::duration(s.dataAugBound) : tr("none (first iteration)"));
                    refs[k] = IterationRef{s.device, s.iteration, s.start, s.end};
                }
                for (QCPBars *b : stack) {
                    const auto keys = keysOf(b->data());
                    pg.tips[b] = byIndex(keys, tips);
                    pg.refs[b] = byIndex(keys, refs);
                }
                if (line) {
                    pg.tips[line] = byIndex(keysOf(line->data()), tips);
                    pg.refs[line] = byIndex(keysOf(line->data()), refs);
                }
            }
            QSharedPointer<QCPAxisTickerFixed> ticker(new QCPAxisTickerFixed);
            ticker->setTickStep(1);
            ticker->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
            p->xAxis->setTicker(ticker);
            p->xAxis->grid()->setVisible(false);
            p->xAxis->setRange(first - 0.6, last + 0.6);
            p->yAxis->setRange(0, maxNs / u.ns * 1.1);
            p->xAxis->setLabel(single ? tr("Iteration")
                                      : tr("Iteration (one stack per device, devices %1 to %2 from left to right)")
                                            .arg(byDevice.begin()->first)
                                            .arg(byDevice.rbegin()->first));
            p->yAxis->setLabel(tr("Time (%1)").arg(u.name));
            if (single)
                pg.title->setText(tr("Iteration breakdown on device %1 (model %2)").arg(byDevice.begin()->first).arg(model));
            else
                pg.title->setText(tr("Iteration breakdown on %n devices (model %1)", nullptr, int(byDevice.size())).arg(model));
            break;
        }
        case Devices: {
            const auto &d = data_.devices;
            missing = d.missing;
            if (!missing.isEmpty())
                break;
            double maxNs = 0, first = 1e300, last = -1e300;
            for (const auto &dev : d.devices)
                for (const auto &s : dev.steps) {
                    maxNs = std::max(maxNs, double(s.iterationTime));
                    first = std::min(first, double(s.iteration));
                    last = std::max(last, double(s.iteration));
                }
            const TimeUnit u = timeUnit(maxNs);
            for (std::size_t i = 0; i < d.devices.size(); ++i) {
                const auto &dev = d.devices[i];
                const bool straggler = std::find(d.stragglers.begin(), d.stragglers.end(), dev.device) != d.stragglers.end();
                const QColor col = seriesColor(int(i));
                auto *it = new QCPGraph(p->xAxis, p->yAxis);
                it->setName(straggler ? tr("Device %1 (straggler)").arg(dev.device) : tr("Device %1").arg(dev.device));
                it->setPen(QPen(col, straggler ? 3 : 2));
                it->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, col, col, 6));
                auto *fb = new QCPGraph(p->xAxis, p->yAxis);
                fb->setName(tr("Device %1 FP→BP").arg(dev.device));
                fb->setPen(QPen(col, straggler ? 2 : 1.5, Qt::DashLine));
                fb->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssSquare, col, col, 4));
                fb->removeFromLegend();
                std::map<double, QString> tips, fbTips;
                std::map<double, IterationRef> refs;
                for (const auto &s : dev.steps) {
                    // Several models on one device would share iteration keys; the first wins.
                    const double k = s.iteration;
                    if (refs.count(k))
                        continue;
                    it->addData(k, double(s.iterationTime) / u.ns);
                    fb->addData(k, double(s.fpToBp) / u.ns);
                    const QString head = tr("Device %1, iteration %2").arg(s.device).arg(s.iteration);
                    tips[k] = tr("%1\nIteration time: %2\nFP→BP: %3\nMean iteration time of the device: %4\n"
                                 "Click to show it in the timeline.")
                                  .arg(head, display::duration(s.iterationTime), display::duration(s.fpToBp), display::duration(dev.meanIterationNs));
                    fbTips[k] = tr("%1\nFP→BP (compute): %2\nMean FP→BP of the device: %3\nClick to show it in the timeline.")
                                    .arg(head, display::duration(s.fpToBp), display::duration(dev.meanFpToBpNs));
                    refs[k] = IterationRef{s.device, s.iteration, s.start, s.end};
                }
                pg.tips[it] = byIndex(keysOf(it->data()), tips);
                pg.tips[fb] = byIndex(keysOf(fb->data()), fbTips);
                pg.refs[it] = byIndex(keysOf(it->data()), refs);
                pg.refs[fb] = byIndex(keysOf(fb->data()), refs);
            }
            QSharedPointer<QCPAxisTickerFixed> ticker(new QCPAxisTickerFixed);
            ticker->setTickStep(1);
            ticker->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
            p->xAxis->setTicker(ticker);
            p->xAxis->setRange(first - 0.4, last + 0.4);
            p->yAxis->setRange(0, maxNs / u.ns * 1.1);
            p->xAxis->setLabel(tr("Iteration"));
            p->yAxis->setLabel(tr("Time (%1) — solid: iteration time, dashed: FP→BP").arg(u.name));
            QStringList names;
            for (auto s : d.stragglers)
                names << QString::number(s);
            pg.title->setText(d.stragglers.empty()
                                  ? tr("Iteration time per device")
                                  : tr("Iteration time per device — straggler: device %1").arg(names.join(QStringLiteral(", "))));
            break;
        }
        case Pipes: {
            const auto &ps = data_.pipes;
            missing = ps.missing;
            if (!missing.isEmpty())
                break;
            const int n = std::min<int>(topN(), int(ps.rows.size()));
            QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
            std::array<QCPBars *, ch::PipeCount> bars{};
            double maxSum = 0;
            for (int pi = 0; pi < ch::PipeCount; ++pi) {
                bars[std::size_t(pi)] = new QCPBars(p->yAxis, p->xAxis);
                bars[std::size_t(pi)]->setName(QString::fromLatin1(ch::pipeName(ch::Pipe(pi))));
                styleBars(bars[std::size_t(pi)], seriesColor(pi));
                if (pi > 0)
                    bars[std::size_t(pi)]->moveAbove(bars[std::size_t(pi - 1)]);
            }
            std::map<double, QString> tips;
            for (int i = 0; i < n; ++i) {
                const auto &r = ps.rows[std::size_t(i)];
                const double key = n - i;
                ticker->addTick(key, QString::fromStdString(r.opType));
                double sum = 0;
                QStringList lines;
                for (int pi = 0; pi < ch::PipeCount; ++pi) {
                    const double v = 100.0 * r.ratio[std::size_t(pi)];
                    bars[std::size_t(pi)]->addData(key, v);
                    sum += v;
                    lines << tr("%1: %2 %").arg(QString::fromLatin1(ch::pipeName(ch::Pipe(pi))),
                            display::number(v, 1));
                }
                maxSum = std::max(maxSum, sum);
                tips[key] = tr("%1 (%n AI Core tasks, %2)", nullptr, int(r.count)).arg(QString::fromStdString(r.opType), display::duration(r.total))
                            + QLatin1Char('\n') + lines.join(QLatin1Char('\n'));
            }
            for (QCPBars *b : bars)
                pg.tips[b] = byIndex(keysOf(b->data()), tips);
            p->yAxis->setTicker(ticker);
            p->yAxis->grid()->setVisible(false);
            p->yAxis->setRange(0.4, n + 0.6);
            p->xAxis->setRange(0, std::max(100.0, maxSum * 1.05));
            p->xAxis->setLabel(tr("Share of the task time each pipe is busy (%, time-weighted; pipes overlap, so a stack can pass 100)"));
            pg.title->setText(tr("AI Core pipe ratios of the top %n op types by time", nullptr, n));
            break;
        }
        case Bandwidth: {
            const auto &b = data_.bandwidth;
            missing = b.missing;
            if (!missing.isEmpty())
                break;
            QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
            auto *ops = new QCPBars(p->yAxis, p->xAxis);
            ops->setName(tr("Collective op (payload / op duration)"));
            styleBars(ops, seriesColor(0));
            auto *trs = new QCPBars(p->yAxis, p->xAxis);
            trs->setName(tr("HCCL transport (bytes moved / task time)"));
            styleBars(trs, seriesColor(1));
            const int n = int(b.ops.size() + b.transports.size());
            double maxV = 0;
            std::map<double, QString> opTips, trTips;
            int i = 0;
            for (const auto &o : b.ops) {
                const double key = n - i++;
                ticker->addTick(key, QString::fromStdString(o.name));
                ops->addData(key, o.gbps);
                maxV = std::max(maxV, o.gbps);
                opTips[key] = tr("%1 (%2)\n%3 GB/s\n%4 in %5 over %n occurrences", nullptr, int(o.count))
                                  .arg(QString::fromStdString(o.name),
                                          QString::fromStdString(o.opType),
                                          display::number(o.gbps, 3),
                                          display::bytes(o.bytes),
                                          display::duration(o.duration));
            }
            for (const auto &t : b.transports) {
                const double key = n - i++;
                ticker->addTick(key, tr("%1 transport").arg(QString::fromStdString(t.transport)));
                trs->addData(key, t.gbps);
                maxV = std::max(maxV, t.gbps);
                trTips[key] = tr("%1 transport\n%2 GB/s\n%3 in %4 over %n HCCL tasks", nullptr, int(t.count))
                                  .arg(QString::fromStdString(t.transport),
                                          display::number(t.gbps, 3),
                                          display::bytes(t.bytes),
                                          display::duration(t.duration));
            }
            pg.tips[ops] = byIndex(keysOf(ops->data()), opTips);
            pg.tips[trs] = byIndex(keysOf(trs->data()), trTips);
            p->yAxis->setTicker(ticker);
            p->yAxis->grid()->setVisible(false);
            p->yAxis->setRange(0.4, n + 0.6);
            p->xAxis->setRange(0, std::max(maxV, 1e-3) * 1.08);
            p->xAxis->setLabel(tr("Bandwidth (GB/s)"));
            break;
        }
        case L2: {
            const auto &h = data_.l2;
            missing = h.missing;
            if (!missing.isEmpty())
                break;
            const int n = int(h.bins.size());
            const double w = 100.0 / n;
            auto *bars = new QCPBars(p->xAxis, p->yAxis);
            bars->setName(tr("AI Core tasks"));
            styleBars(bars, seriesColor(0));
            bars->setWidth(w * 0.92);
            std::map<double, QString> tips;
            double maxC = 0;
            for (int i = 0; i < n; ++i) {
                const double key = (i + 0.5) * w;
                const auto count = h.bins[std::size_t(i)];
                bars->addData(key, double(count));
                maxC = std::max(maxC, double(count));
                tips[key] = tr("Hit rate %1–%2 %\n%n AI Core tasks", nullptr, int(count))
                                .arg(display::number(i * w, 1), display::number((i + 1) * w, 1))
                            + tr(" (%1 % of %2)").arg(display::number(h.tasks ? 100.0 * double(count) / double(h.tasks) : 0.0, 1),
                                                      display::count(std::int64_t(h.tasks)));
            }
            pg.tips[bars] = byIndex(keysOf(bars->data()), tips);
            auto *mean = new QCPGraph(p->xAxis, p->yAxis);
            mean->setName(tr("Mean %1 %").arg(display::number(100.0 * h.mean, 1)));
            mean->setPen(QPen(seriesColor(3), 2, Qt::DashLine));
            mean->addData(100.0 * h.mean, 0);
            mean->addData(100.0 * h.mean, maxC * 1.1);
            const QString meanTip = tr("Mean hit rate: %1 % over %2 AI Core tasks")
                                        .arg(display::number(100.0 * h.mean, 2), display::count(std::int64_t(h.tasks)));
            pg.tips[mean] = {meanTip, meanTip};
            p->xAxis->setRange(0, 100);
            p->yAxis->setRange(0, std::max(1.0, maxC * 1.1));
            p->xAxis->setLabel(tr("L2 hit rate (%)"));
            p->yAxis->setLabel(tr("AI Core tasks"));
            p->xAxis->grid()->setVisible(false);
            break;
        }
        case Memory: buildMemory(pg, &missing); break;
        case ChartCount: break;
        }
    }
    if (!missing.isEmpty()) {
        p->clearPlottables();
        pg.tips.clear();
        pg.refs.clear();
    }
    pg.message->setText(missing);
    pg.message->setVisible(!missing.isEmpty());
    pg.plot->setVisible(missing.isEmpty());
    p->replot();
    if (c == currentChart())
        export_->setEnabled(missing.isEmpty() && !isComputing());
}

void ChartsView::buildMemory(Page &pg, QString *missing)
{
    const ch::MemorySeries &m = data_.memory;
    *missing = m.missing;
    if (!missing->isEmpty())
        return;
    QCustomPlot *p = pg.plot;
    double maxMiB = 0;
    TimeNs first = std::numeric_limits<TimeNs>::max(), last = std::numeric_limits<TimeNs>::min();
    for (const auto &t : m.tracks)
        for (const auto &pt : t.points) {
            maxMiB = std::max(maxMiB, pt.mib);
            first = std::min(first, pt.ts);
            last = std::max(last, pt.ts);
        }
    // Binary units: GiB from 1 GiB on, else MiB (the files' "MB" are MiB).
    const bool gib = maxMiB >= 1024;
    const double scale = gib ? 1024.0 : 1.0;
    const TimeUnit u = timeUnit(double(std::max<TimeNs>(1, last - origin_)));
    // One colour per component, one line style per metric.
    std::map<std::string, int> colourOf;
    const auto metricName = [this](ch::MemoryMetric k) {
        switch (k) {
        case ch::MemoryMetric::Allocated: return tr("allocated");
        case ch::MemoryMetric::Reserved: return tr("reserved");
        case ch::MemoryMetric::Active: return tr("active");
        }
        return QString();
    };
    for (const auto &t : m.tracks) {
        const std::string colourKey = (t.source == ch::MemoryTrack::Source::Module ? "module:" : "") + t.component;
        const int ci = colourOf.try_emplace(colourKey, int(colourOf.size())).first->second;
        const QColor col = seriesColor(ci);
        auto *g = new QCPGraph(p->xAxis, p->yAxis);
        const QString component = QString::fromStdString(t.component);
        const QString metric = metricName(t.metric);
        QString name;
        switch (t.source) {
        case ch::MemoryTrack::Source::Allocator: name = tr("%1 %2").arg(component, metric); break;
        case ch::MemoryTrack::Source::Module: name = tr("Module %1 %2").arg(component, metric); break;
        case ch::MemoryTrack::Source::Operators: name = tr("Operators' total %1").arg(metric); break;
        }
        g->setName(name);
        Qt::PenStyle style = Qt::SolidLine;
        double width = 2;
        if (t.source == ch::MemoryTrack::Source::Module) {
            style = Qt::DashDotLine;
            width = 1.5;
        } else if (t.metric == ch::MemoryMetric::Reserved) {
            style = Qt::DashLine;
        } else if (t.metric == ch::MemoryMetric::Active) {
            style = Qt::DotLine;
        }
        g->setPen(QPen(col, width, style));
        g->setLineStyle(QCPGraph::lsStepLeft);
        g->setAdaptiveSampling(true);
        std::vector<QString> tips;
        tips.reserve(t.points.size());
        QVector<double> keys, values;
        keys.reserve(qsizetype(t.points.size()));
        values.reserve(qsizetype(t.points.size()));
        for (const auto &pt : t.points) {
            keys << double(pt.ts - origin_) / u.ns;
            values << pt.mib / scale;
            tips.push_back(tr("%1\n%2 at %3 on the timeline's time axis")
                               .arg(name, display::bytes(std::uint64_t(std::llround(pt.mib * 1048576.0))),
                                    display::duration(double(pt.ts - origin_))));
        }
        // Already sorted by time: QCustomPlot keeps the order, so data index i is point i.
        g->setData(keys, values, true);
        pg.tips[g] = std::move(tips);
    }
    const double x0 = double(first - origin_) / u.ns, x1 = double(last - origin_) / u.ns;
    const double pad = std::max(1e-9, (x1 - x0) * 0.02);
    p->xAxis->setRange(x0 - pad, x1 + pad);
    p->yAxis->setRange(0, std::max(1e-6, maxMiB / scale * 1.1));
    p->xAxis->setLabel(tr("Time on the timeline's axis (%1; 0 = its first event, earlier samples are negative)").arg(u.name));
    p->yAxis->setLabel(gib ? tr("Memory (GiB)") : tr("Memory (MiB)"));
    QString title = tr("Memory over time on device %1").arg(m.device);
    if (m.devices.size() > 1)
        title += tr(" (devices with memory records: %1; pick one with the Devices button)")
                     .arg([&] {
                         QStringList ids;
                         for (auto d : m.devices)
                             ids << QString::number(d);
                         return ids.join(QStringLiteral(", "));
                     }());
    if (m.idleModules)
        title += tr(" — %n module(s) reserved nothing and are not drawn", nullptr, int(m.idleModules));
    pg.title->setText(title);
}

QString ChartsView::toolTipAt(Chart c, const QPoint &pos) const
{
    const Page &pg = pages_[c];
    int index = -1;
    QCPAbstractPlottable *pl = pg.plot->plottableAt(pos, false, &index);
    if (!pl)
        return {};
    auto it = pg.tips.find(pl);
    if (it == pg.tips.end() || index < 0 || index >= int(it->second.size()))
        return {};
    return it->second[std::size_t(index)];
}

ChartsView::IterationRef ChartsView::iterationAt(Chart c, const QPoint &pos) const
{
    const Page &pg = pages_[c];
    int index = -1;
    QCPAbstractPlottable *pl = pg.plot->plottableAt(pos, false, &index);
    auto it = pl ? pg.refs.find(pl) : pg.refs.end();
    if (it == pg.refs.end() || index < 0 || index >= int(it->second.size()))
        return {};
    return it->second[std::size_t(index)];
}

void ChartsView::onHover(Chart c, QMouseEvent *e)
{
    const QString tip = toolTipAt(c, e->pos());
    if (tip.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(e->globalPosition().toPoint(), tip, pages_[c].plot);
    pages_[c].plot->setCursor(iterationAt(c, e->pos()).device >= 0 ? Qt::PointingHandCursor : Qt::ArrowCursor);
}

void ChartsView::onClick(Chart c, QCPAbstractPlottable *p, int index)
{
    const Page &pg = pages_[c];
    auto it = pg.refs.find(p);
    if (it == pg.refs.end() || index < 0 || index >= int(it->second.size()))
        return;
    const IterationRef &r = it->second[std::size_t(index)];
    if (r.device >= 0)
        Q_EMIT showInTimeline(r.device, -1, r.start, r.end);
}

bool ChartsView::exportChart(Chart c, const QString &path, QSize size, QString *error)
{
    const Page &pg = pages_[c];
    if (!message(c).isEmpty() || pg.plot->plottableCount() == 0) {
        if (error)
            *error = tr("The chart \"%1\" has no data to export.").arg(chartName(c));
        return false;
    }
    if (size.isEmpty())
        size = pg.plot->isVisible() ? pg.plot->size() : QSize(1200, 700);
    const QString suffix = QFileInfo(path).suffix().toLower();
    bool ok = false;
    if (suffix == QLatin1String("pdf"))
        ok = pg.plot->savePdf(path, size.width(), size.height(), QCP::epNoCosmetic, QStringLiteral("NPU Scope"),
                              pg.title->text());
    else if (suffix == QLatin1String("png"))
        ok = pg.plot->savePng(path, size.width(), size.height());
    else {
        if (error)
            *error = tr("\"%1\" is neither a .png nor a .pdf file name.").arg(QFileInfo(path).fileName());
        return false;
    }
    if (!ok && error)
        *error = tr("The chart could not be written to %1 (check that the folder exists and is writable).").arg(path);
    return ok;
}

void ChartsView::exportCurrent()
{
    const Chart c = currentChart();
    QString filter;
    const QString png = tr("PNG image (*.png)"), pdf = tr("PDF document (*.pdf)");
    QString name = chartName(c).toLower().replace(QLatin1Char(' '), QLatin1Char('-')) + QStringLiteral(".png");
    QString path = QFileDialog::getSaveFileName(this, tr("Export Chart"), name, png + QStringLiteral(";;") + pdf, &filter);
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty())
        path += filter == pdf ? QStringLiteral(".pdf") : QStringLiteral(".png");
    QString error;
    if (!exportChart(c, path, {}, &error))
        QMessageBox::warning(this, tr("Export Chart"), error);
}

} // namespace npuscope::ui
