#pragma once
// What the advisor tests share: the finding of a rule among findings, and a finding's
// figure by name.

#include "core/analysis/advisor.h"

#include <cmath>
#include <string>
#include <vector>

namespace advisortest {

using npuscope::analysis::Finding;

// The finding of rule `id`, or nullptr.
inline const Finding *find(const std::vector<Finding> &fs, const std::string &id)
{
    for (const Finding &f : fs)
        if (f.id == id)
            return &f;
    return nullptr;
}

// The figure `name` of the finding; NaN when it has none.
inline double figure(const Finding &f, const std::string &name)
{
    for (const auto &[n, v] : f.figures)
        if (n == name)
            return v;
    return std::nan("");
}

} // namespace advisortest
