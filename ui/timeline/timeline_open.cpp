// TimelineView's open path: reading a session (on the GUI thread or in the background),
// showing it, remembering what the user left each session with, and loading the details
// as a background job. Kept apart from timeline_view.cpp, which only composes the parts.
#include "ui/timeline/timeline_view.h"

#include "ui/background.h"
#include "ui/timeline/details_panel.h"
#include "ui/timeline/lane_header.h"
#include "ui/timeline/marks_model.h"
#include "ui/timeline/minimap.h"
#include "ui/timeline/zoom_control.h"

#include <QCheckBox>
#include <QDeadlineTimer>
#include <QLineEdit>
#include <QLocale>

namespace npuscope::ui {

using namespace analysis::timeline;
struct TimelineView::Opening {
    std::unique_ptr<timeline::Model> model;
    std::shared_ptr<store::TimelineStore> store;
    QByteArray layout;
    std::vector<store::TimelineMark> marks;
    QString error;
};

TimelineView::Opening TimelineView::readSession(const QString &projectPath, std::int64_t sessionId)
{
    Opening o;
    o.model = timeline::openSkeleton(projectPath, sessionId, &o.error);
    store::StoreError e;
    if (o.model)
        o.store = store::TimelineStore::open(projectPath, sessionId, &e, &o.error);
    // A project whose marks or layout cannot be read opens with the read error, not as a
    // session without them (saving a layout or mark over it would lose the user's).
    if (o.store && (!o.store->layout(&o.layout) || !o.store->marks(&o.marks))) {
        o.error = o.store->errorString();
        o.store.reset();
    }
    if (!o.store)
        o.model.reset();
    return o;
}

bool TimelineView::open(const QString &projectPath, std::int64_t sessionId)
{
    opens_.discard();
    opening_ = false;
    whenOpen_.clear();
    return showOpened(readSession(projectPath, sessionId), projectPath, sessionId);
}

void TimelineView::openInBackground(const QString &projectPath, std::int64_t sessionId)
{
    opening_ = true;
    whenOpen_.clear();
    setStatus(tr("Opening session %1…").arg(sessionId));
    opens_.start([projectPath, sessionId](JobControl &) { return readSession(projectPath, sessionId); },
                 [this, projectPath, sessionId](Opening o) {
                     opening_ = false;
                     const bool ok = showOpened(std::move(o), projectPath, sessionId);
                     auto pending = std::move(whenOpen_);
                     whenOpen_.clear();
                     if (ok)
                         for (auto &fn : pending)
                             fn();
                     Q_EMIT opened(ok);
                 });
}

void TimelineView::whenOpen(std::function<void()> fn)
{
    if (opening_)
        whenOpen_.push_back(std::move(fn));
    else
        fn();
}

bool TimelineView::showOpened(Opening o, const QString &projectPath, std::int64_t sessionId)
{
    if (!o.store) {
        error_ = o.error;
        setStatus(o.error, true);
        releaseInBackground(std::move(o.model));
        return false;
    }
    std::shared_ptr<store::TimelineStore> st = std::move(o.store);
    std::unique_ptr<timeline::Model> m = std::move(o.model);
    const QByteArray saved = std::move(o.layout);
    marks_->setStore(st, std::move(o.marks));
    loads_.discard(); // the old session's details are of no use any more
    rememberSession();
    // Closing the old session's connection may fold the -wal into the file (an fsync).
    releaseInBackground(std::move(store_));
    store_ = std::move(st);
    header_->setState({});
    // The lane indexes of the old session mean nothing for the new one.
    ctx_.model = nullptr;
    minimap_->setLod(nullptr, 0);
    releaseInBackground(std::move(model_));
    layout_ = {};
    QString why;
    if (!saved.isEmpty() && !layout_.fromJson(saved, &why))
        // A layout we cannot read only costs the user their arrangement, never the session.
        setStatus(tr("The saved lane layout is unreadable (%1); the timeline uses the msprof order.").arg(why), true);
    scroll_ = 0;
    currentLane_ = -1;
    zoom_->reset(double(m->extent));
    adopt(std::move(m), false);
    panel_->setMarks(marks_->marks(), model_->origin); // the marks came before the new origin
    // What the user left this session with comes back; nothing of another session stays.
    panel_->clearEvent();
    restored_.reset();
    if (auto it = sessionStates_.find({projectPath, sessionId}); it != sessionStates_.end()) {
        restored_ = it->second;
        zoom_->setWindow(restored_->t0, restored_->t1);
    }
    search(restored_ ? restored_->pattern : QString(), restored_ && restored_->regex);
    startLoading();
    return true;
}

void TimelineView::rememberSession()
{
    if (!model_)
        return;
    SessionState s;
    const View &v = zoom_->view();
    s.t0 = v.t0;
    s.t1 = v.t1;
    s.rangeStart = zoom_->rangeStart();
    s.rangeEnd = zoom_->rangeEnd();
    s.pattern = searchEdit_->text();
    s.regex = regexBox_->isChecked();
    sessionStates_[{model_->path, model_->session}] = s;
}

void TimelineView::startLoading()
{
    // The job fills its own copy of the skeleton; the GUI keeps drawing the summary.
    auto copy = timeline::copySkeleton(*model_);
    std::uint64_t tasks = 0;
    for (const auto &l : model_->lod.lanes)
        tasks += l.tasks;
    setStatus(tr("%1: loading the details of %2 tasks…").arg(model_->sessionName, QLocale().toString(qulonglong(tasks))));
    struct Loaded {
        std::unique_ptr<timeline::Model> model;
        bool ok = false;
        QString message;
    };
    loads_.start(
        [copy = std::move(copy)](JobControl &job) mutable {
            Loaded out;
            out.ok = timeline::loadDetails(copy.get(), *job.cancelFlag(), &out.message);
            out.model = std::move(copy);
            return out;
        },
        [this](Loaded out) {
            if (!out.ok) {
                setStatus(tr("The details of the session could not be loaded: %1").arg(out.message), true);
                return;
            }
            adopt(std::move(out.model), true);
            // The range needs the details for its statistics.
            if (restored_ && restored_->rangeEnd > restored_->rangeStart)
                zoom_->setRange(restored_->rangeStart, restored_->rangeEnd);
            restored_.reset();
            emit detailsLoaded();
        });
}

bool TimelineView::isDetailsLoaded() const
{
    return model_ && model_->detailsLoaded;
}

bool TimelineView::waitForOpen(int msecs)
{
    opens_.waitForIdle(msecs);
    return !opening_ && model_;
}

bool TimelineView::waitForDetails(int msecs)
{
    QDeadlineTimer deadline(msecs);
    opens_.waitForIdle(msecs);
    loads_.waitForIdle(int(std::max<qint64>(0, deadline.remainingTime())));
    return isDetailsLoaded();
}

} // namespace npuscope::ui
