#pragma once
// The two recorded sessions the chart tests read (core/analysis/chart_data and the Charts
// tab): AlexNet on 4 devices with the straggler scenario and every switch on, and one
// device without l2 / hccl / training_trace and with aic_metrics Memory, whose missing
// charts must be explained.

#include "tests/test_record.h"

#include <QByteArray>
#include <QDir>
#include <QString>

namespace chartprojects {

inline const QByteArray kAllOn =
    R"({"output":"/tmp/x","training_trace":"on","task_trace":"on","hccl":"on","aicpu":"on","l2":"on","aic_metrics":"PipeUtilization"})";
inline const QByteArray kSparse = R"({"output":"/tmp/x","task_trace":"on","aic_metrics":"Memory"})";

struct Paths {
    QString full, sparse;
};

// Records both into `dir` (full.npuscope, sparse.npuscope) with the emulator seeded by
// `seed`; false and *error when either does not complete.
inline bool record(const QString &dir, std::uint64_t seed, Paths *paths, QString *error)
{
    using namespace npuscope;
    paths->full = QDir(dir).filePath(QStringLiteral("full.npuscope"));
    paths->sparse = QDir(dir).filePath(QStringLiteral("sparse.npuscope"));
    auto alexnet = [seed](int devices, int iterations, const QStringList &scenarios) {
        return SessionSpec{.model = QStringLiteral("alexnet"), .batchSize = 16, .iterations = iterations,
                           .devicesPerServer = devices, .seed = seed, .scenarios = scenarios};
    };
    return testrecord::recordComplete(alexnet(4, 4, {QStringLiteral("straggler")}), kAllOn, paths->full, error)
           && testrecord::recordComplete(alexnet(1, 2, {}), kSparse, paths->sparse, error);
}

} // namespace chartprojects
