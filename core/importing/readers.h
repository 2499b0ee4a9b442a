#pragma once
// One reader per layout (layout.h), all behind this interface so the importer can combine
// any number of sources into one session:
//   prepare()  reads what the session must know before it begins: devices (with the
//              source's own device ids), models, options, the PMU columns of its kernel
//              files (registered with the context), what the input lacks;
//   read()     streams every record through the context.
// Between the two the importer numbers the session's devices and tells each reader its
// SourceMap. Each reader is testable alone through importProf on a folder of its layout.

#include "core/importing/layout.h"
#include "core/importing/today.h"
#include "core/model/session.h"
#include "core/options/profiling_options.h"

#include <memory>

namespace npuscope::importing {

class LayoutReader {
public:
    explicit LayoutReader(const Source &s) : source(s) {}
    virtual ~LayoutReader() = default;
    LayoutReader(const LayoutReader &) = delete;
    LayoutReader &operator=(const LayoutReader &) = delete;

    // False only when nothing of the source can be read (the problems say why).
    virtual bool prepare(ImportContext &ctx) = 0;
    // False when the import must stop (ctx.errorKind() says why).
    virtual bool read(ImportContext &ctx) = 0;
    // Layouts whose devices cannot repeat across sources (the legacy PROF folders of one
    // host) drop a device another source already has; `why` is reported.
    virtual bool devicesMustBeUnique() const { return false; }
    virtual void excludeDevice(std::uint16_t, const QString &) {}
    virtual QString deviceDir(std::uint16_t) const { return {}; }

    const Source source;
    // Filled by prepare(); DeviceInfo::id is the source's device id. Facts a source does not
    // give stay 0 (unknown): host pid, core counts, frequencies.
    std::vector<DeviceInfo> devices;
    std::vector<ModelInfo> models;
    ProfilingOptions options;        // the switches the source's files show were on
    QStringList missing;             // translated, for the report
    QStringList dirs;                // what the report lists as read (relative to the root)
    QStringList kernelColumns;       // the kernel file's columns, in order (today's layouts)
    // Set by the importer before read().
    SourceMap map;
    // Filled by read(): facts learned from the data (host pid, AI Core frequency).
    Learned learned;

protected:
    // The one model today's layouts are imported as (docs/import.md), numbered 0.
    void addTheOneModel()
    {
        ModelInfo m;
        m.id = 0;
        m.iterations = 1;
        models.push_back(m);
    }
};

std::unique_ptr<LayoutReader> makeLegacyReader(const Source &s);
std::unique_ptr<LayoutReader> makeMsprofNewerReader(const Source &s);
std::unique_ptr<LayoutReader> makeFrameworkTextReader(const Source &s);
std::unique_ptr<LayoutReader> makeFrameworkDbReader(const Source &s);
std::unique_ptr<LayoutReader> makeMsprofDbReader(const Source &s);

} // namespace npuscope::importing
