// The legacy layout's summary CSVs (op_summary, task_time, l2_cache, msprof_tx, ai_cpu,
// dp, fusion_op, step_trace and the derived ones): per iteration, read into the lookups the
// timeline's tasks are completed from. Part of LegacyReader (legacy_prof.h).

#include "core/importing/legacy_prof.h"

#include "core/importing/csv_table.h"
#include "core/importing/today_files.h"

#include <QStringList>

#include <algorithm>
#include <cmath>

namespace npuscope::importing::legacy {

namespace {
using Tr = ProfImporter;
} // namespace

// ---------------------------------------------------------------------------------------
// summary CSVs, each read by column name through CsvTable (csv_table.h)

bool LegacyReader::readOpSummary(const DataFile &f, std::uint16_t device)
{
    CsvTable t;
    if (!t.open(*ctx_, f.path, f.rel))
        return true;
    const int cDev = t.col({"Device_id"});
    const int cStream = t.col({"Stream ID"}), cTask = t.col({"Task ID"});
    const int cStart = t.col({"Task Start Time", "Task Start Time(us)"});
    const int cType = t.col({"OP Type"}), cBlock = t.col({"Block Dim"});
    const int cCore = t.col({"Task Type"}), cAicore = t.col({"aicore_time(us)"});
    const int cInS = t.col({"Input Shapes"}), cInT = t.col({"Input Data Types"}), cInF = t.col({"Input Formats"});
    const int cOutS = t.col({"Output Shapes"}), cOutT = t.col({"Output Data Types"}), cOutF = t.col({"Output Formats"});
    const int cCycles = t.col({"total_cycles"});
    if (cStream < 0 || cTask < 0 || cStart < 0) {
        ctx_->problem(f.rel, 1, 0, Tr::tr("The header lacks Stream ID, Task ID or Task Start Time; the file was not read."));
        t.skipRest();
        return true;
    }
    const std::vector<std::string> &header = t.header();
    const int metricsAt = cCycles >= 0 ? cCycles + 1 : int(header.size());
    QStringList metricNames;
    std::vector<int> metricCols;
    for (int i = metricsAt; i < int(header.size()); ++i) {
        metricNames << QString::fromStdString(header[std::size_t(i)]);
        metricCols.push_back(i);
    }
    if (cAicore >= 0 && recordedAicoreTime(metricNames)) {
        metricNames.prepend(QStringLiteral("aicore_time(us)"));
        metricCols.insert(metricCols.begin(), cAicore);
    }
    const int nMetrics = int(metricCols.size());
    const std::vector<int> at = ctx_->pmuIndex(metricNames);
    const std::size_t width = std::size_t(ctx_->pmuColumns().size());
    while (t.next()) {
        std::uint64_t stream = 0, task = 0, dev = device;
        TimeNs start = 0;
        if (!t.rowComplete() || !toUInt64(t.cell(cStream), &stream) || !toUInt64(t.cell(cTask), &task)
            || !usTextToNs(t.cell(cStart), &start) || (cDev >= 0 && !toUInt64(t.cell(cDev), &dev))) {
            t.skip(*ctx_, Tr::tr("A row has the wrong number of cells or a non-numeric stream, task id or start time; the row was skipped."));
            continue;
        }
        OpSummaryRow row;
        row.opType = t.cell(cType);
        row.core = t.cell(cCore);
        row.inS = t.cell(cInS); row.inT = t.cell(cInT); row.inF = t.cell(cInF);
        row.outS = t.cell(cOutS); row.outT = t.cell(cOutT); row.outF = t.cell(cOutF);
        std::uint64_t bd = 0, cyc = 0;
        toUInt64(t.cell(cBlock), &bd);
        row.blockDim = static_cast<std::uint16_t>(std::min<std::uint64_t>(bd, 65535));
        if (toUInt64(t.cell(cCycles), &cyc))
            row.cycles = cyc;
        bool anyMetric = false;
        row.pmu.assign(width, 0.f);
        for (int i = 0; i < nMetrics; ++i) {
            double v = 0;
            if (at[std::size_t(i)] >= 0 && toDouble(t.cell(metricCols[std::size_t(i)]), &v)) {
                row.pmu[std::size_t(at[std::size_t(i)])] = static_cast<float>(v);
                anyMetric = true;
            }
        }
        if (!anyMetric)
            row.pmu.clear();
        row.line = t.line();
        row.offset = std::uint64_t(t.offset());
        const std::uint64_t k = mix(taskKey(std::uint32_t(stream), std::uint32_t(task), start), dev);
        // The first row of a task wins and a repeat is reported as skipped: overwriting
        // the first would leave it counted nowhere, neither imported nor skipped.
        if (!opRows.try_emplace(k, std::move(row)).second)
            t.skip(*ctx_, Tr::tr("Another row of this file has the same device, stream, task id and start time; this row was skipped."));
    }
    return true;
}

bool LegacyReader::readTaskTimeCsv(const DataFile &f)
{
    CsvTable t;
    if (!t.open(*ctx_, f.path, f.rel))
        return true;
    const int cCount = t.col({"Count"}), cPending = t.col({"Pending(us)"});
    const int cTask = t.col({"Task ID"}), cName = t.col({"Op Name"}), cStream = t.col({"Stream ID"});
    while (t.next()) {
        std::uint64_t count = 0, task = 0, stream = 0;
        TimeNs pending = 0;
        if (!t.rowComplete() || !toUInt64(t.cell(cCount), &count) || !toUInt64(t.cell(cTask), &task)
            || !toUInt64(t.cell(cStream), &stream) || !usTextToNs(t.cell(cPending), &pending) || count == 0) {
            t.skip(*ctx_, Tr::tr("A row has the wrong number of cells or non-numeric Count, Pending, Task ID or Stream ID; the row was skipped."));
            continue;
        }
        PendingStat &p = pendings[mixStr(mix(mix(2, stream), task), t.cell(cName))];
        p.count += count;
        p.total += pending;
        p.line = t.line();
        p.offset = std::uint64_t(t.offset());
        // The rest of the row (times, waiting, running) is recomputed from the tasks.
        ++t.account().imported;
    }
    return true;
}

bool LegacyReader::readL2(const DataFile &f)
{
    CsvTable t;
    if (!t.open(*ctx_, f.path, f.rel))
        return true;
    const int cStream = t.col({"Stream Id"}), cTask = t.col({"Task Id"});
    const int cHit = t.col({"Hit Rate"}), cVictim = t.col({"Victim Rate"});
    while (t.next()) {
        std::uint64_t stream = 0, task = 0;
        double hit = 0, victim = -1;
        if (!t.rowComplete() || !toUInt64(t.cell(cStream), &stream) || !toUInt64(t.cell(cTask), &task)
            || !toDouble(t.cell(cHit), &hit)) {
            t.skip(*ctx_, Tr::tr("A row has the wrong number of cells or non-numeric ids or hit rate; the row was skipped."));
            continue;
        }
        if (!toDouble(t.cell(cVictim), &victim))
            victim = -1;
        l2Rows[mix(mix(3, stream), task)].push_back({float(hit), float(victim)});
        ++l2Unused;
        ++t.account().imported; // taken back as skipped in finishIteration when no task claims it
    }
    return true;
}

bool LegacyReader::readTxCsv(const DataFile &f, std::uint32_t pidFallback)
{
    CsvTable t;
    if (!t.open(*ctx_, f.path, f.rel))
        return true;
    const int cPid = t.col({"pid"}), cTid = t.col({"tid"}), cCat = t.col({"category"});
    const int cEvent = t.col({"event_type"}), cPType = t.col({"payload_type"}), cPValue = t.col({"payload_value"});
    const int cStart = t.col({"Start_time(ns)"}), cEnd = t.col({"End_time(ns)"});
    const int cMType = t.col({"message_type"}), cMsg = t.col({"message"});
    while (t.next()) {
        std::uint64_t pid = pidFallback, tid = 0, cat = 0, ptype = 0, pvalue = 0;
        double s = 0, e = 0;
        if (!t.rowComplete() || !toUInt64(t.cell(cTid), &tid) || !toDouble(t.cell(cStart), &s) || !toDouble(t.cell(cEnd), &e) || e < s) {
            t.skip(*ctx_, Tr::tr("A row has the wrong number of cells, a non-numeric tid or start/end time, or ends before it starts; the row was skipped."));
            continue;
        }
        toUInt64(t.cell(cPid), &pid);
        toUInt64(t.cell(cCat), &cat);
        toUInt64(t.cell(cPType), &ptype);
        toUInt64(t.cell(cPValue), &pvalue);
        HostRangeRecord r;
        r.kind = HostRangeRecord::Kind::MsprofTx;
        r.device = dev(curDevice);
        r.modelId = curModel;
        r.iteration = curIteration;
        r.pid = std::uint32_t(pid);
        r.tid = std::uint32_t(tid);
        r.start = static_cast<TimeNs>(std::llround(s));
        r.duration = static_cast<TimeNs>(std::llround(e)) - r.start;
        const std::string msg = t.cell(cMsg);
        r.name = ctx_->str(msg);
        r.category = std::uint32_t(cat);
        r.eventType = ctx_->str(t.cell(cEvent));
        r.payloadType = std::uint32_t(ptype);
        r.payloadValue = pvalue;
        r.messageType = ctx_->str(t.cell(cMType));
        ctx_->batch().hostRanges.push_back(r);
        seenTx.insert(mixStr(mix(mix(4, r.tid), std::uint64_t(r.start)) ^ std::uint64_t(r.duration), msg));
        txFromCsv = true;
        ++t.account().imported;
        if (!ctx_->flushIfFull())
            return false;
    }
    return true;
}

bool LegacyReader::readAiCpu(const DataFile &f)
{
    CsvTable t;
    if (!t.open(*ctx_, f.path, f.rel))
        return true;
    const int cTs = t.col({"Timestamp"}), cNode = t.col({"Node"});
    const int cols[5] = {t.col({"Compute_time(ms)"}), t.col({"Memcpy_time(ms)"}), t.col({"Task_time(ms)"}),
                         t.col({"Dispatch_time(ms)"}), t.col({"Total_time(ms)"})};
    const int cStream = t.col({"Stream ID"}), cTask = t.col({"Task ID"});
    while (t.next()) {
        AiCpuRecord a;
        a.device = dev(curDevice);
        a.modelId = curModel;
        a.iteration = curIteration;
        TimeNs v[5] = {};
        std::uint64_t stream = 0, task = 0;
        bool ok = t.rowComplete() && usTextToNs(t.cell(cTs), &a.timestamp) && toUInt64(t.cell(cStream), &stream)
               && toUInt64(t.cell(cTask), &task);
        for (int i = 0; i < 5 && ok; ++i)
            ok = msTextToNs(t.cell(cols[i]), &v[i]);
        if (!ok) {
            t.skip(*ctx_, Tr::tr("A row has the wrong number of cells or a non-numeric time or id; the row was skipped."));
            continue;
        }
        a.node = ctx_->str(t.cell(cNode));
        a.computeTime = v[0];
        a.memcpyTime = v[1];
        a.taskTime = v[2];
        a.dispatchTime = v[3];
        a.totalTime = v[4];
        a.streamId = std::uint32_t(stream);
        a.taskId = std::uint32_t(task);
        ctx_->batch().aiCpu.push_back(a);
        ++t.account().imported;
        if (!ctx_->flushIfFull())
            return false;
    }
    return true;
}

bool LegacyReader::readDp(const DataFile &f)
{
    CsvTable t;
    if (!t.open(*ctx_, f.path, f.rel))
        return true;
    const int cTs = t.col({"Timestamp"}), cAction = t.col({"Action"}), cSource = t.col({"Source"});
    const int cSize = t.col({"Cached Buffer Size"});
    while (t.next()) {
        QueueEventRecord q;
        q.device = dev(curDevice);
        std::uint64_t size = 0;
        if (!t.rowComplete() || !usTextToNs(t.cell(cTs), &q.timestamp) || !toUInt64(t.cell(cSize), &size)) {
            t.skip(*ctx_, Tr::tr("A row has the wrong number of cells or a non-numeric timestamp or buffer size; the row was skipped."));
            continue;
        }
        q.cachedBufferSize = std::uint32_t(size);
        q.action = ctx_->str(t.cell(cAction));
        q.source = ctx_->str(t.cell(cSource));
        ctx_->batch().queueEvents.push_back(q);
        ++t.account().imported;
        if (!ctx_->flushIfFull())
            return false;
    }
    return true;
}

bool LegacyReader::readFusion(const DataFile &f)
{
    CsvTable t;
    if (!t.open(*ctx_, f.path, f.rel))
        return true;
    const int cName = t.col({"Model Name"}), cModel = t.col({"Model ID"}), cOp = t.col({"Fusion Op"});
    const int cOrig = t.col({"Original Ops"});
    const int cMem[4] = {t.col({"Memory Input(Bytes)"}), t.col({"Memory Output(Bytes)"}),
                         t.col({"Memory Weight(Bytes)"}), t.col({"Memory Workspace(Bytes)"})};
    while (t.next()) {
        auto cell = [&t](int i) { return t.cell(i); };
        std::uint64_t model = 0, mem[4] = {};
        bool ok = t.rowComplete() && toUInt64(cell(cModel), &model);
        for (int i = 0; i < 4 && ok; ++i)
            ok = toUInt64(cell(cMem[i]), &mem[i]);
        if (!ok) {
            t.skip(*ctx_, Tr::tr("A row has the wrong number of cells or a non-numeric model id or memory size; the row was skipped."));
            continue;
        }
        // Every iteration's file repeats the model's fusion table.
        if (!fusionSeen.insert({std::uint32_t(model), cell(cOp), cell(cOrig)}).second) {
            ++t.account().duplicates;
            continue;
        }
        FusionOpRecord r;
        r.modelId = std::uint32_t(model);
        r.modelName = ctx_->str(cell(cName));
        r.fusionOp = ctx_->str(cell(cOp));
        r.originalOps = ctx_->str(cell(cOrig));
        r.memoryInput = mem[0];
        r.memoryOutput = mem[1];
        r.memoryWeight = mem[2];
        r.memoryWorkspace = mem[3];
        ctx_->batch().fusionOps.push_back(r);
        ++t.account().imported;
    }
    return true;
}

bool LegacyReader::readDerivedCsv(const DataFile &f)
{
    // op_statistic: every row counted as derived (recomputed from the tasks on export).
    return importing::readDerivedCsv(*ctx_, f.path, f.rel);
}

bool LegacyReader::readStepCsv(const DataFile &f)
{
    CsvTable t;
    if (!t.open(*ctx_, f.path, f.rel))
        return true;
    const int cIt = t.col({"Iteration ID"}), cFp = t.col({"FP Start"}), cBp = t.col({"BP End"});
    const int cEnd = t.col({"Iteration End"}), cTime = t.col({"Iteration Time(us)"});
    const int cAug = t.col({"Data Aug Bound(us)"});
    const int width = int(t.header().size());
    while (t.next()) {
        std::uint64_t it = 0;
        TimeNs fp = 0, bp = 0, end = 0, time = 0;
        if (!t.rowComplete() || !toUInt64(t.cell(cIt), &it) || it == 0 || !usTextToNs(t.cell(cFp), &fp)
            || !usTextToNs(t.cell(cBp), &bp) || !usTextToNs(t.cell(cEnd), &end) || !usTextToNs(t.cell(cTime), &time)) {
            t.skip(*ctx_, Tr::tr("A row has the wrong number of cells or a non-numeric iteration or time; the row was skipped."));
            continue;
        }
        StepAcc &s = steps[{f.model, std::uint32_t(it)}];
        const std::string aug = t.cell(cAug);
        TimeNs augNs = 0;
        s.firstByCsv = aug.empty();
        if (!aug.empty() && usTextToNs(aug, &augNs))
            s.dataAug = augNs;
        if (s.haveIter || s.haveFpBp) {
            ++t.account().duplicates;
            continue;
        }
        // Only the CSV knows this iteration: take the markers from it.
        s.model = f.model;
        s.iteration = std::uint32_t(it);
        s.fromCsv = true;
        s.fpStart = fp;
        s.bpEnd = bp;
        s.iterEnd = end;
        s.iterStart = end - time;
        s.haveIter = true;
        // After Data Aug Bound: (Reduce Start, Reduce Duration) pairs.
        for (int k = 0, cs = cAug + 1; cAug >= 0 && cs + 1 < width; ++k, cs += 2) {
            TimeNs rs = 0, rd = 0;
            if (usTextToNs(t.cell(cs), &rs) && usTextToNs(t.cell(cs + 1), &rd))
                s.reduces[std::uint32_t(k)] = {rs, rs + rd};
        }
        ++t.account().imported;
    }
    return true;
}

} // namespace npuscope::importing::legacy
