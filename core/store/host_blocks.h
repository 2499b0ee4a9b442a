#pragma once

// Memory records (schema 8) and host ranges (schema 9) as column blocks. On an
// imported 910B session they were the largest row tables left after counters
// and framework ranges (≈ 130 and ≈ 92 bytes per device task with their indexes).
// memory_blocks holds one row per (session, device) and writer batch, host_range_blocks one
// per (session, device, model, iteration) and batch, each at most kSessionBlockMax records
// in recorded order (block id, then place in the block, is the rowid order of the old
// rows), CRC-checked like the other blocks (block_codec.h). The rows keep the block's
// first and last time, so the readers merge blocks in time order and the timeline bounds
// its extent without decoding.
//
// In SQL, `memory_records` and `host_ranges` stay as read-only eponymous virtual tables of
// plain rows on the SQL console's connection (registerRecordTables).

#include "core/model/records.h"
#include "core/model/trace_reader.h"
#include "core/store/block_tables.h"
#include "core/store/session_blocks.h" // kSessionBlockMax
#include "core/store/sqlite_db.h"

#include <cstdint>
#include <vector>

namespace npuscope::store::detail {

constexpr const char *kInsertMemoryBlock =
    "INSERT INTO memory_blocks(session, device, first_ts, last_ts, n, data) VALUES(?1,?2,?3,?4,?5,?6)";
constexpr const char *kInsertHostRangeBlock =
    "INSERT INTO host_range_blocks(session, device, model, iteration, first_start, last_start, last_end, n, data) "
    "VALUES(?1,?2,?3,?4,?5,?6,?7,?8,?9)";

// The encodings (version byte, count, columns as LEB128 varints, CRC-32; block_codec.h).
// Memory: module flag, component as a delta, ts as a zigzag delta, a tag byte per record
// (two bits per value), the three MB values each coded against the previous record of the
// same component — as a delta of whole bytes (MB × 2^20, exact for allocator figures), a
// three-decimal k, or its bits XOR — and the stream pointer XOR that record's. Host
// ranges: kind with a flag for msproftx columns, pid XOR the previous, tid − pid, name as
// a delta, start as a delta, duration, the five msproftx columns only where flagged, the
// level as a delta. The key's fields are not in the bytes. Decoders append to `out` and
// return false (leaving `out` as it was) when the bytes are not a well-formed block.
void encodeMemoryBlock(const MemoryRecord *const *records, std::size_t n, std::vector<unsigned char> *out);
bool decodeMemoryBlock(const unsigned char *data, std::size_t size, std::uint16_t device,
                       std::vector<MemoryRecord> *out);
void encodeHostRangeBlock(const HostRangeRecord *const *records, std::size_t n, std::vector<unsigned char> *out);
bool decodeHostRangeBlock(const unsigned char *data, std::size_t size, const IterationKey &key,
                          std::vector<HostRangeRecord> *out);

// Group a batch's records by block key, keeping their order, and insert one block per
// group of at most kSessionBlockMax through `insert` (kInsertMemoryBlock /
// kInsertHostRangeBlock).
int writeMemoryBlocks(sqlite3_stmt *insert, std::int64_t session, const std::vector<MemoryRecord> &records);
int writeHostRangeBlocks(sqlite3_stmt *insert, std::int64_t session, const std::vector<HostRangeRecord> &records);

// A device's memory records as the row table gave them: by time, then recorded order.
// SQLITE_OK, SQLITE_CORRUPT for a damaged block, or the failing step's code; stops early
// (SQLITE_OK) when fn returns false.
int readMemoryBlocks(const Db &db, std::int64_t session, std::uint16_t device, const TraceReader::MemoryFn &fn);
// One iteration's host ranges (key) or the whole session's (key null), by start, then
// recorded order (the whole session: block id and place across keys).
int readHostRangeBlocks(const Db &db, std::int64_t session, const IterationKey *key,
                        const TraceReader::HostRangeFn &fn);

// Schema step 7 → 8: memory_records into blocks; 8 → 9: host_ranges into blocks (recorded
// order kept), each dropping the row table with its index. Inside migrate()'s transaction.
int migrateMemoryRecordsToBlocks(const Db &db);
int migrateHostRangesToBlocks(const Db &db);

// The plain-row virtual tables `memory_records` and `host_ranges` (block_tables.h).
const BlockTable &memoryRecordsTable();
const BlockTable &hostRangesTable();

} // namespace npuscope::store::detail
