#pragma once
// Chrome trace JSON in tests: the events of one phase of a trace's event array.

#include <QJsonArray>
#include <QJsonObject>
#include <QLatin1String>

#include <utility>
#include <vector>

namespace testtrace {

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
