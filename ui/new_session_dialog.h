#pragma once
// New session: workload settings plus the profiling_options string, validated as the
// user types with the same core validator the CLI uses; Run stays disabled on errors.

#include "core/model/session.h"
#include "core/options/profiling_options.h"

#include <QDialog>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QSpinBox;

namespace npuscope::ui {

class NewSessionDialog : public QDialog {
    Q_OBJECT
public:
    explicit NewSessionDialog(const QString &projectPath, QWidget *parent = nullptr);

    SessionSpec spec() const;
    ProfilingOptions options() const { return options_; }
    QString projectPath() const;
    void setProjectPath(const QString &path);
    bool isValid() const { return valid_; }
    QPlainTextEdit *optionsEdit() const { return optionsEdit_; }
    QLabel *problemsLabel() const { return problems_; }
    QPushButton *runButton() const;

private:
    void validate();

    QComboBox *model_ = nullptr;
    QSpinBox *batch_ = nullptr;
    QSpinBox *iterations_ = nullptr;
    QSpinBox *devices_ = nullptr;
    QComboBox *mode_ = nullptr;
    QComboBox *precision_ = nullptr;
    QSpinBox *seed_ = nullptr;
    QPlainTextEdit *optionsEdit_ = nullptr;
    QLineEdit *project_ = nullptr;
    QLabel *problems_ = nullptr;
    QDialogButtonBox *buttons_ = nullptr;
    ProfilingOptions options_;
    bool valid_ = false;
};

} // namespace npuscope::ui
