#include "serve/build_events.h"

namespace mkcv {

void BuildEvents::build_succeeded(std::vector<std::string> outputs) {
    {
        const std::lock_guard lock(mutex_);
        ++state_.generation;
        ++state_.version;
        state_.error.reset();
        state_.outputs = std::move(outputs);
    }
    changed_.notify_all();
}

void BuildEvents::build_failed(std::string diagnostics_text) {
    {
        const std::lock_guard lock(mutex_);
        ++state_.version;
        state_.error = std::move(diagnostics_text);
    }
    changed_.notify_all();
}

void BuildEvents::close() {
    {
        const std::lock_guard lock(mutex_);
        ++state_.version;
        state_.closed = true;
    }
    changed_.notify_all();
}

BuildState BuildEvents::current() const {
    const std::lock_guard lock(mutex_);
    return state_;
}

std::optional<BuildState> BuildEvents::wait_past(std::uint64_t seen,
                                                 std::chrono::milliseconds timeout) const {
    std::unique_lock lock(mutex_);
    if (!changed_.wait_for(lock, timeout, [&] { return state_.version != seen || state_.closed; }))
        return std::nullopt;
    return state_;
}

bool BuildEvents::open_stream() {
    const std::lock_guard lock(mutex_);
    if (streams_ >= kMaxEventStreams || state_.closed)
        return false;
    ++streams_;
    return true;
}

void BuildEvents::close_stream() {
    const std::lock_guard lock(mutex_);
    --streams_;
}

}  // namespace mkcv
