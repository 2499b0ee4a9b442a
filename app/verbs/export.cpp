#include "app/cli_support.h"
#include "app/verbs/verbs.h"

namespace npuscope::app {

namespace {

// Parses "N" or "A-B" for --iteration-id.
bool parseIterationRange(const QString &s, std::uint32_t *first, std::uint32_t *last)
{
    const QStringList parts = s.split(QLatin1Char('-'));
    bool ok1 = false, ok2 = false;
    if (parts.size() == 1) {
        *first = *last = parts[0].toUInt(&ok1);
        return ok1 && *first >= 1;
    }
    if (parts.size() == 2) {
        *first = parts[0].toUInt(&ok1);
        *last = parts[1].toUInt(&ok2);
        return ok1 && ok2 && *first >= 1 && *first <= *last;
    }
    return false;
}

} // namespace

int verbExport(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(Cli::tr("Export a recorded session as the PROF directory msprof writes."));
    p.addOption({QStringLiteral("project"), Cli::tr("Project file."), Cli::tr("file")});
    p.addOption({QStringLiteral("output"), Cli::tr("Folder to create the PROF_* directory in."), Cli::tr("dir")});
    p.addOption({QStringLiteral("session"), Cli::tr("Session id (default: the newest)."), Cli::tr("id")});
    p.addOption({QStringLiteral("model-id"), Cli::tr("Export only this model (graph) id."), Cli::tr("n")});
    p.addOption({QStringLiteral("iteration-id"), Cli::tr("Export only iteration N or the range A-B."), Cli::tr("N|A-B")});
    p.addOption({QStringLiteral("device"), Cli::tr("Export only these devices, comma separated."), Cli::tr("ids")});
    p.addOption({QStringLiteral("kinds"), Cli::tr("Export only these files, comma separated: %1.")
                                              .arg(exporting::exportKinds().join(QStringLiteral(", "))),
                 Cli::tr("names")});
    p.addOption({QStringLiteral("layout"), Cli::tr("Folder layout of the export: %1 (default torch_npu for PyTorch sessions, else legacy).")
                                               .arg(exporting::exportLayoutNames().join(QStringLiteral(", "))),
                 Cli::tr("name")});
    addUpgradeOption(p);
    if (const int rc = parseOrUsage(p, args); rc >= 0)
        return rc;
    if (!p.isSet(QStringLiteral("project")) || !p.isSet(QStringLiteral("output"))) {
        err(Cli::tr("export needs --project FILE and --output DIR."));
        return ExitUsage;
    }
    exporting::ExportRequest req;
    req.outputDir = p.value(QStringLiteral("output"));
    if (p.isSet(QStringLiteral("layout")) && !exporting::exportLayoutFromName(p.value(QStringLiteral("layout")), &req.layout)) {
        err(Cli::tr("--layout must be one of %1, got \"%2\".")
                .arg(exporting::exportLayoutNames().join(QStringLiteral(", ")), p.value(QStringLiteral("layout"))));
        return ExitUsage;
    }
    bool ok = true;
    std::int64_t sessionId = 0;
    if (!sessionIdOption(p, &sessionId))
        return ExitUsage;
    if (p.isSet(QStringLiteral("model-id"))) {
        req.modelId = p.value(QStringLiteral("model-id")).toUInt(&ok);
        if (!ok) {
            err(Cli::tr("--model-id must be a whole number, got \"%1\".").arg(p.value(QStringLiteral("model-id"))));
            return ExitUsage;
        }
    }
    if (p.isSet(QStringLiteral("iteration-id"))) {
        std::uint32_t a = 0, b = 0;
        if (!parseIterationRange(p.value(QStringLiteral("iteration-id")), &a, &b)) {
            err(Cli::tr("--iteration-id must be N or A-B with 1 <= A <= B, got \"%1\".").arg(p.value(QStringLiteral("iteration-id"))));
            return ExitUsage;
        }
        req.firstIteration = a;
        req.lastIteration = b;
    }
    if (p.isSet(QStringLiteral("device"))) {
        for (const QString &d : p.value(QStringLiteral("device")).split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            const uint v = d.trimmed().toUInt(&ok);
            if (!ok || v > 65535) {
                err(Cli::tr("--device must list device ids, got \"%1\".").arg(p.value(QStringLiteral("device"))));
                return ExitUsage;
            }
            req.devices.push_back(std::uint16_t(v));
        }
    }
    if (p.isSet(QStringLiteral("kinds")))
        req.kinds = p.value(QStringLiteral("kinds")).split(QLatin1Char(','), Qt::SkipEmptyParts);
    req.profCounter = std::uint32_t(std::max<std::int64_t>(1, sessionId));
    return exportSession(p.value(QStringLiteral("project")), sessionId, req, upgradeAsked(p), nullptr,
                         p.isSet(QStringLiteral("layout")));
}

} // namespace npuscope::app
