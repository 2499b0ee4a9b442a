// Golden files: a tiny deterministic LeNet session, run through the real chain (emulator →
// ProjectWriter → ProjectReader → exportProf), must export exactly the tree committed under
// tests/data/golden/lenet/<case>/ (the part below PROF_*/: file list and every byte).
//
// Regenerate after an intended change of the emulator or the exporter with
//   NPUSCOPE_UPDATE_GOLDEN=1 build/tests/core/core_pipeline_golden
// then review `git diff tests/data/golden` before committing: every changed line is a
// change users will see in their exported files.

#include "pipeline_fixture.h"

#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>
#include <ctime>

using namespace npuscope;

class PipelineGolden : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        if (qEnvironmentVariableIntValue("NPUSCOPE_UPDATE_GOLDEN") != 1)
            NPUSCOPE_REQUIRE_DATA(testdata::path(QStringLiteral("golden/lenet/1dev")),
                                  testdata::path(QStringLiteral("golden/lenet/2dev")));
    }
    void golden_data();
    void golden();
};

void PipelineGolden::golden_data()
{
    QTest::addColumn<int>("devices");
    QTest::addColumn<int>("exportDevice");     // -1 = all
    QTest::addColumn<int>("exportIteration");  // 0 = all
    // One device, both iterations: every single-device file (no hccl by the spec's table).
    QTest::newRow("1dev") << 1 << -1 << 0;
    // Two devices for the HCCL lanes and hccl json; only device 1, iteration 2 are kept so
    // the golden set stays small (and the --device / --iteration-id filters are covered).
    QTest::newRow("2dev") << 2 << 1 << 2;
}

static QString firstDifference(const QByteArray &expected, const QByteArray &actual)
{
    const QList<QByteArray> e = expected.split('\n');
    const QList<QByteArray> a = actual.split('\n');
    for (qsizetype i = 0; i < std::max(e.size(), a.size()); ++i) {
        const QByteArray el = i < e.size() ? e[i] : QByteArray("<end of file>");
        const QByteArray al = i < a.size() ? a[i] : QByteArray("<end of file>");
        if (el != al) {
            // Long JSON lines: show the neighbourhood of the first differing byte.
            qsizetype c = 0;
            while (c < el.size() && c < al.size() && el[c] == al[c]) ++c;
            const qsizetype from = std::max<qsizetype>(0, c - 60);
            return QStringLiteral("line %1, column %2:\n  expected: …%3\n  actual:   …%4")
                .arg(i + 1).arg(c + 1)
                .arg(QString::fromUtf8(el.mid(from, 160)), QString::fromUtf8(al.mid(from, 160)));
        }
    }
    return QStringLiteral("(no line differs)");
}

void PipelineGolden::golden()
{
    QFETCH(int, devices);
    QFETCH(int, exportDevice);
    QFETCH(int, exportIteration);

    SessionSpec spec{.model = QStringLiteral("lenet"), .batchSize = 2, .iterations = 2,
                     .devicesPerServer = devices, .seed = 11};
    // Golden files need a fixed date: the collection is stamped with this clock base
    // instead of the real clock (PROF folder name, start_info, end_info, info.json).
    QString clockError;
    QVERIFY2(clockBaseFromIso(QStringLiteral("2023-08-18T06:38:04.324979Z"), &spec.clockBaseUs, &clockError),
             qPrintable(clockError));

    exporting::ExportRequest req;
    if (exportDevice >= 0) req.devices = {static_cast<std::uint16_t>(exportDevice)};
    if (exportIteration > 0) {
        req.firstIteration = static_cast<std::uint32_t>(exportIteration);
        req.lastIteration = static_cast<std::uint32_t>(exportIteration);
    }

    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const auto e = pipeline::runAndExport(spec, pipeline::allSwitchesOn(), tmp.path(), req);
    QVERIFY2(e.ok, qPrintable(e.error));

    const QString profName = QFileInfo(e.result.profDir).fileName();
    QVERIFY2(QRegularExpression(QStringLiteral("^PROF_000001_\\d{17}_[A-R]{16}$")).match(profName).hasMatch(),
             qPrintable(profName));

    const auto actual = pipeline::readTree(e.result.profDir);
    QVERIFY(!actual.isEmpty());
    QCOMPARE(QStringList(actual.keys()), e.result.files);

    const QString goldenDir = QStringLiteral(NPUSCOPE_TEST_DATA "/golden/lenet/") + QString::fromLatin1(QTest::currentDataTag());

    if (qEnvironmentVariableIntValue("NPUSCOPE_UPDATE_GOLDEN") == 1) {
        QDir(goldenDir).removeRecursively();
        for (auto it = actual.cbegin(); it != actual.cend(); ++it) {
            const QString path = goldenDir + u'/' + it.key();
            QVERIFY(QDir().mkpath(QFileInfo(path).absolutePath()));
            QFile f(path);
            QVERIFY2(f.open(QIODevice::WriteOnly | QIODevice::Truncate), qPrintable(path));
            QCOMPARE(f.write(it.value()), it.value().size());
        }
        qWarning("Golden files rewritten in %s: review the diff before committing.", qPrintable(goldenDir));
        return;
    }

    QVERIFY2(QDir(goldenDir).exists(),
             qPrintable(QStringLiteral("%1 is missing; run with NPUSCOPE_UPDATE_GOLDEN=1 to create it").arg(goldenDir)));
    const auto expected = pipeline::readTree(goldenDir);

    QStringList missing, extra;
    for (const QString &k : expected.keys())
        if (!actual.contains(k)) missing << k;
    for (const QString &k : actual.keys())
        if (!expected.contains(k)) extra << k;
    QVERIFY2(missing.isEmpty() && extra.isEmpty(),
             qPrintable(QStringLiteral("file list differs; missing: %1; unexpected: %2")
                            .arg(missing.join(u' '), extra.join(u' '))));

    for (auto it = expected.cbegin(); it != expected.cend(); ++it) {
        const QByteArray &got = actual.value(it.key());
        QVERIFY2(got == it.value(),
                 qPrintable(it.key() + QStringLiteral(" differs from the golden file, ")
                            + firstDifference(it.value(), got)));
    }
}

// start_info's collectionDateBegin and the PROF_* name are local time (as msprof writes
// them), so the golden files are only comparable in one fixed time zone.
int main(int argc, char **argv)
{
    qputenv("TZ", "UTC");
    tzset();
    QCoreApplication app(argc, argv);
    PipelineGolden test;
    return QTest::qExec(&test, argc, argv);
}
#include "test_pipeline_golden.moc"
