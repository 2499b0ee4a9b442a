#pragma once
// The "SQL" tab: read-only SQL over the open project (store::SqlConsole). A monospace query
// editor (Ctrl+Enter runs), Run / Cancel, results in a sortable table (numbers sort as
// numbers), errors inline in red under the editor, row count and time, a notice when the
// result was truncated, a schema browser (tables → columns with their docs; double-click
// inserts the name at the cursor) and example queries.
//
// Queries run on a worker thread on the console's own read-only connection; Cancel calls
// SqlConsole::interrupt() from the GUI thread, which makes the running statement fail with
// "interrupted". Nothing the console runs can change the project.

#include "core/store/sql_console.h"

#include <QWidget>
#include <atomic>
#include <memory>
#include <thread>

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

    bool isRunning() const { return running_; }
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

public Q_SLOTS:
    void runQuery();
    void cancelQuery();

Q_SIGNALS:
    // After a query's result (ok) or error (!ok) is shown.
    void queryFinished(bool ok);

protected:
    bool eventFilter(QObject *obj, QEvent *e) override;
    void changeEvent(QEvent *e) override;
    void showEvent(QShowEvent *e) override;

private:
    struct Outcome;
    void stop();
    void finish(int generation, std::shared_ptr<Outcome> outcome);
    void showError(const QString &text);
    void fillSchema();
    void fillExamples();
    void retranslateUi();
    void updateState();
    void updateStatus();

    QString projectPath_;
    std::unique_ptr<store::SqlConsole> console_;
    QString consolePath_;     // what console_ has open
    std::size_t maxRows_ = 100000;
    bool running_ = false;
    bool cancelling_ = false;
    std::thread worker_;
    std::shared_ptr<std::atomic_bool> workerDone_;
    int generation_ = 0;
    // SqlConsole::interrupt() only reaches a statement that is already stepping; until the
    // worker ends, a requested cancel is repeated so one that lands early is not lost.
    QTimer *interruptTimer_ = nullptr;
    // What the status line says (re-said on a language switch).
    bool haveResult_ = false;
    qint64 elapsedMs_ = 0;
    QString errorTextRaw_;

    QTreeWidget *schema_ = nullptr;
    QLabel *schemaTitle_ = nullptr;
    QLabel *schemaDoc_ = nullptr;     // the doc of the schema item under the cursor
    QComboBox *examples_ = nullptr;
    QPlainTextEdit *editor_ = nullptr;
    QPushButton *runButton_ = nullptr;
    QPushButton *cancelButton_ = nullptr;
    QLabel *error_ = nullptr;
    QLabel *status_ = nullptr;
    QLabel *truncated_ = nullptr;
    QTableView *table_ = nullptr;
    SqlResultModel *model_ = nullptr;
};

} // namespace npuscope::ui
