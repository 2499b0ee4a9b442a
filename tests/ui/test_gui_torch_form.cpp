// The torch_npu profiler form and the PyTorch side of the new-session dialog: form → config
// → Python code → script import → form; each rule of core's validation surfaces next to
// its field (in Chinese too); the framework choice keeps each framework's settings; a
// PyTorch session created from the dialog records the chosen config.
#include "test_gui_support.h"
#include "core/options/torch_profiler_config.h"
#include "ui/appearance.h"
#include "ui/new_session_dialog.h"
#include "ui/options_form.h"
#include "ui/torch_profiler_form.h"
#include "tests/test_files.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace npuscope;
using guitest::hasCjk;
using namespace npuscope::torchcfg;

namespace {

// The form's field for `key` as the widget the test expects; a missing field or another
// widget stops the test, naming the key.
template <class W>
W *fieldAs(ui::TorchProfilerForm &f, const QString &key, const char *what)
{
    auto *c = qobject_cast<W *>(f.field(key));
    if (!c)
        qFatal("no %s for %s", what, qPrintable(key));
    return c;
}
QCheckBox *check(ui::TorchProfilerForm &f, const QString &key) { return fieldAs<QCheckBox>(f, key, "check box"); }
QSpinBox *count(ui::TorchProfilerForm &f, const QString &key) { return fieldAs<QSpinBox>(f, key, "spin box"); }
QLineEdit *line(ui::TorchProfilerForm &f, const QString &key) { return fieldAs<QLineEdit>(f, key, "line edit"); }
QComboBox *combo(ui::TorchProfilerForm &f, const QString &key) { return fieldAs<QComboBox>(f, key, "combo box"); }
QGroupBox *group(ui::TorchProfilerForm &f, const QString &key) { return fieldAs<QGroupBox>(f, key, "group"); }
void choose(QComboBox *c, const QString &data)
{
    const int i = c->findData(data);
    if (i < 0)
        qFatal("no item %s", qPrintable(data));
    c->setCurrentIndex(i);
}

const QString kExp = QStringLiteral("experimental_config.");

TorchProfilerConfig parsed(const QByteArray &json)
{
    TorchProfilerConfig c;
    const auto problems = TorchProfilerConfig::parse(json, &c);
    if (!problems.empty())
        qFatal("%s: %s", json.constData(), qPrintable(problems.front().message));
    return c;
}

// The message core gives for `key` when it parses `json`.
QString coreMessage(const QByteArray &json, const QString &key)
{
    TorchProfilerConfig c;
    for (const ConfigProblem &p : TorchProfilerConfig::parse(json, &c))
        if (p.key == key)
            return p.message;
    return {};
}

// A rule of torch_npu's checks as the form reaches it: what the user does, the problem's
// key, and a config that has the same problem (core's message for it must be the label's).
struct Rule {
    const char *name;
    std::function<void(ui::TorchProfilerForm &)> act;
    QString key;
    QByteArray json;
};

std::vector<Rule> formRules()
{
    auto schedule = [](ui::TorchProfilerForm &f) {
        group(f, QStringLiteral("schedule"))->setChecked(true);
        count(f, QStringLiteral("schedule.wait"))->setValue(1);
        count(f, QStringLiteral("schedule.warmup"))->setValue(1);
        count(f, QStringLiteral("schedule.active"))->setValue(2);
    };
    return {
        {"no NPU activity", [](ui::TorchProfilerForm &f) { check(f, QStringLiteral("activities.NPU"))->setChecked(false); },
         QStringLiteral("activities"), R"({"activities":["CPU"]})"},
        {"gc without CPU",
         [](ui::TorchProfilerForm &f) {
             check(f, QStringLiteral("activities.CPU"))->setChecked(false);
             line(f, kExp + QStringLiteral("gc_detect_threshold"))->setText(QStringLiteral("1"));
         },
         kExp + QStringLiteral("gc_detect_threshold"), R"({"activities":["NPU"],"experimental_config":{"gc_detect_threshold":1}})"},
        {"zero active",
         [schedule](ui::TorchProfilerForm &f) {
             schedule(f);
             count(f, QStringLiteral("schedule.active"))->setValue(0);
         },
         QStringLiteral("schedule.active"), R"({"schedule":{"wait":1,"warmup":1,"active":0}})"},
        {"no warmup",
         [schedule](ui::TorchProfilerForm &f) {
             schedule(f);
             count(f, QStringLiteral("schedule.warmup"))->setValue(0);
         },
         QStringLiteral("schedule.warmup"), R"({"schedule":{"wait":1,"active":1}})"},
        {"long worker name",
         [](ui::TorchProfilerForm &f) {
             group(f, QStringLiteral("on_trace_ready"))->setChecked(true);
             line(f, QStringLiteral("on_trace_ready.worker_name"))->setText(QString(226, QLatin1Char('w')));
         },
         QStringLiteral("on_trace_ready.worker_name"),
         QByteArray(R"({"on_trace_ready":{"worker_name":")") + QByteArray(226, 'w') + R"("}})"},
        {"aic metrics at Level0",
         [](ui::TorchProfilerForm &f) { choose(combo(f, kExp + QStringLiteral("aic_metrics")), QStringLiteral("PipeUtilization")); },
         kExp + QStringLiteral("aic_metrics"), R"({"experimental_config":{"aic_metrics":"PipeUtilization"}})"},
        {"aic metrics at Level_none",
         [](ui::TorchProfilerForm &f) {
             choose(combo(f, kExp + QStringLiteral("profiler_level")), QStringLiteral("Level_none"));
             check(f, kExp + QStringLiteral("mstx"))->setChecked(true);
             choose(combo(f, kExp + QStringLiteral("aic_metrics")), QStringLiteral("Memory"));
         },
         kExp + QStringLiteral("aic_metrics"),
         R"({"experimental_config":{"profiler_level":"Level_none","mstx":true,"aic_metrics":"Memory"}})"},
        {"msprof_tx deprecated", [](ui::TorchProfilerForm &f) { check(f, kExp + QStringLiteral("msprof_tx"))->setChecked(true); },
         kExp + QStringLiteral("msprof_tx"), R"({"experimental_config":{"msprof_tx":true}})"},
        {"Level_none without mstx",
         [](ui::TorchProfilerForm &f) { choose(combo(f, kExp + QStringLiteral("profiler_level")), QStringLiteral("Level_none")); },
         kExp + QStringLiteral("mstx"), R"({"experimental_config":{"profiler_level":"Level_none"}})"},
        {"no export type",
         [](ui::TorchProfilerForm &f) { check(f, kExp + QStringLiteral("export_type.text"))->setChecked(false); },
         kExp + QStringLiteral("export_type"), R"({"experimental_config":{"export_type":[]}})"},
        {"op_attr with text", [](ui::TorchProfilerForm &f) { check(f, kExp + QStringLiteral("op_attr"))->setChecked(true); },
         kExp + QStringLiteral("op_attr"), R"({"experimental_config":{"op_attr":true}})"},
        {"text gc threshold",
         [](ui::TorchProfilerForm &f) { line(f, kExp + QStringLiteral("gc_detect_threshold"))->setText(QStringLiteral("soon")); },
         kExp + QStringLiteral("gc_detect_threshold"), R"({"experimental_config":{"gc_detect_threshold":"soon"}})"},
        {"negative gc threshold",
         [](ui::TorchProfilerForm &f) { line(f, kExp + QStringLiteral("gc_detect_threshold"))->setText(QStringLiteral("-1")); },
         kExp + QStringLiteral("gc_detect_threshold"), R"({"experimental_config":{"gc_detect_threshold":-1}})"},
        {"zero gc threshold",
         [](ui::TorchProfilerForm &f) { line(f, kExp + QStringLiteral("gc_detect_threshold"))->setText(QStringLiteral("0")); },
         kExp + QStringLiteral("gc_detect_threshold"), R"({"experimental_config":{"gc_detect_threshold":0}})"},
        {"domains without mstx",
         [](ui::TorchProfilerForm &f) { line(f, kExp + QStringLiteral("mstx_domain_include"))->setText(QStringLiteral("a")); },
         kExp + QStringLiteral("mstx_domain_include"), R"({"experimental_config":{"mstx_domain_include":["a"]}})"},
        {"both domain lists",
         [](ui::TorchProfilerForm &f) {
             check(f, kExp + QStringLiteral("mstx"))->setChecked(true);
             line(f, kExp + QStringLiteral("mstx_domain_include"))->setText(QStringLiteral("a"));
             line(f, kExp + QStringLiteral("mstx_domain_exclude"))->setText(QStringLiteral("b"));
         },
         kExp + QStringLiteral("mstx_domain_exclude"),
         R"({"experimental_config":{"mstx":true,"mstx_domain_include":["a"],"mstx_domain_exclude":["b"]}})"},
    };
}

// Sets every widget to a value away from torch_npu's defaults.
void fillEverything(ui::TorchProfilerForm &f)
{
    group(f, QStringLiteral("schedule"))->setChecked(true);
    count(f, QStringLiteral("schedule.skip_first"))->setValue(3);
    count(f, QStringLiteral("schedule.wait"))->setValue(1);
    count(f, QStringLiteral("schedule.warmup"))->setValue(1);
    count(f, QStringLiteral("schedule.active"))->setValue(2);
    count(f, QStringLiteral("schedule.repeat"))->setValue(2);
    for (const char *k : {"record_shapes", "profile_memory", "with_stack", "with_modules", "with_flops"})
        check(f, QLatin1String(k))->setChecked(true);
    group(f, QStringLiteral("on_trace_ready"))->setChecked(true);
    line(f, QStringLiteral("on_trace_ready.dir_name"))->setText(QStringLiteral("/tmp/prof out"));
    line(f, QStringLiteral("on_trace_ready.worker_name"))->setText(QStringLiteral("rank0"));
    check(f, QStringLiteral("on_trace_ready.async_mode"))->setChecked(true);
    choose(combo(f, kExp + QStringLiteral("profiler_level")), QStringLiteral("Level2"));
    choose(combo(f, kExp + QStringLiteral("aic_metrics")), QStringLiteral("MemoryUB"));
    check(f, kExp + QStringLiteral("export_type.db"))->setChecked(true);
    check(f, kExp + QStringLiteral("op_attr"))->setChecked(true);
    check(f, kExp + QStringLiteral("record_op_args"))->setChecked(true);
    check(f, kExp + QStringLiteral("l2_cache"))->setChecked(true);
    check(f, kExp + QStringLiteral("data_simplification"))->setChecked(false);
    // In the user's locale: "2,5" under de_DE.
    line(f, kExp + QStringLiteral("gc_detect_threshold"))->setText(QLocale().toString(2.5));
    check(f, kExp + QStringLiteral("mstx"))->setChecked(true);
    line(f, kExp + QStringLiteral("mstx_domain_include"))->setText(QStringLiteral("comm, compute"));
    check(f, kExp + QStringLiteral("host_sys.cpu"))->setChecked(true);
    check(f, kExp + QStringLiteral("host_sys.mem"))->setChecked(true);
    check(f, kExp + QStringLiteral("sys_io"))->setChecked(true);
    check(f, kExp + QStringLiteral("sys_interconnection"))->setChecked(true);
}

} // namespace

class TestGuiTorchForm : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;

private Q_SLOTS:
    void initTestCase() { guitest::isolateSettings(); }
    void cleanup() { ui::setLanguage(QStringLiteral("en")); }

    void defaultsAreTorchNpus()
    {
        ui::TorchProfilerForm f;
        QVERIFY(f.problems().empty());
        QCOMPARE(f.config(), TorchProfilerConfig{});
        QCOMPARE(f.config().toJson(), QByteArray("{}"));
        QVERIFY(f.pythonCode().contains(QStringLiteral("with torch_npu.profiler.profile() as prof:")));
        // The aic_metrics default names what the level collects.
        QVERIFY(combo(f, kExp + QStringLiteral("aic_metrics"))->itemText(0).contains(QStringLiteral("AiCoreNone")));
        choose(combo(f, kExp + QStringLiteral("profiler_level")), QStringLiteral("Level1"));
        QVERIFY(combo(f, kExp + QStringLiteral("aic_metrics"))->itemText(0).contains(QStringLiteral("PipeUtilization")));
        QCOMPARE(f.config().experimentalConfig.aicMetrics, torchcfg::AicMetrics::PipeUtilization);
        QVERIFY(f.problems().empty());
    }

    // form → config → code → script import → form
    void roundTripThroughCodeAndScript()
    {
        ui::TorchProfilerForm f;
        fillEverything(f);
        QVERIFY2(f.problems().empty(), qPrintable(f.problems().empty() ? QString() : f.problems().front().message));
        const TorchProfilerConfig expected = parsed(
            R"({"schedule":{"wait":1,"warmup":1,"active":2,"repeat":2,"skip_first":3},)"
            R"("on_trace_ready":{"dir_name":"/tmp/prof out","worker_name":"rank0","async_mode":true},)"
            R"("record_shapes":true,"profile_memory":true,"with_stack":true,"with_flops":true,"with_modules":true,)"
            R"("experimental_config":{"profiler_level":"Level2","aic_metrics":"MemoryUB","l2_cache":true,"mstx":true,)"
            R"("data_simplification":false,"record_op_args":true,"op_attr":true,"gc_detect_threshold":2.5,)"
            R"("export_type":["text","db"],"host_sys":["cpu","mem"],"mstx_domain_include":["comm","compute"],)"
            R"("sys_io":true,"sys_interconnection":true}})");
        QCOMPARE(f.config(), expected);

        // The code is core's, pretty-printed: one argument per line, the experimental config
        // in its own variable.
        const QString code = f.pythonCode();
        QCOMPARE(code, generatePythonCode(expected));
        QVERIFY(code.contains(QStringLiteral("experimental_config = torch_npu.profiler._ExperimentalConfig(\n")));
        QVERIFY(code.contains(QStringLiteral("\n    profiler_level=torch_npu.profiler.ProfilerLevel.Level2,\n")));
        QVERIFY(code.contains(QStringLiteral(
            "\n    schedule=torch_npu.profiler.schedule(wait=1, warmup=1, active=2, repeat=2, skip_first=3),\n")));
        QVERIFY(code.contains(QStringLiteral("\n    experimental_config=experimental_config,\n")));

        // The code read back as a script fills a fresh form with the same settings.
        ui::TorchProfilerForm g;
        QString report;
        QVERIFY2(g.importScript(QStringLiteral("import torch\n") + code, &report), qPrintable(report));
        QVERIFY2(report.contains(QStringLiteral("line")), qPrintable(report));
        QCOMPARE(g.config(), expected);
        QCOMPARE(g.json(), f.json());
        QCOMPARE(line(g, kExp + QStringLiteral("gc_detect_threshold"))->text(), QLocale().toString(2.5));
        QCOMPARE(line(g, kExp + QStringLiteral("mstx_domain_include"))->text(), QStringLiteral("comm, compute"));
        QCOMPARE(combo(g, kExp + QStringLiteral("aic_metrics"))->currentData().toString(), QStringLiteral("MemoryUB"));
        QCOMPARE(g.pythonCode(), code);

        // Back to the defaults.
        g.reset();
        QCOMPARE(g.config(), TorchProfilerConfig{});
    }

    // A script written by hand: variables, corrections torch_npu makes and parts the reader
    // leaves out are reported; a call torch_npu would stop on is not imported.
    void scriptImportReportsWhatItCouldNotRead()
    {
        ui::TorchProfilerForm f;
        const QString script = QStringLiteral(
            "import torch\nimport torch_npu\n\n"
            "def handler(prof):\n    pass\n\n"
            "experimental_config = torch_npu.profiler._ExperimentalConfig(\n"
            "    profiler_level=torch_npu.profiler.ProfilerLevel.Level1,\n"
            "    aic_metrics=torch_npu.profiler.AiCMetrics.Memory,\n"
            "    export_type=torch_npu.profiler.ExportType.Db,\n"
            ")\n"
            "sched = torch_npu.profiler.schedule(wait=-1, warmup=1, active=3)\n"
            "with torch_npu.profiler.profile(\n"
            "    activities=[torch_npu.profiler.ProfilerActivity.NPU],\n"
            "    schedule=sched,\n"
            "    on_trace_ready=handler,\n"
            "    profile_memory=True,\n"
            "    experimental_config=experimental_config,\n"
            ") as prof:\n"
            "    for step in range(10):\n"
            "        prof.step()\n");
        QString report;
        QVERIFY2(f.importScript(script, &report), qPrintable(report));
        QVERIFY2(report.contains(QStringLiteral("13")), qPrintable(report)); // the line of the call
        QVERIFY2(report.contains(QStringLiteral("handler")), qPrintable(report)); // on_trace_ready left out
        QVERIFY2(report.contains(QStringLiteral("schedule.wait")), qPrintable(report)); // corrected to 0
        QCOMPARE(f.importStatus()->text(), report);
        QVERIFY(f.importStatus()->isVisibleTo(&f));
        QVERIFY(!check(f, QStringLiteral("activities.CPU"))->isChecked());
        QVERIFY(check(f, QStringLiteral("profile_memory"))->isChecked());
        QCOMPARE(count(f, QStringLiteral("schedule.wait"))->value(), 0);
        QCOMPARE(count(f, QStringLiteral("schedule.active"))->value(), 3);
        QCOMPARE(combo(f, kExp + QStringLiteral("profiler_level"))->currentData().toString(), QStringLiteral("Level1"));
        QCOMPARE(combo(f, kExp + QStringLiteral("aic_metrics"))->currentData().toString(), QStringLiteral("Memory"));
        QVERIFY(check(f, kExp + QStringLiteral("export_type.db"))->isChecked());
        QVERIFY(!check(f, kExp + QStringLiteral("export_type.text"))->isChecked());

        // Python would stop on this call (no active): nothing is imported, the form keeps its values.
        const QByteArray before = f.json();
        QVERIFY(!f.importScript(QStringLiteral("import torch_npu\n"
                                               "with torch_npu.profiler.profile(schedule=torch_npu.profiler.schedule(wait=1)) as p:\n"
                                               "    pass\n"),
                                &report));
        QVERIFY2(report.contains(QStringLiteral("schedule.active")), qPrintable(report));
        QCOMPARE(f.json(), before);

        // No call at all; PyTorch's own profiler is named as such by the reader.
        QVERIFY(!f.importScript(QStringLiteral("print('hi')\n"), &report));
        QVERIFY(!report.isEmpty());
        const QString train = tmp_.filePath(QStringLiteral("train.py"));
        QVERIFY(testfiles::writeFile(train, script.toUtf8()));
        QVERIFY(f.importScriptFile(train, &report));
        QVERIFY(report.startsWith(QStringLiteral("train.py: ")));
    }

    // Every rule of core's checks that the form's widgets can reach shows core's message
    // under the field of its key, and in Chinese once the language is switched.
    void eachRuleSurfacesNextToItsField()
    {
        for (const Rule &r : formRules()) {
            ui::TorchProfilerForm f;
            f.show();
            r.act(f);
            const QString expected = coreMessage(r.json, r.key);
            QVERIFY2(!expected.isEmpty(), r.name);
            QLabel *label = f.messageLabel(r.key);
            QVERIFY2(label, r.name);
            QVERIFY2(label->isVisible(), r.name);
            QVERIFY2(label->text().split(QLatin1Char('\n')).contains(expected),
                     qPrintable(QStringLiteral("%1: %2 | %3").arg(QLatin1String(r.name), label->text(), expected)));
            QVERIFY2(!f.generalMessage()->isVisible(), qPrintable(f.generalMessage()->text()));
            // torch_npu corrects and runs: the form stays usable, with the corrected config.
            QVERIFY2(f.isValid(), r.name);

            QVERIFY(ui::setLanguage(QStringLiteral("zh_CN")));
            const QString zh = coreMessage(r.json, r.key);
            QVERIFY2(hasCjk(zh), qPrintable(QStringLiteral("%1: no translation: %2").arg(QLatin1String(r.name), zh)));
            QVERIFY2(label->text().split(QLatin1Char('\n')).contains(zh),
                     qPrintable(QStringLiteral("%1: %2 | %3").arg(QLatin1String(r.name), label->text(), zh)));
            QVERIFY(ui::setLanguage(QStringLiteral("en")));
            QVERIFY2(label->text().split(QLatin1Char('\n')).contains(expected), r.name);
        }
    }

    // The form's own texts are translated too.
    void formSpeaksChinese()
    {
        ui::TorchProfilerForm f;
        QVERIFY(ui::setLanguage(QStringLiteral("zh_CN")));
        QVERIFY2(hasCjk(f.importButton()->text()), qPrintable(f.importButton()->text()));
        QVERIFY2(hasCjk(group(f, QStringLiteral("schedule"))->title()), qPrintable(group(f, QStringLiteral("schedule"))->title()));
        QVERIFY2(hasCjk(f.scheduleSummary()->text()), qPrintable(f.scheduleSummary()->text()));
        QVERIFY2(hasCjk(check(f, QStringLiteral("record_shapes"))->text()), qPrintable(check(f, QStringLiteral("record_shapes"))->text()));
    }

    void scheduleSummaryNamesTheRecordedSteps()
    {
        ui::TorchProfilerForm f;
        f.setSteps(10);
        QVERIFY(f.scheduleSummary()->text().contains(QStringLiteral("every step")));
        QCOMPARE(f.recordedSteps().size(), 10);
        group(f, QStringLiteral("schedule"))->setChecked(true);
        count(f, QStringLiteral("schedule.wait"))->setValue(1);
        count(f, QStringLiteral("schedule.warmup"))->setValue(1);
        count(f, QStringLiteral("schedule.active"))->setValue(2);
        count(f, QStringLiteral("schedule.repeat"))->setValue(2);
        // wait 1, warmup 1, active 2, twice: steps 3–4 and 7–8.
        QCOMPARE(f.recordedSteps(), (QList<int>{3, 4, 7, 8}));
        QVERIFY2(f.scheduleSummary()->text().contains(QStringLiteral("3–4, 7–8")), qPrintable(f.scheduleSummary()->text()));
        count(f, QStringLiteral("schedule.skip_first"))->setValue(20);
        QVERIFY(f.recordedSteps().isEmpty());
        QVERIFY(f.scheduleSummary()->text().contains(QStringLiteral("none")));
    }

    // The framework choice: the options page, the preview and the chip follow it, and each
    // framework keeps what was set for it.
    void frameworkSwitchKeepsEachFrameworksSettings()
    {
        ui::NewSessionDialog d(tmp_.filePath(QStringLiteral("p.npuscope")));
        d.setModel(QStringLiteral("lenet"));
        d.show();
        QVERIFY(QTest::qWaitForWindowExposed(&d));
        QCOMPARE(d.framework(), Framework::TensorFlow);
        QCOMPARE(d.spec().framework, Framework::TensorFlow);
        QCOMPARE(d.spec().chip, QStringLiteral("910"));
        auto *l2 = qobject_cast<QCheckBox *>(d.optionsForm()->field(QStringLiteral("l2")));
        l2->setChecked(true);

        d.frameworkBox()->setCurrentIndex(d.frameworkBox()->findData(int(Framework::PyTorch)));
        QCOMPARE(d.framework(), Framework::PyTorch);
        // 910B by default for PyTorch, as `run --framework pytorch` chooses.
        QCOMPARE(d.spec().chip, QStringLiteral("910B"));
        d.tabs()->setCurrentIndex(1);
        QVERIFY(d.torchForm()->isVisible());
        QVERIFY(!d.optionsForm()->isVisible());
        QVERIFY(d.modeBox()->isHidden());
        QVERIFY(d.presetBox()->isHidden());
        QVERIFY(d.tabs()->tabText(1).contains(QStringLiteral("torch_npu")));
        QVERIFY(d.torchCodePreview()->isVisible());
        ui::TorchProfilerForm &f = *d.torchForm();
        choose(combo(f, kExp + QStringLiteral("profiler_level")), QStringLiteral("Level1"));
        check(f, QStringLiteral("record_shapes"))->setChecked(true);
        QVERIFY(d.runButton()->isEnabled());
        QCOMPARE(d.torchCodePreview()->toPlainText(), generatePythonCode(f.config()));
        QCOMPARE(d.torchJsonPreview()->toPlainText(), QString::fromUtf8(f.config().toJson()));
        SessionSpec s = d.spec();
        QCOMPARE(s.framework, Framework::PyTorch);
        QCOMPARE(parsed(s.torchProfilerConfig), f.config());
        QVERIFY(f.config().recordShapes);

        d.frameworkBox()->setCurrentIndex(d.frameworkBox()->findData(int(Framework::TensorFlow)));
        QCOMPARE(d.spec().chip, QStringLiteral("910"));
        QVERIFY(l2->isChecked());
        QVERIFY(d.optionsForm()->isVisible());
        QVERIFY(!d.modeBox()->isHidden());
        QVERIFY(!d.presetBox()->isHidden());
        QVERIFY(d.spec().torchProfilerConfig.isEmpty());
        d.chipBox()->setCurrentIndex(d.chipBox()->findData(QStringLiteral("910B")));

        d.setFramework(Framework::PyTorch);
        QCOMPARE(combo(f, kExp + QStringLiteral("profiler_level"))->currentData().toString(), QStringLiteral("Level1"));
        QVERIFY(check(f, QStringLiteral("record_shapes"))->isChecked());
        d.chipBox()->setCurrentIndex(d.chipBox()->findData(QStringLiteral("910")));
        d.setFramework(Framework::TensorFlow);
        QCOMPARE(d.spec().chip, QStringLiteral("910B"));
        d.setFramework(Framework::PyTorch);
        QCOMPARE(d.spec().chip, QStringLiteral("910"));
    }

    // Warnings are torch_npu's corrections: Run stays enabled and the summary says so; a
    // schedule that records none of the session's steps disables Run.
    void dialogRunFollowsTheConfig()
    {
        ui::NewSessionDialog d(tmp_.filePath(QStringLiteral("p.npuscope")));
        d.setModel(QStringLiteral("lenet"));
        d.setFramework(Framework::PyTorch);
        ui::TorchProfilerForm &f = *d.torchForm();
        check(f, kExp + QStringLiteral("op_attr"))->setChecked(true);
        QVERIFY(d.runButton()->isEnabled());
        QCOMPARE(f.warningCount(), 1);
        QVERIFY(!d.spec().torchProfilerConfig.contains("op_attr")); // what torch_npu runs with
        check(f, kExp + QStringLiteral("op_attr"))->setChecked(false);

        d.iterationsBox()->setValue(5);
        group(f, QStringLiteral("schedule"))->setChecked(true);
        count(f, QStringLiteral("schedule.skip_first"))->setValue(6);
        QVERIFY(!d.runButton()->isEnabled());
        QVERIFY(d.workloadMessage()->text().contains(QStringLiteral("none of the 5")));
        d.iterationsBox()->setValue(10);
        QVERIFY(d.runButton()->isEnabled());
        QCOMPARE(f.recordedSteps(), (QList<int>{8, 9}));
    }

    // A PyTorch script dropped into the TensorFlow page switches the dialog to PyTorch.
    void dialogImportPicksTheScriptsFramework()
    {
        ui::NewSessionDialog d(tmp_.filePath(QStringLiteral("p.npuscope")));
        QString message;
        QVERIFY(d.importScript(QStringLiteral("import torch_npu\n"
                                              "with torch_npu.profiler.profile(with_stack=True) as prof:\n"
                                              "    pass\n"),
                               &message));
        QCOMPARE(d.framework(), Framework::PyTorch);
        QVERIFY(d.torchForm()->config().withStack);
        QCOMPARE(d.importStatus()->text(), message);
        QCOMPARE(d.tabs()->currentIndex(), 1);
        // And back for a TensorFlow one.
        QVERIFY(d.importScript(QStringLiteral("profiling_options = '{\"output\":\"/tmp/x\",\"l2\":\"on\"}'\n"
                                              "profiling_config = ProfilingConfig(enable_profiling=True, "
                                              "profiling_options=profiling_options)\n"),
                               &message));
        QCOMPARE(d.framework(), Framework::TensorFlow);
        QVERIFY(qobject_cast<QCheckBox *>(d.optionsForm()->field(QStringLiteral("l2")))->isChecked());
        QVERIFY(d.torchForm()->config().withStack); // the PyTorch settings are kept
    }

    // The dialog fits both forms: no field is cut off at its size.
    void dialogSizesItselfToItsForms()
    {
        ui::NewSessionDialog d(tmp_.filePath(QStringLiteral("p.npuscope")));
        d.setFramework(Framework::PyTorch);
        d.show();
        QVERIFY(QTest::qWaitForWindowExposed(&d));
        d.tabs()->setCurrentIndex(1);
        auto *scroll = qobject_cast<QScrollArea *>(d.torchForm()->parentWidget()->parentWidget());
        QVERIFY(scroll);
        QTRY_VERIFY(d.torchForm()->width() >= d.torchForm()->minimumSizeHint().width());
        for (QWidget *w : d.torchForm()->findChildren<QWidget *>())
            if (w->isVisible() && (qobject_cast<QLineEdit *>(w) || qobject_cast<QComboBox *>(w)))
                QVERIFY2(w->width() >= w->minimumSizeHint().width(), qPrintable(w->objectName()));
        if (const QString dir = qEnvironmentVariable("NPUSCOPE_SCREENSHOT_DIR"); !dir.isEmpty()) {
            QTest::qWait(300); // the scroll areas settle their scroll bars after the first layout
            QVERIFY(d.grab().save(QDir(dir).filePath(QStringLiteral("new-session-pytorch.png"))));
            d.tabs()->setCurrentIndex(0);
            QVERIFY(d.grab().save(QDir(dir).filePath(QStringLiteral("new-session-pytorch-workload.png"))));
            // A filled-in config with one of torch_npu's corrections showing.
            ui::TorchProfilerForm &f = *d.torchForm();
            group(f, QStringLiteral("schedule"))->setChecked(true);
            choose(combo(f, kExp + QStringLiteral("profiler_level")), QStringLiteral("Level1"));
            check(f, QStringLiteral("record_shapes"))->setChecked(true);
            check(f, QStringLiteral("with_stack"))->setChecked(true);
            check(f, kExp + QStringLiteral("op_attr"))->setChecked(true);
            d.tabs()->setCurrentIndex(1);
            QTest::qWait(300);
            QVERIFY(d.grab().save(QDir(dir).filePath(QStringLiteral("new-session-pytorch-configured.png"))));
            QVERIFY(ui::setLanguage(QStringLiteral("zh_CN")));
            QTest::qWait(300);
            QVERIFY(d.grab().save(QDir(dir).filePath(QStringLiteral("new-session-pytorch-zh_CN.png"))));
        }
    }

    // New Session → PyTorch → Run records a session whose settings hold the framework, the
    // 910B and the chosen torch_npu config.
    void creatingAPyTorchSessionRecordsItsConfig()
    {
        const QString path = tmp_.filePath(QStringLiteral("torch.npuscope"));
        ui::MainWindow w;
        w.show();
        TorchProfilerConfig chosen;
        bool configured = false;
        guitest::whenShown<ui::NewSessionDialog>([&](ui::NewSessionDialog *d) {
            d->setProjectPath(path);
            d->setModel(QStringLiteral("lenet"));
            d->iterationsBox()->setValue(4);
            d->devicesBox()->setValue(1);
            d->setFramework(Framework::PyTorch);
            ui::TorchProfilerForm &f = *d->torchForm();
            group(f, QStringLiteral("schedule"))->setChecked(true);
            count(f, QStringLiteral("schedule.wait"))->setValue(0);
            count(f, QStringLiteral("schedule.warmup"))->setValue(1);
            count(f, QStringLiteral("schedule.active"))->setValue(2);
            count(f, QStringLiteral("schedule.repeat"))->setValue(1);
            choose(combo(f, kExp + QStringLiteral("profiler_level")), QStringLiteral("Level1"));
            check(f, QStringLiteral("record_shapes"))->setChecked(true);
            check(f, QStringLiteral("profile_memory"))->setChecked(true);
            chosen = f.config();
            configured = d->runButton()->isEnabled();
            QTest::mouseClick(d->runButton(), Qt::LeftButton);
        });
        QSignalSpy finished(&w, &ui::MainWindow::workFinished);
        w.newSession();
        QVERIFY(configured);
        QVERIFY(finished.count() == 1 || finished.wait(300000));
        QCOMPARE(finished.at(0).at(0).toString(), QStringLiteral("complete"));

        QString msg;
        const auto sessions = guitest::sessionsOf(path, &msg);
        QVERIFY2(!sessions.empty(), qPrintable(msg));
        QCOMPARE(sessions.size(), size_t(1));
        const SessionSpec &spec = sessions[0].info.spec;
        QCOMPARE(spec.framework, Framework::PyTorch);
        QCOMPARE(spec.chip, QStringLiteral("910B"));
        QCOMPARE(spec.iterations, 4);
        QCOMPARE(parsed(spec.torchProfilerConfig), chosen);
        QVERIFY(chosen.schedule && chosen.recordShapes && chosen.profileMemory);
        QCOMPARE(chosen.experimentalConfig.profilerLevel, ProfilerLevel::Level1);
    }
};

QTEST_MAIN(TestGuiTorchForm)
#include "test_gui_torch_form.moc"
