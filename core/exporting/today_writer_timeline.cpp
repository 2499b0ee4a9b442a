// The timeline of today's layouts (msprof_*.json / trace_view.json) as TodayWriter writes
// it: the framework lane (torch_npu), CANN and MsprofTx host lanes, Ascend Hardware per
// stream, HCCL per plane, Overlap Analysis, then the lanes' metadata. Part of TodayWriter
// (today_writer.h).

#include "core/exporting/today_writer.h"

#include "core/analysis/overlap.h"

#include <algorithm>
#include <set>

namespace npuscope::exporting {

void TodayWriter::event(JsonArray &a, std::string_view name, std::uint64_t p, std::uint64_t tid, TimeNs ts, TimeNs dur)
{
    OutFile &f = a.f;
    a.next();
    f.put("{\"name\":");
    f.putJsonString(name);
    f.put(",\"pid\":");
    f.putUInt(p);
    f.put(",\"tid\":");
    f.putUInt(tid);
    f.put(",\"ts\":\"");
    putUs3(f, addTime(ts, offset_));
    f.put("\",\"dur\":");
    f.putUs(dur);
    f.put(",\"ph\":\"X\"");
}

// The part every metadata event shares, up to its args object.
OutFile &TodayWriter::metaHead(JsonArray &a, const char *what, std::uint64_t p, std::uint64_t tid)
{
    OutFile &f = a.f;
    a.next();
    f.put("{\"name\":\"");
    f.put(what);
    f.put("\",\"pid\":");
    f.putUInt(p);
    f.put(",\"tid\":");
    f.putUInt(tid);
    f.put(",\"ph\":\"M\",\"args\":{");
    return f;
}

void TodayWriter::meta(JsonArray &a, const char *what, std::uint64_t p, std::uint64_t tid, std::string_view value)
{
    OutFile &f = metaHead(a, what, p, tid);
    f.put("\"");
    f.put(std::string_view(what).find("label") != std::string_view::npos ? "labels" : "name");
    f.put("\":");
    f.putJsonString(value);
    f.put("}}");
}

void TodayWriter::metaInt(JsonArray &a, const char *what, std::uint64_t p, std::uint64_t tid, std::uint64_t value)
{
    OutFile &f = metaHead(a, what, p, tid);
    f.put("\"sort_index\":");
    f.putUInt(value);
    f.put("}}");
}

void TodayWriter::lane(JsonArray &a, std::uint64_t p, std::string_view name, const char *label, std::uint32_t sort)
{
    meta(a, "process_name", p, 0, name);
    const std::uint32_t device = std::uint32_t(p & 31u);
    const bool plain = device == kHostDeviceBits || flavour == Flavour::TorchNpu || std::string_view(label) == "CPU";
    meta(a, "process_labels", p, 0, plain ? std::string(label) : std::string(label) + " " + std::to_string(device));
    metaInt(a, "process_sort_index", p, 0, sort);
}

// Lanes' metadata comes after their events, as msprof writes it: the lanes' threads are
// only known once every iteration was seen, and one iteration at a time is in memory.
bool TodayWriter::writeTimeline(const QString &rel)
{
    const Lanes &L = flavour == Flavour::Msprof ? kMsprofLanes : kTorchLanes;
    const DeviceInfo &d = device_;
    const std::vector<IterationKey> &its = its_;
    return staged.write(rel, [&](OutFile &f) {
        JsonArray a{f};
        const std::uint64_t hw = pid(L.hardware, d.id), comm = pid(L.hccl, d.id), ovl = pid(L.overlap, d.id);
        const std::uint64_t cann = hostLane(L.cann), tx = hostLane(L.tx);
        if (flavour == Flavour::TorchNpu && !pythonLane(a))
            return;
        TimelineSeen seen;
        for (const IterationKey &k : its) {
            std::vector<analysis::Interval> computing, communication;
            trace.forEachHostRange(k, [&](const HostRangeRecord &r) {
                hostRangeEvent(a, r, r.kind == HostRangeRecord::Kind::MsprofTx ? tx : cann, seen);
                return true;
            });
            trace.forEachTask(k, [&](const TaskRecord &t) {
                seen.streams.insert(t.streamId);
                if (isComputeKind(t.kind))
                    computing.push_back({t.start, endOf(t)});
                event(a, taskName(t), hw, t.streamId, t.start, t.duration);
                f.put(",\"args\":{\"Model Id\":");
                f.putUInt(t.modelId);
                f.put(",\"Task Type\":");
                f.putJsonString(trace.taskType(t));
                f.put(",\"Physic Stream Id\":");
                f.putUInt(t.streamId);
                f.put(",\"Task Id\":");
                f.putUInt(t.taskId);
                f.put(",\"Batch Id\":");
                f.putUInt(t.batchId);
                f.put(",\"Subtask Id\":4294967295}}");
                return true;
            });
            trace.forEachCollective(k, [&](const CollectiveOpRecord &c) {
                seen.anyComm = true;
                communication.push_back({c.start, endOf(c)});
                event(a, str(c.name), comm, 0, c.start, c.duration);
                f.put(",\"args\":{\"model id\":");
                f.putUInt(c.modelId);
                f.put("}}");
                return true;
            });
            trace.forEachHcclTask(k, [&](const HcclTaskRecord &h) {
                seen.anyComm = true;
                seen.planes.insert(h.plane);
                hcclTaskEvent(a, h, comm);
                return true;
            });
            // Overlap Analysis is derived from the tasks and collective ops of the iteration.
            const auto ov = analysis::computeOverlap(std::move(computing), std::move(communication));
            const std::vector<analysis::Interval> *rows[4] = {&ov.computing, &ov.communication, &ov.notOverlapped, &ov.free};
            static const char *names[4] = {"Computing", "Communication", "Communication(Not Overlapped)", "Free"};
            for (int l = 0; l < 4; ++l)
                for (const auto &iv : *rows[l]) {
                    seen.anyOverlap = true;
                    event(a, names[l], ovl, std::uint64_t(l), iv.start, iv.end - iv.start);
                    f.put("}");
                }
            if (staged.cancelled())
                return;
        }
        timelineLanes(a, seen, L);
        a.end();
    }) && !staged.cancelled();
}

// A CANN / runtime API range or an msprof_tx marker on its host lane.
void TodayWriter::hostRangeEvent(JsonArray &a, const HostRangeRecord &r, std::uint64_t lanePid, TimelineSeen &seen)
{
    OutFile &f = a.f;
    const bool isTx = r.kind == HostRangeRecord::Kind::MsprofTx;
    event(a, str(r.name), lanePid, r.tid, r.start, r.duration);
    f.put(",\"args\":{\"Thread Id\":");
    f.putUInt(r.tid);
    if (isTx) {
        seen.txTids.insert(r.tid);
        putTxArgs(f, false, false, r, str(r.eventType), str(r.messageType));
    } else {
        seen.cannTids.insert(r.tid);
        if (r.kind == HostRangeRecord::Kind::Cann) {
            // The model the range belongs to marks a CANN (graph / node) range apart from a
            // runtime API call.
            f.put(",\"Model Name\":");
            std::string model;
            for (const auto &m : info.models)
                if (m.id == r.modelId)
                    model = m.name.toStdString();
            f.putJsonString(model);
        }
        if (r.level) {
            f.put(",\"level\":");
            f.putJsonString(str(r.level));
        }
    }
    f.put("}}");
}

// An HCCL plane task on its plane's thread of the communication lane.
void TodayWriter::hcclTaskEvent(JsonArray &a, const HcclTaskRecord &h, std::uint64_t comm)
{
    OutFile &f = a.f;
    event(a, str(h.name), comm, std::uint64_t(h.plane) + 1, h.start, h.duration);
    f.put(",\"args\":{");
    putHcclTaskArgs(f, false, h, str(h.name), str(h.transportType), str(h.dataType), str(h.linkType));
    f.put(",\"model id\":");
    f.putUInt(h.modelId);
    f.put("}}");
}

// Each thread's name ("<prefix><id>") and sort index; its tid is the id + tidOffset.
void TodayWriter::laneThreads(JsonArray &a, std::uint64_t p, const std::set<std::uint32_t> &ids, const char *prefix,
                              std::uint64_t tidOffset)
{
    for (auto t : ids) {
        meta(a, "thread_name", p, t + tidOffset, prefix + std::to_string(t));
        metaInt(a, "thread_sort_index", p, t + tidOffset, t + tidOffset);
    }
}

// The lanes' names and sort indexes, after their events (as msprof writes them).
void TodayWriter::timelineLanes(JsonArray &a, const TimelineSeen &seen, const Lanes &L)
{
    const DeviceInfo &d = device_;
    const std::uint64_t hw = pid(L.hardware, d.id), comm = pid(L.hccl, d.id), ovl = pid(L.overlap, d.id);
    const std::uint64_t cann = hostLane(L.cann), tx = hostLane(L.tx);
    if (!seen.cannTids.empty()) {
        lane(a, cann, "CANN", "CPU", L.cann);
        laneThreads(a, cann, seen.cannTids, "Thread ", 0);
    }
    if (!seen.txTids.empty()) {
        lane(a, tx, "MsprofTx", "CPU", L.tx);
        laneThreads(a, tx, seen.txTids, "Thread ", 0);
    }
    lane(a, hw, "Ascend Hardware", "NPU", L.hardware);
    laneThreads(a, hw, seen.streams, "Stream ", 0);
    if (seen.anyComm) {
        lane(a, comm, L.hcclName, "NPU", L.hccl);
        meta(a, "thread_name", comm, 0, "Communication");
        metaInt(a, "thread_sort_index", comm, 0, 0);
        laneThreads(a, comm, seen.planes, "Plane ", 1);
    }
    if (seen.anyOverlap) {
        lane(a, ovl, "Overlap Analysis", "NPU", L.overlap);
        static const char *names[4] = {"Computing", "Communication", "Communication(Not Overlapped)", "Free"};
        for (int l = 0; l < 4; ++l) {
            meta(a, "thread_name", ovl, std::uint64_t(l), names[l]);
            metaInt(a, "thread_sort_index", ovl, std::uint64_t(l), std::uint64_t(l));
        }
    }
}


bool TodayWriter::pythonLane(JsonArray &a)
{
    OutFile &f = a.f;
    // The framework lane: the process's own pid; its events are the operators and Python
    // functions an import of torch_npu output has (the emulator records none).
    std::set<std::pair<std::uint32_t, std::uint32_t>> threads;
    trace.forEachPythonRange(device_.id, [&](const PythonRangeRecord &r) {
        if (!wholeSession_ && (endOf(r) < span_.first || r.start > span_.second))
            return true;
        threads.insert({r.pid, r.tid});
        a.next();
        f.put("{\"name\":");
        f.putJsonString(str(r.name));
        f.put(",\"pid\":");
        f.putUInt(r.pid);
        f.put(",\"tid\":");
        f.putUInt(r.tid);
        f.put(",\"ts\":\"");
        putUs3(f, addTime(r.start, offset_));
        f.put("\",\"dur\":");
        f.putUs(r.duration);
        if (r.category) {
            f.put(",\"cat\":");
            f.putJsonString(str(r.category));
        }
        f.put(",\"ph\":\"X\",\"args\":{");
        bool first = true;
        const auto key = [&](const char *k) {
            f.put(first ? "\"" : ",\"");
            first = false;
            f.put(k);
            f.put("\":");
        };
        if (r.sequence >= 0 || r.fwdThread) {
            key("Sequence number");
            f.putInt(r.sequence);
            key("Fwd thread id");
            f.putUInt(r.fwdThread);
        }
        if (r.inputShapes) {
            key("Input Dims");
            f.putJsonString(str(r.inputShapes));
        }
        if (r.inputTypes) {
            key("Input type");
            f.putJsonString(str(r.inputTypes));
        }
        if (r.callStack) {
            key("Call stack");
            f.putJsonString(str(r.callStack));
        }
        if (r.correlation) {
            key("correlation_id");
            f.putUInt(r.correlation);
        }
        f.put("}}");
        return !staged.cancelled();
    });
    std::set<std::uint32_t> pids;
    for (const auto &[p, t] : threads) {
        if (pids.insert(p).second) {
            meta(a, "process_name", p, 0, "Python");
            meta(a, "process_labels", p, 0, "CPU");
            metaInt(a, "process_sort_index", p, 0, 0);
        }
        meta(a, "thread_name", p, t, "Thread " + std::to_string(t));
        metaInt(a, "thread_sort_index", p, t, t);
    }
    return !staged.cancelled();
}

} // namespace npuscope::exporting
