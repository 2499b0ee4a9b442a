#include "ui/views/overview_view.h"

#include "core/store/project.h"
#include "core/text/display.h"
#include "ui/views/chart_style.h"
#include "ui/views/session_jobs.h"

#include <QDeadlineTimer>
#include <QEvent>
#include <QFrame>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTableWidget>
#include <QTextBrowser>
#include <QUrl>
#include <QVBoxLayout>
#include <qcustomplot.h>

namespace npuscope::ui {

namespace ch = analysis::charts;

namespace {

// Durations of the dashboard: ms with three decimals, whatever their size (one unit to compare).
QString ms(double ns)
{
    return OverviewView::tr("%1 ms").arg(display::number(ns / 1e6, 3));
}

QString idList(const std::vector<std::uint16_t> &ids)
{
    QStringList out;
    for (auto d : ids)
        out << QString::number(d);
    return out.join(QStringLiteral(", "));
}

} // namespace

struct OverviewView::Figures {
    analysis::Dashboard dashboard;
    QString error;
};

OverviewView::OverviewView(QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("overview"));
    board_ = new QWidget(this);
    board_->setObjectName(QStringLiteral("overviewBoard"));
    auto *cards = new QHBoxLayout;
    cards->setSpacing(8);
    const auto makeCard = [this, cards](Card &c, const char *name) {
        c.frame = new QFrame(board_);
        c.frame->setObjectName(QString::fromLatin1(name));
        c.frame->setFrameShape(QFrame::StyledPanel);
        c.frame->setAutoFillBackground(true);
        c.frame->setBackgroundRole(QPalette::Base);
        auto *v = new QVBoxLayout(c.frame);
        v->setContentsMargins(10, 6, 10, 6);
        v->setSpacing(2);
        c.title = new QLabel(c.frame);
        c.value = new QLabel(c.frame);
        c.value->setObjectName(QStringLiteral("value"));
        QFont big = c.value->font();
        big.setPointSizeF(big.pointSizeF() * 1.6);
        big.setBold(true);
        c.value->setFont(big);
        c.value->setTextInteractionFlags(Qt::TextSelectableByMouse);
        c.note = new QLabel(c.frame);
        c.note->setWordWrap(true);
        c.note->setForegroundRole(QPalette::PlaceholderText);
        // The cards give way to the window (the explorer dock beside keeps its width): a
        // narrow card elides rather than widening the Overview.
        for (QLabel *l : {c.title, c.value, c.note}) {
            l->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
            l->setMinimumWidth(1);
            l->setWordWrap(true); // "9,410.3 samples/s" breaks before its unit, never cut
        }
        c.frame->setMinimumWidth(60);
        v->addWidget(c.title);
        v->addWidget(c.value);
        v->addWidget(c.note);
        v->addStretch(1);
        cards->addWidget(c.frame, 1);
    };
    makeCard(iteration_, "cardIteration");
    makeCard(throughput_, "cardThroughput");
    makeCard(iterations_, "cardIterations");
    makeCard(devices_, "cardDevices");
    makeCard(findingsCard_, "cardFindings");

    QFont bold = font();
    bold.setBold(true);
    const auto heading = [this, &bold] {
        auto *l = new QLabel(board_);
        l->setFont(bold);
        return l;
    };
    plotTitle_ = heading();
    opsTitle_ = heading();
    findingsTitle_ = heading();
    status_ = new QLabel(board_);
    status_->setObjectName(QStringLiteral("overviewStatus"));
    status_->setWordWrap(true);

    plot_ = new QCustomPlot(board_);
    plot_->setObjectName(QStringLiteral("overviewIterationPlot"));
    plot_->setMinimumHeight(220);
    plot_->setMinimumWidth(200);
    plot_->legend->setVisible(true);
    plot_->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    plot_->legend->setWrap(8);
    plot_->plotLayout()->insertRow(0);
    auto *legendCell = new QCPLayoutGrid;
    plot_->plotLayout()->addElement(0, 0, legendCell);
    plot_->axisRect()->insetLayout()->take(plot_->legend);
    legendCell->addElement(0, 0, plot_->legend);
    plot_->plotLayout()->setRowStretchFactor(0, 0.001);
    connect(plot_, &QCustomPlot::plottableClick, this,
            [this](QCPAbstractPlottable *p, int i, QMouseEvent *) { onPlotClick(p, i); });
    connect(plot_, &QCustomPlot::mouseMove, this, [this](QMouseEvent *e) {
        int index = -1;
        QCPAbstractPlottable *p = plot_->plottableAt(e->pos(), false, &index);
        auto it = p ? refs_.find(p) : refs_.end();
        plot_->setCursor(it != refs_.end() && index >= 0 ? Qt::PointingHandCursor : Qt::ArrowCursor);
        if (it != refs_.end() && index >= 0 && index < int(it->second.size())) {
            const ch::IterationStep &s = it->second[std::size_t(index)];
            plot_->setToolTip(tr("Device %1, iteration %2: %3 (FP→BP %4)\nClick to show it in the timeline.")
                                  .arg(s.device)
                                  .arg(s.iteration)
                                  .arg(ms(double(s.iterationTime)), ms(double(s.fpToBp))));
        } else {
            plot_->setToolTip(QString());
        }
    });

    topOps_ = new QTableWidget(board_);
    topOps_->setObjectName(QStringLiteral("overviewTopOps"));
    topOps_->setColumnCount(5);
    topOps_->verticalHeader()->hide();
    topOps_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    topOps_->setSelectionBehavior(QAbstractItemView::SelectRows);
    topOps_->horizontalHeader()->setStretchLastSection(false);
    topOps_->setWordWrap(false);
    topOps_->setMinimumWidth(160);

    findingsView_ = new QTextBrowser(board_);
    findingsView_->setObjectName(QStringLiteral("overviewFindings"));
    findingsView_->setOpenLinks(false);
    connect(findingsView_, &QTextBrowser::anchorClicked, this, [this](const QUrl &u) { activateLink(u.toString()); });

    facts_ = new QTextBrowser(this);
    facts_->setObjectName(QStringLiteral("overviewFacts"));
    facts_->setOpenLinks(false);

    // Cards on top; the chart beside the top ops; the findings beside the facts.
    auto titled = [](QWidget *parent, QLabel *title, QWidget *body) {
        auto *box = new QWidget(parent);
        auto *v = new QVBoxLayout(box);
        v->setContentsMargins(0, 0, 0, 0);
        v->addWidget(title);
        v->addWidget(body, 1);
        return box;
    };
    QWidget *plotBox = titled(board_, plotTitle_, plot_);
    noPlot_ = new QLabel(plotBox);
    noPlot_->setObjectName(QStringLiteral("overviewNoIterations"));
    noPlot_->setWordWrap(true);
    noPlot_->setAlignment(Qt::AlignCenter);
    noPlot_->hide();
    static_cast<QVBoxLayout *>(plotBox->layout())->addWidget(noPlot_, 1);
    QWidget *opsBox = titled(board_, opsTitle_, topOps_);
    auto *middle = new QSplitter(Qt::Horizontal, board_);
    middle->addWidget(plotBox);
    middle->addWidget(opsBox);
    middle->setStretchFactor(0, 3);
    middle->setStretchFactor(1, 2);
    middle->setChildrenCollapsible(false);
    auto *bl = new QVBoxLayout(board_);
    bl->setContentsMargins(0, 0, 0, 0);
    bl->addLayout(cards);
    bl->addWidget(status_);
    bl->addWidget(middle, 1);

    QWidget *findingsBox = titled(this, findingsTitle_, findingsView_);
    auto *bottom = new QSplitter(Qt::Horizontal, this);
    bottom->setObjectName(QStringLiteral("overviewBottom"));
    bottom->addWidget(findingsBox);
    bottom->addWidget(facts_);
    bottom->setStretchFactor(0, 3);
    bottom->setStretchFactor(1, 2);
    bottom->setChildrenCollapsible(false);

    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(board_);
    split->addWidget(bottom);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setChildrenCollapsible(false);
    auto *lay = new QVBoxLayout(this);
    lay->setContentsMargins(4, 4, 4, 4);
    lay->addWidget(split);

    board_->hide();
    findingsBox->setVisible(false);
    connect(this, &OverviewView::dataReady, findingsBox, [this, findingsBox] { findingsBox->setVisible(shown_.sessionId() > 0); });
    findingsBox->setObjectName(QStringLiteral("overviewFindingsBox"));

    styleAll();
    retranslateUi();
}

OverviewView::~OverviewView() = default;

void OverviewView::setSession(const QString &projectPath, std::int64_t sessionId)
{
    if (shown_.setSession(projectPath, sessionId, haveFigures_))
        refresh();
}

void OverviewView::refresh()
{
    figuresJob_.discard();
    adviceJob_.discard();
    haveFigures_ = haveAdvice_ = false;
    figuresError_.clear();
    adviceError_.clear();
    dashboard_ = {};
    findings_.clear();
    evidence_.clear();
    coverage_ = {};
    const bool session = shown_.hasSession();
    board_->setVisible(session);
    if (auto *box = findChild<QWidget *>(QStringLiteral("overviewFindingsBox")))
        box->setVisible(session);
    rebuild();
    shown_.requestSession();
}

void OverviewView::start()
{
    const QString path = shown_.projectPath();
    const std::int64_t session = shown_.sessionId();
    figuresJob_.start(
        [path, session](JobControl &job) {
            Figures f;
            readStoredSession(path, session, job, &f.error, [&](const store::ProjectReader &reader) {
                f.dashboard = analysis::computeDashboard(reader, analysis::knownBatchPerDevice(reader.sessionInfo()), 10,
                                                         job.cancelFlag());
            });
            return f;
        },
        [this](Figures f) { adoptFigures(std::move(f)); });
    adviceJob_.start(
        [path, session](JobControl &job) { return adviseStoredSession(path, session, job); },
        [this](SessionAdvice a) { adoptAdvice(std::move(a)); });
    rebuild();
}

void OverviewView::adoptFigures(Figures f)
{
    haveFigures_ = true;
    figuresError_ = std::move(f.error);
    dashboard_ = std::move(f.dashboard);
    rebuild();
    if (haveAdvice_)
        Q_EMIT dataReady();
}

void OverviewView::adoptAdvice(SessionAdvice a)
{
    haveAdvice_ = true;
    adviceError_ = std::move(a.error);
    findings_ = std::move(a.advice.findings);
    coverage_ = std::move(a.advice.coverage);
    evidence_ = std::move(a.evidence);
    evidence_.resize(findings_.size());
    rebuildCards();
    rebuildFindings();
    if (haveFigures_)
        Q_EMIT dataReady();
}

bool OverviewView::waitForData(int msecs)
{
    if (shown_.isPending() && isVisible())
        shown_.run();
    QDeadlineTimer deadline(msecs);
    figuresJob_.waitForIdle(msecs);
    adviceJob_.waitForIdle(int(std::max<qint64>(0, deadline.remainingTime())));
    return !shown_.isPending() && !isBusy() && (shown_.sessionId() <= 0 || (haveFigures_ && haveAdvice_));
}

void OverviewView::changeEvent(QEvent *e)
{
    QWidget::changeEvent(e);
    if (e->type() == QEvent::LanguageChange) {
        retranslateUi();
        // Findings are translated when computed.
        if (haveAdvice_ || isBusy())
            refresh();
    } else if (e->type() == QEvent::PaletteChange || e->type() == QEvent::StyleChange) {
        styleAll();
        rebuildPlot();
    }
}

void OverviewView::styleAll()
{
    stylePlot(plot_, palette());
}

void OverviewView::retranslateUi()
{
    iteration_.title->setText(tr("Iteration time (steady, mean)"));
    throughput_.title->setText(tr("Throughput"));
    iterations_.title->setText(tr("Iterations recorded"));
    devices_.title->setText(tr("Devices"));
    findingsCard_.title->setText(tr("Advisor findings"));
    plotTitle_->setText(tr("Iteration time per device"));
    noPlot_->setText(tr("No iteration times to draw: no device of this session has step-trace markers (the start and "
                        "end of each iteration)."));
    opsTitle_->setText(tr("Top op types by total time"));
    findingsTitle_->setText(tr("Advisor findings"));
    topOps_->setHorizontalHeaderLabels({tr("Op type"), tr("Total (ms)"), tr("Share"), tr("Tasks"), tr("Mean (ms)")});
    rebuild();
}

void OverviewView::rebuild()
{
    rebuildCards();
    rebuildPlot();
    rebuildTopOps();
    rebuildFindings();
}

QString OverviewView::cardText(const QString &card) const
{
    const Card *c = card == QLatin1String("iteration") ? &iteration_
                  : card == QLatin1String("throughput") ? &throughput_
                  : card == QLatin1String("iterations") ? &iterations_
                  : card == QLatin1String("devices") ? &devices_
                  : card == QLatin1String("findings") ? &findingsCard_
                                                      : nullptr;
    return c ? c->value->text() + QLatin1Char('\n') + c->note->text() : QString();
}

void OverviewView::rebuildCards()
{
    const auto set = [](Card &c, const QString &value, const QString &note) {
        c.value->setText(value);
        c.note->setText(note);
        c.note->setVisible(!note.isEmpty());
    };
    const QString computing = tr("…");
    if (!haveFigures_) {
        for (Card *c : {&iteration_, &throughput_, &iterations_, &devices_})
            set(*c, computing, QString());
        status_->setText(shown_.sessionId() > 0 ? tr("Computing the dashboard of session %1…").arg(shown_.sessionId()) : QString());
    } else if (!figuresError_.isEmpty()) {
        for (Card *c : {&iteration_, &throughput_, &iterations_, &devices_})
            set(*c, tr("—"), QString());
        status_->setText(tr("The session could not be read: %1").arg(figuresError_));
    } else {
        status_->clear();
        const analysis::Dashboard &d = dashboard_;
        if (d.steadyMeanNs > 0)
            set(iteration_, ms(d.steadyMeanNs),
                (d.perDevice.size() > 1 ? tr("devices from %1 to %2").arg(ms(d.fastestSteadyNs), ms(d.slowestSteadyNs)) + QLatin1Char('\n')
                                        : QString())
                    + (d.warmupExcluded ? tr("iteration 1 (warm-up) left out") : tr("one iteration recorded")));
        else
            set(iteration_, tr("unknown"), d.devices.missing.isEmpty() ? tr("no iteration with step-trace markers") : d.devices.missing);
        if (d.samplesPerSecond)
            set(throughput_, tr("%1 samples/s").arg(display::number(*d.samplesPerSecond, 1)),
                tr("batch %1 per device × %n device(s) ÷ steady iteration time", nullptr, int(d.perDevice.size())).arg(*d.batch));
        else if (!d.batch)
            set(throughput_, tr("unknown"), tr("The batch size is not recorded in imported profiler data."));
        else
            set(throughput_, tr("unknown"), tr("No iteration time to divide the batch by."));
        set(iterations_, QString::number(d.iterations),
            d.iterations ? tr("with step-trace markers, on %n device(s)", nullptr, int(d.perDevice.size())) : QString());
        QString stragglers;
        if (!d.devices.stragglers.empty())
            stragglers = tr("straggler: device %1 (FP→BP more than 10 % above the median device)").arg(idList(d.devices.stragglers));
        // Every device of the session, also those without step-trace markers (an import
        // without step information has devices all the same).
        std::vector<std::uint16_t> ids = d.sessionDevices;
        if (ids.empty())
            for (const auto &dd : d.perDevice)
                ids.push_back(dd.device);
        QString note = ids.empty() ? QString() : tr("ids %1").arg(idList(ids));
        if (d.perDevice.size() < ids.size())
            note += QLatin1Char('\n') + tr("%n with step-trace markers", nullptr, int(d.perDevice.size()));
        if (!stragglers.isEmpty())
            note += QLatin1Char('\n') + stragglers;
        set(devices_, QString::number(ids.size()), note);
    }
    if (!haveAdvice_) {
        set(findingsCard_, computing, QString());
    } else if (!adviceError_.isEmpty()) {
        set(findingsCard_, tr("—"), adviceError_);
    } else {
        int critical = 0, warning = 0;
        for (const auto &f : findings_) {
            critical += f.severity == analysis::Severity::Critical;
            warning += f.severity == analysis::Severity::Warning;
        }
        QString note = tr("critical %1, warnings %2, info %3").arg(critical).arg(warning).arg(int(findings_.size()) - critical - warning);
        if (!coverage_.notRun.empty())
            note += QLatin1Char('\n') + tr("%n rule(s) could not run", nullptr, int(coverage_.notRun.size()));
        set(findingsCard_, QString::number(findings_.size()), note);
    }
}

void OverviewView::rebuildPlot()
{
    plot_->clearPlottables();
    refs_.clear();
    const ch::DeviceSeries &ds = dashboard_.devices;
    // Computed, and nothing to draw: say so rather than show empty axes.
    const bool nothing = haveFigures_ && figuresError_.isEmpty() && ds.devices.empty();
    plot_->setVisible(!nothing);
    noPlot_->setVisible(nothing);
    const StepExtent x = stepExtent(ds);
    for (std::size_t i = 0; i < ds.devices.size(); ++i) {
        const auto &dev = ds.devices[i];
        const QColor col = seriesColor(int(i));
        auto *g = addDeviceLine(plot_, ds, i, 1.5);
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, col, col, dev.steps.size() > 60 ? 3 : 5));
        std::map<double, ch::IterationStep> byKey;
        for (const auto &s : dev.steps)
            byKey.try_emplace(double(s.iteration), s); // several models: the first wins
        std::vector<ch::IterationStep> refs;
        for (const auto &[k, s] : byKey) {
            g->addData(k, double(s.iterationTime) / 1e6);
            refs.push_back(s);
        }
        refs_[g] = std::move(refs);
    }
    if (!ds.devices.empty()) {
        iterationAxis(plot_->xAxis, x.first, x.last, 0.5);
        plot_->yAxis->setRange(0, std::max(1e-6, x.maxNs / 1e6 * 1.1));
    }
    plot_->xAxis->setLabel(tr("Iteration"));
    plot_->yAxis->setLabel(tr("Iteration time (ms)"));
    plot_->legend->setVisible(!ds.devices.empty());
    fitLegend();
    plot_->replot();
}

void OverviewView::fitLegend()
{
    // As many legend columns as fit (names are never cut), the rest on more rows.
    // The plot takes about 3/5 of the view's width (its splitter's stretch), whether or not
    // it is laid out yet.
    const int n = std::max(1, plot_->legend->itemCount());
    const int wrap = std::max(1, std::min(n, width() * 3 / 5 / 150));
    if (wrap != plot_->legend->wrap()) {
        plot_->legend->setWrap(wrap);
        plot_->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true); // re-places the items
    }
}

void OverviewView::resizeEvent(QResizeEvent *e)
{
    QWidget::resizeEvent(e);
    fitLegend();
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

void OverviewView::rebuildTopOps()
{
    const ch::TopOpTypes &t = dashboard_.topOps;
    topOps_->setRowCount(int(t.rows.size()));
    const auto item = [](const QString &text, bool number) {
        auto *it = new QTableWidgetItem(text);
        if (number)
            it->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        return it;
    };
    for (int i = 0; i < int(t.rows.size()); ++i) {
        const auto &r = t.rows[std::size_t(i)];
        const double share = t.allTotal > 0 ? std::clamp(100.0 * double(r.total) / double(t.allTotal), 0.0, 100.0) : 0.0;
        topOps_->setItem(i, 0, item(r.other ? tr("Other (%n op types)", nullptr, int(r.otherTypes)) : QString::fromStdString(r.opType), false));
        topOps_->setItem(i, 1, item(display::number(double(r.total) / 1e6, 3), true));
        topOps_->setItem(i, 2, item(tr("%1 %").arg(display::number(share, 1)), true));
        topOps_->setItem(i, 3, item(display::count(std::int64_t(r.count)), true));
        topOps_->setItem(i, 4, item(display::number(r.count ? double(r.total) / double(r.count) / 1e6 : 0.0, 3), true));
    }
    topOps_->resizeColumnsToContents();
    topOps_->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    if (haveFigures_ && t.rows.empty() && !t.missing.isEmpty())
        topOps_->setToolTip(t.missing);
    else
        topOps_->setToolTip(tr("AI Core and AI CPU task time per op type over the whole session; the share is of all of it."));
}

void OverviewView::rebuildFindings()
{
    const auto e = [](const QString &s) { return s.toHtmlEscaped(); };
    if (!haveAdvice_) {
        findingsView_->setHtml(QStringLiteral("<p>%1</p>").arg(e(shown_.sessionId() > 0 ? tr("Analysing…") : QString())));
        return;
    }
    if (!adviceError_.isEmpty()) {
        findingsView_->setHtml(QStringLiteral("<p style='color:#c62828'>%1</p>").arg(e(adviceError_)));
        return;
    }
    QString html;
    if (findings_.empty())
        html += QStringLiteral("<p>%1</p>").arg(e(coverage_.notRun.empty() ? tr("No findings: the advisor's rules found nothing worth a look.")
                                                                           : tr("No findings from the rules that ran.")));
    html += QStringLiteral("<table cellspacing='0' cellpadding='3'>");
    for (std::size_t i = 0; i < findings_.size(); ++i) {
        const analysis::Finding &f = findings_[i];
        const analysis::EvidenceFocus &ev = evidence_[i];
        QString where;
        if (!f.devices.empty())
            where = tr("devices %1").arg(idList(f.devices));
        if (ev.firstIteration)
            where += (where.isEmpty() ? QString() : QStringLiteral(" · "))
                   + (ev.firstIteration == ev.lastIteration ? tr("iteration %1").arg(ev.firstIteration)
                                                           : tr("iterations %1–%2").arg(ev.firstIteration).arg(ev.lastIteration));
        html += QStringLiteral("<tr><td><span style='color:%1'>&#9679;</span></td><td><a href='finding:%2'>%3</a>%4</td>"
                               "<td>%5</td></tr>")
                    .arg(severityColor(f.severity).name())
                    .arg(i)
                    .arg(e(f.title), where.isEmpty() ? QString() : QStringLiteral(" <span style='color:gray'>(%1)</span>").arg(e(where)),
                         ev.end > ev.start || ev.stream >= 0
                             ? QStringLiteral("<a href='evidence:%1'>%2</a>").arg(i).arg(e(tr("Show in timeline")))
                             : QString());
    }
    html += QStringLiteral("</table>");
    if (!coverage_.notRun.empty()) {
        QStringList ids;
        for (const auto &r : coverage_.notRun)
            ids << QString::fromStdString(r.id);
        html += QStringLiteral("<p style='color:#b26a00'>%1</p>")
                    .arg(e(tr("Rules that could not run (the Advisor tab says why): %1").arg(ids.join(QStringLiteral(", ")))));
    }
    findingsView_->setHtml(html);
}

void OverviewView::activateLink(const QString &link)
{
    const int colon = link.indexOf(QLatin1Char(':'));
    if (colon < 0)
        return;
    bool ok = false;
    const int row = link.mid(colon + 1).toInt(&ok);
    if (!ok || row < 0 || std::size_t(row) >= findings_.size())
        return;
    const QString kind = link.left(colon);
    if (kind == QLatin1String("finding")) {
        Q_EMIT findingRequested(row);
    } else if (kind == QLatin1String("evidence")) {
        const analysis::EvidenceFocus &ev = evidence_[std::size_t(row)];
        QList<int> devices;
        for (auto d : ev.devices)
            devices << int(d);
        Q_EMIT showEvidence(devices, ev.start, ev.end, ev.firstIteration == 0 ? ev.stream : -1, ev.taskStart);
    }
}

void OverviewView::onPlotClick(QCPAbstractPlottable *p, int index)
{
    auto it = refs_.find(p);
    if (it == refs_.end() || index < 0 || index >= int(it->second.size()))
        return;
    const ch::IterationStep &s = it->second[std::size_t(index)];
    Q_EMIT showEvidence({int(s.device)}, s.start, s.end, -1, s.start);
}

} // namespace npuscope::ui
