// SqlConsole: read-only SQL over a project. Reads work; every way of writing (DML, DDL,
// ATTACH, transactions, pragma assignments) is refused with a sentence and leaves the
// file byte-identical; bad SQL gets SQLite's message; interrupt() from another thread
// stops a runaway recursive CTE; schema() documents exactly the tables and columns a
// real project holds.
#include "core/store/lod.h"
#include "core/store/project.h"
#include "core/store/sql_console.h"
#include "test_store_fixture.h"
#include "tests/test_files.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>
#include <map>
#include <set>
#include <thread>

using namespace npuscope;
using namespace npuscope::store;

using testfiles::fileHash;

namespace {

} // namespace

class StoreSqlConsoleTest : public QObject, storetest::SmallSessionProject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        const QString why = writeSmallSession();
        QVERIFY2(why.isEmpty(), qPrintable(why));
        StoreError se{};
        QString msg;
        // The timeline's tables are created on demand: make them exist so the schema check sees them.
        auto ts = TimelineStore::open(path, sessionId, &se, &msg);
        QVERIFY2(ts, qPrintable(msg));
        TimelineMark m;
        m.start = 1;
        m.end = 2;
        m.label = QStringLiteral("x");
        QVERIFY2(ts->saveMark(&m, &msg), qPrintable(msg));
    }

    void selectWorks()
    {
        SqlConsole c;
        QString err;
        QVERIFY2(c.open(path, &err), qPrintable(err));
        SqlConsole::Result r;
        QVERIFY2(c.run(QStringLiteral("SELECT count(*) AS n FROM tasks WHERE session = %1").arg(sessionId), &r, &err), qPrintable(err));
        QCOMPARE(r.columns, QStringList{QStringLiteral("n")});
        QCOMPARE(r.rows.size(), size_t(1));
        QCOMPARE(r.rows[0][0].toLongLong(), qint64(tasks));
        // Types come back as they are stored; joins on strings work.
        QVERIFY2(c.run(QStringLiteral("SELECT s.text, t.duration, t.l2_hit FROM tasks t JOIN strings s "
                                      "ON s.session = t.session AND s.id = t.name ORDER BY t.start LIMIT 5"), &r, &err),
                 qPrintable(err));
        QCOMPARE(r.columns.size(), 3);
        QVERIFY(!r.rows.empty());
        QCOMPARE(r.rows[0][0].typeId(), QMetaType::QString);
        QCOMPARE(r.rows[0][1].typeId(), QMetaType::LongLong);
        QCOMPARE(r.rows[0][2].typeId(), QMetaType::Double);
        // maxRows keeps the first rows and counts the rest.
        QVERIFY(c.run(QStringLiteral("SELECT id FROM tasks"), &r, &err, 4));
        QCOMPARE(r.rows.size(), size_t(4));
        QVERIFY(r.truncated);
        QCOMPARE(r.rowCount, tasks);
        // Columns are known without rows; reading pragmas are allowed.
        QVERIFY(c.run(QStringLiteral("SELECT id FROM tasks WHERE 0"), &r, &err));
        QCOMPARE(r.columns, QStringList{QStringLiteral("id")});
        QVERIFY(r.rows.empty());
        QVERIFY2(c.run(QStringLiteral("PRAGMA table_info(tasks)"), &r, &err), qPrintable(err));
        QVERIFY(r.rows.size() > 10);
        QVERIFY2(c.run(QStringLiteral("SELECT name FROM pragma_table_info('sessions')"), &r, &err), qPrintable(err));
        // Streaming stops when asked.
        int seen = 0;
        QVERIFY(c.run(QStringLiteral("SELECT id FROM tasks"), [&](const QStringList &cols, const QVariantList &) {
            return cols.size() == 1 && ++seen < 3;
        }, &err));
        QCOMPARE(seen, 3);
    }

    void writesAreRefused_data()
    {
        QTest::addColumn<QString>("sql");
        QTest::addColumn<QString>("word");
        QTest::newRow("insert") << "INSERT INTO meta(key, value) VALUES('x', 'y')" << "INSERT";
        QTest::newRow("update") << "UPDATE sessions SET name = 'x'" << "UPDATE";
        QTest::newRow("delete") << "DELETE FROM tasks" << "DELETE";
        QTest::newRow("drop") << "DROP TABLE tasks" << "DROP";
        QTest::newRow("create") << "CREATE TABLE x(a)" << "CREATE";
        QTest::newRow("create temp") << "CREATE TEMP TABLE x(a)" << "CREATE";
        QTest::newRow("alter") << "ALTER TABLE task_blocks ADD COLUMN z" << "ALTER";
        QTest::newRow("delete blocks") << "DELETE FROM task_blocks" << "DELETE";
        QTest::newRow("attach") << "ATTACH DATABASE '" + dir.filePath(QStringLiteral("other.db")) + "' AS o" << "ATTACH";
        QTest::newRow("pragma write") << "PRAGMA user_version = 99" << "PRAGMA";
        QTest::newRow("pragma journal") << "PRAGMA journal_mode = DELETE" << "PRAGMA";
        QTest::newRow("pragma query_only off") << "PRAGMA query_only = 0" << "PRAGMA";
        QTest::newRow("pragma writable_schema") << "PRAGMA writable_schema = 1" << "PRAGMA";
        QTest::newRow("begin") << "BEGIN IMMEDIATE" << "BEGIN";
        QTest::newRow("vacuum into") << "VACUUM INTO '" + dir.filePath(QStringLiteral("copy.db")) + "'" << "read-only";
        QTest::newRow("select then delete") << "SELECT 1; DELETE FROM tasks" << "DELETE";
        QTest::newRow("schema table") << "DELETE FROM sqlite_master" << "sqlite_master";
        QTest::newRow("cte delete") << "WITH x AS (SELECT 1) DELETE FROM tasks" << "DELETE";
    }
    void writesAreRefused()
    {
        QFETCH(QString, sql);
        QFETCH(QString, word);
        const QByteArray before = fileHash(path, /*wal=*/true);
        SqlConsole c;
        QString err;
        QVERIFY2(c.open(path, &err), qPrintable(err));
        SqlConsole::Result r;
        QVERIFY(!c.run(sql, &r, &err));
        QVERIFY2(err.contains(word), qPrintable(err));
        c.close();
        QCOMPARE(fileHash(path, /*wal=*/true), before);
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("other.db"))));
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("copy.db"))));
        // The project still reads.
        StoreError se{};
        QString msg;
        auto p = Project::open(path, Project::Mode::ReadOnly, &se, &msg);
        QVERIFY2(p, qPrintable(msg));
        QCOMPARE(p->sessions().size(), size_t(1));
    }

    void badSqlSaysWhy()
    {
        SqlConsole c;
        QString err;
        QVERIFY(c.open(path, &err));
        SqlConsole::Result r;
        QVERIFY(!c.run(QStringLiteral("SELEC * FROM tasks"), &r, &err));
        QVERIFY2(err.contains(QLatin1String("syntax error")), qPrintable(err));
        QVERIFY(!c.run(QStringLiteral("SELECT nope FROM tasks"), &r, &err));
        QVERIFY2(err.contains(QLatin1String("no such column: nope")), qPrintable(err));
        QVERIFY(!c.run(QStringLiteral("   "), &r, &err));
        QVERIFY2(err.contains(QLatin1String("empty")), qPrintable(err));
        QVERIFY(!c.run(QStringLiteral("SELECT 1; SELECT 2"), &r, &err));
        QVERIFY2(err.contains(QLatin1String("one statement")), qPrintable(err));
        // A trailing ';' and comments are fine.
        QVERIFY2(c.run(QStringLiteral("SELECT 1; -- done"), &r, &err), qPrintable(err));
        // Not a project: the store's sentence, nothing opened.
        const QString junk = dir.filePath(QStringLiteral("junk.npuscope"));
        QVERIFY(testfiles::writeFile(junk, "hello"));
        SqlConsole c2;
        QVERIFY(!c2.open(junk, &err));
        QVERIFY2(err.contains(QLatin1String("not an NPU Scope project")), qPrintable(err));
        QVERIFY(!c2.isOpen());
        QVERIFY(!c2.run(QStringLiteral("SELECT 1"), &r, &err));
    }

    void interruptStopsALongQuery()
    {
        SqlConsole c;
        QString err;
        QVERIFY(c.open(path, &err));
        std::atomic<bool> started{false};
        bool ok = true;
        QString runErr;
        std::thread t([&] {
            started = true;
            SqlConsole::Result r;
            ok = c.run(QStringLiteral("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT max(i) FROM n"),
                       &r, &runErr);
        });
        while (!started) std::this_thread::yield();
        // Keep asking until the query is running (interrupt() before it starts is a no-op by design).
        for (int i = 0; i < 2000 && ok && runErr.isEmpty(); ++i) {
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
            c.interrupt();
            if (!t.joinable()) break;
        }
        t.join();
        QVERIFY(!ok);
        QVERIFY2(runErr.contains(QLatin1String("interrupted")), qPrintable(runErr));
        // The next query runs normally.
        SqlConsole::Result r;
        QVERIFY2(c.run(QStringLiteral("SELECT 42"), &r, &err), qPrintable(err));
        QCOMPARE(r.rows[0][0].toInt(), 42);
    }

    // A run's own cancel flag cannot be lost: set before the run starts, it stops the run
    // on its first step; set while it runs, it stops it there; the next run is unaffected.
    void aCancelFlagStopsItsRunWhenever()
    {
        SqlConsole c;
        QString err;
        QVERIFY(c.open(path, &err));
        const QString endless = QStringLiteral("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT max(i) FROM n");
        std::atomic_bool early{true};
        SqlConsole::Result r;
        QVERIFY(!c.run(endless, &r, &err, 10, &early));
        QVERIFY2(err.contains(QLatin1String("interrupted")), qPrintable(err));

        std::atomic_bool late{false}, started{false};
        bool ok = true;
        QString runErr;
        std::thread t([&] {
            started = true;
            SqlConsole::Result r2;
            ok = c.run(endless, &r2, &runErr, 10, &late);
        });
        while (!started)
            std::this_thread::yield();
        late = true; // once, however early: the run holds on to it
        t.join();
        QVERIFY(!ok);
        QVERIFY2(runErr.contains(QLatin1String("interrupted")), qPrintable(runErr));
        QVERIFY2(c.run(QStringLiteral("SELECT 42"), &r, &err, 10, &early) == false, "the flag is still set");
        std::atomic_bool clear{false};
        QVERIFY2(c.run(QStringLiteral("SELECT 42"), &r, &err, 10, &clear), qPrintable(err));
        QCOMPARE(r.rows[0][0].toInt(), 42);
    }

    // docs/analysis.md lists every table as SqlConsole::schema() describes it (the tasks'
    // columns come from their one description, taskColumns): the same doc line and the same
    // column rows, so the page is never a third hand-kept list.
    void docsListEveryTableAsTheSchemaDescribesIt()
    {
        QFile f(QStringLiteral(NPUSCOPE_SOURCE_DIR "/docs/analysis.md"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString page = QString::fromUtf8(f.readAll());
        SqlConsole c;
        QStringList blocks, missing;
        for (const auto &t : c.schema()) {
            QString block = QStringLiteral("### `%1`\n\n%2\n\n| column | type | meaning |\n|---|---|---|\n").arg(t.name, t.doc);
            for (const auto &col : t.columns)
                block += QStringLiteral("| `%1` | %2 | %3 |\n").arg(col.name, col.type, col.doc);
            blocks << block;
            if (!page.contains(block))
                missing << t.name;
        }
        if (!missing.isEmpty()) {
            // Every section as it should read, to paste over the page's table sections.
            QFile out(QDir::temp().filePath(QStringLiteral("npuscope-analysis-tables.md")));
            if (out.open(QIODevice::WriteOnly))
                out.write(blocks.join(QLatin1Char('\n')).toUtf8());
        }
        QVERIFY2(missing.isEmpty(), qPrintable(QStringLiteral("docs/analysis.md describes these tables otherwise than "
                                                              "SqlConsole::schema() (the sections as they should read: %1): %2")
                                                   .arg(QDir::temp().filePath(QStringLiteral("npuscope-analysis-tables.md")),
                                                        missing.join(QStringLiteral(", ")))));
    }

    void schemaDocumentsEveryTableAndColumn()
    {
        SqlConsole c;
        QString err;
        QVERIFY(c.open(path, &err));
        SqlConsole::Result tables;
        QVERIFY(c.run(QStringLiteral("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"),
                      &tables, &err));
        std::map<QString, std::vector<QString>> real;
        for (const auto &row : tables.rows) {
            const QString t = row[0].toString();
            SqlConsole::Result cols;
            QVERIFY(c.run(QStringLiteral("SELECT name FROM pragma_table_info('%1') ORDER BY cid").arg(t), &cols, &err));
            for (const auto &cr : cols.rows) real[t].push_back(cr[0].toString());
        }
        // The plain-row virtual tables over column blocks are the console's, not the file's.
        for (const QString &t : {QStringLiteral("hccl_tasks"), QStringLiteral("tasks"), QStringLiteral("task_pmu"),
                                 QStringLiteral("counters"), QStringLiteral("python_ranges"), QStringLiteral("memory_records"),
                                 QStringLiteral("host_ranges"), QStringLiteral("task_attrs"), QStringLiteral("op_memory"),
                                 QStringLiteral("task_op_totals")}) {
            QVERIFY2(!real.count(t), qPrintable(t));
            SqlConsole::Result cols;
            QVERIFY2(c.run(QStringLiteral("SELECT name FROM pragma_table_info('%1') ORDER BY cid").arg(t), &cols, &err), qPrintable(err));
            QVERIFY(!cols.rows.empty());
            for (const auto &cr : cols.rows) real[t].push_back(cr[0].toString());
        }
        QVERIFY(real.count(QStringLiteral("task_blocks")));
        QVERIFY(real.count(QStringLiteral("hccl_blocks")));
        QVERIFY(real.count(QStringLiteral("counter_blocks")));
        QVERIFY(real.count(QStringLiteral("python_range_blocks")));
        QVERIFY(real.count(QStringLiteral("memory_blocks")));
        QVERIFY(real.count(QStringLiteral("host_range_blocks")));
        QVERIFY(real.count(QStringLiteral("task_attr_blocks")));
        QVERIFY(real.count(QStringLiteral("op_memory_blocks")));
        QVERIFY(real.count(QStringLiteral("timeline_marks")));
        std::map<QString, std::vector<QString>> documented;
        for (const auto &t : c.schema()) {
            QVERIFY2(!t.doc.isEmpty(), qPrintable(t.name));
            QVERIFY2(!documented.count(t.name), qPrintable(t.name + QStringLiteral(" documented twice")));
            for (const auto &col : t.columns) {
                QVERIFY2(!col.doc.isEmpty() && !col.type.isEmpty(), qPrintable(t.name + u'.' + col.name));
                documented[t.name].push_back(col.name);
            }
        }
        for (const auto &[t, cols] : real) {
            QVERIFY2(documented.count(t), qPrintable(QStringLiteral("table %1 is not documented in SqlConsole::schema()").arg(t)));
            QCOMPARE(documented[t], cols);
        }
        for (const auto &[t, cols] : documented)
            QVERIFY2(real.count(t), qPrintable(QStringLiteral("schema() documents %1, which the project does not have").arg(t)));

        // The console's own views: documented column for column, readable through the
        // authorizer, and never in the file.
        for (const auto &v : SqlConsole::views()) {
            QVERIFY2(!v.doc.isEmpty(), qPrintable(v.name));
            SqlConsole::Result cols;
            QVERIFY2(c.run(QStringLiteral("SELECT name FROM pragma_table_info('%1') ORDER BY cid").arg(v.name), &cols, &err), qPrintable(err));
            std::vector<QString> names, docNames;
            for (const auto &cr : cols.rows) names.push_back(cr[0].toString());
            for (const auto &col : v.columns) {
                QVERIFY2(!col.doc.isEmpty() && !col.type.isEmpty(), qPrintable(v.name + u'.' + col.name));
                docNames.push_back(col.name);
            }
            QCOMPARE(names, docNames);
            SqlConsole::Result rows;
            QVERIFY2(c.run(QStringLiteral("SELECT COUNT(*) FROM %1").arg(v.name), &rows, &err), qPrintable(err));
            QVERIFY(!real.count(v.name));
        }
        SqlConsole::Result n;
        QVERIFY2(c.run(QStringLiteral("SELECT COUNT(*), SUM(duration) FROM task_view"), &n, &err), qPrintable(err));
        QCOMPARE(n.rows.at(0).at(0).toULongLong(), qulonglong(tasks));
        // Views are the console's: making one of its own is still refused.
        QVERIFY(!c.run(QStringLiteral("CREATE TEMP VIEW mine AS SELECT 1"), &n, &err));
    }
};

QTEST_GUILESS_MAIN(StoreSqlConsoleTest)
#include "test_store_sql_console.moc"
