#pragma once
// Timeline support in the project file: level-of-detail summaries built while a recording
// runs and stored when it ends, bulk reads of the task lanes, single-task look-ups for the
// details panel, and the user's range marks.
//
// Why summaries at record time: a 10 M task session takes seconds to read back, but the
// first frame of the timeline must appear in well under a second. The summary is a grid of
// at most kLodBuckets time buckets over the session per Ascend Hardware stream lane; each
// bucket keeps its task count, busy time and the longest task's type, op type and name —
// enough to draw the whole session (every non-empty bucket leaves a mark) while the
// details load in the background.
//
// Tables (created by this file with CREATE TABLE IF NOT EXISTS, so projects written before
// them stay valid and simply have no summary):
//   timeline_lod_sessions(session, origin, extent, bucket_ns, buckets)
//   timeline_lod(session, device, stream, tasks, data)   data = kLodBuckets × 17 bytes LE
//   timeline_marks(id, session, start, end, label, created_wall_us)
//   timeline_layouts(session, layout, updated_wall_us)   layout = the view's JSON (opaque here)

#include "core/model/records.h"
#include "core/store/project.h"

#include <QString>
#include <functional>
#include <memory>
#include <vector>

struct sqlite3;

namespace npuscope::store {

inline constexpr int kLodBuckets = 8192;

struct LodBucket {
    std::uint32_t count = 0;
    std::uint32_t busyNs = 0;      // task time inside the bucket (saturates at 2^32-1)
    std::uint8_t type = 0;         // TaskKind of the longest task touching the bucket
    StrId opType = 0;              // its op type (0 = none)
    StrId name = 0;                // its name
};

struct LodLane {
    std::uint16_t device = 0;
    std::uint32_t stream = 0;
    std::uint64_t tasks = 0;       // tasks of the lane (exact: used to size the arrays)
    std::vector<LodBucket> buckets;
};

struct TimelineLod {
    TimeNs origin = 0;             // earliest record of the session (any kind)
    TimeNs extent = 0;             // last end - origin
    TimeNs bucketNs = 1;           // bucket i covers [origin + i·bucketNs, origin + (i+1)·bucketNs)
    std::vector<LodLane> lanes;    // ordered by (device, stream)
};

struct TimelineMark {
    std::int64_t id = 0;
    TimeNs start = 0;              // absolute device-monotonic ns
    TimeNs end = 0;
    QString label;
};

// Task columns the timeline keeps in memory, as stored.
struct TaskRow {
    std::uint16_t device;
    std::uint32_t stream;
    TimeNs start;
    TimeNs duration;
    std::uint8_t kind;             // TaskKind
    StrId name;
    std::uint32_t op;
    StrId type;                    // task type text
};

// HCCL task columns the timeline keeps in memory; the rest is read by rowid on a click.
struct HcclTaskRow {
    std::int64_t rowid;
    std::uint16_t device;
    std::uint32_t plane;
    StrId name;
    TimeNs start;
    TimeNs duration;
};

// Read (and, for marks, write) access to the timeline parts of one session. Holds its own
// read-only connection; marks are written through a short-lived read-write connection so
// viewing a project never keeps it open for writing.
class TimelineStore {
public:
    ~TimelineStore();
    static std::unique_ptr<TimelineStore> open(const QString &path, std::int64_t sessionId, StoreError *err,
                                               QString *message);

    // False when the session has no stored summary (recorded by an older version, or the
    // recording died before it ended); *message is set only on a read error.
    bool readLod(TimelineLod *out, QString *message) const;

    // Every task of the session in storage order (not sorted), for building lanes.
    // fn returns false to stop. Returns false on a read error (errorString()).
    bool scanTasks(const std::function<bool(const TaskRow &)> &fn) const;

    // Every HCCL task of the session in storage order (4 per 10 tasks in a data-parallel
    // session: too many to keep whole records of). fn returns false to stop.
    bool scanHcclTasks(const std::function<bool(const HcclTaskRow &)> &fn) const;
    // The HCCL task with this rowid (from scanHcclTasks), every stored field.
    bool findHcclTask(std::int64_t rowid, HcclTaskRecord *out) const;

    // The task starting at `start` on (device, stream), with everything stored about it.
    // When several tasks start at the same instant the one named `name` wins. False +
    // errorString() when there is none or the read fails (a damaged page is not "none").
    bool findTask(std::uint16_t device, std::uint32_t stream, TimeNs start, StrId name, TaskRecord *out) const;

    // Whole-session reads of the smaller tables (all devices, models, iterations), in
    // start order. Each returns false + errorString() on a read error.
    bool readSessionHeader(QString *name, QByteArray *optionsJson) const;
    bool readPmuColumns(QStringList *out) const;                // empty: the aic_metrics group's
    bool readStrings(std::vector<std::string> *out) const;      // index = StrId
    bool readOps(std::vector<OpDesc> *out) const;               // index = op id
    bool readDevices(std::vector<DeviceInfo> *out) const;
    bool readStepTraces(std::vector<StepTraceRecord> *out) const;
    bool readCollectives(std::vector<CollectiveOpRecord> *out) const;
    bool readHostRanges(std::vector<HostRangeRecord> *out) const;
    bool readAiCpu(std::vector<AiCpuRecord> *out) const;

    // Earliest start and latest end over every record kind (index seeks on the task
    // table, so cheap even for millions of tasks); 0 and 1 for an empty session.
    bool measureSession(TimeNs *origin, TimeNs *end) const;

    // The session's marks in start order. False + errorString() on a read error.
    bool marks(std::vector<TimelineMark> *out) const;
    // Inserts (id 0) or updates a mark; sets mark->id. False + translated message when the
    // project cannot be written (read-only file, disk full); nothing else is touched.
    bool saveMark(TimelineMark *mark, QString *message);
    bool removeMark(std::int64_t id, QString *message);

    // The lane layout the user left the session in (hidden, pinned, order, collapsed
    // devices), as the view wrote it; empty when none was saved. False + errorString() on a
    // read error.
    bool layout(QByteArray *out) const;
    // Saves it (an empty layout deletes the row: "Reset layout"). False + translated message
    // when the project cannot be written; the stored layout is then unchanged.
    bool saveLayout(const QByteArray &layout, QString *message);

    QString errorString() const;

    struct Impl;
private:
    explicit TimelineStore(std::unique_ptr<Impl> d);
    std::unique_ptr<Impl> d;
};

// Builds the summary while a recording runs, from each committed batch, so that ending it
// (Cancel included) stores the summary without reading the session back; ProjectWriter
// feeds it. All lanes share a grid of kLodBuckets fine buckets of a power-of-two width
// anchored at a multiple of that width; as records arrive the grid grows to the left or
// doubles its width (merging neighbours). A fine bucket keeps what an exact coarser bucket
// needs — tasks starting in it, tasks touching it, busy time, the longest task with ties to
// the first written — so every stored bucket (a whole number of fine buckets) equals what
// scanning the same tasks over the same grid gives. The grid's origin lies less than one
// bucket before the session's earliest record.
class LodAccumulator {
public:
    LodAccumulator();
    ~LodAccumulator();
    void add(const RecordBatch &batch);
    bool empty() const;          // nothing with a time was added
    TimelineLod result() const;  // buckets as stored (at most kLodBuckets per lane)

private:
    struct Impl;
    std::unique_ptr<Impl> d;
};

// Computes and stores the summary of one session (replacing an older one), in its own
// transaction on `db`, by scanning its records. Used by ProjectWriter::end() when records
// were aged out during the run; also adds a summary to a project recorded without one.
// Returns false + message on failure (nothing half-written).
bool writeTimelineLod(sqlite3 *db, std::int64_t sessionId, QString *message);
// Stores an already computed summary (LodAccumulator::result()) the same way.
bool writeTimelineLod(sqlite3 *db, std::int64_t sessionId, const TimelineLod &lod, QString *message);
// The summary a scan of the session's tasks gives on a given grid (origin, bucketNs,
// buckets), without storing it: what LodAccumulator must agree with (tests).
bool scanTimelineLod(const QString &path, std::int64_t sessionId, TimeNs origin, TimeNs bucketNs, int buckets,
                     TimelineLod *out, QString *message);
// The same on a project file (opened read-write for the duration of the call).
bool writeTimelineLod(const QString &path, std::int64_t sessionId, QString *message);

} // namespace npuscope::store
