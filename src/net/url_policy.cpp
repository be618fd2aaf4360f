#include "net/url_policy.h"

#include <memory>

#include "net/curl_library.h"

#include "util/ascii.h"

namespace mkcv::net {
namespace {

struct UrlDeleter {
    void operator()(CURLU* handle) const { curl().url_cleanup(handle); }
};
using UrlHandle = std::unique_ptr<CURLU, UrlDeleter>;

// A part of a parsed URL, or "" when it has none.
std::string part(CURLU* handle, CURLUPart which) {
    char* value = nullptr;
    if (curl().url_get(handle, which, &value, 0) != CURLUE_OK || value == nullptr)
        return "";
    std::string out = value;
    curl().free(value);
    return out;
}

UrlHandle parse(const std::string& url) {
    UrlHandle handle(curl().url());
    if (!handle || curl().url_set(handle.get(), CURLUPART_URL, url.c_str(), 0) != CURLUE_OK)
        return nullptr;
    return handle;
}

// Whether a query parameter's name says its value is a secret.
bool secret_name(std::string name) {
    name = ascii_lower(name);
    for (const char* word : {"key", "token", "secret", "password", "passwd", "signature", "auth"})
        if (name.find(word) != std::string::npos)
            return true;
    return false;
}

}  // namespace

UrlParts url_parts(const std::string& url) {
    UrlParts parts;
    // Control characters and spaces have no place in a URL; libcurl would refuse most, but
    // a message must never show a forged line either.
    for (const char c : url)
        if (static_cast<unsigned char>(c) <= 0x20 || c == 0x7f)
            return parts;
    const UrlHandle handle = parse(url);
    if (!handle)
        return parts;
    parts.scheme = ascii_lower(part(handle.get(), CURLUPART_SCHEME));
    parts.host = ascii_lower(part(handle.get(), CURLUPART_HOST));
    // file:///etc/passwd has no host, but is a URL all the same (and refused for its scheme).
    parts.valid = !parts.scheme.empty();
    return parts;
}

bool is_loopback_host(const std::string& host) {
    const std::string name = ascii_lower(host);
    return name == "127.0.0.1" || name == "[::1]" || name == "::1" || name == "localhost";
}

std::string fetch_url_problem(const std::string& url) {
    const UrlParts parts = url_parts(url);
    if (!parts.valid || ((parts.scheme == "https" || parts.scheme == "http") && parts.host.empty()))
        return "is not a URL mkcv can fetch";
    if (parts.scheme == "https")
        return "";
    if (parts.scheme == "http" && is_loopback_host(parts.host))
        return "";
    if (parts.scheme == "http")
        return "is not an https URL: mkcv fetches over HTTPS only (plain http only from this "
               "machine's loopback: 127.0.0.1, ::1, localhost)";
    return "is not an https URL: mkcv fetches over HTTPS only, never " + parts.scheme + "://";
}

std::string redirect_problem(const std::string& from, const std::string& to) {
    if (std::string why = fetch_url_problem(to); !why.empty())
        return why;
    const UrlParts before = url_parts(from);
    const UrlParts after = url_parts(to);
    if (before.scheme != after.scheme)
        return "changes the scheme from " + before.scheme + ":// to " + after.scheme +
               "://, which mkcv never follows";
    return "";
}

std::string url_for_messages(const std::string& url) {
    const UrlHandle handle = parse(url);
    if (!handle) {
        // Not a URL libcurl reads: its query may still hold a key.
        const std::string head = url.substr(0, url.find_first_of("?#"));
        return head.size() < url.size() ? head + "?…" : head;
    }
    curl().url_set(handle.get(), CURLUPART_USER, nullptr, 0);
    curl().url_set(handle.get(), CURLUPART_PASSWORD, nullptr, 0);
    curl().url_set(handle.get(), CURLUPART_FRAGMENT, nullptr, 0);
    const std::string query = part(handle.get(), CURLUPART_QUERY);
    if (!query.empty()) {
        std::string shown;
        std::size_t start = 0;
        while (start <= query.size()) {
            std::size_t end = query.find('&', start);
            if (end == std::string::npos)
                end = query.size();
            const std::string pair = query.substr(start, end - start);
            const std::size_t equals = pair.find('=');
            if (!shown.empty())
                shown += '&';
            if (equals != std::string::npos && secret_name(pair.substr(0, equals)))
                shown += pair.substr(0, equals + 1) + "…";
            else
                shown += pair;
            start = end + 1;
        }
        // The "…" is shown as it is, not percent-encoded: this string is only ever read.
        curl().url_set(handle.get(), CURLUPART_QUERY, nullptr, 0);
        return part(handle.get(), CURLUPART_URL) + "?" + shown;
    }
    return part(handle.get(), CURLUPART_URL);
}

}  // namespace mkcv::net
