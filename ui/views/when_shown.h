#pragma once
// When a tab computes: only while it can be seen. A tab asked to compute while hidden (a
// session chosen in the explorer while another tab is up) remembers that it is out of date
// and starts when it is next shown, so switching sessions costs nothing in tabs nobody
// looks at. The Advisor, Communication, Overview and Compare tabs share this; their work
// itself runs on a JobRunner (ui/job_runner.h).
//
// WhenShown watches its view's show events (an event filter), so the tab needs no
// showEvent of its own. SessionWhenShown adds the session (project path and id) the tab
// shows and the "is this already the session on screen?" check of setSession.

#include <QObject>
#include <QString>

#include <cstdint>
#include <functional>

class QWidget;

namespace npuscope::ui {

class WhenShown : public QObject {
public:
    // start: begins the computation (it runs with the request already cleared);
    // busy: a computation of the view is under way.
    WhenShown(QWidget *view, std::function<void()> start, std::function<bool()> busy);

    // What the view shows is out of date: starts now if the view is visible, else when it
    // is next shown.
    void request();
    // Nothing to compute (e.g. no session): forgets a request that has not started.
    void drop() { pending_ = false; }
    // Asked for and not started yet.
    bool isPending() const { return pending_; }
    // A computation of the view is under way.
    bool isBusy() const { return busy_(); }
    // Starts now, whether or not the view is visible.
    void run();
    // Starts a request that is waiting, unless a computation is under way (tests that wait
    // for a hidden view).
    void runPending();

protected:
    bool eventFilter(QObject *watched, QEvent *e) override;

private:
    QWidget *view_;
    std::function<void()> start_;
    std::function<bool()> busy_;
    bool pending_ = false;
};

class SessionWhenShown : public WhenShown {
public:
    using WhenShown::WhenShown;

    // Takes the session to show (sessionId ≤ 0 clears). False when there is nothing to do:
    // it is the session shown already — computed (`computed`), under way or waiting.
    bool setSession(const QString &projectPath, std::int64_t sessionId, bool computed);
    const QString &projectPath() const { return projectPath_; }
    std::int64_t sessionId() const { return sessionId_; }
    bool hasSession() const { return sessionId_ > 0 && !projectPath_.isEmpty(); }
    // request() when there is a session, else drop(); returns hasSession().
    bool requestSession();

private:
    QString projectPath_;
    std::int64_t sessionId_ = 0;
};

} // namespace npuscope::ui
