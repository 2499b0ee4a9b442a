#include "core/importing/sqlite_export_db.h"

#include <QFile>
#include <QFileInfo>
#include <QUrl>

#include <algorithm>
#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <system_error>
#include <thread>

namespace npuscope::importing {

bool ExportDb::openConnection(const QString &path, sqlite3 **db, QString *why)
{
    QFile f(path);
    char magic[16] = {};
    if (!f.open(QIODevice::ReadOnly) || f.read(magic, 16) != 16 || std::memcmp(magic, "SQLite format 3", 16) != 0) {
        *why = ImportText::tr("The file is not an SQLite database.");
        return false;
    }
    // immutable: the file is read as it is (no locks, no journal or WAL of someone else's).
    const QByteArray uri = "file:" + QUrl::toPercentEncoding(QFileInfo(path).absoluteFilePath(), "/") + "?mode=ro&immutable=1";
    int rc = sqlite3_open_v2(uri.constData(), db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX, nullptr);
    int on = 0;
    if (rc == SQLITE_OK)
        rc = sqlite3_db_config(*db, SQLITE_DBCONFIG_DEFENSIVE, 1, &on);
    if (rc == SQLITE_OK && on != 1)
        rc = SQLITE_ERROR;
    for (int op : {SQLITE_DBCONFIG_TRUSTED_SCHEMA, SQLITE_DBCONFIG_ENABLE_TRIGGER, SQLITE_DBCONFIG_ENABLE_VIEW,
                   SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION}) {
        int state = 1;
        if (rc == SQLITE_OK)
            rc = sqlite3_db_config(*db, op, 0, &state);
        if (rc == SQLITE_OK && state != 0)
            rc = SQLITE_ERROR;
    }
    if (rc == SQLITE_OK)
        rc = sqlite3_exec(*db, "PRAGMA query_only = 1", nullptr, nullptr, nullptr);
    if (rc != SQLITE_OK) {
        *why = ImportText::tr("The database could not be opened safely: %1.")
                   .arg(QString::fromUtf8(*db ? sqlite3_errmsg(*db) : sqlite3_errstr(rc)));
        return false;
    }
    return true;
}

bool ExportDb::loadSchema(QString *why)
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

// The read-ahead thread and the chunks it has filled. Two full chunks at most wait for the
// reader: enough to keep both busy, and memory stays a few chunks whatever the table's size.
struct Query::Producer {
    static constexpr std::size_t kQueued = 2;
    sqlite3 *db = nullptr;
    std::size_t rowsPerChunk = 4096;
    std::mutex m;
    std::condition_variable changed;
    std::deque<Chunk> full;
    std::vector<Chunk> spare; // read chunks given back, their buffers reused
    bool stop = false;
    std::thread thread;

    void run(sqlite3_stmt *s, int columns);
};

void Query::Producer::run(sqlite3_stmt *s, int columns)
{
    for (;;) {
        Chunk c;
        {
            std::unique_lock lock(m);
            changed.wait(lock, [&] { return stop || full.size() < kQueued; });
            if (stop)
                return;
            if (!spare.empty()) {
                c = std::move(spare.back());
                spare.pop_back();
            }
        }
        c.cells.clear();
        c.text.clear();
        c.rows = 0;
        int rc = SQLITE_ROW;
        while (c.rows < rowsPerChunk && (rc = sqlite3_step(s)) == SQLITE_ROW) {
            for (int k = 0; k < columns; ++k) {
                sqlite3_value *x = sqlite3_column_value(s, k);
                Cell cell;
                cell.type = sqlite3_value_type(x);
                switch (cell.type) {
                case SQLITE_INTEGER: cell.i = sqlite3_value_int64(x); break;
                case SQLITE_FLOAT: cell.d = sqlite3_value_double(x); break;
                case SQLITE_TEXT:
                case SQLITE_BLOB: {
                    const void *p = cell.type == SQLITE_TEXT ? static_cast<const void *>(sqlite3_value_text(x))
                                                             : sqlite3_value_blob(x);
                    const int n = sqlite3_value_bytes(x);
                    cell.i = std::int64_t(c.text.size());
                    cell.bytes = std::uint32_t(std::max(n, 0));
                    if (p && n > 0)
                        c.text.append(static_cast<const char *>(p), std::size_t(n));
                    else
                        cell.bytes = 0;
                    break;
                }
                default: cell.type = SQLITE_NULL; break;
                }
                c.cells.push_back(cell);
            }
            ++c.rows;
        }
        if (rc != SQLITE_ROW) {
            c.last = true;
            c.rc = rc;
            if (rc != SQLITE_DONE)
                c.message = QString::fromUtf8(sqlite3_errmsg(db));
        }
        const bool last = c.last;
        {
            std::lock_guard lock(m);
            full.push_back(std::move(c));
        }
        changed.notify_all();
        if (last)
            return;
    }
}

Query::Query(sqlite3 *db, const std::string &sql) : db_(db)
{
    prepared_ = sqlite3_prepare_v2(db, sql.c_str(), -1, &s_, nullptr) == SQLITE_OK;
}

Query::Query(const ExportDb &db, const std::string &sql, ReadAhead, std::size_t rowsPerChunk)
{
    auto p = std::make_unique<Producer>();
    p->rowsPerChunk = std::max<std::size_t>(1, rowsPerChunk);
    QString why;
    if (!ExportDb::openConnection(db.path(), &p->db, &why)
        || sqlite3_prepare_v2(p->db, sql.c_str(), -1, &s_, nullptr) != SQLITE_OK) {
        chunk_.message = why.isEmpty() && p->db ? QString::fromUtf8(sqlite3_errmsg(p->db)) : why;
        sqlite3_finalize(s_);
        s_ = nullptr;
        sqlite3_close(p->db);
        return;
    }
    prepared_ = true;
    columns_ = std::size_t(sqlite3_column_count(s_));
    chunk_.last = false;
    try {
        p->thread = std::thread([q = p.get(), s = s_, n = int(columns_)] { q->run(s, n); });
        ahead_ = std::move(p);
    } catch (const std::system_error &) {
        // No thread to be had (a process at its limit): the statement is stepped on the
        // caller's thread instead, through the connection opened for it.
        ownDb_ = db_ = p->db;
        p->db = nullptr;
    }
}

Query::~Query()
{
    if (ahead_) {
        {
            std::lock_guard lock(ahead_->m);
            ahead_->stop = true;
        }
        ahead_->changed.notify_all();
        sqlite3_interrupt(ahead_->db); // a reader that stops early does not wait for a long step
        ahead_->thread.join();
        sqlite3_finalize(s_);
        sqlite3_close(ahead_->db);
        return;
    }
    sqlite3_finalize(s_);
    sqlite3_close(ownDb_);
}

// The next chunk from the producer (waiting for it).
void Query::nextChunk()
{
    Producer &p = *ahead_;
    std::unique_lock lock(p.m);
    p.changed.wait(lock, [&] { return !p.full.empty(); });
    Chunk next = std::move(p.full.front());
    p.full.pop_front();
    p.spare.push_back(std::move(chunk_));
    chunk_ = std::move(next);
    lock.unlock();
    p.changed.notify_all();
    next_ = 0;
}

bool Query::row()
{
    if (!ahead_) {
        rc_ = prepared_ ? sqlite3_step(s_) : SQLITE_MISUSE;
        return rc_ == SQLITE_ROW;
    }
    numberText_.clear();
    while (next_ >= chunk_.rows) {
        if (chunk_.last) {
            cells_ = nullptr;
            rc_ = chunk_.rc;
            return false;
        }
        nextChunk();
    }
    cells_ = chunk_.cells.data() + next_ * columns_;
    ++next_;
    rc_ = SQLITE_ROW;
    return true;
}

QString Query::message() const
{
    if (!db_)
        return chunk_.message;
    return QString::fromUtf8(sqlite3_errmsg(db_));
}

namespace {

// The leading number of a text as SQLite's conversions read it: blanks, a sign, digits and,
// for a real, a fraction and exponent. Unlike strtod, no "inf", "nan" or hexadecimal.
std::string numberPrefix(std::string_view t, bool real)
{
    std::size_t k = 0;
    while (k < t.size() && (t[k] == ' ' || t[k] == '\t' || t[k] == '\n' || t[k] == '\f' || t[k] == '\r'))
        ++k;
    const std::size_t from = k;
    auto digits = [&] {
        const std::size_t at = k;
        while (k < t.size() && t[k] >= '0' && t[k] <= '9')
            ++k;
        return k > at;
    };
    if (k < t.size() && (t[k] == '+' || t[k] == '-'))
        ++k;
    bool any = digits();
    if (real && k < t.size() && t[k] == '.') {
        ++k;
        any = digits() || any;
    }
    if (!any)
        return {};
    if (real && k < t.size() && (t[k] == 'e' || t[k] == 'E')) {
        const std::size_t mark = k++;
        if (k < t.size() && (t[k] == '+' || t[k] == '-'))
            ++k;
        if (!digits())
            k = mark;
    }
    return std::string(t.substr(from, k - from));
}

} // namespace

// The conversions below are SQLite's own for a copied cell (sqlite3_value_int64, _double,
// _text), so a read-ahead query reads exactly what a stepped one would.
std::int64_t Query::i(int c) const
{
    if (!cells_)
        return sqlite3_value_int64(v(c));
    const Cell &x = cells_[c];
    switch (x.type) {
    case SQLITE_INTEGER: return x.i;
    case SQLITE_FLOAT:
        // SQLite saturates a real that does not fit.
        if (x.d <= -9223372036854775808.0)
            return INT64_MIN;
        if (x.d >= 9223372036854775808.0)
            return INT64_MAX;
        return std::isnan(x.d) ? 0 : std::int64_t(x.d);
    case SQLITE_TEXT:
    case SQLITE_BLOB: {
        // The longest prefix that is an integer, as SQLite reads one (0 when none; saturated).
        const std::string s = numberPrefix(text(c), false);
        return s.empty() ? 0 : std::int64_t(std::strtoll(s.c_str(), nullptr, 10));
    }
    default: return 0;
    }
}

double Query::d(int c) const
{
    if (!cells_)
        return sqlite3_value_double(v(c));
    const Cell &x = cells_[c];
    switch (x.type) {
    case SQLITE_INTEGER: return double(x.i);
    case SQLITE_FLOAT: return x.d;
    case SQLITE_TEXT:
    case SQLITE_BLOB: {
        const std::string s = numberPrefix(text(c), true);
        return s.empty() ? 0.0 : std::strtod(s.c_str(), nullptr);
    }
    default: return 0.0;
    }
}

std::string_view Query::text(int c) const
{
    if (!cells_) {
        sqlite3_value *x = v(c);
        const auto *t = reinterpret_cast<const char *>(sqlite3_value_text(x));
        return t ? std::string_view(t, std::size_t(sqlite3_value_bytes(x))) : std::string_view();
    }
    const Cell &x = cells_[c];
    switch (x.type) {
    case SQLITE_TEXT:
    case SQLITE_BLOB: return std::string_view(chunk_.text).substr(std::size_t(x.i), x.bytes);
    case SQLITE_INTEGER: numberText_.push_back(std::to_string(x.i)); return numberText_.back();
    case SQLITE_FLOAT: {
        char buf[64];
        sqlite3_snprintf(sizeof buf, buf, "%!.15g", x.d);
        numberText_.emplace_back(buf);
        return numberText_.back();
    }
    default: return {};
    }
}

} // namespace npuscope::importing
