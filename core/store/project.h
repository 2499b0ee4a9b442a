#pragma once
// The project file (.npuscope): a SQLite database holding any number of recorded sessions.
// Identity: PRAGMA application_id = kApplicationId, user_version = kSchemaVersion.
// ProjectWriter owns its own connection and commits in batches (WAL, so readers see
// progress); ProjectReader opens its own connection per session view.

#include "core/model/record_sink.h"
#include "core/model/session.h"
#include "core/model/trace_reader.h"

#include <QString>
#include <atomic>
#include <functional>
#include <memory>
#include <vector>

namespace npuscope::store {

inline constexpr int kApplicationId = 0x4E505553; // "NPUS"
// 1: first release. 2: session notes in their own table (schema.cpp, kStepV2).
// 3: open task types as text, mixed block dims, per-session PMU columns (kStepV3).
// 4: session-wide records of today's profilers: counters, flows, Python ranges, memory,
//    communication statistics, step times, extra task columns (kStepV4).
// 5: HCCL tasks as CRC-checked column blocks in hccl_blocks (kStepV5, hccl_blocks.h).
// 6: tasks and their PMU values as CRC-checked column blocks in task_blocks (kStepV6,
//    task_blocks.h).
// 7: counter samples and framework (Python) ranges as CRC-checked column blocks in
//    counter_blocks and python_range_blocks (kStepV7, session_blocks.h).
// 8: memory records as CRC-checked column blocks in memory_blocks (kStepV8, host_blocks.h).
// 9: host ranges as CRC-checked column blocks in host_range_blocks (kStepV9, host_blocks.h).
// 10: every column block stored zstd-compressed where that is smaller (kStepV10,
//     block_compress.cpp); blocks written before stay raw.
// 11: task attributes and operator memory as CRC-checked column blocks in task_attr_blocks
//     and op_memory_blocks (kStepV11, op_blocks.h).
inline constexpr int kSchemaVersion = 12;

// Why opening or writing failed; the CLI maps these to its exit codes.
enum class StoreError {
    None,
    NotFound,      // exit 3
    NotProject,    // not SQLite, or SQLite but not ours: exit 3
    Corrupt,       // exit 4
    TooNew,        // exit 5
    Io,            // disk full, permission, read-only: exit 6
    Busy,          // another writer holds the project: exit 6
    NeedsUpgrade,  // written by an older NPU Scope: Project::upgrade first (exit 7)
    Cancelled,     // the caller's cancel flag stopped the check (exit 130)
};

// Progress of a long file operation (Save As, the upgrade's backup): bytes done of total.
// Called on the thread doing the work.
using ByteProgress = std::function<void(std::uint64_t done, std::uint64_t total)>;

// What Project::upgrade did.
struct UpgradeResult {
    int fromVersion = 0;     // equal to toVersion: the file was current, nothing was done
    int toVersion = 0;
    QString backupPath;      // the untouched original ("<file>.v<from>.bak"); empty if none
};

struct SessionSummary {
    std::int64_t id = 0;
    SessionInfo info;
    SessionStatus status = SessionStatus::Running;
    std::int64_t startedWallUs = 0;
    std::int64_t endedWallUs = 0;      // 0 while running
    std::uint64_t taskCount = 0;
    std::uint64_t recordCount = 0;     // all kinds
    std::uint64_t agedBytes = 0;       // removed by storage_limit ageing
};

class ProjectReader;

// Read access to a project file. Opening checks identity and version first.
class Project {
public:
    ~Project();
    // mode ReadOnly never writes (not even WAL recovery where avoidable).
    enum class Mode { ReadOnly, ReadWrite };
    // An older schema is refused with NeedsUpgrade (the message names the backup an
    // upgrade would keep); nothing is written to such a file until upgrade() is called.
    // How much of the file open() verifies. Full adds PRAGMA quick_check, which reads every
    // page (seconds for a multi-GB project). Schema checks everything else (header,
    // application id, version, schema objects) and is for a file this process has already
    // opened, e.g. the GUI's views reopening the window's project: damage that appears
    // later is reported by the reads that meet it (SQLITE_CORRUPT → Corrupt).
    // Auto is Schema for a file whose last writer finished (the clean-close marker, see
    // sqlite_db.h) and Full otherwise (a recording killed or crashed, a file an older
    // NPU Scope wrote): how the app opens a file (File → Open, every CLI command, a run
    // appending to another project). fullyChecked() says which it was; the GUI then checks
    // a clean file in the background, and verify() checks on request.
    // Setting *cancel (from another thread) stops the check: nullptr + Cancelled.
    enum class Check { Full, Schema, Auto };
    static std::unique_ptr<Project> open(const QString &path, Mode mode, StoreError *err, QString *message,
                                         Check check = Check::Full, const std::atomic_bool *cancel = nullptr);

    // Migrates an older project to kSchemaVersion in place. Takes the writer lock (Busy
    // while a recording runs), checks the file like open(), copies the original to
    // "<file>.v<old>.bak" (written under a temporary name, fsynced, renamed; an existing
    // backup with the same bytes is kept, a different one makes the upgrade refuse), then
    // applies every migration step in one transaction: on any failure the project stays
    // exactly as it was. A current project is left alone (fromVersion == toVersion).
    // Setting *cancel stops the backup copy or rolls the migration back (Cancelled; the
    // project unchanged, a half-written backup removed); progress reports the copy's bytes.
    static bool upgrade(const QString &path, UpgradeResult *result, StoreError *err, QString *message,
                        const std::atomic_bool *cancel = nullptr, const ByteProgress &progress = {});

    // What verify() found besides its verdict.
    struct VerifyInfo {
        bool closedCleanly = false; // the last writer had finished (before any marking)
        bool markedClean = false;   // verify wrote the clean-close marker
        std::uint64_t bytes = 0;    // the file's size
    };
    // The explicit integrity check (CLI `check`, File → Verify Project, the GUI's
    // background check): header, identity, schema and the page-by-page quick_check, on a
    // read-only connection; nothing stored is changed. Corrupt + a sentence naming the
    // damage when a page is bad. When the file passes without the clean-close marker (a
    // writer had crashed), no writer is active (the writer lock is free) and nothing was
    // committed since the check, it writes the marker, so the next open skips the scan.
    // A file at rest is in rollback-journal mode, where the scan's read transaction would
    // hold every write (a mark, a rename, a recording's start) for as long as it reads:
    // alongsideWriters (the GUI) first puts a writable file in WAL mode, as a recording
    // does, so writes go on meanwhile; the last connection to close brings it back to rest.
    // Without it (the CLI) the file's bytes are left exactly as they were.
    static bool verify(const QString &path, StoreError *err, QString *message, const std::atomic_bool *cancel = nullptr,
                       VerifyInfo *info = nullptr, bool alongsideWriters = false);

    QString path() const;
    // open() ran the page-by-page check (Full, or Auto on a file not closed cleanly).
    bool fullyChecked() const;
    // The file carries the clean-close marker: the last writer finished (sqlite_db.h).
    bool closedCleanly() const;
    // Every session, oldest first. A read error ends the list early: errorString() says so.
    std::vector<SessionSummary> sessions() const;
    // Why the last sessions() came back short (a damaged page, a disk error); None and
    // empty when it read everything.
    StoreError error() const;
    QString errorString() const;
    // A reader for one session (its own connection); nullptr + message if unknown.
    std::unique_ptr<ProjectReader> session(std::int64_t sessionId, QString *message) const;
    // What ProjectWriter::setSessionNote stored for the session; empty if nothing.
    QByteArray sessionNote(std::int64_t sessionId, const QString &key) const;

    struct Impl;
private:
    explicit Project(std::unique_ptr<Impl> d);
    std::unique_ptr<Impl> d;
};

// Records one session into a project (created if missing). begin() inserts the session
// row; every write() is one transaction; end() marks the status. If the process dies,
// everything committed stays readable and the session reads as "running" (incomplete).
class ProjectWriter : public RecordSink {
public:
    ~ProjectWriter() override;
    // An existing file is checked like Project::open with `check` (Schema: the caller has
    // already checked this file in full, e.g. the GUI appending to the project it shows).
    static std::unique_ptr<ProjectWriter> create(const QString &path, StoreError *err, QString *message,
                                                 Project::Check check = Project::Check::Full,
                                                 const std::atomic_bool *cancel = nullptr);

    bool begin(const SessionInfo &info) override;
    bool write(const RecordBatch &batch) override;
    bool end(SessionStatus status, const std::vector<DeviceInfo> &devices) override;
    QString errorString() const override;
    StoreError error() const;
    std::int64_t sessionId() const;
    // Keeps a small document with the session (e.g. the import report as JSON) in the
    // session_notes table under (session, key), in its own transaction. Call after begin().
    bool setSessionNote(const QString &key, const QByteArray &value);

    // storage_limit ageing (profiling-options.md): when the session's stored data would
    // exceed limitBytes − marginBytes, or the volume has less than marginBytes free, the
    // oldest iterations' records are deleted (same transaction as the batch that crossed
    // the line) until it fits. Never aged: step traces, fusion-op info, ops, strings,
    // session/device/model rows, and the newest iteration of each record kind. Stored
    // bytes are estimated per row from SQLite's record format (row + index entries).
    // By default begin() takes the limit from the session's storage_limit option (unset:
    // 90 % of the volume's free space at begin); calling this before begin() overrides it
    // (limitBytes 0 = no limit, only the free-space rule).
    void setStorageLimit(std::uint64_t limitBytes, std::uint64_t marginBytes = 20ull * 1024 * 1024);
    std::uint64_t agedBytes() const;      // removed so far in this session (sessions.aged_bytes)
    std::uint64_t storedBytes() const;    // the session's data as the ageing counts it

    struct Impl;
private:
    explicit ProjectWriter(std::unique_ptr<Impl> d);
    std::unique_ptr<Impl> d;
};

// TraceReader over one stored session.
class ProjectReader : public TraceReader {
public:
    ~ProjectReader() override;
    std::int64_t sessionId() const;
    const SessionInfo &sessionInfo() const override;
    SessionStatus status() const override;
    std::string_view string(StrId id) const override;
    const OpDesc *op(std::uint32_t opId) const override;
    std::vector<IterationKey> iterations() const override;
    bool forEachTask(const IterationKey &k, const TaskFn &fn) const override;
    // One pass over the session's task blocks, iteration by iteration.
    bool scanTasks(const TaskFn &fn, bool withPmu = true) const override;
    bool forEachCollective(const IterationKey &k, const CollectiveFn &fn) const override;
    bool forEachHcclTask(const IterationKey &k, const HcclFn &fn) const override;
    bool forEachAiCpu(const IterationKey &k, const AiCpuFn &fn) const override;
    bool forEachHostRange(const IterationKey &k, const HostRangeFn &fn) const override;
    std::vector<StepTraceRecord> stepTraces(std::uint16_t device, std::uint32_t modelId) const override;
    std::vector<QueueEventRecord> queueEvents(std::uint16_t device) const override;
    std::vector<FusionOpRecord> fusionOps(std::uint32_t modelId) const override;
    bool forEachCounter(std::uint16_t device, const CounterFn &fn) const override;
    bool forEachFlow(const FlowFn &fn) const override;
    bool forEachPythonRange(std::uint16_t device, const PythonRangeFn &fn) const override;
    bool forEachMemory(std::uint16_t device, const MemoryFn &fn) const override;
    bool forEachOpMemory(std::uint16_t device, const OpMemoryFn &fn) const override;
    bool forEachTaskAttr(std::uint16_t device, const TaskAttrFn &fn) const override;
    std::vector<CommOpStatRecord> commOpStats() const override;
    std::vector<CommBandwidthRecord> commBandwidth() const override;
    std::vector<CommMatrixRecord> commMatrix() const override;
    std::vector<StepTimeRecord> stepTimes() const override;

    // Per-kind record counts of this session ("tasks", "hccl_tasks", ...), for query.
    std::vector<std::pair<QString, std::uint64_t>> recordCounts() const;
    // Why the last forEach*/list call failed (a forEach* returns false only on a read
    // error; stopping early because the callback returned false is not an error).
    QString errorString() const;

    struct Impl;
    explicit ProjectReader(std::unique_ptr<Impl> d);
private:
    std::unique_ptr<Impl> d;
};

} // namespace npuscope::store
