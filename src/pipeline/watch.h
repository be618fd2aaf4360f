// mkcv watch: build, then build again whenever a file the outputs depend on changes
// (inotify, no extra dependency). Changes are debounced, so an editor's save (write,
// rename, touch) is one rebuild; a failed build keeps the last good PDF and the watch goes
// on; SIGINT (Ctrl-C) or SIGTERM ends it cleanly.
#pragma once

#include <chrono>
#include <filesystem>
#include <functional>
#include <iosfwd>
#include <optional>
#include <vector>

namespace mkcv {

// Builds once and returns the files the outputs were made from (build_plan.h
// watched_files: cv.toml, its .bib files, template and locale files, pictures). The watch keeps
// every file any build named, so a build that fails early still rebuilds when the file that broke
// it is fixed.
using BuildAndList = std::function<std::vector<std::filesystem::path>()>;

struct WatchOptions {
    std::chrono::milliseconds debounce{200};  // quiet time after the last change
    const char* command = "mkcv watch";       // what the lines on `log` begin with
};

// Returns when SIGINT or SIGTERM stops it (true), or false at once when files cannot be
// watched (said on `log`). Runs watch_changes over the kernel's file events.
bool watch_and_rebuild(const BuildAndList& build, const WatchOptions& options, std::ostream& log);

// What the watch waits on, as ninja's DiskInterface stands between its builder and the disk:
// in mkcv the kernel's file events (inotify) and the stop signals; in unit tests a script
// (tests/unit/pipeline/watch_test.cpp), so each decision of the loop is tested without
// waiting for the kernel or a real clock.
class ChangeSource {
  public:
    virtual ~ChangeSource() = default;
    // Starts following changes to `file` (an absolute path): its folder's events.
    virtual void follow(const std::filesystem::path& file) = 0;
    // Waits up to `timeout` (negative: without end) for events; false on a timeout or a stop.
    virtual bool wait(std::chrono::milliseconds timeout) = 0;
    // Reads the pending events: every path they name, in order (followed or not).
    virtual std::vector<std::filesystem::path> drain() = 0;
    // SIGINT or SIGTERM came: the watch ends.
    virtual bool stopped() const = 0;
    // The file's modification time, none when it cannot be read; and the clock's now.
    virtual std::optional<std::filesystem::file_time_type> modified(
        const std::filesystem::path& file) const = 0;
    virtual std::filesystem::file_time_type now() const = 0;
};

// The watch's loop: builds, follows every file any build named, waits for a change to one
// of them, lets it settle for `options.debounce`, builds again; an edit made while a build
// ran (to a file that build first named) starts the next build at once. Returns when
// `changes` is stopped.
void watch_changes(const BuildAndList& build, const WatchOptions& options, ChangeSource& changes,
                   std::ostream& log);

}  // namespace mkcv
