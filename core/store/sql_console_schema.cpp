// The documentation of every table and column of the project file, shown by the SQL
// console and the `npuscope sql --schema` listing and copied into docs/analysis.md.
// test_store_sql_console compares it with sqlite_master of a real project both ways, so
// a column added to schema.cpp or lod.cpp without a line here fails the build's tests.
#include "core/store/sql_console.h"
#include "core/store/hccl_blocks.h"
#include "core/store/host_blocks.h"
#include "core/store/op_blocks.h"
#include "core/store/session_blocks.h"
#include "core/store/sql_console_totals.h"
#include "core/store/task_blocks.h"

#include <QCoreApplication>

namespace npuscope::store {

namespace {

using C = detail::RecordColumn;
// A table's columns are listed here, or come from its record kind's one description
// (columnsOf: the plain-row tables over column blocks).
struct T { const char *name, *doc; std::initializer_list<C> columns; std::vector<detail::RecordColumn> (*columnsOf)() = nullptr; };

std::vector<detail::RecordColumn> tasksColumns()
{
    std::vector<detail::RecordColumn> out;
    for (const detail::TaskColumn &c : detail::taskColumns())
        out.push_back(c.column);
    return out;
}

std::vector<detail::RecordColumn> taskPmuColumns() { return detail::taskPmuColumns(); }
std::vector<detail::RecordColumn> taskOpTotalsColumns() { return detail::taskOpTotalsColumns(); }
std::vector<detail::RecordColumn> hcclTasksColumns() { return detail::hcclTasksTable().columns; }
std::vector<detail::RecordColumn> countersColumns() { return detail::countersTable().columns; }
std::vector<detail::RecordColumn> pythonRangesColumns() { return detail::pythonRangesTable().columns; }
std::vector<detail::RecordColumn> memoryRecordsColumns() { return detail::memoryRecordsTable().columns; }
std::vector<detail::RecordColumn> hostRangesColumns() { return detail::hostRangesTable().columns; }
std::vector<detail::RecordColumn> taskAttrsColumns() { return detail::taskAttrsTable().columns; }
std::vector<detail::RecordColumn> opMemoryColumns() { return detail::opMemoryTable().columns; }

// Shared column meanings, so each is worded once.
#define SESSION {"session", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "sessions.id this row belongs to")}
#define DEVICE {"device", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "physical device id (0..N-1)")}
#define MODEL {"model", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "model (graph) id")}
#define ITERATION {"iteration", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "iteration number, 1-based")}
#define STR(n, what) {n, "INTEGER", what}
// The columns every block table has. A record's plain row is found from its block's id and
// its place in the block; the table's own doc names the plain-row table.
#define BLOCK_ID {"id", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "block id: a plain row's rowid (tasks.id for tasks) is id * 65536 + the record's place in the block")}
#define BLOCK_N {"n", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "records in the block")}
#define BLOCK_DATA {"data", "BLOB", QT_TRANSLATE_NOOP("SqlSchema", "the records, delta/varint coded column by column, CRC-32 checked (docs/storage.md)")}

const T kTables[] = {
    {"meta", QT_TRANSLATE_NOOP("SqlSchema", "Key/value facts about the project file (app_version, created_wall_us; clean_close, the newest session id when the last writer finished: docs/storage.md)."),
     {{"key", "TEXT", QT_TRANSLATE_NOOP("SqlSchema", "name of the fact")},
      {"value", "TEXT", QT_TRANSLATE_NOOP("SqlSchema", "its value as text")}}},
    {"sessions", QT_TRANSLATE_NOOP("SqlSchema", "One row per recorded or imported session."),
     {{"id", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "session id (the --session of the CLI)")},
      {"name", "TEXT", QT_TRANSLATE_NOOP("SqlSchema", "name shown to users, e.g. \"resnet50 b32 x2\"")},
      {"source", "TEXT", QT_TRANSLATE_NOOP("SqlSchema", "\"emulator\" or \"import\"")},
      {"spec_json", "TEXT", QT_TRANSLATE_NOOP("SqlSchema", "what was run (model, batch, devices, scenarios) as JSON")},
      {"options_json", "TEXT", QT_TRANSLATE_NOOP("SqlSchema", "the profiling_options string, normalised")},
      {"seed", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "emulator seed")},
      {"app_version", "TEXT", QT_TRANSLATE_NOOP("SqlSchema", "NPU Scope version that recorded it")},
      {"started_wall_us", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "start, µs since the epoch")},
      {"ended_wall_us", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "end, µs since the epoch (0 while running)")},
      {"status", "TEXT", QT_TRANSLATE_NOOP("SqlSchema", "running, complete, cancelled or failed")},
      {"aged_bytes", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "bytes removed by storage_limit ageing")}}},
    {"session_notes", QT_TRANSLATE_NOOP("SqlSchema", "Small documents kept with a session (e.g. the import report)."),
     {SESSION,
      {"key", "TEXT", QT_TRANSLATE_NOOP("SqlSchema", "name of the note")},
      {"value", "TEXT", QT_TRANSLATE_NOOP("SqlSchema", "the note (JSON or text)")}}},
    {"devices", QT_TRANSLATE_NOOP("SqlSchema", "The devices of a session, with their clocks and core counts."),
     {SESSION,
      {"id", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "physical device id")},
      {"rank_id", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "collective rank")},
      {"host_pid", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "pid of the training process on the host")},
      {"hostname", "TEXT", QT_TRANSLATE_NOOP("SqlSchema", "host name")},
      {"monotonic_begin", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "device-monotonic clock at collection start (ns)")},
      {"monotonic_end", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "device-monotonic clock at collection end (ns)")},
      {"wall_begin_us", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "collection start, µs since the epoch")},
      {"wall_end_us", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "collection end, µs since the epoch")},
      {"ai_core_num", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "AI Cores of the device")},
      {"ai_cpu_num", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "AI CPU cores of the device")},
      {"aic_freq", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "AI Core frequency (MHz)")},
      {"hwts_freq", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "task scheduler clock (MHz)")},
      {"chip", "TEXT", QT_TRANSLATE_NOOP("SqlSchema", "chip name as the source gives it (Ascend910B), empty when not given")}}},
    {"models", QT_TRANSLATE_NOOP("SqlSchema", "The models (graphs) of a session."),
     {SESSION,
      {"id", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "model id")},
      {"name", "TEXT", QT_TRANSLATE_NOOP("SqlSchema", "graph name")},
      {"iterations", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "iterations run")}}},
    {"strings", QT_TRANSLATE_NOOP("SqlSchema", "Interned text of a session: every *name*/type column of the record tables is an id here (join on session and id)."),
     {SESSION,
      {"id", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "string id (per session; 0 = none)")},
      {"text", "TEXT", QT_TRANSLATE_NOOP("SqlSchema", "the text")}}},
    {"ops", QT_TRANSLATE_NOOP("SqlSchema", "Static description of each op of a compiled graph (shared by its tasks)."),
     {SESSION,
      {"id", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "op id (tasks.op)")},
      MODEL,
      STR("name", QT_TRANSLATE_NOOP("SqlSchema", "strings.id of the full scoped op name")),
      STR("op_type", QT_TRANSLATE_NOOP("SqlSchema", "strings.id of the op type, e.g. Conv2D")),
      STR("input_shapes", QT_TRANSLATE_NOOP("SqlSchema", "strings.id of the input shapes (\"32,3,224,224;...\")")),
      STR("input_data_types", QT_TRANSLATE_NOOP("SqlSchema", "strings.id of the input data types")),
      STR("input_formats", QT_TRANSLATE_NOOP("SqlSchema", "strings.id of the input formats")),
      STR("output_shapes", QT_TRANSLATE_NOOP("SqlSchema", "strings.id of the output shapes")),
      STR("output_data_types", QT_TRANSLATE_NOOP("SqlSchema", "strings.id of the output data types")),
      STR("output_formats", QT_TRANSLATE_NOOP("SqlSchema", "strings.id of the output formats")),
      {"block_dim", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "AI Cores the op uses (0 with task_time l0 or on the AI CPU)")},
      {"ai_cpu", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "1 when the op runs on the AI CPU")},
      {"mix_block_dim", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "vector cores of a mixed cube + vector kernel (0 otherwise)")},
      STR("core_type", QT_TRANSLATE_NOOP("SqlSchema", "strings.id of the accelerator core as the source names it (AI_CORE, AI_VECTOR_CORE, MIX_AIC ...), 0 = not given"))}},
    {"pmu_columns", QT_TRANSLATE_NOOP("SqlSchema", "Names of a session's PMU metric columns, in the order of task_pmu values (none: the aic_metrics group's columns)."),
     {SESSION,
      {"idx", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "position in task_pmu.pmu")},
      {"name", "TEXT", QT_TRANSLATE_NOOP("SqlSchema", "column name as the source file names it, e.g. aiv_vec_ratio")}}},
    {"iterations", QT_TRANSLATE_NOOP("SqlSchema", "Which (device, model, iteration) keys hold records."),
     {SESSION, DEVICE, MODEL, ITERATION}},
    {"record_counts", QT_TRANSLATE_NOOP("SqlSchema", "Number of records per kind of a session."),
     {SESSION,
      {"kind", "TEXT", QT_TRANSLATE_NOOP("SqlSchema", "record kind (tasks, hccl_tasks, ...)")},
      {"n", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "how many")}}},
    {"task_blocks", QT_TRANSLATE_NOOP("SqlSchema", "Tasks as stored: column blocks of up to 8192 tasks (with their PMU values) of one device, model, iteration and stream, in recorded order (query tasks and task_pmu for plain rows)."),
     {BLOCK_ID,
      SESSION, DEVICE, MODEL, ITERATION,
      {"stream", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "stream id")},
      {"first_start", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "earliest task start in the block (ns)")},
      {"last_start", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "latest task start in the block (ns)")},
      {"last_end", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "latest task end in the block (ns)")},
      BLOCK_N, BLOCK_DATA}},
    {"tasks", QT_TRANSLATE_NOOP("SqlSchema", "Every task the task scheduler ran (op_summary / task_time rows), one row per task (a read-only virtual table of the SQL console over task_blocks; equality on session, device, model, iteration, stream or id reads only those blocks). Times in ns on the device-monotonic clock."),
     {}, tasksColumns},
    {"task_pmu", QT_TRANSLATE_NOOP("SqlSchema", "PMU metrics of AI Core tasks, in the order of the session's pmu_columns (a read-only virtual table of the SQL console over task_blocks: one row per task with PMU values)."),
     {}, taskPmuColumns},
    {"task_op_totals", QT_TRANSLATE_NOOP("SqlSchema", "Task count and time per session, device, task type and op: the rows of SELECT session, device, type, op, COUNT(*), SUM(duration), MIN(duration), MAX(duration) FROM tasks GROUP BY session, device, type, op, in that order, summed from task_blocks without a row per task (a read-only virtual table of the SQL console; equality on session and device reads only those blocks)."),
     {}, taskOpTotalsColumns},
    {"collectives", QT_TRANSLATE_NOOP("SqlSchema", "Collective communication ops (HCCL Communication Kernel lane)."),
     {SESSION, DEVICE, MODEL, ITERATION,
      STR("name", QT_TRANSLATE_NOOP("SqlSchema", "strings.id of the op name, e.g. AllReduce-op534_0")),
      STR("op_type", QT_TRANSLATE_NOOP("SqlSchema", "strings.id of the op type (AllReduce)")),
      {"start", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "start (ns)")},
      {"duration", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "duration (ns)")},
      {"bytes", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "payload reduced (bytes)")},
      {"segment", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "gradient segment index")}}},
    {"hccl_blocks", QT_TRANSLATE_NOOP("SqlSchema", "HCCL tasks as stored: column blocks of up to 8192 tasks of one device, model and iteration, in recorded order (query hccl_tasks for plain rows)."),
     {BLOCK_ID,
      SESSION, DEVICE, MODEL, ITERATION,
      {"first_start", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "earliest task start in the block (ns)")},
      {"last_end", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "latest task end in the block (ns)")},
      BLOCK_N, BLOCK_DATA}},
    {"hccl_tasks", QT_TRANSLATE_NOOP("SqlSchema", "HCCL tasks on the communication planes, one row per task (a read-only virtual table of the SQL console over hccl_blocks; equality on session, device, model, iteration reads only those blocks)."),
     {}, hcclTasksColumns},
    {"step_traces", QT_TRANSLATE_NOOP("SqlSchema", "Step-trace markers per iteration (training_trace): FP start, BP end, iteration end (ns)."),
     {{"id", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "row id (step_reduces.step)")},
      SESSION, DEVICE, MODEL, ITERATION,
      {"fp_start", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "forward propagation start (ns)")},
      {"bp_end", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "backward propagation end (ns)")},
      {"iteration_end", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "iteration end (ns)")},
      {"previous_iteration_end", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "end of the previous iteration (ns), -1 for the first")}}},
    {"step_reduces", QT_TRANSLATE_NOOP("SqlSchema", "All-reduce segments of a step trace."),
     {{"step", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "step_traces.id")},
      {"idx", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "segment index")},
      {"start", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "reduce start (ns)")},
      {"end", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "reduce end (ns)")}}},
    {"aicpu", QT_TRANSLATE_NOOP("SqlSchema", "AI CPU op execution details (aicpu file)."),
     {SESSION, DEVICE, MODEL, ITERATION,
      {"stream", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "stream id")},
      {"task_id", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "task id")},
      STR("node", QT_TRANSLATE_NOOP("SqlSchema", "strings.id of the op name")),
      {"timestamp", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "start (ns)")},
      {"compute_time", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "compute time (ns)")},
      {"memcpy_time", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "memory copy time (ns)")},
      {"task_time", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "preprocess + compute + memcpy (ns)")},
      {"dispatch_time", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "dispatch time (ns)")},
      {"total_time", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "total time (ns)")}}},
    {"queue_events", QT_TRANSLATE_NOOP("SqlSchema", "Data pre-processing queue events (dp file)."),
     {SESSION, DEVICE,
      {"timestamp", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "when (ns)")},
      STR("action", QT_TRANSLATE_NOOP("SqlSchema", "strings.id of the action (\"Last queue dequeue\")")),
      STR("source", QT_TRANSLATE_NOOP("SqlSchema", "strings.id of the source (\"iterator_default\")")),
      {"cached_buffer_size", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "batches left in the device queue")}}},
    {"fusion_ops", QT_TRANSLATE_NOOP("SqlSchema", "Graph fusion results (fusion_op file)."),
     {SESSION, MODEL,
      STR("model_name", QT_TRANSLATE_NOOP("SqlSchema", "strings.id of the model name")),
      STR("fusion_op", QT_TRANSLATE_NOOP("SqlSchema", "strings.id of the fused op")),
      STR("original_ops", QT_TRANSLATE_NOOP("SqlSchema", "strings.id of the fused ops (\"a;b;c\")")),
      {"memory_input", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "input memory (bytes)")},
      {"memory_output", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "output memory (bytes)")},
      {"memory_weight", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "weight memory (bytes)")},
      {"memory_workspace", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "workspace memory (bytes)")}}},
    {"host_range_blocks", QT_TRANSLATE_NOOP("SqlSchema", "Host-side ranges as stored: column blocks of up to 8192 ranges of one device, model and iteration, in recorded order (query host_ranges for plain rows)."),
     {BLOCK_ID,
      SESSION, DEVICE, MODEL, ITERATION,
      {"first_start", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "earliest range start in the block (ns)")},
      {"last_start", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "latest range start in the block (ns)")},
      {"last_end", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "latest range end in the block (ns)")},
      BLOCK_N, BLOCK_DATA}},
    {"host_ranges", QT_TRANSLATE_NOOP("SqlSchema", "Host-side ranges: CANN (GE@Infer), runtime API calls, msproftx, one row per range (a read-only virtual table of the SQL console over host_range_blocks; equality on session, device, model or iteration reads only those blocks)."),
     {}, hostRangesColumns},
    {"counter_blocks", QT_TRANSLATE_NOOP("SqlSchema", "Counter samples as stored: column blocks of up to 8192 samples of one device and series, in recorded order (query counters for plain rows)."),
     {BLOCK_ID,
      SESSION, DEVICE,
      STR("name", QT_TRANSLATE_NOOP("SqlSchema", "strings.id of the series (HBM 0/Read ...)")),
      {"first_ts", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "earliest sample time in the block (ns)")},
      {"last_ts", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "latest sample time in the block (ns)")},
      BLOCK_N, BLOCK_DATA}},
    {"counters", QT_TRANSLATE_NOOP("SqlSchema", "Counter samples of imported sessions (AI Core frequency, HBM, LLC, NPU memory ...), one row per sample (a read-only virtual table of the SQL console over counter_blocks; equality on session, device or name reads only those blocks)."),
     {}, countersColumns},
    {"flow_ends", QT_TRANSLATE_NOOP("SqlSchema", "Ends of flow arrows (host launch to device task ...); ends with the same category and flow_id pair up."),
     {SESSION, DEVICE,
      STR("category", QT_TRANSLATE_NOOP("SqlSchema", "strings.id of the category (HostToDevice, async_npu, fwdbwd ...)")),
      STR("name", QT_TRANSLATE_NOOP("SqlSchema", "strings.id of the flow name")),
      {"flow_id", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "the flow id (text ids hashed)")},
      {"finish", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "0 start, 1 finish")},
      {"lane", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "0 Python, 1 CANN, 2 Ascend Hardware, 3 HCCL, 4 other")},
      {"tid", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "thread id, stream id or plane")},
      {"ts", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "time (ns)")}}},
    {"python_range_blocks", QT_TRANSLATE_NOOP("SqlSchema", "Framework host ranges as stored: column blocks of up to 8192 ranges of one device, in recorded order (query python_ranges for plain rows)."),
     {BLOCK_ID,
      SESSION, DEVICE,
      {"first_start", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "earliest range start in the block (ns)")},
      {"last_start", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "latest range start in the block (ns)")},
      {"last_end", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "latest range end in the block (ns)")},
      BLOCK_N, BLOCK_DATA}},
    {"python_ranges", QT_TRANSLATE_NOOP("SqlSchema", "Framework host ranges (Python lane): operators with call stacks and input shapes, Python functions, queue events, one row per range (a read-only virtual table of the SQL console over python_range_blocks; equality on session or device reads only those blocks)."),
     {}, pythonRangesColumns},
    {"memory_blocks", QT_TRANSLATE_NOOP("SqlSchema", "Memory records as stored: column blocks of up to 8192 records of one device, in recorded order (query memory_records for plain rows)."),
     {BLOCK_ID,
      SESSION, DEVICE,
      {"first_ts", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "earliest record time in the block (ns)")},
      {"last_ts", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "latest record time in the block (ns)")},
      BLOCK_N, BLOCK_DATA}},
    {"memory_records", QT_TRANSLATE_NOOP("SqlSchema", "Memory over time: allocator records and module reservations (MB, -1 = not given), one row per record (a read-only virtual table of the SQL console over memory_blocks; equality on session or device reads only those blocks)."),
     {}, memoryRecordsColumns},
    {"op_memory_blocks", QT_TRANSLATE_NOOP("SqlSchema", "Operator allocations as stored: column blocks of up to 8192 allocations of one device, in recorded order (query op_memory for plain rows)."),
     {BLOCK_ID,
      SESSION, DEVICE,
      {"first_allocated", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "earliest allocation time in the block (ns)")},
      {"last_allocated", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "latest allocation time in the block (ns)")},
      BLOCK_N, BLOCK_DATA}},
    {"op_memory", QT_TRANSLATE_NOOP("SqlSchema", "Operator allocations (operator_memory); times -1 = outside the capture; one row per allocation (a read-only virtual table of the SQL console over op_memory_blocks; equality on session or device reads only those blocks)."),
     {}, opMemoryColumns},
    {"comm_op_stats", QT_TRANSLATE_NOOP("SqlSchema", "Time of each communication op per rank (communication.json, CommAnalyzerTime)."),
     {SESSION, DEVICE,
      STR("step", QT_TRANSLATE_NOOP("SqlSchema", "strings.id of the step (step50)")),
      STR("type", QT_TRANSLATE_NOOP("SqlSchema", "strings.id of collective or p2p")),
      STR("op", QT_TRANSLATE_NOOP("SqlSchema", "strings.id of the op name")),
      STR("group_name", QT_TRANSLATE_NOOP("SqlSchema", "strings.id of the communication group, 0 when not given")),
      {"start", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "start (ns)")},
      {"elapse_ms", "REAL", QT_TRANSLATE_NOOP("SqlSchema", "elapse time (ms)")},
      {"transit_ms", "REAL", QT_TRANSLATE_NOOP("SqlSchema", "transit time (ms)")},
      {"wait_ms", "REAL", QT_TRANSLATE_NOOP("SqlSchema", "wait time (ms)")},
      {"sync_ms", "REAL", QT_TRANSLATE_NOOP("SqlSchema", "synchronization time (ms)")},
      {"idle_ms", "REAL", QT_TRANSLATE_NOOP("SqlSchema", "idle time (ms)")}}},
    {"comm_bandwidth", QT_TRANSLATE_NOOP("SqlSchema", "Bandwidth of each communication op per transport type and rank."),
     {SESSION, DEVICE,
      STR("step", QT_TRANSLATE_NOOP("SqlSchema", "strings.id of the step")),
      STR("type", QT_TRANSLATE_NOOP("SqlSchema", "strings.id of collective or p2p")),
      STR("op", QT_TRANSLATE_NOOP("SqlSchema", "strings.id of the op name")),
      STR("transport", QT_TRANSLATE_NOOP("SqlSchema", "strings.id of HCCS, PCIE, RDMA, SDMA, SIO or LOCAL")),
      {"size_mb", "REAL", QT_TRANSLATE_NOOP("SqlSchema", "transit size (MB)")},
      {"time_ms", "REAL", QT_TRANSLATE_NOOP("SqlSchema", "transit time (ms)")},
      {"bandwidth_gbps", "REAL", QT_TRANSLATE_NOOP("SqlSchema", "bandwidth (GB/s)")},
      {"large_packet_ratio", "REAL", QT_TRANSLATE_NOOP("SqlSchema", "share of large packets")}}},
    {"comm_matrix", QT_TRANSLATE_NOOP("SqlSchema", "Rank-to-rank links of each communication op (communication_matrix)."),
     {SESSION, DEVICE,
      STR("step", QT_TRANSLATE_NOOP("SqlSchema", "strings.id of the step")),
      STR("type", QT_TRANSLATE_NOOP("SqlSchema", "strings.id of collective or p2p")),
      STR("op", QT_TRANSLATE_NOOP("SqlSchema", "strings.id of the op name")),
      {"src_rank", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "source rank")},
      {"dst_rank", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "destination rank")},
      STR("transport", QT_TRANSLATE_NOOP("SqlSchema", "strings.id of the transport type")),
      {"size_mb", "REAL", QT_TRANSLATE_NOOP("SqlSchema", "transit size (MB)")},
      {"time_ms", "REAL", QT_TRANSLATE_NOOP("SqlSchema", "transit time (ms)")},
      {"bandwidth_gbps", "REAL", QT_TRANSLATE_NOOP("SqlSchema", "bandwidth (GB/s)")},
      STR("op_name", QT_TRANSLATE_NOOP("SqlSchema", "strings.id of the op name the link belongs to"))}},
    {"step_times", QT_TRANSLATE_NOOP("SqlSchema", "Step time breakdown per rank as the profiler computed it (step_trace_time, StepTraceTime); ns."),
     {SESSION, DEVICE,
      STR("step", QT_TRANSLATE_NOOP("SqlSchema", "strings.id of the step")),
      {"computing", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "computing (ns)")},
      {"comm_not_overlapped", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "communication not overlapped by computing (ns)")},
      {"overlapped", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "communication overlapped by computing (ns)")},
      {"communication", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "communication (ns)")},
      {"free", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "free (ns)")},
      {"stage", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "stage (ns)")},
      {"bubble", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "bubble (ns)")},
      {"comm_not_overlapped_exclude_receive", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "communication not overlapped, receive excluded (ns)")},
      {"preparing", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "preparing (ns)")}}},
    {"task_attr_blocks", QT_TRANSLATE_NOOP("SqlSchema", "Task columns without a field of their own as stored: column blocks of up to 8192 attributes of one device and stream, in recorded order (query task_attrs for plain rows)."),
     {BLOCK_ID,
      SESSION, DEVICE,
      {"stream", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "stream id of the tasks")},
      {"first_start", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "earliest task start in the block (ns)")},
      {"last_start", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "latest task start in the block (ns)")},
      BLOCK_N, BLOCK_DATA}},
    {"task_attrs", QT_TRANSLATE_NOOP("SqlSchema", "Task columns without a field of their own (OP State, HF32 Eligible, Context ID, unknown columns), as text; one row per attribute (a read-only virtual table of the SQL console over task_attr_blocks; equality on session, device or stream reads only those blocks)."),
     {}, taskAttrsColumns},
    {"timeline_lod_sessions", QT_TRANSLATE_NOOP("SqlSchema", "Timeline overview summaries: bucket layout per session (derived, created when first viewed)."),
     {{"session", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "sessions.id")},
      {"origin", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "time of bucket 0 (ns)")},
      {"extent", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "time covered (ns)")},
      {"bucket_ns", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "bucket width (ns)")},
      {"buckets", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "number of buckets")}}},
    {"timeline_lod", QT_TRANSLATE_NOOP("SqlSchema", "Timeline overview summaries per device and stream (derived)."),
     {SESSION, DEVICE,
      {"stream", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "stream id")},
      {"tasks", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "tasks summarised")},
      {"data", "BLOB", QT_TRANSLATE_NOOP("SqlSchema", "the buckets, 17 bytes each (count, busy time, the longest task's kind, op type and name); since schema 12 with a CRC-32 and zstd-compressed (docs/storage.md)")}}},
    {"timeline_marks", QT_TRANSLATE_NOOP("SqlSchema", "Time ranges the user marked in the timeline."),
     {{"id", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "mark id")},
      SESSION,
      {"start", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "range start (ns)")},
      {"end", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "range end (ns)")},
      {"label", "TEXT", QT_TRANSLATE_NOOP("SqlSchema", "the user's label")},
      {"created_wall_us", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "when it was made, µs since the epoch")}}},
    {"timeline_layouts", QT_TRANSLATE_NOOP("SqlSchema", "The timeline lane layout the user left a session in."),
     {{"session", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "sessions.id")},
      {"layout", "BLOB", QT_TRANSLATE_NOOP("SqlSchema", "hidden, pinned, ordered and collapsed lanes, as the view wrote them")},
      {"updated_wall_us", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "last saved, µs since the epoch")}}},
};

// Convenience views the console creates in its own connection (TEMP: the file is never
// changed): the record tables with their text joined from strings, so a question such as
// "time per op type" needs no joins. Each is documented like a table; the columns are
// those of the SELECT, in order (a test compares them).
struct V { const char *name, *doc, *sql; std::initializer_list<C> columns; };

const V kViews[] = {
    {"task_view", QT_TRANSLATE_NOOP("SqlSchema", "View: every task with its name, task type and op type as text."),
     "SELECT t.id, t.session, t.device, t.model, t.iteration, t.stream, t.task_id, t.start, t.duration,\n"
     "       t.start + t.duration AS \"end\", n.text AS name, ty.text AS task_type, ot.text AS op_type,\n"
     "       o.block_dim, t.pending\n"
     "FROM main.tasks t\n"
     "LEFT JOIN main.strings n ON n.session = t.session AND n.id = t.name\n"
     "LEFT JOIN main.strings ty ON ty.session = t.session AND ty.id = t.type\n"
     "LEFT JOIN main.ops o ON o.session = t.session AND o.id = t.op\n"
     "LEFT JOIN main.strings ot ON ot.session = o.session AND ot.id = o.op_type",
     {{"id", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "tasks.id")},
      SESSION, DEVICE, MODEL, ITERATION,
      {"stream", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "stream id")},
      {"task_id", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "task id on the stream (restarts every iteration)")},
      {"start", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "start (ns)")},
      {"duration", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "duration (ns)")},
      {"end", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "start + duration (ns)")},
      {"name", "TEXT", QT_TRANSLATE_NOOP("SqlSchema", "timeline name (op name or task type)")},
      {"task_type", "TEXT", QT_TRANSLATE_NOOP("SqlSchema", "task type as the source spells it")},
      {"op_type", "TEXT", QT_TRANSLATE_NOOP("SqlSchema", "op type (Conv2D, MatMul, …); NULL for tasks without an op")},
      {"block_dim", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "AI Cores the op uses; NULL without an op")},
      {"pending", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "host launch to device start (ns)")}}},
    // Aggregated per op before anything is joined, from task_op_totals (summed from the
    // blocks, no row per task): a question per op or op type over a million tasks joins a
    // few thousand rows, instead of joining the strings to every task first.
    {"op_time_view", QT_TRANSLATE_NOOP("SqlSchema", "View: task count and time per op (every task with an op), with the op's name and type as text."),
     "SELECT a.session, a.op, n.text AS op_name, ot.text AS op_type, a.tasks, a.total_ns, a.min_ns, a.max_ns\n"
     "FROM (SELECT session, op, SUM(tasks) AS tasks, SUM(total_ns) AS total_ns, MIN(min_ns) AS min_ns,\n"
     "             MAX(max_ns) AS max_ns\n"
     "      FROM main.task_op_totals WHERE op <> 0 GROUP BY session, op) a\n"
     "LEFT JOIN main.ops o ON o.session = a.session AND o.id = a.op\n"
     "LEFT JOIN main.strings n ON n.session = o.session AND n.id = o.name\n"
     "LEFT JOIN main.strings ot ON ot.session = o.session AND ot.id = o.op_type",
     {SESSION,
      {"op", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "ops.id")},
      {"op_name", "TEXT", QT_TRANSLATE_NOOP("SqlSchema", "op name")},
      {"op_type", "TEXT", QT_TRANSLATE_NOOP("SqlSchema", "op type (Conv2D, MatMul, …); NULL when the op has none")},
      {"tasks", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "tasks of the op")},
      {"total_ns", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "their total duration (ns)")},
      {"min_ns", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "shortest task (ns)")},
      {"max_ns", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "longest task (ns)")}}},
    {"collective_view", QT_TRANSLATE_NOOP("SqlSchema", "View: collective communication ops with their name and op type as text."),
     "SELECT c.session, c.device, c.model, c.iteration, n.text AS name, ot.text AS op_type, c.start, c.duration,\n"
     "       c.start + c.duration AS \"end\", c.bytes\n"
     "FROM main.collectives c\n"
     "LEFT JOIN main.strings n ON n.session = c.session AND n.id = c.name\n"
     "LEFT JOIN main.strings ot ON ot.session = c.session AND ot.id = c.op_type",
     {SESSION, DEVICE, MODEL, ITERATION,
      {"name", "TEXT", QT_TRANSLATE_NOOP("SqlSchema", "op name, e.g. AllReduce-op534_0")},
      {"op_type", "TEXT", QT_TRANSLATE_NOOP("SqlSchema", "op type (AllReduce, …)")},
      {"start", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "start (ns)")},
      {"duration", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "duration (ns)")},
      {"end", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "start + duration (ns)")},
      {"bytes", "INTEGER", QT_TRANSLATE_NOOP("SqlSchema", "payload (bytes)")}}},
};

// Appends columns as the console documents them (the doc translated).
template<class Columns>
void addColumns(SqlConsole::Table *table, const Columns &columns)
{
    for (const C &c : columns)
        table->columns.push_back({QString::fromLatin1(c.name), QString::fromLatin1(c.sqlType),
                                  QCoreApplication::translate("SqlSchema", c.doc)});
}

// A table or view as the console documents it: its name, translated doc and columns.
SqlConsole::Table documented(const char *name, const char *doc, std::initializer_list<C> columns)
{
    SqlConsole::Table table{QString::fromLatin1(name), QCoreApplication::translate("SqlSchema", doc), {}};
    addColumns(&table, columns);
    return table;
}

} // namespace

std::vector<SqlConsole::Table> SqlConsole::views()
{
    std::vector<Table> out;
    for (const V &v : kViews)
        out.push_back(documented(v.name, v.doc, v.columns));
    return out;
}

QByteArray SqlConsole::viewsSql()
{
    QByteArray sql;
    for (const V &v : kViews)
        sql += QByteArray("CREATE TEMP VIEW ") + v.name + " AS " + v.sql + ";\n";
    return sql;
}

std::vector<SqlConsole::Table> SqlConsole::schema() const
{
    std::vector<Table> out;
    for (const T &t : kTables) {
        Table table = documented(t.name, t.doc, t.columns);
        if (t.columnsOf)
            addColumns(&table, t.columnsOf());
        out.push_back(std::move(table));
    }
    return out;
}

} // namespace npuscope::store
