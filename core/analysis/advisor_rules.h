#pragma once
// The advisor's rules: each one reads AdvisorFacts (advisor_facts.h) and returns its
// finding, or nothing when the session does not show its symptom. A rule is a pure
// function of the facts and the thresholds, so a test can feed it hand-made facts.
// Adding a rule: write its function, add it to advisorRules() (advisor_rules.cpp), describe
// it in docs/analysis.md, and add the facts it needs to the accumulation pass if missing.

#include "core/analysis/advisor.h"
#include "core/analysis/advisor_facts.h"

#include <optional>
#include <vector>

namespace npuscope::analysis {

using AdvisorRuleFn = std::optional<Finding> (*)(const AdvisorFacts &, const AdvisorOptions &);

struct AdvisorRule {
    const char *id;
    AdvisorRuleFn check;
};

// Every rule, in no particular order (advise() sorts the findings).
const std::vector<AdvisorRule> &advisorRules();

std::optional<Finding> inputBoundRule(const AdvisorFacts &facts, const AdvisorOptions &o);
std::optional<Finding> stragglerRule(const AdvisorFacts &facts, const AdvisorOptions &o);
std::optional<Finding> aicpuFallbackRule(const AdvisorFacts &facts, const AdvisorOptions &o);
std::optional<Finding> launchBoundRule(const AdvisorFacts &facts, const AdvisorOptions &o);
std::optional<Finding> commNotOverlappedRule(const AdvisorFacts &facts, const AdvisorOptions &o);
std::optional<Finding> memoryBoundRule(const AdvisorFacts &facts, const AdvisorOptions &o);
std::optional<Finding> lowCubeUtilizationRule(const AdvisorFacts &facts, const AdvisorOptions &o);
std::optional<Finding> pipelineBubbleRule(const AdvisorFacts &facts, const AdvisorOptions &o);
std::optional<Finding> tpCommNotOverlappedRule(const AdvisorFacts &facts, const AdvisorOptions &o);

// The slowest device of a multi-device session, when it exceeds the median of the others
// by stragglerExcess. Shared by the straggler rule and comm-not-overlapped (the waits a
// straggler causes are its finding's, not communication's).
struct Straggler {
    std::uint16_t device = 0;
    double computeNs = 0;        // its AI Core time per iteration
    double othersMedianNs = 0;   // the median of the other devices'
    double excess = 0;           // computeNs / othersMedianNs - 1
    double ownWaitNs = 0;        // its own NOTIFY_WAIT per iteration
    double othersExtraWaitNs = 0;// how much longer the others wait per iteration, on average
    double waitShare = 0;        // that extra wait as a share of each one's own iteration, on average: [0, 1]
};
std::optional<Straggler> findStraggler(const AdvisorFacts &facts, const AdvisorOptions &o);

// Severity from a share of time and the warning / critical thresholds.
Severity grade(double share, double warning, double critical);

// A finding `id` with the severity `share` grades to (the start of every rule's finding).
Finding gradedFinding(const char *id, double share, double warning, double critical);

} // namespace npuscope::analysis
