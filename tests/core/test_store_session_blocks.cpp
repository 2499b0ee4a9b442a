// Counter samples and framework (Python) ranges stored as column blocks (schema 7,
// session_blocks.h): what the writer stores reads back field for field, in the order the
// schema-6 row tables gave (counters by series, time, then recorded order; ranges by
// start, then recorded order) even when batches overlap in time and a batch splits into
// several blocks; the SQL console's plain `counters` and `python_ranges` rows hold the
// same records; a schema-6 project's rows become blocks on upgrade with the same answers;
// damage to a block is a read error in every reader, never a crash or a wrong answer.
#include "core/store/project.h"
#include "core/store/schema.h"
#include "core/store/session_blocks.h"
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
#include <random>
#include <tuple>

using namespace npuscope;
using namespace npuscope::store;
using blocktest::consoleRows;
using storetest::Generator;
using testsql::scalar;

namespace {

QString fields(const CounterRecord &c)
{
    std::uint64_t bits = 0;
    std::memcpy(&bits, &c.value, 8);
    return QStringLiteral("%1 %2 %3 %4 %5 %6").arg(c.device).arg(c.track).arg(c.name).arg(c.unit).arg(c.ts).arg(bits);
}

QString fields(const PythonRangeRecord &r)
{
    return QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8 %9 %10 %11 %12 %13")
        .arg(r.device).arg(r.pid).arg(r.tid).arg(r.name).arg(r.category).arg(r.start).arg(r.duration)
        .arg(r.callStack).arg(r.inputShapes).arg(r.inputTypes).arg(r.sequence)
        .arg(std::int64_t(r.fwdThread)).arg(std::int64_t(r.correlation)); // as SQL shows them
}

// Batches of counters and ranges on 2 devices: times jitter backwards within a batch and
// the batches overlap in time (as a trace file not sorted by time gives them); one batch
// holds more than a block of one series and of one device's ranges.
std::vector<RecordBatch> makeBatches(std::uint64_t seed)
{
    return blocktest::overlappingBatches(
        seed, {300, 9000, 2000, 17000},
        [](RecordBatch &batch, std::mt19937_64 &rng, TimeNs base, std::size_t i) {
            CounterRecord c;
            c.device = std::uint16_t(rng() % 2);
            c.name = StrId(1 + rng() % 3);
            c.track = StrId(10 + c.name);
            c.unit = StrId(20 + rng() % 2);
            // Mostly rising, sometimes back, often repeated times.
            c.ts = base + TimeNs(i) * 100 - TimeNs(rng() % 5000) + (rng() % 4 == 0 ? 0 : TimeNs(rng() % 3));
            const int kind = int(rng() % 4);
            c.value = kind == 0 ? double(rng() % 2000) : kind == 1 ? double(rng()) / 3.0 : kind == 2 ? -0.0 : 1e300 * double(rng() % 3);
            batch.counters.push_back(c);

            PythonRangeRecord r;
            r.device = std::uint16_t(rng() % 2);
            r.pid = 3096504;
            r.tid = std::uint32_t(3096504 + rng() % 3);
            r.name = StrId(100 + rng() % 50);
            r.category = StrId(200 + rng() % 3);
            r.start = base + TimeNs(i) * 97 - TimeNs(rng() % 20000);
            r.duration = rng() % 7 == 0 ? 0 : TimeNs(rng() % 100000);
            r.callStack = StrId(rng() % 4 == 0 ? 0 : 300 + rng() % 10);
            r.inputShapes = StrId(rng() % 40);
            r.inputTypes = StrId(rng() % 40);
            r.sequence = rng() % 3 == 0 ? -1 : std::int64_t(rng() % 100000);
            r.fwdThread = rng() % 2 ? 0 : rng();
            r.correlation = rng() % 5 == 0 ? ~0ull : rng() % 1000;
            batch.pythonRanges.push_back(r);
        },
        // Extremes a file may hold.
        [](RecordBatch &batch) {
            CounterRecord c;
            c.device = 1;
            c.name = 2;
            c.ts = std::numeric_limits<TimeNs>::min() + 1;
            c.value = std::numeric_limits<double>::quiet_NaN();
            batch.counters.push_back(c);
            c.ts = std::numeric_limits<TimeNs>::max();
            batch.counters.push_back(c);
            PythonRangeRecord r;
            r.device = 0;
            r.start = std::numeric_limits<TimeNs>::max() - 5;
            r.duration = std::numeric_limits<TimeNs>::max();
            batch.pythonRanges.push_back(r);
        });
}

// What the schema-6 readers gave: per device, counters by (name, ts, recorded order) and
// ranges by (start, recorded order).
std::vector<QString> expectedCounters(const std::vector<RecordBatch> &batches, std::uint16_t device)
{
    return blocktest::expectedFields(
        batches, &RecordBatch::counters, [device](const CounterRecord &c) { return c.device == device; },
        [](const CounterRecord &a, const CounterRecord &b) { return std::tie(a.name, a.ts) < std::tie(b.name, b.ts); },
        fields);
}

std::vector<QString> expectedRanges(const std::vector<RecordBatch> &batches, std::uint16_t device)
{
    return blocktest::expectedFields(
        batches, &RecordBatch::pythonRanges, [device](const PythonRangeRecord &r) { return r.device == device; },
        [](const PythonRangeRecord &a, const PythonRangeRecord &b) { return a.start < b.start; }, fields);
}

struct Read {
    bool ok = true;
    QString why;
    std::vector<QString> counters[2], ranges[2];
};

Read readBack(const QString &path)
{
    Read out;
    out.ok = blocktest::readFirstSession(path, &out.why, [&out](ProjectReader &reader) {
        for (std::uint16_t d = 0; d < 2; ++d)
            if (!reader.forEachCounter(d, [&](const CounterRecord &c) { out.counters[d].push_back(fields(c)); return true; })
                || !reader.forEachPythonRange(d, [&](const PythonRangeRecord &r) { out.ranges[d].push_back(fields(r)); return true; }))
                return false;
        return true;
    });
    return out;
}


} // namespace

class StoreSessionBlocksTest : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

private Q_SLOTS:
    void codecRoundTripsEveryField()
    {
        const std::vector<RecordBatch> batches = makeBatches(5);
        std::vector<const CounterRecord *> cs;
        for (const CounterRecord &c : batches[1].counters)
            if (c.device == 1 && c.name == 2)
                cs.push_back(&c);
        blocktest::expectCodecRoundTrips(cs, detail::encodeCounterBlock, detail::decodeCounterBlock, std::tuple{1, 2}, fields,
                                         97, 0x04);
        QVERIFY(!QTest::currentTestFailed());

        std::vector<const PythonRangeRecord *> rs;
        for (const PythonRangeRecord &r : batches[1].pythonRanges)
            rs.push_back(&r);
        rs.resize(std::min<std::size_t>(rs.size(), detail::kSessionBlockMax));
        blocktest::expectCodecRoundTrips(rs, detail::encodePythonRangeBlock, detail::decodePythonRangeBlock, std::tuple{0},
                                         fields, 97, 0x04, [](PythonRangeRecord &want) { want.device = 0; }); // the block's key
    }

    void readersGiveTheRowTablesOrderFieldForField()
    {
        const QString path = dir_.filePath(QStringLiteral("rt.npuscope"));
        const std::vector<RecordBatch> batches = makeBatches(11);
        blocktest::expectRecordedAsBlocks(path, batches,
                                          blocktest::Stored{&RecordBatch::pythonRanges, "python_range_blocks", "python_ranges"});
        QVERIFY(!QTest::currentTestFailed());
        // The counters as expectStoredAsBlocks checks a kind, but for how full the largest block is.
        std::int64_t counters = 0;
        for (const RecordBatch &b : batches)
            counters += std::int64_t(b.counters.size());
        QCOMPARE(scalar(path, "SELECT SUM(n) FROM counter_blocks"), counters);
        QCOMPARE(scalar(path, "SELECT COUNT(*) FROM sqlite_master WHERE name IN ('counters', 'python_ranges')"), std::int64_t(0));
        QCOMPARE(scalar(path, "SELECT n FROM record_counts WHERE kind = 'counters'"), counters);

        const Read r = readBack(path);
        QVERIFY2(r.ok, qPrintable(r.why));
        for (std::uint16_t d = 0; d < 2; ++d) {
            QCOMPARE(r.counters[d], expectedCounters(batches, d));
            QCOMPARE(r.ranges[d], expectedRanges(batches, d));
        }

        // The SQL console's plain rows: the same records, constraints honoured.
        std::vector<QString> want;
        for (const RecordBatch &b : batches)
            for (const CounterRecord &c : b.counters)
                want.push_back(QStringLiteral("1 ") + fields(c));
        std::sort(want.begin(), want.end());
        QString msg;
        std::vector<QString> got;
        {
            SqlConsole c;
            SqlConsole::Result res;
            QVERIFY2(c.open(path, &msg), qPrintable(msg));
            QVERIFY2(c.run(QStringLiteral("SELECT session, device, track, name, unit, ts, value FROM counters"), &res, &msg),
                     qPrintable(msg));
            for (const QVariantList &row : res.rows) {
                CounterRecord cr;
                cr.device = std::uint16_t(row[1].toLongLong());
                cr.track = StrId(row[2].toLongLong());
                cr.name = StrId(row[3].toLongLong());
                cr.unit = StrId(row[4].toLongLong());
                cr.ts = row[5].toLongLong();
                cr.value = row[6].isNull() ? std::numeric_limits<double>::quiet_NaN() : row[6].toDouble();
                got.push_back(row[0].toString() + QLatin1Char(' ') + fields(cr));
            }
            std::sort(got.begin(), got.end());
            QCOMPARE(got, want); // NaN reads back as NULL in SQL

            std::int64_t inKey = 0, onDevice = 0;
            for (const RecordBatch &b : batches) {
                for (const CounterRecord &cr : b.counters)
                    inKey += cr.device == 1 && cr.name == 2;
                for (const PythonRangeRecord &pr : b.pythonRanges)
                    onDevice += pr.device == 1;
            }
            blocktest::expectConsoleCounts(
                c, {{QStringLiteral("SELECT COUNT(*) FROM counters WHERE session = 1 AND device = 1 AND name = 2"), inKey},
                    {QStringLiteral("SELECT COUNT(*) FROM python_ranges WHERE device = 1"), onDevice}});
            QVERIFY(!QTest::currentTestFailed());
            QVERIFY(!c.run(QStringLiteral("DELETE FROM python_ranges"), &res, &msg)); // read-only
        }
        std::vector<QString> wantRanges;
        for (const RecordBatch &b : batches)
            for (const PythonRangeRecord &pr : b.pythonRanges)
                wantRanges.push_back(QStringLiteral("1 ") + fields(pr));
        std::sort(wantRanges.begin(), wantRanges.end());
        QCOMPARE(consoleRows(path, QStringLiteral("SELECT session, device, pid, tid, name, category, start, duration, call_stack, "
                                                  "input_shapes, input_types, sequence, fwd_thread, correlation FROM python_ranges"),
                             &msg),
                 wantRanges);
        // The plain rows come in recorded order per block: rowid = block id * 65536 + place.
        QCOMPARE(scalar(path, "SELECT COUNT(*) FROM python_ranges WHERE rowid / 65536 NOT IN (SELECT id FROM python_range_blocks)"),
                 std::int64_t(0));
    }

    void aSchemaSixProjectsRowsBecomeBlocks()
    {
        const QString p = dir_.filePath(QStringLiteral("v6.npuscope"));
        const std::vector<RecordBatch> batches = makeBatches(17);
        {
            detail::Db db;
            QVERIFY(blocktest::oldProject(p, 6, &db));
            detail::Stmt c, r;
            QCOMPARE(db.prepare("INSERT INTO counters(session, device, track, name, unit, ts, value) VALUES(1,?1,?2,?3,?4,?5,?6)", &c),
                     SQLITE_OK);
            QCOMPARE(db.prepare("INSERT INTO python_ranges(session, device, pid, tid, name, category, start, duration, call_stack, "
                                "input_shapes, input_types, sequence, fwd_thread, correlation) "
                                "VALUES(1,?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12,?13)", &r),
                     SQLITE_OK);
            for (const RecordBatch &b : batches) {
                for (const CounterRecord &x : b.counters) {
                    if (std::isnan(x.value))
                        continue; // a REAL column holds no NaN (SQLite binds it as NULL)
                    QCOMPARE(blocktest::insertRow(c.get(), {x.device, x.track, x.name, x.unit, x.ts, x.value}), SQLITE_DONE);
                }
                for (const PythonRangeRecord &x : b.pythonRanges)
                    QCOMPARE(blocktest::insertRow(r.get(), {x.device, x.pid, x.tid, x.name, x.category, x.start, x.duration,
                                                            x.callStack, x.inputShapes, x.inputTypes, x.sequence,
                                                            std::int64_t(x.fwdThread), std::int64_t(x.correlation)}),
                             SQLITE_DONE);
            }
            QCOMPARE(db.exec("COMMIT"), SQLITE_OK);
        }
        // What the schema-6 tables answer, with SQLite's own ordering.
        const char *counterSql = "SELECT device || ' ' || track || ' ' || name || ' ' || unit || ' ' || ts || ' ' || quote(value) "
                                 "FROM counters WHERE session = 1 ORDER BY device, name, ts, rowid";
        const char *rangeSql = "SELECT device || ' ' || pid || ' ' || tid || ' ' || name || ' ' || category || ' ' || start "
                               "|| ' ' || duration || ' ' || call_stack || ' ' || input_shapes || ' ' || input_types || ' ' "
                               "|| sequence || ' ' || fwd_thread || ' ' || correlation FROM python_ranges WHERE session = 1 "
                               "ORDER BY device, start, rowid";
        const std::vector<QString> counters6 = blocktest::firstColumn(p, counterSql), ranges6 = blocktest::firstColumn(p, rangeSql);
        QVERIFY(counters6.size() > 20000);

        blocktest::Upgraded u;
        blocktest::expectUpgradedToBlocks(p, 6, "'counters', 'python_ranges'", {{"counter_blocks", counters6.size()}}, &u);
        QVERIFY(!QTest::currentTestFailed());

        // The reader gives the schema-6 order field for field (values as SQL quoted them).
        const auto &reader = u.reader;
        QString msg;
        const blocktest::SqlQuote quote;
        std::vector<QString> counters7, ranges7;
        for (std::uint16_t d = 0; d < 2; ++d) {
            QVERIFY(reader->forEachCounter(d, [&](const CounterRecord &c) {
                counters7.push_back(QStringLiteral("%1 %2 %3 %4 %5 ").arg(c.device).arg(c.track).arg(c.name).arg(c.unit).arg(c.ts)
                                    + quote(c.value));
                return true;
            }));
            QVERIFY(reader->forEachPythonRange(d, [&](const PythonRangeRecord &r) {
                ranges7.push_back(QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8 %9 %10 %11 %12 %13")
                                      .arg(r.device).arg(r.pid).arg(r.tid).arg(r.name).arg(r.category).arg(r.start)
                                      .arg(r.duration).arg(r.callStack).arg(r.inputShapes).arg(r.inputTypes).arg(r.sequence)
                                      .arg(std::int64_t(r.fwdThread)).arg(std::int64_t(r.correlation)));
                return true;
            }));
        }
        QCOMPARE(counters7, counters6);
        QCOMPARE(ranges7, ranges6);
        // And the SQL console answers the schema-6 queries as before.
        SqlConsole c;
        QVERIFY2(c.open(p, &msg), qPrintable(msg));
        SqlConsole::Result res;
        QVERIFY2(c.run(QString::fromLatin1(rangeSql), &res, &msg), qPrintable(msg));
        QCOMPARE(res.rows.size(), qsizetype(ranges6.size()));
        for (std::size_t i = 0; i < ranges6.size(); ++i)
            QCOMPARE(res.rows[qsizetype(i)].at(0).toString(), ranges6[i]);
    }

    void damageIsAReadError_data() { blocktest::addDamageRows(); }
    void damageIsAReadError()
    {
        QFETCH(QString, damage);
        const std::vector<RecordBatch> batches = makeBatches(23);
        for (const char *table : {"counter_blocks", "python_range_blocks"}) {
            const QString path = dir_.filePath(QStringLiteral("damaged-%1-%2.npuscope").arg(damage, QLatin1String(table)));
            Generator g(5, 2);
            if (!blocktest::recordAndDamage(path, g, batches, table, damage)) {
                QVERIFY(!QTest::currentTestFailed());
                QSKIP("no page of that kind to damage");
            }
            const Read r = readBack(path);
            QVERIFY2(!r.ok, table);
            QVERIFY2(blocktest::saysDamaged(r.why), qPrintable(r.why));
            blocktest::expectConsoleSaysDamaged(path, QLatin1String(table) == QLatin1String("counter_blocks")
                                                          ? QStringLiteral("SELECT COUNT(*), TOTAL(ts) FROM counters")
                                                          : QStringLiteral("SELECT COUNT(*), TOTAL(start) FROM python_ranges"));
            QVERIFY(!QTest::currentTestFailed());
        }
    }
};

QTEST_GUILESS_MAIN(StoreSessionBlocksTest)
#include "test_store_session_blocks.moc"
