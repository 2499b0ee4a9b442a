#include "core/store/schema.h"

#include "core/store/hccl_blocks.h"
#include "core/store/host_blocks.h"
#include "core/store/op_blocks.h"
#include "core/store/session_blocks.h"
#include "core/store/task_blocks.h"

#include <QCoreApplication>
#include <QDateTime>
#include <algorithm>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <tuple>
#include <vector>

namespace npuscope::store::detail {

namespace {

// Conventions of every table:
//  - times are integer nanoseconds (device-monotonic) or integer µs since the epoch
//    (*_wall_us); nothing is stored as text or floating point time;
//  - text fields of records are StrIds of the session's own `strings` table, stored as
//    the producer numbered them (ids are per session, so every key starts with session);
//  - unsigned 64-bit values (byte counts, cycles, notify ids) are stored as the signed
//    64-bit integer with the same bits, so they round-trip exactly.
//
// task_pmu keeps the PMU metrics as a BLOB of little-endian float32, pmuCount of them, in
// the metric group's column order, rather than 14 REAL columns: the meaning of each
// position depends on the session's aic_metrics group (the columns would be nameless
// v0..v13 either way), nothing queries single metrics in SQL (analysis reads through
// TraceReader), a REAL column stores 8 bytes per value plus header bytes while the blob
// is 4 bytes per value, and it keeps the float bits exactly (NaN included) with one bind.
// Rows exist only for tasks with pmuCount > 0, so sessions without aic metrics pay nothing.
constexpr const char *kStepV1 = R"SQL(
CREATE TABLE meta(
    key TEXT PRIMARY KEY NOT NULL,
    value TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE sessions(
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    source TEXT NOT NULL,
    spec_json TEXT NOT NULL,
    options_json TEXT NOT NULL,
    seed INTEGER NOT NULL,
    app_version TEXT NOT NULL,
    started_wall_us INTEGER NOT NULL,
    ended_wall_us INTEGER NOT NULL DEFAULT 0,
    status TEXT NOT NULL CHECK(status IN ('running','complete','cancelled','failed')),
    aged_bytes INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE devices(
    session INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    id INTEGER NOT NULL,
    rank_id INTEGER NOT NULL,
    host_pid INTEGER NOT NULL,
    hostname TEXT NOT NULL,
    monotonic_begin INTEGER NOT NULL,
    monotonic_end INTEGER NOT NULL,
    wall_begin_us INTEGER NOT NULL,
    wall_end_us INTEGER NOT NULL,
    ai_core_num INTEGER NOT NULL,
    ai_cpu_num INTEGER NOT NULL,
    aic_freq INTEGER NOT NULL,
    hwts_freq INTEGER NOT NULL,
    PRIMARY KEY(session, id)
) WITHOUT ROWID;

CREATE TABLE models(
    session INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    id INTEGER NOT NULL,
    name TEXT NOT NULL,
    iterations INTEGER NOT NULL,
    PRIMARY KEY(session, id)
) WITHOUT ROWID;

CREATE TABLE strings(
    session INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    id INTEGER NOT NULL,
    text TEXT NOT NULL,
    PRIMARY KEY(session, id)
) WITHOUT ROWID;

CREATE TABLE ops(
    session INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    id INTEGER NOT NULL,
    model INTEGER NOT NULL,
    name INTEGER NOT NULL,
    op_type INTEGER NOT NULL,
    input_shapes INTEGER NOT NULL,
    input_data_types INTEGER NOT NULL,
    input_formats INTEGER NOT NULL,
    output_shapes INTEGER NOT NULL,
    output_data_types INTEGER NOT NULL,
    output_formats INTEGER NOT NULL,
    block_dim INTEGER NOT NULL,
    ai_cpu INTEGER NOT NULL,
    PRIMARY KEY(session, id)
) WITHOUT ROWID;

-- Which (device, model, iteration) keys hold records, maintained by the writer in the
-- same transaction as the records, so listing iterations never scans the task table.
CREATE TABLE iterations(
    session INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    device INTEGER NOT NULL,
    model INTEGER NOT NULL,
    iteration INTEGER NOT NULL,
    PRIMARY KEY(session, device, model, iteration)
) WITHOUT ROWID;

-- Per-kind record counts, kept by the writer in the record transactions (summaries of
-- large projects must not count millions of rows).
CREATE TABLE record_counts(
    session INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    n INTEGER NOT NULL,
    PRIMARY KEY(session, kind)
) WITHOUT ROWID;

CREATE TABLE tasks(
    id INTEGER PRIMARY KEY,
    session INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    device INTEGER NOT NULL,
    model INTEGER NOT NULL,
    iteration INTEGER NOT NULL,
    stream INTEGER NOT NULL,
    task_id INTEGER NOT NULL,
    batch_id INTEGER NOT NULL,
    type INTEGER NOT NULL,
    start INTEGER NOT NULL,
    duration INTEGER NOT NULL,
    pending INTEGER NOT NULL,
    op INTEGER NOT NULL,
    name INTEGER NOT NULL,
    total_cycles INTEGER NOT NULL,
    l2_hit REAL NOT NULL,
    l2_victim REAL NOT NULL
);
CREATE INDEX tasks_by_stream ON tasks(session, device, stream, start);
-- Also ordered by the tie-breakers so an iteration scan needs no sort.
CREATE INDEX tasks_by_iteration ON tasks(session, device, model, iteration, start, stream, task_id);

CREATE TABLE task_pmu(
    task INTEGER PRIMARY KEY REFERENCES tasks(id) ON DELETE CASCADE,
    pmu BLOB NOT NULL
);

CREATE TABLE collectives(
    session INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    device INTEGER NOT NULL,
    model INTEGER NOT NULL,
    iteration INTEGER NOT NULL,
    name INTEGER NOT NULL,
    op_type INTEGER NOT NULL,
    start INTEGER NOT NULL,
    duration INTEGER NOT NULL,
    bytes INTEGER NOT NULL,
    segment INTEGER NOT NULL
);
CREATE INDEX collectives_by_iteration ON collectives(session, device, model, iteration, start);

CREATE TABLE hccl_tasks(
    session INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    device INTEGER NOT NULL,
    model INTEGER NOT NULL,
    iteration INTEGER NOT NULL,
    plane INTEGER NOT NULL,
    name INTEGER NOT NULL,
    start INTEGER NOT NULL,
    duration INTEGER NOT NULL,
    notify_id INTEGER NOT NULL,
    duration_estimated_us REAL NOT NULL,
    stream INTEGER NOT NULL,
    task_id INTEGER NOT NULL,
    src_rank INTEGER NOT NULL,
    dst_rank INTEGER NOT NULL,
    transport_type INTEGER NOT NULL,
    size_bytes INTEGER NOT NULL,
    data_type INTEGER NOT NULL,
    link_type INTEGER NOT NULL,
    bandwidth_gbps REAL NOT NULL
);
CREATE INDEX hccl_tasks_by_iteration ON hccl_tasks(session, device, model, iteration, start, stream, task_id);

CREATE TABLE step_traces(
    id INTEGER PRIMARY KEY,
    session INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    device INTEGER NOT NULL,
    model INTEGER NOT NULL,
    iteration INTEGER NOT NULL,
    fp_start INTEGER NOT NULL,
    bp_end INTEGER NOT NULL,
    iteration_end INTEGER NOT NULL,
    previous_iteration_end INTEGER NOT NULL
);
CREATE INDEX step_traces_by_model ON step_traces(session, device, model, iteration);

CREATE TABLE step_reduces(
    step INTEGER NOT NULL REFERENCES step_traces(id) ON DELETE CASCADE,
    idx INTEGER NOT NULL,
    start INTEGER NOT NULL,
    end INTEGER NOT NULL,
    PRIMARY KEY(step, idx)
) WITHOUT ROWID;

CREATE TABLE aicpu(
    session INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    device INTEGER NOT NULL,
    model INTEGER NOT NULL,
    iteration INTEGER NOT NULL,
    stream INTEGER NOT NULL,
    task_id INTEGER NOT NULL,
    node INTEGER NOT NULL,
    timestamp INTEGER NOT NULL,
    compute_time INTEGER NOT NULL,
    memcpy_time INTEGER NOT NULL,
    task_time INTEGER NOT NULL,
    dispatch_time INTEGER NOT NULL,
    total_time INTEGER NOT NULL
);
CREATE INDEX aicpu_by_iteration ON aicpu(session, device, model, iteration, timestamp, stream, task_id);

CREATE TABLE queue_events(
    session INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    device INTEGER NOT NULL,
    timestamp INTEGER NOT NULL,
    action INTEGER NOT NULL,
    source INTEGER NOT NULL,
    cached_buffer_size INTEGER NOT NULL
);
CREATE INDEX queue_events_by_device ON queue_events(session, device, timestamp);

CREATE TABLE fusion_ops(
    session INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    model INTEGER NOT NULL,
    model_name INTEGER NOT NULL,
    fusion_op INTEGER NOT NULL,
    original_ops INTEGER NOT NULL,
    memory_input INTEGER NOT NULL,
    memory_output INTEGER NOT NULL,
    memory_weight INTEGER NOT NULL,
    memory_workspace INTEGER NOT NULL
);
CREATE INDEX fusion_ops_by_model ON fusion_ops(session, model);

CREATE TABLE host_ranges(
    session INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    kind INTEGER NOT NULL,
    device INTEGER NOT NULL,
    model INTEGER NOT NULL,
    iteration INTEGER NOT NULL,
    pid INTEGER NOT NULL,
    tid INTEGER NOT NULL,
    name INTEGER NOT NULL,
    start INTEGER NOT NULL,
    duration INTEGER NOT NULL,
    category INTEGER NOT NULL,
    event_type INTEGER NOT NULL,
    payload_type INTEGER NOT NULL,
    payload_value INTEGER NOT NULL,
    message_type INTEGER NOT NULL
);
CREATE INDEX host_ranges_by_iteration ON host_ranges(session, device, model, iteration, start);
)SQL";

// Schema 2: session notes (the import report, ...) get a table of their own keyed by
// session, with ON DELETE CASCADE, instead of "session.<id>.<key>" rows in meta that
// outlived a deleted session. The step moves the notes of existing sessions over and drops
// the orphaned ones.
constexpr const char *kStepV2 = R"SQL(
CREATE TABLE session_notes(
    session INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    key TEXT NOT NULL,
    value TEXT NOT NULL,
    PRIMARY KEY(session, key)
) WITHOUT ROWID;
INSERT INTO session_notes(session, key, value)
    SELECT s.id, n.key, n.value FROM (
        SELECT CAST(substr(key, 9, instr(substr(key, 9), '.') - 1) AS INTEGER) AS session,
               substr(key, 9 + instr(substr(key, 9), '.')) AS key, value
        FROM meta WHERE key GLOB 'session.[0-9]*.?*') AS n
    JOIN sessions AS s ON s.id = n.session;
DELETE FROM meta WHERE key GLOB 'session.[0-9]*.?*';
)SQL";

// Schema 3: task types are open text. tasks.type becomes a StrId of the session's strings
// (the type as the source spelled it) and the new tasks.kind keeps its classification
// (TaskKind; 0..8 are the values type held before, so timeline summaries stay valid). The
// nine 910 spellings are added to the strings of every session with tasks that lacks them.
// ops gain the mixed kernels' vector block dim and the accelerator core text; a session
// may name its PMU metric columns (pmu_columns: imported files carry their own sets).
constexpr const char *kStepV3 = R"SQL(
ALTER TABLE tasks ADD COLUMN kind INTEGER NOT NULL DEFAULT 0;
ALTER TABLE ops ADD COLUMN mix_block_dim INTEGER NOT NULL DEFAULT 0;
ALTER TABLE ops ADD COLUMN core_type INTEGER NOT NULL DEFAULT 0;
CREATE TABLE pmu_columns(
    session INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    idx INTEGER NOT NULL,
    name TEXT NOT NULL,
    PRIMARY KEY(session, idx)
) WITHOUT ROWID;
CREATE TEMP TABLE v3_type_names(kind INTEGER PRIMARY KEY, text TEXT NOT NULL);
INSERT INTO v3_type_names(kind, text) VALUES
    (0, 'AI_CORE'), (1, 'AI_CPU'), (2, 'EVENT_RECORD'), (3, 'EVENT_WAIT'), (4, 'EVENT_RESET'),
    (5, 'REDUCE_ASYNC_V2'), (6, 'NOTIFY_WAIT'), (7, 'NOTIFY_RECORD'), (8, 'MEMCPY_ASYNC');
INSERT INTO strings(session, id, text)
    SELECT s.id,
           COALESCE((SELECT MAX(x.id) FROM strings AS x WHERE x.session = s.id), 0)
               + ROW_NUMBER() OVER (PARTITION BY s.id ORDER BY n.kind),
           n.text
    FROM sessions AS s CROSS JOIN v3_type_names AS n
    WHERE EXISTS (SELECT 1 FROM tasks AS t WHERE t.session = s.id)
      AND NOT EXISTS (SELECT 1 FROM strings AS x WHERE x.session = s.id AND x.text = n.text);
CREATE TEMP TABLE v3_type_ids(session INTEGER NOT NULL, kind INTEGER NOT NULL, id INTEGER NOT NULL,
                              PRIMARY KEY(session, kind)) WITHOUT ROWID;
INSERT INTO v3_type_ids(session, kind, id)
    SELECT x.session, n.kind, MIN(x.id) FROM strings AS x JOIN v3_type_names AS n ON x.text = n.text
    GROUP BY x.session, n.kind;
UPDATE tasks SET
    kind = CASE WHEN type BETWEEN 0 AND 8 THEN type ELSE 15 END,
    type = COALESCE((SELECT i.id FROM v3_type_ids AS i WHERE i.session = tasks.session AND i.kind = tasks.type), 0);
DROP TABLE v3_type_ids;
DROP TABLE v3_type_names;
)SQL";

// Schema 4: the session-wide records of today's profilers (torch_npu, MindSpore, CANN 8
// msprof text and db exports), one table per kind keyed by session and indexed on how the
// readers walk them; the device's chip name; the API level of CANN ranges. Existing rows
// get empty values (chip '', level 0): older sessions hold none of these records.
constexpr const char *kStepV4 = R"SQL(
ALTER TABLE devices ADD COLUMN chip TEXT NOT NULL DEFAULT '';
ALTER TABLE host_ranges ADD COLUMN level INTEGER NOT NULL DEFAULT 0;
CREATE TABLE counters(
    session INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    device INTEGER NOT NULL,
    track INTEGER NOT NULL,
    name INTEGER NOT NULL,
    unit INTEGER NOT NULL,
    ts INTEGER NOT NULL,
    value REAL NOT NULL
);
CREATE INDEX counters_by_series ON counters(session, device, name, ts);
CREATE TABLE flow_ends(
    session INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    device INTEGER NOT NULL,
    category INTEGER NOT NULL,
    name INTEGER NOT NULL,
    flow_id INTEGER NOT NULL,
    finish INTEGER NOT NULL,
    lane INTEGER NOT NULL,
    tid INTEGER NOT NULL,
    ts INTEGER NOT NULL
);
CREATE INDEX flow_ends_by_flow ON flow_ends(session, category, flow_id, finish);
CREATE TABLE python_ranges(
    session INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    device INTEGER NOT NULL,
    pid INTEGER NOT NULL,
    tid INTEGER NOT NULL,
    name INTEGER NOT NULL,
    category INTEGER NOT NULL,
    start INTEGER NOT NULL,
    duration INTEGER NOT NULL,
    call_stack INTEGER NOT NULL,
    input_shapes INTEGER NOT NULL,
    input_types INTEGER NOT NULL,
    sequence INTEGER NOT NULL,
    fwd_thread INTEGER NOT NULL,
    correlation INTEGER NOT NULL
);
CREATE INDEX python_ranges_by_device ON python_ranges(session, device, start);
CREATE TABLE memory_records(
    session INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    device INTEGER NOT NULL,
    module INTEGER NOT NULL,
    component INTEGER NOT NULL,
    ts INTEGER NOT NULL,
    allocated_mb REAL NOT NULL,
    reserved_mb REAL NOT NULL,
    active_mb REAL NOT NULL,
    stream_ptr INTEGER NOT NULL
);
CREATE INDEX memory_records_by_device ON memory_records(session, device, ts);
CREATE TABLE op_memory(
    session INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    device INTEGER NOT NULL,
    name INTEGER NOT NULL,
    size_kb REAL NOT NULL,
    allocated INTEGER NOT NULL,
    released INTEGER NOT NULL,
    active_released INTEGER NOT NULL,
    alloc_total_allocated_mb REAL NOT NULL,
    alloc_total_reserved_mb REAL NOT NULL,
    alloc_total_active_mb REAL NOT NULL,
    release_total_allocated_mb REAL NOT NULL,
    release_total_reserved_mb REAL NOT NULL,
    release_total_active_mb REAL NOT NULL,
    stream_ptr INTEGER NOT NULL
);
CREATE INDEX op_memory_by_device ON op_memory(session, device, allocated);
CREATE TABLE comm_op_stats(
    session INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    device INTEGER NOT NULL,
    step INTEGER NOT NULL,
    type INTEGER NOT NULL,
    op INTEGER NOT NULL,
    group_name INTEGER NOT NULL,
    start INTEGER NOT NULL,
    elapse_ms REAL NOT NULL,
    transit_ms REAL NOT NULL,
    wait_ms REAL NOT NULL,
    sync_ms REAL NOT NULL,
    idle_ms REAL NOT NULL
);
CREATE INDEX comm_op_stats_by_device ON comm_op_stats(session, device);
CREATE TABLE comm_bandwidth(
    session INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    device INTEGER NOT NULL,
    step INTEGER NOT NULL,
    type INTEGER NOT NULL,
    op INTEGER NOT NULL,
    transport INTEGER NOT NULL,
    size_mb REAL NOT NULL,
    time_ms REAL NOT NULL,
    bandwidth_gbps REAL NOT NULL,
    large_packet_ratio REAL NOT NULL
);
CREATE INDEX comm_bandwidth_by_device ON comm_bandwidth(session, device);
CREATE TABLE comm_matrix(
    session INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    device INTEGER NOT NULL,
    step INTEGER NOT NULL,
    type INTEGER NOT NULL,
    op INTEGER NOT NULL,
    src_rank INTEGER NOT NULL,
    dst_rank INTEGER NOT NULL,
    transport INTEGER NOT NULL,
    size_mb REAL NOT NULL,
    time_ms REAL NOT NULL,
    bandwidth_gbps REAL NOT NULL,
    op_name INTEGER NOT NULL
);
CREATE INDEX comm_matrix_by_device ON comm_matrix(session, device);
CREATE TABLE step_times(
    session INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    device INTEGER NOT NULL,
    step INTEGER NOT NULL,
    computing INTEGER NOT NULL,
    comm_not_overlapped INTEGER NOT NULL,
    overlapped INTEGER NOT NULL,
    communication INTEGER NOT NULL,
    free INTEGER NOT NULL,
    stage INTEGER NOT NULL,
    bubble INTEGER NOT NULL,
    comm_not_overlapped_exclude_receive INTEGER NOT NULL,
    preparing INTEGER NOT NULL
);
CREATE INDEX step_times_by_device ON step_times(session, device);
CREATE TABLE task_attrs(
    session INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    device INTEGER NOT NULL,
    stream INTEGER NOT NULL,
    task_id INTEGER NOT NULL,
    start INTEGER NOT NULL,
    key INTEGER NOT NULL,
    value INTEGER NOT NULL
);
CREATE INDEX task_attrs_by_task ON task_attrs(session, device, stream, start);
)SQL";

// Schema 5: HCCL tasks as column blocks (hccl_blocks.h). One row per (device,
// model, iteration) and writer batch holds up to 8192 tasks (every plane) encoded by
// encodeHcclBlock (CRC-checked); the key and the block's time span are plain columns so
// the readers select and the timeline bounds its extent without decoding. The step's
// code (migrateHcclTasksToBlocks) moves the rows of hccl_tasks over in recorded order and
// drops that table with its index; in SQL, `hccl_tasks` stays as a virtual table of plain
// rows on the SQL console's connection.
constexpr const char *kStepV5 = R"SQL(
CREATE TABLE hccl_blocks(
    id INTEGER PRIMARY KEY,
    session INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    device INTEGER NOT NULL,
    model INTEGER NOT NULL,
    iteration INTEGER NOT NULL,
    first_start INTEGER NOT NULL,
    last_end INTEGER NOT NULL,
    n INTEGER NOT NULL,
    data BLOB NOT NULL
);
CREATE INDEX hccl_blocks_by_iteration ON hccl_blocks(session, device, model, iteration);
)SQL";

// Schema 6: tasks with their PMU values as column blocks (task_blocks.h), one
// row per (device, model, iteration, stream) and writer batch, up to 8192 tasks encoded by
// encodeTaskBlock (CRC-checked). The row keeps the block's first start, last start and
// last end: the timeline finds a lane's blocks around a time through task_blocks_by_stream
// and bounds the session's extent without decoding. One index entry per block instead of
// two per task. The step's code (migrateTasksToBlocks) moves the rows of tasks and
// task_pmu over in recorded order and drops both tables; in SQL, `tasks` and `task_pmu`
// stay as virtual tables of plain rows on the SQL console's connection.
constexpr const char *kStepV6 = R"SQL(
CREATE TABLE task_blocks(
    id INTEGER PRIMARY KEY,
    session INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    device INTEGER NOT NULL,
    model INTEGER NOT NULL,
    iteration INTEGER NOT NULL,
    stream INTEGER NOT NULL,
    first_start INTEGER NOT NULL,
    last_start INTEGER NOT NULL,
    last_end INTEGER NOT NULL,
    n INTEGER NOT NULL,
    data BLOB NOT NULL
);
CREATE INDEX task_blocks_by_iteration ON task_blocks(session, device, model, iteration);
CREATE INDEX task_blocks_by_stream ON task_blocks(session, device, stream, first_start);
)SQL";

// Schema 7: counter samples and framework (Python) ranges as column blocks
// (session_blocks.h): counter_blocks holds one row per (device, series name) and writer
// batch, python_range_blocks one per device and batch, each up to 8192 records encoded in
// recorded order (CRC-checked), with the block's first and last time as plain columns so
// the readers merge blocks in time order and the timeline bounds its extent without
// decoding. One index entry per block instead of one per record. The step's code
// (migrateSessionRecordsToBlocks) moves the rows over and drops counters and
// python_ranges with their indexes; in SQL both stay as virtual tables of plain rows on
// the SQL console's connection.
constexpr const char *kStepV7 = R"SQL(
CREATE TABLE counter_blocks(
    id INTEGER PRIMARY KEY,
    session INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    device INTEGER NOT NULL,
    name INTEGER NOT NULL,
    first_ts INTEGER NOT NULL,
    last_ts INTEGER NOT NULL,
    n INTEGER NOT NULL,
    data BLOB NOT NULL
);
CREATE INDEX counter_blocks_by_series ON counter_blocks(session, device, name, first_ts);
CREATE TABLE python_range_blocks(
    id INTEGER PRIMARY KEY,
    session INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    device INTEGER NOT NULL,
    first_start INTEGER NOT NULL,
    last_start INTEGER NOT NULL,
    last_end INTEGER NOT NULL,
    n INTEGER NOT NULL,
    data BLOB NOT NULL
);
CREATE INDEX python_range_blocks_by_device ON python_range_blocks(session, device, first_start);
)SQL";

// Schema 8: memory records as column blocks (host_blocks.h), one row per
// device and writer batch, up to 8192 records encoded in recorded order (CRC-checked),
// with the block's first and last time as plain columns. One index entry per block
// instead of one per record. The step's code (migrateMemoryRecordsToBlocks) moves the rows
// over and drops memory_records with its index; in SQL `memory_records` stays as a
// virtual table of plain rows on the SQL console's connection.
constexpr const char *kStepV8 = R"SQL(
CREATE TABLE memory_blocks(
    id INTEGER PRIMARY KEY,
    session INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    device INTEGER NOT NULL,
    first_ts INTEGER NOT NULL,
    last_ts INTEGER NOT NULL,
    n INTEGER NOT NULL,
    data BLOB NOT NULL
);
CREATE INDEX memory_blocks_by_device ON memory_blocks(session, device, first_ts);
)SQL";

// Schema 9: host ranges (CANN, runtime API, msproftx) as column blocks
// (host_blocks.h), one row per (device, model, iteration) and writer batch, so
// storage_limit still ages an iteration's host ranges by deleting its blocks. The step's
// code (migrateHostRangesToBlocks) moves the rows over and drops host_ranges with its
// index; in SQL `host_ranges` stays as a virtual table of plain rows.
constexpr const char *kStepV9 = R"SQL(
CREATE TABLE host_range_blocks(
    id INTEGER PRIMARY KEY,
    session INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    device INTEGER NOT NULL,
    model INTEGER NOT NULL,
    iteration INTEGER NOT NULL,
    first_start INTEGER NOT NULL,
    last_start INTEGER NOT NULL,
    last_end INTEGER NOT NULL,
    n INTEGER NOT NULL,
    data BLOB NOT NULL
);
CREATE INDEX host_range_blocks_by_iteration ON host_range_blocks(session, device, model, iteration, first_start);
)SQL";

// Schema 10: a block's data may be zstd-compressed (block_compress.cpp; its first
// byte then says so). The tables stay as they are and so do blocks already written: readers
// take both forms, so the step only stamps the version (an older NPU Scope, which would
// take a compressed block for a damaged one, then refuses the file as newer).
constexpr const char *kStepV10 = "SELECT 1";

// Schema 11: task attributes and operator allocations as column blocks
// (op_blocks.h): one row per (device, stream) and writer batch for task attributes, per
// device and batch for operator memory, with the block's first and last task start /
// allocation time as plain columns and one index entry per block instead of one per
// record. The step's code (migrateTaskAttrsAndOpMemoryToBlocks) moves the rows over and
// drops task_attrs and op_memory with their indexes; in SQL both stay as virtual tables of
// plain rows on the SQL console's connection.
constexpr const char *kStepV11 = R"SQL(
CREATE TABLE task_attr_blocks(
    id INTEGER PRIMARY KEY,
    session INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    device INTEGER NOT NULL,
    stream INTEGER NOT NULL,
    first_start INTEGER NOT NULL,
    last_start INTEGER NOT NULL,
    n INTEGER NOT NULL,
    data BLOB NOT NULL
);
CREATE INDEX task_attr_blocks_by_stream ON task_attr_blocks(session, device, stream, first_start);
CREATE TABLE op_memory_blocks(
    id INTEGER PRIMARY KEY,
    session INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    device INTEGER NOT NULL,
    first_allocated INTEGER NOT NULL,
    last_allocated INTEGER NOT NULL,
    n INTEGER NOT NULL,
    data BLOB NOT NULL
);
CREATE INDEX op_memory_blocks_by_device ON op_memory_blocks(session, device, first_allocated);
)SQL";

// Schema 12: a timeline summary lane's buckets (timeline_lod.data) may be stored
// zstd-compressed like a block; a raw one is exactly buckets × 17 bytes, so the size tells
// the forms apart. Summaries already written stay raw, so the step only stamps the version.
constexpr const char *kStepV12 = "SELECT 1";

struct MigrationStep {
    int from;          // applies to a schema-`from` file, leaves schema from+1
    const char *sql;
    int (*code)(const Db &) = nullptr; // runs after `sql`, in the same transaction
};

// Append new steps here (from = 1, 2, ...) and bump kSchemaVersion.
constexpr MigrationStep kSteps[] = {
    {0, kStepV1},
    {1, kStepV2},
    {2, kStepV3},
    {3, kStepV4},
    {4, kStepV5, migrateHcclTasksToBlocks},
    {5, kStepV6, migrateTasksToBlocks},
    {6, kStepV7, migrateSessionRecordsToBlocks},
    {7, kStepV8, migrateMemoryRecordsToBlocks},
    {8, kStepV9, migrateHostRangesToBlocks},
    {9, kStepV10},
    {10, kStepV11, migrateTaskAttrsAndOpMemoryToBlocks},
    {11, kStepV12},
};
static_assert(sizeof(kSteps) / sizeof(kSteps[0]) == kSchemaVersion,
              "one migration step per schema version");

} // namespace

int migrate(const Db &db, int fromVersion, QString *failedStep, int toVersion)
{
    if (toVersion < 0)
        toVersion = kSchemaVersion;
    int rc = db.exec("BEGIN IMMEDIATE");
    if (rc != SQLITE_OK)
        return rc;
    auto fail = [&](int code, int step) {
        if (failedStep)
            *failedStep = QCoreApplication::translate("ProjectStore", "schema step %1 → %2: %3")
                              .arg(step).arg(step + 1).arg(db.lastMessage());
        if (!sqlite3_get_autocommit(db.get()))
            db.exec("ROLLBACK");
        return code;
    };
    for (const MigrationStep &s : kSteps) {
        if (s.from < fromVersion || s.from >= toVersion)
            continue;
        rc = db.exec(s.sql);
        if (rc == SQLITE_OK && s.code)
            rc = s.code(db);
        if (rc != SQLITE_OK)
            return fail(rc, s.from);
    }
    if (fromVersion == 0) {
        const std::string meta =
            "INSERT INTO meta(key, value) VALUES('app_version', '" NPUSCOPE_VERSION "'), ('created_wall_us', '"
            + std::to_string(QDateTime::currentMSecsSinceEpoch() * 1000) + "')";
        rc = db.exec(meta.c_str());
        // A new project at the current schema is a finished write: its clean-close marker
        // commits with the schema (one commit and its four fsyncs fewer than a second one).
        if (rc == SQLITE_OK && toVersion == kSchemaVersion)
            rc = markCleanClose(db);
        if (rc != SQLITE_OK)
            return fail(rc, 0);
    }
    // Both pragmas live in the database header (page 1), so they commit with the schema.
    const std::string stamp = "PRAGMA application_id = " + std::to_string(kApplicationId)
                              + "; PRAGMA user_version = " + std::to_string(toVersion);
    rc = db.exec(stamp.c_str());
    if (rc != SQLITE_OK)
        return fail(rc, toVersion - 1);
    rc = db.exec("COMMIT");
    if (rc != SQLITE_OK)
        return fail(rc, toVersion - 1);
    return SQLITE_OK;
}

namespace {

struct SchemaObject {
    std::string type, name, table, sql;
    bool operator<(const SchemaObject &o) const { return std::tie(type, name) < std::tie(o.type, o.name); }
};

std::vector<SchemaObject> readSchema(sqlite3 *db, int *rc)
{
    std::vector<SchemaObject> out;
    sqlite3_stmt *s = nullptr;
    *rc = sqlite3_prepare_v2(db, "SELECT type, name, tbl_name, sql FROM sqlite_master", -1, &s, nullptr);
    if (*rc != SQLITE_OK)
        return out;
    auto text = [s](int i) {
        const auto *t = reinterpret_cast<const char *>(sqlite3_column_text(s, i));
        return t ? std::string(t, size_t(sqlite3_column_bytes(s, i))) : std::string();
    };
    int step;
    while ((step = sqlite3_step(s)) == SQLITE_ROW)
        out.push_back({text(0), text(1), text(2), text(3)});
    *rc = step == SQLITE_DONE ? SQLITE_OK : step;
    sqlite3_finalize(s);
    std::sort(out.begin(), out.end());
    return out;
}

struct Reference {
    std::vector<SchemaObject> required;   // the numbered schema at that version
    std::vector<SchemaObject> optional;   // the timeline tables (lod.cpp), created on demand
};

// The objects a schema-`version` file holds, made by running the same steps in memory, so
// the comparison can never drift from what migrate() creates.
bool buildReference(int version, Reference *out)
{
    sqlite3 *raw = nullptr;
    if (sqlite3_open_v2(":memory:", &raw, SQLITE_OPEN_READWRITE | SQLITE_OPEN_MEMORY, nullptr) != SQLITE_OK) {
        sqlite3_close(raw);
        return false;
    }
    Db db;
    db.reset(raw);
    int rc = migrate(db, 0, nullptr, version);
    if (rc != SQLITE_OK)
        return false;
    out->required = readSchema(db.get(), &rc);
    if (rc != SQLITE_OK || db.exec(timelineTablesSql()) != SQLITE_OK)
        return false;
    std::vector<SchemaObject> all = readSchema(db.get(), &rc);
    if (rc != SQLITE_OK)
        return false;
    for (const SchemaObject &o : all)
        if (!std::binary_search(out->required.begin(), out->required.end(), o))
            out->optional.push_back(o);
    return true;
}

const Reference *referenceFor(int version)
{
    static std::mutex mutex;
    static std::map<int, std::unique_ptr<Reference>> cache;
    std::lock_guard lock(mutex);
    auto &slot = cache[version];
    if (!slot) {
        auto r = std::make_unique<Reference>();
        if (!buildReference(version, r.get()))
            return nullptr;
        slot = std::move(r);
    }
    return slot.get();
}

} // namespace

SchemaCheck checkSchema(const Db &db, int version, QString *detailText)
{
    const Reference *ref = referenceFor(version);
    if (!ref) {
        if (detailText)
            *detailText = QStringLiteral("reference schema %1 unavailable").arg(version);
        return SchemaCheck::Unreadable;
    }
    int rc = SQLITE_OK;
    const std::vector<SchemaObject> file = readSchema(db.get(), &rc);
    if (rc != SQLITE_OK) {
        if (detailText)
            *detailText = db.lastMessage();
        return SchemaCheck::Unreadable;
    }
    auto same = [](const SchemaObject &a, const SchemaObject &b) {
        return a.type == b.type && a.name == b.name && a.table == b.table && a.sql == b.sql;
    };
    auto find = [](const std::vector<SchemaObject> &v, const SchemaObject &o) -> const SchemaObject * {
        auto it = std::lower_bound(v.begin(), v.end(), o);
        return it != v.end() && it->type == o.type && it->name == o.name ? &*it : nullptr;
    };
    for (const SchemaObject &o : file) {
        const SchemaObject *r = find(ref->required, o);
        if (!r)
            r = find(ref->optional, o);
        if (!r || !same(*r, o)) {
            if (detailText)
                *detailText = QStringLiteral("%1 \u201C%2\u201D").arg(QString::fromStdString(o.type), QString::fromStdString(o.name));
            return r ? SchemaCheck::Altered : SchemaCheck::Foreign;
        }
    }
    for (const SchemaObject &r : ref->required) {
        if (!find(file, r)) {
            if (detailText)
                *detailText = QStringLiteral("%1 \u201C%2\u201D").arg(QString::fromStdString(r.type), QString::fromStdString(r.name));
            return SchemaCheck::Missing;
        }
    }
    return SchemaCheck::Ok;
}

} // namespace npuscope::store::detail
