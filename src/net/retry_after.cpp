#include "net/retry_after.h"

#include <cctype>

#include "net/curl_library.h"

namespace mkcv::net {

std::optional<std::chrono::seconds> parse_retry_after(const std::string& raw, std::time_t now) {
    std::size_t begin = 0;
    std::size_t end = raw.size();
    while (begin < end && (raw[begin] == ' ' || raw[begin] == '\t'))
        ++begin;
    while (end > begin && (raw[end - 1] == ' ' || raw[end - 1] == '\t'))
        --end;
    const std::string value = raw.substr(begin, end - begin);
    if (value.empty() || value.size() > 64)
        return std::nullopt;
    bool digits = true;
    for (const char c : value)
        digits = digits && std::isdigit(static_cast<unsigned char>(c));
    if (digits) {
        // Ten digits are 300 years: anything longer is no wait a person would sit through,
        // and must not overflow.
        if (value.size() > 10)
            return std::nullopt;
        return std::chrono::seconds(std::stoll(value));
    }
    // An HTTP date names its month in letters; curl_getdate alone would also take "12:00".
    bool letters = false;
    for (const char c : value)
        letters = letters || std::isalpha(static_cast<unsigned char>(c));
    if (!letters)
        return std::nullopt;
    const std::time_t when = curl().getdate(value.c_str(), nullptr);
    if (when == -1)
        return std::nullopt;
    if (when <= now)
        return std::chrono::seconds(0);
    return std::chrono::seconds(when - now);
}

}  // namespace mkcv::net
