#include "ui/timeline/flow_overlay.h"

#include "core/analysis/timeline_lanes.h"
#include "ui/timeline/python_lanes.h"

#include <QCoreApplication>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

namespace npuscope::ui::timeline {

namespace {
struct Ctx { Q_DECLARE_TR_FUNCTIONS(TimelineView) };

// The view's lane kind of a flow end's lane; false for lanes the timeline has none of.
bool laneKindOf(FlowLane l, LaneKind *out)
{
    switch (l) {
    case FlowLane::Hardware: *out = LaneKind::Stream; return true;
    case FlowLane::Cann: *out = LaneKind::Cann; return true;
    case FlowLane::Hccl: *out = LaneKind::Plane; return true;
    case FlowLane::Python: // placed by depth (resolveFlows)
    case FlowLane::Other: return false;
    }
    return false;
}
} // namespace

bool resolveFlows(Model *m, const TraceReader &reader, QString *message)
{
    std::map<std::tuple<int, std::uint16_t, std::uint32_t>, int> laneOf;
    for (std::size_t i = 0; i < m->lanes.size(); ++i)
        laneOf.emplace(std::make_tuple(int(m->lanes[i].kind), m->lanes[i].device, m->lanes[i].id), int(i));
    // Python ends: the innermost range of the thread running at the end's time.
    std::map<std::pair<std::uint16_t, std::uint32_t>, std::vector<int>> pythonLanes;
    auto placePython = [&](const FlowEndRecord &e, int *lane, std::size_t *event, TimeNs *ts) {
        auto it = pythonLanes.find({e.device, e.tid});
        if (it == pythonLanes.end())
            it = pythonLanes.emplace(std::make_pair(e.device, e.tid), pythonLanesOf(*m, e.device, e.tid)).first;
        const TimeNs t = e.ts - m->origin;
        for (auto d = it->second.rbegin(); d != it->second.rend(); ++d) {
            if (analysis::timeline::eventAt(m->lanes[std::size_t(*d)].events, t, 0, event)) {
                *lane = *d;
                *ts = t;
                return true;
            }
        }
        return false;
    };
    auto place = [&](const FlowEndRecord &e, int *lane, std::size_t *event, TimeNs *ts) {
        if (e.lane == FlowLane::Python)
            return placePython(e, lane, event, ts);
        LaneKind k;
        if (!laneKindOf(e.lane, &k))
            return false;
        auto it = laneOf.find(std::make_tuple(int(k), e.device, e.tid));
        if (it == laneOf.end())
            return false;
        const TimeNs t = e.ts - m->origin;
        if (!analysis::timeline::eventAt(m->lanes[std::size_t(it->second)].events, t, 0, event))
            return false;
        *lane = it->second;
        *ts = t;
        return true;
    };
    m->flows.clear();
    m->flowsUnplaced = 0;
    const bool ok = reader.forEachFlow([&](const FlowRecord &f) {
        FlowLink link;
        link.category = f.category;
        link.name = f.name;
        if (f.hasStart && f.hasFinish && place(f.start, &link.fromLane, &link.fromEvent, &link.fromTs)
            && place(f.finish, &link.toLane, &link.toEvent, &link.toTs))
            m->flows.push_back(link);
        else
            ++m->flowsUnplaced;
        return true;
    });
    if (!ok) {
        if (message)
            *message = Ctx::tr("The flow events of the session could not be read.");
        return false;
    }
    std::sort(m->flows.begin(), m->flows.end(), [](const FlowLink &a, const FlowLink &b) {
        return std::tie(a.fromLane, a.fromEvent, a.toLane, a.toEvent) < std::tie(b.fromLane, b.fromEvent, b.toLane, b.toEvent);
    });
    return true;
}

std::size_t addCollectiveFlows(Model *m)
{
    // Per device (in device order): the Communication Kernel lane's events by name.
    std::vector<int> lanes;
    for (const DeviceGroup &d : m->devices)
        for (std::size_t i = 0; i < m->lanes.size(); ++i)
            if (m->lanes[i].kind == LaneKind::CommKernel && m->lanes[i].device == d.id && m->lanes[i].events.size())
                lanes.push_back(int(i));
    if (lanes.size() < 2)
        return 0;
    const StrId category = m->intern("HCCL collective");
    std::size_t added = 0;
    // occurrences[lane][name] = event indexes in time order
    std::vector<std::map<StrId, std::vector<std::size_t>>> byName(lanes.size());
    for (std::size_t k = 0; k < lanes.size(); ++k) {
        const auto &e = m->lanes[std::size_t(lanes[k])].events;
        for (std::size_t i = 0; i < e.size(); ++i)
            byName[k][e.nameAt(i)].push_back(i);
    }
    for (std::size_t k = 0; k < lanes.size(); ++k) {
        for (const auto &entry : byName[k]) {
            // The next device with a collective of this name.
            std::size_t next = k + 1;
            while (next < lanes.size() && !byName[next].count(entry.first))
                ++next;
            if (next >= lanes.size())
                continue;
            const std::vector<std::size_t> &to = byName[next].at(entry.first);
            const std::size_t n = std::min(entry.second.size(), to.size());
            for (std::size_t j = 0; j < n; ++j) {
                FlowLink f;
                f.fromLane = lanes[k];
                f.fromEvent = entry.second[j];
                f.toLane = lanes[next];
                f.toEvent = to[j];
                f.fromTs = m->lanes[std::size_t(f.fromLane)].events.startAt(f.fromEvent);
                f.toTs = m->lanes[std::size_t(f.toLane)].events.startAt(f.toEvent);
                f.category = category;
                f.name = entry.first;
                m->flows.push_back(f);
                ++added;
            }
        }
    }
    std::sort(m->flows.begin(), m->flows.end(), [](const FlowLink &a, const FlowLink &b) {
        return std::tie(a.fromLane, a.fromEvent, a.toLane, a.toEvent) < std::tie(b.fromLane, b.fromEvent, b.toLane, b.toEvent);
    });
    return added;
}

std::vector<std::size_t> flowsOf(const Model &m, int lane, std::size_t event)
{
    std::vector<std::size_t> out;
    // Leaving: a binary search (sorted by the start end); arriving: a scan.
    const FlowLink key{lane, event};
    auto it = std::lower_bound(m.flows.begin(), m.flows.end(), key, [](const FlowLink &a, const FlowLink &b) {
        return std::tie(a.fromLane, a.fromEvent) < std::tie(b.fromLane, b.fromEvent);
    });
    for (; it != m.flows.end() && it->fromLane == lane && it->fromEvent == event; ++it)
        out.push_back(std::size_t(it - m.flows.begin()));
    for (std::size_t i = 0; i < m.flows.size(); ++i)
        if (m.flows[i].toLane == lane && m.flows[i].toEvent == event)
            out.push_back(i);
    return out;
}

std::optional<FlowTarget> otherEnd(const Model &m, int lane, std::size_t event)
{
    // Leaving flows come first; of the arriving ones the latest source is the nearest hop
    // (a device task's CANN launch rather than the Python op that queued it).
    std::optional<FlowTarget> from;
    TimeNs latest = 0;
    for (std::size_t i : flowsOf(m, lane, event)) {
        const FlowLink &f = m.flows[i];
        if (f.fromLane == lane && f.fromEvent == event)
            return FlowTarget{f.toLane, f.toEvent};
        if (!from || f.fromTs > latest) {
            from = FlowTarget{f.fromLane, f.fromEvent};
            latest = f.fromTs;
        }
    }
    return from;
}

int paintFlows(QPainter *p, const QRect &r, const FlowPaintState &s)
{
    if (!s.model || s.model->flows.empty() || !s.rowY)
        return 0;
    const Model &m = *s.model;
    std::vector<std::size_t> chosen;
    if (s.selectedLane >= 0)
        chosen = flowsOf(m, s.selectedLane, s.selectedEvent);
    std::vector<char> isChosen(m.flows.size(), 0);
    for (std::size_t i : chosen)
        isChosen[i] = 1;
    if (s.all) {
        // Every flow with an end in the window (and both lanes on screen).
        for (std::size_t i = 0; i < m.flows.size() && int(chosen.size()) < s.maxArrows; ++i) {
            const FlowLink &f = m.flows[i];
            const double a = double(std::min(f.fromTs, f.toTs)), b = double(std::max(f.fromTs, f.toTs));
            if (b < s.view.t0 || a > s.view.t1 || isChosen[i])
                continue;
            chosen.push_back(i);
        }
    }
    p->save();
    p->setRenderHint(QPainter::Antialiasing, true);
    p->setClipRect(r);
    int drawn = 0;
    if (s.rows)
        s.rows->clear();
    const int half = s.laneHeight / 2;
    for (std::size_t i : chosen) {
        if (drawn >= s.maxArrows)
            break;
        const FlowLink &f = m.flows[i];
        const int y0 = s.rowY(f.fromLane), y1 = s.rowY(f.toLane);
        if (y0 == INT_MIN || y1 == INT_MIN)
            continue;
        const QPointF a(r.left() + analysis::timeline::timeToPixel(s.view, double(f.fromTs)), r.top() + y0 + half);
        const QPointF b(r.left() + analysis::timeline::timeToPixel(s.view, double(f.toTs)), r.top() + y1 + half);
        const bool strong = isChosen[i] != 0;
        QColor c = s.color;
        c.setAlpha(strong ? 230 : 110);
        QPen pen(c, strong ? 1.6 : 1.0);
        p->setPen(pen);
        p->setBrush(Qt::NoBrush);
        // A gentle S-curve, as Perfetto draws flows, then the head at the arriving end.
        const double dx = std::max(12.0, std::abs(b.x() - a.x()) / 2);
        QPainterPath path(a);
        path.cubicTo(QPointF(a.x() + dx, a.y()), QPointF(b.x() - dx, b.y()), b);
        p->drawPath(path);
        const QPointF dir(1, 0); // the curve arrives horizontally
        const double hs = strong ? 7 : 5;
        QPolygonF head;
        head << b << b - dir * hs + QPointF(0, hs / 2) << b - dir * hs - QPointF(0, hs / 2);
        p->setBrush(c);
        p->setPen(Qt::NoPen);
        p->drawPolygon(head);
        p->drawEllipse(a, strong ? 2.5 : 1.5, strong ? 2.5 : 1.5);
        if (s.rows)
            s.rows->emplace_back(y0, y1);
        ++drawn;
    }
    p->restore();
    return drawn;
}

} // namespace npuscope::ui::timeline
