#include "core/exporting/export_common.h"

#include "core/options/profiling_options.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <set>
#include <unistd.h>

namespace npuscope::exporting {

namespace {

std::uint64_t fnv1a(std::uint64_t h, const QByteArray &b)
{
    for (char c : b) {
        h ^= static_cast<unsigned char>(c);
        h *= 1099511628211ull;
    }
    return h;
}

} // namespace

// 16 letters A–R derived from the session, so the same session always gets the same name.
QString sessionLetters(const SessionInfo &info)
{
    std::uint64_t h = 14695981039346656037ull;
    h = fnv1a(h, info.spec.toJson());
    h = fnv1a(h, info.name.toUtf8());
    h = fnv1a(h, info.source.toUtf8());
    h = fnv1a(h, info.optionsJson);
    QString out;
    for (int i = 0; i < 16; ++i) {
        // splitmix64 step: spreads the hash over all 16 letters
        h += 0x9e3779b97f4a7c15ull;
        std::uint64_t z = h;
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        z ^= z >> 31;
        out += QLatin1Char(static_cast<char>('A' + z % 18));
    }
    return out;
}

QDateTime localFromUs(std::int64_t us)
{
    return QDateTime::fromMSecsSinceEpoch(us / 1000);
}

static QString dateWithMicros(std::int64_t us)
{
    const QDateTime t = localFromUs(us);
    return t.toString(QStringLiteral("yyyy-MM-dd HH:mm:ss.")) + QStringLiteral("%1").arg(((us % 1000000) + 1000000) % 1000000, 6, 10, QLatin1Char('0'));
}

QString freeProfName(const QDir &out, std::uint32_t first, const QString &suffix)
{
    std::set<std::uint64_t> taken;
    const QStringList existing = out.entryList({QStringLiteral("PROF_*")}, QDir::AllEntries | QDir::Hidden | QDir::System);
    for (const QString &e : existing) {
        const int end = e.indexOf(QLatin1Char('_'), 5);
        bool ok = false;
        const qulonglong n = e.mid(5, end < 0 ? -1 : end - 5).toULongLong(&ok);
        if (ok && end > 5)
            taken.insert(n);
    }
    std::uint64_t n = first;
    while (taken.count(n))
        ++n;
    return QStringLiteral("PROF_%1_%2").arg(n, 6, 10, QLatin1Char('0')).arg(suffix);
}

std::vector<std::pair<QString, QByteArray>> deviceDescriptionFiles(const DeviceInfo &d)
{
    const QString id = QString::number(d.id);
    QString aiCpuList;
    for (int c = 2; c <= std::max(2, std::min(d.aiCpuNum, 60)); ++c)
        aiCpuList += (c > 2 ? QStringLiteral(",") : QString()) + QString::number(c);
    const int aiCpus = std::clamp(d.aiCpuNum, 0, 60);
    const std::uint64_t bitmap = ((1ull << (aiCpus + 2)) - 1) & ~3ull; // AI CPU cores start at id 2
    const QString hostname = d.hostname.isEmpty() ? QStringLiteral("localhost") : d.hostname;
    QByteArray infoJson;
    {
        // Key order and shape as the real info.json; host details the emulator does not
        // have are fixed, plausible values.
        QString s = QStringLiteral(
            "{\"jobInfo\":\"NA\",\"version\":\"1.0\",\"mac\":\"00-00-00-00-00-00\",\"OS\":\"Linux\",\"cpuCores\":1,"
            "\"hostname\":%1,\"hwtype\":\"aarch64\",\"devices\":\"%2\",\"platform\":\"\","
            "\"CPU\":[{\"Id\":0,\"Name\":\"HiSilicon\",\"Frequency\":1000,\"Logical_CPU_Count\":1,\"Type\":\"TaishanV110\"}],"
            "\"DeviceInfo\":[{\"id\":%2,\"env_type\":3,\"ctrl_cpu_id\":\"ARMv8_Cortex_A55\",\"ctrl_cpu_core_num\":1,"
            "\"ctrl_cpu_endian_little\":1,\"ts_cpu_core_num\":4,\"ai_cpu_core_num\":%3,\"ai_core_num\":%4,"
            "\"ai_cpu_core_id\":2,\"ai_core_id\":0,\"aicpu_occupy_bitmap\":%5,\"ctrl_cpu\":\"0\",\"ai_cpu\":\"%6\","
            "\"aiv_num\":0,\"hwts_frequency\":\"%7\",\"aic_frequency\":\"%8\",\"aiv_frequency\":\"%8\"}],"
            "\"platform_version\":\"1\",\"pid\":\"%9\",\"memoryTotal\":791800000,\"cpuNums\":192,\"sysClockFreq\":%7,")
                        .arg(QString::fromUtf8(QByteArray("\"") + hostname.toUtf8().replace('\\', "\\\\").replace('"', "\\\"") + "\""),
                                id,
                                QString::number(d.aiCpuNum),
                                QString::number(d.aiCoreNum),
                                QString::number(bitmap),
                                aiCpuList,
                                QString::number(d.hwtsFrequencyMHz),
                                QString::number(d.aicFrequencyMHz),
                                QString::number(d.hostPid));
        s += QStringLiteral("\"upTime\":\"%1 0.00\",\"netCardNums\":0,\"netCard\":[],\"rank_id\":%2,"
                            "\"cycleToTime\":[{\"realCpuFreq\":%3,\"calibration\":\"%4\"}],\"pid_name\":\"python\"}")
                 .arg(QString::number(static_cast<double>(d.monotonicBegin) / 1e9, 'f', 2),
                         QString::number(d.rankId),
                         QString::number(d.hwtsFrequencyMHz / 1000.0),
                         QString::number(d.monotonicBegin / 1000 * d.hwtsFrequencyMHz));
        infoJson = s.toUtf8();
    }
    const QByteArray startInfo = QStringLiteral("{\"collectionDateBegin\":\"%1\",\"collectionTimeBegin\":\"%2\",\"clockMonotonicRaw\":\"%3\"}")
                                     .arg(dateWithMicros(d.wallBeginUs), QString::number(d.wallBeginUs), QString::number(d.monotonicBegin)).toUtf8();
    const QByteArray endInfo = QStringLiteral("{\"collectionDateEnd\":\"%1\",\"collectionTimeEnd\":\"%2\",\"clockMonotonicRaw\":\"%3\"}")
                                   .arg(dateWithMicros(d.wallEndUs), QString::number(d.wallEndUs), QString::number(d.monotonicEnd)).toUtf8();
    return {{QStringLiteral("info.json.") + id, infoJson},
            {QStringLiteral("start_info.") + id, startInfo},
            {QStringLiteral("end_info.") + id, endInfo}};
}

std::int64_t sessionWallBeginUs(const SessionInfo &info)
{
    std::int64_t wallBegin = 0;
    for (const auto &d : info.devices)
        if (d.wallBeginUs > 0 && (wallBegin == 0 || d.wallBeginUs < wallBegin))
            wallBegin = d.wallBeginUs;
    return wallBegin == 0 ? info.createdWallUs : wallBegin;
}

TimeNs epochOffsetNs(const DeviceInfo &d, TimeNs sample)
{
    if (d.wallBeginUs <= 0)
        return 0; // no wall clock known: the times stay as they are
    const TimeNs wallNs = d.wallBeginUs * 1000;
    const auto dist = [](TimeNs a, TimeNs b) { return a > b ? a - b : b - a; };
    if (dist(sample, wallNs) <= dist(sample, d.monotonicBegin))
        return 0;
    return wallNs - d.monotonicBegin;
}

bool selectExportWork(const TraceReader &trace, const ExportRequest &req, ExportWork *out, QString *error)
{
    const SessionInfo &info = trace.sessionInfo();
    if (req.firstIteration && req.lastIteration && *req.firstIteration > *req.lastIteration) {
        *error = QCoreApplication::translate("ProfExporter", "The iteration range %1-%2 is empty: the first iteration is after the last.")
                     .arg(*req.firstIteration).arg(*req.lastIteration);
        return false;
    }
    for (auto id : req.devices) {
        const bool known = std::any_of(info.devices.begin(), info.devices.end(), [id](const DeviceInfo &d) { return d.id == id; });
        if (!known) {
            *error = QCoreApplication::translate("ProfExporter", "The session has no device %1.").arg(id);
            return false;
        }
    }
    for (const auto &d : info.devices)
        if (req.devices.empty() || std::find(req.devices.begin(), req.devices.end(), d.id) != req.devices.end())
            out->devices.push_back(d);
    std::sort(out->devices.begin(), out->devices.end(), [](const DeviceInfo &a, const DeviceInfo &b) { return a.id < b.id; });
    for (const auto &k : trace.iterations()) {
        const bool dev = std::any_of(out->devices.begin(), out->devices.end(), [&k](const DeviceInfo &d) { return d.id == k.device; });
        const bool inRange = (!req.firstIteration || k.iteration >= *req.firstIteration)
                          && (!req.lastIteration || k.iteration <= *req.lastIteration);
        if (dev && (!req.modelId || *req.modelId == k.modelId) && inRange)
            out->iterations.push_back(k);
    }
    if (out->iterations.empty()) {
        *error = QCoreApplication::translate("ProfExporter", "Nothing to export: no recorded iteration matches the chosen devices, model and iteration range.");
        return false;
    }
    return true;
}

std::string formatUs3(TimeNs ns)
{
    std::string s;
    if (ns < 0) {
        s += '-';
        ns = -ns;
    }
    s += std::to_string(ns / 1000);
    const auto frac = std::to_string(1000 + ns % 1000);
    s += '.';
    s += frac.substr(1);
    return s;
}

void putUs3(OutFile &f, TimeNs ns)
{
    f.put(formatUs3(ns));
}

void Csv::cell(const analysis::Cell &v)
{
    using K = analysis::Cell::Kind;
    switch (v.kind) {
    case K::Na: na(); break;
    case K::Text: text(v.text); break;
    case K::UInt: sep(); f.putUInt(v.u); break;
    case K::Int: sep(); f.putInt(v.i); break;
    case K::Us: sep(); f.putUs(v.i); break;
    case K::Ms: sep(); f.putMs(v.i); break;
    case K::UsD: sep(); f.putFixed(v.d / 1000.0, 3); break;
    case K::Fixed: sep(); f.putFixed(v.d, 3); break;
    }
}

// ---------------------------------------------------------------------------------------

StagedFolder::~StagedFolder()
{
    if (!committed_ && !tmpDir_.isEmpty())
        QDir(tmpDir_).removeRecursively();
}

bool StagedFolder::begin(const QString &outputDir, const QString &name)
{
    if (outputDir.trimmed().isEmpty())
        return fail(ExportError::Usage, QCoreApplication::translate("ProfExporter", "No output folder was given for the export."));
    if (const QString why = resultPathProblem(outputDir); !why.isEmpty())
        return fail(ExportError::Usage, QCoreApplication::translate("ProfExporter", "The export folder \"%1\" cannot be used: %2.")
                                            .arg(outputDir, why));
    if (!QDir().mkpath(outputDir) || !QFileInfo(outputDir).isDir())
        return fail(ExportError::Io, QCoreApplication::translate("ProfExporter", "Could not create the output folder %1.").arg(outputDir));
    const QDir out(outputDir);
    finalDir_ = out.absoluteFilePath(name);
    if (QFileInfo::exists(finalDir_))
        return fail(ExportError::Usage, QCoreApplication::translate("ProfExporter", "The folder %1 already exists; choose another output folder or counter.").arg(finalDir_));
    tmpDir_ = out.absoluteFilePath(QStringLiteral(".%1.tmp-%2").arg(name).arg(::getpid()));
    QDir(tmpDir_).removeRecursively();
    if (!QDir().mkdir(tmpDir_)) {
        const int e = errno;
        const QString tmp = tmpDir_;
        tmpDir_.clear();
        return fail(ExportError::Io, QCoreApplication::translate("ProfExporter", "Could not create the folder %1: %2.").arg(tmp, QString::fromLocal8Bit(std::strerror(e))));
    }
    return true;
}

bool StagedFolder::mkpath(const QString &rel)
{
    if (QDir(tmpDir_).mkpath(rel))
        return true;
    return fail(ExportError::Io, QCoreApplication::translate("ProfExporter", "Could not create the folder %1.").arg(finalDir_ + QLatin1Char('/') + rel));
}

bool StagedFolder::failCancelled()
{
    return fail(ExportError::Cancelled, QCoreApplication::translate("ProfExporter", "The export was cancelled."));
}

bool StagedFolder::open(const QString &rel, OutFile &f)
{
    if (cancelled())
        return failCancelled();
    QString err;
    if (!f.open(tmpDir_ + QLatin1Char('/') + rel, &err))
        return fail(ExportError::Io, err.replace(tmpDir_, finalDir_));
    return true;
}

bool StagedFolder::close(const QString &rel, OutFile &f)
{
    QString err;
    if (!f.commit(&err))
        // Named as the user will look for it, not by the hidden temporary folder.
        return fail(ExportError::Io, err.replace(tmpDir_, finalDir_));
    written_ << rel;
    ++progress.filesDone;
    progress.bytes += f.bytes();
    if (progressFn_)
        progressFn_(progress);
    return true;
}

bool StagedFolder::writeBytes(const QString &rel, const QByteArray &bytes)
{
    return write(rel, [&bytes](OutFile &f) { f.put(std::string_view(bytes.constData(), std::size_t(bytes.size()))); });
}

QString StagedFolder::scratchPath(const QString &name) const
{
    return tmpDir_ + QStringLiteral("/.") + name + QStringLiteral(".build");
}

bool StagedFolder::copyIn(const QString &scratch, const QString &rel)
{
    QFile in(scratch);
    if (!in.open(QIODevice::ReadOnly))
        return fail(ExportError::Io, QCoreApplication::translate("ProfExporter", "Could not read the file %1: %2.")
                                         .arg(finalDir_ + QLatin1Char('/') + rel, in.errorString()));
    bool readOk = true;
    const bool ok = write(rel, [&](OutFile &f) {
        QByteArray chunk;
        while (!(chunk = in.read(1 << 20)).isEmpty() && !f.failed())
            f.put(std::string_view(chunk.constData(), std::size_t(chunk.size())));
        readOk = in.error() == QFileDevice::NoError;
    });
    const QString why = in.errorString();
    in.close();
    QFile::remove(scratch);
    if (ok && !readOk)
        return fail(ExportError::Io, QCoreApplication::translate("ProfExporter", "Could not read the file %1: %2.")
                                         .arg(finalDir_ + QLatin1Char('/') + rel, why));
    return ok;
}

bool StagedFolder::commit()
{
    if (cancelled())
        return failCancelled();
    const QByteArray from = QFile::encodeName(tmpDir_), to = QFile::encodeName(finalDir_);
    if (::rename(from.constData(), to.constData()) != 0) {
        const int e = errno;
        return fail(ExportError::Io, QCoreApplication::translate("ProfExporter", "Could not rename %1 to %2: %3.").arg(tmpDir_, finalDir_, QString::fromLocal8Bit(std::strerror(e))));
    }
    committed_ = true;
    return true;
}

QStringList StagedFolder::files() const
{
    QStringList f = written_;
    f.sort();
    return f;
}

namespace {
// JSON args `"key": value` (spaced: `, ` between them) or `"key":value` (`,`), each after a
// separator unless it is the first.
struct Args {
    OutFile &f;
    bool spaced;
    bool first;
    Args &key(std::string_view k)
    {
        if (!first)
            f.put(spaced ? ", " : ",");
        first = false;
        f.put('"');
        f.put(k);
        f.put(spaced ? "\": " : "\":");
        return *this;
    }
    Args &u(std::string_view k, std::uint64_t v) { key(k).f.putUInt(v); return *this; }
    Args &d(std::string_view k, double v) { key(k).f.putShortest(v); return *this; }
    Args &s(std::string_view k, std::string_view v) { key(k).f.putJsonString(v); return *this; }
};
} // namespace

void putTxArgs(OutFile &f, bool spaced, bool first, const HostRangeRecord &r, std::string_view eventType,
               std::string_view messageType)
{
    Args{f, spaced, first}.u("category", r.category).s("event_type", eventType).u("payload_type", r.payloadType)
        .u("payload_value", r.payloadValue).s("message_type", messageType);
}

void putHcclTaskArgs(OutFile &f, bool spaced, const HcclTaskRecord &h, std::string_view name, std::string_view transport,
                     std::string_view dataType, std::string_view linkType)
{
    Args{f, spaced, true}.u("notify_id", h.notifyId).d("duration estimated(us)", h.durationEstimatedUs)
        .u("stream id", h.streamId).u("task id", h.taskId).s("task type", name).u("src rank", h.srcRank)
        .u("dst rank", h.dstRank).s("transport type", transport).u("size(Byte)", h.sizeBytes).s("data type", dataType)
        .s("link type", linkType).d("bandwidth(GB/s)", h.bandwidthGBps);
}

bool writeDeviceFolder(StagedFolder &staged, const DeviceInfo &d)
{
    const QString dev = QStringLiteral("device_%1").arg(d.id);
    if (!staged.mkpath(dev))
        return false;
    for (const auto &[name, content] : deviceDescriptionFiles(d))
        if (!staged.writeBytes(dev + QLatin1Char('/') + name, content))
            return false;
    return true;
}

} // namespace npuscope::exporting
