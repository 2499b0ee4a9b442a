#include "ui/timeline/timeline_search.h"

#include "ui/timeline/timeline_model.h"

namespace npuscope::ui::timeline {

using namespace analysis::timeline;

void TimelineSearch::clear()
{
    pattern_.clear();
    matches_.clear();
    current_ = -1;
}

int TimelineSearch::run(const Model &m, const QString &pattern, bool regex, QString *error)
{
    clear();
    pattern_ = pattern;
    regex_ = regex;
    if (pattern.isEmpty())
        return 0;
    std::vector<bool> names;
    if (!matchingNames(m.strings, pattern, regex, &names, error))
        return -1;
    // Lane indexes of the model are the match lanes: every lane takes part.
    std::vector<const LaneEvents *> lanes;
    lanes.reserve(m.lanes.size());
    for (const Lane &l : m.lanes)
        lanes.push_back(&l.events);
    matches_ = findMatches(lanes, names);
    return count();
}

int TimelineSearch::next()
{
    if (matches_.empty())
        return -1;
    current_ = (current_ + 1) % count();
    return current_;
}

int TimelineSearch::previous()
{
    if (matches_.empty())
        return -1;
    current_ = current_ <= 0 ? count() - 1 : current_ - 1;
    return current_;
}

} // namespace npuscope::ui::timeline
