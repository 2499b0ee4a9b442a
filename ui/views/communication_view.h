#pragma once
// The "Communication" tab: how each rank spends each collective op (analysis::
// analyzeCommunication, core/analysis/communication.h) as a table of op × rank — elapse,
// transit, wait, synchronisation and idle time, wait and synchronisation ratios, bandwidth per
// link type — with each rank's totals on top, the slowest rank and the rank that waits least
// named above it, and a heat map (QCPColorMap) of the rank × rank matrix in transferred
// megabytes or bandwidth, with a colour scale in those units and a tooltip per cell.
//
// A session with no communication says so instead of showing empty axes. The analysis runs
// as a background job only while the tab is visible (when_shown.h), like the advisor's.

#include "core/analysis/communication.h"
#include "ui/job_runner.h"
#include "ui/views/when_shown.h"

#include <QWidget>

class QComboBox;
class QCPColorMap;
class QCPColorScale;
class QCustomPlot;
class QLabel;
class QMouseEvent;
class QStackedWidget;
class QTableView;

namespace npuscope::ui {

class CommunicationView : public QWidget {
    Q_OBJECT
public:
    explicit CommunicationView(QWidget *parent = nullptr);
    ~CommunicationView() override;

    // The session to show (sessionId ≤ 0 clears). Computes when visible.
    void setSession(const QString &projectPath, std::int64_t sessionId);
    void refresh();

    bool isBusy() const { return jobs_.isBusy(); }
    // Processes events until the analysis in progress has been shown (or msecs pass); for tests.
    bool waitForIdle(int msecs);

    const analysis::CommunicationAnalysis &result() const { return result_; }
    enum class Metric { Size, Bandwidth };
    void setMetric(Metric m);
    Metric metric() const;
    // Index into result().matrices.

    QTableView *table() const { return table_; }
    QCustomPlot *plot() const { return plot_; }
    QCPColorMap *colorMap() const { return map_; }
    QCPColorScale *colorScale() const { return scale_; }
    QLabel *summaryLabel() const { return summary_; }
    QLabel *emptyLabel() const { return empty_; }
    QComboBox *matrixBox() const { return matrixBox_; }
    // The tooltip of the heat map cell (source rank, destination rank); "" outside the data.
    QString cellToolTip(int src, int dst) const;
    // The cell under a point of the plot in widget coordinates; false outside the matrix.
    bool cellAt(const QPoint &pos, int *src, int *dst) const;

Q_SIGNALS:
    void analysisFinished();

protected:
    void changeEvent(QEvent *e) override;

private:
    struct Outcome;
    void start();
    void adopt(Outcome out);
    void fillTable();
    void fillMatrixBox();
    void drawMatrix();
    void onHover(QMouseEvent *e);
    void stylePlot();
    void retranslateUi();
    void updateSummary();

    SessionWhenShown shown_{this, [this] { start(); }, [this] { return isBusy(); }};
    bool analysed_ = false;
    QString error_;
    analysis::CommunicationAnalysis result_;

    QLabel *title_ = nullptr;
    QLabel *summary_ = nullptr;
    QStackedWidget *stack_ = nullptr;
    QLabel *empty_ = nullptr;
    class CommunicationTableModel *tableModel_ = nullptr;
    QTableView *table_ = nullptr;
    QLabel *matrixLabel_ = nullptr;
    QComboBox *matrixBox_ = nullptr;
    QLabel *metricLabel_ = nullptr;
    QComboBox *metricBox_ = nullptr;
    QCustomPlot *plot_ = nullptr;
    QCPColorMap *map_ = nullptr;
    QCPColorScale *scale_ = nullptr;
    QLabel *caption_ = nullptr;
    JobRunner jobs_; // last: its running job ends before the members above go
};

} // namespace npuscope::ui
