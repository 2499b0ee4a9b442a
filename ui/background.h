#pragma once
// Work the GUI hands off and never waits for: closing a project connection (the last one
// to close folds the -wal back into the file, an fsync), freeing a session's model (a
// 10 M-task timeline is gigabytes of pages to unmap), writing the settings file (fsync).
// Each of them took the GUI thread past 100 ms at times (npuscope-bench gui).
//
// One low-priority worker runs the jobs in order. At exit the jobs already handed off
// still run before the application object is gone, so every file is left at rest.

#include <functional>
#include <memory>
#include <utility>

namespace npuscope::ui {

// Runs fn on the background worker (inline when there is no QCoreApplication).
void runInBackground(std::function<void()> fn);

// Destroys what `owner` (a unique_ptr or shared_ptr) holds on the background worker; a
// shared_ptr others still hold simply loses one owner there.
template <class Owner>
void releaseInBackground(Owner owner)
{
    if (!owner)
        return;
    auto holder = std::make_shared<Owner>(std::move(owner));
    runInBackground([holder] { holder->reset(); });
}

// Processes events until every job handed off so far has run or msecs pass (tests and the
// benchmark: a test that reads a file the GUI closed waits for the close).
bool waitForBackground(int msecs);

} // namespace npuscope::ui
