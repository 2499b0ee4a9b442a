#include "core/importing/today_files.h"

#include "core/importing/csv_table.h"
#include "core/importing/json_pull.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>

namespace npuscope::importing {

namespace {

using Tr = ImportText;

// The communication files are summaries (one entry per op and link), read whole; a file
// larger than this is not one.
constexpr qint64 kMaxSummaryJson = 256ll << 20;

bool readJsonObject(ImportContext &ctx, const QString &path, const QString &rel, QJsonObject *out)
{
    QFile f(path);
    ctx.account(rel);
    if (!f.open(QIODevice::ReadOnly)) {
        ctx.problem(rel, 0, -1, Tr::tr("The file cannot be read: %1.").arg(f.errorString()));
        return false;
    }
    if (f.size() > kMaxSummaryJson) {
        ctx.problem(rel, 0, -1, Tr::tr("The file is larger than %1 MB, too large for a summary; it was not read.")
                                    .arg(kMaxSummaryJson >> 20));
        return false;
    }
    const QByteArray bytes = f.readAll();
    QJsonParseError pe{};
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &pe);
    if (!doc.isObject()) {
        const qsizetype line = bytes.left(pe.offset).count('\n') + 1;
        ctx.problem(rel, std::uint64_t(line), pe.offset, Tr::tr("The file is not a JSON object (%1); it was not read.")
                                                             .arg(pe.errorString()));
        return false;
    }
    *out = doc.object();
    return true;
}

// A number of a summary (JSON number or numeric string); NaN when neither.
double num(const QJsonValue &v)
{
    if (v.isDouble())
        return v.toDouble();
    if (v.isString()) {
        double d = 0;
        const QByteArray s = v.toString().trimmed().toUtf8();
        if (toDouble(std::string_view(s.constData(), std::size_t(s.size())), &d))
            return d;
    }
    return std::nan("");
}

double numOr0(const QJsonValue &v)
{
    const double d = num(v);
    return std::isfinite(d) ? d : 0.0;
}

StrId str(ImportContext &ctx, const QString &s)
{
    const QByteArray u = s.toUtf8();
    return ctx.str(std::string_view(u.constData(), std::size_t(u.size())));
}

// "NPU:3" → the session device of source device 3; "CPU" and the rest: the host's device.
std::uint16_t deviceOfType(const std::string &type, const SourceMap &map)
{
    std::uint64_t d = 0;
    if (type.rfind("NPU:", 0) == 0 && toUInt64(std::string_view(type).substr(4), &d) && d < 65535)
        return map.device(std::uint16_t(d));
    return map.device(map.hostDevice);
}

// µs text to ns; an empty cell is "not given" (-1).
bool usOrNone(const std::string &cell, TimeNs *out)
{
    if (cell.empty()) {
        *out = -1;
        return true;
    }
    return usTextToNs(cell, out) && saneTime(*out);
}

double mbOrNone(const std::string &cell)
{
    double v = 0;
    return toDouble(cell, &v) && std::isfinite(v) ? v : -1.0;
}

} // namespace

bool readStepTraceTime(ImportContext &ctx, const QString &path, const QString &rel, std::uint16_t device)
{
    CsvTable t;
    if (!t.open(ctx, path, rel))
        return true;
    if (!t.require(ctx, {{"Step"}, {"Computing"}, {"Communication(Not Overlapped)"}, {"Overlapped"}, {"Free"}}))
        return true;
    const int cStep = t.col({"Step"}), cDev = t.col({"Device_id"});
    const int cols[9] = {t.col({"Computing"}), t.col({"Communication(Not Overlapped)"}), t.col({"Overlapped"}),
                         t.col({"Communication"}), t.col({"Free"}), t.col({"Stage"}), t.col({"Bubble"}),
                         t.col({"Communication(Not Overlapped and Exclude Receive)"}), t.col({"Preparing"})};
    while (t.next()) {
        TimeNs v[9] = {};
        bool ok = t.rowComplete();
        for (int i = 0; i < 9 && ok; ++i) {
            const std::string c = t.cell(cols[i]);
            // Columns of newer versions may be absent; present ones must be times.
            ok = cols[i] < 0 || c.empty() || (usTextToNs(c, &v[i]) && std::llabs(v[i]) <= kMaxImportSpan);
        }
        std::uint64_t dev = 0;
        if (!ok || (cDev >= 0 && !toUInt64(t.cell(cDev), &dev))) {
            t.skip(ctx, Tr::tr("A row has the wrong number of cells or a time that is not a number of microseconds "
                               "below a week; the row was skipped."));
            continue;
        }
        StepTimeRecord r;
        r.device = device;
        r.step = ctx.str(t.cell(cStep));
        r.computing = v[0];
        r.commNotOverlapped = v[1];
        r.overlapped = v[2];
        r.communication = v[3];
        r.free = v[4];
        r.stage = v[5];
        r.bubble = v[6];
        r.commNotOverlappedExcludeReceive = v[7];
        r.preparing = v[8];
        ctx.batch().stepTimes.push_back(r);
        ++t.account().imported;
    }
    return ctx.flushIfFull();
}

// communication.json and communication_matrix.json: {step: {op type: {op: value}}}; fn is
// called with each op's step, type, name and value.
template <class Fn>
void forEachCommOp(const QJsonObject &root, Fn fn)
{
    for (auto step = root.begin(); step != root.end(); ++step) {
        const QJsonObject types = step->toObject();
        for (auto type = types.begin(); type != types.end(); ++type) {
            const QJsonObject ops = type->toObject();
            for (auto op = ops.begin(); op != ops.end(); ++op)
                fn(step.key(), type.key(), op.key(), op.value());
        }
    }
}

bool readCommunicationJson(ImportContext &ctx, const QString &path, const QString &rel, std::uint16_t device)
{
    QJsonObject root;
    if (!readJsonObject(ctx, path, rel, &root))
        return true;
    forEachCommOp(root, [&](const QString &step, const QString &type, const QString &op, const QJsonValue &value) {
        FileAccount &acc = ctx.account(rel);
        ++acc.items;
        // The sum over the type's ops: recomputed from the ops when shown.
        if (op == QLatin1String("Total Op Info")) {
            ++acc.derived;
            return;
        }
        const QJsonObject o = value.toObject();
        const QJsonObject time = o.value(QStringLiteral("Communication Time Info")).toObject();
        TimeNs start = 0;
        const double startUs = num(time.value(QStringLiteral("Start Timestamp(us)")));
        const double elapse = num(time.value(QStringLiteral("Elapse Time(ms)")));
        if (time.isEmpty() || !std::isfinite(startUs) || !std::isfinite(elapse) || startUs < 0
            || startUs * 1000.0 > double(kMaxImportTime)) {
            ctx.problem(rel, 0, -1, Tr::tr("A communication op has no valid \"Communication Time Info\" (start "
                                           "and elapse time); it was skipped."));
            ++acc.skipped;
            return;
        }
        // Whole µs and the fraction apart: startUs × 1000 would round to 256 ns at today's epoch.
        const double whole = std::floor(startUs);
        start = TimeNs(whole) * 1000 + TimeNs(std::llround((startUs - whole) * 1000.0));
        CommOpStatRecord r;
        r.device = device;
        r.step = str(ctx, step);
        r.type = str(ctx, type);
        r.op = str(ctx, op);
        // "<op>@<group hash>": the group is the part after '@'.
        if (const qsizetype at = op.lastIndexOf(QLatin1Char('@')); at > 0)
            r.group = str(ctx, op.mid(at + 1));
        r.start = start;
        r.elapseMs = elapse;
        r.transitMs = numOr0(time.value(QStringLiteral("Transit Time(ms)")));
        r.waitMs = numOr0(time.value(QStringLiteral("Wait Time(ms)")));
        r.syncMs = numOr0(time.value(QStringLiteral("Synchronization Time(ms)")));
        r.idleMs = numOr0(time.value(QStringLiteral("Idle Time(ms)")));
        ctx.batch().commOps.push_back(r);
        const QJsonObject bw = o.value(QStringLiteral("Communication Bandwidth Info")).toObject();
        for (auto link = bw.begin(); link != bw.end(); ++link) {
            const QJsonObject l = link->toObject();
            CommBandwidthRecord b;
            b.device = device;
            b.step = r.step;
            b.type = r.type;
            b.op = r.op;
            b.transport = str(ctx, link.key());
            b.sizeMB = numOr0(l.value(QStringLiteral("Transit Size(MB)")));
            b.timeMs = numOr0(l.value(QStringLiteral("Transit Time(ms)")));
            b.bandwidthGBps = numOr0(l.value(QStringLiteral("Bandwidth(GB/s)")));
            b.largePacketRatio = numOr0(l.value(QStringLiteral("Large Packet Ratio")));
            ctx.batch().commBandwidth.push_back(b);
        }
        ++ctx.account(rel).imported;
    });
    return ctx.flushIfFull();
}

bool readCommunicationMatrix(ImportContext &ctx, const QString &path, const QString &rel, std::uint16_t device)
{
    QJsonObject root;
    if (!readJsonObject(ctx, path, rel, &root))
        return true;
    forEachCommOp(root, [&](const QString &step, const QString &type, const QString &op, const QJsonValue &value) {
        const QJsonObject links = value.toObject();
        for (auto link = links.begin(); link != links.end(); ++link) {
            FileAccount &acc = ctx.account(rel);
            ++acc.items;
            const QStringList ends = link.key().split(QLatin1Char('-'));
            bool okSrc = false, okDst = false;
            const uint src = ends.size() == 2 ? ends[0].toUInt(&okSrc) : 0;
            const uint dst = ends.size() == 2 ? ends[1].toUInt(&okDst) : 0;
            if (!okSrc || !okDst) {
                ctx.problem(rel, 0, -1, Tr::tr("A link is not named \"<source rank>-<destination rank>\"; it was "
                                               "skipped."));
                ++acc.skipped;
                continue;
            }
            const QJsonObject l = link->toObject();
            CommMatrixRecord m;
            m.device = device;
            m.step = str(ctx, step);
            m.type = str(ctx, type);
            m.op = str(ctx, op);
            m.srcRank = src;
            m.dstRank = dst;
            m.transport = str(ctx, l.value(QStringLiteral("Transport Type")).toString());
            m.sizeMB = numOr0(l.value(QStringLiteral("Transit Size(MB)")));
            m.timeMs = numOr0(l.value(QStringLiteral("Transit Time(ms)")));
            m.bandwidthGBps = numOr0(l.value(QStringLiteral("Bandwidth(GB/s)")));
            m.opName = str(ctx, l.value(QStringLiteral("Op Name")).toString());
            ctx.batch().commMatrix.push_back(m);
            ++acc.imported;
        }
    });
    return ctx.flushIfFull();
}

bool readMemoryCsv(ImportContext &ctx, const QString &path, const QString &rel, const SourceMap &map, bool module)
{
    CsvTable t;
    if (!t.open(ctx, path, rel))
        return true;
    if (!t.require(ctx, {{"Component"}, {"Timestamp(us)"}, {"Total Reserved(MB)"}}))
        return true;
    const int cComp = t.col({"Component"}), cTs = t.col({"Timestamp(us)"});
    const int cAlloc = t.col({"Total Allocated(MB)"}), cRes = t.col({"Total Reserved(MB)"}), cAct = t.col({"Total Active(MB)"});
    const int cPtr = t.col({"Stream Ptr"}), cDev = t.col({"Device Type", "Device"});
    while (t.next()) {
        MemoryRecord r;
        r.module = module;
        if (!t.rowComplete() || !usTextToNs(t.cell(cTs), &r.ts) || !saneTime(r.ts)) {
            t.skip(ctx, Tr::tr("A row has the wrong number of cells or no valid timestamp; the row was skipped."));
            continue;
        }
        r.device = deviceOfType(t.cell(cDev), map);
        r.component = ctx.str(t.cell(cComp));
        r.allocatedMB = mbOrNone(t.cell(cAlloc));
        r.reservedMB = mbOrNone(t.cell(cRes));
        r.activeMB = mbOrNone(t.cell(cAct));
        std::uint64_t ptr = 0;
        if (toUInt64(t.cell(cPtr), &ptr))
            r.streamPtr = ptr;
        ctx.batch().memory.push_back(r);
        ++t.account().imported;
        if (!ctx.flushIfFull())
            return false;
    }
    return true;
}

bool readOperatorMemory(ImportContext &ctx, const QString &path, const QString &rel, const SourceMap &map)
{
    CsvTable t;
    if (!t.open(ctx, path, rel))
        return true;
    if (!t.require(ctx, {{"Name"}, {"Size(KB)"}, {"Allocation Time(us)"}}))
        return true;
    const int cName = t.col({"Name"}), cSize = t.col({"Size(KB)"}), cAlloc = t.col({"Allocation Time(us)"});
    const int cRel = t.col({"Release Time(us)"}), cActRel = t.col({"Active Release Time(us)"});
    const int mb[6] = {t.col({"Allocation Total Allocated(MB)"}), t.col({"Allocation Total Reserved(MB)"}),
                       t.col({"Allocation Total Active(MB)"}), t.col({"Release Total Allocated(MB)"}),
                       t.col({"Release Total Reserved(MB)"}), t.col({"Release Total Active(MB)"})};
    const int cPtr = t.col({"Stream Ptr"}), cDev = t.col({"Device Type", "Device"});
    while (t.next()) {
        OpMemoryRecord r;
        double size = 0;
        if (!t.rowComplete() || !toDouble(t.cell(cSize), &size) || !usOrNone(t.cell(cAlloc), &r.allocated)
            || !usOrNone(t.cell(cRel), &r.released) || !usOrNone(t.cell(cActRel), &r.activeReleased)) {
            t.skip(ctx, Tr::tr("A row has the wrong number of cells, a non-numeric size or an invalid time; the row was "
                               "skipped."));
            continue;
        }
        r.device = deviceOfType(t.cell(cDev), map);
        r.name = ctx.str(t.cell(cName));
        r.sizeKB = size;
        double *dst[6] = {&r.allocTotalAllocatedMB, &r.allocTotalReservedMB, &r.allocTotalActiveMB,
                          &r.releaseTotalAllocatedMB, &r.releaseTotalReservedMB, &r.releaseTotalActiveMB};
        for (int i = 0; i < 6; ++i)
            *dst[i] = mbOrNone(t.cell(mb[i]));
        std::uint64_t ptr = 0;
        if (toUInt64(t.cell(cPtr), &ptr))
            r.streamPtr = ptr;
        ctx.batch().opMemory.push_back(r);
        ++t.account().imported;
        if (!ctx.flushIfFull())
            return false;
    }
    return true;
}

bool readDerivedCsv(ImportContext &ctx, const QString &path, const QString &rel)
{
    CsvTable t;
    if (!t.open(ctx, path, rel))
        return true;
    while (t.next())
        ++t.account().derived;
    return true;
}

} // namespace npuscope::importing
