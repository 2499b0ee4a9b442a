// The real Ascend 910 capture imports completely: every event of every file is accounted
// for (counted independently with QJsonDocument), step trace values equal the files', and
// re-exporting yields the same events per lane.

#include "core/exporting/prof_exporter.h"
#include "tests/core/test_import_fixture.h"
#include "tests/test_record.h"
#include "tests/test_trace_events.h"

#include <QTemporaryDir>
#include <QtTest>

#include <set>

using namespace npuscope;
using namespace importfx;

namespace {

bool isStepThread(const QJsonObject &e, qint64 hostPid)
{
    return e.value(QStringLiteral("pid")).toInteger() == 3 && e.value(QStringLiteral("tid")).toInteger() == hostPid;
}

// One X event as a comparable record: lane, thread, name, ts, dur (ns) and its args.
struct Ev {
    QString lane;
    qint64 tid, ts, dur;
    QString name;
    QJsonObject args;
    bool operator<(const Ev &o) const
    {
        return std::tie(lane, tid, ts, dur, name) < std::tie(o.lane, o.tid, o.ts, o.dur, o.name);
    }
};

QString laneOf(qint64 pid, qint64 tid, qint64 hostPid)
{
    if (pid == 3)
        return tid == hostPid ? QStringLiteral("step") : QStringLiteral("hardware");
    if (pid == hostPid)
        return QStringLiteral("step");
    if (pid == hostPid * 100 + 2) return QStringLiteral("cann");
    if (pid == hostPid * 100 + 11) return QStringLiteral("hccl");
    if (pid == hostPid * 100 + 12) return QStringLiteral("overlap");
    return QStringLiteral("other:%1").arg(pid);
}

std::vector<Ev> xEvents(const QString &path, qint64 hostPid)
{
    std::vector<Ev> out;
    for (const QJsonObject &e : testtrace::ofPhase(readEvents(path), QLatin1String("X"))) {
        const qint64 pid = e.value(QStringLiteral("pid")).toInteger(), tid = e.value(QStringLiteral("tid")).toInteger();
        out.push_back({laneOf(pid, tid, hostPid), tid, ns(e.value(QStringLiteral("ts"))), ns(e.value(QStringLiteral("dur"))),
                       e.value(QStringLiteral("name")).toString(), e.value(QStringLiteral("args")).toObject()});
    }
    std::sort(out.begin(), out.end());
    return out;
}

// Numbers equal to the precision the files carry: times to 1 ns, the AI Core time (the
// real files round it to 2 decimals, ours to 3, both from the same cycle count) to 0.006.
QString argsDiff(const QJsonObject &a, const QJsonObject &b)
{
    if (a.keys() != b.keys())
        return QStringLiteral("keys %1 vs %2").arg(a.keys().join(u','), b.keys().join(u','));
    for (const QString &k : a.keys()) {
        const QJsonValue x = a.value(k), y = b.value(k);
        // The capture writes an unnamed model as null in some iterations and "" in others;
        // both mean "no name" (we write null, as most of its files do).
        auto noName = [](const QJsonValue &v) { return v.isNull() || (v.isString() && v.toString().isEmpty()); };
        if (k == QLatin1String("Model Name") && noName(x) && noName(y))
            continue;
        if (x.isDouble() && y.isDouble()) {
            const double tol = k == QLatin1String("Aicore Time(ms)") ? 0.006 : 0.0011;
            if (std::fabs(x.toDouble() - y.toDouble()) > tol)
                return QStringLiteral("%1: %2 vs %3").arg(k).arg(x.toDouble(), 0, 'f', 6).arg(y.toDouble(), 0, 'f', 6);
        } else if (x != y) {
            return QStringLiteral("%1: %2 vs %3").arg(k, x.toVariant().toString(), y.toVariant().toString());
        }
    }
    return {};
}

// The host pid P of the lanes, from the device's info.json (10036 and 10044 here).
qint64 hostPidOf(const QString &timelineFile)
{
    const QDir dev(QFileInfo(timelineFile).absolutePath() + QStringLiteral("/.."));
    const QStringList infos = dev.entryList({QStringLiteral("info.json.*")}, QDir::Files);
    for (const QString &i : infos) {
        if (i.endsWith(QLatin1String(".done")))
            continue;
        QFile f(dev.absoluteFilePath(i));
        if (f.open(QIODevice::ReadOnly))
            return QJsonDocument::fromJson(f.readAll()).object().value(QStringLiteral("pid")).toString().toLongLong();
    }
    return -1;
}

} // namespace

class ImportReference : public QObject {
    Q_OBJECT
    QTemporaryDir tmp;  // NPUSCOPE_KEEP_TMP=1 keeps it for inspection
    Imported imp;
    QString project;

private slots:
    void initTestCase()
    {
        QVERIFY(tmp.isValid());
        tmp.setAutoRemove(qEnvironmentVariableIsEmpty("NPUSCOPE_KEEP_TMP"));
        if (!tmp.autoRemove())
            qInfo("keeping %s", qPrintable(tmp.path()));
        NPUSCOPE_REQUIRE_DATA(testdata::alexnet910Device0());
        project = tmp.filePath(QStringLiteral("ref.npuscope"));
        imp = importInto(referenceDir(), project);
        QVERIFY2(imp.ok, qPrintable(imp.error));
    }

    void everyEventIsAccounted()
    {
        // Independent count of what the files hold.
        std::uint64_t all = 0, meta = 0, overlap = 0, flows = 0, msprofX = 0, secondaryX = 0, stepFileX = 0;
        std::uint64_t tasks = 0, hcclTasks = 0, kernels = 0, cann = 0, msprofStep = 0;
        const QStringList files = jsonFiles(referenceDir());
        QCOMPARE(files.size(), 80); // 2 devices × 10 iterations × 4 kinds
        for (const QString &path : files) {
            const QString name = QFileInfo(path).fileName();
            const qint64 P = hostPidOf(path);
            for (const auto &v : readEvents(path)) {
                const QJsonObject e = v.toObject();
                ++all;
                const QString ph = e.value(QStringLiteral("ph")).toString();
                const qint64 pid = e.value(QStringLiteral("pid")).toInteger();
                if (ph == QLatin1String("M")) { ++meta; continue; }
                if (ph == QLatin1String("s") || ph == QLatin1String("t")) { ++flows; continue; }
                if (pid == P * 100 + 12) { ++overlap; continue; }
                if (name.startsWith(QLatin1String("msprof_"))) {
                    ++msprofX;
                    if (isStepThread(e, P)) ++msprofStep;
                    else if (pid == 3) ++tasks;
                    else if (pid == P * 100 + 11) (e.value(QStringLiteral("tid")).toInteger() == 70000 ? ++kernels : ++hcclTasks);
                    else if (pid == P * 100 + 2) ++cann;
                } else if (name.startsWith(QLatin1String("step_trace_"))) {
                    ++stepFileX;
                } else {
                    ++secondaryX;
                }
            }
        }
        const auto t = imp.report.total();
        qInfo("reference: %llu files, %llu events: %llu imported, %llu duplicates, %llu derived, %llu skipped",
              (unsigned long long)imp.report.files.size(), (unsigned long long)t.items, (unsigned long long)t.imported,
              (unsigned long long)t.duplicates, (unsigned long long)t.derived, (unsigned long long)t.skipped);
        qInfo("reference: %llu tasks, %llu HCCL tasks, %llu collectives, %llu CANN ranges, %llu step events in msprof",
              (unsigned long long)tasks, (unsigned long long)hcclTasks, (unsigned long long)kernels, (unsigned long long)cann,
              (unsigned long long)msprofStep);
        for (const auto &p : imp.report.problems)
            qInfo("problem: %s:%llu: %s (x%llu)", qPrintable(p.file), (unsigned long long)p.line, qPrintable(p.reason), (unsigned long long)p.count);
        QVERIFY(imp.report.balanced());
        QCOMPARE(imp.report.files.size(), std::size_t(80));
        QCOMPARE(t.items, all);
        QCOMPARE(t.skipped, std::uint64_t(0));
        QCOMPARE(t.derived, meta + overlap + flows);
        QCOMPARE(t.imported, msprofX);                  // msprof is the authority for every lane
        QCOMPARE(t.duplicates, secondaryX + stepFileX); // task_time / hccl / step_trace repeat it
        QVERIFY(imp.report.problems.empty());
        QVERIFY(!imp.report.missing.isEmpty());         // no summary CSVs in the capture: said so

        store::StoreError se{};
        QString msg;
        auto p = store::Project::open(project, store::Project::Mode::ReadOnly, &se, &msg);
        QVERIFY2(p, qPrintable(msg));
        const auto sessions = p->sessions();
        QCOMPARE(sessions.size(), std::size_t(1));
        QCOMPARE(sessions[0].status, SessionStatus::Complete);
        QCOMPARE(sessions[0].info.source, QStringLiteral("import"));
        QCOMPARE(sessions[0].info.devices.size(), std::size_t(2));
        auto r = p->session(sessions[0].id, &msg);
        QVERIFY2(r, qPrintable(msg));
        std::map<QString, std::uint64_t> counts;
        for (const auto &[k, n] : r->recordCounts())
            counts[k] = n;
        std::uint64_t storedTasks = 0, storedHccl = 0, storedColl = 0, storedHost = 0;
        for (const auto &k : r->iterations()) {
            r->forEachTask(k, [&](const TaskRecord &) { ++storedTasks; return true; });
            r->forEachHcclTask(k, [&](const HcclTaskRecord &) { ++storedHccl; return true; });
            r->forEachCollective(k, [&](const CollectiveOpRecord &) { ++storedColl; return true; });
            r->forEachHostRange(k, [&](const HostRangeRecord &) { ++storedHost; return true; });
        }
        QCOMPARE(storedTasks, tasks);
        QCOMPARE(storedHccl, hcclTasks);
        QCOMPARE(storedColl, kernels);
        QCOMPARE(storedHost, cann);
        QCOMPARE(r->iterations().size(), std::size_t(20));
        QCOMPARE(tasks + hcclTasks + kernels + cann + msprofStep, msprofX);
    }

    void stepTraceValuesEqualTheFiles()
    {
        const testrecord::OpenedSession opened = testrecord::openSession(project);
        QVERIFY2(opened.reader, qPrintable(opened.error));
        store::ProjectReader *r = opened.reader.get();
        int checked = 0;
        for (const QString &path : jsonFiles(referenceDir(), QStringLiteral("step_trace_"))) {
            const bool dev1 = QFileInfo(path).fileName().startsWith(QLatin1String("step_trace_1_"));
            const auto steps = r->stepTraces(dev1 ? 1 : 0, dev1 ? 0 : 2);
            QCOMPARE(steps.size(), std::size_t(10));
            for (const auto &v : readEvents(path)) {
                const QJsonObject e = v.toObject();
                const QString name = e.value(QStringLiteral("name")).toString();
                const QJsonObject a = e.value(QStringLiteral("args")).toObject();
                const auto it = a.value(QStringLiteral("Iteration ID")).toInt();
                if (it < 1)
                    continue;
                const StepTraceRecord &s = steps[std::size_t(it - 1)];
                QCOMPARE(s.iteration, std::uint32_t(it));
                if (name.startsWith(QLatin1String("Iteration ")) && !name.startsWith(QLatin1String("Iteration Refresh"))) {
                    QCOMPARE(s.fpStart, ns(a.value(QStringLiteral("FP Start"))));
                    QCOMPARE(s.bpEnd, ns(a.value(QStringLiteral("BP End"))));
                    QCOMPARE(s.iterationEnd, ns(a.value(QStringLiteral("Iteration End"))));
                    QCOMPARE(s.iterationEnd - (s.previousIterationEnd < 0 ? s.fpStart : s.previousIterationEnd),
                             qint64(std::llround(a.value(QStringLiteral("Iteration Time(ns)")).toDouble())));
                    ++checked;
                } else if (name.startsWith(QLatin1String("Reduce_"))) {
                    const int k = name.section(u'_', 2).toInt();
                    QVERIFY(std::size_t(k) < s.reduces.size());
                    QCOMPARE(s.reduces[std::size_t(k)].start, ns(a.value(QStringLiteral("Reduce Start %1").arg(k))));
                    QCOMPARE(s.reduces[std::size_t(k)].end, ns(a.value(QStringLiteral("Reduce End %1").arg(k))));
                }
            }
        }
        QCOMPARE(checked, 200); // 20 files × 10 iterations
    }

    void reexportHasTheSameEvents()
    {
        const testrecord::OpenedSession opened = testrecord::openSession(project);
        QVERIFY2(opened.reader, qPrintable(opened.error));
        store::ProjectReader *r = opened.reader.get();
        exporting::ExportRequest req;
        req.outputDir = tmp.filePath(QStringLiteral("out"));
        exporting::ExportResult res;
        QString msg;
        QVERIFY2(exporting::exportProf(*r, req, &res, nullptr, &msg), qPrintable(msg));
        int files = 0;
        std::uint64_t compared = 0, apiRangeGaps = 0, overlapAll = 0, overlapSame = 0;
        std::map<QString, int> overlapDiffs;
        for (const QString &path : jsonFiles(referenceDir())) {
            const QString rel = QDir(QFileInfo(path).absolutePath() + QStringLiteral("/../..")).relativeFilePath(path);
            const QString mine = res.profDir + QLatin1Char('/') + rel;
            QVERIFY2(QFileInfo::exists(mine), qPrintable(rel));
            const auto a = xEvents(path, hostPidOf(path)), b = xEvents(mine, hostPidOf(path));
            std::vector<Ev> ra, rb;
            // Overlap Analysis is derived; compared below as a whole, not event by event.
            for (const auto &e : a) if (e.lane != QLatin1String("overlap")) ra.push_back(e);
            for (const auto &e : b) if (e.lane != QLatin1String("overlap")) rb.push_back(e);
            std::vector<Ev> oa, ob;
            for (const auto &e : a) if (e.lane == QLatin1String("overlap")) oa.push_back(e);
            for (const auto &e : b) if (e.lane == QLatin1String("overlap")) ob.push_back(e);
            overlapAll += oa.size();
            for (const auto &e : oa)
                overlapSame += std::any_of(ob.begin(), ob.end(), [&e](const Ev &o) {
                    return o.tid == e.tid && o.ts == e.ts && o.dur == e.dur && o.name == e.name; });
            QCOMPARE(rb.size(), ra.size());
            for (std::size_t i = 0; i < ra.size(); ++i) {
                const QString where = QStringLiteral("%1 #%2 %3 %4").arg(rel).arg(i).arg(ra[i].lane, ra[i].name);
                QCOMPARE(rb[i].lane, ra[i].lane);
                QCOMPARE(rb[i].tid, ra[i].tid);
                QCOMPARE(rb[i].ts, ra[i].ts);
                QCOMPARE(rb[i].dur, ra[i].dur);
                QCOMPARE(rb[i].name, ra[i].name);
                if (ra[i].lane == QLatin1String("cann") && ra[i].args.contains(QStringLiteral("level"))) {
                    // Known gap: a CANN API range (Model@ModelExecute) carries Thread Id,
                    // level, id, item_id, request_id; HostRangeRecord keeps only the model
                    // id, so the re-export writes {"Model Id": item_id}.
                    QCOMPARE(rb[i].args.value(QStringLiteral("Model Id")).toInteger(),
                             ra[i].args.value(QStringLiteral("item_id")).toInteger());
                    ++apiRangeGaps;
                    ++compared;
                    continue;
                }
                const QString d = argsDiff(ra[i].args, rb[i].args);
                QVERIFY2(d.isEmpty(), qPrintable(where + QStringLiteral(": ") + d));
                ++compared;
            }
            ++files;
        }
        QCOMPARE(files, 80);
        qInfo("re-export: %llu X events compared equal in 80 files (%llu API ranges with reduced args)",
              (unsigned long long)compared, (unsigned long long)apiRangeGaps);
        QCOMPARE(apiRangeGaps, std::uint64_t(9)); // the capture's Model@ModelExecute ranges
        qInfo("overlap analysis: %llu of %llu events recomputed equal", (unsigned long long)overlapSame, (unsigned long long)overlapAll);
        QCOMPARE(overlapSame, overlapAll);
    }
};

QTEST_GUILESS_MAIN(ImportReference)
#include "test_import_reference.moc"
