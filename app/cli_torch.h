#pragma once
// check-options --framework pytorch: a torch_npu.profiler config given as JSON text, a JSON
// file or a training script, validated like torch_npu does, shown as the equivalent Python.

#include <QString>
#include <QStringList>

namespace npuscope::app {

struct TorchCheckOutput {
    int code = 0;       // ExitCode
    QStringList out;    // lines for stdout
    QStringList err;    // lines for stderr
};

// `config` is JSON text when it starts with "{", else a path: a .json file, or a script whose
// torch_npu.profiler.profile(...) call is read. `scriptPath` / `jsonPath` come from
// --script / --options-file; exactly one of the three sources must be given.
TorchCheckOutput checkTorchProfilerConfig(const QString &config, const QString &scriptPath, const QString &jsonPath);

} // namespace npuscope::app
