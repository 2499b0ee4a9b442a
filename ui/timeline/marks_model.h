#pragma once
// The marks of the open session (named time ranges the user keeps in the project) and the
// edits that keep them there. The list changes only when the project has taken the edit; a
// refused edit says why (failed()) and changes nothing.

#include "core/store/lod.h"

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
    const std::vector<store::TimelineMark> &marks() const { return marks_; }
    // Writes a mark over [start, end] (absolute ns, any order) into the project; false
    // without a session or when the project refuses it (failed() says why).
    bool add(TimeNs start, TimeNs end, const QString &label);
    bool remove(int index);

Q_SIGNALS:
    void changed();
    void failed(const QString &message);

private:
    std::shared_ptr<store::TimelineStore> store_;
    std::vector<store::TimelineMark> marks_;
};

} // namespace npuscope::ui::timeline
