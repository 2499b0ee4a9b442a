#include "ui/timeline/python_lanes.h"

#include <QCoreApplication>

#include <algorithm>
#include <map>
#include <utility>

namespace npuscope::ui::timeline {

namespace {
struct Ctx { Q_DECLARE_TR_FUNCTIONS(TimelineView) };

std::uint32_t clampDur(TimeNs d)
{
    return std::uint32_t(std::clamp<TimeNs>(d, 0, 0xffffffffLL));
}
} // namespace

std::vector<std::uint32_t> nestingDepths(const std::vector<const PythonRangeRecord *> &ranges)
{
    std::vector<std::uint32_t> depth;
    depth.reserve(ranges.size());
    std::vector<TimeNs> open; // ends of the ranges still running, outermost first
    for (const PythonRangeRecord *r : ranges) {
        while (!open.empty() && open.back() <= r->start)
            open.pop_back();
        depth.push_back(std::uint32_t(open.size()));
        open.push_back(r->start + std::max<TimeNs>(0, r->duration));
    }
    return depth;
}

bool addPythonLanes(Model *m, const TraceReader &reader, QString *message)
{
    m->pythonRanges.clear();
    for (const DeviceGroup &dev : m->devices) {
        const bool ok = reader.forEachPythonRange(dev.id, [m](const PythonRangeRecord &r) {
            m->pythonRanges.push_back(r);
            m->pythonRanges.back().start -= m->origin;
            return true;
        });
        if (!ok) {
            if (message)
                *message = Ctx::tr("The Python ranges of the session could not be read.");
            return false;
        }
    }
    // Per (device, pid, tid): the ranges in (start, longer first) order.
    std::map<std::tuple<std::uint16_t, std::uint32_t, std::uint32_t>, std::vector<std::uint32_t>> threads;
    for (std::size_t i = 0; i < m->pythonRanges.size(); ++i) {
        const PythonRangeRecord &r = m->pythonRanges[i];
        threads[std::make_tuple(r.device, r.pid, r.tid)].push_back(std::uint32_t(i));
    }
    std::map<std::uint16_t, std::uint32_t> threadIndex; // per device
    for (auto &entry : threads) {
        const std::uint16_t device = std::get<0>(entry.first);
        const std::uint32_t tid = std::get<2>(entry.first);
        std::vector<std::uint32_t> &idx = entry.second;
        std::stable_sort(idx.begin(), idx.end(), [m](std::uint32_t a, std::uint32_t b) {
            const PythonRangeRecord &x = m->pythonRanges[a], &y = m->pythonRanges[b];
            if (x.start != y.start)
                return x.start < y.start;
            return x.duration > y.duration;
        });
        std::vector<const PythonRangeRecord *> ordered;
        ordered.reserve(idx.size());
        for (std::uint32_t i : idx)
            ordered.push_back(&m->pythonRanges[i]);
        const std::vector<std::uint32_t> depth = nestingDepths(ordered);
        const std::uint32_t thread = threadIndex[device]++;
        std::vector<std::size_t> laneAt; // by depth
        for (std::size_t k = 0; k < idx.size(); ++k) {
            const std::uint32_t d = std::min(depth[k], kPythonDepths - 1);
            while (laneAt.size() <= d) {
                Lane lane;
                lane.kind = LaneKind::Python;
                lane.device = device;
                lane.id = thread * kPythonDepths + std::uint32_t(laneAt.size());
                lane.process = Ctx::tr("Python");
                lane.title = laneAt.empty() ? Ctx::tr("Thread %1").arg(tid)
                                            : Ctx::tr("Thread %1, depth %2").arg(tid).arg(laneAt.size());
                laneAt.push_back(m->lanes.size());
                m->lanes.push_back(std::move(lane));
            }
            const PythonRangeRecord &r = *ordered[k];
            Lane &l = m->lanes[laneAt[d]];
            l.events.push(r.start, clampDur(r.duration), r.name, 0, CatPython);
            l.record.push_back(idx[k]);
        }
        for (std::size_t li : laneAt)
            m->lanes[li].events.finish(&m->lanes[li].record);
    }
    return true;
}

std::vector<int> pythonLanesOf(const Model &m, std::uint16_t device, std::uint32_t tid)
{
    std::vector<std::pair<std::uint32_t, int>> found; // (depth, lane)
    for (std::size_t i = 0; i < m.lanes.size(); ++i) {
        const Lane &l = m.lanes[i];
        if (l.kind != LaneKind::Python || l.device != device || l.record.empty())
            continue;
        if (m.pythonRanges[l.record.front()].tid == tid)
            found.emplace_back(l.id % kPythonDepths, int(i));
    }
    std::sort(found.begin(), found.end());
    std::vector<int> out;
    for (const auto &f : found)
        out.push_back(f.second);
    return out;
}

std::vector<int> pythonTrackHeads(const Model &m)
{
    std::vector<int> heads(m.lanes.size());
    std::map<std::pair<std::uint16_t, std::uint32_t>, int> depth0; // (device, thread) → lane
    for (std::size_t i = 0; i < m.lanes.size(); ++i) {
        heads[i] = int(i);
        const Lane &l = m.lanes[i];
        if (l.kind == LaneKind::Python && l.id % kPythonDepths == 0)
            depth0.emplace(std::make_pair(l.device, l.id / kPythonDepths), int(i));
    }
    for (std::size_t i = 0; i < m.lanes.size(); ++i) {
        const Lane &l = m.lanes[i];
        if (l.kind != LaneKind::Python)
            continue;
        auto it = depth0.find(std::make_pair(l.device, l.id / kPythonDepths));
        if (it != depth0.end())
            heads[i] = it->second;
    }
    return heads;
}

} // namespace npuscope::ui::timeline
