// emulate_scale: emulator throughput (tasks/s into a discarding sink) for a 4-server ×
// 8-device session against a 1-device session with as many device-iterations (32 × k
// against 1 × 32k; the 32-device run has more tasks per iteration: its HCCL tasks), in
// the same run. Goal ≥ 0.8: the emulator's cost is linear in the work, the collectives'
// all-to-all synchronisation (each ring step waits for every rank) does not go quadratic.

#include "core/model/record_sink.h"
#include "core/options/profiling_options.h"
#include "device/emulator.h"
#include "tests/bench/bench.h"

#include <QElapsedTimer>

using namespace npuscope;
using namespace npuscope::bench;

namespace {

ProfilingOptions scaleOptions()
{
    ProfilingOptions o;
    const QByteArray json = R"({"output":"/tmp/npuscope-bench","training_trace":"on","task_trace":"on","hccl":"on","aic_metrics":"PipeUtilization"})";
    ProfilingOptions::parse(json, &o);
    return o;
}

SessionSpec scaleSpec(int devices, int servers, int iterations)
{
    return {.model = QStringLiteral("resnet50"), .batchSize = 32, .iterations = iterations,
            .devicesPerServer = devices, .servers = servers, .seed = 11};
}

// Median tasks/s of a session over the reps; *tasks gets its task count.
double rate(const SessionSpec &spec, int reps, std::uint64_t *tasks)
{
    std::vector<double> r;
    for (int i = 0; i < reps; ++i) {
        CountingSink sink;
        QElapsedTimer t;
        t.start();
        device::Emulator emu(spec, scaleOptions());
        if (emu.run(sink) != SessionStatus::Complete)
            die(emu.errorString());
        const double sec = double(t.nsecsElapsed()) / 1e9;
        *tasks = sink.tasks;
        r.push_back(double(sink.tasks) / sec);
    }
    return median(r);
}

void benchEmulateScale(Config &cfg)
{
    // Same device-iterations: 32 devices × k iterations against 1 device × 32k iterations.
    const int k = std::max(1, int(cfg.recordTasks / 32 / 3000));
    std::uint64_t tasksOne = 0, tasksMany = 0;
    // Alternating order so machine drift hits both sides alike.
    std::vector<double> one, many;
    for (int r = 0; r < cfg.reps; ++r) {
        if (r % 2 == 0) {
            one.push_back(rate(scaleSpec(1, 1, 32 * k), 1, &tasksOne));
            many.push_back(rate(scaleSpec(8, 4, k), 1, &tasksMany));
        } else {
            many.push_back(rate(scaleSpec(8, 4, k), 1, &tasksMany));
            one.push_back(rate(scaleSpec(1, 1, 32 * k), 1, &tasksOne));
        }
        info("emulate_scale: rep %d: 1 device %.0f tasks/s (%llu tasks), 8x4 devices %.0f tasks/s (%llu tasks)", r + 1,
             one.back(), static_cast<unsigned long long>(tasksOne), many.back(), static_cast<unsigned long long>(tasksMany));
    }
    line("emulate_scale", median(many), "tasks/s", median(many) / median(one));
}

} // namespace

NPUSCOPE_BENCH_FIGURE("emulate_scale", 45, benchEmulateScale);
