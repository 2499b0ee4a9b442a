#pragma once
// Search over the lanes of a loaded timeline: a pattern (substring or regular expression)
// against the event names, every match in start order, and a current match that next() and
// previous() walk around. Pure (over timeline::Model); the view selects the current match.

#include "core/analysis/timeline_stats.h"

#include <QString>

#include <vector>

namespace npuscope::ui::timeline {

struct Model;

class TimelineSearch {
public:
    // Matches `pattern` (empty clears) against the model's event names. The number of
    // matches, or −1 with *error when the pattern is not a valid regular expression.
    int run(const Model &m, const QString &pattern, bool regex, QString *error);
    void clear();

    QString pattern() const { return pattern_; }
    const std::vector<analysis::timeline::Match> &matches() const { return matches_; }
    int count() const { return int(matches_.size()); }
    int current() const { return current_; }
    // Advances (wrapping) and returns the new current match index; −1 when there is none.
    int next();
    int previous();
    // The lane and event of match i.
    int laneOf(int i) const { return int(matches_[std::size_t(i)].lane); }
    std::size_t eventOf(int i) const { return matches_[std::size_t(i)].event; }

private:
    QString pattern_;
    bool regex_ = false;
    std::vector<analysis::timeline::Match> matches_;
    int current_ = -1;
};

} // namespace npuscope::ui::timeline
