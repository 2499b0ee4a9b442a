#include "core/analysis/run_diff.h"

#include "core/analysis/op_tables.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <algorithm>
#include <cmath>
#include <map>
#include <limits>
#include <set>

namespace npuscope::analysis {

namespace {

struct Ctx { Q_DECLARE_TR_FUNCTIONS(RunDiff) };

struct OpAcc { std::uint64_t count = 0; TimeNs total = 0; };

struct RunStats {
    std::map<std::string, OpAcc, std::less<>> ops;
    double deviceIterations = 0; // Σ over devices of the iterations with tasks (the per-iteration divisor)
    // Sums and counts of the step quantities over every device's iterations.
    double iter = 0, fpbp = 0, refresh = 0, aug = 0;
    int steps = 0, augSteps = 0;
};

// Op time by type as op_statistic counts it: AI Core and AI CPU tasks, by the op's type
// (task name when the session has no types, task_time l0).
bool collect(const TraceReader &r, RunStats *s, const std::atomic<bool> *cancel)
{
    std::set<std::pair<std::uint16_t, std::uint32_t>> models;
    for (const IterationKey &k : r.iterations()) {
        if (cancel && cancel->load(std::memory_order_relaxed))
            return false;
        models.insert({k.device, k.modelId});
        bool any = false;
        r.forEachTask(k, [&](const TaskRecord &t) {
            if (!isComputeKind(t.kind))
                return true;
            any = true;
            const OpDesc *op = r.op(t.opId);
            std::string_view type = op ? r.string(op->opType) : std::string_view();
            if (type.empty())
                type = r.string(t.name);
            auto it = s->ops.find(type);
            if (it == s->ops.end())
                it = s->ops.emplace(std::string(type), OpAcc{}).first;
            it->second.count += 1;
            it->second.total = addTime(it->second.total, t.duration);
            return true;
        });
        if (any)
            s->deviceIterations += 1;
    }
    for (const auto &[device, model] : models) {
        for (const StepTraceRecord &st : r.stepTraces(device, model)) {
            const StepTraceRow row = stepTraceRow(st);
            s->iter += double(row.iterationTime);
            s->fpbp += double(row.fpToBp);
            s->refresh += double(row.refresh);
            s->steps += 1;
            if (row.dataAugBound) {
                s->aug += double(*row.dataAugBound);
                s->augSteps += 1;
            }
        }
    }
    return true;
}

double percentOf(double delta, double base, double floor)
{
    if (base < floor)
        return delta == 0 ? 0.0 : std::numeric_limits<double>::quiet_NaN();
    return delta / base * 100.0;
}

QJsonValue percentJson(double p)
{
    return std::isfinite(p) ? QJsonValue(p) : QJsonValue(QJsonValue::Null);
}

QJsonObject opToJson(const OpTypeDiff &o)
{
    return QJsonObject{{QStringLiteral("opType"), QString::fromStdString(o.opType)},
                       {QStringLiteral("countA"), qint64(o.countA)},
                       {QStringLiteral("countB"), qint64(o.countB)},
                       {QStringLiteral("totalA"), qint64(o.totalA)},
                       {QStringLiteral("totalB"), qint64(o.totalB)},
                       {QStringLiteral("meanA"), o.meanA},
                       {QStringLiteral("meanB"), o.meanB},
                       {QStringLiteral("perIterA"), o.perIterA},
                       {QStringLiteral("perIterB"), o.perIterB},
                       {QStringLiteral("delta"), o.delta},
                       {QStringLiteral("percent"), percentJson(o.percent)}};
}

} // namespace

RunDiff diffRuns(const TraceReader &a, const TraceReader &b, const std::atomic<bool> *cancel)
{
    RunDiff d;
    RunStats sa, sb;
    if (!collect(a, &sa, cancel) || !collect(b, &sb, cancel)) {
        d.cancelled = true;
        return d;
    }
    std::set<std::string, std::less<>> names;
    for (const auto &[n, _] : sa.ops) names.insert(n);
    for (const auto &[n, _] : sb.ops) names.insert(n);
    double runA = 0; // A's time per iteration over every op type
    for (const auto &[n, op] : sa.ops)
        runA += sa.deviceIterations > 0 ? double(op.total) / sa.deviceIterations : 0;
    const double opFloor = std::max(kPercentFloorNs, kPercentFloorOfRun * runA);
    for (const std::string &n : names) {
        OpTypeDiff o;
        o.opType = n;
        if (auto it = sa.ops.find(n); it != sa.ops.end()) { o.countA = it->second.count; o.totalA = it->second.total; }
        if (auto it = sb.ops.find(n); it != sb.ops.end()) { o.countB = it->second.count; o.totalB = it->second.total; }
        o.meanA = o.countA ? double(o.totalA) / double(o.countA) : 0;
        o.meanB = o.countB ? double(o.totalB) / double(o.countB) : 0;
        o.perIterA = sa.deviceIterations > 0 ? double(o.totalA) / sa.deviceIterations : 0;
        o.perIterB = sb.deviceIterations > 0 ? double(o.totalB) / sb.deviceIterations : 0;
        o.delta = o.perIterB - o.perIterA;
        o.percent = percentOf(o.delta, o.perIterA, opFloor);
        d.ops.push_back(std::move(o));
    }
    std::stable_sort(d.ops.begin(), d.ops.end(), [](const OpTypeDiff &x, const OpTypeDiff &y) {
        const double ax = std::abs(x.delta), ay = std::abs(y.delta);
        return ax != ay ? ax > ay : x.opType < y.opType;
    });
    for (const OpTypeDiff &o : d.ops)
        if (o.delta > 0)
            d.regressions.push_back(o);
    std::stable_sort(d.regressions.begin(), d.regressions.end(),
                     [](const OpTypeDiff &x, const OpTypeDiff &y) { return x.delta > y.delta; });
    if (d.regressions.size() > 10)
        d.regressions.resize(10);

    const auto mean = [](double sum, int n) { return n > 0 ? sum / n : 0.0; };
    const auto step = [&](const QString &name, double va, double vb) {
        StepDiff s;
        s.name = name;
        s.a = va;
        s.b = vb;
        s.delta = vb - va;
        s.percent = percentOf(s.delta, va, kPercentFloorNs);
        d.steps.push_back(s);
    };
    step(Ctx::tr("Iteration"), mean(sa.iter, sa.steps), mean(sb.iter, sb.steps));
    step(Ctx::tr("FP→BP"), mean(sa.fpbp, sa.steps), mean(sb.fpbp, sb.steps));
    step(Ctx::tr("Iteration Refresh"), mean(sa.refresh, sa.steps), mean(sb.refresh, sb.steps));
    step(Ctx::tr("Data Aug Bound"), mean(sa.aug, sa.augSteps), mean(sb.aug, sb.augSteps));
    return d;
}

QJsonObject runDiffToJson(const RunDiff &d)
{
    QJsonArray ops, steps, regressions;
    for (const OpTypeDiff &o : d.ops) ops.append(opToJson(o));
    for (const OpTypeDiff &o : d.regressions) regressions.append(opToJson(o));
    for (const StepDiff &s : d.steps)
        steps.append(QJsonObject{{QStringLiteral("name"), s.name},
                                 {QStringLiteral("a"), s.a},
                                 {QStringLiteral("b"), s.b},
                                 {QStringLiteral("delta"), s.delta},
                                 {QStringLiteral("percent"), percentJson(s.percent)}});
    return QJsonObject{{QStringLiteral("ops"), ops}, {QStringLiteral("steps"), steps},
                       {QStringLiteral("regressions"), regressions}};
}

} // namespace npuscope::analysis
