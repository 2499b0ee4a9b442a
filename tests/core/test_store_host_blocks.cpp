// Memory records (schema 8) and host ranges (schema 9) stored as column blocks
// (host_blocks.h): what the writer stores reads back field for field, in the order the
// schema-7 row tables gave (memory by time, then recorded order; an iteration's host
// ranges by start, then recorded order) even when batches overlap in time and a batch
// splits into several blocks; the SQL console's plain `memory_records` and `host_ranges`
// rows hold the same records; a schema-7 project's rows become blocks on upgrade with the
// same answers; damage to a block is a read error in every reader, never a crash.
#include "core/store/host_blocks.h"
#include "core/store/lod.h"
#include "core/store/project.h"
#include "core/store/schema.h"
#include "core/store/sql_console.h"
#include "block_test_support.h"
#include "test_store_fixture.h"
#include "tests/test_sql.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <sqlite3.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <map>
#include <random>
#include <tuple>

using namespace npuscope;
using namespace npuscope::store;
using blocktest::consoleRows;
using testsql::scalar;

namespace {

using Key = std::tuple<std::uint16_t, std::uint32_t, std::uint32_t>; // device, model, iteration

QString bitsOf(double d)
{
    std::uint64_t b = 0;
    std::memcpy(&b, &d, 8);
    return QString::number(b);
}

QString fields(const MemoryRecord &m)
{
    return QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8")
        .arg(m.device).arg(m.module ? 1 : 0).arg(m.component).arg(m.ts)
        .arg(bitsOf(m.allocatedMB), bitsOf(m.reservedMB), bitsOf(m.activeMB))
        .arg(std::int64_t(m.streamPtr));
}

QString fields(const HostRangeRecord &h)
{
    return QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8 %9 %10 %11 %12 %13 %14 %15")
        .arg(int(h.kind)).arg(h.device).arg(h.modelId).arg(h.iteration).arg(h.pid).arg(h.tid).arg(h.name)
        .arg(h.start).arg(h.duration).arg(h.category).arg(h.eventType).arg(h.payloadType)
        .arg(std::int64_t(h.payloadValue)).arg(h.messageType).arg(h.level);
}

constexpr std::uint32_t kModels[] = {1, 7};

// Batches of memory records on 2 devices and host ranges over 2 devices × 2 models × 3
// iterations: times jitter backwards within a batch and the batches overlap in time; one
// batch holds more than a block of one device's memory records and of one key's ranges.
std::vector<RecordBatch> makeBatches(std::uint64_t seed, bool withNaN)
{
    return blocktest::overlappingBatches(
        seed, {300, 9000, 2000, 17000},
        [](RecordBatch &batch, std::mt19937_64 &rng, TimeNs base, std::size_t i) {
            MemoryRecord m;
            m.device = std::uint16_t(rng() % 2);
            m.module = rng() % 4 == 0;
            m.component = StrId(rng() % 5);
            m.ts = base + TimeNs(i) * 100 - TimeNs(rng() % 5000) + (rng() % 4 == 0 ? 0 : TimeNs(rng() % 3));
            const auto value = [&]() -> double {
                switch (rng() % 5) {
                case 0: return -1;
                case 1: return double(rng() % 2'000'000) / 1000.0; // how the CSV prints MB
                case 2: return double(rng()) / 7.0;
                case 3: return -0.0;
                default: return 1e300 * double(rng() % 3);
                }
            };
            m.allocatedMB = value();
            m.reservedMB = value();
            m.activeMB = value();
            m.streamPtr = rng() % 3 == 0 ? 0 : 0xaaaa'0000'0000ull + rng() % 4;
            batch.memory.push_back(m);

            HostRangeRecord h;
            // Most ranges in one key, so one batch overflows a block of it.
            const bool hot = rng() % 2 == 0;
            h.device = hot ? 0 : std::uint16_t(rng() % 2);
            h.modelId = hot ? 1 : kModels[rng() % 2];
            h.iteration = hot ? 1 : std::uint32_t(1 + rng() % 3);
            h.kind = static_cast<HostRangeRecord::Kind>(rng() % 3);
            h.pid = 3096504;
            h.tid = std::uint32_t(3096504 + rng() % 3);
            h.name = StrId(100 + rng() % 50);
            h.start = base + TimeNs(i) * 97 - TimeNs(rng() % 20000);
            h.duration = rng() % 7 == 0 ? 0 : TimeNs(rng() % 100000);
            h.category = std::uint32_t(rng() % 3);
            h.eventType = StrId(rng() % 3);
            h.payloadType = std::uint32_t(rng() % 2);
            h.payloadValue = rng() % 5 == 0 ? ~0ull : rng() % 1000;
            h.messageType = StrId(rng() % 2);
            h.level = StrId(rng() % 6);
            batch.hostRanges.push_back(h);
        },
        // Extremes a file may hold.
        [withNaN](RecordBatch &batch) {
            MemoryRecord m;
            m.device = 1;
            m.ts = std::numeric_limits<TimeNs>::min() + 1;
            m.allocatedMB = withNaN ? std::numeric_limits<double>::quiet_NaN() : 5.0;
            m.streamPtr = ~0ull;
            batch.memory.push_back(m);
            m.ts = std::numeric_limits<TimeNs>::max();
            batch.memory.push_back(m);
            HostRangeRecord h;
            h.device = 1;
            h.modelId = 7;
            h.iteration = 3;
            h.start = std::numeric_limits<TimeNs>::max() - 5;
            h.duration = std::numeric_limits<TimeNs>::max();
            h.pid = ~0u;
            batch.hostRanges.push_back(h);
        });
}

std::vector<Key> allKeys()
{
    std::vector<Key> out;
    for (std::uint16_t d = 0; d < 2; ++d)
        for (std::uint32_t m : kModels)
            for (std::uint32_t it = 1; it <= 3; ++it)
                out.emplace_back(d, m, it);
    return out;
}

// What the schema-7 readers gave: a device's memory by (ts, recorded order), an
// iteration's host ranges by (start, recorded order).
std::vector<QString> expectedMemory(const std::vector<RecordBatch> &batches, std::uint16_t device)
{
    return blocktest::expectedFields(
        batches, &RecordBatch::memory, [device](const MemoryRecord &m) { return m.device == device; },
        [](const MemoryRecord &a, const MemoryRecord &b) { return a.ts < b.ts; }, fields);
}

std::vector<QString> expectedRanges(const std::vector<RecordBatch> &batches, const Key &k)
{
    return blocktest::expectedFields(
        batches, &RecordBatch::hostRanges,
        [&k](const HostRangeRecord &h) { return Key(h.device, h.modelId, h.iteration) == k; },
        [](const HostRangeRecord &a, const HostRangeRecord &b) { return a.start < b.start; }, fields);
}

// The whole session's host ranges as the timeline reads them: by start, ties in storage
// order (batch, then key, then recorded order).
std::vector<QString> expectedTimelineRanges(const std::vector<RecordBatch> &batches)
{
    std::vector<std::tuple<TimeNs, std::size_t, Key, std::size_t, const HostRangeRecord *>> all;
    for (std::size_t b = 0; b < batches.size(); ++b)
        for (std::size_t i = 0; i < batches[b].hostRanges.size(); ++i) {
            const HostRangeRecord &h = batches[b].hostRanges[i];
            all.emplace_back(h.start, b, Key(h.device, h.modelId, h.iteration), i, &h);
        }
    std::sort(all.begin(), all.end());
    std::vector<QString> out;
    for (const auto &e : all)
        out.push_back(fields(*std::get<4>(e)));
    return out;
}

struct Read {
    bool ok = true;
    QString why;
    std::vector<QString> memory[2];
    std::map<Key, std::vector<QString>> ranges;
};

Read readBack(const QString &path)
{
    Read out;
    out.ok = blocktest::readFirstSession(path, &out.why, [&out](ProjectReader &reader) {
        for (std::uint16_t d = 0; d < 2; ++d)
            if (!reader.forEachMemory(d, [&](const MemoryRecord &m) { out.memory[d].push_back(fields(m)); return true; }))
                return false;
        for (const Key &k : allKeys()) {
            const IterationKey ik{std::get<0>(k), std::get<1>(k), std::get<2>(k)};
            auto &v = out.ranges[k];
            if (!reader.forEachHostRange(ik, [&](const HostRangeRecord &h) { v.push_back(fields(h)); return true; }))
                return false;
        }
        return true;
    });
    return out;
}


const char *kMemorySql = "SELECT device || ' ' || module || ' ' || component || ' ' || ts || ' ' || quote(allocated_mb) "
                         "|| ' ' || quote(reserved_mb) || ' ' || quote(active_mb) || ' ' || stream_ptr "
                         "FROM memory_records WHERE session = 1 ORDER BY device, ts, rowid";
const char *kRangeSql = "SELECT kind || ' ' || device || ' ' || model || ' ' || iteration || ' ' || pid || ' ' || tid "
                        "|| ' ' || name || ' ' || start || ' ' || duration || ' ' || category || ' ' || event_type || ' ' "
                        "|| payload_type || ' ' || payload_value || ' ' || message_type || ' ' || level FROM host_ranges "
                        "WHERE session = 1 ORDER BY device, model, iteration, start, rowid";

// A memory record's fields with its doubles as SQL's quote() prints them.
QString quoted(const MemoryRecord &m, const blocktest::SqlQuote &quote)
{
    QStringList v;
    for (double d : {m.allocatedMB, m.reservedMB, m.activeMB})
        v << quote(d);
    return QStringLiteral("%1 %2 %3 %4 ").arg(m.device).arg(m.module ? 1 : 0).arg(m.component).arg(m.ts) + v.join(QLatin1Char(' '))
           + QLatin1Char(' ') + QString::number(std::int64_t(m.streamPtr));
}

} // namespace

class StoreHostBlocksTest : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

private Q_SLOTS:
    void codecRoundTripsEveryField()
    {
        const std::vector<RecordBatch> batches = makeBatches(5, true);
        std::vector<const MemoryRecord *> ms;
        for (const MemoryRecord &m : batches[1].memory)
            if (m.device == 1)
                ms.push_back(&m);
        blocktest::expectCodecRoundTrips(ms, detail::encodeMemoryBlock, detail::decodeMemoryBlock, std::tuple{1}, fields, 97,
                                         0x04);
        QVERIFY(!QTest::currentTestFailed());

        std::vector<const HostRangeRecord *> hs;
        for (const HostRangeRecord &h : batches[1].hostRanges)
            hs.push_back(&h);
        hs.resize(std::min<std::size_t>(hs.size(), detail::kSessionBlockMax));
        blocktest::expectCodecRoundTrips(
            hs, detail::encodeHostRangeBlock, detail::decodeHostRangeBlock, std::tuple{IterationKey{1, 7, 3}}, fields, 101, 0x20,
            [](HostRangeRecord &want) {
                want.device = 1; // the block's key
                want.modelId = 7;
                want.iteration = 3;
            });
    }

    void readersGiveTheRowTablesOrderFieldForField()
    {
        const QString path = dir_.filePath(QStringLiteral("rt.npuscope"));
        const std::vector<RecordBatch> batches = makeBatches(11, true);
        blocktest::expectRecordedAsBlocks(path, batches, blocktest::Stored{&RecordBatch::memory, "memory_blocks", "memory_records"},
                                          blocktest::Stored{&RecordBatch::hostRanges, "host_range_blocks", "host_ranges"});
        QVERIFY(!QTest::currentTestFailed());

        const Read r = readBack(path);
        QVERIFY2(r.ok, qPrintable(r.why));
        for (std::uint16_t d = 0; d < 2; ++d)
            QCOMPARE(r.memory[d], expectedMemory(batches, d));
        for (const Key &k : allKeys())
            QCOMPARE(r.ranges.at(k), expectedRanges(batches, k));

        // The timeline's whole-session read.
        StoreError e{};
        QString msg;
        auto store = TimelineStore::open(path, 1, &e, &msg);
        QVERIFY2(store, qPrintable(msg));
        std::vector<HostRangeRecord> all;
        QVERIFY2(store->readHostRanges(&all), qPrintable(store->errorString()));
        std::vector<QString> got;
        for (const HostRangeRecord &h : all)
            got.push_back(fields(h));
        QCOMPARE(got, expectedTimelineRanges(batches));

        // The SQL console's plain rows: the same records (NaN reads as NULL), constraints honoured.
        std::vector<QString> want;
        for (const RecordBatch &b : batches)
            for (const HostRangeRecord &h : b.hostRanges)
                want.push_back(QStringLiteral("1 ") + fields(h));
        std::sort(want.begin(), want.end());
        QCOMPARE(consoleRows(path, QStringLiteral("SELECT session, kind, device, model, iteration, pid, tid, name, start, "
                                                  "duration, category, event_type, payload_type, payload_value, "
                                                  "message_type, level FROM host_ranges"),
                             &msg),
                 want);
        std::int64_t inKey = 0, onDevice = 0;
        for (const RecordBatch &b : batches) {
            for (const HostRangeRecord &h : b.hostRanges)
                inKey += h.device == 1 && h.modelId == 7 && h.iteration == 2;
            for (const MemoryRecord &m : b.memory)
                onDevice += m.device == 1;
        }
        QCOMPARE(consoleRows(path, QStringLiteral("SELECT COUNT(*) FROM host_ranges WHERE device = 1 AND model = 7 AND iteration = 2"),
                             &msg),
                 std::vector<QString>{QString::number(inKey)});
        QCOMPARE(consoleRows(path, QStringLiteral("SELECT COUNT(*), COUNT(allocated_mb) FROM memory_records WHERE device = 1"), &msg),
                 std::vector<QString>{QStringLiteral("%1 %2").arg(onDevice).arg(onDevice - 2)}); // the two NaNs are NULL
        QCOMPARE(consoleRows(path, QStringLiteral("DELETE FROM memory_records"), &msg), std::vector<QString>{QStringLiteral("failed")});
        std::vector<QString> wantMemory;
        for (const RecordBatch &b : batches)
            for (const MemoryRecord &m : b.memory)
                if (!std::isnan(m.allocatedMB))
                    wantMemory.push_back(QStringLiteral("1 ") + fields(m));
        std::sort(wantMemory.begin(), wantMemory.end());
        std::vector<QString> gotMemory;
        {
            SqlConsole c;
            SqlConsole::Result res;
            QVERIFY2(c.open(path, &msg), qPrintable(msg));
            QVERIFY2(c.run(QStringLiteral("SELECT session, device, module, component, ts, allocated_mb, reserved_mb, active_mb, "
                                          "stream_ptr FROM memory_records WHERE allocated_mb IS NOT NULL"),
                           &res, &msg),
                     qPrintable(msg));
            for (const QVariantList &row : res.rows) {
                MemoryRecord m;
                m.device = std::uint16_t(row[1].toLongLong());
                m.module = row[2].toLongLong() != 0;
                m.component = StrId(row[3].toLongLong());
                m.ts = row[4].toLongLong();
                m.allocatedMB = row[5].toDouble();
                m.reservedMB = row[6].toDouble();
                m.activeMB = row[7].toDouble();
                m.streamPtr = std::uint64_t(row[8].toLongLong());
                gotMemory.push_back(row[0].toString() + QLatin1Char(' ') + fields(m));
            }
        }
        std::sort(gotMemory.begin(), gotMemory.end());
        QCOMPARE(gotMemory, wantMemory);
        // rowid = block id * 65536 + place.
        QCOMPARE(scalar(path, "SELECT COUNT(*) FROM host_ranges WHERE rowid / 65536 NOT IN (SELECT id FROM host_range_blocks)"),
                 std::int64_t(0));
    }

    void aSchemaSevenProjectsRowsBecomeBlocks()
    {
        const QString p = dir_.filePath(QStringLiteral("v7.npuscope"));
        const std::vector<RecordBatch> batches = makeBatches(17, false);
        {
            detail::Db db;
            QVERIFY(blocktest::oldProject(p, 7, &db));
            detail::Stmt m, h;
            QCOMPARE(db.prepare("INSERT INTO memory_records(session, device, module, component, ts, allocated_mb, reserved_mb, "
                                "active_mb, stream_ptr) VALUES(1,?1,?2,?3,?4,?5,?6,?7,?8)", &m),
                     SQLITE_OK);
            QCOMPARE(db.prepare("INSERT INTO host_ranges(session, kind, device, model, iteration, pid, tid, name, start, duration, "
                                "category, event_type, payload_type, payload_value, message_type, level) "
                                "VALUES(1,?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12,?13,?14,?15)", &h),
                     SQLITE_OK);
            for (const RecordBatch &b : batches) {
                for (const MemoryRecord &x : b.memory)
                    QCOMPARE(blocktest::insertRow(m.get(), {x.device, x.module ? 1 : 0, x.component, x.ts, x.allocatedMB,
                                                            x.reservedMB, x.activeMB, std::int64_t(x.streamPtr)}),
                             SQLITE_DONE);
                for (const HostRangeRecord &x : b.hostRanges)
                    QCOMPARE(blocktest::insertRow(h.get(), {int(x.kind), x.device, x.modelId, x.iteration, x.pid, x.tid, x.name,
                                                            x.start, x.duration, x.category, x.eventType, x.payloadType,
                                                            std::int64_t(x.payloadValue), x.messageType, x.level}),
                             SQLITE_DONE);
            }
            QCOMPARE(db.exec("COMMIT"), SQLITE_OK);
        }
        // What the schema-7 tables answer, with SQLite's own ordering.
        const std::vector<QString> memory7 = blocktest::firstColumn(p, kMemorySql), ranges7 = blocktest::firstColumn(p, kRangeSql);
        QVERIFY(memory7.size() > 20000);
        QVERIFY(ranges7.size() > 20000);

        blocktest::Upgraded u;
        blocktest::expectUpgradedToBlocks(p, 7, "'memory_records', 'host_ranges'",
                                          {{"memory_blocks", memory7.size()}, {"host_range_blocks", ranges7.size()}}, &u);
        QVERIFY(!QTest::currentTestFailed());

        // The reader gives the schema-7 order field for field (values as SQL quoted them).
        const auto &reader = u.reader;
        QString msg;
        const blocktest::SqlQuote quote;
        std::vector<QString> memory9, ranges9;
        for (std::uint16_t d = 0; d < 2; ++d)
            QVERIFY(reader->forEachMemory(d, [&](const MemoryRecord &m) { memory9.push_back(quoted(m, quote)); return true; }));
        for (const Key &k : allKeys())
            QVERIFY(reader->forEachHostRange(IterationKey{std::get<0>(k), std::get<1>(k), std::get<2>(k)},
                                             [&](const HostRangeRecord &h) { ranges9.push_back(fields(h)); return true; }));
        QCOMPARE(memory9, memory7);
        QCOMPARE(ranges9, ranges7);
        // And the SQL console answers the schema-7 queries as before.
        QCOMPARE(consoleRows(p, QString::fromLatin1(kMemorySql), &msg, false), memory7);
        QCOMPARE(consoleRows(p, QString::fromLatin1(kRangeSql), &msg, false), ranges7);
    }

    void damageIsAReadError_data() { blocktest::addDamageRows(); }
    void damageIsAReadError()
    {
        QFETCH(QString, damage);
        blocktest::expectDamagedTablesFail(
            dir_.path(), makeBatches(23, true), damage,
            {{"memory_blocks", "SELECT COUNT(*), TOTAL(ts) FROM memory_records"},
             {"host_range_blocks", "SELECT COUNT(*), TOTAL(start) FROM host_ranges"}},
            [](const QString &path) {
                const Read r = readBack(path);
                return r.ok ? QString() : r.why;
            },
            [](const QString &path, const char *table) {
                if (QLatin1String(table) != QLatin1String("host_range_blocks"))
                    return;
                StoreError e{};
                QString msg;
                auto store = TimelineStore::open(path, 1, &e, &msg);
                std::vector<HostRangeRecord> all;
                QVERIFY(!store || !store->readHostRanges(&all));
                if (store)
                    QVERIFY2(blocktest::saysDamaged(store->errorString()), qPrintable(store->errorString()));
            });
    }
};

QTEST_GUILESS_MAIN(StoreHostBlocksTest)
#include "test_store_host_blocks.moc"
