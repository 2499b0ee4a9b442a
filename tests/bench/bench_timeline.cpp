// Timeline figures: sessions of ~100 k and ~10 M tasks (ResNet-50 on 8 devices,
// emulated and recorded like any session, so the timeline summary is written at record
// end), opened offscreen at 1920×1080 by ui_timeline_view --bench (npuscope-bench has no
// QApplication, the widget needs one):
//   timeline_frame   median full-extent replot at 10 M, ratio = 10 M / 100 k   (goal ≤ 2, ≤ 16 ms)
//   timeline_zoom    median replot of 200 random 1 ms windows, same ratio       (goal ≤ 2)
//   timeline_open    project open → first frame at 10 M, ratio 10 M / 100 k     (goal ≤ 10, ≤ 1 s)
//   timeline_memory  resident bytes per task after opening and panning the whole 10 M trace
//                    (RSS growth from before the view existed), ratio = against the 40 B goal
// NPUSCOPE_BENCH_TIMELINE_ITERATIONS overrides the big session's iterations per device
// (default 860: 8 devices × 860 iterations × ~1450 tasks ≈ 10 M tasks). Projects are kept with --keep DIR and reused.
// NPUSCOPE_BENCH_TIMELINE_HUGE=<iterations> (e.g. 8600 ≈ 100 M tasks, ~17 GB, over an hour to
// record on 2 cores) adds timeline_*_huge figures against the same 100 k session; never part
// of the default run.

#include "core/options/profiling_options.h"
#include "core/store/project.h"
#include "device/emulator.h"
#include "tests/bench/bench.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>

#include <map>

using namespace npuscope;
using namespace npuscope::bench;

// Declared in bench.h: open_cold and project_bytes_per_task measure the same 10 M session.
QString npuscope::bench::ensureResnetSession(const QString &path, int devices, int iterations)
{
    if (QFileInfo::exists(path)) {
        store::StoreError e;
        QString msg;
        auto p = store::Project::open(path, store::Project::Mode::ReadOnly, &e, &msg, store::Project::Check::Auto);
        if (p && !p->sessions().empty() && p->sessions().front().status == SessionStatus::Complete
            && p->sessions().front().info.spec.iterations == iterations)
            return path;
    }
    ProfilingOptions o;
    ProfilingOptions::parse(R"({"output":"/tmp/npuscope-bench","training_trace":"on","task_trace":"on","hccl":"on","aic_metrics":"PipeUtilization"})", &o);
    SessionSpec s{.model = QStringLiteral("resnet50"), .iterations = iterations, .devicesPerServer = devices,
                  .seed = 3};
    const double seconds = recordInto(path, s, o);
    info("timeline: recorded %s (%d devices × %d iterations) in %.1f s", qPrintable(path), devices, iterations, seconds);
    return path;
}

int npuscope::bench::bigSessionIterations()
{
    return qEnvironmentVariableIsSet("NPUSCOPE_BENCH_TIMELINE_ITERATIONS")
               ? qEnvironmentVariableIntValue("NPUSCOPE_BENCH_TIMELINE_ITERATIONS") : 860;
}

namespace {

const auto ensureSession = ensureResnetSession;

std::map<QString, double> measure(const QString &project)
{
    std::map<QString, double> out = guiTestFigures("ui_timeline_view", {project}, 60 * 60 * 1000, {}, "timeline figures");
    info("timeline: %s: %.0f tasks, open %.1f ms, details %.0f ms, frame %.2f ms, zoom %.2f ms, RSS %.0f → %.0f → %.0f MB, lanes %.0f MB",
         qPrintable(QFileInfo(project).fileName()), out["tasks"], out["open_ms"], out["details_ms"], out["frame_ms"],
         out["zoom_ms"], out["rss_before"] / 1e6, out["rss_open"] / 1e6, out["rss_after"] / 1e6, out["lane_bytes"] / 1e6);
    return out;
}

// The figures of the session measured as `m` against the small one `s`: frame, zoom and
// open times, and the memory per task; their names end in `suffix`.
void timelineLines(const QString &suffix, std::map<QString, double> &m, std::map<QString, double> &s)
{
    const QString note = QStringLiteral("%1 vs %2 tasks").arg(m["tasks"], 0, 'f', 0).arg(s["tasks"], 0, 'f', 0);
    for (const char *figure : {"frame", "zoom", "open"}) {
        const QString key = QLatin1String(figure) + QStringLiteral("_ms");
        line(qPrintable(QStringLiteral("timeline_") + QLatin1String(figure) + suffix), m[key], "ms", m[key] / s[key], note);
    }
    const double perTask = (m["rss_after"] - m["rss_before"]) / std::max(1.0, m["tasks"]);
    line(qPrintable(QStringLiteral("timeline_memory") + suffix), perTask, "B/task", perTask / 40.0,
         QStringLiteral("RSS growth over %1 tasks; ratio against the 40 B goal").arg(m["tasks"], 0, 'f', 0));
}

void timelineFigures(Config &cfg)
{
    const int bigIterations = bigSessionIterations();
    const QString small = ensureSession(cfg.work + QStringLiteral("/timeline-100k.npuscope"), 8, 9);
    const QString big = ensureSession(cfg.work + QStringLiteral("/timeline-10M.npuscope"), 8, bigIterations);
    auto s = measure(small);
    auto b = measure(big);
    timelineLines(QString(), b, s);
    cfg.results["timeline_frame"] = b["frame_ms"];
    if (qEnvironmentVariableIsSet("NPUSCOPE_BENCH_TIMELINE_HUGE")) {
        const int hugeIterations = qEnvironmentVariableIntValue("NPUSCOPE_BENCH_TIMELINE_HUGE");
        if (hugeIterations <= 0)
            die(QStringLiteral("NPUSCOPE_BENCH_TIMELINE_HUGE must be a number of iterations per device, e.g. 8600"));
        const QString hugePath = ensureSession(cfg.work + QStringLiteral("/timeline-huge.npuscope"), 8, hugeIterations);
        auto h = measure(hugePath);
        timelineLines(QStringLiteral("_huge"), h, s);
    }
}

} // namespace

NPUSCOPE_BENCH_FIGURE("timeline", 50, timelineFigures);
