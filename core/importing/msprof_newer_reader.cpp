// The newer msprof layout (CANN 7 and 8): PROF_*/mindstudio_profiler_output/ holds the
// exported files of every device, named <kind>_<YYYYMMDDhhmmss>.<json|csv> (large files
// sliced as <kind>_slice_<n>_<ts>):
//   msprof_*.json        every lane (pids encode the device), read like trace_view.json
//   op_summary_*.csv     kernels with a Device_id column, joined to the hardware tasks
//   l2_cache_*.csv       hit / victim rates
//   step_trace_*.csv     the iterations (steps) of each device, read before the others so
//                        every record gets its step; step_trace_*.json holds the same
//   op_statistic, api_statistic, task_time, communication_statistic: recomputed (derived)
// beside the raw device_<id>/ folders, whose info.json / start_info / end_info give the
// device facts when they were kept.

#include "core/importing/csv_table.h"
#include "core/importing/json_pull.h"
#include "core/importing/readers.h"
#include "core/importing/today_files.h"
#include "core/importing/trace_file.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

namespace npuscope::importing {

namespace {

using Tr = ImportText;

struct OutFile {
    QString path, kind;
    bool json = false;
};

std::int64_t jsonInt(const QJsonValue &v, std::int64_t dflt)
{
    if (v.isDouble())
        return std::int64_t(v.toDouble());
    if (v.isString()) {
        bool ok = false;
        const qlonglong x = v.toString().trimmed().toLongLong(&ok);
        if (ok)
            return x;
    }
    return dflt;
}

// step_trace_*.csv (Device_id, Iteration ID, FP Start(us), BP End(us), Iteration End(us),
// Iteration Time(us), ..., Model ID, then Reduce Start(us) / Reduce Duration(us) pairs):
// one step trace record per row, and the step windows: a step begins where the previous
// one ended (its end minus its iteration time).
bool readStepTraceCsv(ImportContext &ctx, const QString &path, const QString &rel, const SourceMap &map,
                      std::uint16_t deviceOfRows, StepWindows *steps)
{
    CsvTable t;
    if (!t.open(ctx, path, rel))
        return true;
    if (!t.require(ctx, {{"Iteration ID"}, {"FP Start(us)"}, {"BP End(us)"}, {"Iteration End(us)"}, {"Iteration Time(us)"}}))
        return true;
    const int cDev = t.col({"Device_id"}), cIt = t.col({"Iteration ID"}), cFp = t.col({"FP Start(us)"});
    const int cBp = t.col({"BP End(us)"}), cEnd = t.col({"Iteration End(us)"}), cTime = t.col({"Iteration Time(us)"});
    const int cAug = t.col({"Data Aug Bound(us)"});
    std::vector<int> reduceStarts;
    for (std::size_t i = 0; i + 1 < t.header().size(); ++i)
        if (t.header()[i] == "Reduce Start(us)" && t.header()[i + 1] == "Reduce Duration(us)")
            reduceStarts.push_back(int(i));
    while (t.next()) {
        std::uint64_t dev = deviceOfRows, it = 0;
        TimeNs fp = 0, bp = 0, end = 0, len = 0;
        bool ok = t.rowComplete() && toUInt64(t.cell(cIt), &it) && it > 0 && it <= UINT32_MAX
                  && usTextToNs(t.cell(cFp), &fp) && usTextToNs(t.cell(cBp), &bp) && usTextToNs(t.cell(cEnd), &end)
                  && usTextToNs(t.cell(cTime), &len) && len >= 0 && len <= kMaxImportSpan && end >= len
                  && (cDev < 0 || toUInt64(t.cell(cDev), &dev)) && dev < 65535;
        StepTraceRecord r;
        for (int c : reduceStarts) {
            TimeNs rs = 0, rd = 0;
            if (t.cell(c).empty() && t.cell(c + 1).empty())
                continue;
            if (!usTextToNs(t.cell(c), &rs) || !usTextToNs(t.cell(c + 1), &rd) || rd < 0 || rd > kMaxImportSpan) {
                ok = false;
                break;
            }
            r.reduces.push_back({rs, rs + rd});
        }
        if (!ok) {
            t.skip(ctx, Tr::tr("A row has the wrong number of cells, no iteration number or a time that is not a "
                               "number of microseconds; the row was skipped."));
            continue;
        }
        r.device = map.device(std::uint16_t(dev));
        r.modelId = 0; // today's layouts are read as one model, as their kernels are
        r.iteration = std::uint32_t(it);
        r.fpStart = fp;
        r.bpEnd = bp;
        r.iterationEnd = end;
        // The first iteration has no data augmentation bound: nothing ended before it.
        r.previousIterationEnd = cAug >= 0 && t.cell(cAug).empty() ? -1 : end - len;
        steps->add(r.iteration, r.previousIterationEnd >= 0 ? r.previousIterationEnd : std::min(fp, end - len));
        ctx.batch().stepTraces.push_back(std::move(r));
        ++t.account().imported;
    }
    return ctx.flushIfFull();
}

// A timeline that repeats what another file of the layout holds: its events are counted as
// derived.
bool countDerivedTrace(ImportContext &ctx, const QString &path, const QString &rel)
{
    TraceFile f;
    FileAccount &acc = ctx.account(rel);
    if (!f.open(path)) {
        ctx.problem(rel, 0, -1, f.error());
        return true;
    }
    TraceEvent e;
    for (;;) {
        const auto res = f.next(&e);
        if (res == TraceEventReader::Result::End)
            break;
        if (res == TraceEventReader::Result::Error) {
            ctx.problem(rel, f.errorLine(), std::int64_t(f.errorOffset()),
                        Tr::tr("The JSON is broken here (%1); the rest of the file was skipped.").arg(f.error()));
            break;
        }
        ++acc.items;
        ++acc.derived;
    }
    return true;
}

class MsprofNewerReader : public LayoutReader {
public:
    explicit MsprofNewerReader(const Source &s) : LayoutReader(s) {}

    bool prepare(ImportContext &ctx) override
    {
        contain_ = QFileInfo(source.path).canonicalFilePath();
        dirs << ctx.rel(source.path);
        static const QRegularExpression re(QStringLiteral("^([a-z][a-z_0-9]*?)_(?:slice_\\d+_)?(\\d{14})\\.(json|csv)$"));
        const QDir out(source.dataDir);
        for (const QString &fn : out.entryList(QDir::Files, QDir::Name)) {
            const QString abs = out.filePath(fn);
            if (ctx.escapes(abs, contain_))
                continue;
            const auto m = re.match(fn);
            if (!m.hasMatch()) {
                if (fn != QLatin1String("README.txt"))
                    ctx.problem(ctx.rel(abs), 0, -1, Tr::tr("The file name does not follow <name>_<YYYYMMDDhhmmss>."
                                                            "<json|csv>; the file was not read."));
                continue;
            }
            files_.push_back({abs, m.captured(1), m.captured(3) == QLatin1String("json")});
            ctx.addFileToRead(std::uint64_t(QFileInfo(abs).size()));
        }
        const QDir pd(source.path);
        static const QRegularExpression dev(QStringLiteral("^device_(\\d{1,5})$"));
        for (const QString &dd : pd.entryList({QStringLiteral("device_*")}, QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
            const auto m = dev.match(dd);
            if (m.hasMatch() && m.captured(1).toUInt() < 65535 && !ctx.escapes(pd.filePath(dd), contain_))
                devices.push_back(deviceFacts(ctx, pd.filePath(dd), std::uint16_t(m.captured(1).toUInt())));
        }
        QStringList metrics;
        for (const OutFile &f : files_)
            if (f.kind == QLatin1String("op_summary") && !f.json)
                for (const QString &c : kernelMetricColumns(csvHeaderOf(f.path)))
                    if (!metrics.contains(c))
                        metrics << c;
        ctx.addPmuColumns(metrics);
        options.taskTrace = Switch::On;
        options.taskTime = metrics.isEmpty() ? TaskTimeLevel::L0 : TaskTimeLevel::L1;
        options.hccl = devices.size() > 1 || hasKind(QStringLiteral("communication_statistic")) ? Switch::On : Switch::Off;
        options.l2 = hasKind(QStringLiteral("l2_cache")) ? Switch::On : Switch::Off;
        options.trainingTrace = hasKind(QStringLiteral("step_trace")) ? Switch::On : Switch::Off;
        if (devices.empty()) {
            // The device lanes' pids name the device; the host lanes (device bits 31) belong
            // to it too, so no device 0 is invented for them.
            for (const OutFile &f : files_) {
                if (f.kind != QLatin1String("msprof") || !f.json)
                    continue;
                if (const int id = peekTraceDevice(f.path); id >= 0) {
                    DeviceInfo d;
                    d.id = std::uint16_t(id);
                    d.rankId = std::uint32_t(id);
                    d.hostPid = 0;
                    d.aiCoreNum = d.aiCpuNum = d.aicFrequencyMHz = d.hwtsFrequencyMHz = 0;
                    devices.push_back(d);
                    break;
                }
            }
            missing << Tr::tr("%1: no device_<id> folders; the devices are those the data names, their facts are "
                              "unknown.").arg(ctx.rel(source.path));
        }
        if (!hasKind(QStringLiteral("op_summary")))
            missing << Tr::tr("%1: no op_summary file; op types, shapes and PMU metrics are not in the input.")
                           .arg(ctx.rel(source.path));
        addTheOneModel();
        return !files_.empty();
    }

    bool read(ImportContext &ctx) override
    {
        KernelTable kernels;
        StepWindows steps;
        std::vector<CollectiveOpRecord> collectives;
        const std::uint16_t hostDevice = map.device(map.hostDevice);
        auto done = [&](const OutFile &f) { ctx.fileDone(std::uint64_t(QFileInfo(f.path).size())); };
        for (const OutFile &f : files_) {
            if (f.kind == QLatin1String("step_trace") && !f.json) {
                if (!readStepTraceCsv(ctx, f.path, ctx.rel(f.path), map, hostDevice, &steps))
                    return false;
                done(f);
            }
        }
        for (const OutFile &f : files_) {
            if (f.kind == QLatin1String("op_summary") && !f.json) {
                if (!kernels.read(ctx, f.path, ctx.rel(f.path), map, hostDevice, &steps, &learned))
                    return false;
                if (kernelColumns.isEmpty())
                    kernelColumns = kernels.columns();
                done(f);
            }
        }
        for (const OutFile &f : files_) {
            if (f.kind == QLatin1String("l2_cache") && !f.json) {
                if (!kernels.readL2(ctx, f.path, ctx.rel(f.path), map, hostDevice))
                    return false;
                done(f);
            }
        }
        for (const OutFile &f : files_) {
            if (f.kind == QLatin1String("msprof") && f.json) {
                if (!readTodayTrace(ctx, f.path, ctx.rel(f.path), map, &kernels, steps, &learned, &collectives))
                    return false;
                done(f);
            }
        }
        if (!kernels.finish(ctx, collectives, steps))
            return false;
        static const QStringList derived = {QStringLiteral("op_statistic"), QStringLiteral("api_statistic"),
                                            QStringLiteral("task_time"), QStringLiteral("communication_statistic")};
        for (const OutFile &f : files_) {
            if (f.kind == QLatin1String("op_summary") || f.kind == QLatin1String("msprof") || f.kind == QLatin1String("l2_cache")
                || (f.kind == QLatin1String("step_trace") && !f.json))
                continue;
            if (ctx.cancelled())
                return ctx.failCancelled();
            if (!f.json && derived.contains(f.kind)) {
                if (!readDerivedCsv(ctx, f.path, ctx.rel(f.path)))
                    return false;
            } else if (f.json && f.kind == QLatin1String("step_trace")) {
                if (!countDerivedTrace(ctx, f.path, ctx.rel(f.path)))
                    return false;
            } else if (f.json && f.kind == QLatin1String("communication")) {
                if (!readCommunicationJson(ctx, f.path, ctx.rel(f.path), hostDevice))
                    return false;
            } else if (f.json && f.kind == QLatin1String("communication_matrix")) {
                if (!readCommunicationMatrix(ctx, f.path, ctx.rel(f.path), hostDevice))
                    return false;
            } else {
                ctx.problem(ctx.rel(f.path), 0, -1, Tr::tr("This version does not read \"%1\" files of the newer layout; "
                                                           "the file was not read.").arg(f.kind));
            }
            done(f);
        }
        return ctx.flush();
    }

private:
    bool hasKind(const QString &kind) const
    {
        return std::any_of(files_.begin(), files_.end(), [&](const OutFile &f) { return f.kind == kind; });
    }

    QJsonObject smallJson(ImportContext &ctx, const QString &path)
    {
        QFile f(path);
        if (!f.exists() || ctx.escapes(path, contain_) || !f.open(QIODevice::ReadOnly))
            return {};
        QJsonParseError pe{};
        const QJsonDocument doc = QJsonDocument::fromJson(f.read(4 << 20), &pe);
        if (!doc.isObject())
            ctx.problem(ctx.rel(path), 0, pe.offset, Tr::tr("The file is not a JSON object (%1); the facts it holds are "
                                                            "unknown.").arg(pe.errorString()));
        return doc.object();
    }

    DeviceInfo deviceFacts(ImportContext &ctx, const QString &dir, std::uint16_t id)
    {
        DeviceInfo d;
        d.id = id;
        d.rankId = id;
        d.hostPid = 0;
        d.aiCoreNum = d.aiCpuNum = d.aicFrequencyMHz = d.hwtsFrequencyMHz = 0;
        const QString n = QString::number(id);
        const QJsonObject info = smallJson(ctx, dir + QStringLiteral("/info.json.") + n);
        if (!info.isEmpty()) {
            d.hostPid = std::uint32_t(jsonInt(info.value(QStringLiteral("pid")), 0));
            d.hostname = info.value(QStringLiteral("hostname")).toString();
            d.rankId = std::uint32_t(jsonInt(info.value(QStringLiteral("rank_id")), id));
            const QJsonArray infos = info.value(QStringLiteral("DeviceInfo")).toArray();
            if (!infos.isEmpty()) {
                const QJsonObject o = infos.first().toObject();
                d.aiCoreNum = int(jsonInt(o.value(QStringLiteral("ai_core_num")), 0));
                d.aiCpuNum = int(jsonInt(o.value(QStringLiteral("ai_cpu_core_num")), 0));
                d.aicFrequencyMHz = int(jsonInt(o.value(QStringLiteral("aic_frequency")), 0));
                d.hwtsFrequencyMHz = int(jsonInt(o.value(QStringLiteral("hwts_frequency")), 0));
            }
        } else {
            missing << Tr::tr("Device %1: no info.json; its host process, AI Core count and frequency are unknown "
                              "unless the data shows them.").arg(id);
        }
        const QJsonObject start = smallJson(ctx, dir + QStringLiteral("/start_info.") + n);
        d.wallBeginUs = jsonInt(start.value(QStringLiteral("collectionTimeBegin")), 0);
        d.monotonicBegin = jsonInt(start.value(QStringLiteral("clockMonotonicRaw")), 0);
        const QJsonObject end = smallJson(ctx, dir + QStringLiteral("/end_info.") + n);
        d.wallEndUs = jsonInt(end.value(QStringLiteral("collectionTimeEnd")), 0);
        d.monotonicEnd = jsonInt(end.value(QStringLiteral("clockMonotonicRaw")), 0);
        return d;
    }

    QString contain_;
    std::vector<OutFile> files_;
};

} // namespace

std::unique_ptr<LayoutReader> makeMsprofNewerReader(const Source &s)
{
    return std::make_unique<MsprofNewerReader>(s);
}

} // namespace npuscope::importing
