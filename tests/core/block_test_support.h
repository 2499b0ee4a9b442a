#pragma once
// Shared by the column-block tests (test_store_hccl_blocks, test_store_task_blocks,
// test_store_session_blocks, test_store_host_blocks): recording a generator's batches,
// upgrading an old-schema project and reading it back, and damaging a block table the
// ways another program or the disk would — one flipped bit inside a block (only our
// checksum can tell), or whole leaf / overflow pages overwritten.

#include "core/store/project.h"
#include "core/store/schema.h"
#include "core/store/sqlite_db.h"
#include "test_store_fixture.h"
#include "tests/test_files.h"
#include "tests/test_sql.h"

#include <QFile>
#include <QString>
#include <QTest>

#include <sqlite3.h>

#include <algorithm>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

namespace blocktest {

using namespace npuscope;
using namespace npuscope::store;

inline QString record(const QString &path, storetest::Generator &g, const std::vector<RecordBatch> &batches)
{
    auto w = ProjectWriter::create(path, nullptr, nullptr);
    if (!w)
        return QStringLiteral("no writer");
    const SessionInfo info = g.info();
    if (!w->begin(info))
        return w->errorString();
    for (const RecordBatch &b : batches)
        if (!w->write(b))
            return w->errorString();
    if (!w->end(SessionStatus::Complete, g.endDevices(info)))
        return w->errorString();
    return {};
}

// Flips one bit in the middle of the data of block `id` of `table`.
inline bool flipBlockByte(const QString &path, const char *table, std::int64_t id)
{
    sqlite3 *db = nullptr;
    bool ok = false;
    if (sqlite3_open_v2(QFile::encodeName(path).constData(), &db, SQLITE_OPEN_READWRITE, nullptr) == SQLITE_OK) {
        sqlite3_stmt *s = nullptr;
        std::vector<unsigned char> data;
        const std::string select = std::string("SELECT data FROM ") + table + " WHERE id = ?1";
        if (sqlite3_prepare_v2(db, select.c_str(), -1, &s, nullptr) == SQLITE_OK) {
            sqlite3_bind_int64(s, 1, id);
            if (sqlite3_step(s) == SQLITE_ROW) {
                const auto *p = static_cast<const unsigned char *>(sqlite3_column_blob(s, 0));
                data.assign(p, p + sqlite3_column_bytes(s, 0));
            }
        }
        sqlite3_finalize(s);
        if (data.size() > 8) {
            data[data.size() / 2] ^= 0x10;
            const std::string update = std::string("UPDATE ") + table + " SET data = ?2 WHERE id = ?1";
            if (sqlite3_prepare_v2(db, update.c_str(), -1, &s, nullptr) == SQLITE_OK) {
                sqlite3_bind_int64(s, 1, id);
                sqlite3_bind_blob(s, 2, data.data(), int(data.size()), SQLITE_TRANSIENT);
                ok = sqlite3_step(s) == SQLITE_DONE && sqlite3_changes(db) == 1;
            }
            sqlite3_finalize(s);
        }
    }
    sqlite3_close(db);
    return ok;
}

// The ways the damage tests hurt a block table: whole leaf pages overwritten, one overflow
// page overwritten, one bit flipped inside a block (the pages stay well-formed).
inline void addDamageRows()
{
    QTest::addColumn<QString>("damage");
    QTest::newRow("leaf pages") << "leaf";
    QTest::newRow("overflow page") << "overflow";
    QTest::newRow("one bit in a block") << "bit";
}

// Does `damage` (a row of addDamageRows) to `table` of the file; false when it could not.
inline bool damageBlocks(const QString &path, const char *table, const QString &damage)
{
    if (damage == QLatin1String("bit")) {
        const std::string maxId = std::string("SELECT MAX(id) FROM ") + table;
        return flipBlockByte(path, table, testsql::scalar(path, maxId.c_str()) / 2 + 1);
    }
    int pageSize = 0;
    const std::vector<qint64> pages =
        testfiles::pagesOf(path, table, damage == QLatin1String("leaf") ? "leaf" : "overflow", &pageSize);
    if (pages.size() < 3) {
        qWarning("only %zu %s pages of %s", pages.size(), qPrintable(damage), table);
        return false;
    }
    return testfiles::overwritePages(path, {pages[pages.size() / 2]}, pageSize);
}

// Records in the order the reader's forEachTask / forEachHcclTask give them: by start,
// stream and task id, ties in recorded order.
template<typename Rec>
std::vector<Rec> inReaderOrder(std::vector<Rec> records)
{
    std::stable_sort(records.begin(), records.end(), [](const Rec &a, const Rec &b) {
        return std::tie(a.start, a.streamId, a.taskId) < std::tie(b.start, b.streamId, b.taskId);
    });
    return records;
}

// A new project file at schema `version` with one session of two devices, in an open
// transaction on `db`, for a test to fill that version's row tables and upgrade.
inline bool oldProject(const QString &path, int version, detail::Db *db)
{
    sqlite3 *raw = nullptr;
    if (sqlite3_open_v2(QFile::encodeName(path).constData(), &raw, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr)
        != SQLITE_OK) {
        sqlite3_close(raw);
        return false;
    }
    db->reset(raw);
    QString failed;
    return detail::migrate(*db, 0, &failed, version) == SQLITE_OK
           && db->exec("INSERT INTO sessions(name, source, spec_json, options_json, seed, app_version, started_wall_us, "
                       "ended_wall_us, status) VALUES('old', 'import', '{}', '{}', 0, '0.6', 1, 2, 'complete');"
                       "INSERT INTO devices(session, id, rank_id, host_pid, hostname, monotonic_begin, monotonic_end, "
                       "wall_begin_us, wall_end_us, ai_core_num, ai_cpu_num, aic_freq, hwts_freq) VALUES "
                       "(1, 0, 0, 1, 'h', 0, 0, 0, 0, 0, 0, 0, 0), (1, 1, 1, 1, 'h', 0, 0, 0, 0, 0, 0, 0, 0);"
                       "BEGIN")
                  == SQLITE_OK;
}

// The first column of every row `sql` gives on the file (plain SQLite), as text.
inline std::vector<QString> firstColumn(const QString &path, const char *sql)
{
    std::vector<QString> out;
    sqlite3 *db = testsql::open(path);
    sqlite3_stmt *s = nullptr;
    sqlite3_prepare_v2(db, sql, -1, &s, nullptr);
    while (s && sqlite3_step(s) == SQLITE_ROW)
        out.push_back(QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_column_text(s, 0))));
    sqlite3_finalize(s);
    sqlite3_close(db);
    return out;
}

inline bool saysDamaged(const QString &why)
{
    return why.contains(QStringLiteral("damaged")) || why.contains(QStringLiteral("malformed"));
}

// SQLite's quote() of a double: values read back from blocks compare with what SQL printed
// for the old row tables.
class SqlQuote {
public:
    SqlQuote()
    {
        sqlite3_open(":memory:", &db_);
        sqlite3_prepare_v2(db_, "SELECT quote(?1)", -1, &q_, nullptr);
    }
    ~SqlQuote()
    {
        sqlite3_finalize(q_);
        sqlite3_close(db_);
    }
    SqlQuote(const SqlQuote &) = delete;
    SqlQuote &operator=(const SqlQuote &) = delete;
    QString operator()(double v) const
    {
        sqlite3_reset(q_);
        sqlite3_bind_double(q_, 1, v);
        sqlite3_step(q_);
        return QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_column_text(q_, 0)));
    }

private:
    sqlite3 *db_ = nullptr;
    sqlite3_stmt *q_ = nullptr;
};

// An old-schema project upgraded in place, then its session 1 opened for reading.
struct Upgraded {
    UpgradeResult up;
    std::unique_ptr<Project> project;
    std::unique_ptr<ProjectReader> reader; // null when a step failed: `why` says which
    QString why;
};

inline Upgraded upgradeAndOpen(const QString &path)
{
    Upgraded u;
    StoreError err = StoreError::None;
    if (!Project::upgrade(path, &u.up, &err, &u.why))
        return u;
    u.project = Project::open(path, Project::Mode::ReadOnly, &err, &u.why);
    if (u.project)
        u.reader = u.project->session(1, &u.why);
    return u;
}

} // namespace blocktest
