#include "tests/bench/bench.h"

#include "core/options/profiling_options.h"
#include "core/store/project.h"
#include "device/emulator.h"

#include <algorithm>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>

extern char **environ;

namespace npuscope::bench {

void removeProject(const QString &path)
{
    for (const char *suffix : {"", "-wal", "-shm", "-journal"})
        QFile::remove(path + QLatin1String(suffix));
}

double recordInto(const QString &path, const SessionSpec &spec, const ProfilingOptions &options)
{
    removeProject(path);
    QElapsedTimer t;
    t.start();
    store::StoreError e;
    QString msg;
    auto w = store::ProjectWriter::create(path, &e, &msg);
    if (!w)
        die(msg);
    device::Emulator em(spec, options);
    if (em.run(*w) != SessionStatus::Complete)
        die(em.errorString());
    w.reset();
    return t.nsecsElapsed() / 1e9;
}

std::vector<Figure> &figures()
{
    static std::vector<Figure> all;
    return all;
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    if (v.empty())
        return 0;
    const std::size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

void line(const char *name, double value, const char *unit, std::optional<double> ratio, const QString &note)
{
    std::printf("BENCH %s %.0f %s ratio=%s", name, value, unit,
                ratio ? QByteArray::number(*ratio, 'f', 3).constData() : "n/a");
    if (!note.isEmpty())
        std::printf(" (%s)", note.toUtf8().constData());
    std::printf("\n");
    std::fflush(stdout);
}

void info(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    std::vfprintf(stderr, fmt, ap);
    va_end(ap);
    std::fputc('\n', stderr);
}

void die(const QString &msg)
{
    std::fprintf(stderr, "npuscope-bench: %s\n", msg.toUtf8().constData());
    std::exit(1);
}

std::map<QString, double> guiTestFigures(const char *test, const QStringList &args, int timeoutMs,
                                         const QStringList &required, const char *what)
{
    const QString exe = QCoreApplication::applicationDirPath() + QStringLiteral("/../tests/ui/") + QLatin1String(test);
    if (!QFileInfo::exists(exe))
        die(QStringLiteral("%1 need %2 (build the %3 target)").arg(QLatin1String(what), exe, QLatin1String(test)));
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    p.setProcessEnvironment(env);
    p.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    p.start(exe, QStringList{QStringLiteral("--bench")} + args);
    if (!p.waitForFinished(timeoutMs) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
        die(QStringLiteral("%1 --bench %2 failed").arg(exe, args.join(QLatin1Char(' '))));
    std::map<QString, double> v;
    for (const QByteArray &l : p.readAllStandardOutput().split('\n')) {
        const QList<QByteArray> kv = l.trimmed().split(' ');
        if (kv.size() == 2)
            v[QString::fromLatin1(kv[0])] = kv[1].toDouble();
    }
    for (const QString &k : required)
        if (!v.count(k))
            die(QStringLiteral("%1: %2 did not report %3").arg(QLatin1String(what), exe, k));
    return v;
}

ChildRun runChild(const QStringList &argv)
{
    std::vector<QByteArray> storage;
    std::vector<char *> args;
    for (const QString &a : argv)
        storage.push_back(a.toLocal8Bit());
    for (auto &s : storage)
        args.push_back(s.data());
    args.push_back(nullptr);
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
    QElapsedTimer t;
    t.start();
    pid_t pid = 0;
    ChildRun r;
    if (posix_spawnp(&pid, args[0], &fa, nullptr, args.data(), environ) != 0) {
        posix_spawn_file_actions_destroy(&fa);
        return r;
    }
    posix_spawn_file_actions_destroy(&fa);
    int status = 0;
    rusage ru{};
    if (wait4(pid, &status, 0, &ru) < 0)
        return r;
    r.seconds = t.nsecsElapsed() / 1e9;
    r.maxRssKb = ru.ru_maxrss;
    r.ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
    return r;
}

} // namespace npuscope::bench
