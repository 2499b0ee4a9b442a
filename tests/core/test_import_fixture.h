#pragma once
// Shared by the test_import_* tests: imports into a real project file and reads timeline
// JSON independently of the importer (QJsonDocument: the test files are small), so the
// importer's streaming parser is checked against Qt's.

#include "tests/test_data.h"
#include "core/importing/importer.h"
#include "core/store/project.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>
#include <sqlite3.h>
#include <cmath>
#include <map>
#include <memory>

namespace importfx {

using namespace npuscope;

inline QString referenceDir()
{
    return testdata::alexnet910();
}

struct Imported {
    bool ok = false;
    QString error;
    importing::ImportError kind = importing::ImportError::None;
    importing::ImportReport report;
    std::int64_t sessionId = 0;
};

inline Imported importInto(const QString &dir, const QString &project)
{
    Imported r;
    store::StoreError se = store::StoreError::None;
    QString msg;
    auto writer = store::ProjectWriter::create(project, &se, &msg);
    if (!writer) {
        r.error = msg;
        return r;
    }
    importing::ImportRequest req;
    req.path = dir;
    r.ok = importing::importProf(req, *writer, &r.report, &r.kind, &r.error);
    r.sessionId = writer->sessionId();
    return r;
}

// `dir` imported into `sink` (a MemoryTrace, say); false with *error saying why.
inline bool importDir(const QString &dir, RecordSink &sink, importing::ImportReport *report, QString *error)
{
    importing::ImportRequest req;
    req.path = dir;
    importing::ImportError kind{};
    return importing::importProf(req, sink, report, &kind, error);
}

inline QJsonArray readEvents(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll()).array();
}

// µs (JSON number) → integer ns, as the importer rounds.
inline qint64 ns(const QJsonValue &v)
{
    return qint64(std::llround(v.toDouble() * 1000.0));
}

inline QStringList jsonFiles(const QString &root, const QString &prefix = QString())
{
    QStringList out;
    QDirIterator it(root, {QStringLiteral("*.json")}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString p = it.next();
        if (prefix.isEmpty() || QFileInfo(p).fileName().startsWith(prefix))
            out << p;
    }
    out.sort();
    return out;
}

// Runs `script` on a writable database file (a test's own edit of its copy of a capture).
inline bool execSql(const QString &path, const QString &script)
{
    sqlite3 *db = nullptr;
    bool ok = sqlite3_open(QFile::encodeName(path).constData(), &db) == SQLITE_OK;
    char *msg = nullptr;
    ok = ok && sqlite3_exec(db, script.toUtf8().constData(), nullptr, nullptr, &msg) == SQLITE_OK;
    if (msg)
        qWarning("%s", msg);
    sqlite3_free(msg);
    sqlite3_close(db);
    return ok;
}

} // namespace importfx
