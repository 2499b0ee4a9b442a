#pragma once
// The profiling_options form: one widget per key of profiling-options.md. The form's state
// is turned into the JSON string a training script would pass and validated as the user
// types with the core validator (ProfilingOptions::parse, the one the CLI uses); each
// problem is shown next to the field of its key. Keys left at their defaults are not
// written, except the seed's keys, which are always shown in the JSON like the spec's
// examples.

#include "core/options/profiling_options.h"

#include "ui/field_form.h"

#include <vector>

class QCheckBox;
class QComboBox;
class QCompleter;
class QLabel;
class QLineEdit;
class QStringListModel;

namespace npuscope::ui {

class OptionsForm : public FieldForm {
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

    // field(key) is a QLineEdit, QCheckBox or QComboBox; generalMessage() holds the
    // whole-string problems (FieldForm).

private:
    void retranslated() override;
    void revalidate() override;
    void updateMetricsHelp();

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
