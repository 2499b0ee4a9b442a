#include "ui/timeline/marks_model.h"

#include <algorithm>

namespace npuscope::ui::timeline {

MarksModel::MarksModel(QObject *parent) : QObject(parent) {}

bool MarksModel::setStore(std::shared_ptr<store::TimelineStore> store)
{
    std::vector<store::TimelineMark> marks;
    if (store && !store->marks(&marks))
        return false;
    setStore(std::move(store), std::move(marks));
    return true;
}

void MarksModel::setStore(std::shared_ptr<store::TimelineStore> store, std::vector<store::TimelineMark> marks)
{
    store_ = std::move(store);
    marks_ = std::move(marks);
    ++storeGeneration_;
    Q_EMIT changed();
}

namespace {
struct Written {
    bool ok = false;
    store::TimelineMark mark;
    QString message;
};
} // namespace

bool MarksModel::add(TimeNs start, TimeNs end, const QString &label)
{
    if (!store_)
        return false;
    store::TimelineMark mark;
    mark.start = std::min(start, end);
    mark.end = std::max(start, end);
    mark.label = label;
    // The work holds the store, not the model: it may still run while the model goes.
    writes_.start(
        [st = store_, mark](JobControl &) mutable {
            Written w;
            w.ok = st->saveMark(&mark, &w.message);
            w.mark = mark;
            return w;
        },
        [this, generation = storeGeneration_](Written w) {
            if (!w.ok) {
                Q_EMIT failed(w.message);
                return;
            }
            if (generation != storeGeneration_)
                return;
            marks_.push_back(w.mark);
            std::stable_sort(marks_.begin(), marks_.end(), [](const auto &a, const auto &b) { return a.start < b.start; });
            Q_EMIT changed();
            Q_EMIT added(w.mark);
        });
    return true;
}

bool MarksModel::remove(int index)
{
    if (!store_ || index < 0 || index >= int(marks_.size()))
        return false;
    const std::int64_t id = marks_[std::size_t(index)].id;
    writes_.start(
        [st = store_, id](JobControl &) {
            Written w;
            w.ok = st->removeMark(id, &w.message);
            return w;
        },
        [this, id, generation = storeGeneration_](Written w) {
            if (!w.ok) {
                Q_EMIT failed(w.message);
                return;
            }
            if (generation != storeGeneration_)
                return;
            // By id: edits answered meanwhile may have moved it in the list.
            const auto it = std::find_if(marks_.begin(), marks_.end(), [id](const auto &m) { return m.id == id; });
            if (it == marks_.end())
                return;
            marks_.erase(it);
            Q_EMIT changed();
        });
    return true;
}

} // namespace npuscope::ui::timeline
