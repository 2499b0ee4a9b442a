#pragma once
// Shared pieces of npuscope-bench. Figures live in their own files (bench_<area>.cpp) and
// register themselves with NPUSCOPE_BENCH_FIGURE, so areas can add figures independently.
// Every figure prints `BENCH <name> <value> <unit> ratio=<r>` via line(), with the ratio
// against a baseline measured in the same run (the machine is shared and noisy).

#include <QString>
#include <QStringList>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace npuscope {
struct ProfilingOptions;
struct SessionSpec;
} // namespace npuscope

namespace npuscope::bench {

struct Config {
    std::uint64_t recordTasks = 300000;
    std::uint64_t exportTasks = 1000000;    // AI Core tasks of the export session
    int reps = 3;
    QString keep;                           // keep the work files here (else a temp dir)
    QString work;                           // the work directory of this run
    std::map<std::string, double> results;  // figure name → value, for figures that compare with others
};

double median(std::vector<double> v);
void line(const char *name, double value, const char *unit, std::optional<double> ratio, const QString &note = {});
void info(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
[[noreturn]] void die(const QString &msg);

// Removes the project at `path` with its -wal, -shm and -journal files.
void removeProject(const QString &path);
// Records `spec` with `options` into a fresh project at `path` (an earlier one removed);
// returns the seconds it took (emulator + writer). Dies when the session fails.
double recordInto(const QString &path, const SessionSpec &spec, const ProfilingOptions &options);

// A command run as a fresh child process (output discarded): its wall time and, from
// wait4(), its own peak RSS, so a figure can compare two programs on the same input.
struct ChildRun {
    bool ok = false;
    double seconds = 0;
    long maxRssKb = 0;
};
ChildRun runChild(const QStringList &argv);

// The figures a GUI test reports when run as `tests/ui/<test> --bench ARGS...` offscreen:
// its `name value` lines. Dies, naming `what` (e.g. "timeline figures"), when the test is
// not built, fails or runs past timeoutMs, or leaves out one of `required`.
std::map<QString, double> guiTestFigures(const char *test, const QStringList &args, int timeoutMs,
                                         const QStringList &required, const char *what);

// A ResNet-50 session (seed 3, task_trace, hccl, PipeUtilization) of `devices` × `iterations`
// recorded into `path` unless a complete one of that size is already there (--keep DIR
// reuses it): the timeline figures' sessions, 8 × 860 ≈ 10 M tasks, 1.7 GB.
QString ensureResnetSession(const QString &path, int devices, int iterations);
// Iterations per device of the 10 M session (NPUSCOPE_BENCH_TIMELINE_ITERATIONS, default 860).
int bigSessionIterations();

// A torch_npu rank folder at `rank` whose ascend_pytorch_profiler_0.db is the vendored 910B
// capture's (rank 0, 552 tasks) with its growing tables doubled until the file passes
// `target` bytes (times shifted, ids kept distinct); returns the database's path.
QString grownTorchDbRank(const QString &rank, std::uint64_t target);

using FigureFn = void (*)(Config &);
struct Figure {
    const char *name;
    int order;       // lower runs first (a figure whose ratio needs another's result runs after it)
    FigureFn fn;
};
std::vector<Figure> &figures();
struct Registrar {
    Registrar(const char *name, int order, FigureFn fn) { figures().push_back({name, order, fn}); }
};

} // namespace npuscope::bench

#define NPUSCOPE_BENCH_CONCAT2(a, b) a##b
#define NPUSCOPE_BENCH_CONCAT(a, b) NPUSCOPE_BENCH_CONCAT2(a, b)
#define NPUSCOPE_BENCH_FIGURE(name, order, fn) \
    static const ::npuscope::bench::Registrar NPUSCOPE_BENCH_CONCAT(benchRegistrar_, __LINE__)(name, order, fn)
