#include "core/analysis/timeline_stats.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <algorithm>

namespace npuscope::analysis::timeline {

namespace {
struct Ctx { Q_DECLARE_TR_FUNCTIONS(TimelineSearch) };
} // namespace

void Aggregate::merge(const Aggregate &o)
{
    if (o.count == 0)
        return;
    if (count == 0 || o.min < min)
        min = o.min;
    max = std::max(max, o.max);
    count += o.count;
    total += o.total;
}

RangeStats rangeStats(const std::vector<const LaneEvents *> &lanes, TimeNs t0, TimeNs t1)
{
    RangeStats out;
    // Dense accumulators for task types (few), a small map for op types: a whole-trace
    // selection visits millions of tasks, so the inner loop avoids map lookups where it can.
    Aggregate byType[256];
    // Per key of each lane (a few thousand at most), folded into op and task types after.
    std::vector<Aggregate> perKey;
    for (const LaneEvents *lane : lanes) {
        if (lane->isUniform())
            continue; // derived intervals, not tasks
        const IndexRange r = startingIn(*lane, t0, t1);
        if (r.first == r.last)
            continue;
        perKey.assign(lane->keys().size(), Aggregate{});
        for (std::size_t i = r.first; i < r.last; ++i)
            perKey[lane->keyAt(i)].add(lane->durationAt(i));
        for (std::size_t k = 0; k < perKey.size(); ++k) {
            if (!perKey[k].count)
                continue;
            const LaneEvents::Key &key = lane->keys()[k];
            byType[key.type].merge(perKey[k]);
            out.byOpType[key.opType].merge(perKey[k]);
        }
    }
    for (int t = 0; t < 256; ++t) {
        if (byType[t].count) {
            out.byTaskType[std::uint8_t(t)] = byType[t];
            out.all.merge(byType[t]);
        }
    }
    return out;
}

TimeNs coveredIn(const std::vector<Interval> &intervals, TimeNs t0, TimeNs t1)
{
    if (t1 <= t0)
        return 0;
    auto it = std::upper_bound(intervals.begin(), intervals.end(), t0,
                               [](TimeNs t, const Interval &iv) { return t < iv.end; });
    TimeNs sum = 0;
    for (; it != intervals.end() && it->start < t1; ++it)
        sum += std::min(it->end, t1) - std::max(it->start, t0);
    return sum;
}

bool matchingNames(const std::vector<std::string> &strings, const QString &pattern, bool regex,
                   std::vector<bool> *matches, QString *error)
{
    matches->assign(strings.size(), false);
    if (pattern.isEmpty())
        return true;
    if (regex) {
        const QRegularExpression re(pattern, QRegularExpression::CaseInsensitiveOption);
        if (!re.isValid()) {
            if (error)
                *error = Ctx::tr("The search pattern is not a valid regular expression: %1 (at character %2).")
                             .arg(re.errorString(), QString::number(re.patternErrorOffset()));
            return false;
        }
        for (std::size_t i = 1; i < strings.size(); ++i)
            (*matches)[i] = re.match(QString::fromStdString(strings[i])).hasMatch();
        return true;
    }
    // Plain text: ASCII case folding is what op names need; non-ASCII goes through QString.
    const QByteArray needle = pattern.toUtf8();
    bool ascii = true;
    for (char c : needle)
        ascii = ascii && static_cast<unsigned char>(c) < 0x80;
    if (ascii) {
        const std::string_view n(needle.constData(), std::size_t(needle.size()));
        auto eq = [](char a, char b) {
            return (a >= 'A' && a <= 'Z' ? a + 32 : a) == (b >= 'A' && b <= 'Z' ? b + 32 : b);
        };
        for (std::size_t i = 1; i < strings.size(); ++i) {
            const std::string &s = strings[i];
            (*matches)[i] = std::search(s.begin(), s.end(), n.begin(), n.end(), eq) != s.end();
        }
        return true;
    }
    for (std::size_t i = 1; i < strings.size(); ++i)
        (*matches)[i] = QString::fromStdString(strings[i]).contains(pattern, Qt::CaseInsensitive);
    return true;
}

std::vector<Match> findMatches(const std::vector<const LaneEvents *> &lanes, const std::vector<bool> &nameMatches)
{
    std::vector<Match> out;
    std::vector<bool> keyMatches;
    for (std::size_t l = 0; l < lanes.size(); ++l) {
        const LaneEvents &lane = *lanes[l];
        keyMatches.assign(lane.keys().size(), false);
        bool any = false;
        for (std::size_t k = 0; k < keyMatches.size(); ++k) {
            const StrId n = lane.keys()[k].name;
            keyMatches[k] = n < nameMatches.size() && nameMatches[n];
            any = any || keyMatches[k];
        }
        if (!any)
            continue;
        for (std::size_t i = 0; i < lane.size(); ++i)
            if (keyMatches[lane.keyAt(i)])
                out.push_back(Match{std::uint32_t(l), std::uint32_t(i), lane.startAt(i)});
    }
    std::sort(out.begin(), out.end(), [](const Match &a, const Match &b) {
        return a.start != b.start ? a.start < b.start : (a.lane != b.lane ? a.lane < b.lane : a.event < b.event);
    });
    return out;
}

} // namespace npuscope::analysis::timeline
