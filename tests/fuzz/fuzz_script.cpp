// Training-script extractor: arbitrary text (Python or not) must give a clean answer; an
// extracted options string then goes through the options parser like check-options does.

#include "core/options/profiling_options.h"
#include "tests/fuzz/fuzz_support.h"

using namespace npuscope;
using fuzzsupport::fuzzFail;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const QString text = QString::fromUtf8(reinterpret_cast<const char *>(data), qsizetype(size));
    const ScriptExtraction ex = extractFromScript(text);
    const int lines = int(text.count(QLatin1Char('\n'))) + 1;
    if (ex.line < 0 || ex.line > lines + 1)
        fuzzFail("line out of the script", QString::number(ex.line));
    if (!ex.found && ex.profilingEnabled)
        fuzzFail("profiling enabled without options");
    if (ex.found) {
        ProfilingOptions o;
        (void)ProfilingOptions::parse(ex.optionsJson, &o);
    }
    return 0;
}
