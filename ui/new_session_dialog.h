#pragma once
// New session: the workload (model incl. a user JSON model file, batch, iterations,
// precision, devices × servers, launch mode, input pipeline rate, seed, all-reduce
// segments, scenario knobs) and the profiling options form, with a live preview of the
// profiling_options JSON and of the TensorFlow code of both launch forms, import of the
// options from a training script (paste, open or drop a .py), and named presets.
// Everything validates as the user types (workload: device::Emulator::validate; options:
// the core validator); Run stays disabled while anything is wrong.

#include "core/model/session.h"
#include "core/options/profiling_options.h"
#include "ui/job_runner.h"

#include <QDialog>
#include <QPointer>
#include <functional>
#include <vector>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;
class QTabWidget;
class QTimer;

namespace npuscope::ui {

class OptionsForm;

class NewSessionDialog : public QDialog {
    Q_OBJECT
public:
    explicit NewSessionDialog(const QString &projectPath, QWidget *parent = nullptr);
    ~NewSessionDialog() override;

    SessionSpec spec() const;
    ProfilingOptions options() const;
    QString projectPath() const;
    void setProjectPath(const QString &path);
    bool isValid() const { return valid_; }

    // Selects a zoo model by name, or a JSON model file by path (added to the list).
    void setModel(const QString &nameOrPath);

    // Imports profiling_options from a training script's text: fills the form (and the
    // launch mode) and returns true, or shows and returns the error naming the line.
    bool importScript(const QString &text, QString *message = nullptr);
    bool importScriptFile(const QString &path, QString *message = nullptr);

    // Presets: built-in ones (resources/presets) and the user's (QSettings "optionPresets").
    static QStringList presetNames();
    bool savePreset(const QString &name);
    bool loadPreset(const QString &name);
    bool deletePreset(const QString &name);

    // Widgets for tests.
    QPushButton *runButton() const { return run_; }
    OptionsForm *optionsForm() const { return form_; }
    QLabel *workloadMessage() const { return workloadMessage_; }
    QLabel *importStatus() const { return importStatus_; }
    QPlainTextEdit *jsonPreview() const { return jsonPreview_; }
    QPlainTextEdit *estimatorPreview() const { return estimatorPreview_; }
    QPlainTextEdit *sessRunPreview() const { return sessRunPreview_; }
    QSpinBox *iterationsBox() const { return iterations_; }
    QComboBox *chipBox() const { return chip_; }
    QSpinBox *devicesBox() const { return devices_; }
    QComboBox *modeBox() const { return mode_; }
    QComboBox *presetBox() const { return presets_; }
    QTabWidget *tabs() const { return tabs_; }

Q_SIGNALS:
    // fp_point/bp_point completion is ready for the current model (names may be empty).
    void opNamesReady(const QStringList &names);

protected:
    void changeEvent(QEvent *e) override;
    void dragEnterEvent(QDragEnterEvent *e) override;
    void dropEvent(QDropEvent *e) override;

private:
    void retranslateUi();
    void onTr(std::function<void()> f);
    void validate();
    void updatePreview();
    void scheduleOpNames();
    void startOpNames();
    void refreshPresets();
    void pasteScriptDialog();
    void setImportStatus(const QString &text, bool error);

    std::vector<std::function<void()>> texts_;
    QTabWidget *tabs_ = nullptr;
    QComboBox *model_ = nullptr;
    QSpinBox *batch_ = nullptr;
    QSpinBox *iterations_ = nullptr;
    QComboBox *chip_ = nullptr;
    QComboBox *precision_ = nullptr;
    QSpinBox *devices_ = nullptr;
    QSpinBox *servers_ = nullptr;
    QComboBox *mode_ = nullptr;
    QDoubleSpinBox *inputRate_ = nullptr;
    QSpinBox *seed_ = nullptr;
    QSpinBox *segments_ = nullptr;
    QSpinBox *queueDepth_ = nullptr;
    QLineEdit *clockBase_ = nullptr;
    std::vector<std::pair<QString, QCheckBox *>> scenarios_;
    QLabel *workloadMessage_ = nullptr;
    OptionsForm *form_ = nullptr;
    QPlainTextEdit *jsonPreview_ = nullptr;
    QPlainTextEdit *estimatorPreview_ = nullptr;
    QPlainTextEdit *sessRunPreview_ = nullptr;
    QLabel *importStatus_ = nullptr;
    QComboBox *presets_ = nullptr;
    QLineEdit *project_ = nullptr;
    QLabel *summary_ = nullptr;
    QDialogButtonBox *buttons_ = nullptr;
    QPushButton *run_ = nullptr;
    QTimer *opTimer_ = nullptr;
    JobRunner opNames_{JobRunner::Policy::Latest, QThread::LowPriority}; // compiles the chosen model for its op names
    QString lastModelKey_;
    int lastModelIndex_ = 0;
    bool valid_ = false;
};

} // namespace npuscope::ui
