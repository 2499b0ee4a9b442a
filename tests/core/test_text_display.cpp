// The one place numbers are formatted for people: units by magnitude, binary sizes named as
// such (MiB, not MB), tick labels just precise enough, and the user's locale for the
// decimal separator and digit grouping (C and German here).
#include "core/text/display.h"

#include <QLocale>
#include <QtTest>

using namespace npuscope;

class TextDisplayTest : public QObject {
    Q_OBJECT
private slots:
    void init() { QLocale::setDefault(QLocale::c()); }
    void cleanupTestCase() { QLocale::setDefault(QLocale::system()); }

    void durations()
    {
        QCOMPARE(display::duration(999), QStringLiteral("999 ns"));
        QCOMPARE(display::duration(1500), QStringLiteral("1.500 \u00B5s"));
        QCOMPARE(display::duration(2.25e6), QStringLiteral("2.250 ms"));
        QCOMPARE(display::duration(3e9), QStringLiteral("3.000 s"));
        QCOMPARE(display::duration(-4.5e6), QStringLiteral("-4.500 ms"));
        QCOMPARE(display::duration(1234567, 1), QStringLiteral("1.2 ms"));
        QCOMPARE(display::duration(-0.0001), QStringLiteral("0 ns"));
        QCOMPARE(display::duration(std::nan("")), QStringLiteral("N/A"));
    }

    void ticks_data()
    {
        QTest::addColumn<double>("ns");
        QTest::addColumn<double>("step");
        QTest::addColumn<QString>("text");
        QTest::newRow("ns") << 40.0 << 10.0 << "40 ns";
        QTest::newRow("us whole") << 2000.0 << 1000.0 << QString::fromUtf8("2 \u00B5s");
        QTest::newRow("us fraction") << 2500.0 << 500.0 << QString::fromUtf8("2.5 \u00B5s");
        QTest::newRow("ms with 0.2 step") << 1.4e6 << 2e5 << "1.4 ms";
        QTest::newRow("s") << 3e9 << 1e9 << "3 s";
        QTest::newRow("s with ms step") << 1.25e9 << 5e7 << "1.25 s";
        QTest::newRow("zero") << 0.0 << 1e6 << "0 ms";
    }
    void ticks()
    {
        QFETCH(double, ns);
        QFETCH(double, step);
        QFETCH(QString, text);
        QCOMPARE(display::tick(ns, step), text);
    }

    // 1024-based sizes carry the binary names: a MiB is not a MB.
    void sizes()
    {
        QCOMPARE(display::bytes(0), QStringLiteral("0 B"));
        QCOMPARE(display::bytes(1023), QStringLiteral("1023 B"));
        QCOMPARE(display::bytes(1536), QStringLiteral("1.5 KiB"));
        QCOMPARE(display::bytes(5ull << 20), QStringLiteral("5.0 MiB"));
        QCOMPARE(display::bytes(3ull << 30), QStringLiteral("3.00 GiB"));
        QCOMPARE(display::bytes(1000000), QStringLiteral("976.6 KiB"));
    }

    void countsAndShares()
    {
        QCOMPARE(display::count(1234567), QStringLiteral("1234567")); // the C locale does not group
        QCOMPARE(display::number(2.0 / 3, 2), QStringLiteral("0.67"));
        QCOMPARE(display::percent(0.1234), QStringLiteral("12.3"));
        QCOMPARE(display::percent(-0.00001), QStringLiteral("0.0"));
    }

    // The user's locale decides separators; units and layout stay.
    void followsTheLocale()
    {
        QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
        QCOMPARE(display::duration(2.25e6), QStringLiteral("2,250 ms"));
        QCOMPARE(display::tick(2500, 500), QString::fromUtf8("2,5 \u00B5s"));
        QCOMPARE(display::bytes(1536), QStringLiteral("1,5 KiB"));
        QCOMPARE(display::bytes(1023), QStringLiteral("1.023 B"));
        QCOMPARE(display::count(1234567), QStringLiteral("1.234.567"));
        QCOMPARE(display::percent(0.1234), QStringLiteral("12,3"));
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        QCOMPARE(display::count(1234567), QStringLiteral("1,234,567"));
        QCOMPARE(display::duration(1.5e9, 1), QStringLiteral("1.5 s"));
    }
};

QTEST_GUILESS_MAIN(TextDisplayTest)
#include "test_text_display.moc"
