#pragma once
// Read-only access to a foreign SQLite file for the SQLite export reader
// (sqlite_export_reader.h): ExportDb opens it with SQLite's defensive settings and knows its
// tables and columns; Query is one prepared SELECT read row by row, columns by index.

#include "core/importing/import_context.h"
#include "core/importing/json_pull.h"

#include <QString>
#include <sqlite3.h>

#include <cmath>
#include <cstdint>
#include <deque>
#include <initializer_list>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace npuscope::importing {

class ExportDb {
public:
    ~ExportDb()
    {
        if (db_)
            sqlite3_close(db_);
    }
    // Opens read-only; false + *why when the file is not SQLite or the settings did not take.
    bool open(const QString &path, QString *why)
    {
        path_ = path;
        return openConnection(path, &db_, why);
    }
    // One more connection to the same file with the same settings (a read-ahead query's own:
    // a connection opened without a mutex is used by one thread at a time). The caller
    // closes *db, also after a failure.
    static bool openConnection(const QString &path, sqlite3 **db, QString *why);
    const QString &path() const { return path_; }
    sqlite3 *get() const { return db_; }
    QString message() const { return QString::fromUtf8(sqlite3_errmsg(db_)); }
    // Table name → its columns, from sqlite_master and pragma_table_info.
    bool loadSchema(QString *why);
    bool has(const std::string &table) const { return tables_.count(table) > 0; }
    bool has(const std::string &table, std::initializer_list<const char *> cols) const
    {
        const auto it = tables_.find(table);
        if (it == tables_.end())
            return false;
        for (const char *c : cols)
            if (!it->second.count(c))
                return false;
        return true;
    }
    const std::map<std::string, std::set<std::string>> &tables() const { return tables_; }

private:
    sqlite3 *db_ = nullptr;
    QString path_;
    std::map<std::string, std::set<std::string>> tables_;
};

// A connection of a worker's own to an export (ExportDb::openConnection), closed with it;
// null when the file could not be opened. Statements on it must end before it does.
class OwnConnection {
public:
    explicit OwnConnection(const QString &path)
    {
        QString why;
        if (!ExportDb::openConnection(path, &db_, &why)) {
            sqlite3_close(db_);
            db_ = nullptr;
        }
    }
    ~OwnConnection() { sqlite3_close(db_); }
    OwnConnection(const OwnConnection &) = delete;
    OwnConnection &operator=(const OwnConnection &) = delete;
    sqlite3 *get() const { return db_; }

private:
    sqlite3 *db_ = nullptr;
};

// One prepared SELECT read row by row, columns by index. Two ways to run it, with the same
// cells: stepped on the caller's thread through the caller's connection, or read ahead —
// stepped on a thread of its own through a connection of its own, which hands over chunks
// of copied rows (at most a few at a time, so memory stays bounded). Reading ahead lets
// SQLite's row decoding, most of the work of a large table, run beside the caller's
// processing of the rows it already has. Text is valid until the next row() either way.
class Query {
public:
    enum ReadAhead { Ahead };
    Query(sqlite3 *db, const std::string &sql);
    // Read ahead on a connection of its own to `db`'s file. `rowsPerChunk` is for tests.
    Query(const ExportDb &db, const std::string &sql, ReadAhead, std::size_t rowsPerChunk = 4096);
    ~Query();
    Query(const Query &) = delete;
    Query &operator=(const Query &) = delete;

    bool ok() const { return prepared_; }
    bool row();
    bool done() const { return rc_ == SQLITE_DONE; }
    int code() const { return rc_; }
    // Why the last row() failed (SQLite's message), for a problem report.
    QString message() const;

    // Cells are read through sqlite3_column_value and the sqlite3_value accessors: one call
    // that takes the connection's mutex per cell instead of two or three (type, then value,
    // then bytes), which was a tenth of a large import. The connection is opened without a
    // mutex (SQLITE_OPEN_NOMUTEX) and used by one thread, so the value is as protected as
    // the column accessors would make it; it is valid until the next row().
    bool null(int c) const { return type(c) == SQLITE_NULL; }
    std::int64_t i(int c) const;
    double d(int c) const;
    std::string_view text(int c) const;
    // A non-NULL cell as a number (one cell access).
    bool real(int c, double *out) const
    {
        if (type(c) == SQLITE_NULL)
            return false;
        *out = d(c);
        return true;
    }
    // An integer column that may hold its value as text (PYTORCH_API.startNs is TEXT).
    bool integer(int c, std::int64_t *out) const
    {
        switch (type(c)) {
        case SQLITE_INTEGER: *out = i(c); return true;
        case SQLITE_FLOAT: {
            const double v = d(c);
            if (!std::isfinite(v) || std::fabs(v) > 9e18)
                return false;
            *out = std::int64_t(v);
            return true;
        }
        case SQLITE_TEXT: {
            std::uint64_t u = 0;
            if (!toUInt64(text(c), &u) || u > std::uint64_t(INT64_MAX))
                return false;
            *out = std::int64_t(u);
            return true;
        }
        default: return false;
        }
    }

private:
    // A copied cell of a read-ahead row: its SQLite type and value; text and blobs as a
    // range of the chunk's bytes.
    struct Cell {
        union {
            std::int64_t i = 0; // INTEGER; the offset of TEXT/BLOB bytes in the chunk
            double d;           // FLOAT
        };
        std::uint32_t bytes = 0;
        int type = SQLITE_NULL;
    };
    struct Chunk {
        std::vector<Cell> cells; // rows × columns
        std::string text;        // the TEXT and BLOB bytes of these rows
        std::size_t rows = 0;
        bool last = false; // the statement ended after these rows with `rc`
        int rc = SQLITE_DONE;
        QString message;
    };

    struct Producer;
    int type(int c) const { return cells_ ? cells_[c].type : sqlite3_value_type(v(c)); }
    sqlite3_value *v(int c) const { return sqlite3_column_value(s_, c); }
    void nextChunk();

    sqlite3 *db_ = nullptr;    // stepped on the caller's connection
    sqlite3 *ownDb_ = nullptr; // read ahead without a thread: the connection opened for it
    sqlite3_stmt *s_ = nullptr;
    bool prepared_ = false;
    int rc_ = SQLITE_OK;
    // Reading ahead: the chunk being read, the current row's cells, the producer.
    std::unique_ptr<Producer> ahead_;
    Chunk chunk_;
    std::size_t next_ = 0, columns_ = 0;
    const Cell *cells_ = nullptr;
    mutable std::deque<std::string> numberText_; // numbers read as text in this row
};

} // namespace npuscope::importing
