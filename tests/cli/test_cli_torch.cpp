// check-options --framework pytorch with the real binary: JSON text, a JSON file and a
// training script; warnings with exit 0, errors with exit 2, in English and Chinese.
#include "cli_process.h"

#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

class TestCliTorch : public QObject {
    Q_OBJECT
private:
    QTemporaryDir tmp_;

    QString write(const QString &name, const QByteArray &data)
    {
        const QString path = tmp_.filePath(name);
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
            qFatal("cannot write %s", qPrintable(path));
        f.write(data);
        return path;
    }

    static CliResult check(const QStringList &args, const QMap<QString, QString> &env = {})
    {
        return runNpuscope(QStringList{QStringLiteral("check-options"), QStringLiteral("--framework"),
                                       QStringLiteral("pytorch")} + args,
                           env, 60000);
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(tmp_.isValid()); }

    void validJsonPrintsThePython()
    {
        const CliResult r = check({QStringLiteral(
            R"({"activities":["CPU","NPU"],"schedule":{"wait":0,"warmup":1,"active":2,"repeat":1},"record_shapes":true,)"
            R"("experimental_config":{"profiler_level":"Level1","aic_metrics":"PipeUtilization","export_type":"text"}})")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY(r.out.startsWith(QStringLiteral("The torch_npu profiler config is valid.\n")));
        QVERIFY(r.out.contains(QStringLiteral("schedule=torch_npu.profiler.schedule(wait=0, warmup=1, active=2, repeat=1),")));
        QVERIFY(r.out.contains(QStringLiteral("profiler_level=torch_npu.profiler.ProfilerLevel.Level1,")));
        QVERIFY(r.out.contains(QStringLiteral(") as prof:")));
        QVERIFY(r.err.isEmpty());
    }

    void warningsStillValidWithTheCorrectedValue()
    {
        const QString file = write(QStringLiteral("cfg.json"),
                                   R"({"schedule":{"wait":1,"warmup":1,"active":0},"experimental_config":{"profiler_level":"Level9"}})");
        const CliResult r = check({file});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.err.contains(QStringLiteral("Warning: schedule.active:")), qPrintable(r.err));
        QVERIFY(r.err.contains(QStringLiteral("Warning: experimental_config.profiler_level:")));
        QVERIFY(r.out.contains(QStringLiteral("after torch_npu's corrections")));
        QVERIFY(r.out.contains(QStringLiteral("schedule=torch_npu.profiler.schedule(wait=1, warmup=1, active=1),")));
    }

    void errorsExitTwo()
    {
        CliResult r = check({QStringLiteral(R"({"schedule":{"warmup":1},"records_shapes":true})")});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains(QStringLiteral("Error: records_shapes:")));
        QVERIFY(r.err.contains(QStringLiteral("Error: schedule.wait:")));
        QVERIFY(r.out.isEmpty());
        r = check({QStringLiteral("{not json")});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains(QStringLiteral("not valid JSON")));
        r = check({});
        QCOMPARE(r.code, 2);
        r = runNpuscope({QStringLiteral("check-options"), QStringLiteral("--framework"), QStringLiteral("caffe"),
                         QStringLiteral("{}")});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains(QStringLiteral("caffe")));
    }

    void readsATrainingScript()
    {
        const QString script = write(QStringLiteral("train.py"),
                                     "import torch_npu\n"
                                     "exp = torch_npu.profiler._ExperimentalConfig(\n"
                                     "    profiler_level=torch_npu.profiler.ProfilerLevel.Level2,\n"
                                     "    export_type=torch_npu.profiler.ExportType.Db, op_attr=True)\n"
                                     "\n"
                                     "with torch_npu.profiler.profile(\n"
                                     "        schedule=torch_npu.profiler.schedule(wait=1, warmup=1, active=3),\n"
                                     "        on_trace_ready=torch_npu.profiler.tensorboard_trace_handler('./out'),\n"
                                     "        experimental_config=exp) as prof:\n"
                                     "    train()\n");
        CliResult r = check({script});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.err.contains(QStringLiteral("read from %1, line 6.").arg(script)), qPrintable(r.err));
        QVERIFY(r.out.contains(QStringLiteral("export_type=torch_npu.profiler.ExportType.Db,")));
        QVERIFY(r.out.contains(QStringLiteral("op_attr=True,")));
        QVERIFY(r.out.contains(QStringLiteral("tensorboard_trace_handler(\"./out\")")));
        // --script says the same.
        const CliResult viaOption = check({QStringLiteral("--script"), script});
        QCOMPARE(viaOption.code, 0);
        QCOMPARE(viaOption.out, r.out);

        const QString bad = write(QStringLiteral("bad.py"), "import torch\nwith torch.profiler.profile() as p:\n    pass\n");
        r = check({bad});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(QStringLiteral("Line 2:")), qPrintable(r.err));
        r = check({tmp_.filePath(QStringLiteral("missing.py"))});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains(QStringLiteral("missing.py")));
    }

    // run --framework pytorch records the schedule's active steps on the 910B and keeps the
    // framework and config in the session's settings.
    void runRecordsAPyTorchSession()
    {
        const QString project = tmp_.filePath(QStringLiteral("torch.npuscope"));
        CliResult r = runNpuscope({QStringLiteral("run"), QStringLiteral("--framework"), QStringLiteral("pytorch"),
                                   QStringLiteral("--torch-profiler-config"),
                                   QStringLiteral(R"({"schedule":{"wait":1,"warmup":1,"active":2,"repeat":1},"record_shapes":true})"),
                                   QStringLiteral("--model"), QStringLiteral("lenet"), QStringLiteral("--batch"), QStringLiteral("8"),
                                   QStringLiteral("--iterations"), QStringLiteral("6"), QStringLiteral("--project"), project,
                                   QStringLiteral("--clock-base"), QStringLiteral("2024-05-17T09:30:00Z")},
                                  {}, 120000);
        QVERIFY2(r.code == 0, qPrintable(r.err));
        auto sql = [&](const QString &query) {
            const CliResult q = runNpuscope({QStringLiteral("sql"), QStringLiteral("--project"), project, query}, {}, 60000);
            if (q.code != 0)
                qWarning("%s", qPrintable(q.err));
            return q.out;
        };
        const QString spec = sql(QStringLiteral("SELECT spec_json FROM sessions"));
        QVERIFY2(spec.contains(QStringLiteral("pytorch")), qPrintable(spec));
        QVERIFY2(spec.contains(QStringLiteral("910B")), qPrintable(spec));
        QVERIFY2(spec.contains(QStringLiteral("record_shapes")), qPrintable(spec));
        const QString its = sql(QStringLiteral("SELECT DISTINCT iteration FROM tasks ORDER BY iteration"));
        QCOMPARE(its.split(QLatin1Char('\n'), Qt::SkipEmptyParts).mid(1), (QStringList{QStringLiteral("3"), QStringLiteral("4")}));
        QVERIFY(sql(QStringLiteral("SELECT count(*) FROM python_ranges")).split(QLatin1Char('\n')).value(1).toInt() > 100);
        QCOMPARE(sql(QStringLiteral("SELECT count(*) FROM step_times")).split(QLatin1Char('\n')).value(1), QStringLiteral("2"));

        // A config torch_npu would stop on records nothing.
        const QString other = tmp_.filePath(QStringLiteral("bad.npuscope"));
        r = runNpuscope({QStringLiteral("run"), QStringLiteral("--framework"), QStringLiteral("pytorch"),
                         QStringLiteral("--torch-profiler-config"), QStringLiteral(R"({"schedule":{"warmup":1}})"),
                         QStringLiteral("--project"), other}, {}, 60000);
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(QStringLiteral("schedule.wait")), qPrintable(r.err));
        QVERIFY(!QFile::exists(other));
        r = runNpuscope({QStringLiteral("run"), QStringLiteral("--torch-profiler-config"), QStringLiteral("{}"),
                         QStringLiteral("--project"), other}, {}, 60000);
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains(QStringLiteral("--framework pytorch")));
    }

    void speaksChinese()
    {
        const CliResult r = check({QStringLiteral(R"({"schedule":{"wait":1,"warmup":1,"active":0},"bogus":1})")},
                                  {{QStringLiteral("NPUSCOPE_LANG"), QStringLiteral("zh_CN")}});
        QCOMPARE(r.code, 2);
        const QStringList lines = r.err.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QVERIFY(lines.size() >= 3);
        // Every line, the torch_npu messages included, is in Chinese.
        for (const QString &line : lines)
            QVERIFY2(line.contains(QRegularExpression(QStringLiteral("[\\x{4e00}-\\x{9fff}]"))), qPrintable(line));
    }
};

QTEST_GUILESS_MAIN(TestCliTorch)
#include "test_cli_torch.moc"
