#include "ui/views/when_shown.h"

#include <QEvent>
#include <QWidget>

namespace npuscope::ui {

WhenShown::WhenShown(QWidget *view, std::function<void()> start, std::function<bool()> busy)
    : view_(view), start_(std::move(start)), busy_(std::move(busy))
{
    view_->installEventFilter(this);
}

void WhenShown::request()
{
    pending_ = true;
    if (view_->isVisible())
        run();
}

void WhenShown::run()
{
    pending_ = false;
    start_();
}

void WhenShown::runPending()
{
    if (pending_ && !busy_())
        run();
}

bool WhenShown::eventFilter(QObject *watched, QEvent *e)
{
    if (watched == view_ && e->type() == QEvent::Show)
        runPending();
    return false;
}

bool SessionWhenShown::setSession(const QString &projectPath, std::int64_t sessionId, bool computed)
{
    if (projectPath == projectPath_ && sessionId == sessionId_ && (computed || isPending() || isBusy()))
        return false;
    projectPath_ = projectPath;
    sessionId_ = sessionId;
    return true;
}

bool SessionWhenShown::requestSession()
{
    if (hasSession())
        request();
    else
        drop();
    return hasSession();
}

} // namespace npuscope::ui
