#pragma once
// The marks of the open session (named time ranges the user keeps in the project) and the
// edits that keep them there. Edits are written off the GUI thread, in order (a project that
// another program holds can keep a write waiting for seconds, and the window must not
// freeze meanwhile); the list changes only when the project has taken the edit, and a
// refused edit says why (failed()) and changes nothing. Edits still on their way when the
// model goes are written before it is gone.

#include "core/store/lod.h"
#include "ui/job_runner.h"

#include <QObject>

#include <memory>
#include <vector>

namespace npuscope::ui::timeline {

class MarksModel : public QObject {
    Q_OBJECT
public:
    explicit MarksModel(QObject *parent = nullptr);

    // The session's store (shared with the view, which reads through it) and its marks.
    // False when the marks cannot be read (the store's errorString() says why): the model
    // then keeps what it had, so a damaged project never reads as one without marks.
    bool setStore(std::shared_ptr<store::TimelineStore> store);
    // The same with the marks already read from it (off the GUI thread).
    void setStore(std::shared_ptr<store::TimelineStore> store, std::vector<store::TimelineMark> marks);
    const std::vector<store::TimelineMark> &marks() const { return marks_; }
    // Starts writing a mark over [start, end] (absolute ns, any order) into the project;
    // added() or failed() follows. False without a session.
    bool add(TimeNs start, TimeNs end, const QString &label);
    // Starts removing the mark at `index` of marks(); false without a session or for an
    // index out of range.
    bool remove(int index);
    // An edit has not been answered yet.
    bool isWriting() const { return writes_.isBusy(); }
    // Processes events until every edit is answered or msecs pass (tests).
    bool waitForWrites(int msecs) { return writes_.waitForIdle(msecs); }

Q_SIGNALS:
    void changed();
    void added(const npuscope::store::TimelineMark &mark);
    void failed(const QString &message);

private:
    std::shared_ptr<store::TimelineStore> store_;
    std::vector<store::TimelineMark> marks_;
    std::uint64_t storeGeneration_ = 0; // an answer for an earlier store leaves the list alone
    JobRunner writes_{JobRunner::Policy::Queue, QThread::InheritPriority, JobRunner::Ending::Finish};
};

} // namespace npuscope::ui::timeline
