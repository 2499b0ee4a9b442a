#pragma once
// The "Overview" tab: a dashboard of the selected session above its facts.
//   - figure cards: steady iteration time (mean over devices, slowest / fastest device),
//     throughput in samples/s (only when the batch is known: emulated sessions; "unknown"
//     for imports, never invented), iterations recorded, devices, advisor findings;
//   - iteration time per device (QCustomPlot, one line per device, the straggler drawn
//     thicker); a click on a point shows that iteration of that device in the timeline;
//   - the top op types by total time with their share of all AI Core / AI CPU task time;
//   - the advisor's findings, each a link to the Advisor tab and one to its evidence in
//     the timeline (pinned devices, selected iterations: core/analysis/advisor_focus.h);
//   - the session's facts (a text browser the main window writes).
// Figures come from core/analysis/dashboard.h and the advisor, each computed as a
// background job (ui/job_runner.h) on its own read-only connection, only while the tab is
// visible. Durations are in ms with fixed decimals; iteration numbers are the session's.

#include "core/analysis/advisor.h"
#include "core/analysis/advisor_coverage.h"
#include "core/analysis/advisor_focus.h"
#include "core/analysis/dashboard.h"
#include "ui/job_runner.h"
#include "ui/views/session_jobs.h"
#include "ui/views/when_shown.h"

#include <QWidget>
#include <map>

class QCustomPlot;
class QCPAbstractPlottable;
class QLabel;
class QMouseEvent;
class QTableWidget;
class QTextBrowser;
class QSplitter;
class QFrame;

namespace npuscope::ui {

class OverviewView : public QWidget {
    Q_OBJECT
public:
    explicit OverviewView(QWidget *parent = nullptr);
    ~OverviewView() override;

    // The session's facts (the main window writes them as HTML).
    QTextBrowser *facts() const { return facts_; }
    // The session the dashboard shows (sessionId ≤ 0: facts only). Recomputes when visible.
    void setSession(const QString &projectPath, std::int64_t sessionId);
    // Computes again (a session that grew while recording).
    void refresh();
    // Processes events until both computations are shown or msecs pass (tests).
    bool waitForData(int msecs);
    bool isBusy() const { return figuresJob_.isBusy() || adviceJob_.isBusy(); }

    const analysis::Dashboard &dashboard() const { return dashboard_; }
    const std::vector<analysis::Finding> &findings() const { return findings_; }
    const std::vector<analysis::EvidenceFocus> &evidence() const { return evidence_; }
    QCustomPlot *iterationPlot() const { return plot_; }
    QTableWidget *topOpsTable() const { return topOps_; }
    QTextBrowser *findingsBrowser() const { return findingsView_; }
    // The text of a figure card: "iteration", "throughput", "iterations", "devices", "findings".
    QString cardText(const QString &card) const;
    // Follows a link of the findings list ("finding:N" or "evidence:N"), as a click does.
    void activateLink(const QString &link);

Q_SIGNALS:
    // The user asked for finding `row` (advisor order) in the Advisor tab.
    void findingRequested(int row);
    // Evidence in the timeline: the same as AdvisorView::showEvidence.
    void showEvidence(const QList<int> &devices, qint64 start, qint64 end, qint64 stream, qint64 taskStart);
    // Both computations are in (or failed).
    void dataReady();

protected:
    void changeEvent(QEvent *e) override;
    void resizeEvent(QResizeEvent *e) override;

private:
    struct Figures;
    void start();
    void adoptFigures(Figures f);
    void adoptAdvice(SessionAdvice a);
    void retranslateUi();
    void styleAll();
    void rebuild();
    void rebuildCards();
    void rebuildPlot();
    void rebuildTopOps();
    void fitLegend();
    void rebuildFindings();
    void onPlotClick(QCPAbstractPlottable *p, int index);

    SessionWhenShown shown_{this, [this] { start(); }, [this] { return isBusy(); }};
    bool haveFigures_ = false, haveAdvice_ = false;
    QString figuresError_, adviceError_;
    analysis::Dashboard dashboard_;
    std::vector<analysis::Finding> findings_;
    std::vector<analysis::EvidenceFocus> evidence_;
    analysis::AdvisorCoverage coverage_;

    QWidget *board_ = nullptr; // everything but the facts (hidden without a session)
    struct Card {
        QFrame *frame = nullptr;
        QLabel *title = nullptr;
        QLabel *value = nullptr;
        QLabel *note = nullptr;
    };
    Card iteration_, throughput_, iterations_, devices_, findingsCard_;
    QLabel *plotTitle_ = nullptr, *opsTitle_ = nullptr, *findingsTitle_ = nullptr, *status_ = nullptr;
    QCustomPlot *plot_ = nullptr;
    QLabel *noPlot_ = nullptr; // instead of the plot when no device has step-trace markers
    std::map<const QCPAbstractPlottable *, std::vector<analysis::charts::IterationStep>> refs_; // per data index
    QTableWidget *topOps_ = nullptr;
    QTextBrowser *findingsView_ = nullptr;
    QTextBrowser *facts_ = nullptr;
    JobRunner figuresJob_;
    JobRunner adviceJob_; // last: their running jobs end before the members above go
};

} // namespace npuscope::ui
