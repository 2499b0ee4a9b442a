#pragma once
// JSON text helpers the torch_npu config's checks and its JSON form share. Internal to
// core/options.

#include <QByteArray>
#include <QByteArrayList>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>
#include <QLocale>
#include <QString>

namespace npuscope::torchcfg::json {

// A value as compact JSON text (an undefined value: empty).
inline QByteArray jsonText(const QJsonValue &v)
{
    if (v.isArray())
        return QJsonDocument(v.toArray()).toJson(QJsonDocument::Compact);
    if (v.isObject())
        return QJsonDocument(v.toObject()).toJson(QJsonDocument::Compact);
    if (v.isUndefined())
        return {};
    QByteArray a = QJsonDocument(QJsonArray{v}).toJson(QJsonDocument::Compact);
    return a.mid(1, a.size() - 2);
}

// A number as Python prints it (shortest round-trip form).
inline QString numberText(double d)
{
    return QString::number(d, 'g', QLocale::FloatingPointShortest);
}

// Ordered compact JSON object writer (QJsonObject sorts its keys; the form follows the
// Python signature instead).
class Writer {
public:
    void add(const char *key, const QByteArray &json) { parts_ << QByteArray("\"") + key + "\":" + json; }
    void add(const char *key, const QJsonValue &v) { add(key, jsonText(v)); }
    bool empty() const { return parts_.isEmpty(); }
    QByteArray text() const { return "{" + parts_.join(',') + "}"; }

private:
    QByteArrayList parts_;
};

} // namespace npuscope::torchcfg::json
