// The torch_npu profiler config: every check of torch_npu (the warn-and-correct ones with
// the value torch_npu goes on with, the ones that stop Python as errors), the JSON form,
// the generated Python and reading the call back out of training scripts.
#include "core/options/torch_profiler_config.h"

#include <QTest>

#include <algorithm>

using namespace npuscope::torchcfg;

namespace {

using Severity = ConfigProblem::Severity;

QString describe(const std::vector<ConfigProblem> &problems)
{
    QStringList s;
    for (const ConfigProblem &p : problems)
        s << QStringLiteral("[%1] %2=%3: %4").arg(int(p.severity)).arg(p.key, p.value, p.message);
    return s.join(QLatin1Char('\n'));
}

const ConfigProblem *find(const std::vector<ConfigProblem> &problems, const QString &key, Severity severity)
{
    for (const ConfigProblem &p : problems)
        if (p.key == key && p.severity == severity)
            return &p;
    return nullptr;
}

TorchProfilerConfig parsed(const QByteArray &json)
{
    TorchProfilerConfig c;
    const auto problems = TorchProfilerConfig::parse(json, &c);
    if (hasErrors(problems))
        qWarning("%s", qPrintable(describe(problems)));
    return c;
}

// Configs that use every parameter in some combination; each must survive JSON and Python.
const char *const kRoundTrip[] = {
    "{}",
    "{\"activities\":[\"CPU\",\"NPU\"],\"schedule\":{\"wait\":0,\"warmup\":1,\"active\":2,\"repeat\":1},"
    "\"record_shapes\":true,\"experimental_config\":{\"profiler_level\":\"Level1\",\"aic_metrics\":"
    "\"PipeUtilization\",\"export_type\":\"text\"}}",
    "{\"activities\":[\"NPU\"],\"schedule\":{\"wait\":2,\"warmup\":1,\"active\":3,\"repeat\":2,\"skip_first\":10,"
    "\"skip_first_wait\":1},\"on_trace_ready\":{\"dir_name\":\"./prof \\\"result\\\"\\n2\",\"worker_name\":\"rank0\","
    "\"analyse_flag\":false,\"async_mode\":true},\"profile_memory\":true,\"with_stack\":true,\"with_flops\":true,"
    "\"with_modules\":true,\"experimental_config\":{\"profiler_level\":\"Level2\",\"aic_metrics\":\"L2Cache\","
    "\"l2_cache\":true,\"mstx\":true,\"data_simplification\":false,\"record_op_args\":true,\"op_attr\":true,"
    "\"gc_detect_threshold\":0.5,\"export_type\":[\"db\",\"text\"],\"host_sys\":[\"numa\",\"cpu\",\"osrt\"],"
    "\"mstx_domain_include\":[\"train\",\"comm's\"],\"sys_io\":true,\"sys_interconnection\":true}}",
    "{\"activities\":[\"CPU\"],\"on_trace_ready\":{},\"experimental_config\":{\"profiler_level\":\"Level_none\","
    "\"msprof_tx\":true,\"mstx_domain_exclude\":[\"noise\"],\"export_type\":\"db\",\"gc_detect_threshold\":3}}",
    "{\"experimental_config\":{\"profiler_level\":\"Level1\",\"aic_metrics\":\"AiCoreNone\"}}",
    "{\"schedule\":{\"wait\":1,\"warmup\":1,\"active\":1},\"experimental_config\":{\"profiler_level\":\"Level2\","
    "\"aic_metrics\":\"MemoryAccess\",\"gc_detect_threshold\":0}}",
};

} // namespace

class TestOptionsTorch : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void issueExampleIsValidAsIs()
    {
        TorchProfilerConfig c;
        const auto problems = TorchProfilerConfig::parse(
            R"({"activities":["CPU","NPU"],"schedule":{"wait":0,"warmup":1,"active":2,"repeat":1},)"
            R"("record_shapes":true,"experimental_config":{"profiler_level":"Level1",)"
            R"("aic_metrics":"PipeUtilization","export_type":"text"}})",
            &c);
        QVERIFY2(problems.empty(), qPrintable(describe(problems)));
        QVERIFY(c.hasActivity(Activity::CPU) && c.hasActivity(Activity::NPU));
        QVERIFY(c.schedule.has_value());
        QCOMPARE(c.schedule->wait, 0);
        QCOMPARE(c.schedule->warmup, 1);
        QCOMPARE(c.schedule->active, 2);
        QCOMPARE(c.schedule->repeat, 1);
        QVERIFY(c.recordShapes);
        QVERIFY(!c.profileMemory);
        QCOMPARE(c.experimentalConfig.profilerLevel, ProfilerLevel::Level1);
        QCOMPARE(c.experimentalConfig.aicMetrics, AicMetrics::PipeUtilization);
        QCOMPARE(c.experimentalConfig.exportType, std::vector<ExportType>{ExportType::Text});
    }

    void defaultsAreTorchNpus()
    {
        TorchProfilerConfig c;
        QVERIFY(TorchProfilerConfig::parse("{}", &c).empty());
        QVERIFY(c.hasActivity(Activity::CPU) && c.hasActivity(Activity::NPU));
        QVERIFY(!c.schedule && !c.onTraceReady);
        const ExperimentalConfig &e = c.experimentalConfig;
        QCOMPARE(e.profilerLevel, ProfilerLevel::Level0);
        // PipeUtilization is the constructor default, reset at Level0.
        QCOMPARE(e.aicMetrics, AicMetrics::AiCoreNone);
        QVERIFY(e.dataSimplification);
        QVERIFY(!e.l2Cache && !e.mstx && !e.msprofTx && !e.opAttr && !e.recordOpArgs && !e.gcDetectThreshold);
        QCOMPARE(c.toJson(), QByteArray("{}"));
        QVERIFY(generatePythonCode(c).contains(QStringLiteral("with torch_npu.profiler.profile() as prof:\n")));
        QVERIFY(!generatePythonCode(c).contains(QStringLiteral("_ExperimentalConfig")));
        // An empty activities list means every supported activity, like None.
        QVERIFY(TorchProfilerConfig::parse(R"({"activities":[],"experimental_config":null,"schedule":null})", &c).empty());
        QCOMPARE(c, TorchProfilerConfig{});
    }

    void enumsByNameOrValue()
    {
        const TorchProfilerConfig a = parsed(R"({"activities":["npu","cpu"],"experimental_config":{"profiler_level":"Level2","aic_metrics":"ACL_AICORE_MEMORY_UB"}})");
        QCOMPARE(a.experimentalConfig.aicMetrics, AicMetrics::MemoryUB);
        QVERIFY(a.hasActivity(Activity::CPU) && a.hasActivity(Activity::NPU));
        const TorchProfilerConfig b = parsed(R"({"experimental_config":{"profiler_level":"Level2","aic_metrics":"MemoryUB"}})");
        QCOMPARE(a, b);
    }

    // One row per check: the JSON, the key and severity torch_npu's check reports, and the
    // config it then runs with (as JSON; "" when the call fails and nothing runs).
    void rules_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("key");
        QTest::addColumn<int>("severity");
        QTest::addColumn<QByteArray>("result");
        const int E = int(Severity::Error), W = int(Severity::Warning), N = int(Severity::Note);
        auto row = [](const char *name, const char *json, const char *key, int sev, const char *result) {
            QTest::newRow(name) << QByteArray(json) << QString::fromLatin1(key) << sev << QByteArray(result);
        };
        // Where Python stops.
        row("not json", "{\"record_shapes\":", "", E, "");
        row("not an object", "[\"CPU\"]", "", E, "");
        row("unknown profile parameter", R"({"schedul":{"wait":0,"active":1}})", "schedul", E, "");
        row("unknown schedule parameter", R"({"schedule":{"wait":0,"active":1,"cycles":2}})", "schedule.cycles", E, "");
        row("schedule without wait", R"({"schedule":{"warmup":1,"active":1}})", "schedule.wait", E, "");
        row("schedule without active", R"({"schedule":{"wait":1,"warmup":1}})", "schedule.active", E, "");
        row("unknown handler parameter", R"({"on_trace_ready":{"dir":"x"}})", "on_trace_ready.dir", E, "");
        row("unknown experimental parameter", R"({"experimental_config":{"level":"Level1"}})", "experimental_config.level", E, "");
        row("activities not a list", R"({"activities":"CPU"})", "activities", E, "");
        // _ProfInterface._check_params and profile.__init__.
        row("foreign activity", R"({"activities":["CPU","CUDA"]})", "activities", W, "{}");
        row("no NPU activity", R"({"activities":["CPU"]})", "activities", W, R"({"activities":["CPU"]})");
        row("gc without CPU", R"({"activities":["NPU"],"experimental_config":{"gc_detect_threshold":1}})",
            "experimental_config.gc_detect_threshold", W, R"({"activities":["NPU"],"experimental_config":{"gc_detect_threshold":1}})");
        for (const char *k : {"record_shapes", "profile_memory", "with_stack", "with_flops", "with_modules"}) {
            const QByteArray json = "{\"" + QByteArray(k) + "\":\"yes\"}";
            QTest::newRow(k) << json << QString::fromLatin1(k) << W << QByteArray("{}");
        }
        row("experimental_config not an object", R"({"experimental_config":5})", "experimental_config", W, "{}");
        row("use_cuda", R"({"use_cuda":true})", "use_cuda", W, "{}");
        // Schedule._check_params.
        row("schedule not an object", R"({"schedule":3})", "schedule", W, "{}");
        row("negative wait", R"({"schedule":{"wait":-1,"warmup":1,"active":2}})", "schedule.wait", W,
            R"({"schedule":{"wait":0,"warmup":1,"active":2}})");
        row("fractional wait", R"({"schedule":{"wait":1.5,"warmup":1,"active":2}})", "schedule.wait", W,
            R"({"schedule":{"wait":0,"warmup":1,"active":2}})");
        row("negative warmup", R"({"schedule":{"wait":1,"warmup":-2,"active":2}})", "schedule.warmup", W,
            R"({"schedule":{"wait":1,"warmup":0,"active":2}})");
        row("zero active", R"({"schedule":{"wait":1,"warmup":1,"active":0}})", "schedule.active", W,
            R"({"schedule":{"wait":1,"warmup":1,"active":1}})");
        row("negative repeat", R"({"schedule":{"wait":1,"warmup":1,"active":1,"repeat":-1}})", "schedule.repeat", W,
            R"({"schedule":{"wait":1,"warmup":1,"active":1}})");
        row("text skip_first", R"({"schedule":{"wait":1,"warmup":1,"active":1,"skip_first":"3"}})", "schedule.skip_first", W,
            R"({"schedule":{"wait":1,"warmup":1,"active":1}})");
        row("fractional skip_first_wait", R"({"schedule":{"wait":1,"warmup":1,"active":1,"skip_first_wait":0.5}})",
            "schedule.skip_first_wait", W, R"({"schedule":{"wait":1,"warmup":1,"active":1}})");
        row("no warmup", R"({"schedule":{"wait":1,"active":1}})", "schedule.warmup", W,
            R"({"schedule":{"wait":1,"warmup":0,"active":1}})");
        // ProfPathCreator.init and tensorboard_trace_handler.
        row("handler not an object", R"({"on_trace_ready":"./result"})", "on_trace_ready", W, "{}");
        row("empty worker name", R"({"on_trace_ready":{"worker_name":""}})", "on_trace_ready.worker_name", W,
            R"({"on_trace_ready":{}})");
        row("long worker name", QByteArray(R"({"on_trace_ready":{"worker_name":")" + QByteArray(226, 'w') + R"("}})")
            .constData(), "on_trace_ready.worker_name", W, R"({"on_trace_ready":{}})");
        row("numeric dir name", R"({"on_trace_ready":{"dir_name":5}})", "on_trace_ready.dir_name", W,
            R"({"on_trace_ready":{}})");
        row("text analyse_flag", R"({"on_trace_ready":{"analyse_flag":"no"}})", "on_trace_ready.analyse_flag", W,
            R"({"on_trace_ready":{}})");
        row("numeric async_mode", R"({"on_trace_ready":{"async_mode":1}})", "on_trace_ready.async_mode", W,
            R"({"on_trace_ready":{}})");
        // _ExperimentalConfig._check_params, in order.
        row("aic metrics at Level0", R"({"experimental_config":{"aic_metrics":"PipeUtilization"}})",
            "experimental_config.aic_metrics", W, "{}");
        row("aic metrics at Level_none", R"({"experimental_config":{"profiler_level":"Level_none","mstx":true,"aic_metrics":"Memory"}})",
            "experimental_config.aic_metrics", W, R"({"experimental_config":{"profiler_level":"Level_none","mstx":true}})");
        for (const char *k : {"l2_cache", "msprof_tx", "mstx", "record_op_args", "op_attr", "sys_io", "sys_interconnection"}) {
            const QByteArray json = "{\"experimental_config\":{\"" + QByteArray(k) + "\":1}}";
            QTest::newRow(k) << json << QStringLiteral("experimental_config.") + QLatin1String(k) << W << QByteArray("{}");
        }
        row("msprof_tx deprecated", R"({"experimental_config":{"msprof_tx":true}})", "experimental_config.msprof_tx", W,
            R"({"experimental_config":{"msprof_tx":true}})");
        row("Level_none without mstx", R"({"experimental_config":{"profiler_level":"Level_none"}})",
            "experimental_config.mstx", W, R"({"experimental_config":{"profiler_level":"Level_none","mstx":true}})");
        row("text data_simplification", R"({"experimental_config":{"data_simplification":"no"}})",
            "experimental_config.data_simplification", W, "{}");
        // The level check runs after the aic_metrics/level check, so aic_metrics survives.
        row("unknown level", R"({"experimental_config":{"profiler_level":"Level3"}})",
            "experimental_config.profiler_level", W, R"({"experimental_config":{"aic_metrics":"PipeUtilization"}})");
        row("unknown aic metrics at Level1", R"({"experimental_config":{"profiler_level":"Level1","aic_metrics":"Cube"}})",
            "experimental_config.aic_metrics", W, R"({"experimental_config":{"profiler_level":"Level1"}})");
        row("unknown aic metrics at Level0", R"({"experimental_config":{"aic_metrics":"Cube"}})",
            "experimental_config.aic_metrics", W, "{}");
        row("empty export type", R"({"experimental_config":{"export_type":""}})", "experimental_config.export_type", W, "{}");
        row("numeric export type", R"({"experimental_config":{"export_type":5}})", "experimental_config.export_type", W, "{}");
        row("nested export type", R"({"experimental_config":{"export_type":[["db"]]}})", "experimental_config.export_type", W, "{}");
        row("unknown export type", R"({"experimental_config":{"export_type":["db","csv"]}})",
            "experimental_config.export_type", W, "{}");
        row("op_attr with text", R"({"experimental_config":{"op_attr":true}})", "experimental_config.op_attr", W, "{}");
        row("text gc threshold", R"({"experimental_config":{"gc_detect_threshold":"5"}})",
            "experimental_config.gc_detect_threshold", W, "{}");
        row("negative gc threshold", R"({"experimental_config":{"gc_detect_threshold":-1}})",
            "experimental_config.gc_detect_threshold", W, "{}");
        row("zero gc threshold", R"({"experimental_config":{"gc_detect_threshold":0}})",
            "experimental_config.gc_detect_threshold", N, R"({"experimental_config":{"gc_detect_threshold":0}})");
        // _check_mstx_domain_params.
        row("domains without mstx", R"({"experimental_config":{"mstx_domain_include":["a"]}})",
            "experimental_config.mstx_domain_include", W, "{}");
        row("domain not a list", R"({"experimental_config":{"mstx":true,"mstx_domain_include":"a"}})",
            "experimental_config.mstx_domain_include", W, R"({"experimental_config":{"mstx":true}})");
        row("domain not a string", R"({"experimental_config":{"mstx":true,"mstx_domain_exclude":["a",1]}})",
            "experimental_config.mstx_domain_exclude", W, R"({"experimental_config":{"mstx":true}})");
        row("both domain lists", R"({"experimental_config":{"mstx":true,"mstx_domain_include":["a"],"mstx_domain_exclude":["b"]}})",
            "experimental_config.mstx_domain_exclude", W, R"({"experimental_config":{"mstx":true,"mstx_domain_include":["a"]}})");
        // _check_host_sys_params.
        row("host_sys not a list", R"({"experimental_config":{"host_sys":"cpu"}})", "experimental_config.host_sys", W, "{}");
        row("unknown host_sys", R"({"experimental_config":{"host_sys":["cpu","gpu"]}})", "experimental_config.host_sys", W, "{}");
    }

    void rules()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, key);
        QFETCH(int, severity);
        QFETCH(QByteArray, result);
        TorchProfilerConfig c;
        const auto problems = TorchProfilerConfig::parse(json, &c);
        const ConfigProblem *p = find(problems, key, Severity(severity));
        QVERIFY2(p, qPrintable(describe(problems)));
        QVERIFY(!p->message.isEmpty());
        if (severity == int(Severity::Error)) {
            QVERIFY(hasErrors(problems));
            QCOMPARE(c, TorchProfilerConfig{}); // nothing half-parsed is handed out
        } else {
            QVERIFY2(!hasErrors(problems), qPrintable(describe(problems)));
            QCOMPARE(c.toJson(), result);
        }
    }

    void warningsNameTheValueUsedInstead()
    {
        TorchProfilerConfig c;
        auto problems = TorchProfilerConfig::parse(R"({"schedule":{"wait":1,"warmup":1,"active":-4}})", &c);
        const ConfigProblem *p = find(problems, QStringLiteral("schedule.active"), Severity::Warning);
        QVERIFY(p);
        QCOMPARE(p->value, QStringLiteral("-4"));
        QVERIFY2(p->message.contains(QStringLiteral("uses 1")), qPrintable(p->message));
        problems = TorchProfilerConfig::parse(R"({"experimental_config":{"profiler_level":"Level1","aic_metrics":"Cube"}})", &c);
        p = find(problems, QStringLiteral("experimental_config.aic_metrics"), Severity::Warning);
        QVERIFY(p);
        QCOMPARE(p->value, QStringLiteral("\"Cube\""));
        QVERIFY2(p->message.contains(QStringLiteral("uses PipeUtilization")), qPrintable(p->message));
    }

    void everyProblemAtOnce()
    {
        TorchProfilerConfig c;
        const auto problems = TorchProfilerConfig::parse(
            R"({"bogus":1,"schedule":{"active":0},"with_stack":"yes","experimental_config":{"level":2,"l2_cache":"on"}})", &c);
        QVERIFY(find(problems, QStringLiteral("bogus"), Severity::Error));
        QVERIFY(find(problems, QStringLiteral("schedule.wait"), Severity::Error));
        QVERIFY(find(problems, QStringLiteral("schedule.active"), Severity::Warning));
        QVERIFY(find(problems, QStringLiteral("with_stack"), Severity::Warning));
        QVERIFY(find(problems, QStringLiteral("experimental_config.level"), Severity::Error));
        QVERIFY(find(problems, QStringLiteral("experimental_config.l2_cache"), Severity::Warning));
    }

    void listsAreSets()
    {
        const TorchProfilerConfig a = parsed(R"({"experimental_config":{"export_type":["db","text","db"],"host_sys":["mem","cpu","mem"]}})");
        const TorchProfilerConfig b = parsed(R"({"experimental_config":{"export_type":["text","db"],"host_sys":["cpu","mem"]}})");
        QCOMPARE(a, b);
        QCOMPARE(a.experimentalConfig.exportType.size(), size_t(2));
        QCOMPARE(a.experimentalConfig.hostSys.size(), size_t(2));
        QVERIFY(!(a == parsed(R"({"experimental_config":{"export_type":"db"}})")));
    }

    void roundTrip_data()
    {
        QTest::addColumn<QByteArray>("json");
        for (const char *j : kRoundTrip)
            QTest::newRow(j) << QByteArray(j);
    }

    // JSON → config → JSON and config → Python → script reader → config: equal.
    void roundTrip()
    {
        QFETCH(QByteArray, json);
        TorchProfilerConfig c;
        auto problems = TorchProfilerConfig::parse(json, &c);
        QVERIFY2(!hasErrors(problems), qPrintable(describe(problems)));

        // Writing back draws no new problem: what remains are remarks on the config itself
        // (no NPU activity, msprof_tx deprecated, no warmup), never a correction.
        const auto first = problems;
        TorchProfilerConfig fromJson;
        problems = TorchProfilerConfig::parse(c.toJson(), &fromJson);
        for (const ConfigProblem &p : problems)
            QVERIFY2(std::any_of(first.begin(), first.end(),
                                 [&](const ConfigProblem &q) { return q.key == p.key && q.message == p.message; }),
                     qPrintable(describe(problems) + "\n" + c.toJson()));
        QCOMPARE(fromJson, c);

        const QString code = generatePythonCode(c);
        const ScriptReading r = readTorchProfilerScript(code);
        QVERIFY2(r.found, qPrintable(r.error + "\n" + code));
        TorchProfilerConfig fromCode;
        problems = TorchProfilerConfig::parse(r.json, &fromCode);
        QVERIFY2(!hasErrors(problems), qPrintable(describe(problems) + "\n" + code));
        QVERIFY2(fromCode == c, qPrintable(code + "\n" + fromCode.toJson() + "\n" + c.toJson()));
    }

    void generatedCodeIsReadable()
    {
        const TorchProfilerConfig c = parsed(kRoundTrip[1]);
        const QString code = generatePythonCode(c);
        const QString expected = QStringLiteral(
            "import torch_npu\n"
            "\n"
            "experimental_config = torch_npu.profiler._ExperimentalConfig(\n"
            "    profiler_level=torch_npu.profiler.ProfilerLevel.Level1,\n"
            ")\n"
            "\n"
            "with torch_npu.profiler.profile(\n"
            "    schedule=torch_npu.profiler.schedule(wait=0, warmup=1, active=2, repeat=1),\n"
            "    record_shapes=True,\n"
            "    experimental_config=experimental_config,\n"
            ") as prof:\n"
            "    for step, batch in enumerate(train_loader):\n"
            "        train_step(batch)\n"
            "        prof.step()\n");
        QCOMPARE(code, expected);
        // Level1's aic_metrics default is PipeUtilization; AiCoreNone has to be spelled out.
        const QString none = generatePythonCode(parsed(kRoundTrip[4]));
        QVERIFY(none.contains(QStringLiteral("aic_metrics=torch_npu.profiler.AiCMetrics.AiCoreNone,")));
        const QString full = generatePythonCode(parsed(kRoundTrip[2]));
        QVERIFY2(full.contains(QStringLiteral(
                     "on_trace_ready=torch_npu.profiler.tensorboard_trace_handler(\"./prof \\\"result\\\"\\n2\", "
                     "worker_name=\"rank0\", analyse_flag=False, async_mode=True),")),
                 qPrintable(full));
        QVERIFY(full.contains(QStringLiteral(
            "export_type=[torch_npu.profiler.ExportType.Text, torch_npu.profiler.ExportType.Db],")));
        QVERIFY(full.contains(QStringLiteral("activities=[torch_npu.profiler.ProfilerActivity.NPU],")));
    }

    void readsRealisticScripts_data()
    {
        QTest::addColumn<QString>("script");
        QTest::addColumn<int>("line");
        QTest::addColumn<QByteArray>("expected"); // the config as toJson writes it
        QTest::newRow("documented form") << QStringLiteral(
            "import torch\n"
            "import torch_npu\n"
            "\n"
            "experimental_config = torch_npu.profiler._ExperimentalConfig(\n"
            "    export_type=[\n"
            "        torch_npu.profiler.ExportType.Text,\n"
            "        torch_npu.profiler.ExportType.Db\n"
            "        ],\n"
            "    profiler_level=torch_npu.profiler.ProfilerLevel.Level0,\n"
            "    msprof_tx=False,\n"
            "    aic_metrics=torch_npu.profiler.AiCMetrics.AiCoreNone,\n"
            "    l2_cache=False,\n"
            "    op_attr=False,\n"
            "    data_simplification=False,\n"
            "    record_op_args=False,\n"
            "    gc_detect_threshold=None\n"
            ")\n"
            "\n"
            "with torch_npu.profiler.profile(\n"
            "    activities=[\n"
            "        torch_npu.profiler.ProfilerActivity.CPU,\n"
            "        torch_npu.profiler.ProfilerActivity.NPU\n"
            "        ],\n"
            "    schedule=torch_npu.profiler.schedule(wait=0, warmup=0, active=1, repeat=1, skip_first=1),\n"
            "    on_trace_ready=torch_npu.profiler.tensorboard_trace_handler(\"./result\"),\n"
            "    record_shapes=False,\n"
            "    profile_memory=False,\n"
            "    with_stack=False,\n"
            "    with_modules=False,\n"
            "    with_flops=False,\n"
            "    experimental_config=experimental_config) as prof:\n"
            "    for step in range(steps):\n"
            "        train_one_step(step, steps, train_loader, model, optimizer, criterion)\n"
            "        prof.step()\n")
            << 19
            << QByteArray(R"({"schedule":{"wait":0,"warmup":0,"active":1,"repeat":1,"skip_first":1},)"
                          R"("on_trace_ready":{"dir_name":"./result"},"experimental_config":{"data_simplification":false,)"
                          R"("export_type":["text","db"]}})");
        QTest::newRow("start/stop with variables") << QStringLiteral(
            "import torch_npu\n"
            "from torch_npu.profiler import ProfilerActivity, ProfilerLevel, AiCMetrics\n"
            "LEVEL = ProfilerLevel.Level1  # collect AI Core metrics\n"
            "acts = (ProfilerActivity.NPU,)\n"
            "sched = torch_npu.profiler.schedule(1, 3, 1, 2)   # wait, active, warmup, repeat\n"
            "exp = torch_npu.profiler._ExperimentalConfig(LEVEL, AiCMetrics.ArithmeticUtilization, True)\n"
            "def main():\n"
            "    prof = torch_npu.profiler.profile(activities=acts, schedule=sched,\n"
            "                                      record_shapes=True, \\\n"
            "                                      experimental_config=exp)\n"
            "    prof.start()\n"
            "    for batch in loader:\n"
            "        step(batch)\n"
            "        prof.step()\n"
            "    prof.stop()\n")
            << 8
            << QByteArray(R"({"activities":["NPU"],"schedule":{"wait":1,"warmup":1,"active":3,"repeat":2},)"
                          R"("record_shapes":true,"experimental_config":{"profiler_level":"Level1",)"
                          R"("aic_metrics":"ArithmeticUtilization","l2_cache":true}})");
        QTest::newRow("profiler module alias, later reassignment ignored") << QStringLiteral(
            "from torch_npu import profiler\n"
            "level = profiler.ProfilerLevel.Level2\n"
            "p = profiler.profile(experimental_config=profiler._ExperimentalConfig(profiler_level=level,\n"
            "    aic_metrics=profiler.AiCMetrics.L2Cache, gc_detect_threshold=1.5), profile_memory=True)\n"
            "level = profiler.ProfilerLevel.Level0\n")
            << 3
            << QByteArray(R"({"profile_memory":true,"experimental_config":{"profiler_level":"Level2",)"
                          R"("aic_metrics":"L2Cache","gc_detect_threshold":1.5}})");
    }

    void readsRealisticScripts()
    {
        QFETCH(QString, script);
        QFETCH(int, line);
        QFETCH(QByteArray, expected);
        const ScriptReading r = readTorchProfilerScript(script);
        QVERIFY2(r.found, qPrintable(r.error));
        QCOMPARE(r.line, line);
        TorchProfilerConfig c;
        const auto problems = TorchProfilerConfig::parse(r.json, &c);
        QVERIFY2(!hasErrors(problems), qPrintable(describe(problems)));
        QCOMPARE(c.toJson(), expected);
    }

    void readsConstructorsAndStringValues()
    {
        const ScriptReading r = readTorchProfilerScript(QStringLiteral(
            "from torch_npu.profiler import profile, schedule, tensorboard_trace_handler, _ExperimentalConfig\n"
            "cfg = _ExperimentalConfig(profiler_level='Level2', aic_metrics=\"ACL_AICORE_MEMORY_BANDWIDTH\",\n"
            "                          export_type='db', host_sys=['cpu', 'mem'], mstx=True, mstx_domain_include=['fwd'])\n"
            "with profile(schedule=schedule(wait=1, warmup=1, active=2), experimental_config=cfg,\n"
            "             on_trace_ready=tensorboard_trace_handler('/data/prof', 'node0', async_mode=True)) as p:\n"
            "    pass\n"));
        QVERIFY2(r.found, qPrintable(r.error));
        QCOMPARE(r.line, 4);
        TorchProfilerConfig c;
        QVERIFY(TorchProfilerConfig::parse(r.json, &c).empty());
        QCOMPARE(c.toJson(),
                 QByteArray(R"({"schedule":{"wait":1,"warmup":1,"active":2},"on_trace_ready":{"dir_name":"/data/prof",)"
                            R"("worker_name":"node0","async_mode":true},"experimental_config":{"profiler_level":"Level2",)"
                            R"("aic_metrics":"Memory","mstx":true,"export_type":"db","host_sys":["cpu","mem"],)"
                            R"("mstx_domain_include":["fwd"]}})"));
    }

    void scriptsItCannotRead_data()
    {
        QTest::addColumn<QString>("script");
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("says");
        QTest::newRow("no call") << QStringLiteral("import torch_npu\nmodel.train()\n") << 0
                                 << QStringLiteral("No torch_npu.profiler.profile(...) call");
        QTest::newRow("PyTorch's profiler") << QStringLiteral(
            "import torch\n\nwith torch.profiler.profile(activities=[torch.profiler.ProfilerActivity.CPU]) as p:\n    pass\n")
                                            << 3 << QStringLiteral("torch.profiler.profile");
        QTest::newRow("value from the command line") << QStringLiteral(
            "import torch_npu\nprof = torch_npu.profiler.profile(\n    record_shapes=args.shapes)\n")
                                                     << 3 << QStringLiteral("args.shapes");
        QTest::newRow("unpacked kwargs") << QStringLiteral(
            "import torch_npu\nkw = dict(record_shapes=True)\nprof = torch_npu.profiler.profile(**kw)\n")
                                         << 3 << QStringLiteral("**kwargs");
        QTest::newRow("positional argument") << QStringLiteral(
            "import torch_npu\nprof = torch_npu.profiler.profile([torch_npu.profiler.ProfilerActivity.NPU])\n")
                                             << 2 << QStringLiteral("keyword arguments only");
        QTest::newRow("no such level") << QStringLiteral(
            "import torch_npu\ncfg = torch_npu.profiler._ExperimentalConfig(\n"
            "    profiler_level=torch_npu.profiler.ProfilerLevel.Level9)\n"
            "with torch_npu.profiler.profile(experimental_config=cfg) as p:\n    pass\n")
                                       << 4 << QStringLiteral("Level9");
        QTest::newRow("unassigned variable") << QStringLiteral(
            "import torch_npu\nwith torch_npu.profiler.profile(schedule=my_schedule) as p:\n    pass\n"
            "my_schedule = torch_npu.profiler.schedule(wait=1, active=1)\n")
                                             << 2 << QStringLiteral("my_schedule");
        QTest::newRow("f-string dir") << QStringLiteral(
            "import torch_npu\nwith torch_npu.profiler.profile(\n"
            "        on_trace_ready=torch_npu.profiler.tensorboard_trace_handler(f\"./prof_{rank}\")) as p:\n    pass\n")
                                      << 3 << QStringLiteral("f-string");
        QTest::newRow("too many positionals") << QStringLiteral(
            "import torch_npu\nwith torch_npu.profiler.profile(\n"
            "        schedule=torch_npu.profiler.schedule(1, 1, 1, 1, 1, 1, 1)) as p:\n    pass\n")
                                              << 3 << QStringLiteral("at most 6");
        QTest::newRow("conditional expression") << QStringLiteral(
            "import torch_npu\nwith torch_npu.profiler.profile(\n"
            "        on_trace_ready=torch_npu.profiler.tensorboard_trace_handler('/p', 'n' if rank else 'm')) as p:\n"
            "    pass\n")
                                                << 3 << QStringLiteral("worker_name");
        QTest::newRow("unterminated string") << QStringLiteral("import torch_npu\nname = 'abc\nx = 1\n") << 2
                                             << QStringLiteral("not terminated");
    }

    void scriptsItCannotRead()
    {
        QFETCH(QString, script);
        QFETCH(int, line);
        QFETCH(QString, says);
        const ScriptReading r = readTorchProfilerScript(script);
        QVERIFY(!r.found);
        QCOMPARE(r.line, line);
        QVERIFY2(r.error.contains(says), qPrintable(r.error));
        if (line > 0)
            QVERIFY2(r.error.startsWith(QStringLiteral("Line %1:").arg(line)), qPrintable(r.error));
    }

    void aliasesAndPyTorchsOwnActivities()
    {
        for (const QString &import : {QStringLiteral("import torch_npu.profiler as tp\n"),
                                      QStringLiteral("from torch_npu import profiler as tp\n")}) {
            const ScriptReading r = readTorchProfilerScript(
                import + QStringLiteral("import torch\n"
                                        "with tp.profile(activities=[torch.profiler.ProfilerActivity.CPU,\n"
                                        "                            tp.ProfilerActivity.NPU], with_modules=True) as p:\n"
                                        "    pass\n"));
            QVERIFY2(r.found, qPrintable(r.error));
            QCOMPARE(r.line, 3);
            TorchProfilerConfig c;
            const auto problems = TorchProfilerConfig::parse(r.json, &c);
            // torch's enum member is not torch_npu's: warned about, then both activities.
            const ConfigProblem *p = find(problems, QStringLiteral("activities"), Severity::Warning);
            QVERIFY2(p, qPrintable(describe(problems)));
            QVERIFY(p->value.contains(QStringLiteral("torch.profiler.ProfilerActivity.CPU")));
            QCOMPARE(c.toJson(), QByteArray(R"({"with_modules":true})"));
        }
    }

    void ownTraceHandlerIsANote()
    {
        const ScriptReading r = readTorchProfilerScript(QStringLiteral(
            "import torch_npu\n"
            "def trace_handler(prof):\n"
            "    prof.export_chrome_trace('trace.json')\n"
            "with torch_npu.profiler.profile(on_trace_ready=trace_handler, with_stack=True) as prof:\n"
            "    pass\n"));
        QVERIFY2(r.found, qPrintable(r.error));
        QCOMPARE(r.notes.size(), 1);
        QVERIFY(r.notes[0].contains(QStringLiteral("trace_handler")));
        QVERIFY(r.notes[0].startsWith(QStringLiteral("Line 4:")));
        TorchProfilerConfig c;
        QVERIFY(TorchProfilerConfig::parse(r.json, &c).empty());
        QCOMPARE(c.toJson(), QByteArray(R"({"with_stack":true})"));
    }

    // A script's wrong values meet the same checks as JSON: read, then corrected with a warning.
    void scriptValuesAreValidatedLikeJson()
    {
        const ScriptReading r = readTorchProfilerScript(QStringLiteral(
            "import torch_npu\n"
            "with torch_npu.profiler.profile(schedule=torch_npu.profiler.schedule(wait=-1, active=2, warmup=1),\n"
            "        experimental_config=torch_npu.profiler._ExperimentalConfig(op_attr=True, record_op_args=1)) as p:\n"
            "    pass\n"));
        QVERIFY2(r.found, qPrintable(r.error));
        TorchProfilerConfig c;
        const auto problems = TorchProfilerConfig::parse(r.json, &c);
        QVERIFY(find(problems, QStringLiteral("schedule.wait"), Severity::Warning));
        QVERIFY(find(problems, QStringLiteral("experimental_config.op_attr"), Severity::Warning));
        QVERIFY(find(problems, QStringLiteral("experimental_config.record_op_args"), Severity::Warning));
        QCOMPARE(c.toJson(), QByteArray(R"({"schedule":{"wait":0,"warmup":1,"active":2}})"));
    }
};

QTEST_GUILESS_MAIN(TestOptionsTorch)
#include "test_options_torch.moc"
