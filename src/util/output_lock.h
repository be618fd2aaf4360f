// One build at a time per output folder. Two builds into the same folder share the build
// folders in <out>/.mkcv/ (TeX's files, the precompiled preamble, the build records), so
// running them side by side made TeX fail at random with no cause shown. A build takes an
// flock on <out>/.mkcv/.lock for as long as it writes; the kernel releases it when the
// process ends, however it ends, so a killed build never leaves the folder locked.
#pragma once

#include <filesystem>
#include <iosfwd>
#include <string>

#include "util/state_folder.h"

namespace mkcv {

class OutputLock {
  public:
    enum class Status {
        Held,         // this process holds the lock until the object is destroyed
        Busy,         // another process holds it (and we were not to wait)
        Unavailable,  // the lock file cannot be opened: nothing can be written there either
        Refused       // the state folder or the lock is a link, a pipe ...: never followed
    };

    OutputLock() = default;
    OutputLock(OutputLock&& other) noexcept;
    OutputLock& operator=(OutputLock&& other) noexcept;
    OutputLock(const OutputLock&) = delete;
    OutputLock& operator=(const OutputLock&) = delete;
    ~OutputLock();

    Status status() const { return status_; }
    // The process that holds the lock (when Busy, or waited for), 0 when unknown.
    long holder() const { return holder_; }
    // Why the lock is Unavailable or Refused: the path and the reason.
    const std::string& problem() const { return problem_; }
    // When Refused: the path that is not what mkcv makes (out/.mkcv, or out/.mkcv/.lock)
    // and what it is instead.
    const UnsafePath& refused() const { return refused_; }

    // Locks `out_dir`, making it and its state folder (util/state_folder.h) when missing.
    // The state folder and the lock are opened without following a link (openat,
    // O_NOFOLLOW): a symbolic link, a pipe or a file with other hard links at either is
    // Refused, and nothing is written to it. When another process holds the lock and `wait`, says
    // so once on `log` and waits for it (polling, so signals end mkcv as usual while it waits, and
    // give_up_waiting_for_locks is seen); else returns Busy at once.
    static OutputLock acquire(const std::filesystem::path& out_dir, bool wait, std::ostream& log);

  private:
    void release();

    int fd_ = -1;
    Status status_ = Status::Unavailable;
    long holder_ = 0;
    std::string problem_;
    UnsafePath refused_;
};

// <out>/.mkcv/.lock: hidden, and never removed (removing a lock file lets a third process
// lock a new file while the second still waits on the old one).
std::filesystem::path lock_path(const std::filesystem::path& out_dir);

// Makes a waiting acquire return Busy (now, and any later one at once): mkcv watch stops
// on Ctrl-C even while it waits for another build. Async-signal-safe.
void give_up_waiting_for_locks();

// "another mkcv build in out/ (pid 123)": for the message printed while waiting and the
// error of --no-wait.
std::string describe_lock_holder(const std::filesystem::path& out_dir, long holder);

}  // namespace mkcv
