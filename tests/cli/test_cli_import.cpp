// `npuscope import`: the real binary on the real capture, on parts of it, on bad input,
// and each exit code (0, 2 usage, 3 unreadable input or not a project, 6 I/O).
#include "tests/test_files.h"
#include "tests/test_data.h"
#include "core/store/project.h"

#include "cli_process.h"
#include "tests/test_record.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using testfiles::copyTree;
using testrecord::openProject;

namespace {

using Result = CliResult;

QString reference()
{
    return testdata::alexnet910();
}

} // namespace

class CliImport : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { NPUSCOPE_REQUIRE_DATA(testdata::alexnet910Device0()); }

    void importsTheReferenceAndStoresTheReport()
    {
        QTemporaryDir tmp;
        const QString project = tmp.filePath(QStringLiteral("p.npuscope"));
        const Result r = runNpuscope({QStringLiteral("import"), reference(), QStringLiteral("--project"), project});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QLocale().toString(41134) + QLatin1String(" read")), qPrintable(r.out));
        QVERIFY(r.out.contains(QLatin1String("0 skipped")));
        QVERIFY(r.out.contains(QLatin1String("No op_summary files")));
        auto p = openProject(project);
        QVERIFY(p);
        const auto s = p->sessions();
        QCOMPARE(s.size(), std::size_t(1));
        QCOMPARE(s[0].status, npuscope::SessionStatus::Complete);
        QCOMPARE(s[0].info.source, QStringLiteral("import"));
        QCOMPARE(s[0].taskCount, std::uint64_t(9800));
        const QJsonObject note = QJsonDocument::fromJson(p->sessionNote(s[0].id, QStringLiteral("import"))).object();
        QCOMPARE(note.value(QStringLiteral("total")).toObject().value(QStringLiteral("items")).toInt(), 41134);
        QCOMPARE(note.value(QStringLiteral("layout")).toString(), QStringLiteral("legacy"));

        // The imported session exports like an emulated one.
        const Result e = runNpuscope({QStringLiteral("export"), QStringLiteral("--project"), project, QStringLiteral("--output"),
                                   tmp.filePath(QStringLiteral("out"))});
        QVERIFY2(e.code == 0, qPrintable(e.err));
        QDirIterator it(tmp.filePath(QStringLiteral("out")), {QStringLiteral("msprof_*.json")}, QDir::Files, QDirIterator::Subdirectories);
        int n = 0;
        while (it.hasNext()) { it.next(); ++n; }
        QCOMPARE(n, 20);
    }

    void oneDeviceFolder()
    {
        QTemporaryDir tmp;
        const QString project = tmp.filePath(QStringLiteral("p.npuscope"));
        const QString dev1 = reference() + QStringLiteral("/PROF_000001_20230818142704567_GQFAMHBKGODKJMLA/device_1");
        const Result r = runNpuscope({QStringLiteral("import"), dev1, QStringLiteral("--project"), project, QStringLiteral("--name"), QStringLiteral("rank 1")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        auto p = openProject(project);
        QVERIFY(p);
        const auto s = p->sessions();
        QCOMPARE(s.size(), std::size_t(1));
        QCOMPARE(s[0].info.name, QStringLiteral("rank 1"));
        QCOMPARE(s[0].info.devices.size(), std::size_t(1));
        QCOMPARE(int(s[0].info.devices[0].id), 1);
        QCOMPARE(s[0].info.devices[0].hostPid, 10044u);
    }

    void problemsAreListedWithTheirPlace()
    {
        QTemporaryDir tmp;
        const QString src = reference() + QStringLiteral("/PROF_000001_20230818142704322_COJGGGCANRMICFBC");
        const QString prof = tmp.filePath(QStringLiteral("PROF_000009_x"));
        QVERIFY(copyTree(src, prof));
        const QString victim = prof + QStringLiteral("/device_0/timeline/msprof_0_2_3.json");
        QFile f(victim);
        QVERIFY(f.open(QIODevice::ReadWrite));
        QVERIFY(f.resize(1000));
        f.close();
        const QString project = tmp.filePath(QStringLiteral("p.npuscope"));
        const Result r = runNpuscope({QStringLiteral("import"), prof, QStringLiteral("--project"), project});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const QRegularExpression place(QStringLiteral("device_0/timeline/msprof_0_2_3\\.json:1 \\(byte (\\d+)\\): The JSON is broken here"));
        const auto m = place.match(r.err);
        QVERIFY2(m.hasMatch(), qPrintable(r.err));
        QVERIFY(m.captured(1).toInt() <= 1000);
        QVERIFY(r.out.contains(QLatin1String("problem")));
        auto p = openProject(project);
        const QJsonObject note = QJsonDocument::fromJson(p->sessionNote(p->sessions().front().id, QStringLiteral("import"))).object();
        QVERIFY(!note.value(QStringLiteral("problems")).toArray().isEmpty());
    }

    // Times near the int64 limits in a real capture (the first events of its msprof and
    // task_time files): each such event is reported and skipped, the rest imports, and the
    // project reads, analyzes and exports as usual (before, the sums overflowed and the
    // project came out damaged, or the import crashed).
    void importedTimesNearTheInt64Limits()
    {
        QTemporaryDir tmp;
        const QString src = QStringLiteral(NPUSCOPE_TEST_DATA "/reference/ascend910-alexnet-msprof/PROF_000001_20230818142704322_COJGGGCANRMICFBC");
        const QString prof = tmp.filePath(QStringLiteral("PROF_000001_20230818142704322_COJGGGCANRMICFBC"));
        QVERIFY(copyTree(src, prof));
        const QStringList bad = {QStringLiteral("\"ts\": 9.2e18"), QStringLiteral("\"ts\": 9.2e15"),
                                 QStringLiteral("\"ts\": -5"), QStringLiteral("\"ts\": \"99999999999999999999999999\""),
                                 QStringLiteral("\"ts\": \"9200000000000000000\"")};
        for (const char *name : {"msprof_0_2_1.json", "task_time_0_2_1.json"}) {
            QFile f(prof + QStringLiteral("/device_0/timeline/") + QLatin1String(name));
            QVERIFY(f.open(QIODevice::ReadOnly));
            QString text = QString::fromUtf8(f.readAll());
            f.close();
            // The first events' ts, then one dur, as the list says.
            static const QRegularExpression ts(QStringLiteral("\"ts\": [0-9.]+"));
            qsizetype from = 0;
            for (const QString &b : bad) {
                const auto m = ts.match(text, from);
                QVERIFY(m.hasMatch());
                text.replace(m.capturedStart(), m.capturedLength(), b);
                from = m.capturedStart() + b.size();
            }
            // The dur of the next event (one bad field per event: the first is the one reported).
            from = ts.match(text, from).capturedEnd();
            static const QRegularExpression dur(QStringLiteral("\"dur\": [0-9.]+"));
            const auto m = dur.match(text, from);
            QVERIFY(m.hasMatch());
            text.replace(m.capturedStart(), m.capturedLength(), QStringLiteral("\"dur\": 9.2e18"));
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
            f.write(text.toUtf8());
        }
        const QString project = tmp.filePath(QStringLiteral("p.npuscope"));
        const Result r = runNpuscope({QStringLiteral("import"), prof, QStringLiteral("--project"), project});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        for (const char *name : {"msprof_0_2_1.json", "task_time_0_2_1.json"}) {
            const QStringList lines = r.err.split(QLatin1Char('\n')).filter(QLatin1String(name));
            QCOMPARE(lines.filter(QLatin1String("largest time")).size(), 5); // 9.2e18, 9.2e15, two strings, dur
            QCOMPARE(lines.filter(QLatin1String("negative")).size(), 1);
        }
        auto p = openProject(project);
        QVERIFY(p);
        const std::int64_t session = p->sessions().front().id;
        p.reset();
        QCOMPARE(runNpuscope({QStringLiteral("query"), QStringLiteral("--project"), project}).code, 0);
        const Result a = runNpuscope({QStringLiteral("analyze"), QStringLiteral("--project"), project});
        QVERIFY2(a.code == 0, qPrintable(a.err));
        const Result x = runNpuscope({QStringLiteral("export"), QStringLiteral("--project"), project, QStringLiteral("--output"),
                                      tmp.filePath(QStringLiteral("out")), QStringLiteral("--session"), QString::number(session)});
        QVERIFY2(x.code == 0, qPrintable(x.err));
    }

    void exitCodes()
    {
        QTemporaryDir tmp;
        const QString project = tmp.filePath(QStringLiteral("p.npuscope"));
        QCOMPARE(runNpuscope({QStringLiteral("import")}).code, 2);
        QCOMPARE(runNpuscope({QStringLiteral("import"), reference()}).code, 2); // no --project
        QCOMPARE(runNpuscope({QStringLiteral("import"), reference(), QStringLiteral("--bogus"), QStringLiteral("--project"), project}).code, 2);
        const Result missing = runNpuscope({QStringLiteral("import"), tmp.filePath(QStringLiteral("nope")), QStringLiteral("--project"), project});
        QCOMPARE(missing.code, 3);
        QVERIFY(missing.err.contains(QLatin1String("does not exist")));
        QDir().mkpath(tmp.filePath(QStringLiteral("empty")));
        const Result empty = runNpuscope({QStringLiteral("import"), tmp.filePath(QStringLiteral("empty")), QStringLiteral("--project"), project});
        // In no known layout: usage (2), naming the layouts NPU Scope reads.
        QCOMPARE(empty.code, 2);
        QVERIFY2(empty.err.contains(QLatin1String("holds no profiler output")) && empty.err.contains(QLatin1String("_ascend_pt")),
                 qPrintable(empty.err));
        QVERIFY(!QFileInfo::exists(project)); // nothing imported: no empty project left behind
        // Not a project (3) and a project that cannot be created (6).
        QCOMPARE(runNpuscope({QStringLiteral("import"), reference(), QStringLiteral("--project"), tmp.path()}).code, 3);
        QCOMPARE(runNpuscope({QStringLiteral("import"), reference(), QStringLiteral("--project"), QStringLiteral("/proc/1/x.npuscope")}).code, 6);
        const Result help = runNpuscope({QStringLiteral("--help")});
        QVERIFY(help.out.contains(QLatin1String("import")));
    }
};

QTEST_GUILESS_MAIN(CliImport)
#include "test_cli_import.moc"
