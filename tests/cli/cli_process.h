#pragma once
// Runs the real npuscope binary (NPUSCOPE_BIN) the way a user's shell would: no display,
// the test's locale (C.UTF-8 unless set), English unless the test asks otherwise. Shared by
// the CLI tests.
#include <QMap>
#include <QProcess>
#include <QString>
#include <QStringList>

struct CliResult {
    int code = -1;
    QString out;
    QString err;
};

inline CliResult runNpuscope(const QStringList &args, const QMap<QString, QString> &env = {}, int timeoutMs = 300000)
{
    QProcess p;
    QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
    // The test's own locale (C.UTF-8 from ctest, de_DE.UTF-8 for the *_de runs).
    e.insert(QStringLiteral("LC_ALL"), qEnvironmentVariable("LC_ALL", QStringLiteral("C.UTF-8")));
    e.remove(QStringLiteral("DISPLAY"));
    e.remove(QStringLiteral("WAYLAND_DISPLAY"));
    e.remove(QStringLiteral("NPUSCOPE_LANG"));
    for (auto it = env.begin(); it != env.end(); ++it)
        e.insert(it.key(), it.value());
    p.setProcessEnvironment(e);
    p.start(QStringLiteral(NPUSCOPE_BIN), args);
    p.waitForFinished(timeoutMs);
    CliResult r;
    r.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}
