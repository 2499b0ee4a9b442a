// Parsing, validation and JSON form of TorchProfilerConfig.
//
// The rules are torch_npu's (public repository Ascend/pytorch, master 9e73e708, 2026-08):
//   torch_npu/profiler/experimental_config.py   _ExperimentalConfig._check_params,
//                                               _conver_export_type_to_list,
//                                               _check_mstx_domain_params, _check_host_sys_params
//   torch_npu/profiler/scheduler.py             Schedule.__init__ / _check_params
//   torch_npu/profiler/profiler_interface.py    _ProfInterface._check_params (activities, bools)
//   torch_npu/profiler/profiler.py              profile.__init__ (schedule, on_trace_ready, use_cuda)
//   torch_npu/profiler/_profiler_path_creator.py  ProfPathCreator.init (dir_name, worker_name)
//   torch_npu/profiler/_dynamic_profiler/_dynamic_profiler_config_context.py
//                                               the JSON spelling (getattr(Class, name, name))
//   torch_npu/profiler/analysis/prof_common_func/_constant.py  the enum values
// The checks run in the order torch_npu runs them, because the order decides some outcomes
// (an unknown profiler_level is reset to Level0 only after the aic_metrics/level check ran
// with the unknown level, so that aic_metrics survives).

#include "core/options/torch_profiler_config.h"
#include "core/options/torch_config_json.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QLocale>
#include <QSet>

#include <algorithm>
#include <cmath>

namespace npuscope::torchcfg {

using json::jsonText;
using json::numberText;

namespace {

// lupdate files TorchText::tr("...") under the context "TorchProfilerConfig".
struct TorchText {
    Q_DECLARE_TR_FUNCTIONS(TorchProfilerConfig)
};

struct LevelName {
    ProfilerLevel id;
    const char *name;   // attribute name == value (Constant.LEVEL0 = "Level0")
};
constexpr LevelName kLevels[] = {
    {ProfilerLevel::Level_none, "Level_none"},
    {ProfilerLevel::Level0, "Level0"},
    {ProfilerLevel::Level1, "Level1"},
    {ProfilerLevel::Level2, "Level2"},
};

struct AicName {
    AicMetrics id;
    const char *name;    // AiCMetrics attribute
    const char *value;   // Constant.Aic* value
};
constexpr AicName kAic[] = {
    {AicMetrics::AiCoreNone, "AiCoreNone", "ACL_AICORE_NONE"},
    {AicMetrics::PipeUtilization, "PipeUtilization", "ACL_AICORE_PIPE_UTILIZATION"},
    {AicMetrics::ArithmeticUtilization, "ArithmeticUtilization", "ACL_AICORE_ARITHMETIC_UTILIZATION"},
    {AicMetrics::Memory, "Memory", "ACL_AICORE_MEMORY_BANDWIDTH"},
    {AicMetrics::MemoryL0, "MemoryL0", "ACL_AICORE_L0B_AND_WIDTH"},
    {AicMetrics::MemoryUB, "MemoryUB", "ACL_AICORE_MEMORY_UB"},
    {AicMetrics::ResourceConflictRatio, "ResourceConflictRatio", "ACL_AICORE_RESOURCE_CONFLICT_RATIO"},
    {AicMetrics::L2Cache, "L2Cache", "ACL_AICORE_L2_CACHE"},
    {AicMetrics::MemoryAccess, "MemoryAccess", "ACL_AICORE_MEMORY_ACCESS"},
};

struct HostName {
    HostSystem id;
    const char *name;
    const char *value;
};
constexpr HostName kHost[] = {
    {HostSystem::CPU, "CPU", "cpu"},         {HostSystem::MEM, "MEM", "mem"},
    {HostSystem::DISK, "DISK", "disk"},      {HostSystem::NETWORK, "NETWORK", "network"},
    {HostSystem::OSRT, "OSRT", "osrt"},      {HostSystem::NUMA, "NUMA", "numa"},
};

// The text `field` of the entry of `table` for `id`; empty when it has none.
template <class Entry, std::size_t N, class Id>
QString textOf(const Entry (&table)[N], Id id, const char *Entry::*field)
{
    for (const Entry &x : table)
        if (x.id == id)
            return QString::fromLatin1(x.*field);
    return {};
}

// Python's isinstance(x, bool) for a JSON value.
bool isBool(const QJsonValue &v) { return v.isBool(); }

// Python's isinstance(x, int): JSON numbers without a fraction (QJsonValue cannot tell 2
// from 2.0, so both count) and, as in Python, booleans.
bool isInt(const QJsonValue &v)
{
    if (v.isBool())
        return true;
    if (!v.isDouble())
        return false;
    const double d = v.toDouble();
    return std::isfinite(d) && d == std::floor(d) && std::fabs(d) < 2147483648.0;
}
int toInt(const QJsonValue &v) { return v.isBool() ? int(v.toBool()) : int(v.toDouble()); }

// Python truthiness of a JSON value (for `if not export_type`, `if host_sys`).
bool truthy(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Null:
    case QJsonValue::Undefined: return false;
    case QJsonValue::Bool: return v.toBool();
    case QJsonValue::Double: return v.toDouble() != 0.0;
    case QJsonValue::String: return !v.toString().isEmpty();
    case QJsonValue::Array: return !v.toArray().isEmpty();
    case QJsonValue::Object: return !v.toObject().isEmpty();
    }
    return false;
}


// The bool rule text of _check_params ("Invalid parameter X, which must be of bool type,
// reset it to False."), with the key and the value used instead.
QString boolRule()
{
    return TorchText::tr("%1 must be True or False; torch_npu warns and uses %2.");
}

class Checker {
public:
    std::vector<ConfigProblem> problems;

    void error(const QString &key, const QJsonValue &value, const QString &message)
    {
        problems.push_back({ConfigProblem::Severity::Error, key, QString::fromUtf8(jsonText(value)), message});
    }
    void warn(const QString &key, const QJsonValue &value, const QString &message)
    {
        problems.push_back({ConfigProblem::Severity::Warning, key, QString::fromUtf8(jsonText(value)), message});
    }
    void note(const QString &key, const QJsonValue &value, const QString &message)
    {
        problems.push_back({ConfigProblem::Severity::Note, key, QString::fromUtf8(jsonText(value)), message});
    }

    // Keyword arguments the Python callable does not take fail the call (TypeError).
    bool knownKeys(const QString &prefix, const QJsonObject &o, const QStringList &keys, const QString &callable)
    {
        bool ok = true;
        for (auto it = o.begin(); it != o.end(); ++it) {
            if (keys.contains(it.key()))
                continue;
            ok = false;
            error(prefix + it.key(), it.value(),
                  TorchText::tr("%1 has no parameter \"%2\" (Python stops with a TypeError). Its parameters are: %3.")
                      .arg(callable, it.key(), keys.join(QStringLiteral(", "))));
        }
        return ok;
    }

    // `if not isinstance(x, bool): warn; x = fallback`
    bool boolean(const QJsonObject &o, const QString &prefix, const QString &key, bool fallback)
    {
        if (!o.contains(key))
            return fallback;
        const QJsonValue v = o.value(key);
        if (isBool(v))
            return v.toBool();
        warn(prefix + key, v, boolRule().arg(key, fallback ? QStringLiteral("True") : QStringLiteral("False")));
        return fallback;
    }

    void experimental(const QJsonObject &o, ExperimentalConfig *c);
    void exportTypes(const QJsonObject &o, ExperimentalConfig *c);
    void gcDetectThreshold(const QJsonObject &o, ExperimentalConfig *c);
    void mstxDomains(const QJsonObject &o, ExperimentalConfig *c);
    void hostSys(const QJsonObject &o, ExperimentalConfig *c);
    std::optional<Schedule> schedule(const QJsonValue &v, bool *fatal);
    std::optional<TraceHandler> handler(const QJsonValue &v, bool *fatal);
};

const QString kExp = QStringLiteral("experimental_config.");


void Checker::experimental(const QJsonObject &o, ExperimentalConfig *c)
{
    // Enum values by attribute name or by value, as the dynamic profiler's
    // getattr(ProfilerLevel, name, name) reads them.
    const QJsonValue levelV = o.value(QStringLiteral("profiler_level"));
    ProfilerLevel level = ProfilerLevel::Level0;
    bool levelValid = true;
    if (o.contains(QStringLiteral("profiler_level"))) {
        levelValid = false;
        for (const auto &l : kLevels) {
            if (levelV.isString() && levelV.toString() == QLatin1String(l.name)) {
                level = l.id;
                levelValid = true;
            }
        }
    }
    const bool aicGiven = o.contains(QStringLiteral("aic_metrics"));
    const QJsonValue aicV = o.value(QStringLiteral("aic_metrics"));
    AicMetrics aic = AicMetrics::PipeUtilization;
    bool aicValid = true;
    if (aicGiven) {
        aicValid = false;
        for (const auto &a : kAic) {
            if (aicV.isString() && (aicV.toString() == QLatin1String(a.name) || aicV.toString() == QLatin1String(a.value))) {
                aic = a.id;
                aicValid = true;
            }
        }
    }

    // _check_params, in its order.
    const bool noAicLevel = levelValid && (level == ProfilerLevel::Level0 || level == ProfilerLevel::Level_none);
    if (noAicLevel && !(aicValid && aic == AicMetrics::AiCoreNone)) {
        // torch_npu prints this even when aic_metrics was left at its default; only a value
        // the user chose is worth a warning here.
        if (aicGiven)
            warn(kExp + QStringLiteral("aic_metrics"), aicV,
                 TorchText::tr("aic_metrics is only collected at Level1 and Level2; at %1 torch_npu warns and uses AiCoreNone.")
                     .arg(profilerLevelName(level)));
        aic = AicMetrics::AiCoreNone;
        aicValid = true;
    }
    c->l2Cache = boolean(o, kExp, QStringLiteral("l2_cache"), false);
    c->msprofTx = boolean(o, kExp, QStringLiteral("msprof_tx"), false);
    if (c->msprofTx)
        warn(kExp + QStringLiteral("msprof_tx"), QJsonValue(true),
             TorchText::tr("msprof_tx is deprecated in torch_npu; use mstx=True instead (it records the same markers)."));
    c->mstx = boolean(o, kExp, QStringLiteral("mstx"), false);
    if (levelValid && level == ProfilerLevel::Level_none && !c->mstx && !c->msprofTx) {
        c->mstx = true;
        warn(kExp + QStringLiteral("mstx"), o.value(QStringLiteral("mstx")),
             TorchText::tr("Level_none collects only mstx markers, so mstx or msprof_tx must be True; torch_npu warns and sets mstx=True."));
    }
    c->dataSimplification = true;
    if (o.contains(QStringLiteral("data_simplification"))) {
        const QJsonValue v = o.value(QStringLiteral("data_simplification"));
        if (isBool(v))
            c->dataSimplification = v.toBool();
        else if (!v.isNull()) // None is accepted and means the default
            warn(kExp + QStringLiteral("data_simplification"), v,
                 boolRule().arg(QStringLiteral("data_simplification"), QStringLiteral("True")));
    }
    c->recordOpArgs = boolean(o, kExp, QStringLiteral("record_op_args"), false);
    if (!levelValid) {
        warn(kExp + QStringLiteral("profiler_level"), levelV,
             TorchText::tr("profiler_level must be Level_none, Level0, Level1 or Level2; torch_npu warns and uses Level0."));
        level = ProfilerLevel::Level0;
    }
    c->profilerLevel = level;
    if (!aicValid) {
        aic = level == ProfilerLevel::Level0 ? AicMetrics::AiCoreNone : AicMetrics::PipeUtilization;
        QStringList names;
        for (const auto &a : kAic)
            names << QString::fromLatin1(a.name);
        warn(kExp + QStringLiteral("aic_metrics"), aicV,
             TorchText::tr("aic_metrics must be one of %1; torch_npu warns and uses %2.")
                 .arg(names.join(QStringLiteral(", ")), aicMetricsName(aic)));
    }
    c->aicMetrics = aic;
    c->opAttr = boolean(o, kExp, QStringLiteral("op_attr"), false);

    exportTypes(o, c);
    if (c->opAttr && std::find(c->exportType.begin(), c->exportType.end(), ExportType::Db) == c->exportType.end()) {
        warn(kExp + QStringLiteral("op_attr"), QJsonValue(true),
             TorchText::tr("op_attr is only written to the db export; with export_type text torch_npu warns and sets op_attr=False."));
        c->opAttr = false;
    }
    gcDetectThreshold(o, c);
    c->sysIo = boolean(o, kExp, QStringLiteral("sys_io"), false);
    c->sysInterconnection = boolean(o, kExp, QStringLiteral("sys_interconnection"), false);
    mstxDomains(o, c);
    hostSys(o, c);
}

void Checker::exportTypes(const QJsonObject &o, ExperimentalConfig *c)
{
    // _conver_export_type_to_list, then the value check of _check_params.
    c->exportType = {ExportType::Text};
    if (o.contains(QStringLiteral("export_type"))) {
        const QJsonValue v = o.value(QStringLiteral("export_type"));
        QJsonArray list;
        bool converted = true;
        if (!truthy(v) || !(v.isString() || v.isArray()))
            converted = false;
        else if (v.isString())
            list.append(v);
        else
            list = v.toArray();
        // list(set(...)) fails on unhashable items (a nested list or dict).
        for (const QJsonValue &e : std::as_const(list))
            converted = converted && !e.isArray() && !e.isObject();
        if (!converted) {
            warn(kExp + QStringLiteral("export_type"), v,
                 TorchText::tr("export_type must be \"text\", \"db\" or a list of them; torch_npu warns and uses text."));
        } else {
            std::vector<ExportType> types;
            bool valid = true;
            for (const QJsonValue &e : std::as_const(list)) {
                if (e == QJsonValue(QStringLiteral("text")))
                    types.push_back(ExportType::Text);
                else if (e == QJsonValue(QStringLiteral("db")))
                    types.push_back(ExportType::Db);
                else
                    valid = false;
            }
            if (!valid) {
                warn(kExp + QStringLiteral("export_type"), v,
                     TorchText::tr("export_type accepts only \"text\" and \"db\" (ExportType.Text, ExportType.Db); torch_npu warns and uses text."));
            } else {
                c->exportType.clear();
                for (ExportType t : {ExportType::Text, ExportType::Db})
                    if (std::find(types.begin(), types.end(), t) != types.end())
                        c->exportType.push_back(t);
            }
        }
    }
}

void Checker::gcDetectThreshold(const QJsonObject &o, ExperimentalConfig *c)
{
    c->gcDetectThreshold.reset();
    if (o.contains(QStringLiteral("gc_detect_threshold"))) {
        const QJsonValue v = o.value(QStringLiteral("gc_detect_threshold"));
        if (v.isNull()) {
        } else if (!v.isDouble() && !v.isBool()) {
            warn(kExp + QStringLiteral("gc_detect_threshold"), v,
                 TorchText::tr("gc_detect_threshold must be a number of milliseconds; torch_npu warns and uses None (no GC detection)."));
        } else {
            const double d = v.isBool() ? double(v.toBool()) : v.toDouble();
            if (d < 0.0) {
                warn(kExp + QStringLiteral("gc_detect_threshold"), v,
                     TorchText::tr("gc_detect_threshold cannot be negative; torch_npu warns and uses None (no GC detection)."));
            } else {
                c->gcDetectThreshold = d;
                if (d == 0.0)
                    note(kExp + QStringLiteral("gc_detect_threshold"), v,
                         TorchText::tr("gc_detect_threshold is 0, so every garbage collection is recorded."));
            }
        }
    }
}

void Checker::mstxDomains(const QJsonObject &o, ExperimentalConfig *c)
{
    const QString incKey = QStringLiteral("mstx_domain_include");
    const QString excKey = QStringLiteral("mstx_domain_exclude");
    const QJsonValue inc = o.value(incKey);
    const QJsonValue exc = o.value(excKey);
    c->mstxDomainInclude.clear();
    c->mstxDomainExclude.clear();
    if (!c->msprofTx && !c->mstx) {
        if (truthy(inc) || truthy(exc))
            warn(kExp + (truthy(inc) ? incKey : excKey), truthy(inc) ? inc : exc,
                 TorchText::tr("mstx_domain_include and mstx_domain_exclude only apply when mstx or msprof_tx is True; torch_npu warns and ignores them."));
        return;
    }
    auto domains = [&](const QString &key, const QJsonValue &v, QStringList *out) {
        if (!truthy(v))
            return;
        if (!v.isArray()) {
            warn(kExp + key, v, TorchText::tr("%1 must be a list of domain names; torch_npu warns and uses an empty list.").arg(key));
            return;
        }
        QStringList names;
        for (const QJsonValue &e : v.toArray()) {
            if (!e.isString()) {
                warn(kExp + key, v,
                     TorchText::tr("Every entry of %1 must be a string; torch_npu warns and uses an empty list.").arg(key));
                return;
            }
            if (!names.contains(e.toString()))
                names << e.toString();
        }
        *out = names;
    };
    domains(incKey, inc, &c->mstxDomainInclude);
    domains(excKey, exc, &c->mstxDomainExclude);
    if (!c->mstxDomainInclude.isEmpty() && !c->mstxDomainExclude.isEmpty()) {
        warn(kExp + excKey, exc,
             TorchText::tr("mstx_domain_include and mstx_domain_exclude cannot both be set; torch_npu warns and uses only mstx_domain_include."));
        c->mstxDomainExclude.clear();
    }
}

void Checker::hostSys(const QJsonObject &o, ExperimentalConfig *c)
{
    const QString key = QStringLiteral("host_sys");
    const QJsonValue v = o.value(key);
    c->hostSys.clear();
    if (!truthy(v))
        return;
    if (!v.isArray()) {
        warn(kExp + key, v, TorchText::tr("host_sys must be a list; torch_npu warns and uses an empty list."));
        return;
    }
    std::vector<HostSystem> out;
    for (const QJsonValue &e : v.toArray()) {
        const HostName *found = nullptr;
        for (const auto &h : kHost)
            if (e.isString() && e.toString() == QLatin1String(h.value))
                found = &h;
        if (!found) {
            warn(kExp + key, v,
                 TorchText::tr("host_sys accepts only \"cpu\", \"mem\", \"disk\", \"network\", \"osrt\" and \"numa\" "
                    "(the HostSystem values); torch_npu warns and uses an empty list."));
            return;
        }
        if (std::find(out.begin(), out.end(), found->id) == out.end())
            out.push_back(found->id);
    }
    std::sort(out.begin(), out.end());
    c->hostSys = out;
}

std::optional<Schedule> Checker::schedule(const QJsonValue &v, bool *fatal)
{
    if (v.isNull() || v.isUndefined())
        return std::nullopt;
    if (!v.isObject()) {
        warn(QStringLiteral("schedule"), v,
             TorchText::tr("schedule must be torch_npu.profiler.schedule(...) (an object here); torch_npu warns and records every step."));
        return std::nullopt;
    }
    const QJsonObject o = v.toObject();
    const QStringList keys = {QStringLiteral("wait"), QStringLiteral("warmup"), QStringLiteral("active"),
                              QStringLiteral("repeat"), QStringLiteral("skip_first"), QStringLiteral("skip_first_wait")};
    if (!knownKeys(QStringLiteral("schedule."), o, keys, QStringLiteral("torch_npu.profiler.schedule")))
        *fatal = true;
    for (const char *required : {"wait", "active"}) {
        if (!o.contains(QLatin1String(required))) {
            error(QStringLiteral("schedule.") + QLatin1String(required), QJsonValue::Undefined,
                  TorchText::tr("torch_npu.profiler.schedule requires %1 (Python stops with a TypeError).").arg(QLatin1String(required)));
            *fatal = true;
        }
    }
    Schedule s;
    // Schedule._check_params, in its order.
    auto count = [&](const QString &key, int *field, int fallback, bool positive) {
        if (!o.contains(key)) {
            *field = fallback;
            return;
        }
        const QJsonValue x = o.value(key);
        if (isInt(x) && (positive ? toInt(x) > 0 : toInt(x) >= 0)) {
            *field = toInt(x);
            return;
        }
        *field = fallback;
        if (positive)
            warn(QStringLiteral("schedule.") + key, x,
                 TorchText::tr("schedule %1 must be a whole number of at least 1; torch_npu warns and uses %2.").arg(key).arg(fallback));
        else
            warn(QStringLiteral("schedule.") + key, x,
                 TorchText::tr("schedule %1 must be a whole number of at least 0; torch_npu warns and uses %2.").arg(key).arg(fallback));
    };
    count(QStringLiteral("wait"), &s.wait, 0, false);
    count(QStringLiteral("warmup"), &s.warmup, 0, false);
    count(QStringLiteral("active"), &s.active, 1, true);
    count(QStringLiteral("repeat"), &s.repeat, 0, false);
    count(QStringLiteral("skip_first"), &s.skipFirst, 0, false);
    if (o.contains(QStringLiteral("skip_first_wait"))) {
        const QJsonValue x = o.value(QStringLiteral("skip_first_wait"));
        if (isInt(x)) {
            s.skipFirstWait = toInt(x);
        } else {
            warn(QStringLiteral("schedule.skip_first_wait"), x,
                 TorchText::tr("schedule skip_first_wait must be a whole number; torch_npu warns and uses 0."));
        }
    }
    if (s.warmup == 0)
        warn(QStringLiteral("schedule.warmup"), o.value(QStringLiteral("warmup")),
             TorchText::tr("The schedule has no warmup step, so the first recorded step includes the profiler's start-up "
                "cost; torch_npu warns that this can skew the results (use warmup=1 or more)."));
    return s;
}

std::optional<TraceHandler> Checker::handler(const QJsonValue &v, bool *fatal)
{
    if (v.isNull() || v.isUndefined())
        return std::nullopt;
    if (!v.isObject()) {
        warn(QStringLiteral("on_trace_ready"), v,
             TorchText::tr("on_trace_ready must be torch_npu.profiler.tensorboard_trace_handler(...) (an object here); torch_npu warns and drops it."));
        return std::nullopt;
    }
    const QJsonObject o = v.toObject();
    const QStringList keys = {QStringLiteral("dir_name"), QStringLiteral("worker_name"),
                              QStringLiteral("analyse_flag"), QStringLiteral("async_mode")};
    if (!knownKeys(QStringLiteral("on_trace_ready."), o, keys, QStringLiteral("torch_npu.profiler.tensorboard_trace_handler")))
        *fatal = true;
    TraceHandler h;
    // ProfPathCreator.init: a worker name is a non-empty string shorter than
    // MAX_WORKER_NAME_LENGTH (226), a directory a non-empty string; anything else but None is
    // warned about and replaced by None.
    const QJsonValue worker = o.value(QStringLiteral("worker_name"));
    if (!worker.isNull() && !worker.isUndefined()) {
        if (worker.isString() && !worker.toString().isEmpty() && worker.toString().size() < 226)
            h.workerName = worker.toString();
        else
            warn(QStringLiteral("on_trace_ready.worker_name"), worker,
                 TorchText::tr("worker_name must be a non-empty string of fewer than 226 characters; torch_npu warns and uses "
                    "the default ({hostname}_{pid})."));
    }
    const QJsonValue dir = o.value(QStringLiteral("dir_name"));
    if (!dir.isNull() && !dir.isUndefined()) {
        if (dir.isString() && !dir.toString().isEmpty())
            h.dirName = dir.toString();
        else
            warn(QStringLiteral("on_trace_ready.dir_name"), dir,
                 TorchText::tr("dir_name must be a non-empty string; torch_npu warns and uses the default (ASCEND_WORK_PATH or the "
                    "current directory)."));
    }
    h.analyseFlag = boolean(o, QStringLiteral("on_trace_ready."), QStringLiteral("analyse_flag"), true);
    h.asyncMode = boolean(o, QStringLiteral("on_trace_ready."), QStringLiteral("async_mode"), false);
    return h;
}


} // namespace

QString activityName(Activity a) { return a == Activity::CPU ? QStringLiteral("CPU") : QStringLiteral("NPU"); }

QString profilerLevelName(ProfilerLevel l)
{
    return textOf(kLevels, l, &LevelName::name);
}

QString aicMetricsName(AicMetrics m)
{
    return textOf(kAic, m, &AicName::name);
}

QString exportTypeName(ExportType t) { return t == ExportType::Text ? QStringLiteral("Text") : QStringLiteral("Db"); }
QString exportTypeValue(ExportType t) { return t == ExportType::Text ? QStringLiteral("text") : QStringLiteral("db"); }

QString hostSystemName(HostSystem h)
{
    return textOf(kHost, h, &HostName::name);
}

QString hostSystemValue(HostSystem h)
{
    return textOf(kHost, h, &HostName::value);
}

AicMetrics ExperimentalConfig::defaultAicMetrics(ProfilerLevel level)
{
    return level == ProfilerLevel::Level0 || level == ProfilerLevel::Level_none ? AicMetrics::AiCoreNone
                                                                                 : AicMetrics::PipeUtilization;
}

bool ExperimentalConfig::isDefault() const
{
    return *this == ExperimentalConfig{};
}

bool ExperimentalConfig::operator==(const ExperimentalConfig &o) const
{
    auto sameSet = [](auto a, auto b) {
        std::sort(a.begin(), a.end());
        std::sort(b.begin(), b.end());
        a.erase(std::unique(a.begin(), a.end()), a.end());
        b.erase(std::unique(b.begin(), b.end()), b.end());
        return a == b;
    };
    return profilerLevel == o.profilerLevel && aicMetrics == o.aicMetrics && l2Cache == o.l2Cache
        && msprofTx == o.msprofTx && mstx == o.mstx && dataSimplification == o.dataSimplification
        && recordOpArgs == o.recordOpArgs && opAttr == o.opAttr && gcDetectThreshold == o.gcDetectThreshold
        && sameSet(exportType, o.exportType) && sameSet(hostSys, o.hostSys)
        && sameSet(mstxDomainInclude, o.mstxDomainInclude) && sameSet(mstxDomainExclude, o.mstxDomainExclude)
        && sysIo == o.sysIo && sysInterconnection == o.sysInterconnection;
}

bool TorchProfilerConfig::hasActivity(Activity a) const
{
    return std::find(activities.begin(), activities.end(), a) != activities.end();
}

bool TorchProfilerConfig::operator==(const TorchProfilerConfig &o) const
{
    return hasActivity(Activity::CPU) == o.hasActivity(Activity::CPU)
        && hasActivity(Activity::NPU) == o.hasActivity(Activity::NPU) && schedule == o.schedule
        && onTraceReady == o.onTraceReady && recordShapes == o.recordShapes && profileMemory == o.profileMemory
        && withStack == o.withStack && withFlops == o.withFlops && withModules == o.withModules
        && experimentalConfig == o.experimentalConfig;
}

bool hasErrors(const std::vector<ConfigProblem> &problems)
{
    return std::any_of(problems.begin(), problems.end(),
                       [](const ConfigProblem &p) { return p.severity == ConfigProblem::Severity::Error; });
}

std::vector<ConfigProblem> TorchProfilerConfig::parse(const QByteArray &json, TorchProfilerConfig *out)
{
    Checker ck;
    *out = TorchProfilerConfig{};
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &pe);
    if (pe.error != QJsonParseError::NoError) {
        ck.error({}, QJsonValue::Undefined,
                 TorchText::tr("The torch_npu profiler config is not valid JSON: %1 at character %2.")
                     .arg(pe.errorString())
                     .arg(pe.offset));
        return ck.problems;
    }
    if (!doc.isObject()) {
        ck.error({}, QJsonValue::Undefined,
                 TorchText::tr("The torch_npu profiler config must be a JSON object whose keys are the parameters of "
                    "torch_npu.profiler.profile(...)."));
        return ck.problems;
    }
    const QJsonObject o = doc.object();
    const QStringList keys = {QStringLiteral("activities"), QStringLiteral("schedule"), QStringLiteral("on_trace_ready"),
                              QStringLiteral("record_shapes"), QStringLiteral("profile_memory"),
                              QStringLiteral("with_stack"), QStringLiteral("with_flops"), QStringLiteral("with_modules"),
                              QStringLiteral("experimental_config"), QStringLiteral("use_cuda")};
    bool fatal = !ck.knownKeys({}, o, keys, QStringLiteral("torch_npu.profiler.profile"));

    TorchProfilerConfig c;
    // Python evaluates the arguments first: _ExperimentalConfig(...) and schedule(...) check
    // themselves before profile() checks the rest.
    const QJsonValue expV = o.value(QStringLiteral("experimental_config"));
    if (expV.isObject()) {
        const QJsonObject e = expV.toObject();
        const QStringList expKeys = {
            QStringLiteral("profiler_level"), QStringLiteral("aic_metrics"), QStringLiteral("l2_cache"),
            QStringLiteral("msprof_tx"), QStringLiteral("mstx"), QStringLiteral("data_simplification"),
            QStringLiteral("record_op_args"), QStringLiteral("op_attr"), QStringLiteral("gc_detect_threshold"),
            QStringLiteral("export_type"), QStringLiteral("host_sys"), QStringLiteral("mstx_domain_include"),
            QStringLiteral("mstx_domain_exclude"), QStringLiteral("sys_io"), QStringLiteral("sys_interconnection")};
        if (!ck.knownKeys(kExp, e, expKeys, QStringLiteral("torch_npu.profiler._ExperimentalConfig")))
            fatal = true;
        ck.experimental(e, &c.experimentalConfig);
    } else {
        ck.experimental(QJsonObject{}, &c.experimentalConfig);
    }
    c.schedule = ck.schedule(o.value(QStringLiteral("schedule")), &fatal);
    c.onTraceReady = ck.handler(o.value(QStringLiteral("on_trace_ready")), &fatal);

    // _ProfInterface._check_params. An empty or missing list means every supported
    // activity; the JSON spelling is the dynamic profiler's getattr(ProfilerActivity, name.upper()).
    const QJsonValue actV = o.value(QStringLiteral("activities"));
    if (truthy(actV)) {
        if (!actV.isArray()) {
            ck.error(QStringLiteral("activities"), actV,
                     TorchText::tr("activities must be a list such as [\"CPU\", \"NPU\"] (torch_npu.profiler.ProfilerActivity members)."));
            fatal = true;
        } else {
            std::vector<Activity> acts;
            bool valid = true;
            for (const QJsonValue &a : actV.toArray()) {
                const QString name = a.toString().toUpper();
                if (a.isString() && name == QLatin1String("CPU"))
                    acts.push_back(Activity::CPU);
                else if (a.isString() && name == QLatin1String("NPU"))
                    acts.push_back(Activity::NPU);
                else
                    valid = false;
            }
            if (!valid) {
                ck.warn(QStringLiteral("activities"), actV,
                        TorchText::tr("torch_npu supports only the activities CPU and NPU; it warns and records both."));
            } else {
                c.activities.clear();
                for (Activity a : {Activity::CPU, Activity::NPU})
                    if (std::find(acts.begin(), acts.end(), a) != acts.end())
                        c.activities.push_back(a);
            }
        }
    }
    c.recordShapes = ck.boolean(o, {}, QStringLiteral("record_shapes"), false);
    c.profileMemory = ck.boolean(o, {}, QStringLiteral("profile_memory"), false);
    c.withStack = ck.boolean(o, {}, QStringLiteral("with_stack"), false);
    c.withFlops = ck.boolean(o, {}, QStringLiteral("with_flops"), false);
    c.withModules = ck.boolean(o, {}, QStringLiteral("with_modules"), false);
    if (!expV.isObject() && !expV.isNull() && !expV.isUndefined())
        ck.warn(QStringLiteral("experimental_config"), expV,
                TorchText::tr("experimental_config must be torch_npu.profiler._ExperimentalConfig(...) (an object here); torch_npu "
                   "warns and uses the default configuration."));
    if (!c.hasActivity(Activity::NPU))
        ck.warn(QStringLiteral("activities"), actV,
                TorchText::tr("Without the NPU activity torch_npu ignores experimental_config and records no device data."));
    if (!c.hasActivity(Activity::CPU) && c.experimentalConfig.gcDetectThreshold)
        ck.warn(QStringLiteral("experimental_config.gc_detect_threshold"), o.value(QStringLiteral("activities")),
                TorchText::tr("GC detection needs the CPU activity; without it torch_npu records no GC events."));
    if (o.contains(QStringLiteral("use_cuda")) && !o.value(QStringLiteral("use_cuda")).isNull())
        ck.warn(QStringLiteral("use_cuda"), o.value(QStringLiteral("use_cuda")),
                TorchText::tr("use_cuda has no effect on an NPU; torch_npu warns and ignores it."));
    if (!fatal)
        *out = c;
    return ck.problems;
}


} // namespace npuscope::torchcfg
