#include "device/parallel_schedule.h"

#include <algorithm>

namespace npuscope::device {

std::vector<int> ParallelLayout::tpGroup(int r) const
{
    std::vector<int> g;
    for (int t = 0; t < tp; ++t)
        g.push_back(rank(dpRank(r), t, stage(r)));
    return g;
}

std::vector<int> ParallelLayout::dpGroup(int r) const
{
    std::vector<int> g;
    for (int d = 0; d < dp; ++d)
        g.push_back(rank(d, tpRank(r), stage(r)));
    return g;
}

std::vector<int> ParallelLayout::ppGroup(int r) const
{
    std::vector<int> g;
    for (int p = 0; p < pp; ++p)
        g.push_back(rank(dpRank(r), tpRank(r), p));
    return g;
}

std::string hcclGroupName(const char *kind, const std::vector<int> &ranks)
{
    // FNV-1a over the kind and the ranks.
    std::uint64_t h = 14695981039346656037ull;
    const auto mix = [&](std::uint64_t v) {
        for (int i = 0; i < 8; ++i) {
            h ^= (v >> (8 * i)) & 0xff;
            h *= 1099511628211ull;
        }
    };
    for (const char *c = kind; *c; ++c)
        mix(std::uint64_t(std::uint8_t(*c)));
    for (int r : ranks)
        mix(std::uint64_t(r) + 0x100);
    return std::to_string(h);
}

std::vector<PipeAction> oneFOneB(int stage, int stages, int microBatches)
{
    std::vector<PipeAction> out;
    const int warmup = std::min(stages - stage - 1, microBatches);
    int f = 0, b = 0;
    for (; f < warmup; ++f)
        out.push_back({true, f});
    while (f < microBatches) {
        out.push_back({true, f++});
        out.push_back({false, b++});
    }
    while (b < microBatches)
        out.push_back({false, b++});
    return out;
}

double oneFOneBBubble(int stages, int microBatches)
{
    return double(stages - 1) / double(microBatches + stages - 1);
}

} // namespace npuscope::device
