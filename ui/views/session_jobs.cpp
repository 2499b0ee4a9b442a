#include "ui/views/session_jobs.h"

namespace npuscope::ui {

void readStoredSession(const QString &projectPath, std::int64_t sessionId, const JobControl &job, QString *error,
                       const std::function<void(const store::ProjectReader &)> &read)
{
    store::StoreError err = store::StoreError::None;
    auto project = store::Project::open(projectPath, store::Project::Mode::ReadOnly, &err, error, store::Project::Check::Schema);
    if (!project)
        return;
    auto reader = project->session(sessionId, error);
    if (!reader)
        return;
    read(*reader);
    if (!job.isCancelled() && !reader->errorString().isEmpty())
        *error = reader->errorString();
}

SessionAdvice adviseStoredSession(const QString &projectPath, std::int64_t sessionId, const JobControl &job)
{
    SessionAdvice a;
    readStoredSession(projectPath, sessionId, job, &a.error, [&](const store::ProjectReader &reader) {
        a.advice = analysis::adviseSession(reader, {}, job.cancelFlag());
        for (const analysis::Finding &f : a.advice.findings)
            a.evidence.push_back(analysis::evidenceFocus(reader, f));
    });
    return a;
}

} // namespace npuscope::ui
