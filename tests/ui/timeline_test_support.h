#pragma once
// Shared by the timeline tests: a recorded ResNet-50 session with every lane kind, and SQL
// over the project with a connection of the test's own.

#include "core/options/profiling_options.h"
#include "core/store/hccl_blocks.h"
#include "core/store/project.h"
#include "device/emulator.h"
#include "tests/test_record.h"
#include "ui/timeline/timeline_view.h"

#include <QtTest>
#include <sqlite3.h>

namespace timelinetest {

using namespace npuscope;

// The view at 1600×900, shown, on `session` of `path` with its details loaded.
inline bool showSession(npuscope::ui::TimelineView &v, const QString &path, std::int64_t session)
{
    v.resize(1600, 900);
    v.show();
    return v.open(path, session) && v.waitForDetails(60000);
}

// The index of the longest event of a lane (the first of equals; 0 when it has none).
inline std::size_t longestEvent(const analysis::timeline::LaneEvents &events)
{
    std::size_t longest = 0;
    for (std::size_t i = 1; i < events.size(); ++i)
        if (events.durationAt(i) > events.durationAt(longest))
            longest = i;
    return longest;
}

inline bool record(const QString &path, int devices, int iterations, QString *error)
{
    ProfilingOptions o;
    ProfilingOptions::parse(R"({"output":"/tmp/x","training_trace":"on","task_trace":"on","hccl":"on","aicpu":"on","l2":"on","msproftx":"on","aic_metrics":"PipeUtilization"})",
                            &o);
    SessionSpec s;
    s.model = QStringLiteral("resnet50");
    s.devicesPerServer = devices;
    s.iterations = iterations;
    s.seed = 5;
    return testrecord::recordComplete(s, o, path, error);
}

struct Sql {
    sqlite3 *db = nullptr;
    explicit Sql(const QString &path)
    {
        sqlite3_open_v2(path.toUtf8().constData(), &db, SQLITE_OPEN_READONLY, nullptr);
        // Plain rows of the block-stored kinds (hccl_tasks), as the SQL console has them.
        store::detail::registerRecordTables(db);
        // The view writes marks and lane layouts on a worker: a read may meet one committing.
        sqlite3_busy_timeout(db, 10000);
    }
    ~Sql() { sqlite3_close(db); }
    template<typename F>
    void rows(const QByteArray &sql, F &&f)
    {
        sqlite3_stmt *s = nullptr;
        QVERIFY2(sqlite3_prepare_v2(db, sql.constData(), -1, &s, nullptr) == SQLITE_OK, sqlite3_errmsg(db));
        while (sqlite3_step(s) == SQLITE_ROW)
            f(s);
        sqlite3_finalize(s);
    }
};


} // namespace timelinetest
