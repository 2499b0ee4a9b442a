// The SQL tab on a real recorded project, offscreen: a query's rows in the table (sorting
// numbers as numbers), Ctrl+Enter runs, a bad query shows an inline error and keeps the
// last result, a write is refused and changes nothing, Cancel interrupts a never-ending
// recursive query, truncation is announced, the schema tree lists the project's tables
// (double-click inserts), every example query runs on the real schema.
#include "core/store/project.h"
#include "core/store/sql_console.h"
#include "device/emulator.h"
#include "test_gui_support.h"
#include "ui/main_window.h"
#include "ui/views/sql_result_model.h"
#include "ui/views/sql_view.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QClipboard>
#include <QApplication>
#include <QSignalSpy>
#include <QItemSelectionModel>
#include <QFile>
#include <QtTest>
#include <sqlite3.h>

#include "tests/test_sql.h"

using namespace npuscope;
using npuscope::ui::SqlView;

namespace {

// Counted with a connection of the test's own, not through the console under test.
qint64 count(const QString &path, const char *sql)
{
    return testsql::scalar(path, sql);
}

} // namespace

class SqlViewTest : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString path_;

    bool run(SqlView &view, const QString &sql)
    {
        QSignalSpy done(&view, &SqlView::queryFinished);
        view.setQuery(sql);
        view.runQuery();
        if (!view.waitForIdle(60000) || done.count() != 1)
            return false;
        return done.front().front().toBool();
    }

private slots:
    void initTestCase()
    {
        guitest::isolateSettings();
        QVERIFY(dir_.isValid());
        path_ = guitest::record(dir_.filePath(QStringLiteral("q.npuscope")), QStringLiteral("lenet"), 2, 2);
        QVERIFY(!path_.isEmpty());
    }

    void queryShowsRows()
    {
        SqlView view;
        QAbstractItemModelTester tester(view.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        view.show();
        view.setProject(path_);
        QVERIFY(run(view, QStringLiteral("SELECT device, iteration, stream, duration FROM tasks ORDER BY id")));
        const qint64 tasks = count(path_, "SELECT count(*) FROM tasks");
        QVERIFY(tasks > 0);
        QCOMPARE(view.model()->rowCount(), int(tasks));
        QCOMPARE(view.model()->columnCount(), 4);
        QCOMPARE(view.model()->headerData(3, Qt::Horizontal).toString(), QStringLiteral("duration"));
        QVERIFY(view.errorText().isEmpty());
        QVERIFY(view.errorLabel()->isHidden());
        QVERIFY2(view.statusLabel()->text().startsWith(QStringLiteral("%1 rows · ").arg(QLocale().toString(tasks))),
                 qPrintable(view.statusLabel()->text()));
        QVERIFY(view.truncatedLabel()->isHidden());
    }

    void numbersSortAsNumbers()
    {
        SqlView view;
        QAbstractItemModelTester tester(view.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        view.show();
        view.setProject(path_);
        QVERIFY(run(view, QStringLiteral("SELECT column1 AS v, column2 AS t FROM (VALUES (10, 'b'), (9, 'a'), (100, NULL), (2.5, 'c'))")));
        // The query's own order first.
        QCOMPARE(view.model()->index(0, 0).data().toString(), QStringLiteral("10"));
        view.table()->sortByColumn(0, Qt::AscendingOrder);
        QStringList got;
        for (int r = 0; r < view.model()->rowCount(); ++r)
            got << view.model()->index(r, 0).data().toString();
        QCOMPARE(got, (QStringList{QStringLiteral("2.5"), QStringLiteral("9"), QStringLiteral("10"), QStringLiteral("100")}));
        view.table()->sortByColumn(0, Qt::DescendingOrder);
        QCOMPARE(view.model()->index(0, 0).data().toString(), QStringLiteral("100"));
        // NULL sorts first, like SQLite's ORDER BY, and reads NULL.
        view.table()->sortByColumn(1, Qt::AscendingOrder);
        QCOMPARE(view.model()->index(0, 1).data().toString(), QStringLiteral("NULL"));
        QCOMPARE(view.model()->index(1, 1).data().toString(), QStringLiteral("a"));
    }

    void ctrlEnterRuns()
    {
        SqlView view;
        view.show();
        view.setProject(path_);
        view.setQuery(QStringLiteral("SELECT count(*) AS n FROM sessions"));
        QSignalSpy done(&view, &SqlView::queryFinished);
        QTest::keyClick(view.editor(), Qt::Key_Return, Qt::ControlModifier);
        QVERIFY(view.waitForIdle(60000));
        QCOMPARE(done.count(), 1);
        QCOMPARE(view.model()->index(0, 0).data().toLongLong(), 1LL);
        // A plain Return is a line break in the editor, not a run.
        QTest::keyClick(view.editor(), Qt::Key_Return);
        QCOMPARE(done.count(), 1);
        QVERIFY(view.query().endsWith(QLatin1Char('\n')));
    }

    void badQueryShowsInlineError()
    {
        SqlView view;
        view.show();
        view.setProject(path_);
        QVERIFY(run(view, QStringLiteral("SELECT id FROM sessions")));
        QVERIFY(!run(view, QStringLiteral("SELEC id FROM sessions")));
        QVERIFY(!view.errorText().isEmpty());
        QVERIFY(view.errorLabel()->isVisible());
        QVERIFY(view.errorLabel()->styleSheet().contains(QStringLiteral("#c62828")));
        QVERIFY2(view.errorText().contains(QStringLiteral("syntax")), qPrintable(view.errorText()));
        // The earlier rows go with the failed query: they would read as its answer.
        QCOMPARE(view.model()->rowCount(), 0);
        QCOMPARE(view.model()->columnCount(), 0);
        QVERIFY2(!view.statusLabel()->text().contains(QStringLiteral("row")), qPrintable(view.statusLabel()->text()));
        QVERIFY(!view.copyButton()->isEnabled() && !view.exportButton()->isEnabled());
        QVERIFY(!run(view, QStringLiteral("SELECT nope FROM sessions")));
        QVERIFY2(view.errorText().contains(QStringLiteral("nope")), qPrintable(view.errorText()));
        // A good query clears the error.
        QVERIFY(run(view, QStringLiteral("SELECT 1")));
        QVERIFY(view.errorText().isEmpty());
        QVERIFY(view.errorLabel()->isHidden());
    }

    void writeRefused()
    {
        const qint64 before = count(path_, "SELECT count(*) FROM tasks");
        SqlView view;
        view.show();
        view.setProject(path_);
        for (const char *sql : {"DELETE FROM tasks", "UPDATE sessions SET name = 'x'", "DROP TABLE tasks",
                                "CREATE TABLE t(x)", "PRAGMA user_version = 99"}) {
            QVERIFY2(!run(view, QString::fromLatin1(sql)), sql);
            QVERIFY2(!view.errorText().isEmpty(), sql);
        }
        QCOMPARE(count(path_, "SELECT count(*) FROM tasks"), before);
        QCOMPARE(count(path_, "SELECT count(*) FROM sessions WHERE name = 'x'"), 0LL);
        QVERIFY(count(path_, "PRAGMA user_version") != 99); // a version no NPU Scope writes
        // The project still opens as a project.
        store::StoreError e;
        QString msg;
        QVERIFY2(store::Project::open(path_, store::Project::Mode::ReadOnly, &e, &msg), qPrintable(msg));
    }

    void cancelInterrupts()
    {
        SqlView view;
        view.show();
        view.setProject(path_);
        view.setQuery(QStringLiteral("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c"));
        QSignalSpy done(&view, &SqlView::queryFinished);
        view.runQuery();
        QVERIFY(view.isRunning());
        QVERIFY(!view.runButton()->isEnabled());
        QVERIFY(view.cancelButton()->isEnabled());
        QTest::qWait(200);
        QVERIFY(view.isRunning()); // never ends on its own
        QTest::mouseClick(view.cancelButton(), Qt::LeftButton);
        QVERIFY(view.waitForIdle(10000));
        QCOMPARE(done.count(), 1);
        QCOMPARE(done.front().front().toBool(), false);
        QVERIFY2(view.errorText().contains(QStringLiteral("interrupted"), Qt::CaseInsensitive), qPrintable(view.errorText()));
        QVERIFY(view.runButton()->isEnabled());
        QVERIFY(!view.cancelButton()->isEnabled());
        // The next query runs normally.
        QVERIFY(run(view, QStringLiteral("SELECT 2")));
        QCOMPARE(view.model()->index(0, 0).data().toLongLong(), 2LL);
    }

    // Destroying the view while a query runs interrupts it and returns.
    void destroyWhileRunning()
    {
        auto *view = new SqlView;
        view->setProject(path_);
        view->setQuery(QStringLiteral("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT max(x) FROM c"));
        view->runQuery();
        QVERIFY(view->isRunning());
        delete view;
    }

    // Switching to another project while a query runs never waits for that query on the GUI
    // thread: it is cancelled and its result never shows; the new project's queries run.
    void switchingProjectsDoesNotWaitForTheRunningQuery()
    {
        const QString other = guitest::record(dir_.filePath(QStringLiteral("other.npuscope")), QStringLiteral("lenet"), 1, 1);
        QVERIFY(!other.isEmpty());
        SqlView view;
        view.show();
        view.setProject(path_);
        std::atomic_bool entered{false}, release{false}, left{false};
        view.setBeforeQueryHook([&] {
            entered = true;
            for (int i = 0; i < 20000 && !release; ++i)
                QThread::msleep(1);
            left = true;
        });
        QSignalSpy done(&view, &SqlView::queryFinished);
        view.setQuery(QStringLiteral("SELECT COUNT(*) FROM tasks"));
        view.runQuery();
        QDeadlineTimer deadline(20000);
        while (!entered && !deadline.hasExpired())
            QThread::msleep(1);
        QVERIFY(entered.load());
        view.setProject(other);
        QVERIFY2(!left.load(), "setProject waited for the running query");
        QVERIFY(!view.isRunning());
        release = true;
        view.setBeforeQueryHook({});
        QVERIFY(run(view, QStringLiteral("SELECT COUNT(*) FROM sessions")));
        QCOMPARE(done.count(), 1); // the first query's result was dropped
        QCOMPARE(view.model()->index(0, 0).data().toLongLong(), 1LL);
    }

    void truncatedIsAnnounced()
    {
        SqlView view;
        view.show();
        view.setProject(path_);
        view.setMaxRows(5);
        QVERIFY(run(view, QStringLiteral("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 20) SELECT x FROM c")));
        QCOMPARE(view.model()->rowCount(), 5);
        QVERIFY(view.truncatedLabel()->isVisible());
        QVERIFY2(view.truncatedLabel()->text().startsWith(QStringLiteral("Truncated at 5 rows (20 in total)")),
                 qPrintable(view.truncatedLabel()->text()));
        QVERIFY(run(view, QStringLiteral("SELECT 1")));
        QVERIFY(view.truncatedLabel()->isHidden());
    }

    // Copy puts the selection (or everything) on the clipboard as tab-separated text with
    // the column names; Export runs the query again and writes every row, past the row
    // limit, to a CSV file, with the spreadsheet formula guard on text.
    void copyAndExport()
    {
        SqlView view;
        view.show();
        view.setProject(path_);
        view.setMaxRows(5);
        const QString sql = QStringLiteral("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 20) "
                                           "SELECT x, CASE x WHEN 3 THEN '=HYPERLINK(1)' ELSE 'op ' || x END AS name, x * 0.5 AS half FROM c");
        QVERIFY(run(view, sql));
        QCOMPARE(view.model()->rowCount(), 5);
        QVERIFY(view.copyButton()->isEnabled() && view.exportButton()->isEnabled());
        view.copyButton()->click();
        QString clip = QApplication::clipboard()->text();
        QStringList lines = clip.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 6); // header + the 5 rows shown
        QCOMPARE(lines.first(), QStringLiteral("x\tname\thalf"));
        QVERIFY2(lines.at(1).startsWith(QStringLiteral("1\top 1\t")), qPrintable(lines.at(1)));
        // A selection: only its cells, under their column names.
        view.table()->selectionModel()->select(view.model()->index(1, 1), QItemSelectionModel::ClearAndSelect);
        view.table()->selectionModel()->select(view.model()->index(2, 1), QItemSelectionModel::Select);
        lines = view.selectionText().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines, (QStringList{QStringLiteral("name"), QStringLiteral("op 2"), QStringLiteral("=HYPERLINK(1)")}));

        const QString csv = dir_.filePath(QStringLiteral("result.csv"));
        QSignalSpy done(&view, &SqlView::exportFinished);
        QVERIFY(view.exportCsv(csv));
        QVERIFY(done.wait(60000));
        QVERIFY2(done.at(0).at(0).toBool(), qPrintable(done.at(0).at(1).toString()));
        QFile f(csv);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QStringList rows = QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(rows.size(), 21); // every row, not the 5 kept
        QCOMPARE(rows.first(), QStringLiteral("x,name,half"));
        QCOMPARE(rows.at(1), QStringLiteral("1,op 1,0.5"));
        QCOMPARE(rows.at(3), QStringLiteral("3,'=HYPERLINK(1),1.5"));
        QVERIFY2(view.statusLabel()->text().contains(QStringLiteral("20 rows exported")), qPrintable(view.statusLabel()->text()));

        // A place that cannot be written: a sentence, no file, the result still shown.
        const QString bad = dir_.filePath(QStringLiteral("no/such/folder/result.csv"));
        done.clear();
        QVERIFY(view.exportCsv(bad));
        QVERIFY(done.wait(60000));
        QVERIFY(!done.at(0).at(0).toBool());
        QVERIFY(!QFile::exists(bad));
        QVERIFY2(view.errorText().contains(QStringLiteral("not exported")), qPrintable(view.errorText()));
        QCOMPARE(view.model()->rowCount(), 5);
    }

    // The console's views answer "time per op type" without joins, and agree with the
    // tables they read.
    void viewsAnswerWithoutJoins()
    {
        SqlView view;
        view.show();
        view.setProject(path_);
        QVERIFY(run(view, QStringLiteral("SELECT op_type, SUM(duration) FROM task_view WHERE op_type IS NOT NULL GROUP BY 1 ORDER BY 1")));
        const int groups = view.model()->rowCount();
        QVERIFY(groups > 0);
        QCOMPARE(qint64(groups), count(path_, "SELECT COUNT(DISTINCT o.op_type) FROM tasks t JOIN ops o ON o.session = t.session AND o.id = t.op"));
        // op_time_view: the same totals per op type, aggregated per op before the join.
        QVERIFY(run(view, QStringLiteral("SELECT op_type, SUM(duration), COUNT(*) FROM task_view WHERE op_type IS NOT NULL GROUP BY 1 ORDER BY 1")));
        const auto perTask = view.model()->result().rows;
        QVERIFY(run(view, QStringLiteral("SELECT op_type, SUM(total_ns), SUM(tasks) FROM op_time_view WHERE op_type IS NOT NULL GROUP BY 1 ORDER BY 1")));
        QCOMPARE(view.model()->result().rows, perTask);
        // The "Task time per op type" example reads task_op_totals (what op_time_view reads
        // too) and gives the same figures.
        QString example;
        for (int i = 0; i < view.examples()->count(); ++i)
            if (view.examples()->itemText(i).startsWith(QLatin1String("Task time per op type")))
                example = view.examples()->itemData(i).toString();
        QVERIFY(example.contains(QLatin1String("task_op_totals")));
        QVERIFY(run(view, example));
        QCOMPARE(view.model()->rowCount(), int(perTask.size()));
        qint64 total = 0;
        for (const auto &r : view.model()->result().rows)
            total += r.at(3).toLongLong();
        QCOMPARE(total, count(path_, "SELECT SUM(t.duration) FROM tasks t JOIN ops o ON o.session = t.session AND o.id = t.op "
                                     "JOIN strings s ON s.session = o.session AND s.id = o.op_type"));
        // task_op_totals on this recorded session: the rows of the GROUP BY over tasks, in order.
        QVERIFY(run(view, QStringLiteral("SELECT session, device, type, op, COUNT(*), SUM(duration), MIN(duration), MAX(duration) "
                                         "FROM tasks GROUP BY session, device, type, op ORDER BY 1, 2, 3, 4")));
        const auto grouped = view.model()->result().rows;
        QVERIFY(grouped.size() > 10);
        QVERIFY(run(view, QStringLiteral("SELECT * FROM task_op_totals")));
        QCOMPARE(view.model()->result().rows, grouped);
        QVERIFY(run(view, QStringLiteral("SELECT COUNT(*), SUM(duration) FROM task_view")));
        QCOMPARE(view.model()->index(0, 0).data().toLongLong() > 0, true);
        QCOMPARE(view.model()->result().rows.at(0).at(0).toLongLong(), count(path_, "SELECT COUNT(*) FROM tasks"));
        QCOMPARE(view.model()->result().rows.at(0).at(1).toLongLong(), count(path_, "SELECT SUM(duration) FROM tasks"));
    }

    void schemaTreeListsTables()
    {
        SqlView view;
        view.show();
        view.setProject(path_);
        store::SqlConsole console;
        const auto schema = console.schema();
        const auto views = store::SqlConsole::views();
        QCOMPARE(view.schemaTree()->topLevelItemCount(), int(schema.size() + views.size()));
        QStringList tables;
        for (int i = 0; i < view.schemaTree()->topLevelItemCount(); ++i)
            tables << view.schemaTree()->topLevelItem(i)->text(0);
        for (const char *t : {"task_view", "collective_view", "sessions", "tasks", "step_traces", "collectives", "strings", "ops"})
            QVERIFY2(tables.contains(QString::fromLatin1(t)), t);
        // Every table of the file is in the tree (SQLite's own and our meta excepted).
        sqlite3 *db = nullptr;
        QCOMPARE(sqlite3_open_v2(path_.toUtf8().constData(), &db, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
        sqlite3_stmt *s = nullptr;
        QCOMPARE(sqlite3_prepare_v2(db, "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'", -1, &s, nullptr), SQLITE_OK);
        while (sqlite3_step(s) == SQLITE_ROW) {
            const QString name = QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_column_text(s, 0)));
            QVERIFY2(tables.contains(name), qPrintable(name));
        }
        sqlite3_finalize(s);
        sqlite3_close(db);

        // Columns with their docs; double-click inserts the name at the cursor.
        QTreeWidgetItem *tasks = view.schemaTree()->topLevelItem(int(tables.indexOf(QStringLiteral("tasks"))));
        QTreeWidgetItem *duration = nullptr;
        for (int i = 0; i < tasks->childCount(); ++i)
            if (tasks->child(i)->text(0) == QLatin1String("duration"))
                duration = tasks->child(i);
        QVERIFY(duration);
        QVERIFY(!duration->text(1).isEmpty());
        view.setQuery(QStringLiteral("SELECT "));
        emit view.schemaTree()->itemDoubleClicked(duration, 0);
        view.editor()->insertPlainText(QStringLiteral(" FROM "));
        emit view.schemaTree()->itemDoubleClicked(tasks, 0);
        QCOMPARE(view.query(), QStringLiteral("SELECT duration FROM tasks"));
        QVERIFY(run(view, view.query()));
    }

    void examplesRunOnTheSchema()
    {
        SqlView view;
        view.show();
        view.setProject(path_);
        QComboBox *ex = view.examples();
        QVERIFY(ex->count() >= 4);
        for (int i = 1; i < ex->count(); ++i) {
            const QString sql = ex->itemData(i).toString();
            QVERIFY(!ex->itemText(i).isEmpty());
            QVERIFY2(run(view, sql), qPrintable(ex->itemText(i) + QStringLiteral(": ") + view.errorText()));
            QVERIFY2(view.model()->rowCount() > 0, qPrintable(ex->itemText(i)));
        }
        // Picking one puts it in the editor.
        emit ex->activated(2);
        QCOMPARE(view.query(), ex->itemData(2).toString());
        QCOMPARE(ex->currentIndex(), 0);
    }

    void noProjectSaysSo()
    {
        SqlView view;
        view.show();
        view.setQuery(QStringLiteral("SELECT 1"));
        view.runQuery();
        QVERIFY(!view.isRunning());
        QVERIFY2(view.errorText().contains(QStringLiteral("Open a project")), qPrintable(view.errorText()));
        view.setProject(dir_.filePath(QStringLiteral("missing.npuscope")));
        view.runQuery();
        QVERIFY(!view.isRunning());
        QVERIFY(!view.errorText().isEmpty());
        QVERIFY(!view.errorText().contains(QStringLiteral("Open a project")));
    }

    void mainWindowHasTheTab()
    {
        ui::MainWindow w;
        w.show();
        QVERIFY(guitest::openProject(w, path_));
        auto *view = w.findChild<SqlView *>();
        QVERIFY(view);
        QCOMPARE(w.views()->tabText(w.views()->indexOf(view)), QStringLiteral("SQL"));
        QCOMPARE(view->projectPath(), w.projectPath());
        w.views()->setCurrentWidget(view);
        QVERIFY(run(*view, QStringLiteral("SELECT name FROM sessions")));
        QCOMPARE(view->model()->rowCount(), 1);
    }
};

QTEST_MAIN(SqlViewTest)
#include "test_sql_view.moc"
