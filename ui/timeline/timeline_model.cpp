#include "ui/timeline/timeline_model.h"

#include "core/store/project.h"
#include "ui/timeline/counter_track.h"
#include "ui/timeline/flow_overlay.h"
#include "ui/timeline/python_lanes.h"

#include <QCoreApplication>

#include <algorithm>
#include <functional>
#include <map>
#include <unordered_map>

namespace npuscope::ui::timeline {

namespace {
struct Ctx { Q_DECLARE_TR_FUNCTIONS(TimelineView) };

using analysis::Interval;

std::uint32_t clampDur(TimeNs d)
{
    return std::uint32_t(std::clamp<TimeNs>(d, 0, 0xffffffffLL));
}

// msprof order inside one device: Python, CANN (sort 2), Ascend Hardware (3), AI CPU, HCCL (11),
// Overlap Analysis (12), msproftx.
int kindOrder(LaneKind k)
{
    switch (k) {
    case LaneKind::Python: return -1; // the framework's host side first, as MindStudio Insight shows it
    case LaneKind::Cann: return 0;
    case LaneKind::Stream: return 1;
    case LaneKind::StepTrace: return 2;
    case LaneKind::AiCpu: return 3;
    case LaneKind::CommKernel: return 4;
    case LaneKind::Plane: return 5;
    case LaneKind::Overlap: return 6;
    case LaneKind::MsprofTx: return 7;
    case LaneKind::Counter: return 8;
    }
    return 9;
}

void sortLanes(std::vector<Lane> &lanes)
{
    std::stable_sort(lanes.begin(), lanes.end(), [](const Lane &a, const Lane &b) {
        if (a.device != b.device)
            return a.device < b.device;
        if (kindOrder(a.kind) != kindOrder(b.kind))
            return kindOrder(a.kind) < kindOrder(b.kind);
        return a.id < b.id;
    });
}

QString streamTitle(std::uint32_t id) { return Ctx::tr("Stream %1").arg(id); }

// A lane with no events yet: what it shows, where, and what its header says.
Lane emptyLane(LaneKind kind, std::uint16_t device, std::uint32_t id, const QString &process, const QString &title,
               int lod = -1)
{
    return Lane{.kind = kind, .device = device, .id = id, .process = process, .title = title, .events = {}, .lod = lod,
                .record = {}};
}
} // namespace

StrId Model::intern(const std::string &s)
{
    for (std::size_t i = strings.size(); i-- > 1;) {
        if (strings[i] == s)
            return StrId(i);
        if (strings.size() - i > 64)
            break; // the view's own names sit at the end
    }
    if (strings.empty())
        strings.emplace_back();
    strings.push_back(s);
    return StrId(strings.size() - 1);
}

std::size_t Model::taskCount() const
{
    std::size_t n = 0;
    for (const Lane &l : lanes)
        if (l.kind == LaneKind::Stream)
            n += l.events.size();
    return n;
}

std::size_t Model::bytes() const
{
    std::size_t b = 0;
    for (const Lane &l : lanes)
        b += l.events.bytes() + l.record.capacity() * 4;
    return b;
}

std::unique_ptr<Model> openSkeleton(const QString &path, std::int64_t session, QString *message)
{
    store::StoreError e;
    auto st = store::TimelineStore::open(path, session, &e, message);
    if (!st)
        return nullptr;
    auto m = std::make_unique<Model>();
    m->path = path;
    m->session = session;
    std::vector<DeviceInfo> devices;
    auto failed = [&]() -> std::unique_ptr<Model> {
        if (message)
            *message = st->errorString();
        return nullptr;
    };
    if (!st->readSessionHeader(&m->sessionName, &m->optionsJson) || !st->readPmuColumns(&m->pmuColumns)
        || !st->readStrings(&m->strings) || !st->readOps(&m->ops)
        || !st->readDevices(&devices) || !st->readStepTraces(&m->steps))
        return failed();
    if (m->strings.empty())
        m->strings.emplace_back();

    QString lodError;
    const bool haveLod = st->readLod(&m->lod, &lodError);
    if (!lodError.isEmpty()) {
        if (message)
            *message = lodError;
        return nullptr;
    }
    TimeNs origin = 0, end = 1;
    if (haveLod) {
        origin = m->lod.origin;
        end = addTime(origin, m->lod.extent);
    } else if (!st->measureSession(&origin, &end)) {
        return failed();
    }
    m->origin = origin;
    m->extent = std::max<TimeNs>(1, end - origin);
    m->lod.origin = 0; // relative from here on

    for (const DeviceInfo &di : devices)
        m->devices.push_back(DeviceGroup{di.id, di.rankId, di.hostPid});
    auto ensureDevice = [&](std::uint16_t d) {
        for (const auto &g : m->devices)
            if (g.id == d)
                return;
        m->devices.push_back(DeviceGroup{d, d, 0});
    };
    for (auto &s : m->steps) {
        s.fpStart -= origin;
        s.bpEnd -= origin;
        s.iterationEnd -= origin;
        if (s.previousIterationEnd >= 0)
            s.previousIterationEnd -= origin;
        for (auto &r : s.reduces) {
            r.start -= origin;
            r.end -= origin;
        }
        ensureDevice(s.device);
    }
    for (std::size_t i = 0; i < m->lod.lanes.size(); ++i) {
        const auto &ll = m->lod.lanes[i];
        m->lanes.push_back(emptyLane(LaneKind::Stream, ll.device, ll.stream, Ctx::tr("Ascend Hardware"),
                                     streamTitle(ll.stream), int(i)));
        ensureDevice(ll.device);
    }
    std::sort(m->devices.begin(), m->devices.end(), [](auto &a, auto &b) { return a.id < b.id; });
    sortLanes(m->lanes);
    return m;
}

std::unique_ptr<Model> copySkeleton(const Model &m)
{
    auto copy = std::make_unique<Model>();
    copy->path = m.path;
    copy->session = m.session;
    copy->sessionName = m.sessionName;
    copy->optionsJson = m.optionsJson;
    copy->pmuColumns = m.pmuColumns;
    copy->origin = m.origin;
    copy->extent = m.extent;
    copy->strings = m.strings;
    copy->ops = m.ops;
    copy->devices = m.devices;
    copy->steps = m.steps;
    copy->lod = m.lod;
    for (const auto &l : m.lanes)
        copy->lanes.push_back(emptyLane(l.kind, l.device, l.id, l.process, l.title, l.lod));
    return copy;
}

bool loadDetails(Model *m, const std::atomic_bool &cancel, QString *message)
{
    store::StoreError e;
    auto st = store::TimelineStore::open(m->path, m->session, &e, message);
    if (!st)
        return false;
    const TimeNs origin = m->origin;

    // Stream lanes: exact sizes from the summary avoid vector regrowth (peak memory).
    std::map<std::pair<std::uint16_t, std::uint32_t>, std::size_t> streamLane;
    for (std::size_t i = 0; i < m->lanes.size(); ++i) {
        Lane &l = m->lanes[i];
        if (l.kind != LaneKind::Stream)
            continue;
        streamLane[{l.device, l.id}] = i;
        if (l.lod >= 0)
            l.events.reserve(m->lod.lanes[std::size_t(l.lod)].tasks);
    }
    std::vector<Lane> extra; // stream lanes the summary did not know
    std::pair<std::uint16_t, std::uint32_t> lastKey{0xffff, 0xffffffffu};
    analysis::timeline::LaneEvents *cur = nullptr;
    std::size_t n = 0;
    const bool ok = st->scanTasks([&](const store::TaskRow &r) {
        if ((++n & 0xffff) == 0 && cancel.load())
            return false;
        const std::pair<std::uint16_t, std::uint32_t> key{r.device, r.stream};
        if (key != lastKey) {
            lastKey = key;
            auto it = streamLane.find(key);
            if (it == streamLane.end()) {
                m->lanes.push_back(
                    emptyLane(LaneKind::Stream, r.device, r.stream, Ctx::tr("Ascend Hardware"), streamTitle(r.stream)));
                it = streamLane.emplace(key, m->lanes.size() - 1).first;
            }
            cur = &m->lanes[it->second].events;
        }
        const StrId opType = r.op && r.op < m->ops.size() ? m->ops[r.op].opType : 0;
        cur->push(r.start - origin, clampDur(r.duration), r.name, opType, r.kind);
        return true;
    });
    if (cancel.load())
        return false;
    // The store's reason, when a read fails.
    auto failed = [&] {
        if (message)
            *message = st->errorString();
        return false;
    };
    if (!ok)
        return failed();

    if (!st->readCollectives(&m->collectives) || !st->readHostRanges(&m->hostRanges) || !st->readAiCpu(&m->aiCpu))
        return failed();
    std::map<std::tuple<LaneKind, std::uint16_t, std::uint32_t>, std::size_t> laneOf;
    auto laneFor = [&](LaneKind kind, std::uint16_t dev, std::uint32_t id, const QString &process, const QString &title) {
        const auto key = std::make_tuple(kind, dev, id);
        auto it = laneOf.find(key);
        if (it == laneOf.end()) {
            m->lanes.push_back(emptyLane(kind, dev, id, process, title));
            it = laneOf.emplace(key, m->lanes.size() - 1).first;
        }
        return &m->lanes[it->second];
    };
    // Records arrive sorted by start, so lanes stay sorted and record indexes stay valid.
    for (std::size_t i = 0; i < m->collectives.size(); ++i) {
        auto &r = m->collectives[i];
        r.start -= origin;
        Lane *l = laneFor(LaneKind::CommKernel, r.device, 0, Ctx::tr("HCCL"), Ctx::tr("Communication Kernel"));
        l->events.push(r.start, clampDur(r.duration), r.name, r.opType, CatCollective);
        l->record.push_back(std::uint32_t(i));
    }
    {
        // Storage order, not start order: finish() sorts each plane with its rowids.
        std::pair<std::uint16_t, std::uint32_t> lastPlane{0xffff, 0xffffffffu};
        Lane *plane = nullptr;
        std::size_t k = 0;
        const bool hcclOk = st->scanHcclTasks([&](const store::HcclTaskRow &r) {
            if ((++k & 0xffff) == 0 && cancel.load())
                return false;
            if (std::make_pair(r.device, r.plane) != lastPlane || !plane) {
                lastPlane = {r.device, r.plane};
                plane = laneFor(LaneKind::Plane, r.device, r.plane, Ctx::tr("HCCL"), Ctx::tr("Plane %1").arg(r.plane));
            }
            plane->events.push(r.start - origin, clampDur(r.duration), r.name, 0, CatHcclTask);
            plane->record.push_back(r.rowid > 0 && r.rowid <= 0xffffffffLL ? std::uint32_t(r.rowid) : 0u);
            return true;
        });
        if (cancel.load())
            return false;
        if (!hcclOk)
            return failed();
    }
    for (std::size_t i = 0; i < m->hostRanges.size(); ++i) {
        auto &r = m->hostRanges[i];
        r.start -= origin;
        const bool tx = r.kind == HostRangeRecord::Kind::MsprofTx;
        Lane *l = laneFor(tx ? LaneKind::MsprofTx : LaneKind::Cann, r.device, r.tid, tx ? Ctx::tr("msproftx") : Ctx::tr("CANN"),
                          Ctx::tr("Thread %1").arg(r.tid));
        l->events.push(r.start, clampDur(r.duration), r.name, 0, tx ? CatTx : CatHostRange);
        l->record.push_back(std::uint32_t(i));
    }
    for (std::size_t i = 0; i < m->aiCpu.size(); ++i) {
        auto &r = m->aiCpu[i];
        r.timestamp -= origin;
        Lane *l = laneFor(LaneKind::AiCpu, r.device, 0, Ctx::tr("AI CPU"), Ctx::tr("AI CPU"));
        l->events.push(r.timestamp, clampDur(r.totalTime), r.node, 0, CatAiCpu);
        l->record.push_back(std::uint32_t(i));
    }
    // Step trace: FP_BP and Iteration Refresh back to back; reduces on their own row since
    // they run during BP. Iterations themselves are the view's bands.
    const StrId reduceName = m->intern("Reduce");
    for (std::size_t i = 0; i < m->steps.size(); ++i) {
        const auto &s = m->steps[i];
        Lane *l = laneFor(LaneKind::StepTrace, s.device, s.modelId * 2, Ctx::tr("Ascend Hardware"),
                          Ctx::tr("Step Trace(Model ID:%1)").arg(s.modelId));
        l->events.push(s.fpStart, clampDur(s.bpEnd - s.fpStart),
                       m->intern("FP_BP Time " + std::to_string(s.iteration)), 0, CatFpBp);
        l->record.push_back(std::uint32_t(i));
        l->events.push(s.bpEnd, clampDur(s.iterationEnd - s.bpEnd),
                       m->intern("Iteration Refresh " + std::to_string(s.iteration)), 0, CatRefresh);
        l->record.push_back(std::uint32_t(i));
        if (!s.reduces.empty()) {
            Lane *r = laneFor(LaneKind::StepTrace, s.device, s.modelId * 2 + 1, Ctx::tr("Ascend Hardware"),
                              Ctx::tr("Step Trace(Model ID:%1) Reduce").arg(s.modelId));
            for (const auto &red : s.reduces) {
                r->events.push(red.start, clampDur(red.end - red.start), reduceName, 0, CatReduce);
                r->record.push_back(std::uint32_t(i));
            }
        }
    }

    // Overlap Analysis per device. The compute union comes from a k-way merge of the
    // device's stream lanes (each already in start order), so no copy of millions of
    // intervals is made and sorted; the lanes keep only start and duration.
    for (Lane &l : m->lanes)
        if (l.kind == LaneKind::Stream)
            l.events.finish(); // sorted before merging
    std::map<std::uint16_t, std::vector<Interval>> comm;
    for (const auto &c : m->collectives)
        comm[c.device].push_back({c.start, endOf(c)});
    const char *overlapNames[] = {"Computing", "Communication", "Communication(Not Overlapped)", "Free"};
    // The loop below keeps pointers into m->lanes (the stream lanes' events, the Computing
    // lane) while laneFor appends up to four Overlap lanes per device: without room
    // reserved up front, a reallocation would leave them dangling.
    m->lanes.reserve(m->lanes.size() + 4 * m->devices.size());
    for (const auto &dev : m->devices) {
        if (cancel.load())
            return false;
        std::vector<const analysis::timeline::LaneEvents *> streams;
        for (const Lane &l : m->lanes)
            if (l.kind == LaneKind::Stream && l.device == dev.id)
                streams.push_back(&l.events);
        if (streams.empty())
            continue;
        // Pass 1 counts the union's intervals, pass 2 writes them into an exact reservation.
        auto mergeCompute = [&](const std::function<void(TimeNs, TimeNs)> &out) {
            analysis::timeline::forEachUnion(
                streams, [](std::uint8_t t) { return isComputeKind(static_cast<TaskKind>(t)); }, out);
        };
        std::size_t nCompute = 0;
        TimeNs lastEnd = 0;
        mergeCompute([&](TimeNs, TimeNs) { ++nCompute; });
        Lane *computing = laneFor(LaneKind::Overlap, dev.id, 0, Ctx::tr("Overlap Analysis"), QString::fromLatin1(overlapNames[0]));
        auto makeUniform = [&](Lane *l, int k, std::size_t n) {
            l->events.setUniform(m->intern(overlapNames[k]), std::uint8_t(CatComputing + k));
            l->events.reserve(n);
        };
        makeUniform(computing, 0, nCompute);
        mergeCompute([&](TimeNs s0, TimeNs e0) {
            computing->events.pushInterval(s0, clampDur(e0 - s0));
            lastEnd = e0;
        });
        computing->events.finish(); // packed before the walks below read it
        const std::vector<Interval> commMerged = analysis::mergeIntervals(std::move(comm[dev.id]));
        // Not overlapped = communication minus computing, walking both sorted lists.
        std::vector<Interval> notOverlapped;
        {
            const auto &ce = computing->events;
            std::size_t j = 0;
            for (Interval c : commMerged) {
                while (j < ce.size() && ce.end(j) <= c.start)
                    ++j;
                TimeNs cur = c.start;
                std::size_t k = j;
                while (k < ce.size() && ce.startAt(k) < c.end) {
                    if (ce.startAt(k) > cur)
                        notOverlapped.push_back({cur, ce.startAt(k)});
                    cur = std::max(cur, ce.end(k));
                    ++k;
                }
                if (cur < c.end)
                    notOverlapped.push_back({cur, c.end});
            }
        }
        // Free = gaps of computing ∪ communication between the first and last busy instant.
        auto forEachFree = [&](const std::function<void(TimeNs, TimeNs)> &out) {
            const auto &ce = computing->events;
            std::size_t i = 0, j = 0;
            bool open = false;
            TimeNs be = 0;
            while (i < ce.size() || j < commMerged.size()) {
                TimeNs s0, e0;
                if (j >= commMerged.size() || (i < ce.size() && ce.startAt(i) <= commMerged[j].start)) {
                    s0 = ce.startAt(i);
                    e0 = ce.end(i);
                    ++i;
                } else {
                    s0 = commMerged[j].start;
                    e0 = commMerged[j].end;
                    ++j;
                }
                if (open && s0 > be)
                    out(be, s0);
                be = open ? std::max(be, e0) : e0;
                open = true;
            }
        };
        std::size_t nFree = 0;
        forEachFree([&](TimeNs, TimeNs) { ++nFree; });
        const std::vector<Interval> *small[] = {&commMerged, &notOverlapped};
        for (int k = 1; k <= 2; ++k) {
            const auto &rows = *small[k - 1];
            if (rows.empty())
                continue;
            Lane *l = laneFor(LaneKind::Overlap, dev.id, std::uint32_t(k), Ctx::tr("Overlap Analysis"),
                              QString::fromLatin1(overlapNames[k]));
            makeUniform(l, k, rows.size());
            for (const auto &iv : rows)
                l->events.pushInterval(iv.start, clampDur(iv.end - iv.start));
        }
        if (nFree) {
            Lane *l = laneFor(LaneKind::Overlap, dev.id, 3, Ctx::tr("Overlap Analysis"), QString::fromLatin1(overlapNames[3]));
            makeUniform(l, 3, nFree);
            forEachFree([&](TimeNs s0, TimeNs e0) { l->events.pushInterval(s0, clampDur(e0 - s0)); });
        }
        Q_UNUSED(lastEnd);
    }
    comm.clear();

    for (Lane &l : m->lanes) {
        l.events.finish(&l.record);
        l.lod = l.kind == LaneKind::Stream ? l.lod : -1;
    }

    // Counter tracks: the derived AI Core utilisation first, then the imported series;
    // one lane each, after the device's other lanes. Flows need the final lane order.
    std::unique_ptr<store::ProjectReader> records;
    {
        store::StoreError pe;
        QString why;
        auto project = store::Project::open(m->path, store::Project::Mode::ReadOnly, &pe, &why, store::Project::Check::Schema);
        records = project ? project->session(m->session, &why) : nullptr;
        if (!records) {
            if (message)
                *message = why;
            return false;
        }
    }
    if (cancel.load())
        return false;
    if (!addPythonLanes(m, *records, message))
        return false;
    addUtilisationSeries(m);
    if (!loadCounters(m, *records, message))
        return false;
    assignCounterColours(m);
    for (std::size_t i = 0; i < m->counters.size(); ++i) {
        const CounterSeries &c = m->counters[i];
        Lane lane;
        lane.kind = LaneKind::Counter;
        lane.device = c.device;
        lane.id = std::uint32_t(i);
        lane.process = c.track;
        lane.title = counterTitle(c);
        m->lanes.push_back(std::move(lane));
    }
    sortLanes(m->lanes);
    if (!resolveFlows(m, *records, message))
        return false;
    addCollectiveFlows(m);
    TimeNs last = m->extent;
    for (const Lane &l : m->lanes)
        if (l.events.size())
            last = std::max(last, l.events.end(l.events.size() - 1));
    m->extent = std::max<TimeNs>(1, last);
    m->detailsLoaded = true;
    return true;
}

} // namespace npuscope::ui::timeline
