#include "core/store/project_query.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QStringList>

#include <algorithm>
#include <limits>
#include <map>

namespace npuscope::store {

namespace {

// lupdate extracts ProjectQuery::tr("...") under the context "ProjectQuery".
struct ProjectQuery {
    Q_DECLARE_TR_FUNCTIONS(ProjectQuery)
};

QString formatWall(std::int64_t wallUs)
{
    if (wallUs <= 0)
        return QStringLiteral("N/A");
    return QDateTime::fromMSecsSinceEpoch(wallUs / 1000).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
}

// An iteration lasts from the end of the previous one (or its forward pass, for the first)
// to its own end, as msprof's step trace counts it.
std::vector<std::uint32_t> topIterations(const std::vector<StepTraceRecord> &steps)
{
    std::vector<std::pair<TimeNs, std::uint32_t>> d;
    d.reserve(steps.size());
    for (const StepTraceRecord &s : steps) {
        const TimeNs begin = s.previousIterationEnd >= 0 ? s.previousIterationEnd : s.fpStart;
        d.emplace_back(s.iterationEnd - begin, s.iteration);
    }
    std::sort(d.begin(), d.end(), [](const auto &a, const auto &b) {
        return a.first != b.first ? a.first > b.first : a.second < b.second;
    });
    std::vector<std::uint32_t> out;
    for (size_t i = 0; i < d.size() && int(i) < kTopIterations; ++i)
        out.push_back(d[i].second);
    return out;
}

struct SessionFacts {
    SessionSummary summary;
    std::vector<QueryRow> rows;
    std::vector<std::pair<QString, std::uint64_t>> counts;
};

std::vector<SessionFacts> gather(const Project &project, QString *error)
{
    std::vector<SessionFacts> out;
    QStringList problems;
    for (SessionSummary &sum : project.sessions()) {
        SessionFacts f;
        QString msg;
        auto reader = project.session(sum.id, &msg);
        if (!reader) {
            problems << msg;
            continue;
        }
        f.counts = reader->recordCounts();
        const QString job = QStringLiteral("%1 %2 (%3)").arg(sum.id).arg(sum.info.name, sessionStatusName(sum.status));

        // (device, model) → iteration count, in key order.
        std::map<std::pair<std::uint16_t, std::uint32_t>, std::uint32_t> perModel;
        for (const IterationKey &k : reader->iterations())
            ++perModel[{k.device, k.modelId}];

        for (const DeviceInfo &dev : sum.info.devices) {
            QueryRow base;
            base.sessionId = sum.id;
            base.jobInfo = job;
            base.deviceId = dev.id;
            base.dirName = QStringLiteral("session_%1/device_%2").arg(sum.id).arg(dev.id);
            base.collectionWallUs = dev.wallBeginUs;
            bool any = false;
            for (const auto &[key, count] : perModel) {
                if (key.first != dev.id)
                    continue;
                any = true;
                QueryRow r = base;
                r.modelId = key.second;
                r.iterationCount = count;
                r.topTimeIterations = topIterations(reader->stepTraces(dev.id, key.second));
                f.rows.push_back(std::move(r));
            }
            if (!any)
                f.rows.push_back(std::move(base));
        }
        f.summary = std::move(sum);
        out.push_back(std::move(f));
    }
    if (error)
        *error = problems.join(QLatin1Char('\n'));
    return out;
}

QString joinIds(const std::vector<std::uint32_t> &ids)
{
    if (ids.empty())
        return QStringLiteral("N/A");
    QStringList s;
    for (auto id : ids)
        s << QString::number(id);
    return s.join(QLatin1Char(','));
}

} // namespace

QString ImportNote::Problem::place() const
{
    QString where = file;
    if (line > 0)
        where += QStringLiteral(":%1").arg(line);
    if (offset >= 0)
        where += ProjectQuery::tr(" (byte %1)").arg(offset);
    return where;
}

std::optional<ImportNote> importNote(const Project &project, std::int64_t sessionId)
{
    const QByteArray raw = project.sessionNote(sessionId, QStringLiteral("import"));
    if (raw.isEmpty())
        return std::nullopt;
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(raw, &pe);
    if (pe.error != QJsonParseError::NoError || !doc.isObject())
        return std::nullopt;
    ImportNote n;
    n.json = doc.object();
    auto u64 = [](const QJsonValue &v) { return std::uint64_t(std::max(0.0, v.toDouble())); };
    n.source = n.json.value(QStringLiteral("source")).toString();
    n.layout = n.json.value(QStringLiteral("layout")).toString();
    for (const QJsonValue &v : n.json.value(QStringLiteral("prof_dirs")).toArray())
        n.profDirs << v.toString();
    n.bytes = u64(n.json.value(QStringLiteral("bytes")));
    n.files = u64(n.json.value(QStringLiteral("files")));
    const QJsonObject t = n.json.value(QStringLiteral("total")).toObject();
    n.items = u64(t.value(QStringLiteral("items")));
    n.imported = u64(t.value(QStringLiteral("imported")));
    n.duplicates = u64(t.value(QStringLiteral("duplicates")));
    n.derived = u64(t.value(QStringLiteral("derived")));
    n.skipped = u64(t.value(QStringLiteral("skipped")));
    for (const QJsonValue &v : n.json.value(QStringLiteral("problems")).toArray()) {
        const QJsonObject o = v.toObject();
        ImportNote::Problem p;
        p.file = o.value(QStringLiteral("file")).toString();
        p.line = u64(o.value(QStringLiteral("line")));
        p.offset = std::int64_t(o.value(QStringLiteral("offset")).toDouble(-1));
        p.reason = o.value(QStringLiteral("reason")).toString();
        p.count = std::max<std::uint64_t>(1, u64(o.value(QStringLiteral("count"))));
        n.problems.push_back(std::move(p));
    }
    for (const QJsonValue &v : n.json.value(QStringLiteral("missing")).toArray())
        n.missing << v.toString();
    return n;
}

std::vector<QueryRow> queryRows(const Project &project, QString *error)
{
    std::vector<QueryRow> rows;
    for (SessionFacts &f : gather(project, error))
        for (QueryRow &r : f.rows)
            rows.push_back(std::move(r));
    return rows;
}

QString describeProject(const Project &project, QString *error)
{
    const std::vector<SessionFacts> facts = gather(project, error);
    // Column titles are msprof's, kept in English like the PROF files they describe.
    std::vector<QStringList> table;
    table.push_back({QStringLiteral("Job Info"), QStringLiteral("Device ID"), QStringLiteral("Dir Name"),
                     QStringLiteral("Collection Time"), QStringLiteral("Model ID"),
                     QStringLiteral("Iteration Number"), QStringLiteral("Top Time Iteration")});
    for (const SessionFacts &f : facts) {
        for (const QueryRow &r : f.rows) {
            table.push_back({r.jobInfo, QString::number(r.deviceId), r.dirName, formatWall(r.collectionWallUs),
                             r.modelId ? QString::number(*r.modelId) : QStringLiteral("N/A"),
                             QString::number(r.iterationCount), joinIds(r.topTimeIterations)});
        }
    }
    std::vector<int> width(table.front().size(), 0);
    for (const QStringList &row : table)
        for (int c = 0; c < row.size(); ++c)
            width[size_t(c)] = std::max(width[size_t(c)], int(row[c].size()));

    QString out;
    for (const QStringList &row : table) {
        QString line;
        for (int c = 0; c < row.size(); ++c) {
            if (c)
                line += QLatin1String("  ");
            line += c + 1 < row.size() ? row[c].leftJustified(width[size_t(c)]) : row[c];
        }
        out += line + QLatin1Char('\n');
    }
    if (facts.empty())
        out += ProjectQuery::tr("The project %1 holds no sessions.").arg(project.path()) + QLatin1Char('\n');
    for (const SessionFacts &f : facts) {
        QStringList parts;
        for (const auto &[kind, n] : f.counts)
            parts << QStringLiteral("%1 %2").arg(kind).arg(n);
        out += ProjectQuery::tr("Session %1 records: %2").arg(f.summary.id).arg(parts.join(QStringLiteral(", ")));
        if (f.summary.agedBytes > 0)
            out += ProjectQuery::tr(" (%1 bytes removed by the storage limit)").arg(f.summary.agedBytes);
        out += QLatin1Char('\n');
        const std::optional<ImportNote> note = importNote(project, f.summary.id);
        if (!note)
            continue;
        const QString source = note->source.isEmpty() ? note->profDirs.join(QStringLiteral(", ")) : note->source;
        out += ProjectQuery::tr("Session %1 was imported from %2 (%3 layout): %4 events and rows read, %5 imported, "
                                "%6 duplicates of other files, %7 derived, %8 skipped.")
                   .arg(QString::number(f.summary.id),
                           source,
                           note->layout,
                           QString::number(note->items),
                           QString::number(note->imported),
                           QString::number(note->duplicates),
                           QString::number(note->derived),
                           QString::number(note->skipped))
               + QLatin1Char('\n');
        for (const QString &m : note->missing)
            out += QStringLiteral("  ") + ProjectQuery::tr("Not in the input: %1").arg(m) + QLatin1Char('\n');
        if (!note->problems.empty())
            out += QStringLiteral("  ")
                   + ProjectQuery::tr("%n problem(s) found during the import:", nullptr, int(note->problems.size()))
                   + QLatin1Char('\n');
        for (size_t i = 0; i < note->problems.size() && i < size_t(kQueryProblems); ++i) {
            const ImportNote::Problem &p = note->problems[i];
            QString line = QStringLiteral("    ") + p.place() + QStringLiteral(": ") + p.reason;
            if (p.count > 1)
                line += ProjectQuery::tr(" (%n times in this file)", nullptr, int(std::min<std::uint64_t>(p.count, std::uint64_t(std::numeric_limits<int>::max()))));
            out += line + QLatin1Char('\n');
        }
        if (note->problems.size() > size_t(kQueryProblems))
            out += QStringLiteral("    ")
                   + ProjectQuery::tr("… and %n more (query --format json lists them all).", nullptr,
                                      int(note->problems.size() - size_t(kQueryProblems)))
                   + QLatin1Char('\n');
    }
    return out;
}

QJsonObject describeProjectJson(const Project &project, QString *error)
{
    QJsonArray sessions;
    for (const SessionFacts &f : gather(project, error)) {
        const SessionSummary &s = f.summary;
        QJsonObject so;
        so[QStringLiteral("id")] = qint64(s.id);
        so[QStringLiteral("name")] = s.info.name;
        so[QStringLiteral("source")] = s.info.source;
        so[QStringLiteral("status")] = sessionStatusName(s.status);
        so[QStringLiteral("app_version")] = s.info.appVersion;
        so[QStringLiteral("started_wall_us")] = qint64(s.startedWallUs);
        so[QStringLiteral("ended_wall_us")] = qint64(s.endedWallUs);
        so[QStringLiteral("aged_bytes")] = qint64(s.agedBytes);
        QJsonObject counts;
        for (const auto &[kind, n] : f.counts)
            counts[kind] = qint64(n);
        so[QStringLiteral("record_counts")] = counts;

        QJsonArray devices;
        for (const DeviceInfo &dev : s.info.devices) {
            QJsonObject d;
            d[QStringLiteral("id")] = int(dev.id);
            d[QStringLiteral("rank_id")] = qint64(dev.rankId);
            d[QStringLiteral("hostname")] = dev.hostname;
            d[QStringLiteral("dir_name")] = QStringLiteral("session_%1/device_%2").arg(s.id).arg(dev.id);
            d[QStringLiteral("collection_time_us")] = qint64(dev.wallBeginUs);
            QJsonArray models;
            for (const QueryRow &r : f.rows) {
                if (r.deviceId != dev.id || !r.modelId)
                    continue;
                QJsonObject m;
                m[QStringLiteral("id")] = qint64(*r.modelId);
                m[QStringLiteral("iterations")] = qint64(r.iterationCount);
                QJsonArray top;
                for (auto it : r.topTimeIterations)
                    top.append(qint64(it));
                m[QStringLiteral("top_time_iterations")] = top;
                models.append(m);
            }
            d[QStringLiteral("models")] = models;
            devices.append(d);
        }
        so[QStringLiteral("devices")] = devices;
        if (const std::optional<ImportNote> note = importNote(project, s.id))
            so[QStringLiteral("import")] = note->json;
        sessions.append(so);
    }
    QJsonObject root;
    root[QStringLiteral("project")] = project.path();
    root[QStringLiteral("schema")] = kSchemaVersion;
    root[QStringLiteral("sessions")] = sessions;
    return root;
}

} // namespace npuscope::store
