// writeBlocks, the one block writer of every record kind: blocks are encoded by this
// thread and a helper, taken one at a time, and inserted in key order whoever encoded
// them; `alongside` work has finished when it returns; an encoder that throws or an
// insert that fails ends the call without a hang and without a block out of order.
#include "core/store/block_tables.h"

#include <QtTest>

#include <sqlite3.h>

#include <atomic>
#include <cstring>
#include <stdexcept>
#include <thread>
#include <vector>

using namespace npuscope;
using namespace npuscope::store::detail;

namespace {

struct Rec {
    std::uint32_t key = 0;
    std::uint32_t value = 0;
    TimeNs ts = 0;
};

// The encoder's faults: the key whose block throws (0: none), or any block the helper
// takes (the thread that is not `caller`).
std::atomic<std::uint32_t> throwOnKey{0};
std::atomic<bool> throwOnHelper{false};
std::thread::id caller;
std::atomic<int> encoded{0};

// Four bytes per record (its value), plus filler that compresses: blocks above compressBlock's
// lower limit go through zstd as real ones do.
void encodeRecs(const Rec *const *recs, std::size_t n, std::vector<unsigned char> *out)
{
    // Slow enough that the helper, however late it starts, takes its share.
    std::this_thread::sleep_for(std::chrono::microseconds(50));
    if ((n > 0 && recs[0]->key == throwOnKey.load()) || (throwOnHelper && std::this_thread::get_id() != caller))
        throw std::runtime_error("encoder failed");
    out->assign(n * 4 + 64, 0x5a);
    for (std::size_t i = 0; i < n; ++i)
        std::memcpy(out->data() + 4 * i, &recs[i]->value, 4);
    encoded.fetch_add(1);
}

std::uint32_t keyOf(const Rec &r) { return r.key; }

struct Table {
    sqlite3 *db = nullptr;
    sqlite3_stmt *insert = nullptr;
    explicit Table(const char *check = "1")
    {
        sqlite3_open(":memory:", &db);
        const std::string ddl = std::string("CREATE TABLE b(id INTEGER PRIMARY KEY, session INTEGER, key INTEGER, "
                                            "first INTEGER, last INTEGER, n INTEGER, data BLOB, CHECK(")
                                + check + "))";
        sqlite3_exec(db, ddl.c_str(), nullptr, nullptr, nullptr);
        sqlite3_prepare_v2(db, "INSERT INTO b(session, key, first, last, n, data) VALUES(?1,?2,?3,?4,?5,?6)", -1,
                           &insert, nullptr);
    }
    ~Table()
    {
        sqlite3_finalize(insert);
        sqlite3_close(db);
    }
    // Every stored block as (key, values), in insert order.
    std::vector<std::pair<std::uint32_t, std::vector<std::uint32_t>>> blocks() const
    {
        std::vector<std::pair<std::uint32_t, std::vector<std::uint32_t>>> out;
        sqlite3_stmt *s = nullptr;
        sqlite3_prepare_v2(db, "SELECT key, n, data FROM b ORDER BY id", -1, &s, nullptr);
        while (sqlite3_step(s) == SQLITE_ROW) {
            const auto n = std::size_t(sqlite3_column_int64(s, 1));
            const auto [data, size] = unwrapBlock(static_cast<const unsigned char *>(sqlite3_column_blob(s, 2)),
                                                  std::size_t(sqlite3_column_bytes(s, 2)));
            std::vector<std::uint32_t> values(n);
            if (data && size == n * 4 + 64)
                std::memcpy(values.data(), data, n * 4);
            else
                values.clear(); // a damaged block: the comparison below fails
            out.push_back({std::uint32_t(sqlite3_column_int64(s, 0)), values});
        }
        sqlite3_finalize(s);
        return out;
    }
};

// `n` records over `keys` keys, round robin: each key's records are spread through the
// batch, as a step's streams are.
std::vector<Rec> records(int n, std::uint32_t keys)
{
    std::vector<Rec> recs;
    for (int i = 0; i < n; ++i)
        recs.push_back({1 + std::uint32_t(i) % keys, std::uint32_t(i), TimeNs(i)});
    return recs;
}

int write(Table &t, const std::vector<Rec> &recs, std::size_t max, const std::function<void()> &alongside = {})
{
    return writeBlocks(t.insert, 7, recs, max, keyOf, encodeRecs, instantSpan<Rec>, alongside);
}

// Whether writing a batch into `t` ended with the encoder's exception.
bool encoderFailed(Table &t)
{
    try {
        write(t, records(20000, 37), 100);
    } catch (const std::runtime_error &e) {
        return QByteArray(e.what()) == "encoder failed";
    }
    return false;
}

} // namespace

class StoreWriteBlocksTest : public QObject {
    Q_OBJECT

private slots:
    void init()
    {
        caller = std::this_thread::get_id();
        throwOnHelper = false;
        throwOnKey = 0;
        encoded = 0;
    }

    // Blocks land in key order, a key's records in recorded order, split at `max`, however
    // the two threads shared the encoding; `alongside` ran once, before the call returned.
    void blocksInKeyOrderWithTheWorkAlongside()
    {
        Table t;
        const std::vector<Rec> recs = records(20000, 37);
        std::atomic<int> along{0};
        QCOMPARE(write(t, recs, 100, [&] {
                     std::this_thread::sleep_for(std::chrono::milliseconds(20)); // the helper starts late
                     along.fetch_add(1);
                 }),
                 SQLITE_OK);
        QCOMPARE(along.load(), 1);
        const auto blocks = t.blocks();
        // 20 000 / 37 = 540 or 541 records per key: six blocks each.
        QCOMPARE(blocks.size(), std::size_t(37 * 6));
        QCOMPARE(encoded.load(), 37 * 6);
        std::size_t b = 0;
        for (std::uint32_t key = 1; key <= 37; ++key) {
            std::vector<std::uint32_t> got;
            for (int part = 0; part < 6; ++part, ++b) {
                QCOMPARE(blocks[b].first, key);
                QVERIFY(blocks[b].second.size() == 100 || part == 5);
                got.insert(got.end(), blocks[b].second.begin(), blocks[b].second.end());
            }
            std::vector<std::uint32_t> want;
            for (std::uint32_t v = key - 1; v < 20000; v += 37)
                want.push_back(v);
            QCOMPARE(got, want);
        }
    }

    // Too few records for a helper: the work alongside runs here, before the blocks; with
    // no records at all it still runs.
    void alongsideRunsWithoutAHelper()
    {
        for (const int n : {0, 10}) {
            Table t;
            const std::thread::id self = std::this_thread::get_id();
            std::thread::id ranOn;
            int encodedBefore = -1;
            QCOMPARE(write(t, records(n, 3), 100, [&] {
                         ranOn = std::this_thread::get_id();
                         encodedBefore = encoded.load();
                     }),
                     SQLITE_OK);
            QVERIFY(ranOn == self);
            QCOMPARE(encodedBefore, 0);
            QCOMPARE(t.blocks().size(), std::size_t(n == 0 ? 0 : 3));
        }
    }

    // An encoder that throws, on whichever thread took that block, ends the call with its
    // exception: no wait for a block that nobody finishes.
    void anEncoderFailureIsRethrown()
    {
        for (const std::uint32_t bad : {1u, 2u, 20u, 37u}) {
            init();
            throwOnKey = bad;
            Table t;
            QVERIFY2(encoderFailed(t), qPrintable(QStringLiteral("key %1").arg(bad)));
            // Only blocks before the failed one were inserted, in order.
            const auto blocks = t.blocks();
            for (std::size_t b = 0; b < blocks.size(); ++b)
                QVERIFY(blocks[b].first < bad && (b == 0 || blocks[b - 1].first <= blocks[b].first));
        }
        // The helper's first block fails: this thread, which inserts in order, reaches it
        // and must not wait for it.
        init();
        throwOnHelper = true;
        Table t;
        QVERIFY(encoderFailed(t));
        QVERIFY(t.blocks().size() < std::size_t(37 * 6));
    }

    // An insert that fails returns its code; nothing after it is inserted, and the helper
    // was joined (the records it reads are gone when the caller returns).
    void aFailedInsertStopsTheBlocks()
    {
        Table t("key <> 5");
        std::atomic<int> along{0};
        const int rc = write(t, records(20000, 37), 100, [&] { along.fetch_add(1); });
        QCOMPARE(rc, SQLITE_CONSTRAINT);
        QCOMPARE(along.load(), 1);
        const auto blocks = t.blocks();
        QCOMPARE(blocks.size(), std::size_t(4 * 6));
        QCOMPARE(blocks.back().first, 4u);
    }
};

QTEST_GUILESS_MAIN(StoreWriteBlocksTest)
#include "test_store_write_blocks.moc"
