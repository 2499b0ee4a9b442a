#include "ui/views/chart_view.h"
#include "core/text/display.h"

#include "core/store/lod.h"
#include "core/store/project.h"
#include "ui/views/chart_style.h"
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
    const QColor fg = palette().color(QPalette::WindowText);
    for (Page &pg : pages_) {
        stylePlot(pg.plot, palette());
        pg.title->setTextColor(fg);
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
    if (missing.isEmpty()) {
        switch (c) {
        case TopOps: buildTopOps(pg, &missing); break;
        case Steps: buildSteps(pg, &missing); break;
        case Devices: buildDevices(pg, &missing); break;
        case Pipes: buildPipes(pg, &missing); break;
        case Bandwidth: buildBandwidth(pg, &missing); break;
        case L2: buildL2(pg, &missing); break;
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
