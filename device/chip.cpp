#include "device/chip.h"

namespace npuscope::device {

namespace {

ChipProfile ascend910()
{
    ChipProfile p;
    p.chip = Chip::Ascend910;
    p.name = "Ascend910";
    p.cubeCores = 32;
    p.vectorCores = 32;
    p.splitCores = false;
    p.clockGHz = 1.0;
    p.cubeFp16MacPerCycle = 16 * 16 * 16;
    p.cubeFp32Rate = 0.25;
    p.vectorFp16LanesPerCycle = 128;
    p.hbmBytes = 32.0 * 1024 * 1024 * 1024;
    p.hbmGBps = 1200;
    p.l2Bytes = 32.0 * 1024 * 1024;
    p.l2GBps = 1200;
    p.mteBytesPerCycle = 64;
    p.aiCpuCores = 14;
    p.hwtsMHz = 100;
    p.topology = ServerTopology::HccsQuadsOverPcie;
    p.devicesPerServer = 8;
    p.hccsGBps = 30;   // 240 Gbit/s per HCCS port
    p.pcieGBps = 32;   // PCIe 4.0 x16
    p.roceGBps = 12.5; // one 100GE RoCE v2 port per card
    p.cubeEfficiency = 0.48;
    p.convEfficiency = 0.40;
    p.hbmEfficiency = 0.82;
    p.sdmaTransferGBps = 14.2;
    p.onChipCopyGBps = 270;
    p.notifyLatencyNs = 1500;
    return p;
}

ChipProfile ascend910b()
{
    ChipProfile p;
    p.chip = Chip::Ascend910B;
    p.name = "Ascend910B";
    p.cubeCores = 24;
    p.vectorCores = 48;
    p.splitCores = true;
    p.clockGHz = 1.8;
    p.cubeFp16MacPerCycle = 16 * 16 * 16;
    p.cubeFp32Rate = 0.5;
    p.vectorFp16LanesPerCycle = 128;
    p.hbmBytes = 64.0 * 1024 * 1024 * 1024;
    p.hbmGBps = 1600;
    p.l2Bytes = 192.0 * 1024 * 1024;
    p.l2GBps = 4000;
    p.mteBytesPerCycle = 64;
    p.aiCpuCores = 6;
    p.hwtsMHz = 100;
    p.topology = ServerTopology::HccsFullMesh;
    p.devicesPerServer = 8;
    p.hccsGBps = 28;   // 56 GB/s per link, both directions
    p.pcieGBps = 64;   // PCIe 5.0 x16
    p.roceGBps = 25;   // one 200GE RoCE v2 port per card
    p.cubeEfficiency = 0.80;
    p.convEfficiency = 0.80;
    p.hbmEfficiency = 0.82;
    p.sdmaTransferGBps = 15.5;
    p.onChipCopyGBps = 600;
    p.notifyLatencyNs = 1500;
    return p;
}

} // namespace

const ChipProfile &chipProfile(Chip chip)
{
    static const ChipProfile a = ascend910(), b = ascend910b();
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
