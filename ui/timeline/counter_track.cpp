#include "ui/timeline/counter_track.h"
#include "ui/timeline/timeline_plot.h"

#include <QCoreApplication>
#include <QFontMetrics>
#include <QLocale>
#include <QPainter>
#include <QLine>
#include <QPolygon>
#include <QVector>

#include <algorithm>
#include <map>
#include <set>
#include <limits>

namespace npuscope::ui::timeline {

namespace {
struct Ctx { Q_DECLARE_TR_FUNCTIONS(TimelineView) };
using analysis::timeline::View;
} // namespace

void finishSeries(CounterSeries *s)
{
    bool any = false;
    for (double v : s->value) {
        if (std::isnan(v))
            continue;
        s->min = any ? std::min(s->min, v) : v;
        s->max = any ? std::max(s->max, v) : v;
        any = true;
    }
    if (!any)
        s->min = s->max = 0;
}

void counterColumns(const CounterSeries &s, const View &v, std::vector<CounterColumn> *out)
{
    out->assign(std::size_t(std::max(1, v.widthPx)), CounterColumn{});
    const std::size_t n = s.ts.size();
    if (!n || !(v.t1 > v.t0))
        return;
    // The sample holding at t0, then every sample starting before t1.
    auto it = std::upper_bound(s.ts.begin(), s.ts.end(), TimeNs(std::floor(v.t0)));
    std::size_t k = it == s.ts.begin() ? 0 : std::size_t(it - s.ts.begin()) - 1;
    const long long w = v.widthPx;
    for (; k < n && double(s.ts[k]) < v.t1; ++k) {
        const double value = s.value[k];
        if (std::isnan(value))
            continue;
        // A value holds until the next sample; the last one to the end of the view.
        const double a = double(s.ts[k]);
        const double b = k + 1 < n ? double(s.ts[k + 1]) : v.t1;
        const analysis::timeline::Columns c = analysis::timeline::columnsOf(v, a, std::max(a, b));
        const long long x0 = std::clamp<long long>(c.x0, 0, w);
        const long long x1 = std::clamp<long long>(c.x1, 0, w);
        for (long long x = x0; x < x1; ++x) {
            CounterColumn &col = (*out)[std::size_t(x)];
            if (!col.known) {
                col.lo = col.hi = value;
                col.known = true;
            } else {
                col.lo = std::min(col.lo, value);
                col.hi = std::max(col.hi, value);
            }
        }
    }
}

double counterValueAt(const CounterSeries &s, double t)
{
    auto it = std::upper_bound(s.ts.begin(), s.ts.end(), TimeNs(std::floor(t)));
    if (it == s.ts.begin())
        return std::numeric_limits<double>::quiet_NaN();
    return s.value[std::size_t(it - s.ts.begin()) - 1];
}

std::pair<double, double> counterAxis(const CounterSeries &s)
{
    if (s.percent)
        return {0, 100};
    double lo = std::min(0.0, s.min);
    double hi = s.max;
    if (!(hi > lo))
        hi = lo + 1;
    return {lo, hi};
}

QString counterValueText(const CounterSeries &s, double value, double scale)
{
    if (std::isnan(value))
        return Ctx::tr("unknown");
    const double a = std::isnan(scale) ? std::abs(value) : std::abs(scale);
    const int decimals = a >= 100 ? 0 : a >= 10 ? 1 : 2;
    const QString number = QLocale().toString(value, 'f', decimals);
    return s.unit.isEmpty() ? number : number + QLatin1Char(' ') + s.unit;
}

QString counterTitle(const CounterSeries &s)
{
    return s.unit.isEmpty() ? s.name : QStringLiteral("%1 (%2)").arg(s.name, s.unit);
}

QColor counterColor(const CounterSeries &s)
{
    if (s.colour)
        return QColor::fromRgb(s.colour);
    if (s.derived)
        return QColor(0x2e, 0x7d, 0x32); // utilisation: green
    // A stable hue per series name, in the blue-violet-teal range apart from the task colours.
    const uint h = qHash(s.name);
    static const QRgb colours[] = {0x1565c0, 0x6a1b9a, 0x00838f, 0xad1457, 0x4e342e, 0x283593, 0x00695c, 0x5d4037};
    return QColor(colours[h % (sizeof(colours) / sizeof(colours[0]))]);
}

void assignCounterColours(Model *m)
{
    // Dark, saturated line colours that read on a light and a dark canvas; past them,
    // hues around the circle by the golden angle.
    static const QRgb base[] = {0x1565c0, 0x6a1b9a, 0x00838f, 0xad1457, 0x4e342e, 0x283593, 0x00695c, 0x5d4037,
                                0x827717, 0x37474f, 0xc2185b, 0x0277bd, 0x558b2f, 0x4527a0, 0xbf360c, 0x00796b};
    std::set<QRgb> taken;
    for (int t = 0; t < 256; ++t)
        taken.insert(Palette::typeColor(std::uint8_t(t)));
    const QRgb derived = qRgb(0x2e, 0x7d, 0x32);
    taken.insert(derived);
    std::map<QString, QRgb> byName;
    std::size_t next = 0;
    int golden = 0;
    auto fresh = [&]() -> QRgb {
        while (next < sizeof(base) / sizeof(base[0])) {
            const QRgb c = base[next++] | 0xff000000u;
            if (taken.insert(c).second)
                return c;
        }
        for (;;) {
            const int hue = (golden++ * 137 + 200) % 360;
            const QRgb c = QColor::fromHsv(hue, 200, golden % 2 ? 150 : 190).rgb();
            if (taken.insert(c).second)
                return c;
        }
    };
    for (CounterSeries &c : m->counters) {
        if (c.derived) {
            c.colour = derived;
            continue;
        }
        auto it = byName.find(c.name);
        if (it == byName.end())
            it = byName.emplace(c.name, fresh()).first;
        c.colour = it->second;
    }
}

void paintCounter(QPainter *p, const QRect &row, const CounterSeries &s, const std::vector<CounterColumn> &cols,
                  QColor fill, QColor text, const QFont &font)
{
    const std::pair<double, double> axis = counterAxis(s);
    const double lo = axis.first, hi = axis.second;
    const int top = row.top() + 2;
    const int bottom = row.bottom() - 1;
    const int h = std::max(1, bottom - top);
    auto yOf = [&](double value) {
        const double f = std::clamp((value - lo) / (hi - lo), 0.0, 1.0);
        return bottom - int(std::lround(f * h));
    };
    QColor area = fill;
    area.setAlpha(110);
    p->save();
    p->setRenderHint(QPainter::Antialiasing, false);
    // One polygon per run of known columns: the step outline of the column maxima.
    QPolygon poly;
    QPolygon line;
    QVector<QLine> strokes;
    auto flush = [&] {
        if (poly.size() >= 2) {
            poly << QPoint(poly.last().x(), bottom + 1) << QPoint(poly.first().x(), bottom + 1);
            p->setPen(Qt::NoPen);
            p->setBrush(area);
            p->drawPolygon(poly);
            p->setPen(QPen(fill, 1));
            p->setBrush(Qt::NoBrush);
            p->drawPolyline(line);
        }
        poly.clear();
        line.clear();
    };
    for (int x = 0; x < int(cols.size()); ++x) {
        const CounterColumn &c = cols[std::size_t(x)];
        if (!c.known) {
            flush();
            continue;
        }
        const int y = yOf(c.hi);
        const int px = row.left() + x;
        if (line.isEmpty() || line.last().y() != y) {
            if (!line.isEmpty()) {
                line << QPoint(px, line.last().y());
                poly << QPoint(px, poly.last().y());
            }
            line << QPoint(px, y);
            poly << QPoint(px, y);
        }
        if (c.lo < c.hi) // several values in one pixel: the column's range as a vertical stroke
            strokes.append(QLine(px, yOf(c.lo), px, y));
    }
    if (!line.isEmpty()) {
        const int endX = row.left() + int(cols.size());
        // Close the last run at the column after its last known one.
        int last = int(cols.size()) - 1;
        while (last >= 0 && !cols[std::size_t(last)].known)
            --last;
        Q_UNUSED(endX);
        line << QPoint(row.left() + last + 1, line.last().y());
        poly << QPoint(row.left() + last + 1, poly.last().y());
    }
    flush();
    if (!strokes.isEmpty()) {
        p->setPen(QPen(fill, 1));
        p->drawLines(strokes);
    }

    // The value axis: its top and bottom values at the left edge, over a faint backing.
    QFont f = font;
    f.setPointSizeF(std::max(6.0, font.pointSizeF() * 0.85));
    p->setFont(f);
    const QFontMetrics fm(f);
    // Both ends with the decimals of the larger one: "0 %" under "100 %", not "0.00 %".
    const double scale = std::max(std::abs(hi), std::abs(lo));
    const QString top_ = counterValueText(s, hi, scale);
    const QString bottom_ = counterValueText(s, lo, scale);
    QColor back = text.lightness() > 128 ? QColor(0, 0, 0, 140) : QColor(255, 255, 255, 170);
    auto label = [&](const QString &t, int y, Qt::Alignment a) {
        const QRect box(row.left() + 3, y, fm.horizontalAdvance(t) + 4, fm.height());
        p->fillRect(box, back);
        p->setPen(text);
        p->drawText(box, a | Qt::AlignHCenter, t);
    };
    label(top_, row.top() + 1, Qt::AlignTop);
    if (row.height() >= 2 * fm.height() + 2)
        label(bottom_, row.bottom() - fm.height(), Qt::AlignBottom);
    p->restore();
}

void UtilisationBuilder::addWindow(TimeNs start, TimeNs end)
{
    if (!windows_.empty())
        start = std::max(start, windows_.back().end);
    if (end > start)
        windows_.push_back(Window{start, end, 0});
}

void UtilisationBuilder::addBusy(TimeNs start, TimeNs end)
{
    while (cur_ < windows_.size() && windows_[cur_].end <= start)
        ++cur_;
    for (std::size_t k = cur_; k < windows_.size() && windows_[k].start < end; ++k) {
        const TimeNs a = std::max(start, windows_[k].start);
        const TimeNs b = std::min(end, windows_[k].end);
        if (b > a)
            windows_[k].busy += b - a;
    }
}

CounterSeries UtilisationBuilder::finish(std::uint16_t device, bool perIteration)
{
    CounterSeries s;
    s.device = device;
    s.track = Ctx::tr("AI Core");
    s.name = Ctx::tr("AI Core utilisation");
    s.unit = QStringLiteral("%");
    s.derived = true;
    s.percent = true;
    s.how = perIteration ? Ctx::tr("Share of each iteration (step trace) in which at least one AI Core kernel (cube, vector "
                                   "or mix) runs on any stream of this device, from the task trace: busy time, not the "
                                   "PMU's per-core cycles. Between iterations: unknown.")
                         : Ctx::tr("Share of each time bucket (1/200 of the device's busy span; the session has no step "
                                   "trace) in which at least one AI Core kernel (cube, vector or mix) runs on any stream "
                                   "of this device, from the task trace: busy time, not the PMU's per-core cycles.");
    const double nan = std::numeric_limits<double>::quiet_NaN();
    for (std::size_t i = 0; i < windows_.size(); ++i) {
        const Window &w = windows_[i];
        s.ts.push_back(w.start);
        s.value.push_back(std::clamp(100.0 * double(w.busy) / double(w.end - w.start), 0.0, 100.0));
        if (i + 1 == windows_.size() || windows_[i + 1].start > w.end) {
            s.ts.push_back(w.end);
            s.value.push_back(nan);
        }
    }
    finishSeries(&s);
    return s;
}

bool loadCounters(Model *m, const TraceReader &reader, QString *message)
{
    auto text = [&](StrId id) {
        const std::string_view v = reader.string(id);
        return QString::fromUtf8(v.data(), qsizetype(v.size()));
    };
    for (const DeviceGroup &dev : m->devices) {
        CounterSeries *cur = nullptr;
        StrId curName = 0;
        const std::size_t first = m->counters.size();
        const bool ok = reader.forEachCounter(dev.id, [&](const CounterRecord &r) {
            if (!cur || r.name != curName) {
                m->counters.emplace_back();
                cur = &m->counters.back();
                curName = r.name;
                cur->device = dev.id;
                cur->track = text(r.track);
                cur->name = text(r.name);
                if (cur->name.isEmpty())
                    cur->name = cur->track;
                cur->unit = text(r.unit);
                cur->how = Ctx::tr("Imported counter samples (\"%1\" in the profiler's trace); a value holds until the "
                                   "next sample.").arg(cur->track);
            }
            cur->ts.push_back(r.ts - m->origin);
            cur->value.push_back(r.value);
            return true;
        });
        if (!ok) {
            if (message)
                *message = Ctx::tr("The counters of device %1 could not be read.").arg(dev.id);
            return false;
        }
        for (std::size_t i = first; i < m->counters.size(); ++i) {
            // Samples of one series with equal times keep their order; the reader sorts by time.
            finishSeries(&m->counters[i]);
        }
    }
    return true;
}

void addUtilisationSeries(Model *m)
{
    for (const DeviceGroup &dev : m->devices) {
        std::vector<const analysis::timeline::LaneEvents *> streams;
        for (const Lane &l : m->lanes)
            if (l.kind == LaneKind::Stream && l.device == dev.id && l.events.size())
                streams.push_back(&l.events);
        if (streams.empty())
            continue; // no task trace: nothing to say, not 0 %
        UtilisationBuilder b;
        std::vector<std::pair<TimeNs, TimeNs>> windows;
        for (const StepTraceRecord &s : m->steps)
            if (s.device == dev.id)
                windows.push_back({s.previousIterationEnd >= 0 ? s.previousIterationEnd : s.fpStart, s.iterationEnd});
        std::sort(windows.begin(), windows.end());
        const bool perIteration = !windows.empty();
        if (!perIteration) {
            TimeNs first = std::numeric_limits<TimeNs>::max(), last = std::numeric_limits<TimeNs>::min();
            for (const auto *e : streams) {
                first = std::min(first, e->startAt(0));
                for (std::size_t i = 0; i < e->size(); ++i)
                    last = std::max(last, e->end(i));
            }
            const TimeNs span = std::max<TimeNs>(1, last - first);
            const int buckets = int(std::min<TimeNs>(200, span));
            for (int k = 0; k < buckets; ++k)
                windows.push_back({first + span * k / buckets, first + span * (k + 1) / buckets});
        }
        for (const auto &w : windows)
            b.addWindow(w.first, w.second);
        // The union of the streams' AI Core kernels, fed in order.
        analysis::timeline::forEachUnion(
            streams, [](std::uint8_t t) { return isAiCoreKind(static_cast<TaskKind>(t)); },
            [&b](TimeNs s0, TimeNs e0) { b.addBusy(s0, e0); });
        CounterSeries s = b.finish(dev.id, perIteration);
        if (!s.ts.empty())
            m->counters.push_back(std::move(s));
    }
}

} // namespace npuscope::ui::timeline
