#include "core/options/profiling_options.h"
#include "core/model/session.h"

#include <QCoreApplication>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QSet>

namespace npuscope {

namespace {

struct MetricsGroup {
    AicMetrics id;
    const char *name;
    const char *columns;
};

// Column lists are copied from the op_summary table of output-files.md; the exporter and
// the importer both rely on them, so they must stay byte-exact.
constexpr MetricsGroup kMetricsGroups[] = {
    {AicMetrics::ArithmeticUtilization, "ArithmeticUtilization",
     "mac_fp16_ratio,mac_int8_ratio,vec_fp32_ratio,vec_fp16_ratio,vec_int32_ratio,vec_misc_ratio,"
     "cube_fops,vector_fops"},
    {AicMetrics::PipeUtilization, "PipeUtilization",
     "vec_time(us),vec_ratio,mac_time(us),mac_ratio,scalar_time(us),scalar_ratio,mte1_time(us),"
     "mte1_ratio,mte2_time(us),mte2_ratio,mte3_time(us),mte3_ratio,icache_miss_rate,memory_bound"},
    {AicMetrics::Memory, "Memory",
     "ub_read_bw(GB/s),ub_write_bw(GB/s),l1_read_bw(GB/s),l1_write_bw(GB/s),l2_read_bw(GB/s),"
     "l2_write_bw(GB/s),main_mem_read_bw(GB/s),main_mem_write_bw(GB/s)"},
    {AicMetrics::MemoryL0, "MemoryL0",
     "l0a_read_bw(GB/s),l0a_write_bw(GB/s),l0b_read_bw(GB/s),l0b_write_bw(GB/s),l0c_read_bw(GB/s),"
     "l0c_write_bw(GB/s),l0c_read_bw_cube(GB/s),l0c_write_bw_cube(GB/s)"},
    {AicMetrics::MemoryUB, "MemoryUB",
     "ub_read_bw_mte(GB/s),ub_write_bw_mte(GB/s),ub_read_bw_vector(GB/s),ub_write_bw_vector(GB/s),"
     "ub_read_bw_scalar(GB/s),ub_write_bw_scalar(GB/s)"},
    {AicMetrics::ResourceConflictRatio, "ResourceConflictRatio",
     "vec_bankgroup_cflt_ratio,vec_bank_cflt_ratio,vec_resc_cflt_ratio"},
};

const MetricsGroup *metricsGroup(AicMetrics m)
{
    for (const auto &g : kMetricsGroups)
        if (g.id == m)
            return &g;
    return nullptr;
}

const QStringList kSwitchKeys = {
    QStringLiteral("training_trace"), QStringLiteral("task_trace"), QStringLiteral("l2"),
    QStringLiteral("hccl"), QStringLiteral("aicpu"), QStringLiteral("msproftx"),
    QStringLiteral("runtime_api"),
};

// Keys instr_profiling_freq cannot be combined with (the collector's instruction sampling
// mode owns the PMU and the task pipeline).
const QStringList kInstrExclusive = {
    QStringLiteral("task_time"), QStringLiteral("task_trace"), QStringLiteral("training_trace"),
    QStringLiteral("aicpu"), QStringLiteral("l2"), QStringLiteral("hccl"),
    QStringLiteral("runtime_api"), QStringLiteral("aic_metrics"), QStringLiteral("aiv_metrics"),
};

struct IntRange {
    const char *key;
    int min;
    int max;
};
constexpr IntRange kIntRanges[] = {
    {"sys_hardware_mem_freq", 1, 100}, {"sys_io_sampling_freq", 1, 100},
    {"sys_interconnection_freq", 1, 50}, {"dvpp_freq", 1, 100},
    {"host_sys_usage_freq", 1, 50},    {"instr_profiling_freq", 300, 30000},
};

Switch *switchField(ProfilingOptions &o, const QString &key)
{
    if (key == QLatin1String("training_trace")) return &o.trainingTrace;
    if (key == QLatin1String("task_trace")) return &o.taskTrace;
    if (key == QLatin1String("l2")) return &o.l2;
    if (key == QLatin1String("hccl")) return &o.hccl;
    if (key == QLatin1String("aicpu")) return &o.aicpu;
    if (key == QLatin1String("msproftx")) return &o.msproftx;
    if (key == QLatin1String("runtime_api")) return &o.runtimeApi;
    return nullptr;
}

const Switch *switchField(const ProfilingOptions &o, const QString &key)
{
    return switchField(const_cast<ProfilingOptions &>(o), key);
}

// The string toJson writes for a key, or nullopt when the value cannot be written (an
// optional that is unset, an empty host list left behind by an invalid string).
std::optional<QString> valueString(const ProfilingOptions &o, const QString &key)
{
    if (const Switch *s = switchField(o, key))
        return *s == Switch::On ? QStringLiteral("on") : QStringLiteral("off");
    if (key == QLatin1String("output")) return o.output;
    if (key == QLatin1String("storage_limit")) {
        if (!o.storageLimitMB) return std::nullopt;
        return QString::number(*o.storageLimitMB) + QStringLiteral("MB");
    }
    if (key == QLatin1String("task_time")) {
        switch (o.taskTime) {
        case TaskTimeLevel::Off: return QStringLiteral("off");
        case TaskTimeLevel::L0: return QStringLiteral("l0");
        case TaskTimeLevel::L1: return QStringLiteral("on");
        }
    }
    if (key == QLatin1String("fp_point")) return o.fpPoint;
    if (key == QLatin1String("bp_point")) return o.bpPoint;
    if (key == QLatin1String("aic_metrics")) return aicMetricsName(o.aicMetrics);
    if (key == QLatin1String("aiv_metrics")) return aicMetricsName(o.aivMetrics);
    if (key == QLatin1String("sys_hardware_mem_freq")) return QString::number(o.sysHardwareMemFreq);
    if (key == QLatin1String("sys_io_sampling_freq")) return QString::number(o.sysIoSamplingFreq);
    if (key == QLatin1String("sys_interconnection_freq")) return QString::number(o.sysInterconnectionFreq);
    if (key == QLatin1String("dvpp_freq")) return QString::number(o.dvppFreq);
    if (key == QLatin1String("host_sys")) {
        if (o.hostSys.isEmpty()) return std::nullopt;
        return o.hostSys.join(QLatin1Char(','));
    }
    if (key == QLatin1String("host_sys_usage")) {
        if (o.hostSysUsage.isEmpty()) return std::nullopt;
        return o.hostSysUsage.join(QLatin1Char(','));
    }
    if (key == QLatin1String("host_sys_usage_freq")) return QString::number(o.hostSysUsageFreq);
    if (key == QLatin1String("llc_profiling")) return o.llcProfiling;
    if (key == QLatin1String("instr_profiling_freq")) {
        if (!o.instrProfilingFreq) return std::nullopt;
        return QString::number(*o.instrProfilingFreq);
    }
    if (key == QLatin1String("power")) return o.power;
    return std::nullopt;
}

int *intField(ProfilingOptions &o, const QString &key)
{
    if (key == QLatin1String("sys_hardware_mem_freq")) return &o.sysHardwareMemFreq;
    if (key == QLatin1String("sys_io_sampling_freq")) return &o.sysIoSamplingFreq;
    if (key == QLatin1String("sys_interconnection_freq")) return &o.sysInterconnectionFreq;
    if (key == QLatin1String("dvpp_freq")) return &o.dvppFreq;
    if (key == QLatin1String("host_sys_usage_freq")) return &o.hostSysUsageFreq;
    return nullptr;
}

QString jsonQuote(const QString &s)
{
    // QJsonDocument sorts object keys, so members are written by hand; an array of one
    // string gives Qt's own (correct) string escaping.
    QByteArray a = QJsonDocument(QJsonArray{s}).toJson(QJsonDocument::Compact);
    return QString::fromUtf8(a.mid(1, a.size() - 2));
}

QString decodeJsonString(const QByteArray &quoted)
{
    const QJsonDocument d = QJsonDocument::fromJson('[' + quoted + ']');
    return d.array().at(0).toString();
}

// A top-level member as written: QJsonObject loses both the order and duplicates, which
// the spec wants reported, so the members are re-scanned from the (already valid) text.
struct Member {
    QString key;
    bool isString = false;
    QString value; // decoded string, or the raw JSON text of a non-string value
};

class MemberScanner {
public:
    explicit MemberScanner(const QByteArray &s) : s_(s) {}

    std::vector<Member> members()
    {
        std::vector<Member> out;
        skipSpace();
        if (!eat('{'))
            return out;
        skipSpace();
        if (eat('}'))
            return out;
        while (pos_ < s_.size()) {
            skipSpace();
            Member m;
            const qsizetype keyStart = pos_;
            skipString();
            m.key = decodeJsonString(s_.mid(keyStart, pos_ - keyStart));
            skipSpace();
            eat(':');
            skipSpace();
            const qsizetype valueStart = pos_;
            m.isString = pos_ < s_.size() && s_[pos_] == '"';
            skipValue();
            const QByteArray raw = s_.mid(valueStart, pos_ - valueStart);
            m.value = m.isString ? decodeJsonString(raw) : QString::fromUtf8(raw).trimmed();
            out.push_back(std::move(m));
            skipSpace();
            if (!eat(','))
                break;
        }
        return out;
    }

private:
    void skipSpace()
    {
        while (pos_ < s_.size() && (s_[pos_] == ' ' || s_[pos_] == '\t' || s_[pos_] == '\n' || s_[pos_] == '\r'))
            ++pos_;
    }
    bool eat(char c)
    {
        if (pos_ < s_.size() && s_[pos_] == c) {
            ++pos_;
            return true;
        }
        return false;
    }
    void skipString()
    {
        ++pos_; // opening quote
        while (pos_ < s_.size() && s_[pos_] != '"')
            pos_ += s_[pos_] == '\\' ? 2 : 1;
        ++pos_;
    }
    void skipValue()
    {
        int depth = 0;
        while (pos_ < s_.size()) {
            const char c = s_[pos_];
            if (c == '"') {
                skipString();
                if (depth == 0)
                    return;
                continue;
            }
            if (c == '{' || c == '[') {
                ++depth;
            } else if (c == '}' || c == ']') {
                if (depth == 0)
                    return;
                --depth;
                if (depth == 0) {
                    ++pos_;
                    return;
                }
            } else if (depth == 0 && c == ',') {
                return;
            }
            ++pos_;
        }
    }

    const QByteArray &s_;
    qsizetype pos_ = 0;
};

// Names of the characters output must not contain, as a user would recognise them.
QString forbiddenCharName(QChar c)
{
    switch (c.unicode()) {
    case '\n': return QCoreApplication::translate("ProfilingOptions", "newline (\\n)");
    case '\f': return QCoreApplication::translate("ProfilingOptions", "form feed (\\f)");
    case '\r': return QCoreApplication::translate("ProfilingOptions", "carriage return (\\r)");
    case '\b': return QCoreApplication::translate("ProfilingOptions", "backspace (\\b)");
    case '\t': return QCoreApplication::translate("ProfilingOptions", "tab (\\t)");
    case '\v': return QCoreApplication::translate("ProfilingOptions", "vertical tab (\\v)");
    case 0x7f: return QCoreApplication::translate("ProfilingOptions", "DEL (0x7F)");
    case '"': case '\'': case '\\': case '%': case '>': case '<': case '|': case '&': case '$':
    case ';': case '`':
        return QStringLiteral("\u201C%1\u201D").arg(c);
    default: return {};
    }
}

} // namespace

QString resultPathProblem(const QString &path)
{
    if (path.isEmpty())
        return QCoreApplication::translate("ProfilingOptions", "the path is empty");
    if (path.size() > 1024)
        return QCoreApplication::translate("ProfilingOptions", "the path is %1 characters long; a result path may have at most 1024 characters")
            .arg(path.size());
    QStringList found;
    for (QChar c : path) {
        const QString name = forbiddenCharName(c);
        if (!name.isEmpty() && !found.contains(name))
            found.append(name);
    }
    if (!found.isEmpty())
        return QCoreApplication::translate("ProfilingOptions", "the path contains characters a result path must not contain: %1")
            .arg(found.join(QStringLiteral(", ")));
    return {};
}

namespace {

class Validator {
public:
    Validator(ProfilingOptions *out, std::vector<OptionProblem> *problems) : o_(*out), p_(*problems) {}

    void member(const Member &m)
    {
        if (!profilingOptionKeys().contains(m.key)) {
            add(m.key, m.value, QCoreApplication::translate("ProfilingOptions", "unknown key \"%1\"").arg(m.key));
            return;
        }
        if (o_.presentKeys.contains(m.key))
            add(m.key, m.value, QCoreApplication::translate("ProfilingOptions", "key \"%1\" is given more than once").arg(m.key));
        else
            o_.presentKeys.append(m.key);
        values_.insert(m.key, m.value);
        if (!m.isString) {
            add(m.key, m.value,
                QCoreApplication::translate("ProfilingOptions", "%1 must be a string (in double quotes), got %2").arg(m.key, m.value));
            return;
        }
        value(m.key, m.value);
    }

    void finish()
    {
        if (!o_.presentKeys.contains(QLatin1String("instr_profiling_freq")))
            return;
        for (const QString &k : o_.presentKeys) {
            if (kInstrExclusive.contains(k))
                add(k, values_.value(k),
                    QCoreApplication::translate("ProfilingOptions", "%1 cannot be used together with instr_profiling_freq: instruction "
                       "sampling excludes task, trace and metric collection")
                        .arg(k));
        }
    }

private:
    void add(const QString &key, const QString &value, const QString &message)
    {
        p_.push_back(OptionProblem{key, value, message});
    }

    void value(const QString &key, const QString &v)
    {
        if (Switch *s = switchField(o_, key)) {
            if (v == QLatin1String("on")) *s = Switch::On;
            else if (v == QLatin1String("off")) *s = Switch::Off;
            else add(key, v, QCoreApplication::translate("ProfilingOptions", "%1 must be \"on\" or \"off\", got \"%2\"").arg(key, v));
        } else if (key == QLatin1String("output")) {
            output(v);
        } else if (key == QLatin1String("storage_limit")) {
            storageLimit(v);
        } else if (key == QLatin1String("task_time")) {
            if (v == QLatin1String("on") || v == QLatin1String("l1")) o_.taskTime = TaskTimeLevel::L1;
            else if (v == QLatin1String("l0")) o_.taskTime = TaskTimeLevel::L0;
            else if (v == QLatin1String("off")) o_.taskTime = TaskTimeLevel::Off;
            else add(key, v, QCoreApplication::translate("ProfilingOptions", "task_time must be \"on\", \"off\", \"l0\" or \"l1\", got \"%1\"").arg(v));
        } else if (key == QLatin1String("fp_point")) {
            o_.fpPoint = v;
        } else if (key == QLatin1String("bp_point")) {
            o_.bpPoint = v;
        } else if (key == QLatin1String("aic_metrics") || key == QLatin1String("aiv_metrics")) {
            AicMetrics m{};
            if (aicMetricsFromName(v, &m))
                (key == QLatin1String("aic_metrics") ? o_.aicMetrics : o_.aivMetrics) = m;
            else
                add(key, v,
                    QCoreApplication::translate("ProfilingOptions", "%1 must be one of ArithmeticUtilization, PipeUtilization, Memory, "
                       "MemoryL0, MemoryUB, ResourceConflictRatio, got \"%2\"")
                        .arg(key, v));
        } else if (key == QLatin1String("host_sys") || key == QLatin1String("host_sys_usage")) {
            hostList(key, v);
        } else if (key == QLatin1String("llc_profiling")) {
            if (v == QLatin1String("read") || v == QLatin1String("write")) o_.llcProfiling = v;
            else add(key, v, QCoreApplication::translate("ProfilingOptions", "llc_profiling must be \"read\" or \"write\", got \"%1\"").arg(v));
        } else if (key == QLatin1String("power")) {
            o_.power = v;
        } else {
            integer(key, v);
        }
    }

    void output(const QString &v)
    {
        if (v.isEmpty()) {
            add(QStringLiteral("output"), v, QCoreApplication::translate("ProfilingOptions", "Result path is empty: output must name a directory."));
            return;
        }
        bool ok = true;
        if (v.size() > 1024) {
            add(QStringLiteral("output"), v,
                QCoreApplication::translate("ProfilingOptions", "output is %1 characters long; a result path may have at most 1024 characters")
                    .arg(v.size()));
            ok = false;
        }
        QStringList found;
        for (QChar c : v) {
            const QString name = forbiddenCharName(c);
            if (!name.isEmpty() && !found.contains(name))
                found.append(name);
        }
        if (!found.isEmpty()) {
            add(QStringLiteral("output"), v,
                QCoreApplication::translate("ProfilingOptions", "output contains characters a result path must not contain: %1")
                    .arg(found.join(QStringLiteral(", "))));
            ok = false;
        }
        if (ok)
            o_.output = v;
    }

    // Follows the collector's check order: suffix, length, digits, digit count, range.
    void storageLimit(const QString &v)
    {
        const QString key = QStringLiteral("storage_limit");
        if (!v.endsWith(QLatin1String("MB"))) {
            add(key, v, QCoreApplication::translate("ProfilingOptions", "storage_limit must end in \"MB\" (for example \"1024MB\"), got \"%1\"").arg(v));
            return;
        }
        const QString digits = v.left(v.size() - 2);
        if (digits.isEmpty()) {
            add(key, v, QCoreApplication::translate("ProfilingOptions", "storage_limit must give a number of megabytes before \"MB\" "
                           "(for example \"1024MB\"), got \"%1\"").arg(v));
            return;
        }
        for (QChar c : digits) {
            if (c < QLatin1Char('0') || c > QLatin1Char('9')) {
                add(key, v, QCoreApplication::translate("ProfilingOptions", "storage_limit must be only digits followed by \"MB\" "
                               "(for example \"1024MB\"), got \"%1\"").arg(v));
                return;
            }
        }
        if (digits.size() > 10) {
            add(key, v, QCoreApplication::translate("ProfilingOptions", "storage_limit has more than 10 digits, got \"%1\"; max value is 4294967295MB").arg(v));
            return;
        }
        const std::uint64_t mb = digits.toULongLong();
        if (mb < 200) {
            add(key, v, QCoreApplication::translate("ProfilingOptions", "storage_limit \"%1\" is too small: min value is 200MB").arg(v));
            return;
        }
        if (mb > 4294967295ull) {
            add(key, v, QCoreApplication::translate("ProfilingOptions", "storage_limit \"%1\" is too large: max value is 4294967295MB").arg(v));
            return;
        }
        o_.storageLimitMB = mb;
    }

    void hostList(const QString &key, const QString &v)
    {
        const QStringList parts = v.split(QLatin1Char(','));
        QStringList items;
        for (const QString &p : parts) {
            if (p != QLatin1String("cpu") && p != QLatin1String("mem")) {
                add(key, v, QCoreApplication::translate("ProfilingOptions", "%1 must be a comma-separated list of \"cpu\" and \"mem\", got \"%2\"").arg(key, v));
                return;
            }
            if (items.contains(p)) {
                add(key, v, QCoreApplication::translate("ProfilingOptions", "%1 lists \"%2\" more than once, got \"%3\"").arg(key, p, v));
                return;
            }
            items.append(p);
        }
        (key == QLatin1String("host_sys") ? o_.hostSys : o_.hostSysUsage) = items;
    }

    void integer(const QString &key, const QString &v)
    {
        const IntRange *range = nullptr;
        for (const auto &r : kIntRanges)
            if (key == QLatin1String(r.key))
                range = &r;
        if (!range)
            return; // every known key is handled above; unreachable by construction
        bool digitsOnly = !v.isEmpty() && v.size() <= 9;
        for (QChar c : v)
            digitsOnly = digitsOnly && c >= QLatin1Char('0') && c <= QLatin1Char('9');
        const int n = digitsOnly ? v.toInt() : 0;
        if (!digitsOnly || n < range->min || n > range->max) {
            add(key, v, QCoreApplication::translate("ProfilingOptions", "%1 must be a whole number from %2 to %3, got \"%4\"")
                            .arg(key, QString::number(range->min), QString::number(range->max), v));
            return;
        }
        if (int *f = intField(o_, key))
            *f = n;
        else
            o_.instrProfilingFreq = n;
    }

    ProfilingOptions &o_;
    std::vector<OptionProblem> &p_;
    QHash<QString, QString> values_;
};

} // namespace

QString aicMetricsName(AicMetrics m)
{
    const MetricsGroup *g = metricsGroup(m);
    return g ? QString::fromLatin1(g->name) : QString();
}

bool aicMetricsFromName(const QString &s, AicMetrics *out)
{
    for (const auto &g : kMetricsGroups) {
        if (s == QLatin1String(g.name)) {
            if (out)
                *out = g.id;
            return true;
        }
    }
    return false;
}

QStringList aicMetricsColumns(AicMetrics m)
{
    const MetricsGroup *g = metricsGroup(m);
    return g ? QString::fromLatin1(g->columns).split(QLatin1Char(',')) : QStringList();
}

QStringList sessionPmuColumns(const SessionInfo &info)
{
    if (!info.pmuColumns.isEmpty())
        return info.pmuColumns;
    ProfilingOptions o;
    ProfilingOptions::parse(info.optionsJson, &o);
    return aicMetricsColumns(o.aicMetrics);
}

const QStringList &profilingOptionKeys()
{
    static const QStringList keys = {
        QStringLiteral("output"), QStringLiteral("storage_limit"), QStringLiteral("training_trace"),
        QStringLiteral("task_trace"), QStringLiteral("task_time"), QStringLiteral("l2"),
        QStringLiteral("hccl"), QStringLiteral("aicpu"), QStringLiteral("fp_point"),
        QStringLiteral("bp_point"), QStringLiteral("aic_metrics"), QStringLiteral("msproftx"),
        QStringLiteral("runtime_api"), QStringLiteral("aiv_metrics"),
        QStringLiteral("sys_hardware_mem_freq"), QStringLiteral("sys_io_sampling_freq"),
        QStringLiteral("sys_interconnection_freq"), QStringLiteral("dvpp_freq"),
        QStringLiteral("host_sys"), QStringLiteral("host_sys_usage"),
        QStringLiteral("host_sys_usage_freq"), QStringLiteral("llc_profiling"),
        QStringLiteral("instr_profiling_freq"), QStringLiteral("power"),
    };
    return keys;
}

std::vector<OptionProblem> ProfilingOptions::parse(const QByteArray &json, ProfilingOptions *out)
{
    std::vector<OptionProblem> problems;
    ProfilingOptions local;
    ProfilingOptions &o = out ? *out : local;
    o = ProfilingOptions{};

    const QByteArray trimmed = json.trimmed();
    if (trimmed.isEmpty()) {
        problems.push_back({QString(), QString(),
                            QCoreApplication::translate("ProfilingOptions", "profiling_options is empty; it must be a JSON object such as "
                               "{\"output\":\"/tmp/profiling\"}")});
        return problems;
    }
    QJsonParseError err{};
    const QJsonDocument doc = QJsonDocument::fromJson(json, &err);
    if (err.error != QJsonParseError::NoError || !doc.isObject()) {
        if (!trimmed.startsWith('{')) {
            problems.push_back({QString(), QString::fromUtf8(json),
                                QCoreApplication::translate("ProfilingOptions", "profiling_options must be a JSON object such as "
                                   "{\"output\":\"/tmp/profiling\"}")});
        } else {
            problems.push_back({QString(), QString::fromUtf8(json),
                                QCoreApplication::translate("ProfilingOptions", "profiling_options is not valid JSON: %1 at offset %2")
                                    .arg(err.errorString(), QString::number(err.offset))});
        }
        return problems;
    }

    Validator v(&o, &problems);
    for (const Member &m : MemberScanner(json).members())
        v.member(m);
    v.finish();
    return problems;
}

QStringList ProfilingOptions::writtenKeys() const
{
    static const ProfilingOptions defaults;
    QStringList keys;
    for (const QString &k : profilingOptionKeys()) {
        const auto v = valueString(*this, k);
        if (!v)
            continue;
        if (presentKeys.contains(k) || v != valueString(defaults, k))
            keys.append(k);
    }
    return keys;
}

QByteArray ProfilingOptions::toJson() const
{
    QString s = QStringLiteral("{");
    bool first = true;
    for (const QString &k : writtenKeys()) {
        if (!first)
            s += QLatin1Char(',');
        first = false;
        s += jsonQuote(k) + QLatin1Char(':') + jsonQuote(*valueString(*this, k));
    }
    s += QLatin1Char('}');
    return s.toUtf8();
}

bool ProfilingOptions::operator==(const ProfilingOptions &b) const
{
    const auto values = [](const ProfilingOptions &o) {
        return std::tie(o.output, o.storageLimitMB, o.trainingTrace, o.taskTrace, o.taskTime, o.l2,
                        o.hccl, o.aicpu, o.fpPoint, o.bpPoint, o.aicMetrics, o.msproftx,
                        o.runtimeApi, o.aivMetrics, o.sysHardwareMemFreq, o.sysIoSamplingFreq,
                        o.sysInterconnectionFreq, o.dvppFreq, o.hostSys, o.hostSysUsage,
                        o.hostSysUsageFreq, o.llcProfiling, o.instrProfilingFreq, o.power);
    };
    return values(*this) == values(b) && writtenKeys() == b.writtenKeys();
}

QStringList ProfilingOptions::optionsWithoutData() const
{
    QStringList out;
    for (const QString &k : writtenKeys()) {
        QString what;
        if (k == QLatin1String("sys_hardware_mem_freq")) what = QCoreApplication::translate("ProfilingOptions", "HBM/DDR bandwidth counters");
        else if (k == QLatin1String("sys_io_sampling_freq")) what = QCoreApplication::translate("ProfilingOptions", "NIC/RoCE counters");
        else if (k == QLatin1String("sys_interconnection_freq")) what = QCoreApplication::translate("ProfilingOptions", "PCIe/HCCS counters");
        else if (k == QLatin1String("dvpp_freq")) what = QCoreApplication::translate("ProfilingOptions", "DVPP counters");
        else if (k == QLatin1String("host_sys")) what = QCoreApplication::translate("ProfilingOptions", "host CPU and memory usage");
        else if (k == QLatin1String("host_sys_usage")) what = QCoreApplication::translate("ProfilingOptions", "host system usage");
        else if (k == QLatin1String("host_sys_usage_freq")) what = QCoreApplication::translate("ProfilingOptions", "host usage sampling");
        else if (k == QLatin1String("llc_profiling")) what = QCoreApplication::translate("ProfilingOptions", "LLC counters");
        else if (k == QLatin1String("instr_profiling_freq")) what = QCoreApplication::translate("ProfilingOptions", "instruction sampling");
        else if (k == QLatin1String("power")) what = QCoreApplication::translate("ProfilingOptions", "power data");
        else if (k == QLatin1String("aiv_metrics")) what = QCoreApplication::translate("ProfilingOptions", "vector-core metrics");
        else continue;
        out.append(QCoreApplication::translate("ProfilingOptions", "The option %1 (\"%2\") was accepted, but the emulator produces no data "
                      "for it (%3).")
                       .arg(k, *valueString(*this, k), what));
    }
    return out;
}

} // namespace npuscope
