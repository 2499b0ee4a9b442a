// Project opener: the input is a project file. It is opened read-only as the GUI and
// `npuscope query` do; if it opens, its sessions are listed and a few records of each
// kind are read back, so a file that passes the identity and integrity checks but holds
// hostile rows still reaches the row decoding.

#include "core/store/project.h"
#include "tests/fuzz/fuzz_support.h"

using namespace npuscope;
using namespace fuzzsupport;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const QString path = tempRoot() + QStringLiteral("/input.npuscope");
    for (const char *suffix : {"", "-wal", "-shm", "-journal"})
        QFile::remove(path + QLatin1String(suffix));
    writeBytes(path, reinterpret_cast<const char *>(data), size);

    store::StoreError err = store::StoreError::None;
    QString message;
    auto project = store::Project::open(path, store::Project::Mode::ReadOnly, &err, &message);
    if (!project) {
        if (message.isEmpty() || err == store::StoreError::None)
            fuzzFail("open failed without a reason");
        return 0;
    }
    const auto sessions = project->sessions();
    int sessionsRead = 0;
    for (const auto &s : sessions) {
        if (++sessionsRead > 3)
            break;
        (void)project->sessionNote(s.id, QStringLiteral("import_report"));
        QString why;
        auto reader = project->session(s.id, &why);
        if (!reader)
            continue;
        (void)reader->sessionInfo();
        (void)reader->status();
        (void)reader->recordCounts();
        const auto iterations = reader->iterations();
        int iterationsRead = 0;
        for (const IterationKey &k : iterations) {
            if (++iterationsRead > 3)
                break;
            int n = 0;
            std::size_t chars = 0;
            reader->forEachTask(k, [&](const TaskRecord &t) {
                chars += reader->string(t.name).size();
                if (t.opId)
                    if (const OpDesc *op = reader->op(t.opId))
                        chars += reader->string(op->opType).size();
                return ++n < 50;
            });
            n = 0;
            reader->forEachCollective(k, [&](const CollectiveOpRecord &c) { chars += reader->string(c.name).size(); return ++n < 20; });
            n = 0;
            reader->forEachHcclTask(k, [&](const HcclTaskRecord &) { return ++n < 20; });
            n = 0;
            reader->forEachAiCpu(k, [&](const AiCpuRecord &) { return ++n < 20; });
            n = 0;
            reader->forEachHostRange(k, [&](const HostRangeRecord &) { return ++n < 20; });
            (void)reader->stepTraces(k.device, k.modelId);
            (void)reader->fusionOps(k.modelId);
            (void)reader->queueEvents(k.device);
            (void)chars;
        }
        // The session-wide records (counters, framework ranges, memory records, operator memory and
        // task attributes are column blocks).
        int devicesRead = 0;
        for (const DeviceInfo &d : reader->sessionInfo().devices) {
            if (++devicesRead > 2)
                break;
            int n = 0;
            reader->forEachCounter(d.id, [&](const CounterRecord &) { return ++n < 50; });
            n = 0;
            reader->forEachPythonRange(d.id, [&](const PythonRangeRecord &) { return ++n < 50; });
            n = 0;
            reader->forEachMemory(d.id, [&](const MemoryRecord &) { return ++n < 50; });
            n = 0;
            reader->forEachOpMemory(d.id, [&](const OpMemoryRecord &) { return ++n < 50; });
            n = 0;
            reader->forEachTaskAttr(d.id, [&](const TaskAttrRecord &) { return ++n < 50; });
        }
    }
    return 0;
}
