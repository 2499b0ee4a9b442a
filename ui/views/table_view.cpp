#include "ui/views/table_view.h"
#include "ui/background.h"

#include "core/exporting/out_file.h"
#include "core/store/project.h"
#include "ui/views/table_model.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDeadlineTimer>
#include <QEvent>
#include <QFile>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeySequence>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMenu>
#include <QMessageBox>
#include <QPointer>
#include <QPushButton>
#include <QSaveFile>
#include <QScrollBar>
#include <QShortcut>
#include <QTimer>
#include <QVBoxLayout>

#include <functional>

namespace npuscope::ui {

using namespace npuscope::analysis;

// ---- FilterTableView -----------------------------------------------------------------

FilterTableView::FilterTableView(QWidget *parent) : QTableView(parent)
{
    bar_ = new QWidget(this);
    bar_->setObjectName(QStringLiteral("filterBar"));
    bar_->setAutoFillBackground(true);
    connect(horizontalHeader(), &QHeaderView::sectionResized, this, [this] { placeEdits(); });
    connect(horizontalHeader(), &QHeaderView::sectionMoved, this, [this] { placeEdits(); });
}

void FilterTableView::setFilterColumns(const std::vector<SummaryColumn> &columns)
{
    for (auto *e : edits_)
        e->deleteLater();
    edits_.clear();
    for (std::size_t i = 0; i < columns.size(); ++i) {
        auto *e = new QLineEdit(bar_);
        e->setObjectName(QStringLiteral("filter%1").arg(i));
        e->setClearButtonEnabled(false);
        e->setFrame(true);
        const bool number = columns[i].type == ColumnType::Number;
        e->setPlaceholderText(number ? tr("e.g. 10..50") : tr("contains…"));
        e->setToolTip(number ? tr("Filter %1: a..b (range, inclusive), >x, >=x, <x, <=x, =x, plain text (contains) "
                                  "or /regex/")
                                   .arg(columns[i].name)
                             : tr("Filter %1: text it contains (any case) or /regex/").arg(columns[i].name));
        connect(e, &QLineEdit::textChanged, this, &FilterTableView::filtersEdited);
        e->show();
        edits_.push_back(e);
    }
    updateGeometries();
}

QLineEdit *FilterTableView::filterEdit(int column) const
{
    return column >= 0 && column < filterCount() ? edits_[static_cast<std::size_t>(column)] : nullptr;
}

QString FilterTableView::filterText(int column) const
{
    const QLineEdit *e = filterEdit(column);
    return e ? e->text() : QString();
}

void FilterTableView::updateGeometries()
{
    // Room for the filter row between the header and the cells: the viewport starts lower
    // and the header is put back at the top after QTableView placed it.
    const int fh = edits_.empty() || !barVisible_ ? 0 : bar_->fontMetrics().height() + 10;
    const int hh = horizontalHeader()->isHidden() ? 0 : horizontalHeader()->sizeHint().height();
    const int vw = verticalHeader()->isHidden() ? 0 : verticalHeader()->sizeHint().width();
    setViewportMargins(vw, hh + fh, 0, 0);
    QTableView::updateGeometries();
    const QRect vg = viewport()->geometry();
    horizontalHeader()->setGeometry(vg.left(), vg.top() - hh - fh, vg.width(), hh);
    bar_->setGeometry(vg.left(), vg.top() - fh, vg.width(), fh);
    bar_->setVisible(fh > 0);
    placeEdits();
}

void FilterTableView::setFilterBarVisible(bool visible)
{
    if (barVisible_ == visible)
        return;
    barVisible_ = visible;
    updateGeometries();
}

void FilterTableView::scrollContentsBy(int dx, int dy)
{
    QTableView::scrollContentsBy(dx, dy);
    if (dx)
        placeEdits();
}

void FilterTableView::placeEdits()
{
    const QHeaderView *h = horizontalHeader();
    for (std::size_t i = 0; i < edits_.size(); ++i) {
        const int logical = static_cast<int>(i);
        if (h->isSectionHidden(logical)) {
            edits_[i]->hide();
            continue;
        }
        edits_[i]->setGeometry(h->sectionViewportPosition(logical), 1, h->sectionSize(logical), bar_->height() - 2);
        edits_[i]->show();
    }
}

// ---- TablesView ----------------------------------------------------------------------

struct TablesView::Session {
    QString path;
    std::int64_t id = 0;
    std::unique_ptr<store::Project> project;
    std::unique_ptr<store::ProjectReader> reader;
    std::unique_ptr<SummaryTables> tables;
};

struct TablesView::Request {
    bool sortOnly = false;        // a new order of `base` of `shown`; else filter (and group) `table` first
    std::shared_ptr<const SummaryTable> table;
    // Or, with no table built: the kind's rows in `scope` grouped straight from the session.
    std::shared_ptr<Session> session;
    SummaryKind kind = SummaryKind::OpSummary;
    RowScope scope;
    std::vector<std::pair<int, ColumnFilter>> filters;
    bool grouped = false;
    std::shared_ptr<const SummaryTable> shown;
    RowIndex base;
    int sortColumn = -1;
    Qt::SortOrder order = Qt::AscendingOrder;
};

struct TablesView::Result {
    bool sortOnly = false;
    bool grouped = false;
    std::shared_ptr<const SummaryTable> shown;
    RowIndex base, sorted;
    int sortColumn = -1;
    Qt::SortOrder order = Qt::AscendingOrder;
};

TablesView::Result TablesView::compute(const Request &q, const std::atomic<bool> *cancel)
{
    Result r;
    r.sortOnly = q.sortOnly;
    r.grouped = q.grouped;
    r.sortColumn = q.sortColumn;
    r.order = q.order;
    if (q.sortOnly) {
        r.shown = q.shown;
        r.base = q.base;
    } else if (!q.table) {
        auto g = q.session->tables->grouped(q.kind, q.scope, cancel);
        if (!g || (cancel && cancel->load()))
            return r;
        r.base = allRows(*g);
        r.shown = std::move(g);
    } else {
        RowIndex rows = filterRows(*q.table, allRows(*q.table), q.scope, q.filters, cancel);
        if (q.grouped) {
            if (cancel && cancel->load())
                return r;
            auto g = std::make_shared<GroupedTable>(q.table, rows, q.table->groupColumn(), cancel);
            if (cancel && cancel->load())
                return r;
            r.base = allRows(*g);
            r.shown = std::move(g);
        } else {
            r.shown = q.table;
            r.base = std::move(rows);
        }
    }
    r.sorted = r.base;
    if (r.sortColumn >= r.shown->columnCount())
        r.sortColumn = -1;
    if (r.sortColumn >= 0)
        sortRows(*r.shown, r.sorted, r.sortColumn, r.order == Qt::AscendingOrder, cancel);
    return r;
}

void TablesView::submit(Request q, Busy what)
{
    // Grouping straight from the session reads it: always on the worker.
    const std::size_t rows = q.sortOnly ? q.base.size() : q.table ? q.table->rowCount() : backgroundRows_;
    if (rows < backgroundRows_) {
        requests_.discard();
        busy_ = Busy::None;
        apply(compute(q, nullptr));
        return;
    }
    busy_ = what;
    requests_.start([q = std::move(q)](JobControl &job) { return compute(q, job.cancelFlag()); },
                    [this](Result r) { apply(std::move(r)); });
    updateCount();
}

void TablesView::dropRequests()
{
    requests_.discard();
    busy_ = Busy::None;
    baseRows_.clear();
}

void TablesView::apply(Result r)
{
    busy_ = Busy::None;
    if (!r.shown) { // cancelled before it had rows (only when superseded: not shown)
        updateCount();
        return;
    }
    baseRows_ = std::move(r.base);
    const int column = r.sortColumn;
    if (r.sortOnly && model_->sharedTable() == r.shown) {
        model_->setOrder(std::move(r.sorted), column, r.order);
    } else {
        shown_ = r.shown;
        view_->setFilterBarVisible(!r.grouped); // the edits filter the kind's rows; they come back ungrouped
        model_->setTable(r.shown, std::move(r.sorted), column, r.order);
    }
    if (shown_.get() != fittedFor_) {
        // Widths from the content once per table (not on every filter, so a width the user
        // set stays); long op names are capped so the numbers stay on screen.
        fittedFor_ = shown_.get();
        // Measured on the first rows only: laying out the text of every cell of 200 rows
        // took the GUI thread past 100 ms on wide tables.
        view_->horizontalHeader()->setResizeContentsPrecision(50);
        view_->resizeColumnsToContents();
        const int cap = std::max(240, view_->viewport()->width() / 3);
        for (int c = 0; c < model_->columnCount(); ++c)
            view_->setColumnWidth(c, std::min(cap, view_->columnWidth(c) + 8));
    }
    updateCount();
}

void TablesView::requestSort(int column, Qt::SortOrder order)
{
    sortColumn_ = column;
    sortOrder_ = order;
    if (busy_ == Busy::Filtering || busy_ == Busy::Grouping) {
        applyFilters(); // the rows are still changing: compute them again with the new order
        return;
    }
    if (!shown_)
        return; // the table is still loading: its rows come in this order

    Request q;
    q.sortOnly = true;
    q.shown = shown_;
    q.base = baseRows_;
    q.sortColumn = column;
    q.order = order;
    submit(std::move(q), Busy::Sorting);
}

TablesView::TablesView(QWidget *parent) : QWidget(parent)
{
    kindLabel_ = new QLabel(this);
    kinds_ = new QComboBox(this);
    kinds_->setObjectName(QStringLiteral("tableKind"));
    kinds_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    group_ = new QCheckBox(this);
    group_->setObjectName(QStringLiteral("groupByOpType"));
    rangeLabel_ = new QLabel(this);
    clearRange_ = new QPushButton(this);
    clearRange_->setObjectName(QStringLiteral("clearRange"));
    count_ = new QLabel(this);
    count_->setObjectName(QStringLiteral("rowCount"));
    filterError_ = new QLabel(this);
    filterError_->setObjectName(QStringLiteral("filterError"));
    filterError_->setStyleSheet(QStringLiteral("color: #c0392b;"));
    filterError_->setWordWrap(true);
    filterError_->hide();

    view_ = new FilterTableView(this);
    view_->setObjectName(QStringLiteral("summaryTable"));
    model_ = new SummaryTableModel(this);
    model_->setSortHandler([this](int column, Qt::SortOrder order) { requestSort(column, order); });
    view_->setModel(model_);
    view_->setSortingEnabled(true);
    view_->horizontalHeader()->setSortIndicatorShown(true);
    view_->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
    view_->horizontalHeader()->setSectionsMovable(true);
    view_->horizontalHeader()->setDefaultSectionSize(110);
    view_->verticalHeader()->setDefaultSectionSize(view_->fontMetrics().height() + 6);
    view_->setSelectionBehavior(QAbstractItemView::SelectItems);
    view_->setSelectionMode(QAbstractItemView::ExtendedSelection);
    view_->setAlternatingRowColors(true);
    view_->setWordWrap(false);
    view_->setTextElideMode(Qt::ElideMiddle); // scoped op names differ at their end
    view_->setContextMenuPolicy(Qt::CustomContextMenu);

    auto *top = new QHBoxLayout;
    top->addWidget(kindLabel_);
    top->addWidget(kinds_);
    top->addSpacing(12);
    top->addWidget(group_);
    top->addSpacing(12);
    top->addWidget(rangeLabel_);
    top->addWidget(clearRange_);
    top->addStretch(1);
    top->addWidget(count_);
    auto *lay = new QVBoxLayout(this);
    lay->addLayout(top);
    lay->addWidget(filterError_);
    lay->addWidget(view_, 1);

    connect(kinds_, &QComboBox::currentIndexChanged, this, [this] { load(); });
    connect(group_, &QCheckBox::toggled, this, [this] {
        // Column numbers of the rows and of the groups mean different things.
        sortColumn_ = -1;
        view_->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
        applyFilters();
    });
    connect(clearRange_, &QPushButton::clicked, this, &TablesView::clearTimeRange);
    // Typing is debounced: a 10 M-row filter should not run on every key.
    auto *debounce = new QTimer(this);
    debounce->setSingleShot(true);
    debounce->setInterval(250);
    connect(debounce, &QTimer::timeout, this, &TablesView::applyFilters);
    connect(view_, &FilterTableView::filtersEdited, debounce, qOverload<>(&QTimer::start));
    connect(view_, &QTableView::doubleClicked, this, &TablesView::jumpTo);
    connect(view_, &QWidget::customContextMenuRequested, this, &TablesView::showContextMenu);
    auto *copy = new QShortcut(QKeySequence::Copy, view_, nullptr, nullptr, Qt::WidgetWithChildrenShortcut);
    connect(copy, &QShortcut::activated, this, &TablesView::copySelection);
    connect(model_, &QAbstractItemModel::layoutChanged, this, &TablesView::updateCount);
    connect(model_, &QAbstractItemModel::rowsInserted, this, &TablesView::updateCount);

    retranslateUi();
    updateCount();
}

TablesView::~TablesView() = default;

void TablesView::retranslateUi()
{
    kindLabel_->setText(tr("Table:"));
    group_->setText(tr("Group by op type"));
    group_->setToolTip(tr("One row per op type (or per the kind's main name column) with count, sum, mean, min and "
                          "max of every numeric column"));
    clearRange_->setText(tr("Clear Range"));
    clearRange_->setToolTip(tr("Show the rows of the whole selection again, not only those in the timeline's selected range"));
    if (range_)
        rangeLabel_->setText(tr("Range: %1 – %2 µs")
                                 .arg(QLocale().toString(double(range_->first) / 1e3, 'f', 3),
                                      QLocale().toString(double(range_->second) / 1e3, 'f', 3)));
    else
        rangeLabel_->setText(tr("Range: whole selection"));
    clearRange_->setEnabled(range_.has_value());
    const int cur = kinds_->currentIndex();
    for (int i = 0; i < kinds_->count(); ++i)
        kinds_->setItemText(i, summaryKindTitle(static_cast<SummaryKind>(kinds_->itemData(i).toInt())));
    kinds_->setCurrentIndex(cur);
    updateCount();
}

void TablesView::changeEvent(QEvent *e)
{
    if (e->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(e);
}

void TablesView::setSelection(const ExplorerSelection &sel)
{
    const bool sameSession = session_ && sel.projectPath == session_->path && sel.sessionId == session_->id;
    sel_ = sel;
    if (sameSession) {
        applyFilters();
        return;
    }
    if (opens_.isBusy() && opening_ == std::make_pair(sel.projectPath, sel.sessionId))
        return; // its table is filtered by sel_ when it arrives
    opens_.discard();
    loads_.discard();
    dropRequests();
    model_->setTable(nullptr, {});
    // A big table's rows and the old session's connections (whose close may fold the -wal
    // into the file) are let go of off the GUI thread.
    releaseInBackground(std::move(table_));
    releaseInBackground(std::move(shown_));
    releaseInBackground(std::move(session_));
    range_.reset();
    error_.clear();
    opening_ = {};
    fillKinds();
    if (sel.sessionId > 0 && !sel.projectPath.isEmpty()) {
        // Opening the project and finding which tables the session has read the file: on
        // a worker, the kinds come when they are known.
        opening_ = {sel.projectPath, sel.sessionId};
        struct Opened {
            std::shared_ptr<Session> session;
            QString error;
        };
        opens_.start(
            [path = sel.projectPath, id = sel.sessionId](JobControl &) {
                Opened o;
                auto s = std::make_shared<Session>();
                s->path = path;
                s->id = id;
                store::StoreError err = store::StoreError::None;
                s->project = store::Project::open(path, store::Project::Mode::ReadOnly, &err, &o.error,
                                                  store::Project::Check::Schema); // checked in full by the window
                if (s->project)
                    s->reader = s->project->session(id, &o.error);
                if (s->reader) {
                    s->tables = std::make_unique<SummaryTables>(
                        *s->reader, kernelColumnsFromImportNote(s->project->sessionNote(id, QStringLiteral("import"))));
                    o.session = std::move(s);
                }
                return o;
            },
            [this](Opened o) {
                opening_ = {};
                session_ = std::move(o.session);
                error_ = o.error;
                fillKinds();
                retranslateUi();
            });
    }
    retranslateUi();
}

void TablesView::fillKinds()
{
    const QSignalBlocker block(kinds_);
    const QVariant previous = kinds_->currentData();
    kinds_->clear();
    if (session_)
        for (SummaryKind k : session_->tables->kinds())
            kinds_->addItem(summaryKindTitle(k), static_cast<int>(k));
    const int again = previous.isValid() ? kinds_->findData(previous) : -1;
    kinds_->setCurrentIndex(again >= 0 ? again : (kinds_->count() ? 0 : -1));
    kinds_->setEnabled(kinds_->count() > 0);
    load();
}

std::optional<SummaryKind> TablesView::kind() const
{
    const QVariant d = kinds_->currentData();
    if (!d.isValid())
        return std::nullopt;
    return static_cast<SummaryKind>(d.toInt());
}

bool TablesView::setKind(SummaryKind k)
{
    const int i = kinds_->findData(static_cast<int>(k));
    if (i < 0)
        return false;
    kinds_->setCurrentIndex(i);
    return true;
}

void TablesView::setGrouped(bool grouped) { group_->setChecked(grouped); }

void TablesView::load()
{
    loads_.discard();
    dropRequests();
    sortColumn_ = -1; // a sort column of another kind means nothing here
    view_->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
    table_.reset();
    shown_.reset();
    fittedFor_ = nullptr;
    model_->setTable(nullptr, {});
    view_->setFilterColumns({});
    const auto k = kind();
    if (!session_ || !k) {
        updateCount();
        return;
    }
    if (groupsWithoutTable()) {
        // Grouped straight from the session (task_time: a row per task); the table is
        // built when its rows are asked for ungrouped or filtered.
        group_->setEnabled(true);
        applyFilters();
        return;
    }
    loadTable();
}

bool TablesView::groupsWithoutTable() const
{
    const auto k = kind();
    if (!session_ || !k || table_ || !group_->isChecked() || !SummaryTables::groupsDirectly(*k))
        return false;
    for (int c = 0; c < view_->filterCount(); ++c)
        if (!view_->filterText(c).isEmpty())
            return false;
    return true;
}

void TablesView::loadTable()
{
    const auto k = kind();
    if (!session_ || !k || loads_.isBusy())
        return;
    // The job keeps the session alive while it reads.
    loads_.start([session = session_, kind = *k](JobControl &job) { return session->tables->table(kind, job.cancelFlag()); },
                 [this](std::shared_ptr<const SummaryTable> table) {
                     table_ = table;
                     view_->setFilterColumns(table ? table->columns() : std::vector<SummaryColumn>());
                     group_->setEnabled(table && table->groupColumn() >= 0);
                     applyFilters();
                     Q_EMIT loaded();
                 });
    updateCount();
}

bool TablesView::waitForLoaded(int msecs)
{
    QDeadlineTimer deadline(msecs);
    // A loaded table starts its filter request when it arrives: wait for both in turn.
    while ((isLoading() || isBusy()) && !deadline.hasExpired()) {
        opens_.waitForIdle(int(deadline.remainingTime()));
        loads_.waitForIdle(int(deadline.remainingTime()));
        requests_.waitForIdle(int(deadline.remainingTime()));
    }
    return !isLoading() && !isBusy();
}

RowScope TablesView::scope() const
{
    RowScope s;
    if (sel_.device >= 0)
        s.device = static_cast<std::uint16_t>(sel_.device);
    if (sel_.modelId >= 0)
        s.modelId = static_cast<std::uint32_t>(sel_.modelId);
    if (sel_.iteration >= 0)
        s.iteration = static_cast<std::uint32_t>(sel_.iteration);
    if (range_)
        s.timeRange = *range_;
    return s;
}

void TablesView::applyFilters()
{
    if (!table_) {
        if (groupsWithoutTable()) {
            Request q;
            q.session = session_;
            q.kind = *kind();
            q.scope = scope();
            q.grouped = true;
            q.sortColumn = sortColumn_;
            q.order = sortOrder_;
            submit(std::move(q), Busy::Grouping);
            return;
        }
        requests_.discard(); // a grouping without the table is no longer what is asked for
        busy_ = Busy::None;
        loadTable();         // the rows ungrouped (or filtered): the kind's table first
        updateCount();
        return;
    }
    const bool grouped = group_->isChecked() && table_->groupColumn() >= 0;
    // The filter row filters the rows of the kind; grouping then aggregates those rows,
    // so the edits keep meaning the kind's columns in both modes.
    Request q;
    q.table = table_;
    q.scope = scope();
    q.grouped = grouped;
    q.sortColumn = sortColumn_;
    q.order = sortOrder_;
    QStringList problems;
    for (int c = 0; c < table_->columnCount() && c < view_->filterCount(); ++c) {
        ColumnFilter f;
        QString err;
        const QString text = view_->filterText(c);
        QLineEdit *edit = view_->filterEdit(c);
        if (!ColumnFilter::parse(text, table_->columns()[static_cast<std::size_t>(c)].type, &f, &err)) {
            problems << err;
            edit->setStyleSheet(QStringLiteral("QLineEdit { border: 1px solid #c0392b; }"));
            continue;
        }
        edit->setStyleSheet(QString());
        if (!f.isEmpty())
            q.filters.emplace_back(c, std::move(f));
    }
    filterError_->setText(problems.join(u'\n'));
    filterError_->setVisible(!problems.isEmpty());
    submit(std::move(q), grouped ? Busy::Grouping : Busy::Filtering);
}

void TablesView::updateCount()
{
    if (isLoading()) {
        count_->setText(tr("Loading…"));
        return;
    }
    switch (busy_) {
    case Busy::Sorting: count_->setText(tr("Sorting…")); return;
    case Busy::Filtering: count_->setText(tr("Filtering…")); return;
    case Busy::Grouping: count_->setText(tr("Grouping…")); return;
    case Busy::None: break;
    }
    const auto *groups = dynamic_cast<const GroupedTable *>(shown_.get());
    if (!table_ && !groups) {
        count_->setText(session_ ? tr("No table") : (error_.isEmpty() ? tr("No session selected") : error_));
        return;
    }
    const QLocale l;
    const std::size_t shown = model_->rows().size();
    if (groups)
        count_->setText(tr("%1 groups of %2 rows").arg(l.toString(qulonglong(shown)), l.toString(qulonglong(groups->sourceRowCount()))));
    else if (shown == table_->rowCount())
        count_->setText(tr("%1 rows").arg(l.toString(qulonglong(shown))));
    else
        count_->setText(tr("%1 of %2 rows").arg(l.toString(qulonglong(shown)), l.toString(qulonglong(table_->rowCount()))));
}

void TablesView::setTimeRange(qint64 start, qint64 end)
{
    if (jumping_)
        return; // our own "show in timeline" selected that range
    if (end < start)
        std::swap(start, end);
    if (end <= start) {
        clearTimeRange();
        return;
    }
    range_ = std::make_pair(start, end);
    retranslateUi();
    applyFilters();
}

void TablesView::clearTimeRange()
{
    if (!range_)
        return;
    range_.reset();
    retranslateUi();
    applyFilters();
}

void TablesView::jumpTo(const QModelIndex &index)
{
    const SummaryTable *t = model_->table();
    if (!t || !index.isValid())
        return;
    const RowSpan s = t->span(model_->sourceRow(index.row()));
    if (!s.hasTime)
        return;
    QList<int> devices;
    if (s.hasDevice)
        devices << int(s.device);
    jumping_ = true;
    Q_EMIT showEvidenceRequested(devices, s.start, s.end, s.stream, s.start);
    jumping_ = false;
}

QString TablesView::selectionText() const
{
    const SummaryTable *t = model_->table();
    const QModelIndexList sel = view_->selectionModel() ? view_->selectionModel()->selectedIndexes() : QModelIndexList();
    if (!t || sel.isEmpty())
        return {};
    int r0 = INT_MAX, r1 = -1;
    std::vector<int> cols;
    for (const auto &i : sel) {
        r0 = std::min(r0, i.row());
        r1 = std::max(r1, i.row());
        if (std::find(cols.begin(), cols.end(), i.column()) == cols.end())
            cols.push_back(i.column());
    }
    // Columns in the order the user sees them.
    std::sort(cols.begin(), cols.end(), [this](int a, int b) {
        return view_->horizontalHeader()->visualIndex(a) < view_->horizontalHeader()->visualIndex(b);
    });
    QString out;
    for (std::size_t c = 0; c < cols.size(); ++c)
        out += (c ? QStringLiteral("\t") : QString()) + t->columns()[static_cast<std::size_t>(cols[c])].name;
    out += u'\n';
    for (int r = r0; r <= r1; ++r) {
        bool any = false;
        QString line;
        for (std::size_t c = 0; c < cols.size(); ++c) {
            const QModelIndex i = model_->index(r, cols[c]);
            const bool selected = view_->selectionModel()->isSelected(i);
            any = any || selected;
            line += (c ? QStringLiteral("\t") : QString()) + (selected ? t->text(model_->sourceRow(r), cols[c]) : QString());
        }
        if (any)
            out += line + u'\n';
    }
    return out;
}

void TablesView::copySelection()
{
    const QString text = selectionText();
    if (!text.isEmpty())
        QApplication::clipboard()->setText(text);
}

bool TablesView::exportCsv(const QString &path, QString *error) const
{
    const SummaryTable *t = model_->table();
    if (!t) {
        if (error)
            *error = tr("There is no table to export.");
        return false;
    }
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly)) {
        if (error)
            *error = tr("Could not write %1: %2.").arg(path, f.errorString());
        return false;
    }
    std::string buf;
    const auto flush = [&] {
        f.write(buf.data(), static_cast<qint64>(buf.size()));
        buf.clear();
    };
    const QHeaderView *h = view_->horizontalHeader();
    std::vector<int> cols;
    for (int v = 0; v < h->count(); ++v)
        if (!h->isSectionHidden(h->logicalIndex(v)))
            cols.push_back(h->logicalIndex(v));
    for (std::size_t c = 0; c < cols.size(); ++c) {
        if (c)
            buf += ',';
        buf += exporting::csvCell(t->columns()[static_cast<std::size_t>(cols[c])].name.toStdString());
    }
    buf += '\n';
    for (std::uint32_t r : model_->rows()) {
        for (std::size_t c = 0; c < cols.size(); ++c) {
            if (c)
                buf += ',';
            const Cell cell = t->cell(r, cols[c]);
            if (cell.kind == Cell::Kind::Text)
                buf += exporting::csvCell(cell.text);
            else
                appendCell(cell, &buf);
        }
        buf += '\n';
        if (buf.size() > (1u << 20))
            flush();
    }
    flush();
    if (!f.commit()) {
        if (error)
            *error = tr("Could not write %1: %2.").arg(path, f.errorString());
        return false;
    }
    return true;
}

void TablesView::exportDialog()
{
    const auto k = kind();
    const QString suggested = k ? QString::fromLatin1(summaryKindStem(*k)) + QStringLiteral(".csv") : QStringLiteral("table.csv");
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Visible Rows as CSV"), suggested, tr("CSV files (*.csv)"));
    if (path.isEmpty())
        return;
    QString err;
    if (!exportCsv(path, &err))
        QMessageBox::warning(this, tr("Export Visible Rows"), err);
}

void TablesView::showContextMenu(const QPoint &pos)
{
    QMenu menu(this);
    QAction *copy = menu.addAction(tr("&Copy"), this, &TablesView::copySelection);
    copy->setShortcut(QKeySequence::Copy);
    copy->setEnabled(view_->selectionModel() && view_->selectionModel()->hasSelection());
    const QModelIndex at = view_->indexAt(pos);
    QAction *jump = menu.addAction(tr("Show in &Timeline"), this, [this, at] { jumpTo(at); });
    jump->setEnabled(at.isValid() && model_->table() && model_->table()->span(model_->sourceRow(at.row())).hasTime);
    menu.addSeparator();
    QAction *exp = menu.addAction(tr("&Export Visible Rows as CSV…"), this, &TablesView::exportDialog);
    exp->setEnabled(model_->table() != nullptr);
    menu.exec(view_->viewport()->mapToGlobal(pos));
}

} // namespace npuscope::ui
