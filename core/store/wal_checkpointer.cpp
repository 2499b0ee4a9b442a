#include "core/store/wal_checkpointer.h"

#include "core/store/sqlite_db.h"

#include <sqlite3.h>

#include <system_error>

namespace npuscope::store::detail {

void WalCheckpointer::start(sqlite3 *writer, const QByteArray &path)
{
    stop();
    writer_ = writer;
    path_ = path;
    requestedAt_ = 0;
    stopping_ = false;
    wanted_ = false;
    sqlite3_wal_hook(writer_, &WalCheckpointer::onCommit, this);
    try {
        thread_ = std::thread([this] { run(); });
    } catch (const std::system_error &) {
        // No thread: the writer's own commits checkpoint at kCap.
    }
}

void WalCheckpointer::stop()
{
    if (writer_)
        sqlite3_wal_hook(writer_, nullptr, nullptr);
    writer_ = nullptr;
    if (thread_.joinable()) {
        {
            std::lock_guard lock(mutex_);
            stopping_ = true;
        }
        wake_.notify_one();
        thread_.join();
    }
}

int WalCheckpointer::runs() const
{
    std::lock_guard lock(mutex_);
    return runs_;
}

int WalCheckpointer::onCommit(void *self, sqlite3 *db, const char *schema, int pages)
{
    auto *c = static_cast<WalCheckpointer *>(self);
    if (pages >= kCap) {
        // Busy when the thread is copying right now: the next commit tries again.
        sqlite3_wal_checkpoint_v2(db, schema, SQLITE_CHECKPOINT_PASSIVE, nullptr, nullptr);
        return SQLITE_OK; // a checkpoint that could not run is no error of the commit
    }
    if (pages < c->requestedAt_) // the WAL started over
        c->requestedAt_ = 0;
    if (pages - c->requestedAt_ >= kStep) {
        c->requestedAt_ = pages;
        {
            std::lock_guard lock(c->mutex_);
            c->wanted_ = true;
        }
        c->wake_.notify_one();
    }
    return SQLITE_OK;
}

void WalCheckpointer::run()
{
    sqlite3 *db = openSideConnection(path_);
    // The connection finds the file in WAL mode (and opens the WAL) on its first read;
    // until then a checkpoint does nothing.
    const bool open = db && sqlite3_exec(db, "PRAGMA schema_version", nullptr, nullptr, nullptr) == SQLITE_OK;
    for (;;) {
        std::unique_lock lock(mutex_);
        wake_.wait(lock, [this] { return wanted_ || stopping_; });
        if (stopping_)
            break;
        wanted_ = false;
        lock.unlock();
        // Passive: never waits for the writer, and the writer never waits for it. A
        // failure (disk full, I/O) leaves the pages in the WAL, where readers find them
        // and the writer's last close copies them.
        if (open)
            sqlite3_wal_checkpoint_v2(db, nullptr, SQLITE_CHECKPOINT_PASSIVE, nullptr, nullptr);
        lock.lock();
        ++runs_;
    }
    sqlite3_close_v2(db);
}

} // namespace npuscope::store::detail
