// The legacy per-device PROF layout (Ascend 910, CANN up to 6, and NPU Scope's own
// export): PROF_*/device_<id>/{info.json.<id>, start_info.<id>, end_info.<id>,
// timeline/<kind>_<dev>_<model>_<iter>.json, summary/<kind>_<dev>_<model>_<iter>.csv}.
// Per iteration, the summary CSVs are read first into lookups (op_summary, task_time, l2)
// so the timeline's tasks are complete when they are built; msprof holds every lane, and
// task_time / hccl / msprof_tx repeat subsets of it (counted as duplicates).

#include "core/importing/legacy_prof.h"

#include "core/importing/csv_table.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>

namespace npuscope::importing {
namespace legacy {

namespace {
using Tr = ProfImporter;
} // namespace

// ---------------------------------------------------------------------------------------
// discovery

static bool parseDeviceDirName(const QString &name, std::uint16_t *id)
{
    static const QRegularExpression re(QStringLiteral("^device_(\\d{1,5})$"));
    const auto m = re.match(name);
    if (!m.hasMatch())
        return false;
    const uint v = m.captured(1).toUInt();
    if (v > 65535)
        return false;
    *id = static_cast<std::uint16_t>(v);
    return true;
}

void LegacyReader::addProfDir(const QString &profDir)
{
    contain = QFileInfo(profDir).canonicalFilePath();
    QDir pd(profDir);
    bool any = false;
    for (const QString &dd : pd.entryList({QStringLiteral("device_*")}, QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
        std::uint16_t id = 0;
        if (!parseDeviceDirName(dd, &id))
            continue;
        addDevice(pd.absoluteFilePath(dd), id);
        any = true;
    }
    if (any)
        dirs << ctx_->rel(profDir);
}

void LegacyReader::excludeDevice(std::uint16_t id, const QString &why)
{
    for (auto it = devs.begin(); it != devs.end(); ++it)
        if (it->id == id) {
            ctx_->problem(ctx_->rel(it->dir), 0, -1, why);
            devs.erase(it);
            break;
        }
    devices.erase(std::remove_if(devices.begin(), devices.end(), [id](const DeviceInfo &d) { return d.id == id; }),
                  devices.end());
}

QString LegacyReader::deviceDir(std::uint16_t id) const
{
    for (const auto &d : devs)
        if (d.id == id)
            return ctx_->rel(d.dir);
    return {};
}

void LegacyReader::addDevice(const QString &devDir, std::uint16_t id)
{
    if (ctx_->escapes(devDir, contain))
        return;
    DeviceSrc d;
    d.id = id;
    d.dir = devDir;
    d.info.id = id;
    readDeviceMeta(d);
    static const QRegularExpression re(QStringLiteral("^([a-z][a-z0-9_]*?)_(\\d+)_(\\d+)_(\\d+)\\.(json|csv)$"));
    static const QStringList jsonKinds = {QStringLiteral("msprof"), QStringLiteral("task_time"), QStringLiteral("step_trace"),
                                          QStringLiteral("hccl"), QStringLiteral("msprof_tx")};
    static const QStringList csvKinds = {QStringLiteral("op_summary"), QStringLiteral("op_statistic"), QStringLiteral("step_trace"),
                                         QStringLiteral("task_time"), QStringLiteral("aicpu"), QStringLiteral("dp"),
                                         QStringLiteral("fusion_op"), QStringLiteral("l2_cache"), QStringLiteral("msprof_tx")};
    for (const char *sub : {"timeline", "summary"}) {
        QDir sd(devDir + QLatin1Char('/') + QLatin1String(sub));
        if (!sd.exists() || ctx_->escapes(sd.absolutePath(), contain))
            continue;
        for (const QString &fn : sd.entryList(QDir::Files, QDir::Name)) {
            const QString abs = sd.absoluteFilePath(fn);
            if (ctx_->escapes(abs, contain))
                continue;
            const auto m = re.match(fn);
            if (!m.hasMatch()) {
                if (!fn.endsWith(QLatin1String(".done")))
                    ctx_->problem(ctx_->rel(abs), 0, -1, Tr::tr("The file name does not follow <name>_<device>_<model>_<iteration>.<json|csv>; the file was not read."));
                continue;
            }
            DataFile f;
            f.path = abs;
            f.rel = ctx_->rel(abs);
            f.kind = m.captured(1);
            f.json = m.captured(5) == QLatin1String("json");
            f.device = static_cast<std::uint16_t>(m.captured(2).toUInt());
            f.model = m.captured(3).toUInt();
            f.iteration = m.captured(4).toUInt();
            f.size = static_cast<std::uint64_t>(QFileInfo(abs).size());
            if (!(f.json ? jsonKinds : csvKinds).contains(f.kind)) {
                ctx_->problem(f.rel, 0, -1, Tr::tr("Unknown file kind \"%1\"; the file was not read.").arg(f.kind));
                continue;
            }
            if (f.device != id) {
                ctx_->problem(f.rel, 0, -1, Tr::tr("The file names device %1 but lies in the folder of device %2; it was read as device %2.").arg(f.device).arg(id));
                f.device = id;
            }
            if (f.iteration == 0) {
                ctx_->problem(f.rel, 0, -1, Tr::tr("Iteration 0 is not valid (iterations count from 1); the file was not read."));
                continue;
            }
            d.files.push_back(f);
        }
    }
    if (d.files.empty()) {
        ctx_->problem(ctx_->rel(devDir), 0, -1, Tr::tr("The device folder holds no timeline or summary files."));
    }
    devs.push_back(std::move(d));
}

QJsonObject LegacyReader::readSmallJson(const QString &path, const QString &rel, bool required)
{
    QFile f(path);
    if (!f.exists()) {
        if (required)
            ctx_->problem(rel, 0, -1, Tr::tr("The file is missing; defaults were used."));
        return {};
    }
    if (ctx_->escapes(path, contain))
        return {};
    if (!f.open(QIODevice::ReadOnly)) {
        ctx_->problem(rel, 0, -1, Tr::tr("The file cannot be read: %1.").arg(f.errorString()));
        return {};
    }
    const QByteArray bytes = f.read(4 << 20); // description files are a few hundred bytes
    QJsonParseError pe{};
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &pe);
    if (!doc.isObject()) {
        const qsizetype line = bytes.left(pe.offset).count('\n') + 1;
        ctx_->problem(rel, std::uint64_t(line), pe.offset, Tr::tr("The file is not a JSON object (%1); defaults were used.").arg(pe.errorString()));
        return {};
    }
    return doc.object();
}

static std::int64_t jsonInt(const QJsonValue &v, std::int64_t dflt)
{
    if (v.isDouble())
        return static_cast<std::int64_t>(v.toDouble());
    if (v.isString()) {
        bool ok = false;
        const qlonglong x = v.toString().trimmed().toLongLong(&ok);
        if (ok)
            return x;
        const double d = v.toString().trimmed().toDouble(&ok);
        if (ok)
            return static_cast<std::int64_t>(d);
    }
    return dflt;
}

void LegacyReader::readDeviceMeta(DeviceSrc &d)
{
    const QString id = QString::number(d.id);
    // What a file does not say stays 0: unknown, never a default shown as a fact.
    DeviceInfo &di = d.info;
    di.hostPid = 0;
    di.aiCoreNum = di.aiCpuNum = di.aicFrequencyMHz = di.hwtsFrequencyMHz = 0;
    di.rankId = d.id;
    QString infoPath = d.dir + QStringLiteral("/info.json.") + id;
    const QJsonObject infoObj = readSmallJson(infoPath, ctx_->rel(infoPath), true);
    if (!infoObj.isEmpty()) {
        di.hostPid = static_cast<std::uint32_t>(jsonInt(infoObj.value(QStringLiteral("pid")), 0));
        di.hostname = infoObj.value(QStringLiteral("hostname")).toString();
        di.rankId = static_cast<std::uint32_t>(jsonInt(infoObj.value(QStringLiteral("rank_id")), d.id));
        const QJsonArray infos = infoObj.value(QStringLiteral("DeviceInfo")).toArray();
        if (!infos.isEmpty()) {
            const QJsonObject o = infos.first().toObject();
            di.aiCoreNum = int(jsonInt(o.value(QStringLiteral("ai_core_num")), 0));
            di.aiCpuNum = int(jsonInt(o.value(QStringLiteral("ai_cpu_core_num")), 0));
            di.aicFrequencyMHz = int(jsonInt(o.value(QStringLiteral("aic_frequency")), 0));
            di.hwtsFrequencyMHz = int(jsonInt(o.value(QStringLiteral("hwts_frequency")), 0));
        }
    }
    const QString startPath = d.dir + QStringLiteral("/start_info.") + id;
    const QJsonObject s = readSmallJson(startPath, ctx_->rel(startPath), true);
    di.wallBeginUs = jsonInt(s.value(QStringLiteral("collectionTimeBegin")), 0);
    di.monotonicBegin = jsonInt(s.value(QStringLiteral("clockMonotonicRaw")), 0);
    const QString endPath = d.dir + QStringLiteral("/end_info.") + id;
    const QJsonObject e = readSmallJson(endPath, ctx_->rel(endPath), true);
    di.wallEndUs = jsonInt(e.value(QStringLiteral("collectionTimeEnd")), 0);
    di.monotonicEnd = jsonInt(e.value(QStringLiteral("clockMonotonicRaw")), 0);
    if (di.hostPid == 0)
        missing << Tr::tr("Device %1: the host process id is not given (no info.json).").arg(d.id);
    if (di.aiCoreNum == 0 || di.aicFrequencyMHz == 0)
        missing << Tr::tr("Device %1: AI Core count and frequency are not given (no info.json); figures that need them "
                          "show as unknown.").arg(d.id);
}

// The model name where a file states it: op_statistic's first row, else a CANN event.
static QString peekModelName(const std::vector<DataFile> &files, std::uint32_t model)
{
    for (const auto &f : files) {
        if (f.model != model || f.kind != QLatin1String("op_statistic") || f.json)
            continue;
        CsvReader r;
        std::vector<std::string> cells;
        if (r.open(f.path) && r.next(&cells) && r.next(&cells) && !cells.empty()) {
            const std::string v = csvValue(cells[0]);
            return QString::fromStdString(v);
        }
    }
    for (const auto &f : files) {
        if (f.model != model || f.kind != QLatin1String("msprof") || !f.json)
            continue;
        TraceEventReader r;
        if (!r.open(f.path))
            continue;
        TraceEvent e;
        for (int n = 0; n < 20000 && r.next(&e) == TraceEventReader::Result::Event; ++n) {
            if (e.ph != "X")
                continue;
            if (const JsonScalar *m = e.arg("Model Name"))
                return m->type == JsonScalar::String ? QString::fromStdString(m->text) : QString();
        }
        return {};
    }
    return {};
}

void LegacyReader::describeSession()
{
    std::vector<DataFile> all;
    for (const auto &d : devs)
        all.insert(all.end(), d.files.begin(), d.files.end());
    auto has = [&all](const char *kind, bool json) {
        return std::any_of(all.begin(), all.end(), [&](const DataFile &f) { return f.json == json && f.kind == QLatin1String(kind); });
    };
    ProfilingOptions &o = options;
    o.taskTrace = Switch::On;
    o.trainingTrace = has("step_trace", true) || has("step_trace", false) ? Switch::On : Switch::Off;
    o.hccl = has("hccl", true) ? Switch::On : Switch::Off;
    o.aicpu = has("aicpu", false) ? Switch::On : Switch::Off;
    o.l2 = has("l2_cache", false) ? Switch::On : Switch::Off;
    o.msproftx = has("msprof_tx", true) || has("msprof_tx", false) ? Switch::On : Switch::Off;
    for (const auto &f : all) {
        if (f.kind != QLatin1String("op_summary"))
            continue;
        QStringList h;
        for (const std::string &c : csvHeaderOf(f.path))
            h << QString::fromStdString(c);
        const int metricsAt = h.indexOf(QStringLiteral("total_cycles")) + 1;
        if (metricsAt <= 0)
            break;
        QStringList metrics = h.mid(metricsAt);
        if (recordedAicoreTime(metrics))
            metrics.prepend(QStringLiteral("aicore_time(us)"));
        ctx_->addPmuColumns(metrics);
        if (metrics.isEmpty()) {
            o.taskTime = TaskTimeLevel::L0;
            break;
        }
        for (AicMetrics m : {AicMetrics::ArithmeticUtilization, AicMetrics::PipeUtilization, AicMetrics::Memory,
                             AicMetrics::MemoryL0, AicMetrics::MemoryUB, AicMetrics::ResourceConflictRatio})
            if (aicMetricsColumns(m) == metrics)
                o.aicMetrics = m;
        break;
    }
    if (!has("op_summary", false))
        missing << Tr::tr("No op_summary files: op types, tensor shapes and PMU metrics are unknown; block dims were derived from the AI Core times.");
    if (!has("task_time", false))
        missing << Tr::tr("No task_time summary files: launch (pending) times are unknown and read as 0.");
    if (!has("aicpu", false))
        missing << Tr::tr("No aicpu files: AI CPU op details are not available.");

    std::set<std::uint32_t> modelIds;
    for (const auto &f : all) {
        modelIds.insert(f.model);
        modelSeen[f.model].iterations.insert(f.iteration);
    }
    for (auto m : modelIds) {
        ModelInfo mi;
        mi.id = m;
        mi.name = peekModelName(all, m);
        mi.iterations = int(modelSeen[m].iterations.size());
        models.push_back(mi);
    }
    for (const auto &d : devs)
        devices.push_back(d.info);
}

bool LegacyReader::prepare(ImportContext &ctx)
{
    ctx_ = &ctx;
    addProfDir(source.path);
    std::sort(devs.begin(), devs.end(), [](const DeviceSrc &a, const DeviceSrc &b) { return a.id < b.id; });
    for (const auto &d : devs)
        for (const auto &f : d.files)
            ctx.addFileToRead(f.size);
    describeSession();
    return !devs.empty();
}

void LegacyReader::finishIteration(const DataFile *opSummary, const DataFile *taskTimeCsv, const DataFile *l2)
{
    if (opSummary) {
        FileAccount &acc = ctx_->account(opSummary->rel);
        for (const auto &[k, row] : opRows) {
            if (row.used) {
                ++acc.imported;
            } else {
                ++acc.skipped;
                ctx_->problem(opSummary->rel, row.line, std::int64_t(row.offset), Tr::tr("No timeline event matches this row (same stream, task id and start); the row was skipped."));
            }
        }
    }
    if (taskTimeCsv) {
        FileAccount &acc = ctx_->account(taskTimeCsv->rel);
        for (const auto &[k, p] : pendings) {
            if (p.seen == 0) {
                --acc.imported;
                ++acc.skipped;
                ctx_->problem(taskTimeCsv->rel, p.line, std::int64_t(p.offset), Tr::tr("No timeline event matches this row (same stream, task id and name); its pending time was skipped."));
            }
        }
    }
    if (l2 && l2Unused > 0) {
        FileAccount &acc = ctx_->account(l2->rel);
        acc.imported -= l2Unused;
        acc.skipped += l2Unused;
        ctx_->problem(l2->rel, 0, -1, Tr::tr("%n row(s) match no AI Core task of the timeline and were skipped.", nullptr, int(l2Unused)));
    }
    opRows.clear();
    pendings.clear();
    l2Rows.clear();
    l2Unused = 0;
    seenTasks.clear();
    seenHccl.clear();
    seenTx.clear();
    txFromCsv = false;
    collectiveSegment = 0;
}

bool LegacyReader::emitStepTraces(std::uint16_t device)
{
    std::map<std::uint32_t, std::uint32_t> firstOfModel;
    for (const auto &[key, s] : steps)
        if (!firstOfModel.count(key.first))
            firstOfModel[key.first] = key.second;
    for (auto &[key, s] : steps) {
        if (!s.haveIter && !s.haveFpBp && !s.haveRefresh && s.reduces.empty())
            continue; // only the CSV row flag was seen for an iteration without events
        StepTraceRecord r;
        r.device = device;
        r.modelId = key.first;
        r.iteration = key.second;
        r.fpStart = s.fpStart;
        r.bpEnd = s.bpEnd;
        r.iterationEnd = s.iterEnd;
        // The iteration starts where the previous one ended (npu-model.md); the first one
        // has no previous end and starts at FP start.
        const bool first = s.firstByCsv ? *s.firstByCsv : (key.second == firstOfModel[key.first] && (!s.haveIter || s.iterStart == s.fpStart));
        if (first)
            r.previousIterationEnd = -1;
        else if (s.dataAug)
            r.previousIterationEnd = s.fpStart - *s.dataAug;
        else
            r.previousIterationEnd = s.haveIter ? s.iterStart : s.fpStart;
        for (const auto &[k, red] : s.reduces)
            r.reduces.push_back(red);
        ctx_->batch().stepTraces.push_back(std::move(r));
    }
    steps.clear();
    return ctx_->flush();
}

bool LegacyReader::importDevice(DeviceSrc &d)
{
    curDevice = d.id;
    hostPid = d.info.hostPid;
    aicFreq = d.info.aicFrequencyMHz;
    struct IterFiles {
        const DataFile *msprof = nullptr, *taskJson = nullptr, *hccl = nullptr, *txJson = nullptr, *stepJson = nullptr;
        const DataFile *opSummary = nullptr, *opStat = nullptr, *taskCsv = nullptr, *aicpu = nullptr, *l2 = nullptr,
                       *txCsv = nullptr, *dp = nullptr, *fusion = nullptr, *stepCsv = nullptr;
    };
    std::map<std::pair<std::uint32_t, std::uint32_t>, IterFiles> its;
    for (const auto &f : d.files) {
        IterFiles &x = its[{f.model, f.iteration}];
        const QString &k = f.kind;
        const DataFile **slot = nullptr;
        if (f.json) {
            slot = k == QLatin1String("msprof") ? &x.msprof : k == QLatin1String("task_time") ? &x.taskJson
                 : k == QLatin1String("hccl") ? &x.hccl : k == QLatin1String("msprof_tx") ? &x.txJson : &x.stepJson;
        } else {
            slot = k == QLatin1String("op_summary") ? &x.opSummary : k == QLatin1String("op_statistic") ? &x.opStat
                 : k == QLatin1String("task_time") ? &x.taskCsv : k == QLatin1String("aicpu") ? &x.aicpu
                 : k == QLatin1String("l2_cache") ? &x.l2 : k == QLatin1String("msprof_tx") ? &x.txCsv
                 : k == QLatin1String("dp") ? &x.dp : k == QLatin1String("fusion_op") ? &x.fusion : &x.stepCsv;
        }
        *slot = &f;
    }
    for (const auto &[key, x] : its) {
        if (ctx_->cancelled())
            return ctx_->failCancelled();
        curModel = key.first;
        curIteration = key.second;
        // Summary lookups first, so the timeline's tasks are complete when they are built.
        for (const DataFile *f : {x.opSummary, x.taskCsv, x.l2, x.txCsv, x.aicpu, x.dp, x.fusion, x.opStat}) {
            if (!f)
                continue;
            bool ok = true;
            if (f == x.opSummary) ok = readOpSummary(*f, d.id);
            else if (f == x.taskCsv) ok = readTaskTimeCsv(*f);
            else if (f == x.l2) ok = readL2(*f);
            else if (f == x.txCsv) ok = readTxCsv(*f, d.info.hostPid);
            else if (f == x.aicpu) ok = readAiCpu(*f);
            else if (f == x.dp) ok = readDp(*f);
            else if (f == x.fusion) ok = readFusion(*f);
            else ok = readDerivedCsv(*f);
            if (!ok)
                return false;
            progressFile(*f);
        }
        // msprof holds every lane of the iteration; task_time / hccl / msprof_tx repeat
        // subsets of it. Without msprof, each of them is the authority for its lanes.
        const bool secondaries = x.taskJson || x.hccl || x.txJson;
        if (x.msprof) {
            if (!readTimeline(*x.msprof, d, true, secondaries))
                return false;
            progressFile(*x.msprof);
        }
        for (const DataFile *f : {x.taskJson, x.hccl, x.txJson}) {
            if (!f)
                continue;
            if (!readTimeline(*f, d, x.msprof == nullptr, false))
                return false;
            progressFile(*f);
        }
        if (!x.msprof && !x.taskJson)
            ctx_->problem(x.opSummary ? x.opSummary->rel : QStringLiteral("device_%1").arg(d.id), 0, -1,
                    Tr::tr("Iteration %1 of model %2 has no msprof or task_time timeline: its tasks are missing.").arg(key.second).arg(key.first));
        finishIteration(x.opSummary, x.taskCsv, x.l2);
        if (!ctx_->flush())
            return false;
    }
    // Step traces: every step_trace file repeats all iterations (duplicates of msprof's
    // own); the CSV adds which iteration has no previous end.
    for (const auto &[key, x] : its) {
        if (x.stepJson) {
            curModel = key.first;
            curIteration = key.second;
            if (!readTimeline(*x.stepJson, d, true, false))
                return false;
            progressFile(*x.stepJson);
        }
    }
    for (const auto &[key, x] : its) {
        if (x.stepCsv) {
            if (!readStepCsv(*x.stepCsv))
                return false;
            progressFile(*x.stepCsv);
        }
    }
    return emitStepTraces(dev(d.id));
}

bool LegacyReader::read(ImportContext &ctx)
{
    ctx_ = &ctx;
    for (auto &d : devs)
        if (!importDevice(d))
            return false;
    return ctx.flush();
}

} // namespace legacy

std::unique_ptr<LayoutReader> makeLegacyReader(const Source &s)
{
    return std::make_unique<legacy::LegacyReader>(s);
}

} // namespace npuscope::importing
