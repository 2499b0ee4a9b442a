#pragma once
// Shared by the libFuzzer targets and the replay driver (fuzz_regressions).
// A target that finds a broken invariant (not just a crash) calls fuzzFail, which prints
// what broke and aborts, so libFuzzer keeps the input as a crash and the replay test fails.

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QString>
#include <QTemporaryDir>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace fuzzsupport {

[[noreturn]] inline void fuzzFail(const char *what, const QString &detail = QString())
{
    std::fprintf(stderr, "FUZZ INVARIANT BROKEN: %s %s\n", what, detail.toLocal8Bit().constData());
    std::fflush(stderr);
    std::abort();
}

// One private directory per process, removed at exit (libFuzzer ends with exit()). In
// memory (/dev/shm) when there is one: the importer targets write several files per input,
// and on a busy disk that, not the code under test, would set the pace.
inline QString tempBase()
{
    const QFileInfo shm(QStringLiteral("/dev/shm"));
    return shm.isDir() && shm.isWritable() ? shm.filePath() : QDir::tempPath();
}

inline const QString &tempRoot()
{
    static QTemporaryDir dir(tempBase() + QStringLiteral("/npuscope-fuzz-XXXXXX"));
    static const QString path = dir.path();
    if (!dir.isValid())
        fuzzFail("cannot create a temporary directory under", QDir::tempPath());
    return path;
}

inline void writeBytes(const QString &path, const char *data, std::size_t size)
{
    QDir().mkpath(path.left(path.lastIndexOf(QLatin1Char('/'))));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(data, qint64(size)) != qint64(size))
        fuzzFail("cannot write", path);
}

inline QByteArray readSource(const QString &rel)
{
    QFile f(QStringLiteral(NPUSCOPE_SOURCE_DIR "/") + rel);
    if (!f.open(QIODevice::ReadOnly))
        fuzzFail("missing fixture", f.fileName());
    return f.readAll();
}

} // namespace fuzzsupport
