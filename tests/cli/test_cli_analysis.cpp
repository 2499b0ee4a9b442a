// `npuscope analyze`, `diff` and `sql` through the real binary: findings of a straggler run
// in text and JSON, diffs as JSON and RFC 4180 CSV, SQL as CSV and JSON, and the exit codes
// of bad queries, refused writes (project unchanged) and bad arguments.
#include "cli_process.h"

#include <QCryptographicHash>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

namespace {

QByteArray hashOf(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    return QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256);
}

const QString kOptions = QStringLiteral(R"({"output":"o","training_trace":"on","task_trace":"on","hccl":"on","aicpu":"on","aic_metrics":"PipeUtilization"})");

} // namespace

class CliAnalysis : public QObject {
    Q_OBJECT
    QTemporaryDir dir;
    QString project;

private slots:
    void initTestCase()
    {
        project = dir.filePath(QStringLiteral("p.npuscope"));
        // Session 1 clean, session 2 with a straggler.
        for (const QStringList extra : {QStringList{}, QStringList{QStringLiteral("--scenario"), QStringLiteral("straggler")}}) {
            const CliResult r = runNpuscope(QStringList{QStringLiteral("run"), QStringLiteral("--model"), QStringLiteral("resnet50"),
                                                        QStringLiteral("--devices"), QStringLiteral("4"), QStringLiteral("--iterations"),
                                                        QStringLiteral("4"), QStringLiteral("--profiling-options"), kOptions,
                                                        QStringLiteral("--project"), project} + extra);
            QVERIFY2(r.code == 0, qPrintable(r.err));
        }
    }

    void analyzeText()
    {
        const CliResult r = runNpuscope({QStringLiteral("analyze"), QStringLiteral("--project"), project});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains(QLatin1String("[straggler]")), qPrintable(r.out));
        QVERIFY(r.out.contains(QLatin1String("Device 3")));
        QVERIFY(r.out.contains(QLatin1String("Suggestion:")));
        // The clean session has nothing above info.
        const CliResult c = runNpuscope({QStringLiteral("analyze"), QStringLiteral("--project"), project, QStringLiteral("--session"), QStringLiteral("1")});
        QCOMPARE(c.code, 0);
        QVERIFY2(!c.out.contains(QLatin1String("WARNING")) && !c.out.contains(QLatin1String("CRITICAL")), qPrintable(c.out));
    }

    void analyzeJson()
    {
        const CliResult r = runNpuscope({QStringLiteral("analyze"), QStringLiteral("--project"), project, QStringLiteral("--format"), QStringLiteral("json")});
        QCOMPARE(r.code, 0);
        QJsonParseError pe;
        const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8(), &pe).object();
        QCOMPARE(pe.error, QJsonParseError::NoError);
        QCOMPARE(o.value(QLatin1String("session")).toInt(), 2);
        const QJsonArray fs = o.value(QLatin1String("findings")).toArray();
        QJsonObject straggler;
        for (const auto &f : fs)
            if (f.toObject().value(QLatin1String("id")).toString() == QLatin1String("straggler"))
                straggler = f.toObject();
        QVERIFY(!straggler.isEmpty());
        QVERIFY(straggler.value(QLatin1String("severity")).toString() != QLatin1String("info"));
        QCOMPARE(straggler.value(QLatin1String("devices")).toArray(), QJsonArray{3});
        QVERIFY(straggler.value(QLatin1String("figures")).toObject().value(QLatin1String("excess")).toDouble() > 0.2);
        QVERIFY(straggler.value(QLatin1String("focus")).toObject().contains(QLatin1String("start")));
    }

    void diffJsonAndCsv()
    {
        const QString a = project + QStringLiteral(":1"), b = project + QStringLiteral(":2");
        const CliResult j = runNpuscope({QStringLiteral("diff"), a, b, QStringLiteral("--format"), QStringLiteral("json")});
        QCOMPARE(j.code, 0);
        const QJsonObject o = QJsonDocument::fromJson(j.out.toUtf8()).object();
        const QJsonArray steps = o.value(QLatin1String("steps")).toArray();
        QCOMPARE(steps.size(), 4);
        QCOMPARE(steps[0].toObject().value(QLatin1String("name")).toString(), QStringLiteral("Iteration"));
        QVERIFY(steps[0].toObject().value(QLatin1String("delta")).toDouble() > 0); // the straggler slows every step
        QVERIFY(!o.value(QLatin1String("ops")).toArray().isEmpty());

        const CliResult c = runNpuscope({QStringLiteral("diff"), a, b, QStringLiteral("--format"), QStringLiteral("csv")});
        QCOMPARE(c.code, 0);
        const QStringList lines = c.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.first(), QStringLiteral("kind,name,count_a,count_b,a_ns,b_ns,delta_ns,percent"));
        QVERIFY(lines.size() > 5);
        for (const QString &l : lines)
            QCOMPARE(l.count(QLatin1Char(',')), 7); // no op type holds a comma, so no quoting here
        QVERIFY(lines[1].startsWith(QLatin1String("step,Iteration,")));
        // Same run against itself: every delta is 0.
        const CliResult s = runNpuscope({QStringLiteral("diff"), a, a, QStringLiteral("--format"), QStringLiteral("csv")});
        for (const QString &l : s.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts).mid(1))
            QVERIFY2(l.section(QLatin1Char(','), 6, 6).toDouble() == 0, qPrintable(l));
        // Text is aligned in columns.
        const CliResult t = runNpuscope({QStringLiteral("diff"), a, b});
        QCOMPARE(t.code, 0);
        QVERIFY(t.out.contains(QLatin1String("Op type")));
        // Bad references.
        QCOMPARE(runNpuscope({QStringLiteral("diff"), a}).code, 2);
        QCOMPARE(runNpuscope({QStringLiteral("diff"), a, project + QStringLiteral(":99")}).code, 2);
        QCOMPARE(runNpuscope({QStringLiteral("diff"), a, dir.filePath(QStringLiteral("missing.npuscope"))}).code, 3);
    }

    void sqlCsvAndJson()
    {
        const CliResult c = runNpuscope({QStringLiteral("sql"), QStringLiteral("--project"), project,
                                         QStringLiteral("SELECT id, name || ', \"quoted\"' AS label FROM sessions ORDER BY id")});
        QVERIFY2(c.code == 0, qPrintable(c.err));
        const QStringList lines = c.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 3);
        QCOMPARE(lines[0], QStringLiteral("id,label"));
        QVERIFY2(lines[1].startsWith(QLatin1String("1,\"resnet50")) && lines[1].endsWith(QLatin1String(", \"\"quoted\"\"\"")), qPrintable(lines[1]));
        const CliResult j = runNpuscope({QStringLiteral("sql"), QStringLiteral("--project"), project, QStringLiteral("--format"),
                                         QStringLiteral("json"), QStringLiteral("SELECT count(*) AS n, 1.5 AS x, NULL AS z FROM sessions")});
        QCOMPARE(j.code, 0);
        const QJsonObject o = QJsonDocument::fromJson(j.out.toUtf8()).object();
        QCOMPARE(o.value(QLatin1String("columns")).toArray(), (QJsonArray{QStringLiteral("n"), QStringLiteral("x"), QStringLiteral("z")}));
        const QJsonArray row = o.value(QLatin1String("rows")).toArray().first().toArray();
        QCOMPARE(row[0].toInt(), 2);
        QCOMPARE(row[1].toDouble(), 1.5);
        QVERIFY(row[2].isNull());
        const CliResult s = runNpuscope({QStringLiteral("sql"), QStringLiteral("--schema")});
        QCOMPARE(s.code, 0);
        QVERIFY(s.out.contains(QLatin1String("tasks - ")));
    }

    void sqlErrors()
    {
        const QByteArray before = hashOf(project);
        const CliResult bad = runNpuscope({QStringLiteral("sql"), QStringLiteral("--project"), project, QStringLiteral("SELEC 1")});
        QCOMPARE(bad.code, 2);
        QVERIFY2(bad.err.contains(QLatin1String("syntax error")), qPrintable(bad.err));
        QVERIFY(bad.out.isEmpty());
        for (const char *q : {"DELETE FROM tasks", "DROP TABLE sessions", "UPDATE sessions SET name = 'x'", "PRAGMA user_version = 0"}) {
            const CliResult w = runNpuscope({QStringLiteral("sql"), QStringLiteral("--project"), project, QString::fromLatin1(q)});
            QCOMPARE(w.code, 2);
            QVERIFY2(w.err.contains(QLatin1String("read-only")), qPrintable(w.err));
        }
        QCOMPARE(hashOf(project), before);
        QCOMPARE(runNpuscope({QStringLiteral("sql"), QStringLiteral("--project"), project}).code, 2);
        QCOMPARE(runNpuscope({QStringLiteral("sql"), QStringLiteral("--project"), dir.filePath(QStringLiteral("none.npuscope")), QStringLiteral("SELECT 1")}).code, 3);
        QCOMPARE(runNpuscope({QStringLiteral("analyze"), QStringLiteral("--project"), project, QStringLiteral("--format"), QStringLiteral("xml")}).code, 2);
        QCOMPARE(runNpuscope({QStringLiteral("analyze")}).code, 2);
    }
};

QTEST_GUILESS_MAIN(CliAnalysis)
#include "test_cli_analysis.moc"
