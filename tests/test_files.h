#pragma once
// Byte-level file checks shared by the store, CLI and GUI tests: "the file is exactly as it
// was" after a refused open, a cancelled check or a failed upgrade.

#include <QByteArray>
#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QString>
#include <QStringList>

#include <sqlite3.h>

#include <cstdint>
#include <utility>
#include <vector>

namespace testfiles {

// Writes `bytes` as the whole of the file at `path`, making its folder when missing; false
// when it could not.
inline bool writeFile(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

// The files below dir (hidden ones, folders too with QDir::Hidden, QDir::Dirs in extra), by
// sorted relative path.
inline QStringList filesUnder(const QString &dir, QDir::Filters extra = {})
{
    QStringList files;
    QDirIterator it(dir, QDir::Files | extra, QDirIterator::Subdirectories);
    while (it.hasNext())
        files << QDir(dir).relativeFilePath(it.next());
    files.sort();
    return files;
}

// SHA-256 of the file; with wal, the -wal file beside it is hashed too (a reader that
// wrote anything would show there). Empty if the file cannot be read.
inline QByteArray fileHash(const QString &path, bool wal = false)
{
    QCryptographicHash h(QCryptographicHash::Sha256);
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    h.addData(&f);
    if (wal) {
        QFile w(path + QStringLiteral("-wal"));
        if (w.open(QIODevice::ReadOnly))
            h.addData(&w);
    }
    return h.result();
}

// Numbered copies of one clean project in a folder: each test case damages its own.
class Copies {
public:
    explicit Copies(QString dir) : dir_(std::move(dir)) {}
    // Set once the original exists (tests record it in initTestCase).
    QString original;
    // A new copy of the original; empty when the copy failed.
    QString next()
    {
        const QString p = QDir(dir_).filePath(QStringLiteral("case%1.npuscope").arg(++n_));
        return QFile::copy(original, p) ? p : QString();
    }

private:
    QString dir_;
    int n_ = 0;
};

// A writable copy of the tree under `from` at `to` (empty folders too), to damage or grow.
inline bool copyTree(const QString &from, const QString &to)
{
    if (!QDir().mkpath(to))
        return false;
    QDirIterator it(from, QDir::Files | QDir::Dirs | QDir::Hidden | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString src = it.next();
        const QString dst = to + QLatin1Char('/') + QDir(from).relativeFilePath(src);
        if (it.fileInfo().isDir()) {
            if (!QDir().mkpath(dst))
                return false;
            continue;
        }
        if (!QDir().mkpath(QFileInfo(dst).absolutePath()) || !QFile::copy(src, dst))
            return false;
        QFile::setPermissions(dst, QFile::ReadOwner | QFile::WriteOwner);
    }
    return true;
}

// The first column of the first row of `sql` on the SQLite file `path`, read-only (with
// `immutable`, not even -wal or -shm files appear beside it), or -1.
inline std::int64_t firstInt(const QString &path, const char *sql, bool immutable = false)
{
    const QByteArray name = immutable ? "file:" + QFile::encodeName(path) + "?mode=ro&immutable=1" : QFile::encodeName(path);
    sqlite3 *db = nullptr;
    std::int64_t v = -1;
    if (sqlite3_open_v2(name.constData(), &db, SQLITE_OPEN_READONLY | (immutable ? SQLITE_OPEN_URI : 0), nullptr) == SQLITE_OK) {
        sqlite3_stmt *s = nullptr;
        if (sqlite3_prepare_v2(db, sql, -1, &s, nullptr) == SQLITE_OK && sqlite3_step(s) == SQLITE_ROW)
            v = sqlite3_column_int64(s, 0);
        sqlite3_finalize(s);
    }
    sqlite3_close(db);
    return v;
}

// Runs SQL on the file through a plain connection (what another program would do, with no
// defensive settings); `flags` may add SQLITE_OPEN_CREATE for a file that is not there yet.
inline bool rawExec(const QString &path, const char *sql, int flags = SQLITE_OPEN_READWRITE)
{
    sqlite3 *db = nullptr;
    const bool ok = sqlite3_open_v2(QFile::encodeName(path).constData(), &db, flags, nullptr) == SQLITE_OK
                    && sqlite3_exec(db, sql, nullptr, nullptr, nullptr) == SQLITE_OK;
    sqlite3_close(db);
    return ok;
}

// The leaf pages of a table or index, in order (dbstat numbers them from 1), and the page
// size. Empty when the file cannot be opened.
// The pages of the table or index `name` of a dbstat page type ("leaf", "overflow"; null:
// both), by page number; *pageSize is the file's page size.
inline std::vector<qint64> pagesOf(const QString &path, const char *name, const char *type, int *pageSize)
{
    std::vector<qint64> pages;
    *pageSize = 0;
    sqlite3 *db = nullptr;
    if (sqlite3_open_v2(QFile::encodeName(path).constData(), &db, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
        sqlite3_close(db);
        return pages;
    }
    sqlite3_stmt *st = nullptr;
    if (sqlite3_prepare_v2(db, "SELECT pageno FROM dbstat WHERE name = ?1 AND (pagetype = ?2 OR (?2 IS NULL AND "
                               "pagetype IN ('leaf', 'overflow'))) ORDER BY pageno", -1, &st, nullptr) == SQLITE_OK) {
        sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
        if (type)
            sqlite3_bind_text(st, 2, type, -1, SQLITE_STATIC);
        while (sqlite3_step(st) == SQLITE_ROW)
            pages.push_back(sqlite3_column_int64(st, 0));
    }
    sqlite3_finalize(st);
    if (sqlite3_prepare_v2(db, "PRAGMA page_size", -1, &st, nullptr) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW)
        *pageSize = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    sqlite3_close(db);
    return pages;
}

inline std::vector<qint64> leafPages(const QString &path, const char *name, int *pageSize)
{
    return pagesOf(path, name, "leaf", pageSize);
}

// Overwrites the pages with garbage, as a disk error or another program would.
inline bool overwritePages(const QString &path, const std::vector<qint64> &pages, int pageSize)
{
    QFile f(path);
    if (pageSize < 512 || !f.open(QIODevice::ReadWrite))
        return false;
    for (qint64 page : pages)
        if (!f.seek((page - 1) * pageSize) || f.write(QByteArray(pageSize, '\x5a')) != pageSize)
            return false;
    return true;
}

// Overwrites two pages (leaf or overflow) of the task blocks, leaving the header, the
// schema and the meta table intact: damage only a read of those tasks meets.
inline bool damageTaskPages(const QString &path)
{
    int pageSize = 0;
    const std::vector<qint64> pages = pagesOf(path, "task_blocks", nullptr, &pageSize);
    if (pages.size() < 4)
        return false;
    return overwritePages(path, {pages[pages.size() / 2], pages[pages.size() / 2 + 1]}, pageSize);
}

} // namespace testfiles
