#include "ui/views/sql_view.h"

#include "ui/views/sql_result_model.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEvent>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
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
    cancelling_ = false;
    const std::size_t maxRows = maxRows_;
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
        // The last good result stays; the error says what went wrong with this query.
        showError(outcome.error.isEmpty() ? tr("The query failed.") : outcome.error);
    }
    updateState();
    Q_EMIT queryFinished(outcome.ok);
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
    updateStatus();
}

void SqlView::updateStatus()
{
    const QLocale loc;
    if (isRunning()) {
        status_->setText(cancelling_ ? tr("Cancelling…") : tr("Running…"));
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
    status_->setText(r.rowCount == 1 ? tr("1 row · %1 ms").arg(loc.toString(elapsedMs_))
                                     : tr("%1 rows · %2 ms").arg(loc.toString(qulonglong(r.rowCount)), loc.toString(elapsedMs_)));
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
    for (const store::SqlConsole::Table &t : console_->schema()) {
        auto *ti = new QTreeWidgetItem(schema_);
        ti->setText(0, t.name);
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
         QStringLiteral("SELECT t.session, t.device, t.iteration, t.stream, s.text AS name, t.duration AS duration_ns\n"
                        "FROM tasks t JOIN strings s ON s.session = t.session AND s.id = t.name\n"
                        "ORDER BY t.duration DESC LIMIT 20;")},
        {tr("Task time per op type (ns)"),
         QStringLiteral("SELECT t.session, s.text AS op_type, COUNT(*) AS tasks, SUM(t.duration) AS total_ns,\n"
                        "       AVG(t.duration) AS mean_ns\n"
                        "FROM tasks t\n"
                        "JOIN ops o ON o.session = t.session AND o.id = t.op\n"
                        "JOIN strings s ON s.session = o.session AND s.id = o.op_type\n"
                        "GROUP BY t.session, op_type ORDER BY total_ns DESC;")},
        {tr("Iteration and FP→BP time per device"),
         QStringLiteral("SELECT session, device, model, iteration, bp_end - fp_start AS fp_bp_ns,\n"
                        "       CASE WHEN previous_iteration_end >= 0\n"
                        "            THEN iteration_end - previous_iteration_end END AS iteration_ns\n"
                        "FROM step_traces ORDER BY session, device, model, iteration;")},
        {tr("Collective communication per iteration"),
         QStringLiteral("SELECT c.session, c.device, c.iteration, s.text AS name, c.duration AS duration_ns, c.bytes\n"
                        "FROM collectives c JOIN strings s ON s.session = c.session AND s.id = c.name\n"
                        "ORDER BY c.session, c.device, c.start;")},
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
    schemaTitle_->setText(tr("Tables (double-click inserts the name)"));
    schema_->setHeaderLabels({tr("Name"), tr("Description")});
    fillSchema();
    fillExamples();
    runButton_->setText(tr("Run"));
    runButton_->setToolTip(tr("Run the query, or the selected text (Ctrl+Enter)"));
    cancelButton_->setText(tr("Cancel"));
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
