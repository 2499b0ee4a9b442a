#pragma once
// What the session views' background jobs share (they run on a JobRunner's worker): reading
// one stored session, and the advisor's findings with their evidence (the Advisor and
// Overview tabs both show them).

#include "core/analysis/advisor_coverage.h"
#include "core/analysis/advisor_focus.h"
#include "core/store/project.h"
#include "ui/job_runner.h"

#include <QString>

#include <cstdint>
#include <functional>
#include <vector>

namespace npuscope::ui {

// Opens the project read-only with the schema check only (the window checked the file when
// it opened it) and runs read(reader) on the session. What went wrong lands in *error: the
// open, the session, or the reader's own error once a read that was not cancelled ends.
void readStoredSession(const QString &projectPath, std::int64_t sessionId, const JobControl &job, QString *error,
                       const std::function<void(const store::ProjectReader &)> &read);

// The advisor's findings and coverage for a session, and each finding's evidence.
struct SessionAdvice {
    analysis::Advice advice;
    std::vector<analysis::EvidenceFocus> evidence; // per finding
    QString error;
};
SessionAdvice adviseStoredSession(const QString &projectPath, std::int64_t sessionId, const JobControl &job);

} // namespace npuscope::ui
