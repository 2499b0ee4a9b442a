#pragma once
// Session specs and options that tests in several folders (core pipeline, device) build the
// same way, written once.

#include "core/model/session.h"
#include "core/options/profiling_options.h"

#include <QStringList>

namespace testspec {

// Every switch a multi-device run can record on: training trace, L2, HCCL and AI CPU.
inline npuscope::ProfilingOptions allOn()
{
    return {.trainingTrace = npuscope::Switch::On, .l2 = npuscope::Switch::On, .hccl = npuscope::Switch::On,
            .aicpu = npuscope::Switch::On};
}

// A PyTorch LLM session on the 910B, batch 1, split dp × tp × pp ways with m micro-batches,
// all of its devices in one server.
inline npuscope::SessionSpec llm(const QString &model, int iterations, std::uint64_t seed, int dp, int tp, int pp,
                                 int m, const QStringList &scenarios = {})
{
    using namespace npuscope;
    SessionSpec s{.model = model, .batchSize = 1, .iterations = iterations, .seed = seed,
                  .chip = QStringLiteral("910B"), .framework = Framework::PyTorch};
    s.llm.dp = dp;
    s.llm.tp = tp;
    s.llm.pp = pp;
    s.llm.microBatches = m;
    s.devicesPerServer = dp * tp * pp;
    s.scenarios = scenarios;
    return s;
}

} // namespace testspec
