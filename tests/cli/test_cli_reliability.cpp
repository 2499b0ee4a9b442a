// The CLI facing bad projects, full disks and hostile data:
// - distinct messages and exit codes for not SQLite / not ours (3), corrupt (4), newer (5)
//   and older (7, with the --upgrade way out, which then works and keeps a backup);
// - an export that runs out of space (NPUSCOPE_TEST_MAX_EXPORT_BYTES) fails with exit 6,
//   names the file, leaves nothing under a final name and the project intact;
// - export folders follow the result-path rules of profiling-options.md;
// - names from imported data are data: a formula-looking op name is neutralised in CSV,
//   "../" in names never takes a written file outside the export folder.

#include "cli_process.h"
#include "tests/test_files.h"

#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <QtEndian>

#include <algorithm>
#include <cerrno>
#include <cstring>

using testfiles::fileHash;

namespace {

const QString kOldFixture = QStringLiteral(NPUSCOPE_SOURCE_DIR "/tests/data/store/v1-import.npuscope");

QStringList smallRun(const QString &project, const QString &exportDir = {})
{
    QStringList a = {QStringLiteral("run"), QStringLiteral("--model"), QStringLiteral("lenet"), QStringLiteral("--iterations"),
                     QStringLiteral("2"), QStringLiteral("--batch"), QStringLiteral("8"), QStringLiteral("--project"), project,
                     QStringLiteral("--profiling-options"),
                     QStringLiteral(R"({"output":"%1","training_trace":"on","task_trace":"on","aicpu":"on","aic_metrics":"PipeUtilization"})")
                         .arg(QFileInfo(project).absolutePath())};
    if (!exportDir.isEmpty())
        a << QStringLiteral("--export") << exportDir;
    return a;
}

// Everything below root, folders and hidden or system entries too, by sorted relative path.
QStringList allFiles(const QString &root)
{
    return testfiles::filesUnder(root, QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot);
}

QString findOne(const QString &root, const QString &pattern)
{
    QDirIterator it(root, {pattern}, QDir::Files, QDirIterator::Subdirectories);
    return it.hasNext() ? it.next() : QString();
}

// Replaces `from` by `to` in every file under root (a crafted copy of an export).
int replaceEverywhere(const QString &root, const QByteArray &from, const QByteArray &to)
{
    int files = 0;
    QDirIterator it(root, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        QFile f(it.next());
        if (!f.open(QIODevice::ReadOnly))
            continue;
        QByteArray b = f.readAll();
        f.close();
        if (!b.contains(from))
            continue;
        b.replace(from, to);
        if (f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(b) == b.size())
            ++files;
    }
    return files;
}

// The first data row's value of `column` in a CSV with a header line.
QByteArray firstCell(const QString &csv, const QByteArray &column)
{
    QFile f(csv);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QList<QByteArray> header = f.readLine().trimmed().split(',');
    const int i = int(header.indexOf(column));
    const QList<QByteArray> row = f.readLine().trimmed().split(',');
    return i >= 0 && i < row.size() ? row[i] : QByteArray();
}

bool patch(const QString &path, qint64 at, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::ReadWrite) && f.seek(at) && f.write(bytes) == bytes.size();
}

} // namespace

class TestCliReliability : public QObject {
    Q_OBJECT
private:
    QTemporaryDir dir_;
    QString project_; // one recorded session, exported once into export_
    QString export_;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(dir_.isValid());
        project_ = dir_.filePath(QStringLiteral("base/p.npuscope"));
        export_ = dir_.filePath(QStringLiteral("base/export"));
        const CliResult r = runNpuscope(smallRun(project_, export_));
        QVERIFY2(r.code == 0, qPrintable(r.err));
    }

    void badProjectsGetDistinctMessagesAndCodes()
    {
        struct Case { QString name; int code; QString says; };
        QList<Case> cases;
        const QString text = dir_.filePath(QStringLiteral("codes/notes.npuscope"));
        QDir().mkpath(QFileInfo(text).absolutePath());
        QVERIFY(testfiles::writeFile(text, QByteArray(4096, 'x')));
        cases << Case{text, 3, QStringLiteral("not a SQLite database")};
        auto copyOf = [&](const QString &name) {
            const QString p = dir_.filePath(QStringLiteral("codes/") + name);
            QFile::remove(p);
            return QFile::copy(project_, p) ? p : QString();
        };
        const QString foreign = copyOf(QStringLiteral("foreign.npuscope"));
        QVERIFY(patch(foreign, 68, QByteArray(4, '\0')));
        cases << Case{foreign, 3, QStringLiteral("is a SQLite database but not an NPU Scope project")};
        const QString corrupt = copyOf(QStringLiteral("corrupt.npuscope"));
        QVERIFY(QFile::resize(corrupt, QFileInfo(corrupt).size() / 2 + 100));
        cases << Case{corrupt, 4, QStringLiteral("damaged")};
        const QString newer = copyOf(QStringLiteral("newer.npuscope"));
        QByteArray v(4, '\0');
        qToBigEndian<quint32>(42, v.data());
        QVERIFY(patch(newer, 60, v));
        cases << Case{newer, 5, QStringLiteral("newer NPU Scope (schema 42)")};
        const QString older = dir_.filePath(QStringLiteral("codes/older.npuscope"));
        QVERIFY(QFile::copy(kOldFixture, older));
        QFile::setPermissions(older, QFile::ReadOwner | QFile::WriteOwner);
        cases << Case{older, 7, QStringLiteral("older NPU Scope (schema 1)")};

        for (const Case &c : cases) {
            const QByteArray before = fileHash(c.name);
            for (const QStringList &args : {QStringList{QStringLiteral("query"), QStringLiteral("--project"), c.name},
                                            QStringList{QStringLiteral("export"), QStringLiteral("--project"), c.name,
                                                        QStringLiteral("--output"), dir_.filePath(QStringLiteral("codes/out"))}}) {
                const CliResult r = runNpuscope(args);
                QVERIFY2(r.code == c.code, qPrintable(QStringLiteral("%1 %2: exit %3, %4").arg(args[0], c.name).arg(r.code).arg(r.err)));
                QVERIFY2(r.err.contains(c.says) && r.err.contains(c.name), qPrintable(r.err));
            }
            QCOMPARE(fileHash(c.name), before);
        }
        QVERIFY(!QFileInfo::exists(dir_.filePath(QStringLiteral("codes/out"))) || allFiles(dir_.filePath(QStringLiteral("codes/out"))).isEmpty());

        // The older project: the hint, then --upgrade (per verb or before it) migrates it.
        CliResult r = runNpuscope({QStringLiteral("query"), QStringLiteral("--project"), older});
        QVERIFY2(r.err.contains(QStringLiteral("--upgrade")), qPrintable(r.err));
        const QByteArray original = fileHash(older);
        r = runNpuscope({QStringLiteral("query"), QStringLiteral("--project"), older, QStringLiteral("--upgrade")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.err.contains(QStringLiteral("Upgraded %1 from schema 1").arg(older)), qPrintable(r.err));
        QVERIFY(r.out.contains(QStringLiteral("v1 fixture")));
        QCOMPARE(fileHash(older + QStringLiteral(".v1.bak")), original);
        r = runNpuscope({QStringLiteral("--upgrade"), QStringLiteral("query"), QStringLiteral("--project"), older});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(!r.err.contains(QStringLiteral("Upgraded")), qPrintable(r.err)); // already current

        const CliResult help = runNpuscope({QStringLiteral("--help")});
        QVERIFY(help.out.contains(QStringLiteral("--upgrade")));
        QVERIFY(help.out.contains(QStringLiteral("7 project from an older version")));
    }

    void exportRunningOutOfSpace()
    {
        const QString out = dir_.filePath(QStringLiteral("full/out"));
        const QByteArray before = fileHash(project_);
        const CliResult r = runNpuscope({QStringLiteral("export"), QStringLiteral("--project"), project_, QStringLiteral("--output"), out},
                                        {{QStringLiteral("NPUSCOPE_TEST_MAX_EXPORT_BYTES"), QStringLiteral("30000")}});
        QCOMPARE(r.code, 6);
        // The system's sentence for ENOSPC, in the locale the binary ran in (ours).
        QVERIFY2(r.err.contains(QString::fromLocal8Bit(std::strerror(ENOSPC))), qPrintable(r.err));
        // Named by its final place, not by the hidden temporary folder.
        QVERIFY2(r.err.contains(QDir(out).absolutePath() + QStringLiteral("/PROF_")), qPrintable(r.err));
        QVERIFY2(!r.err.contains(QStringLiteral(".tmp-")), qPrintable(r.err));
        QCOMPARE(allFiles(out), QStringList()); // no PROF_* and no temporary left
        QCOMPARE(fileHash(project_), before);
        const CliResult q = runNpuscope({QStringLiteral("query"), QStringLiteral("--project"), project_});
        QCOMPARE(q.code, 0);

        // The same export with room succeeds and equals the first one.
        const CliResult ok = runNpuscope({QStringLiteral("export"), QStringLiteral("--project"), project_, QStringLiteral("--output"), out});
        QVERIFY2(ok.code == 0, qPrintable(ok.err));

        // run --export: the recording is kept complete even though its export fails.
        const QString p2 = dir_.filePath(QStringLiteral("full/p2.npuscope"));
        const CliResult re = runNpuscope(smallRun(p2, dir_.filePath(QStringLiteral("full/out2"))),
                                         {{QStringLiteral("NPUSCOPE_TEST_MAX_EXPORT_BYTES"), QStringLiteral("1000")}});
        QCOMPARE(re.code, 6);
        QCOMPARE(allFiles(dir_.filePath(QStringLiteral("full/out2"))), QStringList());
        const CliResult q2 = runNpuscope({QStringLiteral("query"), QStringLiteral("--project"), p2});
        QVERIFY2(q2.code == 0 && q2.out.contains(QStringLiteral("complete")), qPrintable(q2.out + q2.err));
    }

    void exportFolderFollowsTheResultPathRules()
    {
        for (const QString &bad : {QStringLiteral("out;rm -rf x"), QStringLiteral("a$HOME"), QStringLiteral("x`id`")}) {
            const QString target = dir_.filePath(QStringLiteral("paths/") + bad);
            const CliResult r = runNpuscope({QStringLiteral("export"), QStringLiteral("--project"), project_, QStringLiteral("--output"), target});
            QVERIFY2(r.code == 2, qPrintable(r.err));
            QVERIFY2(r.err.contains(QStringLiteral("must not contain")), qPrintable(r.err));
            QVERIFY(!QFileInfo::exists(target));
        }
        const QString longPath = dir_.filePath(QStringLiteral("paths/") + QString(1100, QLatin1Char('d')));
        const CliResult r = runNpuscope({QStringLiteral("export"), QStringLiteral("--project"), project_, QStringLiteral("--output"), longPath});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(QStringLiteral("at most 1024 characters")), qPrintable(r.err));
    }

    // A crafted PROF directory: the export of the base project with one op renamed to a
    // spreadsheet formula, and the host name to a relative path.
    void importedNamesStayData()
    {
        const QString opSummary = findOne(export_, QStringLiteral("op_summary_*.csv"));
        QVERIFY(!opSummary.isEmpty());
        const QByteArray opName = firstCell(opSummary, "Op Name");
        QVERIFY(opName.size() > 3);

        const QString crafted = dir_.filePath(QStringLiteral("crafted"));
        QVERIFY(QDir().mkpath(crafted));
        QVERIFY(QProcess::execute(QStringLiteral("cp"), {QStringLiteral("-a"), export_ + QStringLiteral("/."), crafted}) == 0);
        const QByteArray evil = "=cmd|' /C calc'!A0";
        QVERIFY(replaceEverywhere(crafted, opName, evil) > 0);
        replaceEverywhere(crafted, "\"hostname\": \"", "\"hostname\": \"../../../../tmp/npuscope-escape-");
        replaceEverywhere(crafted, "\"hostname\":\"", "\"hostname\":\"../../../../tmp/npuscope-escape-");

        const QString p = dir_.filePath(QStringLiteral("crafted.npuscope"));
        CliResult r = runNpuscope({QStringLiteral("import"), crafted, QStringLiteral("--project"), p, QStringLiteral("--name"),
                                   QStringLiteral("../../escape")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const QString out = dir_.filePath(QStringLiteral("crafted-out/inner"));
        const QStringList siblingsBefore = allFiles(dir_.filePath(QStringLiteral("crafted-out")));
        r = runNpuscope({QStringLiteral("export"), QStringLiteral("--project"), p, QStringLiteral("--output"), out});
        QVERIFY2(r.code == 0, qPrintable(r.err));

        // Every written file is inside the export folder, nothing appeared beside it.
        for (const QString &f : allFiles(out))
            QVERIFY2(!f.contains(QStringLiteral("..")) && !f.contains(QStringLiteral("escape")), qPrintable(f));
        QStringList siblings = allFiles(dir_.filePath(QStringLiteral("crafted-out")));
        siblings.erase(std::remove_if(siblings.begin(), siblings.end(), [](const QString &s) { return s.startsWith(QStringLiteral("inner")); }),
                       siblings.end());
        QCOMPARE(siblings, siblingsBefore);
        QVERIFY(QDir(QStringLiteral("/tmp")).entryList({QStringLiteral("npuscope-escape-*")}).isEmpty());

        // The formula is text in every CSV cell that holds it, never a bare formula.
        int guarded = 0;
        QDirIterator it(out, {QStringLiteral("*.csv")}, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            QFile f(it.next());
            QVERIFY(f.open(QIODevice::ReadOnly));
            for (const QByteArray &line : f.readAll().split('\n')) {
                for (const QByteArray &cell : line.split(',')) {
                    QVERIFY2(!cell.startsWith('=') && !cell.startsWith("\"="), qPrintable(QString::fromUtf8(line)));
                    if (cell == "'" + evil)
                        ++guarded;
                }
            }
        }
        QVERIFY2(guarded > 0, "the crafted op name did not reach any CSV");
        // JSON is not a spreadsheet: the name is kept as it is there.
        QFile json(findOne(out, QStringLiteral("task_time_*.json")));
        QVERIFY(json.open(QIODevice::ReadOnly));
        QVERIFY(json.readAll().contains("\"" + evil + "\""));
    }
};

QTEST_GUILESS_MAIN(TestCliReliability)
#include "test_cli_reliability.moc"
