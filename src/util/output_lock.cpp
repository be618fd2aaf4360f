#include "util/output_lock.h"

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <ostream>
#include <string>
#include <thread>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

namespace fs = std::filesystem;

namespace mkcv {
namespace {

std::atomic<bool> giving_up{false};
static_assert(std::atomic<bool>::is_always_lock_free);  // set from a signal handler

// The holder writes its pid into the lock file, for the message of the one that waits.
long read_holder(int fd) {
    char buffer[32] = {};
    const ssize_t n = ::pread(fd, buffer, sizeof buffer - 1, 0);
    if (n <= 0)
        return 0;
    const long pid = std::strtol(buffer, nullptr, 10);
    return pid > 0 ? pid : 0;
}

void write_holder(int fd) {
    const std::string pid = std::to_string(::getpid()) + "\n";
    // Best effort: a read-only lock file still locks; the waiting message then has no pid.
    if (::ftruncate(fd, 0) == 0 && ::pwrite(fd, pid.data(), pid.size(), 0) < 0)
        return;
}

}  // namespace

void give_up_waiting_for_locks() {
    giving_up = true;
}

fs::path lock_path(const fs::path& out_dir) {
    return out_dir / ".mkcv" / ".lock";
}

std::string describe_lock_holder(const fs::path& out_dir, long holder) {
    return "another mkcv build in " + (out_dir / "").string() +
           (holder > 0 ? " (pid " + std::to_string(holder) + ")" : std::string());
}

OutputLock::OutputLock(OutputLock&& other) noexcept
    : fd_(other.fd_),
      status_(other.status_),
      holder_(other.holder_),
      problem_(std::move(other.problem_)) {
    other.fd_ = -1;
    other.status_ = Status::Unavailable;
}

OutputLock& OutputLock::operator=(OutputLock&& other) noexcept {
    if (this != &other) {
        release();
        fd_ = other.fd_;
        status_ = other.status_;
        holder_ = other.holder_;
        problem_ = std::move(other.problem_);
        other.fd_ = -1;
        other.status_ = Status::Unavailable;
    }
    return *this;
}

OutputLock::~OutputLock() {
    release();
}

void OutputLock::release() {
    if (fd_ >= 0) {
        if (status_ == Status::Held)
            (void)::ftruncate(fd_, 0);  // no stale pid for the next one to report
        ::close(fd_);                   // releases the flock
    }
    fd_ = -1;
}

OutputLock OutputLock::acquire(const fs::path& out_dir, bool wait, std::ostream& log) {
    OutputLock lock;
    const fs::path path = lock_path(out_dir);
    std::error_code ec;
    fs::create_directories(path.parent_path(), ec);
    if (ec) {
        lock.problem_ = "cannot create " + path.parent_path().string() + ": " + ec.message();
        return lock;
    }
    lock.fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (lock.fd_ < 0 && errno == EACCES)  // a folder we may read but not write: lock anyway
        lock.fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (lock.fd_ < 0) {
        lock.problem_ = "cannot open " + path.string() + ": " + std::strerror(errno);
        return lock;
    }
    bool said = false;
    for (;;) {
        if (::flock(lock.fd_, LOCK_EX | LOCK_NB) == 0) {
            lock.status_ = Status::Held;
            write_holder(lock.fd_);
            return lock;
        }
        if (errno != EWOULDBLOCK && errno != EINTR) {
            lock.problem_ = "cannot lock " + path.string() + ": " + std::strerror(errno);
            return lock;
        }
        lock.holder_ = read_holder(lock.fd_);
        if (!wait || giving_up) {
            lock.status_ = Status::Busy;
            return lock;
        }
        if (!said) {
            log << "mkcv: waiting for " << describe_lock_holder(out_dir, lock.holder_) << "…"
                << std::endl;
            said = true;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
}

}  // namespace mkcv
