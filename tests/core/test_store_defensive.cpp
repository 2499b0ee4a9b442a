// Opening files that were damaged or changed by another program: the header is judged
// from its bytes before SQLite opens the file, a schema holding anything our steps do not
// create (trigger, view, extra or altered table) is refused, a missing table is damage.
// Every refusal names the file and leaves it byte-for-byte as it was.

#include "core/store/project.h"
#include "core/store/sqlite_db.h"
#include "test_store_fixture.h"
#include "tests/test_files.h"

#include <QCryptographicHash>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>
#include <QtEndian>
#include <sqlite3.h>
#include <tuple>

using namespace npuscope;
using namespace npuscope::store;
using storetest::Generator;

using testfiles::fileHash;
using testfiles::rawExec;

namespace {

bool writeProject(const QString &path, int iterations)
{
    return storetest::writeProject(path, iterations, 23);
}

bool patchBytes(const QString &path, qint64 offset, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::ReadWrite) && f.seek(offset) && f.write(bytes) == bytes.size();
}

QByteArray be32(quint32 v)
{
    QByteArray b(4, '\0');
    qToBigEndian(v, b.data());
    return b;
}

struct Outcome {
    bool opened = false;
    StoreError err = StoreError::None;
    QString message;
};

Outcome tryOpen(const QString &path, Project::Mode mode = Project::Mode::ReadOnly)
{
    Outcome o;
    o.opened = Project::open(path, mode, &o.err, &o.message) != nullptr;
    return o;
}

} // namespace

class TestStoreDefensive : public QObject {
    Q_OBJECT
private:
    QTemporaryDir dir_;
    QString pristine_;
    int n_ = 0;

    // A fresh copy of a complete, checkpointed project (no -wal beside it).
    QString copy()
    {
        const QString p = dir_.filePath(QStringLiteral("case%1.npuscope").arg(++n_));
        if (!QFile::copy(pristine_, p))
            return {};
        return p;
    }

    // The refusal happened from the header bytes alone: SQLite made no -wal/-shm.
    static bool untouchedBySqlite(const QString &path)
    {
        return !QFile::exists(path + QStringLiteral("-wal")) && !QFile::exists(path + QStringLiteral("-shm"));
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(dir_.isValid());
        pristine_ = dir_.filePath(QStringLiteral("pristine.npuscope"));
        QVERIFY(writeProject(pristine_, 12));
        QVERIFY(!QFile::exists(pristine_ + QStringLiteral("-wal")));
        QVERIFY(tryOpen(pristine_).opened);
    }

    void headerCutOffIsCorrupt()
    {
        const QString p = copy();
        QVERIFY(QFile::resize(p, 60)); // magic intact, header incomplete
        const QByteArray before = fileHash(p);
        const Outcome o = tryOpen(p);
        QVERIFY(!o.opened);
        QCOMPARE(o.err, StoreError::Corrupt);
        QVERIFY2(o.message.contains(QStringLiteral("cut off inside its header")), qPrintable(o.message));
        QVERIFY(o.message.contains(p));
        QCOMPARE(fileHash(p), before);
        QVERIFY(untouchedBySqlite(p));
    }

    void truncatedFileIsCorrupt()
    {
        for (const qint64 cut : {qint64(3), qint64(0)}) {
            const QString p = copy();
            const qint64 size = QFileInfo(p).size();
            // Half the pages, then also a cut inside a page.
            const qint64 newSize = (size / 2 / 4096) * 4096 + (cut ? 4096 / cut : 0);
            QVERIFY(QFile::resize(p, newSize));
            const QByteArray before = fileHash(p);
            const Outcome o = tryOpen(p);
            QVERIFY(!o.opened);
            QCOMPARE(o.err, StoreError::Corrupt);
            QVERIFY2(o.message.contains(QStringLiteral("is cut off")), qPrintable(o.message));
            QVERIFY(!ProjectWriter::create(p, nullptr, nullptr));
            QCOMPARE(fileHash(p), before);
        }
    }

    void flippedHeaderBytes()
    {
        {   // page size 3000: not a power of two
            const QString p = copy();
            QVERIFY(patchBytes(p, 16, QByteArray::fromHex("0bb8")));
            const Outcome o = tryOpen(p);
            QCOMPARE(o.err, StoreError::Corrupt);
            QVERIFY2(o.message.contains(QStringLiteral("page size 3000")), qPrintable(o.message));
            QVERIFY(untouchedBySqlite(p));
        }
        {   // one bit of application_id
            const QString p = copy();
            QVERIFY(patchBytes(p, 68, be32(quint32(kApplicationId) ^ 0x100)));
            const Outcome o = tryOpen(p, Project::Mode::ReadWrite);
            QCOMPARE(o.err, StoreError::NotProject);
            QVERIFY2(o.message.contains(QStringLiteral("is a SQLite database but not an NPU Scope project")), qPrintable(o.message));
            QVERIFY(untouchedBySqlite(p));
        }
        {   // user_version from the future, read from the header bytes
            const QString p = copy();
            QVERIFY(patchBytes(p, 60, be32(77)));
            const QByteArray before = fileHash(p);
            const Outcome o = tryOpen(p, Project::Mode::ReadWrite);
            QCOMPARE(o.err, StoreError::TooNew);
            QVERIFY2(o.message.contains(QStringLiteral("newer NPU Scope (schema 77)")), qPrintable(o.message));
            QVERIFY(untouchedBySqlite(p));
            QCOMPARE(fileHash(p), before);
        }
        {   // the magic itself
            const QString p = copy();
            QVERIFY(patchBytes(p, 3, QByteArray("X")));
            const Outcome o = tryOpen(p);
            QCOMPARE(o.err, StoreError::NotProject);
            QVERIFY2(o.message.contains(QStringLiteral("not a SQLite database")), qPrintable(o.message));
        }
    }

    void flippedPageBytesAreCorrupt()
    {
        const QString p = copy();
        const qint64 size = QFileInfo(p).size();
        // Flip bytes in the b-tree page headers of several pages in the middle.
        QFile f(p);
        QVERIFY(f.open(QIODevice::ReadWrite));
        for (qint64 page = size / 4096 / 3; page < size / 4096 / 3 + 6; ++page) {
            QVERIFY(f.seek(page * 4096));
            QByteArray b = f.read(16);
            for (char &c : b)
                c = char(~c);
            QVERIFY(f.seek(page * 4096));
            QCOMPARE(f.write(b), qint64(16));
        }
        f.close();
        const Outcome o = tryOpen(p);
        QVERIFY(!o.opened);
        QCOMPARE(o.err, StoreError::Corrupt);
        QVERIFY2(o.message.contains(QStringLiteral("damaged")), qPrintable(o.message));
    }

    // Check::Schema (a view reopening the window's project) skips the page scan; damage is
    // then reported by the read that meets it, never read as data.
    void schemaCheckLeavesDamageToTheReads()
    {
        const QString p = copy();
        std::uint64_t pristineTasks = 0;
        {
            StoreError e{};
            QString m;
            auto project = Project::open(p, Project::Mode::ReadOnly, &e, &m);
            QVERIFY2(project, qPrintable(m));
            auto r = project->session(project->sessions().front().id, &m);
            QVERIFY2(r, qPrintable(m));
            for (const auto &k : r->iterations())
                QVERIFY(r->forEachTask(k, [&](const TaskRecord &) { ++pristineTasks; return true; }));
            QVERIFY(pristineTasks > 0);
        }
        // Overwrite pages of the task blocks (dbstat names them; page numbers count from 1).
        std::vector<qint64> pages;
        {
            sqlite3 *db = nullptr;
            QCOMPARE(sqlite3_open_v2(QFile::encodeName(p).constData(), &db, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
            sqlite3_stmt *st = nullptr;
            QCOMPARE(sqlite3_prepare_v2(db, "SELECT pageno FROM dbstat WHERE name = 'task_blocks' AND pagetype IN ('leaf', 'overflow') ORDER BY pageno",
                                        -1, &st, nullptr), SQLITE_OK);
            while (sqlite3_step(st) == SQLITE_ROW)
                pages.push_back(sqlite3_column_int64(st, 0));
            sqlite3_finalize(st);
            sqlite3_close(db);
        }
        QVERIFY(pages.size() >= 4);
        QFile f(p);
        QVERIFY(f.open(QIODevice::ReadWrite));
        for (std::size_t i = pages.size() / 2; i < pages.size() / 2 + 2; ++i) {
            QVERIFY(f.seek((pages[i] - 1) * 4096));
            QCOMPARE(f.write(QByteArray(4096, '\x5a')), qint64(4096));
        }
        f.close();
        QCOMPARE(tryOpen(p).err, StoreError::Corrupt);
        StoreError e{};
        QString m;
        // The writer checks the same way: Full finds the damage, Schema leaves it to the reads.
        QVERIFY(!ProjectWriter::create(p, &e, &m));
        QCOMPARE(e, StoreError::Corrupt);
        QVERIFY2(ProjectWriter::create(p, &e, &m, Project::Check::Schema), qPrintable(m));
        auto project = Project::open(p, Project::Mode::ReadOnly, &e, &m, Project::Check::Schema);
        QVERIFY2(project, qPrintable(m)); // header, version and schema are intact
        auto r = project->session(project->sessions().front().id, &m);
        bool failed = !r;
        std::uint64_t tasks = 0;
        if (r)
            for (const auto &k : r->iterations())
                if (!r->forEachTask(k, [&](const TaskRecord &) { ++tasks; return true; })) {
                    failed = true;
                    m = r->errorString();
                    break;
                }
        QVERIFY2(failed, "every task was read from a file with 2 overwritten task pages");
        QVERIFY(tasks < pristineTasks);
        QVERIFY2(m.contains(QStringLiteral("damaged")) || m.contains(QStringLiteral("malformed")), qPrintable(m));
    }

    // The GUI's Cancel during the page-by-page check: Cancelled, and the file as it was.
    void cancelledCheckOpensNothing()
    {
        const QString p = copy();
        const QByteArray before = fileHash(p);
        std::atomic_bool cancel{true};
        StoreError e{};
        QString m;
        QVERIFY(!Project::open(p, Project::Mode::ReadOnly, &e, &m, Project::Check::Full, &cancel));
        QCOMPARE(e, StoreError::Cancelled);
        QVERIFY2(m.contains(QStringLiteral("cancelled")), qPrintable(m));
        QCOMPARE(fileHash(p), before);
        // A flag that stays down changes nothing; Schema has no page scan to cancel.
        cancel = false;
        QVERIFY(Project::open(p, Project::Mode::ReadOnly, &e, &m, Project::Check::Full, &cancel));
        cancel = true;
        QVERIFY(Project::open(p, Project::Mode::ReadOnly, &e, &m, Project::Check::Schema, &cancel));
    }

    void triggerIsRefusedAndNeverRuns()
    {
        const QString p = copy();
        // A trigger that would copy every new session somewhere else.
        QVERIFY(rawExec(p, "CREATE TABLE stolen(x); CREATE TRIGGER steal AFTER INSERT ON sessions "
                           "BEGIN INSERT INTO stolen VALUES(new.name); END; PRAGMA wal_checkpoint(TRUNCATE)"));
        const Outcome o = tryOpen(p);
        QVERIFY(!o.opened);
        QCOMPARE(o.err, StoreError::NotProject);
        QVERIFY2(o.message.contains(QStringLiteral("changed by another program")), qPrintable(o.message));
        QVERIFY2(o.message.contains(QStringLiteral("stolen")) || o.message.contains(QStringLiteral("steal")), qPrintable(o.message));
        StoreError err = StoreError::None;
        QString msg;
        QVERIFY(!ProjectWriter::create(p, &err, &msg));
        QCOMPARE(err, StoreError::NotProject);

        // Only the trigger, no extra table: still refused, and named.
        const QString q = copy();
        QVERIFY(rawExec(q, "CREATE TRIGGER wipe AFTER INSERT ON task_blocks BEGIN DELETE FROM task_blocks; END"));
        const Outcome o2 = tryOpen(q, Project::Mode::ReadWrite);
        QCOMPARE(o2.err, StoreError::NotProject);
        QVERIFY2(o2.message.contains(QStringLiteral("trigger \u201Cwipe\u201D")), qPrintable(o2.message));
        QVERIFY(!ProjectWriter::create(q, &err, &msg));
        QCOMPARE(err, StoreError::NotProject);
    }

    void viewAndAlteredTableAreRefused()
    {
        const QString v = copy();
        QVERIFY(rawExec(v, "CREATE VIEW sessions_v AS SELECT * FROM sessions"));
        Outcome o = tryOpen(v);
        QCOMPARE(o.err, StoreError::NotProject);
        QVERIFY2(o.message.contains(QStringLiteral("view \u201Csessions_v\u201D")), qPrintable(o.message));

        const QString a = copy();
        QVERIFY(rawExec(a, "ALTER TABLE sessions ADD COLUMN extra TEXT DEFAULT 'x'"));
        o = tryOpen(a);
        QCOMPARE(o.err, StoreError::NotProject);
        QVERIFY2(o.message.contains(QStringLiteral("table \u201Csessions\u201D")), qPrintable(o.message));
    }

    void missingIndexIsDamage()
    {
        const QString p = copy();
        QVERIFY(rawExec(p, "DROP INDEX task_blocks_by_stream"));
        const Outcome o = tryOpen(p);
        QCOMPARE(o.err, StoreError::Corrupt);
        QVERIFY2(o.message.contains(QStringLiteral("index \u201Ctask_blocks_by_stream\u201D is missing")), qPrintable(o.message));
    }

    // The timeline tables are created on demand; a project with or without them is ours.
    void optionalTimelineTablesAreAccepted()
    {
        QVERIFY(tryOpen(pristine_).opened);
        const QString p = copy();
        QVERIFY(rawExec(p, "DROP TABLE IF EXISTS timeline_marks; DROP TABLE IF EXISTS timeline_lod; "
                           "DROP TABLE IF EXISTS timeline_lod_sessions"));
        const Outcome o = tryOpen(p);
        QVERIFY2(o.opened, qPrintable(o.message));
    }

    // Viewing never writes: the main file keeps its bytes through open, list and read.
    void readOnlyOpenWritesNothing()
    {
        const QString p = copy();
        const QByteArray before = fileHash(p);
        {
            QString msg;
            auto project = Project::open(p, Project::Mode::ReadOnly, nullptr, &msg);
            QVERIFY2(project, qPrintable(msg));
            const auto sessions = project->sessions();
            QCOMPARE(sessions.size(), size_t(1));
            auto r = project->session(sessions.front().id, &msg);
            QVERIFY2(r, qPrintable(msg));
            QCOMPARE(storetest::countTasks(*r), std::int64_t(sessions.front().taskCount));
        }
        QCOMPARE(fileHash(p), before);
    }
    // A connection that switched a file to WAL holds no lock until its next read; a reader
    // settling the file in that moment puts it back into rollback-journal mode. enterWal
    // returns only once its connection reads in WAL mode, after which no settle can switch
    // the file back under it.
    void enterWalSurvivesASettleInBetween()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QByteArray path = QFile::encodeName(dir.filePath(QStringLiteral("wal.db")));
        auto open = [&path](detail::Db *db) {
            sqlite3 *raw = nullptr;
            const int rc = sqlite3_open_v2(path.constData(), &raw, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr);
            db->reset(raw);
            return rc == SQLITE_OK;
        };
        // The mode the connection reads in: a read first (the pager learns the file's mode
        // when it reads page 1), then the pragma.
        auto mode = [](const detail::Db &db) {
            int rc = SQLITE_OK;
            db.scalar("SELECT count(*) FROM t", &rc);
            detail::Stmt s;
            if (rc != SQLITE_OK)
                return QByteArray("?");
            if (db.prepare("PRAGMA journal_mode", &s) != SQLITE_OK || sqlite3_step(s.get()) != SQLITE_ROW)
                return QByteArray("?");
            return QByteArray(reinterpret_cast<const char *>(sqlite3_column_text(s.get(), 0)));
        };
        detail::Db writer;
        QVERIFY(open(&writer));
        QCOMPARE(writer.exec("CREATE TABLE t(x); INSERT INTO t VALUES (1)"), SQLITE_OK);

        // The gap: a bare switch, a settle before the writer's next read, and the writer
        // reads in rollback-journal mode from then on.
        QCOMPARE(writer.exec("PRAGMA journal_mode = WAL"), SQLITE_OK);
        QVERIFY(detail::settleAtRest(path));
        QCOMPARE(mode(writer), QByteArray("delete"));

        // enterWal switches again and has read in WAL mode when it returns: a settle right
        // after it (before any read of ours) changes nothing, where one after a bare switch did.
        QCOMPARE(detail::enterWal(writer), SQLITE_OK);
        QVERIFY(!detail::settleAtRest(path));
        QCOMPARE(mode(writer), QByteArray("wal"));
        QCOMPARE(writer.exec("INSERT INTO t VALUES (2)"), SQLITE_OK);
        QVERIFY(QFileInfo::exists(QFile::decodeName(path) + QStringLiteral("-wal")));
    }

    // Every connection gets the settings that keep a file from running code, each read back:
    // the check passes on the store's own connections and names a setting that is off.
    void securitySettingsAreVerified()
    {
        const QString p = copy();
        detail::Db db;
        StoreError e{};
        QString m;
        QVERIFY2(detail::openProject(p, detail::OpenKind::ReadOnly, detail::DeepCheck::No, false, &db, &e, &m), qPrintable(m));
        QString off;
        QVERIFY2(detail::checkSecuritySettings(db.get(), false, &off), qPrintable(off));
        for (const auto &[op, value, name] : {std::tuple{SQLITE_DBCONFIG_DEFENSIVE, 0, "defensive"},
                                              std::tuple{SQLITE_DBCONFIG_TRUSTED_SCHEMA, 1, "trusted_schema"},
                                              std::tuple{SQLITE_DBCONFIG_ENABLE_TRIGGER, 1, "enable_trigger"},
                                              std::tuple{SQLITE_DBCONFIG_ENABLE_VIEW, 1, "enable_view"}}) {
            sqlite3_db_config(db.get(), op, value, nullptr);
            QVERIFY(!detail::checkSecuritySettings(db.get(), false, &off));
            QCOMPARE(off, QLatin1String(name));
            sqlite3_db_config(db.get(), op, 1 - value, nullptr);
            QVERIFY(detail::checkSecuritySettings(db.get(), false, &off));
        }
        // query_only, for the SQL console's connection.
        sqlite3 *raw = nullptr;
        QCOMPARE(sqlite3_open_v2(QFile::encodeName(p).constData(), &raw, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
        detail::applySecuritySettings(raw, true);
        QVERIFY(detail::checkSecuritySettings(raw, true, &off));
        QCOMPARE(sqlite3_exec(raw, "PRAGMA query_only = 0", nullptr, nullptr, nullptr), SQLITE_OK);
        QVERIFY(!detail::checkSecuritySettings(raw, true, &off));
        QCOMPARE(off, QStringLiteral("query_only"));
        sqlite3_close(raw);
    }
    // A damaged session list is a read error, not an empty project.
    void damagedSessionListIsAnError()
    {
        const QString p = copy();
        qint64 page = 0;
        int pageSize = 0;
        {
            sqlite3 *db = nullptr;
            QCOMPARE(sqlite3_open_v2(QFile::encodeName(p).constData(), &db, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
            sqlite3_stmt *st = nullptr;
            sqlite3_prepare_v2(db, "SELECT pageno, (SELECT page_size FROM pragma_page_size) FROM dbstat WHERE name = 'sessions'", -1,
                               &st, nullptr);
            if (sqlite3_step(st) == SQLITE_ROW) {
                page = sqlite3_column_int64(st, 0);
                pageSize = sqlite3_column_int(st, 1);
            }
            sqlite3_finalize(st);
            sqlite3_close(db);
        }
        QVERIFY(page > 0 && pageSize >= 512);
        QFile f(p);
        QVERIFY(f.open(QIODevice::ReadWrite));
        QVERIFY(f.seek((page - 1) * pageSize));
        QCOMPARE(f.write(QByteArray(pageSize, '\x5a')), qint64(pageSize));
        f.close();
        StoreError e{};
        QString m;
        auto project = Project::open(p, Project::Mode::ReadOnly, &e, &m, Project::Check::Schema);
        QVERIFY2(project, qPrintable(m));
        QVERIFY(project->sessions().empty());
        QCOMPARE(project->error(), StoreError::Corrupt);
        QVERIFY2(project->errorString().contains(QLatin1String("damaged")), qPrintable(project->errorString()));
    }
};

QTEST_GUILESS_MAIN(TestStoreDefensive)
#include "test_store_defensive.moc"
