// The Chinese catalogue must be complete and in sync with the sources: every tr() string
// present, none unfinished, and the compiled catalogue must actually translate.
#include "ui/appearance.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>
#include <QXmlStreamReader>

namespace {

struct TsStats {
    int messages = 0;
    int unfinished = 0;
    int obsolete = 0;
    int emptyTranslations = 0;
    QStringList unfinishedSources;
};

TsStats readTs(const QString &path)
{
    TsStats s;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return s;
    QXmlStreamReader xml(&f);
    QString source;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        if (xml.name() == QLatin1String("message")) {
            ++s.messages;
        } else if (xml.name() == QLatin1String("source")) {
            source = xml.readElementText();
        } else if (xml.name() == QLatin1String("translation")) {
            const QString type = xml.attributes().value(QLatin1String("type")).toString();
            const QString text = xml.readElementText(QXmlStreamReader::IncludeChildElements);
            if (type == QLatin1String("unfinished")) {
                ++s.unfinished;
                s.unfinishedSources << source;
            } else if (type == QLatin1String("obsolete") || type == QLatin1String("vanished")) {
                ++s.obsolete;
            } else if (text.trimmed().isEmpty()) {
                ++s.emptyTranslations;
                s.unfinishedSources << source;
            }
        }
    }
    return s;
}

const QString kTs = QStringLiteral(NPUSCOPE_SOURCE_DIR "/translations/npuscope_zh_CN.ts");
const QString kEnTs = QStringLiteral(NPUSCOPE_SOURCE_DIR "/translations/npuscope_en.ts");

// lupdate over the sources into a copy of `ts` in `tmp`, through the same lupdate project the
// update_translations target uses (include paths included), so contexts come out exactly as
// in the catalogue. Returns the copy's path, or an empty string with the reason in *error.
QString lupdateCopy(const QString &ts, QTemporaryDir &tmp, const QStringList &extra, QString *error)
{
    const QString copy = tmp.filePath(QFileInfo(ts).fileName());
    if (!QFile::copy(ts, copy)) {
        *error = QStringLiteral("cannot copy ") + ts;
        return {};
    }
    QFile::setPermissions(copy, QFile::ReadOwner | QFile::WriteOwner);
    const QString project = tmp.filePath(QStringLiteral("lupdate_project.json"));
    QProcess gen;
    gen.start(QStringLiteral(NPUSCOPE_CMAKE),
              {QStringLiteral("-DIN_FILE=" NPUSCOPE_LUPDATE_PROJECT_IN), QStringLiteral("-DOUT_FILE=") + project,
               QStringLiteral("-P"), QStringLiteral(NPUSCOPE_LUPDATE_GENERATOR)});
    if (!gen.waitForFinished(60000) || gen.exitCode() != 0) {
        *error = QString::fromLocal8Bit(gen.readAllStandardError());
        return {};
    }
    QProcess p;
    p.start(QStringLiteral(NPUSCOPE_LUPDATE),
            QStringList{QStringLiteral("-project"), project} + extra
                + QStringList{QStringLiteral("-no-obsolete"), QStringLiteral("-locations"), QStringLiteral("none"),
                              QStringLiteral("-silent"), QStringLiteral("-ts"), copy});
    if (!p.waitForFinished(120000) || p.exitCode() != 0) {
        *error = QString::fromLocal8Bit(p.readAllStandardError());
        return {};
    }
    return copy;
}

} // namespace

class TestTranslations : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void catalogueIsComplete()
    {
        const TsStats s = readTs(kTs);
        QVERIFY2(s.messages > 100, "the catalogue is missing or nearly empty");
        QVERIFY2(s.unfinished == 0 && s.emptyTranslations == 0,
                 qPrintable(QStringLiteral("unfinished: ") + s.unfinishedSources.mid(0, 20).join(QStringLiteral(" | "))));
        QCOMPARE(s.obsolete, 0);
    }

    void catalogueMatchesSources()
    {
        // A tr() string missing from the catalogue would appear as a new unfinished message.
        QTemporaryDir tmp;
        QString error;
        const QString copy = lupdateCopy(kTs, tmp, {}, &error);
        QVERIFY2(!copy.isEmpty(), qPrintable(error));
        const TsStats s = readTs(copy);
        QVERIFY2(s.unfinished == 0,
                 qPrintable(QStringLiteral("strings in the sources but not translated: ")
                            + s.unfinishedSources.mid(0, 30).join(QStringLiteral(" | "))));
        QCOMPARE(s.messages, readTs(kTs).messages);
    }

    void englishPluralsCoverEveryCountedString()
    {
        // The English catalogue holds only the %n strings (lupdate -pluralonly): every one of
        // them has its singular and plural form, and none in the sources is missing.
        const TsStats s = readTs(kEnTs);
        QVERIFY2(s.messages > 10, "the English plural catalogue is missing or nearly empty");
        QVERIFY2(s.unfinished == 0 && s.emptyTranslations == 0,
                 qPrintable(QStringLiteral("unfinished: ") + s.unfinishedSources.mid(0, 20).join(QStringLiteral(" | "))));
        QTemporaryDir tmp;
        QString error;
        const QString copy = lupdateCopy(kEnTs, tmp, {QStringLiteral("-pluralonly")}, &error);
        QVERIFY2(!copy.isEmpty(), qPrintable(error));
        const TsStats again = readTs(copy);
        QVERIFY2(again.unfinished == 0,
                 qPrintable(QStringLiteral("counted strings without English forms: ")
                            + again.unfinishedSources.mid(0, 30).join(QStringLiteral(" | "))));
        QCOMPARE(again.messages, s.messages);
    }

    void englishSaysOneAndMany()
    {
        // Switching to English installs the plural catalogue; the compiled one is in the
        // library's resources.
        QVERIFY(npuscope::ui::setLanguage(QStringLiteral("zh_CN")));
        QVERIFY(npuscope::ui::setLanguage(QStringLiteral("en")));
        QCOMPARE(QCoreApplication::translate("npuscope::ui::TimelineView", " (+%n depth(s))", nullptr, 1), QStringLiteral(" (+1 deeper level)"));
        QCOMPARE(QCoreApplication::translate("npuscope::ui::TimelineView", " (+%n depth(s))", nullptr, 3), QStringLiteral(" (+3 deeper levels)"));
        const QString one = QCoreApplication::translate("npuscope::ui::MainWindow", "Cancelled after %n iteration(s); what was recorded is kept.", nullptr, 1);
        QCOMPARE(one, QStringLiteral("Cancelled after 1 iteration; what was recorded is kept."));
        // A string without a count is the source itself.
        QCOMPARE(QCoreApplication::translate("Cli", "The profiling options are valid."), QStringLiteral("The profiling options are valid."));
    }

    void compiledCatalogueTranslates()
    {
        QTranslator t;
        QVERIFY(t.load(QStringLiteral(NPUSCOPE_QM)));
        const QString zh = t.translate("Cli", "The profiling options are valid.");
        QVERIFY(!zh.isEmpty());
        QVERIFY(zh.contains(QRegularExpression(QStringLiteral("[\\x{4e00}-\\x{9fff}]"))));
    }
};

QTEST_GUILESS_MAIN(TestTranslations)
#include "test_translations.moc"
