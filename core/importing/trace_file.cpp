#include "core/importing/trace_file.h"

#include <QFile>

#include <cerrno>
#include <fcntl.h>
#include <unistd.h>
#include <vector>

namespace npuscope::importing {

LaneKind laneKindOf(std::string_view n)
{
    if (n == "Ascend Hardware" || n == "Task Scheduler")
        return LaneKind::Hardware;
    if (n == "CANN" || n == "AscendCL" || n == "GE" || n == "Runtime" || n == "Api" || n == "Event")
        return LaneKind::Cann;
    if (n == "HCCL" || n == "Communication")
        return LaneKind::Hccl;
    if (n == "Python" || n == "MindSpore" || n == "Python3")
        return LaneKind::Framework;
    if (n == "Overlap Analysis")
        return LaneKind::Overlap;
    if (n == "Step Trace")
        return LaneKind::StepTrace;
    if (n == "MsprofTx" || n == "msprof_tx" || n == "MsTx")
        return LaneKind::Tx;
    if (n == "AI Core Freq" || n == "HBM" || n == "LLC" || n == "NPU MEM" || n == "Stars Soc Info" || n == "Acc PMU"
        || n == "QoS" || n == "DDR" || n == "PCIe" || n == "HCCS" || n == "SIO" || n == "Sys IO" || n == "Sys Mem"
        || n == "AI Core Utilization" || n == "Voltage Info" || n == "Biu Perf" || n == "Low Power"
        || n == "CPU Usage" || n == "Memory Usage" || n == "Network Usage" || n == "Disk Usage")
        return LaneKind::Counters;
    return LaneKind::Unknown;
}

bool TraceFile::open(const QString &path)
{
    path_ = path;
    return reader_.open(path);
}

void TraceFile::openBytes(std::string bytes)
{
    bytes_ = bytes;
    reader_.openBytes(std::move(bytes));
}

TraceEventReader::Result TraceFile::next(TraceEvent *e)
{
    const auto r = reader_.next(e);
    if (r == TraceEventReader::Result::Event && e->ph == "M" && e->invalid.isEmpty())
        noteMetadata(*e);
    return r;
}

void TraceFile::noteMetadata(const TraceEvent &e)
{
    if (!e.hasPid)
        return;
    const JsonScalar *nm = e.arg("name");
    if (!nm || nm->type != JsonScalar::String)
        return;
    if (e.name == "process_name") {
        processes_[e.pid] = nm->text;
        ++generation_;
    } else if (e.name == "thread_name" && e.hasTid) {
        threads_[{e.pid, e.tid}] = nm->text;
        ++generation_;
    }
}

const std::string &TraceFile::processName(std::uint64_t pid)
{
    static const std::string none;
    auto it = processes_.find(pid);
    if (it == processes_.end() && !scanned_) {
        scanFor(pid, nullptr);
        it = processes_.find(pid);
    }
    return it == processes_.end() ? none : it->second;
}

const std::string &TraceFile::threadName(std::uint64_t pid, std::uint64_t tid)
{
    static const std::string none;
    auto it = threads_.find({pid, tid});
    if (it == threads_.end() && !scanned_) {
        scanFor(pid, &tid);
        it = threads_.find({pid, tid});
    }
    return it == threads_.end() ? none : it->second;
}

// Walks the JSON structure of a trace file (strings, nesting) without parsing values and
// hands every event object that may be metadata to `found`. Events are the objects directly
// in the top-level array, or in an array member of the top-level object ("traceEvents").
// Fed chunk by chunk; its state carries over between chunks.
class StructureScan {
public:
    template <class Found>
    void feed(const char *p, std::size_t n, Found &&found)
    {
        std::size_t from = 0;
        for (std::size_t i = 0; i < n; ++i) {
            if (inString_) {
                if (escape_) {
                    escape_ = false;
                    continue;
                }
                // Jump to the string's next quote or backslash (call stacks are long strings).
                while (i < n && p[i] != '"' && p[i] != '\\')
                    ++i;
                if (i == n)
                    break;
                if (p[i] == '\\')
                    escape_ = true;
                else
                    inString_ = false;
                continue;
            }
            const char c = p[i];
            switch (c) {
            case '"':
                inString_ = true;
                break;
            case '{':
                if (!inEvent_ && atEventPosition()) {
                    inEvent_ = true;
                    eventLevel_ = stack_.size();
                    cur_.clear();
                    from = i;
                }
                stack_.push_back('{');
                break;
            case '[':
                stack_.push_back('[');
                break;
            case '}':
            case ']':
                if (stack_.empty())
                    return; // unbalanced: the reading pass reports where
                stack_.pop_back();
                if (c == '}' && inEvent_ && stack_.size() == eventLevel_) {
                    cur_.append(p + from, i + 1 - from);
                    inEvent_ = false;
                    if (cur_.find("\"M\"") != std::string::npos)
                        found(cur_);
                }
                break;
            default:
                break;
            }
            if (stack_.size() > 256)
                return; // deeper than any trace event: not ours to interpret
        }
        if (inEvent_)
            cur_.append(p + from, n - from);
    }

private:
    bool atEventPosition() const
    {
        return !stack_.empty() && stack_.back() == '['
               && (stack_.size() == 1 || (stack_.size() == 2 && stack_.front() == '{'));
    }
    std::vector<char> stack_;
    std::string cur_;
    std::size_t eventLevel_ = 0;
    bool inString_ = false, escape_ = false, inEvent_ = false;
};

TraceFile::TraceFile() = default;

TraceFile::~TraceFile()
{
    if (scanFd_ >= 0)
        ::close(scanFd_);
}

void TraceFile::scanFor(std::uint64_t pid, const std::uint64_t *tid)
{
    const auto named = [&] { return tid ? threads_.count({pid, *tid}) > 0 : processes_.count(pid) > 0; };
    auto found = [this](const std::string &object) {
        TraceEventReader r;
        r.openBytes("[" + object + "]");
        TraceEvent e;
        if (r.next(&e) == TraceEventReader::Result::Event && e.ph == "M" && e.invalid.isEmpty())
            noteMetadata(e);
    };
    if (!scan_) {
        scan_ = std::make_unique<StructureScan>();
        if (!path_.isEmpty()) {
            scanFd_ = ::open(QFile::encodeName(path_).constData(), O_RDONLY | O_CLOEXEC);
            if (scanFd_ < 0) {
                scanned_ = true; // the reading pass has the file open; a failure here only loses late names
                return;
            }
        }
    }
    // 1 MiB at a time, until the name is known.
    constexpr std::size_t kChunk = 1u << 20;
    if (path_.isEmpty()) {
        while (scanAt_ < bytes_.size() && !named()) {
            const std::size_t n = std::min(kChunk, bytes_.size() - scanAt_);
            scan_->feed(bytes_.data() + scanAt_, n, found);
            scanAt_ += n;
        }
        scanned_ = scanAt_ >= bytes_.size();
        return;
    }
    std::vector<char> buf(kChunk);
    while (!named()) {
        const ssize_t n = ::read(scanFd_, buf.data(), buf.size());
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            scanned_ = true;
            ::close(scanFd_);
            scanFd_ = -1;
            return;
        }
        scan_->feed(buf.data(), std::size_t(n), found);
    }
}

} // namespace npuscope::importing
