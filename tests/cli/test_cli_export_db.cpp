// `npuscope export --layout db`: the real binary writes one PROF_* per device holding
// msprof_<time>.db, the database has msprof's tables, and `npuscope import` of the output
// gives back the session's tasks; a full disk fails cleanly, leaving nothing behind.
#include "core/store/project.h"

#include "cli_process.h"

#include "tests/test_files.h"
#include "tests/test_record.h"

#include <QDir>
#include <QDirIterator>
#include <QFileInfo>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <cerrno>
#include <cstring>
#include <set>
#include <sqlite3.h>
#include <string>

using testrecord::openProject;

namespace {

QStringList filesUnder(const QString &dir)
{
    return testfiles::filesUnder(dir, QDir::Hidden);
}

// The tables of a database and the row count of one query.
std::set<std::string> tablesOf(const QString &path)
{
    std::set<std::string> out;
    sqlite3 *db = nullptr;
    if (sqlite3_open_v2(QFile::encodeName(path).constData(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
        sqlite3_stmt *s = nullptr;
        if (sqlite3_prepare_v2(db, "SELECT name FROM sqlite_master WHERE type = 'table'", -1, &s, nullptr) == SQLITE_OK)
            while (sqlite3_step(s) == SQLITE_ROW)
                out.insert(reinterpret_cast<const char *>(sqlite3_column_text(s, 0)));
        sqlite3_finalize(s);
    }
    sqlite3_close(db);
    return out;
}

qint64 count(const QString &path, const char *sql)
{
    return testfiles::firstInt(path, sql);
}

} // namespace

class CliExportDb : public QObject {
    Q_OBJECT
private:
    QTemporaryDir tmp_;
    QString project_;

private slots:
    void initTestCase()
    {
        QVERIFY(tmp_.isValid());
        project_ = tmp_.filePath(QStringLiteral("p.npuscope"));
        const CliResult r = runNpuscope({QStringLiteral("run"), QStringLiteral("--model"), QStringLiteral("lenet"),
                                         QStringLiteral("--batch"), QStringLiteral("8"), QStringLiteral("--iterations"),
                                         QStringLiteral("3"), QStringLiteral("--devices"), QStringLiteral("2"),
                                         QStringLiteral("--chip"), QStringLiteral("910B"), QStringLiteral("--profiling-options"),
                                         QStringLiteral("{\"output\":\"%1\",\"training_trace\":\"on\",\"task_trace\":\"on\","
                                                        "\"hccl\":\"on\",\"aicpu\":\"on\",\"msproftx\":\"on\","
                                                        "\"runtime_api\":\"on\",\"aic_metrics\":\"PipeUtilization\"}")
                                             .arg(tmp_.filePath(QStringLiteral("o"))),
                                         QStringLiteral("--project"), project_});
        QVERIFY2(r.code == 0, qPrintable(r.err));
    }

    void exportsAndImportsBack()
    {
        const QString out = tmp_.filePath(QStringLiteral("db"));
        CliResult r = runNpuscope({QStringLiteral("export"), QStringLiteral("--project"), project_, QStringLiteral("--output"),
                                   out, QStringLiteral("--layout"), QStringLiteral("db")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const QStringList files = filesUnder(out);
        const QStringList dbs = files.filter(QRegularExpression(QStringLiteral("^PROF_\\d{6}_\\d{17}_[A-R]{16}/msprof_\\d{14}\\.db$")));
        QCOMPARE(dbs.size(), 2);
        // Beside each database only the device description files: no build leftovers.
        for (const QString &f : files)
            QVERIFY2(dbs.contains(f) || QRegularExpression(QStringLiteral("^PROF_[^/]+/device_\\d/(info\\.json|start_info|end_info)\\.\\d$")).match(f).hasMatch(),
                     qPrintable(f));
        for (const QString &db : dbs) {
            const auto tables = tablesOf(QDir(out).filePath(db));
            for (const char *t : {"TASK", "COMPUTE_TASK_INFO", "TASK_PMU_INFO", "STRING_IDS", "CANN_API", "COMMUNICATION_OP",
                                  "COMMUNICATION_TASK_INFO", "ENUM_API_TYPE", "ENUM_HCCL_DATA_TYPE", "NPU_INFO",
                                  "SESSION_TIME_INFO", "META_DATA", "STEP_TIME", "MSTX_EVENTS"})
                QVERIFY2(tables.count(t), t);
            QCOMPARE(count(QDir(out).filePath(db), "SELECT count(DISTINCT deviceId) FROM TASK"), qint64(1));
            QVERIFY(count(QDir(out).filePath(db), "SELECT count(*) FROM COMMUNICATION_TASK_INFO") > 0);
            QCOMPARE(count(QDir(out).filePath(db), "SELECT count(*) FROM STEP_TIME"), qint64(3));
        }

        // Imported back: the same number of tasks, HCCL tasks and collective ops.
        const QString back = tmp_.filePath(QStringLiteral("back.npuscope"));
        r = runNpuscope({QStringLiteral("import"), out, QStringLiteral("--project"), back});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QLatin1String("0 skipped")), qPrintable(r.out));
        auto a = openProject(project_), b = openProject(back);
        QVERIFY(a && b);
        const auto sa = a->sessions(), sb = b->sessions();
        QCOMPARE(sb.size(), std::size_t(1));
        QCOMPARE(sb[0].taskCount, sa[0].taskCount);
        QCOMPARE(sb[0].info.devices.size(), sa[0].info.devices.size());
        QCOMPARE(sb[0].info.devices[0].chip, QStringLiteral("Ascend910B"));
    }

    // A full disk while the database is copied into place: exit 6 (an I/O error), a sentence naming the
    // file, and nothing of the export left in the output folder.
    void fullDiskLeavesNothing()
    {
        const QString out = tmp_.filePath(QStringLiteral("full"));
        const CliResult r = runNpuscope({QStringLiteral("export"), QStringLiteral("--project"), project_, QStringLiteral("--output"),
                                         out, QStringLiteral("--layout"), QStringLiteral("db")},
                                        {{QStringLiteral("NPUSCOPE_TEST_MAX_EXPORT_BYTES"), QStringLiteral("20000")}});
        QCOMPARE(r.code, 6);
        QVERIFY2(r.err.contains(QStringLiteral("msprof_")) && r.err.contains(QStringLiteral(".db")), qPrintable(r.err));
        QVERIFY2(r.err.contains(QString::fromLocal8Bit(std::strerror(ENOSPC))), qPrintable(r.err));
        QVERIFY(filesUnder(out).isEmpty());
        QVERIFY(QDir(out).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot).isEmpty());
    }
};

QTEST_GUILESS_MAIN(CliExportDb)
#include "test_cli_export_db.moc"
