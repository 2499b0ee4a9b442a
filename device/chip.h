#pragma once
// The chips the emulator knows, each as a table of facts (docs/emulator.md cites the
// public source of every one) plus the few rates that only a real capture reveals (marked
// "measured" below and in the docs). The cost model and the collectives read everything
// about the hardware from here, so a second chip is a second table, not a second model.

#include <QString>
#include <QStringList>

#include <cstdint>

namespace npuscope::device {

enum class Chip : std::uint8_t { Ascend910, Ascend910B };

// How the cards of one server are wired, which decides HCCL's algorithm inside a server.
enum class ServerTopology : std::uint8_t {
    HccsQuadsOverPcie, // 910: two fully connected groups of 4 cards on HCCS, PCIe between them
    HccsFullMesh,      // 910B: every card has a direct HCCS link to every other card
};

struct ChipProfile {
    Chip chip = Chip::Ascend910;
    const char *name = "";           // "Ascend910", as msprof/torch_npu spell the soc
    // Compute.
    int cubeCores = 0;               // AI Cores (910) / AIC cube cores (910B)
    int vectorCores = 0;             // cores with a vector unit: the AI Cores (910) / AIV (910B)
    bool splitCores = false;         // cube and vector are separate cores (AIC/AIV)
    double clockGHz = 0;             // AI Core clock
    double cubeFp16MacPerCycle = 0;  // per cube core
    double cubeFp32Rate = 0;         // fp32 (or hf32) cube throughput relative to fp16
    double vectorFp16LanesPerCycle = 0; // per vector core
    // Memory.
    double hbmBytes = 0;
    double hbmGBps = 0;              // peak
    double l2Bytes = 0;
    double l2GBps = 0;               // aggregate L2 read bandwidth (model assumption, see docs)
    double mteBytesPerCycle = 0;     // one core's MTE2 streaming rate
    int aiCpuCores = 0;
    int hwtsMHz = 0;                 // task scheduler / system counter clock
    // Links. Per direction.
    ServerTopology topology = ServerTopology::HccsQuadsOverPcie;
    int devicesPerServer = 8;
    double hccsGBps = 0;             // one HCCS link
    double pcieGBps = 0;             // the card's PCIe (between the 910's HCCS groups)
    double roceGBps = 0;             // the card's RoCE port(s) to other servers
    // Measured in the vendored real captures (no datasheet states them).
    double cubeEfficiency = 0;       // achieved share of the cube peak by matrix products (GEMM)
    double convEfficiency = 0;       // ... by convolutions (operands through the im2col load)
    double hbmEfficiency = 0;        // achieved share of the HBM peak by streaming kernels
    double sdmaTransferGBps = 0;     // one SDMA transfer (Reduce_Inline / Memcpy) between cards
    double onChipCopyGBps = 0;       // an SDMA copy inside one card's HBM
    double notifyLatencyNs = 0;      // a notify written by one card seen by another
    // Model constants (docs/emulator.md says where each comes from).
    double vectorEfficiency = 0.35;  // vector pipe busy share with UB-sized chunks
    double kernelSetupNs = 850;      // scalar set-up of a kernel on one core
    double perCoreSyncNs = 70;       // starting and joining each further core
    double schedulerNs = 350;        // task scheduler dispatch + completion around a kernel

    int coresFor(bool cube) const { return cube || !splitCores ? cubeCores : vectorCores; }
};

const ChipProfile &chipProfile(Chip chip);

// "910" / "910B" as users type them (case-insensitive); the names chipNames() lists.
bool chipFromName(const QString &name, Chip *out);
QString chipName(Chip chip);
QStringList chipNames();

} // namespace npuscope::device
