// Summary table figures: an emulated ResNet-50 session (8 devices, PipeUtilization,
// kept in a MemoryTrace) as large as fits in ~20 s of emulation (10 M tasks at most;
// NPUSCOPE_BENCH_TABLE_TASKS overrides the target), its op_summary table built, then
//   table_sort           stable sort by Task Duration(us) plus a text filter ("conv" on Op
//                        Name), ratio = against std::sort of as many random doubles
//   table_bytes_per_row  heap bytes of the table per row, ratio = against sizeof(TaskRecord)
//   table_build          build time of the op_summary table per row (ns), ratio = against a
//                        plain copy of the same tasks out of the reader

#include "core/analysis/summary_tables.h"
#include "core/model/memory_trace.h"
#include "core/options/profiling_options.h"
#include "device/emulator.h"
#include "tests/bench/bench.h"

#include <QElapsedTimer>

#include <algorithm>
#include <random>

using namespace npuscope;
using namespace npuscope::bench;

namespace {

bool emulate(MemoryTrace *trace, int iterations, double *seconds)
{
    ProfilingOptions o;
    ProfilingOptions::parse(R"({"output":"/tmp/npuscope-bench","training_trace":"on","task_trace":"on","aic_metrics":"PipeUtilization"})", &o);
    SessionSpec s{.model = QStringLiteral("resnet50"), .iterations = iterations, .devicesPerServer = 8,
                  .seed = 9};
    QElapsedTimer t;
    t.start();
    device::Emulator em(s, o);
    const bool ok = em.run(*trace) == SessionStatus::Complete;
    *seconds = double(t.nsecsElapsed()) / 1e9;
    return ok;
}

void tableFigures(Config &)
{
    const std::uint64_t target = qEnvironmentVariableIsSet("NPUSCOPE_BENCH_TABLE_TASKS")
                                     ? qEnvironmentVariable("NPUSCOPE_BENCH_TABLE_TASKS").toULongLong()
                                     : 10000000ull;
    double secs = 0;
    std::uint64_t perIteration = 0;
    double secsPerIteration = 0;
    {
        MemoryTrace probe;
        if (!emulate(&probe, 20, &secs))
            die(QStringLiteral("table bench: the emulator failed"));
        perIteration = probe.taskCount() / 20;
        secsPerIteration = secs / 20;
    }
    const int byTarget = int(std::max<std::uint64_t>(1, target / std::max<std::uint64_t>(perIteration, 1)));
    const int byTime = std::max(1, int(20.0 / std::max(secsPerIteration, 1e-6)));
    const int iterations = std::min(byTarget, byTime);
    MemoryTrace trace;
    if (!emulate(&trace, iterations, &secs))
        die(QStringLiteral("table bench: the emulator failed"));
    info("tables: %llu tasks (%d iterations × 8 devices) emulated in %.1f s", (unsigned long long)trace.taskCount(),
         iterations, secs);

    // Baseline for the build: copying the same tasks out of the reader.
    QElapsedTimer t;
    t.start();
    std::vector<TaskRecord> copy;
    for (const auto &k : trace.iterations())
        trace.forEachTask(k, [&copy](const TaskRecord &r) { copy.push_back(r); return true; });
    const double copyNs = double(t.nsecsElapsed());
    copy = {};
    t.restart();
    auto table = analysis::buildSummaryTable(trace, analysis::SummaryKind::OpSummary);
    const double buildNs = double(t.nsecsElapsed());
    const std::size_t n = table->rowCount();
    if (n == 0)
        die(QStringLiteral("table bench: empty op_summary table"));
    line("table_build", buildNs / double(n), "ns/row", buildNs / copyNs,
         QStringLiteral("%1 rows").arg(qulonglong(n)));
    line("table_bytes_per_row", double(table->memoryBytes()) / double(n), "B", double(table->memoryBytes()) / double(n) / double(sizeof(TaskRecord)),
         QStringLiteral("%1 rows, ratio against sizeof(TaskRecord) = %2").arg(qulonglong(n)).arg(sizeof(TaskRecord)));

    std::vector<double> base(n);
    std::mt19937_64 rng(1);
    std::uniform_real_distribution<double> d(0, 1e6);
    for (auto &v : base)
        v = d(rng);
    t.restart();
    std::sort(base.begin(), base.end());
    const double baseNs = double(t.nsecsElapsed());

    const int dur = table->columnIndex(QStringLiteral("Task Duration(us)"));
    const int name = table->columnIndex(QStringLiteral("Op Name"));
    analysis::ColumnFilter f;
    QString err;
    analysis::ColumnFilter::parse(QStringLiteral("conv"), analysis::ColumnType::Text, &f, &err);
    t.restart();
    analysis::RowIndex rows = analysis::allRows(*table);
    analysis::sortRows(*table, rows, dur, false);
    const double sortNs = double(t.nsecsElapsed());
    const analysis::RowIndex filtered = analysis::filterRows(*table, rows, {}, {{name, f}});
    const double tableNs = double(t.nsecsElapsed());
    line("table_sort", tableNs / 1e6, "ms", tableNs / baseNs,
         QStringLiteral("%1 rows sorted by duration (%4 ms) + filtered to %2 (%5 ms); std::sort of %1 doubles %3 ms")
             .arg(qulonglong(n)).arg(qulonglong(filtered.size())).arg(baseNs / 1e6, 0, 'f', 1)
             .arg(sortNs / 1e6, 0, 'f', 1).arg((tableNs - sortNs) / 1e6, 0, 'f', 1));
}

} // namespace

NPUSCOPE_BENCH_FIGURE("table_sort", 60, tableFigures);
