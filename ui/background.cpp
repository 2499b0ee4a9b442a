#include "ui/background.h"

#include "ui/job_runner.h"

#include <QCoreApplication>
#include <QPointer>

namespace npuscope::ui {

namespace {
// A child of the application object: destroyed with it, finishing the queue first.
class Background : public QObject {
public:
    JobRunner runner{JobRunner::Policy::Queue, QThread::LowPriority, JobRunner::Ending::Finish};
};

Background *background()
{
    static QPointer<Background> instance;
    if (!instance) {
        QCoreApplication *app = QCoreApplication::instance();
        if (!app)
            return nullptr;
        instance = new Background;
        instance->setParent(app);
    }
    return instance;
}
} // namespace

void runInBackground(std::function<void()> fn)
{
    Background *b = background();
    if (!b) {
        fn();
        return;
    }
    // The function (and what it captured) ends on the worker, not in the delivery.
    b->runner.start([fn = std::move(fn)](JobControl &) mutable {
        fn();
        fn = nullptr;
    }, [] {});
}

bool waitForBackground(int msecs)
{
    Background *b = background();
    return !b || b->runner.waitForIdle(msecs);
}

} // namespace npuscope::ui
