#include "app/cli_support.h"
#include "app/verbs/verbs.h"

#include "core/text/display.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>

namespace npuscope::app {

// npuscope check PROJECT: the full integrity check on request (store::Project::verify).
// Other commands open a cleanly closed project without reading every page; this one always
// reads them all. Exit 0 intact, 4 damaged, and the other verbs' codes for the rest.
int verbCheck(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(Cli::tr("Check the integrity of a project: its header, identity and schema, and every "
                                        "page of the file. Nothing stored is changed."));
    p.addPositionalArgument(QStringLiteral("project"), Cli::tr("Project file."), QStringLiteral("PROJECT"));
    p.addOption({QStringLiteral("project"), Cli::tr("Project file."), Cli::tr("file")});
    addTextOrJsonOptions(p);
    QString path, format;
    if (const int rc = parseTextOrJsonProject(p, args, Cli::tr("check needs a project: npuscope check PROJECT."), &path, &format);
        rc >= 0)
        return rc;

    InterruptGuard guard;
    const QString shown = QDir::toNativeSeparators(QFileInfo(path).absoluteFilePath());
    const QFileInfo fi(path);
    if (fi.isFile() && fi.size() >= 256ll * 1024 * 1024)
        err(Cli::tr("Checking the integrity of %1 (%2)…").arg(shown, display::bytes(std::uint64_t(fi.size()))));
    store::StoreError se = store::StoreError::None;
    QString msg;
    store::Project::VerifyInfo info;
    const bool ok = store::Project::verify(path, &se, &msg, &g_interrupted, &info);
    if (!ok) {
        err(msg);
        if (format == QLatin1String("json"))
            out(QString::fromUtf8(QJsonDocument(QJsonObject{{QStringLiteral("project"), shown},
                                                            {QStringLiteral("intact"), false},
                                                            {QStringLiteral("exit_code"), exitCodeFor(se)},
                                                            {QStringLiteral("message"), msg}})
                                      .toJson(QJsonDocument::Indented)).trimmed());
        return exitCodeFor(se);
    }
    if (format == QLatin1String("json")) {
        out(QString::fromUtf8(QJsonDocument(QJsonObject{{QStringLiteral("project"), shown},
                                                        {QStringLiteral("intact"), true},
                                                        {QStringLiteral("bytes"), qint64(info.bytes)},
                                                        {QStringLiteral("closed_cleanly"), info.closedCleanly},
                                                        {QStringLiteral("marked_clean"), info.markedClean}})
                                  .toJson(QJsonDocument::Indented)).trimmed());
        return ExitOk;
    }
    out(Cli::tr("The project %1 is intact: its header, schema and all %2 were checked.").arg(shown, display::bytes(info.bytes)));
    if (info.markedClean)
        out(Cli::tr("Its last recording had not finished. It is now marked as closed cleanly, so opening it no longer "
                    "reads every page."));
    else if (!info.closedCleanly)
        out(Cli::tr("Its last recording has not finished (it may still be running): every open reads all pages until a "
                    "recording into it finishes or this check is run again while nothing writes."));
    return ExitOk;
}

} // namespace npuscope::app
