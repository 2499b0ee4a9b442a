// OutFile: number formatting, CSV cells, JSON strings, temp-then-rename, error reporting.
#include "core/exporting/out_file.h"
#include "tests/test_files.h"

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
        // The byte budget fails writes with ENOSPC after 1 MiB, as a full disk does.
        QTemporaryDir tmp;
        const QString path = tmp.path() + QStringLiteral("/full.csv");
        setExportByteLimitForTesting(1 << 20);
        OutFile f;
        QString err;
        QVERIFY(f.open(path, &err));
        f.put(std::string(3 << 20, 'x'));
        setExportByteLimitForTesting(-1);
        QVERIFY(f.failed());
        QVERIFY(!f.commit(&err));
        QVERIFY2(err.contains(path), qPrintable(err));
        QVERIFY2(err.contains(QLatin1String("No space left on device")), qPrintable(err));
        QVERIFY(QDir(tmp.path()).entryList(QDir::Files | QDir::System).isEmpty());
    }

    // The temporary name is not predictable and is created exclusively: a link planted at
    // the name the writer used to pick (<file>.tmp-<pid>) is neither followed nor removed,
    // and two writers of the same file never share a temporary.
    void temporariesAreUniqueAndExclusive()
    {
        QTemporaryDir tmp;
        const QString path = tmp.path() + QStringLiteral("/t.csv");
        const QString victim = tmp.path() + QStringLiteral("/victim.txt");
        QVERIFY(testfiles::writeFile(victim, "keep me"));
        const QString planted = path + QStringLiteral(".tmp-") + QString::number(QCoreApplication::applicationPid());
        QVERIFY(QFile::link(victim, planted));
        QString err;
        OutFile a, b;
        QVERIFY2(a.open(path, &err), qPrintable(err));
        QVERIFY2(b.open(path, &err), qPrintable(err));
        a.put("first\n");
        b.put("second\n");
        QStringList temps = QDir(tmp.path()).entryList({QStringLiteral("t.csv.tmp-*")}, QDir::Files | QDir::System);
        QCOMPARE(temps.size(), 3); // the planted link and one per writer
        QVERIFY(a.commit(&err));
        QVERIFY(b.commit(&err));
        QFile v(victim);
        QVERIFY(v.open(QIODevice::ReadOnly));
        QCOMPARE(v.readAll(), QByteArray("keep me"));
        QFile out(path);
        QVERIFY(out.open(QIODevice::ReadOnly));
        QCOMPARE(out.readAll(), QByteArray("second\n"));
        temps = QDir(tmp.path()).entryList({QStringLiteral("t.csv.tmp-*")}, QDir::Files | QDir::System);
        QCOMPARE(temps, QStringList{QFileInfo(planted).fileName()});
        // The file gets the usual permissions (the umask applies), not a private 0600.
        QVERIFY(QFileInfo(path).permissions() & QFileDevice::ReadOwner);
        QCOMPARE(bool(QFileInfo(path).permissions() & QFileDevice::ReadOther), bool(QFileInfo(victim).permissions() & QFileDevice::ReadOther));
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
