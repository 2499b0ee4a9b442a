#include "core/importing/layout.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>

#include <algorithm>
#include <optional>

namespace npuscope::importing {

namespace {

struct Text {
    Q_DECLARE_TR_FUNCTIONS(ImportLayout)
};

const QString kFrameworkOutput = QStringLiteral("ASCEND_PROFILER_OUTPUT");
const QString kMsprofOutput = QStringLiteral("mindstudio_profiler_output");

bool isDeviceDirName(const QString &name)
{
    static const QRegularExpression re(QStringLiteral("^device_\\d{1,5}$"));
    return re.match(name).hasMatch();
}

bool hasLegacyData(const QString &dir)
{
    const QDir d(dir);
    for (const QString &sub : d.entryList({QStringLiteral("device_*")}, QDir::Dirs | QDir::NoDotAndDotDot))
        if (isDeviceDirName(sub)
            && (QFileInfo(d.filePath(sub + QStringLiteral("/timeline"))).isDir()
                || QFileInfo(d.filePath(sub + QStringLiteral("/summary"))).isDir()))
            return true;
    return false;
}

bool hasFiles(const QString &dir)
{
    return QFileInfo(dir).isDir() && !QDir(dir).entryList(QDir::Files).isEmpty();
}

QStringList frameworkDbs(const QString &out)
{
    return QDir(out).entryList({QStringLiteral("ascend_pytorch_profiler*.db"), QStringLiteral("ascend_mindspore_profiler*.db")},
                               QDir::Files, QDir::Name);
}

bool frameworkHasText(const QString &out)
{
    const QDir d(out);
    return !d.entryList({QStringLiteral("trace_view.json"), QStringLiteral("*.csv"), QStringLiteral("communication*.json")},
                        QDir::Files).isEmpty();
}

int trailingNumber(const QString &text, const QRegularExpression &re)
{
    const auto m = re.match(text);
    bool ok = false;
    const int v = m.hasMatch() ? m.captured(1).toInt(&ok) : -1;
    return ok ? v : -1;
}

int frameworkRank(const QString &dir)
{
    static const QRegularExpression info(QStringLiteral("^profiler_info_(\\d{1,6})\\.json$"));
    for (const QString &f : QDir(dir).entryList({QStringLiteral("profiler_info_*.json")}, QDir::Files))
        if (const int r = trailingNumber(f, info); r >= 0)
            return r;
    static const QRegularExpression db(QStringLiteral("_profiler_(\\d{1,6})\\.db$"));
    for (const QString &f : frameworkDbs(dir + QLatin1Char('/') + kFrameworkOutput))
        if (const int r = trailingNumber(f, db); r >= 0)
            return r;
    static const QRegularExpression name(QStringLiteral("^rank_?(\\d{1,6})"));
    return trailingNumber(QFileInfo(dir).fileName(), name);
}

bool isFrameworkDir(const QString &dir)
{
    const QString name = QFileInfo(dir).fileName();
    return name.endsWith(QLatin1String("_ascend_pt")) || name.endsWith(QLatin1String("_ascend_ms"))
           || QFileInfo(dir + QLatin1Char('/') + kFrameworkOutput).isDir();
}

std::optional<Source> dbFile(const QString &file)
{
    const QString name = QFileInfo(file).fileName();
    Source s;
    s.path = QFileInfo(file).absoluteFilePath();
    s.dataDir = QFileInfo(file).absolutePath();
    if (name.startsWith(QLatin1String("ascend_pytorch_profiler")) || name.startsWith(QLatin1String("ascend_mindspore_profiler"))) {
        s.layout = Layout::FrameworkDb;
        static const QRegularExpression re(QStringLiteral("_profiler_(\\d{1,6})\\.db$"));
        s.rank = trailingNumber(name, re);
        return s;
    }
    if (name.startsWith(QLatin1String("msprof")) && name.endsWith(QLatin1String(".db"))) {
        s.layout = Layout::MsprofDb;
        return s;
    }
    return std::nullopt;
}

// The source a folder is, when it is one.
std::optional<Source> classifyDir(const QString &dir)
{
    Source s;
    s.path = dir;
    if (isFrameworkDir(dir)) {
        const QString out = dir + QLatin1Char('/') + kFrameworkOutput;
        s.dataDir = out;
        s.rank = frameworkRank(dir);
        if (frameworkHasText(out)) {
            s.layout = Layout::FrameworkText;
            return s;
        }
        const QStringList dbs = frameworkDbs(out);
        if (!dbs.isEmpty()) {
            s.layout = Layout::FrameworkDb;
            s.path = out + QLatin1Char('/') + dbs.first();
            return s;
        }
        return std::nullopt;
    }
    if (hasLegacyData(dir)) {
        s.layout = Layout::LegacyProf;
        return s;
    }
    if (hasFiles(dir + QLatin1Char('/') + kMsprofOutput)) {
        s.layout = Layout::MsprofNewer;
        s.dataDir = dir + QLatin1Char('/') + kMsprofOutput;
        return s;
    }
    for (const QString &f : QDir(dir).entryList({QStringLiteral("msprof*.db")}, QDir::Files, QDir::Name))
        if (auto db = dbFile(dir + QLatin1Char('/') + f))
            return db;
    return std::nullopt;
}

// The sources among the entries of a container folder.
std::vector<Source> scanContainer(const QString &dir)
{
    std::vector<Source> out;
    const QDir d(dir);
    for (const QString &sub : d.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name))
        if (auto s = classifyDir(d.filePath(sub)))
            out.push_back(*s);
    for (const QString &f : d.entryList({QStringLiteral("*.db")}, QDir::Files, QDir::Name))
        if (auto s = dbFile(d.filePath(f)))
            out.push_back(*s);
    return out;
}

QString foundText(const QString &dir)
{
    QStringList names = QDir(dir).entryList(QDir::AllEntries | QDir::NoDotAndDotDot, QDir::DirsFirst | QDir::Name);
    const qsizetype n = names.size();
    if (n == 0)
        return Text::tr("The folder is empty.");
    if (n > 12) {
        names = names.mid(0, 12);
        names << Text::tr("and %1 more").arg(n - 12);
    }
    return Text::tr("Found there: %1.").arg(names.join(QStringLiteral(", ")));
}

} // namespace

QString layoutName(Layout l)
{
    switch (l) {
    case Layout::LegacyProf: return QStringLiteral("legacy");
    case Layout::MsprofNewer: return QStringLiteral("mindstudio");
    case Layout::FrameworkText: return QStringLiteral("framework text");
    case Layout::FrameworkDb: return QStringLiteral("framework db");
    case Layout::MsprofDb: return QStringLiteral("msprof db");
    }
    return QString();
}

QString supportedLayoutsText()
{
    return Text::tr("- msprof, legacy layout: PROF_*/device_<id>/timeline and summary (Ascend 910, CANN up to 6)\n"
                    "- msprof, newer layout: PROF_*/mindstudio_profiler_output (CANN 7 and 8)\n"
                    "- torch_npu or MindSpore text export: *_ascend_pt or *_ascend_ms with ASCEND_PROFILER_OUTPUT\n"
                    "- SQLite exports: ascend_pytorch_profiler_<rank>.db (with analysis.db) or msprof_*.db\n"
                    "- a folder holding several of these (one per rank or host)");
}

bool detectLayout(const QString &path, Detection *out, ImportError *kind, QString *message)
{
    auto fail = [&](ImportError k, const QString &m) {
        *kind = k;
        *message = m;
        return false;
    };
    *out = Detection();
    if (path.trimmed().isEmpty())
        return fail(ImportError::Usage, Text::tr("No folder to import was given."));
    const QFileInfo fi(path);
    if (!fi.exists())
        return fail(ImportError::Unreadable, Text::tr("The folder %1 does not exist.").arg(path));
    if (fi.isFile()) {
        if (auto s = dbFile(fi.absoluteFilePath())) {
            out->sources.push_back(*s);
            out->root = fi.absolutePath();
            return true;
        }
        return fail(ImportError::Usage, Text::tr("%1 is a file NPU Scope cannot import by itself; give the folder of "
                                                 "the profiler output. NPU Scope reads:\n%2")
                                            .arg(path, supportedLayoutsText()));
    }
    if (!fi.isReadable() || !fi.isExecutable())
        return fail(ImportError::Unreadable, Text::tr("The folder %1 cannot be read (permission denied).").arg(path));
    QString dir = fi.canonicalFilePath();
    QString name = fi.fileName();
    // A folder inside a source stands for the source.
    if (isDeviceDirName(name) || name == QLatin1String("timeline") || name == QLatin1String("summary")) {
        QString up = QFileInfo(dir).absolutePath();
        if (!isDeviceDirName(name))
            up = QFileInfo(up).absolutePath();
        if (hasLegacyData(up)) {
            out->sources.push_back({Layout::LegacyProf, up, QString(), -1});
            out->root = QFileInfo(up).absolutePath();
            return true;
        }
    }
    if (name == kMsprofOutput || name == kFrameworkOutput) {
        dir = QFileInfo(dir).absolutePath();
        name = QFileInfo(dir).fileName();
    }
    if (auto s = classifyDir(dir)) {
        out->sources.push_back(*s);
        out->root = QFileInfo(dir).absolutePath();
        return true;
    }
    out->root = dir;
    out->sources = scanContainer(dir);
    if (out->sources.empty()) {
        // One level further: a job folder holding node folders holding rank folders.
        const QDir d(dir);
        for (const QString &sub : d.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
            auto more = scanContainer(d.filePath(sub));
            out->sources.insert(out->sources.end(), more.begin(), more.end());
        }
    }
    if (out->sources.empty())
        return fail(ImportError::Usage, Text::tr("%1 holds no profiler output NPU Scope can read. NPU Scope reads:\n%2\n%3")
                                            .arg(path, supportedLayoutsText(), foundText(dir)));
    const bool legacy = std::any_of(out->sources.begin(), out->sources.end(),
                                    [](const Source &s) { return s.layout == Layout::LegacyProf; });
    const bool today = std::any_of(out->sources.begin(), out->sources.end(),
                                   [](const Source &s) { return s.layout != Layout::LegacyProf; });
    if (legacy && today)
        return fail(ImportError::Usage, Text::tr("%1 mixes the legacy PROF layout with newer layouts; their times are on "
                                                 "different clocks. Import them separately.").arg(path));
    std::stable_sort(out->sources.begin(), out->sources.end(), [](const Source &a, const Source &b) {
        const int ra = a.rank < 0 ? INT32_MAX : a.rank, rb = b.rank < 0 ? INT32_MAX : b.rank;
        return ra != rb ? ra < rb : a.path < b.path;
    });
    return true;
}

} // namespace npuscope::importing
