#include "core/model/session.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QRegularExpression>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace npuscope {

QString launchModeName(LaunchMode m)
{
    return m == LaunchMode::Estimator ? QStringLiteral("estimator") : QStringLiteral("sess.run");
}

QString precisionName(Precision p)
{
    return p == Precision::Fp32 ? QStringLiteral("fp32") : QStringLiteral("mixed");
}

QString sessionStatusName(SessionStatus s)
{
    switch (s) {
    case SessionStatus::Running: return QStringLiteral("running");
    case SessionStatus::Complete: return QStringLiteral("complete");
    case SessionStatus::Cancelled: return QStringLiteral("cancelled");
    case SessionStatus::Failed: return QStringLiteral("failed");
    }
    return QStringLiteral("failed");
}

QString frameworkName(Framework f)
{
    return f == Framework::PyTorch ? QStringLiteral("pytorch") : QStringLiteral("tensorflow");
}

bool frameworkFromName(const QString &s, Framework *out)
{
    const QString l = s.trimmed().toLower();
    if (l == QLatin1String("tensorflow") || l == QLatin1String("tf")) { *out = Framework::TensorFlow; return true; }
    if (l == QLatin1String("pytorch") || l == QLatin1String("torch")) { *out = Framework::PyTorch; return true; }
    return false;
}

bool launchModeFromName(const QString &s, LaunchMode *out)
{
    const QString l = s.trimmed().toLower();
    if (l == QLatin1String("estimator")) { *out = LaunchMode::Estimator; return true; }
    if (l == QLatin1String("sess.run") || l == QLatin1String("sessrun") || l == QLatin1String("sess_run")) {
        *out = LaunchMode::SessRun;
        return true;
    }
    return false;
}

bool precisionFromName(const QString &s, Precision *out)
{
    const QString l = s.trimmed().toLower();
    if (l == QLatin1String("fp32")) { *out = Precision::Fp32; return true; }
    if (l == QLatin1String("mixed")) { *out = Precision::Mixed; return true; }
    return false;
}

bool sessionStatusFromName(const QString &s, SessionStatus *out)
{
    for (auto st : {SessionStatus::Running, SessionStatus::Complete, SessionStatus::Cancelled, SessionStatus::Failed}) {
        if (sessionStatusName(st) == s) { *out = st; return true; }
    }
    return false;
}

bool clockBaseFromIso(const QString &text, std::int64_t *us, QString *error)
{
    // QDateTime's ISO parser stops at milliseconds; the fraction is read here so a clock
    // base keeps the microseconds msprof's start_info carries.
    static const QRegularExpression iso(QStringLiteral(
        "^(\\d{4}-\\d{2}-\\d{2}[T ]\\d{2}:\\d{2}:\\d{2})(?:\\.(\\d{1,6}))?(Z|[+-]\\d{2}:?\\d{2})?$"));
    const auto m = iso.match(text.trimmed());
    QDateTime t;
    if (m.hasMatch()) {
        QString base = m.captured(1);
        base[10] = u'T';
        const QString zone = m.captured(3);
        t = QDateTime::fromString(base + (zone.isEmpty() ? QString() : zone), Qt::ISODate);
        if (zone.isEmpty())
            t.setTimeSpec(Qt::LocalTime);
    }
    if (!t.isValid()) {
        if (error)
            *error = QCoreApplication::translate("SessionSpec",
                                                 "The clock base \"%1\" is not an ISO 8601 date and time such as "
                                                 "2024-05-17T09:30:00 or 2024-05-17T09:30:00.250000Z.")
                         .arg(text);
        return false;
    }
    const QString fraction = m.captured(2).leftJustified(6, u'0');
    *us = t.toMSecsSinceEpoch() * 1000 + (m.captured(2).isEmpty() ? 0 : fraction.toLongLong());
    return true;
}

QString clockBaseToIso(std::int64_t us)
{
    const std::int64_t secs = us >= 0 ? us / 1'000'000 : -((-us + 999'999) / 1'000'000);
    const std::int64_t micros = us - secs * 1'000'000;
    return QDateTime::fromSecsSinceEpoch(secs, Qt::UTC).toString(QStringLiteral("yyyy-MM-ddTHH:mm:ss"))
           + QStringLiteral(".%1Z").arg(micros, 6, 10, QLatin1Char('0'));
}

QByteArray SessionSpec::toJson() const
{
    QJsonObject o;
    o[QStringLiteral("model")] = model;
    o[QStringLiteral("batch")] = batchSize;
    o[QStringLiteral("iterations")] = iterations;
    o[QStringLiteral("devices")] = devicesPerServer;
    o[QStringLiteral("servers")] = servers;
    o[QStringLiteral("mode")] = launchModeName(mode);
    o[QStringLiteral("precision")] = precisionName(precision);
    o[QStringLiteral("seed")] = QString::number(seed); // 64-bit safe
    o[QStringLiteral("input_rate")] = inputRate;
    o[QStringLiteral("segments")] = segments;
    o[QStringLiteral("queue_depth")] = queueDepth;
    o[QStringLiteral("scenarios")] = QJsonArray::fromStringList(scenarios);
    if (clockBaseUs != 0)
        o[QStringLiteral("clock_base")] = clockBaseToIso(clockBaseUs);
    // The 910's settings stay as they were before chips could be chosen: the export's
    // folder name derives from them.
    // TensorFlow settings carry no framework key, so their JSON stays as it always was.
    if (framework == Framework::PyTorch) {
        o[QStringLiteral("framework")] = frameworkName(framework);
        o[QStringLiteral("chip")] = chip;
        const QJsonDocument cfg = QJsonDocument::fromJson(torchProfilerConfig);
        o[QStringLiteral("torch_profiler_config")] = cfg.isObject() ? cfg.object() : QJsonObject();
    } else if (chip != QLatin1String("910")) {
        o[QStringLiteral("chip")] = chip;
    }
    if (stragglerRank >= 0)
        o[QStringLiteral("straggler_rank")] = stragglerRank;
    // Only LLM sessions carry their layout, so every other session's JSON stays as it was.
    if (llm != Llm{}) {
        QJsonObject l;
        l[QStringLiteral("dp")] = llm.dp;
        l[QStringLiteral("tp")] = llm.tp;
        l[QStringLiteral("pp")] = llm.pp;
        l[QStringLiteral("micro_batches")] = llm.microBatches;
        l[QStringLiteral("sequence_parallel")] = llm.sequenceParallel;
        const std::pair<const char *, int> shape[] = {{"layers", llm.layers}, {"hidden", llm.hidden}, {"heads", llm.heads},
                                                      {"ffn", llm.ffn}, {"vocab", llm.vocab}, {"seq_len", llm.seqLen}};
        for (const auto &kv : shape)
            if (kv.second != 0)
                l[QLatin1String(kv.first)] = kv.second;
        o[QStringLiteral("llm")] = l;
    }
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

bool SessionSpec::fromJson(const QByteArray &json, SessionSpec *out, QString *error)
{
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &pe);
    if (pe.error != QJsonParseError::NoError || !doc.isObject()) {
        if (error)
            *error = QCoreApplication::translate("SessionSpec", "The session settings are not valid JSON: %1")
                         .arg(pe.errorString());
        return false;
    }
    const QJsonObject o = doc.object();
    SessionSpec s;
    s.model = o.value(QStringLiteral("model")).toString(s.model);
    s.batchSize = o.value(QStringLiteral("batch")).toInt(s.batchSize);
    s.iterations = o.value(QStringLiteral("iterations")).toInt(s.iterations);
    s.devicesPerServer = o.value(QStringLiteral("devices")).toInt(s.devicesPerServer);
    s.servers = o.value(QStringLiteral("servers")).toInt(s.servers);
    if (!launchModeFromName(o.value(QStringLiteral("mode")).toString(launchModeName(s.mode)), &s.mode)
        || !precisionFromName(o.value(QStringLiteral("precision")).toString(precisionName(s.precision)), &s.precision)) {
        if (error)
            *error = QCoreApplication::translate("SessionSpec", "The session settings name an unknown launch mode or precision.");
        return false;
    }
    s.seed = o.value(QStringLiteral("seed")).toString(QStringLiteral("1")).toULongLong();
    s.inputRate = o.value(QStringLiteral("input_rate")).toDouble(0);
    s.segments = o.value(QStringLiteral("segments")).toInt(s.segments);
    s.queueDepth = o.value(QStringLiteral("queue_depth")).toInt(s.queueDepth);
    s.scenarios.clear();
    for (const auto &v : o.value(QStringLiteral("scenarios")).toArray())
        s.scenarios << v.toString();
    if (const QJsonValue base = o.value(QStringLiteral("clock_base")); !base.isUndefined()
        && !clockBaseFromIso(base.toString(), &s.clockBaseUs, error))
        return false;
    if (const QJsonValue fw = o.value(QStringLiteral("framework")); !fw.isUndefined()
        && !frameworkFromName(fw.toString(), &s.framework)) {
        if (error)
            *error = QCoreApplication::translate("SessionSpec", "The session settings name an unknown framework \"%1\".")
                         .arg(fw.toString());
        return false;
    }
    if (s.framework == Framework::PyTorch) {
        const QJsonValue cfg = o.value(QStringLiteral("torch_profiler_config"));
        if (cfg.isObject() && !cfg.toObject().isEmpty())
            s.torchProfilerConfig = QJsonDocument(cfg.toObject()).toJson(QJsonDocument::Compact);
        s.chip = QStringLiteral("910B");
    }
    // Settings written before chips could be chosen are the 910's.
    s.chip = o.value(QStringLiteral("chip")).toString(s.chip);
    s.stragglerRank = o.value(QStringLiteral("straggler_rank")).toInt(-1);
    if (const QJsonValue lv = o.value(QStringLiteral("llm")); lv.isObject()) {
        const QJsonObject l = lv.toObject();
        const auto num = [&](const char *key, int def) { return l.value(QLatin1String(key)).toInt(def); };
        s.llm.dp = num("dp", 1);
        s.llm.tp = num("tp", 1);
        s.llm.pp = num("pp", 1);
        s.llm.microBatches = num("micro_batches", 1);
        s.llm.sequenceParallel = l.value(QStringLiteral("sequence_parallel")).toBool(false);
        s.llm.layers = num("layers", 0);
        s.llm.hidden = num("hidden", 0);
        s.llm.heads = num("heads", 0);
        s.llm.ffn = num("ffn", 0);
        s.llm.vocab = num("vocab", 0);
        s.llm.seqLen = num("seq_len", 0);
    }
    *out = s;
    return true;
}

} // namespace npuscope
