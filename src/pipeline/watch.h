// mkcv watch: build, then build again whenever a file the outputs depend on changes
// (inotify, no extra dependency). Changes are debounced, so an editor's save (write,
// rename, touch) is one rebuild; a failed build keeps the last good PDF and the watch goes
// on; SIGINT (Ctrl-C) or SIGTERM ends it cleanly.
#pragma once

#include <chrono>
#include <filesystem>
#include <functional>
#include <iosfwd>
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
// watched (said on `log`).
bool watch_and_rebuild(const BuildAndList& build, const WatchOptions& options, std::ostream& log);

}  // namespace mkcv
