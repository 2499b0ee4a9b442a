#pragma once
// What the summary table builders share (summary_tables.cpp dispatches to them): the
// session's summary options, a table's own copy of its strings (OwnLookup), the
// CSV-shaped columns and RowsTable, a table of stored rows with a cell function. Internal
// to core/analysis: the builders of the PROF summary files live in summary_prof_tables.cpp,
// those of today's profilers (kernel details, API statistic, step time) in
// summary_today_tables.cpp, sorting, filtering and grouping in summary_index.cpp.

#include "core/analysis/summary_tables.h"
#include "core/options/profiling_options.h"

#include <QCoreApplication>
#include <algorithm>
#include <functional>
#include <initializer_list>
#include <string>
#include <unordered_map>
#include <vector>

namespace npuscope::analysis::detail {

struct Ctx { Q_DECLARE_TR_FUNCTIONS(SummaryTables) };

// What the session's options say about the summary files (the exporter's rules).
struct SessionSummaryOptions {
    ProfilingOptions opt;
    bool taskFiles = false, stepFiles = false, hcclFiles = false;
    QStringList metricColumns;
};

inline SessionSummaryOptions summaryOptions(const SessionInfo &info)
{
    SessionSummaryOptions s;
    if (!info.optionsJson.trimmed().isEmpty())
        ProfilingOptions::parse(info.optionsJson, &s.opt); // problems were reported when the session was set up
    s.taskFiles = s.opt.taskTimingOn();
    s.stepFiles = s.opt.trainingTrace == Switch::On;
    s.hcclFiles = s.opt.hccl == Switch::On && info.devices.size() > 1;
    if (s.opt.taskTime != TaskTimeLevel::L0)
        s.metricColumns = sessionPmuColumns(info);
    return s;
}

inline bool cancelled(const std::atomic<bool> *c) { return c && c->load(std::memory_order_relaxed); }

// The table's own copy of the strings and op descriptions its rows use.
class OwnLookup final : public SummaryLookup {
public:
    explicit OwnLookup(const TraceReader &r) : reader_(&r) {}
    std::string_view string(StrId id) const override
    {
        return id < strings_.size() ? std::string_view(strings_[id]) : std::string_view();
    }
    const OpDesc *op(std::uint32_t opId) const override
    {
        auto p = ops_.find(opId);
        return p == ops_.end() ? nullptr : &p->second;
    }
    // Copies a string while building (the reader is alive then).
    StrId keep(StrId id)
    {
        if (id == 0)
            return 0;
        if (id >= strings_.size()) {
            strings_.resize(id + 1);
            present_.resize(id + 1);
        }
        if (!present_[id]) {
            strings_[id] = std::string(reader_->string(id));
            present_[id] = true;
        }
        return id;
    }
    void keepOp(std::uint32_t opId)
    {
        if (opId == 0 || ops_.count(opId))
            return;
        const OpDesc *o = reader_->op(opId);
        if (!o)
            return;
        ops_.emplace(opId, *o);
        for (StrId s : {o->name, o->opType, o->inputShapes, o->inputDataTypes, o->inputFormats, o->outputShapes,
                        o->outputDataTypes, o->outputFormats, o->coreType})
            keep(s);
    }
    void keepTask(const TaskRecord &t)
    {
        keep(t.name);
        keep(t.type);
        keepOp(t.opId);
    }
    void done() { reader_ = nullptr; } // built: no reader access after this
    std::size_t memoryBytes() const
    {
        std::size_t b = strings_.capacity() * sizeof(std::string) + ops_.size() * (sizeof(OpDesc) + 32);
        for (const auto &s : strings_)
            b += s.capacity() > 15 ? s.capacity() : 0;
        return b;
    }

private:
    const TraceReader *reader_;
    std::vector<std::string> strings_{std::string()};
    std::vector<bool> present_{true};
    std::unordered_map<std::uint32_t, OpDesc> ops_;
};

// The columns of a table shaped like a CSV file: Device (and Iteration) first when asked,
// then the file's header, `textCols` of it text, identifiers and points in time not summed.
std::vector<SummaryColumn> makeColumns(const std::vector<std::string> &csv, std::initializer_list<int> textCols,
                                       bool device, bool iteration);

// A table of stored rows of one type whose cells come from a function of (row, CSV column).
// The first `prefix` columns are Device (and Iteration), taken from the row's span.
template <class Row>
class RowsTable final : public SummaryTable {
public:
    using CellFn = std::function<Cell(const RowsTable &, const Row &, int)>;
    using SpanFn = std::function<RowSpan(const Row &)>;
    RowsTable(SummaryKind k, const TraceReader &r, CellFn c, SpanFn s) : SummaryTable(k), lookup(r), cellFn(std::move(c)), spanFn(std::move(s)) {}

    std::size_t rowCount() const override { return rows.size(); }
    Cell cell(std::size_t row, int col) const override
    {
        const Row &r = rows[row];
        if (col < prefix) {
            const RowSpan s = spanFn(r);
            if (col == 0 && prefixDevice)
                return Cell::uint(s.device);
            return s.iteration ? Cell::uint(s.iteration) : Cell::na();
        }
        return cellFn(*this, r, col - prefix);
    }
    RowSpan span(std::size_t row) const override { return spanFn(rows[row]); }
    std::size_t memoryBytes() const override { return rows.capacity() * sizeof(Row) + lookup.memoryBytes(); }

    void setColumns(std::vector<SummaryColumn> c, const QString &group)
    {
        columns_ = std::move(c);
        prefix = 0;
        prefixDevice = false;
        for (const auto &col : columns_)
            if (!col.inCsv) {
                if (prefix == 0 && col.name == Ctx::tr("Device"))
                    prefixDevice = true;
                ++prefix;
            }
        groupColumn_ = group.isEmpty() ? -1 : columnIndex(group);
    }

    OwnLookup lookup;
    std::vector<Row> rows;
    CellFn cellFn;
    SpanFn spanFn;
    int prefix = 0;
    bool prefixDevice = false;
    std::size_t pairs = 0; // step_trace only
};


inline RowSpan spanOf(std::uint16_t device, std::uint32_t model, std::uint32_t iteration, std::int64_t stream, TimeNs start,
               TimeNs end)
{
    RowSpan s;
    s.device = device;
    s.modelId = model;
    s.iteration = iteration;
    s.stream = stream;
    s.start = start;
    s.end = end;
    return s;
}

inline std::string modelNameOf(const SessionInfo &info, std::uint32_t model)
{
    for (const auto &m : info.models)
        if (m.id == model)
            return m.name.toStdString();
    return {};
}

// The builders, one per kind (nullptr when cancelled).
std::shared_ptr<const SummaryTable> buildOpSummary(const TraceReader &reader, const SessionSummaryOptions &so,
                                                   const std::atomic<bool> *cancel);
std::shared_ptr<const SummaryTable> buildOpStatistic(const TraceReader &reader, const SessionSummaryOptions &so,
                                                     const std::atomic<bool> *cancel);
std::shared_ptr<const SummaryTable> buildTaskTime(const TraceReader &reader, const std::atomic<bool> *cancel);
// task_time's rows in `scope` grouped by type without keeping the table (task_time_table.cpp).
std::shared_ptr<const GroupedTable> groupTaskTime(const TraceReader &reader, const RowScope &scope,
                                                  const std::atomic<bool> *cancel);
std::shared_ptr<const SummaryTable> buildStepTrace(const TraceReader &reader, const std::atomic<bool> *cancel);
std::shared_ptr<const SummaryTable> buildAiCpu(const TraceReader &reader, const std::atomic<bool> *cancel);
std::shared_ptr<const SummaryTable> buildL2(const TraceReader &reader, const std::atomic<bool> *cancel);
std::shared_ptr<const SummaryTable> buildTx(const TraceReader &reader, const std::atomic<bool> *cancel);
std::shared_ptr<const SummaryTable> buildDp(const TraceReader &reader, const std::atomic<bool> *cancel);
std::shared_ptr<const SummaryTable> buildFusion(const TraceReader &reader, const std::atomic<bool> *cancel);
std::shared_ptr<const SummaryTable> buildCollectives(const TraceReader &reader, const std::atomic<bool> *cancel);
std::shared_ptr<const SummaryTable> buildKernelDetails(const TraceReader &reader, const SessionSummaryOptions &so,
                                                       const QStringList &fileColumns, const std::atomic<bool> *cancel);
std::shared_ptr<const SummaryTable> buildApiStatistic(const TraceReader &reader, const std::atomic<bool> *cancel);
std::shared_ptr<const SummaryTable> buildStepTime(const TraceReader &reader, const std::atomic<bool> *cancel);
// The models of the session: its declared ones and those its iterations name.
std::vector<std::uint32_t> modelIds(const TraceReader &reader);

} // namespace npuscope::analysis::detail
