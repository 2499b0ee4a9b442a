#pragma once
// Shared by the test_store_* tests: builds sessions and record batches by hand with
// varied values in every field (full 64-bit ranges, negative times, ties on start, PMU
// vectors of every length, non-ASCII strings), keeps everything written so far, and
// derives what a reader must return (order included) from that, independently of SQL.

#include "core/model/record_sink.h"
#include "core/model/records.h"
#include "core/model/session.h"
#include "core/model/trace_reader.h"
#include "core/store/project.h"

#include <QString>
#include <QTemporaryDir>
#include <algorithm>
#include <cstring>
#include <map>
#include <random>
#include <set>
#include <tuple>

namespace storetest {

using namespace npuscope;

inline bool sameFloat(float a, float b)
{
    return std::memcmp(&a, &b, sizeof a) == 0; // bit-exact, NaN included
}

// Returns the first differing field, or an empty string when equal.
inline QString diff(const TaskRecord &a, const TaskRecord &b)
{
#define NPS_F(f) if (!(a.f == b.f)) return QStringLiteral(#f);
    NPS_F(device) NPS_F(modelId) NPS_F(iteration) NPS_F(streamId) NPS_F(taskId) NPS_F(batchId) NPS_F(type) NPS_F(kind)
    NPS_F(start) NPS_F(duration) NPS_F(pending) NPS_F(opId) NPS_F(name) NPS_F(totalCycles)
    if (a.pmu.size() != b.pmu.size()) return QStringLiteral("pmu.size()");
    if (!sameFloat(a.l2HitRate, b.l2HitRate)) return QStringLiteral("l2HitRate");
    if (!sameFloat(a.l2VictimRate, b.l2VictimRate)) return QStringLiteral("l2VictimRate");
    for (std::size_t i = 0; i < a.pmu.size(); ++i)
        if (!sameFloat(a.pmu[i], b.pmu[i])) return QStringLiteral("pmu[%1]").arg(i);
    return {};
}
inline QString diff(const CollectiveOpRecord &a, const CollectiveOpRecord &b)
{
    NPS_F(device) NPS_F(modelId) NPS_F(iteration) NPS_F(name) NPS_F(opType) NPS_F(start) NPS_F(duration)
    NPS_F(bytes) NPS_F(segment)
    return {};
}
inline QString diff(const HcclTaskRecord &a, const HcclTaskRecord &b)
{
    NPS_F(device) NPS_F(modelId) NPS_F(iteration) NPS_F(plane) NPS_F(name) NPS_F(start) NPS_F(duration)
    NPS_F(notifyId) NPS_F(durationEstimatedUs) NPS_F(streamId) NPS_F(taskId) NPS_F(srcRank) NPS_F(dstRank)
    NPS_F(transportType) NPS_F(sizeBytes) NPS_F(dataType) NPS_F(linkType) NPS_F(bandwidthGBps)
    return {};
}
inline QString diff(const StepTraceRecord &a, const StepTraceRecord &b)
{
    NPS_F(device) NPS_F(modelId) NPS_F(iteration) NPS_F(fpStart) NPS_F(bpEnd) NPS_F(iterationEnd)
    NPS_F(previousIterationEnd)
    if (a.reduces.size() != b.reduces.size()) return QStringLiteral("reduces.size");
    for (size_t i = 0; i < a.reduces.size(); ++i)
        if (a.reduces[i].start != b.reduces[i].start || a.reduces[i].end != b.reduces[i].end)
            return QStringLiteral("reduces[%1]").arg(i);
    return {};
}
inline QString diff(const AiCpuRecord &a, const AiCpuRecord &b)
{
    NPS_F(device) NPS_F(modelId) NPS_F(iteration) NPS_F(streamId) NPS_F(taskId) NPS_F(node) NPS_F(timestamp)
    NPS_F(computeTime) NPS_F(memcpyTime) NPS_F(taskTime) NPS_F(dispatchTime) NPS_F(totalTime)
    return {};
}
inline QString diff(const QueueEventRecord &a, const QueueEventRecord &b)
{
    NPS_F(device) NPS_F(timestamp) NPS_F(action) NPS_F(source) NPS_F(cachedBufferSize)
    return {};
}
inline QString diff(const FusionOpRecord &a, const FusionOpRecord &b)
{
    NPS_F(modelId) NPS_F(modelName) NPS_F(fusionOp) NPS_F(originalOps) NPS_F(memoryInput) NPS_F(memoryOutput)
    NPS_F(memoryWeight) NPS_F(memoryWorkspace)
    return {};
}
inline QString diff(const HostRangeRecord &a, const HostRangeRecord &b)
{
    NPS_F(kind) NPS_F(device) NPS_F(modelId) NPS_F(iteration) NPS_F(pid) NPS_F(tid) NPS_F(name) NPS_F(start)
    NPS_F(duration) NPS_F(category) NPS_F(eventType) NPS_F(payloadType) NPS_F(payloadValue) NPS_F(messageType)
    return {};
}
inline QString diff(const OpDesc &a, const OpDesc &b)
{
    NPS_F(id) NPS_F(modelId) NPS_F(name) NPS_F(opType) NPS_F(inputShapes) NPS_F(inputDataTypes)
    NPS_F(inputFormats) NPS_F(outputShapes) NPS_F(outputDataTypes) NPS_F(outputFormats) NPS_F(blockDim) NPS_F(aiCpu)
    return {};
}
inline QString diff(const DeviceInfo &a, const DeviceInfo &b)
{
    NPS_F(id) NPS_F(rankId) NPS_F(hostPid) NPS_F(hostname) NPS_F(monotonicBegin) NPS_F(monotonicEnd)
    NPS_F(wallBeginUs) NPS_F(wallEndUs) NPS_F(aiCoreNum) NPS_F(aiCpuNum) NPS_F(aicFrequencyMHz) NPS_F(hwtsFrequencyMHz)
    return {};
}
#undef NPS_F

// Generates one session's records; `all` accumulates every batch handed out.
class Generator {
public:
    explicit Generator(std::uint64_t seed, int devices = 2, QString tag = QStringLiteral("s"))
        : rng_(seed), devices_(devices), tag_(std::move(tag)) {}

    SessionInfo info()
    {
        SessionInfo i;
        i.name = QStringLiteral("resnet50 b32 ×%1 %2").arg(devices_).arg(tag_);
        i.source = QStringLiteral("emulator");
        i.spec.model = QStringLiteral("resnet50");
        i.spec.devicesPerServer = devices_;
        i.spec.seed = 0xF000'0000'0000'0001ull; // above INT64_MAX on purpose
        i.spec.scenarios = QStringList{QStringLiteral("straggler")};
        i.optionsJson = R"({"output":"/tmp/p","training_trace":"on","aic_metrics":"PipeUtilization"})";
        i.appVersion = QStringLiteral("0.1.0-test");
        i.createdWallUs = 1692339424322000 + std::int64_t(rng_() % 1000);
        for (int d = 0; d < devices_; ++d) {
            DeviceInfo di;
            di.id = std::uint16_t(d);
            di.rankId = std::uint32_t(d * 3 + 1);
            di.hostPid = 10036 + std::uint32_t(d);
            di.hostname = QStringLiteral("node-%1").arg(d);
            di.monotonicBegin = 5'000'000'000 + d * 17;
            di.wallBeginUs = i.createdWallUs + d;
            di.aicFrequencyMHz = 1000 + d;
            i.devices.push_back(di);
        }
        i.models = {ModelInfo{1, QStringLiteral("ge_default_graph"), 4}, ModelInfo{7, QStringLiteral("second"), 2}};
        return i;
    }

    std::vector<DeviceInfo> endDevices(const SessionInfo &i)
    {
        auto devs = i.devices;
        for (auto &d : devs) {
            d.monotonicEnd = d.monotonicBegin + 123'456'789;
            d.wallEndUs = d.wallBeginUs + 123'456;
        }
        return devs;
    }

    // Records for iterations [first, first+count) of `model` on every device.
    RecordBatch batch(std::uint32_t model, std::uint32_t first, std::uint32_t count, int tasksPerIteration = 40)
    {
        RecordBatch b;
        if (ops_.find(model) == ops_.end()) {
            for (int k = 0; k < 6; ++k) {
                OpDesc o;
                o.id = nextOp_++;
                o.modelId = model;
                o.name = str(b, "Default/network/卷积层-op%1_m%2", o.id, model);
                o.opType = str(b, "Conv2D%1", k % 3, 0);
                o.inputShapes = str(b, "32,3,224,%1;64,3,7,%2", k, k + 1);
                o.inputDataTypes = str(b, "DT_FLOAT16;DT_FLOAT%1", k, 0);
                o.inputFormats = k == 5 ? 0 : str(b, "NC1HWC0;FRACTAL_Z%1", k, 0);
                o.outputShapes = str(b, "32,64,112,%1", k, 0);
                o.outputDataTypes = str(b, "DT_FLOAT16", 0, 0);
                o.outputFormats = str(b, "NC1HWC0", 0, 0);
                o.blockDim = std::uint16_t(1 + rng_() % 32);
                o.aiCpu = k == 4;
                b.ops.push_back(o);
                ops_[model].push_back(o.id);
            }
            for (int k = 0; k < 2; ++k) {
                FusionOpRecord f;
                f.modelId = model;
                f.modelName = str(b, "graph_%1", model, 0);
                f.fusionOp = str(b, "fused_%1_%2", model, k);
                f.originalOps = str(b, "a%1;b%2;c", model, k);
                f.memoryInput = rng_();
                f.memoryOutput = ~std::uint64_t(0) - k;
                f.memoryWeight = rng_() % 1000;
                f.memoryWorkspace = 0;
                b.fusionOps.push_back(f);
            }
        }
        const auto &opIds = ops_[model];
        for (int d = 0; d < devices_; ++d) {
            const auto dev = std::uint16_t(d);
            for (std::uint32_t it = first; it < first + count; ++it) {
                const TimeNs base = TimeNs(it) * 100'000'000 + d * 1000;
                for (int t = 0; t < tasksPerIteration; ++t) {
                    TaskRecord r;
                    r.device = dev;
                    r.modelId = model;
                    r.iteration = it;
                    r.streamId = std::uint32_t(rng_() % 4 + 1);
                    r.taskId = std::uint32_t(rng_() % 3); // ties on (start, stream, task) happen
                    r.batchId = std::uint32_t(rng_() % 2);
                    // Known kinds and open types alike (kind 15 = other, its text made up).
                    static const TaskKind kinds[] = {TaskKind::AiCore, TaskKind::AiCpu, TaskKind::EventRecord,
                                                     TaskKind::NotifyWait, TaskKind::AiVectorCore, TaskKind::MixAic,
                                                     TaskKind::Dma, TaskKind::Other};
                    r.kind = kinds[rng_() % (sizeof kinds / sizeof kinds[0])];
                    r.type = r.kind == TaskKind::Other ? str(b, "TYPE_%1_%2", std::uint32_t(rng_() % 3), 0)
                                                       : str(b, taskKindName(r.kind), 0, 0);
                    r.start = t == 0 ? -5 - d : base + TimeNs(rng_() % 8) * 1000; // one negative start
                    r.duration = TimeNs(rng_() % 100000);
                    r.pending = TimeNs(rng_() % 5000);
                    r.opId = isComputeKind(r.kind) ? opIds[rng_() % opIds.size()] : 0;
                    r.name = str(b, "task_%1_%2", std::uint32_t(rng_() % 10), model);
                    r.totalCycles = rng_(); // full 64-bit range
                    r.l2HitRate = t % 3 == 0 ? -1.f : float(rng_() % 1000000) / 999999.f;
                    r.l2VictimRate = t % 3 == 0 ? -1.f : float(rng_() % 1000) / 7.f;
                    r.pmu.resize(std::size_t(t % 41)); // any count: 910B files have more than 14
                    for (std::size_t i = 0; i < r.pmu.size(); ++i)
                        r.pmu[i] = float(std::int64_t(rng_() % 2000001) - 1000000) / 3.f + 1e-7f * float(i);
                    b.tasks.push_back(r);
                }
                for (int c = 0; c < 3; ++c) {
                    CollectiveOpRecord r{dev, model, it, str(b, "Default/AllReduce-op%1_%2", c, 0), str(b, "AllReduce", 0, 0),
                                         base + TimeNs(rng_() % 3) * 10, TimeNs(rng_() % 100000), rng_(), std::uint32_t(c)};
                    b.collectives.push_back(r);
                }
                for (int h = 0; h < 5; ++h) {
                    HcclTaskRecord r;
                    r.device = dev;
                    r.modelId = model;
                    r.iteration = it;
                    r.plane = std::uint32_t(h % 2);
                    r.name = str(b, h % 2 ? "Notify_Wait" : "Memcpy", 0, 0);
                    r.start = base + TimeNs(rng_() % 2) * 7;
                    r.duration = TimeNs(rng_() % 9999);
                    r.notifyId = rng_();
                    r.durationEstimatedUs = double(rng_() % 100000) / 3.0;
                    r.streamId = std::uint32_t(rng_() % 3);
                    r.taskId = std::uint32_t(rng_() % 3);
                    r.srcRank = std::uint32_t(d);
                    r.dstRank = h == 0 ? kInvalidId : std::uint32_t((d + 1) % devices_);
                    r.transportType = str(b, h % 2 ? "SDMA" : "LOCAL", 0, 0);
                    r.sizeBytes = rng_();
                    r.dataType = str(b, "FP32", 0, 0);
                    r.linkType = str(b, "HCCS", 0, 0);
                    r.bandwidthGBps = double(rng_() % 1000) / 9.0;
                    b.hcclTasks.push_back(r);
                }
                StepTraceRecord st;
                st.device = dev;
                st.modelId = model;
                st.iteration = it;
                st.fpStart = base + 10;
                st.bpEnd = base + 5000;
                st.iterationEnd = base + 90'000'000 + TimeNs(rng_() % 1000);
                st.previousIterationEnd = it == 1 ? -1 : base - 10'000'000;
                for (std::uint32_t k = 0; k < it % 4; ++k)
                    st.reduces.push_back({base + 100 * k, base + 100 * k + 50});
                b.stepTraces.push_back(st);
                for (int a = 0; a < 2; ++a) {
                    AiCpuRecord r{dev, model, it, std::uint32_t(2 + a), std::uint32_t(rng_() % 2), str(b, "GetNext%1", a, 0),
                                  base + TimeNs(rng_() % 2), 11, 22, 33, 44, 77 + TimeNs(rng_() % 5)};
                    b.aiCpu.push_back(r);
                }
                for (int h = 0; h < 4; ++h) {
                    HostRangeRecord r;
                    r.kind = static_cast<HostRangeRecord::Kind>(h % 3);
                    r.device = dev;
                    r.modelId = model;
                    r.iteration = it;
                    r.pid = 10036;
                    r.tid = 200 + std::uint32_t(h);
                    r.name = str(b, "GE@Infer%1", h, 0);
                    r.start = base - 1000 + TimeNs(rng_() % 2);
                    r.duration = 999;
                    r.category = std::uint32_t(h);
                    r.eventType = h == 2 ? str(b, "marker", 0, 0) : 0;
                    r.payloadType = 1;
                    r.payloadValue = rng_();
                    r.messageType = str(b, "ascii", 0, 0);
                    b.hostRanges.push_back(r);
                }
            }
            for (int q = 0; q < 3; ++q) {
                QueueEventRecord r{dev, TimeNs(first) * 100'000'000 + TimeNs(rng_() % 2), str(b, "Last queue dequeue", 0, 0),
                                   str(b, "iterator_default", 0, 0), std::uint32_t(rng_() % 128)};
                b.queueEvents.push_back(r);
            }
        }
        append(b);
        return b;
    }

    StringTable strings;
    RecordBatch all;
    std::map<StrId, std::string> stringText;

    // ---- what a reader must return ----
    std::vector<IterationKey> iterations() const
    {
        std::set<std::tuple<std::uint16_t, std::uint32_t, std::uint32_t>> keys;
        for (const auto &r : all.tasks) keys.insert({r.device, r.modelId, r.iteration});
        for (const auto &r : all.collectives) keys.insert({r.device, r.modelId, r.iteration});
        for (const auto &r : all.hcclTasks) keys.insert({r.device, r.modelId, r.iteration});
        for (const auto &r : all.stepTraces) keys.insert({r.device, r.modelId, r.iteration});
        for (const auto &r : all.aiCpu) keys.insert({r.device, r.modelId, r.iteration});
        for (const auto &r : all.hostRanges) keys.insert({r.device, r.modelId, r.iteration});
        std::vector<IterationKey> out;
        for (const auto &[d, m, i] : keys)
            out.push_back(IterationKey{d, m, i});
        return out;
    }

    // The records of `all` that `keep` accepts, by `less`: stable_sort keeps write order for
    // full ties, as the store's rowid tie-break does.
    template<typename R, typename Keep, typename Less>
    static std::vector<R> sorted(const std::vector<R> &all, Keep keep, Less less)
    {
        std::vector<R> out;
        for (const R &r : all)
            if (keep(r))
                out.push_back(r);
        std::stable_sort(out.begin(), out.end(), less);
        return out;
    }
    template<typename R, typename Less>
    static std::vector<R> inKey(const std::vector<R> &all, const IterationKey &k, Less less)
    {
        return sorted(
            all, [&k](const R &r) { return r.device == k.device && r.modelId == k.modelId && r.iteration == k.iteration; },
            less);
    }
    static constexpr auto byStart = [](const auto &a, const auto &b) { return a.start < b.start; };
    static constexpr auto byStartStreamTask = [](const auto &a, const auto &b) {
        return std::tie(a.start, a.streamId, a.taskId) < std::tie(b.start, b.streamId, b.taskId);
    };

    std::vector<TaskRecord> tasks(const IterationKey &k) const { return inKey(all.tasks, k, byStartStreamTask); }
    std::vector<CollectiveOpRecord> collectives(const IterationKey &k) const { return inKey(all.collectives, k, byStart); }
    std::vector<HcclTaskRecord> hccl(const IterationKey &k) const { return inKey(all.hcclTasks, k, byStartStreamTask); }
    std::vector<AiCpuRecord> aiCpu(const IterationKey &k) const
    {
        return inKey(all.aiCpu, k, [](const auto &a, const auto &b) {
            return std::tie(a.timestamp, a.streamId, a.taskId) < std::tie(b.timestamp, b.streamId, b.taskId);
        });
    }
    std::vector<HostRangeRecord> hostRanges(const IterationKey &k) const { return inKey(all.hostRanges, k, byStart); }
    std::vector<StepTraceRecord> steps(std::uint16_t device, std::uint32_t model) const
    {
        return sorted(
            all.stepTraces, [&](const StepTraceRecord &s) { return s.device == device && s.modelId == model; },
            [](const auto &a, const auto &b) { return a.iteration < b.iteration; });
    }
    std::vector<QueueEventRecord> queue(std::uint16_t device) const
    {
        return sorted(
            all.queueEvents, [device](const QueueEventRecord &q) { return q.device == device; },
            [](const auto &a, const auto &b) { return a.timestamp < b.timestamp; });
    }
    std::vector<FusionOpRecord> fusion(std::uint32_t model) const
    {
        std::vector<FusionOpRecord> v;
        for (const auto &f : all.fusionOps)
            if (f.modelId == model)
                v.push_back(f);
        return v;
    }

private:
    template<typename A, typename B>
    StrId str(RecordBatch &b, const char *pattern, A a, B c)
    {
        QString text = QString::fromUtf8(pattern);
        if (text.contains(QLatin1String("%1")))
            text = text.arg(a);
        if (text.contains(QLatin1String("%2")))
            text = text.arg(c);
        const QByteArray s = text.toUtf8();
        const StrId id = strings.intern(std::string_view(s.constData(), size_t(s.size())), b);
        stringText[id] = s.toStdString();
        return id;
    }

    void append(const RecordBatch &b)
    {
        auto add = [](auto &to, const auto &from) { to.insert(to.end(), from.begin(), from.end()); };
        add(all.ops, b.ops);
        add(all.tasks, b.tasks);
        add(all.collectives, b.collectives);
        add(all.hcclTasks, b.hcclTasks);
        add(all.stepTraces, b.stepTraces);
        add(all.aiCpu, b.aiCpu);
        add(all.queueEvents, b.queueEvents);
        add(all.fusionOps, b.fusionOps);
        add(all.hostRanges, b.hostRanges);
        add(all.strings, b.strings);
    }

    std::mt19937_64 rng_;
    int devices_;
    QString tag_;
    std::uint32_t nextOp_ = 1;
    std::map<std::uint32_t, std::vector<std::uint32_t>> ops_;
};

// Compares everything `reader` returns for the session with what `g` generated; returns
// a description of the first mismatch or an empty string.
inline QString verifyAll(const TraceReader &reader, const Generator &g)
{
    const auto keys = g.iterations();
    const auto got = reader.iterations();
    if (got != keys)
        return QStringLiteral("iterations: %1 keys read, %2 expected").arg(got.size()).arg(keys.size());
    for (const auto &[id, text] : g.stringText)
        if (reader.string(id) != text)
            return QStringLiteral("string %1").arg(id);
    if (!reader.string(0).empty() || !reader.string(999999).empty())
        return QStringLiteral("unknown string ids must read as empty");
    for (const OpDesc &o : g.all.ops) {
        const OpDesc *r = reader.op(o.id);
        if (!r)
            return QStringLiteral("op %1 missing").arg(o.id);
        if (QString w = diff(*r, o); !w.isEmpty())
            return QStringLiteral("op %1: %2").arg(o.id).arg(w);
    }
    if (reader.op(0) || reader.op(987654))
        return QStringLiteral("unknown op ids must read as nullptr");
    auto compareList = [](const char *what, const IterationKey &k, const auto &want, const auto &have) -> QString {
        if (want.size() != have.size())
            return QStringLiteral("%1 d%2 m%3 i%4: %5 read, %6 expected").arg(QLatin1String(what)).arg(k.device)
                .arg(k.modelId).arg(k.iteration).arg(have.size()).arg(want.size());
        for (size_t i = 0; i < want.size(); ++i)
            if (QString w = diff(have[i], want[i]); !w.isEmpty())
                return QStringLiteral("%1 d%2 m%3 i%4 #%5: field %6").arg(QLatin1String(what)).arg(k.device)
                    .arg(k.modelId).arg(k.iteration).arg(i).arg(w);
        return {};
    };
    for (const IterationKey &k : keys) {
        std::vector<TaskRecord> tasks;
        std::vector<CollectiveOpRecord> colls;
        std::vector<HcclTaskRecord> hccl;
        std::vector<AiCpuRecord> aicpu;
        std::vector<HostRangeRecord> host;
        if (!reader.forEachTask(k, [&](const TaskRecord &r) { tasks.push_back(r); return true; })
            || !reader.forEachCollective(k, [&](const CollectiveOpRecord &r) { colls.push_back(r); return true; })
            || !reader.forEachHcclTask(k, [&](const HcclTaskRecord &r) { hccl.push_back(r); return true; })
            || !reader.forEachAiCpu(k, [&](const AiCpuRecord &r) { aicpu.push_back(r); return true; })
            || !reader.forEachHostRange(k, [&](const HostRangeRecord &r) { host.push_back(r); return true; }))
            return QStringLiteral("a forEach call failed");
        for (QString w : {compareList("tasks", k, g.tasks(k), tasks), compareList("collectives", k, g.collectives(k), colls),
                          compareList("hccl", k, g.hccl(k), hccl), compareList("aicpu", k, g.aiCpu(k), aicpu),
                          compareList("host", k, g.hostRanges(k), host)})
            if (!w.isEmpty())
                return w;
    }
    std::set<std::pair<std::uint16_t, std::uint32_t>> devModels;
    std::set<std::uint16_t> devices;
    for (const IterationKey &k : keys) {
        devModels.insert({k.device, k.modelId});
        devices.insert(k.device);
    }
    for (const auto &[d, m] : devModels)
        if (QString w = compareList("steps", IterationKey{d, m, 0}, g.steps(d, m), reader.stepTraces(d, m)); !w.isEmpty())
            return w;
    for (std::uint16_t d : devices)
        if (QString w = compareList("queue", IterationKey{d, 0, 0}, g.queue(d), reader.queueEvents(d)); !w.isEmpty())
            return w;
    std::set<std::uint32_t> models;
    for (const auto &f : g.all.fusionOps)
        models.insert(f.modelId);
    for (std::uint32_t m : models)
        if (QString w = compareList("fusion", IterationKey{0, m, 0}, g.fusion(m), reader.fusionOps(m)); !w.isEmpty())
            return w;
    return {};
}

// The tasks forEachTask gives over every iteration of `reader`; -1 when a read fails.
inline std::int64_t countTasks(const TraceReader &reader)
{
    std::int64_t n = 0;
    for (const IterationKey &k : reader.iterations())
        if (!reader.forEachTask(k, [&n](const TaskRecord &) { ++n; return true; }))
            return -1;
    return n;
}

// A writer of the project at `path` (made when there is none) with the session of `info`
// begun; null, and why in `why` when given, when either failed.
inline std::unique_ptr<store::ProjectWriter> beginSession(const QString &path, const SessionInfo &info,
                                                          QString *why = nullptr,
                                                          store::Project::Check check = store::Project::Check::Full)
{
    QString m;
    auto w = store::ProjectWriter::create(path, nullptr, &m, check);
    if (w && !w->begin(info)) {
        m = w->errorString();
        w.reset();
    }
    if (!w && why)
        *why = m;
    return w;
}

// A complete project file of `iterations` batches of 200 tasks on device 1, written
// through the real ProjectWriter (what the open/identity tests then damage or inspect).
inline bool writeProject(const QString &path, int iterations, std::uint64_t seed)
{
    Generator g(seed, 2);
    auto w = beginSession(path, g.info());
    if (!w)
        return false;
    for (int i = 1; i <= iterations; ++i)
        if (!w->write(g.batch(1, std::uint32_t(i), 1, 200)))
            return false;
    return w->end(SessionStatus::Complete, g.endDevices(g.info()));
}

// For a test class to derive from: a temporary project holding one complete session
// through the real ProjectWriter (seed 5, two devices, the tasks of iteration 1 on device 1)
// once writeSmallSession() has succeeded.
struct SmallSessionProject {
    QTemporaryDir dir;
    QString path;
    std::int64_t sessionId = 0;
    std::size_t tasks = 0;

    // Empty when written, else the writer's sentence.
    QString writeSmallSession()
    {
        path = dir.filePath(QStringLiteral("p.npuscope"));
        QString error;
        store::StoreError se{};
        auto w = store::ProjectWriter::create(path, &se, &error);
        if (!w)
            return error;
        Generator g(5, 2);
        const SessionInfo info = g.info();
        const RecordBatch b = g.batch(1, 1, 3);
        if (!w->begin(info) || !w->write(b) || !w->end(SessionStatus::Complete, g.endDevices(info)))
            return w->errorString();
        sessionId = w->sessionId();
        tasks = b.tasks.size();
        return sessionId > 0 ? QString() : QStringLiteral("no session id");
    }
};

} // namespace storetest
