#include "ui/timeline/marks_model.h"

#include <algorithm>

namespace npuscope::ui::timeline {

MarksModel::MarksModel(QObject *parent) : QObject(parent) {}

bool MarksModel::setStore(std::shared_ptr<store::TimelineStore> store)
{
    std::vector<store::TimelineMark> marks;
    if (store && !store->marks(&marks))
        return false;
    store_ = std::move(store);
    marks_ = std::move(marks);
    Q_EMIT changed();
    return true;
}

bool MarksModel::add(TimeNs start, TimeNs end, const QString &label)
{
    if (!store_)
        return false;
    store::TimelineMark mark;
    mark.start = std::min(start, end);
    mark.end = std::max(start, end);
    mark.label = label;
    QString message;
    if (!store_->saveMark(&mark, &message)) {
        Q_EMIT failed(message);
        return false;
    }
    marks_.push_back(mark);
    std::stable_sort(marks_.begin(), marks_.end(), [](const auto &a, const auto &b) { return a.start < b.start; });
    Q_EMIT changed();
    return true;
}

bool MarksModel::remove(int index)
{
    if (!store_ || index < 0 || index >= int(marks_.size()))
        return false;
    QString message;
    if (!store_->removeMark(marks_[std::size_t(index)].id, &message)) {
        Q_EMIT failed(message);
        return false;
    }
    marks_.erase(marks_.begin() + index);
    Q_EMIT changed();
    return true;
}

} // namespace npuscope::ui::timeline
