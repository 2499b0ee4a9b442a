#pragma once
// Internal to core/store: thin RAII owners of sqlite3 connections and statements, the
// identity check every connection to a project goes through, and the mapping of SQLite
// result codes to StoreError plus a translated sentence. Not a general SQLite wrapper:
// only what the project store needs, so the hot paths stay plain sqlite3_* calls.

#include "core/store/project.h"

#include <atomic>
#include <utility>
#include <vector>
#include <QString>
#include <sqlite3.h>

namespace npuscope::store::detail {

class Stmt {
public:
    Stmt() = default;
    explicit Stmt(sqlite3_stmt *s) : s_(s) {}
    Stmt(Stmt &&o) noexcept : s_(o.s_) { o.s_ = nullptr; }
    Stmt &operator=(Stmt &&o) noexcept;
    Stmt(const Stmt &) = delete;
    Stmt &operator=(const Stmt &) = delete;
    ~Stmt();
    sqlite3_stmt *get() const { return s_; }
    explicit operator bool() const { return s_ != nullptr; }

private:
    sqlite3_stmt *s_ = nullptr;
};

class Db {
public:
    Db() = default;
    Db(Db &&o) noexcept : db_(o.db_), settle_(o.settle_) { o.db_ = nullptr; o.settle_ = false; }
    Db &operator=(Db &&o) noexcept;
    Db(const Db &) = delete;
    Db &operator=(const Db &) = delete;
    ~Db();

    sqlite3 *get() const { return db_; }
    explicit operator bool() const { return db_ != nullptr; }
    void reset(sqlite3 *db);
    // Marks the connection as one to a verified NPU Scope project: closing it then leaves
    // the file at rest (settleAtRest). Never set for a file whose identity was not checked.
    void settleOnClose() { settle_ = true; }

    // Returns the SQLite result code; statements are prepared once with PERSISTENT when
    // they will be reused across batches.
    int exec(const char *sql) const;
    int prepare(const char *sql, Stmt *out, bool persistent = false) const;
    // A single integer result (PRAGMA user_version, COUNT(*)); rc via *rc.
    std::int64_t scalar(const char *sql, int *rc) const;
    QString lastMessage() const;

private:
    sqlite3 *db_ = nullptr;
    bool settle_ = false;
};

// A project at rest is one file. While a writer records, the file is in WAL mode and
// every connection shares a -wal and a -shm file beside it; a read-only connection to a
// WAL-mode file creates both. Once the last connection is gone this returns the file to
// rollback-journal mode, which folds the -wal into the file (recovering what a crashed
// writer committed) and removes both. It fails harmlessly, changing nothing, while any
// other connection, in this process or another, still has the file open; the last one
// to close then settles it. Returns true when the file is (now) at rest.
bool settleAtRest(const QByteArray &path);

// A bare read-write connection to `path` with every connection's settings (safety settings
// checked, extended result codes, busy timeout), for work beside the one that opened and
// verified the file: settling it, rolling back a hot journal, checkpointing a writer's WAL.
// Null when it cannot open or a setting did not take; the caller closes it.
sqlite3 *openSideConnection(const QByteArray &path);

// Switches the file of `db` to WAL mode and returns once `db` itself reads it in WAL mode:
// from then on the connection holds the file's shared lock until it closes, so no
// settleAtRest can switch the file back under it. Between the switch's commit and the next
// read the connection holds no lock at all; a connection closing in that moment (a live
// reader settling the file) used to return it to rollback-journal mode, and a recording then
// ran in that mode to its end: each commit waited for every reader and each reader's first
// step for the commit, seconds per look under load. Returns the SQLite result code
// (SQLITE_BUSY when the file was switched back every time).
int enterWal(const Db &db);

// Runs `sql` with ?1 = session (and ?2 = device when given), handing each row to `row`
// until it returns false. The SQLite result code: SQLITE_OK once every row was handed over
// or `row` stopped.
template <class Row>
int eachRow(sqlite3 *db, const char *sql, std::int64_t session, int device, Row &&row)
{
    sqlite3_stmt *raw = nullptr;
    int rc = sqlite3_prepare_v2(db, sql, -1, &raw, nullptr);
    const Stmt s(raw);
    if (rc != SQLITE_OK)
        return rc;
    sqlite3_bind_int64(s.get(), 1, session);
    if (device >= 0)
        sqlite3_bind_int64(s.get(), 2, device);
    while ((rc = sqlite3_step(s.get())) == SQLITE_ROW)
        if (!row(s.get()))
            return SQLITE_OK;
    return rc == SQLITE_DONE ? SQLITE_OK : rc;
}
template <class Row>
int eachRow(const Db &db, const char *sql, std::int64_t session, int device, Row &&row)
{
    return eachRow(db.get(), sql, session, device, std::forward<Row>(row));
}

enum class OpenKind { ReadOnly, ReadWrite, Create };

// How much of the file openProject verifies beyond header, identity and schema: never, the
// page-by-page PRAGMA quick_check only when the file was not closed cleanly (closedCleanly
// below), or always.
enum class DeepCheck { No, IfUnclean, Yes };

// Opens `path` as an NPU Scope project. Checks, in this order, before SQLite reads any
// table: the file header bytes (magic, page size, size, application_id at 68,
// user_version at 60), then the same values through SQLite (a -wal file may hold newer
// ones), then sqlite_master against the reference schema of the file's version (no
// trigger, view or altered table is ever read or run), then, as deepCheck says, PRAGMA
// quick_check (*deepChecked: whether it ran). Every connection is defensive (no
// extensions, untrusted schema, triggers and views disabled).
// A file older than kSchemaVersion is refused with NeedsUpgrade unless allowOlder (only
// Project::upgrade asks for that); *fileVersion receives the file's schema version.
// Create makes a new project with the current schema when the file does not exist.
// Setting *cancel from another thread interrupts the quick_check (Cancelled).
bool openProject(const QString &path, OpenKind kind, DeepCheck deepCheck, bool forWriter, Db *out,
                 StoreError *err, QString *message, bool allowOlder = false, int *fileVersion = nullptr,
                 const std::atomic_bool *cancel = nullptr, bool *deepChecked = nullptr);

// The clean-close marker: the row meta('clean_close', <highest session id>). A writer that
// commits in several transactions (ProjectWriter) deletes it in its first one and writes
// it in its last, after everything else; creation and upgrade write it with their schema.
// It is SQLite data like any other, so it is exactly as durable as the commits around it:
// a writer killed at any point (SIGKILL, power loss with WAL's synchronous=NORMAL losing
// the last commits) leaves either the marker of the previous clean close together with
// the data it described, or no marker. The session id it holds catches a writer that does
// not know the marker (an older NPU Scope appending a session never deletes it). Single-
// transaction edits (renames, marks, layouts, timeline summaries) are atomic on their own
// and leave it as it is: they may run while a recording has it deleted.
// closedCleanly: the marker is present and names the newest session (*rc: a read error).
bool closedCleanly(const Db &db, int *rc);
// Inside the caller's transaction (or as one of its own).
int clearCleanClose(const Db &db);
int markCleanClose(const Db &db);
// Rewrites the session id of a marker that is present (after removing sessions).
int refreshCleanClose(const Db &db);

// The name Project::upgrade keeps the original of a schema-`version` file under.
// Project files come from other people: a connection to one must never let the file run
// code or rewrite the schema behind our back. applySecuritySettings switches defensive mode
// on and untrusted schema, extension loading, triggers and views off (and, with queryOnly,
// every write); checkSecuritySettings reads each back and names the first that is not in
// force (false), so a connection is refused rather than used without them.
void applySecuritySettings(sqlite3 *db, bool queryOnly);
bool checkSecuritySettings(sqlite3 *db, bool queryOnly, QString *notInForce);

QString upgradeBackupPath(const QString &path, int version);

// Maps a failing SQLite result code met while doing `what` on the project at `path`.
StoreError errorFromCode(int rc);
QString messageFromCode(int rc, const QString &path, const QString &sqliteMessage);

// The first sqlite3_step of a read statement, retried while it says SQLITE_BUSY (for up to
// about five seconds, as the busy timeout): starting a WAL read transaction beside a running
// recording can fail at once with SQLITE_BUSY, without SQLite calling the busy handler,
// while the writer holds a lock for a moment; no row has been read then, so trying again
// is safe. Later steps are plain sqlite3_step: the read transaction is already open.
int stepFirst(sqlite3_stmt *s);

// task_pmu.pmu (little-endian float32 values) of column `col` into *out; a NULL column
// (no row joined) leaves it empty.
void readPmuBlob(sqlite3_stmt *s, int col, std::vector<float> *out);

} // namespace npuscope::store::detail
