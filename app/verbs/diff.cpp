#include "app/cli_support.h"
#include "app/verbs/verbs.h"

#include "core/analysis/run_diff.h"
#include "core/text/display.h"

#include <QJsonDocument>

#include <cmath>

namespace npuscope::app {

namespace {

// "project[:session]": the suffix after the last ':' is a session id when it is a number.
bool parseRunRef(const QString &ref, QString *path, std::int64_t *session)
{
    *path = ref;
    *session = 0;
    const qsizetype colon = ref.lastIndexOf(QLatin1Char(':'));
    if (colon > 0) {
        bool ok = false;
        const std::int64_t id = ref.mid(colon + 1).toLongLong(&ok);
        if (ok) {
            if (id <= 0) return false;
            *path = ref.left(colon);
            *session = id;
        }
    }
    return !path->isEmpty();
}

} // namespace

int verbDiff(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(Cli::tr("Compare two recorded sessions: op time per iteration per device by op type, "
                                        "and the step-trace means. A and B are project[:session] (default: the newest session)."));
    p.addPositionalArgument(QStringLiteral("A"), Cli::tr("The baseline: project[:session]."));
    p.addPositionalArgument(QStringLiteral("B"), Cli::tr("The run to compare: project[:session]."));
    p.addOption({QStringLiteral("format"), Cli::tr("Output format: text, json or csv."), Cli::tr("format"), QStringLiteral("text")});
    addUpgradeOption(p);
    if (const int rc = parseOrUsage(p, args); rc >= 0)
        return rc;
    if (p.positionalArguments().size() != 2) {
        err(Cli::tr("diff needs two runs, A and B, each project[:session]."));
        return ExitUsage;
    }
    const QString format = p.value(QStringLiteral("format"));
    if (format != QLatin1String("text") && format != QLatin1String("json") && format != QLatin1String("csv")) {
        err(Cli::tr("--format must be \"text\", \"json\" or \"csv\", got \"%1\".").arg(format));
        return ExitUsage;
    }
    std::unique_ptr<store::Project> projects[2];
    std::unique_ptr<store::ProjectReader> readers[2];
    for (int i = 0; i < 2; ++i) {
        QString path;
        std::int64_t session = 0;
        if (!parseRunRef(p.positionalArguments()[i], &path, &session)) {
            err(Cli::tr("\"%1\" is not project[:session].").arg(p.positionalArguments()[i]));
            return ExitUsage;
        }
        if (const int rc = upgradeIfAsked(upgradeAsked(p), path); rc >= 0)
            return rc;
        if (const int rc = openSession(path, session, &projects[i], &readers[i]); rc >= 0)
            return rc;
    }
    InterruptGuard guard;
    const analysis::RunDiff d = analysis::diffRuns(*readers[0], *readers[1], &g_interrupted);
    if (d.cancelled) {
        err(Cli::tr("Cancelled."));
        return ExitCancelled;
    }
    // A read that met damage (an open without the page scan, docs/storage.md): the figures
    // would be short, so there is no answer (as analyze).
    for (const auto &r : readers)
        if (!r->errorString().isEmpty()) {
            err(r->errorString());
            return ExitCorrupt;
        }
    if (format == QLatin1String("json")) {
        out(QString::fromUtf8(QJsonDocument(analysis::runDiffToJson(d)).toJson(QJsonDocument::Indented)));
        return ExitOk;
    }
    // An empty cell where there is no figure (a percentage of a baseline too small to divide by).
    const auto num = [](double v, int decimals) { return std::isfinite(v) ? QString::number(v, 'f', decimals) : QString(); };
    if (format == QLatin1String("csv")) {
        // One table: step rows (a, b = means in ns) and op rows (a, b = ns per iteration per device).
        // Names are text cells (an imported op type may read "=HYPERLINK(...)"), figures numbers.
        outRaw(csvLine({QStringLiteral("kind"), QStringLiteral("name"), QStringLiteral("count_a"), QStringLiteral("count_b"),
                        QStringLiteral("a_ns"), QStringLiteral("b_ns"), QStringLiteral("delta_ns"), QStringLiteral("percent")})
                   .toUtf8() + '\n');
        for (const auto &s : d.steps)
            outRaw(csvLine({QStringLiteral("step"), csvText(s.name), QString(), QString(), num(s.a, 1), num(s.b, 1),
                            num(s.delta, 1), num(s.percent, 2)}).toUtf8() + '\n');
        for (const auto &o : d.ops)
            outRaw(csvLine({QStringLiteral("op"), csvText(QString::fromStdString(o.opType)), QString::number(o.countA),
                            QString::number(o.countB), num(o.perIterA, 1), num(o.perIterB, 1), num(o.delta, 1), num(o.percent, 2)})
                       .toUtf8() + '\n');
        return flushOut() ? ExitOk : ExitIo;
    }
    // The text table is for people: the user's locale, like every other figure shown.
    const auto ms = [](double ns) { return display::number(ns / 1e6, 3); };
    const auto us = [](double ns) { return display::number(ns / 1e3, 1); };
    const auto signedPct = [](double v) {
        if (!std::isfinite(v))
            return QStringLiteral("—"); // the baseline is too small: the Δ column says it
        return (v > 0 ? QStringLiteral("+") : QString()) + display::number(v, 1) + QStringLiteral(" %");
    };
    out(Cli::tr("A: %1 (session %2)   B: %3 (session %4)")
            .arg(readers[0]->sessionInfo().name, QString::number(readers[0]->sessionId()), readers[1]->sessionInfo().name,
                 QString::number(readers[1]->sessionId())));
    out(QString());
    QList<QStringList> stepRows;
    for (const auto &s : d.steps)
        stepRows << QStringList{s.name, ms(s.a), ms(s.b), (s.delta > 0 ? QStringLiteral("+") : QString()) + ms(s.delta), signedPct(s.percent)};
    out(alignedTable({Cli::tr("Step (mean)"), Cli::tr("A (ms)"), Cli::tr("B (ms)"), Cli::tr("Δ (ms)"), Cli::tr("Δ %")}, stepRows));
    out(QString());
    QList<QStringList> opRows;
    for (const auto &o : d.ops)
        opRows << QStringList{QString::fromStdString(o.opType), display::count(std::int64_t(o.countA)), display::count(std::int64_t(o.countB)),
                              us(o.perIterA), us(o.perIterB), (o.delta > 0 ? QStringLiteral("+") : QString()) + us(o.delta),
                              signedPct(o.percent)};
    out(alignedTable({Cli::tr("Op type"), Cli::tr("Count A"), Cli::tr("Count B"), Cli::tr("A (µs/iter)"),
                      Cli::tr("B (µs/iter)"), Cli::tr("Δ (µs/iter)"), Cli::tr("Δ %")}, opRows));
    if (!d.regressions.empty()) {
        QStringList names;
        for (const auto &o : d.regressions) names << QString::fromStdString(o.opType);
        out(QString());
        out(Cli::tr("Largest regressions: %1").arg(names.join(QStringLiteral(", "))));
    }
    return ExitOk;
}

} // namespace npuscope::app
