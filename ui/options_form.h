#pragma once
// The profiling_options form: one widget per key of profiling-options.md. The form's state
// is turned into the JSON string a training script would pass and validated as the user
// types with the core validator (ProfilingOptions::parse, the one the CLI uses); each
// problem is shown next to the field of its key. Keys left at their defaults are not
// written, except the seed's keys, which are always shown in the JSON like the spec's
// examples.

#include "core/options/profiling_options.h"

#include <QHash>
#include <QWidget>
#include <functional>
#include <vector>

class QCheckBox;
class QComboBox;
class QCompleter;
class QLabel;
class QLineEdit;
class QStringListModel;

namespace npuscope::ui {

class OptionsForm : public QWidget {
    Q_OBJECT
public:
    explicit OptionsForm(QWidget *parent = nullptr);

    // The JSON string the form stands for (keys in the spec's order).
    QByteArray json() const;
    // Problems of the current state, as the core validator reports them.
    const std::vector<OptionProblem> &problems() const { return problems_; }
    bool isValid() const { return problems_.empty(); }
    // The parsed options (meaningful when isValid()).
    const ProfilingOptions &options() const { return parsed_; }

    // Fills every widget from options (keys not present in options.presentKeys and equal
    // to their defaults are left empty/default).
    void setOptions(const ProfilingOptions &options);
    // Completion candidates for fp_point / bp_point.
    void setOpNames(const QStringList &names);
    QStringList opNames() const;

    // The widget editing `key` (QLineEdit, QCheckBox or QComboBox) and its message label;
    // nullptr for unknown keys. Tests and the dialog use these.
    QWidget *field(const QString &key) const { return fields_.value(key); }
    QLabel *messageLabel(const QString &key) const { return messages_.value(key); }
    // Problems not tied to one field (whole-string problems).
    QLabel *generalMessage() const { return general_; }

Q_SIGNALS:
    void changed();

protected:
    void changeEvent(QEvent *e) override;

private:
    void retranslateUi();
    void onTr(std::function<void()> f);
    void revalidate();
    QLabel *addMessage(const QString &key);
    QLineEdit *addLine(const QString &key);
    QCheckBox *addSwitch(const QString &key);
    void updateMetricsHelp();

    QHash<QString, QWidget *> fields_;
    QHash<QString, QLabel *> messages_;
    std::vector<std::function<void()>> texts_;
    QLabel *general_ = nullptr;
    QLabel *aicHelp_ = nullptr;
    QLabel *aivHelp_ = nullptr;
    QComboBox *aic_ = nullptr;
    QComboBox *aiv_ = nullptr;
    QComboBox *taskTime_ = nullptr;
    QComboBox *llc_ = nullptr;
    QCheckBox *hostSysCpu_ = nullptr, *hostSysMem_ = nullptr, *hostUsageCpu_ = nullptr, *hostUsageMem_ = nullptr;
    QStringListModel *opModel_ = nullptr;
    std::vector<OptionProblem> problems_;
    ProfilingOptions parsed_;
    bool filling_ = false;
};

// One sentence explaining an aic_metrics / aiv_metrics group (translated).
QString aicMetricsExplanation(AicMetrics m);

} // namespace npuscope::ui
