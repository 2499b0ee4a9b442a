#include "ui/timeline/details_panel.h"
#include "ui/timeline/flow_overlay.h"
#include "core/text/display.h"

#include "core/analysis/timeline_math.h"
#include "core/analysis/timeline_stats.h"
#include "core/options/profiling_options.h"
#include "ui/timeline/timeline_view.h"

#include <QHeaderView>
#include <QKeyEvent>
#include <QListWidget>
#include <QTableWidget>
#include <QTreeWidget>

#include <algorithm>
#include <cmath>

namespace npuscope::ui::timeline {

using namespace analysis::timeline;

DetailsPanel::DetailsPanel(QWidget *parent) : QTabWidget(parent)
{
    details_ = new QTreeWidget(this);
    details_->setObjectName(QStringLiteral("timelineDetails"));
    details_->setColumnCount(2);
    details_->setRootIsDecorated(false);
    details_->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    stats_ = new QTableWidget(this);
    stats_->setObjectName(QStringLiteral("timelineStats"));
    stats_->setColumnCount(7);
    stats_->verticalHeader()->hide();
    stats_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    stats_->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);
    marks_ = new QListWidget(this);
    marks_->setObjectName(QStringLiteral("timelineMarks"));
    marks_->installEventFilter(this);
    connect(marks_, &QListWidget::itemActivated, this,
            [this](QListWidgetItem *it) { Q_EMIT markActivated(marks_->row(it)); });
    addTab(details_, QString());
    addTab(stats_, QString());
    addTab(marks_, QString());
    retranslateUi();
}

void DetailsPanel::retranslateUi()
{
    details_->setHeaderLabels({TimelineView::tr("Field"), TimelineView::tr("Value")});
    stats_->setHorizontalHeaderLabels({TimelineView::tr("Group"), TimelineView::tr("Name"), TimelineView::tr("Count"),
                                       TimelineView::tr("Total"), TimelineView::tr("Mean"), TimelineView::tr("Min"),
                                       TimelineView::tr("Max")});
    setTabText(0, TimelineView::tr("Details"));
    setTabText(1, TimelineView::tr("Range statistics"));
    setTabText(2, TimelineView::tr("Marks"));
}

bool DetailsPanel::eventFilter(QObject *obj, QEvent *e)
{
    if (obj == marks_ && e->type() == QEvent::KeyPress && static_cast<QKeyEvent *>(e)->key() == Qt::Key_Delete) {
        if (marks_->currentRow() >= 0)
            Q_EMIT markRemovalRequested(marks_->currentRow());
        return true;
    }
    return QTabWidget::eventFilter(obj, e);
}

void DetailsPanel::clearEvent()
{
    details_->clear();
}

void DetailsPanel::clearRange()
{
    stats_->setRowCount(0);
}

QString DetailsPanel::detailsText() const
{
    QString out;
    for (int i = 0; i < details_->topLevelItemCount(); ++i) {
        const auto *it = details_->topLevelItem(i);
        out += it->text(0) + QStringLiteral(": ") + it->text(1) + QLatin1Char('\n');
    }
    return out;
}

void DetailsPanel::setMarks(const std::vector<store::TimelineMark> &marks, TimeNs origin)
{
    marks_->clear();
    for (const auto &mk : marks)
        marks_->addItem(TimelineView::tr("%1 — %2 to %3 (%4)")
                            .arg(mk.label, display::duration(double(mk.start - origin)), display::duration(double(mk.end - origin)),
                                 display::duration(double(mk.end - mk.start))));
}

namespace {

// The rows of the details tree for one event, with the model's strings and clock at hand.
struct DetailRows {
    QTreeWidget *tree;
    const Model &m;
    void add(const QString &field, const QString &value) const
    {
        auto *it = new QTreeWidgetItem(tree);
        it->setText(0, field);
        it->setText(1, value);
    }
    QString str(StrId id) const
    {
        const auto s = m.string(id);
        return s.empty() ? QStringLiteral("N/A") : QString::fromUtf8(s.data(), qsizetype(s.size()));
    }
    QString absTime(TimeNs rel) const
    {
        return TimelineView::tr("%1 (%2 ns on the device clock)").arg(display::duration(double(rel))).arg(rel + m.origin);
    }
};

// A stream lane's task, read back from the project with its op and PMU values.
void taskRows(const DetailRows &out, const Lane &l, std::size_t i, const store::TimelineStore *store)
{
    const Model &m = out.m;
    TaskRecord t;
    if (!store || !store->findTask(l.device, l.id, l.events.startAt(i) + m.origin, l.events.nameAt(i), &t)) {
        out.add(TimelineView::tr("Task"), TimelineView::tr("The task could not be read from the project: %1").arg(store ? store->errorString() : QString()));
        return;
    }
    const OpDesc *op = t.opId && t.opId < m.ops.size() && m.ops[t.opId].id ? &m.ops[t.opId] : nullptr;
    out.add(TimelineView::tr("Op Name"), op ? out.str(op->name) : out.str(t.name));
    out.add(TimelineView::tr("OP Type"), op ? out.str(op->opType) : QStringLiteral("N/A"));
    const std::string_view typeText = t.type < m.strings.size() ? std::string_view(m.strings[t.type]) : std::string_view();
    out.add(TimelineView::tr("Task Type"), typeText.empty() ? QString::fromLatin1(taskKindName(t.kind)) : out.str(t.type));
    out.add(TimelineView::tr("Stream ID"), QString::number(t.streamId));
    out.add(TimelineView::tr("Task ID"), QString::number(t.taskId));
    out.add(TimelineView::tr("Batch ID"), QString::number(t.batchId));
    out.add(TimelineView::tr("Model ID"), QString::number(t.modelId));
    out.add(TimelineView::tr("Iteration"), QString::number(t.iteration));
    out.add(TimelineView::tr("Task Wait (pending)"), display::duration(double(t.pending)));
    out.add(TimelineView::tr("Block Dim"), op ? QString::number(op->blockDim) : QStringLiteral("N/A"));
    if (op && op->mixBlockDim)
        out.add(TimelineView::tr("Mix Block Dim"), QString::number(op->mixBlockDim));
    if (op && op->coreType)
        out.add(TimelineView::tr("Accelerator Core"), out.str(op->coreType));
    out.add(TimelineView::tr("Input Shapes"), op ? out.str(op->inputShapes) : QStringLiteral("N/A"));
    out.add(TimelineView::tr("Input Data Types"), op ? out.str(op->inputDataTypes) : QStringLiteral("N/A"));
    out.add(TimelineView::tr("Input Formats"), op ? out.str(op->inputFormats) : QStringLiteral("N/A"));
    out.add(TimelineView::tr("Output Shapes"), op ? out.str(op->outputShapes) : QStringLiteral("N/A"));
    out.add(TimelineView::tr("Output Data Types"), op ? out.str(op->outputDataTypes) : QStringLiteral("N/A"));
    out.add(TimelineView::tr("Output Formats"), op ? out.str(op->outputFormats) : QStringLiteral("N/A"));
    out.add(TimelineView::tr("Total Cycles"), isAiCoreKind(t.kind) ? QString::number(t.totalCycles) : QStringLiteral("N/A"));
    ProfilingOptions opts;
    ProfilingOptions::parse(m.optionsJson, &opts);
    const QStringList cols = m.pmuColumns.isEmpty() ? aicMetricsColumns(opts.aicMetrics) : m.pmuColumns;
    for (int k = 0; k < int(t.pmu.size()); ++k)
        out.add(k < cols.size() ? cols[k] : TimelineView::tr("PMU %1").arg(k), QString::number(double(t.pmu[std::size_t(k)]), 'f', 3));
    out.add(TimelineView::tr("L2 Hit Rate"), t.l2HitRate >= 0 ? QString::number(double(t.l2HitRate), 'f', 3) : QStringLiteral("N/A"));
    out.add(TimelineView::tr("L2 Victim Rate"), t.l2VictimRate >= 0 ? QString::number(double(t.l2VictimRate), 'f', 3) : QStringLiteral("N/A"));
}

// The record behind an event of the other lanes.
void recordRows(const DetailRows &out, const Lane &l, std::size_t i, const store::TimelineStore *store)
{
    const Model &m = out.m;
    if (l.record.size() <= i)
        return;
    const std::uint32_t r = l.record[i];
    switch (l.kind) {
    case LaneKind::Plane: {
        HcclTaskRecord h;
        if (!store || r == 0 || !store->findHcclTask(r, &h)) {
            out.add(TimelineView::tr("HCCL task"), TimelineView::tr("The HCCL task could not be read from the project: %1").arg(store ? store->errorString() : QString()));
            break;
        }
        out.add(TimelineView::tr("notify_id"), QString::number(h.notifyId));
        out.add(TimelineView::tr("duration estimated(us)"), display::number(h.durationEstimatedUs, 3));
        out.add(TimelineView::tr("stream id"), QString::number(h.streamId));
        out.add(TimelineView::tr("task id"), QString::number(h.taskId));
        out.add(TimelineView::tr("task type"), out.str(h.name));
        out.add(TimelineView::tr("src rank"), QString::number(h.srcRank));
        out.add(TimelineView::tr("dst rank"), h.dstRank == kInvalidId ? QString::number(kInvalidId) : QString::number(h.dstRank));
        out.add(TimelineView::tr("transport type"), out.str(h.transportType));
        out.add(TimelineView::tr("size(Byte)"), QString::number(h.sizeBytes));
        out.add(TimelineView::tr("data type"), out.str(h.dataType));
        out.add(TimelineView::tr("link type"), out.str(h.linkType));
        out.add(TimelineView::tr("bandwidth(GB/s)"), display::number(h.bandwidthGBps, 3));
        out.add(TimelineView::tr("Plane"), QString::number(h.plane));
        out.add(TimelineView::tr("Iteration"), QString::number(h.iteration));
        break;
    }
    case LaneKind::CommKernel: {
        const auto &c = m.collectives[r];
        out.add(TimelineView::tr("OP Type"), out.str(c.opType));
        out.add(TimelineView::tr("Size(Byte)"), QString::number(c.bytes));
        out.add(TimelineView::tr("Segment"), QString::number(c.segment));
        out.add(TimelineView::tr("Iteration"), QString::number(c.iteration));
        break;
    }
    case LaneKind::Cann:
    case LaneKind::MsprofTx: {
        const auto &h = m.hostRanges[r];
        out.add(TimelineView::tr("pid"), QString::number(h.pid));
        out.add(TimelineView::tr("tid"), QString::number(h.tid));
        out.add(TimelineView::tr("Model Id"), QString::number(h.modelId));
        if (l.kind == LaneKind::MsprofTx) {
            out.add(TimelineView::tr("category"), QString::number(h.category));
            out.add(TimelineView::tr("event_type"), out.str(h.eventType));
            out.add(TimelineView::tr("payload_type"), QString::number(h.payloadType));
            out.add(TimelineView::tr("payload_value"), QString::number(h.payloadValue));
            out.add(TimelineView::tr("message_type"), out.str(h.messageType));
        }
        break;
    }
    case LaneKind::Python: {
        if (r >= m.pythonRanges.size())
            break;
        const auto &py = m.pythonRanges[r];
        out.add(TimelineView::tr("Category"), out.str(py.category));
        out.add(TimelineView::tr("pid"), QString::number(py.pid));
        out.add(TimelineView::tr("tid"), QString::number(py.tid));
        out.add(TimelineView::tr("Depth"), QString::number(l.id % kPythonDepths));
        if (py.inputShapes)
            out.add(TimelineView::tr("Input Shapes"), out.str(py.inputShapes));
        if (py.inputTypes)
            out.add(TimelineView::tr("Input Data Types"), out.str(py.inputTypes));
        if (py.sequence >= 0)
            out.add(TimelineView::tr("Sequence number"), QString::number(py.sequence));
        if (py.fwdThread)
            out.add(TimelineView::tr("Forward thread"), QString::number(py.fwdThread));
        if (py.correlation)
            out.add(TimelineView::tr("Correlation ID"), QString::number(py.correlation));
        if (py.callStack) {
            // One frame per child row (the source separates them with ';' and a line break).
            QStringList frames;
            for (const QString &f : out.str(py.callStack).split(QLatin1Char(';'), Qt::SkipEmptyParts))
                if (const QString t = f.trimmed(); !t.isEmpty())
                    frames << t;
            auto *it = new QTreeWidgetItem(out.tree);
            it->setText(0, TimelineView::tr("Call stack"));
            it->setText(1, frames.value(0));
            it->setToolTip(1, frames.join(QLatin1Char('\n')));
            for (const QString &frame : frames)
                (new QTreeWidgetItem(it))->setText(1, frame);
        }
        break;
    }
    case LaneKind::AiCpu: {
        const auto &a = m.aiCpu[r];
        out.add(TimelineView::tr("Stream ID"), QString::number(a.streamId));
        out.add(TimelineView::tr("Task ID"), QString::number(a.taskId));
        out.add(TimelineView::tr("Compute_time"), display::duration(double(a.computeTime)));
        out.add(TimelineView::tr("Memcpy_time"), display::duration(double(a.memcpyTime)));
        out.add(TimelineView::tr("Task_time"), display::duration(double(a.taskTime)));
        out.add(TimelineView::tr("Dispatch_time"), display::duration(double(a.dispatchTime)));
        out.add(TimelineView::tr("Total_time"), display::duration(double(a.totalTime)));
        break;
    }
    case LaneKind::StepTrace: {
        const auto &s = m.steps[r];
        out.add(TimelineView::tr("Iteration ID"), QString::number(s.iteration));
        out.add(TimelineView::tr("FP Start"), out.absTime(s.fpStart));
        out.add(TimelineView::tr("BP End"), out.absTime(s.bpEnd));
        out.add(TimelineView::tr("Iteration End"), out.absTime(s.iterationEnd));
        out.add(TimelineView::tr("FP to BP Time"), display::duration(double(s.bpEnd - s.fpStart)));
        out.add(TimelineView::tr("Iteration Refresh"), display::duration(double(s.iterationEnd - s.bpEnd)));
        if (s.previousIterationEnd >= 0)
            out.add(TimelineView::tr("Data Aug Bound"), display::duration(double(s.fpStart - s.previousIterationEnd)));
        break;
    }
    default:
        break;
    }
}

} // namespace

void DetailsPanel::showEvent(const Model &m, int lane, std::size_t event, const store::TimelineStore *store)
{
    details_->clear();
    setCurrentWidget(details_);
    Q_EMIT wantsShown();
    const auto &l = m.lanes[std::size_t(lane)];
    const std::size_t i = event;
    const DetailRows rows{details_, m};
    rows.add(TimelineView::tr("Lane"), TimelineView::tr("Device %1 · %2 · %3").arg(l.device).arg(l.process, l.title));
    rows.add(TimelineView::tr("Name"), rows.str(l.events.nameAt(i)));
    rows.add(TimelineView::tr("Start"), rows.absTime(l.events.startAt(i)));
    rows.add(TimelineView::tr("Duration"), display::duration(double(l.events.durationAt(i))));
    // Flow arrows at this event: where each leads (J or the event's menu follows the first).
    for (std::size_t f : flowsOf(m, lane, i)) {
        const FlowLink &fl = m.flows[f];
        const bool out = fl.fromLane == lane && fl.fromEvent == i;
        const Lane &o = m.lanes[std::size_t(out ? fl.toLane : fl.fromLane)];
        const std::size_t oe = out ? fl.toEvent : fl.fromEvent;
        rows.add(out ? TimelineView::tr("Flow to") : TimelineView::tr("Flow from"),
            TimelineView::tr("%1 · %2 · %3 at %4 (%5; J follows)")
                .arg(o.process, o.title, rows.str(o.events.nameAt(oe)), display::duration(double(o.events.startAt(oe))), rows.str(fl.category)));
    }
    if (l.kind == LaneKind::Stream)
        taskRows(rows, l, i, store);
    else
        recordRows(rows, l, i, store);
}

void DetailsPanel::showRange(const Model &m, TimeNs t0, TimeNs t1)
{
    stats_->setRowCount(0);
    if (t1 <= t0)
        return;
    std::vector<const LaneEvents *> lanes;
    for (const auto &l : m.lanes)
        if (l.kind == LaneKind::Stream)
            lanes.push_back(&l.events);
    const RangeStats st = rangeStats(lanes, t0, t1);
    auto addRow = [&](const QString &group, const QString &name, const Aggregate &a) {
        const int r = stats_->rowCount();
        stats_->insertRow(r);
        const QString cells[] = {group, name, QString::number(a.count), display::duration(double(a.total)), display::duration(a.mean()),
                                 display::duration(double(a.min)), display::duration(double(a.max))};
        for (int c = 0; c < 7; ++c) {
            auto *it = new QTableWidgetItem(cells[c]);
            if (c >= 2)
                it->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            stats_->setItem(r, c, it);
        }
    };
    addRow(TimelineView::tr("All tasks"), TimelineView::tr("%1 in range").arg(display::duration(double(t1 - t0))), st.all);
    for (const auto &[type, a] : st.byTaskType)
        addRow(TimelineView::tr("Task type"), QString::fromLatin1(taskKindName(static_cast<TaskKind>(type))), a);
    std::vector<std::pair<StrId, Aggregate>> ops(st.byOpType.begin(), st.byOpType.end());
    std::sort(ops.begin(), ops.end(), [](auto &a, auto &b) { return a.second.total > b.second.total; });
    for (const auto &[op, a] : ops) {
        const auto s = m.string(op);
        addRow(TimelineView::tr("Op type"), op ? QString::fromUtf8(s.data(), qsizetype(s.size())) : TimelineView::tr("(no op type)"), a);
    }
    // Overlap Analysis shares: time covered by each overlap lane inside the range.
    for (const auto &l : m.lanes) {
        if (l.kind != LaneKind::Overlap)
            continue;
        const auto &e = l.events;
        TimeNs c = 0;
        for (std::size_t i = e.firstEndingAfter(t0); i < e.size() && e.startAt(i) < t1; ++i)
            c += std::min(e.end(i), t1) - std::max(e.startAt(i), t0);
        const double span = double(t1 - t0);
        const int r = stats_->rowCount();
        stats_->insertRow(r);
        stats_->setItem(r, 0, new QTableWidgetItem(TimelineView::tr("Overlap Analysis, device %1").arg(l.device)));
        stats_->setItem(r, 1, new QTableWidgetItem(l.title));
        auto *share = new QTableWidgetItem(QStringLiteral("%1 %").arg(100.0 * double(c) / span, 0, 'f', 1));
        share->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        stats_->setItem(r, 2, share);
        auto *total = new QTableWidgetItem(display::duration(double(c)));
        total->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        stats_->setItem(r, 3, total);
    }
    stats_->resizeColumnToContents(0);
    setCurrentWidget(stats_);
    Q_EMIT wantsShown();
}

} // namespace npuscope::ui::timeline
