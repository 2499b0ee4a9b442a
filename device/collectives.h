#pragma once
// HCCL's all-reduce as the task sequence each device's communication planes execute,
// with every task's time. The algorithm follows the server's wiring (ChipProfile):
//  - 910 (two groups of 4 cards on HCCS, PCIe between them): four rings over all cards of
//    the server, one per plane, each a Hamiltonian cycle that crosses between the groups
//    twice; reduce-scatter then all-gather around every ring in lock step with the
//    neighbours (record to next / wait for prev / record to prev / wait for next, then the
//    data to next), the main plane copying the reduced shard on chip in between;
//  - 910B (8 cards fully connected by HCCS), and 2 or 4 cards inside one HCCS group of a
//    910 server: mesh, every card writing each peer its chunk on a plane of its own, all
//    at once, reduce-scatter then all-gather (HCCL's 2P/4P mesh for the 910);
//  - other card counts on a 910 server: a single ring;
//  - several servers: hierarchical, the in-server reduce-scatter, an all-reduce of each
//    card's shard with the cards of the same index in the other servers (a ring over
//    RoCE/RDMA), the in-server all-gather.
// The task counts per plane and the data sizes follow the real captures vendored in
// tests/data/reference (docs/emulator.md shows the comparison).

#include "core/model/records.h"
#include "device/chip.h"

#include <cstdint>
#include <functional>
#include <vector>

namespace npuscope::device {

enum class Link : std::uint8_t { OnChip, Hccs, Pcie, Roce };

enum class CommOp : std::uint8_t {
    NotifyRecord, // a notify written to a peer card or to another plane of the same card
    NotifyWait,
    Reduce,       // SDMA write with inline reduction (Reduce_Inline)
    Memcpy,       // SDMA copy
    EventWait,    // stream events around the collective on the main plane
    EventReset,
    EventRecord,
};

struct CommTask {
    int plane = 0;
    CommOp op = CommOp::NotifyWait;
    TimeNs start = 0;
    TimeNs duration = 0;
    std::uint32_t peer = kInvalidId; // rank waited for / written to; kInvalidId = this card
    bool local = false;              // between planes of one card (notifies) / inside its HBM (data)
    Link link = Link::OnChip;
    std::uint64_t bytes = 0;
    std::uint64_t notifyId = 0;
    bool hcclTask = true;            // also listed on the HCCL planes (else only a hardware task)
    bool smallReduce = false;        // the 4-byte INT32 status reduce at either end (910B)
};

struct AllReduceResult {
    std::vector<std::vector<CommTask>> tasks; // per device, in issue order per plane
    std::vector<TimeNs> begin, end;           // per device: first and last HCCL task
    std::vector<TimeNs> done;                 // per device: the main plane's closing event
};

class AllReduce {
public:
    AllReduce(const ChipProfile &chip, int devicesPerServer, int servers);

    int planes() const { return planes_; }
    int devices() const { return dps_ * servers_; }

    // ready[d]: when device d's gradients are written and its planes are free.
    // jitter(d, sigma): a multiplicative factor around 1 with relative spread sigma, drawn
    // from device d's random stream.
    AllReduceResult run(const std::vector<TimeNs> &ready, std::uint64_t bytes,
                        const std::function<double(int, double)> &jitter) const;

    // The ring (in server-local indices) plane p follows on a 910 server; empty for mesh.
    const std::vector<int> &ring(int plane) const { return rings_[size_t(plane)]; }
    Link linkBetween(int a, int b) const; // global ranks

private:
    struct Ctx;
    void ringPhase(Ctx &c, bool reduce, bool interServer) const;
    void meshPhase(Ctx &c, bool reduce) const;
    void reportToMain(Ctx &c) const;
    void open(Ctx &c, const std::vector<TimeNs> &ready) const;
    void ownShardToOutput(Ctx &c, std::uint64_t shard) const;
    void copyOwnChunk(Ctx &c, int d, TimeNs t) const;
    void close(Ctx &c, AllReduceResult &res) const;

    const ChipProfile &chip_;
    int dps_ = 1, servers_ = 1, planes_ = 0;
    bool mesh_ = false;        // mesh algorithm (else rings)
    bool multiStream_ = false; // one stream per plane (910) rather than one for all (910B)
    std::vector<std::vector<int>> rings_;
};

} // namespace npuscope::device
