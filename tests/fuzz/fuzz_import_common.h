#pragma once
// The two importer targets write the input into small PROF directories (legacy and
// newer layout) and import them into a MemoryTrace, which reaches discovery, the
// streaming readers and the event/row → record mapping the way `npuscope import` does.
// After each import the report's invariant (every event and row accounted for exactly
// once) is checked and every record is read back.

#include "core/importing/importer.h"
#include "core/model/memory_trace.h"
#include "tests/fuzz/fuzz_support.h"

namespace fuzzsupport {

// A legacy device folder with the device metadata of our golden export.
inline QString legacyDevice(const QString &name)
{
    const QString dev = tempRoot() + QLatin1Char('/') + name + QStringLiteral("/PROF_000001_20230818142704322_AAAAAAAAAAAAAAAA/device_0");
    if (!QDir(dev).exists()) {
        for (const char *meta : {"info.json.0", "start_info.0", "end_info.0"}) {
            const QByteArray b = readSource(QStringLiteral("tests/data/golden/lenet/1dev/device_0/") + QLatin1String(meta));
            writeBytes(dev + QLatin1Char('/') + QLatin1String(meta), b.constData(), std::size_t(b.size()));
        }
    }
    return dev;
}

// A newer-layout PROF folder with the device metadata of tests/data/import/newer-layout.
inline QString newerProf(const QString &name)
{
    const QString prof = tempRoot() + QLatin1Char('/') + name + QStringLiteral("/PROF_000001_20240101120000123_AAAAAAAAAAAAAAAA");
    if (!QDir(prof).exists()) {
        const QString src = QStringLiteral("tests/data/import/newer-layout/PROF_000001_20240101120000123_ABCDEFGHIJKLMNOP/device_0/");
        for (const char *meta : {"info.json.0", "start_info.0", "end_info.0"}) {
            const QByteArray b = readSource(src + QLatin1String(meta));
            writeBytes(prof + QStringLiteral("/device_0/") + QLatin1String(meta), b.constData(), std::size_t(b.size()));
        }
        QDir().mkpath(prof + QStringLiteral("/mindstudio_profiler_output"));
    }
    return prof;
}

inline void importAndCheck(const QString &dir)
{
    using namespace npuscope;
    MemoryTrace sink;
    importing::ImportRequest req;
    req.path = dir;
    req.batchRecords = 64; // several batches even for small inputs
    importing::ImportReport report;
    importing::ImportError kind = importing::ImportError::None;
    QString error;
    const bool ok = importing::importProf(req, sink, &report, &kind, &error);
    if (!ok && error.isEmpty())
        fuzzFail("import failed without a message");
    for (const auto &f : report.files)
        if (!f.balanced())
            fuzzFail("unbalanced file account", QStringLiteral("%1: items %2 imported %3 duplicates %4 derived %5 skipped %6")
                                                   .arg(f.file).arg(f.items).arg(f.imported).arg(f.duplicates).arg(f.derived).arg(f.skipped));
    for (const auto &p : report.problems)
        if (p.reason.isEmpty())
            fuzzFail("a problem without a reason in", p.file);
    (void)report.toJson();
    std::size_t chars = 0;
    for (const IterationKey &k : sink.iterations()) {
        sink.forEachTask(k, [&](const TaskRecord &t) {
            chars += sink.string(t.name).size();
            if (t.opId != 0 && !sink.op(t.opId))
                fuzzFail("a task names an op that was never declared");
            return true;
        });
        sink.forEachCollective(k, [&](const CollectiveOpRecord &) { return true; });
        sink.forEachHcclTask(k, [&](const HcclTaskRecord &) { return true; });
        sink.forEachAiCpu(k, [&](const AiCpuRecord &) { return true; });
        sink.forEachHostRange(k, [&](const HostRangeRecord &) { return true; });
        (void)sink.stepTraces(k.device, k.modelId);
        (void)sink.fusionOps(k.modelId);
    }
    (void)chars;
}

} // namespace fuzzsupport
