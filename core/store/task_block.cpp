#include "core/store/task_block.h"

#include "core/store/block_codec.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <limits>

namespace npuscope::store::detail {

using namespace codec;

namespace {

// CRC-32 (IEEE, reflected) tables for slicing by 8: t[0] is the classic byte table, t[k][i]
// the CRC of byte i followed by k zero bytes, so eight input bytes take eight lookups and
// no dependency chain through the bytes (the same value as the bytewise loop, ~5x faster;
// the writer checksums every block it stores).
constexpr std::array<std::array<std::uint32_t, 256>, 8> makeCrcTables()
{
    std::array<std::array<std::uint32_t, 256>, 8> t{};
    for (std::uint32_t i = 0; i < 256; ++i) {
        std::uint32_t c = i;
        for (int k = 0; k < 8; ++k)
            c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        t[0][i] = c;
    }
    for (std::size_t k = 1; k < 8; ++k)
        for (std::uint32_t i = 0; i < 256; ++i)
            t[k][i] = t[0][t[k - 1][i] & 0xFF] ^ (t[k - 1][i] >> 8);
    return t;
}
constexpr std::array<std::array<std::uint32_t, 256>, 8> kCrcTables = makeCrcTables();

} // namespace

std::uint32_t crc32(const unsigned char *data, std::size_t size)
{
    const auto &t = kCrcTables;
    std::uint32_t c = 0xFFFFFFFFu;
    std::size_t i = 0;
    for (; i + 8 <= size; i += 8) {
        const std::uint32_t lo = c ^ (std::uint32_t(data[i]) | std::uint32_t(data[i + 1]) << 8
                                      | std::uint32_t(data[i + 2]) << 16 | std::uint32_t(data[i + 3]) << 24);
        c = t[7][lo & 0xFF] ^ t[6][(lo >> 8) & 0xFF] ^ t[5][(lo >> 16) & 0xFF] ^ t[4][lo >> 24]
            ^ t[3][data[i + 4]] ^ t[2][data[i + 5]] ^ t[1][data[i + 6]] ^ t[0][data[i + 7]];
    }
    for (; i < size; ++i)
        c = t[0][(c ^ data[i]) & 0xFF] ^ (c >> 8);
    return c ^ 0xFFFFFFFFu;
}

void encodeTaskBlock(const TaskRecord *const *tasks, std::size_t n, std::vector<unsigned char> *outp)
{
    // The bytes are written through a pointer into room sized for the worst case (every
    // varint 10 bytes), then cut to what was written: no capacity check per byte.
    std::size_t bound = 16 + 4;
    std::size_t pmuColumns = 0;
    for (std::size_t i = 0; i < n; ++i) {
        bound += 12 * 10 + 1 + 9 + tasks[i]->pmu.size() * 6 + 1;
        pmuColumns = std::max(pmuColumns, tasks[i]->pmu.size());
    }
    std::vector<unsigned char> &o = *outp;
    o.resize(bound);
    unsigned char *const begin = o.data();
    unsigned char *p = begin;
    *p++ = kTaskBlockVersion;
    p = putVarint(p, n);
    TimeNs prevStart = 0;
    for (std::size_t i = 0; i < n; ++i) {
        p = putVarint(p, zigzag(std::int64_t(std::uint64_t(tasks[i]->start) - std::uint64_t(prevStart))));
        prevStart = tasks[i]->start;
    }
    for (std::size_t i = 0; i < n; ++i)
        p = putVarint(p, zigzag(tasks[i]->duration));
    for (std::size_t i = 0; i < n; ++i)
        p = putVarint(p, zigzag(tasks[i]->pending));
    std::int64_t prev = 0;
    for (std::size_t i = 0; i < n; ++i) {
        p = putVarint(p, zigzag(std::int64_t(tasks[i]->taskId) - prev));
        prev = tasks[i]->taskId;
    }
    prev = 0;
    for (std::size_t i = 0; i < n; ++i) {
        p = putVarint(p, zigzag(std::int64_t(tasks[i]->batchId) - prev));
        prev = tasks[i]->batchId;
    }
    for (std::size_t i = 0; i < n; ++i)
        p = putVarint(p, tasks[i]->type);
    for (std::size_t i = 0; i < n; ++i)
        p = putVarint(p, tasks[i]->name);
    for (std::size_t i = 0; i < n; ++i)
        *p++ = static_cast<unsigned char>(tasks[i]->kind);
    for (std::size_t i = 0; i < n; ++i)
        p = putVarint(p, tasks[i]->opId);
    for (std::size_t i = 0; i < n; ++i)
        p = putVarint(p, tasks[i]->totalCycles);
    for (std::size_t i = 0; i < n; ++i) {
        const TaskRecord &t = *tasks[i];
        const bool none = floatBits(t.l2HitRate) == floatBits(-1.f) && floatBits(t.l2VictimRate) == floatBits(-1.f);
        *p++ = none ? 0 : 1;
        if (!none) {
            for (const std::uint32_t v : {floatBits(t.l2HitRate), floatBits(t.l2VictimRate)})
                for (int b = 0; b < 4; ++b)
                    *p++ = static_cast<unsigned char>(v >> (8 * b));
        }
    }
    for (std::size_t i = 0; i < n; ++i)
        p = putVarint(p, tasks[i]->pmu.size());
    std::vector<std::uint32_t> last(pmuColumns, 0); // previous value per PMU column
    for (std::size_t i = 0; i < n; ++i) {
        const std::vector<float> &v = tasks[i]->pmu;
        if (v.empty())
            continue;
        unsigned char *const tags = p;
        const std::size_t tagBytes = (v.size() + 7) / 8;
        std::memset(tags, 0, tagBytes);
        p += tagBytes;
        for (std::size_t j = 0; j < v.size(); ++j) {
            std::int64_t k;
            const std::uint32_t bits = floatBits(v[j]);
            // Whichever of the two is shorter (integral cycle counts XOR well, ratios as k);
            // k never beats an XOR of 1 byte, so the rounding test is skipped then.
            const int xorSize = varintSize(bits ^ last[j]);
            if (xorSize > 1 && decimal3(v[j], &k) && varintSize(zigzag(k)) < xorSize) {
                tags[j / 8] |= static_cast<unsigned char>(1u << (j % 8));
                p = putVarint(p, zigzag(k));
            } else {
                p = putVarint(p, bits ^ last[j]);
            }
            last[j] = bits;
        }
    }
    const std::uint32_t crc = crc32(begin, std::size_t(p - begin));
    for (int b = 0; b < 4; ++b)
        *p++ = static_cast<unsigned char>(crc >> (8 * b));
    o.resize(std::size_t(p - begin));
}

void encodeTaskBlock(const std::vector<TaskRecord> &tasks, std::vector<unsigned char> *out)
{
    std::vector<const TaskRecord *> ptrs;
    ptrs.reserve(tasks.size());
    for (const TaskRecord &t : tasks)
        ptrs.push_back(&t);
    encodeTaskBlock(ptrs.data(), ptrs.size(), out);
}

std::size_t taskBlockCount(const unsigned char *stored, std::size_t storedSize)
{
    const auto [data, size] = unwrapBlock(stored, storedSize);
    if (!data || size < 6 || data[0] != kTaskBlockVersion)
        return 0;
    Reader r{data + 1, data + size - 4};
    const std::uint64_t n = r.varint();
    return r.ok && n <= size ? std::size_t(n) : 0;
}

bool decodeTaskBlock(const unsigned char *stored, std::size_t storedSize, std::uint16_t device, std::uint32_t model,
                     std::uint32_t iteration, std::uint32_t stream, std::vector<TaskRecord> *out, PmuValues pmu)
{
    Reader r{nullptr, nullptr};
    std::uint64_t n = 0;
    std::size_t size = 0;
    // Every task takes at least one byte in each of the 12 per-task columns.
    if (!openFrame(stored, storedSize, kTaskBlockVersion, &r, &n, &size) || n > size / 12)
        return false;
    const std::size_t first = out->size();
    out->resize(first + std::size_t(n));
    TaskRecord *t = out->data() + first;
    std::uint64_t start = 0;
    for (std::size_t i = 0; i < n; ++i) {
        t[i].device = device;
        t[i].modelId = model;
        t[i].iteration = iteration;
        t[i].streamId = stream;
        start += std::uint64_t(r.svarint());
        t[i].start = TimeNs(start);
    }
    for (std::size_t i = 0; i < n; ++i)
        t[i].duration = r.svarint();
    for (std::size_t i = 0; i < n; ++i)
        t[i].pending = r.svarint();
    std::int64_t prev = 0;
    for (std::size_t i = 0; i < n; ++i) {
        prev += r.svarint();
        t[i].taskId = std::uint32_t(prev);
    }
    prev = 0;
    for (std::size_t i = 0; i < n; ++i) {
        prev += r.svarint();
        t[i].batchId = std::uint32_t(prev);
    }
    for (std::size_t i = 0; i < n; ++i)
        t[i].type = StrId(r.varint());
    for (std::size_t i = 0; i < n; ++i)
        t[i].name = StrId(r.varint());
    for (std::size_t i = 0; i < n; ++i) {
        const std::uint8_t k = r.byte();
        if (k >= kTaskKindLimit)
            r.ok = false;
        t[i].kind = static_cast<TaskKind>(k);
    }
    for (std::size_t i = 0; i < n; ++i)
        t[i].opId = std::uint32_t(r.varint());
    for (std::size_t i = 0; i < n; ++i)
        t[i].totalCycles = r.varint();
    for (std::size_t i = 0; i < n; ++i) {
        const std::uint8_t flag = r.byte();
        if (flag > 1)
            r.ok = false;
        if (flag == 1) {
            t[i].l2HitRate = bitsFloat(r.u32());
            t[i].l2VictimRate = bitsFloat(r.u32());
        } else {
            t[i].l2HitRate = t[i].l2VictimRate = -1.f;
        }
    }
    // Skipped PMU values are read and checked all the same (a block is accepted or refused
    // alike either way), but no task gets a vector: their counts wait in `counts`.
    const bool keep = pmu == PmuValues::Keep;
    std::vector<std::uint32_t> counts(keep ? 0 : std::size_t(n));
    for (std::size_t i = 0; i < n && r.ok; ++i) {
        const std::uint64_t c = r.varint();
        if (c > std::uint64_t(r.end - r.p))
            r.ok = false;
        else if (keep)
            t[i].pmu.resize(std::size_t(c));
        else
            counts[i] = std::uint32_t(c);
    }
    std::vector<std::uint32_t> last;
    for (std::size_t i = 0; i < n && r.ok; ++i) {
        const std::size_t count = keep ? t[i].pmu.size() : counts[i];
        if (count == 0)
            continue;
        if (keep && last.size() < count)
            last.resize(count, 0);
        const std::size_t tagBytes = (count + 7) / 8;
        if (std::size_t(r.end - r.p) < tagBytes) {
            r.ok = false;
            break;
        }
        const unsigned char *tags = r.p;
        r.p += tagBytes;
        for (std::size_t j = 0; j < count; ++j) {
            const bool asK = tags[j / 8] & (1u << (j % 8));
            const std::uint64_t x = r.varint();
            if (!asK && x > std::numeric_limits<std::uint32_t>::max())
                r.ok = false;
            if (!keep)
                continue;
            const std::uint32_t bits = asK ? floatBits(float(double(unzigzag(x)) / 1000.0)) : std::uint32_t(x) ^ last[j];
            t[i].pmu[j] = bitsFloat(bits);
            last[j] = bits;
        }
    }
    if (!r.ok || r.p != r.end) {
        out->resize(first);
        return false;
    }
    return true;
}

void encodeHcclBlock(const HcclTaskRecord *const *t, std::size_t n, std::vector<unsigned char> *outp)
{
    std::vector<unsigned char> &o = *outp;
    o.clear();
    o.reserve(16 + n * 24);
    o.push_back(kTaskBlockVersion);
    putVarint(o, n);
    std::uint64_t prevU = 0;
    for (std::size_t i = 0; i < n; ++i) {
        putVarint(o, zigzag(std::int64_t(std::uint64_t(t[i]->start) - prevU)));
        prevU = std::uint64_t(t[i]->start);
    }
    for (std::size_t i = 0; i < n; ++i)
        putVarint(o, zigzag(t[i]->duration));
    prevU = 0;
    for (std::size_t i = 0; i < n; ++i) {
        putVarint(o, zigzag(std::int64_t(t[i]->notifyId - prevU)));
        prevU = t[i]->notifyId;
    }
    std::int64_t prev = 0;
    for (std::size_t i = 0; i < n; ++i) {
        putVarint(o, zigzag(std::int64_t(t[i]->streamId) - prev));
        prev = t[i]->streamId;
    }
    prev = 0;
    for (std::size_t i = 0; i < n; ++i) {
        putVarint(o, zigzag(std::int64_t(t[i]->taskId) - prev));
        prev = t[i]->taskId;
    }
    for (std::size_t i = 0; i < n; ++i)
        putVarint(o, t[i]->srcRank);
    for (std::size_t i = 0; i < n; ++i)
        putVarint(o, std::uint32_t(t[i]->dstRank + 1u));
    for (std::size_t i = 0; i < n; ++i)
        putVarint(o, t[i]->name);
    for (std::size_t i = 0; i < n; ++i)
        putVarint(o, t[i]->transportType);
    for (std::size_t i = 0; i < n; ++i)
        putVarint(o, t[i]->dataType);
    for (std::size_t i = 0; i < n; ++i)
        putVarint(o, t[i]->linkType);
    for (std::size_t i = 0; i < n; ++i)
        putVarint(o, t[i]->sizeBytes);
    for (std::size_t i = 0; i < n; ++i)
        putVarint(o, t[i]->plane);
    const std::size_t tagAt = o.size();
    o.resize(o.size() + n, 0);
    std::uint64_t lastEst = 0, lastBw = 0;
    for (std::size_t i = 0; i < n; ++i) {
        unsigned char tag = 0;
        tag |= putDouble(o, t[i]->durationEstimatedUs, &lastEst) ? 1 : 0;
        tag |= putDouble(o, t[i]->bandwidthGBps, &lastBw) ? 2 : 0;
        o[tagAt + i] = tag;
    }
    putU32(o, crc32(o.data(), o.size()));
}

bool decodeHcclBlock(const unsigned char *stored, std::size_t storedSize, std::uint16_t device, std::uint32_t model,
                     std::uint32_t iteration, std::vector<HcclTaskRecord> *out)
{
    Reader r{nullptr, nullptr};
    std::uint64_t n = 0;
    std::size_t size = 0;
    // At least one byte in each of the 16 per-task columns (tags included).
    if (!openFrame(stored, storedSize, kTaskBlockVersion, &r, &n, &size) || n > size / 16)
        return false;
    const std::size_t first = out->size();
    out->resize(first + std::size_t(n));
    HcclTaskRecord *t = out->data() + first;
    std::uint64_t acc = 0;
    for (std::size_t i = 0; i < n; ++i) {
        t[i].device = device;
        t[i].modelId = model;
        t[i].iteration = iteration;
        acc += std::uint64_t(r.svarint());
        t[i].start = TimeNs(acc);
    }
    for (std::size_t i = 0; i < n; ++i)
        t[i].duration = r.svarint();
    acc = 0;
    for (std::size_t i = 0; i < n; ++i) {
        acc += std::uint64_t(r.svarint());
        t[i].notifyId = acc;
    }
    std::int64_t prev = 0;
    for (std::size_t i = 0; i < n; ++i) {
        prev += r.svarint();
        t[i].streamId = std::uint32_t(prev);
    }
    prev = 0;
    for (std::size_t i = 0; i < n; ++i) {
        prev += r.svarint();
        t[i].taskId = std::uint32_t(prev);
    }
    for (std::size_t i = 0; i < n; ++i)
        t[i].srcRank = std::uint32_t(r.varint());
    for (std::size_t i = 0; i < n; ++i)
        t[i].dstRank = std::uint32_t(r.varint()) - 1u;
    for (std::size_t i = 0; i < n; ++i)
        t[i].name = StrId(r.varint());
    for (std::size_t i = 0; i < n; ++i)
        t[i].transportType = StrId(r.varint());
    for (std::size_t i = 0; i < n; ++i)
        t[i].dataType = StrId(r.varint());
    for (std::size_t i = 0; i < n; ++i)
        t[i].linkType = StrId(r.varint());
    for (std::size_t i = 0; i < n; ++i)
        t[i].sizeBytes = r.varint();
    for (std::size_t i = 0; i < n; ++i)
        t[i].plane = std::uint32_t(r.varint());
    if (std::size_t(r.end - r.p) < n)
        r.ok = false;
    const unsigned char *tags = r.ok ? r.p : nullptr;
    if (r.ok)
        r.p += n;
    std::uint64_t lastEst = 0, lastBw = 0;
    for (std::size_t i = 0; i < n && r.ok; ++i) {
        if (tags[i] > 3)
            r.ok = false;
        t[i].durationEstimatedUs = r.getDouble(tags[i] & 1, &lastEst);
        t[i].bandwidthGBps = r.getDouble(tags[i] & 2, &lastBw);
    }
    if (!r.ok || r.p != r.end) {
        out->resize(first);
        return false;
    }
    return true;
}

} // namespace npuscope::store::detail
