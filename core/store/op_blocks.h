#pragma once

// Task attributes and operator memory as column blocks (schema 11), for the file's
// size and the import's writing time. After schema 9 they were the largest row tables left
// on an imported torch_npu session (task_attrs with its index ≈ 35 bytes per device task,
// op_memory ≈ 28), each record one row and one index entry.
// task_attr_blocks holds one row per (session, device, stream) and writer batch,
// op_memory_blocks one per (session, device) and batch, each at most kSessionBlockMax
// records in recorded order (block id, then place in the block, is the rowid order of the
// old rows), CRC-checked like the other blocks (block_codec.h). The rows keep the block's
// first and last task start / allocation time, so the readers merge blocks in that order
// without decoding the others.
//
// In SQL, `task_attrs` and `op_memory` stay as read-only eponymous virtual tables of plain
// rows on the SQL console's connection (registerRecordTables).

#include "core/model/records.h"
#include "core/model/trace_reader.h"
#include "core/store/block_tables.h"
#include "core/store/session_blocks.h" // kSessionBlockMax
#include "core/store/sqlite_db.h"

#include <cstdint>
#include <vector>

namespace npuscope::store::detail {

constexpr const char *kInsertTaskAttrBlock =
    "INSERT INTO task_attr_blocks(session, device, stream, first_start, last_start, n, data) "
    "VALUES(?1,?2,?3,?4,?5,?6,?7)";
constexpr const char *kInsertOpMemoryBlock =
    "INSERT INTO op_memory_blocks(session, device, first_allocated, last_allocated, n, data) VALUES(?1,?2,?3,?4,?5,?6)";

// The encodings (version byte, count, columns as LEB128 varints, CRC-32; block_codec.h).
// Task attributes: task id and start as zigzag deltas (a task's attributes share both: 0),
// the block's distinct keys once and each record's key as an index into them, the value as
// a delta from the previous value of the same key. Operator memory: name as a delta, a
// tag per record XOR the previous record's (two bits per double: its MbSeries coding, and
// whether the release times are -1), the allocation time as a delta, the release times as
// differences to the allocation (and to the release) when given, size and the six MB
// totals each in its column's MbSeries (the active totals against the same record's
// allocated total), the stream pointer XOR the previous. The key's
// fields are not in the bytes. Decoders append to `out` and return false (leaving `out`
// as it was) when the bytes are not a well-formed block.
void encodeTaskAttrBlock(const TaskAttrRecord *const *records, std::size_t n, std::vector<unsigned char> *out);
bool decodeTaskAttrBlock(const unsigned char *data, std::size_t size, std::uint16_t device, std::uint32_t stream,
                         std::vector<TaskAttrRecord> *out);
void encodeOpMemoryBlock(const OpMemoryRecord *const *records, std::size_t n, std::vector<unsigned char> *out);
bool decodeOpMemoryBlock(const unsigned char *data, std::size_t size, std::uint16_t device,
                         std::vector<OpMemoryRecord> *out);

// Group a batch's records by block key, keeping their order, and insert one block per
// group of at most kSessionBlockMax through `insert` (kInsertTaskAttrBlock /
// kInsertOpMemoryBlock).
int writeTaskAttrBlocks(sqlite3_stmt *insert, std::int64_t session, const std::vector<TaskAttrRecord> &records);
int writeOpMemoryBlocks(sqlite3_stmt *insert, std::int64_t session, const std::vector<OpMemoryRecord> &records);

// A device's task attributes as the row table gave them (ORDER BY stream, start, rowid):
// by stream, then start, then recorded order. A device's operator allocations likewise
// (ORDER BY allocated, rowid). SQLITE_OK, SQLITE_CORRUPT for a damaged block, or the
// failing step's code; stops early (SQLITE_OK) when fn returns false.
int readTaskAttrBlocks(const Db &db, std::int64_t session, std::uint16_t device, const TraceReader::TaskAttrFn &fn);
int readOpMemoryBlocks(const Db &db, std::int64_t session, std::uint16_t device, const TraceReader::OpMemoryFn &fn);

// Schema step 10 → 11: task_attrs and op_memory into blocks (recorded order kept), dropping
// the row tables with their indexes. Inside migrate()'s transaction.
int migrateTaskAttrsAndOpMemoryToBlocks(const Db &db);

// The plain-row virtual tables `task_attrs` and `op_memory` (block_tables.h).
const BlockTable &taskAttrsTable();
const BlockTable &opMemoryTable();

} // namespace npuscope::store::detail
