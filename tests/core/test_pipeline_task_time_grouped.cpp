// Tables → Task time grouped by type, straight from a recorded session (ResNet-50, 2
// devices, 3 iterations, every switch on), against a computation written out from the
// tasks as forEachTask gives them (start, stream, task id order): a row per (iteration,
// stream, task id, shown name), typed by its first task; its waiting the gaps of its tasks
// to the end of their stream's earlier tasks; Time(%) its share of the iteration's task
// time. Every aggregated column of every group.

#include "pipeline_fixture.h"

#include "core/analysis/summary_tables.h"

#include <QTemporaryDir>
#include <QtTest>
#include <cmath>
#include <map>
#include <tuple>

using namespace npuscope;
using namespace npuscope::analysis;

namespace {

struct Row {
    std::string type;
    std::uint64_t tasks = 0;
    TimeNs time = 0, pending = 0, waiting = 0, shortest = 0, longest = 0;
    double share = 0;
};

struct Group {
    std::uint64_t rows = 0, tasks = 0;
    TimeNs time = 0, pending = 0, waiting = 0, shortest = kMaxTimeNs, longest = 0, taskMin = kMaxTimeNs, taskMax = 0;
    double share = 0, mean = 0;
};

// One iteration's rows, in first-seen order.
bool iterationRows(const TraceReader &reader, const IterationKey &k, std::vector<Row> *rows)
{
    std::map<std::tuple<std::uint32_t, std::uint32_t, std::string>, std::size_t> at;
    std::map<std::uint32_t, TimeNs> streamEnd;
    TimeNs iterationTime = 0;
    const std::size_t first = rows->size();
    const bool ok = reader.forEachTask(k, [&](const TaskRecord &t) {
        std::string name(reader.string(t.name));
        if (name.empty() && t.opId)
            if (const OpDesc *o = reader.op(t.opId))
                name = std::string(reader.string(o->name));
        if (name.empty())
            name = std::string(reader.taskType(t));
        auto [p, fresh] = at.try_emplace({t.streamId, t.taskId, name}, rows->size());
        if (fresh) {
            rows->push_back({std::string(reader.taskType(t))});
            rows->back().shortest = rows->back().longest = t.duration;
        }
        Row &r = (*rows)[p->second];
        ++r.tasks;
        r.time += t.duration;
        r.pending += t.pending;
        r.shortest = std::min(r.shortest, t.duration);
        r.longest = std::max(r.longest, t.duration);
        const auto end = streamEnd.find(t.streamId);
        if (end != streamEnd.end()) {
            r.waiting += std::max<TimeNs>(0, t.start - end->second);
            end->second = std::max(end->second, t.start + t.duration);
        } else {
            streamEnd[t.streamId] = t.start + t.duration;
        }
        iterationTime += t.duration;
        return true;
    });
    for (std::size_t i = first; i < rows->size(); ++i)
        (*rows)[i].share = 100.0 * double((*rows)[i].time) / double(iterationTime);
    return ok;
}

bool near(double a, double b) { return std::abs(a - b) <= 1e-9 * std::max(1.0, std::abs(b)); }

} // namespace

class PipelineTaskTimeGrouped : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    pipeline::Exported ex_;

private slots:
    void initTestCase()
    {
        QVERIFY(dir_.isValid());
        SessionSpec spec{.model = QStringLiteral("resnet50"), .batchSize = 8, .iterations = 3, .devicesPerServer = 2, .seed = 11};
        ex_ = pipeline::runAndExport(spec, pipeline::allSwitchesOn(), dir_.path());
        QVERIFY2(ex_.ok, qPrintable(ex_.error));
    }

    void groupsEqualAHandComputation()
    {
        const TraceReader &reader = *ex_.reader;
        std::vector<Row> rows;
        for (const IterationKey &k : reader.iterations())
            QVERIFY(iterationRows(reader, k, &rows));
        std::map<std::string, Group> byType;
        for (const Row &r : rows) {
            Group &g = byType[r.type];
            ++g.rows;
            g.tasks += r.tasks;
            g.time += r.time;
            g.pending += r.pending;
            g.waiting += r.waiting;
            g.shortest = std::min(g.shortest, r.time);
            g.longest = std::max(g.longest, r.time);
            g.taskMin = std::min(g.taskMin, r.shortest);
            g.taskMax = std::max(g.taskMax, r.longest);
            g.share += r.share;
            g.mean += double(r.time) / double(r.tasks) / 1e3;
        }
        SummaryTables tables(reader);
        auto g = tables.grouped(SummaryKind::TaskTime, {});
        QVERIFY(g);
        QCOMPARE(g->rowCount(), byType.size());
        QCOMPARE(g->sourceRowCount(), rows.size());
        std::uint64_t waited = 0;
        for (std::size_t r = 0; r < g->rowCount(); ++r) {
            const std::string key = g->text(r, 0).toStdString();
            QVERIFY2(byType.count(key), key.c_str());
            const Group &want = byType.at(key);
            // Counts exactly, times to the ns (the cells are µs), shares and means to rounding.
            const std::pair<const char *, double> exact[] = {
                {"Count", double(want.rows)},
                {"Count sum", double(want.tasks)},
                {"Time(us) sum", double(want.time)},
                {"Running(us) sum", double(want.time)},
                {"Pending(us) sum", double(want.pending)},
                {"Waiting(us) sum", double(want.waiting)},
                {"Time(us) min", double(want.shortest)},
                {"Time(us) max", double(want.longest)},
                {"Min(us) min", double(want.taskMin)},
                {"Max(us) max", double(want.taskMax)},
            };
            for (const auto &[name, value] : exact) {
                const int c = g->columnIndex(QString::fromLatin1(name));
                QVERIFY2(c > 0, name);
                const double got = g->number(r, c);
                const bool count = QByteArray(name).startsWith("Count");
                QVERIFY2(count ? got == value : std::llround(got * 1000.0) == std::llround(value),
                         qPrintable(QStringLiteral("%1 %2: %3, want %4").arg(QString::fromStdString(key), QLatin1String(name))
                                        .arg(got).arg(value)));
            }
            QVERIFY2(near(g->number(r, g->columnIndex(QStringLiteral("Time(%) sum"))), want.share), key.c_str());
            QVERIFY2(near(g->number(r, g->columnIndex(QStringLiteral("Avg(us) sum"))), want.mean), key.c_str());
            waited += want.waiting > 0 ? 1 : 0;
        }
        QVERIFY(byType.size() > 1);
        QVERIFY(waited > 0); // the waiting figures are not all zero
    }
};

QTEST_GUILESS_MAIN(PipelineTaskTimeGrouped)
#include "test_pipeline_task_time_grouped.moc"
