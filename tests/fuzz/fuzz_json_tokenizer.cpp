// The streaming JSON tokenizer alone, in memory: no files, so libFuzzer runs it hundreds of
// thousands of times in the time the whole-import target (fuzz_import_json) runs thousands.
// Invariants: every error has a reason and stays; numbers follow RFC 8259 (so they parse);
// nesting never exceeds kMaxDepth and closes in order; offsets only grow and stay inside
// the input; End comes only after a complete value.

#include "core/importing/json_pull.h"
#include "tests/fuzz/fuzz_support.h"

#include <charconv>
#include <vector>

using namespace npuscope;
using namespace npuscope::importing;
using namespace fuzzsupport;
using T = JsonPull::Token;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    JsonPull p;
    p.openBytes(std::string(reinterpret_cast<const char *>(data), size));
    std::vector<T> open;
    std::uint64_t lastOffset = 0;
    bool sawValue = false;
    for (;;) {
        const T t = p.next();
        if (t == T::Error) {
            if (p.error().isEmpty())
                fuzzFail("a tokenizer error without a reason");
            if (p.next() != T::Error)
                fuzzFail("the tokenizer left its error state");
            break;
        }
        if (t == T::End) {
            if (!open.empty() || !sawValue)
                fuzzFail("End before a complete value");
            break;
        }
        if (p.tokenOffset() < lastOffset || p.tokenOffset() >= size)
            fuzzFail("a token offset outside the input or going back");
        lastOffset = p.tokenOffset();
        sawValue = true;
        switch (t) {
        case T::BeginObject:
        case T::BeginArray:
            open.push_back(t);
            if (open.size() > JsonPull::kMaxDepth)
                fuzzFail("nesting deeper than kMaxDepth");
            break;
        case T::EndObject:
        case T::EndArray:
            if (open.empty() || (open.back() == T::BeginObject) != (t == T::EndObject))
                fuzzFail("a container closed out of order");
            open.pop_back();
            break;
        case T::Number: {
            double d = 0;
            const std::string_view n = p.text();
            const auto r = std::from_chars(n.data(), n.data() + n.size(), d);
            if (n.empty() || n[0] == '+' || r.ptr != n.data() + n.size())
                fuzzFail("a number token that is no number", QString::fromUtf8(n.data(), qsizetype(n.size())));
            TimeNs ns = 0;
            (void)usTextToTime(n, &ns);
            (void)msTextToNs(n, &ns);
            break;
        }
        default:
            break;
        }
    }
    return 0;
}
