#pragma once
// The timeline's tool bar: the search field (debounced: a search is asked for 250 ms
// after the last keystroke), regex, previous / next match and the match count, "All
// flows", the colour mode and the keys overlay's button. It holds no state of the view:
// TimelineView reads its fields and answers its signals.

#include "ui/timeline/timeline_plot.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;

namespace npuscope::ui::timeline {

class TimelineToolbar : public QWidget {
    Q_OBJECT
public:
    explicit TimelineToolbar(QWidget *parent = nullptr);
    QLineEdit *searchEdit() const { return search_; }
    QCheckBox *regexBox() const { return regex_; }
    QLabel *matchLabel() const { return matches_; }
    QComboBox *colorBox() const { return colour_; }
    QCheckBox *flowsBox() const { return flows_; }

Q_SIGNALS:
    void searchRequested(const QString &pattern, bool regex); // text or regex changed (debounced)
    void previousRequested();
    void nextRequested();
    void colorModeChanged(npuscope::ui::timeline::ColorMode mode);
    void allFlowsToggled(bool on);
    void helpRequested();

private:
    QLineEdit *search_ = nullptr;
    QCheckBox *regex_ = nullptr;
    QLabel *matches_ = nullptr;
    QComboBox *colour_ = nullptr;
    QCheckBox *flows_ = nullptr;
};

} // namespace npuscope::ui::timeline
