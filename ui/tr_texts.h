#pragma once
// Texts a widget says again when the language changes. The widget registers functions that
// set its texts with tr(); on the widget's LanguageChange each runs again, then `after`
// (what else the language changes: a validation message, a preview). One mechanism for the
// forms and dialogs that build many texts in place, instead of a copy of the list, the
// loop and the changeEvent override in each.

#include <QObject>

#include <functional>
#include <vector>

class QWidget;

namespace npuscope::ui {

class TrTexts : public QObject {
public:
    // Watches `widget` (and is owned by it).
    TrTexts(QWidget *widget, std::function<void()> after);

    void add(std::function<void()> f) { texts_.push_back(std::move(f)); }
    // Says every text again, then `after`: once the widget's fields exist, and on each
    // language change.
    void sayAll() const;

protected:
    bool eventFilter(QObject *watched, QEvent *e) override;

private:
    std::vector<std::function<void()>> texts_;
    std::function<void()> after_;
};

} // namespace npuscope::ui
