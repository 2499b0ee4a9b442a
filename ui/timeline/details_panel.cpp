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

void DetailsPanel::showEvent(const Model &m, int lane, std::size_t event, const store::TimelineStore *store)
{
    details_->clear();
    setCurrentWidget(details_);
    Q_EMIT wantsShown();
    const auto &l = m.lanes[std::size_t(lane)];
    const std::size_t i = event;
    auto add = [&](const QString &field, const QString &value) {
        auto *it = new QTreeWidgetItem(details_);
        it->setText(0, field);
        it->setText(1, value);
    };
    auto str = [&](StrId id) {
        const auto s = m.string(id);
        return s.empty() ? QStringLiteral("N/A") : QString::fromUtf8(s.data(), qsizetype(s.size()));
    };
    auto absTime = [&](TimeNs rel) {
        return TimelineView::tr("%1 (%2 ns on the device clock)").arg(display::duration(double(rel))).arg(rel + m.origin);
    };
    add(TimelineView::tr("Lane"), TimelineView::tr("Device %1 · %2 · %3").arg(l.device).arg(l.process, l.title));
    add(TimelineView::tr("Name"), str(l.events.nameAt(i)));
    add(TimelineView::tr("Start"), absTime(l.events.startAt(i)));
    add(TimelineView::tr("Duration"), display::duration(double(l.events.durationAt(i))));
    // Flow arrows at this event: where each leads (J or the event's menu follows the first).
    for (std::size_t f : flowsOf(m, lane, i)) {
        const FlowLink &fl = m.flows[f];
        const bool out = fl.fromLane == lane && fl.fromEvent == i;
        const Lane &o = m.lanes[std::size_t(out ? fl.toLane : fl.fromLane)];
        const std::size_t oe = out ? fl.toEvent : fl.fromEvent;
        add(out ? TimelineView::tr("Flow to") : TimelineView::tr("Flow from"),
            TimelineView::tr("%1 · %2 · %3 at %4 (%5; J follows)")
                .arg(o.process, o.title, str(o.events.nameAt(oe)), display::duration(double(o.events.startAt(oe))), str(fl.category)));
    }
    if (l.kind == LaneKind::Stream) {
        TaskRecord t;
        if (!store || !store->findTask(l.device, l.id, l.events.startAt(i) + m.origin, l.events.nameAt(i), &t)) {
            add(TimelineView::tr("Task"), TimelineView::tr("The task could not be read from the project: %1").arg(store ? store->errorString() : QString()));
            return;
        }
        const OpDesc *op = t.opId && t.opId < m.ops.size() && m.ops[t.opId].id ? &m.ops[t.opId] : nullptr;
        add(TimelineView::tr("Op Name"), op ? str(op->name) : str(t.name));
        add(TimelineView::tr("OP Type"), op ? str(op->opType) : QStringLiteral("N/A"));
        const std::string_view typeText = t.type < m.strings.size() ? std::string_view(m.strings[t.type]) : std::string_view();
        add(TimelineView::tr("Task Type"), typeText.empty() ? QString::fromLatin1(taskKindName(t.kind)) : str(t.type));
        add(TimelineView::tr("Stream ID"), QString::number(t.streamId));
        add(TimelineView::tr("Task ID"), QString::number(t.taskId));
        add(TimelineView::tr("Batch ID"), QString::number(t.batchId));
        add(TimelineView::tr("Model ID"), QString::number(t.modelId));
        add(TimelineView::tr("Iteration"), QString::number(t.iteration));
        add(TimelineView::tr("Task Wait (pending)"), display::duration(double(t.pending)));
        add(TimelineView::tr("Block Dim"), op ? QString::number(op->blockDim) : QStringLiteral("N/A"));
        if (op && op->mixBlockDim)
            add(TimelineView::tr("Mix Block Dim"), QString::number(op->mixBlockDim));
        if (op && op->coreType)
            add(TimelineView::tr("Accelerator Core"), str(op->coreType));
        add(TimelineView::tr("Input Shapes"), op ? str(op->inputShapes) : QStringLiteral("N/A"));
        add(TimelineView::tr("Input Data Types"), op ? str(op->inputDataTypes) : QStringLiteral("N/A"));
        add(TimelineView::tr("Input Formats"), op ? str(op->inputFormats) : QStringLiteral("N/A"));
        add(TimelineView::tr("Output Shapes"), op ? str(op->outputShapes) : QStringLiteral("N/A"));
        add(TimelineView::tr("Output Data Types"), op ? str(op->outputDataTypes) : QStringLiteral("N/A"));
        add(TimelineView::tr("Output Formats"), op ? str(op->outputFormats) : QStringLiteral("N/A"));
        add(TimelineView::tr("Total Cycles"), isAiCoreKind(t.kind) ? QString::number(t.totalCycles) : QStringLiteral("N/A"));
        ProfilingOptions opts;
        ProfilingOptions::parse(m.optionsJson, &opts);
        const QStringList cols = m.pmuColumns.isEmpty() ? aicMetricsColumns(opts.aicMetrics) : m.pmuColumns;
        for (int k = 0; k < int(t.pmu.size()); ++k)
            add(k < cols.size() ? cols[k] : TimelineView::tr("PMU %1").arg(k), QString::number(double(t.pmu[std::size_t(k)]), 'f', 3));
        add(TimelineView::tr("L2 Hit Rate"), t.l2HitRate >= 0 ? QString::number(double(t.l2HitRate), 'f', 3) : QStringLiteral("N/A"));
        add(TimelineView::tr("L2 Victim Rate"), t.l2VictimRate >= 0 ? QString::number(double(t.l2VictimRate), 'f', 3) : QStringLiteral("N/A"));
        return;
    }
    if (l.record.size() <= i)
        return;
    const std::uint32_t r = l.record[i];
    switch (l.kind) {
    case LaneKind::Plane: {
        HcclTaskRecord h;
        if (!store || r == 0 || !store->findHcclTask(r, &h)) {
            add(TimelineView::tr("HCCL task"), TimelineView::tr("The HCCL task could not be read from the project: %1").arg(store ? store->errorString() : QString()));
            break;
        }
        add(TimelineView::tr("notify_id"), QString::number(h.notifyId));
        add(TimelineView::tr("duration estimated(us)"), display::number(h.durationEstimatedUs, 3));
        add(TimelineView::tr("stream id"), QString::number(h.streamId));
        add(TimelineView::tr("task id"), QString::number(h.taskId));
        add(TimelineView::tr("task type"), str(h.name));
        add(TimelineView::tr("src rank"), QString::number(h.srcRank));
        add(TimelineView::tr("dst rank"), h.dstRank == kInvalidId ? QString::number(kInvalidId) : QString::number(h.dstRank));
        add(TimelineView::tr("transport type"), str(h.transportType));
        add(TimelineView::tr("size(Byte)"), QString::number(h.sizeBytes));
        add(TimelineView::tr("data type"), str(h.dataType));
        add(TimelineView::tr("link type"), str(h.linkType));
        add(TimelineView::tr("bandwidth(GB/s)"), display::number(h.bandwidthGBps, 3));
        add(TimelineView::tr("Plane"), QString::number(h.plane));
        add(TimelineView::tr("Iteration"), QString::number(h.iteration));
        break;
    }
    case LaneKind::CommKernel: {
        const auto &c = m.collectives[r];
        add(TimelineView::tr("OP Type"), str(c.opType));
        add(TimelineView::tr("Size(Byte)"), QString::number(c.bytes));
        add(TimelineView::tr("Segment"), QString::number(c.segment));
        add(TimelineView::tr("Iteration"), QString::number(c.iteration));
        break;
    }
    case LaneKind::Cann:
    case LaneKind::MsprofTx: {
        const auto &h = m.hostRanges[r];
        add(TimelineView::tr("pid"), QString::number(h.pid));
        add(TimelineView::tr("tid"), QString::number(h.tid));
        add(TimelineView::tr("Model Id"), QString::number(h.modelId));
        if (l.kind == LaneKind::MsprofTx) {
            add(TimelineView::tr("category"), QString::number(h.category));
            add(TimelineView::tr("event_type"), str(h.eventType));
            add(TimelineView::tr("payload_type"), QString::number(h.payloadType));
            add(TimelineView::tr("payload_value"), QString::number(h.payloadValue));
            add(TimelineView::tr("message_type"), str(h.messageType));
        }
        break;
    }
    case LaneKind::Python: {
        if (r >= m.pythonRanges.size())
            break;
        const auto &py = m.pythonRanges[r];
        add(TimelineView::tr("Category"), str(py.category));
        add(TimelineView::tr("pid"), QString::number(py.pid));
        add(TimelineView::tr("tid"), QString::number(py.tid));
        add(TimelineView::tr("Depth"), QString::number(l.id % kPythonDepths));
        if (py.inputShapes)
            add(TimelineView::tr("Input Shapes"), str(py.inputShapes));
        if (py.inputTypes)
            add(TimelineView::tr("Input Data Types"), str(py.inputTypes));
        if (py.sequence >= 0)
            add(TimelineView::tr("Sequence number"), QString::number(py.sequence));
        if (py.fwdThread)
            add(TimelineView::tr("Forward thread"), QString::number(py.fwdThread));
        if (py.correlation)
            add(TimelineView::tr("Correlation ID"), QString::number(py.correlation));
        if (py.callStack) {
            // One frame per child row (the source separates them with ';' and a line break).
            QStringList frames;
            for (const QString &f : str(py.callStack).split(QLatin1Char(';'), Qt::SkipEmptyParts))
                if (const QString t = f.trimmed(); !t.isEmpty())
                    frames << t;
            auto *it = new QTreeWidgetItem(details_);
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
        add(TimelineView::tr("Stream ID"), QString::number(a.streamId));
        add(TimelineView::tr("Task ID"), QString::number(a.taskId));
        add(TimelineView::tr("Compute_time"), display::duration(double(a.computeTime)));
        add(TimelineView::tr("Memcpy_time"), display::duration(double(a.memcpyTime)));
        add(TimelineView::tr("Task_time"), display::duration(double(a.taskTime)));
        add(TimelineView::tr("Dispatch_time"), display::duration(double(a.dispatchTime)));
        add(TimelineView::tr("Total_time"), display::duration(double(a.totalTime)));
        break;
    }
    case LaneKind::StepTrace: {
        const auto &s = m.steps[r];
        add(TimelineView::tr("Iteration ID"), QString::number(s.iteration));
        add(TimelineView::tr("FP Start"), absTime(s.fpStart));
        add(TimelineView::tr("BP End"), absTime(s.bpEnd));
        add(TimelineView::tr("Iteration End"), absTime(s.iterationEnd));
        add(TimelineView::tr("FP to BP Time"), display::duration(double(s.bpEnd - s.fpStart)));
        add(TimelineView::tr("Iteration Refresh"), display::duration(double(s.iterationEnd - s.bpEnd)));
        if (s.previousIterationEnd >= 0)
            add(TimelineView::tr("Data Aug Bound"), display::duration(double(s.fpStart - s.previousIterationEnd)));
        break;
    }
    default:
        break;
    }
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
