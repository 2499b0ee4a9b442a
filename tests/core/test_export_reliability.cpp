// The exporter when the disk fills up at any point of an export, when the export folder
// breaks the result-path rules, and the CSV formula guard for every leading character
// spreadsheets treat as a formula (tab and CR included).

#include "core/exporting/out_file.h"
#include "core/exporting/prof_exporter.h"
#include "export_fixture.h"

#include <QDir>
#include <QDirIterator>
#include <QTemporaryDir>
#include <QTest>

using namespace npuscope;
using namespace npuscope::exporting;
using namespace npuscope::testing;

namespace {

QStringList everything(const QString &root)
{
    QStringList out;
    QDirIterator it(root, QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
    while (it.hasNext())
        out << it.next();
    return out;
}

} // namespace

class TestExportReliability : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void cleanup() { setExportByteLimitForTesting(-1); }

    void diskFullAtAnyPointLeavesNothing()
    {
        auto t = makeSession();
        QTemporaryDir tmp;
        ExportRequest req;
        req.outputDir = tmp.filePath(QStringLiteral("whole"));
        ExportResult whole;
        QString err;
        ExportError kind = ExportError::None;
        QVERIFY2(exportProf(*t, req, &whole, &kind, &err), qPrintable(err));
        QVERIFY(whole.bytes > 1000);

        // Fail after 0 bytes, inside the first file, and at spread points up to the end.
        std::vector<std::uint64_t> limits = {0, 1, 100};
        for (int i = 1; i <= 12; ++i)
            limits.push_back(whole.bytes * std::uint64_t(i) / 13);
        limits.push_back(whole.bytes - 1);
        for (std::uint64_t limit : limits) {
            const QString out = tmp.filePath(QStringLiteral("full-%1").arg(limit));
            ExportRequest r = req;
            r.outputDir = out;
            setExportByteLimitForTesting(std::int64_t(limit));
            ExportResult res;
            const bool ok = exportProf(*t, r, &res, &kind, &err);
            setExportByteLimitForTesting(-1);
            QVERIFY2(!ok, qPrintable(QStringLiteral("limit %1 of %2 bytes").arg(limit).arg(whole.bytes)));
            QCOMPARE(kind, ExportError::Io);
            QVERIFY2(err.contains(QStringLiteral("No space left on device")), qPrintable(err));
            // The file is named where the user will look for it.
            QVERIFY2(err.contains(QDir(out).absolutePath() + QStringLiteral("/PROF_")) && !err.contains(QStringLiteral(".tmp-")),
                     qPrintable(err));
            QCOMPARE(everything(out), QStringList());
        }
        // With room again, the same export succeeds with the same bytes.
        ExportResult again;
        req.outputDir = tmp.filePath(QStringLiteral("again"));
        QVERIFY2(exportProf(*t, req, &again, &kind, &err), qPrintable(err));
        QCOMPARE(again.bytes, whole.bytes);
        QCOMPARE(again.files, whole.files);
    }

    void exportFolderFollowsTheResultPathRules()
    {
        auto t = makeSession();
        QTemporaryDir tmp;
        for (const QString &name : {QStringLiteral("a;b"), QStringLiteral("a|b"), QStringLiteral("a>b"), QStringLiteral("tab\there"),
                                    QStringLiteral("a'b")}) {
            ExportRequest req;
            req.outputDir = tmp.filePath(name);
            ExportResult res;
            QString err;
            ExportError kind = ExportError::None;
            QVERIFY(!exportProf(*t, req, &res, &kind, &err));
            QCOMPARE(kind, ExportError::Usage);
            QVERIFY2(err.contains(QStringLiteral("must not contain")) && err.contains(req.outputDir), qPrintable(err));
            QVERIFY(!QFileInfo::exists(req.outputDir));
        }
    }

    void formulaGuardCoversTabAndCarriageReturn()
    {
        QCOMPARE(csvCell("\tcmd"), std::string("'\tcmd"));
        QCOMPARE(csvCell("\rcmd"), std::string("\"'\rcmd\"")); // CR also needs quoting
        QCOMPARE(csvCell("=cmd|' /C calc'!A0"), std::string("'=cmd|' /C calc'!A0"));
        QCOMPARE(csvCell("x\t"), std::string("x\t")); // only the first character matters
        QTemporaryDir tmp;
        OutFile f;
        QString err;
        const QString path = tmp.filePath(QStringLiteral("c.csv"));
        QVERIFY(f.open(path, &err));
        f.putCsvText("\t=1+1");
        f.put(',');
        f.putCsvText("ok");
        QVERIFY(f.commit(&err));
        QFile in(path);
        QVERIFY(in.open(QIODevice::ReadOnly));
        QCOMPARE(in.readAll(), QByteArray("'\t=1+1,ok"));
    }
};

QTEST_GUILESS_MAIN(TestExportReliability)
#include "test_export_reliability.moc"
