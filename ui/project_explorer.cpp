#include "ui/project_explorer.h"
#include "ui/background.h"
#include "core/text/display.h"

#include "core/store/project.h"
#include "core/store/session_edit.h"
#include "ui/format.h"

#include <QAction>
#include <QEvent>
#include <QFileInfo>
#include <QHeaderView>
#include <QInputDialog>
#include <QLocale>
#include <QMenu>
#include <QSet>
#include <QShortcut>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <map>

namespace npuscope::ui {

namespace {
constexpr int kSessionRole = Qt::UserRole + 1;
constexpr int kDeviceRole = Qt::UserRole + 2;
constexpr int kModelRole = Qt::UserRole + 3;
constexpr int kIterationRole = Qt::UserRole + 4;
constexpr int kNameRole = Qt::UserRole + 5;  // a session's own name (the item says "Session N: name")

// A stable key per item, so expansion survives a reload that rebuilds the tree.
QString keyOf(const QTreeWidgetItem *it)
{
    return QStringLiteral("%1/%2/%3/%4")
        .arg(it->data(0, kSessionRole).toLongLong())
        .arg(it->data(0, kDeviceRole).toInt())
        .arg(it->data(0, kModelRole).toLongLong())
        .arg(it->data(0, kIterationRole).toLongLong());
}

void setIds(QTreeWidgetItem *it, std::int64_t s, int d, std::int64_t m, std::int64_t i)
{
    it->setData(0, kSessionRole, qlonglong(s));
    it->setData(0, kDeviceRole, d);
    it->setData(0, kModelRole, qlonglong(m));
    it->setData(0, kIterationRole, qlonglong(i));
    for (int c = 1; c < 4; ++c)
        it->setTextAlignment(c, Qt::AlignRight | Qt::AlignVCenter);
}
} // namespace

ProjectExplorer::ProjectExplorer(QWidget *parent)
    : QWidget(parent)
{
    qRegisterMetaType<ExplorerSelection>();
    tree_ = new QTreeWidget(this);
    tree_->setColumnCount(4);
    // The name takes what the figure columns leave: a long (imported) name is elided, with
    // the whole of it in the tooltip, and never pushes Status, Duration and Records out of
    // sight. The user can still widen it (the tree then scrolls sideways).
    tree_->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    tree_->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    tree_->header()->setStretchLastSection(false);
    tree_->setTextElideMode(Qt::ElideMiddle);
    tree_->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(tree_, &QWidget::customContextMenuRequested, this, [this](const QPoint &at) {
        QTreeWidgetItem *it = tree_->itemAt(at);
        const ExplorerSelection sel = selectionOf(it);
        if (!it || sel.sessionId <= 0 || sel.device != -1)
            return;
        tree_->setCurrentItem(it);
        auto *menu = new QMenu(this);
        menu->setAttribute(Qt::WA_DeleteOnClose);
        QAction *rename = menu->addAction(tr("&Rename Session…"), this, &ProjectExplorer::renameSelected);
        rename->setShortcut(QKeySequence(Qt::Key_F2));
        menu->popup(tree_->viewport()->mapToGlobal(at));
    });
    // F2 is ours (rename in the project), not the view's in-place editing.
    tree_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    auto *f2 = new QShortcut(QKeySequence(Qt::Key_F2), this, nullptr, nullptr, Qt::WidgetWithChildrenShortcut);
    connect(f2, &QShortcut::activated, this, &ProjectExplorer::renameSelected);
    tree_->setAlternatingRowColors(true);
    tree_->setUniformRowHeights(true);
    auto *l = new QVBoxLayout(this);
    l->setContentsMargins(0, 0, 0, 0);
    l->addWidget(tree_);
    connect(tree_, &QTreeWidget::itemExpanded, this, &ProjectExplorer::populate);
    connect(tree_, &QTreeWidget::currentItemChanged, this,
            [this](QTreeWidgetItem *cur, QTreeWidgetItem *) { Q_EMIT selectionChanged(selectionOf(cur)); });
    retranslateUi();
}

ProjectExplorer::~ProjectExplorer() = default;

store::Project *ProjectExplorer::ensureProject(QString *message)
{
    if (!project_ && !path_.isEmpty()) {
        store::StoreError err = store::StoreError::None;
        // The window checked the file in full before handing it over (open, record, import).
        project_ = store::Project::open(path_, store::Project::Mode::ReadOnly, &err, message, store::Project::Check::Schema);
    }
    return project_.get();
}

void ProjectExplorer::changeEvent(QEvent *e)
{
    if (e->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(e);
}

void ProjectExplorer::retranslateUi()
{
    tree_->setHeaderLabels({tr("Project"), tr("Status"), tr("Duration"), tr("Records")});
    tree_->headerItem()->setToolTip(2, tr("Session: wall-clock time of the run. Iteration: end of the previous "
                                          "iteration to the end of this one (step trace)."));
    if (!path_.isEmpty())
        reload();
}

bool ProjectExplorer::setProject(const QString &path, QString *message, std::shared_ptr<store::Project> opened)
{
    path_ = path.isEmpty() ? QString() : QFileInfo(path).absoluteFilePath();
    // A new (or re-given) project is checked again when opened, unless that was just done.
    // The previous project's connection closes off the GUI thread (it may fold the -wal
    // into the file).
    releaseInBackground(std::move(project_));
    project_ = opened && opened->path() == path_ ? std::move(opened) : nullptr;
    tree_->clear();
    if (path_.isEmpty()) {
        Q_EMIT selectionChanged({});
        return true;
    }
    const bool ok = reload(message);
    // Show the newest session by default, with its devices.
    if (tree_->topLevelItemCount() && tree_->topLevelItem(0)->childCount()) {
        QTreeWidgetItem *root = tree_->topLevelItem(0);
        QTreeWidgetItem *newest = root->child(root->childCount() - 1);
        newest->setExpanded(true);
        tree_->setCurrentItem(newest);
    }
    return ok;
}

bool ProjectExplorer::reload(QString *message)
{
    if (path_.isEmpty())
        return true;
    QString why;
    store::Project *project = ensureProject(&why);
    if (!project) {
        if (message)
            *message = why;
        return false;
    }
    // Remember what the user sees.
    QSet<QString> expanded;
    std::function<void(QTreeWidgetItem *)> collect = [&](QTreeWidgetItem *it) {
        if (it->isExpanded())
            expanded.insert(keyOf(it));
        for (int i = 0; i < it->childCount(); ++i)
            collect(it->child(i));
    };
    const bool first = tree_->topLevelItemCount() == 0;
    for (int i = 0; i < tree_->topLevelItemCount(); ++i)
        collect(tree_->topLevelItem(i));
    const ExplorerSelection selected = selection();

    const QSignalBlocker block(tree_);
    tree_->setUpdatesEnabled(false);
    tree_->clear();
    auto *root = new QTreeWidgetItem(tree_, {QFileInfo(path_).fileName()});
    setIds(root, 0, -1, -1, -1);
    root->setToolTip(0, path_);
    for (const store::SessionSummary &s : project->sessions()) {
        const std::int64_t durUs = s.endedWallUs > s.startedWallUs ? s.endedWallUs - s.startedWallUs : 0;
        auto *si = new QTreeWidgetItem(root, {tr("Session %1: %2").arg(s.id).arg(s.info.name), statusText(s.status),
                                              durUs ? display::duration(durUs * 1000) : QString(),
                                              QLocale().toString(qulonglong(s.recordCount))});
        setIds(si, s.id, -1, -1, -1);
        si->setData(0, kNameRole, s.info.name);
        si->setToolTip(0, tr("%1\n%2, batch %3, %4, %5\nF2 renames it.").arg(s.info.name, s.info.spec.model,
                QString::number(s.info.spec.batchSize),
                launchModeName(s.info.spec.mode),
                precisionName(s.info.spec.precision)));
        if (s.status == SessionStatus::Failed)
            si->setForeground(1, QColor(0xd0, 0x33, 0x4a));
        else if (s.status == SessionStatus::Cancelled || s.status == SessionStatus::Running)
            si->setForeground(1, QColor(0xc0, 0x80, 0x00));
        for (const DeviceInfo &d : s.info.devices) {
            auto *di = new QTreeWidgetItem(si, {tr("Device %1 (rank %2)").arg(d.id).arg(d.rankId)});
            setIds(di, s.id, d.id, -1, -1);
            for (const ModelInfo &mi : s.info.models) {
                auto *modelItem = new QTreeWidgetItem(
                    di, {tr("Model %1: %2").arg(mi.id).arg(mi.name), QString(), QString(),
                         tr("%n iteration(s)", nullptr, mi.iterations)});
                setIds(modelItem, s.id, d.id, mi.id, -1);
                // Iterations are read when the model is expanded: a long session has
                // thousands, and reload() runs every second while a recording writes.
                modelItem->setChildIndicatorPolicy(QTreeWidgetItem::ShowIndicator);
            }
        }
    }
    root->setExpanded(true);
    std::function<void(QTreeWidgetItem *)> restore = [&](QTreeWidgetItem *it) {
        if (expanded.contains(keyOf(it))) {
            populate(it);
            it->setExpanded(true);
        }
        for (int i = 0; i < it->childCount(); ++i)
            restore(it->child(i));
    };
    if (!first)
        restore(root);
    tree_->setUpdatesEnabled(true);
    if (QTreeWidgetItem *it = itemFor(selected))
        tree_->setCurrentItem(it);
    return true;
}

void ProjectExplorer::populate(QTreeWidgetItem *modelItem)
{
    const ExplorerSelection sel = selectionOf(modelItem);
    if (sel.modelId < 0 || sel.iteration >= 0 || modelItem->childCount() > 0)
        return;
    QString message;
    store::Project *project = ensureProject(&message);
    auto reader = project ? project->session(sel.sessionId, &message) : nullptr;
    if (!reader) {
        modelItem->setToolTip(0, message);
        return;
    }
    TimeNs total = 0;
    const auto steps = reader->stepTraces(std::uint16_t(sel.device), std::uint32_t(sel.modelId));
    for (const StepTraceRecord &st : steps) {
        const TimeNs begin = st.previousIterationEnd >= 0 ? st.previousIterationEnd : st.fpStart;
        const TimeNs dur = st.iterationEnd - begin;
        total += dur;
        auto *ii = new QTreeWidgetItem(modelItem, {tr("Iteration %1").arg(st.iteration), QString(), display::duration(dur), QString()});
        ii->setToolTip(2, tr("FP start to BP end: %1").arg(display::duration(st.bpEnd - st.fpStart)));
        setIds(ii, sel.sessionId, sel.device, sel.modelId, st.iteration);
    }
    if (steps.empty()) {
        // Without training_trace there is no step trace: list what was recorded.
        for (const IterationKey &k : reader->iterations())
            if (k.device == sel.device && std::int64_t(k.modelId) == sel.modelId) {
                auto *ii = new QTreeWidgetItem(modelItem, {tr("Iteration %1").arg(k.iteration)});
                ii->setToolTip(2, tr("No step trace: record with training_trace on to see iteration times."));
                setIds(ii, sel.sessionId, sel.device, sel.modelId, k.iteration);
            }
    }
    if (total)
        modelItem->setText(2, display::duration(total));
    modelItem->setChildIndicatorPolicy(QTreeWidgetItem::DontShowIndicatorWhenChildless);
}

ExplorerSelection ProjectExplorer::selectionOf(QTreeWidgetItem *it) const
{
    ExplorerSelection s;
    s.projectPath = path_;
    if (!it)
        return s;
    s.sessionId = it->data(0, kSessionRole).toLongLong();
    s.device = it->data(0, kDeviceRole).toInt();
    s.modelId = it->data(0, kModelRole).toLongLong();
    s.iteration = it->data(0, kIterationRole).toLongLong();
    return s;
}

ExplorerSelection ProjectExplorer::selection() const
{
    return selectionOf(tree_->currentItem());
}

QTreeWidgetItem *ProjectExplorer::itemFor(const ExplorerSelection &sel) const
{
    if (!tree_->topLevelItemCount() || sel.sessionId == 0)
        return tree_->topLevelItemCount() && sel.projectPath == path_ && !path_.isEmpty() ? tree_->topLevelItem(0)
                                                                                         : nullptr;
    QTreeWidgetItem *best = nullptr;
    std::function<void(QTreeWidgetItem *)> walk = [&](QTreeWidgetItem *it) {
        const ExplorerSelection s = selectionOf(it);
        const bool prefix = s.sessionId == sel.sessionId && (s.device == -1 || s.device == sel.device)
                            && (s.modelId == -1 || s.modelId == sel.modelId)
                            && (s.iteration == -1 || s.iteration == sel.iteration);
        if (!prefix)
            return;
        best = it;
        for (int i = 0; i < it->childCount(); ++i)
            walk(it->child(i));
    };
    QTreeWidgetItem *root = tree_->topLevelItem(0);
    for (int i = 0; i < root->childCount(); ++i)
        walk(root->child(i));
    return best;
}

QString ProjectExplorer::readOnlyRenameMessage() const
{
    return tr("The project is open in another NPU Scope window: it is read-only here, the session keeps its name. "
              "Rename it in that window, or close it there and open the project again.");
}

void ProjectExplorer::renameSelected()
{
    QTreeWidgetItem *it = tree_->currentItem();
    const ExplorerSelection sel = selectionOf(it);
    if (!it || sel.sessionId <= 0 || sel.device != -1)
        return;
    if (readOnly_) {
        Q_EMIT renameFailed(readOnlyRenameMessage());
        return;
    }
    // open(), not exec(): the window keeps running while the user types.
    auto *dlg = new QInputDialog(this);
    dlg->setObjectName(QStringLiteral("renameSessionDialog"));
    dlg->setAttribute(Qt::WA_DeleteOnClose);
    dlg->setWindowTitle(tr("Rename Session"));
    dlg->setLabelText(tr("New name of session %1:").arg(sel.sessionId));
    dlg->setTextValue(it->data(0, kNameRole).toString());
    const std::int64_t session = sel.sessionId;
    connect(dlg, &QInputDialog::textValueSelected, this, [this, session](const QString &name) { renameSession(session, name); });
    dlg->open();
}

bool ProjectExplorer::renameSession(std::int64_t session, const QString &name)
{
    if (path_.isEmpty() || session <= 0)
        return false;
    if (readOnly_) {
        Q_EMIT renameFailed(readOnlyRenameMessage());
        return false;
    }
    QString why;
    if (store::checkedSessionName(name, &why).isEmpty()) {
        Q_EMIT renameFailed(tr("The session could not be renamed: %1").arg(why));
        return false;
    }
    struct Outcome {
        bool ok = false;
        QString message;
    };
    edits_.start(
        [path = path_, session, name](JobControl &) {
            Outcome o;
            o.ok = store::renameSession(path, session, name, &o.message);
            return o;
        },
        [this, session, name = name.trimmed()](Outcome o) {
            if (!o.ok) {
                Q_EMIT renameFailed(o.message);
                return;
            }
            reload();
            Q_EMIT sessionRenamed(session, name);
        });
    return true;
}

void ProjectExplorer::select(const ExplorerSelection &sel)
{
    if (QTreeWidgetItem *it = itemFor(sel))
        tree_->setCurrentItem(it);
}

} // namespace npuscope::ui
