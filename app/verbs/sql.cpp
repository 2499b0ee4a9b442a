#include "app/cli_support.h"
#include "app/verbs/verbs.h"
#include "core/exporting/out_file.h"

#include "core/store/sql_console.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace npuscope::app {

namespace {

QJsonValue jsonValue(const QVariant &v)
{
    if (!v.isValid() || v.isNull()) return QJsonValue();
    if (v.typeId() == QMetaType::LongLong) return qint64(v.toLongLong());
    if (v.typeId() == QMetaType::Double) return v.toDouble();
    if (v.typeId() == QMetaType::QByteArray) return QStringLiteral("0x") + QString::fromLatin1(v.toByteArray().toHex());
    return v.toString();
}

QByteArray compactJson(const QJsonArray &a)
{
    return QJsonDocument(a).toJson(QJsonDocument::Compact);
}

// What a failed query's exit code says: the file's fault (4 corrupt, 6 I/O, 130 cancelled)
// or the query's (2).
int queryExitCode(store::StoreError e)
{
    return e == store::StoreError::None ? int(ExitUsage) : exitCodeFor(e);
}

} // namespace

int verbSql(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(Cli::tr("Run one read-only SQL query over a project (see --schema for the tables). "
                                        "Writes are refused; the project is never changed."));
    p.addPositionalArgument(QStringLiteral("query"), Cli::tr("One SELECT statement (quote it in the shell)."));
    p.addOption({QStringLiteral("project"), Cli::tr("Project file."), Cli::tr("file")});
    p.addOption({QStringLiteral("format"), Cli::tr("Output format: csv or json."), Cli::tr("format"), QStringLiteral("csv")});
    p.addOption({QStringLiteral("schema"), Cli::tr("List every table and column with what it holds, then exit.")});
    addUpgradeOption(p);
    if (const int rc = parseOrUsage(p, args); rc >= 0)
        return rc;
    store::SqlConsole console;
    if (p.isSet(QStringLiteral("schema"))) {
        for (const auto &t : console.schema()) {
            out(t.name + QStringLiteral(" - ") + t.doc);
            int w = 0;
            for (const auto &c : t.columns) w = std::max(w, int(c.name.size()));
            for (const auto &c : t.columns)
                out(QStringLiteral("  ") + c.name.leftJustified(w) + QStringLiteral("  ") + c.type.leftJustified(7) + QStringLiteral("  ") + c.doc);
            out(QString());
        }
        return ExitOk;
    }
    const QString path = p.value(QStringLiteral("project"));
    if (path.isEmpty() || p.positionalArguments().size() != 1) {
        err(Cli::tr("sql needs --project FILE and one query."));
        return ExitUsage;
    }
    const QString format = p.value(QStringLiteral("format"));
    if (format != QLatin1String("csv") && format != QLatin1String("json")) {
        err(Cli::tr("--format must be \"csv\" or \"json\", got \"%1\".").arg(format));
        return ExitUsage;
    }
    if (const int rc = upgradeIfAsked(upgradeAsked(p), path); rc >= 0)
        return rc;
    // The store's identity check first, for its exit code.
    if (int rc = -1; !openProjectChecked(path, &rc))
        return rc;
    QString msg;
    if (!console.open(path, &msg, store::Project::Check::Schema)) { // checked in full just above
        err(msg);
        return ExitNotProject;
    }
    const QString query = p.positionalArguments().first();
    // Both formats stream: each row is written as it comes and none is kept.
    bool ok = false;
    if (format == QLatin1String("csv")) {
        ok = console.run(query, [](const QStringList &cols) {
            QStringList cells;
            for (const QString &c : cols) cells << csvText(c);
            outRaw(csvLine(cells).toUtf8() + '\n');
        }, [](const QVariantList &row) {
            QStringList cells;
            for (const QVariant &v : row) cells << exporting::csvValue(v);
            outRaw(csvLine(cells).toUtf8() + '\n');
            return true;
        }, &msg);
    } else {
        bool firstRow = true;
        ok = console.run(query, [](const QStringList &cols) {
            QJsonArray columns;
            for (const QString &c : cols) columns.append(c);
            outRaw("{\n    \"columns\": " + compactJson(columns) + ",\n    \"rows\": [");
        }, [&firstRow](const QVariantList &row) {
            QJsonArray r;
            for (const QVariant &v : row) r.append(jsonValue(v));
            outRaw((firstRow ? "\n        " : ",\n        ") + compactJson(r));
            firstRow = false;
            return true;
        }, &msg);
        if (ok)
            outRaw(firstRow ? "]\n}\n" : "\n    ]\n}\n");
    }
    const bool written = flushOut();
    if (!ok) {
        err(msg);
        return queryExitCode(console.lastError());
    }
    if (!written) {
        err(Cli::tr("The results could not be written to the standard output."));
        return ExitIo;
    }
    return ExitOk;
}

} // namespace npuscope::app
