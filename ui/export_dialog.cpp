#include "ui/export_dialog.h"

#include "core/store/project.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDesktopServices>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QToolButton>
#include <QUrl>
#include <QVBoxLayout>

#include <algorithm>

namespace npuscope::ui {

ExportDialog::ExportDialog(const QString &projectPath, std::int64_t sessionId, QWidget *parent)
    : QDialog(parent)
    , projectPath_(projectPath)
    , sessionId_(sessionId)
{
    layout_ = new QComboBox(this);
    for (int i = 0; i < int(exporting::exportLayoutNames().size()); ++i)
        layout_->addItem(QString(), i);
    dir_ = new QLineEdit(QFileInfo(projectPath).absolutePath() + QStringLiteral("/export"), this);
    auto *browse = new QToolButton(this);
    devices_ = new QListWidget(this);
    model_ = new QComboBox(this);
    allIterations_ = new QCheckBox(this);
    allIterations_->setChecked(true);
    first_ = new QSpinBox(this);
    last_ = new QSpinBox(this);
    kinds_ = new QListWidget(this);
    progress_ = new QProgressBar(this);
    progress_->hide();
    result_ = new QLabel(this);
    result_->setWordWrap(true);
    result_->setTextFormat(Qt::RichText);
    result_->setTextInteractionFlags(Qt::TextBrowserInteraction);
    result_->setOpenExternalLinks(false);
    connect(result_, &QLabel::linkActivated, this, [](const QString &link) { QDesktopServices::openUrl(QUrl(link)); });
    problem_ = new QLabel(this);
    problem_->setWordWrap(true);
    problem_->setStyleSheet(QStringLiteral("color: #d0334a;"));

    // What the session holds.
    store::StoreError err = store::StoreError::None;
    // The window's project, checked in full when the window opened it.
    auto project = store::Project::open(projectPath, store::Project::Mode::ReadOnly, &err, &error_,
                                        store::Project::Check::Schema);
    std::unique_ptr<store::ProjectReader> reader = project ? project->session(sessionId, &error_) : nullptr;
    if (reader) {
        usable_ = true;
        const SessionInfo &info = reader->sessionInfo();
        for (const DeviceInfo &d : info.devices) {
            auto *it = new QListWidgetItem(devices_);
            it->setData(Qt::UserRole, int(d.id));
            it->setFlags(it->flags() | Qt::ItemIsUserCheckable);
            it->setCheckState(Qt::Checked);
        }
        model_->addItem(QString(), -1);
        for (const ModelInfo &m : info.models)
            model_->addItem(QStringLiteral("%1: %2").arg(m.id).arg(m.name), qlonglong(m.id));
        for (const IterationKey &k : reader->iterations())
            maxIteration_ = std::max(maxIteration_, int(k.iteration));
        // A PyTorch session starts on torch_npu's layout; the others on the legacy one.
        layout_->setCurrentIndex(layout_->findData(int(exporting::defaultExportLayout(info))));
    }
    for (const QString &k : exporting::exportKinds()) {
        auto *it = new QListWidgetItem(k, kinds_);
        it->setFlags(it->flags() | Qt::ItemIsUserCheckable);
        it->setCheckState(Qt::Checked);
    }
    // Lists as tall as their content (a few devices; every file kind without scrolling).
    auto fit = [](QListWidget *l, int maxRows) {
        const int rows = std::clamp(l->count(), 1, maxRows);
        l->setFixedHeight(l->sizeHintForRow(0) * rows + 2 * l->frameWidth() + 4);
    };
    fit(devices_, 6);
    fit(kinds_, 20);
    first_->setRange(1, maxIteration_);
    last_->setRange(1, maxIteration_);
    last_->setValue(maxIteration_);
    first_->setEnabled(false);
    last_->setEnabled(false);
    connect(allIterations_, &QCheckBox::toggled, this, [this](bool all) {
        first_->setEnabled(!all);
        last_->setEnabled(!all);
        validate();
    });
    connect(first_, &QSpinBox::valueChanged, this, &ExportDialog::validate);
    connect(last_, &QSpinBox::valueChanged, this, &ExportDialog::validate);
    connect(devices_, &QListWidget::itemChanged, this, &ExportDialog::validate);
    connect(kinds_, &QListWidget::itemChanged, this, &ExportDialog::validate);
    // Files are chosen by kind only in the legacy layout (one file per kind and iteration).
    connect(layout_, &QComboBox::currentIndexChanged, this, [this] {
        kinds_->setEnabled(layout_->currentData().toInt() == int(exporting::ExportLayout::Legacy));
        validate();
    });
    kinds_->setEnabled(layout_->currentData().toInt() == int(exporting::ExportLayout::Legacy));
    connect(dir_, &QLineEdit::textChanged, this, &ExportDialog::validate);
    connect(browse, &QToolButton::clicked, this, [this] {
        const QString d = QFileDialog::getExistingDirectory(this, tr("Export Into"), dir_->text());
        if (!d.isEmpty())
            dir_->setText(d);
    });

    auto *form = new QFormLayout;
    auto *dirRow = new QHBoxLayout;
    dirRow->addWidget(dir_, 1);
    dirRow->addWidget(browse);
    auto *rangeRow = new QHBoxLayout;
    auto *dash = new QLabel(QStringLiteral("–"), this);
    rangeRow->addWidget(allIterations_);
    rangeRow->addWidget(first_);
    rangeRow->addWidget(dash);
    rangeRow->addWidget(last_);
    rangeRow->addStretch(1);
    auto *lLayout = new QLabel(this), *lDir = new QLabel(this), *lDev = new QLabel(this), *lModel = new QLabel(this), *lIt = new QLabel(this),
         *lKinds = new QLabel(this);
    form->addRow(lLayout, layout_);
    form->addRow(lDir, dirRow);
    form->addRow(lDev, devices_);
    form->addRow(lModel, model_);
    form->addRow(lIt, rangeRow);
    form->addRow(lKinds, kinds_);
    lLayout->setBuddy(layout_);
    lDir->setBuddy(dir_);
    lModel->setBuddy(model_);

    auto *buttons = new QDialogButtonBox(this);
    export_ = buttons->addButton(QString(), QDialogButtonBox::AcceptRole);
    export_->setDefault(true);
    cancel_ = buttons->addButton(QString(), QDialogButtonBox::ActionRole);
    cancel_->setEnabled(false);
    close_ = buttons->addButton(QDialogButtonBox::Close);
    connect(export_, &QPushButton::clicked, this, &ExportDialog::startExport);
    connect(cancel_, &QPushButton::clicked, this, [this] { jobs_.cancel(); });
    connect(close_, &QPushButton::clicked, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(problem_);
    layout->addWidget(progress_);
    layout->addWidget(result_);
    layout->addStretch(1);
    layout->addWidget(buttons);

    texts_->add([=, this] {
        setWindowTitle(tr("Export Session %1").arg(sessionId_));
        browse->setText(tr("Browse…"));
        lLayout->setText(tr("&Layout:"));
        layout_->setItemText(int(exporting::ExportLayout::Legacy), tr("msprof, legacy PROF layout (Ascend 910, CANN up to 6)"));
        layout_->setItemText(int(exporting::ExportLayout::Msprof), tr("msprof, CANN 8 layout (mindstudio_profiler_output)"));
        layout_->setItemText(int(exporting::ExportLayout::TorchNpu), tr("torch_npu text export (*_ascend_pt folders)"));
        layout_->setItemText(int(exporting::ExportLayout::Db), tr("msprof, unified SQLite export (msprof_*.db)"));
        layout_->setToolTip(tr("Which profiler's output the export imitates; docs/export.md describes each layout"));
        lDir->setText(tr("&Folder:"));
        lDev->setText(tr("Devices:"));
        lModel->setText(tr("&Model:"));
        lIt->setText(tr("Iterations:"));
        lKinds->setText(tr("Files:"));
        allIterations_->setText(tr("all, or from"));
        model_->setItemText(0, tr("All models"));
        for (int i = 0; i < devices_->count(); ++i)
            devices_->item(i)->setText(tr("Device %1").arg(devices_->item(i)->data(Qt::UserRole).toInt()));
        dir_->setToolTip(tr("A PROF_… directory is created inside this folder"));
        export_->setText(tr("&Export"));
        cancel_->setText(tr("Cancel Export"));
    });
    texts_->sayAll();
    resize(640, sizeHint().height());
    validate();
}

ExportDialog::~ExportDialog() = default;

void ExportDialog::reject()
{
    jobs_.discard(); // closing while exporting cancels it (files written so far are whole)
    QDialog::reject();
}

void ExportDialog::setOutputDir(const QString &dir)
{
    dir_->setText(dir);
}

void ExportDialog::preselect(int device, std::int64_t modelId, std::int64_t iteration)
{
    if (device >= 0)
        for (int i = 0; i < devices_->count(); ++i)
            devices_->item(i)->setCheckState(devices_->item(i)->data(Qt::UserRole).toInt() == device ? Qt::Checked
                                                                                                    : Qt::Unchecked);
    if (modelId >= 0)
        model_->setCurrentIndex(qMax(0, model_->findData(qlonglong(modelId))));
    if (iteration > 0) {
        allIterations_->setChecked(false);
        first_->setValue(int(iteration));
        last_->setValue(int(iteration));
    }
}

exporting::ExportRequest ExportDialog::request() const
{
    exporting::ExportRequest r;
    r.layout = static_cast<exporting::ExportLayout>(layout_->currentData().toInt());
    r.outputDir = dir_->text().trimmed();
    bool all = true;
    for (int i = 0; i < devices_->count(); ++i) {
        if (devices_->item(i)->checkState() == Qt::Checked)
            r.devices.push_back(std::uint16_t(devices_->item(i)->data(Qt::UserRole).toInt()));
        else
            all = false;
    }
    if (all)
        r.devices.clear();
    if (model_->currentData().toLongLong() >= 0)
        r.modelId = std::uint32_t(model_->currentData().toLongLong());
    if (!allIterations_->isChecked()) {
        r.firstIteration = std::uint32_t(first_->value());
        r.lastIteration = std::uint32_t(last_->value());
    }
    bool allKinds = true;
    for (int i = 0; i < kinds_->count(); ++i) {
        if (kinds_->item(i)->checkState() == Qt::Checked)
            r.kinds << kinds_->item(i)->text();
        else
            allKinds = false;
    }
    if (allKinds || r.layout != exporting::ExportLayout::Legacy)
        r.kinds.clear();
    r.profCounter = std::uint32_t(std::max<std::int64_t>(1, sessionId_));
    return r;
}

void ExportDialog::validate()
{
    QStringList problems;
    if (!usable_)
        problems << error_;
    if (dir_->text().trimmed().isEmpty())
        problems << tr("Choose the folder to export into.");
    bool anyDevice = false;
    for (int i = 0; i < devices_->count(); ++i)
        anyDevice |= devices_->item(i)->checkState() == Qt::Checked;
    if (usable_ && !anyDevice)
        problems << tr("Select at least one device.");
    bool anyKind = false;
    for (int i = 0; i < kinds_->count(); ++i)
        anyKind |= kinds_->item(i)->checkState() == Qt::Checked;
    if (!anyKind && kinds_->isEnabled())
        problems << tr("Select at least one kind of file.");
    if (!allIterations_->isChecked() && first_->value() > last_->value())
        problems << tr("The first iteration (%1) comes after the last (%2).").arg(first_->value()).arg(last_->value());
    problem_->setText(problems.join(QLatin1Char('\n')));
    problem_->setVisible(!problems.isEmpty());
    export_->setEnabled(problems.isEmpty() && !isRunning());
}

void ExportDialog::startExport()
{
    if (isRunning() || !export_->isEnabled())
        return;
    const exporting::ExportRequest req = request();
    const QString path = projectPath_;
    const std::int64_t id = sessionId_;
    progress_->setRange(0, 0);
    progress_->show();
    result_->clear();
    export_->setEnabled(false);
    cancel_->setEnabled(true);
    struct Outcome {
        QString status = QStringLiteral("failed");
        QString message;
        exporting::ExportResult result;
    };
    jobs_.start(
        [this, path, id, req](JobControl &job) {
            Outcome o;
            store::StoreError err = store::StoreError::None;
            auto project = store::Project::open(path, store::Project::Mode::ReadOnly, &err, &o.message, store::Project::Check::Schema);
            std::unique_ptr<store::ProjectReader> reader = project ? project->session(id, &o.message) : nullptr;
            if (!reader)
                return o;
            exporting::ExportError kind = exporting::ExportError::None;
            const auto progress = [this, &job](const exporting::ExportProgress &p) {
                job.report([this, p] {
                    progress_->setRange(0, int(p.filesTotal));
                    progress_->setValue(int(p.filesDone));
                }, p.filesDone == p.filesTotal);
            };
            const bool ok = exporting::exportSession(*reader, req, &o.result, &kind, &o.message, progress, job.cancelFlag());
            if (const QString readError = reader->errorString(); !readError.isEmpty()) {
                // A read met damage the open did not scan for (docs/storage.md): what was
                // written would be short, so none of it is kept.
                if (ok)
                    for (const QString &dir : o.result.dirs)
                        QDir(dir).removeRecursively();
                o.result = {};
                o.message = readError;
                return o;
            }
            if (ok)
                o.status = QStringLiteral("complete");
            else if (kind == exporting::ExportError::Cancelled)
                o.status = QStringLiteral("cancelled");
            return o;
        },
        [this](Outcome o) { done(o.status, o.message, o.result); });
}

void ExportDialog::done(const QString &status, const QString &message, const exporting::ExportResult &result)
{
    cancel_->setEnabled(false);
    progress_->hide();
    QString text;
    if (status == QLatin1String("complete")) {
        profDir_ = result.profDir;
        // Several folders (one per device): the link opens the folder that holds them.
        const QString shown = result.dirs.size() > 1 ? QFileInfo(result.profDir).absolutePath() : result.profDir;
        text = tr("Exported %n file(s) to <a href=\"%1\">%2</a>.", nullptr, int(result.files.size()))
                   .arg(QUrl::fromLocalFile(shown).toString(), QDir::toNativeSeparators(shown).toHtmlEscaped());
        result_->setStyleSheet(QString());
    } else if (status == QLatin1String("cancelled")) {
        text = tr("The export was cancelled. Files written so far are complete; none is half-written.");
        result_->setStyleSheet(QString());
    } else {
        text = message.toHtmlEscaped();
        result_->setStyleSheet(QStringLiteral("color: #d0334a;"));
    }
    result_->setText(text);
    validate();
    Q_EMIT finished(status, status == QLatin1String("complete") ? text : message);
}

} // namespace npuscope::ui
