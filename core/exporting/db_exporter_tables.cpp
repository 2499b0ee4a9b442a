// The db layout's counter, memory and framework tables (torch_npu's and msprof's), in
// the real files' units; the writer itself is in db_exporter.cpp.

#include "core/exporting/db_writer.h"

namespace npuscope::exporting::dbx {


// The db's units from the session's: bandwidths in B/s (the text export's MB/s are 2^20
// B/s), memory in bytes (KB: 2^10), LLC hit rates in percent (the text export's "Hit Rate(%)"
// holds the ratio, 0..1).
double toDbUnit(std::string_view unit, double v)
{
    if (unit.find("MB/s") != std::string_view::npos)
        return v * 1048576.0;
    if (unit == "KB")
        return v * 1024.0;
    if (unit == "Hit Rate(%)")
        return v * 100.0;
    return v;
}

std::string lower(std::string_view s)
{
    std::string out(s);
    for (char &c : out)
        if (c >= 'A' && c <= 'Z')
            c = char(c - 'A' + 'a');
    return out;
}

// "<prefix><n>[ <rest>]/<series>" → n, rest, series; false when the name is not of that shape.
bool splitSeries(std::string_view name, std::string_view prefix, std::int64_t *n, std::string *rest, std::string *series)
{
    if (name.substr(0, prefix.size()) != prefix)
        return false;
    const std::size_t slash = name.find('/');
    if (slash == std::string_view::npos)
        return false;
    std::string_view head = name.substr(prefix.size(), slash - prefix.size());
    const std::size_t space = head.find(' ');
    const std::string_view digits = head.substr(0, space);
    if (digits.empty() || digits.size() > 9 || !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return false;
    *n = std::stoll(std::string(digits));
    *rest = space == std::string_view::npos ? std::string() : std::string(head.substr(space + 1));
    *series = std::string(name.substr(slash + 1));
    return true;
}

std::int64_t toBytes(double mb, bool *ok)
{
    const double b = mb * 1048576.0;
    *ok = mb >= 0 && std::isfinite(b) && b < 9e18;
    return *ok ? std::int64_t(std::llround(b)) : 0;
}

// The counter tracks msprof's tables hold, in the tables' units: AI Core frequency, HBM and
// DDR bandwidth, LLC hit rate and throughput, NPU memory, the accelerators' PMU levels and
// the SoC bandwidth levels. Tracks with no table (QoS, PCIe, HCCS ...) are not written.
bool DbWriter::counterTables()
{
    std::map<TimeNs, double> freq;
    std::map<std::tuple<TimeNs, std::int64_t, std::string>, double> hbm;
    std::map<std::tuple<TimeNs, std::int64_t, std::string>, std::array<Cell, 2>> llc; // hit rate, throughput
    std::map<std::pair<TimeNs, std::string>, std::array<Cell, 2>> npuMem;            // ddr, hbm
    std::map<TimeNs, std::array<Cell, 2>> ddr, soc;                                  // read, write; l2, mata
    std::map<std::pair<TimeNs, std::int64_t>, std::array<Cell, 4>> acc;
    // The text export's Acc PMU events: a value and the accelerator id, as two samples.
    std::map<std::pair<std::string, TimeNs>, std::pair<std::vector<double>, std::vector<double>>> accText;
    static const char *const kAccMetrics[] = {"read_bandwidth", "write_bandwidth", "read_ost", "write_ost"};
    const auto accColumn = [](std::string_view metric) -> int {
        if (metric == "write_band_width") // the text export's spelling
            return 1;
        for (int i = 0; i < 4; ++i)
            if (metric == kAccMetrics[i])
                return i;
        return -1;
    };
    const bool ok = trace_.forEachCounter(d_.id, [&](const CounterRecord &c) {
        const std::string_view track = trace_.string(c.track), name = trace_.string(c.name), unit = trace_.string(c.unit);
        const TimeNs ts = ns(c.ts);
        const double v = toDbUnit(unit, c.value);
        std::int64_t n = 0;
        std::string rest, series;
        if (track == "AI Core Freq")
            freq[ts] = v;
        else if (track == "HBM" && splitSeries(name, "HBM ", &n, &rest, &series) && rest.empty())
            hbm[{ts, n, lower(series)}] = v;
        else if (track == "LLC" && splitSeries(name, "LLC ", &n, &rest, &series) && (series == "Hit Rate" || series == "Throughput"))
            llc[{ts, n, lower(rest)}][series == "Hit Rate" ? 0 : 1] = v;
        else if (track == "NPU MEM" && name.find('/') != std::string_view::npos) {
            const std::string_view what = name.substr(name.find('/') + 1);
            if (what == "DDR" || what == "HBM")
                npuMem[{ts, lower(name.substr(0, name.find('/')))}][what == "DDR" ? 0 : 1] = v;
        } else if (track == "DDR" && (name == "DDR/Read" || name == "DDR/Write"))
            ddr[ts][name == "DDR/Read" ? 0 : 1] = v;
        else if (track == "Stars Soc Info" && (name == "L2 Buffer Bw Level" || name == "Mata Bw Level"))
            soc[ts][name == "L2 Buffer Bw Level" ? 0 : 1] = v;
        else if (track == "Acc PMU") {
            if (splitSeries(name, "Acc ", &n, &rest, &series) && rest.empty() && accColumn(series) >= 0)
                acc[{ts, n}][std::size_t(accColumn(series))] = v;
            else if (accColumn(name) >= 0 && (unit == "value" || unit == "acc_id"))
                (unit == "value" ? accText[{std::string(name), ts}].first : accText[{std::string(name), ts}].second).push_back(c.value);
        }
        return true;
    });
    if (!ok)
        return false;
    for (const auto &entry : accText)
        for (std::size_t i = 0; i < entry.second.first.size() && i < entry.second.second.size(); ++i) {
            const double id = entry.second.second[i];
            if (std::isfinite(id) && id >= 0 && id < 2147483648.0)
                acc[{entry.first.second, std::int64_t(std::llround(id))}][std::size_t(accColumn(entry.first.first))] =
                    entry.second.first[i];
        }
    const auto cell = [](Stmt &s, int col, const Cell &c) -> Stmt & { return c ? s.d(col, *c) : s.null(col); };
    const std::int64_t dev = d_.id;
    return fill("AICORE_FREQ", 3, freq, [dev](Stmt &s, const auto &e) { s.i(1, dev).i(2, e.first).d(3, e.second); })
        && fill("HBM", 5, hbm, [&](Stmt &s, const auto &e) {
               s.i(1, dev).i(2, std::get<0>(e.first)).d(3, e.second).i(4, std::get<1>(e.first)).sid(5, sid(std::get<2>(e.first)));
           })
        && fill("LLC", 6, llc, [&](Stmt &s, const auto &e) {
               s.i(1, dev).i(2, std::get<1>(e.first)).i(3, std::get<0>(e.first));
               cell(cell(s, 4, e.second[0]), 5, e.second[1]).sid(6, sid(std::get<2>(e.first)));
           })
        && fill("DDR", 4, ddr, [&](Stmt &s, const auto &e) { cell(cell(s.i(1, dev).i(2, e.first), 3, e.second[0]), 4, e.second[1]); })
        && fill("NPU_MEM", 5, npuMem, [&](Stmt &s, const auto &e) {
               cell(cell(s.sid(1, sid(e.first.second)), 2, e.second[0]), 3, e.second[1]).i(4, e.first.first).i(5, dev);
           })
        && fill("ACC_PMU", 7, acc, [&](Stmt &s, const auto &e) {
               s.i(1, e.first.second);
               for (int i = 0; i < 4; ++i)
                   cell(s, 2 + i, e.second[std::size_t(i)]);
               s.i(6, e.first.first).i(7, dev);
           })
        && fill("SOC_BANDWIDTH_LEVEL", 4, soc,
                [&](Stmt &s, const auto &e) { cell(cell(s, 1, e.second[0]), 2, e.second[1]).i(3, e.first).i(4, dev); });
}

// The framework's memory records in torch_npu's tables, sizes in bytes: the allocator's
// totals over time (MEMORY_RECORD), each module's reservation (NPU_MODULE_MEM, the module
// by its ENUM_MODULE id; a module the enumeration does not name is left out) and the
// operators' allocations (OP_MEMORY).
bool DbWriter::memoryTables()
{
    std::vector<MemoryRecord> records;
    std::vector<OpMemoryRecord> ops;
    if (!trace_.forEachMemory(d_.id, [&records](const MemoryRecord &m) { records.push_back(m); return true; })
        || !trace_.forEachOpMemory(d_.id, [&ops](const OpMemoryRecord &m) { ops.push_back(m); return true; }))
        return false;
    const std::int64_t dev = d_.id;
    const auto bytes = [](Stmt &s, int col, double mb) -> Stmt & {
        bool ok = false;
        const std::int64_t b = toBytes(mb, &ok);
        return ok ? s.i(col, b) : s.null(col);
    };
    const auto ptr = [](Stmt &s, int col, std::uint64_t p) -> Stmt & {
        return p > 0 && p <= std::uint64_t(INT64_MAX) ? s.i(col, std::int64_t(p)) : s.null(col);
    };
    std::stable_sort(records.begin(), records.end(), [](const MemoryRecord &a, const MemoryRecord &b) { return a.ts < b.ts; });
    std::vector<const MemoryRecord *> allocator;
    std::vector<std::pair<std::int64_t, const MemoryRecord *>> modules;
    for (const MemoryRecord &m : records) {
        const std::int64_t module = m.module ? enumId(kModules, trace_.string(m.component), -1) : -1;
        if (!m.module)
            allocator.push_back(&m);
        else if (module >= 0)
            modules.push_back({module, &m});
    }
    if (!fill("MEMORY_RECORD", 7, allocator, [&](Stmt &s, const MemoryRecord *m) {
            s.sid(1, sid(m->component)).i(2, ns(m->ts));
            ptr(bytes(bytes(bytes(s, 3, m->allocatedMB), 4, m->reservedMB), 5, m->activeMB), 6, m->streamPtr).i(7, dev);
        })
        || !fill("NPU_MODULE_MEM", 4, modules, [&](Stmt &s, const auto &e) {
               bytes(s.i(1, e.first).i(2, ns(e.second->ts)), 3, e.second->reservedMB).i(4, dev);
           }))
        return false;
    std::stable_sort(ops.begin(), ops.end(), [](const OpMemoryRecord &a, const OpMemoryRecord &b) { return a.allocated < b.allocated; });
    const auto time = [this](Stmt &st, int col, TimeNs t) -> Stmt & { return t >= 0 ? st.i(col, ns(t)) : st.null(col); };
    const auto span = [](Stmt &st, int col, TimeNs a, TimeNs b) -> Stmt & {
        return a >= 0 && b >= a ? st.i(col, timeSpan(a, b)) : st.null(col);
    };
    return fill("OP_MEMORY", 15, ops, [&](Stmt &s, const OpMemoryRecord &m) {
        const double b = m.sizeKB * 1024.0;
        s.sid(1, sid(m.name));
        if (std::isfinite(b) && b >= 0 && b < 9e18)
            s.i(2, std::int64_t(std::llround(b)));
        else
            s.null(2);
        time(time(time(s, 3, m.allocated), 4, m.released), 5, m.activeReleased);
        span(span(s, 6, m.allocated, m.released), 7, m.allocated, m.activeReleased);
        const double mb[6] = {m.allocTotalAllocatedMB, m.allocTotalReservedMB, m.allocTotalActiveMB,
                              m.releaseTotalAllocatedMB, m.releaseTotalReservedMB, m.releaseTotalActiveMB};
        for (int i = 0; i < 6; ++i)
            bytes(s, 8 + i, mb[i]);
        ptr(s, 14, m.streamPtr).i(15, dev);
    });
}

// The framework's host ranges as PYTORCH_API rows (times as text, as torch_npu writes
// them; the category as the API level: cpu_op → op, enqueue / dequeue → queue,
// python_function → trace), their call stacks (PYTORCH_CALLCHAINS, one frame a row), the
// connections of each (CONNECTION_IDS) and every connection's categories.
bool DbWriter::frameworkTables()
{
    if (!python_.empty()) {
        if (!lazyTable("PYTORCH_API") || !lazyTable("PYTORCH_CALLCHAINS") || !lazyTable("CONNECTION_IDS"))
            return false;
        Stmt api(db_, "INSERT INTO PYTORCH_API VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)");
        Stmt chain(db_, "INSERT INTO PYTORCH_CALLCHAINS VALUES (?1, ?2, ?3)");
        Stmt conn(db_, "INSERT INTO CONNECTION_IDS VALUES (?1, ?2)");
        std::map<std::string, std::int64_t, std::less<>> chains;
        std::int64_t nextConn = 0;
        for (std::size_t i = 0; i < python_.size(); ++i) {
            if ((i & 4095) == 0 && cancel_ && cancel_->load())
                return false;
            const PythonRangeRecord &r = python_[i];
            api.text(1, std::to_string(ns(r.start))).text(2, std::to_string(ns(endOf(r))));
            api.i(3, std::int64_t((std::uint64_t(r.pid) << 32) | r.tid));
            if (const auto links = pythonLinks_.find(i); links != pythonLinks_.end()) {
                for (const std::int64_t c : links->second)
                    if (!conn.i(1, nextConn).i(2, c).run())
                        return false;
                api.i(4, nextConn++);
            } else {
                api.null(4);
            }
            std::string_view category = trace_.string(r.category);
            if (category == "cpu_op")
                category = "op";
            else if (category == "enqueue" || category == "dequeue")
                category = "queue";
            else if (category == "python_function")
                category = "trace";
            const std::int64_t type = enumId(kApiTypes, category, -1);
            // An operator row always has its autograd sequence number (-1: none) and forward
            // thread (0: none), as torch_npu writes them; other rows have neither.
            const bool op = category == "op";
            api.sid(5, sid(r.name));
            if (op || r.sequence >= 0)
                api.i(6, r.sequence);
            else
                api.null(6);
            if ((op || r.fwdThread > 0) && r.fwdThread <= std::uint64_t(INT64_MAX))
                api.i(7, std::int64_t(r.fwdThread));
            else
                api.null(7);
            api.sid(8, sid(r.inputTypes)).sid(9, sid(r.inputShapes));
            const std::string_view stack = trace_.string(r.callStack);
            if (stack.empty()) {
                api.null(10);
            } else {
                auto at = chains.find(stack);
                if (at == chains.end()) {
                    at = chains.emplace(std::string(stack), std::int64_t(chains.size())).first;
                    // Frames as the text export joins them.
                    std::size_t from = 0;
                    for (std::int64_t depth = 0;; ++depth) {
                        const std::size_t to = stack.find(";\r\n", from);
                        const std::string_view frame = stack.substr(from, to == std::string_view::npos ? std::string_view::npos : to - from);
                        if (!chain.i(1, at->second).sid(2, sid(frame)).i(3, depth).run())
                            return false;
                        if (to == std::string_view::npos)
                            break;
                        from = to + 3;
                    }
                }
                api.i(10, at->second);
            }
            if (type >= 0)
                api.i(11, type);
            else
                api.null(11);
            if (!api.run())
                return false;
        }
    }
    std::vector<std::pair<std::int64_t, std::string_view>> cats;
    for (const auto &entry : cats_)
        for (const std::string &cat : entry.second)
            cats.push_back({entry.first, cat});
    return fill("connectionCats", 2, cats, [](Stmt &s, const auto &e) { s.i(1, e.first).text(2, e.second); });
}

} // namespace npuscope::exporting::dbx
