#include "tests/test_data.h"
#include "core/options/profiling_options.h"

#include <QFile>
#include <QTest>

using namespace npuscope;

Q_DECLARE_METATYPE(npuscope::CodeForm)

namespace {

// The two code blocks of profiling-options.md, verbatim.
const QString kSpecEstimator = "from npu_bridge.estimator.npu.npu_config import NPURunConfig, ProfilingConfig\n"
        "profiling_options = '{\"output\":\"/tmp/profiling\",\"training_trace\":\"on\",\"fp_point\":\"\",\"bp_point\":\"\"}'\n"
        "profiling_config = ProfilingConfig(enable_profiling=True, profiling_options=profiling_options)\n"
        "config = NPURunConfig(profiling_config=profiling_config, session_config=tf.ConfigProto())\n";

const QString kSpecSessRun = "custom_op = config.graph_options.rewrite_options.custom_optimizers.add()\n"
        "custom_op.name = \"NpuOptimizer\"\n"
        "custom_op.parameter_map[\"use_off_line\"].b = True\n"
        "custom_op.parameter_map[\"profiling_mode\"].b = True\n"
        "custom_op.parameter_map[\"profiling_options\"].s = tf.compat.as_bytes('{\"output\":\"/tmp/profiling\",\"task_trace\":\"on\",\"aic_metrics\":\"PipeUtilization\"}')\n"
        "config.graph_options.rewrite_options.remapping = RewriterConfig.OFF\n";

QString describe(const ScriptExtraction &r)
{
    return QStringLiteral("found=%1 line=%2 env=%3 enabled=%4 form=%5 json=%6 error=%7")
        .arg(r.found)
        .arg(r.line)
        .arg(r.fromEnvironment)
        .arg(r.profilingEnabled)
        .arg(int(r.form))
        .arg(QString::fromUtf8(r.optionsJson), r.error);
}

} // namespace

class TestOptionsScript : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { NPUSCOPE_REQUIRE_DATA(testdata::doc(QStringLiteral("profiling-options.md"))); }

    void specSnippetsAreVerbatim()
    {
        QFile f(testdata::doc(QStringLiteral("profiling-options.md")));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString spec = QString::fromUtf8(f.readAll());
        QVERIFY(spec.contains("```python\n" + kSpecEstimator + "```"));
        QVERIFY(spec.contains("```python\n" + kSpecSessRun + "```"));
    }

    void extract_data()
    {
        QTest::addColumn<QString>("script");
        QTest::addColumn<bool>("found");
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<CodeForm>("form");
        QTest::addColumn<bool>("fromEnv");
        QTest::addColumn<bool>("enabled");
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("error"); // expected in the error; empty = no error

        const QByteArray seedEst = "{\"output\":\"/tmp/profiling\",\"training_trace\":\"on\",\"fp_point\":\"\",\"bp_point\":\"\"}";
        const QByteArray seedSess = "{\"output\":\"/tmp/profiling\",\"task_trace\":\"on\",\"aic_metrics\":\"PipeUtilization\"}";
        const QByteArray simple = "{\"output\":\"/tmp/p\"}";
        const auto E = CodeForm::Estimator;
        const auto S = CodeForm::SessRun;

        QTest::newRow("spec estimator") << kSpecEstimator << true << seedEst << E << false << true << 2 << "";
        QTest::newRow("spec sess.run") << kSpecSessRun << true << seedSess << S << false << true << 5 << "";

        QTest::newRow("double quotes with escapes") << QString("import tensorflow as tf\n"
        "profiling_options = \"{\\\"output\\\":\\\"/tmp/p\\\"}\"\n"
        "cfg = ProfilingConfig(enable_profiling=True, profiling_options=profiling_options)\n") << true << simple << E << false << true << 2 << "";

        QTest::newRow("other variable name") << QString("opts = '{\"output\":\"/tmp/p\"}'\n"
        "\n"
        "config = ProfilingConfig(enable_profiling=True, profiling_options=opts)\n") << true << simple << E << false << true << 1 << "";

        QTest::newRow("last assignment before use wins") << QString("opts = '{\"output\":\"/old\"}'\n"
        "opts = '{\"output\":\"/tmp/p\"}'\n"
        "config = ProfilingConfig(enable_profiling=True, profiling_options=opts)\n"
        "opts = '{\"output\":\"/later\"}'\n") << true << simple << E << false << true << 2 << "";

        QTest::newRow("inline literal in a multi-line call") << QString("config = npu_config.ProfilingConfig(\n"
        "    enable_profiling=True,\n"
        "    profiling_options='{\"output\":\"/tmp/p\"}',\n"
        ")\n") << true << simple << E << false << true << 3 << "";

        QTest::newRow("positional arguments") << QString("config = ProfilingConfig(True, \"{\\\"output\\\":\\\"/tmp/p\\\"}\")\n") << true << simple << E << false << true << 1 << "";

        QTest::newRow("as_bytes inside ProfilingConfig") << QString("x = ProfilingConfig(enable_profiling=True, profiling_options=tf.compat.as_bytes('{\"output\":\"/tmp/p\"}'))\n") << true << simple << E << false << true << 1 << "";

        QTest::newRow("triple quoted") << QString("profiling_options = \"\"\"{\"output\":\"/tmp/p\",\n"
        "\"l2\":\"on\"}\"\"\"\n"
        "c = ProfilingConfig(enable_profiling=True, profiling_options=profiling_options)\n") << true << QByteArray("{\"output\":\"/tmp/p\",\n\"l2\":\"on\"}") << E << false << true << 1 << "";

        QTest::newRow("adjacent literals") << QString("profiling_options = ('{\"output\":\"/tmp/p\",'\n"
        "                     '\"l2\":\"on\"}')\n"
        "c = ProfilingConfig(enable_profiling=True, profiling_options=profiling_options)\n") << true << QByteArray("{\"output\":\"/tmp/p\",\"l2\":\"on\"}") << E << false << true << 1 << "";

        QTest::newRow("backslash continuation") << QString("profiling_options = '{\"output\":\"/tmp/p\",' \\\n"
        "    '\"l2\":\"on\"}'\n"
        "c = ProfilingConfig(enable_profiling=True, profiling_options=profiling_options)\n") << true << QByteArray("{\"output\":\"/tmp/p\",\"l2\":\"on\"}") << E << false << true << 1 << "";

        QTest::newRow("raw and bytes prefixes") << QString("profiling_options = r'{\"output\":\"/tmp/p\",' b'\"fp_point\":\"a\\\\b\"}'\n"
        "c = ProfilingConfig(enable_profiling=True, profiling_options=profiling_options)\n") << true << QByteArray("{\"output\":\"/tmp/p\",\"fp_point\":\"a\\b\"}") << E << false << true << 1 << "";

        QTest::newRow("python escapes") << QString("profiling_options = '{\"output\":\"/tmp/p\",\"fp_point\":\"it\\'s \\\"x\\\" \\\\ \\u5c42\\n\"}'\n"
        "c = ProfilingConfig(enable_profiling=True, profiling_options=profiling_options)\n") << true << QString::fromUtf8("{\"output\":\"/tmp/p\",\"fp_point\":\"it's \"x\" \\ 层\n\"}").toUtf8()
          << E << false << true << 1 << "";

        QTest::newRow("encode suffix") << QString("custom_op.parameter_map[\"profiling_options\"].s = '{\"output\":\"/tmp/p\"}'.encode('utf-8')\n") << true << simple << S << false << true << 1 << "";

        QTest::newRow("sess.run single-quoted key, variable") << QString("import os\n"
        "OPTS = \"{\\\"output\\\":\\\"/tmp/p\\\"}\"\n"
        "custom_op.parameter_map['profiling_mode'].b = True\n"
        "custom_op.parameter_map['profiling_options'].s = tf.compat.as_bytes(OPTS)\n") << true << simple << S << false << true << 2 << "";

        QTest::newRow("sess.run profiling_mode False") << QString("custom_op.parameter_map[\"profiling_mode\"].b = False\n"
        "custom_op.parameter_map[\"profiling_options\"].s = tf.compat.as_bytes('{\"output\":\"/tmp/p\"}')\n") << true << simple << S << false << false << 2 << "Line 1: parameter_map[\"profiling_mode\"] is False";

        QTest::newRow("enable_profiling missing") << QString("\n"
        "c = ProfilingConfig(profiling_options='{\"output\":\"/tmp/p\"}')\n") << true << simple << E << false << false << 2 << "Line 2: ProfilingConfig does not set enable_profiling=True";

        QTest::newRow("env form") << QString("import os\n"
        "os.environ[\"PROFILING_MODE\"] = \"true\"\n"
        "os.environ['PROFILING_OPTIONS']='{\"output\":\"/tmp/p\"}'\n"
        "sess.run(train_op)\n") << true << simple << S << true << true << 3 << "";

        QTest::newRow("env form with estimator") << QString("import os\n"
        "os.environ.setdefault(\"PROFILING_MODE\", \"true\")\n"
        "os.environ.setdefault(\"PROFILING_OPTIONS\", '{\"output\":\"/tmp/p\"}')\n"
        "est = NPUEstimator(model_fn=f, config=NPURunConfig())\n") << true << simple << E << true << true << 3 << "";

        QTest::newRow("env form, PROFILING_MODE missing") << QString("import os\n"
        "\n"
        "os.environ[\"PROFILING_OPTIONS\"] = '{\"output\":\"/tmp/p\"}'\n") << true << simple << S << true << false << 3 << "PROFILING_MODE is not set to \"true\"";

        QTest::newRow("env form, PROFILING_MODE True") << QString("import os\n"
        "os.environ[\"PROFILING_OPTIONS\"] = '{\"output\":\"/tmp/p\"}'\n"
        "os.environ[\"PROFILING_MODE\"] = \"True\"\n") << true << simple << S << true << false << 3 << "Line 3: PROFILING_MODE is \"True\", not exactly \"true\"";

        QTest::newRow("shell-like lines") << QString("export PROFILING_MODE=true\n"
        "export PROFILING_OPTIONS='{\"output\":\"/tmp/p\"}'\n"
        "python3 train.py\n") << true << simple << S << true << true << 2 << "";

        QTest::newRow("shell-like, mode false") << QString("PROFILING_MODE=false\n"
        "PROFILING_OPTIONS='{\"output\":\"/tmp/p\"}'\n") << true << simple << S << true << false << 1 << "PROFILING_MODE is \"false\"";

        QTest::newRow("env via python variables") << QString("PROFILING_OPTIONS = '{\"output\":\"/tmp/p\"}'\n"
        "MODE = 'true'\n"
        "os.environ[\"PROFILING_MODE\"] = MODE\n"
        "os.environ[\"PROFILING_OPTIONS\"] = PROFILING_OPTIONS\n") << true << simple << S << true << true << 1 << "";

        QTest::newRow("direct form wins over env") << QString("os.environ[\"PROFILING_MODE\"] = \"true\"\n"
        "os.environ[\"PROFILING_OPTIONS\"] = '{\"output\":\"/env\"}'\n"
        "c = ProfilingConfig(enable_profiling=True, profiling_options='{\"output\":\"/tmp/p\"}')\n") << true << simple << E << false << true << 3 << "";

        QTest::newRow("comments ignored") << QString("# profiling_options = '{\"output\":\"/commented\"}'\n"
        "# c = ProfilingConfig(enable_profiling=True, profiling_options='{\"output\":\"/c\"}')\n"
        "c = ProfilingConfig(enable_profiling=True,  # profiling_options='{\"output\":\"/c2\"}'\n"
        "                    profiling_options='{\"output\":\"/tmp/p#1\"}')  # trailing comment\n") << true << QByteArray("{\"output\":\"/tmp/p#1\"}") << E << false << true << 4 << "";

        QTest::newRow("commented-out env lines") << QString("#os.environ[\"PROFILING_MODE\"] = \"true\"\n"
        "os.environ[\"PROFILING_OPTIONS\"] = '{\"output\":\"/tmp/p\"}'\n") << true << simple << S << true << false << 2 << "PROFILING_MODE";

        QTest::newRow("docstring mentioning the form") << QString("\"\"\"Example:\n"
        "profiling_options = '{\"output\":\"/doc\"}'\n"
        "\"\"\"\n"
        "opts = '{\"output\":\"/tmp/p\"}'\n"
        "c = ProfilingConfig(enable_profiling=True, profiling_options=opts)\n") << true << simple << E << false << true << 4 << "";

        // Failures: the error names the line.
        QTest::newRow("built by json.dumps") << QString("import json\n"
        "profiling_options = json.dumps({\"output\": \"/tmp/p\"})\n"
        "c = ProfilingConfig(enable_profiling=True, profiling_options=profiling_options)\n") << false << QByteArray() << E << false << false << 2 << "Line 2: the options are built by a function call (json.dumps(...))";

        QTest::newRow("variable never assigned") << QString("import os\n"
        "\n"
        "c = ProfilingConfig(enable_profiling=True, profiling_options=opts)\n") << false << QByteArray() << E << false << false << 3 << "Line 3: the options come from the variable opts, which is never assigned";

        QTest::newRow("unterminated string") << QString("x = 1\n"
        "c = ProfilingConfig(enable_profiling=True, profiling_options='{\"output\":\"/tmp/p\"})\n"
        "y = 2\n") << false << QByteArray() << E << false << false << 2 << "Line 2: the options string is not terminated";

        QTest::newRow("unterminated elsewhere, nothing found") << QString("x = 1\n"
        "y = 'abc\n") << false << QByteArray() << E << false << false << 2 << "Line 2: a string literal is not terminated";

        QTest::newRow("f-string") << QString("d = \"/tmp\"\n"
        "c = ProfilingConfig(enable_profiling=True, profiling_options=f'{{\"output\":\"{d}\"}}')\n") << false << QByteArray() << E << false << false << 2 << "Line 2: the options are an f-string";

        QTest::newRow("concatenation with a variable") << QString("d = \"/tmp\"\n"
        "c = ProfilingConfig(enable_profiling=True,\n"
        "    profiling_options='{\"output\":\"' + d + '\"}')\n") << false << QByteArray() << E << false << false << 3 << "Line 3: the options are not a string literal";

        QTest::newRow("no profiling_options argument") << QString("c = ProfilingConfig(enable_profiling=True)\n") << false << QByteArray() << E << false << false << 1 << "Line 1: ProfilingConfig(...) has no profiling_options argument";

        QTest::newRow("nothing at all") << QString("import tensorflow as tf\n"
        "sess.run(train_op)\n") << false << QByteArray() << E << false << false << 0 << "No profiling_options found";

        QTest::newRow("only comments") << QString("# profiling_options = '{\"output\":\"/tmp/p\"}'\n") << false << QByteArray() << E << false << false << 0 << "No profiling_options found";
    }
    void extract()
    {
        QFETCH(QString, script);
        QFETCH(bool, found);
        QFETCH(QByteArray, json);
        QFETCH(CodeForm, form);
        QFETCH(bool, fromEnv);
        QFETCH(bool, enabled);
        QFETCH(int, line);
        QFETCH(QString, error);

        const ScriptExtraction r = extractFromScript(script);
        const QByteArray what = describe(r).toUtf8();
        QVERIFY2(r.found == found, what.constData());
        QVERIFY2(r.line == line, what.constData());
        if (error.isEmpty())
            QVERIFY2(r.error.isEmpty(), what.constData());
        else
            QVERIFY2(r.error.contains(error), what.constData());
        if (!found)
            return;
        QCOMPARE(r.optionsJson, json);
        QCOMPARE(r.form, form);
        QCOMPARE(r.fromEnvironment, fromEnv);
        QCOMPARE(r.profilingEnabled, enabled);
    }

    void windowsLineEndings()
    {
        QString s = kSpecSessRun;
        s.replace("\n", "\r\n");
        const ScriptExtraction r = extractFromScript(s);
        QVERIFY2(r.found && r.error.isEmpty(), qPrintable(describe(r)));
        QCOMPARE(r.line, 5);
        QVERIFY(ProfilingOptions::parse(r.optionsJson, nullptr).empty());
    }

    void generatedCodeHasTheSpecShape()
    {
        ProfilingOptions o;
        QVERIFY(ProfilingOptions::parse("{\"output\":\"/tmp/profiling\",\"training_trace\":\"on\",\"fp_point\":\"\",\"bp_point\":\"\"}", &o).empty());
        const QString est = generateTrainingCode(o, CodeForm::Estimator);
        // Every line of the spec's Estimator snippet appears as is.
        for (const QString &l : kSpecEstimator.split('\n', Qt::SkipEmptyParts))
            QVERIFY2(est.contains(l + '\n'), qPrintable(l));
        QVERIFY(est.startsWith("import tensorflow as tf\n"));

        ProfilingOptions s;
        QVERIFY(ProfilingOptions::parse("{\"output\":\"/tmp/profiling\",\"task_trace\":\"on\",\"aic_metrics\":\"PipeUtilization\"}", &s).empty());
        const QString sess = generateTrainingCode(s, CodeForm::SessRun);
        for (const QString &l : kSpecSessRun.split('\n', Qt::SkipEmptyParts))
            QVERIFY2(sess.contains(l + '\n'), qPrintable(l));
        QVERIFY(sess.contains("config = tf.ConfigProto()\n"));
        QVERIFY(sess.indexOf("config = tf.ConfigProto()") < sess.indexOf("custom_op ="));
    }

    void generateExtractRoundTrip_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<CodeForm>("form");
        const QList<QPair<const char *, QByteArray>> sets = {
            {"defaults", "{}"},
            {"seed", "{\"output\":\"/tmp/profiling\",\"training_trace\":\"on\",\"fp_point\":\"\",\"bp_point\":\"\"}"},
            {"many", "{\"output\":\"/o\",\"storage_limit\":\"500MB\",\"training_trace\":\"on\",\"task_time\":\"l0\","
                     "\"l2\":\"on\",\"hccl\":\"on\",\"aicpu\":\"on\",\"aic_metrics\":\"MemoryL0\",\"msproftx\":\"on\","
                     "\"runtime_api\":\"on\",\"host_sys\":\"cpu,mem\",\"dvpp_freq\":\"1\",\"llc_profiling\":\"write\"}"},
            {"instr", "{\"output\":\"/i\",\"instr_profiling_freq\":\"300\"}"},
            {"quotes and backslashes",
             "{\"output\":\"/data/\\u6570\",\"fp_point\":\"it's \\\"q\\\" \\\\ x\",\"bp_point\":\"a\\nb\",\"power\":\"'''\"}"},
        };
        for (const auto &[name, json] : sets) {
            QTest::addRow("%s, estimator", name) << json << CodeForm::Estimator;
            QTest::addRow("%s, sess.run", name) << json << CodeForm::SessRun;
        }
    }
    void generateExtractRoundTrip()
    {
        QFETCH(QByteArray, json);
        QFETCH(CodeForm, form);
        ProfilingOptions o;
        QVERIFY(ProfilingOptions::parse(json, &o).empty());
        const QString code = generateTrainingCode(o, form);
        const ScriptExtraction r = extractFromScript(code);
        QVERIFY2(r.found && r.error.isEmpty(), qPrintable(describe(r) + "\n" + code));
        QCOMPARE(r.form, form);
        QVERIFY(r.profilingEnabled);
        QVERIFY(!r.fromEnvironment);
        QCOMPARE(r.optionsJson, o.toJson());
        ProfilingOptions back;
        const auto problems = ProfilingOptions::parse(r.optionsJson, &back);
        QVERIFY(problems.empty());
        QCOMPARE(back, o);
        // The options sit on a line of their own in both forms.
        QVERIFY(code.split('\n').at(r.line - 1).contains("profiling_options"));
    }
};

QTEST_GUILESS_MAIN(TestOptionsScript)
#include "test_options_script.moc"
