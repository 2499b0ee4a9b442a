#pragma once
// What the layout writers share: the staging folder every export is built in (hidden
// temporary name, renamed into place at the end, so no half export is ever visible), the
// PROF_* naming, the device description files (info.json, start_info, end_info), the
// session's time base, and the CSV cell writer over the shared summary row code.

#include "core/analysis/summary_rows.h"
#include "core/exporting/out_file.h"
#include "core/exporting/prof_exporter.h"

#include <QByteArray>
#include <QDateTime>
#include <QDir>
#include <QString>
#include <utility>
#include <vector>

namespace npuscope::exporting {

// 16 letters A–R derived from the session, so the same session always gets the same name.
QString sessionLetters(const SessionInfo &info);
QDateTime localFromUs(std::int64_t us);
// PROF_<counter>_<suffix> with the first counter from `first` up whose PROF_<counter>_* is
// not in the folder yet (any suffix: msprof numbers its directories per output folder).
QString freeProfName(const QDir &out, std::uint32_t first, const QString &suffix);
// info.json.<id>, start_info.<id>, end_info.<id> of one device, as msprof writes them.
std::vector<std::pair<QString, QByteArray>> deviceDescriptionFiles(const DeviceInfo &d);
// The earliest collection start of the session's devices (µs since the epoch), else the
// session's creation time.
std::int64_t sessionWallBeginUs(const SessionInfo &info);

// Today's layouts give times in ns since the epoch. A session recorded by the emulator or
// imported from the legacy layout is on the device clock (clockMonotonicRaw); one imported
// from today's layouts is already on the epoch. Which one a device is on is read from its
// data: a time closer to the collection start's wall time than to its monotonic time is an
// epoch time. `sample` is any time of the device (its first task).
TimeNs epochOffsetNs(const DeviceInfo &d, TimeNs sample);

// The devices and iterations a request selects (devices sorted by id). False with a
// translated *error (a usage error) when the request names what the session does not have
// or selects nothing.
struct ExportWork {
    std::vector<DeviceInfo> devices;
    std::vector<IterationKey> iterations;
};
bool selectExportWork(const TraceReader &trace, const ExportRequest &req, ExportWork *out, QString *error);

// ns as µs with exactly three decimals ("1736408883704643.212"), as today's files write
// their time stamps.
void putUs3(OutFile &f, TimeNs ns);
std::string formatUs3(TimeNs ns);

// The args of an HCCL plane task on a timeline, "notify_id" to "bandwidth(GB/s)", as the
// legacy and today's timelines both write them; the caller writes the braces and any args
// after these. spaced: the legacy timeline's `"key": value, ` spacing, else today's
// compact `"key":value,`. The type texts are given resolved (the legacy one has defaults).
void putHcclTaskArgs(OutFile &f, bool spaced, const HcclTaskRecord &h, std::string_view name, std::string_view transport,
                     std::string_view dataType, std::string_view linkType);

// The args of an msproftx range, "category" to "message_type", likewise; first: no
// separator before "category" (it opens the args).
void putTxArgs(OutFile &f, bool spaced, bool first, const HostRangeRecord &r, std::string_view eventType,
               std::string_view messageType);

// A CSV row writer over analysis::Cell.
struct Csv {
    OutFile &f;
    bool first = true;
    void sep() { if (!first) f.put(','); first = false; }
    void text(std::string_view s) { sep(); f.putCsvText(s); }
    void na() { sep(); f.put("N/A"); }
    void endRow() { f.put('\n'); first = true; }
    // Every header line ends the row itself.
    void header(const std::vector<std::string> &cols) { for (const auto &c : cols) { sep(); f.put(c); } endRow(); }
    void cell(const analysis::Cell &v);
};

// The exporter's view of the trace for the shared summary row code.
class TraceLookup final : public analysis::SummaryLookup {
public:
    explicit TraceLookup(const TraceReader &t) : t_(t) {}
    std::string_view string(StrId id) const override { return t_.string(id); }
    const OpDesc *op(std::uint32_t opId) const override { return t_.op(opId); }
private:
    const TraceReader &t_;
};

// Builds one export under a hidden temporary folder in the output folder and renames it
// into place on commit(); on any failure or when destroyed uncommitted, the temporary
// folder is removed. Files are written atomically (OutFile), progress is reported per file.
class StagedFolder {
public:
    StagedFolder(const std::function<void(const ExportProgress &)> &progress, const std::atomic_bool *cancel)
        : progressFn_(progress), cancel_(cancel) {}
    ~StagedFolder();
    StagedFolder(const StagedFolder &) = delete;
    StagedFolder &operator=(const StagedFolder &) = delete;

    // Checks and creates the output folder, then the temporary folder for `name` in it.
    bool begin(const QString &outputDir, const QString &name);
    bool mkpath(const QString &rel);
    template <class Body> bool write(const QString &rel, Body &&body)
    {
        OutFile f;
        if (!open(rel, f))
            return false;
        body(f);
        return close(rel, f);
    }
    bool writeBytes(const QString &rel, const QByteArray &bytes);
    // A file built by other means (an SQLite database) is built at scratchPath(name), a
    // hidden name in the staging folder, then moved in by copyIn(): written under `rel`
    // as every other file is (OutFile: synced, renamed into place, a full disk reported
    // naming the file) and the scratch file removed.
    QString scratchPath(const QString &name) const;
    bool copyIn(const QString &scratch, const QString &rel);
    void failIo(const QString &msg) { fail(ExportError::Io, msg); }
    bool commit();
    bool cancelled() const { return cancel_ && cancel_->load(); }
    bool failCancelled();

    QString finalDir() const { return finalDir_; }
    QStringList files() const;   // relative to the final folder, sorted
    ExportProgress progress;
    ExportError kind = ExportError::None;
    QString error;

private:
    bool open(const QString &rel, OutFile &f);
    bool close(const QString &rel, OutFile &f);
    bool fail(ExportError k, const QString &msg) { kind = k; error = msg; return false; }
    const std::function<void(const ExportProgress &)> &progressFn_;
    const std::atomic_bool *cancel_;
    QString tmpDir_, finalDir_;
    QStringList written_;
    bool committed_ = false;
};

// device_<id> of one device in today's layouts, with its description files.
bool writeDeviceFolder(StagedFolder &staged, const DeviceInfo &d);

} // namespace npuscope::exporting
