#pragma once
// Series behind the analysis charts: top-N op types by total time, the per-
// iteration step breakdown, iteration time per device, AI Core pipe ratios per op type,
// collective bandwidth and the L2 hit-rate distribution. Pure functions over a
// TraceReader, so the GUI charts and the tests compute the same numbers.
//
// Scope rules (the same as the timeline's range statistics and a SQL `start >= t0 AND
// start < t1`): a record belongs to a time range when its start lies in it; a step-trace
// iteration belongs to it when its FP start does. Durations are nanoseconds; bandwidth is
// bytes per ns, i.e. GB/s with GB = 10^9 bytes (as the HCCL files report it).
//
// When a chart cannot be drawn because the data was not recorded, its `missing` says so
// as a translated sentence that names the profiling option to switch on.

#include "core/model/trace_reader.h"

#include <QString>
#include <array>
#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

namespace npuscope::analysis::charts {

// Which part of a session the charts look at. -1 means "all" at that level.
struct ChartScope {
    int device = -1;
    // The devices picked (the Charts tab's device picker); empty: every device. Unlike
    // `device`, it also limits the iteration-time-per-device chart (the user chose which
    // devices to compare).
    std::vector<std::uint16_t> devices;
    std::int64_t modelId = -1;
    std::int64_t iterationFirst = -1, iterationLast = -1; // inclusive bounds; -1: open
    TimeNs rangeStart = 0, rangeEnd = 0;                  // [start, end); start >= end: no limit

    bool includes(const IterationKey &k) const;
    bool picked(std::uint16_t d) const;                   // in `devices` (always when it is empty)
    bool hasRange() const { return rangeEnd > rangeStart; }
    bool inRange(TimeNs start) const { return !hasRange() || (start >= rangeStart && start < rangeEnd); }
};

// ---- Top-N op types (AI Core and AI CPU tasks, as op_statistic counts them) ----------
struct OpTypeTotal {
    std::string opType;          // "N/A" for tasks without an op type; "Other" for the rest
    std::uint64_t count = 0;
    TimeNs total = 0;
    bool other = false;          // the aggregated remainder beyond the top N
    std::uint64_t otherTypes = 0;// how many op types the "Other" row stands for
};
struct TopOpTypes {
    std::vector<OpTypeTotal> rows; // total descending (ties: op type), "Other" last
    TimeNs allTotal = 0;           // sum over every row (for shares)
    QString missing;
};

// ---- Step trace per iteration --------------------------------------------------------
struct IterationStep {
    std::uint16_t device = 0;
    std::uint32_t modelId = 0;
    std::uint32_t iteration = 0;
    TimeNs fpToBp = 0, refresh = 0;
    TimeNs dataAugBound = 0;     // 0 for the first iteration (it has none)
    bool hasDataAugBound = false;
    TimeNs iterationTime = 0;
    TimeNs start = 0, end = 0;   // the iteration's span: previous end (or FP start) → end
};
struct StepSeries {
    std::vector<IterationStep> steps; // by device, model, iteration
    QString missing;
};

// ---- Iteration time per device -------------------------------------------------------
// Ignores the scope's device (a comparison between devices needs all of them) but keeps to
// the picked `devices`.
struct DeviceIterations {
    std::uint16_t device = 0;
    std::vector<IterationStep> steps; // by model, iteration
    double meanIterationNs = 0, meanFpToBpNs = 0;
};
struct DeviceSeries {
    std::vector<DeviceIterations> devices; // by device id
    // Devices whose mean FP→BP exceeds the median device's by more than 10 %: the slow
    // computer that makes the others wait in the all-reduce (their iteration times match,
    // since the collective synchronises them, so FP→BP is where a straggler shows).
    std::vector<std::uint16_t> stragglers;
    QString missing;
};

// ---- AI Core pipe ratios per op type (aic_metrics = PipeUtilization) -----------------
enum Pipe { Mac, Vec, Scalar, Mte1, Mte2, Mte3, PipeCount };
const char *pipeName(Pipe p);            // "mac", "vec", "scalar", "mte1", "mte2", "mte3"
struct OpTypePipes {
    std::string opType;
    std::uint64_t count = 0;             // AI Core tasks with pipe ratios
    TimeNs total = 0;                    // their total duration (the weights)
    std::array<double, PipeCount> ratio{}; // duration-weighted means, 0..1
};
struct PipeSeries {
    std::vector<OpTypePipes> rows;       // total descending (ties: op type)
    QString missing;
};

// ---- Collective bandwidth ------------------------------------------------------------
struct CollectiveBandwidth {
    std::string name;                    // collective op name ("Default/AllReduce-op534_0")
    std::string opType;                  // "AllReduce"
    std::uint64_t count = 0;             // occurrences over devices and iterations
    std::uint64_t bytes = 0;
    TimeNs duration = 0;
    double gbps = 0;                     // bytes / duration
};
struct TransportBandwidth {
    std::string transport;               // LOCAL / SDMA / RDMA (HCCL tasks that move data)
    std::uint64_t count = 0;
    std::uint64_t bytes = 0;
    TimeNs duration = 0;
    double gbps = 0;
};
struct BandwidthSeries {
    std::vector<CollectiveBandwidth> ops;         // by first occurrence (start order)
    std::vector<TransportBandwidth> transports;   // by transport name
    QString missing;
};

// ---- L2 hit-rate distribution --------------------------------------------------------
struct L2Histogram {
    std::vector<std::uint64_t> bins;     // bin i counts hit rates in [i/n, (i+1)/n); 1.0 in the last
    std::uint64_t tasks = 0;             // AI Core tasks with a hit rate
    double mean = 0;                     // plain mean hit rate of those tasks
    QString missing;
};

// ---- Memory over time (torch_npu's memory_record / npu_module_mem / operator_memory, the
// db's MEMORY_RECORD / NPU_MODULE_MEM / OP_MEMORY) -----------------------------------------
// One device: the scope's, else the first picked one with memory records. Sizes are the files' "MB",
// which torch_npu computes as bytes / 1024 / 1024 (MiB). Times are absolute ns.
enum class MemoryMetric : std::uint8_t { Allocated, Reserved, Active };
struct MemoryPoint {
    TimeNs ts = 0;
    double mib = 0;
};
struct MemoryTrack {
    std::string component;               // "PTA", "GE", "PTA+GE", "APP" (module: "HCCL", "RUNTIME", ...)
    MemoryMetric metric = MemoryMetric::Allocated;
    // Where it comes from: the allocator records (memory_record), a module's reservation
    // (npu_module_mem), or, without allocator records, the totals operator_memory gives at
    // each allocation and release.
    enum class Source : std::uint8_t { Allocator, Module, Operators } source = Source::Allocator;
    std::vector<MemoryPoint> points;     // by time
};
struct MemorySeries {
    int device = -1;                     // the device charted
    std::vector<std::uint16_t> devices;  // every device with memory records
    std::vector<MemoryTrack> tracks;     // allocator tracks (components in order of appearance;
                                         // allocated, reserved, active), then modules
    std::uint64_t records = 0;           // memory records of the device in the scope
    std::uint64_t idleModules = 0;       // modules whose reservation stayed 0 (not charted)
    QString missing;
};

enum ChartKind : unsigned {
    TopOps = 1u << 0,
    Steps = 1u << 1,
    Devices = 1u << 2,
    Pipes = 1u << 3,
    Bandwidth = 1u << 4,
    L2 = 1u << 5,
    Memory = 1u << 6,
    AllCharts = 0x7f,
};

struct ChartRequest {
    ChartScope scope;
    unsigned kinds = AllCharts;
    int topN = 10;                       // ≥ 1
    int l2Bins = 20;                     // ≥ 1
    // Steps and Devices show every iteration of the selected device/model (neither the
    // iteration bounds nor the time range apply) when true. The Charts tab sets it false:
    // its iteration charts keep to the iterations whose FP start lies in the time range.
    bool stepsShowAllIterations = true;
};

struct ChartSet {
    TopOpTypes topOps;
    StepSeries steps;
    DeviceSeries devices;
    PipeSeries pipes;
    BandwidthSeries bandwidth;
    L2Histogram l2;
    MemorySeries memory;
    bool cancelled = false;
};

// Everything requested, reading each task once. Stops early (cancelled = true) when
// *cancel turns true.
ChartSet computeCharts(const TraceReader &reader, const ChartRequest &request,
                       const std::atomic<bool> *cancel = nullptr);

// The top n rows of `all` (computed with a large enough topN) with the rest folded into
// "Other", exactly as computeCharts would give them for n: a view can change N without
// reading the session again.
TopOpTypes foldTopN(const TopOpTypes &all, int n);

// One chart each (convenience over computeCharts).
TopOpTypes topOpTypes(const TraceReader &reader, const ChartScope &scope, int n);
StepSeries iterationSteps(const TraceReader &reader, const ChartScope &scope);
DeviceSeries iterationTimesByDevice(const TraceReader &reader, const ChartScope &scope);
PipeSeries pipeRatios(const TraceReader &reader, const ChartScope &scope);
BandwidthSeries collectiveBandwidth(const TraceReader &reader, const ChartScope &scope);
L2Histogram l2HitRates(const TraceReader &reader, const ChartScope &scope, int bins = 20);
// Records in the scope's time range (by their time); the scope's device, model and
// iterations other than the device do not apply (memory is not per iteration).
MemorySeries memoryOverTime(const TraceReader &reader, const ChartScope &scope, const std::atomic<bool> *cancel = nullptr);

} // namespace npuscope::analysis::charts
