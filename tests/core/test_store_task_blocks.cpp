// Tasks stored as column blocks (schema 6, task_blocks.h): the writer's blocks read back
// field for field through every reader (ProjectReader by iteration and whole, TimelineStore's
// scan and look-up, the SQL console's plain-row `tasks` and `task_pmu`), an iteration
// larger than a block splits and keeps its order, and damage to the pages of task_blocks —
// leaf pages, overflow pages, one flipped bit inside a block — is a read error in every
// reader, never a crash or a wrong answer.
#include "block_test_support.h"
#include "core/store/lod.h"
#include "core/store/sql_console.h"
#include "core/store/task_blocks.h"
#include "test_store_fixture.h"

#include <QTemporaryDir>
#include <QtEndian>
#include <QtTest>
#include <algorithm>
#include <cstring>
#include <set>
#include <tuple>

using namespace npuscope;
using namespace npuscope::store;
using storetest::Generator;
using testsql::scalar;

namespace {

// Every field of a task as text (floats by their bits), to compare tasks as values.
QString fields(const TaskRecord &t)
{
    auto bits = [](float f) {
        std::uint32_t b;
        std::memcpy(&b, &f, 4);
        return QString::number(b, 16);
    };
    QString s = QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8 %9 %10 %11 %12 %13 %14 %15 %16 |")
                    .arg(t.device).arg(t.modelId).arg(t.iteration).arg(t.streamId).arg(t.taskId).arg(t.batchId)
                    .arg(t.type).arg(int(t.kind)).arg(t.start).arg(t.duration).arg(t.pending).arg(t.opId).arg(t.name)
                    .arg(t.totalCycles).arg(bits(t.l2HitRate), bits(t.l2VictimRate));
    for (float f : t.pmu)
        s += u' ' + bits(f);
    return s;
}

// Every task read of session 1 through each reader.
blocktest::Reads readEverything(const QString &path)
{
    return blocktest::readEverything(
        path, {QStringLiteral("reader"), QStringLiteral("scan")},
        [](ProjectReader &reader, blocktest::Reads &r) {
            if (const QString why = blocktest::readIterations(reader, &ProjectReader::forEachTask); !why.isEmpty())
                r.failed[QStringLiteral("reader")] = why;
            if (!reader.scanTasks([](const TaskRecord &) { return true; }))
                r.failed[QStringLiteral("scan")] = reader.errorString();
        },
        [](const TimelineStore &t) { return t.scanTasks([](const TaskRow &) { return true; }); },
        QStringLiteral("SELECT COUNT(*), TOTAL(duration) FROM tasks"));
}

std::vector<float> pmuOf(const QVariant &blob)
{
    const QByteArray b = blob.toByteArray();
    std::vector<float> out(std::size_t(b.size() / 4));
    for (std::size_t i = 0; i < out.size(); ++i) {
        const std::uint32_t bits = qFromLittleEndian<std::uint32_t>(b.constData() + 4 * i);
        std::memcpy(&out[i], &bits, 4);
    }
    return out;
}

} // namespace

class StoreTaskBlocksTest : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

private Q_SLOTS:
    void everyReaderReadsTheBlocksFieldForField()
    {
        const QString path = dir_.filePath(QStringLiteral("rt.npuscope"));
        Generator g(23, 3);
        QString why = blocktest::recordRoundTrip(path, g);
        QVERIFY2(why.isEmpty(), qPrintable(why));
        const std::int64_t n = std::int64_t(g.all.tasks.size());
        QVERIFY(n > 0);
        // One block per (device, model, iteration, stream) of a batch; no row tables left.
        QCOMPARE(scalar(path, "SELECT SUM(n) FROM task_blocks"), n);
        std::set<std::tuple<int, int, int, int>> keys;
        for (const TaskRecord &t : g.all.tasks)
            keys.insert({t.device, int(t.modelId), int(t.iteration), int(t.streamId)});
        QCOMPARE(scalar(path, "SELECT COUNT(*) FROM task_blocks"), std::int64_t(keys.size()));
        QCOMPARE(scalar(path, "SELECT COUNT(*) FROM sqlite_master WHERE name IN ('tasks', 'task_pmu')"), std::int64_t(0));

        const std::vector<QString> expected = blocktest::sortedFields(g.all.tasks, fields);

        // The reader: by iteration in (start, stream, task id) order, ties in recorded order;
        // whole, every task once.
        auto p = Project::open(path, Project::Mode::ReadOnly, nullptr, &why);
        QVERIFY2(p, qPrintable(why));
        auto reader = p->session(1, &why);
        QVERIFY2(reader, qPrintable(why));
        std::vector<QString> viaIterations, viaScan;
        for (const IterationKey &k : reader->iterations()) {
            std::vector<TaskRecord> want;
            for (const TaskRecord &t : g.all.tasks)
                if (t.device == k.device && t.modelId == k.modelId && t.iteration == k.iteration)
                    want.push_back(t);
            std::vector<QString> got, wanted;
            for (const TaskRecord &t : blocktest::inReaderOrder(want))
                wanted.push_back(fields(t));
            QVERIFY(reader->forEachTask(k, [&](const TaskRecord &t) { got.push_back(fields(t)); return true; }));
            QCOMPARE(got, wanted);
            viaIterations.insert(viaIterations.end(), got.begin(), got.end());
        }
        std::sort(viaIterations.begin(), viaIterations.end());
        QCOMPARE(viaIterations, expected);
        QVERIFY(reader->scanTasks([&](const TaskRecord &t) { viaScan.push_back(fields(t)); return true; }));
        std::sort(viaScan.begin(), viaScan.end());
        QCOMPARE(viaScan, expected);

        // The timeline's rows name tasks findTask returns whole (the first by task id of
        // those starting then with that name).
        auto t = TimelineStore::open(path, 1, nullptr, &why);
        QVERIFY2(t, qPrintable(why));
        std::int64_t rows = 0;
        QVERIFY2(t->scanTasks([&](const TaskRow &r) {
            ++rows;
            TaskRecord found;
            if (!t->findTask(r.device, r.stream, r.start, r.name, &found))
                return false;
            const TaskRecord *best = nullptr;
            for (const TaskRecord &x : g.all.tasks)
                if (x.device == r.device && x.streamId == r.stream && x.start == r.start && x.name == r.name
                    && (!best || x.taskId < best->taskId))
                    best = &x;
            return best && fields(*best) == fields(found);
        }), qPrintable(t->errorString()));
        QCOMPARE(rows, n);
        TaskRecord none;
        QVERIFY(!t->findTask(0, 1, 123, 1, &none)); // no task starts then

        // The SQL console's plain rows: the same tasks, PMU values through task_pmu.
        SqlConsole c;
        QVERIFY2(c.open(path, &why), qPrintable(why));
        SqlConsole::Result res;
        QVERIFY2(c.run(QStringLiteral("SELECT t.device, t.model, t.iteration, t.stream, t.task_id, t.batch_id, t.type, "
                                      "t.kind, t.start, t.duration, t.pending, t.op, t.name, t.total_cycles, t.l2_hit, "
                                      "t.l2_victim, p.pmu, t.session, t.id, t.rowid "
                                      "FROM tasks t LEFT JOIN task_pmu p ON p.task = t.id"),
                       &res, &why), qPrintable(why));
        std::vector<QString> viaSql;
        std::set<std::int64_t> ids;
        for (const QVariantList &row : res.rows) {
            TaskRecord x;
            x.device = std::uint16_t(row[0].toLongLong());
            x.modelId = std::uint32_t(row[1].toLongLong());
            x.iteration = std::uint32_t(row[2].toLongLong());
            x.streamId = std::uint32_t(row[3].toLongLong());
            x.taskId = std::uint32_t(row[4].toLongLong());
            x.batchId = std::uint32_t(row[5].toLongLong());
            x.type = StrId(row[6].toLongLong());
            x.kind = static_cast<TaskKind>(row[7].toInt());
            x.start = row[8].toLongLong();
            x.duration = row[9].toLongLong();
            x.pending = row[10].toLongLong();
            x.opId = std::uint32_t(row[11].toLongLong());
            x.name = StrId(row[12].toLongLong());
            x.totalCycles = std::uint64_t(row[13].toLongLong());
            x.l2HitRate = float(row[14].toDouble());
            x.l2VictimRate = float(row[15].toDouble());
            x.pmu = pmuOf(row[16]);
            QCOMPARE(row[17].toLongLong(), 1);
            QCOMPARE(row[18].toLongLong(), row[19].toLongLong());
            ids.insert(row[18].toLongLong());
            viaSql.push_back(fields(x));
        }
        std::sort(viaSql.begin(), viaSql.end());
        QCOMPARE(viaSql, expected);
        QCOMPARE(std::int64_t(ids.size()), n);
        std::int64_t withPmu = 0;
        for (const TaskRecord &x : g.all.tasks)
            withPmu += !x.pmu.empty();
        QVERIFY(c.run(QStringLiteral("SELECT COUNT(*) FROM task_pmu"), &res, &why));
        QCOMPARE(res.rows.at(0).at(0).toLongLong(), withPmu);

        // Equality on the key reads those blocks only, and answers as a filter would.
        std::int64_t inKey = 0, inStream = 0;
        for (const TaskRecord &x : g.all.tasks) {
            inKey += x.device == 2 && x.modelId == 1 && x.iteration == 4;
            inStream += x.device == 1 && x.streamId == 3;
        }
        QVERIFY(inKey > 0 && inStream > 0);
        const std::int64_t someId = *std::next(ids.begin(), std::ptrdiff_t(ids.size() / 2));
        blocktest::expectConsoleCounts(
            c, {{QStringLiteral("SELECT COUNT(*) FROM tasks WHERE session = 1 AND device = 2 AND model = 1 AND iteration = 4"),
                 inKey},
                {QStringLiteral("SELECT COUNT(*) FROM tasks WHERE device = '1' AND stream = 3.0"), inStream},
                {QStringLiteral("SELECT COUNT(*) FROM tasks WHERE session = 2"), 0},
                {QStringLiteral("SELECT COUNT(*) FROM tasks WHERE rowid = %1").arg(someId), 1},
                {QStringLiteral("SELECT COUNT(*) FROM tasks WHERE id = 'x'"), 0}});
        QVERIFY(!QTest::currentTestFailed());
        QVERIFY(c.run(QStringLiteral("SELECT COUNT(*), MIN(id) FROM tasks WHERE id = %1").arg(someId), &res, &why));
        QCOMPARE(res.rows.at(0).at(0).toLongLong(), 1);
        QCOMPARE(res.rows.at(0).at(1).toLongLong(), someId);
        // The console's view over tasks still answers.
        QVERIFY2(c.run(QStringLiteral("SELECT COUNT(*), SUM(duration) FROM task_view"), &res, &why), qPrintable(why));
        QCOMPARE(res.rows.at(0).at(0).toLongLong(), n);
        // Still read-only.
        QVERIFY(!c.run(QStringLiteral("DELETE FROM tasks"), &res, &why));
        QVERIFY(!c.run(QStringLiteral("DELETE FROM task_pmu"), &res, &why));
    }

    void anIterationLargerThanABlockSplitsAndKeepsItsOrder()
    {
        const QString path = dir_.filePath(QStringLiteral("big.npuscope"));
        Generator g(5, 1);
        const RecordBatch b = blocktest::copiesOfFirst(g, &RecordBatch::tasks, 2 * detail::kTaskBlockMax + 17,
                                                       [](TaskRecord &t, std::size_t i) {
                                                           t.streamId = 1;
                                                           t.start += TimeNs(i / 3) * 100; // ties: recorded order decides
                                                           t.taskId = std::uint32_t(i % 2);
                                                           t.batchId = std::uint32_t(i);
                                                       });
        blocktest::expectSplitKeepsOrder(path, g, b, &RecordBatch::tasks, "task_blocks", detail::kTaskBlockMax,
                                         &ProjectReader::forEachTask, &TaskRecord::batchId);
    }

    void damageToTheBlocksIsAReadErrorInEveryReader_data() { blocktest::addDamageRows(); }
    void damageToTheBlocksIsAReadErrorInEveryReader()
    {
        QFETCH(QString, damage);
        // Blocks larger than a page: their tail lives on overflow pages.
        blocktest::expectDamageIsAReadError(
            dir_.path(), damage, "task_blocks", [](Generator &g) { return g.batch(1, 1, 1, 400); }, readEverything);
    }
};

QTEST_GUILESS_MAIN(StoreTaskBlocksTest)
#include "test_store_task_blocks.moc"
