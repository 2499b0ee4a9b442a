// The trace-event reader alone, in memory (the reader of msprof timeline files under the
// importer). Invariants: a reader error has a reason; every event's ts and dur, when
// present and valid, are within [0, kMaxTimeNs] (so ts + dur cannot overflow); an event
// refused for a field says why; offsets stay inside the input.

#include "core/importing/json_pull.h"
#include "tests/fuzz/fuzz_support.h"

using namespace npuscope;
using namespace npuscope::importing;
using namespace fuzzsupport;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    TraceEventReader r;
    r.openBytes(std::string(reinterpret_cast<const char *>(data), size));
    TraceEvent e;
    for (;;) {
        const TraceEventReader::Result res = r.next(&e);
        if (res == TraceEventReader::Result::End)
            break;
        if (res == TraceEventReader::Result::Error) {
            if (r.error().isEmpty())
                fuzzFail("a reader error without a reason");
            break;
        }
        if (e.offset >= size)
            fuzzFail("an event offset outside the input");
        if (e.hasTs && (e.ts < 0 || e.ts > kMaxTimeNs))
            fuzzFail("a ts outside [0, kMaxTimeNs]", QString::number(e.ts));
        if (e.hasDur && (e.dur < 0 || e.dur > kMaxTimeNs))
            fuzzFail("a dur outside [0, kMaxTimeNs]", QString::number(e.dur));
        if (e.hasTs && e.hasDur && addTime(e.ts, e.dur) < e.ts)
            fuzzFail("ts + dur wrapped");
        if (e.argCount > e.args.size())
            fuzzFail("more arguments counted than kept");
        for (std::size_t i = 0; i < e.argCount; ++i)
            (void)e.arg(e.args[i].first);
    }
    return 0;
}
