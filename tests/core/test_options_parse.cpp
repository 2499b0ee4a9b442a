#include "tests/test_data.h"
#include "core/options/profiling_options.h"

#include <QFile>
#include <QRegularExpression>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace npuscope;

namespace {

// A JSON string literal (with quotes) for s, escaped by Qt.
QByteArray jstr(const QString &s)
{
    const QByteArray a = QJsonDocument(QJsonArray{s}).toJson(QJsonDocument::Compact);
    return a.mid(1, a.size() - 2);
}

QByteArray one(const QString &key, const QByteArray &rawValue)
{
    return '{' + jstr(key) + ':' + rawValue + '}';
}

QString describe(const std::vector<OptionProblem> &ps)
{
    QStringList out;
    for (const auto &p : ps)
        out << QStringLiteral("[%1|%2|%3]").arg(p.key, p.value, p.message);
    return out.join(QLatin1Char(' '));
}

const QByteArray kSeedEstimator = "{\"output\":\"/tmp/profiling\",\"training_trace\":\"on\",\"fp_point\":\"\",\"bp_point\":\"\"}";
const QByteArray kSeedSessRun = "{\"output\":\"/tmp/profiling\",\"task_trace\":\"on\",\"aic_metrics\":\"PipeUtilization\"}";

QByteArray withKey(QByteArray json, const QByteArray &member)
{
    json.chop(1);
    return json + ',' + member + '}';
}

} // namespace

class TestOptionsParse : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        NPUSCOPE_REQUIRE_DATA(testdata::doc(QStringLiteral("profiling-options.md")), testdata::doc(QStringLiteral("formats.md")));
    }

    void validValue_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("written"); // what toJson writes back for it

        const auto row = [](const QString &k, const QString &v, const QString &w = QString()) {
            QTest::addRow("%s=%s", qPrintable(k), qPrintable(v.left(40))) << k << v << (w.isNull() ? v : w);
        };
        row("output", "/tmp/profiling");
        row("output", "/home/user/my prof/run-1_(a)");
        row("output", "/" + QString(1023, 'a'));
        row("output", QString::fromUtf8("/数据/性能"));
        row("storage_limit", "200MB");
        row("storage_limit", "1024MB");
        row("storage_limit", "4294967295MB");
        row("storage_limit", "0000000200MB", "200MB");
        for (const char *k : {"training_trace", "task_trace", "l2", "hccl", "aicpu", "msproftx", "runtime_api"}) {
            row(k, "on");
            row(k, "off");
        }
        row("task_time", "on");
        row("task_time", "off");
        row("task_time", "l0");
        row("task_time", "l1", "on");
        row("fp_point", "");
        row("fp_point", "resnet_model/conv2d/Conv2D");
        row("bp_point", "gradients/AddN_70");
        for (const char *m : {"ArithmeticUtilization", "PipeUtilization", "Memory", "MemoryL0", "MemoryUB",
                              "ResourceConflictRatio"}) {
            row("aic_metrics", m);
            row("aiv_metrics", m);
        }
        const struct { const char *k; int lo, hi; } ranges[] = {
            {"sys_hardware_mem_freq", 1, 100}, {"sys_io_sampling_freq", 1, 100},
            {"sys_interconnection_freq", 1, 50}, {"dvpp_freq", 1, 100},
            {"host_sys_usage_freq", 1, 50}, {"instr_profiling_freq", 300, 30000},
        };
        for (const auto &r : ranges) {
            row(r.k, QString::number(r.lo));
            row(r.k, QString::number(r.hi));
            row(r.k, QString::number((r.lo + r.hi) / 2));
        }
        for (const char *k : {"host_sys", "host_sys_usage"}) {
            row(k, "cpu");
            row(k, "mem");
            row(k, "cpu,mem");
            row(k, "mem,cpu");
        }
        row("llc_profiling", "read");
        row("llc_profiling", "write");
        row("power", "");
        row("power", "anything at all");
    }
    void validValue()
    {
        QFETCH(QString, key);
        QFETCH(QString, value);
        QFETCH(QString, written);
        ProfilingOptions o;
        const auto problems = ProfilingOptions::parse(one(key, jstr(value)), &o);
        QVERIFY2(problems.empty(), qPrintable(describe(problems)));
        QCOMPARE(o.presentKeys, QStringList{key});
        QCOMPARE(o.toJson(), one(key, jstr(written)));
    }

    void fieldsAreSet()
    {
        ProfilingOptions o;
        const QByteArray json = "{\"output\":\"/o\",\"storage_limit\":\"500MB\",\"training_trace\":\"on\",\"task_trace\":\"off\","
                                "\"task_time\":\"l0\",\"l2\":\"on\",\"hccl\":\"on\",\"aicpu\":\"on\",\"fp_point\":\"fp\",\"bp_point\":\"bp\","
                                "\"aic_metrics\":\"MemoryUB\",\"msproftx\":\"on\",\"runtime_api\":\"on\",\"aiv_metrics\":\"Memory\","
                                "\"sys_hardware_mem_freq\":\"11\",\"sys_io_sampling_freq\":\"12\",\"sys_interconnection_freq\":\"13\","
                                "\"dvpp_freq\":\"14\",\"host_sys\":\"cpu,mem\",\"host_sys_usage\":\"mem\",\"host_sys_usage_freq\":\"15\","
                                "\"llc_profiling\":\"write\",\"power\":\"p\"}";
        const auto problems = ProfilingOptions::parse(json, &o);
        QVERIFY2(problems.empty(), qPrintable(describe(problems)));
        QCOMPARE(o.output, QStringLiteral("/o"));
        QCOMPARE(o.storageLimitMB, std::optional<std::uint64_t>(500));
        QCOMPARE(o.trainingTrace, Switch::On);
        QCOMPARE(o.taskTrace, Switch::Off);
        QCOMPARE(o.taskTime, TaskTimeLevel::L0);
        QCOMPARE(o.l2, Switch::On);
        QCOMPARE(o.hccl, Switch::On);
        QCOMPARE(o.aicpu, Switch::On);
        QCOMPARE(o.fpPoint, QStringLiteral("fp"));
        QCOMPARE(o.bpPoint, QStringLiteral("bp"));
        QCOMPARE(o.aicMetrics, AicMetrics::MemoryUB);
        QCOMPARE(o.msproftx, Switch::On);
        QCOMPARE(o.runtimeApi, Switch::On);
        QCOMPARE(o.aivMetrics, AicMetrics::Memory);
        QCOMPARE(o.sysHardwareMemFreq, 11);
        QCOMPARE(o.sysIoSamplingFreq, 12);
        QCOMPARE(o.sysInterconnectionFreq, 13);
        QCOMPARE(o.dvppFreq, 14);
        QCOMPARE(o.hostSys, (QStringList{"cpu", "mem"}));
        QCOMPARE(o.hostSysUsage, QStringList{"mem"});
        QCOMPARE(o.hostSysUsageFreq, 15);
        QCOMPARE(o.llcProfiling, QStringLiteral("write"));
        QCOMPARE(o.power, QStringLiteral("p"));
        QVERIFY(!o.instrProfilingFreq);
        QVERIFY(!o.taskTimingOn());
        QCOMPARE(o.presentKeys.size(), 23);
        QCOMPARE(o.presentKeys, profilingOptionKeys().mid(0, 22) + QStringList{"power"});

        ProfilingOptions d;
        QVERIFY(ProfilingOptions::parse("{}", &d).empty());
        QCOMPARE(d, ProfilingOptions{});
        QVERIFY(d.taskTimingOn());
        QVERIFY(d.presentKeys.isEmpty());
    }

    void invalidValue_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QByteArray>("raw");      // the JSON value text
        QTest::addColumn<QString>("value");       // expected OptionProblem::value
        QTest::addColumn<QString>("contains");    // expected in the message

        const auto str = [](const QString &k, const QString &v, const QString &msg) {
            QTest::addRow("%s=\"%s\"", qPrintable(k), qPrintable(v.left(30))) << k << jstr(v) << v << msg;
        };
        // The spec's own wording for a bad switch, verbatim.
        str("training_trace", "yes", "training_trace must be \"on\" or \"off\", got \"yes\"");
        for (const char *k : {"task_trace", "l2", "hccl", "aicpu", "msproftx", "runtime_api"}) {
            str(k, "ON", QStringLiteral("%1 must be \"on\" or \"off\", got \"ON\"").arg(k));
            str(k, "", QStringLiteral("%1 must be \"on\" or \"off\", got \"\"").arg(k));
            str(k, "true", QStringLiteral("%1 must be \"on\" or \"off\"").arg(k));
        }
        str("task_time", "l2", "task_time must be \"on\", \"off\", \"l0\" or \"l1\", got \"l2\"");
        str("task_time", "L1", "got \"L1\"");
        str("aic_metrics", "pipeutilization", "aic_metrics must be one of ArithmeticUtilization, PipeUtilization");
        str("aic_metrics", "", "got \"\"");
        str("aiv_metrics", "Foo", "aiv_metrics must be one of");

        str("output", "", "Result path is empty");
        str("output", "/" + QString(1024, 'a'), "at most 1024");

        str("storage_limit", "xxMB", "only digits followed by \"MB\"");
        str("storage_limit", "199MB", "min value is 200MB");
        str("storage_limit", "0MB", "min value is 200MB");
        str("storage_limit", "4294967296MB", "max value is 4294967295MB");
        str("storage_limit", "9999999999MB", "max value is 4294967295MB");
        str("storage_limit", "12345678901MB", "more than 10 digits");
        str("storage_limit", "MB", "number of megabytes before \"MB\"");
        str("storage_limit", "1024", "must end in \"MB\"");
        str("storage_limit", "1024mb", "must end in \"MB\"");
        str("storage_limit", "1024MB ", "must end in \"MB\"");
        str("storage_limit", "1 024MB", "only digits");
        str("storage_limit", "-200MB", "only digits");
        str("storage_limit", "", "must end in \"MB\"");

        const struct { const char *k; int lo, hi; } ranges[] = {
            {"sys_hardware_mem_freq", 1, 100}, {"sys_io_sampling_freq", 1, 100},
            {"sys_interconnection_freq", 1, 50}, {"dvpp_freq", 1, 100},
            {"host_sys_usage_freq", 1, 50}, {"instr_profiling_freq", 300, 30000},
        };
        for (const auto &r : ranges) {
            const QString rule = QStringLiteral("%1 must be a whole number from %2 to %3").arg(r.k).arg(r.lo).arg(r.hi);
            str(r.k, QString::number(r.lo - 1), rule);
            str(r.k, QString::number(r.hi + 1), rule);
            str(r.k, "abc", rule);
            str(r.k, "", rule);
            str(r.k, "+50", rule);
            str(r.k, "50.0", rule);
            str(r.k, " 50", rule);
            str(r.k, "99999999999999999999", rule);
        }
        for (const char *k : {"host_sys", "host_sys_usage"}) {
            str(k, "gpu", QStringLiteral("%1 must be a comma-separated list of \"cpu\" and \"mem\"").arg(k));
            str(k, "", "comma-separated list");
            str(k, "cpu,", "comma-separated list");
            str(k, "cpu, mem", "comma-separated list");
            str(k, "cpu,cpu", "lists \"cpu\" more than once");
        }
        str("llc_profiling", "READ", "llc_profiling must be \"read\" or \"write\", got \"READ\"");
        str("llc_profiling", "", "got \"\"");

        // Bare JSON values instead of strings.
        const auto bare = [](const QString &k, const QByteArray &raw) {
            QTest::addRow("%s=%s (bare)", qPrintable(k), raw.constData())
                << k << raw << QString::fromUtf8(raw) << QStringLiteral("%1 must be a string").arg(k);
        };
        bare("training_trace", "true");
        bare("l2", "false");
        bare("sys_hardware_mem_freq", "100");
        bare("instr_profiling_freq", "1000");
        bare("storage_limit", "1024");
        bare("output", "null");
        bare("aic_metrics", "[\"Memory\"]");
        bare("power", "{\"a\":1}");

        QTest::addRow("unknown key") << "outputs" << jstr("/tmp") << "/tmp" << "unknown key \"outputs\"";
        QTest::addRow("unknown key case") << "Output" << jstr("/tmp") << "/tmp" << "unknown key \"Output\"";
        QTest::addRow("unknown key bare value") << "profiling_mode" << QByteArray("true") << "true"
                                                << "unknown key \"profiling_mode\"";
    }
    void invalidValue()
    {
        QFETCH(QString, key);
        QFETCH(QByteArray, raw);
        QFETCH(QString, value);
        QFETCH(QString, contains);
        ProfilingOptions o;
        const auto problems = ProfilingOptions::parse(one(key, raw), &o);
        QVERIFY2(problems.size() == 1, qPrintable(describe(problems)));
        QCOMPARE(problems[0].key, key);
        QCOMPARE(problems[0].value, value);
        QVERIFY2(problems[0].message.contains(contains), qPrintable(problems[0].message));
        // The bad value never leaks into the options.
        ProfilingOptions defaults;
        defaults.presentKeys = o.presentKeys;
        QCOMPARE(o, defaults);
    }

    void forbiddenOutputCharacters_data()
    {
        QTest::addColumn<QString>("ch");
        QTest::addColumn<QString>("named");
        QTest::newRow("newline") << "\n" << "\\n";
        QTest::newRow("form feed") << "\f" << "\\f";
        QTest::newRow("carriage return") << "\r" << "\\r";
        QTest::newRow("backspace") << "\b" << "\\b";
        QTest::newRow("tab") << "\t" << "\\t";
        QTest::newRow("vertical tab") << "\v" << "\\v";
        QTest::newRow("DEL") << QString(QChar(0x7f)) << "DEL";
        for (const char *c : {"\"", "'", "\\", "%", ">", "<", "|", "&", "$", ";", "`"})
            QTest::newRow(c) << c << c;
    }
    void forbiddenOutputCharacters()
    {
        QFETCH(QString, ch);
        QFETCH(QString, named);
        const QString path = "/tmp/a" + ch + "b";
        ProfilingOptions o;
        const auto problems = ProfilingOptions::parse(one("output", jstr(path)), &o);
        QVERIFY2(problems.size() == 1, qPrintable(describe(problems)));
        QCOMPARE(problems[0].key, QStringLiteral("output"));
        QCOMPARE(problems[0].value, path);
        QVERIFY2(problems[0].message.contains("must not contain"), qPrintable(problems[0].message));
        // The character is named after the fixed part of the message.
        const QString tail = problems[0].message.mid(problems[0].message.indexOf("must not contain"));
        QVERIFY2(tail.contains(named), qPrintable(problems[0].message));
        QVERIFY(o.output.isEmpty());
    }
    void forbiddenCharactersAllNamedOnce()
    {
        const auto problems = ProfilingOptions::parse(one("output", jstr("/a$b;c$d\te")), nullptr);
        QCOMPARE(problems.size(), size_t(1));
        const QString tail = problems[0].message.mid(problems[0].message.indexOf("must not contain"));
        QVERIFY(tail.contains('$'));
        QVERIFY(tail.contains(';'));
        QVERIFY(tail.contains("\\t"));
        QCOMPARE(tail.count('$'), 1);
    }

    void allProblemsAtOnce()
    {
        const QByteArray json = "{\"training_trace\":\"yes\",\"output\":\"\",\"storage_limit\":\"xxMB\",\"foo\":\"1\","
                                "\"l2\":true,\"dvpp_freq\":\"0\",\"task_trace\":\"on\",\"host_sys\":\"gpu\"}";
        ProfilingOptions o;
        const auto problems = ProfilingOptions::parse(json, &o);
        QStringList keys;
        for (const auto &p : problems)
            keys << p.key;
        QCOMPARE(keys, (QStringList{"training_trace", "output", "storage_limit", "foo", "l2", "dvpp_freq", "host_sys"}));
        QCOMPARE(problems[4].value, QStringLiteral("true"));
        // What was valid is still understood.
        QCOMPARE(o.taskTrace, Switch::On);
        QCOMPARE(o.presentKeys, (QStringList{"training_trace", "output", "storage_limit", "l2", "dvpp_freq",
                                             "task_trace", "host_sys"}));
    }

    void syntaxAndShape_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("contains");
        QTest::newRow("trailing comma") << QByteArray("{\"output\":\"/tmp\",}") << "at offset ";
        QTest::newRow("missing colon") << QByteArray("{\"output\" \"/tmp\"}") << "offset";
        QTest::newRow("unterminated") << QByteArray("{\"output\":\"/tmp") << "offset";
        QTest::newRow("single quotes") << QByteArray("{'output':'/tmp'}") << "not valid JSON";
        QTest::newRow("array") << QByteArray("[\"output\"]") << "must be a JSON object";
        QTest::newRow("string") << QByteArray("\"output\"") << "must be a JSON object";
        QTest::newRow("number") << QByteArray("42") << "must be a JSON object";
        QTest::newRow("key=value") << QByteArray("output=/tmp") << "must be a JSON object";
        QTest::newRow("empty") << QByteArray("") << "empty";
        QTest::newRow("blank") << QByteArray(" \n ") << "empty";
    }
    void syntaxAndShape()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, contains);
        ProfilingOptions o;
        o.output = "stale";
        const auto problems = ProfilingOptions::parse(json, &o);
        QVERIFY2(problems.size() == 1, qPrintable(describe(problems)));
        QVERIFY(problems[0].key.isEmpty());
        QVERIFY2(problems[0].message.contains(contains), qPrintable(problems[0].message));
        QCOMPARE(o, ProfilingOptions{});
    }

    void duplicateKeys()
    {
        ProfilingOptions o;
        const auto problems = ProfilingOptions::parse("{\"output\":\"/a\",\"l2\":\"on\",\"output\":\"/b\"}", &o);
        QVERIFY2(problems.size() == 1, qPrintable(describe(problems)));
        QCOMPARE(problems[0].key, QStringLiteral("output"));
        QCOMPARE(problems[0].value, QStringLiteral("/b"));
        QVERIFY(problems[0].message.contains("more than once"));
        QCOMPARE(o.presentKeys, (QStringList{"output", "l2"}));
        // Both occurrences are validated.
        const auto twoBad = ProfilingOptions::parse("{\"l2\":\"x\",\"l2\":\"y\"}", nullptr);
        QCOMPARE(twoBad.size(), size_t(3));
    }

    void presentKeysKeepOrder()
    {
        ProfilingOptions o;
        QVERIFY(ProfilingOptions::parse("{\"power\":\"1\",\"l2\":\"on\",\"output\":\"/x\",\"aicpu\":\"off\"}", &o).empty());
        QCOMPARE(o.presentKeys, (QStringList{"power", "l2", "output", "aicpu"}));
        // Written back in spec order; still equal after the round trip.
        QCOMPARE(o.toJson(), QByteArray("{\"output\":\"/x\",\"l2\":\"on\",\"aicpu\":\"off\",\"power\":\"1\"}"));
        ProfilingOptions back;
        QVERIFY(ProfilingOptions::parse(o.toJson(), &back).empty());
        QCOMPARE(back, o);
        // presentKeys still matter: an explicit default is written, an absent one is not.
        ProfilingOptions bare;
        QVERIFY(ProfilingOptions::parse("{\"output\":\"/x\",\"l2\":\"on\",\"power\":\"1\"}", &bare).empty());
        QVERIFY(!(bare == o));
    }

    // docs/profiling-options.md is the project's statement of the accepted keys: its table
    // lists exactly the keys the parser knows, in the order toJson writes them.
    void docsKeyTableIsTheParsersKeys()
    {
        QFile f(testdata::doc(QStringLiteral("profiling-options.md")));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QStringList lines = QString::fromUtf8(f.readAll()).split(u'\n');
        static const QRegularExpression row(QStringLiteral("^\\| `([a-z0-9_]+)` \\|"));
        QStringList documented;
        bool inKeys = false;
        for (const QString &l : lines) {
            if (l.startsWith(QStringLiteral("## ")))
                inKeys = l == QStringLiteral("## The keys");
            if (const auto m = row.match(l); inKeys && m.hasMatch())
                documented << m.captured(1);
        }
        QCOMPARE(documented, profilingOptionKeys());
    }

    void seedExamples_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::newRow("estimator") << kSeedEstimator;
        QTest::newRow("sess.run") << kSeedSessRun;
    }
    void seedExamples()
    {
        QFETCH(QByteArray, json);
        // The examples are the spec's own text.
        QFile spec(testdata::doc(QStringLiteral("profiling-options.md")));
        QVERIFY(spec.open(QIODevice::ReadOnly));
        QVERIFY(spec.readAll().contains(json));

        ProfilingOptions o;
        auto problems = ProfilingOptions::parse(json, &o);
        QVERIFY2(problems.empty(), qPrintable(describe(problems)));
        QCOMPARE(o.output, QStringLiteral("/tmp/profiling"));

        problems = ProfilingOptions::parse(withKey(json, "\"storage_limit\":\"2048MB\""), &o);
        QVERIFY2(problems.empty(), qPrintable(describe(problems)));
        QCOMPARE(o.storageLimitMB, std::optional<std::uint64_t>(2048));

        // The seed's literal "xxMB" is a clear, single error, not a crash or a default.
        problems = ProfilingOptions::parse(withKey(json, "\"storage_limit\":\"xxMB\""), &o);
        QVERIFY2(problems.size() == 1, qPrintable(describe(problems)));
        QCOMPARE(problems[0].key, QStringLiteral("storage_limit"));
        QCOMPARE(problems[0].value, QStringLiteral("xxMB"));
        QVERIFY(problems[0].message.contains("xxMB"));
        QVERIFY(problems[0].message.contains("digits"));
        QVERIFY(!o.storageLimitMB);
    }

    void instrProfilingExclusive_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("value");
        QTest::newRow("task_time") << "task_time" << "on";
        QTest::newRow("task_trace") << "task_trace" << "off";
        QTest::newRow("training_trace") << "training_trace" << "on";
        QTest::newRow("aicpu") << "aicpu" << "on";
        QTest::newRow("l2") << "l2" << "off";
        QTest::newRow("hccl") << "hccl" << "on";
        QTest::newRow("runtime_api") << "runtime_api" << "on";
        QTest::newRow("aic_metrics") << "aic_metrics" << "Memory";
        QTest::newRow("aiv_metrics") << "aiv_metrics" << "MemoryL0";
    }
    void instrProfilingExclusive()
    {
        QFETCH(QString, key);
        QFETCH(QString, value);
        const QByteArray json = "{\"output\":\"/tmp\",\"instr_profiling_freq\":\"1000\"," + jstr(key) + ':' + jstr(value)
                                + ",\"msproftx\":\"on\"}";
        const auto problems = ProfilingOptions::parse(json, nullptr);
        QVERIFY2(problems.size() == 1, qPrintable(describe(problems)));
        QCOMPARE(problems[0].key, key);
        QCOMPARE(problems[0].value, value);
        QVERIFY(problems[0].message.contains("instr_profiling_freq"));
        QVERIFY(problems[0].message.contains(key));
        // Without instr_profiling_freq the same key is fine.
        QVERIFY(ProfilingOptions::parse(one(key, jstr(value)), nullptr).empty());
    }
    void instrProfilingExclusiveReportsEachKey()
    {
        ProfilingOptions o;
        const auto problems = ProfilingOptions::parse(
            "{\"l2\":\"on\",\"instr_profiling_freq\":\"500\",\"task_trace\":\"on\",\"output\":\"/x\",\"aic_metrics\":\"Memory\"}", &o);
        QStringList keys;
        for (const auto &p : problems)
            keys << p.key;
        QCOMPARE(keys, (QStringList{"l2", "task_trace", "aic_metrics"}));
        QVERIFY(ProfilingOptions::parse("{\"output\":\"/x\",\"instr_profiling_freq\":\"500\",\"msproftx\":\"on\"}", &o).empty());
        QCOMPARE(o.instrProfilingFreq, std::optional<int>(500));
    }

    void roundTrip_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::newRow("empty object") << QByteArray("{}");
        QTest::newRow("seed estimator") << kSeedEstimator;
        QTest::newRow("seed sess.run") << kSeedSessRun;
        QTest::newRow("defaults written explicitly")
            << QByteArray("{\"task_trace\":\"on\",\"task_time\":\"on\",\"aic_metrics\":\"PipeUtilization\",\"llc_profiling\":\"read\",\"dvpp_freq\":\"50\"}");
        QTest::newRow("everything")
            << QByteArray("{\"output\":\"/o\",\"storage_limit\":\"500MB\",\"training_trace\":\"on\",\"task_trace\":\"off\","
                          "\"task_time\":\"l0\",\"l2\":\"on\",\"hccl\":\"on\",\"aicpu\":\"on\",\"fp_point\":\"fp\",\"bp_point\":\"bp\","
                          "\"aic_metrics\":\"MemoryUB\",\"msproftx\":\"on\",\"runtime_api\":\"on\",\"aiv_metrics\":\"Memory\","
                          "\"sys_hardware_mem_freq\":\"11\",\"sys_io_sampling_freq\":\"12\",\"sys_interconnection_freq\":\"13\","
                          "\"dvpp_freq\":\"14\",\"host_sys\":\"cpu,mem\",\"host_sys_usage\":\"mem\",\"host_sys_usage_freq\":\"15\","
                          "\"llc_profiling\":\"write\",\"power\":\"p\"}");
        QTest::newRow("instr") << QByteArray("{\"output\":\"/i\",\"instr_profiling_freq\":\"30000\",\"power\":\"\"}");
        QTest::newRow("escapes and unicode")
            << QByteArray("{\"fp_point\":\"a\\\"b\\\\c'd\\u00e9\\u5c42\\n\",\"output\":\"/data/\\u6570\\u636e\"}");
        QTest::newRow("reordered") << QByteArray("{\"aicpu\":\"on\",\"output\":\"/r\",\"training_trace\":\"on\"}");
    }
    void roundTrip()
    {
        QFETCH(QByteArray, json);
        ProfilingOptions a;
        auto problems = ProfilingOptions::parse(json, &a);
        QVERIFY2(problems.empty(), qPrintable(describe(problems)));
        const QByteArray written = a.toJson();
        QVERIFY(!written.contains(' ') || a.power.contains(' '));
        QVERIFY(!written.contains('\n'));
        ProfilingOptions b;
        problems = ProfilingOptions::parse(written, &b);
        QVERIFY2(problems.empty(), qPrintable(describe(problems)));
        QCOMPARE(b, a);
        QCOMPARE(b.toJson(), written);
        // Keys come out in the spec's order.
        int last = -1;
        for (const QString &k : b.presentKeys) {
            const int at = profilingOptionKeys().indexOf(k);
            QVERIFY(at > last);
            last = at;
        }
        QCOMPARE(QSet<QString>(b.presentKeys.begin(), b.presentKeys.end()),
                 QSet<QString>(a.presentKeys.begin(), a.presentKeys.end()));
    }
    void roundTripOfBuiltOptions()
    {
        ProfilingOptions o{.output = "/built", .storageLimitMB = 4294967295ull,
                           .taskTime = TaskTimeLevel::Off, .aicMetrics = AicMetrics::ResourceConflictRatio,
                           .hostSys = QStringList{"mem", "cpu"}};
        o.sysInterconnectionFreq = 1;
        o.fpPoint = QString::fromUtf8("层'\"\\");
        const QByteArray json = o.toJson();
        QVERIFY(json.startsWith(QByteArray("{\"output\":\"/built\",\"storage_limit\":\"4294967295MB\",\"task_time\":\"off\",\"fp_point\":")));
        ProfilingOptions back;
        const auto problems = ProfilingOptions::parse(json, &back);
        QVERIFY2(problems.empty(), qPrintable(describe(problems)));
        QCOMPARE(back, o);
        QCOMPARE(back.fpPoint, o.fpPoint);
        QCOMPARE(back.presentKeys,
                 (QStringList{"output", "storage_limit", "task_time", "fp_point", "aic_metrics",
                              "sys_interconnection_freq", "host_sys"}));
        QVERIFY(!(back == ProfilingOptions{}));
    }

    void optionsWithoutData()
    {
        ProfilingOptions o;
        QVERIFY(ProfilingOptions::parse("{\"output\":\"/x\",\"l2\":\"on\",\"dvpp_freq\":\"10\",\"power\":\"x\","
                                        "\"aiv_metrics\":\"Memory\",\"host_sys\":\"cpu\",\"sys_hardware_mem_freq\":\"50\"}", &o)
                    .empty());
        const QStringList s = o.optionsWithoutData();
        QCOMPARE(s.size(), 5);
        QVERIFY(s[0].contains("aiv_metrics") && s[0].contains("Memory"));
        QVERIFY(s[1].contains("sys_hardware_mem_freq") && s[1].contains("\"50\""));
        QVERIFY(s[2].contains("dvpp_freq"));
        QVERIFY(s[3].contains("host_sys"));
        QVERIFY(s[4].contains("power"));
        for (const QString &line : s)
            QVERIFY(line.contains("no data"));

        ProfilingOptions plain;
        QVERIFY(ProfilingOptions::parse(kSeedEstimator, &plain).empty());
        QVERIFY(plain.optionsWithoutData().isEmpty());

        ProfilingOptions built{.llcProfiling = "write", .instrProfilingFreq = 1000};
        const QStringList b = built.optionsWithoutData();
        QCOMPARE(b.size(), 2);
        QVERIFY(b[0].contains("llc_profiling"));
        QVERIFY(b[1].contains("instr_profiling_freq"));
    }

    void aicMetricsGroups()
    {
        const AicMetrics all[] = {AicMetrics::ArithmeticUtilization, AicMetrics::PipeUtilization, AicMetrics::Memory,
                                  AicMetrics::MemoryL0, AicMetrics::MemoryUB, AicMetrics::ResourceConflictRatio};
        QFile f(testdata::doc(QStringLiteral("formats.md")));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString spec = QString::fromUtf8(f.readAll());
        for (AicMetrics m : all) {
            AicMetrics back{};
            QVERIFY(aicMetricsFromName(aicMetricsName(m), &back));
            QCOMPARE(back, m);
            // The spec's table row for the group, columns verbatim.
            const QString prefix = "| " + aicMetricsName(m) + " | ";
            const qsizetype at = spec.indexOf(prefix);
            QVERIFY2(at >= 0, qPrintable(aicMetricsName(m)));
            const qsizetype start = at + prefix.size();
            const QString cols = spec.mid(start, spec.indexOf(" |", start) - start);
            QCOMPARE(aicMetricsColumns(m).join(','), cols);
        }
        QCOMPARE(aicMetricsColumns(AicMetrics::PipeUtilization).size(), 14);
        QCOMPARE(aicMetricsColumns(AicMetrics::PipeUtilization).last(), QStringLiteral("memory_bound"));
        QCOMPARE(aicMetricsColumns(AicMetrics::ResourceConflictRatio).size(), 3);
        AicMetrics unused{};
        QVERIFY(!aicMetricsFromName("Pipeutilization", &unused));
        QVERIFY(!aicMetricsFromName("", &unused));
    }
};

QTEST_GUILESS_MAIN(TestOptionsParse)
#include "test_options_parse.moc"
