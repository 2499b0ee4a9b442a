// `npuscope check PROJECT`: the full integrity check on request. A clean project passes
// (exit 0); a cleanly closed project with overwritten task pages is opened by the other
// commands without the page scan, but check finds the damage (exit 4) and the export,
// analyze and diff that meet it fail with exit 4 too (nothing exported is left); a project whose writer was killed mid-recording is
// checked in full by every open until check (or a finished recording) marks it clean.

#include "tests/test_files.h"
#include "core/model/session.h"
#include "core/store/project.h"
#include "cli_process.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>
#include <sqlite3.h>

#include <csignal>
#include <sys/wait.h>
#include <unistd.h>

using namespace npuscope;

using testfiles::damageTaskPages;
using testfiles::rawExec;

namespace {

QStringList runArgs(const QString &project)
{
    return {QStringLiteral("run"), QStringLiteral("--model"), QStringLiteral("resnet50"), QStringLiteral("--devices"),
            QStringLiteral("2"), QStringLiteral("--batch"), QStringLiteral("32"), QStringLiteral("--iterations"),
            QStringLiteral("2"), QStringLiteral("--clock-base"), QStringLiteral("2024-05-17T09:30:00Z"),
            QStringLiteral("--project"), project, QStringLiteral("--profiling-options"),
            QStringLiteral(R"({"output":"%1","training_trace":"on","task_trace":"on","aic_metrics":"PipeUtilization"})")
                .arg(QFileInfo(project).absolutePath())};
}


// A recording killed with SIGKILL after its first batches (a child process of the test).
bool killedRecording(const QString &path)
{
    const pid_t child = fork();
    if (child < 0)
        return false;
    if (child == 0) {
        auto w = store::ProjectWriter::create(path, nullptr, nullptr, store::Project::Check::Auto);
        SessionInfo info;
        info.name = QStringLiteral("killed");
        info.source = QStringLiteral("emulator");
        if (w && w->begin(info)) {
            RecordBatch b;
            b.strings.push_back({1, "task"});
            for (int i = 0; i < 100; ++i) {
                TaskRecord t;
                t.iteration = 1;
                t.modelId = 1;
                t.type = 1;
                t.name = 1;
                t.start = 1000 * i;
                t.duration = 500;
                b.tasks.push_back(t);
            }
            w->write(b);
        }
        raise(SIGKILL);
        _exit(1);
    }
    int status = 0;
    return waitpid(child, &status, 0) == child && WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL;
}

QJsonObject json(const CliResult &r)
{
    return QJsonDocument::fromJson(r.out.toUtf8()).object();
}

} // namespace

class TestCliCheck : public QObject {
    Q_OBJECT
private:
    QTemporaryDir dir_;
    QString clean_;
    testfiles::Copies cases_{dir_.path()};

    QString copyOfClean() { return cases_.next(); }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(dir_.isValid());
        clean_ = dir_.filePath(QStringLiteral("clean.npuscope"));
        const CliResult r = runNpuscope(runArgs(clean_));
        QVERIFY2(r.code == 0, qPrintable(r.err));
        cases_.original = clean_;
    }

    void cleanProjectIsIntact()
    {
        CliResult r = runNpuscope({QStringLiteral("check"), clean_});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("is intact")) && r.out.contains(clean_), qPrintable(r.out));
        r = runNpuscope({QStringLiteral("check"), QStringLiteral("--project"), clean_, QStringLiteral("--format"),
                         QStringLiteral("json")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const QJsonObject o = json(r);
        QCOMPARE(o.value(QStringLiteral("intact")).toBool(), true);
        QCOMPARE(o.value(QStringLiteral("closed_cleanly")).toBool(), true);
        QCOMPARE(o.value(QStringLiteral("marked_clean")).toBool(), false);
        QCOMPARE(o.value(QStringLiteral("bytes")).toInteger(), QFileInfo(clean_).size());
    }

    void damagedProjectExitsFour()
    {
        const QString p = copyOfClean();
        QVERIFY(damageTaskPages(p));
        const QByteArray before = [&] { QFile f(p); f.open(QIODevice::ReadOnly); return f.readAll(); }();
        CliResult r = runNpuscope({QStringLiteral("check"), p});
        QCOMPARE(r.code, 4);
        QVERIFY2(r.err.contains(QStringLiteral("damaged")) && r.err.contains(p), qPrintable(r.err));
        r = runNpuscope({QStringLiteral("check"), p, QStringLiteral("--format"), QStringLiteral("json")});
        QCOMPARE(r.code, 4);
        QCOMPARE(json(r).value(QStringLiteral("intact")).toBool(), false);
        // The check changed nothing.
        QFile f(p);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), before);
        f.close();
        // Other commands open the cleanly closed file without the page scan; the export
        // that reads the damaged pages fails as corrupt (never a wrong answer).
        r = runNpuscope({QStringLiteral("export"), QStringLiteral("--project"), p, QStringLiteral("--output"),
                         dir_.filePath(QStringLiteral("out-damaged"))});
        QVERIFY2(r.code == 4, qPrintable(QStringLiteral("exit %1: %2").arg(r.code).arg(r.err)));
        QVERIFY(!QFileInfo::exists(dir_.filePath(QStringLiteral("out-damaged"))) || QDir(dir_.filePath(QStringLiteral("out-damaged"))).isEmpty());
        r = runNpuscope({QStringLiteral("analyze"), QStringLiteral("--project"), p});
        QVERIFY2(r.code == 4, qPrintable(QStringLiteral("exit %1: %2").arg(r.code).arg(r.err)));
        r = runNpuscope({QStringLiteral("diff"), p + QStringLiteral(":1"), clean_ + QStringLiteral(":1")});
        QVERIFY2(r.code == 4, qPrintable(QStringLiteral("exit %1: %2").arg(r.code).arg(r.err)));
    }

    void crashedWriterIsCheckedThenMarkedClean()
    {
        const QString p = copyOfClean();
        QVERIFY(killedRecording(p));
        {
            auto project = store::Project::open(p, store::Project::Mode::ReadOnly, nullptr, nullptr, store::Project::Check::Auto);
            QVERIFY(project && project->fullyChecked()); // the killed writer's file: every page at open
        }
        CliResult r = runNpuscope({QStringLiteral("check"), p});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("is intact")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("now marked as closed cleanly")), qPrintable(r.out));
        auto project = store::Project::open(p, store::Project::Mode::ReadOnly, nullptr, nullptr, store::Project::Check::Auto);
        QVERIFY(project && !project->fullyChecked());
        QCOMPARE(project->sessions().size(), std::size_t(2));
        QCOMPARE(project->sessions().back().status, SessionStatus::Running); // kept as it was: incomplete
        project.reset();
        r = runNpuscope({QStringLiteral("check"), p, QStringLiteral("--format"), QStringLiteral("json")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QCOMPARE(json(r).value(QStringLiteral("closed_cleanly")).toBool(), true);
    }

    // Damage in a file whose writer was killed is found at open by every command.
    void crashedAndDamagedIsRefusedByEveryCommand()
    {
        const QString p = copyOfClean();
        QVERIFY(killedRecording(p));
        QVERIFY(damageTaskPages(p));
        CliResult r = runNpuscope({QStringLiteral("query"), QStringLiteral("--project"), p});
        QCOMPARE(r.code, 4);
        r = runNpuscope({QStringLiteral("check"), p});
        QCOMPARE(r.code, 4);
    }

    void usageAndOtherFiles()
    {
        CliResult r = runNpuscope({QStringLiteral("check")});
        QCOMPARE(r.code, 2);
        const QString text = dir_.filePath(QStringLiteral("notes.npuscope"));
        QVERIFY(testfiles::writeFile(text, QByteArray(4096, 'x')));
        r = runNpuscope({QStringLiteral("check"), text});
        QCOMPARE(r.code, 3);
        r = runNpuscope({QStringLiteral("check"), dir_.filePath(QStringLiteral("missing.npuscope"))});
        QCOMPARE(r.code, 3);
        r = runNpuscope({QStringLiteral("--help")});
        QVERIFY(r.out.contains(QStringLiteral("  check ")));
    }
};

QTEST_GUILESS_MAIN(TestCliCheck)
#include "test_cli_check.moc"
