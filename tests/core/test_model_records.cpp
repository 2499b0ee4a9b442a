#include "core/model/record_sink.h"
#include "core/model/records.h"
#include "core/model/session.h"

#include <QTest>

using namespace npuscope;

class TestModelRecords : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void taskKindsOfTheNineKeepTheirSpelling()
    {
        // The 910's nine types: their spelling is their kind's name and maps back to it.
        const char *nine[] = {"AI_CORE", "AI_CPU", "EVENT_RECORD", "EVENT_WAIT", "EVENT_RESET",
                              "REDUCE_ASYNC_V2", "NOTIFY_WAIT", "NOTIFY_RECORD", "MEMCPY_ASYNC"};
        for (int i = 0; i < 9; ++i) {
            const auto k = static_cast<TaskKind>(i);
            QCOMPARE(QString::fromLatin1(taskKindName(k)), QString::fromLatin1(nine[i]));
            QCOMPARE(taskKindOf(nine[i]), k);
        }
    }
    void taskKindsOfTodaysSpellings_data()
    {
        QTest::addColumn<QByteArray>("spelling");
        QTest::addColumn<TaskKind>("kind");
        const std::pair<const char *, TaskKind> rows[] = {
            {"KERNEL_AIVEC", TaskKind::AiVectorCore}, {"AI_VECTOR_CORE", TaskKind::AiVectorCore},
            {"KERNEL_AICORE", TaskKind::AiCore},      {"MIX_AIC", TaskKind::MixAic},
            {"MIX_AIV", TaskKind::MixAiv},            {"Notify Wait", TaskKind::NotifyWait},
            {"EVENT_WAIT_SQE", TaskKind::EventWait},  {"SDMA_SQE", TaskKind::Dma},
            {"PCIE_DMA_SQE", TaskKind::Dma},
            // Open set: anything else is Other, never rejected, and matching is exact.
            {"PLACE_HOLDER_SQE", TaskKind::Other},    {"Write Value", TaskKind::Other},
            {"ai_core", TaskKind::Other},             {"", TaskKind::Other},
        };
        for (const auto &[spelling, kind] : rows)
            QTest::newRow(*spelling ? spelling : "(empty)") << QByteArray(spelling) << kind;
    }
    void taskKindsOfTodaysSpellings()
    {
        QFETCH(QByteArray, spelling);
        QFETCH(TaskKind, kind);
        QCOMPARE(taskKindOf(std::string_view(spelling.constData(), std::size_t(spelling.size()))), kind);
    }
    void everyKindNameMapsBackIntoTheLimit()
    {
        for (int i = 0; i < 256; ++i)
            QVERIFY(int(taskKindOf(taskKindName(static_cast<TaskKind>(i)))) < kTaskKindLimit);
        QVERIFY(isAiCoreKind(TaskKind::MixAiv) && !isAiCoreKind(TaskKind::AiCpu));
    }
    void stringTableDeclaresEachStringOnce()
    {
        StringTable t;
        RecordBatch b;
        const StrId a = t.intern("Conv2D", b);
        const StrId a2 = t.intern("Conv2D", b);
        const StrId c = t.intern("MatMul", b);
        QCOMPARE(a, a2);
        QVERIFY(a != c);
        QCOMPARE(t.intern("", b), StrId(0));
        QCOMPARE(b.strings.size(), size_t(2));
        QCOMPARE(b.strings[0].first, a);
        QCOMPARE(QString::fromStdString(b.strings[1].second), QStringLiteral("MatMul"));
    }
    void sessionSpecJsonRoundTrip()
    {
        SessionSpec s{.model = QStringLiteral("alexnet"), .batchSize = 7, .iterations = 3,
                      .devicesPerServer = 8, .servers = 2, .mode = LaunchMode::SessRun,
                      .precision = Precision::Fp32, .seed = 18446744073709551615ull, .inputRate = 1234.5,
                      .segments = 1,
                      .scenarios = QStringList{QStringLiteral("straggler"), QStringLiteral("slow-input")}};
        SessionSpec back;
        QString err;
        QVERIFY2(SessionSpec::fromJson(s.toJson(), &back, &err), qPrintable(err));
        QVERIFY(back == s);
        QVERIFY(!SessionSpec::fromJson("{not json", &back, &err));
        QVERIFY(!err.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestModelRecords)
#include "test_model_records.moc"
