// The legacy PROF export's timeline files (msprof, task_time, hccl, step_trace, msprof_tx
// JSON): lane metadata and one event per record. Part of the Exporter (prof_exporter_impl.h).

#include "core/exporting/prof_exporter_impl.h"

namespace npuscope::exporting::legacyprof {

using analysis::Interval;

// ---------------------------------------------------------------------------------------
// timeline events

// A metadata event up to its one arg's value: `{"name": "<name>", "pid": P, "tid": T, "args": {"<key>": `.
static OutFile &metaBegin(JsonArray &a, const char *name, std::uint64_t pid, std::uint64_t tid, const char *argKey)
{
    OutFile &f = a.f;
    a.next();
    f.put("{\"name\": \"");
    f.put(name);
    f.put("\", \"pid\": ");
    f.putUInt(pid);
    f.put(", \"tid\": ");
    f.putUInt(tid);
    f.put(", \"args\": {\"");
    f.put(argKey);
    f.put("\": ");
    return f;
}

void Exporter::metaEvent(JsonArray &a, const char *name, std::uint64_t pid, std::uint64_t tid, const char *argKey,
                         std::string_view text)
{
    OutFile &f = metaBegin(a, name, pid, tid, argKey);
    f.putJsonString(text);
    f.put("}, \"ph\": \"M\"}");
}

void Exporter::metaEventInt(JsonArray &a, const char *name, std::uint64_t pid, std::uint64_t tid, std::uint64_t v)
{
    OutFile &f = metaBegin(a, name, pid, tid, "sort_index");
    f.putUInt(v);
    f.put("}, \"ph\": \"M\"}");
}

void Exporter::processBlockEnd(JsonArray &a, std::uint64_t pid, const char *label, int sort)
{
    metaEvent(a, "process_labels", pid, 0, "labels", label);
    metaEventInt(a, "process_sort_index", pid, 0, static_cast<std::uint64_t>(sort));
}

void Exporter::stepTraceLaneMeta(JsonArray &a, std::uint32_t model)
{
    metaEvent(a, "process_name", pids.hardware, 0, "name", "Ascend Hardware");
    metaEvent(a, "thread_name", pids.hardware, pids.host, "name", "Step Trace(Model ID:" + std::to_string(model) + ")");
    metaEventInt(a, "thread_sort_index", pids.hardware, pids.host, 70000ull + model);
    processBlockEnd(a, pids.hardware, "NPU", 3);
}

// A lane's name, then its threads' names ("<prefix><id>") and their sort indexes (sortBase + id).
void Exporter::threadsMeta(JsonArray &a, std::uint64_t pid, const char *lane, const std::set<std::uint32_t> &ids,
                           const char *prefix, std::uint64_t sortBase)
{
    metaEvent(a, "process_name", pid, 0, "name", lane);
    for (auto t : ids)
        metaEvent(a, "thread_name", pid, t, "name", prefix + std::to_string(t));
    for (auto t : ids)
        metaEventInt(a, "thread_sort_index", pid, t, sortBase + t);
}

// The distinct ids (threads, streams, planes) of a lane's records.
template <class R, class Key> static std::set<std::uint32_t> idsOf(const std::vector<R> &records, Key key)
{
    std::set<std::uint32_t> ids;
    for (const R &r : records)
        ids.insert(key(r));
    return ids;
}

void Exporter::cannLaneMeta(JsonArray &a, const std::vector<HostRangeRecord> &host)
{
    std::set<std::uint32_t> tids = idsOf(host, [](const HostRangeRecord &r) { return r.tid; });
    if (tids.empty())
        tids.insert(static_cast<std::uint32_t>(pids.host)); // the training thread, as in the real files
    threadsMeta(a, pids.cann, "CANN", tids, "Thread ", 0);
    processBlockEnd(a, pids.cann, "CPU", 2);
}

void Exporter::hardwareLaneMeta(JsonArray &a, const std::vector<TaskRecord> &tasks)
{
    threadsMeta(a, pids.hardware, "Ascend Hardware", idsOf(tasks, [](const TaskRecord &t) { return t.streamId; }), "Stream ", 0);
    processBlockEnd(a, pids.hardware, "NPU", 3);
}

void Exporter::hcclLaneMeta(JsonArray &a, const std::vector<HcclTaskRecord> &hccl)
{
    threadsMeta(a, pids.hccl, "HCCL", idsOf(hccl, [](const HcclTaskRecord &h) { return h.plane; }), "Plane ", 70000);
    metaEvent(a, "thread_name", pids.hccl, kCommKernelTid, "name", "Communication Kernel");
    metaEventInt(a, "thread_sort_index", pids.hccl, kCommKernelTid, 0);
    processBlockEnd(a, pids.hccl, "NPU", 11);
}

void Exporter::overlapLaneMeta(JsonArray &a)
{
    metaEvent(a, "process_name", pids.overlap, 0, "name", "Overlap Analysis");
    metaEvent(a, "thread_name", pids.overlap, 0, "name", "Computing");
    metaEvent(a, "thread_name", pids.overlap, 1, "name", "Communication");
    metaEvent(a, "thread_name", pids.overlap, 2, "name", "Communication(Not Overlapped)");
    metaEvent(a, "thread_name", pids.overlap, 3, "name", "Free");
    processBlockEnd(a, pids.overlap, "NPU", 12);
}

void Exporter::txLaneMeta(JsonArray &a, const std::vector<HostRangeRecord> &tx)
{
    threadsMeta(a, pids.tx, "MsprofTx", idsOf(tx, [](const HostRangeRecord &r) { return r.tid; }), "Thread ", 0);
    processBlockEnd(a, pids.tx, "CPU", 1);
}

static void eventHead(OutFile &f, std::string_view name, std::uint64_t pid, std::uint64_t tid, TimeNs ts, TimeNs dur)
{
    f.put("{\"name\": ");
    f.putJsonString(name);
    f.put(", \"pid\": ");
    f.putUInt(pid);
    f.put(", \"tid\": ");
    f.putUInt(tid);
    f.put(", \"ts\": ");
    f.putUs(ts);
    f.put(", \"dur\": ");
    f.putUs(dur);
}

// An X event up to its args' opening brace (argsEnd closes both).
static OutFile &argsBegin(JsonArray &a, std::string_view name, std::uint64_t pid, std::uint64_t tid, TimeNs ts, TimeNs dur)
{
    a.next();
    eventHead(a.f, name, pid, tid, ts, dur);
    a.f.put(", \"args\": {");
    return a.f;
}

static void argsEnd(OutFile &f) { f.put("}, \"ph\": \"X\"}"); }

void Exporter::taskEvent(JsonArray &a, const TaskRecord &t, int aicFreq)
{
    OutFile &f = argsBegin(a, taskName(t), pids.hardware, t.streamId, t.start, t.duration);
    f.put("\"Task Type\": ");
    f.putJsonString(trace.taskType(t));
    f.put(", \"Stream Id\": ");
    f.putUInt(t.streamId);
    f.put(", \"Task Id\": ");
    f.putUInt(t.taskId);
    f.put(", \"Batch Id\": ");
    f.putUInt(t.batchId);
    f.put(", \"Aicore Time(ms)\": ");
    std::optional<double> aic;
    if (isAiCoreKind(t.kind))
        if (const OpDesc *o = trace.op(t.opId))
            aic = analysis::aicoreTimeUs(t.totalCycles, aicFreq, o->blockDim);
    if (aic)
        f.putFixed(*aic, 3);
    else
        f.put("\"N/A\"");
    f.put(", \"Total Cycle\": ");
    if (isAiCoreKind(t.kind) && t.totalCycles)
        f.putUInt(t.totalCycles);
    else
        f.put("\"N/A\"");
    argsEnd(f);
}

void Exporter::hcclEvent(JsonArray &a, const HcclTaskRecord &h)
{
    OutFile &f = argsBegin(a, str(h.name), pids.hccl, h.plane, h.start, h.duration);
    auto textOr = [this](StrId id, std::string_view dflt) { auto s = str(id); return s.empty() ? dflt : s; };
    putHcclTaskArgs(f, true, h, str(h.name), textOr(h.transportType, "LOCAL"), textOr(h.dataType, "INVALID_TYPE"),
                    textOr(h.linkType, "INVALID_TYPE"));
    argsEnd(f);
}

void Exporter::plainEvent(JsonArray &a, std::string_view name, std::uint64_t pid, std::uint64_t tid, TimeNs ts, TimeNs dur)
{
    a.next();
    eventHead(a.f, name, pid, tid, ts, dur);
    a.f.put(", \"ph\": \"X\"}");
}

void Exporter::hostEvent(JsonArray &a, const HostRangeRecord &r)
{
    OutFile &f = argsBegin(a, str(r.name), pids.cann, r.tid, r.start, r.duration);
    if (r.kind == HostRangeRecord::Kind::Cann) {
        f.put("\"Model Name\": ");
        const std::string m = modelName(r.modelId);
        if (m.empty())
            f.put("null");
        else
            f.putJsonString(m);
        f.put(", ");
    }
    f.put("\"Model Id\": ");
    f.putUInt(r.modelId);
    argsEnd(f);
}

void Exporter::txEvent(JsonArray &a, const HostRangeRecord &r)
{
    OutFile &f = argsBegin(a, str(r.name), pids.tx, r.tid, r.start, r.duration);
    putTxArgs(f, true, true, r, str(r.eventType), str(r.messageType));
    argsEnd(f);
}

// Step-trace events of one iteration as the real files write them: X events with the
// markers in args (durations in ns there) and the Data_aug Bound flow pair. The flow goes
// from the previous iteration's end to this FP start (the first iteration has no previous
// end: a zero-length pair at FP start).
std::vector<StepEvent> stepEventsOf(const StepTraceRecord &s)
{
    const auto row = analysis::stepTraceRow(s);
    std::vector<StepEvent> ev;
    ev.push_back({row.iterationEnd - row.iterationTime, StepEvent::Iteration, 0});
    ev.push_back({s.fpStart, StepEvent::FpBp, 0});
    ev.push_back({s.bpEnd, StepEvent::Refresh, 0});
    for (std::size_t k = 0; k < s.reduces.size(); ++k)
        ev.push_back({s.reduces[k].start, StepEvent::Reduce, static_cast<std::uint32_t>(k)});
    ev.push_back({s.previousIterationEnd >= 0 ? s.previousIterationEnd : s.fpStart, StepEvent::FlowStart, 0});
    ev.push_back({s.fpStart, StepEvent::FlowEnd, 0});
    std::stable_sort(ev.begin(), ev.end(), [](const StepEvent &a, const StepEvent &b) { return a.ts < b.ts; });
    return ev;
}

void Exporter::stepTraceEvent(JsonArray &a, const StepTraceRecord &s, const StepEvent &e, std::uint64_t pid, std::uint64_t tid)
{
    OutFile &f = a.f;
    const auto row = analysis::stepTraceRow(s);
    const std::string n = std::to_string(s.iteration);
    auto nsArg = [&f](TimeNs v) { f.putInt(v); f.put(".0"); };
    // An X event whose args begin with the iteration; the other args follow, then close(cat).
    auto open = [&](const std::string &name, TimeNs ts, TimeNs dur) {
        eventHead(f, name, pid, tid, ts, dur);
        f.put(", \"args\": {\"Iteration ID\": "); f.putUInt(s.iteration);
    };
    auto usArg = [&f](std::string_view key, TimeNs v) { f.put(", \""); f.put(key); f.put("\": "); f.putUs(v); };
    auto close = [&f](std::string_view cat) { f.put("}, \"cat\": \""); f.put(cat); f.put("\", \"ph\": \"X\"}"); };
    // The iteration, FP and refresh spans: µs args, then the span in ns under the category's name.
    auto timed = [&](const std::string &name, TimeNs ts, TimeNs dur,
                     std::initializer_list<std::pair<std::string_view, TimeNs>> us, std::string_view cat) {
        open(name, ts, dur);
        for (const auto &u : us)
            usArg(u.first, u.second);
        f.put(", \""); f.put(cat); f.put("(ns)\": "); nsArg(dur);
        close(cat);
    };
    a.next();
    switch (e.kind) {
    case StepEvent::Iteration:
        timed("Iteration " + n, e.ts, row.iterationTime,
              {{"FP Start", s.fpStart}, {"BP End", s.bpEnd}, {"Iteration End", s.iterationEnd}}, "Iteration Time");
        break;
    case StepEvent::FpBp:
        timed("FP_BP Time " + n, s.fpStart, row.fpToBp, {{"FP Start", s.fpStart}, {"BP End", s.bpEnd}}, "FP_BP Time");
        break;
    case StepEvent::Refresh:
        timed("Iteration Refresh " + n, s.bpEnd, row.refresh, {{"BP End", s.bpEnd}, {"Iteration End", s.iterationEnd}},
              "Iteration Refresh");
        break;
    case StepEvent::Reduce: {
        const auto red = s.reduces[e.reduce];
        const std::string kk = std::to_string(e.reduce);
        open("Reduce_" + n + "_" + kk, red.start, red.end - red.start);
        usArg("Reduce Start " + kk, red.start);
        usArg("Reduce End " + kk, red.end);
        close("Reduce");
        break;
    }
    case StepEvent::FlowStart:
    case StepEvent::FlowEnd: {
        const std::string flowName = "Data_aug Bound " + n;
        const bool start = e.kind == StepEvent::FlowStart;
        f.put("{\"name\": "); f.putJsonString(flowName);
        f.put(", \"cat\": \"Data_aug Bound\", \"ph\": \""); f.put(start ? "s" : "t");
        f.put("\", \"ts\": "); f.putUs(e.ts);
        f.put(", \"pid\": "); f.putUInt(pid);
        f.put(", \"tid\": "); f.putUInt(tid);
        f.put(", \"id\": "); f.putJsonString(flowName);
        if (start) {
            f.put(", \"args\": {\"Iteration ID\": "); f.putUInt(s.iteration);
        } else {
            f.put(", \"args\": {\"Data_aug Bound(us)\": "); f.putUs(row.dataAugBound.value_or(0));
        }
        f.put("}}");
        break;
    }
    }
}

void Exporter::writeMsprof(OutFile &f, const DeviceInfo &d, const IterationData &it, const StepTraceRecord *step)
{
    JsonArray a{f};
    a.begin();
    const bool hcclLanes = hcclFiles;
    const bool txLanes = opt.msproftx == Switch::On && !it.tx.empty();
    if (step)
        stepTraceLaneMeta(a, it.key.modelId);
    cannLaneMeta(a, it.host);
    hardwareLaneMeta(a, it.tasks);
    if (hcclLanes)
        hcclLaneMeta(a, it.hccl);
    if (txLanes)
        txLaneMeta(a, it.tx);
    overlapLaneMeta(a);

    std::vector<Interval> computing, communication;
    for (const auto &t : it.tasks)
        if (isComputeKind(t.kind))
            computing.push_back({t.start, endOf(t)});
    for (const auto &c : it.collectives)
        communication.push_back({c.start, endOf(c)});
    const auto ov = analysis::computeOverlap(std::move(computing), std::move(communication));

    // All X events of the file in time order; ties keep the lane order of the real files
    // (host, step trace, stream task, its plane task, communication kernel, overlap).
    enum Src : std::uint8_t { Host, Step, Task, Hccl, Comm, Ov0, Ov1, Ov2, Ov3, Tx };
    struct Ev { TimeNs ts; Src src; std::uint32_t idx; };
    std::vector<Ev> evs;
    evs.reserve(it.tasks.size() * 2 + it.hccl.size() + 16);
    for (std::uint32_t i = 0; i < it.host.size(); ++i) evs.push_back({it.host[i].start, Host, i});
    std::vector<StepEvent> stepEvents;
    if (step)
        stepEvents = stepEventsOf(*step);
    for (std::uint32_t i = 0; i < stepEvents.size(); ++i) evs.push_back({stepEvents[i].ts, Step, i});
    for (std::uint32_t i = 0; i < it.tasks.size(); ++i) evs.push_back({it.tasks[i].start, Task, i});
    if (hcclLanes) {
        for (std::uint32_t i = 0; i < it.hccl.size(); ++i) evs.push_back({it.hccl[i].start, Hccl, i});
        for (std::uint32_t i = 0; i < it.collectives.size(); ++i) evs.push_back({it.collectives[i].start, Comm, i});
    }
    const std::vector<Interval> *ovs[4] = {&ov.computing, &ov.communication, &ov.notOverlapped, &ov.free};
    for (int l = 0; l < 4; ++l)
        for (std::uint32_t i = 0; i < ovs[l]->size(); ++i)
            evs.push_back({(*ovs[l])[i].start, static_cast<Src>(Ov0 + l), i});
    if (txLanes)
        for (std::uint32_t i = 0; i < it.tx.size(); ++i) evs.push_back({it.tx[i].start, Tx, i});
    std::stable_sort(evs.begin(), evs.end(), [](const Ev &x, const Ev &y) { return x.ts < y.ts || (x.ts == y.ts && x.src < y.src); });

    static const char *ovNames[4] = {"Computing", "Communication", "Communication(Not Overlapped)", "Free"};
    const int freq = d.aicFrequencyMHz;
    for (const auto &e : evs) {
        switch (e.src) {
        case Host: hostEvent(a, it.host[e.idx]); break;
        case Step: stepTraceEvent(a, *step, stepEvents[e.idx], pids.hardware, pids.host); break;
        case Task: taskEvent(a, it.tasks[e.idx], freq); break;
        case Hccl: hcclEvent(a, it.hccl[e.idx]); break;
        case Comm: {
            const auto &c = it.collectives[e.idx];
            plainEvent(a, str(c.name), pids.hccl, kCommKernelTid, c.start, c.duration);
            break;
        }
        case Ov0: case Ov1: case Ov2: case Ov3: {
            const int l = e.src - Ov0;
            const auto &iv = (*ovs[l])[e.idx];
            plainEvent(a, ovNames[l], pids.overlap, static_cast<std::uint64_t>(l), iv.start, iv.end - iv.start);
            break;
        }
        case Tx: txEvent(a, it.tx[e.idx]); break;
        }
    }
    a.end();
}

void Exporter::writeTaskTimeJson(OutFile &f, const DeviceInfo &d, const IterationData &it)
{
    JsonArray a{f};
    a.begin();
    hardwareLaneMeta(a, it.tasks);
    for (const auto &t : it.tasks)
        taskEvent(a, t, d.aicFrequencyMHz);
    a.end();
}

void Exporter::writeHcclJson(OutFile &f, const IterationData &it)
{
    JsonArray a{f};
    a.begin();
    hcclLaneMeta(a, it.hccl);
    std::size_t i = 0, j = 0;
    while (i < it.hccl.size() || j < it.collectives.size()) {
        if (j >= it.collectives.size() || (i < it.hccl.size() && it.hccl[i].start <= it.collectives[j].start)) {
            hcclEvent(a, it.hccl[i++]);
        } else {
            const auto &c = it.collectives[j++];
            plainEvent(a, str(c.name), pids.hccl, kCommKernelTid, c.start, c.duration);
        }
    }
    a.end();
}

void Exporter::writeStepTraceJson(OutFile &f, const std::vector<StepTraceRecord> &steps, std::uint32_t model)
{
    JsonArray a{f};
    a.begin();
    metaEvent(a, "process_name", pids.host, 0, "name", "Step Trace");
    metaEvent(a, "thread_name", pids.host, pids.host, "name", "Model ID:" + std::to_string(model));
    metaEventInt(a, "thread_sort_index", pids.host, pids.host, 70000ull + model);
    // All iterations in one time line: a flow of one iteration may end after events of
    // the next one start.
    struct Item { StepEvent e; const StepTraceRecord *s; };
    std::vector<Item> items;
    for (const auto &s : steps)
        for (const auto &e : stepEventsOf(s))
            items.push_back({e, &s});
    std::stable_sort(items.begin(), items.end(), [](const Item &x, const Item &y) { return x.e.ts < y.e.ts; });
    for (const auto &i : items)
        stepTraceEvent(a, *i.s, i.e, pids.host, pids.host);
    a.end();
}

void Exporter::writeTxJson(OutFile &f, const IterationData &it)
{
    JsonArray a{f};
    a.begin();
    txLaneMeta(a, it.tx);
    for (const auto &r : it.tx)
        txEvent(a, r);
    a.end();
}

} // namespace npuscope::exporting::legacyprof
