// Projects written by an older NPU Scope. tests/data/store/v1-import.npuscope is a real
// schema-1 file: `npuscope import tests/data/import/newer-layout` run by the schema-1
// build (commit 313f611), with its import report as a "session.1.import" row of meta. Schema 2
// moves session notes into their own table; opening a schema-1 file is refused until
// Project::upgrade migrates it, keeping the original as <file>.v1.bak.
// tests/data/store/v2-run.npuscope is a real schema-2 file: `npuscope run --model alexnet
// --batch 1 --iterations 2 --devices 2` with every switch on, by the schema-2 build (commit
// e2032da): its tasks hold all nine 910 task types as integers, which schema 3 turns into text.

#include "core/store/lod.h"
#include "core/store/project.h"
#include "core/store/schema.h"
#include "core/store/sql_console.h"
#include "test_store_fixture.h"
#include "tests/test_files.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>
#include <QtEndian>
#include <sqlite3.h>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <functional>
#include <tuple>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

using namespace npuscope;
using namespace npuscope::store;

using testfiles::fileHash;
using testfiles::rawExec;

namespace {

const QString kFixture = QStringLiteral(NPUSCOPE_SOURCE_DIR "/tests/data/store/v1-import.npuscope");
const QString kFixtureV2 = QStringLiteral(NPUSCOPE_SOURCE_DIR "/tests/data/store/v2-run.npuscope");

// One text value read with plain SQLite (how the schema-1 layout stored it).
QByteArray rawText(const QString &path, const char *sql)
{
    sqlite3 *db = nullptr;
    QByteArray out;
    // immutable: the vendored fixture is a WAL file, and even a read-only open of one
    // leaves -shm and -wal files beside it, in the source tree.
    const QByteArray uri = QUrl::fromLocalFile(path).toEncoded() + "?immutable=1";
    if (sqlite3_open_v2(uri.constData(), &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nullptr) == SQLITE_OK) {
        sqlite3_stmt *s = nullptr;
        if (sqlite3_prepare_v2(db, sql, -1, &s, nullptr) == SQLITE_OK && sqlite3_step(s) == SQLITE_ROW)
            out = QByteArray(reinterpret_cast<const char *>(sqlite3_column_text(s, 0)), sqlite3_column_bytes(s, 0));
        sqlite3_finalize(s);
    }
    sqlite3_close(db);
    return out;
}

// A session's iteration keys in (device, model, iteration) order: the order of the row
// tables' (session, device, model, iteration, …) sorts the block tests compare with.
std::vector<IterationKey> keysInOrder(const ProjectReader &reader)
{
    std::vector<IterationKey> keys = reader.iterations();
    std::sort(keys.begin(), keys.end(), [](const IterationKey &a, const IterationKey &b) {
        return std::tie(a.device, a.modelId, a.iteration) < std::tie(b.device, b.modelId, b.iteration);
    });
    return keys;
}

} // namespace

class TestStoreUpgrade : public QObject {
    Q_OBJECT
private:
    QTemporaryDir dir_;
    int n_ = 0;

    // A writable copy of `fixture` in the test's folder; empty when it could not be made.
    QString copyFixture(const QString &fixture = kFixture)
    {
        const QString p = dir_.filePath(QStringLiteral("old%1.npuscope").arg(++n_));
        return QFile::copy(fixture, p) && QFile::setPermissions(p, QFile::ReadOwner | QFile::WriteOwner) ? p : QString();
    }

    // The upgraded file at `p` is sound, its first session read back iteration by iteration
    // (in keysInOrder) by `read` — a line a record — gives the `rows` lines of `before`, and the
    // SQL console still answers the old `beforeSql` with `before`.
    static void expectTheRowsOfBefore(const QString &p, int rows, const QByteArray &beforeSql, const QByteArray &before,
                                      const std::function<bool(ProjectReader &, const IterationKey &, QStringList &)> &read)
    {
        QCOMPARE(rawText(p, "PRAGMA integrity_check"), QByteArray("ok"));
        StoreError err = StoreError::None;
        QString msg;
        auto project = Project::open(p, Project::Mode::ReadOnly, &err, &msg);
        QVERIFY2(project, qPrintable(msg));
        auto reader = project->session(project->sessions().front().id, &msg);
        QVERIFY2(reader, qPrintable(msg));
        QStringList after;
        for (const IterationKey &k : keysInOrder(*reader))
            QVERIFY2(read(*reader, k, after), qPrintable(reader->errorString()));
        QCOMPARE(after.size(), rows);
        QCOMPARE(after.join(QLatin1Char('\n')), QString::fromUtf8(before));

        SqlConsole c;
        QVERIFY2(c.open(p, &msg), qPrintable(msg));
        SqlConsole::Result res;
        QVERIFY2(c.run(QString::fromUtf8(beforeSql), &res, &msg), qPrintable(msg));
        QCOMPARE(res.rows.at(0).at(0).toString(), QString::fromUtf8(before));
    }

private Q_SLOTS:
    void fixtureIsSchemaOne()
    {
        QVERIFY2(QFileInfo::exists(kFixture), qPrintable(kFixture));
        QCOMPARE(rawText(kFixture, "PRAGMA user_version"), QByteArray("1"));
        QVERIFY(!rawText(kFixture, "SELECT value FROM meta WHERE key = 'session.1.import'").isEmpty());
        QVERIFY(kSchemaVersion > 1);
    }

    void olderProjectIsRefusedUntilUpgraded()
    {
        const QString p = copyFixture();
        const QByteArray before = fileHash(p);
        StoreError err = StoreError::None;
        QString msg;
        QVERIFY(!Project::open(p, Project::Mode::ReadOnly, &err, &msg));
        QCOMPARE(err, StoreError::NeedsUpgrade);
        QVERIFY2(msg.contains(QStringLiteral("older NPU Scope (schema 1)")), qPrintable(msg));
        QVERIFY2(msg.contains(p + QStringLiteral(".v1.bak")), qPrintable(msg));
        QVERIFY(!Project::open(p, Project::Mode::ReadWrite, &err, &msg));
        QCOMPARE(err, StoreError::NeedsUpgrade);
        // Recording into it is refused too, before anything is written.
        QVERIFY(!ProjectWriter::create(p, &err, &msg));
        QCOMPARE(err, StoreError::NeedsUpgrade);
        QCOMPARE(fileHash(p), before);
        QVERIFY(!QFile::exists(p + QStringLiteral(".v1.bak")));
    }

    void upgradeMigratesKeepsABackupAndIsIdempotent()
    {
        const QString p = copyFixture();
        const QByteArray original = fileHash(p);
        const QByteArray noteBefore = rawText(p, "SELECT value FROM meta WHERE key = 'session.1.import'");

        UpgradeResult r;
        StoreError err = StoreError::None;
        QString msg;
        QVERIFY2(Project::upgrade(p, &r, &err, &msg), qPrintable(msg));
        QCOMPARE(err, StoreError::None);
        QCOMPARE(r.fromVersion, 1);
        QCOMPARE(r.toVersion, kSchemaVersion);
        QCOMPARE(r.backupPath, p + QStringLiteral(".v1.bak"));
        QCOMPARE(fileHash(r.backupPath), original);

        auto project = Project::open(p, Project::Mode::ReadOnly, &err, &msg);
        QVERIFY2(project, qPrintable(msg));
        const auto sessions = project->sessions();
        QCOMPARE(sessions.size(), size_t(1));
        QCOMPARE(sessions.front().info.name, QStringLiteral("v1 fixture"));
        // The migration moved the note: same bytes, now in session_notes, gone from meta.
        const QByteArray note = project->sessionNote(sessions.front().id, QStringLiteral("import"));
        QCOMPARE(note, noteBefore);
        QVERIFY(QJsonDocument::fromJson(note).isObject());
        QCOMPARE(rawText(p, "SELECT count(*) FROM meta WHERE key LIKE 'session.%'"), QByteArray("0"));
        QCOMPARE(rawText(p, "PRAGMA user_version"), QByteArray::number(kSchemaVersion));
        QCOMPARE(rawText(p, "PRAGMA integrity_check"), QByteArray("ok"));
        // The records read as before.
        auto reader = project->session(sessions.front().id, &msg);
        QVERIFY2(reader, qPrintable(msg));
        QCOMPARE(storetest::countTasks(*reader), std::int64_t(sessions.front().taskCount));
        project.reset();
        reader.reset();

        // A current project: nothing to do, no second backup.
        const QByteArray upgraded = fileHash(p);
        UpgradeResult again;
        QVERIFY2(Project::upgrade(p, &again, &err, &msg), qPrintable(msg));
        QCOMPARE(again.fromVersion, kSchemaVersion);
        QCOMPARE(again.toVersion, kSchemaVersion);
        QVERIFY(again.backupPath.isEmpty());
        QCOMPARE(fileHash(p), upgraded);

        // A recording can be added after the upgrade.
        auto w = ProjectWriter::create(p, &err, &msg);
        QVERIFY2(w, qPrintable(msg));
    }

    // Cancel during the backup copy or just before the migration: Cancelled, the project's
    // bytes as before, no half-written backup; the copy reports its progress up to the end.
    void cancelledUpgradeLeavesTheProjectAsItWas()
    {
        for (const bool duringCopy : {true, false}) {
            const QString p = copyFixture();
            const QByteArray original = fileHash(p);
            std::atomic_bool cancel{false};
            std::uint64_t lastDone = 0, lastTotal = 0;
            const ByteProgress progress = [&](std::uint64_t done, std::uint64_t total) {
                lastDone = done;
                lastTotal = total;
                if (duringCopy || done == total)
                    cancel = true;
            };
            UpgradeResult r;
            StoreError err = StoreError::None;
            QString msg;
            QVERIFY(!Project::upgrade(p, &r, &err, &msg, &cancel, progress));
            QCOMPARE(err, StoreError::Cancelled);
            QVERIFY2(msg.contains(QStringLiteral("cancelled")), qPrintable(msg));
            QCOMPARE(fileHash(p), original);
            QCOMPARE(rawText(p, "PRAGMA user_version"), QByteArray("1"));
            const QString backup = p + QStringLiteral(".v1.bak");
            if (duringCopy) {
                QVERIFY(!QFile::exists(backup));
            } else {
                QCOMPARE(lastDone, lastTotal);
                QCOMPARE(lastTotal, std::uint64_t(QFileInfo(kFixture).size()));
                QCOMPARE(fileHash(backup), original); // whole, and the next attempt keeps it
            }
            const QStringList left = QDir(dir_.path()).entryList({QFileInfo(p).fileName() + QStringLiteral(".v1.bak.tmp-*")});
            QVERIFY2(left.isEmpty(), qPrintable(left.join(QLatin1Char(' '))));
            // Not cancelled, the same file upgrades.
            QVERIFY2(Project::upgrade(p, &r, &err, &msg), qPrintable(msg));
            QCOMPARE(r.toVersion, kSchemaVersion);
        }
    }

    void notesOfDeletedSessionsAreDropped()
    {
        const QString p = copyFixture();
        QVERIFY(rawExec(p, "INSERT INTO meta(key, value) VALUES('session.99.import', '{}'), ('session.note', 'x')"));
        StoreError err = StoreError::None;
        QString msg;
        QVERIFY2(Project::upgrade(p, nullptr, &err, &msg), qPrintable(msg));
        QCOMPARE(rawText(p, "SELECT count(*) FROM session_notes"), QByteArray("1"));
        QCOMPARE(rawText(p, "SELECT count(*) FROM meta WHERE key GLOB 'session.[0-9]*'"), QByteArray("0"));
        // Not a note (no session number): left alone.
        QCOMPARE(rawText(p, "SELECT value FROM meta WHERE key = 'session.note'"), QByteArray("x"));
    }

    void differentBackupBlocksTheUpgrade()
    {
        const QString p = copyFixture();
        const QString bak = p + QStringLiteral(".v1.bak");
        QVERIFY(testfiles::writeFile(bak, "somebody's other file"));
        const QByteArray before = fileHash(p);
        StoreError err = StoreError::None;
        QString msg;
        QVERIFY(!Project::upgrade(p, nullptr, &err, &msg));
        QCOMPARE(err, StoreError::Io);
        QVERIFY2(msg.contains(QStringLiteral("a different file")) && msg.contains(bak), qPrintable(msg));
        QCOMPARE(fileHash(p), before);
        QCOMPARE(QFileInfo(bak).size(), qint64(21));

        // An identical backup (a second attempt after a failure) is reused.
        QVERIFY(QFile::remove(bak));
        QVERIFY(QFile::copy(p, bak));
        UpgradeResult r;
        QVERIFY2(Project::upgrade(p, &r, &err, &msg), qPrintable(msg));
        QCOMPARE(r.backupPath, bak);
        QCOMPARE(fileHash(bak), before);
    }

    void failedMigrationLeavesTheProjectUntouched()
    {
        const QString p = copyFixture();
        const QByteArray before = fileHash(p);
        // The migration cannot grow the file by a single page: its CREATE TABLE fails
        // with SQLITE_FULL in the middle of the transaction.
        qputenv("NPUSCOPE_TEST_MAX_PAGES", "1");
        StoreError err = StoreError::None;
        QString msg;
        const bool ok = Project::upgrade(p, nullptr, &err, &msg);
        qunsetenv("NPUSCOPE_TEST_MAX_PAGES");
        QVERIFY(!ok);
        QCOMPARE(err, StoreError::Io);
        QVERIFY2(msg.contains(QStringLiteral("could not be upgraded")) && msg.contains(QStringLiteral("unchanged")),
                 qPrintable(msg));
        QCOMPARE(fileHash(p), before);
        QCOMPARE(fileHash(p + QStringLiteral(".v1.bak")), before);
        QVERIFY(!Project::open(p, Project::Mode::ReadOnly, &err, &msg));
        QCOMPARE(err, StoreError::NeedsUpgrade);
        // ... and the next attempt succeeds.
        QVERIFY2(Project::upgrade(p, nullptr, &err, &msg), qPrintable(msg));
        QVERIFY(Project::open(p, Project::Mode::ReadOnly, &err, &msg));
    }

    void upgradeWaitsForTheWriterLock()
    {
        const QString p = copyFixture();
        const int fd = ::open(QFile::encodeName(p + QStringLiteral(".lock")).constData(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
        QVERIFY(fd >= 0);
        QCOMPARE(::flock(fd, LOCK_EX | LOCK_NB), 0); // as a running recording holds it
        StoreError err = StoreError::None;
        QString msg;
        const bool ok = Project::upgrade(p, nullptr, &err, &msg);
        ::close(fd);
        QVERIFY(!ok);
        QCOMPARE(err, StoreError::Busy);
        QVERIFY(!QFile::exists(p + QStringLiteral(".v1.bak")));
    }

    void schemaTwoTaskTypesBecomeText()
    {
        const QString p = copyFixture(kFixtureV2);
        QVERIFY(!p.isEmpty());
        QCOMPARE(rawText(p, "PRAGMA user_version"), QByteArray("2"));
        // What schema 2 stored: type codes 0..8, counted per code, and the string count.
        std::map<int, int> before;
        for (int code = 0; code < 9; ++code) {
            const QByteArray sql = "SELECT count(*) FROM tasks WHERE type = " + QByteArray::number(code);
            before[code] = rawText(p, sql.constData()).toInt();
            QVERIFY2(before[code] > 0, sql.constData()); // the fixture holds every one of the nine
        }
        const int stringsBefore = rawText(p, "SELECT count(*) FROM strings").toInt();
        const QByteArray lodBefore = rawText(p, "SELECT hex(group_concat(hex(data))) FROM timeline_lod");

        StoreError err = StoreError::None;
        QString msg;
        UpgradeResult r;
        QVERIFY2(Project::upgrade(p, &r, &err, &msg), qPrintable(msg));
        QCOMPARE(r.fromVersion, 2);
        QCOMPARE(rawText(p, "PRAGMA integrity_check"), QByteArray("ok"));
        // Only the two spellings the emulator never used as a name were added.
        QCOMPARE(rawText(p, "SELECT count(*) FROM strings").toInt(), stringsBefore + 2);
        QCOMPARE(rawText(p, "SELECT hex(group_concat(hex(data))) FROM timeline_lod"), lodBefore);

        auto project = Project::open(p, Project::Mode::ReadOnly, &err, &msg);
        QVERIFY2(project, qPrintable(msg));
        const auto sessions = project->sessions();
        QCOMPARE(sessions.size(), size_t(1));
        auto reader = project->session(sessions.front().id, &msg);
        QVERIFY2(reader, qPrintable(msg));
        const char *nine[] = {"AI_CORE", "AI_CPU", "EVENT_RECORD", "EVENT_WAIT", "EVENT_RESET",
                              "REDUCE_ASYNC_V2", "NOTIFY_WAIT", "NOTIFY_RECORD", "MEMCPY_ASYNC"};
        std::map<int, int> after;
        int wrongText = 0, noText = 0;
        for (const IterationKey &k : reader->iterations())
            QVERIFY(reader->forEachTask(k, [&](const TaskRecord &t) {
                const int code = int(t.kind);
                ++after[code];
                noText += t.type == 0;
                wrongText += code > 8 || reader->string(t.type) != nine[code];
                return true;
            }));
        QCOMPARE(noText, 0);
        QCOMPARE(wrongText, 0);
        QCOMPARE(after, before);
        // The timeline reads the kinds the summaries were built with.
        auto timeline = TimelineStore::open(p, sessions.front().id, &err, &msg);
        QVERIFY2(timeline, qPrintable(msg));
        std::map<int, int> scanned;
        QVERIFY(timeline->scanTasks([&](const TaskRow &t) {
            ++scanned[t.kind];
            return reader->string(t.type) == nine[t.kind % 9];
        }));
        QCOMPARE(scanned, before);
    }

    // Schema 5 stores HCCL tasks as column blocks: every row of the fixture's hccl_tasks
    // comes back field for field, in the order the schema-4 reader gave (start, stream,
    // task id, then rowid), from the reader and from the SQL console's plain rows.
    void hcclTasksBecomeBlocksFieldForField()
    {
        const QString p = copyFixture(kFixtureV2);
        QVERIFY(!p.isEmpty());
        const QByteArray original = fileHash(p);
        const char *cols = "device || ' ' || model || ' ' || iteration || ' ' || plane || ' ' || name || ' ' || start "
                           "|| ' ' || duration || ' ' || notify_id || ' ' || hex(CAST(duration_estimated_us AS TEXT)) || ' ' "
                           "|| stream || ' ' || task_id || ' ' || src_rank || ' ' || dst_rank || ' ' || transport_type "
                           "|| ' ' || size_bytes || ' ' || data_type || ' ' || link_type || ' ' || hex(CAST(bandwidth_gbps AS TEXT))";
        const QByteArray beforeSql = QByteArray("SELECT group_concat(r, char(10)) FROM (SELECT ") + cols
                                     + " AS r FROM hccl_tasks ORDER BY session, device, model, iteration, start, stream, task_id, rowid)";
        const QByteArray before = rawText(p, beforeSql.constData());
        const int rows = rawText(p, "SELECT count(*) FROM hccl_tasks").toInt();
        QVERIFY(rows > 50); // 88 in the fixture

        StoreError err = StoreError::None;
        QString msg;
        UpgradeResult r;
        QVERIFY2(Project::upgrade(p, &r, &err, &msg), qPrintable(msg));
        QCOMPARE(r.fromVersion, 2);
        QCOMPARE(fileHash(r.backupPath), original);
        QCOMPARE(rawText(p, "SELECT count(*) FROM sqlite_master WHERE name LIKE 'hccl_tasks%'"), QByteArray("0"));
        QCOMPARE(rawText(p, "SELECT SUM(n) FROM hccl_blocks").toInt(), rows);

        // The same text SQLite made of the doubles above, from the values read back.
        auto realText = [](double v) {
            sqlite3 *db = nullptr;
            sqlite3_open(":memory:", &db);
            sqlite3_stmt *s = nullptr;
            sqlite3_prepare_v2(db, "SELECT hex(CAST(?1 AS TEXT))", -1, &s, nullptr);
            sqlite3_bind_double(s, 1, v);
            sqlite3_step(s);
            const QString t = QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_column_text(s, 0)));
            sqlite3_finalize(s);
            sqlite3_close(db);
            return t;
        };
        // Read back in the schema-4 reader's order, and through the SQL console: the same rows.
        expectTheRowsOfBefore(p, rows, beforeSql, before, [&](ProjectReader &reader, const IterationKey &k, QStringList &after) {
            return reader.forEachHcclTask(k, [&](const HcclTaskRecord &h) {
                after << QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8 %9 %10 %11 %12 %13 %14 %15 %16 %17 %18")
                             .arg(h.device).arg(h.modelId).arg(h.iteration).arg(h.plane).arg(h.name).arg(h.start)
                             .arg(h.duration).arg(std::int64_t(h.notifyId)).arg(realText(h.durationEstimatedUs))
                             .arg(h.streamId).arg(h.taskId).arg(h.srcRank).arg(h.dstRank).arg(h.transportType)
                             .arg(std::int64_t(h.sizeBytes)).arg(h.dataType).arg(h.linkType).arg(realText(h.bandwidthGBps));
                return true;
            });
        });
    }

    // Schema 6 stores tasks with their PMU values as column blocks: every row of the
    // fixture's tasks (migrated to schema 5 first, as a schema-5 build would leave it) comes
    // back field for field, in the order the schema-5 reader gave (start, stream, task id,
    // then rowid), from the reader and from the SQL console's plain rows.
    void tasksBecomeBlocksFieldForField()
    {
        const QString p = copyFixture(kFixtureV2);
        QVERIFY(!p.isEmpty());
        {
            sqlite3 *raw = nullptr;
            QCOMPARE(sqlite3_open_v2(QFile::encodeName(p).constData(), &raw, SQLITE_OPEN_READWRITE, nullptr), SQLITE_OK);
            detail::Db db;
            db.reset(raw);
            QString failed;
            QCOMPARE(detail::migrate(db, 2, &failed, 5), SQLITE_OK);
        }
        QCOMPARE(rawText(p, "PRAGMA user_version"), QByteArray("5"));
        const QByteArray original = fileHash(p);
        const char *cols = "t.device || ' ' || t.model || ' ' || t.iteration || ' ' || t.stream || ' ' || t.task_id || ' ' "
                           "|| t.batch_id || ' ' || t.type || ' ' || t.kind || ' ' || t.start || ' ' || t.duration || ' ' "
                           "|| t.pending || ' ' || t.op || ' ' || t.name || ' ' || t.total_cycles || ' ' "
                           "|| hex(CAST(t.l2_hit AS TEXT)) || ' ' || hex(CAST(t.l2_victim AS TEXT)) || ' ' || hex(p.pmu)";
        const QByteArray beforeSql = QByteArray("SELECT group_concat(r, char(10)) FROM (SELECT ") + cols
                                     + " AS r FROM tasks t LEFT JOIN task_pmu p ON p.task = t.id "
                                       "ORDER BY t.session, t.device, t.model, t.iteration, t.start, t.stream, t.task_id, t.id)";
        const QByteArray before = rawText(p, beforeSql.constData());
        const int rows = rawText(p, "SELECT count(*) FROM tasks").toInt();
        const int pmuRows = rawText(p, "SELECT count(*) FROM task_pmu").toInt();
        QVERIFY(rows > 500);     // 724 in the fixture
        QVERIFY(pmuRows > 400);  // 544

        StoreError err = StoreError::None;
        QString msg;
        UpgradeResult r;
        QVERIFY2(Project::upgrade(p, &r, &err, &msg), qPrintable(msg));
        QCOMPARE(r.fromVersion, 5);
        QCOMPARE(r.toVersion, kSchemaVersion);
        QCOMPARE(fileHash(r.backupPath), original);
        QCOMPARE(rawText(p, "SELECT count(*) FROM sqlite_master WHERE tbl_name IN ('tasks', 'task_pmu')"), QByteArray("0"));
        QCOMPARE(rawText(p, "SELECT SUM(n) FROM task_blocks").toInt(), rows);

        // The same text SQLite makes of the values read back.
        sqlite3 *mem = nullptr;
        sqlite3_open(":memory:", &mem);
        sqlite3_stmt *fmt = nullptr;
        sqlite3_prepare_v2(mem, "SELECT hex(CAST(?1 AS TEXT)) || ' ' || hex(CAST(?2 AS TEXT)) || ' ' || hex(?3)", -1, &fmt, nullptr);
        // Read back in the schema-5 reader's order, and through the SQL console: the same rows.
        expectTheRowsOfBefore(p, rows, beforeSql, before, [&](ProjectReader &reader, const IterationKey &k, QStringList &after) {
            return reader.forEachTask(k, [&](const TaskRecord &t) {
                std::vector<unsigned char> blob(4 * t.pmu.size());
                for (std::size_t i = 0; i < t.pmu.size(); ++i) {
                    std::uint32_t bits;
                    std::memcpy(&bits, &t.pmu[i], 4);
                    qToLittleEndian(bits, blob.data() + 4 * i);
                }
                sqlite3_reset(fmt);
                sqlite3_bind_double(fmt, 1, double(t.l2HitRate));
                sqlite3_bind_double(fmt, 2, double(t.l2VictimRate));
                if (blob.empty())
                    sqlite3_bind_null(fmt, 3);
                else
                    sqlite3_bind_blob(fmt, 3, blob.data(), int(blob.size()), SQLITE_TRANSIENT);
                sqlite3_step(fmt);
                after << QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8 %9 %10 %11 %12 %13 %14 ")
                             .arg(t.device).arg(t.modelId).arg(t.iteration).arg(t.streamId).arg(t.taskId).arg(t.batchId)
                             .arg(t.type).arg(int(t.kind)).arg(t.start).arg(t.duration).arg(t.pending).arg(t.opId)
                             .arg(t.name).arg(std::int64_t(t.totalCycles))
                             + QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_column_text(fmt, 0)));
                return true;
            });
        });
        sqlite3_finalize(fmt);
        sqlite3_close(mem);
        QVERIFY(!QTest::currentTestFailed());

        SqlConsole c;
        QVERIFY2(c.open(p, &msg), qPrintable(msg));
        SqlConsole::Result res;
        QVERIFY2(c.run(QStringLiteral("SELECT count(*) FROM task_pmu"), &res, &msg), qPrintable(msg));
        QCOMPARE(res.rows.at(0).at(0).toInt(), pmuRows);
    }

    void upgradeRefusesWhatOpenRefuses()
    {
        StoreError err = StoreError::None;
        QString msg;
        QVERIFY(!Project::upgrade(dir_.filePath(QStringLiteral("missing.npuscope")), nullptr, &err, &msg));
        QCOMPARE(err, StoreError::NotFound);
        const QString text = dir_.filePath(QStringLiteral("notes.txt"));
        QVERIFY(testfiles::writeFile(text, "not a project at all, just some text that is long enough for a header...................."));
        QVERIFY(!Project::upgrade(text, nullptr, &err, &msg));
        QCOMPARE(err, StoreError::NotProject);
    }
};

QTEST_GUILESS_MAIN(TestStoreUpgrade)
#include "test_store_upgrade.moc"
