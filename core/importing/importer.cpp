#include "core/importing/importer.h"

#include "core/importing/import_context.h"
#include "core/importing/layout.h"
#include "core/importing/readers.h"

#include <QFileInfo>

#include <algorithm>
#include <map>
#include <set>

namespace npuscope::importing {

namespace {

using Tr = ImportText;

std::unique_ptr<LayoutReader> readerFor(const Source &s)
{
    switch (s.layout) {
    case Layout::LegacyProf: return makeLegacyReader(s);
    case Layout::MsprofNewer: return makeMsprofNewerReader(s);
    case Layout::FrameworkText: return makeFrameworkTextReader(s);
    case Layout::FrameworkDb: return makeFrameworkDbReader(s);
    case Layout::MsprofDb: return makeMsprofDbReader(s);
    }
    return nullptr;
}

// Numbers the session's devices: each source keeps its own device ids when no id repeats
// across sources; otherwise (ranks on several hosts, all device 0) each source's devices
// are numbered by rank (or by source order when ranks are unknown) and a problem says so.
// Legacy PROF folders come from one host: a repeated device there is a second copy.
void assignDevices(ImportContext &ctx, std::vector<std::unique_ptr<LayoutReader>> &readers)
{
    std::map<std::uint16_t, LayoutReader *> owner;
    bool repeats = false;
    for (auto &r : readers) {
        const std::vector<DeviceInfo> devices = r->devices; // excludeDevice() removes from it
        for (const DeviceInfo &d : devices) {
            auto [it, fresh] = owner.try_emplace(d.id, r.get());
            if (fresh || it->second == r.get())
                continue;
            if (r->devicesMustBeUnique())
                r->excludeDevice(d.id, Tr::tr("Device %1 was already imported from %2; this copy was not read.")
                                           .arg(d.id).arg(it->second->deviceDir(d.id)));
            else
                repeats = true;
        }
    }
    std::set<int> ranks;
    bool ranksUsable = true;
    for (auto &r : readers) {
        ranksUsable = ranksUsable && r->devices.size() == 1 && r->source.rank >= 0 && r->source.rank < 65535
                      && ranks.insert(r->source.rank).second;
    }
    std::uint16_t next = 0;
    for (auto &r : readers) {
        r->map = SourceMap();
        for (const DeviceInfo &d : r->devices) {
            std::uint16_t id = d.id;
            if (repeats) {
                id = ranksUsable ? std::uint16_t(r->source.rank) : next++;
                ctx.problem(ctx.rel(r->source.path), 0, -1,
                            Tr::tr("Device %1 of this source is device %2 of the session: device ids repeat across the "
                                   "sources (ranks on several hosts).").arg(d.id).arg(id));
            }
            r->map.devices[d.id] = id;
        }
        if (!r->devices.empty())
            r->map.hostDevice = r->devices.front().id;
    }
}

ProfilingOptions mergeOptions(const std::vector<std::unique_ptr<LayoutReader>> &readers, const QString &path)
{
    ProfilingOptions o;
    o.output = QFileInfo(path).absoluteFilePath();
    o.presentKeys << QStringLiteral("output");
    bool first = true;
    auto orSwitch = [](Switch a, Switch b) { return a == Switch::On || b == Switch::On ? Switch::On : Switch::Off; };
    for (const auto &r : readers) {
        const ProfilingOptions &x = r->options;
        if (first) {
            o.taskTrace = x.taskTrace;
            o.taskTime = x.taskTime;
            o.aicMetrics = x.aicMetrics;
            o.trainingTrace = x.trainingTrace;
            o.hccl = x.hccl;
            o.aicpu = x.aicpu;
            o.l2 = x.l2;
            o.msproftx = x.msproftx;
            first = false;
            continue;
        }
        o.taskTrace = orSwitch(o.taskTrace, x.taskTrace);
        if (x.taskTime == TaskTimeLevel::L1)
            o.taskTime = TaskTimeLevel::L1;
        o.trainingTrace = orSwitch(o.trainingTrace, x.trainingTrace);
        o.hccl = orSwitch(o.hccl, x.hccl);
        o.aicpu = orSwitch(o.aicpu, x.aicpu);
        o.l2 = orSwitch(o.l2, x.l2);
        o.msproftx = orSwitch(o.msproftx, x.msproftx);
    }
    return o;
}

DeviceInfo mapped(const LayoutReader &r, DeviceInfo d)
{
    d.id = r.map.device(d.id);
    // Learned facts are keyed by the session's device id.
    if (d.hostPid == 0)
        if (auto it = r.learned.hostPid.find(d.id); it != r.learned.hostPid.end())
            d.hostPid = it->second;
    if (d.aicFrequencyMHz == 0)
        if (auto it = r.learned.aicFrequencyMHz.find(d.id); it != r.learned.aicFrequencyMHz.end())
            d.aicFrequencyMHz = it->second;
    return d;
}

} // namespace

bool importProf(const ImportRequest &request, RecordSink &sink, ImportReport *report, ImportError *kind, QString *error,
                const std::function<void(const ImportProgress &)> &progress, const std::atomic_bool *cancel)
{
    ImportReport local;
    ImportReport &rep = report ? *report : local;
    rep = ImportReport();
    ImportContext ctx(request, sink, rep, progress, cancel);
    auto finish = [&](bool ok) {
        if (kind)
            *kind = ok ? ImportError::None : ctx.errorKind();
        if (error)
            *error = ok ? QString() : ctx.errorText();
        return ok;
    };

    Detection det;
    ImportError detectKind = ImportError::None;
    QString detectMessage;
    if (!detectLayout(request.path, &det, &detectKind, &detectMessage)) {
        ctx.fail(detectKind, detectMessage);
        return finish(false);
    }
    rep.source = QFileInfo(request.path).canonicalFilePath();
    ctx.setRoot(det.root);

    std::vector<std::unique_ptr<LayoutReader>> readers;
    QStringList layouts;
    for (const Source &s : det.sources) {
        auto r = readerFor(s);
        if (!r)
            continue;
        if (!r->prepare(ctx))
            continue;
        if (!layouts.contains(layoutName(s.layout)))
            layouts << layoutName(s.layout);
        readers.push_back(std::move(r));
    }
    rep.layout = layouts.join(QStringLiteral(", "));
    if (readers.empty()) {
        ctx.fail(ImportError::Unreadable, Tr::tr("Nothing could be imported from %1: every file was unreadable or empty.")
                                              .arg(request.path));
        return finish(false);
    }
    assignDevices(ctx, readers);

    SessionInfo info;
    info.source = QStringLiteral("import");
    const QString base = QFileInfo(request.path).fileName();
    info.name = request.sessionName.isEmpty() ? Tr::tr("Import of %1").arg(base) : request.sessionName;
    info.optionsJson = mergeOptions(readers, request.path).toJson();
    info.pmuColumns = ctx.pmuColumns();
    std::map<std::uint32_t, ModelInfo> models;
    std::int64_t wall = 0;
    for (const auto &r : readers) {
        for (const ModelInfo &m : r->models) {
            auto [it, fresh] = models.try_emplace(m.id, m);
            if (!fresh) {
                it->second.iterations = std::max(it->second.iterations, m.iterations);
                if (it->second.name.isEmpty())
                    it->second.name = m.name;
            }
        }
        for (const DeviceInfo &d : r->devices) {
            info.devices.push_back(mapped(*r, d));
            if (d.wallBeginUs > 0 && (wall == 0 || d.wallBeginUs < wall))
                wall = d.wallBeginUs;
        }
        rep.profDirs << r->dirs;
        for (const QString &m : r->missing)
            if (!rep.missing.contains(m))
                rep.missing << m;
        if (rep.kernelColumns.isEmpty())
            rep.kernelColumns = r->kernelColumns;
    }
    std::sort(info.devices.begin(), info.devices.end(), [](const DeviceInfo &a, const DeviceInfo &b) { return a.id < b.id; });
    int maxIterations = 0;
    for (const auto &[id, m] : models) {
        info.models.push_back(m);
        maxIterations = std::max(maxIterations, m.iterations);
    }
    info.createdWallUs = wall;
    info.spec.model = base;
    info.spec.iterations = std::max(1, maxIterations);
    const int n = std::max<int>(1, int(info.devices.size()));
    info.spec.devicesPerServer = std::min(n, 8);
    info.spec.servers = std::clamp((n + 7) / 8, 1, 4);

    if (!ctx.sink().begin(info)) {
        ctx.fail(ImportError::Sink, ctx.sink().errorString());
        return finish(false);
    }
    bool ok = true;
    std::uint16_t ordinal = 0;
    for (auto &r : readers) {
        ctx.setSourceOrdinal(ordinal++);
        if (!(ok = r->read(ctx)))
            break;
    }
    // The report is stored beside the records (beforeEnd): every batch first.
    if (ok)
        ok = ctx.settle();
    std::vector<DeviceInfo> devices;
    std::set<std::uint16_t> listed;
    for (const auto &r : readers)
        for (const DeviceInfo &d : r->devices) {
            devices.push_back(mapped(*r, d));
            listed.insert(devices.back().id);
        }
    // Devices only the data named (no folder or metadata of their own): what is known of them
    // is their id; everything else stays unknown.
    for (const auto &r : readers)
        for (std::uint16_t id : r->learned.devicesSeen)
            if (listed.insert(id).second) {
                DeviceInfo d;
                d.id = id;
                d.rankId = id;
                d.hostPid = 0;
                d.aiCoreNum = d.aiCpuNum = d.aicFrequencyMHz = d.hwtsFrequencyMHz = 0;
                if (auto it = r->learned.hostPid.find(id); it != r->learned.hostPid.end())
                    d.hostPid = it->second;
                if (auto it = r->learned.aicFrequencyMHz.find(id); it != r->learned.aicFrequencyMHz.end())
                    d.aicFrequencyMHz = it->second;
                devices.push_back(d);
            }
    std::sort(devices.begin(), devices.end(), [](const DeviceInfo &a, const DeviceInfo &b) { return a.id < b.id; });
    if (ok && rep.total().imported == 0)
        ok = ctx.fail(ImportError::Unreadable,
                      Tr::tr("Nothing could be imported from %1: every file was unreadable or empty.").arg(request.path));
    if (request.beforeEnd && ok && !request.beforeEnd(rep))
        ok = ctx.fail(ImportError::Sink, Tr::tr("The import report could not be stored in the project."));
    const SessionStatus status = ok ? SessionStatus::Complete
                                 : ctx.errorKind() == ImportError::Cancelled ? SessionStatus::Cancelled : SessionStatus::Failed;
    if (!ctx.sink().end(status, devices) && ok)
        ok = ctx.fail(ImportError::Sink, ctx.sink().errorString());
    return finish(ok);
}

} // namespace npuscope::importing
