// `npuscope analyze`, `diff` and `sql` through the real binary: findings of a straggler run
// in text and JSON, diffs as JSON and RFC 4180 CSV, SQL as CSV and JSON, and the exit codes
// of bad queries, refused writes (project unchanged) and bad arguments.
#include "cli_process.h"
#include "core/store/project.h"
#include "tests/test_files.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>
#include <QtEndian>

#include <sqlite3.h>
#include <vector>

namespace {

QByteArray hashOf(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    return QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256);
}

// A session written straight into a project, named `name`, whose only op type is `opType`:
// text a user controls (a session name, an imported op type) in its rawest form.
bool writeSession(const QString &path, const QString &name, const std::string &opType, npuscope::TimeNs duration)
{
    using namespace npuscope;
    store::StoreError e{};
    QString msg;
    auto w = store::ProjectWriter::create(path, &e, &msg);
    if (!w)
        return false;
    SessionInfo info;
    info.name = name;
    info.devices.resize(1);
    if (!w->begin(info))
        return false;
    RecordBatch b;
    b.strings = {{1, "net/" + opType + "-op1"}, {2, opType}};
    OpDesc op;
    op.id = 1;
    op.name = 1;
    op.opType = 2;
    b.ops.push_back(op);
    for (std::uint32_t it = 1; it <= 2; ++it) {
        TaskRecord t;
        t.modelId = 1;
        t.iteration = it;
        t.start = TimeNs(it) * 1'000'000;
        t.duration = duration;
        t.opId = 1;
        t.name = 1;
        b.tasks.push_back(t);
    }
    return w->write(b) && w->end(SessionStatus::Complete, info.devices);
}

// Points the index entries of the task blocks (task_blocks_by_iteration and _by_stream)
// whose block id is a one-byte integer r ≤ 27 at block 100 + r, which does not exist (same
// length, same key order): the b-trees stay well-formed, so the integrity check that
// opening runs passes, and only a query reading tasks through those indexes meets the
// damage. Returns how many entries were changed.
int damageTaskIndex(const QString &path)
{
    int pageSize = 0;
    std::vector<qint64> pages = testfiles::leafPages(path, "task_blocks_by_iteration", &pageSize);
    for (qint64 pg : testfiles::leafPages(path, "task_blocks_by_stream", &pageSize))
        pages.push_back(pg);
    const auto varint = [](const QByteArray &b, int &i) {
        quint64 v = 0;
        for (int k = 0; k < 9; ++k) {
            const auto c = quint8(b[i++]);
            if (k == 8)
                return (v << 8) | c;
            v = (v << 7) | (c & 0x7f);
            if (c < 0x80)
                break;
        }
        return v;
    };
    QFile f(path);
    if (pageSize < 512 || !f.open(QIODevice::ReadWrite))
        return 0;
    int changed = 0;
    for (qint64 pg : pages) {
        f.seek((pg - 1) * pageSize);
        QByteArray page = f.read(pageSize);
        if (quint8(page[0]) != 0x0a) // index leaf
            continue;
        const int cells = qFromBigEndian<quint16>(page.constData() + 3);
        for (int c = 0; c < cells; ++c) {
            int i = qFromBigEndian<quint16>(page.constData() + 8 + 2 * c);
            varint(page, i); // payload size
            const int header = i;
            const int headerLength = int(varint(page, i));
            std::vector<quint64> types;
            while (i < header + headerLength)
                types.push_back(varint(page, i));
            int pos = header + headerLength;
            for (std::size_t t = 0; t + 1 < types.size(); ++t)
                pos += types[t] <= 4 ? int(types[t]) : types[t] == 5 ? 6 : types[t] <= 7 ? 8 : types[t] >= 12 ? int((types[t] - 12) / 2) : 0;
            if (types.back() == 1 && quint8(page[pos]) <= 27) {
                page[pos] = char(100 + quint8(page[pos]));
                ++changed;
            }
        }
        f.seek((pg - 1) * pageSize);
        f.write(page);
    }
    return changed;
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
        for (const QStringList &extra : {QStringList{}, QStringList{QStringLiteral("--scenario"), QStringLiteral("straggler")}}) {
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

    // A session recorded without hccl and training_trace: analyze names the rules that
    // could not run and why, in text and JSON, instead of "No performance problems found."
    void analyzeSaysWhichRulesCouldNotRun()
    {
        const QString sparse = dir.filePath(QStringLiteral("sparse.npuscope"));
        const CliResult r = runNpuscope({QStringLiteral("run"), QStringLiteral("--model"), QStringLiteral("lenet"),
                                         QStringLiteral("--devices"), QStringLiteral("2"), QStringLiteral("--iterations"),
                                         QStringLiteral("3"), QStringLiteral("--profiling-options"),
                                         QStringLiteral(R"({"output":"/tmp","task_trace":"on"})"), QStringLiteral("--project"), sparse});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const CliResult t = runNpuscope({QStringLiteral("analyze"), QStringLiteral("--project"), sparse});
        QCOMPARE(t.code, 0);
        QVERIFY2(t.out.contains(QLatin1String("Rules that could not run:")), qPrintable(t.out));
        QVERIFY2(t.out.contains(QLatin1String("comm-not-overlapped: hccl was off")), qPrintable(t.out));
        QVERIFY2(t.out.contains(QLatin1String("input-bound: training_trace was off")), qPrintable(t.out));
        QVERIFY(!t.out.contains(QLatin1String("No performance problems found.")));
        const CliResult j = runNpuscope({QStringLiteral("analyze"), QStringLiteral("--project"), sparse, QStringLiteral("--format"), QStringLiteral("json")});
        QCOMPARE(j.code, 0);
        const QJsonObject o = QJsonDocument::fromJson(j.out.toUtf8()).object();
        QStringList ids;
        for (const auto &n : o.value(QLatin1String("not_run")).toArray())
            ids << n.toObject().value(QLatin1String("id")).toString();
        QVERIFY2(ids.contains(QLatin1String("input-bound")) && ids.contains(QLatin1String("comm-not-overlapped")), qPrintable(ids.join(',')));
        QCOMPARE(o.value(QLatin1String("no_device_tasks")).toBool(), false);
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

    // A spreadsheet runs a cell starting with = + - @ as a formula: the CLI's CSV text cells
    // get the exporter's guard (one cell writer), and numbers stay numbers.
    void csvOutputIsGuarded()
    {
        const CliResult c = runNpuscope({QStringLiteral("sql"), QStringLiteral("--project"), project,
                                         QStringLiteral("SELECT '=HYPERLINK(\"http://x\",\"y\")' AS link, -5 AS n, -1.5 AS x, "
                                                        "'@SUM(A1)' AS at, '-2' AS txt, 'plain' AS t")});
        QVERIFY2(c.code == 0, qPrintable(c.err));
        const QStringList lines = c.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 2);
        QCOMPARE(lines[1], QStringLiteral("\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\",-5,-1.5,'@SUM(A1),'-2,plain"));

        const QString formulas = dir.filePath(QStringLiteral("formulas.npuscope"));
        QVERIFY(writeSession(formulas, QStringLiteral("before"), "=cmd|' /C calc'!A0", 1000));
        QVERIFY(writeSession(formulas, QStringLiteral("after"), "=cmd|' /C calc'!A0", 3000));
        const CliResult d = runNpuscope({QStringLiteral("diff"), formulas + QStringLiteral(":1"), formulas + QStringLiteral(":2"),
                                         QStringLiteral("--format"), QStringLiteral("csv")});
        QVERIFY2(d.code == 0, qPrintable(d.err));
        QVERIFY2(d.out.contains(QLatin1String("\nop,'=cmd|' /C calc'!A0,2,2,")), qPrintable(d.out));
        QVERIFY2(!d.out.contains(QLatin1String(",=cmd")), qPrintable(d.out));
    }

    // Text a user chose goes into a message in the same arg() call as the numbers, so a
    // session named "%1 %2" reads as typed instead of taking another argument's place.
    void userTextWithPlaceholders()
    {
        const QString odd = dir.filePath(QStringLiteral("odd.npuscope"));
        QVERIFY(writeSession(odd, QStringLiteral("%1 %2"), "Conv2D", 1000));
        QVERIFY(writeSession(odd, QStringLiteral("%2%1"), "Conv2D", 2000));
        const CliResult d = runNpuscope({QStringLiteral("diff"), odd + QStringLiteral(":1"), odd + QStringLiteral(":2")});
        QVERIFY2(d.code == 0, qPrintable(d.err));
        QVERIFY2(d.out.contains(QLatin1String("A: %1 %2 (session 1)   B: %2%1 (session 2)")), qPrintable(d.out));
        const CliResult q = runNpuscope({QStringLiteral("query"), QStringLiteral("--project"), odd});
        QVERIFY2(q.code == 0, qPrintable(q.err));
        QVERIFY2(q.out.contains(QLatin1String("%1 %2")) && q.out.contains(QLatin1String("%2%1")), qPrintable(q.out));
        const CliResult a = runNpuscope({QStringLiteral("analyze"), QStringLiteral("--project"), odd, QStringLiteral("--session"),
                                         QStringLiteral("1")});
        QVERIFY2(a.out.contains(QLatin1String("Session 1 (%1 %2)")), qPrintable(a.out));
    }

    // Damage the integrity check cannot see fails the query that meets it: exit 4 (corrupt),
    // not 2 (a bad query).
    void sqlMeetingDamageExitsCorrupt()
    {
        const QString p = dir.filePath(QStringLiteral("damaged.npuscope"));
        const CliResult r = runNpuscope({QStringLiteral("run"), QStringLiteral("--model"), QStringLiteral("lenet"),
                                         QStringLiteral("--iterations"), QStringLiteral("2"), QStringLiteral("--profiling-options"),
                                         kOptions, QStringLiteral("--project"), p});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY(damageTaskIndex(p) > 0);
        QCOMPARE(runNpuscope({QStringLiteral("query"), QStringLiteral("--project"), p}).code, 0); // the check passes
        for (const char *format : {"csv", "json"}) {
            const CliResult q = runNpuscope({QStringLiteral("sql"), QStringLiteral("--project"), p, QStringLiteral("--format"),
                                             QLatin1String(format),
                                             QStringLiteral("SELECT count(*), sum(duration) FROM tasks WHERE session = 1 AND device = 0 AND stream > 0")});
            QCOMPARE(q.code, 4);
            QVERIFY2(q.err.contains(QLatin1String("malformed")), qPrintable(q.err));
        }
    }

    // Both formats stream their rows; a result of 200 000 rows arrives whole.
    void sqlStreamsLargeResults()
    {
        const QString q = QStringLiteral("WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 200000) "
                                         "SELECT x, 'row ' || x AS label FROM n");
        const CliResult j = runNpuscope({QStringLiteral("sql"), QStringLiteral("--project"), project, QStringLiteral("--format"),
                                         QStringLiteral("json"), q});
        QVERIFY2(j.code == 0, qPrintable(j.err));
        QJsonParseError pe{};
        const QJsonObject o = QJsonDocument::fromJson(j.out.toUtf8(), &pe).object();
        QVERIFY2(pe.error == QJsonParseError::NoError, qPrintable(pe.errorString()));
        const QJsonArray rows = o.value(QLatin1String("rows")).toArray();
        QCOMPARE(rows.size(), 200000);
        QCOMPARE(rows.last().toArray().at(1).toString(), QStringLiteral("row 200000"));
        const CliResult c = runNpuscope({QStringLiteral("sql"), QStringLiteral("--project"), project, q});
        QVERIFY2(c.code == 0, qPrintable(c.err));
        QCOMPARE(c.out.count(QLatin1Char('\n')), 200001);
        // No rows: still a complete document.
        const CliResult e = runNpuscope({QStringLiteral("sql"), QStringLiteral("--project"), project, QStringLiteral("--format"),
                                         QStringLiteral("json"), QStringLiteral("SELECT 1 AS one WHERE 0")});
        QCOMPARE(QJsonDocument::fromJson(e.out.toUtf8()).object().value(QLatin1String("rows")).toArray().size(), 0);
        QCOMPARE(QJsonDocument::fromJson(e.out.toUtf8()).object().value(QLatin1String("columns")).toArray().size(), 1);
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
