// Run control: spec validation, cancellation, sink failures, progress reporting.
#include "collect_sink.h"
#include "device/emulator.h"
#include "device/session_frame.h"

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

    // A step's small device batches reach the sink as one, in device order; one large
    // enough goes alone after what came before it; many small ones split at kMaxRecords;
    // a refusal stops and says why.
    void stepBatchesGatherInDeviceOrder()
    {
        using device::StepBatches;
        auto batchOf = [](std::uint16_t device, std::size_t n, std::uint32_t firstId) {
            RecordBatch b;
            for (std::size_t i = 0; i < n; ++i) {
                TaskRecord t;
                t.device = device;
                t.taskId = firstId + std::uint32_t(i);
                b.tasks.push_back(t);
            }
            return b;
        };
        CollectSink sink;
        device::EmulatorProgress prog;
        QString error;
        StepBatches sb;
        for (std::uint16_t d = 0; d < 3; ++d) {
            RecordBatch b = batchOf(d, 10, 100 * d);
            QVERIFY(sb.add(sink, std::move(b), 1, prog, &error));
            QVERIFY(b.tasks.empty());
        }
        QCOMPARE(sink.batches, 0);
        QVERIFY(sb.flush(sink, 1, prog, &error));
        QCOMPARE(sink.batches, 1);
        QCOMPARE(prog.records, std::uint64_t(30));
        QCOMPARE(sink.tasks.size(), std::size_t(30));
        for (std::size_t i = 0; i < 30; ++i)
            QCOMPARE(sink.tasks[i].device, std::uint16_t(i / 10));
        QVERIFY(sb.flush(sink, 1, prog, &error)); // nothing gathered: no empty batch
        QCOMPARE(sink.batches, 1);

        QVERIFY(sb.add(sink, batchOf(0, 5, 0), 2, prog, &error));
        QVERIFY(sb.add(sink, batchOf(1, StepBatches::kOwnBatch, 0), 2, prog, &error));
        QCOMPARE(sink.batches, 3); // the small one first, then the large one alone
        QCOMPARE(sink.tasks[30].device, std::uint16_t(0));
        QCOMPARE(sink.tasks[35].device, std::uint16_t(1));
        QVERIFY(sb.flush(sink, 2, prog, &error));
        QCOMPARE(sink.batches, 3);

        const std::size_t per = StepBatches::kOwnBatch - 1;
        const std::size_t toSplit = (StepBatches::kMaxRecords + per - 1) / per;
        for (std::size_t i = 0; i < toSplit + 2; ++i)
            QVERIFY(sb.add(sink, batchOf(std::uint16_t(i), per, 0), 3, prog, &error));
        QCOMPARE(sink.batches, 4);
        QCOMPARE(sink.tasks.size(), 35 + StepBatches::kOwnBatch + toSplit * per);
        QVERIFY(sb.flush(sink, 3, prog, &error));
        QCOMPARE(sink.batches, 5);
        QCOMPARE(prog.records, std::uint64_t(sink.tasks.size()));

        CollectSink refusing;
        refusing.failAfter = 0;
        StepBatches other;
        QVERIFY(other.add(refusing, batchOf(0, 3, 0), 7, prog, &error));
        QVERIFY(!other.flush(refusing, 7, prog, &error));
        QCOMPARE(error, QStringLiteral("disk full (test)"));
    }
};

QTEST_GUILESS_MAIN(EmulatorControlTest)
#include "test_emulator_control.moc"
