#pragma once
// The "SQL" tab: read-only SQL over the open project (store::SqlConsole). A monospace query
// editor (Ctrl+Enter runs), Run / Cancel, results in a sortable table (numbers sort as
// numbers), errors inline in red under the editor, row count and time, a notice when the
// result was truncated, a schema browser (tables → columns with their docs; double-click
// inserts the name at the cursor) and example queries.
//
// Queries run as background jobs (ui/job_runner.h) on the console's own read-only
// connection; Cancel sets the job's flag, which makes the running statement fail with
// "interrupted". Nothing the console runs can change the project.

#include "core/store/sql_console.h"
#include "ui/job_runner.h"

#include <QWidget>
#include <functional>
#include <memory>

class QComboBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTableView;
class QTimer;
class QTreeWidget;

namespace npuscope::ui {

class SqlResultModel;

class SqlView : public QWidget {
    Q_OBJECT
public:
    explicit SqlView(QWidget *parent = nullptr);
    ~SqlView() override;

    // The project to query (empty: none). Cancels a running query of another project.
    void setProject(const QString &projectPath);
    QString projectPath() const { return projectPath_; }

    void setQuery(const QString &sql);
    QString query() const;
    // Rows kept per result (more are counted and the notice says so); default 100 000.
    void setMaxRows(std::size_t rows) { maxRows_ = rows; }

    bool isRunning() const { return jobs_.isBusy(); }
    // Runs on the query's worker before the query starts (tests hold it there).
    void setBeforeQueryHook(std::function<void()> hook) { beforeQuery_ = std::move(hook); }
    // Processes events until no query runs (or msecs pass); for tests.
    bool waitForIdle(int msecs);
    QString errorText() const;

    QPlainTextEdit *editor() const { return editor_; }
    QTableView *table() const { return table_; }
    SqlResultModel *model() const { return model_; }
    QLabel *errorLabel() const { return error_; }
    QLabel *statusLabel() const { return status_; }
    QLabel *truncatedLabel() const { return truncated_; }
    QTreeWidget *schemaTree() const { return schema_; }
    QComboBox *examples() const { return examples_; }
    QPushButton *runButton() const { return runButton_; }
    QPushButton *cancelButton() const { return cancelButton_; }
    QPushButton *copyButton() const { return copyButton_; }
    QPushButton *exportButton() const { return exportButton_; }

    // The selected cells (all rows and columns when nothing is selected) as tab-separated
    // text with a header line, in the order shown.
    QString selectionText() const;
    // Runs the shown query again, streaming every row (no row limit) into a CSV file at
    // `path` in the background; exportFinished() says how it went.
    bool exportCsv(const QString &path);

public Q_SLOTS:
    void runQuery();
    void cancelQuery();
    void copySelection();
    void exportDialog();

Q_SIGNALS:
    // After a query's result (ok) or error (!ok) is shown.
    void queryFinished(bool ok);
    // After an export: ok, and the sentence the status line shows.
    void exportFinished(bool ok, const QString &message);

protected:
    bool eventFilter(QObject *obj, QEvent *e) override;
    void changeEvent(QEvent *e) override;
    void showEvent(QShowEvent *e) override;

private:
    struct Outcome;
    void finish(Outcome outcome);
    void showError(const QString &text);
    void fillSchema();
    void fillExamples();
    void retranslateUi();
    void updateState();
    void updateStatus();

    QString projectPath_;
    // The console of projectPath_, opened by the first query's job. Jobs share it (they run
    // one after another); another project gets a new one while the old one's job winds down.
    std::shared_ptr<store::SqlConsole> console_;
    std::size_t maxRows_ = 100000;
    bool cancelling_ = false;
    std::function<void()> beforeQuery_;
    // What the status line says (re-said on a language switch).
    bool haveResult_ = false;
    qint64 elapsedMs_ = 0;
    QString errorTextRaw_;
    QString lastSql_;          // the query whose result is shown (what Export writes)
    QString exportMessage_;    // the last export's outcome, until the next query
    bool exporting_ = false;

    QTreeWidget *schema_ = nullptr;
    QLabel *schemaTitle_ = nullptr;
    QLabel *schemaDoc_ = nullptr;     // the doc of the schema item under the cursor
    QComboBox *examples_ = nullptr;
    QPlainTextEdit *editor_ = nullptr;
    QPushButton *runButton_ = nullptr;
    QPushButton *cancelButton_ = nullptr;
    QPushButton *copyButton_ = nullptr;
    QPushButton *exportButton_ = nullptr;
    QLabel *error_ = nullptr;
    QLabel *status_ = nullptr;
    QLabel *truncated_ = nullptr;
    QTableView *table_ = nullptr;
    SqlResultModel *model_ = nullptr;
    JobRunner jobs_; // last: its running job ends before the members above go
};

} // namespace npuscope::ui
