// PROF exporter: structure against docs/formats.md and the real reference
// capture, formulas on every row, switches, filters, determinism, quoting, atomicity.
#include "tests/test_data.h"
#include "core/exporting/prof_exporter.h"
#include "core/options/profiling_options.h"
#include "export_fixture.h"
#include "tests/test_files.h"
#include "tests/test_trace_events.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>
#include <map>
#include <unistd.h>

using namespace npuscope;
using namespace npuscope::exporting;
using namespace npuscope::testing;

namespace {

const QString kRefDevice0 = testdata::alexnet910Device0();

QByteArray readAll(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll();
}

// RFC 4180 reader: rows of cells.
QList<QStringList> parseCsv(const QByteArray &data)
{
    QList<QStringList> rows;
    QStringList row;
    QString cell;
    const QString s = QString::fromUtf8(data);
    bool inQuotes = false;
    for (int i = 0; i < s.size(); ++i) {
        const QChar c = s[i];
        if (inQuotes) {
            if (c == QLatin1Char('"')) {
                if (i + 1 < s.size() && s[i + 1] == QLatin1Char('"')) {
                    cell += c;
                    ++i;
                } else {
                    inQuotes = false;
                }
            } else {
                cell += c;
            }
        } else if (c == QLatin1Char('"')) {
            inQuotes = true;
        } else if (c == QLatin1Char(',')) {
            row << cell;
            cell.clear();
        } else if (c == QLatin1Char('\n')) {
            row << cell;
            rows << row;
            row.clear();
            cell.clear();
        } else {
            cell += c;
        }
    }
    if (!cell.isEmpty() || !row.isEmpty()) {
        row << cell;
        rows << row;
    }
    return rows;
}

// Headers of the summary files as output-files.md states them (bold name, then a code
// block); op_summary gets the PipeUtilization columns, step_trace `pairs` reduce pairs.
std::map<QString, QString> specHeaders(int reducePairs, const QString &metricsGroup = QStringLiteral("PipeUtilization"))
{
    const QString spec = QString::fromUtf8(readAll(testdata::doc(QStringLiteral("formats.md"))));
    std::map<QString, QString> out;
    static const QRegularExpression block(QStringLiteral("\\*\\*([a-z0-9_]+)\\*\\*[^\\n]*\\n+```\\n([^\\n]+)\\n```"));
    auto it = block.globalMatch(spec);
    while (it.hasNext()) {
        const auto m = it.next();
        out[m.captured(1)] = m.captured(2).trimmed();
    }
    static const QRegularExpression groupRow(QStringLiteral("\\| (\\w+) \\| ([^|]+) \\|"));
    auto g = groupRow.globalMatch(spec);
    QString metrics;
    while (g.hasNext()) {
        const auto m = g.next();
        if (m.captured(1) == metricsGroup)
            metrics = m.captured(2).trimmed();
    }
    out[QStringLiteral("op_summary")].replace(QStringLiteral("<aic_metrics columns>"), metrics);
    QString &st = out[QStringLiteral("step_trace")];
    const int b = st.indexOf(QLatin1Char('['));
    const QString pair = st.mid(b + 1, st.indexOf(QLatin1Char(']')) - b - 1);
    st = st.left(b);
    for (int i = 0; i < reducePairs; ++i)
        st += pair;
    return out;
}

// Top-level keys (in order) of every object of a one-level JSON array, plus the keys of
// its "args" object: QJsonObject sorts keys, the files' key order is part of the format.
struct KeyOrder {
    QStringList keys;
    QStringList argKeys;
};
QList<KeyOrder> keyOrders(const QByteArray &raw)
{
    QList<KeyOrder> out;
    int depth = 0;
    bool inString = false;
    QByteArray str;
    QByteArray lastKeyAtDepth2;
    bool inArgs = false;
    for (int i = 0; i < raw.size(); ++i) {
        const char c = raw[i];
        if (inString) {
            if (c == '\\') {
                str += raw[++i];
            } else if (c == '"') {
                inString = false;
                int j = i + 1;
                while (j < raw.size() && raw[j] == ' ')
                    ++j;
                if (j < raw.size() && raw[j] == ':') {
                    if (depth == 2) {
                        out.last().keys << QString::fromUtf8(str);
                        lastKeyAtDepth2 = str;
                    } else if (depth == 3 && inArgs) {
                        out.last().argKeys << QString::fromUtf8(str);
                    }
                }
            } else {
                str += c;
            }
            continue;
        }
        if (c == '"') {
            inString = true;
            str.clear();
        } else if (c == '{' || c == '[') {
            ++depth;
            if (depth == 2)
                out << KeyOrder{};
            if (depth == 3)
                inArgs = lastKeyAtDepth2 == "args";
        } else if (c == '}' || c == ']') {
            --depth;
        }
    }
    return out;
}

QString normaliseDigits(QString s)
{
    static const QRegularExpression digits(QStringLiteral("\\d+"));
    return s.replace(digits, QStringLiteral("#"));
}

struct Lanes {
    std::map<qint64, QString> processNames;
    std::map<qint64, int> processSort;
    std::map<qint64, QString> labels;
    std::map<std::pair<qint64, qint64>, QString> threadNames;
    std::map<std::pair<qint64, qint64>, qint64> threadSort;
};
Lanes lanesOf(const QJsonArray &a)
{
    Lanes l;
    for (const QJsonObject &e : testtrace::ofPhase(a, QLatin1String("M"))) {
        const qint64 pid = e.value(QStringLiteral("pid")).toInteger();
        const qint64 tid = e.value(QStringLiteral("tid")).toInteger();
        const QJsonObject args = e.value(QStringLiteral("args")).toObject();
        const QString n = e.value(QStringLiteral("name")).toString();
        if (n == QLatin1String("process_name"))
            l.processNames[pid] = args.value(QStringLiteral("name")).toString();
        else if (n == QLatin1String("process_sort_index"))
            l.processSort[pid] = args.value(QStringLiteral("sort_index")).toInt();
        else if (n == QLatin1String("process_labels"))
            l.labels[pid] = args.value(QStringLiteral("labels")).toString();
        else if (n == QLatin1String("thread_name"))
            l.threadNames[{pid, tid}] = args.value(QStringLiteral("name")).toString();
        else if (n == QLatin1String("thread_sort_index"))
            l.threadSort[{pid, tid}] = args.value(QStringLiteral("sort_index")).toInteger();
    }
    return l;
}

// (process name, label, sort) and (process name, thread name with digits normalised,
// thread sort − tid relation) sets: what must agree between ours and the reference.
QSet<QString> laneSignature(const Lanes &l, qint64 hostPid)
{
    QSet<QString> sig;
    for (const auto &[pid, name] : l.processNames) {
        const qint64 rel = pid >= hostPid * 100 ? pid - hostPid * 100 : -pid;
        sig << QStringLiteral("P|%1|pid:%2|%3|%4").arg(name).arg(rel).arg(l.labels.count(pid) ? l.labels.at(pid) : QString())
                   .arg(l.processSort.count(pid) ? l.processSort.at(pid) : -1);
    }
    for (const auto &[key, name] : l.threadNames) {
        const auto [pid, tid] = key;
        const auto s = l.threadSort.find(key);
        QString sortRel = QStringLiteral("none");
        if (s != l.threadSort.end())
            sortRel = s->second == tid ? QStringLiteral("=tid") : s->second - tid == 70000 ? QStringLiteral("tid+70000")
                    : QStringLiteral("abs:%1").arg(normaliseDigits(QString::number(s->second)));
        QString tidRel = tid == hostPid ? QStringLiteral("P") : normaliseDigits(QString::number(tid));
        sig << QStringLiteral("T|%1|%2|tid:%3|sort:%4").arg(l.processNames.count(pid) ? l.processNames.at(pid) : QString(),
                                                             normaliseDigits(name), tidRel, sortRel);
    }
    return sig;
}

struct Exported {
    QString profDir;
    QStringList files;
    ExportError kind = ExportError::None;
    QString error;
    bool ok = false;
};

Exported runExport(const TraceReader &t, const QString &out, ExportRequest req = {})
{
    req.outputDir = out;
    Exported e;
    ExportResult r;
    e.ok = exportProf(t, req, &r, &e.kind, &e.error);
    e.profDir = r.profDir;
    e.files = r.files;
    return e;
}

// The fixture session (makeSession with `options`) exported into a folder of its own.
struct SessionExport {
    std::unique_ptr<MemoryTrace> trace;
    QTemporaryDir tmp;
    Exported e;
};

std::unique_ptr<SessionExport> exportedSession(const QByteArray &options = allOnOptions())
{
    auto x = std::make_unique<SessionExport>();
    x->trace = makeSession(options);
    x->e = runExport(*x->trace, x->tmp.path());
    return x;
}

double num(const QString &s)
{
    bool ok = false;
    const double v = s.toDouble(&ok);
    return ok ? v : std::nan("");
}

} // namespace

class TestExportProf : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        NPUSCOPE_REQUIRE_DATA(testdata::doc(QStringLiteral("formats.md")), kRefDevice0 + QStringLiteral("/info.json.0"),
                              kRefDevice0 + QStringLiteral("/timeline/msprof_0_2_1.json"));
    }

    void layoutAndDeviceFiles()
    {
        const auto x = exportedSession();
        const auto &[t, tmp, e] = *x;
        QVERIFY2(e.ok, qPrintable(e.error));
        const QString name = QFileInfo(e.profDir).fileName();
        QVERIFY2(QRegularExpression(QStringLiteral("^PROF_000001_\\d{17}_[A-R]{16}$")).match(name).hasMatch(), qPrintable(name));
        // Nothing but the PROF directory is left in the output folder.
        QCOMPARE(QDir(tmp.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot), QStringList{name});
        // Every listed file exists; the tree holds nothing else.
        QStringList onDisk;
        for (const auto &p : testfiles::filesUnder(e.profDir, QDir::Hidden | QDir::NoDotAndDotDot | QDir::Dirs))
            if (QFileInfo(e.profDir + QLatin1Char('/') + p).isFile())
                onDisk << p;
        QCOMPARE(onDisk, e.files);

        for (int d = 0; d < 2; ++d) {
            const QString dev = e.profDir + QStringLiteral("/device_%1/").arg(d);
            for (const char *f : {"info.json.", "start_info.", "end_info."}) {
                const QString p = dev + QLatin1String(f) + QString::number(d);
                const QByteArray content = readAll(p);
                QVERIFY(!content.isEmpty());
                QCOMPARE(readAll(p + QStringLiteral(".done")), QByteArray("filesize:") + QByteArray::number(content.size()) + "\n");
                QJsonParseError pe;
                QJsonDocument::fromJson(content, &pe);
                QCOMPARE(pe.error, QJsonParseError::NoError);
            }
            const QJsonObject info = QJsonDocument::fromJson(readAll(dev + QStringLiteral("info.json.%1").arg(d))).object();
            const QJsonObject ref = QJsonDocument::fromJson(readAll(kRefDevice0 + QStringLiteral("/info.json.0"))).object();
            // Same keys as the real file, same device description keys.
            QCOMPARE(info.keys(), ref.keys());
            const QJsonObject di = info.value(QStringLiteral("DeviceInfo")).toArray().at(0).toObject();
            QCOMPARE(di.keys(), ref.value(QStringLiteral("DeviceInfo")).toArray().at(0).toObject().keys());
            QCOMPARE(di.value(QStringLiteral("id")).toInt(), d);
            QCOMPARE(di.value(QStringLiteral("ai_core_num")).toInt(), 32);
            QCOMPARE(di.value(QStringLiteral("ai_cpu_core_num")).toInt(), 14);
            QCOMPARE(di.value(QStringLiteral("aic_frequency")).toString(), QStringLiteral("1000"));
            QCOMPARE(di.value(QStringLiteral("hwts_frequency")).toString(), QStringLiteral("100"));
            QCOMPARE(info.value(QStringLiteral("platform_version")).toString(), QStringLiteral("1"));
            QCOMPARE(info.value(QStringLiteral("rank_id")).toInt(), d);
            QCOMPARE(info.value(QStringLiteral("pid")).toString(), QString::number(t->sessionInfo().devices[d].hostPid));
            const QJsonObject start = QJsonDocument::fromJson(readAll(dev + QStringLiteral("start_info.%1").arg(d))).object();
            const QJsonObject refStart = QJsonDocument::fromJson(readAll(kRefDevice0 + QStringLiteral("/start_info.0"))).object();
            QCOMPARE(start.keys(), refStart.keys());
            QCOMPARE(start.value(QStringLiteral("collectionTimeBegin")).toString(), QString::number(t->sessionInfo().devices[d].wallBeginUs));
            QCOMPARE(start.value(QStringLiteral("clockMonotonicRaw")).toString(), QString::number(t->sessionInfo().devices[d].monotonicBegin));
            const QJsonObject end = QJsonDocument::fromJson(readAll(dev + QStringLiteral("end_info.%1").arg(d))).object();
            QCOMPARE(end.keys(), QJsonDocument::fromJson(readAll(kRefDevice0 + QStringLiteral("/end_info.0"))).object().keys());
        }
        // With every switch on: the full set of per-iteration files.
        const QStringList perIteration = {
            QStringLiteral("timeline/msprof_%1_2_%2.json"), QStringLiteral("timeline/task_time_%1_2_%2.json"),
            QStringLiteral("timeline/step_trace_%1_2_%2.json"), QStringLiteral("timeline/hccl_%1_2_%2.json"),
            QStringLiteral("timeline/msprof_tx_%1_2_%2.json"), QStringLiteral("summary/op_summary_%1_2_%2.csv"),
            QStringLiteral("summary/op_statistic_%1_2_%2.csv"), QStringLiteral("summary/step_trace_%1_2_%2.csv"),
            QStringLiteral("summary/task_time_%1_2_%2.csv"), QStringLiteral("summary/aicpu_%1_2_%2.csv"),
            QStringLiteral("summary/dp_%1_2_%2.csv"), QStringLiteral("summary/fusion_op_%1_2_%2.csv"),
            QStringLiteral("summary/l2_cache_%1_2_%2.csv"), QStringLiteral("summary/msprof_tx_%1_2_%2.csv"),
        };
        for (int d = 0; d < 2; ++d)
            for (int it = 1; it <= 2; ++it)
                for (const auto &f : perIteration) {
                    const QString rel = QStringLiteral("device_%1/").arg(d) + f.arg(d).arg(it);
                    QVERIFY2(e.files.contains(rel), qPrintable(rel));
                }
        QCOMPARE(e.files.size(), 2 * 6 + 2 * 2 * perIteration.size());
    }

    void csvHeadersFollowTheSpec()
    {
        const auto x = exportedSession();
        const auto &[t, tmp, e] = *x;
        QVERIFY2(e.ok, qPrintable(e.error));
        const auto headers = specHeaders(2);
        QVERIFY(headers.size() >= 9);
        int checked = 0;
        for (const auto &rel : e.files) {
            if (!rel.endsWith(QLatin1String(".csv")))
                continue;
            const QString base = QFileInfo(rel).fileName().section(QLatin1Char('_'), 0, -4);
            QVERIFY2(headers.count(base), qPrintable(base));
            const QByteArray content = readAll(e.profDir + QLatin1Char('/') + rel);
            const QString first = QString::fromUtf8(content.left(content.indexOf('\n')));
            QCOMPARE(first, headers.at(base));
            QVERIFY(!content.contains('\r'));
            // Every row has as many cells as the header.
            const auto rows = parseCsv(content);
            for (const auto &r : rows)
                QCOMPARE(r.size(), rows.first().size());
            ++checked;
        }
        QCOMPARE(checked, 2 * 2 * 9);
    }

    void timelineLanesMatchTheReference()
    {
        // msproftx off: the reference has no user marker lanes.
        QByteArray opts = allOnOptions();
        opts.replace("\"msproftx\":\"on\"", "\"msproftx\":\"off\"");
        const auto x = exportedSession(opts);
        const auto &[t, tmp, e] = *x;
        QVERIFY2(e.ok, qPrintable(e.error));
        const QByteArray raw = readAll(e.profDir + QStringLiteral("/device_0/timeline/msprof_0_2_1.json"));
        const QByteArray refRaw = readAll(kRefDevice0 + QStringLiteral("/timeline/msprof_0_2_1.json"));
        QVERIFY(!refRaw.isEmpty());
        const QJsonArray ours = QJsonDocument::fromJson(raw).array();
        const QJsonArray ref = QJsonDocument::fromJson(refRaw).array();
        QVERIFY(!ours.isEmpty());

        const qint64 P = 10036;
        const Lanes l = lanesOf(ours);
        QCOMPARE(l.processNames.at(3), QStringLiteral("Ascend Hardware"));
        QCOMPARE(l.processNames.at(P * 100 + 2), QStringLiteral("CANN"));
        QCOMPARE(l.processNames.at(P * 100 + 11), QStringLiteral("HCCL"));
        QCOMPARE(l.processNames.at(P * 100 + 12), QStringLiteral("Overlap Analysis"));
        QCOMPARE(l.processSort.at(P * 100 + 2), 2);
        QCOMPARE(l.processSort.at(3), 3);
        QCOMPARE(l.processSort.at(P * 100 + 11), 11);
        QCOMPARE(l.processSort.at(P * 100 + 12), 12);
        QCOMPARE(l.threadNames.at({3, P}), QStringLiteral("Step Trace(Model ID:2)"));
        QCOMPARE(l.threadSort.at({3, P}), 70002);
        QCOMPARE(l.threadNames.at({3, 2}), QStringLiteral("Stream 2"));
        QCOMPARE(l.threadSort.at({3, 12}), 12);
        QCOMPARE(l.threadNames.at({P * 100 + 11, 70000}), QStringLiteral("Communication Kernel"));
        QCOMPARE(l.threadSort.at({P * 100 + 11, 70000}), 0);
        QCOMPARE(l.threadNames.at({P * 100 + 11, 1}), QStringLiteral("Plane 1"));
        QCOMPARE(l.threadSort.at({P * 100 + 11, 1}), 70001);
        QCOMPARE(l.threadNames.at({P * 100 + 12, 2}), QStringLiteral("Communication(Not Overlapped)"));
        QCOMPARE(l.threadNames.at({P * 100 + 2, 16027}), QStringLiteral("Thread 16027"));

        // The same set of lanes (names, pid/tid/sort relations) as the real capture.
        const QSet<QString> oursSig = laneSignature(l, P), refSig = laneSignature(lanesOf(ref), P);
        QCOMPARE(QStringList(oursSig.values()).join(QLatin1Char('\n')).size() > 0, true);
        QStringList a = oursSig.values(), b = refSig.values();
        a.sort();
        b.sort();
        QCOMPARE(a, b);

        // Event key orders (top level and args) all occur in the reference.
        QSet<QString> refOrders;
        for (const auto &k : keyOrders(refRaw))
            refOrders << k.keys.join(QLatin1Char(',')) + QLatin1Char('|') + k.argKeys.join(QLatin1Char(','));
        for (const auto &k : keyOrders(readAll(e.profDir + QStringLiteral("/device_0/timeline/step_trace_0_2_1.json"))))
            refOrders << k.keys.join(QLatin1Char(',')) + QLatin1Char('|') + k.argKeys.join(QLatin1Char(','));
        const auto orders = keyOrders(raw);
        QCOMPARE(orders.size(), ours.size());
        QSet<QString> unknown;
        for (int i = 0; i < orders.size(); ++i) {
            const QJsonObject ev = ours.at(i).toObject();
            if (ev.value(QStringLiteral("pid")).toInteger() == P * 100 + 2 && ev.value(QStringLiteral("tid")).toInteger() == 10036)
                continue; // runtime API ranges: not in the capture (runtime_api was off there)
            if (ev.value(QStringLiteral("name")).toString().startsWith(QLatin1String("Reduce_")))
                continue; // "Reduce Start k" keys depend on k
            const QString o = orders[i].keys.join(QLatin1Char(',')) + QLatin1Char('|') + orders[i].argKeys.join(QLatin1Char(','));
            if (!refOrders.contains(o))
                unknown << o;
        }
        QVERIFY2(unknown.isEmpty(), qPrintable(QStringList(unknown.values()).join(QLatin1Char('\n'))));

        // One X per task on its stream lane with the task args; AI Core carries numbers.
        int aiCore = 0, other = 0;
        for (const auto &v : ours) {
            const QJsonObject ev = v.toObject();
            if (ev.value(QStringLiteral("ph")).toString() != QLatin1String("X") || ev.value(QStringLiteral("pid")).toInt() != 3
                || ev.value(QStringLiteral("tid")).toInteger() == P)
                continue;
            const QJsonObject args = ev.value(QStringLiteral("args")).toObject();
            QCOMPARE(args.value(QStringLiteral("Stream Id")).toInteger(), ev.value(QStringLiteral("tid")).toInteger());
            if (args.value(QStringLiteral("Task Type")).toString() == QLatin1String("AI_CORE")) {
                ++aiCore;
                QVERIFY(args.value(QStringLiteral("Aicore Time(ms)")).isDouble());
                QVERIFY(args.value(QStringLiteral("Total Cycle")).isDouble());
                QVERIFY(args.value(QStringLiteral("Aicore Time(ms)")).toDouble() <= ev.value(QStringLiteral("dur")).toDouble());
            } else {
                ++other;
                QCOMPARE(args.value(QStringLiteral("Aicore Time(ms)")).toString(), QStringLiteral("N/A"));
                QCOMPARE(args.value(QStringLiteral("Total Cycle")).toString(), QStringLiteral("N/A"));
            }
        }
        QCOMPARE(aiCore, 5);
        QCOMPARE(other, 8);
        // ts from integer ns: exact decimals.
        bool sawConv = false;
        for (const auto &v : ours) {
            const QJsonObject ev = v.toObject();
            if (ev.value(QStringLiteral("name")).toString() == QLatin1String("Default/network/Conv2D-op1")) {
                sawConv = true;
                QCOMPARE(ev.value(QStringLiteral("ts")).toDouble(), (kT0 + 5000) / 1000.0);
                QCOMPARE(ev.value(QStringLiteral("dur")).toDouble(), 23.1);
            }
        }
        QVERIFY(sawConv);
        QVERIFY(raw.contains("\"ts\": 56635864005, \"dur\": 23.1,"));

        // task_time json: only the stream lanes; hccl json: only the HCCL process.
        const QJsonArray tt = QJsonDocument::fromJson(readAll(e.profDir + QStringLiteral("/device_0/timeline/task_time_0_2_1.json"))).array();
        for (const auto &v : tt)
            QCOMPARE(v.toObject().value(QStringLiteral("pid")).toInt(), 3);
        QCOMPARE(tt.size(), 9 + 13); // name, 3 streams × (name, sort), labels, sort; 13 tasks
        const QJsonArray hc = QJsonDocument::fromJson(readAll(e.profDir + QStringLiteral("/device_0/timeline/hccl_0_2_1.json"))).array();
        int hcclX = 0;
        for (const auto &v : hc) {
            QCOMPARE(v.toObject().value(QStringLiteral("pid")).toInteger(), P * 100 + 11);
            hcclX += v.toObject().value(QStringLiteral("ph")).toString() == QLatin1String("X");
        }
        QCOMPARE(hcclX, 5); // 4 plane tasks + 1 collective
    }

    void overlapLanesFollowTasksAndCollectives()
    {
        const auto x = exportedSession();
        const auto &[t, tmp, e] = *x;
        QVERIFY2(e.ok, qPrintable(e.error));
        const QJsonArray ours = QJsonDocument::fromJson(readAll(e.profDir + QStringLiteral("/device_0/timeline/msprof_0_2_1.json"))).array();
        const qint64 pid = 10036LL * 100 + 12;
        std::map<int, QList<std::pair<double, double>>> lanes;
        double prevTs = -1;
        for (const auto &v : ours) {
            const QJsonObject ev = v.toObject();
            if (ev.value(QStringLiteral("ph")).toString() == QLatin1String("M"))
                continue;
            const double ts = ev.value(QStringLiteral("ts")).toDouble();
            QVERIFY(ts >= prevTs); // events are in time order
            prevTs = ts;
            if (ev.value(QStringLiteral("pid")).toInteger() == pid)
                lanes[ev.value(QStringLiteral("tid")).toInt()] << std::make_pair(ts, ts + ev.value(QStringLiteral("dur")).toDouble());
        }
        const double b = kT0 / 1000.0;
        // Compute: Conv 5..28.1, AI CPU 6..406 (merges Conv, op2 28.3.., Cast 40.., op5 50..650), Cast 1000..1007.16
        QCOMPARE(lanes[0].size(), 2);
        QCOMPARE(lanes[0][0].first, b + 5);
        QCOMPARE(lanes[0][0].second, b + 650);
        QCOMPARE(lanes[0][1].first, b + 1000);
        QCOMPARE(lanes[1].size(), 1); // the all-reduce 500..944.16
        QCOMPARE(lanes[1][0].second, b + 944.16);
        QCOMPARE(lanes[2].size(), 1); // not overlapped: 650..944.16
        QCOMPARE(lanes[2][0].first, b + 650);
        QCOMPARE(lanes[2][0].second, b + 944.16);
        QCOMPARE(lanes[3].size(), 1); // free: 944.16..1000
        QCOMPARE(lanes[3][0].first, b + 944.16);
        QCOMPARE(lanes[3][0].second, b + 1000);
    }

    void opSummaryFormulasOnEveryRow()
    {
        const auto x = exportedSession();
        const auto &[t, tmp, e] = *x;
        QVERIFY2(e.ok, qPrintable(e.error));
        int rowsChecked = 0;
        for (const auto &rel : e.files) {
            if (!rel.contains(QLatin1String("/op_summary_")))
                continue;
            const auto rows = parseCsv(readAll(e.profDir + QLatin1Char('/') + rel));
            const QStringList h = rows.first();
            auto col = [&h](const char *n) { return h.indexOf(QLatin1String(n)); };
            double prevStart = -1, prevDur = 0;
            int aiCpuRows = 0;
            for (int r = 1; r < rows.size(); ++r) {
                const QStringList &row = rows[r];
                const double start = num(row[col("Task Start Time")]), dur = num(row[col("Task Duration(us)")]);
                const double wait = num(row[col("Task Wait Time(us)")]);
                QVERIFY(start >= prevStart);
                const double expected = prevStart < 0 ? 0 : std::max(0.0, start - prevStart - prevDur);
                QVERIFY2(std::abs(wait - expected) < 0.0015, qPrintable(QStringLiteral("%1 vs %2").arg(wait).arg(expected)));
                prevStart = start;
                prevDur = dur;
                if (row[col("Task Type")] == QLatin1String("AI_CPU")) {
                    ++aiCpuRows;
                    QCOMPARE(row[col("aicore_time(us)")], QStringLiteral("N/A"));
                    QCOMPARE(row[col("mac_ratio")], QStringLiteral("N/A"));
                    continue;
                }
                const double cycles = num(row[col("total_cycles")]);
                const int blockDim = row[col("Block Dim")].toInt();
                QVERIFY(blockDim >= 1 && blockDim <= 40);
                const double aic = num(row[col("aicore_time(us)")]);
                QVERIFY(std::abs(aic - cycles / 1000.0 / blockDim * std::ceil(blockDim / 32.0)) < 0.0006);
                for (const char *unit : {"vec", "mac", "scalar", "mte1", "mte2", "mte3"}) {
                    const double ratio = num(row[h.indexOf(QLatin1String(unit) + QStringLiteral("_ratio"))]);
                    const double time = num(row[h.indexOf(QLatin1String(unit) + QStringLiteral("_time(us)"))]);
                    QVERIFY(ratio >= 0 && ratio <= 1);
                    QVERIFY2(std::abs(time - aic * ratio) <= 0.0006 + aic * 0.0006, qPrintable(QStringLiteral("%1 %2 %3").arg(unit).arg(time).arg(aic * ratio)));
                }
                const double mb = num(row[col("memory_bound")]);
                const double mte2 = num(row[col("mte2_ratio")]), mac = num(row[col("mac_ratio")]), vec = num(row[col("vec_ratio")]);
                QVERIFY(std::abs(mb - mte2 / std::max(mac, vec)) < 0.01);
                ++rowsChecked;
            }
            QCOMPARE(aiCpuRows, 1);
        }
        QCOMPARE(rowsChecked, 2 * 2 * 5);
    }

    void opStatisticAndTaskTime()
    {
        const auto x = exportedSession();
        const auto &[t, tmp, e] = *x;
        QVERIFY2(e.ok, qPrintable(e.error));
        const QString sum = e.profDir + QStringLiteral("/device_1/summary/");
        const auto ops = parseCsv(readAll(sum + QStringLiteral("op_summary_1_2_2.csv")));
        const auto stat = parseCsv(readAll(sum + QStringLiteral("op_statistic_1_2_2.csv")));
        std::map<QString, double> totalByType;
        const int typeCol = ops.first().indexOf(QStringLiteral("OP Type"));
        const int durCol = ops.first().indexOf(QStringLiteral("Task Duration(us)"));
        for (int r = 1; r < ops.size(); ++r)
            totalByType[ops[r][typeCol]] += num(ops[r][durCol]);
        double ratioSum = 0, prevTotal = 1e300;
        int count = 0;
        for (int r = 1; r < stat.size(); ++r) {
            const auto &row = stat[r];
            QCOMPARE(row[0], QStringLiteral("graph_2"));
            const double total = num(row[4]);
            QVERIFY(total <= prevTotal);
            prevTotal = total;
            QVERIFY(std::abs(total - totalByType[row[1]]) < 0.002);
            QVERIFY(num(row[5]) <= num(row[6]) && num(row[6]) <= num(row[7]));
            count += row[3].toInt();
            ratioSum += num(row[8]);
        }
        QCOMPARE(count, ops.size() - 1);
        QVERIFY(std::abs(ratioSum - 100) < 0.01);
        // The type with the largest total is first, "+Add" guarded against formulas.
        QCOMPARE(stat[1][1], QStringLiteral("Conv2DBackpropFilter"));
        QVERIFY(totalByType.count(QStringLiteral("'+Add")));

        const auto tt = parseCsv(readAll(sum + QStringLiteral("task_time_1_2_2.csv")));
        double pct = 0;
        int tasks = 0;
        for (int r = 1; r < tt.size(); ++r) {
            const auto &row = tt[r];
            pct += num(row[0]);
            tasks += row[2].toInt();
            QVERIFY(std::abs(num(row[1]) - num(row[7])) < 1e-9);        // Time == Running
            QVERIFY(std::abs(num(row[3]) * row[2].toInt() - num(row[1])) < 0.002 * row[2].toInt());
            QVERIFY(row[10].startsWith(QLatin1String("rt")));
            QVERIFY(num(row[8]) > 0);                                      // pending recorded
        }
        QCOMPARE(tasks, 13);
        QVERIFY(std::abs(pct - 100) < 0.01);
    }

    void stepTraceArithmetic()
    {
        const auto x = exportedSession();
        const auto &[t, tmp, e] = *x;
        QVERIFY2(e.ok, qPrintable(e.error));
        for (int d = 0; d < 2; ++d) {
            // Every step_trace file holds all iterations of the model, as the reference does.
            for (int it = 1; it <= 2; ++it) {
                const auto rows = parseCsv(readAll(e.profDir + QStringLiteral("/device_%1/summary/step_trace_%1_2_%2.csv").arg(d).arg(it)));
                QCOMPARE(rows.size(), 3);
                double prevEnd = -1;
                for (int r = 1; r < rows.size(); ++r) {
                    const auto &row = rows[r];
                    QCOMPARE(row[0].toInt(), r);
                    const double fp = num(row[1]), bp = num(row[2]), end = num(row[3]);
                    QVERIFY(std::abs(num(row[4]) - (end - (prevEnd < 0 ? fp : prevEnd))) < 0.0015);
                    QVERIFY(std::abs(num(row[5]) - (bp - fp)) < 0.0015);
                    QVERIFY(std::abs(num(row[6]) - (end - bp)) < 0.0015);
                    if (prevEnd < 0)
                        QCOMPARE(row[7], QStringLiteral("N/A"));
                    else
                        QVERIFY(std::abs(num(row[7]) - (fp - prevEnd)) < 0.0015);
                    prevEnd = end;
                }
                QCOMPARE(rows[1].size(), 12); // 2 reduce pairs (iteration 1 has 2 segments)
                QVERIFY(rows[1][10] != QLatin1String("N/A"));
                QCOMPARE(rows[2][10], QStringLiteral("N/A"));
                QCOMPARE(rows[2][11], QStringLiteral("N/A"));
                QCOMPARE(num(rows[1][9]), 444.16);
            }
            const QJsonArray st = QJsonDocument::fromJson(readAll(e.profDir + QStringLiteral("/device_%1/timeline/step_trace_%1_2_1.json").arg(d))).array();
            QCOMPARE(st.at(0).toObject().value(QStringLiteral("args")).toObject().value(QStringLiteral("name")).toString(), QStringLiteral("Step Trace"));
            QCOMPARE(st.at(1).toObject().value(QStringLiteral("args")).toObject().value(QStringLiteral("name")).toString(), QStringLiteral("Model ID:2"));
            int iterations = 0, flowsS = 0, flowsT = 0, reduces = 0;
            for (const auto &v : st) {
                const QJsonObject ev = v.toObject();
                QCOMPARE(ev.value(QStringLiteral("pid")).toInteger(), t->sessionInfo().devices[d].hostPid);
                const QString n = ev.value(QStringLiteral("name")).toString();
                iterations += n.startsWith(QLatin1String("Iteration ")) && !n.contains(QLatin1String("Refresh"));
                reduces += ev.value(QStringLiteral("cat")).toString() == QLatin1String("Reduce");
                if (ev.value(QStringLiteral("ph")).toString() == QLatin1String("s"))
                    ++flowsS;
                if (ev.value(QStringLiteral("ph")).toString() == QLatin1String("t")) {
                    ++flowsT;
                    QCOMPARE(ev.value(QStringLiteral("id")).toString(), n);
                }
                if (n == QLatin1String("Data_aug Bound 2") && ev.value(QStringLiteral("ph")).toString() == QLatin1String("t")) {
                    const auto &s = t->stepTraces(static_cast<std::uint16_t>(d), kModel);
                    QCOMPARE(ev.value(QStringLiteral("args")).toObject().value(QStringLiteral("Data_aug Bound(us)")).toDouble(),
                             (s[1].fpStart - s[1].previousIterationEnd) / 1000.0);
                    QCOMPARE(ev.value(QStringLiteral("ts")).toDouble(), s[1].fpStart / 1000.0);
                }
                if (n == QLatin1String("Iteration 2")) {
                    const QJsonObject a = ev.value(QStringLiteral("args")).toObject();
                    QCOMPARE(a.value(QStringLiteral("Iteration Time(ns)")).toDouble(), double(kIterLen));
                    QCOMPARE(ev.value(QStringLiteral("dur")).toDouble(), kIterLen / 1000.0);
                }
            }
            QCOMPARE(iterations, 2);
            QCOMPARE(flowsS, 2);
            QCOMPARE(flowsT, 2);
            QCOMPARE(reduces, 3);
        }
    }

    void otherSummaries()
    {
        const auto x = exportedSession();
        const auto &[t, tmp, e] = *x;
        QVERIFY2(e.ok, qPrintable(e.error));
        const QString sum = e.profDir + QStringLiteral("/device_0/summary/");
        const auto ai = parseCsv(readAll(sum + QStringLiteral("aicpu_0_2_1.csv")));
        QCOMPARE(ai.size(), 2);
        QCOMPARE(ai[1][2], QStringLiteral("0.350123")); // milliseconds, exact
        QCOMPARE(ai[1][6], QStringLiteral("0.4"));
        QVERIFY(num(ai[1][4]) + num(ai[1][5]) <= num(ai[1][6]));
        const auto l2 = parseCsv(readAll(sum + QStringLiteral("l2_cache_0_2_1.csv")));
        QCOMPARE(l2.size(), 1 + 5);
        for (int r = 1; r < l2.size(); ++r)
            QVERIFY(num(l2[r][2]) >= 0 && num(l2[r][2]) <= 1);
        const auto fu = parseCsv(readAll(sum + QStringLiteral("fusion_op_0_2_1.csv")));
        QCOMPARE(fu[1][3], QStringLiteral("Conv2D;BiasAdd,Relu"));
        QCOMPARE(fu[1][8].toLongLong(), fu[1][4].toLongLong() + fu[1][5].toLongLong() + fu[1][6].toLongLong() + fu[1][7].toLongLong());
        // dp: each queue event in exactly one iteration's file.
        const auto dp1 = parseCsv(readAll(sum + QStringLiteral("dp_0_2_1.csv")));
        const auto dp2 = parseCsv(readAll(sum + QStringLiteral("dp_0_2_2.csv")));
        QCOMPARE(dp1.size() - 1 + dp2.size() - 1, 6);
        QCOMPARE(dp1[1][1], QStringLiteral("Last queue dequeue"));
        const auto tx = parseCsv(readAll(sum + QStringLiteral("msprof_tx_0_2_1.csv")));
        QCOMPARE(tx.size(), 2);
        QCOMPARE(tx[1][9], QStringLiteral("'-step, \"train\""));
        QCOMPARE(tx[1][7].toLongLong() - tx[1][6].toLongLong(), 1000000LL);
        const QJsonArray txj = QJsonDocument::fromJson(readAll(e.profDir + QStringLiteral("/device_0/timeline/msprof_tx_0_2_1.json"))).array();
        int txX = 0;
        for (const auto &v : txj)
            txX += v.toObject().value(QStringLiteral("ph")).toString() == QLatin1String("X");
        QCOMPARE(txX, 1);
    }

    void quotingAndFormulaGuard()
    {
        const auto x = exportedSession();
        const auto &[t, tmp, e] = *x;
        QVERIFY2(e.ok, qPrintable(e.error));
        const QByteArray raw = readAll(e.profDir + QStringLiteral("/device_0/summary/op_summary_0_2_1.csv"));
        QVERIFY(raw.contains(",\"'=HYPERLINK(\"\"http://x\"\")\",'+Add,AI_CORE,"));
        QVERIFY(raw.contains(",\"32,3,224,224;64,3,7,7\",DT_FLOAT16;DT_FLOAT16,"));
        const auto rows = parseCsv(raw);
        bool found = false;
        for (const auto &r : rows)
            if (r[3] == QLatin1String("'=HYPERLINK(\"http://x\")")) {
                found = true;
                QCOMPARE(r[10], QStringLiteral("32,3,224,224;64,3,7,7"));
            }
        QVERIFY(found);
        // JSON keeps the name as is (only CSV cells are guarded).
        QVERIFY(readAll(e.profDir + QStringLiteral("/device_0/timeline/msprof_0_2_1.json")).contains("\"name\": \"=HYPERLINK(\\\"http://x\\\")\""));
    }

    void switchesOffMeanFilesAbsent()
    {
        QTemporaryDir tmp;
        {
            // Defaults: task trace only.
            auto t = makeSession(R"({"output":"/tmp/x"})");
            const auto e = runExport(*t, tmp.path() + QStringLiteral("/a"));
            QVERIFY2(e.ok, qPrintable(e.error));
            for (const auto &f : e.files) {
                for (const char *absent : {"step_trace_", "hccl_", "aicpu_", "l2_cache_", "msprof_tx_"})
                    QVERIFY2(!f.contains(QLatin1String(absent)), qPrintable(f));
            }
            QVERIFY(e.files.contains(QStringLiteral("device_0/timeline/msprof_0_2_1.json")));
            const QByteArray ops = readAll(e.profDir + QStringLiteral("/device_0/summary/op_summary_0_2_1.csv"));
            QVERIFY(!ops.contains("AI_CPU"));
            // No Step Trace thread, no HCCL lanes in msprof.
            const QByteArray ms = readAll(e.profDir + QStringLiteral("/device_0/timeline/msprof_0_2_1.json"));
            QVERIFY(!ms.contains("Step Trace"));
            QVERIFY(!ms.contains("\"HCCL\""));
            QVERIFY(ms.contains("Overlap Analysis"));
        }
        {
            auto t = makeSession(R"({"output":"/tmp/x","task_trace":"off","training_trace":"on"})");
            const auto e = runExport(*t, tmp.path() + QStringLiteral("/b"));
            QVERIFY2(e.ok, qPrintable(e.error));
            for (const auto &f : e.files)
                for (const char *absent : {"msprof_", "task_time_", "op_summary_", "op_statistic_"})
                    QVERIFY2(!QFileInfo(f).fileName().startsWith(QLatin1String(absent)), qPrintable(f));
            QVERIFY(e.files.contains(QStringLiteral("device_1/summary/step_trace_1_2_2.csv")));
        }
        {
            // One device: no hccl file even with hccl on.
            auto t = makeSession(allOnOptions(), 1);
            const auto e = runExport(*t, tmp.path() + QStringLiteral("/c"));
            QVERIFY2(e.ok, qPrintable(e.error));
            for (const auto &f : e.files)
                QVERIFY(!f.contains(QLatin1String("hccl_")));
        }
        {
            // task_time l0: N/A op details, Block Dim 0, no metric columns.
            auto t = makeSession(R"({"output":"/tmp/x","task_time":"l0"})");
            const auto e = runExport(*t, tmp.path() + QStringLiteral("/d"));
            QVERIFY2(e.ok, qPrintable(e.error));
            const auto rows = parseCsv(readAll(e.profDir + QStringLiteral("/device_0/summary/op_summary_0_2_1.csv")));
            QCOMPARE(rows.first().size(), 18);
            QCOMPARE(rows.first().last(), QStringLiteral("total_cycles"));
            for (int r = 1; r < rows.size(); ++r) {
                QCOMPARE(rows[r][4], QStringLiteral("N/A"));
                QCOMPARE(rows[r][9], QStringLiteral("0"));
                for (int c = 10; c <= 16; ++c)
                    QCOMPARE(rows[r][c], QStringLiteral("N/A"));
            }
        }
        {
            auto t = makeSession(R"({"output":"/tmp/x","aic_metrics":"Memory"})");
            const auto e = runExport(*t, tmp.path() + QStringLiteral("/e"));
            QVERIFY2(e.ok, qPrintable(e.error));
            const QByteArray raw = readAll(e.profDir + QStringLiteral("/device_0/summary/op_summary_0_2_1.csv"));
            QCOMPARE(QString::fromUtf8(raw.left(raw.indexOf('\n'))), specHeaders(0, QStringLiteral("Memory")).at(QStringLiteral("op_summary")));
        }
    }

    void filters()
    {
        auto t = makeSession();
        QTemporaryDir tmp;
        {
            ExportRequest r;
            r.devices = {1};
            r.firstIteration = 2;
            r.lastIteration = 2;
            const auto e = runExport(*t, tmp.path() + QStringLiteral("/a"), r);
            QVERIFY2(e.ok, qPrintable(e.error));
            for (const auto &f : e.files) {
                QVERIFY2(f.startsWith(QLatin1String("device_1/")), qPrintable(f));
                if (f.contains(QLatin1String("/timeline/")) || f.contains(QLatin1String("/summary/")))
                    QVERIFY2(f.contains(QLatin1String("_1_2_2.")), qPrintable(f));
            }
            const auto st = parseCsv(readAll(e.profDir + QStringLiteral("/device_1/summary/step_trace_1_2_2.csv")));
            QCOMPARE(st.size(), 2);
            QCOMPARE(st[1][0], QStringLiteral("2"));
        }
        {
            ExportRequest r;
            r.modelId = 99;
            const auto e = runExport(*t, tmp.path() + QStringLiteral("/b"), r);
            QVERIFY(!e.ok);
            QCOMPARE(e.kind, ExportError::Usage);
            QVERIFY(!e.error.isEmpty());
            QVERIFY(!QFileInfo::exists(tmp.path() + QStringLiteral("/b")) || QDir(tmp.path() + QStringLiteral("/b")).isEmpty());
        }
        {
            ExportRequest r;
            r.devices = {5};
            const auto e = runExport(*t, tmp.path() + QStringLiteral("/c"), r);
            QCOMPARE(e.kind, ExportError::Usage);
            QVERIFY(e.error.contains(QLatin1String("5")));
        }
        {
            const auto e = runExport(*t, QString());
            QCOMPARE(e.kind, ExportError::Usage);
        }
        {
            ExportRequest r;
            r.firstIteration = 3;
            r.lastIteration = 1;
            const auto e = runExport(*t, tmp.path() + QStringLiteral("/d"), r);
            QCOMPARE(e.kind, ExportError::Usage);
        }
    }

    void deterministicTree()
    {
        QTemporaryDir tmp;
        auto t1 = makeSession();
        auto t2 = makeSession();
        const auto a = runExport(*t1, tmp.path() + QStringLiteral("/a"));
        const auto b = runExport(*t2, tmp.path() + QStringLiteral("/b"));
        QVERIFY(a.ok && b.ok);
        QCOMPARE(QFileInfo(a.profDir).fileName(), QFileInfo(b.profDir).fileName());
        QCOMPARE(a.files, b.files);
        for (const auto &f : a.files)
            QVERIFY2(readAll(a.profDir + QLatin1Char('/') + f) == readAll(b.profDir + QLatin1Char('/') + f), qPrintable(f));
        // Another seed: another name.
        auto t3 = makeSession(allOnOptions(), 2, 8);
        const auto c = runExport(*t3, tmp.path() + QStringLiteral("/c"));
        QVERIFY(c.ok);
        QVERIFY(QFileInfo(a.profDir).fileName().right(16) != QFileInfo(c.profDir).fileName().right(16));
        // Exporting the same session twice into one folder does not overwrite: the next
        // counter, the rest of the name and every file the same.
        const auto again = runExport(*t1, tmp.path() + QStringLiteral("/a"));
        QVERIFY2(again.ok, qPrintable(again.error));
        const QString first = QFileInfo(a.profDir).fileName(), second = QFileInfo(again.profDir).fileName();
        QVERIFY(first.startsWith(QLatin1String("PROF_000001_")));
        QVERIFY2(second.startsWith(QLatin1String("PROF_000002_")), qPrintable(second));
        QCOMPARE(second.mid(12), first.mid(12));
        QCOMPARE(again.files, a.files);
        for (const auto &f : a.files)
            QVERIFY2(readAll(a.profDir + QLatin1Char('/') + f) == readAll(again.profDir + QLatin1Char('/') + f), qPrintable(f));
    }

    void counterSkipsTakenNumbers()
    {
        auto t = makeSession();
        QTemporaryDir tmp;
        const QString out = tmp.path() + QStringLiteral("/o");
        // Taken by other sessions' directories (any suffix) and by a plain file; a number
        // below the requested counter and names that are not PROF_<n>_ do not matter.
        QVERIFY(QDir().mkpath(out + QStringLiteral("/PROF_000007_20230101000000000_AAAAAAAAAAAAAAAA")));
        QVERIFY(QDir().mkpath(out + QStringLiteral("/PROF_000009_x")));
        QVERIFY(QDir().mkpath(out + QStringLiteral("/PROF_000003_x")));
        QVERIFY(QDir().mkpath(out + QStringLiteral("/PROF_000010")));
        QVERIFY(QDir().mkpath(out + QStringLiteral("/PROF_abc_x")));
        {
            QFile f(out + QStringLiteral("/PROF_000008_file"));
            QVERIFY(f.open(QIODevice::WriteOnly));
        }
        ExportRequest req;
        req.profCounter = 7;
        const auto e1 = runExport(*t, out, req);
        QVERIFY2(e1.ok, qPrintable(e1.error));
        QVERIFY2(QFileInfo(e1.profDir).fileName().startsWith(QLatin1String("PROF_000010_")), qPrintable(e1.profDir));
        const auto e2 = runExport(*t, out, req);
        QVERIFY2(e2.ok, qPrintable(e2.error));
        QVERIFY2(QFileInfo(e2.profDir).fileName().startsWith(QLatin1String("PROF_000011_")), qPrintable(e2.profDir));
        // Same folder contents, same choice: a copy of the folder picks the same number.
        const QString copy = tmp.path() + QStringLiteral("/copy");
        for (const QString &n : QDir(out).entryList(QDir::AllEntries | QDir::NoDotAndDotDot))
            QVERIFY(QDir().mkpath(copy + QLatin1Char('/') + n));
        const auto c = runExport(*t, copy, req);
        const auto e3 = runExport(*t, out, req);
        QVERIFY(c.ok && e3.ok);
        QCOMPARE(QFileInfo(c.profDir).fileName(), QFileInfo(e3.profDir).fileName());
        QVERIFY(QFileInfo(e3.profDir).fileName().startsWith(QLatin1String("PROF_000012_")));
    }

    void kindsFilter()
    {
        auto t = makeSession();
        QTemporaryDir tmp;
        const auto all = runExport(*t, tmp.path() + QStringLiteral("/all"));
        QVERIFY2(all.ok, qPrintable(all.error));
        const auto stemOf = [](const QString &rel) {
            const QString name = QFileInfo(rel).fileName();
            // <stem>_<device>_<model>_<iteration>.<ext>: the stem is what precedes the 3 numbers
            QStringList parts = name.section(QLatin1Char('.'), 0, 0).split(QLatin1Char('_'));
            return parts.mid(0, parts.size() - 3).join(QLatin1Char('_'));
        };
        QStringList metaFiles;
        QSet<QString> allStems;
        for (const auto &f : all.files) {
            if (f.contains(QLatin1String("/timeline/")) || f.contains(QLatin1String("/summary/")))
                allStems << stemOf(f);
            else
                metaFiles << f;
        }
        // The fixture has everything on, so every kind appears in a full export.
        for (const QString &k : exportKinds())
            QVERIFY2(allStems.contains(k), qPrintable(k));
        QCOMPARE(allStems.size(), exportKinds().size());

        const QList<QStringList> selections = {{QStringLiteral("op_summary")},
                                               {QStringLiteral("msprof")},
                                               {QStringLiteral("task_time"), QStringLiteral("l2_cache")},
                                               {QStringLiteral("msprof_tx"), QStringLiteral("dp"), QStringLiteral("fusion_op")}};
        int n = 0;
        for (const QStringList &kinds : selections) {
            ExportRequest r;
            r.kinds = kinds;
            std::vector<ExportProgress> seen;
            r.outputDir = tmp.path() + QStringLiteral("/k%1").arg(n++);
            ExportResult res;
            ExportError kind;
            QString err;
            QVERIFY2(exportProf(*t, r, &res, &kind, &err, [&seen](const ExportProgress &p) { seen.push_back(p); }), qPrintable(err));
            QStringList expected = metaFiles;
            for (const auto &f : all.files)
                if (!metaFiles.contains(f) && kinds.contains(stemOf(f)))
                    expected << f;
            expected.sort();
            QCOMPARE(res.files, expected);
            QCOMPARE(seen.back().filesTotal, static_cast<std::uint64_t>(expected.size()));
            // The selected files are the same bytes as in the full export.
            for (const auto &f : res.files)
                QVERIFY2(readAll(res.profDir + QLatin1Char('/') + f) == readAll(all.profDir + QLatin1Char('/') + f), qPrintable(f));
        }
        {
            ExportRequest r;
            r.kinds = {QStringLiteral("op_summary"), QStringLiteral("op_summry")};
            const auto e = runExport(*t, tmp.path() + QStringLiteral("/bad"), r);
            QVERIFY(!e.ok);
            QCOMPARE(e.kind, ExportError::Usage);
            QVERIFY2(e.error.contains(QLatin1String("op_summry")), qPrintable(e.error));
            QVERIFY2(e.error.contains(QLatin1String("op_statistic")), qPrintable(e.error)); // lists the valid kinds
            QVERIFY(!QFileInfo::exists(tmp.path() + QStringLiteral("/bad")) || QDir(tmp.path() + QStringLiteral("/bad")).isEmpty());
        }
    }

    void progressIsReportedPerFile()
    {
        auto t = makeSession();
        QTemporaryDir tmp;
        ExportRequest req;
        req.outputDir = tmp.path();
        req.profCounter = 42;
        std::vector<ExportProgress> seen;
        ExportResult res;
        ExportError kind;
        QString err;
        QVERIFY(exportProf(*t, req, &res, &kind, &err, [&seen](const ExportProgress &p) { seen.push_back(p); }));
        QCOMPARE(kind, ExportError::None);
        QVERIFY(QFileInfo(res.profDir).fileName().startsWith(QLatin1String("PROF_000042_")));
        QCOMPARE(seen.size(), static_cast<std::size_t>(res.files.size()));
        for (std::size_t i = 0; i < seen.size(); ++i) {
            QCOMPARE(seen[i].filesDone, i + 1);
            QCOMPARE(seen[i].filesTotal, static_cast<std::uint64_t>(res.files.size()));
        }
        std::uint64_t bytes = 0;
        for (const auto &f : res.files)
            bytes += static_cast<std::uint64_t>(QFileInfo(res.profDir + QLatin1Char('/') + f).size());
        QCOMPARE(res.bytes, bytes);
        QCOMPARE(seen.back().bytes, bytes);
    }

    void failuresLeaveNothing()
    {
        auto t = makeSession();
        QTemporaryDir tmp;
        {
            // The output "folder" is a file: Io, naming it.
            const QString file = tmp.path() + QStringLiteral("/plain-file");
            QFile f(file);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.close();
            const auto e = runExport(*t, file);
            QVERIFY(!e.ok);
            QCOMPARE(e.kind, ExportError::Io);
            QVERIFY2(e.error.contains(file), qPrintable(e.error));
        }
        if (::geteuid() != 0) {
            // A read-only folder (root ignores permissions, so only checked as a user).
            const QString ro = tmp.path() + QStringLiteral("/ro");
            QVERIFY(QDir().mkpath(ro));
            QFile::setPermissions(ro, QFileDevice::ReadOwner | QFileDevice::ExeOwner);
            const auto e = runExport(*t, ro);
            QCOMPARE(e.kind, ExportError::Io);
            QVERIFY(e.error.contains(ro));
            QVERIFY(QDir(ro).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot).isEmpty());
            QFile::setPermissions(ro, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
        }
        {
            // Cancelled half way: Cancelled, nothing under any name.
            const QString out = tmp.path() + QStringLiteral("/cancel");
            std::atomic_bool cancel{false};
            ExportRequest req;
            req.outputDir = out;
            ExportResult res;
            ExportError kind;
            QString err;
            int calls = 0;
            const bool ok = exportProf(*t, req, &res, &kind, &err, [&](const ExportProgress &p) {
                ++calls;
                if (p.filesDone == 10)
                    cancel = true;
            }, &cancel);
            QVERIFY(!ok);
            QCOMPARE(kind, ExportError::Cancelled);
            QCOMPARE(calls, 10);
            QVERIFY(!err.isEmpty());
            QVERIFY(QDir(out).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot).isEmpty());
        }
        {
            const QString out = tmp.path() + QStringLiteral("/precancel");
            std::atomic_bool cancel{true};
            ExportRequest req;
            req.outputDir = out;
            ExportError kind;
            QString err;
            QVERIFY(!exportProf(*t, req, nullptr, &kind, &err, {}, &cancel));
            QCOMPARE(kind, ExportError::Cancelled);
            QVERIFY(QDir(out).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot).isEmpty());
        }
    }
};

QTEST_GUILESS_MAIN(TestExportProf)
#include "test_export_prof.moc"
