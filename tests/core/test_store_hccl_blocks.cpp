// HCCL tasks stored as column blocks (schema 5, hccl_blocks.h): the writer's blocks read
// back field for field through every reader (ProjectReader, TimelineStore, the SQL
// console's plain-row `hccl_tasks`), an iteration larger than a block splits and keeps its
// order, and damage to the pages of hccl_blocks — leaf pages, overflow pages, one flipped
// byte inside a block — is a read error in every reader, never a crash or a wrong answer.
#include "core/store/hccl_blocks.h"
#include "core/store/lod.h"
#include "core/store/project.h"
#include "core/store/sql_console.h"
#include "block_test_support.h"
#include "test_store_fixture.h"

#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cstring>
#include <random>

using namespace npuscope;
using namespace npuscope::store;
using storetest::Generator;

namespace {

// Every field of a record as text (doubles by their bits), to compare records as values.
QString fields(const HcclTaskRecord &h)
{
    std::uint64_t est = 0, bw = 0;
    std::memcpy(&est, &h.durationEstimatedUs, 8);
    std::memcpy(&bw, &h.bandwidthGBps, 8);
    return QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8 %9 %10 %11 %12 %13 %14 %15 %16 %17 %18")
        .arg(h.device).arg(h.modelId).arg(h.iteration).arg(h.plane).arg(h.name).arg(h.start).arg(h.duration)
        .arg(h.notifyId).arg(est).arg(h.streamId).arg(h.taskId).arg(h.srcRank).arg(h.dstRank).arg(h.transportType)
        .arg(h.sizeBytes).arg(h.dataType).arg(h.linkType).arg(bw);
}

using testsql::scalar;

// Every HCCL read of session 1 through each reader.
blocktest::Reads readEverything(const QString &path)
{
    return blocktest::readEverything(
        path, {QStringLiteral("reader")},
        [](ProjectReader &reader, blocktest::Reads &r) {
            if (const QString why = blocktest::readIterations(reader, &ProjectReader::forEachHcclTask); !why.isEmpty())
                r.failed[QStringLiteral("reader")] = why;
        },
        [](const TimelineStore &t) { return t.scanHcclTasks([](const HcclTaskRow &) { return true; }); },
        QStringLiteral("SELECT COUNT(*), TOTAL(size_bytes) FROM hccl_tasks"));
}

} // namespace

class StoreHcclBlocksTest : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

private Q_SLOTS:
    void everyReaderReadsTheBlocksFieldForField()
    {
        const QString path = dir_.filePath(QStringLiteral("rt.npuscope"));
        Generator g(21, 3);
        QString why = blocktest::recordRoundTrip(path, g);
        QVERIFY2(why.isEmpty(), qPrintable(why));
        const std::int64_t n = std::int64_t(g.all.hcclTasks.size());
        QVERIFY(n > 0);
        // One block per (device, model, iteration) of a batch, every task in one.
        QCOMPARE(scalar(path, "SELECT SUM(n) FROM hccl_blocks"), n);
        QCOMPARE(scalar(path, "SELECT COUNT(*) FROM hccl_blocks"), std::int64_t(3 * (3 + 2 + 2)));
        QCOMPARE(scalar(path, "SELECT COUNT(*) FROM sqlite_master WHERE name = 'hccl_tasks'"), std::int64_t(0));

        const std::vector<QString> expected = blocktest::sortedFields(g.all.hcclTasks, fields);

        // The timeline's rows name tasks findHcclTask returns whole.
        auto t = TimelineStore::open(path, 1, nullptr, &why);
        QVERIFY2(t, qPrintable(why));
        std::vector<QString> viaTimeline;
        std::vector<std::int64_t> rowids;
        QVERIFY2(t->scanHcclTasks([&](const HcclTaskRow &r) {
            HcclTaskRecord h;
            if (!t->findHcclTask(r.rowid, &h) || h.start != r.start || h.duration != r.duration || h.plane != r.plane
                || h.name != r.name || h.device != r.device)
                return false;
            viaTimeline.push_back(fields(h));
            rowids.push_back(r.rowid);
            return true;
        }), qPrintable(t->errorString()));
        std::sort(viaTimeline.begin(), viaTimeline.end());
        QCOMPARE(viaTimeline, expected);
        HcclTaskRecord none;
        QVERIFY(!t->findHcclTask(rowids.back() + 1, &none)); // past the block's last task
        QVERIFY(!t->findHcclTask(-5, &none));

        // The SQL console's plain rows: the same tasks, the same rowids, constraints honoured.
        SqlConsole c;
        QVERIFY2(c.open(path, &why), qPrintable(why));
        SqlConsole::Result res;
        QVERIFY2(c.run(QStringLiteral("SELECT device, model, iteration, plane, name, start, duration, notify_id, "
                                      "duration_estimated_us, stream, task_id, src_rank, dst_rank, transport_type, "
                                      "size_bytes, data_type, link_type, bandwidth_gbps, rowid, session FROM hccl_tasks"),
                       &res, &why), qPrintable(why));
        std::vector<QString> viaSql;
        std::vector<std::int64_t> sqlRowids;
        for (const QVariantList &row : res.rows) {
            HcclTaskRecord h;
            h.device = std::uint16_t(row[0].toLongLong());
            h.modelId = std::uint32_t(row[1].toLongLong());
            h.iteration = std::uint32_t(row[2].toLongLong());
            h.plane = std::uint32_t(row[3].toLongLong());
            h.name = StrId(row[4].toLongLong());
            h.start = row[5].toLongLong();
            h.duration = row[6].toLongLong();
            h.notifyId = std::uint64_t(row[7].toLongLong());
            h.durationEstimatedUs = row[8].toDouble();
            h.streamId = std::uint32_t(row[9].toLongLong());
            h.taskId = std::uint32_t(row[10].toLongLong());
            h.srcRank = std::uint32_t(row[11].toLongLong());
            h.dstRank = std::uint32_t(row[12].toLongLong());
            h.transportType = StrId(row[13].toLongLong());
            h.sizeBytes = std::uint64_t(row[14].toLongLong());
            h.dataType = StrId(row[15].toLongLong());
            h.linkType = StrId(row[16].toLongLong());
            h.bandwidthGBps = row[17].toDouble();
            QCOMPARE(row[19].toLongLong(), 1);
            viaSql.push_back(fields(h));
            sqlRowids.push_back(row[18].toLongLong());
        }
        std::sort(viaSql.begin(), viaSql.end());
        QCOMPARE(viaSql, expected);
        std::sort(sqlRowids.begin(), sqlRowids.end());
        std::sort(rowids.begin(), rowids.end());
        QCOMPARE(sqlRowids, rowids);

        // Equality on the key reads those blocks only, and answers as a filter would.
        std::int64_t inKey = 0;
        for (const HcclTaskRecord &h : g.all.hcclTasks)
            inKey += h.device == 2 && h.modelId == 1 && h.iteration == 4;
        QVERIFY(inKey > 0);
        std::int64_t onDevice = 0;
        for (const HcclTaskRecord &h : g.all.hcclTasks)
            onDevice += h.device == 2 && h.iteration == 4;
        blocktest::expectConsoleCounts(
            c, {{QStringLiteral("SELECT COUNT(*) FROM hccl_tasks WHERE session = 1 AND device = 2 AND model = 1 AND iteration = 4"),
                 inKey},
                {QStringLiteral("SELECT COUNT(*) FROM hccl_tasks WHERE session = 2"), 0},
                {QStringLiteral("SELECT COUNT(*) FROM hccl_tasks WHERE device = '2' AND iteration = 4.0"), onDevice},
                {QStringLiteral("SELECT COUNT(*) FROM hccl_tasks WHERE rowid = 'x'"), 0}});
        QVERIFY(!QTest::currentTestFailed());
        QVERIFY(c.run(QStringLiteral("SELECT COUNT(*), MIN(rowid) FROM hccl_tasks WHERE rowid = %1").arg(rowids[3]), &res, &why));
        QCOMPARE(res.rows.at(0).at(0).toLongLong(), 1);
        QCOMPARE(res.rows.at(0).at(1).toLongLong(), rowids[3]);
        // Still read-only.
        QVERIFY(!c.run(QStringLiteral("DELETE FROM hccl_tasks"), &res, &why));
    }

    void anIterationLargerThanABlockSplitsAndKeepsItsOrder()
    {
        const QString path = dir_.filePath(QStringLiteral("big.npuscope"));
        Generator g(5, 1);
        const RecordBatch b = blocktest::copiesOfFirst(g, &RecordBatch::hcclTasks, 2 * detail::kHcclBlockMax + 17,
                                                       [](HcclTaskRecord &h, std::size_t i) {
                                                           h.plane = std::uint32_t(i % 4);
                                                           h.start += TimeNs(i / 3) * 100; // ties: recorded order decides
                                                           h.taskId = std::uint32_t(i % 2);
                                                           h.streamId = 0;
                                                           h.notifyId = i;
                                                       });
        g.all.hcclTasks.clear();
        blocktest::expectSplitKeepsOrder(path, g, b, &RecordBatch::hcclTasks, "hccl_blocks", detail::kHcclBlockMax,
                                         &ProjectReader::forEachHcclTask, &HcclTaskRecord::notifyId);
    }

    void damageToTheBlocksIsAReadErrorInEveryReader_data() { blocktest::addDamageRows(); }
    void damageToTheBlocksIsAReadErrorInEveryReader()
    {
        QFETCH(QString, damage);
        // Blocks larger than a page, also compressed: their tail lives on overflow pages.
        // Irregular times and ids, or the repeats would compress into a page.
        const auto oversized = [](Generator &g) {
            RecordBatch b = g.batch(1, 1, 1);
            const std::vector<HcclTaskRecord> base = b.hcclTasks;
            std::mt19937_64 jitter(20);
            for (int k = 0; k < 600; ++k)
                for (HcclTaskRecord h : base) {
                    h.start += k * 1000 + TimeNs(jitter() % 997);
                    h.duration += TimeNs(jitter() % 50'000);
                    h.notifyId = jitter();
                    b.hcclTasks.push_back(h);
                }
            return b;
        };
        blocktest::expectDamageIsAReadError(dir_.path(), damage, "hccl_blocks", oversized, readEverything);
    }
};

QTEST_GUILESS_MAIN(StoreHcclBlocksTest)
#include "test_store_hccl_blocks.moc"
