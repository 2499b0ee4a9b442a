#include "ui/model_ops.h"

#include "core/model/memory_trace.h"
#include "core/options/profiling_options.h"
#include "device/emulator.h"

#include <QDir>
#include <set>

namespace npuscope::ui {

QStringList compiledOpNames(SessionSpec spec, QString *error)
{
    spec.iterations = 1;
    spec.devicesPerServer = 1;
    spec.servers = 1;
    spec.scenarios.clear();
    if (!device::Emulator::validate(spec, error))
        return {};
    ProfilingOptions options;
    options.output = QDir::tempPath();
    MemoryTrace trace;
    device::Emulator emu(spec, options);
    if (emu.run(trace) != SessionStatus::Complete) {
        if (error)
            *error = emu.errorString();
        return {};
    }
    QStringList names;
    std::set<std::uint32_t> seen;
    for (const IterationKey &k : trace.iterations()) {
        trace.forEachTask(k, [&](const TaskRecord &t) {
            if (t.opId && seen.insert(t.opId).second) {
                if (const OpDesc *op = trace.op(t.opId))
                    names << QString::fromUtf8(trace.string(op->name).data(), qsizetype(trace.string(op->name).size()));
            }
            return true;
        });
    }
    names.removeDuplicates();
    return names;
}

} // namespace npuscope::ui
