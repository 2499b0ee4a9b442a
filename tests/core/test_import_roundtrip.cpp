// Our own export round-trips: emulate → export A → import A → export B gives the same
// files as A, byte for byte, file by file (only the PROF directory name may differ).
// Also: the accounting of our own export balances, and every file is read.

#include "tests/core/pipeline_fixture.h"
#include "tests/core/test_import_fixture.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace npuscope;

namespace {

QString firstDiff(const QByteArray &a, const QByteArray &b)
{
    const QList<QByteArray> la = a.split('\n'), lb = b.split('\n');
    for (qsizetype i = 0; i < std::max(la.size(), lb.size()); ++i) {
        const QByteArray x = la.value(i), y = lb.value(i);
        if (x != y) {
            qsizetype c = 0;
            while (c < x.size() && c < y.size() && x[c] == y[c])
                ++c;
            return QStringLiteral("line %1 col %2:\n  A: %3\n  B: %4")
                .arg(i + 1).arg(c + 1)
                .arg(QString::fromUtf8(x.mid(std::max<qsizetype>(0, c - 80), 200)),
                     QString::fromUtf8(y.mid(std::max<qsizetype>(0, c - 80), 200)));
        }
    }
    return QStringLiteral("(no line differs)");
}

} // namespace

class ImportRoundTrip : public QObject {
    Q_OBJECT
private slots:
    void roundTrip_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<int>("devices");
        QTest::addColumn<int>("iterations");
        QTest::addColumn<QByteArray>("options");
        QTest::newRow("lenet-2dev-all-on") << QStringLiteral("lenet") << 2 << 3 << pipeline::allSwitchesOn();
        QTest::newRow("lenet-1dev-memory") << QStringLiteral("lenet") << 1 << 2 << pipeline::allSwitchesOn(QStringLiteral("Memory"));
        QTest::newRow("resnet50-2dev-arith") << QStringLiteral("resnet50") << 2 << 2
                                             << pipeline::allSwitchesOn(QStringLiteral("ArithmeticUtilization"));
        QTest::newRow("lenet-2dev-l0-minimal")
            << QStringLiteral("lenet") << 2 << 2
            << QByteArray(R"({"output":"/tmp/x","training_trace":"off","task_trace":"on","task_time":"l0"})");
    }

    void roundTrip()
    {
        QFETCH(QString, model);
        QFETCH(int, devices);
        QFETCH(int, iterations);
        QFETCH(QByteArray, options);
        SessionSpec spec;
        spec.model = model;
        spec.batchSize = 2;
        spec.iterations = iterations;
        spec.devicesPerServer = devices;
        spec.seed = 5;
        QTemporaryDir tmp;
        QVERIFY(tmp.isValid());
        const auto a = pipeline::runAndExport(spec, options, tmp.path());
        QVERIFY2(a.ok, qPrintable(a.error));

        const QString project2 = tmp.filePath(QStringLiteral("imported.npuscope"));
        const auto imp = importfx::importInto(a.result.profDir, project2);
        QVERIFY2(imp.ok, qPrintable(imp.error));
        for (const auto &p : imp.report.problems)
            qWarning("problem: %s:%llu: %s", qPrintable(p.file), (unsigned long long)p.line, qPrintable(p.reason));
        QVERIFY(imp.report.problems.empty());
        QVERIFY(imp.report.balanced());
        const auto t = imp.report.total();
        QCOMPARE(t.skipped, std::uint64_t(0));
        QVERIFY(t.imported > 0);
        // Every data file of the export was read (info/start/end are read as device facts).
        std::size_t dataFiles = 0;
        for (const QString &f : a.result.files)
            dataFiles += f.contains(QLatin1String("/timeline/")) || f.contains(QLatin1String("/summary/"));
        QCOMPARE(imp.report.files.size(), dataFiles);

        exporting::ExportRequest req;
        req.outputDir = tmp.filePath(QStringLiteral("out2"));
        const auto b = pipeline::exportProject(project2, req, imp.sessionId);
        QVERIFY2(b.ok, qPrintable(b.error));
        QCOMPARE(b.result.files, a.result.files);
        const auto fa = pipeline::readTree(a.result.profDir), fb = pipeline::readTree(b.result.profDir);
        int same = 0;
        for (auto it = fa.begin(); it != fa.end(); ++it) {
            QVERIFY2(fb.contains(it.key()), qPrintable(it.key()));
            QVERIFY2(fb.value(it.key()) == it.value(), qPrintable(it.key() + QStringLiteral(": ") + firstDiff(it.value(), fb.value(it.key()))));
            ++same;
        }
        qInfo("%d files byte-identical after export → import → export; %llu items: %llu imported, %llu duplicates, %llu derived",
              same, (unsigned long long)t.items, (unsigned long long)t.imported, (unsigned long long)t.duplicates,
              (unsigned long long)t.derived);
    }
};

QTEST_GUILESS_MAIN(ImportRoundTrip)
#include "test_import_roundtrip.moc"
