#include "ui/torch_profiler_form.h"

#include "core/options/profiling_options.h"
#include "device/torch_session.h"
#include "ui/options_form.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QSpinBox>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace npuscope::ui {

using namespace torchcfg;

namespace {

const char kErrorStyle[] = "color: #d0334a;";
const char kWarningStyle[] = "color: #b86e00;";
const char kNoteStyle[] = "color: #3f6fb5;";

constexpr ProfilerLevel kLevels[] = {ProfilerLevel::Level_none, ProfilerLevel::Level0, ProfilerLevel::Level1,
                                     ProfilerLevel::Level2};
constexpr torchcfg::AicMetrics kAic[] = {
    torchcfg::AicMetrics::AiCoreNone,       torchcfg::AicMetrics::PipeUtilization,
    torchcfg::AicMetrics::ArithmeticUtilization, torchcfg::AicMetrics::Memory,
    torchcfg::AicMetrics::MemoryL0,         torchcfg::AicMetrics::MemoryUB,
    torchcfg::AicMetrics::ResourceConflictRatio, torchcfg::AicMetrics::L2Cache,
    torchcfg::AicMetrics::MemoryAccess,
};
constexpr HostSystem kHost[] = {HostSystem::CPU, HostSystem::MEM,  HostSystem::DISK,
                                HostSystem::NETWORK, HostSystem::OSRT, HostSystem::NUMA};

const QString kExp = QStringLiteral("experimental_config.");

// The counts and switches of the configuration by the key of their field (a schedule count
// under "schedule.", a trace handler switch under "on_trace_ready.", an experimental one
// under kExp): json() reads the fields and setConfig() fills them through these tables.
constexpr struct {
    const char *key;
    int Schedule::*member;
} kScheduleCounts[] = {{"wait", &Schedule::wait},
                       {"warmup", &Schedule::warmup},
                       {"active", &Schedule::active},
                       {"repeat", &Schedule::repeat},
                       {"skip_first", &Schedule::skipFirst},
                       {"skip_first_wait", &Schedule::skipFirstWait}};

template<typename Config>
struct Switch {
    const char *key;
    bool Config::*member;
};
constexpr Switch<TraceHandler> kHandlerSwitches[] = {{"analyse_flag", &TraceHandler::analyseFlag},
                                                     {"async_mode", &TraceHandler::asyncMode}};
constexpr Switch<TorchProfilerConfig> kSwitches[] = {{"record_shapes", &TorchProfilerConfig::recordShapes},
                                                     {"profile_memory", &TorchProfilerConfig::profileMemory},
                                                     {"with_stack", &TorchProfilerConfig::withStack},
                                                     {"with_flops", &TorchProfilerConfig::withFlops},
                                                     {"with_modules", &TorchProfilerConfig::withModules}};
constexpr Switch<ExperimentalConfig> kExperimentalSwitches[] = {
    {"l2_cache", &ExperimentalConfig::l2Cache},
    {"msprof_tx", &ExperimentalConfig::msprofTx},
    {"mstx", &ExperimentalConfig::mstx},
    {"data_simplification", &ExperimentalConfig::dataSimplification},
    {"record_op_args", &ExperimentalConfig::recordOpArgs},
    {"op_attr", &ExperimentalConfig::opAttr},
    {"sys_io", &ExperimentalConfig::sysIo},
    {"sys_interconnection", &ExperimentalConfig::sysInterconnection}};

QString aicExplanation(torchcfg::AicMetrics m)
{
    switch (m) {
    case torchcfg::AicMetrics::AiCoreNone:
        return TorchProfilerForm::tr("No AI Core metrics: kernel timing only.");
    case torchcfg::AicMetrics::L2Cache:
        return TorchProfilerForm::tr("L2 cache hits and misses of each kernel.");
    case torchcfg::AicMetrics::MemoryAccess:
        return TorchProfilerForm::tr("Memory traffic of each kernel by memory level (GM, L2, UB).");
    default: {
        // The groups TensorFlow's aic_metrics shares are explained alike.
        npuscope::AicMetrics tf = npuscope::AicMetrics::PipeUtilization;
        if (aicMetricsFromName(aicMetricsName(m), &tf))
            return aicMetricsExplanation(tf);
        return {};
    }
    }
}

// Numbers as the user's locale writes them, without group separators either way ("1.500"
// is not 1500 in German here; Python's spelling is read too).
QLocale numberLocale()
{
    QLocale l;
    l.setNumberOptions(QLocale::OmitGroupSeparator | QLocale::RejectGroupSeparator);
    return l;
}

QStringList splitNames(const QString &text)
{
    QStringList out;
    for (const QString &part : text.split(QLatin1Char(','), Qt::SkipEmptyParts))
        if (const QString t = part.trimmed(); !t.isEmpty())
            out << t;
    return out;
}

} // namespace

QString profilerLevelExplanation(ProfilerLevel level)
{
    switch (level) {
    case ProfilerLevel::Level_none:
        return TorchProfilerForm::tr("Only mstx markers: no framework ops and no device data.");
    case ProfilerLevel::Level0:
        return TorchProfilerForm::tr("Framework ops, kernel timing on the device and the AscendCL API; no op details "
                                     "or AI Core metrics.");
    case ProfilerLevel::Level1:
        return TorchProfilerForm::tr("Level0 plus op details (shapes, data types), AI Core metrics and HCCL's tasks.");
    case ProfilerLevel::Level2:
        return TorchProfilerForm::tr("Level1 plus the runtime API and AI CPU op details.");
    }
    return {};
}

TorchProfilerForm::TorchProfilerForm(QWidget *parent)
    : FieldForm(parent)
{
    filling_ = true; // no validation until every field exists

    // The tool tips name the Python argument, the last part of the key.
    auto label = [this](std::function<QString()> text, const QString &key) {
        return addLabel(std::move(text), key.section(QLatin1Char('.'), -1));
    };
    // A switch over the whole row, its message under it.
    auto placeSwitch = [this](Rows &r, const QString &key, std::function<QString()> text) {
        auto *cb = addSwitch(key);
        const QString python = key.section(QLatin1Char('.'), -1);
        onTr([cb, text, python] {
            cb->setText(text());
            cb->setToolTip(QStringLiteral("<code>%1=True</code>").arg(python));
        });
        r.grid->addWidget(cb, r.row, 0, 1, 3);
        r.grid->addWidget(addMessage(key), r.row + 1, 0, 1, 3);
        r.row += 2;
        return cb;
    };
    auto unit = [this](std::function<QString()> text) {
        auto *l = new QLabel(this);
        onTr([l, text] { l->setText(text()); });
        return l;
    };
    // Check boxes side by side (one per list member), one message under them.
    auto boxes = [this](const QString &key, const QStringList &members) {
        auto *w = new QWidget(this);
        auto *h = new QHBoxLayout(w);
        h->setContentsMargins(0, 0, 0, 0);
        for (const QString &m : members) {
            auto *cb = new QCheckBox(m, w);
            fields_.insert(key + QLatin1Char('.') + m, cb);
            connect(cb, &QCheckBox::toggled, this, &TorchProfilerForm::revalidate);
            h->addWidget(cb);
        }
        h->addStretch(1);
        fields_.insert(key, w);
        return w;
    };

    // A group the call has only when it is checked (schedule=, on_trace_ready=).
    auto optionalGroup = [this](const QString &key, std::function<QString()> title) {
        auto group = addGroup(std::move(title), QString());
        QGroupBox *g = group.first;
        g->setCheckable(true);
        g->setChecked(false);
        fields_.insert(key, g);
        connect(g, &QGroupBox::toggled, this, &TorchProfilerForm::revalidate);
        return group;
    };

    // ---- Import ----
    importButton_ = new QPushButton(this);
    auto *resetButton = new QPushButton(this);
    importStatus_ = new QLabel(this);
    importStatus_->setWordWrap(true);
    importStatus_->setTextFormat(Qt::PlainText);
    importStatus_->hide();
    onTr([this, resetButton] {
        importButton_->setText(tr("&Import from Script…"));
        importButton_->setToolTip(tr("Read the torch_npu.profiler.profile(...) call of a PyTorch training script "
                                     "(without running it) into this form"));
        resetButton->setText(tr("Reset to Defaults"));
        resetButton->setToolTip(tr("torch_npu.profiler.profile() without arguments"));
    });
    connect(importButton_, &QPushButton::clicked, this, [this] {
        const QString f = QFileDialog::getOpenFileName(this, tr("Import from Training Script"), QDir::homePath(),
                                                       tr("Python scripts (*.py);;All files (*)"));
        if (!f.isEmpty())
            importScriptFile(f);
    });
    connect(resetButton, &QPushButton::clicked, this, &TorchProfilerForm::reset);

    // ---- Activities ----
    auto [gAct, rAct] = addGroup([] { return tr("Activities"); }, QStringLiteral("activities"));
    auto *activities = boxes(QStringLiteral("activities"), {QStringLiteral("CPU"), QStringLiteral("NPU")});
    onTr([this] {
        fields_.value(QStringLiteral("activities.CPU"))->setToolTip(
            tr("ProfilerActivity.CPU: the framework's ops, their shapes and call stacks on the host"));
        fields_.value(QStringLiteral("activities.NPU"))->setToolTip(
            tr("ProfilerActivity.NPU: CANN, the AscendCL API and the tasks on the device"));
    });
    place(rAct, label([] { return tr("Record:"); }, QStringLiteral("activities")), activities, QStringLiteral("activities"));

    // ---- Schedule ----
    auto [gSch, rSch] = optionalGroup(QStringLiteral("schedule"), [] { return tr("Schedule (torch_npu.profiler.schedule)"); });
    schedule_ = gSch;
    struct CountDef {
        const char *key;
        int minimum;
        int value;
        std::function<QString()> text;
        std::function<QString()> tip;
    };
    const CountDef counts[] = {
        {"skip_first", 0, 0, [] { return tr("Skip first:"); },
         [] { return tr("Steps ignored once at the start, before the first cycle"); }},
        {"wait", 0, 0, [] { return tr("Wait:"); }, [] { return tr("Steps of each cycle that are not recorded"); }},
        {"warmup", 0, 1, [] { return tr("Warmup:"); },
         [] { return tr("Steps of each cycle that start the profiler without keeping the data"); }},
        {"active", 0, 2, [] { return tr("Active:"); }, [] { return tr("Steps of each cycle that are recorded"); }},
        {"repeat", 0, 1, [] { return tr("Repeat:"); }, [] { return tr("Number of cycles; 0 repeats until training ends"); }},
        {"skip_first_wait", 0, 0, [] { return tr("Skip first wait:"); },
         [] { return tr("1: the first cycle has no wait steps"); }},
    };
    for (const CountDef &c : counts) {
        const QString key = QStringLiteral("schedule.") + QLatin1String(c.key);
        QSpinBox *box = addCount(key, c.minimum, c.value);
        auto tip = c.tip;
        onTr([box, tip] { box->setToolTip(tip()); });
        const bool repeat = QLatin1String(c.key) == QLatin1String("repeat");
        if (repeat)
            onTr([box] { box->setSpecialValueText(tr("0 (until training ends)")); });
        place(rSch, label(c.text, key), box, key, unit([repeat] { return repeat ? tr("cycles") : tr("steps"); }));
    }
    scheduleSummary_ = new QLabel(this);
    scheduleSummary_->setWordWrap(true);
    rSch.grid->addWidget(scheduleSummary_, rSch.row++, 0, 1, 3);

    // ---- What the CPU activity records ----
    auto [gRec, rRec] = addGroup([] { return tr("Recorded with the ops"); }, QString());
    placeSwitch(rRec, QStringLiteral("record_shapes"), [] { return tr("Input shapes and data types (record_shapes)"); });
    placeSwitch(rRec, QStringLiteral("profile_memory"), [] { return tr("Memory allocations and frees (profile_memory)"); });
    placeSwitch(rRec, QStringLiteral("with_stack"), [] { return tr("Python call stacks (with_stack)"); });
    placeSwitch(rRec, QStringLiteral("with_modules"), [] { return tr("nn.Module hierarchy (with_modules)"); });
    placeSwitch(rRec, QStringLiteral("with_flops"), [] { return tr("Floating-point operation counts (with_flops)"); });

    // ---- on_trace_ready ----
    auto [gOut, rOut] = optionalGroup(QStringLiteral("on_trace_ready"),
                                      [] { return tr("Save with tensorboard_trace_handler (on_trace_ready)"); });
    handler_ = gOut;
    auto *dir = addLine(QStringLiteral("on_trace_ready.dir_name"));
    onTr([dir] {
        dir->setPlaceholderText(tr("None: ASCEND_WORK_PATH or ./"));
        // The placeholder says what None means: keep it readable.
        dir->setMinimumWidth(dir->fontMetrics().horizontalAdvance(dir->placeholderText()) + 40);
    });
    auto *browse =
        addBrowseButton(dir, [] { return tr("Choose the directory torch_npu writes its *_ascend_pt folders into"); });
    place(rOut, label([] { return tr("Directory:"); }, QStringLiteral("on_trace_ready.dir_name")), dir,
          QStringLiteral("on_trace_ready.dir_name"), browse);
    auto *worker = addLine(QStringLiteral("on_trace_ready.worker_name"));
    onTr([worker] { worker->setPlaceholderText(tr("None: {hostname}_{pid}")); });
    place(rOut, label([] { return tr("Worker name:"); }, QStringLiteral("on_trace_ready.worker_name")), worker,
          QStringLiteral("on_trace_ready.worker_name"));
    placeSwitch(rOut, QStringLiteral("on_trace_ready.analyse_flag"), [] { return tr("Parse the data when the run ends (analyse_flag)"); });
    placeSwitch(rOut, QStringLiteral("on_trace_ready.async_mode"), [] { return tr("Parse in a separate process (async_mode)"); });

    // ---- _ExperimentalConfig ----
    auto [gExp, rExp] = addGroup([] { return tr("Collection (_ExperimentalConfig)"); }, QStringLiteral("experimental_config"));
    // A choice of names (each its own data) with the line that explains the chosen one under it.
    auto choice = [&](QComboBox *box, const QString &key, std::function<QString()> text, QLabel **help) {
        fields_.insert(key, box);
        connect(box, &QComboBox::currentIndexChanged, this, &TorchProfilerForm::revalidate);
        place(rExp, label(std::move(text), key), box, key);
        *help = new QLabel(this);
        (*help)->setWordWrap(true);
        rExp.grid->addWidget(*help, rExp.row++, 1, 1, 2);
    };
    level_ = new QComboBox(this);
    for (ProfilerLevel l : kLevels)
        level_->addItem(profilerLevelName(l), profilerLevelName(l));
    choice(level_, kExp + QStringLiteral("profiler_level"), [] { return tr("Profiler level:"); }, &levelHelp_);
    aic_ = new QComboBox(this);
    aic_->addItem(QString(), QString()); // torch_npu's default for the level
    for (torchcfg::AicMetrics m : kAic)
        aic_->addItem(aicMetricsName(m), aicMetricsName(m));
    choice(aic_, kExp + QStringLiteral("aic_metrics"), [] { return tr("AI Core metrics:"); }, &aicHelp_);
    auto *export_ = boxes(kExp + QStringLiteral("export_type"), {QStringLiteral("text"), QStringLiteral("db")});
    onTr([this] {
        fields_.value(kExp + QStringLiteral("export_type.text"))->setToolTip(
            tr("ExportType.Text: trace_view.json and the CSV summaries"));
        fields_.value(kExp + QStringLiteral("export_type.db"))->setToolTip(
            tr("ExportType.Db: one ascend_pytorch_profiler.db SQLite file"));
    });
    place(rExp, label([] { return tr("Export type:"); }, kExp + QStringLiteral("export_type")), export_,
          kExp + QStringLiteral("export_type"));
    auto *gc = addLine(kExp + QStringLiteral("gc_detect_threshold"));
    onTr([gc] {
        gc->setPlaceholderText(tr("None: no GC detection"));
        gc->setToolTip(tr("Record Python garbage collections longer than this many milliseconds"));
    });
    place(rExp, label([] { return tr("GC threshold:"); }, kExp + QStringLiteral("gc_detect_threshold")), gc,
          kExp + QStringLiteral("gc_detect_threshold"), unit([] { return tr("ms"); }));
    placeSwitch(rExp, kExp + QStringLiteral("l2_cache"), [] { return tr("L2 cache hit rates (l2_cache)"); });
    placeSwitch(rExp, kExp + QStringLiteral("op_attr"), [] { return tr("Operator attributes (op_attr, db export only)"); });
    placeSwitch(rExp, kExp + QStringLiteral("record_op_args"), [] { return tr("Operator arguments for AOE tuning (record_op_args)"); });
    placeSwitch(rExp, kExp + QStringLiteral("data_simplification"),
                [] { return tr("Delete the intermediate files after parsing (data_simplification)"); });

    // ---- Markers ----
    auto [gTx, rTx] = addGroup([] { return tr("Markers (mstx)"); }, QString());
    placeSwitch(rTx, kExp + QStringLiteral("mstx"), [] { return tr("mstx markers and ranges (mstx)"); });
    placeSwitch(rTx, kExp + QStringLiteral("msprof_tx"), [] { return tr("msprof_tx markers (deprecated; msprof_tx)"); });
    for (const char *k : {"mstx_domain_include", "mstx_domain_exclude"}) {
        const QString key = kExp + QLatin1String(k);
        auto *e = addLine(key);
        const bool include = QLatin1String(k) == QLatin1String("mstx_domain_include");
        onTr([e, include] {
            e->setPlaceholderText(include ? tr("every domain") : tr("none"));
            e->setToolTip(tr("Domain names, separated by commas"));
        });
        place(rTx, label([include] { return include ? tr("Only domains:") : tr("Except domains:"); }, key), e, key);
    }

    // ---- System sampling ----
    auto [gSys, rSys] = addGroup([] { return tr("System sampling"); }, QString());
    QStringList hostValues;
    for (HostSystem h : kHost)
        hostValues << hostSystemValue(h);
    place(rSys, label([] { return tr("Host (host_sys):"); }, kExp + QStringLiteral("host_sys")),
          boxes(kExp + QStringLiteral("host_sys"), hostValues), kExp + QStringLiteral("host_sys"));
    placeSwitch(rSys, kExp + QStringLiteral("sys_io"), [] { return tr("NIC and RoCE counters (sys_io)"); });
    placeSwitch(rSys, kExp + QStringLiteral("sys_interconnection"),
                [] { return tr("HCCS, PCIe and SIO counters (sys_interconnection)"); });

    auto *importRow = new QHBoxLayout;
    importRow->addWidget(importButton_);
    importRow->addWidget(resetButton);
    importRow->addStretch(1);
    // Two columns: what the framework records on the left, what CANN collects on the right;
    // the script import above them.
    QVBoxLayout *outer = layOutColumns({gAct, gSch, gRec, gOut}, {gExp, gTx, gSys});
    general_->setTextFormat(Qt::PlainText);
    outer->insertLayout(0, importRow);
    outer->insertWidget(1, importStatus_);

    filling_ = false;
    reset();
    retranslateUi();
}

void TorchProfilerForm::retranslated()
{
    revalidate(); // messages are translated sentences of the validator
}

QSpinBox *TorchProfilerForm::addCount(const QString &key, int minimum, int value)
{
    auto *s = new QSpinBox(this);
    s->setRange(minimum, 100000);
    s->setValue(value);
    fields_.insert(key, s);
    connect(s, &QSpinBox::valueChanged, this, &TorchProfilerForm::revalidate);
    return s;
}

QByteArray TorchProfilerForm::json() const
{
    auto checked = [this](const QString &key) { return static_cast<QCheckBox *>(fields_.value(key))->isChecked(); };
    auto count = [this](const QString &key) { return static_cast<QSpinBox *>(fields_.value(key))->value(); };
    auto text = [this](const QString &key) { return static_cast<QLineEdit *>(fields_.value(key))->text(); };
    auto members = [&](const QString &key, const QStringList &names) {
        QJsonArray a;
        for (const QString &n : names)
            if (checked(key + QLatin1Char('.') + n))
                a.append(n);
        return a;
    };

    QJsonObject o;
    // Every value is written as the widgets hold it, defaults included: the validator
    // judges what the user sees.
    o[QStringLiteral("activities")] = members(QStringLiteral("activities"), {QStringLiteral("CPU"), QStringLiteral("NPU")});
    if (schedule_->isChecked()) {
        QJsonObject s;
        for (const auto &[k, member] : kScheduleCounts)
            s[QLatin1String(k)] = count(QStringLiteral("schedule.") + QLatin1String(k));
        o[QStringLiteral("schedule")] = s;
    }
    if (handler_->isChecked()) {
        QJsonObject h;
        // An empty field is None (torch_npu's default); spaces are kept for the validator.
        if (const QString d = text(QStringLiteral("on_trace_ready.dir_name")); !d.isEmpty())
            h[QStringLiteral("dir_name")] = d;
        if (const QString w = text(QStringLiteral("on_trace_ready.worker_name")); !w.isEmpty())
            h[QStringLiteral("worker_name")] = w;
        for (const auto &[k, member] : kHandlerSwitches)
            h[QLatin1String(k)] = checked(QStringLiteral("on_trace_ready.") + QLatin1String(k));
        o[QStringLiteral("on_trace_ready")] = h;
    }
    for (const auto &[k, member] : kSwitches)
        o[QLatin1String(k)] = checked(QLatin1String(k));

    QJsonObject e;
    e[QStringLiteral("profiler_level")] = level_->currentData().toString();
    if (const QString aic = aic_->currentData().toString(); !aic.isEmpty())
        e[QStringLiteral("aic_metrics")] = aic;
    for (const auto &[k, member] : kExperimentalSwitches)
        e[QLatin1String(k)] = checked(kExp + QLatin1String(k));
    e[QStringLiteral("export_type")] = members(kExp + QStringLiteral("export_type"), {QStringLiteral("text"), QStringLiteral("db")});
    if (const QString gc = text(kExp + QStringLiteral("gc_detect_threshold")).trimmed(); !gc.isEmpty()) {
        // A number in the user's locale or in Python's spelling; anything else goes to the
        // validator as text, which it reports.
        bool ok = false;
        double v = numberLocale().toDouble(gc, &ok);
        if (!ok)
            v = QLocale::c().toDouble(gc, &ok);
        e[QStringLiteral("gc_detect_threshold")] = ok ? QJsonValue(v) : QJsonValue(gc);
    }
    QStringList hostValues;
    for (HostSystem h : kHost)
        hostValues << hostSystemValue(h);
    if (const QJsonArray hs = members(kExp + QStringLiteral("host_sys"), hostValues); !hs.isEmpty())
        e[QStringLiteral("host_sys")] = hs;
    for (const char *k : {"mstx_domain_include", "mstx_domain_exclude"})
        if (const QStringList names = splitNames(text(kExp + QLatin1String(k))); !names.isEmpty())
            e[QLatin1String(k)] = QJsonArray::fromStringList(names);
    o[QStringLiteral("experimental_config")] = e;
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

int TorchProfilerForm::warningCount() const
{
    return int(std::count_if(problems_.begin(), problems_.end(),
                             [](const ConfigProblem &p) { return p.severity == ConfigProblem::Severity::Warning; }));
}

QString TorchProfilerForm::pythonCode() const
{
    return isValid() ? generatePythonCode(parsed_) : QString();
}

void TorchProfilerForm::revalidate()
{
    if (filling_)
        return;
    parsed_ = TorchProfilerConfig();
    problems_ = TorchProfilerConfig::parse(json(), &parsed_);
    // Worst severity first per key: the label takes its colour.
    QHash<QString, QStringList> byKey;
    QHash<QString, ConfigProblem::Severity> worst;
    QStringList general;
    for (const ConfigProblem &p : problems_) {
        QString key = p.key;
        // A list member's problem belongs to the list's field.
        if (!messages_.contains(key) && messages_.contains(key.section(QLatin1Char('.'), 0, -2)))
            key = key.section(QLatin1Char('.'), 0, -2);
        if (!messages_.contains(key)) {
            general << (p.key.isEmpty() ? p.message : p.key + QStringLiteral(": ") + p.message);
            continue;
        }
        byKey[key] << p.message;
        if (!worst.contains(key) || int(p.severity) < int(worst.value(key)))
            worst.insert(key, p.severity);
    }
    showProblems(byKey, general, [&worst](QLabel *l, const QString &key) {
        const auto sev = worst.value(key);
        l->setStyleSheet(QString::fromLatin1(sev == ConfigProblem::Severity::Error     ? kErrorStyle
                                             : sev == ConfigProblem::Severity::Warning ? kWarningStyle
                                                                                       : kNoteStyle));
    });
    updateHelp();
    updateScheduleSummary();
    Q_EMIT changed();
}

void TorchProfilerForm::updateHelp()
{
    ProfilerLevel level = ProfilerLevel::Level0;
    for (ProfilerLevel l : kLevels)
        if (profilerLevelName(l) == level_->currentData().toString())
            level = l;
    levelHelp_->setText(profilerLevelExplanation(level));
    for (int i = 0; i < level_->count(); ++i)
        level_->setItemData(i, profilerLevelExplanation(kLevels[i]), Qt::ToolTipRole);
    const torchcfg::AicMetrics def = ExperimentalConfig::defaultAicMetrics(level);
    aic_->setItemText(0, tr("Default for %1 (%2)").arg(profilerLevelName(level), aicMetricsName(def)));
    for (int i = 1; i < aic_->count(); ++i)
        aic_->setItemData(i, aicExplanation(kAic[i - 1]), Qt::ToolTipRole);
    // What is collected: the value torch_npu runs with.
    aicHelp_->setText(isValid() ? aicExplanation(parsed_.experimentalConfig.aicMetrics) : QString());
}

void TorchProfilerForm::setSteps(int steps)
{
    steps_ = steps;
    updateScheduleSummary();
}

QList<int> TorchProfilerForm::recordedSteps() const
{
    QList<int> out;
    for (int step = 1; step <= steps_; ++step)
        if (device::torchStepRecorded(parsed_.schedule, step - 1))
            out << step;
    return out;
}

void TorchProfilerForm::updateScheduleSummary()
{
    if (!scheduleSummary_)
        return;
    if (!schedule_->isChecked()) {
        scheduleSummary_->setText(tr("Without a schedule every step is recorded."));
        return;
    }
    if (steps_ <= 0 || !isValid()) {
        scheduleSummary_->clear();
        return;
    }
    const QList<int> steps = recordedSteps();
    // Runs of consecutive steps read as ranges: "2–3, 6–7".
    QStringList runs;
    for (int i = 0; i < steps.size();) {
        int j = i;
        while (j + 1 < steps.size() && steps[j + 1] == steps[j] + 1)
            ++j;
        runs << (i == j ? QLocale().toString(steps[i])
                        : QStringLiteral("%1–%2").arg(QLocale().toString(steps[i]), QLocale().toString(steps[j])));
        i = j + 1;
    }
    scheduleSummary_->setStyleSheet(steps.isEmpty() ? QString::fromLatin1(kWarningStyle) : QString());
    scheduleSummary_->setText(steps.isEmpty()
                                  ? tr("Of the session's %n step(s), the schedule records none.", nullptr, steps_)
                                  : tr("Of the session's %n step(s), the schedule records %1.", nullptr, steps_)
                                        .arg(runs.join(QStringLiteral(", "))));
}

void TorchProfilerForm::setConfig(const TorchProfilerConfig &c)
{
    filling_ = true;
    auto setChecked = [this](const QString &key, bool on) { static_cast<QCheckBox *>(fields_.value(key))->setChecked(on); };
    auto setCount = [this](const QString &key, int v) { static_cast<QSpinBox *>(fields_.value(key))->setValue(v); };
    auto setText = [this](const QString &key, const QString &v) { static_cast<QLineEdit *>(fields_.value(key))->setText(v); };
    setChecked(QStringLiteral("activities.CPU"), c.hasActivity(Activity::CPU));
    setChecked(QStringLiteral("activities.NPU"), c.hasActivity(Activity::NPU));
    schedule_->setChecked(bool(c.schedule));
    const Schedule s = c.schedule.value_or(Schedule{0, 2, 1, 1, 0, 0});
    for (const auto &[k, member] : kScheduleCounts)
        setCount(QStringLiteral("schedule.") + QLatin1String(k), s.*member);
    handler_->setChecked(bool(c.onTraceReady));
    const TraceHandler h = c.onTraceReady.value_or(TraceHandler{});
    setText(QStringLiteral("on_trace_ready.dir_name"), h.dirName);
    setText(QStringLiteral("on_trace_ready.worker_name"), h.workerName);
    for (const auto &[k, member] : kHandlerSwitches)
        setChecked(QStringLiteral("on_trace_ready.") + QLatin1String(k), h.*member);
    for (const auto &[k, member] : kSwitches)
        setChecked(QLatin1String(k), c.*member);

    const ExperimentalConfig &e = c.experimentalConfig;
    level_->setCurrentIndex(level_->findData(profilerLevelName(e.profilerLevel)));
    aic_->setCurrentIndex(e.aicMetrics == ExperimentalConfig::defaultAicMetrics(e.profilerLevel)
                              ? 0
                              : aic_->findData(aicMetricsName(e.aicMetrics)));
    for (const auto &[k, member] : kExperimentalSwitches)
        setChecked(kExp + QLatin1String(k), e.*member);
    for (ExportType t : {ExportType::Text, ExportType::Db})
        setChecked(kExp + QStringLiteral("export_type.") + exportTypeValue(t),
                   std::find(e.exportType.begin(), e.exportType.end(), t) != e.exportType.end());
    setText(kExp + QStringLiteral("gc_detect_threshold"),
            e.gcDetectThreshold ? numberLocale().toString(*e.gcDetectThreshold, 'g', QLocale::FloatingPointShortest) : QString());
    for (HostSystem hs : kHost)
        setChecked(kExp + QStringLiteral("host_sys.") + hostSystemValue(hs),
                   std::find(e.hostSys.begin(), e.hostSys.end(), hs) != e.hostSys.end());
    setText(kExp + QStringLiteral("mstx_domain_include"), e.mstxDomainInclude.join(QStringLiteral(", ")));
    setText(kExp + QStringLiteral("mstx_domain_exclude"), e.mstxDomainExclude.join(QStringLiteral(", ")));
    filling_ = false;
    revalidate();
}

void TorchProfilerForm::reset()
{
    setConfig(TorchProfilerConfig{});
    setImportStatus(QString(), false);
}

void TorchProfilerForm::setImportStatus(const QString &text, bool problem)
{
    importStatus_->setStyleSheet(problem ? QString::fromLatin1(kWarningStyle) : QString());
    importStatus_->setText(text);
    importStatus_->setVisible(!text.isEmpty());
}

bool TorchProfilerForm::importScript(const QString &scriptText, QString *report)
{
    const ScriptReading r = readTorchProfilerScript(scriptText);
    auto done = [&](const QString &m, bool problem, bool ok) {
        setImportStatus(m, problem);
        if (report)
            *report = m;
        return ok;
    };
    if (!r.found)
        return done(r.error.isEmpty() ? tr("The script contains no torch_npu.profiler.profile(...) call.") : r.error, true, false);
    TorchProfilerConfig c;
    const auto problems = TorchProfilerConfig::parse(r.json, &c);
    QStringList lines;
    if (hasErrors(problems)) {
        lines << tr("The torch_npu.profiler.profile(...) call of line %1 was not imported: torch_npu would stop on it.")
                     .arg(r.line);
        for (const ConfigProblem &p : problems)
            if (p.severity == ConfigProblem::Severity::Error)
                lines << (p.key.isEmpty() ? p.message : p.key + QStringLiteral(": ") + p.message);
        return done(lines.join(QLatin1Char('\n')), true, false);
    }
    lines << tr("Imported the torch_npu.profiler.profile(...) call of line %1.").arg(r.line);
    if (!r.notes.isEmpty()) {
        lines << tr("Not imported:");
        for (const QString &n : r.notes)
            lines << QStringLiteral("• ") + n;
    }
    // The form shows the values torch_npu runs with; what it corrected is said here, since
    // the corrected values no longer carry the problem.
    QStringList corrected;
    for (const ConfigProblem &p : problems)
        if (p.severity == ConfigProblem::Severity::Warning)
            corrected << QStringLiteral("• ") + (p.key.isEmpty() ? p.message : p.key + QStringLiteral(": ") + p.message);
    if (!corrected.isEmpty())
        lines << tr("torch_npu corrects %n value(s) of the script; the form shows the corrected values:", nullptr,
                    int(corrected.size()))
              << corrected;
    setConfig(c);
    return done(lines.join(QLatin1Char('\n')), !r.notes.isEmpty() || !corrected.isEmpty(), true);
}

bool TorchProfilerForm::importScriptFile(const QString &path, QString *report)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        const QString m = tr("The script %1 could not be read: %2.").arg(QDir::toNativeSeparators(path), f.errorString());
        setImportStatus(m, true);
        if (report)
            *report = m;
        return false;
    }
    QString m;
    const bool ok = importScript(QString::fromUtf8(f.readAll()), &m);
    m = QFileInfo(path).fileName() + QStringLiteral(": ") + m;
    setImportStatus(m, importStatus_->styleSheet() != QString());
    if (report)
        *report = m;
    return ok;
}

} // namespace npuscope::ui
