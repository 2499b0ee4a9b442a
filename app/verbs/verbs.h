#pragma once
// One function per CLI verb (app/verbs/<verb>.cpp). Each gets its arguments with
// "npuscope <verb>" as the first, parses them with its own QCommandLineParser and returns
// the process exit code (ExitCode). app/cli.cpp lists them in the table of verbs.

#include <QStringList>

namespace npuscope::app {

int verbRun(const QStringList &args);
int verbExport(const QStringList &args);
int verbImport(const QStringList &args);
int verbQuery(const QStringList &args);
int verbCheckOptions(const QStringList &args);
int verbDemo(const QStringList &args);
int verbAnalyze(const QStringList &args);
int verbDiff(const QStringList &args);
int verbSql(const QStringList &args);
int verbCheck(const QStringList &args);

// run --torch-profiler-config: the torch_npu profiler config from JSON text, a .json file or a
// training script, validated as check-options does (warnings to stderr); ExitOk and *json
// its normalised JSON, or the exit code of the failure.
int loadTorchProfilerConfig(const QString &config, QByteArray *json);

} // namespace npuscope::app
