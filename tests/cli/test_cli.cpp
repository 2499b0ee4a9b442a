// Runs the real npuscope binary for every verb, good and bad input, and each exit code.
#include "cli_process.h"

#include "tests/test_files.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <sqlite3.h>

namespace {

using Result = CliResult;

Result npuscope(const QStringList &args, const QMap<QString, QString> &env = {}, int timeoutMs = 300000)
{
    return runNpuscope(args, env, timeoutMs);
}

QString fullOptions(const QString &output)
{
    return QStringLiteral("{\"output\":\"%1\",\"training_trace\":\"on\",\"task_trace\":\"on\",\"hccl\":\"on\","
                          "\"aicpu\":\"on\",\"l2\":\"on\",\"msproftx\":\"on\",\"aic_metrics\":\"PipeUtilization\","
                          "\"fp_point\":\"\",\"bp_point\":\"\"}")
        .arg(output);
}

using testfiles::filesUnder;

} // namespace

class TestCli : public QObject {
    Q_OBJECT
private:
    QTemporaryDir tmp_;
    QString project_;     // a small recorded project shared by the read-only checks

    QString path(const QString &name) const { return tmp_.filePath(name); }
    // `npuscope export` of the shared project into `out`, with more options.
    Result exportShared(const QString &out, const QStringList &more) const
    {
        return npuscope(QStringList{QStringLiteral("export"), QStringLiteral("--project"), project_, QStringLiteral("--output"), out}
                        + more);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(tmp_.isValid());
        project_ = path(QStringLiteral("shared.npuscope"));
        const Result r = npuscope({QStringLiteral("run"), QStringLiteral("--model"), QStringLiteral("lenet"),
                                   QStringLiteral("--batch"), QStringLiteral("8"), QStringLiteral("--iterations"),
                                   QStringLiteral("4"), QStringLiteral("--devices"), QStringLiteral("2"),
                                   QStringLiteral("--profiling-options"), fullOptions(path(QStringLiteral("o"))),
                                   QStringLiteral("--project"), project_});
        QVERIFY2(r.code == 0, qPrintable(r.err));
    }

    // "--upgrade" where an option's value stands is that value, not the upgrade flag: only
    // the word right before the verb is moved to the verb.
    void upgradeAsAnOptionValueStaysTheValue()
    {
        const Result r = npuscope({QStringLiteral("query"), QStringLiteral("--format"), QStringLiteral("--upgrade"),
                                   QStringLiteral("--project"), project_});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(QStringLiteral("got \"--upgrade\"")), qPrintable(r.err));
        // Before the verb it is the flag: the (current) project opens as usual.
        const Result flag = npuscope({QStringLiteral("--upgrade"), QStringLiteral("query"), QStringLiteral("--project"), project_});
        QVERIFY2(flag.code == 0, qPrintable(flag.err));
    }

    void versionAndHelp()
    {
        Result r = npuscope({QStringLiteral("--version")});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.startsWith(QStringLiteral("npuscope ") + QStringLiteral(NPUSCOPE_VERSION)));
        r = npuscope({QStringLiteral("--help")});
        QCOMPARE(r.code, 0);
        for (const char *verb : {"run", "export", "query", "check-options"})
            QVERIFY2(r.out.contains(QLatin1String(verb)), verb);
        r = npuscope({QStringLiteral("run"), QStringLiteral("--help")});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains(QStringLiteral("--iterations")));
        QVERIFY(r.out.contains(QStringLiteral("resnet50")));
        QVERIFY(r.out.contains(QStringLiteral("--chip")));
        QVERIFY(r.out.contains(QStringLiteral("910B")));
        // The scenario names are listed where --scenario is explained.
        for (const char *s : {"slow-input", "straggler", "aicpu-fallback", "launch-bound", "single-segment"})
            QVERIFY2(r.out.contains(QLatin1String(s)), s);
    }

    // A run with several wrong values names every one of them at once, and records nothing.
    void runReportsEveryWorkloadProblem()
    {
        const QString proj = path(QStringLiteral("never.npuscope"));
        const Result r = npuscope({QStringLiteral("run"), QStringLiteral("--model"), QStringLiteral("nope"), QStringLiteral("--batch"),
                                   QStringLiteral("0"), QStringLiteral("--iterations"), QStringLiteral("x"), QStringLiteral("--chip"),
                                   QStringLiteral("920"), QStringLiteral("--scenario"), QStringLiteral("bogus"),
                                   QStringLiteral("--profiling-options"), QStringLiteral("{\"output\":\"/tmp/x\",\"l2\":\"maybe\"}"),
                                   QStringLiteral("--project"), proj});
        QCOMPARE(r.code, 2);
        for (const char *what : {"--iterations", "920", "batch size 0", "\"nope\"", "\"bogus\"", "l2"})
            QVERIFY2(r.err.contains(QLatin1String(what)), qPrintable(QStringLiteral("%1 missing from:\n%2").arg(QLatin1String(what), r.err)));
        QVERIFY(!QFile::exists(proj));
    }

    void runOn910B()
    {
        // The chip is part of the session's settings; a 910B session records and exports.
        const QString proj = path(QStringLiteral("b.npuscope"));
        const QString out = path(QStringLiteral("b-export"));
        Result r = npuscope({QStringLiteral("run"), QStringLiteral("--chip"), QStringLiteral("910b"), QStringLiteral("--model"),
                             QStringLiteral("lenet"), QStringLiteral("--batch"), QStringLiteral("8"), QStringLiteral("--iterations"),
                             QStringLiteral("2"), QStringLiteral("--devices"), QStringLiteral("2"), QStringLiteral("--profiling-options"),
                             fullOptions(path(QStringLiteral("bo"))), QStringLiteral("--project"), proj, QStringLiteral("--export"), out});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY(!filesUnder(out).isEmpty());
        r = npuscope({QStringLiteral("query"), QStringLiteral("--project"), proj, QStringLiteral("--format"), QStringLiteral("json")});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains(QStringLiteral("910B")), qPrintable(r.out));
        r = npuscope({QStringLiteral("run"), QStringLiteral("--chip"), QStringLiteral("920"), QStringLiteral("--model"),
                      QStringLiteral("lenet"), QStringLiteral("--profiling-options"), fullOptions(path(QStringLiteral("bo"))),
                      QStringLiteral("--project"), path(QStringLiteral("never920.npuscope"))});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains(QStringLiteral("920")));
        QVERIFY(!QFile::exists(path(QStringLiteral("never920.npuscope"))));
    }

    void guiWithoutDisplayExplains()
    {
        const Result r = npuscope({}, {{QStringLiteral("QT_QPA_PLATFORM"), QString()}});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains(QStringLiteral("no display")));
        QVERIFY(r.err.contains(QStringLiteral("demo")));
    }

    void unknownVerbIsUsageError()
    {
        const Result r = npuscope({QStringLiteral("frobnicate")});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains(QStringLiteral("frobnicate")));
        const Result r2 = npuscope({QStringLiteral("run"), QStringLiteral("--no-such-flag")});
        QCOMPARE(r2.code, 2);
    }

    void checkOptionsValidAndInvalid()
    {
        Result r = npuscope({QStringLiteral("check-options"), fullOptions(QStringLiteral("/tmp/x"))});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY(r.out.contains(QStringLiteral("valid")));

        // Every problem at once: the seed's literal xxMB, a bad switch and an unknown key.
        r = npuscope({QStringLiteral("check-options"),
                      QStringLiteral("{\"output\":\"/tmp/x\",\"storage_limit\":\"xxMB\",\"training_trace\":\"yes\",\"bogus\":\"on\"}")});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains(QStringLiteral("storage_limit")));
        QVERIFY(r.err.contains(QStringLiteral("training_trace")));
        QVERIFY(r.err.contains(QStringLiteral("bogus")));
        QVERIFY(r.err.contains(QStringLiteral("3 problems")));

        r = npuscope({QStringLiteral("check-options"), QStringLiteral("{\"output\":")});
        QCOMPARE(r.code, 2);
        QVERIFY(!r.err.trimmed().isEmpty());
    }

    void speaksChineseWhenAsked()
    {
        const Result r = npuscope({QStringLiteral("check-options"), QStringLiteral("{\"output\":\"/tmp/x\",\"l2\":\"maybe\"}")},
                                  {{QStringLiteral("NPUSCOPE_LANG"), QStringLiteral("zh_CN")}});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(QRegularExpression(QStringLiteral("[\\x{4e00}-\\x{9fff}]"))), qPrintable(r.err));
        QVERIFY(r.err.contains(QStringLiteral("l2")));
    }

    void checkOptionsFromScript()
    {
        const QString script = path(QStringLiteral("train.py"));
        QVERIFY(testfiles::writeFile(script,
                                     "import tensorflow as tf\n"
                                     "custom_op = config.graph_options.rewrite_options.custom_optimizers.add()\n"
                                     "custom_op.name = \"NpuOptimizer\"\n"
                                     "custom_op.parameter_map[\"profiling_mode\"].b = True\n"
                                     "custom_op.parameter_map[\"profiling_options\"].s = tf.compat.as_bytes('{\"output\":\"/tmp/profiling\",\"task_trace\":\"on\",\"aic_metrics\":\"PipeUtilization\"}')\n"));
        Result r = npuscope({QStringLiteral("check-options"), QStringLiteral("--script"), script});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY(r.err.contains(QStringLiteral("line 5")));

        const QString bad = path(QStringLiteral("bad.py"));
        QVERIFY(testfiles::writeFile(bad, "import os\nprint('no profiling here')\n"));
        r = npuscope({QStringLiteral("check-options"), QStringLiteral("--script"), bad});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains(QStringLiteral("bad.py")));

        r = npuscope({QStringLiteral("check-options"), QStringLiteral("--script"), path(QStringLiteral("missing.py"))});
        QCOMPARE(r.code, 2);
    }

    void runWithScriptAndExport()
    {
        const QString script = path(QStringLiteral("estimator.py"));
        QVERIFY(testfiles::writeFile(script,
                                     QStringLiteral("from npu_bridge.estimator.npu.npu_config import NPURunConfig, ProfilingConfig\n"
                                                    "profiling_options = '%1'\n"
                                                    "profiling_config = ProfilingConfig(enable_profiling=True, profiling_options=profiling_options)\n")
                                         .arg(fullOptions(path(QStringLiteral("so"))))
                                         .toUtf8()));
        const QString proj = path(QStringLiteral("script.npuscope"));
        const QString out = path(QStringLiteral("script-export"));
        const Result r = npuscope({QStringLiteral("run"), QStringLiteral("--model"), QStringLiteral("lenet"),
                                   QStringLiteral("--batch"), QStringLiteral("4"), QStringLiteral("--iterations"),
                                   QStringLiteral("2"), QStringLiteral("--script"), script, QStringLiteral("--project"),
                                   proj, QStringLiteral("--export"), out});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY(QFile::exists(proj));
        const QStringList files = filesUnder(out);
        QVERIFY(!files.isEmpty());
        const QRegularExpression profDir(QStringLiteral("^PROF_000001_\\d{17}_[A-R]{16}/device_0/"));
        QVERIFY2(profDir.match(files.first()).hasMatch(), qPrintable(files.first()));
        QVERIFY(files.filter(QRegularExpression(QStringLiteral("timeline/msprof_0_\\d+_1\\.json$"))).size() == 1);
        QVERIFY(files.filter(QRegularExpression(QStringLiteral("summary/op_summary_0_\\d+_2\\.csv$"))).size() == 1);
        QVERIFY(files.filter(QRegularExpression(QStringLiteral("summary/step_trace_0_\\d+_2\\.csv$"))).size() == 1);
    }

    void runRejectsBadInput()
    {
        // Invalid options: exit 2 and nothing recorded.
        const QString proj = path(QStringLiteral("never.npuscope"));
        Result r = npuscope({QStringLiteral("run"), QStringLiteral("--model"), QStringLiteral("lenet"),
                             QStringLiteral("--profiling-options"), QStringLiteral("{\"output\":\"\"}"),
                             QStringLiteral("--project"), proj});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains(QStringLiteral("Result path is empty")));
        QVERIFY(!QFile::exists(proj));
        // Invalid workload.
        r = npuscope({QStringLiteral("run"), QStringLiteral("--model"), QStringLiteral("gpt5"),
                      QStringLiteral("--profiling-options"), fullOptions(path(QStringLiteral("o"))),
                      QStringLiteral("--project"), proj});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains(QStringLiteral("gpt5")));
        r = npuscope({QStringLiteral("run"), QStringLiteral("--batch"), QStringLiteral("many"),
                      QStringLiteral("--profiling-options"), fullOptions(path(QStringLiteral("o")))});
        QCOMPARE(r.code, 2);
        r = npuscope({QStringLiteral("run"), QStringLiteral("--model"), QStringLiteral("lenet")});
        QCOMPARE(r.code, 2); // no options at all
        QVERIFY(!QFile::exists(proj));
    }

    void queryListsSessions()
    {
        Result r = npuscope({QStringLiteral("query"), QStringLiteral("--project"), project_});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY(r.out.contains(QStringLiteral("lenet")));
        QVERIFY(r.out.contains(QStringLiteral("complete")));
        r = npuscope({QStringLiteral("query"), QStringLiteral("--project"), project_, QStringLiteral("--format"),
                      QStringLiteral("json")});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.trimmed().startsWith(QLatin1Char('{')) || r.out.trimmed().startsWith(QLatin1Char('[')));
    }

    void exportFiltersIterations()
    {
        const QString out = path(QStringLiteral("filtered"));
        Result r = exportShared(out, {QStringLiteral("--iteration-id"), QStringLiteral("2-3"), QStringLiteral("--device"), QStringLiteral("1")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const QStringList files = filesUnder(out);
        const QStringList timelines = files.filter(QRegularExpression(QStringLiteral("/timeline/msprof_\\d+_\\d+_\\d+\\.json$")));
        QCOMPARE(timelines.size(), 2);
        for (const QString &f : files) {
            QVERIFY2(f.contains(QStringLiteral("/device_1/")), qPrintable(f));
            if (f.contains(QStringLiteral("/timeline/msprof_")))
                QVERIFY2(f.endsWith(QStringLiteral("_2.json")) || f.endsWith(QStringLiteral("_3.json")), qPrintable(f));
        }
        // Only the chosen kinds (plus the device description files).
        const QString kindsOut = path(QStringLiteral("kinds"));
        r = exportShared(kindsOut, {QStringLiteral("--kinds"), QStringLiteral("op_summary,step_trace")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        for (const QString &f : filesUnder(kindsOut)) {
            const QString name = QFileInfo(f).fileName();
            QVERIFY2(name.startsWith(QStringLiteral("op_summary_")) || name.startsWith(QStringLiteral("step_trace_"))
                         || name.contains(QStringLiteral("info")),
                     qPrintable(f));
        }
        r = exportShared(kindsOut, {QStringLiteral("--kinds"), QStringLiteral("flamegraph")});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains(QStringLiteral("flamegraph")));
        r = exportShared(out, {QStringLiteral("--iteration-id"), QStringLiteral("3-2")});
        QCOMPARE(r.code, 2);
        r = npuscope({QStringLiteral("export"), QStringLiteral("--project"), project_});
        QCOMPARE(r.code, 2);
    }

    // --layout msprof: one PROF_* per device with mindstudio_profiler_output/, the filters
    // apply; an unknown layout and --kinds outside the legacy layout are usage errors.
    void exportLayoutMsprof()
    {
        const QString out = path(QStringLiteral("msprof-layout"));
        Result r = exportShared(out, {QStringLiteral("--layout"), QStringLiteral("msprof"), QStringLiteral("--device"), QStringLiteral("1")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const QStringList files = filesUnder(out);
        QCOMPARE(files.filter(QRegularExpression(QStringLiteral("/mindstudio_profiler_output/msprof_\\d{14}\\.json$"))).size(), 1);
        QCOMPARE(files.filter(QRegularExpression(QStringLiteral("/mindstudio_profiler_output/op_summary_\\d{14}\\.csv$"))).size(), 1);
        QCOMPARE(files.filter(QStringLiteral("/device_1/info.json.1")).size(), 1);
        QVERIFY(files.filter(QStringLiteral("/device_0/")).isEmpty());
        r = exportShared(out, {QStringLiteral("--layout"), QStringLiteral("mindstudio")});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains(QStringLiteral("mindstudio")) && r.err.contains(QStringLiteral("msprof")));
        r = exportShared(out, {QStringLiteral("--layout"), QStringLiteral("msprof"), QStringLiteral("--kinds"), QStringLiteral("op_summary")});
        QCOMPARE(r.code, 2);
        QCOMPARE(filesUnder(out), files);
    }

    void sameSeedGivesIdenticalExports()
    {
        QStringList trees;
        QList<QByteArray> contents;
        for (int i = 0; i < 2; ++i) {
            const QString proj = path(QStringLiteral("det%1.npuscope").arg(i));
            const QString out = path(QStringLiteral("det%1").arg(i));
            const Result r = npuscope({QStringLiteral("run"), QStringLiteral("--model"), QStringLiteral("lenet"),
                                       QStringLiteral("--batch"), QStringLiteral("4"), QStringLiteral("--iterations"),
                                       QStringLiteral("2"), QStringLiteral("--devices"), QStringLiteral("2"),
                                       QStringLiteral("--seed"), QStringLiteral("42"), QStringLiteral("--clock-base"),
                                       QStringLiteral("2024-05-17T09:30:00Z"), QStringLiteral("--profiling-options"),
                                       fullOptions(path(QStringLiteral("det"))), QStringLiteral("--project"), proj,
                                       QStringLiteral("--export"), out});
            QVERIFY2(r.code == 0, qPrintable(r.err));
            const QStringList files = filesUnder(out);
            trees << files.join(QLatin1Char('\n'));
            QByteArray all;
            for (const QString &f : files) {
                QFile file(QDir(out).filePath(f));
                QVERIFY(file.open(QIODevice::ReadOnly));
                all += f.toUtf8() + '\0' + file.readAll();
            }
            contents << all;
        }
        QCOMPARE(trees[0], trees[1]);
        QVERIFY(contents[0] == contents[1]);
    }

    void notAProjectExitCodes()
    {
        // Missing → 3.
        Result r = npuscope({QStringLiteral("query"), QStringLiteral("--project"), path(QStringLiteral("nope.npuscope"))});
        QCOMPARE(r.code, 3);
        // A text file → 3.
        const QString text = path(QStringLiteral("notes.npuscope"));
        QVERIFY(testfiles::writeFile(text, "these are my notes, not a database\n"));
        r = npuscope({QStringLiteral("query"), QStringLiteral("--project"), text});
        QCOMPARE(r.code, 3);
        QVERIFY(!r.err.isEmpty());
        // A foreign SQLite database → 3.
        const QString foreign = path(QStringLiteral("foreign.db"));
        sqlite3 *db = nullptr;
        QCOMPARE(sqlite3_open(foreign.toUtf8().constData(), &db), SQLITE_OK);
        QCOMPARE(sqlite3_exec(db, "CREATE TABLE t(x); INSERT INTO t VALUES(1);", nullptr, nullptr, nullptr), SQLITE_OK);
        sqlite3_close(db);
        r = npuscope({QStringLiteral("query"), QStringLiteral("--project"), foreign});
        QCOMPARE(r.code, 3);
    }

    void newerProjectIsRefused()
    {
        const QString copy = path(QStringLiteral("newer.npuscope"));
        QVERIFY(QFile::copy(project_, copy));
        sqlite3 *db = nullptr;
        QCOMPARE(sqlite3_open(copy.toUtf8().constData(), &db), SQLITE_OK);
        QCOMPARE(sqlite3_exec(db, "PRAGMA user_version = 99;", nullptr, nullptr, nullptr), SQLITE_OK);
        sqlite3_close(db);
        const Result r = npuscope({QStringLiteral("query"), QStringLiteral("--project"), copy});
        QCOMPARE(r.code, 5);
        QVERIFY(r.err.contains(QStringLiteral("newer")));
    }

    void corruptProjectExitCode()
    {
        const QString copy = path(QStringLiteral("corrupt.npuscope"));
        QVERIFY(QFile::copy(project_, copy));
        QFile f(copy);
        QVERIFY(f.open(QIODevice::ReadWrite));
        const qint64 size = f.size();
        QVERIFY(size > 8 * 4096);
        // Keep the header (identity) intact, smash the pages after it.
        f.seek(4096);
        QByteArray junk(int(size - 8192), '\x5a');
        f.write(junk);
        f.close();
        const Result r = npuscope({QStringLiteral("query"), QStringLiteral("--project"), copy});
        QCOMPARE(r.code, 4);
    }

    void ioErrorsExitSix()
    {
        // The export folder cannot be created (a file stands where its parent should be).
        const QString blocker = path(QStringLiteral("blocker"));
        QVERIFY(testfiles::writeFile(blocker, "x"));
        Result r = npuscope({QStringLiteral("export"), QStringLiteral("--project"), project_, QStringLiteral("--output"),
                             blocker + QStringLiteral("/sub")});
        QCOMPARE(r.code, 6);
        QVERIFY(!r.err.isEmpty());
        // The project cannot be created.
        r = npuscope({QStringLiteral("run"), QStringLiteral("--model"), QStringLiteral("lenet"), QStringLiteral("--batch"),
                      QStringLiteral("2"), QStringLiteral("--iterations"), QStringLiteral("1"),
                      QStringLiteral("--profiling-options"), fullOptions(path(QStringLiteral("o"))),
                      QStringLiteral("--project"), blocker + QStringLiteral("/p.npuscope")});
        QCOMPARE(r.code, 6);
    }

    void diskFullDuringRecording()
    {
        const QString proj = path(QStringLiteral("full.npuscope"));
        const Result r = npuscope({QStringLiteral("run"), QStringLiteral("--model"), QStringLiteral("resnet50"),
                                   QStringLiteral("--iterations"), QStringLiteral("20"), QStringLiteral("--devices"),
                                   QStringLiteral("2"), QStringLiteral("--profiling-options"),
                                   fullOptions(path(QStringLiteral("o"))), QStringLiteral("--project"), proj},
                                  {{QStringLiteral("NPUSCOPE_TEST_MAX_PAGES"), QStringLiteral("250")}});
        QCOMPARE(r.code, 6);
        QVERIFY2(r.err.contains(QStringLiteral("full"), Qt::CaseInsensitive), qPrintable(r.err));
        // What was committed before the disk filled is still a readable project.
        const Result q = npuscope({QStringLiteral("query"), QStringLiteral("--project"), proj});
        QVERIFY2(q.code == 0, qPrintable(q.err));
        QVERIFY(q.out.contains(QStringLiteral("failed")));
    }

    void interruptCancelsAndKeepsData()
    {
        const QString proj = path(QStringLiteral("cancel.npuscope"));
        QProcess p;
        QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
        e.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8"));
        p.setProcessEnvironment(e);
        p.start(QStringLiteral(NPUSCOPE_BIN),
                {QStringLiteral("run"), QStringLiteral("--model"), QStringLiteral("resnet50"), QStringLiteral("--iterations"),
                 QStringLiteral("100000"), QStringLiteral("--profiling-options"), fullOptions(path(QStringLiteral("o"))),
                 QStringLiteral("--project"), proj});
        QVERIFY(p.waitForStarted());
        // Wait until something has been committed, then interrupt like Ctrl+C.
        bool progressed = false;
        for (int i = 0; i < 600 && !progressed; ++i) {
            progressed = p.readAllStandardError().contains("Iteration");
            if (!progressed)
                QTest::qWait(100);
        }
        QVERIFY2(progressed, "the run printed no iteration progress within 60 s");
        ::kill(pid_t(p.processId()), SIGINT);
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 130);
        const Result q = npuscope({QStringLiteral("query"), QStringLiteral("--project"), proj});
        QVERIFY2(q.code == 0, qPrintable(q.err));
        QVERIFY(q.out.contains(QStringLiteral("cancelled")));
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "test_cli.moc"
