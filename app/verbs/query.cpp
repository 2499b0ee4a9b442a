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
    addTextOrJsonOptions(p);
    QString path, format;
    if (const int rc = parseTextOrJsonProject(p, args, Cli::tr("query needs --project FILE."), &path, &format); rc >= 0)
        return rc;
    int rc = -1;
    auto project = openProjectChecked(path, &rc);
    if (!project)
        return rc;
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
