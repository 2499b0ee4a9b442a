// The CSV reader alone, in memory (the reader of the PROF summary files under the
// importer). Invariants: records start in order inside the input; an error has a reason;
// without an error the whole input is consumed; and an input without quotes comes back
// byte for byte from its cells (cells joined by ',', records by LF), after the reader's
// documented normalisations: the BOM dropped, CRLF (or a final CR) read as LF.

#include "core/importing/csv_reader.h"
#include "tests/fuzz/fuzz_support.h"

using namespace npuscope::importing;
using namespace fuzzsupport;

namespace {

std::string normalised(std::string_view in)
{
    if (in.substr(0, 3) == "\xEF\xBB\xBF")
        in.remove_prefix(3);
    std::string out;
    out.reserve(in.size() + 1);
    for (std::size_t from = 0;;) {
        const std::size_t cr = in.find('\r', from);
        if (cr == std::string_view::npos) {
            out.append(in.substr(from));
            break;
        }
        out.append(in.substr(from, cr - from));
        const bool lineEnd = cr + 1 == in.size() || in[cr + 1] == '\n';
        out += lineEnd ? '\n' : '\r';
        from = cr + 1 + (lineEnd && cr + 1 < in.size() ? 1 : 0);
    }
    if (!out.empty() && out.back() != '\n')
        out += '\n';
    return out;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const std::string_view input(reinterpret_cast<const char *>(data), size);
    CsvReader r;
    r.openBytes(std::string(input));
    std::vector<std::string> cells;
    std::uint64_t lastOffset = 0;
    std::string rebuilt;
    while (r.next(&cells)) {
        if (r.recordOffset() < lastOffset || r.recordOffset() >= std::max<std::size_t>(size, 1) || r.bytesRead() > size)
            fuzzFail("a record offset outside the input or going back");
        lastOffset = r.recordOffset();
        if (cells.empty())
            fuzzFail("a record without cells");
        for (std::size_t i = 0; i < cells.size(); ++i) {
            (void)csvValue(cells[i]);
            if (i)
                rebuilt += ',';
            rebuilt += cells[i];
        }
        rebuilt += '\n';
    }
    if (!r.error().isEmpty())
        return 0;
    if (r.bytesRead() != size)
        fuzzFail("the reader stopped early without an error");
    if (input.find('"') == std::string_view::npos && rebuilt != normalised(input))
        fuzzFail("cells do not give the input back", QString::fromUtf8(rebuilt.data(), qsizetype(rebuilt.size())));
    return 0;
}
