#pragma once
// Order statistics the calibration tests compare the emulator's figures with the reference
// captures' by.

#include <algorithm>
#include <cstddef>
#include <vector>

namespace teststats {

// The upper median (the middle value of an odd count, the higher of the two middle ones of
// an even count); 0 for none.
inline double median(std::vector<double> v)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

// The value at fraction `p` (0..1) of the sorted values; 0 for none.
inline double percentile(std::vector<double> v, double p)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, std::size_t(p * double(v.size())))];
}

} // namespace teststats
