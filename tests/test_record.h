#pragma once
// Records one emulated session into a project through the real ProjectWriter: the setup of
// every test that needs a recorded project (core pipeline tests, GUI tests), written once.
// And opens a session of a project for reading, as the tests that check what was stored do.

#include "core/model/session.h"
#include "core/options/profiling_options.h"
#include "core/store/project.h"
#include "device/emulator.h"

#include <QString>
#include <atomic>
#include <functional>
#include <memory>

namespace testrecord {

// One emulated session into `sink` (a MemoryTrace, say): true when it completed, else the
// emulator's reason goes to the test log.
inline bool emulateInto(npuscope::RecordSink &sink, const npuscope::SessionSpec &spec,
                        const npuscope::ProfilingOptions &options)
{
    npuscope::device::Emulator emu(spec, options);
    const npuscope::SessionStatus st = emu.run(sink);
    if (st != npuscope::SessionStatus::Complete)
        qWarning("emulator: %s", qPrintable(emu.errorString()));
    return st == npuscope::SessionStatus::Complete;
}

struct RunResult {
    bool ok = false;
    QString error;
    npuscope::SessionStatus status = npuscope::SessionStatus::Failed;
    std::int64_t sessionId = 0;
};

inline RunResult record(const npuscope::SessionSpec &spec, const npuscope::ProfilingOptions &options,
                        const QString &projectPath, const std::atomic_bool *cancel = nullptr,
                        const std::function<void(const npuscope::device::EmulatorProgress &)> &progress = {})
{
    using namespace npuscope;
    RunResult r;
    store::StoreError se = store::StoreError::None;
    QString msg;
    auto writer = store::ProjectWriter::create(projectPath, &se, &msg);
    if (!writer) {
        r.error = QStringLiteral("ProjectWriter::create: ") + msg;
        return r;
    }
    device::Emulator emulator(spec, options);
    r.status = emulator.run(*writer, cancel, progress);
    r.sessionId = writer->sessionId();
    if (r.status == SessionStatus::Failed) {
        r.error = QStringLiteral("emulator failed: ") + emulator.errorString() + QStringLiteral(" / ") + writer->errorString();
        return r;
    }
    r.ok = true;
    return r;
}

// The same for tests that need a complete session: false and *error otherwise.
inline bool recordComplete(const npuscope::SessionSpec &spec, const npuscope::ProfilingOptions &options,
                           const QString &projectPath, QString *error)
{
    const RunResult r = record(spec, options, projectPath);
    if (r.ok && r.status != npuscope::SessionStatus::Complete)
        *error = QStringLiteral("the session ended %1").arg(npuscope::sessionStatusName(r.status));
    else if (!r.ok)
        *error = r.error;
    return r.ok && r.status == npuscope::SessionStatus::Complete;
}

// The same with the options as the JSON text a user writes (ProfilingOptions::parse): false
// and the first problem in *error when they do not parse.
inline bool recordComplete(const npuscope::SessionSpec &spec, const QByteArray &optionsJson, const QString &projectPath,
                           QString *error)
{
    npuscope::ProfilingOptions options;
    const auto problems = npuscope::ProfilingOptions::parse(optionsJson, &options);
    if (!problems.empty()) {
        *error = problems.front().message;
        return false;
    }
    return recordComplete(spec, options, projectPath, error);
}

// The project at `path` opened read-only; null, and why in `error` when given, when it does
// not open.
inline std::unique_ptr<npuscope::store::Project> openProject(const QString &path, QString *error = nullptr)
{
    using namespace npuscope;
    store::StoreError se = store::StoreError::None;
    QString why;
    auto p = store::Project::open(path, store::Project::Mode::ReadOnly, &se, &why);
    if (!p && error)
        *error = why;
    return p;
}

// A project opened read-only with one of its sessions (the first when sessionId is 0);
// reader is null, and error says why, when either does not open.
struct OpenedSession {
    std::unique_ptr<npuscope::store::Project> project;
    std::unique_ptr<npuscope::store::ProjectReader> reader;
    QString error;
};

inline OpenedSession openSession(const QString &projectPath, std::int64_t sessionId = 0)
{
    using namespace npuscope;
    OpenedSession o;
    o.project = openProject(projectPath, &o.error);
    if (!o.project)
        return o;
    if (sessionId == 0) {
        const auto sessions = o.project->sessions();
        if (sessions.empty()) {
            o.error = QStringLiteral("%1 holds no session").arg(projectPath);
            return o;
        }
        sessionId = sessions.front().id;
    }
    o.reader = o.project->session(sessionId, &o.error);
    return o;
}

} // namespace testrecord
