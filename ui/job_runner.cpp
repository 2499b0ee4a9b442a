#include "ui/job_runner.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QEventLoop>
#include <QTimer>

#include <chrono>

namespace npuscope::ui {

namespace {
qint64 nowMs()
{
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}
} // namespace

void JobControl::report(std::function<void()> fn, bool force)
{
    const qint64 now = nowMs();
    if (!force && lastReportMs_ >= 0 && now - lastReportMs_ < runner_->reportIntervalMs_.load())
        return;
    lastReportMs_ = now;
    runner_->post(generation_, std::move(fn), false);
}

JobRunner::JobRunner(Policy policy, QThread::Priority priority, Ending ending)
    : policy_(policy), priority_(priority), ending_(ending), receiver_(std::make_unique<QObject>())
{
}

JobRunner::~JobRunner()
{
    if (ending_ == Ending::Finish)
        generation_.fetch_add(1); // the work still runs (the loop drains the queue); nothing delivers
    else
        discard();
    {
        std::lock_guard<std::mutex> lock(mutex_);
        stop_ = true;
    }
    wake_.notify_one();
    if (thread_)
        thread_->wait();
    // Deleting the receiver drops the deliveries still queued for it.
    receiver_.reset();
}

void JobRunner::enqueue(std::unique_ptr<Body> body)
{
    Entry e;
    e.cancel = std::make_shared<std::atomic_bool>(false);
    e.body = std::move(body);
    {
        std::lock_guard<std::mutex> lock(mutex_);
        if (policy_ == Policy::Latest)
            dropAll(); // the newest job supersedes everything before it
        e.generation = generation_.load();
        ++outstanding_;
        waiting_.push_back(std::move(e));
        if (!thread_) {
            thread_.reset(QThread::create([this] { loop(); }));
            thread_->setObjectName(QStringLiteral("npuscope-job"));
            thread_->start(priority_);
        }
    }
    wake_.notify_one();
}

void JobRunner::cancel()
{
    std::lock_guard<std::mutex> lock(mutex_);
    cancelAll();
}

void JobRunner::cancelAll()
{
    for (Entry &w : waiting_)
        w.cancel->store(true);
    if (running_)
        running_->store(true);
}

void JobRunner::discard()
{
    std::lock_guard<std::mutex> lock(mutex_);
    dropAll();
}

void JobRunner::dropAll()
{
    generation_.fetch_add(1);
    outstanding_ = 0;
    cancelAll();
    waiting_.clear();
}

bool JobRunner::waitForIdle(int msecs)
{
    if (!isBusy())
        return true;
    const QDeadlineTimer deadline(msecs);
    QEventLoop loop;
    QTimer tick;
    tick.setInterval(5);
    QObject::connect(&tick, &QTimer::timeout, &loop, [&] {
        if (!isBusy() || deadline.hasExpired())
            loop.quit();
    });
    tick.start();
    loop.exec();
    return !isBusy();
}

void JobRunner::loop()
{
    for (;;) {
        Entry e;
        {
            std::unique_lock<std::mutex> lock(mutex_);
            wake_.wait(lock, [this] { return stop_ || !waiting_.empty(); });
            // Stopping: a discarding runner has emptied the queue already, a finishing one
            // runs what is left first.
            if (waiting_.empty())
                return;
            e = std::move(waiting_.front());
            waiting_.pop_front();
            running_ = e.cancel;
        }
        JobControl control(this, e.generation, e.cancel);
        std::function<void()> deliver = e.body->run(control);
        // What the work held (tables, models, connections) is released here, off the
        // owner's thread and outside the lock.
        e.body.reset();
        post(e.generation, std::move(deliver), true);
        std::lock_guard<std::mutex> lock(mutex_);
        running_.reset();
    }
}

void JobRunner::post(std::uint64_t generation, std::function<void()> fn, bool result)
{
    // Stale reports are not even queued; the generation is checked again on arrival.
    if (generation != generation_.load())
        return;
    QMetaObject::invokeMethod(
        receiver_.get(),
        [this, generation, fn = std::move(fn), result] {
            if (generation != generation_.load())
                return;
            if (result)
                --outstanding_;
            fn();
        },
        Qt::QueuedConnection);
}

} // namespace npuscope::ui
