// Run control: spec validation, cancellation, sink failures, progress reporting.
#include "collect_sink.h"
#include "device/emulator.h"

#include <QtTest>

using namespace npuscope;
using npuscope::test::CollectSink;

class EmulatorControlTest : public QObject {
    Q_OBJECT
private slots:
    void validateRejectsBadSpecs_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("mention");
        QTest::newRow("unknown model") << "model" << "vgg19";
        QTest::newRow("missing json model") << "json" << "/tmp/npuscope-no-such-model.json cannot be read";
        QTest::newRow("batch 0") << "batch" << "batch size 0";
        QTest::newRow("9 devices") << "devices" << "9";
        QTest::newRow("5 servers") << "servers" << "server count 5";
        QTest::newRow("0 iterations") << "iterations" << "iteration count 0";
        QTest::newRow("0 segments") << "segments" << "segment count 0";
        QTest::newRow("negative rate") << "rate" << "-5";
        QTest::newRow("scenario") << "scenario" << "warp-drive";
    }
    void validateRejectsBadSpecs()
    {
        QFETCH(QString, field);
        QFETCH(QString, mention);
        SessionSpec s;
        if (field == "model") s.model = "vgg19";
        if (field == "json") s.model = "/tmp/npuscope-no-such-model.json";
        if (field == "batch") s.batchSize = 0;
        if (field == "devices") s.devicesPerServer = 9;
        if (field == "servers") s.servers = 5;
        if (field == "iterations") s.iterations = 0;
        if (field == "segments") s.segments = 0;
        if (field == "rate") s.inputRate = -5;
        if (field == "scenario") s.scenarios = {"warp-drive"};
        QString error;
        QVERIFY(!device::Emulator::validate(s, &error));
        QVERIFY2(error.contains(mention), qPrintable(error));
        QVERIFY(error.endsWith('.'));
        // run() refuses the same spec with the same message and writes nothing.
        CollectSink sink;
        device::Emulator emu(s, ProfilingOptions{});
        QCOMPARE(emu.run(sink), SessionStatus::Failed);
        QCOMPARE(emu.errorString(), error);
        QVERIFY(!sink.began);
    }

    void validateAcceptsGoodSpecs()
    {
        for (const QString &m : device::zooModelNames()) {
            SessionSpec s{.model = m, .devicesPerServer = 8, .servers = 4,
                          .scenarios = {"straggler", "slow-input", "single-segment"}};
            QString error;
            QVERIFY2(device::Emulator::validate(s, &error), qPrintable(error));
        }
    }

    void multiServerUsesRoce()
    {
        SessionSpec s{.model = "lenet", .iterations = 2, .devicesPerServer = 2, .servers = 2};
        ProfilingOptions o;
        o.hccl = Switch::On;
        CollectSink sink;
        QCOMPARE(device::Emulator(s, o).run(sink), SessionStatus::Complete);
        bool roce = false;
        for (const auto &h : sink.hccl)
            roce |= h.sizeBytes > 0 && sink.str(h.linkType) == "ROCE" && sink.str(h.transportType) == "RDMA";
        QVERIFY(roce);
        QCOMPARE(sink.info_.devices.size(), size_t(4));
    }

    void cancelAfterIteration()
    {
        SessionSpec s{.model = "alexnet", .iterations = 10, .devicesPerServer = 2};
        ProfilingOptions o;
        o.trainingTrace = Switch::On;
        std::atomic_bool cancel{false};
        CollectSink sink;
        int calls = 0;
        device::Emulator emu(s, o);
        const SessionStatus st = emu.run(sink, &cancel, [&](const device::EmulatorProgress &p) {
            ++calls;
            QCOMPARE(p.iteration, calls);
            QCOMPARE(p.iterations, 10);
            QVERIFY(p.records > 0);
            if (p.iteration == 3)
                cancel = true;
        });
        QCOMPARE(st, SessionStatus::Cancelled);
        QVERIFY(sink.ended);
        QCOMPARE(sink.status, SessionStatus::Cancelled);
        QCOMPARE(calls, 3);
        QCOMPARE(sink.steps.size(), size_t(3 * 2));
        for (const auto &t : sink.tasks)
            QVERIFY(t.iteration <= 3);
        for (const auto &d : sink.endDevices)
            QVERIFY(d.monotonicEnd > d.monotonicBegin);
    }

    void failingSink()
    {
        SessionSpec s{.model = "lenet", .iterations = 5};
        CollectSink sink;
        sink.failAfter = 2;
        device::Emulator emu(s, ProfilingOptions{});
        QCOMPARE(emu.run(sink), SessionStatus::Failed);
        QCOMPARE(emu.errorString(), QStringLiteral("disk full (test)"));
        QVERIFY(sink.ended);
        QCOMPARE(sink.status, SessionStatus::Failed);
        QCOMPARE(sink.batches, 3);
    }
};

QTEST_GUILESS_MAIN(EmulatorControlTest)
#include "test_emulator_control.moc"
