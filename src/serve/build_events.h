// What the watch tells the pages: the state of the last build (the generation of the last
// good one, and the diagnostics of a failed one since), kept here for the event streams to
// read. A build only changes the state; the server's streams look at it from their own
// event loop, so a slow or vanished client never holds up a build or another client, and no
// queue of events grows: a stream that missed several builds sends the latest state.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace mkcv {

struct BuildState {
    std::uint64_t generation = 0;      // good builds so far; 0 before the first
    std::uint64_t version = 0;         // changes so far (builds good or failed, and closing)
    std::optional<std::string> error;  // a failed build's diagnostics, until a good one
    std::vector<std::string> outputs;  // the last good build's files, relative to the folder
    bool closed = false;               // the server is stopping: every stream ends
};

class BuildEvents {
  public:
    void build_succeeded(std::vector<std::string> outputs);
    void build_failed(std::string diagnostics_text);
    void close();  // wakes every stream for the last time

    BuildState current() const;

    // The state once its version is past `seen`, or closed; nothing after `timeout` (time
    // for a keep-alive comment).
    std::optional<BuildState> wait_past(std::uint64_t seen,
                                        std::chrono::milliseconds timeout) const;

    // Streams open at once are bounded (each holds a connection and a timer): false when full.
    bool open_stream();
    void close_stream();

  private:
    mutable std::mutex mutex_;
    mutable std::condition_variable changed_;
    BuildState state_;
    int streams_ = 0;
};

// Streams open at once, at most; more are refused (503), and the browser tries again.
inline constexpr int kMaxEventStreams = 32;

}  // namespace mkcv
