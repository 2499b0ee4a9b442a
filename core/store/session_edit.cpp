#include "core/store/session_edit.h"

#include "core/store/sqlite_db.h"

#include <QCoreApplication>

#include <sqlite3.h>

namespace npuscope::store {

namespace {
struct Ctx { Q_DECLARE_TR_FUNCTIONS(SessionEdit) };
} // namespace

QString checkedSessionName(const QString &name, QString *why)
{
    const QString n = name.trimmed();
    auto refuse = [why](const QString &m) {
        if (why)
            *why = m;
        return QString();
    };
    if (n.isEmpty())
        return refuse(Ctx::tr("A session needs a name."));
    if (n.size() > kMaxSessionNameLength)
        return refuse(Ctx::tr("The name has %1 characters; a session name has at most %2.").arg(n.size()).arg(kMaxSessionNameLength));
    for (const QChar c : n)
        if (c.category() == QChar::Other_Control)
            return refuse(Ctx::tr("A session name cannot hold control characters (line breaks, tabs)."));
    return n;
}

bool renameSession(const QString &path, std::int64_t session, const QString &name, QString *message)
{
    auto fail = [message](const QString &m) {
        if (message)
            *message = Ctx::tr("The session could not be renamed: %1").arg(m);
        return false;
    };
    QString why;
    const QString n = checkedSessionName(name, &why);
    if (n.isEmpty())
        return fail(why);
    detail::Db db;
    StoreError e = StoreError::None;
    QString m;
    if (!detail::openProject(path, detail::OpenKind::ReadWrite, detail::DeepCheck::No, false, &db, &e, &m))
        return fail(m);
    sqlite3_stmt *s = nullptr;
    const QByteArray utf8 = n.toUtf8();
    int rc = sqlite3_exec(db.get(), "BEGIN IMMEDIATE", nullptr, nullptr, nullptr);
    if (rc == SQLITE_OK)
        rc = sqlite3_prepare_v2(db.get(), "UPDATE sessions SET name = ?1 WHERE id = ?2", -1, &s, nullptr);
    if (rc == SQLITE_OK) {
        sqlite3_bind_text(s, 1, utf8.constData(), int(utf8.size()), SQLITE_TRANSIENT);
        sqlite3_bind_int64(s, 2, session);
        rc = sqlite3_step(s);
        sqlite3_finalize(s);
        if (rc == SQLITE_DONE && sqlite3_changes(db.get()) == 0) {
            sqlite3_exec(db.get(), "ROLLBACK", nullptr, nullptr, nullptr);
            return fail(Ctx::tr("the project has no session %1.").arg(session));
        }
        if (rc == SQLITE_DONE)
            rc = sqlite3_exec(db.get(), "COMMIT", nullptr, nullptr, nullptr);
    }
    if (rc != SQLITE_OK && rc != SQLITE_DONE) {
        const int code = sqlite3_errcode(db.get());
        const QString text = detail::messageFromCode(code, path, QString::fromUtf8(sqlite3_errmsg(db.get())));
        if (!sqlite3_get_autocommit(db.get()))
            sqlite3_exec(db.get(), "ROLLBACK", nullptr, nullptr, nullptr);
        return fail(text);
    }
    return true;
}

} // namespace npuscope::store
