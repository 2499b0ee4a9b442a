#pragma once
// RecordSink: where producers (emulator, importer) deliver records. The project writer is
// the main implementation; tests and benchmarks use counting or discarding sinks.
// Protocol: begin() once, write() any number of times (batches in time order per device
// are not required), end() once. After a false return the producer must stop and call
// end(SessionStatus::Failed); errorString() says why in a translated sentence.

#include "core/model/records.h"
#include "core/model/session.h"

#include <QString>
#include <string_view>
#include <unordered_map>

namespace npuscope {

class RecordSink {
public:
    virtual ~RecordSink() = default;
    virtual bool begin(const SessionInfo &info) = 0;
    virtual bool write(const RecordBatch &batch) = 0;
    // write() for a producer that is done with `batch`: it comes back empty (a sink that
    // keeps batches swaps it for a spare instead of copying it).
    virtual bool take(RecordBatch &batch)
    {
        const bool ok = write(batch);
        batch.clear();
        return ok;
    }
    // Called with the final device list (monotonic/wall end filled) and status.
    virtual bool end(SessionStatus status, const std::vector<DeviceInfo> &devices) = 0;
    virtual QString errorString() const { return {}; }
};

// Counts what flows through; used by tests and the emulate benchmark.
class CountingSink : public RecordSink {
public:
    bool begin(const SessionInfo &info) override { info_ = info; return true; }
    bool write(const RecordBatch &b) override;
    bool end(SessionStatus s, const std::vector<DeviceInfo> &) override { status_ = s; ended_ = true; return true; }

    SessionInfo info_;
    SessionStatus status_ = SessionStatus::Running;
    bool ended_ = false;
    std::size_t ops = 0, tasks = 0, collectives = 0, hcclTasks = 0, stepTraces = 0, aiCpu = 0,
                queueEvents = 0, fusionOps = 0, hostRanges = 0, strings = 0, batches = 0, counters = 0, flowEnds = 0,
                pythonRanges = 0, memory = 0, opMemory = 0, commOps = 0, commBandwidth = 0, commMatrix = 0,
                stepTimes = 0, taskAttrs = 0;
};

// Interns strings for a producer: ids are dense from 1; each new string is appended to
// the batch being built so the sink learns it before any record that uses it.
class StringTable {
public:
    StrId intern(std::string_view s, RecordBatch &batch);
    std::size_t size() const { return map_.size(); }
private:
    struct Hash { using is_transparent = void; std::size_t operator()(std::string_view s) const noexcept; };
    std::unordered_map<std::string, StrId, Hash, std::equal_to<>> map_;
};

} // namespace npuscope
