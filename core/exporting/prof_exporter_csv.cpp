// The legacy PROF export's summary CSVs (op_summary, op_statistic, task_time, step_trace,
// ai_cpu, l2_cache, msprof_tx, dp, fusion_op). Part of the Exporter (prof_exporter_impl.h).

#include "core/exporting/prof_exporter_impl.h"

namespace npuscope::exporting::legacyprof {

using analysis::Interval;

namespace {

// A summary CSV: `header`, then for each r of `rows` its cells cell(r, column).
template <class Rows, class CellFn>
void writeRows(OutFile &f, const std::vector<std::string> &header, const Rows &rows, CellFn cell)
{
    Csv c{f};
    c.header(header);
    for (const auto &r : rows) {
        for (int col = 0; col < static_cast<int>(header.size()); ++col)
            c.cell(cell(r, col));
        c.endRow();
    }
}

} // namespace

// ---------------------------------------------------------------------------------------
// summary CSVs

void Exporter::writeOpSummary(OutFile &f, const DeviceInfo &d, const IterationData &it)
{
    const analysis::OpSummaryLayout layout(opt.taskTime == TaskTimeLevel::L0, opt.aicpu == Switch::On, metricColumns);
    const TraceLookup lookup(trace);
    Csv c{f};
    c.header(layout.header());
    analysis::TaskWaitTracker wait;
    const int n = layout.columnCount();
    for (const auto &t : it.tasks) {
        if (!layout.includes(t.kind))
            continue;
        const auto row = analysis::opSummaryTask(t, wait.next(t.start, t.duration));
        for (int col = 0; col < n; ++col)
            c.cell(analysis::opSummaryCell(layout, lookup, row, t.pmu.data(), d.aicFrequencyMHz, col));
        c.endRow();
    }
}

void Exporter::writeOpStatistic(OutFile &f, const IterationData &it)
{
    const bool l0 = opt.taskTime == TaskTimeLevel::L0;
    const TraceLookup lookup(trace);
    analysis::OpStatisticBuilder b;
    for (const auto &t : it.tasks) {
        if (!isAiCoreKind(t.kind) && !(opt.aicpu == Switch::On && t.kind == TaskKind::AiCpu))
            continue;
        b.add(analysis::opStatisticType(lookup, t, l0), analysis::opStatisticCore(lookup, t), t.duration);
    }
    const std::string model = modelName(it.key.modelId);
    writeRows(f, analysis::opStatisticHeader(), b.rows(),
              [&](const auto &r, int col) { return analysis::opStatisticCell(r, model, col); });
}

void Exporter::writeTaskTimeCsv(OutFile &f, const IterationData &it)
{
    analysis::TaskTimeBuilder b;
    for (const auto &t : it.tasks)
        b.add(t, taskName(t), trace.taskType(t));
    writeRows(f, analysis::taskTimeHeader(), b.rows(),
              [](const auto &r, int col) { return analysis::taskTimeCell(r, r.name, col); });
}

void Exporter::writeStepTraceCsv(OutFile &f, const std::vector<StepTraceRecord> &steps)
{
    std::size_t pairs = 0;
    for (const auto &s : steps)
        pairs = std::max(pairs, s.reduces.size());
    Csv c{f};
    const auto header = analysis::stepTraceHeader(pairs);
    c.header(header);
    for (const auto &s : steps) {
        const auto r = analysis::stepTraceRow(s);
        for (int col = 0; col < static_cast<int>(header.size()); ++col)
            c.cell(analysis::stepTraceCell(r, pairs, col));
        c.endRow();
    }
}

void Exporter::writeAiCpuCsv(OutFile &f, const IterationData &it)
{
    const TraceLookup lookup(trace);
    writeRows(f, analysis::aiCpuHeader(), it.aiCpu,
              [&](const auto &a, int col) { return analysis::aiCpuCell(a, lookup, col); });
}

void Exporter::writeL2Csv(OutFile &f, const IterationData &it)
{
    Csv c{f};
    const auto header = analysis::l2Header();
    c.header(header);
    for (const auto &t : it.tasks) {
        if (!analysis::l2Includes(t))
            continue;
        const std::string_view name = taskName(t);
        for (int col = 0; col < static_cast<int>(header.size()); ++col)
            c.cell(analysis::l2Cell(t.streamId, t.taskId, t.l2HitRate, t.l2VictimRate, name, col));
        c.endRow();
    }
}

void Exporter::writeTxCsv(OutFile &f, const IterationData &it)
{
    const TraceLookup lookup(trace);
    writeRows(f, analysis::txHeader(), it.tx, [&](const auto &r, int col) { return analysis::txCell(r, lookup, col); });
}

void Exporter::writeDpCsv(OutFile &f, const std::vector<QueueEventRecord> &events)
{
    const TraceLookup lookup(trace);
    writeRows(f, analysis::dpHeader(), events, [&](const auto &q, int col) { return analysis::dpCell(q, lookup, col); });
}

void Exporter::writeFusionCsv(OutFile &f, const std::vector<FusionOpRecord> &ops)
{
    const TraceLookup lookup(trace);
    Csv c{f};
    const auto header = analysis::fusionHeader();
    c.header(header);
    for (const auto &o : ops) {
        const std::string fallback = modelName(o.modelId);
        for (int col = 0; col < static_cast<int>(header.size()); ++col)
            c.cell(analysis::fusionCell(o, lookup, fallback, col));
        c.endRow();
    }
}

} // namespace npuscope::exporting::legacyprof
