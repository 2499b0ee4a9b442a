// GUI import of PROF directories: through the slot the menu uses (importPath, after its file
// dialogs) and by dropping a folder on the window; the result dialog lists every problem
// with its place; a bad, failed or cancelled import leaves the project as it was.
//
// `ui_gui_import --bench WORKDIR` is not a test: it measures how long the GUI thread can go
// without running its event loop (the largest gap between 5 ms timer ticks) while the main
// window records a long run, cancels one and imports a big PROF directory, plus the Cancel
// latency (click → workFinished). npuscope-bench (bench_gui.cpp) runs it and prints the
// figures; tests never assert on wall time.
#include "tests/test_files.h"
#include "tests/test_data.h"
#include "test_gui_support.h"

#include "core/exporting/prof_exporter.h"
#include "core/model/memory_trace.h"
#include "core/store/project_query.h"
#include "ui/import_result_dialog.h"
#include "ui/main_window.h"

#include <QDirIterator>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QThread>
#include <QTreeWidget>

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <execinfo.h>
#include <pthread.h>
#include <thread>
#include <unistd.h>
#include <sqlite3.h>

using namespace npuscope;

using guitest::dropOn;
using guitest::sessionsOf;
using testfiles::copyTree;

namespace {

QString referenceDir()
{
    return testdata::alexnet910();
}

// Events in every timeline JSON under `dir`, counted without the importer: the number the
// import must account for (the reference capture has no summary CSVs).
std::uint64_t countJsonEvents(const QString &dir)
{
    std::uint64_t n = 0;
    QDirIterator it(dir, {QStringLiteral("*.json")}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        QFile f(it.next());
        if (!f.open(QIODevice::ReadOnly))
            return 0;
        const QJsonDocument d = QJsonDocument::fromJson(f.readAll());
        n += d.isArray() ? d.array().size() : d.object().value(QStringLiteral("traceEvents")).toArray().size();
    }
    return n;
}

// A PROF directory exported from an emulated session: big enough that an import takes a
// while (for cancelling it mid-way, and for the responsiveness figures).
QString exportEmulated(const QString &outDir, int iterations, int devices)
{
    SessionSpec spec = guitest::runSpec(QStringLiteral("resnet50"), 32, iterations, devices);
    spec.seed = 5;
    ProfilingOptions opt;
    ProfilingOptions::parse(R"({"output":"/tmp/npuscope-test","training_trace":"on","task_trace":"on","hccl":"on"})", &opt);
    MemoryTrace trace;
    device::Emulator(spec, opt).run(trace);
    exporting::ExportRequest req;
    req.outputDir = outDir;
    req.kinds = {QStringLiteral("msprof")};
    exporting::ExportResult res;
    QString err;
    if (!exporting::exportProf(trace, req, &res, nullptr, &err))
        return {};
    return res.profDir;
}

// A shown main window and the project an import goes into.
struct ImportWindow {
    ui::MainWindow w;
    QSignalSpy finished{&w, &ui::MainWindow::importFinished}; // the imports' ends
    QString path;
    std::vector<store::SessionSummary> before; // the project's sessions before any import
};

} // namespace

class TestGuiImport : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;

    // A project with one emulated session, as a user would have before importing.
    QString projectWithOneSession(const QString &name)
    {
        return guitest::record(tmp_.filePath(name), QStringLiteral("lenet"), 2, 1);
    }

    // Shows iw's window with `name`, a new project of one session, open in it, and starts
    // the import of `source` into it when one is given; false when the project could not
    // be made or opened, or the import not started.
    bool openNewProject(ImportWindow &iw, const QString &name, const QString &source = {})
    {
        iw.path = projectWithOneSession(name);
        iw.before = sessionsOf(iw.path);
        iw.w.show();
        return !iw.path.isEmpty() && guitest::openProject(iw.w, iw.path) && (source.isEmpty() || iw.w.importPath(source, iw.path));
    }

    // The import into iw's project ended cancelled (the first import to end), and the project
    // holds its one session as before, which the explorer lists alone.
    static void checkCancelledAsBefore(ImportWindow &iw)
    {
        QVERIFY(iw.finished.count() == 1 || iw.finished.wait(60000));
        QCOMPARE(iw.finished.at(0).at(0).toString(), QStringLiteral("cancelled"));
        QVERIFY(iw.w.statusLabel()->text().contains(QStringLiteral("unchanged")));
        const auto after = sessionsOf(iw.path);
        QCOMPARE(after.size(), iw.before.size());
        QCOMPARE(after[0].id, iw.before[0].id);
        QCOMPARE(after[0].recordCount, iw.before[0].recordCount);
        QCOMPARE(iw.w.explorer()->topLevelItem(0)->childCount(), int(iw.before.size()));
    }

private Q_SLOTS:
    void initTestCase()
    {
        NPUSCOPE_REQUIRE_DATA(testdata::alexnet910Device0());
        guitest::isolateSettings();
    }

    void importsTheReferenceCapture()
    {
        ImportWindow iw;
        QVERIFY(openNewProject(iw, QStringLiteral("ref.npuscope")));
        auto &[w, finished, path, before] = iw;
        QCOMPARE(before.size(), size_t(1));
        QVERIFY(w.importAction()->isEnabled());
        QVERIFY(w.importPath(referenceDir(), path));
        QVERIFY(w.isImporting());
        QVERIFY(!w.importAction()->isEnabled());
        QVERIFY(w.cancelButton()->isVisible());
        // A run is refused while the import goes on (the message box is answered).
        guitest::whenShown<QMessageBox>([](QMessageBox *b) { b->accept(); });
        SessionSpec spec;
        spec.model = QStringLiteral("lenet");
        QVERIFY(!w.startRun(spec, ProfilingOptions(), path));
        QVERIFY(finished.count() == 1 || finished.wait(120000));
        QCOMPARE(finished.at(0).at(0).toString(), QStringLiteral("complete"));
        QVERIFY(!w.isImporting());
        QVERIFY(!w.cancelButton()->isVisible());

        // The project keeps its session and gains the import, with its report stored.
        const auto after = sessionsOf(path);
        QCOMPARE(after.size(), size_t(2));
        QCOMPARE(after[0].id, before[0].id);
        QCOMPARE(after[0].recordCount, before[0].recordCount);
        const store::SessionSummary &imported = after[1];
        QCOMPARE(imported.info.source, QStringLiteral("import"));
        QCOMPARE(imported.status, SessionStatus::Complete);
        QVERIFY(imported.recordCount > 0);
        store::StoreError err{};
        QString msg;
        auto project = store::Project::open(path, store::Project::Mode::ReadOnly, &err, &msg);
        QVERIFY2(project, qPrintable(msg));
        const auto note = store::importNote(*project, imported.id);
        QVERIFY(note);
        const std::uint64_t events = countJsonEvents(referenceDir());
        QVERIFY(events > 1000);
        QCOMPARE(note->items, events); // every event of every file was accounted for
        QCOMPARE(note->skipped, std::uint64_t(0));
        QCOMPARE(note->items, note->imported + note->duplicates + note->derived);
        QCOMPARE(note->source, QFileInfo(referenceDir()).canonicalFilePath());

        // The new session is selected in the explorer, with the stored record count.
        QCOMPARE(w.selection().sessionId, imported.id);
        QTreeWidgetItem *item = w.explorer()->currentItem();
        QVERIFY(item);
        QVERIFY(item->text(0).contains(imported.info.name));
        QCOMPARE(item->text(3), QLocale().toString(qulonglong(imported.recordCount)));
        QCOMPARE(w.explorer()->topLevelItem(0)->childCount(), 2);
        // The Overview shows where it came from and the counts.
        const QString overview = w.overview()->toPlainText();
        QVERIFY2(overview.contains(QStringLiteral("Imported from")), qPrintable(overview));
        QVERIFY(overview.contains(QDir::toNativeSeparators(note->source)));
        QVERIFY(overview.contains(QLocale().toString(qulonglong(note->imported))));

        // The result dialog says how many events went into which session, and no problems.
        ui::ImportResultDialog *dlg = w.importResultDialog();
        QVERIFY(dlg);
        QTRY_VERIFY(dlg->isVisible());
        QVERIFY(dlg->summaryLabel()->text().contains(QLocale().toString(qulonglong(note->imported))));
        QVERIFY(dlg->summaryLabel()->text().contains(QStringLiteral("session %1").arg(imported.id)));
        QCOMPARE(dlg->problemList()->topLevelItemCount(), 0);
        QVERIFY(!dlg->problemList()->isVisible());
        if (qEnvironmentVariableIsSet("NPUSCOPE_SHOW")) // a look under Xvfb: stays open a while
            QTest::qWait(qEnvironmentVariableIntValue("NPUSCOPE_SHOW"));
        dlg->close();
        QTRY_VERIFY(!w.importResultDialog());
    }

    void droppingAFolderImportsIt()
    {
        ImportWindow iw;
        QVERIFY(openNewProject(iw, QStringLiteral("drop.npuscope")));
        auto &[w, finished, path, before] = iw;
        // One device folder of the capture: the importer finds its PROF parent.
        const QString device = referenceDir() + QStringLiteral("/PROF_000001_20230818142704322_COJGGGCANRMICFBC/device_0");
        bool enter = false, drop = false;
        dropOn(&w, device, &enter, &drop);
        QVERIFY(enter);
        QVERIFY(drop);
        QVERIFY(finished.count() == 1 || finished.wait(120000));
        QCOMPARE(finished.at(0).at(0).toString(), QStringLiteral("complete"));
        const auto after = sessionsOf(path);
        QCOMPARE(after.size(), size_t(2));
        QCOMPARE(after[1].info.source, QStringLiteral("import"));
        QCOMPARE(w.selection().sessionId, after[1].id);
        QTRY_VERIFY(w.importResultDialog() && w.importResultDialog()->isVisible());
        w.importResultDialog()->close();

        // A plain file that is neither a project nor a folder is not taken.
        const QString text = tmp_.filePath(QStringLiteral("notes.txt"));
        QVERIFY(testfiles::writeFile(text, "x"));
        dropOn(&w, text, &enter, &drop);
        QVERIFY(!enter);
        QVERIFY(!w.isImporting());
    }

    void badInputShowsEveryProblemAndKeepsEarlierSessions()
    {
        // The capture with one timeline JSON cut in the middle of an event.
        const QString bad = tmp_.filePath(QStringLiteral("bad"));
        const QString prof = QStringLiteral("PROF_000001_20230818142704322_COJGGGCANRMICFBC");
        QVERIFY(copyTree(referenceDir() + QLatin1Char('/') + prof, bad + QLatin1Char('/') + prof));
        const QString cut = bad + QLatin1Char('/') + prof + QStringLiteral("/device_0/timeline/msprof_0_2_3.json");
        QFile f(cut);
        QVERIFY(f.open(QIODevice::ReadWrite));
        const qint64 size = f.size();
        QVERIFY(size > 1000);
        QVERIFY(f.resize(size / 2));
        f.close();

        ImportWindow iw;
        QVERIFY(openNewProject(iw, QStringLiteral("bad.npuscope")));
        auto &[w, finished, path, before] = iw;
        // The dialog is closed by a timer, as a user would after reading it.
        bool sawProblem = false;
        int rows = 0;
        guitest::whenShown<ui::ImportResultDialog>([&](ui::ImportResultDialog *d) {
            rows = d->problemList()->topLevelItemCount();
            for (int i = 0; i < rows; ++i) {
                const QTreeWidgetItem *it = d->problemList()->topLevelItem(i);
                if (it->text(0) == QStringLiteral("msprof_0_2_3.json") && !it->text(1).isEmpty()
                    && !it->text(2).isEmpty() && !it->text(3).isEmpty())
                    sawProblem = true;
            }
            QVERIFY(d->problemsText().contains(QStringLiteral("device_0/timeline/msprof_0_2_3.json:")));
            QVERIFY(d->detailLabel()->text().contains(QStringLiteral("device_0/timeline/msprof_0_2_3.json:")));
            QTimer::singleShot(qEnvironmentVariableIntValue("NPUSCOPE_SHOW"), d, &QDialog::close);
        });
        QVERIFY(w.importPath(bad, path));
        QVERIFY(finished.count() == 1 || finished.wait(120000));
        // What is sound is imported; the cut file is named with its place.
        QCOMPARE(finished.at(0).at(0).toString(), QStringLiteral("complete"));
        QTRY_VERIFY(rows > 0);
        QVERIFY(sawProblem);
        QTRY_VERIFY(!w.importResultDialog());

        const auto after = sessionsOf(path);
        QCOMPARE(after.size(), before.size() + 1);
        QCOMPARE(after[0].id, before[0].id);
        QCOMPARE(after[0].recordCount, before[0].recordCount);
        store::StoreError err{};
        QString msg;
        auto project = store::Project::open(path, store::Project::Mode::ReadOnly, &err, &msg);
        const auto note = store::importNote(*project, after[1].id);
        QVERIFY(note);
        QCOMPARE(int(note->problems.size()), rows);
        // The events after the cut do not exist for the importer; the rest balance.
        QVERIFY(note->items < countJsonEvents(referenceDir()));
        QCOMPARE(note->items, note->imported + note->duplicates + note->derived + note->skipped);
        // The Overview of the imported session lists the first problems too.
        QVERIFY(w.overview()->toPlainText().contains(QStringLiteral("msprof_0_2_3.json")));
    }

    void failedImportLeavesNothingBehind()
    {
        // A folder without profiling data: nothing is imported.
        const QString empty = tmp_.filePath(QStringLiteral("empty"));
        QVERIFY(QDir().mkpath(empty + QStringLiteral("/some/where")));
        ImportWindow iw;
        QVERIFY(openNewProject(iw, QStringLiteral("fail.npuscope"), empty));
        auto &[w, finished, path, before] = iw;
        QVERIFY(finished.count() == 1 || finished.wait(60000));
        QCOMPARE(finished.at(0).at(0).toString(), QStringLiteral("failed"));
        QVERIFY(finished.at(0).at(1).toString().contains(QStringLiteral("holds no profiler output NPU Scope can read")));
        QTRY_VERIFY(w.importResultDialog() && w.importResultDialog()->isVisible());
        QVERIFY(w.importResultDialog()->summaryLabel()->text().contains(QStringLiteral("unchanged")));
        w.importResultDialog()->close();
        const auto after = sessionsOf(path);
        QCOMPARE(after.size(), before.size());
        QCOMPARE(after[0].recordCount, before[0].recordCount);

        // Into a new project file: no empty project stays behind.
        const QString fresh = tmp_.filePath(QStringLiteral("fresh.npuscope"));
        QVERIFY(w.importPath(empty, fresh));
        QVERIFY(finished.count() == 2 || finished.wait(60000));
        QCOMPARE(finished.at(1).at(0).toString(), QStringLiteral("failed"));
        QVERIFY(!QFileInfo::exists(fresh));
        QTRY_VERIFY(w.importResultDialog());
        w.importResultDialog()->close();

        // A folder that does not exist is refused at once, with a sentence.
        guitest::whenShown<QMessageBox>([](QMessageBox *b) {
            QVERIFY(b->text().contains(QStringLiteral("does not exist")));
            b->accept();
        });
        QVERIFY(!w.importPath(tmp_.filePath(QStringLiteral("nowhere")), path));
    }

    void cancelMidImportLeavesTheProjectAsItWas()
    {
        const QString prof = exportEmulated(tmp_.filePath(QStringLiteral("big")), 24, 2);
        QVERIFY(!prof.isEmpty());
        ImportWindow iw;
        QVERIFY(openNewProject(iw, QStringLiteral("cancel.npuscope"), prof));
        auto &[w, finished, path, before] = iw;
        // Mid-way: the import's session exists in the file and has records committed.
        QTRY_VERIFY_WITH_TIMEOUT(sessionsOf(path).size() == before.size() + 1 && sessionsOf(path).back().recordCount > 0,
                                 60000);
        QVERIFY2(finished.isEmpty(), "the import ended before it could be cancelled; make the input bigger");
        QTest::mouseClick(w.cancelButton(), Qt::LeftButton);
        QVERIFY(w.statusLabel()->text().contains(QStringLiteral("Cancelling")));
        checkCancelledAsBefore(iw);
        if (QTest::currentTestFailed())
            return;
        QVERIFY(!w.importResultDialog()); // the status line says it; nothing to read in a dialog
        QCOMPARE(sessionsOf(path)[0].taskCount, before[0].taskCount);

        // Cancelling into a new project removes the file it made.
        const QString fresh = tmp_.filePath(QStringLiteral("fresh-cancel.npuscope"));
        QVERIFY(w.importPath(prof, fresh));
        QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(fresh) && !sessionsOf(fresh).empty(), 60000);
        w.cancelWork();
        QVERIFY(finished.count() == 2 || finished.wait(60000));
        QCOMPARE(finished.at(1).at(0).toString(), QStringLiteral("cancelled"));
        QVERIFY(!QFileInfo::exists(fresh));
        QVERIFY(!QFileInfo::exists(fresh + QStringLiteral("-wal")));
    }

    void cancelAfterTheLastRecordStillCancels()
    {
        // The import has stored everything and ended its session, but the window has not
        // heard of it yet (its event loop is held here): a cancel now still leaves the
        // project as it was.
        const QString prof = exportEmulated(tmp_.filePath(QStringLiteral("late")), 2, 1);
        QVERIFY(!prof.isEmpty());
        ImportWindow iw;
        QVERIFY(openNewProject(iw, QStringLiteral("late.npuscope"), prof));
        auto &[w, finished, path, before] = iw;
        QElapsedTimer waited;
        waited.start();
        auto ended = [&iw] {
            const auto now = sessionsOf(iw.path);
            return now.size() == iw.before.size() + 1 && now.back().status == SessionStatus::Complete;
        };
        while (!ended() && waited.elapsed() < 60000)
            QThread::msleep(20); // no events: the import's result waits in the queue
        QVERIFY(ended());
        QVERIFY(finished.isEmpty());
        w.cancelWork();
        checkCancelledAsBefore(iw);
        QVERIFY(!w.isImporting());
    }
};

namespace {

// The largest gap between ticks of a 5 ms timer on the GUI thread: how long the window
// could not react to anything.
class StallMeter : public QObject {
public:
    StallMeter()
    {
        timer_.setInterval(5);
        timer_.setTimerType(Qt::PreciseTimer);
        QObject::connect(&timer_, &QTimer::timeout, this, [this] {
            const qint64 now = clock_.nsecsElapsed();
            max_ = std::max(max_, now - last_);
            last_ = now;
        });
        clock_.start();
    }
    void start()
    {
        max_ = 0;
        last_ = clock_.nsecsElapsed();
        timer_.start();
    }
    double stopMs()
    {
        timer_.stop();
        max_ = std::max(max_, clock_.nsecsElapsed() - last_);
        return max_ / 1e6;
    }

private:
    QTimer timer_;
    QElapsedTimer clock_;
    qint64 last_ = 0, max_ = 0;
};

void say(const char *key, double v)
{
    std::printf("%s %.3f\n", key, v);
    std::fflush(stdout);
}

// A project of at least `bytes` written by the previous schema: the real schema-2 run of
// tests/data/store with its tasks copied again and again one iteration span later (the
// shape a long recording of that version has), checkpointed into the main file.
bool growOldProject(const QString &path, qint64 bytes)
{
    QFile::remove(path);
    if (!QFile::copy(QStringLiteral(NPUSCOPE_SOURCE_DIR "/tests/data/store/v2-run.npuscope"), path)
        || !QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner))
        return false;
    sqlite3 *db = nullptr;
    if (sqlite3_open(QFile::encodeName(path).constData(), &db) != SQLITE_OK)
        return false;
    auto scalar = [db](const char *sql) {
        sqlite3_stmt *s = nullptr;
        qint64 v = -1;
        if (sqlite3_prepare_v2(db, sql, -1, &s, nullptr) == SQLITE_OK && sqlite3_step(s) == SQLITE_ROW)
            v = sqlite3_column_int64(s, 0);
        sqlite3_finalize(s);
        return v;
    };
    bool ok = true;
    while (ok && scalar("PRAGMA page_count") * scalar("PRAGMA page_size") < bytes) {
        const qint64 iterations = scalar("SELECT MAX(iteration) FROM tasks");
        const qint64 span = scalar("SELECT MAX(start + duration) - MIN(start) + 1 FROM tasks");
        const QByteArray sql = QStringLiteral(
            "INSERT INTO tasks(session, device, model, iteration, stream, task_id, batch_id, type, start, duration, "
            "pending, op, name, total_cycles, l2_hit, l2_victim) "
            "SELECT session, device, model, iteration + %1, stream, task_id, batch_id, type, start + %2, duration, "
            "pending, op, name, total_cycles, l2_hit, l2_victim FROM tasks ORDER BY id")
                                   .arg(iterations).arg(span).toUtf8();
        ok = sqlite3_exec(db, sql.constData(), nullptr, nullptr, nullptr) == SQLITE_OK
             && sqlite3_exec(db, "PRAGMA wal_checkpoint(TRUNCATE)", nullptr, nullptr, nullptr) == SQLITE_OK;
    }
    if (!ok)
        std::fprintf(stderr, "gui_stall: growing %s: %s\n", qPrintable(path), sqlite3_errmsg(db));
    sqlite3_close(db);
    return ok;
}

int bench(const QString &work, int runIterations)
{
    QDir().mkpath(work);
    guitest::isolateSettings();
    std::fprintf(stderr, "gui_stall: exporting the import input…\n");
    const QString prof = exportEmulated(work + QStringLiteral("/prof"), 60, 2);
    if (prof.isEmpty())
        return 1;
    ui::MainWindow w;
    w.show();
    StallMeter meter;
    QTest::qWait(500);

    meter.start();
    QTest::qWait(2000);
    say("idle_ms", meter.stopMs());

    SessionSpec spec = guitest::benchSpec(runIterations, 4);
    const ProfilingOptions opt = guitest::benchOptions();
    QSignalSpy runs(&w, &ui::MainWindow::workFinished);
    QElapsedTimer t;
    t.start();
    meter.start();
    if (!w.startRun(spec, opt, work + QStringLiteral("/run.npuscope")))
        return 1;
    // The user looks around while it records: the session item, a device, then the project.
    QTimer::singleShot(3000, &w, [&w] {
        if (QTreeWidgetItem *root = w.explorer()->topLevelItem(0); root && root->childCount())
            w.explorer()->setCurrentItem(root->child(0));
    });
    if (!runs.wait(3600 * 1000))
        return 1;
    say("run_ms", meter.stopMs());
    if (runs.at(0).at(0).toString() != QLatin1String("complete")) {
        std::fprintf(stderr, "gui_stall: the run ended %s: %s\n", qPrintable(runs.at(0).at(0).toString()),
                     qPrintable(runs.at(0).at(1).toString()));
        return 1;
    }
    say("run_s", t.elapsed() / 1000.0);

    // Cancel a second run after it has recorded a while (asked for far more iterations than
    // 6 s can record, so Cancel always meets it running): latency and stall.
    spec.iterations = 100000;
    meter.start();
    if (!w.startRun(spec, opt, work + QStringLiteral("/cancel.npuscope")))
        return 1;
    QTest::qWait(6000);
    const double beforeCancel = meter.stopMs();
    meter.start();
    t.restart();
    QTest::mouseClick(w.cancelButton(), Qt::LeftButton);
    if (runs.count() < 2 && !runs.wait(600 * 1000))
        return 1;
    say("cancel_latency_ms", t.nsecsElapsed() / 1e6);
    if (runs.at(1).at(0).toString() != QLatin1String("cancelled")) {
        std::fprintf(stderr, "gui_stall: the run to cancel ended %s\n", qPrintable(runs.at(1).at(0).toString()));
        return 1;
    }
    say("cancel_ms", std::max(beforeCancel, meter.stopMs()));

    QSignalSpy imports(&w, &ui::MainWindow::importFinished);
    meter.start();
    t.restart();
    if (!w.importPath(prof, work + QStringLiteral("/import.npuscope")))
        return 1;
    if (!imports.wait(3600 * 1000))
        return 1;
    say("import_ms", meter.stopMs());
    say("import_s", t.elapsed() / 1000.0);
    if (w.importResultDialog())
        w.importResultDialog()->close();

    // Open the recorded project (its full check is the one wait the user asked for), then
    // look around it: select the session, visit every view tab, select a device.
    meter.start();
    if (!guitest::openProject(w, work + QStringLiteral("/run.npuscope")))
        return 1;
    say("open_ms", meter.stopMs());
    QTest::qWait(300);
    meter.start();
    QTreeWidgetItem *root = w.explorer()->topLevelItem(0);
    if (!root || !root->childCount())
        return 1;
    w.explorer()->setCurrentItem(root->child(0));
    QTest::qWait(1500);
    for (int i = 0; i < w.views()->count(); ++i) {
        w.views()->setCurrentIndex(i);
        QTest::qWait(1500);
    }
    w.views()->setCurrentIndex(0);
    root->child(0)->setExpanded(true);
    QTest::qWait(300);
    if (root->child(0)->childCount())
        w.explorer()->setCurrentItem(root->child(0)->child(0));
    QTest::qWait(1500);
    say("select_ms", meter.stopMs());

    // File → Open of a project of the previous version of 1 GB or more: Yes to the upgrade
    // (a durable copy of the whole file, then the migration), then its check; then Save As
    // of it (a copy of the whole file) and the check of the copy.
    std::fprintf(stderr, "gui_stall: growing a schema-2 project to 1 GB…\n");
    const QString big = work + QStringLiteral("/old-1gb.npuscope");
    if (!growOldProject(big, 1'050'000'000))
        return 1;
    say("big_mb", QFileInfo(big).size() / 1e6);
    guitest::whenShown<QMessageBox>([](QMessageBox *box) { box->button(QMessageBox::Yes)->click(); },
                                    [](QMessageBox *box) { return box->standardButtons() & QMessageBox::Yes; }, 30000);
    meter.start();
    t.restart();
    if (!guitest::openProject(w, big, 3600 * 1000))
        return 1;
    say("upgrade_ms", meter.stopMs());
    say("upgrade_s", t.elapsed() / 1000.0);
    QTest::qWait(300);
    meter.start();
    t.restart();
    if (!guitest::saveProjectAs(w, work + QStringLiteral("/copy-1gb.npuscope"), 3600 * 1000))
        return 1;
    say("saveas_ms", meter.stopMs());
    say("saveas_s", t.elapsed() / 1000.0);
    return 0;
}

} // namespace

// In bench mode (NPUSCOPE_BENCH_STALLS set), every event delivery on the GUI thread that
// takes longer than 30 ms is named on stderr (receiver class and object name, event type),
// and a watchdog thread prints the GUI thread's stack every 25 ms while one delivery runs
// past 40 ms: a queued call (event 43) names no receiver worth knowing, its stack does.
// Resolve the frames with addr2line -f -C -e <binary> <offset>.
namespace {
std::atomic<qint64> deliveryStartedNs{0};
std::atomic<std::uint64_t> deliveryCount{0};
pthread_t guiThread;

void printStack(int)
{
    void *frames[48];
    const int n = backtrace(frames, 48);
    static const char mark[] = "--- GUI thread stack during a long delivery\n";
    [[maybe_unused]] const auto w = ::write(STDERR_FILENO, mark, sizeof mark - 1);
    backtrace_symbols_fd(frames, n, STDERR_FILENO);
}
} // namespace

class TimedApplication : public QApplication {
public:
    using QApplication::QApplication;
    bool report = false;
    ~TimedApplication() override
    {
        stop_ = true;
        if (watchdog_.joinable())
            watchdog_.join();
    }
    void startWatchdog()
    {
        guiThread = pthread_self();
        std::signal(SIGUSR2, printStack);
        clock_.start();
        watchdog_ = std::thread([this] {
            std::uint64_t sampled = 0;
            qint64 lastSampleNs = 0;
            while (!stop_) {
                std::this_thread::sleep_for(std::chrono::milliseconds(5));
                const qint64 started = deliveryStartedNs.load();
                const qint64 now = clock_.nsecsElapsed();
                if (started == 0 || now - started < 40'000'000)
                    continue;
                const std::uint64_t id = deliveryCount.load();
                if (id != sampled || now - lastSampleNs >= 25'000'000) {
                    sampled = id;
                    lastSampleNs = now;
                    pthread_kill(guiThread, SIGUSR2);
                }
            }
        });
    }
    bool notify(QObject *receiver, QEvent *e) override
    {
        if (!report || depth_ > 0)
            return QApplication::notify(receiver, e);
        ++depth_;
        ++deliveryCount;
        deliveryStartedNs = std::max<qint64>(1, clock_.nsecsElapsed());
        QElapsedTimer t;
        t.start();
        const int type = e->type();
        const QByteArray cls = receiver->metaObject()->className();
        const QString name = receiver->objectName();
        const QString parentCls = receiver->parent() ? QString::fromLatin1(receiver->parent()->metaObject()->className()) : QString();
        const bool r = QApplication::notify(receiver, e);
        deliveryStartedNs = 0;
        --depth_;
        if (const qint64 ms = t.elapsed(); ms > 30)
            std::fprintf(stderr, "stall %lld ms: event %d to %s '%s' (parent %s)\n", static_cast<long long>(ms), type,
                         cls.constData(), qPrintable(name), qPrintable(parentCls));
        return r;
    }

private:
    int depth_ = 0;
    QElapsedTimer clock_;
    std::atomic_bool stop_{false};
    std::thread watchdog_;
};

int main(int argc, char **argv)
{
    TimedApplication app(argc, argv);
    app.report = qEnvironmentVariableIsSet("NPUSCOPE_BENCH_STALLS");
    if (app.report)
        app.startWatchdog();
    const QStringList args = app.arguments();
    if (const qsizetype i = args.indexOf(QStringLiteral("--bench")); i >= 0 && i + 1 < args.size())
        return bench(args.at(i + 1), args.size() > i + 2 ? args.at(i + 2).toInt() : 400);
    TestGuiImport t;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&t, argc, argv);
}

#include "test_gui_import.moc"
