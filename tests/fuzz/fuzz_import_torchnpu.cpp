// torch_npu text export (an *_ascend_pt folder): the input is written as the rank's
// trace_view.json next to the real capture's profiler_info and metadata, and, in a second
// folder, as each of the CSV and JSON files of ASCEND_PROFILER_OUTPUT (kernel details,
// statistics, step time, memory, communication), so both the timeline reader and the
// table readers meet it the way `npuscope import` does.

#include "tests/fuzz/fuzz_import_common.h"

using namespace fuzzsupport;

namespace {

QString rankFolder(const QString &name)
{
    const QString rank = tempRoot() + QLatin1Char('/') + name + QStringLiteral("/fuzz_ascend_pt");
    if (!QDir(rank + QStringLiteral("/ASCEND_PROFILER_OUTPUT")).exists()) {
        const QString src = QStringLiteral("tests/data/reference/ascend910b-torchnpu-text-alexnet/rank0_ascend_pt/");
        for (const char *meta : {"profiler_info_0.json", "profiler_metadata.json"}) {
            const QByteArray b = readSource(src + QLatin1String(meta));
            writeBytes(rank + QLatin1Char('/') + QLatin1String(meta), b.constData(), std::size_t(b.size()));
        }
        QDir().mkpath(rank + QStringLiteral("/ASCEND_PROFILER_OUTPUT"));
    }
    return rank;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const char *bytes = reinterpret_cast<const char *>(data);

    const QString timeline = rankFolder(QStringLiteral("torchnpu-timeline"));
    writeBytes(timeline + QStringLiteral("/ASCEND_PROFILER_OUTPUT/trace_view.json"), bytes, size);
    importAndCheck(timeline);

    // The tables beside a small valid timeline, so rows can meet the kernels they describe.
    static const QByteArray smallTimeline = readSource(QStringLiteral("tests/fuzz/fixtures/trace_view_small.json"));
    const QString tables = rankFolder(QStringLiteral("torchnpu-tables"));
    const QString out = tables + QStringLiteral("/ASCEND_PROFILER_OUTPUT/");
    if (!QFile::exists(out + QStringLiteral("trace_view.json")))
        writeBytes(out + QStringLiteral("trace_view.json"), smallTimeline.constData(), std::size_t(smallTimeline.size()));
    for (const char *f : {"kernel_details.csv", "op_statistic.csv", "api_statistic.csv", "step_trace_time.csv",
                          "memory_record.csv", "operator_memory.csv", "npu_module_mem.csv", "l2_cache.csv",
                          "operator_details.csv", "communication.json", "communication_matrix.json"})
        writeBytes(out + QLatin1String(f), bytes, size);
    importAndCheck(tables);
    return 0;
}
