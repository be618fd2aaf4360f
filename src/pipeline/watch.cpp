#include "pipeline/watch.h"

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <map>
#include <optional>
#include <ostream>
#include <set>

#include <fcntl.h>
#include <poll.h>
#include <sys/inotify.h>
#include <unistd.h>

#include "util/output_lock.h"

namespace fs = std::filesystem;

namespace mkcv {
namespace {

// The signal handler may only write to a pipe; poll() then wakes up on it.
int stop_pipe[2] = {-1, -1};
std::atomic<bool> stop_requested{false};

extern "C" void on_stop_signal(int) {
    stop_requested = true;
    give_up_waiting_for_locks();  // a build waiting for another's output folder stops too
    const char byte = 0;
    [[maybe_unused]] const ssize_t ignored = ::write(stop_pipe[1], &byte, 1);
}

// Editors save by writing in place, or by writing a new file and renaming it over the old
// one: watch the folders and pick out the names.
constexpr std::uint32_t kChanges =
    IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_ATTRIB;

class Watcher {
  public:
    Watcher() : fd_(::inotify_init1(IN_NONBLOCK | IN_CLOEXEC)) {}
    ~Watcher() {
        if (fd_ >= 0)
            ::close(fd_);
    }
    int fd() const { return fd_; }

    void add(const fs::path& file) {
        std::error_code ec;
        const fs::path absolute = fs::absolute(file, ec).lexically_normal();
        if (!files_.insert(absolute).second)
            return;
        const fs::path dir = absolute.parent_path();
        for (const auto& [wd, watched] : dirs_)
            if (watched == dir)
                return;
        const int wd = ::inotify_add_watch(fd_, dir.c_str(), kChanges);
        if (wd >= 0)
            dirs_[wd] = dir;
    }
    std::size_t file_count() const { return files_.size(); }

    // A watched file written since `time`: a file first named by a build is watched only
    // after that build, so an edit made while it ran would otherwise go unseen.
    std::optional<fs::path> written_since(fs::file_time_type time) const {
        for (const auto& file : files_) {
            std::error_code ec;
            if (fs::last_write_time(file, ec) >= time && !ec)
                return file;
        }
        return std::nullopt;
    }

    // Reads what is pending; returns the first watched file that changed, if any.
    std::optional<fs::path> drain() {
        std::optional<fs::path> changed;
        alignas(inotify_event) char buffer[16384];
        for (;;) {
            const ssize_t n = ::read(fd_, buffer, sizeof buffer);
            if (n <= 0)
                return changed;
            for (ssize_t at = 0; at < n;) {
                const auto* event = reinterpret_cast<const inotify_event*>(buffer + at);
                at += static_cast<ssize_t>(sizeof(inotify_event) + event->len);
                const auto dir = dirs_.find(event->wd);
                if (dir == dirs_.end() || event->len == 0)
                    continue;
                const fs::path path = dir->second / event->name;
                if (!changed && files_.count(path))
                    changed = path;
            }
        }
    }

  private:
    int fd_;
    std::map<int, fs::path> dirs_;
    std::set<fs::path> files_;
};

// Waits for readable input on `fd` or a stop request; false on stop or timeout.
bool wait_for(int fd, int timeout_ms) {
    pollfd fds[2] = {{fd, POLLIN, 0}, {stop_pipe[0], POLLIN, 0}};
    for (;;) {
        const int ready = ::poll(fds, 2, timeout_ms);
        if (ready < 0 && errno == EINTR) {
            if (stop_requested)
                return false;
            continue;
        }
        return ready > 0 && !stop_requested && (fds[0].revents & POLLIN);
    }
}

}  // namespace

bool watch_and_rebuild(const BuildAndList& build, const WatchOptions& options, std::ostream& log) {
    Watcher watcher;
    if (watcher.fd() < 0 || ::pipe2(stop_pipe, O_CLOEXEC | O_NONBLOCK) != 0) {
        log << options.command << ": error: cannot watch files: " << std::strerror(errno) << '\n';
        return false;
    }
    struct sigaction action {};
    action.sa_handler = on_stop_signal;
    sigemptyset(&action.sa_mask);
    ::sigaction(SIGINT, &action, nullptr);
    ::sigaction(SIGTERM, &action, nullptr);

    // File times come from a coarse clock that can lag a little behind this one.
    const auto build_and_watch = [&] {
        const auto start = fs::file_time_type::clock::now() - std::chrono::milliseconds(50);
        for (const auto& file : build())
            watcher.add(file);
        return watcher.written_since(start);
    };
    std::optional<fs::path> changed = build_and_watch();
    while (!stop_requested) {
        log << options.command << ": watching " << watcher.file_count()
            << " files for changes; Ctrl-C stops" << std::endl;
        while (!changed && !stop_requested)
            if (wait_for(watcher.fd(), -1))
                changed = watcher.drain();
        if (stop_requested)
            break;
        // Debounce: an editor's save is several events; build once they have settled.
        while (wait_for(watcher.fd(), static_cast<int>(options.debounce.count())))
            watcher.drain();
        if (stop_requested)
            break;
        log << options.command << ": " << changed->filename().string() << " changed, building"
            << std::endl;
        changed = build_and_watch();
    }
    log << options.command << ": stopped" << std::endl;
    ::close(stop_pipe[0]);
    ::close(stop_pipe[1]);
    return true;
}

}  // namespace mkcv
