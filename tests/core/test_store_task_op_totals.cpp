// The SQL console's `task_op_totals` (sql_console_totals.h): its rows are those of
// COUNT/SUM/MIN/MAX of the plain-row `tasks` grouped by session, device, type and op, in
// that order, for every session and for an equality on session and device; equality reads
// only those blocks (a damaged block of another session does not fail it), a damaged block
// it reads fails the query as damage, and it cannot be written.
#include "block_test_support.h"
#include "core/store/sql_console.h"
#include "test_store_fixture.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace npuscope;
using namespace npuscope::store;
using storetest::Generator;

namespace {

const QString kGroupBy = QStringLiteral(
    "SELECT session, device, type, op, COUNT(*), SUM(duration), MIN(duration), MAX(duration) FROM tasks %1 "
    "GROUP BY session, device, type, op ORDER BY session, device, type, op");

std::vector<QVariantList> rowsOf(const QString &path, const QString &sql, QString *error = nullptr,
                                 StoreError *storeError = nullptr)
{
    SqlConsole c;
    QString err;
    SqlConsole::Result r;
    if (!c.open(path, &err) || !c.run(sql, &r, &err)) {
        if (error)
            *error = err.isEmpty() ? QStringLiteral("failed") : err;
        if (storeError)
            *storeError = c.lastError();
        return {};
    }
    return r.rows;
}

} // namespace

class StoreTaskOpTotalsTest : public QObject {
    Q_OBJECT
    QTemporaryDir dir;
    QString path;

private slots:
    void initTestCase()
    {
        path = dir.filePath(QStringLiteral("totals.npuscope"));
        // Two sessions: two models on two devices, then three devices with more tasks per
        // iteration (blocks of several streams, ops and task types each).
        Generator a(5, 2, QStringLiteral("a")), b(21, 3, QStringLiteral("b"));
        QString why = blocktest::record(path, a, {a.batch(1, 1, 3), a.batch(7, 1, 2)});
        QVERIFY2(why.isEmpty(), qPrintable(why));
        why = blocktest::record(path, b, {b.batch(1, 1, 2, 120)});
        QVERIFY2(why.isEmpty(), qPrintable(why));
    }

    void rowsEqualTheGroupByOverTasks()
    {
        QString err;
        const auto want = rowsOf(path, kGroupBy.arg(QString()), &err);
        QVERIFY2(err.isEmpty(), qPrintable(err));
        const auto got = rowsOf(path, QStringLiteral("SELECT * FROM task_op_totals"), &err);
        QVERIFY2(err.isEmpty(), qPrintable(err));
        QCOMPARE(got, want);
        // Not a trivial comparison: both sessions, several devices, ops and the tasks without one.
        std::set<qint64> sessions, devices, ops;
        qint64 tasks = 0;
        for (const QVariantList &r : got) {
            sessions.insert(r.at(0).toLongLong());
            devices.insert(r.at(1).toLongLong());
            ops.insert(r.at(3).toLongLong());
            tasks += r.at(4).toLongLong();
        }
        QCOMPARE(sessions.size(), std::size_t(2));
        QCOMPARE(devices.size(), std::size_t(3));
        QVERIFY(ops.size() > 3);
        QVERIFY(ops.count(0));
        QCOMPARE(tasks, rowsOf(path, QStringLiteral("SELECT COUNT(*) FROM tasks")).at(0).at(0).toLongLong());
        // The column names are the documented ones.
        SqlConsole c;
        SqlConsole::Result r;
        QVERIFY(c.open(path, &err));
        QVERIFY2(c.run(QStringLiteral("SELECT * FROM task_op_totals LIMIT 1"), &r, &err), qPrintable(err));
        QCOMPARE(r.columns, (QStringList{QStringLiteral("session"), QStringLiteral("device"), QStringLiteral("type"),
                                         QStringLiteral("op"), QStringLiteral("tasks"), QStringLiteral("total_ns"),
                                         QStringLiteral("min_ns"), QStringLiteral("max_ns")}));
    }

    void equalityOnSessionAndDevice()
    {
        for (const QString &where : {QStringLiteral("WHERE session = 2"), QStringLiteral("WHERE device = 1"),
                                     QStringLiteral("WHERE session = 2 AND device = 1"),
                                     QStringLiteral("WHERE device = 0 AND session = 1"), QStringLiteral("WHERE session = 3")}) {
            QString err;
            const auto want = rowsOf(path, kGroupBy.arg(where), &err);
            QVERIFY2(err.isEmpty(), qPrintable(err));
            const auto got = rowsOf(path, QStringLiteral("SELECT * FROM task_op_totals %1").arg(where), &err);
            QVERIFY2(err.isEmpty(), qPrintable(err));
            QCOMPARE(got, want);
        }
        // Other constraints and orders are SQLite's to apply.
        QString err;
        const auto want = rowsOf(path, QStringLiteral("SELECT op, SUM(duration) FROM tasks WHERE op <> 0 GROUP BY op "
                                                      "ORDER BY SUM(duration) DESC, op"), &err);
        const auto got = rowsOf(path, QStringLiteral("SELECT op, SUM(total_ns) FROM task_op_totals WHERE op <> 0 GROUP BY op "
                                                     "ORDER BY SUM(total_ns) DESC, op"), &err);
        QVERIFY2(err.isEmpty(), qPrintable(err));
        QVERIFY(!got.empty());
        QCOMPARE(got, want);
        const auto down = rowsOf(path, QStringLiteral("SELECT session, device FROM task_op_totals ORDER BY session DESC, device DESC"));
        QVERIFY(!down.empty());
        QCOMPARE(down.front().at(0).toLongLong(), 2);
        QCOMPARE(down.front().at(1).toLongLong(), 2);
        QCOMPARE(down.back().at(0).toLongLong(), 1);
        QCOMPARE(down.back().at(1).toLongLong(), 0);
    }

    void readOnly()
    {
        SqlConsole c;
        QString err;
        SqlConsole::Result r;
        QVERIFY(c.open(path, &err));
        QVERIFY(!c.run(QStringLiteral("DELETE FROM task_op_totals"), &r, &err));
        QVERIFY2(err.contains(QLatin1String("read-only")), qPrintable(err));
        QVERIFY(!c.run(QStringLiteral("UPDATE task_op_totals SET tasks = 0"), &r, &err));
    }

    // Last: damages the file. A damaged block is the query's error when it is read, and is
    // not read for an equality that names other blocks.
    void damagedBlock()
    {
        const std::int64_t block = testsql::scalar(path, "SELECT MIN(id) FROM task_blocks WHERE session = 1 AND device = 0");
        QVERIFY(block > 0);
        QVERIFY(blocktest::flipBlockByte(path, "task_blocks", block));
        QString err;
        StoreError se = StoreError::None;
        QVERIFY(rowsOf(path, QStringLiteral("SELECT * FROM task_op_totals"), &err, &se).empty());
        QVERIFY2(err.contains(QLatin1String("malformed")), qPrintable(err));
        QCOMPARE(se, StoreError::Corrupt);
        err.clear();
        QVERIFY(!rowsOf(path, QStringLiteral("SELECT * FROM task_op_totals WHERE session = 2"), &err).empty());
        QVERIFY2(err.isEmpty(), qPrintable(err));
        QVERIFY(!rowsOf(path, QStringLiteral("SELECT * FROM task_op_totals WHERE session = 1 AND device = 1"), &err).empty());
        QVERIFY2(err.isEmpty(), qPrintable(err));
        QVERIFY(rowsOf(path, QStringLiteral("SELECT * FROM task_op_totals WHERE session = 1 AND device = 0"), &err).empty());
        QVERIFY2(err.contains(QLatin1String("malformed")), qPrintable(err));
    }
};

QTEST_GUILESS_MAIN(StoreTaskOpTotalsTest)
#include "test_store_task_op_totals.moc"
