#pragma once
// The panel under the timeline plot: Details of the selected event (a task's full record is
// read through the store on a click: there are millions), Range statistics of the selected
// time range, and the session's Marks (activate: show it; Delete: remove it).

#include "core/store/lod.h"
#include "ui/timeline/timeline_model.h"

#include <QTabWidget>

#include <vector>

class QListWidget;
class QTableWidget;
class QTreeWidget;

namespace npuscope::ui::timeline {

class DetailsPanel : public QTabWidget {
    Q_OBJECT
public:
    explicit DetailsPanel(QWidget *parent = nullptr);

    void showEvent(const Model &m, int lane, std::size_t event, const store::TimelineStore *store);
    // Statistics of the tasks starting in [t0, t1) (relative ns) and the Overlap Analysis
    // shares of that range; an empty range clears them.
    void showRange(const Model &m, TimeNs t0, TimeNs t1);
    void setMarks(const std::vector<store::TimelineMark> &marks, TimeNs origin);
    void clearEvent();
    void clearRange();
    // The details as "Field: value" lines (what Ctrl+C copies).
    QString detailsText() const;

    QTableWidget *statsTable() const { return stats_; }
    QListWidget *marksList() const { return marks_; }
    void retranslateUi();

Q_SIGNALS:
    // Something was shown that the user asked for: a collapsed panel should open.
    void wantsShown();
    void markActivated(int index);
    void markRemovalRequested(int index);

protected:
    bool eventFilter(QObject *obj, QEvent *e) override;

private:
    QTreeWidget *details_ = nullptr;
    QTableWidget *stats_ = nullptr;
    QListWidget *marks_ = nullptr;
};

} // namespace npuscope::ui::timeline
