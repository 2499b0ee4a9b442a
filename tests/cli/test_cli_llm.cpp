// npuscope run of an LLM session with the real binary: --dp/--tp/--pp set the devices, an
// inconsistent layout is refused with every problem listed (English and Chinese), and a
// PyTorch session exports in torch_npu's layout unless --layout says otherwise.
#include "cli_process.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

class TestCliLlm : public QObject {
    Q_OBJECT
private:
    QTemporaryDir tmp_;

    static QStringList small()
    {
        return {QStringLiteral("run"), QStringLiteral("--model"), QStringLiteral("llama"), QStringLiteral("--framework"),
                QStringLiteral("pytorch"), QStringLiteral("--batch"), QStringLiteral("1"), QStringLiteral("--iterations"),
                QStringLiteral("1"), QStringLiteral("--layers"), QStringLiteral("4"), QStringLiteral("--seq-len"),
                QStringLiteral("256"), QStringLiteral("--clock-base"), QStringLiteral("2025-01-02T03:04:05Z")};
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(tmp_.isValid()); }

    void inconsistentLayoutListsEveryProblem()
    {
        const QStringList args = small() + QStringList{QStringLiteral("--dp"), QStringLiteral("3"), QStringLiteral("--tp"),
                                                       QStringLiteral("3"), QStringLiteral("--pp"), QStringLiteral("3"),
                                                       QStringLiteral("--devices"), QStringLiteral("4"), QStringLiteral("--project"),
                                                       tmp_.filePath(QStringLiteral("bad.npuscope"))};
        const CliResult r = runNpuscope(args, {}, 60000);
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(QStringLiteral("dp × tp × pp = 3 × 3 × 3 = 27 devices, but the session has 4")), qPrintable(r.err));
        QVERIFY(r.err.contains(QStringLiteral("The head count 16 is not divisible by the tensor-parallel size 3.")));
        QVERIFY(r.err.contains(QStringLiteral("The layer count 4 is not divisible by the pipeline-parallel size 3")));
        QVERIFY(r.err.contains(QStringLiteral("The tensor-parallel size 3 is larger than a server's 4 devices")) == false);
        const CliResult zh = runNpuscope(args, {{QStringLiteral("NPUSCOPE_LANG"), QStringLiteral("zh_CN")}}, 60000);
        QCOMPARE(zh.code, 2);
        QVERIFY2(zh.err.contains(QStringLiteral("张量并行")), qPrintable(zh.err));
        const CliResult tf = runNpuscope({QStringLiteral("run"), QStringLiteral("--model"), QStringLiteral("lenet"),
                                          QStringLiteral("--tp"), QStringLiteral("2"), QStringLiteral("--project"),
                                          tmp_.filePath(QStringLiteral("bad2.npuscope"))},
                                         {}, 60000);
        QCOMPARE(tf.code, 2);
        QVERIFY(tf.err.contains(QStringLiteral("--tp sets up an LLM session")));
    }

    // dp × tp × pp devices; export without --layout: torch_npu; with --layout legacy: PROF.
    void runAndExportLayouts()
    {
        const QString project = tmp_.filePath(QStringLiteral("llm.npuscope"));
        const QString out = tmp_.filePath(QStringLiteral("run-export"));
        const CliResult r = runNpuscope(small() + QStringList{QStringLiteral("--dp"), QStringLiteral("2"), QStringLiteral("--tp"),
                                                              QStringLiteral("2"), QStringLiteral("--pp"), QStringLiteral("2"),
                                                              QStringLiteral("--micro-batches"), QStringLiteral("2"),
                                                              QStringLiteral("--project"), project, QStringLiteral("--export"), out});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("8 devices")), qPrintable(r.out));
        QCOMPARE(QDir(out).entryList({QStringLiteral("*_ascend_pt")}, QDir::Dirs).size(), 8);
        QVERIFY(QDir(out).entryList({QStringLiteral("PROF_*")}, QDir::Dirs).isEmpty());

        const QString torch = tmp_.filePath(QStringLiteral("export-default"));
        const CliResult e = runNpuscope({QStringLiteral("export"), QStringLiteral("--project"), project, QStringLiteral("--output"), torch});
        QVERIFY2(e.code == 0, qPrintable(e.err));
        QCOMPARE(QDir(torch).entryList({QStringLiteral("*_ascend_pt")}, QDir::Dirs).size(), 8);

        const QString legacy = tmp_.filePath(QStringLiteral("export-legacy"));
        const CliResult l = runNpuscope({QStringLiteral("export"), QStringLiteral("--project"), project, QStringLiteral("--output"),
                                         legacy, QStringLiteral("--layout"), QStringLiteral("legacy")});
        QVERIFY2(l.code == 0, qPrintable(l.err));
        const QStringList profs = QDir(legacy).entryList({QStringLiteral("PROF_*")}, QDir::Dirs);
        QCOMPARE(profs.size(), 1);
        QVERIFY(QDir(legacy + QLatin1Char('/') + profs.first()).exists(QStringLiteral("device_7")));
    }
};

QTEST_GUILESS_MAIN(TestCliLlm)
#include "test_cli_llm.moc"
