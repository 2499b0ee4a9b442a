#pragma once
// OutFile: a buffered writer for exported files with hand-rolled number formatting
// (std::to_chars), written to a fresh "<name>.tmp-<random>" created exclusively (never
// through a symlink), synced, and renamed into place by commit(), so a reader never sees
// a half file and a crash never leaves an empty one under the final name. The first OS error sticks: later writes are ignored
// and commit() fails with a sentence naming the file and the OS reason.
// Also the CSV / JSON cell helpers shared by the exporters.

#include "core/model/records.h"

#include <QString>
#include <QVariant>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace npuscope::exporting {

class OutFile {
public:
    OutFile() = default;
    ~OutFile();
    OutFile(const OutFile &) = delete;
    OutFile &operator=(const OutFile &) = delete;

    bool open(const QString &finalPath, QString *error);
    bool commit(QString *error);   // flush, close, rename to the final name
    void abort();                  // close and remove the temporary file
    bool failed() const { return errno_ != 0; }
    std::uint64_t bytes() const { return bytes_; }

    void put(std::string_view s)
    {
        if (s.size() > kBuf - used_) { flush(); if (s.size() > kBuf) { writeRaw(s.data(), s.size()); return; } }
        std::memcpy(buf_ + used_, s.data(), s.size());
        used_ += s.size();
    }
    void put(char c) { if (used_ == kBuf) flush(); buf_[used_++] = c; }
    void putInt(std::int64_t v);
    void putUInt(std::uint64_t v);
    void putUs(TimeNs ns);           // ns as µs, exact, trailing zeros trimmed
    void putMs(TimeNs ns);           // ns as ms, exact, trailing zeros trimmed
    void putFixed(double v, int decimals = 3); // rounded, trailing zeros trimmed
    void putShortest(double v);      // shortest round-trip form
    void putJsonString(std::string_view s);  // quoted and escaped
    void putCsvText(std::string_view s);     // formula guard + RFC 4180 quoting

private:
    static constexpr std::size_t kBuf = 1 << 20;
    void flush();
    void writeRaw(const char *p, std::size_t n);
    char *buf_ = nullptr;
    std::size_t used_ = 0;
    int fd_ = -1;
    int errno_ = 0;
    std::uint64_t bytes_ = 0;
    QString finalPath_, tmpPath_;
};

// Test seam for "disk full" (the environment variable NPUSCOPE_TEST_MAX_EXPORT_BYTES does
// the same for a whole process): after `bytes` more bytes written by any OutFile, writes
// fail with ENOSPC. -1 removes the limit. Not for production use.
void setExportByteLimitForTesting(std::int64_t bytes);

// Formats a value the way putUs/putFixed do, for tests and for callers building strings.
std::string formatUs(TimeNs ns);
std::string formatFixed(double v, int decimals = 3);
// The program's one CSV cell writer (exported files, the tables' Copy, the CLI's sql and
// diff output): RFC 4180 quoting, and a leading ' before what a spreadsheet would run as a
// formula. putCsvText writes the same.
std::string csvCell(std::string_view s);
inline std::string csvCell(const char *s) { return csvCell(std::string_view(s)); }
QString csvCell(const QString &s);
// A value of a query result as a CSV cell: numbers as they are (doubles in their shortest
// exact form), blobs as 0x…, NULL empty, text through csvCell.
QString csvValue(const QVariant &v);

} // namespace npuscope::exporting
