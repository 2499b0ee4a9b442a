#pragma once

// The column-block encoding of tasks: the tasks of one (device, model,
// iteration, stream) key, in the order given, as one compact byte string. The key's four
// fields are not in the bytes (the block's row holds them); every other TaskRecord field
// is, exactly (floats bit for bit, NaN included). See docs/storage.md "Task blocks".
//
// Layout (version 1), every integer a LEB128 varint, signed ones zigzag-coded:
//   u8  version (1)
//   n   task count
//   then one column after the other, n values each:
//   start        zigzag delta from the previous task's start (the first from 0)
//   duration     zigzag
//   pending      zigzag
//   task_id      zigzag delta from the previous task's id (the first from 0)
//   batch_id     zigzag delta from the previous task's batch id
//   type, name   StrId
//   kind         TaskKind
//   op           OpDesc id
//   total_cycles unsigned
//   l2 flag      0: both rates are -1; 1: the two float32 bit patterns follow (8 bytes)
//   pmu count    values of the task
//   pmu values   per task, per value a tag bit (LSB first, ceil(count/8) bytes) then the
//                values: tag 1 = a "three-decimal" float (the float nearest k/1000 for an
//                integer k, how profilers print ratios) stored as zigzag k; tag 0 = the
//                float's bits XOR the previous task's value in the same column, unsigned
//                (equal or close values cost 1–3 bytes instead of 4)
//   u32 CRC-32 of everything before it (little-endian), so a damaged block fails to
//   decode instead of yielding a silently wrong task.

#include "core/model/records.h"
#include "core/store/block_codec.h" // crc32

#include <cstddef>
#include <cstdint>
#include <vector>

namespace npuscope::store::detail {

constexpr unsigned char kTaskBlockVersion = 1;

// Appends the block of `n` tasks to `out` (cleared first).
void encodeTaskBlock(const TaskRecord *const *tasks, std::size_t n, std::vector<unsigned char> *out);
void encodeTaskBlock(const std::vector<TaskRecord> &tasks, std::vector<unsigned char> *out);

// Whether a decode fills TaskRecord::pmu. Skip leaves every pmu empty (no allocation per
// task: readers that never look at PMU values) and accepts or refuses exactly the blocks
// Keep does, the values being read and checked all the same.
enum class PmuValues : std::uint8_t { Keep, Skip };

// The tasks of a block, key fields filled from the arguments; appends to `out`. False when
// the bytes are not a well-formed block of this version (damaged, truncated, foreign):
// then `out` is left as it was.
bool decodeTaskBlock(const unsigned char *data, std::size_t size, std::uint16_t device, std::uint32_t model,
                     std::uint32_t iteration, std::uint32_t stream, std::vector<TaskRecord> *out,
                     PmuValues pmu = PmuValues::Keep);

// HCCL tasks the same way, keyed by (device, model, iteration): start as a delta, duration,
// notify id / stream / task id as deltas, ranks (dst + 1, so "none" is 0), the name and
// three type StrIds, size, plane, and the two doubles (estimated µs, bandwidth) as
// "three-decimal" k or bits XOR the previous value (one tag byte per task: bit 0, bit 1).
// The plane is a column, not part of the key, so one block keeps a batch's tasks of an
// iteration in recorded order across planes. Same framing: version byte, count, columns,
// CRC-32.
void encodeHcclBlock(const HcclTaskRecord *const *tasks, std::size_t n, std::vector<unsigned char> *out);
bool decodeHcclBlock(const unsigned char *data, std::size_t size, std::uint16_t device, std::uint32_t model,
                     std::uint32_t iteration, std::vector<HcclTaskRecord> *out);

// The task count of a well-formed block without decoding it (0 when malformed).
std::size_t taskBlockCount(const unsigned char *data, std::size_t size);

} // namespace npuscope::store::detail
