#pragma once
// The cells of the PROF summary files (docs/formats.md), one column at a
// time. Both the CSV exporter and the GUI summary tables call these functions, so a table
// shows exactly what the exported CSV says: the exporter streams every cell of a row, a
// SummaryTable keeps the small per-row inputs and asks for a cell only when it is shown,
// sorted or filtered.
// A Cell says how the CSV writes the value (µs from ns, ms from ns, 3 decimals, N/A...),
// so number formatting stays in one place: appendCell() gives the CSV text (unquoted).

#include "core/model/records.h"
#include "core/analysis/op_tables.h"

#include <QStringList>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace npuscope::analysis {

struct Cell {
    enum class Kind : std::uint8_t { Na, Text, UInt, Int, Us, Ms, UsD, Fixed };
    Kind kind = Kind::Na;
    std::string_view text;     // Text
    std::uint64_t u = 0;       // UInt
    std::int64_t i = 0;        // Int, Us, Ms (ns)
    double d = 0;              // UsD (ns), Fixed

    static Cell na() { return {}; }
    static Cell str(std::string_view s) { Cell c; c.kind = Kind::Text; c.text = s; return c; }
    static Cell strOrNa(std::string_view s) { return s.empty() ? na() : str(s); }
    static Cell uint(std::uint64_t v) { Cell c; c.kind = Kind::UInt; c.u = v; return c; }
    static Cell integer(std::int64_t v) { Cell c; c.kind = Kind::Int; c.i = v; return c; }
    static Cell us(TimeNs ns) { Cell c; c.kind = Kind::Us; c.i = ns; return c; }
    static Cell ms(TimeNs ns) { Cell c; c.kind = Kind::Ms; c.i = ns; return c; }
    static Cell usD(double ns) { Cell c; c.kind = Kind::UsD; c.d = ns; return c; }
    static Cell fixed(double v) { Cell c; c.kind = Kind::Fixed; c.d = v; return c; }
    static Cell fixedOrNa(const std::optional<double> &v) { return v ? fixed(*v) : na(); }

    bool isNumber() const { return kind != Kind::Na && kind != Kind::Text; }
    // The value in the unit the CSV shows (µs for Us, ms for Ms); NaN for N/A and text.
    // Inline: a grouping reads millions.
    double number() const
    {
        switch (kind) {
        case Kind::UInt: return static_cast<double>(u);
        case Kind::Int: return static_cast<double>(i);
        case Kind::Us: return static_cast<double>(i) / 1e3;
        case Kind::Ms: return static_cast<double>(i) / 1e6;
        case Kind::UsD: return d / 1e3;
        case Kind::Fixed: return d;
        case Kind::Na:
        case Kind::Text: break;
        }
        return std::numeric_limits<double>::quiet_NaN();
    }
};

// The CSV text of a cell without RFC 4180 quoting: "N/A", exact µs/ms with trailing
// zeros trimmed, fixed values rounded to 3 decimals.
void appendCell(const Cell &c, std::string *out);
std::string cellText(const Cell &c);

// Resolves string ids and op descriptions: a TraceReader while exporting, the table's own
// copies afterwards (so a built table outlives the reader).
class SummaryLookup {
public:
    virtual ~SummaryLookup() = default;
    virtual std::string_view string(StrId id) const = 0;
    virtual const OpDesc *op(std::uint32_t opId) const = 0;
};

// The name a task shows: its own name, else its op's name, else its task type.
std::string_view taskDisplayName(const SummaryLookup &l, StrId type, TaskKind kind, StrId name, std::uint32_t opId);
// A task's type text: its own spelling, else its kind's name.
std::string_view taskTypeText(const SummaryLookup &l, StrId type, TaskKind kind);

// ---- op_summary ----------------------------------------------------------------------

// Column layout of one session's op_summary (depends on task_time level and aic_metrics).
struct OpSummaryLayout {
    OpSummaryLayout(bool l0, bool withAiCpu, const QStringList &metricColumns);
    std::vector<std::string> header() const;
    int columnCount() const { return kFixedColumns + static_cast<int>(metrics.size()) - firstShown; }
    bool includes(TaskKind k) const { return isAiCoreKind(k) || (withAiCpu && k == TaskKind::AiCpu); }

    static constexpr int kFixedColumns = 18;
    bool l0 = false;
    bool withAiCpu = false;
    // Every metric of the session, in TaskRecord::pmu order; the columns show them from
    // firstShown on (1 when the first is aicore_time(us), which fills the fixed column).
    std::vector<std::string> metrics;
    int firstShown = 0;
    std::vector<std::uint8_t> role;   // per metric column: 0 raw value, 1 X_time(us), 2 memory_bound
    int mte2 = -1, mac = -1, vec = -1;
};

// What one op_summary row needs of its task (64 bytes; the PMU values live beside it).
struct OpSummaryTask {
    TimeNs start = 0, duration = 0, wait = 0;
    std::uint64_t totalCycles = 0;
    std::uint32_t modelId = 0, iteration = 0, streamId = 0, taskId = 0, opId = 0;
    StrId name = 0;
    StrId type = 0;
    std::uint16_t device = 0;
    TaskKind kind = TaskKind::AiCore;
    std::uint16_t pmuCount = 0;
};
OpSummaryTask opSummaryTask(const TaskRecord &t, TimeNs wait);
// pmu: the task's PMU values in metric column order (pmuCount of them are valid).
Cell opSummaryCell(const OpSummaryLayout &layout, const SummaryLookup &l, const OpSummaryTask &t, const float *pmu,
                   int aicFreqMHz, int col);

// ---- op_statistic --------------------------------------------------------------------
std::vector<std::string> opStatisticHeader();
Cell opStatisticCell(const OpStatisticRow &r, std::string_view modelName, int col);
// The op type an op_summary task counts under ("N/A" when unknown or with l0).
std::string_view opStatisticType(const SummaryLookup &l, const TaskRecord &t, bool l0);
// The core type an op_statistic row counts a task under: its op's accelerator core as the
// source named it, else the task type.
std::string_view opStatisticCore(const SummaryLookup &l, const TaskRecord &t);

// ---- task_time -----------------------------------------------------------------------
std::vector<std::string> taskTimeHeader();
Cell taskTimeCell(const TaskTimeRow &r, std::string_view name, int col);

// ---- step_trace ----------------------------------------------------------------------
std::vector<std::string> stepTraceHeader(std::size_t reducePairs);
Cell stepTraceCell(const StepTraceRow &r, std::size_t reducePairs, int col);

// ---- aicpu ---------------------------------------------------------------------------
std::vector<std::string> aiCpuHeader();
Cell aiCpuCell(const AiCpuRecord &a, const SummaryLookup &l, int col);

// ---- l2_cache ------------------------------------------------------------------------
std::vector<std::string> l2Header();
inline bool l2Includes(const TaskRecord &t) { return isAiCoreKind(t.kind) && t.l2HitRate >= 0; }
Cell l2Cell(std::uint32_t streamId, std::uint32_t taskId, float hitRate, float victimRate, std::string_view name, int col);

// ---- msprof_tx -----------------------------------------------------------------------
std::vector<std::string> txHeader();
Cell txCell(const HostRangeRecord &r, const SummaryLookup &l, int col);

// ---- dp ------------------------------------------------------------------------------
std::vector<std::string> dpHeader();
Cell dpCell(const QueueEventRecord &q, const SummaryLookup &l, int col);
// Queue events carry no iteration: the dp file of an iteration holds the events in
// (lo, hi]. With step traces the window is (previous end, end], the first iteration
// taking everything before and the last everything after; without, the span of the
// iteration's tasks (taskFirstStart, taskMaxEnd), when it has tasks.
struct QueueWindow { TimeNs lo, hi; };
QueueWindow queueWindow(const std::vector<StepTraceRecord> &allSteps, std::uint32_t iteration,
                        std::optional<std::pair<TimeNs, TimeNs>> taskSpan);

// ---- fusion_op -----------------------------------------------------------------------
std::vector<std::string> fusionHeader();
Cell fusionCell(const FusionOpRecord &o, const SummaryLookup &l, std::string_view fallbackModelName, int col);

// ---- collective ops (HCCL "Communication Kernel" lane of the hccl timeline) ----------
std::vector<std::string> collectiveHeader();
Cell collectiveCell(const CollectiveOpRecord &c, const SummaryLookup &l, int col);

} // namespace npuscope::analysis
