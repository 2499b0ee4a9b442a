// profiling_options parser. Beyond not crashing: whatever parses cleanly must survive
// toJson and both generated code forms (parse → generate → extract → parse gives the
// same options), since the GUI and the CLI rely on those round trips.

#include "core/options/profiling_options.h"
#include "tests/fuzz/fuzz_support.h"

using namespace npuscope;
using fuzzsupport::fuzzFail;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const QByteArray json(reinterpret_cast<const char *>(data), qsizetype(size));
    ProfilingOptions o;
    const auto problems = ProfilingOptions::parse(json, &o);
    for (const auto &p : problems)
        if (p.message.isEmpty())
            fuzzFail("a problem without a message for key", p.key);
    // What could be understood is still used by the GUI form, even with problems.
    (void)o.toJson();
    (void)o.optionsWithoutData();
    (void)o.writtenKeys();
    if (!problems.empty())
        return 0;

    ProfilingOptions back;
    const QByteArray again = o.toJson();
    if (!ProfilingOptions::parse(again, &back).empty() || !(back == o))
        fuzzFail("toJson round trip", QString::fromUtf8(json) + QStringLiteral(" -> ") + QString::fromUtf8(again));
    for (CodeForm form : {CodeForm::Estimator, CodeForm::SessRun}) {
        const QString code = generateTrainingCode(o, form);
        const ScriptExtraction ex = extractFromScript(code);
        if (!ex.found || !ex.profilingEnabled || ex.form != form)
            fuzzFail("generated code not extracted", code + QStringLiteral("\n") + ex.error);
        ProfilingOptions fromCode;
        if (!ProfilingOptions::parse(ex.optionsJson, &fromCode).empty() || !(fromCode == o))
            fuzzFail("generate/extract round trip", code);
    }
    return 0;
}
