#include "core/exporting/out_file.h"

#include <QCoreApplication>
#include <QFile>
#include <QRandomGenerator>
#include <algorithm>
#include <atomic>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace npuscope::exporting {

namespace {
// Fault-injection hook for tests (not a user setting): NPUSCOPE_TEST_MAX_EXPORT_BYTES=N
// makes every write after the first N bytes of this process's exported files fail with
// ENOSPC, the way a full disk does, since a small filesystem needs root to make.
std::atomic<std::int64_t> g_exportBudget{[] {
    bool ok = false;
    const qlonglong n = qEnvironmentVariable("NPUSCOPE_TEST_MAX_EXPORT_BYTES").toLongLong(&ok);
    return ok && n >= 0 ? std::int64_t(n) : std::int64_t(-1);
}()};

// How many of n bytes the budget lets through (all of them without the hook).
std::size_t allowedBytes(std::size_t n)
{
    std::int64_t left = g_exportBudget.load(std::memory_order_relaxed);
    if (left < 0)
        return n;
    for (;;) {
        const std::int64_t take = std::min<std::int64_t>(left, std::int64_t(n));
        if (g_exportBudget.compare_exchange_weak(left, left - take, std::memory_order_relaxed))
            return std::size_t(take);
    }
}

QString osReason(int err)
{
    return QString::fromLocal8Bit(std::strerror(err));
}

// Makes a rename in the folder durable. Best effort: some filesystems cannot sync a folder
// (EINVAL), and the renamed file is complete and synced whatever this returns.
void syncFolderOf(const QByteArray &path)
{
    const qsizetype slash = path.lastIndexOf('/');
    const QByteArray dir = slash < 0 ? QByteArray(".") : slash == 0 ? QByteArray("/") : path.left(slash);
    const int fd = ::open(dir.constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return;
    ::fsync(fd);
    ::close(fd);
}

// Writes v/10^scale exactly (integer arithmetic), trailing fraction zeros trimmed.
char *formatScaled(char *p, std::int64_t v, std::int64_t scale, int digits)
{
    std::uint64_t u;
    if (v < 0) {
        *p++ = '-';
        u = static_cast<std::uint64_t>(-(v + 1)) + 1;
    } else {
        u = static_cast<std::uint64_t>(v);
    }
    const std::uint64_t whole = u / static_cast<std::uint64_t>(scale);
    std::uint64_t frac = u % static_cast<std::uint64_t>(scale);
    p = std::to_chars(p, p + 24, whole).ptr;
    if (frac) {
        *p++ = '.';
        char tmp[8];
        for (int i = digits - 1; i >= 0; --i) {
            tmp[i] = static_cast<char>('0' + frac % 10);
            frac /= 10;
        }
        int n = digits;
        while (n > 0 && tmp[n - 1] == '0')
            --n;
        std::memcpy(p, tmp, n);
        p += n;
    }
    return p;
}

char *formatFixedTo(char *p, char *end, double v, int decimals)
{
    if (!std::isfinite(v)) {
        std::memcpy(p, "N/A", 3);
        return p + 3;
    }
    auto r = std::to_chars(p, end, v, std::chars_format::fixed, decimals);
    char *q = r.ptr;
    char *dot = static_cast<char *>(std::memchr(p, '.', q - p));
    if (dot) {
        while (q > dot + 1 && q[-1] == '0')
            --q;
        if (q == dot + 1)
            q = dot;
    }
    // "-0" after rounding a tiny negative value reads badly in a spreadsheet.
    if (q - p == 2 && p[0] == '-' && p[1] == '0') {
        p[0] = '0';
        return p + 1;
    }
    return q;
}
} // namespace

OutFile::~OutFile()
{
    abort();
    delete[] buf_;
}

bool OutFile::open(const QString &finalPath, QString *error)
{
    abort();
    finalPath_ = finalPath;
    if (!buf_)
        buf_ = new char[kBuf];
    used_ = 0;
    bytes_ = 0;
    errno_ = 0;
    // A fresh, unpredictable name created exclusively: another process (or a link planted
    // in a shared folder) can neither make us write through a symlink nor share our file.
    static const char kChars[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    int e = EEXIST;
    for (int attempt = 0; attempt < 64 && e == EEXIST; ++attempt) {
        QString suffix(10, QLatin1Char('x'));
        for (QChar &c : suffix)
            c = QLatin1Char(kChars[QRandomGenerator::system()->bounded(int(sizeof kChars) - 1)]);
        tmpPath_ = finalPath + QStringLiteral(".tmp-") + suffix;
        fd_ = ::open(QFile::encodeName(tmpPath_).constData(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
        e = fd_ < 0 ? errno : 0;
    }
    if (fd_ < 0) {
        tmpPath_.clear();
        if (error)
            *error = QCoreApplication::translate("ProfExporter", "Could not create the file %1: %2.")
                         .arg(finalPath, osReason(e));
        return false;
    }
    return true;
}

void OutFile::writeRaw(const char *p, std::size_t n)
{
    if (errno_ || fd_ < 0)
        return;
    while (n > 0) {
        const std::size_t room = allowedBytes(n);
        if (room == 0) {
            errno_ = ENOSPC;
            return;
        }
        const ssize_t w = ::write(fd_, p, room);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            errno_ = errno;
            return;
        }
        p += w;
        n -= static_cast<std::size_t>(w);
        bytes_ += static_cast<std::uint64_t>(w);
    }
}

void OutFile::flush()
{
    writeRaw(buf_, used_);
    used_ = 0;
}

bool OutFile::commit(QString *error)
{
    if (fd_ < 0) {
        if (error)
            *error = QCoreApplication::translate("ProfExporter", "The file %1 was not open for writing.").arg(finalPath_);
        return false;
    }
    flush();
    // The data reaches the disk before the name does: after a crash the final name holds
    // either the old file or the whole new one, never a renamed empty file.
    if (!errno_ && ::fsync(fd_) != 0)
        errno_ = errno;
    if (!errno_ && ::close(fd_) != 0)
        errno_ = errno;
    else if (errno_)
        ::close(fd_);
    fd_ = -1;
    if (!errno_) {
        const QByteArray from = QFile::encodeName(tmpPath_), to = QFile::encodeName(finalPath_);
        if (::rename(from.constData(), to.constData()) != 0)
            errno_ = errno;
        else
            syncFolderOf(to);
    }
    if (errno_) {
        if (error)
            *error = QCoreApplication::translate("ProfExporter", "Could not write the file %1: %2.")
                         .arg(finalPath_, osReason(errno_));
        ::unlink(QFile::encodeName(tmpPath_).constData());
        return false;
    }
    tmpPath_.clear();
    return true;
}

void OutFile::abort()
{
    if (fd_ >= 0) {
        ::close(fd_);
        fd_ = -1;
    }
    if (!tmpPath_.isEmpty()) {
        ::unlink(QFile::encodeName(tmpPath_).constData());
        tmpPath_.clear();
    }
    used_ = 0;
}

void OutFile::putInt(std::int64_t v)
{
    char tmp[24];
    put(std::string_view(tmp, std::to_chars(tmp, tmp + sizeof tmp, v).ptr - tmp));
}

void OutFile::putUInt(std::uint64_t v)
{
    char tmp[24];
    put(std::string_view(tmp, std::to_chars(tmp, tmp + sizeof tmp, v).ptr - tmp));
}

void OutFile::putUs(TimeNs ns)
{
    char tmp[32];
    put(std::string_view(tmp, formatScaled(tmp, ns, 1000, 3) - tmp));
}

void OutFile::putMs(TimeNs ns)
{
    char tmp[32];
    put(std::string_view(tmp, formatScaled(tmp, ns, 1000000, 6) - tmp));
}

void OutFile::putFixed(double v, int decimals)
{
    char tmp[400];
    put(std::string_view(tmp, formatFixedTo(tmp, tmp + sizeof tmp, v, decimals) - tmp));
}

void OutFile::putShortest(double v)
{
    if (!std::isfinite(v)) {
        put("0");
        return;
    }
    char tmp[64];
    put(std::string_view(tmp, std::to_chars(tmp, tmp + sizeof tmp, v).ptr - tmp));
}

void OutFile::putJsonString(std::string_view s)
{
    put('"');
    std::size_t runStart = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(s[i]);
        if (c >= 0x20 && c != '"' && c != '\\')
            continue;
        put(s.substr(runStart, i - runStart));
        runStart = i + 1;
        switch (c) {
        case '"': put("\\\""); break;
        case '\\': put("\\\\"); break;
        case '\n': put("\\n"); break;
        case '\r': put("\\r"); break;
        case '\t': put("\\t"); break;
        default: {
            char esc[7] = {'\\', 'u', '0', '0', "0123456789abcdef"[c >> 4], "0123456789abcdef"[c & 15], 0};
            put(std::string_view(esc, 6));
        }
        }
    }
    put(s.substr(runStart));
    put('"');
}

static bool isFormulaStart(char c)
{
    return c == '=' || c == '+' || c == '-' || c == '@' || c == '\t' || c == '\r';
}

std::string csvCell(std::string_view s)
{
    std::string out;
    // Spreadsheets run a cell starting with = + - @ (and after a tab or CR, which some
    // strip first) as a formula; a leading ' makes it plain text (OWASP CSV injection).
    const bool guard = !s.empty() && isFormulaStart(s[0]);
    const bool quote = s.find_first_of(",\"\r\n") != std::string_view::npos;
    if (!guard && !quote)
        return std::string(s);
    if (quote)
        out.push_back('"');
    if (guard)
        out.push_back('\'');
    for (char c : s) {
        if (c == '"')
            out.push_back('"');
        out.push_back(c);
    }
    if (quote)
        out.push_back('"');
    return out;
}

QString csvCell(const QString &s)
{
    const QByteArray utf8 = s.toUtf8();
    return QString::fromStdString(csvCell(std::string_view(utf8.constData(), std::size_t(utf8.size()))));
}

QString csvValue(const QVariant &v)
{
    if (!v.isValid() || v.isNull())
        return QString();
    if (v.typeId() == QMetaType::QByteArray)
        return QStringLiteral("0x") + QString::fromLatin1(v.toByteArray().toHex());
    if (v.typeId() == QMetaType::Double)
        return QString::number(v.toDouble(), 'g', 17);
    if (v.typeId() == QMetaType::LongLong)
        return QString::number(v.toLongLong());
    return csvCell(v.toString());
}

void OutFile::putCsvText(std::string_view s)
{
    if (s.empty())
        return;
    const char c0 = s[0];
    if (!isFormulaStart(c0) && s.find_first_of(",\"\r\n") == std::string_view::npos) {
        put(s);
        return;
    }
    put(csvCell(s));
}

void setExportByteLimitForTesting(std::int64_t bytes)
{
    g_exportBudget.store(bytes < 0 ? -1 : bytes);
}

std::string formatUs(TimeNs ns)
{
    char tmp[32];
    return std::string(tmp, formatScaled(tmp, ns, 1000, 3) - tmp);
}

std::string formatFixed(double v, int decimals)
{
    char tmp[400];
    return std::string(tmp, formatFixedTo(tmp, tmp + sizeof tmp, v, decimals) - tmp);
}

} // namespace npuscope::exporting
