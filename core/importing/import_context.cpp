#include "core/importing/import_context.h"

#include <QDir>
#include <QFileInfo>

namespace npuscope::importing {

ImportContext::ImportContext(const ImportRequest &req, RecordSink &sink, ImportReport &report,
                             const std::function<void(const ImportProgress &)> &progress, const std::atomic_bool *cancel)
    : req_(req), pipe_(sink, 2, cancel), report_(report), progressFn_(progress), cancel_(cancel)
{
}

QString ImportContext::rel(const QString &abs) const
{
    return root_.isEmpty() ? abs : QDir(root_).relativeFilePath(abs);
}

void ImportContext::problem(const QString &rel, std::uint64_t line, std::int64_t offset, const QString &reason)
{
    const auto key = std::make_pair(rel, reason);
    if (auto it = problemIndex_.find(key); it != problemIndex_.end()) {
        ++report_.problems[it->second].count;
        return;
    }
    problemIndex_.emplace(key, report_.problems.size());
    report_.problems.push_back({rel, line, offset, reason, 1});
}

FileAccount &ImportContext::account(const QString &rel)
{
    // Readers ask for the same file's account row after row: one string compare, no map search.
    if (lastAccount_ < report_.files.size() && report_.files[lastAccount_].file == rel)
        return report_.files[lastAccount_];
    if (auto it = accountIndex_.find(rel); it != accountIndex_.end()) {
        lastAccount_ = it->second;
        return report_.files[it->second];
    }
    lastAccount_ = report_.files.size();
    accountIndex_.emplace(rel, report_.files.size());
    report_.files.push_back({});
    report_.files.back().file = rel;
    return report_.files.back();
}

void ImportContext::addFileToRead(std::uint64_t bytes)
{
    ++progress_.filesTotal;
    progress_.bytesTotal += bytes;
}

void ImportContext::fileDone(std::uint64_t bytes)
{
    ++progress_.filesDone;
    progress_.bytesDone += bytes;
    report_.bytes += bytes;
    if (progressFn_)
        progressFn_(progress_);
}

bool ImportContext::escapes(const QString &abs, const QString &contain)
{
    const QString c = QFileInfo(abs).canonicalFilePath();
    if (c.isEmpty() || contain.isEmpty())
        return false;
    if (c == contain || c.startsWith(contain + QLatin1Char('/')))
        return false;
    problem(rel(abs), 0, -1, ImportText::tr("This is a link to %1, outside the imported folder; it was not read.").arg(c));
    return true;
}

std::uint32_t ImportContext::op(const OpKey &k)
{
    if (auto it = ops_.find(k); it != ops_.end())
        return it->second;
    OpDesc o;
    o.id = static_cast<std::uint32_t>(ops_.size() + 1);
    o.modelId = k.model;
    o.name = k.name;
    o.opType = k.opType;
    o.inputShapes = k.inS;
    o.inputDataTypes = k.inT;
    o.inputFormats = k.inF;
    o.outputShapes = k.outS;
    o.outputDataTypes = k.outT;
    o.outputFormats = k.outF;
    o.blockDim = k.blockDim;
    o.mixBlockDim = k.mixBlockDim;
    o.aiCpu = k.aiCpu;
    o.coreType = k.coreType;
    batch_.ops.push_back(o);
    ops_.emplace(k, o.id);
    return o.id;
}

void ImportContext::addPmuColumns(const QStringList &columns)
{
    for (const QString &c : columns)
        if (!pmuColumns_.contains(c))
            pmuColumns_ << c;
}

std::vector<int> ImportContext::pmuIndex(const QStringList &columns) const
{
    std::vector<int> out;
    out.reserve(std::size_t(columns.size()));
    for (const QString &c : columns)
        out.push_back(int(pmuColumns_.indexOf(c)));
    return out;
}

bool ImportContext::flush()
{
    if (batch_.empty())
        return true;
    return pipe_.take(batch_) ? true : failSink();
}

bool ImportContext::settle()
{
    // A cancel that comes while the last batches are stored still cancels: they are dropped.
    return flush() && (pipe_.drain() || failSink()) && (!cancelled() || failCancelled());
}

bool ImportContext::failSink()
{
    const QString why = pipe_.errorString();
    return fail(ImportError::Sink, why.isEmpty() ? ImportText::tr("The project could not store the imported records.") : why);
}

bool ImportContext::flushIfFull()
{
    return batch_.recordCount() >= req_.batchRecords ? flush() : true;
}

bool ImportContext::fail(ImportError k, const QString &m)
{
    if (kind_ == ImportError::None) {
        kind_ = k;
        error_ = m;
    }
    return false;
}

bool ImportContext::failCancelled()
{
    return fail(ImportError::Cancelled, ImportText::tr("The import was cancelled."));
}

} // namespace npuscope::importing
