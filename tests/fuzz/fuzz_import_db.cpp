// SQLite exports: the input is written as a torch_npu ascend_pytorch_profiler_0.db (in an
// *_ascend_pt folder) and as a CANN msprof_0.db (in a PROF_* folder) and imported. A foreign
// database is untrusted input: whatever its pages hold, the import ends with a result or a
// reason, reads nothing outside the file and leaves every row accounted for.

#include "tests/fuzz/fuzz_import_common.h"

using namespace fuzzsupport;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const char *bytes = reinterpret_cast<const char *>(data);

    const QString torch = tempRoot() + QStringLiteral("/db-torch/fuzz_ascend_pt");
    if (!QFile::exists(torch + QStringLiteral("/profiler_info_0.json"))) {
        const QByteArray info = readSource(
            QStringLiteral("tests/data/reference/ascend910b-torchnpu-db-alexnet/rank0_ascend_pt/profiler_info_0.json"));
        writeBytes(torch + QStringLiteral("/profiler_info_0.json"), info.constData(), std::size_t(info.size()));
    }
    // A fresh file each time: SQLite must not see a journal or WAL of the previous input.
    const QString torchDb = torch + QStringLiteral("/ASCEND_PROFILER_OUTPUT/ascend_pytorch_profiler_0.db");
    QFile::remove(torchDb);
    writeBytes(torchDb, bytes, size);
    importAndCheck(torch);

    const QString prof = tempRoot() + QStringLiteral("/db-msprof/PROF_000001_20240101120000123_AAAAAAAAAAAAAAAA");
    const QString msprofDb = prof + QStringLiteral("/msprof_0.db");
    QFile::remove(msprofDb);
    writeBytes(msprofDb, bytes, size);
    importAndCheck(prof);
    return 0;
}
