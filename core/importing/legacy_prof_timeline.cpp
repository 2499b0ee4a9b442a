// The legacy layout's timelines (msprof, task_time, hccl, msprof_tx, step_trace JSON): every
// event to the records of its lane, completed from the summary CSVs' lookups. Part of
// LegacyReader (legacy_prof.h).

#include "core/importing/legacy_prof.h"

#include "core/importing/trace_file.h"

#include <algorithm>
#include <cmath>

namespace npuscope::importing::legacy {

namespace {
using Tr = ProfImporter;
} // namespace

// ---------------------------------------------------------------------------------------
// timeline JSON

static bool parseTrailingInt(std::string_view s, std::string_view prefix, std::uint32_t *out)
{
    if (s.size() <= prefix.size() || s.substr(0, prefix.size()) != prefix)
        return false;
    std::uint64_t v = 0;
    if (!toUInt64(s.substr(prefix.size()), &v) || v > UINT32_MAX)
        return false;
    *out = std::uint32_t(v);
    return true;
}

static std::uint64_t argU64(const TraceEvent &e, std::string_view key, std::uint64_t dflt, bool *ok = nullptr)
{
    const JsonScalar *a = e.arg(key);
    std::uint64_t v = 0;
    if (a && (a->type == JsonScalar::Number || a->type == JsonScalar::String) && toUInt64(a->text, &v)) {
        if (ok) *ok = true;
        return v;
    }
    double d = 0;
    if (a && a->type == JsonScalar::Number && toDouble(a->text, &d) && d >= 0 && d == std::floor(d)) {
        // msprof writes 2^64-1 (an invalid id) through a double: 1.8446744073709552e+19.
        if (ok) *ok = true;
        return d >= 18446744073709551615.0 ? UINT64_MAX : std::uint64_t(d);
    }
    if (ok) *ok = false;
    return dflt;
}

static double argDouble(const TraceEvent &e, std::string_view key, double dflt)
{
    const JsonScalar *a = e.arg(key);
    double v = 0;
    if (a && (a->type == JsonScalar::Number || a->type == JsonScalar::String) && toDouble(a->text, &v))
        return v;
    return dflt;
}

static std::string argText(const TraceEvent &e, std::string_view key)
{
    const JsonScalar *a = e.arg(key);
    return a && a->type == JsonScalar::String ? a->text : std::string();
}

static Lane laneFromName(std::string_view n)
{
    if (n == "Ascend Hardware") return Lane::Hardware;
    if (n == "CANN") return Lane::Cann;
    if (n == "HCCL") return Lane::Hccl;
    if (n == "Overlap Analysis") return Lane::Overlap;
    if (n == "Step Trace") return Lane::StepTrace;
    if (n == "MsprofTx" || n == "msprof_tx" || n == "MsTx") return Lane::Tx;
    return Lane::Unknown;
}

void LegacyReader::EventCtx::skip(ImportContext &ctx, const QString &why) const
{
    ctx.problem(f.rel, e.line, std::int64_t(e.offset), why);
    ++acc.skipped;
}

bool LegacyReader::EventCtx::seenBefore(std::unordered_set<std::uint64_t> &seen, std::uint64_t key, bool lookUp) const
{
    if (lookUp) {
        if (seen.count(key)) {
            ++acc.duplicates;
            return true;
        }
    } else if (remember) {
        seen.insert(key);
    }
    return false;
}

// An Ascend Hardware event: a device task, completed from op_summary, task_time and l2.
void LegacyReader::timelineTask(const EventCtx &c)
{
    const TraceEvent &e = c.e;
    FileAccount &acc = c.acc;
    const std::uint16_t device = c.device;
    const std::uint16_t srcDevice = c.srcDevice;
    const std::string tt = argText(e, "Task Type");
    if (tt.empty()) {
        c.skip(*ctx_, Tr::tr("The task has no \"Task Type\"; the event was skipped."));
        return;
    }
    const TaskKind type = taskKindOf(tt);
    const std::uint32_t stream = std::uint32_t(argU64(e, "Stream Id", e.tid));
    const std::uint32_t task = std::uint32_t(argU64(e, "Task Id", 0));
    const std::uint64_t key = mixStr(taskKey(stream, task, e.ts) ^ std::uint64_t(e.dur), e.name) ^ device;
    if (c.seenBefore(seenTasks, key, !c.authoritative))
        return;
    TaskRecord t;
    t.device = device;
    t.modelId = curModel;
    t.iteration = curIteration;
    t.streamId = stream;
    t.taskId = task;
    t.batchId = std::uint32_t(argU64(e, "Batch Id", 0));
    t.type = ctx_->str(tt);
    t.kind = type;
    t.start = e.ts;
    t.duration = e.dur;
    t.name = ctx_->str(e.name);
    bool cyclesOk = false;
    t.totalCycles = argU64(e, "Total Cycle", 0, &cyclesOk);
    if (auto p = pendings.find(mixStr(mix(mix(2, stream), task), e.name)); p != pendings.end()) {
        PendingStat &ps = p->second;
        t.pending = ps.total / TimeNs(ps.count) + (ps.seen == 0 ? ps.total % TimeNs(ps.count) : 0);
        ++ps.seen;
    }
    if (isAiCoreKind(type)) {
        if (auto l = l2Rows.find(mix(mix(3, stream), task)); l != l2Rows.end() && !l->second.empty()) {
            t.l2HitRate = l->second.front().first;
            t.l2VictimRate = l->second.front().second;
            l->second.pop_front();
            --l2Unused;
        }
    }
    if (isComputeKind(type)) {
        OpKey k;
        k.model = t.modelId;
        k.name = t.name;
        k.aiCpu = type == TaskKind::AiCpu;
        auto row = opRows.find(mix(taskKey(stream, task, e.ts), srcDevice));
        if (row != opRows.end()) {
            OpSummaryRow &o = row->second;
            o.used = true;
            // op_summary knows the engine (AI_VECTOR_CORE where the timeline says
            // AI_CORE).
            if (const TaskKind core = taskKindOf(o.core); isComputeKind(core) && o.core != tt) {
                t.kind = core;
                k.coreType = ctx_->str(o.core);
            }
            k.opType = ctx_->str(o.opType);
            k.inS = ctx_->str(o.inS); k.inT = ctx_->str(o.inT); k.inF = ctx_->str(o.inF);
            k.outS = ctx_->str(o.outS); k.outT = ctx_->str(o.outT); k.outF = ctx_->str(o.outF);
            k.blockDim = o.blockDim;
            if (isAiCoreKind(type)) {
                if (o.cycles)
                    t.totalCycles = o.cycles;
                t.pmu = o.pmu;
            }
        } else if (isAiCoreKind(type) && cyclesOk) {
            // No op_summary: the block dim is what makes the event's AI Core time
            // come out of its cycle count (aicore = cycles / freq / block_dim).
            const double aic = argDouble(e, "Aicore Time(ms)", 0);
            if (aic > 0 && aicFreq > 0) {
                const double bd = double(t.totalCycles) / aicFreq / aic;
                k.blockDim = static_cast<std::uint16_t>(std::clamp<long>(std::lround(bd), 1, 32));
            }
        }
        t.opId = ctx_->op(k);
    }
    ctx_->batch().tasks.push_back(t);
    ++acc.imported;
}

// An HCCL event: a collective op (the kernel thread) or a plane task.
void LegacyReader::timelineHccl(const EventCtx &c)
{
    const TraceEvent &e = c.e;
    FileAccount &acc = c.acc;
    const std::uint16_t device = c.device;
    const bool kernel = e.tid == kCommKernelTid;
    const std::uint64_t key = mixStr(mix(mix(5, e.tid), std::uint64_t(e.ts)) ^ std::uint64_t(e.dur), e.name) ^ device;
    if (c.seenBefore(seenHccl, key, !c.authoritative))
        return;
    if (kernel) {
        CollectiveOpRecord c;
        c.device = device;
        c.modelId = curModel;
        c.iteration = curIteration;
        c.name = ctx_->str(e.name);
        // "Default/AllReduce-op534_0" → "AllReduce"
        std::string_view n = e.name;
        if (auto slash = n.rfind('/'); slash != std::string_view::npos)
            n = n.substr(slash + 1);
        if (auto dash = n.find("-op"); dash != std::string_view::npos)
            n = n.substr(0, dash);
        c.opType = ctx_->str(n);
        c.start = e.ts;
        c.duration = e.dur;
        c.segment = collectiveSegment++;
        ctx_->batch().collectives.push_back(c);
    } else {
        HcclTaskRecord h;
        h.device = device;
        h.modelId = curModel;
        h.iteration = curIteration;
        h.plane = std::uint32_t(e.tid);
        h.name = ctx_->str(e.name);
        h.start = e.ts;
        h.duration = e.dur;
        h.notifyId = argU64(e, "notify_id", 0);
        h.durationEstimatedUs = argDouble(e, "duration estimated(us)", 0);
        h.streamId = std::uint32_t(argU64(e, "stream id", 0));
        h.taskId = std::uint32_t(argU64(e, "task id", 0));
        h.srcRank = std::uint32_t(argU64(e, "src rank", 0));
        h.dstRank = std::uint32_t(argU64(e, "dst rank", kInvalidId));
        h.transportType = ctx_->str(argText(e, "transport type"));
        h.sizeBytes = argU64(e, "size(Byte)", 0);
        h.dataType = ctx_->str(argText(e, "data type"));
        h.linkType = ctx_->str(argText(e, "link type"));
        h.bandwidthGBps = argDouble(e, "bandwidth(GB/s)", 0);
        ctx_->batch().hcclTasks.push_back(h);
    }
    ++acc.imported;
}

HostRangeRecord LegacyReader::hostRangeOf(const EventCtx &c, HostRangeRecord::Kind kind, std::uint32_t modelId)
{
    HostRangeRecord h;
    h.kind = kind;
    h.device = c.device;
    h.modelId = modelId;
    h.iteration = curIteration;
    h.pid = std::uint32_t(c.hostPid);
    h.tid = std::uint32_t(c.e.tid);
    h.name = ctx_->str(c.e.name);
    h.start = c.e.ts;
    h.duration = c.e.dur;
    return h;
}

// A CANN event: a host range.
void LegacyReader::timelineCann(const EventCtx &c)
{
    const TraceEvent &e = c.e;
    ctx_->batch().hostRanges.push_back(hostRangeOf(c, e.arg("Model Name") ? HostRangeRecord::Kind::Cann : HostRangeRecord::Kind::RuntimeApi,
                                                   std::uint32_t(argU64(e, "Model Id", curModel))));
    ++c.acc.imported;
}

// An msprof_tx event: a host range (msprof_tx.csv may have given it already).
void LegacyReader::timelineTx(const EventCtx &c)
{
    const TraceEvent &e = c.e;
    const std::uint64_t key = mixStr(mix(mix(4, e.tid), std::uint64_t(e.ts)) ^ std::uint64_t(e.dur), e.name);
    if (c.seenBefore(seenTx, key, !c.authoritative || txFromCsv))
        return;
    HostRangeRecord h = hostRangeOf(c, HostRangeRecord::Kind::MsprofTx, curModel);
    h.category = std::uint32_t(argU64(e, "category", 0));
    h.eventType = ctx_->str(argText(e, "event_type"));
    h.payloadType = std::uint32_t(argU64(e, "payload_type", 0));
    h.payloadValue = argU64(e, "payload_value", 0);
    h.messageType = ctx_->str(argText(e, "message_type"));
    ctx_->batch().hostRanges.push_back(h);
    ++c.acc.imported;
}

// A Step Trace event: iteration, FP/BP, refresh or reduce times of an iteration.
void LegacyReader::timelineStep(const EventCtx &c)
{
    const TraceEvent &e = c.e;
    FileAccount &acc = c.acc;
    std::uint32_t it = 0, k = 0;
    enum { Iter, FpBp, Refresh, Reduce, None } kindOf = None;
    std::string_view nm = e.name;
    if (parseTrailingInt(nm, "Iteration Refresh ", &it)) kindOf = Refresh;
    else if (parseTrailingInt(nm, "Iteration ", &it)) kindOf = Iter;
    else if (parseTrailingInt(nm, "FP_BP Time ", &it)) kindOf = FpBp;
    else if (nm.rfind("Reduce_", 0) == 0) {
        const auto us = nm.find('_', 7);
        std::uint64_t a = 0, b = 0;
        if (us != std::string_view::npos && toUInt64(nm.substr(7, us - 7), &a) && toUInt64(nm.substr(us + 1), &b)) {
            it = std::uint32_t(a);
            k = std::uint32_t(b);
            kindOf = Reduce;
        }
    }
    if (kindOf == None || it == 0) {
        c.skip(*ctx_, Tr::tr("Unknown step trace event \"%1\"; it was skipped.").arg(QString::fromStdString(e.name)));
        return;
    }
    StepAcc &s = steps[{curModel, it}];
    s.model = curModel;
    s.iteration = it;
    const TimeNs a = e.ts, b = e.ts + e.dur;
    auto take = [&](bool &have, TimeNs *x, TimeNs *y) {
        if (have) {
            if (*x == a && *y == b) {
                ++acc.duplicates;
            } else {
                c.skip(*ctx_, Tr::tr("Step trace event \"%1\" disagrees with the same event of another file; the first one was kept.").arg(QString::fromStdString(e.name)));
            }
            return;
        }
        have = true;
        *x = a;
        *y = b;
        ++acc.imported;
    };
    switch (kindOf) {
    case Iter: {
        take(s.haveIter, &s.iterStart, &s.iterEnd);
        // The markers themselves are in the args (same values as FP_BP / Refresh).
        TimeNs fp = 0, bp = 0;
        const JsonScalar *fa = e.arg("FP Start"), *ba = e.arg("BP End");
        if (fa && usTextToNs(fa->text, &fp) && !s.haveFpBp)
            s.fpStart = fp;
        if (ba && usTextToNs(ba->text, &bp) && !s.haveRefresh)
            s.bpEnd = bp;
        break;
    }
    case FpBp: take(s.haveFpBp, &s.fpStart, &s.bpEnd); break;
    case Refresh: {
        TimeNs end = s.iterEnd;
        take(s.haveRefresh, &s.bpEnd, &end);
        if (!s.haveIter)
            s.iterEnd = end;
        break;
    }
    case Reduce: {
        auto r2 = s.reduces.find(k);
        if (r2 != s.reduces.end()) {
            if (r2->second.start == a && r2->second.end == b)
                ++acc.duplicates;
            else
                c.skip(*ctx_, Tr::tr("Step trace event \"%1\" disagrees with the same event of another file; the first one was kept.").arg(QString::fromStdString(e.name)));
        } else {
            s.reduces[k] = {a, b};
            ++acc.imported;
        }
        break;
    }
    case None: break;
    }
}

bool LegacyReader::readTimeline(const DataFile &f, const DeviceSrc &d, bool authoritative, bool remember)
{
    FileAccount &acc = ctx_->account(f.rel);
    // Lanes are named by metadata wherever it is in the file (TraceFile finds late names).
    TraceFile r;
    if (!r.open(f.path)) {
        ctx_->problem(f.rel, 0, -1, r.error());
        return true;
    }
    const std::uint64_t P = d.info.hostPid;
    auto laneOf = [&](std::uint64_t pid) {
        const std::string &name = r.processName(pid);
        if (!name.empty())
            return laneFromName(name);
        // Without metadata: the legacy pid scheme (output-files.md, "Lanes"), which needs
        // the host pid for all but the hardware lane.
        if (pid == 3) return Lane::Hardware;
        if (P == 0) return Lane::Unknown;
        if (pid == P * 100 + 2) return Lane::Cann;
        if (pid == P * 100 + 11) return Lane::Hccl;
        if (pid == P * 100 + 12) return Lane::Overlap;
        if (pid == P * 100 + 1) return Lane::Tx;
        if (pid == P) return Lane::StepTrace;
        return Lane::Unknown;
    };
    auto stepThread = [&](std::uint64_t pid, std::uint64_t tid) {
        return r.threadName(pid, tid).rfind("Step Trace", 0) == 0 || (P != 0 && tid == P);
    };
    TraceEvent e;
    std::uint64_t n = 0;
    for (;;) {
        const auto res = r.next(&e);
        if (res == TraceEventReader::Result::End)
            break;
        if (res == TraceEventReader::Result::Error) {
            ctx_->problem(f.rel, r.errorLine(), std::int64_t(r.errorOffset()),
                    Tr::tr("The JSON is broken here (%1); the events before this point were imported, the rest of the file was skipped.").arg(r.error()));
            break;
        }
        ++acc.items;
        if ((++n & 4095) == 0 && ctx_->cancelled())
            return ctx_->failCancelled();
        auto skip = [&](const QString &why) {
            ctx_->problem(f.rel, e.line, std::int64_t(e.offset), why);
            ++acc.skipped;
        };
        if (!e.invalid.isEmpty()) {
            skip(e.invalid + Tr::tr(" The event was skipped."));
            continue;
        }
        if (e.unknownFields > 0)
            ctx_->problem(f.rel, e.line, std::int64_t(e.offset), Tr::tr("Unknown event field \"%1\" was ignored.").arg(QString::fromStdString(e.firstUnknownField)));
        if (e.ph == "M") {
            if (e.name == "process_name") {
                const JsonScalar *nm = e.arg("name");
                if (nm && e.hasPid && laneFromName(nm->text) == Lane::Unknown)
                    ctx_->problem(f.rel, e.line, std::int64_t(e.offset), Tr::tr("Unknown lane (process) \"%1\"; its events were skipped.").arg(QString::fromStdString(nm->text)));
            }
            ++acc.derived; // lane metadata: rewritten from the records on export
            continue;
        }
        if (!e.hasPid) {
            skip(Tr::tr("The event has no pid; it was skipped."));
            continue;
        }
        Lane lane = laneOf(e.pid);
        const std::uint16_t srcDevice = curDevice;
        const std::uint16_t device = dev(curDevice);
        if (lane == Lane::Hardware && e.hasTid && stepThread(e.pid, e.tid))
            lane = Lane::StepTrace;
        const bool flow = e.ph == "s" || e.ph == "t" || e.ph == "f";
        if (lane == Lane::Unknown) {
            skip(Tr::tr("The event belongs to no known lane (pid %1); it was skipped.").arg(e.pid));
            continue;
        }
        if (lane == Lane::Overlap || (flow && lane == Lane::StepTrace)) {
            ++acc.derived; // overlap analysis and Data_aug flows are recomputed from the records
            continue;
        }
        if (e.ph != "X") {
            skip(Tr::tr("Unsupported event phase \"%1\" on this lane; the event was skipped.").arg(QString::fromStdString(e.ph)));
            continue;
        }
        if (!e.hasTs || !e.hasDur || !saneSpan(e.ts, e.dur)) {
            skip(Tr::tr("A complete (X) event needs ts between 0 and 2^62 ns and dur between 0 and a week; the "
                        "event was skipped."));
            continue;
        }
        const EventCtx c{f, acc, e, device, srcDevice, P, authoritative, remember};
        switch (lane) {
        case Lane::Hardware: timelineTask(c); break;
        case Lane::Hccl: timelineHccl(c); break;
        case Lane::Cann: timelineCann(c); break;
        case Lane::Tx: timelineTx(c); break;
        case Lane::StepTrace: timelineStep(c); break;
        case Lane::Overlap:
        case Lane::Unknown:
            break;
        }
        if (!ctx_->flushIfFull())
            return false;
    }
    return true;
}

} // namespace npuscope::importing::legacy
