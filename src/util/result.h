// What a step that can fail returns: its value, or the Diagnostic that says why not. Shaped
// like std::expected<T, Diagnostic> (has_value, operator bool, value, error), which mkcv
// cannot use yet: the fuzz build's clang 14 does not provide <expected> with libstdc++ 12.
// [[nodiscard]] and -Werror=unused-result (CMakeLists.txt) make a dropped failure a compile
// error; a caller that may ignore one says why in a comment and calls ignore().
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <variant>

#include "util/diagnostics.h"

namespace mkcv {

// The failure a Result carries; made with fail() so `return fail(...)` reads as it does.
struct Failure {
    Diagnostic diagnostic;
};

inline Failure fail(Diagnostic diagnostic) {
    return {std::move(diagnostic)};
}

// An I/O error about `file` (code "io"): `message` is the whole sentence people read.
inline Failure io_failure(std::string file, std::string message) {
    return {{Severity::Error, std::move(file), {}, "io", std::move(message), ""}};
}

template <typename T = void>
class [[nodiscard]] Result {
  public:
    Result(T value) : state_(std::in_place_index<0>, std::move(value)) {}
    Result(Failure failure) : state_(std::in_place_index<1>, std::move(failure.diagnostic)) {}

    bool has_value() const { return state_.index() == 0; }
    explicit operator bool() const { return has_value(); }

    T& value() & { return std::get<0>(state_); }
    const T& value() const& { return std::get<0>(state_); }
    T&& value() && { return std::get<0>(std::move(state_)); }
    T& operator*() & { return value(); }
    const T& operator*() const& { return value(); }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }

    const Diagnostic& error() const { return std::get<1>(state_); }

  private:
    std::variant<T, Diagnostic> state_;
};

template <>
class [[nodiscard]] Result<void> {
  public:
    Result() = default;  // success
    Result(Failure failure) : error_(std::move(failure.diagnostic)) {}

    bool has_value() const { return !error_; }
    explicit operator bool() const { return has_value(); }
    const Diagnostic& error() const { return *error_; }

    // For the few callers whose failure costs only time (a cache that cannot be written):
    // dropping it is a decision, visible where it is made.
    void ignore() const {}

  private:
    std::optional<Diagnostic> error_;
};

}  // namespace mkcv
