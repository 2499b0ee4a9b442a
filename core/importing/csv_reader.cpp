#include "core/importing/csv_reader.h"

#include <QFile>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace npuscope::importing {

namespace {
constexpr std::size_t kBufferSize = 1u << 16;
constexpr std::size_t kMaxCell = 16u << 20;
} // namespace

CsvReader::~CsvReader()
{
    if (f_)
        std::fclose(f_);
}

bool CsvReader::open(const QString &path)
{
    f_ = std::fopen(QFile::encodeName(path).constData(), "rb");
    if (!f_) {
        const int e = errno;
        error_ = tr("Could not open %1: %2.").arg(path, QString::fromLocal8Bit(std::strerror(e)));
        return false;
    }
    buf_.resize(kBufferSize);
    pos_ = end_ = 0;
    return true;
}

void CsvReader::openBytes(std::string bytes)
{
    buf_ = std::move(bytes);
    pos_ = 0;
    end_ = buf_.size();
}

bool CsvReader::fill()
{
    if (!f_)
        return false;
    pos_ = 0;
    end_ = std::fread(buf_.data(), 1, buf_.size(), f_);
    if (end_ == 0 && std::ferror(f_) && error_.isEmpty()) {
        const int e = errno;
        error_ = tr("Reading failed at byte %1: %2.").arg(offset_).arg(QString::fromLocal8Bit(std::strerror(e)));
    }
    return end_ > 0;
}

inline int CsvReader::peek()
{
    if (pos_ == end_ && !fill())
        return EOF;
    return static_cast<unsigned char>(buf_[pos_]);
}

inline int CsvReader::get()
{
    const int c = peek();
    if (c != EOF) {
        ++pos_;
        ++offset_;
        if (c == '\n')
            ++line_;
    }
    return c;
}

// A UTF-8 byte order mark (Excel writes one) is no part of the first cell.
void CsvReader::skipBom()
{
    bomChecked_ = true;
    if (peek() != 0xEF || end_ - pos_ < 3 || std::memcmp(buf_.data() + pos_, "\xEF\xBB\xBF", 3) != 0)
        return;
    pos_ += 3;
    offset_ += 3;
}

bool CsvReader::next(std::vector<std::string> *cells)
{
    cells->clear();
    if ((!f_ && buf_.empty()) || !error_.isEmpty())
        return false;
    if (!bomChecked_)
        skipBom();
    recordLine_ = line_;
    recordOffset_ = offset_;
    if (peek() == EOF)
        return false;
    std::string cell;
    bool quoted = false, wasQuoted = false;
    for (;;) {
        if (pos_ == end_ && !fill()) {
            if (!error_.isEmpty())
                return false;
            if (quoted) {
                error_ = tr("The file ends inside a quoted cell (truncated?).");
                return false;
            }
            cells->push_back(std::move(cell));
            return true;
        }
        // Runs of ordinary characters go in at once (the common case); only the characters
        // that mean something here are looked at one by one.
        const char *b = buf_.data() + pos_, *e = buf_.data() + end_, *p = b;
        if (quoted) {
            p = static_cast<const char *>(std::memchr(b, '"', std::size_t(e - b)));
            if (!p)
                p = e;
            line_ += std::uint64_t(std::count(b, p, '\n'));
        } else {
            while (p < e && *p != ',' && *p != '"' && *p != '\n' && *p != '\r')
                ++p;
        }
        cell.append(b, p);
        pos_ += std::size_t(p - b);
        offset_ += std::uint64_t(p - b);
        if (cell.size() > kMaxCell) {
            error_ = tr("A cell is longer than 16 MiB.");
            return false;
        }
        if (p == e)
            continue;
        const int c = get();
        if (quoted) { // at a quote: a doubled one is a quote character, a single one ends the quotes
            if (peek() == '"') {
                get();
                cell += '"';
            } else {
                quoted = false;
            }
        } else if (c == ',') {
            cells->push_back(std::move(cell));
            cell.clear();
            wasQuoted = false;
        } else if (c == '\n' || (c == '\r' && (peek() == '\n' || peek() == EOF))) {
            // LF or CRLF ends the record, after a quoted cell as after a plain one.
            if (c == '\r')
                get();
            if (!error_.isEmpty())
                return false;
            cells->push_back(std::move(cell));
            return true;
        } else if (c == '"' && cell.empty() && !wasQuoted) {
            quoted = wasQuoted = true;
        } else {
            cell += static_cast<char>(c);
        }
    }
}

std::string csvValue(const std::string &cell)
{
    if (cell == "N/A")
        return {};
    if (cell.size() >= 2 && cell[0] == '\'' && (cell[1] == '=' || cell[1] == '+' || cell[1] == '-' || cell[1] == '@'))
        return cell.substr(1);
    return cell;
}

} // namespace npuscope::importing
