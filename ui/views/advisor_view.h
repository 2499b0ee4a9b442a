#pragma once
// The "Advisor" tab: what limits the selected session's training speed, as findings of
// analysis::advise() (core/analysis/advisor.h) — a list with severity icon and colour, and a
// detail pane with the evidence, figures, affected devices / iterations / ops, the
// suggestion and a "Show in Timeline" button (emits showEvidence: the finding's devices and
// the whole span of its iterations, core/analysis/advisor_focus.h).
//
// The analysis runs as a background job (ui/job_runner.h); choosing another session or
// destroying the view cancels it. It runs only while the view is visible (when_shown.h).
// Findings carry translated text, so a language switch recomputes them.

#include "core/analysis/advisor.h"
#include "core/analysis/advisor_coverage.h"
#include "core/analysis/advisor_focus.h"
#include "ui/job_runner.h"
#include "ui/views/session_jobs.h"
#include "ui/views/when_shown.h"

#include <QWidget>
#include <vector>

class QLabel;
class QPushButton;
class QTextBrowser;
class QTreeWidget;

namespace npuscope::ui {

class AdvisorView : public QWidget {
    Q_OBJECT
public:
    explicit AdvisorView(QWidget *parent = nullptr);
    ~AdvisorView() override;

    // The session to analyse (sessionId ≤ 0 clears). Recomputes when visible.
    void setSession(const QString &projectPath, std::int64_t sessionId);
    // Analyses again (e.g. after the session grew while recording).
    void refresh();

    bool isBusy() const { return jobs_.isBusy(); }
    // Processes events until the analysis in progress has been shown (or msecs pass); for tests.
    bool waitForIdle(int msecs);

    const std::vector<analysis::Finding> &findings() const { return findings_; }
    // Per finding, where "Show in Timeline" takes the user (same order as findings()).
    const std::vector<analysis::EvidenceFocus> &evidence() const { return evidence_; }
    // Which rules had nothing to read in the session, and the notes on what was recorded.
    const analysis::AdvisorCoverage &coverage() const { return coverage_; }
    // Selects the finding at `row` of the list (−1 clears).
    void selectFinding(int row);
    int selectedFinding() const;

    QTreeWidget *list() const { return list_; }
    QTextBrowser *details() const { return details_; }
    QPushButton *showButton() const { return showButton_; }
    QLabel *statusLabel() const { return status_; }

Q_SIGNALS:
    // The finding's evidence: its devices (to pin and highlight) and the span of its
    // iterations (absolute ns) to select; stream ≥ 0: also the task starting at taskStart
    // on (first device, stream), for findings without iterations.
    void showEvidence(const QList<int> &devices, qint64 start, qint64 end, qint64 stream, qint64 taskStart);
    // Emitted after new findings (or an error) are shown.
    void analysisFinished();

protected:
    void changeEvent(QEvent *e) override;

private:
    void start();
    void stop();
    void adopt(SessionAdvice out);
    QString coverageHtml() const;
    void fillList();
    void showFinding();
    void retranslateUi();
    void updateStatus();

    SessionWhenShown shown_{this, [this] { start(); }, [this] { return isBusy(); }};
    bool analysed_ = false;       // findings_ belong to the current session
    QString error_;
    std::vector<analysis::Finding> findings_;
    std::vector<analysis::EvidenceFocus> evidence_;
    analysis::AdvisorCoverage coverage_;

    QLabel *title_ = nullptr;
    QLabel *status_ = nullptr;
    QPushButton *refreshButton_ = nullptr;
    QTreeWidget *list_ = nullptr;
    QTextBrowser *details_ = nullptr;
    QPushButton *showButton_ = nullptr;
    JobRunner jobs_; // last: its running job ends before the members above go
};

} // namespace npuscope::ui
