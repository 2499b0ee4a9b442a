#include "ui/views/sql_view.h"

#include "ui/views/sql_result_model.h"
#include "core/exporting/out_file.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QKeyEvent>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QStyle>
#include <QTableView>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace npuscope::ui {

struct SqlView::Outcome {
    bool ok = false;
    store::SqlConsole::Result result;
    QString error;
    qint64 elapsedMs = 0;
};

namespace {

struct Example {
    QString description;
    QString sql;
};

} // namespace

SqlView::SqlView(QWidget *parent)
    : QWidget(parent)
    , console_(std::make_shared<store::SqlConsole>())
{
    setObjectName(QStringLiteral("sqlView"));

    schemaTitle_ = new QLabel(this);
    schema_ = new QTreeWidget(this);
    schema_->setObjectName(QStringLiteral("sqlSchema"));
    schema_->setColumnCount(2);
    schema_->setUniformRowHeights(true);
    schema_->header()->setStretchLastSection(true);
    connect(schema_, &QTreeWidget::itemDoubleClicked, this, [this](QTreeWidgetItem *item) {
        if (!item)
            return;
        editor_->insertPlainText(item->text(0));
        editor_->setFocus();
    });

    schemaDoc_ = new QLabel(this);
    schemaDoc_->setObjectName(QStringLiteral("sqlSchemaDoc"));
    schemaDoc_->setWordWrap(true);
    schemaDoc_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    schemaDoc_->setMinimumHeight(schemaDoc_->fontMetrics().lineSpacing() * 3);
    schemaDoc_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    connect(schema_, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem *item) {
        schemaDoc_->setText(item ? item->toolTip(0) : QString());
    });

    examples_ = new QComboBox(this);
    examples_->setObjectName(QStringLiteral("sqlExamples"));
    examples_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    connect(examples_, &QComboBox::activated, this, [this](int i) {
        const QString sql = examples_->itemData(i).toString();
        if (sql.isEmpty())
            return;
        setQuery(sql);
        editor_->setFocus();
        const QSignalBlocker b(examples_);
        examples_->setCurrentIndex(0);
    });

    editor_ = new QPlainTextEdit(this);
    editor_->setObjectName(QStringLiteral("sqlEditor"));
    editor_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    editor_->setLineWrapMode(QPlainTextEdit::NoWrap);
    editor_->setTabChangesFocus(true);
    editor_->installEventFilter(this);
    editor_->setPlainText(QStringLiteral("SELECT id, name, source, status FROM sessions ORDER BY id;"));

    runButton_ = new QPushButton(this);
    runButton_->setObjectName(QStringLiteral("sqlRun"));
    runButton_->setIcon(style()->standardIcon(QStyle::SP_MediaPlay));
    runButton_->setDefault(false);
    connect(runButton_, &QPushButton::clicked, this, &SqlView::runQuery);
    cancelButton_ = new QPushButton(this);
    cancelButton_->setObjectName(QStringLiteral("sqlCancel"));
    cancelButton_->setIcon(style()->standardIcon(QStyle::SP_BrowserStop));
    connect(cancelButton_, &QPushButton::clicked, this, &SqlView::cancelQuery);
    copyButton_ = new QPushButton(this);
    copyButton_->setObjectName(QStringLiteral("sqlCopy"));
    connect(copyButton_, &QPushButton::clicked, this, &SqlView::copySelection);
    exportButton_ = new QPushButton(this);
    exportButton_->setObjectName(QStringLiteral("sqlExport"));
    connect(exportButton_, &QPushButton::clicked, this, &SqlView::exportDialog);

    error_ = new QLabel(this);
    error_->setObjectName(QStringLiteral("sqlError"));
    error_->setWordWrap(true);
    error_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    error_->setStyleSheet(QStringLiteral("color:#c62828"));
    error_->hide();
    status_ = new QLabel(this);
    status_->setObjectName(QStringLiteral("sqlStatus"));
    truncated_ = new QLabel(this);
    truncated_->setObjectName(QStringLiteral("sqlTruncated"));
    truncated_->setStyleSheet(QStringLiteral("color:#d86a00"));
    truncated_->hide();

    model_ = new SqlResultModel(this);
    table_ = new QTableView(this);
    table_->setObjectName(QStringLiteral("sqlResults"));
    table_->setModel(model_);
    table_->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
    table_->setSortingEnabled(true);
    table_->setAlternatingRowColors(true);
    table_->setSelectionBehavior(QAbstractItemView::SelectItems);
    table_->verticalHeader()->setDefaultSectionSize(table_->fontMetrics().height() + 6);
    table_->horizontalHeader()->setSectionsMovable(true);
    auto *copy = new QAction(table_);
    copy->setShortcut(QKeySequence::Copy);
    copy->setShortcutContext(Qt::WidgetShortcut);
    connect(copy, &QAction::triggered, this, &SqlView::copySelection);
    table_->addAction(copy);

    // Left: schema. Right: tools, editor, error, status, results.
    auto *left = new QWidget(this);
    auto *ll = new QVBoxLayout(left);
    ll->setContentsMargins(0, 0, 0, 0);
    ll->addWidget(schemaTitle_);
    ll->addWidget(schema_, 1);
    ll->addWidget(schemaDoc_);

    auto *editorPane = new QWidget(this);
    auto *el = new QVBoxLayout(editorPane);
    el->setContentsMargins(0, 0, 0, 0);
    auto *tools = new QHBoxLayout;
    tools->addWidget(examples_);
    tools->addStretch(1);
    tools->addWidget(runButton_);
    tools->addWidget(cancelButton_);
    el->addLayout(tools);
    el->addWidget(editor_, 1);
    el->addWidget(error_);

    auto *resultPane = new QWidget(this);
    auto *rl = new QVBoxLayout(resultPane);
    rl->setContentsMargins(0, 0, 0, 0);
    auto *sl = new QHBoxLayout;
    sl->addWidget(status_);
    sl->addStretch(1);
    sl->addWidget(truncated_);
    sl->addWidget(copyButton_);
    sl->addWidget(exportButton_);
    rl->addLayout(sl);
    rl->addWidget(table_, 1);

    auto *vsplit = new QSplitter(Qt::Vertical, this);
    vsplit->addWidget(editorPane);
    vsplit->addWidget(resultPane);
    vsplit->setStretchFactor(0, 1);
    vsplit->setStretchFactor(1, 3);
    vsplit->setChildrenCollapsible(false);

    auto *hsplit = new QSplitter(Qt::Horizontal, this);
    hsplit->addWidget(left);
    hsplit->addWidget(vsplit);
    hsplit->setStretchFactor(0, 1);
    hsplit->setStretchFactor(1, 3);
    hsplit->setSizes({380, 820});

    auto *l = new QVBoxLayout(this);
    l->addWidget(hsplit);

    retranslateUi();
}

SqlView::~SqlView() = default;

void SqlView::setProject(const QString &projectPath)
{
    if (projectPath == projectPath_)
        return;
    // The running query (of the old project) is cancelled and its result dropped; it keeps
    // its console until it has stopped.
    jobs_.discard();
    cancelling_ = false;
    projectPath_ = projectPath;
    console_ = std::make_shared<store::SqlConsole>();
    model_->clear();
    haveResult_ = false;
    errorTextRaw_.clear();
    showError({});
    updateState();
}

void SqlView::setQuery(const QString &sql)
{
    editor_->setPlainText(sql);
    QTextCursor c = editor_->textCursor();
    c.movePosition(QTextCursor::End);
    editor_->setTextCursor(c);
}

QString SqlView::query() const
{
    return editor_->toPlainText();
}

QString SqlView::errorText() const
{
    return errorTextRaw_;
}

void SqlView::runQuery()
{
    if (isRunning())
        return;
    QString sql = editor_->textCursor().hasSelection() ? editor_->textCursor().selectedText() : query();
    // QTextCursor gives paragraph separators for line breaks in a selection.
    sql.replace(QChar::ParagraphSeparator, QLatin1Char('\n'));
    if (sql.trimmed().isEmpty()) {
        showError(tr("Type a query first, e.g. SELECT * FROM sessions."));
        return;
    }
    if (projectPath_.isEmpty()) {
        showError(tr("Open a project first: the SQL console queries the open project."));
        return;
    }
    // No job uses this project's console while none runs (another project's job has its own).
    if (!console_->isOpen()) {
        QString error;
        if (!console_->open(projectPath_, &error, store::Project::Check::Schema)) { // the window checked it in full
            showError(error.isEmpty() ? tr("The project %1 cannot be opened for queries.").arg(projectPath_) : error);
            return;
        }
    }
    showError({});
    exportMessage_.clear();
    cancelling_ = false;
    const std::size_t maxRows = maxRows_;
    lastSql_ = sql;
    jobs_.start(
        [console = console_, sql, maxRows, hook = beforeQuery_](JobControl &job) {
            if (hook)
                hook();
            Outcome out;
            QElapsedTimer clock;
            clock.start();
            out.ok = console->run(sql, &out.result, &out.error, maxRows, job.cancelFlag());
            out.elapsedMs = clock.elapsed();
            return out;
        },
        [this](Outcome out) { finish(std::move(out)); });
    updateState();
}

void SqlView::cancelQuery()
{
    if (!isRunning())
        return;
    cancelling_ = true;
    jobs_.cancel();
    updateState();
}

void SqlView::finish(Outcome outcome)
{
    cancelling_ = false;
    elapsedMs_ = outcome.elapsedMs;
    if (outcome.ok) {
        table_->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
        model_->setResult(std::move(outcome.result));
        haveResult_ = true;
        table_->resizeColumnsToContents();
        for (int c = 0; c < model_->columnCount(); ++c)
            table_->setColumnWidth(c, std::min(table_->columnWidth(c), 400));
        showError({});
    } else {
        // The rows on screen would read as this query's answer: they go, the error stays.
        model_->clear();
        haveResult_ = false;
        truncated_->hide();
        showError(outcome.error.isEmpty() ? tr("The query failed.") : outcome.error);
    }
    updateState();
    Q_EMIT queryFinished(outcome.ok);
}

QString SqlView::selectionText() const
{
    const QItemSelectionModel *sel = table_->selectionModel();
    const QHeaderView *h = table_->horizontalHeader();
    std::vector<int> cols, rows;
    const bool all = !sel || !sel->hasSelection();
    const QModelIndexList picked = all ? QModelIndexList() : sel->selectedIndexes();
    for (int v = 0; v < h->count(); ++v) {
        const int c = h->logicalIndex(v);
        if (!h->isSectionHidden(c)
            && (all || std::any_of(picked.cbegin(), picked.cend(), [c](const QModelIndex &i) { return i.column() == c; })))
            cols.push_back(c);
    }
    for (int r = 0; r < model_->rowCount(); ++r)
        if (all || std::any_of(cols.cbegin(), cols.cend(), [&](int c) { return sel->isSelected(model_->index(r, c)); }))
            rows.push_back(r);
    if (cols.empty() || rows.empty())
        return {};
    // Tabs and line breaks inside a value would split it in a spreadsheet: spaces there.
    const auto cell = [](QString t) {
        t.replace(QLatin1Char('\t'), QLatin1Char(' '));
        t.replace(QLatin1Char('\n'), QLatin1Char(' '));
        t.replace(QLatin1Char('\r'), QLatin1Char(' '));
        return t;
    };
    QStringList lines;
    QStringList head;
    for (int c : cols)
        head << cell(model_->headerData(c, Qt::Horizontal, Qt::DisplayRole).toString());
    lines << head.join(QLatin1Char('\t'));
    for (int r : rows) {
        QStringList line;
        for (int c : cols) {
            const QModelIndex i = model_->index(r, c);
            line << (all || sel->isSelected(i) ? cell(i.data(Qt::DisplayRole).toString()) : QString());
        }
        lines << line.join(QLatin1Char('\t'));
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

void SqlView::copySelection()
{
    const QString text = selectionText();
    if (text.isEmpty())
        return;
    QApplication::clipboard()->setText(text);
    exportMessage_ = tr("copied to the clipboard");
    updateStatus();
}

void SqlView::exportDialog()
{
    if (!haveResult_ || isRunning())
        return;
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Query Result as CSV"),
                                                      QFileInfo(projectPath_).absolutePath() + QStringLiteral("/query.csv"),
                                                      tr("CSV files (*.csv)"));
    if (!path.isEmpty())
        exportCsv(path);
}

namespace {
struct Exported {
    bool ok = false;
    std::uint64_t rows = 0;
    QString error;
};
} // namespace

bool SqlView::exportCsv(const QString &path)
{
    if (!haveResult_ || isRunning() || lastSql_.isEmpty() || !console_->isOpen())
        return false;
    exporting_ = true;
    exportMessage_.clear();
    jobs_.start(
        [console = console_, sql = lastSql_, path](JobControl &job) {
            Exported out;
            exporting::OutFile f;
            if (!f.open(path, &out.error))
                return out;
            const auto line = [&f](const QStringList &cells) {
                f.put(cells.join(QLatin1Char(',')).toUtf8().toStdString());
                f.put('\n');
            };
            const bool ran = console->run(
                sql,
                [&](const QStringList &columns) {
                    QStringList head;
                    for (const QString &c : columns)
                        head << exporting::csvCell(c);
                    line(head);
                },
                [&](const QVariantList &row) {
                    QStringList cells;
                    for (const QVariant &v : row)
                        cells << exporting::csvValue(v);
                    line(cells);
                    ++out.rows;
                    return !f.failed();
                },
                &out.error, job.cancelFlag());
            if (!ran || f.failed() || job.isCancelled()) {
                f.abort();
                if (out.error.isEmpty())
                    out.error = job.isCancelled() ? tr("The export was cancelled; no file was written.")
                                                  : tr("Could not write %1.").arg(QDir::toNativeSeparators(path));
                return out;
            }
            out.ok = f.commit(&out.error);
            return out;
        },
        [this, path](Exported out) {
            exporting_ = false;
            const QLocale loc;
            if (out.ok)
                exportMessage_ = tr("%1 rows exported to %2").arg(loc.toString(qulonglong(out.rows)), QDir::toNativeSeparators(path));
            else
                showError(tr("The result was not exported: %1").arg(out.error));
            updateState();
            Q_EMIT exportFinished(out.ok, out.ok ? exportMessage_ : errorTextRaw_);
        });
    updateState();
    return true;
}

bool SqlView::waitForIdle(int msecs)
{
    return jobs_.waitForIdle(msecs);
}

void SqlView::showError(const QString &text)
{
    errorTextRaw_ = text;
    error_->setText(text);
    error_->setVisible(!text.isEmpty());
}

void SqlView::updateState()
{
    runButton_->setEnabled(!isRunning());
    cancelButton_->setEnabled(isRunning() && !cancelling_);
    copyButton_->setEnabled(!isRunning() && haveResult_ && model_->rowCount() > 0);
    exportButton_->setEnabled(!isRunning() && haveResult_);
    updateStatus();
}

void SqlView::updateStatus()
{
    const QLocale loc;
    if (isRunning()) {
        status_->setText(cancelling_ ? tr("Cancelling…") : exporting_ ? tr("Exporting…") : tr("Running…"));
        truncated_->hide();
        return;
    }
    if (!haveResult_) {
        status_->setText(projectPath_.isEmpty() ? tr("No project is open.")
                                                : tr("Press Ctrl+Enter to run the query (read-only)."));
        truncated_->hide();
        return;
    }
    const auto &r = model_->result();
    QString text = r.rowCount == 1 ? tr("1 row · %1 ms").arg(loc.toString(elapsedMs_))
                                   : tr("%1 rows · %2 ms").arg(loc.toString(qulonglong(r.rowCount)), loc.toString(elapsedMs_));
    if (!exportMessage_.isEmpty())
        text += QStringLiteral(" · ") + exportMessage_;
    status_->setText(text);
    if (r.truncated) {
        truncated_->setText(tr("Truncated at %1 rows (%2 in total): add a LIMIT or narrow the query to see the rest.")
                                .arg(loc.toString(qulonglong(r.rows.size())), loc.toString(qulonglong(r.rowCount))));
        truncated_->show();
    } else {
        truncated_->hide();
    }
}

void SqlView::fillSchema()
{
    schema_->clear();
    std::vector<store::SqlConsole::Table> all = store::SqlConsole::views();
    const std::size_t viewCount = all.size();
    for (store::SqlConsole::Table &t : console_->schema())
        all.push_back(std::move(t));
    for (std::size_t k = 0; k < all.size(); ++k) {
        const store::SqlConsole::Table &t = all[k];
        auto *ti = new QTreeWidgetItem(schema_);
        ti->setText(0, t.name);
        if (k < viewCount)
            ti->setIcon(0, style()->standardIcon(QStyle::SP_FileDialogDetailedView));
        ti->setText(1, t.doc);
        ti->setToolTip(0, QStringLiteral("%1 — %2").arg(t.name, t.doc));
        ti->setToolTip(1, t.doc);
        QFont f = ti->font(0);
        f.setBold(true);
        ti->setFont(0, f);
        for (const store::SqlConsole::Column &c : t.columns) {
            auto *ci = new QTreeWidgetItem(ti);
            ci->setText(0, c.name);
            ci->setText(1, c.type.isEmpty() ? c.doc : QStringLiteral("%1 — %2").arg(c.type, c.doc));
            const QString tip = QStringLiteral("%1.%2 %3\n%4").arg(t.name, c.name, c.type, c.doc);
            ci->setToolTip(0, tip);
            ci->setToolTip(1, tip);
        }
    }
    schema_->resizeColumnToContents(0);
}

void SqlView::fillExamples()
{
    // Each example is a question users ask of a profile, answered from the stored schema.
    const std::vector<Example> examples = {
        {tr("Sessions in this project"),
         QStringLiteral("SELECT id, name, source, status, started_wall_us FROM sessions ORDER BY id;")},
        {tr("Twenty longest tasks with their names"),
         QStringLiteral("SELECT session, device, iteration, stream, name, task_type, duration AS duration_ns\n"
                        "FROM task_view ORDER BY duration DESC LIMIT 20;")},
        {tr("Task time per op type (ns)"),
         // task_op_totals sums the tasks per op straight from the stored blocks; only its
         // few thousand rows are joined to the names.
         QStringLiteral("SELECT t.session, ot.text AS op_type, SUM(t.tasks) AS tasks, SUM(t.total_ns) AS total_ns,\n"
                        "       SUM(t.total_ns) * 1.0 / SUM(t.tasks) AS mean_ns\n"
                        "FROM task_op_totals t\n"
                        "JOIN ops o ON o.session = t.session AND o.id = t.op\n"
                        "JOIN strings ot ON ot.session = o.session AND ot.id = o.op_type\n"
                        "WHERE t.op <> 0\n"
                        "GROUP BY t.session, ot.text ORDER BY total_ns DESC;")},
        {tr("Iteration and FP→BP time per device"),
         QStringLiteral("SELECT session, device, model, iteration, bp_end - fp_start AS fp_bp_ns,\n"
                        "       CASE WHEN previous_iteration_end >= 0\n"
                        "            THEN iteration_end - previous_iteration_end END AS iteration_ns\n"
                        "FROM step_traces ORDER BY session, device, model, iteration;")},
        {tr("Collective communication per iteration"),
         QStringLiteral("SELECT session, device, iteration, name, op_type, duration AS duration_ns, bytes\n"
                        "FROM collective_view ORDER BY session, device, start;")},
        {tr("Record counts per session"),
         QStringLiteral("SELECT session, kind, n FROM record_counts ORDER BY session, n DESC;")},
    };
    const QSignalBlocker b(examples_);
    examples_->clear();
    examples_->addItem(tr("Example queries…"));
    for (const Example &e : examples) {
        examples_->addItem(e.description, e.sql);
        examples_->setItemData(examples_->count() - 1, e.sql, Qt::ToolTipRole);
    }
    examples_->setCurrentIndex(0);
}

void SqlView::retranslateUi()
{
    schemaTitle_->setText(tr("Views and tables (double-click inserts the name)"));
    schema_->setHeaderLabels({tr("Name"), tr("Description")});
    fillSchema();
    fillExamples();
    runButton_->setText(tr("Run"));
    runButton_->setToolTip(tr("Run the query, or the selected text (Ctrl+Enter)"));
    cancelButton_->setText(tr("Cancel"));
    copyButton_->setText(tr("Copy"));
    copyButton_->setToolTip(tr("Copy the selected cells (all when none is selected) with their column names, "
                               "tab-separated for a spreadsheet (Ctrl+C)"));
    exportButton_->setText(tr("Export CSV…"));
    exportButton_->setToolTip(tr("Run the query again and write every row of its result to a CSV file (no row limit)"));
    cancelButton_->setToolTip(tr("Interrupt the running query"));
    editor_->setPlaceholderText(tr("SELECT … FROM tasks …   (read-only; Ctrl+Enter runs)"));
    updateState();
}

bool SqlView::eventFilter(QObject *obj, QEvent *e)
{
    if (obj == editor_ && e->type() == QEvent::KeyPress) {
        auto *k = static_cast<QKeyEvent *>(e);
        if ((k->key() == Qt::Key_Return || k->key() == Qt::Key_Enter) && (k->modifiers() & Qt::ControlModifier)) {
            runQuery();
            return true;
        }
    }
    return QWidget::eventFilter(obj, e);
}

void SqlView::showEvent(QShowEvent *e)
{
    QWidget::showEvent(e);
    // Ready to type and Ctrl+Enter as soon as the tab comes up.
    editor_->setFocus();
}

void SqlView::changeEvent(QEvent *e)
{
    if (e->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(e);
}

} // namespace npuscope::ui
