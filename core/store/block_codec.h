#pragma once

// The byte-level pieces every column-block encoding shares (task_block, session_blocks,
// host_blocks): LEB128 varints, zigzag, wrapping deltas, float/double bits, "three-decimal"
// values, the bounds-checked reader and the block framing (version byte, count, columns,
// CRC-32 little-endian at the end). One copy, so a fix to the reader reaches every kind.

#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

namespace npuscope::store::detail {

// CRC-32 (IEEE), slicing by 8 (task_block.cpp).
std::uint32_t crc32(const unsigned char *data, std::size_t size);

// A stored block's first byte when it is compressed (block_compress.cpp); never a version.
constexpr unsigned char kCompressedBlock = 0xC5;
struct BlockBytes {
    const unsigned char *data = nullptr;
    std::size_t size = 0;
};
// The raw block a stored one stands for: itself, or its decompressed bytes in a buffer of
// this thread's, valid until its next call. {nullptr, 0} when a compressed block is damaged.
BlockBytes unwrapBlock(const unsigned char *data, std::size_t size);
// Replaces the raw block in *block by its compressed form where that is smaller.
void compressBlock(std::vector<unsigned char> *block);
// The blocks written on this thread so far (noteBlockBytes, from writeBlocks), their raw
// bytes and the bytes stored: the writer's size estimate follows the bytes stored.
struct BlockBytesTally {
    std::uint64_t blocks = 0, raw = 0, stored = 0;
};
const BlockBytesTally &blockBytesTally();
void noteBlockBytes(std::size_t raw, std::size_t stored);

namespace codec {

inline std::uint64_t zigzag(std::int64_t v) { return (std::uint64_t(v) << 1) ^ std::uint64_t(v >> 63); }
inline std::int64_t unzigzag(std::uint64_t v) { return std::int64_t(v >> 1) ^ -std::int64_t(v & 1); }
// a - b and a + b without signed overflow (times from a file may be anything).
inline std::int64_t wrapDelta(std::int64_t a, std::int64_t b) { return std::int64_t(std::uint64_t(a) - std::uint64_t(b)); }
inline std::int64_t wrapAdd(std::int64_t a, std::int64_t b) { return std::int64_t(std::uint64_t(a) + std::uint64_t(b)); }

inline void putVarint(std::vector<unsigned char> &o, std::uint64_t v)
{
    while (v >= 0x80) {
        o.push_back(static_cast<unsigned char>(v | 0x80));
        v >>= 7;
    }
    o.push_back(static_cast<unsigned char>(v));
}

// Writes v at p (room for 10 bytes), returns the byte after it.
inline unsigned char *putVarint(unsigned char *p, std::uint64_t v)
{
    while (v >= 0x80) {
        *p++ = static_cast<unsigned char>(v | 0x80);
        v >>= 7;
    }
    *p++ = static_cast<unsigned char>(v);
    return p;
}

inline int varintSize(std::uint64_t v)
{
    int n = 1;
    while (v >= 0x80) {
        v >>= 7;
        ++n;
    }
    return n;
}

inline void putU32(std::vector<unsigned char> &o, std::uint32_t v)
{
    for (int i = 0; i < 4; ++i)
        o.push_back(static_cast<unsigned char>(v >> (8 * i)));
}

inline std::uint32_t floatBits(float f) { return std::bit_cast<std::uint32_t>(f); }
inline float bitsFloat(std::uint32_t b) { return std::bit_cast<float>(b); }
inline std::uint64_t doubleBits(double d) { return std::bit_cast<std::uint64_t>(d); }
inline double bitsDouble(std::uint64_t b) { return std::bit_cast<double>(b); }

// The k of a "three-decimal" float: the float nearest k/1000 (bit for bit), |k| < 2^40.
inline bool decimal3(float f, std::int64_t *k)
{
    if (!std::isfinite(f) || std::fabs(f) > 1e9f)
        return false;
    const double scaled = std::round(double(f) * 1000.0);
    const std::int64_t kk = std::int64_t(scaled);
    if (floatBits(float(double(kk) / 1000.0)) != floatBits(f))
        return false;
    *k = kk;
    return true;
}

// The same for a double: the double nearest k/1000.
inline bool decimal3(double v, std::int64_t *k)
{
    if (!std::isfinite(v) || std::fabs(v) > 1e12)
        return false;
    const std::int64_t kk = std::int64_t(std::round(v * 1000.0));
    if (doubleBits(double(kk) / 1000.0) != doubleBits(v))
        return false;
    *k = kk;
    return true;
}

// Appends the double as zigzag k (returns true: the caller sets its tag bit) or as its
// bits XOR *last, whichever is shorter; *last becomes v's bits.
inline bool putDouble(std::vector<unsigned char> &o, double v, std::uint64_t *last)
{
    const std::uint64_t bits = doubleBits(v);
    std::int64_t k;
    const bool asK = decimal3(v, &k) && varintSize(zigzag(k)) < varintSize(bits ^ *last);
    putVarint(o, asK ? zigzag(k) : bits ^ *last);
    *last = bits;
    return asK;
}

// Bounds-checked reading: every read past the end turns `ok` false and yields 0.
struct Reader {
    const unsigned char *p, *end;
    bool ok = true;
    std::uint64_t varint()
    {
        std::uint64_t v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (p >= end) {
                ok = false;
                return 0;
            }
            const unsigned char b = *p++;
            v |= std::uint64_t(b & 0x7f) << shift;
            if (!(b & 0x80))
                return v;
        }
        ok = false; // more than 10 bytes
        return 0;
    }
    std::int64_t svarint() { return unzigzag(varint()); }
    std::uint8_t byte()
    {
        if (p >= end) {
            ok = false;
            return 0;
        }
        return *p++;
    }
    std::uint32_t u32()
    {
        if (end - p < 4) {
            ok = false;
            p = end;
            return 0;
        }
        const std::uint32_t v = std::uint32_t(p[0]) | std::uint32_t(p[1]) << 8 | std::uint32_t(p[2]) << 16
                                | std::uint32_t(p[3]) << 24;
        p += 4;
        return v;
    }
    // The double putDouble wrote (asK: its tag bit).
    double getDouble(bool asK, std::uint64_t *last)
    {
        const std::uint64_t v = varint();
        const std::uint64_t bits = asK ? doubleBits(double(unzigzag(v)) / 1000.0) : v ^ *last;
        *last = bits;
        return bitsDouble(bits);
    }
};

// A series of MB figures (allocator totals: memory records, operator memory), each value
// coded against the series' previous one in the shortest of three codings, which two tag
// bits name: its bits XOR the previous value's; its size in bytes (MB × 2^20, how
// allocators count, when that is exact) as a delta from the previous size; or a
// three-decimal k (how the CSV prints MB). Doubles round-trip bit for bit.
enum MbCoding : unsigned { ByXor = 0, ByBytes = 1, ByDecimal = 2 };

// v MB as a whole number of bytes, when exact (|bytes| < 2^53, so the double holds it).
inline bool mbBytes(double v, std::int64_t *bytes)
{
    if (!std::isfinite(v) || std::fabs(v) >= 8589934592.0 || (v == 0 && std::signbit(v)))
        return false;
    const double scaled = v * 1048576.0;
    if (scaled != std::trunc(scaled))
        return false;
    *bytes = std::int64_t(scaled);
    return true;
}

struct MbSeries {
    std::uint64_t bits = 0;
    std::int64_t bytes = 0;
    void note(double v)
    {
        bits = doubleBits(v);
        std::int64_t b;
        if (mbBytes(v, &b))
            bytes = b;
    }
    // Appends v; returns its coding (the caller keeps the tag).
    unsigned put(std::vector<unsigned char> &o, double v)
    {
        std::uint64_t best = doubleBits(v) ^ bits;
        unsigned coding = ByXor;
        std::int64_t x;
        if (mbBytes(v, &x) && varintSize(zigzag(x - bytes)) < varintSize(best)) {
            best = zigzag(x - bytes);
            coding = ByBytes;
        }
        if (decimal3(v, &x) && varintSize(zigzag(x)) < varintSize(best)) {
            best = zigzag(x);
            coding = ByDecimal;
        }
        putVarint(o, best);
        note(v);
        return coding;
    }
    // The value put() wrote with `coding`; a coding put() never gives turns r.ok false.
    double get(Reader &r, unsigned coding)
    {
        const std::uint64_t v = r.varint();
        double out = 0;
        switch (coding) {
        case ByXor: out = bitsDouble(v ^ bits); break;
        case ByBytes: out = double(wrapAdd(bytes, unzigzag(v))) / 1048576.0; break;
        case ByDecimal: out = double(unzigzag(v)) / 1000.0; break;
        default: r.ok = false; break;
        }
        note(out);
        return out;
    }
};

// Appending a block: the caller pushes the version byte, then the count and columns
// through varint/svarint, then finish() appends the CRC-32 of everything before.
struct Writer {
    std::vector<unsigned char> &o;
    void varint(std::uint64_t v) { putVarint(o, v); }
    void svarint(std::int64_t v) { putVarint(o, zigzag(v)); }
    void finish() { putU32(o, crc32(o.data(), o.size())); }
};

// A block's frame: version byte, count, columns, a CRC-32 of everything before it. On
// success `r` covers the columns, `*count` is the count and `*framed` the frame's size.
inline bool openFrame(const unsigned char *stored, std::size_t storedSize, unsigned char version, Reader *r,
                      std::uint64_t *count, std::size_t *framed)
{
    const auto [data, size] = unwrapBlock(stored, storedSize);
    if (!data || size < 6 || data[0] != version)
        return false;
    Reader crc{data + size - 4, data + size};
    if (crc.u32() != crc32(data, size - 4))
        return false;
    *r = Reader{data + 1, data + size - 4};
    *count = r->varint();
    *framed = size;
    return r->ok;
}

// A frame with a count of 1 .. maxCount, as `*n`.
inline bool openBlock(const unsigned char *stored, std::size_t storedSize, unsigned char version, std::size_t maxCount,
                      Reader *r, std::size_t *n)
{
    std::uint64_t count = 0;
    std::size_t framed = 0;
    if (!openFrame(stored, storedSize, version, r, &count, &framed) || count == 0 || count > maxCount)
        return false;
    *n = std::size_t(count);
    return true;
}

// A whole block: version byte, count, the columns columns(w) writes, CRC-32.
template<class Columns>
void encodeBlock(std::vector<unsigned char> *out, unsigned char version, std::size_t n, std::size_t reserve,
                 Columns columns)
{
    out->clear();
    out->reserve(reserve);
    out->push_back(version);
    Writer w{*out};
    w.varint(n);
    columns(w);
    w.finish();
}

// Appends a block's records to *out: columns(r, records, n) reads the columns into the n
// new records. False, and *out as it was, when the block is damaged.
template<class Rec, class Columns>
bool decodeBlock(const unsigned char *data, std::size_t size, unsigned char version, std::size_t maxCount,
                 std::vector<Rec> *out, Columns columns)
{
    Reader r{nullptr, nullptr};
    std::size_t n = 0;
    if (!openBlock(data, size, version, maxCount, &r, &n))
        return false;
    const std::size_t base = out->size();
    out->resize(base + n);
    columns(r, out->data() + base, n);
    if (!r.ok || r.p != r.end) {
        out->resize(base);
        return false;
    }
    return true;
}

// How a record member is stored as a column: an unsigned varint, a zigzag varint, or (a
// time) the zigzag varint of its wrapping difference to the record before.
enum class Coding { Varint, Svarint, Delta };

// One column; a kind lists its columns once (Columns) for its encoder and its decoder.
template<Coding C, auto Member>
struct Col {
    template<class Rec>
    static void put(Writer &w, const Rec *const *recs, std::size_t n)
    {
        std::int64_t prev = 0;
        for (std::size_t i = 0; i < n; ++i) {
            const auto v = recs[i]->*Member;
            if constexpr (C == Coding::Varint)
                w.varint(v);
            else if constexpr (C == Coding::Svarint)
                w.svarint(v);
            else {
                w.svarint(wrapDelta(v, prev));
                prev = v;
            }
        }
    }
    template<class Rec>
    static void get(Reader &r, Rec *o, std::size_t n)
    {
        using T = std::decay_t<decltype(o->*Member)>;
        std::int64_t prev = 0;
        for (std::size_t i = 0; i < n; ++i) {
            if constexpr (C == Coding::Varint)
                o[i].*Member = static_cast<T>(r.varint());
            else if constexpr (C == Coding::Svarint)
                o[i].*Member = static_cast<T>(r.svarint());
            else
                o[i].*Member = static_cast<T>(prev = wrapAdd(prev, r.svarint()));
        }
    }
};

template<class... Cols>
struct Columns {
    template<class Rec>
    static void put(Writer &w, const Rec *const *recs, std::size_t n)
    {
        (Cols::put(w, recs, n), ...);
    }
    template<class Rec>
    static void get(Reader &r, Rec *o, std::size_t n)
    {
        (Cols::get(r, o, n), ...);
    }
};

} // namespace codec

} // namespace npuscope::store::detail
