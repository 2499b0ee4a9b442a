// The text export of the framework profilers: torch_npu's <host>_<pid>_<ts>_ascend_pt (or
// rank<N>_ascend_pt) and MindSpore 2.x's *_ascend_ms folders, one per rank:
//   profiler_info_<rank>.json   rank, collection end, the profiler's configuration
//   profiler_metadata.json      environment (not read: nothing the views show)
//   ASCEND_PROFILER_OUTPUT/     trace_view.json, kernel_details.csv, l2_cache.csv,
//                               step_trace_time.csv, communication(_matrix).json,
//                               memory_record.csv, npu_module_mem.csv, operator_memory.csv;
//                               op_statistic.csv, api_statistic.csv, operator_details.csv
//                               (statistics, recomputed from the records: derived)
// Times are µs since the epoch, so ranks share one time axis as exported (the profiler
// converted each rank's clock with its own start_info).

#include "core/importing/readers.h"
#include "core/importing/today_files.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>

namespace npuscope::importing {

namespace {

using Tr = ImportText;

class FrameworkTextReader : public LayoutReader {
public:
    explicit FrameworkTextReader(const Source &s) : LayoutReader(s) {}

    bool prepare(ImportContext &ctx) override
    {
        contain_ = QFileInfo(source.path).canonicalFilePath();
        const QDir out(source.dataDir);
        for (const QString &f : out.entryList(QDir::Files, QDir::Name)) {
            const QString abs = out.filePath(f);
            if (ctx.escapes(abs, contain_))
                continue;
            files_ << abs;
            ctx.addFileToRead(std::uint64_t(QFileInfo(abs).size()));
        }
        dirs << ctx.rel(source.path);
        readProfilerInfo(ctx);

        DeviceInfo d;
        d.rankId = rank_ >= 0 ? std::uint32_t(rank_) : 0;
        d.hostPid = 0;
        d.aiCoreNum = d.aiCpuNum = d.aicFrequencyMHz = d.hwtsFrequencyMHz = 0;
        d.wallEndUs = endNs_ > 0 ? endNs_ / 1000 : 0;
        // The device is in the lane pids of the timeline (and the kernel file's Device_id);
        // without either, the rank stands for it.
        int device = has(QStringLiteral("trace_view.json")) ? peekTraceDevice(file(QStringLiteral("trace_view.json"))) : -1;
        if (device < 0)
            device = rank_ >= 0 && rank_ < 65535 ? rank_ : 0;
        d.id = std::uint16_t(device);
        devices.push_back(d);
        if (rank_ < 0)
            missing << Tr::tr("%1: no profiler_info_<rank>.json; the rank is unknown and taken as device %2.")
                           .arg(ctx.rel(source.path)).arg(device);
        missing << Tr::tr("%1: the text export does not give the chip, its AI Core count or the collection start; "
                          "they are unknown.").arg(ctx.rel(source.path));

        const auto header = csvHeaderOf(file(QStringLiteral("kernel_details.csv")));
        const QStringList metrics = kernelMetricColumns(header);
        ctx.addPmuColumns(metrics);
        options.taskTrace = Switch::On;
        options.taskTime = metrics.isEmpty() ? TaskTimeLevel::L0 : TaskTimeLevel::L1;
        options.hccl = has(QStringLiteral("communication.json")) ? Switch::On : Switch::Off;
        options.l2 = has(QStringLiteral("l2_cache.csv")) ? options.l2 : Switch::Off;
        if (!has(QStringLiteral("trace_view.json")))
            missing << Tr::tr("%1: no trace_view.json; host ranges, counters, flows and non-kernel device tasks are "
                              "not in the input.").arg(ctx.rel(source.path));
        if (!has(QStringLiteral("kernel_details.csv")))
            missing << Tr::tr("%1: no kernel_details.csv; op types, shapes and PMU metrics of the kernels are not in "
                              "the input.").arg(ctx.rel(source.path));
        addTheOneModel();
        return !files_.isEmpty();
    }

    bool read(ImportContext &ctx) override
    {
        const std::uint16_t device = map.device(devices.front().id);
        KernelTable kernels;
        StepWindows steps;
        std::vector<CollectiveOpRecord> collectives;
        QStringList handled;
        auto take = [&](const QString &name) {
            handled << name;
            return has(name);
        };
        auto done = [&](const QString &name) { ctx.fileDone(std::uint64_t(QFileInfo(file(name)).size())); };
        // The kernel rows first, so the timeline's tasks are complete when they are built.
        if (take(QStringLiteral("kernel_details.csv"))) {
            if (!kernels.read(ctx, file(QStringLiteral("kernel_details.csv")), rel(ctx, QStringLiteral("kernel_details.csv")),
                              map, device, &steps, &learned))
                return false;
            kernelColumns = kernels.columns();
            done(QStringLiteral("kernel_details.csv"));
        }
        if (take(QStringLiteral("l2_cache.csv"))) {
            if (!kernels.readL2(ctx, file(QStringLiteral("l2_cache.csv")), rel(ctx, QStringLiteral("l2_cache.csv")), map, device))
                return false;
            done(QStringLiteral("l2_cache.csv"));
        }
        if (take(QStringLiteral("trace_view.json"))) {
            if (!readTodayTrace(ctx, file(QStringLiteral("trace_view.json")), rel(ctx, QStringLiteral("trace_view.json")), map,
                                &kernels, steps, &learned, &collectives))
                return false;
            done(QStringLiteral("trace_view.json"));
        }
        if (!kernels.finish(ctx, collectives, steps))
            return false;
        struct FileReader {
            const char *name;
            std::function<bool(const QString &, const QString &)> read;
        };
        const FileReader readers[] = {
            {"step_trace_time.csv", [&](const QString &p, const QString &r) { return readStepTraceTime(ctx, p, r, device); }},
            {"communication.json", [&](const QString &p, const QString &r) { return readCommunicationJson(ctx, p, r, device); }},
            {"communication_matrix.json",
             [&](const QString &p, const QString &r) { return readCommunicationMatrix(ctx, p, r, device); }},
            {"memory_record.csv", [&](const QString &p, const QString &r) { return readMemoryCsv(ctx, p, r, map, false); }},
            {"npu_module_mem.csv", [&](const QString &p, const QString &r) { return readMemoryCsv(ctx, p, r, map, true); }},
            {"operator_memory.csv", [&](const QString &p, const QString &r) { return readOperatorMemory(ctx, p, r, map); }},
            {"op_statistic.csv", [&](const QString &p, const QString &r) { return readDerivedCsv(ctx, p, r); }},
            {"api_statistic.csv", [&](const QString &p, const QString &r) { return readDerivedCsv(ctx, p, r); }},
            {"operator_details.csv", [&](const QString &p, const QString &r) { return readDerivedCsv(ctx, p, r); }},
        };
        for (const FileReader &f : readers) {
            const QString name = QString::fromLatin1(f.name);
            if (!take(name))
                continue;
            if (ctx.cancelled())
                return ctx.failCancelled();
            if (!f.read(file(name), rel(ctx, name)))
                return false;
            done(name);
        }
        for (const QString &abs : files_) {
            const QString name = QFileInfo(abs).fileName();
            if (handled.contains(name))
                continue;
            ctx.problem(ctx.rel(abs), 0, -1, Tr::tr("This version does not read this file of the framework export; it "
                                                    "was not read."));
            ctx.fileDone(std::uint64_t(QFileInfo(abs).size()));
        }
        return ctx.flush();
    }

private:
    QString file(const QString &name) const { return source.dataDir + QLatin1Char('/') + name; }
    QString rel(ImportContext &ctx, const QString &name) const { return ctx.rel(file(name)); }
    bool has(const QString &name) const { return files_.contains(file(name)); }

    void readProfilerInfo(ImportContext &ctx)
    {
        rank_ = source.rank;
        const QDir d(source.path);
        const QStringList infos = d.entryList({QStringLiteral("profiler_info*.json")}, QDir::Files, QDir::Name);
        if (infos.isEmpty())
            return;
        const QString path = d.filePath(infos.first());
        if (ctx.escapes(path, contain_))
            return;
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly)) {
            ctx.problem(ctx.rel(path), 0, -1, Tr::tr("The file cannot be read: %1.").arg(f.errorString()));
            return;
        }
        QJsonParseError pe{};
        const QJsonDocument doc = QJsonDocument::fromJson(f.read(4 << 20), &pe);
        if (!doc.isObject()) {
            ctx.problem(ctx.rel(path), 0, pe.offset, Tr::tr("The file is not a JSON object (%1); the rank and "
                                                            "configuration it holds are unknown.").arg(pe.errorString()));
            return;
        }
        const QJsonObject o = doc.object();
        if (o.value(QStringLiteral("rank_id")).isDouble())
            rank_ = o.value(QStringLiteral("rank_id")).toInt(-1);
        const QJsonObject end = o.value(QStringLiteral("end_info")).toObject();
        endNs_ = std::int64_t(end.value(QStringLiteral("collectionTimeEnd")).toDouble(0));
        const QJsonObject exp = o.value(QStringLiteral("config")).toObject().value(QStringLiteral("experimental_config")).toObject();
        const QString aic = exp.value(QStringLiteral("_aic_metrics")).toString();
        if (aic.contains(QLatin1String("PIPE_UTILIZATION")))
            options.aicMetrics = AicMetrics::PipeUtilization;
        else if (aic.contains(QLatin1String("ARITHMETIC")))
            options.aicMetrics = AicMetrics::ArithmeticUtilization;
        else if (aic.contains(QLatin1String("MEMORY_UB")))
            options.aicMetrics = AicMetrics::MemoryUB;
        else if (aic.contains(QLatin1String("L0B")) || aic.contains(QLatin1String("MEMORY_L0")))
            options.aicMetrics = AicMetrics::MemoryL0;
        else if (aic.contains(QLatin1String("MEMORY")))
            options.aicMetrics = AicMetrics::Memory;
        else if (aic.contains(QLatin1String("RESOURCE_CONFLICT")))
            options.aicMetrics = AicMetrics::ResourceConflictRatio;
        options.l2 = exp.value(QStringLiteral("_l2_cache")).toBool(false) ? Switch::On : Switch::Off;
        options.msproftx = exp.value(QStringLiteral("_msprof_tx")).toBool(false) ? Switch::On : Switch::Off;
    }

    QString contain_;
    QStringList files_;
    int rank_ = -1;
    std::int64_t endNs_ = 0;
};

} // namespace

std::unique_ptr<LayoutReader> makeFrameworkTextReader(const Source &s)
{
    return std::make_unique<FrameworkTextReader>(s);
}

} // namespace npuscope::importing
