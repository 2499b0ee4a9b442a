#include "app/cli_support.h"
#include "app/verbs/verbs.h"

#include <QDir>
#include <QFileInfo>

namespace npuscope::app {

int verbDemo(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(Cli::tr("Record a small demo session (ResNet-50, 2 devices) and export it."));
    p.addOption({QStringLiteral("output"), Cli::tr("Folder for the demo project and export."), Cli::tr("dir"), QStringLiteral("demo")});
    addUpgradeOption(p);
    if (const int rc = parseOrUsage(p, args); rc >= 0)
        return rc;
    const QString dir = QFileInfo(p.value(QStringLiteral("output"))).absoluteFilePath();
    RunArgs a;
    a.spec.model = QStringLiteral("resnet50");
    a.spec.batchSize = 32;
    a.spec.iterations = 5;
    a.spec.devicesPerServer = 2;
    a.spec.seed = 1;
    const QByteArray json = QStringLiteral(
        "{\"output\":\"%1\",\"training_trace\":\"on\",\"task_trace\":\"on\",\"hccl\":\"on\","
        "\"aicpu\":\"on\",\"l2\":\"on\",\"msproftx\":\"on\",\"aic_metrics\":\"PipeUtilization\","
        "\"fp_point\":\"\",\"bp_point\":\"\"}").arg(dir).toUtf8();
    const auto problems = ProfilingOptions::parse(json, &a.options);
    if (!problems.empty()) {
        printProblems(problems);
        return ExitUsage;
    }
    a.project = QDir(dir).filePath(QStringLiteral("demo.npuscope"));
    a.exportDir = QDir(dir).filePath(QStringLiteral("export"));
    a.upgrade = upgradeAsked(p);
    QString profDir;
    const int rc = recordAndExport(a, &profDir);
    if (rc == ExitOk) {
        out(Cli::tr("Demo project: %1").arg(QDir::toNativeSeparators(a.project)));
        out(Cli::tr("Demo export:  %1").arg(QDir::toNativeSeparators(profDir)));
        out(Cli::tr("Open the project in the GUI with: npuscope %1").arg(QDir::toNativeSeparators(a.project)));
    }
    return rc;
}

} // namespace npuscope::app
