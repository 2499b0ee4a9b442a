#pragma once

// ProjectWriter's state, shared by project_writer.cpp (recording) and
// project_writer_ageing.cpp (size accounting and storage_limit ageing).

#include "core/store/hccl_blocks.h"
#include "core/store/host_blocks.h"
#include "core/store/task_blocks.h"
#include "core/store/lod.h"
#include "core/store/project_internal.h"
#include "core/store/session_records.h"
#include "core/store/wal_checkpointer.h"
#include "core/store/writer_lock.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>
#include <vector>

namespace npuscope::store {

using namespace internal;

struct ProjectWriter::Impl {
    QString path;
    detail::WriterLock lock; // declared first: released only after the connection is closed
    Db db;
    // Declared after the connection: stopped before it closes (see wal_checkpointer.h).
    detail::WalCheckpointer checkpointer;
    std::int64_t session = 0;
    bool begun = false;
    bool ended = false;
    bool failed = false;
    StoreError error = StoreError::None;
    QString message;

    // Prepared once, reused by every batch (the hot path never re-parses SQL).
    Stmt insString, insOp, insTask, insCollective, insHccl, insStep, insReduce, insAiCpu,
        insQueue, insFusion, insHost, insIteration, addCount;
    detail::SessionRecordWriter sessionRecords;

    using Key = std::tuple<std::uint16_t, std::uint32_t, std::uint32_t>;
    std::set<Key> knownIterations; // already in the iterations table (committed)

    // storage_limit ageing: what each iteration ("slice") holds, per record kind.
    struct Slice {
        std::uint64_t bytes[KCount] = {};
        std::uint64_t rows[KCount] = {};
        std::set<std::pair<std::uint16_t, std::uint32_t>> keys; // (device, model) with records
        std::map<std::uint16_t, TimeNs> queueUntil;             // newest dp event per device
    };
    std::map<std::uint32_t, Slice> slices;
    std::uint32_t newest[KCount] = {};   // newest iteration holding each kind
    std::uint64_t stored = 0;            // estimated bytes of all of the session's rows
    std::uint64_t aged = 0;
    // The timeline summary, built from every batch as it is written: end() then stores it
    // instead of reading the session back (which took ~0.4 s per million tasks, after
    // Cancel too). A batch is summarised beside its inserts, before its commit, so once a
    // write failed the summary may hold records the file does not (lodStale): end() then
    // reads the session back, as it does once records were aged out.
    LodAccumulator lod;
    bool lodStale = false;
    std::uint64_t limitBytes = 0, marginBytes = 20ull * 1024 * 1024;
    bool limitSet = false;
    std::uint32_t lastIteration = 0;

    // The last batch's blocks of each block-stored kind: how many, and their bytes as stored
    // (compressed where that was smaller), for account()'s estimate.
    struct BlockWrite {
        std::uint64_t blocks = 0, stored = 0;
    };
    BlockWrite blockWrite[KCount] = {};
    void noteBlocks(Kind k, const detail::BlockBytesTally &before)
    {
        const detail::BlockBytesTally &now = detail::blockBytesTally();
        blockWrite[k] = {now.blocks - before.blocks, now.stored - before.stored};
    }
    void account(const RecordBatch &b);
    int ageIfNeeded(std::uint64_t batchBytes);
    // Bytes free for this user on the project's volume (statvfs; max when unknown).
    std::uint64_t volumeAvailable() const;
    int ageSlice(std::uint32_t iteration, Slice &slice, std::uint64_t *freed);

    ~Impl()
    {
        // Statements must be finalized before the connection closes.
        for (Stmt *s : {&insString, &insOp, &insTask, &insCollective, &insHccl, &insStep, &insReduce,
                        &insAiCpu, &insQueue, &insFusion, &insHost, &insIteration, &addCount})
            *s = Stmt();
        sessionRecords.finalize();
    }

    bool setError(StoreError e, const QString &m)
    {
        error = e;
        message = m;
        return false;
    }

    // A failed statement inside a transaction: remember why, then undo the whole batch
    // (SQLite may already have rolled back on SQLITE_FULL / IOERR, hence the check).
    bool abort(int rc)
    {
        const QString sqliteMessage = db.lastMessage();
        if (!sqlite3_get_autocommit(db.get()))
            db.exec("ROLLBACK");
        return setError(detail::errorFromCode(rc), detail::messageFromCode(rc, path, sqliteMessage));
    }

    int prepareAll()
    {
        struct { Stmt *s; std::string sql; } all[] = {
            {&insString, "INSERT OR REPLACE INTO strings(session, id, text) VALUES(?1,?2,?3)"},
            {&insOp, "INSERT OR REPLACE INTO ops(session, id, model, name, op_type, input_shapes, input_data_types, "
                     "input_formats, output_shapes, output_data_types, output_formats, block_dim, ai_cpu, "
                     "mix_block_dim, core_type) VALUES(?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12,?13,?14,?15)"},
            {&insTask, detail::kInsertTaskBlock},
            {&insCollective, insertSql(detail::kCollectivesTable)},
            {&insHccl, detail::kInsertHcclBlock},
            {&insStep, "INSERT INTO step_traces(session, device, model, iteration, fp_start, bp_end, iteration_end, "
                       "previous_iteration_end) VALUES(?1,?2,?3,?4,?5,?6,?7,?8)"},
            {&insReduce, "INSERT INTO step_reduces(step, idx, start, end) VALUES(?1,?2,?3,?4)"},
            {&insAiCpu, insertSql(detail::kAiCpuTable)},
            {&insQueue, "INSERT INTO queue_events(session, device, timestamp, action, source, cached_buffer_size) "
                        "VALUES(?1,?2,?3,?4,?5,?6)"},
            {&insFusion, "INSERT INTO fusion_ops(session, model, model_name, fusion_op, original_ops, memory_input, "
                         "memory_output, memory_weight, memory_workspace) VALUES(?1,?2,?3,?4,?5,?6,?7,?8,?9)"},
            {&insHost, detail::kInsertHostRangeBlock},
            {&insIteration, "INSERT OR IGNORE INTO iterations(session, device, model, iteration) VALUES(?1,?2,?3,?4)"},
            {&addCount, "INSERT INTO record_counts(session, kind, n) VALUES(?1,?2,?3) "
                        "ON CONFLICT(session, kind) DO UPDATE SET n = n + excluded.n"},
        };
        for (auto &a : all) {
            const int rc = db.prepare(a.sql.c_str(), a.s, /*persistent=*/true);
            if (rc != SQLITE_OK)
                return rc;
        }
        return sessionRecords.prepare(db);
    }

    // Iteration keys seen in a batch and not yet in the iterations table; the last one is
    // cached because records of one iteration arrive together.
    struct KeyNoter {
        const std::set<Key> &known;
        std::vector<Key> *newKeys;
        Key last{0xffff, kInvalidId, kInvalidId};
        void operator()(std::uint16_t dev, std::uint32_t model, std::uint32_t it)
        {
            const Key k{dev, model, it};
            if (k == last)
                return;
            last = k;
            if (known.count(k) || std::find(newKeys->begin(), newKeys->end(), k) != newKeys->end())
                return;
            newKeys->push_back(k);
        }
        // The keys of every record of `records`, in order.
        template<class Rec>
        void all(const std::vector<Rec> &records)
        {
            for (const Rec &r : records)
                (*this)(r.device, r.modelId, r.iteration);
        }
    };

    int writeBatch(const RecordBatch &b, std::vector<Key> *newKeys);
    int writeBatchRest(const RecordBatch &b, std::vector<Key> *newKeys);
};

} // namespace npuscope::store
