#pragma once
// The shared state every layout reader feeds (the "trackers" of a Perfetto-style importer):
// interned strings, ops, the session's PMU columns, the batch on its way to the sink, the
// report (accounting and problems), time sanity, cancellation and progress. Readers never
// write to the sink themselves; one context serves all sources of a multi-rank import, so
// strings and ops are shared and devices are numbered once.

#include "core/importing/import_report.h"
#include "core/importing/importer.h"
#include "core/model/pipelined_sink.h"
#include "core/model/record_sink.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

namespace npuscope::importing {

// lupdate context "ImportContext" for the messages every reader shares.
struct ImportText {
    Q_DECLARE_TR_FUNCTIONS(ImportContext)
};

// Times the import accepts: ns since the epoch or on a device clock, never negative, below
// 2^62 (year 2116), spans up to a week. Anything else cannot be a profiler's time and would
// overflow sums downstream.
inline constexpr TimeNs kMaxImportTime = TimeNs(1) << 62;
inline constexpr TimeNs kMaxImportSpan = TimeNs(7) * 24 * 3600 * 1000000000LL;
inline bool saneTime(TimeNs ts) { return ts >= 0 && ts <= kMaxImportTime; }
inline bool saneSpan(TimeNs ts, TimeNs dur) { return saneTime(ts) && dur >= 0 && dur <= kMaxImportSpan; }

// What describes an op; equal keys share one OpDesc.
struct OpKey {
    std::uint32_t model = 0;
    StrId name = 0, opType = 0, inS = 0, inT = 0, inF = 0, outS = 0, outT = 0, outF = 0;
    std::uint16_t blockDim = 0, mixBlockDim = 0;
    bool aiCpu = false;
    StrId coreType = 0;
    auto tie() const
    {
        return std::tie(model, name, opType, inS, inT, inF, outS, outT, outF, blockDim, mixBlockDim, aiCpu, coreType);
    }
    bool operator<(const OpKey &o) const { return tie() < o.tie(); }
};

class ImportContext {
public:
    ImportContext(const ImportRequest &req, RecordSink &sink, ImportReport &report,
                  const std::function<void(const ImportProgress &)> &progress, const std::atomic_bool *cancel);

    const ImportRequest &request() const { return req_; }

    // ---- report
    // Paths in the report are relative to this folder (the imported path's parent or itself).
    void setRoot(const QString &root) { root_ = root; }
    const QString &root() const { return root_; }
    QString rel(const QString &abs) const;
    // One problem per (file, reason): repeats are counted, the first place kept.
    void problem(const QString &rel, std::uint64_t line, std::int64_t offset, const QString &reason);
    FileAccount &account(const QString &rel);
    ImportReport &report() { return report_; }
    // A file being read: counts toward progress and the report's bytes when done.
    void addFileToRead(std::uint64_t bytes);
    void fileDone(std::uint64_t bytes);
    // Whatever resolves outside `contain` (a link out of the imported folder) is not read;
    // the problem says so. Dangling links are left to the reader, which reports them.
    bool escapes(const QString &abs, const QString &contain);

    // ---- trackers
    StrId str(std::string_view s) { return s.empty() ? 0 : strings_.intern(s, batch_); }
    std::uint32_t op(const OpKey &k);
    RecordBatch &batch() { return batch_; }
    // Flow ids repeat across sources (every rank numbers its own from 1): the importer sets
    // each source's ordinal before reading it, and a flow's stored id is its file id with the
    // ordinal in the top 16 bits flipped, so ends pair within their source only.
    void setSourceOrdinal(std::uint16_t n) { sourceOrdinal_ = n; }
    std::uint64_t flowId(std::uint64_t fileId) const { return fileId ^ (std::uint64_t(sourceOrdinal_) << 48); }
    // The session's PMU columns. Before begin(), readers register the metric columns their
    // files have (in file order; new names are appended); afterwards they only map.
    void addPmuColumns(const QStringList &columns);
    const QStringList &pmuColumns() const { return pmuColumns_; }
    // For each of `columns`, its index in the session's columns (-1: unknown to the session).
    std::vector<int> pmuIndex(const QStringList &columns) const;

    // ---- flow control
    // Records go to the sink through a pipeline: the readers fill the next batch while the
    // sink stores the last one. begin() and end() of the session go through sink().
    RecordSink &sink() { return pipe_; }
    bool flushIfFull();
    bool flush();
    // flush(), then waits until the sink has stored every batch (the caller may then write
    // beside the records through the sink's owner).
    bool settle();
    bool cancelled() const { return cancel_ && cancel_->load(std::memory_order_relaxed); }
    bool fail(ImportError k, const QString &m);
    bool failCancelled();
    ImportError errorKind() const { return kind_; }
    const QString &errorText() const { return error_; }

private:
    bool failSink();

    const ImportRequest &req_;
    PipelinedSink pipe_;
    ImportReport &report_;
    const std::function<void(const ImportProgress &)> &progressFn_;
    const std::atomic_bool *cancel_;
    QString root_;
    std::map<QString, std::size_t> accountIndex_;
    std::size_t lastAccount_ = SIZE_MAX;
    std::map<std::pair<QString, QString>, std::size_t> problemIndex_;
    ImportProgress progress_;
    StringTable strings_;
    RecordBatch batch_;
    std::map<OpKey, std::uint32_t> ops_;
    QStringList pmuColumns_;
    std::uint16_t sourceOrdinal_ = 0;
    ImportError kind_ = ImportError::None;
    QString error_;
};

} // namespace npuscope::importing
