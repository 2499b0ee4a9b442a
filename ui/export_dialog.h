#pragma once
// Export of one session as profiler output (the same files as `npuscope export`): layout
// (legacy PROF, CANN 8 msprof or torch_npu), output folder, devices, model, iteration range and, in
// the legacy layout, file kinds; runs off the GUI thread with progress and Cancel, and ends
// with a link that opens the folder.

#include "core/exporting/prof_exporter.h"
#include "ui/job_runner.h"
#include "ui/tr_texts.h"

#include <QDialog>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QProgressBar;
class QPushButton;
class QSpinBox;

namespace npuscope::ui {

class ExportDialog : public QDialog {
    Q_OBJECT
public:
    // Reads the session's devices, models and iterations; isUsable() is false (and
    // errorString() says why) when the project or session cannot be read.
    ExportDialog(const QString &projectPath, std::int64_t sessionId, QWidget *parent = nullptr);
    ~ExportDialog() override;

    bool isUsable() const { return usable_; }
    QString errorString() const { return error_; }
    exporting::ExportRequest request() const;
    void setOutputDir(const QString &dir);
    // Restricts the request to one device / model / iteration (explorer selection).
    void preselect(int device, std::int64_t modelId, std::int64_t iteration);

    QComboBox *layoutBox() const { return layout_; }
    QListWidget *kindsList() const { return kinds_; }
    QPushButton *exportButton() const { return export_; }
    QPushButton *cancelButton() const { return cancel_; }
    QLabel *resultLabel() const { return result_; }
    bool isRunning() const { return jobs_.isBusy(); }
    QString profDir() const { return profDir_; }

public Q_SLOTS:
    void startExport();

Q_SIGNALS:
    // "complete", "cancelled" or "failed", with the translated message.
    void finished(const QString &status, const QString &message);

protected:
    void reject() override;

private:
    void validate();
    void done(const QString &status, const QString &message, const exporting::ExportResult &result);

    QString projectPath_;
    std::int64_t sessionId_ = 0;
    bool usable_ = false;
    QString error_;
    TrTexts *texts_ = new TrTexts(this, [this] { validate(); });
    QComboBox *layout_ = nullptr;
    QLineEdit *dir_ = nullptr;
    QListWidget *devices_ = nullptr;
    QComboBox *model_ = nullptr;
    QCheckBox *allIterations_ = nullptr;
    QSpinBox *first_ = nullptr;
    QSpinBox *last_ = nullptr;
    QListWidget *kinds_ = nullptr;
    QProgressBar *progress_ = nullptr;
    QLabel *result_ = nullptr;
    QLabel *problem_ = nullptr;
    QPushButton *export_ = nullptr;
    QPushButton *cancel_ = nullptr;
    QPushButton *close_ = nullptr;
    QString profDir_;
    int maxIteration_ = 1;
    JobRunner jobs_; // last: its running job ends before the members above go
};

} // namespace npuscope::ui
