// The SQLite reader's Query read ahead (its own connection and thread, rows copied in
// chunks) reads exactly what the same statement stepped on the caller's connection reads:
// every accessor on cells of every type, across chunk boundaries; an error in the middle of
// a table ends both the same way after the same rows; a reader that stops early does not
// wait for the rest of the table.

#include "core/importing/sqlite_export_db.h"

#include <QTemporaryDir>
#include <QtTest>
#include <sqlite3.h>

#include <cmath>
#include <cstring>

using namespace npuscope::importing;

namespace {

bool exec(const QString &path, const char *sql)
{
    sqlite3 *db = nullptr;
    const bool ok = sqlite3_open(path.toUtf8().constData(), &db) == SQLITE_OK
                    && sqlite3_exec(db, sql, nullptr, nullptr, nullptr) == SQLITE_OK;
    sqlite3_close(db);
    return ok;
}

bool sameDouble(double a, double b) { return (std::isnan(a) && std::isnan(b)) || std::memcmp(&a, &b, sizeof a) == 0; }

} // namespace

class ImportSqliteQuery : public QObject {
    Q_OBJECT

private:
    QTemporaryDir dir_;
    QString path_;
    ExportDb db_;

private slots:
    void initTestCase()
    {
        QVERIFY(dir_.isValid());
        path_ = dir_.filePath(QStringLiteral("cells.db"));
        // Every storage class, numbers at their limits, and texts SQLite reads as numbers
        // only in part (or not at all).
        QVERIFY(exec(path_, "CREATE TABLE cells(v);"
                            "INSERT INTO cells VALUES (NULL), (0), (-1), (42), (9223372036854775807),"
                            " (-9223372036854775808), (0.5), (-2.75), (1e300), (-1e300), (9.3e18), (-9.3e18),"
                            " (123456789.125), ('123'), ('  42abc'), ('-17'), ('1.5e3x'), ('3.'), ('.5'),"
                            " ('1e'), ('abc'), (''), ('nan'), ('inf'), ('0x10'), ('+8'), ('99999999999999999999'),"
                            " ('1769000000123456789'), ('汉字'), (x''), (x'00ff10'), (x'313233');"
                            "CREATE TABLE big(x INTEGER);"
                            "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 100000)"
                            " INSERT INTO big SELECT x FROM n;"));
        QString why;
        QVERIFY2(db_.open(path_, &why), qPrintable(why));
    }

    // Rows per chunk 1, 3 and 4096: every row its own chunk, boundaries inside the table,
    // the whole table in one.
    void sameCellsEitherWay_data()
    {
        QTest::addColumn<int>("rowsPerChunk");
        QTest::newRow("1") << 1;
        QTest::newRow("3") << 3;
        QTest::newRow("4096") << 4096;
    }
    void sameCellsEitherWay()
    {
        QFETCH(int, rowsPerChunk);
        const std::string sql = "SELECT v, typeof(v), v FROM cells ORDER BY rowid";
        Query stepped(db_.get(), sql);
        Query ahead(db_, sql, Query::Ahead, std::size_t(rowsPerChunk));
        QVERIFY(stepped.ok());
        QVERIFY(ahead.ok());
        int rows = 0;
        for (;;) {
            const bool a = stepped.row(), b = ahead.row();
            QCOMPARE(b, a);
            if (!a)
                break;
            ++rows;
            for (int c = 0; c < 3; ++c) {
                const QByteArray where = QByteArray::number(rows) + "/" + QByteArray::number(c);
                // Text last: reading a stepped cell as text converts it in place (a blob
                // then reports itself as text), as the reader's own order also has it.
                QVERIFY2(ahead.null(c) == stepped.null(c), where.constData());
                std::int64_t x = 0, y = 0;
                QVERIFY2(ahead.integer(c, &x) == stepped.integer(c, &y), where.constData());
                QVERIFY2(x == y, where.constData());
                double r = 0, s = 0;
                QVERIFY2(ahead.real(c, &r) == stepped.real(c, &s), where.constData());
                QVERIFY2(sameDouble(r, s), where.constData());
                QVERIFY2(ahead.i(c) == stepped.i(c), where.constData());
                QVERIFY2(sameDouble(ahead.d(c), stepped.d(c)), where.constData());
                QVERIFY2(ahead.text(c) == stepped.text(c), where.constData());
            }
        }
        QCOMPARE(rows, 32);
        QVERIFY(stepped.done());
        QVERIFY(ahead.done());
        QCOMPARE(ahead.code(), SQLITE_DONE);
    }

    // Row 70 000 of 100 000 fails (integer overflow): both ways read the rows before it, then
    // stop with SQLite's error and message.
    void errorInTheMiddle()
    {
        const std::string sql = "SELECT CASE WHEN x = 70000 THEN abs(-9223372036854775807 - 1) ELSE x END FROM big "
                                "ORDER BY rowid";
        Query stepped(db_.get(), sql);
        Query ahead(db_, sql, Query::Ahead);
        std::int64_t a = 0, b = 0;
        while (stepped.row())
            QCOMPARE(stepped.i(0), ++a);
        while (ahead.row())
            QCOMPARE(ahead.i(0), ++b);
        QCOMPARE(a, 69999);
        QCOMPARE(b, a);
        QVERIFY(!ahead.done());
        QCOMPARE(ahead.code(), stepped.code());
        QCOMPARE(ahead.code(), SQLITE_ERROR);
        QVERIFY2(ahead.message().contains(QLatin1String("integer overflow")), qPrintable(ahead.message()));
        QCOMPARE(ahead.message(), stepped.message());
    }

    void statementThatDoesNotPrepare()
    {
        Query ahead(db_, "SELECT v FROM nowhere", Query::Ahead);
        QVERIFY(!ahead.ok());
        QVERIFY(!ahead.row());
        QVERIFY(!ahead.done());
        QVERIFY2(ahead.message().contains(QLatin1String("nowhere")), qPrintable(ahead.message()));
    }

    // A reader that stops after a few rows (cancelled, or a sink that failed) ends the
    // query at once; the next query on the same file reads all of it.
    void stopEarly()
    {
        for (int k = 0; k < 20; ++k) {
            Query ahead(db_, "SELECT x FROM big ORDER BY x DESC", Query::Ahead, 64);
            QVERIFY(ahead.row());
            QCOMPARE(ahead.i(0), 100000);
            QVERIFY(ahead.row());
        }
        Query all(db_, "SELECT x FROM big", Query::Ahead, 1000);
        std::int64_t n = 0, sum = 0;
        while (all.row()) {
            ++n;
            sum += all.i(0);
        }
        QVERIFY(all.done());
        QCOMPARE(n, 100000);
        QCOMPARE(sum, std::int64_t(100000) * 100001 / 2);
    }
};

QTEST_GUILESS_MAIN(ImportSqliteQuery)
#include "test_import_sqlite_query.moc"
