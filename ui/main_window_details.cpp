// The main window's details pane: what the selected project, session, device or iteration holds.

#include "ui/main_window.h"

#include "core/text/display.h"
#include "core/store/project.h"
#include "core/store/project_query.h"
#include "ui/format.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QLocale>
#include <QTextBrowser>

#include <algorithm>
#include <set>
#include <optional>

namespace npuscope::ui {

namespace {

QString esc(const QString &s)
{
    return s.toHtmlEscaped();
}

// Distinct iteration numbers stored for the session (any device), -1 when unreadable.
int recordedIterations(const store::Project &project, std::int64_t sessionId)
{
    QString message;
    const std::unique_ptr<store::ProjectReader> reader = project.session(sessionId, &message);
    if (!reader)
        return -1;
    std::set<std::uint32_t> numbers;
    for (const IterationKey &k : reader->iterations())
        numbers.insert(k.iteration);
    return int(numbers.size());
}

} // namespace

void MainWindow::setDetailsHtml(const QString &html)
{
    // showDetails runs every second while a recording writes; laying the same text out
    // again is work the GUI thread need not do.
    if (html == detailsHtml_)
        return;
    detailsHtml_ = html;
    details_->setHtml(html);
}

void MainWindow::showDetails(const ExplorerSelection &sel)
{
    if (projectPath_.isEmpty()) {
        setDetailsHtml(tr("<h3>NPU Scope</h3><p>Open a project (<b>File → Open Project…</b>, or drop a "
                             ".npuscope file here) or record a new emulated session (<b>File → New Session…</b>).</p>"));
        return;
    }
    // The explorer's connection when it shows this project: opening checks the whole file,
    // and this runs every second while a recording writes.
    QString message;
    std::unique_ptr<store::Project> own;
    const store::Project *project = explorer_->projectPath() == projectPath_ ? explorer_->project() : nullptr;
    if (!project) {
        store::StoreError err = store::StoreError::None;
        own = store::Project::open(projectPath_, store::Project::Mode::ReadOnly, &err, &message, store::Project::Check::Schema);
        project = own.get();
    }
    if (!project) {
        setDetailsHtml(QStringLiteral("<p>%1</p>").arg(esc(message)));
        return;
    }
    const auto sessions = project->sessions();
    QString html;
    auto row = [&html](const QString &k, const QString &v) {
        html += QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr>").arg(esc(k), esc(v));
    };
    if (sel.sessionId == 0) {
        html = tr("<h3>Project %1</h3>").arg(esc(QFileInfo(projectPath_).fileName()));
        html += QStringLiteral("<table cellpadding=3>");
        row(tr("File"), QDir::toNativeSeparators(projectPath_));
        row(tr("Sessions"), QString::number(sessions.size()));
        html += QStringLiteral("</table>");
        setDetailsHtml(html);
        return;
    }
    for (const auto &s : sessions) {
        if (s.id != sel.sessionId)
            continue;
        const SessionSpec &sp = s.info.spec;
        html = tr("<h3>Session %1: %2</h3>").arg(s.id).arg(esc(s.info.name));
        html += QStringLiteral("<table cellpadding=3>");
        row(tr("Status"), statusText(s.status));
        // An imported session has no emulator workload: its facts are the import's.
        const std::optional<store::ImportNote> note = store::importNote(*project, s.id);
        if (note) {
            row(tr("Imported from"), QDir::toNativeSeparators(note->source.isEmpty() ? note->profDirs.join(QStringLiteral(", ")) : note->source));
            row(tr("Layout"), note->layout);
            row(tr("Devices"), QString::number(s.info.devices.size()));
        } else {
            row(tr("Model"), sp.model);
            row(tr("Chip"), QStringLiteral("Ascend %1").arg(sp.chip));
            row(tr("Batch size"), QString::number(sp.batchSize));
            // A cancelled or still running session holds fewer iterations than it asked for.
            const int recorded = recordedIterations(*project, s.id);
            if (recorded >= 0 && recorded != sp.iterations)
                row(tr("Iterations"), tr("%1 recorded of %2 requested").arg(recorded).arg(sp.iterations));
            else
                row(tr("Iterations"), QString::number(sp.iterations));
            row(tr("Devices"), tr("%1 per server × %2 server(s)").arg(sp.devicesPerServer).arg(sp.servers));
            row(tr("Launch mode"), launchModeName(sp.mode));
            row(tr("Precision"), precisionName(sp.precision));
            row(tr("Seed"), QString::number(sp.seed));
            if (!sp.scenarios.isEmpty())
                row(tr("Scenarios"), sp.scenarios.join(QStringLiteral(", ")));
        }
        row(tr("Started"), QLocale().toString(QDateTime::fromMSecsSinceEpoch(s.startedWallUs / 1000), QLocale::ShortFormat));
        // Wall-clock time of the recording or import, not the device time the timeline spans.
        if (s.endedWallUs > s.startedWallUs)
            row(note ? tr("Import time") : tr("Recording time"), display::duration((s.endedWallUs - s.startedWallUs) * 1000));
        row(tr("Tasks"), display::count(std::int64_t(s.taskCount)));
        row(tr("Records"), display::count(std::int64_t(s.recordCount)));
        if (s.agedBytes)
            row(tr("Aged by storage_limit"), display::bytes(s.agedBytes));
        if (!note)
            row(tr("profiling_options"), QString::fromUtf8(s.info.optionsJson));
        html += QStringLiteral("</table>");
        if (note) {
            const QLocale l;
            html += tr("<h4>Import</h4>");
            html += QStringLiteral("<table cellpadding=3>");
            row(tr("Events and rows read"), l.toString(qulonglong(note->items)));
            row(tr("Imported"), l.toString(qulonglong(note->imported)));
            row(tr("Duplicates of other files"), l.toString(qulonglong(note->duplicates)));
            row(tr("Derived (recomputed on export)"), l.toString(qulonglong(note->derived)));
            row(tr("Skipped"), l.toString(qulonglong(note->skipped)));
            for (const QString &m : note->missing)
                row(tr("Not in the input"), m);
            html += QStringLiteral("</table>");
            if (!note->problems.empty()) {
                html += QStringLiteral("<p>%1</p><ul>").arg(esc(tr("%n problem(s) found during the import:", nullptr, int(note->problems.size()))));
                for (size_t i = 0; i < note->problems.size() && i < size_t(store::kQueryProblems); ++i) {
                    const store::ImportNote::Problem &p = note->problems[i];
                    QString text = p.place() + QStringLiteral(": ") + p.reason;
                    if (p.count > 1)
                        text += tr(" (%n times in this file)", nullptr, int(std::min<std::uint64_t>(p.count, 1u << 30)));
                    html += QStringLiteral("<li>%1</li>").arg(esc(text));
                }
                html += QStringLiteral("</ul>");
                if (note->problems.size() > size_t(store::kQueryProblems))
                    html += QStringLiteral("<p>%1</p>").arg(esc(tr("… and %n more (npuscope query --format json lists them all).", nullptr,
                                                                   int(note->problems.size() - size_t(store::kQueryProblems)))));
            }
        }
        if (sel.device >= 0 && sel.modelId >= 0) {
            auto reader = project->session(s.id, &message);
            if (reader) {
                html += tr("<h4>Device %1, model %2</h4>").arg(sel.device).arg(sel.modelId);
                html += QStringLiteral("<table cellpadding=3><tr><th>%1</th><th>%2</th><th>%3</th><th>%4</th></tr>")
                            .arg(tr("Iteration"), tr("Duration"), tr("FP to BP"), tr("All-reduce segments"));
                for (const StepTraceRecord &st : reader->stepTraces(std::uint16_t(sel.device), std::uint32_t(sel.modelId))) {
                    if (sel.iteration > 0 && st.iteration != std::uint32_t(sel.iteration))
                        continue;
                    const TimeNs begin = st.previousIterationEnd >= 0 ? st.previousIterationEnd : st.fpStart;
                    html += QStringLiteral("<tr%5><td align=right>%1</td><td align=right>%2</td><td align=right>%3</td>"
                                           "<td align=right>%4</td></tr>")
                                .arg(QString::number(st.iteration),
                                        display::duration(st.iterationEnd - begin),
                                        display::duration(st.bpEnd - st.fpStart),
                                        QString::number(st.reduces.size()),
                                        QString());
                }
                html += QStringLiteral("</table>");
            }
        }
        setDetailsHtml(html);
        return;
    }
}

} // namespace npuscope::ui
