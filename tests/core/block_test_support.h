#pragma once
// Shared by the column-block tests (test_store_hccl_blocks, test_store_task_blocks,
// test_store_session_blocks, test_store_host_blocks, test_store_op_blocks): making and
// recording batches, a codec's round trip, filling an old-schema project's row tables,
// upgrading it and reading it back, reading a session through every reader, and damaging a
// block table the ways another program or the disk would — one flipped bit inside a block
// (only our checksum can tell), or whole leaf / overflow pages overwritten.

#include "core/store/lod.h"
#include "core/store/project.h"
#include "core/store/schema.h"
#include "core/store/session_blocks.h"
#include "core/store/sql_console.h"
#include "core/store/sqlite_db.h"
#include "test_store_fixture.h"
#include "tests/test_files.h"
#include "tests/test_sql.h"

#include <QFile>
#include <QMap>
#include <QString>
#include <QTest>

#include <sqlite3.h>

#include <algorithm>
#include <functional>
#include <initializer_list>
#include <memory>
#include <random>
#include <string>
#include <tuple>
#include <type_traits>
#include <variant>
#include <vector>

namespace blocktest {

using namespace npuscope;
using namespace npuscope::store;

inline QString record(const QString &path, storetest::Generator &g, const std::vector<RecordBatch> &batches)
{
    auto w = ProjectWriter::create(path, nullptr, nullptr);
    if (!w)
        return QStringLiteral("no writer");
    const SessionInfo info = g.info();
    if (!w->begin(info))
        return w->errorString();
    for (const RecordBatch &b : batches)
        if (!w->write(b))
            return w->errorString();
    if (!w->end(SessionStatus::Complete, g.endDevices(info)))
        return w->errorString();
    return {};
}

// The column-block tests' batches: `sizes[b]` records in batch b, each added by
// add(batch, rng, base, i) with times about `base`, and extremes(batch) added to the
// second batch; each batch's `base` lies `sizes[b - 1] * 60` ns after the one before, so
// consecutive batches overlap in time as a trace file not sorted by time gives them.
template<typename Add, typename Extremes>
std::vector<RecordBatch> overlappingBatches(std::uint64_t seed, std::initializer_list<std::size_t> sizes, Add add,
                                            Extremes extremes)
{
    std::mt19937_64 rng(seed);
    std::vector<RecordBatch> out;
    TimeNs base = 1'000'000;
    for (std::size_t size : sizes) {
        RecordBatch batch;
        for (std::size_t i = 0; i < size; ++i)
            add(batch, rng, base, i);
        if (out.size() == 1)
            extremes(batch);
        out.push_back(std::move(batch));
        base += TimeNs(size) * 60;
    }
    return out;
}

// Opens the file's first session (as a cleanly closed file is) and hands its reader to
// `read`, which returns false when a read failed; false with why in `why` when opening or a
// read failed.
template<typename Read>
bool readFirstSession(const QString &path, QString *why, Read read)
{
    StoreError e{};
    auto p = Project::open(path, Project::Mode::ReadOnly, &e, why, Project::Check::Auto);
    auto reader = p ? p->session(p->sessions().front().id, why) : nullptr;
    if (!reader)
        return false;
    if (!read(*reader)) {
        *why = reader->errorString();
        return false;
    }
    return true;
}

// Reads every iteration of the session through the reader's `forEach` (forEachTask,
// forEachHcclTask); why the first read that failed did, empty when all read.
template<typename ForEach>
QString readIterations(const ProjectReader &reader, ForEach forEach)
{
    for (const IterationKey &k : reader.iterations())
        if (!(reader.*forEach)(k, [](const auto &) { return true; }))
            return reader.errorString();
    return {};
}

// One value of a row inserted into an old-schema table: a floating-point value binds as
// REAL, any other as INTEGER.
struct SqlValue {
    template<typename T>
        requires std::is_arithmetic_v<T>
    SqlValue(T v)
    {
        if constexpr (std::is_floating_point_v<T>)
            value = double(v);
        else
            value = std::int64_t(v);
    }
    std::variant<std::int64_t, double> value;
};

// Binds `values` to ?1, ?2, … of the INSERT `s`, steps it and resets it for the next row;
// what the step returned (SQLITE_DONE when the row went in).
inline int insertRow(sqlite3_stmt *s, std::initializer_list<SqlValue> values)
{
    int i = 0;
    for (const SqlValue &v : values) {
        ++i;
        if (const auto *d = std::get_if<double>(&v.value))
            sqlite3_bind_double(s, i, *d);
        else
            sqlite3_bind_int64(s, i, std::get<std::int64_t>(v.value));
    }
    const int rc = sqlite3_step(s);
    sqlite3_reset(s);
    return rc;
}

// Records the round-trip tests' session of `g` into `path`: model 1's iterations 1-3 and
// 4-5 in two batches with model 7's 1-2 between them. Why it failed, empty when it did not.
inline QString recordRoundTrip(const QString &path, storetest::Generator &g)
{
    return record(path, g, {g.batch(1, 1, 3), g.batch(7, 1, 2), g.batch(1, 4, 2)});
}

// Flips one bit in the middle of the data of block `id` of `table`.
inline bool flipBlockByte(const QString &path, const char *table, std::int64_t id)
{
    sqlite3 *db = nullptr;
    bool ok = false;
    if (sqlite3_open_v2(QFile::encodeName(path).constData(), &db, SQLITE_OPEN_READWRITE, nullptr) == SQLITE_OK) {
        sqlite3_stmt *s = nullptr;
        std::vector<unsigned char> data;
        const std::string select = std::string("SELECT data FROM ") + table + " WHERE id = ?1";
        if (sqlite3_prepare_v2(db, select.c_str(), -1, &s, nullptr) == SQLITE_OK) {
            sqlite3_bind_int64(s, 1, id);
            if (sqlite3_step(s) == SQLITE_ROW) {
                const auto *p = static_cast<const unsigned char *>(sqlite3_column_blob(s, 0));
                data.assign(p, p + sqlite3_column_bytes(s, 0));
            }
        }
        sqlite3_finalize(s);
        if (data.size() > 8) {
            data[data.size() / 2] ^= 0x10;
            const std::string update = std::string("UPDATE ") + table + " SET data = ?2 WHERE id = ?1";
            if (sqlite3_prepare_v2(db, update.c_str(), -1, &s, nullptr) == SQLITE_OK) {
                sqlite3_bind_int64(s, 1, id);
                sqlite3_bind_blob(s, 2, data.data(), int(data.size()), SQLITE_TRANSIENT);
                ok = sqlite3_step(s) == SQLITE_DONE && sqlite3_changes(db) == 1;
            }
            sqlite3_finalize(s);
        }
    }
    sqlite3_close(db);
    return ok;
}

// The ways the damage tests hurt a block table: whole leaf pages overwritten, one overflow
// page overwritten, one bit flipped inside a block (the pages stay well-formed).
inline void addDamageRows()
{
    QTest::addColumn<QString>("damage");
    QTest::newRow("leaf pages") << "leaf";
    QTest::newRow("overflow page") << "overflow";
    QTest::newRow("one bit in a block") << "bit";
}

// Does `damage` (a row of addDamageRows) to `table` of the file; false when it could not.
inline bool damageBlocks(const QString &path, const char *table, const QString &damage)
{
    if (damage == QLatin1String("bit")) {
        const std::string maxId = std::string("SELECT MAX(id) FROM ") + table;
        return flipBlockByte(path, table, testsql::scalar(path, maxId.c_str()) / 2 + 1);
    }
    int pageSize = 0;
    const std::vector<qint64> pages =
        testfiles::pagesOf(path, table, damage == QLatin1String("leaf") ? "leaf" : "overflow", &pageSize);
    if (pages.size() < 3) {
        qWarning("only %zu %s pages of %s", pages.size(), qPrintable(damage), table);
        return false;
    }
    return testfiles::overwritePages(path, {pages[pages.size() / 2]}, pageSize);
}

inline bool saysDamaged(const QString &why)
{
    return why.contains(QStringLiteral("damaged")) || why.contains(QStringLiteral("malformed"));
}

// Every row `sql` gives through the SQL console (opened as a cleanly closed file is), a text
// a row, sorted unless `sorted` is false; {"failed"} with why in `why` when it failed.
inline std::vector<QString> consoleRows(const QString &path, const QString &sql, QString *why, bool sorted = true)
{
    SqlConsole c;
    SqlConsole::Result res;
    std::vector<QString> out;
    if (!c.open(path, why, Project::Check::Auto) || !c.run(sql, &res, why))
        return {QStringLiteral("failed")};
    for (const QVariantList &row : res.rows) {
        QStringList cells;
        for (const QVariant &v : row)
            cells << v.toString();
        out.push_back(cells.join(QLatin1Char(' ')));
    }
    if (sorted)
        std::sort(out.begin(), out.end());
    return out;
}

// Records `batches` and does `damage` (a row of addDamageRows) to `table`; false when the
// file has no page of that kind to damage, or (a test failure) recording failed.
inline bool recordAndDamage(const QString &path, storetest::Generator &g, const std::vector<RecordBatch> &batches,
                            const char *table, const QString &damage)
{
    const QString why = record(path, g, batches);
    if (!why.isEmpty()) {
        QTest::qFail(qPrintable(why), __FILE__, __LINE__);
        return false;
    }
    return damageBlocks(path, table, damage);
}

// `sql` over a damaged block table fails in the SQL console, saying the file is damaged.
inline void expectConsoleSaysDamaged(const QString &path, const QString &sql)
{
    QString why;
    QCOMPARE(consoleRows(path, sql, &why), std::vector<QString>{QStringLiteral("failed")});
    QVERIFY2(saysDamaged(why), qPrintable(why));
}

// For each (block table, console query over its plain rows) of `tables`: records
// `batches` into a file of `dir`, does `damage` (a row of addDamageRows) to the table and
// checks that readWhy(path) — why the session's readers failed, empty when they read it —
// and the console's query say the file is damaged; more(path, table), when given, checks
// further readers. Skips the test when the file has no page of that kind.
inline void expectDamagedTablesFail(const QString &dir, const std::vector<RecordBatch> &batches, const QString &damage,
                                    std::initializer_list<std::pair<const char *, const char *>> tables,
                                    const std::function<QString(const QString &)> &readWhy,
                                    const std::function<void(const QString &, const char *)> &more = {})
{
    for (const auto &[table, consoleSql] : tables) {
        const QString path = dir + QStringLiteral("/damaged-%1-%2.npuscope").arg(damage, QLatin1String(table));
        storetest::Generator g(5, 2);
        if (!recordAndDamage(path, g, batches, table, damage)) {
            QVERIFY(!QTest::currentTestFailed());
            QSKIP("no page of that kind to damage");
        }
        const QString why = readWhy(path);
        QVERIFY2(!why.isEmpty(), table);
        QVERIFY2(saysDamaged(why), qPrintable(why));
        expectConsoleSaysDamaged(path, QString::fromLatin1(consoleSql));
        QVERIFY(!QTest::currentTestFailed());
        if (more) {
            more(path, table);
            QVERIFY(!QTest::currentTestFailed());
        }
    }
}

// What the readers of one block table made of session 1: which reads were tried, and why
// each that failed did.
struct Reads {
    QStringList readers;
    QMap<QString, QString> failed; // reader -> why
    StoreError consoleError = StoreError::None;
};

// Reads session 1 of `path` through the project reader (`readSession` does the reads named
// `sessionReads` and records why each that failed did), the timeline store's scan and the
// SQL console's `consoleSql`.
inline Reads readEverything(const QString &path, const QStringList &sessionReads,
                            const std::function<void(ProjectReader &, Reads &)> &readSession,
                            const std::function<bool(const TimelineStore &)> &scanTimeline, const QString &consoleSql)
{
    Reads r;
    r.readers = sessionReads + QStringList{QStringLiteral("timeline"), QStringLiteral("console")};
    StoreError e{};
    QString m;
    auto p = Project::open(path, Project::Mode::ReadOnly, &e, &m, Project::Check::Auto);
    if (!p) {
        for (const QString &reader : r.readers)
            r.failed[reader] = m;
        return r;
    }
    if (auto reader = p->session(1, &m); !reader) {
        for (const QString &read : sessionReads)
            r.failed[read] = m;
    } else {
        readSession(*reader, r);
    }
    auto t = TimelineStore::open(path, 1, &e, &m);
    if (!t)
        r.failed[QStringLiteral("timeline")] = m;
    else if (!scanTimeline(*t))
        r.failed[QStringLiteral("timeline")] = t->errorString();
    SqlConsole c;
    SqlConsole::Result res;
    // Opened as a cleanly closed file is (no page scan: the default Full check would find
    // damaged pages at open), so the query is what meets the damage.
    if (!c.open(path, &m, Project::Check::Auto) || !c.run(consoleSql, &res, &m)) {
        r.failed[QStringLiteral("console")] = m;
        r.consoleError = c.lastError();
    }
    return r;
}

// Records a two-device session into a file of `dir`, checks that every reader reads it,
// does `damage` (a row of addDamageRows) to `table` and checks that every reader then fails
// saying so. The session is oversized(g) for damage to an overflow page (blocks larger
// than a page), else 200 iterations of model 1 in batches of 20, 4 tasks an iteration:
// many small blocks, so the table spans enough leaf pages to damage one in the middle.
inline void expectDamageIsAReadError(const QString &dir, const QString &damage, const char *table,
                                     const std::function<RecordBatch(storetest::Generator &)> &oversized,
                                     const std::function<Reads(const QString &)> &read)
{
    const QString path = dir + QStringLiteral("/damaged-%1.npuscope").arg(damage);
    storetest::Generator g(9, 2);
    std::vector<RecordBatch> batches;
    if (damage == QLatin1String("overflow")) {
        batches.push_back(oversized(g));
    } else {
        for (std::uint32_t it = 1; it <= 200; it += 20)
            batches.push_back(g.batch(1, it, 20, 4));
    }
    const QString why = record(path, g, batches);
    QVERIFY2(why.isEmpty(), qPrintable(why));
    const Reads intact = read(path);
    QVERIFY2(intact.failed.isEmpty(), qPrintable(QStringList(intact.failed.values()).join(u'\n')));

    QVERIFY(damageBlocks(path, table, damage));
    const Reads r = read(path);
    for (const QString &reader : r.readers) {
        QVERIFY2(r.failed.contains(reader), qPrintable(reader + QStringLiteral(" read the damaged blocks")));
        QVERIFY2(saysDamaged(r.failed[reader]), qPrintable(reader + QStringLiteral(": ") + r.failed[reader]));
    }
    QCOMPARE(r.consoleError, StoreError::Corrupt);
}

// A block codec's round trip: encode(records) decodes (decode(data, size, key..., &out))
// to the same records field for field, each as asKeyed leaves a copy of it (the fields the
// block's key stands for set to that key); every `cutStep`-th truncation and the one a byte
// short, and a flip of `flip` at the first, second, a third, half and the last byte and of
// the last byte's lowest bit (the CRC itself) are refused and leave the output as it was.
template<typename Rec, typename Decode, typename... Key>
void expectCodecRoundTrips(const std::vector<const Rec *> &records,
                           void (*encode)(const Rec *const *, std::size_t, std::vector<unsigned char> *), Decode decode,
                           const std::tuple<Key...> &key, QString (*fields)(const std::type_identity_t<Rec> &),
                           std::size_t cutStep, unsigned char flip,
                           const std::function<void(std::type_identity_t<Rec> &)> &asKeyed = {})
{
    const auto decodes = [&](const unsigned char *data, std::size_t size, std::vector<Rec> *out) {
        return std::apply([&](const Key &...k) { return decode(data, size, k..., out); }, key);
    };
    std::vector<unsigned char> block;
    encode(records.data(), records.size(), &block);
    std::vector<Rec> back;
    QVERIFY(decodes(block.data(), block.size(), &back));
    QCOMPARE(back.size(), records.size());
    for (std::size_t i = 0; i < records.size(); ++i) {
        Rec want = *records[i];
        if (asKeyed)
            asKeyed(want);
        QCOMPARE(fields(back[i]), fields(want));
    }
    for (std::size_t cut = 0; cut < block.size(); cut += cutStep)
        QVERIFY2(!decodes(block.data(), cut, &back), qPrintable(QStringLiteral("cut at %1").arg(cut)));
    QVERIFY(!decodes(block.data(), block.size() - 1, &back));
    const std::pair<std::size_t, unsigned char> flips[] = {{0, flip},
                                                           {1, flip},
                                                           {block.size() / 3, flip},
                                                           {block.size() / 2, flip},
                                                           {block.size() - 1, flip},
                                                           {block.size() - 1, 1}};
    for (const auto &[at, mask] : flips) {
        std::vector<unsigned char> bad = block;
        bad[at] ^= mask;
        QVERIFY2(!decodes(bad.data(), bad.size(), &back), qPrintable(QStringLiteral("flip %1 at %2").arg(mask).arg(at)));
    }
    QCOMPARE(back.size(), records.size());
}

// Records in the order the reader's forEachTask / forEachHcclTask give them: by start,
// stream and task id, ties in recorded order.
template<typename Rec>
std::vector<Rec> inReaderOrder(std::vector<Rec> records)
{
    std::stable_sort(records.begin(), records.end(), storetest::Generator::byStartStreamTask);
    return records;
}

// The records of `list` in every batch that `keep` accepts, stable-sorted by `less` (ties
// in recorded order, as the row-table readers gave them), each as `fields` prints it.
template<typename Rec, typename Keep, typename Less>
std::vector<QString> expectedFields(const std::vector<RecordBatch> &batches, std::vector<Rec> RecordBatch::*list,
                                    Keep keep, Less less, QString (*fields)(const std::type_identity_t<Rec> &))
{
    std::vector<Rec> all;
    for (const RecordBatch &b : batches)
        for (const Rec &r : b.*list)
            if (keep(r))
                all.push_back(r);
    std::stable_sort(all.begin(), all.end(), less);
    std::vector<QString> out;
    for (const Rec &r : all)
        out.push_back(fields(r));
    return out;
}

// Each record's fields as `fields` prints them, sorted: a session's records as a set.
template<typename Rec>
std::vector<QString> sortedFields(const std::vector<Rec> &records, QString (*fields)(const std::type_identity_t<Rec> &))
{
    std::vector<QString> out;
    for (const Rec &r : records)
        out.push_back(fields(r));
    std::sort(out.begin(), out.end());
    return out;
}

// Runs each query of `counts` in the console and checks that the first value of its first
// row is the count given with it.
inline void expectConsoleCounts(SqlConsole &c, std::initializer_list<std::pair<QString, std::int64_t>> counts)
{
    SqlConsole::Result res;
    QString why;
    for (const auto &[sql, n] : counts) {
        QVERIFY2(c.run(sql, &res, &why), qPrintable(sql + QStringLiteral(": ") + why));
        QCOMPARE(res.rows.at(0).at(0).toLongLong(), n);
    }
}

// Batch (1, 1, 1) of `g` with its `list` records replaced by `n` copies of the first, the
// i-th changed by vary(record, i): one iteration as large as a test needs.
template<typename Rec, typename Vary>
RecordBatch copiesOfFirst(storetest::Generator &g, std::vector<Rec> RecordBatch::*list, std::size_t n, Vary vary)
{
    RecordBatch b = g.batch(1, 1, 1);
    const Rec proto = (b.*list).front();
    (b.*list).clear();
    for (std::size_t i = 0; i < n; ++i) {
        Rec r = proto;
        vary(r, i);
        (b.*list).push_back(r);
    }
    return b;
}

// Records the one batch `b`, whose `list` holds more than two blocks' worth of records of
// iteration (0, 1, 1), and checks that `table` keeps them in three blocks of at most
// `blockMax` and that the reader's `forEach` gives them in reader order (told apart by `id`).
template<typename Rec, typename ForEach, typename Id>
void expectSplitKeepsOrder(const QString &path, storetest::Generator &g, const RecordBatch &b,
                           std::vector<Rec> RecordBatch::*list, const char *table, std::size_t blockMax, ForEach forEach,
                           Id Rec::*id)
{
    QString why = record(path, g, {b});
    QVERIFY2(why.isEmpty(), qPrintable(why));
    const std::string blocks = std::string("SELECT COUNT(*) FROM ") + table;
    const std::string largest = std::string("SELECT MAX(n) FROM ") + table;
    QCOMPARE(testsql::scalar(path, blocks.c_str()), std::int64_t(3));
    QCOMPARE(testsql::scalar(path, largest.c_str()), std::int64_t(blockMax));

    std::vector<Id> want, got;
    for (const Rec &x : inReaderOrder(b.*list))
        want.push_back(x.*id);
    auto p = Project::open(path, Project::Mode::ReadOnly, nullptr, &why);
    QVERIFY2(p, qPrintable(why));
    auto r = p->session(1, &why);
    QVERIFY2(r, qPrintable(why));
    QVERIFY2(((*r).*forEach)(IterationKey{0, 1, 1}, [&got, id](const Rec &x) {
        got.push_back(x.*id);
        return true;
    }), qPrintable(r->errorString()));
    QCOMPARE(got.size(), want.size());
    for (std::size_t i = 0; i < got.size(); ++i)
        QCOMPARE(got[i], want[i]);
}

// The recorded `batches`' `list` records are all in `blockTable` (the kind `kind` of
// record_counts, whose row table of that name is gone), the largest block full at
// `blockMax`.
template<typename Rec>
void expectStoredAsBlocks(const QString &path, const std::vector<RecordBatch> &batches, std::vector<Rec> RecordBatch::*list,
                          const char *blockTable, const char *kind, std::size_t blockMax)
{
    std::int64_t n = 0;
    for (const RecordBatch &b : batches)
        n += std::int64_t((b.*list).size());
    const std::string sum = std::string("SELECT SUM(n) FROM ") + blockTable;
    const std::string largest = std::string("SELECT MAX(n) FROM ") + blockTable;
    const std::string rowTable = std::string("SELECT COUNT(*) FROM sqlite_master WHERE tbl_name = '") + kind + "'";
    const std::string counted = std::string("SELECT n FROM record_counts WHERE kind = '") + kind + "'";
    QCOMPARE(testsql::scalar(path, sum.c_str()), n);
    QCOMPARE(testsql::scalar(path, largest.c_str()), std::int64_t(blockMax));
    QCOMPARE(testsql::scalar(path, rowTable.c_str()), std::int64_t(0));
    QCOMPARE(testsql::scalar(path, counted.c_str()), n);
}

// A block kind's records in a batch and where the store keeps them: its block table and
// its record_counts kind (the name of the row table the blocks replaced).
template<typename Rec>
struct Stored {
    std::vector<Rec> RecordBatch::*list;
    const char *blockTable;
    const char *kind;
};

// Records `batches` as the one session (three iterations, two devices) of a new project
// at `path`, then checks each of `kinds` as expectStoredAsBlocks does, every largest block
// full.
template<typename... Rec>
void expectRecordedAsBlocks(const QString &path, const std::vector<RecordBatch> &batches, const Stored<Rec> &...kinds)
{
    storetest::Generator g(3, 2);
    const QString why = record(path, g, batches);
    QVERIFY2(why.isEmpty(), qPrintable(why));
    (expectStoredAsBlocks(path, batches, kinds.list, kinds.blockTable, kinds.kind, detail::kSessionBlockMax), ...);
}

// A new project file at schema `version` with one session of two devices, in an open
// transaction on `db`, for a test to fill that version's row tables and upgrade.
inline bool oldProject(const QString &path, int version, detail::Db *db)
{
    sqlite3 *raw = nullptr;
    if (sqlite3_open_v2(QFile::encodeName(path).constData(), &raw, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr)
        != SQLITE_OK) {
        sqlite3_close(raw);
        return false;
    }
    db->reset(raw);
    QString failed;
    return detail::migrate(*db, 0, &failed, version) == SQLITE_OK
           && db->exec("INSERT INTO sessions(name, source, spec_json, options_json, seed, app_version, started_wall_us, "
                       "ended_wall_us, status) VALUES('old', 'import', '{}', '{}', 0, '0.6', 1, 2, 'complete');"
                       "INSERT INTO devices(session, id, rank_id, host_pid, hostname, monotonic_begin, monotonic_end, "
                       "wall_begin_us, wall_end_us, ai_core_num, ai_cpu_num, aic_freq, hwts_freq) VALUES "
                       "(1, 0, 0, 1, 'h', 0, 0, 0, 0, 0, 0, 0, 0), (1, 1, 1, 1, 'h', 0, 0, 0, 0, 0, 0, 0, 0);"
                       "BEGIN")
                  == SQLITE_OK;
}

// The first column of every row `sql` gives on the file (plain SQLite), as text.
inline std::vector<QString> firstColumn(const QString &path, const char *sql)
{
    std::vector<QString> out;
    sqlite3 *db = testsql::open(path);
    sqlite3_stmt *s = nullptr;
    sqlite3_prepare_v2(db, sql, -1, &s, nullptr);
    while (s && sqlite3_step(s) == SQLITE_ROW)
        out.push_back(QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_column_text(s, 0))));
    sqlite3_finalize(s);
    sqlite3_close(db);
    return out;
}

// SQLite's quote() of a double: values read back from blocks compare with what SQL printed
// for the old row tables.
class SqlQuote {
public:
    SqlQuote()
    {
        sqlite3_open(":memory:", &db_);
        sqlite3_prepare_v2(db_, "SELECT quote(?1)", -1, &q_, nullptr);
    }
    ~SqlQuote()
    {
        sqlite3_finalize(q_);
        sqlite3_close(db_);
    }
    SqlQuote(const SqlQuote &) = delete;
    SqlQuote &operator=(const SqlQuote &) = delete;
    QString operator()(double v) const
    {
        sqlite3_reset(q_);
        sqlite3_bind_double(q_, 1, v);
        sqlite3_step(q_);
        return QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_column_text(q_, 0)));
    }

private:
    sqlite3 *db_ = nullptr;
    sqlite3_stmt *q_ = nullptr;
};

// An old-schema project upgraded in place, then its session 1 opened for reading.
struct Upgraded {
    UpgradeResult up;
    std::unique_ptr<Project> project;
    std::unique_ptr<ProjectReader> reader; // null when a step failed: `why` says which
    QString why;
};

inline Upgraded upgradeAndOpen(const QString &path)
{
    Upgraded u;
    StoreError err = StoreError::None;
    if (!Project::upgrade(path, &u.up, &err, &u.why))
        return u;
    u.project = Project::open(path, Project::Mode::ReadOnly, &err, &u.why);
    if (u.project)
        u.reader = u.project->session(1, &u.why);
    return u;
}

// Upgrades the schema-`version` project at `path` in place and opens its session 1 into
// `u`, checking that the file was at `version` and went to the current schema, that the row
// tables `rowTables` (an SQL list: 'a', 'b') are gone and that each block table of `blocks`
// holds as many records as given with it.
inline void expectUpgradedToBlocks(const QString &path, int version, const char *rowTables,
                                   std::initializer_list<std::pair<const char *, std::size_t>> blocks, Upgraded *u)
{
    QCOMPARE(testsql::scalar(path, "PRAGMA user_version"), std::int64_t(version));
    *u = upgradeAndOpen(path);
    QVERIFY2(u->reader, qPrintable(u->why));
    QCOMPARE(u->up.fromVersion, version);
    QCOMPARE(u->up.toVersion, kSchemaVersion);
    const std::string gone = std::string("SELECT COUNT(*) FROM sqlite_master WHERE tbl_name IN (") + rowTables + ")";
    QCOMPARE(testsql::scalar(path, gone.c_str()), std::int64_t(0));
    for (const auto &[table, n] : blocks) {
        const std::string sum = std::string("SELECT SUM(n) FROM ") + table;
        QCOMPARE(testsql::scalar(path, sum.c_str()), std::int64_t(n));
    }
}

} // namespace blocktest
