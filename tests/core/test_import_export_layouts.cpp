// Export in today's layouts, checked by importing the output back with NPU Scope's own
// importer (docs/import.md) and comparing the records (task types and counts, kernels with
// their ops and PMU values, HCCL tasks per plane, collective ops, host ranges, steps), and by
// comparing names, headers and lane encoding with the real captures vendored in
// tests/data/reference/.

#include "tests/test_data.h"
#include "tests/core/test_import_fixture.h"
#include "core/exporting/prof_exporter.h"
#include "core/importing/importer.h"
#include "core/model/memory_trace.h"
#include "core/options/profiling_options.h"
#include "device/emulator.h"
#include "tests/test_trace_events.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QUrl>
#include <QtTest>
#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <sqlite3.h>
#include <tuple>

using namespace npuscope;

namespace {

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Cells of a CSV header line (no quoted names in the headers compared here).
QStringList headerOf(const QString &path)
{
    QByteArray all = readAll(path);
    const qsizetype nl = all.indexOf('\n');
    return QString::fromUtf8(all.left(nl < 0 ? all.size() : nl)).trimmed().split(QLatin1Char(','));
}

// communication.json / communication_matrix.json have the real files' shape: steps holding
// "p2p" and "collective", ops with the real op's sections and keys, "Total Op Info" with the
// real total's keys; matrix entries named "<type>-<top1|middle|bottom1..3|total>@<group>"
// whose "<src>-<dst>" links have the real links' keys. Returns the number of ops seen.
int checkCommunicationShape(const QString &ours, const QString &real)
{
    const QJsonObject o = QJsonDocument::fromJson(readAll(ours + QStringLiteral("/communication.json"))).object();
    const QJsonObject r = QJsonDocument::fromJson(readAll(real + QStringLiteral("/communication.json"))).object();
    const QJsonObject rOps = r.value(QStringLiteral("step50")).toObject().value(QStringLiteral("collective")).toObject();
    const QJsonObject rOp = rOps.value(QStringLiteral("hcom_allReduce__586_0_1@17522688603477080586")).toObject();
    const QJsonObject rTotal = rOps.value(QStringLiteral("Total Op Info")).toObject();
    const auto sec = [](const QJsonObject &x, const char *k) { return x.value(QLatin1String(k)).toObject(); };
    const QString time = QStringLiteral("Communication Time Info"), bw = QStringLiteral("Communication Bandwidth Info");
    const QStringList types = {QStringLiteral("collective"), QStringLiteral("p2p")};
    int ops = 0;
    if (o.isEmpty())
        return 0;
    for (auto step = o.begin(); step != o.end(); ++step) {
        if (!step.key().startsWith(QLatin1String("step")) || step->toObject().keys() != types)
            return -1;
        for (const QString &type : types) {
            const QJsonObject opsOf = step->toObject().value(type).toObject();
            for (auto op = opsOf.begin(); op != opsOf.end(); ++op) {
                const QJsonObject x = op->toObject();
                const bool total = op.key() == QLatin1String("Total Op Info");
                const QJsonObject &model = total ? rTotal : rOp;
                if (x.keys() != model.keys() || sec(x, "Communication Time Info").keys() != model.value(time).toObject().keys())
                    return -1;
                const QJsonObject links = x.value(bw).toObject();
                const QJsonObject modelLink = model.value(bw).toObject().value(QStringLiteral("HCCS")).toObject();
                for (auto l = links.begin(); l != links.end(); ++l)
                    if (l->toObject().keys() != modelLink.keys())
                        return -1;
                ops += !total;
            }
        }
    }
    const QJsonObject om = QJsonDocument::fromJson(readAll(ours + QStringLiteral("/communication_matrix.json"))).object();
    const QJsonObject rm = QJsonDocument::fromJson(readAll(real + QStringLiteral("/communication_matrix.json"))).object();
    const QJsonObject rmOps = rm.value(QStringLiteral("step50")).toObject().value(QStringLiteral("collective")).toObject();
    // The keys of a link of the real file's top1 and total entries (any link: each rank's
    // file holds its own row of the matrix).
    const auto firstLinkKeys = [&rmOps](const char *entry) {
        const QJsonObject links = rmOps.value(QLatin1String(entry)).toObject();
        return links.isEmpty() ? QStringList() : links.begin()->toObject().keys();
    };
    const QStringList topKeys = firstLinkKeys("allreduce-top1@17522688603477080586");
    const QStringList totalKeys = firstLinkKeys("allreduce-total@17522688603477080586");
    if (topKeys.isEmpty() || totalKeys.isEmpty())
        return -1;
    const QRegularExpression opName(QStringLiteral("^[a-z_]+-(top1|middle|bottom1|bottom2|bottom3|total)(@.+)?$"));
    const QRegularExpression linkName(QStringLiteral("^\\d+-\\d+$"));
    if (om.isEmpty())
        return -1;
    for (auto step = om.begin(); step != om.end(); ++step) {
        if (!step.key().startsWith(QLatin1String("step")) || step->toObject().keys() != types)
            return -1;
        for (const QString &type : types) {
            const QJsonObject opsOf = step->toObject().value(type).toObject();
            for (auto op = opsOf.begin(); op != opsOf.end(); ++op) {
                if (!opName.match(op.key()).hasMatch())
                    return -1;
                const QJsonObject links = op->toObject();
                for (auto l = links.begin(); l != links.end(); ++l)
                    if (!linkName.match(l.key()).hasMatch()
                        || l->toObject().keys() != (op.key().contains(QLatin1String("-total")) ? totalKeys : topKeys))
                        return -1;
            }
        }
    }
    return ops;
}

// The one file under `dir` whose name matches `pattern`.
QString findFile(const QString &dir, const QString &pattern)
{
    const QRegularExpression re(pattern);
    QStringList hits;
    QDirIterator it(dir, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString p = it.next();
        if (re.match(QFileInfo(p).fileName()).hasMatch())
            hits << p;
    }
    hits.sort();
    return hits.size() == 1 ? hits.first() : QString();
}

// A PyTorch session when `torchConfig` is given (torch_npu.profiler.profile's config as JSON).
std::unique_ptr<MemoryTrace> emulate(const QString &chip, int devices, int iterations, QString *error,
                                     const QByteArray &torchConfig = {})
{
    SessionSpec spec;
    if (!torchConfig.isEmpty()) {
        spec.framework = Framework::PyTorch;
        spec.torchProfilerConfig = torchConfig;
    }
    spec.model = QStringLiteral("alexnet");
    spec.batchSize = 32;
    spec.iterations = iterations;
    spec.devicesPerServer = devices;
    spec.chip = chip;
    spec.clockBaseUs = 1715938200000000;
    ProfilingOptions opt;
    const auto problems = ProfilingOptions::parse(
        R"({"output":"/tmp/x","training_trace":"on","task_trace":"on","hccl":"on","aicpu":"on","aic_metrics":"PipeUtilization","runtime_api":"on","msproftx":"on"})",
        &opt);
    if (!problems.empty()) {
        *error = problems.front().message;
        return nullptr;
    }
    auto trace = std::make_unique<MemoryTrace>();
    device::Emulator emu(spec, opt);
    if (emu.run(*trace) == SessionStatus::Failed) {
        *error = emu.errorString();
        return nullptr;
    }
    return trace;
}

struct Exported {
    bool ok = false;
    QString error;
    exporting::ExportResult result;
};

Exported exportTo(const TraceReader &trace, exporting::ExportLayout layout, const QString &dir)
{
    Exported e;
    exporting::ExportRequest req;
    req.layout = layout;
    req.outputDir = dir;
    exporting::ExportError kind{};
    e.ok = exporting::exportSession(trace, req, &e.result, &kind, &e.error);
    return e;
}

struct Imported {
    bool ok = false;
    QString error;
    importing::ImportReport report;
    std::unique_ptr<MemoryTrace> trace = std::make_unique<MemoryTrace>();
};

Imported importFrom(const QString &dir)
{
    Imported r;
    r.ok = importfx::importDir(dir, *r.trace, &r.report, &r.error);
    return r;
}

// An emulated 2-device alexnet session (see emulate) and its export as `layout` into
// `dir`; error says why there is none.
struct EmulatedExport {
    std::unique_ptr<MemoryTrace> original;
    Exported e;
    QString error;
};

EmulatedExport emulateAndExport(const QString &chip, int iterations, exporting::ExportLayout layout, const QString &dir,
                                const QByteArray &torchConfig = {})
{
    EmulatedExport x;
    x.original = emulate(chip, 2, iterations, &x.error, torchConfig);
    if (x.original) {
        x.e = exportTo(*x.original, layout, dir);
        x.error = x.e.error;
    }
    return x;
}

// `source` imported, exported as `layout` into `dir` and imported from there again; back.ok
// only when all three went well, error says where that stopped.
struct RoundTrip {
    Imported first;
    Exported e;
    Imported back;
    QString error;
};

RoundTrip roundTrip(const QString &source, exporting::ExportLayout layout, const QString &dir)
{
    RoundTrip r;
    r.first = importFrom(source);
    r.error = r.first.error;
    if (!r.first.ok)
        return r;
    r.e = exportTo(*r.first.trace, layout, dir);
    r.error = r.e.error;
    if (!r.e.ok)
        return r;
    r.back = importFrom(dir);
    r.error = r.back.error;
    return r;
}

// Why `back` is not a clean import in `layout` (it failed, was read as another layout, is
// not balanced, skipped rows or reported problems); empty when it is one.
QString notCleanImport(const Imported &back, const QString &layout)
{
    if (!back.ok)
        return back.error;
    if (back.report.layout != layout)
        return QStringLiteral("imported as %1").arg(back.report.layout);
    if (!back.report.balanced())
        return QStringLiteral("the report is not balanced");
    if (back.report.total().skipped != 0)
        return QStringLiteral("%1 rows skipped").arg(back.report.total().skipped);
    QString problems;
    for (const auto &p : back.report.problems)
        problems += p.file + QStringLiteral(": ") + p.reason + QLatin1Char('\n');
    return problems;
}

// fn(k) for every iteration k of `device`.
template <class Fn>
void forEachIterationOf(const TraceReader &t, std::uint16_t device, Fn fn)
{
    for (const auto &k : t.iterations())
        if (k.device == device)
            fn(k);
}

std::vector<TaskRecord> tasksOf(const TraceReader &t, std::uint16_t device)
{
    std::vector<TaskRecord> out;
    forEachIterationOf(t, device, [&](const IterationKey &k) {
        t.forEachTask(k, [&out](const TaskRecord &r) { out.push_back(r); return true; });
    });
    std::stable_sort(out.begin(), out.end(), [](const TaskRecord &a, const TaskRecord &b) {
        return a.start != b.start ? a.start < b.start : a.streamId != b.streamId ? a.streamId < b.streamId : a.taskId < b.taskId;
    });
    return out;
}

// Task type text → count, per kind too: the type mix of one device.
std::map<std::string, int> typeMix(const TraceReader &t, std::uint16_t device)
{
    std::map<std::string, int> m;
    for (const auto &r : tasksOf(t, device))
        ++m[std::string(t.taskType(r)) + "/" + taskKindName(r.kind)];
    return m;
}

std::map<std::uint32_t, int> hcclPerPlane(const TraceReader &t, std::uint16_t device)
{
    std::map<std::uint32_t, int> m;
    forEachIterationOf(t, device, [&](const IterationKey &k) {
        t.forEachHcclTask(k, [&m](const HcclTaskRecord &h) { ++m[h.plane]; return true; });
    });
    return m;
}

std::vector<CollectiveOpRecord> collectivesOf(const TraceReader &t, std::uint16_t device)
{
    std::vector<CollectiveOpRecord> out;
    forEachIterationOf(t, device, [&](const IterationKey &k) {
        t.forEachCollective(k, [&out](const CollectiveOpRecord &c) { out.push_back(c); return true; });
    });
    std::sort(out.begin(), out.end(), [](const auto &a, const auto &b) { return a.start < b.start; });
    return out;
}

std::size_t hostRangesOf(const TraceReader &t, std::uint16_t device, HostRangeRecord::Kind kind)
{
    std::size_t n = 0;
    forEachIterationOf(t, device, [&](const IterationKey &k) {
        t.forEachHostRange(k, [&](const HostRangeRecord &r) { n += r.kind == kind; return true; });
    });
    return n;
}

// Tasks per iteration, in iteration order.
std::vector<int> tasksPerIteration(const TraceReader &t, std::uint16_t device)
{
    std::map<std::uint32_t, int> m;
    forEachIterationOf(t, device, [&](const IterationKey &k) {
        t.forEachTask(k, [&](const TaskRecord &) { ++m[k.iteration]; return true; });
    });
    std::vector<int> out;
    for (const auto &[it, n] : m)
        out.push_back(n);
    return out;
}

// Every record of `b` is the record of `a` moved by one time offset per device, with the
// same types, kernels, HCCL tasks, collective ops, host ranges and steps.
// withMixBlockDim: false for the legacy layout, whose op_summary has no Mix Block Dim.
// cannKinds: false for the db layout, whose CANN_API table holds CANN ranges and runtime
// calls alike (their API level is kept, the importer reads every row as a runtime call).
// sourceWithoutOps: the source has compute tasks without a kernel description (the real
// db export's TASK rows of kernel types with no COMPUTE_TASK_INFO row); they must come
// back without one too.
void compareSessions(const TraceReader &a, const TraceReader &b, bool withSteps, bool withMixBlockDim = true,
                     bool cannKinds = true, bool sourceWithoutOps = false)
{
    QCOMPARE(b.sessionInfo().devices.size(), a.sessionInfo().devices.size());
    const QStringList colsA = sessionPmuColumns(a.sessionInfo()), colsB = sessionPmuColumns(b.sessionInfo());
    QCOMPARE(colsB, colsA);
    for (const DeviceInfo &d : a.sessionInfo().devices) {
        const std::uint16_t dev = d.id;
        QCOMPARE(typeMix(b, dev), typeMix(a, dev));
        const auto ta = tasksOf(a, dev), tb = tasksOf(b, dev);
        QCOMPARE(tb.size(), ta.size());
        QVERIFY(!ta.empty());
        const TimeNs offset = tb.front().start - ta.front().start;
        int kernels = 0;
        for (std::size_t i = 0; i < ta.size(); ++i) {
            const TaskRecord &x = ta[i], &y = tb[i];
            QCOMPARE(y.start - x.start, offset);
            QCOMPARE(y.duration, x.duration);
            QCOMPARE(y.streamId, x.streamId);
            QCOMPARE(y.taskId, x.taskId);
            QCOMPARE(y.kind, x.kind);
            if (!isComputeKind(x.kind))
                continue;
            ++kernels;
            const OpDesc *ox = a.op(x.opId), *oy = b.op(y.opId);
            if (sourceWithoutOps && !ox) {
                QVERIFY(!oy);
                continue;
            }
            QVERIFY(ox && oy);
            QCOMPARE(b.string(oy->name), a.string(ox->name));
            QCOMPARE(b.string(oy->opType), a.string(ox->opType));
            QCOMPARE(b.string(oy->inputShapes), a.string(ox->inputShapes));
            QCOMPARE(b.string(oy->outputDataTypes), a.string(ox->outputDataTypes));
            QCOMPARE(oy->blockDim, ox->blockDim);
            if (withMixBlockDim)
                QCOMPARE(oy->mixBlockDim, ox->mixBlockDim);
            QCOMPARE(y.totalCycles, x.totalCycles);
            if (isAiCoreKind(x.kind)) {
                QCOMPARE(y.pmu.size(), x.pmu.size());
                for (std::size_t m = 0; m < x.pmu.size(); ++m) {
                    if (std::isnan(x.pmu[m])) {
                        QVERIFY(std::isnan(y.pmu[m]));
                        continue;
                    }
                    // Written with three decimals; cycle counts exactly.
                    QVERIFY2(std::fabs(double(y.pmu[m]) - double(x.pmu[m])) <= 0.0005 + 1e-6 * std::fabs(double(x.pmu[m])),
                             qPrintable(QStringLiteral("%1: %2 vs %3").arg(colsA.value(int(m))).arg(y.pmu[m]).arg(x.pmu[m])));
                }
            }
        }
        QVERIFY(kernels > 0);
        QCOMPARE(hcclPerPlane(b, dev), hcclPerPlane(a, dev));
        const auto ca = collectivesOf(a, dev), cb = collectivesOf(b, dev);
        QCOMPARE(cb.size(), ca.size());
        for (std::size_t i = 0; i < ca.size(); ++i) {
            QCOMPARE(b.string(cb[i].name), a.string(ca[i].name));
            QCOMPARE(cb[i].start - ca[i].start, offset);
            QCOMPARE(cb[i].duration, ca[i].duration);
        }
        if (cannKinds) {
            for (auto kind : {HostRangeRecord::Kind::Cann, HostRangeRecord::Kind::RuntimeApi, HostRangeRecord::Kind::MsprofTx})
                QCOMPARE(hostRangesOf(b, dev, kind), hostRangesOf(a, dev, kind));
        } else {
            QCOMPARE(hostRangesOf(b, dev, HostRangeRecord::Kind::Cann) + hostRangesOf(b, dev, HostRangeRecord::Kind::RuntimeApi),
                     hostRangesOf(a, dev, HostRangeRecord::Kind::Cann) + hostRangesOf(a, dev, HostRangeRecord::Kind::RuntimeApi));
            QCOMPARE(hostRangesOf(b, dev, HostRangeRecord::Kind::MsprofTx), hostRangesOf(a, dev, HostRangeRecord::Kind::MsprofTx));
        }
        if (withSteps) {
            QCOMPARE(tasksPerIteration(b, dev), tasksPerIteration(a, dev));
            std::vector<StepTraceRecord> sa, sb;
            for (const auto &m : a.sessionInfo().models)
                for (const auto &s : a.stepTraces(dev, m.id))
                    sa.push_back(s);
            for (const auto &m : b.sessionInfo().models)
                for (const auto &s : b.stepTraces(dev, m.id))
                    sb.push_back(s);
            QCOMPARE(sb.size(), sa.size());
            for (std::size_t i = 0; i < sa.size(); ++i) {
                QCOMPARE(sb[i].iteration, sa[i].iteration);
                QCOMPARE(sb[i].fpStart - sa[i].fpStart, offset);
                QCOMPARE(sb[i].bpEnd - sa[i].bpEnd, offset);
                QCOMPARE(sb[i].iterationEnd - sa[i].iterationEnd, offset);
                QCOMPARE(sb[i].previousIterationEnd < 0, sa[i].previousIterationEnd < 0);
                QCOMPARE(sb[i].reduces.size(), sa[i].reduces.size());
            }
        }
    }
}

// Every device of `b` has the type mix, HCCL tasks per plane, number of collectives and
// tasks per iteration of the same device of `a`.
void compareCounts(const TraceReader &a, const TraceReader &b)
{
    for (const DeviceInfo &d : a.sessionInfo().devices) {
        QCOMPARE(typeMix(b, d.id), typeMix(a, d.id));
        QCOMPARE(hcclPerPlane(b, d.id), hcclPerPlane(a, d.id));
        QCOMPARE(collectivesOf(b, d.id).size(), collectivesOf(a, d.id).size());
        QCOMPARE(tasksPerIteration(b, d.id), tasksPerIteration(a, d.id));
    }
}

// Every HCCL task of a device with what the db layout keeps of it.
std::vector<std::tuple<std::uint32_t, std::string, TimeNs, TimeNs, std::uint32_t, std::uint32_t, std::uint64_t, std::string>>
hcclTasksOf(const TraceReader &t, std::uint16_t device, TimeNs offset)
{
    std::vector<std::tuple<std::uint32_t, std::string, TimeNs, TimeNs, std::uint32_t, std::uint32_t, std::uint64_t, std::string>> out;
    forEachIterationOf(t, device, [&](const IterationKey &k) {
        t.forEachHcclTask(k, [&](const HcclTaskRecord &h) {
            out.emplace_back(h.plane, std::string(t.string(h.name)), h.start + offset, h.duration, h.streamId, h.dstRank,
                             h.sizeBytes, std::string(t.string(h.linkType)));
            return true;
        });
    });
    std::sort(out.begin(), out.end());
    return out;
}

// A database read with the SQLite C API: its tables, their columns (name, declared type,
// primary key) and the rows of a query as text.
struct DbFile {
    sqlite3 *db = nullptr;
    // Opened immutable: reading a WAL-mode file (the real ones are) must not leave -wal or
    // -shm files beside it.
    explicit DbFile(const QString &path)
    {
        const QByteArray uri = "file:" + QUrl::toPercentEncoding(QFileInfo(path).absoluteFilePath(), "/") + "?immutable=1";
        if (sqlite3_open_v2(uri.constData(), &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nullptr) != SQLITE_OK) {
            sqlite3_close(db);
            db = nullptr;
        }
    }
    ~DbFile() { sqlite3_close(db); }
    std::vector<QStringList> rows(const QString &sql) const
    {
        std::vector<QStringList> out;
        sqlite3_stmt *s = nullptr;
        if (!db || sqlite3_prepare_v2(db, sql.toUtf8().constData(), -1, &s, nullptr) != SQLITE_OK)
            return out;
        while (sqlite3_step(s) == SQLITE_ROW) {
            QStringList r;
            for (int c = 0; c < sqlite3_column_count(s); ++c)
                r << (sqlite3_column_type(s, c) == SQLITE_NULL ? QStringLiteral("<null>")
                                                              : QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_column_text(s, c))));
            out.push_back(r);
        }
        sqlite3_finalize(s);
        return out;
    }
    QStringList tables() const
    {
        QStringList t;
        for (const auto &r : rows(QStringLiteral("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")))
            t << r.at(0);
        return t;
    }
    // "name TYPE [pk]" per column, in order.
    QStringList columns(const QString &table) const
    {
        QStringList c;
        for (const auto &r : rows(QStringLiteral("SELECT name, upper(type), pk FROM pragma_table_info('%1')").arg(table)))
            c << r.at(0) + QLatin1Char(' ') + r.at(1) + (r.at(2) != QLatin1String("0") ? QStringLiteral(" pk") : QString());
        return c;
    }
};

// `trace` exported as db, imported and exported again: the same tables (among them
// `expected`), row for row (TASK aside: today's layouts are imported as one model).
void keepsDbTables(const TraceReader &trace, const QStringList &expected)
{
    QTemporaryDir tmp;
    const Exported first = exportTo(trace, exporting::ExportLayout::Db, tmp.filePath(QStringLiteral("first")));
    QVERIFY2(first.ok, qPrintable(first.error));
    const Imported back = importFrom(tmp.filePath(QStringLiteral("first")));
    QVERIFY2(back.ok, qPrintable(back.error));
    const Exported second = exportTo(*back.trace, exporting::ExportLayout::Db, tmp.filePath(QStringLiteral("second")));
    QVERIFY2(second.ok, qPrintable(second.error));
    QCOMPARE(second.result.dirs.size(), first.result.dirs.size());
    for (qsizetype d = 0; d < first.result.dirs.size(); ++d) {
        const DbFile x(findFile(first.result.dirs.at(d), QStringLiteral("^msprof_\\d{14}\\.db$")));
        const DbFile y(findFile(second.result.dirs.at(d), QStringLiteral("^msprof_\\d{14}\\.db$")));
        QCOMPARE(y.tables(), x.tables());
        for (const QString &t : expected)
            QVERIFY2(x.tables().contains(t), qPrintable(t));
        for (const QString &t : x.tables()) {
            const QString all = QStringLiteral("SELECT * FROM \"%1\" ORDER BY rowid").arg(t);
            if (t != QLatin1String("TASK"))
                QVERIFY2(y.rows(all) == x.rows(all), qPrintable(t));
        }
    }
}

// The pid of every lane that names one encodes its sort index in bits 5..9.
void checkLaneEncoding(const QString &path, std::set<QString> *processes)
{
    const QJsonArray events = QJsonDocument::fromJson(readAll(path)).array();
    QVERIFY(!events.isEmpty());
    std::map<qint64, QString> names;
    std::map<qint64, qint64> sorts;
    for (const QJsonObject &e : testtrace::ofPhase(events, QLatin1String("M"))) {
        const qint64 pid = e.value(QStringLiteral("pid")).toInteger();
        if (e.value(QStringLiteral("name")).toString() == QLatin1String("process_name"))
            names[pid] = e.value(QStringLiteral("args")).toObject().value(QStringLiteral("name")).toString();
        if (e.value(QStringLiteral("name")).toString() == QLatin1String("process_sort_index"))
            sorts[pid] = e.value(QStringLiteral("args")).toObject().value(QStringLiteral("sort_index")).toInteger();
    }
    for (const auto &[pid, name] : names) {
        processes->insert(name);
        if (name == QLatin1String("Python"))
            continue; // the framework lane has the process's own pid
        QVERIFY2(sorts.count(pid), qPrintable(name));
        QCOMPARE((pid >> 5) & 31, sorts[pid]);
    }
}

} // namespace

class ExportLayouts : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        NPUSCOPE_REQUIRE_DATA(testdata::torchText910b());
    }

    void layoutNames()
    {
        exporting::ExportLayout l{};
        QVERIFY(exporting::exportLayoutFromName(QStringLiteral("msprof"), &l));
        QCOMPARE(l, exporting::ExportLayout::Msprof);
        QVERIFY(exporting::exportLayoutFromName(QStringLiteral("legacy"), &l));
        QCOMPARE(l, exporting::ExportLayout::Legacy);
        QVERIFY(exporting::exportLayoutFromName(QStringLiteral("db"), &l));
        QCOMPARE(l, exporting::ExportLayout::Db);
        QVERIFY(!exporting::exportLayoutFromName(QStringLiteral("prof"), &l));
        for (const QString &n : exporting::exportLayoutNames()) {
            QVERIFY(exporting::exportLayoutFromName(n, &l));
            QCOMPARE(exporting::exportLayoutNames().at(int(l)), n);
        }
    }

    // An emulated 2-device 910B session: msprof export → import → the same records.
    void msprofRoundTrip910B()
    {
        QTemporaryDir tmp;
        const auto &[original, e, error] = emulateAndExport(QStringLiteral("910B"), 3, exporting::ExportLayout::Msprof, tmp.filePath(QStringLiteral("out")));
        QVERIFY2(original && e.ok, qPrintable(error));
        // One PROF_* per device, each with its device files and the exported files.
        QCOMPARE(e.result.dirs.size(), 2);
        for (int d = 0; d < 2; ++d) {
            const QString dir = e.result.dirs.at(d);
            QVERIFY(QFileInfo(dir).fileName().startsWith(QStringLiteral("PROF_00000%1_").arg(d + 1)));
            QVERIFY(QFile::exists(dir + QStringLiteral("/device_%1/info.json.%1").arg(d)));
            for (const char *kind : {"msprof_\\d{14}\\.json", "op_summary_\\d{14}\\.csv", "op_statistic_\\d{14}\\.csv",
                                     "task_time_\\d{14}\\.csv", "step_trace_\\d{14}\\.csv", "step_trace_\\d{14}\\.json"})
                QVERIFY2(!findFile(dir + QStringLiteral("/mindstudio_profiler_output"), QStringLiteral("^%1$").arg(QLatin1String(kind))).isEmpty(), kind);
        }
        const Imported back = importFrom(tmp.filePath(QStringLiteral("out")));
        const QString unclean = notCleanImport(back, QStringLiteral("mindstudio"));
        QVERIFY2(unclean.isEmpty(), qPrintable(unclean));
        compareSessions(*original, *back.trace, true);

        // Export → import → export: the second export holds the same files, row for row.
        QTemporaryDir tmp2;
        const Exported again = exportTo(*back.trace, exporting::ExportLayout::Msprof, tmp2.path());
        QVERIFY2(again.ok, qPrintable(again.error));
        QCOMPARE(again.result.files.size(), e.result.files.size());
        QCOMPARE(again.result.dirs.size(), e.result.dirs.size());
        // Model ID: today's layouts are imported as one model (docs/import.md).
        auto withoutModel = [](const QByteArray &csv) {
            QList<QByteArray> lines = csv.split('\n');
            const int m = int(lines.value(0).split(',').indexOf("Model ID"));
            for (auto &l : lines) {
                QList<QByteArray> cells = l.split(',');
                if (m >= 0 && m < cells.size())
                    cells[m] = "-";
                l = cells.join(',');
            }
            return lines;
        };
        int compared = 0;
        for (qsizetype d = 0; d < e.result.dirs.size(); ++d) {
            QDirIterator it(e.result.dirs.at(d) + QStringLiteral("/mindstudio_profiler_output"), {QStringLiteral("*.csv")}, QDir::Files);
            while (it.hasNext()) {
                const QString path = it.next();
                const QString other = again.result.dirs.at(d) + QStringLiteral("/mindstudio_profiler_output/") + it.fileName();
                QVERIFY2(QFile::exists(other), qPrintable(other));
                QCOMPARE(withoutModel(readAll(other)), withoutModel(readAll(path)));
                ++compared;
            }
        }
        QCOMPARE(compared, 2 * 4);
        // The timelines hold the same events (model ids aside).
        for (qsizetype d = 0; d < e.result.dirs.size(); ++d) {
            const auto events = [](const QString &dir) {
                QStringList out;
                const QJsonArray a = QJsonDocument::fromJson(readAll(findFile(dir, QStringLiteral("^msprof_\\d{14}\\.json$")))).array();
                for (const auto &v : a) {
                    QJsonObject e = v.toObject();
                    QJsonObject args = e.value(QStringLiteral("args")).toObject();
                    for (const char *k : {"Model Id", "model id", "Model Name"})
                        args.remove(QLatin1String(k));
                    e.insert(QStringLiteral("args"), args);
                    out << QString::fromUtf8(QJsonDocument(e).toJson(QJsonDocument::Compact));
                }
                out.sort();
                return out;
            };
            const QStringList first = events(e.result.dirs.at(d)), second = events(again.result.dirs.at(d));
            QVERIFY(first.size() > 100);
            QCOMPARE(second, first);
        }
    }

    // A real capture imported, exported as msprof and imported again keeps its records.
    void msprofRoundTripOfRealCapture()
    {
        QTemporaryDir tmp;
        const auto &[first, e, back, error] =
            roundTrip(testdata::torchText910b(), exporting::ExportLayout::Msprof, tmp.path());
        QVERIFY2(back.ok, qPrintable(error));
        QCOMPARE(e.result.dirs.size(), 2);
        QCOMPARE(back.report.total().skipped, std::uint64_t(0));
        compareSessions(*first.trace, *back.trace, false);
    }

    // Names, headers and lane encoding as in the real files.
    void msprofMatchesTheRealFiles()
    {
        QTemporaryDir tmp;
        const auto &[original, e, error] = emulateAndExport(QStringLiteral("910B"), 2, exporting::ExportLayout::Msprof, tmp.path());
        QVERIFY2(original && e.ok, qPrintable(error));
        const QString out = e.result.dirs.first() + QStringLiteral("/mindstudio_profiler_output");
        const QString real = testdata::reference(QStringLiteral("ascend910b-torchnpu-text-alexnet/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT"));

        // op_summary: msprof's column names where torch_npu renamed them, then the PMU
        // metric columns of the real 910B kernel_details.csv, in its order.
        const QStringList kernel = headerOf(real + QStringLiteral("/kernel_details.csv"));
        const QStringList summary = headerOf(findFile(out, QStringLiteral("^op_summary_\\d{14}\\.csv$")));
        const QStringList renamed = {QStringLiteral("Device_id"), QStringLiteral("Model ID"), QStringLiteral("Task ID"),
                                     QStringLiteral("Stream ID"), QStringLiteral("Op Name"), QStringLiteral("OP Type"),
                                     QStringLiteral("OP State"), QStringLiteral("Task Type"), QStringLiteral("Task Start Time(us)"),
                                     QStringLiteral("Task Duration(us)"), QStringLiteral("Task Wait Time(us)"), QStringLiteral("Block Num"),
                                     QStringLiteral("Mix Block Num")};
        QCOMPARE(summary.mid(0, renamed.size()), renamed);
        const qsizetype realMetrics = kernel.indexOf(QStringLiteral("Context ID")) + 1;
        QVERIFY(realMetrics > 0);
        const qsizetype ourMetrics = summary.indexOf(QStringLiteral("Context ID")) + 1;
        QCOMPARE(summary.mid(ourMetrics), kernel.mid(realMetrics));
        QCOMPARE(summary.mid(renamed.size(), ourMetrics - renamed.size()),
                 kernel.mid(kernel.indexOf(QStringLiteral("HF32 Eligible")), realMetrics - kernel.indexOf(QStringLiteral("HF32 Eligible"))));
        // op_statistic: the real columns after msprof's Device_id.
        const QStringList stat = headerOf(findFile(out, QStringLiteral("^op_statistic_\\d{14}\\.csv$")));
        QCOMPARE(stat.first(), QStringLiteral("Device_id"));
        QCOMPARE(stat.mid(1), headerOf(real + QStringLiteral("/op_statistic.csv")));

        // Lanes: pid bits 5..9 hold the lane's sort index in the real file and in ours; the
        // lane names are the real ones (msprof calls torch_npu's HCCL lane Communication).
        std::set<QString> realLanes, ourLanes;
        checkLaneEncoding(real + QStringLiteral("/trace_view.json"), &realLanes);
        checkLaneEncoding(findFile(out, QStringLiteral("^msprof_\\d{14}\\.json$")), &ourLanes);
        realLanes.insert(QStringLiteral("Communication"));
        realLanes.insert(QStringLiteral("MsprofTx"));
        for (const QString &l : ourLanes)
            QVERIFY2(realLanes.count(l), qPrintable(l));
        QVERIFY(ourLanes.count(QStringLiteral("Ascend Hardware")) && ourLanes.count(QStringLiteral("Communication"))
                && ourLanes.count(QStringLiteral("CANN")) && ourLanes.count(QStringLiteral("Overlap Analysis")));
    }

    // An emulated 2-device 910B session: torch_npu export → import → the same records.
    void torchNpuRoundTrip910B()
    {
        QTemporaryDir tmp;
        const auto &[original, e, error] = emulateAndExport(QStringLiteral("910B"), 3, exporting::ExportLayout::TorchNpu, tmp.path());
        QVERIFY2(original && e.ok, qPrintable(error));
        QCOMPARE(e.result.dirs.size(), 2);
        for (int d = 0; d < 2; ++d) {
            const QString dir = e.result.dirs.at(d);
            QVERIFY2(QRegularExpression(QStringLiteral("^.+_\\d+_rank%1_\\d{17}_ascend_pt$").arg(d)).match(QFileInfo(dir).fileName()).hasMatch(),
                     qPrintable(dir));
            QVERIFY(QFile::exists(dir + QStringLiteral("/profiler_info_%1.json").arg(d)));
            for (const char *f : {"trace_view.json", "kernel_details.csv", "op_statistic.csv", "step_trace_time.csv"})
                QVERIFY2(QFile::exists(dir + QStringLiteral("/ASCEND_PROFILER_OUTPUT/") + QLatin1String(f)), f);
        }
        const Imported back = importFrom(tmp.path());
        const QString unclean = notCleanImport(back, QStringLiteral("framework text"));
        QVERIFY2(unclean.isEmpty(), qPrintable(unclean));
        // Step traces are not a file of this layout; the steps come back from the kernels'
        // Step Id, the step time breakdown as step_trace_time.csv rows.
        compareSessions(*original, *back.trace, false);
        QCOMPARE(back.trace->stepTimes().size(), std::size_t(2 * 3));

        // Export → import → export: the same files (times and all).
        QTemporaryDir tmp2;
        const Exported again = exportTo(*back.trace, exporting::ExportLayout::TorchNpu, tmp2.path());
        QVERIFY2(again.ok, qPrintable(again.error));
        QCOMPARE(again.result.dirs.size(), 2);
        for (qsizetype d = 0; d < 2; ++d)
            for (const char *f : {"kernel_details.csv", "op_statistic.csv", "step_trace_time.csv"}) {
                const QString rel = QStringLiteral("/ASCEND_PROFILER_OUTPUT/") + QLatin1String(f);
                QList<QByteArray> first = readAll(e.result.dirs.at(d) + rel).split('\n'), second = readAll(again.result.dirs.at(d) + rel).split('\n');
                if (QLatin1String(f) == QLatin1String("kernel_details.csv")) {
                    // Model ID: today's layouts are imported as one model (docs/import.md).
                    for (auto *lines : {&first, &second})
                        for (auto &l : *lines) {
                            QList<QByteArray> cells = l.split(',');
                            if (cells.size() > 1)
                                cells[1] = "-";
                            l = cells.join(',');
                        }
                }
                QVERIFY(first.size() > 2);
                QCOMPARE(second, first);
            }
    }

    // The real capture: import → torch_npu export → import keeps the records, and a second
    // export writes the kernel table, statistics and step times of the real files again.
    void torchNpuRoundTripOfRealCapture()
    {
        const QString realDir = testdata::torchText910b();
        QTemporaryDir tmp;
        const auto &[first, e, back, error] = roundTrip(realDir, exporting::ExportLayout::TorchNpu, tmp.path());
        QVERIFY2(back.ok, qPrintable(error));
        QCOMPARE(e.result.dirs.size(), 2);
        QCOMPARE(back.report.total().skipped, std::uint64_t(0));
        compareSessions(*first.trace, *back.trace, false);
        // Step ids and step times as the real files have them.
        for (const DeviceInfo &d : first.trace->sessionInfo().devices)
            QCOMPARE(tasksPerIteration(*back.trace, d.id), tasksPerIteration(*first.trace, d.id));
        QCOMPARE(back.trace->stepTimes().size(), first.trace->stepTimes().size());
        for (int rank = 0; rank < 2; ++rank) {
            const QString real = realDir + QStringLiteral("/rank%1_ascend_pt/ASCEND_PROFILER_OUTPUT/").arg(rank);
            const QString ours = e.result.dirs.at(rank) + QStringLiteral("/ASCEND_PROFILER_OUTPUT/");
            for (const char *f : {"kernel_details.csv", "op_statistic.csv", "step_trace_time.csv"})
                QCOMPARE(headerOf(ours + QLatin1String(f)), headerOf(real + QLatin1String(f)));
            // The kernel rows of the real file, cell for cell but for the start time's
            // printing (µs with three decimals) and the Wait Time msprof computes.
            const auto rows = [](const QString &path) {
                QList<QByteArray> lines = readAll(path).split('\n');
                lines.removeAll(QByteArray());
                return lines.size();
            };
            QCOMPARE(rows(ours + QStringLiteral("kernel_details.csv")), rows(real + QStringLiteral("kernel_details.csv")));
            // communication.json / communication_matrix.json: the real files' ops, links and
            // figures ("Size Distribution" is not kept and comes back empty).
            QCOMPARE(checkCommunicationShape(ours, real), 4);
            for (const char *f : {"communication.json", "communication_matrix.json"}) {
                const QJsonObject o = QJsonDocument::fromJson(readAll(ours + QLatin1String(f))).object();
                const QJsonObject r = QJsonDocument::fromJson(readAll(real + QLatin1String(f))).object();
                QCOMPARE(o.keys(), r.keys());
                for (const QString &step : r.keys())
                    for (const char *type : {"p2p", "collective"}) {
                        const QJsonObject ro = r.value(step).toObject().value(QLatin1String(type)).toObject();
                        const QJsonObject oo = o.value(step).toObject().value(QLatin1String(type)).toObject();
                        QCOMPARE(oo.keys(), ro.keys());
                        for (const QString &op : ro.keys()) {
                            const QJsonObject ra = ro.value(op).toObject(), oa = oo.value(op).toObject();
                            QCOMPARE(oa.keys(), ra.keys());
                            for (const QString &k : ra.keys()) {
                                // Matrix links hold numbers; ops hold the time info and per-link figures.
                                const QJsonObject rs = ra.value(k).toObject(), os = oa.value(k).toObject();
                                for (const QString &n : rs.keys()) {
                                    if (rs.value(n).isDouble()) {
                                        QVERIFY2(std::abs(os.value(n).toDouble() - rs.value(n).toDouble())
                                                     <= 1e-6 * std::max(1.0, std::abs(rs.value(n).toDouble())),
                                                 qPrintable(QStringLiteral("%1 %2 %3 %4").arg(QLatin1String(f), op, k, n)));
                                    } else if (rs.value(n).isObject() && n != QLatin1String("Size Distribution")) {
                                        const QJsonObject rl = rs.value(n).toObject(), ol = os.value(n).toObject();
                                        QCOMPARE(ol.keys(), rl.keys());
                                        for (const QString &m : rl.keys())
                                            if (rl.value(m).isDouble())
                                                QVERIFY2(std::abs(ol.value(m).toDouble() - rl.value(m).toDouble())
                                                             <= 1e-6 * std::max(1.0, std::abs(rl.value(m).toDouble())),
                                                         qPrintable(QStringLiteral("%1 %2 %3 %4 %5").arg(QLatin1String(f), op, k, n, m)));
                                    } else if (rs.value(n).isString()) {
                                        QCOMPARE(os.value(n).toString(), rs.value(n).toString());
                                    }
                                }
                            }
                        }
                    }
            }
        }
        // Export → import → export keeps them: the second export writes the same files.
        QTemporaryDir tmp2;
        const Exported again = exportTo(*back.trace, exporting::ExportLayout::TorchNpu, tmp2.path());
        QVERIFY2(again.ok, qPrintable(again.error));
        for (int rank = 0; rank < 2; ++rank)
            for (const char *f : {"communication.json", "communication_matrix.json"}) {
                const QString rel = QStringLiteral("/ASCEND_PROFILER_OUTPUT/") + QLatin1String(f);
                const QByteArray a = readAll(e.result.dirs.at(rank) + rel), b = readAll(again.result.dirs.at(rank) + rel);
                QVERIFY(!a.isEmpty());
                QCOMPARE(QJsonDocument::fromJson(b), QJsonDocument::fromJson(a));
            }
    }

    void torchNpuMatchesTheRealFiles()
    {
        QTemporaryDir tmp;
        const auto &[original, e, error] = emulateAndExport(QStringLiteral("910B"), 2, exporting::ExportLayout::TorchNpu, tmp.path());
        QVERIFY2(original && e.ok, qPrintable(error));
        const QString real = testdata::reference(QStringLiteral("ascend910b-torchnpu-text-alexnet/rank0_ascend_pt"));
        const QString ours = e.result.dirs.first();
        for (const char *f : {"kernel_details.csv", "op_statistic.csv", "step_trace_time.csv"})
            QCOMPARE(headerOf(ours + QStringLiteral("/ASCEND_PROFILER_OUTPUT/") + QLatin1String(f)),
                     headerOf(real + QStringLiteral("/ASCEND_PROFILER_OUTPUT/") + QLatin1String(f)));
        std::set<QString> realLanes, ourLanes;
        checkLaneEncoding(real + QStringLiteral("/ASCEND_PROFILER_OUTPUT/trace_view.json"), &realLanes);
        checkLaneEncoding(ours + QStringLiteral("/ASCEND_PROFILER_OUTPUT/trace_view.json"), &ourLanes);
        realLanes.insert(QStringLiteral("MsprofTx"));
        for (const QString &l : ourLanes)
            QVERIFY2(realLanes.count(l), qPrintable(l));
        // The lanes the real capture has sort where the real ones do.
        const auto sortOf = [](const QString &path) {
            std::map<QString, qint64> out;
            std::map<qint64, QString> names;
            const QJsonArray a = QJsonDocument::fromJson(readAll(path)).array();
            for (const auto &v : a) {
                const QJsonObject e = v.toObject();
                if (e.value(QStringLiteral("name")).toString() == QLatin1String("process_name"))
                    names[e.value(QStringLiteral("pid")).toInteger()] = e.value(QStringLiteral("args")).toObject().value(QStringLiteral("name")).toString();
            }
            for (const auto &v : a) {
                const QJsonObject e = v.toObject();
                if (e.value(QStringLiteral("name")).toString() == QLatin1String("process_sort_index"))
                    out[names[e.value(QStringLiteral("pid")).toInteger()]] = e.value(QStringLiteral("args")).toObject().value(QStringLiteral("sort_index")).toInteger();
            }
            return out;
        };
        const auto realSort = sortOf(real + QStringLiteral("/ASCEND_PROFILER_OUTPUT/trace_view.json"));
        const auto ourSort = sortOf(ours + QStringLiteral("/ASCEND_PROFILER_OUTPUT/trace_view.json"));
        for (const char *l : {"Ascend Hardware", "HCCL", "CANN", "Overlap Analysis"}) {
            QVERIFY2(ourSort.count(QLatin1String(l)), l);
            QCOMPARE(ourSort.at(QLatin1String(l)), realSort.at(QLatin1String(l)));
        }
        // profiler_info: the keys the real file has at its top level and in its sections.
        const QJsonObject ri = QJsonDocument::fromJson(readAll(real + QStringLiteral("/profiler_info_0.json"))).object();
        const QJsonObject oi = QJsonDocument::fromJson(readAll(ours + QStringLiteral("/profiler_info_0.json"))).object();
        QCOMPARE(oi.keys(), ri.keys());
        for (const char *k : {"start_info", "end_info"})
            QCOMPARE(oi.value(QLatin1String(k)).toObject().keys(), ri.value(QLatin1String(k)).toObject().keys());
        QCOMPARE(oi.value(QStringLiteral("rank_id")).toInt(-1), 0);
        // profiler_metadata: the same environment variables as the real file records.
        const QJsonObject rm = QJsonDocument::fromJson(readAll(real + QStringLiteral("/profiler_metadata.json"))).object();
        const QJsonObject om = QJsonDocument::fromJson(readAll(ours + QStringLiteral("/profiler_metadata.json"))).object();
        QVERIFY(!rm.isEmpty());
        QCOMPARE(om.keys(), rm.keys());
        QCOMPARE(om.value(QStringLiteral("ENV_VARIABLES")).toObject().keys(), rm.value(QStringLiteral("ENV_VARIABLES")).toObject().keys());

        // communication.json and communication_matrix.json of each rank, derived from the
        // collectives and HCCL tasks, in the real files' shape.
        for (const QString &dir : e.result.dirs) {
            const int ops = checkCommunicationShape(dir + QStringLiteral("/ASCEND_PROFILER_OUTPUT"), real + QStringLiteral("/ASCEND_PROFILER_OUTPUT"));
            QVERIFY2(ops > 0, qPrintable(dir));
        }
    }

    // The legacy layout keeps a 910B session too: op_summary's Task Type tells the vector
    // and mixed kernels from the cube ones (the timeline says AI_CORE for all), the
    // recorded aicore_time(us) fills the fixed column once, and the aic_*/aiv_* times are
    // written as recorded.
    void legacyRoundTrip910B()
    {
        QTemporaryDir tmp;
        const auto &[original, e, error] = emulateAndExport(QStringLiteral("910B"), 3, exporting::ExportLayout::Legacy, tmp.path());
        QVERIFY2(original && e.ok, qPrintable(error));
        const QStringList header = headerOf(findFile(e.result.profDir, QStringLiteral("^op_summary_0_1_1\\.csv$")));
        QCOMPARE(header.count(QStringLiteral("aicore_time(us)")), 1);
        const Imported back = importFrom(e.result.profDir);
        QVERIFY2(back.ok, qPrintable(back.error));
        QCOMPARE(back.report.layout, QStringLiteral("legacy"));
        QCOMPARE(back.report.total().skipped, std::uint64_t(0));
        compareSessions(*original, *back.trace, true, false);
        // Export → import → export: the same files.
        QTemporaryDir tmp2;
        const Exported again = exportTo(*back.trace, exporting::ExportLayout::Legacy, tmp2.path());
        QVERIFY2(again.ok, qPrintable(again.error));
        QCOMPARE(again.result.files, e.result.files);
        for (const QString &rel : e.result.files) {
            if (rel.contains(QStringLiteral("info")))
                continue; // the session's identity (letters, host facts) differs, not the data
            QCOMPARE(readAll(again.result.profDir + QLatin1Char('/') + rel), readAll(e.result.profDir + QLatin1Char('/') + rel));
        }
    }

    // An emulated 2-device 910B session: db export → import → the same records; a second
    // export writes the same databases, table for table and row for row.
    void dbRoundTrip910B()
    {
        QTemporaryDir tmp;
        const auto &[original, e, error] = emulateAndExport(QStringLiteral("910B"), 3, exporting::ExportLayout::Db, tmp.filePath(QStringLiteral("out")));
        QVERIFY2(original && e.ok, qPrintable(error));
        // One PROF_* per device: its device files and msprof_<time>.db at its top.
        QCOMPARE(e.result.dirs.size(), 2);
        QStringList dbs;
        for (int d = 0; d < 2; ++d) {
            const QString dir = e.result.dirs.at(d);
            QVERIFY(QFileInfo(dir).fileName().startsWith(QStringLiteral("PROF_00000%1_").arg(d + 1)));
            QVERIFY(QFile::exists(dir + QStringLiteral("/device_%1/info.json.%1").arg(d)));
            const QStringList here = QDir(dir).entryList(QDir::Files | QDir::Hidden);
            QCOMPARE(here.size(), 1);
            QVERIFY2(QRegularExpression(QStringLiteral("^msprof_\\d{14}\\.db$")).match(here.first()).hasMatch(), qPrintable(here.first()));
            dbs << dir + QLatin1Char('/') + here.first();
            const DbFile db(dbs.last());
            // One device per database, its text in STRING_IDS.
            QCOMPARE(db.rows(QStringLiteral("SELECT DISTINCT deviceId FROM TASK")), (std::vector<QStringList>{{QString::number(d)}}));
            QCOMPARE(db.rows(QStringLiteral("SELECT count(*) FROM TASK WHERE taskType NOT IN (SELECT id FROM STRING_IDS)")).at(0).at(0), QStringLiteral("0"));
            QCOMPARE(db.rows(QStringLiteral("SELECT count(*) FROM COMPUTE_TASK_INFO WHERE name NOT IN (SELECT id FROM STRING_IDS) "
                                            "OR globalTaskId NOT IN (SELECT globalTaskId FROM TASK)")).at(0).at(0), QStringLiteral("0"));
            QCOMPARE(db.rows(QStringLiteral("SELECT count(*) FROM COMMUNICATION_TASK_INFO WHERE opId NOT IN (SELECT opId FROM COMMUNICATION_OP)")).at(0).at(0),
                     QStringLiteral("0"));
            QCOMPARE(db.rows(QStringLiteral("SELECT value FROM META_DATA WHERE name = 'SCHEMA_VERSION'")).at(0).at(0), QStringLiteral("1.0.0"));
        }
        const Imported back = importFrom(tmp.filePath(QStringLiteral("out")));
        const QString unclean = notCleanImport(back, QStringLiteral("msprof db"));
        QVERIFY2(unclean.isEmpty(), qPrintable(unclean));
        compareSessions(*original, *back.trace, false, true, false);
        for (const DeviceInfo &d : original->sessionInfo().devices) {
            // Iterations come back from STEP_TIME; HCCL tasks with their plane, stream,
            // peer, size and link.
            QCOMPARE(tasksPerIteration(*back.trace, d.id), tasksPerIteration(*original, d.id));
            const auto ta = tasksOf(*original, d.id), tb = tasksOf(*back.trace, d.id);
            const TimeNs offset = tb.front().start - ta.front().start;
            QCOMPARE(hcclTasksOf(*back.trace, d.id, 0), hcclTasksOf(*original, d.id, offset));
            QVERIFY(!hcclTasksOf(*original, d.id, 0).empty());
            // Kernel names and task types, task by task.
            for (std::size_t i = 0; i < ta.size(); ++i)
                QCOMPARE(back.trace->taskType(tb[i]), original->taskType(ta[i]));
        }

        // Export → import → export: the same databases.
        QTemporaryDir tmp2;
        const Exported again = exportTo(*back.trace, exporting::ExportLayout::Db, tmp2.path());
        QVERIFY2(again.ok, qPrintable(again.error));
        QCOMPARE(again.result.dirs.size(), 2);
        for (int d = 0; d < 2; ++d) {
            const QString second = again.result.dirs.at(d) + QLatin1Char('/') + QFileInfo(dbs.at(d)).fileName();
            QVERIFY2(QFile::exists(second), qPrintable(second));
            const DbFile x(dbs.at(d)), y(second);
            QCOMPARE(y.tables(), x.tables());
            for (const QString &t : x.tables()) {
                const QString all = QStringLiteral("SELECT * FROM \"%1\" ORDER BY rowid").arg(t);
                if (t == QLatin1String("TASK"))
                    // Model ID: today's layouts are imported as one model (docs/import.md).
                    QCOMPARE(y.rows(all).size(), x.rows(all).size());
                else
                    QVERIFY2(y.rows(all) == x.rows(all), qPrintable(t));
            }
            QCOMPARE(y.rows(QStringLiteral("SELECT startNs, endNs, deviceId, globalTaskId, taskType, streamId, taskId FROM TASK")),
                     x.rows(QStringLiteral("SELECT startNs, endNs, deviceId, globalTaskId, taskType, streamId, taskId FROM TASK")));
        }
    }

    // The tables, their columns (names, declared types, keys) and the enumerations are
    // those of the real files: the torch_npu capture's ascend_pytorch_profiler_0.db and
    // msprof's msprof_0.db (for MSTX_EVENTS). MindStudio Insight, the viewer these test
    // files were taken from, adds columns when it opens a file (depth, waitNs; its own
    // tables OVERLAP_ANALYSIS, status_info, connectionCats); msprof writes none of them
    // (analysis/csrc/application/database/msprof_db.cpp), so they are left out of the
    // comparison.
    void dbMatchesTheRealFiles()
    {
        const QString realPath = testdata::reference(QStringLiteral("ascend910b-torchnpu-db-alexnet/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/ascend_pytorch_profiler_0.db"));
        const QString msprofPath = testdata::reference(QStringLiteral("msprof-db-schema-fixture/msprof_0.db"));
        NPUSCOPE_REQUIRE_DATA(realPath, msprofPath);
        QTemporaryDir tmp;
        const auto &[original, e, error] = emulateAndExport(QStringLiteral("910B"), 2, exporting::ExportLayout::Db, tmp.path());
        QVERIFY2(original && e.ok, qPrintable(error));
        const QString ourPath = findFile(e.result.dirs.first(), QStringLiteral("^msprof_\\d{14}\\.db$"));
        QVERIFY(!ourPath.isEmpty());
        const DbFile ours(ourPath), real(realPath), msprof(msprofPath);
        const auto withoutViewerColumns = [](QStringList cols) {
            cols.removeIf([](const QString &c) { return c.startsWith(QLatin1String("depth ")) || c.startsWith(QLatin1String("waitNs ")); });
            return cols;
        };
        const QStringList realTables = real.tables(), msprofTables = msprof.tables();
        int compared = 0;
        for (const QString &t : ours.tables()) {
            const bool inReal = realTables.contains(t);
            QVERIFY2(inReal || msprofTables.contains(t), qPrintable(t));
            const QStringList expected = withoutViewerColumns(inReal ? real.columns(t) : msprof.columns(t));
            QVERIFY2(ours.columns(t) == expected,
                     qPrintable(t + QStringLiteral(": ") + ours.columns(t).join(QStringLiteral(", ")) + QStringLiteral(" vs ")
                                + expected.join(QStringLiteral(", "))));
            if (t.startsWith(QLatin1String("ENUM_")))
                QCOMPARE(ours.rows(QStringLiteral("SELECT id, name FROM %1 ORDER BY id").arg(t)),
                         real.rows(QStringLiteral("SELECT id, name FROM %1 ORDER BY id").arg(t)));
            ++compared;
        }
        for (const char *t : {"TASK", "COMPUTE_TASK_INFO", "TASK_PMU_INFO", "COMMUNICATION_TASK_INFO", "COMMUNICATION_OP", "CANN_API",
                              "MSTX_EVENTS", "STRING_IDS", "META_DATA", "NPU_INFO", "RANK_DEVICE_MAP", "SESSION_TIME_INFO",
                              "STEP_TIME", "ENUM_API_TYPE", "ENUM_HCCL_DATA_TYPE", "ENUM_HCCL_LINK_TYPE", "ENUM_HCCL_TRANSPORT_TYPE",
                              "ENUM_HCCL_RDMA_TYPE", "ENUM_MSTX_EVENT_TYPE", "ENUM_MODULE"})
            QVERIFY2(ours.tables().contains(QLatin1String(t)), t);
        QVERIFY(compared >= 20);
        // The indexes the real file has on the tables we write.
        for (const char *index : {"TaskIndex", "CommunicationTaskIndex"})
            QCOMPARE(ours.rows(QStringLiteral("SELECT sql FROM sqlite_master WHERE name = '%1'").arg(QLatin1String(index))),
                     real.rows(QStringLiteral("SELECT sql FROM sqlite_master WHERE name = '%1'").arg(QLatin1String(index))));
        // The schema version the real file has, and its chip name.
        QCOMPARE(ours.rows(QStringLiteral("SELECT name, value FROM META_DATA WHERE name LIKE 'SCHEMA%' ORDER BY name")),
                 real.rows(QStringLiteral("SELECT name, value FROM META_DATA WHERE name LIKE 'SCHEMA%' ORDER BY name")));
        QCOMPARE(ours.rows(QStringLiteral("SELECT name FROM NPU_INFO")), real.rows(QStringLiteral("SELECT name FROM NPU_INFO")));
        // Kernels as the real file types them: TASK says the SQE type, COMPUTE_TASK_INFO the core.
        const auto coreTypes = [](const DbFile &db) {
            std::set<QString> out;
            for (const auto &r : db.rows(QStringLiteral("SELECT DISTINCT s.value FROM COMPUTE_TASK_INFO c JOIN STRING_IDS s ON s.id = c.taskType")))
                out.insert(r.at(0));
            return out;
        };
        // (The real run had no AI CPU and no cube-led mixed kernels; AI_CPU and MIX_AIC are
        // msprof's names for their cores.)
        std::set<QString> realCores = coreTypes(real);
        realCores.insert(QStringLiteral("AI_CPU"));
        realCores.insert(QStringLiteral("MIX_AIC"));
        for (const QString &c : coreTypes(ours))
            QVERIFY2(realCores.count(c), qPrintable(c));
        // The vendored files were only read.
        for (const QString &f : {realPath, msprofPath})
            for (const char *suffix : {"-wal", "-shm", "-journal"})
                QVERIFY2(!QFileInfo::exists(f + QLatin1String(suffix)), qPrintable(f + QLatin1String(suffix)));
    }

    // The real capture: import → db export → import keeps the records.
    void dbRoundTripOfRealCapture()
    {
        QTemporaryDir tmp;
        const auto &[first, e, back, error] =
            roundTrip(testdata::torchText910b(), exporting::ExportLayout::Db, tmp.path());
        QVERIFY2(back.ok, qPrintable(error));
        QCOMPARE(e.result.dirs.size(), 2);
        QCOMPARE(back.report.total().skipped, std::uint64_t(0));
        compareSessions(*first.trace, *back.trace, false, true, false);
        for (const DeviceInfo &d : first.trace->sessionInfo().devices) {
            QCOMPARE(tasksPerIteration(*back.trace, d.id), tasksPerIteration(*first.trace, d.id));
            QCOMPARE(hcclTasksOf(*back.trace, d.id, 0), hcclTasksOf(*first.trace, d.id, 0));
        }
        // The same run's real db export (ascend910b-torchnpu-db-alexnet): as many kernels,
        // HCCL plane tasks and collective ops per rank as ours written from the text export;
        // the launches joined to their tasks by connectionId as there (the kernels by the
        // node-level call, mostly; a few by the ACL call itself).
        for (int rank = 0; rank < 2; ++rank) {
            const DbFile ours(findFile(e.result.dirs.at(rank), QStringLiteral("^msprof_\\d{14}\\.db$")));
            const DbFile real(testdata::reference(QStringLiteral("ascend910b-torchnpu-db-alexnet/rank%1_ascend_pt/ASCEND_PROFILER_OUTPUT/ascend_pytorch_profiler_%1.db").arg(rank)));
            for (const char *t : {"COMPUTE_TASK_INFO", "COMMUNICATION_TASK_INFO", "COMMUNICATION_OP", "STEP_TIME"})
                QCOMPARE(ours.rows(QStringLiteral("SELECT count(*) FROM %1").arg(QLatin1String(t))),
                         real.rows(QStringLiteral("SELECT count(*) FROM %1").arg(QLatin1String(t))));
            QCOMPARE(ours.rows(QStringLiteral("SELECT count(*) FROM TASK WHERE connectionId IS NOT NULL AND connectionId NOT IN "
                                              "(SELECT connectionId FROM CANN_API)")).at(0).at(0), QStringLiteral("0"));
            const auto linked = [](const DbFile &db) {
                std::map<QString, int> out;
                for (const auto &r : db.rows(QStringLiteral("SELECT e.name, count(*) FROM TASK t JOIN CANN_API a ON a.connectionId = t.connectionId "
                                                            "JOIN ENUM_API_TYPE e ON e.id = a.type GROUP BY 1")))
                    out[r.at(0)] = r.at(1).toInt();
                return out;
            };
            const auto o = linked(ours), r = linked(real);
            QVERIFY(o.count(QStringLiteral("node")) && o.at(QStringLiteral("node")) > 100);
            for (const auto &entry : o)
                QVERIFY2(r.count(entry.first), qPrintable(entry.first));
        }
    }

    // The real db export imported, exported as db and imported again: the same tasks,
    // kernels (ops, PMU values), HCCL tasks, collectives and API calls (the framework's
    // tables: dbFrameworkTablesOfRealDb).
    void dbRoundTripOfRealDb()
    {
        QTemporaryDir tmp;
        const auto &[first, e, back, error] =
            roundTrip(testdata::torchDb910b(), exporting::ExportLayout::Db, tmp.path());
        QVERIFY2(back.ok, qPrintable(error));
        QCOMPARE(back.report.total().skipped, std::uint64_t(0));
        compareSessions(*first.trace, *back.trace, false, true, false, true);
        std::set<std::uint32_t> opsA, opsB;
        for (const DeviceInfo &d : first.trace->sessionInfo().devices) {
            QCOMPARE(tasksPerIteration(*back.trace, d.id), tasksPerIteration(*first.trace, d.id));
            QCOMPARE(hcclTasksOf(*back.trace, d.id, 0), hcclTasksOf(*first.trace, d.id, 0));
            for (const auto &t : tasksOf(*first.trace, d.id))
                opsA.insert(t.opId);
            for (const auto &t : tasksOf(*back.trace, d.id))
                opsB.insert(t.opId);
        }
        QCOMPARE(opsB.size(), opsA.size());
    }

    // The counter, memory and framework tables of the real torch_npu db: imported, exported
    // as db, they have the real tables' columns and types and the real rows (text resolved);
    // imported and exported again, the same tables row for row.
    void dbFrameworkTablesOfRealDb()
    {
        const QString realDir = testdata::torchDb910b();
        NPUSCOPE_REQUIRE_DATA(realDir);
        QTemporaryDir tmp;
        const auto &[first, e, back, error] = roundTrip(realDir, exporting::ExportLayout::Db, tmp.filePath(QStringLiteral("one")));
        QVERIFY2(back.ok, qPrintable(error));
        QCOMPARE(e.result.dirs.size(), 2);
        QCOMPARE(back.report.total().skipped, std::uint64_t(0));
        const Exported again = exportTo(*back.trace, exporting::ExportLayout::Db, tmp.filePath(QStringLiteral("two")));
        QVERIFY2(again.ok, qPrintable(again.error));
        const QStringList tables = {QStringLiteral("AICORE_FREQ"), QStringLiteral("HBM"), QStringLiteral("LLC"),
                                    QStringLiteral("NPU_MEM"), QStringLiteral("ACC_PMU"), QStringLiteral("SOC_BANDWIDTH_LEVEL"),
                                    QStringLiteral("MEMORY_RECORD"), QStringLiteral("NPU_MODULE_MEM"), QStringLiteral("OP_MEMORY"),
                                    QStringLiteral("PYTORCH_API"), QStringLiteral("PYTORCH_CALLCHAINS"),
                                    QStringLiteral("CONNECTION_IDS"), QStringLiteral("connectionCats")};
        // Rows as a sorted list: row order within equal keys is the writer's own.
        const auto bag = [](const DbFile &db, const QString &sql) {
            std::vector<QStringList> r = db.rows(sql);
            std::sort(r.begin(), r.end());
            return r;
        };
        const QString apiRows = QStringLiteral(
            "SELECT p.startNs, p.endNs, p.globalTid, n.value, p.sequenceNumber, p.fwdThreadId, d.value, s.value, e.name, "
            "(SELECT group_concat(v, '|') FROM (SELECT f.value AS v FROM PYTORCH_CALLCHAINS c JOIN STRING_IDS f ON f.id = c.stack "
            "WHERE c.id = p.callchainId ORDER BY c.stackDepth)) FROM PYTORCH_API p LEFT JOIN STRING_IDS n ON n.id = p.name "
            "LEFT JOIN STRING_IDS d ON d.id = p.inputDtypes LEFT JOIN STRING_IDS s ON s.id = p.inputShapes "
            "LEFT JOIN ENUM_API_TYPE e ON e.id = p.type");
        const QStringList sameAsReal = {
            QStringLiteral("SELECT timestampNs, freq FROM AICORE_FREQ"),
            QStringLiteral("SELECT h.timestampNs, h.bandwidth, h.hbmId, s.value FROM HBM h JOIN STRING_IDS s ON s.id = h.type"),
            QStringLiteral("SELECT l.llcId, l.timestampNs, l.hitRate, l.throughput, s.value FROM LLC l JOIN STRING_IDS s ON s.id = l.mode"),
            QStringLiteral("SELECT s.value, n.ddr, n.hbm, n.timestampNs FROM NPU_MEM n JOIN STRING_IDS s ON s.id = n.type"),
            QStringLiteral("SELECT accId, readBwLevel, writeBwLevel, readOstLevel, writeOstLevel, timestampNs FROM ACC_PMU"),
            QStringLiteral("SELECT l2BufferBwLevel, mataBwLevel, timestampNs FROM SOC_BANDWIDTH_LEVEL"),
            QStringLiteral("SELECT e.name, m.timestampNs, m.totalReserved FROM NPU_MODULE_MEM m JOIN ENUM_MODULE e ON e.id = m.moduleId"),
            QStringLiteral("SELECT s.value, o.size, o.allocationTime, o.releaseTime, o.activeReleaseTime, o.duration, o.activeDuration, "
                           "o.allocationTotalAllocated, o.allocationTotalReserved, o.allocationTotalActive, o.releaseTotalAllocated, "
                           "o.releaseTotalReserved, o.releaseTotalActive, o.streamPtr FROM OP_MEMORY o JOIN STRING_IDS s ON s.id = o.name"),
            apiRows,
            // Operators joined to the kernels they launched (async_npu), as in the real file.
            QStringLiteral("SELECT p.startNs, t.startNs, t.streamId FROM PYTORCH_API p JOIN CONNECTION_IDS i ON i.id = p.connectionId "
                           "JOIN connectionCats c ON c.connectionId = i.connectionId AND c.cat = 'async_npu' "
                           "JOIN TASK t ON t.connectionId = i.connectionId")};
        const QString memoryRows = QStringLiteral("SELECT s.value, m.timestamp, m.totalAllocated, m.totalReserved, m.totalActive, "
                                                  "m.streamPtr FROM MEMORY_RECORD m JOIN STRING_IDS s ON s.id = m.component");
        for (int rank = 0; rank < 2; ++rank) {
            const DbFile real(testdata::reference(QStringLiteral("ascend910b-torchnpu-db-alexnet/rank%1_ascend_pt/ASCEND_PROFILER_OUTPUT/ascend_pytorch_profiler_%1.db").arg(rank)));
            const DbFile ours(findFile(e.result.dirs.at(rank), QStringLiteral("^msprof_\\d{14}\\.db$")));
            const DbFile second(findFile(again.result.dirs.at(rank), QStringLiteral("^msprof_\\d{14}\\.db$")));
            // Rank 1's file was not opened in MindStudio Insight: it has no connectionCats. Its
            // flows follow from the connection ids all the same, and ours names them there.
            const bool flows = real.tables().contains(QStringLiteral("connectionCats"));
            QCOMPARE(flows, rank == 0);
            for (const QString &t : tables) {
                if (!real.tables().contains(t)) {
                    QVERIFY2(ours.tables().contains(t) == (t == QLatin1String("connectionCats")), qPrintable(t));
                    continue;
                }
                QVERIFY2(ours.tables().contains(t), qPrintable(t));
                QStringList expected = real.columns(t);
                expected.removeIf([](const QString &c) { return c.startsWith(QLatin1String("depth ")); });
                QVERIFY2(ours.columns(t) == expected, qPrintable(t + QStringLiteral(": ") + ours.columns(t).join(QStringLiteral(", "))));
            }
            for (const QString &sql : sameAsReal) {
                if (!flows && sql.contains(QLatin1String("connectionCats")))
                    continue;
                const auto o = bag(ours, sql), r = bag(real, sql);
                QVERIFY2(!r.empty(), qPrintable(sql));
                QVERIFY2(o == r, qPrintable(QStringLiteral("%1 rows vs %2: %3").arg(o.size()).arg(r.size()).arg(sql)));
            }
            // The allocator's records (NPU_OP_MEM's allocations, which the importer keeps only
            // at times MEMORY_RECORD has none, would come beside them).
            const auto o = bag(ours, memoryRows), r = bag(real, memoryRows);
            QVERIFY2(o.size() >= r.size() && !r.empty(), qPrintable(QStringLiteral("%1 vs %2").arg(o.size()).arg(r.size())));
            QVERIFY(std::includes(o.begin(), o.end(), r.begin(), r.end()));
            // Export → import → export: the same tables, row for row.
            QCOMPARE(second.tables(), ours.tables());
            for (const QString &t : tables + QStringList{QStringLiteral("CANN_API"), QStringLiteral("STRING_IDS")}) {
                const QString all = QStringLiteral("SELECT * FROM \"%1\" ORDER BY rowid").arg(t);
                QVERIFY2(second.rows(all) == ours.rows(all), qPrintable(t));
            }
        }
    }

    // The real text export imported and written as db: its counters in the db's units (B/s
    // for the text's MB/s, bytes for KB, percent for the hit rate's ratio), the Python
    // ranges with their categories as API levels and their stacks, both ends of the task
    // queue's arrows on their ranges.
    void dbFrameworkTablesOfRealText()
    {
        const QString realDir = testdata::torchText910b();
        NPUSCOPE_REQUIRE_DATA(realDir);
        QTemporaryDir tmp;
        const auto &[first, e, back, error] = roundTrip(realDir, exporting::ExportLayout::Db, tmp.path());
        QVERIFY2(back.ok, qPrintable(error));
        const DbFile ours(findFile(e.result.dirs.at(0), QStringLiteral("^msprof_\\d{14}\\.db$")));
        const std::uint16_t dev = first.trace->sessionInfo().devices.at(0).id;
        // Every HBM sample, in B/s.
        std::vector<std::pair<QString, double>> hbm;
        const MemoryTrace &source = *first.trace;
        source.forEachCounter(dev, [&](const CounterRecord &c) {
            if (source.string(c.track) == "HBM")
                hbm.push_back({QString::fromUtf8(source.string(c.name).data(), qsizetype(source.string(c.name).size())).toLower(),
                            c.value * 1048576.0});
            return true;
        });
        QVERIFY(!hbm.empty());
        std::vector<std::pair<QString, double>> rows;
        for (const auto &r : ours.rows(QStringLiteral("SELECT h.hbmId, s.value, h.bandwidth FROM HBM h JOIN STRING_IDS s ON s.id = h.type")))
            rows.push_back({QStringLiteral("hbm %1/%2").arg(r.at(0), r.at(1)), r.at(2).toDouble()});
        std::sort(hbm.begin(), hbm.end());
        std::sort(rows.begin(), rows.end());
        QCOMPARE(rows.size(), hbm.size());
        for (std::size_t i = 0; i < rows.size(); ++i) {
            QCOMPARE(rows[i].first, hbm[i].first);
            QVERIFY(std::fabs(rows[i].second - hbm[i].second) <= 1e-9 * std::max(1.0, std::fabs(hbm[i].second)));
        }
        // The hit rate in percent: the text's ratios (0..1) times 100.
        QVERIFY(ours.rows(QStringLiteral("SELECT count(*) FROM LLC WHERE hitRate > 1")).at(0).at(0) != QStringLiteral("0"));
        QCOMPARE(ours.rows(QStringLiteral("SELECT count(*) FROM LLC WHERE hitRate > 100 OR hitRate < 0")).at(0).at(0), QStringLiteral("0"));
        QCOMPARE(ours.rows(QStringLiteral("SELECT DISTINCT s.value FROM NPU_MEM n JOIN STRING_IDS s ON s.id = n.type ORDER BY 1")),
                 (std::vector<QStringList>{{QStringLiteral("app")}, {QStringLiteral("device")}}));
        // The API levels the real db export uses for the same ranges.
        QCOMPARE(ours.rows(QStringLiteral("SELECT DISTINCT e.name FROM PYTORCH_API p JOIN ENUM_API_TYPE e ON e.id = p.type ORDER BY 1")),
                 (std::vector<QStringList>{{QStringLiteral("op")}, {QStringLiteral("queue")}, {QStringLiteral("trace")}}));
        std::size_t ranges = 0;
        first.trace->forEachPythonRange(dev, [&ranges](const PythonRangeRecord &) { ++ranges; return true; });
        QCOMPARE(ours.rows(QStringLiteral("SELECT count(*) FROM PYTORCH_API")).at(0).at(0), QString::number(ranges));
        // An async_task_queue connection names its enqueue and its dequeue.
        const auto queue = ours.rows(QStringLiteral("SELECT i.connectionId, count(*) FROM CONNECTION_IDS i JOIN connectionCats c ON "
                                                    "c.connectionId = i.connectionId AND c.cat = 'async_task_queue' GROUP BY 1"));
        QVERIFY(!queue.empty());
        for (const auto &r : queue)
            QCOMPARE(r.at(1), QStringLiteral("2"));
        // It imports back without a skipped row, and both the first and the second round trip
        // keep every table.
        QCOMPARE(back.report.total().skipped, std::uint64_t(0));
        keepsDbTables(*back.trace, {QStringLiteral("PYTORCH_API"), QStringLiteral("HBM")});
        keepsDbTables(*first.trace, {QStringLiteral("PYTORCH_API"), QStringLiteral("HBM")});
    }

    // An emulated PyTorch session (2 ranks, profile_memory on): its framework ranges, memory
    // records and flows in the framework's tables (each operator joined to the kernel it
    // queued, each enqueue to its dequeue); after one round trip the tables stay the same.
    void dbEmulatedPyTorchSession()
    {
        QTemporaryDir tmp;
        const auto &[emulated, e, error] = emulateAndExport(QStringLiteral("910B"), 2, exporting::ExportLayout::Db, tmp.filePath(QStringLiteral("one")),
                                                            R"({"profile_memory":true,"with_stack":true,"record_shapes":true})");
        QVERIFY2(emulated && e.ok, qPrintable(error));
        const MemoryTrace &trace = *emulated;
        QCOMPARE(e.result.dirs.size(), 2);
        for (int d = 0; d < 2; ++d) {
            const DbFile db(findFile(e.result.dirs.at(d), QStringLiteral("^msprof_\\d{14}\\.db$")));
            std::size_t ranges = 0, memory = 0, opMemory = 0, npu = 0, queue = 0;
            trace.forEachPythonRange(std::uint16_t(d), [&ranges](const PythonRangeRecord &) { ++ranges; return true; });
            trace.forEachMemory(std::uint16_t(d), [&memory](const MemoryRecord &m) { memory += !m.module; return true; });
            trace.forEachOpMemory(std::uint16_t(d), [&opMemory](const OpMemoryRecord &) { ++opMemory; return true; });
            trace.forEachFlow([&](const FlowRecord &f) {
                if (f.hasStart && f.start.device == d && f.hasFinish) {
                    npu += trace.string(f.category) == "async_npu";
                    queue += trace.string(f.category) == "async_task_queue";
                }
                return true;
            });
            QVERIFY(ranges > 0 && memory > 0 && opMemory > 0 && npu > 0 && queue > 0);
            const auto count = [&db](const QString &sql) { return db.rows(sql).at(0).at(0).toULongLong(); };
            QCOMPARE(count(QStringLiteral("SELECT count(*) FROM PYTORCH_API")), ranges);
            QCOMPARE(count(QStringLiteral("SELECT count(*) FROM MEMORY_RECORD")), memory);
            QCOMPARE(count(QStringLiteral("SELECT count(*) FROM OP_MEMORY")), opMemory);
            QCOMPARE(count(QStringLiteral("SELECT count(*) FROM PYTORCH_API p JOIN CONNECTION_IDS i ON i.id = p.connectionId "
                                          "JOIN connectionCats c ON c.connectionId = i.connectionId AND c.cat = 'async_npu' "
                                          "JOIN TASK t ON t.connectionId = i.connectionId")), npu);
            QCOMPARE(count(QStringLiteral("SELECT count(*) FROM CONNECTION_IDS i JOIN connectionCats c ON "
                                          "c.connectionId = i.connectionId AND c.cat = 'async_task_queue'")), 2 * queue);
            QVERIFY(count(QStringLiteral("SELECT count(*) FROM PYTORCH_CALLCHAINS")) > 0);
        }
        const Imported back = importFrom(tmp.filePath(QStringLiteral("one")));
        QVERIFY2(back.ok, qPrintable(back.error));
        QCOMPARE(back.report.total().skipped, std::uint64_t(0));
        keepsDbTables(*back.trace, {QStringLiteral("PYTORCH_API"), QStringLiteral("MEMORY_RECORD"), QStringLiteral("connectionCats")});
        // The first round trip too: the emulated session's own db export comes back whole.
        keepsDbTables(trace, {QStringLiteral("PYTORCH_API"), QStringLiteral("MEMORY_RECORD"), QStringLiteral("connectionCats")});
    }

    // A 910 session in the db layout: the kernels, HCCL tasks per plane, collectives and
    // iterations come back; its PMU columns are the metric group's (total_cycles, a column
    // of its own in the text layouts, is not a metric of this format).
    void dbRoundTrip910()
    {
        QTemporaryDir tmp;
        const auto &[original, e, error] = emulateAndExport(QStringLiteral("910"), 2, exporting::ExportLayout::Db, tmp.path());
        QVERIFY2(original && e.ok, qPrintable(error));
        const Imported back = importFrom(tmp.path());
        QVERIFY2(back.ok, qPrintable(back.error));
        QCOMPARE(back.report.total().skipped, std::uint64_t(0));
        QCOMPARE(sessionPmuColumns(back.trace->sessionInfo()), sessionPmuColumns(original->sessionInfo()));
        compareCounts(*original, *back.trace);
        const DbFile db(findFile(e.result.dirs.first(), QStringLiteral("^msprof_\\d{14}\\.db$")));
        QCOMPARE(db.rows(QStringLiteral("SELECT name FROM NPU_INFO")), (std::vector<QStringList>{{QStringLiteral("Ascend910")}}));
    }

    // A cancelled db export leaves nothing behind.
    void dbExportCancelled()
    {
        QString error;
        const auto original = emulate(QStringLiteral("910B"), 1, 1, &error);
        QVERIFY2(original, qPrintable(error));
        QTemporaryDir tmp;
        exporting::ExportRequest req;
        req.layout = exporting::ExportLayout::Db;
        req.outputDir = tmp.path();
        std::atomic_bool cancel{true};
        exporting::ExportError kind{};
        QString msg;
        QVERIFY(!exporting::exportSession(*original, req, nullptr, &kind, &msg, {}, &cancel));
        QCOMPARE(kind, exporting::ExportError::Cancelled);
        QCOMPARE(QDir(tmp.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot), QStringList());
    }

    void kindsOnlyInLegacy()
    {
        QString error;
        const auto original = emulate(QStringLiteral("910"), 1, 1, &error);
        QVERIFY2(original, qPrintable(error));
        QTemporaryDir tmp;
        exporting::ExportRequest req;
        req.layout = exporting::ExportLayout::Msprof;
        req.outputDir = tmp.path();
        req.kinds = QStringList{QStringLiteral("op_summary")};
        exporting::ExportError kind{};
        QString msg;
        QVERIFY(!exporting::exportSession(*original, req, nullptr, &kind, &msg));
        QCOMPARE(kind, exporting::ExportError::Usage);
        QVERIFY(msg.contains(QStringLiteral("legacy")));
        QVERIFY(QDir(tmp.path()).isEmpty());
    }

    // A 910 session: no Mix Block Num / Context ID (msprof masks them below the 910B), the
    // metric group's columns after aicore_time(us) and total_cycles; imports back.
    void msprofRoundTrip910()
    {
        QTemporaryDir tmp;
        const auto &[original, e, error] = emulateAndExport(QStringLiteral("910"), 2, exporting::ExportLayout::Msprof, tmp.path());
        QVERIFY2(original && e.ok, qPrintable(error));
        const QStringList summary = headerOf(findFile(e.result.dirs.first(), QStringLiteral("^op_summary_\\d{14}\\.csv$")));
        QVERIFY(!summary.contains(QStringLiteral("Mix Block Num")));
        QVERIFY(!summary.contains(QStringLiteral("Context ID")));
        const qsizetype at = summary.indexOf(QStringLiteral("aicore_time(us)"));
        QVERIFY(at > 0);
        QCOMPARE(summary.at(at + 1), QStringLiteral("total_cycles"));
        QCOMPARE(summary.mid(at + 2), sessionPmuColumns(original->sessionInfo()));
        const Imported back = importFrom(tmp.path());
        QVERIFY2(back.ok, qPrintable(back.error));
        QCOMPARE(back.report.total().skipped, std::uint64_t(0));
        // Kernels, HCCL, steps as recorded; the PMU columns come back as the file names them.
        compareCounts(*original, *back.trace);
    }
};

QTEST_GUILESS_MAIN(ExportLayouts)
#include "test_import_export_layouts.moc"
