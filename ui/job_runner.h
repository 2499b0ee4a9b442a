#pragma once
// The one way the GUI runs work off its thread.
//
// A JobRunner owns a worker thread (started with the first job) and runs its jobs one after
// another there. Each job is a pair of functions:
//   work(JobControl &) → R   on the worker: polls isCancelled() (or hands cancelFlag() to a
//                            core function) and may report progress;
//   done(R)                  back on the thread that made the runner, as a queued call.
// A result whose job was superseded or discarded meanwhile is dropped (each job carries the
// runner's generation), and no call arrives after the runner is gone.
//
// Policy::Latest (a view showing one thing): start() cancels the running job, drops the one
// waiting, and only the newest job delivers. Policy::Queue (edits that must all happen, in
// order): every job runs and delivers.
//
// cancel() asks the jobs to stop and still delivers what they return (a run reports
// "cancelled" honestly); discard() cancels and forgets: nothing delivers.
// The destructor discards and waits for the running job, so work may use members of the
// owner that are declared before the runner (they are destroyed after it). With
// Ending::Finish (writes the user has been told are on their way into the project) it
// instead lets every job already started or waiting run to its end, delivering nothing.

#include <QObject>
#include <QThread>

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <type_traits>

namespace npuscope::ui {

class JobRunner;

// The worker's side of one job.
class JobControl {
public:
    // True once the job was cancelled, superseded or discarded (or its runner destroyed).
    bool isCancelled() const { return cancel_->load(std::memory_order_relaxed); }
    // For core functions that poll a flag themselves.
    const std::atomic_bool *cancelFlag() const { return cancel_.get(); }
    // Runs fn on the runner's thread (unless the job has been superseded by then). Calls
    // closer than the runner's throttle interval to the last one that went through are
    // dropped; `force` sends one anyway (the first and the last step of a long job).
    void report(std::function<void()> fn, bool force = false);

private:
    friend class JobRunner;
    JobControl(JobRunner *runner, std::uint64_t generation, std::shared_ptr<std::atomic_bool> cancel)
        : runner_(runner), generation_(generation), cancel_(std::move(cancel)) {}
    JobRunner *runner_;
    std::uint64_t generation_;
    std::shared_ptr<std::atomic_bool> cancel_;
    qint64 lastReportMs_ = -1;
};

class JobRunner {
public:
    enum class Policy { Latest, Queue };
    enum class Ending { Discard, Finish };
    explicit JobRunner(Policy policy = Policy::Latest, QThread::Priority priority = QThread::InheritPriority,
                       Ending ending = Ending::Discard);
    ~JobRunner();
    JobRunner(const JobRunner &) = delete;
    JobRunner &operator=(const JobRunner &) = delete;

    template <class Work, class Done>
    void start(Work work, Done done)
    {
        using R = std::invoke_result_t<Work &, JobControl &>;
        enqueue(std::make_unique<Job<Work, Done, R>>(std::move(work), std::move(done)));
    }

    // Asks every job not yet delivered to stop; they still deliver what they return.
    void cancel();
    // cancel(), and nothing waiting runs, nothing running delivers.
    void discard();
    // A job of the current generation has not delivered yet.
    bool isBusy() const { return outstanding_ > 0; }
    // Processes events until !isBusy() or msecs pass (tests and the benchmark only; the
    // GUI never waits).
    bool waitForIdle(int msecs);
    // Minimum interval between two progress reports that reach the owner (default 100 ms).
    void setReportInterval(int msecs) { reportIntervalMs_ = msecs; }

private:
    friend class JobControl;
    struct Body {
        virtual ~Body() = default;
        // Runs the work; returns the delivery to make on the owner's thread.
        virtual std::function<void()> run(JobControl &c) = 0;
    };
    template <class Work, class Done, class R>
    struct Job : Body {
        Job(Work w, Done d) : work(std::move(w)), done(std::move(d)) {}
        std::function<void()> run(JobControl &c) override
        {
            // Shared so the delivery stays copyable whatever the work returns.
            auto d = std::make_shared<Done>(std::move(done));
            if constexpr (std::is_void_v<R>) {
                work(c);
                return [d] { (*d)(); };
            } else {
                auto r = std::make_shared<R>(work(c));
                return [d, r] { (*d)(std::move(*r)); };
            }
        }
        Work work;
        Done done;
    };
    struct Entry {
        std::uint64_t generation = 0;
        std::shared_ptr<std::atomic_bool> cancel;
        std::unique_ptr<Body> body;
    };

    void enqueue(std::unique_ptr<Body> body);
    void cancelAll(); // with mutex_ held
    void dropAll();   // with mutex_ held
    void loop();
    void post(std::uint64_t generation, std::function<void()> fn, bool result);

    const Policy policy_;
    const QThread::Priority priority_;
    const Ending ending_;
    std::atomic<std::uint64_t> generation_{0}; // written on the owner's thread only
    int outstanding_ = 0;                      // owner's thread only
    std::atomic_int reportIntervalMs_{100};
    std::unique_ptr<QObject> receiver_;        // lives on the owner's thread; deliveries go through it

    std::mutex mutex_;
    std::condition_variable wake_;
    std::deque<Entry> waiting_;
    std::shared_ptr<std::atomic_bool> running_; // the running job's flag
    bool stop_ = false;
    std::unique_ptr<QThread> thread_;
};

} // namespace npuscope::ui
