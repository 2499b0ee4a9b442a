#pragma once
// What the advisor tests share: the finding of a rule among findings, a finding's figure by
// name, and findings described for a failure message.

#include "core/analysis/advisor.h"

#include <QString>
#include <QStringList>

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

// One line a finding: "[severity] id: evidence".
inline QString describe(const std::vector<Finding> &fs)
{
    QStringList l;
    for (const Finding &f : fs)
        l << QStringLiteral("[%1] %2: %3").arg(QString::fromLatin1(npuscope::analysis::severityName(f.severity)),
                                               QString::fromStdString(f.id), f.evidence);
    return l.isEmpty() ? QStringLiteral("(no findings)") : l.join(QLatin1Char('\n'));
}

} // namespace advisortest
