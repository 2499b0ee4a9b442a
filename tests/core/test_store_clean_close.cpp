// The clean-close marker: a project whose last writer finished opens with
// the header, identity and schema checks only (Check::Auto); one whose writer did not finish
// (killed, crashed, destroyed before end(), or an older NPU Scope appending a session) gets
// the page-by-page check at open. Project::verify checks every page on request, reports
// damage a clean open skipped, and re-marks a crashed writer's file once it passes.

#include "core/store/project.h"
#include "core/store/session_edit.h"
#include "core/store/session_remove.h"
#include "test_store_fixture.h"
#include "tests/test_files.h"

#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>
#include <sqlite3.h>

#include <csignal>
#include <sys/wait.h>
#include <unistd.h>

using namespace npuscope;
using namespace npuscope::store;
using storetest::Generator;

using testfiles::damageTaskPages;
using testfiles::rawExec;

namespace {

struct Opened {
    std::unique_ptr<Project> project;
    StoreError err = StoreError::None;
    QString message;
};

Opened openAuto(const QString &path)
{
    Opened o;
    o.project = Project::open(path, Project::Mode::ReadOnly, &o.err, &o.message, Project::Check::Auto);
    return o;
}

// The marker row as another program sees it (plain SQLite); "-" when absent.
QByteArray markerRow(const QString &path)
{
    sqlite3 *db = nullptr;
    QByteArray out = "?";
    if (sqlite3_open_v2(QFile::encodeName(path).constData(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
        sqlite3_stmt *s = nullptr;
        if (sqlite3_prepare_v2(db, "SELECT value FROM meta WHERE key = 'clean_close'", -1, &s, nullptr) == SQLITE_OK) {
            const int rc = sqlite3_step(s);
            out = rc == SQLITE_ROW ? QByteArray(reinterpret_cast<const char *>(sqlite3_column_text(s, 0)))
                                   : rc == SQLITE_DONE ? QByteArray("-") : QByteArray("?");
        }
        sqlite3_finalize(s);
    }
    sqlite3_close(db);
    return out;
}



// Reads every task of every session; false + *why at the first read error.
bool readAllTasks(Project &p, QString *why)
{
    for (const SessionSummary &s : p.sessions()) {
        auto r = p.session(s.id, why);
        if (!r)
            return false;
        for (const auto &k : r->iterations())
            if (!r->forEachTask(k, [](const TaskRecord &) { return true; })) {
                *why = r->errorString();
                return false;
            }
    }
    if (p.error() != StoreError::None) {
        *why = p.errorString();
        return false;
    }
    return true;
}

} // namespace

class TestStoreCleanClose : public QObject {
    Q_OBJECT
private:
    QTemporaryDir dir_;
    QString clean_; // one complete session, written by ProjectWriter
    int n_ = 0;

    QString copyOfClean()
    {
        const QString p = dir_.filePath(QStringLiteral("case%1.npuscope").arg(++n_));
        return QFile::copy(clean_, p) ? p : QString();
    }
    QString fresh() { return dir_.filePath(QStringLiteral("fresh%1.npuscope").arg(++n_)); }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(dir_.isValid());
        clean_ = dir_.filePath(QStringLiteral("clean.npuscope"));
        QVERIFY(storetest::writeProject(clean_, 12, 29));
    }

    void finishedWriterSkipsThePageScan()
    {
        QCOMPARE(markerRow(clean_), QByteArray("1")); // the newest session's id
        Opened o = openAuto(clean_);
        QVERIFY2(o.project, qPrintable(o.message));
        QVERIFY(o.project->closedCleanly());
        QVERIFY(!o.project->fullyChecked());
        // Full still reads every page; Schema never does.
        auto full = Project::open(clean_, Project::Mode::ReadOnly, nullptr, nullptr, Project::Check::Full);
        QVERIFY(full && full->fullyChecked());
        auto schema = Project::open(clean_, Project::Mode::ReadOnly, nullptr, nullptr, Project::Check::Schema);
        QVERIFY(schema && !schema->fullyChecked());
    }

    void newEmptyProjectIsClean()
    {
        const QString p = fresh();
        QVERIFY(ProjectWriter::create(p, nullptr, nullptr));
        QCOMPARE(markerRow(p), QByteArray("0"));
        Opened o = openAuto(p);
        QVERIFY2(o.project, qPrintable(o.message));
        QVERIFY(!o.project->fullyChecked());
    }

    // The marker goes in the writer's first commit and comes back with its last.
    void runningWriterHasNoMarker()
    {
        const QString p = copyOfClean();
        Generator g(5, 2, QStringLiteral("second"));
        StoreError e{};
        QString m;
        auto w = ProjectWriter::create(p, &e, &m, Project::Check::Auto);
        QVERIFY2(w, qPrintable(m));
        QCOMPARE(markerRow(p), QByteArray("1")); // creating the writer writes nothing
        QVERIFY(w->begin(g.info()));
        QCOMPARE(markerRow(p), QByteArray("-"));
        QVERIFY(w->write(g.batch(1, 1, 2, 50)));
        {
            Opened o = openAuto(p); // a reader meanwhile: the last writer has not finished
            QVERIFY2(o.project, qPrintable(o.message));
            QVERIFY(!o.project->closedCleanly());
            QVERIFY(o.project->fullyChecked());
        }
        QVERIFY(w->end(SessionStatus::Complete, g.endDevices(g.info())));
        QCOMPARE(markerRow(p), QByteArray("2"));
        w.reset();
        Opened o = openAuto(p);
        QVERIFY2(o.project, qPrintable(o.message));
        QVERIFY(!o.project->fullyChecked());
    }

    void writerThatNeverEndsLeavesItUnclean()
    {
        const QString p = copyOfClean();
        {
            Generator g(6);
            auto w = storetest::beginSession(p, g.info(), nullptr, Project::Check::Auto);
            QVERIFY(w);
            QVERIFY(w->write(g.batch(1, 1, 1, 30)));
        } // destroyed without end(): everything committed stays, the marker does not return
        Opened o = openAuto(p);
        QVERIFY2(o.project, qPrintable(o.message));
        QVERIFY(o.project->fullyChecked());
        QCOMPARE(o.project->sessions().size(), std::size_t(2));
    }

    // SIGKILL mid-recording (another process, its -wal left behind): the next open reads
    // every page; an explicit verify that passes marks the file clean again.
    void killedWriterGetsTheFullCheckUntilVerified()
    {
        const QString p = copyOfClean();
        const pid_t child = fork();
        QVERIFY(child >= 0);
        if (child == 0) {
            Generator g(7);
            auto w = ProjectWriter::create(p, nullptr, nullptr, Project::Check::Schema);
            if (w && w->begin(g.info()))
                for (std::uint32_t i = 1; i <= 3; ++i)
                    w->write(g.batch(1, i, 1, 40));
            raise(SIGKILL);
            _exit(1);
        }
        int status = 0;
        QCOMPARE(waitpid(child, &status, 0), child);
        QVERIFY(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
        {
            Opened o = openAuto(p);
            QVERIFY2(o.project, qPrintable(o.message));
            QVERIFY(o.project->fullyChecked());
            QCOMPARE(o.project->sessions().size(), std::size_t(2)); // the killed session's commits are kept
        }
        {
            Opened again = openAuto(p); // nothing vouched for the file yet: still the full check
            QVERIFY(again.project && again.project->fullyChecked());
        }
        StoreError e{};
        QString m;
        Project::VerifyInfo info;
        QVERIFY2(Project::verify(p, &e, &m, nullptr, &info), qPrintable(m));
        QCOMPARE(e, StoreError::None);
        QVERIFY(!info.closedCleanly);
        QVERIFY(info.markedClean);
        QCOMPARE(info.bytes, std::uint64_t(QFileInfo(p).size()));
        Opened o = openAuto(p);
        QVERIFY2(o.project, qPrintable(o.message));
        QVERIFY(!o.project->fullyChecked());
        // A clean file stays as it is.
        QVERIFY(Project::verify(p, &e, &m, nullptr, &info));
        QVERIFY(info.closedCleanly && !info.markedClean);
    }

    // Damage a clean open skipped: verify and Full find it, the reads that meet it fail.
    void damageBehindACleanCloseIsReportedNotRead()
    {
        const QString p = copyOfClean();
        QVERIFY(damageTaskPages(p));
        Opened o = openAuto(p);
        QVERIFY2(o.project, qPrintable(o.message)); // header, identity, schema and meta are intact
        QVERIFY(!o.project->fullyChecked());
        QString why;
        QVERIFY2(!readAllTasks(*o.project, &why), "every task was read from a file with 2 overwritten task pages");
        QVERIFY2(why.contains(QStringLiteral("damaged")) || why.contains(QStringLiteral("malformed")), qPrintable(why));
        o.project.reset();

        StoreError e{};
        QString m;
        Project::VerifyInfo info;
        QVERIFY(!Project::verify(p, &e, &m, nullptr, &info));
        QCOMPARE(e, StoreError::Corrupt);
        QVERIFY2(m.contains(QStringLiteral("damaged")) && m.contains(QFileInfo(p).fileName()), qPrintable(m));
        QVERIFY(!info.markedClean);
        QVERIFY(!Project::open(p, Project::Mode::ReadOnly, &e, &m, Project::Check::Full));
        QCOMPARE(e, StoreError::Corrupt);
    }

    void damageBehindAnUncleanCloseIsRefusedAtOpen()
    {
        const QString p = copyOfClean();
        QVERIFY(rawExec(p, "DELETE FROM meta WHERE key = 'clean_close'"));
        QVERIFY(damageTaskPages(p));
        Opened o = openAuto(p);
        QVERIFY(!o.project);
        QCOMPARE(o.err, StoreError::Corrupt);
        StoreError e{};
        QString m;
        QVERIFY(!ProjectWriter::create(p, &e, &m, Project::Check::Auto));
        QCOMPARE(e, StoreError::Corrupt);
    }

    // A writer that knows no marker (an older NPU Scope) appends a session without removing
    // it: the session id in the marker no longer names the newest session.
    void sessionAddedBehindTheMarkersBackIsUnclean()
    {
        const QString p = copyOfClean();
        QVERIFY(rawExec(p, "INSERT INTO sessions(name, source, spec_json, options_json, seed, app_version, started_wall_us, "
                           "ended_wall_us, status, aged_bytes) VALUES('old', 'emulator', '{}', '{}', 0, '0.9', 1, 0, "
                           "'running', 0)"));
        Opened o = openAuto(p);
        QVERIFY2(o.project, qPrintable(o.message));
        QVERIFY(!o.project->closedCleanly());
        QVERIFY(o.project->fullyChecked());
    }

    // One-transaction edits are atomic: they keep the marker as it was (they may run while a
    // recording has removed it).
    void editsKeepTheMarkerAsItWas()
    {
        const QString p = copyOfClean();
        QString m;
        QVERIFY2(renameSession(p, 1, QStringLiteral("renamed"), &m), qPrintable(m));
        QCOMPARE(markerRow(p), QByteArray("1"));
        QVERIFY(rawExec(p, "DELETE FROM meta WHERE key = 'clean_close'"));
        QVERIFY2(renameSession(p, 1, QStringLiteral("renamed again"), &m), qPrintable(m));
        QCOMPARE(markerRow(p), QByteArray("-"));
    }

    // Removing a session keeps a present marker naming the newest session left.
    void removingASessionKeepsTheFileClean()
    {
        const QString p = copyOfClean();
        {
            Generator g(8, 1, QStringLiteral("extra"));
            auto w = storetest::beginSession(p, g.info(), nullptr, Project::Check::Auto);
            QVERIFY(w);
            QVERIFY(w->write(g.batch(1, 1, 1, 10)));
            QVERIFY(w->end(SessionStatus::Cancelled, g.endDevices(g.info())));
        }
        QCOMPARE(markerRow(p), QByteArray("2"));
        StoreError e{};
        QString m;
        QVERIFY2(removeSession(p, 2, false, &e, &m), qPrintable(m));
        QCOMPARE(markerRow(p), QByteArray("1"));
        Opened o = openAuto(p);
        QVERIFY(o.project && !o.project->fullyChecked());
    }

    // The GUI's check (alongsideWriters) reads in WAL mode so writes go on meanwhile; the
    // file is back at rest (one file, rollback journal) when it ends.
    void verifyAlongsideWritersLeavesTheFileAtRest()
    {
        const QString p = copyOfClean();
        StoreError e{};
        QString m;
        Project::VerifyInfo info;
        QVERIFY2(Project::verify(p, &e, &m, nullptr, &info, /*alongsideWriters=*/true), qPrintable(m));
        QVERIFY(info.closedCleanly);
        QVERIFY(!QFile::exists(p + QStringLiteral("-wal")) && !QFile::exists(p + QStringLiteral("-shm")));
        QFile f(p);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray head = f.read(20);
        QCOMPARE(int(head[18]), 1); // rollback journal again
        QCOMPARE(int(head[19]), 1);
        f.close();
        // A rename while another connection holds a read transaction of a WAL-mode file:
        // what the GUI's background check allows.
        sqlite3 *reader = nullptr;
        QCOMPARE(sqlite3_open_v2(QFile::encodeName(p).constData(), &reader, SQLITE_OPEN_READWRITE, nullptr), SQLITE_OK);
        QCOMPARE(sqlite3_exec(reader, "PRAGMA journal_mode = WAL; BEGIN; SELECT count(*) FROM task_blocks;", nullptr, nullptr, nullptr),
                 SQLITE_OK);
        QVERIFY2(renameSession(p, 1, QStringLiteral("renamed during a check"), &m), qPrintable(m));
        sqlite3_exec(reader, "COMMIT", nullptr, nullptr, nullptr);
        sqlite3_close(reader);
        QCOMPARE(markerRow(p), QByteArray("1"));
    }

    // verify never marks a file a live recording is writing: the recording does it at its end.
    void verifyLeavesARunningRecordingsFileUnmarked()
    {
        const QString p = copyOfClean();
        Generator g(9);
        auto w = storetest::beginSession(p, g.info(), nullptr, Project::Check::Auto);
        QVERIFY(w);
        QVERIFY(w->write(g.batch(1, 1, 1, 10)));
        StoreError e{};
        QString m;
        Project::VerifyInfo info;
        QVERIFY2(Project::verify(p, &e, &m, nullptr, &info), qPrintable(m));
        QVERIFY(!info.closedCleanly);
        QVERIFY(!info.markedClean);
        QCOMPARE(markerRow(p), QByteArray("-"));
        QVERIFY(w->end(SessionStatus::Complete, g.endDevices(g.info())));
        QCOMPARE(markerRow(p), QByteArray("2"));
    }
};

QTEST_GUILESS_MAIN(TestStoreCleanClose)
#include "test_store_clean_close.moc"
