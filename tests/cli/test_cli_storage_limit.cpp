// storage_limit at the real minimum (profiling-options.md: 200 MB): a ResNet-50 session on
// 8 devices recorded through `npuscope run` makes ~200 MB of data, so the recorder must age
// the oldest iterations, keep every step trace and the newest iterations whole, and the
// project file must stay within the limit. The unit tests (core_store_ageing) cover the
// accounting with small limits; this one runs the real thing end to end (~20 s).
#include "cli_process.h"
#include "core/store/project.h"

#include <QFileInfo>
#include <QTemporaryDir>
#include <QtTest>
#include <map>

using namespace npuscope;

class CliStorageLimitTest : public QObject {
    Q_OBJECT
private slots:
    void agesAtTheRealMinimum()
    {
        QTemporaryDir dir;
        const QString project = dir.filePath(QStringLiteral("limit.npuscope"));
        const QString options = QStringLiteral(
            R"({"output":"%1","training_trace":"on","task_trace":"on","aic_metrics":"PipeUtilization",)"
            R"("hccl":"on","aicpu":"on","l2":"on","storage_limit":"200MB"})").arg(dir.filePath(QStringLiteral("out")));
        // Enough iterations to pass 200 MB with tasks and HCCL tasks stored as blocks (schema 6).
        constexpr int kIterations = 600, kDevices = 8;
        const CliResult r = runNpuscope({QStringLiteral("run"), QStringLiteral("--model"), QStringLiteral("resnet50"),
                                         QStringLiteral("--devices"), QString::number(kDevices), QStringLiteral("--iterations"),
                                         QString::number(kIterations), QStringLiteral("--project"), project,
                                         QStringLiteral("--profiling-options"), options},
                                        {}, 600000);
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QLatin1String("storage limit aged")), qPrintable(r.out));

        const qint64 onDisk = QFileInfo(project).size() + QFileInfo(project + QStringLiteral("-wal")).size();
        qInfo("project file %.1f MB", double(onDisk) / 1e6);
        QVERIFY(onDisk <= 200ll * 1024 * 1024);

        store::StoreError e;
        QString msg;
        auto p = store::Project::open(project, store::Project::Mode::ReadOnly, &e, &msg);
        QVERIFY2(p, qPrintable(msg));
        const auto sessions = p->sessions();
        QCOMPARE(sessions.size(), size_t(1));
        QCOMPARE(sessions[0].status, SessionStatus::Complete);
        qInfo("aged %.1f MB, %llu tasks kept", double(sessions[0].agedBytes) / 1e6,
              static_cast<unsigned long long>(sessions[0].taskCount));
        QVERIFY(sessions[0].agedBytes > 1024 * 1024);

        auto reader = p->session(sessions[0].id, &msg);
        QVERIFY2(reader, qPrintable(msg));
        // Step traces are never aged: every iteration of every device is there.
        for (std::uint16_t d = 0; d < kDevices; ++d)
            QCOMPARE(reader->stepTraces(d, 1).size(), size_t(kIterations));
        // Tasks: the oldest iterations went, the newest are whole, on every device alike.
        std::map<std::uint32_t, std::map<std::uint16_t, int>> tasks;
        for (const IterationKey &k : reader->iterations()) {
            int n = 0;
            reader->forEachTask(k, [&](const TaskRecord &) { ++n; return true; });
            tasks[k.iteration][k.device] = n;
        }
        QCOMPARE(tasks[1][0], 0);
        QVERIFY(tasks[kIterations][0] > 0);
        for (std::uint16_t d = 1; d < kDevices; ++d)
            QCOMPARE(tasks[kIterations][d], tasks[kIterations][0]);
    }
};

QTEST_GUILESS_MAIN(CliStorageLimitTest)
#include "test_cli_storage_limit.moc"
