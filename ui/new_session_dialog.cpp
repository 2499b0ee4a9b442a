#include "ui/new_session_dialog.h"

#include "device/emulator.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QToolButton>
#include <QVBoxLayout>

namespace npuscope::ui {

NewSessionDialog::NewSessionDialog(const QString &projectPath, QWidget *parent)
    : QDialog(parent)
{
    setWindowTitle(tr("New Session"));

    auto *workload = new QGroupBox(tr("Workload"), this);
    auto *form = new QFormLayout(workload);
    model_ = new QComboBox(workload);
    model_->addItems(device::zooModelNames());
    model_->setCurrentText(QStringLiteral("resnet50"));
    batch_ = new QSpinBox(workload);
    batch_->setRange(1, 4096);
    batch_->setValue(32);
    iterations_ = new QSpinBox(workload);
    iterations_->setRange(1, 100000);
    iterations_->setValue(5);
    devices_ = new QSpinBox(workload);
    devices_->setRange(1, 8);
    devices_->setValue(2);
    mode_ = new QComboBox(workload);
    mode_->addItem(tr("Estimator (iterations sink to the device)"), int(LaunchMode::Estimator));
    mode_->addItem(tr("sess.run (host round trip per step)"), int(LaunchMode::SessRun));
    precision_ = new QComboBox(workload);
    precision_->addItem(tr("Mixed precision"), int(Precision::Mixed));
    precision_->addItem(tr("FP32"), int(Precision::Fp32));
    seed_ = new QSpinBox(workload);
    seed_->setRange(0, 1 << 30);
    seed_->setValue(1);
    form->addRow(tr("&Model:"), model_);
    form->addRow(tr("&Batch size:"), batch_);
    form->addRow(tr("&Iterations:"), iterations_);
    form->addRow(tr("&Devices:"), devices_);
    form->addRow(tr("&Launch mode:"), mode_);
    form->addRow(tr("&Precision:"), precision_);
    form->addRow(tr("&Seed:"), seed_);

    auto *opts = new QGroupBox(tr("profiling_options"), this);
    auto *ol = new QVBoxLayout(opts);
    optionsEdit_ = new QPlainTextEdit(opts);
    optionsEdit_->setPlainText(QStringLiteral(
        "{\"output\":\"%1\",\"training_trace\":\"on\",\"task_trace\":\"on\",\"hccl\":\"on\",\"aicpu\":\"on\","
        "\"l2\":\"on\",\"msproftx\":\"on\",\"aic_metrics\":\"PipeUtilization\",\"fp_point\":\"\",\"bp_point\":\"\"}")
                                  .arg(QDir::homePath() + QStringLiteral("/npuscope-output")));
    optionsEdit_->setMinimumHeight(90);
    problems_ = new QLabel(opts);
    problems_->setWordWrap(true);
    problems_->setTextFormat(Qt::PlainText);
    ol->addWidget(optionsEdit_);
    ol->addWidget(problems_);

    auto *projectRow = new QHBoxLayout;
    project_ = new QLineEdit(projectPath.isEmpty() ? QDir::homePath() + QStringLiteral("/session.npuscope")
                                                   : projectPath, this);
    auto *browse = new QToolButton(this);
    browse->setText(tr("…"));
    browse->setToolTip(tr("Choose the project file"));
    connect(browse, &QToolButton::clicked, this, [this] {
        const QString f = QFileDialog::getSaveFileName(this, tr("Project File"), project_->text(),
                                                       tr("NPU Scope projects (*.npuscope)"), nullptr,
                                                       QFileDialog::DontConfirmOverwrite);
        if (!f.isEmpty())
            project_->setText(f);
    });
    projectRow->addWidget(new QLabel(tr("Record into:"), this));
    projectRow->addWidget(project_, 1);
    projectRow->addWidget(browse);

    buttons_ = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    auto *run = buttons_->addButton(tr("&Run"), QDialogButtonBox::AcceptRole);
    run->setDefault(true);
    connect(buttons_, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons_, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(workload);
    layout->addWidget(opts, 1);
    layout->addLayout(projectRow);
    layout->addWidget(buttons_);

    connect(optionsEdit_, &QPlainTextEdit::textChanged, this, &NewSessionDialog::validate);
    connect(project_, &QLineEdit::textChanged, this, &NewSessionDialog::validate);
    resize(640, 560);
    validate();
}

QPushButton *NewSessionDialog::runButton() const
{
    const auto buttons = buttons_->buttons();
    for (auto *b : buttons)
        if (buttons_->buttonRole(b) == QDialogButtonBox::AcceptRole)
            return qobject_cast<QPushButton *>(b);
    return nullptr;
}

SessionSpec NewSessionDialog::spec() const
{
    SessionSpec s;
    s.model = model_->currentText();
    s.batchSize = batch_->value();
    s.iterations = iterations_->value();
    s.devicesPerServer = devices_->value();
    s.mode = LaunchMode(mode_->currentData().toInt());
    s.precision = Precision(precision_->currentData().toInt());
    s.seed = std::uint64_t(seed_->value());
    return s;
}

QString NewSessionDialog::projectPath() const
{
    return project_->text().trimmed();
}

void NewSessionDialog::setProjectPath(const QString &path)
{
    project_->setText(path);
}

void NewSessionDialog::validate()
{
    ProfilingOptions parsed;
    const auto problems = ProfilingOptions::parse(optionsEdit_->toPlainText().toUtf8(), &parsed);
    QStringList lines;
    for (const auto &p : problems)
        lines << QStringLiteral("• ") + p.message;
    if (projectPath().isEmpty())
        lines << QStringLiteral("• ") + tr("Choose a project file to record into.");
    valid_ = lines.isEmpty();
    if (valid_) {
        options_ = parsed;
        problems_->setStyleSheet(QString());
        problems_->setText(tr("The options are valid."));
    } else {
        problems_->setStyleSheet(QStringLiteral("color: #b00020;"));
        problems_->setText(lines.join(QLatin1Char('\n')));
    }
    if (auto *run = runButton())
        run->setEnabled(valid_);
}

} // namespace npuscope::ui
