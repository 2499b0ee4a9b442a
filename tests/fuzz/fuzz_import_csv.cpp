// PROF importer, CSV side: the input is read by CsvReader directly, then written as every
// summary CSV of a legacy device folder next to a fixed msprof timeline (so op_summary,
// task_time and l2_cache rows can match its tasks), and as op_summary/op_statistic of a
// newer-layout folder next to that layout's msprof fixture.

#include "core/importing/csv_reader.h"
#include "tests/fuzz/fuzz_import_common.h"

using namespace npuscope;
using namespace npuscope::importing;
using namespace fuzzsupport;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const char *bytes = reinterpret_cast<const char *>(data);

    const QString raw = tempRoot() + QStringLiteral("/raw.csv");
    writeBytes(raw, bytes, size);
    {
        CsvReader r;
        if (!r.open(raw))
            fuzzFail("cannot open", raw);
        std::vector<std::string> cells;
        std::uint64_t lastOffset = 0;
        while (r.next(&cells)) {
            if (r.recordOffset() < lastOffset || r.recordOffset() > size || r.bytesRead() > size)
                fuzzFail("record offset outside the file");
            lastOffset = r.recordOffset();
            for (const auto &c : cells)
                (void)csvValue(c);
        }
    }

    static const QByteArray legacyTimeline = readSource(QStringLiteral("tests/fuzz/fixtures/msprof_0_1_1.json"));
    static const QByteArray newerTimeline = readSource(
        QStringLiteral("tests/data/import/newer-layout/PROF_000001_20240101120000123_ABCDEFGHIJKLMNOP/mindstudio_profiler_output/msprof_20240101120001.json"));

    const QString dev = legacyDevice(QStringLiteral("csv-legacy"));
    const QString timeline = dev + QStringLiteral("/timeline/msprof_0_1_1.json");
    if (!QFile::exists(timeline))
        writeBytes(timeline, legacyTimeline.constData(), std::size_t(legacyTimeline.size()));
    for (const char *kind : {"op_summary", "op_statistic", "step_trace", "task_time", "aicpu", "dp", "fusion_op", "l2_cache", "msprof_tx"})
        writeBytes(dev + QStringLiteral("/summary/%1_0_1_1.csv").arg(QLatin1String(kind)), bytes, size);
    importAndCheck(dev);

    const QString prof = newerProf(QStringLiteral("csv-newer"));
    const QString out = prof + QStringLiteral("/mindstudio_profiler_output/");
    if (!QFile::exists(out + QStringLiteral("msprof_20240101120001.json")))
        writeBytes(out + QStringLiteral("msprof_20240101120001.json"), newerTimeline.constData(), std::size_t(newerTimeline.size()));
    writeBytes(out + QStringLiteral("op_summary_20240101120001.csv"), bytes, size);
    writeBytes(out + QStringLiteral("op_statistic_20240101120001.csv"), bytes, size);
    importAndCheck(prof);
    return 0;
}
