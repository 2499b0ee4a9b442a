#include "core/importing/import_report.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>

namespace npuscope::importing {

FileAccount ImportReport::total() const
{
    FileAccount t;
    for (const auto &f : files) {
        t.items += f.items;
        t.imported += f.imported;
        t.duplicates += f.duplicates;
        t.derived += f.derived;
        t.skipped += f.skipped;
    }
    return t;
}

bool ImportReport::balanced() const
{
    return std::all_of(files.begin(), files.end(), [](const FileAccount &f) { return f.balanced(); });
}

namespace {

// What became of a file's items (or of all of them), as JSON.
QJsonObject countsJson(const FileAccount &f)
{
    QJsonObject j;
    j.insert(QStringLiteral("items"), double(f.items));
    j.insert(QStringLiteral("imported"), double(f.imported));
    j.insert(QStringLiteral("duplicates"), double(f.duplicates));
    j.insert(QStringLiteral("derived"), double(f.derived));
    j.insert(QStringLiteral("skipped"), double(f.skipped));
    return j;
}

} // namespace

QByteArray ImportReport::toJson() const
{
    QJsonObject o;
    o.insert(QStringLiteral("layout"), layout);
    o.insert(QStringLiteral("source"), source);
    o.insert(QStringLiteral("prof_dirs"), QJsonArray::fromStringList(profDirs));
    o.insert(QStringLiteral("bytes"), double(bytes));
    o.insert(QStringLiteral("total"), countsJson(total()));
    o.insert(QStringLiteral("files"), double(files.size()));
    QJsonArray perFile;
    for (const auto &f : files) {
        QJsonObject j = countsJson(f);
        j.insert(QStringLiteral("file"), f.file);
        perFile.append(j);
    }
    o.insert(QStringLiteral("per_file"), perFile);
    QJsonArray probs;
    for (const auto &p : problems) {
        QJsonObject j;
        j.insert(QStringLiteral("file"), p.file);
        j.insert(QStringLiteral("line"), double(p.line));
        j.insert(QStringLiteral("offset"), double(p.offset));
        j.insert(QStringLiteral("reason"), p.reason);
        j.insert(QStringLiteral("count"), double(p.count));
        probs.append(j);
    }
    o.insert(QStringLiteral("problems"), probs);
    o.insert(QStringLiteral("missing"), QJsonArray::fromStringList(missing));
    o.insert(QStringLiteral("kernel_columns"), QJsonArray::fromStringList(kernelColumns));
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

} // namespace npuscope::importing
