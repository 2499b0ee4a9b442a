#pragma once
// The "Compare" tab: what changed between run A and run B (core/analysis/run_diff.h).
// A and B are sessions of the open project, or B comes from another project ("Other
// project…" in B's list). By default A is the selected session and B the session before it.
// Shows the op-type diff table (impact order, numeric sort, top regressions highlighted),
// the step-time breakdown deltas, and both timelines one above the other with synchronised
// zoom: with "Lock zoom" on, a range shown in one is shown in the other shifted by the
// difference of the runs' first iteration starts, so equivalent iterations line up.
//
// The diff runs as a background job (cancelled when the runs change or the view goes away),
// and only while the view is visible; a hidden tab computes when shown (when_shown.h).

#include "core/analysis/run_diff.h"
#include "ui/job_runner.h"
#include "ui/views/when_shown.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QPushButton;
class QTabWidget;
class QTableView;
class QTableWidget;

namespace npuscope::ui {

class CompareOpsModel;
class TimelineView;

class CompareView : public QWidget {
    Q_OBJECT
public:
    struct Run {
        QString projectPath;
        std::int64_t sessionId = 0;
        bool operator==(const Run &) const = default;
    };

    explicit CompareView(QWidget *parent = nullptr);
    ~CompareView() override;

    // The explorer's selection: lists the project's sessions; a newly selected session
    // becomes A and the session before it (or else after it) B.
    void setSelection(const QString &projectPath, std::int64_t sessionId);
    // Chooses both runs explicitly (B may be in another project: it is listed first).
    // False with a message (errorString) when a run cannot be found.
    bool setRuns(const Run &a, const Run &b);
    Run runA() const;
    Run runB() const;
    // Lists another project's sessions under B and selects its last one, as "Other
    // project…" does after its file dialog. False + errorString() when it cannot be read.
    bool addOtherProject(const QString &path);
    QString errorString() const { return error_; }

    bool isBusy() const { return jobs_.isBusy(); }
    // Processes events until the diff in progress is shown (or msecs pass); for tests.
    bool waitForIdle(int msecs);
    const analysis::RunDiff &diff() const { return diff_; }
    // First iteration start of each run (absolute ns); the timelines are aligned on them.
    std::pair<TimeNs, TimeNs> alignment() const { return {alignA_, alignB_}; }

    QComboBox *runBCombo() const { return comboB_; }
    QTableView *opsTable() const { return opsTable_; }
    CompareOpsModel *opsModel() const { return opsModel_; }
    QTableWidget *stepsTable() const { return stepsTable_; }
    QLabel *regressionsLabel() const { return regressions_; }
    QLabel *statusLabel() const { return status_; }
    TimelineView *timelineA() const { return timelineA_; }
    TimelineView *timelineB() const { return timelineB_; }
    QCheckBox *lockZoom() const { return lock_; }
    QTabWidget *pages() const { return pages_; }

public Q_SLOTS:
    void swapRuns();
    void refresh();

Q_SIGNALS:
    void diffFinished();

protected:
    void changeEvent(QEvent *e) override;

private:
    struct Outcome;
    bool listSessions(QComboBox *combo, const QString &projectPath, bool other, QString *error);
    int findRun(QComboBox *combo, const Run &r) const;
    void chooseOtherProject();
    void start();
    void stop();
    void adopt(Outcome out);
    void fillSteps();
    void fillRegressions();
    void sync(TimelineView *from, qint64 start, qint64 end);
    void retranslateUi();
    void updateStatus();

    QString projectPath_;
    std::int64_t selected_ = 0;
    QString error_;
    WhenShown shown_{this, [this] { start(); }, [this] { return isBusy(); }};
    bool haveDiff_ = false;
    analysis::RunDiff diff_;
    Run diffA_, diffB_;           // what diff_ compares (set when it arrives)
    Run openA_, openB_;           // what the timelines show
    TimeNs alignA_ = 0, alignB_ = 0;
    bool aligned_ = false, syncing_ = false;
    int lastB_ = -1;              // B's index before "Other project…" was picked

    QLabel *labelA_ = nullptr, *labelB_ = nullptr;
    QComboBox *comboA_ = nullptr, *comboB_ = nullptr;
    QPushButton *swap_ = nullptr;
    QLabel *status_ = nullptr;
    QTabWidget *pages_ = nullptr;
    QWidget *diffPage_ = nullptr, *timelinePage_ = nullptr;
    QLabel *stepsTitle_ = nullptr, *opsTitle_ = nullptr;
    QTableWidget *stepsTable_ = nullptr;
    QLabel *regressions_ = nullptr;
    QTableView *opsTable_ = nullptr;
    CompareOpsModel *opsModel_ = nullptr;
    QLabel *timelineLabelA_ = nullptr, *timelineLabelB_ = nullptr;
    QCheckBox *lock_ = nullptr;
    TimelineView *timelineA_ = nullptr, *timelineB_ = nullptr;
    JobRunner jobs_; // last: its running job ends before the members above go
};

} // namespace npuscope::ui
