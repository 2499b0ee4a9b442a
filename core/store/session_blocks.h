#pragma once

// Counter samples and framework (Python) ranges as column blocks (schema 7).
// A torch_npu trace holds millions of counter samples and hundreds of thousands of
// framework ranges; as rows with an index entry each they cost most of an import's writing
// time. Now the table counter_blocks holds one row per (session, device, series name) and
// writer batch, python_range_blocks one per (session, device) and batch, each at most
// kSessionBlockMax records in the order they were recorded (block id then place in the
// block is the recorded order, the rowid order of the old rows), CRC-checked like task
// blocks. The rows keep the block's first and last time, so the readers merge blocks in
// time order and the timeline bounds its extent without decoding.
//
// In SQL, `counters` and `python_ranges` stay as read-only eponymous virtual tables of
// plain rows on the SQL console's connection (registerRecordTables).

#include "core/model/records.h"
#include "core/model/trace_reader.h"
#include "core/store/block_tables.h"
#include "core/store/sqlite_db.h"

#include <cstdint>
#include <vector>

namespace npuscope::store::detail {

constexpr std::size_t kSessionBlockMax = 8192; // records per block (must stay < 65536)

constexpr const char *kInsertCounterBlock =
    "INSERT INTO counter_blocks(session, device, name, first_ts, last_ts, n, data) VALUES(?1,?2,?3,?4,?5,?6,?7)";
constexpr const char *kInsertPythonRangeBlock =
    "INSERT INTO python_range_blocks(session, device, first_start, last_start, last_end, n, data) "
    "VALUES(?1,?2,?3,?4,?5,?6,?7)";

// The encodings (version byte, count, one column after the other as LEB128 varints, signed
// ones zigzag-coded, times as deltas, doubles as their bits XOR the previous value, then a
// CRC-32 of everything before). The key's fields (device, and a counter's series name) are
// not in the bytes. Decoders append to `out` and return false (leaving `out` as it was)
// when the bytes are not a well-formed block.
void encodeCounterBlock(const CounterRecord *const *records, std::size_t n, std::vector<unsigned char> *out);
bool decodeCounterBlock(const unsigned char *data, std::size_t size, std::uint16_t device, StrId name,
                        std::vector<CounterRecord> *out);
void encodePythonRangeBlock(const PythonRangeRecord *const *records, std::size_t n, std::vector<unsigned char> *out);
bool decodePythonRangeBlock(const unsigned char *data, std::size_t size, std::uint16_t device,
                            std::vector<PythonRangeRecord> *out);

// Group a batch's records by block key, keeping their order, and insert one block per
// group of at most kSessionBlockMax through `insert` (kInsertCounterBlock /
// kInsertPythonRangeBlock).
int writeCounterBlocks(sqlite3_stmt *insert, std::int64_t session, const std::vector<CounterRecord> &records);
int writePythonRangeBlocks(sqlite3_stmt *insert, std::int64_t session, const std::vector<PythonRangeRecord> &records);

// A device's records as the row tables gave them: counters by series name, time, then
// recorded order; Python ranges by start, then recorded order. Blocks are merged by time
// (memory: the blocks whose times overlap). SQLITE_OK, SQLITE_CORRUPT for a damaged block,
// or the failing step's code; stops early (SQLITE_OK) when fn returns false.
int readCounterBlocks(const Db &db, std::int64_t session, std::uint16_t device, const TraceReader::CounterFn &fn);
int readPythonRangeBlocks(const Db &db, std::int64_t session, std::uint16_t device,
                          const TraceReader::PythonRangeFn &fn);

// Schema step 6 → 7: the rows of counters and python_ranges into blocks (recorded order
// kept), then drops both tables with their indexes. Inside migrate()'s transaction.
int migrateSessionRecordsToBlocks(const Db &db);

// The plain-row virtual tables `counters` and `python_ranges` (block_tables.h).
const BlockTable &countersTable();
const BlockTable &pythonRangesTable();

} // namespace npuscope::store::detail
