// The SQLite exports: torch_npu's ascend_pytorch_profiler_<rank>.db (+ analysis.db), a
// second capture of the same 2-rank 910B job as the text capture (same script, shapes and
// step; another half hour, so other times), and CANN 8's msprof_*.db fixture. Every table row
// is accounted for; task counts per type, kernels, HCCL tasks, communication ops, CANN and
// framework ranges equal what the tables hold (counted here with SQL through the SQLite C
// API, independently of the importer); the db and text captures of the job agree wherever
// both describe the same deterministic thing (kernels, communication structure, framework
// ops); a foreign file that is not a profiler export is refused
// with a clear message.

#include "core/model/memory_trace.h"
#include "tests/core/test_import_fixture.h"
#include "tests/test_files.h"

#include <QTemporaryDir>
#include <QUrl>
#include <QtTest>
#include <sqlite3.h>

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

using namespace npuscope;
using namespace importfx;

namespace {

QString msprofDb() { return testdata::reference(QStringLiteral("msprof-db-schema-fixture/msprof_0.db")); }

QString rankDb(int rank)
{
    return testdata::torchDb910b() + QStringLiteral("/rank%1_ascend_pt/ASCEND_PROFILER_OUTPUT/ascend_pytorch_profiler_%1.db").arg(rank);
}

// Rows of one SQL query, each as text cells (the test's own read of the file).
std::vector<QStringList> sql(const QString &path, const char *query)
{
    std::vector<QStringList> out;
    sqlite3 *db = nullptr;
    // Immutable: a read-only open of a WAL-mode file would still leave -shm/-wal beside
    // the vendored capture.
    const QByteArray uri = "file:" + QUrl::toPercentEncoding(QFileInfo(path).absoluteFilePath(), "/") + "?mode=ro&immutable=1";
    if (sqlite3_open_v2(uri.constData(), &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nullptr) != SQLITE_OK) {
        sqlite3_close(db);
        return out;
    }
    sqlite3_stmt *s = nullptr;
    if (sqlite3_prepare_v2(db, query, -1, &s, nullptr) == SQLITE_OK) {
        while (sqlite3_step(s) == SQLITE_ROW) {
            QStringList row;
            for (int i = 0; i < sqlite3_column_count(s); ++i)
                row << QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_column_text(s, i)));
            out.push_back(row);
        }
    }
    sqlite3_finalize(s);
    sqlite3_close(db);
    return out;
}

int sqlCount(const QString &path, const char *query)
{
    const auto rows = sql(path, query);
    return rows.size() == 1 ? rows[0].value(0).toInt() : -1;
}

struct MemImport {
    bool ok = false;
    QString error;
    importing::ImportReport report;
};

MemImport importTo(const QString &path, MemoryTrace *trace)
{
    MemImport r;
    r.ok = importfx::importDir(path, *trace, &r.report, &r.error);
    for (const auto &f : r.report.files)
        if (!f.balanced())
            qWarning("%s: %llu items, %llu imported, %llu dup, %llu derived, %llu skipped", qPrintable(f.file),
                     (unsigned long long)f.items, (unsigned long long)f.imported, (unsigned long long)f.duplicates,
                     (unsigned long long)f.derived, (unsigned long long)f.skipped);
    return r;
}

// Complete arrows (both ends, start not after finish) by category and flow id, and the
// number of arrows with one end only.
struct Arrows {
    std::set<std::pair<std::string, std::uint64_t>> complete;
    std::map<std::string, int> completeBy, looseBy;
};
Arrows arrowsOf(const MemoryTrace &t)
{
    Arrows out;
    t.forEachFlow([&](const FlowRecord &f) {
        const std::string cat(t.string(f.category));
        if (f.hasStart && f.hasFinish && f.start.ts <= f.finish.ts) {
            out.complete.insert({cat, f.flowId});
            ++out.completeBy[cat];
        } else {
            ++out.looseBy[cat];
        }
        return true;
    });
    return out;
}

struct DeviceView {
    std::map<QString, int> tasksByType;
    // kernel tasks (joined to an op with a type): (op name, op type, accelerator core)
    std::map<std::tuple<QString, QString, QString>, int> kernels;
    int kernelCount = 0, hcclTasks = 0, collectives = 0, cann = 0, tx = 0, python = 0;
};

DeviceView view(const MemoryTrace &trace, std::uint16_t dev)
{
    DeviceView v;
    auto text = [&](StrId id) { return QString::fromUtf8(trace.string(id)); };
    for (const IterationKey &k : trace.iterations()) {
        if (k.device != dev)
            continue;
        trace.forEachTask(k, [&](const TaskRecord &t) {
            ++v.tasksByType[text(t.type)];
            if (const OpDesc *op = t.opId ? trace.op(t.opId) : nullptr; op && op->opType) {
                ++v.kernelCount;
                ++v.kernels[{text(op->name), text(op->opType), text(op->coreType)}];
            }
            return true;
        });
        trace.forEachHcclTask(k, [&](const HcclTaskRecord &) { ++v.hcclTasks; return true; });
        trace.forEachCollective(k, [&](const CollectiveOpRecord &) { ++v.collectives; return true; });
        trace.forEachHostRange(k, [&](const HostRangeRecord &h) {
            v.cann += int(h.kind == HostRangeRecord::Kind::RuntimeApi);
            v.tx += int(h.kind == HostRangeRecord::Kind::MsprofTx);
            return true;
        });
    }
    trace.forEachPythonRange(dev, [&](const PythonRangeRecord &) { ++v.python; return true; });
    return v;
}

// Every task as the session holds it, keyed by (device, stream, task id, start): its type,
// duration, kernel name and type, cycles and PMU values by metric name (NaN cells as text,
// so that equal sessions compare equal).
std::map<std::tuple<int, std::uint32_t, std::uint32_t, TimeNs>, QString> taskTable(const MemoryTrace &trace)
{
    std::map<std::tuple<int, std::uint32_t, std::uint32_t, TimeNs>, QString> out;
    auto text = [&](StrId id) { return QString::fromUtf8(trace.string(id)); };
    for (const IterationKey &k : trace.iterations())
        trace.forEachTask(k, [&](const TaskRecord &t) {
            QString v = text(t.type) + QLatin1Char('|') + QString::number(t.duration) + QLatin1Char('|') + text(t.name);
            if (const OpDesc *op = t.opId ? trace.op(t.opId) : nullptr)
                v += QLatin1Char('|') + text(op->opType) + QLatin1Char('|') + text(op->coreType);
            v += QStringLiteral("|cycles ") + QString::number(t.totalCycles) + QStringLiteral("|pmu");
            // By metric name: the session's metric columns are in the order the file first
            // names them, which follows its storage order.
            QStringList pmu;
            for (std::size_t i = 0; i < t.pmu.size(); ++i)
                pmu << trace.sessionInfo().pmuColumns.value(qsizetype(i)) + QLatin1Char('=') + QString::number(double(t.pmu[i]), 'g', 9);
            pmu.sort();
            if (!pmu.isEmpty())
                v += QLatin1Char(' ') + pmu.join(QLatin1Char(' '));
            out[{t.device, t.streamId, t.taskId, t.start}] += v; // += : a repeated key shows twice
            return true;
        });
    return out;
}

// Every framework range with its call stack, sorted.
QStringList pythonTable(const MemoryTrace &trace)
{
    QStringList out;
    for (const DeviceInfo &d : trace.sessionInfo().devices)
        trace.forEachPythonRange(d.id, [&](const PythonRangeRecord &r) {
            out << QString::fromUtf8(trace.string(r.name)) + QLatin1Char(' ') + QString::number(r.start) + QLatin1Char(' ')
                       + QString::fromUtf8(trace.string(r.callStack));
            return true;
        });
    out.sort();
    return out;
}

// Rows of `table` whose globalTaskId is below that of the row stored before them.
int inversions(const QString &path, const char *table)
{
    const QByteArray q = QStringLiteral("SELECT count(*) FROM (SELECT globalTaskId - lag(globalTaskId) OVER (ORDER BY rowid) AS d "
                                        "FROM %1) WHERE d < 0").arg(QLatin1String(table)).toUtf8();
    return sqlCount(path, q.constData());
}

std::map<QString, int> taskTypesInDb(const QString &path, int device)
{
    std::map<QString, int> out;
    const QByteArray q = QStringLiteral("SELECT s.value, count(*) FROM TASK t JOIN STRING_IDS s ON s.id = t.taskType "
                                        "WHERE t.deviceId = %1 GROUP BY 1").arg(device).toUtf8();
    for (const QStringList &row : sql(path, q.constData()))
        out[row[0]] = row[1].toInt();
    return out;
}

} // namespace

class ImportSqliteExport : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        NPUSCOPE_REQUIRE_DATA(rankDb(0), rankDb(1), msprofDb(), testdata::torchText910b() + QStringLiteral("/rank0_ascend_pt"));
    }

    void torchNpuDbEqualsItsTables()
    {
        MemoryTrace trace;
        const MemImport imp = importTo(testdata::torchDb910b(), &trace);
        QVERIFY2(imp.ok, qPrintable(imp.error));
        QCOMPARE(imp.report.layout, QStringLiteral("framework db"));
        QVERIFY(imp.report.balanced());
        QCOMPARE(imp.report.total().skipped, std::uint64_t(0));
        for (const auto &p : imp.report.problems)
            QVERIFY2(false, qPrintable(p.file + QStringLiteral(": ") + p.reason));
        QCOMPARE(trace.status(), SessionStatus::Complete);
        // Read-only means untouched: no journal or WAL files beside the captures.
        for (const QString &db : {rankDb(0), rankDb(1)})
            for (const char *suffix : {"-wal", "-shm", "-journal"})
                QVERIFY2(!QFileInfo::exists(db + QLatin1String(suffix)), qPrintable(db + QLatin1String(suffix)));

        const SessionInfo &info = trace.sessionInfo();
        QCOMPARE(info.devices.size(), std::size_t(2));
        for (int rank = 0; rank < 2; ++rank) {
            const QString db = rankDb(rank);
            const DeviceInfo &d = info.devices[std::size_t(rank)];
            const auto map = sql(db, "SELECT rankId, deviceId FROM RANK_DEVICE_MAP");
            QCOMPARE(map.size(), std::size_t(1));
            QCOMPARE(int(d.rankId), map[0][0].toInt());
            QCOMPARE(int(d.id), map[0][1].toInt());
            QCOMPARE(d.chip, sql(db, "SELECT name FROM NPU_INFO")[0][0]);
            QCOMPARE(d.aiCoreNum, 0); // no table gives it: unknown, not invented

            const DeviceView v = view(trace, d.id);
            QCOMPARE(v.tasksByType, taskTypesInDb(db, d.id));
            QCOMPARE(v.kernelCount, sqlCount(db, "SELECT count(*) FROM COMPUTE_TASK_INFO"));
            QCOMPARE(v.hcclTasks, sqlCount(db, "SELECT count(*) FROM COMMUNICATION_TASK_INFO"));
            QCOMPARE(v.collectives, sqlCount(db, "SELECT count(*) FROM COMMUNICATION_OP"));
            QCOMPARE(v.cann, sqlCount(db, "SELECT count(*) FROM CANN_API"));
            QCOMPARE(v.python, sqlCount(db, "SELECT count(*) FROM PYTORCH_API"));
            QVERIFY(v.kernelCount > 100);

            // Counters keep the db's values and its unit: bandwidths in bytes per second.
            double hbmMax = 0;
            int hbm = 0;
            QVERIFY(trace.forEachCounter(d.id, [&](const CounterRecord &c) {
                if (std::string(trace.string(c.track)) != "HBM")
                    return true;
                if (std::string(trace.string(c.unit)) != "B/s")
                    qFatal("HBM counter in %s", std::string(trace.string(c.unit)).c_str());
                hbmMax = std::max(hbmMax, c.value);
                ++hbm;
                return true;
            }));
            QCOMPARE(hbm, sqlCount(db, QStringLiteral("SELECT count(*) FROM HBM WHERE deviceId = %1").arg(d.id).toUtf8().constData()));
            QCOMPARE(hbmMax, sql(db, QStringLiteral("SELECT max(bandwidth) FROM HBM WHERE deviceId = %1").arg(d.id).toUtf8().constData())[0][0].toDouble());
        }
        // analysis.db's step breakdown, in µs there, in ns here.
        const auto steps = trace.stepTimes();
        QCOMPARE(steps.size(), std::size_t(2));
        for (int rank = 0; rank < 2; ++rank) {
            const QString analysis = testdata::torchDb910b() + QStringLiteral("/rank%1_ascend_pt/ASCEND_PROFILER_OUTPUT/analysis.db").arg(rank);
            const auto rows = sql(analysis, "SELECT step, computing, communication_not_overlapped, free, preparing "
                                            "FROM StepTraceTime");
            QCOMPARE(rows.size(), std::size_t(1));
            const StepTimeRecord &st = steps[std::size_t(rank)];
            QCOMPARE(int(st.device), rank);
            QCOMPARE(QString::fromUtf8(trace.string(st.step)), rows[0][0]);
            QCOMPARE(st.computing, TimeNs(std::llround(rows[0][1].toDouble() * 1000)));
            QCOMPARE(st.commNotOverlapped, TimeNs(std::llround(rows[0][2].toDouble() * 1000)));
            QCOMPARE(st.free, TimeNs(std::llround(rows[0][3].toDouble() * 1000)));
            QCOMPARE(st.preparing, TimeNs(std::llround(rows[0][4].toDouble() * 1000)));
        }
    }

    // The two exports of one run: what both describe is equal.
    void dbAndTextExportsAgree()
    {
        MemoryTrace fromDb, fromText;
        const MemImport a = importTo(testdata::torchDb910b(), &fromDb);
        const MemImport b = importTo(testdata::torchText910b(), &fromText);
        QVERIFY2(a.ok && b.ok, qPrintable(a.error + b.error));
        QCOMPARE(fromDb.sessionInfo().devices.size(), fromText.sessionInfo().devices.size());
        for (const DeviceInfo &d : fromDb.sessionInfo().devices) {
            DeviceView x = view(fromDb, d.id), y = view(fromText, d.id);
            QCOMPARE(x.kernels, y.kernels); // every kernel: name, op type, accelerator core
            QCOMPARE(x.hcclTasks, y.hcclTasks);
            QCOMPARE(x.collectives, y.collectives);
            QCOMPARE(x.python, y.python);
            // Task types both exports spell alike.
            for (const char *type : {"Notify Wait", "Write Value", "SDMA"})
                QCOMPARE(x.tasksByType[QLatin1String(type)], y.tasksByType[QLatin1String(type)]);
        }
    }

    // The profilers store TASK and TASK_PMU_INFO nearly, not exactly, in task id order (the
    // capture has a few dozen inversions). The join of tasks with their kernels and PMU values
    // must not depend on it: copies of rank 0's export with the rows of both tables stored
    // in other orders import to the same tasks, kernels, PMU values and accounts as the
    // original, whether the disorder is local (merged in storage order) or spans more ids
    // than the merge window (sorted by SQLite).
    void joinToleratesDisorder_data()
    {
        QTest::addColumn<QByteArray>("script");
        // Reversed in blocks of 8 rows, then shuffled in blocks of 64: local disorder.
        QTest::newRow("blocks") << QByteArray(
            "CREATE TEMP TABLE t AS SELECT * FROM TASK ORDER BY rowid; DELETE FROM TASK;"
            "INSERT INTO TASK SELECT * FROM temp.t ORDER BY (rowid - 1) / 8, rowid DESC;"
            "CREATE TEMP TABLE p AS SELECT * FROM TASK_PMU_INFO ORDER BY rowid; DELETE FROM TASK_PMU_INFO;"
            "INSERT INTO TASK_PMU_INFO SELECT * FROM temp.p ORDER BY (rowid - 1) / 64, random();"
            "CREATE TEMP TABLE c AS SELECT * FROM PYTORCH_CALLCHAINS ORDER BY rowid; DELETE FROM PYTORCH_CALLCHAINS;"
            "INSERT INTO PYTORCH_CALLCHAINS SELECT * FROM temp.c ORDER BY (rowid - 1) / 16, random();");
        // Ids spread 1000 apart (joins kept), rows in random order: far past the window.
        QTest::newRow("shuffled") << QByteArray(
            "UPDATE TASK SET globalTaskId = globalTaskId * 1000;"
            "UPDATE TASK_PMU_INFO SET globalTaskId = globalTaskId * 1000;"
            "UPDATE COMPUTE_TASK_INFO SET globalTaskId = globalTaskId * 1000;"
            "UPDATE COMMUNICATION_TASK_INFO SET globalTaskId = globalTaskId * 1000;"
            "CREATE TEMP TABLE t AS SELECT * FROM TASK ORDER BY rowid; DELETE FROM TASK;"
            "INSERT INTO TASK SELECT * FROM temp.t ORDER BY random();"
            "CREATE TEMP TABLE p AS SELECT * FROM TASK_PMU_INFO ORDER BY rowid; DELETE FROM TASK_PMU_INFO;"
            "INSERT INTO TASK_PMU_INFO SELECT * FROM temp.p ORDER BY random();");
        // Tasks in order, PMU rows in reverse: the PMU rows of a task all come before the
        // tasks ahead of it are read, and wait.
        QTest::newRow("pmu reversed") << QByteArray(
            "CREATE TEMP TABLE p AS SELECT * FROM TASK_PMU_INFO ORDER BY rowid; DELETE FROM TASK_PMU_INFO;"
            "INSERT INTO TASK_PMU_INFO SELECT * FROM temp.p ORDER BY rowid DESC;");
    }

    void joinToleratesDisorder()
    {
        QFETCH(QByteArray, script);
        QTemporaryDir tmp;
        QVERIFY(tmp.isValid());
        const QString dir = tmp.filePath(QStringLiteral("rank0_ascend_pt/ASCEND_PROFILER_OUTPUT"));
        QVERIFY(QDir().mkpath(dir));
        const QString orig = tmp.filePath(QStringLiteral("original_0.db"));
        const QString copy = dir + QStringLiteral("/ascend_pytorch_profiler_0.db");
        for (const QString &to : {orig, copy}) {
            QVERIFY(QFile::copy(rankDb(0), to));
            QFile::setPermissions(to, QFile::ReadOwner | QFile::WriteOwner);
        }
        QVERIFY(execSql(copy, QString::fromUtf8(script)));
        QVERIFY(inversions(copy, "TASK_PMU_INFO") > inversions(orig, "TASK_PMU_INFO"));
        QCOMPARE(sqlCount(copy, "SELECT count(*) FROM TASK_PMU_INFO"), sqlCount(orig, "SELECT count(*) FROM TASK_PMU_INFO"));

        MemoryTrace a, b;
        const MemImport x = importTo(rankDb(0), &a);
        const MemImport y = importTo(copy, &b);
        QVERIFY2(x.ok && y.ok, qPrintable(x.error + y.error));
        QVERIFY(y.report.balanced());
        for (const auto &p : y.report.problems)
            QVERIFY2(false, qPrintable(p.file + QStringLiteral(": ") + p.reason));
        const auto ta = taskTable(a), tb = taskTable(b);
        QCOMPARE(tb.size(), ta.size());
        for (auto i = ta.begin(), j = tb.begin(); i != ta.end(); ++i, ++j)
            QVERIFY2(i->first == j->first && i->second == j->second,
                     qPrintable(QStringLiteral("task (%1, %2, %3, %4): %5 / %6")
                                    .arg(std::get<0>(i->first)).arg(std::get<1>(i->first)).arg(std::get<2>(i->first))
                                    .arg(std::get<3>(i->first)).arg(i->second, j->second)));
        // Call stacks (PYTORCH_CALLCHAINS, frames by id and depth) whatever their storage order.
        const QStringList pa = pythonTable(a), pb = pythonTable(b);
        QCOMPARE(pb, pa);
        int withStack = 0;
        for (const QString &l : pa)
            withStack += l.contains(QLatin1String(".py")) ? 1 : 0;
        QVERIFY(withStack > 100);
        int withPmu = 0;
        for (const auto &kv : tb)
            withPmu += kv.second.endsWith(QLatin1String("|pmu")) ? 0 : 1;
        QVERIFY(withPmu > 100);
        // Every PMU row imported, as from the original.
        auto account = [](const MemImport &m, const char *table) {
            for (const auto &f : m.report.files)
                if (f.file.endsWith(QLatin1Char(':') + QLatin1String(table)))
                    return QStringLiteral("%1 %2 %3").arg(f.items).arg(f.imported).arg(f.skipped);
            return QString();
        };
        for (const char *table : {"TASK", "TASK_PMU_INFO", "COMPUTE_TASK_INFO", "COMMUNICATION_TASK_INFO"})
            QCOMPARE(account(y, table), account(x, table));
        QCOMPARE(account(y, "TASK_PMU_INFO").section(QLatin1Char(' '), 0, 0).toInt(),
                 sqlCount(orig, "SELECT count(*) FROM TASK_PMU_INFO"));
    }

    // torch_npu writes no connectionCats (MindStudio Insight adds it; only rank 0 of the
    // capture has it): the flows follow from where each connection id occurs, the same as
    // the table says, and an enqueue or forward row starts the arrow its dequeue or
    // backward row finishes.
    void flowsWithoutConnectionCats()
    {
        QTemporaryDir tmp;
        QVERIFY(tmp.isValid());
        const QString dir = tmp.filePath(QStringLiteral("rank0_ascend_pt/ASCEND_PROFILER_OUTPUT"));
        QVERIFY(QDir().mkpath(dir));
        const QString copy = dir + QStringLiteral("/ascend_pytorch_profiler_0.db");
        QVERIFY(QFile::copy(rankDb(0), copy));
        QFile::setPermissions(copy, QFile::ReadOwner | QFile::WriteOwner);
        QVERIFY(execSql(copy, QStringLiteral("DROP TABLE connectionCats;")));

        MemoryTrace withTable, without, rank1;
        const MemImport x = importTo(rankDb(0), &withTable);
        const MemImport y = importTo(copy, &without);
        const MemImport z = importTo(rankDb(1), &rank1);
        QVERIFY2(x.ok && y.ok && z.ok, qPrintable(x.error + y.error + z.error));
        Arrows a = arrowsOf(withTable), b = arrowsOf(without), c = arrowsOf(rank1);
        // Every arrow the table names comes back without it. The table (MindStudio Insight's)
        // leaves out CANN launches no framework operator made (aclrtMemcpyAsync,
        // aclrtRecordEvent, ...): the ids say those are HostToDevice arrows as well.
        QVERIFY(std::includes(b.complete.begin(), b.complete.end(), a.complete.begin(), a.complete.end()));
        for (const char *cat : {"async_npu", "async_task_queue", "fwdbwd"}) {
            QCOMPARE(b.completeBy[cat], a.completeBy[cat]);
            QCOMPARE(b.looseBy[cat], a.looseBy[cat]);
        }
        QVERIFY(b.completeBy["HostToDevice"] > a.completeBy["HostToDevice"]);
        // Each connection the table names is one complete arrow.
        const int queue = sqlCount(rankDb(0), "SELECT count(*) FROM connectionCats WHERE cat = 'async_task_queue'");
        const int fwdbwd = sqlCount(rankDb(0), "SELECT count(*) FROM connectionCats WHERE cat = 'fwdbwd'");
        QVERIFY(queue > 100 && fwdbwd > 10);
        QCOMPARE(a.completeBy["async_task_queue"], queue);
        QCOMPARE(a.looseBy["async_task_queue"], 0);
        QCOMPARE(a.completeBy["fwdbwd"], fwdbwd);
        QCOMPARE(a.looseBy["fwdbwd"], 0);
        // Rank 1's file has no table: its arrows are there all the same.
        for (const char *cat : {"HostToDevice", "async_npu", "async_task_queue", "fwdbwd"})
            QVERIFY2(c.completeBy[cat] > 0, cat);
        QCOMPARE(c.looseBy["async_task_queue"], 0);
        QCOMPARE(c.looseBy["fwdbwd"], 0);
    }

    void msprofDbFixture()
    {
        MemoryTrace trace;
        const MemImport imp = importTo(msprofDb(), &trace);
        QVERIFY2(imp.ok, qPrintable(imp.error));
        QCOMPARE(imp.report.layout, QStringLiteral("msprof db"));
        QVERIFY(imp.report.balanced());
        // The fixture's devices are all on device 2 of an 8-NPU host.
        const auto devs = sql(msprofDb(), "SELECT DISTINCT deviceId FROM TASK");
        QCOMPARE(devs.size(), std::size_t(1));
        const std::uint16_t dev = std::uint16_t(devs[0][0].toUInt());
        const DeviceView v = view(trace, dev);
        // Open task types: whatever the file names (here CANN API names) is kept as text.
        QCOMPARE(v.tasksByType, taskTypesInDb(msprofDb(), dev));
        QCOMPARE(v.cann, sqlCount(msprofDb(), "SELECT count(*) FROM CANN_API"));
        QCOMPARE(v.tx, sqlCount(msprofDb(), "SELECT count(*) FROM MSTX_EVENTS"));
        QCOMPARE(trace.sessionInfo().devices.size(), std::size_t(1)); // not the host's eight NPUs
        // Its leftover table is no export table: reported, not read.
        bool leftover = false;
        for (const auto &p : imp.report.problems)
            leftover |= p.file.endsWith(QLatin1String("_COMPUTE_TASK_INFO_old_20251014"));
        QVERIFY(leftover);
    }

    void foreignDatabasesAreRefusedClearly()
    {
        QTemporaryDir tmp;
        QVERIFY(tmp.isValid());
        // Not SQLite at all.
        const QString garbage = tmp.filePath(QStringLiteral("msprof_1.db"));
        QVERIFY(testfiles::writeFile(garbage, "this is not a database\n"));
        MemoryTrace t1;
        MemImport r = importTo(garbage, &t1);
        QVERIFY(!r.ok);
        QVERIFY2(r.error.contains(QLatin1String("Nothing could be imported")), qPrintable(r.error));
        bool named = false;
        for (const auto &p : r.report.problems)
            named |= p.reason.contains(QLatin1String("not an SQLite database"));
        QVERIFY(named);

        // SQLite, but of an unknown schema version.
        const QString future = tmp.filePath(QStringLiteral("ascend_pytorch_profiler_0.db"));
        QVERIFY(QFile::copy(rankDb(0), future));
        QFile::setPermissions(future, QFile::ReadOwner | QFile::WriteOwner);
        {
            sqlite3 *db = nullptr;
            QCOMPARE(sqlite3_open(future.toUtf8().constData(), &db), SQLITE_OK);
            QCOMPARE(sqlite3_exec(db, "UPDATE META_DATA SET value = '7.0.0' WHERE name = 'SCHEMA_VERSION'", nullptr, nullptr,
                                  nullptr),
                     SQLITE_OK);
            sqlite3_close(db);
        }
        MemoryTrace t2;
        r = importTo(future, &t2);
        bool version = false;
        for (const auto &p : r.report.problems)
            version |= p.reason.contains(QLatin1String("7.0.0")) && p.reason.contains(QLatin1String("1.x"));
        QVERIFY2(version, qPrintable(r.error));

        // Truncated: the first half of a real export.
        const QString cut = tmp.filePath(QStringLiteral("cut/ascend_pytorch_profiler_1.db"));
        QDir().mkpath(tmp.filePath(QStringLiteral("cut")));
        {
            QFile in(rankDb(1)), out(cut);
            QVERIFY(in.open(QIODevice::ReadOnly) && out.open(QIODevice::WriteOnly));
            out.write(in.read(in.size() / 2));
        }
        MemoryTrace t3;
        r = importTo(cut, &t3);
        QVERIFY(r.report.balanced());
        if (r.ok) // what could be read was imported, the rest is reported
            QVERIFY(!r.report.problems.empty());
        else
            QVERIFY(!r.error.isEmpty());
    }
};

QTEST_GUILESS_MAIN(ImportSqliteExport)
#include "test_import_sqlite_export.moc"
