// Renaming a session: the new name is what every reader sees, the rest of the session is
// untouched; a refused name, a missing session and a project another program holds each
// say why and leave the file as it was.

#include "core/store/project.h"
#include "core/store/session_edit.h"
#include "test_store_fixture.h"

#include <QCryptographicHash>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <sqlite3.h>

using namespace npuscope;
using namespace npuscope::store;

namespace {

QByteArray digest(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256);
}

QString nameOf(const QString &path, std::int64_t id)
{
    StoreError e{};
    QString msg;
    auto p = Project::open(path, Project::Mode::ReadOnly, &e, &msg);
    if (!p)
        return QStringLiteral("<%1>").arg(msg);
    for (const SessionSummary &s : p->sessions())
        if (s.id == id)
            return s.info.name;
    return {};
}

} // namespace

class StoreSessionEditTest : public QObject, storetest::SmallSessionProject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        const QString why = writeSmallSession();
        QVERIFY2(why.isEmpty(), qPrintable(why));
    }

    void renameIsWhatReadersSee()
    {
        QString msg;
        QVERIFY2(renameSession(path, sessionId, QStringLiteral("  baseline, before the fix %1 %2  "), &msg), qPrintable(msg));
        QCOMPARE(nameOf(path, sessionId), QStringLiteral("baseline, before the fix %1 %2")); // trimmed, taken literally
        StoreError e{};
        auto p = Project::open(path, Project::Mode::ReadOnly, &e, &msg);
        QVERIFY(p);
        auto r = p->session(sessionId, &msg);
        QVERIFY(r);
        QCOMPARE(r->sessionInfo().name, QStringLiteral("baseline, before the fix %1 %2"));
        std::size_t n = 0;
        for (const IterationKey &k : r->iterations())
            r->forEachTask(k, [&](const TaskRecord &) { ++n; return true; });
        QCOMPARE(n, tasks);
    }

    void refusalsChangeNothing()
    {
        const QByteArray before = digest(path);
        const QString name = nameOf(path, sessionId);
        QString msg;
        QVERIFY(!renameSession(path, sessionId, QStringLiteral("   "), &msg));
        QVERIFY2(msg.contains(QStringLiteral("needs a name")), qPrintable(msg));
        QVERIFY(!renameSession(path, sessionId, QString(kMaxSessionNameLength + 1, QLatin1Char('x')), &msg));
        QVERIFY2(msg.contains(QString::number(kMaxSessionNameLength)), qPrintable(msg));
        QVERIFY(!renameSession(path, sessionId, QStringLiteral("two\nlines"), &msg));
        QVERIFY2(msg.contains(QStringLiteral("control")), qPrintable(msg));
        QVERIFY(!renameSession(path, 99, QStringLiteral("ghost"), &msg));
        QVERIFY2(msg.contains(QStringLiteral("99")), qPrintable(msg));
        QVERIFY(!renameSession(dir.filePath(QStringLiteral("missing.npuscope")), 1, QStringLiteral("x"), &msg));
        QVERIFY2(msg.contains(QStringLiteral("missing.npuscope")), qPrintable(msg));
        QCOMPARE(nameOf(path, sessionId), name);
        QCOMPARE(digest(path), before);
    }

    void aProjectHeldElsewhereIsNotWritten()
    {
        const QString name = nameOf(path, sessionId);
        sqlite3 *other = nullptr;
        QCOMPARE(sqlite3_open(path.toUtf8().constData(), &other), SQLITE_OK);
        QCOMPARE(sqlite3_exec(other, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr), SQLITE_OK);
        QString msg;
        QVERIFY(!renameSession(path, sessionId, QStringLiteral("while busy"), &msg));
        sqlite3_exec(other, "ROLLBACK", nullptr, nullptr, nullptr);
        sqlite3_close(other);
        QVERIFY2(msg.contains(QStringLiteral("could not be renamed")) && msg.contains(QStringLiteral("p.npuscope")), qPrintable(msg));
        QCOMPARE(nameOf(path, sessionId), name);
    }
};

QTEST_GUILESS_MAIN(StoreSessionEditTest)
#include "test_store_session_edit.moc"
