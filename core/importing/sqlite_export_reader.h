#pragma once
// The reader of the SQLite exports (see sqlite_export_reader.cpp for what it reads); its
// methods are in sqlite_export_reader.cpp (devices, strings, tasks) and
// sqlite_export_tables.cpp (communication ops, API calls, counters, memory, analysis.db).

#include "core/importing/import_context.h"
#include "core/importing/readers.h"
#include "core/importing/sqlite_export_db.h"

#include <chrono>
#include <deque>
#include <functional>
#include <future>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

namespace npuscope::importing {

class SqliteExportReader : public LayoutReader {
public:
    explicit SqliteExportReader(const Source &s) : LayoutReader(s) {}
    // A call-stack read still running (the import stopped first) reads text_: wait for it
    // (one never started is not started now).
    ~SqliteExportReader() override
    {
        if (callchains_.valid() && callchains_.wait_for(std::chrono::seconds(0)) != std::future_status::deferred)
            callchains_.wait();
    }
    bool prepare(ImportContext &ctx) override;
    bool read(ImportContext &ctx) override;

private:
    static QString tableRel(const QString &file, const std::string &table);
    static std::int64_t countRows(ExportDb &db, const std::string &table);
    bool checkVersion(ImportContext &ctx);
    void loadStrings();
    // A text column: an id into STRING_IDS (or the text itself in files that store text).
    std::string textOf(const Query &q, int c) const;
    // textOf without a copy: valid until the next row.
    std::string_view textView(const Query &q, int c) const;
    // The same as a session string: a STRING_IDS id is interned once, then looked up.
    StrId strOf(ImportContext &ctx, const Query &q, int c);
    // The task kind of a type text, decided once per distinct text.
    TaskKind kindOf(StrId type, const Query &q, int c);
    // How far the table's rows stray from `col` order in storage (rowid order): the largest
    // amount by which a row's value is below the largest value of the rows stored before it.
    // 0 when in order, as the profilers mostly write them; -1 when the scan failed.
    std::int64_t disorder(const char *table, const char *col);
    std::string enumName(const char *table, std::int64_t id);
    // The same as a session string, looked up once per (table, id).
    StrId enumStr(ImportContext &ctx, const char *table, std::int64_t id);
    void describeDevices(ImportContext &ctx);
    void registerPmuColumns(ImportContext &ctx);
    struct PmuPart {
        bool ok = false;
        std::vector<std::pair<std::int64_t, std::string>> names; // (STRING_IDS id, or INT64_MIN and the text)
        std::int64_t disorder = 0, top = INT64_MIN, least = INT64_MAX;
    };
    // Work for a thread of its own; when the process cannot start one, the work runs when
    // its result is asked for (libstdc++ falls back to deferred only then).
    static constexpr std::launch kThreadOrLater = std::launch::async | std::launch::deferred;
    static PmuPart scanPmuPart(const QString &path, std::int64_t from, std::int64_t to);
    void readSteps(ImportContext &ctx);
    std::uint16_t sessionDevice(std::int64_t id) const;

    // TASK with its kernel (COMPUTE_TASK_INFO), PMU values (TASK_PMU_INFO rows, grouped) and
    // HCCL plane description (COMMUNICATION_TASK_INFO), in one pass over the join.
    bool readTasks(ImportContext &ctx);
    // The PMU rows beside the tasks, both read in storage order when their task ids are out
    // of order by at most a window (slack) each, else sorted by SQLite (slack 0): a row of
    // task g has been read once a row of an id above g + pmuSlack has, and no task below
    // the largest task id so far - taskSlack comes any more, so rows read ahead wait in
    // `pending` only within the two windows (memory bounded by them, not by the tables).
    struct PmuMerge {
        Query *q = nullptr;
        bool more = false;
        QString rel;
        FileAccount *acc = nullptr; // rel's
        std::int64_t taskSlack = 0, pmuSlack = 0;
        std::int64_t taskMax = INT64_MIN, pmuMax = INT64_MIN;
        std::uint64_t orphans = 0;
        std::map<std::int64_t, std::vector<std::pair<std::int64_t, double>>> pending;
        std::vector<std::pair<std::int64_t, double>> values; // (metric name id, value) of one task
        // A task row of id g was read (every task, kernel or not: it moves the window).
        void taskSeen(ImportContext &ctx, std::int64_t g);
        // The PMU values of kernel task g into `values`.
        void rowsOf(ImportContext &ctx, std::int64_t g);
        // After the last task: every row still unread or pending names no kernel task.
        void finish(ImportContext &ctx);
        void dropBelow(ImportContext &ctx, std::int64_t floor);
    };
    // Task ids may stray this far (in ids) from their order and still be merged in storage
    // order; farther, SQLite sorts the table.
    static constexpr std::int64_t kMergeWindow = 1 << 16;
    std::int64_t pmuDisorder_ = 0;
    std::string taskSql(bool kernels, bool comm, bool stored) const;
    void kernelOfRow(ImportContext &ctx, const Query &q, std::int64_t g, TaskRecord &t, PmuMerge &pmu);
    void hcclOfRow(ImportContext &ctx, const Query &q, const TaskRecord &t);
    void accountOrphanRows(ImportContext &ctx, const QString &relKernel, const QString &relComm);
    // connectionCats: the flow categories of each connection id, interned once.
    struct Category {
        StrId str = 0;
        bool hostToDevice = false;
    };
    void loadConnectionCats(ImportContext &ctx);
    void scanFrameworkConnections();
    // CONNECTION_IDS: id → the connections it names; *rows counts the rows read.
    using Connections = std::unordered_map<std::int64_t, std::vector<std::int64_t>>;
    Connections readConnectionIds(std::uint64_t *rows);
    void inferConnectionCats(ImportContext &ctx);
    const std::vector<Category> &categoriesOf(std::int64_t connection) const;
    // A connection between two framework rows (enqueue → dequeue, forward → backward)
    // starts at the earlier one: its start time, per connection id.
    bool finishesLater(std::int64_t connection, TimeNs start) const;
    void accountTable(ImportContext &ctx, const std::string &table, std::int64_t rows);
    bool readCommunicationOps(ImportContext &ctx);
    bool readCannApi(ImportContext &ctx);
    bool readPytorchApi(ImportContext &ctx);
    struct Callchains {
        std::deque<std::string> stacks;                           // distinct joined stacks
        std::unordered_map<std::int64_t, std::uint32_t> stackOf; // callchain id → its stack
        std::uint64_t rows = 0;
    };
    static Callchains joinCallchains(const QString &path, const std::unordered_map<std::int64_t, std::string> &text);
    std::future<Callchains> callchains_;
    bool readMstx(ImportContext &ctx);

    // One counter table: `sql` selects (deviceId, timestampNs, value, series suffix text).
    bool counterTable(ImportContext &ctx, const std::string &table, const std::string &sql, const char *track,
                      const std::function<std::string(const Query &)> &series, const char *unit);
    // Another column of rows counterTable has read (and accounted for): a second series.
    bool counterColumn(ImportContext &ctx, const std::string &sql, const char *track,
                       const std::function<std::string(const Query &)> &series, const char *unit);
    bool readCounters(ImportContext &ctx);
    bool readMemory(ImportContext &ctx);

    // analysis.db: the framework's own step breakdown and communication analysis.
    bool readAnalysis(ImportContext &ctx);
    bool framework_ = false;
    QString folder_, contain_, rel_, analysisPath_, version_;
    ExportDb db_, analysis_;
    std::unordered_map<std::int64_t, std::string> text_;
    std::unordered_map<std::int64_t, StrId> strIds_;
    std::unordered_map<StrId, TaskKind> kinds_;
    std::map<std::string, std::map<std::int64_t, std::string>> enums_;
    std::map<std::pair<const void *, std::int64_t>, StrId> enumStrs_;
    std::unordered_map<std::int64_t, std::vector<Category>> cats_;
    // The connections of framework rows: the first row's start (when a row has one) and
    // whether a row of API type "queue" (an enqueue) takes part.
    struct FrameworkConnection {
        TimeNs first = 0;
        bool started = false;
        bool queue = false;
    };
    std::unordered_map<std::int64_t, FrameworkConnection> frameworkConns_;
    bool catsLoaded_ = false;
    std::vector<int> pmuAt_;
    std::unordered_map<std::int64_t, int> pmuOfName_;
    std::int64_t cyclesName_ = -1;
    StepWindows steps_;
};

} // namespace npuscope::importing
