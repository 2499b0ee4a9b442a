#include "ui/views/compare_view.h"
#include "ui/appearance.h"
#include "core/text/display.h"

#include "core/store/project.h"
#include "ui/format.h"
#include "ui/timeline/timeline_view.h"
#include "ui/views/compare_model.h"

#include <QCheckBox>
#include <QDeadlineTimer>
#include <QComboBox>
#include <QCoreApplication>
#include <QEvent>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QSplitter>
#include <QStyle>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QVBoxLayout>
#include <cmath>
#include <limits>

namespace npuscope::ui {

namespace {

constexpr int kPathRole = Qt::UserRole;
constexpr int kSessionRole = Qt::UserRole + 1;
constexpr int kOtherRole = Qt::UserRole + 2; // the "Other project…" entry

// Where the run's first iteration starts (absolute ns): the earliest FP start of the first
// step trace of any device and model; without step traces the earliest task of the first
// iteration key, else the earliest collection start.
TimeNs firstIterationStart(const TraceReader &r)
{
    TimeNs best = std::numeric_limits<TimeNs>::max();
    const SessionInfo &info = r.sessionInfo();
    for (const DeviceInfo &d : info.devices)
        for (const ModelInfo &m : info.models) {
            const auto steps = r.stepTraces(d.id, m.id);
            if (!steps.empty())
                best = std::min(best, steps.front().fpStart);
        }
    if (best != std::numeric_limits<TimeNs>::max())
        return best;
    const auto keys = r.iterations();
    if (!keys.empty()) {
        std::uint32_t first = keys.front().iteration;
        for (const IterationKey &k : keys)
            first = std::min(first, k.iteration);
        for (const IterationKey &k : keys)
            if (k.iteration == first)
                r.forEachTask(k, [&](const TaskRecord &t) {
                    best = std::min(best, t.start);
                    return false; // tasks come in start order: the first is the earliest
                });
    }
    if (best != std::numeric_limits<TimeNs>::max())
        return best;
    best = 0;
    bool any = false;
    for (const DeviceInfo &d : info.devices) {
        best = any ? std::min(best, d.monotonicBegin) : d.monotonicBegin;
        any = true;
    }
    return best;
}

QString percentText(double p)
{
    if (!std::isfinite(p))
        return QStringLiteral("—");
    return CompareOpsModel::tr("%1%2 %").arg(p > 0 ? QStringLiteral("+") : QString(), QLocale().toString(p, 'f', 1));
}

} // namespace

struct CompareView::Outcome {
    Run a, b;
    analysis::RunDiff diff;
    TimeNs alignA = 0, alignB = 0;
    QString error;
};

CompareView::CompareView(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("compareView"));
    labelA_ = new QLabel(this);
    labelB_ = new QLabel(this);
    comboA_ = new QComboBox(this);
    comboA_->setObjectName(QStringLiteral("compareRunA"));
    // As wide as 28 characters whatever the names (an imported session's name can run to
    // hundreds); the full name is in the tooltip and the open list.
    comboA_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    comboA_->setMinimumContentsLength(28);
    comboB_ = new QComboBox(this);
    comboB_->setObjectName(QStringLiteral("compareRunB"));
    comboB_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    comboB_->setMinimumContentsLength(28);
    swap_ = new QPushButton(this);
    swap_->setObjectName(QStringLiteral("compareSwap"));
    connect(swap_, &QPushButton::clicked, this, &CompareView::swapRuns);
    status_ = new QLabel(this);
    status_->setObjectName(QStringLiteral("compareStatus"));
    status_->setWordWrap(true);
    connect(comboA_, &QComboBox::currentIndexChanged, this, [this] { refresh(); });
    connect(comboB_, &QComboBox::currentIndexChanged, this, [this](int i) {
        if (i >= 0 && comboB_->itemData(i, kOtherRole).toBool()) {
            // Deferred: a modal dialog inside the combo's own signal confuses its popup.
            QMetaObject::invokeMethod(this, &CompareView::chooseOtherProject, Qt::QueuedConnection);
            return;
        }
        lastB_ = i;
        refresh();
    });

    // Differences page: step deltas on top, the op table below.
    stepsTitle_ = new QLabel(this);
    stepsTable_ = new QTableWidget(0, 5, this);
    stepsTable_->setObjectName(QStringLiteral("compareSteps"));
    stepsTable_->verticalHeader()->hide();
    stepsTable_->verticalHeader()->setDefaultSectionSize(stepsTable_->fontMetrics().height() + 6);
    stepsTable_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    stepsTable_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    stepsTable_->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    stepsTable_->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    stepsTable_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    stepsTable_->setSizePolicy(QSizePolicy::Maximum, QSizePolicy::Fixed);
    regressions_ = new QLabel(this);
    regressions_->setObjectName(QStringLiteral("compareRegressions"));
    regressions_->setWordWrap(true);
    opsTitle_ = new QLabel(this);
    opsModel_ = new CompareOpsModel(this);
    opsTable_ = new QTableView(this);
    opsTable_->setObjectName(QStringLiteral("compareOps"));
    opsTable_->setModel(opsModel_);
    opsTable_->horizontalHeader()->setSortIndicator(-1, Qt::DescendingOrder);
    opsTable_->setSortingEnabled(true);
    opsTable_->setSelectionBehavior(QAbstractItemView::SelectRows);
    opsTable_->verticalHeader()->hide();
    opsTable_->verticalHeader()->setDefaultSectionSize(opsTable_->fontMetrics().height() + 6);
    for (QLabel *t : {stepsTitle_, opsTitle_})
        setBold(t);

    diffPage_ = new QWidget(this);
    auto *dl = new QVBoxLayout(diffPage_);
    dl->addWidget(stepsTitle_);
    auto *stepsRow = new QHBoxLayout;
    stepsRow->addWidget(stepsTable_);
    stepsRow->addStretch(1);
    dl->addLayout(stepsRow);
    dl->addWidget(regressions_);
    dl->addWidget(opsTitle_);
    dl->addWidget(opsTable_, 1);

    // Timelines page: A above B, each with its label; the lock toggle on top.
    lock_ = new QCheckBox(this);
    lock_->setObjectName(QStringLiteral("compareLockZoom"));
    lock_->setChecked(true);
    connect(lock_, &QCheckBox::toggled, this, [this](bool on) {
        if (on && aligned_) {
            const auto [s, e] = timelineA_->visibleRange();
            sync(timelineA_, s, e);
        }
    });
    timelineLabelA_ = new QLabel(this);
    timelineLabelB_ = new QLabel(this);
    timelineA_ = new TimelineView(this);
    timelineA_->setObjectName(QStringLiteral("compareTimelineA"));
    timelineB_ = new TimelineView(this);
    timelineB_->setObjectName(QStringLiteral("compareTimelineB"));
    // Two stacked timelines: the plots get the height until a task or range is picked.
    connect(timelineA_, &TimelineView::opened, this, [this](bool ok) {
        if (!ok)
            openA_ = {};
    });
    connect(timelineB_, &TimelineView::opened, this, [this](bool ok) {
        if (!ok)
            openB_ = {};
    });
    timelineA_->setPanelCollapsed(true);
    timelineB_->setPanelCollapsed(true);
    connect(timelineA_, &TimelineView::visibleRangeChanged, this,
            [this](qint64 s, qint64 e) { sync(timelineA_, s, e); });
    connect(timelineB_, &TimelineView::visibleRangeChanged, this,
            [this](qint64 s, qint64 e) { sync(timelineB_, s, e); });
    auto pane = [this](QLabel *label, TimelineView *view) {
        auto *w = new QWidget(this);
        auto *l = new QVBoxLayout(w);
        l->setContentsMargins(0, 0, 0, 0);
        setBold(label);
        l->addWidget(label);
        l->addWidget(view, 1);
        return w;
    };
    auto *tsplit = new QSplitter(Qt::Vertical, this);
    tsplit->addWidget(pane(timelineLabelA_, timelineA_));
    tsplit->addWidget(pane(timelineLabelB_, timelineB_));
    tsplit->setChildrenCollapsible(false);
    timelinePage_ = new QWidget(this);
    auto *tl = new QVBoxLayout(timelinePage_);
    tl->addWidget(lock_);
    tl->addWidget(tsplit, 1);

    pages_ = new QTabWidget(this);
    pages_->setObjectName(QStringLiteral("comparePages"));
    pages_->addTab(diffPage_, QString());
    pages_->addTab(timelinePage_, QString());

    auto *top = new QHBoxLayout;
    top->addWidget(labelA_);
    top->addWidget(comboA_);
    top->addSpacing(8);
    top->addWidget(swap_);
    top->addSpacing(8);
    top->addWidget(labelB_);
    top->addWidget(comboB_);
    top->addStretch(1);
    auto *l = new QVBoxLayout(this);
    l->addLayout(top);
    // The Δ hint on a row of its own: beside two long names it was squeezed to a sliver.
    l->addWidget(status_);
    l->addWidget(pages_, 1);

    retranslateUi();
}

CompareView::~CompareView() = default;

bool CompareView::listSessions(QComboBox *combo, const QString &projectPath, bool other, QString *error)
{
    store::StoreError err = store::StoreError::None;
    // The window's own project was checked in full when it was opened; another project
    // the user picks here is opened for the first time.
    auto project = store::Project::open(projectPath, store::Project::Mode::ReadOnly, &err, error,
                                        other ? store::Project::Check::Full : store::Project::Check::Schema);
    if (!project)
        return false;
    const auto sessions = project->sessions();
    if (other && sessions.empty()) {
        *error = tr("The project %1 holds no sessions to compare with.").arg(QDir::toNativeSeparators(projectPath));
        return false;
    }
    const QString prefix = other ? QFileInfo(projectPath).fileName() + QStringLiteral(": ") : QString();
    // Other projects' entries go before "Other project…", which stays last.
    int at = combo->count();
    if (other && at > 0 && combo->itemData(at - 1, kOtherRole).toBool())
        --at;
    for (const store::SessionSummary &s : sessions) {
        if (findRun(combo, {projectPath, s.id}) >= 0)
            continue;
        // Runs of one model often share a name; the scenarios tell them apart.
        QString name = s.info.name;
        const QString scenarios = s.info.spec.scenarios.join(QStringLiteral(", "));
        if (!scenarios.isEmpty() && !name.contains(scenarios)) // sessions named before names carried them
            name += QStringLiteral(" · ") + scenarios;
        const QString text = prefix + tr("#%1 %2 (%3)").arg(s.id).arg(name, statusText(s.status));
        combo->insertItem(at, text);
        combo->setItemData(at, projectPath, kPathRole);
        combo->setItemData(at, qlonglong(s.id), kSessionRole);
        combo->setItemData(at, text + QLatin1Char('\n') + QDir::toNativeSeparators(projectPath), Qt::ToolTipRole);
        ++at;
    }
    return true;
}

int CompareView::findRun(QComboBox *combo, const Run &r) const
{
    for (int i = 0; i < combo->count(); ++i)
        if (combo->itemData(i, kPathRole).toString() == r.projectPath &&
            combo->itemData(i, kSessionRole).toLongLong() == r.sessionId)
            return i;
    return -1;
}

void CompareView::setSelection(const QString &projectPath, std::int64_t sessionId)
{
    const bool projectChanged = projectPath != projectPath_;
    if (!projectChanged && (sessionId == selected_ || sessionId <= 0))
        return;
    const QSignalBlocker ba(comboA_), bb(comboB_);
    if (projectChanged) {
        projectPath_ = projectPath;
        comboA_->clear();
        comboB_->clear();
        if (!projectPath.isEmpty()) {
            QString error;
            if (!listSessions(comboA_, projectPath, false, &error) || !listSessions(comboB_, projectPath, false, &error))
                error_ = error;
        }
        comboB_->addItem(tr("Other project…"));
        comboB_->setItemData(comboB_->count() - 1, true, kOtherRole);
    } else {
        // Sessions recorded since the project was listed.
        QString error;
        listSessions(comboA_, projectPath, false, &error);
        listSessions(comboB_, projectPath, false, &error);
    }
    selected_ = sessionId;
    if (sessionId > 0) {
        const int a = findRun(comboA_, {projectPath, sessionId});
        comboA_->setCurrentIndex(a);
        // B: the session before A in the project's order, else the one after it.
        int b = -1;
        if (a > 0)
            b = findRun(comboB_, {projectPath, comboA_->itemData(a - 1, kSessionRole).toLongLong()});
        else if (a == 0 && comboA_->count() > 1)
            b = findRun(comboB_, {projectPath, comboA_->itemData(1, kSessionRole).toLongLong()});
        comboB_->setCurrentIndex(b);
        lastB_ = b;
    } else if (projectChanged) {
        comboA_->setCurrentIndex(-1);
        comboB_->setCurrentIndex(-1);
        lastB_ = -1;
    }
    refresh();
}

bool CompareView::setRuns(const Run &a, const Run &b)
{
    if (projectPath_.isEmpty() || a.projectPath != projectPath_) {
        projectPath_.clear();
        selected_ = 0;
        setSelection(a.projectPath, 0);
    }
    if (b.projectPath != projectPath_ && findRun(comboB_, b) < 0 && !addOtherProject(b.projectPath))
        return false;
    const int ia = findRun(comboA_, a), ib = findRun(comboB_, b);
    if (ia < 0 || ib < 0) {
        error_ = tr("Session %1 is not in the project.").arg(ia < 0 ? a.sessionId : b.sessionId);
        updateStatus();
        return false;
    }
    {
        const QSignalBlocker ba(comboA_), bb(comboB_);
        comboA_->setCurrentIndex(ia);
        comboB_->setCurrentIndex(ib);
        lastB_ = ib;
    }
    refresh();
    return true;
}

CompareView::Run CompareView::runA() const
{
    return {comboA_->currentData(kPathRole).toString(), comboA_->currentData(kSessionRole).toLongLong()};
}

CompareView::Run CompareView::runB() const
{
    if (comboB_->currentData(kOtherRole).toBool())
        return {};
    return {comboB_->currentData(kPathRole).toString(), comboB_->currentData(kSessionRole).toLongLong()};
}

bool CompareView::addOtherProject(const QString &path)
{
    const QString abs = QFileInfo(path).absoluteFilePath();
    QString error;
    const int before = comboB_->currentIndex();
    bool ok;
    {
        const QSignalBlocker bb(comboB_);
        ok = listSessions(comboB_, abs, true, &error);
    }
    if (!ok) {
        error_ = error;
        updateStatus();
        return false;
    }
    error_.clear();
    // Select the project's last session (listed just before "Other project…").
    int last = -1;
    for (int i = 0; i < comboB_->count(); ++i)
        if (comboB_->itemData(i, kPathRole).toString() == abs)
            last = i;
    if (last == before)
        refresh();
    else
        comboB_->setCurrentIndex(last); // refresh() through the signal
    return true;
}

void CompareView::chooseOtherProject()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Compare with a Session of Another Project"),
                                                      QFileInfo(projectPath_).absolutePath(),
                                                      tr("NPU Scope projects (*.npuscope);;All files (*)"));
    if (path.isEmpty() || !addOtherProject(path)) {
        if (!path.isEmpty())
            QMessageBox::warning(this, tr("Cannot Compare"), error_);
        const QSignalBlocker bb(comboB_);
        comboB_->setCurrentIndex(lastB_);
        updateStatus();
    }
}

void CompareView::swapRuns()
{
    const Run a = runA(), b = runB();
    if (a.sessionId <= 0 || b.sessionId <= 0)
        return;
    // A lists only the open project's sessions; a B from elsewhere cannot become A.
    if (b.projectPath != projectPath_) {
        error_ = tr("Only sessions of the open project can be run A; run B is from another project.");
        updateStatus();
        return;
    }
    setRuns(b, a);
}

void CompareView::refresh()
{
    stop();
    const Run a = runA(), b = runB();
    if (a.sessionId <= 0 || b.sessionId <= 0) {
        shown_.drop();
        haveDiff_ = false;
        diff_ = {};
        opsModel_->clear();
        fillSteps();
        fillRegressions();
        updateStatus();
        return;
    }
    if (haveDiff_ && a == diffA_ && b == diffB_) {
        shown_.drop();
        updateStatus();
        return;
    }
    shown_.request();
    updateStatus();
}

void CompareView::start()
{
    stop();
    const Run a = runA(), b = runB();
    if (a.sessionId <= 0 || b.sessionId <= 0)
        return;
    error_.clear();
    aligned_ = false;
    // The timelines show at once (summary first); the diff follows.
    // Read off the GUI thread; a run that cannot be opened is tried again next time.
    if (!(openA_ == a)) {
        openA_ = a;
        timelineA_->openInBackground(a.projectPath, a.sessionId);
    }
    if (!(openB_ == b)) {
        openB_ = b;
        timelineB_->openInBackground(b.projectPath, b.sessionId);
    }
    timelineLabelA_->setText(tr("A: %1").arg(comboA_->currentText()));
    timelineLabelB_->setText(tr("B: %1").arg(comboB_->currentText()));

    jobs_.start(
        [a, b](JobControl &job) {
            Outcome out;
            out.a = a;
            out.b = b;
            store::StoreError err = store::StoreError::None;
            // Both were checked in full when they were listed.
            const auto check = store::Project::Check::Schema;
            auto pa = store::Project::open(a.projectPath, store::Project::Mode::ReadOnly, &err, &out.error, check);
            auto pb = pa ? store::Project::open(b.projectPath, store::Project::Mode::ReadOnly, &err, &out.error, check) : nullptr;
            std::unique_ptr<store::ProjectReader> ra, rb;
            if (pb)
                ra = pa->session(a.sessionId, &out.error);
            if (ra)
                rb = pb->session(b.sessionId, &out.error);
            if (rb) {
                out.diff = analysis::diffRuns(*ra, *rb, job.cancelFlag());
                if (!out.diff.cancelled) {
                    out.alignA = firstIterationStart(*ra);
                    out.alignB = firstIterationStart(*rb);
                    if (!ra->errorString().isEmpty())
                        out.error = ra->errorString();
                    else if (!rb->errorString().isEmpty())
                        out.error = rb->errorString();
                }
            }
            return out;
        },
        [this](Outcome out) { adopt(std::move(out)); });
    updateStatus();
}

void CompareView::stop()
{
    // What the stopped job would deliver belongs to older runs and is dropped.
    jobs_.discard();
}

void CompareView::adopt(Outcome out)
{
    error_ = out.error;
    haveDiff_ = error_.isEmpty();
    diffA_ = out.a;
    diffB_ = out.b;
    diff_ = haveDiff_ ? std::move(out.diff) : analysis::RunDiff{};
    opsTable_->horizontalHeader()->setSortIndicator(-1, Qt::DescendingOrder);
    opsModel_->setDiff(diff_);
    opsTable_->resizeColumnsToContents();
    fillSteps();
    fillRegressions();
    if (haveDiff_) {
        alignA_ = out.alignA;
        alignB_ = out.alignB;
        aligned_ = true;
        // Start both timelines on the same place: B follows A's current range, once both
        // show their session.
        timelineA_->whenOpen([this] {
            timelineB_->whenOpen([this] {
                const std::pair<qint64, qint64> r = timelineA_->visibleRange();
                sync(timelineA_, r.first, r.second);
            });
        });
    }
    updateStatus();
    Q_EMIT diffFinished();
}

void CompareView::sync(TimelineView *from, qint64 start, qint64 end)
{
    if (syncing_ || !aligned_ || !lock_->isChecked())
        return;
    syncing_ = true;
    TimelineView *to = from == timelineA_ ? timelineB_ : timelineA_;
    const qint64 shift = from == timelineA_ ? alignB_ - alignA_ : alignA_ - alignB_;
    to->setVisibleRange(start + shift, end + shift);
    syncing_ = false;
}

bool CompareView::waitForIdle(int msecs)
{
    shown_.runPending();
    QDeadlineTimer deadline(msecs);
    const bool diffed = jobs_.waitForIdle(msecs) && !shown_.isPending();
    timelineA_->waitForOpen(int(std::max<qint64>(0, deadline.remainingTime())));
    timelineB_->waitForOpen(int(std::max<qint64>(0, deadline.remainingTime())));
    return diffed && !timelineA_->isOpening() && !timelineB_->isOpening();
}

void CompareView::fillSteps()
{
    stepsTable_->setRowCount(int(diff_.steps.size()));
    int row = 0;
    for (const analysis::StepDiff &s : diff_.steps) {
        auto cell = [&](int col, const QString &text, Qt::Alignment align = Qt::AlignRight | Qt::AlignVCenter) {
            auto *it = new QTableWidgetItem(text);
            it->setTextAlignment(align);
            stepsTable_->setItem(row, col, it);
            return it;
        };
        cell(0, s.name, Qt::AlignLeft | Qt::AlignVCenter);
        cell(1, display::duration(TimeNs(std::llround(s.a))));
        cell(2, display::duration(TimeNs(std::llround(s.b))));
        const QString d = display::duration(TimeNs(std::llround(s.delta)));
        QTableWidgetItem *di = cell(3, s.delta > 0 ? QStringLiteral("+") + d : d);
        QTableWidgetItem *pi = cell(4, percentText(s.percent));
        if (s.delta != 0) {
            const QColor c = s.delta > 0 ? QColor(0xb7, 0x1c, 0x1c) : QColor(0x2e, 0x7d, 0x32);
            di->setForeground(c);
            pi->setForeground(c);
        }
        ++row;
    }
    // Show every row without a scroll bar: the table is as tall as its rows.
    int h = stepsTable_->horizontalHeader()->height() + 2 * stepsTable_->frameWidth();
    for (int r = 0; r < stepsTable_->rowCount(); ++r)
        h += stepsTable_->rowHeight(r);
    stepsTable_->setFixedHeight(std::max(h, stepsTable_->horizontalHeader()->height() + 24));
}

void CompareView::fillRegressions()
{
    if (!haveDiff_) {
        regressions_->clear();
        return;
    }
    if (diff_.regressions.empty()) {
        regressions_->setText(tr("No regressions: no op type takes longer per iteration in B than in A."));
        regressions_->setStyleSheet(QStringLiteral("color:#2e7d32"));
        return;
    }
    QStringList parts;
    for (std::size_t i = 0; i < diff_.regressions.size() && i < 5; ++i) {
        const analysis::OpTypeDiff &r = diff_.regressions[i];
        parts << tr("%1 +%2 (%3)")
                     .arg(QString::fromStdString(r.opType), display::duration(TimeNs(std::llround(r.delta))), percentText(r.percent));
    }
    regressions_->setText(tr("Top regressions (B slower than A per iteration, highlighted below): %1")
                              .arg(parts.join(QStringLiteral(", "))));
    regressions_->setStyleSheet(QStringLiteral("color:#b71c1c"));
}

void CompareView::updateStatus()
{
    // The combos are narrower than long names: the whole name on hover.
    comboA_->setToolTip(comboA_->currentText());
    comboB_->setToolTip(comboB_->currentText());
    const Run a = runA(), b = runB();
    if (!error_.isEmpty()) {
        status_->setText(error_);
        status_->setStyleSheet(QStringLiteral("color:#c62828"));
    } else if (projectPath_.isEmpty()) {
        status_->setText(tr("Open a project to compare its sessions."));
        status_->setStyleSheet(QString());
    } else if (a.sessionId <= 0 || b.sessionId <= 0) {
        status_->setText(comboA_->count() < 2 && b.sessionId <= 0
                             ? tr("Record a second session, or pick one of another project as run B, to compare.")
                             : tr("Choose run A and run B to compare."));
        status_->setStyleSheet(QString());
    } else if (isBusy() || shown_.isPending()) {
        status_->setText(tr("Comparing…"));
        status_->setStyleSheet(QString());
    } else if (a == b) {
        status_->setText(tr("Run A and run B are the same session: every difference is zero."));
        status_->setStyleSheet(QString());
    } else {
        status_->setText(tr("Δ = B − A; per iteration per device."));
        status_->setStyleSheet(QStringLiteral("color:gray"));
    }
    swap_->setEnabled(a.sessionId > 0 && b.sessionId > 0);
}

void CompareView::retranslateUi()
{
    labelA_->setText(tr("Run A:"));
    labelB_->setText(tr("Run B:"));
    swap_->setText(tr("Swap"));
    swap_->setToolTip(tr("Exchange run A and run B"));
    for (int i = 0; i < comboB_->count(); ++i)
        if (comboB_->itemData(i, kOtherRole).toBool())
            comboB_->setItemText(i, tr("Other project…"));
    pages_->setTabText(0, tr("Differences"));
    pages_->setTabText(1, tr("Timelines"));
    stepsTitle_->setText(tr("Step time (mean per iteration)"));
    opsTitle_->setText(tr("Op types by impact (click a header to sort)"));
    stepsTable_->setHorizontalHeaderLabels({tr("Step"), tr("A"), tr("B"), tr("Δ (B − A)"), tr("Change")});
    lock_->setText(tr("Lock zoom (aligned on each run's first iteration)"));
    lock_->setToolTip(tr("Zooming or scrolling one timeline shows the same place of the other run"));
    if (!comboA_->currentText().isEmpty())
        timelineLabelA_->setText(tr("A: %1").arg(comboA_->currentText()));
    if (!comboB_->currentText().isEmpty() && runB().sessionId > 0)
        timelineLabelB_->setText(tr("B: %1").arg(comboB_->currentText()));
    fillRegressions();
    updateStatus();
}

void CompareView::changeEvent(QEvent *e)
{
    if (e->type() == QEvent::LanguageChange) {
        retranslateUi();
        // Step names come translated from diffRuns(): compute again in the new language.
        if (haveDiff_) {
            haveDiff_ = false;
            refresh();
        }
    }
    QWidget::changeEvent(e);
}

} // namespace npuscope::ui
