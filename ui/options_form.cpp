#include "ui/options_form.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCompleter>
#include <QDir>
#include <QEvent>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QStringListModel>
#include <QToolButton>
#include <QVBoxLayout>

namespace npuscope::ui {

namespace {

const AicMetrics kMetricGroups[] = {AicMetrics::ArithmeticUtilization, AicMetrics::PipeUtilization, AicMetrics::Memory,
                                    AicMetrics::MemoryL0, AicMetrics::MemoryUB, AicMetrics::ResourceConflictRatio};

// Keys the seed's examples always spell out; written even at their defaults so the
// preview reads like the documentation (unless instruction sampling excludes them).
const QStringList &alwaysWritten()
{
    static const QStringList k = {QStringLiteral("output"), QStringLiteral("training_trace"), QStringLiteral("task_trace"),
                                  QStringLiteral("aic_metrics"), QStringLiteral("fp_point"), QStringLiteral("bp_point")};
    return k;
}

QByteArray jsonString(const QString &s)
{
    QByteArray a = QJsonDocument(QJsonArray{s}).toJson(QJsonDocument::Compact);
    return a.mid(1, a.size() - 2);
}

} // namespace

QString aicMetricsExplanation(AicMetrics m)
{
    switch (m) {
    case AicMetrics::ArithmeticUtilization:
        return OptionsForm::tr("Cube and vector arithmetic: FP16/INT8 and FP32 operation ratios of each task.");
    case AicMetrics::PipeUtilization:
        return OptionsForm::tr("Time share of each pipeline (vector, cube, scalar, MTE1–3) — where a task spends its time.");
    case AicMetrics::Memory:
        return OptionsForm::tr("Main-memory and UB read/write bandwidth of each task.");
    case AicMetrics::MemoryL0:
        return OptionsForm::tr("L0A/L0B/L0C buffer read/write bandwidth feeding the cube unit.");
    case AicMetrics::MemoryUB:
        return OptionsForm::tr("Unified Buffer read/write bandwidth of the vector and scalar units.");
    case AicMetrics::ResourceConflictRatio:
        return OptionsForm::tr("Bank and pipeline conflict ratios: how often units wait for each other.");
    }
    return {};
}

OptionsForm::OptionsForm(QWidget *parent)
    : FieldForm(parent)
{
    opModel_ = new QStringListModel(this);
    filling_ = true; // no validation until every field exists

    messageStyle_ = QStringLiteral("color: #d0334a;");
    auto unit = [this](std::function<QString()> text) {
        auto *l = new QLabel(this);
        onTr([l, text] { l->setText(text()); });
        return l;
    };

    // Output
    auto [gOut, rOut] = addGroup([] { return tr("Output"); });
    auto *output = addLine(QStringLiteral("output"));
    output->setText(QDir::homePath() + QStringLiteral("/npuscope-output"));
    auto *browse = addBrowseButton(output, [] { return tr("Choose the output directory"); });
    place(rOut, addLabel([] { return tr("Output directory:"); }, QStringLiteral("output")), output, QStringLiteral("output"), browse);
    auto *storage = addLine(QStringLiteral("storage_limit"));
    onTr([storage] {
        storage->setPlaceholderText(tr("unset: 90 % of free space"));
        storage->setToolTip(tr("Ageing limit of the recorded data, 200 to 4294967295 MB; the oldest data is "
                               "deleted first when the limit is reached."));
    });
    place(rOut, addLabel([] { return tr("Storage limit:"); }, QStringLiteral("storage_limit")), storage,
          QStringLiteral("storage_limit"), unit([] { return tr("MB (200–4294967295)"); }));

    // Traces
    auto [gTr, rTr] = addGroup([] { return tr("Traces"); });
    struct SwitchDef {
        const char *key;
        std::function<QString()> text;
    };
    const SwitchDef switches[] = {
        {"training_trace", [] { return tr("Training trace (FP/BP, iteration end, all-reduce)"); }},
        {"task_trace", [] { return tr("Task trace (per-task timing on the device)"); }},
        {"l2", [] { return tr("L2 cache hit and victim rates"); }},
        {"hccl", [] { return tr("HCCL collective communication"); }},
        {"aicpu", [] { return tr("AI CPU op details"); }},
        {"msproftx", [] { return tr("msproftx user markers"); }},
        {"runtime_api", [] { return tr("Runtime API ranges on the host"); }},
    };
    for (const auto &s : switches) {
        const QString key = QString::fromLatin1(s.key);
        auto *cb = addSwitch(key);
        // task_trace is on by the collector's default; training_trace on like the seed's example.
        cb->setChecked(key == QLatin1String("task_trace") || key == QLatin1String("training_trace"));
        auto text = s.text;
        onTr([cb, text, key] {
            cb->setText(text());
            cb->setToolTip(QStringLiteral("<code>%1</code>").arg(key));
        });
        rTr.grid->addWidget(cb, rTr.row, 0, 1, 3);
        rTr.grid->addWidget(addMessage(key, messageStyle_), rTr.row + 1, 0, 1, 3);
        rTr.row += 2;
    }
    taskTime_ = new QComboBox(this);
    for (const char *v : {"on", "l1", "l0", "off"})
        taskTime_->addItem(QString(), QString::fromLatin1(v));
    onTr([this] {
        taskTime_->setItemText(0, tr("on (= l1)"));
        taskTime_->setItemText(1, tr("l1: timing, op details and PMU"));
        taskTime_->setItemText(2, tr("l0: timing only"));
        taskTime_->setItemText(3, tr("off"));
    });
    fields_.insert(QStringLiteral("task_time"), taskTime_);
    connect(taskTime_, &QComboBox::currentIndexChanged, this, &OptionsForm::revalidate);
    place(rTr, addLabel([] { return tr("Task time:"); }, QStringLiteral("task_time")), taskTime_, QStringLiteral("task_time"));

    // Iteration points
    auto [gPt, rPt] = addGroup([] { return tr("Step trace points"); });
    for (const char *k : {"fp_point", "bp_point"}) {
        const QString key = QString::fromLatin1(k);
        auto *e = addLine(key);
        auto *c = new QCompleter(opModel_, e);
        c->setCaseSensitivity(Qt::CaseInsensitive);
        c->setFilterMode(Qt::MatchContains);
        c->setMaxVisibleItems(14);
        e->setCompleter(c);
        const bool fp = key == QLatin1String("fp_point");
        onTr([e, fp] {
            e->setPlaceholderText(fp ? tr("automatic: the first forward op") : tr("automatic: the last backward op"));
        });
        place(rPt, addLabel([fp] { return fp ? tr("FP start op:") : tr("BP end op:"); }, key), e, key);
    }

    // Metrics
    auto [gMx, rMx] = addGroup([] { return tr("AI Core metrics"); });
    auto metricsCombo = [this](const QString &key) {
        auto *c = new QComboBox(this);
        for (AicMetrics m : kMetricGroups)
            c->addItem(aicMetricsName(m), aicMetricsName(m));
        c->setCurrentText(aicMetricsName(AicMetrics::PipeUtilization));
        fields_.insert(key, c);
        connect(c, &QComboBox::currentIndexChanged, this, [this] {
            updateMetricsHelp();
            revalidate();
        });
        return c;
    };
    aic_ = metricsCombo(QStringLiteral("aic_metrics"));
    aicHelp_ = new QLabel(this);
    aicHelp_->setWordWrap(true);
    place(rMx, addLabel([] { return tr("AI Core (aic_metrics):"); }, QStringLiteral("aic_metrics")), aic_,
          QStringLiteral("aic_metrics"));
    rMx.grid->addWidget(aicHelp_, rMx.row++, 1, 1, 2);
    aiv_ = metricsCombo(QStringLiteral("aiv_metrics"));
    aivHelp_ = new QLabel(this);
    aivHelp_->setWordWrap(true);
    place(rMx, addLabel([] { return tr("Vector core (aiv_metrics):"); }, QStringLiteral("aiv_metrics")), aiv_,
          QStringLiteral("aiv_metrics"));
    rMx.grid->addWidget(aivHelp_, rMx.row++, 1, 1, 2);

    // System sampling
    auto [gSys, rSys] = addGroup([] { return tr("System sampling"); });
    struct FreqDef {
        const char *key;
        int def;
        std::function<QString()> text;
        std::function<QString()> range;
    };
    const FreqDef freqs[] = {
        {"sys_hardware_mem_freq", 50, [] { return tr("HBM/DDR bandwidth:"); }, [] { return tr("Hz (1–100)"); }},
        {"sys_io_sampling_freq", 100, [] { return tr("NIC/RoCE counters:"); }, [] { return tr("Hz (1–100)"); }},
        {"sys_interconnection_freq", 50, [] { return tr("PCIe/HCCS counters:"); }, [] { return tr("Hz (1–50)"); }},
        {"dvpp_freq", 50, [] { return tr("DVPP counters:"); }, [] { return tr("Hz (1–100)"); }},
        {"host_sys_usage_freq", 50, [] { return tr("Host sampling:"); }, [] { return tr("Hz (1–50)"); }},
        {"instr_profiling_freq", 0, [] { return tr("Instruction sampling:"); }, [] { return tr("(300–30000)"); }},
    };
    for (const auto &f : freqs) {
        const QString key = QString::fromLatin1(f.key);
        auto *e = addLine(key);
        const int def = f.def;
        onTr([e, def] {
            e->setPlaceholderText(def ? tr("default %1").arg(def) : tr("off"));
            if (!def)
                e->setToolTip(tr("Instruction sampling excludes task, trace and metric collection"));
        });
        place(rSys, addLabel(f.text, key), e, key, unit(f.range));
    }
    auto hostBoxes = [this](const QString &key, QCheckBox **cpu, QCheckBox **mem) {
        auto *w = new QWidget(this);
        auto *h = new QHBoxLayout(w);
        h->setContentsMargins(0, 0, 0, 0);
        *cpu = new QCheckBox(QStringLiteral("cpu"), w);
        *mem = new QCheckBox(QStringLiteral("mem"), w);
        h->addWidget(*cpu);
        h->addWidget(*mem);
        h->addStretch(1);
        fields_.insert(key, w);
        connect(*cpu, &QCheckBox::toggled, this, &OptionsForm::revalidate);
        connect(*mem, &QCheckBox::toggled, this, &OptionsForm::revalidate);
        return w;
    };
    place(rSys, addLabel([] { return tr("Host usage (host_sys):"); }, QStringLiteral("host_sys")),
          hostBoxes(QStringLiteral("host_sys"), &hostSysCpu_, &hostSysMem_), QStringLiteral("host_sys"));
    place(rSys, addLabel([] { return tr("Host usage (host_sys_usage):"); }, QStringLiteral("host_sys_usage")),
          hostBoxes(QStringLiteral("host_sys_usage"), &hostUsageCpu_, &hostUsageMem_), QStringLiteral("host_sys_usage"));
    llc_ = new QComboBox(this);
    llc_->addItem(QStringLiteral("read"), QStringLiteral("read"));
    llc_->addItem(QStringLiteral("write"), QStringLiteral("write"));
    fields_.insert(QStringLiteral("llc_profiling"), llc_);
    connect(llc_, &QComboBox::currentIndexChanged, this, &OptionsForm::revalidate);
    place(rSys, addLabel([] { return tr("LLC counters:"); }, QStringLiteral("llc_profiling")), llc_, QStringLiteral("llc_profiling"));
    auto *power = addLine(QStringLiteral("power"));
    onTr([power] { power->setPlaceholderText(tr("not used by the emulator")); });
    place(rSys, addLabel([] { return tr("Power:"); }, QStringLiteral("power")), power, QStringLiteral("power"));

    // Two columns: what to record on the left, how to sample on the right.
    layOutColumns({gOut, gTr, gPt}, {gMx, gSys});

    filling_ = false;
    retranslateUi();
}

void OptionsForm::retranslated()
{
    updateMetricsHelp();
    revalidate(); // messages are translated sentences of the validator
}

void OptionsForm::updateMetricsHelp()
{
    auto help = [](QComboBox *c, QLabel *l) {
        AicMetrics m = AicMetrics::PipeUtilization;
        aicMetricsFromName(c->currentData().toString(), &m);
        l->setText(aicMetricsExplanation(m));
        l->setToolTip(tr("op_summary columns: %1").arg(aicMetricsColumns(m).join(QStringLiteral(", "))));
        for (int i = 0; i < c->count(); ++i) {
            AicMetrics mi = AicMetrics::PipeUtilization;
            aicMetricsFromName(c->itemData(i).toString(), &mi);
            c->setItemData(i, aicMetricsExplanation(mi), Qt::ToolTipRole);
        }
    };
    help(aic_, aicHelp_);
    help(aiv_, aivHelp_);
}

QByteArray OptionsForm::json() const
{
    const ProfilingOptions defaults;
    auto line = [this](const char *k) { return static_cast<QLineEdit *>(fields_.value(QString::fromLatin1(k)))->text().trimmed(); };
    auto onOff = [this](const char *k) {
        return static_cast<QCheckBox *>(fields_.value(QString::fromLatin1(k)))->isChecked() ? QStringLiteral("on")
                                                                                           : QStringLiteral("off");
    };
    const bool instr = !line("instr_profiling_freq").isEmpty();
    QHash<QString, QString> values;
    auto put = [&](const QString &key, const QString &value, bool isDefault) {
        if (!isDefault || (!instr && alwaysWritten().contains(key)))
            values.insert(key, value);
    };
    // output is kept verbatim: surrounding spaces are part of what the validator judges.
    put(QStringLiteral("output"), static_cast<QLineEdit *>(fields_.value(QStringLiteral("output")))->text(), false);
    QString storage = line("storage_limit");
    if (!storage.isEmpty()) {
        if (!storage.endsWith(QLatin1String("MB")))
            storage += QStringLiteral("MB");
        put(QStringLiteral("storage_limit"), storage, false);
    }
    for (const char *k : {"training_trace", "task_trace", "l2", "hccl", "aicpu", "msproftx", "runtime_api"}) {
        const QString v = onOff(k);
        const bool def = QString::fromLatin1(k) == QLatin1String("task_trace") ? v == QLatin1String("on")
                                                                                : v == QLatin1String("off");
        put(QString::fromLatin1(k), v, def);
    }
    const QString tt = taskTime_->currentData().toString();
    put(QStringLiteral("task_time"), tt, tt == QLatin1String("on"));
    put(QStringLiteral("fp_point"), line("fp_point"), line("fp_point").isEmpty());
    put(QStringLiteral("bp_point"), line("bp_point"), line("bp_point").isEmpty());
    put(QStringLiteral("aic_metrics"), aic_->currentData().toString(),
        aic_->currentData().toString() == aicMetricsName(defaults.aicMetrics));
    put(QStringLiteral("aiv_metrics"), aiv_->currentData().toString(),
        aiv_->currentData().toString() == aicMetricsName(defaults.aivMetrics));
    for (const char *k : {"sys_hardware_mem_freq", "sys_io_sampling_freq", "sys_interconnection_freq", "dvpp_freq",
                          "host_sys_usage_freq", "instr_profiling_freq", "power"}) {
        const QString v = line(k);
        if (!v.isEmpty())
            put(QString::fromLatin1(k), v, false);
    }
    auto hostList = [](QCheckBox *cpu, QCheckBox *mem) {
        QStringList l;
        if (cpu->isChecked())
            l << QStringLiteral("cpu");
        if (mem->isChecked())
            l << QStringLiteral("mem");
        return l.join(QLatin1Char(','));
    };
    const QString hs = hostList(hostSysCpu_, hostSysMem_), hu = hostList(hostUsageCpu_, hostUsageMem_);
    if (!hs.isEmpty())
        put(QStringLiteral("host_sys"), hs, false);
    if (!hu.isEmpty())
        put(QStringLiteral("host_sys_usage"), hu, false);
    const QString llc = llc_->currentData().toString();
    put(QStringLiteral("llc_profiling"), llc, llc == defaults.llcProfiling);

    QByteArray out = "{";
    for (const QString &key : profilingOptionKeys()) {
        if (!values.contains(key))
            continue;
        if (out.size() > 1)
            out += ',';
        out += jsonString(key) + ':' + jsonString(values.value(key));
    }
    out += '}';
    return out;
}

void OptionsForm::revalidate()
{
    if (filling_)
        return;
    parsed_ = ProfilingOptions();
    problems_ = ProfilingOptions::parse(json(), &parsed_);
    QHash<QString, QStringList> byKey;
    QStringList general;
    for (const OptionProblem &p : problems_) {
        if (messages_.contains(p.key))
            byKey[p.key] << p.message;
        else
            general << p.message;
    }
    showProblems(byKey, general);
    Q_EMIT changed();
}

void OptionsForm::setOptions(const ProfilingOptions &o)
{
    const ProfilingOptions d;
    filling_ = true;
    auto setLine = [this](const char *k, const QString &v) {
        static_cast<QLineEdit *>(fields_.value(QString::fromLatin1(k)))->setText(v);
    };
    auto setSwitch = [this](const char *k, Switch s) {
        static_cast<QCheckBox *>(fields_.value(QString::fromLatin1(k)))->setChecked(s == Switch::On);
    };
    auto shownInt = [&o](const char *k, int v, int def) {
        return (o.presentKeys.contains(QString::fromLatin1(k)) || v != def) ? QString::number(v) : QString();
    };
    setLine("output", o.output);
    setLine("storage_limit", o.storageLimitMB ? QString::number(*o.storageLimitMB) : QString());
    setSwitch("training_trace", o.trainingTrace);
    setSwitch("task_trace", o.taskTrace);
    setSwitch("l2", o.l2);
    setSwitch("hccl", o.hccl);
    setSwitch("aicpu", o.aicpu);
    setSwitch("msproftx", o.msproftx);
    setSwitch("runtime_api", o.runtimeApi);
    const char *tt = o.taskTime == TaskTimeLevel::Off ? "off" : o.taskTime == TaskTimeLevel::L0 ? "l0" : "on";
    if (o.taskTime == TaskTimeLevel::L1 && o.presentKeys.contains(QStringLiteral("task_time")))
        tt = "l1";
    taskTime_->setCurrentIndex(taskTime_->findData(QString::fromLatin1(tt)));
    setLine("fp_point", o.fpPoint);
    setLine("bp_point", o.bpPoint);
    aic_->setCurrentIndex(aic_->findData(aicMetricsName(o.aicMetrics)));
    aiv_->setCurrentIndex(aiv_->findData(aicMetricsName(o.aivMetrics)));
    setLine("sys_hardware_mem_freq", shownInt("sys_hardware_mem_freq", o.sysHardwareMemFreq, d.sysHardwareMemFreq));
    setLine("sys_io_sampling_freq", shownInt("sys_io_sampling_freq", o.sysIoSamplingFreq, d.sysIoSamplingFreq));
    setLine("sys_interconnection_freq",
            shownInt("sys_interconnection_freq", o.sysInterconnectionFreq, d.sysInterconnectionFreq));
    setLine("dvpp_freq", shownInt("dvpp_freq", o.dvppFreq, d.dvppFreq));
    setLine("host_sys_usage_freq", shownInt("host_sys_usage_freq", o.hostSysUsageFreq, d.hostSysUsageFreq));
    setLine("instr_profiling_freq", o.instrProfilingFreq ? QString::number(*o.instrProfilingFreq) : QString());
    setLine("power", o.power);
    hostSysCpu_->setChecked(o.hostSys.contains(QStringLiteral("cpu")));
    hostSysMem_->setChecked(o.hostSys.contains(QStringLiteral("mem")));
    hostUsageCpu_->setChecked(o.hostSysUsage.contains(QStringLiteral("cpu")));
    hostUsageMem_->setChecked(o.hostSysUsage.contains(QStringLiteral("mem")));
    llc_->setCurrentIndex(qMax(0, llc_->findData(o.llcProfiling)));
    filling_ = false;
    updateMetricsHelp();
    revalidate();
}

void OptionsForm::setOpNames(const QStringList &names)
{
    opModel_->setStringList(names);
}

QStringList OptionsForm::opNames() const
{
    return opModel_->stringList();
}

} // namespace npuscope::ui
