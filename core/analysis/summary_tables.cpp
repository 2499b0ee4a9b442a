#include "core/analysis/summary_tables.h"

#include "core/analysis/summary_build.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <algorithm>

namespace npuscope::analysis {

namespace detail {

std::vector<SummaryColumn> makeColumns(const std::vector<std::string> &csv, std::initializer_list<int> textCols,
                                       bool device, bool iteration)
{
    std::vector<SummaryColumn> cols;
    if (device)
        cols.push_back({Ctx::tr("Device"), ColumnType::Number, false});
    if (iteration)
        cols.push_back({Ctx::tr("Iteration"), ColumnType::Number, false});
    for (std::size_t i = 0; i < csv.size(); ++i) {
        const bool text = std::find(textCols.begin(), textCols.end(), static_cast<int>(i)) != textCols.end();
        const std::string &n = csv[i];
        const bool id = n.ends_with(" ID") || n.ends_with(" Id") || n == "pid" || n == "tid" || n == "category"
                     || n == "payload_type" || n == "Segment";
        // Points in time: their mean and min/max could be read, but a sum is nonsense and
        // they crowd out the durations.
        const bool when = n == "Task Start Time" || n == "Timestamp" || n == "FP Start" || n == "BP End"
                       || n == "Iteration End" || n == "Reduce Start" || n == "Start_time(ns)" || n == "End_time(ns)"
                       || n == "Start Time(us)";
        cols.push_back({QString::fromStdString(n), text ? ColumnType::Text : ColumnType::Number, true, !id && !when});
    }
    return cols;
}

} // namespace detail

using namespace detail;

namespace {

std::vector<SummaryKind> kindsOf(const TraceReader &reader)
{
    const auto so = summaryOptions(reader.sessionInfo());
    std::vector<SummaryKind> k;
    if (so.taskFiles) {
        k.push_back(SummaryKind::OpSummary);
        k.push_back(SummaryKind::OpStatistic);
    }
    if (so.stepFiles)
        k.push_back(SummaryKind::StepTrace);
    if (so.taskFiles)
        k.push_back(SummaryKind::TaskTime);
    if (so.opt.aicpu == Switch::On)
        k.push_back(SummaryKind::AiCpu);
    bool dp = false;
    for (const auto &d : reader.sessionInfo().devices)
        dp = dp || !reader.queueEvents(d.id).empty();
    if (dp)
        k.push_back(SummaryKind::DataPreprocess);
    bool fusion = false;
    for (std::uint32_t m : modelIds(reader))
        fusion = fusion || !reader.fusionOps(m).empty();
    if (fusion)
        k.push_back(SummaryKind::FusionOp);
    if (so.opt.l2 == Switch::On && so.taskFiles)
        k.push_back(SummaryKind::L2Cache);
    bool collectives = so.hcclFiles;
    // An import keeps what its files had (one rank of a job imported alone included).
    if (!collectives && reader.sessionInfo().source == QLatin1String("import"))
        for (const auto &it : reader.iterations()) {
            reader.forEachCollective(it, [&](const CollectiveOpRecord &) { return !(collectives = true); });
            if (collectives)
                break;
        }
    if (collectives)
        k.push_back(SummaryKind::Collectives);
    if (so.opt.msproftx == Switch::On)
        k.push_back(SummaryKind::MsprofTx);
    // Today's tables: sessions of today's profilers (imports, emulated PyTorch sessions).
    const SessionInfo &info = reader.sessionInfo();
    if (info.source == QLatin1String("import") || info.spec.framework == Framework::PyTorch) {
        k.push_back(SummaryKind::KernelDetails);
        bool api = false;
        for (const auto &it : reader.iterations()) {
            reader.forEachHostRange(it, [&](const HostRangeRecord &h) {
                api = h.kind != HostRangeRecord::Kind::MsprofTx;
                return !api;
            });
            if (api)
                break;
        }
        if (api)
            k.push_back(SummaryKind::ApiStatistic);
    }
    if (!reader.stepTimes().empty())
        k.push_back(SummaryKind::StepTime);
    return k;
}

} // namespace

// ---- kinds ---------------------------------------------------------------------------

const char *summaryKindStem(SummaryKind k)
{
    switch (k) {
    case SummaryKind::OpSummary: return "op_summary";
    case SummaryKind::OpStatistic: return "op_statistic";
    case SummaryKind::StepTrace: return "step_trace";
    case SummaryKind::TaskTime: return "task_time";
    case SummaryKind::AiCpu: return "aicpu";
    case SummaryKind::DataPreprocess: return "dp";
    case SummaryKind::FusionOp: return "fusion_op";
    case SummaryKind::L2Cache: return "l2_cache";
    case SummaryKind::Collectives: return "hccl";
    case SummaryKind::MsprofTx: return "msprof_tx";
    case SummaryKind::KernelDetails: return "kernel_details";
    case SummaryKind::ApiStatistic: return "api_statistic";
    case SummaryKind::StepTime: return "step_trace_time";
    }
    return "";
}

QString summaryKindTitle(SummaryKind k)
{
    switch (k) {
    case SummaryKind::OpSummary: return Ctx::tr("Op summary");
    case SummaryKind::OpStatistic: return Ctx::tr("Op statistic");
    case SummaryKind::StepTrace: return Ctx::tr("Step trace");
    case SummaryKind::TaskTime: return Ctx::tr("Task time");
    case SummaryKind::AiCpu: return Ctx::tr("AI CPU");
    case SummaryKind::DataPreprocess: return Ctx::tr("Data pre-processing (queue)");
    case SummaryKind::FusionOp: return Ctx::tr("Fusion ops");
    case SummaryKind::L2Cache: return Ctx::tr("L2 cache");
    case SummaryKind::Collectives: return Ctx::tr("Collective ops (HCCL)");
    case SummaryKind::MsprofTx: return Ctx::tr("msproftx markers");
    case SummaryKind::KernelDetails: return Ctx::tr("Kernel details");
    case SummaryKind::ApiStatistic: return Ctx::tr("API statistics");
    case SummaryKind::StepTime: return Ctx::tr("Step time breakdown");
    }
    return {};
}

int SummaryTable::columnIndex(const QString &name) const
{
    for (int i = 0; i < columnCount(); ++i)
        if (columns_[static_cast<std::size_t>(i)].name == name)
            return i;
    return -1;
}

QString SummaryTable::text(std::size_t row, int col) const
{
    const Cell c = cell(row, col);
    if (c.kind == Cell::Kind::Text)
        return QString::fromUtf8(c.text.data(), static_cast<qsizetype>(c.text.size()));
    return QString::fromStdString(cellText(c));
}

// ---- building ------------------------------------------------------------------------

std::shared_ptr<const SummaryTable> buildSummaryTable(const TraceReader &reader, SummaryKind k, const std::atomic<bool> *cancel,
                                                      const QStringList &kernelColumns)
{
    const auto so = summaryOptions(reader.sessionInfo());
    switch (k) {
    case SummaryKind::OpSummary: return buildOpSummary(reader, so, cancel);
    case SummaryKind::OpStatistic: return buildOpStatistic(reader, so, cancel);
    case SummaryKind::StepTrace: return buildStepTrace(reader, cancel);
    case SummaryKind::TaskTime: return buildTaskTime(reader, cancel);
    case SummaryKind::AiCpu: return buildAiCpu(reader, cancel);
    case SummaryKind::DataPreprocess: return buildDp(reader, cancel);
    case SummaryKind::FusionOp: return buildFusion(reader, cancel);
    case SummaryKind::L2Cache: return buildL2(reader, cancel);
    case SummaryKind::Collectives: return buildCollectives(reader, cancel);
    case SummaryKind::MsprofTx: return buildTx(reader, cancel);
    case SummaryKind::KernelDetails: return buildKernelDetails(reader, so, kernelColumns, cancel);
    case SummaryKind::ApiStatistic: return buildApiStatistic(reader, cancel);
    case SummaryKind::StepTime: return buildStepTime(reader, cancel);
    }
    return nullptr;
}

QStringList kernelColumnsFromImportNote(const QByteArray &json)
{
    QStringList out;
    const QJsonDocument doc = QJsonDocument::fromJson(json);
    for (const QJsonValue &v : doc.object().value(QStringLiteral("kernel_columns")).toArray())
        if (v.isString())
            out << v.toString();
    return out;
}

StepShares stepShares(const StepTimeRecord &r)
{
    StepShares s;
    const auto pos = [](TimeNs v) { return v > 0 ? double(v) : 0.0; };
    const double computing = pos(r.computing), notOverlapped = pos(r.commNotOverlapped), free = pos(r.free),
                 preparing = pos(r.preparing);
    s.stepNs = computing + notOverlapped + free + preparing;
    if (s.stepNs <= 0)
        return s;
    const auto share = [&](double v) { return std::clamp(100.0 * v / s.stepNs, 0.0, 100.0); };
    s.computing = share(computing);
    s.commNotOverlapped = share(notOverlapped);
    s.free = share(free);
    s.preparing = share(preparing);
    s.overlapped = std::min(share(pos(r.overlapped)), s.computing);
    s.bubble = std::min(share(pos(r.bubble)), s.commNotOverlapped);
    return s;
}

SummaryTables::SummaryTables(const TraceReader &reader, QStringList kernelColumns)
    : reader_(reader), kernelColumns_(std::move(kernelColumns)), kinds_(kindsOf(reader))
{
}

bool SummaryTables::has(SummaryKind k) const { return std::find(kinds_.begin(), kinds_.end(), k) != kinds_.end(); }

std::shared_ptr<const SummaryTable> SummaryTables::table(SummaryKind k, const std::atomic<bool> *cancel)
{
    if (!has(k))
        return nullptr;
    std::lock_guard<std::mutex> lock(mutex_);
    auto &slot = built_[static_cast<int>(k)];
    if (!slot)
        slot = buildSummaryTable(reader_, k, cancel, kernelColumns_);
    return slot;
}

std::shared_ptr<const GroupedTable> SummaryTables::grouped(SummaryKind k, const RowScope &scope, const std::atomic<bool> *cancel)
{
    if (!has(k))
        return nullptr;
    std::shared_ptr<const SummaryTable> built;
    {
        std::lock_guard<std::mutex> lock(mutex_); // one reader: one user at a time
        built = built_[static_cast<int>(k)];
        if (!built && groupsDirectly(k))
            return groupTaskTime(reader_, scope, cancel);
    }
    if (!built)
        built = table(k, cancel);
    if (!built || built->groupColumn() < 0 || cancelled(cancel))
        return nullptr;
    RowIndex rows = filterRows(*built, allRows(*built), scope, {}, cancel);
    if (cancelled(cancel))
        return nullptr;
    auto g = std::make_shared<GroupedTable>(built, rows, built->groupColumn(), cancel);
    if (cancelled(cancel))
        return nullptr;
    return g;
}

} // namespace npuscope::analysis
