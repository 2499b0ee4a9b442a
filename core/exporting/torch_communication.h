#pragma once
// communication.json and communication_matrix.json of torch_npu's text export, one pair per
// rank, in torch_npu's format (torch_npu/profiler/analysis/prof_view/_communication_parser.py
// and the real 910B capture in tests/data/reference/):
//   communication.json         {"step<N>": {"p2p": {...}, "collective": {"<op>@<group>":
//                              {"Communication Time Info": {...}, "Communication Bandwidth
//                              Info": {"<link>": {...}}}, "Total Op Info": {...}}}}
//   communication_matrix.json  {"step<N>": {"p2p": {...}, "collective": {"<type>-<top1|middle|
//                              bottom1..3|total>@<group>": {"<src>-<dst>": {...}}}}}
// A session that kept the profiler's own figures (an import of these files or of the db's
// analysis tables) writes them back as they were read; "Total Op Info" is recomputed as
// torch_npu computes it. Size Distribution is not kept by the store and is written empty.
// Other sessions (emulated, legacy imports) are described from their collectives and HCCL
// tasks (analysis::analyzeCommunication): one entry per op and, in the matrix, the sum per
// op type ("<type>-total@<group>"), the per-op links not being known.

#include "core/analysis/communication.h"
#include "core/model/trace_reader.h"

#include <cstdint>
#include <string>
#include <vector>

namespace npuscope::exporting {

class TorchCommunication {
public:
    explicit TorchCommunication(const TraceReader &trace);
    // The files' text for one device; empty when the device has no communication.
    std::string communicationJson(std::uint16_t device) const;
    std::string matrixJson(std::uint16_t device) const;

    // torch_npu's op type of an op name (its HCCL_PATTERN: the leftmost of send, reduce,
    // invalid, broadcast, allreduce, receive, allgather, … in the lower-cased name; else the
    // part before "__").
    static std::string commType(std::string_view opName);

private:
    std::string fromRecords(std::uint16_t device) const;
    std::string matrixFromRecords(std::uint16_t device) const;
    std::string fromAnalysis(std::uint16_t device) const;
    std::string matrixFromAnalysis(std::uint16_t device) const;

    const TraceReader &trace_;
    std::vector<CommOpStatRecord> ops_;
    std::vector<CommBandwidthRecord> bandwidth_;
    std::vector<CommMatrixRecord> matrix_;
    analysis::CommunicationAnalysis derived_; // only when the session has no profiler figures
};

} // namespace npuscope::exporting
