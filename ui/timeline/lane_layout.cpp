#include "ui/timeline/lane_layout.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStringList>

#include <algorithm>
#include <map>

namespace npuscope::ui::timeline {

namespace {

// Stable words, not enum values, so a reordered enum never scrambles a saved layout.
const char *const kKindNames[] = {"cann", "stream", "steptrace", "commkernel", "plane", "overlap", "aicpu", "msproftx", "counter", "python"};
constexpr int kKinds = int(sizeof(kKindNames) / sizeof(kKindNames[0]));

QString keyText(const LaneKey &k)
{
    return QStringLiteral("%1/%2/%3")
        .arg(QLatin1String(k.kind >= 0 && k.kind < kKinds ? kKindNames[k.kind] : "?"))
        .arg(k.device)
        .arg(k.id);
}

bool keyFromText(const QString &text, LaneKey *out)
{
    const QStringList parts = text.split(QLatin1Char('/'));
    if (parts.size() != 3)
        return false;
    int kind = -1;
    for (int i = 0; i < kKinds; ++i)
        if (parts[0] == QLatin1String(kKindNames[i]))
            kind = i;
    bool okDev = false, okId = false;
    const int dev = parts[1].toInt(&okDev);
    const std::uint32_t id = parts[2].toUInt(&okId);
    if (kind < 0 || !okDev || !okId || dev < 0 || dev > 0xffff)
        return false;
    *out = {kind, dev, id};
    return true;
}

} // namespace

void LaneLayout::setLanes(std::vector<LaneKey> lanes, std::vector<std::uint16_t> devices)
{
    lanes_ = std::move(lanes);
    devices_ = std::move(devices);
    heads_.resize(lanes_.size());
    for (std::size_t i = 0; i < lanes_.size(); ++i)
        heads_[i] = int(i);
    trackSize_.assign(lanes_.size(), 1);
    rebuildOrder();
}

void LaneLayout::setTrackHeads(std::vector<int> heads)
{
    if (heads.size() != lanes_.size())
        return;
    heads_ = std::move(heads);
    trackSize_.assign(lanes_.size(), 0);
    for (std::size_t i = 0; i < heads_.size(); ++i) {
        if (heads_[i] < 0 || heads_[i] >= int(lanes_.size()) || heads_[std::size_t(heads_[i])] != heads_[i])
            heads_[i] = int(i); // not a head: a track of its own
    }
    for (int h : heads_)
        ++trackSize_[std::size_t(h)];
}

bool LaneLayout::isTrackCollapsed(int lane) const
{
    const int head = trackHead(lane);
    if (trackSize_[std::size_t(head)] <= 1)
        return false;
    const LaneKey &k = key(head);
    if (collapsedTracks_.count(k))
        return true;
    if (expandedTracks_.count(k))
        return false;
    return trackSize_[std::size_t(head)] > kAutoCollapseRows;
}

void LaneLayout::setTrackCollapsed(int lane, bool collapsed)
{
    const int head = trackHead(lane);
    if (trackSize_[std::size_t(head)] <= 1)
        return;
    const LaneKey &k = key(head);
    collapsedTracks_.erase(k);
    expandedTracks_.erase(k);
    if (collapsed != (trackSize_[std::size_t(head)] > kAutoCollapseRows))
        (collapsed ? collapsedTracks_ : expandedTracks_).insert(k);
}

int LaneLayout::rowLane(int lane) const
{
    return insideCollapsedTrack(lane) && !isPinned(lane) ? trackHead(lane) : lane;
}

void LaneLayout::rebuildOrder()
{
    std::map<LaneKey, int> index;
    for (std::size_t i = 0; i < lanes_.size(); ++i)
        index.emplace(lanes_[i], int(i));
    order_.clear();
    std::vector<bool> placed(lanes_.size(), false);
    for (const LaneKey &k : userOrder_) {
        auto it = index.find(k);
        if (it != index.end() && !placed[std::size_t(it->second)]) {
            order_.push_back(it->second);
            placed[std::size_t(it->second)] = true;
        }
    }
    for (std::size_t i = 0; i < lanes_.size(); ++i) {
        if (placed[i])
            continue;
        auto pos = order_.end();
        if (!userOrder_.empty()) {
            pos = order_.begin();
            for (auto it = order_.begin(); it != order_.end(); ++it)
                if (lanes_[std::size_t(*it)].device <= lanes_[i].device)
                    pos = it + 1;
        }
        order_.insert(pos, int(i));
    }
}

void LaneLayout::setHidden(int lane, bool hidden)
{
    if (hidden)
        hidden_.insert(key(lane));
    else
        hidden_.erase(key(lane));
}

void LaneLayout::setPinned(int lane, bool pinned)
{
    if (pinned)
        pinned_.insert(key(lane));
    else
        pinned_.erase(key(lane));
}

void LaneLayout::setCollapsed(std::uint16_t device, bool collapsed)
{
    if (collapsed)
        collapsed_.insert(device);
    else
        collapsed_.erase(device);
}

void LaneLayout::showAll()
{
    hidden_.clear();
}

bool LaneLayout::canMove(int lane, int delta) const
{
    auto it = std::find(order_.begin(), order_.end(), lane);
    if (it == order_.end() || delta == 0)
        return false;
    const int dev = key(lane).device;
    for (int p = int(it - order_.begin()) + delta; p >= 0 && p < int(order_.size()); p += delta)
        if (lanes_[std::size_t(order_[std::size_t(p)])].device == dev)
            return true;
    return false;
}

bool LaneLayout::move(int lane, int delta)
{
    auto it = std::find(order_.begin(), order_.end(), lane);
    if (it == order_.end() || delta == 0)
        return false;
    const int dev = key(lane).device;
    const int pos = int(it - order_.begin());
    for (int p = pos + delta; p >= 0 && p < int(order_.size()); p += delta) {
        if (lanes_[std::size_t(order_[std::size_t(p)])].device != dev)
            continue;
        std::swap(order_[std::size_t(pos)], order_[std::size_t(p)]);
        userOrder_.clear();
        for (int i : order_)
            userOrder_.push_back(key(i));
        return true;
    }
    return false;
}

void LaneLayout::reset()
{
    hidden_.clear();
    pinned_.clear();
    collapsed_.clear();
    collapsedTracks_.clear();
    expandedTracks_.clear();
    userOrder_.clear();
    rebuildOrder();
}

bool LaneLayout::isDefault() const
{
    return hidden_.empty() && pinned_.empty() && collapsed_.empty() && userOrder_.empty() && collapsedTracks_.empty()
           && expandedTracks_.empty();
}

std::vector<int> LaneLayout::shownLanes() const
{
    std::vector<int> out;
    for (int lane : order_)
        if (isPinned(lane) && !isHidden(lane))
            out.push_back(lane);
    for (std::uint16_t dev : devices_)
        for (int lane : order_)
            if (lanes_[std::size_t(lane)].device == dev && !isHidden(lane) && !isPinned(lane) && !insideCollapsedTrack(lane))
                out.push_back(lane);
    return out;
}

LaneLayout::Rows LaneLayout::layout(int viewHeight, int scroll, const Geometry &g) const
{
    Rows out;
    out.top = g.top;
    int y = g.top;
    for (int lane : order_) {
        if (isPinned(lane) && !isHidden(lane)) {
            const int h = heightOf(lane, g);
            out.rows.push_back(LaneRow{lane, std::uint16_t(lanes_[std::size_t(lane)].device), y, h, true});
            y += h;
        }
    }
    out.pinnedHeight = y;
    std::vector<LaneRow> scrolled;
    int content = 0;
    for (std::uint16_t dev : devices_) {
        scrolled.push_back(LaneRow{-1, dev, content, g.headerHeight, false});
        content += g.headerHeight;
        if (isCollapsed(dev))
            continue;
        for (int lane : order_) {
            if (lanes_[std::size_t(lane)].device != dev || isHidden(lane) || isPinned(lane) || insideCollapsedTrack(lane))
                continue;
            const int h = heightOf(lane, g);
            scrolled.push_back(LaneRow{lane, dev, content, h, false});
            content += h;
        }
    }
    out.contentHeight = content;
    const int room = std::max(0, viewHeight - out.pinnedHeight);
    out.maxScroll = std::max(0, content - room);
    out.scroll = std::clamp(scroll, 0, out.maxScroll);
    for (LaneRow r : scrolled) {
        r.y += out.pinnedHeight - out.scroll;
        if (r.y + r.h <= out.pinnedHeight || r.y >= viewHeight)
            continue; // off screen, or under the pinned lanes
        out.rows.push_back(r);
    }
    return out;
}

QByteArray LaneLayout::toJson() const
{
    auto keys = [](const auto &set) {
        QJsonArray a;
        for (const LaneKey &k : set)
            a.append(keyText(k));
        return a;
    };
    QJsonObject o;
    o.insert(QStringLiteral("version"), 1);
    o.insert(QStringLiteral("order"), keys(userOrder_));
    o.insert(QStringLiteral("hidden"), keys(hidden_));
    o.insert(QStringLiteral("pinned"), keys(pinned_));
    QJsonArray collapsed;
    for (std::uint16_t d : collapsed_)
        collapsed.append(int(d));
    o.insert(QStringLiteral("collapsed"), collapsed);
    if (!collapsedTracks_.empty())
        o.insert(QStringLiteral("collapsedTracks"), keys(collapsedTracks_));
    if (!expandedTracks_.empty())
        o.insert(QStringLiteral("expandedTracks"), keys(expandedTracks_));
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

bool LaneLayout::fromJson(const QByteArray &json, QString *error)
{
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &pe);
    if (!doc.isObject()) {
        if (error)
            *error = pe.error != QJsonParseError::NoError
                ? pe.errorString()
                : QCoreApplication::translate("npuscope::ui::timeline::LaneLayout", "not a JSON object");
        return false;
    }
    const QJsonObject o = doc.object();
    auto each = [&](const char *name, auto fn) {
        for (const QJsonValue &v : o.value(QLatin1String(name)).toArray()) {
            LaneKey k;
            if (keyFromText(v.toString(), &k))
                fn(k);
        }
    };
    userOrder_.clear();
    hidden_.clear();
    pinned_.clear();
    collapsed_.clear();
    collapsedTracks_.clear();
    expandedTracks_.clear();
    each("order", [&](const LaneKey &k) { userOrder_.push_back(k); });
    each("hidden", [&](const LaneKey &k) { hidden_.insert(k); });
    each("pinned", [&](const LaneKey &k) { pinned_.insert(k); });
    each("collapsedTracks", [&](const LaneKey &k) { collapsedTracks_.insert(k); });
    each("expandedTracks", [&](const LaneKey &k) { expandedTracks_.insert(k); });
    for (const QJsonValue &v : o.value(QLatin1String("collapsed")).toArray())
        if (v.isDouble() && v.toInt() >= 0 && v.toInt() <= 0xffff)
            collapsed_.insert(std::uint16_t(v.toInt()));
    rebuildOrder();
    return true;
}

} // namespace npuscope::ui::timeline
