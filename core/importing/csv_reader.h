#pragma once
// Streaming RFC 4180 CSV reader (quoted cells, doubled quotes, line breaks inside
// quotes) over a buffered file: one record at a time, memory bounded by the longest
// record. Used for the PROF summary files. Records end with LF or CRLF (a CR elsewhere
// is data); a UTF-8 byte order mark at the start of the file is skipped.

#include <QCoreApplication>
#include <QString>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace npuscope::importing {

class CsvReader {
    Q_DECLARE_TR_FUNCTIONS(CsvReader)
public:
    CsvReader() = default;
    ~CsvReader();
    CsvReader(const CsvReader &) = delete;
    CsvReader &operator=(const CsvReader &) = delete;

    bool open(const QString &path);           // false: error() says why
    // Reads from memory instead (tests, fuzzing); takes the bytes over without copying.
    void openBytes(std::string bytes);
    // Reads the next record into *cells. False at the end of the file or on an error
    // (error() non-empty then, e.g. an unterminated quote at the end of a truncated file).
    bool next(std::vector<std::string> *cells);
    std::uint64_t recordLine() const { return recordLine_; }     // 1-based line of the record
    std::uint64_t recordOffset() const { return recordOffset_; } // byte offset of the record
    std::uint64_t bytesRead() const { return offset_; }
    const QString &error() const { return error_; }

private:
    bool fill();
    int peek();
    int get();
    void skipBom();
    std::FILE *f_ = nullptr;
    std::string buf_;
    std::size_t pos_ = 0, end_ = 0;
    bool bomChecked_ = false;
    std::uint64_t line_ = 1, offset_ = 0, recordLine_ = 0, recordOffset_ = 0;
    QString error_;
};

// A cell as written by our exporter or msprof: "N/A" → empty; a leading ' that guards a
// formula character (=, +, -, @) is removed.
std::string csvValue(const std::string &cell);

} // namespace npuscope::importing
