// The path of an HTTP request as names inside the served folder, or nothing. Read from the
// request target as the client sent it, before any decoding, so that no encoding can hide
// a separator or a `..`: each segment between slashes is decoded on its own, and a segment
// that decodes to a slash, a backslash, NUL or another control character, or begins with a
// dot (`.`, `..`, `.mkcv`, `.git`), refuses the whole path. Allow-listed, not cleaned up: a
// path is taken as it is or not at all.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mkcv {

// Longest request target and most segments taken: far above any file mkcv writes.
inline constexpr std::size_t kMaxRequestTargetBytes = 2048;
inline constexpr std::size_t kMaxRequestSegments = 16;

struct RequestPath {
    std::vector<std::string> segments;  // decoded names, none empty; empty for "/"
    bool folder = false;                // ended with "/" (or was "/")
};

// `target` is the request line's target ("/papers/a.bib?x=1"): an absolute path, its query
// and fragment ignored. Nothing when it is not one, or names anything refused above, or
// holds an empty segment ("//"), a malformed or overlong escape.
std::optional<RequestPath> parse_request_path(std::string_view target);

}  // namespace mkcv

namespace mkcv {

// Whether a request's Host header names this server as only a local client would:
// "127.0.0.1:PORT" or "localhost:PORT" (ASCII case ignored; without ":PORT" on port 80). A
// page from elsewhere that points its own name at 127.0.0.1 (DNS rebinding) sends its own
// name, and is refused.
bool is_local_host(std::string_view host, int port);

}  // namespace mkcv
