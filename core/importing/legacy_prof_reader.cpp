// The legacy per-device PROF layout (Ascend 910, CANN up to 6, and NPU Scope's own
// export): PROF_*/device_<id>/{info.json.<id>, start_info.<id>, end_info.<id>,
// timeline/<kind>_<dev>_<model>_<iter>.json, summary/<kind>_<dev>_<model>_<iter>.csv}.
// Per iteration, the summary CSVs are read first into lookups (op_summary, task_time, l2)
// so the timeline's tasks are complete when they are built; msprof holds every lane, and
// task_time / hccl / msprof_tx repeat subsets of it (counted as duplicates).

#include "core/importing/readers.h"

#include "core/importing/csv_reader.h"
#include "core/importing/json_pull.h"
#include "core/importing/trace_file.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>
#include <deque>
#include <map>
#include <optional>
#include <set>
#include <unordered_map>
#include <unordered_set>

namespace npuscope::importing {

// lupdate context "ProfImporter".
struct ProfImporter {
    Q_DECLARE_TR_FUNCTIONS(ProfImporter)
};

namespace {

using Tr = ProfImporter;

struct DataFile {
    QString path, rel;
    QString kind;            // msprof, task_time, op_summary ...
    bool json = false;
    std::uint16_t device = 0;
    std::uint32_t model = 0, iteration = 0;
    std::uint64_t size = 0;
};

struct DeviceSrc {
    std::uint16_t id = 0;
    QString dir;
    DeviceInfo info;
    std::vector<DataFile> files;
};

enum class Lane : std::uint8_t { Unknown, Hardware, Cann, Hccl, Overlap, StepTrace, Tx };

constexpr std::uint64_t kCommKernelTid = 70000;

std::uint64_t mix(std::uint64_t h, std::uint64_t v)
{
    h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
    return h * 0xff51afd7ed558ccdull;
}
std::uint64_t mixStr(std::uint64_t h, std::string_view s)
{
    std::uint64_t x = 14695981039346656037ull;
    for (char c : s) {
        x ^= static_cast<unsigned char>(c);
        x *= 1099511628211ull;
    }
    return mix(h, x);
}

// What op_summary says about one task; looked up by (stream, task id, start).
// A legacy op_summary of a session with today's metric set (a 910B's aicore_time(us),
// aic_total_cycles, aic_*, aiv_*) shows its recorded aicore_time(us) in the fixed column, so
// its metric columns start with aic_total_cycles.
bool recordedAicoreTime(const QStringList &metrics)
{
    return !metrics.isEmpty() && metrics.front() == QLatin1String("aic_total_cycles");
}

struct OpSummaryRow {
    std::string opType, core, inS, inT, inF, outS, outT, outF;
    std::uint16_t blockDim = 0;
    std::uint64_t cycles = 0;
    std::vector<float> pmu;
    bool used = false;
    std::uint64_t line = 0, offset = 0;
};

struct PendingStat {
    std::uint64_t count = 0, seen = 0;
    TimeNs total = 0;
    std::uint64_t line = 0, offset = 0;
};

struct StepAcc {
    std::uint32_t model = 0, iteration = 0;
    bool haveIter = false, haveFpBp = false, haveRefresh = false, fromCsv = false;
    TimeNs iterStart = 0, iterEnd = 0, fpStart = 0, bpEnd = 0;
    std::map<std::uint32_t, StepTraceRecord::Reduce> reduces;
    std::optional<bool> firstByCsv; // step_trace csv: Data Aug Bound N/A ⇔ no previous end
    std::optional<TimeNs> dataAug;
};

struct ModelSeen {
    std::set<std::uint32_t> iterations;
    QString name;
};

class LegacyReader : public LayoutReader {
public:
    explicit LegacyReader(const Source &s) : LayoutReader(s) {}
    bool prepare(ImportContext &ctx) override;
    bool read(ImportContext &ctx) override;
    bool devicesMustBeUnique() const override { return true; }
    void excludeDevice(std::uint16_t id, const QString &why) override;
    QString deviceDir(std::uint16_t id) const override;

private:
    // discovery
    void addProfDir(const QString &dir);
    void addDevice(const QString &devDir, std::uint16_t id);
    void readDeviceMeta(DeviceSrc &d);
    QJsonObject readSmallJson(const QString &path, const QString &rel, bool required);
    void describeSession();

    // per device
    bool importDevice(DeviceSrc &d);
    bool readOpSummary(const DataFile &f, std::uint16_t device);
    bool readTaskTimeCsv(const DataFile &f);
    bool readL2(const DataFile &f);
    bool readTxCsv(const DataFile &f, std::uint32_t pidFallback);
    bool readAiCpu(const DataFile &f);
    bool readDp(const DataFile &f);
    bool readFusion(const DataFile &f);
    bool readDerivedCsv(const DataFile &f);
    bool readStepCsv(const DataFile &f);
    bool readTimeline(const DataFile &f, const DeviceSrc &d, bool authoritative, bool remember);
    void finishIteration(const DataFile *opSummary, const DataFile *taskTimeCsv, const DataFile *l2);
    bool emitStepTraces(std::uint16_t device);
    void progressFile(const DataFile &f) { ctx_->fileDone(f.size); }
    std::uint16_t dev(std::uint16_t src) const { return map.device(src); }

    ImportContext *ctx_ = nullptr;
    QString contain; // canonical PROF folder being read: nothing outside it is read
    std::vector<DeviceSrc> devs;
    std::map<std::uint32_t, ModelSeen> modelSeen;

    // per iteration lookups (filled from the summary CSVs before the timeline is read)
    std::unordered_map<std::uint64_t, OpSummaryRow> opRows;       // key: stream, task, start, device
    std::unordered_map<std::uint64_t, PendingStat> pendings;      // key: stream, task, name
    std::unordered_map<std::uint64_t, std::deque<std::pair<float, float>>> l2Rows; // key: stream, task
    std::uint64_t l2Unused = 0;
    std::unordered_set<std::uint64_t> seenTasks, seenHccl, seenTx;
    bool txFromCsv = false;
    std::uint32_t collectiveSegment = 0;
    std::set<std::tuple<std::uint32_t, std::string, std::string>> fusionSeen;
    // per device
    std::map<std::pair<std::uint32_t, std::uint32_t>, StepAcc> steps; // (model, iteration)
    std::uint16_t curDevice = 0;
    std::uint32_t curModel = 0, curIteration = 0;
    std::uint32_t hostPid = 0;
    int aicFreq = 0;
};

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

static QStringList csvHeader(const QString &path)
{
    CsvReader r;
    std::vector<std::string> cells;
    QStringList out;
    if (r.open(path) && r.next(&cells))
        for (const auto &c : cells)
            out << QString::fromStdString(c);
    return out;
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
        const QStringList h = csvHeader(f.path);
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

// ---------------------------------------------------------------------------------------
// records

static std::uint64_t taskKey(std::uint32_t stream, std::uint32_t task, TimeNs start)
{
    return mix(mix(mix(1, stream), task), static_cast<std::uint64_t>(start));
}

// ---------------------------------------------------------------------------------------
// summary CSVs

namespace csvcol {
int find(const std::vector<std::string> &h, std::initializer_list<const char *> names)
{
    for (const char *n : names)
        for (std::size_t i = 0; i < h.size(); ++i)
            if (h[i] == n)
                return int(i);
    return -1;
}
} // namespace csvcol

// Opens a CSV, reads its header and checks the columns the caller needs.
struct CsvFile {
    CsvReader r;
    std::vector<std::string> header, row;
    bool ok = false;
};

bool LegacyReader::readOpSummary(const DataFile &f, std::uint16_t device)
{
    FileAccount &acc = ctx_->account(f.rel);
    CsvFile c;
    if (!c.r.open(f.path) || !c.r.next(&c.header)) {
        ctx_->problem(f.rel, 0, -1, c.r.error().isEmpty() ? Tr::tr("The file is empty.") : c.r.error());
        return true;
    }
    using csvcol::find;
    const int cDev = find(c.header, {"Device_id"});
    const int cStream = find(c.header, {"Stream ID"}), cTask = find(c.header, {"Task ID"});
    const int cStart = find(c.header, {"Task Start Time", "Task Start Time(us)"});
    const int cType = find(c.header, {"OP Type"}), cBlock = find(c.header, {"Block Dim"});
    const int cCore = find(c.header, {"Task Type"}), cAicore = find(c.header, {"aicore_time(us)"});
    const int cInS = find(c.header, {"Input Shapes"}), cInT = find(c.header, {"Input Data Types"}), cInF = find(c.header, {"Input Formats"});
    const int cOutS = find(c.header, {"Output Shapes"}), cOutT = find(c.header, {"Output Data Types"}), cOutF = find(c.header, {"Output Formats"});
    const int cCycles = find(c.header, {"total_cycles"});
    if (cStream < 0 || cTask < 0 || cStart < 0) {
        ctx_->problem(f.rel, 1, 0, Tr::tr("The header lacks Stream ID, Task ID or Task Start Time; the file was not read."));
        while (c.r.next(&c.row)) {
            ++acc.items;
            ++acc.skipped;
        }
        return true;
    }
    const int metricsAt = cCycles >= 0 ? cCycles + 1 : int(c.header.size());
    QStringList metricNames;
    std::vector<int> metricCols;
    for (int i = metricsAt; i < int(c.header.size()); ++i) {
        metricNames << QString::fromStdString(c.header[std::size_t(i)]);
        metricCols.push_back(i);
    }
    if (cAicore >= 0 && recordedAicoreTime(metricNames)) {
        metricNames.prepend(QStringLiteral("aicore_time(us)"));
        metricCols.insert(metricCols.begin(), cAicore);
    }
    const int nMetrics = int(metricCols.size());
    const std::vector<int> at = ctx_->pmuIndex(metricNames);
    const std::size_t width = std::size_t(ctx_->pmuColumns().size());
    while (c.r.next(&c.row)) {
        ++acc.items;
        auto cell = [&c](int i) { return i >= 0 && i < int(c.row.size()) ? csvValue(c.row[std::size_t(i)]) : std::string(); };
        std::uint64_t stream = 0, task = 0, dev = device;
        TimeNs start = 0;
        if (c.row.size() != c.header.size() || !toUInt64(cell(cStream), &stream) || !toUInt64(cell(cTask), &task)
            || !usTextToNs(cell(cStart), &start) || (cDev >= 0 && !toUInt64(cell(cDev), &dev))) {
            ctx_->problem(f.rel, c.r.recordLine(), std::int64_t(c.r.recordOffset()), Tr::tr("A row has the wrong number of cells or a non-numeric stream, task id or start time; the row was skipped."));
            ++acc.skipped;
            continue;
        }
        OpSummaryRow row;
        row.opType = cell(cType);
        row.core = cell(cCore);
        row.inS = cell(cInS); row.inT = cell(cInT); row.inF = cell(cInF);
        row.outS = cell(cOutS); row.outT = cell(cOutT); row.outF = cell(cOutF);
        std::uint64_t bd = 0, cyc = 0;
        toUInt64(cell(cBlock), &bd);
        row.blockDim = static_cast<std::uint16_t>(std::min<std::uint64_t>(bd, 65535));
        if (toUInt64(cell(cCycles), &cyc))
            row.cycles = cyc;
        bool anyMetric = false;
        row.pmu.assign(width, 0.f);
        for (int i = 0; i < nMetrics; ++i) {
            double v = 0;
            if (at[std::size_t(i)] >= 0 && toDouble(cell(metricCols[std::size_t(i)]), &v)) {
                row.pmu[std::size_t(at[std::size_t(i)])] = static_cast<float>(v);
                anyMetric = true;
            }
        }
        if (!anyMetric)
            row.pmu.clear();
        row.line = c.r.recordLine();
        row.offset = c.r.recordOffset();
        const std::uint64_t k = mix(taskKey(std::uint32_t(stream), std::uint32_t(task), start), dev);
        // The first row of a task wins; a repeated one used to overwrite it, and the
        // overwritten row was then never accounted for (found by fuzzing).
        if (!opRows.try_emplace(k, std::move(row)).second) {
            ctx_->problem(f.rel, c.r.recordLine(), std::int64_t(c.r.recordOffset()), Tr::tr("Another row of this file has the same device, stream, task id and start time; this row was skipped."));
            ++acc.skipped;
        }
    }
    if (!c.r.error().isEmpty())
        ctx_->problem(f.rel, c.r.recordLine(), std::int64_t(c.r.recordOffset()), c.r.error());
    return true;
}

bool LegacyReader::readTaskTimeCsv(const DataFile &f)
{
    FileAccount &acc = ctx_->account(f.rel);
    CsvFile c;
    if (!c.r.open(f.path) || !c.r.next(&c.header)) {
        ctx_->problem(f.rel, 0, -1, c.r.error().isEmpty() ? Tr::tr("The file is empty.") : c.r.error());
        return true;
    }
    using csvcol::find;
    const int cCount = find(c.header, {"Count"}), cPending = find(c.header, {"Pending(us)"});
    const int cTask = find(c.header, {"Task ID"}), cName = find(c.header, {"Op Name"}), cStream = find(c.header, {"Stream ID"});
    while (c.r.next(&c.row)) {
        ++acc.items;
        std::uint64_t count = 0, task = 0, stream = 0;
        TimeNs pending = 0;
        auto cell = [&c](int i) { return i >= 0 && i < int(c.row.size()) ? csvValue(c.row[std::size_t(i)]) : std::string(); };
        if (c.row.size() != c.header.size() || !toUInt64(cell(cCount), &count) || !toUInt64(cell(cTask), &task)
            || !toUInt64(cell(cStream), &stream) || !usTextToNs(cell(cPending), &pending) || count == 0) {
            ctx_->problem(f.rel, c.r.recordLine(), std::int64_t(c.r.recordOffset()), Tr::tr("A row has the wrong number of cells or non-numeric Count, Pending, Task ID or Stream ID; the row was skipped."));
            ++acc.skipped;
            continue;
        }
        const std::string name = cell(cName);
        PendingStat &p = pendings[mixStr(mix(mix(2, stream), task), name)];
        p.count += count;
        p.total += pending;
        p.line = c.r.recordLine();
        p.offset = c.r.recordOffset();
        // The rest of the row (times, waiting, running) is recomputed from the tasks.
        ++acc.imported;
    }
    if (!c.r.error().isEmpty())
        ctx_->problem(f.rel, c.r.recordLine(), std::int64_t(c.r.recordOffset()), c.r.error());
    return true;
}

bool LegacyReader::readL2(const DataFile &f)
{
    FileAccount &acc = ctx_->account(f.rel);
    CsvFile c;
    if (!c.r.open(f.path) || !c.r.next(&c.header)) {
        ctx_->problem(f.rel, 0, -1, c.r.error().isEmpty() ? Tr::tr("The file is empty.") : c.r.error());
        return true;
    }
    using csvcol::find;
    const int cStream = find(c.header, {"Stream Id"}), cTask = find(c.header, {"Task Id"});
    const int cHit = find(c.header, {"Hit Rate"}), cVictim = find(c.header, {"Victim Rate"});
    while (c.r.next(&c.row)) {
        ++acc.items;
        auto cell = [&c](int i) { return i >= 0 && i < int(c.row.size()) ? csvValue(c.row[std::size_t(i)]) : std::string(); };
        std::uint64_t stream = 0, task = 0;
        double hit = 0, victim = -1;
        if (c.row.size() != c.header.size() || !toUInt64(cell(cStream), &stream) || !toUInt64(cell(cTask), &task)
            || !toDouble(cell(cHit), &hit)) {
            ctx_->problem(f.rel, c.r.recordLine(), std::int64_t(c.r.recordOffset()), Tr::tr("A row has the wrong number of cells or non-numeric ids or hit rate; the row was skipped."));
            ++acc.skipped;
            continue;
        }
        if (!toDouble(cell(cVictim), &victim))
            victim = -1;
        l2Rows[mix(mix(3, stream), task)].push_back({float(hit), float(victim)});
        ++l2Unused;
        ++acc.imported; // taken back as skipped in finishIteration when no task claims it
    }
    if (!c.r.error().isEmpty())
        ctx_->problem(f.rel, c.r.recordLine(), std::int64_t(c.r.recordOffset()), c.r.error());
    return true;
}

bool LegacyReader::readTxCsv(const DataFile &f, std::uint32_t pidFallback)
{
    FileAccount &acc = ctx_->account(f.rel);
    CsvFile c;
    if (!c.r.open(f.path) || !c.r.next(&c.header)) {
        ctx_->problem(f.rel, 0, -1, c.r.error().isEmpty() ? Tr::tr("The file is empty.") : c.r.error());
        return true;
    }
    using csvcol::find;
    const int cPid = find(c.header, {"pid"}), cTid = find(c.header, {"tid"}), cCat = find(c.header, {"category"});
    const int cEvent = find(c.header, {"event_type"}), cPType = find(c.header, {"payload_type"}), cPValue = find(c.header, {"payload_value"});
    const int cStart = find(c.header, {"Start_time(ns)"}), cEnd = find(c.header, {"End_time(ns)"});
    const int cMType = find(c.header, {"message_type"}), cMsg = find(c.header, {"message"});
    while (c.r.next(&c.row)) {
        ++acc.items;
        auto cell = [&c](int i) { return i >= 0 && i < int(c.row.size()) ? csvValue(c.row[std::size_t(i)]) : std::string(); };
        std::uint64_t pid = pidFallback, tid = 0, cat = 0, ptype = 0, pvalue = 0;
        double s = 0, e = 0;
        if (c.row.size() != c.header.size() || !toUInt64(cell(cTid), &tid) || !toDouble(cell(cStart), &s) || !toDouble(cell(cEnd), &e) || e < s) {
            ctx_->problem(f.rel, c.r.recordLine(), std::int64_t(c.r.recordOffset()), Tr::tr("A row has the wrong number of cells, a non-numeric tid or start/end time, or ends before it starts; the row was skipped."));
            ++acc.skipped;
            continue;
        }
        toUInt64(cell(cPid), &pid);
        toUInt64(cell(cCat), &cat);
        toUInt64(cell(cPType), &ptype);
        toUInt64(cell(cPValue), &pvalue);
        HostRangeRecord r;
        r.kind = HostRangeRecord::Kind::MsprofTx;
        r.device = dev(curDevice);
        r.modelId = curModel;
        r.iteration = curIteration;
        r.pid = std::uint32_t(pid);
        r.tid = std::uint32_t(tid);
        r.start = static_cast<TimeNs>(std::llround(s));
        r.duration = static_cast<TimeNs>(std::llround(e)) - r.start;
        const std::string msg = cell(cMsg);
        r.name = ctx_->str(msg);
        r.category = std::uint32_t(cat);
        r.eventType = ctx_->str(cell(cEvent));
        r.payloadType = std::uint32_t(ptype);
        r.payloadValue = pvalue;
        r.messageType = ctx_->str(cell(cMType));
        ctx_->batch().hostRanges.push_back(r);
        seenTx.insert(mixStr(mix(mix(4, r.tid), std::uint64_t(r.start)) ^ std::uint64_t(r.duration), msg));
        txFromCsv = true;
        ++acc.imported;
        if (!ctx_->flushIfFull())
            return false;
    }
    if (!c.r.error().isEmpty())
        ctx_->problem(f.rel, c.r.recordLine(), std::int64_t(c.r.recordOffset()), c.r.error());
    return true;
}

bool LegacyReader::readAiCpu(const DataFile &f)
{
    FileAccount &acc = ctx_->account(f.rel);
    CsvFile c;
    if (!c.r.open(f.path) || !c.r.next(&c.header)) {
        ctx_->problem(f.rel, 0, -1, c.r.error().isEmpty() ? Tr::tr("The file is empty.") : c.r.error());
        return true;
    }
    using csvcol::find;
    const int cTs = find(c.header, {"Timestamp"}), cNode = find(c.header, {"Node"});
    const int cols[5] = {find(c.header, {"Compute_time(ms)"}), find(c.header, {"Memcpy_time(ms)"}), find(c.header, {"Task_time(ms)"}),
                         find(c.header, {"Dispatch_time(ms)"}), find(c.header, {"Total_time(ms)"})};
    const int cStream = find(c.header, {"Stream ID"}), cTask = find(c.header, {"Task ID"});
    while (c.r.next(&c.row)) {
        ++acc.items;
        auto cell = [&c](int i) { return i >= 0 && i < int(c.row.size()) ? csvValue(c.row[std::size_t(i)]) : std::string(); };
        AiCpuRecord a;
        a.device = dev(curDevice);
        a.modelId = curModel;
        a.iteration = curIteration;
        TimeNs v[5] = {};
        std::uint64_t stream = 0, task = 0;
        bool ok = c.row.size() == c.header.size() && usTextToNs(cell(cTs), &a.timestamp) && toUInt64(cell(cStream), &stream)
               && toUInt64(cell(cTask), &task);
        for (int i = 0; i < 5 && ok; ++i)
            ok = msTextToNs(cell(cols[i]), &v[i]);
        if (!ok) {
            ctx_->problem(f.rel, c.r.recordLine(), std::int64_t(c.r.recordOffset()), Tr::tr("A row has the wrong number of cells or a non-numeric time or id; the row was skipped."));
            ++acc.skipped;
            continue;
        }
        a.node = ctx_->str(cell(cNode));
        a.computeTime = v[0];
        a.memcpyTime = v[1];
        a.taskTime = v[2];
        a.dispatchTime = v[3];
        a.totalTime = v[4];
        a.streamId = std::uint32_t(stream);
        a.taskId = std::uint32_t(task);
        ctx_->batch().aiCpu.push_back(a);
        ++acc.imported;
        if (!ctx_->flushIfFull())
            return false;
    }
    if (!c.r.error().isEmpty())
        ctx_->problem(f.rel, c.r.recordLine(), std::int64_t(c.r.recordOffset()), c.r.error());
    return true;
}

bool LegacyReader::readDp(const DataFile &f)
{
    FileAccount &acc = ctx_->account(f.rel);
    CsvFile c;
    if (!c.r.open(f.path) || !c.r.next(&c.header)) {
        ctx_->problem(f.rel, 0, -1, c.r.error().isEmpty() ? Tr::tr("The file is empty.") : c.r.error());
        return true;
    }
    using csvcol::find;
    const int cTs = find(c.header, {"Timestamp"}), cAction = find(c.header, {"Action"}), cSource = find(c.header, {"Source"});
    const int cSize = find(c.header, {"Cached Buffer Size"});
    while (c.r.next(&c.row)) {
        ++acc.items;
        auto cell = [&c](int i) { return i >= 0 && i < int(c.row.size()) ? csvValue(c.row[std::size_t(i)]) : std::string(); };
        QueueEventRecord q;
        q.device = dev(curDevice);
        std::uint64_t size = 0;
        if (c.row.size() != c.header.size() || !usTextToNs(cell(cTs), &q.timestamp) || !toUInt64(cell(cSize), &size)) {
            ctx_->problem(f.rel, c.r.recordLine(), std::int64_t(c.r.recordOffset()), Tr::tr("A row has the wrong number of cells or a non-numeric timestamp or buffer size; the row was skipped."));
            ++acc.skipped;
            continue;
        }
        q.cachedBufferSize = std::uint32_t(size);
        q.action = ctx_->str(cell(cAction));
        q.source = ctx_->str(cell(cSource));
        ctx_->batch().queueEvents.push_back(q);
        ++acc.imported;
        if (!ctx_->flushIfFull())
            return false;
    }
    if (!c.r.error().isEmpty())
        ctx_->problem(f.rel, c.r.recordLine(), std::int64_t(c.r.recordOffset()), c.r.error());
    return true;
}

bool LegacyReader::readFusion(const DataFile &f)
{
    FileAccount &acc = ctx_->account(f.rel);
    CsvFile c;
    if (!c.r.open(f.path) || !c.r.next(&c.header)) {
        ctx_->problem(f.rel, 0, -1, c.r.error().isEmpty() ? Tr::tr("The file is empty.") : c.r.error());
        return true;
    }
    using csvcol::find;
    const int cName = find(c.header, {"Model Name"}), cModel = find(c.header, {"Model ID"}), cOp = find(c.header, {"Fusion Op"});
    const int cOrig = find(c.header, {"Original Ops"});
    const int cMem[4] = {find(c.header, {"Memory Input(Bytes)"}), find(c.header, {"Memory Output(Bytes)"}),
                         find(c.header, {"Memory Weight(Bytes)"}), find(c.header, {"Memory Workspace(Bytes)"})};
    while (c.r.next(&c.row)) {
        ++acc.items;
        auto cell = [&c](int i) { return i >= 0 && i < int(c.row.size()) ? csvValue(c.row[std::size_t(i)]) : std::string(); };
        std::uint64_t model = 0, mem[4] = {};
        bool ok = c.row.size() == c.header.size() && toUInt64(cell(cModel), &model);
        for (int i = 0; i < 4 && ok; ++i)
            ok = toUInt64(cell(cMem[i]), &mem[i]);
        if (!ok) {
            ctx_->problem(f.rel, c.r.recordLine(), std::int64_t(c.r.recordOffset()), Tr::tr("A row has the wrong number of cells or a non-numeric model id or memory size; the row was skipped."));
            ++acc.skipped;
            continue;
        }
        // Every iteration's file repeats the model's fusion table.
        if (!fusionSeen.insert({std::uint32_t(model), cell(cOp), cell(cOrig)}).second) {
            ++acc.duplicates;
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
        ++acc.imported;
    }
    if (!c.r.error().isEmpty())
        ctx_->problem(f.rel, c.r.recordLine(), std::int64_t(c.r.recordOffset()), c.r.error());
    return true;
}

bool LegacyReader::readDerivedCsv(const DataFile &f)
{
    FileAccount &acc = ctx_->account(f.rel);
    CsvFile c;
    if (!c.r.open(f.path) || !c.r.next(&c.header)) {
        ctx_->problem(f.rel, 0, -1, c.r.error().isEmpty() ? Tr::tr("The file is empty.") : c.r.error());
        return true;
    }
    while (c.r.next(&c.row)) {
        ++acc.items;
        ++acc.derived; // op_statistic: recomputed from the tasks on export
    }
    if (!c.r.error().isEmpty())
        ctx_->problem(f.rel, c.r.recordLine(), std::int64_t(c.r.recordOffset()), c.r.error());
    return true;
}

bool LegacyReader::readStepCsv(const DataFile &f)
{
    FileAccount &acc = ctx_->account(f.rel);
    CsvFile c;
    if (!c.r.open(f.path) || !c.r.next(&c.header)) {
        ctx_->problem(f.rel, 0, -1, c.r.error().isEmpty() ? Tr::tr("The file is empty.") : c.r.error());
        return true;
    }
    using csvcol::find;
    const int cIt = find(c.header, {"Iteration ID"}), cFp = find(c.header, {"FP Start"}), cBp = find(c.header, {"BP End"});
    const int cEnd = find(c.header, {"Iteration End"}), cTime = find(c.header, {"Iteration Time(us)"});
    const int cAug = find(c.header, {"Data Aug Bound(us)"});
    while (c.r.next(&c.row)) {
        ++acc.items;
        auto cell = [&c](int i) { return i >= 0 && i < int(c.row.size()) ? csvValue(c.row[std::size_t(i)]) : std::string(); };
        std::uint64_t it = 0;
        TimeNs fp = 0, bp = 0, end = 0, time = 0;
        if (c.row.size() != c.header.size() || !toUInt64(cell(cIt), &it) || it == 0 || !usTextToNs(cell(cFp), &fp)
            || !usTextToNs(cell(cBp), &bp) || !usTextToNs(cell(cEnd), &end) || !usTextToNs(cell(cTime), &time)) {
            ctx_->problem(f.rel, c.r.recordLine(), std::int64_t(c.r.recordOffset()), Tr::tr("A row has the wrong number of cells or a non-numeric iteration or time; the row was skipped."));
            ++acc.skipped;
            continue;
        }
        StepAcc &s = steps[{f.model, std::uint32_t(it)}];
        const std::string aug = cell(cAug);
        TimeNs augNs = 0;
        s.firstByCsv = aug.empty();
        if (!aug.empty() && usTextToNs(aug, &augNs))
            s.dataAug = augNs;
        if (s.haveIter || s.haveFpBp) {
            ++acc.duplicates;
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
        for (std::size_t k = 0; 2 * k + 1 + std::size_t(cAug) + 1 < c.header.size() + 1; ++k) {
            const int cs = cAug + 1 + int(2 * k);
            if (cs + 1 >= int(c.header.size()))
                break;
            TimeNs rs = 0, rd = 0;
            if (usTextToNs(cell(cs), &rs) && usTextToNs(cell(cs + 1), &rd))
                s.reduces[std::uint32_t(k)] = {rs, rs + rd};
        }
        ++acc.imported;
    }
    if (!c.r.error().isEmpty())
        ctx_->problem(f.rel, c.r.recordLine(), std::int64_t(c.r.recordOffset()), c.r.error());
    return true;
}

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
        switch (lane) {
        case Lane::Hardware: {
            const std::string tt = argText(e, "Task Type");
            if (tt.empty()) {
                skip(Tr::tr("The task has no \"Task Type\"; the event was skipped."));
                continue;
            }
            const TaskKind type = taskKindOf(tt);
            const std::uint32_t stream = std::uint32_t(argU64(e, "Stream Id", e.tid));
            const std::uint32_t task = std::uint32_t(argU64(e, "Task Id", 0));
            const std::uint64_t key = mixStr(taskKey(stream, task, e.ts) ^ std::uint64_t(e.dur), e.name) ^ device;
            if (!authoritative) {
                if (seenTasks.count(key)) {
                    ++acc.duplicates;
                    continue;
                }
            } else if (remember) {
                seenTasks.insert(key);
            }
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
            break;
        }
        case Lane::Hccl: {
            const bool kernel = e.tid == kCommKernelTid;
            const std::uint64_t key = mixStr(mix(mix(5, e.tid), std::uint64_t(e.ts)) ^ std::uint64_t(e.dur), e.name) ^ device;
            if (!authoritative) {
                if (seenHccl.count(key)) {
                    ++acc.duplicates;
                    continue;
                }
            } else if (remember) {
                seenHccl.insert(key);
            }
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
            break;
        }
        case Lane::Cann: {
            HostRangeRecord h;
            h.kind = e.arg("Model Name") ? HostRangeRecord::Kind::Cann : HostRangeRecord::Kind::RuntimeApi;
            h.device = device;
            h.modelId = std::uint32_t(argU64(e, "Model Id", curModel));
            h.iteration = curIteration;
            h.pid = std::uint32_t(P);
            h.tid = std::uint32_t(e.tid);
            h.name = ctx_->str(e.name);
            h.start = e.ts;
            h.duration = e.dur;
            ctx_->batch().hostRanges.push_back(h);
            ++acc.imported;
            break;
        }
        case Lane::Tx: {
            const std::uint64_t key = mixStr(mix(mix(4, e.tid), std::uint64_t(e.ts)) ^ std::uint64_t(e.dur), e.name);
            if (!authoritative || txFromCsv) {
                if (seenTx.count(key)) {
                    ++acc.duplicates;
                    continue;
                }
            } else if (remember) {
                seenTx.insert(key);
            }
            HostRangeRecord h;
            h.kind = HostRangeRecord::Kind::MsprofTx;
            h.device = device;
            h.modelId = curModel;
            h.iteration = curIteration;
            h.pid = std::uint32_t(P);
            h.tid = std::uint32_t(e.tid);
            h.name = ctx_->str(e.name);
            h.start = e.ts;
            h.duration = e.dur;
            h.category = std::uint32_t(argU64(e, "category", 0));
            h.eventType = ctx_->str(argText(e, "event_type"));
            h.payloadType = std::uint32_t(argU64(e, "payload_type", 0));
            h.payloadValue = argU64(e, "payload_value", 0);
            h.messageType = ctx_->str(argText(e, "message_type"));
            ctx_->batch().hostRanges.push_back(h);
            ++acc.imported;
            break;
        }
        case Lane::StepTrace: {
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
                skip(Tr::tr("Unknown step trace event \"%1\"; it was skipped.").arg(QString::fromStdString(e.name)));
                continue;
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
                        skip(Tr::tr("Step trace event \"%1\" disagrees with the same event of another file; the first one was kept.").arg(QString::fromStdString(e.name)));
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
                        skip(Tr::tr("Step trace event \"%1\" disagrees with the same event of another file; the first one was kept.").arg(QString::fromStdString(e.name)));
                } else {
                    s.reduces[k] = {a, b};
                    ++acc.imported;
                }
                break;
            }
            case None: break;
            }
            break;
        }
        case Lane::Overlap:
        case Lane::Unknown:
            break;
        }
        if (!ctx_->flushIfFull())
            return false;
    }
    return true;
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

} // namespace

std::unique_ptr<LayoutReader> makeLegacyReader(const Source &s)
{
    return std::make_unique<LegacyReader>(s);
}

} // namespace npuscope::importing
