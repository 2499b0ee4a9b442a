#pragma once
// Shared by the test_pipeline_* tests: runs the real chain emulator → ProjectWriter →
// Project/ProjectReader → exportProf into a temporary folder, reads the exported tree back,
// and parses CSV strictly as RFC 4180 says (quoted cells, doubled quotes, commas and line
// breaks inside quotes), so a file a spreadsheet would split differently fails the tests.

#include "tests/test_data.h"
#include "core/exporting/prof_exporter.h"
#include "core/model/session.h"
#include "core/options/profiling_options.h"
#include "core/store/project.h"
#include "device/emulator.h"
#include "tests/test_record.h"

#include <QByteArray>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QMap>
#include <QString>
#include <QStringList>
#include <atomic>
#include <functional>
#include <memory>

namespace pipeline {

using namespace npuscope;

struct Csv {
    QStringList header;
    QList<QStringList> rows;
    QString error; // empty when the text is valid RFC 4180 with equal-width rows

    int col(const QString &name) const { return header.indexOf(name); }
};

// Strict RFC 4180 reader: a quote may only open a cell, a quoted cell must be closed and
// followed by a separator or a line end; every record must have the header's width.
inline Csv parseCsv(const QByteArray &bytes)
{
    Csv out;
    const QString text = QString::fromUtf8(bytes);
    QList<QStringList> records;
    QStringList record;
    QString cell;
    bool quoted = false, cellWasQuoted = false, afterQuote = false;
    qsizetype line = 1;
    auto fail = [&](const QString &why) {
        out.error = QStringLiteral("line %1: %2").arg(line).arg(why);
    };
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (quoted) {
            if (c == u'"') {
                if (i + 1 < text.size() && text.at(i + 1) == u'"') {
                    cell += u'"';
                    ++i;
                } else {
                    quoted = false;
                    afterQuote = true;
                }
            } else {
                if (c == u'\n') ++line;
                cell += c;
            }
            continue;
        }
        if (c == u',') {
            record << cell;
            cell.clear();
            cellWasQuoted = afterQuote = false;
        } else if (c == u'\n') {
            record << cell;
            records << record;
            record.clear();
            cell.clear();
            cellWasQuoted = afterQuote = false;
            ++line;
        } else if (c == u'"') {
            if (!cell.isEmpty() || cellWasQuoted) {
                fail(QStringLiteral("quote inside an unquoted cell"));
                return out;
            }
            quoted = cellWasQuoted = true;
        } else {
            if (afterQuote) {
                fail(QStringLiteral("text after a closing quote"));
                return out;
            }
            if (c == u'\r') {
                fail(QStringLiteral("\\r in a line end (the spec says \\n)"));
                return out;
            }
            cell += c;
        }
    }
    if (quoted) {
        fail(QStringLiteral("unterminated quoted cell"));
        return out;
    }
    if (!cell.isEmpty() || !record.isEmpty() || cellWasQuoted) {
        fail(QStringLiteral("last line does not end with \\n"));
        return out;
    }
    if (records.isEmpty()) {
        fail(QStringLiteral("no header"));
        return out;
    }
    out.header = records.takeFirst();
    for (qsizetype r = 0; r < records.size(); ++r) {
        if (records[r].size() != out.header.size()) {
            out.error = QStringLiteral("record %1 has %2 cells, the header %3")
                            .arg(r + 1).arg(records[r].size()).arg(out.header.size());
            return out;
        }
    }
    out.rows = records;
    return out;
}

// Every file below root, by path relative to root ('/' separators).
inline QMap<QString, QByteArray> readTree(const QString &root)
{
    QMap<QString, QByteArray> files;
    QDir base(root);
    QDirIterator it(root, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        QFile f(path);
        if (f.open(QIODevice::ReadOnly))
            files.insert(base.relativeFilePath(path), f.readAll());
        else
            files.insert(base.relativeFilePath(path), QByteArray("<unreadable>"));
    }
    return files;
}

// Records one emulator session into the project at projectPath (tests/test_record.h).
using testrecord::RunResult;
using testrecord::record;

inline bool parseOptions(const QByteArray &json, ProfilingOptions *out, QString *error)
{
    const auto problems = ProfilingOptions::parse(json, out);
    if (problems.empty()) return true;
    QStringList all;
    for (const auto &p : problems) all << p.message;
    *error = all.join(u'\n');
    return false;
}

struct Exported {
    bool ok = false;
    QString error;
    exporting::ExportResult result;
    std::unique_ptr<store::Project> project;
    std::unique_ptr<store::ProjectReader> reader;
};

// Opens the project read-only and exports one session (the last one when sessionId is 0).
inline Exported exportProject(const QString &projectPath, exporting::ExportRequest request,
                              std::int64_t sessionId = 0)
{
    Exported e;
    store::StoreError se = store::StoreError::None;
    QString msg;
    e.project = store::Project::open(projectPath, store::Project::Mode::ReadOnly, &se, &msg);
    if (!e.project) {
        e.error = QStringLiteral("Project::open: ") + msg;
        return e;
    }
    if (sessionId == 0) {
        const auto sessions = e.project->sessions();
        if (sessions.empty()) {
            e.error = QStringLiteral("no session in the project");
            return e;
        }
        sessionId = sessions.back().id;
    }
    e.reader = e.project->session(sessionId, &msg);
    if (!e.reader) {
        e.error = QStringLiteral("Project::session: ") + msg;
        return e;
    }
    exporting::ExportError kind = exporting::ExportError::None;
    if (!exporting::exportProf(*e.reader, request, &e.result, &kind, &msg)) {
        e.error = QStringLiteral("exportProf: ") + msg;
        return e;
    }
    e.ok = true;
    return e;
}

// Emulator → project → export in one go.
inline Exported runAndExport(const SessionSpec &spec, const QByteArray &optionsJson, const QString &workDir,
                             exporting::ExportRequest request = {})
{
    Exported e;
    ProfilingOptions options;
    if (!parseOptions(optionsJson, &options, &e.error)) return e;
    const QString project = workDir + QStringLiteral("/p.npuscope");
    const RunResult r = record(spec, options, project);
    if (!r.ok) {
        e.error = r.error;
        return e;
    }
    if (request.outputDir.isEmpty()) request.outputDir = workDir + QStringLiteral("/out");
    return exportProject(project, request, r.sessionId);
}

// Everything on, as the brief of the pipeline tests asks (runtime_api included).
inline QByteArray allSwitchesOn(const QString &metrics = QStringLiteral("PipeUtilization"))
{
    return QStringLiteral(R"({"output":"/tmp/npuscope-pipeline","training_trace":"on","task_trace":"on",)"
                          R"("task_time":"on","hccl":"on","aicpu":"on","l2":"on","msproftx":"on",)"
                          R"("runtime_api":"on","aic_metrics":"%1"})")
        .arg(metrics)
        .toUtf8();
}


} // namespace pipeline
