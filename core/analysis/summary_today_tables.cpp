// Today's profilers' tables: kernel details (every column of the imported file, or
// torch_npu's), api_statistic recomputed from the CANN API ranges, and the step time
// breakdown per rank and step.

#include "core/analysis/summary_build.h"

#include <charconv>
#include <cmath>
#include <map>
#include <tuple>

namespace npuscope::analysis::detail {

// Where a kernel details column takes its value from.
enum class KField : std::uint8_t {
    Device, Step, ModelId, TaskId, StreamId, Name, OpType, Core, Start, Duration, Wait, BlockDim, MixBlockDim,
    InShapes, InTypes, InFormats, OutShapes, OutTypes, OutFormats, Pmu, Attr
};
struct KColumn { KField field; int index = -1; bool cycles = false; };

// One row: a kernel (a task of an op) or a communication op (Accelerator Core HCCL), as
// torch_npu's kernel_details.csv lists them.
struct KRow {
    TimeNs start = 0, duration = 0, wait = 0;
    std::uint64_t totalCycles = 0;
    std::uint32_t modelId = 0, iteration = 0, streamId = 0, taskId = 0, opId = 0;
    StrId name = 0, type = 0, opType = 0;
    std::uint16_t device = 0;
    TaskKind kind = TaskKind::AiCore;
    bool collective = false;
};

class KernelDetailsTable final : public SummaryTable {
public:
    explicit KernelDetailsTable(const TraceReader &r) : SummaryTable(SummaryKind::KernelDetails), lookup(r) {}
    using SummaryTable::columns_;
    using SummaryTable::groupColumn_;
    std::size_t rowCount() const override { return rows.size(); }
    Cell cell(std::size_t row, int col) const override
    {
        const KRow &r = rows[row];
        const KColumn &k = src[static_cast<std::size_t>(col)];
        const OpDesc *o = r.opId ? lookup.op(r.opId) : nullptr;
        const auto text = [&](StrId s) { return Cell::strOrNa(lookup.string(s)); };
        const auto attr = [&]() -> std::string_view {
            return k.index >= 0 && attrCount ? lookup.string(attrs[row * attrCount + std::size_t(k.index)]) : std::string_view();
        };
        switch (k.field) {
        case KField::Device: return Cell::uint(r.device);
        case KField::Step: return r.iteration ? Cell::uint(r.iteration) : Cell::na();
        case KField::ModelId: {
            // The file's own text when it was kept (torch_npu writes 4294967295 for "none").
            std::uint64_t v = 0;
            const std::string_view a = attr();
            if (!a.empty())
                return std::from_chars(a.data(), a.data() + a.size(), v).ec == std::errc() ? Cell::uint(v) : Cell::str(a);
            return r.collective ? Cell::na() : Cell::uint(r.modelId);
        }
        case KField::TaskId: return r.collective ? Cell::na() : Cell::uint(r.taskId);
        case KField::StreamId: return r.collective ? Cell::na() : Cell::uint(r.streamId);
        case KField::Name:
            if (o && o->name)
                return Cell::str(lookup.string(o->name));
            return Cell::str(r.collective ? lookup.string(r.name) : taskDisplayName(lookup, r.type, r.kind, r.name, r.opId));
        case KField::OpType: return r.collective ? text(r.opType) : o ? text(o->opType) : Cell::na();
        case KField::Core:
            if (r.collective)
                return Cell::str("HCCL");
            if (o && o->coreType)
                return Cell::str(lookup.string(o->coreType));
            return Cell::str(isComputeKind(r.kind) ? std::string_view(taskKindName(r.kind)) : taskTypeText(lookup, r.type, r.kind));
        case KField::Start: return Cell::us(r.start);
        case KField::Duration: return Cell::us(r.duration);
        case KField::Wait: {
            double v = 0;
            const std::string_view a = attr();
            if (!a.empty() && toNumber(a, &v))
                return Cell::fixed(v);
            return Cell::us(r.wait);
        }
        case KField::BlockDim: return r.collective ? Cell::uint(0) : o ? Cell::uint(o->blockDim) : Cell::na();
        case KField::MixBlockDim: return o && !r.collective ? Cell::uint(o->mixBlockDim) : Cell::na();
        case KField::InShapes: return o ? text(o->inputShapes) : Cell::na();
        case KField::InTypes: return o ? text(o->inputDataTypes) : Cell::na();
        case KField::InFormats: return o ? text(o->inputFormats) : Cell::na();
        case KField::OutShapes: return o ? text(o->outputShapes) : Cell::na();
        case KField::OutTypes: return o ? text(o->outputDataTypes) : Cell::na();
        case KField::OutFormats: return o ? text(o->outputFormats) : Cell::na();
        case KField::Pmu: {
            if (r.collective || pmuCount == 0)
                return Cell::na();
            if (k.cycles && isAiCoreKind(r.kind) && r.totalCycles)
                return Cell::uint(r.totalCycles);
            const float v = pmu[row * pmuCount + std::size_t(k.index)];
            return std::isfinite(v) ? Cell::fixed(double(v)) : Cell::na();
        }
        case KField::Attr: return Cell::strOrNa(attr());
        }
        return Cell::na();
    }
    RowSpan span(std::size_t row) const override
    {
        const KRow &r = rows[row];
        return spanOf(r.device, r.modelId, r.iteration, r.collective ? -1 : std::int64_t(r.streamId), r.start, endOf(r));
    }
    std::size_t memoryBytes() const override
    {
        return rows.capacity() * sizeof(KRow) + pmu.capacity() * sizeof(float) + attrs.capacity() * sizeof(StrId)
             + lookup.memoryBytes();
    }
    static bool toNumber(std::string_view s, double *out)
    {
        while (!s.empty() && (s.back() == '\t' || s.back() == ' '))
            s.remove_suffix(1);
        return !s.empty() && std::from_chars(s.data(), s.data() + s.size(), *out).ec == std::errc();
    }

    OwnLookup lookup;
    std::vector<KColumn> src;        // per column
    std::vector<KRow> rows;
    std::vector<float> pmu;          // rows × pmuCount
    std::vector<StrId> attrs;        // rows × attrCount (0: none)
    std::size_t pmuCount = 0, attrCount = 0;
};

// torch_npu's kernel_details.csv header (KernelViewParser) before the PMU columns.
const char *const kTorchKernelHeader[] = {
    "Step Id", "Model ID", "Task ID", "Stream ID", "Name", "Type", "OP State", "Accelerator Core", "Start Time(us)",
    "Duration(us)", "Wait Time(us)", "Block Dim", "Mix Block Dim", "HF32 Eligible", "Input Shapes", "Input Data Types",
    "Input Formats", "Output Shapes", "Output Data Types", "Output Formats", "Context ID"};

// The table's columns: the file's (or torch_npu's), then metrics and kept columns it did
// not list. Returns the names of the attribute slots the shown columns read.
std::vector<std::string> setKernelColumns(KernelDetailsTable &t, const QStringList &fileColumns, const QStringList &metrics,
                                          const std::vector<std::string> &attrNames,
                                          const std::map<std::string, int, std::less<>> &attrIndex)
{
    // Columns: the file's (or torch_npu's), then metrics and kept columns it did not list.
    QStringList names = fileColumns;
    if (names.isEmpty()) {
        for (const char *c : kTorchKernelHeader)
            names << QLatin1String(c);
        names << metrics;
    }
    for (const std::string &a : attrNames)
        if (!names.contains(QString::fromStdString(a)))
            names << QString::fromStdString(a);
    for (const QString &m : metrics)
        if (!names.contains(m))
            names << m;
    const auto is = [](const QString &n, std::initializer_list<const char *> any) {
        return std::any_of(any.begin(), any.end(), [&](const char *a) { return n == QLatin1String(a); });
    };
    if (!names.contains(QStringLiteral("Device_id"))) {
        t.columns_.push_back({Ctx::tr("Device"), ColumnType::Number, false, false});
        t.src.push_back({KField::Device});
    }
    std::vector<int> attrColumnOf(attrNames.size(), -1); // attr name index → attr slot
    for (const QString &n : names) {
        KColumn k{KField::Attr};
        ColumnType type = ColumnType::Number;
        bool aggregate = false;
        const std::string key = n.toStdString();
        const auto attrSlot = [&]() {
            auto it = attrIndex.find(key);
            return it == attrIndex.end() ? -1 : it->second;
        };
        if (n == QLatin1String("Device_id")) k.field = KField::Device;
        else if (is(n, {"Step Id"})) k.field = KField::Step;
        else if (is(n, {"Model ID"})) { k.field = KField::ModelId; k.index = attrSlot(); }
        else if (is(n, {"Task ID"})) k.field = KField::TaskId;
        else if (is(n, {"Stream ID"})) k.field = KField::StreamId;
        else if (is(n, {"Name", "Op Name"})) { k.field = KField::Name; type = ColumnType::Text; }
        else if (is(n, {"Type", "OP Type"})) { k.field = KField::OpType; type = ColumnType::Text; }
        else if (is(n, {"Accelerator Core", "Task Type"})) { k.field = KField::Core; type = ColumnType::Text; }
        else if (is(n, {"Start Time(us)", "Task Start Time(us)", "Task Start Time"})) k.field = KField::Start;
        else if (is(n, {"Duration(us)", "Task Duration(us)"})) { k.field = KField::Duration; aggregate = true; }
        else if (is(n, {"Wait Time(us)", "Task Wait Time(us)"})) { k.field = KField::Wait; k.index = attrSlot(); aggregate = true; }
        else if (is(n, {"Block Dim", "Block Num"})) k.field = KField::BlockDim;
        else if (is(n, {"Mix Block Dim", "Mix Block Num"})) k.field = KField::MixBlockDim;
        else if (is(n, {"Input Shapes"})) { k.field = KField::InShapes; type = ColumnType::Text; }
        else if (is(n, {"Input Data Types"})) { k.field = KField::InTypes; type = ColumnType::Text; }
        else if (is(n, {"Input Formats"})) { k.field = KField::InFormats; type = ColumnType::Text; }
        else if (is(n, {"Output Shapes"})) { k.field = KField::OutShapes; type = ColumnType::Text; }
        else if (is(n, {"Output Data Types"})) { k.field = KField::OutTypes; type = ColumnType::Text; }
        else if (is(n, {"Output Formats"})) { k.field = KField::OutFormats; type = ColumnType::Text; }
        else if (metrics.contains(n)) {
            k.field = KField::Pmu;
            k.index = int(metrics.indexOf(n));
            k.cycles = n == QLatin1String("aic_total_cycles") || n == QLatin1String("total_cycles");
            aggregate = true;
        } else {
            k.field = KField::Attr;
            k.index = attrSlot();
            type = ColumnType::Text;
        }
        t.columns_.push_back({n, type, true, aggregate});
        t.src.push_back(k);
    }
    // Attribute slots: one per kept column name the table shows.
    std::vector<std::string> slotNames;
    for (auto &k : t.src)
        if ((k.field == KField::Attr || k.field == KField::ModelId || k.field == KField::Wait) && k.index >= 0) {
            const int nameIdx = k.index;
            if (attrColumnOf[std::size_t(nameIdx)] < 0) {
                attrColumnOf[std::size_t(nameIdx)] = int(slotNames.size());
                slotNames.push_back(attrNames[std::size_t(nameIdx)]);
            }
            k.index = attrColumnOf[std::size_t(nameIdx)];
        }
    t.attrCount = slotNames.size();
    return slotNames;
}

std::shared_ptr<const SummaryTable> buildKernelDetails(const TraceReader &reader, const SessionSummaryOptions &so,
                                                       const QStringList &fileColumns, const std::atomic<bool> *cancel)
{
    auto t = std::make_shared<KernelDetailsTable>(reader);
    const SessionInfo &info = reader.sessionInfo();
    const QStringList metrics = info.pmuColumns.isEmpty() ? so.metricColumns : info.pmuColumns;
    t->pmuCount = std::size_t(metrics.size());

    // The names of the extra text columns of the tasks (OP State, HF32 Eligible, Model ID,
    // unknown ones); their values are read one device at a time below.
    std::vector<std::string> attrNames; // in order of first appearance
    std::map<std::string, int, std::less<>> attrIndex;
    for (const auto &d : info.devices) {
        if (cancelled(cancel))
            return nullptr;
        reader.forEachTaskAttr(d.id, [&](const TaskAttrRecord &a) {
            const std::string_view key = reader.string(a.key);
            if (!attrIndex.count(key)) {
                attrIndex.emplace(std::string(key), int(attrNames.size()));
                attrNames.emplace_back(key);
            }
            return true;
        });
    }

    const std::vector<std::string> slotNames = setKernelColumns(*t, fileColumns, metrics, attrNames, attrIndex);
    t->groupColumn_ = t->columnIndex(QStringLiteral("Type"));
    if (t->groupColumn_ < 0)
        t->groupColumn_ = t->columnIndex(QStringLiteral("OP Type"));

    // The shown extra columns of one device's tasks: attrCount values per task, found by
    // (stream, task id, start). Iterations come by device, so each device is read once.
    struct TaskKey {
        std::uint32_t stream, task;
        TimeNs start;
        bool operator==(const TaskKey &) const = default;
    };
    struct TaskKeyHash {
        std::size_t operator()(const TaskKey &k) const noexcept
        {
            std::uint64_t h = (std::uint64_t(k.stream) << 32 | k.task) * 0x9E3779B97F4A7C15ull;
            return std::size_t(h ^ (std::uint64_t(k.start) + 0x7F4A7C159E3779B9ull + (h << 6) + (h >> 2)));
        }
    };
    std::unordered_map<TaskKey, std::uint32_t, TaskKeyHash> attrRowOf;
    std::vector<StrId> attrValues;
    std::map<StrId, int> slotOfKey;
    int attrDevice = -1;
    const auto loadAttrs = [&](std::uint16_t device) {
        attrRowOf.clear();
        attrValues.clear();
        attrDevice = device;
        if (t->attrCount == 0)
            return;
        reader.forEachTaskAttr(device, [&](const TaskAttrRecord &a) {
            auto s = slotOfKey.find(a.key);
            if (s == slotOfKey.end()) {
                const std::string_view name = reader.string(a.key);
                const auto p = std::find(slotNames.begin(), slotNames.end(), name);
                s = slotOfKey.emplace(a.key, p == slotNames.end() ? -1 : int(p - slotNames.begin())).first;
            }
            if (s->second < 0)
                return true;
            const auto [it, fresh] = attrRowOf.try_emplace(TaskKey{a.streamId, a.taskId, a.start},
                                                           std::uint32_t(attrValues.size() / t->attrCount));
            if (fresh)
                attrValues.resize(attrValues.size() + t->attrCount, 0);
            attrValues[std::size_t(it->second) * t->attrCount + std::size_t(s->second)] = t->lookup.keep(a.value);
            return true;
        });
    };

    std::map<std::uint16_t, TaskWaitTracker> waits;
    for (const auto &k : reader.iterations()) {
        if (cancelled(cancel))
            return nullptr;
        if (attrDevice != int(k.device))
            loadAttrs(k.device);
        std::vector<KRow> rows;
        std::vector<std::vector<float>> pmus;
        std::vector<std::int64_t> rowAttrs; // row of attrValues, -1 none
        reader.forEachTask(k, [&](const TaskRecord &task) {
            if (!isComputeKind(task.kind) && !(task.opId && reader.op(task.opId)))
                return true;
            t->lookup.keepTask(task);
            KRow r;
            r.start = task.start;
            r.duration = task.duration;
            r.totalCycles = task.totalCycles;
            r.modelId = task.modelId;
            r.iteration = task.iteration;
            r.streamId = task.streamId;
            r.taskId = task.taskId;
            r.opId = task.opId;
            r.name = task.name;
            r.type = task.type;
            r.device = task.device;
            r.kind = task.kind;
            rows.push_back(r);
            pmus.push_back(task.pmu);
            const auto a = attrRowOf.find(TaskKey{task.streamId, task.taskId, task.start});
            rowAttrs.push_back(a == attrRowOf.end() ? -1 : std::int64_t(a->second));
            return true;
        });
        reader.forEachCollective(k, [&](const CollectiveOpRecord &c) {
            t->lookup.keep(c.name);
            t->lookup.keep(c.opType);
            KRow r;
            r.start = c.start;
            r.duration = c.duration;
            r.modelId = c.modelId;
            r.iteration = c.iteration;
            r.name = c.name;
            r.opType = c.opType;
            r.device = c.device;
            r.kind = TaskKind::Other;
            r.collective = true;
            rows.push_back(r);
            pmus.emplace_back();
            rowAttrs.push_back(-1);
            return true;
        });
        std::vector<std::size_t> order(rows.size());
        for (std::size_t i = 0; i < order.size(); ++i)
            order[i] = i;
        std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return rows[a].start < rows[b].start; });
        for (std::size_t i : order) {
            KRow r = rows[i];
            r.wait = waits[r.device].next(r.start, r.duration);
            t->rows.push_back(r);
            for (std::size_t m = 0; m < t->pmuCount; ++m)
                t->pmu.push_back(m < pmus[i].size() ? pmus[i][m] : std::nanf(""));
            if (rowAttrs[i] >= 0) {
                const auto from = attrValues.begin() + std::ptrdiff_t(std::size_t(rowAttrs[i]) * t->attrCount);
                t->attrs.insert(t->attrs.end(), from, from + std::ptrdiff_t(t->attrCount));
            } else {
                t->attrs.resize(t->attrs.size() + t->attrCount, 0);
            }
        }
    }
    t->rows.shrink_to_fit();
    t->pmu.shrink_to_fit();
    t->attrs.shrink_to_fit();
    t->lookup.done();
    return t;
}

// api_statistic.csv: one row per (device, level, API name) of the CANN API ranges.
struct ApiRow {
    std::uint16_t device = 0;
    std::string level, name;
    std::uint64_t count = 0;
    TimeNs total = 0, min = 0, max = 0;
    double sumSq = 0;             // of durations in µs, for the variance
    TimeNs first = 0, last = 0;
};

std::shared_ptr<const SummaryTable> buildApiStatistic(const TraceReader &reader, const std::atomic<bool> *cancel)
{
    using T = RowsTable<ApiRow>;
    auto t = std::make_shared<T>(
        SummaryKind::ApiStatistic, reader,
        [](const T &, const ApiRow &r, int c) -> Cell {
            const double n = double(r.count);
            switch (c) {
            case 0: return Cell::strOrNa(r.level);
            case 1: return Cell::str(r.name);
            case 2: return Cell::us(r.total);
            case 3: return Cell::uint(r.count);
            case 4: return Cell::usD(n > 0 ? double(r.total) / n : 0);
            case 5: return Cell::us(r.min);
            case 6: return Cell::us(r.max);
            case 7: {
                // Population variance in µs², as torch_npu writes it.
                const double mean = n > 0 ? double(r.total) / 1e3 / n : 0;
                return Cell::fixed(n > 0 ? std::max(0.0, r.sumSq / n - mean * mean) : 0);
            }
            }
            return Cell::na();
        },
        [](const ApiRow &r) { return spanOf(r.device, 0, 0, -1, r.first, r.last); });
    t->setColumns(makeColumns({"Level", "API Name", "Time(us)", "Count", "Avg(us)", "Min(us)", "Max(us)", "Variance"}, {0, 1},
                              true, false),
                  QStringLiteral("API Name")); // grouping joins an API's levels, not all APIs of a level
    std::map<std::tuple<std::uint16_t, std::string, std::string>, ApiRow> rows;
    for (const auto &k : reader.iterations()) {
        if (cancelled(cancel))
            return nullptr;
        reader.forEachHostRange(k, [&](const HostRangeRecord &h) {
            if (h.kind == HostRangeRecord::Kind::MsprofTx)
                return true;
            std::string_view name = reader.string(h.name);
            // The timeline names a call "<level name>@<API>" ("AscendCL@aclrtMemcpy", "Node@launch").
            if (const auto at = name.find('@'); at != std::string_view::npos)
                name = name.substr(at + 1);
            ApiRow &r = rows[{h.device, std::string(reader.string(h.level)), std::string(name)}];
            if (r.count == 0) {
                r.device = h.device;
                r.level = reader.string(h.level);
                r.name = name;
                r.min = r.max = h.duration;
                r.first = h.start;
                r.last = endOf(h);
            }
            ++r.count;
            r.total = addTime(r.total, h.duration);
            r.min = std::min(r.min, h.duration);
            r.max = std::max(r.max, h.duration);
            r.sumSq += (double(h.duration) / 1e3) * (double(h.duration) / 1e3);
            r.first = std::min(r.first, h.start);
            r.last = std::max(r.last, endOf(h));
            return true;
        });
    }
    for (auto &kv : rows)
        t->rows.push_back(std::move(kv.second));
    // As torch_npu: by device, then total time descending (ties: level, name).
    std::stable_sort(t->rows.begin(), t->rows.end(), [](const ApiRow &a, const ApiRow &b) {
        if (a.device != b.device)
            return a.device < b.device;
        return a.total > b.total;
    });
    t->lookup.done();
    return t;
}

struct StepTimeRow { StepTimeRecord r; std::string step; std::uint32_t rank = 0; std::uint32_t stepNumber = 0; StepShares s; };

std::shared_ptr<const SummaryTable> buildStepTime(const TraceReader &reader, const std::atomic<bool> *cancel)
{
    using T = RowsTable<StepTimeRow>;
    auto t = std::make_shared<T>(
        SummaryKind::StepTime, reader,
        [](const T &, const StepTimeRow &x, int c) -> Cell {
            const StepTimeRecord &r = x.r;
            switch (c) {
            case 0: return Cell::uint(x.rank);
            case 1: return Cell::strOrNa(x.step);
            case 2: return Cell::usD(x.s.stepNs);
            case 3: return Cell::us(r.computing);
            case 4: return Cell::us(r.commNotOverlapped);
            case 5: return Cell::us(r.overlapped);
            case 6: return Cell::us(r.communication);
            case 7: return Cell::us(r.free);
            case 8: return Cell::us(r.stage);
            case 9: return Cell::us(r.bubble);
            case 10: return Cell::us(r.commNotOverlappedExcludeReceive);
            case 11: return Cell::us(r.preparing);
            case 12: return Cell::fixed(x.s.computing);
            case 13: return Cell::fixed(x.s.commNotOverlapped);
            case 14: return Cell::fixed(x.s.free);
            case 15: return Cell::fixed(x.s.preparing);
            case 16: return Cell::fixed(x.s.overlapped);
            case 17: return Cell::fixed(x.s.bubble);
            }
            return Cell::na();
        },
        [](const StepTimeRow &x) {
            RowSpan s = spanOf(x.r.device, 0, x.stepNumber, -1, 0, 0);
            s.hasTime = false;
            return s;
        });
    std::vector<SummaryColumn> cols = makeColumns(
        {"Rank", "Step", "Step Time(us)", "Computing(us)", "Communication(Not Overlapped)(us)", "Overlapped(us)",
         "Communication(us)", "Free(us)", "Stage(us)", "Bubble(us)", "Communication(Not Overlapped and Exclude Receive)(us)",
         "Preparing(us)", "Computing(%)", "Communication(Not Overlapped)(%)", "Free(%)", "Preparing(%)", "Overlapped(%)",
         "Bubble(%)"},
        {1}, true, false);
    cols[1].aggregate = false; // Rank
    const QString share = Ctx::tr("Share of the step time (Preparing + Computing + Communication (Not Overlapped) + "
                                  "Free); these four shares add up to 100 %.");
    cols[3].tip = Ctx::tr("Preparing + Computing + Communication (Not Overlapped) + Free: the step from the "
                          "framework's step start to its last device activity.");
    cols[4].tip = Ctx::tr("Time the device computes (the union of its kernels).");
    cols[5].tip = Ctx::tr("Communication not hidden behind computation.");
    cols[6].tip = Ctx::tr("Communication hidden behind computation: part of Computing, not added to the step again.");
    cols[8].tip = Ctx::tr("Time the device neither computes nor communicates.");
    cols[9].tip = Ctx::tr("The device span of the step less its bubbles.");
    cols[10].tip = Ctx::tr("Pipeline receives (hcom_receive): part of Communication (Not Overlapped).");
    cols[12].tip = Ctx::tr("From the framework's step start to the step's first computation or communication.");
    for (int i : {13, 14, 15, 16})
        cols[std::size_t(i)].tip = share;
    cols[17].tip = Ctx::tr("Overlapped as a share of the step time; it lies within the Computing share.");
    cols[18].tip = Ctx::tr("Bubble as a share of the step time; it lies within the Communication (Not Overlapped) share.");
    t->setColumns(cols, QString());
    if (cancelled(cancel))
        return nullptr;
    std::map<std::uint16_t, std::uint32_t> rankOf;
    for (const auto &d : reader.sessionInfo().devices)
        rankOf[d.id] = d.rankId;
    for (const StepTimeRecord &r : reader.stepTimes()) {
        StepTimeRow x;
        x.r = r;
        x.step = reader.string(r.step);
        const auto rk = rankOf.find(r.device);
        x.rank = rk == rankOf.end() ? r.device : rk->second;
        std::uint64_t n = 0;
        if (std::from_chars(x.step.data(), x.step.data() + x.step.size(), n).ec == std::errc() && n <= UINT32_MAX)
            x.stepNumber = std::uint32_t(n);
        x.s = stepShares(r);
        t->rows.push_back(std::move(x));
    }
    t->lookup.done();
    return t;
}

} // namespace npuscope::analysis::detail
