#include "core/exporting/torch_communication.h"

#include "core/exporting/out_file.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <map>
#include <tuple>

namespace npuscope::exporting {

namespace {

// Objects written in torch_npu's key order (QJsonObject would sort the keys).
class JsonText {
public:
    JsonText &open(std::string_view k = {})
    {
        key(k);
        out_ += '{';
        first_.push_back(true);
        return *this;
    }
    JsonText &close()
    {
        out_ += '}';
        first_.pop_back();
        return *this;
    }
    JsonText &num(std::string_view k, double v)
    {
        key(k);
        if (!std::isfinite(v))
            v = 0;
        char tmp[32];
        const auto r = std::to_chars(tmp, tmp + sizeof tmp, v);
        out_.append(tmp, std::size_t(r.ptr - tmp));
        return *this;
    }
    JsonText &raw(std::string_view k, std::string_view text)
    {
        key(k);
        out_ += text;
        return *this;
    }
    JsonText &str(std::string_view k, std::string_view v)
    {
        key(k);
        appendString(v);
        return *this;
    }
    std::string take() { return std::move(out_); }

private:
    void key(std::string_view k)
    {
        if (first_.empty())
            return;
        if (!first_.back())
            out_ += ", ";
        first_.back() = false;
        appendString(k);
        out_ += ": ";
    }
    void appendString(std::string_view s)
    {
        out_ += '"';
        for (char c : s) {
            const auto u = static_cast<unsigned char>(c);
            if (c == '"' || c == '\\') {
                out_ += '\\';
                out_ += c;
            } else if (u < 0x20) {
                char esc[8];
                std::snprintf(esc, sizeof esc, "\\u%04x", u);
                out_ += esc;
            } else {
                out_ += c;
            }
        }
        out_ += '"';
    }
    std::string out_;
    std::vector<bool> first_;
};

// torch_npu's compute_ratio: 0 when the divisor is 0, else rounded to 4 decimals.
double ratio(double a, double b) { return std::abs(b) < 1e-15 ? 0 : std::round(a / b * 1e4) / 1e4; }

struct TimeInfo {
    double elapse = 0, transit = 0, wait = 0, sync = 0, idle = 0;
    void add(const TimeInfo &o)
    {
        elapse += o.elapse;
        transit += o.transit;
        wait += o.wait;
        sync += o.sync;
        idle += o.idle;
    }
};

void timeInfo(JsonText &j, const TimeInfo &t, const TimeNs *start)
{
    j.open("Communication Time Info");
    if (start)
        j.raw("Start Timestamp(us)", formatUs(*start));
    j.num("Elapse Time(ms)", t.elapse).num("Transit Time(ms)", t.transit).num("Wait Time(ms)", t.wait);
    j.num("Synchronization Time(ms)", t.sync).num("Idle Time(ms)", t.idle);
    j.num("Wait Time Ratio", ratio(t.wait, t.wait + t.transit)).num("Synchronization Time Ratio", ratio(t.sync, t.sync + t.transit));
    j.close();
}

struct Link {
    std::string transport;
    double sizeMB = 0, timeMs = 0, bandwidth = 0, largePacket = 0;
};

// One op's links; the type's "Total Op Info" sums them per transport (time, size and the
// size distribution, as torch_npu writes it: without bandwidth).
void bandwidthInfo(JsonText &j, const std::vector<Link> &links, bool total)
{
    j.open("Communication Bandwidth Info");
    for (const Link &l : links) {
        j.open(l.transport);
        if (total) {
            j.num("Transit Time(ms)", l.timeMs).num("Transit Size(MB)", l.sizeMB);
        } else {
            j.num("Transit Size(MB)", l.sizeMB).num("Transit Time(ms)", l.timeMs).num("Bandwidth(GB/s)", l.bandwidth);
            j.num("Large Packet Ratio", l.largePacket);
        }
        j.raw("Size Distribution", "{}").close();
    }
    j.close();
}

struct Op {
    std::string key;    // "<op>@<group>"
    TimeNs start = 0;
    TimeInfo time;
    std::vector<Link> links;
};

// step → type → ops, in order of first appearance; "p2p" and "collective" always present.
struct Steps {
    std::vector<std::string> order;
    std::map<std::string, std::map<std::string, std::vector<Op>>> steps;
    std::vector<Op> &ops(const std::string &step, const std::string &type)
    {
        auto it = steps.find(step);
        if (it == steps.end()) {
            order.push_back(step);
            it = steps.emplace(step, std::map<std::string, std::vector<Op>>{{"p2p", {}}, {"collective", {}}}).first;
        }
        return it->second[type];
    }
};

void writeTypes(const std::map<std::string, std::vector<Op>> &types, JsonText &j)
{
    // p2p first, collective next, any other type after them (torch_npu has only the two).
    std::vector<std::string> keys = {"p2p", "collective"};
    for (const auto &kv : types)
        if (kv.first != "p2p" && kv.first != "collective")
            keys.push_back(kv.first);
    for (const std::string &type : keys) {
        const auto it = types.find(type);
        j.open(type);
        if (it != types.end() && !it->second.empty()) {
            TimeInfo sum;
            std::vector<Link> totals;
            for (const Op &o : it->second) {
                j.open(o.key);
                timeInfo(j, o.time, &o.start);
                bandwidthInfo(j, o.links, false);
                j.close();
                sum.add(o.time);
                for (const Link &l : o.links) {
                    auto t = std::find_if(totals.begin(), totals.end(), [&l](const Link &x) { return x.transport == l.transport; });
                    if (t == totals.end())
                        t = totals.insert(totals.end(), Link{l.transport});
                    t->sizeMB += l.sizeMB;
                    t->timeMs += l.timeMs;
                }
            }
            j.open("Total Op Info");
            timeInfo(j, sum, nullptr);
            bandwidthInfo(j, totals, true);
            j.close();
        }
        j.close();
    }
}

std::string writeSteps(const Steps &s)
{
    if (s.order.empty())
        return {};
    JsonText j;
    j.open();
    for (const std::string &step : s.order) {
        j.open(step);
        writeTypes(s.steps.at(step), j);
        j.close();
    }
    j.close();
    return j.take();
}

struct MatrixLink {
    std::uint32_t src = 0, dst = 0;
    std::string transport, opName;
    double sizeMB = 0, timeMs = 0, bandwidth = 0;
};

// step → type → op → links.
struct MatrixSteps {
    std::vector<std::string> order;
    std::map<std::string, std::map<std::string, std::vector<std::pair<std::string, std::vector<MatrixLink>>>>> steps;
    std::vector<MatrixLink> &links(const std::string &step, const std::string &type, const std::string &op)
    {
        if (!steps.count(step)) {
            order.push_back(step);
            steps[step]["p2p"];
            steps[step]["collective"];
        }
        auto &ops = steps[step][type];
        auto it = std::find_if(ops.begin(), ops.end(), [&op](const auto &p) { return p.first == op; });
        if (it == ops.end())
            it = ops.insert(ops.end(), {op, {}});
        return it->second;
    }
    std::string write() const
    {
        if (order.empty())
            return {};
        JsonText j;
        j.open();
        for (const std::string &step : order) {
            j.open(step);
            const auto &types = steps.at(step);
            std::vector<std::string> keys = {"p2p", "collective"};
            for (const auto &kv : types)
                if (kv.first != "p2p" && kv.first != "collective")
                    keys.push_back(kv.first);
            for (const std::string &type : keys) {
                j.open(type);
                for (const auto &op : types.at(type)) {
                    j.open(op.first);
                    for (const MatrixLink &l : op.second) {
                        j.open(std::to_string(l.src) + "-" + std::to_string(l.dst));
                        j.str("Transport Type", l.transport).num("Transit Size(MB)", l.sizeMB).num("Transit Time(ms)", l.timeMs);
                        j.num("Bandwidth(GB/s)", l.bandwidth);
                        if (!l.opName.empty())
                            j.str("Op Name", l.opName);
                        j.close();
                    }
                    j.close();
                }
                j.close();
            }
            j.close();
        }
        j.close();
        return j.take();
    }
};

} // namespace

TorchCommunication::TorchCommunication(const TraceReader &trace)
    : trace_(trace), ops_(trace.commOpStats()), bandwidth_(trace.commBandwidth()), matrix_(trace.commMatrix())
{
    if (ops_.empty() && matrix_.empty())
        derived_ = analysis::analyzeCommunication(trace);
}

std::string TorchCommunication::commType(std::string_view opName)
{
    static const char *const kPattern[] = {"send", "reduce", "invalid", "broadcast", "allreduce", "receive", "allgather",
                                           "reducescatter", "scatter", "alltoall", "alltoallv", "alltoallvc", "batchsendrecv"};
    std::string lower(opName);
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    for (std::size_t at = 0; at < lower.size(); ++at)
        for (const char *p : kPattern)
            if (lower.compare(at, std::strlen(p), p) == 0)
                return p;
    const std::size_t cut = opName.find("__");
    return std::string(opName.substr(0, cut));
}

std::string TorchCommunication::communicationJson(std::uint16_t device) const
{
    return ops_.empty() && matrix_.empty() ? fromAnalysis(device) : fromRecords(device);
}

std::string TorchCommunication::matrixJson(std::uint16_t device) const
{
    return ops_.empty() && matrix_.empty() ? matrixFromAnalysis(device) : matrixFromRecords(device);
}

std::string TorchCommunication::fromRecords(std::uint16_t device) const
{
    std::map<std::tuple<StrId, StrId, StrId>, std::vector<const CommBandwidthRecord *>> linksOf;
    for (const CommBandwidthRecord &b : bandwidth_)
        if (b.device == device)
            linksOf[{b.step, b.type, b.op}].push_back(&b);
    Steps s;
    for (const CommOpStatRecord &r : ops_) {
        if (r.device != device)
            continue;
        Op o;
        o.key = std::string(trace_.string(r.op));
        o.start = r.start;
        o.time = {r.elapseMs, r.transitMs, r.waitMs, r.syncMs, r.idleMs};
        if (const auto it = linksOf.find({r.step, r.type, r.op}); it != linksOf.end())
            for (const CommBandwidthRecord *b : it->second)
                o.links.push_back({std::string(trace_.string(b->transport)), b->sizeMB, b->timeMs, b->bandwidthGBps, b->largePacketRatio});
        s.ops(std::string(trace_.string(r.step)), std::string(trace_.string(r.type))).push_back(std::move(o));
    }
    return writeSteps(s);
}

std::string TorchCommunication::matrixFromRecords(std::uint16_t device) const
{
    MatrixSteps m;
    for (const CommMatrixRecord &r : matrix_) {
        if (r.device != device)
            continue;
        m.links(std::string(trace_.string(r.step)), std::string(trace_.string(r.type)), std::string(trace_.string(r.op)))
            .push_back({r.srcRank, r.dstRank, std::string(trace_.string(r.transport)), std::string(trace_.string(r.opName)),
                        r.sizeMB, r.timeMs, r.bandwidthGBps});
    }
    return m.write();
}

std::string TorchCommunication::fromAnalysis(std::uint16_t device) const
{
    // torch_npu lists these link types for every op, with zeros when unused.
    static const char *const kLinks[] = {"RDMA", "HCCS", "PCIE", "SDMA", "SIO"};
    Steps s;
    for (const analysis::CommOpRank &r : derived_.ops) {
        if (r.device != device)
            continue;
        Op o;
        o.key = r.group.empty() ? r.op : r.op + "@" + r.group;
        o.start = r.start;
        o.time = {r.elapseMs, r.transitMs, r.waitMs, r.syncMs, r.idleMs};
        for (const char *name : kLinks)
            o.links.push_back({name});
        for (const analysis::CommLinkFigures &l : r.links) {
            auto it = std::find_if(o.links.begin(), o.links.end(), [&l](const Link &x) { return x.transport == l.transport; });
            if (it == o.links.end())
                it = o.links.insert(o.links.end(), Link{l.transport});
            it->sizeMB = l.sizeMB;
            it->timeMs = l.timeMs;
            it->bandwidth = l.bandwidthGBps < 0 ? 0 : l.bandwidthGBps;
        }
        s.ops("step" + r.step, r.type).push_back(std::move(o));
    }
    return writeSteps(s);
}

std::string TorchCommunication::matrixFromAnalysis(std::uint16_t device) const
{
    // The rank of the device and the step and group of its ops.
    std::int64_t rank = -1;
    std::string step, group;
    bool oneStep = true;
    for (const analysis::CommOpRank &r : derived_.ops) {
        if (r.device != device)
            continue;
        rank = r.rank;
        if (group.empty())
            group = r.group;
        if (!step.empty() && step != r.step)
            oneStep = false;
        step = r.step;
    }
    if (rank < 0)
        for (const DeviceInfo &d : trace_.sessionInfo().devices)
            if (d.id == device)
                rank = d.rankId;
    const std::string stepKey = oneStep && !step.empty() ? "step" + step : std::string("step");
    MatrixSteps m;
    for (const analysis::CommMatrix &mat : derived_.matrices) {
        if (mat.name.empty())
            continue; // the sum over all types
        const std::string type = commType(mat.name);
        const bool p2p = type == "send" || type == "receive" || type == "batchsendrecv";
        const std::string key = type + "-total" + (group.empty() ? std::string() : "@" + group);
        for (const analysis::CommMatrixCell &c : mat.cells) {
            if (std::int64_t(c.srcRank) != rank)
                continue;
            m.links(stepKey, p2p ? "p2p" : "collective", key)
                .push_back({c.srcRank, c.dstRank, c.transport, std::string(), c.sizeMB, c.timeMs, ratio(c.sizeMB, c.timeMs)});
        }
    }
    return m.write();
}

} // namespace npuscope::exporting
