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

namespace {

using Cancel = const std::atomic_bool &;

// The lanes added while the details load, found again by (kind, device, id).
class LaneIndex {
public:
    explicit LaneIndex(Model *m) : m_(m) {}
    Lane *get(LaneKind kind, std::uint16_t dev, std::uint32_t id, const QString &process, const QString &title)
    {
        const auto key = std::make_tuple(kind, dev, id);
        auto it = of_.find(key);
        if (it == of_.end()) {
            m_->lanes.push_back(emptyLane(kind, dev, id, process, title));
            it = of_.emplace(key, m_->lanes.size() - 1).first;
        }
        return &m_->lanes[it->second];
    }

private:
    Model *m_;
    std::map<std::tuple<LaneKind, std::uint16_t, std::uint32_t>, std::size_t> of_;
};

// Every task into its stream lane. False: cancelled, or the read failed.
bool loadStreamLanes(Model *m, store::TimelineStore &st, Cancel cancel)
{
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
    std::pair<std::uint16_t, std::uint32_t> lastKey{0xffff, 0xffffffffu};
    analysis::timeline::LaneEvents *cur = nullptr;
    std::size_t n = 0;
    const TimeNs origin = m->origin;
    const bool ok = st.scanTasks([&](const store::TaskRow &r) {
        if ((++n & 0xffff) == 0 && cancel.load())
            return false;
        const std::pair<std::uint16_t, std::uint32_t> key{r.device, r.stream};
        if (key != lastKey) {
            lastKey = key;
            auto it = streamLane.find(key);
            if (it == streamLane.end()) { // a stream the summary did not know
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
    return ok && !cancel.load();
}

// Collectives, HCCL planes, host ranges, AI CPU and the step trace, each into its lanes.
// False: cancelled, or a read failed.
bool loadRecordLanes(Model *m, store::TimelineStore &st, LaneIndex &lanes, Cancel cancel)
{
    const TimeNs origin = m->origin;
    if (!st.readCollectives(&m->collectives) || !st.readHostRanges(&m->hostRanges) || !st.readAiCpu(&m->aiCpu))
        return false;
    // Records arrive sorted by start, so lanes stay sorted and record indexes stay valid.
    for (std::size_t i = 0; i < m->collectives.size(); ++i) {
        auto &r = m->collectives[i];
        r.start -= origin;
        Lane *l = lanes.get(LaneKind::CommKernel, r.device, 0, Ctx::tr("HCCL"), Ctx::tr("Communication Kernel"));
        l->events.push(r.start, clampDur(r.duration), r.name, r.opType, CatCollective);
        l->record.push_back(std::uint32_t(i));
    }
    // Storage order, not start order: finish() sorts each plane with its rowids.
    std::pair<std::uint16_t, std::uint32_t> lastPlane{0xffff, 0xffffffffu};
    Lane *plane = nullptr;
    std::size_t k = 0;
    const bool hcclOk = st.scanHcclTasks([&](const store::HcclTaskRow &r) {
        if ((++k & 0xffff) == 0 && cancel.load())
            return false;
        if (std::make_pair(r.device, r.plane) != lastPlane || !plane) {
            lastPlane = {r.device, r.plane};
            plane = lanes.get(LaneKind::Plane, r.device, r.plane, Ctx::tr("HCCL"), Ctx::tr("Plane %1").arg(r.plane));
        }
        plane->events.push(r.start - origin, clampDur(r.duration), r.name, 0, CatHcclTask);
        plane->record.push_back(r.rowid > 0 && r.rowid <= 0xffffffffLL ? std::uint32_t(r.rowid) : 0u);
        return true;
    });
    if (!hcclOk || cancel.load())
        return false;
    for (std::size_t i = 0; i < m->hostRanges.size(); ++i) {
        auto &r = m->hostRanges[i];
        r.start -= origin;
        const bool tx = r.kind == HostRangeRecord::Kind::MsprofTx;
        Lane *l = lanes.get(tx ? LaneKind::MsprofTx : LaneKind::Cann, r.device, r.tid, tx ? Ctx::tr("msproftx") : Ctx::tr("CANN"),
                            Ctx::tr("Thread %1").arg(r.tid));
        l->events.push(r.start, clampDur(r.duration), r.name, 0, tx ? CatTx : CatHostRange);
        l->record.push_back(std::uint32_t(i));
    }
    for (std::size_t i = 0; i < m->aiCpu.size(); ++i) {
        auto &r = m->aiCpu[i];
        r.timestamp -= origin;
        Lane *l = lanes.get(LaneKind::AiCpu, r.device, 0, Ctx::tr("AI CPU"), Ctx::tr("AI CPU"));
        l->events.push(r.timestamp, clampDur(r.totalTime), r.node, 0, CatAiCpu);
        l->record.push_back(std::uint32_t(i));
    }
    // Step trace: FP_BP and Iteration Refresh back to back; reduces on their own row since
    // they run during BP. Iterations themselves are the view's bands.
    const StrId reduceName = m->intern("Reduce");
    for (std::size_t i = 0; i < m->steps.size(); ++i) {
        const auto &s = m->steps[i];
        Lane *l = lanes.get(LaneKind::StepTrace, s.device, s.modelId * 2, Ctx::tr("Ascend Hardware"),
                            Ctx::tr("Step Trace(Model ID:%1)").arg(s.modelId));
        l->events.push(s.fpStart, clampDur(s.bpEnd - s.fpStart),
                       m->intern("FP_BP Time " + std::to_string(s.iteration)), 0, CatFpBp);
        l->record.push_back(std::uint32_t(i));
        l->events.push(s.bpEnd, clampDur(s.iterationEnd - s.bpEnd),
                       m->intern("Iteration Refresh " + std::to_string(s.iteration)), 0, CatRefresh);
        l->record.push_back(std::uint32_t(i));
        if (!s.reduces.empty()) {
            Lane *r = lanes.get(LaneKind::StepTrace, s.device, s.modelId * 2 + 1, Ctx::tr("Ascend Hardware"),
                                Ctx::tr("Step Trace(Model ID:%1) Reduce").arg(s.modelId));
            for (const auto &red : s.reduces) {
                r->events.push(red.start, clampDur(red.end - red.start), reduceName, 0, CatReduce);
                r->record.push_back(std::uint32_t(i));
            }
        }
    }
    return true;
}

const char *const kOverlapNames[] = {"Computing", "Communication", "Communication(Not Overlapped)", "Free"};

// Communication minus computing, walking both sorted lists.
std::vector<Interval> notOverlapped(const analysis::timeline::LaneEvents &computing, const std::vector<Interval> &comm)
{
    std::vector<Interval> out;
    std::size_t j = 0;
    for (Interval c : comm) {
        while (j < computing.size() && computing.end(j) <= c.start)
            ++j;
        TimeNs cur = c.start;
        for (std::size_t k = j; k < computing.size() && computing.startAt(k) < c.end; ++k) {
            if (computing.startAt(k) > cur)
                out.push_back({cur, computing.startAt(k)});
            cur = std::max(cur, computing.end(k));
        }
        if (cur < c.end)
            out.push_back({cur, c.end});
    }
    return out;
}

// The gaps of computing ∪ communication between the first and last busy instant.
void forEachFree(const analysis::timeline::LaneEvents &computing, const std::vector<Interval> &comm,
                 const std::function<void(TimeNs, TimeNs)> &out)
{
    std::size_t i = 0, j = 0;
    bool open = false;
    TimeNs be = 0;
    while (i < computing.size() || j < comm.size()) {
        TimeNs s0, e0;
        if (j >= comm.size() || (i < computing.size() && computing.startAt(i) <= comm[j].start)) {
            s0 = computing.startAt(i);
            e0 = computing.end(i);
            ++i;
        } else {
            s0 = comm[j].start;
            e0 = comm[j].end;
            ++j;
        }
        if (open && s0 > be)
            out(be, s0);
        be = open ? std::max(be, e0) : e0;
        open = true;
    }
}

// One device's Overlap Analysis lanes. The compute union comes from a k-way merge of the
// device's stream lanes (each already in start order), so no copy of millions of
// intervals is made and sorted; the lanes keep only start and duration.
void addDeviceOverlap(Model *m, std::uint16_t device, std::vector<Interval> comm, LaneIndex &lanes)
{
    std::vector<const analysis::timeline::LaneEvents *> streams;
    for (const Lane &l : m->lanes)
        if (l.kind == LaneKind::Stream && l.device == device)
            streams.push_back(&l.events);
    if (streams.empty())
        return;
    auto overlapLane = [&](int k, std::size_t n) {
        Lane *l = lanes.get(LaneKind::Overlap, device, std::uint32_t(k), Ctx::tr("Overlap Analysis"),
                            QString::fromLatin1(kOverlapNames[k]));
        l->events.setUniform(m->intern(kOverlapNames[k]), std::uint8_t(CatComputing + k));
        l->events.reserve(n);
        return l;
    };
    // Pass 1 counts the union's intervals, pass 2 writes them into an exact reservation.
    auto mergeCompute = [&](const std::function<void(TimeNs, TimeNs)> &out) {
        analysis::timeline::forEachUnion(
            streams, [](std::uint8_t t) { return isComputeKind(static_cast<TaskKind>(t)); }, out);
    };
    std::size_t nCompute = 0;
    mergeCompute([&](TimeNs, TimeNs) { ++nCompute; });
    Lane *computing = overlapLane(0, nCompute);
    mergeCompute([&](TimeNs s0, TimeNs e0) { computing->events.pushInterval(s0, clampDur(e0 - s0)); });
    computing->events.finish(); // packed before the walks below read it
    const std::vector<Interval> commMerged = analysis::mergeIntervals(std::move(comm));
    const std::vector<Interval> alone = notOverlapped(computing->events, commMerged);
    std::size_t nFree = 0;
    forEachFree(computing->events, commMerged, [&](TimeNs, TimeNs) { ++nFree; });
    const std::vector<Interval> *small[] = {&commMerged, &alone};
    for (int k = 1; k <= 2; ++k) {
        const auto &rows = *small[k - 1];
        if (rows.empty())
            continue;
        Lane *l = overlapLane(k, rows.size());
        for (const auto &iv : rows)
            l->events.pushInterval(iv.start, clampDur(iv.end - iv.start));
    }
    if (nFree) {
        Lane *l = overlapLane(3, nFree);
        forEachFree(computing->events, commMerged,
                    [&](TimeNs s0, TimeNs e0) { l->events.pushInterval(s0, clampDur(e0 - s0)); });
    }
}

// Overlap Analysis for every device. False: cancelled.
bool addOverlapLanes(Model *m, LaneIndex &lanes, Cancel cancel)
{
    for (Lane &l : m->lanes)
        if (l.kind == LaneKind::Stream)
            l.events.finish(); // sorted before merging
    std::map<std::uint16_t, std::vector<Interval>> comm;
    for (const auto &c : m->collectives)
        comm[c.device].push_back({c.start, endOf(c)});
    // addDeviceOverlap keeps pointers into m->lanes (the stream lanes' events, the
    // Computing lane) while it appends up to four Overlap lanes per device: without room
    // reserved up front, a reallocation would leave them dangling.
    m->lanes.reserve(m->lanes.size() + 4 * m->devices.size());
    for (const auto &dev : m->devices) {
        if (cancel.load())
            return false;
        addDeviceOverlap(m, dev.id, std::move(comm[dev.id]), lanes);
    }
    return true;
}

// Counter tracks — the derived AI Core utilisation first, then the imported series, one
// lane each after the device's other lanes — then the flows, which need the final lane
// order. False with *message: a read failed; false alone: cancelled.
bool addSeriesAndFlows(Model *m, Cancel cancel, QString *message)
{
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
    return true;
}

} // namespace

bool loadDetails(Model *m, const std::atomic_bool &cancel, QString *message)
{
    store::StoreError e;
    auto st = store::TimelineStore::open(m->path, m->session, &e, message);
    if (!st)
        return false;
    // The store's reason, when a read fails; nothing when the load was cancelled.
    auto failed = [&] {
        if (message && !cancel.load())
            *message = st->errorString();
        return false;
    };
    if (!loadStreamLanes(m, *st, cancel))
        return failed();
    LaneIndex lanes(m);
    if (!loadRecordLanes(m, *st, lanes, cancel))
        return failed();
    if (!addOverlapLanes(m, lanes, cancel))
        return false;
    for (Lane &l : m->lanes) {
        l.events.finish(&l.record);
        l.lod = l.kind == LaneKind::Stream ? l.lod : -1;
    }
    if (!addSeriesAndFlows(m, cancel, message))
        return false;
    TimeNs last = m->extent;
    for (const Lane &l : m->lanes)
        if (l.events.size())
            last = std::max(last, l.events.end(l.events.size() - 1));
    m->extent = std::max<TimeNs>(1, last);
    m->detailsLoaded = true;
    return true;
}

} // namespace npuscope::ui::timeline
