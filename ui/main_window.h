#pragma once
// The main window: opens a project, lists its sessions in the project explorer, starts an
// emulated run off the GUI thread (with progress and cancel) and exports a session.
// The full GUI (forms, timeline, tables) grows from here; this is the foundation's shell.

#include "core/model/session.h"

#include <QMainWindow>
#include <QPointer>
#include <QThread>
#include <atomic>
#include <memory>

class QLabel;
class QProgressBar;
class QPushButton;
class QTreeWidget;
class QTreeWidgetItem;
class QTextBrowser;


namespace npuscope::ui {

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    // Opens (read-only) and lists a project; shows a message box and returns false on error.
    bool openProject(const QString &path);
    QString projectPath() const { return projectPath_; }
    QTreeWidget *explorer() const { return explorer_; }
    bool isRunning() const { return worker_ != nullptr; }

public Q_SLOTS:
    void newSession();
    void openProjectDialog();
    void exportSession();
    void cancelWork();
    void about();

Q_SIGNALS:
    // Emitted on the GUI thread when a run or export ends (status: complete/cancelled/failed).
    void workFinished(const QString &status, const QString &message);

private:
    void buildMenus();
    void reloadProject();
    void showDetails(QTreeWidgetItem *item);
    void startWork(QThread *thread, const QString &label);
    void finishWork(const QString &status, const QString &message);
    std::int64_t selectedSessionId() const;

    QString projectPath_;
    QTreeWidget *explorer_ = nullptr;
    QTextBrowser *details_ = nullptr;
    QLabel *statusLabel_ = nullptr;
    QProgressBar *progress_ = nullptr;
    QPushButton *cancelButton_ = nullptr;
    QPointer<QThread> worker_;
    std::shared_ptr<std::atomic_bool> cancel_;
};

} // namespace npuscope::ui
