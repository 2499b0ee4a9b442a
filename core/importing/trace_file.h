#pragma once
// A Chrome-trace JSON file of the Ascend profilers (msprof_*.json, trace_view.json, the
// legacy per-iteration timelines), read event by event with each event's lane resolved.
//
// Lanes are named by "process_name" / "thread_name" metadata, which real msprof writes
// after the events it names. The events are streamed once; when an event's pid (or thread)
// has no name yet, the file ahead is scanned for metadata (a structural scan that only
// parses the metadata objects) until the name is found or the file ends. The scan resumes
// where it stopped, so the file is scanned at most once in all, and only as far as names
// are missing (torch_npu writes its metadata a few thousand events in: a few MB); every
// event gets its lane whatever the order, and memory holds the metadata only.
//
// Lane pids of today's files (all but the framework's own lane, which uses the real pid)
// encode the lane: (pid << 10) | (sort_index << 5) | device_id, device 31 meaning the host.

#include "core/importing/json_pull.h"

#include <QString>
#include <cstdint>
#include <string>
#include <map>
#include <memory>
#include <unordered_map>
#include <utility>

namespace npuscope::importing {

enum class LaneKind : std::uint8_t {
    Unknown,
    Framework,   // "Python" (torch_npu), "MindSpore": framework host ranges
    Cann,        // "CANN", "AscendCL", "GE", "Runtime", "Api", "Event": CANN host ranges
    Hardware,    // "Ascend Hardware", "Task Scheduler": device tasks, threads = streams
    Hccl,        // "HCCL", "Communication": collective ops and plane tasks
    Overlap,     // "Overlap Analysis": derived from the tasks
    StepTrace,   // "Step Trace" (legacy)
    Tx,          // "MsprofTx", "msprof_tx", "MsTx"
    Counters,    // lanes of counter ("C") events: AI Core Freq, HBM, LLC, NPU MEM, QoS ...
};

LaneKind laneKindOf(std::string_view processName);

// Decoding of msprof's lane pids.
inline constexpr std::uint64_t kPidHostDevice = 31;
inline bool isEncodedPid(std::uint64_t pid) { return pid >= (1u << 10); }
inline std::uint16_t pidDevice(std::uint64_t pid) { return static_cast<std::uint16_t>(pid & 31u); }
inline std::uint64_t pidHostPid(std::uint64_t pid) { return pid >> 10; }

class StructureScan;

class TraceFile {
public:
    TraceFile();
    ~TraceFile();
    bool open(const QString &path);
    void openBytes(std::string bytes);           // tests and fuzzing
    TraceEventReader::Result next(TraceEvent *e);
    QString error() const { return reader_.error(); }
    std::uint64_t errorOffset() const { return reader_.errorOffset(); }
    std::uint64_t errorLine() const { return reader_.errorLine(); }
    std::uint64_t bytesRead() const { return reader_.bytesRead(); }

    // The process name of a pid ("" when the file never names it); the lane kind from it.
    // Resolving an unnamed pid triggers the one metadata scan of the rest of the file.
    const std::string &processName(std::uint64_t pid);
    LaneKind lane(std::uint64_t pid) { return laneKindOf(processName(pid)); }
    const std::string &threadName(std::uint64_t pid, std::uint64_t tid);
    // Records what a metadata event says (next() does it for every "M" event).
    void noteMetadata(const TraceEvent &e);
    bool scanned() const { return scanned_; }
    // Changes whenever a name is learned (callers caching a lane look it up again).
    std::uint64_t generation() const { return generation_; }

private:
    // Scans ahead until `pid` (and `tid` when asked) is named or the file ends.
    void scanFor(std::uint64_t pid, const std::uint64_t *tid);
    TraceEventReader reader_;
    QString path_;
    std::string bytes_;                   // openBytes: the scan reads these
    std::unordered_map<std::uint64_t, std::string> processes_;
    std::map<std::pair<std::uint64_t, std::uint64_t>, std::string> threads_;
    std::unique_ptr<StructureScan> scan_; // the scan's state between calls
    int scanFd_ = -1;
    std::size_t scanAt_ = 0;              // openBytes: bytes scanned so far
    std::uint64_t generation_ = 0;
    bool scanned_ = false;                // the scan reached the end
};

} // namespace npuscope::importing
