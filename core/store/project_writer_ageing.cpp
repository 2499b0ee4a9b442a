// ProjectWriter: the estimated size of what a session stored, and storage_limit ageing
// (the oldest iterations' records go first).
#include "core/store/project_writer_impl.h"

#include <cstring>
#include <QFileInfo>
#include <QFile>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <limits>

namespace npuscope::store {

namespace {

// Bytes SQLite stores for an integer value in a record (serial types 8/9 for 0 and 1).
inline std::uint64_t intBytes(std::int64_t v)
{
    if (v == 0 || v == 1)
        return 0;
    const std::uint64_t m = v < 0 ? ~std::uint64_t(v) : std::uint64_t(v);
    return m < 0x80 ? 1 : m < 0x8000 ? 2 : m < 0x800000 ? 3 : m < 0x80000000ull ? 4 : m < 0x800000000000ull ? 6 : 8;
}

// One row (or index entry) in SQLite's record format: a header byte per column plus its
// size, the values, and ~4 bytes of cell overhead (payload length, rowid/child pointer).
struct RowSize {
    std::uint64_t bytes = 5;
    RowSize &i(std::int64_t v) { bytes += 1 + intBytes(v); return *this; }
    RowSize &real() { bytes += 9; return *this; }
    RowSize &blob(std::uint64_t n) { bytes += 2 + n; return *this; }
};

} // namespace

void ProjectWriter::Impl::account(const RecordBatch &b)
{
    const std::int64_t sid = session;
    std::uint32_t batchIteration = 0;
    // The slice and key of the previous record (within this call the map only grows, so the
    // pointer stays valid): a batch's records mostly share one iteration.
    Slice *lastSlice = nullptr;
    std::uint32_t lastIt = 0;
    std::pair<std::uint16_t, std::uint32_t> lastKey{};
    bool keyNoted = false;
    auto add = [&](Kind k, std::uint32_t it, std::uint16_t dev, std::uint32_t model, std::uint64_t bytes) {
        if (!lastSlice || it != lastIt) {
            lastSlice = &slices[it];
            lastIt = it;
            keyNoted = false;
        }
        Slice &sl = *lastSlice;
        sl.bytes[k] += bytes;
        sl.rows[k] += 1;
        if (!keyNoted || lastKey != std::pair<std::uint16_t, std::uint32_t>(dev, model)) {
            sl.keys.insert({dev, model});
            lastKey = {dev, model};
            keyNoted = true;
        }
        newest[k] = std::max(newest[k], it);
        batchIteration = std::max(batchIteration, it);
        stored += bytes;
    };
    // Block-stored kinds: spread(k, records, rawOf) takes each record's raw estimate, then
    // adds the record's share of what the batch's blocks of kind k take in the file — their
    // stored (compressed) bytes, ~160 B per block for its row, two index entries and
    // interior pages, and a fifth more for the pages' free space — in proportion to the raw
    // estimates. Without a tally (no block written) the raw estimates stand. Rounded up:
    // the estimate must not undercount.
    std::vector<std::uint64_t> raws;
    auto spread = [&](Kind k, const auto &records, auto &&rawOf) {
        raws.clear();
        std::uint64_t sum = 0;
        for (const auto &r : records)
            sum += raws.emplace_back(rawOf(r));
        const BlockWrite &w = blockWrite[k];
        const double scale = sum > 0 && w.blocks > 0 ? (double(w.stored) + 160.0 * double(w.blocks)) * 1.2 / double(sum) : 1.0;
        std::size_t i = 0;
        for (const auto &r : records)
            add(k, r.iteration, r.device, r.modelId, std::uint64_t(std::ceil(double(raws[i++]) * scale)));
    };
    // In a column block (task_blocks.h): the deltas, ids and kind a byte or two each, the
    // times and cycles their own width, a PMU value 1 byte when it repeats the previous
    // task's (XOR coded) and up to 3 otherwise.
    const TaskRecord *previous = nullptr;
    spread(KTasks, b.tasks, [&previous](const TaskRecord &t) {
        std::uint64_t pmu = t.pmu.empty() ? 0 : (t.pmu.size() + 7) / 8;
        for (std::size_t i = 0; i < t.pmu.size(); ++i)
            pmu += previous && i < previous->pmu.size() && std::memcmp(&previous->pmu[i], &t.pmu[i], 4) == 0 ? 1 : 3;
        previous = &t;
        return 20 + intBytes(t.duration) + intBytes(t.pending) + intBytes(s64(t.totalCycles))
               + (t.l2HitRate == -1.f && t.l2VictimRate == -1.f ? 0 : 8) + pmu;
    });
    for (const CollectiveOpRecord &c : b.collectives)
        add(KCollectives, c.iteration, c.device, c.modelId,
            RowSize().i(sid).i(c.device).i(c.modelId).i(c.iteration).i(c.name).i(c.opType).i(c.start).i(c.duration)
                    .i(s64(c.bytes)).i(c.segment).bytes
                + RowSize().i(sid).i(c.device).i(c.modelId).i(c.iteration).i(c.start).i(1 << 20).bytes);
    // In a column block (hccl_blocks.h): deltas and small ids take a byte or two each, the
    // duration and size their own width.
    spread(KHccl, b.hcclTasks,
           [](const HcclTaskRecord &h) { return 16 + intBytes(h.duration) + intBytes(s64(h.sizeBytes)); });
    for (const AiCpuRecord &a : b.aiCpu)
        add(KAiCpu, a.iteration, a.device, a.modelId,
            RowSize().i(sid).i(a.device).i(a.modelId).i(a.iteration).i(a.streamId).i(a.taskId).i(a.node).i(a.timestamp)
                    .i(a.computeTime).i(a.memcpyTime).i(a.taskTime).i(a.dispatchTime).i(a.totalTime).bytes
                + RowSize().i(sid).i(a.device).i(a.modelId).i(a.iteration).i(a.timestamp).i(a.streamId).i(a.taskId).i(1 << 20).bytes);
    // In a column block (host_blocks.h): ids, the start's delta and the msproftx columns a
    // byte or a few each, the duration and payload their own width.
    spread(KHostRanges, b.hostRanges,
           [](const HostRangeRecord &h) { return 20 + intBytes(h.duration) + intBytes(s64(h.payloadValue)); });
    // Step traces and the per-session tables count towards the session's size but never age.
    for (const StepTraceRecord &st : b.stepTraces)
        stored += RowSize().i(sid).i(st.device).i(st.modelId).i(st.iteration).i(st.fpStart).i(st.bpEnd).i(st.iterationEnd)
                      .i(st.previousIterationEnd).bytes * 2
                  + st.reduces.size() * RowSize().i(1 << 20).i(0).i(st.fpStart).i(st.bpEnd).bytes;
    for (const auto &[id, text] : b.strings)
        stored += RowSize().i(sid).i(id).blob(text.size()).bytes;
    stored += b.ops.size() * RowSize().i(sid).i(1000).i(1).i(1000).i(1000).i(1000).i(1000).i(1000).i(1000).i(1000).i(1000).i(32).i(0).bytes;
    stored += b.fusionOps.size() * RowSize().i(sid).i(1).i(1000).i(1000).i(1000).i(1 << 20).i(1 << 20).i(1 << 20).i(1 << 20).bytes * 2;
    stored += detail::SessionRecordWriter::estimateBytes(b);
    // dp events carry no iteration: they belong to the newest iteration of their batch.
    if (batchIteration == 0)
        batchIteration = lastIteration;
    for (const QueueEventRecord &q : b.queueEvents) {
        const std::uint64_t bytes = RowSize().i(sid).i(q.device).i(q.timestamp).i(q.action).i(q.source).i(q.cachedBufferSize).i(1 << 20).bytes
                                    + RowSize().i(sid).i(q.device).i(q.timestamp).i(1 << 20).bytes;
        Slice &sl = slices[batchIteration];
        sl.bytes[KQueue] += bytes;
        sl.rows[KQueue] += 1;
        TimeNs &until = sl.queueUntil[q.device];
        until = std::max(until, q.timestamp);
        newest[KQueue] = std::max(newest[KQueue], batchIteration);
        stored += bytes;
    }
    lastIteration = std::max(lastIteration, batchIteration);
}

int ProjectWriter::Impl::ageIfNeeded(std::uint64_t batchBytes)
{
    const std::uint64_t budget = limitBytes > marginBytes ? limitBytes - marginBytes : 0;
    const bool overLimit = limitBytes > 0 && stored > budget;
    // Deleted rows free pages inside the file, not on the volume: with the volume nearly
    // full, age about what this batch added so the file stops growing.
    // (statvfs through std::filesystem: QStorageInfo also parses the mount table, which cost
    // ~4 % of recording when asked every batch.)
    const bool volumeLow = !overLimit && volumeAvailable() < marginBytes;
    if (!overLimit && !volumeLow)
        return SQLITE_OK;
    std::uint64_t freed = 0;
    for (auto it = slices.begin(); it != slices.end();) {
        if (overLimit ? stored <= budget : freed >= batchBytes)
            break;
        std::uint64_t f = 0;
        if (const int rc = ageSlice(it->first, it->second, &f); rc != SQLITE_OK)
            return rc;
        freed += f;
        bool empty = true;
        for (int k = 0; k < KCount; ++k)
            empty = empty && it->second.rows[k] == 0;
        it = empty ? slices.erase(it) : std::next(it);
    }
    return SQLITE_OK;
}

std::uint64_t ProjectWriter::Impl::volumeAvailable() const
{
    std::error_code ec;
    const auto space = std::filesystem::space(std::filesystem::path(QFile::encodeName(QFileInfo(path).absolutePath()).toStdString()), ec);
    return ec ? std::numeric_limits<std::uint64_t>::max() : std::uint64_t(space.available);
}

int ProjectWriter::Impl::ageSlice(std::uint32_t iteration, Slice &slice, std::uint64_t *freed)
{
    static const char *const kDelete[KCount] = {
        nullptr,
        "DELETE FROM task_blocks WHERE session = ?1 AND device = ?2 AND model = ?3 AND iteration = ?4",
        "DELETE FROM collectives WHERE session = ?1 AND device = ?2 AND model = ?3 AND iteration = ?4",
        "DELETE FROM hccl_blocks WHERE session = ?1 AND device = ?2 AND model = ?3 AND iteration = ?4",
        nullptr,
        "DELETE FROM aicpu WHERE session = ?1 AND device = ?2 AND model = ?3 AND iteration = ?4",
        nullptr, // dp events: by device and time below
        nullptr,
        "DELETE FROM host_range_blocks WHERE session = ?1 AND device = ?2 AND model = ?3 AND iteration = ?4",
    };
    std::uint64_t bytes = 0;
    int rc = SQLITE_OK;
    for (int k = 0; k < KCount; ++k) {
        if (slice.rows[k] == 0 || iteration >= newest[k])
            continue; // nothing there, or the newest slice of this kind: kept
        if (k == KQueue) {
            Stmt q;
            if ((rc = db.prepare("DELETE FROM queue_events WHERE session = ?1 AND device = ?2 AND timestamp <= ?3", &q)) != SQLITE_OK)
                return rc;
            for (const auto &[dev, until] : slice.queueUntil) {
                sqlite3_bind_int64(q.get(), 1, session);
                sqlite3_bind_int64(q.get(), 2, dev);
                sqlite3_bind_int64(q.get(), 3, until);
                if ((rc = stepReset(q.get())) != SQLITE_OK)
                    return rc;
            }
        } else if (kDelete[k]) {
            Stmt del;
            if ((rc = db.prepare(kDelete[k], &del)) != SQLITE_OK)
                return rc;
            for (const auto &[dev, model] : slice.keys) {
                sqlite3_bind_int64(del.get(), 1, session);
                sqlite3_bind_int64(del.get(), 2, dev);
                sqlite3_bind_int64(del.get(), 3, model);
                sqlite3_bind_int64(del.get(), 4, iteration);
                if ((rc = stepReset(del.get())) != SQLITE_OK)
                    return rc;
            }
        }
        Stmt count;
        if ((rc = db.prepare("UPDATE record_counts SET n = n - ?3 WHERE session = ?1 AND kind = ?2", &count)) != SQLITE_OK)
            return rc;
        sqlite3_bind_int64(count.get(), 1, session);
        sqlite3_bind_text(count.get(), 2, kKinds[k], -1, SQLITE_STATIC);
        sqlite3_bind_int64(count.get(), 3, s64(slice.rows[k]));
        if ((rc = stepReset(count.get())) != SQLITE_OK)
            return rc;
        bytes += slice.bytes[k];
        slice.bytes[k] = 0;
        slice.rows[k] = 0;
    }
    if (bytes == 0)
        return SQLITE_OK;
    Stmt up;
    if ((rc = db.prepare("UPDATE sessions SET aged_bytes = aged_bytes + ?2 WHERE id = ?1", &up)) != SQLITE_OK)
        return rc;
    sqlite3_bind_int64(up.get(), 1, session);
    sqlite3_bind_int64(up.get(), 2, s64(bytes));
    if ((rc = stepReset(up.get())) != SQLITE_OK)
        return rc;
    stored -= bytes;
    aged += bytes;
    *freed = bytes;
    return SQLITE_OK;
}

} // namespace npuscope::store
