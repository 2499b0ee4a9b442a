#pragma once
// Plain record types: what a profiled NPU produces and what the project file stores.
// The emulator (device/) and the importer produce them, the store persists them, the
// exporters and views read them back. Invariants shared by every producer:
//  - times are integer nanoseconds on the device-monotonic clock (TimeNs);
//  - every text field is an interned StrId declared to the sink before first use
//    (see StringTable); 0 means "none" (exported as N/A where the spec says so);
//  - device ids are the physical device ids of the session (0..N-1 for the emulator).

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace npuscope {

using TimeNs = std::int64_t;
using StrId = std::uint32_t;

inline constexpr std::uint32_t kInvalidId = 4294967295u; // the spec's "invalid id"

// The largest time or duration a producer may record: 2^62 - 1 ns (about 146 years), so
// that the sum of a time and a duration, and the span between any two times, fit in
// int64. The importer refuses larger values where it reads them.
inline constexpr TimeNs kMaxTimeNs = (TimeNs(1) << 62) - 1;

// Arithmetic on stored times. A project file is input like any other, and signed
// overflow is undefined behaviour, so sums and spans of recorded values saturate.
constexpr TimeNs addTime(TimeNs a, TimeNs b) noexcept
{
    TimeNs r = 0;
    if (__builtin_add_overflow(a, b, &r))
        return b > 0 ? std::numeric_limits<TimeNs>::max() : std::numeric_limits<TimeNs>::min();
    return r;
}
// to - from, saturated.
constexpr TimeNs timeSpan(TimeNs from, TimeNs to) noexcept
{
    TimeNs r = 0;
    if (__builtin_sub_overflow(to, from, &r))
        return from < 0 ? std::numeric_limits<TimeNs>::max() : std::numeric_limits<TimeNs>::min();
    return r;
}
// The end of anything with a start and a duration.
template <class R>
constexpr TimeNs endOf(const R &r) noexcept
{
    return addTime(r.start, r.duration);
}

// What kind of engine or operation a task is, as far as analyses and views need to know.
// The task type itself is open text (TaskRecord::type) kept exactly as the profiler wrote
// it ("AI_CORE", "KERNEL_AIVEC", "Notify Wait", "PLACE_HOLDER_SQE", ...); the kind is its
// classification, made once by the producer (taskKindOf) and stored beside the text.
// Values 0..8 are the Ascend 910's nine task types; they are stored in project files
// (tasks.kind, timeline summaries) and never change. Every value is < kTaskKindLimit.
enum class TaskKind : std::uint8_t {
    AiCore = 0,        // cube (AIC) kernel, or an AI Core kernel of a chip without split cores
    AiCpu = 1,
    EventRecord = 2,
    EventWait = 3,
    EventReset = 4,
    ReduceAsyncV2 = 5,
    NotifyWait = 6,
    NotifyRecord = 7,
    MemcpyAsync = 8,
    AiVectorCore = 9,  // vector (AIV) kernel
    MixAic = 10,       // mixed cube + vector kernel, started from the cube side
    MixAiv = 11,       // mixed kernel started from the vector side
    Dma = 12,          // SDMA / PCIe DMA copies
    Other = 15,        // any other type (its text says which)
};
inline constexpr int kTaskKindLimit = 16;
// The 910's nine spellings for kinds 0..8 ("AI_CORE", "NOTIFY_WAIT", ...); for the others
// a name for legends ("AI_VECTOR_CORE", "MIX_AIC", "MIX_AIV", "DMA", "OTHER").
const char *taskKindName(TaskKind k);
// The kind of a task type or accelerator core as msprof, torch_npu or MindSpore spell it
// (timeline "Task Type", kernel_details "Accelerator Core", the db's TASK.taskType and
// COMPUTE_TASK_INFO.taskType). Unknown spellings are Other, never an error.
TaskKind taskKindOf(std::string_view text);
// Kernels on the AI Core's cube or vector units.
inline bool isAiCoreKind(TaskKind k)
{
    return k == TaskKind::AiCore || k == TaskKind::AiVectorCore || k == TaskKind::MixAic || k == TaskKind::MixAiv;
}
// Kernels of an op (AI Core or AI CPU), as opposed to synchronisation, copies and the rest.
inline bool isComputeKind(TaskKind k) { return isAiCoreKind(k) || k == TaskKind::AiCpu; }

// Static description of an op (one per op of a compiled graph, shared by all its tasks).
// With task_time = l0 the producer leaves opType and the tensor fields 0 and blockDim 0.
struct OpDesc {
    std::uint32_t id = 0;       // unique within the session, > 0
    std::uint32_t modelId = 0;
    StrId name = 0;             // full scoped op name, e.g. "Default/.../Conv2D-op8"
    StrId opType = 0;           // "Conv2D"
    StrId inputShapes = 0;      // "32,3,224,224;64,3,7,7"
    StrId inputDataTypes = 0;   // "DT_FLOAT16;DT_FLOAT16"
    StrId inputFormats = 0;     // "NC1HWC0;FRACTAL_Z"
    StrId outputShapes = 0;
    StrId outputDataTypes = 0;
    StrId outputFormats = 0;
    std::uint16_t blockDim = 0; // cores used, 1..32 (0 with l0 or non AI Core)
    std::uint16_t mixBlockDim = 0; // vector cores of a mixed kernel (910B), 0 otherwise
    bool aiCpu = false;         // runs on AI CPU (Core Type AI_CPU)
    StrId coreType = 0;         // accelerator core as the source spells it ("AI_VECTOR_CORE"), 0 = not given
};

// One task executed by the task scheduler on one stream.
struct TaskRecord {
    std::uint16_t device = 0;
    std::uint32_t modelId = 0;
    std::uint32_t iteration = 0;  // 1-based
    std::uint32_t streamId = 0;
    std::uint32_t taskId = 0;
    std::uint32_t batchId = 0;
    StrId type = 0;               // task type text as the source spells it (see TaskKind)
    TaskKind kind = TaskKind::AiCore; // its classification
    TimeNs start = 0;
    TimeNs duration = 0;
    TimeNs pending = 0;           // launched on the host → started on the device
    std::uint32_t opId = 0;       // OpDesc id for AI_CORE / AI_CPU tasks, 0 otherwise
    StrId name = 0;               // timeline event name (op name, or task type for others)
    std::uint64_t totalCycles = 0;// AI Core only
    float l2HitRate = -1.f;       // [0,1] when l2 is on, -1 when not recorded
    float l2VictimRate = -1.f;
    // PMU metric values in the order of the session's metric columns (pmuColumns()); empty
    // when the task has none. Any number: a 910B file has aic_* and aiv_* sets side by side.
    std::vector<float> pmu;
};

// A collective communication op (HCCL "Communication Kernel" lane).
struct CollectiveOpRecord {
    std::uint16_t device = 0;
    std::uint32_t modelId = 0;
    std::uint32_t iteration = 0;
    StrId name = 0;               // "Default/AllReduce-op534_0"
    StrId opType = 0;             // "AllReduce"
    TimeNs start = 0;
    TimeNs duration = 0;
    std::uint64_t bytes = 0;      // payload reduced
    std::uint32_t segment = 0;    // gradient segment index
};

// One HCCL task on a communication plane (mirrors a hardware task on an HCCL stream).
struct HcclTaskRecord {
    std::uint16_t device = 0;
    std::uint32_t modelId = 0;
    std::uint32_t iteration = 0;
    std::uint32_t plane = 0;
    StrId name = 0;               // Notify_Wait, Notify_Record, Memcpy, Reduce_Inline
    TimeNs start = 0;
    TimeNs duration = 0;
    std::uint64_t notifyId = 0;
    double durationEstimatedUs = 0;
    std::uint32_t streamId = 0;
    std::uint32_t taskId = 0;
    std::uint32_t srcRank = 0;
    std::uint32_t dstRank = kInvalidId;
    StrId transportType = 0;      // LOCAL / SDMA / RDMA
    std::uint64_t sizeBytes = 0;
    StrId dataType = 0;           // FP32 / INVALID_TYPE ...
    StrId linkType = 0;           // HCCS / PCIE / ROCE / ON_CHIP / INVALID_TYPE
    double bandwidthGBps = 0;
};

// Step-trace markers of one iteration of one model on one device.
struct StepTraceRecord {
    std::uint16_t device = 0;
    std::uint32_t modelId = 0;
    std::uint32_t iteration = 0;
    TimeNs fpStart = 0;
    TimeNs bpEnd = 0;
    TimeNs iterationEnd = 0;
    TimeNs previousIterationEnd = -1; // -1 for the first iteration
    struct Reduce { TimeNs start; TimeNs end; };
    std::vector<Reduce> reduces;      // one per all-reduce segment
};

// AI CPU op execution details (aicpu file).
struct AiCpuRecord {
    std::uint16_t device = 0;
    std::uint32_t modelId = 0;
    std::uint32_t iteration = 0;
    std::uint32_t streamId = 0;
    std::uint32_t taskId = 0;
    StrId node = 0;               // op name
    TimeNs timestamp = 0;         // start
    TimeNs computeTime = 0;
    TimeNs memcpyTime = 0;
    TimeNs taskTime = 0;          // preprocess + compute + memcpy
    TimeNs dispatchTime = 0;
    TimeNs totalTime = 0;         // >= taskTime + dispatchTime
};

// Data pre-processing queue event (dp file).
struct QueueEventRecord {
    std::uint16_t device = 0;
    TimeNs timestamp = 0;
    StrId action = 0;             // "Last queue dequeue"
    StrId source = 0;             // "iterator_default"
    std::uint32_t cachedBufferSize = 0;
};

// Graph fusion result (fusion_op file).
struct FusionOpRecord {
    std::uint32_t modelId = 0;
    StrId modelName = 0;
    StrId fusionOp = 0;
    StrId originalOps = 0;        // "a;b;c"
    std::uint64_t memoryInput = 0;
    std::uint64_t memoryOutput = 0;
    std::uint64_t memoryWeight = 0;
    std::uint64_t memoryWorkspace = 0;
};

// A host-side range on the CANN lane (GE@Infer, runtime API calls) or a msproftx range.
struct HostRangeRecord {
    enum class Kind : std::uint8_t { Cann, RuntimeApi, MsprofTx };
    Kind kind = Kind::Cann;
    std::uint16_t device = 0;
    std::uint32_t modelId = 0;
    std::uint32_t iteration = 0;
    std::uint32_t pid = 0;
    std::uint32_t tid = 0;
    StrId name = 0;               // range name / tx message
    TimeNs start = 0;
    TimeNs duration = 0;
    // msproftx only
    std::uint32_t category = 0;
    StrId eventType = 0;          // "start/end", "marker"
    std::uint32_t payloadType = 0;
    std::uint64_t payloadValue = 0;
    StrId messageType = 0;        // "ascii"
    // CANN ranges of today's exports: the API level ("acl", "node", "hccl", "runtime", ...)
    StrId level = 0;
};

// ---- Session-wide records of today's profilers (not split by model and iteration) -----

// One sample of a counter track: Chrome trace "C" events (AI Core frequency, HBM and LLC
// bandwidth, NPU memory, QoS ...) and the db export's AICORE_FREQ / HBM / LLC / NPU_MEM rows.
struct CounterRecord {
    std::uint16_t device = 0;
    StrId track = 0;              // the lane ("AI Core Freq", "HBM", "NPU MEM")
    StrId name = 0;               // the series ("HBM 0/Read", "APP/HBM")
    StrId unit = 0;               // what the value is in, as the source names it ("MB/s", "MHz")
    TimeNs ts = 0;
    double value = 0;
};

// Where a flow arrow ends: the lane kind and thread of the event ("s" or "f").
enum class FlowLane : std::uint8_t { Python, Cann, Hardware, Hccl, Other };

// One end of a flow arrow (Chrome trace "s" / "f"): ends with the same category and id pair
// up into an arrow; an "s" may have no "f". Stored as ends so pairing needs no memory at import.
struct FlowEndRecord {
    std::uint16_t device = 0;
    StrId category = 0;           // HostToDevice, async_npu, async_task_queue, fwdbwd ...
    StrId name = 0;
    std::uint64_t flowId = 0;     // the event's id (text ids hashed)
    bool finish = false;          // false: start ("s"), true: finish ("f")
    FlowLane lane = FlowLane::Other;
    std::uint32_t tid = 0;        // host thread, stream id or communication plane
    TimeNs ts = 0;
};

// A flow arrow as readers hand it out: both ends when present.
struct FlowRecord {
    StrId category = 0;
    StrId name = 0;
    std::uint64_t flowId = 0;
    bool hasStart = false, hasFinish = false;
    FlowEndRecord start, finish;
};

// A range of the framework's host lane ("Python" in torch_npu / MindSpore exports):
// operators (cpu_op) with their call stack and input shapes, Python functions, the task
// queue's enqueue / dequeue.
struct PythonRangeRecord {
    std::uint16_t device = 0;
    std::uint32_t pid = 0;
    std::uint32_t tid = 0;
    StrId name = 0;
    StrId category = 0;           // cpu_op, python_function, enqueue, dequeue ...
    TimeNs start = 0;
    TimeNs duration = 0;
    StrId callStack = 0;          // frames as the source wrote them
    StrId inputShapes = 0;
    StrId inputTypes = 0;
    std::int64_t sequence = -1;   // autograd sequence number, -1 none
    std::uint64_t fwdThread = 0;
    std::uint64_t correlation = 0;// enqueue/dequeue correlation id, 0 none
};

// Memory over time: the framework allocator (memory_record) or one module's reservation
// (npu_module_mem). Sizes in MB as the files give them; -1 = not given.
struct MemoryRecord {
    std::uint16_t device = 0;
    bool module = false;          // npu_module_mem rather than memory_record
    StrId component = 0;          // APP, PTA, GE, SLOG, HCCL ...
    TimeNs ts = 0;
    double allocatedMB = -1;
    double reservedMB = -1;
    double activeMB = -1;
    std::uint64_t streamPtr = 0;
};

// One allocation of an operator (operator_memory). Times -1 = not within the capture.
struct OpMemoryRecord {
    std::uint16_t device = 0;
    StrId name = 0;
    double sizeKB = 0;
    TimeNs allocated = -1;
    TimeNs released = -1;
    TimeNs activeReleased = -1;
    double allocTotalAllocatedMB = -1, allocTotalReservedMB = -1, allocTotalActiveMB = -1;
    double releaseTotalAllocatedMB = -1, releaseTotalReservedMB = -1, releaseTotalActiveMB = -1;
    std::uint64_t streamPtr = 0;
};

// Time of one communication op on one rank (communication.json "Communication Time Info",
// analysis.db CommAnalyzerTime). Durations in ms as the files give them.
struct CommOpStatRecord {
    std::uint16_t device = 0;
    StrId step = 0;               // "step50"
    StrId type = 0;               // "collective" or "p2p"
    StrId op = 0;                 // "hcom_allReduce__586_0_1@<group hash>"
    StrId group = 0;              // group name when given
    TimeNs start = 0;
    double elapseMs = 0, transitMs = 0, waitMs = 0, syncMs = 0, idleMs = 0;
};

// Bandwidth of one communication op over one transport (HCCS, PCIE, RDMA, SDMA, SIO, LOCAL).
struct CommBandwidthRecord {
    std::uint16_t device = 0;
    StrId step = 0, type = 0, op = 0, transport = 0;
    double sizeMB = 0, timeMs = 0, bandwidthGBps = 0, largePacketRatio = 0;
};

// One (source rank, destination rank) link of a communication op (communication_matrix).
struct CommMatrixRecord {
    std::uint16_t device = 0;
    StrId step = 0, type = 0, op = 0;
    std::uint32_t srcRank = 0, dstRank = 0;
    StrId transport = 0;
    double sizeMB = 0, timeMs = 0, bandwidthGBps = 0;
    StrId opName = 0;
};

// The step time breakdown of one step on one rank (step_trace_time, StepTraceTime).
struct StepTimeRecord {
    std::uint16_t device = 0;
    StrId step = 0;
    TimeNs computing = 0, commNotOverlapped = 0, overlapped = 0, communication = 0, free = 0, stage = 0,
           bubble = 0, commNotOverlappedExcludeReceive = 0, preparing = 0;
};

// A column of a task the model has no field for (kernel_details "OP State", "HF32 Eligible",
// "Context ID", unknown columns of newer versions), kept as text with the task's key.
struct TaskAttrRecord {
    std::uint16_t device = 0;
    std::uint32_t streamId = 0;
    std::uint32_t taskId = 0;
    TimeNs start = 0;
    StrId key = 0;
    StrId value = 0;
};

// All records produced since the last flush; the sink takes them in one call so a
// store can write a whole batch in one transaction.
struct RecordBatch {
    std::vector<OpDesc> ops;
    std::vector<TaskRecord> tasks;
    std::vector<CollectiveOpRecord> collectives;
    std::vector<HcclTaskRecord> hcclTasks;
    std::vector<StepTraceRecord> stepTraces;
    std::vector<AiCpuRecord> aiCpu;
    std::vector<QueueEventRecord> queueEvents;
    std::vector<FusionOpRecord> fusionOps;
    std::vector<HostRangeRecord> hostRanges;
    std::vector<CounterRecord> counters;
    std::vector<FlowEndRecord> flowEnds;
    std::vector<PythonRangeRecord> pythonRanges;
    std::vector<MemoryRecord> memory;
    std::vector<OpMemoryRecord> opMemory;
    std::vector<CommOpStatRecord> commOps;
    std::vector<CommBandwidthRecord> commBandwidth;
    std::vector<CommMatrixRecord> commMatrix;
    std::vector<StepTimeRecord> stepTimes;
    std::vector<TaskAttrRecord> taskAttrs;
    // Strings first declared in this batch: (id, text), ids dense and increasing.
    std::vector<std::pair<StrId, std::string>> strings;

    std::size_t recordCount() const;
    bool empty() const;
    void clear();
    // Moves `other`'s records to the end of this batch's, kind by kind; the strings stay in
    // id order (two producers' batches may declare interleaved ids).
    void append(RecordBatch &&other);
};

} // namespace npuscope
