#pragma once
// PipelinedSink: lets a producer build the next batch while another thread stores the last
// one. An import reads files on one core and writes the project on the other: end to end it
// then takes about the longer of the two instead of their sum.
//
// Batches reach the inner sink in the order given, from one worker thread; begin() and end()
// run on the caller's thread once the queue is empty, so the inner sink never sees two
// threads at once. After the inner sink refuses a batch, later batches are dropped and every
// call returns false; errorString() is the inner sink's sentence from that failure. Once
// `cancel` is set, batches still waiting are dropped (the producer's cancellation decides what
// becomes of the session), so a cancel does not wait for a backlog to be stored.

#include "core/model/record_sink.h"

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <thread>

namespace npuscope {

class PipelinedSink : public RecordSink {
public:
    // `depth`: batches that may wait for the worker; the producer blocks beyond that, which
    // bounds memory to (depth + 2) batches.
    explicit PipelinedSink(RecordSink &inner, std::size_t depth = 2, const std::atomic_bool *cancel = nullptr);
    ~PipelinedSink() override;
    PipelinedSink(const PipelinedSink &) = delete;
    PipelinedSink &operator=(const PipelinedSink &) = delete;

    bool begin(const SessionInfo &info) override;
    bool write(const RecordBatch &batch) override;
    bool take(RecordBatch &batch) override;
    bool end(SessionStatus status, const std::vector<DeviceInfo> &devices) override;
    QString errorString() const override;

    // Waits until every batch given so far is stored (or dropped after a failure). Afterwards
    // the caller may use the inner sink's owner directly until the next take().
    bool drain();

private:
    void run();

    RecordSink &inner_;
    const std::size_t depth_;
    const std::atomic_bool *cancel_;
    mutable std::mutex m_;
    std::condition_variable work_, room_;
    std::deque<RecordBatch> queue_;
    std::vector<RecordBatch> spare_; // cleared batches whose capacity is reused
    bool busy_ = false, failed_ = false, stop_ = false;
    QString error_;
    std::thread worker_;
};

} // namespace npuscope
