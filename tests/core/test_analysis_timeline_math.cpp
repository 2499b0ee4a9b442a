// Time ↔ pixel maths and the navigation steps of the timeline, as tables.
#include "core/analysis/timeline_math.h"

#include <QtTest>

using namespace npuscope::analysis::timeline;

class TimelineMathTest : public QObject {
    Q_OBJECT
private slots:
    void timeToPixel_data()
    {
        QTest::addColumn<double>("t0");
        QTest::addColumn<double>("t1");
        QTest::addColumn<int>("width");
        QTest::addColumn<double>("t");
        QTest::addColumn<double>("px");
        QTest::newRow("origin") << 0.0 << 1000.0 << 100 << 0.0 << 0.0;
        QTest::newRow("end") << 0.0 << 1000.0 << 100 << 1000.0 << 100.0;
        QTest::newRow("middle") << 0.0 << 1000.0 << 100 << 500.0 << 50.0;
        QTest::newRow("offset") << 1e9 << 1e9 + 1920.0 << 1920 << 1e9 + 7.5 << 7.5;
        QTest::newRow("left of view") << 100.0 << 200.0 << 10 << 50.0 << -5.0;
        QTest::newRow("large times") << 9.0e12 << 9.0e12 + 1.0e6 << 1000 << 9.0e12 + 2.5e5 << 250.0;
    }
    void timeToPixel()
    {
        QFETCH(double, t0);
        QFETCH(double, t1);
        QFETCH(int, width);
        QFETCH(double, t);
        QFETCH(double, px);
        const View v{t0, t1, width};
        QCOMPARE(npuscope::analysis::timeline::timeToPixel(v, t), px);
        QCOMPARE(pixelToTime(v, px), t);
    }

    void columns_data()
    {
        QTest::addColumn<double>("start");
        QTest::addColumn<double>("end");
        QTest::addColumn<long long>("x0");
        QTest::addColumn<long long>("x1");
        // view: 0..1000 ns over 100 px → 10 ns per pixel
        QTest::newRow("exact pixels") << 100.0 << 200.0 << 10LL << 20LL;
        QTest::newRow("sub-pixel keeps a column") << 101.0 << 102.0 << 10LL << 11LL;
        QTest::newRow("zero length") << 105.0 << 105.0 << 10LL << 11LL;
        QTest::newRow("straddles two columns") << 95.0 << 105.0 << 9LL << 11LL;
        QTest::newRow("partial columns round outwards") << 103.0 << 157.0 << 10LL << 16LL;
    }
    void columns()
    {
        QFETCH(double, start);
        QFETCH(double, end);
        QFETCH(long long, x0);
        QFETCH(long long, x1);
        const Columns c = columnsOf(View{0, 1000, 100}, start, end);
        QCOMPARE(c.x0, x0);
        QCOMPARE(c.x1, x1);
    }

    // W/S zoom keeps the time under the cursor at the same pixel; A/D pan a tenth.
    void keyboardNavigation_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<double>("anchor");
        QTest::addColumn<double>("t0");
        QTest::addColumn<double>("t1");
        // start view: [1000, 2000) on 100 px inside a 10000 ns session
        QTest::newRow("W at centre") << "W" << 50.0 << 1100.0 << 1900.0;
        QTest::newRow("W at left edge") << "W" << 0.0 << 1000.0 << 1800.0;
        QTest::newRow("W at right edge") << "W" << 100.0 << 1200.0 << 2000.0;
        QTest::newRow("S at centre") << "S" << 50.0 << 875.0 << 2125.0;
        QTest::newRow("A") << "A" << 50.0 << 900.0 << 1900.0;
        QTest::newRow("D") << "D" << 50.0 << 1100.0 << 2100.0;
    }
    void keyboardNavigation()
    {
        QFETCH(QString, key);
        QFETCH(double, anchor);
        QFETCH(double, t0);
        QFETCH(double, t1);
        const View v{1000, 2000, 100};
        const Bounds b{10000, 100};
        View out;
        if (key == "W")
            out = zoomAt(v, anchor, kKeyZoom, b);
        else if (key == "S")
            out = zoomAt(v, anchor, 1 / kKeyZoom, b);
        else if (key == "A")
            out = panBy(v, -kKeyPan, b);
        else
            out = panBy(v, kKeyPan, b);
        QVERIFY2(std::abs(out.t0 - t0) < 1e-6, qPrintable(QString::number(out.t0)));
        QVERIFY2(std::abs(out.t1 - t1) < 1e-6, qPrintable(QString::number(out.t1)));
        QCOMPARE(out.widthPx, 100);
    }

    void clamping()
    {
        const Bounds b{10000, 100};
        // Pan past the start stops at 0 with the span kept.
        View v = panBy(View{100, 1100, 100}, -1.0, b);
        QCOMPARE(v.t0, 0.0);
        QCOMPARE(v.t1, 1000.0);
        // Pan past the end stops at the extent.
        v = panBy(View{9000, 10000, 100}, 0.5, b);
        QCOMPARE(v.t1, 10000.0);
        QCOMPARE(v.t0, 9000.0);
        // Zooming in never goes below the minimum span.
        v = View{1000, 1200, 100};
        for (int i = 0; i < 50; ++i)
            v = zoomAt(v, 50, kKeyZoom, b);
        QCOMPARE(v.span(), 100.0);
        // Zooming out never shows more than the session.
        for (int i = 0; i < 100; ++i)
            v = zoomAt(v, 10, 1 / kKeyZoom, b);
        QCOMPARE(v.t0, 0.0);
        QCOMPARE(v.t1, 10000.0);
        // Drag: content follows the mouse (drag right shows earlier times).
        v = dragBy(View{5000, 6000, 100}, 10, b);
        QCOMPARE(v.t0, 4900.0);
        // Fit with margins.
        v = fitRange(View{0, 10000, 100}, 2000, 3000, 0.1, b);
        QCOMPARE(v.t0, 1900.0);
        QCOMPARE(v.t1, 3100.0);
    }

    void ticks_data()
    {
        QTest::addColumn<double>("span");
        QTest::addColumn<int>("maxTicks");
        QTest::addColumn<double>("step");
        QTest::newRow("10 ns") << 10.0 << 10 << 1.0;
        QTest::newRow("3 ns never below 1") << 3.0 << 10 << 1.0;
        QTest::newRow("1.5 us") << 1500.0 << 10 << 200.0;
        QTest::newRow("1 ms") << 1e6 << 10 << 1e5;
        QTest::newRow("7 s") << 7e9 << 10 << 1e9;
        QTest::newRow("35 ms, 8 ticks") << 35e6 << 8 << 5e6;
    }
    void ticks()
    {
        QFETCH(double, span);
        QFETCH(int, maxTicks);
        QFETCH(double, step);
        QCOMPARE(niceStep(span, maxTicks), step);
        QVERIFY(span / niceStep(span, maxTicks) <= maxTicks + 1e-9);
    }
};

QTEST_GUILESS_MAIN(TimelineMathTest)
#include "test_analysis_timeline_math.moc"
