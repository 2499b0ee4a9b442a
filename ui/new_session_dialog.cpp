#include "ui/new_session_dialog.h"

#include "device/chip.h"
#include "device/emulator.h"
#include "ui/model_ops.h"
#include "ui/options_form.h"
#include "ui/torch_profiler_form.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QScreen>
#include <QStackedWidget>
#include <QStyle>
#include <QTabWidget>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

namespace npuscope::ui {

namespace {
const char kFromFile[] = "\x01from-file";

} // namespace

// The Workload tab: model, batch, devices and how the session runs.
QWidget *NewSessionDialog::buildWorkloadPage()
{
    auto *workload = new QWidget(this);
    auto *wf = new QFormLayout(workload);
    workloadLayout_ = wf;
    wf->setFieldGrowthPolicy(QFormLayout::ExpandingFieldsGrow);
    model_ = new QComboBox(workload);
    for (const QString &m : device::zooModelNames())
        model_->addItem(m, m);
    model_->insertSeparator(model_->count());
    for (const QString &m : device::llmModelNames())
        model_->addItem(m, m);
    model_->insertSeparator(model_->count());
    model_->addItem(QString(), QString::fromLatin1(kFromFile));
    model_->setCurrentIndex(qMax(0, model_->findData(QStringLiteral("resnet50"))));
    lastModelIndex_ = model_->currentIndex();
    batch_ = new QSpinBox(workload);
    batch_->setRange(1, 4096);
    batch_->setValue(32);
    iterations_ = new QSpinBox(workload);
    iterations_->setRange(1, 100000);
    iterations_->setValue(5);
    framework_ = new QComboBox(this);
    framework_->addItem(QString(), int(Framework::TensorFlow));
    framework_->addItem(QString(), int(Framework::PyTorch));
    chip_ = new QComboBox(workload);
    for (const QString &c : device::chipNames())
        chip_->addItem(QString(), c);
    precision_ = new QComboBox(workload);
    precision_->addItem(QString(), int(Precision::Mixed));
    precision_->addItem(QString(), int(Precision::Fp32));
    devices_ = new QSpinBox(workload);
    devices_->setRange(1, 8);
    devices_->setValue(2);
    servers_ = new QSpinBox(workload);
    servers_->setRange(1, 4);
    mode_ = new QComboBox(workload);
    mode_->addItem(QString(), int(LaunchMode::Estimator));
    mode_->addItem(QString(), int(LaunchMode::SessRun));
    inputRate_ = new QDoubleSpinBox(workload);
    inputRate_->setRange(0, 1e7);
    inputRate_->setDecimals(0);
    inputRate_->setSingleStep(100);
    seed_ = new QSpinBox(workload);
    seed_->setRange(0, std::numeric_limits<int>::max());
    seed_->setValue(1);
    segments_ = new QSpinBox(workload);
    segments_->setRange(1, 16);
    segments_->setValue(2);
    queueDepth_ = new QSpinBox(workload);
    queueDepth_->setRange(1, 1024);
    queueDepth_->setValue(32);
    clockBase_ = new QLineEdit(workload);
    clockBase_->setObjectName(QStringLiteral("clockBase"));
    auto *devRow = new QWidget(workload);
    auto *devLayout = new QHBoxLayout(devRow);
    devLayout->setContentsMargins(0, 0, 0, 0);
    auto *times = new QLabel(devRow);
    devLayout->addWidget(devices_);
    devLayout->addWidget(times);
    devLayout->addWidget(servers_);
    auto *devTotal = new QLabel(devRow);
    devTotal->setObjectName(QStringLiteral("deviceTotal"));
    devLayout->addWidget(devTotal, 1);
    // An LLM session has a device per rank: dp × tp × pp, whatever the (disabled) server fields say.
    showDeviceTotal_ = [devTotal, this] {
        const bool llm = dp_ && device::llmModelNames().contains(model_->currentData().toString());
        const int n = llm ? dp_->value() * tp_->value() * pp_->value() : devices_->value() * servers_->value();
        devTotal->setText(tr("= %n device(s)", nullptr, n));
    };
    auto *scenarioBox = new QWidget(workload);
    auto *sl = new QVBoxLayout(scenarioBox);
    sl->setContentsMargins(0, 0, 0, 0);
    sl->setSpacing(2);
    for (const char *s : {"slow-input", "straggler", "aicpu-fallback", "launch-bound", "single-segment",
                          "pipeline-bubble", "tp-no-overlap"}) {
        auto *cb = new QCheckBox(QString::fromLatin1(s), scenarioBox);
        sl->addWidget(cb);
        scenarios_.emplace_back(QString::fromLatin1(s), cb);
        connect(cb, &QCheckBox::toggled, this, &NewSessionDialog::validate);
    }
    // LLM layout: dp × tp × pp ranks (the devices follow), micro-batches per step.
    llmRow_ = new QWidget(workload);
    auto *llmLayout = new QHBoxLayout(llmRow_);
    llmLayout->setContentsMargins(0, 0, 0, 0);
    const auto llmSpin = [&](int max) {
        auto *b = new QSpinBox(llmRow_);
        b->setRange(1, max);
        llmLayout->addWidget(b);
        connect(b, &QSpinBox::valueChanged, this, &NewSessionDialog::validate);
        return b;
    };
    dp_ = llmSpin(64);
    tp_ = llmSpin(8);
    pp_ = llmSpin(64);
    microBatches_ = llmSpin(4096);
    microBatches_->setValue(4);
    sequenceParallel_ = new QCheckBox(llmRow_);
    llmLayout->addWidget(sequenceParallel_, 1);
    connect(sequenceParallel_, &QCheckBox::toggled, this, &NewSessionDialog::validate);
    const auto showLlm = [this] {
        const bool llm = device::llmModelNames().contains(model_->currentData().toString());
        llmRow_->setEnabled(llm);
        devices_->setEnabled(!llm);
        servers_->setEnabled(!llm);
    };
    connect(model_, &QComboBox::currentIndexChanged, this, showLlm);
    showLlm();
    workloadMessage_ = new QLabel(workload);
    workloadMessage_->setWordWrap(true);
    workloadMessage_->setStyleSheet(QString::fromLatin1(kMessageStyle));

    auto *lModel = new QLabel(workload), *lBatch = new QLabel(workload), *lIter = new QLabel(workload),
         *lPrec = new QLabel(workload), *lDev = new QLabel(workload), *lMode = new QLabel(workload),
         *lRate = new QLabel(workload), *lSeed = new QLabel(workload), *lSeg = new QLabel(workload),
         *lScen = new QLabel(workload), *lQueue = new QLabel(workload), *lClock = new QLabel(workload),
         *lChip = new QLabel(workload), *lLlm = new QLabel(workload);
    wf->addRow(lChip, chip_);
    wf->addRow(lModel, model_);
    wf->addRow(lBatch, batch_);
    wf->addRow(lIter, iterations_);
    wf->addRow(lPrec, precision_);
    wf->addRow(lDev, devRow);
    wf->addRow(lLlm, llmRow_);
    wf->addRow(lMode, mode_);
    wf->addRow(lRate, inputRate_);
    wf->addRow(lQueue, queueDepth_);
    wf->addRow(lSeed, seed_);
    wf->addRow(lSeg, segments_);
    wf->addRow(lScen, scenarioBox);
    wf->addRow(lClock, clockBase_);
    wf->addRow(QString(), workloadMessage_);
    lChip->setBuddy(chip_);
    lModel->setBuddy(model_);
    lBatch->setBuddy(batch_);
    lIter->setBuddy(iterations_);
    lPrec->setBuddy(precision_);
    lDev->setBuddy(devices_);
    lLlm->setBuddy(dp_);
    lMode->setBuddy(mode_);
    lRate->setBuddy(inputRate_);
    lQueue->setBuddy(queueDepth_);
    lSeed->setBuddy(seed_);
    lSeg->setBuddy(segments_);
    lClock->setBuddy(clockBase_);
    texts_->add([=, this] {
        framework_->setItemText(0, tr("TensorFlow — profiling_options"));
        framework_->setItemText(1, tr("PyTorch — torch_npu.profiler"));
        framework_->setToolTip(tr("The framework of the training script, and so the profiler configuration the "
                                  "session is recorded with"));
        lChip->setText(tr("C&hip:"));
        chip_->setItemText(chip_->findData(QStringLiteral("910")),
                           tr("Ascend 910 (32 AI Cores; two 4-card HCCS groups per server)"));
        chip_->setItemText(chip_->findData(QStringLiteral("910B")),
                           tr("Ascend 910B (24 cube + 48 vector cores; 8 cards fully connected by HCCS)"));
        chip_->setToolTip(tr("The chip the session is emulated on: its cores, clocks, memory and links "
                             "(docs/emulator.md, Chips)"));
        lModel->setText(tr("&Model:"));
        lBatch->setText(tr("&Batch size:"));
        lIter->setText(tr("&Iterations:"));
        lPrec->setText(tr("&Precision:"));
        lDev->setText(tr("&Devices:"));
        lLlm->setText(tr("P&arallelism (LLM):"));
        dp_->setPrefix(tr("dp "));
        tp_->setPrefix(tr("tp "));
        pp_->setPrefix(tr("pp "));
        microBatches_->setSuffix(tr(" micro-batch(es)"));
        sequenceParallel_->setText(tr("Sequence parallel"));
        llmRow_->setToolTip(tr("Data, tensor and pipeline parallelism of an LLM model (devices = dp × tp × pp, "
                               "servers of 8); micro-batches per step of the 1F1B schedule; the batch size is the "
                               "micro-batch size"));
        lMode->setText(tr("&Launch mode:"));
        lRate->setText(tr("Input &pipeline:"));
        lQueue->setText(tr("Input &queue depth:"));
        lSeed->setText(tr("&Seed:"));
        lSeg->setText(tr("All-reduce se&gments:"));
        lScen->setText(tr("Scenarios:"));
        lClock->setText(tr("&Clock base:"));
        clockBase_->setPlaceholderText(tr("now (the real clock)"));
        clockBase_->setToolTip(tr("Date the collection as starting at this ISO 8601 time, e.g. 2024-05-17T09:30:00Z, "
                                  "instead of now: with the same seed the exported files are then identical byte "
                                  "for byte, folder name included"));
        model_->setItemText(model_->findData(QString::fromLatin1(kFromFile)), tr("From file…"));
        model_->setToolTip(tr("A model of the zoo, or a JSON model file of your own"));
        precision_->setItemText(0, tr("Mixed precision (FP16 compute)"));
        precision_->setItemText(1, tr("FP32"));
        times->setText(tr("per server  ×"));
        servers_->setSuffix(tr(" server(s)"));
        showDeviceTotal_();
        mode_->setItemText(0, tr("Estimator (iterations sink to the device)"));
        mode_->setItemText(1, tr("sess.run (host round trip per step)"));
        inputRate_->setSpecialValueText(tr("fast enough (never the bottleneck)"));
        inputRate_->setSuffix(tr(" samples/s"));
        inputRate_->setToolTip(tr("Throughput of the host input pipeline; 0 = never the bottleneck"));
        seed_->setToolTip(tr("Same seed, same workload and options: the same records, byte for byte"));
        segments_->setToolTip(tr("Number of gradient all-reduce segments per iteration"));
        queueDepth_->setSuffix(tr(" batch(es)"));
        queueDepth_->setToolTip(tr("Capacity of the device data queue: a deep queue absorbs a jittery input pipeline, "
                                   "a shallow one passes every slow batch on to the step"));
        const QStringList tips = {tr("The host input pipeline is slower than the device (Data Aug Bound)"),
                                  tr("The last device (an LLM session: the rank set with --straggler-rank) runs 30 % slower; the others wait for it"),
                                  tr("Some ops fall back to the AI CPU"),
                                  tr("Small kernels: the host cannot launch tasks fast enough"),
                                  tr("One all-reduce segment after the whole backward pass"),
                                  tr("LLM: one micro-batch per step, so the pipeline stages mostly wait"),
                                  tr("LLM: tensor-parallel collectives run after their matrix products, not under them")};
        for (size_t i = 0; i < scenarios_.size() && i < size_t(tips.size()); ++i)
            scenarios_[i].second->setToolTip(tips.at(int(i)));
    });
    for (QSpinBox *b : {devices_, servers_, dp_, tp_, pp_})
        connect(b, &QSpinBox::valueChanged, this, [this] { showDeviceTotal_(); });
    connect(model_, &QComboBox::currentIndexChanged, this, [this] { showDeviceTotal_(); });
    connect(model_, &QComboBox::activated, this, [this](int index) {
        if (model_->itemData(index).toString() != QLatin1String(kFromFile)) {
            lastModelIndex_ = index;
            return;
        }
        const QString f = QFileDialog::getOpenFileName(this, tr("Model File"), QDir::homePath(),
                                                       tr("JSON model files (*.json);;All files (*)"));
        if (f.isEmpty()) {
            model_->setCurrentIndex(lastModelIndex_);
            return;
        }
        setModel(f);
    });
    for (QSpinBox *b : {batch_, iterations_, devices_, servers_, seed_, segments_, queueDepth_})
        connect(b, &QSpinBox::valueChanged, this, &NewSessionDialog::validate);
    connect(inputRate_, &QDoubleSpinBox::valueChanged, this, &NewSessionDialog::validate);
    connect(clockBase_, &QLineEdit::textChanged, this, &NewSessionDialog::validate);
    for (QComboBox *c : {chip_, model_, precision_, mode_})
        connect(c, &QComboBox::currentIndexChanged, this, &NewSessionDialog::validate);
    connect(model_, &QComboBox::currentIndexChanged, this, &NewSessionDialog::scheduleOpNames);
    connect(precision_, &QComboBox::currentIndexChanged, this, &NewSessionDialog::scheduleOpNames);
    connect(chip_, &QComboBox::currentIndexChanged, this, &NewSessionDialog::scheduleOpNames);
    // The launch mode and the dataset queue are TensorFlow's: a PyTorch step runs eagerly and
    // takes its batch from a DataLoader.
    tensorflowOnly_ = {mode_, queueDepth_};
    return workload;
}

// The rows under the tabs: the preset to load or save, and the project to record into.
QGridLayout *NewSessionDialog::buildPresetAndProjectRows(const QString &projectPath)
{
    presets_ = new QComboBox(this);
    presets_->setMinimumContentsLength(18);
    presets_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    auto *loadPresetButton = new QPushButton(this);
    auto *savePresetButton = new QPushButton(this);
    auto *deletePresetButton = new QPushButton(this);
    auto *presetLabel = new QLabel(this);
    presetLabel->setBuddy(presets_);
    // Presets hold profiling_options.
    for (QWidget *w : std::initializer_list<QWidget *>{presets_, loadPresetButton, savePresetButton, deletePresetButton, presetLabel})
        tensorflowOnly_.push_back(w);
    connect(loadPresetButton, &QPushButton::clicked, this, [this] {
        if (presets_->currentIndex() >= 0)
            loadPreset(presets_->currentData().toString());
    });
    connect(savePresetButton, &QPushButton::clicked, this, [this] {
        bool ok = false;
        const QString name = QInputDialog::getText(this, tr("Save Preset"), tr("Name of the preset:"), QLineEdit::Normal,
                                                   QString(), &ok).trimmed();
        if (ok && !name.isEmpty())
            savePreset(name);
    });
    connect(deletePresetButton, &QPushButton::clicked, this, [this] {
        if (presets_->currentIndex() >= 0)
            deletePreset(presets_->currentData().toString());
    });
    connect(presets_, &QComboBox::currentIndexChanged, this, [this, deletePresetButton, loadPresetButton] {
        const bool chosen = presets_->currentIndex() >= 0;
        loadPresetButton->setEnabled(chosen);
        deletePresetButton->setEnabled(chosen
                                       && !isBuiltinPreset(presets_->currentData().toString()));
    });

    project_ = new QLineEdit(projectPath.isEmpty() ? QDir::homePath() + QStringLiteral("/npuscope/session.npuscope")
                                                   : projectPath,
                             this);
    auto *browse = new QToolButton(this);
    auto *projectLabel = new QLabel(this);
    projectLabel->setBuddy(project_);
    connect(browse, &QToolButton::clicked, this, [this] {
        const QString f = QFileDialog::getSaveFileName(this, tr("Project File"), project_->text(),
                                                       tr("NPU Scope projects (*.npuscope)"), nullptr,
                                                       QFileDialog::DontConfirmOverwrite);
        if (!f.isEmpty())
            project_->setText(f);
    });
    connect(project_, &QLineEdit::textChanged, this, &NewSessionDialog::validate);

    texts_->add([=, this] {
        presetLabel->setText(tr("Pre&set:"));
        loadPresetButton->setText(tr("Load"));
        savePresetButton->setText(tr("Save As…"));
        deletePresetButton->setText(tr("Delete"));
        projectLabel->setText(tr("&Record into:"));
        browse->setText(tr("Browse…"));
        browse->setToolTip(tr("Choose the project file (a new session is added to an existing project)"));
        refreshPresets();
    });

    auto *bottom = new QGridLayout;
    bottom->addWidget(presetLabel, 0, 0);
    auto *presetRow = new QHBoxLayout;
    presetRow->addWidget(presets_, 1);
    presetRow->addWidget(loadPresetButton);
    presetRow->addWidget(savePresetButton);
    presetRow->addWidget(deletePresetButton);
    bottom->addLayout(presetRow, 0, 1);
    bottom->addWidget(projectLabel, 1, 0);
    auto *projectRow = new QHBoxLayout;
    projectRow->addWidget(project_, 1);
    projectRow->addWidget(browse);
    bottom->addLayout(projectRow, 1, 1);
    bottom->setColumnStretch(1, 1);
    return bottom;
}

NewSessionDialog::NewSessionDialog(const QString &projectPath, QWidget *parent)
    : QDialog(parent)
{
    setAcceptDrops(true);
    setSizeGripEnabled(true);

    QWidget *workload = buildWorkloadPage();

    // ---- Options ----
    // Each form scrolls on its own when the screen is too short for it.
    auto scrolled = [this](QWidget *form) {
        auto *scroll = new QScrollArea(this);
        scroll->setWidgetResizable(true);
        scroll->setFrameShape(QFrame::NoFrame);
        scroll->setWidget(form);
        return scroll;
    };
    form_ = new OptionsForm(this);
    QScrollArea *formScroll = scrolled(form_);
    connect(form_, &OptionsForm::changed, this, &NewSessionDialog::validate);
    connect(this, &NewSessionDialog::opNamesReady, form_, &OptionsForm::setOpNames);

    torch_ = new TorchProfilerForm(this);
    QScrollArea *torchScroll = scrolled(torch_);
    connect(torch_, &TorchProfilerForm::changed, this, &NewSessionDialog::validate);
    connect(iterations_, &QSpinBox::valueChanged, torch_, &TorchProfilerForm::setSteps);
    torch_->setSteps(iterations_->value());
    optionsStack_ = new QStackedWidget(this);
    optionsStack_->addWidget(formScroll);
    optionsStack_->addWidget(torchScroll);

    tabs_ = new QTabWidget(this);
    tabs_->addTab(workload, QString());
    tabs_->addTab(optionsStack_, QString());

    // ---- Preview and import ----
    QVBoxLayout *right = buildPreviewPane();
    // ---- Presets, project, buttons ----
    QGridLayout *bottom = buildPresetAndProjectRows(projectPath);
    summary_ = new QLabel(this);
    summary_->setWordWrap(true);
    buttons_ = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    run_ = buttons_->addButton(QString(), QDialogButtonBox::AcceptRole);
    run_->setDefault(true);
    connect(buttons_, &QDialogButtonBox::accepted, this, [this] {
        if (valid_)
            accept();
    });
    connect(buttons_, &QDialogButtonBox::rejected, this, &QDialog::reject);
    texts_->add([this] {
        setWindowTitle(tr("New Session"));
        run_->setText(tr("&Run"));
    });


    auto *top = new QHBoxLayout;
    // The forms keep their natural width; the preview takes what is left.
    top->addWidget(tabs_, 0);
    top->addLayout(right, 1);
    auto *frameworkLabel = new QLabel(this);
    frameworkLabel->setBuddy(framework_);
    texts_->add([frameworkLabel] { frameworkLabel->setText(tr("&Framework:")); });
    auto *frameworkRow = new QHBoxLayout;
    frameworkRow->addWidget(frameworkLabel);
    frameworkRow->addWidget(framework_);
    frameworkRow->addStretch(1);
    connect(framework_, &QComboBox::currentIndexChanged, this, &NewSessionDialog::frameworkChanged);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(frameworkRow);
    layout->addLayout(top, 1);
    layout->addLayout(bottom);
    auto *buttonRow = new QHBoxLayout;
    buttonRow->addWidget(summary_, 1);
    buttonRow->addWidget(buttons_);
    layout->addLayout(buttonRow);

    opTimer_ = new QTimer(this);
    opTimer_->setSingleShot(true);
    opTimer_->setInterval(250);
    connect(opTimer_, &QTimer::timeout, this, &NewSessionDialog::startOpNames);

    texts_->add([this] { updateFrameworkTexts(); });
    texts_->sayAll();
    chip_->setCurrentIndex(chip_->findData(chipOf_[0]));

    // As large as the content wants (both option forms without scrolling, where the screen
    // allows), within the screen's available area.
    ensurePolished();
    const QSize formHint = form_->sizeHint().expandedTo(torch_->sizeHint());
    const int scrollBar = style()->pixelMetric(QStyle::PM_ScrollBarExtent);
    formScroll->setMinimumWidth(form_->minimumSizeHint().width() + scrollBar);
    torchScroll->setMinimumWidth(torch_->minimumSizeHint().width() + scrollBar);
    QSize want = sizeHint();
    // The forms beside a preview wide enough for the generated code's longest lines.
    const int codeWidth = torchCode_->fontMetrics().horizontalAdvance(QString(84, QLatin1Char('x'))) + 80;
    want.setWidth(qMax(want.width(), formHint.width() + scrollBar + 40 + codeWidth));
    want.setHeight(qMax(want.height(), formHint.height() + 260));
    if (const QScreen *screen = parent ? parent->screen() : QGuiApplication::primaryScreen()) {
        const QRect avail = screen->availableGeometry();
        want = want.boundedTo(QSize(avail.width() * 95 / 100, avail.height() * 92 / 100));
    }
    resize(want);
    validate();
    scheduleOpNames();
}

Framework NewSessionDialog::framework() const
{
    return Framework(framework_->currentData().toInt());
}

void NewSessionDialog::setFramework(Framework f)
{
    framework_->setCurrentIndex(framework_->findData(int(f)));
}

void NewSessionDialog::frameworkChanged()
{
    const int now = int(framework());
    if (now != shownFramework_) {
        // Each framework keeps its chip (PyTorch's defaults to the 910B, as the CLI's run).
        chipOf_[shownFramework_] = chip_->currentData().toString();
        shownFramework_ = now;
        chip_->setCurrentIndex(qMax(0, chip_->findData(chipOf_[now])));
    }
    const bool torch = framework() == Framework::PyTorch;
    optionsStack_->setCurrentIndex(torch ? 1 : 0);
    previewStack_->setCurrentIndex(torch ? 1 : 0);
    for (QWidget *w : tensorflowOnly_) {
        if (workloadLayout_->indexOf(w) >= 0)
            workloadLayout_->setRowVisible(w, !torch);
        else
            w->setVisible(!torch);
    }
    updateFrameworkTexts();
    validate();
}

void NewSessionDialog::updateFrameworkTexts()
{
    const bool torch = framework() == Framework::PyTorch;
    tabs_->setTabText(0, tr("Workload"));
    tabs_->setTabText(1, torch ? tr("torch_npu profiler") : tr("Profiling options"));
    importHint_->setText(torch ? tr("Paste or open a PyTorch training script (.py), or drop it on this dialog: its "
                                    "torch_npu.profiler.profile(...) call fills the form.")
                               : tr("Paste or open a TensorFlow script (.py), or drop it on this dialog: its "
                                    "profiling_options fill the form."));
}

NewSessionDialog::~NewSessionDialog() = default;

SessionSpec NewSessionDialog::spec() const
{
    SessionSpec s;
    s.framework = framework();
    // The config torch_npu runs with (its corrections applied), as `run --framework pytorch`
    // stores it; the launch mode stays at its default there too (a PyTorch step is eager).
    if (s.framework == Framework::PyTorch)
        s.torchProfilerConfig = torch_->config().toJson();
    s.chip = chip_->currentData().toString();
    s.model = model_->currentData().toString();
    s.batchSize = batch_->value();
    s.iterations = iterations_->value();
    s.devicesPerServer = devices_->value();
    s.servers = servers_->value();
    if (device::llmModelNames().contains(s.model)) {
        s.llm.dp = dp_->value();
        s.llm.tp = tp_->value();
        s.llm.pp = pp_->value();
        s.llm.microBatches = microBatches_->value();
        s.llm.sequenceParallel = sequenceParallel_->isChecked();
        const int n = s.llm.dp * s.llm.tp * s.llm.pp;
        s.devicesPerServer = std::min(n, 8);
        s.servers = (n + 7) / 8;
    }
    if (s.framework == Framework::TensorFlow)
        s.mode = LaunchMode(mode_->currentData().toInt());
    s.precision = Precision(precision_->currentData().toInt());
    s.seed = std::uint64_t(seed_->value());
    s.inputRate = inputRate_->value();
    s.segments = segments_->value();
    s.queueDepth = queueDepth_->value();
    if (const QString base = clockBase_->text().trimmed(); !base.isEmpty() && !clockBaseFromIso(base, &s.clockBaseUs, nullptr))
        s.clockBaseUs = 0;
    for (const auto &[name, cb] : scenarios_)
        if (cb->isChecked())
            s.scenarios << name;
    return s;
}

ProfilingOptions NewSessionDialog::options() const
{
    if (framework() == Framework::PyTorch) {
        // The emulator derives what CANN collects from the torch_npu config; the output
        // directory is the handler's, as torch_npu writes there.
        ProfilingOptions o;
        o.output = torch_->config().onTraceReady ? torch_->config().onTraceReady->dirName : QString();
        return o;
    }
    return form_->options();
}

QString NewSessionDialog::projectPath() const
{
    return project_->text().trimmed();
}

void NewSessionDialog::setProjectPath(const QString &path)
{
    project_->setText(path);
}

void NewSessionDialog::setModel(const QString &nameOrPath)
{
    int i = model_->findData(nameOrPath);
    if (i < 0) {
        // User model files go just above the separator, shown by file name.
        i = model_->findData(QString::fromLatin1(kFromFile)) - 1;
        model_->insertItem(i, QFileInfo(nameOrPath).fileName(), nameOrPath);
        model_->setItemData(i, QDir::toNativeSeparators(nameOrPath), Qt::ToolTipRole);
    }
    model_->setCurrentIndex(i);
    lastModelIndex_ = i;
}

void NewSessionDialog::validate()
{
    if (!run_)
        return;
    QStringList workloadProblems;
    QString specError;
    const SessionSpec s = spec();
    if (s.model == QLatin1String(kFromFile))
        workloadProblems << tr("Choose a model file.");
    else if (!device::Emulator::validate(s, &specError))
        workloadProblems << specError;
    if (projectPath().isEmpty())
        workloadProblems << tr("Choose a project file to record into.");
    QString clockError;
    std::int64_t clockUs = 0;
    if (const QString base = clockBase_->text().trimmed(); !base.isEmpty() && !clockBaseFromIso(base, &clockUs, &clockError))
        workloadProblems << clockError;

    const bool torch = s.framework == Framework::PyTorch;
    torch_->setSteps(s.iterations);
    if (torch && torch_->isValid() && torch_->recordedSteps().isEmpty())
        workloadProblems << tr("The torch_npu schedule records none of the %n step(s): run more iterations or shorten "
                               "the schedule's skip_first, wait and warmup.", nullptr, s.iterations);
    workloadMessage_->setText(workloadProblems.join(QLatin1Char('\n')));
    workloadMessage_->setVisible(!workloadProblems.isEmpty());
    // torch_npu stops only on errors; its warnings are corrections it makes and runs with.
    int optionProblems = 0;
    if (torch) {
        for (const auto &p : torch_->problems())
            optionProblems += p.severity == torchcfg::ConfigProblem::Severity::Error;
    } else {
        optionProblems = int(form_->problems().size());
    }
    valid_ = workloadProblems.isEmpty() && optionProblems == 0;
    run_->setEnabled(valid_);
    QStringList where;
    if (!workloadProblems.isEmpty())
        where << tr("%n problem(s) in the workload", nullptr, int(workloadProblems.size()));
    if (optionProblems)
        where << (torch ? tr("%n problem(s) in the torch_npu profiler config", nullptr, optionProblems)
                        : tr("%n problem(s) in the profiling options", nullptr, optionProblems));
    if (valid_ && torch) {
        summary_->setStyleSheet(QString());
        QString text = tr("Ready to run %1 × %n step(s) with torch_npu's profiler.", nullptr, s.iterations).arg(s.model);
        if (const int w = torch_->warningCount())
            text += QLatin1Char(' ') + tr("torch_npu corrects %n setting(s) (marked in the form) and runs with the corrected values.",
                                          nullptr, w);
        summary_->setText(text);
    } else if (valid_) {
        summary_->setStyleSheet(QString());
        const QStringList noData = form_->options().optionsWithoutData();
        summary_->setText(noData.isEmpty() ? tr("Ready to run %1 × %n iteration(s).", nullptr, s.iterations).arg(s.model)
                                           : noData.join(QLatin1Char(' ')));
    } else {
        summary_->setStyleSheet(QString::fromLatin1(kMessageStyle));
        summary_->setText(tr("Run is disabled: %1.").arg(where.join(tr(", "))));
    }
    updatePreview();
}

void NewSessionDialog::scheduleOpNames()
{
    opTimer_->start();
}

void NewSessionDialog::startOpNames()
{
    SessionSpec s = spec();
    if (s.model == QLatin1String(kFromFile))
        return;
    s.batchSize = 1; // names do not depend on the batch; the smallest compiles fastest
    const QString key = s.model + QLatin1Char('|') + precisionName(s.precision) + QLatin1Char('|') + s.chip;
    if (key == lastModelKey_)
        return;
    lastModelKey_ = key;
    // A compile already running finishes first; only the newest model's names arrive.
    opNames_.start(
        [s](JobControl &) {
            QString error;
            return compiledOpNames(s, &error);
        },
        [this](const QStringList &names) { Q_EMIT opNamesReady(names); });
}

} // namespace npuscope::ui
