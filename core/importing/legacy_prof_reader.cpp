#include "core/importing/prof_importer.h"

#include "core/importing/csv_reader.h"
#include "core/importing/json_pull.h"
#include "core/options/profiling_options.h"

#include <QDateTime>
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

FileAccount ImportReport::total() const
{
    FileAccount t;
    for (const auto &f : files) {
        t.items += f.items;
        t.imported += f.imported;
        t.duplicates += f.duplicates;
        t.derived += f.derived;
        t.skipped += f.skipped;
    }
    return t;
}

bool ImportReport::balanced() const
{
    return std::all_of(files.begin(), files.end(), [](const FileAccount &f) { return f.balanced(); });
}

QByteArray ImportReport::toJson() const
{
    QJsonObject o;
    o.insert(QStringLiteral("layout"), layout);
    o.insert(QStringLiteral("source"), source);
    o.insert(QStringLiteral("prof_dirs"), QJsonArray::fromStringList(profDirs));
    o.insert(QStringLiteral("bytes"), double(bytes));
    const FileAccount t = total();
    QJsonObject tot;
    tot.insert(QStringLiteral("items"), double(t.items));
    tot.insert(QStringLiteral("imported"), double(t.imported));
    tot.insert(QStringLiteral("duplicates"), double(t.duplicates));
    tot.insert(QStringLiteral("derived"), double(t.derived));
    tot.insert(QStringLiteral("skipped"), double(t.skipped));
    o.insert(QStringLiteral("total"), tot);
    o.insert(QStringLiteral("files"), double(files.size()));
    QJsonArray probs;
    for (const auto &p : problems) {
        QJsonObject j;
        j.insert(QStringLiteral("file"), p.file);
        j.insert(QStringLiteral("line"), double(p.line));
        j.insert(QStringLiteral("offset"), double(p.offset));
        j.insert(QStringLiteral("reason"), p.reason);
        j.insert(QStringLiteral("count"), double(p.count));
        probs.append(j);
    }
    o.insert(QStringLiteral("problems"), probs);
    o.insert(QStringLiteral("missing"), QJsonArray::fromStringList(missing));
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

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

struct OpKey {
    std::uint32_t model;
    StrId name, opType, inS, inT, inF, outS, outT, outF;
    std::uint16_t blockDim;
    bool aiCpu;
    bool operator<(const OpKey &o) const
    {
        return std::tie(model, name, opType, inS, inT, inF, outS, outT, outF, blockDim, aiCpu)
             < std::tie(o.model, o.name, o.opType, o.inS, o.inT, o.inF, o.outS, o.outT, o.outF, o.blockDim, o.aiCpu);
    }
};

// What op_summary says about one task; looked up by (stream, task id, start).
struct OpSummaryRow {
    std::string opType, inS, inT, inF, outS, outT, outF;
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

class Importer {
public:
    Importer(const ImportRequest &r, RecordSink &s, ImportReport &rep,
             const std::function<void(const ImportProgress &)> &p, const std::atomic_bool *c)
        : req(r), sink(s), report(rep), progressFn(p), cancel(c) {}

    bool run();
    ImportError kind = ImportError::None;
    QString error;

private:
    bool fail(ImportError k, const QString &m) { kind = k; error = m; return false; }
    bool cancelled() const { return cancel && cancel->load(std::memory_order_relaxed); }

    // discovery
    bool discover();
    void addProfDir(const QString &dir);
    void addDevice(const QString &profDir, const QString &devDir, std::uint16_t id);
    void readDeviceMeta(DeviceSrc &d);
    QJsonObject readSmallJson(const QString &path, const QString &rel, bool required);
    QString relPath(const QString &abs) const { return QDir(root).relativeFilePath(abs); }
    bool escapes(const QString &abs);
    void buildSessionInfo();

    // problems and accounting
    void problem(const QString &rel, std::uint64_t line, std::int64_t offset, const QString &reason);
    FileAccount &account(const QString &rel);

    // records
    StrId str(std::string_view s) { return s.empty() ? 0 : strings.intern(s, batch); }
    bool flushIfFull();
    bool flush();
    std::uint32_t opFor(const OpKey &k);

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
    bool importNewer(std::vector<DeviceSrc> &devs);
    void progressFile(const DataFile &f);

    const ImportRequest &req;
    RecordSink &sink;
    ImportReport &report;
    const std::function<void(const ImportProgress &)> &progressFn;
    const std::atomic_bool *cancel;

    QString root;
    QString contain; // canonical PROF folder being read: nothing outside it is read
    std::vector<DeviceSrc> devices;
    std::vector<DataFile> newerFiles;       // mindstudio_profiler_output
    std::map<QString, std::size_t> accountIndex;
    std::map<std::pair<QString, QString>, std::size_t> problemIndex;
    SessionInfo info;
    bool begun = false;
    ImportProgress prog;

    StringTable strings;
    RecordBatch batch;
    std::map<OpKey, std::uint32_t> ops;
    std::map<std::uint32_t, ModelSeen> models;

    // per iteration lookups (filled from the summary CSVs before the timeline is read)
    std::unordered_map<std::uint64_t, OpSummaryRow> opRows;       // key: stream, task, start (+device in the newer layout)
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
    int aicFreq = 1000;
    bool newerLayout = false;
};

// ---------------------------------------------------------------------------------------
// problems and accounting

void Importer::problem(const QString &rel, std::uint64_t line, std::int64_t offset, const QString &reason)
{
    const auto key = std::make_pair(rel, reason);
    auto it = problemIndex.find(key);
    if (it != problemIndex.end()) {
        ++report.problems[it->second].count;
        return;
    }
    problemIndex.emplace(key, report.problems.size());
    report.problems.push_back({rel, line, offset, reason, 1});
}

FileAccount &Importer::account(const QString &rel)
{
    auto it = accountIndex.find(rel);
    if (it != accountIndex.end())
        return report.files[it->second];
    accountIndex.emplace(rel, report.files.size());
    report.files.push_back({});
    report.files.back().file = rel;
    return report.files.back();
}

void Importer::progressFile(const DataFile &f)
{
    ++prog.filesDone;
    prog.bytesDone += f.size;
    if (progressFn)
        progressFn(prog);
}

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

bool Importer::discover()
{
    const QFileInfo fi(req.path);
    if (req.path.trimmed().isEmpty())
        return fail(ImportError::Usage, Tr::tr("No folder to import was given."));
    if (!fi.exists())
        return fail(ImportError::Unreadable, Tr::tr("The folder %1 does not exist.").arg(req.path));
    if (!fi.isDir())
        return fail(ImportError::Unreadable, Tr::tr("%1 is not a folder; give a PROF_* folder, one of its device_* folders or a folder holding PROF_* folders.").arg(req.path));
    if (!fi.isReadable() || !fi.isExecutable())
        return fail(ImportError::Unreadable, Tr::tr("The folder %1 cannot be read (permission denied).").arg(req.path));
    const QString dir = fi.canonicalFilePath();
    report.source = dir;
    const QString name = fi.fileName();
    std::uint16_t id = 0;
    QStringList profDirs;
    if (parseDeviceDirName(name, &id) || name == QLatin1String("mindstudio_profiler_output")
        || name == QLatin1String("timeline") || name == QLatin1String("summary")) {
        QString up = QFileInfo(dir).absolutePath();
        if (name == QLatin1String("timeline") || name == QLatin1String("summary"))
            up = QFileInfo(up).absolutePath();
        profDirs << up;
    } else if (name.startsWith(QLatin1String("PROF_"))) {
        profDirs << dir;
    } else {
        const QStringList subs = QDir(dir).entryList({QStringLiteral("PROF_*")}, QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
        for (const QString &s : subs)
            profDirs << QDir(dir).absoluteFilePath(s);
        if (profDirs.isEmpty())
            profDirs << dir; // a PROF directory under another name
    }
    root = profDirs.size() == 1 && profDirs.first() != dir ? QFileInfo(profDirs.first()).absolutePath() : dir;
    if (profDirs.size() == 1 && profDirs.first() == dir)
        root = QFileInfo(dir).absolutePath();
    for (const QString &p : profDirs)
        addProfDir(p);
    if (devices.empty() && newerFiles.empty())
        return fail(ImportError::Unreadable, Tr::tr("No profiling data was found in %1: expected PROF_* folders with device_<id>/timeline, device_<id>/summary or mindstudio_profiler_output inside.").arg(req.path));
    std::sort(devices.begin(), devices.end(), [](const DeviceSrc &a, const DeviceSrc &b) { return a.id < b.id; });
    return true;
}

// A capture from someone else may carry links to anywhere (~/.ssh, /proc, another user's
// files); whatever is read must resolve inside the PROF folder being imported. The PROF
// folders themselves are the user's choice and may be links.
bool Importer::escapes(const QString &abs)
{
    const QString c = QFileInfo(abs).canonicalFilePath();
    if (c.isEmpty() || contain.isEmpty())
        return false; // a dangling link: the reader reports it as unreadable
    if (c == contain || c.startsWith(contain + QLatin1Char('/')))
        return false;
    problem(relPath(abs), 0, -1, Tr::tr("This is a link to %1, outside the imported folder; it was not read.").arg(c));
    return true;
}

void Importer::addProfDir(const QString &profDir)
{
    contain = QFileInfo(profDir).canonicalFilePath();
    QDir pd(profDir);
    bool any = false;
    const QString newer = pd.absoluteFilePath(QStringLiteral("mindstudio_profiler_output"));
    const QStringList devDirs = pd.entryList({QStringLiteral("device_*")}, QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
    bool legacyData = false;
    for (const QString &dd : devDirs)
        if (QFileInfo(pd.absoluteFilePath(dd + QStringLiteral("/timeline"))).isDir()
            || QFileInfo(pd.absoluteFilePath(dd + QStringLiteral("/summary"))).isDir())
            legacyData = true;
    if (!legacyData && QFileInfo(newer).isDir()) {
        newerLayout = true;
        static const QRegularExpression re(QStringLiteral("^([a-z_0-9]+?)_(?:slice_\\d+_)?(\\d{14})\\.(json|csv)$"));
        const QStringList files = QDir(newer).entryList(QDir::Files, QDir::Name);
        for (const QString &fn : files) {
            const auto m = re.match(fn);
            const QString abs = QDir(newer).absoluteFilePath(fn);
            if (escapes(abs))
                continue;
            if (!m.hasMatch()) {
                problem(relPath(abs), 0, -1, Tr::tr("The file name does not follow <name>_<YYYYMMDDhhmmss>.<json|csv>; the file was not read."));
                continue;
            }
            DataFile f;
            f.path = abs;
            f.rel = relPath(abs);
            f.kind = m.captured(1);
            f.json = m.captured(3) == QLatin1String("json");
            f.size = static_cast<std::uint64_t>(QFileInfo(abs).size());
            if ((f.json && f.kind != QLatin1String("msprof")) || (!f.json && f.kind != QLatin1String("op_summary")
                                                                  && f.kind != QLatin1String("op_statistic"))) {
                problem(f.rel, 0, -1, Tr::tr("This version does not read \"%1\" files of the newer layout; the file was not read.").arg(f.kind));
                continue;
            }
            newerFiles.push_back(f);
            any = true;
        }
        for (const QString &dd : devDirs) {
            std::uint16_t id = 0;
            if (parseDeviceDirName(dd, &id))
                addDevice(profDir, pd.absoluteFilePath(dd), id);
        }
    } else {
        for (const QString &dd : devDirs) {
            std::uint16_t id = 0;
            if (!parseDeviceDirName(dd, &id))
                continue;
            addDevice(profDir, pd.absoluteFilePath(dd), id);
            any = true;
        }
    }
    if (any)
        report.profDirs << QDir(root).relativeFilePath(profDir);
}

void Importer::addDevice(const QString &profDir, const QString &devDir, std::uint16_t id)
{
    (void)profDir;
    if (escapes(devDir))
        return;
    for (const auto &d : devices) {
        if (d.id == id) {
            problem(relPath(devDir), 0, -1, Tr::tr("Device %1 was already imported from %2; this copy was not read.").arg(id).arg(relPath(d.dir)));
            return;
        }
    }
    DeviceSrc d;
    d.id = id;
    d.dir = devDir;
    d.info.id = id;
    readDeviceMeta(d);
    if (newerLayout) {
        devices.push_back(std::move(d));
        return;
    }
    static const QRegularExpression re(QStringLiteral("^([a-z][a-z0-9_]*?)_(\\d+)_(\\d+)_(\\d+)\\.(json|csv)$"));
    static const QStringList jsonKinds = {QStringLiteral("msprof"), QStringLiteral("task_time"), QStringLiteral("step_trace"),
                                          QStringLiteral("hccl"), QStringLiteral("msprof_tx")};
    static const QStringList csvKinds = {QStringLiteral("op_summary"), QStringLiteral("op_statistic"), QStringLiteral("step_trace"),
                                         QStringLiteral("task_time"), QStringLiteral("aicpu"), QStringLiteral("dp"),
                                         QStringLiteral("fusion_op"), QStringLiteral("l2_cache"), QStringLiteral("msprof_tx")};
    for (const char *sub : {"timeline", "summary"}) {
        QDir sd(devDir + QLatin1Char('/') + QLatin1String(sub));
        if (!sd.exists() || escapes(sd.absolutePath()))
            continue;
        for (const QString &fn : sd.entryList(QDir::Files, QDir::Name)) {
            const QString abs = sd.absoluteFilePath(fn);
            if (escapes(abs))
                continue;
            const auto m = re.match(fn);
            if (!m.hasMatch()) {
                if (!fn.endsWith(QLatin1String(".done")))
                    problem(relPath(abs), 0, -1, Tr::tr("The file name does not follow <name>_<device>_<model>_<iteration>.<json|csv>; the file was not read."));
                continue;
            }
            DataFile f;
            f.path = abs;
            f.rel = relPath(abs);
            f.kind = m.captured(1);
            f.json = m.captured(5) == QLatin1String("json");
            f.device = static_cast<std::uint16_t>(m.captured(2).toUInt());
            f.model = m.captured(3).toUInt();
            f.iteration = m.captured(4).toUInt();
            f.size = static_cast<std::uint64_t>(QFileInfo(abs).size());
            if (!(f.json ? jsonKinds : csvKinds).contains(f.kind)) {
                problem(f.rel, 0, -1, Tr::tr("Unknown file kind \"%1\"; the file was not read.").arg(f.kind));
                continue;
            }
            if (f.device != id) {
                problem(f.rel, 0, -1, Tr::tr("The file names device %1 but lies in the folder of device %2; it was read as device %2.").arg(f.device).arg(id));
                f.device = id;
            }
            if (f.iteration == 0) {
                problem(f.rel, 0, -1, Tr::tr("Iteration 0 is not valid (iterations count from 1); the file was not read."));
                continue;
            }
            d.files.push_back(f);
        }
    }
    if (d.files.empty()) {
        problem(relPath(devDir), 0, -1, Tr::tr("The device folder holds no timeline or summary files."));
    }
    devices.push_back(std::move(d));
}

QJsonObject Importer::readSmallJson(const QString &path, const QString &rel, bool required)
{
    QFile f(path);
    if (!f.exists()) {
        if (required)
            problem(rel, 0, -1, Tr::tr("The file is missing; defaults were used."));
        return {};
    }
    if (escapes(path))
        return {};
    if (!f.open(QIODevice::ReadOnly)) {
        problem(rel, 0, -1, Tr::tr("The file cannot be read: %1.").arg(f.errorString()));
        return {};
    }
    const QByteArray bytes = f.read(4 << 20); // description files are a few hundred bytes
    QJsonParseError pe{};
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &pe);
    if (!doc.isObject()) {
        const qsizetype line = bytes.left(pe.offset).count('\n') + 1;
        problem(rel, std::uint64_t(line), pe.offset, Tr::tr("The file is not a JSON object (%1); defaults were used.").arg(pe.errorString()));
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

void Importer::readDeviceMeta(DeviceSrc &d)
{
    const QString id = QString::number(d.id);
    QString infoPath = d.dir + QStringLiteral("/info.json.") + id;
    const QJsonObject infoObj = readSmallJson(infoPath, relPath(infoPath), true);
    DeviceInfo &di = d.info;
    if (!infoObj.isEmpty()) {
        di.hostPid = static_cast<std::uint32_t>(jsonInt(infoObj.value(QStringLiteral("pid")), di.hostPid));
        di.hostname = infoObj.value(QStringLiteral("hostname")).toString();
        di.rankId = static_cast<std::uint32_t>(jsonInt(infoObj.value(QStringLiteral("rank_id")), d.id));
        const QJsonArray devs = infoObj.value(QStringLiteral("DeviceInfo")).toArray();
        if (!devs.isEmpty()) {
            const QJsonObject o = devs.first().toObject();
            di.aiCoreNum = int(jsonInt(o.value(QStringLiteral("ai_core_num")), di.aiCoreNum));
            di.aiCpuNum = int(jsonInt(o.value(QStringLiteral("ai_cpu_core_num")), di.aiCpuNum));
            di.aicFrequencyMHz = int(jsonInt(o.value(QStringLiteral("aic_frequency")), di.aicFrequencyMHz));
            di.hwtsFrequencyMHz = int(jsonInt(o.value(QStringLiteral("hwts_frequency")), di.hwtsFrequencyMHz));
        }
    } else {
        di.rankId = d.id;
    }
    const QString startPath = d.dir + QStringLiteral("/start_info.") + id;
    const QJsonObject s = readSmallJson(startPath, relPath(startPath), true);
    di.wallBeginUs = jsonInt(s.value(QStringLiteral("collectionTimeBegin")), 0);
    di.monotonicBegin = jsonInt(s.value(QStringLiteral("clockMonotonicRaw")), 0);
    const QString endPath = d.dir + QStringLiteral("/end_info.") + id;
    const QJsonObject e = readSmallJson(endPath, relPath(endPath), true);
    di.wallEndUs = jsonInt(e.value(QStringLiteral("collectionTimeEnd")), 0);
    di.monotonicEnd = jsonInt(e.value(QStringLiteral("clockMonotonicRaw")), 0);
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

void Importer::buildSessionInfo()
{
    info.source = QStringLiteral("import");
    const QString base = QFileInfo(req.path).fileName();
    info.name = req.sessionName.isEmpty() ? Tr::tr("Import of %1").arg(base) : req.sessionName;
    info.appVersion = QString();
    std::vector<DataFile> all;
    for (const auto &d : devices)
        all.insert(all.end(), d.files.begin(), d.files.end());
    auto has = [&all](const char *kind, bool json) {
        return std::any_of(all.begin(), all.end(), [&](const DataFile &f) { return f.json == json && f.kind == QLatin1String(kind); });
    };
    ProfilingOptions o;
    o.output = QFileInfo(req.path).absoluteFilePath();
    o.presentKeys << QStringLiteral("output");
    const bool legacy = !newerLayout;
    o.taskTrace = Switch::On;
    o.trainingTrace = legacy && (has("step_trace", true) || has("step_trace", false)) ? Switch::On : Switch::Off;
    o.hccl = has("hccl", true) || (newerLayout && devices.size() > 1) ? Switch::On : Switch::Off;
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
        const QStringList metrics = h.mid(metricsAt);
        info.pmuColumns = metrics;
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
    info.optionsJson = o.toJson();
    if (!has("op_summary", false) && legacy)
        report.missing << Tr::tr("No op_summary files: op types, tensor shapes and PMU metrics are unknown; block dims were derived from the AI Core times.");
    if (!has("task_time", false) && legacy)
        report.missing << Tr::tr("No task_time summary files: launch (pending) times are unknown and read as 0.");
    if (legacy && !has("aicpu", false))
        report.missing << Tr::tr("No aicpu files: AI CPU op details are not available.");

    std::set<std::uint32_t> modelIds;
    if (newerLayout) {
        modelIds.insert(0); // the newer layout is not split per model and iteration
        models[0].iterations.insert(1);
    }
    for (const auto &f : all) {
        modelIds.insert(f.model);
        models[f.model].iterations.insert(f.iteration);
    }
    int maxIterations = 0;
    for (auto m : modelIds) {
        ModelInfo mi;
        mi.id = m;
        mi.name = peekModelName(all, m);
        mi.iterations = int(models[m].iterations.size());
        maxIterations = std::max(maxIterations, mi.iterations);
        info.models.push_back(mi);
    }
    std::int64_t wall = 0;
    for (const auto &d : devices) {
        info.devices.push_back(d.info);
        if (d.info.wallBeginUs > 0 && (wall == 0 || d.info.wallBeginUs < wall))
            wall = d.info.wallBeginUs;
    }
    info.createdWallUs = wall;
    info.spec.model = base;
    info.spec.iterations = std::max(1, maxIterations);
    const int n = std::max<int>(1, int(devices.size()));
    info.spec.devicesPerServer = std::min(n, 8);
    info.spec.servers = std::clamp((n + 7) / 8, 1, 4);
}

// ---------------------------------------------------------------------------------------
// records

bool Importer::flush()
{
    if (batch.empty())
        return true;
    const bool ok = sink.write(batch);
    batch.clear();
    if (!ok)
        return fail(ImportError::Sink, sink.errorString().isEmpty() ? Tr::tr("The project could not store the imported records.") : sink.errorString());
    return true;
}

bool Importer::flushIfFull()
{
    if (batch.tasks.size() + batch.hcclTasks.size() + batch.hostRanges.size() + batch.collectives.size()
            + batch.aiCpu.size() + batch.queueEvents.size() >= req.batchRecords)
        return flush();
    return true;
}

std::uint32_t Importer::opFor(const OpKey &k)
{
    auto it = ops.find(k);
    if (it != ops.end())
        return it->second;
    OpDesc o;
    o.id = static_cast<std::uint32_t>(ops.size() + 1);
    o.modelId = k.model;
    o.name = k.name;
    o.opType = k.opType;
    o.inputShapes = k.inS;
    o.inputDataTypes = k.inT;
    o.inputFormats = k.inF;
    o.outputShapes = k.outS;
    o.outputDataTypes = k.outT;
    o.outputFormats = k.outF;
    o.blockDim = k.blockDim;
    o.aiCpu = k.aiCpu;
    batch.ops.push_back(o);
    ops.emplace(k, o.id);
    return o.id;
}

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

bool Importer::readOpSummary(const DataFile &f, std::uint16_t device)
{
    FileAccount &acc = account(f.rel);
    CsvFile c;
    if (!c.r.open(f.path) || !c.r.next(&c.header)) {
        problem(f.rel, 0, -1, c.r.error().isEmpty() ? Tr::tr("The file is empty.") : c.r.error());
        return true;
    }
    using csvcol::find;
    const int cDev = find(c.header, {"Device_id"});
    const int cStream = find(c.header, {"Stream ID"}), cTask = find(c.header, {"Task ID"});
    const int cStart = find(c.header, {"Task Start Time", "Task Start Time(us)"});
    const int cType = find(c.header, {"OP Type"}), cBlock = find(c.header, {"Block Dim"});
    const int cInS = find(c.header, {"Input Shapes"}), cInT = find(c.header, {"Input Data Types"}), cInF = find(c.header, {"Input Formats"});
    const int cOutS = find(c.header, {"Output Shapes"}), cOutT = find(c.header, {"Output Data Types"}), cOutF = find(c.header, {"Output Formats"});
    const int cCycles = find(c.header, {"total_cycles"});
    if (cStream < 0 || cTask < 0 || cStart < 0) {
        problem(f.rel, 1, 0, Tr::tr("The header lacks Stream ID, Task ID or Task Start Time; the file was not read."));
        while (c.r.next(&c.row)) {
            ++acc.items;
            ++acc.skipped;
        }
        return true;
    }
    const int metricsAt = cCycles >= 0 ? cCycles + 1 : int(c.header.size());
    const int nMetrics = std::max(0, int(c.header.size()) - metricsAt);
    while (c.r.next(&c.row)) {
        ++acc.items;
        auto cell = [&c](int i) { return i >= 0 && i < int(c.row.size()) ? csvValue(c.row[std::size_t(i)]) : std::string(); };
        std::uint64_t stream = 0, task = 0, dev = device;
        TimeNs start = 0;
        if (c.row.size() != c.header.size() || !toUInt64(cell(cStream), &stream) || !toUInt64(cell(cTask), &task)
            || !usTextToNs(cell(cStart), &start) || (cDev >= 0 && !toUInt64(cell(cDev), &dev))) {
            problem(f.rel, c.r.recordLine(), std::int64_t(c.r.recordOffset()), Tr::tr("A row has the wrong number of cells or a non-numeric stream, task id or start time; the row was skipped."));
            ++acc.skipped;
            continue;
        }
        OpSummaryRow row;
        row.opType = cell(cType);
        row.inS = cell(cInS); row.inT = cell(cInT); row.inF = cell(cInF);
        row.outS = cell(cOutS); row.outT = cell(cOutT); row.outF = cell(cOutF);
        std::uint64_t bd = 0, cyc = 0;
        toUInt64(cell(cBlock), &bd);
        row.blockDim = static_cast<std::uint16_t>(std::min<std::uint64_t>(bd, 65535));
        if (toUInt64(cell(cCycles), &cyc))
            row.cycles = cyc;
        bool anyMetric = false;
        row.pmu.assign(std::size_t(nMetrics), 0.f);
        for (int i = 0; i < nMetrics; ++i) {
            double v = 0;
            if (toDouble(cell(metricsAt + i), &v)) {
                row.pmu[std::size_t(i)] = static_cast<float>(v);
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
            problem(f.rel, c.r.recordLine(), std::int64_t(c.r.recordOffset()), Tr::tr("Another row of this file has the same device, stream, task id and start time; this row was skipped."));
            ++acc.skipped;
        }
    }
    if (!c.r.error().isEmpty())
        problem(f.rel, c.r.recordLine(), std::int64_t(c.r.recordOffset()), c.r.error());
    return true;
}

bool Importer::readTaskTimeCsv(const DataFile &f)
{
    FileAccount &acc = account(f.rel);
    CsvFile c;
    if (!c.r.open(f.path) || !c.r.next(&c.header)) {
        problem(f.rel, 0, -1, c.r.error().isEmpty() ? Tr::tr("The file is empty.") : c.r.error());
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
            problem(f.rel, c.r.recordLine(), std::int64_t(c.r.recordOffset()), Tr::tr("A row has the wrong number of cells or non-numeric Count, Pending, Task ID or Stream ID; the row was skipped."));
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
        problem(f.rel, c.r.recordLine(), std::int64_t(c.r.recordOffset()), c.r.error());
    return true;
}

bool Importer::readL2(const DataFile &f)
{
    FileAccount &acc = account(f.rel);
    CsvFile c;
    if (!c.r.open(f.path) || !c.r.next(&c.header)) {
        problem(f.rel, 0, -1, c.r.error().isEmpty() ? Tr::tr("The file is empty.") : c.r.error());
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
            problem(f.rel, c.r.recordLine(), std::int64_t(c.r.recordOffset()), Tr::tr("A row has the wrong number of cells or non-numeric ids or hit rate; the row was skipped."));
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
        problem(f.rel, c.r.recordLine(), std::int64_t(c.r.recordOffset()), c.r.error());
    return true;
}

bool Importer::readTxCsv(const DataFile &f, std::uint32_t pidFallback)
{
    FileAccount &acc = account(f.rel);
    CsvFile c;
    if (!c.r.open(f.path) || !c.r.next(&c.header)) {
        problem(f.rel, 0, -1, c.r.error().isEmpty() ? Tr::tr("The file is empty.") : c.r.error());
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
            problem(f.rel, c.r.recordLine(), std::int64_t(c.r.recordOffset()), Tr::tr("A row has the wrong number of cells, a non-numeric tid or start/end time, or ends before it starts; the row was skipped."));
            ++acc.skipped;
            continue;
        }
        toUInt64(cell(cPid), &pid);
        toUInt64(cell(cCat), &cat);
        toUInt64(cell(cPType), &ptype);
        toUInt64(cell(cPValue), &pvalue);
        HostRangeRecord r;
        r.kind = HostRangeRecord::Kind::MsprofTx;
        r.device = curDevice;
        r.modelId = curModel;
        r.iteration = curIteration;
        r.pid = std::uint32_t(pid);
        r.tid = std::uint32_t(tid);
        r.start = static_cast<TimeNs>(std::llround(s));
        r.duration = static_cast<TimeNs>(std::llround(e)) - r.start;
        const std::string msg = cell(cMsg);
        r.name = str(msg);
        r.category = std::uint32_t(cat);
        r.eventType = str(cell(cEvent));
        r.payloadType = std::uint32_t(ptype);
        r.payloadValue = pvalue;
        r.messageType = str(cell(cMType));
        batch.hostRanges.push_back(r);
        seenTx.insert(mixStr(mix(mix(4, r.tid), std::uint64_t(r.start)) ^ std::uint64_t(r.duration), msg));
        txFromCsv = true;
        ++acc.imported;
        if (!flushIfFull())
            return false;
    }
    if (!c.r.error().isEmpty())
        problem(f.rel, c.r.recordLine(), std::int64_t(c.r.recordOffset()), c.r.error());
    return true;
}

bool Importer::readAiCpu(const DataFile &f)
{
    FileAccount &acc = account(f.rel);
    CsvFile c;
    if (!c.r.open(f.path) || !c.r.next(&c.header)) {
        problem(f.rel, 0, -1, c.r.error().isEmpty() ? Tr::tr("The file is empty.") : c.r.error());
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
        a.device = curDevice;
        a.modelId = curModel;
        a.iteration = curIteration;
        TimeNs v[5] = {};
        std::uint64_t stream = 0, task = 0;
        bool ok = c.row.size() == c.header.size() && usTextToNs(cell(cTs), &a.timestamp) && toUInt64(cell(cStream), &stream)
               && toUInt64(cell(cTask), &task);
        for (int i = 0; i < 5 && ok; ++i)
            ok = msTextToNs(cell(cols[i]), &v[i]);
        if (!ok) {
            problem(f.rel, c.r.recordLine(), std::int64_t(c.r.recordOffset()), Tr::tr("A row has the wrong number of cells or a non-numeric time or id; the row was skipped."));
            ++acc.skipped;
            continue;
        }
        a.node = str(cell(cNode));
        a.computeTime = v[0];
        a.memcpyTime = v[1];
        a.taskTime = v[2];
        a.dispatchTime = v[3];
        a.totalTime = v[4];
        a.streamId = std::uint32_t(stream);
        a.taskId = std::uint32_t(task);
        batch.aiCpu.push_back(a);
        ++acc.imported;
        if (!flushIfFull())
            return false;
    }
    if (!c.r.error().isEmpty())
        problem(f.rel, c.r.recordLine(), std::int64_t(c.r.recordOffset()), c.r.error());
    return true;
}

bool Importer::readDp(const DataFile &f)
{
    FileAccount &acc = account(f.rel);
    CsvFile c;
    if (!c.r.open(f.path) || !c.r.next(&c.header)) {
        problem(f.rel, 0, -1, c.r.error().isEmpty() ? Tr::tr("The file is empty.") : c.r.error());
        return true;
    }
    using csvcol::find;
    const int cTs = find(c.header, {"Timestamp"}), cAction = find(c.header, {"Action"}), cSource = find(c.header, {"Source"});
    const int cSize = find(c.header, {"Cached Buffer Size"});
    while (c.r.next(&c.row)) {
        ++acc.items;
        auto cell = [&c](int i) { return i >= 0 && i < int(c.row.size()) ? csvValue(c.row[std::size_t(i)]) : std::string(); };
        QueueEventRecord q;
        q.device = curDevice;
        std::uint64_t size = 0;
        if (c.row.size() != c.header.size() || !usTextToNs(cell(cTs), &q.timestamp) || !toUInt64(cell(cSize), &size)) {
            problem(f.rel, c.r.recordLine(), std::int64_t(c.r.recordOffset()), Tr::tr("A row has the wrong number of cells or a non-numeric timestamp or buffer size; the row was skipped."));
            ++acc.skipped;
            continue;
        }
        q.cachedBufferSize = std::uint32_t(size);
        q.action = str(cell(cAction));
        q.source = str(cell(cSource));
        batch.queueEvents.push_back(q);
        ++acc.imported;
        if (!flushIfFull())
            return false;
    }
    if (!c.r.error().isEmpty())
        problem(f.rel, c.r.recordLine(), std::int64_t(c.r.recordOffset()), c.r.error());
    return true;
}

bool Importer::readFusion(const DataFile &f)
{
    FileAccount &acc = account(f.rel);
    CsvFile c;
    if (!c.r.open(f.path) || !c.r.next(&c.header)) {
        problem(f.rel, 0, -1, c.r.error().isEmpty() ? Tr::tr("The file is empty.") : c.r.error());
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
            problem(f.rel, c.r.recordLine(), std::int64_t(c.r.recordOffset()), Tr::tr("A row has the wrong number of cells or a non-numeric model id or memory size; the row was skipped."));
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
        r.modelName = str(cell(cName));
        r.fusionOp = str(cell(cOp));
        r.originalOps = str(cell(cOrig));
        r.memoryInput = mem[0];
        r.memoryOutput = mem[1];
        r.memoryWeight = mem[2];
        r.memoryWorkspace = mem[3];
        batch.fusionOps.push_back(r);
        ++acc.imported;
    }
    if (!c.r.error().isEmpty())
        problem(f.rel, c.r.recordLine(), std::int64_t(c.r.recordOffset()), c.r.error());
    return true;
}

bool Importer::readDerivedCsv(const DataFile &f)
{
    FileAccount &acc = account(f.rel);
    CsvFile c;
    if (!c.r.open(f.path) || !c.r.next(&c.header)) {
        problem(f.rel, 0, -1, c.r.error().isEmpty() ? Tr::tr("The file is empty.") : c.r.error());
        return true;
    }
    while (c.r.next(&c.row)) {
        ++acc.items;
        ++acc.derived; // op_statistic: recomputed from the tasks on export
    }
    if (!c.r.error().isEmpty())
        problem(f.rel, c.r.recordLine(), std::int64_t(c.r.recordOffset()), c.r.error());
    return true;
}

bool Importer::readStepCsv(const DataFile &f)
{
    FileAccount &acc = account(f.rel);
    CsvFile c;
    if (!c.r.open(f.path) || !c.r.next(&c.header)) {
        problem(f.rel, 0, -1, c.r.error().isEmpty() ? Tr::tr("The file is empty.") : c.r.error());
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
            problem(f.rel, c.r.recordLine(), std::int64_t(c.r.recordOffset()), Tr::tr("A row has the wrong number of cells or a non-numeric iteration or time; the row was skipped."));
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
        problem(f.rel, c.r.recordLine(), std::int64_t(c.r.recordOffset()), c.r.error());
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

bool Importer::readTimeline(const DataFile &f, const DeviceSrc &d, bool authoritative, bool remember)
{
    FileAccount &acc = account(f.rel);
    TraceEventReader r;
    if (!r.open(f.path)) {
        problem(f.rel, 0, -1, r.error());
        return true;
    }
    std::unordered_map<std::uint64_t, Lane> lanes;            // pid → lane (process_name)
    std::unordered_map<std::uint64_t, std::uint32_t> stepTids; // hardware tids that are Step Trace threads
    const std::uint64_t P = d.info.hostPid;
    auto laneOf = [&](std::uint64_t pid) {
        auto it = lanes.find(pid);
        if (it != lanes.end())
            return it->second;
        // Without metadata: the legacy pid scheme (output-files.md, "Lanes").
        if (pid == 3) return Lane::Hardware;
        if (pid == P * 100 + 2) return Lane::Cann;
        if (pid == P * 100 + 11) return Lane::Hccl;
        if (pid == P * 100 + 12) return Lane::Overlap;
        if (pid == P * 100 + 1) return Lane::Tx;
        if (pid == P) return Lane::StepTrace;
        return Lane::Unknown;
    };
    TraceEvent e;
    std::uint64_t n = 0;
    for (;;) {
        const auto res = r.next(&e);
        if (res == TraceEventReader::Result::End)
            break;
        if (res == TraceEventReader::Result::Error) {
            problem(f.rel, r.errorLine(), std::int64_t(r.errorOffset()),
                    Tr::tr("The JSON is broken here (%1); the events before this point were imported, the rest of the file was skipped.").arg(r.error()));
            break;
        }
        ++acc.items;
        if ((++n & 4095) == 0 && cancelled())
            return fail(ImportError::Cancelled, Tr::tr("The import was cancelled."));
        auto skip = [&](const QString &why) {
            problem(f.rel, e.line, std::int64_t(e.offset), why);
            ++acc.skipped;
        };
        if (!e.invalid.isEmpty()) {
            skip(e.invalid + Tr::tr(" The event was skipped."));
            continue;
        }
        if (e.unknownFields > 0)
            problem(f.rel, e.line, std::int64_t(e.offset), Tr::tr("Unknown event field \"%1\" was ignored.").arg(QString::fromStdString(e.firstUnknownField)));
        if (e.ph == "M") {
            if (e.name == "process_name") {
                const JsonScalar *nm = e.arg("name");
                if (nm && e.hasPid) {
                    const Lane l = laneFromName(nm->text);
                    lanes[e.pid] = l;
                    if (l == Lane::Unknown)
                        problem(f.rel, e.line, std::int64_t(e.offset), Tr::tr("Unknown lane (process) \"%1\"; its events were skipped.").arg(QString::fromStdString(nm->text)));
                }
            } else if (e.name == "thread_name" && e.hasPid && e.hasTid) {
                const JsonScalar *nm = e.arg("name");
                if (nm && nm->text.rfind("Step Trace", 0) == 0)
                    stepTids[mix(e.pid, e.tid)] = 1;
            }
            ++acc.derived; // lane metadata: rewritten from the records on export
            continue;
        }
        if (!e.hasPid) {
            skip(Tr::tr("The event has no pid; it was skipped."));
            continue;
        }
        Lane lane = laneOf(e.pid);
        // Newer layout: pid = (pid << 10) | (sort << 5) | device; the lane comes from the
        // process_name metadata of the encoded pid.
        const std::uint16_t device = newerLayout ? static_cast<std::uint16_t>(e.pid & 31) : curDevice;
        if (lane == Lane::Hardware && e.hasTid && (stepTids.count(mix(e.pid, e.tid)) || (!newerLayout && e.tid == P)))
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
        if (!e.hasTs || !e.hasDur || e.dur < 0) {
            skip(Tr::tr("A complete (X) event needs ts and a non-negative dur; the event was skipped."));
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
            t.iteration = newerLayout ? 1 : curIteration;
            t.streamId = stream;
            t.taskId = task;
            t.batchId = std::uint32_t(argU64(e, "Batch Id", 0));
            t.type = str(tt);
            t.kind = type;
            t.start = e.ts;
            t.duration = e.dur;
            t.name = str(e.name);
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
                OpKey k{t.modelId, t.name, 0, 0, 0, 0, 0, 0, 0, 0, type == TaskKind::AiCpu};
                auto row = opRows.find(mix(taskKey(stream, task, e.ts), device));
                if (row != opRows.end()) {
                    OpSummaryRow &o = row->second;
                    o.used = true;
                    k.opType = str(o.opType);
                    k.inS = str(o.inS); k.inT = str(o.inT); k.inF = str(o.inF);
                    k.outS = str(o.outS); k.outT = str(o.outT); k.outF = str(o.outF);
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
                t.opId = opFor(k);
            }
            batch.tasks.push_back(t);
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
                c.modelId = newerLayout ? 0 : curModel;
                c.iteration = newerLayout ? 1 : curIteration;
                c.name = str(e.name);
                // "Default/AllReduce-op534_0" → "AllReduce"
                std::string_view n = e.name;
                if (auto slash = n.rfind('/'); slash != std::string_view::npos)
                    n = n.substr(slash + 1);
                if (auto dash = n.find("-op"); dash != std::string_view::npos)
                    n = n.substr(0, dash);
                c.opType = str(n);
                c.start = e.ts;
                c.duration = e.dur;
                c.segment = collectiveSegment++;
                batch.collectives.push_back(c);
            } else {
                HcclTaskRecord h;
                h.device = device;
                h.modelId = newerLayout ? 0 : curModel;
                h.iteration = newerLayout ? 1 : curIteration;
                h.plane = std::uint32_t(e.tid);
                h.name = str(e.name);
                h.start = e.ts;
                h.duration = e.dur;
                h.notifyId = argU64(e, "notify_id", 0);
                h.durationEstimatedUs = argDouble(e, "duration estimated(us)", 0);
                h.streamId = std::uint32_t(argU64(e, "stream id", 0));
                h.taskId = std::uint32_t(argU64(e, "task id", 0));
                h.srcRank = std::uint32_t(argU64(e, "src rank", 0));
                h.dstRank = std::uint32_t(argU64(e, "dst rank", kInvalidId));
                h.transportType = str(argText(e, "transport type"));
                h.sizeBytes = argU64(e, "size(Byte)", 0);
                h.dataType = str(argText(e, "data type"));
                h.linkType = str(argText(e, "link type"));
                h.bandwidthGBps = argDouble(e, "bandwidth(GB/s)", 0);
                batch.hcclTasks.push_back(h);
            }
            ++acc.imported;
            break;
        }
        case Lane::Cann: {
            HostRangeRecord h;
            h.kind = e.arg("Model Name") ? HostRangeRecord::Kind::Cann : HostRangeRecord::Kind::RuntimeApi;
            h.device = device;
            h.modelId = newerLayout ? 0 : std::uint32_t(argU64(e, "Model Id", curModel));
            h.iteration = newerLayout ? 1 : curIteration;
            h.pid = std::uint32_t(P);
            h.tid = std::uint32_t(e.tid);
            h.name = str(e.name);
            h.start = e.ts;
            h.duration = e.dur;
            batch.hostRanges.push_back(h);
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
            h.iteration = newerLayout ? 1 : curIteration;
            h.pid = std::uint32_t(P);
            h.tid = std::uint32_t(e.tid);
            h.name = str(e.name);
            h.start = e.ts;
            h.duration = e.dur;
            h.category = std::uint32_t(argU64(e, "category", 0));
            h.eventType = str(argText(e, "event_type"));
            h.payloadType = std::uint32_t(argU64(e, "payload_type", 0));
            h.payloadValue = argU64(e, "payload_value", 0);
            h.messageType = str(argText(e, "message_type"));
            batch.hostRanges.push_back(h);
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
        if (!flushIfFull())
            return false;
    }
    return true;
}

void Importer::finishIteration(const DataFile *opSummary, const DataFile *taskTimeCsv, const DataFile *l2)
{
    if (opSummary) {
        FileAccount &acc = account(opSummary->rel);
        for (const auto &[k, row] : opRows) {
            if (row.used) {
                ++acc.imported;
            } else {
                ++acc.skipped;
                problem(opSummary->rel, row.line, std::int64_t(row.offset), Tr::tr("No timeline event matches this row (same stream, task id and start); the row was skipped."));
            }
        }
    }
    if (taskTimeCsv) {
        FileAccount &acc = account(taskTimeCsv->rel);
        for (const auto &[k, p] : pendings) {
            if (p.seen == 0) {
                --acc.imported;
                ++acc.skipped;
                problem(taskTimeCsv->rel, p.line, std::int64_t(p.offset), Tr::tr("No timeline event matches this row (same stream, task id and name); its pending time was skipped."));
            }
        }
    }
    if (l2 && l2Unused > 0) {
        FileAccount &acc = account(l2->rel);
        acc.imported -= l2Unused;
        acc.skipped += l2Unused;
        problem(l2->rel, 0, -1, Tr::tr("%n row(s) match no AI Core task of the timeline and were skipped.", nullptr, int(l2Unused)));
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

bool Importer::emitStepTraces(std::uint16_t device)
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
        batch.stepTraces.push_back(std::move(r));
    }
    steps.clear();
    return flush();
}

bool Importer::importDevice(DeviceSrc &d)
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
        if (cancelled())
            return fail(ImportError::Cancelled, Tr::tr("The import was cancelled."));
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
            problem(x.opSummary ? x.opSummary->rel : QStringLiteral("device_%1").arg(d.id), 0, -1,
                    Tr::tr("Iteration %1 of model %2 has no msprof or task_time timeline: its tasks are missing.").arg(key.second).arg(key.first));
        finishIteration(x.opSummary, x.taskCsv, x.l2);
        if (!flush())
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
    return emitStepTraces(d.id);
}

bool Importer::importNewer(std::vector<DeviceSrc> &devs)
{
    (void)devs;
    // Summaries first (they are keyed by device), then every msprof slice.
    DeviceSrc any;
    if (!devices.empty())
        any = devices.front();
    curModel = 0;
    curIteration = 1;
    const DataFile *opSummary = nullptr;
    for (const auto &f : newerFiles) {
        if (f.json)
            continue;
        if (f.kind == QLatin1String("op_summary")) {
            if (!readOpSummary(f, 0))
                return false;
            opSummary = &f;
        } else if (!readDerivedCsv(f)) {
            return false;
        }
        progressFile(f);
    }
    for (const auto &f : newerFiles) {
        if (!f.json)
            continue;
        if (!readTimeline(f, any, true, false))
            return false;
        progressFile(f);
    }
    finishIteration(opSummary, nullptr, nullptr);
    return flush();
}

bool Importer::run()
{
    if (!discover())
        return false;
    report.layout = newerLayout ? QStringLiteral("mindstudio") : QStringLiteral("legacy");
    for (const auto &d : devices)
        for (const auto &f : d.files) {
            ++prog.filesTotal;
            prog.bytesTotal += f.size;
        }
    for (const auto &f : newerFiles) {
        ++prog.filesTotal;
        prog.bytesTotal += f.size;
    }
    buildSessionInfo();
    if (newerLayout && devices.empty()) {
        DeviceSrc d;
        devices.push_back(d);
        info.devices.push_back(d.info);
    }
    if (!sink.begin(info))
        return fail(ImportError::Sink, sink.errorString());
    begun = true;
    bool ok = true;
    if (newerLayout) {
        ok = importNewer(devices);
    } else {
        for (auto &d : devices) {
            if (!(ok = importDevice(d)))
                break;
        }
    }
    if (ok)
        ok = flush();
    report.bytes = prog.bytesDone;
    std::vector<DeviceInfo> devs;
    for (const auto &d : devices)
        devs.push_back(d.info);
    if (ok && report.total().imported == 0) {
        ok = fail(ImportError::Unreadable, Tr::tr("Nothing could be imported from %1: every file was unreadable or empty.").arg(req.path));
    }
    if (req.beforeEnd && ok && !req.beforeEnd(report))
        ok = fail(ImportError::Sink, Tr::tr("The import report could not be stored in the project."));
    const SessionStatus status = ok ? SessionStatus::Complete : kind == ImportError::Cancelled ? SessionStatus::Cancelled : SessionStatus::Failed;
    if (!sink.end(status, devs) && ok)
        return fail(ImportError::Sink, sink.errorString());
    return ok;
}

} // namespace

bool importProf(const ImportRequest &request, RecordSink &sink, ImportReport *report, ImportError *kind, QString *error,
                const std::function<void(const ImportProgress &)> &progress, const std::atomic_bool *cancel)
{
    ImportReport local;
    ImportReport &rep = report ? *report : local;
    rep = ImportReport();
    Importer im(request, sink, rep, progress, cancel);
    const bool ok = im.run();
    if (kind)
        *kind = ok ? ImportError::None : im.kind;
    if (error)
        *error = ok ? QString() : im.error;
    return ok;
}

} // namespace npuscope::importing
