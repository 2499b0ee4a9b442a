#include "device/chip.h"

namespace npuscope::device {

namespace {

// Both chips in one place, each figure as per(910, 910B), so that they read side by side.
ChipProfile profileOf(Chip chip)
{
    const bool b = chip == Chip::Ascend910B;
    const auto per = [b](auto ascend910, auto ascend910b) { return b ? ascend910b : ascend910; };
    ChipProfile p;
    p.chip = chip;
    p.name = per("Ascend910", "Ascend910B");
    p.cubeCores = per(32, 24);
    p.vectorCores = per(32, 48);
    p.splitCores = b;
    p.clockGHz = per(1.0, 1.8);
    p.cubeFp16MacPerCycle = 16 * 16 * 16;
    p.cubeFp32Rate = per(0.25, 0.5);
    p.vectorFp16LanesPerCycle = 128;
    p.hbmBytes = per(32.0, 64.0) * 1024 * 1024 * 1024;
    p.hbmGBps = per(1200, 1600);
    p.l2Bytes = per(32.0, 192.0) * 1024 * 1024;
    p.l2GBps = per(1200, 4000);
    p.mteBytesPerCycle = 64;
    p.aiCpuCores = per(14, 6);
    p.hwtsMHz = 100;
    p.topology = per(ServerTopology::HccsQuadsOverPcie, ServerTopology::HccsFullMesh);
    p.devicesPerServer = 8;
    // 910: 240 Gbit/s per HCCS port; 910B: 56 GB/s per link, both directions.
    p.hccsGBps = per(30, 28);
    p.pcieGBps = per(32, 64);      // PCIe 4.0 x16, PCIe 5.0 x16
    p.roceGBps = per(12.5, 25.0);  // one 100GE, one 200GE RoCE v2 port per card
    p.cubeEfficiency = per(0.48, 0.80);
    p.convEfficiency = per(0.40, 0.80);
    p.hbmEfficiency = 0.82;
    p.sdmaTransferGBps = per(14.2, 15.5);
    p.onChipCopyGBps = per(270, 600);
    p.notifyLatencyNs = 1500;
    return p;
}

} // namespace

const ChipProfile &chipProfile(Chip chip)
{
    static const ChipProfile a = profileOf(Chip::Ascend910), b = profileOf(Chip::Ascend910B);
    return chip == Chip::Ascend910B ? b : a;
}

bool chipFromName(const QString &name, Chip *out)
{
    const QString n = name.trimmed().toUpper().remove(QStringLiteral("ASCEND"));
    if (n == QLatin1String("910")) {
        *out = Chip::Ascend910;
        return true;
    }
    if (n == QLatin1String("910B")) {
        *out = Chip::Ascend910B;
        return true;
    }
    return false;
}

QString chipName(Chip chip)
{
    return chip == Chip::Ascend910B ? QStringLiteral("910B") : QStringLiteral("910");
}

QStringList chipNames()
{
    return {QStringLiteral("910"), QStringLiteral("910B")};
}

} // namespace npuscope::device
