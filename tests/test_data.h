#pragma once
// Where the tests' data lives (tests/data, inside the repository) and a check that fails a
// test at once, naming the file, when some of it is missing: a clean clone must never
// hang or pass vacuously for want of a fixture.

#include <QFileInfo>
#include <QString>
#include <QStringList>
#include <QTest>
#include <initializer_list>

namespace testdata {

inline QString dir() { return QStringLiteral(NPUSCOPE_TEST_DATA); }
inline QString path(const QString &relative) { return dir() + QLatin1Char('/') + relative; }
// A vendored real capture, by its folder name under tests/data/reference.
inline QString reference(const QString &name) { return path(QStringLiteral("reference/") + name); }
// The Ascend 910 AlexNet capture (legacy PROF layout, devices 0 and 1).
inline QString alexnet910() { return reference(QStringLiteral("ascend910-alexnet-msprof")); }
inline QString alexnet910Device0()
{
    return alexnet910() + QStringLiteral("/PROF_000001_20230818142704322_COJGGGCANRMICFBC/device_0");
}
// The Ascend 910B AlexNet captures of torch_npu (ranks 0 and 1): its text export, its
// SQLite export, and a rank's ASCEND_PROFILER_OUTPUT folder of the text one (ending in '/').
inline QString torchText910b() { return reference(QStringLiteral("ascend910b-torchnpu-text-alexnet")); }
inline QString torchDb910b() { return reference(QStringLiteral("ascend910b-torchnpu-db-alexnet")); }
inline QString torchTextOutput(int rank)
{
    return torchText910b() + QStringLiteral("/rank%1_ascend_pt/ASCEND_PROFILER_OUTPUT/").arg(rank);
}
// A file of the project's own docs (docs/formats.md, docs/profiling-options.md).
inline QString doc(const QString &name) { return QStringLiteral(NPUSCOPE_SOURCE_DIR "/docs/") + name; }

// Empty when every path exists; otherwise one line naming each missing one.
inline QString missing(std::initializer_list<QString> paths)
{
    QStringList gone;
    for (const QString &p : paths)
        if (!QFileInfo::exists(p))
            gone << p;
    if (gone.isEmpty())
        return {};
    return QStringLiteral("test data missing (the repository's tests/data or docs is incomplete): ")
           + gone.join(QStringLiteral(", "));
}

} // namespace testdata

// In a test function (usually initTestCase): fail now, naming what is missing.
#define NPUSCOPE_REQUIRE_DATA(...)                                                                                    \
    do {                                                                                                              \
        const QString npuscopeMissing_ = testdata::missing({__VA_ARGS__});                                            \
        if (!npuscopeMissing_.isEmpty())                                                                              \
            QFAIL(qPrintable(npuscopeMissing_));                                                                      \
    } while (0)
