#include "ui/views/advisor_view.h"
#include "ui/appearance.h"
#include "core/text/display.h"

#include "core/store/project.h"
#include "ui/format.h"
#include "ui/views/chart_style.h"
#include "ui/views/session_jobs.h"

#include <QApplication>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSplitter>
#include <QStyle>
#include <QTextBrowser>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace npuscope::ui {

namespace {

QIcon severityIcon(const QStyle *style, analysis::Severity s)
{
    switch (s) {
    case analysis::Severity::Critical: return style->standardIcon(QStyle::SP_MessageBoxCritical);
    case analysis::Severity::Warning: return style->standardIcon(QStyle::SP_MessageBoxWarning);
    case analysis::Severity::Info: return style->standardIcon(QStyle::SP_MessageBoxInformation);
    }
    return {};
}

QString severityText(analysis::Severity s)
{
    switch (s) {
    case analysis::Severity::Critical: return AdvisorView::tr("Critical");
    case analysis::Severity::Warning: return AdvisorView::tr("Warning");
    case analysis::Severity::Info: return AdvisorView::tr("Info");
    }
    return {};
}

// Figures are machine-readable (name → value); durations are "*_ns" / "*_ns_*", shares are
// fractions named "*share*" or "excess", the rest are plain numbers.
QString figureText(const std::string &name, double v)
{
    const QLocale loc;
    const QString n = QString::fromStdString(name);
    if (n.endsWith(QLatin1String("_ns")) || n.contains(QLatin1String("_ns_")))
        return display::duration(TimeNs(v));
    if (n.contains(QLatin1String("share")) || n == QLatin1String("excess"))
        return AdvisorView::tr("%1 %").arg(loc.toString(v * 100.0, 'f', 1));
    if (v == double(qint64(v)))
        return loc.toString(qint64(v));
    return loc.toString(v, 'g', 4);
}

// "others_median_compute_ns" → "others median compute": the unit is in the value.
QString figureName(const std::string &name)
{
    QString n = QString::fromStdString(name);
    if (n.endsWith(QLatin1String("_ns")))
        n.chop(3);
    n.replace(QLatin1String("_ns_"), QLatin1String("_"));
    n.replace(QLatin1Char('_'), QLatin1Char(' '));
    return n;
}

template <class T>
QString joinNumbers(const std::vector<T> &v, std::size_t max = 40)
{
    QStringList parts;
    for (std::size_t i = 0; i < v.size() && i < max; ++i)
        parts << QString::number(v[i]);
    if (v.size() > max)
        parts << AdvisorView::tr("… (%1 more)").arg(v.size() - max);
    return parts.join(QStringLiteral(", "));
}

} // namespace

AdvisorView::AdvisorView(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("advisorView"));
    title_ = new QLabel(this);
    setBold(title_);
    status_ = new QLabel(this);
    status_->setObjectName(QStringLiteral("advisorStatus"));
    status_->setWordWrap(true);
    refreshButton_ = new QPushButton(this);
    refreshButton_->setIcon(style()->standardIcon(QStyle::SP_BrowserReload));
    connect(refreshButton_, &QPushButton::clicked, this, &AdvisorView::refresh);

    list_ = new QTreeWidget(this);
    list_->setObjectName(QStringLiteral("advisorFindings"));
    list_->setColumnCount(2);
    list_->setRootIsDecorated(false);
    list_->setUniformRowHeights(true);
    list_->setSelectionMode(QAbstractItemView::SingleSelection);
    list_->header()->setStretchLastSection(true);
    list_->setIconSize(QSize(18, 18));
    connect(list_, &QTreeWidget::currentItemChanged, this, [this] { showFinding(); });
    connect(list_, &QTreeWidget::itemActivated, this, [this] { showButton_->click(); });

    details_ = new QTextBrowser(this);
    details_->setObjectName(QStringLiteral("advisorDetails"));
    details_->setOpenLinks(false);
    showButton_ = new QPushButton(this);
    showButton_->setObjectName(QStringLiteral("advisorShowInTimeline"));
    showButton_->setEnabled(false);
    connect(showButton_, &QPushButton::clicked, this, [this] {
        const int row = selectedFinding();
        if (row < 0)
            return;
        const analysis::EvidenceFocus &ev = evidence_[std::size_t(row)];
        QList<int> devices;
        for (auto d : ev.devices)
            devices << int(d);
        // A task to select only when the span is the finding's own place.
        const qint64 stream = ev.firstIteration == 0 ? ev.stream : -1;
        Q_EMIT showEvidence(devices, ev.start, ev.end, stream, ev.taskStart);
    });

    auto *right = new QWidget(this);
    auto *rl = new QVBoxLayout(right);
    rl->setContentsMargins(0, 0, 0, 0);
    rl->addWidget(details_, 1);
    auto *bl = new QHBoxLayout;
    bl->addStretch(1);
    bl->addWidget(showButton_);
    rl->addLayout(bl);

    auto *split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(list_);
    split->addWidget(right);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    split->setChildrenCollapsible(false);

    auto *top = new QHBoxLayout;
    top->addWidget(title_);
    top->addWidget(status_, 1);
    top->addWidget(refreshButton_);
    auto *l = new QVBoxLayout(this);
    l->addLayout(top);
    l->addWidget(split, 1);

    retranslateUi();
}

AdvisorView::~AdvisorView()
{
    stop();
}

void AdvisorView::setSession(const QString &projectPath, std::int64_t sessionId)
{
    if (shown_.setSession(projectPath, sessionId, analysed_))
        refresh();
}

void AdvisorView::refresh()
{
    stop();
    analysed_ = false;
    error_.clear();
    findings_.clear();
    evidence_.clear();
    fillList();
    shown_.requestSession();
    updateStatus();
}

void AdvisorView::start()
{
    const QString path = shown_.projectPath();
    const std::int64_t session = shown_.sessionId();
    jobs_.start(
        [path, session](JobControl &job) { return adviseStoredSession(path, session, job); },
        [this](SessionAdvice out) { adopt(std::move(out)); });
    updateStatus();
}

void AdvisorView::stop()
{
    // Whatever the stopped job would deliver belongs to an older request and is dropped.
    jobs_.discard();
}

void AdvisorView::adopt(SessionAdvice out)
{
    analysed_ = true;
    error_ = std::move(out.error);
    findings_ = std::move(out.advice.findings);
    evidence_ = std::move(out.evidence);
    evidence_.resize(findings_.size());
    coverage_ = std::move(out.advice.coverage);
    fillList();
    updateStatus();
    Q_EMIT analysisFinished();
}

bool AdvisorView::waitForIdle(int msecs)
{
    shown_.runPending();
    return jobs_.waitForIdle(msecs) && !shown_.isPending();
}

void AdvisorView::fillList()
{
    const QSignalBlocker block(list_);
    list_->clear();
    for (const analysis::Finding &fi : findings_) {
        auto *item = new QTreeWidgetItem(list_);
        item->setIcon(0, severityIcon(style(), fi.severity));
        item->setText(0, severityText(fi.severity));
        item->setForeground(0, severityColor(fi.severity));
        item->setText(1, fi.title);
        item->setToolTip(1, fi.title);
        item->setData(0, Qt::UserRole, QString::fromStdString(fi.id));
    }
    list_->resizeColumnToContents(0);
    if (!findings_.empty())
        list_->setCurrentItem(list_->topLevelItem(0));
    showFinding();
}

void AdvisorView::selectFinding(int row)
{
    if (row < 0 || row >= list_->topLevelItemCount())
        list_->setCurrentItem(nullptr);
    else
        list_->setCurrentItem(list_->topLevelItem(row));
    showFinding();
}

int AdvisorView::selectedFinding() const
{
    QTreeWidgetItem *item = list_->currentItem();
    return item ? list_->indexOfTopLevelItem(item) : -1;
}

void AdvisorView::showFinding()
{
    const int row = selectedFinding();
    if (row < 0 || std::size_t(row) >= findings_.size()) {
        showButton_->setEnabled(false);
        if (analysed_ && error_.isEmpty() && findings_.empty() && coverage_.notRun.empty() && coverage_.notes.isEmpty())
            details_->setHtml(QStringLiteral("<p style='color:#2e7d32; font-size:large'><b>%1</b></p><p>%2</p>")
                                  .arg(tr("No findings: this run looks healthy.").toHtmlEscaped(),
                                       tr("None of the advisor's rules found input, straggler, AI CPU, launch, "
                                          "communication, memory or cube-utilisation problems worth a look.")
                                           .toHtmlEscaped()));
        else if (analysed_ && error_.isEmpty())
            details_->setHtml(coverageHtml());
        else if (!error_.isEmpty())
            details_->setHtml(QStringLiteral("<p style='color:#c62828'>%1</p>").arg(error_.toHtmlEscaped()));
        else
            details_->clear();
        return;
    }
    const analysis::Finding &fi = findings_[std::size_t(row)];
    const auto e = [](const QString &s) { return s.toHtmlEscaped(); };
    QString html;
    html += QStringLiteral("<h3 style='color:%1'>%2</h3>").arg(severityColor(fi.severity).name(), e(fi.title));
    html += QStringLiteral("<p><b>%1</b> %2 &nbsp; <span style='color:gray'>(%3)</span></p>")
                .arg(e(tr("Severity:")), e(severityText(fi.severity)), e(QString::fromStdString(fi.id)));
    html += QStringLiteral("<h4>%1</h4><p>%2</p>").arg(e(tr("Evidence")), e(fi.evidence));
    if (!fi.figures.empty()) {
        html += QStringLiteral("<h4>%1</h4><table cellspacing='0' cellpadding='3' border='0'>").arg(e(tr("Figures")));
        for (const auto &[name, value] : fi.figures)
            html += QStringLiteral("<tr><td style='color:#555'>%1</td><td align='right'><b>%2</b></td></tr>")
                        .arg(e(figureName(name)), e(figureText(name, value)));
        html += QStringLiteral("</table>");
    }
    QStringList affected;
    if (!fi.devices.empty())
        affected << QStringLiteral("<b>%1</b> %2").arg(e(tr("Devices:")), e(joinNumbers(fi.devices)));
    if (!fi.iterations.empty())
        affected << QStringLiteral("<b>%1</b> %2").arg(e(tr("Iterations:")), e(joinNumbers(fi.iterations)));
    if (!fi.ops.empty()) {
        QStringList ops;
        for (const std::string &o : fi.ops)
            ops << QString::fromStdString(o);
        affected << QStringLiteral("<b>%1</b> %2").arg(e(tr("Ops:")), e(ops.join(QStringLiteral(", "))));
    }
    if (!affected.isEmpty())
        html += QStringLiteral("<h4>%1</h4><p>%2</p>").arg(e(tr("Affected")), affected.join(QStringLiteral("<br>")));
    html += QStringLiteral("<h4>%1</h4><p>%2</p>").arg(e(tr("Suggestion")), e(fi.suggestion));
    const analysis::EvidenceFocus &ev = evidence_[std::size_t(row)];
    if (ev.end > ev.start) {
        QStringList ids;
        for (auto d : ev.devices)
            ids << QString::number(d);
        const QString where = ev.firstIteration == 0
            ? tr("Show in Timeline pins and highlights device(s) %1 and selects the place of the finding.").arg(ids.join(QStringLiteral(", ")))
            : ev.firstIteration == ev.lastIteration
            ? tr("Show in Timeline pins and highlights device(s) %1 and selects iteration %2.")
                  .arg(ids.join(QStringLiteral(", ")))
                  .arg(ev.firstIteration)
            : tr("Show in Timeline pins and highlights device(s) %1 and selects iterations %2 to %3.")
                  .arg(ids.join(QStringLiteral(", ")))
                  .arg(ev.firstIteration)
                  .arg(ev.lastIteration);
        html += QStringLiteral("<p style='color:gray'>%1</p>").arg(e(where));
    }
    details_->setHtml(html);
    showButton_->setEnabled(ev.end > ev.start || ev.stream >= 0);
}

void AdvisorView::updateStatus()
{
    if (shown_.sessionId() <= 0) {
        status_->setText(tr("Select a session in the project explorer to analyse it."));
        status_->setStyleSheet(QString());
    } else if (isBusy() || shown_.isPending()) {
        status_->setText(tr("Analysing session %1…").arg(shown_.sessionId()));
        status_->setStyleSheet(QString());
    } else if (!error_.isEmpty()) {
        status_->setText(tr("The session could not be analysed: %1").arg(error_));
        status_->setStyleSheet(QStringLiteral("color:#c62828"));
    } else if (findings_.empty() && coverage_.noDeviceTasks) {
        status_->setText(tr("No device tasks in this session: the rules that read them could not run."));
        status_->setStyleSheet(QStringLiteral("color:#b26a00"));
    } else if (findings_.empty() && !coverage_.notRun.empty()) {
        status_->setText(tr("No findings from the rules that ran; %n rule(s) could not run.", nullptr,
                            int(coverage_.notRun.size())));
        status_->setStyleSheet(QStringLiteral("color:#b26a00"));
    } else if (findings_.empty()) {
        status_->setText(coverage_.notes.isEmpty() ? tr("No findings: this run looks healthy.")
                                                   : tr("No findings in what was recorded."));
        status_->setStyleSheet(QStringLiteral("color:#2e7d32"));
    } else {
        int critical = 0, warning = 0;
        for (const auto &f : findings_) {
            critical += f.severity == analysis::Severity::Critical;
            warning += f.severity == analysis::Severity::Warning;
        }
        const QString count = findings_.size() == 1 ? tr("1 finding in session %1").arg(shown_.sessionId())
                                                    : tr("%1 findings in session %2").arg(findings_.size()).arg(shown_.sessionId());
        QString text = tr("%1 (critical: %2, warnings: %3)").arg(count).arg(critical).arg(warning);
        if (!coverage_.notRun.empty())
            text += QLatin1Char(' ') + tr("%n rule(s) could not run.", nullptr, int(coverage_.notRun.size()));
        status_->setText(text);
        status_->setStyleSheet(QString());
    }
    // The reasons, wherever the status is read.
    status_->setToolTip(analysed_ && error_.isEmpty() && !(coverage_.notRun.empty() && coverage_.notes.isEmpty())
                            ? coverageHtml() : QString());
    refreshButton_->setEnabled(shown_.sessionId() > 0 && !isBusy());
    showFinding();
}

QString AdvisorView::coverageHtml() const
{
    const auto e = [](const QString &t) { return t.toHtmlEscaped(); };
    QString html;
    for (const QString &note : coverage_.notes)
        html += QStringLiteral("<p><b>%1</b></p>").arg(e(note));
    if (findings_.empty() && !coverage_.noDeviceTasks)
        html += QStringLiteral("<p>%1</p>").arg(e(coverage_.notRun.empty() ? tr("None of the advisor's rules found a problem in what was recorded.")
                                                                           : tr("The rules that ran found no problem.")));
    if (!coverage_.notRun.empty()) {
        html += QStringLiteral("<h4>%1</h4><ul>").arg(e(tr("Rules that could not run")));
        for (const auto &r : coverage_.notRun)
            html += QStringLiteral("<li><b>%1</b>: %2</li>").arg(e(QString::fromStdString(r.id)), e(r.reason));
        html += QStringLiteral("</ul><p style='color:gray'>%1</p>")
                    .arg(e(tr("Record the session with the options named to let these rules run.")));
    }
    return html;
}

void AdvisorView::retranslateUi()
{
    title_->setText(tr("Advisor"));
    refreshButton_->setText(tr("Analyse Again"));
    refreshButton_->setToolTip(tr("Run the advisor's rules on the session again"));
    list_->setHeaderLabels({tr("Severity"), tr("Finding")});
    showButton_->setText(tr("Show in Timeline"));
    showButton_->setToolTip(tr("Open the timeline on the finding's devices (pinned and highlighted) and iterations (selected)"));
    updateStatus();
}

void AdvisorView::changeEvent(QEvent *e)
{
    if (e->type() == QEvent::LanguageChange) {
        retranslateUi();
        // Findings are translated when computed; say them again in the new language.
        if (analysed_ || isBusy()) {
            const int row = selectedFinding();
            refresh();
            if (row >= 0)
                connect(this, &AdvisorView::analysisFinished, this, [this, row] { selectFinding(row); },
                        Qt::SingleShotConnection);
        }
    }
    QWidget::changeEvent(e);
}

} // namespace npuscope::ui
