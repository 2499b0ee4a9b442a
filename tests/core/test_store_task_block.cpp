// The column-block task encoding (core/store/task_block.h), tasks and HCCL tasks: exact
// round trips of every field (extremes, NaN and -0 floats, ragged PMU sets), and damaged bytes (every single
// bit flip, every truncation, garbage) fail to decode instead of yielding wrong tasks.
#include "core/store/task_block.h"

#include <QtTest>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>

using namespace npuscope;
using namespace npuscope::store::detail;

namespace {

std::uint32_t bits(float f)
{
    std::uint32_t b;
    std::memcpy(&b, &f, 4);
    return b;
}

float fromBits(std::uint32_t b)
{
    float f;
    std::memcpy(&f, &b, 4);
    return f;
}

TaskRecord keyed(std::uint16_t dev, std::uint32_t model, std::uint32_t it, std::uint32_t stream)
{
    TaskRecord t;
    t.device = dev;
    t.modelId = model;
    t.iteration = it;
    t.streamId = stream;
    return t;
}

bool same(const TaskRecord &a, const TaskRecord &b)
{
    if (a.pmu.size() != b.pmu.size())
        return false;
    for (std::size_t i = 0; i < a.pmu.size(); ++i)
        if (bits(a.pmu[i]) != bits(b.pmu[i]))
            return false;
    return a.device == b.device && a.modelId == b.modelId && a.iteration == b.iteration && a.streamId == b.streamId
           && a.taskId == b.taskId && a.batchId == b.batchId && a.type == b.type && a.kind == b.kind
           && a.start == b.start && a.duration == b.duration && a.pending == b.pending && a.opId == b.opId
           && a.name == b.name && a.totalCycles == b.totalCycles && bits(a.l2HitRate) == bits(b.l2HitRate)
           && bits(a.l2VictimRate) == bits(b.l2VictimRate);
}

// A realistic stream: serial tasks, ResNet-like PMU rows (ratios in thousandths, products).
std::vector<TaskRecord> realistic(std::size_t n, std::uint32_t seed)
{
    std::mt19937 rng(seed);
    std::vector<TaskRecord> v;
    TimeNs t0 = 1'700'000'000'000'000'000;
    for (std::size_t i = 0; i < n; ++i) {
        TaskRecord t = keyed(3, 1, 42, 7);
        t.taskId = std::uint32_t(i + 1);
        t.batchId = 0;
        t.type = 2;
        t.kind = i % 5 == 4 ? TaskKind::EventRecord : TaskKind::AiCore;
        t.start = t0;
        t.duration = 2000 + TimeNs(rng() % 200000);
        t.pending = TimeNs(rng() % 5000);
        t0 += t.duration + TimeNs(rng() % 3000);
        t.opId = t.kind == TaskKind::AiCore ? std::uint32_t(1 + rng() % 400) : 0;
        t.name = StrId(10 + rng() % 800);
        if (t.kind == TaskKind::AiCore) {
            t.totalCycles = 1000 + rng() % 10'000'000;
            const double us = double(t.duration) / 1000.0;
            for (int j = 0; j < 7; ++j) {
                const float ratio = float(std::round(double(rng() % 1000) ) / 1000.0);
                t.pmu.push_back(float(us * ratio));
                t.pmu.push_back(ratio);
            }
        }
        v.push_back(std::move(t));
    }
    return v;
}

} // namespace

class TestStoreTaskBlock : public QObject {
    Q_OBJECT
private slots:
    void roundTripsExtremes()
    {
        std::vector<TaskRecord> in;
        const TimeNs big = std::numeric_limits<TimeNs>::max(), small = std::numeric_limits<TimeNs>::min();
        const TimeNs starts[] = {0, big, small, -1, 5, big - 1, 0};
        const float odd[] = {std::numeric_limits<float>::quiet_NaN(), -0.f, 0.f, std::numeric_limits<float>::infinity(),
                             -std::numeric_limits<float>::infinity(), 0.001f, 1e30f, -123.456f,
                             std::numeric_limits<float>::denorm_min(), fromBits(0x7fc12345u), 1.f / 3.f};
        int i = 0;
        for (TimeNs s : starts) {
            TaskRecord t = keyed(65535, 0xffffffffu, 0xfffffffeu, 0xffffffffu);
            t.start = s;
            t.duration = i % 2 ? big : small;
            t.pending = i % 3 ? -7 : big;
            t.taskId = i % 2 ? 0xffffffffu : 0;
            t.batchId = i % 2 ? 0 : 0xffffffffu;
            t.type = i % 2 ? 0xffffffffu : 0;
            t.name = StrId(i);
            t.kind = static_cast<TaskKind>(i % kTaskKindLimit);
            t.opId = 0xffffffffu - std::uint32_t(i);
            t.totalCycles = i % 2 ? std::numeric_limits<std::uint64_t>::max() : 0;
            t.l2HitRate = i == 2 ? -1.f : odd[std::size_t(i) % std::size(odd)];
            t.l2VictimRate = i == 3 ? std::numeric_limits<float>::quiet_NaN() : -1.f;
            for (int j = 0; j < i * 3; ++j) // ragged: 0, 3, 6, ... values
                t.pmu.push_back(odd[std::size_t(i + j) % std::size(odd)]);
            in.push_back(t);
            ++i;
        }
        std::vector<unsigned char> bytes;
        encodeTaskBlock(in, &bytes);
        QCOMPARE(taskBlockCount(bytes.data(), bytes.size()), in.size());
        std::vector<TaskRecord> out;
        QVERIFY(decodeTaskBlock(bytes.data(), bytes.size(), 65535, 0xffffffffu, 0xfffffffeu, 0xffffffffu, &out));
        QCOMPARE(out.size(), in.size());
        for (std::size_t k = 0; k < in.size(); ++k)
            QVERIFY2(same(in[k], out[k]), qPrintable(QStringLiteral("task %1").arg(k)));
    }

    void roundTripsRealisticAndIsCompact()
    {
        const std::vector<TaskRecord> in = realistic(1500, 9);
        std::vector<unsigned char> bytes;
        encodeTaskBlock(in, &bytes);
        std::vector<TaskRecord> out;
        QVERIFY(decodeTaskBlock(bytes.data(), bytes.size(), 3, 1, 42, 7, &out));
        QCOMPARE(out.size(), in.size());
        for (std::size_t k = 0; k < in.size(); ++k)
            QVERIFY(same(in[k], out[k]));
        // In memory such a task is sizeof(TaskRecord) + 56 bytes of PMU values; the block
        // keeps it under the whole project's budget of 64 B/task (docs/storage.md).
        const double perTask = double(bytes.size()) / double(in.size());
        qInfo("realistic block: %zu tasks, %zu bytes, %.1f B/task (in memory %zu + 56)", in.size(), bytes.size(), perTask,
              sizeof(TaskRecord));
        QVERIFY(perTask < 64.0);
    }

    void emptyBlock()
    {
        std::vector<unsigned char> bytes;
        encodeTaskBlock(std::vector<TaskRecord>{}, &bytes);
        std::vector<TaskRecord> out;
        QVERIFY(decodeTaskBlock(bytes.data(), bytes.size(), 0, 0, 0, 0, &out));
        QVERIFY(out.empty());
    }

    void appendsAfterExistingTasks()
    {
        const std::vector<TaskRecord> a = realistic(10, 1), b = realistic(20, 2);
        std::vector<unsigned char> ba, bb;
        encodeTaskBlock(a, &ba);
        encodeTaskBlock(b, &bb);
        std::vector<TaskRecord> out;
        QVERIFY(decodeTaskBlock(ba.data(), ba.size(), 3, 1, 42, 7, &out));
        QVERIFY(decodeTaskBlock(bb.data(), bb.size(), 3, 1, 42, 7, &out));
        QCOMPARE(out.size(), std::size_t(30));
        QVERIFY(same(out[10], b[0]));
    }

    void everyBitFlipIsRejected()
    {
        const std::vector<TaskRecord> in = realistic(40, 3);
        std::vector<unsigned char> bytes;
        encodeTaskBlock(in, &bytes);
        for (std::size_t i = 0; i < bytes.size(); ++i) {
            for (int bit = 0; bit < 8; ++bit) {
                std::vector<unsigned char> bad = bytes;
                bad[i] ^= static_cast<unsigned char>(1u << bit);
                std::vector<TaskRecord> out(2);
                QVERIFY2(!decodeTaskBlock(bad.data(), bad.size(), 3, 1, 42, 7, &out),
                         qPrintable(QStringLiteral("byte %1 bit %2").arg(i).arg(bit)));
                QCOMPARE(out.size(), std::size_t(2)); // left as it was
            }
        }
    }

    void everyTruncationIsRejected()
    {
        const std::vector<TaskRecord> in = realistic(30, 4);
        std::vector<unsigned char> bytes;
        encodeTaskBlock(in, &bytes);
        for (std::size_t n = 0; n < bytes.size(); ++n) {
            std::vector<TaskRecord> out;
            QVERIFY(!decodeTaskBlock(bytes.data(), n, 3, 1, 42, 7, &out));
            QVERIFY(out.empty());
        }
        std::vector<unsigned char> longer = bytes;
        longer.push_back(0);
        std::vector<TaskRecord> out;
        QVERIFY(!decodeTaskBlock(longer.data(), longer.size(), 3, 1, 42, 7, &out));
        QVERIFY(!decodeTaskBlock(nullptr, 0, 3, 1, 42, 7, &out));
    }

    // Stored compressed (schema 10): the same tasks come back, the raw form of older files
    // is still read, and a damaged compressed block is refused like a damaged raw one.
    void compressedBlocksRoundTripAndRejectDamage()
    {
        // Two steps of the same 300 tasks: a training loop repeats its ops, and the
        // compressed form takes the repetition.
        std::vector<TaskRecord> in = realistic(100, 5);
        const std::size_t step = in.size();
        for (std::size_t k = 0; k < step; ++k) {
            TaskRecord t = in[k];
            t.start += 1'000'000'000;
            t.taskId += std::uint32_t(step);
            in.push_back(t);
        }
        std::vector<unsigned char> raw;
        encodeTaskBlock(in, &raw);
        std::vector<unsigned char> stored = raw;
        compressBlock(&stored);
        QCOMPARE(stored.front(), kCompressedBlock);
        qInfo("%zu tasks: raw %zu bytes, compressed %zu", in.size(), raw.size(), stored.size());
        QVERIFY(stored.size() < raw.size() * 3 / 4);
        for (const std::vector<unsigned char> *form : {&raw, &stored}) {
            std::vector<TaskRecord> out;
            QVERIFY(decodeTaskBlock(form->data(), form->size(), 3, 1, 42, 7, &out));
            QCOMPARE(out.size(), in.size());
            for (std::size_t k = 0; k < in.size(); ++k)
                QVERIFY(same(in[k], out[k]));
            QCOMPARE(taskBlockCount(form->data(), form->size()), in.size());
        }
        // Every truncation and every flipped bit of the compressed form.
        for (std::size_t n = 0; n < stored.size(); ++n) {
            std::vector<TaskRecord> out;
            QVERIFY2(!decodeTaskBlock(stored.data(), n, 3, 1, 42, 7, &out), qPrintable(QString::number(n)));
            QVERIFY(out.empty());
        }
        // A flip is refused, or it was in a bit zstd ignores (the frame header has unused
        // ones) and the tasks are exactly the original: never a wrong answer.
        int harmless = 0;
        for (std::size_t i = 0; i < stored.size(); ++i)
            for (int bit = 0; bit < 8; ++bit) {
                std::vector<unsigned char> bad = stored;
                bad[i] ^= static_cast<unsigned char>(1u << bit);
                std::vector<TaskRecord> out;
                if (!decodeTaskBlock(bad.data(), bad.size(), 3, 1, 42, 7, &out)) {
                    QVERIFY(out.empty());
                    continue;
                }
                ++harmless;
                QCOMPARE(out.size(), in.size());
                for (std::size_t k = 0; k < in.size(); ++k)
                    QVERIFY2(same(in[k], out[k]), qPrintable(QStringLiteral("byte %1 bit %2").arg(i).arg(bit)));
            }
        qInfo("%d of %zu flipped bits fell in bits the decompressor ignores", harmless, stored.size() * 8);
        QVERIFY(harmless * 1000 < int(stored.size() * 8));
        // A size past any block's is refused before anything is allocated for it.
        std::vector<unsigned char> forged{kCompressedBlock};
        codec::putVarint(forged, std::uint64_t(1) << 40);
        forged.insert(forged.end(), stored.begin() + 3, stored.end());
        std::vector<TaskRecord> out;
        QVERIFY(!decodeTaskBlock(forged.data(), forged.size(), 3, 1, 42, 7, &out));
        QVERIFY(unwrapBlock(forged.data(), forged.size()).data == nullptr);
        // A block that does not shrink stays raw.
        std::vector<unsigned char> tiny;
        encodeTaskBlock(realistic(1, 6), &tiny);
        const std::vector<unsigned char> before = tiny;
        compressBlock(&tiny);
        QVERIFY(tiny == before);
    }

    // Garbage that carries a valid checksum (a foreign writer, a future version's block)
    // must still never crash, allocate wildly or read past the end.
    void garbageWithValidChecksumNeverCrashes()
    {
        std::mt19937 rng(77);
        int accepted = 0;
        for (int round = 0; round < 20000; ++round) {
            std::vector<unsigned char> g(std::size_t(1 + rng() % 200));
            for (auto &c : g)
                c = static_cast<unsigned char>(rng());
            g[0] = kTaskBlockVersion;
            if (round % 2 && g.size() > 1)
                g[1] = static_cast<unsigned char>(rng() % 8); // small counts get further
            const std::uint32_t c = crc32(g.data(), g.size());
            for (int i = 0; i < 4; ++i)
                g.push_back(static_cast<unsigned char>(c >> (8 * i)));
            std::vector<TaskRecord> out, lean;
            const bool ok = decodeTaskBlock(g.data(), g.size(), 0, 0, 0, 0, &out);
            // Skipping PMU values accepts exactly what a full decode accepts.
            QCOMPARE(decodeTaskBlock(g.data(), g.size(), 0, 0, 0, 0, &lean, PmuValues::Skip), ok);
            QCOMPARE(lean.size(), out.size());
            if (ok)
                ++accepted;
            else
                QVERIFY(out.empty());
        }
        qInfo("well-formed by chance: %d of 20000", accepted);
    }

    // PmuValues::Skip: the same tasks without PMU values, and exactly the same blocks
    // accepted and refused (truncations here; garbage with a valid checksum below).
    void decodesWithoutPmuValues()
    {
        const std::vector<TaskRecord> in = realistic(700, 5);
        std::vector<unsigned char> bytes;
        encodeTaskBlock(in, &bytes);
        std::vector<TaskRecord> full, lean;
        QVERIFY(decodeTaskBlock(bytes.data(), bytes.size(), 3, 1, 42, 7, &full));
        QVERIFY(decodeTaskBlock(bytes.data(), bytes.size(), 3, 1, 42, 7, &lean, PmuValues::Skip));
        QCOMPARE(lean.size(), in.size());
        std::size_t withPmu = 0;
        for (std::size_t k = 0; k < in.size(); ++k) {
            QVERIFY(lean[k].pmu.empty());
            withPmu += full[k].pmu.empty() ? 0 : 1;
            TaskRecord x = full[k];
            x.pmu.clear();
            QVERIFY2(same(x, lean[k]), qPrintable(QStringLiteral("task %1").arg(k)));
        }
        QVERIFY(withPmu > 0);
        for (std::size_t n = 0; n < bytes.size(); ++n) {
            std::vector<TaskRecord> out;
            QVERIFY(!decodeTaskBlock(bytes.data(), n, 3, 1, 42, 7, &out, PmuValues::Skip));
            QVERIFY(out.empty());
        }
    }

    void hcclRoundTripsAndRejectsDamage()
    {
        std::mt19937 rng(21);
        std::vector<HcclTaskRecord> in;
        TimeNs t0 = 5'000'000'000;
        for (int i = 0; i < 300; ++i) {
            HcclTaskRecord h;
            h.device = 2;
            h.modelId = 1;
            h.iteration = 9;
            h.plane = 3 + std::uint32_t(i % 3 == 0); // planes interleave within a block
            h.name = StrId(1 + rng() % 4);
            h.start = t0;
            h.duration = 500 + TimeNs(rng() % 90000);
            t0 += h.duration + TimeNs(rng() % 2000);
            h.notifyId = i % 7 == 0 ? std::numeric_limits<std::uint64_t>::max() - std::uint64_t(i) : 1000 + std::uint64_t(i);
            h.durationEstimatedUs = i % 3 ? double(h.duration) / 1000.0 : 1.0 / 3.0;
            h.streamId = 7 + std::uint32_t(i % 2);
            h.taskId = std::uint32_t(i);
            h.srcRank = std::uint32_t(rng() % 8);
            h.dstRank = i % 5 == 0 ? kInvalidId : std::uint32_t(rng() % 8);
            h.transportType = StrId(rng() % 3);
            h.sizeBytes = i % 11 == 0 ? std::numeric_limits<std::uint64_t>::max() : rng() % (1u << 26);
            h.dataType = 5;
            h.linkType = 6;
            h.bandwidthGBps = i == 4 ? std::numeric_limits<double>::quiet_NaN() : i == 5 ? -0.0 : double(rng() % 100000) / 1000.0;
            in.push_back(h);
        }
        std::vector<const HcclTaskRecord *> ptrs;
        for (const auto &h : in)
            ptrs.push_back(&h);
        std::vector<unsigned char> bytes;
        encodeHcclBlock(ptrs.data(), ptrs.size(), &bytes);
        qInfo("HCCL block: %zu tasks, %zu bytes, %.1f B/task", in.size(), bytes.size(), double(bytes.size()) / double(in.size()));
        std::vector<HcclTaskRecord> out;
        QVERIFY(decodeHcclBlock(bytes.data(), bytes.size(), 2, 1, 9, &out));
        QCOMPARE(out.size(), in.size());
        auto dbits = [](double d) {
            std::uint64_t b;
            std::memcpy(&b, &d, 8);
            return b;
        };
        for (std::size_t k = 0; k < in.size(); ++k) {
            const HcclTaskRecord &a = in[k], &b = out[k];
            QVERIFY2(a.device == b.device && a.modelId == b.modelId && a.iteration == b.iteration && a.plane == b.plane
                         && a.name == b.name && a.start == b.start && a.duration == b.duration && a.notifyId == b.notifyId
                         && dbits(a.durationEstimatedUs) == dbits(b.durationEstimatedUs) && a.streamId == b.streamId
                         && a.taskId == b.taskId && a.srcRank == b.srcRank && a.dstRank == b.dstRank
                         && a.transportType == b.transportType && a.sizeBytes == b.sizeBytes && a.dataType == b.dataType
                         && a.linkType == b.linkType && dbits(a.bandwidthGBps) == dbits(b.bandwidthGBps),
                     qPrintable(QStringLiteral("HCCL task %1").arg(k)));
        }
        for (std::size_t i = 0; i < bytes.size(); i += 3) {
            std::vector<unsigned char> bad = bytes;
            bad[i] ^= static_cast<unsigned char>(1u << (i % 8));
            std::vector<HcclTaskRecord> o;
            QVERIFY(!decodeHcclBlock(bad.data(), bad.size(), 2, 1, 9, &o));
            QVERIFY(o.empty());
        }
        for (std::size_t n = 0; n < bytes.size(); n += 7) {
            std::vector<HcclTaskRecord> o;
            QVERIFY(!decodeHcclBlock(bytes.data(), n, 2, 1, 9, &o));
        }
    }

    void crcIsTheStandardOne()
    {
        const char *s = "123456789";
        QCOMPARE(crc32(reinterpret_cast<const unsigned char *>(s), 9), 0xCBF43926u);
    }

    // The eight-bytes-at-a-time CRC equals the textbook bit-by-bit one at every length and
    // alignment (the writer checksums blocks of any size; blocks already stored must still check).
    void crcMatchesTheBitwiseDefinition()
    {
        auto bitwise = [](const unsigned char *p, std::size_t n) {
            std::uint32_t c = 0xFFFFFFFFu;
            for (std::size_t i = 0; i < n; ++i) {
                c ^= p[i];
                for (int k = 0; k < 8; ++k)
                    c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
            }
            return c ^ 0xFFFFFFFFu;
        };
        std::vector<unsigned char> data(300);
        std::uint32_t x = 12345;
        for (unsigned char &b : data) {
            x = x * 1103515245u + 12345u;
            b = static_cast<unsigned char>(x >> 16);
        }
        for (std::size_t offset = 0; offset < 8; ++offset)
            for (std::size_t n = 0; offset + n <= data.size(); n += (n < 40 ? 1 : 37))
                QCOMPARE(crc32(data.data() + offset, n), bitwise(data.data() + offset, n));
    }
};

QTEST_GUILESS_MAIN(TestStoreTaskBlock)
#include "test_store_task_block.moc"
