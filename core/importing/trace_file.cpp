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
    if (e.name == "process_name")
        processes_[e.pid] = nm->text;
    else if (e.name == "thread_name" && e.hasTid)
        threads_[{e.pid, e.tid}] = nm->text;
}

const std::string &TraceFile::processName(std::uint64_t pid)
{
    static const std::string none;
    auto it = processes_.find(pid);
    if (it == processes_.end() && !scanned_) {
        scanRest();
        it = processes_.find(pid);
    }
    return it == processes_.end() ? none : it->second;
}

const std::string &TraceFile::threadName(std::uint64_t pid, std::uint64_t tid)
{
    static const std::string none;
    auto it = threads_.find({pid, tid});
    if (it == threads_.end() && !scanned_) {
        scanRest();
        it = threads_.find({pid, tid});
    }
    return it == threads_.end() ? none : it->second;
}

namespace {

// Walks the JSON structure of a trace file (strings, nesting) without parsing values and
// hands every event object that may be metadata to `found`. Events are the objects directly
// in the top-level array, or in an array member of the top-level object ("traceEvents").
class StructureScan {
public:
    template <class Found>
    void feed(const char *p, std::size_t n, Found &&found)
    {
        std::size_t from = 0;
        for (std::size_t i = 0; i < n; ++i) {
            const char c = p[i];
            if (inString_) {
                if (escape_)
                    escape_ = false;
                else if (c == '\\')
                    escape_ = true;
                else if (c == '"')
                    inString_ = false;
                continue;
            }
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

} // namespace

void TraceFile::scanRest()
{
    scanned_ = true;
    StructureScan scan;
    auto found = [this](const std::string &object) {
        TraceEventReader r;
        r.openBytes("[" + object + "]");
        TraceEvent e;
        if (r.next(&e) == TraceEventReader::Result::Event && e.ph == "M" && e.invalid.isEmpty())
            noteMetadata(e);
    };
    if (path_.isEmpty()) {
        scan.feed(bytes_.data(), bytes_.size(), found);
        return;
    }
    const int fd = ::open(QFile::encodeName(path_).constData(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return; // the reading pass has the file open; a failure here only loses late names
    std::vector<char> buf(1u << 20);
    for (;;) {
        const ssize_t n = ::read(fd, buf.data(), buf.size());
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        scan.feed(buf.data(), std::size_t(n), found);
    }
    ::close(fd);
}

} // namespace npuscope::importing
