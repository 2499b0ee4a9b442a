// Task attributes and operator memory stored as column blocks (schema 10, op_blocks.h):
// what the writer stores reads back field for field, in the order the schema-9 row tables
// gave (a device's task attributes by stream, start, then recorded order; its operator
// allocations by allocation time, then recorded order) even when batches overlap in time
// and a batch splits into several blocks; the SQL console's plain `task_attrs` and
// `op_memory` rows hold the same records; a schema-9 project's rows become blocks on
// upgrade with the same answers; damage to a block is a read error, never a crash or a
// wrong answer.
#include "core/store/op_blocks.h"
#include "core/store/project.h"
#include "core/store/schema.h"
#include "core/store/session_remove.h"
#include "core/store/sql_console.h"
#include "block_test_support.h"
#include "test_store_fixture.h"
#include "tests/test_sql.h"

#include <QTemporaryDir>
#include <QtTest>

#include <sqlite3.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>

using namespace npuscope;
using namespace npuscope::store;
using blocktest::consoleRows;
using testsql::scalar;

namespace {

QString fields(const TaskAttrRecord &a)
{
    return QStringLiteral("%1 %2 %3 %4 %5 %6").arg(a.device).arg(a.streamId).arg(a.taskId).arg(a.start).arg(a.key).arg(a.value);
}

// An allocation's fields with its doubles as `num` prints them: their bits (round trips
// must be exact) or SQL's quote() (what the row tables and the console print).
template<typename Num>
QString opFields(const OpMemoryRecord &m, const Num &num)
{
    QStringList v{QString::number(m.device), QString::number(m.name), num(m.sizeKB), QString::number(m.allocated),
                  QString::number(m.released), QString::number(m.activeReleased)};
    for (double d : {m.allocTotalAllocatedMB, m.allocTotalReservedMB, m.allocTotalActiveMB, m.releaseTotalAllocatedMB,
                     m.releaseTotalReservedMB, m.releaseTotalActiveMB})
        v << num(d);
    v << QString::number(std::int64_t(m.streamPtr));
    return v.join(QLatin1Char(' '));
}

QString fields(const OpMemoryRecord &m)
{
    return opFields(m, [](double d) {
        std::uint64_t b = 0;
        std::memcpy(&b, &d, 8);
        return QString::number(b);
    });
}

// Batches of task attributes and operator allocations on 2 devices: times jitter backwards
// within a batch and the batches overlap in time; one batch holds more than a block of one
// (device, stream)'s attributes and of one device's allocations.
std::vector<RecordBatch> makeBatches(std::uint64_t seed, bool withNaN)
{
    std::uint32_t taskId = 11000;
    const StrId keys[] = {16, 18, 40, 3};
    return blocktest::overlappingBatches(
        seed, {300, 9000, 2000, 700, 17000, 1500},
        [&taskId, &keys](RecordBatch &batch, std::mt19937_64 &rng, TimeNs base, std::size_t i) {
            // A task with one to three attributes sharing its key fields.
            TaskAttrRecord a;
            const bool hot = rng() % 4 != 0; // most on one stream, so a batch overflows a block of it
            a.device = hot ? 0 : std::uint16_t(rng() % 2);
            a.streamId = hot ? 5 : std::uint32_t(rng() % 3);
            a.taskId = rng() % 9 == 0 ? std::uint32_t(rng()) : taskId++;
            a.start = base + TimeNs(i) * 100 - TimeNs(rng() % 5000) + (rng() % 4 == 0 ? 0 : TimeNs(rng() % 3));
            const std::size_t attrs = 1 + rng() % 3;
            for (std::size_t k = 0; k < attrs; ++k) {
                a.key = keys[(k + rng() % 2) % std::size(keys)];
                a.value = rng() % 3 == 0 ? StrId(rng() % 100000) : StrId(17 + rng() % 4);
                batch.taskAttrs.push_back(a);
            }

            OpMemoryRecord m;
            m.device = rng() % 4 != 0 ? 0 : 1;
            m.name = StrId(1000 + rng() % 60);
            const auto mb = [&]() -> double {
                switch (rng() % 6) {
                case 0: return -1;
                case 1: return double(rng() % 2'000'000) / 1000.0;               // how the CSV prints MB
                case 2: return double(rng() % (std::uint64_t(1) << 40)) / 1048576.0; // whole bytes
                case 3: return double(rng()) / 7.0;
                case 4: return -0.0;
                default: return 1e300 * double(rng() % 3);
                }
            };
            m.sizeKB = rng() % 3 == 0 ? double(rng() % 100000) / 1024.0 : mb();
            m.allocated = rng() % 20 == 0 ? -1 : base + TimeNs(i) * 97 - TimeNs(rng() % 20000);
            m.released = rng() % 4 == 0 ? -1 : m.allocated + TimeNs(rng() % 40'000'000);
            m.activeReleased = rng() % 3 == 0 ? -1 : (m.released == -1 ? m.allocated : m.released) - TimeNs(rng() % 600);
            m.allocTotalAllocatedMB = mb();
            m.allocTotalReservedMB = mb();
            m.allocTotalActiveMB = rng() % 2 ? m.allocTotalAllocatedMB : mb();
            m.releaseTotalAllocatedMB = mb();
            m.releaseTotalReservedMB = mb();
            m.releaseTotalActiveMB = rng() % 2 ? m.releaseTotalAllocatedMB : mb();
            m.streamPtr = rng() % 5 == 0 ? 0 : 733279888 + rng() % 3;
            batch.opMemory.push_back(m);
        },
        // Extremes a file may hold.
        [withNaN](RecordBatch &batch) {
            TaskAttrRecord a;
            a.device = 1;
            a.streamId = ~0u;
            a.taskId = ~0u;
            a.start = std::numeric_limits<TimeNs>::min() + 1;
            a.key = ~0u;
            a.value = ~0u;
            batch.taskAttrs.push_back(a);
            a.start = std::numeric_limits<TimeNs>::max();
            a.value = 0;
            batch.taskAttrs.push_back(a);
            OpMemoryRecord m;
            m.device = 1;
            m.allocated = std::numeric_limits<TimeNs>::min() + 1;
            m.released = std::numeric_limits<TimeNs>::max();
            m.activeReleased = std::numeric_limits<TimeNs>::min();
            m.sizeKB = withNaN ? std::numeric_limits<double>::quiet_NaN() : 5.0;
            m.releaseTotalActiveMB = withNaN ? -std::numeric_limits<double>::quiet_NaN() : -0.0;
            m.allocTotalReservedMB = std::numeric_limits<double>::infinity();
            m.streamPtr = ~0ull;
            batch.opMemory.push_back(m);
            m.allocated = std::numeric_limits<TimeNs>::max();
            m.released = -1;
            batch.opMemory.push_back(m);
        });
}

// What the schema-9 readers gave: a device's task attributes by (stream, start, recorded
// order), its allocations by (allocated, recorded order).
std::vector<QString> expectedAttrs(const std::vector<RecordBatch> &batches, std::uint16_t device)
{
    return blocktest::expectedFields(
        batches, &RecordBatch::taskAttrs, [device](const TaskAttrRecord &a) { return a.device == device; },
        [](const TaskAttrRecord &a, const TaskAttrRecord &b) {
            return a.streamId != b.streamId ? a.streamId < b.streamId : a.start < b.start;
        },
        fields);
}

std::vector<QString> expectedOps(const std::vector<RecordBatch> &batches, std::uint16_t device)
{
    return blocktest::expectedFields(
        batches, &RecordBatch::opMemory, [device](const OpMemoryRecord &m) { return m.device == device; },
        [](const OpMemoryRecord &a, const OpMemoryRecord &b) { return a.allocated < b.allocated; }, fields);
}

struct Read {
    bool ok = true;
    QString why;
    std::vector<QString> attrs[2], ops[2];
};

template<typename Print>
Read readBack(const QString &path, Print printOp)
{
    Read out;
    out.ok = blocktest::readFirstSession(path, &out.why, [&out, &printOp](ProjectReader &reader) {
        for (std::uint16_t d = 0; d < 2; ++d)
            if (!reader.forEachTaskAttr(d, [&](const TaskAttrRecord &a) { out.attrs[d].push_back(fields(a)); return true; })
                || !reader.forEachOpMemory(d, [&](const OpMemoryRecord &m) { out.ops[d].push_back(printOp(m)); return true; }))
                return false;
        return true;
    });
    return out;
}

Read readBack(const QString &path)
{
    return readBack(path, [](const OpMemoryRecord &m) { return fields(m); });
}

const char *kAttrSql = "SELECT device || ' ' || stream || ' ' || task_id || ' ' || start || ' ' || key || ' ' || value "
                       "FROM task_attrs WHERE session = 1 ORDER BY device, stream, start, rowid";
const char *kOpSql =
    "SELECT device || ' ' || name || ' ' || quote(size_kb) || ' ' || allocated || ' ' || released || ' ' || "
    "active_released || ' ' || quote(alloc_total_allocated_mb) || ' ' || quote(alloc_total_reserved_mb) || ' ' || "
    "quote(alloc_total_active_mb) || ' ' || quote(release_total_allocated_mb) || ' ' || "
    "quote(release_total_reserved_mb) || ' ' || quote(release_total_active_mb) || ' ' || stream_ptr "
    "FROM op_memory WHERE session = 1 ORDER BY device, allocated, rowid";

} // namespace

class StoreOpBlocksTest : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

private Q_SLOTS:
    void codecRoundTripsEveryField()
    {
        const std::vector<RecordBatch> batches = makeBatches(5, true);
        // The last block's worth of a batch's attributes, with the extremes.
        std::vector<const TaskAttrRecord *> as;
        for (std::size_t i = batches[1].taskAttrs.size() - detail::kSessionBlockMax; i < batches[1].taskAttrs.size(); ++i)
            as.push_back(&batches[1].taskAttrs[i]);
        blocktest::expectCodecRoundTrips(as, detail::encodeTaskAttrBlock, detail::decodeTaskAttrBlock, std::tuple{1, 9},
                                         fields, 89, 0x04, [](TaskAttrRecord &want) {
                                             want.device = 1; // the block's key
                                             want.streamId = 9;
                                         });
        QVERIFY(!QTest::currentTestFailed());

        std::vector<const OpMemoryRecord *> ms;
        for (const OpMemoryRecord &m : batches[1].opMemory)
            if (m.device == 1)
                ms.push_back(&m);
        QVERIFY(std::isnan(ms.back()->sizeKB)); // the extremes are in
        blocktest::expectCodecRoundTrips(ms, detail::encodeOpMemoryBlock, detail::decodeOpMemoryBlock, std::tuple{1}, fields, 97,
                                         0x20);
        QVERIFY(!QTest::currentTestFailed());
        // Nothing but a well-formed block: no bytes, or more records than a block holds.
        std::vector<OpMemoryRecord> mback;
        QVERIFY(!detail::decodeOpMemoryBlock(nullptr, 0, 1, &mback));
        as.push_back(as.front());
        std::vector<unsigned char> bytes;
        detail::encodeTaskAttrBlock(as.data(), as.size(), &bytes);
        std::vector<TaskAttrRecord> back(3);
        QVERIFY(!detail::decodeTaskAttrBlock(bytes.data(), bytes.size(), 1, 9, &back));
        QCOMPARE(back.size(), std::size_t(3)); // left as it was
    }

    void readersGiveTheRowTablesOrderFieldForField()
    {
        const QString path = dir_.filePath(QStringLiteral("rt.npuscope"));
        const std::vector<RecordBatch> batches = makeBatches(11, true);
        blocktest::expectRecordedAsBlocks(path, batches, blocktest::Stored{&RecordBatch::taskAttrs, "task_attr_blocks", "task_attrs"},
                                          blocktest::Stored{&RecordBatch::opMemory, "op_memory_blocks", "op_memory"});
        QVERIFY(!QTest::currentTestFailed());

        const Read r = readBack(path);
        QVERIFY2(r.ok, qPrintable(r.why));
        for (std::uint16_t d = 0; d < 2; ++d) {
            QCOMPARE(r.attrs[d], expectedAttrs(batches, d));
            QCOMPARE(r.ops[d], expectedOps(batches, d));
        }
        // Stopping early stops.
        {
            QString msg;
            auto p = Project::open(path, Project::Mode::ReadOnly, nullptr, &msg);
            QVERIFY2(p, qPrintable(msg));
            auto reader = p->session(1, &msg);
            QVERIFY2(reader, qPrintable(msg));
            int n = 0;
            QVERIFY(reader->forEachTaskAttr(0, [&](const TaskAttrRecord &) { return ++n < 10; }));
            QCOMPARE(n, 10);
            n = 0;
            QVERIFY(reader->forEachOpMemory(0, [&](const OpMemoryRecord &) { return ++n < 10; }));
            QCOMPARE(n, 10);
        }

        // The SQL console's plain rows: the same records in the row tables' order (a NaN
        // reads as NULL, as quote() of a NaN bound to SQL does), constraints honoured.
        QString msg;
        const blocktest::SqlQuote quote;
        std::vector<QString> wantAttrs, wantOps;
        for (std::uint16_t d = 0; d < 2; ++d) {
            const std::vector<QString> a = expectedAttrs(batches, d);
            wantAttrs.insert(wantAttrs.end(), a.begin(), a.end());
            std::vector<OpMemoryRecord> mine;
            for (const RecordBatch &b : batches)
                for (const OpMemoryRecord &m : b.opMemory)
                    if (m.device == d)
                        mine.push_back(m);
            std::stable_sort(mine.begin(), mine.end(),
                             [](const OpMemoryRecord &x, const OpMemoryRecord &y) { return x.allocated < y.allocated; });
            for (const OpMemoryRecord &m : mine)
                wantOps.push_back(opFields(m, quote));
        }
        QCOMPARE(consoleRows(path, QString::fromLatin1(kAttrSql), &msg, false), wantAttrs);
        QCOMPARE(consoleRows(path, QString::fromLatin1(kOpSql), &msg, false), wantOps);
        std::int64_t onStream = 0, onDevice = 0;
        for (const RecordBatch &b : batches) {
            for (const TaskAttrRecord &a : b.taskAttrs)
                onStream += a.device == 1 && a.streamId == 2;
            for (const OpMemoryRecord &m : b.opMemory)
                onDevice += m.device == 1;
        }
        QCOMPARE(consoleRows(path, QStringLiteral("SELECT COUNT(*) FROM task_attrs WHERE device = 1 AND stream = 2"), &msg),
                 std::vector<QString>{QString::number(onStream)});
        QCOMPARE(consoleRows(path, QStringLiteral("SELECT COUNT(*), COUNT(size_kb) FROM op_memory WHERE device = 1"), &msg),
                 std::vector<QString>{QStringLiteral("%1 %2").arg(onDevice).arg(onDevice - 2)}); // the two NaNs are NULL
        QCOMPARE(consoleRows(path, QStringLiteral("DELETE FROM op_memory"), &msg), std::vector<QString>{QStringLiteral("failed")});
        QCOMPARE(consoleRows(path, QStringLiteral("UPDATE task_attrs SET value = 0"), &msg),
                 std::vector<QString>{QStringLiteral("failed")});
        // rowid = block id * 65536 + place.
        QCOMPARE(consoleRows(path, QStringLiteral("SELECT COUNT(*) FROM op_memory WHERE rowid / 65536 NOT IN (SELECT id FROM op_memory_blocks)"),
                             &msg),
                 std::vector<QString>{QStringLiteral("0")});
        QCOMPARE(consoleRows(path, QStringLiteral("SELECT COUNT(*) FROM task_attrs WHERE rowid / 65536 NOT IN (SELECT id FROM task_attr_blocks)"),
                             &msg),
                 std::vector<QString>{QStringLiteral("0")});

        // Removing the session removes its blocks (ON DELETE CASCADE).
        {
            StoreError e{};
            QVERIFY2(removeSession(path, 1, /*removeFileIfEmpty=*/false, &e, &msg), qPrintable(msg));
        }
        QCOMPARE(scalar(path, "SELECT COUNT(*) FROM task_attr_blocks"), std::int64_t(0));
        QCOMPARE(scalar(path, "SELECT COUNT(*) FROM op_memory_blocks"), std::int64_t(0));
    }

    void aSchemaNineProjectsRowsBecomeBlocks()
    {
        const QString p = dir_.filePath(QStringLiteral("v9.npuscope"));
        const std::vector<RecordBatch> batches = makeBatches(17, false);
        {
            detail::Db db;
            QVERIFY(blocktest::oldProject(p, 9, &db));
            detail::Stmt a, m;
            QCOMPARE(db.prepare("INSERT INTO task_attrs(session, device, stream, task_id, start, key, value) "
                                "VALUES(1,?1,?2,?3,?4,?5,?6)", &a),
                     SQLITE_OK);
            QCOMPARE(db.prepare("INSERT INTO op_memory(session, device, name, size_kb, allocated, released, active_released, "
                                "alloc_total_allocated_mb, alloc_total_reserved_mb, alloc_total_active_mb, "
                                "release_total_allocated_mb, release_total_reserved_mb, release_total_active_mb, stream_ptr) "
                                "VALUES(1,?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12,?13)", &m),
                     SQLITE_OK);
            for (const RecordBatch &b : batches) {
                // Interleaved as the schema-9 writer inserted them: a batch's allocations, then its attributes.
                for (const OpMemoryRecord &x : b.opMemory)
                    QCOMPARE(blocktest::insertRow(m.get(), {x.device, x.name, x.sizeKB, x.allocated, x.released, x.activeReleased,
                                                            x.allocTotalAllocatedMB, x.allocTotalReservedMB, x.allocTotalActiveMB,
                                                            x.releaseTotalAllocatedMB, x.releaseTotalReservedMB,
                                                            x.releaseTotalActiveMB, std::int64_t(x.streamPtr)}),
                             SQLITE_DONE);
                for (const TaskAttrRecord &x : b.taskAttrs)
                    QCOMPARE(blocktest::insertRow(a.get(), {x.device, x.streamId, x.taskId, x.start, x.key, x.value}), SQLITE_DONE);
            }
            QCOMPARE(db.exec("COMMIT"), SQLITE_OK);
        }
        // What the schema-9 tables answer, with SQLite's own ordering.
        const std::vector<QString> attrs9 = blocktest::firstColumn(p, kAttrSql), ops9 = blocktest::firstColumn(p, kOpSql);
        QVERIFY(attrs9.size() > 40000);
        QVERIFY(ops9.size() > 20000);

        blocktest::Upgraded u;
        blocktest::expectUpgradedToBlocks(p, 9, "'task_attrs', 'op_memory'",
                                          {{"task_attr_blocks", attrs9.size()}, {"op_memory_blocks", ops9.size()}}, &u);
        QVERIFY(!QTest::currentTestFailed());
        QVERIFY(QFile::exists(p + QStringLiteral(".v9.bak")));
        QCOMPARE(scalar(p, "SELECT COUNT(*) FROM sqlite_master WHERE name IN ('task_attrs_by_task', 'op_memory_by_device')"),
                 std::int64_t(0));
        QCOMPARE(scalar(p, "SELECT MAX(n) FROM task_attr_blocks"), std::int64_t(detail::kSessionBlockMax));

        // The reader gives the schema-9 order field for field (values as SQL quoted them).
        const blocktest::SqlQuote quote;
        const Read r = readBack(p, [&quote](const OpMemoryRecord &m) { return opFields(m, quote); });
        QVERIFY2(r.ok, qPrintable(r.why));
        std::vector<QString> attrs10, ops10;
        for (std::uint16_t d = 0; d < 2; ++d) {
            attrs10.insert(attrs10.end(), r.attrs[d].begin(), r.attrs[d].end());
            ops10.insert(ops10.end(), r.ops[d].begin(), r.ops[d].end());
        }
        QCOMPARE(attrs10, attrs9);
        QCOMPARE(ops10, ops9);
        // And the SQL console answers the schema-9 queries as before.
        QString msg;
        QCOMPARE(consoleRows(p, QString::fromLatin1(kAttrSql), &msg, false), attrs9);
        QCOMPARE(consoleRows(p, QString::fromLatin1(kOpSql), &msg, false), ops9);
    }

    void damageIsAReadError_data() { blocktest::addDamageRows(); }
    void damageIsAReadError()
    {
        QFETCH(QString, damage);
        blocktest::expectDamagedTablesFail(
            dir_.path(), makeBatches(23, true), damage,
            {{"task_attr_blocks", "SELECT COUNT(*), TOTAL(start) FROM task_attrs"},
             {"op_memory_blocks", "SELECT COUNT(*), TOTAL(allocated) FROM op_memory"}},
            [](const QString &path) {
                const Read r = readBack(path);
                return r.ok ? QString() : r.why;
            });
    }
};

QTEST_GUILESS_MAIN(StoreOpBlocksTest)
#include "test_store_op_blocks.moc"
