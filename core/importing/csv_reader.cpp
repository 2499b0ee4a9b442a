#include "core/importing/csv_reader.h"

#include <QFile>

#include <cerrno>
#include <cstring>

namespace npuscope::importing {

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
    static thread_local char buffer[1 << 16];
    std::setvbuf(f_, nullptr, _IOFBF, sizeof buffer);
    return true;
}

inline int CsvReader::get()
{
    const int c = getc_unlocked(f_);
    if (c != EOF) {
        ++offset_;
        if (c == '\n')
            ++line_;
    }
    return c;
}

bool CsvReader::next(std::vector<std::string> *cells)
{
    cells->clear();
    if (!f_ || !error_.isEmpty())
        return false;
    recordLine_ = line_;
    recordOffset_ = offset_;
    int c = get();
    if (c == EOF)
        return false;
    std::string cell;
    bool quoted = false, wasQuoted = false;
    for (;; c = get()) {
        if (c == EOF) {
            if (quoted) {
                error_ = tr("The file ends inside a quoted cell (truncated?).");
                return false;
            }
            cells->push_back(std::move(cell));
            return true;
        }
        if (quoted) {
            if (c == '"') {
                const int d = getc_unlocked(f_);
                if (d == '"') {
                    ++offset_;
                    cell += '"';
                } else {
                    if (d != EOF)
                        ungetc(d, f_);
                    quoted = false;
                }
            } else {
                cell += static_cast<char>(c);
            }
            continue;
        }
        if (c == ',') {
            cells->push_back(std::move(cell));
            cell.clear();
            wasQuoted = false;
        } else if (c == '\n') {
            if (!cell.empty() && cell.back() == '\r' && !wasQuoted)
                cell.pop_back();
            cells->push_back(std::move(cell));
            return true;
        } else if (c == '"' && cell.empty() && !wasQuoted) {
            quoted = wasQuoted = true;
        } else {
            cell += static_cast<char>(c);
        }
        if (cell.size() > (16u << 20)) {
            error_ = tr("A cell is longer than 16 MiB.");
            return false;
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
