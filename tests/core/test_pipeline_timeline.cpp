// Timeline JSON of a real export (AlexNet, 2 devices, every switch on) parsed back with
// QJsonDocument and compared in shape with the real Ascend 910 capture in
// tests/data/reference/ascend910-alexnet-msprof: lane pids and names, thread names and sort
// indexes, args keys of task / HCCL / step-trace events. The lane rules are checked on
// the reference as well, so a rule that the real files do not obey fails here first.
// Every stream-lane X event must be a stored task (ts/dur = stored ns / 1000).

#include "pipeline_fixture.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>
#include <map>
#include <set>
#include <tuple>

using namespace npuscope;

namespace {

QJsonArray loadArray(const QString &path, QString *error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot read ") + path;
        return {};
    }
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(f.readAll(), &pe);
    if (pe.error != QJsonParseError::NoError || !doc.isArray()) {
        *error = QStringLiteral("%1: not a JSON array (%2 at %3)").arg(path, pe.errorString()).arg(pe.offset);
        return {};
    }
    return doc.array();
}

QString refDir()
{
    return testdata::alexnet910Device0() + QStringLiteral("/timeline/");
}

// Numbers in event names and ids replaced by N: "Reduce_3_1" → "Reduce_N_N".
QString shape(const QString &name)
{
    static const QRegularExpression digits(QStringLiteral("\\d+"));
    QString s = name;
    return s.replace(digits, QStringLiteral("N"));
}

struct Lanes {
    // process name → (pid relative to P: "3" or "P*100+k", sort index, label)
    std::map<QString, std::tuple<QString, int, QString>> processes;
    // process name → set of thread-name shapes
    std::map<QString, std::set<QString>> threadShapes;
    QString error; // first lane rule the file breaks
};

// Reads the lanes of one timeline file and checks the spec's lane table on it.
Lanes lanes(const QJsonArray &events, qint64 hostPid)
{
    Lanes l;
    std::map<qint64, QString> pidName;
    std::map<qint64, int> pidSort;
    std::map<qint64, QString> pidLabel;
    std::map<std::pair<qint64, qint64>, QString> threadName;
    std::map<std::pair<qint64, qint64>, qint64> threadSort;
    for (const auto &v : events) {
        const QJsonObject e = v.toObject();
        if (e.value(QStringLiteral("ph")).toString() != QStringLiteral("M")) continue;
        const qint64 pid = e.value(QStringLiteral("pid")).toInteger(), tid = e.value(QStringLiteral("tid")).toInteger();
        const QString n = e.value(QStringLiteral("name")).toString();
        const QJsonObject a = e.value(QStringLiteral("args")).toObject();
        if (n == QStringLiteral("process_name")) pidName[pid] = a.value(QStringLiteral("name")).toString();
        else if (n == QStringLiteral("process_sort_index")) pidSort[pid] = a.value(QStringLiteral("sort_index")).toInt();
        else if (n == QStringLiteral("process_labels")) pidLabel[pid] = a.value(QStringLiteral("labels")).toString();
        else if (n == QStringLiteral("thread_name")) threadName[{pid, tid}] = a.value(QStringLiteral("name")).toString();
        else if (n == QStringLiteral("thread_sort_index")) threadSort[{pid, tid}] = a.value(QStringLiteral("sort_index")).toInteger();
    }
    auto fail = [&](const QString &why) {
        if (l.error.isEmpty()) l.error = why;
    };
    for (const auto &[pid, name] : pidName) {
        QString rel;
        if (pid == 3) rel = QStringLiteral("3");
        else if (pid == hostPid) rel = QStringLiteral("P");
        else if (pid / 100 == hostPid) rel = QStringLiteral("P*100+%1").arg(pid % 100);
        else fail(QStringLiteral("pid %1 (%2) follows no pattern of host pid %3").arg(pid).arg(name).arg(hostPid));
        l.processes[name] = {rel, pidSort.count(pid) ? pidSort[pid] : -1, pidLabel[pid]};
    }
    static const QRegularExpression stream(QStringLiteral("^Stream (\\d+)$")), plane(QStringLiteral("^Plane (\\d+)$")),
        thread(QStringLiteral("^Thread (\\d+)$")), stepLane(QStringLiteral("^Step Trace\\(Model ID:(\\d+)\\)$")),
        modelLane(QStringLiteral("^Model ID:(\\d+)$"));
    const QStringList overlap = {QStringLiteral("Computing"), QStringLiteral("Communication"),
                                 QStringLiteral("Communication(Not Overlapped)"), QStringLiteral("Free")};
    for (const auto &[key, tname] : threadName) {
        const auto [pid, tid] = key;
        const QString proc = pidName.count(pid) ? pidName[pid] : QStringLiteral("?");
        l.threadShapes[proc].insert(shape(tname));
        const bool hasSort = threadSort.count(key) > 0;
        const qint64 sort = hasSort ? threadSort[key] : -1;
        QRegularExpressionMatch m;
        auto expect = [&](bool ok, const QString &rule) {
            if (!ok) fail(QStringLiteral("%1/%2 (tid %3, sort %4): %5").arg(proc, tname).arg(tid).arg(sort).arg(rule));
        };
        if ((m = stream.match(tname)).hasMatch()) {
            expect(proc == QStringLiteral("Ascend Hardware") && tid == m.captured(1).toLongLong() && sort == tid,
                   QStringLiteral("Stream n: tid n, sort n"));
        } else if ((m = plane.match(tname)).hasMatch()) {
            expect(proc == QStringLiteral("HCCL") && tid == m.captured(1).toLongLong() && sort == 70000 + tid,
                   QStringLiteral("Plane k: tid k, sort 70000+k"));
        } else if (tname == QStringLiteral("Communication Kernel")) {
            expect(proc == QStringLiteral("HCCL") && tid == 70000 && sort == 0, QStringLiteral("tid 70000, sort 0"));
        } else if ((m = thread.match(tname)).hasMatch()) {
            // CANN host threads, and the msproftx lanes (absent from the reference) alike.
            expect((proc == QStringLiteral("CANN") || proc.contains(QStringLiteral("tx"), Qt::CaseInsensitive))
                       && tid == m.captured(1).toLongLong() && sort == tid,
                   QStringLiteral("Thread t: tid t, sort t"));
        } else if ((m = stepLane.match(tname)).hasMatch()) {
            expect(proc == QStringLiteral("Ascend Hardware") && tid == hostPid && sort == 70000 + m.captured(1).toLongLong(),
                   QStringLiteral("Step Trace lane: tid P, sort 70000+m"));
        } else if ((m = modelLane.match(tname)).hasMatch()) {
            expect(proc == QStringLiteral("Step Trace") && pid == hostPid && tid == hostPid
                       && sort == 70000 + m.captured(1).toLongLong(),
                   QStringLiteral("Model ID lane: pid P, tid P, sort 70000+m"));
        } else if (overlap.contains(tname)) {
            expect(proc == QStringLiteral("Overlap Analysis") && tid == overlap.indexOf(tname),
                   QStringLiteral("overlap lanes are tids 0-3 in the spec's order"));
        } else if (proc != QStringLiteral("msprof_tx") && !proc.contains(QStringLiteral("tx"), Qt::CaseInsensitive)) {
            fail(QStringLiteral("unknown thread %1 in %2").arg(tname, proc));
        }
    }
    return l;
}

// Union of args keys of X events selected by pred, and the set of shapes of their names/cats.
template <typename Pred>
QSet<QString> argsKeys(const QJsonArray &events, Pred pred)
{
    QSet<QString> keys;
    for (const auto &v : events) {
        const QJsonObject e = v.toObject();
        if (e.value(QStringLiteral("ph")).toString() == QStringLiteral("X") && pred(e))
            for (const QString &k : e.value(QStringLiteral("args")).toObject().keys()) keys.insert(k);
    }
    return keys;
}

QString joinSorted(const QSet<QString> &s)
{
    QStringList l(s.begin(), s.end());
    l.sort();
    return l.join(QStringLiteral(" | "));
}

// (cat or ph, name shape, sorted args keys) of the step-trace process events.
std::set<QString> stepShapes(const QJsonArray &events, qint64 pid)
{
    std::set<QString> out;
    for (const auto &v : events) {
        const QJsonObject e = v.toObject();
        const QString ph = e.value(QStringLiteral("ph")).toString();
        if (ph == QStringLiteral("M") || e.value(QStringLiteral("pid")).toInteger() != pid) continue;
        QStringList keys; // "Reduce Start 1" and "Reduce Start 0" are one kind of key
        for (const QString &key : e.value(QStringLiteral("args")).toObject().keys()) keys << shape(key);
        keys.sort();
        out.insert(QStringLiteral("%1 [%2] %3 {%4}")
                       .arg(ph, e.value(QStringLiteral("cat")).toString(), shape(e.value(QStringLiteral("name")).toString()),
                            keys.join(u',')));
    }
    return out;
}

qint64 toNs(double us)
{
    return std::llround(us * 1000.0);
}

} // namespace

class PipelineTimeline : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void lanesMatchReference();
    void eventArgsMatchReference();
    void streamEventsAreStoredTasks();

private:
    QTemporaryDir tmp_;
    pipeline::Exported e_;
    QJsonArray refMsprof_, refHccl_, refStep_, refTaskTime_;
    qint64 refHostPid_ = 0;
    QString ours(std::uint16_t device, std::uint32_t model, std::uint32_t it, const char *kind) const
    {
        return e_.result.profDir + QStringLiteral("/device_%1/timeline/%2_%1_%3_%4.json").arg(device).arg(QString::fromLatin1(kind)).arg(model).arg(it);
    }
};

void PipelineTimeline::initTestCase()
{
    NPUSCOPE_REQUIRE_DATA(refDir() + QStringLiteral("msprof_0_2_1.json"));
    QString err;
    refMsprof_ = loadArray(refDir() + QStringLiteral("msprof_0_2_1.json"), &err);
    QVERIFY2(err.isEmpty(), qPrintable(err));
    refHccl_ = loadArray(refDir() + QStringLiteral("hccl_0_2_1.json"), &err);
    QVERIFY2(err.isEmpty(), qPrintable(err));
    refStep_ = loadArray(refDir() + QStringLiteral("step_trace_0_2_1.json"), &err);
    QVERIFY2(err.isEmpty(), qPrintable(err));
    refTaskTime_ = loadArray(refDir() + QStringLiteral("task_time_0_2_1.json"), &err);
    QVERIFY2(err.isEmpty(), qPrintable(err));
    // The reference's host pid: the CANN process is P*100+2.
    for (const auto &v : refMsprof_) {
        const QJsonObject o = v.toObject();
        if (o.value(QStringLiteral("name")).toString() == QStringLiteral("process_name")
            && o.value(QStringLiteral("args")).toObject().value(QStringLiteral("name")).toString() == QStringLiteral("CANN"))
            refHostPid_ = o.value(QStringLiteral("pid")).toInteger() / 100;
    }
    QCOMPARE(refHostPid_, qint64(10036));

    SessionSpec spec{.model = QStringLiteral("alexnet"), .batchSize = 8, .iterations = 2,
                     .devicesPerServer = 2, .seed = 3};
    QVERIFY(tmp_.isValid());
    e_ = pipeline::runAndExport(spec, pipeline::allSwitchesOn(), tmp_.path());
    QVERIFY2(e_.ok, qPrintable(e_.error));
}

void PipelineTimeline::lanesMatchReference()
{
    const Lanes ref = lanes(refMsprof_, refHostPid_);
    QVERIFY2(ref.error.isEmpty(), qPrintable(QStringLiteral("reference: ") + ref.error));
    const Lanes refStep = lanes(refStep_, refHostPid_);
    QVERIFY2(refStep.error.isEmpty(), qPrintable(QStringLiteral("reference step_trace: ") + refStep.error));
    const Lanes refHccl = lanes(refHccl_, refHostPid_);
    const Lanes refTask = lanes(refTaskTime_, refHostPid_);

    for (const auto &dev : e_.reader->sessionInfo().devices) {
        const qint64 p = dev.hostPid;
        for (const IterationKey &k : e_.reader->iterations()) {
            if (k.device != dev.id) continue;
            QString err;
            const auto check = [&](const char *kind, const Lanes &expected) {
                const QJsonArray a = loadArray(ours(k.device, k.modelId, k.iteration, kind), &err);
                QVERIFY2(err.isEmpty(), qPrintable(err));
                const Lanes got = lanes(a, p);
                QVERIFY2(got.error.isEmpty(), qPrintable(QStringLiteral("%1: %2").arg(QString::fromLatin1(kind), got.error)));
                for (const auto &[name, desc] : expected.processes) {
                    QVERIFY2(got.processes.count(name), qPrintable(QStringLiteral("%1 lacks process %2").arg(QString::fromLatin1(kind), name)));
                    QVERIFY2(got.processes.at(name) == desc,
                             qPrintable(QStringLiteral("%1: process %2 is %3/sort %4/%5, reference %6/sort %7/%8")
                                            .arg(QString::fromLatin1(kind), name, std::get<0>(got.processes.at(name)))
                                            .arg(std::get<1>(got.processes.at(name)))
                                            .arg(std::get<2>(got.processes.at(name)), std::get<0>(desc))
                                            .arg(std::get<1>(desc))
                                            .arg(std::get<2>(desc))));
                    const auto &want = expected.threadShapes.count(name) ? expected.threadShapes.at(name) : std::set<QString>{};
                    const auto &have = got.threadShapes.count(name) ? got.threadShapes.at(name) : std::set<QString>{};
                    for (const QString &t : want)
                        QVERIFY2(have.count(t), qPrintable(QStringLiteral("%1: %2 lacks a thread like '%3'").arg(QString::fromLatin1(kind), name, t)));
                }
            };
            check("msprof", ref);
            check("step_trace", refStep);
            check("hccl", refHccl);
            check("task_time", refTask);
        }
    }
}

void PipelineTimeline::eventArgsMatchReference()
{
    const auto isStream = [&](qint64 hostPid) {
        return [hostPid](const QJsonObject &e) {
            return e.value(QStringLiteral("pid")).toInteger() == 3 && e.value(QStringLiteral("tid")).toInteger() != hostPid;
        };
    };
    const auto isPlane = [](qint64 hostPid) {
        return [hostPid](const QJsonObject &e) {
            return e.value(QStringLiteral("pid")).toInteger() == hostPid * 100 + 11
                   && e.value(QStringLiteral("tid")).toInteger() != 70000;
        };
    };
    const QSet<QString> refTaskKeys = argsKeys(refMsprof_, isStream(refHostPid_));
    const QSet<QString> refPlaneKeys = argsKeys(refHccl_, isPlane(refHostPid_));
    QCOMPARE(refTaskKeys.size(), 6);
    QVERIFY(refPlaneKeys.size() >= 12);
    const std::set<QString> refSteps = stepShapes(refStep_, refHostPid_);
    QVERIFY(!refSteps.empty());

    for (const auto &dev : e_.reader->sessionInfo().devices) {
        for (const IterationKey &k : e_.reader->iterations()) {
            if (k.device != dev.id) continue;
            QString err;
            const QJsonArray msprof = loadArray(ours(k.device, k.modelId, k.iteration, "msprof"), &err);
            QVERIFY2(err.isEmpty(), qPrintable(err));
            // Every task event carries exactly the reference's keys.
            for (const auto &v : msprof) {
                const QJsonObject o = v.toObject();
                if (o.value(QStringLiteral("ph")).toString() != QStringLiteral("X") || !isStream(dev.hostPid)(o)) continue;
                const QStringList keys = o.value(QStringLiteral("args")).toObject().keys();
                QCOMPARE(joinSorted(QSet<QString>(keys.begin(), keys.end())), joinSorted(refTaskKeys));
            }
            const QJsonArray hccl = loadArray(ours(k.device, k.modelId, k.iteration, "hccl"), &err);
            QVERIFY2(err.isEmpty(), qPrintable(err));
            int planeEvents = 0;
            for (const auto &v : hccl) {
                const QJsonObject o = v.toObject();
                if (o.value(QStringLiteral("ph")).toString() != QStringLiteral("X") || !isPlane(dev.hostPid)(o)) continue;
                const QStringList keys = o.value(QStringLiteral("args")).toObject().keys();
                QCOMPARE(joinSorted(QSet<QString>(keys.begin(), keys.end())), joinSorted(refPlaneKeys));
                ++planeEvents;
            }
            QVERIFY(planeEvents > 0);

            // Step trace: the same kinds of event (name shape, cat, args keys) as the reference.
            const QJsonArray step = loadArray(ours(k.device, k.modelId, k.iteration, "step_trace"), &err);
            QVERIFY2(err.isEmpty(), qPrintable(err));
            const std::set<QString> got = stepShapes(step, dev.hostPid);
            QStringList missing, extra;
            for (const QString &s : refSteps) if (!got.count(s)) missing << s;
            for (const QString &s : got) if (!refSteps.count(s)) extra << s;
            QVERIFY2(missing.isEmpty() && extra.isEmpty(),
                     qPrintable(QStringLiteral("step_trace events differ from the reference;\n missing: %1\n extra: %2")
                                    .arg(missing.join(QStringLiteral("\n  ")), extra.join(QStringLiteral("\n  ")))));
        }
    }
}

void PipelineTimeline::streamEventsAreStoredTasks()
{
    int checked = 0;
    for (const auto &dev : e_.reader->sessionInfo().devices) {
        for (const IterationKey &k : e_.reader->iterations()) {
            if (k.device != dev.id) continue;
            // (stream, task id, start ns) → duration ns of every stored task
            std::multimap<std::tuple<qint64, qint64, qint64>, qint64> stored;
            QVERIFY(e_.reader->forEachTask(k, [&](const TaskRecord &t) {
                stored.emplace(std::make_tuple(qint64(t.streamId), qint64(t.taskId), qint64(t.start)), qint64(t.duration));
                return true;
            }));
            std::size_t hcclStored = 0, collStored = 0;
            QVERIFY(e_.reader->forEachHcclTask(k, [&](const HcclTaskRecord &) { ++hcclStored; return true; }));
            QVERIFY(e_.reader->forEachCollective(k, [&](const CollectiveOpRecord &) { ++collStored; return true; }));
            QVERIFY(!stored.empty());

            for (const char *kind : {"msprof", "task_time"}) {
                QString err;
                const QJsonArray a = loadArray(ours(k.device, k.modelId, k.iteration, kind), &err);
                QVERIFY2(err.isEmpty(), qPrintable(err));
                auto remaining = stored;
                std::size_t events = 0, planes = 0, kernels = 0;
                for (const auto &v : a) {
                    const QJsonObject o = v.toObject();
                    if (o.value(QStringLiteral("ph")).toString() != QStringLiteral("X")) continue;
                    const qint64 pid = o.value(QStringLiteral("pid")).toInteger(), tid = o.value(QStringLiteral("tid")).toInteger();
                    if (pid == qint64(dev.hostPid) * 100 + 11) (tid == 70000 ? kernels : planes)++;
                    if (pid != 3 || tid == qint64(dev.hostPid)) continue;
                    ++events;
                    const QJsonObject args = o.value(QStringLiteral("args")).toObject();
                    const qint64 stream = args.value(QStringLiteral("Stream Id")).toInteger(-1);
                    QCOMPARE(stream, tid);
                    const qint64 taskId = args.value(QStringLiteral("Task Id")).toInteger(-1);
                    QVERIFY(o.value(QStringLiteral("ts")).isDouble() && o.value(QStringLiteral("dur")).isDouble());
                    const qint64 ts = toNs(o.value(QStringLiteral("ts")).toDouble());
                    const auto it = remaining.find({stream, taskId, ts});
                    QVERIFY2(it != remaining.end(),
                             qPrintable(QStringLiteral("%1 %2: event stream %3 task %4 at %5 ns is no stored task")
                                            .arg(QString::fromLatin1(kind), o.value(QStringLiteral("name")).toString())
                                            .arg(stream).arg(taskId).arg(ts)));
                    QCOMPARE(toNs(o.value(QStringLiteral("dur")).toDouble()), it->second);
                    remaining.erase(it);
                    ++checked;
                }
                QCOMPARE(events, stored.size());
                if (QByteArray(kind) == "msprof") {
                    QCOMPARE(planes, hcclStored);
                    QCOMPARE(kernels, collStored);
                }
            }
        }
    }
    QVERIFY(checked > 100);
}

QTEST_GUILESS_MAIN(PipelineTimeline)
#include "test_pipeline_timeline.moc"
