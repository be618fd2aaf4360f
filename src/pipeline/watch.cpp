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

// The kernel's file events for the watched files' folders, and the stop signals.
class InotifyChanges : public ChangeSource {
  public:
    InotifyChanges() : fd_(::inotify_init1(IN_NONBLOCK | IN_CLOEXEC)) {}
    ~InotifyChanges() override {
        if (fd_ >= 0)
            ::close(fd_);
    }
    int fd() const { return fd_; }

    void follow(const fs::path& file) override {
        const fs::path dir = file.parent_path();
        for (const auto& [wd, watched] : dirs_)
            if (watched == dir)
                return;
        const int wd = ::inotify_add_watch(fd_, dir.c_str(), kChanges);
        if (wd >= 0)
            dirs_[wd] = dir;
    }

    // Waits for readable input or a stop request; false on stop or timeout.
    bool wait(std::chrono::milliseconds timeout) override {
        pollfd fds[2] = {{fd_, POLLIN, 0}, {stop_pipe[0], POLLIN, 0}};
        for (;;) {
            const int ready = ::poll(fds, 2, static_cast<int>(timeout.count()));
            if (ready < 0 && errno == EINTR) {
                if (stop_requested)
                    return false;
                continue;
            }
            return ready > 0 && !stop_requested && (fds[0].revents & POLLIN);
        }
    }

    std::vector<fs::path> drain() override {
        std::vector<fs::path> named;
        alignas(inotify_event) char buffer[16384];
        for (;;) {
            const ssize_t n = ::read(fd_, buffer, sizeof buffer);
            if (n <= 0)
                return named;
            for (ssize_t at = 0; at < n;) {
                const auto* event = reinterpret_cast<const inotify_event*>(buffer + at);
                at += static_cast<ssize_t>(sizeof(inotify_event) + event->len);
                const auto dir = dirs_.find(event->wd);
                if (dir != dirs_.end() && event->len != 0)
                    named.push_back(dir->second / event->name);
            }
        }
    }

    bool stopped() const override { return stop_requested; }

    std::optional<fs::file_time_type> modified(const fs::path& file) const override {
        std::error_code ec;
        const fs::file_time_type time = fs::last_write_time(file, ec);
        if (ec)
            return std::nullopt;
        return time;
    }

    fs::file_time_type now() const override { return fs::file_time_type::clock::now(); }

  private:
    int fd_;
    std::map<int, fs::path> dirs_;
};

}  // namespace

void watch_changes(const BuildAndList& build, const WatchOptions& options, ChangeSource& changes,
                   std::ostream& log) {
    // Every file any build named: a build that fails early still rebuilds when the file
    // that broke it is fixed.
    std::set<fs::path> followed;
    // A followed file written since `time`: a file first named by a build is followed only
    // after that build, so an edit made while it ran would otherwise go unseen.
    const auto written_since = [&](fs::file_time_type time) -> std::optional<fs::path> {
        for (const auto& file : followed)
            if (const auto modified = changes.modified(file); modified && *modified >= time)
                return file;
        return std::nullopt;
    };
    // The first followed file the pending events name, if any.
    const auto drain = [&]() -> std::optional<fs::path> {
        for (const fs::path& path : changes.drain())
            if (followed.count(path))
                return path;
        return std::nullopt;
    };
    // File times come from a coarse clock that can lag a little behind this one.
    const auto build_and_follow = [&] {
        const auto start = changes.now() - std::chrono::milliseconds(50);
        for (const auto& file : build()) {
            std::error_code ec;
            const fs::path absolute = fs::absolute(file, ec).lexically_normal();
            if (followed.insert(absolute).second)
                changes.follow(absolute);
        }
        return written_since(start);
    };
    std::optional<fs::path> changed = build_and_follow();
    while (!changes.stopped()) {
        log << options.command << ": watching " << followed.size()
            << " files for changes; Ctrl-C stops" << std::endl;
        while (!changed && !changes.stopped())
            if (changes.wait(std::chrono::milliseconds(-1)))
                changed = drain();
        if (changes.stopped())
            break;
        // Debounce: an editor's save is several events; build once they have settled.
        while (changes.wait(options.debounce))
            changes.drain();
        if (changes.stopped())
            break;
        log << options.command << ": " << changed->filename().string() << " changed, building"
            << std::endl;
        changed = build_and_follow();
    }
    log << options.command << ": stopped" << std::endl;
}

bool watch_and_rebuild(const BuildAndList& build, const WatchOptions& options, std::ostream& log) {
    InotifyChanges changes;
    if (changes.fd() < 0 || ::pipe2(stop_pipe, O_CLOEXEC | O_NONBLOCK) != 0) {
        log << options.command << ": error: cannot watch files: " << std::strerror(errno) << '\n';
        return false;
    }
    struct sigaction action {};
    action.sa_handler = on_stop_signal;
    sigemptyset(&action.sa_mask);
    ::sigaction(SIGINT, &action, nullptr);
    ::sigaction(SIGTERM, &action, nullptr);
    watch_changes(build, options, changes, log);
    ::close(stop_pipe[0]);
    ::close(stop_pipe[1]);
    return true;
}

}  // namespace mkcv
