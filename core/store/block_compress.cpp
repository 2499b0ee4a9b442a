// Block compression (schema 10): a block as stored is either its raw bytes (version byte,
// count, columns, CRC-32) or kCompressedBlock, the raw size as a varint and one zstd frame
// of the raw bytes. The CRC stays inside the raw block, so a damaged frame that still
// decompresses is refused by the block's own check, as an uncompressed block would be.
#include "core/store/block_codec.h"

#include <zstd.h>

namespace npuscope::store::detail {

namespace {

// Level 1: the writer's time matters (recording and import keep pace with the device); the
// higher levels gained a few per cent on the bench's blocks for two to three times the time.
constexpr int kLevel = 1;
// Larger than any block a writer makes (8 192 records of a few hundred bytes at most): a
// damaged or forged size cannot make a reader allocate more.
constexpr std::uint64_t kMaxRawBlock = 64u << 20;

struct DecompressContext {
    ZSTD_DCtx *c = ZSTD_createDCtx();
    ~DecompressContext() { ZSTD_freeDCtx(c); }
};

struct CompressContext {
    ZSTD_CCtx *c = ZSTD_createCCtx();
    ~CompressContext() { ZSTD_freeCCtx(c); }
};

thread_local BlockBytesTally tally;

} // namespace

const BlockBytesTally &blockBytesTally() { return tally; }

void noteBlockBytes(std::size_t raw, std::size_t stored)
{
    ++tally.blocks;
    tally.raw += raw;
    tally.stored += stored;
}

BlockBytes unwrapBlock(const unsigned char *data, std::size_t size)
{
    if (!data || size == 0 || data[0] != kCompressedBlock)
        return {data, size};
    codec::Reader r{data + 1, data + size};
    const std::uint64_t raw = r.varint();
    if (!r.ok || raw == 0 || raw > kMaxRawBlock || r.p >= r.end)
        return {};
    const std::size_t frame = std::size_t(r.end - r.p);
    if (ZSTD_getFrameContentSize(r.p, frame) != raw)
        return {};
    thread_local DecompressContext d;
    thread_local std::vector<unsigned char> buf;
    if (!d.c)
        return {};
    buf.resize(std::size_t(raw));
    const std::size_t got = ZSTD_decompressDCtx(d.c, buf.data(), buf.size(), r.p, frame);
    if (ZSTD_isError(got) || got != raw)
        return {};
    return {buf.data(), buf.size()};
}

void compressBlock(std::vector<unsigned char> *block)
{
    thread_local CompressContext c;
    thread_local std::vector<unsigned char> out;
    if (!c.c || block->size() < 64)
        return;
    const std::size_t bound = ZSTD_compressBound(block->size());
    out.resize(1 + 10 + bound);
    out[0] = kCompressedBlock;
    unsigned char *frame = codec::putVarint(out.data() + 1, block->size());
    const std::size_t z = ZSTD_compressCCtx(c.c, frame, bound, block->data(), block->size(), kLevel);
    if (ZSTD_isError(z))
        return; // stored raw: readers take both
    const std::size_t total = std::size_t(frame - out.data()) + z;
    if (total >= block->size())
        return;
    out.resize(total);
    block->swap(out);
}

} // namespace npuscope::store::detail
