#include "ui/tr_texts.h"

#include <QEvent>
#include <QWidget>

namespace npuscope::ui {

TrTexts::TrTexts(QWidget *widget, std::function<void()> after) : QObject(widget), after_(std::move(after))
{
    widget->installEventFilter(this);
}

void TrTexts::sayAll() const
{
    for (const auto &f : texts_)
        f();
    if (after_)
        after_();
}

bool TrTexts::eventFilter(QObject *watched, QEvent *e)
{
    // Before the widget's own handling, as a changeEvent override that called the texts
    // first did; the event goes on to the widget.
    if (watched == parent() && e->type() == QEvent::LanguageChange)
        sayAll();
    return QObject::eventFilter(watched, e);
}

} // namespace npuscope::ui
