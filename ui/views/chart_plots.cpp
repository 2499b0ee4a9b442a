// The Charts tab's plots, one function per chart: each draws its series from the computed
// ChartSet into its page, with a tooltip (and for iteration charts the span to show in the
// timeline) per data point, or says in *missing why it has nothing to draw.

#include "ui/views/chart_view.h"

#include "core/text/display.h"
#include "ui/views/chart_style.h"

#include <QLabel>
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <map>
#include <qcustomplot.h>

namespace npuscope::ui {

namespace ch = analysis::charts;

namespace {

template <class Container>
std::vector<double> keysOf(const Container &data)
{
    std::vector<double> keys;
    for (auto it = data->constBegin(); it != data->constEnd(); ++it)
        keys.push_back(it->key);
    return keys;
}

// Per data index (container order, which QCustomPlot sorts by key) from a key → value map.
template <class T>
std::vector<T> byIndex(const std::vector<double> &keys, const std::map<double, T> &m)
{
    std::vector<T> out;
    out.reserve(keys.size());
    for (double k : keys) {
        auto it = m.find(k);
        out.push_back(it == m.end() ? T{} : it->second);
    }
    return out;
}

} // namespace

void ChartsView::buildTopOps(Page &pg, QString *missing)
{
    QCustomPlot *p = pg.plot;
    data_.topOps = ch::foldTopN(allOps_, topN());
    const auto &t = data_.topOps;
    *missing = t.missing;
    if (!missing->isEmpty())
        return;
    double maxNs = 0;
    for (const auto &r : t.rows)
        maxNs = std::max(maxNs, double(r.total));
    const TimeUnit u = timeUnit(maxNs);
    auto *bars = new QCPBars(p->yAxis, p->xAxis);
    bars->setName(tr("Total time of the op type"));
    styleBars(bars, seriesColor(0));
    QCPBars *other = nullptr;
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    std::map<double, QString> tips, otherTips;
    const int n = int(t.rows.size());
    for (int i = 0; i < n; ++i) {
        const auto &r = t.rows[std::size_t(i)];
        const double key = n - i; // largest on top
        const QString label = r.other ? tr("Other (%n op types)", nullptr, int(r.otherTypes))
                                      : QString::fromStdString(r.opType);
        ticker->addTick(key, label);
        const QString tip = tr("%1\nTotal: %2 (%3 % of all)\nTasks: %4\nMean: %5")
                                .arg(label,
                                        display::duration(r.total),
                                        display::number(t.allTotal ? 100.0 * double(r.total) / double(t.allTotal) : 0.0, 1),
                                        display::count(std::int64_t(r.count)),
                                        display::duration(r.count ? double(r.total) / double(r.count) : 0.0));
        if (r.other) {
            if (!other) {
                other = new QCPBars(p->yAxis, p->xAxis);
                other->setName(tr("Other op types"));
                styleBars(other, otherColor());
            }
            other->addData(key, double(r.total) / u.ns);
            otherTips[key] = tip;
        } else {
            bars->addData(key, double(r.total) / u.ns);
            tips[key] = tip;
        }
    }
    pg.tips[bars] = byIndex(keysOf(bars->data()), tips);
    if (other)
        pg.tips[other] = byIndex(keysOf(other->data()), otherTips);
    p->yAxis->setTicker(ticker);
    p->yAxis->grid()->setVisible(false);
    p->yAxis->setRange(0.4, n + 0.6);
    p->xAxis->setRange(0, maxNs / u.ns * 1.08);
    p->xAxis->setLabel(tr("Total time (%1)").arg(u.name));
    pg.title->setText(tr("Top %n op types by total time", nullptr, topN()));
}

void ChartsView::buildSteps(Page &pg, QString *missing)
{
    QCustomPlot *p = pg.plot;
    const QColor fg = palette().color(QPalette::WindowText);
    *missing = data_.steps.missing;
    if (!missing->isEmpty())
        return;
    // One model (the selected one, else the first recorded) on every device picked.
    const auto &all = data_.steps.steps;
    if (all.empty()) { // imports without step-trace markers, or while the charts compute
        *missing = tr("The session has no iteration with step-trace markers.");
        return;
    }
    const std::int64_t model = selection_.modelId >= 0 ? selection_.modelId : std::int64_t(all.front().modelId);
    std::map<std::uint16_t, std::vector<ch::IterationStep>> byDevice;
    double maxNs = 0, first = 1e300, last = -1e300;
    for (const auto &s : all)
        if (s.modelId == model) {
            byDevice[s.device].push_back(s);
            maxNs = std::max(maxNs, double(s.iterationTime));
            first = std::min(first, double(s.iteration));
            last = std::max(last, double(s.iteration));
        }
    if (byDevice.empty()) {
        *missing = tr("No iteration of model %1 with step-trace markers in the selection.").arg(model);
        return;
    }
    const TimeUnit u = timeUnit(maxNs);
    const bool single = byDevice.size() == 1;
    // Several devices: per iteration one stack per device, side by side in device order.
    QCPBarsGroup *group = nullptr;
    if (!single) {
        group = new QCPBarsGroup(p);
        group->setSpacingType(QCPBarsGroup::stAbsolute);
        group->setSpacing(1);
        pg.groups.emplace_back(group);
    }
    const double width = single ? 0.7 : 0.8 / double(byDevice.size());
    bool firstDevice = true;
    for (const auto &[device, steps] : byDevice) {
        auto *fp = new QCPBars(p->xAxis, p->yAxis);
        fp->setName(tr("FP→BP"));
        styleBars(fp, seriesColor(0));
        auto *refresh = new QCPBars(p->xAxis, p->yAxis);
        refresh->setName(tr("Iteration Refresh"));
        styleBars(refresh, seriesColor(1));
        refresh->moveAbove(fp);
        auto *aug = new QCPBars(p->xAxis, p->yAxis);
        aug->setName(tr("Data Aug Bound"));
        styleBars(aug, seriesColor(2));
        aug->moveAbove(refresh);
        const std::initializer_list<QCPBars *> stack{fp, refresh, aug};
        const char *part[] = {"fp", "refresh", "aug"};
        int pi = 0;
        for (QCPBars *b : stack) {
            b->setObjectName(QStringLiteral("steps-d%1-%2").arg(device).arg(QLatin1String(part[pi++])));
            b->setWidth(width);
            if (!single)
                b->setPen(Qt::NoPen); // thin bars: an outline would hide the colour
            if (group)
                b->setBarsGroup(group);
            if (!firstDevice)
                b->removeFromLegend();
        }
        firstDevice = false;
        QCPGraph *line = nullptr;
        if (single) {
            line = new QCPGraph(p->xAxis, p->yAxis);
            line->setName(tr("Iteration time"));
            line->setPen(QPen(fg, 2));
            line->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, fg, fg, 6));
        }
        std::map<double, QString> tips;
        std::map<double, IterationRef> refs;
        for (const auto &s : steps) {
            const double k = s.iteration;
            fp->addData(k, double(s.fpToBp) / u.ns);
            refresh->addData(k, double(s.refresh) / u.ns);
            aug->addData(k, double(s.dataAugBound) / u.ns);
            if (line)
                line->addData(k, double(s.iterationTime) / u.ns);
            tips[k] = tr("Iteration %1 on device %2\nIteration time: %3\nFP→BP: %4\nIteration Refresh: %5\n"
                         "Data Aug Bound: %6\nClick to show it in the timeline.")
                          .arg(s.iteration)
                          .arg(s.device)
                          .arg(display::duration(s.iterationTime), display::duration(s.fpToBp), display::duration(s.refresh),
                               s.hasDataAugBound ? display::duration(s.dataAugBound) : tr("none (first iteration)"));
            refs[k] = IterationRef{s.device, s.iteration, s.start, s.end};
        }
        for (QCPBars *b : stack) {
            const auto keys = keysOf(b->data());
            pg.tips[b] = byIndex(keys, tips);
            pg.refs[b] = byIndex(keys, refs);
        }
        if (line) {
            pg.tips[line] = byIndex(keysOf(line->data()), tips);
            pg.refs[line] = byIndex(keysOf(line->data()), refs);
        }
    }
    iterationAxis(p->xAxis, first, last, 0.6);
    p->xAxis->grid()->setVisible(false);
    p->yAxis->setRange(0, maxNs / u.ns * 1.1);
    p->xAxis->setLabel(single ? tr("Iteration")
                              : tr("Iteration (one stack per device, devices %1 to %2 from left to right)")
                                    .arg(byDevice.begin()->first)
                                    .arg(byDevice.rbegin()->first));
    p->yAxis->setLabel(tr("Time (%1)").arg(u.name));
    if (single)
        pg.title->setText(tr("Iteration breakdown on device %1 (model %2)").arg(byDevice.begin()->first).arg(model));
    else
        pg.title->setText(tr("Iteration breakdown on %n devices (model %1)", nullptr, int(byDevice.size())).arg(model));
}

void ChartsView::buildDevices(Page &pg, QString *missing)
{
    QCustomPlot *p = pg.plot;
    const auto &d = data_.devices;
    *missing = d.missing;
    if (!missing->isEmpty())
        return;
    const StepExtent x = stepExtent(d);
    const TimeUnit u = timeUnit(x.maxNs);
    for (std::size_t i = 0; i < d.devices.size(); ++i) {
        const auto &dev = d.devices[i];
        const bool straggler = isStraggler(d, dev.device);
        const QColor col = seriesColor(int(i));
        auto *it = addDeviceLine(p, d, i, 2);
        it->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, col, col, 6));
        auto *fb = new QCPGraph(p->xAxis, p->yAxis);
        fb->setName(tr("Device %1 FP→BP").arg(dev.device));
        fb->setPen(QPen(col, straggler ? 2 : 1.5, Qt::DashLine));
        fb->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssSquare, col, col, 4));
        fb->removeFromLegend();
        std::map<double, QString> tips, fbTips;
        std::map<double, IterationRef> refs;
        for (const auto &s : dev.steps) {
            // Several models on one device would share iteration keys; the first wins.
            const double k = s.iteration;
            if (refs.count(k))
                continue;
            it->addData(k, double(s.iterationTime) / u.ns);
            fb->addData(k, double(s.fpToBp) / u.ns);
            const QString head = tr("Device %1, iteration %2").arg(s.device).arg(s.iteration);
            tips[k] = tr("%1\nIteration time: %2\nFP→BP: %3\nMean iteration time of the device: %4\n"
                         "Click to show it in the timeline.")
                          .arg(head, display::duration(s.iterationTime), display::duration(s.fpToBp), display::duration(dev.meanIterationNs));
            fbTips[k] = tr("%1\nFP→BP (compute): %2\nMean FP→BP of the device: %3\nClick to show it in the timeline.")
                            .arg(head, display::duration(s.fpToBp), display::duration(dev.meanFpToBpNs));
            refs[k] = IterationRef{s.device, s.iteration, s.start, s.end};
        }
        pg.tips[it] = byIndex(keysOf(it->data()), tips);
        pg.tips[fb] = byIndex(keysOf(fb->data()), fbTips);
        pg.refs[it] = byIndex(keysOf(it->data()), refs);
        pg.refs[fb] = byIndex(keysOf(fb->data()), refs);
    }
    iterationAxis(p->xAxis, x.first, x.last, 0.4);
    p->yAxis->setRange(0, x.maxNs / u.ns * 1.1);
    p->xAxis->setLabel(tr("Iteration"));
    p->yAxis->setLabel(tr("Time (%1) — solid: iteration time, dashed: FP→BP").arg(u.name));
    QStringList names;
    for (auto s : d.stragglers)
        names << QString::number(s);
    pg.title->setText(d.stragglers.empty()
                          ? tr("Iteration time per device")
                          : tr("Iteration time per device — straggler: device %1").arg(names.join(QStringLiteral(", "))));
}

void ChartsView::buildPipes(Page &pg, QString *missing)
{
    QCustomPlot *p = pg.plot;
    const auto &ps = data_.pipes;
    *missing = ps.missing;
    if (!missing->isEmpty())
        return;
    const int n = std::min<int>(topN(), int(ps.rows.size()));
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    std::array<QCPBars *, ch::PipeCount> bars{};
    double maxSum = 0;
    for (int pi = 0; pi < ch::PipeCount; ++pi) {
        bars[std::size_t(pi)] = new QCPBars(p->yAxis, p->xAxis);
        bars[std::size_t(pi)]->setName(QString::fromLatin1(ch::pipeName(ch::Pipe(pi))));
        styleBars(bars[std::size_t(pi)], seriesColor(pi));
        if (pi > 0)
            bars[std::size_t(pi)]->moveAbove(bars[std::size_t(pi - 1)]);
    }
    std::map<double, QString> tips;
    for (int i = 0; i < n; ++i) {
        const auto &r = ps.rows[std::size_t(i)];
        const double key = n - i;
        ticker->addTick(key, QString::fromStdString(r.opType));
        double sum = 0;
        QStringList lines;
        for (int pi = 0; pi < ch::PipeCount; ++pi) {
            const double v = 100.0 * r.ratio[std::size_t(pi)];
            bars[std::size_t(pi)]->addData(key, v);
            sum += v;
            lines << tr("%1: %2 %").arg(QString::fromLatin1(ch::pipeName(ch::Pipe(pi))),
                    display::number(v, 1));
        }
        maxSum = std::max(maxSum, sum);
        tips[key] = tr("%1 (%n AI Core tasks, %2)", nullptr, int(r.count)).arg(QString::fromStdString(r.opType), display::duration(r.total))
                    + QLatin1Char('\n') + lines.join(QLatin1Char('\n'));
    }
    for (QCPBars *b : bars)
        pg.tips[b] = byIndex(keysOf(b->data()), tips);
    p->yAxis->setTicker(ticker);
    p->yAxis->grid()->setVisible(false);
    p->yAxis->setRange(0.4, n + 0.6);
    p->xAxis->setRange(0, std::max(100.0, maxSum * 1.05));
    p->xAxis->setLabel(tr("Share of the task time each pipe is busy (%, time-weighted; pipes overlap, so a stack can pass 100)"));
    pg.title->setText(tr("AI Core pipe ratios of the top %n op types by time", nullptr, n));
}

void ChartsView::buildBandwidth(Page &pg, QString *missing)
{
    QCustomPlot *p = pg.plot;
    const auto &b = data_.bandwidth;
    *missing = b.missing;
    if (!missing->isEmpty())
        return;
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    auto *ops = new QCPBars(p->yAxis, p->xAxis);
    ops->setName(tr("Collective op (payload / op duration)"));
    styleBars(ops, seriesColor(0));
    auto *trs = new QCPBars(p->yAxis, p->xAxis);
    trs->setName(tr("HCCL transport (bytes moved / task time)"));
    styleBars(trs, seriesColor(1));
    const int n = int(b.ops.size() + b.transports.size());
    double maxV = 0;
    std::map<double, QString> opTips, trTips;
    int i = 0;
    for (const auto &o : b.ops) {
        const double key = n - i++;
        ticker->addTick(key, QString::fromStdString(o.name));
        ops->addData(key, o.gbps);
        maxV = std::max(maxV, o.gbps);
        opTips[key] = tr("%1 (%2)\n%3 GB/s\n%4 in %5 over %n occurrences", nullptr, int(o.count))
                          .arg(QString::fromStdString(o.name),
                                  QString::fromStdString(o.opType),
                                  display::number(o.gbps, 3),
                                  display::bytes(o.bytes),
                                  display::duration(o.duration));
    }
    for (const auto &t : b.transports) {
        const double key = n - i++;
        ticker->addTick(key, tr("%1 transport").arg(QString::fromStdString(t.transport)));
        trs->addData(key, t.gbps);
        maxV = std::max(maxV, t.gbps);
        trTips[key] = tr("%1 transport\n%2 GB/s\n%3 in %4 over %n HCCL tasks", nullptr, int(t.count))
                          .arg(QString::fromStdString(t.transport),
                                  display::number(t.gbps, 3),
                                  display::bytes(t.bytes),
                                  display::duration(t.duration));
    }
    pg.tips[ops] = byIndex(keysOf(ops->data()), opTips);
    pg.tips[trs] = byIndex(keysOf(trs->data()), trTips);
    p->yAxis->setTicker(ticker);
    p->yAxis->grid()->setVisible(false);
    p->yAxis->setRange(0.4, n + 0.6);
    p->xAxis->setRange(0, std::max(maxV, 1e-3) * 1.08);
    p->xAxis->setLabel(tr("Bandwidth (GB/s)"));
}

void ChartsView::buildL2(Page &pg, QString *missing)
{
    QCustomPlot *p = pg.plot;
    const auto &h = data_.l2;
    *missing = h.missing;
    if (!missing->isEmpty())
        return;
    const int n = int(h.bins.size());
    const double w = 100.0 / n;
    auto *bars = new QCPBars(p->xAxis, p->yAxis);
    bars->setName(tr("AI Core tasks"));
    styleBars(bars, seriesColor(0));
    bars->setWidth(w * 0.92);
    std::map<double, QString> tips;
    double maxC = 0;
    for (int i = 0; i < n; ++i) {
        const double key = (i + 0.5) * w;
        const auto count = h.bins[std::size_t(i)];
        bars->addData(key, double(count));
        maxC = std::max(maxC, double(count));
        tips[key] = tr("Hit rate %1–%2 %\n%n AI Core tasks", nullptr, int(count))
                        .arg(display::number(i * w, 1), display::number((i + 1) * w, 1))
                    + tr(" (%1 % of %2)").arg(display::number(h.tasks ? 100.0 * double(count) / double(h.tasks) : 0.0, 1),
                                              display::count(std::int64_t(h.tasks)));
    }
    pg.tips[bars] = byIndex(keysOf(bars->data()), tips);
    auto *mean = new QCPGraph(p->xAxis, p->yAxis);
    mean->setName(tr("Mean %1 %").arg(display::number(100.0 * h.mean, 1)));
    mean->setPen(QPen(seriesColor(3), 2, Qt::DashLine));
    mean->addData(100.0 * h.mean, 0);
    mean->addData(100.0 * h.mean, maxC * 1.1);
    const QString meanTip = tr("Mean hit rate: %1 % over %2 AI Core tasks")
                                .arg(display::number(100.0 * h.mean, 2), display::count(std::int64_t(h.tasks)));
    pg.tips[mean] = {meanTip, meanTip};
    p->xAxis->setRange(0, 100);
    p->yAxis->setRange(0, std::max(1.0, maxC * 1.1));
    p->xAxis->setLabel(tr("L2 hit rate (%)"));
    p->yAxis->setLabel(tr("AI Core tasks"));
    p->xAxis->grid()->setVisible(false);
}

void ChartsView::buildMemory(Page &pg, QString *missing)
{
    const ch::MemorySeries &m = data_.memory;
    *missing = m.missing;
    if (!missing->isEmpty())
        return;
    QCustomPlot *p = pg.plot;
    double maxMiB = 0;
    TimeNs first = std::numeric_limits<TimeNs>::max(), last = std::numeric_limits<TimeNs>::min();
    for (const auto &t : m.tracks)
        for (const auto &pt : t.points) {
            maxMiB = std::max(maxMiB, pt.mib);
            first = std::min(first, pt.ts);
            last = std::max(last, pt.ts);
        }
    // Binary units: GiB from 1 GiB on, else MiB (the files' "MB" are MiB).
    const bool gib = maxMiB >= 1024;
    const double scale = gib ? 1024.0 : 1.0;
    const TimeUnit u = timeUnit(double(std::max<TimeNs>(1, last - origin_)));
    // One colour per component, one line style per metric.
    std::map<std::string, int> colourOf;
    const auto metricName = [this](ch::MemoryMetric k) {
        switch (k) {
        case ch::MemoryMetric::Allocated: return tr("allocated");
        case ch::MemoryMetric::Reserved: return tr("reserved");
        case ch::MemoryMetric::Active: return tr("active");
        }
        return QString();
    };
    for (const auto &t : m.tracks) {
        const std::string colourKey = (t.source == ch::MemoryTrack::Source::Module ? "module:" : "") + t.component;
        const int ci = colourOf.try_emplace(colourKey, int(colourOf.size())).first->second;
        const QColor col = seriesColor(ci);
        auto *g = new QCPGraph(p->xAxis, p->yAxis);
        const QString component = QString::fromStdString(t.component);
        const QString metric = metricName(t.metric);
        QString name;
        switch (t.source) {
        case ch::MemoryTrack::Source::Allocator: name = tr("%1 %2").arg(component, metric); break;
        case ch::MemoryTrack::Source::Module: name = tr("Module %1 %2").arg(component, metric); break;
        case ch::MemoryTrack::Source::Operators: name = tr("Operators' total %1").arg(metric); break;
        }
        g->setName(name);
        Qt::PenStyle style = Qt::SolidLine;
        double width = 2;
        if (t.source == ch::MemoryTrack::Source::Module) {
            style = Qt::DashDotLine;
            width = 1.5;
        } else if (t.metric == ch::MemoryMetric::Reserved) {
            style = Qt::DashLine;
        } else if (t.metric == ch::MemoryMetric::Active) {
            style = Qt::DotLine;
        }
        g->setPen(QPen(col, width, style));
        g->setLineStyle(QCPGraph::lsStepLeft);
        g->setAdaptiveSampling(true);
        std::vector<QString> tips;
        tips.reserve(t.points.size());
        QVector<double> keys, values;
        keys.reserve(qsizetype(t.points.size()));
        values.reserve(qsizetype(t.points.size()));
        for (const auto &pt : t.points) {
            keys << double(pt.ts - origin_) / u.ns;
            values << pt.mib / scale;
            tips.push_back(tr("%1\n%2 at %3 on the timeline's time axis")
                               .arg(name, display::bytes(std::uint64_t(std::llround(pt.mib * 1048576.0))),
                                    display::duration(double(pt.ts - origin_))));
        }
        // Already sorted by time: QCustomPlot keeps the order, so data index i is point i.
        g->setData(keys, values, true);
        pg.tips[g] = std::move(tips);
    }
    const double x0 = double(first - origin_) / u.ns, x1 = double(last - origin_) / u.ns;
    const double pad = std::max(1e-9, (x1 - x0) * 0.02);
    p->xAxis->setRange(x0 - pad, x1 + pad);
    p->yAxis->setRange(0, std::max(1e-6, maxMiB / scale * 1.1));
    p->xAxis->setLabel(tr("Time on the timeline's axis (%1; 0 = its first event, earlier samples are negative)").arg(u.name));
    p->yAxis->setLabel(gib ? tr("Memory (GiB)") : tr("Memory (MiB)"));
    QString title = tr("Memory over time on device %1").arg(m.device);
    if (m.devices.size() > 1)
        title += tr(" (devices with memory records: %1; pick one with the Devices button)")
                     .arg([&] {
                         QStringList ids;
                         for (auto d : m.devices)
                             ids << QString::number(d);
                         return ids.join(QStringLiteral(", "));
                     }());
    if (m.idleModules)
        title += tr(" — %n module(s) reserved nothing and are not drawn", nullptr, int(m.idleModules));
    pg.title->setText(title);
}

} // namespace npuscope::ui
