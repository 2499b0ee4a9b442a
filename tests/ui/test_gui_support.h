#pragma once
// Shared by the GUI tests: a QSettings location of their own (never the user's), small
// recorded projects, and helpers to answer modal dialogs that a slot opens.

#include "core/importing/importer.h"
#include "core/store/project.h"
#include "device/emulator.h"
#include "ui/main_window.h"
#include "tests/test_record.h"

#include <QApplication>
#include <QCoreApplication>
#include <QFileInfo>
#include <QDialog>
#include <QDropEvent>
#include <QMessageBox>
#include <QMimeData>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>
#include <QDeadlineTimer>
#include <QTimer>
#include <QUrl>
#include <algorithm>
#include <memory>
#include <functional>

namespace guitest {

using namespace npuscope;

// Call first in initTestCase(): settings go to a test location and start empty.
inline void isolateSettings()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("NPU Scope Tests"));
    // One settings file per test process: ctest runs GUI tests in parallel — the same
    // executable too, once more under de_DE — and one test's clear() or recent-project list
    // must not reach another's.
    QCoreApplication::setApplicationName(QStringLiteral("npuscope-gui-tests-%1-%2")
                                             .arg(QFileInfo(QCoreApplication::applicationFilePath()).fileName())
                                             .arg(QCoreApplication::applicationPid()));
    QSettings().clear();
}

// Whether `s` holds a CJK ideograph: text that was translated into Chinese.
inline bool hasCjk(const QString &s)
{
    for (QChar c : s)
        if (c.unicode() >= 0x4E00 && c.unicode() <= 0x9FFF)
            return true;
    return false;
}

// Drags the file at `path` onto `w` at `at` and drops it there, as a file manager would:
// whether `w` accepted the drag and the drop.
inline void dropOn(QWidget *w, const QString &path, bool *enterAccepted, bool *dropAccepted, QPoint at = QPoint(50, 50))
{
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(path)});
    QDragEnterEvent enter(at, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(w, &enter);
    *enterAccepted = enter.isAccepted();
    QDropEvent drop(QPointF(at), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(w, &drop);
    *dropAccepted = drop.isAccepted();
}

// The spec of a small emulated run, as the New Session dialog would fill it.
inline SessionSpec runSpec(const QString &model, int batchSize, int iterations, int devices)
{
    SessionSpec spec;
    spec.model = model;
    spec.batchSize = batchSize;
    spec.iterations = iterations;
    spec.devicesPerServer = devices;
    return spec;
}

// The run the GUI benchmarks record: ResNet-50, batch 32, seed 9, with task and HCCL traces
// and the pipe utilisation metrics.
inline SessionSpec benchSpec(int iterations, int devices)
{
    SessionSpec spec = runSpec(QStringLiteral("resnet50"), 32, iterations, devices);
    spec.seed = 9;
    return spec;
}

inline ProfilingOptions benchOptions()
{
    ProfilingOptions options;
    ProfilingOptions::parse(R"({"output":"/tmp/npuscope-bench","training_trace":"on","task_trace":"on","hccl":"on","aic_metrics":"PipeUtilization"})",
                            &options);
    return options;
}

// Options with the training trace on (the iterations the tests count come from it); the
// emulator records into the project, so `output` is only what the options page shows.
inline ProfilingOptions traceOptions(const QString &output, Switch hccl = Switch::Off)
{
    ProfilingOptions options;
    options.output = output;
    options.trainingTrace = Switch::On;
    options.hccl = hccl;
    return options;
}

inline QString record(const QString &path, const QString &model = QStringLiteral("lenet"), int iterations = 2,
                      int devices = 2)
{
    QString error;
    return testrecord::recordComplete(runSpec(model, 4, iterations, devices),
                                      traceOptions(QStringLiteral("/tmp"), Switch::On), path, &error)
               ? path
               : QString();
}

// The sessions of the project at `path`, opened read-only; empty when it does not open
// (`*message` then says why).
inline std::vector<store::SessionSummary> sessionsOf(const QString &path, QString *message = nullptr)
{
    store::StoreError err{};
    QString msg;
    const auto project = store::Project::open(path, store::Project::Mode::ReadOnly, &err, &msg);
    if (message)
        *message = msg;
    return project ? project->sessions() : std::vector<store::SessionSummary>{};
}

// `source` imported into a new project at `path` (with the import note the GUI stores when
// withNote): the new session's id, or 0 with *error saying why.
inline std::int64_t importIntoNewProject(const QString &path, const QString &source, QString *error,
                                         bool withNote = false)
{
    store::StoreError e = store::StoreError::None;
    auto writer = store::ProjectWriter::create(path, &e, error);
    if (!writer)
        return 0;
    importing::ImportRequest req;
    req.path = source;
    if (withNote)
        req.beforeEnd = [&writer](const importing::ImportReport &r) {
            return writer->setSessionNote(QStringLiteral("import"), r.toJson());
        };
    importing::ImportReport report;
    importing::ImportError kind{};
    return importing::importProf(req, *writer, &report, &kind, error) ? writer->sessionId() : 0;
}

// Opens `path` in the window and waits for the outcome (the check is a background job):
// true when the window shows the project now.
inline bool openProject(ui::MainWindow &w, const QString &path, int msecs = 300000)
{
    QSignalSpy opened(&w, &ui::MainWindow::projectOpened);
    if (!w.openProject(path) || !w.waitForFileWork(msecs))
        return false;
    return !opened.isEmpty() && opened.last().at(1).toBool();
}

// Shows `w` with `path` open in it: its tab of type V, or nullptr when the project did not
// open.
template <class V>
V *openWithTab(ui::MainWindow &w, const QString &path)
{
    w.show();
    return openProject(w, path) ? w.findChild<V *>() : nullptr;
}

// Saves a copy as `destination` and waits until the copy (and the open of it that follows)
// is done: true when the copy is complete.
inline bool saveProjectAs(ui::MainWindow &w, const QString &destination, int msecs = 300000)
{
    QSignalSpy saved(&w, &ui::MainWindow::projectSaved);
    if (!w.saveProjectAs(destination) || !w.waitForFileWork(msecs))
        return false;
    return !saved.isEmpty() && saved.last().at(1).toBool();
}

// Runs `fn` on the first top-level widget of type T as soon as one is visible (polling the
// event loop), e.g. to press a button of a modal dialog opened by the slot under test.
// `accept` picks the right window when several of type T are open. When none appears
// within `timeoutMs` of wall time the current test fails, naming the dialog it waited for,
// and any modal dialog still open is rejected so the slot under test returns instead of
// hanging. The deadline is generous because many dialogs follow a background job (an
// integrity check, a copy) that a loaded two-core CI machine runs slowly; it only bounds a
// failure, a passing test never waits for it.
template <class T>
void whenShown(std::function<void(T *)> fn, std::function<bool(T *)> accept = {}, int timeoutMs = 60000)
{
    auto poll = std::make_shared<std::function<void()>>();
    // The function refers to itself weakly: only a pending timer keeps it, so a wait still
    // pending when the test process ends leaves no reference cycle behind.
    std::weak_ptr<std::function<void()>> self = poll;
    // A wait belongs to the test that started it. Left pending, it would take the next
    // test's dialog of the same type (and press its button before that test saw it).
    const QByteArray owner = QTest::currentTestFunction();
    *poll = [fn, accept, timeoutMs, self, owner, deadline = QDeadlineTimer(timeoutMs)] {
        auto poll = self.lock();
        if (!poll)
            return;
        if (owner != QByteArray(QTest::currentTestFunction())) {
            *poll = nullptr;
            const QByteArray what = owner + " waited for a " + T::staticMetaObject.className()
                                    + " and ended before one was shown (wait for it before the test returns)";
            if (QTest::currentTestFunction())
                QTest::qFail(what.constData(), __FILE__, __LINE__);
            else
                qWarning("%s", what.constData());
            return;
        }
        for (QWidget *top : QApplication::topLevelWidgets())
            if (auto *w = qobject_cast<T *>(top); w && w->isVisible() && (!accept || accept(w))) {
                fn(w);
                *poll = nullptr; // breaks the self-reference
                return;
            }
        if (!deadline.hasExpired()) {
            QTimer::singleShot(20, [poll] {
                if (*poll)
                    (*poll)();
            });
            return;
        }
        const QByteArray what = QByteArray("expected a ") + T::staticMetaObject.className() + " to be shown within "
                                + QByteArray::number(timeoutMs) + " ms; none was";
        QTest::qFail(what.constData(), __FILE__, __LINE__);
        if (QWidget *modal = QApplication::activeModalWidget())
            if (auto *d = qobject_cast<QDialog *>(modal))
                d->reject();
        *poll = nullptr;
    };
    QTimer::singleShot(20, [poll] {
        if (*poll)
            (*poll)();
    });
}

// For a dialog the test expects NOT to appear: while the guard lives, every visible T is
// closed (so a wrong turn cannot block the test in a modal loop) and remembered; the test
// asserts on shown(). Nothing fails when none appears.
template <class T>
class CloseIfShown {
public:
    CloseIfShown()
    {
        timer_.setInterval(20);
        QObject::connect(&timer_, &QTimer::timeout, [this] {
            for (QWidget *top : QApplication::topLevelWidgets())
                if (auto *w = qobject_cast<T *>(top); w && w->isVisible()) {
                    shown_ = true;
                    w->close();
                }
        });
        timer_.start();
    }
    bool shown() const { return shown_; }

private:
    QTimer timer_;
    bool shown_ = false;
};

} // namespace guitest
