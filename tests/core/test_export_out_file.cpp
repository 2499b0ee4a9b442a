// OutFile: number formatting, CSV cells, JSON strings, temp-then-rename, error reporting.
#include "core/exporting/out_file.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace npuscope;
using namespace npuscope::exporting;

class TestExportOutFile : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void numbers()
    {
        QCOMPARE(formatUs(0), std::string("0"));
        QCOMPARE(formatUs(1000), std::string("1"));
        QCOMPARE(formatUs(23100), std::string("23.1"));
        QCOMPARE(formatUs(10), std::string("0.01"));
        QCOMPARE(formatUs(56635864652490), std::string("56635864652.49"));
        QCOMPARE(formatUs(1), std::string("0.001"));
        QCOMPARE(formatUs(-1500), std::string("-1.5"));
        QCOMPARE(formatFixed(0.12345), std::string("0.123"));
        QCOMPARE(formatFixed(2.0), std::string("2"));
        QCOMPARE(formatFixed(0.0005), std::string("0.001"));
        QCOMPARE(formatFixed(-0.0001), std::string("0"));
        QCOMPARE(formatFixed(17800000.0), std::string("17800000"));
    }
    void csvCells()
    {
        QCOMPARE(csvCell("plain"), std::string("plain"));
        QCOMPARE(csvCell("a,b"), std::string("\"a,b\""));
        QCOMPARE(csvCell("say \"hi\""), std::string("\"say \"\"hi\"\"\""));
        QCOMPARE(csvCell("line\nbreak"), std::string("\"line\nbreak\""));
        for (const char *f : {"=1+1", "+1", "-1", "@SUM(A1)"})
            QCOMPARE(csvCell(f), std::string("'") + f);
        QCOMPARE(csvCell("=a,b"), std::string("\"'=a,b\""));
        QCOMPARE(csvCell("a=b"), std::string("a=b"));
    }
    void writesAtomically()
    {
        QTemporaryDir tmp;
        const QString path = tmp.path() + QStringLiteral("/x.json");
        QString err;
        {
            OutFile f;
            QVERIFY(f.open(path, &err));
            QVERIFY(!QFile::exists(path)); // only the temporary name exists while writing
            QCOMPARE(QDir(tmp.path()).entryList(QDir::Files).size(), 1);
            QVERIFY(QDir(tmp.path()).entryList(QDir::Files).first().startsWith(QLatin1String("x.json.tmp-")));
            f.put("{\"k\": ");
            f.putJsonString("a\"b\\c\n\x01");
            f.put(", \"n\": ");
            f.putUInt(18446744073709551615ull);
            f.put(", \"d\": ");
            f.putShortest(364.4913989637306);
            f.put('}');
            QVERIFY(f.commit(&err));
            QCOMPARE(f.bytes(), static_cast<std::uint64_t>(QFileInfo(path).size()));
        }
        QFile in(path);
        QVERIFY(in.open(QIODevice::ReadOnly));
        const auto doc = QJsonDocument::fromJson(in.readAll());
        QCOMPARE(doc.object().value(QStringLiteral("k")).toString(), QStringLiteral("a\"b\\c\n\x01"));
        QCOMPARE(doc.object().value(QStringLiteral("d")).toDouble(), 364.4913989637306);
        QCOMPARE(QDir(tmp.path()).entryList(QDir::Files), QStringList{QStringLiteral("x.json")});
        {
            // abort (and destruction without commit) leave nothing behind
            OutFile f;
            QVERIFY(f.open(tmp.path() + QStringLiteral("/y.csv"), &err));
            f.put(std::string(3 << 20, 'x')); // larger than the buffer
        }
        QCOMPARE(QDir(tmp.path()).entryList(QDir::Files), QStringList{QStringLiteral("x.json")});
    }
    void diskFullIsReportedAndCleanedUp()
    {
        // The temporary name points at /dev/full, so every write fails with ENOSPC.
        if (!QFile::exists(QStringLiteral("/dev/full")))
            QSKIP("no /dev/full on this system");
        QTemporaryDir tmp;
        const QString path = tmp.path() + QStringLiteral("/full.csv");
        QVERIFY(QFile::link(QStringLiteral("/dev/full"), path + QStringLiteral(".tmp-") + QString::number(QCoreApplication::applicationPid())));
        OutFile f;
        QString err;
        QVERIFY(f.open(path, &err));
        f.put(std::string(3 << 20, 'x'));
        QVERIFY(f.failed());
        QVERIFY(!f.commit(&err));
        QVERIFY2(err.contains(path), qPrintable(err));
        QVERIFY2(err.contains(QLatin1String("No space left on device")), qPrintable(err));
        QVERIFY(QDir(tmp.path()).entryList(QDir::Files | QDir::System).isEmpty());
    }
    void reportsOsErrors()
    {
        QTemporaryDir tmp;
        OutFile f;
        QString err;
        const QString bad = tmp.path() + QStringLiteral("/missing/dir/z.csv");
        QVERIFY(!f.open(bad, &err));
        QVERIFY(err.contains(bad));
        QVERIFY(err.contains(QLatin1String("No such file or directory")));
    }
};

QTEST_GUILESS_MAIN(TestExportOutFile)
#include "test_export_out_file.moc"
