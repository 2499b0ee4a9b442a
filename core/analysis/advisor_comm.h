#pragma once
// The advisor's rules that read the communication analysis (communication.h): a straggler
// rank the others wait for, communication the computation does not hide (from the step
// breakdown of imported sessions) and a slow link. They complete advise() (advisor.h) for
// sessions its iteration-based rules cannot judge, so a rule id already found is not
// reported twice; docs/communication.md describes what each measures.

#include "core/analysis/advisor.h"
#include "core/analysis/communication.h"

namespace npuscope::analysis {

// A link is slow below this fraction of the median bandwidth of the links of its type
// (msprof's BANDWIDTH_THRESHOLD, applied against the session's own links because the data
// does not say what the link is rated for).
inline constexpr double kSlowLinkFraction = 0.8;
// Time lost on slow links as a share of that link type's transfer time: warning, critical.
inline constexpr double kSlowLinkShareWarning = 0.05, kSlowLinkShareCritical = 0.15;

// Appends the findings of the communication rules to *out (ids straggler,
// comm-not-overlapped, slow-link), skipping an id *out already holds.
void adviseCommunication(const TraceReader &reader, const CommunicationAnalysis &comm, const AdvisorOptions &options,
                         std::vector<Finding> *out);

} // namespace npuscope::analysis
