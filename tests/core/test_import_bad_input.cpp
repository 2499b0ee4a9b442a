// Bad input: a truncated file, wrong types, an unknown lane or field, a missing file,
// garbage, an empty folder, a failing sink. The importer keeps what is sound, counts and
// places every skip (file, line, byte offset, reason), never crashes, and a failed import
// leaves its session marked failed.

#include "tests/test_files.h"
#include "core/model/memory_trace.h"
#include "tests/core/test_import_fixture.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace npuscope;
using namespace importfx;

using testfiles::copyTree;

namespace {

QString devRef()
{
    return referenceDir() + QStringLiteral("/PROF_000001_20230818142704322_COJGGGCANRMICFBC");
}

const importing::ImportProblem *findProblem(const importing::ImportReport &r, const QString &fileEnd, const QString &reasonPart)
{
    for (const auto &p : r.problems)
        if (p.file.endsWith(fileEnd) && p.reason.contains(reasonPart))
            return &p;
    return nullptr;
}

// A sink that fails on its second batch (disk full, say).
class FailingSink : public MemoryTrace {
public:
    int writes = 0;
    SessionStatus endedWith = SessionStatus::Running;
    bool write(const RecordBatch &b) override
    {
        if (++writes == 2)
            return false;
        return MemoryTrace::write(b);
    }
    bool end(SessionStatus s, const std::vector<DeviceInfo> &d) override
    {
        endedWith = s;
        return MemoryTrace::end(s, d);
    }
    QString errorString() const override { return QStringLiteral("disk full (test)"); }
};

} // namespace

class ImportBadInput : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { NPUSCOPE_REQUIRE_DATA(devRef() + QStringLiteral("/device_0")); }

    void truncatedMsprofKeepsWhatIsSound()
    {
        QTemporaryDir tmp;
        const QString prof = tmp.filePath(QStringLiteral("PROF_1"));
        QVERIFY(copyTree(devRef(), prof));
        const QString msprof = prof + QStringLiteral("/device_0/timeline/msprof_0_2_1.json");
        QFile f(msprof);
        QVERIFY(f.open(QIODevice::ReadWrite));
        const qint64 cut = f.size() / 2;
        QVERIFY(f.resize(cut));
        f.close();
        const auto imp = importInto(prof, tmp.filePath(QStringLiteral("p.npuscope")));
        QVERIFY2(imp.ok, qPrintable(imp.error));
        QVERIFY(imp.report.balanced());
        const auto *p = findProblem(imp.report, QStringLiteral("msprof_0_2_1.json"), QStringLiteral("broken"));
        QVERIFY(p);
        QVERIFY2(p->offset > 0 && p->offset <= cut, qPrintable(QString::number(p->offset)));
        QCOMPARE(p->line, std::uint64_t(1)); // the reference writes one line per file
        // The events before the cut were imported; the stream tasks after it come from
        // task_time, which repeats them: iteration 1 has every task of task_time.
        std::uint64_t taskTimeTasks = 0;
        for (const auto &v : readEvents(prof + QStringLiteral("/device_0/timeline/task_time_0_2_1.json")))
            taskTimeTasks += v.toObject().value(QStringLiteral("ph")).toString() == QLatin1String("X");
        store::StoreError se{};
        QString msg;
        auto project = store::Project::open(tmp.filePath(QStringLiteral("p.npuscope")), store::Project::Mode::ReadOnly, &se, &msg);
        QVERIFY(project);
        QCOMPARE(project->sessions().front().status, SessionStatus::Complete);
        auto r = project->session(project->sessions().front().id, &msg);
        std::uint64_t stored = 0;
        r->forEachTask({0, 2, 1}, [&](const TaskRecord &) { ++stored; return true; });
        QCOMPARE(stored, taskTimeTasks);
        std::uint64_t fromMsprof = 0, fromTaskTime = 0;
        for (const auto &a : imp.report.files) {
            if (a.file.endsWith(QLatin1String("msprof_0_2_1.json"))) fromMsprof = a.imported;
            if (a.file.endsWith(QLatin1String("task_time_0_2_1.json"))) fromTaskTime = a.imported;
        }
        QVERIFY(fromMsprof > 0);
        QVERIFY(fromTaskTime > 0); // what the cut lost, task_time supplied
    }

    void wrongTypesUnknownLaneAndFieldMissingFile()
    {
        QTemporaryDir tmp;
        const QString dev = tmp.filePath(QStringLiteral("PROF_2/device_0"));
        QVERIFY(testfiles::writeFile(dev + QStringLiteral("/info.json.0"), R"({"pid":"100","DeviceInfo":[{"aic_frequency":"1000"}]})"));
        QVERIFY(testfiles::writeFile(dev + QStringLiteral("/start_info.0"), R"({"collectionTimeBegin":"1692340024324979","clockMonotonicRaw":"1000"})"));
        // end_info.0 is missing
        QVERIFY(testfiles::writeFile(dev + QStringLiteral("/timeline/task_time_0_1_1.json"),
                                     "[{\"name\": \"process_name\", \"pid\": 3, \"tid\": 0, \"args\": {\"name\": \"Ascend Hardware\"}, \"ph\": \"M\"},\n"
                                     "{\"name\": \"process_name\", \"pid\": 77, \"tid\": 0, \"args\": {\"name\": \"Mystery\"}, \"ph\": \"M\"},\n"
                                     "{\"name\": \"ok\", \"pid\": 3, \"tid\": 1, \"ts\": 10.5, \"dur\": 1, \"args\": {\"Task Type\": \"EVENT_RECORD\", \"Stream Id\": 1, \"Task Id\": 1}, \"ph\": \"X\"},\n"
                                     "{\"name\": \"badts\", \"pid\": 3, \"tid\": 1, \"ts\": \"soon\", \"dur\": 1, \"args\": {\"Task Type\": \"EVENT_RECORD\"}, \"ph\": \"X\"},\n"
                                     "{\"name\": \"baddur\", \"pid\": 3, \"tid\": 1, \"ts\": 12, \"dur\": true, \"args\": {\"Task Type\": \"EVENT_RECORD\"}, \"ph\": \"X\"},\n"
                                     "{\"name\": \"lane\", \"pid\": 77, \"tid\": 1, \"ts\": 13, \"dur\": 1, \"ph\": \"X\"},\n"
                                     "{\"name\": \"type\", \"pid\": 3, \"tid\": 1, \"ts\": 14, \"dur\": 1, \"args\": {\"Task Type\": \"WARP_DRIVE\"}, \"ph\": \"X\"},\n"
                                     "{\"name\": \"field\", \"pid\": 3, \"tid\": 1, \"ts\": 15, \"dur\": 1, \"args\": {\"Task Type\": \"EVENT_WAIT\", \"Stream Id\": 1, \"Task Id\": 2}, \"ph\": \"X\", \"color\": \"red\"}]"));
        QVERIFY(testfiles::writeFile(dev + QStringLiteral("/timeline/hccl_0_1_1.json"), QByteArray("\x00\x01garbage", 9)));
        QVERIFY(testfiles::writeFile(dev + QStringLiteral("/summary/op_summary_0_1_1.csv"), "Model ID,Task ID\n1,\"open"));
        QVERIFY(testfiles::writeFile(dev + QStringLiteral("/timeline/notes.txt"), "hello"));

        const auto imp = importInto(tmp.filePath(QStringLiteral("PROF_2")), tmp.filePath(QStringLiteral("p.npuscope")));
        QVERIFY2(imp.ok, qPrintable(imp.error));
        QVERIFY(imp.report.balanced());
        const auto t = imp.report.total();
        QCOMPARE(t.imported, std::uint64_t(3));   // "ok", "type" (an open task type) and "field"
        QCOMPARE(t.skipped, std::uint64_t(3));    // badts, baddur, lane
        QCOMPARE(t.derived, std::uint64_t(2));    // the metadata
        const auto *ts = findProblem(imp.report, QStringLiteral("task_time_0_1_1.json"), QStringLiteral("\"ts\""));
        QVERIFY(ts);
        QCOMPARE(ts->line, std::uint64_t(4));
        QVERIFY(ts->offset > 0);
        QVERIFY(findProblem(imp.report, QStringLiteral("task_time_0_1_1.json"), QStringLiteral("\"dur\"")));
        QVERIFY(findProblem(imp.report, QStringLiteral("task_time_0_1_1.json"), QStringLiteral("Mystery")));
        QVERIFY(!findProblem(imp.report, QStringLiteral("task_time_0_1_1.json"), QStringLiteral("WARP_DRIVE")));
        {
            // The unknown type is kept as written, classified as other.
            store::StoreError e = store::StoreError::None;
            QString msg;
            auto project = store::Project::open(tmp.filePath(QStringLiteral("p.npuscope")), store::Project::Mode::ReadOnly, &e, &msg);
            QVERIFY2(project, qPrintable(msg));
            auto reader = project->session(imp.sessionId, &msg);
            QVERIFY2(reader, qPrintable(msg));
            int warp = 0, other = 0;
            reader->forEachTask({0, 1, 1}, [&](const TaskRecord &r) {
                if (reader->taskType(r) == "WARP_DRIVE") {
                    ++warp;
                    other += r.kind == TaskKind::Other;
                }
                return true;
            });
            QCOMPARE(warp, 1);
            QCOMPARE(other, 1);
        }
        QVERIFY(findProblem(imp.report, QStringLiteral("task_time_0_1_1.json"), QStringLiteral("\"color\"")));
        const auto *garbage = findProblem(imp.report, QStringLiteral("hccl_0_1_1.json"), QStringLiteral("broken"));
        QVERIFY(garbage);
        QCOMPARE(garbage->offset, std::int64_t(0));
        QVERIFY(findProblem(imp.report, QStringLiteral("end_info.0"), QStringLiteral("missing")));
        QVERIFY(findProblem(imp.report, QStringLiteral("notes.txt"), QStringLiteral("not read")));
        QVERIFY(findProblem(imp.report, QStringLiteral("op_summary_0_1_1.csv"), QStringLiteral("lacks")));
        // The report is what the CLI stores with the session.
        const QJsonObject j = QJsonDocument::fromJson(imp.report.toJson()).object();
        QCOMPARE(j.value(QStringLiteral("total")).toObject().value(QStringLiteral("skipped")).toInt(), 3);
        QVERIFY(j.value(QStringLiteral("problems")).toArray().size() >= 8);
    }

    void linksOutsideTheFolderAreNotRead()
    {
        QTemporaryDir tmp;
        const QString prof = tmp.filePath(QStringLiteral("PROF_1"));
        const QString outside = tmp.filePath(QStringLiteral("elsewhere"));
        QVERIFY(copyTree(devRef(), prof));
        QVERIFY(copyTree(devRef() + QStringLiteral("/device_0"), outside + QStringLiteral("/device_7")));
        QVERIFY(testfiles::writeFile(outside + QStringLiteral("/secret"), R"({"collectionTimeBegin":"1","clockMonotonicRaw":"1"})"));
        const QString dev = prof + QStringLiteral("/device_0");
        // A whole device folder, one data file and one metadata file point outside.
        QVERIFY(QFile::link(outside + QStringLiteral("/device_7"), prof + QStringLiteral("/device_7")));
        const QString step = dev + QStringLiteral("/timeline/step_trace_0_2_3.json");
        QVERIFY(QFile::remove(step));
        QVERIFY(QFile::link(outside + QStringLiteral("/device_7/timeline/step_trace_0_2_3.json"), step));
        QVERIFY(QFile::remove(dev + QStringLiteral("/start_info.0")));
        QVERIFY(QFile::link(outside + QStringLiteral("/secret"), dev + QStringLiteral("/start_info.0")));
        // A link that stays inside the folder is read like the file it names.
        QVERIFY(QFile::rename(dev + QStringLiteral("/info.json.0"), dev + QStringLiteral("/info-copy.json")));
        QVERIFY(QFile::link(dev + QStringLiteral("/info-copy.json"), dev + QStringLiteral("/info.json.0")));

        const auto imp = importInto(prof, tmp.filePath(QStringLiteral("p.npuscope")));
        QVERIFY2(imp.ok, qPrintable(imp.error));
        QVERIFY(imp.report.balanced());
        QVERIFY(findProblem(imp.report, QStringLiteral("device_7"), QStringLiteral("outside the imported folder")));
        QVERIFY(findProblem(imp.report, QStringLiteral("step_trace_0_2_3.json"), QStringLiteral("outside the imported folder")));
        QVERIFY(findProblem(imp.report, QStringLiteral("start_info.0"), QStringLiteral("outside the imported folder")));
        for (const auto &p : imp.report.problems)
            QVERIFY2(!p.file.endsWith(QLatin1String("info.json.0")), qPrintable(p.reason));
        for (const auto &a : imp.report.files) {
            QVERIFY2(!a.file.contains(QLatin1String("device_7")), qPrintable(a.file));
            QVERIFY2(!a.file.endsWith(QLatin1String("step_trace_0_2_3.json")), qPrintable(a.file));
        }
        store::StoreError se{};
        QString msg;
        auto project = store::Project::open(tmp.filePath(QStringLiteral("p.npuscope")), store::Project::Mode::ReadOnly, &se, &msg);
        QVERIFY2(project, qPrintable(msg));
        const std::vector<DeviceInfo> devices = project->sessions().front().info.devices;
        QCOMPARE(int(devices.size()), 1);
        QCOMPARE(int(devices.front().id), 0);
        QCOMPARE(devices.front().hostname, QStringLiteral("A2007104679")); // via the inside link
        QVERIFY(devices.front().wallBeginUs != 1); // the outside start_info was not read
    }

    void nothingToImport()
    {
        QTemporaryDir tmp;
        const QString empty = tmp.filePath(QStringLiteral("empty"));
        QDir().mkpath(empty);
        MemoryTrace sink;
        importing::ImportRequest req;
        req.path = empty;
        importing::ImportError kind{};
        QString error;
        QVERIFY(!importing::importProf(req, sink, nullptr, &kind, &error));
        // In no known layout: a usage error that names the layouts and what is there.
        QCOMPARE(int(kind), int(importing::ImportError::Usage));
        QVERIFY(error.contains(empty));
        QVERIFY2(error.contains(QLatin1String("mindstudio_profiler_output")) && error.contains(QLatin1String("_ascend_pt"))
                     && error.contains(QLatin1String(".db")) && error.contains(QLatin1String("empty")),
                 qPrintable(error));
        QCOMPARE(sink.status(), SessionStatus::Running); // never begun: no session at all
        QDir().mkpath(empty + QStringLiteral("/notes"));
        QVERIFY(!importing::importProf(req, sink, nullptr, &kind, &error));
        QVERIFY2(error.contains(QLatin1String("Found there: notes")), qPrintable(error));
        req.path = tmp.filePath(QStringLiteral("nope"));
        QVERIFY(!importing::importProf(req, sink, nullptr, &kind, &error));
        QVERIFY(error.contains(QLatin1String("does not exist")));
    }

    void failingSinkMarksTheSessionFailed()
    {
        FailingSink sink;
        importing::ImportRequest req;
        req.path = referenceDir();
        req.batchRecords = 500;
        importing::ImportError kind{};
        QString error;
        QVERIFY(!importing::importProf(req, sink, nullptr, &kind, &error));
        QCOMPARE(int(kind), int(importing::ImportError::Sink));
        QVERIFY(error.contains(QLatin1String("disk full")));
        QCOMPARE(sink.endedWith, SessionStatus::Failed);
    }

    void cancelKeepsTheSessionCancelled()
    {
        MemoryTrace sink;
        importing::ImportRequest req;
        req.path = referenceDir();
        std::atomic_bool cancel{true};
        importing::ImportError kind{};
        QString error;
        QVERIFY(!importing::importProf(req, sink, nullptr, &kind, &error, {}, &cancel));
        QCOMPARE(int(kind), int(importing::ImportError::Cancelled));
        QCOMPARE(sink.status(), SessionStatus::Cancelled);
    }
};

QTEST_GUILESS_MAIN(ImportBadInput)
#include "test_import_bad_input.moc"
