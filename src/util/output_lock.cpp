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
#include <sys/stat.h>
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
    return state_folder(out_dir) / ".lock";
}

std::string describe_lock_holder(const fs::path& out_dir, long holder) {
    return "another mkcv build in " + (out_dir / "").string() +
           (holder > 0 ? " (pid " + std::to_string(holder) + ")" : std::string());
}

OutputLock::OutputLock(OutputLock&& other) noexcept
    : fd_(other.fd_),
      status_(other.status_),
      holder_(other.holder_),
      problem_(std::move(other.problem_)),
      refused_(std::move(other.refused_)) {
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
        refused_ = std::move(other.refused_);
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
    const fs::path folder = state_folder(out_dir);
    const fs::path path = lock_path(out_dir);
    std::error_code ec;
    // The output folder is the user's (a link there is theirs to make); the state folder in
    // it and the lock are mkcv's, made here and never followed (util/state_folder.h).
    fs::create_directories(out_dir, ec);  // when that fails, the mkdir below says why
    if (::mkdir(folder.c_str(), 0755) != 0 && errno != EEXIST) {
        lock.problem_ = "cannot create " + folder.string() + ": " + std::strerror(errno);
        return lock;
    }
    const auto refuse = [&lock](const fs::path& where, const std::string& why) {
        lock.status_ = Status::Refused;
        lock.refused_ = {where, why};
        lock.problem_ = where.string() + " " + why;
        return std::move(lock);
    };
    struct stat info {};
    const int dir = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (dir < 0) {
        if (errno == ELOOP || errno == ENOTDIR)
            return refuse(folder, ::lstat(folder.c_str(), &info) == 0
                                      ? describe_file_type(info.st_mode) + ", not a folder"
                                      : "is not a folder");
        lock.problem_ = "cannot open " + folder.string() + ": " + std::strerror(errno);
        return lock;
    }
    // O_NOFOLLOW: a link in its place is refused, even one to nothing (O_CREAT would make
    // its target). O_NONBLOCK: a pipe in its place cannot make the open wait.
    constexpr int kFlags = O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC;
    lock.fd_ = ::openat(dir, ".lock", O_RDWR | O_CREAT | kFlags, 0644);
    if (lock.fd_ < 0 && errno == EACCES)  // a folder we may read but not write: lock anyway
        lock.fd_ = ::openat(dir, ".lock", O_RDONLY | kFlags);
    const int open_errno = errno;
    ::close(dir);
    if (lock.fd_ < 0) {
        if (open_errno == ELOOP)
            return refuse(path, "is a symbolic link");
        lock.problem_ = "cannot open " + path.string() + ": " + std::strerror(open_errno);
        return lock;
    }
    // Checked on the opened file: the pid is written into it, and it is emptied on release.
    if (::fstat(lock.fd_, &info) != 0 || !S_ISREG(info.st_mode))
        return refuse(path, describe_file_type(info.st_mode) + ", not a regular file");
    if (info.st_nlink > 1)
        return refuse(path, "has other hard links (the lock mkcv makes has one)");
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
