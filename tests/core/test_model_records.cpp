#include "core/model/record_sink.h"
#include "core/model/records.h"
#include "core/model/session.h"

#include <QTest>

using namespace npuscope;

class TestModelRecords : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void taskTypeNamesRoundTrip()
    {
        for (int i = 0; i < kTaskTypeCount; ++i) {
            const auto t = static_cast<TaskType>(i);
            TaskType back{};
            QVERIFY(taskTypeFromName(taskTypeName(t), &back));
            QCOMPARE(back, t);
        }
        TaskType unused{};
        QVERIFY(!taskTypeFromName("AI_VECTOR", &unused));
        QCOMPARE(QString::fromLatin1(taskTypeName(TaskType::ReduceAsyncV2)), QStringLiteral("REDUCE_ASYNC_V2"));
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
        SessionSpec s;
        s.model = QStringLiteral("alexnet");
        s.batchSize = 7;
        s.iterations = 3;
        s.devicesPerServer = 8;
        s.servers = 2;
        s.mode = LaunchMode::SessRun;
        s.precision = Precision::Fp32;
        s.seed = 18446744073709551615ull;
        s.inputRate = 1234.5;
        s.segments = 1;
        s.scenarios = QStringList{QStringLiteral("straggler"), QStringLiteral("slow-input")};
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
