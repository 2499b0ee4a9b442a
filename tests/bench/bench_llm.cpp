// emulate_llm_64: one step of a 64-rank LLaMA-7B-class job (dp 2 × tp 8 × pp 4, 8 micro-
// batches of one 4096-token sequence, 910B, PyTorch) emulated into a discarding sink,
// against recording the same session into a project (emulator + ProjectWriter), in the
// same run. Prints the emulation's records/s; ratio = recording time / emulation time
// (goal ≥ 10: emulating is not what makes a recording slow).

#include "core/model/record_sink.h"
#include "core/options/profiling_options.h"
#include "core/store/project.h"
#include "device/emulator.h"
#include "tests/bench/bench.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>

using namespace npuscope;
using namespace npuscope::bench;

namespace {

SessionSpec llm64()
{
    SessionSpec s{.model = QStringLiteral("llama-7b"), .batchSize = 1, .iterations = 1, .seed = 19,
                  .chip = QStringLiteral("910B"), .framework = Framework::PyTorch};
    s.llm.dp = 2;
    s.llm.tp = 8;
    s.llm.pp = 4;
    s.llm.microBatches = 8;
    s.devicesPerServer = 8;
    s.servers = 8;
    return s;
}

void benchEmulateLlm(Config &cfg)
{
    const SessionSpec spec = llm64();
    std::vector<double> emulate, record;
    std::uint64_t records = 0;
    for (int r = 0; r < cfg.reps; ++r) {
        CountingSink sink;
        QElapsedTimer t;
        t.start();
        device::Emulator emu(spec, ProfilingOptions{});
        if (emu.run(sink) != SessionStatus::Complete)
            die(emu.errorString());
        emulate.push_back(double(t.nsecsElapsed()) / 1e9);
        records = sink.tasks + sink.collectives + sink.hcclTasks + sink.stepTraces + sink.ops + sink.pythonRanges
                  + sink.stepTimes + sink.strings;

        record.push_back(recordInto(QDir(cfg.work).filePath(QStringLiteral("llm64.npuscope")), spec, ProfilingOptions{}));
        info("emulate_llm_64: rep %d: emulating %.3f s, recording %.3f s (%llu records)", r + 1, emulate.back(),
             record.back(), static_cast<unsigned long long>(records));
    }
    line("emulate_llm_64", double(records) / median(emulate), "records/s", median(record) / median(emulate),
         QStringLiteral("64 ranks, one step: emulate %1 s, record %2 s").arg(median(emulate), 0, 'f', 3).arg(median(record), 0, 'f', 3));
}

} // namespace

NPUSCOPE_BENCH_FIGURE("emulate_llm_64", 46, benchEmulateLlm);
