// User-defined models: a JSON layer list (format in docs/emulator.md) turned into a Network
// with the same builder the zoo uses, so a user model gets real shapes, helper kernels,
// fusions and costs exactly like a zoo model. Every problem names the file, the layer
// (layers[i] and its line) and the rule it breaks.

#include "device/models/builder.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

#include <cmath>
#include <map>

namespace npuscope::device {

namespace {

struct JsonModel {
    Q_DECLARE_TR_FUNCTIONS(JsonModel)
};

int lineAt(const QByteArray &text, qsizetype offset)
{
    int line = 1;
    for (qsizetype i = 0; i < std::min(offset, text.size()); ++i)
        line += text.at(i) == '\n';
    return line;
}

// Line of each element of the top-level "layers" array, found by a small scan of the raw
// text (QJsonDocument keeps no positions). Strings and escapes are skipped correctly.
std::vector<int> layerLines(const QByteArray &text)
{
    std::vector<int> lines;
    int depth = 0, line = 1, layersDepth = -1;
    bool inString = false, escape = false, wantElement = false;
    QByteArray current, lastTopString;
    for (const char c : text) {
        if (c == '\n')
            ++line;
        if (inString) {
            if (escape)
                escape = false;
            else if (c == '\\')
                escape = true;
            else if (c == '"') {
                inString = false;
                if (depth == 1)
                    lastTopString = current;
            } else
                current += c;
            continue;
        }
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n')
            continue;
        if (wantElement) {
            wantElement = false;
            if (c != ']')
                lines.push_back(line);
        }
        switch (c) {
        case '"':
            inString = true;
            current.clear();
            break;
        case '{':
        case '[':
            ++depth;
            if (c == '[' && depth == 2 && layersDepth < 0 && lastTopString == "layers") {
                layersDepth = 2;
                wantElement = true;
            }
            break;
        case '}':
        case ']':
            if (c == ']' && depth == layersDepth)
                layersDepth = -2; // done: only the first "layers" array counts
            --depth;
            break;
        case ',':
            if (depth == layersDepth)
                wantElement = true;
            break;
        default:
            break;
        }
    }
    return lines;
}

// CamelCase cell names for the scopes ("dense" → "Dense"), as MindSpore prints them.
const std::map<QString, std::string> &cellNames()
{
    static const std::map<QString, std::string> m = {
        {QStringLiteral("conv"), "Conv2d"},          {QStringLiteral("batchnorm"), "BatchNorm2d"},
        {QStringLiteral("relu"), "ReLU"},            {QStringLiteral("maxpool"), "MaxPool2d"},
        {QStringLiteral("global_avgpool"), "ReduceMean"}, {QStringLiteral("flatten"), "Flatten"},
        {QStringLiteral("dense"), "Dense"},          {QStringLiteral("dropout"), "Dropout"},
        {QStringLiteral("layernorm"), "LayerNorm"},  {QStringLiteral("gelu"), "GELU"},
        {QStringLiteral("tanh"), "Tanh"},            {QStringLiteral("softmax"), "Softmax"},
        {QStringLiteral("embedding"), "EmbeddingLookup"}, {QStringLiteral("attention"), "MultiHeadAttention"},
        {QStringLiteral("add"), "Add"},              {QStringLiteral("take_token"), "StridedSlice"},
        {QStringLiteral("gather_positions"), "Gather"},
    };
    return m;
}

// Keys each layer type accepts besides "type" and "name".
const std::map<QString, QStringList> &layerKeys()
{
    static const std::map<QString, QStringList> m = {
        {QStringLiteral("conv"), {QStringLiteral("filters"), QStringLiteral("kernel"), QStringLiteral("stride"),
                                  QStringLiteral("padding"), QStringLiteral("bias"), QStringLiteral("activation")}},
        {QStringLiteral("batchnorm"), {QStringLiteral("activation")}},
        {QStringLiteral("relu"), {}},
        {QStringLiteral("maxpool"), {QStringLiteral("kernel"), QStringLiteral("stride"), QStringLiteral("padding")}},
        {QStringLiteral("global_avgpool"), {}},
        {QStringLiteral("flatten"), {}},
        {QStringLiteral("dense"), {QStringLiteral("units"), QStringLiteral("bias"), QStringLiteral("activation")}},
        {QStringLiteral("dropout"), {}},
        {QStringLiteral("layernorm"), {}},
        {QStringLiteral("gelu"), {}},
        {QStringLiteral("tanh"), {}},
        {QStringLiteral("softmax"), {QStringLiteral("log")}},
        {QStringLiteral("embedding"), {QStringLiteral("vocab"), QStringLiteral("hidden"), QStringLiteral("positions")}},
        {QStringLiteral("attention"), {QStringLiteral("heads")}},
        {QStringLiteral("add"), {QStringLiteral("from"), QStringLiteral("activation")}},
        {QStringLiteral("take_token"), {}},
        {QStringLiteral("gather_positions"), {QStringLiteral("count")}},
    };
    return m;
}

class Loader {
public:
    Loader(const QString &path, const QByteArray &text) : path_(QDir::toNativeSeparators(path)), text_(text) {}

    bool load(int batch, Network *out, QString *error)
    {
        QJsonParseError pe;
        const QJsonDocument doc = QJsonDocument::fromJson(text_, &pe);
        if (pe.error != QJsonParseError::NoError) {
            *error = JsonModel::tr("The model file %1 is not valid JSON: %2 at line %3.")
                         .arg(path_, pe.errorString(), QString::number(lineAt(text_, pe.offset)));
            return false;
        }
        if (!doc.isObject()) {
            *error = JsonModel::tr("The model file %1 must hold a JSON object with \"input\" and \"layers\".").arg(path_);
            return false;
        }
        const QJsonObject root = doc.object();
        for (auto it = root.begin(); it != root.end(); ++it) {
            static const QStringList known = {QStringLiteral("name"), QStringLiteral("input"), QStringLiteral("labels"),
                                              QStringLiteral("layers"), QStringLiteral("description")};
            if (!known.contains(it.key())) {
                *error = JsonModel::tr("The model file %1 has the unknown key \"%2\"; known keys: %3.")
                             .arg(path_, it.key(), known.join(QStringLiteral(", ")));
                return false;
            }
        }
        Network net;
        const QString name = root.value(QStringLiteral("name")).toString(QFileInfo(path_).completeBaseName());
        net.name = name.toStdString();
        net.backbone = backboneName(name);
        const QString labels = root.value(QStringLiteral("labels")).toString(QStringLiteral("int32"));
        if (labels != QStringLiteral("int32") && labels != QStringLiteral("int64")) {
            *error = JsonModel::tr("The model file %1: \"labels\" must be \"int32\" or \"int64\", got \"%2\".").arg(path_, labels);
            return false;
        }
        net.int64Labels = labels == QStringLiteral("int64");

        Shape4 input;
        bool tokens = false;
        if (!readInput(root.value(QStringLiteral("input")), batch, &input, &tokens, error))
            return false;
        const QJsonValue layersValue = root.value(QStringLiteral("layers"));
        if (!layersValue.isArray() || layersValue.toArray().isEmpty()) {
            *error = JsonModel::tr("The model file %1 needs a non-empty \"layers\" array.").arg(path_);
            return false;
        }
        lines_ = layerLines(text_);
        NetworkBuilder b(net, input, tokens);
        std::map<QString, Shape4> named;
        named[QStringLiteral("input")] = input;
        const QJsonArray layers = layersValue.toArray();
        for (qsizetype i = 0; i < layers.size(); ++i) {
            index_ = int(i);
            if (!layers.at(i).isObject())
                return fail(error, JsonModel::tr("a layer must be a JSON object"));
            const QJsonObject l = layers.at(i).toObject();
            const QString type = l.value(QStringLiteral("type")).toString();
            const auto keys = layerKeys().find(type);
            if (keys == layerKeys().end()) {
                QStringList types;
                for (const auto &[t, k] : layerKeys())
                    types << t;
                return fail(error, JsonModel::tr("the layer type \"%1\" is unknown; known types: %2")
                                       .arg(type, types.join(QStringLiteral(", "))));
            }
            for (auto it = l.begin(); it != l.end(); ++it)
                if (it.key() != QStringLiteral("type") && it.key() != QStringLiteral("name") && !keys->second.contains(it.key()))
                    return fail(error, JsonModel::tr("the key \"%1\" is not a setting of a %2 layer; its settings: %3")
                                           .arg(it.key(), type, keys->second.isEmpty() ? JsonModel::tr("none") : keys->second.join(QStringLiteral(", "))));
            QString lname = l.value(QStringLiteral("name")).toString();
            if (lname.isEmpty())
                lname = type + QString::number(i + 1);
            if (named.count(lname))
                return fail(error, JsonModel::tr("the layer name \"%1\" is used twice").arg(lname));
            const std::string scope = lname.toStdString() + "-" + cellNames().at(type);
            if (!addLayer(b, type, l, scope, named, tokens, error))
                return false;
            named[lname] = b.shape();
        }
        if (!b.seenTrainable())
            return failFile(error, JsonModel::tr("it has no layer with weights (conv, dense, embedding or attention), so there is nothing to train"));
        net.classes = b.shape().c;
        *out = std::move(net);
        return true;
    }

private:
    static std::string backboneName(const QString &name)
    {
        std::string s;
        bool upper = true;
        for (const QChar c : name) {
            if (c.isLetterOrNumber() && c.unicode() < 128) {
                s += upper ? char(c.toUpper().unicode()) : char(c.unicode());
                upper = false;
            } else
                upper = true;
        }
        return s.empty() ? std::string("UserModel") : s;
    }

    bool fail(QString *error, const QString &what) const
    {
        const int line = index_ < int(lines_.size()) ? lines_[size_t(index_)] : 0;
        *error = JsonModel::tr("The model file %1, layers[%2] (line %3): %4.").arg(path_,
                QString::number(index_),
                QString::number(line),
                what);
        return false;
    }
    bool failFile(QString *error, const QString &what) const
    {
        *error = JsonModel::tr("The model file %1 cannot be used: %2.").arg(path_, what);
        return false;
    }

    bool readInput(const QJsonValue &v, int batch, Shape4 *in, bool *tokens, QString *error)
    {
        const QJsonObject o = v.toObject();
        auto positive = [&](const char *key, int *dst) {
            const QJsonValue x = o.value(QLatin1String(key));
            if (x.isUndefined())
                return true;
            if (!x.isDouble() || x.toDouble() != std::floor(x.toDouble()) || x.toDouble() < 1 || x.toDouble() > 1e6) {
                *error = JsonModel::tr("The model file %1: input \"%2\" must be a whole number from 1 to 1000000.")
                             .arg(path_, QLatin1String(key));
                return false;
            }
            *dst = x.toInt();
            return true;
        };
        if (!v.isObject() || o.isEmpty()) {
            *error = JsonModel::tr("The model file %1 needs an \"input\" object: {\"channels\", \"height\", \"width\"}, "
                                   "{\"features\"} or {\"tokens\"}.").arg(path_);
            return false;
        }
        int c = 0, h = 0, w = 0, f = 0, t = 0;
        if (!positive("channels", &c) || !positive("height", &h) || !positive("width", &w) || !positive("features", &f)
            || !positive("tokens", &t))
            return false;
        for (auto it = o.begin(); it != o.end(); ++it) {
            static const QStringList known = {QStringLiteral("channels"), QStringLiteral("height"), QStringLiteral("width"),
                                              QStringLiteral("features"), QStringLiteral("tokens")};
            if (!known.contains(it.key())) {
                *error = JsonModel::tr("The model file %1: \"%2\" is not an input setting; use channels/height/width, features or tokens.")
                             .arg(path_, it.key());
                return false;
            }
        }
        const int kinds = (c || h || w ? 1 : 0) + (f ? 1 : 0) + (t ? 1 : 0);
        if (kinds != 1 || ((c || h || w) && !(c && h && w))) {
            *error = JsonModel::tr("The model file %1: \"input\" must give either all of channels, height and width, "
                                   "or features, or tokens.").arg(path_);
            return false;
        }
        *tokens = t > 0;
        if (t)
            *in = {batch, 1, t, 1};
        else if (f)
            *in = {batch, f, 1, 1};
        else
            *in = {batch, c, h, w};
        return true;
    }

    bool intKey(const QJsonObject &l, const char *key, int def, int lo, int hi, int *out, QString *error) const
    {
        const QJsonValue v = l.value(QLatin1String(key));
        if (v.isUndefined()) {
            if (def == kRequired)
                return fail(error, JsonModel::tr("\"%1\" is required").arg(QLatin1String(key)));
            *out = def;
            return true;
        }
        const double d = v.toDouble(-1e300);
        if (!v.isDouble() || d != std::floor(d) || d < lo || d > hi)
            return fail(error, JsonModel::tr("\"%1\" must be a whole number from %2 to %3").arg(QLatin1String(key),
                    QString::number(lo),
                    QString::number(hi)));
        *out = int(d);
        return true;
    }
    bool boolKey(const QJsonObject &l, const char *key, bool def, bool *out, QString *error) const
    {
        const QJsonValue v = l.value(QLatin1String(key));
        if (v.isUndefined()) {
            *out = def;
            return true;
        }
        if (!v.isBool())
            return fail(error, JsonModel::tr("\"%1\" must be true or false").arg(QLatin1String(key)));
        *out = v.toBool();
        return true;
    }
    bool activation(const QJsonObject &l, const QStringList &allowed, Activation *out, QString *error) const
    {
        const QString a = l.value(QStringLiteral("activation")).toString(QStringLiteral("none"));
        if (!allowed.contains(a))
            return fail(error, JsonModel::tr("\"activation\" must be one of %1, got \"%2\"").arg(allowed.join(QStringLiteral(", ")), a));
        *out = a == QStringLiteral("relu") ? Activation::Relu
             : a == QStringLiteral("gelu") ? Activation::Gelu
             : a == QStringLiteral("tanh") ? Activation::Tanh
                                           : Activation::None;
        return true;
    }

    bool addLayer(NetworkBuilder &b, const QString &type, const QJsonObject &l, const std::string &scope,
                  const std::map<QString, Shape4> &named, bool tokens, QString *error)
    {
        const Shape4 cur = b.shape();
        const bool sequence = tokens && cur.w == 1 && cur.h > 1;
        const QStringList reluOrNone = {QStringLiteral("none"), QStringLiteral("relu")};
        if (tokens && cur.c == 1 && type != QStringLiteral("embedding"))
            return fail(error, JsonModel::tr("a token input must go through an embedding layer first"));
        if (type == QStringLiteral("conv")) {
            int filters, kernel, stride, padding;
            bool bias;
            Activation act;
            if (!intKey(l, "filters", kRequired, 1, 65536, &filters, error) || !intKey(l, "kernel", kRequired, 1, 64, &kernel, error)
                || !intKey(l, "stride", 1, 1, 64, &stride, error) || !intKey(l, "padding", 0, 0, 64, &padding, error)
                || !boolKey(l, "bias", true, &bias, error) || !activation(l, reluOrNone, &act, error))
                return false;
            if (detail::convOut(cur.h, kernel, stride, padding) < 1 || detail::convOut(cur.w, kernel, stride, padding) < 1)
                return fail(error, JsonModel::tr("a %1×%1 kernel does not fit the %2×%3 input").arg(kernel).arg(cur.h).arg(cur.w));
            b.conv(scope, filters, kernel, stride, padding, bias, act == Activation::Relu);
        } else if (type == QStringLiteral("batchnorm")) {
            Activation act;
            if (!activation(l, reluOrNone, &act, error))
                return false;
            b.bn(scope, act == Activation::Relu);
        } else if (type == QStringLiteral("relu")) {
            b.simple(LayerKind::Relu, scope);
        } else if (type == QStringLiteral("maxpool")) {
            int kernel, stride, padding;
            if (!intKey(l, "kernel", kRequired, 1, 64, &kernel, error) || !intKey(l, "stride", kernel, 1, 64, &stride, error)
                || !intKey(l, "padding", 0, 0, 64, &padding, error))
                return false;
            if (detail::convOut(cur.h, kernel, stride, padding) < 1 || detail::convOut(cur.w, kernel, stride, padding) < 1)
                return fail(error, JsonModel::tr("a %1×%1 window does not fit the %2×%3 input").arg(kernel).arg(cur.h).arg(cur.w));
            b.maxpool(scope, kernel, stride, padding);
        } else if (type == QStringLiteral("global_avgpool")) {
            b.avgpoolGlobal(scope);
        } else if (type == QStringLiteral("flatten")) {
            b.flatten(scope);
        } else if (type == QStringLiteral("dense")) {
            int units;
            bool bias;
            Activation act;
            if (!intKey(l, "units", kRequired, 1, 1 << 20, &units, error) || !boolKey(l, "bias", true, &bias, error)
                || !activation(l, {QStringLiteral("none"), QStringLiteral("relu"), QStringLiteral("gelu"), QStringLiteral("tanh")}, &act, error))
                return false;
            b.dense(scope, units, false, act, bias);
        } else if (type == QStringLiteral("dropout")) {
            b.simple(LayerKind::Dropout, scope);
        } else if (type == QStringLiteral("layernorm")) {
            b.simple(LayerKind::LayerNorm, scope);
        } else if (type == QStringLiteral("gelu")) {
            b.simple(LayerKind::Gelu, scope);
        } else if (type == QStringLiteral("tanh")) {
            b.simple(LayerKind::Tanh, scope);
        } else if (type == QStringLiteral("softmax")) {
            bool log;
            if (!boolKey(l, "log", false, &log, error))
                return false;
            b.softmax(scope, log);
        } else if (type == QStringLiteral("embedding")) {
            if (!tokens || cur.c != 1)
                return fail(error, JsonModel::tr("an embedding layer needs the token input (\"input\": {\"tokens\": N}) directly before it"));
            int vocab, hidden, positions;
            if (!intKey(l, "vocab", kRequired, 2, 1 << 22, &vocab, error) || !intKey(l, "hidden", kRequired, 1, 65536, &hidden, error)
                || !intKey(l, "positions", cur.h, cur.h, 1 << 20, &positions, error))
                return false;
            b.embedding(scope, vocab, hidden, positions);
        } else if (type == QStringLiteral("attention")) {
            if (!sequence)
                return fail(error, JsonModel::tr("an attention layer needs a token sequence (after an embedding layer)"));
            int heads;
            if (!intKey(l, "heads", kRequired, 1, 1024, &heads, error))
                return false;
            if (cur.c % heads != 0)
                return fail(error, JsonModel::tr("%1 heads do not divide the hidden size %2").arg(heads).arg(cur.c));
            b.attention(scope, heads);
        } else if (type == QStringLiteral("add")) {
            const QString from = l.value(QStringLiteral("from")).toString();
            const auto it = named.find(from);
            if (from.isEmpty() || it == named.end())
                return fail(error, JsonModel::tr("\"from\" must name an earlier layer (or \"input\"), got \"%1\"").arg(from));
            const Shape4 s = it->second;
            if (s.n != cur.n || s.c != cur.c || s.h != cur.h || s.w != cur.w)
                return fail(error, JsonModel::tr("the output of \"%1\" (%2×%3×%4) does not match the current shape (%5×%6×%7)")
                                       .arg(from, QString::number(s.c), QString::number(s.h), QString::number(s.w),
                                            QString::number(cur.c), QString::number(cur.h), QString::number(cur.w)));
            Activation act;
            if (!activation(l, reluOrNone, &act, error))
                return false;
            b.add(scope, s, act == Activation::Relu);
        } else if (type == QStringLiteral("take_token")) {
            if (!sequence)
                return fail(error, JsonModel::tr("take_token needs a token sequence"));
            b.takeToken(scope);
        } else if (type == QStringLiteral("gather_positions")) {
            if (!sequence)
                return fail(error, JsonModel::tr("gather_positions needs a token sequence"));
            int count;
            if (!intKey(l, "count", kRequired, 1, cur.h, &count, error))
                return false;
            b.gatherPositions(scope, count);
        }
        return true;
    }

    static constexpr int kRequired = -0x7fffffff;
    QString path_;
    QByteArray text_;
    std::vector<int> lines_;
    int index_ = 0;
};

} // namespace

bool loadJsonNetwork(const QString &path, int batch, Network *out, QString *error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = JsonModel::tr("The model file %1 cannot be read: %2.").arg(QDir::toNativeSeparators(path), f.errorString());
        return false;
    }
    const QByteArray text = f.readAll();
    Loader loader(path, text);
    return loader.load(batch, out, error);
}

} // namespace npuscope::device
