#pragma once
// Chrome trace JSON in tests: a trace file's event array, and the events of one phase of it.

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLatin1String>

#include <utility>
#include <vector>

namespace testtrace {

// The event array of the trace file at `path` (a JSON array); empty when it cannot be read.
inline QJsonArray load(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll()).array();
}

// The events of `events` whose phase ("ph") is `phase` ("X", "M", "C", ...), in order.
inline std::vector<QJsonObject> ofPhase(const QJsonArray &events, QLatin1String phase)
{
    std::vector<QJsonObject> out;
    for (const auto &v : events) {
        QJsonObject e = v.toObject();
        if (e.value(QLatin1String("ph")).toString() == phase)
            out.push_back(std::move(e));
    }
    return out;
}

} // namespace testtrace
