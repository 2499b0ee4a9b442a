#include "app/cli_support.h"
#include "app/verbs/verbs.h"

#include "core/store/project_query.h"

#include <QJsonDocument>

namespace npuscope::app {

int verbQuery(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(Cli::tr("List the sessions, devices, models, iterations and record counts of a project."));
    p.addOption({QStringLiteral("project"), Cli::tr("Project file."), Cli::tr("file")});
    p.addOption({QStringLiteral("format"), Cli::tr("Output format: text or json."), Cli::tr("format"), QStringLiteral("text")});
    addUpgradeOption(p);
    if (const int rc = parseOrUsage(p, args); rc >= 0)
        return rc;
    QString path, format;
    if (const int rc = textOrJsonProject(p, Cli::tr("query needs --project FILE."), &path, &format); rc >= 0)
        return rc;
    store::StoreError se = store::StoreError::None;
    QString msg;
    auto project = openProjectChecked(path, &se, &msg);
    if (!project) {
        err(msg);
        return exitCodeFor(se);
    }
    const QString text = format == QLatin1String("json")
                             ? QString::fromUtf8(QJsonDocument(store::describeProjectJson(*project)).toJson(QJsonDocument::Indented))
                             : store::describeProject(*project);
    if (project->error() != store::StoreError::None) { // a session list cut short is no answer
        err(project->errorString());
        return exitCodeFor(project->error());
    }
    out(text);
    return ExitOk;
}

} // namespace npuscope::app
