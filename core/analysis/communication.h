#pragma once
// Communication analysis: how each rank spends the time of each collective (or p2p) op, what
// bandwidth each link type reached, and how many bytes went from which rank to which.
//
// Two sources, the first one present wins:
//  - Profiler: the figures torch_npu / msprof computed themselves (communication.json,
//    communication_matrix.json, analysis.db CommAnalyzer*), kept as they wrote them;
//  - HcclTasks: sessions without them (emulated, legacy PROF imports) are analysed from their
//    collective ops and HCCL tasks with msprof's definitions (docs/communication.md):
//    transit = time the op's main plane moves data (SDMA copies off chip, RDMA), wait = its
//    Notify_Wait time not covered by transit, synchronisation = the wait before the first
//    transit, idle = elapse − (transit ∪ wait); bandwidth per link type = bytes / transfer
//    time of the copies on that link (SDMA = HCCS + PCIe + SIO + other SDMA copies).
//
// Unknown stays unknown: a link type without bytes has no bandwidth entry, a ratio whose
// denominator is 0 is -1, a rank the data does not name is not invented.

#include "core/model/trace_reader.h"

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

namespace npuscope::analysis {

enum class CommSource { None, Profiler, HcclTasks };

// One link type of one op on one rank (HCCS, PCIE, RDMA, SDMA, SIO, ...).
struct CommLinkFigures {
    std::string transport;
    double sizeMB = 0;          // 10^6 bytes, as torch_npu writes them
    double timeMs = 0;          // time spent transferring on this link type
    double bandwidthGBps = -1;  // -1: unknown (no transfer time)
};

// One op on one rank.
struct CommOpRank {
    std::string step;           // "step50", "iteration 3"
    std::string type;           // "collective" | "p2p"
    std::string op;             // op name without the group suffix ("hcom_allReduce__586_0_1")
    std::string group;          // communication group, "" when not given
    std::uint16_t device = 0;
    std::int64_t rank = -1;     // rank id of the device, -1 unknown
    TimeNs start = 0;
    double elapseMs = 0, transitMs = 0, waitMs = 0, syncMs = 0, idleMs = 0;
    std::vector<CommLinkFigures> links; // link types with data, by name
    // msprof's ratios: wait / (wait + transit), synchronisation / (synchronisation + transit); -1 unknown.
    double waitRatio() const;
    double syncRatio() const;
};

// Sums of one rank over every op of the session.
struct CommRankTotals {
    std::uint16_t device = 0;
    std::int64_t rank = -1;
    int ops = 0;
    double elapseMs = 0, transitMs = 0, waitMs = 0, syncMs = 0, idleMs = 0;
    std::vector<CommLinkFigures> links; // summed size and time; bandwidth = size / time
    double waitRatio() const;
    double syncRatio() const;
};

// One (source rank, destination rank) link, summed over the ops of a matrix.
struct CommMatrixCell {
    std::uint32_t srcRank = 0, dstRank = 0;
    std::string transport;      // HCCS, PCIE, RDMA, LOCAL, ... ("" unknown)
    double sizeMB = 0, timeMs = 0;
    double bandwidthGBps = -1;  // -1: unknown (no transfer time)
};

// A rank × rank matrix: one per op group (torch_npu's "<type>-total@<group>", or every op of
// a derived session), plus the sum over them all.
struct CommMatrix {
    std::string name;           // "allreduce-total@1752…", or "all ops"
    std::vector<CommMatrixCell> cells;
    std::uint32_t rankCount() const; // highest rank + 1, 0 when empty
};

struct CommunicationAnalysis {
    CommSource source = CommSource::None;
    std::vector<CommOpRank> ops;        // by the op's first start over its ranks, then rank
    std::vector<CommRankTotals> ranks;  // by rank (device when the rank is unknown)
    std::vector<CommMatrix> matrices;   // the sum over all first, then by name
    // msprof's slow-rank rule (analysis/mscalculate/cluster/slow_rank_calculator.py): when the
    // rank that waits most spends more than kWaitThreshold of its wait + transit waiting and
    // most of that wait is synchronisation, the others wait for the rank that waits least:
    // that rank is the slowest. Indices into ranks, -1 when none.
    int slowestRank = -1;
    int leastWaitRank = -1;
    int mostWaitRank = -1;
    static constexpr double kWaitThreshold = 0.2;   // msprof's WAIT_TIME_THRESHOLD

    bool empty() const { return ops.empty() && matrices.empty(); }
};

// Reads the session's communication records. Returns what was computed so far when *cancel
// becomes true.
CommunicationAnalysis analyzeCommunication(const TraceReader &reader, const std::atomic<bool> *cancel = nullptr);

} // namespace npuscope::analysis
