// GUI responsiveness (the goal: no freeze over 100 ms during a long run), measured by
// ui_gui_import --bench (npuscope-bench has no QApplication, the window needs one) on an
// offscreen MainWindow: the largest gap between ticks of a 5 ms QTimer on the GUI thread
//   - idle (2 s, the baseline),
//   - while MainWindow::startRun records ResNet-50 on 4 devices (explorer refresh, progress),
//   - while a run is cancelled (6 s of recording, then the Cancel click),
//   - while MainWindow::importPath imports an exported ResNet-50 PROF directory,
//   - while the user selects the recorded session in the reopened project, visits every
//     view tab and selects a device (the views load what they show).
//   gui_stall       the largest of those gaps, ratio = against the idle gap (goal ≤ 100 ms)
//   - while File → Open upgrades a project of the previous schema of 1 GB or more (Yes to
//     the question; its durable backup copy and migration) and checks it, and while Save As
//     copies that project and the copy is checked (both background jobs with Cancel).
//   Opening the recorded project (File → Open: the full integrity check the user waits
//   for) is printed but not part of gui_stall.
//   cancel_latency  Cancel click → workFinished of the cancelled run, ratio = against the
//                   300 ms goal
// NPUSCOPE_BENCH_GUI_ITERATIONS sets the recorded run's iterations (default 400; the
// cancelled run asks for the 100000 maximum and is stopped long before).
//
// Then (also alone as `npuscope-bench gui_tables`), measured by ui_tables_view --bench on a
// ResNet-50 ×8 session of about 1 M tasks (NPUSCOPE_BENCH_TABLE_ITERATIONS, default 90):
//   gui_task_time_grouped  Tables → Task time grouped by type: the kind picked → the grouped
//                          rows shown (grouped as task_time's rows are formed, no table);
//                          ratio = against building the task_time table and grouping it
//                          (the view's former way, same run; goal < 500 ms)
//   gui_sql_op_type        the SQL console's "Task time per op type" example, run to its
//                          result; ratio = against its former form (task_view, joined per
//                          task, then grouped), same run (goal < 500 ms)

#include "tests/bench/bench.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QProcessEnvironment>

#include <algorithm>
#include <map>

using namespace npuscope::bench;

namespace {

void tableFigures(Config &cfg)
{
    if (cfg.results.count("gui_tables_done"))
        return;
    cfg.results["gui_tables_done"] = 1;
    const QString work = cfg.work + QStringLiteral("/gui-tables");
    QDir(work).removeRecursively();
    std::map<QString, double> v =
        guiTestFigures("ui_tables_view", {work}, 2 * 60 * 60 * 1000,
                       {QStringLiteral("tasks"), QStringLiteral("read_ms"), QStringLiteral("task_time_former_ms"),
                        QStringLiteral("task_time_grouped_ms"),
                        QStringLiteral("task_time_rows"), QStringLiteral("sql_former_ms"), QStringLiteral("sql_op_type_ms")},
                       "gui table figures");
    line("gui_task_time_grouped", v["task_time_grouped_ms"], "ms",
         v["task_time_grouped_ms"] / std::max(v["task_time_former_ms"], 1e-3),
         QStringLiteral("%1 tasks, %2 task_time rows grouped by type; ratio against building the table and grouping it "
                        "(%3 ms; reading every task iteration by iteration: %4 ms); goal 500 ms")
             .arg(qulonglong(v["tasks"])).arg(qulonglong(v["task_time_rows"])).arg(v["task_time_former_ms"], 0, 'f', 1)
             .arg(v["read_ms"], 0, 'f', 1));
    line("gui_sql_op_type", v["sql_op_type_ms"], "ms", v["sql_op_type_ms"] / std::max(v["sql_former_ms"], 1e-3),
         QStringLiteral("\"Task time per op type\" over %1 tasks; ratio against its former form (%2 ms); goal 500 ms")
             .arg(qulonglong(v["tasks"])).arg(v["sql_former_ms"], 0, 'f', 1));
    QDir(work).removeRecursively();
}

void guiFigures(Config &cfg)
{
    tableFigures(cfg);
    const int iterations = qEnvironmentVariableIsSet("NPUSCOPE_BENCH_GUI_ITERATIONS")
                               ? qEnvironmentVariableIntValue("NPUSCOPE_BENCH_GUI_ITERATIONS") : 400;
    const QString work = cfg.work + QStringLiteral("/gui");
    QDir(work).removeRecursively();
    std::map<QString, double> v =
        guiTestFigures("ui_gui_import", {work, QString::number(iterations)}, 2 * 60 * 60 * 1000,
                       {QStringLiteral("idle_ms"), QStringLiteral("run_ms"), QStringLiteral("cancel_ms"),
                        QStringLiteral("import_ms"), QStringLiteral("cancel_latency_ms"), QStringLiteral("open_ms"),
                        QStringLiteral("select_ms"), QStringLiteral("upgrade_ms"), QStringLiteral("saveas_ms")},
                       "gui figures");
    info("gui_stall: largest GUI-thread gap idle %.1f ms, run %.1f ms (%.1f s), cancel %.1f ms, import %.1f ms (%.1f s), "
         "select %.1f ms, upgrade of %.0f MB %.1f ms (%.1f s), Save As %.1f ms (%.1f s); File → Open of the recorded "
         "project %.1f ms",
         v["idle_ms"], v["run_ms"], v["run_s"], v["cancel_ms"], v["import_ms"], v["import_s"], v["select_ms"], v["big_mb"],
         v["upgrade_ms"], v["upgrade_s"], v["saveas_ms"], v["saveas_s"], v["open_ms"]);
    const double worst = std::max({v["run_ms"], v["cancel_ms"], v["import_ms"], v["select_ms"], v["upgrade_ms"], v["saveas_ms"]});
    line("gui_stall", worst, "ms", worst / std::max(v["idle_ms"], 1.0),
         QStringLiteral("largest gap between 5 ms ticks: run %1, cancel %2, import %3, select %4, upgrade %5, Save As %6 ms; "
                        "idle %7 ms")
             .arg(v["run_ms"], 0, 'f', 1).arg(v["cancel_ms"], 0, 'f', 1).arg(v["import_ms"], 0, 'f', 1)
             .arg(v["select_ms"], 0, 'f', 1).arg(v["upgrade_ms"], 0, 'f', 1).arg(v["saveas_ms"], 0, 'f', 1)
             .arg(v["idle_ms"], 0, 'f', 1));
    line("gui_big_files", std::max(v["upgrade_ms"], v["saveas_ms"]), "ms", std::max(v["upgrade_ms"], v["saveas_ms"]) / 100.0,
         QStringLiteral("largest gap while a %1 MB project is upgraded (%2 s) and saved as a copy (%3 s); ratio against the "
                        "100 ms goal")
             .arg(v["big_mb"], 0, 'f', 0).arg(v["upgrade_s"], 0, 'f', 1).arg(v["saveas_s"], 0, 'f', 1));
    line("cancel_latency", v["cancel_latency_ms"], "ms", v["cancel_latency_ms"] / 300.0,
         QStringLiteral("Cancel click → run finished, ResNet-50 on 4 devices; ratio against the 300 ms goal"));
    cfg.results["gui_stall"] = worst;
    QDir(work).removeRecursively();
}

} // namespace

NPUSCOPE_BENCH_FIGURE("gui", 60, guiFigures);
NPUSCOPE_BENCH_FIGURE("gui_tables", 61, tableFigures);
