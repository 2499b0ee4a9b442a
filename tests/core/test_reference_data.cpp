// The vendored real captures are what several tests compare against: a file lost or
// altered in a copy must fail here, loudly and by name, rather than as an odd mismatch
// somewhere else.

#include "tests/test_data.h"

#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QSet>
#include <QTest>

class ReferenceData : public QObject {
    Q_OBJECT
private slots:
    void everyListedFileHasItsHash()
    {
        const QString root = testdata::path(QStringLiteral("reference"));
        NPUSCOPE_REQUIRE_DATA(root + QStringLiteral("/SHA256SUMS"));
        QFile sums(root + QStringLiteral("/SHA256SUMS"));
        QVERIFY(sums.open(QIODevice::ReadOnly));
        QStringList damaged;
        int listed = 0;
        while (!sums.atEnd()) {
            const QByteArray line = sums.readLine().trimmed();
            if (line.isEmpty())
                continue;
            // sha256sum's format: 64 hex digits, two spaces, the path.
            QVERIFY2(line.size() > 66 && line.mid(64, 2) == "  ", line.constData());
            const QByteArray expected = line.left(64);
            const QString rel = QString::fromUtf8(line.mid(66));
            ++listed;
            QFile f(root + QLatin1Char('/') + rel);
            if (!f.open(QIODevice::ReadOnly)) {
                damaged << rel + QStringLiteral(" (missing)");
                continue;
            }
            QCryptographicHash h(QCryptographicHash::Sha256);
            h.addData(&f);
            if (h.result().toHex() != expected)
                damaged << rel + QStringLiteral(" (content differs)");
        }
        QVERIFY2(listed > 0, "SHA256SUMS lists no file");
        QVERIFY2(damaged.isEmpty(), qPrintable(QStringLiteral("damaged reference data: ") + damaged.join(QStringLiteral(", "))));
    }

    void everyFileIsListed()
    {
        const QString root = testdata::path(QStringLiteral("reference"));
        QFile sums(root + QStringLiteral("/SHA256SUMS"));
        QVERIFY(sums.open(QIODevice::ReadOnly));
        QSet<QString> listed;
        while (!sums.atEnd()) {
            const QByteArray line = sums.readLine().trimmed();
            if (line.size() > 66)
                listed.insert(QString::fromUtf8(line.mid(66)));
        }
        QStringList unlisted;
        QDirIterator it(root, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
        const QDir base(root);
        while (it.hasNext()) {
            const QString rel = base.relativeFilePath(it.next());
            if (rel != QLatin1String("SHA256SUMS") && rel != QLatin1String("README.md") && !listed.contains(rel))
                unlisted << rel;
        }
        QVERIFY2(unlisted.isEmpty(), qPrintable(QStringLiteral("files not in SHA256SUMS: ") + unlisted.join(QStringLiteral(", "))));
    }
};

QTEST_GUILESS_MAIN(ReferenceData)
#include "test_reference_data.moc"
