#include "app/cli_support.h"
#include "app/verbs/verbs.h"

#include "core/analysis/advisor.h"
#include "core/analysis/advisor_coverage.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace npuscope::app {

namespace {

QString severityLabel(analysis::Severity s)
{
    switch (s) {
    case analysis::Severity::Critical: return Cli::tr("CRITICAL");
    case analysis::Severity::Warning: return Cli::tr("WARNING");
    case analysis::Severity::Info: return Cli::tr("INFO");
    }
    return {};
}

} // namespace

int verbAnalyze(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(Cli::tr("Find what limits training speed in a recorded session (the advisor's rules: "
                                        "input-bound, straggler, aicpu-fallback, launch-bound, comm-not-overlapped, "
                                        "memory-bound, low-cube-utilization; see docs/analysis.md)."));
    p.addOption({QStringLiteral("project"), Cli::tr("Project file."), Cli::tr("file")});
    p.addOption({QStringLiteral("session"), Cli::tr("Session id (default: the newest)."), Cli::tr("id")});
    addTextOrJsonOptions(p);
    if (const int rc = parseOrUsage(p, args); rc >= 0)
        return rc;
    std::int64_t sessionId = 0;
    if (!sessionIdOption(p, &sessionId))
        return ExitUsage;
    QString path, format;
    if (const int rc = textOrJsonProject(p, Cli::tr("analyze needs --project FILE."), &path, &format); rc >= 0)
        return rc;
    std::unique_ptr<store::Project> project;
    std::unique_ptr<store::ProjectReader> reader;
    if (const int rc = openSession(path, sessionId, &project, &reader); rc >= 0)
        return rc;
    InterruptGuard guard;
    const analysis::Advice advice = analysis::adviseSession(*reader, {}, &g_interrupted);
    const auto &findings = advice.findings;
    const analysis::AdvisorCoverage &coverage = advice.coverage;
    if (g_interrupted.load()) {
        err(Cli::tr("Cancelled."));
        return ExitCancelled;
    }
    if (!reader->errorString().isEmpty()) {
        err(reader->errorString());
        return ExitCorrupt;
    }
    if (format == QLatin1String("json")) {
        QJsonArray list;
        for (const auto &f : findings) list.append(analysis::findingToJson(f));
        QJsonObject o = analysis::coverageToJson(coverage);
        o.insert(QStringLiteral("session"), qint64(reader->sessionId()));
        o.insert(QStringLiteral("name"), reader->sessionInfo().name);
        o.insert(QStringLiteral("findings"), list);
        out(QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Indented)));
        return ExitOk;
    }
    out(Cli::tr("Session %1 (%2)").arg(QString::number(reader->sessionId()), reader->sessionInfo().name));
    for (const QString &note : coverage.notes)
        out(note);
    if (findings.empty()) {
        // Never "no problems" for rules that had nothing to read.
        if (coverage.noDeviceTasks)
            out(Cli::tr("The session has no device tasks, so most rules could not run; see below."));
        else if (coverage.notRun.empty())
            out(Cli::tr("No performance problems found."));
        else
            out(Cli::tr("No performance problems found by the rules that ran."));
    }
    int labelWidth = 0;
    for (const auto &f : findings) labelWidth = std::max(labelWidth, int(severityLabel(f.severity).size()));
    const QString indent(labelWidth + 2, QLatin1Char(' '));
    for (const auto &f : findings) {
        out(QString());
        out(severityLabel(f.severity).leftJustified(labelWidth) + QStringLiteral("  ") + f.title
            + QStringLiteral(" [") + QString::fromStdString(f.id) + QLatin1Char(']'));
        out(indent + f.evidence);
        out(indent + Cli::tr("Suggestion: %1").arg(f.suggestion));
    }
    if (!coverage.notRun.empty()) {
        out(QString());
        out(Cli::tr("Rules that could not run:"));
        for (const auto &r : coverage.notRun)
            out(QStringLiteral("  %1: %2").arg(QString::fromStdString(r.id), r.reason));
    }
    return ExitOk;
}

} // namespace npuscope::app
