// Several ranks whose clocks differ. torch_npu (ProfilerConfig.get_local_time: monotonic time
// + collectionTimeBegin - clockMonotonicRaw of the rank's own start info) and msprof
// (InfoConfReader.trans_into_local_time, GetLocalTime in its db export) write each rank's
// times on that rank's own host clock, converted with that rank's own clock information, and
// align nothing across ranks: MindStudio Insight shows the ranks' exported times as they are.
// So an import must keep every rank's times exactly as its files give them: no rank rebased
// to another's start or to the session's, no rank's clock information applied to another.
//
// The case is made from the vendored 2-rank torch_npu db capture: rank 1's host clock is set
// 3.7 s behind (every time of its export, its SESSION_TIME_INFO, its analysis.db and its
// profiler_info end moved by the same amount, as a host clock that differs would move them),
// so rank 1 now starts first. Imported together, rank 0's records equal those of the
// original capture and rank 1's equal the original ones moved by exactly that amount, to the
// nanosecond; iterations, kernel joins, flows and device facts stay each rank's own.

#include "tests/test_files.h"
#include "core/model/memory_trace.h"
#include "tests/core/test_import_fixture.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>
#include <sqlite3.h>

#include <algorithm>
#include <map>

using namespace npuscope;
using namespace importfx;

using testfiles::copyTree;

namespace {

constexpr TimeNs kShift = -3700000123; // rank 1's clock: 3.7 s (and 123 ns) behind

// Moves every time of a database by `ns`: the columns that hold times (ns, or µs in
// analysis.db), whatever table has them; a TEXT time stays text.
bool shiftDb(const QString &path, TimeNs ns)
{
    sqlite3 *db = nullptr;
    if (sqlite3_open(QFile::encodeName(path).constData(), &db) != SQLITE_OK)
        return false;
    QStringList updates;
    sqlite3_stmt *s = nullptr;
    sqlite3_prepare_v2(db, "SELECT m.name, p.name, p.type FROM sqlite_master m, pragma_table_info(m.name) p "
                           "WHERE m.type = 'table'", -1, &s, nullptr);
    static const QStringList ns_cols = {QStringLiteral("startNs"), QStringLiteral("endNs"), QStringLiteral("timestampNs"),
                                        QStringLiteral("timestamp"), QStringLiteral("allocationTime"),
                                        QStringLiteral("releaseTime"), QStringLiteral("activeReleaseTime"),
                                        QStringLiteral("startTimeNs"), QStringLiteral("endTimeNs")};
    while (sqlite3_step(s) == SQLITE_ROW) {
        const QString table = QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_column_text(s, 0)));
        const QString col = QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_column_text(s, 1)));
        const bool text = QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_column_text(s, 2)))
                              .compare(QLatin1String("TEXT"), Qt::CaseInsensitive) == 0;
        QString by;
        if (ns_cols.contains(col))
            by = QString::number(ns);
        else if (col == QLatin1String("start_timestamp")) // analysis.db: µs as REAL, moved by whole µs
            by = QString::number((ns - ns % 1000) / 1000);
        else
            continue;
        const QString value = text ? QStringLiteral("CAST(\"%1\" AS INTEGER)").arg(col) : QStringLiteral("\"%1\"").arg(col);
        QString moved = QStringLiteral("%1 + %2").arg(value, by);
        if (text)
            moved = QStringLiteral("CAST(%1 AS TEXT)").arg(moved);
        updates << QStringLiteral("UPDATE \"%1\" SET \"%2\" = %3 WHERE %4 > 0;").arg(table, col, moved, value);
    }
    sqlite3_finalize(s);
    sqlite3_close(db);
    return !updates.isEmpty() && execSql(path, updates.join(QLatin1Char('\n')));
}

// A rank's records as text lines (with their times moved back by `shift`), sorted.
struct RankRecords {
    QStringList tasks, hccl, collectives, host, python, counters, flows, commOps;
    int kernels = 0;
};

RankRecords recordsOf(const MemoryTrace &t, std::uint16_t dev, TimeNs shift)
{
    RankRecords r;
    auto text = [&](StrId id) { return QString::fromUtf8(t.string(id)); };
    auto at = [&](TimeNs ts) { return QString::number(ts - shift); };
    for (const IterationKey &k : t.iterations()) {
        if (k.device != dev)
            continue;
        t.forEachTask(k, [&](const TaskRecord &x) {
            const OpDesc *op = x.opId ? t.op(x.opId) : nullptr;
            r.kernels += op && op->opType ? 1 : 0;
            r.tasks << text(x.type) + QLatin1Char(' ') + text(x.name) + QLatin1Char(' ') + QString::number(x.iteration) + QLatin1Char(' ')
                           + QString::number(x.streamId) + QLatin1Char(' ') + QString::number(x.taskId) + QLatin1Char(' ')
                           + at(x.start) + QLatin1Char(' ') + QString::number(x.duration) + QLatin1Char(' ')
                           + (op ? text(op->opType) : QString());
            return true;
        });
        t.forEachHcclTask(k, [&](const HcclTaskRecord &x) {
            r.hccl << text(x.name) + QLatin1Char(' ') + QString::number(x.plane) + QLatin1Char(' ') + at(x.start) + QLatin1Char(' ')
                          + QString::number(x.duration);
            return true;
        });
        t.forEachCollective(k, [&](const CollectiveOpRecord &x) {
            r.collectives << text(x.name) + QLatin1Char(' ') + at(x.start) + QLatin1Char(' ') + QString::number(x.duration);
            return true;
        });
        t.forEachHostRange(k, [&](const HostRangeRecord &x) {
            r.host << text(x.name) + QLatin1Char(' ') + at(x.start) + QLatin1Char(' ') + QString::number(x.duration);
            return true;
        });
    }
    t.forEachPythonRange(dev, [&](const PythonRangeRecord &x) {
        r.python << text(x.name) + QLatin1Char(' ') + at(x.start) + QLatin1Char(' ') + QString::number(x.duration);
        return true;
    });
    t.forEachCounter(dev, [&](const CounterRecord &x) {
        r.counters << text(x.track) + QLatin1Char(' ') + at(x.ts) + QLatin1Char(' ') + QString::number(x.value, 'g', 17);
        return true;
    });
    t.forEachFlow([&](const FlowRecord &x) {
        // A flow is the rank's when an end is on its device; both ends then are (ids pair
        // within their source only).
        const bool mine = (x.hasStart && x.start.device == dev) || (x.hasFinish && x.finish.device == dev);
        if (mine)
            r.flows << text(x.category) + QLatin1Char(' ') + (x.hasStart ? at(x.start.ts) : QStringLiteral("-"))
                           + QLatin1Char(' ') + (x.hasFinish ? at(x.finish.ts) : QStringLiteral("-"))
                           + QLatin1Char(' ') + QString::number(int(x.hasStart && x.hasFinish && x.start.device == x.finish.device));
        return true;
    });
    // analysis.db's times are µs in REAL columns (a quarter µs apart at today's epoch): there
    // the clock moved by its whole µs.
    for (const CommOpStatRecord &x : t.commOpStats())
        if (x.device == dev)
            r.commOps << text(x.op) + QLatin1Char(' ') + QString::number(x.start - (shift - shift % 1000)) + QLatin1Char(' ')
                             + QString::number(x.elapseMs, 'g', 17);
    for (auto *v : {&r.tasks, &r.hccl, &r.collectives, &r.host, &r.python, &r.counters, &r.flows, &r.commOps})
        v->sort();
    return r;
}

// The first integer `query` yields on the database `db`, opened immutable (the vendored
// files are only read).
std::int64_t firstInt(const QString &db, const char *query)
{
    return testfiles::firstInt(db, query, true);
}

} // namespace

class ImportRankClocks : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { NPUSCOPE_REQUIRE_DATA(testdata::torchDb910b() + QStringLiteral("/rank1_ascend_pt")); }

    void eachRankKeepsItsOwnClock()
    {
        QTemporaryDir tmp;
        QVERIFY(tmp.isValid());
        const QString job = tmp.filePath(QStringLiteral("job"));
        QVERIFY(copyTree(testdata::torchDb910b() + QStringLiteral("/rank0_ascend_pt"), job + QStringLiteral("/rank0_ascend_pt")));
        QVERIFY(copyTree(testdata::torchDb910b() + QStringLiteral("/rank1_ascend_pt"), job + QStringLiteral("/rank1_ascend_pt")));
        const QString out1 = job + QStringLiteral("/rank1_ascend_pt/ASCEND_PROFILER_OUTPUT");
        const QString db1 = out1 + QStringLiteral("/ascend_pytorch_profiler_1.db");
        QVERIFY(shiftDb(db1, kShift));
        QVERIFY(shiftDb(out1 + QStringLiteral("/analysis.db"), kShift));
        {
            const QString info = job + QStringLiteral("/rank1_ascend_pt/profiler_info_1.json");
            QFile f(info);
            QVERIFY(f.open(QIODevice::ReadOnly));
            QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
            f.close();
            QJsonObject end = o.value(QStringLiteral("end_info")).toObject();
            end.insert(QStringLiteral("collectionTimeEnd"),
                       double(std::int64_t(end.value(QStringLiteral("collectionTimeEnd")).toDouble()) + kShift));
            o.insert(QStringLiteral("end_info"), end);
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
            f.write(QJsonDocument(o).toJson());
        }
        // The shifted rank now starts before the other one.
        const QString db0 = job + QStringLiteral("/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/ascend_pytorch_profiler_0.db");
        QVERIFY(firstInt(db1, "SELECT min(startNs) FROM TASK") < firstInt(db0, "SELECT min(startNs) FROM TASK"));

        MemoryTrace original, shifted;
        importing::ImportReport ro, rs;
        QString eo, es;
        QVERIFY2(importfx::importDir(testdata::torchDb910b(), original, &ro, &eo), qPrintable(eo));
        QVERIFY2(importfx::importDir(job, shifted, &rs, &es), qPrintable(es));
        QVERIFY(rs.balanced());
        QCOMPARE(rs.total().skipped, ro.total().skipped);
        for (const auto &p : rs.problems)
            QVERIFY2(false, qPrintable(p.file + QStringLiteral(": ") + p.reason));

        const auto &devs = shifted.sessionInfo().devices;
        QCOMPARE(devs.size(), std::size_t(2));
        QCOMPARE(original.sessionInfo().devices.size(), std::size_t(2));
        for (const DeviceInfo &d : devs) {
            const bool moved = d.rankId == 1;
            const RankRecords a = recordsOf(original, d.id, 0);
            const RankRecords b = recordsOf(shifted, d.id, moved ? kShift : 0);
            QVERIFY(a.tasks.size() > 500);
            QVERIFY(a.kernels > 100);
            QCOMPARE(b.kernels, a.kernels); // the kernel rows still join their tasks
            QCOMPARE(b.tasks, a.tasks);     // same iteration, stream, task, duration; start moved exactly
            QCOMPARE(b.hccl, a.hccl);
            QCOMPARE(b.collectives, a.collectives);
            QCOMPARE(b.host, a.host);
            QCOMPARE(b.python, a.python);
            QCOMPARE(b.counters, a.counters);
            QCOMPARE(b.flows, a.flows);
            QCOMPARE(b.commOps, a.commOps);
            QVERIFY(!a.python.empty() && !a.counters.empty() && !a.host.empty());
            // (Flows: only rank 0's export has the connectionCats table they are read from
            // now; rank 1's has none, so its flows are empty in both imports.)
            QVERIFY(moved || !a.flows.empty());
            // The device's collection span is its own export's (SESSION_TIME_INFO), on its clock.
            const QString db = moved ? db1 : db0;
            QCOMPARE(d.wallBeginUs, firstInt(db, "SELECT startTimeNs FROM SESSION_TIME_INFO") / 1000);
            QCOMPARE(d.wallEndUs, firstInt(db, "SELECT endTimeNs FROM SESSION_TIME_INFO") / 1000);
        }
        // The session begins where its earliest rank does: the shifted one.
        std::int64_t earliest = INT64_MAX;
        for (const DeviceInfo &d : devs)
            earliest = std::min(earliest, d.wallBeginUs);
        QCOMPARE(shifted.sessionInfo().createdWallUs, earliest);
    }
};

QTEST_GUILESS_MAIN(ImportRankClocks)
#include "test_import_rank_clocks.moc"
