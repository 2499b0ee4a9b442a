#pragma once
// New session: the workload (model incl. a user JSON model file, batch, iterations,
// precision, devices × servers, launch mode, input pipeline rate, seed, all-reduce
// segments, scenario knobs) and the profiling options form, with a live preview of the
// profiling_options JSON and of the TensorFlow code of both launch forms, import of the
// options from a training script (paste, open or drop a .py), and named presets.
// The framework choice (TensorFlow / PyTorch) switches the options page between the
// profiling_options form and the torch_npu profiler form (TorchProfilerForm), the preview
// between the TensorFlow code and the torch_npu.profiler.profile(...) call, and the script
// import between the two readers; each framework keeps its own settings and chip.
// Everything validates as the user types (workload: device::Emulator::validate; options:
// the core validators); Run stays disabled while anything is wrong (torch_npu's warnings
// are corrections it makes and run, as torch_npu runs them).

#include "core/model/session.h"
#include "core/options/profiling_options.h"
#include "ui/job_runner.h"
#include "ui/tr_texts.h"

#include <QDialog>
#include <QPointer>
#include <functional>
#include <vector>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;
class QStackedWidget;
class QTabWidget;
class QTimer;
class QGridLayout;
class QVBoxLayout;

namespace npuscope::ui {

class OptionsForm;
class TorchProfilerForm;

class NewSessionDialog : public QDialog {
    Q_OBJECT
public:
    explicit NewSessionDialog(const QString &projectPath, QWidget *parent = nullptr);
    ~NewSessionDialog() override;

    // For PyTorch: framework PyTorch and the torch_npu config torch_npu runs with.
    SessionSpec spec() const;
    ProfilingOptions options() const;
    QString projectPath() const;
    void setProjectPath(const QString &path);
    bool isValid() const { return valid_; }

    Framework framework() const;
    void setFramework(Framework f);

    // Selects a zoo model by name, or a JSON model file by path (added to the list).
    void setModel(const QString &nameOrPath);

    // Imports profiling_options from a training script's text: fills the form (and the
    // launch mode) and returns true, or shows and returns the error naming the line.
    // Under PyTorch the script's torch_npu.profiler.profile(...) call fills the torch form;
    // a script that holds only the other framework's call switches the framework.
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
    TorchProfilerForm *torchForm() const { return torch_; }
    QComboBox *frameworkBox() const { return framework_; }
    QPlainTextEdit *torchCodePreview() const { return torchCode_; }
    QPlainTextEdit *torchJsonPreview() const { return torchJson_; }
    QLabel *workloadMessage() const { return workloadMessage_; }
    QLabel *importStatus() const { return importStatus_; }
    QPlainTextEdit *jsonPreview() const { return jsonPreview_; }
    QPlainTextEdit *estimatorPreview() const { return estimatorPreview_; }
    QPlainTextEdit *sessRunPreview() const { return sessRunPreview_; }
    QSpinBox *iterationsBox() const { return iterations_; }
    QComboBox *chipBox() const { return chip_; }
    QSpinBox *devicesBox() const { return devices_; }
    QSpinBox *dpBox() const { return dp_; }
    QSpinBox *tpBox() const { return tp_; }
    QSpinBox *ppBox() const { return pp_; }
    QSpinBox *microBatchesBox() const { return microBatches_; }
    QComboBox *modeBox() const { return mode_; }
    QComboBox *presetBox() const { return presets_; }
    QTabWidget *tabs() const { return tabs_; }

Q_SIGNALS:
    // fp_point/bp_point completion is ready for the current model (names may be empty).
    void opNamesReady(const QStringList &names);

protected:
    void dragEnterEvent(QDragEnterEvent *e) override;
    void dropEvent(QDropEvent *e) override;

private:
    void validate();
    void updatePreview();
    void scheduleOpNames();
    void startOpNames();
    void refreshPresets();
    void pasteScriptDialog();
    QWidget *buildWorkloadPage();
    QGridLayout *buildPresetAndProjectRows(const QString &projectPath);
    QVBoxLayout *buildPreviewPane();
    void addCodePage(QTabWidget *tabs, QPlainTextEdit *code);
    static bool isBuiltinPreset(const QString &name);
    static constexpr const char *kMessageStyle = "color: #d0334a;";
    void setImportStatus(const QString &text, bool error);
    void frameworkChanged();
    void updateFrameworkTexts();

    TrTexts *texts_ = new TrTexts(this, [this] { validate(); });
    QTabWidget *tabs_ = nullptr;
    QComboBox *model_ = nullptr;
    QSpinBox *batch_ = nullptr;
    QSpinBox *iterations_ = nullptr;
    QComboBox *chip_ = nullptr;
    QComboBox *precision_ = nullptr;
    QSpinBox *devices_ = nullptr;
    QSpinBox *servers_ = nullptr;
    QComboBox *mode_ = nullptr;
    QComboBox *framework_ = nullptr;
    int shownFramework_ = 0;
    QString chipOf_[2] = {QStringLiteral("910"), QStringLiteral("910B")}; // per framework
    std::vector<QWidget *> tensorflowOnly_; // workload rows and presets PyTorch has no use for
    QFormLayout *workloadLayout_ = nullptr;
    QStackedWidget *optionsStack_ = nullptr;
    QStackedWidget *previewStack_ = nullptr;
    TorchProfilerForm *torch_ = nullptr;
    QPlainTextEdit *torchCode_ = nullptr;
    QPlainTextEdit *torchJson_ = nullptr;
    QLabel *importHint_ = nullptr;
    QDoubleSpinBox *inputRate_ = nullptr;
    QSpinBox *seed_ = nullptr;
    QSpinBox *segments_ = nullptr;
    QSpinBox *queueDepth_ = nullptr;
    QLineEdit *clockBase_ = nullptr;
    std::vector<std::pair<QString, QCheckBox *>> scenarios_;
    // LLM sessions (model llama*): dp × tp × pp, micro-batches, sequence parallelism.
    QWidget *llmRow_ = nullptr;
    QSpinBox *dp_ = nullptr, *tp_ = nullptr, *pp_ = nullptr, *microBatches_ = nullptr;
    std::function<void()> showDeviceTotal_; // "= N device(s)" beside the device fields
    QCheckBox *sequenceParallel_ = nullptr;
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
