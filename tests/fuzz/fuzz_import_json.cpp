// PROF importer, JSON side: the input is the streaming tokenizer's raw input, a trace-event
// array, and every timeline file of a legacy device folder (msprof, task_time, hccl,
// step_trace, msprof_tx: the same bytes, so the duplicate detection between them runs too)
// and the msprof file of a newer-layout folder.

#include "core/importing/json_pull.h"
#include "tests/fuzz/fuzz_import_common.h"

using namespace npuscope;
using namespace npuscope::importing;
using namespace fuzzsupport;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const char *bytes = reinterpret_cast<const char *>(data);
    const std::string input(bytes, size);

    {
        JsonPull p;
        p.openBytes(input);
        for (int n = 0; n < 1 << 20; ++n) {
            const JsonPull::Token t = p.next();
            if (t == JsonPull::Token::End)
                break;
            if (t == JsonPull::Token::Error) {
                if (p.error().isEmpty())
                    fuzzFail("a tokenizer error without a reason");
                break;
            }
            if (t == JsonPull::Token::Number) {
                TimeNs ns = 0;
                std::uint64_t u = 0;
                double d = 0;
                (void)usTextToNs(p.text(), &ns);
                (void)msTextToNs(p.text(), &ns);
                (void)toUInt64(p.text(), &u);
                (void)toDouble(p.text(), &d);
            }
            // Every other object is skipped whole, so skipValue sees every nesting.
            if (t == JsonPull::Token::BeginObject && (n & 1) && !p.skipValue(t))
                break;
        }
    }
    {
        TraceEventReader r;
        r.openBytes(input);
        TraceEvent e;
        while (r.next(&e) == TraceEventReader::Result::Event)
            (void)e.arg("Task Type");
    }
    // The number converters on short inputs directly (they also read CSV cells).
    if (size < 48) {
        TimeNs ns = 0;
        (void)usTextToNs(input, &ns);
        (void)msTextToNs(input, &ns);
    }

    const QString dev = legacyDevice(QStringLiteral("json-legacy"));
    for (const char *kind : {"msprof", "task_time", "hccl", "step_trace", "msprof_tx"})
        writeBytes(dev + QStringLiteral("/timeline/%1_0_1_1.json").arg(QLatin1String(kind)), bytes, size);
    importAndCheck(dev);

    const QString prof = newerProf(QStringLiteral("json-newer"));
    writeBytes(prof + QStringLiteral("/mindstudio_profiler_output/msprof_20240101120001.json"), bytes, size);
    importAndCheck(prof);
    return 0;
}
