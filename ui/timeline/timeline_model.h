#pragma once
// The data behind the timeline view: lanes with the msprof names per device, the session's
// strings, step traces (iteration bands, Data_aug Bound flows), overlap intervals, marks.
//
// Loading happens in two phases so the first frame never waits for millions of tasks:
//  1. openSkeleton (GUI thread, milliseconds): strings, ops, devices, step traces and the
//     level-of-detail summary stored at record time → every stream lane exists and draws
//     from its summary;
//  2. loadDetails (worker thread, seconds for 10 M tasks): every record into the compact
//     lane arrays (timeline_lanes.h), overlap analysis, pyramids; then adopted by the GUI.

#include "core/analysis/overlap.h"
#include "core/analysis/timeline_lanes.h"
#include "core/store/lod.h"

#include <QColor>
#include <QString>
#include <atomic>
#include <map>
#include <memory>
#include <vector>

namespace npuscope::ui::timeline {

// Categories of non-task events in LaneEvents::type (task lanes use TaskType values < 16).
enum Category : std::uint8_t {
    CatCollective = 16,
    CatHcclTask,
    CatHostRange,
    CatIteration,
    CatFpBp,
    CatRefresh,
    CatReduce,
    CatComputing,
    CatCommunication,
    CatNotOverlapped,
    CatFree,
    CatAiCpu,
    CatTx,
    CatPython,        // a framework host range (torch_npu / MindSpore "Python" lane)
};

enum class LaneKind : std::uint8_t { Cann, Stream, StepTrace, CommKernel, Plane, Overlap, AiCpu, MsprofTx, Counter, Python };

// Python lanes (framework host ranges) nest: one lane per host thread and call depth, with
// Lane::id = thread index on the device × kPythonDepths + depth (deeper ranges share the
// last row).
inline constexpr std::uint32_t kPythonDepths = 64;

// A counter track (ui/timeline/counter_track.h): samples of one series in relative time,
// each value holding until the next sample; NaN = unknown from that sample on.
struct CounterSeries {
    std::uint16_t device = 0;
    QString track;                     // the lane's process ("AI Core Freq", "HBM", "AI Core")
    QString name;                      // the series ("HBM 0/Read", "AI Core utilisation")
    QString unit;                      // "MB/s", "MHz", "%"; empty when the source names none
    QString how;                       // how the values were obtained (the tooltip says so)
    std::vector<TimeNs> ts;
    std::vector<double> value;
    double min = 0, max = 0;           // over the known values
    bool derived = false;              // computed by the view (utilisation), not imported
    bool percent = false;              // a share: the axis is [0, 100] whatever the values
    QRgb colour = 0;                   // its own colour (assignCounterColours); 0: none yet
};

// A flow arrow between two events of the timeline (a host launch and its device task).
struct FlowLink {
    int fromLane = -1;
    std::size_t fromEvent = 0;
    int toLane = -1;
    std::size_t toEvent = 0;
    TimeNs fromTs = 0, toTs = 0;       // relative: where the arrow leaves and arrives
    StrId category = 0;
    StrId name = 0;
};

struct Lane {
    LaneKind kind = LaneKind::Stream;
    std::uint16_t device = 0;
    std::uint32_t id = 0;              // stream id, plane, thread id, model id, overlap row
    QString process;                   // "Ascend Hardware", "HCCL", ... (msprof process_name)
    QString title;                     // "Stream 5", "Plane 0", ... (msprof thread_name)
    analysis::timeline::LaneEvents events;
    int lod = -1;                      // index into Model::lod.lanes while details load
    // event → index into the kind's record vector; for HCCL planes the task's rowid in the
    // project (its details are read on a click, not held: there are millions).
    std::vector<std::uint32_t> record;
};

struct DeviceGroup {
    std::uint16_t id = 0;
    std::uint32_t rank = 0;
    std::uint32_t hostPid = 0;
};

struct Model {
    QString path;
    std::int64_t session = 0;
    QString sessionName;
    QByteArray optionsJson;
    QStringList pmuColumns;            // the session's own PMU column names (empty: aic_metrics group)
    TimeNs origin = 0;                 // absolute ns of relative time 0
    TimeNs extent = 1;                 // relative end of the session
    std::vector<std::string> strings;  // by StrId (plus the view's own names appended)
    std::vector<OpDesc> ops;           // by op id (ops[i].id == i when present)
    std::vector<DeviceGroup> devices;
    std::vector<Lane> lanes;           // grouped by device, msprof order within a device
    std::vector<StepTraceRecord> steps;// relative times
    store::TimelineLod lod;            // relative: origin folded in
    bool detailsLoaded = false;

    // Records behind non-task lanes, for the details panel (relative times).
    std::vector<CollectiveOpRecord> collectives;
    std::vector<HostRangeRecord> hostRanges;
    std::vector<AiCpuRecord> aiCpu;
    std::vector<PythonRangeRecord> pythonRanges; // behind the Python lanes

    // Counter tracks (imported counters, the derived AI Core utilisation) by Lane::id of
    // the Counter lanes; flow arrows between events, sorted by fromLane, fromEvent.
    std::vector<CounterSeries> counters;
    std::vector<FlowLink> flows;
    std::size_t flowsUnplaced = 0;     // stored flows with an end on no lane shown

    std::string_view string(StrId id) const
    {
        return id < strings.size() ? std::string_view(strings[id]) : std::string_view();
    }
    StrId intern(const std::string &s); // for names the view makes ("Computing", ...)
    std::size_t taskCount() const;
    std::size_t bytes() const;         // heap bytes of the lane arrays
};

// Phase 1. Returns nullptr + translated message when the project cannot be read.
std::unique_ptr<Model> openSkeleton(const QString &path, std::int64_t session, QString *message);

// The skeleton's tables and empty lanes (with their summary index), for loadDetails to
// fill while the view keeps drawing the original.
std::unique_ptr<Model> copySkeleton(const Model &m);

// Phase 2 into a copy of the skeleton's tables (run on a worker thread). Fills every lane
// with its events and finishes it. Returns false + message on a read error or when
// cancelled (message empty then).
bool loadDetails(Model *m, const std::atomic_bool &cancel, QString *message);

} // namespace npuscope::ui::timeline
