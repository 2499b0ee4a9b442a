#pragma once
// Internal to core/store: a recording's checkpoints (copying the WAL's pages into the
// project file) done beside its commits instead of inside one of them.

#include <QByteArray>

#include <condition_variable>
#include <mutex>
#include <thread>

struct sqlite3;

namespace npuscope::store::detail {

// SQLite's automatic checkpoint runs inside the commit that grows the WAL past its limit:
// that commit copies every page written since the last one into the file and syncs both,
// while the producer waits (a sixth of a ResNet-50 recording's time on this writer). This
// takes the writer's checkpoints over: after every kStep new WAL pages a thread with a
// connection of its own copies what is committed, with the writer going on meanwhile.
// A passive checkpoint that runs beside commits rarely finds the WAL fully copied, and
// only then does SQLite start the WAL from its beginning again; so once the WAL holds
// kCap pages the writer's own commit checkpoints what the thread has not yet copied (a
// little, and two syncs), which lets the next transaction restart the WAL. The WAL stays
// under about kCap pages, as with the automatic checkpoint.
class WalCheckpointer {
public:
    static constexpr int kStep = 1024; // pages (4 MiB)
    static constexpr int kCap = 8192;  // pages (32 MiB)

    WalCheckpointer() = default;
    WalCheckpointer(const WalCheckpointer &) = delete;
    WalCheckpointer &operator=(const WalCheckpointer &) = delete;
    ~WalCheckpointer() { stop(); }

    // Installs the commit hook on `writer` (a connection in WAL mode to `path`), replacing
    // its automatic checkpoint, and starts the thread. Without a thread (none could
    // start, or its connection could not open) the writer still checkpoints at kCap.
    void start(sqlite3 *writer, const QByteArray &path);
    // Waits for a running checkpoint, ends the thread, closes its connection and removes
    // the hook. Before the writer's connection closes: its close then finds itself the
    // last connection and checkpoints the rest, as a writer without this does.
    void stop();

    // Checkpoints the thread has run so far (for tests).
    int runs() const;

private:
    static int onCommit(void *self, sqlite3 *db, const char *schema, int pages);
    void run();

    QByteArray path_;
    sqlite3 *writer_ = nullptr;
    std::thread thread_;
    mutable std::mutex mutex_;
    std::condition_variable wake_;
    bool wanted_ = false;
    bool stopping_ = false;
    int runs_ = 0;
    int requestedAt_ = 0; // the WAL's size (pages) when the thread was last asked to run
};

} // namespace npuscope::store::detail
