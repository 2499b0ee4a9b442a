#include "core/model/pipelined_sink.h"

#include <utility>

namespace npuscope {

PipelinedSink::PipelinedSink(RecordSink &inner, std::size_t depth, const std::atomic_bool *cancel)
    : inner_(inner), depth_(depth == 0 ? 1 : depth), cancel_(cancel), worker_([this] { run(); })
{
}

PipelinedSink::~PipelinedSink()
{
    {
        std::lock_guard lock(m_);
        stop_ = true;
    }
    work_.notify_all();
    worker_.join();
}

void PipelinedSink::run()
{
    std::unique_lock lock(m_);
    for (;;) {
        work_.wait(lock, [this] { return stop_ || !queue_.empty(); });
        if (queue_.empty())
            return; // stopping with nothing left
        RecordBatch b = std::move(queue_.front());
        queue_.pop_front();
        busy_ = true;
        const bool skip = failed_ || (cancel_ && cancel_->load(std::memory_order_relaxed));
        lock.unlock();
        const bool ok = skip || inner_.write(b);
        const QString why = ok ? QString() : inner_.errorString();
        b.clear();
        lock.lock();
        if (!ok && !failed_) {
            failed_ = true;
            error_ = why;
        }
        spare_.push_back(std::move(b));
        busy_ = false;
        room_.notify_all();
    }
}

bool PipelinedSink::begin(const SessionInfo &info)
{
    if (!drain())
        return false;
    return inner_.begin(info);
}

bool PipelinedSink::write(const RecordBatch &batch)
{
    RecordBatch copy = batch;
    return take(copy);
}

bool PipelinedSink::take(RecordBatch &batch)
{
    std::unique_lock lock(m_);
    room_.wait(lock, [this] { return failed_ || queue_.size() < depth_; });
    if (failed_) {
        batch.clear();
        return false;
    }
    if (batch.empty())
        return true;
    RecordBatch next;
    if (!spare_.empty()) {
        next = std::move(spare_.back());
        spare_.pop_back();
    }
    queue_.push_back(std::move(batch));
    batch = std::move(next);
    work_.notify_one();
    return true;
}

bool PipelinedSink::drain()
{
    std::unique_lock lock(m_);
    room_.wait(lock, [this] { return queue_.empty() && !busy_; });
    return !failed_;
}

bool PipelinedSink::end(SessionStatus status, const std::vector<DeviceInfo> &devices)
{
    drain();
    return inner_.end(status, devices);
}

QString PipelinedSink::errorString() const
{
    std::lock_guard lock(m_);
    return failed_ ? error_ : busy_ || !queue_.empty() ? QString() : inner_.errorString();
}

} // namespace npuscope
