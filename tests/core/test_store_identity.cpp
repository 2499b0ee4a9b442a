// Opening files that are not (readable) projects of this version: each is refused with the
// right StoreError and a sentence naming the file, and nothing is written to them.

#include "core/store/project.h"
#include "test_store_fixture.h"
#include "tests/test_files.h"

#include <QCryptographicHash>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>
#include <sqlite3.h>

using namespace npuscope;
using namespace npuscope::store;
using storetest::Generator;

using testfiles::fileHash;

namespace {

// A complete project with enough rows to span many pages.
bool writeProject(const QString &path, int iterations)
{
    return storetest::writeProject(path, iterations, 21);
}

bool rawExec(const QString &path, const char *sql)
{
    return testfiles::rawExec(path, sql, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
}

// Neither a read-write open nor a new writer takes the file at `path`: both say NotProject,
// the open's sentence says `why`, and the file stays as it was (a writer must not "create"
// a project over somebody's file).
void expectNotAProject(const QString &path, const QString &why)
{
    const QByteArray before = fileHash(path);
    StoreError err = StoreError::None;
    QString msg;
    QVERIFY(!Project::open(path, Project::Mode::ReadWrite, &err, &msg));
    QCOMPARE(err, StoreError::NotProject);
    QVERIFY2(msg.contains(why), qPrintable(msg));
    QVERIFY(!ProjectWriter::create(path, &err, &msg));
    QCOMPARE(err, StoreError::NotProject);
    QCOMPARE(fileHash(path), before);
}

} // namespace

class TestStoreIdentity : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void missingFileIsNotFound()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("nope.npuscope"));
        StoreError err = StoreError::None;
        QString msg;
        QVERIFY(!Project::open(path, Project::Mode::ReadOnly, &err, &msg));
        QCOMPARE(err, StoreError::NotFound);
        QVERIFY(msg.contains(QStringLiteral("nope.npuscope")));
        QVERIFY(!QFile::exists(path)); // opening never creates
    }

    void textFileIsNotAProject()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("notes.txt"));
        QVERIFY(testfiles::writeFile(path, "these are my notes, not a database\n"));
        expectNotAProject(path, QStringLiteral("is not an NPU Scope project (not a SQLite database)"));
        QVERIFY(!QTest::currentTestFailed());

        const QString empty = dir.filePath(QStringLiteral("empty.npuscope"));
        QVERIFY(testfiles::writeFile(empty, {}));
        StoreError err = StoreError::None;
        QString msg;
        QVERIFY(!Project::open(empty, Project::Mode::ReadOnly, &err, &msg));
        QCOMPARE(err, StoreError::NotProject);

        QVERIFY(!Project::open(dir.path(), Project::Mode::ReadOnly, &err, &msg));
        QCOMPARE(err, StoreError::NotProject);
    }

    void foreignSqliteDatabaseIsNotAProject()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("foreign.db"));
        QVERIFY(rawExec(path, "CREATE TABLE customers(id INTEGER PRIMARY KEY, name TEXT); "
                              "INSERT INTO customers(name) VALUES('Ada')"));
        expectNotAProject(path, QStringLiteral("is a SQLite database but not an NPU Scope project"));
    }

    void newerSchemaIsTooNew()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("future.npuscope"));
        QVERIFY(writeProject(path, 1));
        QVERIFY(rawExec(path, "PRAGMA user_version = 99"));
        StoreError err = StoreError::None;
        QString msg;
        QVERIFY(!Project::open(path, Project::Mode::ReadOnly, &err, &msg));
        QCOMPARE(err, StoreError::TooNew);
        QVERIFY2(msg.contains(QStringLiteral("newer NPU Scope (schema 99)")), qPrintable(msg));
        QVERIFY2(msg.contains(QStringLiteral("reads up to %1").arg(kSchemaVersion)), qPrintable(msg));
        QVERIFY(!ProjectWriter::create(path, &err, &msg));
        QCOMPARE(err, StoreError::TooNew);
    }

    void missingSchemaVersionIsCorrupt()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("zero.npuscope"));
        QVERIFY(writeProject(path, 1));
        QVERIFY(rawExec(path, "PRAGMA user_version = 0"));
        StoreError err = StoreError::None;
        QString msg;
        QVERIFY(!Project::open(path, Project::Mode::ReadOnly, &err, &msg));
        QCOMPARE(err, StoreError::Corrupt);
    }

    void garbageOverPagesIsCorrupt()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("damaged.npuscope"));
        QVERIFY(writeProject(path, 12));
        // Closing the last connection checkpoints the WAL into the main file.
        QVERIFY(!QFile::exists(path + QStringLiteral("-wal")) || QFileInfo(path + QStringLiteral("-wal")).size() == 0);
        {
            StoreError err = StoreError::None;
            QVERIFY(Project::open(path, Project::Mode::ReadOnly, &err, nullptr)); // intact before
        }
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadWrite));
        const qint64 size = f.size();
        QVERIFY(size > 64 * 4096);
        QByteArray junk(8 * 4096, '\0');
        for (int i = 0; i < junk.size(); ++i)
            junk[i] = char((i * 131 + 7) & 0xff);
        QVERIFY(f.seek((size / 2) & ~qint64(4095)));
        QCOMPARE(f.write(junk), qint64(junk.size()));
        f.close();

        StoreError err = StoreError::None;
        QString msg;
        QVERIFY(!Project::open(path, Project::Mode::ReadOnly, &err, &msg));
        QCOMPARE(err, StoreError::Corrupt);
        QVERIFY2(msg.contains(QStringLiteral("damaged")), qPrintable(msg));
        QVERIFY(!ProjectWriter::create(path, &err, &msg));
        QCOMPARE(err, StoreError::Corrupt);
    }

    void validProjectOpensAndKeepsItsIdentity()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("ok.npuscope"));
        QVERIFY(writeProject(path, 1));
        sqlite3 *db = nullptr;
        QCOMPARE(sqlite3_open_v2(QFile::encodeName(path).constData(), &db, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
        sqlite3_stmt *s = nullptr;
        QCOMPARE(sqlite3_prepare_v2(db, "PRAGMA application_id", -1, &s, nullptr), SQLITE_OK);
        QCOMPARE(sqlite3_step(s), SQLITE_ROW);
        QCOMPARE(sqlite3_column_int(s, 0), kApplicationId);
        sqlite3_finalize(s);
        QCOMPARE(sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &s, nullptr), SQLITE_OK);
        QCOMPARE(sqlite3_step(s), SQLITE_ROW);
        QCOMPARE(sqlite3_column_int(s, 0), kSchemaVersion);
        sqlite3_finalize(s);
        QCOMPARE(sqlite3_prepare_v2(db, "PRAGMA journal_mode", -1, &s, nullptr), SQLITE_OK);
        QCOMPARE(sqlite3_step(s), SQLITE_ROW);
        // At rest the file is in rollback-journal mode: no -wal or -shm beside it, and a
        // reader creates none (a writer switches to WAL while it records).
        QCOMPARE(QByteArray(reinterpret_cast<const char *>(sqlite3_column_text(s, 0))), QByteArray("delete"));
        sqlite3_finalize(s);
        sqlite3_close(db);
        StoreError err = StoreError::Corrupt;
        QVERIFY(Project::open(path, Project::Mode::ReadOnly, &err, nullptr));
        QCOMPARE(err, StoreError::None);
    }
};

QTEST_GUILESS_MAIN(TestStoreIdentity)
#include "test_store_identity.moc"
