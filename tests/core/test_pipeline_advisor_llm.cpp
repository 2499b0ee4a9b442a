// LLM sessions through the whole pipeline: each LLM scenario leaves its signature in the
// torch_npu export (step_trace_time.csv, kernel_details.csv, trace_view.json) and the
// advisor finds it with a share in [0, 1]; a PyTorch session exports in the torch_npu
// layout unless another is asked for.
#include "core/analysis/advisor.h"
#include "core/analysis/communication.h"
#include "core/exporting/prof_exporter.h"
#include "core/model/memory_trace.h"
#include "device/emulator.h"
#include "device/parallel_schedule.h"
#include "tests/core/advisor_test_support.h"
#include "tests/test_record.h"

#include "tests/test_files.h"
#include "tests/test_specs.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>
#include <set>

using namespace npuscope;
using namespace npuscope::analysis;
using namespace advisortest;

namespace {

SessionSpec llm(int dp, int tp, int pp, int m, QStringList scenarios = {})
{
    return testspec::llm(QStringLiteral("llama-0.6b"), 3, 3, dp, tp, pp, m, scenarios);
}

bool emulate(const SessionSpec &s, MemoryTrace &trace)
{
    return testrecord::emulateInto(trace, s, ProfilingOptions{});
}

// Exports the session (the layout request.layout, or the session's default) and returns
// the folder's files by relative path.
QStringList exportFiles(const MemoryTrace &trace, const QString &dir, std::optional<exporting::ExportLayout> layout = {})
{
    exporting::ExportRequest req;
    req.outputDir = dir;
    req.layout = layout.value_or(exporting::defaultExportLayout(trace.sessionInfo()));
    exporting::ExportResult res;
    QString error;
    if (!exporting::exportSession(trace, req, &res, nullptr, &error))
        qWarning("export: %s", qPrintable(error));
    return testfiles::filesUnder(dir);
}

// step_trace_time.csv of one rank: Bubble / (Stage + Bubble) over its steps.
double bubbleShareInExport(const QString &csv)
{
    QFile f(csv);
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    const QStringList lines = QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    const QStringList head = lines.value(0).split(QLatin1Char(','));
    const int stage = int(head.indexOf(QStringLiteral("Stage"))), bubble = int(head.indexOf(QStringLiteral("Bubble")));
    double b = 0, s = 0;
    for (int i = 1; i < lines.size(); ++i) {
        const QStringList c = lines[i].split(QLatin1Char(','));
        b += c.value(bubble).toDouble();
        s += c.value(stage).toDouble() + c.value(bubble).toDouble();
    }
    return s > 0 ? b / s : -1;
}

void checkShares(const Finding &f)
{
    for (const auto &[n, v] : f.figures)
        if (n.find("share") != std::string::npos)
            QVERIFY2(v >= 0 && v <= 1, n.c_str());
}

} // namespace

class PipelineAdvisorLlmTest : public QObject {
    Q_OBJECT
private slots:
    // pipeline-bubble: the export's Bubble column and the advisor's pipeline-bubble.
    void pipelineBubble()
    {
        MemoryTrace base, bubble;
        QVERIFY(emulate(llm(1, 2, 2, 8), base));
        QVERIFY(emulate(llm(1, 2, 2, 8, {QStringLiteral("pipeline-bubble")}), bubble));
        QTemporaryDir dir;
        const QStringList files = exportFiles(bubble, dir.filePath(QStringLiteral("b")));
        QString csv;
        for (const QString &f : files)
            if (f.endsWith(QStringLiteral("ASCEND_PROFILER_OUTPUT/step_trace_time.csv")) && f.contains(QStringLiteral("rank0")))
                csv = dir.filePath(QStringLiteral("b/") + f);
        QVERIFY2(!csv.isEmpty(), qPrintable(files.join(QLatin1Char('\n'))));
        const double share = bubbleShareInExport(csv);
        qInfo("rank 0 Bubble share in step_trace_time.csv: %.3f", share);
        QVERIFY(share > 0.25);

        const auto fs = advise(bubble);
        const Finding *f = find(fs, "pipeline-bubble");
        QVERIFY2(f, qPrintable(describe(fs)));
        QVERIFY(int(f->severity) >= int(Severity::Warning));
        checkShares(*f);
        const auto clean = advise(base);
        const Finding *c = find(clean, "pipeline-bubble");
        QVERIFY2(!c || c->severity == Severity::Info, qPrintable(describe(clean)));
        // The last stage's extra work (the vocabulary projection and the loss) is not an AI
        // Core straggler (ranks are compared with those of their own stage), and the
        // receives' waits are the bubble, not a slow rank the collectives wait for.
        QVERIFY2(!find(clean, "straggler"), qPrintable(describe(clean)));
        QVERIFY2(!find(fs, "straggler"), qPrintable(describe(fs)));
    }

    // tp-no-overlap: the in-layer collectives' unhidden time.
    void tpNotOverlapped()
    {
        // 7B layers: enough computation per byte for the overlap to hide most of it.
        SessionSpec s = llm(1, 2, 1, 2);
        s.model = QStringLiteral("llama-7b");
        s.llm.layers = 4;
        MemoryTrace base, exposed;
        QVERIFY(emulate(s, base));
        s.scenarios = {QStringLiteral("tp-no-overlap")};
        QVERIFY(emulate(s, exposed));
        const auto fs = advise(exposed);
        const Finding *f = find(fs, "tp-comm-not-overlapped");
        QVERIFY2(f, qPrintable(describe(fs)));
        checkShares(*f);
        const auto clean = advise(base);
        const Finding *c = find(clean, "tp-comm-not-overlapped");
        const double before = c ? figure(*c, "exposed_share") : 0.0;
        qInfo("tp-comm-not-overlapped exposed share %.3f (overlapped run: %.3f)", figure(*f, "exposed_share"), before);
        // The links are slower than these GEMMs, so even the overlapped run leaves part of
        // each collective exposed; without the overlap that part grows by half at least.
        QVERIFY(figure(*f, "exposed_share") > 1.4 * before);
        QVERIFY(int(f->severity) >= int(Severity::Warning));
    }

    // straggler on a chosen rank: the advisor names that rank.
    void stragglerOnChosenRank()
    {
        SessionSpec s = llm(2, 2, 1, 2, {QStringLiteral("straggler")});
        s.stragglerRank = 1;
        MemoryTrace t;
        QVERIFY(emulate(s, t));
        const auto fs = advise(t);
        const Finding *f = find(fs, "straggler");
        QVERIFY2(f, qPrintable(describe(fs)));
        QCOMPARE(f->focusDevice, std::uint16_t(1));
        checkShares(*f);
    }

    void launchBound()
    {
        MemoryTrace t;
        QVERIFY(emulate(llm(1, 2, 1, 2, {QStringLiteral("launch-bound")}), t));
        const auto fs = advise(t);
        const Finding *f = find(fs, "launch-bound");
        QVERIFY2(f, qPrintable(describe(fs)));
        checkShares(*f);
    }

    // The communication analysis shows the groups: every op carries its torch_npu group.
    void communicationGroups()
    {
        MemoryTrace t;
        QVERIFY(emulate(llm(2, 2, 2, 2), t));
        const CommunicationAnalysis a = analyzeCommunication(t);
        QVERIFY(!a.ops.empty());
        std::set<std::string> groups;
        for (const CommOpRank &o : a.ops) {
            QVERIFY2(!o.group.empty(), o.op.c_str());
            QVERIFY(o.op.find('@') == std::string::npos);
            groups.insert(o.group);
        }
        QCOMPARE(int(groups.size()), 12); // 4 tensor-, 4 data-, 4 pipeline-parallel groups
        const device::ParallelLayout lay{2, 2, 2};
        QVERIFY(groups.count(device::hcclGroupName("tp", lay.tpGroup(5))));
    }

    // A PyTorch session exports in the torch_npu layout by default; legacy on request.
    void pytorchSessionsExportTorchNpuByDefault()
    {
        MemoryTrace t;
        QVERIFY(emulate(llm(1, 1, 2, 2), t));
        QCOMPARE(exporting::defaultExportLayout(t.sessionInfo()), exporting::ExportLayout::TorchNpu);
        QTemporaryDir dir;
        const QStringList torch = exportFiles(t, dir.filePath(QStringLiteral("t")));
        QVERIFY(!torch.filter(QStringLiteral("_ascend_pt/ASCEND_PROFILER_OUTPUT/kernel_details.csv")).isEmpty());
        const QStringList legacy = exportFiles(t, dir.filePath(QStringLiteral("l")), exporting::ExportLayout::Legacy);
        QVERIFY(!legacy.filter(QRegularExpression(QStringLiteral("^PROF_[^/]+/device_0/"))).isEmpty());
        SessionInfo tf;
        QCOMPARE(exporting::defaultExportLayout(tf), exporting::ExportLayout::Legacy);
    }
};

QTEST_GUILESS_MAIN(PipelineAdvisorLlmTest)
#include "test_pipeline_advisor_llm.moc"
