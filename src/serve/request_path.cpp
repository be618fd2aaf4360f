#include "serve/request_path.h"

#include "util/ascii.h"

namespace mkcv {
namespace {

int hex_value(char c) {
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

// One segment's %XX escapes decoded; nothing when an escape is malformed.
std::optional<std::string> decoded(std::string_view raw) {
    std::string out;
    out.reserve(raw.size());
    for (std::size_t i = 0; i < raw.size(); ++i) {
        if (raw[i] != '%') {
            out += raw[i];
            continue;
        }
        const int high = i + 1 < raw.size() ? hex_value(raw[i + 1]) : -1;
        const int low = i + 2 < raw.size() ? hex_value(raw[i + 2]) : -1;
        if (high < 0 || low < 0)
            return std::nullopt;
        out += static_cast<char>(high * 16 + low);
        i += 2;
    }
    return out;
}

// A name a file in the served folder may have: not hidden, no separator, no control
// character. Bytes above 0x7f (UTF-8 names) are allowed.
bool allowed_name(const std::string& name) {
    if (name.empty() || name.front() == '.')
        return false;
    for (const char c : name) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte < 0x20 || byte == 0x7f || c == '/' || c == '\\' || c == '%')
            return false;
    }
    return true;
}

}  // namespace

std::optional<RequestPath> parse_request_path(std::string_view target) {
    if (target.size() > kMaxRequestTargetBytes || target.empty() || target.front() != '/')
        return std::nullopt;
    if (const std::size_t end = target.find_first_of("?#"); end != std::string_view::npos)
        target = target.substr(0, end);
    RequestPath path;
    std::string_view rest = target.substr(1);
    while (!rest.empty()) {
        const std::size_t slash = rest.find('/');
        const std::string_view raw = rest.substr(0, slash);
        std::optional<std::string> name = decoded(raw);
        if (!name || !allowed_name(*name) || path.segments.size() == kMaxRequestSegments)
            return std::nullopt;
        path.segments.push_back(std::move(*name));
        if (slash == std::string_view::npos)
            return path;
        rest = rest.substr(slash + 1);
    }
    path.folder = true;
    return path;
}

}  // namespace mkcv

namespace mkcv {

bool is_local_host(std::string_view host, int port) {
    const std::string name = ascii_lower(host);
    const std::string suffix = ":" + std::to_string(port);
    for (const char* local : {"127.0.0.1", "localhost"})
        if (name == local + suffix || (port == 80 && name == local))
            return true;
    return false;
}

}  // namespace mkcv
