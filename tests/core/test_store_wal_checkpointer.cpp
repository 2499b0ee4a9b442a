// WalCheckpointer: a recording's WAL copied into the file by a thread beside the commits,
// the WAL kept under its cap, and nothing lost or left behind when it stops.
#include "core/store/sqlite_db.h"
#include "core/store/wal_checkpointer.h"

#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QtTest>

#include <sqlite3.h>

#include <random>
#include <vector>

using npuscope::store::detail::WalCheckpointer;

namespace {

// A connection to a new WAL-mode file with one table, as a writer has it.
sqlite3 *openWriter(const QString &path)
{
    sqlite3 *db = nullptr;
    sqlite3_open_v2(QFile::encodeName(path).constData(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr);
    sqlite3_exec(db,
                 "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; "
                 "CREATE TABLE t(id INTEGER PRIMARY KEY, data BLOB)",
                 nullptr, nullptr, nullptr);
    return db;
}

// One commit of `rows` blobs of about a page each, which do not compress or share pages.
bool commitRows(sqlite3 *db, int rows, std::mt19937 &rng)
{
    sqlite3_stmt *s = nullptr;
    if (sqlite3_exec(db, "BEGIN", nullptr, nullptr, nullptr) != SQLITE_OK
        || sqlite3_prepare_v2(db, "INSERT INTO t(data) VALUES(?1)", -1, &s, nullptr) != SQLITE_OK)
        return false;
    std::vector<unsigned char> blob(4000);
    bool ok = true;
    for (int r = 0; r < rows && ok; ++r) {
        for (unsigned char &b : blob)
            b = static_cast<unsigned char>(rng());
        sqlite3_bind_blob(s, 1, blob.data(), int(blob.size()), SQLITE_STATIC);
        ok = sqlite3_step(s) == SQLITE_DONE;
        sqlite3_reset(s);
    }
    sqlite3_finalize(s);
    return ok && sqlite3_exec(db, "COMMIT", nullptr, nullptr, nullptr) == SQLITE_OK;
}

std::int64_t scalar(sqlite3 *db, const char *sql)
{
    sqlite3_stmt *s = nullptr;
    std::int64_t v = -1;
    if (sqlite3_prepare_v2(db, sql, -1, &s, nullptr) == SQLITE_OK && sqlite3_step(s) == SQLITE_ROW)
        v = sqlite3_column_int64(s, 0);
    sqlite3_finalize(s);
    return v;
}

} // namespace

class StoreWalCheckpointerTest : public QObject {
    Q_OBJECT

private slots:
    // Commits of 50 pages. Below the cap only the thread copies: the file grows while the
    // writer is open. Up to twice the cap, the WAL never holds much more than the cap (the
    // writer's own commit lets it restart). After stop() and close every row is in the
    // file alone.
    void copiesBesideTheWriterAndKeepsTheWalUnderItsCap()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("wal.db"));
        sqlite3 *db = openWriter(path);
        QVERIFY(db);
        const qint64 emptyFile = QFileInfo(path).size();
        std::mt19937 rng(3);
        constexpr int kRowsPerCommit = 50;
        const int commits = 2 * WalCheckpointer::kCap / kRowsPerCommit;
        // A frame is a page and its 24-byte header; one commit's worth of slack past the cap
        // (the commit that reaches it), plus the pages an index of the table adds.
        const qint64 walBound = qint64(WalCheckpointer::kCap + 2 * kRowsPerCommit) * (4096 + 24) + 32;
        qint64 walMax = 0;
        {
            WalCheckpointer c;
            c.start(db, QFile::encodeName(path));
            const int belowCap = 3 * WalCheckpointer::kStep / kRowsPerCommit;
            int i = 0;
            for (; i < belowCap; ++i)
                QVERIFY(commitRows(db, kRowsPerCommit, rng));
            // The thread was asked every kStep pages and runs on its own time; what it
            // copied shows in the file (nothing else checkpoints below the cap).
            QTRY_VERIFY_WITH_TIMEOUT(QFileInfo(path).size() > emptyFile + 2 * WalCheckpointer::kStep * 4096, 30000);
            QVERIFY(c.runs() >= 1);
            for (; i < commits; ++i) {
                QVERIFY(commitRows(db, kRowsPerCommit, rng));
                walMax = std::max(walMax, QFileInfo(path + QStringLiteral("-wal")).size());
            }
            c.stop();
            c.stop(); // a second stop does nothing
        }
        QVERIFY2(walMax <= walBound, qPrintable(QStringLiteral("WAL reached %1 bytes, bound %2").arg(walMax).arg(walBound)));
        // The hook is gone: a commit after the checkpointer was destroyed only writes.
        QVERIFY(commitRows(db, 1, rng));
        sqlite3_close(db);
        QVERIFY(!QFileInfo::exists(path + QStringLiteral("-wal")));

        sqlite3 *check = nullptr;
        QCOMPARE(sqlite3_open_v2(QFile::encodeName(path).constData(), &check, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
        QCOMPARE(scalar(check, "SELECT count(*) FROM t"), std::int64_t(commits * kRowsPerCommit + 1));
        sqlite3_stmt *s = nullptr;
        QCOMPARE(sqlite3_prepare_v2(check, "PRAGMA integrity_check", -1, &s, nullptr), SQLITE_OK);
        QCOMPARE(sqlite3_step(s), SQLITE_ROW);
        QCOMPARE(QByteArray(reinterpret_cast<const char *>(sqlite3_column_text(s, 0))), QByteArray("ok"));
        sqlite3_finalize(s);
        sqlite3_close(check);
    }

    // A reader that holds an old snapshot keeps the WAL from being copied past it; the
    // writer's commits still succeed, and the reader's snapshot stays what it was.
    void aReaderHoldingASnapshotDoesNotStopTheWriter()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("reader.db"));
        sqlite3 *db = openWriter(path);
        std::mt19937 rng(5);
        QVERIFY(commitRows(db, 10, rng));
        const int kCommits = 3 * WalCheckpointer::kStep / 50;
        sqlite3 *reader = nullptr;
        QCOMPARE(sqlite3_open_v2(QFile::encodeName(path).constData(), &reader, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
        QCOMPARE(sqlite3_exec(reader, "BEGIN", nullptr, nullptr, nullptr), SQLITE_OK);
        QCOMPARE(scalar(reader, "SELECT count(*) FROM t"), std::int64_t(10));
        {
            WalCheckpointer c;
            c.start(db, QFile::encodeName(path));
            for (int i = 0; i < kCommits; ++i)
                QVERIFY(commitRows(db, 50, rng));
            QTRY_VERIFY_WITH_TIMEOUT(c.runs() > 0, 30000);
            QCOMPARE(scalar(reader, "SELECT count(*) FROM t"), std::int64_t(10));
        }
        QCOMPARE(sqlite3_exec(reader, "COMMIT", nullptr, nullptr, nullptr), SQLITE_OK);
        QCOMPARE(scalar(reader, "SELECT count(*) FROM t"), std::int64_t(10 + kCommits * 50));
        sqlite3_close(reader);
        sqlite3_close(db);
    }
};

QTEST_GUILESS_MAIN(StoreWalCheckpointerTest)
#include "test_store_wal_checkpointer.moc"
