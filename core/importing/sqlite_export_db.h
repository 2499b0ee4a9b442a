#pragma once
// Read-only access to a foreign SQLite file for the SQLite export reader
// (sqlite_export_reader.h): ExportDb opens it with SQLite's defensive settings and knows its
// tables and columns; Query is one prepared SELECT read row by row, columns by index.

#include "core/importing/import_context.h"
#include "core/importing/json_pull.h"

#include <QFile>
#include <QFileInfo>
#include <QUrl>

#include <QString>
#include <sqlite3.h>

#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <map>
#include <set>
#include <string>
#include <string_view>

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
        QFile f(path);
        char magic[16] = {};
        if (!f.open(QIODevice::ReadOnly) || f.read(magic, 16) != 16 || std::memcmp(magic, "SQLite format 3", 16) != 0) {
            *why = ImportText::tr("The file is not an SQLite database.");
            return false;
        }
        const QByteArray uri = "file:" + QUrl::toPercentEncoding(QFileInfo(path).absoluteFilePath(), "/") + "?mode=ro&immutable=1";
        int rc = sqlite3_open_v2(uri.constData(), &db_, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX, nullptr);
        int on = 0;
        if (rc == SQLITE_OK)
            rc = sqlite3_db_config(db_, SQLITE_DBCONFIG_DEFENSIVE, 1, &on);
        if (rc == SQLITE_OK && on != 1)
            rc = SQLITE_ERROR;
        for (int op : {SQLITE_DBCONFIG_TRUSTED_SCHEMA, SQLITE_DBCONFIG_ENABLE_TRIGGER, SQLITE_DBCONFIG_ENABLE_VIEW,
                       SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION}) {
            int state = 1;
            if (rc == SQLITE_OK)
                rc = sqlite3_db_config(db_, op, 0, &state);
            if (rc == SQLITE_OK && state != 0)
                rc = SQLITE_ERROR;
        }
        if (rc == SQLITE_OK)
            rc = sqlite3_exec(db_, "PRAGMA query_only = 1", nullptr, nullptr, nullptr);
        if (rc != SQLITE_OK) {
            *why = ImportText::tr("The database could not be opened safely: %1.")
                       .arg(QString::fromUtf8(db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(rc)));
            return false;
        }
        return true;
    }
    sqlite3 *get() const { return db_; }
    QString message() const { return QString::fromUtf8(sqlite3_errmsg(db_)); }

    // Table name → its columns, from sqlite_master and pragma_table_info.
    bool loadSchema(QString *why)
    {
        sqlite3_stmt *s = nullptr;
        if (sqlite3_prepare_v2(db_, "SELECT name FROM sqlite_master WHERE type = 'table'", -1, &s, nullptr) != SQLITE_OK) {
            *why = message();
            return false;
        }
        std::vector<std::string> names;
        int rc;
        while ((rc = sqlite3_step(s)) == SQLITE_ROW)
            if (const auto *t = sqlite3_column_text(s, 0))
                names.emplace_back(reinterpret_cast<const char *>(t));
        sqlite3_finalize(s);
        if (rc != SQLITE_DONE) {
            *why = message();
            return false;
        }
        for (const std::string &n : names) {
            std::set<std::string> cols;
            if (sqlite3_prepare_v2(db_, "SELECT name FROM pragma_table_info(?1)", -1, &s, nullptr) != SQLITE_OK) {
                *why = message();
                return false;
            }
            sqlite3_bind_text(s, 1, n.c_str(), -1, SQLITE_TRANSIENT);
            while ((rc = sqlite3_step(s)) == SQLITE_ROW)
                if (const auto *t = sqlite3_column_text(s, 0))
                    cols.emplace(reinterpret_cast<const char *>(t));
            sqlite3_finalize(s);
            tables_[n] = std::move(cols);
        }
        return true;
    }
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
    std::map<std::string, std::set<std::string>> tables_;
};

class Query {
public:
    Query(sqlite3 *db, const std::string &sql) { prepared_ = sqlite3_prepare_v2(db, sql.c_str(), -1, &s_, nullptr) == SQLITE_OK; }
    ~Query() { sqlite3_finalize(s_); }
    bool ok() const { return prepared_; }
    bool row()
    {
        rc_ = prepared_ ? sqlite3_step(s_) : SQLITE_MISUSE;
        return rc_ == SQLITE_ROW;
    }
    bool done() const { return rc_ == SQLITE_DONE; }
    int code() const { return rc_; }
    // Cells are read through sqlite3_column_value and the sqlite3_value accessors: one call
    // that takes the connection's mutex per cell instead of two or three (type, then value,
    // then bytes), which was a tenth of a large import. The connection is opened without a
    // mutex (SQLITE_OPEN_NOMUTEX) and used by one thread, so the value is as protected as
    // the column accessors would make it; it is valid until the next row().
    bool null(int i) const { return sqlite3_value_type(v(i)) == SQLITE_NULL; }
    std::int64_t i(int c) const { return sqlite3_value_int64(v(c)); }
    double d(int c) const { return sqlite3_value_double(v(c)); }
    std::string_view text(int c) const { return textOf(v(c)); }
    // A non-NULL cell as a number (one cell access).
    bool real(int c, double *out) const
    {
        sqlite3_value *x = v(c);
        if (sqlite3_value_type(x) == SQLITE_NULL)
            return false;
        *out = sqlite3_value_double(x);
        return true;
    }
    // An integer column that may hold its value as text (PYTORCH_API.startNs is TEXT).
    bool integer(int c, std::int64_t *out) const
    {
        sqlite3_value *x = v(c);
        switch (sqlite3_value_type(x)) {
        case SQLITE_INTEGER: *out = sqlite3_value_int64(x); return true;
        case SQLITE_FLOAT: {
            const double v = sqlite3_value_double(x);
            if (!std::isfinite(v) || std::fabs(v) > 9e18)
                return false;
            *out = std::int64_t(v);
            return true;
        }
        case SQLITE_TEXT: {
            std::uint64_t u = 0;
            if (!toUInt64(textOf(x), &u) || u > std::uint64_t(INT64_MAX))
                return false;
            *out = std::int64_t(u);
            return true;
        }
        default: return false;
        }
    }

private:
    sqlite3_value *v(int c) const { return sqlite3_column_value(s_, c); }
    static std::string_view textOf(sqlite3_value *x)
    {
        const auto *t = reinterpret_cast<const char *>(sqlite3_value_text(x));
        return t ? std::string_view(t, std::size_t(sqlite3_value_bytes(x))) : std::string_view();
    }
    sqlite3_stmt *s_ = nullptr;
    bool prepared_ = false;
    int rc_ = SQLITE_OK;
};

} // namespace npuscope::importing
