// A project at rest is one file, and the dates it carries come from the real clock: the
// real binary is run for every verb, and the project's folder is listed after each one.
#include "cli_process.h"
#include "tests/test_data.h"
#include "tests/test_files.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

namespace {

QString options(const QString &output)
{
    return QStringLiteral("{\"output\":\"%1\",\"training_trace\":\"on\",\"task_trace\":\"on\",\"hccl\":\"on\","
                          "\"aic_metrics\":\"PipeUtilization\"}")
        .arg(output);
}

QStringList runArgs(const QString &project, const QString &output, int iterations = 2)
{
    return {QStringLiteral("run"), QStringLiteral("--model"), QStringLiteral("lenet"), QStringLiteral("--batch"),
            QStringLiteral("4"), QStringLiteral("--iterations"), QString::number(iterations), QStringLiteral("--devices"),
            QStringLiteral("2"), QStringLiteral("--profiling-options"), options(output), QStringLiteral("--project"),
            project};
}

QStringList entries(const QString &dir)
{
    return QDir(dir).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot, QDir::Name);
}

QJsonObject queryJson(const QString &project)
{
    const CliResult r = runNpuscope({QStringLiteral("query"), QStringLiteral("--project"), project,
                                     QStringLiteral("--format"), QStringLiteral("json")});
    if (r.code != 0)
        return {};
    return QJsonDocument::fromJson(r.out.toUtf8()).object();
}

// Waits until the process has printed `what` on stderr (it is then past start-up).
bool waitForStderr(QProcess &p, const QByteArray &what, int timeoutMs)
{
    QByteArray seen;
    QDeadlineTimer deadline(timeoutMs);
    while (!deadline.hasExpired() && p.state() == QProcess::Running) {
        p.waitForReadyRead(100);
        seen += p.readAllStandardError();
        if (seen.contains(what))
            return true;
    }
    return false;
}

// A long run interrupted by `signal` once it has printed progress: its project `file` in
// a folder `name` of its own below `root`.
struct Interrupted {
    QString dir, project;
    int exitCode = -1;
    const char *failure = nullptr; // why the run did not start, print progress or end
};

Interrupted interruptedRun(const QTemporaryDir &root, const QString &name, const QString &file, int signal)
{
    Interrupted r;
    r.dir = root.filePath(name);
    r.project = r.dir + QLatin1Char('/') + file;
    if (!QDir().mkpath(r.dir)) {
        r.failure = "no folder for the project";
        return r;
    }
    QProcess p;
    p.start(QStringLiteral(NPUSCOPE_BIN), runArgs(r.project, root.filePath(name + QStringLiteral("-out")), 100000));
    if (!p.waitForStarted()) {
        r.failure = "the run did not start";
        return r;
    }
    if (!waitForStderr(p, "Iteration", 120000)) {
        r.failure = "the run printed no progress";
        return r;
    }
    ::kill(pid_t(p.processId()), signal);
    if (!p.waitForFinished(60000))
        r.failure = "the run did not end";
    r.exitCode = p.exitCode();
    return r;
}

} // namespace

class CliAtRest : public QObject {
    Q_OBJECT
private:
    QTemporaryDir tmp_;
    QString dir_;      // holds only the project
    QString project_;

private Q_SLOTS:
    void initTestCase()
    {
        NPUSCOPE_REQUIRE_DATA(testdata::alexnet910Device0());
        QVERIFY(tmp_.isValid());
        dir_ = tmp_.filePath(QStringLiteral("proj"));
        QVERIFY(QDir().mkpath(dir_));
        project_ = dir_ + QStringLiteral("/p.npuscope");
    }

    void everyVerbLeavesOneFile()
    {
        const QString out = tmp_.filePath(QStringLiteral("out"));
        const QStringList alone{QStringLiteral("p.npuscope")};
        CliResult r = runNpuscope(runArgs(project_, out));
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QCOMPARE(entries(dir_), alone);
        // Appending a second session to the project.
        r = runNpuscope(runArgs(project_, out));
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QCOMPARE(entries(dir_), alone);

        // Readers leave nothing beside it and do not change it.
        const QByteArray before = testfiles::fileHash(project_);
        const QList<QStringList> readers = {
            {QStringLiteral("query"), QStringLiteral("--project"), project_},
            {QStringLiteral("query"), QStringLiteral("--project"), project_, QStringLiteral("--format"), QStringLiteral("json")},
            {QStringLiteral("export"), QStringLiteral("--project"), project_, QStringLiteral("--output"),
             tmp_.filePath(QStringLiteral("export"))},
            {QStringLiteral("analyze"), QStringLiteral("--project"), project_},
            {QStringLiteral("sql"), QStringLiteral("--project"), project_, QStringLiteral("SELECT count(*) FROM tasks")},
            {QStringLiteral("sql"), QStringLiteral("--project"), project_, QStringLiteral("--schema")},
            {QStringLiteral("diff"), project_ + QStringLiteral(":1"), project_ + QStringLiteral(":2")},
        };
        for (const QStringList &args : readers) {
            r = runNpuscope(args);
            QVERIFY2(r.code == 0, qPrintable(args.first() + QStringLiteral(": ") + r.err));
            QVERIFY2(entries(dir_) == alone, qPrintable(args.first() + QStringLiteral(" left: ") + entries(dir_).join(u' ')));
            QVERIFY2(testfiles::fileHash(project_) == before, qPrintable(args.first() + QStringLiteral(" changed the file")));
        }
    }

    void failedImportsLeaveNothing()
    {
        // Into a new project: nothing at all, not even a lock.
        const QString fresh = tmp_.filePath(QStringLiteral("fresh"));
        QVERIFY(QDir().mkpath(fresh));
        const QString junk = tmp_.filePath(QStringLiteral("junk"));
        QVERIFY(QDir().mkpath(junk));
        QVERIFY(testfiles::writeFile(junk + QStringLiteral("/readme.txt"), "not profiler output\n"));
        CliResult r = runNpuscope({QStringLiteral("import"), junk, QStringLiteral("--project"),
                                   fresh + QStringLiteral("/new.npuscope")});
        QVERIFY2(r.code != 0, qPrintable(r.out));
        QCOMPARE(entries(fresh), QStringList());
        // Into the existing project: the project alone, with the sessions it had.
        const QJsonArray before = queryJson(project_).value(QStringLiteral("sessions")).toArray();
        QVERIFY(!before.isEmpty());
        r = runNpuscope({QStringLiteral("import"), junk, QStringLiteral("--project"), project_});
        QVERIFY(r.code != 0);
        QCOMPARE(entries(dir_), QStringList{QStringLiteral("p.npuscope")});
        QCOMPARE(queryJson(project_).value(QStringLiteral("sessions")).toArray(), before);
        // A successful import too.
        r = runNpuscope({QStringLiteral("import"), testdata::alexnet910(), QStringLiteral("--project"), project_});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QCOMPARE(entries(dir_), QStringList{QStringLiteral("p.npuscope")});
    }

    void cancelledRunLeavesOneFile()
    {
        const Interrupted run = interruptedRun(tmp_, QStringLiteral("cancel"), QStringLiteral("c.npuscope"), SIGINT);
        QVERIFY2(!run.failure, run.failure);
        QCOMPARE(run.exitCode, 130);
        QCOMPARE(entries(run.dir), QStringList{QStringLiteral("c.npuscope")});
    }

    // A killed writer leaves its -wal, -shm and lock; the next command reads what it
    // committed, and the folder is back to the one file afterwards.
    void crashLeftoversAreRecoveredAndTidied()
    {
        const Interrupted run = interruptedRun(tmp_, QStringLiteral("crash"), QStringLiteral("k.npuscope"), SIGKILL);
        QVERIFY2(!run.failure, run.failure);
        const QString &dir = run.dir;
        QVERIFY2(entries(dir).size() > 1, qPrintable(entries(dir).join(u' ')));
        const QJsonObject q = queryJson(run.project);
        const QJsonArray sessions = q.value(QStringLiteral("sessions")).toArray();
        QCOMPARE(sessions.size(), 1);
        QVERIFY(sessions.at(0).toObject().value(QStringLiteral("record_counts")).toObject().value(QStringLiteral("tasks")).toInteger() > 0);
        QCOMPARE(entries(dir), QStringList{QStringLiteral("k.npuscope")});
    }

    // A lock file nobody holds (left by a crash) never blocks a recording.
    void staleLockDoesNotBlock()
    {
        const QString dir = tmp_.filePath(QStringLiteral("stale"));
        QVERIFY(QDir().mkpath(dir));
        const QString project = dir + QStringLiteral("/s.npuscope");
        QVERIFY(testfiles::writeFile(project + QStringLiteral(".lock"), "4242\n"));
        const CliResult r = runNpuscope(runArgs(project, tmp_.filePath(QStringLiteral("o4"))));
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QCOMPARE(entries(dir), QStringList{QStringLiteral("s.npuscope")});
    }

    // Without --clock-base a run is dated by the real clock; with it, by the given time.
    void timesAreReal()
    {
        const QString dir = tmp_.filePath(QStringLiteral("clock"));
        const QString project = dir + QStringLiteral("/t.npuscope");
        const qint64 beforeUs = QDateTime::currentMSecsSinceEpoch() * 1000;
        CliResult r = runNpuscope(runArgs(project, dir));
        const qint64 afterUs = QDateTime::currentMSecsSinceEpoch() * 1000;
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QStringList args = runArgs(project, dir);
        args << QStringLiteral("--clock-base") << QStringLiteral("2024-05-17T09:30:00.250000Z");
        r = runNpuscope(args);
        QVERIFY2(r.code == 0, qPrintable(r.err));

        const QJsonArray sessions = queryJson(project).value(QStringLiteral("sessions")).toArray();
        QCOMPARE(sessions.size(), 2);
        const QJsonObject real = sessions.at(0).toObject(), fixed = sessions.at(1).toObject();
        const qint64 started = real.value(QStringLiteral("started_wall_us")).toInteger();
        QVERIFY2(started >= beforeUs && started <= afterUs, qPrintable(QString::number(started)));
        for (const QJsonValue d : real.value(QStringLiteral("devices")).toArray()) {
            const qint64 t = d.toObject().value(QStringLiteral("collection_time_us")).toInteger();
            QVERIFY2(t >= beforeUs && t <= afterUs + 1000, qPrintable(QString::number(t)));
        }
        const qint64 base = 1715938200250000; // 2024-05-17T09:30:00.25Z
        QCOMPARE(fixed.value(QStringLiteral("started_wall_us")).toInteger(), base);
        QVERIFY(fixed.value(QStringLiteral("ended_wall_us")).toInteger() > base);

        // The PROF folder is named after the local start time, to the millisecond.
        const QString out = tmp_.filePath(QStringLiteral("clock-export"));
        r = runNpuscope({QStringLiteral("export"), QStringLiteral("--project"), project, QStringLiteral("--session"),
                         QString::number(real.value(QStringLiteral("id")).toInteger()), QStringLiteral("--output"), out});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const QStringList prof = QDir(out).entryList({QStringLiteral("PROF_*")}, QDir::Dirs);
        QCOMPARE(prof.size(), 1);
        const QString stamp = QDateTime::fromMSecsSinceEpoch(started / 1000).toString(QStringLiteral("yyyyMMddHHmmsszzz"));
        QVERIFY2(prof.first().startsWith(QStringLiteral("PROF_000001_") + stamp), qPrintable(prof.first() + u' ' + stamp));

        // A clock base that is not a time is refused before anything is recorded.
        args = runArgs(project, dir);
        args << QStringLiteral("--clock-base") << QStringLiteral("yesterday");
        r = runNpuscope(args);
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(QStringLiteral("ISO 8601")), qPrintable(r.err));
        QCOMPARE(queryJson(project).value(QStringLiteral("sessions")).toArray().size(), 2);
    }
};

QTEST_GUILESS_MAIN(CliAtRest)
#include "test_cli_at_rest.moc"
