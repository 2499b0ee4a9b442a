#pragma once
// Which advisor rules could read what they need in a session, and why not when they could
// not. A session without findings is only "healthy" for the rules that ran: one recorded
// with hccl off cannot show unhidden communication, one without step traces no input
// stalls, an aic_metrics group without mac_ratio no starved cube. Rules that do not apply
// (a straggler among one device) are not listed: nothing is missing for them. The advisor
// view, the CLI's analyze and its JSON say so next to the findings.

#include "core/analysis/advisor.h"
#include "core/analysis/advisor_facts.h"
#include "core/analysis/communication.h"

#include <QString>
#include <QStringList>
#include <string>
#include <vector>

namespace npuscope::analysis {

struct RuleNotRun {
    std::string id;   // a rule id (advisor.h)
    QString reason;   // translated: what was missing and, when the options say, why
};

struct AdvisorCoverage {
    std::vector<RuleNotRun> notRun;  // in the rules' order
    QStringList notes;               // translated facts that qualify every finding (a stopped run)
    bool noDeviceTasks = false;      // nothing for the task-reading rules at all
};

AdvisorCoverage advisorCoverage(const TraceReader &reader, const AdvisorFacts &facts, const CommunicationAnalysis &comm);

// What advise() returns, with the coverage of the same pass.
struct Advice {
    std::vector<Finding> findings;
    AdvisorCoverage coverage;
};
Advice adviseSession(const TraceReader &reader, const AdvisorOptions &options = {},
                     const std::atomic<bool> *cancel = nullptr);

// {"not_run":[{"id","reason"}],"notes":[...],"no_device_tasks":bool}
QJsonObject coverageToJson(const AdvisorCoverage &c);

} // namespace npuscope::analysis
