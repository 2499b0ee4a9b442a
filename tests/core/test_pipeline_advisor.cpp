// Advisor rules against emulated sessions: each scenario knob leaves the signature its rule
// looks for (docs/emulator.md), so the matching finding must come out, and nothing else
// at warning or above; clean runs report nothing above info. memory-bound and
// low-cube-utilization have no knob: user JSON models whose ops are memory-bound (a
// batch-1 MLP with wide layers) or use the cube poorly (convs with few channels) trigger them.
#include "core/analysis/advisor.h"
#include "core/analysis/advisor_coverage.h"
#include "core/model/memory_trace.h"
#include "core/options/profiling_options.h"
#include "core/store/project.h"
#include "device/emulator.h"
#include "tests/core/advisor_test_support.h"
#include "tests/test_record.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QtTest>
#include <set>

using namespace npuscope;
using namespace npuscope::analysis;
using namespace advisortest;

namespace {

ProfilingOptions options(AicMetrics metrics = AicMetrics::PipeUtilization)
{
    return {.trainingTrace = Switch::On, .taskTrace = Switch::On, .l2 = Switch::On,
            .hccl = Switch::On, .aicpu = Switch::On, .aicMetrics = metrics};
}

SessionSpec spec(const QString &model, int devices, int iterations, QStringList scenarios = {})
{
    return {.model = model, .batchSize = 32, .iterations = iterations, .devicesPerServer = devices,
            .seed = 11, .scenarios = scenarios};
}

bool emulate(const SessionSpec &s, MemoryTrace &trace, const ProfilingOptions &o = options())
{
    return testrecord::emulateInto(trace, s, o);
}

// The expected id is present; every other finding is info only (or one of `alsoTrue`,
// findings the scenario makes true as well).
void expectOnly(const std::vector<Finding> &fs, const std::string &id, Severity atLeast = Severity::Info,
                const std::set<std::string> &alsoTrue = {})
{
    const Finding *f = find(fs, id);
    QVERIFY2(f, qPrintable(QStringLiteral("no %1 finding:\n%2").arg(QString::fromStdString(id), describe(fs))));
    QVERIFY2(int(f->severity) >= int(atLeast), qPrintable(describe(fs)));
    QVERIFY(!f->title.isEmpty());
    QVERIFY(!f->evidence.isEmpty());
    QVERIFY(!f->suggestion.isEmpty());
    QVERIFY(!f->figures.empty());
    QVERIFY(!f->devices.empty());
    QVERIFY(f->focusEnd >= f->focusStart);
    QVERIFY(f->focusStart > 0);
    for (const Finding &o : fs)
        if (o.id != id && !alsoTrue.count(o.id))
            QVERIFY2(o.severity == Severity::Info,
                     qPrintable(QStringLiteral("unrelated finding at %1 or above:\n%2").arg(QLatin1String("warning"), describe(fs))));
}

QString writeModel(const QTemporaryDir &dir, const char *name, const QByteArray &json)
{
    const QString path = dir.filePath(QString::fromLatin1(name));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(json) != json.size())
        return {};
    return path;
}

} // namespace

class PipelineAdvisorTest : public QObject {
    Q_OBJECT
private slots:
    void cleanRunsHaveNoWarnings_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<int>("devices");
        QTest::newRow("resnet50 x4") << "resnet50" << 4;
        QTest::newRow("resnet50 x2") << "resnet50" << 2;
        QTest::newRow("alexnet x1") << "alexnet" << 1;
        QTest::newRow("resnet50 x8") << "resnet50" << 8;
    }
    void cleanRunsHaveNoWarnings()
    {
        QFETCH(QString, model);
        QFETCH(int, devices);
        MemoryTrace trace;
        // A clean job splits its gradients into four all-reduce segments: only the last
        // quarter waits for BP end. (With two equal halves half the gradients do, which on
        // two cards is worth the comm-not-overlapped warning the advisor gives it.)
        SessionSpec s = spec(model, devices, 4);
        s.segments = 4;
        QVERIFY(emulate(s, trace));
        const auto fs = advise(trace);
        qInfo("%s", qPrintable(describe(fs)));
        for (const Finding &f : fs)
            QVERIFY2(f.severity == Severity::Info, qPrintable(describe(fs)));
    }

    void scenarioFindsItsRule_data()
    {
        QTest::addColumn<QString>("scenario");
        QTest::addColumn<QString>("model");
        QTest::addColumn<int>("devices");
        QTest::addColumn<QString>("id");
        QTest::addColumn<int>("severity");
        QTest::newRow("slow-input") << "slow-input" << "alexnet" << 1 << "input-bound" << int(Severity::Warning);
        QTest::newRow("slow-input resnet x2") << "slow-input" << "resnet50" << 2 << "input-bound" << int(Severity::Warning);
        QTest::newRow("straggler") << "straggler" << "resnet50" << 4 << "straggler" << int(Severity::Warning);
        QTest::newRow("straggler resnet x2") << "straggler" << "resnet50" << 2 << "straggler" << int(Severity::Warning);
        QTest::newRow("straggler resnet x8") << "straggler" << "resnet50" << 8 << "straggler" << int(Severity::Warning);
        QTest::newRow("aicpu-fallback") << "aicpu-fallback" << "alexnet" << 1 << "aicpu-fallback" << int(Severity::Info);
        QTest::newRow("launch-bound") << "launch-bound" << "resnet50" << 1 << "launch-bound" << int(Severity::Warning);
        QTest::newRow("single-segment") << "single-segment" << "resnet50" << 4 << "comm-not-overlapped" << int(Severity::Warning);
        QTest::newRow("single-segment x2") << "single-segment" << "resnet50" << 2 << "comm-not-overlapped" << int(Severity::Warning);
        QTest::newRow("single-segment x8") << "single-segment" << "resnet50" << 8 << "comm-not-overlapped" << int(Severity::Warning);
    }
    void scenarioFindsItsRule()
    {
        QFETCH(QString, scenario);
        QFETCH(QString, model);
        QFETCH(int, devices);
        QFETCH(QString, id);
        QFETCH(int, severity);
        MemoryTrace trace;
        // 12 iterations: in Estimator mode 4 batches are queued before the first step, so a
        // slow pipeline shows from the fifth on.
        QVERIFY(emulate(spec(model, devices, 12, {scenario}), trace));
        const auto fs = advise(trace);
        qInfo("%s", qPrintable(describe(fs)));
        // Batch 1 also leaves the cube idle: every convolution is a sliver of the cube's
        // tiles, which the low-cube-utilization rule reports next to launch-bound.
        const std::set<std::string> alsoTrue =
            scenario == QLatin1String("launch-bound") ? std::set<std::string>{"low-cube-utilization"} : std::set<std::string>{};
        expectOnly(fs, id.toStdString(), Severity(severity), alsoTrue);
        // Every share a finding states is a part of a whole: within [0, 1] whatever the
        // scenario (8 devices wait on several planes at once; summed, the waits exceeded the
        // iteration and read as 122 %).
        for (const Finding &f : fs)
            for (const auto &[key, value] : f.figures)
                if (QByteArray(key.c_str()).endsWith("share"))
                    QVERIFY2(value >= 0 && value <= 1, qPrintable(QStringLiteral("%1: %2 = %3").arg(QString::fromStdString(f.id), QString::fromStdString(key)).arg(value)));
    }

    // The straggler is named, and the figures say what the others lose.
    void stragglerNamesTheDevice()
    {
        MemoryTrace trace;
        QVERIFY(emulate(spec(QStringLiteral("resnet50"), 4, 4, {QStringLiteral("straggler")}), trace));
        const auto fs = advise(trace);
        const Finding *f = find(fs, "straggler");
        QVERIFY(f);
        QCOMPARE(f->devices, std::vector<std::uint16_t>{3}); // the emulator slows the last device
        QCOMPARE(f->focusDevice, std::uint16_t(3));
        QVERIFY(figure(*f, "excess") > 0.2);
        QVERIFY(figure(*f, "others_extra_wait_ns") > 0);
        QVERIFY(f->evidence.contains(QLatin1String("3")));
    }

    // The fallback names the op and points at its task on the AI CPU stream.
    void fallbackNamesTheOp()
    {
        MemoryTrace trace;
        QVERIFY(emulate(spec(QStringLiteral("alexnet"), 1, 3, {QStringLiteral("aicpu-fallback")}), trace));
        const Finding *f = nullptr;
        const auto fs = advise(trace);
        QVERIFY((f = find(fs, "aicpu-fallback")));
        QCOMPARE(f->ops.size(), size_t(1));
        QVERIFY2(QString::fromStdString(f->ops.front()).contains(QLatin1String("OneHotD")), f->ops.front().c_str());
        QVERIFY(f->evidence.contains(QLatin1String("OneHotD")));
        QVERIFY(f->focusStream >= 0);
        bool found = false;
        trace.forEachTask({f->focusDevice, 1, f->iterations.empty() ? 2u : f->iterations.front()}, [&](const TaskRecord &t) {
            if (t.streamId == std::uint32_t(f->focusStream) && t.kind == TaskKind::AiCpu && t.start <= f->focusStart
                && f->focusStart < t.start + t.duration)
                found = true;
            return true;
        });
        // The focus is the longest occurrence; it lies in one of the affected iterations.
        for (std::uint32_t it : f->iterations)
            trace.forEachTask({f->focusDevice, 1, it}, [&](const TaskRecord &t) {
                if (t.kind == TaskKind::AiCpu && t.streamId == std::uint32_t(f->focusStream) && t.start == f->focusStart)
                    found = true;
                return true;
            });
        QVERIFY(found);
    }

    // A wide MLP at batch 1: every MatMul streams its weights once for a single row, so the
    // memory pipes, not the cube, set the pace.
    void memoryBoundModel()
    {
        QTemporaryDir dir;
        const QString path = writeModel(dir, "wide_mlp.json", R"({"name":"wide-mlp","input":{"features":4096},
            "layers":[{"type":"dense","units":4096,"activation":"relu"},{"type":"dense","units":4096,"activation":"relu"},
                      {"type":"dense","units":4096,"activation":"relu"},{"type":"dense","units":10}]})");
        QVERIFY(!path.isEmpty());
        SessionSpec s = spec(path, 1, 4);
        s.batchSize = 1;
        MemoryTrace trace;
        QVERIFY(emulate(s, trace));
        const auto fs = advise(trace);
        qInfo("%s", qPrintable(describe(fs)));
        const Finding *f = find(fs, "memory-bound");
        QVERIFY2(f, qPrintable(describe(fs)));
        QVERIFY(f->severity >= Severity::Warning);
        QVERIFY(std::find_if(f->ops.begin(), f->ops.end(), [](const std::string &o) { return o.find("MatMul") != std::string::npos; }) != f->ops.end());
        QVERIFY(f->focusStream >= 0);
        // Without mte2/mac/vec ratios (another metric group) the rule cannot speak.
        MemoryTrace memoryGroup;
        QVERIFY(emulate(s, memoryGroup, options(AicMetrics::Memory)));
        const auto none = advise(memoryGroup);
        QVERIFY2(!find(none, "memory-bound") && !find(none, "low-cube-utilization"), qPrintable(describe(none)));
    }

    // 1×1 convolutions with 16 channels over 112×112 images: 512 multiply-adds per pixel
    // for 64 bytes moved, far below the ~256 flop/byte the cube needs, so the cube idles
    // (and the convs are memory-bound too: the same cause, both reported).
    void lowCubeModel()
    {
        QTemporaryDir dir;
        const QString path = writeModel(dir, "thin_cnn.json", R"({"name":"thin-cnn","input":{"channels":16,"height":112,"width":112},
            "layers":[{"type":"conv","filters":16,"kernel":1,"activation":"relu"},
                      {"type":"conv","filters":16,"kernel":1,"activation":"relu"},
                      {"type":"conv","filters":16,"kernel":1,"activation":"relu"},
                      {"type":"conv","filters":16,"kernel":1,"activation":"relu"},
                      {"type":"maxpool","kernel":16},{"type":"flatten"},{"type":"dense","units":10}]})");
        QVERIFY(!path.isEmpty());
        MemoryTrace trace;
        QVERIFY(emulate(spec(path, 1, 4), trace));
        const auto fs = advise(trace);
        qInfo("%s", qPrintable(describe(fs)));
        const Finding *f = find(fs, "low-cube-utilization");
        QVERIFY2(f, qPrintable(describe(fs)));
        QVERIFY(std::find_if(f->ops.begin(), f->ops.end(), [](const std::string &o) { return o.find("Conv2D") != std::string::npos; }) != f->ops.end());
    }

    // The same verdict through the project store as from memory, and JSON carries it all.
    void projectReaderAndJson()
    {
        QTemporaryDir dir;
        const QString project = dir.filePath(QStringLiteral("p.npuscope"));
        const SessionSpec s = spec(QStringLiteral("alexnet"), 2, 4, {QStringLiteral("straggler")});
        {
            store::StoreError se{};
            QString msg;
            auto w = store::ProjectWriter::create(project, &se, &msg);
            QVERIFY2(w, qPrintable(msg));
            device::Emulator emu(s, options());
            QCOMPARE(emu.run(*w), SessionStatus::Complete);
        }
        store::StoreError se{};
        QString msg;
        auto p = store::Project::open(project, store::Project::Mode::ReadOnly, &se, &msg);
        QVERIFY2(p, qPrintable(msg));
        auto r = p->session(p->sessions().back().id, &msg);
        QVERIFY2(r, qPrintable(msg));
        MemoryTrace mem;
        QVERIFY(emulate(s, mem));
        const auto a = advise(*r), b = advise(mem);
        QCOMPARE(a.size(), b.size());
        for (size_t i = 0; i < a.size(); ++i) {
            QCOMPARE(a[i].id, b[i].id);
            QCOMPARE(a[i].evidence, b[i].evidence);
        }
        const Finding *f = find(a, "straggler");
        QVERIFY(f);
        const QJsonObject j = findingToJson(*f);
        QCOMPARE(j.value(QLatin1String("id")).toString(), QStringLiteral("straggler"));
        QCOMPARE(j.value(QLatin1String("severity")).toString(), QString::fromLatin1(severityName(f->severity)));
        QCOMPARE(j.value(QLatin1String("devices")).toArray().first().toInt(), 1);
        QCOMPARE(j.value(QLatin1String("figures")).toObject().value(QLatin1String("excess")).toDouble(), figure(*f, "excess"));
        QCOMPARE(j.value(QLatin1String("focus")).toObject().value(QLatin1String("start")).toInteger(), qint64(f->focusStart));
        // Sorted: severity descending, then id.
        for (size_t i = 1; i < a.size(); ++i)
            QVERIFY(int(a[i - 1].severity) > int(a[i].severity)
                    || (a[i - 1].severity == a[i].severity && a[i - 1].id < a[i].id));
    }

    void cancelStops()
    {
        MemoryTrace trace;
        QVERIFY(emulate(spec(QStringLiteral("alexnet"), 1, 4, {QStringLiteral("slow-input")}), trace));
        std::atomic<bool> cancel{true};
        QVERIFY(advise(trace, {}, &cancel).empty());
    }

    // A rule without its inputs says so, naming the option that would have given them,
    // instead of reading as "no problem"; with everything recorded every rule runs; a
    // stopped recording carries a note with the iterations it holds.
    void rulesWithoutInputsSayWhy()
    {
        ProfilingOptions o = options(AicMetrics::ArithmeticUtilization);
        o.trainingTrace = Switch::Off;
        o.hccl = Switch::Off;
        MemoryTrace trace;
        QVERIFY(emulate(spec(QStringLiteral("resnet50"), 2, 3), trace, o));
        const Advice a = adviseSession(trace);
        auto reason = [&](const std::string &id) {
            for (const RuleNotRun &r : a.coverage.notRun)
                if (r.id == id)
                    return r.reason;
            return QString();
        };
        for (const RuleNotRun &r : a.coverage.notRun)
            qInfo("not run: %s: %s", r.id.c_str(), qPrintable(r.reason));
        QVERIFY(reason("input-bound").contains(QLatin1String("training_trace")));
        QVERIFY(reason("comm-not-overlapped").contains(QLatin1String("hccl")));
        QVERIFY(reason("slow-link").contains(QLatin1String("hccl")));
        QVERIFY(reason("low-cube-utilization").contains(QLatin1String("ArithmeticUtilization")));
        QVERIFY(reason("memory-bound").contains(QLatin1String("ArithmeticUtilization")));
        QVERIFY(reason("straggler").isEmpty());     // two devices: it had what it reads
        QVERIFY(reason("launch-bound").isEmpty());
        QVERIFY(!a.coverage.noDeviceTasks);
        QVERIFY(a.coverage.notes.isEmpty());
        // None of the rules that could not run has a finding.
        for (const Finding &f : a.findings)
            QVERIFY2(reason(f.id).isEmpty(), f.id.c_str());
        const QJsonObject j = coverageToJson(a.coverage);
        QCOMPARE(j.value(QLatin1String("not_run")).toArray().size(), qsizetype(a.coverage.notRun.size()));
        QCOMPARE(j.value(QLatin1String("not_run")).toArray().at(0).toObject().value(QLatin1String("id")).toString(),
                 QString::fromStdString(a.coverage.notRun.front().id));

        MemoryTrace full;
        QVERIFY(emulate(spec(QStringLiteral("resnet50"), 2, 3), full));
        const Advice all = adviseSession(full);
        for (const RuleNotRun &r : all.coverage.notRun)
            qWarning("not run with every option on: %s: %s", r.id.c_str(), qPrintable(r.reason));
        QVERIFY(all.coverage.notRun.empty());
        QVERIFY(all.coverage.notes.isEmpty());

        full.end(SessionStatus::Cancelled, {});
        const Advice stopped = adviseSession(full);
        QCOMPARE(stopped.coverage.notes.size(), qsizetype(1));
        QVERIFY2(stopped.coverage.notes.front().contains(QLatin1String("3 of the 3")), qPrintable(stopped.coverage.notes.front()));

        // No device tasks at all (an import of host lanes only): every task rule says so.
        MemoryTrace empty;
        SessionInfo info;
        info.name = QStringLiteral("host only");
        info.source = QStringLiteral("import");
        empty.begin(info);
        empty.end(SessionStatus::Complete, {});
        const Advice none = adviseSession(empty);
        QVERIFY(none.findings.empty());
        QVERIFY(none.coverage.noDeviceTasks);
        QVERIFY(!reason("input-bound").isEmpty());
        bool launch = false;
        for (const RuleNotRun &r : none.coverage.notRun)
            launch = launch || (r.id == "launch-bound" && r.reason.contains(QLatin1String("no device tasks")));
        QVERIFY(launch);
    }

    // Thresholds are honoured: raising one silences its rule.
    void thresholdsAreOptions()
    {
        MemoryTrace trace;
        QVERIFY(emulate(spec(QStringLiteral("alexnet"), 1, 12, {QStringLiteral("slow-input")}), trace));
        AdvisorOptions o;
        QVERIFY(find(advise(trace, o), "input-bound"));
        o.inputShareInfo = 0.99;
        QVERIFY(!find(advise(trace, o), "input-bound"));
    }
};

QTEST_GUILESS_MAIN(PipelineAdvisorTest)
#include "test_pipeline_advisor.moc"
