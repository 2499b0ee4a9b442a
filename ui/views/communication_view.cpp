#include "ui/views/communication_view.h"
#include "ui/appearance.h"
#include "ui/views/communication_table.h"

#include "core/store/project.h"
#include "ui/views/chart_style.h"
#include "ui/views/session_jobs.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QSplitter>
#include <QStackedWidget>
#include <QTableView>
#include <QToolTip>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <limits>
#include <set>

#include <qcustomplot.h>

namespace npuscope::ui {

namespace {

QString number(double v, int decimals) { return QLocale().toString(v, 'f', decimals); }


} // namespace

CommunicationView::CommunicationView(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("communicationView"));
    title_ = new QLabel(this);
    setBold(title_);
    summary_ = new QLabel(this);
    summary_->setObjectName(QStringLiteral("communicationSummary"));
    summary_->setWordWrap(true);
    summary_->setTextFormat(Qt::RichText);

    empty_ = new QLabel(this);
    empty_->setObjectName(QStringLiteral("communicationEmpty"));
    empty_->setWordWrap(true);
    empty_->setAlignment(Qt::AlignCenter);
    empty_->setMargin(24);
    QFont ef = empty_->font();
    ef.setPointSizeF(ef.pointSizeF() * 1.15);
    empty_->setFont(ef);

    tableModel_ = new CommunicationTableModel(this);
    auto *proxy = new CommunicationSortProxy(this);
    proxy->setSourceModel(tableModel_);
    table_ = new QTableView(this);
    table_->setObjectName(QStringLiteral("communicationTable"));
    table_->setModel(proxy);
    table_->setSortingEnabled(true);
    table_->sortByColumn(-1, Qt::AscendingOrder); // the analysis's order until a header is clicked
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->verticalHeader()->hide();
    table_->setAlternatingRowColors(true);
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);

    matrixLabel_ = new QLabel(this);
    matrixBox_ = new QComboBox(this);
    matrixBox_->setObjectName(QStringLiteral("communicationMatrix"));
    matrixBox_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    metricLabel_ = new QLabel(this);
    metricBox_ = new QComboBox(this);
    metricBox_->setObjectName(QStringLiteral("communicationMetric"));
    metricBox_->addItems({QString(), QString()});
    connect(matrixBox_, &QComboBox::currentIndexChanged, this, [this] { drawMatrix(); });
    connect(metricBox_, &QComboBox::currentIndexChanged, this, [this] { drawMatrix(); });

    plot_ = new QCustomPlot(this);
    plot_->setObjectName(QStringLiteral("communicationHeatMap"));
    plot_->setMinimumSize(320, 280);
    plot_->setMouseTracking(true);
    map_ = new QCPColorMap(plot_->xAxis, plot_->yAxis);
    map_->setInterpolate(false);
    map_->setTightBoundary(false);
    scale_ = new QCPColorScale(plot_);
    plot_->plotLayout()->addElement(0, 1, scale_);
    scale_->setType(QCPAxis::atRight);
    map_->setColorScale(scale_);
    // Sequential blues: more is darker, in light and dark themes alike.
    QCPColorGradient g;
    g.setColorStopAt(0.0, QColor(0xde, 0xeb, 0xf7));
    g.setColorStopAt(0.5, QColor(0x6b, 0xae, 0xd6));
    g.setColorStopAt(1.0, QColor(0x08, 0x30, 0x6b));
    g.setNanHandling(QCPColorGradient::nhTransparent); // a pair the data names no transfer for
    map_->setGradient(g);
    auto *margins = new QCPMarginGroup(plot_);
    plot_->axisRect()->setMarginGroup(QCP::msBottom | QCP::msTop, margins);
    scale_->setMarginGroup(QCP::msBottom | QCP::msTop, margins);
    QSharedPointer<QCPAxisTickerFixed> ticker(new QCPAxisTickerFixed);
    ticker->setTickStep(1.0);
    ticker->setScaleStrategy(QCPAxisTickerFixed::ssNone); // every rank labelled
    plot_->xAxis->setTicker(ticker);
    plot_->yAxis->setTicker(ticker);
    plot_->xAxis->grid()->setVisible(false);
    plot_->yAxis->grid()->setVisible(false);
    plot_->yAxis->setRangeReversed(true); // rank 0 on top, as a matrix reads
    connect(plot_, &QCustomPlot::mouseMove, this, [this](QMouseEvent *e) { onHover(e); });
    stylePlot();

    caption_ = new QLabel(this);
    caption_->setWordWrap(true);
    caption_->setObjectName(QStringLiteral("communicationCaption"));

    auto *mapPane = new QWidget(this);
    auto *ml = new QVBoxLayout(mapPane);
    ml->setContentsMargins(0, 0, 0, 0);
    auto *controls = new QHBoxLayout;
    controls->addWidget(matrixLabel_);
    controls->addWidget(matrixBox_, 1);
    controls->addWidget(metricLabel_);
    controls->addWidget(metricBox_);
    ml->addLayout(controls);
    ml->addWidget(plot_, 1);
    ml->addWidget(caption_);

    auto *split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(table_);
    split->addWidget(mapPane);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setChildrenCollapsible(false);
    split->setSizes({3000, 2000}); // the table's many columns get the larger share

    stack_ = new QStackedWidget(this);
    stack_->addWidget(empty_);
    stack_->addWidget(split);

    auto *l = new QVBoxLayout(this);
    l->addWidget(title_);
    l->addWidget(summary_);
    l->addWidget(stack_, 1);
    retranslateUi();
}

CommunicationView::~CommunicationView()
{
    jobs_.discard();
}

void CommunicationView::setSession(const QString &projectPath, std::int64_t sessionId)
{
    if (shown_.setSession(projectPath, sessionId, analysed_))
        refresh();
}

void CommunicationView::refresh()
{
    jobs_.discard();
    analysed_ = false;
    error_.clear();
    result_ = {};
    fillTable();
    fillMatrixBox();
    shown_.requestSession();
    updateSummary();
}

struct CommunicationView::Outcome {
    analysis::CommunicationAnalysis result;
    QString error;
};

void CommunicationView::start()
{
    const QString path = shown_.projectPath();
    const std::int64_t session = shown_.sessionId();
    jobs_.start(
        [path, session](JobControl &job) {
            Outcome out;
            readStoredSession(path, session, job, &out.error, [&](const store::ProjectReader &reader) {
                out.result = analysis::analyzeCommunication(reader, job.cancelFlag());
            });
            return out;
        },
        [this](Outcome out) { adopt(std::move(out)); });
    updateSummary();
}

void CommunicationView::adopt(Outcome out)
{
    analysed_ = true;
    error_ = std::move(out.error);
    result_ = std::move(out.result);
    fillTable();
    fillMatrixBox();
    updateSummary();
    Q_EMIT analysisFinished();
}

bool CommunicationView::waitForIdle(int msecs)
{
    shown_.runPending();
    return jobs_.waitForIdle(msecs) && !shown_.isPending();
}

void CommunicationView::fillTable()
{
    tableModel_->setAnalysis(&result_);
    // Widths from the first rows (the totals and the first ops), not from every row.
    table_->horizontalHeader()->setResizeContentsPrecision(100);
    table_->resizeColumnsToContents();
    table_->setColumnWidth(CommunicationTableModel::ColOp, std::min(table_->columnWidth(CommunicationTableModel::ColOp), 260));
}

void CommunicationView::fillMatrixBox()
{
    const QSignalBlocker block(matrixBox_);
    const int keep = matrixBox_->currentIndex();
    matrixBox_->clear();
    for (const analysis::CommMatrix &m : result_.matrices)
        matrixBox_->addItem(m.name.empty() ? tr("All ops") : QString::fromStdString(m.name));
    if (matrixBox_->count() > 0)
        matrixBox_->setCurrentIndex(keep >= 0 && keep < matrixBox_->count() ? keep : 0);
    drawMatrix();
}

void CommunicationView::setMetric(Metric m) { metricBox_->setCurrentIndex(m == Metric::Size ? 0 : 1); }
CommunicationView::Metric CommunicationView::metric() const
{
    return metricBox_->currentIndex() == 1 ? Metric::Bandwidth : Metric::Size;
}

void CommunicationView::drawMatrix()
{
    plot_->clearItems();
    const int mi = matrixBox_->currentIndex();
    const bool bandwidth = metric() == Metric::Bandwidth;
    scale_->axis()->setLabel(bandwidth ? tr("Bandwidth (GB/s)") : tr("Transferred (MB)"));
    plot_->xAxis->setLabel(tr("Destination rank"));
    plot_->yAxis->setLabel(tr("Source rank"));
    if (mi < 0 || mi >= int(result_.matrices.size())) {
        map_->data()->clear();
        map_->setVisible(false);
        caption_->setText(result_.ops.empty() ? QString() : tr("The data has no rank × rank matrix."));
        plot_->replot();
        return;
    }
    map_->setVisible(true);
    const analysis::CommMatrix &m = result_.matrices[std::size_t(mi)];
    const int n = int(m.rankCount());
    map_->data()->setSize(n, n);
    map_->data()->setRange(QCPRange(0, n - 1), QCPRange(0, n - 1));
    map_->data()->fill(std::numeric_limits<double>::quiet_NaN());
    // The colour scale spans the links between cards when there are any: copies within a
    // card run an order of magnitude faster and would leave every other cell the palest
    // colour. The diagonal then takes the darkest colour, its value written in the cell.
    bool offDiagonal = false;
    for (const analysis::CommMatrixCell &c : m.cells)
        offDiagonal = offDiagonal || (c.srcRank != c.dstRank && (bandwidth ? c.bandwidthGBps : c.sizeMB) >= 0);
    bool clipped = false;
    double lo = std::numeric_limits<double>::max(), hi = std::numeric_limits<double>::lowest();
    for (const analysis::CommMatrixCell &c : m.cells) {
        const double v = bandwidth ? c.bandwidthGBps : c.sizeMB;
        if (v < 0)
            continue; // unknown bandwidth stays an empty cell
        map_->data()->setCell(int(c.dstRank), int(c.srcRank), v);
        if (offDiagonal && c.srcRank == c.dstRank)
            continue;
        lo = std::min(lo, v);
        hi = std::max(hi, v);
    }
    for (const analysis::CommMatrixCell &c : m.cells)
        clipped = clipped || (c.srcRank == c.dstRank && (bandwidth ? c.bandwidthGBps : c.sizeMB) > hi);
    if (lo > hi) {
        lo = 0;
        hi = 1;
    } else if (lo == hi) {
        lo = std::max(0.0, lo - 0.5);
        hi += 0.5;
    }
    map_->setDataRange(QCPRange(std::min(0.0, lo), hi));
    // Values written in the cells while they stay legible.
    if (n <= 12) {
        for (const analysis::CommMatrixCell &c : m.cells) {
            const double v = bandwidth ? c.bandwidthGBps : c.sizeMB;
            if (v < 0)
                continue;
            auto *t = new QCPItemText(plot_);
            t->position->setCoords(c.dstRank, c.srcRank);
            t->setText(number(v, v >= 100 ? 0 : 1));
            const double frac = hi > 0 ? std::min(1.0, v / hi) : 0;
            t->setColor(frac > 0.5 ? Qt::white : Qt::black);
            t->setClipToAxisRect(true);
        }
    }
    plot_->xAxis->setRange(-0.5, n - 0.5);
    plot_->yAxis->setRange(-0.5, n - 0.5);
    std::set<std::uint32_t> sources;
    for (const analysis::CommMatrixCell &c : m.cells)
        sources.insert(c.srcRank);
    QString caption = tr("Each cell is what rank (row) sent to rank (column), summed over the ops of the matrix; "
                         "the diagonal is copies within a card. Empty cells: the data names no transfer between "
                         "the two ranks.");
    if (clipped)
        caption += QLatin1Char(' ')
                   + tr("The colour scale covers the links between cards; the faster copies within a card are "
                        "drawn in its darkest colour.");
    if (int(sources.size()) < n)
        caption += QLatin1Char(' ')
                   + tr("Only %n rank(s) of the %1 in the group were captured, so the other rows are empty.", nullptr,
                        int(sources.size()))
                         .arg(n);
    caption_->setText(caption);
    plot_->replot();
}

bool CommunicationView::cellAt(const QPoint &pos, int *src, int *dst) const
{
    const int mi = matrixBox_->currentIndex();
    if (mi < 0 || mi >= int(result_.matrices.size()) || !plot_->axisRect()->rect().contains(pos))
        return false;
    const int n = int(result_.matrices[std::size_t(mi)].rankCount());
    const int x = int(std::lround(plot_->xAxis->pixelToCoord(pos.x())));
    const int y = int(std::lround(plot_->yAxis->pixelToCoord(pos.y())));
    if (x < 0 || y < 0 || x >= n || y >= n)
        return false;
    *dst = x;
    *src = y;
    return true;
}

QString CommunicationView::cellToolTip(int src, int dst) const
{
    const int mi = matrixBox_->currentIndex();
    if (mi < 0 || mi >= int(result_.matrices.size()))
        return {};
    for (const analysis::CommMatrixCell &c : result_.matrices[std::size_t(mi)].cells)
        if (int(c.srcRank) == src && int(c.dstRank) == dst)
            return tr("Rank %1 → rank %2 over %3\n%4 MB in %5 ms\nBandwidth: %6")
                .arg(src)
                .arg(dst)
                .arg(c.transport.empty() ? tr("an unknown link") : QString::fromStdString(c.transport),
                     number(c.sizeMB, 3), number(c.timeMs, 3),
                     c.bandwidthGBps < 0 ? tr("unknown (no transfer time)") : tr("%1 GB/s").arg(number(c.bandwidthGBps, 2)));
    return tr("Rank %1 → rank %2: no transfer in the data").arg(src).arg(dst);
}

void CommunicationView::onHover(QMouseEvent *e)
{
    int src = 0, dst = 0;
    if (cellAt(e->pos(), &src, &dst))
        QToolTip::showText(e->globalPosition().toPoint(), cellToolTip(src, dst), plot_);
    else
        QToolTip::hideText();
}

void CommunicationView::updateSummary()
{
    const bool hasData = !result_.empty();
    stack_->setCurrentIndex(hasData ? 1 : 0);
    summary_->setStyleSheet(QString());
    if (shown_.sessionId() <= 0) {
        summary_->setText(QString());
        empty_->setText(tr("Select a session in the project explorer to see its communication."));
        return;
    }
    if (isBusy() || shown_.isPending()) {
        summary_->setText(tr("Analysing the communication of session %1…").arg(shown_.sessionId()));
        empty_->setText(QString());
        return;
    }
    if (!error_.isEmpty()) {
        summary_->setText(tr("The session could not be analysed: %1").arg(error_.toHtmlEscaped()));
        summary_->setStyleSheet(QStringLiteral("color:#c62828"));
        empty_->setText(QString());
        return;
    }
    if (!hasData) {
        summary_->setText(QString());
        empty_->setText(tr("This session holds no communication: no collective ops, HCCL tasks or communication "
                           "statistics. They come from runs on several devices recorded with HCCL profiling on, and "
                           "from imported torch_npu or msprof output that has communication.json or analysis.db."));
        return;
    }
    QStringList parts;
    parts << (result_.source == analysis::CommSource::Profiler
                  ? tr("Figures as the profiler computed them (communication.json, communication_matrix.json or "
                       "analysis.db).")
                  : tr("Figures derived from the session's HCCL tasks with msprof's definitions."));
    auto name = [this](int i) {
        const analysis::CommRankTotals &r = result_.ranks[std::size_t(i)];
        return r.rank >= 0 ? tr("rank %1").arg(r.rank) : tr("device %1").arg(r.device);
    };
    if (result_.slowestRank >= 0) {
        const analysis::CommRankTotals &w = result_.ranks[std::size_t(result_.mostWaitRank)];
        parts << tr("<b>Slowest rank: %1</b>: the others wait for it (%2 waits %3 % of its wait and transit time, "
                    "mostly to synchronise).")
                     .arg(name(result_.slowestRank), name(result_.mostWaitRank),
                          number(std::clamp(w.waitRatio(), 0.0, 1.0) * 100.0, 1));
    } else if (result_.ranks.size() >= 2) {
        parts << tr("No slow rank: no rank waits most of its time for the others.");
    }
    if (result_.leastWaitRank >= 0 && result_.ranks.size() >= 2)
        parts << tr("Rank that waits least: <b>%1</b> (wait ratio %2 %).")
                     .arg(name(result_.leastWaitRank),
                          number(std::clamp(result_.ranks[std::size_t(result_.leastWaitRank)].waitRatio(), 0.0, 1.0) * 100.0, 1));
    if (tableModel_->linkTypes().empty())
        parts << tr("The data names no link type, so no bandwidth per link type is shown.");
    summary_->setText(parts.join(QLatin1Char(' ')));
}

void CommunicationView::retranslateUi()
{
    title_->setText(tr("Communication"));
    matrixLabel_->setText(tr("Matrix:"));
    metricLabel_->setText(tr("Show:"));
    metricBox_->setItemText(0, tr("Transferred (MB)"));
    metricBox_->setItemText(1, tr("Bandwidth (GB/s)"));
    metricBox_->setToolTip(tr("Colour the matrix by the megabytes sent or by the bandwidth reached"));
    fillTable();
    fillMatrixBox();
    updateSummary();
}

void CommunicationView::changeEvent(QEvent *e)
{
    if (e->type() == QEvent::LanguageChange)
        retranslateUi();
    else if (e->type() == QEvent::PaletteChange || e->type() == QEvent::StyleChange)
        stylePlot();
    QWidget::changeEvent(e);
}

// The plot follows the light or dark theme; the colour gradient reads on both.
void CommunicationView::stylePlot()
{
    plot_->setBackground(palette().color(QPalette::Base));
    styleAxes({plot_->xAxis, plot_->yAxis, scale_->axis()}, palette(), false);
    plot_->replot();
}

} // namespace npuscope::ui
